"""One deal of French Tarot as a :class:`~tarot_learn.core.State` (rules FT-1 .. FT-39).

Seats are numbered 0..n-1 in playing order (FT-1): seat ``s + 1`` acts after seat ``s``.  Seat 0
is "South", the learner's seat in boards.  The deal moves through phases, one method each
(OpenSpiel style)::

    bidding -> calling (5 players) -> discarding (prise, garde) -> declaring -> playing -> scored
                        \\-> redeal   (petit sec, FT-4; everyone passed, FT-7)

Moves are ``core.Move`` values with an action and an argument:

====================== =========================================================================
``bid <contract>``     ``pass``, ``prise``, ``garde``, ``garde_sans``, ``garde_contre`` (FT-5, FT-6)
``call <card>``        five players: the card that makes its holder the partner (FT-8)
``discard <cards>``    the taker's discard (FT-11, FT-12); see below
``declare chelem``     the taker announces a chelem, or ``declare none`` (FT-14)
``declare poignee ..`` show a poignée before one's first card (FT-15, FT-16)
``play <card>``        play a card to the trick (FT-17 .. FT-24)
====================== =========================================================================

**Small move lists, every legal move accepted.**  ``legal_moves()`` lists the discard one card at
a time (``discard 3C``; six steps) and one poignée per size (the lowest trumps), so the list stays
short and a random player is fair.  The list's ``in`` test (which ``play`` uses) accepts *any* legal
move though: a whole discard at once (``discard 3C 4C 7W 8W 2P 5P``) or any valid choice of trumps
for a poignée.  A poignée is offered alongside the cards at a player's first turn, so declaring
none is simply playing a card (no one learns who held a poignée and chose not to show it).

The state keeps cards as the small numbers of :mod:`.rules`; the fast simulator in
:mod:`.simulate` runs the same rule functions without building moves.

>>> from tarot_learn import games
>>> s = games.new("french-tarot", seed=3)
>>> str(s.phase), s.to_play, [str(m) for m in s.legal_moves()]
('bidding', 1, ['bid pass', 'bid prise', 'bid garde', 'bid garde_sans', 'bid garde_contre'])
>>> _ = s.play("bid garde"); _ = s.play("passe"); s.play("bid prise")
Traceback (most recent call last):
...
tarot_learn.errors.IllegalMove: prise does not beat the garde already named: pass or bid higher (rule FT-5)
"""

from __future__ import annotations

import json
from enum import Enum
from typing import Any, Hashable, Iterator, Sequence

from ...cards import Card
from ...core import IllegalMove, LayoutError, Move, MoveSyntaxError, Option, OptionError, SaveError, State
from ..registry import register
from . import rules as R
from .observe import TarotObservation, build_observation
from .rules import EXCUSE
from .saved import FIELDS, Position, dealt_cards, read_position
from .scoring import DealScore

__all__ = ["FrenchTarot", "Phase"]


class Phase(str, Enum):
    """Where the deal stands; ``state.phase`` compares equal to these strings."""

    BIDDING = "bidding"
    CALLING = "calling"
    DISCARDING = "discarding"
    DECLARING = "declaring"
    PLAYING = "playing"
    SCORED = "scored"
    REDEAL = "redeal"

    def __str__(self) -> str:
        return self.value


_CONTRACT_WORDS = {
    "pass": "pass", "passe": "pass", "je passe": "pass",
    "prise": "prise", "petite": "prise", "je prends": "prise", "je prise": "prise",
    "take": "prise",
    "garde": "garde", "je garde": "garde", "guard": "garde",
    "garde sans": "garde_sans", "garde sans le chien": "garde_sans", "guard without": "garde_sans",
    "garde contre": "garde_contre", "garde contre le chien": "garde_contre",
    "guard against": "garde_contre",
}
_ACTION_WORDS = {"joue": "play", "jouer": "play", "appel": "call", "appelle": "call",
                 "ecart": "discard", "écart": "discard", "annonce": "declare"}
_DECLARE_WORDS = {"poignee": "poignee", "poignée": "poignee", "chelem": "chelem",
                  "none": "none", "rien": "none", "nothing": "none"}


class _LegalMoves(list):
    """The listed legal moves, whose ``in`` test accepts every legal move (see the module notes)."""

    def __init__(self, moves: list[Move], state: "FrenchTarot") -> None:
        super().__init__(moves)
        self._state = state

    def __contains__(self, move: object) -> bool:
        if list.__contains__(self, move):
            return True
        return isinstance(move, Move) and self._state._problem(move) is None


@register
class FrenchTarot(State):
    """A deal of French Tarot for 3, 4 or 5 players, after the FFT rules (``seeds/french_tarot.md``).

    Options: ``players`` (4, 3 or 5) and ``dealer`` (the dealer's seat).  A thrown-in deal (petit
    sec or everyone passing) ends in phase ``redeal``; ``reason`` says why, ``next_dealer`` who
    deals again (a ``Match`` does that).  A played deal ends in phase ``scored`` with ``result``,
    the :class:`~.scoring.DealScore` (``result.scores[seat]`` sums to zero).
    """

    name = "french-tarot"
    title = "French Tarot"
    code = "FT"
    pack = "tarot"
    options_spec = (
        Option("players", (4, 3, 5), 4, "number of players (FT-1)"),
        Option("dealer", (0, 1, 2, 3, 4), 0, "seat of the dealer; the next seat speaks first (FT-2)"),
    )

    @classmethod
    def _check_options(cls, options: dict[str, Any]) -> None:
        if options["dealer"] >= options["players"]:
            raise OptionError(f"french-tarot: dealer={options['dealer']} is not a seat of a "
                              f"{options['players']}-player table; choose 0 to {options['players'] - 1}")

    @classmethod
    def with_hands(cls, hands: "Sequence[Sequence[Card | str]]", dog: "Sequence[Card | str]",
                   dealer: int = 0) -> "FrenchTarot":
        """A deal with chosen hands (seat 0 first) and dog, for lessons and exercises: a custom
        position, so it has no deal code and its saves stay custom.

        >>> from tarot_learn.cards import tarot_deck
        >>> cards = [str(c) for c in tarot_deck()]
        >>> deal = FrenchTarot.with_hands([cards[i:i + 18] for i in range(0, 72, 18)], cards[72:])
        >>> deal.hand(1)[0], deal.deal_code, str(deal.phase)
        (Card.parse('5C'), None, 'bidding')
        """
        players = len(hands)
        options = cls.check_options({"players": players, "dealer": dealer})

        def lay_out(state: "FrenchTarot") -> None:
            state._reset(players, dealer)
            try:
                state.hands = [sorted(R.card_number(c) for c in h) for h in hands]
                state.dog = sorted(R.card_number(c) for c in dog)
            except (KeyError, AttributeError, TypeError):
                raise LayoutError("give each hand and the dog as cards or card texts like 'KC' or 'T21'") from None
            size, _, dog_size = R.layout(players)
            if any(len(h) != size for h in state.hands) or len(state.dog) != dog_size:
                raise LayoutError(f"with {players} players each hand holds {size} cards and the dog {dog_size}")
            if sorted(sum(state.hands, state.dog)) != list(range(78)):
                raise LayoutError("the hands and the dog must hold the 78 cards of the pack once each")
            state._check_petit_sec()

        return cls.build(lay_out, None, options)

    # ----- the position --------------------------------------------------------------------------
    def _reset(self, players: int, dealer: int) -> None:
        self.players = players
        self.dealer = dealer
        self.seat_names = R.seat_names(players)
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.dog: list[int] = []            # the dog pile while it lies apart
        self.dog_seen: list[int] = []       # the dog as it was shown (prise, garde)
        self.phase = Phase.BIDDING
        self.bids: list[int] = []           # in speaking order, from the dealer's neighbour
        self.taker = -1
        self.contract = R.PASS
        self.called = -1                    # the called card (5 players)
        self.partner = -1                   # its holder when not the taker
        self.discard: list[int] = []
        self.chelem_decided = False
        self.chelem = False
        self.poignees: list[tuple[int, tuple[int, ...]]] = []
        self.trick: list[int] = []
        self.leader = -1
        self.tricks: list[tuple[int, tuple[int, ...], int]] = []   # (leader, cards, winner)
        self.won: list[list[int]] = [[] for _ in range(players)]
        self.owed: tuple[int, int] | None = None   # an Excuse exchange waiting (FT-25)
        self.reason = ""
        self.result: DealScore | None = None

    def _deal(self, seed: int) -> None:
        """Phase deal (FT-3, FT-4): packets from the dealer's neighbour, the dog laid between."""
        self._reset(self.options["players"], self.options["dealer"])
        self.hands, self.dog = R.deal(seed, self.players, self.dealer)
        self._check_petit_sec()

    def _check_petit_sec(self) -> None:
        for seat, hand in enumerate(self.hands):
            if R.petit_sec(hand):
                self.phase = Phase.REDEAL
                self.reason = (f"petit sec: {self.seat_names[seat]} holds the Petit as their only "
                               f"trump, so the deal is thrown in before any bid (FT-4)")
                return

    @property
    def hand_size(self) -> int:
        return R.layout(self.players)[0]

    @property
    def dog_size(self) -> int:
        return R.layout(self.players)[2]

    @property
    def attack(self) -> list[bool]:
        """For each seat, whether it plays for the taker (the partner included, FT-9)."""
        return [s == self.taker or s == self.partner for s in range(self.players)]

    @property
    def next_dealer(self) -> int:
        """Who deals the next deal, played or thrown in (FT-2)."""
        return (self.dealer + 1) % self.players

    @property
    def to_play(self) -> int:
        """The seat whose decision it is (-1 once the deal is over)."""
        if self.phase is Phase.BIDDING:
            return (self.dealer + 1 + len(self.bids)) % self.players
        if self.phase in (Phase.CALLING, Phase.DISCARDING, Phase.DECLARING):
            return self.taker
        if self.phase is Phase.PLAYING:
            return (self.leader + len(self.trick)) % self.players
        return -1

    def _poignee_pool(self, seat: int) -> list[int]:
        pool = [c for c in self.hands[seat] if c >= EXCUSE]
        if seat == self.taker:
            pool += [c for c in self.discard if c > EXCUSE]   # forced trumps still count (FT-16)
        return pool

    def _may_show_poignee(self, seat: int) -> bool:
        """Before the seat's first card and not yet shown (FT-15)."""
        if self.tricks or any(s == seat for s, _ in self.poignees):
            return False
        return (seat - self.leader) % self.players >= len(self.trick)

    def _first_lead_barred(self) -> set[int]:
        """Cards the opening lead may not be: the called suit but the called card (FT-10)."""
        if self.players != 5 or self.tricks or self.trick or self.called < 0:
            return set()
        lo = self.called - self.called % 14
        barred = {c for c in self.hands[self.to_play] if lo <= c < lo + 14 and c != self.called}
        return barred if len(barred) < len(self.hands[self.to_play]) else set()

    # ----- legal actions (shared by moves and the simulator) -------------------------------------
    def legal_actions(self) -> list[tuple[str, Any]]:
        """The listed legal moves as ``(action, number or cards)`` pairs, in ``legal_moves`` order."""
        phase, seat = self.phase, self.to_play
        if phase is Phase.BIDDING:
            return [("bid", R.PASS)] + [("bid", k) for k in R.CONTRACTS if k > self.contract]
        if phase is Phase.CALLING:
            return [("call", c) for c in R.callable_cards(self.hands[seat])]
        if phase is Phase.DISCARDING:
            remaining = self.dog_size - len(self.discard)
            return [("discard", c) for c in R.discard_allowed(self.hands[seat], remaining)]
        if phase is Phase.DECLARING:
            return [("declare", "none"), ("declare", "chelem")]
        if phase is Phase.PLAYING:
            out: list[tuple[str, Any]] = []
            if self._may_show_poignee(seat):
                out += [("poignee", p) for p in R.poignee_choices(self.players, self._poignee_pool(seat))]
            plays = R.legal_plays(self.hands[seat], self.trick)
            barred = self._first_lead_barred()
            out += [("play", c) for c in plays if c not in barred]
            return out
        return []

    @staticmethod
    def action_move(action: tuple[str, Any]) -> Move:
        """The move of an action pair from :meth:`legal_actions`."""
        kind, arg = action
        if kind == "bid":
            return Move("bid", arg=R.CONTRACT_NAMES[arg])
        if kind == "declare":
            return Move("declare", arg=arg)
        if kind == "poignee":
            return Move("declare", arg="poignee " + " ".join(R.text(c) for c in arg))
        return Move(kind, arg=R.text(arg))

    def _legal_moves(self) -> list[Move]:
        return _LegalMoves([self.action_move(a) for a in self.legal_actions()], self)

    # ----- reading moves -------------------------------------------------------------------------
    def parse_move(self, text: "str | Move") -> Move:
        """Read a move; French words and bare cards are understood too.

        >>> from tarot_learn import games
        >>> s = games.new("french-tarot", seed=3)
        >>> [str(s.parse_move(t)) for t in ("Je passe", "garde sans le chien", "bid Garde-Contre")]
        ['bid pass', 'bid garde_sans', 'bid garde_contre']
        >>> str(s.parse_move("poignée t21 t20")), str(s.parse_move("ecart 3c 2C"))
        ('declare poignee T21 T20', 'discard 2C 3C')
        """
        if isinstance(text, Move):
            move = text
        elif isinstance(text, str):
            move = self._parse_text(text)
        else:
            raise MoveSyntaxError(f"a move is text like 'play T21' or a Move, not {type(text).__name__}")
        return self._canonical(move)

    def _parse_text(self, text: str) -> Move:
        raw = " ".join(text.replace("-", " ").replace("_", " ").split()).lower()
        if raw in _CONTRACT_WORDS:
            return Move("bid", arg=_CONTRACT_WORDS[raw])
        word, _, rest = raw.partition(" ")
        word = _ACTION_WORDS.get(word, word)
        if word in _DECLARE_WORDS:
            return Move("declare", arg=" ".join([_DECLARE_WORDS[word]] + rest.split()))
        if word == "bid":
            return Move("bid", arg=_CONTRACT_WORDS.get(rest, rest.replace(" ", "_")))
        if word in ("play", "call", "discard", "declare"):
            return Move(word, arg=rest)
        try:   # bare cards: what the phase asks for
            R.card_number(word)
        except KeyError:
            move = Move.parse(text)
            if move.action != "move":     # a patience move is a move, refused by the rules
                raise MoveSyntaxError(f"{text!r} is not a move: write e.g. 'bid garde', 'call KS', "
                                      "'discard 3C', 'declare none' or 'play T21'") from None
            return move
        action = {Phase.CALLING: "call", Phase.DISCARDING: "discard"}.get(self.phase, "play")
        return Move(action, arg=raw)

    def _canonical(self, move: Move) -> Move:
        """One spelling per move: cards upper case, a discard in pack order, a poignée high to low."""
        if move.action not in ("play", "call", "discard", "declare", "bid") or move.src or move.dst:
            return move
        words = move.arg.replace(",", " ").split()
        if move.action == "bid":
            key = " ".join(move.arg.replace("_", " ").split()).lower()
            return Move("bid", arg=_CONTRACT_WORDS.get(key, move.arg.strip().lower()))
        if move.action == "declare":
            if not words:
                return move
            kind = _DECLARE_WORDS.get(words[0].lower(), words[0].lower())
            cards = self._numbers(words[1:])
            if cards is None:
                return Move("declare", arg=" ".join([kind] + words[1:]))
            return Move("declare", arg=" ".join([kind] + [R.text(c) for c in sorted(cards, reverse=True)]))
        cards = self._numbers(words)
        if cards is None:
            return Move(move.action, arg=move.arg.strip())
        if move.action == "discard":
            cards = sorted(cards)
        return Move(move.action, arg=" ".join(R.text(c) for c in cards))

    @staticmethod
    def _numbers(words: list[str]) -> list[int] | None:
        try:
            return [R.card_number(w) for w in words]
        except KeyError:
            return None

    # ----- validation: one function says what is wrong with a move -------------------------------
    def _problem(self, move: Move) -> IllegalMove | None:
        """``None`` for a legal move, else the :class:`IllegalMove` naming the rule it breaks."""
        phase, seat = self.phase, self.to_play
        expect = {
            Phase.BIDDING: ("bid", "FT-5", "it is the bidding: 'bid pass', 'bid prise', 'bid garde', "
                            "'bid garde_sans' or 'bid garde_contre'"),
            Phase.CALLING: ("call", "FT-8", "the taker now calls a king, e.g. 'call KS'"),
            Phase.DISCARDING: ("discard", "FT-11", "the taker now discards, e.g. 'discard 3C'"),
            Phase.DECLARING: ("declare", "FT-14", "the taker may now announce a chelem: "
                              "'declare chelem' or 'declare none'"),
            Phase.PLAYING: ("play", "FT-17", "cards are being played, e.g. 'play T21'"),
        }
        if phase in (Phase.SCORED, Phase.REDEAL):
            why = "the deal is scored" if phase is Phase.SCORED else self.reason
            rule = "FT-2" if phase is Phase.REDEAL else "FT-39"
            return IllegalMove(f"the deal is over ({why}): no more moves", rule=rule, move=move)
        action, rule, hint = expect[phase]
        if move.src or move.dst:
            return IllegalMove(f"{move} is a patience move; {hint}", rule=rule, move=move)
        if move.action == "declare" and phase is Phase.PLAYING:
            if move.arg.startswith("poignee"):
                return self._poignee_problem(seat, move)
            if move.arg == "chelem":
                return IllegalMove("a chelem is announced by the taker before the first card, not "
                                   "once the play has begun", rule="FT-14", move=move)
        if move.action != action:
            return IllegalMove(f"'{move}' does not fit now: {hint}", rule=rule, move=move)
        return getattr(self, f"_check_{action}")(seat, move)

    def _check_bid(self, seat: int, move: Move) -> IllegalMove | None:
        if move.arg not in R.CONTRACT_NAMES:
            return IllegalMove(f"{move.arg!r} is not a contract: bid pass, prise, garde, garde_sans "
                               "or garde_contre", rule="FT-6", move=move)
        k = R.CONTRACT_NAMES.index(move.arg)
        if k != R.PASS and k <= self.contract:
            return IllegalMove(f"{move.arg} does not beat the {R.CONTRACT_NAMES[self.contract]} "
                               "already named: pass or bid higher", rule="FT-5", move=move)
        return None

    def _check_call(self, seat: int, move: Move) -> IllegalMove | None:
        cards = self._numbers(move.arg.split())
        if not cards or len(cards) != 1:
            return IllegalMove(f"call one card, written like 'call KS', not {move.arg!r}", rule="FT-8", move=move)
        allowed = R.callable_cards(self.hands[seat])
        if cards[0] not in allowed:
            return IllegalMove(f"you may call {', '.join(R.text(c) for c in allowed)}: a king, or a "
                               "lower rank only when you hold every card above it", rule="FT-8", move=move)
        return None

    def _check_discard(self, seat: int, move: Move) -> IllegalMove | None:
        cards = self._numbers(move.arg.split())
        if cards is None:
            return IllegalMove(f"{move.arg!r} is not a list of cards: write e.g. 'discard 3C 4C'",
                               rule="FT-11", move=move)
        found = R.discard_problem(self.hands[seat], self.dog_size - len(self.discard), cards)
        return IllegalMove(found[1], rule=found[0], move=move) if found else None

    def _check_declare(self, seat: int, move: Move) -> IllegalMove | None:
        if move.arg in ("none", "chelem"):
            return None
        if move.arg.startswith("poignee"):
            return IllegalMove("a poignée is shown just before your first card, once the play has "
                               "begun", rule="FT-15", move=move)
        return IllegalMove(f"declare chelem or none here, not {move.arg!r}", rule="FT-14", move=move)

    def _poignee_problem(self, seat: int, move: Move) -> IllegalMove | None:
        if not self._may_show_poignee(seat):
            return IllegalMove(f"{self.seat_names[seat]} has already played or shown a poignée: it "
                               "is shown once, before the first card", rule="FT-15", move=move)
        cards = self._numbers(move.arg.split()[1:])
        if cards is None:
            return IllegalMove(f"write a poignée as trumps, e.g. 'declare poignee T21 T20 ...', "
                               f"not {move.arg!r}", rule="FT-15", move=move)
        found = R.poignee_problem(self.players, self._poignee_pool(seat), cards)
        return IllegalMove(found[1], rule=found[0], move=move) if found else None

    def _check_play(self, seat: int, move: Move) -> IllegalMove | None:
        cards = self._numbers(move.arg.split())
        if not cards or len(cards) != 1:
            return IllegalMove(f"play one card, written like 'play T21' or 'play KC', not {move.arg!r}",
                               rule="FT-17", move=move)
        card, hand = cards[0], self.hands[seat]
        if card not in R.legal_plays(hand, self.trick) or card not in hand:
            rule, why = R.play_rule(hand, self.trick, card)
            return IllegalMove(why, rule=rule, move=move)
        if card in self._first_lead_barred():
            return IllegalMove("the opening lead may not be a card of the called suit, except the "
                               f"called card {R.text(self.called)} itself", rule="FT-10", move=move)
        return None

    def _why_illegal(self, move: Move) -> IllegalMove:
        return self._problem(move) or IllegalMove(f"{move} is not a legal move here", move=move)

    def play_as(self, seat: int, move: "Move | str") -> Move:
        """Play ``move`` for ``seat``: a user interface's entry point, which refuses a seat acting
        out of turn (moves carry no seat, so :meth:`play` always acts for :attr:`to_play`).

        >>> from tarot_learn import games
        >>> games.new("french-tarot", seed=3).play_as(2, "bid pass")
        Traceback (most recent call last):
        ...
        tarot_learn.errors.IllegalMove: it is East's turn, not North's (rule FT-5)
        """
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise OptionError(f"seat must be 0 to {self.players - 1}, not {seat!r}")
        if seat != self.to_play:
            if self.to_play < 0:
                raise IllegalMove("the deal is over: no one is to play", rule="FT-39")
            rule = "FT-5" if self.phase is Phase.BIDDING else "FT-17"
            raise IllegalMove(f"it is {self.seat_names[self.to_play]}'s turn, not "
                              f"{self.seat_names[seat]}'s", rule=rule)
        return self.play(move)

    # ----- making moves: one method per phase ----------------------------------------------------
    def _save(self) -> tuple:
        return (self.phase, [list(h) for h in self.hands], list(self.dog), list(self.dog_seen),
                list(self.bids), self.taker, self.contract, self.called, self.partner,
                list(self.discard), self.chelem_decided, self.chelem, list(self.poignees),
                list(self.trick), self.leader, list(self.tricks), [list(p) for p in self.won],
                self.owed, self.reason, self.result)

    def _load_saved(self, saved: tuple) -> None:
        (self.phase, self.hands, self.dog, self.dog_seen, self.bids, self.taker, self.contract,
         self.called, self.partner, self.discard, self.chelem_decided, self.chelem, self.poignees,
         self.trick, self.leader, self.tricks, self.won, self.owed, self.reason, self.result) = saved

    def _apply(self, move: Move) -> tuple:
        record = self._save()
        seat = self.to_play
        if move.action == "bid":
            self._apply_bid(seat, R.CONTRACT_NAMES.index(move.arg))
        elif move.action == "call":
            self._apply_call(R.card_number(move.arg))
        elif move.action == "discard":
            self._apply_discard([R.card_number(w) for w in move.arg.split()])
        elif move.arg.startswith("poignee"):
            self._apply_poignee(seat, tuple(R.card_number(w) for w in move.arg.split()[1:]))
        elif move.action == "declare":
            self._apply_declare(move.arg == "chelem")
        else:
            self._apply_play(seat, R.card_number(move.arg))
        return record

    def _unapply(self, move: Move, record: tuple) -> None:
        self._load_saved(record)

    def _apply_bid(self, seat: int, contract: int) -> None:
        """Phase bidding (FT-5 .. FT-7)."""
        self.bids.append(contract)
        if contract > self.contract:
            self.contract, self.taker = contract, seat
        if len(self.bids) < self.players:
            return
        if self.contract == R.PASS:
            self.phase = Phase.REDEAL
            self.reason = "everyone passed, so the deal is thrown in (FT-7)"
        elif self.players == 5:
            self.phase = Phase.CALLING
        else:
            self._open_dog()

    def _apply_call(self, card: int) -> None:
        """Phase calling (FT-8, FT-9): the holder of the card partners the taker, silently."""
        self.called = card
        holder = next((s for s, h in enumerate(self.hands) if card in h), -1)
        self.partner = holder if holder != self.taker else -1
        self._open_dog()

    def _open_dog(self) -> None:
        """The dog is shown and taken on a prise or garde (FT-11), left face down otherwise (FT-13)."""
        if self.contract <= R.GARDE:
            self.dog_seen = list(self.dog)
            self.hands[self.taker] = sorted(self.hands[self.taker] + self.dog)
            self.dog = []
            self.phase = Phase.DISCARDING
        else:
            self.phase = Phase.DECLARING

    def _apply_discard(self, cards: list[int]) -> None:
        """Phase discarding (FT-11, FT-12): one card or several at a time."""
        hand = self.hands[self.taker]
        for c in cards:
            hand.remove(c)
        self.discard = sorted(self.discard + cards)
        if len(self.discard) == self.dog_size:
            self.phase = Phase.DECLARING

    def _apply_declare(self, chelem: bool) -> None:
        """Phase declaring (FT-14): the chelem announcement, then the first lead (FT-17)."""
        self.chelem_decided, self.chelem = True, chelem
        self.leader = self.taker if chelem else (self.dealer + 1) % self.players
        self.phase = Phase.PLAYING

    def _apply_poignee(self, seat: int, cards: tuple[int, ...]) -> None:
        """A poignée shown before the seat's first card (FT-15)."""
        self.poignees.append((seat, tuple(sorted(cards, reverse=True))))

    def _apply_play(self, seat: int, card: int) -> None:
        """Phase playing (FT-17 .. FT-26): a card to the trick; a full trick is gathered."""
        self.hands[seat].remove(card)
        self.trick.append(card)
        if len(self.trick) < self.players:
            return
        is_last = not self.hands[seat]
        attack = self.attack
        lead_side = attack[self.leader]
        swept = all(attack[w] == lead_side for _, _, w in self.tricks)
        winner, self.owed = R.resolve_trick(self.trick, self.leader, is_last, swept, attack,
                                            self.won, self.owed)
        self.tricks.append((self.leader, tuple(self.trick), winner))
        self.trick = []
        self.leader = winner
        if is_last:
            self._finish()

    def _finish(self) -> None:
        """Phase scored (FT-27 .. FT-39)."""
        attack = self.attack
        counted = R.tally(self.contract, attack, self.won, self.discard, self.dog, self.owed,
                          self.tricks, self.chelem)
        shown = [(attack[s], len(cards)) for s, cards in self.poignees]
        self.result = R.score(self.players, self.contract, self.taker, self.partner, counted, shown)
        self.phase = Phase.SCORED

    # ----- facts about the position --------------------------------------------------------------
    def key(self) -> Hashable:
        return (self.players, self.dealer, self.phase.value, tuple(map(tuple, self.hands)),
                tuple(self.dog), tuple(self.dog_seen), tuple(self.bids), self.taker, self.contract,
                self.called, self.partner, tuple(self.discard), self.chelem_decided, self.chelem,
                tuple(self.poignees), tuple(self.trick), self.leader, tuple(self.tricks),
                tuple(map(tuple, self.won)), self.owed)

    def cards(self) -> list[Card]:
        """All 78 cards: hands, dog, discard, the trick on the table and every won pile."""
        numbers = [c for h in self.hands for c in h] + self.dog + self.discard + self.trick
        numbers += [c for pile in self.won for c in pile]
        return [R.CARDS[c] for c in numbers]

    # ----- the State contract ---------------------------------------------------------------------
    def num_players(self) -> int:
        """The seats at the table (3, 4 or 5)."""
        return self.players

    def current_player(self) -> int | None:
        """The seat to act; ``None`` once the deal is scored or thrown in."""
        seat = self.to_play
        return None if seat < 0 else seat

    def returns(self) -> tuple[float, ...]:
        """Each seat's score for the deal (FT-39; they sum to 0); all 0.0 until it is scored and
        when it is thrown in.

        >>> from tarot_learn import games
        >>> games.new("french-tarot", seed=3).returns()
        (0.0, 0.0, 0.0, 0.0)
        """
        if self.result is None:
            return (0.0,) * self.players
        return tuple(float(v) for v in self.result.scores)

    def _repr_outcome(self) -> str:
        if self.phase is Phase.SCORED:
            return "scored"
        return "thrown in" if self.phase is Phase.REDEAL else ""

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds, in pack order (all hands: a teacher's or a test's view).

        >>> from tarot_learn import games
        >>> len(games.new("french-tarot", seed=3).hand(0))
        18
        """
        return [R.CARDS[c] for c in self.hands[seat]]

    @property
    def partner_known(self) -> bool:
        """True once the called card has been played (FT-9)."""
        if self.called < 0:
            return False
        return self.called in self.trick or any(self.called in cards for _, cards, _ in self.tricks)

    # ----- saving --------------------------------------------------------------------------------
    def _snapshot(self) -> dict[str, Any]:
        t = R.text
        return {
            "players": self.players, "dealer": self.dealer, "phase": self.phase.value,
            "hands": [[t(c) for c in h] for h in self.hands], "dog": [t(c) for c in self.dog],
            "dog_seen": [t(c) for c in self.dog_seen], "bids": [R.CONTRACT_NAMES[b] for b in self.bids],
            "taker": self.taker, "contract": R.CONTRACT_NAMES[self.contract],
            "called": t(self.called) if self.called >= 0 else None, "partner": self.partner,
            "discard": [t(c) for c in self.discard], "chelem_decided": self.chelem_decided,
            "chelem": self.chelem, "poignees": [[s, [t(c) for c in cs]] for s, cs in self.poignees],
            "trick": [t(c) for c in self.trick], "leader": self.leader,
            "tricks": [[lead, [t(c) for c in cs], w] for lead, cs, w in self.tricks],
            "won": [[t(c) for c in p] for p in self.won], "owed": list(self.owed) if self.owed else None,
            "reason": self.reason,
        }

    def _restore(self, data: dict[str, Any]) -> None:
        """A saved position, trusted only once it is reached by legal play: its fields are read and
        checked (:func:`.saved.read_position`), the deal they imply is worked back
        (:func:`.saved.dealt_cards`) and the bids, call, discard, announcements, poignées and tricks
        are replayed on it under the rules; the result must be the saved position, field by field.
        Anything else is a :class:`SaveError` naming what is wrong."""
        pos = read_position(data, self.options)
        hands, dog, plays = dealt_cards(pos)
        self._reset(pos.players, pos.dealer)
        self.hands, self.dog = hands, dog
        self._check_petit_sec()
        for what, move in self._saved_moves(pos, plays):
            problem = self._problem(move)
            if problem is not None:
                raise SaveError(f"the save's position is not reached by legal play: {what} is refused "
                                f"({problem})")
            self._apply(move)
        mine = self._snapshot()
        for field in FIELDS:
            if json.dumps(mine[field]) != json.dumps(data[field]):
                raise SaveError(f"the save's position does not add up: its {field} is not what its deal, bids "
                                "and tricks give")

    @staticmethod
    def _saved_moves(pos: Position, plays: list[tuple[int, int]]) -> "Iterator[tuple[str, Move]]":
        """The moves that lead from the deal to a saved position, each with what it stands for."""
        names = R.seat_names(pos.players)
        for i, bid in enumerate(pos.bids, 1):
            yield f"bid {i}", Move("bid", arg=R.CONTRACT_NAMES[bid])
        if pos.called >= 0:
            yield "the called card", Move("call", arg=R.text(pos.called))
        if pos.discard:
            yield "the discard", Move("discard", arg=" ".join(R.text(c) for c in pos.discard))
        if pos.chelem_decided:
            yield "the chelem announcement", Move("declare", arg="chelem" if pos.chelem else "none")
        shown = {seat: cards for seat, cards in pos.poignees}
        for i, (seat, card) in enumerate(plays):
            if seat in shown:
                yield f"{names[seat]}'s poignée", Move("declare", arg="poignee " + " ".join(
                    R.text(c) for c in shown.pop(seat)))
            yield f"card {i + 1} played ({R.text(card)} by {names[seat]})", Move("play", arg=R.text(card))
        for seat, cards in shown.items():   # shown by the seat to play, before its first card
            yield f"{names[seat]}'s poignée", Move("declare", arg="poignee " + " ".join(R.text(c) for c in cards))

    # ----- what players see ----------------------------------------------------------------------
    def observation(self, player: int = 0) -> TarotObservation:
        """Everything ``player`` (a seat, or ``SPECTATOR``) may know, as a typed
        :class:`~.observe.TarotObservation` (bots use only this, FT-44).

        Hidden: other hands (a count each), an unseen dog (FT-13), the taker's discard but its
        trumps (FT-12) and, with five players, who the partner is until the called card shows
        (FT-9); the legal moves go to the seat to act only.

        >>> from tarot_learn import games
        >>> obs = games.new("french-tarot", seed=3).observation(0)
        >>> len(obs.hand), obs.pile("hand:1").hidden, obs.pile("dog").hidden, obs.legal
        (18, 18, 6, ())
        """
        return build_observation(self, self.check_player(player))

    def status(self) -> str:
        """One line: whose turn it is to do what, or how the deal ended."""
        names = self.seat_names
        if self.phase is Phase.REDEAL:
            return f"Thrown in: {self.reason}. {names[self.next_dealer]} deals next."
        if self.phase is Phase.SCORED:
            return self.result.headline() if self.result else "Scored."
        who = names[self.to_play]
        return {
            Phase.BIDDING: f"{who} to bid (FT-5).",
            Phase.CALLING: f"{who} to call a king (FT-8).",
            Phase.DISCARDING: f"{who} to discard {self.dog_size - len(self.discard)} more card(s) (FT-11).",
            Phase.DECLARING: f"{who} may announce a chelem (FT-14).",
            Phase.PLAYING: f"{who} to play (FT-17).",
        }[self.phase]

    # ----- explanations --------------------------------------------------------------------------
    def _explain(self, move: Move) -> str:
        seat = self.to_play
        if move.action == "bid":
            k = R.CONTRACT_NAMES.index(move.arg)
            if k == R.PASS:
                return "Passing is always allowed; each player speaks once (FT-5)."
            dog = ("the dog is shown and taken, then discarded (FT-11)" if k <= R.GARDE else
                   "the dog stays face down and counts for the " +
                   ("taker (FT-13)" if k == R.GARDE_SANS else "defence (FT-13)"))
            label = move.arg.replace("_", " ").capitalize()
            return (f"{label} (x{R.MULTIPLIER[k]}) is higher than every contract named so far "
                    f"(FT-5, FT-6); {dog}.")
        if move.action == "call":
            return (f"Calling {R.CARDS[R.card_number(move.arg)].french_name}: its holder becomes "
                    "your partner, unknown until the card is played (FT-8, FT-9).")
        if move.action == "discard":
            cards = [R.card_number(w) for w in move.arg.split()]
            if any(c > EXCUSE for c in cards):
                return ("Trumps may be discarded here because too few other cards (no kings, no "
                        "bouts) are left; they are shown to everyone (FT-12).")
            return "Neither a king nor a bout: these cards may be discarded (FT-11, FT-12)."
        if move.arg == "chelem":
            return "You announce a chelem: you will lead the first trick and must win them all (FT-14, FT-38)."
        if move.arg == "none":
            return "No chelem announced; the player after the dealer leads (FT-14, FT-17)."
        if move.arg.startswith("poignee"):
            size = len(move.arg.split()) - 1
            level = ("simple", "double", "triple")[R.poignee_level(self.players, size) - 1]
            return (f"A {level} poignée of {size} trumps, shown before your first card (FT-15); "
                    "its bonus goes to the side that wins the deal (FT-37).")
        card = R.card_number(move.arg)
        rule, why = R.play_rule(self.hands[seat], self.trick, card)
        if self.called >= 0 and card == self.called and not self.partner_known:
            why += f"; it is the called card, so {self.seat_names[seat]} is revealed as the partner (FT-9)"
        return f"{why[0].upper()}{why[1:]} ({rule})."
