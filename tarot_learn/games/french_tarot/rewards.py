"""Experience points and chips of a shared French Tarot table (FT-49, FT-50), as pure arithmetic.

A game's outcome is described by :class:`Outcome`; :func:`rewards` turns it into each seat's
experience points and chips.  Nothing here knows about servers or databases: the table model
(:mod:`.table`) feeds it, the class store keeps what it returns.

Four players, two rounds, a bet of 10 each from the three humans (seat 3 is a robot): the pot is 30,
the winner's 75% is 22.5, paid in whole chips (22) so the bank keeps 8; seat 1 wins with the best
total and earns 10 x 4 + 10 XP, the other humans 5 each, the robot nothing:

>>> r = rewards(Outcome(players=4, rounds=2, humans=(0, 1, 2), totals=(-30, 90, -30, -30), bet=10))
>>> r.xp, r.chips, r.bank
((5, 50, 5, 0), (-10, 12, -10, 0), 8)
"""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import OptionError

__all__ = ["Outcome", "Rewards", "rewards", "BANK_SHARE_PERCENT"]

BANK_SHARE_PERCENT = 25   # FT-50: the bank keeps a quarter of the pot of a game of several rounds


@dataclass(frozen=True)
class Outcome:
    """How a game ended, as far as rewards care.

    ``totals`` are the score sheet's totals by seat.  For a one-round game ``attack`` holds the
    taker's seat first (then the partner's, with five players) and ``made`` says whether the
    contract was made.  ``abandoned`` are seats whose player left for good (FT-47).
    """

    players: int
    rounds: int
    humans: tuple[int, ...]
    totals: tuple[int, ...]
    bet: int = 0
    competitive: bool = True
    cancelled: bool = False
    attack: tuple[int, ...] = ()
    made: bool = False
    abandoned: tuple[int, ...] = ()


@dataclass(frozen=True)
class Rewards:
    """Each seat's experience points and chip balance for the game (a bet paid is negative), and
    the chips the bank keeps.  Chips always balance: ``sum(chips) + bank == 0``."""

    xp: tuple[int, ...]
    chips: tuple[int, ...]
    bank: int


def rewards(outcome: Outcome) -> Rewards:
    """The experience points (FT-49) and chips (FT-50) of a finished or cancelled game.

    >>> one = Outcome(players=3, rounds=1, humans=(0, 1, 2), totals=(-50, 100, -50), bet=4,
    ...               attack=(1,), made=True)
    >>> rewards(one)
    Rewards(xp=(5, 30, 5), chips=(-4, 8, -4), bank=0)
    """
    _check(outcome)
    n = outcome.players
    if outcome.cancelled or not outcome.competitive:
        return _returned(outcome)
    winners = _winners(outcome)
    xp = tuple(0 if s not in outcome.humans else (_win_xp(outcome) if s in winners else 5)
               for s in range(n))
    paid = [-outcome.bet if s in outcome.humans else 0 for s in range(n)]
    gains, bank = _share_pot(outcome, winners)
    chips = tuple(paid[s] + gains[s] for s in range(n))
    return Rewards(xp, chips, bank)


def _win_xp(outcome: Outcome) -> int:
    return 10 * outcome.players + 10 * (outcome.rounds - 1)


def _winners(outcome: Outcome) -> frozenset[int]:
    if outcome.rounds == 1:
        if outcome.made:
            return frozenset(outcome.attack)
        return frozenset(s for s in range(outcome.players) if s not in outcome.attack)
    best = max(outcome.totals)
    return frozenset(s for s, t in enumerate(outcome.totals) if t == best)


def _share_pot(outcome: Outcome, winners: frozenset[int]) -> tuple[list[int], int]:
    """Chips each seat takes from the pot, and the bank's part (robots' shares go to the bank)."""
    n, bet = outcome.players, outcome.bet
    pot = bet * len(outcome.humans)
    gains = [0] * n
    if outcome.rounds == 1 and outcome.made:
        taker = outcome.attack[0]
        gains[taker] = pot if taker in outcome.humans else 0
        return gains, pot - gains[taker]
    if outcome.rounds == 1:
        for seat in winners & set(outcome.humans):
            gains[seat] = bet
        return gains, pot - sum(gains)
    prize = pot * (100 - BANK_SHARE_PERCENT) // 100   # whole chips: the bank keeps the fraction
    share = prize // len(winners)
    for seat in winners & set(outcome.humans):
        gains[seat] = share
    return gains, pot - sum(gains)


def _returned(outcome: Outcome) -> Rewards:
    """A cancelled or practice game: no XP; bets back except to a player who abandoned (FT-50)."""
    n = outcome.players
    if not outcome.competitive:
        return Rewards((0,) * n, (0,) * n, 0)
    kept = [s for s in outcome.abandoned if s in outcome.humans]
    chips = tuple(-outcome.bet if s in kept else 0 for s in range(n))
    return Rewards((0,) * n, chips, outcome.bet * len(kept))


def _check(outcome: Outcome) -> None:
    n = outcome.players
    if n not in (3, 4, 5):
        raise OptionError(f"a French Tarot table seats 3, 4 or 5 players, not {n!r}")
    if outcome.rounds < 1 or outcome.bet < 0:
        raise OptionError("rounds must be at least 1 and the bet may not be negative")
    if len(outcome.totals) != n or any(not 0 <= s < n for s in (*outcome.humans, *outcome.attack)):
        raise OptionError(f"totals and seats must describe {n} seats")
    if outcome.rounds == 1 and not outcome.cancelled and outcome.competitive and not outcome.attack:
        raise OptionError("a one-round game needs its attack (the taker's seat first) to be scored")
