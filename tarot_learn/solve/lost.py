"""Why a position is lost, in one sentence, where the reason is simple enough to see.

* **No legal move**: nothing can be played at all.
* **A buried card**: a face-down card Y of a column whose every way out is under it.  Y leaves its
  column only by going up (after a card just below it in its suit: its *predecessor*), onto a
  card it may be built on (a *parent*) at the top of a column, onto an empty column, or carried
  in a run, and a face-down card is never inside a run (the cards under it are face down too).
  So when Y may not open an empty column, every predecessor lies under Y in the same column, and
  every parent lies under Y too or has gone up for good (no card comes back down), Y can never
  leave, and a card that must go up never will: the deal is lost from here on.
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

__all__ = ["lost_reason", "buried_card", "dead_from_start"]


def dead_from_start(state: State) -> str:
    """The buried-card reason for a patience (``""`` for other games or none): the solver's
    instant proof, before any search."""
    from ..games.solitaire import Patience

    return buried_card(state) if isinstance(state, Patience) and not state.is_won() else ""


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
    return ""


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
