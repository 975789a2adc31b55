"""One conformance suite for every registered game (ARCHITECTURE.md, "One interface").

Random legal play driven by hypothesis; undo back to the start restores ``key()`` exactly; a save
round trip restores position, history and redo line; no card is ever lost or duplicated; an
illegal move changes nothing.
"""

from collections import Counter

import pytest
from hypothesis import given, strategies as st

from tarot_learn import games
from tarot_learn.core import IllegalMove, Move

NAMES = games.names()
MAX_STEPS = 120


def _conserved(state, start_cards):
    assert Counter(state.cards()) == start_cards, "a card was lost or duplicated"


@pytest.mark.parametrize("name", NAMES)
@given(seed=st.integers(0, 2 ** 40 - 1), picks=st.lists(st.integers(0, 10 ** 6), max_size=MAX_STEPS))
def test_random_legal_play_undo_and_save(name, seed, picks):
    state = games.new(name, seed=seed)
    start_key = state.key()
    start_cards = Counter(state.cards())
    keys = [start_key]
    for pick in picks:
        moves = state.legal_moves()
        if not moves:
            assert state.is_over()
            break
        assert moves == state.legal_moves(), "legal_moves must be deterministic"
        assert len(set(moves)) == len(moves), "a move is listed twice"
        move = moves[pick % len(moves)]
        assert Move.parse(str(move)) == move or state.parse_move(str(move)) == move
        state.play(move)
        keys.append(state.key())
        _conserved(state, start_cards)
    # Save and load mid-game: same position, same history.
    loaded = games.load(state.to_json())
    assert loaded.key() == state.key() and loaded.moves == state.moves
    # Undo walks back through exactly the same positions.
    for expected in reversed(keys[:-1]):
        state.undo()
        assert state.key() == expected
    assert state.key() == start_key
    _conserved(state, start_cards)
    # and redo walks forward again.
    for expected in keys[1:]:
        state.redo()
        assert state.key() == expected


@pytest.mark.parametrize("name", NAMES)
def test_illegal_moves_change_nothing(name):
    state = games.new(name, seed=11)
    for _ in range(5):
        if state.legal_moves():
            state.play(state.legal_moves()[0])
    before = (state.key(), state.moves, state.redo_moves)
    legal = set(state.legal_moves())
    candidates = [Move("move", a, b, n) for a in ("t1", "t2", "w", "f1", "s", "r")
                  for b in ("t1", "t3", "f1", "f2") for n in (1, 2)]
    candidates += [Move("draw"), Move("redeal"), Move("play", arg="T21"), Move("bid", arg="garde")]
    tried = 0
    for move in candidates:
        if move in legal:
            continue
        tried += 1
        with pytest.raises(IllegalMove) as err:
            state.play(move)
        assert str(err.value) and "\n" not in str(err.value)
        assert (state.key(), state.moves, state.redo_moves) == before
    assert tried > 10


@pytest.mark.parametrize("name", NAMES)
def test_options_and_deal_codes(name):
    cls = games.get(name)
    for opt in cls.options_spec:
        for choice in opt.choices:
            try:
                state = games.new(name, seed=5, **{opt.name: choice})
            except games.OptionError:
                continue  # a contradictory combination, refused on purpose
            again = games.from_code(state.deal_code)
            assert again.key() == state.key() and again.options == state.options
    with pytest.raises(games.OptionError):
        games.new(name, seed=1, no_such_option=1)


@pytest.mark.parametrize("name", NAMES)
def test_view_is_json(name):
    import json
    state = games.new(name, seed=2)
    json.dumps(state.view())
