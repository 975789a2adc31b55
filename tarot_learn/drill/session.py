"""A learner's drill session: the queue of flash cards, FSRS scheduling through
:mod:`tarot_learn.drill.memory`, the marked answers and the session's figures.

Each question about a card (``"name:T19"``, ``"value:T19"``) is one flash card.  Cards due come
first (the one due longest ago first), with a new card at least every ``NEW_EVERY``-th question
while there are new cards; when nothing is due, new cards, then the card due soonest.
"""

from __future__ import annotations

import os
import random
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Callable, Iterable

from .. import userdata
from ..cards import Card
from ..errors import OptionError, TarotLearnError
from .answers import check_unanswered, is_right_for, picked
from .memory import Memory, Progress
from .questions import KINDS, SIMPLE_KINDS, Question, applies, make_question, note, select_cards

__all__ = ["Drill", "MarkedAnswer", "CardStats", "DrillStats", "NEW_EVERY", "flashcard_id"]

NEW_EVERY = 3      # while unseen cards remain, at least one question in three shows a new one


def flashcard_id(kind: str, card: Card) -> str:
    """The name of the flash card for ``kind`` questions about ``card`` in a learner's memory.

    >>> flashcard_id("value", Card.parse("T19"))
    'value:T19'
    """
    return f"{kind}:{card}"


@dataclass(frozen=True)
class MarkedAnswer:
    """What the learner sees after answering: the answer given, whether it was read and right,
    the right answer and one teaching sentence."""

    question: Question
    given: str
    understood: bool             # False: the answer could not be read; the question stays open
    correct: bool
    expected: str
    note: str                    # one teaching sentence (or how to write an answer)
    seconds: float

    @property
    def headline(self) -> str:
        """``Right!``, ``Not quite: it is ...`` or ``Not understood``."""
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

    __slots__ = ("card", "kind", "flashcard")

    def __init__(self, card: Card, kind: str) -> None:
        self.card, self.kind, self.flashcard = card, kind, flashcard_id(kind, card)


def _check_options(kind: str, choices: int, seed: int | None, learner: str | None) -> None:
    if kind not in KINDS:
        raise OptionError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
    if isinstance(choices, bool) or not isinstance(choices, int) or not 2 <= choices <= 5:
        raise OptionError(f"choices must be a whole number from 2 to 5, not {choices!r}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise OptionError(f"seed must be a whole number or None, not {seed!r}")
    if learner is not None and not isinstance(learner, str):
        raise OptionError(f"learner is a name (text), not {type(learner).__name__}")


class Drill:
    """A recognition drill over ``cards`` (see :func:`~tarot_learn.drill.questions.select_cards`)
    with questions of ``kind`` (``"name"``, ``"value"``, ``"group"`` or ``"mixed"``).

    ``seed`` makes the run reproducible; ``choices`` is the number of options shown (the answer
    and ``choices - 1`` distractors, 2..5); ``clock`` returns epoch seconds (inject one in tests);
    ``learner`` and ``deck`` name the file the schedule is kept in (``remember=False``: none).
    """

    def __init__(self, kind: str = "name", cards: str | Iterable[Card | str] | None = None,
                 seed: int | None = None, *, choices: int = 5, clock: Callable[[], float] = time.time,
                 learner: str | None = None, deck: str = "default", remember: bool = True) -> None:
        _check_options(kind, choices, seed, learner)
        self.kind = kind
        self.cards = select_cards(cards)
        self.seed = seed if seed is not None else int.from_bytes(os.urandom(4), "big")
        self.choices = choices
        self._rng = random.Random(self.seed)
        self._clock = clock
        self.memory = Memory(str(deck), learner, remember=remember)
        self._stats = {c: CardStats(c) for c in self.cards}
        kinds = SIMPLE_KINDS if kind == "mixed" else (kind,)
        self._slots = [_Slot(c, k) for c in self.cards for k in kinds if applies(k, c)]
        if not self._slots:
            raise OptionError(f"no card of this set answers {kind!r} questions: a Marseille number is a trump's")
        self.history: list[MarkedAnswer] = []
        self._turn = 0
        self._since_new = 0
        self._slot: _Slot | None = None
        self._question: Question | None = None
        self._feedback: MarkedAnswer | None = None
        self._shown_at = 0.0
        self.next()

    # ---- the current question -----------------------------------------------------------------
    @property
    def question(self) -> Question:
        assert self._question is not None
        return self._question

    @property
    def feedback(self) -> MarkedAnswer | None:
        """The marked answer to the current question once it is answered, else None."""
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
        is_new = self.memory.get(slot.flashcard) is None
        self._since_new = 0 if is_new else self._since_new + 1
        self._turn += 1
        self._slot = slot
        self._question = make_question(self._turn, slot.card, slot.kind, self._rng, self.choices)
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
            record = self.memory.get(s.flashcard)
            if record is None:
                new.append(s)
            else:
                (due if record.fsrs.due <= now else ahead).append((record.fsrs.due, rng.random(), s))
        if new and (not due or self._since_new >= NEW_EVERY - 1):
            return rng.choice(new)
        return min(due or ahead, key=lambda t: (t[0], t[1]))[2]

    # ---- answering ------------------------------------------------------------------------------
    def answer(self, text: str) -> MarkedAnswer:
        """Answer the current question in free text; returns the marked answer (also in
        ``self.feedback``).  An unreadable answer comes back with ``understood=False`` and
        changes nothing."""
        check_unanswered(self.answered)
        q = self.question
        try:
            right = is_right_for(q, text)
        except TarotLearnError as err:
            return MarkedAnswer(q, str(text), False, False, q.expected, str(err), 0.0)
        return self._record(str(text), right)

    def choose(self, index: int) -> MarkedAnswer:
        """Answer by picking option ``index`` (0-based) of ``question.options``."""
        check_unanswered(self.answered)
        given, right = picked(self.question, index)
        return self._record(given, right)

    def _record(self, given: str, correct: bool) -> MarkedAnswer:
        q = self.question
        assert self._slot is not None
        seconds = max(0.0, self._clock() - self._shown_at)
        st = self._stats[q.card]
        st.asked += 1
        st.seconds += seconds
        st.correct += correct
        self.memory.review(self._slot.flashcard, correct, seconds, self.now())
        # on a class server, the teacher's dashboard lists each student's weakest cards
        userdata.journal({"kind": "drill", "item": str(q.card), "answer": given, "right": bool(correct)})
        marked = MarkedAnswer(q, given, True, correct, q.expected, note(q.kind, q.card), seconds)
        self._feedback = marked
        self.history.append(marked)
        return marked

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
        record = self.memory.get(flashcard_id(kind or self._slots[0].kind, Card.parse(str(card))))
        return record.fsrs.due if record is not None else None

    def panel(self) -> Progress:
        """The progress panel's figures over every session: known, due today, new, accuracy per group, streak."""
        groups = {s.flashcard: s.card.group or "T" for s in self._slots}
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
