"""The contract every game keeps: moves, the State base class, options and saves.

One State contract for every game (OpenSpiel's shape, python-chess's manners).  A game is one deal:

======================================  ==========================================================
``state.current_player()``              whose decision it is (a patience: 0; French Tarot: a seat),
                                        ``None`` once the deal is over
``state.legal_moves()``                 every legal move, in a deterministic order
``state.play(move)``                    checked: text that is no move raises
                                        :class:`MoveSyntaxError`, a move the rules forbid raises
                                        :class:`IllegalMove` with its ``rule`` id; either way
                                        nothing changes
``state.undo()`` / ``state.redo()``     any number of times
``state.push(m)`` / ``state.pop()``     unchecked, for search (moves from ``legal_moves``)
``state.observation(player)``           an :class:`~tarot_learn.observation.Observation`: exactly
                                        what ``player`` may see (face-down cards have no identity)
``state.returns()``                     one float per player: a patience 1.0 won / 0.0; French
                                        Tarot each seat's score for the deal (they sum to 0)
``state.is_over()``                     the deal has ended; ``is_won()`` exists only where it has
                                        one meaning (the patiences)
``state.explain(move)``                 why a move is legal (rule ids) or why it is refused
``state.to_json()`` / ``games.load()``  a save: deal code, options and moves, replayed by ``play``
``state.key()``                         a hashable key of the position, for solvers
======================================  ==========================================================

Every error a user can cause is a :class:`~tarot_learn.errors.TarotLearnError` (a ``ValueError``):
``MoveSyntaxError``, ``IllegalMove``, ``OptionError``, ``SaveError``, ``DealCodeError``,
``DeckError``, ``LayoutError``, ``CardError``.

The base class does the bookkeeping (checked ``play``, unlimited ``undo`` and ``redo``, history,
versioned saves, deal codes); a game writes only its rules:

* ``_deal(seed)``: lay out the position for a seed (options are in ``self.options``);
* ``_legal_moves()``: every legal move, in a deterministic order;
* ``_apply(move)``: change the position, unchecked, and return an undo record;
* ``_unapply(move, record)``: put the position back exactly;
* ``_why_illegal(move)``: the :class:`IllegalMove` (with its rule id) that a refused move breaks;
* ``_explain(move)``: a sentence, with rule ids, saying why a legal move is legal;
* ``key()``, ``cards()``, ``observation(player)``, ``returns()``, ``_snapshot()``/``_restore()``.

>>> from tarot_learn import games
>>> s = games.new("klondike", seed=7)
>>> s.current_player(), s.returns(), s.num_players()
(0, (0.0,), 1)
>>> obs = s.observation(0)
>>> [p.id for p in obs.by_role("tableau")][:3], obs.pile("t7").hidden
(['t1', 't2', 't3'], 6)
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Hashable, Iterable, NamedTuple, Sequence

from .cards import Card
from .deals import MAX_SEED, encode_deal_code, random_seed
from .errors import (CardError, DealCodeError, DeckError, IllegalMove, LayoutError, MoveSyntaxError,
                     OptionError, SaveError, TarotLearnError)
from .observation import SPECTATOR, Observation, Pile, Role

__all__ = [
    "Move",
    "State",
    "Option",
    "Observation",
    "Pile",
    "Role",
    "SPECTATOR",
    "TarotLearnError",
    "MoveSyntaxError",
    "IllegalMove",
    "OptionError",
    "SaveError",
    "DealCodeError",
    "DeckError",
    "LayoutError",
    "CardError",
    "SAVE_FORMAT",
    "SAVE_VERSION",
]

SAVE_FORMAT = "tarot_learn/save"
SAVE_VERSION = 1


# ----- moves -------------------------------------------------------------------------------------
class Move(NamedTuple):
    """A move as a small immutable value with a text form that parses back.

    Patience moves carry piles: ``Move("move", "t3", "t5", 2)`` is written ``t3>t5x2`` (two cards
    from column 3 to column 5).  Other moves are an action and an argument: ``draw``, ``redeal``,
    ``bid garde``, ``play T21``.  A ``NamedTuple`` keeps creation cheap for search and makes moves
    hashable and ordered.

    >>> m = Move.parse("t3>t5x2"); m
    Move(action='move', src='t3', dst='t5', count=2, arg='')
    >>> str(m), str(Move.parse("w>f1")), str(Move.parse("bid garde"))
    ('t3>t5x2', 'w>f1', 'bid garde')
    >>> Move.parse("t3>")
    Traceback (most recent call last):
    ...
    tarot_learn.errors.MoveSyntaxError: 't3>' is not a move: write pile>pile (like t3>f1 or t2>t5x3),
        or an action such as 'draw'
    """

    action: str
    src: str = ""
    dst: str = ""
    count: int = 1
    arg: str = ""

    def __str__(self) -> str:
        if self.action == "move":
            return f"{self.src}>{self.dst}" + (f"x{self.count}" if self.count != 1 else "")
        return f"{self.action} {self.arg}" if self.arg else self.action

    @classmethod
    def parse(cls, text: "str | Move") -> "Move":
        """Read a move from its text form (spaces and case are forgiven)."""
        if isinstance(text, Move):
            return text
        if not isinstance(text, str):
            raise MoveSyntaxError(f"a move is text like 't3>f1' or a Move, not {type(text).__name__}")
        raw = " ".join(text.split())
        low = raw.lower()
        if ">" in low:
            src, _, rest = low.replace(" ", "").partition(">")
            dst, _, count = rest.partition("x")
            if src and dst and (not count or count.isdigit()) and src.isalnum() and dst.isalnum():
                n = int(count) if count else 1
                if n >= 1:
                    return cls("move", src, dst, n)
        elif low and low.split()[0].isalpha():
            action, _, arg = raw.partition(" ")
            return cls(action.lower(), arg=arg.strip())
        raise MoveSyntaxError(
            f"{text!r} is not a move: write pile>pile (like t3>f1 or t2>t5x3), or an action such as 'draw'"
        )


# ----- options -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Option:
    """One option of a game: its name, its allowed values (the first is not necessarily the
    default), the default and a line of help for the learner."""

    name: str
    choices: tuple[Any, ...]
    default: Any
    help: str = ""

    def coerce(self, game: str, value: Any) -> Any:
        """The allowed value that ``value`` stands for (``'3'`` for ``3``, ``'no'`` for ``False``)."""
        for choice in self.choices:
            if value == choice and type(value) is type(choice):
                return choice
        if isinstance(value, str):
            text = value.strip().lower()
            for choice in self.choices:
                if isinstance(choice, bool):
                    if text in (("true", "yes", "on", "1") if choice else ("false", "no", "off", "0")):
                        return choice
                elif str(choice).lower() == text:
                    return choice
        if isinstance(value, int) and not isinstance(value, bool):
            for choice in self.choices:
                if value == choice and not isinstance(choice, bool):
                    return choice
        allowed = ", ".join(repr(c) for c in self.choices)
        raise OptionError(f"{game}: option {self.name}={value!r} is not allowed; choose one of {allowed}")

    def code(self, value: Any) -> str:
        """One character standing for ``value`` in a deal code."""
        texts = [str(c)[0].upper() for c in self.choices]
        if len(set(texts)) == len(texts):
            return texts[self.choices.index(value)]
        return str(self.choices.index(value))

    def from_code(self, ch: str) -> Any:
        for choice in self.choices:
            if self.code(choice) == ch.upper():
                return choice
        raise DealCodeError(f"option {self.name} has no value written {ch!r} in a deal code")


# ----- the state ---------------------------------------------------------------------------------
class State:
    """One deal of a game.  Subclasses set the class attributes and write the rules hooks.

    The public surface is the same for every game (see this module's docstring):
    ``current_player``, ``legal_moves``, ``play``, ``undo``, ``redo``, ``observation``,
    ``returns``, ``is_over``, ``explain``, ``to_json`` / ``games.load``, ``key``.
    """

    name: ClassVar[str] = ""          # registry name, e.g. "tarot-solitaire"
    title: ClassVar[str] = ""         # shown to people, e.g. "Tarot Solitaire"
    code: ClassVar[str] = ""          # two letters for deal codes, e.g. "TS"
    pack: ClassVar[str] = "tarot"     # "tarot" or "standard": how card texts are read
    options_spec: ClassVar[tuple[Option, ...]] = ()

    options: dict[str, Any]
    seed: int | None

    # ----- construction ------------------------------------------------------------------------
    @classmethod
    def check_options(cls, given: dict[str, Any]) -> dict[str, Any]:
        """Validate options: every name known, every value allowed, and no contradiction
        (``_check_options``).  Returns the full option dict with defaults filled in."""
        spec = {o.name: o for o in cls.options_spec}
        unknown = sorted(set(given) - set(spec))
        if unknown:
            known = ", ".join(spec) or "none"
            raise OptionError(f"{cls.name}: unknown option {unknown[0]!r}; this game's options are: {known}")
        options = {o.name: o.default for o in cls.options_spec}
        for name, value in given.items():
            options[name] = spec[name].coerce(cls.name, value)
        cls._check_options(options)
        return options

    @classmethod
    def _check_options(cls, options: dict[str, Any]) -> None:
        """Reject contradictory option combinations (override in a game that has some)."""

    @classmethod
    def new(cls, seed: int | None = None, **options: Any) -> "State":
        """A fresh deal.  ``seed=None`` picks a random seed (shown in ``deal_code``)."""
        opts = cls.check_options(options)
        if seed is None:
            seed = random_seed()
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise OptionError(f"{cls.name}: seed must be a whole number from 0 to {MAX_SEED}, not {seed!r}")
        return cls.build(lambda state: state._deal(seed), seed, opts)

    @classmethod
    def build(cls, lay_out: "Callable[[State], None]", seed: int | None,
              options: dict[str, Any]) -> "State":
        """A state whose position ``lay_out(state)`` sets, on fresh bookkeeping with ``options``
        (already checked) and ``seed`` (``None`` for a position not dealt from a seed); the
        position it leaves is the deal's start, where ``undo`` stops and saves replay from."""
        state = cls.__new__(cls)
        state._init_bookkeeping(options, seed)
        lay_out(state)
        state._mark_start()
        return state

    def _mark_start(self) -> None:
        self._start = self._snapshot()

    def _init_bookkeeping(self, options: dict[str, Any], seed: int | None) -> None:
        self.options = options
        self.seed = seed
        self.history: list[tuple[Move, Any]] = []
        self._redo: list[Move] = []
        self._moves_unknown = False      # a copy without its history: see copy()
        # The score of the patiences (KL-13, TS-21, AT-15): every move made counts, and undo does
        # not take it back, so peeking under a card with undo is not free in a same-deal race.
        self.moves_made = 0

    # ----- rule hooks (each game writes these) ---------------------------------------------------
    def _deal(self, seed: int) -> None:
        raise NotImplementedError

    def _legal_moves(self) -> list[Move]:
        raise NotImplementedError

    def _apply(self, move: Move) -> Any:
        raise NotImplementedError

    def _unapply(self, move: Move, record: Any) -> None:
        raise NotImplementedError

    def _why_illegal(self, move: Move) -> IllegalMove:
        return IllegalMove(f"{move} is not a legal move here", move=move)

    def _explain(self, move: Move) -> str:
        return f"{move} is legal."

    def _snapshot(self) -> dict[str, Any]:
        raise NotImplementedError

    def _restore(self, data: dict[str, Any]) -> None:
        raise NotImplementedError

    def key(self) -> Hashable:
        """A hashable key of the position (not the history): equal keys, equal positions."""
        raise NotImplementedError

    def cards(self) -> list[Card]:
        """Every card in the position, wherever it lies (for conservation checks)."""
        raise NotImplementedError

    def num_players(self) -> int:
        """How many players take decisions (a patience: 1)."""
        return 1

    def observation(self, player: int = 0) -> Observation:
        """Exactly what ``player`` may see (``SPECTATOR``: what every player sees)."""
        raise NotImplementedError

    def returns(self) -> tuple[float, ...]:
        """One value per player for the deal as it stands (0.0 each until it is over)."""
        raise NotImplementedError

    def current_player(self) -> int | None:
        """Whose decision it is; ``None`` once the deal is over."""
        return None if self.is_over() else 0

    def check_player(self, player: int) -> int:
        """``player`` if it names a player of this deal or ``SPECTATOR``, else OptionError."""
        n = self.num_players()
        if isinstance(player, bool) or not isinstance(player, int) or not (
                0 <= player < n or player == SPECTATOR):
            raise OptionError(f"{self.title}: player must be 0 to {n - 1} (or SPECTATOR), not {player!r}")
        return player

    # ----- public play -------------------------------------------------------------------------
    def parse_move(self, text: "str | Move") -> Move:
        """Read a move written as text (``'t3>f1'``, ``'draw'``); a game may accept more forms."""
        return Move.parse(text)

    def legal_moves(self) -> list[Move]:
        """Every legal move, in a deterministic order (the same position gives the same list)."""
        return self._legal_moves()

    def is_legal(self, move: "Move | str") -> bool:
        try:
            return self.parse_move(move) in self._legal_moves()
        except TarotLearnError:
            return False

    def why_illegal(self, move: "Move | str") -> TarotLearnError | None:
        """``None`` when ``move`` is legal, else the error ``play`` would raise: a
        :class:`MoveSyntaxError` for text that is no move, an :class:`IllegalMove` (with its rule)
        for a move the rules forbid."""
        try:
            m = self.parse_move(move)
        except TarotLearnError as err:
            return err
        if m in self._legal_moves():
            return None
        return self._refusal(m)

    def _refusal(self, m: Move) -> IllegalMove:
        # A game may return or raise its IllegalMove; either way the caller gets one with the move.
        try:
            err = self._why_illegal(m)
        except IllegalMove as raised:
            err = raised
        if err.move is None:
            err.move = m
        return err

    def play(self, move: "Move | str") -> Move:
        """Check and make a move; an illegal one raises :class:`IllegalMove` and changes nothing.

        Playing the move that ``redo`` would replay keeps the rest of the redo line; any other move
        ends it, as in every editor.
        """
        m = self.parse_move(move)
        if m not in self._legal_moves():
            raise self._refusal(m)
        self.history.append((m, self._apply(m)))
        self.moves_made += 1
        if self._redo and self._redo[-1] == m:
            self._redo.pop()
        else:
            self._redo.clear()
        return m

    def push(self, move: Move) -> None:
        """Make a move without checking it (for solvers that generated it from ``legal_moves``)."""
        self.history.append((move, self._apply(move)))

    def pop(self) -> Move:
        """Take back the last move without touching the redo line (the solvers' undo)."""
        move, record = self.history.pop()
        self._unapply(move, record)
        return move

    def undo(self) -> Move:
        """Take back the last move; it can be replayed with :meth:`redo`."""
        if not self.history:
            raise IllegalMove("there is no move to undo: this is the start of the deal", rule="undo")
        move = self.pop()
        self._redo.append(move)
        return move

    def redo(self) -> Move:
        """Replay the last move taken back."""
        if not self._redo:
            raise IllegalMove("there is no move to redo", rule="redo")
        move = self._redo[-1]
        self.play(move)
        return move

    def undo_all(self) -> int:
        """Undo every move; returns how many were taken back."""
        n = len(self.history)
        while self.history:
            self.undo()
        return n

    @property
    def moves(self) -> list[Move]:
        """The moves played so far, oldest first."""
        return [m for m, _ in self.history]

    @property
    def redo_moves(self) -> list[Move]:
        """The moves ``redo`` would replay, next first."""
        return list(reversed(self._redo))

    @property
    def move_count(self) -> int:
        """Moves on the board now (undo lowers it); the score is ``moves_made``."""
        return len(self.history)

    def is_over(self) -> bool:
        """The deal has ended: no legal move is left (a game may end it sooner)."""
        return not self._legal_moves()

    def explain(self, move: "Move | str") -> str:
        """Why a move is legal (with rule ids), or why it is refused."""
        err = self.why_illegal(move)
        if err is not None:
            return f"Not allowed: {err}"
        return self._explain(self.parse_move(move))

    # ----- copies, codes, saves ------------------------------------------------------------------
    def copy(self, history: bool = False) -> "State":
        """An independent copy of the position (with its history and redo line if asked).

        A copy without its history (the solvers' fast copy) knows the position but not the moves
        that led there: it starts where this game stands now, so undo and ``copy(history=True)``
        stop there, and :meth:`to_json` refuses it rather than write a save that would load as
        another position.
        """
        if not history:
            other = self._copy_position()
            if self.history or self._moves_unknown:
                other._start = other._snapshot()
                other._moves_unknown = True
            return other
        other = type(self).__new__(type(self))
        other._init_bookkeeping(dict(self.options), self.seed)
        other._start = self._start
        other.moves_made = self.moves_made
        other._restore(self._start)
        for m, _ in self.history:
            other.push(m)
        other._redo = list(self._redo)
        other._moves_unknown = self._moves_unknown
        return other

    def _copy_position(self) -> "State":
        """The position alone, with no history (a game may copy its piles faster than a snapshot)."""
        other = type(self).__new__(type(self))
        other._init_bookkeeping(dict(self.options), self.seed)
        other._start = self._start
        other.moves_made = self.moves_made
        other._restore(self._snapshot())
        return other

    @property
    def deal_code(self) -> str | None:
        """A short code that recreates this deal with these options anywhere: ``games.from_code``.
        ``None`` for a position that was not dealt from a seed (built from a layout)."""
        if self.seed is None:
            return None
        opts = "".join(o.code(self.options[o.name]) for o in self.options_spec)
        return encode_deal_code(self.code, opts, self.seed)

    @classmethod
    def options_from_code(cls, chars: str) -> dict[str, Any]:
        if len(chars) != len(cls.options_spec):
            raise DealCodeError(f"a {cls.title} deal code carries {len(cls.options_spec)} option characters, "
                                f"not {len(chars)}")
        return {o.name: o.from_code(ch) for o, ch in zip(cls.options_spec, chars)}

    def to_json(self) -> str:
        """A versioned, checksummed save: the starting position, the moves and the redo line.

        Loading replays every move through :meth:`play`, so a save can never smuggle in an illegal
        position; the checksum catches edits and truncation with a clear message.
        """
        if self._moves_unknown:
            raise SaveError("this position is a copy made without its moves, so a save would load as "
                            "another position: save the original game, or copy it with copy(history=True)")
        body = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.name,
            "options": self.options,
            "seed": self.seed,
            "custom": self.seed is None,
            "start": self._start,
            "moves": [str(m) for m, _ in self.history],
            "redo": [str(m) for m in reversed(self._redo)],
            "moves_made": self.moves_made,
        }
        body["checksum"] = _checksum(body)
        return json.dumps(body, indent=1, sort_keys=True)

    @classmethod
    def from_save(cls, data: dict[str, Any]) -> "State":
        """Rebuild from a parsed, checksum-verified save dict (used by ``games.load``).

        A seeded save's start is dealt again from its seed and options, and the save is refused if
        the start it carries differs (a forged position cannot pass for a seeded deal); a custom
        position (``seed`` null) is restored from the save and stays custom (no deal code)."""
        options = cls.check_options(data.get("options") or {})
        state = cls._start_from_save(data, options)
        state._replay_saved(data)
        return state

    @classmethod
    def _start_from_save(cls, data: dict[str, Any], options: dict[str, Any]) -> "State":
        seed = data.get("seed")
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
                raise SaveError(f"the save's seed {seed!r} is not a seed (a whole number 0 to {MAX_SEED})")
            state = cls.new(seed, **options)
            if _canonical_json(data["start"]) != _canonical_json(state._snapshot()):
                raise SaveError(f"the save's starting position is not deal {state.deal_code}'s: "
                                "the file was edited; use the original save or the deal code")
            return state

        def restore(state: State) -> None:
            try:
                state._restore(data["start"])
            except SaveError:
                raise  # a game's own one-line reason
            except Exception as err:  # untrusted data: any other failure means a damaged position
                raise SaveError(f"the save's starting position is damaged ({type(err).__name__}); "
                                "the file cannot be used") from None
        return cls.build(restore, None, options)

    def _replay_saved(self, data: dict[str, Any]) -> None:
        for i, text in enumerate(data.get("moves", []), 1):
            try:
                self.play(text)
            except TarotLearnError as err:
                raise SaveError(f"move {i} of the save, {str(text)[:40]!r}, is not legal there ({err}); "
                                "the file was edited or damaged") from None
        redo = []
        for text in data.get("redo", []):
            try:
                redo.append(self.parse_move(text))
            except TarotLearnError as err:
                raise SaveError(f"the save's redo line holds {str(text)[:40]!r}, which is not a move ({err})") from None
        self._redo = list(reversed(redo))
        made = data.get("moves_made", self.moves_made)
        if isinstance(made, bool) or not isinstance(made, int) or made < len(self.history):
            raise SaveError(f"the save's move counter {made!r} is less than the moves it holds")
        self.moves_made = made

    @property
    def custom(self) -> bool:
        """True for a position not dealt from a seed (built from a layout): it has no deal code
        and never counts as a seeded deal's result."""
        return self.seed is None

    # ----- display -------------------------------------------------------------------------------
    def __repr__(self) -> str:
        code = self.deal_code or "custom position"
        won = f", {self._repr_outcome()}" if self._repr_outcome() else ""
        # Deals made with games.new(..., winnable=True) say how they were chosen.
        skipped = getattr(self, "skipped_seeds", None)
        proved = f", proved winnable ({skipped} seeds skipped)" if skipped is not None else ""
        return f"<{self.title} {code}, {self.move_count} moves{won}{proved}>"

    def _repr_outcome(self) -> str:
        """A word for the repr once the deal has an outcome (a game says how it ends)."""
        return ""

    def _repr_png_(self) -> bytes | None:
        # Lazy import, as python-chess does for SVG: the rules core never imports Pillow itself.
        from .render import board_png, has_pillow

        return board_png(self) if has_pillow() else None

    def _repr_html_(self) -> str | None:
        # The same picture with its alternative text (the position in words, as player 0 sees it),
        # so a screen reader and an accessibility audit can read a board shown in a lesson.
        from .render import picture_html

        return picture_html(self._repr_png_() or self._repr_svg_(), self.observation(0).describe())

    def _repr_svg_(self) -> str | None:
        # Without Pillow (the static site) the browser composes the shipped card pictures.
        from .render import board_svg, has_pillow

        return None if has_pillow() else board_svg(self).to_svg()

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, str]:
        # The picture drawn once for both outputs (PNG or SVG, and the HTML with its words).
        from .render import picture_bundle

        return picture_bundle(self._repr_png_() or self._repr_svg_(), self.observation(0).describe())


def _checksum(body: dict[str, Any]) -> str:
    clean = {k: v for k, v in body.items() if k != "checksum"}
    text = json.dumps(clean, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


MAX_SAVE_CHARS = 4_000_000


def _canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)


def read_save(text: str | bytes) -> dict[str, Any]:
    """Parse and verify a save's JSON; raises :class:`SaveError` with what is wrong."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError("the save file is not UTF-8 text: is it a tarot_learn save?") from None
    if not isinstance(text, str):
        raise SaveError(f"a save is the text from state.to_json(), not {type(text).__name__}")
    if len(text) > MAX_SAVE_CHARS:
        raise SaveError(f"the save is {len(text):,} characters; a save is at most {MAX_SAVE_CHARS:,}: "
                        "is it a tarot_learn save?")
    try:
        data = json.loads(text)
    except RecursionError:
        # The C parser gives up on hostile nesting quickly; a real save nests a few levels.
        raise SaveError("the save nests arrays or objects too deeply: the file is damaged or not a save") from None
    except json.JSONDecodeError as err:
        raise SaveError("the save file is not complete JSON (truncated or damaged at line "
                        f"{err.lineno}, column {err.colno})") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError("this JSON is not a tarot_learn save (its 'format' is missing or different)")
    version = data.get("version")
    if not isinstance(version, int) or version > SAVE_VERSION:
        raise SaveError(f"the save was written by a newer tarot_learn (save version {version!r}); upgrade to load it")
    if data.get("checksum") != _checksum(data):
        raise SaveError("the save file was changed after it was written (its checksum does not match); "
                        "use the original file")
    for field, kind in (("game", str), ("options", dict), ("start", dict), ("moves", list), ("redo", list)):
        if not isinstance(data.get(field), kind):
            raise SaveError(f"the save's {field!r} field is missing or not a {kind.__name__}")
    return data


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as space-separated notation."""
    return " ".join(str(c) for c in cards)


def parse_options(pairs: Sequence[str]) -> dict[str, str]:
    """``['draw=3', 'fool=trump_ace']`` -> a dict (values stay text; ``Option.coerce`` reads them)."""
    out = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise OptionError(f"write options as name=value, not {pair!r}")
        out[name.strip().replace("-", "_")] = value.strip()
    return out


