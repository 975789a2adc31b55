"""Advice that explains itself: what a good player would bid with a hand, and which card to play, and why.

The count is the computer players' own (:func:`.bots.strength_terms`, the usual point-count rule
of thumb: trumps and big trumps, the bouts, kings and other honours, voids, singletons and long
suits); the contract is the one the club robot (:class:`.bots.HeuristicBot`) bids with that count,
so the advice and the club robots at the table never disagree (the strong robot weighs its bids by
search and may bid less boldly).  The card to play is the strong robot's
(:func:`.strong.evaluate`): each legal card's expected score over the deals the seat cannot tell
apart, with the rule of thumb it follows when one applies (:func:`play_advice`).  The discard
(:func:`discard_advice`) and the king call (:func:`call_advice`) are scored the same way, over
random deals of the cards the taker has not seen.  Standard library only.

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
from .observe import TarotObservation
from .rules import EXCUSE, HALF_POINTS, PETIT, TWENTY_ONE
from .scoring import CONTRACT_LABELS
from .strong import (DEFAULT_CALL_WORLDS, DEFAULT_DISCARD_WORLDS, DEFAULT_PLAYOUTS, DEFAULT_WORLDS, Evaluation,
                     call_scores, discard_scores, evaluate)

__all__ = ["Advice", "bid_advice", "bid_thresholds", "PlayAdvice", "play_advice", "principle", "DiscardAdvice",
           "discard_advice", "discard_principle", "call_advice", "call_principle"]


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


# ----- the card to play ------------------------------------------------------------------------------
@dataclass(frozen=True)
class PlayAdvice:
    """The card to play with its reasons: ``card`` in notation (``'T21'``), ``expected`` each legal
    card with the seat's mean score for the deal over ``worlds`` sampled deals, best first, and
    ``principle`` the rule of thumb the card follows (a sentence; ``''`` when none applies)."""

    card: str
    expected: tuple[tuple[str, float], ...]
    principle: str
    worlds: int
    verb: str = "Play"           # "Call" for the king call's advice

    @property
    def reason(self) -> str:
        """One sentence: the principle, or why the card is chosen when no rule of thumb decides."""
        if self.principle:
            return self.principle
        name = R.CARDS[R.card_number(self.card)].french_name.removeprefix("the ")
        if len(self.expected) == 1:
            return (f"The {name} is the only card you may call (FT-8)." if self.verb == "Call" else
                    f"The {name} is the only card you may play (FT-18 .. FT-21).")
        return (f"No rule of thumb decides here: the {name} scores best over {self.worlds} deals "
                "of the cards you cannot see.")

    def __str__(self) -> str:
        scores = ", ".join(f"{card} {mean:+.1f}" for card, mean in self.expected)
        return f"{self.verb} {self.card}. {self.reason} Expected scores: {scores}."

    def _repr_markdown_(self) -> str:
        lines = [f"**Advice: {self.verb.lower()} {self.card}**", "", self.reason, "", "| card | expected score |",
                 "|---|---|"]
        lines += [f"| {card} | {mean:+.1f} |" for card, mean in self.expected]
        return "\n".join(lines)


def play_advice(position: "TarotObservation | Seen", *, seed: int = 0, worlds: int = DEFAULT_WORLDS,
                playouts: int = DEFAULT_PLAYOUTS) -> PlayAdvice:
    """The card the seat to play should play, from its observation (or its :class:`~.bots.Seen`):
    the strong robot's choice, each legal card's expected score, and the principle.

    It sees only what the seat sees: two positions alike to the seat give the same advice for
    the same ``seed``.  ``worlds`` and ``playouts`` are the search's budget (see
    :func:`.strong.evaluate`).
    """
    seen = position if isinstance(position, Seen) else _seen_of(position)
    if seen.phase != "playing" or not seen.plays:
        raise OptionError("play advice is for the seat to play a card: ask when it is your turn in the play")
    found = evaluate(seen, seed=seed, worlds=worlds, playouts=playouts)
    best = found.best()
    return PlayAdvice(R.text(best), _expected(found), principle(seen, best), found.worlds)


def _seen_of(observation: TarotObservation) -> Seen:
    if not isinstance(observation, TarotObservation):
        raise OptionError(f"give a French Tarot observation of the seat to play, not {type(observation).__name__}")
    return Seen.from_observation(observation)


def _expected(found: Evaluation) -> tuple[tuple[str, float], ...]:
    order = sorted(found.cards, key=lambda c: (-found.mean(c), c != found.best(), c))
    return tuple((R.text(c), round(found.mean(c), 1)) for c in order)


def _friend(seen: Seen, seat: int) -> bool:
    """``seat`` is on this seat's side as far as it knows (an unknown partner counts as no friend)."""
    me, taker, partner = seen.seat, seen.taker, seen.partner
    if seat == me:
        return True
    if partner is None:
        return False
    attack = {taker} | ({partner} if partner >= 0 else set())
    return (me in attack) == (seat in attack)


def principle(seen: Seen, card: int) -> str:
    """The rule of thumb that playing ``card`` follows in ``seen``, as a sentence; ``''`` if none.

    >>> s = Seen()
    >>> s.phase, s.players, s.seat, s.taker, s.leader = "playing", 4, 0, 0, 0
    >>> s.hand = [R.card_number(t) for t in ("3C", "T7", "T18", "T21")]
    >>> principle(s, R.card_number("T18")).split(":")[0]
    'Draw trumps'
    """
    trick = seen.trick
    n = seen.players
    winning = R.trick_winner(trick) if trick and any(c != EXCUSE for c in trick) else -1
    friend_wins = winning >= 0 and _friend(seen, (seen.leader + winning) % n)
    points = sum(HALF_POINTS[c] for c in trick) / 2
    attack = seen.seat == seen.taker or (seen.partner is not None and seen.partner >= 0
                                         and seen.seat == seen.partner)
    if card == PETIT:
        return _petit_sentence(seen, friend_wins)
    if card == TWENTY_ONE and trick and (points >= 4 or PETIT in trick):
        return (f"Take a valuable trick with the 21: nothing beats it, and the trick holds "
                f"{format_points(sum(HALF_POINTS[c] for c in trick))} points.")
    if friend_wins and card < EXCUSE and HALF_POINTS[card] >= 3:
        return ("Load points on a trick your side wins: your partner holds it, so give it your "
                f"{R.CARDS[card].french_name} ({format_points(HALF_POINTS[card])} points).")
    if not trick and attack and card > PETIT:
        return ("Draw trumps: as the attack, lead trumps to pull the defence's, so that they cannot "
                "cut your kings or catch your Petit.")
    return _guard_sentence(seen, card)


def _petit_sentence(seen: Seen, friend_wins: bool) -> str:
    if len(seen.hand) == 1:
        return "Petit au bout: the Petit in the last trick scores its bonus for the side that takes it (FT-29)."
    if friend_wins:
        return ("Save the Petit: your side is taking this trick, so the Petit (a bout, 4.5 points) "
                "lands safely in your side's tricks.")
    return ""


def _guard_sentence(seen: Seen, card: int) -> str:
    """Keep a guard on a king: not throwing the one small card that protects a king."""
    if card >= EXCUSE or card in R.KINGS:
        return ""
    for king in R.KINGS:
        suit = [c for c in seen.hand if king - 13 <= c <= king]
        if king in seen.hand and len(suit) == 2 and card not in suit:
            guard = suit[0]
            if guard in seen.plays:
                return (f"Keep a guard on a king: {R.text(guard)} protects your {R.CARDS[king].french_name}, "
                        "which alone would fall to the first lead of its suit; throw another card.")
    return ""


# ----- the discard and the king call ------------------------------------------------------------------
def _suit_of(card: int) -> str:
    """``'Spades'`` for a plain card (its French suit name)."""
    return R.CARDS[card // 14 * 14 + 13].french_name.split(" of ")[1]


def _and(words: "Iterable[str]") -> str:
    """``'a, b and c'``."""
    words = list(words)
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else "".join(words)


def _means(scores: dict[int, list[int]]) -> dict[int, float]:
    return {c: (sum(v) / len(v) if v else 0.0) for c, v in scores.items()}


def _ranked(mean: dict[int, float], favourite: int) -> tuple[tuple[str, float], ...]:
    """Every card with its mean, best first; a tie goes to ``favourite`` (the club robot's), then the lowest."""
    order = sorted(mean, key=lambda c: (-mean[c], c != favourite, c))
    return tuple((R.text(c), round(mean[c], 1)) for c in order)


@dataclass(frozen=True)
class DiscardAdvice:
    """The cards to lay aside with their reasons: ``cards`` the whole discard still to make, in
    notation, in the order the search chose them; ``expected`` each card that may go aside first
    with the taker's mean score for the deal over ``worlds`` sampled deals, best first; ``principle``
    the rules of thumb the discard follows (sentences)."""

    cards: tuple[str, ...]
    expected: tuple[tuple[str, float], ...]
    principle: str
    worlds: int

    @property
    def card(self) -> str:
        """The first card to lay aside."""
        return self.cards[0]

    @property
    def reason(self) -> str:
        """The principles, or why these cards when no rule of thumb names them."""
        return self.principle or (f"No rule of thumb decides here: these cards score best over {self.worlds} "
                                  "deals of the cards you cannot see.")

    def __str__(self) -> str:
        scores = ", ".join(f"{card} {mean:+.1f}" for card, mean in self.expected)
        return f"Lay aside {' '.join(self.cards)}. {self.reason} Expected scores, card first aside: {scores}."

    def _repr_markdown_(self) -> str:
        lines = [f"**Advice: lay aside {' '.join(self.cards)}**", "", self.reason, "",
                 "| card first aside | expected score |", "|---|---|"]
        lines += [f"| {card} | {mean:+.1f} |" for card, mean in self.expected]
        return "\n".join(lines)


def discard_advice(position: "TarotObservation | Seen", *, seed: int = 0,
                   worlds: int = DEFAULT_DISCARD_WORLDS) -> DiscardAdvice:
    """The discard the taker should make (:func:`.strong.discard_scores`, one card at a time, each
    after the ones chosen before), from its observation, with each first card's expected score and
    the principles (make a void, lay points away, trumps only when forced).

    Two positions alike to the taker give the same advice for the same ``seed``.
    """
    seen = position if isinstance(position, Seen) else _seen_of(position)
    if seen.phase != "discarding" or not seen.legal:
        raise OptionError("discard advice is for the taker laying cards aside: ask after taking the dog")
    step, first, chosen = _copy(seen), None, []
    need = R.layout(seen.players)[2] - len(seen.discard)
    club = HeuristicBot()
    while len(chosen) < need:
        mean = _means(discard_scores(step, seed=seed, worlds=worlds))
        favourite = club.discard(step)
        card = max(mean, key=lambda c: (mean[c], c == favourite, -c))
        first = first or _ranked(mean, favourite)
        chosen.append(card)
        step.hand = [c for c in step.hand if c != card]
        step.discard = sorted(step.discard + [card])
        step.legal = [("discard", c) for c in R.discard_allowed(step.hand, need - len(chosen))]
    return DiscardAdvice(tuple(R.text(c) for c in chosen), first or (), discard_principle(seen, chosen), worlds)


def _copy(seen: Seen) -> Seen:
    out = Seen()
    for name in Seen.__slots__:
        value = getattr(seen, name)
        setattr(out, name, list(value) if isinstance(value, list) else value)
    return out


def discard_principle(seen: Seen, cards: "Iterable[int]") -> str:
    """The rules of thumb a discard of ``cards`` (numbers) from ``seen``'s hand follows, as sentences.

    >>> s = Seen()
    >>> s.hand = [R.card_number(t) for t in "2S 5S QC 3C KC T4 T9".split()]
    >>> print(discard_principle(s, [R.card_number("2S"), R.card_number("5S")]))
    Make a void: with no Spades left you can trump the first Spades led.
    """
    cards = sorted(cards)
    kept = [c for c in seen.hand if c not in cards]
    said = []
    voids = sorted({c // 14 for c in cards if c < EXCUSE and not any(k // 14 == c // 14 and k < EXCUSE for k in kept)})
    if len(voids) == 1:
        said.append(f"Make a void: with no {_suit_of(voids[0] * 14)} left you can trump the first "
                    f"{_suit_of(voids[0] * 14)} led.")
    elif voids:
        names = " and no ".join(_suit_of(s * 14) for s in voids)
        said.append(f"Make voids: with no {names} left you can trump the first lead of each.")
    honours = [c for c in cards if c < EXCUSE and HALF_POINTS[c] >= 3]
    if honours:
        named = _and(R.CARDS[c].french_name for c in honours)
        said.append(f"Lay points away: the discard counts for you (FT-13), so the {named} cannot fall "
                    "to the defence's king there.")
    if any(c > EXCUSE for c in cards):
        said.append("A trump goes aside only when nothing else may (FT-12), and it is shown to all: "
                    "the lowest, never a bout.")
    if not said:
        said.append("Keep kings and trumps, which take tricks; lay aside small cards of your short suits.")
    return " ".join(said)


def call_advice(position: "TarotObservation | Seen", *, seed: int = 0,
                worlds: int = DEFAULT_CALL_WORLDS) -> PlayAdvice:
    """The card the taker should call with five players (:func:`.strong.call_scores`), from its
    observation: each callable card's expected score and the principle (``str`` says "Call ...").

    Two positions alike to the taker give the same advice for the same ``seed``.
    """
    seen = position if isinstance(position, Seen) else _seen_of(position)
    if seen.phase != "calling" or not seen.legal:
        raise OptionError("call advice is for the taker calling a king: ask when it is your call (five players)")
    mean = _means(call_scores(seen, seed=seed, worlds=worlds))
    favourite = HeuristicBot().call(seen)
    best = max(mean, key=lambda c: (mean[c], c == favourite, -c))
    return PlayAdvice(R.text(best), _ranked(mean, favourite), call_principle(seen, best), worlds, "Call")


def call_principle(seen: Seen, card: int) -> str:
    """The rule of thumb calling ``card`` follows, as a sentence; ``''`` if none.

    >>> s = Seen()
    >>> s.hand = [R.card_number(t) for t in "QS NS 2S 5S 3C T4 T9".split()]
    >>> call_principle(s, R.card_number("KS")).split(":")[0]
    'Call the king above your honours'
    """
    suit = [c for c in seen.hand if c < EXCUSE and c // 14 == card // 14]
    if card in seen.hand:
        return ("Calling a card of your own hand means playing alone against four (FT-9): "
                "only with a hand strong enough for it.")
    if card not in R.KINGS:
        return f"You hold all four kings, so you call a {R.CARDS[card].french_name.split(' of ')[0].lower()} (FT-8)."
    if any(HALF_POINTS[c] >= 3 for c in suit):
        return ("Call the king above your honours: with the king on your side, your "
                f"{_and(R.CARDS[c].french_name for c in suit if HALF_POINTS[c] >= 3)} can take tricks.")
    lengths = {s: sum(1 for c in seen.hand if c < EXCUSE and c // 14 == s) for s in range(4)}
    if suit and len(suit) == max(lengths.values()):
        return (f"Call the king of your longest suit: your partner's {_suit_of(card)} king wins a round of "
                "the suit you must make good.")
    return ""
