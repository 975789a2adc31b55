"""The presenter on the class server (``notebooks/presenter.ipynb`` in Voila): the teacher's page
opens it with a ticket (:mod:`.model.presentations`), and its kernel shows what the ticket names on a
projector-sized :class:`~tarot_learn.widgets.presenter.Presenter`: a student's game (its result code,
proved by replay), a challenge's solver line, or a lesson position with the solver's line from it.

The ticket comes in the page's address (``?ticket=...``), which Voila hands the kernel as
``QUERY_STRING``; without a valid ticket the page shows nothing but how to open it.  The page, as
any presenter, receives each position as the class may see it (face-down cards as counts).
"""

from __future__ import annotations

import html
import os
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as W

from tarot_learn import games
from tarot_learn.classroom.model import presentations
from tarot_learn.classroom.model.challenge import ChallengeBook, open_book
from tarot_learn.errors import OptionError, TarotLearnError
from tarot_learn.lessons.strategy import DECISIONS, position
from tarot_learn.widgets.presenter import Presenter

__all__ = ["presenter_page", "presenter_source", "NO_TICKET"]

NO_TICKET = ("This presenter opens from the teacher's challenge page (Present buttons), which gives it "
             "what to show; opened by itself it shows nothing.")


def presenter_source(what: dict[str, Any]) -> tuple[Any, list[str] | None]:
    """The presenter's ``source`` and ``moves`` for a ticket's choice."""
    if "code" in what:
        return str(what["code"]), None
    if "deal" in what:
        return games.from_code(str(what["deal"])), [str(m) for m in what.get("moves", [])]
    index = what.get("position")
    if isinstance(index, int) and 0 <= index < len(DECISIONS):
        return position(DECISIONS[index]), None
    raise OptionError("this presenter's ticket names nothing it can show: open it again from the teacher's page")


def _note(text: str) -> W.HTML:
    return W.HTML(f'<p class="tl-presenter-note" style="font-size:1.4rem">{html.escape(text)}</p>')


def presenter_page(query: str | None = None, book: ChallengeBook | None = None) -> W.Widget:
    """The page: a heading and the presenter, or one line saying why there is nothing to show."""
    query = os.environ.get("QUERY_STRING", "") if query is None else query
    ticket = parse_qs(query or "").get("ticket", [""])[0][:64]
    book = book if book is not None else open_book()
    if book is None:
        return _note("The presenter's page works on the class server (tarot-learn classroom). In JupyterLab, "
                     "use tarot_learn.widgets.Presenter directly.")
    what = presentations.read(book.store, ticket) if ticket else None
    if what is None:
        return _note(NO_TICKET if not ticket else "This presenter's link is unknown or too old: open it again "
                     "from the teacher's challenge page.")
    try:
        shown = Presenter(*presenter_source(what))
    except TarotLearnError as err:
        return _note(f"Nothing to present: {err}.")
    return W.VBox([W.HTML(f"<h2>{html.escape(str(what.get('title', 'Presenter')))}</h2>"), shown])
