"""French Tarot card facts: points (FT-28), bouts, thresholds (FT-31), poignée sizes (FT-15).

Points are kept in **half points** so every sum is exact: a king is 9 half points (4.5), a plain
card 1 (0.5), and the whole pack 182 (91 points).

>>> from tarot_learn.cards import Card, tarot_deck
>>> card_points_half(Card.parse("KS")), card_points(Card.parse("KS"))
(9, 4.5)
>>> sum(card_points_half(c) for c in tarot_deck())
182
>>> [str(c) for c in BOUTS], threshold(2)
(['T0', 'T1', 'T21'], 41)
"""

from __future__ import annotations

from typing import Iterable

from ...cards import Card, Suit
from ...errors import CardError, OptionError

__all__ = [
    "BOUTS",
    "PETIT",
    "EXCUSE",
    "TWENTY_ONE",
    "TOTAL_HALF_POINTS",
    "THRESHOLDS",
    "POIGNEE_SIZES",
    "POIGNEE_BONUS",
    "POIGNEE_NAMES",
    "HAND_SIZES",
    "DOG_SIZES",
    "card_points_half",
    "card_points",
    "is_bout",
    "count_bouts",
    "points_half",
    "threshold",
    "poignee_category",
    "format_points",
    "french_name",
]

EXCUSE = Card(Suit.TRUMPS, 0)
PETIT = Card(Suit.TRUMPS, 1)
TWENTY_ONE = Card(Suit.TRUMPS, 21)
BOUTS: tuple[Card, ...] = (EXCUSE, PETIT, TWENTY_ONE)
TOTAL_HALF_POINTS = 182

# FT-31: points the attack needs, by the number of bouts among its cards.
THRESHOLDS: dict[int, int] = {0: 56, 1: 51, 2: 41, 3: 36}

# FT-15: trumps to show for a simple, double and triple poignée, by number of players.
POIGNEE_SIZES: dict[int, tuple[int, int, int]] = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}
POIGNEE_NAMES: tuple[str, str, str] = ("simple", "double", "triple")
POIGNEE_BONUS: dict[str, int] = {"simple": 20, "double": 30, "triple": 40}  # FT-37

# FT-3: cards in each hand and in the dog.
HAND_SIZES: dict[int, int] = {3: 24, 4: 18, 5: 15}
DOG_SIZES: dict[int, int] = {3: 6, 4: 6, 5: 3}

# Half points of court cards by tarot rank (Page 11 = jack, Knight 12 = cavalier, 13, 14).
_COURT_HALF = {11: 3, 12: 5, 13: 7, 14: 9}


def _check_tarot(card: Card) -> None:
    if not isinstance(card, Card) or card.pack != "tarot":
        raise CardError(f"{card!r} is not a card of the tarot pack")


def is_bout(card: Card) -> bool:
    """True for the three bouts (oudlers): the Excuse, the Petit and the 21.

    >>> is_bout(Card.parse("T21")), is_bout(Card.parse("T20")), is_bout(Card.parse("T0"))
    (True, False, True)
    """
    _check_tarot(card)
    return card.is_trump and card.rank in (0, 1, 21)


def card_points_half(card: Card) -> int:
    """Points of one card in half points (FT-28): bout or king 9, queen 7, cavalier 5, jack 3,
    any other card 1.

    >>> [card_points_half(Card.parse(t)) for t in ("T1", "QC", "NP", "PW", "10S", "T7")]
    [9, 7, 5, 3, 1, 1]
    """
    _check_tarot(card)
    if card.is_trump:
        return 9 if card.rank in (0, 1, 21) else 1
    return _COURT_HALF.get(card.rank, 1)


def card_points(card: Card) -> float:
    """Points of one card as players say them (4.5, 3.5, 2.5, 1.5, 0.5).

    >>> card_points(Card.parse("NC"))
    2.5
    """
    return card_points_half(card) / 2


def points_half(cards: Iterable[Card]) -> int:
    """Total half points of some cards.

    >>> from tarot_learn.cards import parse_cards
    >>> points_half(parse_cards("KS T21 3C"))
    19
    """
    return sum(card_points_half(c) for c in cards)


def count_bouts(cards: Iterable[Card]) -> int:
    """How many bouts are among ``cards``.

    >>> from tarot_learn.cards import parse_cards
    >>> count_bouts(parse_cards("T0 T1 T2 KS"))
    2
    """
    return sum(1 for c in cards if is_bout(c))


def threshold(bouts: int) -> int:
    """Points the attack needs with ``bouts`` bouts (FT-31).

    >>> [threshold(b) for b in range(4)]
    [56, 51, 41, 36]
    >>> threshold(4)
    Traceback (most recent call last):
    ...
    tarot_learn.errors.OptionError: bouts must be 0, 1, 2 or 3 (there are three bouts in the pack), not 4
    """
    if isinstance(bouts, bool) or not isinstance(bouts, int) or bouts not in THRESHOLDS:
        raise OptionError(f"bouts must be 0, 1, 2 or 3 (there are three bouts in the pack), not {bouts!r}")
    return THRESHOLDS[bouts]


def poignee_category(trumps: int, players: int = 4) -> str:
    """The poignée a number of shown trumps makes (FT-15): ``'simple'``, ``'double'`` or
    ``'triple'``.  More trumps than a size but fewer than the next still make that size (the surplus
    is kept hidden when playing).

    >>> poignee_category(10), poignee_category(12), poignee_category(15, players=3)
    ('simple', 'simple', 'double')
    >>> poignee_category(9)
    Traceback (most recent call last):
    ...
    tarot_learn.errors.OptionError: a poignée needs at least 10 trumps with 4 players (sizes 10/13/15), not 9
    """
    if players not in POIGNEE_SIZES:
        raise OptionError(f"players must be 3, 4 or 5, not {players!r}")
    sizes = POIGNEE_SIZES[players]
    limit = min(22, HAND_SIZES[players])
    if isinstance(trumps, bool) or not isinstance(trumps, int):
        raise OptionError(f"a poignée is a number of trumps (an integer), not {trumps!r}")
    shown = "/".join(map(str, sizes))
    if trumps < sizes[0]:
        raise OptionError(f"a poignée needs at least {sizes[0]} trumps with {players} players "
                          f"(sizes {shown}), not {trumps}")
    if trumps > limit:
        raise OptionError(f"a hand of {HAND_SIZES[players]} cards cannot show {trumps} trumps "
                          f"(at most {limit} with {players} players)")
    category = POIGNEE_NAMES[0]
    for name, size in zip(POIGNEE_NAMES, sizes):
        if trumps >= size:
            category = name
    return category


def format_points(half: int) -> str:
    """Half points written as players write them: ``83`` -> ``'41.5'``, ``82`` -> ``'41'``.

    >>> format_points(83), format_points(82), format_points(-3)
    ('41.5', '41', '-1.5')
    """
    whole, rest = divmod(abs(half), 2)
    sign = "-" if half < 0 else ""
    return f"{sign}{whole}.5" if rest else f"{sign}{whole}"


def french_name(card: Card, language: str = "en") -> str:
    """The name French Tarot players give a card, in English (default) or French.

    >>> french_name(Card.parse("NC")), french_name(Card.parse("NC"), "fr")
    ('Cavalier of Hearts', 'Cavalier de Cœur')
    """
    _check_tarot(card)
    if language == "fr":
        return card.french_name_fr
    if language == "en":
        return card.french_name
    raise OptionError(f"language must be 'en' or 'fr', not {language!r}")
