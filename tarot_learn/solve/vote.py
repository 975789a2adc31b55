"""The hint's vote: the move that wins in the most made-up deals.

A made-up deal (``player.determinize``) puts the cards the player cannot see at random into their
places.  One made-up deal's winning line is a poor guide where moves that look equally good
differ only in the hidden cards (which column to dig first, which card to free from the waste):
its first move wins *that* deal, and may lose the real one.  So the hint solves several made-up
deals, takes the first moves of their winning lines as candidates (the most frequent first, a
favourite such as the next move of a line being followed before them all), and counts, for each
candidate, the made-up deals it still wins: a deal whose own line starts with it counts at once,
any other is searched again after that move.  The candidate that wins the most deals is elected;
a tie goes to the earlier candidate, so a line being followed is kept while it wins as often as
any other.  Counting stops early when a candidate wins every deal solved or can no longer beat
the best so far.

Every search has the same budget of positions, so the vote is the same on a busy machine as on a
quiet one; ``deadline`` (wall clock) only stops it when the machine is far too slow for the
board's patience.
"""

from __future__ import annotations

import time
from collections import Counter
from typing import Sequence

from ..core import Move, State
from .adapters import adapter_for
from .plans import Plan, unseen_count
from .search import solve

__all__ = ["elect", "in_search_order", "turns_up", "CANDIDATES"]

# Candidates counted at most: the favourite and the most frequent first moves after it.
CANDIDATES = 3
# The least wall time a search is started with (below it the vote ends with what it has).
LEAST = 0.002


def elect(worlds: Sequence[State], allowed: Sequence[Move], favourite: Move | None,
          states: int | None, each: float, deadline: float) -> tuple[Move | None, list[Plan]]:
    """The move among ``allowed`` that wins the most of ``worlds`` (made-up deals of one position)
    and the plans that show it (a made-up deal and its winning line, starting with that move);
    ``(None, [])`` when no made-up deal is solved.  ``states`` and ``each`` (seconds, at most until
    ``deadline``) bound every search."""
    solved: list[tuple[State, tuple[Move, ...]]] = []
    for world in worlds:
        line = _line(world, states, each, deadline)
        if line:
            solved.append((world, line))
    if not solved:
        return None, []
    best: Move | None = None
    best_plans: list[Plan] = []
    for move in _candidates(favourite, solved, allowed):
        plans = _wins(move, solved, states, each, deadline, len(best_plans))
        if len(plans) > len(best_plans):
            best, best_plans = move, plans
        if len(best_plans) == len(solved) or _late(deadline):
            break
    return best, best_plans


def _line(world: State, states: int | None, each: float, deadline: float) -> tuple[Move, ...] | None:
    """A line found to win ``world`` within the budget (empty when it is won), or ``None``."""
    left = deadline - time.perf_counter()
    if left <= LEAST:
        return None
    r = solve(world, states=states, seconds=min(each, left))
    return r.moves if r.solved else None


def _late(deadline: float) -> bool:
    return deadline - time.perf_counter() <= LEAST


def _candidates(favourite: Move | None, solved: list[tuple[State, tuple[Move, ...]]],
                allowed: Sequence[Move]) -> list[Move]:
    """The moves put to the vote: ``favourite`` first, then the first moves of the lines found,
    the most frequent first; only moves in ``allowed``, at most ``CANDIDATES``.  (Putting moves
    that show a card first among equals, and a draw from an unseen stock beside them, was
    measured: no more deals won in Tarot Solitaire, fewer in Klondike.)"""
    out = [favourite] if favourite is not None and favourite in allowed else []
    for move, _ in Counter(line[0] for _, line in solved).most_common():
        if move in allowed and move not in out:
            out.append(move)
    if not out:     # every line starts with a move ruled out: the search's own order instead
        out = in_search_order(solved[0][0], allowed)
    return out[:CANDIDATES]


def turns_up(state: State, move: Move) -> bool:
    """Whether ``move`` shows the player a card not seen before (a face-down card turned, a card
    drawn from a stock not yet shown, the reserve's next card), judged from the counts of cards
    unseen before and after it in ``state`` (a made-up deal of the position)."""
    after = state.copy()
    after.push(move)
    return unseen_count(after) < unseen_count(state)


def in_search_order(made_up: State, allowed: Sequence[Move]) -> list[Move]:
    """``allowed`` with the first moves of the search's steps from ``made_up`` first, in its order."""
    out: list[Move] = []
    for step in adapter_for(made_up).expand():
        if step and step[0] in allowed and step[0] not in out:
            out.append(step[0])
    return out + [m for m in allowed if m not in out]


def _wins(move: Move, solved: list[tuple[State, tuple[Move, ...]]], states: int | None,
          each: float, deadline: float, to_beat: int) -> list[Plan]:
    """The plans of the made-up deals ``move`` wins: a deal whose line starts with it at once, any
    other when a search after ``move`` wins it.  Counting stops once ``move`` cannot win more
    than ``to_beat`` deals."""
    plans: list[Plan] = []
    for k, (world, line) in enumerate(solved):
        if len(plans) + len(solved) - k <= to_beat:
            break
        if line[0] == move:
            plans.append(Plan(world, line))
            continue
        after = world.copy()
        after.push(move)
        rest = _line(after, states, each, deadline)
        if rest is not None:
            plans.append(Plan(world, (move,) + rest))
    return plans
