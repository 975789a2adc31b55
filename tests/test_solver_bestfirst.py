"""The best-first search agrees with the full search, and lost positions say why."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from tarot_learn import games
from tarot_learn.cards import Card
from tarot_learn.core import Move
from tarot_learn.solve import Status, solve
from tarot_learn.solve.adapters import PatienceAdapter, adapter_for
from tarot_learn.solve.bestfirst import best_first
from tarot_learn.solve.lost import buried_card, lost_reason, pinned, pinned_cards
from solver_checks import pruned_agrees_with_full
from test_solve import _blocked_layout, _endgame, replay

ENDGAMES = [("klondike", {}), ("klondike", {"draw": 3}), ("klondike", {"draw": 3, "foundation_return": False}),
            ("tarot-solitaire", {}), ("tarot-solitaire", {"draw": 3}), ("tarot-solitaire", {"draw": 1}),
            ("tarot-solitaire", {"fool": "trump_ace"}), ("tarot-solitaire", {"redeals": 2})]


def _best_only(state, states=20_000):
    """The best-first search alone (no depth-first dive first)."""
    outcome, moves, _ = best_first(adapter_for(state.copy()), states, float("inf"), time.perf_counter)
    return outcome, moves


@pytest.mark.parametrize("game,opts", ENDGAMES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), left=st.integers(8, 16))
def test_best_first_agrees_with_the_full_search(game, opts, seed, left):
    """Best-first order under the pruning never changes a verdict (draw 1 and draw 3)."""
    state = _endgame(game, random.Random(seed), left, **opts)
    full = solve(state, states=20_000, seconds=30, prune=False, method="depth")
    assume(full.decided)
    outcome, moves = _best_only(state)
    assert outcome == full.status.value
    if moves:
        assert replay(state, moves).is_won()
    assert solve(state, states=20_000, seconds=30).status == full.status


@pytest.mark.parametrize("game,opts", [("klondike", {"draw": 3}), ("tarot-solitaire", {}),
                                       ("american-toad", {})])
def test_best_first_solutions_replay_from_a_deal(game, opts):
    for seed in range(3):
        state = games.new(game, seed=seed, **opts)
        outcome, moves = _best_only(state, states=3000)
        assert outcome in ("solved", "states", "impossible")
        if outcome == "solved":
            assert replay(state, moves).is_won()


def test_a_cpu_time_budget():
    state = games.new("klondike", seed=5, draw=3)
    r = solve(state, states=None, seconds=0.2, clock=time.process_time)
    assert r.decided or r.reason == "seconds"
    with pytest.raises(games.OptionError):
        solve(state, method="sideways")


# ----- why a position is lost ---------------------------------------------------------------------
BURIED = {
    # The Four of Hearts lies face down on the Three of Hearts (its predecessor) and both black
    # Fives (the only cards it goes on): it can never leave t1.
    "klondike": "t1: [3H 5C 5S 4H] 9D\nt2: KS\n",
    # American Toad's columns are face up; Tarot Solitaire: the Four of Wands goes up after the
    # Three of Wands and on a card playing 5 of the other group (Cups, Pentacles) or a trump
    # playing 5 (5, 14 and 23 do not exist among trumps above 10 except XIV, Temperance: 1+4).
    "tarot-solitaire": "options: fool=trump_ace\nt1: [3W 5C 5P T5 T14 4W] KS\nt2: KC\n",
}


@pytest.mark.parametrize("game", sorted(BURIED))
def test_a_buried_card_is_proved_lost_at_once_with_the_reason(game):
    state = games.from_layout(game, BURIED[game])
    reason = buried_card(state)
    assert reason and "never leave its column" in reason and "face down" in reason
    r = solve(state, seconds=5)
    assert r.impossible and r.reason_lost == reason and r.states == 1
    assert reason in str(r)


def test_one_free_parent_is_not_a_burial():
    """A black Five elsewhere takes the Four of Hearts once it is turned: no reason claimed."""
    state = games.from_layout("klondike", "t1: [3H 5C 7S 4H] 9D\nt2: KS\n")
    assert buried_card(state) == ""


def test_a_parent_up_for_good_counts_as_gone():
    """Without returns, a Five of Spades on its foundation never comes back to hold the Four."""
    layout = "options: foundation_return=False\nf1: ..5S\nt1: [3H 5C 4H] 9D\nt2: KS\n"
    reason = buried_card(games.from_layout("klondike", layout))
    assert "up for good" in reason
    with_returns = games.from_layout("klondike", layout.replace("False", "True"))
    assert buried_card(with_returns) == ""


# Two columns, each holding face down the card the other's top card must follow up, under it
# every card that top card could be built on: neither top card ever moves.
PINNED = {
    "klondike": ("options: foundation_return=False\nf1: ..10S\nf2: ..10H\nf3: ..10D\nf4: ..QC\n"
                 "t1: [JS KH KD] QH\nt2: [JH KS KC] QS\ns: JD QD\n"),
    "tarot-solitaire": ("options: fool=trump_ace\nf1: ..PW\nf2: ..PC\nf3: ..9S\nf4: ..8P\nf5: ..T21\n"
                        "t1: [10S NC NP] PP\nt2: [10P NS NW] PS\nt3: KC QS\nt4: KS QC\nt5: KP QW\nt6: KW QP\ns: 9P\n"),
}


@pytest.mark.parametrize("game", sorted(PINNED))
def test_pinned_cards_are_proved_lost_at_once_and_the_full_search_agrees(game):
    state = games.from_layout(game, PINNED[game])
    reason = pinned_cards(state)
    assert reason.startswith("the ") and "can never move" in reason and buried_card(state) == ""
    r = solve(state, seconds=5)
    assert r.impossible and r.reason_lost == reason and r.states == 1
    assert pruned_agrees_with_full(state, 200_000)


@pytest.mark.parametrize("game,free", [("klondike", ("KC", "s: JD QD KC")),
                                       ("tarot-solitaire", ("NW", "s: 9P NW"))])
def test_one_parent_free_lets_the_pin_go(game, free):
    """A parent in the stock can come to a column's top and take the pinned card: no reason, and
    the pruned search wins with the full search."""
    card, stock = free
    layout = PINNED[game].replace(f" {card}]", "]").replace(stock.replace(f" {card}", ""), stock)
    state = games.from_layout(game, layout)
    assert pinned_cards(state) == ""
    assert pruned_agrees_with_full(state, 200_000) and solve(state).solved


def test_a_parent_that_can_never_come_into_a_column_counts_as_covered():
    """The Knight of Wands waits in the stock, but both Queens it goes on lie under the Page of
    Pentacles: it never comes into a column to take the Page of Swords."""
    layout = ("options: fool=trump_ace\nf1: ..PW\nf2: ..PC\nf3: ..9S\nf4: ..8P\nf5: ..T21\n"
              "t1: [10S NC NP QC QP] PP\nt2: [10P NS] PS\nt3: KC QS\nt4: KS\nt5: KP QW\nt6: KW\ns: 9P NW\n")
    state = games.from_layout("tarot-solitaire", layout)
    assert "can never come into a column" in pinned_cards(state)
    assert pruned_agrees_with_full(state, 200_000)
    freed = games.from_layout("tarot-solitaire", layout.replace(" QP]", "]").replace("t4: KS\n", "t4: KS QP\n"))
    assert pinned_cards(freed) == "" and pruned_agrees_with_full(freed, 200_000) and solve(freed).solved


def test_a_wild_fool_in_the_stock_lets_the_pin_go():
    """The wild Fool takes any card: from the stock it frees either Page."""
    layout = PINNED["tarot-solitaire"].replace("fool=trump_ace", "fool=wild").replace(" 9P\n", " 9P T0\n")
    state = games.from_layout("tarot-solitaire", layout)
    assert any(state.card(c).is_fool for c in state.stock) and pinned_cards(state) == ""
    assert pruned_agrees_with_full(state, 200_000)


def test_a_deal_with_pinned_cards_is_lost_from_the_start():
    """Tarot Solitaire with the Fool as trump Ace, seed 9,200,155: the Page of Pentacles (t1) waits
    for the Three of Pentacles under it and the Page of Cups (t4) for the Six of Cups under the
    Page of Pentacles; both Knights they could go on lie under them, and the King of Cups (t8, a
    base) waits for the Queen of Cups under the Page of Cups."""
    state = games.new("tarot-solitaire", seed=9_200_155, fool="trump_ace")
    r = solve(state, seconds=5)
    assert r.impossible and r.states == 1 and "Page of Pentacles in t1" in r.reason_lost


def test_no_legal_move_and_stuck_are_named():
    blocked = games.from_layout("tarot-solitaire", _blocked_layout("tarot-solitaire"))
    r = solve(blocked)
    assert r.status is Status.IMPOSSIBLE and r.reason_lost == "there is no legal move in this position"
    # The Four of Wands in the stock fits nowhere: drawing and redealing is all there is.
    cycling = games.from_layout("tarot-solitaire",
                                _blocked_layout("tarot-solitaire").replace(" 4W]", "]") + "s: 4W\n")
    assert cycling.legal_moves()
    assert "turning the stock" in solve(cycling).reason_lost
    assert lost_reason(games.new("klondike", seed=1)) == ""


@pytest.mark.parametrize("game,opts", [("tarot-solitaire", {}), ("klondike", {"draw": 3}), ("klondike", {})])
def test_the_place_on_the_redeal_cycle_is_not_in_the_key(game, opts):
    """Pruning rule 6: draws and redeals from an empty waste go round a cycle, so every place on
    it is one position; once a waste card is played the split is kept, and with a redeal limit
    (passes are counted) the place always counts."""
    state = games.new(game, seed=11, **opts)
    ad = adapter_for(state)
    start = ad.key()
    while state.stock:
        state.push(Move("draw"))
        assert ad.key() == start
    state.push(Move("redeal"))
    assert ad.key() == start
    # Off the cycle (drawing more than one card, a waste card played): the place counts.
    for m in moves_until_a_waste_card(state):
        state.push(m)
    after = ad.key()
    state.push(Move("draw"))
    assert (ad.key() == after) == (state.draw_count == 1)
    limited = games.new(game, seed=11, **opts, redeals=2)
    ad = adapter_for(limited)
    start = ad.key()
    limited.push(Move("draw"))
    assert ad.key() != start


def moves_until_a_waste_card(state):
    """Draws (and redeals) until the waste's top card can be played, then that move."""
    probe = state.copy()
    line = []
    for _ in range(200):
        m = next((m for m in probe.legal_moves() if m.src == "w"), None)
        if m is not None:
            return line + [m]
        m = Move("draw") if probe.stock else Move("redeal")
        probe.push(m)
        line.append(m)
    raise AssertionError("no waste card can ever be played in this deal")


def test_american_toad_plays_free_cards_before_burning_the_stock():
    """With one redeal, a step ranks later by each draw it needs: the first dive then wins
    American Toad deals in a few hundred positions (drawing deep first used up the stock)."""
    for seed in range(5):
        state = games.new("american-toad", seed=seed)
        r = solve(state, states=1000, seconds=None)
        assert r.solved, seed
        assert replay(state, r.moves).is_won()


# ----- the chained search finds wins only ---------------------------------------------------------
class _Empty:
    """A chained adapter that has no step at all: its search runs dry at once."""

    def __init__(self, state, order=0, chain=False):
        self.inner = adapter_for(state)

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def expand(self):
        return []


def test_a_chained_search_running_dry_proves_nothing(monkeypatch, pure_solver):
    """The chained search is not proved to keep a win, so when it runs out of steps the sound
    search still decides: a winnable deal is solved, and its moves replay."""
    import tarot_learn.solve.search as search

    real = search.patience_adapter_for
    monkeypatch.setattr(search, "patience_adapter_for",
                        lambda state, order=0, chain=False: _Empty(state) if chain else real(state, order))
    for seed in range(3):
        state = games.new("tarot-solitaire", seed=seed, face_down_row=False)
        r = solve(state, states=60_000, seconds=None)
        assert r.status is not Status.IMPOSSIBLE
        if r.solved:
            assert replay(state, r.moves).is_won()


def test_chained_rule_7_keeps_the_next_card_pending():
    """With ``chain``, a step answering a pending card that lifts a run off another face-up
    card leaves that card pending; without it, nothing is pending after the answer."""
    layout = "t1: [KW] 7S 6C 5W\nt2: [KC] T6\nt3: [KP] 7W\ns: 8C\n"
    for chain in (False, True):
        state = games.from_layout("tarot-solitaire", layout)
        ad = PatienceAdapter(state, chain=chain)
        ad.play((Move("move", "t1", "t2", 1),))        # 5W off 6C onto the Lovers: 6C pending
        assert ad.pending == state.ids[Card.parse("6C")]
        assert (Move("move", "t1", "t3", 1),) in ad.expand()
        ad.play((Move("move", "t1", "t3", 1),))        # 6C off 7S onto 7W: uses 6C
        assert ad.pending == (state.ids[Card.parse("7S")] if chain else -1)



def test_a_best_first_search_paused_goes_on_where_it_stopped():
    """Stopped by its position budget and resumed with a larger one, the search ends exactly as
    one run with the larger budget: same verdict, same moves, same count."""
    from tarot_learn.solve.bestfirst import BestFirst

    state = games.new("tarot-solitaire", seed=2, face_down_row=False)
    whole = best_first(adapter_for(state.copy()), 50_000, float("inf"), time.perf_counter)
    paused = BestFirst(adapter_for(state.copy()))
    first = paused.until(whole[2] // 2, float("inf"), time.perf_counter)
    assert first[0] == "states" and first[2] == whole[2] // 2
    assert paused.until(50_000, float("inf"), time.perf_counter) == whole
    if whole[0] == "solved":
        assert replay(state, whole[1]).is_won()


@pytest.mark.parametrize("game,opts", [("tarot-solitaire", {"fool": "trump_ace"}),
                                       ("klondike", {"foundation_return": False}),
                                       ("klondike", {"draw": 3, "foundation_return": False})])
def test_positions_proved_pinned_in_the_search_keep_every_verdict(game, opts, monkeypatch, pure_solver):
    """Pruning rule 8: the search drops positions the pinned-cards proof shows lost.  On late
    positions where it drops some, the pruned search agrees with the full one."""
    from tarot_learn.solve import adapters

    dropped = []

    def counted(state):
        hit = pinned(state)
        dropped.append(hit)
        return hit

    monkeypatch.setattr(adapters, "pinned", counted)
    rng = random.Random(8)
    agreed = 0
    for _ in range(40):
        state = _endgame(game, rng, rng.randint(10, 16), **opts)
        dropped.clear()
        if pruned_agrees_with_full(state, 20_000) and any(dropped):
            agreed += 1
    assert agreed >= 3


def test_the_pinned_proof_is_asked_less_often_while_it_fails_and_every_fourth_time_once_it_holds(monkeypatch):
    """Pruning rule 8 costs about an expansion: while it keeps failing it is asked ever less
    often (every 4th position, then 8th ... 64th, after 32 failures at each), and a position it
    proves lost brings it back to every fourth."""
    from tarot_learn.solve import adapters

    verdict = [False]
    asked = []

    def fake(state):
        asked.append(verdict[0])
        return verdict[0]

    monkeypatch.setattr(adapters, "pinned", fake)
    ad = PatienceAdapter(games.new("tarot-solitaire", seed=5, fool="trump_ace"))
    for _ in range(4000):
        ad.expand()
    # 32 failures at each of every 4th, 8th, 16th and 32nd position (1,920 positions), then
    # every 64th: 128 + 32 = 160 questions, against 1,000 at every fourth.
    assert len(asked) == 160
    verdict[0] = True
    lost = [ad.expand() == [] for _ in range(104)]
    first = lost.index(True)
    assert first < 64 and sum(lost[first + 1:first + 41]) == 10


# ----- the move orders ------------------------------------------------------------------------------
def _turn_up_order(layout: str, order: int) -> list[str]:
    """The columns whose steps turn a face-down card up, in the order the adapter gives them."""
    state = games.from_layout("klondike", layout)
    ad = PatienceAdapter(state, order=order)
    out = []
    for step in ad.expand():
        m = step[-1]
        i = int(m.src[1:]) - 1 if m.src[0] == "t" else -1
        if i >= 0 and len(state.tab[i]) - m.count == state.down[i] > 0 and m.src not in out:
            out.append(m.src)
    return out


def test_the_digging_order_turns_up_the_column_needed_soonest():
    """Two black Fives may go on a red Six, each turning a card up: the adapter's own order picks
    the column with more face-down cards, the digging order the one hiding the Ace of Hearts,
    which the foundations need first."""
    layout = "options: draw=3\nt1: [AH] 5S\nt2: [9C 8D 7C] 5C\nt3: 6H\nt4: 6D\n"
    assert _turn_up_order(layout, order=0) == ["t2", "t1"]
    assert _turn_up_order(layout, order=1) == ["t1", "t2"]


@pytest.mark.parametrize("game,opts", [("tarot-solitaire", {"fool": "trump_ace"}),
                                       ("tarot-solitaire", {"redeals": 2}), ("klondike", {"draw": 3})])
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), left=st.integers(8, 16), order=st.sampled_from([1, 2, 3]))
def test_every_move_order_keeps_every_verdict(game, opts, seed, left, order):
    """The digging and shuffled orders have the same steps in another order: a search in one
    running dry proves the same loss the full search finds, and its wins replay."""
    state = _endgame(game, random.Random(seed), left, **opts)
    full = solve(state, states=20_000, seconds=30, prune=False, method="depth")
    assume(full.decided)
    outcome, moves, _ = best_first(PatienceAdapter(state.copy(), order=order), 20_000, float("inf"),
                                   time.perf_counter)
    assert outcome == full.status.value
    if moves:
        assert replay(state, moves).is_won()


def test_a_search_leaves_no_garbage_for_the_collector_and_turns_it_back_on(monkeypatch, pure_solver):
    """The cyclic collector is off while the solver searches (its passes over the search's
    tuples cost time): every search it made is freed the moment it ends, none is left in a
    reference cycle, and the collector is as it was afterwards."""
    import gc
    import weakref

    import tarot_learn.solve.search as search
    from tarot_learn.solve.bestfirst import BestFirst

    made = []

    class Watched(BestFirst):
        def __init__(self, ad):
            super().__init__(ad)
            made.append(weakref.ref(self))

    monkeypatch.setattr(search, "BestFirst", Watched)
    state = games.new("tarot-solitaire", seed=9_200_004, fool="trump_ace")
    gc.disable()
    try:
        r = solve(state, states=40_000, seconds=None)
        assert not gc.isenabled() and r.reason == "states"
        left = [w for w in made if w() is not None]
    finally:
        gc.enable()
    assert len(made) == 6 and not left                 # every order, sound and chained
    solve(state, states=2000, seconds=None)
    assert gc.isenabled()


def test_a_base_world_is_never_lifted_but_a_world_higher_up_is():
    """TS-11: the solver asks the game about a column's base only; above it a run always moves."""
    def lifts(layout: str) -> set[str]:
        ad = PatienceAdapter(games.from_layout("tarot-solitaire", layout))
        return {str(step[-1]) for step in ad.expand() if step[-1].src == "t1" and step[-1].dst[0] == "t"}

    assert lifts("t2: T13\nt3: 5S\nt1: T21") == set()
    assert lifts("t2: T13\nt3: 5S\nt1: [9C] T21") == {"t1>t2", "t1>t4"}      # onto Death, into the first empty column
