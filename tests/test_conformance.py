"""One conformance suite for every registered game (docs/architecture.md, "One interface for every game").

Random legal play driven by hypothesis; undo back to the start restores ``key()`` exactly; a save
round trip restores position, history and redo line; no card is ever lost or duplicated; an
illegal move changes nothing.
"""

import json
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

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


# ----- the State contract: current_player, observation, returns --------------------------------
def _face_up_patience_cards(state) -> Counter:
    """Every card a patience's player sees, read from the engine's own piles."""
    cs = state.tbl.cards
    seen = [cs[i] for col, d in zip(state.tab, state.down) for i in col[d:]]
    seen += [cs[i] for f in state.found for i in f] + [cs[i] for i in state.waste]
    seen += [cs[i] for i in state.reserve[-1:]]
    return Counter(seen)


def _secret_cards_for(state, seat: int) -> set:
    """French Tarot: cards in another seat's hand that nobody has shown (poignées are shown),
    and the dog while it lies face down."""
    shown = {c for _, cards in state.poignees for c in cards} | set(state.dog_seen)   # FT-15, FT-11
    secret = {c for s in range(state.players) if s != seat for c in state.hands[s] if c not in shown}
    if state.phase.value not in ("scored",):
        secret |= set(state.dog)
    from tarot_learn.games.french_tarot import rules as R
    return {R.CARDS[c] for c in secret}


def _check_observations(state) -> None:
    n = state.num_players()
    total = len(state.cards())
    from tarot_learn.observation import SPECTATOR
    for player in [*range(n), SPECTATOR]:
        obs = state.observation(player)
        assert obs.player == player and obs.game == state.name
        assert obs.current_player == state.current_player()
        assert all(p.hidden >= 0 for p in obs.piles)
        if n == 1:
            assert sum(p.size for p in obs.piles) == total, "every card is in exactly one pile"
        else:
            # French Tarot also shows cards that stay in a hand (a poignée, a dog the taker took),
            # and keeps won tricks as a record (``obs.tricks``): every hand is there, at its size.
            assert obs.hand_sizes == tuple(len(h) for h in state.hands)
        again = state.observation(player)
        assert again == obs and json.dumps(again.to_json()) == json.dumps(obs.to_json())
        # Only the player whose turn it is gets moves (a patience's one player always does:
        # a stuck patience may still cycle its stock).
        if player == SPECTATOR or (n > 1 and player != state.current_player()):
            assert obs.legal == ()
        else:
            assert obs.legal == tuple(str(m) for m in state.legal_moves())
        visible = Counter(obs.visible_cards())
        if n == 1:
            assert visible == _face_up_patience_cards(state), "a face-down card was shown"
        else:
            viewer = player if player != SPECTATOR else -1
            leaked = set(visible) & _secret_cards_for(state, viewer)
            assert not leaked, f"seat {player} sees {leaked}"
            if player == SPECTATOR:
                assert obs.hand == ()


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2 ** 40 - 1), picks=st.lists(st.integers(0, 10 ** 6), min_size=250, max_size=250))
def test_state_contract_over_random_play_to_the_end(name, seed, picks):
    state = games.new(name, seed=seed)
    n = state.num_players()
    for pick in picks:
        assert len(state.returns()) == n
        _check_observations(state)
        if state.is_over():
            break
        assert state.current_player() is not None
        moves = state.legal_moves()
        state.play(moves[pick % len(moves)])
    returns = state.returns()
    if n == 1:
        assert returns in ((0.0,), (1.0,)) and (returns == (1.0,)) == state.is_won()
    else:
        assert abs(sum(returns)) < 1e-9, "French Tarot scores sum to zero"
        assert state.is_over() and state.current_player() is None
        assert not hasattr(state, "is_won"), "French Tarot has no single meaning of won"


@pytest.mark.parametrize("name", NAMES)
def test_observation_is_json_and_refuses_a_seat_that_is_not_there(name):
    state = games.new(name, seed=2)
    json.dumps(state.observation(0).to_json())
    for bad in (state.num_players(), -2, "0", 1.5, True):
        with pytest.raises(games.OptionError):
            state.observation(bad)
