"""Plans a hint keeps: a made-up deal that agrees with what the player has seen, and a line that
wins it, followed from one hint to the next.

A hint that searches afresh at every move may pick a different winning line each time: in a
position with several long runs, one line starts by moving a run from column 1 to column 2,
the next by moving part of it back, and a player who follows them shuffles runs for ever
without going back to a position seen.  So a hint keeps its plans (``remember``): each made-up
deal it solved and the winning line found for it.  At the next hint (``recall``), a plan whose
first move is the move just played goes on: its deal plays that move too.  When that move turned
up a card the made-up deal did not have there (a face-down card, a card drawn from an unknown
stock), the plan ends: its line was chosen for cards that are not where it thought, and a
fresh search is better informed.  So a line is followed while nothing new is seen, which is
where hints used to shuffle runs.

Only what the player sees is used: plans are found by the position as seen (``seen_key``) and
the move played, and a plan goes on only if its made-up deal shows the cards the real position
shows (:func:`shows_the_same`); its hidden cards are its own.

>>> from tarot_learn import games
>>> import random
>>> from tarot_learn.solve.player import determinize
>>> real = games.new("klondike", seed=3)
>>> made_up = determinize(real, random.Random(1))
>>> shows_the_same(made_up, real)
True
>>> _ = real.play("draw"), made_up.play("draw")     # each turns up its own top stock card
>>> shows_the_same(made_up, real)
False
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Hashable, Sequence

from ..core import Move, State
from .circles import seen_key

__all__ = ["Plan", "shows_the_same", "remember", "recall", "forget", "shorten", "KEPT_POSITIONS", "AHEAD"]

# Positions whose plans are kept (the last ones hinted): a game's next hint needs only the
# last; a few games played side by side in one kernel each keep theirs.
KEPT_POSITIONS = 64

# Moves of a line looked over for a shorter way (``shorten``): a line that shuffles runs between
# columns for hundreds of moves is cut down a stretch at a time.
AHEAD = 400

_PLANS: "OrderedDict[Hashable, list[Plan]]" = OrderedDict()
_LOCK = threading.Lock()


@dataclass(frozen=True)
class Plan:
    """A made-up deal in the position hinted and a line of moves that wins it from there."""

    made_up: State
    line: tuple[Move, ...]


def shows_the_same(made_up: State, real: State) -> bool:
    """Whether ``made_up`` shows the cards ``real`` shows, place by place (two positions of one
    game reached by the same moves)."""
    return _visible(made_up) == _visible(real)


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
    on, if their made-up deal still shows what the real position shows (:func:`shows_the_same`)
    and their next move is legal there."""
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
        # A card turned up that the made-up deal had elsewhere: its line was chosen for cards
        # that are not there (a stock in another order, say), so it is not followed further.
        if shows_the_same(made_up, state) and made_up.is_legal(plan.line[1]):
            out.append(Plan(made_up, plan.line[1:]))
    return out


def shorten(plan: Plan, allowed: Sequence[Move], ahead: int = AHEAD) -> Plan:
    """``plan`` with its first moves replaced by one move among ``allowed`` that reaches, in its
    made-up deal, the furthest position of the line's next ``ahead`` moves (up to the first that
    shows a card): the search's winning lines often wander, moving runs back and forth between
    columns for hundreds of moves before a move that gets on, and a player shown them would think
    the hints lost.  The plan is returned as it is when no move reaches further than its own."""
    world = plan.made_up.copy()
    unseen = unseen_count(world)
    where: dict[Hashable, int] = {}
    for i, move in enumerate(plan.line[:ahead]):
        world.push(move)
        where[world.key()] = i + 1
        if unseen_count(world) < unseen:
            break
    here = plan.made_up.copy()
    best, jump = plan.line[0], 1
    for move in allowed:
        here.push(move)
        far = where.get(here.key(), 0)
        here.pop()
        if far > jump:
            best, jump = move, far
    if jump == 1:
        return plan
    return Plan(plan.made_up, (best,) + plan.line[jump:])


def unseen_count(state: State) -> int:
    """How many cards the player cannot name: face down, in a stock not yet shown (before any
    redeal), under the reserve's top card."""
    s: Any = state
    if not hasattr(s, "down"):
        return 0
    return sum(s.down) + (0 if s.passes else len(s.stock)) + max(len(s.reserve) - 1, 0)
