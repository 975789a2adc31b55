"""Numerology of Tarot Solitaire: digit sums and the value each card plays as.

Rule sheet: ``seeds/tarot_solitaire.md`` (TS-2 order of suit cards, TS-3 order of trumps, TS-4 tens,
TS-5 digit sums, TS-8 the Fool).

* Suit cards play as their rank: Ace 1 .. 10, Page 11, Knight 12, Queen 13, King 14.
* Trumps 1..10 play as their number; trumps 11..21 as the sum of their digits, so Justice (11)
  plays as 2 and the Sun (19) as 10.
* Every card that plays as 10 (the suit 10s, Wheel of Fortune X and the Sun XIX) may sit on a Page
  as a 10 or on any 2 as an Ace; only a 9 may then be built on it.
* The Fool (0) has no value: it is wild.

>>> from tarot_learn.cards import Card
>>> [playing_value(Card.parse(t)) for t in ("T11", "T13", "T19", "T20", "T21")]
[2, 4, 10, 2, 3]
>>> is_ten(Card.parse("T19")), is_ten(Card.parse("T10")), is_ten(Card.parse("T1"))
(True, True, False)
"""

from __future__ import annotations

from .errors import OptionError
from .cards import TAROT, Card, CardError, Suit, tarot_deck

__all__ = [
    "digit_sum",
    "playing_value",
    "is_ten",
    "fits_on",
    "arithmetic",
    "explain",
    "values_table",
]


def digit_sum(n: int) -> int:
    """Sum of the decimal digits of ``n`` (one pass, as the rule says: 19 -> 10, not 1).

    >>> digit_sum(19), digit_sum(21), digit_sum(7)
    (10, 3, 7)
    """
    if n < 0:
        raise OptionError(f"digit_sum takes a whole number >= 0, not {n!r}")
    return sum(int(d) for d in str(n))


def _check(card: Card) -> None:
    if card.pack != TAROT:
        raise CardError(f"{card} is not a tarot card: numerology applies to the 78-card pack")


def playing_value(card: Card) -> int | None:
    """The number a card plays as in Tarot Solitaire's columns; ``None`` for the wild Fool.

    >>> playing_value(Card.parse("KS")), playing_value(Card.parse("PW")), playing_value(Card.parse("T0"))
    (14, 11, None)
    """
    try:
        return _VALUES[card]
    except KeyError:
        _check(card)
        raise


def _compute_value(card: Card) -> int | None:
    if card.is_fool:
        return None
    if card.is_trump:
        return card.rank if card.rank <= 10 else digit_sum(card.rank)
    return card.rank


def is_ten(card: Card) -> bool:
    """True for every card that plays as 10: the suit 10s, Wheel of Fortune (X) and the Sun (XIX)."""
    return playing_value(card) == 10


def fits_on(card: Card, target: Card) -> bool:
    """Whether ``card`` may be built on ``target`` by value alone (TS-2..TS-5; suit groups and the
    Fool's wildness are the game's business, see :mod:`tarot_learn.games.tarot_solitaire`).

    A card goes on one whose value is one higher; a card that plays as 10 also goes on any 2
    (as an Ace).

    >>> fits_on(Card.parse("T19"), Card.parse("2C")), fits_on(Card.parse("9W"), Card.parse("10C"))
    (True, True)
    >>> fits_on(Card.parse("T21"), Card.parse("T13")), fits_on(Card.parse("AW"), Card.parse("T19"))
    (True, False)
    """
    v, t = playing_value(card), playing_value(target)
    if v is None or t is None:
        return False
    return v == t - 1 or (v == 10 and t == 2)


def arithmetic(card: Card) -> str:
    """The sum a learner does for a trump: ``'1+3 = 4'`` for Death; ``''`` when there is none.

    >>> arithmetic(Card.parse("T13")), arithmetic(Card.parse("T7"))
    ('1+3 = 4', '')
    """
    _check(card)
    if card.is_trump and card.rank > 10:
        return "+".join(str(card.rank)) + f" = {digit_sum(card.rank)}"
    return ""


def explain(card: Card) -> str:
    """One sentence on how ``card`` plays in Tarot Solitaire, for a learner.

    >>> explain(Card.parse("T19"))
    'The Sun (XIX) is trump 19; its digits add up to 1+9 = 10, so it plays as a 10:
        on a Page as a 10, or on any 2 as an Ace, and only a 9 may follow it (TS-4, TS-5).'
    >>> explain(Card.parse("NC"))
    'Knight of Cups plays as 12 (Ace 1 .. 10, Page 11, Knight 12, Queen 13, King 14);
        Cups are in the Pentacles-and-Cups group, so it builds on Swords, Wands or trumps (TS-2, TS-6).'
    """
    _check(card)
    name = card.name
    if card.is_fool:
        return (f"{name} is wild: it may be placed on any card and any card may be placed on it, "
                "and it may fill an empty column (TS-8, TS-11).")
    value = playing_value(card)
    assert value is not None
    if card.is_trump:
        if card.rank > 10:
            head = (f"{name} is trump {card.rank}; its digits add up to {arithmetic(card)}, "
                    f"so it plays as {_article(value)}")
            rules = "TS-5"
        else:
            head = f"{name} is trump {card.rank} and plays as {_article(value)}"
            rules = "TS-3"
        if value == 10:
            return (f"{head}: on a Page as a 10, or on any 2 as an Ace, and only a 9 may follow it "
                    f"(TS-4, {rules}).")
        return f"{head}; as a trump it may go on any suit and any suit may go on it ({rules}, TS-7)."
    group = ("Pentacles-and-Cups" if card.group == "PC" else "Swords-and-Wands")
    others = ("Swords, Wands" if card.group == "PC" else "Pentacles, Cups")
    scale = "Ace 1 .. 10, Page 11, Knight 12, Queen 13, King 14"
    tail = (f"{card.suit.title} are in the {group} group, so it builds on {others} or trumps "
            "(TS-2, TS-6).")
    if value == 10:
        return (f"{name} plays as 10: on a Page as a 10, or on any 2 as an Ace, and only a 9 may "
                f"follow it (TS-4); {tail}")
    return f"{name} plays as {value} ({scale}); {tail}"


def _article(value: int) -> str:
    return f"an {value}" if value in (8, 11, 18) else f"a {value}"


def values_table() -> list[tuple[Card, int | None, str]]:
    """Every trump with its playing value and the sum behind it, for lessons.

    >>> [(str(c), v, s) for c, v, s in values_table()][19]
    ('T19', 10, '1+9 = 10')
    """
    return [(c, playing_value(c), arithmetic(c)) for c in tarot_deck() if c.suit is Suit.TRUMPS]


_VALUES: dict[Card, int | None] = {c: _compute_value(c) for c in tarot_deck()}
