"""The student's challenge page (``notebooks/challenge.ipynb`` in Voila): join, play, hand in.

The kernel behind a student's page runs on the class server, so it reads the current challenge
from the class file itself and builds the board with ``SolitaireBoard(state=..., sharing=False)``:
the deal code stays in the kernel, the page gets only what the player sees.  When the game ends
its result code is handed in and checked by replay like any other; a *paste a result code* box
takes codes too (each one checked: a forged or edited code is refused with the reason).  The name
belongs to this browser: an invisible :class:`~tarot_learn.widgets.browser_key.BrowserKey` hands the
kernel the key the browser keeps for the page, and the class file refuses the name to any other
key (the teacher can free it).

On the class server the name is the student's roster name: the kernel learns which browser the
server handed it to from the server's own record (:func:`~tarot_learn.classroom.model.journal.this_kernel`,
never from the page), joins under that browser's roster name as soon as the page has sent its key,
and a browser with no name yet takes the one typed here in the roster too (the roster's rule: one
student per name, whatever its case).  A name the teacher frees in the roster stops this page.

While the game is played the page hands in its progress (the game so far, a result code proved by
replay) at least every :data:`PROGRESS_EVERY` seconds and whenever a card goes home, so when time
runs out the student is ranked by it.  A page whose name the teacher freed, or whose challenge
closed, stops: its board refuses every move and says why.

The challenge's heading and leaderboard are a :class:`LiveBoard`: its script in the page listens
to the class server's live socket (``/tarot/live?topic=challenge``), which pushes them whenever
they change, as it does for the teacher's page and the lobby.  The kernel does not read the class
file to redraw them, and the page sends the kernel nothing for it.
"""

from __future__ import annotations

import asyncio
import hashlib
import html
import time
from pathlib import Path
from typing import Any, Callable

import anywidget
import ipywidgets as W
import traitlets

from tarot_learn import results
from tarot_learn.classroom.model import keys
from tarot_learn.classroom.model.challenge import Challenge, ChallengeBook, open_book
from tarot_learn.classroom.model.journal import this_kernel
from tarot_learn.classroom.model.leaderboard import Entry, cards_home, clock_text
from tarot_learn.classroom.model.names import name_key
from tarot_learn.classroom.model.pace import Pace
from tarot_learn.classroom.model.roster import Roster
from tarot_learn.errors import OptionError, TarotLearnError
from tarot_learn.widgets import SolitaireBoard
from tarot_learn.widgets.autosave import TOKEN_LENGTH, check_token
from tarot_learn.widgets.browser_key import BrowserKey

__all__ = ["ChallengePage", "ChallengeBoard", "LiveBoard", "save_scope", "PROGRESS_EVERY", "PROGRESS_FLOOR",
           "PASTE_EVERY", "PASTE_BURST"]

PROGRESS_EVERY = 10.0     # seconds: the game in progress is handed in at least this often while played
PROGRESS_FLOOR = 1.0      # seconds: and at most this often, however fast cards go home and back
PASTE_EVERY = 1.0         # seconds per pasted code checked, past a burst of PASTE_BURST: a replay costs
PASTE_BURST = 3           # up to 0.2 s of CPU, so a script pressing the button cannot keep a core busy
PAGE = "page"             # the one sender a page's paste budget counts (each page has its own)

TABLE_STYLE = ("<style>.tl-challenge table.tl-leaderboard{border-collapse:collapse;margin:.6rem 0}"
               ".tl-challenge table.tl-leaderboard th,.tl-challenge table.tl-leaderboard td"
               "{border:1px solid #b9b0a0;padding:.2rem .6rem;text-align:left}"
               ".tl-challenge table.tl-leaderboard caption{text-align:left;font-weight:600}"
               ".tl-challenge .tl-challenge-refused{color:#8a0b0b;font-weight:600}</style>")


class LiveBoard(anywidget.AnyWidget):
    """The challenge's heading (``part="heading"``: the game, the time left) or its leaderboard
    (``part="leaderboard"``), pushed to the page by the class server (see the module); ``playing``
    is the challenge this page plays (0: none yet), so a newer one is announced."""

    _esm = Path(__file__).with_name("challenge_page.js")
    part = traitlets.Unicode("heading").tag(sync=True)
    playing = traitlets.Int(0).tag(sync=True)


class ChallengeBoard(SolitaireBoard):
    """The challenge's board: everyone plays the same deal on their own, so no hint (the solver would
    play for the student), no new deal and no sharing; every other button and key works.

    Its autosave is bound to ``scope`` (:func:`save_scope`: the challenge, its deal and the browser's
    key): the game is kept under a token derived from the page's resume token and the scope, so the
    page's token finds this game only on this challenge's page in this browser, never on the
    free-play tables, where Share deal and Hint would give the deal away; and since the scope holds
    the deal code, which no page has, no page can present the derived token either."""

    OFF = {"hint": "Hints are off during a class challenge: the result must be your own play.",
           "new": "This board keeps the challenge's deal: everyone plays the same cards.",
           "share": "The deal code stays hidden during a class challenge."}

    def __init__(self, *args: Any, scope: str, stopped: Callable[[], str | None] = lambda: None,
                 **kwargs: Any) -> None:
        if not scope:
            raise OptionError("a challenge board needs the scope its autosave is bound to")
        self.scope = scope
        self.stopped = stopped          # why this page may no longer play (None: it may)
        super().__init__(*args, **kwargs)

    def on_intent(self, content: Any) -> None:
        why = self.stopped()
        if why is not None:
            return self.refuse(why)
        super().on_intent(content)

    def resume(self, token: str) -> None:
        if check_token(token) is None:            # a token of the wrong form is refused as ever
            token = hashlib.sha256(f"{self.scope}\n{token}".encode()).hexdigest()[:TOKEN_LENGTH]
        super().resume(token)

    def press(self, name: str) -> None:
        refusal = self.OFF.get(str(name).strip().lower())
        if refusal is None:
            return super().press(name)
        self.message, self.message_kind = refusal, "refused"
        self.refresh()


def save_scope(challenge: Challenge, page_key: str, seat: int = 0) -> str:
    """What a challenge board's autosave is bound to: this challenge and its deal (a secret of the
    kernel's), the browser (the digest of its page key, which the class file keeps too) and the
    name's seat (it moves on when the teacher frees the name, so the next page starts afresh)."""
    return f"challenge {challenge.id} {challenge.deal_code} {keys.digest(page_key)} {seat}"


def _p(text: str, kind: str = "note") -> str:
    return f'<p class="tl-challenge-{kind}">{html.escape(text)}</p>'


class ChallengePage(W.VBox):
    """Join with a name, play the challenge's deal, see the class's leaderboard.

    Python entry points (the buttons call the same): :meth:`join`, :meth:`hand_in`;
    ``page.board`` is the student's :class:`SolitaireBoard` once joined."""

    def __init__(self, book: ChallengeBook | None = None) -> None:
        self.book = book if book is not None else open_book()
        self.challenge: Challenge | None = self.book.current() if self.book else None
        self.player: str | None = None
        self.board: ChallengeBoard | None = None
        self.handed_in: set[str] = set()
        self._progress = (-1.0, -1)          # when the game in progress was last handed in, its cards home
        self._progress_due = False           # a hand-in of the latest game is waiting for the floor
        self._paste_pace = Pace(every=PASTE_EVERY, burst=PASTE_BURST)   # pasted codes this page may have checked
        self.key_widget = BrowserKey(lambda key: self._key_arrived())   # the browser's key for this page
        self.roster = Roster(self.book.store) if self.book is not None else None
        self.browser: str | None = None      # the roster's digest of this kernel's browser (the server's record)
        self.status, self.pasted = W.HTML(), W.HTML()
        self.heading, self.table = LiveBoard(part="heading"), LiveBoard(part="leaderboard")
        self.name = W.Text(description="Your name", placeholder="first name", layout=W.Layout(width="320px"))
        self.join_button = W.Button(description="Join the challenge", button_style="primary")
        self.join_button.on_click(lambda _: self.join(self.name.value))
        self.code = W.Textarea(placeholder="TLR1....", description="Result code", layout=W.Layout(width="95%"))
        self.paste_button = W.Button(description="Check and hand in")
        self.paste_button.on_click(lambda _: self.hand_in(self.code.value))
        self.board_box = W.VBox()
        paste = W.VBox([W.HTML("<b>Paste a result code</b> (a game finished elsewhere): it is replayed and "
                               "checked before it counts."), self.code, self.paste_button, self.pasted])
        top: list[W.Widget] = [self.heading]
        if self.book is None:
            top = [W.HTML("<h2>Class challenge</h2>" + _p("This page works on the class server (tarot-learn "
                                                          "classroom): there is no class here."))]
        super().__init__([*top, W.HBox([self.name, self.join_button]), self.status, self.board_box,
                          W.HTML(TABLE_STYLE), self.table, paste, self.key_widget])
        self.add_class("tl-challenge")

    # ----- entry points --------------------------------------------------------------------------
    def join(self, name: str) -> None:
        """Join the current challenge as ``name`` and get its board."""
        if self.book is not None and self.board is None:
            self.challenge = self.book.current()       # the page may have been made before the challenge
        if self.book is None or self.challenge is None:
            return self._say("There is no challenge to join yet: wait for your teacher to start one.", "refused")
        self.challenge = self.book.get(self.challenge.id)      # the teacher may have ended it meanwhile
        if time.time() >= self.challenge.closes:
            return self._say(f"Challenge {self.challenge.id} is closed: results are no longer taken. Wait for "
                             "your teacher to start the next one, then reload this page.", "refused")
        if self.key_widget.key is None:
            return self._say("This page is still starting (it has not sent its key yet): press Join again in a "
                             "moment.", "refused")
        try:
            name = self.roster_name(name)
            self.player, fresh = self.book.join(self.challenge, name, self.key_widget.key)
        except TarotLearnError as err:
            return self._say(f"Cannot join: {err}.", "refused")
        seat = self.book.seat(self.challenge, self.player)
        self.board = ChallengeBoard(state=self.challenge.new_state(), sharing=False, stopped=self.stopped,
                                    scope=save_scope(self.challenge, self.key_widget.key, seat))
        self.board.options_panel.layout.display = "none"   # game, deal, share and rules: set by the teacher
        self.board.buttons["hint"].layout.display = "none"
        self.board.surface.observe(self._on_view, names="view")
        self.board_box.children = [self.board]
        self.heading.playing = self.table.playing = self.challenge.id
        self.name.disabled = self.join_button.disabled = True
        same = "" if fresh else " Welcome back: this page joined under this name before."
        self._say(f"Welcome, {self.player}: play the deal below. When the game is won (or no move is left) "
                  f"your result is handed in by itself; when time runs out, your game so far counts.{same}", "ok")

    def roster_name(self, typed: str) -> str:
        """The name this page plays under: its browser's roster name (``typed`` ignored), else
        ``typed`` taken in the roster for this browser (refused in one line when another holds it);
        off the class server, ``typed``."""
        if self.roster is None:
            return typed
        self.browser, student = this_kernel(self.roster)
        if self.browser is None:
            return typed
        if student is None:
            student = self.roster.claim_browser(self.browser, typed)
        self.name.value = student.name
        return student.name

    def _key_arrived(self) -> None:
        """The page's key is here: a browser the roster names joins at once, with nothing typed."""
        if self.board is not None or self.roster is None:
            return
        _, student = this_kernel(self.roster)
        if student is not None:
            self.join(student.name)

    def stopped(self) -> str | None:
        """Why this page may no longer play (its name freed, the challenge closed), or None."""
        if self.book is None or self.challenge is None or self.player is None:
            return None
        if self.browser is not None and self.roster is not None:
            student = self.roster.student_of_browser(self.browser)
            if student is None:
                return (f"Your teacher freed the name {self.player}: this board takes no more moves. Close this "
                        "page.")
            if name_key(student.name) != name_key(self.player):     # renamed by the teacher
                self.player = student.name
        if not self.book.holds(self.challenge, self.player, self.key_widget.key):
            return (f"Your teacher freed the name {self.player}: another page plays it now, so this board takes "
                    "no more moves. Close this page.")
        if time.time() >= self.book.get(self.challenge.id).closes:
            return "The challenge is closed: this board takes no more moves. Your game so far was counted."
        return None

    def hand_in(self, code: str) -> bool:
        """Check ``code`` by replay against this challenge and hand it in; says why when refused."""
        if self.book is None or self.challenge is None:
            self.pasted.value = _p("There is no challenge to hand a result in to.", "refused")
            return False
        if self.player is None:
            self.pasted.value = _p("Join the challenge with your name first: the result counts for that name.",
                                   "refused")
            return False
        if not self._may_check_paste():
            self.pasted.value = _p(f"Refused: one code a second is checked; press again in {PASTE_EVERY:.0f} "
                                   "second.", "refused")
            return False
        try:
            entry = self.book.submit(self.challenge, self.player, str(code or "")[:results.MAX_RESULT_CHARS + 1],
                                     self.key_widget.key)
        except TarotLearnError as err:
            self.pasted.value = _p(f"Refused: {err}.", "refused")
            return False
        finally:       # the budget refills from the end of the check: a slow replay is not a free one
            self._paste_pace.hold(PAGE)
        self.pasted.value = _p(self._thanks(entry), "ok")
        return True

    # ----- inside --------------------------------------------------------------------------------
    def _may_check_paste(self) -> bool:
        """Take one check from the page's budget (it refills one per :data:`PASTE_EVERY` seconds not
        spent checking)."""
        return self._paste_pace.wait(PAGE) == 0.0

    def _say(self, text: str, kind: str) -> None:
        self.status.value = _p(text, kind)

    def _thanks(self, entry: Entry) -> str:
        result = "won" if entry.won else "no move left"
        return (f"Handed in for {entry.name}: {result} in {entry.moves} moves, {clock_text(entry.seconds)}. "
                "The leaderboard counts your best game.")

    def _on_view(self, _change: Any) -> None:
        board, challenge = self.board, self.challenge
        if board is None or challenge is None or self.player is None:
            return
        if board.state.deal_code != challenge.deal_code:     # a resumed game of another deal
            board.load(challenge.new_state())
            return
        if not board.state.is_over():
            return self._hand_in_progress(board.state)
        code = results.result_code(board.state)
        if code in self.handed_in:
            return
        self.handed_in.add(code)
        try:
            entry = self.book.submit(challenge, self.player, code, self.key_widget.key)  # type: ignore[union-attr]
        except TarotLearnError as err:
            return self._say(f"Your game is over but was not counted: {err}.", "refused")
        self._say(self._thanks(entry), "ok")

    def _hand_in_progress(self, state: Any) -> None:
        """Hand the game so far in when a card went home or :data:`PROGRESS_EVERY` seconds passed,
        at most once per :data:`PROGRESS_FLOOR` seconds: a card sent home and taken back in a loop
        would otherwise write the class file, which every page shares, at the page's pace."""
        home, now = cards_home(state), time.monotonic()
        if home == self._progress[1] and now - self._progress[0] < PROGRESS_EVERY:
            return
        wait = PROGRESS_FLOOR - (now - self._progress[0])
        if wait > 0 and _loop_running():          # (plain Python, with no loop, has no page to flood)
            if not self._progress_due:          # the latest game is handed in once the floor has passed
                self._progress_due = True
                _after_this_message(self._hand_in_latest, wait)
            return
        self._progress = (now, home)
        code, challenge, player, key = results.result_code(state), self.challenge, self.player, self.key_widget.key

        def hand_in() -> None:
            try:
                self.book.progress(challenge, player, code, key)  # type: ignore[union-attr, arg-type]
            except TarotLearnError as err:
                self._say(f"Your game so far was not counted: {err}.", "refused")

        _after_this_message(hand_in)

    def _hand_in_latest(self) -> None:
        self._progress_due = False
        board = self.board
        if board is not None and not board.state.is_over() and board.state.deal_code == getattr(
                self.challenge, "deal_code", None):
            self._hand_in_progress(board.state)


def _loop_running() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def _after_this_message(work: Callable[[], None], delay: float = 0.0) -> None:
    """Run ``work`` once the kernel has answered the page's message (the replay and the class file's
    write, some 20 ms, never delay the board's new view), ``delay`` seconds later; at once where no
    loop runs (plain Python)."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return work()
    if delay > 0:
        loop.call_later(delay, work)
    else:
        loop.call_soon(work)
