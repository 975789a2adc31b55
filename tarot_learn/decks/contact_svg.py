"""A deck's contact sheet as SVG, for where Pillow is absent (the static site): the layout of
:meth:`Deck.contact_sheet <tarot_learn.decks.deck.Deck.contact_sheet>`, each card's own picture
(the shipped default art or the learner's scan), captions in the same font family.

>>> from tarot_learn.decks import default_deck
>>> pic = contact_sheet_svg(default_deck(), 70)
>>> pic.size, pic.to_svg().count("<image ")
((828, 690), 79)
"""

from __future__ import annotations

from typing import Any

from ..cards import TAROT, Card, Suit
from ..render.images import card_size, check_height
from ..render.svg import SvgPicture

__all__ = ["contact_sheet_svg", "sheet_rows"]


def sheet_rows(deck: Any) -> tuple[list[list[Card]], list[str]]:
    """The rows of a contact sheet (suits, trumps in two rows) and their labels."""
    cards = deck.cards
    if deck.pack == TAROT:
        suits = (Suit.WANDS, Suit.CUPS, Suit.SWORDS, Suit.PENTACLES)
        trumps = [c for c in cards if c.is_trump]
        return ([[c for c in cards if c.suit is s] for s in suits] + [trumps[:11], trumps[11:]],
                [s.title for s in suits] + ["Trumps 0-10", "Trumps 11-21"])
    suits = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
    return [[c for c in cards if c.suit is s] for s in suits], [s.title for s in suits]


def contact_sheet_svg(deck: Any, height: int = 110) -> SvgPicture:
    """Every card of ``deck`` at ``height`` px in suit rows with the back, as an SVG picture."""
    height = check_height(height)
    rows, labels = sheet_rows(deck)
    w, h = card_size(height)
    gap, cap, gutter, head = 6, max(12, height // 8), 150, 64
    pic = SvgPicture(gutter + 14 * (w + gap) + 20, head + (len(rows) + 1) * (h + cap + gap) + 10,
                     background="#ECE6D8")
    own = len(deck.own_cards)
    pic.text(16, 12, deck.name, 22, "#2B2533", bold=True, anchor="lt")
    note = (f"{own} of {len(deck.cards)} cards from own scans, {len(deck.missing)} default, "
            f"{len(deck.problems)} file(s) refused" if not deck.is_default else "the default art")
    pic.text(16, 40, note, 14, "#6A6172", anchor="lt")
    y = head
    for label, row in zip(labels + ["Back"], rows + [[None]]):
        pic.text(16, y + h // 2, label, 15, "#2B2533", bold=True, anchor="lm")
        x = gutter
        for c in row:
            _cell(pic, deck, c, x, y, w, h, max(9, cap - 3))
            x += w + gap
        y += h + cap + gap
    return pic


def _cell(pic: SvgPicture, deck: Any, card: Card | None, x: int, y: int, w: int, h: int, small: int) -> None:
    if card is None:
        pic.image("back", deck.back_png(h), x, y, w, h)
        text, colour = ("own back" if not deck.is_default and deck.back_file else "default"), "#2B2533"
    else:
        pic.image(str(card), deck.card_png(card, h), x, y, w, h)
        if deck.has_own(card):
            text, colour = str(card), "#2B2533"
        else:
            text, colour = ("default" if not deck.is_default else str(card)), "#A34400"
    pic.text(x + w // 2, y + h + 1, text, small, colour, anchor="mt")
