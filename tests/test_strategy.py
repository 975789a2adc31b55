"""Lesson 04's "which move keeps this deal winnable?": each answer re-proved by the solver within a
bounded budget, the tempting move a card sent up, and the guide's answers the decisions' own."""

from __future__ import annotations

import pytest

from tarot_learn.lessons.strategy import DECISIONS, position, verdict
from tarot_learn.solve import Status
from tests import answer_key


@pytest.mark.parametrize("number, decision", list(enumerate(DECISIONS, 1)), ids=lambda x: str(x)[:12])
def test_the_solver_proves_each_answer(number, decision):
    start = position(decision)
    legal = {str(m) for m in start.legal_moves()}
    assert {decision.tempting, decision.keeps} <= legal
    assert decision.tempting.split(">")[1].startswith("f"), "the tempting move sends a card up"
    lost = verdict(decision, decision.tempting, seconds=20)
    won = verdict(decision, decision.keeps, seconds=20)
    assert lost.status is Status.IMPOSSIBLE and lost.states < 200_000, (number, lost)
    assert won.status is Status.SOLVED, (number, won)
    after = position(decision)
    after.play(decision.keeps)
    for move in won.moves:             # the win replays through the checked rules
        after.play(move)
    assert after.is_won()


def test_at_least_five_decisions_and_the_guide_agrees():
    assert len(DECISIONS) >= 5
    key = answer_key.rows("04_tarot_solitaire")
    for number, decision in enumerate(DECISIONS, 1):
        row = key[f"04.winnable-{number}"]
        assert (row["answer"], row["wrong"]) == (decision.keeps, decision.tempting)
