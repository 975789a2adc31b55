"""The deals a seat cannot tell apart from the true one: every way the cards it has not seen may lie.

During the play a seat knows its hand, the cards played, the dog when it was shown, the trumps
laid in the discard (and the whole discard when it took), the poignées shown, and what the play
revealed: a seat that did not follow a suit holds none of it, one that did not trump holds no
trump, one that played under the highest trump holds none above it (FT-18 .. FT-20).
:func:`knowledge` gathers these facts from a :class:`~.bots.Seen`; :func:`sample` deals the
unseen cards once, at random, in a way that respects all of them.  Standard library only.

>>> from tarot_learn.games.french_tarot.bots import Seen
>>> s = Seen()
>>> s.phase, s.players, s.seat, s.taker, s.contract, s.leader = "playing", 4, 0, 1, R.GARDE_SANS, 1
>>> s.hand = list(range(18))
>>> w = sample(knowledge(s), Rng(3))
>>> [len(h) for h in w.hands], len(w.hidden), w.hands[0] == s.hand
([18, 18, 18, 18], 6, True)
"""

from __future__ import annotations

from typing import Callable, NamedTuple, Sequence

from ...deals import Rng
from . import rules as R
from .bots import Seen
from .rules import EXCUSE

__all__ = ["Knowledge", "World", "knowledge", "sample", "revealed", "bids_agreeing"]

_NO_CEILING = R.TWENTY_ONE


class Knowledge(NamedTuple):
    """What a seat knows of where the unseen cards lie.

    ``slots`` are the other seats then, last, the hidden pile (the dog left apart, or the part of
    the discard laid face down); ``capacity[i]`` is how many unseen cards slot ``i`` holds;
    ``allowed[c]`` the slots card ``c`` may be in; ``fixed`` the cards whose slot is known
    (a poignée's trumps not yet played, the called king in a partner's hand); ``avoid`` the
    (card, slot) pairs to leave out when the card has room elsewhere: with five players the taker
    calls a card it lacks (calling its own is playing alone), so the called card goes to the taker
    only when nowhere else fits.
    """

    seat: int
    players: int
    hand: tuple[int, ...]
    slots: tuple[int, ...]
    capacity: tuple[int, ...]
    unseen: tuple[int, ...]
    allowed: dict[int, tuple[int, ...]]
    fixed: tuple[tuple[int, int], ...]
    avoid: tuple[tuple[int, int], ...] = ()


class World(NamedTuple):
    """One deal consistent with a :class:`Knowledge`: every seat's hand (sorted) and the hidden pile."""

    hands: list[list[int]]
    hidden: list[int]


HIDDEN = -1        # the slot of the hidden pile in Knowledge.slots


def revealed(players: int, tricks: Sequence[tuple[int, Sequence[int], int]], trick: Sequence[int],
             leader: int) -> tuple[list[set[int]], list[int]]:
    """What the play so far says of each seat's hand: the suits it holds none of (4 for trumps),
    and the highest trump it may still hold.

    >>> N = R.card_number
    >>> voids, ceiling = revealed(4, [(0, (N("KC"), N("2S"), N("T5"), N("T3")), 2)], [], 2)
    >>> sorted(voids[1]), sorted(voids[3]), ceiling[3] == N("T5")
    ([1, 4], [1], True)
    """
    voids: list[set[int]] = [set() for _ in range(players)]
    ceiling = [_NO_CEILING] * players
    rounds = [(lead, cards) for lead, cards, _ in tricks]
    if trick:
        rounds.append((leader, tuple(trick)))
    for lead, cards in rounds:
        led = next((c for c in cards if c != EXCUSE), -1)
        if led < 0:
            continue
        suit = 4 if led > EXCUSE else led // 14
        top = -1
        for i, c in enumerate(cards):
            seat = (lead + i) % players
            if c == EXCUSE:
                continue
            if c > EXCUSE:
                if suit < 4:
                    voids[seat].add(suit)
                if top > c:
                    ceiling[seat] = min(ceiling[seat], top)
                top = max(top, c)
            elif c // 14 != suit:
                voids[seat].update((suit, 4))
    return voids, ceiling


def _slot_may_hold(c: int, voids: set[int], ceiling: int) -> bool:
    if c == EXCUSE:
        return True
    if c > EXCUSE:
        return 4 not in voids and c <= ceiling
    return c // 14 not in voids


def knowledge(seen: Seen) -> Knowledge:
    """The facts :func:`sample` respects, read from a seat's :class:`~.bots.Seen` in the playing phase."""
    n, me, taker = seen.players, seen.seat, seen.taker
    each, _, dog_size = R.layout(n)
    left = each - len(seen.tricks)
    in_trick = {(seen.leader + i) % n for i in range(len(seen.trick))}
    others = [s for s in range(n) if s != me]
    dog_taken = seen.contract <= R.GARDE
    shown_trumps = [c for c in seen.discard if c > EXCUSE]
    hidden_size = 0 if (dog_taken and me == taker) else (
        dog_size - len(shown_trumps) if dog_taken else dog_size)
    capacity = [left - (s in in_trick) for s in others] + [hidden_size]
    out = set(seen.hand) | set(seen.played) | set(seen.discard)
    fixed: list[tuple[int, int]] = []
    for owner, cards in seen.poignees:
        if owner != me:
            fixed += [(c, others.index(owner)) for c in cards if c not in out]
    if seen.called >= 0 and seen.partner is not None and seen.partner >= 0 and seen.partner != me \
            and seen.called not in out:
        fixed.append((seen.called, others.index(seen.partner)))
    placed = {c for c, _ in fixed}
    for _, i in fixed:
        capacity[i] -= 1
    voids, ceiling = revealed(n, seen.tricks, seen.trick, seen.leader)
    dog_shown = set(seen.dog) if dog_taken and me != taker else set()
    allowed: dict[int, tuple[int, ...]] = {}
    unseen = tuple(c for c in range(78) if c not in out and c not in placed)
    for c in unseen:
        slots = [i for i, s in enumerate(others) if _slot_may_hold(c, voids[s], ceiling[s])
                 and (c not in dog_shown or s == taker)]
        if hidden_size and (not dog_taken or (c < EXCUSE and c not in R.KINGS)):
            slots.append(len(others))
        allowed[c] = tuple(slots)
    avoid: tuple[tuple[int, int], ...] = ()
    if n == 5 and seen.partner is None and me != taker and seen.called in allowed \
            and seen.called not in dog_shown:
        avoid = ((seen.called, others.index(taker)),)
    return Knowledge(me, n, tuple(seen.hand), tuple(others) + (HIDDEN,), tuple(capacity), unseen,
                     allowed, tuple(fixed), avoid)


def sample(know: Knowledge, rng: Rng) -> World:
    """One random deal of the unseen cards that respects ``know`` (a card that no free slot may
    hold moves others along, as in a matching; the true deal shows one always exists)."""
    members: list[list[int]] = [[] for _ in know.slots]
    for c, i in know.fixed:
        members[i].append(c)
    cap = [know.capacity[i] + len(members[i]) for i in range(len(members))]
    order = list(know.unseen)
    rng.shuffle(order)
    order.sort(key=lambda c: len(know.allowed[c]))          # the most constrained first
    avoid = dict(know.avoid)
    if avoid:                                                # placed first, while every slot has room
        order.sort(key=lambda c: c not in avoid)
    for c in order:
        opts = [i for i in know.allowed[c] if len(members[i]) < cap[i]]
        if c in avoid and len(opts) > 1:
            opts = [i for i in opts if i != avoid[c]]
        if opts:
            members[opts[rng.below(len(opts))]].append(c)
        elif not _make_room(c, know.allowed, members, cap):
            free = [i for i in range(len(members)) if len(members[i]) < cap[i]]
            members[free[0] if free else 0].append(c)       # knowledge at odds with itself
    hands: list[list[int]] = [[] for _ in range(know.players)]
    hands[know.seat] = list(know.hand)
    for i, s in enumerate(know.slots[:-1]):
        hands[s] = sorted(members[i])
    return World(hands, sorted(members[-1]))


def _make_room(card: int, allowed: dict[int, tuple[int, ...]], members: list[list[int]],
               cap: list[int]) -> bool:
    """Place ``card`` by moving cards along a chain of full slots to one with room (breadth first)."""
    came: dict[int, tuple[int, int] | None] = {i: None for i in allowed[card]}
    queue = list(allowed[card])
    while queue:
        slot = queue.pop(0)
        if len(members[slot]) < cap[slot]:
            step = came[slot]
            while step is not None:            # walk back: each moved card leaves the slot before
                prev, moved = step
                members[slot].append(moved)
                members[prev].remove(moved)
                slot, step = prev, came[prev]
            members[slot].append(card)
            return True
        for d in members[slot]:
            for t in allowed.get(d, ()):
                if t not in came:
                    came[t] = (slot, d)
                    queue.append(t)
    return False


def bids_agreeing(seen: Seen, world: World, bid: Callable[[Seen], int]) -> tuple[int, int]:
    """How many of the other seats' bids ``bid`` (a robot's way of bidding) would have made with
    their hands of ``world`` as dealt (the cards they hold and have played; the taker's also those
    it laid aside, less the dog it took), out of how many: a world where the passers hold the
    taker's hand is unlikely even when the play has not ruled it out."""
    n, taker = seen.players, seen.taker
    played: list[list[int]] = [[] for _ in range(n)]
    rounds = [(lead, cards) for lead, cards, _ in seen.tricks] + [(seen.leader, tuple(seen.trick))]
    for lead, cards in rounds:
        for i, c in enumerate(cards):
            played[(lead + i) % n].append(c)
    probe = Seen()
    probe.phase, probe.players, probe.dealer = "bidding", n, seen.dealer
    agreed = asked = 0
    for i, made in enumerate(seen.bids):
        s = (seen.dealer + 1 + i) % n
        if s == seen.seat:
            continue
        hand = world.hands[s] + played[s]
        if s == taker and seen.contract <= R.GARDE:
            aside = world.hidden + [c for c in seen.discard if c > EXCUSE]
            hand = [c for c in hand + aside if c not in seen.dog]
        probe.seat, probe.hand, probe.bids = s, sorted(hand), seen.bids[:i]
        asked += 1
        agreed += bid(probe) == made
    return agreed, asked
