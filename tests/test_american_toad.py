"""American Toad: tests per rule of seeds/american_toad.md (AT-1 .. AT-17)."""

import json
from collections import Counter

import pytest

from tarot_learn import games
from tarot_learn.cards import double_deck
from tarot_learn.core import LayoutError, Move, SaveError
from tarot_learn.deals import shuffled
from tarot_learn.games.american_toad import AmericanToad
from tests.refusals import refused


def L(text, **opts):
    return AmericanToad.from_layout(text, **opts)


def names(state, pid):
    return [str(state.card(c)) for c in state.pile(pid)[2]]


# Eight piles filled, so a reserve may be written.
ROW = "t1: 9H\nt2: 4S\nt3: QC\nt4: 2D\nt5: 6C\nt6: JS\nt7: 8D\nt8: KH"


# ----- AT-1 two packs ---------------------------------------------------------------------------
def test_at1_two_packs_copies_distinct():
    s = games.new("american-toad", seed=1)
    assert Counter(s.cards()) == Counter(double_deck()) and len(set(s.cards())) == 104
    t = L("base: 5\nt1: 7H\nt2: 7H 6H")        # a card written twice is its two copies...
    assert names(t, "t1") == ["7H"] and names(t, "t2") == ["7H'", "6H"]
    with pytest.raises(LayoutError, match="third"):
        L("base: 5\nt1: 7H\nt2: 7H\nt3: 7H")   # ...and a third is an error


# ----- AT-2 the deal, AT-3 base rank ------------------------------------------------------------------
def test_at2_at3_deal_shape_and_order():
    s = games.new("american-toad", seed=42)
    order = shuffled(double_deck(), 42)
    assert [s.card(c) for c in s.reserve] == order[:20]
    assert [s.card(c[0]) for c in s.tab] == order[20:28] and s.down == [0] * 8
    base = order[28]
    assert s.base == base.rank
    assert [s.card(f[0]) for f in s.found if f] == [base]
    assert s.card(s.stock[-1]) == order[29] and len(s.stock) == 75 and not s.waste
    r = s.observation().pile("r")
    assert r.cards == (order[19],) and r.hidden == 19 and r.role.value == "reserve"


def test_at3_every_foundation_starts_with_the_base_rank():
    s = L("base: 9\n" + ROW.replace("t1: 9H", "t1: 9S'").replace("t2: 4S", "t2: 10H"))
    refused(s, "t2>f3", "AT-5")
    s.play("t1>f1")
    assert names(s, "f1") == ["9S'"]
    with pytest.raises(LayoutError, match="base rank"):
        L("base: 9\nf1: 9S\nf3: 10H")


# ----- AT-4 foundations climb and wrap ---------------------------------------------------------------
def test_at4_foundation_wraps_king_to_ace_and_completes_with_13():
    s = L("base: J\nf3: ..KH\nt1: AH")
    s.play("t1>f")
    assert names(s, "f3")[-2:] == ["KH", "AH"]
    done = L("base: J\nf3: ..10H\nt1: 10H")     # the 10 ends a foundation based on the Jack
    assert len(done.found[2]) == 13
    refused(done, "t1>f3", "AT-4")
    refused(done, "t1>f4", "AT-5")               # the other Hearts foundation needs a Jack first


def test_at4_either_foundation_of_a_suit():
    s = L("base: 3\nf3: 3H 4H\nf4: 3H'\nt1: 4H'")
    assert s.legal_destinations("t1") == ["f4"]
    s.play("t1>f4")
    assert not s.tab[0]
    t = L("base: 3\nt1: 3H\nt2: 3H'")
    t.play("t1>f4")                              # the two empty Hearts places are one place
    assert t.moves == [Move("move", "t1", "f3")]


def test_at4_out_of_order_foundation_move_is_refused():
    s = L("base: 3\nf3: 3H 4H\nt1: 6H")
    err = refused(s, "t1>f3", "AT-4")
    assert "takes the 5 next" in str(err)
    refused(s, "t1>f1", "AT-4")


# ----- AT-5, AT-6 available cards -------------------------------------------------------------------------
def test_at5_base_card_from_reserve_waste_or_pile():
    s = L("base: 6\n" + ROW + "\nr: 2C 6D\nw: 6S'")
    s.play("r>f5")
    s.play("w>f1")
    assert names(s, "f5") == ["6D"] and names(s, "f1") == ["6S'"] and names(s, "r") == ["2C"]


def test_at6_reserve_top_builds_but_hidden_reserve_cards_do_not():
    s = L("base: 6\n" + ROW + "\nr: 5C 3S")
    s.play("r>t2")                               # 3S on 4S
    refused(s, "r>t5x2", "AT-6")
    s.play("r>t5")                               # then 5C on 6C
    assert not s.reserve


def test_at6_nothing_comes_back_from_a_foundation():
    s = L("base: 6\nf1: 6S 7S\nt1: 8S\nt2:")
    refused(s, "f1>t1", "AT-6")


# ----- AT-7 building in suit, wrapping ----------------------------------------------------------------------
@pytest.mark.parametrize("card,target,ok", [("8H", "9H", True), ("8H'", "9H", True),
                                            ("8D", "9H", False), ("7H", "9H", False),
                                            ("KC", "AC", True), ("AC", "KC", False)])
def test_at7_down_in_suit_with_king_on_ace(card, target, ok):
    s = L(f"base: 5\nt1: {target}\nt2: {card}")
    if ok:
        s.play("t2>t1")
        assert names(s, "t1") == [target, card]
    else:
        refused(s, "t2>t1", "AT-7")


# ----- AT-8 sequences ---------------------------------------------------------------------------------------
def test_at8_partial_and_whole_sequences():
    s = L("base: 5\nt1: 9H 8H 7H 6H\nt2: 8H'\nt3: 10H")
    s.play("t1>t2x2")                            # 7H 6H onto the other 8 of Hearts
    assert names(s, "t2") == ["8H'", "7H", "6H"]
    s.play("t1>t3x2")                            # 9H 8H: the whole pile, onto the 10
    assert names(s, "t3") == ["10H", "9H", "8H"] and not s.tab[0]
    with pytest.raises(LayoutError):
        L("base: 5\nt1: 9H 7H")                  # not a sequence


def test_at8_a_sequence_head_must_fit():
    s = L("base: 5\nt1: 9H 8H\nt2: 8H'")
    refused(s, "t1>t2x2", "AT-7")


# ----- AT-9 empty piles -------------------------------------------------------------------------------------
def test_at9_empty_pile_is_filled_from_the_reserve_at_once():
    s = L("base: 4\n" + ROW.replace("t2: 4S", "t2: 4S'") + "\nr: 7D 2C QS")
    s.play("t2>f1")
    assert names(s, "t2") == ["QS"] and names(s, "r") == ["7D", "2C"]
    assert s.moves_made == 1 and len(s.history) == 1          # the fill is part of the move
    s.undo()
    assert names(s, "t2") == ["4S'"] and names(s, "r") == ["7D", "2C", "QS"]


def test_at9_once_the_reserve_is_empty_any_card_may_fill_a_pile():
    s = L("base: 4\nt1: 4S\nt2: 9H 8H\nw: 2C")
    s.play("t1>f1")
    assert not s.tab[0]
    assert set(s.legal_destinations("w")) >= {"t1"}
    assert "t1" in s.legal_destinations("t2", 1)
    s.play("t2>t1")
    assert names(s, "t1") == ["8H"]


def test_at9_layout_with_empty_pile_and_reserve_is_refused():
    with pytest.raises(LayoutError, match="AT-9"):
        L("base: 4\nt1: 9H\nr: 2C")


def test_at17_whole_pile_into_an_empty_pile_is_refused():
    s = L("base: 4\nt1: 9H 8H\nt2:")
    refused(s, "t1>t2x2", "AT-17")
    s.play("t1>t2")                              # part of it is fine
    assert names(s, "t2") == ["8H"]


# ----- AT-10 drawing, AT-11 one redeal, AT-13 option --------------------------------------------------------
def test_at10_draw_one_card_any_time():
    s = games.new("american-toad", seed=3)
    top = s.card(s.stock[-1])
    assert Move("draw") in s.legal_moves()
    s.play("draw")
    assert [s.card(c) for c in s.waste] == [top]


@pytest.mark.parametrize("redeals", [0, 1, 2, 3])
def test_at11_at13_redeal_limit(redeals):
    s = games.new("american-toad", seed=3, redeals=redeals)
    order = list(s.stock)
    for _ in range(redeals):
        while s.stock:
            s.play("draw")
        s.play("redeal")
        assert s.stock == order
    while s.stock:
        s.play("draw")
    err = refused(s, "redeal", "AT-11")
    assert str(redeals) in str(err)
    refused(s, "draw", "AT-11")              # no redeal left: nothing more to draw


# ----- AT-12 win and loss -----------------------------------------------------------------------------------
def test_at12_won_with_all_104_up():
    full = "\n".join(f"f{i}: ..{r}{s}{q}" for i, (s, q) in enumerate(
        [("S", ""), ("S", "'"), ("H", ""), ("H", "'"), ("D", ""), ("D", "'"), ("C", ""), ("C", "'")], 1)
        for r in ["6"])
    s = L("base: 7\n" + full.replace("f8: ..6C'", "f8: ..5C'") + "\nt1: 6C'")
    assert not s.is_won()
    s.play("t1>f8")
    assert s.is_won() and s.observation().status == "won"


SUITS = ["S", "S'", "H", "H'", "D", "D'", "C", "C'"]
FROZEN = ("base: 7\n" + "\n".join(f"f{i}: ..J{s}" for i, s in enumerate(SUITS, 1)) + "\n"
          + "\n".join(f"t{i}: " + " ".join(f"{r}{s}" for r in "65432") for i, s in enumerate(SUITS, 1))
          + "\nr: " + " ".join(f"Q{s}" for s in SUITS) + " " + " ".join(f"A{s}" for s in SUITS)
          + " {kings}\ns: {stock}")


def test_at12_lost_when_no_move_is_left():
    # Every pile ends in a 2, the reserve's Kings wait for Queens buried beneath them.
    s = L(FROZEN.format(kings=" ".join(f"K{x}" for x in SUITS), stock=""))
    assert len(s.cards()) == 104 and not s.stock
    assert s.legal_moves() == []
    assert s.is_over() and not s.is_won() and s.observation().status == "no moves"


@pytest.mark.parametrize("redeals", [0, 1])
def test_at12_stuck_when_only_the_stock_turns(redeals):
    s = L(FROZEN.format(kings=" ".join(f"K{x}" for x in SUITS[:-1]), stock="KC'"), redeals=redeals)
    assert s.legal_moves() == [Move("draw")] and s.is_stock_loop() and s.is_over()
    s.play("draw")
    assert s.legal_moves() == ([Move("redeal")] if redeals else [])
    assert s.is_over()


def test_at12_not_over_while_a_card_can_go_up():
    s = L(FROZEN.format(kings=" ".join(f"K{x}" for x in SUITS), stock="").replace(
        "QC' AS", "AS").replace("KC'", "KC' QC'"))
    assert not s.is_over()


# ----- AT-14 undo, AT-15 counting, AT-16 codes
def test_at14_at15_undo_and_counting():
    s = games.new("american-toad", seed=9)
    start = s.key()
    for _ in range(8):
        s.play(s.legal_moves()[0])
    s.undo_all()
    assert s.key() == start and s.score == 8


def test_at16_deal_codes():
    s = games.new("american-toad", seed=99, redeals=3)
    t = games.from_code(s.deal_code)
    assert t.key() == s.key() and t.base == s.base


# ----- layouts and saves
def test_layout_round_trip_after_play():
    s = games.new("american-toad", seed=12)
    for i in range(30):
        ms = s.legal_moves()
        s.play(ms[(i * 3) % len(ms)])
    t = games.from_layout("american-toad", s.layout())
    assert t.key() == s.key() and t.base == s.base


def test_layout_needs_a_base_rank():
    with pytest.raises(LayoutError, match="base"):
        L("t1: 5S")
    assert L("f1: 9S\nt1: 5S").base == 9


def test_save_round_trip_and_tampered_base():
    s = games.new("american-toad", seed=12)
    s.play("draw")
    loaded = games.load(s.to_json())
    assert loaded.key() == s.key() and loaded.base == s.base
    data = json.loads(s.to_json())
    data["start"]["base"] = 0
    from tarot_learn.core import _checksum
    data["checksum"] = _checksum(data)
    with pytest.raises(SaveError):
        games.load(json.dumps(data))


def test_face_down_tableau_cards_are_refused_in_layouts():
    with pytest.raises(LayoutError, match="AT-2"):
        L("base: 4\nt1: [9H] 8H")


def test_at5_a_base_card_starts_a_foundation_in_a_place_of_its_suit():
    """The sheet, the refusal and lesson 06 agree: a base card offered to another suit's empty place
    is refused under AT-5, which names the suit's places."""
    from tarot_learn import rules

    s = L("base: 9\nf7: 9C'\nw: 5H 9C\nt1: 10C")
    err = refused(s, "w>f1", "AT-5")
    assert "Clubs place (f7 or f8)" in str(err) and "Spades place f1" in str(err)
    s.play("w>f8")
    assert "f7 and f8 Clubs" in rules.text("AT-5") and "empty foundation place of its suit" in rules.text("AT-5")
    for i in range(0, len(s.FOUND_LABELS), 2):
        assert f"f{i + 1} and f{i + 2} {s.FOUND_LABELS[i]}" in rules.text("AT-5")
