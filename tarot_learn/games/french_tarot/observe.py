"""What one seat (or a spectator) may see of a French Tarot deal, as a typed value (FT-44).

Piles, by role (:class:`~tarot_learn.observation.Role`):

* ``hand:S`` (``HAND``, ``owner`` S): the seat's own cards face up; another seat's hand only as a
  count of face-down cards (``hidden``), until the deal is scored;
* ``dog`` (``DOG``): face down until shown (FT-11) or the deal is over (FT-13);
* ``discard`` (``DISCARD``): the taker sees it; the others see only the trumps it shows (FT-12);
* ``poignee:S`` (``POIGNEE``, ``owner`` S): the trumps a seat showed (FT-15);
* ``trick`` (``TRICK``): the cards on the table, ``played_by`` giving each card's seat;
* ``last_trick`` (``LAST_TRICK``): the previous trick once the table is clear.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import Card
from ...observation import Observation

__all__ = ["TrickRecord", "TarotObservation"]


@dataclass(frozen=True)
class TrickRecord:
    """A finished trick: who led, the cards in playing order, who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int


@dataclass(frozen=True, kw_only=True)
class TarotObservation(Observation):
    """A French Tarot deal as ``player`` sees it.

    ``bids`` are ``(seat, contract)`` in speaking order; ``contract`` and ``taker`` are ``None``
    until bidding has ended with a taker; ``partner`` is the partner's seat once known, ``-1`` when
    the taker plays alone (and always below five players), ``None`` while unknown (FT-9);
    ``scores`` is each seat's score once the deal is scored.
    """

    players: int
    seat_names: tuple[str, ...]
    dealer: int
    phase: str
    bids: tuple[tuple[int, str], ...] = ()
    contract: str | None = None
    taker: int | None = None
    called: Card | None = None
    partner: int | None = None
    chelem: bool = False
    leader: int = -1
    tricks: tuple[TrickRecord, ...] = ()
    tricks_won: tuple[int, ...] = ()
    scores: tuple[int, ...] | None = None
    reason: str = ""

    @property
    def hand(self) -> tuple[Card, ...]:
        """The observing seat's own cards (empty for a spectator)."""
        for p in self.piles:
            if p.id == f"hand:{self.player}":
                return p.cards
        return ()

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        return tuple(self.pile(f"hand:{s}").size for s in range(self.players))
