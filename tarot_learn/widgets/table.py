"""TarotTable: play French Tarot from the South seat against computer players.

The learner holds seat 0 (South); :class:`~tarot_learn.games.french_tarot.bots.HeuristicBot`
players fill the other seats and a :class:`~tarot_learn.games.french_tarot.Match` carries the
score sheet from deal to deal.  :class:`TableView` (an anywidget) draws the table from a small
JSON view: the hand with playable cards lit and the others dimmed (hovering says why, with the
rule id), the bots' hands as backs (or face up in "show all hands" teaching mode), the trick in
the middle, the dog, bids and declarations, whose turn it is, and a countdown when a time per
turn is set.  Bidding, calling, the discard, poignée and chelem are ipywidgets buttons round it.

The page is untrusted.  What it receives is your seat's observation (other hands only as counts);
teaching views (``show_all``) and the deal code (which deals every hand again) stay in Python: the
code reaches the page only when you press "Share deal", and ``sharing=False`` (a class challenge)
refuses it.  The clock is Python's: your turn's deadline is kept by the table model, a timer on the kernel's
event loop calls :meth:`~TarotTable.check_clock` when it falls due (and every message checks it
too), and the page's countdown only displays it; the page cannot make the bot play for you.
Every message from the page is checked (the page session's guard,
:mod:`~tarot_learn.widgets.session`, and a small schema for the table's card clicks); anything
else is refused with one line.

Python entry points, used by the browser too: :meth:`TarotTable.click_card`,
:meth:`~TarotTable.press`, :meth:`~TarotTable.resume`; :meth:`~TarotTable.timeout` is the clock's
callback.

A lost kernel loses nothing: once the page has sent its resume token (a random key it keeps in
``localStorage``), the whole match (score sheet, current deal and its moves) is saved after every
change (:mod:`~tarot_learn.widgets.autosave`), and a new table that receives the same token, on the
reloaded page, takes the match back, each deal replayed through the rules.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any, Callable, Sequence

import ipywidgets as W
import traitlets as T

from ..core import Move
from ..errors import OptionError, TarotLearnError
from ..games.french_tarot import Match, Phase
from ..games.french_tarot import rules as R
from ..games.french_tarot.advice import DiscardAdvice, PlayAdvice, call_advice, discard_advice, play_advice
from ..games.french_tarot.bots import Bot, for_level, levels as bot_levels
from ..games.french_tarot.observe import TarotObservation
from ..games.french_tarot.table import TableModel
from ..observation import Role
from ._common import css, esm, esc, message_html, resolve_deck
from .session import PageSession, PageSurface, batched, cached_pictures
from .autosave import Autosave

__all__ = ["TarotTable", "TableView", "hand_text"]

_CONTRACT_LABEL = {"pass": "Pass", "prise": "Prise", "garde": "Garde", "garde_sans": "Garde sans",
                   "garde_contre": "Garde contre"}
_TIMES = (0, 10, 20, 30, 60, 120)
_ADVISED = (Phase.PLAYING, Phase.CALLING, Phase.DISCARDING)    # the moments the Advice button answers
_EVENTS = ("card",)      # what the page may send: a click on a card of your hand


def _call_later(delay: float, callback: Callable[[], None]) -> Any:
    """A timer on the running event loop (the kernel's), or ``None`` outside one: then the
    deadline is still checked whenever a message arrives."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return None
    return loop.call_later(delay, callback)


def _check_arguments(players: Any, time_per_turn: Any, card_height: Any, sharing: Any) -> None:
    if isinstance(players, bool) or players not in (3, 4, 5):
        raise OptionError(f"players must be 3, 4 or 5, not {players!r}")
    if isinstance(time_per_turn, bool) or not isinstance(time_per_turn, int) or time_per_turn < 0:
        raise OptionError(f"time_per_turn is a whole number of seconds (0: no clock), not {time_per_turn!r}")
    if isinstance(card_height, bool) or not isinstance(card_height, int) or not 40 <= card_height <= 400:
        raise OptionError(f"card_height is a whole number of pixels from 40 to 400, not {card_height!r}")
    if not isinstance(sharing, bool):
        raise OptionError(f"sharing is True (you may show the deal code) or False (a class challenge: "
                          f"the code stays hidden), not {sharing!r}")


def _check_levels(levels: Any) -> tuple[str, ...] | str:
    """``levels`` is one robot level for every seat or a list of one per seat (one-line errors)."""
    known = bot_levels()
    words = [levels] if isinstance(levels, str) else list(levels) if isinstance(levels, (list, tuple)) else None
    if not words:
        raise OptionError(f"levels is one of {', '.join(known)} or a list of one per seat, not {levels!r}")
    for word in words:
        if word not in known:
            raise OptionError(f"a robot level is one of {', '.join(known)}, not {word!r}")
    return levels if isinstance(levels, str) else tuple(words)


def _and(words: Any) -> str:
    """``'a, b and c'``."""
    words = list(words)
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else "".join(words)


def _name(code: str) -> str:
    """A card's French-Tarot name (``'Ace of Clubs'`` for ``AW``; trumps by number)."""
    try:
        return R.CARDS[R.card_number(code)].french_name
    except (KeyError, IndexError):
        return code


# French suit names and the symbol printed beside them: a suit is never told by colour alone.
_SUIT_WORDS = (("S", "\u2660 Spades"), ("C", "\u2665 Hearts"), ("P", "\u2666 Diamonds"), ("W", "\u2663 Clubs"))
_RANK_WORDS = {"A": "Ace", "P": "Jack", "N": "Cavalier", "Q": "Queen", "K": "King"}


def hand_text(codes: Sequence[str]) -> str:
    """A hand as one readable line, trumps then each suit by its French name and symbol.

    >>> hand_text(["T21", "T0", "KS", "7S", "AW"])
    'Trumps 21 Excuse \u00b7 \u2660 Spades King 7 \u00b7 \u2663 Clubs Ace'
    """
    trumps = [c for c in codes if c.startswith("T")]
    parts = []
    if trumps:
        parts.append("Trumps " + " ".join("Excuse" if c == "T0" else c[1:] for c in trumps))
    for suit, word in _SUIT_WORDS:
        ranks = [c[:-1] for c in codes if not c.startswith("T") and c.endswith(suit)]
        if ranks:
            parts.append(f"{word} " + " ".join(_RANK_WORDS.get(r, r) for r in ranks))
    return " \u00b7 ".join(parts)


def _card_names(view: dict[str, Any]) -> dict[str, str]:
    """The French name of every card the view shows (its accessible name), nothing more."""
    codes = [c["c"] for c in view["hand"]] + [c for s in view["seats"] for c in s["cards"]]
    codes += [c for _, c in view["trick"]] + list(view["dog"]) + [c for _, cs in view["poignees"] for c in cs]
    codes += view["last"]["cards"] if view["last"] else []
    return {c: _name(c) for c in codes if c != "?"}


class TableView(PageSurface):
    """The French Tarot table: draws ``view`` with ``images`` and reports clicks (every message it
    gets goes through the page session's guard)."""

    _esm = esm("table.js")
    _css = css("table.css")

    images = T.Dict(help="{notation: PNG bytes}, sent once per deck").tag(sync=True)
    card_height = T.Int(104, help="height of a card of your hand, CSS pixels").tag(sync=True)
    view = T.Dict(help="seats, hand with legality, trick, dog, turn, countdown, version").tag(sync=True)


class TarotTable(PageSession):
    """French Tarot at a table of 3, 4 or 5, you in the South seat against ``bots``.

    ``TarotTable(players=4, rounds=1, seed=None, deck=None, time_per_turn=0, show_all=False)``.
    ``rounds`` is how many rounds the match lasts (each player deals once a round; ``None``: no
    limit); ``time_per_turn`` in seconds (0: no clock) lets the bot play your turn when it runs
    out (Python's clock: ``clock`` is the time source, ``time.monotonic`` unless a test gives a
    fake one); ``show_all`` turns every hand face up, to study how the bots play; ``sharing=False``
    keeps the deal code from the page (a class challenge).  ``levels`` is the robots' level
    (``"beginner"``, ``"club"``, ``"strong"``), one for every seat or a list of one per seat
    (seat 0's robot plays your turn when the clock runs out).  "Advice", on your turn in the play,
    shows the card the strong robot would play, each legal card's expected score and the rule of
    thumb it follows, computed from your own observation only; as the taker it also advises the
    king to call (five players) and the cards to lay aside.
    """

    AUTOSAVE_KIND = "table"
    NOUN = "table"
    AFTER_BAD_SAVE = "This is a new match."

    def __init__(self, players: int = 4, rounds: int | None = 1, seed: int | None = None,
                 deck: Any = None, *, time_per_turn: int = 0, show_all: bool = False,
                 card_height: int = 104, bots: Sequence[Bot] | None = None, sharing: bool = True,
                 clock: Callable[[], float] | None = None, autosave: bool = True,
                 levels: str | Sequence[str] = "club") -> None:
        _check_arguments(players, time_per_turn, card_height, sharing)
        self._levels = _check_levels(levels)
        if not isinstance(autosave, bool):
            raise OptionError(f"autosave is True (the match kept on disk for a reload) or False, not {autosave!r}")
        self._fresh = True                  # nothing decided at this table yet: a saved match may come back
        self._setting = False               # the setup row is being set from a resumed match
        self._deck = resolve_deck(deck, "tarot")
        self._bots_arg = bots
        self.advice: PlayAdvice | DiscardAdvice | None = None     # the last advice given
        self._time = time_per_turn
        self._sharing = sharing
        self._now = clock or time.monotonic
        self._real_clock = clock is None          # a fake clock is advanced by its test, no timer
        self._timer: Any = None
        self._timer_for: Any = None               # the model and deadline the timer was set for
        self._show_all = bool(show_all)
        self._seed = seed
        self._version = 0
        self.message = ""
        self.message_kind = "info"
        self.bot_log: list[str] = []
        self.discard_selection: list[str] = []
        self.poignee_selection: list[str] | None = None   # a list while you choose its trumps
        self._new_match(players, rounds, seed)   # checks rounds and seed (one-line errors)

        self.surface = TableView(card_height=card_height)
        self._send_pictures(card_height)
        self._buttons: dict[str, W.Button] = {}
        setup = self._setup_row(players, rounds, time_per_turn)
        # The match's settings fold into one disclosure, closed at first, so that on a phone the
        # table (and your hand) starts within the first screen.
        self.options_panel = W.Accordion([setup], titles=("Game options",), selected_index=None)
        self.options_panel.add_class("tl-options")
        # The page session guards every comm of the table, buttons made for later phases included.
        super().__init__([self.options_panel, *self._panels()], surface=self.surface, autosave=autosave)
        self.add_class("tl-tarot-table")
        self._say("You sit South. Bid with the buttons below your hand; then click a lit card to "
                  "play it. Hover over a dimmed card to see which rule holds it back.", "info")
        self._advance()
        self._sync()

    def _setup_row(self, players: int, rounds: int | None, time_per_turn: int) -> W.HBox:
        """The settings above the table: players, rounds, clock, the teaching view, undo, new."""
        self._players = W.Dropdown(options=[3, 4, 5], value=players, description="Players",
                                   layout=W.Layout(width="150px"))
        self._rounds = W.Dropdown(options=[("1", 1), ("2", 2), ("3", 3), ("5", 5), ("no limit", None)],
                                  value=rounds, description="Rounds", layout=W.Layout(width="170px"))
        labels = [("no clock", 0)] + [(f"{t} s", t) for t in _TIMES[1:]]
        if time_per_turn not in _TIMES:
            labels.append((f"{time_per_turn} s", time_per_turn))
        self._clock = W.Dropdown(options=labels, value=time_per_turn, description="Time per turn",
                                 style={"description_width": "initial"}, layout=W.Layout(width="210px"))
        # Showing every hand is a teaching view set in Python (show_all): the box only shows it.
        self._show = W.Checkbox(value=self._show_all, description="all hands shown (set in Python)",
                                disabled=True, indent=False, layout=W.Layout(width="230px"))
        self._players.observe(self._on_setup, names="value")
        self._rounds.observe(self._on_setup, names="value")
        self._clock.observe(self._on_clock, names="value")
        self._show.observe(self._on_show, names="value")
        undo = self._button("undo", "Undo", "take back your last decision (and the bots' moves after it)", "undo")
        new = self._button("new", "New match", "start a new match with these settings", "refresh")
        share = self._button("share", "Share deal", "show this deal's code (it deals every hand again)",
                             "share-alt")
        self._undo_button = undo       # beside the table's actions, outside the settings
        return W.HBox([self._players, self._rounds, self._clock, self._show, new, share],
                      layout=W.Layout(flex_flow="row wrap", align_items="center"))

    def _panels(self) -> list[W.Widget]:
        """Status, the table, the action buttons, explanations, the deal's result, the sheet."""
        self._actions = W.HBox(layout=W.Layout(flex_flow="row wrap", align_items="center", min_height="36px"))
        self._actions.add_class("tl-actions")
        self._status = W.HTML()
        self._explain = W.HTML()
        self._result = W.HTML()
        self._sheet = W.HTML()
        self._status.add_class("tl-status")
        self._explain.add_class("tl-explain")
        self._sheet.add_class("tl-sheet")
        under = W.HBox([self._actions, self._undo_button], layout=W.Layout(flex_flow="row wrap", align_items="center"))
        return [self._status, self.surface, under, self._explain, self._result, self._sheet]

    # ----- public --------------------------------------------------------------------------------
    @property
    def match(self) -> Match:
        """The match: its ``sheet`` is the score sheet, ``deal`` the deal being played."""
        return self._match

    @property
    def state(self) -> Any:
        """The current deal (a :class:`~tarot_learn.games.french_tarot.FrenchTarot`)."""
        return self._match.deal

    @property
    def show_all(self) -> bool:
        """Every hand face up (a teaching view, set from Python only: the page cannot change it)."""
        return self._show_all

    @show_all.setter
    def show_all(self, value: bool) -> None:
        self._show_all = bool(value)
        self._show.value = self._show_all
        self._sync()

    def click_card(self, card: str) -> None:
        """A click on a card of your hand: play it, or (discarding) add it to / take it out of
        the discard; in the five-player call, a click on a listed card calls it."""
        if self.check_clock():
            return None                  # too late: the bot has played this turn for you
        deal = self.state
        code = str(card).strip().upper()
        if code not in self._hand():
            self._say(f"{code} is not in your hand.", "refused")
            return self._sync()
        if deal.to_play != 0:
            who = deal.seat_names[deal.to_play] if deal.to_play >= 0 else "no one"
            self._say(f"It is {who}'s turn, not yours.", "refused")
            return self._sync()
        if deal.phase is Phase.DISCARDING:
            return self._toggle_discard(code)
        if deal.phase is Phase.PLAYING and self.poignee_selection is not None:
            return self._toggle_poignee(code)
        if deal.phase is Phase.PLAYING:
            return self._human(Move("play", arg=code))
        if deal.phase is Phase.CALLING:
            return self._human(Move("call", arg=code))
        self._say(f"Cards are played once the bidding is over; now {deal.status()}", "refused")
        self._sync()

    def press(self, name: str) -> None:
        """A button: a bid (``pass``, ``prise``, ``garde``, ``garde_sans``, ``garde_contre``),
        ``call <card>``, ``discard`` (the selected cards), ``chelem`` / ``no_chelem``,
        ``poignee`` (the smallest poignée offered, lowest trumps) or ``poignee <level>``;
        ``choose_poignee`` then clicks on trumps then ``show_poignee`` (or ``cancel_poignee``) to
        pick the trumps yourself; ``next`` (deal), ``new`` (match), ``undo``, ``share`` (the
        deal code, when ``sharing`` allows it)."""
        if self.check_clock():
            return None
        name = " ".join(str(name).strip().lower().split())
        if name in _CONTRACT_LABEL:
            return self._human(Move("bid", arg=name))
        if name.startswith("call "):
            return self._human(Move("call", arg=name[5:].upper()))
        if name.startswith("poignee"):
            return self._press_poignee(name[7:].strip())
        handler = {
            "discard": self._press_discard,
            "chelem": lambda: self._human(Move("declare", arg="chelem")),
            "no_chelem": lambda: self._human(Move("declare", arg="none")),
            "choose_poignee": self._choose_poignee,
            "cancel_poignee": self._cancel_poignee,
            "show_poignee": self._show_poignee,
            "next": self._next_deal,
            "new": self._press_new,
            "undo": self._undo,
            "share": self._share,
            "advice": self._advise,
        }.get(name)
        if handler is None:
            self._say(f"There is no {name!r} button here.", "refused")
            return self._sync()
        return handler()

    def _press_discard(self) -> None:
        deal = self.state
        need = deal.dog_size - len(deal.discard) if deal.phase is Phase.DISCARDING else 0
        if len(self.discard_selection) != need:
            return self.refuse(f"Choose {need} card(s) to discard: {len(self.discard_selection)} "
                                "chosen so far (FT-11).")
        return self._human(Move("discard", arg=" ".join(self.discard_selection)))

    def _choose_poignee(self) -> None:
        if not self._poignees():
            return self.refuse("No poignée can be shown now (FT-15).")
        self.poignee_selection = []
        sizes = " or ".join(map(str, R.POIGNEE_SIZES[self.state.players]))
        self._say(f"Click the trumps to show ({sizes} of them; the Excuse may stand in for a trump "
                  "only when you hold no other), then press Show (FT-15, FT-16).", "info")
        self._sync()

    def _cancel_poignee(self) -> None:
        self.poignee_selection = None
        self._say("No poignée: click a lit card to play it.", "info")
        self._sync()

    def _show_poignee(self) -> None:
        chosen = self.poignee_selection or []
        if not chosen:
            return self.refuse("Click the trumps to show first.")
        return self._human(Move("declare", arg="poignee " + " ".join(chosen)))

    def _press_poignee(self, level: str) -> None:
        offers = self._poignees()
        pick = offers.get(level) if level else next(iter(offers.values()), None)
        if pick is None:
            return self.refuse("No poignée can be shown now: it takes 10 trumps or more (8 with "
                                "five players, 13 with three), shown before your first card (FT-15).")
        return self._human(pick)

    def _advise(self) -> None:
        """The strong robot's advice for your card, call or discard, from your seat's observation only."""
        deal = self.state
        if (not self._match.in_progress or deal.to_play != 0 or deal.phase not in _ADVISED
                or not any(str(m).startswith(("play ", "call ", "discard ")) for m in deal.legal_moves())):
            return self.refuse("Advice is for your card, your king call or your discard: ask when it is "
                                "your turn to play, call or lay cards aside.")
        seed = self._match.dealt * 1000 + len(deal.history)
        obs = deal.observation(0)
        if deal.phase is Phase.DISCARDING:
            found: PlayAdvice | DiscardAdvice = discard_advice(obs, seed=seed)
            said = f"Advice: lay aside {_and(_name(c) for c in found.cards)}. {found.reason} "
            each = "Expected score for the deal with each card laid aside first"
        else:
            found = (call_advice if deal.phase is Phase.CALLING else play_advice)(obs, seed=seed)
            said = f"Advice: {found.verb.lower()} the {_name(found.card)}. {found.reason} "
            each = f"Expected score for the deal with each card you may {found.verb.lower()}"
        self.advice = found
        scores = ", ".join(f"{_name(card)} {mean:+.1f}" for card, mean in found.expected)
        self._say(f"{said}{each}: {scores}.", "hint")
        self._sync()

    def _press_new(self) -> None:
        self._fresh = False
        self._new_match(self._players.value, self._rounds.value, None)
        self._say("A new match: the score sheet starts again.", "info")
        self._advance()
        self._sync()

    def turn_key(self) -> str:
        """Names the present turn (deal number and moves made): the page's clock runs per turn."""
        return f"{self._match.dealt}:{len(self.state.history)}"

    @property
    def sharing(self) -> bool:
        """Whether "Share deal" may show the deal code (False for a class challenge; Python only)."""
        return self._sharing

    def _share(self) -> None:
        """Show the deal code on the page: a Python-side decision, refused when sharing is off."""
        code = self.state.deal_code
        if not self._sharing:
            return self.refuse("Sharing is off at this table (a class challenge): the deal code stays "
                                "hidden, since it deals every hand again.")
        if code is None:
            return self.refuse("This deal has no deal code to share.")
        self._say(f"Deal code {code}: it deals every hand again, so share it only to replay this "
                  "deal with a friend.", "info")
        self._sync()

    def check_clock(self) -> bool:
        """Python's clock: when your time for this turn has run out, the bot plays your turn
        (:meth:`timeout`) and this returns True.  The kernel's timer calls it at the deadline, and
        every click or button checks it first; the page's countdown is only a display."""
        if not self._table.due():
            return False
        self.timeout(self._table.clock_turn)
        return True

    def _clock_due(self) -> None:
        try:
            self.check_clock()
        except Exception as err:  # a timer callback must not put a traceback in the kernel's log
            self.refuse(f"The clock could not play your turn ({type(err).__name__}); play on.")

    def _arm_clock(self) -> None:
        """The table model starts your turn's deadline when your turn begins (once per turn);
        a timer on the kernel's loop checks it when it falls due."""
        table = self._table
        table.arm_clock()
        key = (id(table), table.clock_turn, table.deadline)
        if key == self._timer_for:
            return
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._timer_for = key
        if table.deadline is not None and self._real_clock:
            self._timer = _call_later(max(0.0, table.deadline - self._now()), self._clock_due)

    def _seconds_left(self) -> int:
        return self._table.seconds_left()

    def timeout(self, turn: str | None = None) -> None:
        """Your time ran out: the bot plays your turn.  Python's clock calls it
        (:meth:`check_clock`); tests may call it too.  ``turn`` is the :meth:`turn_key` the clock
        started on; a stale clock from an earlier turn does nothing."""
        if self._table.to_play != 0:
            return
        played = self._table.timeout(turn)
        if played is None:
            return
        self.discard_selection = []
        self.poignee_selection = None
        self._fresh = False
        self._say(f"Time is up: the bot played for you: {self._describe(played.move, 0)}. "
                  f"{played.explanation}", "hint")
        self._advance()
        self._sync()

    def summary(self) -> dict[str, Any]:
        """What the page should show now: cards per seat, the trick, phase, whose turn, deals."""
        deal = self.state
        obs = deal.observation(0)
        return {"counts": list(obs.hand_sizes), "trick": obs.pile("trick").size,
                "phase": deal.phase.value, "to_play": deal.to_play, "dealt": self._match.dealt,
                "rows": len(self._match.sheet)}

    def hand_notes(self) -> dict[str, str | None]:
        """For each card of your hand: ``None`` when you may play it now, else why not (with the
        rule id); empty when it is not your turn to play a card."""
        deal = self.state
        out: dict[str, str | None] = {}
        if deal.to_play != 0 or deal.phase not in (Phase.PLAYING, Phase.DISCARDING):
            return out
        if self.poignee_selection is not None:      # choosing trumps to show, not a card to play
            return {c: (None if c.startswith("T") else "a poignée shows trumps only (FT-15)")
                    for c in self._hand()}
        for code in self._hand():
            move = Move("play" if deal.phase is Phase.PLAYING else "discard", arg=code)
            err = deal.why_illegal(move)
            out[code] = None if err is None else str(err)
        return out

    # ----- the flow ----------------------------------------------------------------------------
    def _model(self, players: int) -> TableModel:
        """The table model: you at seat 0, a bot at every other seat (seat 0's bot plays for you
        when your time runs out), undo of your decisions, thrown-in deals dealt again."""
        bots = list(self._bots_arg) if self._bots_arg else self._level_bots(players)
        if len(bots) < players:
            raise OptionError(f"give a bot for each of the {players} seats (seat 0 plays for you on a timeout)")
        table = TableModel(players, clock=self._now, seconds_per_turn=self._time or None, bots=bots,
                           undo=True, redeal_thrown_in=True)
        table.sit("You")
        table.fill_with_robots()
        return table

    def _level_bots(self, players: int) -> list[Bot]:
        """A robot of the chosen level at every seat (a list of levels gives one per seat)."""
        chosen = self._levels
        if not isinstance(chosen, str) and len(chosen) < players:
            raise OptionError(f"levels lists {len(chosen)} seat(s); give one level for each of the {players} seats")
        seed = self._seed or 0
        return [for_level(chosen if isinstance(chosen, str) else chosen[s], seed=seed + s) for s in range(players)]

    def _new_match(self, players: int, rounds: int | None, seed: int | None) -> None:
        table = self._model(players)
        thrown = table.start(["You"] + list(R.seat_names(players)[1:]), rounds=rounds, seed=seed)
        self._table = table
        self.discard_selection = []
        self.poignee_selection = None
        # A deal thrown in at once (petit sec, FT-4) is already on the sheet: say so (dealt on).
        self.bot_log = [f"Deal thrown in: {reason}" for reason in thrown]

    @property
    def _match(self) -> Match:
        return self._table.match

    @_match.setter
    def _match(self, match: Match) -> None:
        # A match taken back from its save: a fresh table model around it, its clock and undo anew.
        table = self._model(match.players)
        table.match = match
        self._table = table

    @property
    def _bots(self) -> list[Bot]:
        return self._table.bots

    @_bots.setter
    def _bots(self, bots: list[Bot]) -> None:
        self._table.bots = list(bots)

    @property
    def _marks(self) -> list[int]:
        """Undo marks: the deal's length before each of your decisions (kept by the model)."""
        return self._table.marks

    @_marks.setter
    def _marks(self, marks: list[int]) -> None:
        self._table.marks = list(marks)

    def _advance(self) -> None:
        """Let the bots play until it is your turn or the deal ends; their moves go to the log."""
        deal, discarding = self.state, -1
        for played in self._table.settle():
            seat, move = played.seat, played.move
            if move.action == "discard" and discarding == seat:
                continue                  # a bot lays its discard aside card by card: one line
            if move.action == "discard":
                discarding = seat
                self.bot_log.append(f"{deal.seat_names[seat]} takes the dog and discards")
                continue
            self.bot_log.append(f"{deal.seat_names[seat]} {self._describe(move, seat)}")
        self.bot_log = self.bot_log[-12:]

    def _human(self, move: Move) -> None:
        deal = self.state
        if not self._match.in_progress:
            self._say("This deal is over: press Next deal.", "refused")
            return self._sync()
        if deal.to_play != 0:
            self._say(f"It is {deal.seat_names[deal.to_play]}'s turn, not yours.", "refused")
            return self._sync()
        err = deal.why_illegal(move)
        if err is not None:
            self._say(f"Not allowed: {err}", "refused")
            return self._sync()
        explanation = deal.explain(move)
        self._fresh = False
        self.bot_log = []
        self._table.play(0, move)
        self.discard_selection = []
        self.poignee_selection = None
        self._say(f"You {self._describe(move, 0)}. {explanation}", "ok")
        self._advance()
        self._sync()

    def _toggle_discard(self, code: str) -> None:
        deal = self.state
        need = deal.dog_size - len(deal.discard)
        if code in self.discard_selection:
            self.discard_selection.remove(code)
            self._say(f"{_name(code)} stays in your hand.", "info")
            return self._sync()
        err = deal.why_illegal(Move("discard", arg=code))
        if err is not None:
            self._say(f"Not allowed: {err}", "refused")
            return self._sync()
        if len(self.discard_selection) >= need:
            self._say(f"You have chosen {need} cards already: click one to take it back first.", "refused")
            return self._sync()
        self.discard_selection.append(code)
        left = need - len(self.discard_selection)
        self._say(f"{_name(code)} goes to the discard. " + (f"Choose {left} more." if left else
                  "Press Discard to lay them aside (they count for you, FT-11)."), "info")
        self._sync()

    def _toggle_poignee(self, code: str) -> None:
        assert self.poignee_selection is not None
        if code in self.poignee_selection:
            self.poignee_selection.remove(code)
            self._say(f"{_name(code)} stays hidden; {len(self.poignee_selection)} chosen.", "info")
            return self._sync()
        if not code.startswith("T"):
            self._say(f"A poignée shows trumps only; {_name(code)} is not one (FT-15).", "refused")
            return self._sync()
        self.poignee_selection.append(code)
        n = len(self.poignee_selection)
        level = R.poignee_level(self.state.players, n)
        what = f" (a {('simple', 'double', 'triple')[level - 1]} poignée)" if level else ""
        self._say(f"{_name(code)} will be shown: {n} chosen{what}.", "info")
        self._sync()

    def _next_deal(self) -> None:
        if self._match.in_progress:
            self._say("Finish this deal first.", "refused")
            return self._sync()
        if self._match.is_over():
            self._say(f"{self._match.status()} Press New match to play again.", "info")
            return self._sync()
        thrown = self._table.next_deal()
        self._fresh = False
        self.bot_log = [f"Deal thrown in: {reason}" for reason in thrown]
        self.discard_selection = []
        dealer = self.state.seat_names[self.state.dealer] if self.state.dealer else "you"
        self._say(f"Deal {self._match.dealt}: {dealer} dealt.", "info")
        self._advance()
        self._sync()

    def _undo(self) -> None:
        if not self._marks:
            self._say("There is nothing of yours to take back in this deal.", "refused")
            return self._sync()
        self._table.undo()
        self.discard_selection = []
        self.poignee_selection = None
        self.bot_log = []
        self._say("Took back your last decision and the bots' moves after it.", "info")
        self._sync()

    # ----- settings ----------------------------------------------------------------------------
    def _on_setup(self, change: dict[str, Any]) -> None:
        if self._setting:
            return
        self._fresh = False
        self._new_match(self._players.value, self._rounds.value, None)
        self._say(f"New match: {self._players.value} players, "
                  f"{self._rounds.value or 'unlimited'} round(s).", "info")
        self._advance()
        self._sync()

    def _on_clock(self, change: dict[str, Any]) -> None:
        # A new time applies from your next turn; "no clock" stops the one running.
        self._time = int(change["new"])
        self._table.seconds_per_turn = self._time or None
        self._sync()

    def _on_show(self, change: dict[str, Any]) -> None:
        # The box follows show_all; a change that did not come from show_all came from the page,
        # which may not turn the other hands face up: put the box back and say so.
        if bool(change["new"]) == self._show_all:
            return
        self._show.value = self._show_all
        self._say("Showing every hand is a teaching view set in Python (table.show_all = True); "
                  "the page cannot change it.", "refused")
        self._sync()

    def _send_pictures(self, card_height: int) -> None:
        height = min(4000, round(card_height * 1.5))
        self.surface.images = cached_pictures(self._deck, "tarot", height, False)

    # ----- words ---------------------------------------------------------------------------------
    def _describe(self, move: Move, seat: int) -> str:
        """``'bids Garde'`` for a bot, ``'bid Garde'`` for you (the sentence starts "You ...")."""
        you = seat == 0
        s = "" if you else "s"
        if move.action == "bid":
            if move.arg == "pass":
                return "pass" if you else "passes"
            return f"bid{s} {_CONTRACT_LABEL.get(move.arg, move.arg)}"
        if move.action == "call":
            return f"call{s} the {_name(move.arg)}"
        if move.action == "discard":
            cards = move.arg.split()
            if you:
                return "discard " + ", ".join(_name(c) for c in cards)
            return f"discards {len(cards)} card(s)"
        if move.action == "declare":
            if move.arg == "chelem":
                return f"announce{s} a chelem"
            if move.arg == "none":
                return f"announce{s} no chelem"
            return f"show{s} a poignée of {len(move.arg.split()) - 1} trumps"
        return f"play{s} the {_name(move.arg)}"

    def _say(self, text: str, kind: str = "info") -> None:
        self.message, self.message_kind = text, kind

    # ----- reading the deal -------------------------------------------------------------------
    def _hand(self) -> list[str]:
        return [str(c) for c in self.state.hand(0)]

    def _poignees(self) -> dict[str, Move]:
        deal = self.state
        out: dict[str, Move] = {}
        if deal.to_play != 0 or deal.phase is not Phase.PLAYING:
            return out
        for m in deal.legal_moves():
            if m.action == "declare" and m.arg.startswith("poignee"):
                size = len(m.arg.split()) - 1
                level = ("simple", "double", "triple")[R.poignee_level(deal.players, size) - 1]
                out.setdefault(level, m)
        return out

    def _button(self, name: str, label: str, tip: str = "", icon: str = "") -> W.Button:
        b = self._buttons.get(name)
        if b is None:
            b = W.Button(description=label, tooltip=tip, icon=icon, layout=W.Layout(width="auto"))
            b.add_class("tl-btn-" + name.replace(" ", "-").replace("_", "-"))
            b.on_click(lambda _b, n=name: self.press(n))
            self._buttons[name] = b        # guarded by the page session as it joins the table
        b.description = label
        return b

    def _advice_button(self, what: str) -> W.Widget:
        return self._button("advice", "Advice", f"{what}, and why", "lightbulb-o")

    def _action_buttons(self) -> list[W.Widget]:
        deal, match = self.state, self._match
        if not match.in_progress:
            if match.is_over():
                return [self._button("new", "New match", "start a new match", "refresh")]
            return [self._button("next", "Next deal", "deal the next hand (the deal passes on, FT-2)", "forward")]
        if deal.to_play != 0:
            return []
        legal = [str(m) for m in deal.legal_moves()]
        if deal.phase is Phase.BIDDING:
            out = []
            for k in R.CONTRACT_NAMES:
                b = self._button(k, _CONTRACT_LABEL[k], f"bid {k}" if k != "pass" else "pass (FT-5)")
                b.disabled = f"bid {k}" not in legal
                out.append(b)
            return out
        if deal.phase is Phase.CALLING:
            calls = [self._button(f"call {m[5:].lower()}", f"Call {_name(m[5:])}", "FT-8")
                     for m in legal if m.startswith("call ")]
            return calls + [self._advice_button("the card a strong player would call")]
        if deal.phase is Phase.DISCARDING:
            need = deal.dog_size - len(deal.discard)
            b = self._button("discard", f"Discard ({len(self.discard_selection)}/{need})",
                             "lay the chosen cards aside (FT-11, FT-12)", "check")
            b.disabled = len(self.discard_selection) != need
            return [b, self._advice_button("the cards a strong player would lay aside")]
        if deal.phase is Phase.DECLARING:
            return [self._button("no_chelem", "No chelem", "play on without announcing (FT-14)"),
                    self._button("chelem", "Announce a chelem", "you must then win every trick (FT-14, FT-38)")]
        advice = self._advice_button("the card a strong player would play here")
        offers = self._poignees()
        if not offers:
            return [advice]
        if self.poignee_selection is not None:
            n = len(self.poignee_selection)
            show = self._button("show_poignee", f"Show these {n} trumps", "FT-15, FT-16", "eye")
            show.disabled = R.poignee_level(deal.players, n) == 0
            return [show, self._button("cancel_poignee", "Cancel", "play without a poignée")]
        out = []
        for level, m in offers.items():
            size = len(m.arg.split()) - 1
            out.append(self._button(f"poignee {level}", f"Show a {level} poignée ({size} trumps)",
                                    "your lowest trumps, before your first card; the bonus goes to "
                                    "the winning side (FT-15, FT-37)"))
        out.append(self._button("choose_poignee", "Choose the trumps to show…",
                                "pick which trumps your poignée shows (FT-15, FT-16)"))
        return out + [advice]

    # ----- sync ------------------------------------------------------------------------------------
    def _seat_views(self, obs: TarotObservation) -> list[dict[str, Any]]:
        """Each seat as the page draws it; another seat's cards only in the teaching view."""
        deal, names = self.state, self._match.sheet.names
        bids = dict(obs.bids)
        seats = []
        for s in range(obs.players):
            pile = obs.pile(f"hand:{s}")
            cards = [str(c) for c in deal.hand(s)] if s and self._show_all else [str(c) for c in pile.cards]
            role = [word for word, seat in (("dealer", obs.dealer), ("taker", obs.taker),
                                            ("partner", obs.partner)) if seat is not None and seat == s]
            seats.append({"name": obs.seat_names[s], "player": names[s], "n": pile.size,
                          "cards": cards if s else [], "bid": bids.get(s), "role": role,
                          "tricks": obs.tricks_won[s], "text": hand_text(cards) if s and cards else ""})
        return seats

    def _hand_view(self, obs: TarotObservation) -> list[dict[str, Any]]:
        notes = self.hand_notes()
        from_dog = set(obs.pile("dog").cards) if obs.phase == Phase.DISCARDING else set()
        chosen = set(self.discard_selection) | set(self.poignee_selection or ())
        return [{"c": str(c), "ok": (None if not notes else notes.get(str(c)) is None),
                 "why": notes.get(str(c)) or "", "sel": str(c) in chosen, "dog": c in from_dog}
                for c in obs.hand]

    def _dog_view(self, obs: TarotObservation) -> tuple[list[str], str]:
        """The dog by its role: face-down cards as ``'?'`` (face up in the teaching view)."""
        dog = obs.by_role(Role.DOG)
        if not dog:
            return [], ""
        pile = dog[0]
        if self._show_all and pile.hidden:
            return [R.text(c) for c in self.state.dog], pile.label
        return ["?"] * pile.hidden + [str(c) for c in pile.cards], pile.label

    def page_view(self) -> dict[str, Any]:
        """The message the page receives, built from your seat's observation (plus the other
        hands and the dog when ``show_all`` is set in Python)."""
        deal, match = self.state, self._match
        obs = deal.observation(0)
        trick = obs.pile("trick")
        last = obs.tricks[-1] if obs.tricks else None
        dog, dog_label = self._dog_view(obs)
        my_turn = match.in_progress and obs.current_player == 0
        view = {
            "v": self._version, "players": obs.players, "phase": obs.phase,
            "to_play": -1 if obs.current_player is None else obs.current_player,
            "seats": self._seat_views(obs), "hand": self._hand_view(obs),
            "trick": [[seat, str(c)] for seat, c in zip(trick.played_by, trick.cards)],
            "last": ({"leader": last.leader, "cards": [str(c) for c in last.cards], "winner": last.winner}
                     if last else None),
            "dog": dog, "dog_label": dog_label,
            "contract": obs.contract, "called": str(obs.called) if obs.called else None,
            "poignees": [[p.owner, [str(c) for c in p.cards]] for p in obs.by_role(Role.POIGNEE)],
            "chelem": obs.chelem, "status": obs.status, "deadline": self._seconds_left() if my_turn else 0,
            "turn": self.turn_key(), "show_all": self._show_all or obs.phase == Phase.SCORED,
            "over": not match.in_progress,
        }
        view["names"] = _card_names(view)
        return view

    def _sync(self) -> None:
        deal, match = self.state, self._match
        self._arm_clock()
        self._version += 1
        view = self.page_view()
        # One message per child that changes (each has its own comm, so each is held).
        with batched(self.surface, self._actions, self._status, self._explain, self._result, self._sheet,
                     *self._buttons.values()):
            self.surface.view = view
            self._actions.children = self._action_buttons()
            self._buttons["undo"].disabled = not self._marks
            self._status.value = message_html(match.status(), "info")
            log = ""
            if self.bot_log:
                log = ('<div class="tl-botlog">' + " · ".join(esc(x) for x in self.bot_log) + "</div>")
            self._explain.value = (message_html(self.message, self.message_kind) if self.message else "") + log
            if deal.phase is Phase.SCORED and deal.result is not None:
                self._result.value = deal.result.to_html(list(match.sheet.names))
            elif deal.phase is Phase.REDEAL:
                self._result.value = message_html(f"Thrown in: {deal.reason}", "ended")
            else:
                self._result.value = ""
            self._sheet.value = match.sheet.to_html() if len(match.sheet) else ""
        self._keep()

    def _on_browser_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        """Every page message checks Python's clock first (the bot plays a turn whose time has
        run out), then the page session answers the heartbeat and the resume token."""
        if self.check_clock():
            return None
        return super()._on_browser_msg(widget, content, buffers)

    def on_intent(self, content: Any) -> None:
        """Intents from the page, checked against a small schema: ``{"event": "card", "card":
        "T21"}`` (a card text of at most 3 characters); the clock is Python's, so a ``timeout``
        from the page is refused too.  Anything else is ignored with a message; no page message
        ever raises into the notebook."""
        if not isinstance(content, dict) or set(content) != {"event", "card"} or content["event"] not in _EVENTS:
            if isinstance(content, dict) and content.get("event") == "timeout":
                return self.refuse("The clock runs in Python; the page only shows it, so its timeout "
                                    "changes nothing.")
            return self.refuse("The page sent something the table does not understand; nothing changed.")
        card = content["card"]
        if not isinstance(card, str) or not 1 <= len(card) <= 3:
            return self.refuse("The page sent a click without a card; nothing changed.")
        try:
            self.click_card(card)
        except TarotLearnError as err:
            self.refuse(f"That did not work: {err}. The game is unchanged.")

    # ----- autosave (the page session's hooks) -----------------------------------------------
    def _save_fresh(self) -> bool:
        return self._fresh

    def _save_load(self, keeper: Autosave) -> Any:
        return keeper.load_with(Match.from_json)

    def _save_take(self, saved: Any) -> None:
        if self._resumes(saved):
            self._take(saved)

    def _resumes(self, saved: Match) -> bool:
        """Whether a saved match belongs at this table: you alone at seat 0, settings the table
        offers, bots for every seat, and the same seed unless the table was asked for a random one."""
        if saved.humans != frozenset({0}) or saved.players not in (3, 4, 5):
            return False
        if saved.rounds not in [value for _label, value in self._rounds.options]:
            return False
        if self._bots_arg and len(self._bots_arg) < saved.players:
            return False
        if self._seed is None:
            return True
        return (saved.seed, saved.players, saved.rounds) == (self._seed, self._match.players, self._match.rounds)

    def _take(self, saved: Match) -> None:
        """Sit at the saved match: its bots, its settings shown in the setup row, its status said."""
        self._match = saved
        if not self._bots_arg:
            self._bots = self._level_bots(saved.players)
        self._marks, self.discard_selection, self.poignee_selection, self.bot_log = [], [], None, []
        self._setting = True
        try:
            self._players.value, self._rounds.value = saved.players, saved.rounds
        finally:
            self._setting = False
        self._say(f"Resumed your match where it was before the page reloaded ({saved.status()}). "
                  "New match starts afresh.", "info")
        self._advance()

    def _save_mark(self) -> Any:
        match = self._match
        return (id(match), match.dealt, len(match.deal.history) if match.deal is not None else -1, len(match.sheet))

    def _save_text(self) -> str:
        return self._match.to_json()

    def _autosave_failed(self, html_text: str) -> None:
        self._explain.value += html_text
