"""Player mode: hints that never look at hidden cards, and "can this still be won?".

**How a hint is chosen (determinization).**  A player knows every face-up card and how many cards
lie face down, but not which.  The hint deals the unseen cards (face-down column cards, the stock,
the reserve under its top card) at random into their places, several times over, solves each of
those made-up positions with a small budget, and votes: the first move of each solution found
counts one vote.  The real hidden cards are never read, so a hint cannot leak them; moves are
compared by their text, which depends only on what is visible (piles and counts), so a move that
wins a made-up deal is legal in the real one.  When no made-up deal is solved in time, the hint
falls back to the search's move ordering on a made-up deal (cards up first, then moves that turn a
face-down card, then waste cards, ...), which is what a careful player would try.

``can_still_win`` is different on purpose: it is the engine's answer to "is this position lost?"
(KL-12, TS-15, AT-12), so it searches the true position, and it says ``False`` only when the
search has proved that no line wins.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any

from ..core import Move, State
from .adapters import adapter_for
from .result import SolveError
from .search import check_budget, solve

__all__ = ["hint", "can_still_win", "determinize"]


def determinize(state: State, rng: random.Random) -> State:
    """A copy of ``state`` with its unseen cards dealt at random into their places."""
    from ..games.solitaire import Patience

    other = state.copy()
    if not isinstance(other, Patience):
        return other  # games without hidden cards (or whose hiding we do not know) stay as they are
    # Sorted first, so the made-up deals depend only on which cards are unseen, not where they are.
    hidden = sorted(other.unseen())
    rng.shuffle(hidden)
    other.replace_unseen(hidden)
    return other


def hint(state: State, seconds: float = 0.5, deals: int = 4, seed: int = 0,
         states: int | None = None) -> Move | None:
    """The move to suggest now, seeing only what the player sees; ``None`` when the game is won or
    no legal move is left.  ``seconds`` bounds the time; ``deals`` is the number of made-up deals
    (see the module docstring); ``seed`` and a ``states`` budget per made-up deal make the
    choice repeatable whatever the machine's speed.

    >>> from tarot_learn import games
    >>> s = games.new("tarot-solitaire", seed=4)
    >>> m = hint(s, seconds=0.3)
    >>> s.is_legal(m)
    True
    """
    check_budget(states, seconds)
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise SolveError(f"deals must be a whole number of made-up deals, at least 1, not {deals!r}")
    if state.num_players() != 1:
        raise SolveError(f"hints are for the one-player patiences; {state.title} has computer players "
                         "instead (tarot_learn.games.french_tarot.bots)")
    start = time.perf_counter()
    legal = state.legal_moves()
    if state.is_won() or not legal:
        return None
    rng = random.Random(seed)
    votes: Counter[Move] = Counter()
    fallback: Move | None = None
    # Leave a margin for copying and voting so the whole call stays inside ``seconds``.
    share = seconds * 0.85 / deals
    for i in range(deals):
        left = seconds * 0.9 - (time.perf_counter() - start)
        if left <= 0.005:
            break
        made_up = determinize(state, rng)
        if fallback is None:
            steps = adapter_for(made_up).expand()
            fallback = steps[0][0] if steps else None
        r = solve(made_up, states=states, seconds=min(share, left))
        if r.solved and r.moves:
            votes[r.moves[0]] += 1
    for move, _ in votes.most_common():
        if move in legal:
            return move
    if fallback is not None and fallback in legal:
        return fallback
    return legal[0]


def can_still_win(state: State, states: int | None = 200_000, seconds: float | None = 2.0) -> bool | None:
    """``True`` when a winning line was found, ``False`` when the search proved none exists (the
    position is blocked: tell the player), ``None`` when the budget ran out first."""
    r = solve(state, states=states, seconds=seconds)
    if r.solved:
        return True
    if r.impossible:
        return False
    return None


def winnable_deal(game: "str | type[State]", seed: int | None = None, tries: int = 200,
                  seconds: float | None = 3.0, states: int | None = None, **options: Any) -> State:
    """The first deal from ``seed`` on (seed, seed + 1, ...) that the solver proves winnable;
    ``game`` is a game's name (``"klondike"``) or its State class.

    The state gets ``skipped_seeds`` (how many deals were passed over: proved lost or not decided
    within the budget: ``seconds`` and ``states`` per deal), ``winnable_solution`` (a winning
    line) and ``winnable_note`` (a sentence)."""
    from .. import games
    from ..deals import MAX_SEED

    cls = games.get(game) if isinstance(game, str) else game
    first = cls.new(seed, **options)  # validates the game, options and seed
    base = first.seed if seed is None else seed
    skipped = 0
    for i in range(tries):
        s = first if i == 0 else cls.new((base + i) % (MAX_SEED + 1), **options)
        r = solve(s, states=states, seconds=seconds)
        if r.solved:
            s.skipped_seeds = skipped
            s.winnable_solution = r.moves
            s.winnable_note = (f"winnable deal {s.deal_code}: the solver skipped {skipped} "
                               f"seed{'s' if skipped != 1 else ''} it could not prove winnable")
            return s
        skipped += 1
    raise SolveError(f"no winnable {cls.title} deal found in {tries} seeds from {base} "
                     "within the search budget; try another seed or a longer search")
