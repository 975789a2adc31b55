"""Bidding advice that explains itself: what a good player would bid with a hand, and why.

The count is the computer players' own (:func:`.bots.strength_terms`, the usual point-count rule
of thumb: trumps and big trumps, the bouts, kings and other honours, voids, singletons and long
suits); the contract is the one :class:`.bots.HeuristicBot` bids with that count, so the advice
and the robots at the table never disagree.  Standard library only.

>>> advice = bid_advice("T21 T0 T1 T20 T19 T18 T15 T12 T9 T5 T3 KC KS QS 2W 3W 4P 5P")
>>> advice.contract, advice.strength
('garde_sans', 71)
>>> print(advice.reasons[0])
3 bouts: the Excuse, the Petit, trump 21 (FT-31).
>>> bid_advice("2W 3W 4W 5W 6W 7W 2C 3C 4C 5C 6C 2S 3S 4S 5S 2P 3P T2").contract
'pass'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from ...cards import Card, parse_cards
from ...errors import OptionError
from . import rules as R
from .bots import HeuristicBot, Seen, bid_strength, hand_strength, strength_terms
from .cards import HAND_SIZES, THRESHOLDS, TOTAL_HALF_POINTS, count_bouts, format_points
from .scoring import CONTRACT_LABELS

__all__ = ["Advice", "bid_advice", "bid_thresholds"]


@dataclass(frozen=True)
class Advice:
    """A bid with its reasons: ``contract`` is ``'pass'`` or a contract name (``'garde'``),
    ``strength`` the count it rests on, ``terms`` the count term by term ``(what, points)``."""

    contract: str
    strength: int
    reasons: tuple[str, ...]
    terms: tuple[tuple[str, int], ...] = field(default=())

    @property
    def label(self) -> str:
        """``'Garde'``, ``'Pass'``."""
        return CONTRACT_LABELS.get(self.contract, "Pass")

    def __str__(self) -> str:
        return f"{self.label}. " + " ".join(self.reasons)

    def _repr_markdown_(self) -> str:
        lines = [f"**Advice: {self.label}** (hand strength {self.strength})", ""]
        lines += [f"* {r}" for r in self.reasons]
        return "\n".join(lines)


def bid_thresholds() -> dict[str, int]:
    """The strength from which the computer players bid each contract.

    >>> bid_thresholds()
    {'prise': 40, 'garde': 50, 'garde_sans': 68, 'garde_contre': 80}
    """
    bot = HeuristicBot()
    return {R.CONTRACT_NAMES[k]: need for k, need in zip(R.CONTRACTS, bot.thresholds)}


def _hand(hand: "str | Iterable[Card | str]", players: int) -> list[int]:
    if players not in HAND_SIZES:
        raise OptionError(f"players must be 3, 4 or 5, not {players!r}")
    cards = parse_cards(hand) if isinstance(hand, str) else [
        c if isinstance(c, Card) else Card.parse(c) for c in hand]
    numbers = sorted({R.card_number(c) for c in cards if c.pack == "tarot"})
    if len(numbers) != len(cards) or len(cards) != HAND_SIZES[players]:
        raise OptionError(f"a hand with {players} players is {HAND_SIZES[players]} different tarot cards, "
                          f"not {len(cards)} cards ({len(numbers)} different)")
    return numbers


def _bout_reason(numbers: list[int]) -> str:
    bouts = [R.CARDS[c] for c in numbers if c in R.BOUTS]
    n = count_bouts(bouts)
    named = ", ".join(c.french_name for c in bouts) if bouts else "none"
    return (f"{n} bout{'s' if n != 1 else ''}: {named} (FT-31)." if bouts else
            f"No bout: the taker would need {THRESHOLDS[0]} points of the {format_points(TOTAL_HALF_POINTS)}, "
            "the most there is (FT-31).")


def bid_advice(hand: "str | Iterable[Card | str]", players: int = 4, *, highest_bid: str = "pass") -> Advice:
    """What a good player would bid with ``hand`` (cards or their notation) at a table of
    ``players``, after ``highest_bid`` from the others, with the reasons.

    >>> bid_advice("T21 T0 KC KS", players=4)
    Traceback (most recent call last):
    ...
    tarot_learn.errors.OptionError: a hand with 4 players is 18 different tarot cards, not 4 cards (4 different)
    """
    if highest_bid not in R.CONTRACT_NAMES:
        raise OptionError(f"highest_bid must be one of {', '.join(R.CONTRACT_NAMES)}, not {highest_bid!r}")
    numbers = _hand(hand, players)
    terms = strength_terms(numbers, players)
    seen = Seen()
    seen.phase, seen.players, seen.hand = "bidding", players, numbers
    seen.bids = [R.CONTRACT_NAMES.index(highest_bid)] if highest_bid != "pass" else []
    contract = R.CONTRACT_NAMES[HeuristicBot().bid(seen)]
    strength = bid_strength(numbers, players)
    counted = [(what, points) for what, _, points in terms if points]
    reasons = [_bout_reason(numbers),
               "The count: " + "; ".join(f"{what}: {points}" for what, points in counted)
               + f", {sum(p for _, p in counted)} in all."]
    raw = sum(p for _, p in counted)
    scaled = hand_strength(numbers, players)
    if scaled != raw:
        reasons.append(f"With {players} players a hand holds {HAND_SIZES[players]} cards, so the count is "
                       f"scaled to a four-player hand: {raw} becomes {scaled}.")
    if strength != scaled:
        reasons.append(f"The called king's holder will play with you (FT-8): {strength - scaled} more, "
                       f"{strength} in all.")
    reasons.append(_verdict(contract, strength, highest_bid))
    return Advice(contract, strength, tuple(reasons), tuple(counted))


def _verdict(contract: str, strength: int, highest_bid: str) -> str:
    need = bid_thresholds()
    ladder = ", ".join(f"{CONTRACT_LABELS[k].lower()} from {v}" for k, v in need.items())
    if contract != "pass":
        return (f"A strength of {strength} is worth a {CONTRACT_LABELS[contract].lower()} "
                f"(good players bid {ladder}; FT-6).")
    worth = [k for k, v in need.items() if strength >= v]
    if worth:
        return (f"A strength of {strength} is worth a {CONTRACT_LABELS[worth[-1]].lower()}, which does not "
                f"beat the {CONTRACT_LABELS[highest_bid].lower()} already bid: pass (FT-5).")
    return (f"A strength of {strength} is below {need['prise']}, the least for a prise: pass "
            f"(good players bid {ladder}; FT-5, FT-6).")
