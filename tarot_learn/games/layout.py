"""The layout file format: a patience position as readable text, read and written here.

A layout is one pile a line, bottom card first, face-down cards in brackets, plus an
``options: name=value ...`` line and (where the game limits redeals) ``passes: n``; blank lines and
``#`` comments are skipped::

    # Klondike
    options: draw=1 foundation_return=True
    s: 2C 3C
    w: 9D
    f1: AS 2S
    t1: [5C 9H] KS QH

Cards a layout leaves out go under the written stock.  A foundation may be written in full or as
``..5S`` (its cards from the start up to the 5 of Spades).  This module turns text into piles of
cards and a position back into text; the game's :meth:`~tarot_learn.games.solitaire.Patience.set_position`
checks the position against its rules.  ``Patience.layout()`` and ``Patience.from_layout()`` call
:func:`write_layout` and :func:`read_layout`.

>>> options, rows = split_layout("# Klondike\\noptions: draw=3\\nt1: [5C 9H] KS\\n")
>>> options, rows
({'draw': '3'}, {'t1': (3, ' [5C 9H] KS')})
>>> card_tokens(rows["t1"][1], 3, "t1")
(['5C', '9H', 'KS'], 2)
"""

from __future__ import annotations

from typing import Any, Iterable

from ..cards import Card, CardError
from ..core import cards_text
from ..deals import shuffled
from ..errors import LayoutError

__all__ = ["split_layout", "card_tokens", "write_layout", "check_pile_names", "read_layout", "CardReader"]

#: Rows of a split layout: each line's pile id -> (line number, the rest of the line).
Rows = dict[str, tuple[int, str]]


def split_layout(text: str) -> tuple[dict[str, Any], dict[str, tuple[int, str]]]:
    """The ``options:`` pairs (values as text) and every other line by its lower-case pile id, as
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
        head, sep, rest = line.partition(":")
        pid = head.strip().lower()
        if not sep:
            raise LayoutError(f"line {n}: {line!r} is not 'pile: cards' (like 't1: [5C] KS')")
        if pid == "options":
            given.update(_option_pairs(rest, n))
        elif pid in rows:
            raise LayoutError(f"line {n}: pile {pid!r} is written twice (first on line {rows[pid][0]})")
        else:
            rows[pid] = (n, rest)
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


# ---- a patience position as text ------------------------------------------------------------------
# ``state`` below is a :class:`~tarot_learn.games.solitaire.Patience`; this module reads and writes
# it through its public attributes only, so the file format lives here and the rules stay there.

def write_layout(state: Any, extra_lines: Iterable[str] = ()) -> str:
    """``state``'s position as layout text (``extra_lines``: a game's own lines, such as
    American Toad's ``base:``, written after the options); :func:`read_layout` reads it back."""
    cs = state.facts.cards

    def txt(p: Iterable[int]) -> str:
        return cards_text(cs[i] for i in p)

    opts = " ".join(f"{o.name}={state.options[o.name]}" for o in state.options_spec)
    lines = [f"# {state.title}", f"options: {opts}", *extra_lines]
    lines.append(f"s: {txt(state.stock)}".rstrip())
    lines.append(f"w: {txt(state.waste)}".rstrip())
    if state.HAS_RESERVE:
        r = state.reserve
        lines.append(("r: " + (f"[{txt(r[:-1])}] " if len(r) > 1 else "") + txt(r[-1:])).rstrip())
    for f in range(state.NFOUND):
        lines.append(f"f{f + 1}: {txt(state.found[f])}".rstrip())
    for i in range(state.NCOLS):
        col, d = state.tab[i], state.down[i]
        head = f"[{txt(col[:d])}] " if d else ""
        lines.append(f"t{i + 1}: {head}{txt(col[d:])}".rstrip())
    if state.max_redeals is not None:
        lines.append(f"passes: {state.passes}")
    return "\n".join(lines) + "\n"


def check_pile_names(state: Any, rows: Rows, extra_keys: Iterable[str] = ()) -> None:
    """Refuse a line naming no pile of ``state``'s game (``extra_keys``: the game's own lines)."""
    known = set(state.pile_ids()) | {"passes"} | set(extra_keys)
    for name, (n, _) in rows.items():
        if name not in known:
            raise LayoutError(f"line {n}: {state.title} has no pile {name!r}; "
                              f"its piles are {' '.join(state.pile_ids())}")


def read_layout(state: Any, rows: Rows, seed: int | None) -> None:
    """Set ``state``'s position from a split layout's pile lines, checked by its
    ``set_position``: the cards left out go under the written stock, in pack order or shuffled
    by ``seed``."""
    reader = CardReader(state)
    tab, down = _columns(state, rows, reader)
    found = _foundations(state, rows, reader)
    lists = {}
    for pid in ("s", "w", "r"):
        toks, d, n = _pile_tokens(rows, pid)
        if d and pid == "w":
            raise LayoutError(f"line {n}: waste cards are face up: remove the brackets")
        lists[pid] = [reader.card(t, n) for t in toks]
    if lists["r"] and not state.HAS_RESERVE:
        raise LayoutError(f"{state.title} has no reserve")
    missing = [c for c in state.facts.cards if c not in reader.taken]
    missing = shuffled(missing, seed) if seed is not None else missing
    stock = list(reversed(missing)) + lists["s"]
    passes = 0
    if "passes" in rows:
        n, rest = rows["passes"]
        if not rest.strip().isdigit():
            raise LayoutError(f"line {n}: passes is a whole number of redeals already made")
        passes = int(rest)

    def where(pid: str) -> str:
        return f"line {rows[pid][0]}" if pid in rows else f"pile {pid}"

    state.set_position(tab, down, found, stock, lists["w"], lists["r"], passes, where=where)


def _columns(state: Any, rows: Rows, reader: "CardReader") -> tuple[list[list[Card]], list[int]]:
    tab, down = [], []
    for pid in state.column_ids:
        toks, d, n = _pile_tokens(rows, pid)
        tab.append([reader.card(t, n) for t in toks])
        if toks and d >= len(toks):
            raise LayoutError(f"line {n}: {pid} ends face down; a column's top card is "
                              f"always turned up ({state.RULE['faceup']}): unbracket the last card")
        down.append(d)
    return tab, down


def _foundations(state: Any, rows: Rows, reader: "CardReader") -> list[list[Card]]:
    found = []
    for f, pid in enumerate(state.foundation_ids):
        toks, d, n = _pile_tokens(rows, pid)
        if d:
            raise LayoutError(f"line {n}: foundation cards are face up: remove the brackets")
        if len(toks) == 1 and toks[0].startswith(".."):
            toks = _foundation_up_to(state, f, toks[0][2:], n)
        found.append([reader.card(t, n) for t in toks])
    return found


def _foundation_up_to(state: Any, f: int, text: str, n: int) -> list[str]:
    """``..5S`` on foundation ``f``: the cards from the foundation's start up to the 5 of Spades."""
    try:
        last = Card.parse(text, state.pack)
    except CardError as err:
        raise LayoutError(f"line {n}: {err}") from None
    facts = state.facts
    c = state.ids.get(last)
    if c is None or f not in facts.found_slots[c] or facts.found_pos[c] < 0:
        raise LayoutError(f"line {n}: {text} does not go on foundation f{f + 1} "
                          f"({state.RULE['found']})")
    pos = facts.found_pos[c]
    below = sorted((facts.found_pos[i], str(card)) for i, card in enumerate(facts.cards)
                   if card.suit == last.suit and card.copy == 0 and f in facts.found_slots[i]
                   and 0 <= facts.found_pos[i] < pos)
    return [t for _, t in below] + [str(last)]


def _pile_tokens(rows: Rows, pid: str) -> tuple[list[str], int, int]:
    """A layout pile's card tokens, how many are face down, and its line (0 if not written)."""
    if pid not in rows:
        return [], 0, 0
    n, rest = rows[pid]
    toks, d = card_tokens(rest, n, pid)
    return toks, d, n


class CardReader:
    """Reads a layout's card tokens for one game, each card once (a two-pack game's second
    copy when a card is written twice)."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.taken: set[Card] = set()
        self.line_of: dict[Card, int] = {}

    def card(self, tok: str, n: int) -> Card:
        """The card ``tok`` on line ``n`` names; a card not in the pack, or written once too
        often, raises :class:`LayoutError` naming the line."""
        game = self.game
        try:
            c = Card.parse(tok, game.pack)
        except CardError as err:
            raise LayoutError(f"line {n}: {err}") from None
        if c not in game.ids:
            raise LayoutError(f"line {n}: {c} is not a card of the {game.title} pack")
        if c in self.taken:
            if game.DOUBLE and c.copy == 0 and Card(c.suit, c.rank, 1) not in self.taken:
                c = Card(c.suit, c.rank, 1)
            else:
                more = " a third time (there are two copies)" if game.DOUBLE else " twice"
                raise LayoutError(f"line {n}: {tok} is written{more}; first on line {self.line_of[c]}")
        self.taken.add(c)
        self.line_of[c] = n
        return c
