"""The French Tarot score sheet of a match (FT-40 .. FT-43), independent of how deals are played.

A :class:`ScoreSheet` records every deal dealt: scored deals (a :class:`DealScore`), thrown-in deals
(all passed, petit sec) and practice deals, with each player's score and the running totals, as on
the FFT's free-play score sheet ("feuille de marque").  It renders as text, as an HTML table (used
by the widgets and the lessons) and round-trips through JSON.

>>> from tarot_learn.games.french_tarot.scoring import score_deal
>>> sheet = ScoreSheet(4, ["Ann", "Bob", "Cleo", "Dan"])
>>> row = sheet.add(score_deal(4, "garde", 2, 49, seats=2), dealer=0)
>>> row = sheet.add_thrown_in(dealer=1, reason="all passed")
>>> row = sheet.add(score_deal(4, "prise", 1, 44, seats=0), dealer=2)
>>> sheet.totals()
(-162, -34, 230, -34)
>>> print(sheet.to_text())
  #  dealer  contract      taker  result          Ann    Bob   Cleo    Dan
  1  Ann     Garde         Cleo   made by 8       -66    -66   +198    -66
                                  totals          -66    -66   +198    -66
  2  Bob     (all passed)
  3  Cleo    Prise         Ann    failed by 7     -96    +32    +32    +32
                                  totals         -162    -34   +230    -34
"""

from __future__ import annotations

import hashlib
import html
import json
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from ...errors import IllegalMove, OptionError, SaveError, TarotLearnError
from .scoring import DealScore

__all__ = ["ScoreSheet", "SheetRow", "Match", "SHEET_FORMAT", "SHEET_VERSION", "MATCH_FORMAT",
           "MATCH_VERSION"]

SHEET_FORMAT = "tarot_learn/french-tarot-score-sheet"
SHEET_VERSION = 1
THROWN_IN_REASONS = ("all passed", "petit sec", "cancelled")
_SHEET_CSS = (
    "<style>"
    ".ft-sheet{border-collapse:collapse;font:13px/1.3 system-ui,sans-serif;margin:4px 0}"
    ".ft-sheet th,.ft-sheet td{border:1px solid #7a7a7a;padding:2px 6px;text-align:right}"
    ".ft-sheet thead th{background:#1f4e79;color:#fff;text-align:center}"
    ".ft-sheet thead tr.ft-sub th{background:#dbe5f1;color:#1f4e79}"
    ".ft-sheet td.ft-l{text-align:left}"
    ".ft-sheet td.ft-plus{color:#116611}.ft-sheet td.ft-minus{color:#a11}"
    ".ft-sheet td.ft-run{background:#f3f3f3;font-weight:600}"
    ".ft-sheet tr.ft-void td{color:#777;font-style:italic}"
    ".ft-sheet tr.ft-practice td{color:#777}"
    ".ft-sheet tfoot td{background:#dbe5f1;font-weight:600}"
    ".ft-sheet caption{caption-side:bottom;text-align:left;color:#555;font-size:12px}"
    "</style>"
)


@dataclass(frozen=True)
class SheetRow:
    """One deal on the sheet.  ``score`` is ``None`` for a thrown-in deal; ``scores`` are then all
    zero.  ``totals`` are the running totals after this deal (practice deals do not change them)."""

    number: int
    dealer: int
    score: DealScore | None
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    note: str = ""
    practice: bool = False
    reason: str = ""

    @property
    def thrown_in(self) -> bool:
        return self.score is None

    @property
    def counted(self) -> bool:
        """True when the deal's scores count towards the totals (FT-40, FT-42)."""
        return self.score is not None and not self.practice

    @property
    def result(self) -> str:
        """``'made by 8'``, ``'made exactly'``, ``'failed by 7'`` or the thrown-in reason."""
        if self.score is None:
            return self.reason
        s = self.score
        if s.made:
            return f"made by {s.margin}" if s.margin else "made exactly"
        return f"failed by {-s.margin}"


class ScoreSheet:
    """The running score of a match of ``players`` (3, 4 or 5) named players.

    Seats are numbered in playing order (FT-1); ``names[seat]`` labels the columns.
    """

    def __init__(self, players: int, names: Sequence[str] | None = None) -> None:
        if isinstance(players, bool) or players not in (3, 4, 5):
            raise OptionError(f"players must be 3, 4 or 5, not {players!r}")
        if names is None:
            names = [f"Player {i + 1}" for i in range(players)]
        if isinstance(names, str) or len(names) != players:
            raise OptionError(f"give {players} names, one per seat, not {names!r}")
        clean = [str(n).strip() for n in names]
        if any(not n for n in clean) or len(set(clean)) != players:
            raise OptionError(f"player names must be non-empty and different: {list(names)!r}")
        self.players = players
        self.names: tuple[str, ...] = tuple(clean)
        self.rows: list[SheetRow] = []
        self.cancelled = False

    # ----- recording ---------------------------------------------------------------------------
    def _check_dealer(self, dealer: int) -> int:
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < self.players:
            raise OptionError(f"dealer must be a seat from 0 to {self.players - 1}, not {dealer!r}")
        return dealer

    def _check_open(self) -> None:
        if self.cancelled:
            raise IllegalMove("this match was cancelled by agreement; start a new sheet", rule="FT-43")

    def add(self, deal_score: DealScore, dealer: int, note: str = "",
            practice: bool = False) -> SheetRow:
        """Record a scored deal and return its row.  A practice deal (FT-42) is shown but does
        not change the totals."""
        self._check_open()
        if not isinstance(deal_score, DealScore):
            raise OptionError(f"add() takes a DealScore from score_deal(), not "
                              f"{type(deal_score).__name__}")
        if deal_score.players != self.players:
            raise OptionError(f"this sheet is for {self.players} players; the deal was scored for "
                              f"{deal_score.players}")
        self._check_dealer(dealer)
        previous = self.totals_after(len(self.rows))
        totals = previous if practice else tuple(t + s for t, s in zip(previous, deal_score.scores))
        row = SheetRow(len(self.rows) + 1, dealer, deal_score, deal_score.scores, totals,
                       str(note), bool(practice))
        self.rows.append(row)
        return row

    def add_thrown_in(self, dealer: int, reason: str = "all passed", note: str = "") -> SheetRow:
        """Record a deal thrown in without score (FT-4 petit sec, FT-7 all passed)."""
        self._check_open()
        self._check_dealer(dealer)
        if reason not in THROWN_IN_REASONS:
            raise OptionError(f"reason must be one of {', '.join(THROWN_IN_REASONS)}, not {reason!r}")
        zero = (0,) * self.players
        row = SheetRow(len(self.rows) + 1, dealer, None, zero, self.totals_after(len(self.rows)),
                       str(note), False, reason)
        self.rows.append(row)
        return row

    def pop(self) -> SheetRow:
        """Remove and return the last row (to undo a recording)."""
        self._check_open()
        if not self.rows:
            raise IllegalMove("the score sheet is empty: there is no row to take back", rule="undo")
        return self.rows.pop()

    def cancel(self) -> None:
        """Cancel the match by agreement (FT-43): nobody scores; the rows stay for the record."""
        self.cancelled = True

    # ----- reading -----------------------------------------------------------------------------
    def totals_after(self, deals: int) -> tuple[int, ...]:
        """Running totals after the first ``deals`` rows (0: all zero)."""
        if deals == 0:
            return (0,) * self.players
        return self.rows[deals - 1].totals

    def totals(self) -> tuple[int, ...]:
        """Each player's total over the counted deals; all zero once the match is cancelled.
        They always sum to zero."""
        if self.cancelled:
            return (0,) * self.players
        return self.totals_after(len(self.rows))

    def gains(self) -> tuple[int, ...]:
        """The sum of each player's positive scores (the FFT sheet's "+" column total)."""
        return tuple(sum(r.scores[i] for r in self.rows if r.counted and r.scores[i] > 0)
                     for i in range(self.players))

    def losses(self) -> tuple[int, ...]:
        """The sum of each player's negative scores, as a positive number ("-" column total)."""
        return tuple(-sum(r.scores[i] for r in self.rows if r.counted and r.scores[i] < 0)
                     for i in range(self.players))

    def scored_deals(self) -> int:
        """How many deals count towards the totals (thrown-in and practice deals do not)."""
        return sum(1 for r in self.rows if r.counted)

    def ranking(self) -> list[tuple[str, int]]:
        """``(name, total)`` from first to last; ties keep seat order."""
        return sorted(zip(self.names, self.totals()), key=lambda item: -item[1])

    def __len__(self) -> int:
        return len(self.rows)

    def __repr__(self) -> str:
        totals = ", ".join(f"{n} {t:+d}" for n, t in zip(self.names, self.totals()))
        state = " cancelled" if self.cancelled else ""
        return f"<ScoreSheet{state} {len(self.rows)} deals: {totals}>"

    # ----- text --------------------------------------------------------------------------------
    def _taker_text(self, row: SheetRow) -> str:
        s = row.score
        assert s is not None
        text = self.names[s.taker]
        if s.partner is not None:
            text += f" + {self.names[s.partner]}"
        return text

    def to_text(self) -> str:
        """A fixed-width table: one line per deal, a line of running totals under each scored deal
        (see the module example)."""
        width = max(5, *(len(n) for n in self.names))
        name_w = max(6, *(len(n) for n in self.names))
        takers = [self._taker_text(r) for r in self.rows if r.score is not None]
        taker_w = max([5, *map(len, takers)])
        head = (f"{'#':>3}  {'dealer':<{name_w}}  {'contract':<12}  {'taker':<{taker_w}}  "
                f"{'result':<12}" + "".join(f"{n:>{width + 2}}" for n in self.names))
        lines = [head]
        pad = " " * (3 + 2 + name_w + 2 + 12 + 2 + taker_w + 2)
        for row in self.rows:
            start = f"{row.number:>3}  {self.names[row.dealer]:<{name_w}}  "
            if row.score is None:
                lines.append(start + f"({row.reason})" + (f"  {row.note}" if row.note else ""))
                continue
            contract = row.score.contract_label + (" *" if row.practice else "")
            cells = "".join(f"{v:>+{width + 2}d}" for v in row.scores)
            lines.append(start + f"{contract:<12}  {self._taker_text(row):<{taker_w}}  "
                         f"{row.result:<12}" + cells + (f"  {row.note}" if row.note else ""))
            lines.append(pad + f"{'totals':<12}" +
                         "".join(f"{v:>+{width + 2}d}" if v else f"{0:>{width + 2}d}"
                                 for v in row.totals))
        if any(r.practice for r in self.rows):
            lines.append("* practice deal: shown, not counted (FT-42)")
        if self.cancelled:
            lines.append("match cancelled by agreement: no score stands (FT-43)")
        return "\n".join(line.rstrip() for line in lines)

    def __str__(self) -> str:
        return self.to_text()

    # ----- HTML --------------------------------------------------------------------------------
    def to_html(self) -> str:
        """An HTML table laid out like the FFT score sheet: for every player a "+" and a "-"
        column and the running total; then the "+"/"-" totals and the balance ("Bilan")."""
        e = html.escape
        head1 = ("<tr><th rowspan='2'>Deal</th><th rowspan='2'>Dealer</th>"
                 "<th rowspan='2'>Contract</th><th rowspan='2'>Taker</th>"
                 "<th rowspan='2'>Result</th>"
                 + "".join(f"<th colspan='3'>{e(name)}</th>" for name in self.names) + "</tr>")
        head2 = "<tr class='ft-sub'>" + "<th>+</th><th>&minus;</th><th>total</th>" * self.players + "</tr>"
        body = "".join(self._html_row(row) for row in self.rows)
        notes = []
        if any(r.practice for r in self.rows):
            notes.append("Practice deals are shown but not counted (FT-42).")
        if self.cancelled:
            notes.append("Match cancelled by agreement: no score stands (FT-43).")
        caption = f"<caption>{' '.join(notes)}</caption>" if notes else ""
        return (f"{_SHEET_CSS}<table class='ft-sheet'>{caption}<thead>{head1}{head2}</thead>"
                f"<tbody>{body}</tbody><tfoot>{self._html_foot()}</tfoot></table>")

    def _html_row(self, row: SheetRow) -> str:
        """One deal's row of :meth:`to_html`."""
        e = html.escape
        lead = (f"<td>{row.number}</td><td class='ft-l'>{e(self.names[row.dealer])}</td>")
        title = f" title='{e(row.note)}'" if row.note else ""
        if row.score is None:
            return (f"<tr class='ft-void'{title}>{lead}<td class='ft-l' colspan='3'>"
                    f"{e(row.reason)}</td>" + "<td></td><td></td><td class='ft-run'>"
                    + "</td><td></td><td></td><td class='ft-run'>".join(
                        str(t) for t in row.totals) + "</td></tr>")
        cls = " class='ft-practice'" if row.practice else ""
        cells = []
        for value, total in zip(row.scores, row.totals):
            plus = str(value) if value > 0 else ""
            minus = str(-value) if value < 0 else ""
            cells.append(f"<td class='ft-plus'>{plus}</td><td class='ft-minus'>{minus}</td>"
                         f"<td class='ft-run'>{total}</td>")
        contract = e(row.score.contract_label) + (" (practice)" if row.practice else "")
        return (f"<tr{cls}{title}>{lead}<td class='ft-l'>{contract}</td>"
                f"<td class='ft-l'>{e(self._taker_text(row))}</td>"
                f"<td class='ft-l'>{e(row.result)}</td>" + "".join(cells) + "</tr>")

    def _html_foot(self) -> str:
        """The "+"/"-" totals and the balance under :meth:`to_html`'s rows."""
        gains, losses, totals = self.gains(), self.losses(), self.totals()
        return ("<tr><td class='ft-l' colspan='5'>Total</td>"
                + "".join(f"<td class='ft-plus'>{g}</td><td class='ft-minus'>{lo}</td><td></td>"
                          for g, lo in zip(gains, losses)) + "</tr>"
                + "<tr><td class='ft-l' colspan='5'>Balance (bilan)</td>"
                + "".join(f"<td colspan='3' style='text-align:center'>{t:+d}</td>" if t else
                          "<td colspan='3' style='text-align:center'>0</td>" for t in totals)
                + "</tr>")

    def _repr_html_(self) -> str:
        return self.to_html()

    # ----- saving ------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        rows = []
        for row in self.rows:
            item: dict[str, Any] = {"dealer": row.dealer}
            if row.score is None:
                item["thrown_in"] = row.reason
            else:
                item["score"] = row.score.to_dict()
                item["scores"] = list(row.scores)
                if row.practice:
                    item["practice"] = True
            if row.note:
                item["note"] = row.note
            rows.append(item)
        return {"format": SHEET_FORMAT, "version": SHEET_VERSION, "players": self.players,
                "names": list(self.names), "cancelled": self.cancelled, "rows": rows}

    def to_json(self) -> str:
        """The sheet as JSON; :meth:`from_json` reads it back exactly."""
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "ScoreSheet":
        if not isinstance(data, dict) or data.get("format") != SHEET_FORMAT:
            raise SaveError("this is not a French Tarot score sheet (format field missing or wrong)")
        if data.get("version") != SHEET_VERSION:
            raise SaveError(f"score sheet version {data.get('version')!r} is not supported "
                            f"(this program reads version {SHEET_VERSION})")
        try:
            sheet = cls(data["players"], data["names"])
            rows = data["rows"]
            if not isinstance(rows, list):
                raise SaveError("rows must be a list")
            for i, item in enumerate(rows, 1):
                if "thrown_in" in item:
                    sheet.add_thrown_in(item["dealer"], item["thrown_in"], item.get("note", ""))
                    continue
                row = sheet.add(DealScore.from_dict(item["score"]), item["dealer"],
                                item.get("note", ""), bool(item.get("practice", False)))
                if list(row.scores) != item.get("scores"):
                    raise SaveError(f"deal {i}: the recorded scores {item.get('scores')} do not "
                                    f"match the deal's score {list(row.scores)}")
        except SaveError:
            raise
        except TarotLearnError as err:     # a row or name the sheet refuses: the file was edited
            raise SaveError(f"the score sheet cannot be loaded: {err}") from None
        except (KeyError, TypeError) as err:
            raise SaveError(f"corrupt score sheet: {err!r} is missing or wrong") from None
        sheet.cancelled = bool(data.get("cancelled", False))
        return sheet

    @classmethod
    def from_json(cls, text: str | bytes) -> "ScoreSheet":
        """Read a sheet written by :meth:`to_json`; anything else raises a clear ``SaveError``."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError, TypeError) as err:
            raise SaveError(f"a score sheet is JSON text; this is not: {err}") from None
        return cls.from_dict(data)


# ----- a match: several deals at one table -------------------------------------------------------
MATCH_FORMAT = "tarot_learn/french-tarot-match"
MATCH_VERSION = 1


def _derive_seed(seed: int, k: int) -> int:
    """The seed of the ``k``-th deal of a match: stable on every machine and Python version."""
    from ...deals import MAX_SEED

    digest = hashlib.blake2b(f"french-tarot-match:{seed}:{k}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") % (MAX_SEED + 1)


class Match:
    """A match of French Tarot: deals one after another at one table, scored on a :class:`ScoreSheet`.

    The deal passes to the next seat after every deal, played or thrown in (FT-2); thrown-in deals
    are noted and score nothing (FT-4, FT-7, FT-40); a match of ``rounds`` rounds ends after
    ``rounds x players`` scored deals (FT-41; ``rounds=None`` never ends by itself); deals may be
    practice (FT-42); the human players may cancel it together (FT-43).  Each deal is a
    :class:`~.state.FrenchTarot` state whose seed comes from the match's seed, so a match replays.

    >>> m = Match(4, ["Ann", "Bob", "Cleo", "Dan"], rounds=1, seed=11)
    >>> deal = m.next_deal()
    >>> deal.dealer, deal.to_play
    (0, 1)
    >>> for bid in ("garde", "pass", "pass", "pass"):
    ...     _ = m.play("bid " + bid)
    >>> m.deal.taker, str(m.deal.phase)
    (1, 'discarding')
    """

    def __init__(self, players: int = 4, names: Sequence[str] | None = None,
                 rounds: int | None = 1, seed: int | None = None, first_dealer: int | None = 0,
                 practice: bool = False, humans: Iterable[int] | None = None) -> None:
        from ...deals import MAX_SEED, Rng, random_seed

        self.sheet = ScoreSheet(players, names)
        self.players = players
        if rounds is not None and (isinstance(rounds, bool) or not isinstance(rounds, int)
                                   or rounds < 1):
            raise OptionError(f"rounds must be a whole number of at least 1, or None for no limit, "
                              f"not {rounds!r}")
        self.rounds = rounds
        if seed is None:
            seed = random_seed()
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise OptionError(f"seed must be a whole number from 0 to {MAX_SEED}, not {seed!r}")
        self.seed = seed
        if first_dealer is None:  # drawn by lot (FT-2), reproducibly from the seed
            first_dealer = Rng(_derive_seed(seed, -1)).below(players)
        self.first_dealer = self.sheet._check_dealer(first_dealer)
        self.dealer = self.first_dealer
        self.practice = bool(practice)
        seats = range(players) if humans is None else humans
        self.humans = frozenset(seats)
        if any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < players
               for s in self.humans):
            raise OptionError(f"humans must be seats from 0 to {players - 1}, not {sorted(seats)!r}")
        self.deal: Any = None          # the current FrenchTarot state
        self.deal_practice = False
        self.dealt = 0                 # deals dealt so far, thrown-in ones included
        self._recorded = False         # the current deal's row is on the sheet

    # ----- the flow of deals -------------------------------------------------------------------
    @property
    def cancelled(self) -> bool:
        return self.sheet.cancelled

    def is_over(self) -> bool:
        """Cancelled, or every round played (FT-41)."""
        if self.cancelled:
            return True
        return self.rounds is not None and self.sheet.scored_deals() >= self.rounds * self.players

    @property
    def deals_left(self) -> int | None:
        """Scored deals still to play (``None`` without a round limit)."""
        if self.rounds is None:
            return None
        return max(0, self.rounds * self.players - self.sheet.scored_deals())

    @property
    def in_progress(self) -> bool:
        """True while a deal is being bid or played."""
        return self.deal is not None and not self._recorded

    def next_deal(self, practice: bool | None = None) -> Any:
        """Deal the next deal (the dealer rotates, FT-2) and return its state.  A deal thrown in
        at once (petit sec, FT-4) is recorded immediately; call ``next_deal`` again."""
        from .state import FrenchTarot

        if self.in_progress:
            raise IllegalMove("the current deal is not finished; play it out before dealing again", rule="FT-2")
        if self.is_over():
            raise IllegalMove("the match is over: start a new match to play on",
                              rule="FT-43" if self.cancelled else "FT-41")
        self.deal = FrenchTarot.new(_derive_seed(self.seed, self.dealt), players=self.players,
                                    dealer=self.dealer)
        self.deal_practice = self.practice if practice is None else bool(practice)
        self.dealt += 1
        self._recorded = False
        self._record_if_over()
        return self.deal

    def play(self, move: Any, seat: int | None = None) -> Any:
        """Play ``move`` on the current deal (for ``seat`` if given, refusing a seat out of turn);
        a deal that ends is written on the sheet at once.  Illegal moves raise ``IllegalMove`` and
        change nothing."""
        if not self.in_progress:
            raise IllegalMove("no deal is in progress: call next_deal() first", rule="FT-2")
        done = self.deal.play(move) if seat is None else self.deal.play_as(seat, move)
        self._record_if_over()
        return done

    def advance(self, players: Any, limit: int = 10_000) -> int:
        """Let the computer play every seat that is not human, until a human is to play or the
        deal ends; returns how many moves were made.

        ``players`` is a bot (anything with ``act(observation) -> move``, as in :mod:`.bots`; it
        sees only its seat's observation), a mapping or list of bots by seat (a seat without one
        stops the loop), or a function ``choose(state, seat) -> move``.
        """
        made = 0
        while self.in_progress and self.deal.to_play not in self.humans and made < limit:
            seat = self.deal.to_play
            if hasattr(players, "act"):
                move = players.act(self.deal.observation(seat))
            elif callable(players):
                move = players(self.deal, seat)
            else:
                try:
                    bot = players[seat]
                except (KeyError, IndexError):
                    break
                if bot is None:
                    break
                move = bot.act(self.deal.observation(seat))
            self.play(move, seat)
            made += 1
        return made

    def undo(self) -> Any:
        """Take back the last move of the current deal, and its row if the deal had ended."""
        if self.deal is None:
            raise IllegalMove("no deal has been dealt yet: there is no move to undo", rule="undo")
        if not self.deal.history:
            raise IllegalMove("there is no move to undo in this deal", rule="undo")
        if self.cancelled:
            raise IllegalMove("the match was cancelled by agreement: no move can be taken back", rule="FT-43")
        if self._recorded:
            self.sheet.pop()
            self.dealer = self.deal.dealer
            self._recorded = False
        return self.deal.undo()

    def _record_if_over(self) -> None:
        from .state import Phase

        deal = self.deal
        if self._recorded or deal.phase not in (Phase.SCORED, Phase.REDEAL):
            return
        if deal.phase is Phase.SCORED:
            self.sheet.add(deal.result, deal.dealer, practice=self.deal_practice)
        else:
            reason = "petit sec" if deal.reason.startswith("petit sec") else "all passed"
            self.sheet.add_thrown_in(deal.dealer, reason)
        self.dealer = deal.next_dealer
        self._recorded = True

    def cancel(self, agreeing: Iterable[int]) -> bool:
        """Cancel the match if every human seat agrees (FT-43; robots do not vote).  Returns
        whether it was cancelled; without unanimity nothing changes."""
        votes = set(agreeing)
        bad = [s for s in votes if isinstance(s, bool) or not isinstance(s, int)
               or not 0 <= s < self.players]
        if bad:
            raise OptionError(f"seats are 0 to {self.players - 1}, not {bad[0]!r}")
        if not self.humans <= votes:
            return False
        self.sheet.cancel()
        return True

    # ----- reading -----------------------------------------------------------------------------
    def totals(self) -> tuple[int, ...]:
        return self.sheet.totals()

    def ranking(self) -> list[tuple[str, int]]:
        return self.sheet.ranking()

    def status(self) -> str:
        """One line for the table: the deal's status, or how the match stands."""
        if self.cancelled:
            return "The match was cancelled by agreement: no score stands (FT-43)."
        if self.is_over():
            name, total = self.ranking()[0]
            return f"The match is over: {name} wins with {total:+d}."
        left = "" if self.deals_left is None else f" ({self.deals_left} scored deal(s) to go)"
        if self.in_progress:
            return f"Deal {self.dealt}: {self.deal.status()}{left}"
        return f"{self.sheet.names[self.dealer]} deals next{left}."

    def __repr__(self) -> str:
        return f"<Match {self.players} players, {self.dealt} deals dealt: {self.status()}>"

    def _repr_html_(self) -> str:
        return f"<p>{html.escape(self.status())}</p>{self.sheet.to_html()}"

    # ----- saving ------------------------------------------------------------------------------
    def to_json(self) -> str:
        """The whole match (options, sheet, current deal with its moves) as JSON."""
        return json.dumps({
            "format": MATCH_FORMAT, "version": MATCH_VERSION, "players": self.players,
            "rounds": self.rounds, "seed": self.seed, "first_dealer": self.first_dealer,
            "practice": self.practice, "humans": sorted(self.humans), "dealer": self.dealer,
            "dealt": self.dealt, "deal_practice": self.deal_practice, "recorded": self._recorded,
            "sheet": self.sheet.to_dict(),
            "deal": self.deal.to_json() if self.deal is not None else None,
        }, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> "Match":
        """Read a match written by :meth:`to_json`; anything else raises a clear ``SaveError``."""
        from .. import load

        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError, TypeError) as err:
            raise SaveError(f"a saved match is JSON text; this is not: {err}") from None
        if not isinstance(data, dict) or data.get("format") != MATCH_FORMAT:
            raise SaveError("this is not a saved French Tarot match (format field missing or wrong)")
        if data.get("version") != MATCH_VERSION:
            raise SaveError(f"saved match version {data.get('version')!r} is not supported "
                            f"(this program reads version {MATCH_VERSION})")
        try:
            sheet = ScoreSheet.from_dict(data["sheet"])
            match = cls(data["players"], sheet.names, data["rounds"], data["seed"],
                        data["first_dealer"], data["practice"], data["humans"])
            match.sheet = sheet
            match.dealer = match.sheet._check_dealer(data["dealer"])
            match.dealt = data["dealt"]
            match.deal_practice = bool(data["deal_practice"])
            match._recorded = bool(data["recorded"])
            if data["deal"] is not None:
                match.deal = load(data["deal"])
                if getattr(match.deal, "name", None) != "french-tarot" or \
                        match.deal.players != match.players:
                    raise SaveError("the saved deal is not a French Tarot deal of this table")
        except SaveError:
            raise
        except TarotLearnError as err:
            raise SaveError(f"the saved match cannot be loaded: {err}") from None
        except (KeyError, TypeError) as err:
            raise SaveError(f"corrupt saved match: {err!r} is missing or wrong") from None
        if not isinstance(match.dealt, int) or match.dealt < len(sheet.rows):
            raise SaveError("corrupt saved match: fewer deals dealt than rows on the sheet")
        return match
