"""The patience engine's public API, the one solvers and boards read (games/solitaire.py)."""

import random

import pytest

from tarot_learn import games
from tarot_learn.cards import Card
from tarot_learn.core import IllegalMove, LayoutError, Move, MoveSyntaxError, TarotLearnError
from tarot_learn.games.american_toad import AmericanToad
from tarot_learn.games.klondike import Klondike
from tarot_learn.games.tarot_solitaire import TarotSolitaire
from tarot_learn.solve import SolveError

PATIENCES = ["tarot-solitaire", "klondike", "american-toad"]


def played(name, seed, steps, **opts):
    """A deal after ``steps`` random legal moves (fewer if it ends)."""
    rng = random.Random(seed)
    state = games.new(name, seed=seed, **opts)
    for _ in range(steps):
        moves = state.legal_moves()
        if not moves:
            break
        state.play(rng.choice(moves))
    return state


# ----- piles --------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", PATIENCES)
def test_pile_gives_kind_index_and_the_live_list(name):
    s = played(name, 1, 30)
    assert s.column_ids == tuple(f"t{i}" for i in range(1, s.NCOLS + 1))
    assert s.foundation_ids == tuple(f"f{i}" for i in range(1, s.NFOUND + 1))
    for i, pid in enumerate(s.column_ids):
        assert s.pile(pid) == ("t", i, s.tab[i]) and s.pile(pid)[2] is s.tab[i]
    for i, pid in enumerate(s.foundation_ids):
        assert s.pile(pid)[:2] == ("f", i) and s.pile(pid)[2] is s.found[i]
    assert s.pile("s")[2] is s.stock and s.pile("w")[2] is s.waste
    assert (s.pile("r") is not None) == s.HAS_RESERVE
    for bad in ("t0", f"t{s.NCOLS + 1}", "t01", "f", "x", "", "T1", 3, None):
        assert s.pile(bad) is None
    assert s.pile_ids() == ["s", "w"] + (["r"] if s.HAS_RESERVE else []) + [
        *s.foundation_ids, *s.column_ids]


@pytest.mark.parametrize("name", PATIENCES)
def test_is_face_up_follows_the_face_down_counts(name):
    s = played(name, 2, 25)
    for pid in s.pile_ids():
        kind, i, cards = s.pile(pid)
        up = [s.is_face_up(pid, k) for k in range(len(cards))]
        if kind == "t":
            assert up == [k >= s.down[i] for k in range(len(cards))]
        elif kind == "s":
            assert not any(up)
        elif kind == "r":
            assert up == [k == len(cards) - 1 for k in range(len(cards))]
        else:
            assert all(up)
        assert not s.is_face_up(pid, len(cards)) and not s.is_face_up(pid, -1)
    assert not s.is_face_up("q9", 0)


@pytest.mark.parametrize("name", PATIENCES)
def test_moves_from_is_the_legal_moves_of_one_pile(name):
    s = played(name, 3, 20)
    legal = s.legal_moves()
    for pid in s.pile_ids():
        assert s.moves_from(pid) == [m for m in legal if m.action == "move" and m.src == pid]
    assert s.moves_from("nowhere") == []
    got = [m for pid in s.pile_ids() for m in s.moves_from(pid)]
    assert sorted(got) == sorted(m for m in legal if m.action == "move")


# ----- the rules' numbers ----------------------------------------------------------------------------
def test_rule_numbers_per_game_and_options():
    k = games.new("klondike", seed=1, draw=3)
    assert (k.draw_count, k.max_redeals, k.redeals_left(), k.returns_allowed, k.reserve_builds,
            k.win_count) == (3, None, None, True, False, 52)
    t = games.new("tarot-solitaire", seed=1)
    assert (t.draw_count, t.max_redeals, t.returns_allowed, t.win_count) == (2, None, False, 77)
    assert games.new("tarot-solitaire", seed=1, fool="trump_ace").win_count == 78
    a = games.new("american-toad", seed=1, redeals=2)
    assert (a.draw_count, a.max_redeals, a.redeals_left(), a.returns_allowed, a.reserve_builds,
            a.win_count) == (1, 2, 2, False, True, 104)


def test_redeals_left_and_can_redeal():
    a = games.new("american-toad", seed=4, redeals=1)
    assert not a.can_redeal()                     # the stock still has cards
    while a.stock:
        a.play("draw")
    assert a.can_redeal() and a.redeals_left() == 1 and Move("redeal") in a.legal_moves()
    a.play("redeal")
    while a.stock:
        a.play("draw")
    assert not a.can_redeal() and a.redeals_left() == 0 and Move("redeal") not in a.legal_moves()
    k = Klondike.from_layout("t1: KS")
    while k.stock:
        k.play("draw")
    assert k.can_redeal() and k.redeals_left() is None


def test_may_lift_may_return_and_needs_no_home():
    t = TarotSolitaire.from_layout("t1: KS\nt2: T21 T0\nt3: 9C")
    col1, col2, col3 = t.tab[0], t.tab[1], t.tab[2]
    assert not t.may_lift(col1, 0) and not t.may_lift(col2, 0) and t.may_lift(col2, 1)
    assert t.may_lift(col3, 0)                     # any other card may leave its column (TS-11)
    fool = t.ids[Card.parse("T0")]
    assert t.needs_no_home(fool) and not t.needs_no_home(t.ids[Card.parse("KS")])
    assert not t.may_return(fool) and t.may_return(t.ids[Card.parse("KS")])   # TS-19
    k = Klondike.from_layout("t1: KS")
    assert k.may_lift(k.tab[0], 0) and k.may_return(0) and not k.needs_no_home(0)


def test_is_safe_up():
    k = Klondike.from_layout("f1: ..2S\nf2: ..AH\nf3: ..AD\nt1: 3S\nt2: 2H\nt3: 2D")
    ace_clubs = k.ids[Card.parse("AC", "standard")]
    assert k.is_safe_up(ace_clubs)                 # nothing is ever built on an Ace
    two_h = k.ids[Card.parse("2H", "standard")]
    assert not k.is_safe_up(two_h)                 # the Ace of Clubs could still go on it
    k2 = Klondike.from_layout("f1: ..AS\nf4: ..AC\nt1: 2H")
    assert k2.is_safe_up(k2.ids[Card.parse("2H", "standard")])


# ----- setting positions ---------------------------------------------------------------------------
def test_set_position_inside_build_and_its_checks():
    deck = Klondike.deck()
    opts = Klondike.check_options({})

    def lay(tab, down=None, found=None, stock=None, passes=0):
        def lay_out(state):
            used = {c for col in tab for c in col} | {c for f in (found or []) for c in f}
            rest = [c for c in deck if c not in used] if stock is None else stock
            state.set_position(tab + [[]] * (7 - len(tab)), (down or []) + [0] * (7 - len(down or [])),
                               (found or []) + [[]] * (4 - len(found or [])), rest, [], passes=passes)
        return Klondike.build(lay_out, None, opts)

    C = lambda t: Card.parse(t, "standard")  # noqa: E731
    k = lay([[C("5C"), C("KS")]], down=[1])
    assert k.pile("t1")[2] == [k.ids[C("5C")], k.ids[C("KS")]] and k.down[0] == 1 and k.seed is None
    assert k.moves == [] and k.deal_code is None and len(k.stock) == 50
    for bad, words in [
        (dict(tab=[[C("KS")]], down=[1]), "face up"),
        (dict(tab=[[C("KS"), C("QS")]]), "built in order"),
        (dict(tab=[[C("KS")]], found=[[C("2S")]]), "place 1"),
        (dict(tab=[[C("KS")]], stock=[C("KS")]), "already"),
        (dict(tab=[[C("KS")]], stock=[]), "missing"),
        (dict(tab=[[C("KS")]], passes=-1), "passes"),
    ]:
        with pytest.raises(LayoutError, match=words):
            lay(**bad)


def test_set_talon_forgets_the_cached_moves():
    k = Klondike.from_layout("t1: KS")
    assert Move("draw") in k.legal_moves()
    seq = k.waste + k.stock[::-1]
    k.set_talon([], seq, 0)                         # every card drawn at once
    assert k.legal_moves()[-1] == Move("redeal") and not k.stock and len(k.waste) == 51


@pytest.mark.parametrize("name", PATIENCES)
def test_unseen_and_replace_unseen(name):
    s = played(name, 5, 15)
    before = s.observation()
    hidden = s.unseen()
    assert len(hidden) == sum(p.hidden for p in before.piles)
    shuffled = list(reversed(hidden))
    s.replace_unseen(shuffled)
    assert s.unseen() == shuffled and s.observation() == before
    assert sorted(s.cards()) == sorted(games.new(name, seed=5).cards())
    with pytest.raises(LayoutError):
        s.replace_unseen(shuffled[1:])


# ----- errors ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", PATIENCES)
def test_text_that_is_no_move_is_a_syntax_error_not_a_refusal(name):
    s = games.new(name, seed=6)
    before = (s.key(), s.moves_made)
    for text in ("hello world", "bid garde", "draw 3", "t3>", ">", "t1>t2x0", "play T21"):
        with pytest.raises(MoveSyntaxError) as err:
            s.play(text)
        assert not isinstance(err.value, IllegalMove)
        assert isinstance(s.why_illegal(text), MoveSyntaxError)
    for text in ("t12>t1", "t1>q9", "s>t1", "t1>w", "t1>t1"):
        with pytest.raises(IllegalMove) as err:
            s.play(text)
        assert err.value.rule and err.value.rule.startswith(s.RULE["source"][:3])
    assert (s.key(), s.moves_made) == before
    with pytest.raises(IllegalMove):            # a Move value is well formed: refused by the rules
        s.play(Move("play", arg="T21"))


def test_solve_error_is_in_the_family():
    assert issubclass(SolveError, TarotLearnError)
    from tarot_learn.solve import solve
    with pytest.raises(TarotLearnError):
        solve(games.new("klondike", seed=1), states=0)


def test_american_toad_save_with_a_bad_base_is_a_save_error():
    import json
    from tarot_learn.core import SaveError, _checksum
    a = AmericanToad.from_layout("base: 7\nt1: 8H")
    data = json.loads(a.to_json())
    data["start"]["base"] = 14
    data["checksum"] = _checksum(data)
    with pytest.raises(SaveError):
        games.load(json.dumps(data))


# ----- the observation never shows a face-down card --------------------------------------------------
@pytest.mark.parametrize("name", PATIENCES)
def test_observation_holds_only_face_up_cards(name):
    for seed in range(4):
        rng = random.Random(seed)
        s = games.new(name, seed=seed)
        for _ in range(60):
            obs = s.observation()
            for pile in obs.piles:
                kind, i, ids = s.pile(pile.id)
                down = [k for k in range(len(ids)) if not s.is_face_up(pile.id, k)]
                up = [s.card(ids[k]) for k in range(len(ids)) if s.is_face_up(pile.id, k)]
                assert pile.hidden == len(down) and list(pile.cards) == up
                assert down == list(range(len(down)))       # face-down cards lie at the bottom
            assert sum(p.hidden for p in obs.piles) == len(s.unseen())
            text = repr(obs.to_json())
            for c in s.unseen():                              # no identity of a hidden card leaks
                assert f"'{s.card(c)}'" not in text
            moves = s.legal_moves()
            if not moves:
                break
            s.play(rng.choice(moves))
