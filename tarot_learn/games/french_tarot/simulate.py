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

from typing import Any, NamedTuple, Sequence

from . import rules as R
from .bots import Bot, Seen
from .rules import EXCUSE
from .scoring import DealScore

__all__ = ["SimResult", "simulate"]


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
    """Play deal ``seed`` with ``bots[seat]`` in each seat and return its :class:`SimResult`."""
    n = players
    hands, dog = R.deal(seed, n, dealer)
    actions: list[tuple[str, Any]] = []
    log = actions.append if record else None
    if any(R.petit_sec(h) for h in hands):
        return SimResult(None, "petit sec", R.PASS, -1, actions)

    seen = Seen()
    seen.players, seen.dealer = n, dealer
    seen.partner = -1 if n != 5 else None
    bids: list[int] = []
    seen.bids = bids
    played: set[int] = set()
    seen.played = played
    tricks: list[tuple[int, tuple[int, ...], int]] = []
    seen.tricks = tricks
    poignees: list[tuple[int, tuple[int, ...]]] = []
    seen.poignees = poignees

    # ----- bidding (FT-5 .. FT-7) -------------------------------------------------------------------
    contract, taker = R.PASS, -1
    seen.phase = "bidding"
    for i in range(n):
        seat = (dealer + 1 + i) % n
        seen.seat, seen.hand, seen.contract = seat, hands[seat], contract
        seen.legal = [("bid", R.PASS)] + [("bid", k) for k in R.CONTRACTS if k > contract]
        action = bots[seat].choose(seen)
        if log:
            log(action)
        bids.append(action[1])
        if action[1] > contract:
            contract, taker = action[1], seat
    if contract == R.PASS:
        return SimResult(None, "everyone passed", R.PASS, -1, actions)
    seen.contract, seen.taker = contract, taker
    hand = hands[taker]

    # ----- the call (FT-8, FT-9) --------------------------------------------------------------------
    called = partner = -1
    if n == 5:
        seen.phase, seen.seat, seen.hand = "calling", taker, hand
        seen.legal = [("call", c) for c in R.callable_cards(hand)]
        action = bots[taker].choose(seen)
        if log:
            log(action)
        called = action[1]
        seen.called = called
        holder = next((s for s, h in enumerate(hands) if called in h), -1)
        partner = holder if holder != taker else -1
    attack = [s == taker or s == partner for s in range(n)]

    # ----- the dog and the discard (FT-11 .. FT-13) ------------------------------------------------
    discard: list[int] = []
    dog_seen: list[int] = []
    if contract <= R.GARDE:
        dog_seen = list(dog)
        hand.extend(dog)
        hand.sort()
        dog = []
        size = len(dog_seen)
        seen.phase, seen.seat, seen.hand = "discarding", taker, hand
        seen.dog, seen.discard = dog_seen, discard
        while len(discard) < size:
            seen.legal = [("discard", c) for c in R.discard_allowed(hand, size - len(discard))]
            action = bots[taker].choose(seen)
            if log:
                log(action)
            hand.remove(action[1])
            discard.append(action[1])
            discard.sort()
    shown_discard = [c for c in discard if c > EXCUSE]

    # ----- the chelem announcement (FT-14) ----------------------------------------------------------
    seen.phase, seen.seat, seen.hand = "declaring", taker, hand
    seen.discard = discard
    seen.legal = [("declare", "none"), ("declare", "chelem")]
    action = bots[taker].choose(seen)
    if log:
        log(action)
    chelem = action[1] == "chelem"
    seen.chelem = chelem

    # ----- the tricks (FT-15 .. FT-26) -------------------------------------------------------------
    leader = taker if chelem else (dealer + 1) % n
    seen.phase = "playing"
    won: list[list[int]] = [[] for _ in range(n)]
    owed = None
    trick: list[int] = []
    seen.trick = trick
    partner_known = False
    no_poignee: list = []
    legal_plays = R.legal_plays
    resolve = R.resolve_trick
    n_tricks = len(hand)
    choose = [bot.choose for bot in bots]
    for t in range(n_tricks):
        seen.leader = leader
        for i in range(n):
            seat = (leader + i) % n
            h = hands[seat]
            seen.seat, seen.hand = seat, h
            seen.discard = discard if seat == taker else shown_discard
            if n == 5:
                if partner_known:
                    seen.partner = partner
                elif seat == partner:
                    seen.partner = partner
                elif seat == taker and (called in h or called in dog_seen or called in discard):
                    seen.partner = -1
                else:
                    seen.partner = None
            plays = legal_plays(h, trick)
            if t == 0:
                if n == 5 and i == 0 and called >= 0:
                    lo = called - called % 14
                    barred = [c for c in h if lo <= c < lo + 14 and c != called]
                    if barred and len(barred) < len(h):
                        plays = [c for c in plays if c not in barred]
                pool = [c for c in h if c >= EXCUSE]
                if seat == taker:
                    pool += shown_discard
                options = [("poignee", p) for p in R.poignee_choices(n, pool)] if len(pool) >= 8 else no_poignee
                seen.legal, seen.plays = options, plays
                action = bots[seat].choose(seen)
                if action[0] == "poignee":
                    if log:
                        log(action)
                    poignees.append((seat, tuple(sorted(action[1], reverse=True))))
                    seen.legal = no_poignee
                    action = bots[seat].choose(seen)
                card = action[1]
            else:
                seen.plays = plays
                card = choose[seat](seen)[1]
            if log:
                log(("play", card))
            h.remove(card)
            trick.append(card)
            played.add(card)
            if card == called:
                partner_known = True
        seen.legal = no_poignee                 # poignées only before the first card
        is_last = t == n_tricks - 1
        side = attack[leader]
        swept = all(attack[w] == side for _, _, w in tricks)
        winner, owed = resolve(trick, leader, is_last, swept, attack, won, owed)
        tricks.append((leader, tuple(trick), winner))
        trick.clear()
        leader = winner

    counted = R.tally(contract, attack, won, discard, dog, owed, tricks, chelem)
    shown = [(attack[s], len(cards)) for s, cards in poignees]
    return SimResult(R.score(n, contract, taker, partner, counted, shown), "", contract, taker, actions)
