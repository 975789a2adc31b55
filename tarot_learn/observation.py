"""What one player may see, as typed values (floor 1, standard library only).

``state.observation(player)`` returns an :class:`Observation` (a patience's or French Tarot's
subclass): the piles the player can see, each with a :class:`Role`, and the face-up cards only.
A face-down card is counted in ``Pile.hidden`` and has no identity in any form: no text, no id, no
order.  Two positions that look the same to the player give equal observations and the same
``to_json()`` bytes; boards, bots and anything sent to a web page are built from this value.

>>> from tarot_learn.cards import Card
>>> p = Pile("t3", Role.TABLEAU, "Column 3", hidden=2, cards=(Card.parse("10C"),))
>>> p.size, p.top
(3, Card.parse('10C'))
>>> p.to_json()
{'id': 't3', 'role': 'tableau', 'label': 'Column 3', 'hidden': 2, 'cards': ['10C'], 'played_by': []}
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum
from typing import Any

from .cards import Card

__all__ = ["Role", "Pile", "Observation", "SPECTATOR"]

# The player number of someone who watches: they see what every player sees, and no more.
SPECTATOR = -1


class Role(str, Enum):
    """What a pile is for; widgets lay out and label piles by role, never by label text."""

    TABLEAU = "tableau"
    FOUNDATION = "foundation"
    STOCK = "stock"
    WASTE = "waste"
    RESERVE = "reserve"
    HAND = "hand"
    TRICK = "trick"
    LAST_TRICK = "last_trick"
    DOG = "dog"
    DISCARD = "discard"
    POIGNEE = "poignee"


@dataclass(frozen=True)
class Pile:
    """One pile as a player sees it: ``hidden`` face-down cards at the bottom (placeholders
    without identity), then ``cards``, the face-up ones, bottom first.  ``owner`` is the seat a
    hand, a poignée or a won pile belongs to; ``played_by`` gives, for a trick, the seat of each
    face-up card."""

    id: str
    role: Role
    label: str
    hidden: int = 0
    cards: tuple[Card, ...] = ()
    owner: int | None = None
    played_by: tuple[int, ...] = ()

    @property
    def size(self) -> int:
        """Cards in the pile, face-down ones included."""
        return self.hidden + len(self.cards)

    @property
    def top(self) -> Card | None:
        """The top card if it is face up, else ``None``."""
        return self.cards[-1] if self.cards else None

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict (cards as their notation)."""
        out: dict[str, Any] = {"id": self.id, "role": self.role.value, "label": self.label,
                               "hidden": self.hidden, "cards": [str(c) for c in self.cards],
                               "played_by": list(self.played_by)}
        if self.owner is not None:
            out["owner"] = self.owner
        return out


def _json_value(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Pile):
        return value.to_json()
    if isinstance(value, dict):
        return {str(k): _json_value(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_value(v) for v in value]
    return value


@dataclass(frozen=True, kw_only=True)
class Observation:
    """Exactly what ``player`` may see of one position (every game's common part).

    ``current_player`` is whose decision it is (``None`` once the deal is over); ``legal`` holds
    the moves ``player`` may make now, as text (empty when it is not their turn); ``status`` is
    one line for people.
    """

    game: str
    title: str
    player: int
    current_player: int | None
    piles: tuple[Pile, ...]
    legal: tuple[str, ...] = ()
    status: str = ""
    over: bool = False

    def pile(self, pile_id: str) -> Pile:
        """The pile with this id (``KeyError`` naming the ids when there is none)."""
        for p in self.piles:
            if p.id == pile_id:
                return p
        raise KeyError(f"no pile {pile_id!r}; the piles are {' '.join(p.id for p in self.piles)}")

    def by_role(self, role: Role | str) -> tuple[Pile, ...]:
        """The piles of one role, in order."""
        r = Role(role)
        return tuple(p for p in self.piles if p.role is r)

    def visible_cards(self) -> list[Card]:
        """Every face-up card in the observation."""
        return [c for p in self.piles for c in p.cards]

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict of every field, in a fixed order (the bytes a page may receive)."""
        return {f.name: _json_value(getattr(self, f.name)) for f in fields(self)}

    def describe(self, limit: int = 4000) -> str:
        """The position in words, pile by pile, for a picture's alternative text and screen readers.

        Face-down cards are only counted; a long description is cut at ``limit`` characters.

        >>> from tarot_learn import games
        >>> words = games.from_layout("tarot-solitaire", "t1: [AW] 10C\\n").observation(0).describe()
        >>> words[:43], "Column 1: 1 face-down card, Ten of Cups." in words
        ('Tarot Solitaire. Stock: 76 face-down cards.', True)
        """
        parts = [self.title + "."]
        for pile in self.piles:
            if not pile.size:
                continue
            down = f"{pile.hidden} face-down card{'s' if pile.hidden != 1 else ''}" if pile.hidden else ""
            up = ", ".join(c.name for c in pile.cards)
            parts.append(f"{pile.label}: {', '.join(x for x in (down, up) if x)}.")
        text = " ".join(parts)
        return text if len(text) <= limit else text[: limit - 1] + "…"
