"""A fast, unchecked French Tarot deal loop for bots (benchmarks, strength tests, Monte Carlo).

:func:`simulate` plays a whole deal with the same rule functions as :class:`~.state.FrenchTarot`
(:mod:`.rules`: the deal, bidding order, legal cards, the discard, poignées, trick resolution,
the Excuse exchange, counting and scoring) and hands the bots the same :class:`~.bots.Seen`
knowledge, but keeps everything in local lists of card numbers: no ``Move`` objects, no undo
records, no validation of moves the rules just generated.  The tests check, deal by deal, that it
produces exactly the moves and scores of the checked engine (``bots.play_deal``).

>>> from tarot_learn.games.french_tarot.bots import HeuristicBot
>>> result = simulate(7, [HeuristicBot()] * 4)
>>> result.score is not None and sum(result.score.scores) == 0
True
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple, Sequence

from . import rules as R
from .bots import Bot, Seen
from .rules import EXCUSE
from .scoring import DealScore

__all__ = ["SimResult", "simulate", "close_trick"]


class SimResult(NamedTuple):
    """How a simulated deal ended: the score (``None`` when thrown in), why it was thrown in,
    the contract and taker, and the actions played when ``record=True``."""

    score: DealScore | None
    reason: str
    contract: int
    taker: int
    actions: list[tuple[str, Any]]


def simulate(seed: int, bots: Sequence[Bot], players: int = 4, dealer: int = 0,
             record: bool = False) -> SimResult:
    """Play deal ``seed`` with ``bots[seat]`` in each seat and return its :class:`SimResult`.

    One step per phase, as in the checked engine: deal, bidding, the call (five players), the dog
    and the discard, the chelem announcement, the tricks, the score.
    """
    n = players
    hands, dog = R.deal(seed, n, dealer)
    actions: list[tuple[str, Any]] = []
    log = actions.append if record else None
    if any(R.petit_sec(h) for h in hands):
        return SimResult(None, "petit sec", R.PASS, -1, actions)
    seen = _first_seen(n, dealer)
    contract, taker = _bidding(seen, hands, bots, dealer, log)
    if contract == R.PASS:
        return SimResult(None, "everyone passed", R.PASS, -1, actions)
    seen.contract, seen.taker = contract, taker
    called = partner = -1
    if n == 5:
        called, partner = _calling(seen, hands, bots[taker], taker, log)
    attack = [s == taker or s == partner for s in range(n)]
    discard, dog_seen, dog = _dog_and_discard(seen, hands[taker], dog, contract, bots[taker], log)
    chelem = _declaring(seen, hands[taker], discard, bots[taker], log)
    table = _Table(n, taker, partner, called, dog_seen, discard, attack)
    won, owed = _tricks(seen, table, hands, bots, taker if chelem else (dealer + 1) % n, log)
    counted = R.tally(contract, attack, won, discard, dog, owed, seen.tricks, chelem)
    shown = [(attack[s], len(cards)) for s, cards in seen.poignees]
    return SimResult(R.score(n, contract, taker, partner, counted, shown), "", contract, taker, actions)


def _first_seen(n: int, dealer: int) -> Seen:
    """The knowledge object the bots share, reset for a new deal (one object, updated in place)."""
    seen = Seen()
    seen.players, seen.dealer = n, dealer
    seen.partner = -1 if n != 5 else None
    seen.bids, seen.played, seen.tricks, seen.poignees = [], set(), [], []
    return seen


def _bidding(seen: Seen, hands: list[list[int]], bots: Sequence[Bot], dealer: int,
             log: Callable[[Any], None] | None) -> tuple[int, int]:
    """Phase bidding (FT-5 .. FT-7): each seat speaks once; returns (contract, taker)."""
    n = seen.players
    contract, taker = R.PASS, -1
    seen.phase = "bidding"
    for i in range(n):
        seat = (dealer + 1 + i) % n
        seen.seat, seen.hand, seen.contract = seat, hands[seat], contract
        seen.legal = [("bid", R.PASS)] + [("bid", k) for k in R.CONTRACTS if k > contract]
        action = bots[seat].choose(seen)
        if log:
            log(action)
        seen.bids.append(action[1])
        if action[1] > contract:
            contract, taker = action[1], seat
    return contract, taker


def _calling(seen: Seen, hands: list[list[int]], bot: Bot, taker: int,
             log: Callable[[Any], None] | None) -> tuple[int, int]:
    """Phase calling (FT-8, FT-9), five players: returns (called card, partner or -1)."""
    hand = hands[taker]
    seen.phase, seen.seat, seen.hand = "calling", taker, hand
    seen.legal = [("call", c) for c in R.callable_cards(hand)]
    action = bot.choose(seen)
    if log:
        log(action)
    called = seen.called = action[1]
    holder = next((s for s, h in enumerate(hands) if called in h), -1)
    return called, (holder if holder != taker else -1)


def _dog_and_discard(seen: Seen, hand: list[int], dog: list[int], contract: int, bot: Bot,
                     log: Callable[[Any], None] | None) -> tuple[list[int], list[int], list[int]]:
    """Phase discarding (FT-11 .. FT-13): on a prise or garde the dog is shown and taken, then
    discarded card by card; returns (discard, dog as shown, dog left apart)."""
    discard: list[int] = []
    if contract > R.GARDE:
        return discard, [], dog
    dog_seen = list(dog)
    hand.extend(dog)
    hand.sort()
    size = len(dog_seen)
    seen.phase, seen.seat, seen.hand = "discarding", seen.taker, hand
    seen.dog, seen.discard = dog_seen, discard
    while len(discard) < size:
        seen.legal = [("discard", c) for c in R.discard_allowed(hand, size - len(discard))]
        action = bot.choose(seen)
        if log:
            log(action)
        hand.remove(action[1])
        discard.append(action[1])
        discard.sort()
    return discard, dog_seen, []


def _declaring(seen: Seen, hand: list[int], discard: list[int], bot: Bot,
               log: Callable[[Any], None] | None) -> bool:
    """Phase declaring (FT-14): the taker announces a chelem or not."""
    seen.phase, seen.seat, seen.hand = "declaring", seen.taker, hand
    seen.discard = discard
    seen.legal = [("declare", "none"), ("declare", "chelem")]
    action = bot.choose(seen)
    if log:
        log(action)
    seen.chelem = action[1] == "chelem"
    return seen.chelem


class _Table(NamedTuple):
    """The facts of the deal the trick play needs, fixed once the play begins."""

    n: int
    taker: int
    partner: int
    called: int
    dog_seen: list[int]
    discard: list[int]
    attack: list[bool]

    def partner_views(self, hands: list[list[int]]) -> list[int | None]:
        """What each seat knows of the partner until the called card shows (FT-9): the partner
        knows itself; the taker knows it plays alone when it holds, saw or discarded the card."""
        views: list[int | None] = [self.partner if s == self.partner else None for s in range(self.n)]
        c = self.called
        if c in hands[self.taker] or c in self.dog_seen or c in self.discard:
            views[self.taker] = -1
        return views


def _tricks(seen: Seen, table: _Table, hands: list[list[int]], bots: Sequence[Bot], leader: int,
            log: Callable[[Any], None] | None) -> tuple[list[list[int]], tuple[int, int] | None]:
    """Phase playing (FT-15 .. FT-26): every trick; returns the won piles and an Excuse owed."""
    n, taker, partner, called, discard, attack = (table.n, table.taker, table.partner, table.called,
                                                  table.discard, table.attack)
    shown_discard = [c for c in discard if c > EXCUSE]
    five = n == 5
    views = table.partner_views(hands) if five else []
    seen.phase = "playing"
    won: list[list[int]] = [[] for _ in range(n)]
    owed = None
    trick: list[int] = []
    seen.trick = trick
    played, tricks = seen.played, seen.tricks
    partner_known = False
    sweeper = None          # the side (attack True) that has won every trick so far, if one has
    legal_plays = R.legal_plays
    n_tricks = len(hands[taker])
    choose = [bot.choose for bot in bots]
    for t in range(n_tricks):
        seen.leader = leader
        for i in range(n):
            seat = (leader + i) % n
            h = hands[seat]
            seen.seat, seen.hand = seat, h
            seen.discard = discard if seat == taker else shown_discard
            if five:
                seen.partner = partner if partner_known else views[seat]
            if t:
                seen.plays = legal_plays(h, trick)
                card = choose[seat](seen)[1]
            else:
                card = _first_card(seen, table, bots[seat], legal_plays(h, trick), shown_discard, log)
            if log:
                log(("play", card))
            h.remove(card)
            trick.append(card)
            played.add(card)
            if card == called:
                partner_known = True
        winner, owed, sweeper = close_trick(trick, leader, t, n_tricks, attack, won, owed, sweeper)
        tricks.append((leader, tuple(trick), winner))
        trick.clear()
        leader = winner
    return won, owed


def close_trick(trick: Sequence[int], leader: int, t: int, total: int, attack: list[bool], won: list[list[int]],
                owed: tuple[int, int] | None, sweeper: bool | None) -> tuple[int, tuple[int, int] | None, bool | None]:
    """Close trick number ``t`` of ``total`` (led by ``leader``): who wins it and collects it into
    ``won``, with the Excuse's exchange (FT-25) and the Excuse led to the last trick by a side that
    has won every trick (FT-26).  ``sweeper`` is the side (attack ``True``) that has won every
    trick before this one, ``None`` when none has; returns (winner, Excuse owed, sweeper)."""
    swept = not t or sweeper == attack[leader]
    winner, owed = R.resolve_trick(trick, leader, t == total - 1, swept, attack, won, owed)
    if not t:
        sweeper = attack[winner]
    elif sweeper is not attack[winner]:
        sweeper = None
    return winner, owed, sweeper


_NO_POIGNEE: list[tuple[str, Any]] = []


def _first_card(seen: Seen, table: _Table, bot: Bot, plays: list[int], shown_discard: list[int],
                log: Callable[[Any], None] | None) -> int:
    """A card of the first trick: the opening lead may not be of the called suit (FT-10), and a
    poignée may be shown first (FT-15, FT-16)."""
    seat, h, n = seen.seat, seen.hand, table.n
    called = table.called
    if n == 5 and not seen.trick and called >= 0:
        lo = called - called % 14
        barred = [c for c in h if lo <= c < lo + 14 and c != called]
        if barred and len(barred) < len(h):
            plays = [c for c in plays if c not in barred]
    pool = [c for c in h if c >= EXCUSE]
    if seat == table.taker:
        pool += shown_discard
    options = [("poignee", p) for p in R.poignee_choices(n, pool)] if len(pool) >= 8 else _NO_POIGNEE
    seen.legal, seen.plays = options, plays
    action = bot.choose(seen)
    if action[0] == "poignee":
        if log:
            log(action)
        seen.poignees.append((seat, tuple(sorted(action[1], reverse=True))))
        seen.legal = _NO_POIGNEE
        action = bot.choose(seen)
    seen.legal = _NO_POIGNEE                 # poignées only before the first card
    return action[1]
