"""The pinned-cards proof (:func:`tarot_learn.solve.lost.pinned`) compiled with Numba.

Same argument and same answer as the pure version, on the flat arrays of :mod:`.tables`; sets of
cards are boolean arrays indexed by card id.  The fixed points follow the pure code step by step
(columns in index order, each from its top held card downward, the never-up and never-shown sets
recomputed once per pass), since a holding's heights may depend on that order.
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np

from .tables import M_HASRES, M_N, M_NC, M_NF, M_RETURNS, S_RLEN, S_SLEN, position, tables


@numba.njit(cache=True)
def _held_mask(n, nc, tab, heights, minus):
    """The cards ``tab[i, :heights[i] - minus]`` of every column with a nonzero height."""
    out = np.zeros(n, dtype=np.bool_)
    for i in range(nc):
        if heights[i] > 0:
            for j in range(heights[i] - minus):
                out[tab[i, j]] = True
    return out


@numba.njit(cache=True)
def _never_up(held, pr_ptr, pr_idx, order):
    """``held`` and every card whose predecessors (at least one) all are never up: one pass,
    lowest foundation place first, as a card's predecessors lie one place lower."""
    out = held.copy()
    for k in range(order.shape[0]):
        c = order[k]
        lo, hi = pr_ptr[c], pr_ptr[c + 1]
        if hi == lo or out[c]:
            continue                     # no predecessor: may start a foundation
        ok = True
        for q in range(lo, hi):
            if not out[pr_idx[q]]:
                ok = False
                break
        if ok:
            out[c] = True
    return out


@numba.njit(cache=True)
def _never_shown(covered, outside, has_res, empty_ok, par_ptr, par_idx):
    """``covered`` and the cards out of the columns that may not open an empty column and whose
    parents all are covered or such cards: the largest such set (any removal order reaches it)."""
    if has_res:
        return covered                   # the reserve may fill an emptied column by itself
    n = covered.shape[0]
    cand = np.zeros(n, dtype=np.bool_)
    for c in range(n):
        cand[c] = outside[c] and empty_ok[c] == 0
    changed = True
    while changed:
        changed = False
        for c in range(n):
            if not cand[c]:
                continue
            for q in range(par_ptr[c], par_ptr[c + 1]):
                p = par_idx[q]
                if not covered[p] and not cand[p]:
                    cand[c] = False      # a parent may show: c may come in onto it
                    changed = True
                    break
    return covered | cand


@numba.njit(cache=True)
def _may_move(c, j, top, base, covered, never_up, empty_ok, lift0, par_ptr, par_idx, pr_ptr,
              pr_idx, pred_none):
    """Whether held card ``c`` (index ``j`` of a column based on ``base``) could move: onto a
    parent not covered, onto an empty column, or (the top held card) up to its foundation."""
    if j > 0 or lift0[base] != 0:
        if empty_ok[c] != 0:
            return True
        for q in range(par_ptr[c], par_ptr[c + 1]):
            if not covered[par_idx[q]]:
                return True
    if not top or pred_none[c] != 0:
        return False
    for q in range(pr_ptr[c], pr_ptr[c + 1]):
        if not never_up[pr_idx[q]]:
            return True                  # a predecessor may go up first
    return pr_ptr[c + 1] == pr_ptr[c]    # no predecessor: may start a foundation


@numba.njit(cache=True)
def _held_heights(heights, first, hidden, gone, outside, has_res, n, nc, tab, down, empty_ok,
                  lift0, par_ptr, par_idx, pr_ptr, pr_idx, pred_none, order):
    """Lowers ``heights`` (in place) to the largest pinned holding's.  On the ``first`` pass
    ``hidden`` is the fixed covered set, else covered is recomputed from the holding."""
    changed = True
    while changed and heights.any():
        changed = False
        never_up = _never_up(_held_mask(n, nc, tab, heights, 0), pr_ptr, pr_idx, order)
        if first:
            covered = hidden
        else:                            # cards under a top held card, or up for good
            covered = _never_shown(gone | _held_mask(n, nc, tab, heights, 1), outside, has_res,
                                   empty_ok, par_ptr, par_idx)
        for i in range(nc):
            j = heights[i] - 1
            while j >= 0 and (j >= down[i] or j == heights[i] - 1):
                if _may_move(tab[i, j], j, j == heights[i] - 1, tab[i, 0], covered, never_up,
                             empty_ok, lift0, par_ptr, par_idx, pr_ptr, pr_idx, pred_none):
                    heights[i] = j       # let go of it and of what lies on it
                    changed = True
                j -= 1
    return heights


@numba.njit(cache=True)
def _free_cards(outside, wild, empty_ok, lift0, nc, tab, tlen, res, rlen):
    """The first pass's cards that surely may show (an empty array when a wild card out of the
    columns and free to open one could take every held top card, so nothing is held)."""
    n = outside.shape[0]
    free = np.zeros(n, dtype=np.bool_)
    for c in range(n):
        free[c] = outside[c] and empty_ok[c] != 0
    wild_free = False
    for k in range(wild.shape[0]):
        wild_free = wild_free or free[wild[k]]
    if wild_free:
        liftable = True
        for i in range(nc):
            if tlen[i] > 0 and lift0[tab[i, 0]] == 0:
                liftable = False         # a base that stays may still be held
        if liftable:
            return np.zeros(0, dtype=np.bool_)
    for i in range(nc):
        if tlen[i] > 0:
            free[tab[i, tlen[i] - 1]] = True
    for k in range(rlen):
        free[res[k]] = True
    return free


@numba.njit(cache=True)
def pinned(meta, found_pos, empty_ok, lift0, pset, par_ptr, par_idx, pr_ptr, pr_idx, pred_none,
           order, wild, tab, tlen, down, found, flen, seq, sc, res):
    """Whether the pinned-cards proof shows the position lost (as ``lost.pinned``).  ``pset``
    is unused (parents come from the CSR lists) but kept so callers pass the tables whole."""
    n, nc, nf = meta[M_N], meta[M_NC], meta[M_NF]
    returns, has_res = meta[M_RETURNS] != 0, meta[M_HASRES] != 0
    outside = np.zeros(n, dtype=np.bool_)   # stock, waste and the foundations cards may leave
    gone = np.zeros(n, dtype=np.bool_)      # up for good
    for k in range(sc[S_SLEN]):
        outside[seq[k]] = True
    for f in range(nf):
        for k in range(flen[f]):
            if returns:
                outside[found[f, k]] = True
            else:
                gone[found[f, k]] = True
    free = _free_cards(outside, wild, empty_ok, lift0, nc, tab, tlen, res, sc[S_RLEN])
    if free.shape[0] == 0:
        return False
    # First pass with a fixed covered set: cheap, holds no less than the true holding.
    heights = _held_heights(tlen.copy(), True, ~free, gone, outside, has_res, n, nc, tab, down,
                            empty_ok, lift0, par_ptr, par_idx, pr_ptr, pr_idx, pred_none, order)
    if not heights.any():
        return False
    heights = _held_heights(heights, False, free, gone, outside, has_res, n, nc, tab, down,
                            empty_ok, lift0, par_ptr, par_idx, pr_ptr, pr_idx, pred_none, order)
    never_up = _never_up(_held_mask(n, nc, tab, heights, 0), pr_ptr, pr_idx, order)
    for c in range(n):
        if never_up[c] and found_pos[c] >= 0:
            return True                  # a card that must go up never will
    return False


def pinned_state(state: Any) -> bool:
    """:func:`pinned` of a patience position, encoded afresh (for tests; the search keeps its
    tables)."""
    T, P = tables(state), position(state)
    return bool(pinned(T.meta, T.found_pos, T.empty_ok, T.lift0, T.pset, T.par_ptr, T.par_idx,
                       T.pr_ptr, T.pr_idx, T.pred_none, T.order, T.wild, P.tab, P.tlen, P.down,
                       P.found, P.flen, P.seq, P.sc, P.res))
