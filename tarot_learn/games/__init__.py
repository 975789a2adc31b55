"""The game registry: every game, made the same way.

>>> from tarot_learn import games
>>> "klondike" in games.names()
True
>>> games.new("nope")
Traceback (most recent call last):
...
tarot_learn.errors.OptionError: there is no game called 'nope';
    choose one of: american-toad, french-tarot, klondike, tarot-solitaire
"""

from __future__ import annotations

from typing import Any

from ..core import (IllegalMove, LayoutError, Move, MoveSyntaxError, Option, OptionError, SaveError,
                    State, TarotLearnError, read_save)
from ..deals import DealCodeError, decode_deal_code
# Importing each game module registers its game.
from . import american_toad, french_tarot, klondike, tarot_solitaire  # noqa: F401
from .registry import register, registered, unregister
from .variants import Variant, knobs, load_variant, variant

__all__ = [
    "register", "unregister", "variant", "load_variant", "knobs", "Variant",
    "names", "get", "new", "from_code", "load", "from_layout", "options",
    "State", "Move", "Option", "TarotLearnError", "MoveSyntaxError", "IllegalMove", "OptionError",
    "SaveError", "LayoutError", "DealCodeError",
]


def _canonical(name: str) -> str:
    return "-".join(str(name).strip().lower().replace("_", " ").replace("-", " ").split())


def names() -> list[str]:
    """The registered games' names, sorted."""
    return sorted(registered())


def get(name: str) -> type[State]:
    """The State class of a game; names forgive case, spaces and underscores."""
    known = registered()
    cls = known.get(_canonical(name))
    if cls is None:
        raise OptionError(f"there is no game called {name!r}; choose one of: {', '.join(sorted(known))}")
    return cls


def options(name: str) -> tuple[Option, ...]:
    """The options a game takes, with their choices, defaults and help."""
    return get(name).options_spec


def new(name: str, seed: int | None = None, **opts: Any) -> State:
    """A new deal of game ``name``; ``seed`` fixes the deal, options are checked.  (Deals the
    solver has proved winnable come from ``tarot_learn.solve.winnable_deal``.)

    >>> s = new("klondike", seed=1, draw=3)
    >>> new("klondike", seed=1, draw=3).key() == s.key()
    True
    """
    if "winnable" in opts:
        raise OptionError("winnable deals come from the solver: "
                          f"tarot_learn.solve.winnable_deal({name!r}, seed=...)")
    return get(name).new(seed, **opts)


def from_code(code: str) -> State:
    """The deal a deal code names, with its options.

    >>> s = new("klondike", seed=99, draw=1)
    >>> from_code(s.deal_code).key() == s.key()
    True
    """
    letters, chars, seed = decode_deal_code(code)
    for cls in registered().values():
        if cls.code == letters:
            return cls.new(seed, **cls.options_from_code(chars))
    raise DealCodeError(f"deal code {code!r} names no game we know (it starts with {letters!r})")


def load(text: str | bytes) -> State:
    """Load a save written by ``state.to_json()``; a damaged or edited file raises SaveError."""
    data = read_save(text)
    try:
        cls = get(data["game"])
    except OptionError as err:
        raise SaveError(f"the save is of an unknown game: {err}") from None
    try:
        return cls.from_save(data)
    except OptionError as err:
        raise SaveError(f"the save's options are not valid: {err}") from None


def from_layout(name: str, text: str, **opts: Any) -> State:
    """Build a position written as text (the format ``state.layout()`` writes); validated."""
    cls = get(name)
    builder = getattr(cls, "from_layout", None)
    if builder is None:
        raise OptionError(f"{cls.title} positions cannot be written as layouts")
    return builder(text, **opts)
