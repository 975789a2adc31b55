"""A recognition drill for learning a deck: which card is this, what does it play as, which group.

Question kinds:

* ``"name"``: which card is this?  Free text is read forgivingly: ``"the sun"``, ``"sun"``,
  ``"19"``, ``"XIX"``, ``"T19"``, ``"The Sun (XIX)"``, ``"knight of cups"``, ``"NC"``,
  ``"cups knight"`` and small misspellings (``"hierophnt"``) are all understood;
* ``"value"``: what does it play as in Tarot Solitaire (TS-2..TS-5, TS-8)?  ``"10"``, ``"ten"``,
  ``"plays as 10"``; ``"wild"`` for the Fool;
* ``"group"``: Pentacles-and-Cups, Swords-and-Wands, or trump (TS-6, TS-7)?  ``"PC"``,
  ``"cups"``, ``"pentacles and cups"``, ``"SW"``, ``"wands"``, ``"trump"``;
* ``"mixed"``: each question picks one of the three.

Each question also has multiple-choice options: the answer and four plausible distractors (cards
of the same suit and nearby rank, neighbouring trumps; values one or two away and the trump's
number before its digits are added).  Answering gives immediate feedback with the correct answer
and a one-line teaching note.  An answer that cannot be read at all is not marked wrong: the
feedback says how to write one and the question stays open.

FSRS decides what comes next and remembers it between sessions (:mod:`tarot_learn.drill.memory`):
each question about a card (``"name:T19"``, ``"value:T19"``) is a flash card; a card missed comes
back within minutes, one answered right after ten minutes, then days, then weeks.  Cards due come
first (the one due longest ago first), with a new card at least every third question while there
are new cards; when nothing is due, new cards, then the card due soonest.  Each learner's cards
are kept in a file per deck (``learner=``, by default the name the lessons use, and ``deck=``), so
a learner can stop today and pick up tomorrow; ``remember=False`` keeps them in memory only.
Everything random (which new card, option order) comes from ``seed``; the clock (epoch seconds)
can be injected, so a test controls the days.

>>> d = Drill(kind="name", cards="T17 T18 T19 T20", seed=1, clock=lambda: 0.0, remember=False)
>>> q = d.question
>>> q.prompt, len(q.options), q.expected in q.options
('Which card is this?', 5, True)
>>> fb = d.answer(q.card.title.lower())          # "the moon", "the sun": all accepted
>>> fb.correct, fb.expected == q.card.name
(True, True)
>>> d.next().card != q.card
True
>>> d.answer("a dragon").understood, d.stats().asked
(False, 1)
"""

from __future__ import annotations

import difflib
import os
import random
import re
import time
from dataclasses import dataclass, field
from typing import Callable, Iterable

from datetime import datetime, timezone

from ..cards import TAROT, Card, Suit, parse_cards, roman, tarot_deck
from ..errors import CardError, OptionError, TarotLearnError
from ..decks.names import card_for_name, normalise
from ..numerology import arithmetic, explain, playing_value
from .memory import Memory, Progress

__all__ = ["Drill", "Question", "Feedback", "CardStats", "DrillStats", "KINDS", "CARD_SETS",
           "parse_answer", "select_cards", "Memory", "Progress"]

KINDS = ("name", "value", "group", "mixed")
_SIMPLE_KINDS = ("name", "value", "group")

MAX_ANSWER = 200   # characters in a typed answer
NEW_EVERY = 3      # while unseen cards remain, at least one question in three shows a new one

_PROMPTS = {
    "name": "Which card is this?",
    "value": "What does it play as in Tarot Solitaire?",
    "group": "Which group does it build in: Pentacles-and-Cups, Swords-and-Wands, or trump?",
}
_GROUP_LABEL = {"PC": "Pentacles and Cups", "SW": "Swords and Wands", "T": "Trump"}

_SUITS_BY_WORD = {"wands": Suit.WANDS, "cups": Suit.CUPS, "swords": Suit.SWORDS,
                  "pentacles": Suit.PENTACLES}
CARD_SETS = ("all", "trumps", "suits", "courts", "tens", "wands", "cups", "swords", "pentacles")


def select_cards(cards: str | Iterable[Card | str] | None) -> list[Card]:
    """The cards a drill asks about: ``None`` or ``"all"`` (the 78), a named set
    (``"trumps"``, ``"suits"``, ``"courts"``, ``"tens"`` (every card that plays as 10),
    ``"wands"``, ``"cups"``, ``"swords"``, ``"pentacles"``), card notation (``"T19 NC 10C"``) or
    an iterable of cards.

    >>> len(select_cards(None)), len(select_cards("trumps")), [str(c) for c in select_cards("tens")]
    (78, 22, ['10W', '10C', '10S', '10P', 'T10', 'T19'])
    >>> select_cards("T19 bogus")
    Traceback (most recent call last):
    ...
    tarot_learn.errors.CardError: cards: 'bogus' is not a tarot card: write a rank A 2-10 P N Q K then a suit W C S P \
(e.g. 'NC'), or T0-T21 for a trump; or name a set: all, trumps, suits, courts, tens, wands, cups, swords, pentacles
    """
    deck = tarot_deck()
    if cards is None:
        return deck
    if isinstance(cards, str):
        key = cards.strip().lower()
        sets = {
            "all": deck, "trumps": [c for c in deck if c.is_trump],
            "suits": [c for c in deck if not c.is_trump],
            "courts": [c for c in deck if c.is_court],
            "tens": [c for c in deck if playing_value(c) == 10],
        }
        if key in sets:
            return sets[key]
        if key in _SUITS_BY_WORD:
            return [c for c in deck if c.suit is _SUITS_BY_WORD[key]]
        try:
            chosen = parse_cards(cards)
        except CardError as err:
            raise CardError(f"cards: {err}; or name a set: {', '.join(CARD_SETS)}") from None
    else:
        try:
            chosen = [c if isinstance(c, Card) else Card.parse(str(c)) for c in cards]
        except CardError as err:
            raise CardError(f"cards: {err}") from None
        except TypeError:
            raise OptionError("cards must be None, a set name, card notation or a list of cards") from None
    for c in chosen:
        if not isinstance(c, Card) or c.pack != TAROT:
            raise CardError(f"cards: {c} is not a tarot card; the drill teaches the 78-card pack")
    unique = sorted(set(chosen), key=lambda c: c.index)
    if not unique:
        raise OptionError("cards: give at least one card to drill")
    return unique


# ---- reading answers -----------------------------------------------------------------------------

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
    raise OptionError(f"kind must be one of {', '.join(_SIMPLE_KINDS)}, not {kind!r}")


# ---- questions, answers, notes -------------------------------------------------------------------

def _truth(kind: str, card: Card) -> Card | int | str | None:
    if kind == "name":
        return card
    if kind == "value":
        return playing_value(card)
    return card.group or "T"


def _label(kind: str, truth: Card | int | str | None) -> str:
    if kind == "name":
        assert isinstance(truth, Card)
        return truth.name
    if kind == "value":
        return "wild" if truth is None else str(truth)
    return _GROUP_LABEL[str(truth)]


def _note(kind: str, card: Card) -> str:
    """The one-line teaching note shown with the feedback."""
    if kind == "value":
        return explain(card)
    if kind == "group":
        if card.is_trump:
            return (f"{card.name} is a trump: trumps belong to neither group, so it goes on any "
                    "suit card and any suit card goes on it (TS-7).")
        other = "Swords, Wands" if card.group == "PC" else "Pentacles, Cups"
        group = _GROUP_LABEL[card.group or "T"]
        return (f"{card.suit.title} are in the {group} group: {card.name} builds on {other} or "
                "trumps (TS-6).")
    if card.is_trump:
        if card.is_fool:
            return f"{card.title} is trump 0, notation T0; in Tarot Solitaire it is wild (TS-8)."
        extra = (f"; its digits add up to {arithmetic(card)}, so it plays as "
                 f"{playing_value(card)} (TS-5)" if card.rank > 10 else "")
        return f"{card.title} is trump {card.rank} ({roman(card.rank)}), notation T{card.rank}{extra}."
    return (f"{card.name}: the {card.rank_name.lower()} of the {card.suit.title} suit, "
            f"notation {card}; it plays as {playing_value(card)}.")


def _distractors(kind: str, card: Card, rng: random.Random, k: int = 4) -> list:
    """``k`` plausible wrong answers (fewer only when the kind has fewer answers)."""
    if kind == "group":
        return [g for g in ("PC", "SW", "T") if g != (card.group or "T")]
    if kind == "value":
        v = playing_value(card)
        if v is None:                               # the Fool: its number, and numbers it is not
            return [0, 1, 21, 10][:k]
        pool = sorted((x for x in range(1, 15) if x != v), key=lambda x: (abs(x - v), x))
        if card.is_trump and card.rank > 10:
            pool.insert(0, card.rank)               # the number before its digits are added
        near, far = pool[:3], pool[3:6]             # the two or three nearest, then one more
        rng.shuffle(far)
        return (near + far)[:k]
    deck = tarot_deck()
    if card.is_trump:
        others = [c for c in deck if c.is_trump and c != card]
    else:
        others = [c for c in deck if c.suit is card.suit and c != card]
    others.sort(key=lambda c: (abs(c.rank - card.rank), rng.random()))
    return others[:k]


@dataclass(frozen=True)
class Question:
    """One question: the card shown, the kind, the prompt and the multiple-choice options."""

    number: int                  # 1 for the first question of the drill
    card: Card
    kind: str
    prompt: str
    options: tuple[str, ...]
    expected: str                # the correct answer, as shown among the options


@dataclass(frozen=True)
class Feedback:
    """What the learner sees after answering."""

    question: Question
    given: str
    understood: bool             # False: the answer could not be read; the question stays open
    correct: bool
    expected: str
    note: str                    # one teaching sentence (or how to write an answer)
    seconds: float

    @property
    def headline(self) -> str:
        if not self.understood:
            return "Not understood"
        return "Right!" if self.correct else f"Not quite: it is {self.expected}"


@dataclass
class CardStats:
    """How one card went in this session."""

    card: Card
    asked: int = 0
    correct: int = 0
    seconds: float = 0.0

    @property
    def accuracy(self) -> float | None:
        return self.correct / self.asked if self.asked else None

    @property
    def mean_seconds(self) -> float | None:
        return self.seconds / self.asked if self.asked else None


@dataclass
class DrillStats:
    """The summary of a drill session so far (``Drill.stats()``); ``known`` counts over every session."""

    asked: int
    correct: int
    mean_seconds: float | None
    cards: dict[Card, CardStats] = field(default_factory=dict)
    hardest: list[Card] = field(default_factory=list)
    known: int = 0
    total: int = 0

    @property
    def accuracy(self) -> float | None:
        return self.correct / self.asked if self.asked else None

    def __str__(self) -> str:
        if not self.asked:
            return "No answers yet."
        acc = f"{self.correct}/{self.asked} right ({100 * self.correct / self.asked:.0f}%)"
        lines = [f"{acc}, {self.mean_seconds:.1f} s per card on average; "
                 f"{self.known} of {self.total} known"]
        if self.hardest:
            lines.append("Hardest: " + ", ".join(
                f"{c.name} ({self.cards[c].correct}/{self.cards[c].asked})" for c in self.hardest))
        return "\n".join(lines)


class _Slot:
    """One flash card of the drill: a card and the kind of question asked about it."""

    __slots__ = ("card", "kind", "key")

    def __init__(self, card: Card, kind: str) -> None:
        self.card, self.kind, self.key = card, kind, f"{kind}:{card}"


class Drill:
    """A recognition drill over ``cards`` (see :func:`select_cards`) with questions of ``kind``
    (``"name"``, ``"value"``, ``"group"`` or ``"mixed"``).

    ``seed`` makes the run reproducible; ``choices`` is the number of options shown (the answer
    and ``choices - 1`` distractors, 2..5); ``clock`` returns epoch seconds (inject one in tests);
    ``learner`` and ``deck`` name the file the schedule is kept in (``remember=False``: none).
    """

    def __init__(self, kind: str = "name", cards: str | Iterable[Card | str] | None = None,
                 seed: int | None = None, *, choices: int = 5, clock: Callable[[], float] = time.time,
                 learner: str | None = None, deck: str = "default", remember: bool = True) -> None:
        if kind not in KINDS:
            raise OptionError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
        if isinstance(choices, bool) or not isinstance(choices, int) or not 2 <= choices <= 5:
            raise OptionError(f"choices must be a whole number from 2 to 5, not {choices!r}")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise OptionError(f"seed must be a whole number or None, not {seed!r}")
        if learner is not None and not isinstance(learner, str):
            raise OptionError(f"learner is a name (text), not {type(learner).__name__}")
        self.kind = kind
        self.cards = select_cards(cards)
        self.seed = seed if seed is not None else int.from_bytes(os.urandom(4), "big")
        self.choices = choices
        self._rng = random.Random(self.seed)
        self._clock = clock
        self.memory = Memory(str(deck), learner, remember=remember)
        self._stats = {c: CardStats(c) for c in self.cards}
        kinds = _SIMPLE_KINDS if kind == "mixed" else (kind,)
        self._slots = [_Slot(c, k) for c in self.cards for k in kinds]
        self.history: list[Feedback] = []
        self._turn = 0
        self._since_new = 0
        self._slot: _Slot | None = None
        self._question: Question | None = None
        self._feedback: Feedback | None = None
        self._shown_at = 0.0
        self.next()

    # ---- the current question -----------------------------------------------------------------
    @property
    def question(self) -> Question:
        assert self._question is not None
        return self._question

    @property
    def feedback(self) -> Feedback | None:
        """The feedback on the current question once it is answered, else None."""
        return self._feedback

    @property
    def answered(self) -> bool:
        return self._feedback is not None

    def now(self) -> datetime:
        """The injected clock's time as an aware UTC datetime (what FSRS schedules with)."""
        return datetime.fromtimestamp(self._clock(), timezone.utc)

    def next(self) -> Question:
        """Move on to the next card (skipping the current one if it is unanswered)."""
        slot = self._pick()
        is_new = self.memory.get(slot.key) is None
        self._since_new = 0 if is_new else self._since_new + 1
        card, kind = slot.card, slot.kind
        truth = _truth(kind, card)
        wrong = _distractors(kind, card, self._rng, self.choices - 1)
        answers = [truth] + wrong
        if kind == "value":                         # numbers read best in order, wild first
            answers.sort(key=lambda v: -1 if v is None else v)
        elif kind == "group":                       # the same three buttons every time
            answers.sort(key=("PC", "SW", "T").index)
        else:
            self._rng.shuffle(answers)
        order = [_label(kind, a) for a in answers]
        self._turn += 1
        self._slot = slot
        self._question = Question(self._turn, card, kind, _PROMPTS[kind], tuple(order),
                                  _label(kind, truth))
        self._feedback = None
        self._shown_at = self._clock()
        return self._question

    def _pick(self) -> _Slot:
        """FSRS order.  Due cards first, the one due longest ago first; but while new cards remain,
        at least one question in ``NEW_EVERY`` shows a new one, so a big set keeps opening up.
        With nothing due: a new card, else the card due soonest (practising ahead).  Never the
        same card and kind twice in a row unless it is the only one."""
        now = self.now()
        pool = [s for s in self._slots if s is not self._slot] or list(self._slots)
        rng = self._rng
        due, new, ahead = [], [], []
        for s in pool:
            record = self.memory.get(s.key)
            if record is None:
                new.append(s)
            else:
                (due if record.fsrs.due <= now else ahead).append((record.fsrs.due, rng.random(), s))
        if new and (not due or self._since_new >= NEW_EVERY - 1):
            return rng.choice(new)
        return min(due or ahead, key=lambda t: (t[0], t[1]))[2]

    # ---- answering ------------------------------------------------------------------------------
    def answer(self, text: str) -> Feedback:
        """Answer the current question in free text; returns the feedback (also in
        ``self.feedback``).  An unreadable answer returns feedback with ``understood=False`` and
        changes nothing."""
        if self._feedback is not None:
            raise OptionError("this card is already answered: call next() for the next one")
        q = self.question
        try:
            given = parse_answer(q.kind, text)
        except TarotLearnError as err:
            return Feedback(q, str(text), False, False, q.expected, str(err), 0.0)
        return self._record(str(text), given == _truth(q.kind, q.card))

    def choose(self, index: int) -> Feedback:
        """Answer by picking option ``index`` (0-based) of ``question.options``."""
        if self._feedback is not None:
            raise OptionError("this card is already answered: call next() for the next one")
        q = self.question
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(q.options):
            raise OptionError(f"choose an option from 0 to {len(q.options) - 1}, not {index!r}")
        return self._record(q.options[index], q.options[index] == q.expected)

    def _record(self, given: str, correct: bool) -> Feedback:
        q = self.question
        assert self._slot is not None
        seconds = max(0.0, self._clock() - self._shown_at)
        st = self._stats[q.card]
        st.asked += 1
        st.seconds += seconds
        st.correct += correct
        self.memory.review(self._slot.key, correct, seconds, self.now())
        fb = Feedback(q, given, True, correct, q.expected, _note(q.kind, q.card), seconds)
        self._feedback = fb
        self.history.append(fb)
        return fb

    # ---- summary --------------------------------------------------------------------------------
    @property
    def score(self) -> tuple[int, int]:
        """(right answers, answers) in this session."""
        return sum(f.correct for f in self.history), len(self.history)

    @property
    def streak(self) -> int:
        """Right answers in a row, up to now."""
        n = 0
        for f in reversed(self.history):
            if not f.correct:
                break
            n += 1
        return n

    def due(self, card: Card | str, kind: str | None = None) -> datetime | None:
        """When ``card`` is due again for ``kind`` questions (this drill's kind by default); None if never asked."""
        record = self.memory.get(f"{kind or self._slots[0].kind}:{Card.parse(str(card))}")
        return record.fsrs.due if record is not None else None

    def panel(self) -> Progress:
        """The progress panel's figures over every session: known, due today, new, accuracy per group, streak."""
        groups = {s.key: s.card.group or "T" for s in self._slots}
        return self.memory.progress(groups, self.now(), groups)

    def progress(self) -> tuple[int, int]:
        """(flash cards known, flash cards in the drill): known means graduated to FSRS's review state."""
        p = self.panel()
        return p.known, p.total

    def stats(self, hardest: int = 5) -> DrillStats:
        """This session's accuracy, mean time per card, per-card figures and the ``hardest`` cards
        (lowest accuracy, then slowest) among those answered."""
        right, asked = self.score
        seconds = sum(f.seconds for f in self.history)
        answered = [s for s in self._stats.values() if s.asked]
        worst = sorted((s for s in answered if s.correct < s.asked),
                       key=lambda s: (s.accuracy, -(s.mean_seconds or 0.0), s.card.index))
        known, total = self.progress()
        return DrillStats(asked, right, seconds / asked if asked else None,
                          {s.card: CardStats(s.card, s.asked, s.correct, s.seconds) for s in answered},
                          [s.card for s in worst[:hardest]], known, total)
