"""The French Tarot table model (games/french_tarot/table.py) on its own: seats, robots, the turn
clock with a fake clock, undo marks, the vote to end, the outcome; random use never breaks it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from tarot_learn.core import Move
from tarot_learn.errors import IllegalMove, OptionError
from tarot_learn.games.french_tarot.bots import HeuristicBot, RandomBot
from tarot_learn.games.french_tarot.rewards import rewards
from tarot_learn.games.french_tarot.table import FakeClock, Played, TableModel

BOT = HeuristicBot()


class Recorder:
    """A bot that remembers which seats it was asked to play for."""

    def __init__(self) -> None:
        self.seats: list[int] = []

    def act(self, observation):
        self.seats.append(observation.player)
        return BOT.act(observation)


def table(people: int = 2, players: int = 4, clock: FakeClock | None = None, **kw) -> TableModel:
    t = TableModel(players, clock=clock or FakeClock(), **kw)
    for i in range(people):
        t.sit(f"P{i}")
    t.fill_with_robots()
    return t


def person_plays(t: TableModel) -> Move:
    seat = t.to_play
    move = t.play(seat, BOT.act(t.observation(seat)))
    t.settle()
    return move


def test_robots_play_until_a_person_is_to_play_and_the_clock_starts_then() -> None:
    clock = FakeClock()
    t = table(1, clock=clock, seconds_per_turn=20)
    t.start(seed=4)
    played = t.settle()
    assert all(isinstance(p, Played) and p.by == "robot" and t.seats[p.seat].robot for p in played)
    assert t.to_play == 0 and t.deadline == clock.now + 20 and t.seconds_left() == 20
    clock.now += 5
    t.arm_clock()                                   # the same turn keeps its deadline
    assert t.seconds_left() == 15


def test_a_timeout_plays_for_the_late_seat_with_that_seats_bot() -> None:
    clock = FakeClock()
    bots = [Recorder() for _ in range(4)]
    t = table(4, clock=clock, seconds_per_turn=30, bots=bots)
    t.start(seed=9)
    t.settle()
    late, moves = t.to_play, len(t.match.deal.history)
    clock.now += 29
    assert not t.due() and t.tick() == 0 and len(t.match.deal.history) == moves
    clock.now += 1
    assert t.due() and t.tick() == 1
    assert len(t.match.deal.history) == moves + 1 and bots[late].seats == [late]
    assert t.deadline == clock.now + 30             # the next person's clock starts now


def test_a_stale_turn_never_times_out_the_next_one() -> None:
    clock = FakeClock()
    t = table(4, clock=clock, seconds_per_turn=10)
    t.start(seed=2)
    t.settle()
    old = t.turn_key()
    person_plays(t)
    key = t.match.deal.key()
    assert t.timeout(old) is None and t.match.deal.key() == key
    played = t.timeout()
    assert played is not None and played.by == "clock" and played.explanation


def test_without_a_clock_nobody_is_played_for() -> None:
    clock = FakeClock()
    t = table(2, clock=clock)
    t.start(seed=3)
    t.settle()
    clock.now += 10 ** 6
    assert t.deadline is None and not t.due() and t.tick() == 0


def test_an_illegal_or_out_of_turn_move_names_its_rule_and_changes_nothing() -> None:
    t = table(4)
    t.start(seed=5)
    t.settle()
    before = t.match.deal.to_json()
    waiting = next(s for s in range(4) if s != t.to_play)
    with pytest.raises(IllegalMove) as err:
        t.play(waiting, "bid pass")
    assert err.value.rule == "FT-17"
    with pytest.raises(IllegalMove) as err:
        t.play(t.to_play, "play T21" if "T21" not in map(str, t.observation(t.to_play).hand) else "play AW")
    assert err.value.rule and t.match.deal.to_json() == before and t.marks == []


def test_a_robot_seat_is_not_played_by_a_person() -> None:
    t = table(1)
    t.start(seed=6)
    with pytest.raises(IllegalMove) as err:
        t.play(3, "bid pass")
    assert err.value.rule == "FT-45"


def test_robots_play_a_whole_match_to_the_end() -> None:
    t = table(0, players=3, bots=[RandomBot(seed=1), HeuristicBot(), HeuristicBot()])
    t.start(rounds=1, seed=8)
    while not t.match.is_over():
        t.settle()
        assert not t.match.in_progress
        if not t.match.is_over():
            t.next_deal()
    assert t.match.sheet.scored_deals() == 3 and sum(t.match.totals()) == 0
    assert t.voters() == set() and t.to_play is None


def test_undo_takes_back_a_decision_and_the_robots_replies_where_allowed() -> None:
    t = table(1, undo=True)
    t.start(seed=5)
    t.settle()
    key = t.match.deal.key()
    person_plays(t)
    assert t.marks and t.match.deal.key() != key
    t.undo()
    assert t.match.deal.key() == key and t.to_play == 0 and t.marks == []
    with pytest.raises(IllegalMove):
        t.undo()
    shared = table(1)
    shared.start(seed=5)
    shared.settle()
    person_plays(shared)
    with pytest.raises(IllegalMove):
        shared.undo()                                # a shared table has no undo


def test_ending_by_agreement_needs_every_person_and_robots_do_not_vote() -> None:
    t = table(2)
    t.start(seed=3)
    t.settle()
    assert t.voters() == {"P0", "P1"}
    assert t.propose_end("P0") is False
    with pytest.raises(IllegalMove):
        t.accept_end("robot 3")
    assert t.accept_end("P1") is True and t.match.cancelled and t.deadline is None
    outcome = t.outcome(rounds=2, bet=10, competitive=True)
    assert outcome.cancelled and outcome.humans == (0, 1)
    assert rewards(outcome).chips == (0, 0, 0, 0)


def test_a_lost_connection_is_held_then_abandoned_on_the_clock() -> None:
    clock = FakeClock()
    t = table(2, clock=clock)
    t.start(seed=1)
    t.settle()
    t.disconnect(1, hold_seconds=60)
    assert t.seats[1].robot and t.to_play != 1 and t.voters() == {"P0", "P1"}
    clock.now += 61
    assert t.tick() >= 1 and t.seats[1].abandoned and t.voters() == {"P0"}
    with pytest.raises(IllegalMove) as err:
        t.reconnect(1)
    assert err.value.rule == "FT-47"


def test_a_one_round_game_gives_the_rewards_their_outcome() -> None:
    t = table(4)
    t.start(seed=7)
    while not t.game_over(1):
        t.settle()
        if t.match.in_progress:
            person_plays(t)
        else:
            t.next_deal()
    outcome = t.outcome(1, bet=5, competitive=True)
    assert outcome.attack and outcome.humans == (0, 1, 2, 3)
    got = rewards(outcome)
    assert sum(got.chips) + got.bank == 0


@pytest.mark.parametrize("bad", [dict(players=6), dict(players=True), dict(bots=[BOT, BOT])])
def test_wrong_arguments_are_refused_in_one_line(bad: dict) -> None:
    with pytest.raises(OptionError) as err:
        TableModel(**({"players": 4} | bad))
    assert "\n" not in str(err.value)


@settings(max_examples=25, deadline=None)
@given(players=st.sampled_from([3, 4, 5]), seed=st.integers(0, 10_000), data=st.data(),
       people=st.integers(0, 5), clocked=st.booleans())
def test_random_legal_intents_never_break_the_table(players, seed, data, people, clocked) -> None:
    clock = FakeClock()
    t = table(min(people, players), players, clock, seconds_per_turn=15 if clocked else None, undo=True,
              redeal_thrown_in=data.draw(st.booleans()))
    t.start(rounds=None, seed=seed)
    t.settle()
    full = sorted(t.match.deal.cards())
    kinds = st.sampled_from(["move"] * 6 + ["wait", "wait", "undo", "deal"])   # mostly moves
    for step in data.draw(st.lists(st.tuples(kinds, st.integers(0, 500)), min_size=10, max_size=80)):
        kind, n = step
        if kind == "move" and t.to_play is not None:
            legal = t.match.deal.legal_moves()
            t.play(t.to_play, legal[n % len(legal)])
        elif kind == "wait":
            clock.now += n % 20
            t.tick()
        elif kind == "undo" and t.marks:
            t.undo()
        elif kind == "deal" and t.to_play is None:
            t.next_deal()
        t.settle()
        deal = t.match.deal
        assert sorted(deal.cards()) == full                          # no card lost or doubled
        assert sum(t.match.totals()) == 0
        assert t.to_play is None or not t.seats[t.to_play].robot     # robots never keep the turn
        assert (t.deadline is not None) == (clocked and t.to_play is not None)
        assert t.marks == sorted(t.marks) and all(m < len(deal.history) for m in t.marks)
