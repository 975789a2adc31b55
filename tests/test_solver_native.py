"""The solver's compiled core against the pure solver, its reference: the same steps in the same
order, the same keys, the same positions searched and the same answers, move for move."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tarot_learn import games
from tarot_learn.core import Move
from tarot_learn.solve import native, solve
from tarot_learn.solve.adapters import PatienceAdapter, patience_adapter_for
from tarot_learn.solve.bestfirst import BestFirst
from tarot_learn.solve.search import depth_first

pytest.importorskip("numba")
from tarot_learn.solve.native import engine, expand  # noqa: E402
from tarot_learn.solve.native.search import Game, NativeBestFirst, decode  # noqa: E402
from test_solve import _endgame, replay  # noqa: E402

INF = float("inf")
# Every patience and the variants whose pruning differs: draws, redeal limits, returns, the
# Fool's two roles, empty-column and building rules, the reserve (American Toad).
VARIANTS = [("tarot-solitaire", {}), ("tarot-solitaire", {"fool": "trump_ace"}),
            ("tarot-solitaire", {"redeals": 2}), ("tarot-solitaire", {"draw": 1}),
            ("tarot-solitaire", {"draw": 3}), ("tarot-solitaire", {"face_down_row": False}),
            ("tarot-solitaire", {"foundation_return": True}),
            ("tarot-solitaire", {"empty_column": "king_only"}),
            ("tarot-solitaire", {"empty_column": "any", "build": "same_suit"}),
            ("klondike", {}), ("klondike", {"draw": 3}), ("klondike", {"foundation_return": False}),
            ("klondike", {"redeals": 1}), ("american-toad", {}), ("american-toad", {"redeals": 0})]


def _same_position(state, ad, game: Game) -> None:
    tab, tlen, down, found, flen, seq, res, sc = game.position
    assert [list(tab[i, :tlen[i]]) for i in range(state.NCOLS)] == state.tab
    assert list(down) == list(state.down)
    assert [list(found[f, :flen[f]]) for f in range(len(state.found))] == state.found
    assert list(seq[:sc[0]]) == list(state.waste) + list(state.stock)[::-1] and sc[1] == len(state.waste)
    assert sc[2] == state.passes and list(res[:sc[3]]) == state.reserve
    assert sc[4] == ad.pending


def _walk(game_name: str, opts: dict, seed: int, order: int, rng: random.Random, keys: dict) -> None:
    """Random steps from a deal, pure and compiled side by side: at each position the same steps
    in the same order, keys that tell the same positions apart, the same pile after each step
    and each step taken back."""
    state = games.new(game_name, seed=seed, **opts)
    ad = PatienceAdapter(state, order=order)
    g = Game(state, order)
    meta, cardt, flat, _ = g.tables
    for k in range(120):
        pure = ad.expand()
        n = expand.expand(*g.args())
        steps = list(g.w[expand.W_STEPS, :n])
        assert [decode(state, s) for s in steps] == pure, (game_name, opts, seed, order, k)
        h = engine.key(meta, cardt, *g.position)
        assert keys.setdefault(ad.key(), h) == h
        if not pure:
            return
        i = rng.randrange(len(pure)) if rng.random() < 0.7 else 0
        token, tok = ad.play(pure[i]), engine.play(meta, cardt, flat, *g.position, steps[i], False)
        _same_position(state, ad, g)
        if rng.random() < 0.15:
            ad.unplay(pure[i], token)
            engine.unplay(*g.position, steps[i], tok)
            _same_position(state, ad, g)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10**6), order=st.integers(0, 3),
       walk=st.integers(0, 10**6))
def test_the_compiled_steps_keys_and_moves_are_the_pure_ones(variant, seed, order, walk):
    keys: dict = {}
    _walk(*variant, seed, order, random.Random(walk), keys)
    assert len(set(keys.values())) == len(keys)        # different positions, different hashes


def test_the_compiled_key_tells_apart_what_the_pure_key_does_over_many_positions():
    """Over thousands of positions of every variant, two positions share a compiled hash exactly
    when they share the pure adapter's key (columns in any order, copies of a card alike, the
    redeal cycle forgotten, the pending card kept)."""
    rng = random.Random(3)
    for game_name, opts in VARIANTS:
        keys: dict = {}
        for seed in range(4):
            _walk(game_name, opts, seed, seed % 4, rng, keys)
        assert len(set(keys.values())) == len(keys), (game_name, opts)


@pytest.mark.parametrize("game_name,opts", VARIANTS)
def test_a_compiled_best_first_search_finds_what_the_pure_one_finds(game_name, opts):
    """Every move order, sound and chained: same outcome, same moves, same count of positions."""
    for seed in (0, 1):
        state = games.new(game_name, seed=seed, **opts)
        for order, chain in ((0, False), (1, False), (2, False), (3, False), (0, True), (1, True)):
            pure = BestFirst(patience_adapter_for(state.copy(), order, chain=chain)).until(
                8000, INF, time.perf_counter)
            compiled = NativeBestFirst(state, order, chain).until(8000, INF, time.perf_counter)
            assert compiled == pure, (game_name, opts, seed, order, chain)


@pytest.mark.parametrize("game_name,opts", VARIANTS[:3] + VARIANTS[9:11] + VARIANTS[13:14])
def test_a_compiled_dive_finds_what_the_pure_one_finds(game_name, opts):
    for seed in (0, 1, 2):
        state = games.new(game_name, seed=seed, **opts)
        for order in (0, 1):
            pure = depth_first(patience_adapter_for(state.copy(), order), 6000, INF, time.perf_counter)
            compiled = native.depth_first(state, order, 6000, INF, time.perf_counter)
            assert compiled == pure, (game_name, opts, seed, order)


def test_a_compiled_search_paused_anywhere_goes_on_as_one_run():
    """Stopped by its position budget (in the middle of a position's steps) and resumed, the
    compiled search passes through the same counts as the pure one and ends as one run does."""
    state = games.new("tarot-solitaire", seed=13_000_086, fool="trump_ace")
    pure = BestFirst(patience_adapter_for(state.copy(), 1))
    paused = NativeBestFirst(state, 1)
    for limit in (1, 7, 1000, 1001, 25_000):
        assert paused.until(limit, INF, time.perf_counter) == pure.until(limit, INF, time.perf_counter)
    assert paused.until(25_000, INF, time.perf_counter) == \
        NativeBestFirst(state, 1).until(25_000, INF, time.perf_counter)


def test_a_long_compiled_search_grows_its_tables_and_still_matches():
    """Past the first sizes of its arrays (65,536 nodes, a 131,072-slot table) the compiled
    search grows them and goes on exactly as the pure one."""
    state = games.new("tarot-solitaire", seed=13_000_004, fool="trump_ace")
    pure = BestFirst(patience_adapter_for(state.copy(), 2)).until(90_000, INF, time.perf_counter)
    assert NativeBestFirst(state, 2).until(90_000, INF, time.perf_counter) == pure


@pytest.mark.parametrize("game_name,opts", VARIANTS)
def test_solve_answers_the_same_compiled_or_pure(game_name, opts, monkeypatch):
    """The whole solver (dives, then the move orders taking turns) on deals and on random late
    positions, some proved lost: the same result either way, and its moves replay."""
    rng = random.Random(f"{game_name} {sorted(opts.items())}")
    states = [games.new(game_name, seed=s, **opts) for s in (5, 6)]
    if game_name != "american-toad":         # its foundations start from a card of the deal
        states += [_endgame(game_name, rng, rng.randint(8, 14), **opts) for _ in range(3)]
    for state in states:
        monkeypatch.setenv("TAROT_LEARN_SOLVER", "pure")
        pure = solve(state, states=12_000, seconds=None)
        monkeypatch.delenv("TAROT_LEARN_SOLVER")
        compiled = solve(state, states=12_000, seconds=None)
        assert (compiled.status, compiled.moves, compiled.states, compiled.reason_lost) == \
            (pure.status, pure.moves, pure.states, pure.reason_lost)
        if compiled.solved:
            assert replay(state, compiled.moves).is_won()


def test_the_environment_can_ask_for_the_pure_solver(monkeypatch):
    assert native.available()
    monkeypatch.setenv("TAROT_LEARN_SOLVER", "pure")
    assert not native.available()


def test_without_numba_the_solver_runs_the_pure_search(monkeypatch):
    """As in the static site, whose Python has no Numba: the same answer, from the pure path."""
    import sys

    state = games.new("klondike", seed=11, draw=3)
    compiled = solve(state, states=5000, seconds=None)
    monkeypatch.setitem(sys.modules, "numba", None)       # import numba now fails
    assert not native.available()
    pure = solve(state, states=5000, seconds=None)
    assert (pure.status, pure.moves, pure.states) == (compiled.status, compiled.moves, compiled.states)


def test_a_waste_step_decodes_to_the_draws_and_redeals_that_bring_its_card_up():
    """A compiled waste step keeps where the pointer stands; the pure step it stands for has the
    draws (and redeals) the pure adapter finds first."""
    checked = 0
    for seed in range(12):
        state = games.new("tarot-solitaire", seed=seed, redeals=2)
        for m in ("draw", "draw", "draw"):
            state.play(Move(m))              # a waste, so that some cards need a redeal
        waste_steps = [s for s in PatienceAdapter(state).expand() if s[-1].src == "w"]
        g = Game(state)
        n = expand.expand(*g.args())
        decoded = [decode(state, s) for s in g.w[expand.W_STEPS, :n]]
        assert all(s in decoded for s in waste_steps)
        checked += sum(Move("redeal") in s for s in waste_steps)
    assert checked


@pytest.mark.parametrize("solver", ["compiled", "pure"])
def test_a_search_without_a_position_budget_stops_at_its_memory_bound(solver, monkeypatch):
    """The compiled core finds close to a million positions a CPU second and keeps each: given
    only seconds, a search still stops at ``MAX_POSITIONS`` (here lowered) and says so."""
    import tarot_learn.solve.search as search

    if solver == "pure":
        monkeypatch.setenv("TAROT_LEARN_SOLVER", "pure")
    monkeypatch.setattr(search, "MAX_POSITIONS", 30_000)
    r = solve(games.new("tarot-solitaire", seed=13_000_086, fool="trump_ace"), states=None, seconds=600)
    assert r.status.value == "undecided" and r.reason == "states" and 30_000 <= r.states < 31_000


_REAL_LOAD = native._load


class _SlowLoad:
    """A first compile that lasts until the test says so: the core's loading state made fresh,
    its load held on an event, and a count of the searches that ran compiled."""

    def __init__(self, monkeypatch) -> None:
        import threading

        self.release, self.compiled_runs = threading.Event(), 0
        monkeypatch.setattr(native, "_READY", threading.Event())
        monkeypatch.setattr(native, "_COMPILING", threading.Event())
        monkeypatch.setattr(native, "_TOLD", [])
        monkeypatch.setattr(native, "_LOADING", [])
        monkeypatch.setattr(native, "_FAILED", [])
        monkeypatch.setattr(native, "LOAD_WAIT", 0.05)
        monkeypatch.setattr(native, "_load", self._load)
        for name in ("depth_first", "best_first_search"):
            monkeypatch.setattr(native, name, self._counting(getattr(native, name)))

    def _load(self) -> None:
        self.release.wait(30)
        native._READY.set()

    def _counting(self, fn):
        def run(*args):
            self.compiled_runs += 1
            return fn(*args)
        return run


def test_a_search_with_a_time_budget_runs_the_pure_path_while_the_core_first_compiles(monkeypatch):
    """A first hint on a machine whose core is not compiled yet waits no longer than its budget
    and answers from the pure search, not after the twenty-second compile; once the core is
    loaded, searches run compiled."""
    slow = _SlowLoad(monkeypatch)
    state = games.new("klondike", seed=3)
    first = solve(state, states=20_000, seconds=1.0)
    assert first.solved and slow.compiled_runs == 0 and not native._READY.is_set()
    slow.release.set()
    assert native.warm() is True
    again = solve(state, states=20_000, seconds=1.0)
    assert slow.compiled_runs > 0
    assert (again.status, again.moves, again.states) == (first.status, first.moves, first.states)


@pytest.mark.parametrize("budget", [{"states": 20_000, "seconds": None},
                                    {"states": None, "seconds": 0.5, "clock": time.process_time}],
                         ids=["positions", "cpu-seconds"])
def test_a_search_given_positions_or_cpu_seconds_waits_for_the_core(monkeypatch, budget):
    """A position budget's answer does not depend on the path; a CPU-time budget (the explorer's)
    would be charged for the compile running beside it."""
    import threading

    slow = _SlowLoad(monkeypatch)
    threading.Timer(1.0, slow.release.set).start()      # longer than the budget and LOAD_WAIT
    assert solve(games.new("klondike", seed=3), **budget).solved
    assert slow.compiled_runs > 0


def test_a_core_that_cannot_load_says_so_once_and_leaves_the_pure_search_running(monkeypatch):
    import tarot_learn.solve.native.search as compiled_search

    slow = _SlowLoad(monkeypatch)
    monkeypatch.setattr(native, "_load", _REAL_LOAD)      # the real load, of a broken kernel

    def broken(*args):
        raise RuntimeError("no LLVM here")
    monkeypatch.setattr(compiled_search, "depth_first", broken)
    with pytest.warns(RuntimeWarning, match="could not load .*no LLVM here.*pure search runs"):
        assert native.warm() is False
    assert native.warm(0) is False
    assert solve(games.new("klondike", seed=3), states=20_000, seconds=None).solved
    assert slow.compiled_runs == 0


def test_a_fork_during_the_first_compile_waits_for_it(monkeypatch):
    """A child forked mid-compile would inherit Numba's lock held by a thread it lacks."""
    import threading

    slow = _SlowLoad(monkeypatch)
    assert native.warm(0) is False                   # the load has begun and is held
    settle = threading.Thread(target=native._settle_before_fork)
    settle.start()
    settle.join(0.2)
    assert settle.is_alive()
    slow.release.set()
    settle.join(30)
    assert not settle.is_alive()


def test_the_command_line_says_when_it_compiles_the_core_and_waits_for_it(monkeypatch, capsys):
    """A one-off command ends before a compile left to the background would: it waits, and says
    why on stderr (its stdout, the verdict, stays as it was)."""
    import threading

    from tarot_learn.__main__ import main

    slow = _SlowLoad(monkeypatch)
    threading.Timer(0.5, slow.release.set).start()
    assert main(["solve", "klondike", "--seed", "3", "--quiet", "--seconds", "0.01"]) == 0
    out = capsys.readouterr()
    assert "Compiling the solver's core" in out.err and "solved" in out.out
    assert slow.compiled_runs > 0
    main(["solve", "klondike", "--seed", "3", "--quiet"])
    assert capsys.readouterr().err == ""                   # said once, when it compiles


def test_a_search_that_meets_a_compile_says_so_and_a_timed_one_stops_waiting(monkeypatch, capsys):
    """Numba seen compiling (no disk cache): the search says so at once, once in a process, and a
    search given wall-clock seconds runs the pure path instead of waiting twenty seconds."""
    slow = _SlowLoad(monkeypatch)
    native._COMPILING.set()
    t0 = time.perf_counter()
    assert solve(games.new("klondike", seed=3), states=20_000, seconds=30.0).solved
    assert time.perf_counter() - t0 < 5 and slow.compiled_runs == 0 and native.compiling()
    solve(games.new("klondike", seed=4), states=2_000, seconds=30.0)
    said = capsys.readouterr()
    assert (said.out + said.err).count(native.NOTICE) == 1       # stdout in a notebook, else stderr
    slow.release.set()
    assert native.warm() is True and not native.compiling()


def test_the_first_search_without_a_compiled_core_says_so_within_a_second(tmp_path):
    """After ``pip install`` nothing is compiled: in a fresh process with an empty Numba cache,
    the first ``solve`` says what it waits for within a second, then that it compiles.  The
    process is stopped once it has said so, so the test does not pay for the compile."""
    from fresh_python import lines_without_compiled_core

    code = ("import sys; from tarot_learn import games; from tarot_learn.solve import solve\n"
            "state = games.new('tarot-solitaire', seed=3)\n"
            "print('searching', flush=True)\n"
            "solve(state, seconds=60.0)\n")
    arrived = lines_without_compiled_core(code, tmp_path, lambda text: text == native.NOTICE, 20)
    said = [text for _, text in arrived]
    assert "searching" in said and native.NOTICE in said, said
    start = arrived[said.index("searching")][0]
    first_word = arrived[said.index("searching") + 1]
    assert first_word[1] in (native.LOADING, native.NOTICE) and first_word[0] - start < 1.0, arrived
