"""The class's own pages: the landing page (lessons, tables, the current challenge) and the rule
sheets, rendered from :mod:`tarot_learn.rules` (the server never hands out the raw sheet files).

Every page here is behind the class password (Jupyter's token or its login cookie).
"""

from __future__ import annotations

import html
import importlib
import importlib.util
import logging
from pathlib import Path
from typing import Any, Callable

from jupyter_server.base.handlers import JupyterHandler
from tornado import web

from voila.tornado.handler import TornadoVoilaHandler

from tarot_learn import rules
from tarot_learn.classroom import classroot

__all__ = ["handlers", "feature_links", "LandingHandler", "RulesHandler", "VoilaPageHandler", "voila_page_rule", "page",
           "current_challenge_reader"]

log = logging.getLogger(__name__)

SHEET_NAMES = {"TS": "Tarot Solitaire", "KL": "Klondike", "AT": "American Toad", "FT": "French Tarot"}
CHALLENGE_MODULE = "tarot_learn.classroom.challenge"
FEATURES_SETTING = "tarot_learn_features"  # set by the extension: the feature modules' names

STYLE = """
body { font: 17px/1.5 system-ui, sans-serif; margin: 0; color: #1b1b1b; background: #f6f3ec; }
header, main { max-width: 52rem; margin: 0 auto; padding: 0 1rem; }
h1 { font-size: 1.8rem; margin: 1.2rem 0 .2rem; } h2 { font-size: 1.3rem; margin-top: 1.6rem; }
a { color: #0b4f8a; } a:focus { outline: 3px solid #c05600; outline-offset: 2px; }
ul.cards { list-style: none; padding: 0; display: grid; gap: .5rem;
           grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); }
ul.cards li { background: #fff; border: 1px solid #b9b0a0; border-radius: 6px; padding: .6rem .8rem; }
.note { color: #444; } dt { font-weight: 600; margin-top: .8rem; }
"""


def page(title: str, body: str) -> str:
    """A whole accessible HTML page (language, title, landmarks) around ``body``."""
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{html.escape(title)}</title><style>{STYLE}</style></head>"
            f"<body><header><h1>{html.escape(title)}</h1></header><main>{body}</main></body></html>")


def current_challenge_reader(serverapp: Any) -> Callable[[], Any]:
    """The challenge module's ``current_challenge(serverapp)`` when that module is installed.

    It returns a one-line description of the class's current challenge, or None when there is none.
    """
    if importlib.util.find_spec(CHALLENGE_MODULE) is None:
        return lambda: None
    module = importlib.import_module(CHALLENGE_MODULE)
    reader = getattr(module, "current_challenge", None)
    if reader is None:
        log.error("%s has no current_challenge(serverapp): the landing page says 'no challenge yet'",
                  CHALLENGE_MODULE)
        return lambda: None
    return lambda: reader(serverapp)


class LandingHandler(JupyterHandler):
    """``/tarot/``: the lessons, the tables and the current challenge."""

    def initialize(self, pages: Path, challenge: Callable[[], Any], links: list[tuple[str, str, str]]) -> None:
        self.pages = pages
        self.challenge = challenge
        self.links = links

    @web.authenticated
    def get(self) -> None:
        self.xsrf_token  # sets the _xsrf cookie that a Voila page's closing request must carry
        self.set_header("Cache-Control", "no-store")
        self.finish(page("Card tables and lessons", self._body()))

    def _link(self, path: str) -> str:
        return html.escape(self.base_url + path, quote=True)

    def _body(self) -> str:
        tables = self._link("voila/render/" + classroot.TABLES_PAGE)
        lessons = "".join(
            f'<li><a href="{self._link("voila/render/" + name)}">{html.escape(classroot.title_of(self.pages / name))}'
            f"</a></li>" for name in classroot.lessons(self.pages))
        sheets = "".join(f'<li><a href="{self._link("tarot/rules/" + p)}">{html.escape(n)}</a></li>'
                         for p, n in SHEET_NAMES.items())
        summary = self.challenge()
        challenge = (f'<p><a href="{self._link("tarot/challenge")}">{html.escape(str(summary))}</a></p>'
                     if summary else '<p class="note">No challenge yet: your teacher will start one.</p>')
        more = "".join(f'<li><a href="{self._link(path)}">{html.escape(title)}</a><br>'
                       f'<span class="note">{html.escape(note)}</span></li>' for title, path, note in self.links)
        return (f'<section aria-labelledby="h-challenge"><h2 id="h-challenge">Class challenge</h2>{challenge}</section>'
                f'<section aria-labelledby="h-tables"><h2 id="h-tables">Tables</h2><ul class="cards">'
                f'<li><a href="{tables}">Patience tables</a><br><span class="note">Tarot Solitaire, Klondike, '
                f'American Toad</span></li>'
                f'<li><a href="{tables}">French Tarot table</a><br><span class="note">you against three '
                f"computer players (the French Tarot tab)</span></li>{more}</ul></section>"
                f'<section aria-labelledby="h-lessons"><h2 id="h-lessons">Lessons</h2>'
                f'<ol class="cards">{lessons}</ol></section>'
                f'<section aria-labelledby="h-rules"><h2 id="h-rules">Rule sheets</h2>'
                f'<ul class="cards">{sheets}</ul></section>')


class RulesHandler(JupyterHandler):
    """``/tarot/rules/TS``: one rule sheet, each rule with its id as an anchor (``#TS-5``)."""

    @web.authenticated
    def get(self, prefix: str) -> None:
        if prefix not in SHEET_NAMES:
            raise web.HTTPError(404, "no such rule sheet")
        items = "".join(f'<dt id="{i}">{html.escape(rules.title(i))}</dt><dd>{html.escape(rules.text(i))}</dd>'
                        for i in rules.ids(prefix))
        back = html.escape(self.base_url + "tarot/", quote=True)
        self.finish(page(f"{SHEET_NAMES[prefix]}: the rules",
                         f'<p><a href="{back}">Back to the tables and lessons</a></p><dl>{items}</dl>'))


class VoilaPageHandler(TornadoVoilaHandler):
    """Voila's page, plus the ``_xsrf`` cookie its closing request (``navigator.sendBeacon`` to
    ``voila/api/shutdown/<kernel>``) carries: without it Jupyter refuses the request (403) and a
    closed tab keeps its kernel until the culler finds it."""

    @web.authenticated
    async def get(self, path: str | None = None) -> None:
        self.xsrf_token  # reading it sets the cookie
        await super().get(path=path)


def voila_page_rule(serverapp: Any) -> tuple[str, type, dict]:
    """The route of Voila's pages, served by :class:`VoilaPageHandler` (the class extension loads
    before Voila's, so this rule is matched first)."""
    return ("/voila/render/(.*)", VoilaPageHandler,
            {"config": serverapp.config, "template_paths": serverapp.template_paths,
             "voila_configuration": serverapp.voila_configuration})


def feature_links(serverapp: Any) -> list[tuple[str, str, str]]:
    """The landing page's extra entries: every feature module's ``landing_links(serverapp)``, a list
    of ``(title, path under the base URL, one-line note)``, e.g. ``("Shared tables", "tarot/tables",
    "play French Tarot with classmates")``."""
    links = []
    for name in serverapp.web_app.settings.get(FEATURES_SETTING, ()):
        reader = getattr(importlib.import_module(name), "landing_links", None)
        if reader is not None:
            links += [(str(t), str(p).lstrip("/"), str(n)) for t, p, n in reader(serverapp)]
    return links


def handlers(serverapp: Any) -> list[tuple[str, type, dict]]:
    """The landing page and the rule sheets."""
    pages = Path(serverapp.root_dir)
    return [
        ("/tarot/", LandingHandler, {"pages": pages, "challenge": current_challenge_reader(serverapp),
                                     "links": feature_links(serverapp)}),
        ("/tarot/rules/([A-Z]{2})", RulesHandler, {}),
    ]
