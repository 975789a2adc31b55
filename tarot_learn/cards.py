"""Cards and packs: the 78-card tarot pack, the 52-card pack and American Toad's double pack.

Notation (see ``docs/architecture.md``, "Card notation"):

* tarot suits ``W`` Wands, ``C`` Cups, ``S`` Swords, ``P`` Pentacles; ranks ``A 2..10 P N Q K``
  (Page, kNight, Queen, King); trumps ``T0`` (the Fool) .. ``T21`` (the World);
* standard suits ``S H D C``; ranks ``A 2..10 J Q K``.

The letters overlap between the packs (``KS`` is the King of Swords *and* the King of Spades), so
parsing takes the pack; the tarot pack is the default because this is a tarot package.  The second
copy of a card in a double pack is written with a trailing ``'`` (``7H'``).

>>> Card.parse("T19").name
'The Sun (XIX)'
>>> str(Card.parse("NC")), Card.parse("NC").name
('NC', 'Knight of Cups')
>>> Card.parse("10H", pack="standard").name
'Ten of Hearts'
>>> len(tarot_deck()), len(standard_deck()), len(double_deck())
(78, 52, 104)
"""

from __future__ import annotations

from .errors import CardError

from dataclasses import dataclass
from enum import IntEnum
from typing import Any, Iterable

__all__ = [
    "Suit",
    "Card",
    "CardError",
    "TAROT",
    "STANDARD",
    "PACKS",
    "TRUMP_NAMES",
    "tarot_deck",
    "standard_deck",
    "double_deck",
    "roman",
    "parse_cards",
]

TAROT = "tarot"
STANDARD = "standard"
PACKS = (TAROT, STANDARD)


class Suit(IntEnum):
    """The suits of both packs; ``TRUMPS`` is the tarot's fifth suit (the major arcana)."""

    WANDS = 0
    CUPS = 1
    SWORDS = 2
    PENTACLES = 3
    TRUMPS = 4
    SPADES = 5
    HEARTS = 6
    DIAMONDS = 7
    CLUBS = 8

    @property
    def letter(self) -> str:
        return _SUIT_LETTER[self]

    @property
    def pack(self) -> str:
        return TAROT if self <= Suit.TRUMPS else STANDARD

    @property
    def title(self) -> str:
        """English name: ``Suit.CUPS.title == 'Cups'``."""
        return self.name.capitalize()


_SUIT_LETTER = {
    Suit.WANDS: "W", Suit.CUPS: "C", Suit.SWORDS: "S", Suit.PENTACLES: "P", Suit.TRUMPS: "T",
    Suit.SPADES: "S", Suit.HEARTS: "H", Suit.DIAMONDS: "D", Suit.CLUBS: "C",
}
_LETTER_SUIT = {
    TAROT: {"W": Suit.WANDS, "C": Suit.CUPS, "S": Suit.SWORDS, "P": Suit.PENTACLES},
    STANDARD: {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS},
}
TAROT_SUITS = (Suit.WANDS, Suit.CUPS, Suit.SWORDS, Suit.PENTACLES)
STANDARD_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

# Rank letters; numbers 2..10 are written as digits.
_TAROT_RANK_LETTER = {1: "A", 11: "P", 12: "N", 13: "Q", 14: "K"}
_STANDARD_RANK_LETTER = {1: "A", 11: "J", 12: "Q", 13: "K"}
_TAROT_RANK_NAME = {1: "Ace", 11: "Page", 12: "Knight", 13: "Queen", 14: "King"}
_STANDARD_RANK_NAME = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}
_NUMBER_WORD = {2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight",
                9: "Nine", 10: "Ten"}

TRUMP_NAMES = (
    "The Fool", "The Magician", "The High Priestess", "The Empress", "The Emperor",
    "The Hierophant", "The Lovers", "The Chariot", "Strength", "The Hermit", "Wheel of Fortune",
    "Justice", "The Hanged Man", "Death", "Temperance", "The Devil", "The Tower", "The Star",
    "The Moon", "The Sun", "Judgement", "The World",
)

# French Tarot names the same 78 cards in French suits (docs/architecture.md): Spades = Swords,
# Hearts = Cups, Diamonds = Pentacles, Clubs = Wands; Jack = Page, Cavalier = Knight.
_FRENCH_SUIT = {Suit.SWORDS: "Spades", Suit.CUPS: "Hearts", Suit.PENTACLES: "Diamonds",
                Suit.WANDS: "Clubs"}
_FRENCH_SUIT_FR = {Suit.SWORDS: "Pique", Suit.CUPS: "Cœur", Suit.PENTACLES: "Carreau",
                   Suit.WANDS: "Trèfle"}
_FRENCH_RANK = {1: "Ace", 11: "Jack", 12: "Cavalier", 13: "Queen", 14: "King"}
_FRENCH_RANK_FR = {1: "As", 11: "Valet", 12: "Cavalier", 13: "Dame", 14: "Roi"}


def roman(n: int) -> str:
    """Roman numeral of a trump number; 0 (the Fool) is written ``0``.

    >>> roman(19), roman(4), roman(0)
    ('XIX', 'IV', '0')
    """
    if n == 0:
        return "0"
    out = []
    for value, numeral in ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out.append(numeral)
            n -= value
    return "".join(out)


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One physical card.  Frozen, ordered (by suit, then rank), hashable.

    ``rank`` is 1..14 in a tarot suit (Ace 1 .. 10, Page 11, Knight 12, Queen 13, King 14),
    1..13 in a standard suit (Jack 11, Queen 12, King 13) and 0..21 for trumps.  ``copy`` tells
    the two identical cards of a double pack apart (0 or 1).

    >>> Card(Suit.TRUMPS, 13) == Card.parse("T13")
    True
    >>> Card.parse("ZZ")
    Traceback (most recent call last):
    ...
    tarot_learn.errors.CardError: 'ZZ' is not a tarot card: write a rank A 2-10 P N Q K
        then a suit W C S P (e.g. 'NC'), or T0-T21 for a trump
    """

    suit: Suit
    rank: int
    copy: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.suit, Suit):
            raise CardError(f"suit must be a Suit, not {self.suit!r}")
        top = 21 if self.suit is Suit.TRUMPS else (14 if self.suit.pack == TAROT else 13)
        low = 0 if self.suit is Suit.TRUMPS else 1
        if not isinstance(self.rank, int) or not low <= self.rank <= top:
            raise CardError(f"rank {self.rank!r} is not in {low}..{top} for {self.suit.title}")
        if self.copy not in (0, 1):
            raise CardError(f"copy must be 0 or 1, not {self.copy!r}")

    # ----- identity -------------------------------------------------------------------------
    @property
    def pack(self) -> str:
        """``'tarot'`` or ``'standard'``."""
        return self.suit.pack

    @property
    def is_trump(self) -> bool:
        """True for the 22 major arcana, the Fool included."""
        return self.suit is Suit.TRUMPS

    @property
    def is_fool(self) -> bool:
        return self.suit is Suit.TRUMPS and self.rank == 0

    @property
    def is_court(self) -> bool:
        return not self.is_trump and self.rank > 10

    @property
    def index(self) -> int:
        """A small dense number: 0..77 in the tarot pack, 0..51 (+52 for a second copy) otherwise."""
        if self.suit.pack == TAROT:
            return 56 + self.rank if self.is_trump else self.suit * 14 + self.rank - 1
        return self.copy * 52 + (self.suit - Suit.SPADES) * 13 + self.rank - 1

    # ----- groups and colours ----------------------------------------------------------------
    @property
    def group(self) -> str | None:
        """Tarot Solitaire's suit group: ``'PC'`` (Pentacles and Cups) or ``'SW'`` (Swords and
        Wands); ``None`` for trumps, which belong to neither.

        >>> Card.parse("3P").group, Card.parse("KW").group, Card.parse("T5").group
        ('PC', 'SW', None)
        """
        if self.suit in (Suit.PENTACLES, Suit.CUPS):
            return "PC"
        if self.suit in (Suit.SWORDS, Suit.WANDS):
            return "SW"
        return None

    @property
    def color(self) -> str | None:
        """Standard pack colour, ``'red'`` or ``'black'``; ``None`` for tarot cards."""
        if self.suit in (Suit.HEARTS, Suit.DIAMONDS):
            return "red"
        if self.suit in (Suit.SPADES, Suit.CLUBS):
            return "black"
        return None

    # ----- text ------------------------------------------------------------------------------
    def __str__(self) -> str:
        if self.is_trump:
            return f"T{self.rank}"
        letters = _TAROT_RANK_LETTER if self.pack == TAROT else _STANDARD_RANK_LETTER
        text = letters.get(self.rank, str(self.rank)) + self.suit.letter
        return text + "'" if self.copy else text

    def __repr__(self) -> str:
        pack = "" if self.pack == TAROT else ", pack='standard'"
        return f"Card.parse({str(self)!r}{pack})"

    @property
    def rank_name(self) -> str:
        """``'Knight'``, ``'Ten'``, ``'Ace'``; for a trump its number in Roman numerals."""
        if self.is_trump:
            return roman(self.rank)
        names = _TAROT_RANK_NAME if self.pack == TAROT else _STANDARD_RANK_NAME
        return names.get(self.rank) or _NUMBER_WORD[self.rank]

    @property
    def title(self) -> str:
        """The bare name: ``'The Sun'``, ``'Knight of Cups'``."""
        if self.is_trump:
            return TRUMP_NAMES[self.rank]
        return f"{self.rank_name} of {self.suit.title}"

    @property
    def name(self) -> str:
        """A learner's name: trumps carry their number, ``'The Sun (XIX)'``, ``'The Fool (0)'``."""
        if self.is_trump:
            return f"{TRUMP_NAMES[self.rank]} ({roman(self.rank)})"
        return self.title

    @property
    def french_name(self) -> str:
        """The name French Tarot players use, in English: ``'Cavalier of Hearts'``, ``'the Petit'``.

        >>> Card.parse("NC").french_name, Card.parse("T0").french_name, Card.parse("T21").french_name
        ('Cavalier of Hearts', 'the Excuse', 'trump 21')
        """
        if self.is_trump:
            return {0: "the Excuse", 1: "the Petit"}.get(self.rank, f"trump {self.rank}")
        rank = _FRENCH_RANK.get(self.rank) or str(self.rank)
        return f"{rank} of {_FRENCH_SUIT[self.suit]}"

    @property
    def french_name_fr(self) -> str:
        """The same name in French: ``'Cavalier de Cœur'``, ``"l'Excuse"``, ``'21 d’atout'``."""
        if self.is_trump:
            return {0: "l'Excuse", 1: "le Petit"}.get(self.rank, f"{self.rank} d’atout")
        rank = _FRENCH_RANK_FR.get(self.rank) or str(self.rank)
        return f"{rank} de {_FRENCH_SUIT_FR[self.suit]}"

    # ----- display -----------------------------------------------------------------------------
    def _repr_png_(self) -> bytes:
        # Lazy import, python-chess style: the cards module itself never needs Pillow.
        from .render import card_png

        return card_png(self)

    def _repr_html_(self) -> str:
        # The same picture with the card's name as its alternative text.
        from .render import picture_html

        return picture_html(self._repr_png_(), f"{self.name} ({self})")

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, str]:
        # Both pictures from one PNG, as the notebook stores them (shown in the static site too).
        from .render import picture_bundle

        return picture_bundle(self._repr_png_(), f"{self.name} ({self})")

    # ----- parsing -----------------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str, pack: str = TAROT) -> "Card":
        """Read a card from its notation; ``pack`` is ``'tarot'`` (default) or ``'standard'``.

        Case and surrounding spaces are forgiven (``'t19'``, ``' nc '``); anything else that names
        no card raises :class:`CardError` with what to write instead.

        >>> Card.parse("t21").name, Card.parse("QS", pack="standard").name
        ('The World (XXI)', 'Queen of Spades')
        """
        try:
            return _PARSE[pack][text.strip().upper()]
        except KeyError:
            pass
        except AttributeError:
            raise CardError(f"a card is written as text, not {type(text).__name__}") from None
        if pack not in _PARSE:
            raise CardError(f"unknown pack {pack!r}: choose 'tarot' or 'standard'")
        if pack == TAROT:
            hint = ("write a rank A 2-10 P N Q K then a suit W C S P (e.g. 'NC'), "
                    "or T0-T21 for a trump")
        else:
            hint = "write a rank A 2-10 J Q K then a suit S H D C (e.g. '10H'), with ' for a second copy"
        raise CardError(f"{text!r} is not a {pack} card: {hint}")


def parse_cards(text: str | Iterable[str], pack: str = TAROT) -> list[Card]:
    """Parse space- or comma-separated cards.

    >>> parse_cards("AW, 2W T0")
    [Card.parse('AW'), Card.parse('2W'), Card.parse('T0')]
    """
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [Card.parse(item, pack) for item in items]


def tarot_deck() -> list[Card]:
    """The 78 cards in pack order: Wands, Cups, Swords, Pentacles (Ace..King), then T0..T21."""
    return list(_TAROT)


def standard_deck() -> list[Card]:
    """The 52-card pack: Spades, Hearts, Diamonds, Clubs, Ace..King."""
    return list(_STANDARD)


def double_deck() -> list[Card]:
    """Two 52-card packs; the second pack's cards have ``copy=1`` and print with a ``'``."""
    return list(_STANDARD) + list(_STANDARD2)


_TAROT = tuple(
    [Card(s, r) for s in TAROT_SUITS for r in range(1, 15)] + [Card(Suit.TRUMPS, r) for r in range(22)]
)
_STANDARD = tuple(Card(s, r) for s in STANDARD_SUITS for r in range(1, 14))
_STANDARD2 = tuple(Card(s, r, 1) for s in STANDARD_SUITS for r in range(1, 14))
_PARSE: dict[str, dict[str, Card]] = {
    TAROT: {str(c): c for c in _TAROT},
    STANDARD: {str(c): c for c in _STANDARD + _STANDARD2},
}
