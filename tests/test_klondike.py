"""Klondike: tests per rule of seeds/klondike.md (KL-1 .. KL-18) and the PySol board format."""

import json
from collections import Counter

import pytest

from tarot_learn import games
from tarot_learn.cards import Card, standard_deck
from tarot_learn.core import LayoutError, Move, SaveError
from tarot_learn.deals import shuffled
from tarot_learn.games.klondike import Klondike, rank_race
from tarot_learn.games.pysol import card_from_pysol, from_pysol, read_pysol, to_pysol
from tests.refusals import refused


def L(text, **opts):
    return Klondike.from_layout(text, **opts)


def names(state, pid):
    p = state.pile(pid)[2]
    return [str(state.card(c)) for c in p]


FULL = "f1: ..KS\nf2: ..KH\nf3: ..KD\nf4: ..QC\nt1: KC"


# ----- KL-1 pack and deal ------------------------------------------------------------------------
def test_kl1_deal_shape_and_order():
    s = games.new("klondike", seed=21)
    order = shuffled(standard_deck(), 21)
    assert [len(c) for c in s.tab] == [1, 2, 3, 4, 5, 6, 7]
    assert s.down == [0, 1, 2, 3, 4, 5, 6] and len(s.stock) == 24
    assert [s.card(c[0]) for c in s.tab] == order[:7]            # row one
    assert s.card(s.tab[1][1]) == order[7]                       # row two starts on column 2, up
    assert s.card(s.tab[6][6]) == order[27]                      # the seventh row: column 7 alone
    assert s.card(s.stock[-1]) == order[28]                      # next card on top of the stock
    assert Counter(s.cards()) == Counter(standard_deck()) and not any(s.found) and not s.waste


# ----- KL-2 object, KL-12 end ----------------------------------------------------------------------
def test_kl2_won_with_all_52_up():
    s = L(FULL)
    assert not s.is_won()
    s.play("t1>f4")
    assert s.is_won() and s.is_over() and s.observation().status == "won" and s.returns() == (1.0,)


BLACK = "f1: ..10S\nf2: ..KH\nf3: ..KD\nf4: ..10C\nt1: KS\nt2: KC\nt3: [JS] QC\nt4: [JC] QS"


def test_kl12_no_legal_move_left_is_over_and_lost():
    s = L(BLACK, foundation_return=False)
    assert s.legal_moves() == []            # black on black never builds; base Kings stay (KL-17)
    assert s.is_over() and not s.is_won() and s.observation().status == "no moves"


def test_kl12_kl15_a_useful_card_back_down_means_not_over():
    s = L(BLACK)                            # foundation_return=True: the King of Hearts may come down
    assert not s.is_stock_loop() and not s.is_over()
    s.play("f2>t5")
    s.play("t3>t5")                         # the Queen of Clubs on it, the Jack of Spades turns up
    assert s.down[2] == 0


def test_kl12_stuck_when_only_the_stock_cycles():
    s = L(BLACK.replace("..10S", "..9S").replace("[JS]", "[10S]") + "\ns: JS",
          foundation_return=False)
    assert s.legal_moves() == [Move("draw")]
    assert s.is_stock_loop() and s.is_over()
    s.play("draw")
    assert s.legal_moves() == [Move("redeal")] and s.is_over()
    s2 = L(BLACK.replace("..10S", "..9S") + "\ns: 10S", foundation_return=False)
    assert not s2.is_stock_loop()                 # the 10 of Spades waits in the stock, then goes up


# ----- KL-3, KL-4 building ----------------------------------------------------------------------------
@pytest.mark.parametrize("card,target,ok", [("9H", "10S", True), ("JC", "QD", True),
                                            ("9H", "10D", False), ("8H", "10S", False),
                                            ("10S", "9H", False)])
def test_kl4_one_lower_other_colour(card, target, ok):
    s = L(f"t1: [2C] {target}\nt2: [3C] {card}")
    if ok:
        s.play("t2>t1")
        assert names(s, "t1")[-1] == card
    else:
        refused(s, "t2>t1", "KL-4")


def test_kl4_nothing_on_an_ace():
    s = L("t1: [2C] AH\nt2: [3C] KS")
    err = refused(s, "t2>t1", "KL-4")
    assert "Ace" in str(err)


# ----- KL-5 runs ----------------------------------------------------------------------------------------
def test_kl5_partial_and_whole_runs():
    s = L("t1: [2C] 10S 9H 8C 7D\nt2: [3C] JH\nt3: [4C] 9D")
    s.play("t1>t3x2")                       # 8C 7D onto 9D: the head fits
    assert names(s, "t3") == ["4C", "9D", "8C", "7D"]
    s.play("t1>t2x2")                       # 10S 9H onto JH
    assert names(s, "t2") == ["3C", "JH", "10S", "9H"] and names(s, "t1") == ["2C"]


def test_kl5_a_face_down_card_cannot_move():
    s = L("t1: [2C 5H] 10S 9H\nt2: [3C] JH")
    refused(s, "t1>t2x3", "KL-7")


# ----- KL-6 empty columns, KL-17 -------------------------------------------------------------------------
def test_kl6_only_a_king_opens_an_empty_column():
    s = L("t1: [2C] KS QH\nt2:\nt3: [3C] QD")
    refused(s, "t3>t2", "KL-6")
    s.play("t1>t2x2")                       # a run headed by a King
    assert names(s, "t2") == ["KS", "QH"]


def test_kl17_whole_column_into_an_empty_one_is_refused():
    s = L("t1: KS QH\nt2:")
    refused(s, "t1>t2x2", "KL-17")
    assert not s.legal_destinations("t1", 2)


# ----- KL-7 face-down cards turn up -------------------------------------------------------------------------
def test_kl7_turn_up_is_part_of_the_move():
    s = L("t1: [2C 5H] AS")
    s.play("t1>f1")
    assert s.down[0] == 1 and s.moves_made == 1
    s.undo()
    assert s.down[0] == 2


# ----- KL-8 foundations -------------------------------------------------------------------------------------
def test_kl8_foundations_by_suit_from_the_ace():
    s = L("t1: [2C] 2S\nt2: [3C] AS\nt3: [4C] AH")
    refused(s, "t1>f1", "KL-8")             # the 2 before the Ace
    refused(s, "t2>f2", "KL-8")             # Spades go on the Spades foundation
    s.play("t2>f1")
    s.play("t1>f1")
    s.play("t3>f")                          # shorthand: whichever foundation takes it
    assert names(s, "f1") == ["AS", "2S"] and names(s, "f2") == ["AH"]


def test_kl8_one_card_at_a_time():
    s = L("f1: AS\nt1: [3C] 3D 2S")
    refused(s, "t1>f1x2", "KL-8")


# ----- KL-9 drawing, KL-10 redealing ------------------------------------------------------------------------
@pytest.mark.parametrize("draw", [1, 2, 3])
def test_kl9_draw_count_and_only_the_top_plays(draw):
    s = games.new("klondike", seed=3, draw=draw)
    expect = [s.card(c) for c in reversed(s.stock)][:draw]
    s.play("draw")
    assert [s.card(c) for c in s.waste] == expect
    assert s.top_card("w") == expect[-1]
    refused(s, "w>t1x2", "KL-9")


def test_kl9_draw_turns_what_is_left():
    s = games.new("klondike", seed=3, draw=3)
    for _ in range(8):
        s.play("draw")
    assert not s.stock
    s.play("redeal")
    s = L("f1: ..KS\nf2: ..KH\nf3: ..JD\nf4: ..QC\nt1: KC\ns: KD QD", draw=3)
    s.play("draw")
    assert names(s, "w") == ["QD", "KD"] and not s.stock


def test_kl10_unlimited_redeals_in_the_same_order():
    s = games.new("klondike", seed=8, draw=3)
    order = list(s.stock)
    for _ in range(3):
        while s.stock:
            s.play("draw")
        refused(s, "draw", "KL-9")
        s.play("redeal")
        assert s.stock == order
    refused(s, "redeal", "KL-10")


def test_kl9_nothing_to_draw():
    s = L(FULL)
    err = refused(s, "draw", "KL-9")
    assert "nothing to draw" in str(err)


# ----- KL-11 undo, KL-13 score ------------------------------------------------------------------------------
def test_kl11_kl13_undo_restores_but_moves_stay_counted():
    s = games.new("klondike", seed=17)
    start = s.key()
    for _ in range(5):
        s.play(s.legal_moves()[-1])
    assert s.undo_all() == 5 and s.key() == start
    obs = s.observation()
    assert s.score == 5 and obs.moves_made == 5 and obs.on_table == 0
    s.redo()
    assert s.score == 6


# ----- KL-14, KL-16 same deal, KL-18 ranking ----------------------------------------------------------------
def test_kl16_deal_code_gives_every_player_the_same_deal():
    s = games.new("klondike", seed=4242, draw=3, foundation_return=False)
    other = games.from_code(s.deal_code)
    assert other.key() == s.key() and other.options == s.options


def test_kl18_race_ranking_ties_and_unfinished():
    base = L(FULL)
    a, b, c, d = (base.copy() for _ in range(4))
    a.play("t1>f4")
    c.play("t1>f4")
    c.undo()
    c.redo()                                 # won too, but with 2 moves counted (KL-13)
    d.play("f1>t2")                          # the King of Spades back down: 50 cards up
    places = dict((n, p) for p, n in rank_race({"a": a, "b": b, "c": c, "d": d}))
    assert places == {"a": 1, "c": 2, "b": 3, "d": 4}
    assert rank_race({"x": b, "y": b.copy()}) == [(1, "x"), (1, "y")]


# ----- KL-15 foundation return ------------------------------------------------------------------------------
def test_kl15_cards_come_back_down_by_default():
    s = L("f1: ..5S\nt1: [2C] 6D\nt2:\nf2: ..KH")
    s.play("f1>t1")
    assert names(s, "t1")[-1] == "5S"
    s.play("f2>t2")                          # a King may come back onto an empty column
    refused(s, "f1>w", "KL-1")
    off = L("f1: ..5S\nt1: [2C] 6H", foundation_return=False)
    refused(off, "f1>t1", "KL-15")


def test_kl15_no_foundation_to_foundation():
    s = L("f1: ..5S\nf2: AH")
    refused(s, "f1>f2", "KL-15")


# ----- bad input, saves, layouts ----------------------------------------------------------------------------
def test_tampered_save_is_refused():
    s = games.new("klondike", seed=5)
    s.play("draw")
    text = s.to_json().replace('"draw"', '"redeal"')
    with pytest.raises(SaveError):
        games.load(text)


def test_layout_round_trip_after_play():
    s = games.new("klondike", seed=6, draw=3)
    for i in range(25):
        ms = s.legal_moves()
        s.play(ms[i % len(ms)])
    t = games.from_layout("klondike", s.layout())
    assert t.key() == s.key()


@pytest.mark.parametrize("text,words", [("t1: AS AS", "twice"), ("t1: T5", "not a standard card"),
                                        ("f2: 2H", "place 1"), ("t1: [KS] QH JD", "cannot lie"),
                                        ("r: AS", "no pile")])
def test_layout_errors(text, words):
    with pytest.raises(LayoutError) as err:
        L(text)
    assert words in str(err.value)


def test_observation_shape():
    s = games.new("klondike", seed=1)
    obs = s.observation()
    assert [p.id for p in obs.piles] == ["s", "w", "f1", "f2", "f3", "f4"] + [f"t{i}" for i in range(1, 8)]
    assert [p.role.value for p in obs.piles[:3]] == ["stock", "waste", "foundation"]
    assert obs.game == "klondike" and obs.piles[2].label == "Spades" and obs.pile("s").hidden == 24
    assert obs.draw == 1 and obs.redeals_left is None and dict(obs.options) == s.options
    assert [p.hidden for p in obs.by_role("tableau")] == list(range(7))
    json.dumps(obs.to_json())


# ----- PySol boards
@pytest.mark.parametrize("seed", [0, 1, 99, 123456])
def test_pysol_round_trip_of_a_deal(seed):
    s = games.new("klondike", seed=seed)
    text = s.to_pysol()
    lines = text.splitlines()
    assert lines[0].startswith("Talon: ") and len(lines[0].split()) == 25 and len(lines) == 8
    assert lines[7].count("<") == 6
    assert Klondike.from_pysol(text).key() == s.key()


def test_pysol_round_trip_mid_game():
    s = games.new("klondike", seed=77)
    for i in range(40):
        ms = s.legal_moves()
        s.play(ms[(i * 5) % len(ms)])
    t = from_pysol(to_pysol(s), Klondike, draw=1)
    assert t.key() == s.key()


def test_pysol_reads_solver_style_boards():
    s = games.new("klondike", seed=2)
    lines = to_pysol(s).splitlines()
    bare = "\n".join([lines[0]] + [ln[2:].replace("T", "10") for ln in lines[1:]])
    assert all(ln.startswith(": ") for ln in lines[1:])
    assert Klondike.from_pysol(bare).key() == s.key()          # PySol's deal dump: no colons, 10 for T
    solver = "\n".join(lines)
    assert from_pysol(solver, Klondike).key() == s.key()
    assert card_from_pysol("th") == Card.parse("10H", "standard")


@pytest.mark.parametrize("mutate,words", [
    (lambda ls: ls[1:], "Talon"),
    (lambda ls: ls[:-1], "7 column"),
    (lambda ls: [ls[0].replace(ls[0].split()[1], ls[0].split()[2], 1)] + ls[1:], "already"),
    (lambda ls: ls[:1] + ["XX"] + ls[2:], "not a PySol card"),
])
def test_pysol_errors(mutate, words):
    lines = to_pysol(games.new("klondike", seed=2)).splitlines()
    with pytest.raises(LayoutError) as err:
        Klondike.from_pysol("\n".join(mutate(lines)))
    assert words in str(err.value)


def test_pysol_diagram_of_a_waste_round_trips():
    s = games.new("klondike", seed=77, draw=3)
    s.play("draw")
    s.play("draw")
    text = to_pysol(s)
    talon = text.splitlines()[1]
    waste = [str(s.card(c)).replace("10", "T") for c in s.waste]
    assert talon.startswith("Talon: " + " ".join(reversed(waste)) + " ==> ")
    assert Klondike.from_pysol(text, draw=3).key() == s.key()
    board = read_pysol(text)
    assert [str(c) for c in board.waste] == [str(s.card(c)) for c in s.waste] and len(board.talon) == len(s.stock)


@pytest.mark.parametrize("seed", [5, 6, 7])
def test_pysol_matches_klondike_solver(seed):
    """Klondike-Solver (pyksolve, the `bench` extra) reads our deal and prints the same board."""
    ks = pytest.importorskip("pyksolve.solver")
    s = games.new("klondike", seed=seed)
    sol = ks.Solitaire()
    sol.draw_count = 1
    assert sol.load_pysol(to_pysol(s))
    sol.reset_game()
    assert Klondike.from_pysol(sol.get_pysol()).key() == s.key()
    assert sol.game_diagram_pysol() + "\n" == to_pysol(s, diagram=True)


def test_KL13_the_score_survives_save_and_load():
    """KL-13: undone moves still count, also after the game is saved and loaded."""
    from tarot_learn import games

    s = games.new("klondike", seed=4)
    for _ in range(5):
        s.play(s.legal_moves()[0])
    s.undo()
    s.undo()
    t = games.load(s.to_json())
    assert (t.score, t.move_count) == (s.score, s.move_count) == (5, 3)
