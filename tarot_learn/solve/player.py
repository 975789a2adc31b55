"""Player mode: hints that never look at hidden cards, and "can this still be won?".

**How a hint is chosen (determinization and a vote).**  A player knows every face-up card and
how many cards lie face down, but not which; once the stock has been turned over (a redeal made),
every stock card has passed through the waste, face up, so the stock is known too.  The hint deals
the unseen cards (face-down column cards, the stock until it is known, the reserve under its top
card) at random into their places, several times over, solves each of those made-up positions
with a small budget, and puts the first moves of the winning lines to a vote (``vote.py``): the
move that still wins the most made-up deals is proposed.
The real hidden cards are never read, so a hint cannot leak them; moves are compared by their
text, which depends only on what is visible (piles and counts), so a move that wins a made-up deal
is legal in the real one.

**Hints lead somewhere.**  A move that returns to a position the game has been in, or a draw that
completes a whole pass through the stock with nothing else played (``circles.py``), is never
proposed: it is not put to the vote, and when every line found starts with one, the search's own
order gives the candidates.  When no made-up deal is solved in time, the hint falls back to the
search's move ordering on a made-up deal (cards up first, then moves that turn a face-down card,
then waste cards, ...), which is what a careful player would try.  When every legal move goes
round in a circle there is no hint.

**A hint keeps its lines** (``plans.py``): the made-up deals won by the move proposed and their
winning lines are kept, and the next hint, after that move, goes on with them (the made-up deal
taking any card the move turned up) instead of searching afresh, which could pick another line
each time and shuffle runs between columns for ever.  A line goes on without a vote while its next
move shows no card; a move that would show one is put to a fresh vote first, as the favourite
that wins ties, so the line is kept while it wins in fresh made-up deals as often as any other
move.  A line kept is cut short where one move reaches a position further along it
(``plans.shorten``).

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
from .circles import circling_moves
from .plans import Plan, recall, remember, shorten
from .result import SolveError
from .search import check_budget, solve
from .vote import CANDIDATES, elect, in_search_order, turns_up

__all__ = ["hint", "can_still_win", "determinize"]

def determinize(state: State, rng: random.Random) -> State:
    """A copy of ``state`` with the cards its player cannot know dealt at random into their
    places: the face-down column cards, the reserve under its top card, and the stock until a
    redeal has shown it (after one, each stock card has passed through the waste face up)."""
    from ..games.solitaire import Patience

    other = state.copy()
    if not isinstance(other, Patience):
        return other  # games without hidden cards (or whose hiding we do not know) stay as they are
    hidden = other.unseen()         # columns' face-down cards, then the stock, then the reserve
    down = sum(other.down)
    known = len(other.stock) if other.passes else 0
    # Sorted first, so the made-up deals depend only on which cards are unknown, not where they are.
    unknown = sorted(hidden[:down] + hidden[down + known:])
    rng.shuffle(unknown)
    other.replace_unseen(unknown[:down] + hidden[down:down + known] + unknown[down:])
    return other


def hint(state: State, seconds: float = 0.5, deals: int = 4, seed: int = 0,
         states: int | None = None) -> Move | None:
    """The move to suggest now, seeing only what the player sees; ``None`` when the game is won,
    no legal move is left, or every legal move goes round in a circle (``circles.py``).
    ``seconds`` bounds the time; ``deals`` is the number of made-up deals (see the module
    docstring); ``seed`` and a ``states`` budget per search make the choice repeatable whatever
    the machine's speed, given the lines kept from earlier hints (``plans.forget`` drops them).
    The game's history (``state.history``) is what rules circles out.

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
    circling = circling_moves(state)
    allowed = [m for m in legal if m not in circling]
    plans = [p for p in recall(state) if p.line[0] in allowed]
    if len(allowed) <= 1:
        remember(state, plans)          # kept across a forced move too
        return allowed[0] if allowed else None
    favourite = Counter(p.line[0] for p in plans).most_common(1)[0][0] if plans else None
    if favourite is not None and not turns_up(next(p for p in plans if p.line[0] == favourite).made_up,
                                              favourite):
        return _go_on(state, plans, favourite, allowed)     # nothing new to learn: the line goes on
    rng = random.Random(seed)
    worlds = [determinize(state, rng) for _ in range(deals)]
    # Time for each search.  Given positions, a search stops at them long before the time is up on
    # the compiled core, and the time only guards against a far slower machine: a share of it
    # would cut a search's first dive (a twentieth of its time) short on a busy machine, and the
    # hint would then depend on the machine's load.  Given only time, each search has its share:
    # the vote makes at most one per made-up deal and candidate.
    each = seconds * 0.9 if states is not None else seconds * 0.85 / (deals * CANDIDATES)
    move, plans = elect(worlds, allowed, favourite, states, each, start + seconds * 0.9)
    if move is not None:
        return _go_on(state, plans, move, allowed)
    remember(state, plans)
    return favourite or in_search_order(worlds[0], allowed)[0]


def _go_on(state: State, plans: list[Plan], move: Move, allowed: list[Move]) -> Move:
    """The move that goes on with the first of ``plans`` starting with ``move``, shortened
    (``plans.shorten``); the plans that start with it are kept for the next hint."""
    first = shorten(next(p for p in plans if p.line[0] == move), allowed)
    kept = [first] + [p for p in plans if p.line[0] == first.line[0] and p.made_up is not first.made_up]
    remember(state, kept)
    return first.line[0]


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
