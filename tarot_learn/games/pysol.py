"""Klondike boards in PySol's text format, the one PySolFC's deal dumps and Klondike solvers read.

A fresh deal is written exactly as those tools expect::

    Talon: 5D 8S QC ...            (the 24 stock cards, the next card to be drawn first)
    : <3H> <KD> 4C                 (column 1 .. 7, bottom card first; <..> face down)
    ...

Ranks are ``A 2-9 T J Q K`` (``10`` is read too), suits ``S H D C``.  A position in the middle of a
game is written as the diagrams Klondike-Solver prints: a ``Foundations: H-5 C-0 D-A S-2`` line
(the top rank of each suit, ``0`` for empty), then ``Talon: <waste> ==> <stock> <==`` (both top
card first), then the columns.  Column lines start with ``:`` as in PySol's solver diagrams (an empty column is a
bare ``:``); lines without it are read too, as PySol's own deal dumps write them.

>>> from tarot_learn.games.klondike import Klondike
>>> k = Klondike.new(seed=3)
>>> text = to_pysol(k)
>>> text.splitlines()[0].startswith("Talon: ") and len(text.splitlines()) == 8
True
>>> from_pysol(text, Klondike).key() == k.key()
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..cards import Card, CardError, Suit
from ..core import LayoutError
from .solitaire import Patience

__all__ = ["to_pysol", "from_pysol", "read_pysol", "PysolBoard", "card_to_pysol", "card_from_pysol"]

P = TypeVar("P", bound=Patience)

_RANKS = "A23456789TJQK"
_ORDER = "HCDS"   # PySol lists the foundations Hearts, Clubs, Diamonds, Spades


def card_to_pysol(card: Card) -> str:
    """``'TH'`` for the Ten of Hearts.

    >>> card_to_pysol(Card.parse("10H", pack="standard"))
    'TH'
    """
    return _RANKS[card.rank - 1] + card.suit.letter


def card_from_pysol(text: str) -> Card:
    """Read ``TH``, ``10H``, ``ah`` ...; a bad card raises :class:`LayoutError`."""
    t = text.strip().upper()
    if t[:1] == "T":
        t = "10" + t[1:]
    try:
        return Card.parse(t, "standard")
    except CardError:
        raise LayoutError(f"{text!r} is not a PySol card: write a rank A 2-9 T J Q K and a suit "
                          "S H D C, like TH") from None


def _is_deal(state: Any) -> bool:
    """Whether the position has the shape of a fresh deal (the only shape the deal format holds)."""
    return (not any(state.found) and not state.waste and len(state.stock) == 24
            and [len(c) for c in state.tab] == list(range(1, 8)) and list(state.down) == list(range(7)))


def to_pysol(state: Any, diagram: bool | None = None) -> str:
    """Write a Klondike position as a PySol board (see the module docstring).

    ``diagram=None`` writes a fresh deal in the deal format and any other position as a diagram
    (``Foundations:`` line, ``Talon: <waste, top first> ==> <stock, top first> <==``, columns),
    which is the form Klondike-Solver prints; ``diagram=True`` forces the diagram.
    """
    cs = state.facts.cards

    def txt(ids: Any) -> list[str]:
        return [card_to_pysol(cs[c]) for c in ids]

    if diagram is None:
        diagram = not _is_deal(state)
    lines = []
    if diagram:
        tops = {}
        for f in state.found:
            if f:
                top = cs[f[-1]]
                tops[top.suit.letter] = _RANKS[top.rank - 1]
        lines.append("Foundations: " + " ".join(f"{s}-{tops.get(s, '0')}" for s in _ORDER))
        waste = "".join(t + " " for t in txt(reversed(state.waste)))
        stock = "".join(t + " " for t in txt(reversed(state.stock)))
        lines.append(f"Talon: {waste}==> {stock}<==")
    else:
        lines.append(("Talon: " + " ".join(txt(reversed(state.stock)))).rstrip())
    # Every column line starts with ':' as in PySol's solver diagrams: an empty column is then
    # a visible line, and readers such as Klondike-Solver's skip the colon.
    for col, d in zip(state.tab, state.down):
        words = [f"<{t}>" for t in txt(col[:d])] + txt(col[d:])
        lines.append(":" + "".join(" " + w for w in words))
    return "\n".join(lines) + "\n"


@dataclass
class PysolBoard:
    """A PySol Klondike board as read, before any rule is checked: the Talon (the stock, next
    card first), the waste (bottom first), each suit's top foundation rank (0 or absent: empty)
    and the columns as ``(line, cards bottom first, face-down count)``."""

    talon: list[Card] = field(default_factory=list)
    waste: list[Card] = field(default_factory=list)
    found: dict[Suit, int] = field(default_factory=dict)
    columns: list[tuple[int, list[Card], int]] = field(default_factory=list)

    def lay_out(self, state: Patience) -> None:
        """Make this board ``state``'s position (checked by :meth:`Patience.set_position`); the
        foundations go where ``state.FOUND_LABELS`` names their suits."""
        found_piles = []
        for label in state.FOUND_LABELS:
            suit = Suit[label.upper()]
            found_piles.append([Card(suit, r) for r in range(1, self.found.get(suit, 0) + 1)])
        state.set_position([c for _, c, _ in self.columns], [d for _, _, d in self.columns], found_piles,
                           list(reversed(self.talon)), self.waste, [], 0,
                           where=lambda pid: {"s": "the Talon line", "w": "the Waste line"}.get(
                               pid, f"pile {pid}"))


def read_pysol(text: str) -> PysolBoard:
    """Read a PySol Klondike board's text (see the module docstring) into a :class:`PysolBoard`;
    a line that cannot be read raises :class:`LayoutError` naming it."""
    if not isinstance(text, str):
        raise LayoutError(f"a PySol board is text, not {type(text).__name__}")
    board = PysolBoard()
    talon_seen = False
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        head, sep, rest = line.partition(":")
        label = head.strip().lower() if sep else ""
        if label == "talon":
            talon_seen = True
            _read_talon(board, rest)
        elif label == "waste":                      # our older extension, bottom card first
            board.waste = [card_from_pysol(t) for t in rest.split()]
        elif label == "foundations":
            board.found.update(_read_foundations(rest, n))
        else:
            board.columns.append(_read_column(rest if (sep and not label) else line, n))
    if not talon_seen:
        raise LayoutError("a PySol Klondike board starts with a 'Talon:' line")
    if len(board.columns) != 7:
        raise LayoutError(f"a Klondike board has 7 column lines, not {len(board.columns)}")
    for n, cards, down in board.columns:
        if cards and down >= len(cards):
            raise LayoutError(f"line {n}: the top card of a column is face up (KL-7)")
    return board


def _read_talon(board: PysolBoard, rest: str) -> None:
    if "==>" in rest:                     # a diagram: waste (top first) ==> stock <==
        left, _, right = rest.partition("==>")
        board.waste = [card_from_pysol(t) for t in reversed(left.split())]
        rest = right.replace("<==", " ")
    board.talon = [card_from_pysol(t) for t in rest.split()]


def _read_foundations(rest: str, n: int) -> dict[Suit, int]:
    found = {}
    for item in rest.split():
        suit, _, rank = item.partition("-")
        try:
            s = Card.parse("A" + suit, "standard").suit
            r = 0 if rank == "0" else card_from_pysol(rank + suit).rank
        except (CardError, LayoutError):
            raise LayoutError(f"line {n}: {item!r} is not a foundation like H-5 or S-0") from None
        found[s] = r
    return found


def _read_column(body: str, n: int) -> tuple[int, list[Card], int]:
    down = 0
    cards = []
    for tok in body.split():
        if tok.startswith("<") and tok.endswith(">"):
            if cards and down < len(cards):
                raise LayoutError(f"line {n}: a face-down card <..> after a face-up one")
            down += 1
            tok = tok[1:-1]
        try:
            cards.append(card_from_pysol(tok))
        except LayoutError as err:
            raise LayoutError(f"line {n}: {err}") from None
    return n, cards, down


def from_pysol(text: str, game: type[P], **options: Any) -> P:
    """Read a PySol Klondike board into a new state of ``game`` (the Klondike class: see
    :meth:`Klondike.from_pysol <tarot_learn.games.klondike.Klondike.from_pysol>`), with
    ``options`` as for :func:`games.new`.

    Every one of the 52 cards must appear once (on the Talon, the waste, the columns, or under a
    foundation's top card); errors raise :class:`LayoutError` naming the line.
    """
    board = read_pysol(text)
    return game.build(board.lay_out, None, game.check_options(options))  # type: ignore[return-value]
