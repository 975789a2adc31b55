"""Official FFT scoring of one French Tarot deal (rules FT-31 .. FT-39), usable without playing.

:func:`score_deal` takes what a score keeper writes down (contract, bouts, points, petit au bout,
poignées, chelem) and returns a :class:`DealScore`: whether the contract is made, every term with
its sign and multiplier, the value per defender and each player's score.  Arithmetic is done in half
points, so 40.5 is exact and the half-point rule (FT-32) is applied exactly.

The FFT's first worked example (page 9 of the 2012 rules): a garde with 2 bouts and 49 points,
a poignée of 10 shown by the taker, the Petit taken in the last trick by the attack.

>>> s = score_deal(4, "garde", bouts=2, points=49, petit_au_bout="attack", poignees=[("attack", 10)])
>>> s.made, s.margin, s.value, s.scores
(True, 8, 106, (318, -106, -106, -106))
>>> print(s.breakdown())
Garde (x2), 4 players: the attack has 49 points with 2 bouts and needed 41: made by 8 (FT-31).
  contract          +25 x2 =   +50  FT-33
  margin             +8 x2 =   +16  FT-33
  petit au bout     +10 x2 =   +20  FT-36 taken by the attack
  poignée simple    +20    =   +20  FT-37 10 trumps shown by the attack; to the winners
  value for the attack     =  +106  FT-39 each defender -106
  taker (seat 0): +318; defenders (seats 1, 2, 3): -106 each
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from ...errors import OptionError, SaveError
from .cards import (DOG_SIZES, HAND_SIZES, POIGNEE_BONUS, TOTAL_HALF_POINTS, format_points, poignee_category,
                    threshold)

__all__ = [
    "CONTRACTS",
    "MULTIPLIERS",
    "CONTRACT_LABELS",
    "CHELEMS",
    "SIDES",
    "Term",
    "Poignee",
    "DealScore",
    "score_deal",
    "parse_contract",
    "rounded_margin",
]

CONTRACTS: tuple[str, ...] = ("prise", "garde", "garde_sans", "garde_contre")
MULTIPLIERS: dict[str, int] = {"prise": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}  # FT-6
CONTRACT_LABELS: dict[str, str] = {"prise": "Prise", "garde": "Garde", "garde_sans": "Garde sans",
                                   "garde_contre": "Garde contre"}
# FT-38: chelem bonuses, signed for the attack and never multiplied.
CHELEMS: dict[str, int] = {"announced_made": 400, "unannounced_made": 200,
                           "announced_failed": -200, "defence": -200}
_CHELEM_TEXT = {"announced_made": "announced and made", "unannounced_made": "made unannounced",
                "announced_failed": "announced and failed", "defence": "made by the defence"}
SIDES: tuple[str, str] = ("attack", "defence")

_CONTRACT_ALIASES = {
    "prise": "prise", "petite": "prise", "take": "prise", "small": "prise",
    "garde": "garde", "guard": "garde",
    "garde sans": "garde_sans", "garde sans le chien": "garde_sans", "g sans": "garde_sans",
    "guard without": "garde_sans", "guard without the dog": "garde_sans",
    "garde contre": "garde_contre", "garde contre le chien": "garde_contre",
    "g contre": "garde_contre", "guard against": "garde_contre",
    "guard against the dog": "garde_contre",
}
_SIDE_ALIASES = {"attack": "attack", "attaque": "attack", "taker": "attack",
                 "defence": "defence", "defense": "defence", "défense": "defence",
                 "defenders": "defence"}


def parse_contract(name: str) -> str:
    """The canonical contract name (``'prise'``, ``'garde'``, ``'garde_sans'``, ``'garde_contre'``)
    for any usual spelling.

    >>> parse_contract("Petite"), parse_contract("garde sans"), parse_contract("Garde-Contre")
    ('prise', 'garde_sans', 'garde_contre')
    >>> parse_contract("grand slam")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tarot_learn.errors.OptionError: unknown contract 'grand slam': choose prise (or petite), garde, ...
    """
    if isinstance(name, str):
        key = " ".join(name.strip().lower().replace("_", " ").replace("-", " ")
                       .replace(".", " ").split())
        if key in _CONTRACT_ALIASES:
            return _CONTRACT_ALIASES[key]
    raise OptionError(f"unknown contract {name!r}: choose prise (or petite), garde, garde_sans "
                      f"or garde_contre")


def _parse_side(side: Any, what: str) -> str:
    if isinstance(side, str) and side.strip().lower() in _SIDE_ALIASES:
        return _SIDE_ALIASES[side.strip().lower()]
    raise OptionError(f"{what} must be 'attack' or 'defence', not {side!r}")


def rounded_margin(half_points: int, needed: int) -> int:
    """The margin in whole points for ``half_points`` against a threshold of ``needed`` points.

    A half point goes to the side that wins the deal (FT-32), so a fractional margin is rounded
    away from zero: 40.5 against 41 fails by 1, 41.5 is made by 1.

    >>> rounded_margin(81, 41), rounded_margin(83, 41), rounded_margin(82, 41), rounded_margin(98, 41)
    (-1, 1, 0, 8)
    """
    diff = half_points - 2 * needed  # in half points
    if diff % 2 == 0:
        return diff // 2
    return (diff + 1) // 2 if diff > 0 else (diff - 1) // 2


@dataclass(frozen=True)
class Term:
    """One line of a deal's score: ``sign * amount * multiplier`` for the attack.

    >>> Term("petit au bout", 10, 2, -1, "FT-36").value
    -20
    """

    label: str
    amount: int
    multiplier: int
    sign: int
    rule: str
    note: str = ""

    @property
    def value(self) -> int:
        return self.sign * self.amount * self.multiplier


@dataclass(frozen=True)
class Poignee:
    """A poignée shown during the deal: the side that showed it, the trumps shown, the category."""

    side: str
    trumps: int
    category: str

    @property
    def bonus(self) -> int:
        return POIGNEE_BONUS[self.category]


@dataclass(frozen=True)
class DealScore:
    """The complete score of one deal.  Build it with :func:`score_deal`.

    ``value`` is the amount each defender pays (or receives, when negative); ``scores[seat]`` is
    every player's score for the deal and always sums to zero.
    """

    players: int
    contract: str
    bouts: int
    half_points: int
    petit_au_bout: str | None
    poignees: tuple[Poignee, ...]
    chelem: str | None
    taker: int
    partner: int | None
    threshold: int
    margin: int
    terms: tuple[Term, ...]
    value: int
    scores: tuple[int, ...]

    # ----- derived facts -----------------------------------------------------------------------
    @property
    def multiplier(self) -> int:
        return MULTIPLIERS[self.contract]

    @property
    def contract_label(self) -> str:
        """``'Garde sans'`` etc., as written on a score sheet."""
        return CONTRACT_LABELS[self.contract]

    @property
    def points(self) -> float:
        """The attack's points as players say them (``40.5``)."""
        return self.half_points / 2

    @property
    def made(self) -> bool:
        """True when the contract is made, "juste fait" (margin 0) included (FT-31)."""
        return self.half_points >= 2 * self.threshold

    @property
    def winner(self) -> str:
        """``'attack'`` or ``'defence'``: the side that wins the deal."""
        return "attack" if self.made else "defence"

    @property
    def base(self) -> int:
        """25 plus the margin's size, before the multiplier (FT-33)."""
        return 25 + abs(self.margin)

    @property
    def alone(self) -> bool:
        """True when the taker plays without a partner (always with 3 or 4 players)."""
        return self.partner is None

    @property
    def defenders(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if s not in (self.taker, self.partner))

    def term(self, label: str) -> Term | None:
        """The term whose label starts with ``label`` (``'margin'``, ``'chelem'``), if any."""
        return next((t for t in self.terms if t.label.startswith(label)), None)

    # ----- presentation ------------------------------------------------------------------------
    def headline(self) -> str:
        """One sentence: contract, points, bouts, needed, result."""
        result = (f"made by {self.margin}" if self.made and self.margin else
                  "made exactly (juste fait)" if self.made else f"failed by {-self.margin}")
        bouts = f"{self.bouts} bout" + ("" if self.bouts == 1 else "s")
        note = ""
        if self.half_points % 2:
            note = f" (the half point goes to the {self.winner}, FT-32)"
        return (f"{self.contract_label} (x{self.multiplier}), {self.players} players: the attack "
                f"has {format_points(self.half_points)} points with {bouts} and needed "
                f"{self.threshold}: {result}{note} (FT-31).")

    def lines(self) -> list[tuple[str, int]]:
        """``(label, value)`` rows for a table: each term, then the value for the attack.

        >>> score_deal(4, "prise", 1, 44).lines()
        [('contract', -25), ('margin', -7), ('value for the attack', -32)]
        """
        rows = [(t.label, t.value) for t in self.terms]
        rows.append(("value for the attack", self.value))
        return rows

    def player_lines(self, names: Sequence[str] | None = None) -> list[tuple[str, int]]:
        """``(name, score)`` for every seat, with the role in brackets."""
        out = []
        for seat, score in enumerate(self.scores):
            name = names[seat] if names else f"seat {seat}"
            role = ("taker" if seat == self.taker else
                    "partner" if seat == self.partner else "defender")
            out.append((f"{name} ({role})", score))
        return out

    def breakdown(self, names: Sequence[str] | None = None) -> str:
        """A readable multi-line explanation, citing the rule ids (see the module example)."""
        rows = []
        for t in self.terms:
            mult = f" x{t.multiplier}" if t.multiplier != 1 or t.rule in ("FT-33", "FT-36") else "   "
            rows.append(f"  {t.label:<17}{t.sign * t.amount:>+4}{mult} = {t.value:>+5}  "
                        f"{t.rule}{' ' + t.note if t.note else ''}")
        rows.append(f"  {'value for the attack':<24} = {self.value:>+5}  FT-39 each defender "
                    f"{-self.value:+d}")

        def who(seat: int) -> str:
            return names[seat] if names else f"seat {seat}"

        parts = [f"taker ({who(self.taker)}): {self.scores[self.taker]:+d}"]
        if self.partner is not None:
            parts.append(f"partner ({who(self.partner)}): {self.scores[self.partner]:+d}")
        if names:
            defenders = ", ".join(names[s] for s in self.defenders)
        else:
            defenders = "seats " + ", ".join(str(s) for s in self.defenders)
        parts.append(f"defenders ({defenders}): {-self.value:+d} each")
        return "\n".join([self.headline(), *rows, "  " + "; ".join(parts)])

    def __str__(self) -> str:
        return self.breakdown()

    def to_html(self, names: Sequence[str] | None = None) -> str:
        """A small HTML table of the terms and of each player's score, for lessons."""
        e = html.escape
        rows = "".join(
            f"<tr><td>{e(t.label)}</td><td>{t.sign * t.amount:+d}</td>"
            f"<td>{'x' + str(t.multiplier) if t.multiplier != 1 else ''}</td>"
            f"<td style='text-align:right'>{t.value:+d}</td><td>{e(t.rule)}</td>"
            f"<td>{e(t.note)}</td></tr>" for t in self.terms)
        rows += (f"<tr style='font-weight:600'><td colspan='3'>value for the attack</td>"
                 f"<td style='text-align:right'>{self.value:+d}</td><td>FT-39</td><td></td></tr>")
        players = "".join(f"<tr><td colspan='3'>{e(label)}</td>"
                          f"<td style='text-align:right'>{value:+d}</td><td></td><td></td></tr>"
                          for label, value in self.player_lines(names))
        return (f"<table class='ft-deal'><caption style='text-align:left'>{e(self.headline())}"
                f"</caption><tbody>{rows}{players}</tbody></table>")

    def _repr_html_(self) -> str:
        return self.to_html()

    # ----- saving ------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The inputs of the deal as plain JSON data; :meth:`from_dict` scores them again."""
        return {
            "players": self.players, "contract": self.contract, "bouts": self.bouts,
            "half_points": self.half_points, "petit_au_bout": self.petit_au_bout,
            "poignees": [[p.side, p.trumps] for p in self.poignees], "chelem": self.chelem,
            "taker": self.taker, "partner": self.partner,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "DealScore":
        """Rebuild a score from :meth:`to_dict` data (validated again like any input).

        >>> s = score_deal(5, "garde", 2, 40.5, seats=(3, 1))
        >>> DealScore.from_dict(s.to_dict()) == s
        True
        """
        if not isinstance(data, dict):
            raise SaveError(f"a deal score is a JSON object, not {type(data).__name__}")
        known = {"players", "contract", "bouts", "half_points", "petit_au_bout", "poignees",
                 "chelem", "taker", "partner"}
        unknown = set(data) - known
        if unknown:
            raise SaveError(f"unknown deal score fields: {', '.join(sorted(unknown))}")
        missing = {"players", "contract", "bouts", "half_points", "taker"} - set(data)
        if missing:
            raise SaveError(f"deal score lacks fields: {', '.join(sorted(missing))}")
        partner = data.get("partner")
        players = data["players"]
        return score_deal(
            players, data["contract"], data["bouts"], half_points=data["half_points"],
            petit_au_bout=data.get("petit_au_bout"),
            poignees=[tuple(p) if isinstance(p, list) else p for p in data.get("poignees") or ()],
            chelem=data.get("chelem"),
            taker_alone=players == 5 and partner is None,
            seats=(data["taker"], partner) if partner is not None else data["taker"],
        )


def _check_int(value: Any, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise OptionError(f"{what} must be a whole number from {low} to {high}, not {value!r}")
    return value


def _half_points(points: Any, half_points: Any) -> int:
    if points is not None and half_points is not None:
        raise OptionError("give either points= or half_points=, not both")
    if half_points is not None:
        return _check_int(half_points, "half_points", 0, TOTAL_HALF_POINTS)
    if points is None:
        raise OptionError("give the attack's points (points=49 or points=40.5) or half_points=")
    if isinstance(points, bool) or not isinstance(points, (int, float)):
        raise OptionError(f"points must be a number from 0 to 91 in steps of 0.5, not {points!r}")
    doubled = points * 2
    if doubled != int(doubled) or not 0 <= points <= 91:
        raise OptionError(f"points must be from 0 to 91 in steps of 0.5 (the pack holds 91), "
                          f"not {points!r}")
    return int(doubled)


def _seats(players: int, seats: Any, taker_alone: bool) -> tuple[int, int | None]:
    if seats is None:
        taker, partner = 0, (None if players != 5 or taker_alone else 1)
    elif isinstance(seats, int) and not isinstance(seats, bool):
        taker, partner = seats, None
        if players == 5 and not taker_alone:
            raise OptionError("with 5 players give seats=(taker, partner), or taker_alone=True")
    elif isinstance(seats, (tuple, list)) and len(seats) in (1, 2):
        taker = seats[0]
        partner = seats[1] if len(seats) == 2 else None
        if players == 5 and partner is None and not taker_alone:
            raise OptionError("with 5 players give seats=(taker, partner), or taker_alone=True")
    else:
        raise OptionError(f"seats must be the taker's seat or (taker, partner), not {seats!r}")
    _check_int(taker, "the taker's seat", 0, players - 1)
    if partner is not None:
        _check_int(partner, "the partner's seat", 0, players - 1)
        if players != 5:
            raise OptionError(f"only the 5-player game has a partner (FT-8); with {players} "
                              f"players give seats=<taker seat>")
        if partner == taker:  # the taker called a card of their own hand (FT-9)
            partner = None
        elif taker_alone:
            raise OptionError("taker_alone=True contradicts a partner seat; drop one of them")
    if taker_alone and players != 5:
        raise OptionError("taker_alone only applies to the 5-player game (FT-9)")
    return taker, partner


def score_deal(
    players: int = 4,
    contract: str = "garde",
    bouts: int = 0,
    points: float | None = None,
    *,
    half_points: int | None = None,
    petit_au_bout: str | None = None,
    poignees: Iterable[tuple[str, int]] = (),
    chelem: str | None = None,
    taker_alone: bool = False,
    seats: int | Sequence[int] | None = None,
) -> DealScore:
    """Score one deal by the FFT rules (FT-31 .. FT-39).

    ``points`` are the attack's card points (``40.5`` allowed) or ``half_points`` an exact integer
    (``81``); ``bouts`` are the bouts among the attack's cards.  ``petit_au_bout`` is the side that
    took the Petit in the last trick (``'attack'``/``'defence'``), ``poignees`` a list of
    ``(side, trumps shown)``, ``chelem`` one of ``'announced_made'``, ``'unannounced_made'``,
    ``'announced_failed'``, ``'defence'``.  ``seats`` gives the taker's seat (default 0), and with
    five players ``(taker, partner)`` (default ``(0, 1)``); ``taker_alone=True`` when the called card
    was in the dog or the taker's hand.

    The FFT's third example: a prise failed by 7 with a poignée, the attack taking the Petit au bout.

    >>> s = score_deal(4, "prise", 1, 44, poignees=[("attack", 10)], petit_au_bout="attack")
    >>> s.value, s.scores
    (-42, (-126, 42, 42, 42))

    Five players: the taker scores 2 shares, the partner one; with 40.5 points and 2 bouts the
    half point goes to the defence (FT-32).

    >>> s = score_deal(5, "garde", 2, 40.5, seats=(3, 1))
    >>> s.margin, s.value, s.scores
    (-1, -52, (52, -52, 52, -104, 52))
    >>> score_deal(4, "garde", 4, 50)
    Traceback (most recent call last):
    ...
    tarot_learn.errors.OptionError: bouts must be 0, 1, 2 or 3 (there are three bouts in the pack), not 4
    """
    if isinstance(players, bool) or players not in HAND_SIZES:
        raise OptionError(f"players must be 3, 4 or 5, not {players!r}")
    contract = parse_contract(contract)
    needed = threshold(bouts)
    half = _half_points(points, half_points)
    _check_bout_points(bouts, half)
    taker, partner = _seats(players, seats, bool(taker_alone))
    if petit_au_bout is not None:
        petit_au_bout = _check_petit_au_bout(petit_au_bout, bouts)
    made = half >= 2 * needed
    _check_chelem(chelem, made, petit_au_bout)
    _check_chelem_points(chelem, players, contract, bouts, half)
    shown = _poignees(poignees, players, 1 if partner is None else 2)

    # ----- the score (FT-32 .. FT-39), all signed for the attack --------------------------------
    margin = rounded_margin(half, needed)
    terms = _terms(MULTIPLIERS[contract], margin, 1 if made else -1, petit_au_bout, shown, chelem)
    value = sum(t.value for t in terms)
    return DealScore(players, contract, bouts, half, petit_au_bout, tuple(shown), chelem, taker,
                     partner, needed, margin, tuple(terms), value, _shares(players, taker, partner, value))


def _shares(players: int, taker: int, partner: int | None, value: int) -> tuple[int, ...]:
    """Each seat's score (FT-39): every defender pays ``value``; the taker takes the rest, or two
    shares of three beside a partner's one."""
    scores = [-value] * players
    if partner is None:
        scores[taker] = (players - 1) * value  # x2 with 3 players, x3 with 4, x4 alone with 5
    else:
        scores[taker], scores[partner] = 2 * value, value
    assert sum(scores) == 0, scores
    return tuple(scores)


def _check_bout_points(bouts: int, half: int) -> None:
    # Each bout is worth at least 4 points to its side (the Excuse nets 4 after its exchange, FT-25).
    if half < 8 * bouts:
        raise OptionError(f"{bouts} bouts alone are worth at least {4 * bouts} points; "
                          f"{format_points(half)} points is too few")
    if half > TOTAL_HALF_POINTS - 8 * (3 - bouts):
        raise OptionError(f"the defence holds {3 - bouts} bouts worth at least {4 * (3 - bouts)} "
                          f"points, so the attack cannot have {format_points(half)}")


def _check_petit_au_bout(petit_au_bout: Any, bouts: int) -> str:
    side = _parse_side(petit_au_bout, "petit_au_bout")
    if side == "attack" and bouts == 0:
        raise OptionError("the attack took the Petit au bout, so it has at least 1 bout")
    if side == "defence" and bouts == 3:
        raise OptionError("the defence took the Petit au bout, so the attack has at most 2 bouts")
    return side


def _check_chelem(chelem: Any, made: bool, petit_au_bout: str | None) -> None:
    if chelem is not None and chelem not in CHELEMS:
        raise OptionError(f"unknown chelem {chelem!r}: choose None, "
                          + ", ".join(repr(c) for c in CHELEMS))
    if chelem in ("announced_made", "unannounced_made"):
        if not made:
            raise OptionError("an attack that wins every trick has made its contract; "
                              "check chelem or points")
        if petit_au_bout == "defence":
            raise OptionError("the defence cannot take the last trick when the attack made a chelem")
    if chelem == "defence":
        if made:
            raise OptionError("a defence that wins every trick leaves the contract failed; "
                              "check chelem or points")
        if petit_au_bout == "attack":
            raise OptionError("the attack cannot take the last trick when the defence made a chelem")


# Cards a side holds apart from its tricks: the taker's discard (no king or bout, FT-12) on a prise
# or garde, the dog on a garde sans (the attack's) or a garde contre (the defence's), FT-13.
_ATTACK_EXTRA = {"prise": "discard", "garde": "discard", "garde_sans": "dog", "garde_contre": "none"}


def _trickless_side_holds(extra: str, dog: int, bouts: int, half: int) -> bool:
    """Whether a side that took no trick can end with ``bouts`` bouts and ``half`` half points: its
    ``extra`` cards (``'none'``; a ``'discard'`` of ``dog`` cards worth 1 to 7 half points, no
    bout; the ``'dog'``, 1 to 9 each, a bout 9) and perhaps its own Excuse, kept for 4 points since
    it has no card to give in exchange (FT-25; the FFT's chelem of 87 points, p.9)."""
    for kept in (0, 1):
        rest_bouts, rest = bouts - kept, half - 8 * kept
        if extra == "none":
            fits = rest_bouts == 0 and rest == 0
        elif extra == "discard":
            fits = rest_bouts == 0 and dog <= rest <= 7 * dog
        else:
            fits = 0 <= rest_bouts <= dog and dog + 8 * rest_bouts <= rest <= 9 * dog
        if fits:
            return True
    return False


def _check_chelem_points(chelem: str | None, players: int, contract: str, bouts: int, half: int) -> None:
    """A chelem is every trick (FT-30): the points and bouts must be what the other side can keep."""
    dog, pts = DOG_SIZES[players], format_points(half)
    if chelem in ("announced_made", "unannounced_made"):
        extra = "dog" if contract == "garde_contre" else "none"
        if not _trickless_side_holds(extra, dog, 3 - bouts, TOTAL_HALF_POINTS - half):
            held = ("91 less the dog's points (the defence's on a garde contre)" if extra == "dog"
                    else "91 with the 3 bouts, or 87 with 2 when the defence keeps its Excuse")
            raise OptionError(f"a chelem made gives the attack every trick (FT-30): {held} (FT-25), "
                              f"not {pts} points with {bouts} bouts")
        return
    if chelem == "defence":
        extra = _ATTACK_EXTRA[contract]
        if not _trickless_side_holds(extra, dog, bouts, half):
            held = {"discard": "its discard (no king or bout)", "dog": "the dog",
                    "none": "nothing"}[extra]
            raise OptionError(f"a defence chelem leaves the attack {held} and perhaps its Excuse "
                              f"(FT-25, FT-30), not {pts} points with {bouts} bouts")
        return
    # No chelem made: each side took a trick of `players` cards, at least half a point each.
    low = players + (dog if _ATTACK_EXTRA[contract] != "none" else 0)
    high = TOTAL_HALF_POINTS - players - (dog if contract == "garde_contre" else 0)
    if half > high:
        raise OptionError(f"with {pts} points the defence took no trick: that is a chelem made "
                          f"(FT-30), so choose chelem 'announced_made' or 'unannounced_made'")
    if half < low and chelem is None:
        raise OptionError(f"with {pts} points the attack took no trick: that is a chelem made by "
                          f"the defence (FT-30), so choose chelem 'defence'")


def _poignees(poignees: Any, players: int, attackers: int) -> list[Poignee]:
    """The poignées shown (FT-15, FT-37), checked: at most one per player of each side."""
    if isinstance(poignees, (str, bytes)) or not isinstance(poignees, Iterable):
        raise OptionError("poignees must be a list of (side, trumps) pairs, e.g. [('attack', 10)]")
    shown: list[Poignee] = []
    for item in poignees:
        if not isinstance(item, (tuple, list)) or len(item) != 2:
            raise OptionError(f"each poignée is a (side, trumps) pair such as ('attack', 10), "
                              f"not {item!r}")
        side = _parse_side(item[0], "a poignée's side")
        shown.append(Poignee(side, item[1], poignee_category(item[1], players)))
    if sum(p.trumps for p in shown) > 22:
        raise OptionError(f"the poignées show {sum(p.trumps for p in shown)} trumps; the pack has 22")
    for side, seats_on_side in (("attack", attackers), ("defence", players - attackers)):
        count = sum(1 for p in shown if p.side == side)
        if count > seats_on_side:
            raise OptionError(f"the {side} has {seats_on_side} player(s) and each shows at most "
                              f"one poignée, not {count}")
    return shown


def _terms(mult: int, margin: int, sign: int, petit_au_bout: str | None, shown: list[Poignee],
           chelem: str | None) -> list[Term]:
    """The lines of the score, signed for the attack (FT-33 .. FT-38)."""
    terms = [Term("contract", 25, mult, sign, "FT-33"),
             Term("margin", abs(margin), mult, sign, "FT-33")]
    if petit_au_bout:
        terms.append(Term("petit au bout", 10, mult, 1 if petit_au_bout == "attack" else -1,
                          "FT-36", f"taken by the {petit_au_bout}"))
    for p in shown:
        terms.append(Term(f"poignée {p.category}", p.bonus, 1, sign, "FT-37",
                          f"{p.trumps} trumps shown by the {p.side}; to the winners"))
    if chelem:
        bonus = CHELEMS[chelem]
        terms.append(Term("chelem", abs(bonus), 1, 1 if bonus > 0 else -1, "FT-38",
                          _CHELEM_TEXT[chelem]))
    return terms
