"""Moves that lead nowhere new: what a hint must not propose, judged from what the player has seen.

A hint that only looks ahead can walk in circles: two made-up deals (``player.py``) may each be
won by moving a run from column 1 to column 2, or back, and a player who follows both goes back
and forth for ever.  So the game's own past rules some moves out:

* a move other than a draw or a redeal that returns to a position the game has already been in;
* a draw or a redeal that completes a whole pass through the stock with no other move since the
  last one: its stock and waste look as they did earlier in that run of draws (the redeals made
  are left out, so a pass counts as one whatever the redeal limit).

Positions are compared by what the player sees (:func:`seen_key`): each column's face-down count
and face-up cards, the foundations, the waste, how many cards the stock and reserve hold, the
reserve's top card and the redeals made where they are limited; never the face-down cards themselves.

>>> from tarot_learn import games
>>> s = games.new("klondike", seed=3)
>>> while s.stock:
...     _ = s.play("draw")
>>> [str(m) for m in circling_moves(s)]     # the redeal would bring the stock back as dealt
['redeal']
"""

from __future__ import annotations

from typing import Any, Hashable

from ..core import Move, State

__all__ = ["seen_key", "circling_moves", "is_talon_move"]


def is_talon_move(move: Move) -> bool:
    """A draw or a redeal: it only turns the stock over."""
    return move.action in ("draw", "redeal")


def seen_key(state: State, passes: bool = True) -> Hashable:
    """The position as the player sees it (see the module docstring); ``passes=False`` leaves the
    redeals made out.  A game without face-down cards is keyed by its own ``key()``."""
    tab = getattr(state, "tab", None)
    if tab is None:
        return state.key()
    s: Any = state
    reserve = s.reserve
    return (tuple((d, tuple(col[d:])) for col, d in zip(tab, s.down)),
            tuple(map(tuple, s.found)), len(s.stock), tuple(s.waste), len(reserve),
            tuple(reserve[-1:]), s.passes if passes and s.max_redeals is not None else 0)


def circling_moves(state: State) -> set[Move]:
    """The legal moves of ``state`` that lead nowhere new (see the module docstring), judged from
    its history: the moves played so far in this game (undone ones are not part of it)."""
    past = state.copy()
    past.history = list(state.history)    # the records name no card, so they undo any copy
    seen = {seen_key(past)}
    pass_keys = {seen_key(past, passes=False)}
    in_draws = True         # still inside the run of draws that ends the game so far
    while past.history:
        move = past.pop()
        in_draws = in_draws and is_talon_move(move)
        seen.add(seen_key(past))
        if in_draws:
            pass_keys.add(seen_key(past, passes=False))
    # Trying a move on the real position turns up the card it would show, but that card decides
    # nothing: face-down counts only fall along a game, so a move that turns a card up never
    # returns to a position seen, and a draw shows the card it showed last time round.
    here = state.copy()
    out: set[Move] = set()
    for move in state.legal_moves():
        here.push(move)
        if is_talon_move(move):
            if seen_key(here, passes=False) in pass_keys:
                out.add(move)
        elif seen_key(here) in seen:
            out.add(move)
        here.pop()
    return out
