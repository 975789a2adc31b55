"""The solver's entry point: a search with a transposition table, over any game through an adapter.

The search plays steps (``adapters.py``) on a private copy of the position with the games' fast
unchecked ``push``/``pop`` and remembers every position it has found, by a 64-bit hash of the
adapter's key.  Best-first (``bestfirst.py``, the default) goes on from the most promising
position found so far; depth-first (``method="depth"``) follows one line to its end first.  Both
expand each position at most once, so when no step is left the position is proved lost (and
``lost.py`` says why in a sentence where the reason is simple).  A patience is searched in
several move orders that take turns (``adapters.py``, "Move orders"), and for a tenth of the
budget with pruning rule 7 chained too: a narrower search that wins some deals the others wander
in, but has no proof that it keeps a win, so only the wins it finds are used, never its running
dry.  Where Numba is installed, a patience's dives and best-first searches run on the compiled
core (``native/``): the same positions in the same order, about twenty times faster (the pure
path stays the reference, and runs where Numba is missing or ``TAROT_LEARN_SOLVER=pure`` is
set).  Storing hashes instead of whole keys keeps a million positions in
~100 MB (the compiled core: ~80 MB); two positions sharing a 64-bit hash in one search is a
chance below 1 in 10^7 for a million positions, below 1 in 10^5 for ten million.  The
search makes millions of small tuples and none in a reference cycle, so Python's cyclic garbage
collector is off while it runs: its passes over them cost about an eighth of the search, and a
pass started in the next search cost that search part of its budget.

>>> from tarot_learn import games
>>> s = games.from_layout("klondike", "f1: ..QS\\nf2: ..QH\\nf3: ..QD\\nf4: ..KC\\nt1: KS\\nt2: KH\\nt3: KD")
>>> r = solve(s)
>>> r.status, [str(m) for m in r.moves]
(<Status.SOLVED: 'solved'>, ['t1>f1', 't2>f2', 't3>f3'])
"""

from __future__ import annotations

import gc
import time
from typing import Any, Callable

from ..core import Move, State
from . import native
from .adapters import GenericAdapter, adapter_for, is_patience, patience_adapter_for
from .bestfirst import BestFirst
from .lost import dead_from_start, lost_reason
from .result import Result, SolveError, Status

__all__ = ["solve", "depth_first", "DEFAULT_STATES", "DEFAULT_SECONDS", "MAX_POSITIONS", "check_budget"]

DEFAULT_STATES = 2_000_000
DEFAULT_SECONDS = 10.0
# A search given no position budget still stops here: its memory bound (the compiled core keeps
# about 85 bytes a position, so about 1.7 GB; it finds some 900,000 positions a CPU second).
MAX_POSITIONS = 20_000_000
DIVE_STATES = 5000
DIVE_SHARE = 0.1
CHAIN_SHARE = 0.1
SLICE = 0.05
# The move orders (``adapters.py``) of a patience's best-first searches: its own, the digging
# order and two shuffled ones sound; its own and the digging order chained.
SOUND_ORDERS = (0, 1, 2, 3)
CHAINED_ORDERS = (0, 1)


def check_budget(states: Any, seconds: Any) -> tuple[int | None, float | None]:
    """Validate a search budget; ``None`` means no limit of that kind (but not both)."""
    if states is not None and (isinstance(states, bool) or not isinstance(states, int) or states < 1):
        raise SolveError(f"states must be a whole number of positions, at least 1, not {states!r}")
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                or not seconds > 0):
        raise SolveError(f"seconds must be a positive number, not {seconds!r}")
    if states is None and seconds is None:
        raise SolveError("give a budget: states, seconds or both (a search without one may never end)")
    return states, (float(seconds) if seconds is not None else None)


def solve(state: State, states: int | None = DEFAULT_STATES,
          seconds: float | None = DEFAULT_SECONDS, prune: bool = True, method: str = "best",
          clock: Callable[[], float] = time.perf_counter) -> Result:
    """Decide whether ``state`` can still be won, seeing every card (thoughtful solving).

    Returns a :class:`Result`: ``solved`` with moves that replay through ``state.play`` to a win,
    ``impossible`` when no line wins, or ``undecided`` when the budget (positions examined,
    seconds) ran out first (``states=None`` still stops at ``MAX_POSITIONS``, the search's memory
    bound).  ``state`` itself is not changed.  ``prune=False`` searches every
    legal move one by one, draws included, without the game-aware pruning (slow: for
    cross-checking the pruning on small positions).  ``method`` is ``"best"`` (a depth-first
    dive with a tenth of the budget, at least 5,000 positions, then best-first search,
    ``bestfirst.py``, with the rest; for a patience the dives and the best-first searches run in
    several move orders, and searches with rule 7 chained take turns with them) or
    ``"depth"`` (depth-first only: little memory, but what its first dive does not decide it
    seldom decides later).  ``clock`` measures ``seconds`` (``time.process_time`` for a CPU-time budget).
    """
    max_states, max_seconds = check_budget(states, seconds)
    if method not in ("best", "depth"):
        raise SolveError(f"method is 'best' or 'depth', not {method!r}")
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _solve(state, max_states, max_seconds, prune, method, clock)
    finally:
        if collecting:
            gc.enable()


def _solve(state: State, max_states: int | None, max_seconds: float | None, prune: bool,
           method: str, clock: Callable[[], float]) -> Result:
    patience = prune and is_patience(state)
    # Before the clock, so no search pays for loading the core.  A search timed by the wall
    # clock (a hint) waits for it no longer than its budget (at least long enough for a load from
    # the disk cache), and runs the pure path while a first compile goes on in the background.
    # Any other clock waits: a CPU-time budget (the explorer's) would be charged for the compile.
    # Either way a compile is announced at once (``native.ready``): no silent twenty seconds.
    timed = max_seconds is not None and clock is time.perf_counter
    wait = max(native.LOAD_WAIT, max_seconds) if timed else None
    compiled = patience and method == "best" and native.available() and native.ready(wait)
    t0 = clock()
    start = time.perf_counter()
    make = adapter_for if prune else GenericAdapter
    work = state.copy()
    ad = make(work)
    if ad.won():
        return Result(Status.SOLVED, (), 1, time.perf_counter() - start)
    buried = dead_from_start(work) if prune else ""
    if buried:
        return Result(Status.IMPOSSIBLE, (), 1, time.perf_counter() - start, reason_lost=buried)
    limit = max_states if max_states is not None else MAX_POSITIONS
    deadline = t0 + max_seconds if max_seconds is not None else float("inf")
    if method == "depth":
        outcome, line, count = depth_first(ad, limit, deadline, clock)
    else:
        lanes = _Lanes(state, ad, compiled) if patience else None
        outcome, line, count = _dive_then_best(state, ad, make, lanes, limit, t0, deadline, clock)
    elapsed = time.perf_counter() - start
    if outcome == "solved":
        return Result(Status.SOLVED, line, count, elapsed)
    if outcome == "impossible":
        return Result(Status.IMPOSSIBLE, (), count, elapsed, reason_lost=lost_reason(state))
    return Result(Status.UNDECIDED, (), count, elapsed, outcome)


class _Lanes:
    """The searches of one patience deal, in any move order: compiled (``native``) where it can
    run, else pure over the adapters; the same positions in the same order either way."""

    def __init__(self, state: State, ad: Any, compiled: bool) -> None:
        self.state, self.ad, self.compiled = state, ad, compiled

    def dive(self, order: int, states: int, deadline: float,
             clock: Callable[[], float]) -> tuple[str, tuple[Move, ...], int]:
        if self.compiled:
            return native.depth_first(self.state, order, states, deadline, clock)
        a = self.ad if order == 0 else patience_adapter_for(self.state.copy(), order)
        return depth_first(a, states, deadline, clock)

    def best(self, order: int, chain: bool = False) -> Any:
        if self.compiled:
            return native.best_first_search(self.state, order, chain)
        return BestFirst(patience_adapter_for(self.state.copy(), order, chain=chain))


def _dive_then_best(state: State, ad: Any, make: Callable[[Any], Any], lanes: _Lanes | None, limit: int,
                    t0: float, deadline: float, clock: Callable[[], float]) -> tuple[str, tuple[Move, ...], int]:
    """Depth-first dives (a tenth of the time and of the positions in all, but at least
    ``DIVE_STATES`` each) decide most easy deals at once: one in the adapter's order, and for a
    patience searched with pruning (``lanes``) one in the digging order too (``adapters.py``,
    "Move orders").  When they do not, best-first searches take the rest of the budget afresh (a
    proof of loss must come from one whole search): for a patience, :func:`_take_turns`."""
    orders = [0] if lanes is None else [0, 1]
    span = deadline - t0
    count = 0
    for k in orders:
        share = DIVE_SHARE / len(orders)
        states = min(limit - count, max(int(limit * share), DIVE_STATES))
        until = min(deadline, clock() + span * share)
        outcome, line, n = depth_first(ad, states, until, clock) if lanes is None else \
            lanes.dive(k, states, until, clock)
        count += n
        if outcome not in ("states", "seconds") or count >= limit:
            return outcome, line, count
    if lanes is None:
        outcome, line, more = BestFirst(make(state.copy())).until(max(1, limit - count), deadline, clock)
        return outcome, line, count + more
    searches = [_Turn(lanes.best(k), None) for k in SOUND_ORDERS]
    chained = CHAIN_SHARE / len(CHAINED_ORDERS)
    searches += [_Turn(lanes.best(k, chain=True), chained) for k in CHAINED_ORDERS]
    outcome, line, more = _take_turns(searches, limit - count, span, deadline, clock)
    return outcome, line, count + more


class _Turn:
    """One of the searches that take turns: its best-first search, the share of the budget it
    may use (``None``: to the end, a sound search), and the positions and seconds it has used."""

    def __init__(self, search: BestFirst, share: float | None) -> None:
        self.search = search
        self.share = share
        self.states = 0
        self.seconds = 0.0

    def spent(self, limit: int, span: float) -> bool:
        return self.share is not None and (self.states >= limit * self.share
                                           or self.seconds >= span * self.share)


def _take_turns(searches: list[_Turn], limit: int, span: float, deadline: float,
                clock: Callable[[], float]) -> tuple[str, tuple[Move, ...], int]:
    """Best-first searches of one patience take turns of ``SLICE`` of the budget (time and
    positions): the sound ones (``SOUND_ORDERS``) to the end, the chained ones (rule 7 chained,
    ``CHAINED_ORDERS``) up to ``CHAIN_SHARE`` in all.  Each order wins deals the others wander
    in; a win from any counts, a loss only from a sound search running dry."""
    count = 0
    while True:
        searches[:] = [t for t in searches if not t.spent(limit, span)]     # freed once spent
        for turn in list(searches):
            now = clock()
            states = min(limit - count, max(1, int(limit * SLICE)))
            outcome, line, total = turn.search.until(turn.states + states,
                                                     min(deadline, now + span * SLICE), clock)
            count += total - turn.states
            turn.states = total
            turn.seconds += clock() - now
            if outcome == "solved" or (outcome == "impossible" and turn.share is None):
                return outcome, line, count
            if outcome == "impossible":
                searches.remove(turn)      # a chained search ran dry: that proves nothing
            if count >= limit:
                return "states", (), count
            if clock() >= deadline:
                return "seconds", (), count


def depth_first(ad: Any, limit: int, deadline: float,
                clock: Callable[[], float]) -> tuple[str, tuple[Move, ...], int]:
    """Depth-first search from the adapter's position, the best step first; same answer as
    :func:`~tarot_learn.solve.bestfirst.best_first`."""
    seen = {hash(ad.key())}
    count = 1
    play, unplay = ad.play, ad.unplay
    frames = [iter(ad.expand())]
    steps: list[tuple[Move, ...]] = []
    tokens: list[Any] = []
    while frames:
        step = next(frames[-1], None)
        if step is None:
            frames.pop()
            if steps:
                unplay(steps.pop(), tokens.pop())
            continue
        token = play(step)
        h = hash(ad.key())
        if h in seen:
            unplay(step, token)
            continue
        seen.add(h)
        count += 1
        if ad.won():
            line: list[Move] = []
            for st in steps:
                line.extend(st)
            line.extend(step)
            return "solved", tuple(line), count
        if count >= limit:
            return "states", (), count
        if not count & 255 and clock() > deadline:
            return "seconds", (), count
        steps.append(step)
        tokens.append(token)
        frames.append(iter(ad.expand()))
    return "impossible", (), count
