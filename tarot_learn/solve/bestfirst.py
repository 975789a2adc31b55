"""Best-first search over an adapter's steps: the line that leaves the move order least, first.

A depth-first search commits to its first line and, when a choice near the top was wrong, spends
its whole budget under it.  The adapter's move order is good but not perfect, so here every
position found waits in a priority queue ranked by how many places the line to it leaves that
order (the i-th new position found from a position counts i: *limited discrepancy search*, run
best-first).  The first line tried is the depth-first search's first dive; then come the lines
with one departure from the order, wherever it is, then two, ...  Among equal ranks the newest
positions go first, so each line is followed to its end.  (Ranking by an estimate of the cards
left, as Klondike-Solver does, decided fewer deals here: it drifts into breadth-first search
over the many moves that leave the estimate unchanged.)

Positions are kept as a tree of steps (parent, step); going from one position to the next undoes
steps back to their common ancestor and plays the other line's steps, so the game is never copied.
Every position is entered in the transposition table (64-bit hashes of the adapter's key) when it
is first found and expanded at most once; a game's future depends only on its position, so when
the queue runs dry no position reachable under the adapter's sound pruning wins: the deal is
proved lost, exactly as the depth-first search proves it.
"""

from __future__ import annotations

from heapq import heappop, heappush
from typing import Any, Callable, Iterator

from ..core import Move

__all__ = ["best_first", "BestFirst"]

# A node of the search tree: (parent node, the step that leads here from it, depth, how many
# places the line to it leaves the adapter's order).
Node = tuple[Any, tuple[Move, ...], int, int]


class _Walker:
    """Moves the adapter's position along the search tree (undo to the common ancestor, then play
    down), keeping the steps' undo tokens of the current line."""

    def __init__(self, ad: Any, root: Node) -> None:
        self.ad = ad
        self.line: list[Node] = [root]      # root .. current node
        self.tokens: list[Any] = [None]

    def go(self, node: Node) -> None:
        line = self.line
        down: list[Node] = []
        n = node
        while n[2] >= len(line) or line[n[2]] is not n:
            down.append(n)
            n = n[0]
        unplay = self.ad.unplay
        tokens = self.tokens
        while len(line) > n[2] + 1:
            unplay(line.pop()[1], tokens.pop())
        play = self.ad.play
        for n in reversed(down):
            tokens.append(play(n[1]))
            line.append(n)

    def moves(self) -> tuple[Move, ...]:
        out: list[Move] = []
        for n in self.line[1:]:
            out.extend(n[1])
        return tuple(out)


def best_first(ad: Any, limit: int, deadline: float,
               clock: Callable[[], float]) -> tuple[str, tuple[Move, ...], int]:
    """Search from the adapter's position (not yet won); returns ``(outcome, moves, states)``
    with outcome ``'solved'``, ``'impossible'``, ``'states'`` or ``'seconds'`` (the budget that
    ran out).  The adapter's position is left where the search ended."""
    return BestFirst(ad).until(limit, deadline, clock)


class _Budget:
    """Where a paused search stops next: ``limit`` positions in all, ``deadline`` on ``clock``."""

    def __init__(self) -> None:
        self.limit = 0
        self.deadline = 0.0
        self.clock: Callable[[], float] = lambda: 0.0


class BestFirst:
    """A best-first search that stops when its budget runs out and can go on later, with a larger
    budget, from where it stopped (its queue and table kept): :meth:`until`."""

    def __init__(self, ad: Any) -> None:
        self.ad = ad
        self._budget = _Budget()
        # The paused search refers to its budget, not to this object: no reference cycle, so
        # its table and queue are freed the moment the search is dropped, even with the cyclic
        # garbage collector off (``search.py`` turns it off while searching).
        self._run = _search(ad, self._budget)

    def until(self, limit: int, deadline: float,
              clock: Callable[[], float]) -> tuple[str, tuple[Move, ...], int]:
        """Search on until ``limit`` positions in all or ``deadline``; the answer of
        :func:`best_first`, counting every position this search has found."""
        b = self._budget
        b.limit, b.deadline, b.clock = limit, deadline, clock
        return next(self._run)


def _search(ad: Any, budget: _Budget) -> Iterator[tuple[str, tuple[Move, ...], int]]:
    """The search itself, a generator that yields each time the budget stops it."""
    root: Node = (None, (), 0, 0)
    walker = _Walker(ad, root)
    seen = {hash(ad.key())}
    count = 1
    heap: list[tuple[int, int, int, Node]] = []
    play, unplay, key, won = ad.play, ad.unplay, ad.key, ad.won
    node = root
    batch = 0
    while True:
        batch -= 1               # among equal ranks, the newest first: the line just opened
        depth, disc = node[2] + 1, node[3]
        i = 0
        for step in ad.expand():
            token = play(step)
            h = hash(key())
            if h in seen:
                unplay(step, token)
                continue
            seen.add(h)
            count += 1
            if won():
                walker.line.append((node, step, depth, disc + i))
                while True:
                    yield "solved", walker.moves(), count
            unplay(step, token)
            # The i-th new position found from here leaves the adapter's order i times.
            heappush(heap, (disc + i, batch, i, (node, step, depth, disc + i)))
            i += 1
            while count >= budget.limit:
                yield "states", (), count
        if not heap:
            while True:
                yield "impossible", (), count
        while budget.clock() > budget.deadline:
            yield "seconds", (), count
        node = heappop(heap)[3]
        walker.go(node)
