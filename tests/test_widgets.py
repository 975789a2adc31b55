"""The boards driven through their Python entry points (no browser): clicks, keys, buttons,
options, the synced view, explanations with rule ids, and random clicking that never breaks."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter

import pytest

pytest.importorskip("anywidget")
pytest.importorskip("ipywidgets")

from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

from tarot_learn import games  # noqa: E402
from tarot_learn.cards import Card  # noqa: E402
from tarot_learn.core import Move  # noqa: E402
from tarot_learn.widgets import SolitaireBoard  # noqa: E402
from tarot_learn.widgets.board import patience_games  # noqa: E402

PATIENCES = patience_games()


def view_counts(board: SolitaireBoard) -> dict[str, int]:
    return {p["id"]: len(p["cards"]) for p in board.surface.view["piles"]}


def state_counts(state) -> dict[str, int]:
    return {p["id"]: len(p["cards"]) for p in state.view()["piles"]}


def first_move(state, want=lambda m: True) -> Move:
    return next(m for m in state.legal_moves() if m.action == "move" and want(m))


def refused_move(state) -> Move:
    """A tableau move the rules refuse (a face-up top card onto a column it does not fit)."""
    legal = set(state.legal_moves())
    for a in range(1, state.NCOLS + 1):
        for b in range(1, state.NCOLS + 1):
            m = Move("move", f"t{a}", f"t{b}", 1)
            if a != b and state.tab[a - 1] and state.tab[b - 1] and m not in legal:
                return m
    raise AssertionError("every column fits every other")


# ----- construction ------------------------------------------------------------------------------
def test_widgets_package_imports_lazily():
    code = ("import sys, tarot_learn.widgets as w; w.SolitaireBoard; "
            "print('tarot_learn.widgets.table' in sys.modules, 'tarot_learn.widgets.drill' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


@pytest.mark.parametrize("game", PATIENCES)
def test_board_shows_the_deal(game):
    board = SolitaireBoard(game, seed=5)
    assert board.state.name == game
    assert view_counts(board) == state_counts(board.state)
    assert board.surface.view["digest"] == board.digest()
    # every card of the pack has a picture, sent once, plus the back
    cards = {str(c).rstrip("'") for c in board.state.cards()}
    assert cards <= set(board.surface.images) and "back" in board.surface.images
    assert all(v[:8] == b"\x89PNG\r\n\x1a\n" for v in board.surface.images.values())
    # the option dropdowns are the game's options_spec
    assert list(board._option_widgets) == [o.name for o in type(board.state).options_spec]


def test_board_from_state_and_bad_arguments():
    s = games.new("tarot-solitaire", seed=3, draw=3)
    board = SolitaireBoard(state=s)
    assert board.state is s and board._option_widgets["draw"].value == 3
    with pytest.raises(ValueError, match="TarotTable"):
        SolitaireBoard("french-tarot")
    with pytest.raises(ValueError, match="option"):
        SolitaireBoard("tarot-solitaire", colour="red")
    with pytest.raises(ValueError, match="card_height"):
        SolitaireBoard(card_height=5)
    with pytest.raises(ValueError, match="not both"):
        SolitaireBoard(state=s, seed=4)


# ----- clicking ----------------------------------------------------------------------------------
@pytest.mark.parametrize("game", PATIENCES)
def test_click_picks_up_lights_targets_and_moves(game):
    board = SolitaireBoard(game, seed=11)
    state = board.state
    move = first_move(state, lambda m: m.src[0] == "t")
    start = len(state._pile(move.src)[2]) - move.count
    v0 = board.surface.view["v"]
    board.click(move.src, start)
    assert board.selected == (move.src, start)
    assert board.surface.view["sel"] == [move.src, start]
    assert set(board.surface.view["targets"]) == set(state.legal_destinations(move.src, move.count))
    assert move.dst in board.surface.view["targets"]
    explanation = state.explain(move)
    board.click(move.dst)
    assert state.moves == [move]
    assert board.selected is None and board.surface.view["targets"] == []
    assert board.message == explanation and board.message_kind == "ok"
    assert board.surface.view["v"] > v0 + 1
    assert view_counts(board) == state_counts(state)
    assert f"<b>{state.moves_made}</b>" in board._counter.value


def test_refused_move_names_the_rule_and_changes_nothing():
    board = SolitaireBoard("tarot-solitaire", seed=2)
    state = board.state
    bad = refused_move(state)
    key = state.key()
    board.click(bad.src)
    board.click(bad.dst)
    err = state.why_illegal(bad)
    assert state.key() == key and state.moves == []
    assert board.message_kind == "refused"
    assert err.rule and err.rule in board.message
    assert f'<b class="tl-rule">{err.rule}</b>' in board._explain.value


def test_clicking_the_selected_pile_puts_it_back_and_face_down_cards_are_explained():
    board = SolitaireBoard("tarot-solitaire", seed=4)
    board.click("t3")
    assert board.selected is not None
    board.click("t3")
    assert board.selected is None
    board.click("t3", 0)                       # the face-down first row (TS-17)
    assert board.selected is None and "face down" in board.message
    assert board.state.RULE["faceup"] in board.message
    board.click("zz")
    assert "no pile" in board.message and board.message_kind == "refused"


def test_double_click_sends_a_card_up_or_says_why_not():
    s = games.from_layout("tarot-solitaire", "t1: [KS] AW\nt2: 5C")
    board = SolitaireBoard(state=s)
    board.double_click("t1")
    assert [str(m) for m in s.moves] == ["t1>f1"]
    assert s.found[0] and str(s.card(s.found[0][-1])) == "AW"
    board.double_click("t2")                    # the Five of Cups cannot go up yet
    assert len(s.moves) == 1 and board.message_kind == "refused" and "TS-9" in board.message


def test_drop_is_a_pick_up_and_a_click():
    board = SolitaireBoard("tarot-solitaire", seed=11)
    state = board.state
    move = first_move(state, lambda m: m.src[0] == "t" and m.dst[0] == "t")
    start = len(state._pile(move.src)[2]) - move.count
    board._on_browser_msg(board.surface, {"event": "drop", "src": move.src, "index": start,
                                          "dst": move.dst}, [])
    assert state.moves == [move]


def test_stock_draws_and_redeals():
    board = SolitaireBoard("tarot-solitaire", seed=8, draw=3)
    state = board.state
    n = len(state.stock)
    board.click("s")
    assert len(state.stock) == n - 3 and len(state.waste) == 3
    while state.stock:
        board.press("draw")
    assert board.buttons["draw"].description == "Redeal"
    board.press("draw")
    assert state.moves[-1].action == "redeal" and len(state.stock) == n


# ----- buttons and keys --------------------------------------------------------------------------
def test_undo_redo_buttons_and_move_counter():
    board = SolitaireBoard("tarot-solitaire", seed=11)
    state = board.state
    assert board.buttons["undo"].disabled and board.buttons["redo"].disabled
    move = first_move(state)
    key0 = state.key()
    board.click(move.src, len(state._pile(move.src)[2]) - move.count)
    board.click(move.dst)
    key1 = state.key()
    board.press("undo")
    assert state.key() == key0 and board.buttons["redo"].disabled is False
    assert state.moves_made == 1                     # undo never lowers the score (TS-21)
    board._on_browser_msg(board.surface, {"event": "key", "name": "redo"}, [])
    assert state.key() == key1 and state.moves_made == 2
    board.press("undo"); board.press("undo")        # the second has nothing to undo
    assert state.key() == key0 and board.message_kind == "refused"
    board.press("fly")
    assert "no 'fly' button" in board.message


def test_hint_lights_a_legal_move():
    board = SolitaireBoard("tarot-solitaire", seed=11)
    board.press("hint")
    assert board.message_kind == "hint"
    if board.selected is None:                 # the hint is to draw
        assert "Draw" in board.message and board.state.is_legal("draw")
        return
    src, start = board.selected
    count = len(board.state._pile(src)[2]) - start
    move = Move("move", src, board.targets[0], count)
    assert board.state.is_legal(move)
    board.click(board.targets[0])
    assert board.state.moves == [move]


def test_hint_without_the_solver_offers_a_legal_card_move(monkeypatch):
    monkeypatch.setitem(sys.modules, "tarot_learn.solve", None)   # as if the solver were absent
    board = SolitaireBoard("tarot-solitaire", seed=11)
    board.press("hint")
    assert "a legal move" in board.message
    src, start = board.selected
    move = first_move(board.state, lambda m: m.src[0] != "f")
    assert (src, board.targets) == (move.src, [move.dst])


def test_auto_finish_and_the_win_message():
    # everything is up but the King of Wands (the wild Fool stays out, TS-14)
    layout = "f1: ..QW\nf2: ..KC\nf3: ..KS\nf4: ..KP\nf5: ..T21\nt1: KW"
    s = games.from_layout("tarot-solitaire", layout)
    board = SolitaireBoard(state=s)
    assert not s.is_won() and board.surface.view["status"] == "playing"
    board.press("auto")
    assert s.is_won() and board.surface.view["status"] == "won"
    assert "You won" in board._status.value and str(s.moves_made) in board._status.value
    assert board.buttons["auto"].disabled


def test_no_moves_left_only_when_the_engine_proves_it(monkeypatch):
    s = games.new("tarot-solitaire", seed=1)
    board = SolitaireBoard(state=s)
    rng = __import__("random").Random(0)
    for _ in range(300):            # random play: the deal is still open, so no such message
        s.play(rng.choice([m for m in s.legal_moves() if not (m.action == "move" and m.src[0] == "f")]))
        board.refresh()
        assert s.is_over() or "No moves left" not in board._status.value
    # when the engine proves the position blocked (TS-15), the board says so
    monkeypatch.setattr(type(s), "is_stuck", lambda self: True)
    board.refresh()
    assert board.surface.view["status"] == "stuck" and "No moves left" in board._status.value


def test_new_deal_from_seed_code_or_blank_and_bad_entries():
    board = SolitaireBoard("tarot-solitaire", seed=1)
    board.new_deal("42")
    assert board.state.seed == 42
    code = games.new("tarot-solitaire", seed=77, draw=1).deal_code
    board._seed.value = code
    board.press("new")
    assert board.state.deal_code == code and board._option_widgets["draw"].value == 1
    before = board.state
    for bad in ("not a code", "99999999999999999999"):
        board.new_deal(bad)
        assert board.state is before and board.message_kind == "refused"
    board.new_deal("")
    assert board.state is not before and board.state.seed is not None


@pytest.mark.skipif(len(PATIENCES) < 2, reason="only one patience registered yet")
def test_a_deal_code_of_another_patience_switches_the_game_with_its_options():
    board = SolitaireBoard("tarot-solitaire", seed=1)
    other = next(g for g in PATIENCES if g != "tarot-solitaire")
    cls = games.get(other)
    opts = {o.name: o.choices[-1] for o in cls.options_spec}     # not the defaults
    code = cls.new(seed=123, **opts).deal_code
    board.new_deal(code)
    assert board.state.name == other and board.state.deal_code == code
    assert board._game.value == other
    assert {k: w.value for k, w in board._option_widgets.items()} == board.state.options


def test_option_dropdown_redeals_the_same_seed():
    board = SolitaireBoard("tarot-solitaire", seed=9)
    board._option_widgets["draw"].value = 3
    assert board.state.options["draw"] == 3 and board.state.seed == 9
    assert "draw=3" in board.message


@pytest.mark.skipif(len(PATIENCES) < 2, reason="only one patience registered yet")
def test_game_dropdown_switches_game_pack_and_pictures():
    board = SolitaireBoard("tarot-solitaire", seed=9)
    other = next(g for g in PATIENCES if g != "tarot-solitaire")
    board._game.value = other
    assert board.state.name == other
    assert list(board._option_widgets) == [o.name for o in type(board.state).options_spec]
    cards = {str(c).rstrip("'") for c in board.state.cards()}
    assert cards <= set(board.surface.images)
    assert view_counts(board) == state_counts(board.state)


def test_plays_as_values_toggle_changes_the_trump_pictures():
    board = SolitaireBoard("tarot-solitaire", seed=9)
    with_values = board.surface.images["T13"]
    board._values.value = False
    assert board.surface.images["T13"] != with_values
    assert board.surface.images["AW"] is not None
    board._values.value = True
    assert board.surface.images["T13"] == with_values


def test_browser_garbage_never_breaks_the_board():
    board = SolitaireBoard("tarot-solitaire", seed=9)
    key = board.state.key()
    for msg in (None, 3, {}, {"event": "click"}, {"event": "click", "pile": 5, "index": "x"},
                {"event": "drop", "src": "t1", "index": None, "dst": "nowhere"},
                {"event": "dblclick", "pile": "f9"}, {"event": "key", "name": None}):
        board._on_browser_msg(board.surface, msg, [])
    assert board.state.key() == key and board.state.moves == []
    assert view_counts(board) == state_counts(board.state)


# ----- properties ----------------------------------------------------------------------------------
clicks = st.lists(st.tuples(st.sampled_from(["click", "click", "click", "dblclick", "draw", "undo"]),
                            st.integers(0, 15), st.one_of(st.none(), st.integers(0, 20))),
                  max_size=60)


@pytest.mark.parametrize("game", PATIENCES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(actions=clicks, seed=st.integers(0, 10_000))
def test_random_clicking_keeps_the_view_true_and_the_cards_whole(game, actions, seed):
    board = SolitaireBoard(game, seed=seed)
    state = board.state
    pack = Counter(state.cards())
    piles = state.pile_ids()
    for kind, p, index in actions:
        pile = piles[p % len(piles)]
        before = state.key()
        if kind == "click":
            board.click(pile, index)
        elif kind == "dblclick":
            board.double_click(pile)
        else:
            board.press(kind)
        if board.message_kind == "refused":
            assert state.key() == before            # a refused move changes nothing
        assert Counter(state.cards()) == pack         # no card lost or doubled
        assert view_counts(board) == state_counts(state)
        assert board.surface.view["digest"] == board.digest()
        assert board.surface.view["moves"] == state.moves_made
        json.dumps(board.surface.view)               # the view always serialises


# ----- TarotTable --------------------------------------------------------------------------------
from tarot_learn.games.french_tarot import Phase  # noqa: E402
from tarot_learn.games.french_tarot import rules as FR  # noqa: E402
from tarot_learn.widgets import TarotTable  # noqa: E402


def play_out(table: TarotTable, limit: int = 200) -> None:
    """Play your turns with the first legal card (passing in the bidding) to the end of the deal."""
    for _ in range(limit):
        deal = table.state
        if not table.match.in_progress:
            return
        assert deal.to_play == 0, "the bots hand the turn back to you"
        if deal.phase is Phase.BIDDING:
            table.press("pass")
        elif deal.phase is Phase.PLAYING:
            legal = [c for c, why in table.hand_notes().items() if why is None]
            table.click_card(legal[0])
        else:
            table.timeout()                  # let the bot decide the other phases for you
    raise AssertionError("the deal did not end")


def table_where_you_take(players: int = 4) -> TarotTable:
    for seed in range(60):
        t = TarotTable(players=players, seed=seed)
        if t.state.phase is Phase.BIDDING and t.state.to_play == 0:
            legal = [str(m) for m in t.state.legal_moves()]
            if "bid garde" in legal:
                t.press("garde")
                if t.state.taker == 0 and t.state.phase in (Phase.DISCARDING, Phase.CALLING):
                    return t
    raise AssertionError("no seed lets you take with a garde")


def test_table_hands_you_the_turn_and_hides_the_bots_cards():
    t = TarotTable(players=4, seed=5)
    assert t.state.to_play == 0
    view = t.surface.view
    assert [h["c"] for h in view["hand"]] == [FR.text(c) for c in t.state.hands[0]]
    assert [s["n"] for s in view["seats"]] == [len(h) for h in t.state.hands]
    assert all(s["cards"] == [] for s in view["seats"][1:])
    t._show.value = True
    assert [s["cards"] for s in t.surface.view["seats"][1:]] == [
        [FR.text(c) for c in h] for h in t.state.hands[1:]]
    assert t.summary()["counts"] == [len(h) for h in t.state.hands]


def test_table_bid_buttons_follow_the_legal_bids():
    t = TarotTable(players=4, seed=5)
    legal = {str(m) for m in t.state.legal_moves()}
    shown = {b.description: b.disabled for b in t._actions.children}
    for word, label in (("pass", "Pass"), ("prise", "Prise"), ("garde", "Garde"),
                        ("garde_sans", "Garde sans"), ("garde_contre", "Garde contre")):
        assert shown[label] == (f"bid {word}" not in legal)


def test_table_refuses_an_illegal_card_with_its_rule_and_dims_it():
    t = TarotTable(players=4, seed=5)
    t.press("pass")
    deal = t.state
    assert deal.phase is Phase.PLAYING and deal.to_play == 0
    notes = t.hand_notes()
    bad = [c for c, why in notes.items() if why]
    assert bad, "this deal has a card you may not play"
    for card in t.surface.view["hand"]:
        assert card["ok"] == (notes[card["c"]] is None)
        assert card["why"] == (notes[card["c"]] or "")
    key = deal.key()
    t.click_card(bad[0])
    err = deal.why_illegal(Move("play", arg=bad[0]))
    assert deal.key() == key and t.message_kind == "refused" and err.rule in t.message
    t.click_card("ZZ")
    assert "not in your hand" in t.message


def test_table_plays_a_whole_deal_and_fills_the_score_sheet():
    t = TarotTable(players=4, seed=5, rounds=1)
    play_out(t)
    assert t.state.phase in (Phase.SCORED, Phase.REDEAL)
    assert len(t.match.sheet) == 1 and "<table" in t._sheet.value
    if t.state.phase is Phase.SCORED:
        assert "<table" in t._result.value
        assert t.surface.view["over"] and all(s["cards"] or s["n"] == 0 for s in t.surface.view["seats"][1:])
    assert [b.description for b in t._actions.children] == ["Next deal"]
    t.press("next")
    assert t.match.dealt >= 2 and t.match.in_progress and t.state.to_play == 0


def test_table_discard_selection_and_declarations():
    t = table_where_you_take()
    deal = t.state
    assert deal.phase is Phase.DISCARDING and deal.to_play == 0
    hand = t._hand()
    kings = [c for c in hand if c.startswith("K") and not c.startswith("T")]
    if kings:
        t.click_card(kings[0])
        assert t.message_kind == "refused" and "FT-11" in t.message and kings[0] not in t.discard_selection
    ok = [c for c, why in t.hand_notes().items() if why is None][:deal.dog_size]
    for c in ok:
        t.click_card(c)
    assert t.discard_selection == ok
    t.click_card(ok[0])                       # a second click takes it back
    assert ok[0] not in t.discard_selection
    t.press("discard")                        # one short: refused
    assert t.message_kind == "refused" and deal.phase is Phase.DISCARDING
    t.click_card(ok[0])
    t.press("discard")
    assert deal.phase in (Phase.DECLARING, Phase.PLAYING) and sorted(FR.text(c) for c in deal.discard) == sorted(ok)
    if deal.phase is Phase.DECLARING:
        assert {b.description for b in t._actions.children} == {"No chelem", "Announce a chelem"}
        t.press("no_chelem")
    assert deal.phase is Phase.PLAYING


def test_table_five_players_call_a_king_with_the_buttons():
    t = table_where_you_take(players=5)
    deal = t.state
    assert deal.phase is Phase.CALLING
    legal = [str(m) for m in deal.legal_moves()]
    buttons = list(t._actions.children)
    assert len(buttons) == len(legal) and all(b.description.startswith("Call ") for b in buttons)
    buttons[0].click()                         # the same handler a browser click runs
    assert FR.text(deal.called) == legal[0].split()[1]
    assert "call" in t.message.lower() and "FT-8" in t.message
    assert deal.phase in (Phase.DISCARDING, Phase.DECLARING, Phase.PLAYING)


def test_table_undo_takes_back_your_decision_and_the_bots_replies():
    t = TarotTable(players=4, seed=5)
    assert t._buttons["undo"].disabled
    key = t.state.key()
    t.press("pass")
    assert t.state.key() != key
    t.press("undo")
    assert t.state.key() == key and t.state.to_play == 0
    t.press("undo")
    assert t.message_kind == "refused"


def test_table_clock_lets_the_bot_play_for_you_and_ignores_stale_clocks():
    t = TarotTable(players=4, seed=5, time_per_turn=10)
    assert t.surface.view["deadline"] == 10
    old = t.surface.view["turn"]
    t.click_card("ZZ")                         # a refused click redraws but keeps the turn
    assert t.surface.view["turn"] == old
    t.press("pass")                            # a new turn: the old clock must not act
    key = t.state.key()
    t._on_browser_msg(t.surface, {"event": "timeout", "turn": old}, [])
    assert t.state.key() == key
    hand = len(t.state.hands[0])
    t._on_browser_msg(t.surface, {"event": "timeout", "turn": t.surface.view["turn"]}, [])
    assert len(t.state.hands[0]) == hand - 1 and "Time is up" in t.message


@pytest.mark.parametrize("players", [3, 5])
def test_table_players_dropdown_starts_a_new_match(players):
    t = TarotTable(players=4, seed=5)
    t._players.value = players
    assert t.state.players == players and len(t.surface.view["seats"]) == players
    play_out(t)
    assert len(t.match.sheet) >= 1


def test_table_bad_arguments_and_garbage_messages():
    with pytest.raises(ValueError, match="players"):
        TarotTable(players=6)
    with pytest.raises(ValueError, match="rounds"):
        TarotTable(rounds=0)
    with pytest.raises(ValueError, match="time_per_turn"):
        TarotTable(time_per_turn=-3)
    t = TarotTable(players=4, seed=5)
    key = t.state.key()
    for msg in (None, {}, {"event": "card"}, {"event": "card", "card": 7}, {"event": "timeout", "turn": 3}):
        t._on_browser_msg(t.surface, msg, [])
    assert t.state.key() == key
    t.press("fly")
    assert "no 'fly' button" in t.message


def test_boards_take_a_folder_of_own_card_images(tmp_path):
    from tarot_learn.decks import default_deck, make_sample_scans

    make_sample_scans(tmp_path, "T13 KS AW", height=120)
    board = SolitaireBoard("tarot-solitaire", seed=3, deck=str(tmp_path))
    default = SolitaireBoard("tarot-solitaire", seed=3)
    assert board.deck.has_own(Card.parse("T13")) and default.deck is default_deck()
    assert board.surface.images["T13"] != default.surface.images["T13"]     # the scan
    assert board.surface.images["T5"] == default.surface.images["T5"]       # default art
    # the scan cannot carry the art's value badge, so the board labels it
    assert board.surface.badges == {"T13": "4", "KS": "14"}
    board._values.value = False
    assert board.surface.badges == {}
    table = TarotTable(players=4, seed=5, deck=tmp_path)
    plain = TarotTable(players=4, seed=5)
    assert table.surface.images["KS"] != plain.surface.images["KS"]
    assert table.surface.images["T5"] == plain.surface.images["T5"]


table_actions = st.lists(st.tuples(st.sampled_from(["card", "card", "card", "press", "timeout"]),
                                   st.integers(0, 30),
                                   st.sampled_from(["pass", "prise", "garde", "garde_sans", "garde_contre",
                                                    "discard", "chelem", "no_chelem", "poignee", "next",
                                                    "undo", "call ks"])),
                         max_size=40)


@settings(max_examples=20, deadline=None)
@given(actions=table_actions, seed=st.integers(0, 10_000), players=st.sampled_from([3, 4, 5]))
def test_random_table_use_keeps_the_view_true_and_the_cards_whole(actions, seed, players):
    t = TarotTable(players=players, seed=seed, rounds=None)
    for kind, i, name in actions:
        deal = t.state
        before = deal.key()
        if kind == "card":
            hand = t._hand()
            t.click_card(hand[i % len(hand)] if hand else "AW")
        elif kind == "press":
            t.press(name)
        else:
            t.timeout()
        deal = t.state
        if t.message_kind == "refused":
            assert deal.key() == before                     # a refused action changes nothing
        assert sorted(deal.cards()) == sorted(games.get("french-tarot").new(1, players=players).cards())
        view = t.surface.view
        assert [h["c"] for h in view["hand"]] == [FR.text(c) for c in deal.hands[0]]
        assert [s["n"] for s in view["seats"]] == [len(h) for h in deal.hands]
        assert view["phase"] == deal.phase.value and view["to_play"] == deal.to_play
        assert t.match.in_progress is False or deal.to_play == 0   # the bots never keep the turn


def test_table_poignee_with_trumps_you_choose():
    # match seed 22 deals South 8+ trumps at five players (a simple poignée is 8, FT-15)
    t = TarotTable(players=5, seed=22)
    t.press("pass")
    deal = t.state
    assert deal.phase is Phase.PLAYING and deal.to_play == 0
    labels = [b.description for b in t._actions.children]
    assert any(l.startswith("Show a simple poignée") for l in labels)
    t.press("choose_poignee")
    assert t.poignee_selection == []
    hand = t._hand()
    plain = next(c for c in hand if not c.startswith("T"))
    key = deal.key()
    t.click_card(plain)                            # choosing, a plain card is not played
    assert t.message_kind == "refused" and "FT-15" in t.message and deal.key() == key
    trumps = [c for c in hand if c.startswith("T") and c != "T0"]
    chosen = list(reversed(trumps))[:8]            # the highest, not the lowest the quick button shows
    for c in chosen:
        t.click_card(c)
    assert t.poignee_selection == chosen
    assert [h["c"] for h in t.surface.view["hand"] if h["sel"]] == [c for c in hand if c in chosen]
    show = t._buttons["show_poignee"]
    assert not show.disabled and "8 trumps" in show.description
    t.press("show_poignee")
    assert t.poignee_selection is None
    shown = [cards for seat, cards in deal.observation(1)["poignees"] if seat == 0]
    assert shown and sorted(shown[0]) == sorted(chosen)
    assert "poignée" in t.message and "FT-15" in t.message


def test_table_undo_after_the_last_card_takes_the_row_off_the_sheet():
    t = TarotTable(players=4, seed=5)
    play_out(t)
    assert len(t.match.sheet) == 1 and not t.match.in_progress
    t.press("undo")
    assert len(t.match.sheet) == 0 and t.match.in_progress
    assert t.state.phase is Phase.PLAYING and t.state.to_play == 0 and t._sheet.value == ""
