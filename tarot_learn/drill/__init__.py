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
number before its digits are added).  Answering gives a marked answer at once (:class:`MarkedAnswer`: right or not, the
correct answer and a one-line teaching note).  An answer that cannot be read at all is not marked
wrong: the note says how to write one and the question stays open.

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

The package has one module per job: :mod:`~tarot_learn.drill.questions` (what to ask about a card),
:mod:`~tarot_learn.drill.answers` (checking a typed or picked answer),
:mod:`~tarot_learn.drill.session` (the learner's queue and FSRS scheduling) and
:mod:`~tarot_learn.drill.memory` (what a learner knows, kept between sessions).
"""

from __future__ import annotations

from .answers import MAX_ANSWER, parse_answer
from .memory import Memory, Progress
from .questions import CARD_SETS, KINDS, Question, select_cards
from .session import NEW_EVERY, CardStats, Drill, DrillStats, MarkedAnswer

__all__ = ["Drill", "Question", "MarkedAnswer", "CardStats", "DrillStats", "KINDS", "CARD_SETS",
           "parse_answer", "select_cards", "Memory", "Progress", "MAX_ANSWER", "NEW_EVERY"]
