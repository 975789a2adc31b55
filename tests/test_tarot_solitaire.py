"""Tarot Solitaire: one or more tests per rule of seeds/tarot_solitaire.md (TS-1 .. TS-23).

Positions are written as layouts (``t1: [face down] face up ...``, bottom card first); cards a
layout leaves out go to the stock.
"""

import json
from collections import Counter

import pytest

from tarot_learn import games
from tarot_learn.cards import Card, tarot_deck
from tarot_learn.core import IllegalMove, LayoutError, Move, SaveError
from tarot_learn.games.tarot_solitaire import TarotSolitaire
from tarot_learn.numerology import playing_value
from tests.refusals import refused


def L(text, **opts):
    return TarotSolitaire.from_layout(text, **opts)


def top(state, pid):
    return str(state.top_card(pid))


# ----- TS-1 building down, runs move whole ---------------------------------------------------------
def test_ts1_only_the_head_must_fit():
    s = L("t1: [T3] KS QC NW\nt2: [T4] KW\nt3: QP")
    # The run QC NW (heads with QC) fits on KW: Cups on Wands, 13 on 14.
    s.play("t1>t2x2")
    assert [str(s.card(c)) for c in s.tab[1]] == ["T4", "KW", "QC", "NW"]
    assert [str(s.card(c)) for c in s.tab[0]] == ["T3", "KS"]


def test_ts1_cards_that_are_not_one_run_cannot_move_together():
    s = L("t1: [T3] KS\nt2: QP\nt3: T20")
    s.play("t2>t1")
    refused(s, "t1>t3x3", "TS-10")            # KS's face-down T3 is under the run
    with pytest.raises(LayoutError):
        L("t1: KS QS")                          # face-up cards out of order are refused at load


# ----- TS-2 order of suit cards ------------------------------------------------------------------------
@pytest.mark.parametrize("card,target", [("PW", "NC"), ("NW", "QP"), ("QC", "KS"), ("AP", "2S")])
def test_ts2_suit_cards_go_one_lower(card, target):
    s = L(f"t1: {target}\nt2: {card}")
    s.play("t2>t1")
    assert top(s, "t1") == card


def test_ts2_one_higher_is_refused():
    s = L("t1: PW\nt2: NC")
    err = refused(s, "t2>t1", "TS-2")
    assert "12" in str(err) and "11" in str(err)


# ----- TS-3 trumps by number (1..10), trump on trump ---------------------------------------------------
def test_ts3_trumps_build_down_by_number():
    s = L("t1: T8\nt2: T7\nt3: T9")
    s.play("t2>t1")
    refused(s, "t3>t1", "TS-3")


# ----- TS-4 tens ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("ten", ["10C", "T10", "T19"])
def test_ts4_a_ten_goes_on_a_page_or_on_any_two(ten):
    s = L(f"t1: PS\nt2: {ten}")
    s.play("t2>t1")
    s2 = L(f"t1: 2W\nt2: {ten}")
    s2.play("t2>t1")
    s3 = L(f"t1: T20\nt2: {ten}")       # Judgement plays as 2
    s3.play("t2>t1")


def test_ts4_sun_on_a_two():
    s = L("t1: 2C\nt2: T19")
    text = s.explain("t2>t1")
    assert "TS-4" in text and "Ace" in text and "1+9 = 10" in text
    s.play("t2>t1")
    assert top(s, "t1") == "T19"


def test_ts4_wheel_of_fortune_on_a_page():
    s = L("t1: PP\nt2: T10")
    assert s.is_legal("t2>t1")
    assert "TS-3" in s.explain("t2>t1")


def test_ts4_only_a_nine_on_a_ten_played_as_an_ace():
    s = L("t1: 2W 10C\nt2: AS\nt3: 9S\nt4: T18")
    err = refused(s, "t2>t1", "TS-4")
    assert "9" in str(err)
    s.play("t3>t1")
    s.undo()
    s.play("t4>t1")          # the Moon plays 1+8 = 9


def test_ts4_ten_never_on_a_three_or_an_ace():
    s = L("t1: 3S\nt2: 10C\nt3: AW")
    refused(s, "t2>t1", "TS-4")
    refused(s, "t2>t3", "TS-4")


# ----- TS-5 digit sums ---------------------------------------------------------------------------------
def test_ts5_world_on_death():
    s = L("t1: T13\nt2: [AW] T21")
    s.play("t2>t1")
    assert top(s, "t1") == "T21"


def test_ts5_judgement_on_the_world():
    s = L("t1: 4C T21\nt2: T20")
    text = s.explain("t2>t1")
    assert "2+0 = 2" in text and "2+1 = 3" in text and "TS-5" in text


def test_ts5_death_plays_as_four_with_the_sum_in_the_message():
    s = L("t1: KS\nt2: T13\nt3: 5P")
    err = refused(s, "t2>t1", "TS-5")
    assert "1+3 = 4" in str(err)
    assert "Death (XIII) plays as 1+3 = 4" in s.explain("t2>t3")


@pytest.mark.parametrize("trump", range(11, 22))
def test_ts5_every_high_trump_goes_on_a_suit_card_one_higher(trump):
    v = playing_value(Card.parse(f"T{trump}"))
    rank = {11: "P", 12: "N", 13: "Q", 14: "K"}.get(v + 1, str(v + 1))
    s = L(f"t1: {rank}C\nt2: [AW] T{trump}")
    assert s.is_legal("t2>t1")


# ----- TS-6 suit groups --------------------------------------------------------------------------------
@pytest.mark.parametrize("card,target,ok", [("3C", "4P", False), ("3W", "4S", False),
                                            ("3C", "4S", True), ("3P", "4W", True)])
def test_ts6_suit_groups_alternate(card, target, ok):
    s = L(f"t1: {target}\nt2: {card}")
    if ok:
        s.play("t2>t1")
    else:
        refused(s, "t2>t1", "TS-6")


# ----- TS-7 trumps fit any suit ----------------------------------------------------------------------------
def test_ts7_trump_on_suit_and_suit_on_trump():
    s = L("t1: 5P\nt2: T4 3C\nt3: T2")
    s.play("t2>t1x2")        # the Emperor (4) on a 5 of Pentacles, carrying 3C
    s.play("t3>t1")          # High Priestess (2) on 3 of Cups
    assert [str(s.card(c)) for c in s.tab[0]] == ["5P", "T4", "3C", "T2"]


# ----- TS-8 the Fool is wild -------------------------------------------------------------------------------
def test_ts8_fool_on_an_ace_and_anything_on_the_fool():
    s = L("t1: AW\nt2: T0\nt3: [AS] KS")
    s.play("t2>t1")
    assert "TS-8" in s.explain("t3>t1")
    s.play("t3>t1")          # a King on the Fool
    assert [str(s.card(c)) for c in s.tab[0]] == ["AW", "T0", "KS"]


def test_ts8_fool_can_take_a_ten_on_it_and_a_nine_after():
    s = L("t1: 10C T0\nt2: AS\nt3: 9S")
    s.play("t2>t1")          # the Fool is wild: an Ace may go on it even on a 10
    assert top(s, "t1") == "AS"


# ----- TS-9 foundations ------------------------------------------------------------------------------------
def test_ts9_suit_foundation_from_ace_and_trumps_by_printed_number():
    s = L("t1: 2W\nt2: AW\nt3: T19\nf5: ..T18")
    refused(s, "t1>f1", "TS-9")
    s.play("t2>f1")
    s.play("t1>f1")
    s.play("t3>f5")          # the Sun follows the Moon: printed numbers, not digit sums
    assert len(s.found[4]) == 19


def test_ts9_out_of_order_foundation_move_is_refused():
    s = L("t1: 3W\nf1: AW")
    err = refused(s, "t1>f1", "TS-9")
    assert "1 more" in str(err)
    refused(s, "t1>f2", "TS-9")


def test_ts9_the_wild_fool_has_no_foundation():
    s = L("t1: T0\nf5: ..T21")
    refused(s, "t1>f5", "TS-14")


def test_ts9_only_one_card_at_a_time_goes_up():
    s = L("t1: T3 T2 AW\nf1:")
    refused(s, "t1>f1x2", "TS-9")


# ----- TS-10 face-down cards turn up ----------------------------------------------------------------------
def test_ts10_face_down_card_turns_up_and_undo_turns_it_back():
    s = L("t1: [T5 9C] AW")
    s.play("t1>f1")
    assert s.down[0] == 1 and top(s, "t1") == "9C"
    t1 = s.observation().pile("t1")
    assert t1.cards == (Card.parse("9C"),) and t1.hidden == 1
    s.undo()
    assert s.down[0] == 2


def test_ts10_a_move_from_a_face_down_card_is_refused():
    s = L("t1: [T5 9C] 8P\nt2: NW")
    refused(s, "t1>t2x2", "TS-10")


# ----- TS-11 empty columns --------------------------------------------------------------------------------
@pytest.mark.parametrize("card,ok", [("KC", True), ("T21", True), ("T0", True), ("QC", False),
                                     ("T14", False)])
def test_ts11_only_king_world_fool_open_an_empty_column(card, ok):
    s = L(f"t1: [T5] {card}\nt2:")
    if ok:
        s.play("t1>t2")
    else:
        refused(s, "t1>t2", "TS-11")


def test_ts11_a_base_king_or_world_stays_but_goes_up_alone():
    s = L("t1: KS\nt2: T21\nt3:\nf3: ..QS")
    refused(s, "t1>t3", "TS-11")
    refused(s, "t2>t3", "TS-11")
    s.play("t1>f3")          # alone in its column, it may still go up


def test_ts11_a_base_king_keeps_its_run():
    s = L("t1: KS QC\nt2: KW\nt3:")
    refused(s, "t1>t3x2", "TS-11")
    refused(s, "t1>t3", "TS-11")              # the Queen alone may not open it either
    s.play("t1>t2")                           # but she may leave the King: QC on KW
    assert top(s, "t2") == "QC" and top(s, "t1") == "KS"


def test_ts11_the_fool_may_leave_an_empty_space():
    s = L("t1: T0 5C\nt2: 6S\nt3: [T3] NP")
    s.play("t1>t2")
    s.play("t1>t3")          # the Fool, alone at the base of t1, moves onto a Knight
    assert not s.tab[0]


# ----- TS-12 stock and discard ------------------------------------------------------------------------------
def test_ts12_draw_two_second_on_top_and_one_when_one_left():
    s = L("t1: KS", draw=2)
    n = len(s.stock)
    first, second = s.card(s.stock[-1]), s.card(s.stock[-2])
    s.play("draw")
    assert [s.card(c) for c in s.waste] == [first, second]
    assert s.top_card("w") == second and len(s.stock) == n - 2


def test_ts12_last_single_card_and_redeal_restores_order():
    s = L("t1: KS", draw=2)
    order = list(s.stock)
    while s.stock:
        s.play("draw")
    assert len(order) % 2 == 1 and len(s.waste) == len(order)
    refused(s, "draw", "TS-12")
    s.play("redeal")
    assert s.stock == order and not s.waste


def test_ts12_draw_from_empty_stock_with_empty_discard():
    s = L("f1: ..KW\nf2: ..KC\nf3: ..QS\nf4: ..KP\nf5: ..T21\nt1: KS\nw: T0")
    assert not s.stock
    s.play("w>t2")                             # the Fool opens an empty column
    err = refused(s, "draw", "TS-12")
    assert "nothing to draw" in str(err)
    refused(s, "redeal", "TS-12")


def test_ts12_only_the_top_discard_plays():
    s = L("w: 5C 9W\nt1: 10P\nt2: 6S")
    refused(s, "w>t2x2", "TS-12")
    s.play("w>t1")
    s.play("w>t2")


# ----- TS-13 the deal, TS-17 face_down_row ------------------------------------------------------------
@pytest.mark.parametrize("row,dealt,stock", [(True, 54, 24), (False, 45, 33)])
def test_ts13_ts17_deal_shape(row, dealt, stock):
    s = games.new("tarot-solitaire", seed=123, face_down_row=row)
    sizes = [len(c) for c in s.tab]
    assert sizes == [10 - k - (0 if row else 1) for k in range(9)]
    assert sum(sizes) == dealt and len(s.stock) == stock
    assert s.down == [n - 1 for n in sizes]
    assert Counter(s.cards()) == Counter(tarot_deck())


def test_ts13_deal_follows_the_shuffled_order_row_by_row():
    from tarot_learn.deals import shuffled
    s = games.new("tarot-solitaire", seed=9)
    order = shuffled(tarot_deck(), 9)
    assert [s.card(c[0]) for c in s.tab] == order[:9]          # first row, face down
    assert s.card(s.tab[8][1]) == order[17]                    # second row ends on column 9, up
    assert s.card(s.tab[0][-1]) == order[53]                   # the tenth row: one card on column 1
    assert s.card(s.stock[-1]) == order[54]                    # the next card is on top of the stock


# ----- TS-14 win ----------------------------------------------------------------------------------------------
def test_ts14_won_with_77_cards_up_wherever_the_fool_is():
    s = L("f1: ..KW\nf2: ..KC\nf3: ..KS\nf4: ..QP\nf5: ..T21\nt1: T0\nt2: KP")
    assert not s.is_won()
    s.play("t2>f4")
    obs = s.observation()
    assert s.is_won() and s.is_over() and obs.status == "won" and obs.over and obs.won
    assert obs.current_player is None and s.returns() == (1.0,)


def test_ts14_trump_ace_needs_all_78():
    s = L("f1: ..KW\nf2: ..KC\nf3: ..KS\nf4: ..KP\nf5: ..T20\nt1: T21", fool="trump_ace")
    assert s.found[4] and str(s.card(s.found[4][0])) == "T0"
    assert not s.is_won()
    s.play("t1>f5")
    assert s.is_won()


# ----- TS-15 end of the game -------------------------------------------------------------------------------
STUCK = "f1: ..KW\nf2: ..KC\nf3: ..KS\nf4: ..10P\nf5: ..T21\nt1: KP\nt2: [PP] {}\ns: QP"


def test_ts15_stuck_when_only_the_stock_cycles():
    s = L(STUCK.format("NP"), fool="trump_ace")
    assert s.legal_moves() == [Move("draw")]
    obs = s.observation()
    assert s.is_stock_loop() and s.is_over() and not obs.won
    # Stuck is found by looking through the face-down stock: a Python-side fact, never sent to
    # the player, whose observation says only what can be seen: a draw is still there to make.
    assert obs.status == "playing" and not obs.over and obs.current_player == 0 == s.current_player()
    assert s.returns() == (0.0,)
    before = (s.key(), s.moves)
    s.is_over()
    assert (s.key(), s.moves) == before          # the probe leaves the position alone


def test_ts15_not_stuck_while_a_card_can_still_go_up():
    s = L(STUCK.format("PP").replace("[PP]", "[NP]"), fool="trump_ace")
    assert not s.is_stock_loop() and s.observation().status == "playing" and not s.observation().over


# ----- TS-16 draw option ----------------------------------------------------------------------------------
@pytest.mark.parametrize("draw", [1, 3])
def test_ts16_draw_option(draw):
    s = games.new("tarot-solitaire", seed=4, draw=draw)
    s.play("draw")
    assert len(s.waste) == draw and len(s.stock) == 24 - draw


# ----- TS-18 the Fool as trump Ace ---------------------------------------------------------------------------
def test_ts18_fool_only_opens_the_trump_foundation():
    s = L("t1: [5C] T0\nt2: T1\nt3:\nt4: 6S", fool="trump_ace")
    refused(s, "t2>f5", "TS-9")               # the Magician must wait for the Fool
    refused(s, "t1>t3", "TS-18")              # not on an empty column
    refused(s, "t1>t4", "TS-18")              # not on a card
    s.play("t1>f5")
    s.play("t2>f5")
    assert [str(s.card(c)) for c in s.found[4]] == ["T0", "T1"]


def test_ts18_nothing_is_built_on_the_trump_ace_fool():
    s = L("t1: T0\nt2: 4W", fool="trump_ace")
    refused(s, "t2>t1", "TS-18")


# ----- TS-19 foundation_return ----------------------------------------------------------------------------
def test_ts19_cards_come_back_down_only_with_the_option():
    text = "f1: ..5W\nt1: 6C\nt2:"
    refused(L(text), "f1>t1", "TS-19")
    s = L(text, foundation_return=True)
    s.play("f1>t1")
    assert top(s, "t1") == "5W"
    refused(s, "f1>t2", "TS-11")


def test_ts19_trump_ace_fool_never_returns():
    s = L("f5: T0\nt1: T1", fool="trump_ace", foundation_return=True)
    assert not [m for m in s.legal_moves() if m.src == "f5"]


# ----- TS-20 undo/redo, TS-21 counting ---------------------------------------------------------------------
def test_ts20_ts21_undo_restores_and_moves_stay_counted():
    s = games.new("tarot-solitaire", seed=31)
    start = s.key()
    for _ in range(6):
        s.play(s.legal_moves()[0])
    s.undo_all()
    assert s.key() == start and s.moves_made == 6
    s.redo()
    obs = s.observation()
    assert s.moves_made == 7 and obs.moves_made == 7 and obs.on_table == 1


# ----- TS-22 deal codes -------------------------------------------------------------------------------------
def test_ts22_deal_code_reproduces_layout_and_options():
    s = games.new("tarot-solitaire", seed=777, draw=3, fool="trump_ace")
    t = games.from_code(s.deal_code)
    assert t.key() == s.key() and t.options == s.options


# ----- TS-23 pointless moves ---------------------------------------------------------------------------------
def test_ts23_whole_column_into_an_empty_column_is_refused():
    s = L("t1: T0 5C\nt2:")
    refused(s, "t1>t2x2", "TS-23")
    assert "t1>t2x2" not in [str(m) for m in s.legal_moves()]


# ----- bad input, saves, layouts, helpers ----------------------------------------------------------------------
def test_unknown_pile_and_nonsense_are_refused_without_change():
    s = games.new("tarot-solitaire", seed=2)
    for bad in ("t12>t1", "t1>q9", "s>t1", "t1>w"):
        with pytest.raises(IllegalMove) as err:
            s.play(bad)
        assert err.value.rule and "\n" not in str(err.value)
    assert s.moves == []


def test_tampered_save_is_refused():
    s = games.new("tarot-solitaire", seed=5)
    s.play("draw")
    data = json.loads(s.to_json())
    data["start"]["tab"][0][-1] = "KS" if data["start"]["tab"][0][-1] != "KS" else "QS"
    with pytest.raises(SaveError):
        games.load(json.dumps(data))


def test_save_with_a_duplicated_card_is_refused_even_with_a_fixed_checksum():
    from tarot_learn.core import _checksum
    s = games.new("tarot-solitaire", seed=5)
    data = json.loads(s.to_json())
    data["start"]["stock"][0] = data["start"]["stock"][1]
    data["checksum"] = _checksum(data)
    with pytest.raises(SaveError, match="is not deal"):     # a seeded save's start is dealt again
        games.load(json.dumps(data))
    # A custom position's save is checked card by card: the same card twice is refused.
    custom = json.loads(games.from_layout("tarot-solitaire", "t1: KS").to_json())
    custom["start"]["stock"][0] = custom["start"]["stock"][1]
    custom["checksum"] = _checksum(custom)
    with pytest.raises(SaveError, match="T20 is already in pile s; each card appears once"):
        games.load(json.dumps(custom))
    t = games.from_layout("tarot-solitaire", "t1: KS")
    with pytest.raises(SaveError, match="already"):
        t._restore(custom["start"])


def test_layout_round_trip_on_a_played_deal():
    s = games.new("tarot-solitaire", seed=8, draw=1)
    for _ in range(10):
        s.play(s.legal_moves()[0])
    t = games.from_layout("tarot-solitaire", s.layout())
    assert t.key() == s.key() and t.options == s.options and t.seed is None


@pytest.mark.parametrize("text,words", [
    ("t1: KS KS", "twice"),
    ("t1: ZZ", "not a tarot card"),
    ("t1: [KS]", "face down"),
    ("f1: 2W", "place 1"),
    ("t10: KS", "no pile"),
    ("t1 KS", "pile: cards"),
    ("options: draw=5", "draw"),
    ("t1: KS ]", "brackets"),
])
def test_layout_errors_are_clear(text, words):
    with pytest.raises((LayoutError, games.OptionError)) as err:
        L(text)
    assert words in str(err.value)


def test_layout_error_names_the_line():
    with pytest.raises(LayoutError, match="line 3"):
        L("# lesson\nt1: KS\nt2: QC KS")


def test_left_out_cards_go_to_the_stock_in_pack_order_or_by_seed():
    s = L("t1: KS")
    assert s.card(s.stock[-1]) == Card.parse("AW")
    a, b = L("t1: KS", seed=3), L("t1: KS", seed=3)
    assert a.stock == b.stock != s.stock


def test_legal_destinations_lights_up_where_a_card_can_go():
    s = L("t1: 5C\nt2: 6S\nt3: 6W\nt4: 4P\nf2: ..4C")
    assert sorted(s.legal_destinations("t1")) == ["f2", "t2", "t3"]
    assert s.legal_destinations("t9") == []


def test_auto_foundation_plays_safe_cards_as_undoable_moves():
    s = L("t1: [2W] AW\nt2: T1\nt3: 3C 2S")
    played = s.auto_foundation()
    # The Ace and the Magician are safe; the 2 of Wands is not: tens and the Ace of Cups may
    # still want to sit on it (TS-4), so it stays.
    assert sorted(str(m) for m in played) == ["t1>f1", "t2>f5"]
    assert len(s.found[0]) == 1 and s.moves == played
    for _ in played:
        s.undo()
    assert not any(s.found)


def test_parse_move_shortcuts():
    s = L("t1: AW")
    assert s.parse_move("t1>f") == Move("move", "t1", "f1")
    assert s.parse_move("s") == Move("draw")


def test_observation_hides_face_down_cards():
    s = games.new("tarot-solitaire", seed=3)
    obs = s.observation()
    t1 = obs.pile("t1")
    assert t1.hidden == 9 and t1.cards == (s.card(s.tab[0][-1]),)
    assert obs.status == "playing" and obs.current_player == 0 and obs.title == "Tarot Solitaire"
    assert obs.pile("w").label == "Discard" and obs.draw == 2
    assert json.dumps(obs.to_json())
