"""One family of errors for everything a user can get wrong (floor 1, standard library only).

Every error a user can reach is a :class:`TarotLearnError`, itself a ``ValueError`` so that code
written against plain ``ValueError`` keeps working.  Each message is one line that says what to
fix.  A caller that wants to show any of them to a learner catches the base class:

>>> from tarot_learn.errors import TarotLearnError, IllegalMove, MoveSyntaxError
>>> issubclass(IllegalMove, TarotLearnError) and issubclass(MoveSyntaxError, TarotLearnError)
True
>>> err = IllegalMove("only a King may fill an empty column", rule="KL-6")
>>> str(err), err.rule
('only a King may fill an empty column (rule KL-6)', 'KL-6')
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "TarotLearnError",
    "MoveSyntaxError",
    "IllegalMove",
    "OptionError",
    "SaveError",
    "DealCodeError",
    "DeckError",
    "LayoutError",
    "CardError",
]


class TarotLearnError(ValueError):
    """Base of every error a user of tarot_learn can cause; the message says what to fix."""


class MoveSyntaxError(TarotLearnError):
    """Text that is not a move at all (``'t3>'``, ``'hello world'``): nothing was tried."""


class IllegalMove(TarotLearnError):
    """A well-formed move the rules forbid.  ``rule`` is the rule id it breaks (``'TS-11'``),
    ``move`` the move; the position is unchanged."""

    def __init__(self, message: str, rule: str | None = None, move: Any = None) -> None:
        self.message = message
        self.rule = rule
        self.move = move
        super().__init__(f"{message} (rule {rule})" if rule else message)


class OptionError(TarotLearnError):
    """An unknown game, an unknown option or a value an option does not take."""


class SaveError(TarotLearnError):
    """A save or result code that cannot be loaded: truncated, tampered with, forged or from
    another version."""


class DealCodeError(TarotLearnError):
    """A deal code that cannot be read."""


class DeckError(TarotLearnError):
    """A deck folder, manifest or card image that cannot be used."""


class LayoutError(TarotLearnError):
    """A position written as text that names no possible position."""


class CardError(TarotLearnError):
    """A card text or card field that names no card of the pack."""
