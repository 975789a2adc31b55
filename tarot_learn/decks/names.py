"""Which card a scan's file name (or a manifest key) names.  Standard library only.

A name is read case-insensitively after turning the separators ``-``, ``_``, ``.``, ``,`` and
spaces into one space; the extension is not part of it.  Accepted, in this order:

1. the card notation, alone or followed by anything: ``T19``, ``t19_the_sun``, ``NC``, ``10C``,
   ``pp-page``; with ``pack="standard"``: ``10H``, ``KS``, ``qd``.  If the words after the notation
   name a *different* card, the file is refused rather than guessed;
2. a readable English name: ``knight_of_cups``, ``knight cups``, ``cups-knight``, ``10-cups``,
   ``ten of cups``, ``ace_of_wands``; trumps as ``the_sun``, ``sun``, ``19_the_sun``,
   ``xix-the-sun``, ``the sun 19``, ``trump_19``, ``major 19``, or a Roman numeral alone (``xix``).
   A leading number above 21 is read as the card's place in a numbered set of scans and ignored
   (``57_the_sun``); a number from 0 to 21 before a trump's name must be that trump's number,
   except that Strength and Justice may carry each other's number (8 and 11 are swapped in
   Marseille-pattern decks);
3. the file names of the widely shared public-domain Rider-Waite scans: ``ar00`` .. ``ar21`` for
   trumps, ``wa``/``cu``/``sw``/``pe`` followed by ``01`` .. ``10``, ``pa``, ``kn``, ``qu`` or
   ``ki`` for suit cards (``cu12`` is also the Knight of Cups);
4. ``back`` (also ``backs``, ``card back``, ``reverse``) is the back of the cards.

Words accepted for ranks: ``ace``/``a``/``1``/``one``, ``2``..``10`` or ``two``..``ten`` (leading
zeros allowed), ``page``/``knave``/``jack``/``valet``, ``knight``/``cavalier``, ``queen``/``dame``,
``king``/``roi``; in the standard pack ``jack``/``knave``, ``queen``, ``king``.  Suits (singular or
plural): ``wands``, ``rods``, ``staves``, ``staffs``, ``batons``; ``cups``, ``chalices``; ``swords``;
``pentacles``, ``coins``, ``disks``, ``discs``; the French tarot suits (``bâtons``, ``coupes``,
``épées``, ``deniers``); and the names French Tarot gives the same suits, in English and French
(``clubs``/``trèfle`` = Wands, ``hearts``/``cœur`` = Cups, ``spades``/``pique`` = Swords,
``diamonds``/``carreau`` = Pentacles, see ``ARCHITECTURE.md``).  ``of`` may be ``de``
(``roi de coupes``).  The standard pack takes ``spades``, ``hearts``, ``diamonds``, ``clubs``.

Trump names (``the`` optional): fool (excuse), magician (juggler), high priestess (priestess,
popess, papess), empress, emperor, hierophant (pope), lovers, chariot, strength (fortitude,
force), hermit, wheel of fortune (wheel, fortune), justice, hanged man (hanged one, hanged), death,
temperance, devil, tower, star, moon, sun, judgement (judgment), world (universe).

A bare number (``19``) is refused as ambiguous: write ``T19`` or ``19_the_sun``.

>>> card_for_name("t19_the_sun"), card_for_name("Knight of Cups"), card_for_name("10-cups")
(Card.parse('T19'), Card.parse('NC'), Card.parse('10C'))
>>> card_for_name("XIX"), card_for_name("ar19"), card_for_name("cukn"), card_for_name("back")
(Card.parse('T19'), Card.parse('T19'), Card.parse('NC'), 'back')
>>> card_for_name("queen-of-hearts", pack="standard"), card_for_name("notes") is None
(Card.parse('QH', pack='standard'), True)
>>> card_for_name("t19_the_moon")
Traceback (most recent call last):
...
tarot_learn.errors.CardError: 'T19' and 'the moon' name different cards (The Sun (XIX), The Moon (XVIII)): \
rename the file
"""

from __future__ import annotations

import re

from ..cards import STANDARD, TAROT, Card, Suit, roman
from ..errors import CardError, OptionError

__all__ = ["card_for_name", "normalise", "BACK"]

BACK = "back"

_SEPARATORS = re.compile(r"[\s\-_.,]+")

_TRUMP_WORDS: dict[str, int] = {}
for _rank, _names in enumerate((
    ("fool", "excuse"), ("magician", "juggler"),
    ("high priestess", "priestess", "popess", "papess"), ("empress",), ("emperor",),
    ("hierophant", "pope"), ("lovers",), ("chariot",), ("strength", "fortitude", "force"),
    ("hermit",), ("wheel of fortune", "wheel", "fortune"), ("justice",),
    ("hanged man", "hanged one", "hanged"), ("death",), ("temperance",), ("devil",), ("tower",),
    ("star",), ("moon",), ("sun",), ("judgement", "judgment"), ("world", "universe"),
)):
    for _name in _names:
        _TRUMP_WORDS[_name] = _rank

_ROMAN = {roman(n).lower(): n for n in range(1, 22)}

_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                 "eight": 8, "nine": 9, "ten": 10, "ace": 1, "a": 1}
# The French words the lessons and the glossary teach (Valet, Cavalier, Dame, Roi) name the same courts.
_TAROT_COURTS = {"page": 11, "knave": 11, "jack": 11, "valet": 11, "knight": 12, "cavalier": 12,
                 "queen": 13, "dame": 13, "king": 14, "roi": 14}
_STANDARD_COURTS = {"jack": 11, "knave": 11, "queen": 12, "king": 13}

_TAROT_SUITS: dict[str, Suit] = {}
# English, then the French tarot suits (Bâtons, Coupes, Épées, Deniers) and the playing-card suits
# French Tarot players say (Trèfle, Cœur, Pique, Carreau), with and without accents.
for _suit, _words in ((Suit.WANDS, ("wand", "rod", "stave", "staff", "baton", "club", "bâton", "trèfle", "trefle")),
                      (Suit.CUPS, ("cup", "chalice", "heart", "coupe", "cœur", "coeur")),
                      (Suit.SWORDS, ("sword", "spade", "épée", "epee", "pique")),
                      (Suit.PENTACLES, ("pentacle", "coin", "disk", "disc", "diamond", "denier", "carreau"))):
    for _w in _words:
        _TAROT_SUITS[_w] = _TAROT_SUITS[_w + "s"] = _suit
_TAROT_SUITS["staves"] = Suit.WANDS
_TAROT_SUITS["carreaux"] = Suit.PENTACLES
_STANDARD_SUITS: dict[str, Suit] = {}
for _suit, _w in ((Suit.SPADES, "spade"), (Suit.HEARTS, "heart"), (Suit.DIAMONDS, "diamond"),
                  (Suit.CLUBS, "club")):
    _STANDARD_SUITS[_w] = _STANDARD_SUITS[_w + "s"] = _suit

_BACK_WORDS = {"back", "backs", "card back", "cardback", "reverse", "back of cards"}

# Public-domain Rider-Waite scans are often named ar00..ar21, cu01..cu10, cupa, cukn, cuqu, cuki.
_SCAN_SUIT = {"wa": Suit.WANDS, "cu": Suit.CUPS, "sw": Suit.SWORDS, "pe": Suit.PENTACLES}
_SCAN_RANK = {"pa": 11, "kn": 12, "qu": 13, "ki": 14}
_SCAN_RE = re.compile(r"^(?:ar(\d\d)|(wa|cu|sw|pe)(\d\d|pa|kn|qu|ki))$", re.ASCII)

# Marseille-pattern decks number Justice VIII and Strength XI; we follow the Rider-Waite order
# (cards.py), so a file that pairs either name with the other's number is still taken by name.
_SWAPPED = {(8, 11), (11, 8)}


def normalise(name: str) -> str:
    """Lower case, separators folded to single spaces, ends trimmed.

    >>> normalise("  Knight_of-CUPS ")
    'knight of cups'
    """
    return _SEPARATORS.sub(" ", name.lower()).strip()


def _number(token: str) -> int | None:
    if token.isascii() and token.isdigit() and len(token) <= 3:
        return int(token)
    return None


def _notation(token: str, pack: str) -> Card | None:
    try:
        return Card.parse(token, pack)
    except CardError:
        return None


def _suit_card(words: list[str], pack: str) -> Card | None:
    """``rank of suit``, ``rank suit`` or ``suit rank``."""
    suits = _TAROT_SUITS if pack == TAROT else _STANDARD_SUITS
    courts = _TAROT_COURTS if pack == TAROT else _STANDARD_COURTS
    if len(words) == 3 and words[1] in ("of", "de"):
        rank_word, suit_word = words[0], words[2]
    elif len(words) == 2 and words[1] in suits:
        rank_word, suit_word = words
    elif len(words) == 2 and words[0] in suits:
        suit_word, rank_word = words
    else:
        return None
    suit = suits.get(suit_word)
    if suit is None:
        return None
    rank = courts.get(rank_word) or _NUMBER_WORDS.get(rank_word) or _number(rank_word)
    if rank is None or not 1 <= rank <= 10 and rank not in courts.values():
        return None
    if rank_word.isascii() and rank_word.isdigit() and rank > 10:
        return None  # "11 of cups" is no card name; the courts are named by word
    return Card(suit, rank)


def _trump(words: list[str]) -> Card | None:
    """A trump's name with an optional number (Arabic or Roman) before or after it."""
    if words and words[0] in ("trump", "major", "atout", "arcana") and len(words) == 2:
        n = _number(words[1])
        if n is None:
            n = _ROMAN.get(words[1])
        return Card(Suit.TRUMPS, n) if n is not None and 0 <= n <= 21 else None
    number = None
    if len(words) >= 2 and (_number(words[0]) is not None or words[0] in _ROMAN):
        number = _number(words[0]) if _number(words[0]) is not None else _ROMAN[words[0]]
        words = words[1:]
    elif len(words) >= 2 and (_number(words[-1]) is not None or words[-1] in _ROMAN):
        number = _number(words[-1]) if _number(words[-1]) is not None else _ROMAN[words[-1]]
        words = words[:-1]
    if words and words[0] == "the":
        words = words[1:]
    rank = _TRUMP_WORDS.get(" ".join(words))
    if rank is None:
        return None
    if number is not None and number <= 21 and number != rank and (number, rank) not in _SWAPPED:
        raise CardError(f"the number {number} and the name '{' '.join(words)}' disagree "
                        f"({Card(Suit.TRUMPS, rank).name} is trump {rank}): rename the file")
    return Card(Suit.TRUMPS, rank)


def _readable(words: list[str], pack: str) -> Card | None:
    card = _suit_card(words, pack)
    if card is None and pack == TAROT:
        card = _trump(words)
    if card is None and len(words) >= 2 and _number(words[0]) is not None and _number(words[0]) > 21:
        # "57 the sun": a running number over a whole set of scans, not the card's own number.
        return _readable(words[1:], pack)
    return card


def card_for_name(name: str, pack: str = TAROT) -> Card | str | None:
    """The card a file stem or manifest key names, ``'back'`` for the back, ``None`` for a name
    that names no card.  Raises :class:`CardError` (one line, saying what to do) when the name is
    ambiguous or contradicts itself.

    >>> card_for_name("19")
    Traceback (most recent call last):
    ...
    tarot_learn.errors.CardError: a bare number is ambiguous: name the file T19 or 19_the_sun (trumps), or 10_cups
    >>> card_for_name("08_justice"), card_for_name("57_the_sun"), card_for_name("as", pack="standard")
    (Card.parse('T11'), Card.parse('T19'), Card.parse('AS', pack='standard'))
    """
    if pack not in (TAROT, STANDARD):
        raise OptionError(f"unknown pack {pack!r}: choose 'tarot' or 'standard'")
    text = normalise(name)
    if not text:
        return None
    if text in _BACK_WORDS:
        return BACK
    words = text.split(" ")
    if len(words) == 1 and _number(words[0]) is not None:
        raise CardError("a bare number is ambiguous: name the file T19 or 19_the_sun (trumps), "
                        "or 10_cups")
    first = _notation(words[0], pack)
    if first is not None:
        if len(words) > 1:
            try:
                rest = _readable(words[1:], pack)
            except CardError:
                rest = None
            if isinstance(rest, Card) and rest != first:
                raise CardError(f"'{first}' and '{' '.join(words[1:])}' name different cards "
                                f"({first.name}, {rest.name}): rename the file")
        return first
    if pack == TAROT:
        m = _SCAN_RE.match(text)
        if m:
            if m.group(1) is not None:
                n = int(m.group(1))
                return Card(Suit.TRUMPS, n) if n <= 21 else None
            rank = _SCAN_RANK.get(m.group(3)) or int(m.group(3))
            return Card(_SCAN_SUIT[m.group(2)], rank) if 1 <= rank <= 14 else None
        if len(words) == 1 and words[0] in _ROMAN:
            return Card(Suit.TRUMPS, _ROMAN[words[0]])
    return _readable(words, pack)
