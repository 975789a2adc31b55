"""Levels and badges of the shared tables, from experience points and the deals played.

A level comes from experience points (FT-49): level 1 from 0 XP, level 2 from 50, then each level
needs 50 XP more than the one before (150, 300, 500, ...).  Badges are earned once, in games that
count (competitive, not ended by agreement, points on, no two seats held by one browser), from the
score sheet's counted deals:

* ``contract``: the first contract made as taker;
* ``chelem``: the first chelem made by the player's side;
* ``petit_au_bout``: the first petit au bout won by the player's side;
* ``ten_games``: ten games played.

>>> [level_of(xp) for xp in (0, 49, 50, 149, 150, 300, 499, 500)]
[1, 1, 2, 2, 3, 4, 4, 5]
>>> BADGES["petit_au_bout"]
'Petit au bout'
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from tarot_learn.games.french_tarot.match import ScoreSheet

__all__ = ["BADGES", "TEN", "level_of", "next_level_xp", "game_badges", "history_badges"]

BADGES = {"contract": "First contract made", "chelem": "First chelem", "petit_au_bout": "Petit au bout",
          "ten_games": "Ten games played"}
TEN = 10
_STEP = 50
_CHELEM_SIDE = {"announced_made": "attack", "unannounced_made": "attack", "defence": "defence"}


def next_level_xp(level: int) -> int:
    """The experience points at which ``level`` is reached (level 1: 0)."""
    return _STEP * (level - 1) * level // 2


def level_of(xp: int) -> int:
    """The level of ``xp`` experience points."""
    level = 1
    while next_level_xp(level + 1) <= max(0, int(xp)):
        level += 1
    return level


def _side(seat: int, taker: int, partner: int | None) -> str:
    return "attack" if seat in (taker, partner) else "defence"


def game_badges(names: Sequence[str], sheet: ScoreSheet, humans: Iterable[int]) -> dict[str, set[str]]:
    """The badges each human seat's name shows by one counted game's score sheet (``ten_games``
    excepted: it counts games, see :func:`history_badges`)."""
    got: dict[str, set[str]] = {}
    for seat in humans:
        mine = got.setdefault(names[seat], set())
        for row in sheet.rows:
            s = row.score
            if s is None or not row.counted:
                continue
            side = _side(seat, s.taker, s.partner)
            if s.made and seat == s.taker:
                mine.add("contract")
            if _CHELEM_SIDE.get(s.chelem or "") == side:
                mine.add("chelem")
            if s.petit_au_bout == side:
                mine.add("petit_au_bout")
    return got


def history_badges(games: Iterable[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Experience points, level and badges of every name after ``games`` (oldest first), each a
    counted game as ``{"names", "sheet" (a ScoreSheet), "humans", "xp"}``.

    >>> history_badges([])
    {}
    """
    out: dict[str, dict[str, Any]] = {}
    for game in games:
        earned = game_badges(game["names"], game["sheet"], game["humans"])
        for seat in game["humans"]:
            name = game["names"][seat]
            me = out.setdefault(name, {"xp": 0, "games": 0, "badges": set()})
            me["xp"] += game["xp"][seat]
            me["games"] += 1
            me["badges"] |= earned.get(name, set())
            if me["games"] >= TEN:
                me["badges"].add("ten_games")
    for me in out.values():
        me["level"] = level_of(me["xp"])
    return out
