"""What a French Tarot rule change does: two rule sets raced over the same deals by the robots.

A :class:`RuleSet` changes what the FFT rules fix (FT-33, FT-36, FT-37): the contract's base
value, the Petit au bout bonus, the poignées' bonuses, and the hand strength from which the robots
bid each contract (:func:`.bots.hand_strength`, the point count players bid on).  :func:`race`
plays the same seeded deals under each rule set with club robots in every seat and compares
contracts taken, contracts made and the taker's mean score, each with its 95% interval; the same
deals make the comparison fair (a difference is the rules', not the cards').
:func:`how_often_made` answers a learner's question: with so many bouts and trumps, how often is
a contract made?  Standard library only.

>>> r = race(RuleSet("FFT"), RuleSet("Petit au bout 20", petit_au_bout=20), deals=40)
>>> r.results[0].deals == r.results[1].deals == 40
True
>>> r.results[0].taken.total, r.results[0].taken == r.results[1].taken    # the same bids
(40, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Sequence

from ...errors import OptionError
from . import rules as R
from .bots import HeuristicBot, Seen
from .cards import POIGNEE_BONUS
from .scoring import DealScore
from .simulate import simulate

__all__ = ["RuleSet", "Share", "Mean", "RuleResult", "Race", "race", "rescore", "how_often_made", "Tally"]


@dataclass(frozen=True)
class RuleSet:
    """One set of rules to race: the FFT's by default.

    ``contract_base`` is the 25 every contract is worth before the margin (FT-33);
    ``petit_au_bout`` the bonus for the Petit in the last trick, times the contract (FT-36);
    ``poignee_bonus`` the simple, double and triple poignées' bonuses (FT-37); ``thresholds`` the
    hand strengths from which the robots bid a prise, garde, garde sans and garde contre.
    """

    name: str = "FFT"
    contract_base: int = 25
    petit_au_bout: int = 10
    poignee_bonus: tuple[int, int, int] = (POIGNEE_BONUS["simple"], POIGNEE_BONUS["double"],
                                           POIGNEE_BONUS["triple"])
    thresholds: tuple[int, int, int, int] = field(default=(40, 50, 68, 80))

    def check(self) -> None:
        """Raise :class:`OptionError` (one line) for a value no table could play by."""
        values = (self.contract_base, self.petit_au_bout, *self.poignee_bonus)
        if len(self.poignee_bonus) != 3 or any(not isinstance(v, int) or v < 0 for v in values):
            raise OptionError(f"rule set {self.name!r}: the contract base, the Petit au bout bonus and the "
                              "three poignée bonuses are whole numbers, 0 or more")
        if len(self.thresholds) != 4 or list(self.thresholds) != sorted(self.thresholds):
            raise OptionError(f"rule set {self.name!r}: thresholds are four hand strengths in rising order "
                              f"(prise, garde, garde sans, garde contre), not {self.thresholds!r}")


@dataclass(frozen=True)
class Share:
    """``count`` of ``total`` ``unit`` with its 95% interval (Wilson's, sound near 0% and 100%)."""

    count: int
    total: int
    unit: str = "deals"

    @property
    def interval(self) -> tuple[float, float]:
        n = self.total
        if not n:
            return 0.0, 1.0
        p, z = self.count / n, 1.96
        mid = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return max(0.0, mid - half), min(1.0, mid + half)

    def __str__(self) -> str:
        low, high = self.interval
        share = self.count / self.total if self.total else 0.0
        return (f"{self.count} of {self.total} {self.unit} ({share:.0%}, 95% interval "
                f"{low:.0%} to {high:.0%})")


@dataclass(frozen=True)
class Mean:
    """A mean over ``n`` values with its 95% interval (normal approximation)."""

    mean: float
    half_width: float
    n: int

    @classmethod
    def of(cls, values: Sequence[int]) -> "Mean":
        n = len(values)
        if n < 2:
            return cls(float(values[0]) if values else 0.0, math.inf, n)
        mean = sum(values) / n
        var = sum((v - mean) ** 2 for v in values) / (n - 1)
        return cls(mean, 1.96 * math.sqrt(var / n), n)

    def __str__(self) -> str:
        return f"{self.mean:+.1f} ± {self.half_width:.1f} (95%, {self.n} deals)"


@dataclass(frozen=True)
class RuleResult:
    """One rule set's race: deals dealt, contracts taken and made, the taker's score."""

    rules: RuleSet
    deals: int
    taken: Share
    made: Share
    taker_score: Mean


@dataclass(frozen=True)
class Race:
    """Two (or more) rule sets over the same deals."""

    results: tuple[RuleResult, ...]
    players: int
    seed: int

    def __str__(self) -> str:
        lines = []
        for r in self.results:
            lines.append(f"{r.rules.name}: contracts taken {r.taken}; made {r.made}; "
                         f"taker's mean score {r.taker_score}")
        return "\n".join(lines)

    def _repr_markdown_(self) -> str:
        rows = ["| rules | taken | made | taker's mean score |", "|---|---|---|---|"]
        rows += [f"| {r.rules.name} | {r.taken} | {r.made} | {r.taker_score} |" for r in self.results]
        return "\n".join(rows)


_TERM_OF_POIGNEE = {"poignée simple": 0, "poignée double": 1, "poignée triple": 2}


def rescore(score: DealScore, rules: RuleSet) -> tuple[int, ...]:
    """The deal's scores per seat had it been counted by ``rules`` (the cards and the play alike).

    >>> from tarot_learn.games.french_tarot.scoring import score_deal
    >>> s = score_deal(4, "garde", 2, 49, petit_au_bout="attack")
    >>> s.scores, rescore(s, RuleSet(petit_au_bout=20))
    ((258, -86, -86, -86), (318, -106, -106, -106))
    """
    value = score.value
    for term in score.terms:
        if term.label == "contract":
            new = rules.contract_base
        elif term.label == "petit au bout":
            new = rules.petit_au_bout
        elif term.label in _TERM_OF_POIGNEE:
            new = rules.poignee_bonus[_TERM_OF_POIGNEE[term.label]]
        else:
            continue
        value += (new - term.amount) * term.multiplier * term.sign
    return tuple(s // score.value * value for s in score.scores)


class Tally:
    """One rule set's running count over deals played by club robots in every seat: what
    :func:`race` sums, kept open so that a live view (the what-if widget) can add deals a batch at
    a time and show the intervals as they narrow.

    >>> t = Tally(RuleSet(petit_au_bout=20))
    >>> t.add(0, 10); t.add(10, 10); t.result().deals
    20
    """

    def __init__(self, rules: RuleSet, players: int = 4) -> None:
        if not isinstance(rules, RuleSet):
            raise OptionError(f"each rule set is a RuleSet, not {type(rules).__name__}")
        if isinstance(players, bool) or players not in (3, 4, 5):
            raise OptionError(f"players must be 3, 4 or 5, not {players!r}")
        rules.check()
        self.rules, self.players = rules, players
        self.bots = [HeuristicBot(rules.thresholds)] * players
        self.deals = self.taken = self.made = 0
        self.taker_scores: list[int] = []

    def add(self, first: int, count: int) -> None:
        """Play deals ``first`` .. ``first + count - 1`` (the dealer turns with the deal) and count them."""
        for deal in range(first, first + count):
            result = simulate(deal, self.bots, players=self.players, dealer=deal % self.players)
            self.deals += 1
            if result.score is None:
                continue
            self.taken += 1
            self.made += result.score.made
            self.taker_scores.append(rescore(result.score, self.rules)[result.taker])

    def result(self) -> RuleResult:
        """The count so far, with its intervals."""
        return RuleResult(self.rules, self.deals, Share(self.taken, self.deals),
                          Share(self.made, self.taken, "contracts"), Mean.of(self.taker_scores))


def race(*rule_sets: RuleSet, deals: int = 1000, seed: int = 0, players: int = 4) -> Race:
    """Race ``rule_sets`` over the same ``deals`` deals from ``seed`` with club robots in every
    seat (the dealer turns), and compare contracts taken, made and the taker's mean score.

    >>> race(RuleSet(), deals=0)
    Traceback (most recent call last):
    ...
    tarot_learn.errors.OptionError: deals must be a whole number from 1 to 1000000, not 0
    """
    if not rule_sets:
        raise OptionError("give one rule set or more to race, e.g. race(RuleSet(), RuleSet(petit_au_bout=20))")
    if isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= 1_000_000:
        raise OptionError(f"deals must be a whole number from 1 to 1000000, not {deals!r}")
    tallies = [Tally(rules, players) for rules in rule_sets]
    for tally in tallies:
        tally.add(seed, deals)
    return Race(tuple(t.result() for t in tallies), players, seed)


class _Taker(HeuristicBot):
    """Bids ``contract`` at once, then plays as the club robot."""

    def __init__(self, contract: int) -> None:
        super().__init__()
        self.contract = contract

    def choose(self, seen: Seen) -> tuple[str, Any]:
        if seen.phase == "bidding":
            return ("bid", self.contract)
        return super().choose(seen)


class _Passer(HeuristicBot):
    """Passes, then defends as the club robot."""

    def choose(self, seen: Seen) -> tuple[str, Any]:
        if seen.phase == "bidding":
            return ("bid", R.PASS)
        return super().choose(seen)


def _holder(hands: list[list[int]], first: int, bouts: int, trumps: int) -> int:
    """The first seat in speaking order whose hand holds exactly ``bouts`` bouts and ``trumps`` trumps."""
    n = len(hands)
    for i in range(n):
        seat = (first + i) % n
        hand = hands[seat]
        if sum(1 for c in hand if c in R.BOUTS) == bouts and sum(1 for c in hand if c > R.EXCUSE) == trumps:
            return seat
    return -1


def how_often_made(bouts: int, trumps: int, contract: str = "garde", *, deals: int = 2000, seed: int = 0,
                   players: int = 4) -> Share:
    """How often a taker whose hand holds exactly ``bouts`` bouts and ``trumps`` trumps (the
    Excuse is no trump here, the Petit and the 21 are) makes ``contract``, the others passing and
    every seat played by the club robot.  Of ``deals`` deals from ``seed``, those where a seat holds
    such a hand count (the first such seat in speaking order takes).

    >>> share = how_often_made(2, 6, "garde", deals=200)
    >>> share.unit, 0 < share.total < 200
    ('contracts', True)
    >>> how_often_made(4, 6)                        # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tarot_learn.errors.OptionError: bouts must be 0 to 3 and trumps 0 to 21 ..., not 4 and 6
    """
    if contract not in R.CONTRACT_NAMES[1:]:
        raise OptionError(f"contract must be one of {', '.join(R.CONTRACT_NAMES[1:])}, not {contract!r}")
    if players not in (3, 4, 5):
        raise OptionError(f"players must be 3, 4 or 5, not {players!r}")
    size = R.layout(players)[0]
    if not (isinstance(bouts, int) and isinstance(trumps, int) and 0 <= bouts <= 3
            and 0 <= trumps <= min(21, size) and bouts - (1 if bouts == 3 else 0) <= trumps):
        raise OptionError(f"bouts must be 0 to 3 and trumps 0 to 21 (a hand of {players} players holds "
                          f"{size} cards), not {bouts} and {trumps}")
    if isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= 1_000_000:
        raise OptionError(f"deals must be a whole number from 1 to 1000000, not {deals!r}")
    wanted = R.CONTRACT_NAMES.index(contract)
    made = total = 0
    for i in range(deals):
        deal, dealer = seed + i, (seed + i) % players
        hands, _ = R.deal(deal, players, dealer)
        seat = _holder(hands, (dealer + 1) % players, bouts, trumps)
        if seat < 0:
            continue
        bots: list[HeuristicBot] = [_Passer()] * players
        bots[seat] = _Taker(wanted)
        result = simulate(deal, bots, players=players, dealer=dealer)
        if result.score is not None:
            total += 1
            made += result.score.made
    return Share(made, total, "contracts")
