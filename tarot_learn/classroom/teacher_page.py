"""The teacher's challenge page and its login page (HTML; the page's script is in challenge_pages/).

The script only shows what the server sends and posts the teacher's form; every check (game,
options, deal, time limit) happens on the server.  The options offered for each game come from
the game's own option list, so a new option appears here without a change to this page.
"""

from __future__ import annotations

import html
import json
from pathlib import Path

from tarot_learn import games
from tarot_learn.classroom.challenge import MAX_MINUTES, patience_games

__all__ = ["login_page", "teacher_page", "game_choices"]

_PAGES = Path(__file__).resolve().parent / "challenge_pages"


def _static(name: str) -> str:
    return (_PAGES / name).read_text(encoding="utf-8")


def game_choices() -> dict[str, dict]:
    """Each challenge game's title and options (name, choices, default, help) for the form."""
    return {name: {"title": games.get(name).title,
                   "options": [{"name": o.name, "choices": [str(c) for c in o.choices], "default": str(o.default),
                                "help": o.help} for o in games.options(name)]}
            for name in patience_games()}


def _page(title: str, base_url: str, body: str, script: str = "") -> str:
    base = html.escape(base_url, quote=True)
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1"><title>{html.escape(title)}</title>'
            f"<style>{_static('teacher.css')}</style></head><body data-base=\"{base}\"><header>"
            f"<h1>{html.escape(title)}</h1><p><a href=\"{base}tarot/\">Back to the tables and lessons</a></p>"
            f"</header><main>{body}</main>{script}</body></html>")


def login_page(base_url: str, xsrf_form: str, message: str) -> str:
    """The teacher's password form (``message``: why the last try failed, or empty)."""
    note = f'<p class="error" role="alert">{html.escape(message)}</p>' if message else ""
    action = html.escape(base_url + "tarot/challenge/teacher/login", quote=True)
    body = (f'{note}<form method="post" action="{action}">{xsrf_form}'
            '<label for="password">Teacher password</label> '
            '<input id="password" name="password" type="password" autocomplete="current-password" required> '
            '<button type="submit">Open the teacher page</button></form>'
            '<p class="note">The teacher password was printed when the class server started.</p>')
    return _page("Class challenge: teacher", base_url, body)


def teacher_page(base_url: str) -> str:
    """The teacher's page: the new challenge form, the current challenge, the live leaderboard."""
    data = html.escape(json.dumps({"games": game_choices(), "max_minutes": MAX_MINUTES}), quote=True)
    body = _static("teacher.html").replace("{{DATA}}", data)
    return _page("Class challenge: teacher", base_url, body, f"<script>{_static('teacher.js')}</script>")
