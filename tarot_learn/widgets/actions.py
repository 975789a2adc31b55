"""A board's actions declared once: each names its button, its keys and its handler, and one
table builds the buttons, the ``press(name)`` entry point and the key map the page uses.

>>> table = (Action("undo", "Undo", "take back the last move", "undo", keys=("z", "Ctrl+z")),
...          Action("deselect", None, "put the card back", keys=("Escape",)))
>>> key_map(table)
{'z': 'undo', 'Ctrl+z': 'undo', 'Escape': 'deselect'}
>>> tooltip(table[0])
'take back the last move (z or Ctrl+Z)'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

import ipywidgets as W

__all__ = ["Action", "key_map", "tooltip", "make_buttons", "names"]

_KEY_WORDS = {" ": "space", "Escape": "Esc", "ArrowRight": "right arrow", "ArrowLeft": "left arrow",
              "PageDown": "Page Down", "PageUp": "Page Up"}


@dataclass(frozen=True)
class Action:
    """One thing a board does on a button or a key.

    ``name`` is what ``press(name)`` and the page's ``{"event": "press", "name"}`` say; ``label``
    the button's text (``None``: a key only, no button); ``keys`` the page's key names
    (``KeyboardEvent.key``, with ``Ctrl+`` / ``Ctrl+Shift+`` in front when Ctrl or Cmd is held);
    ``handler`` the board's method that does it; ``enabled(board, observation)`` whether its
    button may be pressed now (``None``: always); ``row`` where its button sits.
    """

    name: str
    label: str | None
    tip: str
    icon: str = ""
    keys: tuple[str, ...] = ()
    handler: str = ""
    enabled: Callable[[Any, Any], bool] | None = None
    row: str = ""


def key_map(actions: Sequence[Action]) -> dict[str, str]:
    """``{key: action name}`` for the page: which key presses which action."""
    return {key: a.name for a in actions for key in a.keys}


def names(actions: Sequence[Action]) -> tuple[str, ...]:
    """The actions' names, in table order (what the page may ask for)."""
    return tuple(a.name for a in actions)


def _key_word(key: str) -> str:
    if key.startswith("Ctrl+"):
        head, _, last = key.rpartition("+")
        return f"{head}+{last.upper()}"
    return _KEY_WORDS.get(key, key)


def tooltip(action: Action) -> str:
    """The button's tooltip: what it does and the keys that do it too."""
    if not action.keys:
        return action.tip
    return f"{action.tip} ({' or '.join(_key_word(k) for k in action.keys)})"


def make_buttons(actions: Sequence[Action], press: Callable[[str], None]) -> dict[str, W.Button]:
    """A button per action with a label, each calling ``press(name)``."""
    out = {}
    for a in actions:
        if a.label is None:
            continue
        b = W.Button(description=a.label, tooltip=tooltip(a), icon=a.icon, layout=W.Layout(width="auto"))
        b.on_click(lambda _b, n=a.name: press(n))
        b.add_class(f"tl-btn-{a.name}")
        out[a.name] = b
    return out
