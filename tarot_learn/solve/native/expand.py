"""The pure adapter's ``expand`` compiled: the steps from a position, best first, the same steps
in the same order (``adapters.py`` states why each is kept or skipped).

Every kernel here takes the tables (``meta, cardt, flat, pset``), the position (``tab, tlen,
down, found, flen, seq, res, sc``) and the work rows ``w`` (``W_*``: the steps found and their
ranks, the run heads, the talon cards, the cards up, column ranks and tops, and scratch).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .engine import K_FT, K_RF, K_RT, K_TF, K_TT, K_WF, K_WT, MAXSTEPS, fdest, step
from .pin import pinned
from .tables import (C_CHP, C_CSID, C_EOK, C_FPOS, C_LIFT0, C_MAYRET, C_NEEDP, C_PARP, C_PRNONE,
                     C_PRP, C_SLP, M_DRAW, M_FREE, M_LIMIT, M_NC, M_NF, M_ORDER_HI, M_ORDER_LO,
                     M_PINCHECK, M_RESBUILD, M_RETURNS, M_WILD_HI, M_WILD_LO, S_P, S_PASSES,
                     S_PCOL, S_PENDING, S_PMASK, S_PMISS, S_RLEN, S_SLEN, S_TICKS)

W_STEPS, W_RANKS, W_HCOL, W_HIDX, W_HORDER, W_TSTEP, W_TCARDS, W_UP, W_URG, W_TOP, W_SCRATCH, \
    W_SEEN = range(12)
RANK = 100000


def work(n_cards: int) -> np.ndarray:
    """Fresh work rows for a game of ``n_cards`` cards."""
    return np.zeros((12, max(4096, MAXSTEPS, n_cards + 1)), dtype=np.int64)


@njit(cache=True, inline="always")
def _add(w, n, pri, extra, s):
    w[W_STEPS, n] = s
    w[W_RANKS, n] = pri * RANK + extra
    return n + 1


@njit(cache=True)
def _sort(w, n):
    """Stable insertion sort of the first ``n`` steps by rank."""
    for a in range(1, n):
        s, r = w[W_STEPS, a], w[W_RANKS, a]
        b = a - 1
        while b >= 0 and w[W_RANKS, b] > r:
            w[W_STEPS, b + 1] = w[W_STEPS, b]
            w[W_RANKS, b + 1] = w[W_RANKS, b]
            b -= 1
        w[W_STEPS, b + 1] = s
        w[W_RANKS, b + 1] = r


@njit(cache=True)
def _needs_up(cardt, flat, w, c):
    """Pruning rule 2: every card that must be up before ``c`` is safe to send up is up."""
    for q in range(cardt[C_NEEDP, c], cardt[C_NEEDP, c + 1]):
        if not w[W_UP, flat[q]]:
            return False
    return True


@njit(cache=True)
def _urgency(meta, cardt, flat, tab, down, flen, w, order, fixed):
    """Each column's rank for steps turning a card up: fixed, or in the digging order (1) how
    many cards must go up before one of its face-down cards can, times 100."""
    for i in range(meta[M_NC]):
        if order != 1:
            w[W_URG, i] = fixed[i]
            continue
        soonest = 99
        for q in range(down[i]):
            c = tab[i, q]
            pos = cardt[C_FPOS, c]
            if pos >= 0:
                hi = -1
                for z in range(cardt[C_SLP, c], cardt[C_SLP, c + 1]):
                    hi = max(hi, flen[flat[z]])
                soonest = min(soonest, pos - hi)
        w[W_URG, i] = 100 * soonest


@njit(cache=True)
def _tops(meta, tab, tlen, w):
    """Top card per column (-1: empty); returns the first empty column (-1: none)."""
    first_empty = -1
    for j in range(meta[M_NC]):
        if tlen[j]:
            w[W_TOP, j] = tab[j, tlen[j] - 1]
        else:
            w[W_TOP, j] = -1
            if first_empty < 0:
                first_empty = j
    return first_empty


@njit(cache=True)
def _run_heads(meta, cardt, pset, tab, tlen, down, w):
    """Each card that may head a moving run: its column and index, in column order; returns
    how many.  Only a column's base may be kept (a base King or World, TS-11)."""
    w[W_HCOL, :meta[0]] = -1
    m = 0
    for i in range(meta[M_NC]):
        n = tlen[i]
        if not n:
            continue
        d = down[i]
        k = n - 1
        while k > d and pset[tab[i, k], tab[i, k - 1]]:
            k -= 1
        if k == 0 and not cardt[C_LIFT0, tab[i, 0]]:
            k = 1
        for q in range(k, n):
            c = tab[i, q]
            w[W_HCOL, c] = i
            w[W_HIDX, c] = q
            w[W_HORDER, m] = c
            m += 1
    return m


@njit(cache=True)
def _talon(meta, seq, sc, w):
    """The waste cards draws and redeals can bring up, the first way found for each (fewest
    draws, fewest redeals): per card its pointer, passes and path length packed, and the cards
    in order; returns how many."""
    w[W_TSTEP, :meta[0]] = -1
    total, p, passes = sc[S_SLEN], sc[S_P], sc[S_PASSES]
    limit, n = meta[M_LIMIT], meta[M_DRAW]
    width = total + 1
    w[W_SCRATCH, :width * (limit + 2 if limit >= 0 else 1)] = 0
    w[W_SCRATCH, p + (passes * width if limit >= 0 else 0)] = 1
    m = 0
    plen = 0
    if p:
        w[W_TSTEP, seq[p - 1]] = p | (passes << 10)
        w[W_TCARDS, m] = seq[p - 1]
        m += 1
    while True:
        if p < total:
            p = min(p + n, total)
            plen += 1
        elif p and (limit < 0 or passes < limit):
            p = 0
            passes += 1
            plen += 1
            continue
        else:
            break
        mark = p + (passes * width if limit >= 0 else 0)
        if w[W_SCRATCH, mark]:
            break
        w[W_SCRATCH, mark] = 1
        c = seq[p - 1]
        if w[W_TSTEP, c] < 0:
            w[W_TSTEP, c] = p | (passes << 10) | (plen << 16)
            w[W_TCARDS, m] = c
            m += 1
    return m


@njit(cache=True, inline="always")
def _tstep(kind, dst, t):
    """A waste step from its packed talon entry."""
    return step(kind, 0, dst, 1, t & 1023, (t >> 10) & 63, t >> 16)


@njit(cache=True)
def wanted(meta, cardt, flat, found, flen, res, sc, w, c):
    """Whether some card could be placed on ``c`` now (pruning rule 5): a run head, the reserve's
    top card, a foundation's top card that may come back down, or a talon card so wanted."""
    w[W_SEEN, :meta[0]] = 0
    w[W_SEEN, c] = 1
    w[W_SCRATCH, 0] = c
    top = 1
    rtop = res[sc[S_RLEN] - 1] if sc[S_RLEN] else -1
    while top:
        top -= 1
        x = w[W_SCRATCH, top]
        for q in range(cardt[C_CHP, x], cardt[C_CHP, x + 1]):
            k = flat[q]
            if w[W_HCOL, k] >= 0 or k == rtop:
                return True
            if meta[M_RETURNS] and w[W_UP, k]:
                for f in range(meta[M_NF]):
                    if flen[f] and found[f, flen[f] - 1] == k:
                        return True
            if w[W_TSTEP, k] >= 0 and not w[W_SEEN, k]:
                w[W_SEEN, k] = 1
                w[W_SCRATCH, top] = k
                top += 1
    return False


@njit(cache=True)
def _up_and_reserve(meta, cardt, flat, pset, down, flen, res, sc, w, first_empty):
    """Cards up from the columns and the reserve, the reserve's top onto the columns; returns
    ``(-1, step)`` for a safe card up (forced, alone), else ``(steps so far, 0)``."""
    n = 0
    for j in range(meta[M_NC]):
        c = w[W_TOP, j]
        if c < 0:
            continue
        f = fdest(cardt, flat, flen, c)
        if f >= 0:
            s = step(K_TF, j, f, 1, 0, 0, 0)
            if _needs_up(cardt, flat, w, c):
                return -1, s
            n = _add(w, n, 0, w[W_URG, j] - down[j], s)
    if not sc[S_RLEN]:
        return n, 0
    c = res[sc[S_RLEN] - 1]
    f = fdest(cardt, flat, flen, c)
    if f >= 0:
        s = step(K_RF, 0, f, 1, 0, 0, 0)
        if _needs_up(cardt, flat, w, c):
            return -1, s
        n = _add(w, n, 0, -1, s)
    if meta[M_RESBUILD]:
        for j in range(meta[M_NC]):
            if w[W_TOP, j] >= 0 and pset[c, w[W_TOP, j]]:
                n = _add(w, n, 1, -1, step(K_RT, 0, j, 1, 0, 0, 0))
        if first_empty >= 0 and cardt[C_EOK, c]:
            n = _add(w, n, 3, 0, step(K_RT, 0, first_empty, 1, 0, 0, 0))
    return n, 0


@njit(cache=True)
def _talon_steps(meta, cardt, flat, found, flen, res, sc, w, n, first_empty, nt):
    """Waste cards up, onto an empty column, onto a column top (pruning rules 2 and 5)."""
    free = meta[M_FREE]
    one = meta[M_DRAW] == 1
    late = 0 if meta[M_LIMIT] < 0 else 1
    for a in range(nt):
        c = w[W_TCARDS, a]
        t = w[W_TSTEP, c]
        plen = t >> 16
        f = fdest(cardt, flat, flen, c)
        if f >= 0:
            s = _tstep(K_WF, f, t)
            if one and (plen == 0 or free) and _needs_up(cardt, flat, w, c):
                return -1, s
            n = _add(w, n, late * plen, plen, s)
        if first_empty >= 0 and cardt[C_EOK, c] and \
                (not free or wanted(meta, cardt, flat, found, flen, res, sc, w, c)):
            n = _add(w, n, 3 + late * plen, plen, _tstep(K_WT, first_empty, t))
    for j in range(meta[M_NC]):
        t0 = w[W_TOP, j]
        if t0 < 0:
            continue
        for q in range(cardt[C_CHP, t0], cardt[C_CHP, t0 + 1]):
            c = flat[q]
            t = w[W_TSTEP, c]
            if t >= 0 and (not free or wanted(meta, cardt, flat, found, flen, res, sc, w, c)):
                n = _add(w, n, 2 + late * (t >> 16), t >> 16, _tstep(K_WT, j, t))
    return n, 0


@njit(cache=True)
def _run_steps(meta, cardt, flat, tab, tlen, down, flen, sc, w, n, first_empty, nh):
    """Runs between columns, then into the first empty column (pruning rule 4)."""
    for j in range(meta[M_NC]):
        t = w[W_TOP, j]
        if t < 0:
            continue
        for q in range(cardt[C_CHP, t], cardt[C_CHP, t + 1]):
            c = flat[q]
            i = w[W_HCOL, c]
            if i < 0 or i == j:
                continue
            k, d = w[W_HIDX, c], down[i]
            if k == 0:
                pri, extra = (1, -1) if sc[S_RLEN] else (3, 0)
            elif k == d:
                pri, extra = 1, w[W_URG, i] - d
            else:
                y = tab[i, k - 1]
                if fdest(cardt, flat, flen, y) < 0 and cardt[C_CSID, y] == cardt[C_CSID, t]:
                    continue
                pri, extra = 4, 0
            n = _add(w, n, pri, extra, step(K_TT, i, j, tlen[i] - k, 0, 0, 0))
    if first_empty >= 0:
        for a in range(nh):
            c = w[W_HORDER, a]
            i, k = w[W_HCOL, c], w[W_HIDX, c]
            if k and cardt[C_EOK, c]:
                d = down[i]
                pri, extra = (1, w[W_URG, i] - d) if k == d else (5, 0)
                n = _add(w, n, pri, extra, step(K_TT, i, first_empty, tlen[i] - k, 0, 0, 0))
    return n


@njit(cache=True)
def _return_steps(meta, cardt, flat, pset, found, flen, w, n, first_empty):
    """Cards back down from a foundation, when something could still be built on them."""
    for fi in range(meta[M_NF]):
        if not flen[fi]:
            continue
        c = found[fi, flen[fi] - 1]
        if _needs_up(cardt, flat, w, c) or not cardt[C_MAYRET, c]:
            continue
        for j in range(meta[M_NC]):
            if w[W_TOP, j] >= 0 and pset[c, w[W_TOP, j]]:
                n = _add(w, n, 6, 0, step(K_FT, fi, j, 1, 0, 0, 0))
        if first_empty >= 0 and cardt[C_EOK, c]:
            n = _add(w, n, 6, 1, step(K_FT, fi, first_empty, 1, 0, 0, 0))
    return n


@njit(cache=True, inline="always")
def _run_rank(down, sc, w, i, k):
    """The rank of lifting the run from index ``k`` of column ``i``, as :func:`_run_steps`
    gives it: turning a card up or emptying a column first."""
    d = down[i]
    if k == 0:
        return (1, -1) if sc[S_RLEN] else (3, 0)
    return (1, w[W_URG, i] - d) if k == d else (4, 0)


@njit(cache=True)
def _uses_onto(meta, cardt, flat, found, flen, res, sc, tlen, down, w, n, i, y):
    """Pruning rule 7, first half: every card that could be put on the pending card ``y``."""
    late = 0 if meta[M_LIMIT] < 0 else 1
    for q in range(cardt[C_CHP, y], cardt[C_CHP, y + 1]):
        c = flat[q]
        ci = w[W_HCOL, c]
        if ci >= 0 and ci != i:
            pri, extra = _run_rank(down, sc, w, ci, w[W_HIDX, c])
            n = _add(w, n, pri, extra, step(K_TT, ci, i, tlen[ci] - w[W_HIDX, c], 0, 0, 0))
        t = w[W_TSTEP, c]
        if t >= 0:
            n = _add(w, n, 2 + late * (t >> 16), t >> 16, _tstep(K_WT, i, t))
        if meta[M_RESBUILD] and sc[S_RLEN] and res[sc[S_RLEN] - 1] == c:
            n = _add(w, n, 1, -1, step(K_RT, 0, i, 1, 0, 0, 0))
        if meta[M_RETURNS] and cardt[C_MAYRET, c]:
            for fi in range(meta[M_NF]):
                if flen[fi] and found[fi, flen[fi] - 1] == c:
                    n = _add(w, n, 6, 0, step(K_FT, fi, i, 1, 0, 0, 0))
    return n


@njit(cache=True)
def _pending_uses(meta, cardt, flat, pset, tab, tlen, down, found, flen, seq, res, sc, w, first_empty):
    """Pruning rule 7: every legal step that uses the pending card (a card put on it, or a run
    headed by it or a card under it moved), sorted."""
    i, y = sc[S_PCOL], sc[S_PENDING]
    _run_heads(meta, cardt, pset, tab, tlen, down, w)
    _talon(meta, seq, sc, w)
    n = _uses_onto(meta, cardt, flat, found, flen, res, sc, tlen, down, w, 0, i, y)
    for h in range(down[i], tlen[i]):
        c = tab[i, h]
        if w[W_HCOL, c] != i or w[W_HIDX, c] != h:
            continue
        pri, extra = _run_rank(down, sc, w, i, h)
        for j in range(meta[M_NC]):
            if j != i and w[W_TOP, j] >= 0 and pset[c, w[W_TOP, j]]:
                n = _add(w, n, pri, extra, step(K_TT, i, j, tlen[i] - h, 0, 0, 0))
        if h and first_empty >= 0 and cardt[C_EOK, c]:
            n = _add(w, n, pri, extra, step(K_TT, i, first_empty, tlen[i] - h, 0, 0, 0))
    _sort(w, n)
    return n


@njit(cache=True)
def _pin_proved(meta, cardt, flat, pset, tab, tlen, down, found, flen, seq, res, sc):
    """Pruning rule 8's proof, asked less often after a long run of failures."""
    if pinned(meta, cardt[C_FPOS], cardt[C_EOK], cardt[C_LIFT0], pset, cardt[C_PARP], flat,
              cardt[C_PRP], flat, cardt[C_PRNONE], flat[meta[M_ORDER_LO]:meta[M_ORDER_HI]],
              flat[meta[M_WILD_LO]:meta[M_WILD_HI]], tab, tlen, down, found, flen, seq, sc, res):
        sc[S_PMASK] = 3
        sc[S_PMISS] = 0
        return True
    sc[S_PMISS] += 1
    if sc[S_PMISS] >= 32 and sc[S_PMASK] < 63:
        sc[S_PMASK] = 2 * sc[S_PMASK] + 1
        sc[S_PMISS] = 0
    return False


@njit(cache=True)
def expand(meta, cardt, flat, pset, tab, tlen, down, found, flen, seq, res, sc, w, order, fixed):
    """The steps from here into ``w[W_STEPS]``, best first; returns how many.  A forced step (a
    safe card up) comes alone."""
    sc[S_TICKS] += 1
    if meta[M_PINCHECK] and not sc[S_TICKS] & sc[S_PMASK] and \
            _pin_proved(meta, cardt, flat, pset, tab, tlen, down, found, flen, seq, res, sc):
        return 0
    _urgency(meta, cardt, flat, tab, down, flen, w, order, fixed)
    first_empty = _tops(meta, tab, tlen, w)
    if sc[S_PENDING] >= 0:
        return _pending_uses(meta, cardt, flat, pset, tab, tlen, down, found, flen, seq, res, sc, w,
                             first_empty)
    w[W_UP, :meta[0]] = 0
    for f in range(meta[M_NF]):
        for q in range(flen[f]):
            w[W_UP, found[f, q]] = 1
    n, forced = _up_and_reserve(meta, cardt, flat, pset, down, flen, res, sc, w, first_empty)
    if n < 0:
        w[W_STEPS, 0] = forced
        return 1
    nh = _run_heads(meta, cardt, pset, tab, tlen, down, w)
    nt = _talon(meta, seq, sc, w)
    if nt:
        n, forced = _talon_steps(meta, cardt, flat, found, flen, res, sc, w, n, first_empty, nt)
        if n < 0:
            w[W_STEPS, 0] = forced
            return 1
    if nh:
        n = _run_steps(meta, cardt, flat, tab, tlen, down, flen, sc, w, n, first_empty, nh)
    if meta[M_RETURNS]:
        n = _return_steps(meta, cardt, flat, pset, found, flen, w, n, first_empty)
    _sort(w, n)
    return n
