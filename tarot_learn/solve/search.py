"""The solver's entry point: a search with a transposition table, over any game through an adapter.

The search plays steps (``adapters.py``) on a private copy of the position with the games' fast
unchecked ``push``/``pop`` and remembers every position it has found, by a 64-bit hash of the
adapter's key.  Best-first (``bestfirst.py``, the default) goes on from the most promising
position found so far; depth-first (``method="depth"``) follows one line to its end first.  Both
expand each position at most once, so when no step is left the position is proved lost (and
``lost.py`` says why in a sentence where the reason is simple).  A patience is also searched, for
a quarter of the budget, with pruning rule 7 chained (``adapters.py``): a narrower search that
wins many deals the other wanders in, but has no proof that it keeps a win, so only the wins it
finds are used, never its running dry.  Storing hashes instead of whole
keys keeps a million positions in ~100 MB; two positions sharing a 64-bit hash in one search is a
chance below 1 in 10^7.

>>> from tarot_learn import games
>>> s = games.from_layout("klondike", "f1: ..QS\\nf2: ..QH\\nf3: ..QD\\nf4: ..KC\\nt1: KS\\nt2: KH\\nt3: KD")
>>> r = solve(s)
>>> r.status, [str(m) for m in r.moves]
(<Status.SOLVED: 'solved'>, ['t1>f1', 't2>f2', 't3>f3'])
"""

from __future__ import annotations

import time
from typing import Any, Callable

from ..core import Move, State
from .adapters import GenericAdapter, adapter_for, chained_adapter_for
from .bestfirst import BestFirst, best_first
from .lost import dead_from_start, lost_reason
from .result import Result, SolveError, Status

__all__ = ["solve", "depth_first", "DEFAULT_STATES", "DEFAULT_SECONDS", "check_budget"]

DEFAULT_STATES = 2_000_000
DEFAULT_SECONDS = 10.0
DIVE_STATES = 5000
CHAIN_SHARE = 0.25
SOUND_FIRST = 0.4


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
    seconds) ran out first.  ``state`` itself is not changed.  ``prune=False`` searches every
    legal move one by one, draws included, without the game-aware pruning (slow: for
    cross-checking the pruning on small positions).  ``method`` is ``"best"`` (a depth-first
    dive with a tenth of the budget, at least 5,000 positions, then best-first search,
    ``bestfirst.py``, with the rest; for a patience it pauses at 40% of the budget while the
    chained searches take a quarter) or
    ``"depth"`` (depth-first only: little memory, but what its first dive does not decide it
    seldom decides later).  ``clock`` measures ``seconds`` (``time.process_time`` for a CPU-time budget).
    """
    max_states, max_seconds = check_budget(states, seconds)
    if method not in ("best", "depth"):
        raise SolveError(f"method is 'best' or 'depth', not {method!r}")
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
    limit = max_states if max_states is not None else 1 << 62
    deadline = t0 + max_seconds if max_seconds is not None else float("inf")
    if method == "depth":
        outcome, line, count = depth_first(ad, limit, deadline, clock)
    else:
        outcome, line, count = _dive_then_best(state, ad, make, limit, t0, deadline, clock)
    elapsed = time.perf_counter() - start
    if outcome == "solved":
        return Result(Status.SOLVED, line, count, elapsed)
    if outcome == "impossible":
        return Result(Status.IMPOSSIBLE, (), count, elapsed, reason_lost=lost_reason(state))
    return Result(Status.UNDECIDED, (), count, elapsed, outcome)


def _dive_then_best(state: State, ad: Any, make: Callable[[Any], Any], limit: int, t0: float,
                    deadline: float, clock: Callable[[], float]) -> tuple[str, tuple[Move, ...], int]:
    """A depth-first dive (a tenth of the time, a tenth of the positions but at least
    ``DIVE_STATES``) decides most easy deals at once; when it does not, best-first search takes the
    rest of the budget afresh (a proof of loss must come from one whole search).  For a patience
    searched with pruning, the best-first search stops at ``SOUND_FIRST`` of the budget for the
    chained searches (:func:`_chained`, ``CHAIN_SHARE`` of the budget), then goes on where it
    stopped: they find wins the others miss, but only a win of theirs counts."""
    dive = min(limit, max(limit // 10, DIVE_STATES))
    outcome, line, count = depth_first(ad, dive, t0 + (deadline - t0) / 10, clock)
    if outcome not in ("states", "seconds") or count >= limit:
        return outcome, line, count
    sound = BestFirst(make(state.copy()))
    chained = chained_adapter_for(state.copy()) if make is adapter_for else None
    if chained is not None:
        pause = t0 + (deadline - t0) * SOUND_FIRST
        outcome, line, more = sound.until(int((limit - count) * SOUND_FIRST) or 1, pause, clock)
        if outcome not in ("states", "seconds"):
            return outcome, line, count + more
        found, line, extra = _chained(state, chained, limit - count - more, t0, deadline, clock)
        count += extra
        if found == "solved":
            return found, line, count + more
    outcome, line, more = sound.until(max(1, limit - count), deadline, clock)
    return outcome, line, count + more


def _chained(state: State, ad: Any, limit: int, t0: float, deadline: float,
             clock: Callable[[], float]) -> tuple[str, tuple[Move, ...], int]:
    """The chained searches: a depth-first dive, then best-first, each with ``CHAIN_SHARE / 2`` of
    the budget; only a win they find counts."""
    part = (deadline - t0) * CHAIN_SHARE / 2
    states = max(1, int(limit * CHAIN_SHARE / 2))
    found, line, count = depth_first(ad, states, min(deadline, clock() + part), clock)
    if found == "solved" or found == "impossible":
        return found, line, count
    found, line, more = best_first(chained_adapter_for(state.copy()), states, min(deadline, clock() + part),
                                   clock)
    return found, line, count + more


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
