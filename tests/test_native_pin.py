"""The compiled pinned-cards proof (solve.native.pin) answers exactly as the pure one (solve.lost).

Positions come from random playouts of fresh deals, of deals the proof holds at once, and of
hand-made pinned layouts, so that both answers occur often enough to be compared."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tarot_learn import games
from tarot_learn.solve import lost
from tarot_learn.solve.native.pin import pinned_state

# Each game and its options: a name for the test, games.new keywords.
GAMES = {
    "tarot-trump-ace": ("tarot-solitaire", {"fool": "trump_ace"}),
    "tarot-wild": ("tarot-solitaire", {}),
    "klondike-no-return": ("klondike", {"foundation_return": False}),
    "klondike": ("klondike", {}),
    "american-toad": ("american-toad", {}),
}

# Layouts the proof holds on (tests/test_solver_bestfirst.py's PINNED and variants of it, and one
# of American Toad).
# Default American Toad never pins (every card may open an empty column, every run may be lifted)
# and, building in suit, cannot: a held predecessor would lie under the card waiting for it.  So
# its pinned positions use no empty-column moves and alternate colours: both Sevens of Hearts (the
# base) are held, so no Heart ever goes up.
_KLONDIKE = "f1: ..10S\nf2: ..10H\nf3: ..10D\nf4: ..QC\nt1: [JS KH KD] QH\nt2: [JH KS KC] QS\ns: JD QD\n"
LAYOUTS = {
    "klondike-no-return": ["options: foundation_return=False\n" + _KLONDIKE],
    "klondike": [_KLONDIKE],
    "tarot-wild": ["f1: ..PW\nf2: ..PC\nf3: ..9S\nf4: ..8P\nf5: ..T21\nt1: [T0 10S NC NP] PP\n"
                   "t2: [10P NS NW] PS\nt3: KC QS\nt4: KS QC\nt5: KP QW\nt6: KW QP\ns: 9P\n"],
    "tarot-trump-ace": ["options: fool=trump_ace\nf1: ..PW\nf2: ..PC\nf3: ..9S\nf4: ..8P\nf5: ..T21\n"
                        "t1: [10S NC NP] PP\nt2: [10P NS NW] PS\nt3: KC QS\nt4: KS QC\nt5: KP QW\n"
                        "t6: KW QP\ns: 9P\n",
                        "options: fool=trump_ace\nf1: ..PW\nf2: ..PC\nf3: ..9S\nf4: ..8P\nf5: ..T21\n"
                        "t1: [10S NC NP QC QP] PP\nt2: [10P NS] PS\nt3: KC QS\nt4: KS\nt5: KP QW\n"
                        "t6: KW\ns: 9P NW\n"],
    "american-toad": ["options: empty_column=none build=alternate\nbase: 7\nf1: ..6S\nf2: ..6S\n"
                      "f5: 7D\nf6: 7D\nf7: 7C 8C\nf8: 7C 8C\nt1: 7H 6C 5H\nt2: 7H 6C 5H\nt3: 9D\n"
                      "t4: 10D\nt5: JC\n"],
}
# Fresh deals of the variant too, for its answers False.
VARIANT = {"american-toad": ("american-toad", {"empty_column": "none", "build": "alternate"})}


def _pick(rng, moves):
    """A random legal move, mostly one onto a column when biased (piles cards up in columns)."""
    onto = [m for m in moves if m.dst.startswith("t")]
    if onto and rng.random() < 0.6:
        return rng.choice(onto)
    return rng.choice(moves)


def _playout(state, rng, steps, every):
    """The positions met every ``every`` moves of a random playout of ``steps`` moves."""
    out = [state.copy()]
    for k in range(steps):
        moves = state.legal_moves()
        if not moves:
            break
        state.play(_pick(rng, moves) if rng.random() < 0.5 else rng.choice(moves))
        if k % every == every - 1:
            out.append(state.copy())
    return out


def _starts(key):
    """Start positions: fresh deals, deals pinned at once (found by trying seeds; none in
    American Toad), the layouts, each with a seed for its playout."""
    name, opts = GAMES[key]
    starts = [(games.new(name, seed=s, **opts), s) for s in range(12)]
    if key in VARIANT:
        vname, vopts = VARIANT[key]
        starts += [(games.new(vname, seed=s, **vopts), 100 + s) for s in range(4)]
    dead = [s for s in range(3000) if lost.pinned(games.new(name, seed=s, **opts))][:6]
    starts += [(games.new(name, seed=s, **opts), s) for s in dead]
    for i, text in enumerate(LAYOUTS.get(key, ())):
        starts += [(games.from_layout(name, text), 1000 * (i + 1) + r) for r in range(6)]
    return starts


@pytest.mark.parametrize("key", sorted(GAMES))
def test_compiled_pinned_answers_as_the_pure_one(key):
    counts = {True: 0, False: 0}
    for start, seed in _starts(key):
        for state in _playout(start, random.Random(seed), 120, 3):
            expected = lost.pinned(state)
            assert pinned_state(state) == expected, state.layout()
            counts[expected] += 1
    print(key, counts)
    assert sum(counts.values()) >= 300
    assert counts[True] >= 10 and counts[False] >= 10, counts


@settings(max_examples=60, deadline=None)
@given(key=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10**6), steps=st.integers(0, 150))
def test_compiled_pinned_on_any_deal_and_playout(key, seed, steps):
    name, opts = GAMES[key]
    state = _playout(games.new(name, seed=seed, **opts), random.Random(seed), steps, max(1, steps))[-1]
    assert pinned_state(state) == lost.pinned(state)
