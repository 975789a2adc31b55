"""Strong robots at a shared table think beside the server's loop: while a page's intent is applied
they wait (the person's move is applied and shown at once), then each thinks in a worker thread and
plays on the loop; the moves are exactly those the robots would have played on the loop."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("tornado")

from tarot_learn.classroom.server.robot_pace import NotReady, ThinkAhead, deferring, play_robots, think_ahead  # noqa: E402
from tarot_learn.classroom.tables import FakeClock, Table, TableOptions  # noqa: E402
from tarot_learn.games.french_tarot.bots import HeuristicBot  # noqa: E402
from tarot_learn.games.french_tarot.state import FrenchTarot  # noqa: E402


class FakeClassroom:
    """What :func:`play_robots` needs of the class server: the hall (its tables, saving) and the pages."""

    def __init__(self, table: Table) -> None:
        self.tables, self.saved, self.told = {table.id: table}, 0, 0
        self.hall = self

    def save(self, table: Table) -> None:
        self.saved += 1

    def broadcast(self, table_id: str) -> None:
        self.told += 1


def _strong_table() -> Table:
    t = Table("t1", "Ana", TableOptions(players=3, robots="strong"), clock=FakeClock(), seed=4)
    t.fill_with_robots("Ana")                    # the robots bid on the loop here: the game starts
    return t


def _ana_plays(t: Table, paced: bool, waited: list[str] | None = None) -> list[str]:
    """Ana makes her first legal choice each turn for a few turns; the robots answer."""
    room = FakeClassroom(t)
    for _ in range(6):
        if t.to_play_name() != "Ana":
            break
        move = str(t.match.deal.legal_moves()[0])
        if not paced:
            t.play("Ana", move)
            continue
        think_ahead(t)
        with deferring():
            try:
                t.play("Ana", move)
            except NotReady:
                assert t.to_play_name() != "Ana" and t.model.seats[t.model.to_play].robot
                asyncio.run(play_robots(room, t))
                assert room.saved and room.told
                waited.append(move)
    return [str(m) for m in t.match.deal.history]


def test_robots_thinking_beside_the_loop_play_the_same_moves():
    waited: list[str] = []
    assert _ana_plays(_strong_table(), paced=True, waited=waited) == _ana_plays(_strong_table(), paced=False)
    assert len(waited) >= 3                      # the robots waited after Ana's moves, then played


def test_the_wrapper_hands_a_move_worked_out_for_that_observation_only():
    state = FrenchTarot.new(3)
    obs = state.observation(state.to_play)
    bot = ThinkAhead(HeuristicBot())
    assert bot.act(obs) == HeuristicBot().act(obs)          # outside an intent: it thinks as before
    with deferring(), pytest.raises(NotReady):
        bot.act(obs)
    bot.ready[obs] = "bid pass"
    with deferring():
        assert bot.act(obs) == "bid pass" and not bot.ready
