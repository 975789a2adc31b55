"""The depth-first dive of ``search.py`` compiled: the same positions in the same order.

Each frame's steps are kept in one array (``fsteps``) from ``fstart[d]`` to ``fend[d]``, the
next one to try at ``fnext[d]``; the line's steps and undo tokens by depth.  :func:`dive` goes on
until a result, the position limit, a count where the caller reads its clock (every 256th
position, as the pure dive does) or a full array.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .bfs import R_CLOCK, R_GROW, R_IMPOSSIBLE, R_SOLVED, R_STATES, fresh, rehash
from .engine import MAXSTEPS, unplay, won
from .expand import W_STEPS, expand

D_COUNT, D_DEPTH, D_TC, D_TOP = range(4)


@njit(cache=True)
def _open(meta, cardt, flat, pset, tab, tlen, down, found, flen, seq, res, sc, w, order, fixed,
          fsteps, fstart, fend, fnext, dv):
    """A frame for the position just reached: its steps, best first."""
    d, top = dv[D_DEPTH], dv[D_TOP]
    n = expand(meta, cardt, flat, pset, tab, tlen, down, found, flen, seq, res, sc, w, order, fixed)
    fsteps[top:top + n] = w[W_STEPS, :n]
    fstart[d], fnext[d], fend[d] = top, top, top + n
    dv[D_TOP] = top + n
    dv[D_DEPTH] = d + 1


@njit(cache=True)
def dive(meta, cardt, flat, pset, tab, tlen, down, found, flen, seq, res, sc, w, order, fixed, table,
         fsteps, fstart, fend, fnext, lsteps, ltokens, dv, limit):
    """Search on depth-first (see the module docstring); returns one of ``R_*``."""
    if dv[D_DEPTH] == 0 and dv[D_COUNT] == 1 and dv[D_TOP] == 0:
        _open(meta, cardt, flat, pset, tab, tlen, down, found, flen, seq, res, sc, w, order, fixed,
              fsteps, fstart, fend, fnext, dv)
    while dv[D_DEPTH]:
        if dv[D_TOP] + MAXSTEPS > fsteps.size or dv[D_DEPTH] + 2 > fstart.size \
                or 2 * (dv[D_TC] + 1) > table.size:
            return R_GROW
        f = dv[D_DEPTH] - 1
        q = fnext[f]
        if q >= fend[f]:
            dv[D_DEPTH] = f
            dv[D_TOP] = fstart[f]
            if f:
                unplay(tab, tlen, down, found, flen, seq, res, sc, lsteps[f - 1], ltokens[f - 1])
            continue
        fnext[f] = q + 1
        s = fsteps[q]
        tok = fresh(meta, cardt, flat, tab, tlen, down, found, flen, seq, res, sc, table, s, False)
        if tok < 0:
            continue
        dv[D_TC] += 1
        dv[D_COUNT] += 1
        lsteps[f], ltokens[f] = s, tok
        if won(meta, flen):
            return R_SOLVED
        if dv[D_COUNT] >= limit:
            return R_STATES
        _open(meta, cardt, flat, pset, tab, tlen, down, found, flen, seq, res, sc, w, order, fixed,
              fsteps, fstart, fend, fnext, dv)
        if not dv[D_COUNT] & 255:
            return R_CLOCK
    return R_IMPOSSIBLE


def new_store() -> dict[str, np.ndarray]:
    """Fresh arrays for one dive from its root."""
    z = lambda k: np.zeros(k, dtype=np.int64)   # noqa: E731
    dv = z(4)
    dv[D_COUNT] = 1
    return {"table": z(1 << 16), "fsteps": z(1 << 15), "fstart": z(1 << 12), "fend": z(1 << 12),
            "fnext": z(1 << 12), "lsteps": z(1 << 12), "ltokens": z(1 << 12), "dv": dv}


def grow(s: dict[str, np.ndarray]) -> None:
    """Double every array that is near full."""
    dv = s["dv"]
    if dv[D_TOP] + MAXSTEPS > s["fsteps"].size:
        s["fsteps"] = np.concatenate([s["fsteps"], np.zeros_like(s["fsteps"])])
    if dv[D_DEPTH] + 2 > s["fstart"].size:
        for name in ("fstart", "fend", "fnext", "lsteps", "ltokens"):
            s[name] = np.concatenate([s[name], np.zeros_like(s[name])])
    if 2 * (dv[D_TC] + 1) > s["table"].size:
        new = np.zeros(2 * s["table"].size, dtype=np.int64)
        rehash(s["table"], new)
        s["table"] = new
