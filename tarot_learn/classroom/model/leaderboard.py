"""A class's leaderboard from result codes: each code replayed, the results in order.

Standard library and the rules core only (no server, no Jupyter), so the same code ranks a
challenge on the class server and in a notebook of the static site, where the teacher pastes the
codes the students copied.  The order: won games first, then fewest moves, then shortest time,
then who handed in first; each player appears once, with their best game.

>>> from tarot_learn import games, results
>>> s = games.new("klondike", seed=4, draw=3, build="any_suit")
>>> code = results.result_code(s)
>>> board = check_codes(f"Ana: {code}\\nBen {code[:-1]}x", deal=s.deal_code, finished=False)
>>> [(e.name, e.moves) for e in board.entries]
[('Ana', 0)]
>>> board.refused[0].name, board.refused[0].reason
('Ben', 'the result code was changed or damaged (its check does not match): copy it again')
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from typing import Iterable

from tarot_learn import results
from tarot_learn.classroom.model.names import MAX_NAME
from tarot_learn.errors import SaveError

__all__ = ["Entry", "Refusal", "Board", "judge", "ordered", "check_codes", "game_fingerprint",
           "clock_text", "entries_html", "refusals_html", "cards_home", "MAX_CODES"]

MAX_CODES = 300          # lines checked from one paste (a class or two); the rest are refused unread


@dataclass(frozen=True)
class Entry:
    """One verified result: who, how many moves, won or unfinished, seconds taken (None: unknown),
    cards on the foundations, and whether the game ended (False: time ran out while it was played)."""

    name: str
    moves: int
    won: bool
    seconds: float | None = None
    submitted: float = 0.0
    code: str = ""
    home: int = 0
    ended: bool = True

    def rank_order(self) -> tuple:
        """The leaderboard order: won first, by fewest moves; then the rest by most cards home, then
        fewest moves; then shortest time, first handed in."""
        return (not self.won, 0 if self.won else -self.home, self.moves,
                math.inf if self.seconds is None else self.seconds, self.submitted)

    @property
    def outcome(self) -> str:
        """``won``, ``no move left`` or ``time ran out``."""
        return "won" if self.won else ("no move left" if self.ended else "time ran out")


@dataclass(frozen=True)
class Refusal:
    """A line that gave no result, and why (one line)."""

    line: int
    name: str
    reason: str


@dataclass(frozen=True)
class Board:
    entries: list[Entry]
    refused: list[Refusal]


def game_fingerprint(verified: results.Verified) -> str:
    """A short fingerprint of a result's game, its deal and its moves as played (not their
    encoding): the same game handed in twice, in any code, has the same fingerprint
    (stored in the ``code_key`` column of ``challenge_results``)."""
    return results.game_key(verified)


def cards_home(state: object) -> int:
    """How many cards a patience position has on its foundations (its progress)."""
    return sum(len(pile) for pile in getattr(state, "found", ()))


def judge(code: str, deal: str | None = None, finished: bool = True) -> results.Verified:
    """Replay ``code``; refuse (:class:`SaveError`, one line) a damaged or edited code, a game of
    another deal than ``deal`` (when given) and, with ``finished``, a game that is not over."""
    verified = results.verify(code)
    if deal is not None and verified.deal_code != deal:
        raise SaveError("this result is for another deal than the challenge's: play the challenge's own board")
    if finished and not verified.state.is_over():
        raise SaveError(f"this game is not finished ({verified.moves_made} moves): play on until it is won "
                        "or no move is left")
    return verified


def ordered(entries: Iterable[Entry]) -> list[Entry]:
    """Each player's best entry, best first."""
    best: dict[str, Entry] = {}
    for e in entries:
        if e.name not in best or e.rank_order() < best[e.name].rank_order():
            best[e.name] = e
    return sorted(best.values(), key=Entry.rank_order)


def _split_line(line: str) -> tuple[str, str]:
    words = line.split()
    at = next((i for i, w in enumerate(words) if w.startswith(results.PREFIX + ".")), None)
    if at is None:
        return " ".join(line.split(":")[0].split()), ""
    name = " ".join(words[:at]).rstrip(":,;").strip()
    return name, "".join(words[at:])


def check_codes(text: str, deal: str | None = None, finished: bool = True) -> Board:
    """Every line of ``text`` (``name: CODE``, ``name CODE`` or just ``CODE``) checked by replay.

    ``deal``: the challenge's deal code (codes of other deals are refused); ``finished``: refuse
    games that are not over.  A game handed in twice (in any code) counts once."""
    entries: list[Entry] = []
    refused: list[Refusal] = []
    seen: dict[str, int] = {}
    lines = [(n, line) for n, line in enumerate(str(text).strip("\n").splitlines(), 1) if line.strip()]
    for number, line in lines[MAX_CODES:]:
        refused.append(Refusal(number, "", f"more than {MAX_CODES} codes in one paste: check the rest separately"))
    for number, line in lines[:MAX_CODES]:
        name, code = _split_line(line)
        name = name[:MAX_NAME] or f"line {number}"
        if not code:
            refused.append(Refusal(number, name, f"no result code on this line (they start {results.PREFIX}.)"))
            continue
        try:
            verified = judge(code, deal, finished)
        except SaveError as err:
            refused.append(Refusal(number, name, str(err)))
            continue
        fingerprint = game_fingerprint(verified)
        if fingerprint in seen:
            refused.append(Refusal(number, name, f"the same game as line {seen[fingerprint]}: each game counts once"))
            continue
        seen[fingerprint] = number
        entries.append(Entry(name, verified.moves_made, verified.won, None, float(number), code,
                             cards_home(verified.state), ended=verified.state.is_over()))
    return Board(ordered(entries), refused)


def clock_text(seconds: float | None) -> str:
    """``125.4`` -> ``'2:05'``; ``None`` -> ``'-'``.

    >>> clock_text(125.4), clock_text(3725), clock_text(None)
    ('2:05', '1:02:05', '-')
    """
    if seconds is None:
        return "-"
    s = int(seconds)
    h, m = divmod(s // 60, 60)
    return f"{h}:{m:02d}:{s % 60:02d}" if h else f"{m}:{s % 60:02d}"


def entries_html(entries: list[Entry], caption: str = "Leaderboard") -> str:
    """The leaderboard as an accessible HTML table (rank, name, result, moves, time)."""
    if not entries:
        return f'<p class="tl-leaderboard-empty">{html.escape(caption)}: no verified result yet.</p>'
    rows = "".join(
        f'<tr><td>{i}</td><th scope="row">{html.escape(e.name)}</th><td>{e.outcome}</td>'
        f"<td>{e.moves}</td><td>{clock_text(e.seconds)}</td></tr>" for i, e in enumerate(entries, 1))
    return (f'<table class="tl-leaderboard"><caption>{html.escape(caption)}</caption><thead><tr>'
            f'<th scope="col">Rank</th><th scope="col">Name</th><th scope="col">Result</th>'
            f'<th scope="col">Moves</th><th scope="col">Time</th></tr></thead><tbody>{rows}</tbody></table>')


def refusals_html(refused: list[Refusal]) -> str:
    """The refused lines, each with its reason."""
    if not refused:
        return ""
    items = "".join(f"<li>line {r.line} ({html.escape(r.name or 'no name')}): {html.escape(r.reason)}</li>"
                    for r in refused)
    return f'<div class="tl-refused"><p>Refused:</p><ul>{items}</ul></div>'
