"""Reading a saved French Tarot position: every field's type and shape, and the deal it implies.

A save is untrusted text.  :func:`read_position` turns the position's JSON into numbers, refusing
anything of the wrong type or shape with a one-line :class:`~tarot_learn.errors.SaveError`;
:func:`dealt_cards` works back from the position to the hands and dog that were dealt (each seat's
hand plus the cards it played, the taker's discard given back for the shown dog) and checks the
deal's sizes and that the 78 cards are there once each.  The state then replays the bids, call,
discard, announcements and tricks from that deal under the rules, so a position no legal play
reaches is refused as well (``FrenchTarot._restore``).

>>> from tarot_learn import games
>>> import json
>>> start = json.loads(games.new("french-tarot", seed=3).to_json())["start"]
>>> pos = read_position(start, {"players": 4, "dealer": 0})
>>> [len(h) for h in dealt_cards(pos)[0]], len(dealt_cards(pos)[1])
([18, 18, 18, 18], 6)
>>> read_position({**start, "owed": [0]}, {"players": 4, "dealer": 0})
Traceback (most recent call last):
...
tarot_learn.errors.SaveError: the save's position has owed=[0]: an Excuse owed is null or
[seat that played it, seat that won its trick]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...errors import SaveError
from . import rules as R

__all__ = ["Position", "FIELDS", "PHASES", "read_position", "dealt_cards"]

FIELDS = ("players", "dealer", "phase", "hands", "dog", "dog_seen", "bids", "taker", "contract", "called",
          "partner", "discard", "chelem_decided", "chelem", "poignees", "trick", "leader", "tricks", "won",
          "owed", "reason")
PHASES = ("bidding", "calling", "discarding", "declaring", "playing", "scored", "redeal")
_CARD_NUMBERS = {R.text(c): c for c in range(78)}


@dataclass
class Position:
    """A saved position's fields as numbers (cards as the numbers of :mod:`.rules`)."""

    players: int
    dealer: int
    phase: str
    hands: list[list[int]]
    dog: list[int]
    dog_seen: list[int]
    bids: list[int]
    taker: int
    contract: int
    called: int
    partner: int
    discard: list[int]
    chelem_decided: bool
    chelem: bool
    poignees: list[tuple[int, list[int]]]
    trick: list[int]
    leader: int
    tricks: list[tuple[int, list[int], int]]
    won: list[list[int]]
    owed: tuple[int, int] | None
    reason: str


def _bad(field: str, value: Any, want: str) -> SaveError:
    shown = repr(value)
    shown = shown if len(shown) <= 40 else shown[:37] + "..."
    return SaveError(f"the save's position has {field}={shown}: {want}")


def _int(value: Any, field: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _bad(field, value, f"a whole number from {low} to {high}")
    return value


def _cards(value: Any, field: str, most: int = 78) -> list[int]:
    if not isinstance(value, list) or len(value) > most:
        raise _bad(field, value, f"a list of at most {most} cards")
    out = []
    for item in value:
        number = _CARD_NUMBERS.get(item) if isinstance(item, str) else None
        if number is None:
            raise _bad(field, value, f"a list of cards written like 'KC' or 'T21' ({item!r} is not one)")
        out.append(number)
    return out


def _seat_lists(value: Any, field: str, players: int) -> list[list[int]]:
    if not isinstance(value, list) or len(value) != players:
        raise _bad(field, value, f"one list of cards for each of the {players} seats")
    return [_cards(v, f"{field}[{i}]") for i, v in enumerate(value)]


def _poignees(value: Any, players: int) -> list[tuple[int, list[int]]]:
    if not isinstance(value, list) or len(value) > players:
        raise _bad("poignees", value, f"a list of at most {players} [seat, trumps] pairs")
    out = []
    for item in value:
        if not isinstance(item, list) or len(item) != 2:
            raise _bad("poignees", value, "a list of [seat, trumps] pairs")
        out.append((_int(item[0], "a poignée's seat", 0, players - 1), _cards(item[1], "a poignée", 22)))
    return out


def _tricks(value: Any, players: int) -> list[tuple[int, list[int], int]]:
    most = R.layout(players)[0]
    if not isinstance(value, list) or len(value) > most:
        raise _bad("tricks", value, f"a list of at most {most} tricks")
    out = []
    for i, item in enumerate(value, 1):
        if not isinstance(item, list) or len(item) != 3:
            raise _bad(f"trick {i}", item, "a trick is [leader seat, cards, winner seat]")
        cards = _cards(item[1], f"trick {i}'s cards", players)
        if len(cards) != players:
            raise _bad(f"trick {i}'s cards", item[1], f"a finished trick holds {players} cards, one a seat")
        out.append((_int(item[0], f"trick {i}'s leader", 0, players - 1), cards,
                    _int(item[2], f"trick {i}'s winner", 0, players - 1)))
    return out


def _owed(value: Any, players: int) -> tuple[int, int] | None:
    want = "an Excuse owed is null or [seat that played it, seat that won its trick]"
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 2:
        raise _bad("owed", value, want)
    giver, taker = (_int(v, "owed", 0, players - 1) for v in value)
    if giver == taker:
        raise _bad("owed", value, want + ", two different seats")
    return giver, taker


def _choice(value: Any, field: str, names: tuple[str, ...]) -> int:
    if not isinstance(value, str) or value not in names:
        raise _bad(field, value, "one of " + ", ".join(names))
    return names.index(value)


def _bool(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise _bad(field, value, "true or false")
    return value


def read_position(data: Any, options: dict[str, Any]) -> Position:
    """The position of a save's ``start`` (a dict from ``FrenchTarot._snapshot``), every field of
    the right type and shape for the table of ``options``; raises :class:`SaveError` naming the
    first field that is not."""
    if not isinstance(data, dict) or set(data) != set(FIELDS):
        keys = sorted(map(str, data)) if isinstance(data, dict) else type(data).__name__
        raise SaveError(f"the save's position has the fields {str(keys)[:80]}, not a French Tarot position's")
    n = options["players"]
    if data["players"] != n or isinstance(data["players"], bool):
        raise _bad("players", data["players"], f"the save's options are for {n} players")
    if data["dealer"] != options["dealer"] or isinstance(data["dealer"], bool):
        raise _bad("dealer", data["dealer"], f"the save's options have the dealer at seat {options['dealer']}")
    if not isinstance(data["reason"], str) or len(data["reason"]) > 200:
        raise _bad("reason", data["reason"], "a line of text")
    called = data["called"]
    return Position(
        n, options["dealer"], PHASES[_choice(data["phase"], "phase", PHASES)],
        _seat_lists(data["hands"], "hands", n), _cards(data["dog"], "dog", 6), _cards(data["dog_seen"], "dog_seen", 6),
        [_choice(b, "bids", R.CONTRACT_NAMES) for b in _list(data["bids"], "bids", n)],
        _int(data["taker"], "taker", -1, n - 1), _choice(data["contract"], "contract", R.CONTRACT_NAMES),
        -1 if called is None else _cards([called], "called", 1)[0], _int(data["partner"], "partner", -1, n - 1),
        _cards(data["discard"], "discard", 6), _bool(data["chelem_decided"], "chelem_decided"),
        _bool(data["chelem"], "chelem"), _poignees(data["poignees"], n), _cards(data["trick"], "trick", n - 1),
        _int(data["leader"], "leader", -1, n - 1), _tricks(data["tricks"], n),
        _seat_lists(data["won"], "won", n), _owed(data["owed"], n), data["reason"])


def _list(value: Any, field: str, most: int) -> list:
    if not isinstance(value, list) or len(value) > most:
        raise _bad(field, value, f"a list of at most {most} items")
    return value


def _plays(pos: Position) -> list[tuple[int, int]]:
    """``(seat, card)`` of every card played, in order: the finished tricks, then the open one."""
    n = pos.players
    out = [((lead + i) % n, c) for lead, cards, _ in pos.tricks for i, c in enumerate(cards)]
    if pos.trick:
        if pos.leader < 0:
            raise _bad("leader", pos.leader, "a trick is being played, so it has a leader seat")
        out += [((pos.leader + i) % n, c) for i, c in enumerate(pos.trick)]
    return out


def dealt_cards(pos: Position) -> tuple[list[list[int]], list[int], list[tuple[int, int]]]:
    """The hands and dog dealt, worked back from the position, and the plays in order; refuses a
    position whose cards are not the 78 of the pack once each or whose deal has the wrong sizes."""
    every = sorted([*sum(pos.hands, []), *pos.dog, *pos.discard, *pos.trick, *sum(pos.won, [])])
    if every != list(range(78)):
        raise SaveError(f"the save's position holds {len(every)} cards ({len(set(every))} different), "
                        "not the 78 of the pack once each (hands, dog, discard, trick and won cards)")
    plays = _plays(pos)
    hands = [list(h) for h in pos.hands]
    for seat, card in plays:
        hands[seat].append(card)
    dog = list(pos.dog)
    if pos.dog_seen:                     # a prise or garde: the taker took the dog and discarded
        if pos.dog or not 0 <= pos.taker < pos.players:
            raise SaveError("the save's position shows a dog taken, yet the dog still lies apart or no one took it")
        held = hands[pos.taker] + pos.discard
        if any(c not in held for c in pos.dog_seen):
            raise SaveError("the save's position shows a dog that is in neither the taker's hand nor the discard")
        hands[pos.taker] = [c for c in held if c not in pos.dog_seen]
        dog = list(pos.dog_seen)
    elif pos.discard:
        raise SaveError("the save's position has a discard but no dog was taken (FT-11)")
    size, _, dog_size = R.layout(pos.players)
    names = R.seat_names(pos.players)
    for seat, hand in enumerate(hands):
        if len(hand) != size:
            raise SaveError(f"the save's position gives {names[seat]} {len(hand)} cards dealt (hand and cards "
                            f"played), not the {size} of a {pos.players}-player deal (FT-3)")
    if len(dog) != dog_size:
        raise SaveError(f"the save's position has a dog of {len(dog)} cards, not {dog_size} (FT-3)")
    return [sorted(h) for h in hands], dog, plays
