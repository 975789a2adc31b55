"""The registry every game module adds itself to (kept apart from ``games/__init__`` so that the
game modules and the package that lists them never import each other)."""

from __future__ import annotations

from ..core import State

__all__ = ["register", "unregister", "registered"]

_REGISTRY: dict[str, type[State]] = {}


def register(cls: type[State]) -> type[State]:
    """Class decorator adding a game to the registry under ``cls.name``."""
    if not cls.name or not cls.code or len(cls.code) != 2:
        raise TypeError(f"{cls.__name__} needs a name and a two-letter code to be registered")
    for other in _REGISTRY.values():
        if other.code == cls.code and other is not cls and other.name != cls.name:
            raise TypeError(f"deal code letters {cls.code!r} already belong to {other.name}")
    _REGISTRY[cls.name] = cls
    return cls


def unregister(name: str) -> None:
    """Take a game out of the registry (for tests that register a toy game for a while)."""
    _REGISTRY.pop(name, None)


def registered() -> dict[str, type[State]]:
    """A copy of the registry: name -> State class."""
    return dict(_REGISTRY)
