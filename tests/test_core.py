"""The State bookkeeping, moves, options and saves, on a toy game (issue 2 item 4)."""

import json

import pytest

from tarot_learn import games
from tarot_learn.deals import encode_deal_code
from tarot_learn.core import MoveSyntaxError, TarotLearnError, IllegalMove, Move, OptionError, SaveError, read_save
from toy_game import Toy


def new(seed=3, **opts):
    return Toy.new(seed, **opts)


def first_legal(state):
    return state.legal_moves()[0]


def test_move_text_round_trip():
    for text in ["t3>t5x2", "w>f1", "t1>t2", "draw", "redeal", "bid garde", "play T21",
                 "discard 2C 3C 4C"]:
        assert str(Move.parse(text)) == text
    assert Move.parse("  T3 > T5 x2 ") == Move("move", "t3", "t5", 2)
    assert Move.parse(Move("draw")) == Move("draw")


@pytest.mark.parametrize("bad", ["", ">", "t3>", ">t3", "t3>t5x0", "t3>t5xx", "3 cards", 7])
def test_bad_move_text(bad):
    # Text that is no move is a syntax error, not a move the rules forbid; both are the family's.
    with pytest.raises(MoveSyntaxError) as err:
        Move.parse(bad)
    assert not isinstance(err.value, IllegalMove) and isinstance(err.value, TarotLearnError)


def test_play_undo_redo():
    s = new()
    start = s.key()
    moves = []
    for _ in range(3):
        moves.append(s.play(first_legal(s)))
    after = s.key()
    assert s.moves == moves and s.move_count == 3
    assert [s.undo() for _ in range(3)] == moves[::-1]
    assert s.key() == start and s.redo_moves == moves
    for m in moves:
        assert s.redo() == m
    assert s.key() == after
    with pytest.raises(IllegalMove, match="no move to redo"):
        s.redo()
    s.undo_all()
    with pytest.raises(IllegalMove, match="no move to undo"):
        s.undo()
    assert s.moves_made == 6, "undo does not lower the score; each redo counts again"


def test_a_new_move_ends_the_redo_line_but_replaying_it_keeps_it():
    s = new()
    a = s.play(first_legal(s))
    b = s.play(first_legal(s))
    s.undo()
    s.undo()
    s.play(a)
    assert s.redo_moves == [b], "playing the redo line's next move keeps the rest"
    s.undo()
    other = [m for m in s.legal_moves() if m != a][0]
    s.play(other)
    assert s.redo_moves == []


def test_illegal_move_names_rule_and_changes_nothing():
    s = new()
    s.play(first_legal(s))
    before = (s.key(), list(s.moves), s.redo_moves)
    illegal = [Move("move", f"p{i}", f"p{j}") for i in range(1, 4) for j in range(1, 4)
               if i != j and Move("move", f"p{i}", f"p{j}") not in s.legal_moves()]
    for m in illegal + [Move("draw"), Move("move", "p9", "p1")]:
        with pytest.raises(IllegalMove) as err:
            s.play(m)
        assert err.value.rule == "TOY-1"
        assert (s.key(), list(s.moves), s.redo_moves) == before
        assert s.explain(m).startswith("Not allowed:")
        assert s.why_illegal(m) is not None


def test_explain_legal():
    s = new()
    assert "TOY-1" in s.explain(first_legal(s))
    assert s.why_illegal(first_legal(s)) is None


def test_options_checked():
    assert new(piles="4").options["piles"] == 4
    assert new(strict="yes").options["strict"] is True
    with pytest.raises(OptionError, match="piles=9 is not allowed; choose one of 3, 4"):
        new(piles=9)
    with pytest.raises(OptionError, match="unknown option 'colour'"):
        new(colour="red")
    with pytest.raises(OptionError, match="True is not allowed"):
        new(piles=True)
    for seed in (-1, 2 ** 40, "7", 1.5, True):
        with pytest.raises(OptionError, match="seed"):
            Toy.new(seed)


def test_same_seed_same_deal_different_seed_differs():
    assert new(5).key() == new(5).key()
    assert len({new(s).key() for s in range(20)}) > 10


def test_save_load_round_trip_with_redo(toy_registered):
    s = new(piles=4)
    for _ in range(4):
        s.play(first_legal(s))
    s.undo()
    t = games.load(s.to_json())
    assert type(t) is Toy
    assert t.key() == s.key() and t.moves == s.moves and t.redo_moves == s.redo_moves
    assert t.options == s.options and t.deal_code == s.deal_code
    assert t.moves_made == s.moves_made == 4
    t.undo_all()
    s.undo_all()
    assert t.key() == s.key()


def test_deal_code_recreates_deal_with_options(toy_registered):
    s = new(123, piles=4, strict=True)
    t = games.from_code(s.deal_code)
    assert t.key() == s.key() and t.options == s.options


def test_truncated_save(toy_registered):
    text = new().to_json()
    with pytest.raises(SaveError, match="not complete JSON"):
        games.load(text[: len(text) // 2])


def test_tampered_save(toy_registered):
    s = new()
    s.play(first_legal(s))
    data = json.loads(s.to_json())
    data["moves"] = ["p1>p1"]
    with pytest.raises(SaveError, match="checksum"):
        games.load(json.dumps(data))


def test_save_with_an_illegal_move_even_when_the_checksum_is_redone(toy_registered):
    from tarot_learn.core import _checksum
    s = new()
    data = json.loads(s.to_json())
    legal = {str(m) for m in s.legal_moves()}
    data["moves"] = [next(f"p{i}>p{j}" for i in range(1, 4) for j in range(1, 4)
                          if i != j and f"p{i}>p{j}" not in legal)]
    data["checksum"] = _checksum(data)
    with pytest.raises(SaveError, match="move 1 of the save"):
        games.load(json.dumps(data))


@pytest.mark.parametrize("text,msg", [
    ("", "not complete JSON"),
    ("[1, 2]", "not a tarot_learn save"),
    ('{"format": "tarot_learn/save", "version": 99}', "newer tarot_learn"),
    (b"\xff\xfe", "not UTF-8"),
])
def test_not_a_save(text, msg):
    with pytest.raises(SaveError, match=msg):
        read_save(text)


def test_copy_is_independent():
    s = new()
    s.play(first_legal(s))
    c = s.copy()
    assert c.key() == s.key() and c.moves == []
    c.play(first_legal(c))
    assert c.key() != s.key()
    h = s.copy(history=True)
    assert h.moves == s.moves and h.key() == s.key()


@pytest.mark.parametrize("name", ["klondike", "tarot-solitaire", "american-toad"])
def test_a_copy_without_its_moves_is_never_saved_as_another_position(name):
    s = games.new(name, seed=7)
    for _ in range(3):
        s.play(s.legal_moves()[0])
    c = s.copy()
    assert c.key() == s.key()
    with pytest.raises(SaveError, match="copy it with copy"):
        c.to_json()
    full = c.copy(history=True)          # starts where the copy was made, not at the deal
    assert full.key() == s.key()
    assert games.load(s.copy(history=True).to_json()).key() == s.key()


def test_a_copy_of_a_fresh_deal_still_saves():
    s = games.new("klondike", seed=7)
    assert games.load(s.copy().to_json()).key() == s.key()


def test_repr_mentions_deal_code():
    s = new(9)
    assert s.deal_code in repr(s)


def test_registry_errors():
    with pytest.raises(OptionError, match="no game called 'nope'"):
        games.new("nope")
    with pytest.raises(Exception, match="names no game"):
        games.from_code(encode_deal_code("ZZ", "", 5))


# ----- forged and hostile saves -------------------------------------------------------------------
def _resealed(data: dict) -> str:
    from tarot_learn.core import _checksum
    data["checksum"] = _checksum(data)
    return json.dumps(data)


@pytest.mark.parametrize("name", ["klondike", "tarot-solitaire", "american-toad", "french-tarot"])
def test_a_forged_start_with_a_valid_checksum_is_refused(name):
    """A save carries its start, but a seeded save's start is dealt again from the seed: an
    easier position written into the file cannot pass for the deal."""
    s = games.new(name, seed=41)
    other = games.new(name, seed=42)
    data = json.loads(s.to_json())
    data["start"] = json.loads(other.to_json())["start"]
    with pytest.raises(SaveError, match="not deal .*'s"):
        games.load(_resealed(data))
    # the honest save still loads
    assert games.load(s.to_json()).key() == s.key()


def test_a_custom_position_stays_custom_after_a_save():
    s = games.from_layout("klondike", "f1: ..QS\nf2: ..QH\nf3: ..QD\nf4: ..KC\nt1: KS\nt2: KH\nt3: KD")
    s.play("t1>f1")
    loaded = games.load(s.to_json())
    assert loaded.custom and loaded.deal_code is None and json.loads(s.to_json())["custom"] is True
    assert loaded.key() == s.key() and not games.new("klondike", seed=1).custom


@pytest.mark.parametrize("bad_seed", [-1, 2 ** 41, "7", 1.5, True])
def test_a_save_with_a_seed_that_is_no_seed_is_refused(bad_seed):
    data = json.loads(games.new("klondike", seed=3).to_json())
    data["seed"] = bad_seed
    with pytest.raises(SaveError, match="seed"):
        games.load(_resealed(data))


def test_hostile_json_is_refused_quickly_and_in_one_line():
    import time
    for text, words in (("[" * 100_000 + "]" * 100_000, "too deeply"), ('"' + "x" * 5_000_000 + '"', "at most")):
        t = time.perf_counter()
        with pytest.raises(SaveError, match=words) as err:
            games.load(text)
        assert "\n" not in str(err.value) and time.perf_counter() - t < 1.0
