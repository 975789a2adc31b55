"""The class's card pictures for the shared tables' pages: one PNG a card, drawn by the same path as
``TarotTable``'s pictures (the deck's ``card_png`` and ``back_png``).

The deck is the teacher's scans when the class folder holds a ``deck/`` folder (see
:func:`tarot_learn.decks.load_deck`), else the default art.  A picture's address names the deck's
version and the card, ``/tarot/cards/<version>/<card>.png``, so a browser keeps it for good and a
new deck gets new addresses.  Only face-up cards are asked for by name: a page draws every
face-down card with the one ``back.png``, so no address ever names a hidden card.
"""

from __future__ import annotations

import hashlib
import weakref
from typing import Any

from tornado import web

from tarot_learn.cards import Card, tarot_deck
from tarot_learn.classroom.server.base import ClassHandler
from tarot_learn.decks import as_deck
from tarot_learn.errors import TarotLearnError

__all__ = ["ROUTES", "HEIGHT", "ClassDeck", "deck_of", "art_url"]

HEIGHT = 240                     # pixels: sharp at the page's largest card (120 CSS px) on a 2x screen
_CODES = frozenset(str(c) for c in tarot_deck()) | {"back"}


class ClassDeck:
    """The deck a class's tables are drawn with, its version, and each card's PNG (made once)."""

    def __init__(self, class_dir: Any) -> None:
        folder = class_dir / "deck"
        try:
            self.deck = as_deck(folder if folder.is_dir() else None, "tarot")
        except TarotLearnError:          # an unreadable folder: the tables still play, with the default art
            self.deck = as_deck(None, "tarot")
        self.version = hashlib.sha256(f"{self.deck.id}:{HEIGHT}".encode()).hexdigest()[:12]
        self._png: dict[str, bytes] = {}

    def png(self, code: str) -> bytes:
        """The picture of ``code`` (a card's notation, or ``back``)."""
        got = self._png.get(code)
        if got is None:
            got = self.deck.back_png(HEIGHT) if code == "back" else self.deck.card_png(
                Card.parse(code), HEIGHT, show_value=False)
            self._png[code] = got
        return got


_DECKS: "weakref.WeakKeyDictionary[Any, ClassDeck]" = weakref.WeakKeyDictionary()


def deck_of(classroom: Any) -> ClassDeck:
    """The one :class:`ClassDeck` of ``classroom`` (read from its class folder once)."""
    got = _DECKS.get(classroom)
    if got is None:
        got = _DECKS[classroom] = ClassDeck(classroom.class_dir)
    return got


def art_url(handler: ClassHandler) -> str:
    """The address a page adds ``<card>.png`` to: the class's deck at its present version."""
    return f"{handler.base_url}tarot/cards/{deck_of(handler.classroom).version}/"


class CardImage(ClassHandler):
    """``GET /tarot/cards/<version>/<card>.png``: one picture, kept by the browser for a year."""

    @web.authenticated
    def get(self, version: str, code: str) -> None:
        deck = deck_of(self.classroom)
        if version != deck.version or code not in _CODES:     # a refusal stays no-store (the handlers' default)
            raise web.HTTPError(404, "no such card picture")
        self.set_header("Cache-Control", "private, max-age=31536000, immutable")
        self.set_header("Content-Type", "image/png")
        self.finish(deck.png(code))


ROUTES: list[tuple[str, type]] = [("/tarot/cards/([0-9a-f]{12})/([0-9A-Z]{2,3}|back)\\.png", CardImage)]
