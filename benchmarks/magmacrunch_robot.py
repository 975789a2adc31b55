"""magmacrunch-tarot's computer player seated at our French Tarot table, for the duplicate benchmark.

magmacrunch-tarot (``pip install magmacrunch-tarot``, module ``tarot``; in the ``bench`` extra) is a
terminal French Tarot for four whose robot lives in ``tarot/rules.py``: ``ai_bid`` (a point count,
the suggested bid seven times in ten), ``ai_discards`` (plain cards first, the lowest "dog score"),
``ai_card`` (the cheapest winning card, else the cheapest card; leads its highest trump with four or
more, else the top of its longest suit), and it shows every poignée it holds, its lowest trumps.

:class:`MagmaBot` answers one seat's :class:`~tarot_learn.games.french_tarot.bots.Seen` (what that
seat may see, nothing more) with the move those functions choose, translated card by card.  Its
robot has no king call (its game is for four) and never announces a chelem: the king call, with five
players, is our club robot's, and the chelem announcement is always "none".  Its random stream (the
bids) is seeded by the bot's seed and what the seat has seen.
"""

from __future__ import annotations

import random
import zlib
from typing import Any

from tarot_learn.games.french_tarot import rules as R
from tarot_learn.games.french_tarot.bots import Bot, HeuristicBot, Seen
from tarot_learn.games.french_tarot.rules import EXCUSE

try:
    from tarot import rules as M
except ImportError:          # the bench extra is not installed
    M = None

#: Our suits (Wands, Cups, Swords, Pentacles) by their French names, as magmacrunch spells them.
_SUITS = ("clubs", "hearts", "spades", "diamonds")
_BIDS = ("PASSE", "PRISE", "GARDE", "GARDE_SANS", "GARDE_CONTRE")   # in our contract order
#: What the benchmark says of the comparison's terms.
NOTE = ("magmacrunch-tarot's robot, from tarot.rules, makes its own bids, discard, poignées and card play; "
        "it never announces a chelem, and it has no king call, which five players would take from our club robot")


def available() -> bool:
    """magmacrunch-tarot is installed (``pip install -e '.[bench]'``)."""
    return M is not None


def to_magma(c: int) -> Any:
    """Our card number as magmacrunch's ``Card``."""
    if c == EXCUSE:
        return M.Card(M.EXCUSE, number=M.EXCUSE_NUMBER)
    if c > EXCUSE:
        return M.Card(M.TRUMP, number=c - EXCUSE)
    return M.Card(M.SUITED, _SUITS[c // 14], M.RANKS[c % 14])


def from_magma(card_id: str) -> int:
    """magmacrunch's card id (``'trump-21'``, ``'hearts-R'``, ``'excuse'``) as our card number."""
    if card_id == "excuse":
        return EXCUSE
    kind, rank = card_id.split("-")
    if kind == "trump":
        return EXCUSE + int(rank)
    return _SUITS.index(kind) * 14 + M.RANKS.index(rank)


def _trick(trick: list[int], leader: int, players: int) -> Any:
    """The trick so far as magmacrunch's ``Trick`` (its led suit, whether a trump is in it, the top trump)."""
    t = M.Trick()
    for i, c in enumerate(trick):
        card = to_magma(c)
        t.cards.append((card, (leader + i) % players))
        if card.type == M.SUITED and not t.led_trump and not t.led_suit:
            t.led_suit = card.suit
        if card.type == M.TRUMP:
            t.led_trump = True
            t.highest_trump = max(t.highest_trump, card.number)
    return t


class MagmaBot(Bot):
    """magmacrunch-tarot's robot for one seat, from that seat's knowledge only (see the module)."""

    name = "magmacrunch"

    def __init__(self, seed: int = 0) -> None:
        if M is None:
            raise ImportError("magmacrunch-tarot is not installed: pip install -e '.[bench]'")
        self.seed = seed
        self.club = HeuristicBot()

    def choose(self, seen: Seen) -> tuple[str, Any]:
        phase = seen.phase
        if phase == "bidding":
            return ("bid", self._bid(seen))
        if phase == "discarding":
            return ("discard", self._discard(seen))
        if phase == "playing":
            if seen.legal:       # a poignée to show: every one, the biggest, the lowest trumps
                return max(seen.legal, key=lambda a: (len(a[1]), [-c for c in sorted(a[1])]))
            return ("play", self._play(seen))
        if phase == "calling":
            return self.club.choose(seen)
        return ("declare", "none")

    def _bid(self, seen: Seen) -> int:
        stream = random.Random((self.seed << 32) ^ zlib.crc32(repr((seen.seat, sorted(seen.hand), seen.bids)).encode()))
        current = _BIDS[max(seen.bids, default=R.PASS)]
        bid = _BIDS.index(M.ai_bid([to_magma(c) for c in seen.hand], current, False, stream.random))
        return bid if bid > max(seen.bids, default=R.PASS) else R.PASS

    def _discard(self, seen: Seen) -> int:
        """The next card of its six: planned from the hand with the dog, before any went down."""
        allowed = [a[1] for a in seen.legal]
        full = sorted(seen.hand + seen.discard)
        plan = [from_magma(c.id) for c in M.ai_discards([to_magma(c) for c in full])]
        for c in plan:
            if c in allowed and c not in seen.discard:
                return c
        return min(allowed)      # its plan broke our FT-12 (a king or a bout): the lowest allowed

    def _play(self, seen: Seen) -> int:
        if len(seen.plays) == 1:
            return seen.plays[0]
        hand = [to_magma(c) for c in seen.hand]
        chosen = M.ai_card(hand, _trick(seen.trick, seen.leader, seen.players))
        card = from_magma(chosen) if chosen else -1
        return card if card in seen.plays else seen.plays[0]

