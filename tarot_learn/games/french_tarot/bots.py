"""Computer players for French Tarot (FT-44): they see only what their seat may see.

A bot decides from a :class:`Seen`: one seat's knowledge as card numbers (its hand, the bids, the
shown dog, poignées, the cards played so far, and its legal choices).  ``Seen.from_observation``
builds it from :meth:`FrenchTarot.observation`; the fast simulator (:mod:`.simulate`) fills the same
object straight from its arrays, so a bot plays identically on both paths.

* :class:`RandomBot` picks a legal move at random (seeded, portable);
* :class:`HeuristicBot` bids from hand strength, discards to make voids and keeps its kings,
  saves the Petit, loads points on a partner's winning trick, spares the 21 and leads by plan.

>>> deal = play_deal(7, [HeuristicBot() for _ in range(4)])
>>> str(deal.phase), sum(deal.result.scores) if deal.result else 0
('scored', 0)
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Any, Callable, Sequence

from ...cards import Card
from ...core import Move, OptionError
from ...deals import Rng
from ...observation import Role
from . import rules as R
from .rules import EXCUSE, PETIT, TWENTY_ONE, HALF_POINTS
from .observe import TarotObservation
from .state import FrenchTarot

__all__ = ["Seen", "Bot", "RandomBot", "HeuristicBot", "play_deal", "action_of", "hand_strength",
           "strength_terms", "bid_strength", "PARTNER_HELP", "for_level", "add_level", "levels"]

# Sort keys as tables (faster than lambdas in the hot loop): by points, then by card number.
_BY_POINTS = tuple(HALF_POINTS[c] * 128 + c for c in range(78)).__getitem__
_TRUMPS = frozenset(range(PETIT, TWENTY_ONE + 1))
# Observations hold the pack's own Card objects (rules.CARDS): found by identity, a card's number
# costs no hashing; any other equal Card falls back to rules.NUMBERS.
_BY_ID = {id(c): i for i, c in enumerate(R.CARDS)}


def _numbers(cards: Sequence[Card]) -> list[int]:
    out = [_BY_ID.get(id(c)) for c in cards]
    if None in out:
        return [R.NUMBERS[c] for c in cards]
    return out  # type: ignore[return-value]


def action_of(text: str) -> tuple[str, Any]:
    """The action pair of a move's text (the inverse of ``FrenchTarot.action_move``).

    >>> action_of("bid garde"), action_of("play T21"), action_of("declare poignee T21 T20")[0]
    (('bid', 2), ('play', 77), 'poignee')
    """
    action, _, arg = text.partition(" ")
    if action == "bid":
        return ("bid", R.CONTRACT_NAMES.index(arg))
    if action == "declare":
        if arg.startswith("poignee"):
            return ("poignee", tuple(R.card_number(w) for w in arg.split()[1:]))
        return ("declare", arg)
    return (action, R.card_number(arg))


class Seen:
    """What one seat knows, as card numbers (see :mod:`.rules`).

    ``partner`` is the partner's seat when this seat knows it, -1 when it knows the taker plays
    alone (always below five players), ``None`` while unknown.  In the playing phase the choices
    are ``poignee_options`` (shown first) and ``plays``; elsewhere ``legal`` lists them.
    """

    __slots__ = ("seat", "players", "dealer", "phase", "hand", "bids", "contract", "taker",
                 "called", "partner", "dog", "discard", "trick", "leader", "played", "tricks",
                 "legal", "plays", "poignees", "chelem")

    def __init__(self) -> None:
        self.seat = self.players = self.dealer = 0
        self.phase = ""
        self.hand: list[int] = []
        self.bids: list[int] = []
        self.contract = R.PASS
        self.taker = -1
        self.called = -1
        self.partner: int | None = -1
        self.dog: list[int] = []
        self.discard: list[int] = []
        self.trick: list[int] = []
        self.leader = -1
        self.played: set[int] = set()
        self.tricks: list[tuple[int, Sequence[int], int]] = []
        self.legal: list[tuple[str, Any]] = []
        self.plays: list[int] = []
        self.poignees: list[tuple[int, Sequence[int]]] = []
        self.chelem = False            # a chelem was announced (by the taker, FT-14)

    def actions(self) -> list[tuple[str, Any]]:
        """Every listed choice, in the order of ``FrenchTarot.legal_moves``."""
        if self.phase == "playing":
            return list(self.legal) + [("play", c) for c in self.plays]
        return list(self.legal)

    @classmethod
    def from_observation(cls, obs: TarotObservation) -> "Seen":
        """Read a seat's :class:`~.observe.TarotObservation` (from :meth:`FrenchTarot.observation`)."""
        s = cls()
        s.seat, s.players, s.dealer, s.phase = obs.player, obs.players, obs.dealer, obs.phase
        s.hand = sorted(_numbers(obs.hand))
        s.bids = [R.CONTRACT_NAMES.index(b) for _, b in obs.bids]
        # The highest bid so far (the contract once the bidding is over).
        s.contract = max(s.bids, default=R.PASS)
        s.taker = obs.taker if obs.taker is not None else -1
        s.called = R.NUMBERS[obs.called] if obs.called is not None else -1
        s.partner = obs.partner
        s.dog = _numbers(obs.pile("dog").cards)
        s.discard = _numbers(obs.pile("discard").cards)
        s.trick = _numbers(obs.pile("trick").cards)
        s.leader = obs.leader
        s.tricks = [(t.leader, tuple(_numbers(t.cards)), t.winner) for t in obs.tricks]
        s.played = {c for _, cs, _ in s.tricks for c in cs} | set(s.trick)
        s.poignees = [(p.owner, tuple(_numbers(p.cards))) for p in obs.by_role(Role.POIGNEE)]
        s.chelem = obs.chelem
        actions = [action_of(m) for m in obs.legal]
        if s.phase == "playing":
            s.legal = [a for a in actions if a[0] == "poignee"]
            s.plays = [a[1] for a in actions if a[0] == "play"]
        else:
            s.legal = actions
        return s


class Bot:
    """A computer player: :meth:`act` answers an observation with a move."""

    name = "bot"

    def act(self, observation: TarotObservation) -> Move:
        """The move this bot makes, seeing only ``observation`` (its seat's)."""
        return FrenchTarot.action_move(self.choose(Seen.from_observation(observation)))

    def choose(self, seen: Seen) -> tuple[str, Any]:
        raise NotImplementedError


class RandomBot(Bot):
    """Plays a uniformly random listed legal move; ``seed`` makes it repeatable.

    >>> picks = [RandomBot(seed=1).choose(_example_seen()) for _ in range(2)]
    >>> picks[0] == picks[1] and picks[0] in _example_seen().legal
    True
    """

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, seen: Seen) -> tuple[str, Any]:
        n_opts = len(seen.legal) + (len(seen.plays) if seen.phase == "playing" else 0)
        i = self.rng.below(n_opts)
        if i < len(seen.legal):
            return seen.legal[i]
        return ("play", seen.plays[i - len(seen.legal)])


def _example_seen() -> Seen:
    s = Seen()
    s.phase, s.players = "bidding", 4
    s.legal = [("bid", k) for k in range(5)]
    return s


# ----- the heuristic player ------------------------------------------------------------------------
def hand_strength(hand: Sequence[int], players: int = 4) -> int:
    """A bidding count for a hand (FT-6 contracts follow from it in :class:`HeuristicBot`).

    Bouts weigh most (the 21 and the Excuse are sure points, the Petit only when guarded by
    trumps); then trump length and big trumps, kings and queens, voids and singletons that let
    the taker trump, and long suits.

    >>> strong = [R.card_number(t) for t in "T21 T0 T1 T20 T19 T18 T15 T12 T9 T5 T3 KC KS QS 2W 3W 4P 5P".split()]
    >>> hand_strength(strong) > hand_strength(list(range(18)))
    True
    """
    n_tr = big = 0
    counts = [0, 0, 0, 0]
    honours = [0, 0, 0, 0]      # bit r-10 set for the jack (10) .. king (13) of a suit
    for c in hand:
        if c > EXCUSE:
            n_tr += 1
            if c >= EXCUSE + 16:
                big += 1
        elif c < EXCUSE:
            suit, rank = divmod(c, 14)
            counts[suit] += 1
            if rank >= 10:
                honours[suit] |= 1 << (rank - 10)
    score = 2 * n_tr + 2 * big
    if TWENTY_ONE in hand:
        score += 10
    if EXCUSE in hand:
        score += 8
    if PETIT in hand:
        score += 8 if n_tr >= 6 else (5 if n_tr >= 5 else 0)
    each = {3: 21, 4: 18, 5: 15}[players]   # three-player hands are longer but face two
    shape = _SHAPE[n_tr >= 5]
    for suit in range(4):
        score += _HONOURS[honours[suit]] + shape[counts[suit]]
    return score * 18 // each


# With five players the taker calls a king: its holder's help is worth this much hand strength.
PARTNER_HELP = 4


def bid_strength(hand: Sequence[int], players: int = 4) -> int:
    """The strength :class:`HeuristicBot` bids on: :func:`hand_strength`, plus :data:`PARTNER_HELP`
    with five players (a called partner helps)."""
    return hand_strength(hand, players) + (PARTNER_HELP if players == 5 else 0)


def strength_terms(hand: Sequence[int], players: int = 4) -> list[tuple[str, tuple[int, ...], int]]:
    """:func:`hand_strength`'s count term by term, for a learner: ``(what, cards, points)``, before
    the count is scaled from this many players' hand size to a four-player hand.

    The sum of the points, times 18 and divided (rounding down) by 21, 18 or 15 for three, four
    or five players (three-player hands are longer, but face two opponents), is
    :func:`hand_strength`.

    >>> hand = "T21 T0 T1 T20 T19 T18 T15 T12 T9 T5 T3 KC KS QS 2W 3W 4P 5P".split()
    >>> terms = strength_terms([R.card_number(t) for t in hand])
    >>> [(what, points) for what, _, points in terms][:3]
    [('10 trumps, 2 each', 20), ('4 big trumps (16 to 21), 2 more each', 8), ('the 21', 10)]
    >>> [(what, points) for what, _, points in terms][3:6]
    [('the Excuse', 8), ('the Petit, guarded by 6 trumps or more', 8), ('King of Hearts', 6)]
    >>> sum(p for _, _, p in terms) * 18 // 18 == hand_strength([R.card_number(t) for t in hand])
    True
    """
    trumps = tuple(c for c in hand if c > EXCUSE)
    big = tuple(c for c in trumps if c >= EXCUSE + 16)
    terms: list[tuple[str, tuple[int, ...], int]] = [
        (f"{len(trumps)} trump{'' if len(trumps) == 1 else 's'}, 2 each", trumps, 2 * len(trumps)),
        (f"{len(big)} big trump{'' if len(big) == 1 else 's'} (16 to 21), 2 more each", big, 2 * len(big))]
    if TWENTY_ONE in hand:
        terms.append(("the 21", (TWENTY_ONE,), 10))
    if EXCUSE in hand:
        terms.append(("the Excuse", (EXCUSE,), 8))
    if PETIT in hand:
        n_tr = len(trumps)
        terms.append(("the Petit, guarded by 6 trumps or more", (PETIT,), 8) if n_tr >= 6 else
                     ("the Petit, guarded by 5 trumps", (PETIT,), 5) if n_tr >= 5 else
                     ("the Petit, too few trumps to guard it", (PETIT,), 0))
    shape = _SHAPE[len(trumps) >= 5]
    for suit in range(4):
        cards = tuple(c for c in hand if suit * 14 <= c < suit * 14 + 14)
        honours = tuple(c for c in cards if c % 14 >= 10)
        bits = sum(1 << (c % 14 - 10) for c in honours)
        if _HONOURS[bits]:
            ranks = [R.CARDS[c].french_name.split(" of ")[0] for c in reversed(honours)]
            named = ", ".join(ranks[:-1]) + " and " + ranks[-1] if len(ranks) > 1 else ranks[0]
            terms.append((f"{named} of {R.CARDS[honours[0]].french_name.split(' of ')[1]}",
                          honours, _HONOURS[bits]))
        suit_name = R.CARDS[suit * 14 + 13].french_name.split(" of ")[1]
        if shape[len(cards)]:
            what = ("a void in " if not cards else "a singleton in " if len(cards) == 1
                    else f"{len(cards)} long ") + suit_name
            terms.append((what, cards, shape[len(cards)]))
    return terms


def _honours_count(bits: int) -> int:
    """The honours of one plain suit in :func:`hand_strength` (bit r-10 for the jack .. king)."""
    if bits & 8:
        score = 6 + (2 if bits & 4 else 0)
    else:
        score = 3 if bits & 4 else 0
    return score + (2 if bits & 2 else 0) + (1 if bits & 1 else 0)


def _shape_count(length: int, trumps: bool) -> int:
    """A plain suit's length in :func:`hand_strength`: a void or a singleton lets the hand trump
    (more so with five trumps or more), a long suit makes tricks."""
    if not length:
        return 6 if trumps else 2
    if length == 1:
        return 3 if trumps else 1
    return 2 * (length - 4) if length >= 5 else 0


# Tables of the two counts above, looked up for every bid of every simulated deal.
_HONOURS = tuple(_honours_count(bits) for bits in range(16))
_SHAPE = tuple(tuple(_shape_count(length, trumps) for length in range(15)) for trumps in (False, True))


def sure_chelem(hand: Sequence[int], discard: Sequence[int] = ()) -> bool:
    """True when the taker wins every trick however the other cards lie: enough trumps above
    every trump outside to draw them all, and every plain suit held from the king down.

    >>> trumps = "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6"
    >>> sure_chelem([R.card_number(t) for t in ("KC QC " + trumps).split()])
    True
    >>> sure_chelem([R.card_number(t) for t in ("KC NC " + trumps).split()])
    False
    """
    mine = [c for c in hand if c > EXCUSE]
    gone = set(mine) | set(discard)
    outside = [c for c in range(PETIT, TWENTY_ONE + 1) if c not in gone]
    if outside:
        top = max(outside)
        if sum(1 for c in mine if c > top) < len(outside):
            return False
    for suit in range(4):
        held = [c for c in hand if suit * 14 <= c < suit * 14 + 14]
        if held and min(held) != suit * 14 + 14 - len(held):      # a run down from the king
            return False
    return True


class HeuristicBot(Bot):
    """A rule-of-thumb player, quick enough for thousands of simulated deals per second.

    ``thresholds`` are the hand strengths (:func:`hand_strength`) for prise, garde, garde sans
    and garde contre.
    """

    name = "heuristic"

    def __init__(self, thresholds: Sequence[int] = (40, 50, 68, 80)) -> None:
        self.thresholds = tuple(thresholds)

    # ----- the decisions, one per phase ------------------------------------------------------------
    def choose(self, seen: Seen) -> tuple[str, Any]:
        phase = seen.phase
        if phase == "playing":
            if seen.legal and self.show_poignee(seen):
                return max(seen.legal, key=lambda a: len(a[1]))
            return ("play", self.play(seen))
        if phase == "bidding":
            return ("bid", self.bid(seen))
        if phase == "discarding":
            return ("discard", self.discard(seen))
        if phase == "calling":
            return ("call", self.call(seen))
        return ("declare", "chelem" if sure_chelem(seen.hand, seen.discard) else "none")

    def bid(self, seen: Seen) -> int:
        """The highest contract the hand is worth, if it beats the bids so far; else pass."""
        strength = bid_strength(seen.hand, seen.players)
        want = R.PASS
        for contract, need in zip(R.CONTRACTS, self.thresholds):
            if strength >= need:
                want = contract
        return want if want > max(seen.bids, default=R.PASS) else R.PASS

    def call(self, seen: Seen) -> int:
        """Call the missing king of the suit we hold most of (a partner strong where we are)."""
        held = set(seen.hand)
        options = [a[1] for a in seen.legal]
        missing = [c for c in options if c not in held] or options
        return max(missing, key=lambda c: (sum(1 for h in seen.hand if h // 14 == c // 14 and h < EXCUSE), c))

    def discard(self, seen: Seen) -> int:
        """Next card of the discard plan: empty the shortest suits without a king (voids let the
        taker trump), then lay away the biggest points that are not kings; trumps only if forced
        (FT-12), the lowest."""
        allowed = [a[1] for a in seen.legal]
        plain = [c for c in allowed if c < EXCUSE]
        if not plain:
            return min(allowed)
        hand = seen.hand
        need = R.layout(seen.players)[2] - len(seen.discard)
        best = None
        for suit in range(4):
            lo = suit * 14
            cards = [c for c in hand if lo <= c < lo + 14]
            if cards and lo + 13 not in cards and len(cards) <= need:
                if best is None or len(cards) < len(best):
                    best = cards
        if best:
            return max(best, key=_BY_POINTS)
        lengths = [sum(1 for c in hand if s * 14 <= c < s * 14 + 14) for s in range(4)]
        return max(plain, key=lambda c: (HALF_POINTS[c], -lengths[c // 14], c))

    def show_poignee(self, seen: Seen) -> bool:
        """Show a poignée when holding one: its bonus goes to the winners, and many trumps in
        one hand usually mean a winning side."""
        return True

    # ----- card play -------------------------------------------------------------------------------
    def _friend(self, seen: Seen, seat: int) -> bool:
        me, taker, partner = seen.seat, seen.taker, seen.partner
        if seat == me:
            return True
        if me == taker:
            return partner is not None and partner >= 0 and seat == partner
        if partner is not None and me == partner:
            return seat == taker
        if seat == taker:
            return False
        if partner is None:          # five players, partner unknown: trust no one
            return False
        return seat != partner

    def play(self, seen: Seen) -> int:
        """The card to play: the heart of the bot, run for every card of a simulated deal."""
        legal = seen.plays
        if len(legal) == 1:
            return legal[0]
        hand, trick = seen.hand, seen.trick
        has_excuse = EXCUSE in legal
        chelem = seen.chelem and seen.seat == seen.taker
        # The Excuse must leave before the last trick, where it would change sides (FT-26),
        # unless it is to be led last in an announced chelem.
        if has_excuse and len(hand) <= 2 and not chelem:
            return EXCUSE
        if not trick:
            return self._lead_chelem(seen, legal) if chelem else self._lead(seen, legal)
        cards = [c for c in legal if c != EXCUSE] if has_excuse else legal
        if not cards:
            return EXCUSE
        if len(trick) == 1 and trick[0] == EXCUSE:     # the next card sets the suit (FT-24)
            return self._lead(seen, legal)
        n = seen.players
        last = len(trick) == n - 1
        pos = R.trick_winner(trick)
        winning = trick[pos]
        top_trump = winning if winning > EXCUSE else -1
        friend_wins = self._friend(seen, (seen.leader + pos) % n)
        known = None if last else self._known(seen)
        secure = last or (top_trump > EXCUSE and self._master_trump(known, top_trump))
        if cards[-1] < EXCUSE:                          # following suit, or discarding
            if friend_wins and secure:
                return max(cards, key=_BY_POINTS)                          # load points
            return self._follow_plain(trick, cards, winning, top_trump, last, known,
                                      has_excuse and not friend_wins)
        # Trumps: must trump, overtrump or answer a trump lead.
        if friend_wins and secure:
            return PETIT if cards[0] == PETIT else cards[0]                # save the Petit
        return self._follow_trump(trick, cards, top_trump, last, known)

    def _follow_plain(self, trick: list[int], cards: list[int], winning: int, top_trump: int,
                      last: bool, known: set[int] | None, may_excuse: bool) -> int:
        """Following with plain cards, the trick not safely a friend's: win it with a master
        worth points if possible, else give as little as possible (the Excuse saves a court card)."""
        led = trick[0] if trick[0] != EXCUSE else trick[1]
        if top_trump < 0 and cards[0] // 14 == led // 14 and led < EXCUSE:
            better = [c for c in cards if c > winning]
            if better:
                if last:
                    return max(better, key=_BY_POINTS)
                top = better[-1]
                if HALF_POINTS[top] >= 5 and self._master_plain(known, top):
                    return top
        low = min(cards, key=_BY_POINTS)
        if may_excuse and HALF_POINTS[low] >= 5:
            return EXCUSE
        return low

    def _follow_trump(self, trick: list[int], cards: list[int], top_trump: int, last: bool,
                      known: set[int] | None) -> int:
        """Trumping, overtrumping or answering a trump lead, the trick not safely a friend's."""
        if cards[-1] > top_trump:                       # (legal trumps all beat it, or none do)
            if last:
                return cards[0]
            safe = cards[1:] if cards[0] == PETIT else cards
            if not safe:
                return cards[0]
            if sum(HALF_POINTS[c] for c in trick) >= 7 or PETIT in trick:
                for c in safe:
                    if self._master_trump(known, c):
                        return c
            return safe[0]                               # the lowest that wins spares the 21
        return cards[1] if cards[0] == PETIT and len(cards) > 1 else cards[0]

    @staticmethod
    def _known(seen: Seen) -> set[int]:
        """Cards this seat knows are out of the other hands: played, held, discarded."""
        known = seen.played.union(seen.hand)
        known.update(seen.discard)
        return known

    @staticmethod
    def _master_trump(known: set[int], card: int) -> bool:
        """No trump above ``card`` can still be in another hand."""
        for c in range(card + 1, TWENTY_ONE + 1):
            if c not in known:
                return False
        return True

    @staticmethod
    def _master_plain(known: set[int], card: int) -> bool:
        """No card of the suit above ``card`` can still be in another hand."""
        for c in range(card + 1, card - card % 14 + 14):
            if c not in known:
                return False
        return True

    def _lead(self, seen: Seen, legal: list[int]) -> int:
        """Open a trick.  The attack draws trumps while it holds many (to protect its Petit and
        kill the defence's), then cashes masters; the defence cashes masters (kings) in suits
        played at most once, else leads low from its long suit.  Neither leads the Petit."""
        hand = seen.hand
        cards = [c for c in legal if c != EXCUSE] if EXCUSE in legal else legal
        if not cards:
            return EXCUSE
        split = bisect_right(cards, EXCUSE)
        plain, trumps = cards[:split], cards[split:]
        attack = seen.seat == seen.taker or seen.seat == seen.partner
        known = self._known(seen)
        masters = [c for c in plain if HALF_POINTS[c] >= 5 and self._master_plain(known, c)]
        if masters:
            rounds = self._suit_rounds(seen)
            masters = [c for c in masters if rounds[c // 14] < 2]
        if attack:
            out_trumps = len(_TRUMPS - known)
            if trumps and out_trumps and len(trumps) > out_trumps // 2 + 1:
                top = trumps[-1]
                if top != PETIT and self._master_trump(known, top):
                    return top                                             # draw trumps
                low = [c for c in trumps if c != PETIT and c != TWENTY_ONE]
                if low:
                    return low[0]
            if masters:
                return max(masters, key=_BY_POINTS)
            if plain:
                return self._low_of_short_suit(hand, plain)
            safe = [c for c in trumps if c != PETIT] or trumps
            return safe[-1] if self._master_trump(known, safe[-1]) else safe[0]
        if masters:
            return max(masters, key=_BY_POINTS)
        if plain:
            return self._low_of_long_suit(hand, plain)
        safe = [c for c in trumps if c != PETIT and c != TWENTY_ONE] or [c for c in trumps if c != PETIT] or trumps
        return safe[0]

    def _lead_chelem(self, seen: Seen, legal: list[int]) -> int:
        """The plan of :func:`sure_chelem`: draw trumps from the top, cash the plain masters,
        then the small trumps, the Petit last but for the Excuse, led last of all (FT-26, FT-29)."""
        known = self._known(seen)
        split = bisect_right(legal, EXCUSE)
        plain, trumps = [c for c in legal[:split] if c != EXCUSE], legal[split:]
        if trumps and _TRUMPS - known:
            return trumps[-1]
        if plain:
            return max(plain)
        others = [c for c in trumps if c != PETIT]
        if others:
            return others[-1]
        return PETIT if PETIT in legal else legal[0]

    @staticmethod
    def _suit_rounds(seen: Seen) -> list[int]:
        """How many times each plain suit has been led."""
        rounds = [0, 0, 0, 0, 0]
        for _, cards, _ in seen.tricks:
            first = cards[0] if cards[0] != EXCUSE else cards[1]
            rounds[first // 14 if first < EXCUSE else 4] += 1
        return rounds

    @staticmethod
    def _low_of_short_suit(hand: Sequence[int], plain: list[int]) -> int:
        lengths = [0, 0, 0, 0]
        for c in hand:
            if c < EXCUSE:
                lengths[c // 14] += 1
        return min(plain, key=lambda c: (lengths[c // 14], HALF_POINTS[c], c))

    @staticmethod
    def _low_of_long_suit(hand: Sequence[int], plain: list[int]) -> int:
        lengths = [0, 0, 0, 0]
        for c in hand:
            if c < EXCUSE:
                lengths[c // 14] += 1
        return min(plain, key=lambda c: (-lengths[c // 14], HALF_POINTS[c], c))


def play_deal(seed: int, bots: Sequence[Bot], players: int = 4, dealer: int = 0) -> FrenchTarot:
    """Play one whole deal through the checked engine, each bot seeing only its observation.

    Returns the final :class:`~.state.FrenchTarot` (phase ``scored``, or ``redeal`` when thrown
    in).  ``bots[seat]`` plays seat ``seat``.
    """
    if len(bots) != players:
        raise OptionError(f"give one bot per seat: {players} bots, not {len(bots)}")
    state = FrenchTarot.new(seed, players=players, dealer=dealer)
    while True:
        seat = state.to_play
        if seat < 0:
            return state
        state.play(bots[seat].act(state.observation(seat)))


# ----- levels of play ------------------------------------------------------------------------------
# A level's name -> a maker taking a seed.  The strong robot (.strong) searches with the club robot,
# so it imports this module and adds its level here when the package is imported.
_LEVELS: dict[str, Callable[[int], Bot]] = {"beginner": RandomBot, "club": lambda seed=0: HeuristicBot()}


def add_level(name: str, make: Callable[[int], Bot]) -> None:
    """Offer ``make(seed)`` as the robot of level ``name`` in :func:`for_level`."""
    _LEVELS[name] = make


def levels() -> tuple[str, ...]:
    """The levels :func:`for_level` knows, weakest first.

    >>> levels()
    ('beginner', 'club', 'strong')
    """
    return tuple(_LEVELS)


def for_level(level: str, seed: int = 0) -> Bot:
    """A robot of ``level``: ``"beginner"`` plays any legal card at random, ``"club"`` plays by rules
    of thumb (:class:`HeuristicBot`), ``"strong"`` searches the deals it cannot tell apart
    (:class:`~.strong.StrongBot`).  ``seed`` makes a random or searching robot repeatable.

    >>> for_level("club").name, for_level("beginner", seed=3).name
    ('heuristic', 'random')
    >>> for_level("expert")
    Traceback (most recent call last):
    ...
    tarot_learn.errors.OptionError: level must be one of beginner, club, strong, not 'expert'
    """
    make = _LEVELS.get(level) if isinstance(level, str) else None
    if make is None:
        raise OptionError(f"level must be one of {', '.join(_LEVELS)}, not {level!r}")
    return make(seed)
