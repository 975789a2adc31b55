"""Compiled searches with the interfaces of the pure ones: :class:`NativeBestFirst` for
:class:`~tarot_learn.solve.bestfirst.BestFirst`, :func:`depth_first` for
:func:`~tarot_learn.solve.search.depth_first` over a patience adapter."""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from ...core import Move
from . import bfs, dfs, engine, tables
from .expand import work

CHECK_EVERY = 64        # expansions between two looks at the clock
Outcome = tuple[str, tuple[Move, ...], int]


def decode(state: Any, s: int) -> tuple[Move, ...]:
    """The pure adapter's step for compiled step ``s`` from ``state``'s position."""
    kind, src, dst, count, tp, tpasses, plen = engine.fields(s)
    T, F = state.column_ids, state.foundation_ids
    if kind == engine.K_TT:
        return (Move("move", T[src], T[dst], count),)
    if kind == engine.K_TF:
        return (Move("move", T[src], F[dst], 1),)
    if kind == engine.K_RF:
        return (Move("move", "r", F[dst], 1),)
    if kind == engine.K_RT:
        return (Move("move", "r", T[dst], 1),)
    if kind == engine.K_FT:
        return (Move("move", F[src], T[dst], 1),)
    path: list[Move] = []
    p, total = len(state.waste), len(state.waste) + len(state.stock)
    n = max(1, state.draw_count)
    while len(path) < plen:
        if p < total:
            p = min(p + n, total)
            path.append(Move("draw"))
        else:
            p = 0
            path.append(Move("redeal"))
    return (*path, Move("move", "w", F[dst] if kind == engine.K_WF else T[dst], 1))


# A game's packed tables per (game, table, options): a solve encodes its position for each of
# its eight searches, and the tables, which only the rules decide, cost thirty times the position.
# The kernels never write to them.  Tables live as long as the program, as lost.py's do.
_TABLES: dict[Any, tuple[Any, tuple[np.ndarray, ...]]] = {}


def _tables_of(state: Any) -> tuple[np.ndarray, ...]:
    try:
        k = (type(state), id(state.facts), tuple(sorted(state.options.items())))
        hash(k)
    except TypeError:                  # an option value that cannot be a key: no caching
        return tables.pack(tables.tables(state))
    known = _TABLES.get(k)
    if known is None or known[0] is not state.facts:
        known = _TABLES[k] = (state.facts, tables.pack(tables.tables(state)))
    return known[1]


class Game:
    """One patience position encoded for the kernels, with its own copy of the game to turn
    compiled steps back into moves."""

    def __init__(self, state: Any, order: int = 0) -> None:
        self.state = state.copy()
        self.tables = _tables_of(state)
        self.position = tables.pack_position(tables.position(state))
        self.w = work(len(state.facts.cards))
        self.order = order
        self.fixed = tables.urgency(state, order)

    def args(self) -> tuple[Any, ...]:
        """Tables, position, work rows, move order and fixed column ranks, as the kernels take them."""
        return (*self.tables, *self.position, self.w, self.order, self.fixed)

    def root_key(self) -> int:
        meta, cardt, _, _ = self.tables
        return int(engine.key(meta, cardt, *self.position))

    def replay(self, steps: Any) -> tuple[Move, ...]:
        """The moves of compiled ``steps`` from the start."""
        work_state = self.state.copy()
        out: list[Move] = []
        for st in steps:
            for m in decode(work_state, int(st)):
                work_state.push(m)
                out.append(m)
        return tuple(out)


class NativeBestFirst:
    """A compiled best-first search that stops when its budget runs out and can go on later."""

    def __init__(self, state: Any, order: int = 0, chain: bool = False) -> None:
        self.game = Game(state, order)
        self.chain = chain
        self.store = bfs.new_store()
        bfs.seen_or_add(self.store["table"], self.game.root_key())
        self.done: Outcome | None = None

    def until(self, limit: int, deadline: float, clock: Callable[[], float]) -> Outcome:
        """Search on until ``limit`` positions in all or ``deadline``, as ``BestFirst.until``."""
        if self.done is not None:
            return self.done
        s = self.store
        while True:
            r = bfs.run(*self.game.args(), self.chain, s["nodes"], s["hk"], s["hv"], s["table"], s["line"],
                        s["tokens"], s["path"], s["cur"], s["st"], limit, CHECK_EVERY)
            count = int(s["st"][bfs.ST_COUNT])
            if r == bfs.R_GROW:
                bfs.grow(s)
            elif r == bfs.R_SOLVED:
                line = s["line"]
                self.done = ("solved", self.game.replay(s["nodes"][1, line[1:s["st"][bfs.ST_LL]]]), count)
                return self.done
            elif r == bfs.R_IMPOSSIBLE:
                self.done = ("impossible", (), count)
                return self.done
            elif r == bfs.R_STATES:
                return "states", (), count
            elif clock() > deadline:
                return "seconds", (), count


def depth_first(state: Any, order: int, limit: int, deadline: float, clock: Callable[[], float]) -> Outcome:
    """The pure ``depth_first`` over ``patience_adapter_for(state, order)``, compiled."""
    game = Game(state, order)
    s = dfs.new_store()
    bfs.seen_or_add(s["table"], game.root_key())
    while True:
        r = dfs.dive(*game.args(), s["table"], s["fsteps"], s["fstart"], s["fend"], s["fnext"],
                     s["lsteps"], s["ltokens"], s["dv"], limit)
        count = int(s["dv"][dfs.D_COUNT])
        if r == bfs.R_GROW:
            dfs.grow(s)
        elif r == bfs.R_SOLVED:
            return "solved", game.replay(s["lsteps"][:s["dv"][dfs.D_DEPTH]]), count
        elif r == bfs.R_IMPOSSIBLE:
            return "impossible", (), count
        elif r == bfs.R_STATES:
            return "states", (), count
        elif clock() > deadline:
            return "seconds", (), count
