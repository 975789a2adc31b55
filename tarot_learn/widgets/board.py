"""SolitaireBoard: play Tarot Solitaire, Klondike or American Toad with the mouse.

The state (a :class:`~tarot_learn.games.solitaire.Patience`) owns the truth.  The board is an
adapter: :class:`PatienceView` (an anywidget) draws the cards from a compact JSON view and sends
back intents (click, double-click, drop, key); standard ipywidgets controls sit round it in a
VBox.  Every intent has a Python entry point (:meth:`SolitaireBoard.click`,
:meth:`~SolitaireBoard.double_click`, :meth:`~SolitaireBoard.drop`,
:meth:`~SolitaireBoard.press`), which is what the browser calls too, so tests can play without a
browser.

What the page receives is built from ``state.observation(0)`` only (a
:class:`~tarot_learn.games.solitaire.PatienceObservation`): piles by role, face-up cards, and
face-down cards as a count with no identity.  Two positions that look the same to the player
send byte-identical messages: the view, its digest, every control's text.  The deal code (from
which anyone can deal every face-down card again) stays in Python: the page shows it only after
the player presses "Share deal", and ``sharing=False`` (a class challenge) keeps it hidden.
"No moves left" is said only when the player can see it: no legal move at all.  Every message
from the page is checked (the page session's guard, :mod:`~tarot_learn.widgets.session`, and a
small schema for the card table's intents); anything else is refused with one line, never a
traceback.  The board's buttons, its ``press`` names and the page's keys come from one table,
:data:`ACTIONS`.

Clicking: a card (or the run it heads) is picked up and the piles it may go to light up; a
click on one of them moves it, and the panel says which rule allowed the move, or which rule
refused it.  Clicking the stock draws (or redeals); a double-click sends a card up; a drag and
drop is one move.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import threading
from typing import Any, Callable

import ipywidgets as W
import traitlets as T

from .. import games, results
from ..cards import Card
from ..core import Move
from ..deals import MAX_CODE_LENGTH, MAX_SEED
from ..errors import OptionError, TarotLearnError
from ..games.solitaire import Patience, PatienceObservation
from ..observation import Role
from . import actions as A
from .autosave import Autosave, check_token
from ._common import MAX_PAGE_TEXT, css, esm, esc, message_html, pack_cards, resolve_deck, short_list, value_badges
from .session import PageSession, PageSurface, batched, cached_pictures

__all__ = ["SolitaireBoard", "PatienceView", "patience_games", "page_view", "page_status",
           "observation_digest", "intent_problem", "place_name", "card_names", "board_pictures", "ACTIONS"]

# The intents a page may send, with the fields each one carries (an index may be null).
_EVENTS = {"click": ("pile", "index"), "lift": ("pile", "index"), "dblclick": ("pile",),
           "drop": ("src", "index", "dst"), "press": ("name",), "ping": ("n",), "hello": ("token",)}
_MAX_INDEX = 200          # more cards than any pile of any patience can hold


def _can_draw(board: "SolitaireBoard", obs: PatienceObservation) -> bool:
    return bool(obs.pile("s").size) or _can_redeal(obs)


#: Every action of the board, once: its button (row "top" or "play"; no label: a key only), its
#: keys on the page, the method that does it, and when its button may be pressed.
ACTIONS = (
    A.Action("new", "New deal", "deal again: a seed or deal code from the box, else random", "refresh",
             handler="_new_from_box", row="top"),
    A.Action("share", "Share deal", "show the deal code (it reveals every face-down card)", "share-alt",
             handler="_share", row="top",
             enabled=lambda b, obs: b.state.deal_code is not None and not b.code_shown),
    A.Action("draw", "Draw", "turn cards from the stock", "clone", keys=(" ", "d"), handler="_draw",
             row="play", enabled=_can_draw),
    A.Action("undo", "Undo", "take back the last move", "undo", keys=("z", "Ctrl+z"), handler="_undo",
             row="play", enabled=lambda b, obs: bool(obs.on_table)),
    A.Action("redo", "Redo", "replay the move taken back", "repeat", keys=("y", "Ctrl+Shift+z"),
             handler="_redo", row="play", enabled=lambda b, obs: bool(b.state.redo_moves)),
    A.Action("hint", "Hint", "light up a good move", "lightbulb-o", keys=("h",), handler="_hint", row="play"),
    A.Action("auto", "Auto-finish", "send every card that can safely go up to the foundations", "forward",
             keys=("a",), handler="_auto", row="play", enabled=lambda b, obs: not obs.won),
    A.Action("deselect", None, "put the picked-up card back", keys=("Escape",), handler="_put_back"),
)
_KEYS = A.names(ACTIONS)


def patience_games() -> list[str]:
    """The registered games a SolitaireBoard plays (every :class:`Patience`)."""
    return [n for n in games.names() if issubclass(games.get(n), Patience)]


def page_status(obs: PatienceObservation) -> str:
    """``won``, ``no_moves`` (no legal move at all: the player can see that) or ``playing``.  The
    observation's own ``status`` may say "no moves" after looking through the face-down
    stock, which the player cannot do, so the page never gets that.

    >>> from tarot_learn import games
    >>> page_status(games.new("klondike", seed=3).observation())
    'playing'
    """
    if obs.won:
        return "won"
    return "playing" if obs.legal else "no_moves"


def place_name(pile: Any) -> str:
    """Where a pile is, in words for a screen reader: ``column 3``, ``Cups foundation``,
    ``stock``.  The page names a face-up card "<card name>, face up, <place>" (the card names
    come once per deck, :func:`card_names`) and a pile "<Place>: 2 face-down cards, 1 face up";
    a face-down card is only ever "face-down card".

    >>> from tarot_learn import games
    >>> obs = games.new("klondike", seed=3).observation()
    >>> place_name(obs.pile("t2")), place_name(obs.pile("f2")), place_name(obs.pile("w"))
    ('column 2', 'Hearts foundation', 'waste')
    """
    if pile.role is Role.FOUNDATION:
        return f"{pile.label} foundation"
    return pile.label.lower()


def card_names(pack: str) -> dict[str, str]:
    """``{notation: name}`` of every card of ``pack`` (``'10C': 'Ten of Cups'``), sent to the page
    once per deck with the pictures: the cards' accessible names.

    >>> card_names("tarot")["10C"], card_names("standard")["QH"]
    ('Ten of Cups', 'Queen of Hearts')
    """
    return {str(c): c.name for c in pack_cards(pack)}


def _position(obs: PatienceObservation) -> dict[str, Any]:
    """What the player sees of the position: piles (face-down cards as counts, the place
    name a screen reader says), status, score."""
    piles = [{"id": p.id, "role": p.role.value, "label": p.label, "place": place_name(p), "hidden": p.hidden,
              "cards": [str(c) for c in p.cards]} for p in obs.piles]
    return {"game": obs.game, "piles": piles, "status": page_status(obs), "moves": obs.moves_made,
            "redeal": _can_redeal(obs), "ncols": len(obs.by_role(Role.TABLEAU))}


def observation_digest(obs: PatienceObservation) -> str:
    """A short fingerprint of what the player sees (mirrored into the page as ``data-digest``):
    a hash of the visible position only (face-down cards count, never their identity; no field
    the engine works out by looking at them).

    >>> from tarot_learn import games
    >>> len(observation_digest(games.new("klondike", seed=3).observation()))
    12
    """
    return _digest(_position(obs))


def _digest(position: dict[str, Any]) -> str:
    text = json.dumps(position, sort_keys=True, separators=(",", ":"))
    return hashlib.sha1(text.encode()).hexdigest()[:12]


def page_view(obs: PatienceObservation, pack: str) -> dict[str, Any]:
    """The part of the page's view that describes the position: every pile as
    ``{"id", "role", "label", "place", "hidden", "cards"}`` (``hidden``: face-down cards, a
    count only; ``cards``: the face-up ones, bottom first; ``place``: :func:`place_name`), the
    status, the
    score, whether the stock can be turned over again, and the digest.  Built from the observation alone.

    >>> from tarot_learn import games
    >>> v = page_view(games.new("klondike", seed=3).observation(), "standard")
    >>> v["piles"][0], v["ncols"], v["redeal"]  # doctest: +NORMALIZE_WHITESPACE
    ({'id': 's', 'role': 'stock', 'label': 'Stock', 'place': 'stock', 'hidden': 24, 'cards': []}, 7, False)
    """
    position = _position(obs)
    return {**position, "pack": pack, "digest": _digest(position)}


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "..."


def _pile_id(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= 8 and value.isascii() and value.isalnum()


def intent_problem(content: Any) -> str | None:
    """Why ``content`` is not an intent the card table sends, or ``None`` when it is one:
    ``{"event": "click", "pile", "index"}``, ``{"event": "lift", "pile", "index"}`` (a drag has
    begun), ``{"event": "dblclick", "pile"}``,
    ``{"event": "drop", "src", "index", "dst"}``, ``{"event": "press", "name"}``, the heartbeat
    ``{"event": "ping", "n"}`` or ``{"event": "hello", "token"}`` (the page's resume token,
    :mod:`~tarot_learn.widgets.autosave`).  Pile ids are short ASCII words, an index is a whole
    number from 0 to 200 (or null, or left out), a key name is one of the board's buttons, a
    ping's ``n`` a whole number below 2**31; no other field is taken.

    >>> intent_problem({"event": "click", "pile": "t1", "index": 0}) is None
    True
    >>> intent_problem({"event": "press", "name": "explode"})
    "'explode' is not one of the board's keys"
    """
    if not isinstance(content, dict):
        return f"{type(content).__name__} where an intent object belongs"
    event = content.get("event")
    fields = _EVENTS.get(event) if isinstance(event, str) else None
    if fields is None:
        return f"unknown intent {_short(event)}"
    extra = [k for k in content if k != "event" and k not in fields]
    if extra:
        return f"{event} takes no field {_short(extra[0])}"
    for name in fields:
        value = content.get(name)
        if name == "index":
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                      or not 0 <= value <= _MAX_INDEX):
                return f"{_short(value)} is not a card index"
        elif name == "name":
            if value not in _KEYS:
                return f"{_short(value)} is not one of the board's keys"
        elif name == "n":
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2 ** 31:
                return f"{_short(value)} is not a heartbeat number"
        elif name == "token":
            why = check_token(value)
            if why is not None:
                return why
        elif not _pile_id(value):
            return f"{_short(value)} is not a pile id"
    return None


def _can_redeal(obs: PatienceObservation) -> bool:
    """The stock is empty, the waste is not, and a redeal is left."""
    stock, waste = obs.by_role(Role.STOCK), obs.by_role(Role.WASTE)
    return (bool(stock) and stock[0].size == 0 and bool(waste) and waste[0].size > 0
            and (obs.redeals_left is None or obs.redeals_left > 0))


def board_pictures(deck: Any, pack: str, height: int, show_values: bool) -> dict[str, Any]:
    """What a :class:`PatienceView` draws with, sent once per deck: ``images`` (encoded once per
    process for each deck, pack and size), ``badges`` ("plays as" values) and ``names`` (the
    cards' accessible names, :func:`card_names`)."""
    show = show_values and pack == "tarot"
    return {"images": cached_pictures(deck, pack, height, show), "badges": value_badges(deck, pack) if show else {},
            "names": card_names(pack)}


class PatienceView(PageSurface):
    """The card table itself: draws ``view`` with ``images`` and reports what the user does
    (every message it gets goes through the page session's guard)."""

    _esm = esm("board.js")
    _css = css("board.css")

    images = T.Dict(help="{notation: PNG bytes} for every card and 'back'; sent once per deck").tag(sync=True)
    badges = T.Dict(help="{notation: label} drawn on the cards when the art cannot show values").tag(sync=True)
    names = T.Dict(help="{notation: the card's name for screen readers}; sent once per deck").tag(sync=True)
    card_height = T.Int(112, help="height of a card on screen, CSS pixels").tag(sync=True)
    view = T.Dict(help="the compact view: piles, selection, lit targets, status, version").tag(sync=True)
    mode = T.Unicode("play", help="'play' (a board) or 'present' (a projector-sized walkthrough)").tag(sync=True)
    key_map = T.Dict(help="{key name: action name}: the keys the page sends as actions").tag(sync=True)


def _new_state(game: str, seed: int | None, state: Patience | None, options: dict[str, Any]) -> Patience:
    """The state a board starts from: ``state`` as given, or a new deal of ``game``."""
    if state is not None:
        if not isinstance(state, Patience):
            raise OptionError(f"SolitaireBoard plays patience games ({', '.join(patience_games())}); "
                              f"{type(state).__name__} is not one: use TarotTable for French Tarot")
        if options or seed is not None:
            raise OptionError("give either state= or game/seed/options, not both")
        return state
    cls = games.get(game)
    if not issubclass(cls, Patience):
        raise OptionError(f"SolitaireBoard plays {', '.join(patience_games())}, not {game!r}"
                          " (French Tarot has its own TarotTable)")
    return cls.new(seed, **options)      # OptionError names a bad option in one line


def _check_card_height(card_height: object) -> int:
    if isinstance(card_height, bool) or not isinstance(card_height, int) or not 40 <= card_height <= 400:
        raise OptionError(f"card_height is a whole number of pixels from 40 to 400, not {card_height!r}")
    return card_height


class SolitaireBoard(PageSession):
    """An interactive patience board with its controls.

    ``SolitaireBoard(game="tarot-solitaire", seed=None, deck=None, **options)`` deals a new game
    (options as for :func:`tarot_learn.games.new`), or ``SolitaireBoard(state=s)`` shows a
    position you already have.  ``deck`` is ``None`` (the default art), a
    :class:`tarot_learn.decks.Deck` or a folder of your own card images.

    Python entry points (the browser calls the same ones): :meth:`click`, :meth:`double_click`,
    :meth:`drop` (with :meth:`lift` as the drag begins), :meth:`press` (``draw``, ``undo``,
    ``redo``, ``hint``, ``auto``, ``new``, ``deselect``), :meth:`new_deal`, :meth:`resume`;
    ``board.state`` is the live game state.

    ``autosave=True``: once the page has sent its resume token, every move is saved under it
    (:mod:`~tarot_learn.widgets.autosave`), and a new board (after a lost kernel and a reload)
    that receives the same token resumes that game.  ``autosave=False`` keeps nothing on disk.
    """

    def __init__(self, game: str = "tarot-solitaire", seed: int | None = None, deck: Any = None,
                 *, state: Patience | None = None, card_height: int = 112,
                 show_values: bool = True, sharing: bool = True, autosave: bool = True,
                 **options: Any) -> None:
        # A board asked for a random deal resumes any game of its kind; one asked for a given
        # deal or position resumes only a game of that deal.
        self._asked_random = state is None and seed is None
        state = _new_state(game, seed, state, options)
        if not isinstance(autosave, bool):
            raise OptionError(f"autosave is True (every move kept on disk for a reload) or False, not {autosave!r}")
        card_height = _check_card_height(card_height)
        if not isinstance(sharing, bool):
            raise OptionError(f"sharing is True (the player may show the deal code) or False (a "
                              f"class challenge: the code stays hidden), not {sharing!r}")
        self._sharing = sharing
        self._code_shown = False
        self._deck_arg = deck
        self._deck = resolve_deck(deck, state.pack)
        self._state: Patience = state
        self.selected: tuple[str, int] | None = None
        self.targets: list[str] = []
        self.message = ""
        self.message_kind = "info"
        self._version = 0
        self._show_values = bool(show_values)
        # Pictures are drawn a little larger than shown so they stay sharp on high-DPI screens.
        self._picture_height = min(4000, round(card_height * 1.5))
        self.surface = PatienceView(card_height=card_height, key_map=A.key_map(ACTIONS))
        # The page session guards every comm of the board, now and as controls join it.
        super().__init__(self._build_controls(), surface=self.surface, autosave=autosave)
        self.add_class("tl-solitaire-board")
        self._build_options()
        self._send_pictures()
        self._say(f"{state.title}: click a card to pick it up, then click where it should go. "
                  "Double-click sends a card up to its foundation.", "info")
        self._sync()

    def _build_controls(self) -> list[W.Widget]:
        """The controls round the table, wired to the entry points; returns the board's rows."""
        self._game = W.Dropdown(options=[(games.get(n).title, n) for n in patience_games()],
                                value=self._state.name, description="Game",
                                layout=W.Layout(width="220px"))
        self._game.observe(self._on_game, names="value")
        self._options_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self._option_widgets: dict[str, W.Dropdown] = {}
        # continuous_update=False: the value arrives when Enter is pressed (or the box is left).
        self._seed = W.Text(placeholder="seed or deal code (blank: random)", continuous_update=False,
                            layout=W.Layout(width="240px"))
        self._seed.observe(lambda ch: self.new_deal(ch["new"]) if ch["new"].strip() else None, names="value")
        self._values = W.Checkbox(value=self._show_values, description="show plays-as values",
                                  indent=False, layout=W.Layout(width="190px"))
        self._values.observe(self._on_values, names="value")
        self.buttons = A.make_buttons(ACTIONS, self.press)
        self._counter, self._status, self._explain, self._deal_info = (W.HTML() for _ in range(4))
        self._counter.add_class("tl-counter")
        self._status.add_class("tl-status")
        self._explain.add_class("tl-explain")
        row = W.Layout(flex_flow="row wrap", align_items="center")
        top = W.HBox([self._game, self._seed, self.buttons["new"], self._deal_info,
                      self.buttons["share"]], layout=row)
        play = W.HBox([self.buttons[a.name] for a in ACTIONS if a.row == "play"]
                      + [self._counter], layout=W.Layout(flex_flow="row wrap", align_items="center"))
        opts = W.HBox([self._options_box, self._values],
                      layout=W.Layout(flex_flow="row wrap", align_items="center"))
        # Game, deal and rule options fold into one disclosure, closed at first: on a phone the
        # table then starts within the first screen (standard widgets: the same in JupyterLab,
        # Voila and the static site).
        self.options_panel = W.Accordion([W.VBox([top, opts])], titles=("Game options",), selected_index=None)
        self.options_panel.add_class("tl-options")
        return [self.options_panel, self.surface, play, self._status, self._explain]

    # ----- public --------------------------------------------------------------------------------
    @property
    def state(self) -> Patience:
        """The game being played (moves made on it directly show after :meth:`refresh`)."""
        return self._state

    @property
    def sharing(self) -> bool:
        """Whether the player may show the deal code (``False`` for a class challenge)."""
        return self._sharing

    @property
    def code_shown(self) -> bool:
        """Whether the player has pressed "Share deal" for this deal (the page shows the code)."""
        return self._code_shown

    @property
    def deck(self) -> Any:
        """The :class:`tarot_learn.decks.Deck` the cards are drawn from."""
        return self._deck

    def observation(self) -> PatienceObservation:
        """What the player sees now: everything the board shows and sends comes from this."""
        return self._state.observation(0)

    def load(self, state: Patience) -> None:
        """Show ``state`` (any patience) on this board instead: the controls follow its game and
        options, the selection and the shared code are cleared."""
        if not isinstance(state, Patience):
            raise OptionError(f"SolitaireBoard plays patience games ({', '.join(patience_games())}); "
                              f"{type(state).__name__} is not one")
        self._set_state(state)
        self._say(f"{state.title}: {'a custom position' if state.deal_code is None else 'a new deal'}.",
                  "info")
        self._sync()

    def refresh(self) -> None:
        """Redraw from the state (after changing ``board.state`` from Python)."""
        self._clear_selection()
        self._sync()

    def click(self, pile: str, index: int | None = None) -> None:
        """A click on ``pile`` (on its card at ``index``, counted from the bottom; ``None``: the
        top card or the empty pile)."""
        st = self._state
        pile = str(pile).strip().lower()
        if pile not in st.pile_ids():
            self._say(f"There is no pile {pile!r} here; the piles are {' '.join(st.pile_ids())}.",
                      "refused")
            return self._sync()
        if pile == "s":
            self._clear_selection()
            return self._play_text("s")
        if self.selected is None:
            return self._select(pile, index)
        src, start = self.selected
        if pile == src:
            cards = self._cards(pile)
            if index is not None and index != start and 0 <= index < len(cards) and cards[index] is not None:
                return self._select(pile, index)
            self._clear_selection()
            self._say("Put back.", "info")
            return self._sync()
        count = len(self._cards(src)) - start
        self._clear_selection()
        self._play_text(f"{src}>{pile}" + (f"x{count}" if count != 1 else ""))

    def double_click(self, pile: str) -> None:
        """Send the top card of ``pile`` up to the foundation that takes it."""
        st = self._state
        pile = str(pile).strip().lower()
        self._clear_selection()
        if pile == "s":
            return self._play_text("s")
        if pile not in st.pile_ids():
            self._say(f"There is no pile {pile!r} here.", "refused")
            return self._sync()
        if not self._cards(pile):
            self._say(f"{pile} is empty: there is no card to send up.", "refused")
            return self._sync()
        # "t3>f" names the foundation that takes the card; when none does, the refusal says
        # which foundation it belongs to and why it cannot go up yet.
        self._play_text(f"{pile}>f")

    def drop(self, src: str, index: int | None, dst: str) -> None:
        """A card dragged from ``src`` (at ``index``, with the cards on it; ``None``: the top
        card) and dropped on ``dst``: one move, played or refused with its rule, one view sent."""
        st = self._state
        src, dst = str(src).strip().lower(), str(dst).strip().lower()
        self._clear_selection()
        for pile in (src, dst):
            if pile not in st.pile_ids():
                return self.refuse(f"There is no pile {pile!r} here; the piles are {' '.join(st.pile_ids())}.")
        if src == "s":
            return self._play_text("s")         # the stock draws, dragged or clicked
        cards = self._cards(src)
        if not cards:
            return self.refuse(f"{_cap(self._pile_name(src))} is empty: there is no card to move.")
        if index is None or src[0] in "wrf" or not 0 <= index < len(cards):
            index = len(cards) - 1              # only the top card of these piles is in play
        if cards[index] is None:
            return self.refuse(f"That card is face down; it turns up when the cards on it have moved "
                               f"away ({st.RULE.get('faceup', '')}).")
        if src == dst:
            self._say("Put back.", "info")
            return self._sync()
        count = len(cards) - index
        self._play_text(f"{src}>{dst}" + (f"x{count}" if count != 1 else ""))

    def lift(self, pile: str, index: int | None = None) -> list[str]:
        """A drag has begun on ``pile`` at ``index``: the piles that may take those cards, sent to
        the page (which lights them under the moving card) as a message of their own, so the
        position, the selection and the view stay as they are until the drop."""
        pile = str(pile).strip().lower()
        cards = self._cards(pile) if pile in self._state.pile_ids() and pile != "s" else []
        if cards and (index is None or pile[0] in "wrf" or not 0 <= index < len(cards)):
            index = len(cards) - 1
        targets: list[str] = []
        if cards and index is not None and cards[index] is not None:
            targets = list(self._state.legal_destinations(pile, len(cards) - index))
        self.surface.send({"lift": [pile, index], "targets": targets})
        return targets

    def press(self, name: str) -> None:
        """A button or key, by its name in :data:`ACTIONS`: ``draw``, ``undo``, ``redo``,
        ``hint``, ``auto``, ``new``, ``share``, ``deselect``."""
        name = str(name).strip().lower()
        action = next((a for a in ACTIONS if a.name == name), None)
        if action is None:
            return self.refuse(f"There is no {_short(name)} button; try "
                               f"{', '.join(n for n in _KEYS if n != 'deselect')}.")
        getattr(self, action.handler)()

    def _put_back(self) -> None:
        """Esc: the picked-up card goes back, and the "Picked up ..." words go with it."""
        if self.selected is not None:
            self._say("Put back.", "info")
        self._clear_selection()
        self._sync()

    def _new_from_box(self) -> None:
        """New deal: from the seed or deal code in the box, else random."""
        self.new_deal(self._seed.value)

    def new_deal(self, seed: "int | str | None" = None) -> None:
        """Deal again: ``seed`` is a number, a deal code (of any patience), or blank/None for a
        random deal.  A bad entry leaves the game as it is and says what to type."""
        text = "" if seed is None else str(seed).strip()
        if len(text) > MAX_PAGE_TEXT:    # refused before any work, however long the paste
            self._say(f"Cannot deal that: a seed or deal code is at most {MAX_CODE_LENGTH} characters "
                      f"(this text has {len(text):,}).", "refused")
            return self._sync()
        try:
            state = self._deal(text)
        except TarotLearnError as err:
            self._say(f"Cannot deal {_short(text)}: {err}. Type a seed number, a deal code such "
                      "as TS-...., or leave the box blank.", "refused")
            return self._sync()
        self._set_state(state)
        typed = bool(text) and not text.isdigit() and state.deal_code is not None
        if typed and self._sharing:
            # the player typed the code, so it is theirs to see: the label shows it
            self._code_shown = True
            self._say(f"Dealt {state.title} from deal code {state.deal_code}.", "ok")
        elif typed:
            self._say(f"Dealt {state.title} from your deal code. {self._share_words()}", "ok")
        else:
            self._say(f"New deal of {state.title}. {self._share_words()}", "info")
        self._sync()

    def _share_words(self) -> str:
        if not self._sharing:
            return "Its deal code stays hidden during this challenge."
        return "Press Share deal for its code to race a friend on the same cards."

    def _won_html(self, obs: PatienceObservation) -> str:
        """The win, with the game's result code for a leaderboard (``notebooks/leaderboard.ipynb``
        checks it without a server).  Not while sharing is off: in a class challenge the code
        would show the deal to classmates still playing it, and the challenge page hands it in."""
        if not self._sharing or self._state.deal_code is None:
            return message_html(f"You won in {obs.moves_made} moves! {self._share_words()}", "win")
        code = results.result_code(self._state)
        return (message_html(f"You won in {obs.moves_made} moves! Your result code, for the class "
                             "leaderboard (the leaderboard notebook checks it):", "win")
                + f'<code class="tl-result" style="user-select:all;word-break:break-all">{esc(code)}</code>')

    def _share(self) -> None:
        """Show the deal code on the page (a Python-side decision: refused when sharing is off)."""
        code = self._state.deal_code
        if code is None:
            self._say("This is a custom position: it has no deal code to share.", "info")
        elif not self._sharing:
            self._say("Sharing the deal code is off for this board (a class challenge): the code "
                      "would show every face-down card to anyone who deals it again.", "refused")
        else:
            self._code_shown = True
            self._say(f"Deal code {code}: it reveals the whole deal, face-down cards included, so "
                      "share it only to race a friend on the same cards.", "info")
        self._sync()

    def pile_counts(self) -> dict[str, int]:
        """Cards in each pile, face-down ones included (what the browser must show)."""
        return {p.id: p.size for p in self.observation().piles}

    def summary(self) -> dict[str, Any]:
        """What a test compares with the page: cards per pile, the digest, moves, status."""
        obs = self.observation()
        return {"counts": {p.id: p.size for p in obs.piles}, "digest": observation_digest(obs),
                "moves": obs.moves_made, "status": page_status(obs), "deal_code": self._state.deal_code}

    def digest(self) -> str:
        """A short fingerprint of what the player sees (the page's ``data-digest``)."""
        return observation_digest(self.observation())

    # ----- state changes -------------------------------------------------------------------------
    def _deal(self, text: str) -> Patience:
        if not text:
            return type(self._state).new(None, **self._current_options())
        if text.isascii() and text.isdigit():
            n = int(text)
            if n > MAX_SEED:
                raise OptionError(f"a seed is a whole number from 0 to {MAX_SEED}")
            return type(self._state).new(n, **self._current_options())
        state = games.from_code(text)
        if not isinstance(state, Patience):
            raise OptionError(f"{text} is a {state.title} deal; this board plays patience "
                              "(open a TarotTable for French Tarot)")
        return state

    def _set_state(self, state: Patience) -> None:
        game_changed = state.name != self._state.name
        pack_changed = state.pack != self._state.pack
        self._state = state
        self._code_shown = False
        self._clear_selection()
        if game_changed:
            # Not hold_trait_notifications: it would deliver the change after re-observing.
            self._game.unobserve(self._on_game, names="value")
            self._game.value = state.name
            self._game.observe(self._on_game, names="value")
            self._build_options()
        else:
            for name, w in self._option_widgets.items():
                w.unobserve(self._on_option, names="value")
                w.value = state.options[name]
                w.observe(self._on_option, names="value")
        if pack_changed or game_changed:
            self._send_pictures()

    def _current_options(self) -> dict[str, Any]:
        return dict(self._state.options)

    def _build_options(self) -> None:
        widgets = []
        self._option_widgets = {}
        for opt in type(self._state).options_spec:
            w = W.Dropdown(options=[(str(c), c) for c in opt.choices], value=self._state.options[opt.name],
                           description=opt.name.replace("_", " "), tooltip=opt.help,
                           style={"description_width": "initial"},
                           layout=W.Layout(width="auto", margin="0 12px 0 0"))
            w.observe(self._on_option, names="value")
            self._option_widgets[opt.name] = w
            widgets.append(w)
        self._options_box.children = widgets
        self._values.layout.display = "" if self._state.pack == "tarot" else "none"

    def _on_option(self, change: dict[str, Any]) -> None:
        opts = {name: w.value for name, w in self._option_widgets.items()}
        try:
            state = type(self._state).new(self._state.seed, **opts)
        except TarotLearnError as err:
            self._say(f"{err}", "refused")
            return self._sync()
        self._set_state(state)
        changed = ", ".join(f"{k}={v}" for k, v in opts.items())
        self._say(f"Same deal, new rules ({changed}).", "info")
        self._sync()

    def _on_game(self, change: dict[str, Any]) -> None:
        state = games.get(change["new"]).new(self._state.seed)
        self._set_state(state)
        self._say(f"{state.title}, dealt from the same seed.", "info")
        self._sync()

    def _on_values(self, change: dict[str, Any]) -> None:
        self._show_values = bool(change["new"])
        self._send_pictures()

    def _send_pictures(self) -> None:
        pack = self._state.pack
        if self._deck.pack != pack and self._deck_arg is None:
            self._deck = resolve_deck(None, pack)     # the default art of the new game's pack
        with self.surface.hold_sync():
            for name, value in board_pictures(self._deck, pack, self._picture_height, self._show_values).items():
                setattr(self.surface, name, value)

    # ----- buttons -------------------------------------------------------------------------------
    def _draw(self) -> None:
        self._clear_selection()
        obs = self.observation()
        if not obs.pile("s").size and not obs.pile("w").size:
            self._say("There is nothing to draw: the stock and the "
                      f"{self._waste_word()} are both empty.", "refused")
            return self._sync()
        self._play_text("s")

    def _undo(self) -> None:
        self._clear_selection()
        pending = self._state.moves[-1:]
        # Name the card while it still lies where the move left it.
        what = self._describe(pending[0], after=True) if pending else ""
        try:
            self._state.undo()
        except TarotLearnError as err:
            self._say(_sentence(err), "refused")
        else:
            self._say(f"Took back {what}. Undo does not lower the move count (the score "
                      "counts every move made).", "info")
        self._sync()

    def _redo(self) -> None:
        self._clear_selection()
        pending = self._state.redo_moves[:1]
        what = self._describe(pending[0]) if pending else ""   # where the move finds the card
        try:
            self._state.redo()
        except TarotLearnError as err:
            self._say(_sentence(err), "refused")
        else:
            self._say(f"Replayed {what}.", "info")
        self._sync()

    # ----- clicks -> moves -----------------------------------------------------------------------
    def _cards(self, pile: str, obs: PatienceObservation | None = None) -> list[Card | None]:
        """The cards of ``pile`` as the player sees them, bottom first (``None``: face down)."""
        obs = obs or self.observation()
        try:
            p = obs.pile(pile)
        except KeyError:
            return []
        return [None] * p.hidden + list(p.cards)

    def _select(self, pile: str, index: int | None) -> None:
        st = self._state
        cards = self._cards(pile)
        if not cards:
            self._say(f"{_cap(self._pile_name(pile))} is empty: pick up a card first, then click here "
                      "to put it down.", "info")
            return self._sync()
        top = len(cards) - 1
        if index is None or pile[0] in "wrf" or not 0 <= index <= top:
            index = top                   # only the top card of these piles is in play
        card = cards[index]
        if card is None:
            rule = st.RULE.get("faceup", "")
            self._say(f"That card is face down; it turns up when the cards on it have moved away "
                      f"({rule}).", "refused")
            return self._sync()
        count = len(cards) - index
        self.selected = (pile, index)
        self.targets = st.legal_destinations(pile, count)
        what = card.name if count == 1 else f"{card.name} and the {count - 1} card(s) on it"
        if self.targets:
            where = short_list(self._pile_name(t) for t in self.targets)
            self._say(f"Picked up {what}: it may go to {where} (lit). Click one, or click "
                      "anywhere else to see why not.", "info")
        else:
            self._say(f"Picked up {what}: it has nowhere to go now. Click a pile to see which rule "
                      "stops it, or click it again to put it back.", "info")
        self._sync()

    def _play_text(self, text: str) -> None:
        try:
            move = self._state.parse_move(text)
        except TarotLearnError as err:
            self._say(f"Not allowed: {err}", "refused")
            return self._sync()
        self._play_move(move)

    def _play_move(self, move: Move) -> None:
        st = self._state
        why = st.why_illegal(move)
        if why is not None:
            self._say(f"Not allowed: {why}", "refused")
            return self._sync()
        explanation = st.explain(move)      # before playing: it describes the position it starts from
        st.play(move)
        self._say(explanation, "ok")
        self._sync()

    def _hint(self) -> None:
        st = self._state
        self._clear_selection()
        if st.is_won():
            self._say("The game is won: nothing left to hint.", "win")
            return self._sync()
        move, source = _hint_move(st, self._say_waiting)
        if move is None and st.legal_moves():
            self._say("Every move left goes back to a position of this game, or round the whole "
                      "stock again: no hint leads anywhere new. Undo, or start a new deal.", "info")
            return self._sync()
        if move is None:
            self._say("No legal move is left: this deal is lost. Undo, or start a new deal.", "no_moves")
            return self._sync()
        if move.action == "move":
            cards = self._cards(move.src)
            self.selected = (move.src, len(cards) - move.count)
            self.targets = [move.dst]
            self._say(f"Hint ({source}): {self._describe(move)}. {st.explain(move)} Click the lit "
                      "pile to make the move.", "hint")
        else:
            self._say(f"Hint ({source}): {st.explain(move)}", "hint")
        self._sync()

    def _say_waiting(self, text: str) -> None:
        """A word on the page at once while a hint is slow to come (the solver's core loading):
        only the message panel changes, so the page shows it before the hint is ready."""
        self._say(text, "info")
        self._explain.value = message_html(text, "info")

    def _auto(self) -> None:
        self._clear_selection()
        before = self._state.copy()
        played = self._state.auto_foundation()
        if played:
            names = []
            for m in played:         # replay on a copy to name each card where it was
                names.append(self._describe(m, obs=before.observation(0)))
                before.push(m)
            self._say(f"Auto-finish sent {len(played)} card(s) up: "
                      f"{short_list(names)}. Each is one move (undo "
                      "takes them back one by one).", "ok")
        else:
            self._say("No card can go up safely now (a card stays down while a card still in play "
                      "could need it to build on).", "info")
        self._sync()

    def _clear_selection(self) -> None:
        self.selected = None
        self.targets = []

    # ----- words -----------------------------------------------------------------------------------
    def _waste_word(self) -> str:
        return "discard" if self._state.name == "tarot-solitaire" else "waste"

    def _pile_name(self, pid: str) -> str:
        if pid[0] == "t":
            return f"Column {pid[1:]} ({pid})"
        if pid[0] == "f":
            i = int(pid[1:]) - 1 if pid[1:].isdigit() else -1
            labels = self._state.FOUND_LABELS
            return f"the {labels[i]} foundation" if 0 <= i < len(labels) else f"foundation {pid}"
        return {"s": "the stock", "w": f"the {self._waste_word()}", "r": "the reserve"}.get(pid, pid)

    def _describe(self, move: Move, *, after: bool = False, obs: PatienceObservation | None = None) -> str:
        """``'Ace of Swords from t6 to f3'``: the card is looked for in the source pile, or in
        the destination when the move has been made (``after``)."""
        if move.action != "move":
            return {"draw": "a draw from the stock", "redeal": "the redeal"}.get(move.action, move.action)
        cards = self._cards(move.dst if after else move.src, obs)
        head = cards[-move.count] if len(cards) >= move.count else None
        card = head.name if head is not None else move.src
        if move.count > 1:
            card += f" with the {move.count - 1} card(s) on it"
        return f"{card} from {move.src} to {move.dst}"

    def _say(self, text: str, kind: str = "info") -> None:
        self.message, self.message_kind = text, kind

    # ----- sync to the browser --------------------------------------------------------------------
    def _sync(self) -> None:
        obs = self.observation()
        self._version += 1
        view = {"v": self._version, **page_view(obs, self._state.pack),
                "sel": list(self.selected) if self.selected else None, "targets": self.targets}
        # One message per widget that changes (each child has its own comm, so hold each).
        with batched(self.surface, self._counter, self._deal_info, self._status, self._explain,
                     *self.buttons.values()):
            self.surface.view = view
            self._sync_panels(obs)
            self._sync_buttons(obs, view["redeal"])
        self._keep()

    # ----- autosave (the page session's hooks) -----------------------------------------------------
    def _save_fresh(self) -> bool:
        return not self._state.moves and not self._state.redo_moves

    def _save_load(self, keeper: Autosave) -> Any:
        return keeper.load()

    def _save_take(self, saved: Any) -> None:
        if isinstance(saved, Patience) and self._resumes(saved):
            self._set_state(saved)
            self._say(f"Resumed your game of {saved.title} where it was before the page reloaded "
                      f"({saved.moves_made} moves). New deal starts afresh.", "info")

    def _resumes(self, saved: Patience) -> bool:
        """Whether a saved game belongs on this board: the same game, and the same deal unless
        the board was asked for a random one."""
        if saved.name != self._state.name:
            return False
        return self._asked_random or saved.deal_code == self._state.deal_code

    def _save_mark(self) -> Any:
        st = self._state
        return (id(st), len(st.moves), len(st.redo_moves))

    def _save_text(self) -> str:
        return self._state.to_json()

    def _autosave_failed(self, html_text: str) -> None:
        self._explain.value += html_text

    def _sync_panels(self, obs: PatienceObservation) -> None:
        code = self._state.deal_code
        self._counter.value = (f'<span class="tl-moves">Moves: <b>{obs.moves_made}</b></span>'
                               f' <span class="tl-onboard">({obs.on_table} on the board)</span>')
        if code is None:
            shown = "custom position"
        elif self._code_shown:
            shown = code
        else:       # the code deals every face-down card again: it stays in Python
            shown = "hidden"
        self._deal_info.value = f'<span class="tl-code">Deal <code>{esc(shown)}</code></span>'
        status = page_status(obs)
        if status == "won":
            self._status.value = self._won_html(obs)
        elif status == "no_moves":
            self._status.value = message_html(
                "No moves left: no card can move and the stock cannot be turned. Undo to try "
                "another line, or deal again.", "no_moves")
        else:
            self._status.value = ""
        self._explain.value = message_html(self.message, self.message_kind) if self.message else ""

    def _sync_buttons(self, obs: PatienceObservation, can_redeal: bool) -> None:
        for action in ACTIONS:
            button = self.buttons.get(action.name)
            if button is not None and action.enabled is not None:
                button.disabled = not action.enabled(self, obs)
        self.buttons["draw"].description = "Redeal" if (not obs.pile("s").size and can_redeal) else "Draw"

    def on_intent(self, content: Any) -> None:
        """Intents from the page, checked against a small schema (:func:`intent_problem`).
        Anything else is ignored with a one-line message; no page message ever raises into the
        notebook."""
        why = intent_problem(content)
        if why is not None:
            return self.refuse(f"The page sent the card table something it does not accept "
                               f"({why}); nothing changed.")
        event = content["event"]
        try:
            self._dispatch(event, content)
        except TarotLearnError as err:
            self._clear_selection()
            self.refuse(f"Not allowed: {err}")
        except Exception as err:  # a stray message must never break the board or reach the notebook
            self._clear_selection()
            self.refuse(f"Something went wrong handling that {event} ({type(err).__name__}).")

    def _dispatch(self, event: str, content: dict[str, Any]) -> None:
        if event == "click":
            self.click(str(content.get("pile", "")), _index(content.get("index")))
        elif event == "lift":
            self.lift(str(content.get("pile", "")), _index(content.get("index")))
        elif event == "dblclick":
            self.double_click(str(content.get("pile", "")))
        elif event == "drop":
            self.drop(str(content.get("src", "")), _index(content.get("index")), str(content.get("dst", "")))
        else:
            self.press(str(content.get("name", "")))


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _sentence(err: TarotLearnError) -> str:
    """An error as a sentence for the panel (the rule id, if any, kept)."""
    text = str(getattr(err, "message", "") or err)
    return f"{_cap(text)}." if text and not text.endswith(".") else _cap(text)


def _index(value: Any) -> int | None:
    """A checked intent's index (:func:`intent_problem` has made sure it is an int or None)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _hint_move(state: Patience, waiting: Callable[[str], None] = lambda text: None) -> tuple[Move | None, str]:
    """A good move and where it came from: the solver when ``tarot_learn.solve`` is there, else
    the first legal move that is not a stock draw.  A hint not ready after ``HINT_WORD_AFTER``
    seconds (the solver's core loading, the first time in a kernel) has ``waiting`` say why."""
    try:   # lazily: the solver is optional (floor 2) and only needed when asked
        solve = importlib.import_module("tarot_learn.solve")
    except ImportError:
        solve = None
    if solve is not None and hasattr(solve, "hint"):
        try:
            move = _meanwhile(lambda: solve.hint(state, seconds=HINT_SECONDS, states=HINT_STATES), HINT_WORD_AFTER,
                              lambda: waiting(_waiting_word(solve)))
        except Exception:  # a solver problem must not cost the learner the game
            move = None
        else:      # None with moves left: each goes round in a circle, so none is offered
            native = getattr(solve, "native", None)
            if native is not None and native.compiling():
                return move, ("solver; its fast core is compiling, once on this machine, so "
                              "hints use the slower search meanwhile")
            return move, "solver"
    moves = state.legal_moves()
    if not moves:
        return None, ""
    for m in moves:
        if m.action == "move" and m.src[0] != "f":
            return m, "a legal move"
    return moves[0], "a legal move"


# A hint slower than this (seconds) gets a word on the page while it comes: no silent wait.
HINT_WORD_AFTER = 0.3
# A hint's budget: positions per search of a made-up deal (the figure benchmarks/bench_hints.py
# measures, the same hint on any machine), and the wall time it may take at most (where the
# search is slower than that, the pure search in a browser, it answers with what it has found).
HINT_STATES = 2000
HINT_SECONDS = 0.5


def _waiting_word(solve: Any) -> str:
    """What the page says while a hint is slow: the core compiling, loading, or the search."""
    native = getattr(solve, "native", None)
    if native is not None and native.compiling():
        return "Compiling the solver's fast core, once on this machine; the hint comes meanwhile..."
    if native is not None and native.loading():
        return "Loading the solver's fast core (once in this notebook)... the hint comes in a moment."
    return "Thinking..."


def _meanwhile(work: Callable[[], Any], after: float, slow: Callable[[], None]) -> Any:
    """``work()``'s result; when it is not ready after ``after`` seconds, ``slow()`` is called
    first (on this thread, the kernel's), so its words reach the page before the result does.
    Where no thread can start (a browser's Python), ``work`` runs here and nothing is said."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = work()
        except BaseException as err:        # handed back to the caller below
            box["error"] = err

    thread = threading.Thread(target=run, name="tarot-learn hint", daemon=True)
    try:
        thread.start()
    except RuntimeError:
        run()
    else:
        thread.join(after)
        if thread.is_alive():
            slow()
            thread.join()
    if "error" in box:
        raise box["error"]
    return box["value"]
