"""The review that opens a lesson: a few drill questions on the learner's due cards.

The drill (lesson 01 and the widget :class:`tarot_learn.widgets.Drill`) schedules each card for
review with FSRS; every lesson from 02 on opens with :func:`review`, which asks about the cards
due now, the kind of question with the most due cards first.  With nothing due it says so and
offers a short drill on the lesson's own topic, so the review never blocks a learner.

>>> from datetime import datetime, timezone
>>> due_cards(learner="", now=datetime(2026, 1, 1, tzinfo=timezone.utc))
{}
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from tarot_learn.cards import Card
from tarot_learn.drill import KINDS
from tarot_learn.drill.memory import Memory
from tarot_learn.errors import OptionError, TarotLearnError

__all__ = ["due_cards", "review", "QUESTIONS"]

QUESTIONS = 4       # "a few questions": the heading asks for about this many before the lesson


def due_cards(learner: str | None = None, deck: str = "default",
              now: datetime | None = None) -> dict[str, list[Card]]:
    """The learner's flash cards due at ``now``, by kind of question (``{"name": [T19, ...]}``),
    each list in the order they fell due."""
    when = now or datetime.now(timezone.utc)
    memory = Memory(deck, learner, remember=True)
    due: dict[str, list[tuple[datetime, Card]]] = {}
    for flashcard, record in memory.records.items():
        kind, _, text = flashcard.partition(":")
        if kind in KINDS and record.fsrs.due <= when:
            try:
                due.setdefault(kind, []).append((record.fsrs.due, Card.parse(text)))
            except TarotLearnError:
                continue            # a card this version cannot read: skipped, never a crash
    return {kind: [c for _, c in sorted(pairs, key=lambda p: (p[0], p[1].index))] for kind, pairs in due.items()}


def review(kind: str = "name", cards: str = "trumps", *, learner: str | None = None,
           seed: int | None = None, now: datetime | None = None) -> Any:
    """A heading and a drill on the learner's due cards; with none due, a drill of ``kind`` on
    ``cards`` (the lesson's topic).  Returns a widget to show at the top of the lesson."""
    import ipywidgets as W

    from tarot_learn.widgets import Drill

    if kind not in KINDS:
        raise OptionError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
    due = due_cards(learner, now=now)
    if due:
        kind = max(due, key=lambda k: (len(due[k]), -KINDS.index(k)))
        count = sum(len(v) for v in due.values())
        head = (f"<b>Review first:</b> {count} card{'s are' if count != 1 else ' is'} due in your drill. "
                f"Answer about {QUESTIONS} questions, then go on with the lesson.")
        chosen: Any = due[kind]
    else:
        head = (f"<b>Review:</b> no card is due in your drill today. Warm up with about {QUESTIONS} "
                "questions on this lesson's cards, then go on.")
        chosen = cards
    drill = Drill(kind=kind, cards=chosen, seed=seed, learner=learner)
    box = W.VBox([W.HTML(f'<div class="tl-review">{head}</div>'), drill])
    box.add_class("tl-review-box")
    box.drill = drill
    return box
