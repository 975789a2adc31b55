"""Hints that lead somewhere: following Hint never goes round in a circle, wins README's example
deal, and keeps to what the player may know (a stock shown by a redeal, never a face-down card)."""

from __future__ import annotations

import random

import pytest

from tarot_learn import games
from tarot_learn.core import Move
from tarot_learn.solve import determinize, hint
from tarot_learn.solve.circles import circling_moves, seen_key

PATIENCES = ("tarot-solitaire", "klondike", "american-toad")
# Small, position-counted budgets: the same hints on any machine, a few milliseconds each.
BUDGET = {"seconds": 10.0, "states": 300, "deals": 1}
DRAWS = ("draw", "redeal")


class Walk:
    """A game followed by hints, checked move by move against the engine's own keys (not the
    seen keys the hints use): no move but a draw returns to a position of the game, and no run of
    draws goes round the whole stock."""

    def __init__(self, state) -> None:
        self.state = state
        self.keys = {state.key()}
        self.talons = {self.talon()}

    def talon(self):
        return self.state.key()[:6]          # the position without the redeals made

    def step(self, move: Move) -> None:
        self.state.play(move)
        if move.action in DRAWS:
            assert self.talon() not in self.talons, f"a whole pass of draws at move {len(self.state.history)}"
            self.talons.add(self.talon())
        else:
            assert self.state.key() not in self.keys, f"{move} returns to a position already seen"
            self.talons = {self.talon()}
        self.keys.add(self.state.key())

    def follow(self, max_moves: int, **budget) -> str:
        """Follow hints until a win, no hint, or ``max_moves`` moves; says which."""
        while len(self.state.history) < max_moves:
            if self.state.is_won():
                return "won"
            move = hint(self.state, **budget)
            if move is None:
                return "no hint"
            assert move not in circling_moves(self.state)
            self.step(move)
        return "won" if self.state.is_won() else "moves"


def test_following_hint_wins_readme_example_deal():
    """TS2TWF-1ZAK (Tarot Solitaire, draw 2): hints once went t1>t2x11, t2>t1x11 for ever."""
    walk = Walk(games.from_code("TS2TWF-1ZAK"))
    assert walk.follow(1000, **BUDGET) == "won"


@pytest.mark.parametrize("game", PATIENCES)
def test_following_hints_never_goes_round_in_a_circle(game):
    """50 deals of each patience, their first 40 hinted moves (the bench follows them to the end)."""
    for seed in range(50):
        Walk(games.new(game, seed=500 + seed)).follow(40, **BUDGET)


def _two_card_shuffle():
    """The Two of Cups moved from the Three of Wands to the Three of Swords: it may go back."""
    state = games.from_layout("tarot-solitaire", "t1: 3W\nt2: 2C\nt3: 3S")
    state.play("t2>t1")
    state.play("t1>t3")
    return state


def test_a_move_back_to_a_position_already_seen_is_ruled_out():
    state = _two_card_shuffle()
    assert state.is_legal("t3>t1") and circling_moves(state) == {Move.parse("t3>t1")}
    assert str(hint(state, seconds=2.0, states=500)) != "t3>t1"


def test_an_undone_move_is_no_longer_part_of_the_game():
    state = _two_card_shuffle()
    state.undo()
    state.undo()
    state.play("t2>t3")
    assert not circling_moves(state) and state.is_legal("t3>t1")


def _only_clubs_left():
    """Klondike with three suits up and the Clubs dealt so that nothing but the stock can move."""
    cols = "\n".join(f"t{i}: {c}" for i, c in enumerate(["[AC] 2C", "3C", "4C", "5C", "6C", "7C", "8C"], 1))
    return games.from_layout("klondike", f"f1: ..KS\nf2: ..KH\nf3: ..KD\n{cols}\n")


def test_a_whole_pass_through_the_stock_with_nothing_else_played_is_ruled_out():
    state = _only_clubs_left()
    walk = Walk(state)
    played = []
    while (move := hint(state, seconds=2.0, states=300)) is not None:
        walk.step(move)
        played.append(str(move))
    # The stock goes round once, up to the redeal that would bring it back as it was dealt.
    assert played == ["draw"] * len(state.waste) and not state.stock
    assert circling_moves(state) == {Move("redeal")} and state.legal_moves() == [Move("redeal")]


def test_draws_are_free_again_once_another_move_is_played():
    state = games.new("klondike", seed=3)
    while state.stock:
        state.play("draw")
    assert Move("redeal") in circling_moves(state)
    other = next(m for m in state.legal_moves() if m.action == "move")
    state.play(other)
    assert not any(m.action in DRAWS for m in circling_moves(state))


def test_seen_key_does_not_depend_on_face_down_cards():
    state = games.new("klondike", seed=8)
    other = determinize(state, random.Random(4))
    assert other.key() != state.key() and seen_key(other) == seen_key(state)


def test_a_stock_shown_by_a_redeal_is_known_and_kept():
    """Before any redeal the stock is unknown and made up afresh; after one, every stock card has
    passed through the waste face up, so the made-up deals keep it (face-down cards still vary)."""
    state = games.new("tarot-solitaire", seed=5)
    made_up = determinize(state, random.Random(1))
    assert made_up.stock != state.stock
    while state.stock:
        state.play("draw")
    state.play("redeal")
    for k in range(3):
        made_up = determinize(state, random.Random(k))
        assert made_up.stock == state.stock and made_up.observation().piles == state.observation().piles
        assert sorted(made_up.cards()) == sorted(state.cards())
    assert any(determinize(state, random.Random(k)).tab != state.tab for k in range(3))


# ----- the board ---------------------------------------------------------------------------------
def _board(**kwargs):
    pytest.importorskip("ipywidgets")
    pytest.importorskip("anywidget")
    from tarot_learn.widgets import SolitaireBoard

    return SolitaireBoard(**kwargs)


def test_the_board_offers_no_move_that_goes_round_in_a_circle():
    board = _board(state=_only_clubs_left())
    while board.state.stock:
        board.press("draw")
    board.press("hint")
    assert board.message_kind == "info" and "no hint leads anywhere new" in board.message
    assert board.state.stock == [] and board.targets == [] and board.selected is None


def test_esc_after_a_pick_leaves_no_picked_up_message():
    board = _board(game="klondike", seed=3)
    board.click("t1")
    assert board.selected is not None and board.message.startswith("Picked up")
    board.press("deselect")
    assert board.selected is None and "Picked up" not in board.message


def test_a_deal_code_typed_in_is_confirmed_and_shown():
    board = _board(game="klondike", seed=3)
    board.new_deal("TS2TWF-1ZAK")
    assert board.state.deal_code == "TS2TWF-1ZAK" and "TS2TWF-1ZAK" in board.message
    assert "TS2TWF-1ZAK" in board._deal_info.value and "hidden" not in board._deal_info.value


def test_a_slow_first_hint_says_at_once_what_it_waits_for(tmp_path):
    """After ``pip install`` nothing is compiled: in a fresh kernel with an empty Numba cache the
    first Hint waits for the solver's core.  The panel says so within a second of the press
    (the page sees each change of the message panel as it happens), then shows the hint."""
    from fresh_python import lines_without_compiled_core

    pytest.importorskip("ipywidgets")
    pytest.importorskip("anywidget")
    pytest.importorskip("numba")
    code = ("import time\n"
            "from tarot_learn.widgets import SolitaireBoard\n"
            "board = SolitaireBoard(game='tarot-solitaire', seed=3)\n"
            "board._explain.observe(lambda change: print(round(time.monotonic() - t0, 3), '|', "
            "board.message, flush=True), 'value')\n"
            "t0 = time.monotonic()\n"
            "board.press('hint')\n"
            "print('done', round(time.monotonic() - t0, 3), flush=True)\n")
    lines = [text for _, text in lines_without_compiled_core(code, tmp_path, lambda text: text.startswith("done"), 40)]
    said = [line.split(" | ", 1) for line in lines if " | " in line]
    assert len(said) >= 2 and any(line.startswith("done") for line in lines), lines
    (first_at, first), (_, last) = said[0], said[-1]
    assert float(first_at) < 1.0 and "solver's fast core" in first, lines
    assert last.startswith("Hint (solver"), lines


# ----- plans kept from one hint to the next --------------------------------------------------------
def test_twins_get_the_same_hints_without_kept_plans():
    """Two positions that look the same (other face-down cards): the same hint from a fresh
    search, plans forgotten in between, at the start and after a few hinted moves."""
    from tarot_learn.solve.plans import forget

    state = games.new("tarot-solitaire", seed=11)
    for _ in range(6):
        twin = determinize(state, random.Random(7))
        twin.history = list(state.history)
        assert twin.observation() == state.observation() and twin.key() != state.key()
        forget()
        mine = hint(state, **BUDGET)
        forget()
        assert hint(twin, **BUDGET) == mine
        state.play(mine)


def test_a_hint_goes_on_with_the_line_it_found():
    """The plans a hint found are kept; after the hinted move, if it turned up no card, the next
    hint follows one of them; a card turned up ends them (a fresh search knows it)."""
    from tarot_learn.solve.plans import forget, recall

    forget()
    budget = {"seconds": 30.0, "states": 5000, "deals": 2}
    state = games.from_code("TS2TWF-1ZAK")
    went_on = ended = 0
    for _ in range(40):
        move = hint(state, **budget)
        plans = [p for p in recall(state) if p.line[0] == move]
        down = sum(state.down), len(state.stock)
        state.play(move)
        carried = recall(state)
        assert {p.line for p in carried} <= {p.line[1:] for p in plans}
        if (sum(state.down), len(state.stock)) == down and move.action != "draw":
            went_on += bool(carried)
        elif state.down != [0] * len(state.down) and sum(state.down) < down[0]:
            ended += not carried
    assert went_on and ended


def _hinted(game: str, seed: int, moves: int) -> list[Move]:
    """The first ``moves`` moves hinted from a fresh deal, plans kept from one hint to the next."""
    from tarot_learn.solve.plans import forget

    forget()
    state, played = games.new(game, seed=seed), []
    for _ in range(moves):
        played.append(hint(state, **BUDGET))
        state.play(played[-1])
    return played


@pytest.mark.parametrize("game", ["tarot-solitaire", "klondike"])
def test_twins_get_the_same_hints_with_the_plans_kept_along_a_game(game):
    """After the same hinted moves (so the same plans kept from the hints before), a position and
    its twin (the same to the player, other cards face down and in the stock) get the same hint."""
    played = _hinted(game, 21, 12)
    for k in range(1, len(played) + 1, 3):
        answers = []
        for twin in (False, True):
            _hinted(game, 21, k - 1)           # the plans the earlier hints kept, made again
            state = games.new(game, seed=21)
            for move in played[:k - 1]:
                state.play(move)
            if twin:
                other = determinize(state, random.Random(k))
                other.history = list(state.history)
                assert other.observation() == state.observation() and other.key() != state.key()
                state = other
            answers.append(hint(state, **BUDGET))
        assert answers[0] == answers[1] == played[k - 1]


def test_a_kept_line_that_wanders_is_cut_short():
    """The Two of Cups taken to the Three of Swords by way of the Three of Wands: one move does it."""
    from tarot_learn.solve.plans import Plan, shorten

    state = games.from_layout("tarot-solitaire", "t1: 3W\nt2: 2C\nt3: 3S")
    roundabout = Plan(state, (Move.parse("t2>t1"), Move.parse("t1>t3")))
    assert [str(m) for m in shorten(roundabout, state.legal_moves()).line] == ["t2>t3"]
    direct = Plan(state, (Move.parse("t2>t3"),))
    assert shorten(direct, state.legal_moves()) == direct
    # A way round that the moves allowed here do not shorten stays as it is.
    assert shorten(roundabout, [Move.parse("t2>t1")]) == roundabout


def test_a_move_shows_a_card_when_it_turns_one_face_up_or_draws_from_an_unseen_stock():
    from tarot_learn.solve.vote import turns_up

    state = games.new("klondike", seed=3)
    assert turns_up(state, Move("draw"))
    while state.stock:
        state.play("draw")
    state.play("redeal")
    assert not turns_up(state, Move("draw"))         # the stock has been seen whole
