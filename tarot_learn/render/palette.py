"""Colours of the card art, chosen from the Okabe-Ito colour-blind-safe set.

The blue is a shade deeper than Okabe-Ito's #0072B2 so that Cups and Pentacles also stay apart
for tritanopes, and Swords are dark steel so they differ in lightness from the green Pentacles
for deuteranopes (``tests/test_render.py`` simulates all three kinds of colour blindness).

Every suit also has its own pip shape (staff, chalice, sword, starred disc; spade, heart, diamond,
club), so colour is never the only cue.  ``ink`` is the darker shade used for text and outlines so
that small indices keep enough contrast on the ivory paper.

>>> SUIT_INKS[Suit.CUPS].fill
'#005FA3'
>>> suit_ink(Suit.DIAMONDS, four_colour=True).fill != suit_ink(Suit.HEARTS, four_colour=True).fill
True
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Suit

__all__ = ["Ink", "SUIT_INKS", "suit_ink", "PAPER", "EDGE", "HIGHLIGHT", "FELT", "TRUMP", "BACK"]


@dataclass(frozen=True, slots=True)
class Ink:
    """The colours one suit draws with: a main ``fill``, a dark ``ink`` for outlines and text, a
    pale ``light`` for panels and highlights."""

    fill: str
    ink: str
    light: str


PAPER = "#FBF7EC"        # warm ivory card stock
EDGE = "#4A4453"         # the thin line round every card
HIGHLIGHT = "#56B4E9"    # Okabe-Ito sky blue: selection and legal destinations
FELT = "#1F4D3C"         # board background
TEXT = "#2B2533"

SUIT_INKS: dict[Suit, Ink] = {
    Suit.WANDS: Ink("#E69F00", "#8A5300", "#F8DFA6"),      # Okabe-Ito orange
    Suit.CUPS: Ink("#005FA3", "#00447A", "#B9DBF0"),       # Okabe-Ito blue, a shade deeper
    Suit.SWORDS: Ink("#4A525C", "#1E2228", "#D5DAE1"),     # dark steel and black
    Suit.PENTACLES: Ink("#009E73", "#005E45", "#B3E2D2"),  # Okabe-Ito bluish green
    Suit.TRUMPS: Ink("#E2A72E", "#3A2466", "#F4E1A8"),     # gold on deep violet
    Suit.SPADES: Ink("#25232B", "#111014", "#D9D7DE"),
    Suit.HEARTS: Ink("#D55E00", "#A34400", "#F6D0B5"),     # Okabe-Ito vermillion
    Suit.DIAMONDS: Ink("#D55E00", "#A34400", "#F6D0B5"),
    Suit.CLUBS: Ink("#25232B", "#111014", "#D9D7DE"),
}
# The four-colour pack gives diamonds and clubs their own hues (blue and green, as in bridge
# software), which helps when red and black are hard to tell apart.
_FOUR_COLOUR = {
    Suit.DIAMONDS: Ink("#005FA3", "#00447A", "#B9DBF0"),
    Suit.CLUBS: Ink("#009E73", "#005E45", "#B3E2D2"),
}


def suit_ink(suit: Suit, four_colour: bool = False) -> Ink:
    """The colours of ``suit``; ``four_colour`` recolours diamonds (blue) and clubs (green)."""
    if four_colour and suit in _FOUR_COLOUR:
        return _FOUR_COLOUR[suit]
    return SUIT_INKS[suit]


@dataclass(frozen=True, slots=True)
class _Trump:
    panel: str = "#2E1D55"     # the night-violet window behind the emblem
    panel_edge: str = "#C99A2E"
    gold: str = "#E8B032"
    pale: str = "#F7E3A1"
    deep: str = "#1D1238"
    violet: str = "#5B3D96"
    text: str = "#3A2466"


@dataclass(frozen=True, slots=True)
class _Back:
    field: str = "#22305E"     # midnight blue
    line: str = "#C9A44C"      # antique gold
    dot: str = "#E9CF84"
    accent: str = "#8E2F4F"    # garnet


TRUMP = _Trump()
BACK = _Back()
