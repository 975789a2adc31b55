"""The deal of a class challenge: random, winnable, a seed, a deal code, or a winnable deal whose
solver line fits a length range (a challenge that fits a period).

The solver's line is not the shortest win, but it measures how long a deal plays: a Klondike line
of 120 moves fits a 20-minute challenge, a Tarot Solitaire line of 340 does not.  The search is
bounded by a number of deals and a time budget, and says plainly when it found none.

>>> pick = choose_deal("klondike", {"draw": 3}, "7")
>>> pick.state.seed, pick.line
(7, ())
>>> choose_deal("klondike", {}, "random", lines=(90, 40))
Traceback (most recent call last):
...
tarot_learn.errors.OptionError: a line length range is two whole numbers, the shortest first, from 1 to 2000
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from tarot_learn import games
from tarot_learn.core import State
from tarot_learn.deals import MAX_SEED
from tarot_learn.errors import OptionError
from tarot_learn.games.solitaire import Patience

__all__ = ["DealPick", "choose_deal", "line_range", "patience_games", "SEARCH_DEALS", "SEARCH_SECONDS",
           "SOLVE_SECONDS", "MAX_LINE"]

SEARCH_DEALS = 40        # deals tried at most for a line length range
SEARCH_SECONDS = 25.0    # and seconds of search at most (the teacher waits for the answer)
SOLVE_SECONDS = 1.0      # the solver's budget for one deal
MAX_LINE = 2000


def patience_games() -> list[str]:
    """The games a challenge can be (the patiences: one player, one deal)."""
    return [n for n in games.names() if issubclass(games.get(n), Patience)]


@dataclass(frozen=True)
class DealPick:
    """The chosen deal and the solver's winning line for it (empty: not searched)."""

    state: State
    line: tuple[str, ...] = ()


def line_range(value: Any) -> tuple[int, int] | None:
    """``None``/empty, or ``(shortest, longest)`` from two whole numbers; anything else is refused."""
    if value in (None, "", [], ()):
        return None
    wrong = f"a line length range is two whole numbers, the shortest first, from 1 to {MAX_LINE}"
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise OptionError(wrong)
    try:
        low, high = (int(v) for v in value)
    except (TypeError, ValueError):
        raise OptionError(wrong) from None
    if not 1 <= low <= high <= MAX_LINE:
        raise OptionError(wrong)
    return low, high


def choose_deal(game: str, options: dict[str, Any], deal: str, lines: Any = None,
                clock: Callable[[], float] = time.monotonic) -> DealPick:
    """The challenge's deal (see the module); ``lines``: a solver line length range, which asks for a
    winnable deal (``deal`` then is empty, ``random`` or ``winnable``)."""
    text = str(deal or "").strip()
    wanted = line_range(lines)
    if len(text) > 64:
        raise OptionError("a deal is 'random', 'winnable', a seed number or a deal code")
    if wanted is not None:
        if text.lower() not in ("", "random", "winnable"):
            raise OptionError("a line length range picks its own deal: leave the deal as random or winnable")
        return _in_range(game, options, wanted, clock)
    if text.lower() in ("", "random"):
        return DealPick(games.new(game, None, **options))
    if text.lower() == "winnable":
        from tarot_learn import solve

        state = solve.winnable_deal(game, None, tries=15, seconds=SOLVE_SECONDS, **options)   # 15 s at most
        return DealPick(state, tuple(str(m) for m in state.winnable_solution))
    if text.isascii() and text.isdigit():
        if int(text) > MAX_SEED:
            raise OptionError(f"a seed is a whole number from 0 to {MAX_SEED}")
        return DealPick(games.new(game, int(text), **options))
    state = games.from_code(text)
    if not isinstance(state, Patience):
        raise OptionError(f"{text} is a {state.title} deal: a challenge plays one of {', '.join(patience_games())}")
    return DealPick(state)


def _in_range(game: str, options: dict[str, Any], wanted: tuple[int, int],
              clock: Callable[[], float]) -> DealPick:
    """Deals from a random seed on, each solved within :data:`SOLVE_SECONDS`, until one's line fits."""
    from tarot_learn import solve

    first = games.new(game, None, **options)
    deadline = clock() + SEARCH_SECONDS
    lengths: list[int] = []
    tried = 0
    while tried < SEARCH_DEALS and clock() < deadline:
        state = first if tried == 0 else games.new(game, (first.seed + tried) % (MAX_SEED + 1), **options)
        tried += 1
        found = solve.solve(state, seconds=SOLVE_SECONDS)
        if not found.solved:
            continue
        lengths.append(len(found.moves))
        if wanted[0] <= len(found.moves) <= wanted[1]:
            return DealPick(state, tuple(str(m) for m in found.moves))
    raise OptionError(_none_found(games.get(game).title, wanted, tried, lengths))


def _none_found(title: str, wanted: tuple[int, int], tried: int, lengths: Sequence[int]) -> str:
    seen = (f"the winnable ones had lines of {min(lengths)} to {max(lengths)} moves" if lengths
            else "the solver proved none of them winnable in time")
    return (f"no {title} deal with a solver line of {wanted[0]} to {wanted[1]} moves was found among {tried} "
            f"deals ({seen}): widen the range, or press Start again to search other deals")
