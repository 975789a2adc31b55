"""The game registry: every game, made the same way.

>>> from tarot_learn import games
>>> "klondike" in games.names()
True
>>> games.new("nope")
Traceback (most recent call last):
...
tarot_learn.core.OptionError: there is no game called 'nope'; choose one of: american-toad, french-tarot, klondike, tarot-solitaire
"""

from __future__ import annotations

import importlib
from typing import Any

from ..core import (IllegalMove, LayoutError, Move, Option, OptionError, SaveError, State,
                    read_save)
from ..deals import DealCodeError, decode_deal_code

__all__ = [
    "register", "names", "get", "new", "from_code", "load", "from_layout", "options",
    "State", "Move", "Option", "IllegalMove", "OptionError", "SaveError", "LayoutError",
    "DealCodeError",
]

_REGISTRY: dict[str, type[State]] = {}
# Each module registers its game when imported; importing them here fills the registry.
_MODULES = ("tarot_solitaire", "klondike", "american_toad", "french_tarot")
_loaded = False


def register(cls: type[State]) -> type[State]:
    """Class decorator adding a game to the registry under ``cls.name``."""
    if not cls.name or not cls.code or len(cls.code) != 2:
        raise TypeError(f"{cls.__name__} needs a name and a two-letter code to be registered")
    for other in _REGISTRY.values():
        if other.code == cls.code and other is not cls and other.name != cls.name:
            raise TypeError(f"deal code letters {cls.code!r} already belong to {other.name}")
    _REGISTRY[cls.name] = cls
    return cls


def _load() -> None:
    global _loaded
    if not _loaded:
        for module in _MODULES:
            importlib.import_module(f"{__name__}.{module}")
        _loaded = True


def _canonical(name: str) -> str:
    return "-".join(str(name).strip().lower().replace("_", " ").replace("-", " ").split())


def names() -> list[str]:
    """The registered games' names, sorted."""
    _load()
    return sorted(_REGISTRY)


def get(name: str) -> type[State]:
    """The State class of a game; names forgive case, spaces and underscores."""
    _load()
    cls = _REGISTRY.get(_canonical(name))
    if cls is None:
        raise OptionError(f"there is no game called {name!r}; choose one of: {', '.join(sorted(_REGISTRY))}")
    return cls


def options(name: str) -> tuple[Option, ...]:
    """The options a game takes, with their choices, defaults and help."""
    return get(name).options_spec


def new(name: str, seed: int | None = None, winnable: bool = False, **opts: Any) -> State:
    """A new deal of game ``name``; ``seed`` fixes the deal, options are checked.
    ``winnable=True`` deals the first deal from ``seed`` on that the solver proves winnable (its
    ``skipped_seeds`` says how many it passed over).

    >>> s = new("klondike", seed=1, draw=3)
    >>> new("klondike", seed=1, draw=3).key() == s.key()
    True
    """
    if winnable:
        from ..solve.player import winnable_deal  # lazy: importing games loads no solver

        return winnable_deal(get(name), seed, **opts)
    return get(name).new(seed, **opts)


def from_code(code: str) -> State:
    """The deal a deal code names, with its options.

    >>> s = new("klondike", seed=99, draw=1)
    >>> from_code(s.deal_code).key() == s.key()
    True
    """
    letters, chars, seed = decode_deal_code(code)
    _load()
    for cls in _REGISTRY.values():
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
