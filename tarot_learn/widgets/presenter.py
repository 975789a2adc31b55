"""Presenter: walk a class through a patience game on a projector, one move at a time.

``Presenter(code)`` shows a student's game from its result code (proved by replay with
:func:`tarot_learn.results.verify`); ``Presenter(state)`` shows the solver's winning line from
that position (:func:`tarot_learn.solve.solve`); ``Presenter(state, moves=[...])`` any line of
moves, each checked by the rules.  The right arrow (or space, Page Down, the Next button) plays
the next move, the left arrow takes it back, Home and End jump to the deal and to the end.  Each
move's explanation (the engine's own sentence, with its arithmetic and rule ids) and the name of
every rule it cites (:func:`tarot_learn.rules.title`) are shown large beside a board that fills
the screen.

Like the boards, the presenter is a Python-side teaching view: the page receives, at each step,
only what the class may see of that position (``observation(0)``: face-down cards as counts),
never the deal code or the moves still to come; it sends only the four step keys and its
heartbeat, each checked (:func:`check_step_intent`).
"""

from __future__ import annotations

import contextlib
from typing import Any, Sequence

import ipywidgets as W

from .. import games, results, rules
from ..core import Move
from ..errors import OptionError, TarotLearnError
from ..games.solitaire import Patience
from . import actions as A
from ._common import esc, message_html, resolve_deck, rule_ids
from .session import PageSession, batched
from .board import PatienceView, board_pictures, page_view

__all__ = ["Presenter", "check_step_intent", "STEP_KEYS", "ACTIONS"]

#: The presenter's steps, once: buttons, ``press`` names and the page's keys.
ACTIONS = (
    A.Action("first", "Deal", "back to the deal", "fast-backward", keys=("Home",), handler="first",
             enabled=lambda p, _obs: p.step > 0),
    A.Action("prev", "Back", "take the last move back", "step-backward", keys=("ArrowLeft", "PageUp"),
             handler="prev", enabled=lambda p, _obs: p.step > 0),
    A.Action("next", "Next", "play the next move", "step-forward", keys=("ArrowRight", " ", "PageDown"),
             handler="next", enabled=lambda p, _obs: p.step < len(p)),
    A.Action("last", "End", "jump to the end", "fast-forward", keys=("End",), handler="last",
             enabled=lambda p, _obs: p.step < len(p)),
)
STEP_KEYS = A.names(ACTIONS)


def check_step_intent(content: Any) -> str | None:
    """Why ``content`` is not something the presented board sends, or ``None``: only
    ``{"event": "press", "name": <next|prev|first|last>}`` and the heartbeat ``{"event": "ping",
    "n": <int>}``.

    >>> check_step_intent({"event": "press", "name": "next"}) is None
    True
    >>> check_step_intent({"event": "click", "pile": "t1"})
    'the presenter takes only the step keys'
    """
    if not isinstance(content, dict):
        return f"{type(content).__name__} where an intent object belongs"
    if content.get("event") == "ping" and set(content) == {"event", "n"}:
        n = content["n"]
        ok = isinstance(n, int) and not isinstance(n, bool) and 0 <= n < 2 ** 31
        return None if ok else "a heartbeat carries a whole number"
    if content.get("event") == "press" and set(content) == {"event", "name"} and content["name"] in STEP_KEYS:
        return None
    return "the presenter takes only the step keys"


def _line(source: Any, moves: Sequence[Any] | None, seconds: float) -> tuple[Patience, list[Move], str]:
    """The starting position, the moves and a line saying where they come from."""
    if isinstance(source, str):
        if moves is not None:
            raise OptionError("a result code carries its own moves: give moves= only with a position")
        verified = results.verify(source)          # SaveError names a damaged or forged code
        start = games.from_code(verified.deal_code)
        what = "won" if verified.won else "not won"
        return _patience(start), [start.parse_move(m) for m in verified.moves], \
            f"A student's game, proved by replay: {verified.moves_made} moves, {what}."
    start = _patience(source).copy()
    if moves is not None:
        return start, [start.parse_move(m) for m in moves], f"A line of {len(moves)} moves."
    from .. import solve

    found = solve.solve(start, seconds=seconds)
    if not found.solved:
        raise OptionError(f"the solver has no winning line to present from this position ({found})")
    return start, list(found.moves), f"The solver's winning line: {len(found.moves)} moves."


def _patience(state: Any) -> Patience:
    if not isinstance(state, Patience):
        raise OptionError(f"Presenter shows patience games (a result code or a position), not "
                          f"{type(state).__name__}")
    return state


class Presenter(PageSession):
    """A projector-sized board stepping through a game (see the module's text).

    ``Presenter(source, moves=None, *, deck=None, show_values=True, seconds=20.0)``: ``source``
    is a result code or a patience position; ``seconds`` bounds the solver's search when the
    presenter asks it for the line.  Python entry points: :meth:`next`, :meth:`prev`,
    :meth:`first`, :meth:`last`, :meth:`go`, :meth:`press`; ``step`` is how many moves are on
    the board, ``len(presenter)`` how many the line has.
    """

    def __init__(self, source: Any, moves: Sequence[Any] | None = None, *, deck: Any = None,
                 show_values: bool = True, seconds: float = 20.0) -> None:
        start, line, origin = _line(source, moves, seconds)
        self._start = start
        self._work = start.copy()
        self._moves = line
        self._notes = self._explain_all(start, line)      # checks every move before showing any
        self._origin = origin
        self._step = 0
        self._version = 0
        deck = resolve_deck(deck, start.pack)
        show = bool(show_values) and start.pack == "tarot"
        self.surface = PatienceView(card_height=200, mode="present", key_map=A.key_map(ACTIONS))
        for name, value in board_pictures(deck, start.pack, 300, show).items():
            setattr(self.surface, name, value)
        self.buttons = A.make_buttons(ACTIONS, self.press)
        self._panel = W.HTML()
        self._panel.add_class("tl-present-panel")
        self._refusal = W.HTML()
        bar = W.HBox(list(self.buttons.values()), layout=W.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([bar, self._panel, self.surface, self._refusal], surface=self.surface)
        self.add_class("tl-presenter")
        self._sync()

    @staticmethod
    def _explain_all(start: Patience, line: list[Move]) -> list[str]:
        """Each move's explanation, from the position it is played in; an illegal move in the
        line raises :class:`~tarot_learn.errors.OptionError` naming it."""
        probe = start.copy()
        notes = []
        for i, move in enumerate(line, 1):
            why = probe.why_illegal(move)
            if why is not None:
                raise OptionError(f"move {i} of the line, {move}, is not legal there: {why}")
            notes.append(probe.explain(move))
            probe.play(move)
        return notes

    # ----- public ----------------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._moves)

    @property
    def step(self) -> int:
        """How many moves of the line are on the board (0: the deal)."""
        return self._step

    @property
    def state(self) -> Patience:
        """A copy of the position shown."""
        return self._work.copy()

    def summary(self) -> dict[str, Any]:
        """What a test compares with the page: the step, the line's length, the digest."""
        return {"step": self._step, "moves": len(self._moves), "digest": self.surface.view["digest"]}

    def explanation(self, step: int | None = None) -> str:
        """The engine's explanation of the move that led to ``step`` (default: the one shown)."""
        step = self._step if step is None else step
        return self._notes[step - 1] if 1 <= step <= len(self._notes) else ""

    def next(self) -> None:
        self.go(self._step + 1)

    def prev(self) -> None:
        self.go(self._step - 1)

    def first(self) -> None:
        self.go(0)

    def last(self) -> None:
        self.go(len(self._moves))

    def press(self, name: str) -> None:
        """``next``, ``prev``, ``first`` or ``last`` (the buttons and the page's keys)."""
        if name not in STEP_KEYS:
            raise OptionError(f"the presenter's keys are {', '.join(STEP_KEYS)}, not {str(name)[:20]!r}")
        getattr(self, name)()

    def go(self, step: int) -> None:
        """Show the position after ``step`` moves (clamped to the line)."""
        if isinstance(step, bool) or not isinstance(step, int):
            raise OptionError(f"a step is a whole number of moves, not {step!r}")
        step = max(0, min(len(self._moves), step))
        if step < self._step:       # replayed from the deal: an undo would count as a move made
            self._work, self._step = self._start.copy(), 0
        while self._step < step:
            self._work.play(self._moves[self._step])
            self._step += 1
        self._refusal.value = ""
        self._sync()

    # ----- page ------------------------------------------------------------------------------------
    NOUN = "presenter"

    def on_intent(self, content: Any) -> None:
        """A step key from the page (:func:`check_step_intent`); anything else is refused."""
        why = check_step_intent(content)
        if why is not None or content["event"] != "press":
            return self.refuse(f"The page sent the presenter something it does not accept ({why}).")
        try:
            self.press(content["name"])
        except TarotLearnError as err:
            self.refuse(str(err))

    def refuse(self, line: str) -> None:
        """Say a refusal under the board; the line shown is untouched."""
        self._refusal.value = message_html(line, "refused")

    def _panel_html(self) -> str:
        total = len(self._moves)
        if self._step == 0:
            head = f"The deal. {total} moves to go: press the right arrow for the first."
            return (f'<div class="tl-present-step">{esc(self._origin)}</div>'
                    f'<div class="tl-present-explain">{esc(head)}</div>')
        note = self.explanation()
        move = self._moves[self._step - 1]
        names = []
        for rid in rule_ids(note):
            with contextlib.suppress(TarotLearnError):
                names.append(f"<li>{esc(rules.title(rid))}</li>")
        body = message_html(note, "ok", details=True)
        return (f'<div class="tl-present-step">Move {self._step} of {total}: <code>{esc(move)}</code></div>'
                f'<div class="tl-present-explain">{body}</div>'
                f'<ul class="tl-present-rules">{"".join(names)}</ul>')

    def _sync(self) -> None:
        self._version += 1
        obs = self._work.observation(0)
        last = self._moves[self._step - 1] if self._step else None
        lit = [last.dst] if last is not None and last.action == "move" else (["w"] if last else [])
        view = {"v": self._version, **page_view(obs, self._work.pack), "sel": None, "targets": lit}
        with batched(self.surface, self._panel, *self.buttons.values()):
            self.surface.view = view
            self._panel.value = self._panel_html()
            for action in ACTIONS:
                self.buttons[action.name].disabled = not action.enabled(self, obs)
