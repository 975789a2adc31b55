"""The class server's Jupyter Server extension: the ``/tarot/...`` pages and Voila's page route.

It takes the :class:`~.classroom.Classroom` the class server holds under the settings key
:data:`~.classroom.CLASSROOM` (or opens one on the default class folder when another Jupyter Server
loads it), starts the class's clock and adds every route.  A failure is recorded on the classroom,
so the launcher stops at start with its error: a class never opens half-built.
"""

from __future__ import annotations

from typing import Any

from jupyter_server.utils import url_path_join

from tarot_learn.classroom.server import card_images, challenge_web, dashboard_web, live, tables_web
from tarot_learn.classroom.server.base import StaticFiles
from tarot_learn.classroom.server.classroom import CLASSROOM, Classroom
from tarot_learn.classroom.server.pages import LandingHandler, RulesHandler, voila_page_rule

__all__ = ["ROUTES", "rules"]

# The class's pages, in order of precedence (the first pattern that matches a URL wins).
ROUTES: list[tuple[str, type]] = [
    ("/tarot/", LandingHandler),
    ("/tarot/rules/([A-Z]{2})", RulesHandler),
    ("/tarot/static/(.*)", StaticFiles),
    *tables_web.ROUTES,
    *card_images.ROUTES,
    *challenge_web.ROUTES,
    *dashboard_web.ROUTES,
    *live.ROUTES,
]


def rules(serverapp: Any) -> list[tuple[str, type, dict]]:
    """Every route of the class, joined to the server's base URL, Voila's page first."""
    pattern, handler, kwargs = voila_page_rule(serverapp)
    return [(url_path_join(serverapp.base_url, pattern), handler, kwargs),
            *((url_path_join(serverapp.base_url, p), h, {}) for p, h in ROUTES)]


def _jupyter_server_extension_points() -> list[dict]:
    return [{"module": "tarot_learn.classroom.server.extension"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    settings = serverapp.web_app.settings
    classroom = settings.get(CLASSROOM)
    try:
        if classroom is None:
            classroom = settings[CLASSROOM] = Classroom()
        serverapp.web_app.add_handlers(".*$", rules(serverapp))
        classroom.start_clock()
        dashboard_web.start_filing(serverapp)
    except Exception as err:  # Jupyter only logs an extension's failure: record it for the launcher
        if classroom is not None:
            classroom.load_error = f"{type(err).__name__}: {err}"
        raise
    classroom.load_error = None
