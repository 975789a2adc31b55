"""Why a position is lost, in one sentence, where the reason is simple enough to see.

* **No legal move**: nothing can be played at all.
* **A buried card**: a face-down card Y of a column whose every way out is under it.  Y leaves its
  column only by going up (after a card just below it in its suit: its *predecessor*), onto a
  card it may be built on (a *parent*) at the top of a column, onto an empty column, or carried
  in a run, and a face-down card is never inside a run (the cards under it are face down too).
  So when Y may not open an empty column, every predecessor lies under Y in the same column, and
  every parent lies under Y too or has gone up for good (no card comes back down), Y can never
  leave, and a card that must go up never will: the deal is lost from here on.
* **Pinned cards**: the buried-card argument for several columns at once.  Take for each column
  a number of its bottom cards, *held*.  A card is *never up* when it is held or every card that
  must be up before it (its predecessors) is never up.  A card *never shows* when a held card lies
  on it, or it is up for good, or it is out of the columns (stock, waste, a foundation it may
  leave), may not open an empty column and each of its parents never shows: such a card comes
  into a column only onto a parent there.  Suppose each column's top held card can never go up
  (it has no foundation, or all its predecessors are never up), and every held card that could
  move does not: a top held card, or a face-up one (a run head), moves only onto a parent at a
  column's top or onto an empty column (never, for a base King); here every parent never shows
  and none may open an empty column.  Then no held card moves and no card that never shows comes
  into a column: at the first such event every held card is still in place and no such card is
  in a column, so a predecessor is not up, a parent is covered, gone or out of the columns, and
  the event cannot happen.  A card under held cards never leaves its column, so when some held
  card, or a card that waits on one, must go up, the position is lost.  The largest holding is
  found by starting from every card and letting go of any card that could move.
* **Stuck**: nothing but turning the stock can be done, and going once round it offers no other
  move (the engine's :meth:`~tarot_learn.games.solitaire.Patience.is_stuck`).

>>> from tarot_learn import games
>>> s = games.from_layout("klondike", "options: foundation_return=False\\n"
...                       "t1: [3H 5C 5S 4H] 9D\\nt2: KS")
>>> print(lost_reason(s))  # doctest: +NORMALIZE_WHITESPACE
the Four of Hearts lies face down in t1 on the Three of Hearts, the Five of Spades and the Five
of Clubs it needs: it goes up only after the Three of Hearts and is built only on the Five of
Spades or the Five of Clubs, so it can never leave its column
"""

from __future__ import annotations

from typing import Any

from ..core import State

__all__ = ["lost_reason", "buried_card", "pinned_cards", "dead_from_start"]


def dead_from_start(state: State) -> str:
    """The buried-card or pinned-cards reason for a patience (``""`` for other games or none):
    the solver's instant proof, before any search."""
    from ..games.solitaire import Patience

    if not isinstance(state, Patience) or state.is_won():
        return ""
    buried = buried_card(state)
    if buried or not pinned_cards(state):
        return buried
    return lost_reason(state)          # the plainest reason that holds


def lost_reason(state: State) -> str:
    """A sentence saying why ``state`` is lost, or ``""`` when no simple reason is seen (the
    position may still be lost, or won)."""
    from ..games.solitaire import Patience

    if not isinstance(state, Patience) or state.is_won():
        return ""
    if not state.legal_moves():
        return "there is no legal move in this position"
    buried = buried_card(state)
    if buried:
        return buried
    if state.copy().is_stuck():
        return ("nothing but turning the stock can be played, and going once round it brings no "
                "card that can be played")
    return pinned_cards(state)


def _names(state: Any, cards: list[int], joiner: str) -> str:
    names = [f"the {state.card(c).name}" for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" {joiner} " + names[-1]


def buried_card(state: Any) -> str:
    """The buried-card reason of the module docstring for a patience position, or ``""``."""
    tbl = state.tbl
    pos, slots, parents, empty_ok = tbl.found_pos, tbl.found_slots, tbl.parents, tbl.empty_ok
    gone: set[int] = set()
    if not state.returns_allowed:
        for f in state.found:
            gone.update(f)
    preds: dict[tuple[int, int], list[int]] = {}
    for c in range(len(tbl.cards)):
        for f in slots[c]:
            preds.setdefault((f, pos[c]), []).append(c)
    for i, col in enumerate(state.tab):
        for j in range(state.down[i]):
            y = col[j]
            if pos[y] <= 0 or empty_ok[y] or state.needs_no_home(y):
                continue
            below = set(col[:j])
            before = sorted({c for f in slots[y] for c in preds.get((f, pos[y] - 1), ())})
            if not before or not below.issuperset(before):
                continue
            if all(p in below or p in gone for p in parents[y]):
                return _sentence(state, state.column_ids[i], y, before,
                                 sorted(p for p in parents[y] if p in below), list(parents[y]))
    return ""


def _sentence(state: Any, col: str, y: int, before: list[int], under: list[int],
              parents: list[int]) -> str:
    holders = before + [p for p in under if p not in before]
    text = (f"the {state.card(y).name} lies face down in {col} on {_names(state, holders, 'and')} "
            f"it needs: it goes up only after {_names(state, before, 'or')}")
    if parents:
        text += f" and is built only on {_names(state, parents, 'or')}"
        if len(under) < len(parents):
            text += " (the others are up for good)"
    return text + ", so it can never leave its column"


def pinned_cards(state: Any) -> str:
    """The pinned-cards reason of the module docstring for a patience position, or ``""``."""
    heights = _held_heights(state)
    if not any(heights):
        return ""
    held = {c for col, h in zip(state.tab, heights) for c in col[:h]}
    pos = state.tbl.found_pos
    if not any(pos[c] >= 0 for c in _never_up(_predecessors(state.tbl), held)):
        return ""
    tops = [f"the {state.card(col[h - 1]).name} in {state.column_ids[i]}"
            for i, (col, h) in enumerate(zip(state.tab, heights)) if h]
    what = tops[0] if len(tops) == 1 else ", ".join(tops[:-1]) + " and " + tops[-1]
    return (f"{what} can never move, nor any card under {'it' if len(tops) == 1 else 'them'}: "
            "each goes up only after a card held that way, and every card it could be built on "
            "is held that way too, is up for good, or can never come into a column")


_PREDECESSORS: dict[int, tuple[Any, list[list[int] | None]]] = {}


def _predecessors(tbl: Any) -> list[list[int] | None]:
    """For each card, the cards one of which must be up before it goes up: ``None`` for a card
    that never goes up, ``[]`` for one that may start a foundation.  Kept per table (a game's
    tables live as long as the program)."""
    known = _PREDECESSORS.get(id(tbl))
    if known is not None and known[0] is tbl:
        return known[1]
    pos, slots = tbl.found_pos, tbl.found_slots
    at: dict[tuple[int, int], list[int]] = {}
    for c in range(len(tbl.cards)):
        for f in slots[c]:
            at.setdefault((f, pos[c]), []).append(c)
    out = [None if pos[c] < 0 else [p for f in slots[c] for p in at.get((f, pos[c] - 1), ())]
           for c in range(len(tbl.cards))]
    _PREDECESSORS[id(tbl)] = (tbl, out)
    return out


def _never_up(preds: list[list[int] | None], held: set[int]) -> set[int]:
    """The held cards and every card whose predecessors all are never up (closed under that)."""
    out = set(held)
    grew = True
    while grew:
        grew = False
        for c, before in enumerate(preds):
            if before and c not in out and out.issuperset(before):
                out.add(c)
                grew = True
    return out


def _held_heights(state: Any) -> list[int]:
    """For each column, how many of its bottom cards the largest pinned holding keeps (module
    docstring): every card at first, then a column lets go of its top held card, or of a face-up
    held card and what lies on it, while one could move."""
    tbl = state.tbl
    preds = _predecessors(tbl)
    gone: set[int] = set()
    if not state.returns_allowed:
        for f in state.found:
            gone.update(f)
    tab, down = state.tab, state.down
    heights = [len(col) for col in tab]
    changed = True
    while changed and any(heights):
        changed = False
        never_up = _never_up(preds, {c for col, h in zip(tab, heights) for c in col[:h]})
        covered = _never_shown(state, gone | {c for col, h in zip(tab, heights) if h for c in col[:h - 1]})
        for i, col in enumerate(tab):
            j = heights[i] - 1
            while j >= 0 and (j >= down[i] or j == heights[i] - 1):
                if _may_move(state, col, j, j == heights[i] - 1, covered, never_up, preds):
                    heights[i] = j
                    changed = True
                j -= 1
    return heights


def _may_move(state: Any, col: list[int], j: int, top: bool, covered: set[int],
              never_up: set[int], preds: list[list[int] | None]) -> bool:
    """Whether card ``col[j]`` of a holding could move: onto a parent not covered, onto an empty
    column, or (the top held card) up to its foundation."""
    c = col[j]
    tbl = state.tbl
    if state.may_lift(col, j) and (tbl.empty_ok[c] or not covered.issuperset(tbl.parents[c])):
        return True
    before = preds[c]
    return top and before is not None and not (before and never_up.issuperset(before))


def _never_shown(state: Any, covered: set[int]) -> set[int]:
    """``covered`` and the cards out of the columns that can never come into one: a card enters a
    column only onto a parent at a column's top or onto an empty column, so cards that may not
    open one and whose parents all are covered or such cards themselves never show (the largest
    such set: at the first entry of one, its parent would have to show first)."""
    if state.HAS_RESERVE:
        return covered                  # the reserve may fill an emptied column by itself
    tbl = state.tbl
    outside = list(state.stock) + list(state.waste)
    if state.returns_allowed:
        for f in state.found:
            outside.extend(f)
    cand = {c for c in outside if not tbl.empty_ok[c]}
    changed = True
    while changed:
        changed = False
        for c in list(cand):
            if not all(p in covered or p in cand for p in tbl.parents[c]):
                cand.discard(c)
                changed = True
    return covered | cand
