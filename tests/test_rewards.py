"""Experience points and chips of a shared table (FT-49, FT-50), against figures worked by hand."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from tarot_learn.classroom.rewards import Outcome, rewards
from tarot_learn.errors import OptionError


def test_four_players_one_round_contract_made_taker_takes_the_whole_pot() -> None:
    # Pot 4 x 10 = 40, no bank share in a one-round game; XP 10 x 4 = 40 to the winner, 5 to others.
    r = rewards(Outcome(4, 1, (0, 1, 2, 3), (-20, -20, 60, -20), bet=10, attack=(2,), made=True))
    assert r.xp == (5, 5, 40, 5)
    assert r.chips == (-10, -10, 30, -10) and r.bank == 0


def test_four_players_one_round_contract_failed_defenders_take_back_their_bets() -> None:
    r = rewards(Outcome(4, 1, (0, 1, 2, 3), (20, 20, -60, 20), bet=10, attack=(2,), made=False))
    assert r.xp == (40, 40, 5, 40)
    assert r.chips == (0, 0, -10, 0) and r.bank == 10   # the taker's bet goes to the bank


def test_three_players_three_rounds_bank_keeps_a_quarter() -> None:
    # Pot 3 x 20 = 60; the bank keeps 25% = 15; the winner takes 45 (a gain of 25 on the bet).
    # XP: 10 x 3 + 10 per extra round (2 extra) = 50.
    r = rewards(Outcome(3, 3, (0, 1, 2), (120, -60, -60), bet=20))
    assert r.xp == (50, 5, 5)
    assert r.chips == (25, -20, -20) and r.bank == 15


def test_three_players_one_round() -> None:
    r = rewards(Outcome(3, 1, (0, 1, 2), (-50, 100, -50), bet=4, attack=(1,), made=True))
    assert r.xp == (5, 30, 5) and r.chips == (-4, 8, -4) and r.bank == 0


def test_four_players_three_rounds_tied_winners_share_and_fraction_goes_to_the_bank() -> None:
    # Pot 4 x 7 = 28; 75% = 21 in whole chips, shared by two winners as 10 each; bank 28 - 20 = 8.
    r = rewards(Outcome(4, 3, (0, 1, 2, 3), (60, 60, -60, -60), bet=7))
    assert r.xp == (60, 60, 5, 5)
    assert r.chips == (3, 3, -7, -7) and r.bank == 8


def test_five_players_one_round_partner_wins_xp_but_the_taker_takes_the_pot() -> None:
    r = rewards(Outcome(5, 1, (0, 1, 2, 3, 4), (80, -20, -20, 0, -40), bet=2, attack=(0, 3), made=True))
    assert r.xp == (50, 5, 5, 50, 5)
    assert r.chips == (8, -2, -2, -2, -2) and r.bank == 0


def test_a_robot_neither_bets_nor_wins_its_share_goes_to_the_bank() -> None:
    r = rewards(Outcome(4, 2, (0, 1), (-10, -20, 50, -20), bet=10))
    assert r.xp == (5, 5, 0, 0)
    assert r.chips == (-10, -10, 0, 0) and r.bank == 20


def test_cancelled_game_returns_every_bet_except_an_abandoning_players() -> None:
    r = rewards(Outcome(4, 2, (0, 1, 2, 3), (0, 0, 0, 0), bet=10, cancelled=True, abandoned=(2,)))
    assert r.xp == (0, 0, 0, 0)
    assert r.chips == (0, 0, -10, 0) and r.bank == 10


def test_practice_game_earns_and_costs_nothing() -> None:
    r = rewards(Outcome(3, 2, (0, 1, 2), (10, -5, -5), bet=10, competitive=False))
    assert r == type(r)((0, 0, 0), (0, 0, 0), 0)


@pytest.mark.parametrize("bad", [
    dict(players=6), dict(rounds=0), dict(bet=-1), dict(totals=(1, 2)), dict(humans=(0, 9)),
    dict(rounds=1, attack=()),
])
def test_impossible_outcomes_are_refused_in_one_line(bad: dict) -> None:
    fields = dict(players=4, rounds=2, humans=(0, 1), totals=(0, 0, 0, 0), bet=1) | bad
    with pytest.raises(OptionError) as err:
        rewards(Outcome(**fields))
    assert "\n" not in str(err.value)


@given(players=st.sampled_from([3, 4, 5]), rounds=st.integers(1, 6), bet=st.integers(0, 1000),
       data=st.data())
def test_chips_always_balance_and_xp_is_never_negative(players: int, rounds: int, bet: int, data) -> None:
    humans = tuple(sorted(data.draw(st.sets(st.integers(0, players - 1), min_size=1))))
    totals = tuple(data.draw(st.lists(st.integers(-500, 500), min_size=players, max_size=players)))
    attack = (data.draw(st.integers(0, players - 1)),)
    outcome = Outcome(players, rounds, humans, totals, bet=bet, attack=attack, made=data.draw(st.booleans()),
                      cancelled=data.draw(st.booleans()), competitive=data.draw(st.booleans()))
    r = rewards(outcome)
    assert sum(r.chips) + r.bank == 0
    assert min(r.xp) >= 0 and r.bank >= 0
    assert all(r.xp[s] == 0 and r.chips[s] == 0 for s in range(players) if s not in humans)


def test_the_class_server_uses_the_table_models_rewards() -> None:
    from tarot_learn.games.french_tarot import rewards as model_rewards

    assert rewards is model_rewards.rewards and Outcome is model_rewards.Outcome
