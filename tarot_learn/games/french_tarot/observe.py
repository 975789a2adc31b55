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
from functools import lru_cache
from typing import Any, Iterable

from ...cards import Card
from ...observation import Observation, Pile, Role
from . import rules as R

__all__ = ["TrickRecord", "TarotObservation", "build_observation", "known_partner"]


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

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict of every field (cards as their notation, a trick as
        ``{"leader", "cards", "winner"}``): what a page or a JSON user may receive."""
        out = super().to_json()
        out["tricks"] = [{"leader": t.leader, "cards": [str(c) for c in t.cards], "winner": t.winner}
                         for t in self.tricks]
        return out


# ----- building an observation from a deal ---------------------------------------------------------
# The deal is read through its public attributes only (hands, dog, dog_seen, discard, ...), so this
# module needs no import of the state and the state imports it.

_CARD = R.CARDS.__getitem__


def _cards(numbers: Iterable[int]) -> tuple[Card, ...]:
    return tuple(map(_CARD, numbers))


@lru_cache(maxsize=4096)
def _record(trick: tuple[int, tuple[int, ...], int]) -> TrickRecord:
    # A finished trick never changes, and every later observation of the deal repeats it.
    leader, cards, winner = trick
    return TrickRecord(leader, _cards(cards), winner)


def known_partner(deal: Any, player: int) -> int | None:
    """The partner's seat as ``player`` knows it: -1 when the taker plays alone (always below five
    players, and known to the taker who holds, saw or discarded the called card), ``None`` while
    unknown (FT-9)."""
    if deal.players != 5:
        return -1
    if deal.called >= 0 and deal.partner < 0 and deal.partner_known:
        return -1
    if player == deal.taker and deal.called >= 0 and (
            deal.called in deal.hands[player] or deal.called in deal.dog_seen
            or deal.called in deal.discard):
        return -1
    if deal.partner_known or (player >= 0 and player == deal.partner):
        return deal.partner
    return None


def _hand_piles(deal: Any, player: int) -> list[Pile]:
    names = deal.seat_names
    out = []
    for s, hand in enumerate(deal.hands):
        label = f"{names[s]}'s hand"
        if s == player:
            out.append(Pile(f"hand:{s}", Role.HAND, label, cards=_cards(hand), owner=s))
        else:
            out.append(Pile(f"hand:{s}", Role.HAND, label, hidden=len(hand), owner=s))
    return out


def _dog_pile(deal: Any, over: bool) -> Pile:
    if deal.dog:          # lying apart: face down until the end of the deal (FT-13)
        label = "Dog"
        if deal.contract >= R.GARDE_SANS:
            label += " (counts for the " + ("taker)" if deal.contract == R.GARDE_SANS else "defence)")
        if over and deal.phase == "scored":
            return Pile("dog", Role.DOG, label, cards=_cards(deal.dog))
        return Pile("dog", Role.DOG, label, hidden=len(deal.dog))
    if deal.dog_seen:     # shown to everyone, then taken by the taker (FT-11)
        return Pile("dog", Role.DOG, "Dog (shown, taken by the taker)", cards=_cards(deal.dog_seen))
    return Pile("dog", Role.DOG, "Dog")


def _discard_pile(deal: Any, player: int) -> Pile:
    if player == deal.taker and player >= 0:
        return Pile("discard", Role.DISCARD, "Discard", cards=_cards(deal.discard))
    # Others see only the trumps, which come last in the sorted discard (FT-12): the face-down
    # cards stay a count at the bottom.
    shown = [c for c in deal.discard if c > R.EXCUSE]
    return Pile("discard", Role.DISCARD, "Discard", hidden=len(deal.discard) - len(shown),
                cards=_cards(shown))


def _table_piles(deal: Any) -> list[Pile]:
    names, n = deal.seat_names, deal.players
    out = [Pile(f"poignee:{s}", Role.POIGNEE, f"Poignée shown by {names[s]}", cards=_cards(cards),
                owner=s) for s, cards in deal.poignees]
    leader = deal.leader
    label = f"Trick (led by {names[leader]})" if deal.trick else "Trick"
    out.append(Pile("trick", Role.TRICK, label, cards=_cards(deal.trick),
                    played_by=tuple((leader + i) % n for i in range(len(deal.trick)))))
    if not deal.trick and deal.tricks:
        lead, cards, winner = deal.tricks[-1]
        out.append(Pile("last_trick", Role.LAST_TRICK, f"Last trick (won by {names[winner]})",
                        cards=_cards(cards), played_by=tuple((lead + i) % n for i in range(len(cards)))))
    return out


def build_observation(deal: Any, player: int) -> TarotObservation:
    """What ``player`` (a seat, or ``SPECTATOR``) may see of ``deal``, a
    :class:`~.state.FrenchTarot` (FT-44).  Called by ``FrenchTarot.observation``."""
    n = deal.players
    over = deal.phase in ("scored", "redeal")
    to_play = deal.to_play
    bidding_over = deal.taker >= 0 and len(deal.bids) == n
    result = deal.result
    won = [0] * n
    for _, _, w in deal.tricks:
        won[w] += 1
    return TarotObservation(
        game=deal.name, title=deal.title, player=player,
        current_player=None if to_play < 0 else to_play,
        piles=tuple(_hand_piles(deal, player) + [_dog_pile(deal, over), _discard_pile(deal, player)]
                    + _table_piles(deal)),
        legal=tuple(str(m) for m in deal.legal_moves()) if player == to_play >= 0 else (),
        status=deal.status(), over=over,
        players=n, seat_names=tuple(deal.seat_names), dealer=deal.dealer, phase=str(deal.phase),
        bids=tuple(((deal.dealer + 1 + i) % n, R.CONTRACT_NAMES[b]) for i, b in enumerate(deal.bids)),
        contract=R.CONTRACT_NAMES[deal.contract] if bidding_over else None,
        taker=deal.taker if bidding_over else None,
        called=R.CARDS[deal.called] if deal.called >= 0 else None,
        partner=known_partner(deal, player), chelem=deal.chelem, leader=deal.leader,
        tricks=tuple(map(_record, deal.tricks)),
        tricks_won=tuple(won),
        scores=tuple(result.scores) if result is not None else None,
        reason=deal.reason,
    )
