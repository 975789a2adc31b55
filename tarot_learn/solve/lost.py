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
* **Stock loop**: nothing but turning the stock can be done, and going once round it offers no
  other move (the engine's :meth:`~tarot_learn.games.solitaire.Patience.is_stock_loop`).

>>> from tarot_learn import games
>>> s = games.from_layout("klondike", "options: foundation_return=False\\n"
...                       "t1: [3H 5C 5S 4H] 9D\\nt2: KS")
>>> print(lost_reason(s))  # doctest: +NORMALIZE_WHITESPACE
the Four of Hearts lies face down in t1 on the Three of Hearts, the Five of Spades and the Five
of Clubs it needs: it goes up only after the Three of Hearts and is built only on the Five of
Spades or the Five of Clubs, so it can never leave its column
"""

from __future__ import annotations

from typing import Any, Callable

from ..core import State

__all__ = ["lost_reason", "buried_card", "pinned_cards", "pinned", "takes_every_card", "dead_from_start",
           "predecessors"]


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
    if state.copy().is_stock_loop():
        return ("nothing but turning the stock can be played, and going once round it brings no "
                "card that can be played")
    return pinned_cards(state)


def _names(state: Any, cards: list[int], joiner: str) -> str:
    names = [f"the {state.card(c).name}" for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" {joiner} " + names[-1]


def buried_card(state: Any) -> str:
    """The buried-card reason of the module docstring for a patience position, or ``""``."""
    facts = state.facts
    pos, slots, parents, empty_ok = facts.found_pos, facts.found_slots, facts.parents, facts.empty_ok
    gone: set[int] = set()
    if not state.returns_allowed:
        for f in state.found:
            gone.update(f)
    preds: dict[tuple[int, int], list[int]] = {}
    for c in range(len(facts.cards)):
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


def pinned(state: Any) -> bool:
    """Whether the pinned-cards reason holds for a patience position (what :func:`pinned_cards`
    puts in a sentence): fast enough for the search to ask of every position it expands."""
    return bool(_pinned_heights(state))


def takes_every_card(facts: Any) -> bool:
    """Whether some card of a game's :class:`~tarot_learn.games.solitaire.CardFacts` may take every
    other card (Tarot Solitaire's wild Fool): while it may show, hardly anything is pinned."""
    return bool(predecessors(facts)[2])


def pinned_cards(state: Any) -> str:
    """The pinned-cards reason of the module docstring for a patience position, or ``""``."""
    heights = _pinned_heights(state)
    if not heights:
        return ""
    tops = [f"the {state.card(col[h - 1]).name} in {state.column_ids[i]}"
            for i, (col, h) in enumerate(zip(state.tab, heights)) if h]
    what = tops[0] if len(tops) == 1 else ", ".join(tops[:-1]) + " and " + tops[-1]
    return (f"{what} can never move, nor any card under {'it' if len(tops) == 1 else 'them'}: "
            "each goes up only after a card held that way, and every card it could be built on "
            "is held that way too, is up for good, or can never come into a column")


_PREDECESSORS: dict[int, tuple[Any, list[list[int] | None], list[int], frozenset[int]]] = {}


def _pinned_heights(state: Any) -> list[int]:
    """The largest holding's heights when it holds a card that must go up (or a card that waits
    on one), else ``[]``.  A first pass lets every card show that is not plainly kept from
    showing (a card at a column's top or on the reserve, or out of the columns and free to open
    an empty column, always may): it holds no less than the true holding, costs less, and
    mostly holds nothing."""
    facts = state.facts
    outside = state.stock + state.waste
    if state.returns_allowed:
        for f in state.found:
            outside = outside + f
    free = {c for c in outside if facts.empty_ok[c]}
    # A card every other card goes on (the wild Fool), out of the columns and free to open one,
    # would take any held top card but a base (one that may not be lifted): nothing is held.
    if not free.isdisjoint(predecessors(facts)[2]) and all(state.may_lift(col, 0) for col in state.tab if col):
        return []
    free.update(col[-1] for col in state.tab if col)
    free.update(state.reserve)
    hidden = set(range(len(facts.cards))) - free
    heights = _held_heights(state, [len(col) for col in state.tab], lambda hs: hidden)
    if not any(heights):
        return []
    gone: set[int] = set()
    if not state.returns_allowed:
        for f in state.found:
            gone.update(f)

    def never_shown(hs: list[int]) -> set[int]:
        return _never_shown(state, gone | {c for col, h in zip(state.tab, hs) if h for c in col[:h - 1]})

    heights = _held_heights(state, heights, never_shown)
    held = {c for col, h in zip(state.tab, heights) for c in col[:h]}
    pos = facts.found_pos
    return heights if any(pos[c] >= 0 for c in _never_up(facts, held)) else []


def predecessors(facts: Any) -> tuple[list[list[int] | None], list[int], frozenset[int]]:
    """For each card, the cards one of which must be up before it goes up (``None`` for a card
    that never goes up, ``[]`` for one that may start a foundation); the cards that go up,
    lowest place on a foundation first; and the cards every other card may be built on.
    Kept per table (tables live as long as the program)."""
    known = _PREDECESSORS.get(id(facts))
    if known is not None and known[0] is facts:
        return known[1], known[2], known[3]
    pos, slots = facts.found_pos, facts.found_slots
    at: dict[tuple[int, int], list[int]] = {}
    for c in range(len(facts.cards)):
        for f in slots[c]:
            at.setdefault((f, pos[c]), []).append(c)
    out = [None if pos[c] < 0 else [p for f in slots[c] for p in at.get((f, pos[c] - 1), ())]
           for c in range(len(facts.cards))]
    order = sorted((c for c in range(len(facts.cards)) if pos[c] > 0), key=pos.__getitem__)
    wild = frozenset(p for p in range(len(facts.cards))
                     if all(p in facts.parent_sets[c] for c in range(len(facts.cards)) if c != p))
    _PREDECESSORS[id(facts)] = (facts, out, order, wild)
    return out, order, wild


def _never_up(facts: Any, held: set[int]) -> set[int]:
    """The held cards and every card whose predecessors all are never up: one pass, lowest place
    first, since a card's predecessors lie one place lower."""
    preds, order, _ = predecessors(facts)
    out = set(held)
    for c in order:
        before = preds[c]
        if before and c not in out and out.issuperset(before):
            out.add(c)
    return out


def _held_heights(state: Any, heights: list[int], never_shown: Callable[[list[int]], set[int]]) -> list[int]:
    """For each column, how many of its bottom cards the largest pinned holding keeps (module
    docstring), starting from ``heights`` (no fewer): a column lets go of its top held card, or
    of a face-up held card and what lies on it, while one could move.  ``never_shown(heights)``
    gives the cards that never show for a holding."""
    preds = predecessors(state.facts)[0]
    tab, down = state.tab, state.down
    heights = list(heights)
    changed = True
    while changed and any(heights):
        changed = False
        never_up = _never_up(state.facts, {c for col, h in zip(tab, heights) for c in col[:h]})
        covered = never_shown(heights)
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
    facts = state.facts
    if state.may_lift(col, j) and (facts.empty_ok[c] or not covered.issuperset(facts.parents[c])):
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
    facts = state.facts
    outside = list(state.stock) + list(state.waste)
    if state.returns_allowed:
        for f in state.found:
            outside.extend(f)
    cand = {c for c in outside if not facts.empty_ok[c]}
    changed = True
    while changed:
        changed = False
        for c in list(cand):
            if not all(p in covered or p in cand for p in facts.parents[c]):
                cand.discard(c)
                changed = True
    return covered | cand
