"""A patience position and its game's per-card facts as integer arrays, for the compiled core.

Everything here is read through the public engine API of
:class:`~tarot_learn.games.solitaire.Patience` and its ``CardFacts``; nothing here plays a move.
Card ids are the game's.

* :func:`tables` gives the facts field by field (:class:`Tables`): scalars in ``meta``
  (``M_*``); per card ``found_pos``, ``empty_ok``, ``lift0`` (may a column based on it be lifted
  whole, TS-11), ``may_ret``, ``cls`` (copies of a card share one), ``suit``, ``cs_id`` (equal
  for equal sets of children); ``pset[c, p]`` (``p`` is a parent of ``c``); lists in CSR form
  (``*_ptr``, ``*_idx``): children, parents, foundation slots, pruning rule 2's cards that must
  be up first (``need``), the cards one of which must be up before a card goes up (``pr``;
  ``pred_none[c]``: ``c`` never goes up); ``order`` (cards that go up, lowest place first) and
  ``wild`` (cards every other card may be built on).  :func:`pack` puts them in the four arrays
  the kernels take.
* :func:`position` gives the piles: ``tab[NC, N]`` with ``tlen`` and ``down``; ``found[NF, N]``
  with ``flen``; the talon as one sequence ``seq`` (the waste bottom first, then the stock top
  first) with the pointer ``sc[S_P]`` between them (the waste's length); the reserve ``res``
  (bottom first); the other scalars in ``sc`` (``S_*``: also the pending card of pruning rule 7
  and pruning rule 8's counters, which the pure adapter keeps).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..lost import predecessors, takes_every_card

# T.meta
M_N, M_NC, M_NF, M_DRAW, M_LIMIT, M_RETURNS, M_RESBUILD, M_HASRES, M_WIN, M_PINCHECK, M_DOUBLE, \
    M_FREE = range(12)
# P.sc
S_SLEN, S_P, S_PASSES, S_RLEN, S_PENDING, S_PCOL, S_TICKS, S_PMASK, S_PMISS = range(9)


@dataclass
class Tables:
    """A game's per-card facts (module docstring)."""

    meta: np.ndarray
    found_pos: np.ndarray
    empty_ok: np.ndarray
    lift0: np.ndarray
    may_ret: np.ndarray
    cls: np.ndarray
    suit: np.ndarray
    pset: np.ndarray
    ch_ptr: np.ndarray
    ch_idx: np.ndarray
    par_ptr: np.ndarray
    par_idx: np.ndarray
    sl_ptr: np.ndarray
    sl_idx: np.ndarray
    need_ptr: np.ndarray
    need_idx: np.ndarray
    pr_ptr: np.ndarray
    pr_idx: np.ndarray
    pred_none: np.ndarray
    order: np.ndarray
    wild: np.ndarray
    cs_id: np.ndarray


@dataclass
class Position:
    """A position's piles (module docstring)."""

    tab: np.ndarray
    tlen: np.ndarray
    down: np.ndarray
    found: np.ndarray
    flen: np.ndarray
    seq: np.ndarray
    res: np.ndarray
    sc: np.ndarray


def _csr(lists: list[Any]) -> tuple[np.ndarray, np.ndarray]:
    ptr = np.zeros(len(lists) + 1, dtype=np.int64)
    flat: list[int] = []
    for i, xs in enumerate(lists):
        flat.extend(xs)
        ptr[i + 1] = len(flat)
    return ptr, np.array(flat, dtype=np.int64)


def needs(state: Any) -> list[list[int]]:
    """Pruning rule 2's cards per card, as the pure adapter computes them (same order)."""
    from ..adapters import PatienceAdapter

    return [sorted(s) for s in PatienceAdapter(state).need]


def tables(state: Any) -> Tables:
    """The per-card facts of ``state``'s game and options."""
    facts = state.facts
    n = len(facts.cards)
    limit = state.max_redeals
    draw = max(1, state.draw_count)
    meta = np.array([n, state.NCOLS, len(state.found), draw, -1 if limit is None else limit,
                     int(state.returns_allowed), int(state.reserve_builds), int(state.HAS_RESERVE),
                     state.win_count, int(not state.returns_allowed and not takes_every_card(facts)),
                     int(state.DOUBLE), int(draw == 1 and limit is None)], dtype=np.int64)
    if state.DOUBLE:
        first: dict[Any, int] = {}
        cls = [first.setdefault((c.suit, c.rank), i) for i, c in enumerate(facts.cards)]
    else:
        cls = list(range(n))
    suits: dict[Any, int] = {}
    suit = [suits.setdefault(c.suit, len(suits)) for c in facts.cards]    # equal suits, equal numbers
    pset = np.zeros((n, n), dtype=np.int64)
    for c in range(n):
        for p in facts.parents[c]:
            pset[c, p] = 1
    pos, slots = facts.found_pos, facts.found_slots
    pred_lists, order, wild_set = predecessors(facts)
    preds = [p or [] for p in pred_lists]
    wild = sorted(wild_set)
    arr = lambda xs: np.array(xs, dtype=np.int64)   # noqa: E731
    ch_ptr, ch_idx = _csr(facts.children)
    par_ptr, par_idx = _csr(facts.parents)
    sl_ptr, sl_idx = _csr(slots)
    need_ptr, need_idx = _csr(needs(state))
    pr_ptr, pr_idx = _csr(preds)
    return Tables(meta, arr(pos), arr([int(x) for x in facts.empty_ok]),
                  arr([int(state.may_lift([c], 0)) for c in range(n)]),
                  arr([int(state.may_return(c)) for c in range(n)]), arr(cls), arr(suit), pset,
                  ch_ptr, ch_idx, par_ptr, par_idx, sl_ptr, sl_idx, need_ptr, need_idx, pr_ptr, pr_idx,
                  arr([int(p is None) for p in pred_lists]), arr(order) if order else np.zeros(0, np.int64),
                  arr(wild) if wild else np.zeros(0, np.int64), arr(_set_ids(facts.children)))


def _set_ids(children: Any) -> list[int]:
    """One number per distinct set of children: equal numbers, equal sets."""
    ids: dict[frozenset[int], int] = {}
    return [ids.setdefault(frozenset(ch), len(ids)) for ch in children]


# rows of the per-card table ``cardt`` (``pack``); the ``*P`` rows point into ``flat``
C_FPOS, C_EOK, C_LIFT0, C_MAYRET, C_CLS, C_SUIT, C_CSID, C_PRNONE, C_CHP, C_PARP, C_SLP, C_NEEDP, \
    C_PRP = range(13)
# more of ``meta`` (``pack``): where ``order`` and ``wild`` lie in ``flat``
M_ORDER_LO, M_ORDER_HI, M_WILD_LO, M_WILD_HI = range(12, 16)


def pack(t: Tables) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The tables as four arrays for the kernels: ``meta`` (with where ``order`` and ``wild``
    lie in ``flat``), ``cardt`` (one row per per-card fact, ``C_*``; a list's row points into
    ``flat``, its end at the next card's entry), ``flat`` (every list) and ``pset``."""
    n = int(t.meta[M_N])
    cardt = np.zeros((13, n + 1), dtype=np.int64)
    for row, a in ((C_FPOS, t.found_pos), (C_EOK, t.empty_ok), (C_LIFT0, t.lift0), (C_MAYRET, t.may_ret),
                   (C_CLS, t.cls), (C_SUIT, t.suit), (C_CSID, t.cs_id), (C_PRNONE, t.pred_none)):
        cardt[row, :n] = a
    parts: list[np.ndarray] = []
    base = 0
    for row, ptr, idx in ((C_CHP, t.ch_ptr, t.ch_idx), (C_PARP, t.par_ptr, t.par_idx), (C_SLP, t.sl_ptr, t.sl_idx),
                          (C_NEEDP, t.need_ptr, t.need_idx), (C_PRP, t.pr_ptr, t.pr_idx)):
        cardt[row] = ptr + base
        parts.append(idx)
        base += len(idx)
    meta = np.zeros(16, dtype=np.int64)
    meta[:12] = t.meta
    meta[M_ORDER_LO], meta[M_ORDER_HI] = base, base + len(t.order)
    meta[M_WILD_LO], meta[M_WILD_HI] = base + len(t.order), base + len(t.order) + len(t.wild)
    flat = np.concatenate(parts + [t.order, t.wild]).astype(np.int64)
    return meta, cardt, flat, t.pset


def pack_position(p: Position) -> tuple[np.ndarray, ...]:
    """The position's arrays in field order."""
    return tuple(getattr(p, f) for f in p.__dataclass_fields__)


def position(state: Any) -> Position:
    """``state``'s piles as arrays (pending card none, the pinned-proof counters fresh)."""
    n = len(state.facts.cards)
    nc, nf = state.NCOLS, len(state.found)
    tab = np.zeros((nc, n), dtype=np.int64)
    tlen = np.zeros(nc, dtype=np.int64)
    for i, col in enumerate(state.tab):
        tab[i, :len(col)] = col
        tlen[i] = len(col)
    found = np.zeros((nf, n), dtype=np.int64)
    flen = np.zeros(nf, dtype=np.int64)
    for i, f in enumerate(state.found):
        found[i, :len(f)] = f
        flen[i] = len(f)
    talon = list(state.waste) + list(state.stock)[::-1]
    seq = np.zeros(n, dtype=np.int64)
    seq[:len(talon)] = talon
    res = np.zeros(n, dtype=np.int64)
    res[:len(state.reserve)] = state.reserve
    sc = np.array([len(talon), len(state.waste), state.passes, len(state.reserve), -1, -1, 0, 3, 0],
                  dtype=np.int64)
    return Position(tab, tlen, np.array(state.down, dtype=np.int64), found, flen, seq, res, sc)


def urgency(state: Any, order: int) -> np.ndarray:
    """The fixed column ranks of move order ``order`` >= 2 (the pure adapter's shuffle), else 0s."""
    if order < 2:
        return np.zeros(state.NCOLS, dtype=np.int64)
    rng = random.Random(order - 1)
    return np.array([rng.randrange(1000) for _ in range(state.NCOLS)], dtype=np.int64)
