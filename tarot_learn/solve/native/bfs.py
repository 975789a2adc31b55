"""The best-first search of ``bestfirst.py``, compiled: the same positions in the same order.

The search's memory lives in arrays the caller keeps between runs (``Store``): the tree of
steps (parent, step, depth, discrepancies per node), the priority queue (a binary heap of packed
ranks with node numbers), the transposition table (open addressing over 64-bit hashes, 0 free),
the current line (nodes and undo tokens by depth, and room for a path down) and the children of
the position being expanded, with the scalars in ``st`` (``ST_*``).  :func:`run` goes on until a result, the
position limit, a number of expansions (the caller then reads its clock) or a full array (the
caller grows it and calls again).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .engine import MAXSTEPS, key, play, unplay, won
from .expand import W_STEPS, expand

# the scalars: positions found, the batch (counts down), the node being expanded, nodes, heap
# entries, table entries, the line's length, that node's steps / the next to try / new children so
# far, and the phase
ST_COUNT, ST_BATCH, ST_NODE, ST_NN, ST_HS, ST_TC, ST_LL, ST_CN, ST_CQ, ST_CI, ST_PHASE = range(11)
# what run() returns
R_SOLVED, R_IMPOSSIBLE, R_STATES, R_CLOCK, R_GROW = range(5)
PH_EXPAND, PH_CHILDREN, PH_NEXT = range(3)
# A queue entry's rank packs (discrepancies, batch, i) into one int64, in that order of weight:
# 18 bits, 33 bits (the batch counts down from 0 by one per expansion: BATCH0 keeps it positive
# for four billion expansions) and 12 bits (a position's new children, fewer than MAXSTEPS).
BATCH0 = 1 << 32


@njit(cache=True)
def seen_or_add(table, h):
    """Whether ``h`` is in the table; enters it if not.  ``h`` is never 0 (free)."""
    mask = table.size - 1
    q = h & mask
    while True:
        v = table[q]
        if v == 0:
            table[q] = h
            return False
        if v == h:
            return True
        q = (q + 1) & mask


@njit(cache=True)
def fresh(meta, cardt, flat, tab, tlen, down, found, flen, seq, res, sc, table, s, chain):
    """Play step ``s``: its undo token when it reaches a position not in the table (now entered),
    else -1 with the step taken back (tokens are never negative)."""
    tok = play(meta, cardt, flat, tab, tlen, down, found, flen, seq, res, sc, s, chain)
    if seen_or_add(table, key(meta, cardt, tab, tlen, down, found, flen, seq, res, sc)):
        unplay(tab, tlen, down, found, flen, seq, res, sc, s, tok)
        return -1
    return tok


@njit(cache=True)
def rehash(old, new):
    """Enter every hash of table ``old`` into the larger table ``new``."""
    for v in old:
        if v != 0:
            seen_or_add(new, v)


@njit(cache=True)
def _push(hk, hv, size, k, v):
    """Add rank ``k`` with node ``v`` to the heap of ``size`` entries."""
    q = size
    while q:
        up = (q - 1) >> 1
        if hk[up] <= k:
            break
        hk[q] = hk[up]
        hv[q] = hv[up]
        q = up
    hk[q] = k
    hv[q] = v


@njit(cache=True)
def _pop(hk, hv, size):
    """Take the least rank (the heap has ``size`` entries); returns its node."""
    top = hv[0]
    size -= 1
    k, v = hk[size], hv[size]
    q = 0
    while True:
        c = 2 * q + 1
        if c >= size:
            break
        if c + 1 < size and hk[c + 1] < hk[c]:
            c += 1
        if hk[c] >= k:
            break
        hk[q] = hk[c]
        hv[q] = hv[c]
        q = c
    hk[q] = k
    hv[q] = v
    return top


@njit(cache=True)
def _go(meta, cardt, flat, tab, tlen, down, found, flen, seq, res, sc, nodes, line, tokens, st,
        node, path, chain):
    """Move the position to ``node``: undo to the common ancestor, play down (``path``: room
    for the nodes on the way)."""
    parent, nstep, depth = nodes[0], nodes[1], nodes[2]
    ll = st[ST_LL]
    n = node
    m = 0
    while depth[n] >= ll or line[depth[n]] != n:
        path[m] = n
        m += 1
        n = parent[n]
    while ll > depth[n] + 1:
        ll -= 1
        unplay(tab, tlen, down, found, flen, seq, res, sc, nstep[line[ll]], tokens[ll])
    for q in range(m - 1, -1, -1):
        nd = path[q]
        tokens[ll] = play(meta, cardt, flat, tab, tlen, down, found, flen, seq, res, sc, nstep[nd],
                          chain)
        line[ll] = nd
        ll += 1
    st[ST_LL] = ll


@njit(cache=True)
def _room(parent, line, table, hk, st):
    """Whether every array has room for one more position's children."""
    return st[ST_NN] + MAXSTEPS <= parent.size and st[ST_LL] + 2 <= line.size \
        and 2 * (st[ST_TC] + MAXSTEPS) <= table.size and st[ST_HS] + MAXSTEPS <= hk.size


@njit(cache=True)
def _record(nodes, st, s):
    """A new position, reached by step ``s`` as the next new child of the current node: its node
    number (the i-th new child leaves the move order i times more than its parent)."""
    node, nn = st[ST_NODE], st[ST_NN]
    nodes[0, nn], nodes[1, nn] = node, s
    nodes[2, nn], nodes[3, nn] = nodes[2, node] + 1, nodes[3, node] + st[ST_CI]
    st[ST_NN] = nn + 1
    st[ST_TC] += 1
    st[ST_COUNT] += 1
    return nn


@njit(cache=True)
def run(meta, cardt, flat, pset, tab, tlen, down, found, flen, seq, res, sc, w, order, fixed, chain,
        nodes, hk, hv, table, line, tokens, path, cur, st, limit, expansions):
    """Search on (see the module docstring); returns one of ``R_*``."""
    parent, disc = nodes[0], nodes[3]
    if st[ST_PHASE] == PH_CHILDREN and st[ST_COUNT] >= limit:
        return R_STATES          # paused by the position limit and not given more
    while True:
        ph = st[ST_PHASE]
        if ph == PH_EXPAND:
            if not _room(parent, line, table, hk, st):
                return R_GROW
            st[ST_BATCH] -= 1
            n = expand(meta, cardt, flat, pset, tab, tlen, down, found, flen, seq, res, sc, w, order,
                       fixed)
            cur[:n] = w[W_STEPS, :n]
            st[ST_CN], st[ST_CQ], st[ST_CI] = n, 0, 0
            st[ST_PHASE] = PH_CHILDREN
        elif ph == PH_CHILDREN:
            q = st[ST_CQ]
            if q >= st[ST_CN]:
                st[ST_PHASE] = PH_NEXT
                if st[ST_HS] == 0:
                    return R_IMPOSSIBLE
                expansions -= 1
                if expansions <= 0:
                    return R_CLOCK
                continue
            st[ST_CQ] = q + 1
            s = cur[q]
            tok = fresh(meta, cardt, flat, tab, tlen, down, found, flen, seq, res, sc, table, s, chain)
            if tok < 0:
                continue
            nn = _record(nodes, st, s)
            if won(meta, flen):
                line[st[ST_LL]] = nn
                tokens[st[ST_LL]] = tok
                st[ST_LL] += 1
                return R_SOLVED
            unplay(tab, tlen, down, found, flen, seq, res, sc, s, tok)
            i = st[ST_CI]
            rank = ((disc[st[ST_NODE]] + i) << 45) | ((st[ST_BATCH] + BATCH0) << 12) | i
            _push(hk, hv, st[ST_HS], rank, nn)
            st[ST_HS] += 1
            st[ST_CI] = i + 1
            if st[ST_COUNT] >= limit:
                return R_STATES
        else:
            if st[ST_HS] == 0:
                return R_IMPOSSIBLE
            node = _pop(hk, hv, st[ST_HS])
            st[ST_HS] -= 1
            _go(meta, cardt, flat, tab, tlen, down, found, flen, seq, res, sc, nodes, line, tokens, st,
                node, path, chain)
            st[ST_NODE] = node
            st[ST_PHASE] = PH_EXPAND


def new_store() -> dict[str, np.ndarray]:
    """Fresh arrays for one search from its root (node 0)."""
    z = lambda k: np.zeros(k, dtype=np.int64)   # noqa: E731
    nodes = np.zeros((4, 1 << 16), dtype=np.int64)
    nodes[0, 0] = -1
    st = z(11)
    st[ST_NN], st[ST_LL], st[ST_COUNT], st[ST_PHASE], st[ST_BATCH] = 1, 1, 1, PH_EXPAND, 0
    return {"nodes": nodes, "hk": z(1 << 16), "hv": z(1 << 16), "table": z(1 << 17),
            "line": z(1 << 12), "tokens": z(1 << 12), "path": z(1 << 12), "cur": z(MAXSTEPS), "st": st}


def grow(store: dict[str, np.ndarray]) -> None:
    """Double every array that is near full."""
    st = store["st"]
    if st[ST_NN] + MAXSTEPS > store["nodes"].shape[1]:
        old = store["nodes"]
        new = np.zeros((4, 2 * old.shape[1]), dtype=np.int64)
        new[:, :old.shape[1]] = old
        store["nodes"] = new
    for name in ("hk", "hv"):
        if st[ST_HS] + MAXSTEPS > store[name].size:
            store[name] = np.concatenate([store[name], np.zeros_like(store[name])])
    for name in ("line", "tokens", "path"):
        if st[ST_LL] + 2 > store[name].size:
            store[name] = np.concatenate([store[name], np.zeros_like(store[name])])
    if 2 * (st[ST_TC] + MAXSTEPS) > store["table"].size:
        new = np.zeros(2 * store["table"].size, dtype=np.int64)
        rehash(store["table"], new)
        store["table"] = new
