"""Plans a hint keeps: a made-up deal that agrees with what the player has seen, and a line that
wins it, followed from one hint to the next.

A hint that searches afresh at every move may pick a different winning line each time: in a
position with several long runs, one line starts by moving a run from column 1 to column 2,
the next by moving part of it back, and a player who follows them shuffles runs for ever
without going back to a position seen.  So a hint keeps its plans (``remember``): each made-up
deal it solved and the winning line found for it.  At the next hint (``recall``), a plan whose
first move is the move just played goes on: its deal plays that move too, and where the real
move turned up a card (a face-down card, a card drawn from an unknown stock) the made-up deal
gets that card in that place and gives the card it had shown to the place the real card came
from (:func:`agree`).  The plan's next move is kept while it is legal in the made-up deal, so a
line is followed to its end, a win, unless a card turned up breaks it.

Only what the player sees is used: plans are found by the position as seen (``seen_key``) and
the move played, and :func:`agree` reads the real position's face-up cards only; its hidden
cards are those of the made-up deal.

>>> from tarot_learn import games
>>> import random
>>> from tarot_learn.solve.player import determinize
>>> real = games.new("klondike", seed=3)
>>> made_up = determinize(real, random.Random(1))
>>> _ = real.play("draw"), made_up.play("draw")
>>> agree(made_up, real).observation().piles == real.observation().piles
True
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Hashable

from ..core import Move, State
from .circles import seen_key

__all__ = ["Plan", "agree", "remember", "recall", "forget", "KEPT_POSITIONS"]

# Positions whose plans are kept (the last ones hinted): a game's next hint needs only the
# last; a few games played side by side in one kernel each keep theirs.
KEPT_POSITIONS = 64

_PLANS: "OrderedDict[Hashable, list[Plan]]" = OrderedDict()
_LOCK = threading.Lock()


@dataclass(frozen=True)
class Plan:
    """A made-up deal in the position hinted and a line of moves that wins it from there."""

    made_up: State
    line: tuple[Move, ...]


def _visible(state: Any) -> list[int]:
    """The face-up cards, place by place (the same places in two positions of one game reached
    by the same moves)."""
    out: list[int] = []
    for col, d in zip(state.tab, state.down):
        out.extend(col[d:])
    for pile in state.found:
        out.extend(pile)
    out.extend(state.waste)
    out.extend(state.reserve[-1:])
    return out


def agree(made_up: State, real: State) -> State:
    """A copy of ``real`` whose unseen cards are those of ``made_up`` (which has the same piles
    and counts), except that a card the real position shows and ``made_up`` keeps hidden takes
    the place of a card ``made_up`` shows and the real position hides: a made-up deal that
    agrees with what the player now sees, as close to ``made_up`` as can be."""
    if getattr(real, "tab", None) is None:
        return real.copy()
    shown_here, shown_there = _visible(real), _visible(made_up)
    only_here = sorted(set(shown_here) - set(shown_there))
    only_there = sorted(set(shown_there) - set(shown_here))
    swap = dict(zip(only_here, only_there))
    other: Any = real.copy()
    other.replace_unseen([swap.get(c, c) for c in made_up.unseen()])   # type: ignore[attr-defined]
    return other


def _key(state: State) -> Hashable:
    return (type(state).__name__, tuple(sorted(state.options.items())), seen_key(state))


def remember(state: State, plans: list[Plan]) -> None:
    """Keep ``plans`` for the position ``state`` (as its player sees it)."""
    with _LOCK:
        _PLANS[_key(state)] = list(plans)
        _PLANS.move_to_end(_key(state))
        while len(_PLANS) > KEPT_POSITIONS:
            _PLANS.popitem(last=False)


def forget() -> None:
    """Drop every plan kept (a hint then searches afresh)."""
    with _LOCK:
        _PLANS.clear()


def recall(state: State) -> list[Plan]:
    """The plans that go on in ``state``: those kept for this very position, else those kept
    for the position before the last move whose line starts with that move, carried one move
    on (:func:`agree`).  Only plans whose next move is legal in their made-up deal are kept."""
    with _LOCK:
        here = _PLANS.get(_key(state))
    if here is not None:
        return here
    if not state.history:
        return []
    before = state.copy()
    before.history = list(state.history)
    played = before.pop()
    with _LOCK:
        kept = _PLANS.get(_key(before), [])
    out: list[Plan] = []
    for plan in kept:
        if not plan.line or plan.line[0] != played or len(plan.line) < 2:
            continue
        made_up = plan.made_up.copy()
        made_up.push(played)
        made_up = agree(made_up, state)
        if made_up.is_legal(plan.line[1]):
            out.append(Plan(made_up, plan.line[1:]))
    return out
