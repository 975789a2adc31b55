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

from ..cards import Card, Suit, roman, tarot_deck
from ..decks.names import card_for_name, normalise
from ..errors import CardError, OptionError, TarotLearnError
from .questions import SIMPLE_KINDS, Question, truth

__all__ = ["MAX_ANSWER", "parse_answer", "is_right", "picked", "check_unanswered"]

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


def parse_answer(kind: str, text: str) -> Card | int | str | None:
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
    raise OptionError(f"kind must be one of {', '.join(SIMPLE_KINDS)}, not {kind!r}")


def is_right(kind: str, card: Card, text: str) -> bool:
    """Whether ``text`` answers a ``kind`` question about ``card`` rightly; raises as
    :func:`parse_answer` does when the text cannot be read."""
    return parse_answer(kind, text) == truth(kind, card)


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
