"""One page session for every widget that talks to a page: the page-message guard, refusals,
the heartbeat, resume and autosave, and the card pictures.

The page is untrusted: any visitor can send any comm message to any widget model.  The guard
(:class:`PageGuard`) gives each comm one handler that accepts only what the standard controls
send (a text box's value, a checkbox's or toggle's value, a dropdown's index, a button's click,
a card table's intents) and refuses the rest with one line, never a traceback.

It is installed by construction, not by each widget's author remembering to:

* :class:`PageSurface` (every anywidget of ours) routes its own comm through the guard: a
  surface nobody has connected refuses every custom message and changes nothing;
* :class:`PageSession` (every widget that talks to a page: a ``VBox`` of controls round a
  surface) guards its whole tree when made, and every widget added to any box of that tree
  later (a button made for a new phase, an option dropdown for a new game), as it is added;
* a box of plain ipywidgets that is no session (a lesson's exercise, the what-if race) takes a
  :class:`PageGuard` of its own: ``PageGuard(refuse).watch(box)``.

A session also answers the heartbeat (``{"event": "ping", "n"}``), takes the page's resume token
(``{"event": "hello", "token"}``, :mod:`~tarot_learn.widgets.autosave`) and keeps its game on disk
after every change, says a refusal in one line (:meth:`PageSession.refuse`), and batches the
messages of the children it changes (:func:`batched`).  Card pictures are encoded once per
process for each deck, pack and size (:func:`cached_pictures`).
"""

from __future__ import annotations

import contextlib
import functools
import math
from typing import Any, Callable, ClassVar, Iterator

import anywidget
import ipywidgets as W
import traitlets as T

from ..errors import TarotLearnError
from ._common import MAX_PAGE_TEXT, card_pictures, message_html
from .autosave import Autosave, check_token

__all__ = ["PageSurface", "PageSession", "PageGuard", "batched", "cached_pictures", "page_may_set",
           "widget_holders", "widget_tree", "guard_message", "nulls_as_none", "is_ping", "MAX_UPLOAD_FILES"]

Refuse = Callable[[str], None]
Intent = Callable[[Any, Any, list], None]

# (deck identity, pack, height, show_value) -> {notation: png}: a new deal or a second board
# costs no encoding, and the traitlet holds the same dict (ipywidgets sends nothing new).
_PICTURES: dict[tuple[Any, ...], dict[str, bytes]] = {}


def cached_pictures(deck: Any, pack: str, height: int, show_value: bool) -> dict[str, bytes]:
    """:func:`~tarot_learn.widgets._common.card_pictures`, encoded once per process for each
    deck, pack, height and "plays as" setting."""
    key = (deck.id, pack, height, show_value)
    got = _PICTURES.get(key)
    if got is None:
        got = _PICTURES[key] = card_pictures(deck, pack, height, show_value=show_value)
    return got


@contextlib.contextmanager
def batched(*widgets: W.Widget) -> Iterator[None]:
    """Hold the sync of each of ``widgets`` (each has its own comm): every trait changed inside
    goes to the page as one message per widget when the block ends."""
    with contextlib.ExitStack() as stack:
        for w in widgets:
            stack.enter_context(w.hold_sync())
        yield


def is_ping(content: Any) -> bool:
    """``{"event": "ping", "n": <whole number below 2**31>}``, the page's heartbeat."""
    if not isinstance(content, dict) or set(content) != {"event", "n"} or content["event"] != "ping":
        return False
    n = content["n"]
    return isinstance(n, int) and not isinstance(n, bool) and 0 <= n < 2 ** 31


def _is_hello(content: Any) -> bool:
    """``{"event": "hello", "token": ...}``: the page's resume token (its form is checked later)."""
    return isinstance(content, dict) and set(content) == {"event", "token"} and content["event"] == "hello"


# ----- what the page may set -------------------------------------------------------------------
def _short(value: Any, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def _is_text(_w: Any, v: Any) -> bool:
    return isinstance(v, str) and len(v) <= MAX_PAGE_TEXT


def _is_bool(_w: Any, v: Any) -> bool:
    return isinstance(v, bool)


def _is_option_index(w: Any, v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v < len(w.options)


def _is_number(_w: Any, v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) and abs(v) <= 1e9


# A file picker's files: at most this many, each with the five fields ipywidgets reads.
MAX_UPLOAD_FILES = 200
_UPLOAD_FIELDS = {"name", "type", "size", "last_modified", "content"}


def _is_upload_file(f: Any) -> bool:
    if not isinstance(f, dict) or set(f) != _UPLOAD_FIELDS:
        return False
    name, kind, size, when = f["name"], f["type"], f["size"], f["last_modified"]
    return (isinstance(name, str) and 0 < len(name) <= 255 and isinstance(kind, str) and len(kind) <= 255
            and isinstance(size, int) and not isinstance(size, bool) and size >= 0
            and isinstance(when, (int, float)) and not isinstance(when, bool) and 0 <= when < 1e14
            and isinstance(f["content"], (bytes, memoryview)))


def _is_upload(_w: Any, v: Any) -> bool:
    return isinstance(v, (list, tuple)) and len(v) <= MAX_UPLOAD_FILES and all(_is_upload_file(f) for f in v)


def page_may_set(widget: Any) -> dict[str, Callable[[Any, Any], bool]]:
    """The traits the page may change on ``widget``, each with its value check: a text box's
    ``value`` (text up to :data:`~tarot_learn.widgets._common.MAX_PAGE_TEXT` characters), a
    checkbox's or toggle button's ``value`` (a bool), a dropdown's or radio buttons' ``index``
    (one of its options), a number box's ``value`` (a finite number), a file picker's ``value``
    (up to :data:`MAX_UPLOAD_FILES` files, each its name, type, size, date and bytes).  Nothing
    else: markup (HTML values, labels) is never page-writable.

    >>> import ipywidgets as W
    >>> sorted(page_may_set(W.Dropdown(options=["a"]))), page_may_set(W.HTML())
    (['index'], {})
    """
    if isinstance(widget, (W.Text, W.Textarea)):
        return {"value": _is_text}
    if isinstance(widget, (W.Checkbox, W.ToggleButton)):
        return {"value": _is_bool}
    if isinstance(widget, (W.Dropdown, W.RadioButtons)):
        return {"index": _is_option_index}
    if isinstance(widget, (W.FloatText, W.IntText)):
        return {"value": _is_number}
    if isinstance(widget, W.FileUpload):
        return {"value": _is_upload}
    return {}


_HOLDERS: dict[type, tuple[str, ...]] = {}


def widget_holders(widget: Any) -> tuple[str, ...]:
    """The synced traits of ``widget``'s class that may hold other widgets (children, layout,
    style...): instances and sequences, found once per class from the trait types."""
    cls = type(widget)
    got = _HOLDERS.get(cls)
    if got is None:
        traits = widget.traits(sync=True)
        got = _HOLDERS[cls] = tuple(n for n in widget.keys if type(traits[n]).__name__ in
                                    ("Instance", "InstanceDict", "TypedTuple", "Tuple", "List"))
    return got


def widget_tree(root: Any) -> list[Any]:
    """``root`` and every widget it holds (children, layout, style), each once, depth first in
    trait order (the same order on every call, so two trees can be compared widget by widget)."""
    out: list[Any] = []
    seen: set[int] = set()
    todo = [root]
    while todo:
        w = todo.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        out.append(w)
        held = []
        for name in widget_holders(w):
            value = getattr(w, name, None)
            held.extend(v for v in (value if isinstance(value, (tuple, list)) else (value,))
                        if isinstance(v, W.Widget))
        todo.extend(reversed(held))
    return out


# ----- the guard -------------------------------------------------------------------------------
def guard_message(widget: Any, refuse: Refuse, intent: "Intent | None", msg: Any) -> None:
    """Act on one comm message from the page to ``widget``: an allowed update
    (:func:`page_may_set`), a click on an enabled button, ``request_state``, or a custom message
    handed to ``intent(widget, content, buffers)``; anything else calls ``refuse(line)`` and
    changes nothing.  Nothing raises out of here."""
    try:
        why = _apply_page_message(widget, intent, msg)
    except Exception as err:  # the page's message must never put a traceback in the notebook
        why = f"handling it failed ({type(err).__name__}: {str(err).splitlines()[0][:100] if str(err) else ''})"
    if why:
        kind = type(widget).__name__
        try:
            refuse(f"The page sent the {kind} a message it does not accept ({why}); nothing changed.")
        except Exception:  # noqa: S110 - the refusal itself failing must stay silent too
            pass


def nulls_as_none(value: Any, depth: int = 0) -> Any:
    """``value`` with every JavaScript null made ``None``: in the static site's Python (Pyodide) a
    page's ``null`` arrives as a ``JsNull`` object where a Jupyter server's Python gets ``None``, so
    a click on an empty pile (index null) would otherwise be refused there.  Dicts and lists are
    copied, nested at most 32 deep (deeper is left as is, and the checks refuse it).

    >>> class JsNull: pass
    >>> nulls_as_none({"event": "click", "pile": "f1", "index": JsNull(), "l": [JsNull()]})
    {'event': 'click', 'pile': 'f1', 'index': None, 'l': [None]}
    """
    if type(value).__name__ == "JsNull":
        return None
    if depth >= 32:
        return value
    if isinstance(value, dict):
        return {k: nulls_as_none(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list):
        return [nulls_as_none(v, depth + 1) for v in value]
    return value


def _apply_page_message(widget: Any, intent: "Intent | None", msg: Any) -> str | None:
    """Act on one comm message; returns why it was refused, or None."""
    content = nulls_as_none(msg.get("content")) if isinstance(msg, dict) else None
    data = content.get("data") if isinstance(content, dict) else None
    if not isinstance(data, dict):
        return "not a widget message"
    method = data.get("method")
    buffers = msg.get("buffers") or []
    if method == "request_state" and len(data) == 1:
        widget.send_state()
        return None
    if method == "update":
        return _apply_update(widget, data, buffers)
    if method == "custom" and set(data) == {"method", "content"}:
        return _apply_custom(widget, intent, data["content"], buffers)
    return f"unknown method {_short(method)}"


def _apply_update(widget: Any, data: dict, buffers: list) -> str | None:
    state = data.get("state")
    if set(data) - {"method", "state", "buffer_paths"} or not isinstance(state, dict) or not state:
        return "an update without a proper state"
    if data.get("buffer_paths") or buffers:
        why = _put_files(widget, state, data.get("buffer_paths"), buffers)
        if why:
            return why
    allowed = page_may_set(widget)
    for key, value in state.items():
        check = allowed.get(key) if isinstance(key, str) else None
        if check is None:
            return f"{_short(key)} is set by Python only"
        if not check(widget, value):
            return f"{_short(value)} is not a value for {key}"
    if getattr(widget, "disabled", False):
        return "the control is disabled"
    widget.set_state(state)
    return None


def _put_files(widget: Any, state: dict, paths: Any, buffers: list) -> str | None:
    """Put a file picker's bytes (sent as binary buffers, one per file) into its files' ``content``."""
    if not isinstance(widget, W.FileUpload):
        return "binary data where none is taken"
    files = state.get("value")
    if not isinstance(paths, list) or len(paths) != len(buffers) or not isinstance(files, list):
        return "binary data that does not match the files"
    for path, blob in zip(paths, buffers):
        ok = (isinstance(path, list) and len(path) == 3 and path[0] == "value" and path[2] == "content"
              and isinstance(path[1], int) and not isinstance(path[1], bool) and 0 <= path[1] < len(files)
              and isinstance(files[path[1]], dict) and isinstance(blob, (bytes, memoryview)))
        if not ok:
            return "binary data that does not match the files"
        files[path[1]]["content"] = memoryview(blob)
    return None


def _apply_custom(widget: Any, intent: "Intent | None", body: Any, buffers: list) -> str | None:
    if intent is not None:
        if buffers:
            return "binary data where none is taken"
        intent(widget, body, [])
        return None
    if isinstance(widget, W.Button) and body == {"event": "click"} and not buffers:
        if widget.disabled:
            return "the button is disabled"
        widget.click()
        return None
    return "a custom message it does not take"


def _silent(_line: str) -> None:
    """The refusal of a surface nobody has connected: nothing changes, nothing to say."""


class PageGuard:
    """The page-message guard of one widget tree: every comm in it answers through
    :func:`guard_message`, and so does every widget added to any box of it later.  ``add``
    guards widgets held outside the tree (made once, shown later)."""

    def __init__(self, refuse: Refuse) -> None:
        self._refuse = refuse

    def watch(self, root: W.Widget) -> None:
        """Guard ``root``'s tree now and every widget that joins it.  A session held inside
        (a board in a lesson's box) keeps its own guard and refusals: the walk stops there."""
        todo, seen = [root], set()
        while todo:
            w = todo.pop()
            if id(w) in seen:
                continue
            seen.add(id(w))
            if w is not root and isinstance(w, PageSession):
                continue
            self._guard(w)
            for name in widget_holders(w):
                value = getattr(w, name, None)
                todo.extend(v for v in (value if isinstance(value, (tuple, list)) else (value,))
                            if isinstance(v, W.Widget))

    def add(self, *widgets: W.Widget) -> None:
        """Guard ``widgets`` (and what they hold) though they are not in the tree yet."""
        for root in widgets:
            self.watch(root)

    def _guard(self, w: W.Widget) -> None:
        if isinstance(w, PageSurface):
            if w.page_refuse is _silent:
                w.page_refuse = self._refuse        # its comm is guarded by its class already
        elif isinstance(w, PageSession):
            pass                                    # its own comm: guarded by its class
        elif getattr(w, "comm", None) is not None:
            w.comm.on_msg(functools.partial(guard_message, w, self._refuse, None))
        if isinstance(w, W.Box):
            w.observe(self._joined, names="children")   # the same handler is never added twice

    def _joined(self, change: dict[str, Any]) -> None:
        old = {id(w) for w in change.get("old") or ()}
        for w in change["new"] or ():
            if id(w) not in old:
                self.watch(w)


# ----- the surface ---------------------------------------------------------------------------
class PageSurface(anywidget.AnyWidget):
    """An anywidget that talks to a page: its comm's every message goes through the guard (by
    class: no author has to remember).  Custom messages go to ``page_intent(widget, content,
    buffers)`` once its owner sets it (:meth:`connect`); before that every custom message is
    refused and nothing changes."""

    heartbeat = T.Float(5.0, help="seconds between the page's pings; no answer for three of them: "
                                  "'connection lost' (0: no heartbeat)").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        self.page_intent: Intent | None = None
        self.page_refuse: Refuse = _silent
        super().__init__(**kwargs)
        for held in widget_tree(self)[1:]:         # its layout: the page may not restyle it either
            if getattr(held, "comm", None) is not None:
                held.comm.on_msg(functools.partial(guard_message, held, self._refuse_held, None))

    def _refuse_held(self, line: str) -> None:
        self.page_refuse(line)

    def connect(self, intent: "Intent | None", refuse: Refuse) -> None:
        """Hand the page's custom messages to ``intent`` and its refusals to ``refuse``."""
        self.page_intent, self.page_refuse = intent, refuse

    def _handle_msg(self, msg: dict) -> None:
        guard_message(self, self.page_refuse, self.page_intent, msg)

    def pong(self, n: int) -> None:
        """Answer the page's heartbeat ``n`` (a custom message: no view is sent again)."""
        self.send({"pong": n})


# ----- the session -----------------------------------------------------------------------------
class PageSession(W.VBox):
    """A widget that talks to a page: controls round a :class:`PageSurface` in a ``VBox``.

    ``PageSession(children, surface=None, autosave=False)``: made with its children, it guards
    its whole tree and every widget that joins it; the surface's intents come to
    :meth:`on_intent` after the heartbeat and the resume token have been answered here.  A
    subclass says a refusal its own way by overriding :meth:`refuse`; it keeps a game on disk
    under the page's token by setting ``AUTOSAVE_KIND`` and the ``_save_*`` hooks.
    """

    AUTOSAVE_KIND: ClassVar[str] = ""        # "" a patience board, "table" a French Tarot match
    NOUN: ClassVar[str] = "board"            # what the page's refusals call this widget
    AFTER_BAD_SAVE: ClassVar[str] = "This is a new deal."

    def __init__(self, children: list[W.Widget], *, surface: PageSurface | None = None,
                 autosave: bool = False, **kwargs: Any) -> None:
        self.message = getattr(self, "message", "")
        self.message_kind = getattr(self, "message_kind", "info")
        self._autosave_on = autosave
        self._autosave: Autosave | None = None
        self._saved_at: Any = None
        self.page_guard = PageGuard(self.refuse)
        if surface is not None:
            surface.connect(self._on_browser_msg, self.refuse)
        super().__init__(children, **kwargs)
        self.page_guard.watch(self)

    def _handle_msg(self, msg: dict) -> None:
        guard_message(self, self.refuse, None, msg)

    # ----- words ---------------------------------------------------------------------------
    def _say(self, text: str, kind: str = "info") -> None:
        self.message, self.message_kind = text, kind

    def _sync(self) -> None:
        """Send what changed to the page (each subclass draws its own)."""

    def refuse(self, line: str) -> None:
        """Something from the page (or a bad setting) was refused: say so in one line; the game
        is untouched."""
        self._say(line, "refused")
        self._sync()

    # ----- the page's intents --------------------------------------------------------------
    def _on_browser_msg(self, widget: Any, content: Any, _buffers: Any) -> None:
        """The surface's custom messages: the heartbeat is answered (nothing is redrawn), the
        resume token taken, anything else goes to :meth:`on_intent`."""
        if is_ping(content) and isinstance(widget, PageSurface):
            return widget.pong(content["n"])
        if _is_hello(content):
            return self.resume(content["token"])
        return self.on_intent(content)

    def on_intent(self, content: Any) -> None:
        """An intent from the page (each subclass checks its own schema); none is taken here."""
        self.refuse(f"The page sent the {self.NOUN} something it does not accept; nothing changed.")

    # ----- resume and autosave -------------------------------------------------------------
    def resume(self, token: str) -> None:
        """The page's resume token arrived (sent once the widget is drawn): from now on the game
        is saved under it after every change; and if nothing has been played here yet and a game
        is saved under the token (the kernel was lost and the page reloaded), that game comes
        back, replayed through the rules.  A token of the wrong form changes nothing."""
        why = check_token(token)
        if why is not None:
            return self.refuse(f"The page sent a resume token this {self.NOUN} does not take ({why}); "
                               "nothing changed.")
        if not self._autosave_on:
            return None
        keeper = Autosave(token, kind=self.AUTOSAVE_KIND)
        saved = None
        if self._save_fresh() and (self._autosave is None or self._autosave.token != token):
            try:
                saved = self._save_load(keeper)
            except TarotLearnError as err:
                text = str(err)
                self._say(f"{text[:1].upper()}{text[1:]}. {self.AFTER_BAD_SAVE}", "refused")
            except OSError as err:
                self._say(f"The autosave could not be read ({type(err).__name__}).", "refused")
        self._autosave, self._saved_at = keeper, None
        if saved is not None:
            self._save_take(saved)
        self._sync()

    @property
    def autosave_path(self) -> Any:
        """The file this widget's game is saved to (``None`` until the page sends its token)."""
        return self._autosave.path if self._autosave is not None else None

    def _keep(self) -> None:
        """Save the game when it changed since the last save (a disk problem is said, not raised)."""
        if self._autosave is None:
            return
        mark = self._save_mark()
        if mark == self._saved_at:
            return
        try:
            self._autosave.save_text(self._save_text())
            self._saved_at = mark
        except OSError as err:
            self._autosave_failed(message_html(f"Autosave failed ({type(err).__name__}): the game goes "
                                               "on but a reload would not resume it.", "refused"))

    def _save_fresh(self) -> bool:
        """Nothing has been played here yet: a saved game may come back."""
        return False

    def _save_load(self, keeper: Autosave) -> Any:
        """The game saved under ``keeper``, replayed through the rules (or None)."""
        return None

    def _save_take(self, saved: Any) -> None:
        """Take ``saved`` back when it belongs here."""

    def _save_mark(self) -> Any:
        """Changes whenever the game does (a save is written only then)."""
        return None

    def _save_text(self) -> str:
        """The game as a save's text."""
        raise NotImplementedError(f"{type(self).__name__} keeps no game on disk")

    def _autosave_failed(self, html_text: str) -> None:
        """Show an autosave failure below the message (the game goes on)."""
        self._say(html_text, "refused")
