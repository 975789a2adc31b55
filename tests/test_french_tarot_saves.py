"""French Tarot saves of positions at every phase: each reachable position restores exactly, and
a custom save whose start is any position is refused with a one-line SaveError naming what is
wrong unless legal play reaches it (hand sizes by phase, one taker, bids, the called card, dog and
discard, poignées, tricks, the Excuse owed, the 78 cards once each)."""

from __future__ import annotations

import json
import random

import pytest
from test_save_fuzz import load_and_play_on, mutate

from tarot_learn import games
from tarot_learn.core import _checksum
from tarot_learn.errors import SaveError
from tarot_learn.games.french_tarot import rules as R
from tarot_learn.games.french_tarot.saved import dealt_cards, read_position


def _played(players: int, seed: int, moves: int):
    state = games.new("french-tarot", seed=seed, players=players)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = state.legal_moves()
        if not legal:
            break
        state.play(rng.choice(legal))
    return state


def _custom_save(start: dict, players: int) -> dict:
    data = json.loads(games.new("french-tarot", seed=1, players=players).to_json())
    data.update(seed=None, custom=True, start=start, moves=[], redo=[], moves_made=0)
    data["checksum"] = _checksum(data)
    return data


def _load_start(start: dict, players: int):
    return games.load(json.dumps(_custom_save(start, players)))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_reachable_position_restores_exactly(players):
    for seed in range(6):
        state = games.new("french-tarot", seed=seed, players=players)
        rng = random.Random(seed)
        while True:
            twin = _load_start(state._snapshot(), players)
            assert twin.key() == state.key() and twin.custom
            assert state.copy().key() == state.key()
            if state.is_over():
                break
            state.play(rng.choice(state.legal_moves()))


def _edited(state, **fields) -> dict:
    start = state._snapshot()
    start.update(fields)
    return start


def _refused(start: dict, players: int, words: str) -> str:
    with pytest.raises(SaveError) as err:
        _load_start(start, players)
    message = str(err.value)
    assert "\n" not in message
    # The position's own check names the fault (the loader may wrap it in its own line).
    try:
        pos = read_position(start, {"players": players, "dealer": start.get("dealer")})
        dealt_cards(pos)
        inner = None
    except SaveError as found:
        inner = str(found)
    if inner is None:
        state = games.new("french-tarot", seed=1, players=players)
        with pytest.raises(SaveError) as found:
            state._restore(start)
        inner = str(found.value)
    assert words in inner, inner
    return inner


def test_broken_positions_are_refused_with_what_is_wrong():
    playing = _played(4, 3, 30)
    assert playing.phase == "playing" and playing.tricks and playing.owed is None
    s = playing._snapshot()
    uneven = [list(h) for h in s["hands"]]
    uneven[0] = sorted(uneven[0] + [uneven[1].pop()], key=lambda t: R.card_number(t))
    _refused(_edited(playing, hands=uneven), 4, "cards dealt")
    _refused(_edited(playing, owed=[0]), 4, "owed")
    _refused(_edited(playing, owed=[1, 1]), 4, "owed")
    _refused(_edited(playing, owed=[0, 1]), 4, "its owed")
    _refused(_edited(playing, taker=-1), 4, "taker")
    _refused(_edited(playing, partner=2), 4, "partner")
    _refused(_edited(playing, leader=7), 4, "leader")
    _refused(_edited(playing, phase="bidding"), 4, "phase")
    _refused(_edited(playing, phase="singing"), 4, "phase")
    _refused(_edited(playing, contract="pass"), 4, "contract")
    _refused(_edited(playing, bids=s["bids"][:2]), 4, "bid")
    _refused(_edited(playing, dog=["KC"]), 4, "78 of the pack")
    _refused(_edited(playing, tricks=[[0, s["tricks"][0][1][:3], 0]] + s["tricks"][1:]), 4, "holds 4 cards")
    _refused(_edited(playing, tricks=[[0, s["tricks"][0][1], 9]] + s["tricks"][1:]), 4, "winner")
    _refused(_edited(playing, poignees=[[0, ["T21"]]]), 4, "poign")
    _refused(_edited(playing, chelem="yes"), 4, "chelem")
    _refused(_edited(playing, reason=["x"]), 4, "reason")
    _refused(_edited(playing, players=5), 4, "players")
    start = _edited(playing)
    del start["won"]
    _refused(start, 4, "fields")


def test_phase_playing_without_a_taker_and_uneven_hands_at_the_start_are_refused():
    fresh = games.new("french-tarot", seed=8)
    _refused(_edited(fresh, phase="playing"), 4, "phase")
    s = fresh._snapshot()
    hands = [list(h) for h in s["hands"]]
    hands[2].append(hands[3].pop())
    _refused(_edited(fresh, hands=hands), 4, "cards dealt")
    _refused(_edited(fresh, taker=2, contract="garde"), 4, "taker")


def test_a_five_player_call_and_partner_must_agree():
    state = _played(5, 4, 7)
    while state.phase != "playing":
        state.play(state.legal_moves()[0])
    s = state._snapshot()
    other = next(k for k in ("KW", "KC", "KS", "KP") if k != s["called"])
    _refused(_edited(state, called=other), 5, "")      # its holder, the partner, or the tricks differ
    _refused(_edited(state, partner=(s["partner"] + 1) % 5 if s["partner"] >= 0 else 2), 5, "partner")
    assert R.text(state.called) == s["called"]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_mutated_positions_at_every_phase_are_refused_or_play_on(players):
    bases = [_custom_save(_played(players, seed, moves)._snapshot(), players)
             for seed, moves in ((1, 3), (2, 8), (3, 20), (4, 45), (5, 70), (6, 300))]
    rng = random.Random(players)
    accepted = 0
    for i in range(1500):
        accepted += load_and_play_on(json.dumps(mutate(bases[i % len(bases)], rng)), rng)
    assert 0 < accepted < 1500
