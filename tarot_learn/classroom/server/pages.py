"""The class's own pages: the landing page (lessons, tables, the current challenge), the rule
sheets rendered from :mod:`tarot_learn.rules` (the server never hands out the raw sheet files),
and Voila's page with the ``_xsrf`` cookie its closing request needs.

Every page here is behind the class password (Jupyter's token or its login cookie).
"""

from __future__ import annotations

import time
from pathlib import Path, PurePosixPath
from typing import Any

from tornado import web
from voila.tornado.handler import TornadoVoilaHandler

from tarot_learn import rules
from tarot_learn.classroom.server import classroot
from tarot_learn.classroom.server.base import ClassHandler
from tarot_learn.classroom.server.identity import is_teacher
from tarot_learn.classroom.server.quota import page_owner

__all__ = ["LandingHandler", "RulesHandler", "VoilaPageHandler", "voila_page_rule", "SHEET_NAMES", "TEACHER_PAGES"]

SHEET_NAMES = {"TS": "Tarot Solitaire", "KL": "Klondike", "AT": "American Toad", "FT": "French Tarot"}
STYLES = ("pages.css",)
# The teacher's notebook pages: a presenter's ticket can be read off the projector, so it opens
# only in the teacher's browser (it may step through a challenge's winning line).
TEACHER_PAGES = frozenset({"presenter.ipynb"})


class LandingHandler(ClassHandler):
    """``/tarot/``: the lessons, the tables and the current challenge."""

    @web.authenticated
    def get(self) -> None:
        pages = Path(self.settings["server_root_dir"])
        current = self.classroom.book.current()
        self.page("landing.html", "Card tables and lessons", STYLES,
                  challenge=current.describe(time.time()) if current else None,
                  tables_page=classroot.TABLES_PAGE,
                  lessons=[(name, classroot.title_of(pages / name)) for name in classroot.lessons(pages)],
                  sheets=list(SHEET_NAMES.items()))


class RulesHandler(ClassHandler):
    """``/tarot/rules/TS``: one rule sheet, each rule with its id as an anchor (``#TS-5``)."""

    @web.authenticated
    def get(self, prefix: str) -> None:
        if prefix not in SHEET_NAMES:
            raise web.HTTPError(404, "no such rule sheet")
        self.page("rules.html", f"{SHEET_NAMES[prefix]}: the rules", STYLES,
                  rules=[(i, rules.title(i), rules.text(i)) for i in rules.ids(prefix)])


class VoilaPageHandler(TornadoVoilaHandler):
    """Voila's page, plus the ``_xsrf`` cookie its closing request (``navigator.sendBeacon`` to
    ``voila/api/shutdown/<kernel>``) carries: without it Jupyter refuses the request (403) and a
    closed tab keeps its kernel until the culler finds it."""

    @web.authenticated
    async def get(self, path: str | None = None) -> None:
        self.xsrf_token  # reading it sets the cookie
        if PurePosixPath(path or "").name in TEACHER_PAGES and not is_teacher(self):
            raise web.HTTPError(403, "this page opens from the teacher's page, with the teacher's password")
        with page_owner(self) as admitted:
            if admitted:
                await super().get(path=path)


def voila_page_rule(serverapp: Any) -> tuple[str, type, dict]:
    """The route of Voila's pages, served by :class:`VoilaPageHandler` (the class extension loads
    before Voila's, so this rule is matched first)."""
    return ("/voila/render/(.*)", VoilaPageHandler,
            {"config": serverapp.config, "template_paths": serverapp.template_paths,
             "voila_configuration": serverapp.voila_configuration})
