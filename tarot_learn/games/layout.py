"""Reading a patience layout's text into lines and card tokens (no game rules here).

A layout (see :mod:`tarot_learn.games.solitaire`) is one pile a line, ``pile: cards``, plus an
``options: name=value ...`` line; blank lines and ``#`` comments are skipped.  This module only
cuts the text up; the game checks the cards and the position.

>>> options, rows = split_layout("# Klondike\\noptions: draw=3\\nt1: [5C 9H] KS\\n")
>>> options, rows
({'draw': '3'}, {'t1': (3, ' [5C 9H] KS')})
>>> card_tokens(rows["t1"][1], 3, "t1")
(['5C', '9H', 'KS'], 2)
"""

from __future__ import annotations

from typing import Any

from ..errors import LayoutError

__all__ = ["split_layout", "card_tokens"]


def split_layout(text: str) -> tuple[dict[str, Any], dict[str, tuple[int, str]]]:
    """The ``options:`` pairs (values as text) and every other line by its lower-case key, as
    ``(line number, rest of the line)``.  A line without ``:``, an option without ``=`` or a pile
    written twice raises :class:`LayoutError` naming the line."""
    if not isinstance(text, str):
        raise LayoutError(f"a layout is text, not {type(text).__name__}")
    given: dict[str, Any] = {}
    rows: dict[str, tuple[int, str]] = {}
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, rest = line.partition(":")
        key = key.strip().lower()
        if not sep:
            raise LayoutError(f"line {n}: {line!r} is not 'pile: cards' (like 't1: [5C] KS')")
        if key == "options":
            given.update(_option_pairs(rest, n))
        elif key in rows:
            raise LayoutError(f"line {n}: pile {key!r} is written twice (first on line {rows[key][0]})")
        else:
            rows[key] = (n, rest)
    return given, rows


def _option_pairs(rest: str, n: int) -> dict[str, str]:
    out = {}
    for pair in rest.split():
        name, eq, value = pair.partition("=")
        if not eq:
            raise LayoutError(f"line {n}: write options as name=value, not {pair!r}")
        out[name.strip()] = value.strip()
    return out


def card_tokens(rest: str, n: int, pid: str) -> tuple[list[str], int]:
    """The card tokens of one pile's line and how many of them were bracketed at the start
    (the face-down cards at the bottom)."""
    spaced = rest.replace("[", " [ ").replace("]", " ] ").split()
    out: list[str] = []
    bracketed = 0
    if spaced[:1] == ["["]:
        if "]" not in spaced:
            raise LayoutError(f"line {n}: a '[' without its ']'")
        close = spaced.index("]")
        out = spaced[1:close]
        if "[" in out:
            raise LayoutError(f"line {n}: brackets cannot nest")
        bracketed = len(out)
        spaced = spaced[close + 1:]
    if "[" in spaced or "]" in spaced:
        raise LayoutError(f"line {n}: on {pid}, only the first cards (the face-down ones "
                          "at the bottom) may be in brackets")
    return out + spaced, bracketed
