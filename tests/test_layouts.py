"""Layouts, views, explanations and helpers shared by the three patiences (games/solitaire.py)."""

import json
import re

import pytest
from hypothesis import given, strategies as st

from tarot_learn import games
from tarot_learn.core import IllegalMove, LayoutError, Move

PATIENCES = ["tarot-solitaire", "klondike", "american-toad"]
RULE_ID = re.compile(r"\b(TS|KL|AT)-\d+\b")


def walk(name, seed, picks, **opts):
    state = games.new(name, seed=seed, **opts)
    for pick in picks:
        moves = state.legal_moves()
        if not moves:
            break
        state.play(moves[pick % len(moves)])
    return state


@pytest.mark.parametrize("name", PATIENCES)
@given(seed=st.integers(0, 2 ** 40 - 1), picks=st.lists(st.integers(0, 999), max_size=60))
def test_layout_round_trip_at_any_point_of_play(name, seed, picks):
    state = walk(name, seed, picks)
    text = state.layout()
    again = games.from_layout(name, text)
    assert again.key() == state.key() and again.options == state.options
    assert again.layout() == text
    assert again.seed is None and again.deal_code is None and again.moves == []
    assert again.legal_moves() == state.legal_moves()


@pytest.mark.parametrize("name", PATIENCES)
@given(seed=st.integers(0, 2 ** 40 - 1), picks=st.lists(st.integers(0, 999), max_size=40))
def test_every_legal_move_is_explained_with_a_rule_id(name, seed, picks):
    state = walk(name, seed, picks)
    for move in state.legal_moves():
        text = state.explain(move)
        assert RULE_ID.search(text), text
        assert not text.startswith("Not allowed")


@pytest.mark.parametrize("name", PATIENCES)
@given(seed=st.integers(0, 2 ** 40 - 1), picks=st.lists(st.integers(0, 999), max_size=40))
def test_every_refused_move_names_its_rule_and_changes_nothing(name, seed, picks):
    state = walk(name, seed, picks)
    legal = set(state.legal_moves())
    piles = state.pile_ids()
    before = (state.key(), state.moves, state.moves_made)
    for src in piles:
        for dst in piles:
            for n in (1, 2):
                move = Move("move", src, dst, n)
                if state.parse_move(str(move)) in legal:
                    continue                     # legal, or another name for a legal move (AT-4)
                with pytest.raises(IllegalMove) as err:
                    state.play(move)
                assert err.value.rule and RULE_ID.fullmatch(err.value.rule), str(err.value)
    assert (state.key(), state.moves, state.moves_made) == before


@pytest.mark.parametrize("name", PATIENCES)
@given(seed=st.integers(0, 2 ** 40 - 1), picks=st.lists(st.integers(0, 999), max_size=40))
def test_legal_destinations_agree_with_legal_moves(name, seed, picks):
    state = walk(name, seed, picks)
    for pid in state.pile_ids():
        for n in (1, 2, 3):
            for dst in state.legal_destinations(pid, n):
                assert state.is_legal(Move("move", pid, dst, n))


@pytest.mark.parametrize("name", PATIENCES)
def test_observation_format(name):
    state = walk(name, 3, [0, 1, 2, 3])
    obs = state.observation()
    roles = {"s": "stock", "w": "waste", "r": "reserve", "f": "foundation", "t": "tableau"}
    assert [p.id for p in obs.piles] == state.pile_ids()
    for pile in obs.piles:
        assert pile.role.value == roles[pile.id[0]] and isinstance(pile.label, str) and pile.label
        assert pile.size == len(state.pile(pile.id)[2])
    assert obs.game == name and obs.status == "playing" and obs.moves_made == 4 and obs.on_table == 4
    assert obs.legal == tuple(str(m) for m in state.legal_moves())
    assert sum(p.hidden for p in obs.piles) == len(state.unseen())
    json.dumps(obs.to_json())


# ----- left-out cards, options, errors naming the line ------------------------------------------------------
def test_left_out_cards_fill_the_stock_under_the_written_ones():
    s = games.from_layout("klondike", "s: 5H\nt1: KS")
    assert str(s.top_card("s")) == "5H"                  # written cards are drawn first
    s.play("draw")
    s.play("draw")
    assert str(s.top_card("w")) == "AS"                  # then the pack order: Spades first
    a = games.from_layout("klondike", "t1: KS", seed=11)
    b = games.from_layout("klondike", "t1: KS", seed=11)
    assert a.key() == b.key() and a.seed is None


def test_options_line_and_arguments():
    s = games.from_layout("tarot-solitaire", "options: draw=3 fool=trump_ace\nt1: KS")
    assert s.options["draw"] == 3 and s.options["fool"] == "trump_ace"
    t = games.from_layout("tarot-solitaire", "options: draw=3\nt1: KS", draw=1)
    assert t.options["draw"] == 1
    with pytest.raises(games.OptionError, match="colour"):
        games.from_layout("tarot-solitaire", "options: colour=red")


@pytest.mark.parametrize("name,text,line", [
    ("klondike", "# a lesson\n\nt1: KS\nt2: KS", "line 4"),
    ("klondike", "t1: KS\nf1: 3S", "line 2"),
    ("tarot-solitaire", "t1: KS\nt1: QC", "line 2"),
    ("american-toad", "base: 4\nt1: 4S\nf1: 5S", "line 3"),
    ("american-toad", "base: Z", "line 1"),
])
def test_layout_errors_name_the_line(name, text, line):
    with pytest.raises(LayoutError) as err:
        games.from_layout(name, text)
    assert line in str(err.value) and "\n" not in str(err.value)


def test_foundation_shorthand():
    s = games.from_layout("klondike", "f2: ..4H")
    assert [str(s.card(c)) for c in s.found[1]] == ["AH", "2H", "3H", "4H"]
    t = games.from_layout("american-toad", "base: Q\nf3: ..2H\nt1: 9C")
    assert [str(t.card(c)) for c in t.found[2]] == ["QH", "KH", "AH", "2H"]
    with pytest.raises(LayoutError, match="does not go"):
        games.from_layout("klondike", "f1: ..4H")


def test_a_layout_position_saves_and_loads():
    s = games.from_layout("tarot-solitaire", "t1: [T3] KS\nt2: QC")
    s.play("t2>t1")
    loaded = games.load(s.to_json())
    assert loaded.key() == s.key() and loaded.moves == s.moves and loaded.seed is None


def test_bad_layout_input_types():
    with pytest.raises(LayoutError):
        games.from_layout("klondike", 42)


# ----- auto_foundation across the games ------------------------------------------------------------------------
@pytest.mark.parametrize("name", PATIENCES)
def test_auto_foundation_moves_are_ordinary_and_undoable(name):
    state = walk(name, 8, list(range(30)))
    start, n = state.key(), len(state.history)
    played = state.auto_foundation()
    assert state.moves[n:] == played
    assert all(m.dst.startswith("f") for m in played)
    for _ in played:
        state.undo()
    assert state.key() == start


def test_auto_foundation_keeps_cards_that_may_still_be_needed():
    k = games.from_layout("klondike", "t1: [4C] 2H\nt2: [5C] AH\nt3: [6C] AS")
    played = [str(m) for m in k.auto_foundation()]
    # Both Aces are safe; the 2 of Hearts waits, since the black Aces... are up: AS is, AC is not
    assert "t2>f2" in played and "t3>f1" in played and "t1>f2" not in played


@pytest.mark.parametrize("name", PATIENCES)
def test_copy_is_independent_and_equal(name):
    state = walk(name, 4, [1, 2, 3, 4, 5])
    other = state.copy()
    assert other.key() == state.key() and other.legal_moves() == state.legal_moves()
    other.play(other.legal_moves()[-1])
    assert other.key() != state.key() and len(state.history) == 5
    full = state.copy(history=True)
    assert full.moves == state.moves and full.key() == state.key()


def test_foundation_shorthand_move_explains_the_card_own_foundation():
    s = games.from_layout("tarot-solitaire", "t1: 3W\nt2: T0")
    assert "Wands foundation needs 2 more" in str(s.why_illegal("t1>f"))
    assert s.why_illegal("t2>f").rule == "TS-14"


# ---- the layout module on its own ------------------------------------------------------------------

@pytest.mark.parametrize("name", PATIENCES)
def test_the_layout_module_writes_what_the_patience_method_does(name):
    from tarot_learn.games import layout

    state = walk(name, 11, [3, 1, 4, 1, 5, 9, 2, 6])
    extra = state.layout().splitlines()[2:3] if name == "american-toad" else []   # its "base:" line
    assert layout.write_layout(state, extra) == state.layout()


@pytest.mark.parametrize("name", ["tarot-solitaire", "klondike"])
def test_the_layout_module_reads_a_position_into_a_state(name):
    from tarot_learn.games import layout

    state = walk(name, 11, [3, 1, 4, 1, 5, 9, 2, 6])
    given, rows = layout.split_layout(state.layout())
    fresh = games.new(name, seed=0, **state.options)
    layout.check_pile_names(fresh, rows)
    layout.read_layout(fresh, rows, None)
    assert fresh.key() == state.key() and fresh.layout() == state.layout()
    with pytest.raises(LayoutError, match="has no pile 'base'"):
        layout.check_pile_names(fresh, {"base": (1, "7")})
    layout.check_pile_names(fresh, {"base": (1, "7")}, extra_keys=["base"])


def test_a_card_reader_takes_each_card_once_and_a_second_copy_in_a_double_pack():
    from tarot_learn.games.layout import CardReader

    klondike = games.new("klondike", seed=1)
    reader = CardReader(klondike)
    assert str(reader.card("KS", 1)) == "KS"
    with pytest.raises(LayoutError, match="line 2: KS is written twice; first on line 1"):
        reader.card("KS", 2)
    toad = CardReader(games.new("american-toad", seed=1))
    assert [str(toad.card("KS", n)) for n in (1, 2)] == ["KS", "KS'"]
    with pytest.raises(LayoutError, match="a third time"):
        toad.card("KS", 3)


def test_an_unknown_pile_line_is_refused_with_the_game_s_piles():
    with pytest.raises(LayoutError, match=r"line 2: Klondike has no pile 'x9'; its piles are s w f1"):
        games.from_layout("klondike", "t1: KS\nx9: 2C")
