"""The strong robot: it plays the card that scores best over the deals it cannot tell from the true one.

For each decision of the card play, :func:`evaluate` deals the cards the seat has not seen in
several ways consistent with all it has seen (:mod:`.worlds`: voids shown by the play, the dog
when shown, the discard's trumps, poignées, the called king), then, in each of these worlds,
plays each legal card and the rest of the deal by the club robot (:class:`~.bots.HeuristicBot`)
in every seat, and scores it (FT-27 .. FT-39).  The same worlds serve every card, so the
comparison between two cards is not blurred by the luck of the deal.  :class:`StrongBot` plays
the card with the best mean score.

With five players each world is played as the table plays it: until the called card shows, a
seat of the playout knows the partner only when it is the partner (or the taker holding the card),
as at the table (FT-9); the called card lies in the taker's hand only when it fits nowhere else
(a taker calls a card it lacks); and of up to :data:`BID_TRIES` draws the world kept is one where
the other seats' bids are the club robot's with those hands (the passers' weak hands, the taker's
strong one).  These make the worlds right but did not show in the score by themselves; what held
the robot back with five players was its bidding, the club robot's until then: with its bids by
search it went from +3.6 points a scored deal over the club robot (95% interval -1.7 to +8.9,
600 duplicate deals) to +25.3 (+17.4 to +33.1, 900 deals), taking 226 contracts and making 80%
where the club robot's bids took 117 and made 82%.

Its bids come from the same kind of search
(:func:`bid_scores`, ``bid_worlds`` > 0): each bid it may make, scored over
random deals of the cards it has not seen (with ``bid_worlds=0`` it bids as the club robot; in 300
duplicate deals the search took 42 contracts and made 81% where the club robot's bids took 53 and
made 75% with the same card play, and scored some 6 points a deal more).  The king call (five
players) and each card laid aside come from the same kind of search too (:func:`call_scores`,
:func:`discard_scores`, which the adviser shows; ``call_worlds`` and ``discard_worlds`` > 0): each
choice scored over random deals of the cards the taker has not seen, the rest of the deal played by
the club robot.  The robot searches with 96 deals a call and 24 a card laid aside: in 300 duplicate
deals (a first measure on a busy machine) that scored +0.9 points a scored deal with four players
(95% interval -8.4 to +10.3; 43 of 48 contracts made against 41) and +1.1 with five (-4.2 to +6.4;
38 of 43 made against 35) beside the same robot calling and discarding as the club robot, for some
70 to 90 ms of CPU a card laid aside and 130 ms a call; with the adviser's 32 and 8 deals it scored
-2.2 and -0.7 (intervals -9.8 to +5.3 and -6.7 to +5.3), so the robot spends more.  It shows
poignées and announces a chelem as the club robot.

The robot sees only its seat: the worlds are drawn from its :class:`~.bots.Seen`, with a random
stream seeded by the bot's seed and by what the seat has seen, so two positions alike to the seat
get the same card whatever the hidden cards are.

>>> from tarot_learn.games.french_tarot.simulate import simulate
>>> result = simulate(7, [StrongBot(worlds=4, playouts=16)] + [HeuristicBot()] * 3)
>>> result.score is not None and sum(result.score.scores) == 0
True
"""

from __future__ import annotations

import zlib
from typing import Any, NamedTuple

from ...deals import Rng
from ...errors import OptionError
from . import rules as R
from .bots import Bot, HeuristicBot, Seen, add_level, sure_chelem
from .rules import EXCUSE
from .simulate import close_trick
from .worlds import Knowledge, World, bids_agreeing, knowledge, sample

__all__ = ["StrongBot", "Evaluation", "evaluate", "bid_scores", "call_scores", "discard_scores", "DEFAULT_WORLDS",
           "DEFAULT_PLAYOUTS", "DEFAULT_BID_WORLDS", "DEFAULT_CALL_WORLDS", "DEFAULT_DISCARD_WORLDS",
           "ROBOT_CALL_WORLDS", "ROBOT_DISCARD_WORLDS",
           "STRONG_THRESHOLDS"]

# Budget per decision: at most this many worlds, and about this many played-out deals in all
# (fewer worlds when many cards are legal).  About 40 ms a decision in CPython on a laptop core.
DEFAULT_WORLDS = 24
DEFAULT_PLAYOUTS = 96
DEFAULT_BID_WORLDS = 32          # random deals for each bid of the bidding search (about 50 ms a bid)
DEFAULT_CALL_WORLDS = 32         # random deals for each callable card (five players)
DEFAULT_DISCARD_WORLDS = 8       # random deals for each card that may go aside (up to 24 cards)
# The robot's own call and discard budgets: with the adviser's smaller ones the searches lost a
# little to the club robot's call and discard (see the module).
ROBOT_CALL_WORLDS = 96
ROBOT_DISCARD_WORLDS = 24
# With five players, the draws of unseen cards for one world of the card play, until one agrees
# with every bid (see _world_for_bids).
BID_TRIES = 2
# The hand strengths (bots.hand_strength) from which it bids a prise, garde, garde sans, garde contre.
STRONG_THRESHOLDS = (40, 50, 68, 80)


class Evaluation(NamedTuple):
    """The search's answer for one decision: ``scores[card]`` is the seat's score for the deal in
    each sampled world when it plays ``card`` (the same worlds for every card), ``club`` the card
    the club robot would play."""

    cards: tuple[int, ...]
    scores: dict[int, list[int]]
    club: int
    worlds: int

    def mean(self, card: int) -> float:
        """The seat's expected score for the deal if it plays ``card`` now."""
        s = self.scores[card]
        return sum(s) / len(s) if s else 0.0

    def best(self) -> int:
        """The card with the best mean; a tie goes to the club robot's card, then to the lowest."""
        return max(self.cards, key=lambda c: (self.mean(c), c == self.club, -c))


class _Facts(NamedTuple):
    """What every playout of one decision shares (read from the seat's Seen once)."""

    seat: int
    players: int
    taker: int
    contract: int
    chelem: bool
    called: int
    partner: int | None
    tricks: tuple[tuple[int, tuple[int, ...], int], ...]
    trick: tuple[int, ...]
    leader: int
    played: frozenset[int]
    discard: tuple[int, ...]       # as the seat sees it
    poignees: tuple[tuple[int, int], ...]   # (owner, trumps shown)
    total: int                     # tricks in the deal


class _Start(NamedTuple):
    """One world as the play stands: hands, the taker's discard and the dog apart, the sides, and
    the tricks so far gathered (won piles, the Excuse owed, the side that has won every trick)."""

    hands: list[list[int]]
    discard: list[int]
    dog: list[int]
    partner: int
    attack: list[bool]
    won: list[list[int]]
    owed: tuple[int, int] | None
    sweeper: bool | None


def _facts(seen: Seen) -> _Facts:
    n = seen.players
    return _Facts(seen.seat, n, seen.taker, seen.contract, seen.chelem, seen.called, seen.partner,
                  tuple((lead, tuple(cards), win) for lead, cards, win in seen.tricks), tuple(seen.trick),
                  seen.leader, frozenset(seen.played), tuple(seen.discard),
                  tuple((owner, len(cards)) for owner, cards in seen.poignees),
                  R.layout(n)[0])


def decision_seed(seed: int, seen: Seen) -> int:
    """A seed from the bot's ``seed`` and everything the seat has seen (and nothing it has not)."""
    text = repr((seen.seat, seen.players, seen.dealer, sorted(seen.hand), seen.bids, seen.taker,
                 seen.called, seen.partner, seen.dog, sorted(seen.discard), seen.trick, seen.leader,
                 [(lead, tuple(cards), win) for lead, cards, win in seen.tricks],
                 sorted((o, tuple(c)) for o, c in seen.poignees), seen.chelem, sorted(seen.plays)))
    return (seed * 0x9E3779B1 + zlib.crc32(text.encode())) & ((1 << 63) - 1)


def _start(f: _Facts, world: World) -> _Start:
    """Set one sampled world up as the play stands now: who is on which side, and the past tricks
    gathered again with the sides of this world (the Excuse exchange depends on them)."""
    n, taker = f.players, f.taker
    hands = world.hands
    partner = f.partner if f.partner is not None else -1
    if f.players == 5 and f.partner is None:
        holder = next((s for s in range(n) if f.called in hands[s]), -1)
        partner = holder if holder != taker else -1
    if f.contract <= R.GARDE:
        discard = list(f.discard) if f.seat == taker else sorted(world.hidden + [c for c in f.discard if c > EXCUSE])
        dog: list[int] = []
    else:
        discard, dog = [], list(world.hidden)
    attack = [s == taker or s == partner for s in range(n)]
    won: list[list[int]] = [[] for _ in range(n)]
    owed, sweeper = None, None
    for t, (leader, cards, _) in enumerate(f.tricks):
        _, owed, sweeper = close_trick(cards, leader, t, f.total, attack, won, owed, sweeper)
    return _Start(hands, discard, dog, partner, attack, won, owed, sweeper)


def _playout_seen(f: _Facts, w: _Start) -> Seen:
    seen = Seen()
    seen.phase, seen.players, seen.taker, seen.partner = "playing", f.players, f.taker, w.partner
    seen.contract, seen.called, seen.chelem = f.contract, f.called, f.chelem
    return seen


def _partner_views(f: _Facts, w: _Start) -> list[int | None] | None:
    """With five players, until the called card shows, what each seat of the world knows of the
    partner (FT-9): the partner knows itself, the taker knows it plays alone when it holds the card
    or laid it aside, the others know nothing; ``None`` when every seat knows (the card has shown,
    or fewer than five players)."""
    if f.players != 5 or f.called < 0 or f.called in f.played:
        return None
    views: list[int | None] = [w.partner if s == w.partner else None for s in range(f.players)]
    if f.called in w.hands[f.taker] or f.called in w.discard:
        views[f.taker] = -1
    return views


def _play_out(f: _Facts, w: _Start, first: int, club: HeuristicBot) -> int:
    """Play ``first`` for the seat, then the rest of the deal by the club robot in every seat;
    the seat's score for the deal."""
    n, taker, attack = f.players, f.taker, w.attack
    hands = [list(h) for h in w.hands]
    won = [list(p) for p in w.won]
    owed, sweeper = w.owed, w.sweeper
    trick, leader = list(f.trick), f.leader
    tricks = list(f.tricks)
    seen = _playout_seen(f, w)
    seen.trick, seen.tricks, seen.played = trick, tricks, set(f.played)
    shown = [c for c in w.discard if c > EXCUSE]
    seat, t, pending = (leader + len(trick)) % n, len(tricks), first
    legal_plays, play = R.legal_plays, club.play
    views = _partner_views(f, w)
    while t < f.total:
        while len(trick) < n:
            hand = hands[seat]
            if pending >= 0:
                card, pending = pending, -1
            else:
                seen.seat, seen.hand, seen.leader = seat, hand, leader
                seen.discard = w.discard if seat == taker else shown
                seen.plays = legal_plays(hand, trick)
                if views:
                    seen.partner = views[seat]
                card = play(seen)
            hand.remove(card)
            trick.append(card)
            seen.played.add(card)
            if views and card == f.called:       # the called card shows the partner to all (FT-9)
                views, seen.partner = None, w.partner
            seat = (seat + 1) % n
        winner, owed, sweeper = close_trick(trick, leader, t, f.total, attack, won, owed, sweeper)
        tricks.append((leader, tuple(trick), winner))
        trick.clear()
        leader = seat = winner
        t += 1
    counted = R.tally(f.contract, attack, won, w.discard, w.dog, owed, tricks, f.chelem)
    shown_p = [(attack[owner], size) for owner, size in f.poignees]
    return R.score(n, f.contract, taker, w.partner, counted, shown_p).scores[f.seat]


def evaluate(seen: Seen, *, seed: int = 0, worlds: int = DEFAULT_WORLDS,
             playouts: int = DEFAULT_PLAYOUTS) -> Evaluation:
    """Score every legal card of ``seen`` (a seat to play a card) over sampled worlds.

    At most ``worlds`` worlds, fewer when the legal cards times the worlds would pass about
    ``playouts`` played-out deals (two worlds at least).  Deterministic for a ``seed`` and what the
    seat has seen.
    """
    if seen.phase != "playing" or not seen.plays:
        raise OptionError("the search answers a seat that is to play a card")
    if worlds < 1 or playouts < 1:
        raise OptionError(f"worlds and playouts must be 1 or more, not {worlds} and {playouts}")
    club = HeuristicBot()
    cards = tuple(seen.plays)
    advice = club.play(seen)
    if len(cards) == 1:
        return Evaluation(cards, {cards[0]: []}, advice, 0)
    count = max(2, min(worlds, playouts // len(cards)))
    rng = Rng(decision_seed(seed, seen))
    f = _facts(seen)
    know = knowledge(seen)
    scores: dict[int, list[int]] = {c: [] for c in cards}
    for _ in range(count):
        world = _world_for_bids(seen, know, rng, club) if f.players == 5 else sample(know, rng)
        start = _start(f, world)
        for c in cards:
            scores[c].append(_play_out(f, start, c, club))
    return Evaluation(cards, scores, advice, count)


def _world_for_bids(seen: Seen, know: Knowledge, rng: Rng, club: HeuristicBot) -> World:
    """A sampled world where the other seats' bids are the club robot's with their hands, among
    up to :data:`BID_TRIES` draws (the one that agrees with most bids when none agrees with all):
    with five players the passers and the taker say much of where the strength lies."""
    best, most = sample(know, rng), -1
    for tries in range(BID_TRIES):
        world = best if not tries else sample(know, rng)
        agreed, asked = bids_agreeing(seen, world, club.bid)
        if agreed == asked:
            return world
        if agreed > most:
            best, most = world, agreed
    return best


def bid_scores(seen: Seen, *, seed: int = 0, worlds: int = DEFAULT_BID_WORLDS,
               thresholds: tuple[int, ...] = STRONG_THRESHOLDS) -> dict[int, list[int]]:
    """Each bid ``seen`` (a seat to bid) may make, scored over ``worlds`` random deals of the cards
    it has not seen: the other seats bid, call (five players), discard and play as the club robot
    (the seat too, after its bid); a deal where all pass scores 0.  The same deals serve every bid."""
    if seen.phase != "bidding" or not seen.legal:
        raise OptionError("the bidding search answers a seat that is to bid")
    rng = Rng(decision_seed(seed, seen))
    held = set(seen.hand)
    unseen = [c for c in range(78) if c not in held]
    club = HeuristicBot(thresholds)
    scores: dict[int, list[int]] = {a[1]: [] for a in seen.legal}
    for _ in range(max(1, worlds)):
        hands, dog = _other_hands(seen, unseen, rng)
        for bid in scores:
            scores[bid].append(_deal_out(seen, hands, dog, bid, club))
    return scores


def _deal_out(seen: Seen, hands: list[list[int]], dog: list[int], bid: int, club: HeuristicBot) -> int:
    """The seat's score for one world after it bids ``bid``: the rest of the deal by the club robot."""
    n, dealer = seen.players, seen.dealer
    bids = list(seen.bids) + [bid]
    other = Seen()
    other.phase, other.players, other.dealer = "bidding", n, dealer
    for i in range(len(bids), n):
        other.seat, other.hand, other.bids = (dealer + 1 + i) % n, hands[(dealer + 1 + i) % n], bids
        bids.append(club.bid(other))
    contract = max(bids)
    if contract == R.PASS:
        return 0
    taker = (dealer + 1 + bids.index(contract)) % n
    return _finish_deal(seen, hands, dog, contract, taker, _club_call(hands[taker], n, club), club)


def _club_call(hand: list[int], n: int, club: HeuristicBot) -> int:
    """The card the club robot calls with ``hand`` (five players, FT-8); -1 with fewer players."""
    if n != 5:
        return -1
    seen = Seen()
    seen.phase, seen.players, seen.hand = "calling", n, hand
    seen.legal = [("call", c) for c in R.callable_cards(hand)]
    return club.call(seen)


def _finish_deal(seen: Seen, hands: list[list[int]], dog: list[int], contract: int, taker: int, called: int,
                 club: HeuristicBot) -> int:
    """The seat's score for one world from the end of the bidding (and the call): the club robot's
    discard on a prise or a garde, then :func:`_play_after_discard`."""
    hands = [list(h) for h in hands]
    discard: list[int] = []
    if contract <= R.GARDE:
        hands[taker] = _discarded(sorted(hands[taker] + dog), dog, discard, contract, taker, club, seen.players)
        dog = []
    return _play_after_discard(seen, hands, discard, dog, contract, taker, called, club)


def _play_after_discard(seen: Seen, hands: list[list[int]], discard: list[int], dog: list[int], contract: int,
                        taker: int, called: int, club: HeuristicBot) -> int:
    """The seat's score for one world once the discard is down: poignées and the chelem as the club
    robot announces them, then the whole play by the club robot (the called card's holder is the
    partner, FT-9)."""
    n = seen.players
    holder = next((s for s in range(n) if called in hands[s]), -1) if called >= 0 else -1
    partner = holder if holder != taker else -1
    shown_pool = [c for c in discard if c > EXCUSE]
    poignees = []
    for s in range(n):
        pool = [c for c in hands[s] if c >= EXCUSE] + (shown_pool if s == taker else [])
        choices = R.poignee_choices(n, pool)
        if choices:
            poignees.append((s, len(choices[-1])))
    chelem = sure_chelem(hands[taker], discard)
    f = _Facts(seen.seat, n, taker, contract, chelem, called, partner, (), (),
               taker if chelem else (seen.dealer + 1) % n, frozenset(), tuple(discard), tuple(poignees),
               R.layout(n)[0])
    attack = [s == taker or s == partner for s in range(n)]
    start = _Start(hands, discard, dog, partner, attack, [[] for _ in range(n)], None, None)
    return _play_out(f, start, -1, club)


def _other_hands(seen: Seen, unseen: list[int], rng: Rng) -> tuple[list[list[int]], list[int]]:
    """One random deal of the ``unseen`` cards to the other seats (a full hand each), the rest to
    the dog; the seat keeps its own hand."""
    rng.shuffle(unseen)
    each = R.layout(seen.players)[0]
    hands, at = [], 0
    for s in range(seen.players):
        if s == seen.seat:
            hands.append(list(seen.hand))
        else:
            hands.append(sorted(unseen[at:at + each]))
            at += each
    return hands, sorted(unseen[at:])


def call_scores(seen: Seen, *, seed: int = 0, worlds: int = DEFAULT_CALL_WORLDS) -> dict[int, list[int]]:
    """Each card the taker (``seen``, five players, to call) may call, scored over ``worlds``
    random deals of the cards it has not seen: the called card's holder is the partner (the taker
    alone when it lies in the dog or its own hand), then the discard and the play by the club
    robot.  The same deals serve every card; what the others' bids tell is not used."""
    if seen.phase != "calling" or not seen.legal:
        raise OptionError("the call search answers a taker that is to call a king (five players)")
    rng = Rng(decision_seed(seed, seen))
    held = set(seen.hand)
    unseen = [c for c in range(78) if c not in held]
    club = HeuristicBot()
    scores: dict[int, list[int]] = {a[1]: [] for a in seen.legal}
    for _ in range(max(1, worlds)):
        hands, dog = _other_hands(seen, unseen, rng)
        for card in scores:
            scores[card].append(_finish_deal(seen, hands, dog, seen.contract, seen.seat, card, club))
    return scores


def discard_scores(seen: Seen, *, seed: int = 0, worlds: int = DEFAULT_DISCARD_WORLDS) -> dict[int, list[int]]:
    """Each card the taker (``seen``, to discard) may lay aside next, scored over ``worlds`` random
    deals of the cards it has not seen: the card goes aside, the club robot completes the discard,
    and the deal is played out by the club robot.  The same deals serve every card."""
    if seen.phase != "discarding" or not seen.legal:
        raise OptionError("the discard search answers a taker that is to lay cards aside")
    rng = Rng(decision_seed(seed, seen))
    held = set(seen.hand) | set(seen.discard)
    unseen = [c for c in range(78) if c not in held]
    club = HeuristicBot()
    scores: dict[int, list[int]] = {a[1]: [] for a in seen.legal}
    for _ in range(max(1, worlds)):
        hands, _ = _other_hands(seen, unseen, rng)
        for card in scores:
            hand = [c for c in seen.hand if c != card]
            discard = sorted(seen.discard + [card])
            hands[seen.seat] = _discarded(hand, seen.dog, discard, seen.contract, seen.seat, club, seen.players)
            scores[card].append(_play_after_discard(seen, hands, discard, [], seen.contract, seen.seat,
                                                    seen.called, club))
    return scores


def _discarded(hand: list[int], dog: list[int], discard: list[int], contract: int, taker: int,
               club: HeuristicBot, n: int) -> list[int]:
    """The taker's hand after the club robot's discard (FT-11, FT-12); ``discard`` is filled."""
    seen = Seen()
    seen.phase, seen.players, seen.seat, seen.taker, seen.contract = "discarding", n, taker, taker, contract
    seen.hand, seen.dog, seen.discard = hand, list(dog), discard
    while len(discard) < len(dog):
        seen.legal = [("discard", c) for c in R.discard_allowed(hand, len(dog) - len(discard))]
        card = club.discard(seen)
        hand.remove(card)
        discard.append(card)
        discard.sort()
    return hand


def _best(found: dict[int, list[int]], club: int) -> int:
    """The choice with the best mean score; a tie goes to the club robot's choice, then to the lowest."""
    mean = {k: sum(v) / len(v) if v else 0.0 for k, v in found.items()}
    return max(mean, key=lambda k: (mean[k], k == club, -k))


class StrongBot(Bot):
    """Plays the card with the best expected score over sampled worlds (see the module); its bids,
    king call and discard come from the same kind of search; it shows poignées and announces as the
    club robot (:class:`~.bots.HeuristicBot`) does.

    ``worlds`` and ``playouts`` are the budget of one card decision (see :func:`evaluate`); ``seed``
    makes it repeatable; ``thresholds`` are the club robot's bidding strengths.  ``bid_worlds``,
    ``call_worlds`` and ``discard_worlds`` are the random deals each bid, callable card or card laid
    aside is scored over (:func:`bid_scores`, :func:`call_scores`, :func:`discard_scores`); 0 makes
    that decision the club robot's.
    """

    name = "strong"

    def __init__(self, seed: int = 0, worlds: int = DEFAULT_WORLDS, playouts: int = DEFAULT_PLAYOUTS,
                 thresholds: tuple[int, ...] = STRONG_THRESHOLDS, bid_worlds: int = DEFAULT_BID_WORLDS,
                 call_worlds: int = ROBOT_CALL_WORLDS, discard_worlds: int = ROBOT_DISCARD_WORLDS) -> None:
        if worlds < 1 or playouts < 1:
            raise OptionError(f"worlds and playouts must be 1 or more, not {worlds} and {playouts}")
        if min(bid_worlds, call_worlds, discard_worlds) < 0:
            raise OptionError("bid_worlds, call_worlds and discard_worlds must be 0 (the club robot's choice) or more")
        self.seed, self.worlds, self.playouts = seed, worlds, playouts
        self.club = HeuristicBot(thresholds)
        self.bid_worlds, self.call_worlds, self.discard_worlds = bid_worlds, call_worlds, discard_worlds

    def bid(self, seen: Seen) -> int:
        """The bid with the best mean score over random deals (:func:`bid_scores`); a tie keeps
        the club robot's bid."""
        found = bid_scores(seen, seed=self.seed, worlds=self.bid_worlds, thresholds=self.club.thresholds)
        return _best(found, self.club.bid(seen))

    def call(self, seen: Seen) -> int:
        """The card to call with the best mean score over random deals (:func:`call_scores`); a
        tie keeps the club robot's call."""
        found = call_scores(seen, seed=self.seed, worlds=self.call_worlds)
        return _best(found, self.club.call(seen))

    def discard(self, seen: Seen) -> int:
        """The next card to lay aside with the best mean score over random deals
        (:func:`discard_scores`); a tie keeps the club robot's card."""
        if len(seen.legal) == 1:
            return seen.legal[0][1]
        found = discard_scores(seen, seed=self.seed, worlds=self.discard_worlds)
        return _best(found, self.club.discard(seen))

    def choose(self, seen: Seen) -> tuple[str, Any]:
        if seen.phase == "bidding" and self.bid_worlds:
            return ("bid", self.bid(seen))
        if seen.phase == "calling" and self.call_worlds and seen.legal:
            return ("call", self.call(seen))
        if seen.phase == "discarding" and self.discard_worlds and seen.legal:
            return ("discard", self.discard(seen))
        if seen.phase != "playing" or (seen.legal and self.club.show_poignee(seen)):
            return self.club.choose(seen)
        if len(seen.plays) == 1:
            return ("play", seen.plays[0])
        found = evaluate(seen, seed=self.seed, worlds=self.worlds, playouts=self.playouts)
        return ("play", found.best())


def _strong(seed: int = 0) -> Bot:
    return StrongBot(seed)


add_level("strong", _strong)
