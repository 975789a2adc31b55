"""Depth-first search with a transposition table, over any game through an adapter.

The search plays steps (``adapters.py``) on a private copy of the position with the games' fast
unchecked ``push``/``pop`` and remembers every position it has finished or is still exploring, by a
64-bit hash of the adapter's key.  Seeing a position again means it is either already lost or on
the current line (a cycle), so it is skipped: the search is complete, and when it runs out of
steps the position is proved lost.  Storing hashes instead of whole keys keeps a million positions
in ~100 MB; two positions sharing a 64-bit hash in one search is a chance below 1 in 10^7.

>>> from tarot_learn import games
>>> s = games.from_layout("klondike", "f1: ..QS\\nf2: ..QH\\nf3: ..QD\\nf4: ..KC\\nt1: KS\\nt2: KH\\nt3: KD")
>>> r = solve(s)
>>> r.status, [str(m) for m in r.moves]
(<Status.SOLVED: 'solved'>, ['t1>f1', 't2>f2', 't3>f3'])
"""

from __future__ import annotations

import time
from typing import Any

from ..core import Move, State
from .adapters import GenericAdapter, adapter_for
from .result import Result, SolveError, Status

__all__ = ["solve", "DEFAULT_STATES", "DEFAULT_SECONDS", "check_budget"]

DEFAULT_STATES = 2_000_000
DEFAULT_SECONDS = 10.0


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
          seconds: float | None = DEFAULT_SECONDS, prune: bool = True) -> Result:
    """Decide whether ``state`` can still be won, seeing every card (thoughtful solving).

    Returns a :class:`Result`: ``solved`` with moves that replay through ``state.play`` to a win,
    ``impossible`` when no line wins, or ``undecided`` when the budget (positions examined,
    seconds) ran out first.  ``state`` itself is not changed.  ``prune=False`` searches every
    legal move one by one, draws included, without the game-aware pruning (slow: for
    cross-checking the pruning on small positions).
    """
    max_states, max_seconds = check_budget(states, seconds)
    start = time.perf_counter()
    work = state.copy()
    ad = adapter_for(work) if prune else GenericAdapter(work)
    line: list[Move] = []
    if ad.won():
        return Result(Status.SOLVED, (), 1, time.perf_counter() - start)
    seen = {hash(ad.key())}
    count = 1
    limit_states = max_states if max_states is not None else 1 << 62
    deadline = start + max_seconds if max_seconds is not None else float("inf")
    play, unplay = ad.play, ad.unplay
    frames = [iter(ad.expand())]
    steps: list[tuple[Move, ...]] = []
    tokens: list[Any] = []
    reason = ""
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
            for st in steps:
                line.extend(st)
            line.extend(step)
            return Result(Status.SOLVED, tuple(line), count, time.perf_counter() - start)
        if count >= limit_states:
            reason = "states"
            break
        if not count & 255 and time.perf_counter() > deadline:
            reason = "seconds"
            break
        steps.append(step)
        tokens.append(token)
        frames.append(iter(ad.expand()))
    elapsed = time.perf_counter() - start
    if reason:
        return Result(Status.UNDECIDED, (), count, elapsed, reason)
    return Result(Status.IMPOSSIBLE, (), count, elapsed)
