"""Checking a learner's answer: free text read forgivingly, or an option picked by its index.

A name answer may be ``"the sun"``, ``"sun"``, ``"19"``, ``"XIX"``, ``"T19"``, ``"The Sun (XIX)"``,
``"knight of cups"``, ``"NC"``, ``"cups knight"`` or a small misspelling (``"hierophnt"``); a
value answer ``"10"``, ``"ten"``, ``"plays as 10"`` or ``"wild"``; a group answer ``"PC"``,
``"cups"``, ``"pentacles and cups"``, ``"SW"``, ``"wands"`` or ``"trump"``.

>>> from tarot_learn.cards import Card
>>> is_right("name", Card.parse("T19"), "the sun"), is_right("value", Card.parse("T19"), "ten")
(True, True)
"""

from __future__ import annotations

import difflib
import re
import unicodedata

from ..cards import Card, Suit, roman, tarot_deck
from ..decks.names import card_for_name, normalise
from ..errors import CardError, OptionError, TarotLearnError
from .questions import KINDS, Question, truth

__all__ = ["MAX_ANSWER", "parse_answer", "is_right", "is_right_for", "picked", "check_unanswered"]

MAX_ANSWER = 200   # characters in a typed answer

_NUMBER_WORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                 "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
                 "thirteen": 13, "fourteen": 14, "ace": 1, "page": 11, "knight": 12, "queen": 13,
                 "king": 14}
_ROMAN = {roman(n).lower(): n for n in range(1, 22)}
_FUZZY_NAMES = {c.title.lower(): c for c in tarot_deck()}
_FUZZY_NAMES.update({c.title.lower().removeprefix("the "): c for c in tarot_deck() if c.is_trump})


def _card_answer(text: str) -> Card | None:
    clean = normalise(re.sub(r"[()\[\]!?\"']", " ", text))
    if not clean:
        return None
    if clean.isascii() and clean.isdigit():     # "19" in a name answer means trump 19
        n = int(clean)
        return Card(Suit.TRUMPS, n) if n <= 21 else None
    if clean in _ROMAN:
        return Card(Suit.TRUMPS, _ROMAN[clean])
    try:
        found = card_for_name(clean)
    except TarotLearnError:
        found = None
    if isinstance(found, Card):
        return found
    close = difflib.get_close_matches(clean, list(_FUZZY_NAMES), n=1, cutoff=0.8)
    return _FUZZY_NAMES[close[0]] if close else None


def _value_answer(text: str) -> int | None | str:
    """An int, ``None`` for wild, or ``"?"`` when unreadable."""
    clean = normalise(text)
    if not clean:
        return "?"
    words = clean.split()
    if any(w in ("wild", "none", "any", "nothing", "fool", "joker") for w in words):
        return None
    numbers = [int(w) for w in words if w.isascii() and w.isdigit()] + [_NUMBER_WORDS[w] for w in words
                                                        if w in _NUMBER_WORDS]
    return numbers[-1] if len(set(numbers)) == 1 else "?"


def _group_answer(text: str) -> str:
    clean = normalise(text.replace("&", " and ").replace("+", " and ").replace("/", " "))
    words = set(clean.split())
    pc = bool(words & {"pc", "cp", "pentacles", "pentacle", "cups", "cup", "coins"})
    sw = bool(words & {"sw", "ws", "swords", "sword", "wands", "wand"})
    trump = bool(words & {"t", "trump", "trumps", "major", "arcana", "neither", "none"})
    if pc + sw + trump != 1:
        return "?"
    return "PC" if pc else ("SW" if sw else "T")


def _fold(text: str) -> str:
    """French words compared without accents, case or apostrophe style: "l'excuse" is "L’Excuse"."""
    plain = unicodedata.normalize("NFKD", text.replace("’", " ").replace("'", " ")).encode("ascii", "ignore")
    return " ".join(normalise(plain.decode()).split())


def _points_answer(text: str) -> int | str:
    """Half points from "4.5", "4,5", "4 1/2" or "half a point"; ``"?"`` when unreadable."""
    clean = " ".join(text.lower().replace(",", ".").replace("points", "").replace("point", "").split())
    if clean in ("half", "half a", "a half"):
        return 1
    clean = clean.replace(" 1/2", ".5").replace(" and a half", ".5")
    try:
        value = float(clean)
    except ValueError:
        return "?"
    return round(2 * value) if 0 <= value <= 10 and (2 * value).is_integer() else "?"


def _marseille_answer(text: str) -> int | None | str:
    clean = normalise(text)
    if clean in ("none", "no number", "no", "nothing", "blank", ""):
        return None if clean else "?"
    if clean in _ROMAN:
        return _ROMAN[clean]
    return int(clean) if clean.isascii() and clean.isdigit() and int(clean) <= 21 else "?"


def _other_answer(kind: str, text: str) -> str | int | bool | None:
    """The answer to a French Tarot or Marseille question, or raises saying what to write."""
    if kind == "french":
        return _fold(text)
    if kind == "bout":
        word = normalise(text)
        if word not in ("yes", "no", "y", "n", "oui", "non"):
            raise OptionError(f"{text!r}: answer yes or no")
        return word in ("yes", "y", "oui")
    if kind == "points":
        half = _points_answer(text)
        if half == "?":
            raise OptionError(f"{text!r} is not a number of points: write one like 4.5 or 0.5")
        return half
    marseille = _marseille_answer(text)
    if marseille == "?":
        raise OptionError(f"{text!r} is not a trump's number: write a Roman numeral (XI), digits (11) or 'none'")
    return marseille


def parse_answer(kind: str, text: str) -> Card | int | str | bool | None:
    """Read a free-text answer: a Card (``"name"``), an int or ``None`` for wild (``"value"``),
    ``"PC"``, ``"SW"`` or ``"T"`` (``"group"``).  Raises :class:`CardError` (a name) or
    :class:`OptionError` (a value or a group) when it cannot be read.

    >>> [str(parse_answer("name", t)) for t in ("the sun", "sun", "19", "XIX", "T19", "The Sun (XIX)")]
    ['T19', 'T19', 'T19', 'T19', 'T19', 'T19']
    >>> str(parse_answer("name", "knight of cups")), str(parse_answer("name", "NC"))
    ('NC', 'NC')
    >>> parse_answer("value", "plays as ten"), parse_answer("value", "wild"), parse_answer("group", "Cups & Pentacles")
    (10, None, 'PC')
    >>> parse_answer("name", "a dragon")
    Traceback (most recent call last):
    ...
    tarot_learn.errors.CardError: 'a dragon' names no card: write a name like 'the sun' or 'knight of cups', \
a number (19, XIX) or the notation (T19, NC)
    """
    if not isinstance(text, str):
        raise OptionError(f"an answer is text, not {type(text).__name__}")
    if len(text) > MAX_ANSWER:          # before any work: fuzzy matching is not linear
        raise OptionError(f"an answer is at most {MAX_ANSWER} characters (this one has {len(text):,})")
    if kind == "name":
        card = _card_answer(text)
        if card is None:
            raise CardError(f"{text!r} names no card: write a name like 'the sun' or 'knight of "
                            "cups', a number (19, XIX) or the notation (T19, NC)")
        return card
    if kind == "value":
        value = _value_answer(text)
        if value == "?":
            raise OptionError(f"{text!r} is not a value: write a number from 1 to 14, or 'wild' "
                              "for the Fool")
        return value
    if kind == "group":
        group = _group_answer(text)
        if group == "?":
            raise OptionError(f"{text!r} is not a group: write 'PC' (Pentacles and Cups), 'SW' "
                              "(Swords and Wands) or 'trump'")
        return group
    if kind in ("french", "bout", "points", "marseille"):
        return _other_answer(kind, text)
    raise OptionError(f"kind must be one of {', '.join(k for k in KINDS if k not in ('mixed', 'pick'))}, "
                      f"not {kind!r}")


def is_right(kind: str, card: Card, text: str) -> bool:
    """Whether ``text`` answers a ``kind`` question about ``card`` rightly; raises as
    :func:`parse_answer` does when the text cannot be read.

    >>> is_right("french", Card.parse("T0"), "L’excuse"), is_right("points", Card.parse("NC"), "2,5")
    (True, True)
    >>> is_right("marseille", Card.parse("T8"), "XI"), is_right("bout", Card.parse("T20"), "yes")
    (True, False)
    """
    want = truth(kind, card)
    return parse_answer(kind, text) == (_fold(str(want)) if kind == "french" else want)


def is_right_for(question: Question, text: str) -> bool:
    """Whether ``text`` answers ``question``: a pick question by a place (``"3"``) or by the card's
    name or notation, any other as :func:`is_right`."""
    if question.kind != "pick":
        return is_right(question.kind, question.card, text)
    clean = normalise(str(text)[:MAX_ANSWER])
    if clean in question.options:
        return clean == question.expected
    card = _card_answer(clean)
    if card is None or card not in question.spread:
        raise OptionError(f"{text!r}: write the place of the card, from 1 to {len(question.options)}")
    return card == question.card


def picked(question: Question, index: int) -> tuple[str, bool]:
    """The option picked by ``index`` (0-based) and whether it is the right one; a refusal names
    the indexes there are."""
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(question.options):
        raise OptionError(f"choose an option from 0 to {len(question.options) - 1}, not {index!r}")
    return question.options[index], question.options[index] == question.expected


def check_unanswered(answered: bool) -> None:
    """Refuse a second answer to the same question."""
    if answered:
        raise OptionError("this card is already answered: call next() for the next one")
