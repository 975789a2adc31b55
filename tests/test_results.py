"""Result codes: a finished game as deal code + moves, proved by replay."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from tarot_learn import games, results
from tarot_learn.errors import SaveError
from tarot_learn.results import PREFIX, result_code, verify


def played(name: str, seed: int, n: int):
    s = games.new(name, seed=seed)
    for i in range(n):
        moves = s.legal_moves()
        if not moves:
            break
        s.play(moves[(i * 7) % len(moves)])
    return s


@pytest.mark.parametrize("name", games.names())
def test_a_result_code_round_trips_by_replay(name):
    s = played(name, 5, 60)
    code = result_code(s)
    assert code.startswith(PREFIX + ".") and "\n" not in code
    v = verify(code)
    assert v.state.key() == s.key() and v.moves == tuple(str(m) for m in s.moves)
    assert v.deal_code == s.deal_code and v.returns == s.returns()
    assert verify("  " + code[:30] + "\n" + code[30:] + " ").state.key() == s.key()  # pasted with breaks


def test_a_won_game_verifies_as_won():
    from tarot_learn.solve import solve
    s = games.new("tarot-solitaire", seed=1, face_down_row=False)
    for m in solve(s, seconds=20).moves:
        s.play(m)
    v = verify(result_code(s))
    assert v.won and v.moves_made == len(s.moves)


def test_any_edit_of_a_move_is_refused():
    s = played("klondike", 9, 30)
    code = result_code(s)
    head, deal, packed, check = code.split(".")
    for i in range(0, len(packed), 3):
        c = "A" if packed[i] != "A" else "B"
        edited = f"{head}.{deal}.{packed[:i]}{c}{packed[i + 1:]}.{check}"
        with pytest.raises(SaveError):
            verify(edited)


def test_a_forged_result_with_a_recomputed_check_must_still_replay():
    """Anyone can recompute the check word, but the moves must still be legal from the deal."""
    import base64
    import zlib
    from tarot_learn.results import _check
    s = games.new("klondike", seed=9)
    packed = base64.urlsafe_b64encode(zlib.compress(b"t1>f1;t2>f2;t3>f3")).decode().rstrip("=")
    body = f"{PREFIX}.{s.deal_code}.{packed}"
    with pytest.raises(SaveError, match="move 1 of the result"):
        verify(f"{body}.{_check(body)}")


def test_a_custom_position_gives_no_result_code():
    s = games.from_layout("klondike", "t1: KS\nf1: ..QS\nf2: ..KH\nf3: ..KD\nf4: ..KC")
    with pytest.raises(SaveError, match="custom"):
        result_code(s)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=300), st.binary(max_size=100).map(lambda b: b.decode("latin-1")),
                 st.builds(lambda a, b, c: f"{PREFIX}.{a}.{b}.{c}", st.text(max_size=20),
                           st.text(max_size=60), st.text(max_size=12))))
def test_garbage_gives_a_save_error_and_nothing_else(text):
    with pytest.raises(SaveError):
        verify(text)


def test_a_huge_code_is_refused_before_any_work():
    with pytest.raises(SaveError, match="at most"):
        verify(PREFIX + "." + "A" * 1_000_000)


def test_a_game_key_is_the_deal_and_the_moves_as_played_not_their_encoding():
    import base64
    import hashlib
    import zlib

    state = games.new("klondike", seed=7)
    for _ in range(3):
        state.play(state.legal_moves()[0])
    code = results.result_code(state)
    verified = results.verify(code)
    packed = base64.urlsafe_b64encode(zlib.compress(";".join(verified.moves).encode(), 0)).decode()
    body = f"TLR1.{state.deal_code}.{packed}"
    other = f"{body}.{hashlib.sha256(body.encode()).hexdigest()[:10]}"
    assert other != code
    assert results.played_moves(results.verify(other)) == results.played_moves(verified)
    assert results.game_key(results.verify(other)) == results.game_key(verified)
    state.play(state.legal_moves()[0])
    assert results.game_key(results.verify(results.result_code(state))) != results.game_key(verified)
