"""The class server's Jupyter Server extension: the ``/tarot/...`` pages of every feature module.

Each module named in :data:`FEATURES` exposes ``handlers(serverapp) -> list[(pattern, Handler,
kwargs)]`` with patterns under ``/tarot/``; the extension joins them to the server's base URL.  A
feature module that cannot be imported, or whose ``handlers`` fails or returns a pattern outside
``/tarot/``, stops the server at start with its error: a class never opens half-built.

A feature module may also expose ``landing_links(serverapp) -> list[(title, path, note)]``: entries
for the landing page's Tables list (path under the base URL, e.g. ``"tarot/tables"``).  The landing
page shows the current challenge through ``tarot_learn.classroom.challenge.current_challenge(serverapp)``
(a one-line description, or None) when that module exists.

To add a feature, write its module and add its name to :data:`FEATURES`.
"""

from __future__ import annotations

import importlib
from typing import Any

from jupyter_server.utils import url_path_join

__all__ = ["FEATURES", "collect", "LOAD_ERROR"]

# The pages of the class, in order of precedence (the first pattern that matches a URL wins).
FEATURES: tuple[str, ...] = (
    "tarot_learn.classroom.pages",
    "tarot_learn.classroom.tables_web",
    "tarot_learn.classroom.challenge_web",
)

# Where a failed load is recorded in the tornado settings: the launcher reads it and stops.
LOAD_ERROR = "tarot_learn_classroom_error"


def collect(serverapp: Any, features: tuple[str, ...] = FEATURES) -> list[tuple]:
    """Every feature module's handlers, patterns joined to ``serverapp.base_url``."""
    rules = []
    for name in features:
        module = importlib.import_module(name)
        for rule in module.handlers(serverapp):
            pattern, handler, kwargs = rule
            if not pattern.startswith("/tarot/"):
                raise RuntimeError(f"{name}: the pattern {pattern!r} is not under /tarot/")
            rules.append((url_path_join(serverapp.base_url, pattern), handler, kwargs))
    return rules


def _jupyter_server_extension_points() -> list[dict]:
    return [{"module": "tarot_learn.classroom.extension"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    from tarot_learn.classroom.pages import FEATURES_SETTING, voila_page_rule

    settings = serverapp.web_app.settings
    settings[FEATURES_SETTING] = FEATURES
    try:
        pattern, handler, kwargs = voila_page_rule(serverapp)
        page = (url_path_join(serverapp.base_url, pattern), handler, kwargs)
        serverapp.web_app.add_handlers(".*$", [page, *collect(serverapp)])
    except Exception as err:  # Jupyter only logs an extension's failure: record it for the launcher
        settings[LOAD_ERROR] = f"{type(err).__name__}: {err}"
        raise
    settings[LOAD_ERROR] = None
