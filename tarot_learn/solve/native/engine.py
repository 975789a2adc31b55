"""The patience adapter's steps, keys and moves, compiled: the same steps in the same order as
:class:`~tarot_learn.solve.adapters.PatienceAdapter` (its docstring states the pruning rules).

The kernels take arrays one by one, never in tuples: a tuple of arrays passed to a compiled
function costs a reference count on each member, which cost more than the work itself.  The
position is ``tab, tlen, down, found, flen, seq, res, sc`` (``tables.py``).

A step is one int64: kind, source, destination, count and, for a waste card, where the pointer
between waste and stock stands and how many redeals are used when the card comes up.
"""

from __future__ import annotations

from numba import njit

from .tables import (C_CLS, C_FPOS, C_SLP, C_SUIT, M_DOUBLE, M_DRAW, M_HASRES, M_LIMIT, M_NC,
                     M_NF, M_WIN, S_P, S_PASSES, S_PCOL, S_PENDING, S_RLEN, S_SLEN)

# step kinds: column to column, column up, waste up, waste to column, reserve up, reserve to
# column, foundation down to a column
K_TT, K_TF, K_WF, K_WT, K_RF, K_RT, K_FT = range(7)
MAXSTEPS = 4096        # room for one position's steps (a few hundred at most in practice)


@njit(cache=True, inline="always")
def step(kind, src, dst, count, tp, tpasses, plen):
    """One step packed: 4 bits of kind, 8 of source, 8 of destination, 8 of count, 10 of the
    talon pointer, 6 of redeals used, 10 of draws and redeals before the card comes up."""
    return kind | (src << 4) | (dst << 12) | (count << 20) | (tp << 28) | (tpasses << 38) | (plen << 44)


@njit(cache=True, inline="always")
def fields(s):
    """A step's fields (:func:`step`)."""
    return (s & 15, (s >> 4) & 255, (s >> 12) & 255, (s >> 20) & 255, (s >> 28) & 1023,
            (s >> 38) & 63, (s >> 44) & 1023)


@njit(cache=True)
def fdest(cardt, flat, flen, c):
    """The foundation card ``c`` may go up to now, or -1."""
    pos = cardt[C_FPOS, c]
    if pos >= 0:
        for q in range(cardt[C_SLP, c], cardt[C_SLP, c + 1]):
            if flen[flat[q]] == pos:
                return flat[q]
    return -1


@njit(cache=True)
def _take(tab, tlen, down, found, flen, seq, res, sc, kind, src, tp):
    """Lift the card a one-card step moves (from the talon, the reserve or a foundation)."""
    if kind == K_WF or kind == K_WT:
        c = seq[tp - 1]
        n = sc[S_SLEN]
        for q in range(tp - 1, n - 1):
            seq[q] = seq[q + 1]
        sc[S_SLEN] = n - 1
        sc[S_P] = tp - 1
        return c
    if kind == K_RF or kind == K_RT:
        sc[S_RLEN] -= 1
        return res[sc[S_RLEN]]
    flen[src] -= 1
    return found[src, flen[src]]


@njit(cache=True)
def play(meta, cardt, flat, tab, tlen, down, found, flen, seq, res, sc, s, chain):
    """Make step ``s``; returns the token :func:`unplay` needs.  A run lifted off a face-up card
    that cannot go up leaves it pending (pruning rule 7)."""
    kind, src, dst, count, tp, tpasses, _ = fields(s)
    token = ((sc[S_PENDING] + 1) << 20) | ((sc[S_PCOL] + 1) << 12) | (sc[S_PASSES] << 52) \
        | (sc[S_P] << 40)
    answered = sc[S_PENDING] >= 0
    sc[S_PENDING] = -1
    if kind == K_TT and (chain or not answered):
        k = tlen[src] - count
        if k > down[src]:
            y = tab[src, k - 1]
            if fdest(cardt, flat, flen, y) < 0:
                sc[S_PENDING] = y
                sc[S_PCOL] = src
    if kind == K_TT or kind == K_TF:
        return token | _from_column(meta, tab, tlen, down, found, flen, res, sc, kind, src, dst, count)
    if kind == K_WF or kind == K_WT:
        sc[S_PASSES] = tpasses
    c = _take(tab, tlen, down, found, flen, seq, res, sc, kind, src, tp)
    if kind == K_WF or kind == K_RF:
        found[dst, flen[dst]] = c
        flen[dst] += 1
    else:
        tab[dst, tlen[dst]] = c
        tlen[dst] += 1
    return token


@njit(cache=True)
def _from_column(meta, tab, tlen, down, found, flen, res, sc, kind, src, dst, count):
    """A card up or a run moved from a column: the card under it turns up, the reserve fills
    an emptied column (American Toad); returns those two facts as bits."""
    n = tlen[src]
    if kind == K_TF:
        found[dst, flen[dst]] = tab[src, n - 1]
        flen[dst] += 1
    else:
        b = tlen[dst]
        for q in range(count):
            tab[dst, b + q] = tab[src, n - count + q]
        tlen[dst] = b + count
    n -= count
    tlen[src] = n
    flip = fill = 0
    d = down[src]
    if d and n == d:
        down[src] = d - 1
        flip = 1
    if n == 0 and meta[M_HASRES] and sc[S_RLEN]:
        sc[S_RLEN] -= 1
        tab[src, 0] = res[sc[S_RLEN]]
        tlen[src] = 1
        fill = 1
    return flip | (fill << 1)


@njit(cache=True)
def unplay(tab, tlen, down, found, flen, seq, res, sc, s, token):
    """Take step ``s`` back, with the token :func:`play` gave."""
    kind, src, dst, count, tp, tpasses, _ = fields(s)
    if kind == K_TT or kind == K_TF:
        if token & 2:
            res[sc[S_RLEN]] = tab[src, 0]
            sc[S_RLEN] += 1
            tlen[src] = 0
        if token & 1:
            down[src] += 1
        n = tlen[src]
        if kind == K_TF:
            flen[dst] -= 1
            tab[src, n] = found[dst, flen[dst]]
        else:
            b = tlen[dst] - count
            for q in range(count):
                tab[src, n + q] = tab[dst, b + q]
            tlen[dst] = b
        tlen[src] = n + count
    else:
        if kind == K_WF or kind == K_RF:
            flen[dst] -= 1
            c = found[dst, flen[dst]]
        else:
            tlen[dst] -= 1
            c = tab[dst, tlen[dst]]
        if kind == K_WF or kind == K_WT:
            n = sc[S_SLEN]
            for q in range(n, tp - 1, -1):
                seq[q] = seq[q - 1]
            seq[tp - 1] = c
            sc[S_SLEN] = n + 1
        elif kind == K_FT:
            found[src, flen[src]] = c
            flen[src] += 1
        else:
            res[sc[S_RLEN]] = c
            sc[S_RLEN] += 1
    sc[S_PENDING] = ((token >> 20) & 255) - 1
    sc[S_PCOL] = ((token >> 12) & 255) - 1
    sc[S_PASSES] = (token >> 52) & 255
    sc[S_P] = (token >> 40) & 4095


@njit(cache=True, inline="always")
def _mix(x):
    x = (x ^ (x >> 31)) * 0x5851F42D4C957F2D
    x = (x ^ (x >> 29)) * 0x14057B7EF767814F
    return x ^ (x >> 32)


@njit(cache=True)
def key(meta, cardt, tab, tlen, down, found, flen, seq, res, sc):
    """A 64-bit hash of the pure adapter's key: columns in any order alike (a sum), copies of a
    card alike, the talon as pruning rule 6 keys it."""
    h = 0
    for i in range(meta[M_NC]):
        hc = down[i] + 1
        for q in range(tlen[i]):
            hc = hc * 1000003 + cardt[C_CLS, tab[i, q]] + 7
        h += _mix(hc + tlen[i] * 0x9E3779B97F4A7C15)
    hf = 0
    for f in range(meta[M_NF]):
        if meta[M_DOUBLE]:
            sf = cardt[C_SUIT, found[f, 0]] if flen[f] else -1
            hf += _mix(sf * 977 + flen[f] * 0x51ED27 + 1)
        else:
            hf = hf * 131 + flen[f]
    h = _mix(h ^ _mix(hf + 3))
    n, p = sc[S_SLEN], sc[S_P]
    ht = 5
    for q in range(n):
        ht = ht * 1000003 + cardt[C_CLS, seq[q]] + 7
    limit = meta[M_LIMIT]
    if not (limit < 0 and (p % meta[M_DRAW] == 0 or p == n)):
        ht = _mix(ht + (p + 1) * 0x632BE59BD9B4E019)
    h = _mix(h + ht)
    hr = 11
    for q in range(sc[S_RLEN]):
        hr = hr * 1000003 + cardt[C_CLS, res[q]] + 7
    h = _mix(h + hr * 3 + (sc[S_PASSES] if limit >= 0 else 0) * 0x2545F4914F6CDD1D)
    h = _mix(h + (sc[S_PENDING] + 2) * 0x1D8E4E27C47D124F)
    return h if h != 0 else 1           # 0 marks a free slot of the table


@njit(cache=True)
def won(meta, flen):
    """Every card that must go up is up."""
    return flen.sum() == meta[M_WIN]
