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
from tarot_learn.cards import Card, standard_deck  # noqa: E402
from tarot_learn.core import Move, OptionError  # noqa: E402
from tarot_learn.widgets import SolitaireBoard  # noqa: E402
from tarot_learn.widgets.board import patience_games  # noqa: E402

PATIENCES = patience_games()


def view_counts(board: SolitaireBoard) -> dict[str, int]:
    return {p["id"]: p["hidden"] + len(p["cards"]) for p in board.surface.view["piles"]}


def state_counts(state) -> dict[str, int]:
    return {p.id: p.size for p in state.observation().piles}


def pile_size(state, pid: str) -> int:
    return state.observation().pile(pid).size


def first_move(state, want=lambda m: True) -> Move:
    return next(m for m in state.legal_moves() if m.action == "move" and want(m))


def refused_move(state) -> Move:
    """A tableau move the rules refuse (a face-up top card onto a column it does not fit)."""
    legal = set(state.legal_moves())
    obs = state.observation()
    for a in range(1, state.NCOLS + 1):
        for b in range(1, state.NCOLS + 1):
            m = Move("move", f"t{a}", f"t{b}", 1)
            if a != b and obs.pile(f"t{a}").top and obs.pile(f"t{b}").top and m not in legal:
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
    with pytest.raises(OptionError, match="TarotTable"):
        SolitaireBoard("french-tarot")
    with pytest.raises(OptionError, match="TarotTable"):
        SolitaireBoard(state=games.new("french-tarot", seed=1))
    with pytest.raises(OptionError, match="option"):
        SolitaireBoard("tarot-solitaire", colour="red")
    with pytest.raises(OptionError, match="card_height"):
        SolitaireBoard(card_height=5)
    with pytest.raises(OptionError, match="not both"):
        SolitaireBoard(state=s, seed=4)


# ----- clicking ----------------------------------------------------------------------------------
@pytest.mark.parametrize("game", PATIENCES)
def test_click_picks_up_lights_targets_and_moves(game):
    board = SolitaireBoard(game, seed=11)
    state = board.state
    move = first_move(state, lambda m: m.src[0] == "t")
    start = pile_size(state, move.src) - move.count
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
    assert s.observation().pile("f1").cards == (Card.parse("AW"),)
    board.double_click("t2")                    # the Five of Cups cannot go up yet
    assert len(s.moves) == 1 and board.message_kind == "refused" and "TS-9" in board.message


def test_a_drop_is_one_move_and_one_view():
    board = SolitaireBoard("tarot-solitaire", seed=11)
    state = board.state
    move = first_move(state, lambda m: m.src[0] == "t" and m.dst[0] == "t")
    start = pile_size(state, move.src) - move.count
    views = []
    board.surface.observe(lambda change: views.append(change["new"]["v"]), names="view")
    board._on_browser_msg(board.surface, {"event": "drop", "src": move.src, "index": start,
                                          "dst": move.dst}, [])
    assert state.moves == [move] and len(views) == 1 and board.selected is None
    # a drop the rules refuse is one view too, says the rule, and changes nothing
    bad = refused_move(state)
    views.clear()
    board.drop(bad.src, pile_size(state, bad.src) - bad.count, bad.dst)
    assert state.moves == [move] and len(views) == 1 and board.message_kind == "refused"
    # a face-down card cannot be dragged; a drop back on its own pile puts it back
    other = SolitaireBoard("klondike", seed=3)
    other.drop("t7", 0, "t1")
    assert other.state.moves == [] and "face down" in other.message and other.message_kind == "refused"
    board.drop(move.dst, None, move.dst)
    assert state.moves == [move] and board.message == "Put back."


def test_buttons_keys_and_press_come_from_one_table():
    from tarot_learn.widgets.actions import key_map, tooltip
    from tarot_learn.widgets.board import ACTIONS, intent_problem

    board = SolitaireBoard("klondike", seed=3)
    assert board.surface.key_map == key_map(ACTIONS) and board.surface.key_map["z"] == "undo"
    assert set(board.buttons) == {a.name for a in ACTIONS if a.label is not None}
    for action in ACTIONS:
        assert intent_problem({"event": "press", "name": action.name}) is None
        if action.label is not None:
            assert board.buttons[action.name].description.startswith(action.label[:4])
            assert board.buttons[action.name].tooltip == tooltip(action)
    move = first_move(board.state)
    board.state.play(move)
    board.refresh()
    assert not board.buttons["undo"].disabled and board.buttons["redo"].disabled
    board.press("undo")
    assert board.state.moves == [] and not board.buttons["redo"].disabled
    board.press("fly")
    assert board.message_kind == "refused" and "try new, share, draw" in board.message


def test_stock_draws_and_redeals():
    board = SolitaireBoard("tarot-solitaire", seed=8, draw=3)
    state = board.state
    n = pile_size(state, "s")
    board.click("s")
    assert pile_size(state, "s") == n - 3 and pile_size(state, "w") == 3
    while pile_size(state, "s"):
        board.press("draw")
    assert board.buttons["draw"].description == "Redeal" and board.surface.view["redeal"]
    board.press("draw")
    assert state.moves[-1].action == "redeal" and pile_size(state, "s") == n


# ----- buttons and keys --------------------------------------------------------------------------
def test_undo_redo_buttons_and_move_counter():
    board = SolitaireBoard("tarot-solitaire", seed=11)
    state = board.state
    assert board.buttons["undo"].disabled and board.buttons["redo"].disabled
    move = first_move(state)
    key0 = state.key()
    board.click(move.src, pile_size(state, move.src) - move.count)
    board.click(move.dst)
    key1 = state.key()
    board.press("undo")
    assert state.key() == key0 and board.buttons["redo"].disabled is False
    assert state.moves_made == 1                     # undo never lowers the score (TS-21)
    board._on_browser_msg(board.surface, {"event": "press", "name": "redo"}, [])
    assert state.key() == key1 and state.moves_made == 2
    board.press("undo")
    board.press("undo")                             # the second has nothing to undo
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
    count = pile_size(board.state, src) - start
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


def test_no_moves_left_only_when_the_player_can_see_it(monkeypatch):
    s = games.new("tarot-solitaire", seed=1)
    board = SolitaireBoard(state=s)
    rng = __import__("random").Random(0)
    for _ in range(300):            # random play: while any move is legal, no such message
        s.play(rng.choice([m for m in s.legal_moves() if not (m.action == "move" and m.src[0] == "f")]))
        board.refresh()
        assert not s.legal_moves() or "No moves left" not in board._status.value
    # the engine's verdict from looking through the face-down stock never reaches the page
    monkeypatch.setattr(type(s), "is_stock_loop", lambda self: True)
    board.refresh()
    assert s.is_over() and s.observation().status == "playing" and s.legal_moves()
    assert board.surface.view["status"] == "playing" and "No moves left" not in board._status.value
    # no legal move at all (stock and waste empty, the one face-up card cannot move): said
    rest = " ".join(str(c) for c in standard_deck() if str(c) != "2S")
    blocked = games.from_layout("klondike", f"t1: [{rest}] 2S")
    board = SolitaireBoard(state=blocked)
    assert blocked.legal_moves() == []
    assert board.surface.view["status"] == "no_moves" and "No moves left" in board._status.value
    assert board.summary()["status"] == "no_moves"


def test_new_deal_from_seed_code_or_blank_and_bad_entries():
    board = SolitaireBoard("tarot-solitaire", seed=1)
    board.new_deal("42")
    assert board.state.seed == 42
    code = games.new("tarot-solitaire", seed=77, draw=1).deal_code
    board._seed.value = code
    board.press("new")
    assert board.state.deal_code == code and board._option_widgets["draw"].value == 1
    before = board.state
    for bad in ("not a code", "99999999999999999999", "\u00b2", "4\u00b2", "KL" * 200_000):
        board.new_deal(bad)
        assert board.state is before and board.message_kind == "refused"
        assert len(board.message) < 300                    # one line, not the pasted text
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
                {"event": "dblclick", "pile": "f9"}, {"event": "press", "name": None}):
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


# ----- what the page may know ----------------------------------------------------------------------
def hidden_twin_layout(text: str) -> str:
    """The same position with its face-down cards in another order: the cards inside each
    ``[...]`` and the stock reversed (what the player sees is unchanged)."""
    out = []
    for line in text.splitlines():
        pile, sep, rest = line.partition(":")
        if sep and "[" in rest:
            head, _, tail = rest.partition("[")
            inner, _, after = tail.partition("]")
            rest = f"{head}[{' '.join(reversed(inner.split()))}]{after}"
        elif sep and pile.strip() == "s":
            rest = " " + " ".join(reversed(rest.split()))
        out.append(pile + sep + rest)
    return "\n".join(out) + "\n"


def page_state(board: SolitaireBoard) -> bytes:
    """Everything the board syncs to the page that depends on the position, as bytes."""
    widgets = {"view": board.surface.view, "counter": board._counter.value,
               "status": board._status.value, "explain": board._explain.value,
               "deal": board._deal_info.value,
               "buttons": {k: [b.description, b.disabled] for k, b in board.buttons.items()}}
    return json.dumps(widgets, sort_keys=True).encode()


@pytest.mark.parametrize("game", PATIENCES)
def test_the_page_gets_the_same_bytes_for_positions_that_look_the_same(game):
    layout = games.new(game, seed=5).layout()
    one = games.from_layout(game, layout)
    two = games.from_layout(game, hidden_twin_layout(layout))
    assert one.key() != two.key()                                  # the face-down cards differ
    assert one.observation() == two.observation()                  # the player sees the same
    boards = [SolitaireBoard(state=one), SolitaireBoard(state=two)]
    assert page_state(boards[0]) == page_state(boards[1])
    assert boards[0].digest() == boards[1].digest() == boards[0].surface.view["digest"]
    # the same clicks (a pick-up, a refused drop, a put-back, an unknown pile) keep them equal
    move = first_move(one, lambda m: m.src[0] == "t")
    for board in boards:
        board.click(move.src, pile_size(board.state, move.src) - move.count)
    assert page_state(boards[0]) == page_state(boards[1])
    for board in boards:
        board.click(move.src)
        board.click("zz")
        board.press("deselect")
    assert page_state(boards[0]) == page_state(boards[1])


@pytest.mark.parametrize("game", PATIENCES)
def test_the_page_view_names_no_face_down_card(game):
    board = SolitaireBoard(game, seed=12)
    obs = board.state.observation()
    view = board.surface.view
    assert [p["id"] for p in view["piles"]] == [p.id for p in obs.piles]
    for sent, pile in zip(view["piles"], obs.piles):
        assert sent["role"] == pile.role.value and sent["hidden"] == pile.hidden
        assert sent["cards"] == [str(c) for c in pile.cards]       # face-up cards only
    shown = {c for p in view["piles"] for c in p["cards"]}
    assert shown == {str(c) for c in obs.visible_cards()}
    assert sum(p["hidden"] for p in view["piles"]) > 0             # the deal has face-down cards
    assert view["ncols"] == len(obs.by_role("tableau"))


def test_page_messages_outside_the_schema_are_refused_visibly():
    board = SolitaireBoard("tarot-solitaire", seed=9)
    key = board.state.key()
    for msg in (None, [1, 2], {"event": "explode"}, {"event": "click", "pile": "t1", "index": float("nan")},
                {"event": "click", "pile": "t1", "index": 1e300}, {"event": "press", "name": "s>s"}):
        board.message = ""
        board._on_browser_msg(board.surface, msg, [])
        assert board.message                                  # something is always said
    board._on_browser_msg(board.surface, {"event": "explode"}, [])
    assert board.message_kind == "refused" and "does not accept (unknown intent 'explode')" in board.message
    assert board.state.key() == key and board.state.moves == []


# ----- accessible names, rule text --------------------------------------------------------------
def test_every_card_and_pile_has_the_words_of_its_accessible_name_from_what_the_player_sees():
    from tarot_learn.widgets.board import card_names, place_name
    board = SolitaireBoard("klondike", seed=3)
    obs = board.state.observation()
    assert board.surface.names == card_names("standard")                # once per deck
    assert board.surface.names["10H"] == "Ten of Hearts" and len(board.surface.names) == 52
    for sent, pile in zip(board.surface.view["piles"], obs.piles):
        assert sent["place"] == place_name(pile)
    places = {p["id"]: p["place"] for p in board.surface.view["piles"]}
    assert places["t3"] == "column 3" and places["f2"] == "Hearts foundation" and places["s"] == "stock"
    # the place words hold no card; the card names travel with the pictures, not with a position
    assert not any(c.name in json.dumps(board.surface.view) for c in standard_deck())
    tarot = SolitaireBoard("tarot-solitaire", seed=3)
    assert tarot.surface.names["T19"] == "The Sun (XIX)" and len(tarot.surface.names) == 78


def test_a_refused_move_opens_the_rule_it_cites():
    board = SolitaireBoard("klondike", seed=3)
    move = refused_move(board.state)
    board.click(move.src)
    board.click(move.dst)
    html = board._explain.value
    assert board.message_kind == "refused" and '<details class="tl-rule-text">' in html
    from tarot_learn import rules
    from tarot_learn.widgets._common import rule_ids
    rid = rule_ids(board.message)[0]
    assert f"<summary>Rule {rules.title(rid)}" in html.replace("&#x27;", "'")


# ----- autosave and resume ----------------------------------------------------------------------
TOKEN = "0123456789abcdef" * 2


def page_sends(view, content) -> None:
    """A custom message from the page, delivered the way the kernel delivers it."""
    view.comm.handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def test_moves_are_autosaved_under_the_page_token_and_a_new_board_resumes_them(tmp_path, monkeypatch):
    monkeypatch.setenv("TAROT_LEARN_DATA", str(tmp_path))
    board = SolitaireBoard("klondike", seed=3)
    page_sends(board.surface, {"event": "hello", "token": TOKEN})
    assert board.autosave_path == tmp_path / "autosave" / f"{TOKEN}.json"
    for _ in range(3):
        move = first_move(board.state)
        board.click(move.src, pile_size(board.state, move.src) - move.count)
        board.click(move.dst)
    board.press("undo")
    played = list(board.state.moves)
    assert games.load(board.autosave_path.read_text()).moves == played
    # the kernel is lost; the reloaded page's new board gets the same token and resumes
    again = SolitaireBoard("klondike")
    again.resume(TOKEN)
    assert again.state.moves == played and again.state.key() == board.state.key()
    assert again.state.redo_moves == board.state.redo_moves and "Resumed" in again.message
    # a board already played, another deal asked for, another game: the save is not theirs
    other = SolitaireBoard("klondike", seed=4)
    other.press("draw")
    other.resume(TOKEN)
    assert other.state.seed == 4 and other.state.moves_made == 1
    for board in (SolitaireBoard("klondike", seed=5), SolitaireBoard("tarot-solitaire")):
        board.resume(TOKEN)
        assert board.state.moves == [] and "Resumed" not in board.message


def test_resume_tokens_are_keys_of_one_form_and_a_forged_save_is_refused(tmp_path, monkeypatch):
    monkeypatch.setenv("TAROT_LEARN_DATA", str(tmp_path))
    from tarot_learn.widgets.autosave import Autosave, check_token
    for bad in ("", "0" * 31, "0" * 33, "G" * 32, "0123456789ABCDEF" * 2, "../" * 11 + "ab", None, 7,
                ["0" * 32], "0" * 31 + "\n"):
        assert check_token(bad) is not None
        board = SolitaireBoard("klondike", seed=3)
        page_sends(board.surface, {"event": "hello", "token": bad})
        assert board.message_kind == "refused" and board.autosave_path is None
        with pytest.raises(OptionError):
            Autosave(bad)
    assert not (tmp_path / "autosave").exists() or not list((tmp_path / "autosave").iterdir())
    # a save edited by hand (a card moved where the rules do not allow) is refused and set aside
    keeper = Autosave(TOKEN)
    state = games.new("klondike", seed=3)
    state.play(first_move(state))
    keeper.save(state)
    text = keeper.path.read_text()
    forged = json.loads(text)
    forged["moves"] = ["t2>f1"] + forged["moves"]
    keeper.path.write_text(json.dumps(forged))
    board = SolitaireBoard("klondike", seed=5)
    board.resume(TOKEN)
    assert board.message_kind == "refused" and "could not be resumed" in board.message
    assert board.state.seed == 5 and keeper.path.with_name(f"{TOKEN}.json.bad").exists()
    assert games.load(keeper.path.read_text()).seed == 5        # the board saves its own game now
    quiet = SolitaireBoard("klondike", seed=6, autosave=False)
    quiet.resume("f" * 32)
    assert quiet.autosave_path is None and not (tmp_path / "autosave" / ("f" * 32 + ".json")).exists()


def test_the_heartbeat_is_answered_without_a_new_view():
    board = SolitaireBoard("klondike", seed=3)
    sent = []
    board.surface.send = lambda content, buffers=None: sent.append(content)
    v = board.surface.view["v"]
    page_sends(board.surface, {"event": "ping", "n": 41})
    assert sent == [{"pong": 41}] and board.surface.view["v"] == v and board.message_kind != "refused"
    page_sends(board.surface, {"event": "ping", "n": -1})
    assert sent == [{"pong": 41}] and board.message_kind == "refused"


# ----- presenter ----------------------------------------------------------------------------------
def played_code(seed: int = 7, n: int = 8) -> str:
    from tarot_learn import results
    state = games.new("klondike", seed=seed)
    for _ in range(n):
        moves = state.legal_moves()
        state.play(next((m for m in moves if m.action == "move"), moves[0]))
    return results.result_code(state)


def test_presenter_steps_through_a_students_game_proved_by_replay():
    from tarot_learn import rules
    from tarot_learn.widgets import Presenter
    from tarot_learn.widgets._common import rule_ids
    code = played_code()
    p = Presenter(code)
    from tarot_learn.results import verify
    from tarot_learn.widgets.board import observation_digest
    replay = games.from_code(code.split(".")[1])
    line = verify(code).moves
    assert len(p) == 8 and p.step == 0 and p.buttons["prev"].disabled
    for k in range(1, 9):
        move = line[k - 1]
        note = replay.explain(move)
        replay.play(move)
        page_sends(p.surface, {"event": "press", "name": "next"})
        assert p.step == k and p.explanation() == note
        assert p.surface.view["digest"] == observation_digest(replay.observation())
        for rid in rule_ids(note):
            assert rules.title(rid).split("&")[0][:20] in p._panel.value.replace("&#x27;", "'")
        assert f"Move {k} of 8" in p._panel.value
    assert p.buttons["next"].disabled
    p.press("prev")
    assert p.step == 7
    p.first()
    assert p.step == 0 and p.surface.view["digest"] == SolitaireBoard("klondike", seed=7).digest()
    p.last()
    assert p.step == 8
    # nothing but the step keys and the heartbeat is taken from the page
    page_sends(p.surface, {"event": "click", "pile": "t1", "index": 0})
    assert p.step == 8 and "does not accept" in p._refusal.value
    assert code.split(".")[1] not in json.dumps(p.surface.view) + p._panel.value


def test_presenter_shows_the_solvers_line_and_refuses_what_it_cannot_show():
    from tarot_learn.errors import SaveError
    from tarot_learn.widgets import Presenter
    layout = "f1: ..QS\nf2: ..QH\nf3: ..QD\nf4: ..KC\nt1: KS\nt2: KH\nt3: KD"
    p = Presenter(games.from_layout("klondike", layout))
    assert len(p) == 3 and "solver" in p._panel.value
    p.last()
    assert p.state.is_won() and p.surface.view["status"] == "won"
    code = played_code()
    with pytest.raises(SaveError):
        Presenter(code[:-3] + "zzz")                     # a damaged or forged code
    with pytest.raises(OptionError, match="not legal"):
        Presenter(games.new("klondike", seed=3), moves=["t1>t1"])
    with pytest.raises(OptionError, match="patience"):
        Presenter(games.new("french-tarot", seed=1))
    with pytest.raises(OptionError):
        Presenter(code).go("3")


def test_escape_after_a_pick_leaves_no_picked_up_words():
    board = SolitaireBoard("tarot-solitaire", seed=3)
    move = first_move(board.state, lambda m: m.src[0] == "t")
    board.click(move.src)
    assert board.message.startswith("Picked up") and board.selected is not None
    board.press("deselect")
    assert board.selected is None and board.surface.view["sel"] is None
    assert "Picked up" not in board.message and "Picked up" not in board._explain.value


def test_a_deal_code_typed_in_is_confirmed_and_shown_on_the_label():
    code = games.new("klondike", seed=11).deal_code
    board = SolitaireBoard("tarot-solitaire", seed=3)
    board._seed.value = code
    assert board.state.deal_code == code and board.message_kind == "ok"
    assert code in board.message and code in board._deal_info.value
    assert "hidden" not in board._deal_info.value
    board.new_deal(7)                        # a seed is not a code the player has seen
    assert "hidden" in board._deal_info.value and code not in board._deal_info.value


def test_a_deal_code_typed_in_a_class_challenge_stays_off_the_label():
    code = games.new("klondike", seed=11).deal_code
    board = SolitaireBoard("tarot-solitaire", seed=3, sharing=False)
    board.new_deal(code)
    assert board.state.deal_code == code and board.message_kind == "ok"
    assert code not in board._deal_info.value and code not in board.message


def test_each_exercise_box_shows_its_id_in_words():
    from tarot_learn.lessons import kit

    ex = kit.Exercise("04.first-move", prompt="Which pile takes the Ace?", answer=3)
    prompt = ex.widget.children[0].value
    assert "Exercise 04.first-move" in prompt and "data-exercise='04.first-move'" in prompt
    assert "3" not in prompt.replace("Exercise 04", "")      # the answer never reaches the page


def test_a_lift_names_the_legal_drops_and_leaves_the_view_alone():
    board = SolitaireBoard("tarot-solitaire", seed=3)
    sent: list[dict] = []
    board.surface.send = lambda content, buffers=None: sent.append(content)
    move = first_move(board.state, lambda m: m.src[0] == "t")
    size = pile_size(board.state, move.src)
    v0 = board.surface.view["v"]
    board.on_intent({"event": "lift", "pile": move.src, "index": size - move.count})
    assert sent[-1]["lift"] == [move.src, size - move.count]
    assert set(sent[-1]["targets"]) == set(board.state.legal_destinations(move.src, move.count))
    assert move.dst in sent[-1]["targets"]
    assert board.surface.view["v"] == v0 and board.selected is None
    down = next(p for p in board.state.observation().piles if p.hidden)
    assert board.lift(down.id, 0) == []                          # a face-down card goes nowhere
    assert board.lift("zz") == [] and board.lift("s") == []
    board.on_intent({"event": "drop", "src": move.src, "index": size - move.count, "dst": move.dst})
    assert board.surface.view["v"] == v0 + 1 and board.state.moves[-1] == move


def test_game_options_fold_into_one_closed_disclosure():
    from tarot_learn.widgets import TarotTable

    board = SolitaireBoard("klondike", seed=2)
    panel = board.options_panel
    assert board.children[0] is panel and panel.titles == ("Game options",) and panel.selected_index is None
    inside = [w for row in panel.children[0].children for w in row.children]
    assert board._game in inside and board._seed in inside and board.buttons["share"] in inside
    assert board.buttons["draw"] not in inside                 # play stays under the table
    table = TarotTable(players=4, seed=5)
    assert table.children[0] is table.options_panel and table.options_panel.selected_index is None
