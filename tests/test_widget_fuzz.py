"""Every widget of the package against a hostile page.

The widget classes are found, not listed: every module under ``tarot_learn.widgets`` and
``tarot_learn.lessons`` is imported and every subclass of ``ipywidgets.DOMWidget``,
``anywidget.AnyWidget`` or the page session defined there is collected, so a new widget is fuzzed
the day it is written (and must be constructible with no arguments, or be given minimal ones in
:data:`MINIMAL`).  Each is sent fuzzed comm messages (random JSON, wrong types, huge strings,
unknown methods and intents, intents of the right shape with wrong arguments, binary buffers),
delivered to a comm of its tree the way the kernel delivers them, and:

* nothing escapes (``comm.handle_msg`` never raises);
* a message the page may not send changes nothing: every synced trait of the tree stays as it
  was (message panels, ``HTML`` values and the view's version number aside), and so does the game;
* whatever changed went through the rules: the game's save replays to the same position.
"""

from __future__ import annotations

import importlib
import json
import os
import pkgutil
from typing import Any, Callable

import pytest

hypothesis = pytest.importorskip("hypothesis")
pytest.importorskip("anywidget")
ipywidgets = pytest.importorskip("ipywidgets")

import anywidget  # noqa: E402
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

import tarot_learn.lessons  # noqa: E402
import tarot_learn.widgets  # noqa: E402
from page_fuzz import random_json  # noqa: E402
from tarot_learn import games  # noqa: E402
from tarot_learn.widgets.board import ACTIONS  # noqa: E402
from tarot_learn.widgets.session import PageSession, PageSurface, page_may_set, widget_tree  # noqa: E402


def widget_classes() -> list[type]:
    """Every widget class the package defines under widgets/ and lessons/."""
    bases = (ipywidgets.DOMWidget, anywidget.AnyWidget, PageSession)
    found: dict[str, type] = {}
    for package in (tarot_learn.widgets, tarot_learn.lessons):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            module = importlib.import_module(info.name)
            for value in vars(module).values():
                if (isinstance(value, type) and issubclass(value, bases)
                        and value.__module__.startswith("tarot_learn.")):
                    found[f"{value.__module__}.{value.__qualname__}"] = value
    return [found[k] for k in sorted(found)]


def _presenter_args() -> dict[str, Any]:
    start = games.new("klondike", seed=3)
    probe, line = start.copy(), []
    for _ in range(3):
        move = probe.legal_moves()[0]
        line.append(str(move))
        probe.play(move)
    return {"source": start, "moves": line}


# Arguments for the classes that need some (every other class is made with none).
MINIMAL: dict[str, Callable[[], dict[str, Any]]] = {
    "Presenter": _presenter_args,
    "BrowserKey": lambda: {"on_key": lambda _key: None},
    "PageSession": lambda: {"children": []},
    "Drill": lambda: {"seed": 1, "remember": False},
    "SolitaireBoard": lambda: {"game": "klondike", "seed": 3},
    "TarotTable": lambda: {"players": 3, "seed": 5},
}

CLASSES = widget_classes()


def test_every_widget_class_is_found():
    names = {c.__name__ for c in CLASSES}
    assert {"SolitaireBoard", "TarotTable", "Drill", "Presenter", "DeckUpload", "PatienceView",
            "TableView", "BrowserKey"} <= names


@pytest.fixture(scope="module", autouse=True)
def data_folder(tmp_path_factory):
    """Autosaves and drill memory go to a folder of this test's own."""
    old = os.environ.get("TAROT_LEARN_DATA")
    os.environ["TAROT_LEARN_DATA"] = str(tmp_path_factory.mktemp("fuzz-data"))
    yield
    if old is None:
        os.environ.pop("TAROT_LEARN_DATA", None)
    else:
        os.environ["TAROT_LEARN_DATA"] = old


def make(cls: type) -> Any:
    return cls(**MINIMAL.get(cls.__name__, dict)())


# ----- what a hostile page sends -------------------------------------------------------------------
TOKEN = "0123456789abcdef" * 2
WORDS = ["t1", "t2", "t7", "s", "w", "f1", "f4", "r", "T21", "T0", "KS", "AW", "10C", "next", "prev",
         "first", "last", "explode", TOKEN, "../" * 11 + "ab", *(a.name for a in ACTIONS)]
EVENTS = ["click", "dblclick", "drop", "press", "key", "ping", "hello", "card", "timeout", "explode", "select", "move"]
FIELDS = ["event", "pile", "index", "src", "dst", "name", "n", "token", "card", "key", "turn"]
TRAITS = ["value", "index", "children", "layout", "view", "images", "description", "disabled",
          "heartbeat", "key_map", "card_height", "mode", "options", "icon", "state", "_esm", "tooltip"]

leaves = st.one_of(
    st.none(), st.booleans(), st.integers(-(2 ** 40), 2 ** 40), st.integers(-3, 210),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12), st.sampled_from(WORDS),
    st.sampled_from(["x" * 201, "x" * 100_000, "\u0000", "<script>alert(1)</script>"]))
json_values = st.recursive(leaves, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.one_of(st.sampled_from(FIELDS), st.text(max_size=6)),
                                                  inner, max_size=4)), max_leaves=12)
intents = st.fixed_dictionaries({"event": st.sampled_from(EVENTS)},
                                optional={f: st.one_of(leaves, json_values) for f in FIELDS if f != "event"})
datas = st.one_of(
    st.builds(lambda c: {"method": "custom", "content": c}, st.one_of(intents, intents, json_values)),
    st.builds(lambda k, v: {"method": "update", "state": {k: v}}, st.sampled_from(TRAITS),
              st.one_of(leaves, json_values)),
    st.just({"method": "custom", "content": {"event": "click"}}),
    st.just({"method": "request_state"}),
    st.builds(lambda m: {"method": m}, st.sampled_from(["update", "custom", "echo_update", "open", "x"])),
    json_values)
class OwnTrait:
    """An update of one of the target's own synced traits (picked when the target is known)."""

    def __init__(self, pick: int, value: Any) -> None:
        self.pick, self.value = pick, value

    def __repr__(self) -> str:
        return f"OwnTrait({self.pick}, {self.value!r})"

    def message(self, widget: Any) -> dict:
        keys = sorted(widget.keys)
        return {"content": {"data": {"method": "update", "state": {keys[self.pick % len(keys)]: self.value}}},
                "buffers": []}


# tests/page_fuzz.py's hostile JSON (deep nesting, odd unicode) from the widgets' own words
page_json = st.builds(lambda rng: random_json(rng, WORDS + FIELDS + EVENTS), st.randoms(use_true_random=False))
datas = st.one_of(datas, page_json, st.builds(lambda c: {"method": "custom", "content": c}, page_json),
                  st.builds(lambda c: {"method": "update", "state": c}, page_json))
messages = st.one_of(
    page_json,
    st.builds(lambda d, b: {"content": {"data": d}, "buffers": b}, datas,
              st.sampled_from([[], [], [], [b"\x89PNG\r\n"], [memoryview(b"x" * 10)]])),
    st.builds(OwnTrait, st.integers(0, 10 ** 6), st.one_of(leaves, json_values)),
    json_values)


# ----- what the page may do --------------------------------------------------------------------------
def plain(value: Any) -> Any:
    """A synced value as comparable JSON text (bytes by length and a short prefix)."""
    return json.dumps(value, sort_keys=True, default=lambda v: f"<{type(v).__name__} {len(bytes(v))}>"
                      if isinstance(v, (bytes, memoryview, bytearray)) else repr(v))


def synced(w: Any) -> str:
    """A widget's synced state, its message text (an ``HTML`` value) and view version aside."""
    state = w.get_state()
    if isinstance(w, (ipywidgets.HTML, ipywidgets.HTMLMath)):
        state.pop("value", None)
    if isinstance(state.get("view"), dict):
        state["view"] = {k: v for k, v in state["view"].items() if k != "v"}
    return plain(state)


def observable(root: Any) -> list[str]:
    """What the page holds of ``root``, messages aside: every synced trait of every widget (an
    ``HTML`` widget's text and the view's version number left out), and the game."""
    out = [synced(w) for w in widget_tree(root)]
    for name in ("state", "match"):
        game = getattr(root, name, None) if name in dir(type(root)) else None
        if game is not None and hasattr(game, "to_json"):
            out.append(game.to_json())
    out.append(repr(getattr(root, "key", None)) if isinstance(root, PageSurface) else "")
    return out


def page_may_send(widget: Any, msg: Any) -> bool:
    """Whether the guard lets ``msg`` through to ``widget`` (what happens next is the widget's)."""
    data = msg.get("content", {}).get("data") if isinstance(msg, dict) and isinstance(msg.get("content"), dict) \
        else None
    if not isinstance(data, dict):
        return False
    buffers = msg.get("buffers") or []
    if data == {"method": "request_state"}:
        return True
    if data.get("method") == "update":
        state = data.get("state")
        if buffers or not isinstance(state, dict) or not state or set(data) - {"method", "state"}:
            return False
        allowed = page_may_set(widget)
        return not getattr(widget, "disabled", False) and all(
            k in allowed and allowed[k](widget, v) for k, v in state.items())
    if data.get("method") != "custom" or set(data) != {"method", "content"} or buffers:
        return False
    if isinstance(widget, ipywidgets.Button):
        return data["content"] == {"event": "click"} and not widget.disabled
    return isinstance(widget, PageSurface) and widget.page_intent is not None


class Refusals:
    """Counts the refusals a widget says (its session's and its surfaces')."""

    def __init__(self, root: Any) -> None:
        self.count = 0
        targets = [w for w in widget_tree(root) if isinstance(w, PageSurface)]
        if isinstance(root, PageSession):
            targets.append(root)
        for w in targets:
            name = "refuse" if isinstance(w, PageSession) else "page_refuse"
            original = getattr(w, name)

            def counted(line: str, _original: Callable[[str], None] = original) -> None:
                self.count += 1
                _original(line)
            setattr(w, name, counted)


def replays(root: Any) -> None:
    """The game's save loads back through the rules to the same position."""
    state = getattr(root, "state", None) if "state" in dir(type(root)) else None
    if state is not getattr(root, "state", None):
        state = None            # a copy of what is shown (the presenter's), not the live game
    if hasattr(state, "to_json") and hasattr(state, "key") and getattr(state, "seed", None) is not None \
            and "french" not in type(state).__module__:
        assert games.load(state.to_json()).key() == state.key()
    match = getattr(root, "match", None) if "match" in dir(type(root)) else None
    if match is not None:
        assert type(match).from_json(match.to_json()).to_json() == match.to_json()


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(sent=st.lists(st.tuples(st.integers(0, 10 ** 6), messages), min_size=1, max_size=8))
def test_a_hostile_page_changes_nothing_but_by_a_valid_intent(cls, sent):
    root = make(cls)
    refusals = Refusals(root)
    for place, msg in sent:
        tree = [w for w in widget_tree(root) if getattr(w, "comm", None) is not None]
        target = tree[place % len(tree)]
        if isinstance(msg, OwnTrait):
            msg = msg.message(target)
        before, refused, allowed = observable(root), refusals.count, page_may_send(target, msg)
        target.comm.handle_msg(msg)                  # anything escaping fails the test
        if not allowed or refusals.count > refused:
            assert observable(root) == before, (type(target).__name__, msg)
    replays(root)


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_every_comm_of_every_widget_is_guarded(cls):
    """An update the page may not make (a label, a layout, a view) is refused on every comm,
    whoever made the widget and whenever it joined the tree."""
    root = make(cls)
    for w in widget_tree(root):
        if getattr(w, "comm", None) is None:
            continue
        before = synced(w)
        for key in ("description", "layout", "view", "_dom_classes", "tooltip"):
            if key in w.keys:
                w.comm.handle_msg({"content": {"data": {"method": "update", "state": {key: "x"}}},
                                   "buffers": []})
        assert synced(w) == before, type(w).__name__


def _lesson_boxes() -> list[Any]:
    from tarot_learn.lessons import kit
    from tarot_learn.lessons.progress_view import ProgressPanel
    from tarot_learn.lessons.score_calculator import ScoreCalculator

    exercises = [kit.Exercise("03.move", prompt="Which move?", answer="t2>t1", kind="text", rule="TS-6"),
                 kit.Exercise("03.pick", prompt="Which?", answer="b", kind="choice", options=["a", "b"]),
                 kit.Exercise("02.tens", prompt="Which play as 10?", answer=["10C", "T19"], kind="cards",
                              options=["AW", "10C", "T19", "T10"])]
    return [e.widget for e in exercises] + [ProgressPanel().box, ScoreCalculator().widget]


def test_the_lessons_boxes_are_guarded():
    """The lessons' exercise, score and progress boxes are plain ipywidgets built by the lessons:
    the page may answer in them (a text, a choice, a card, a value) and nothing more."""
    for box in _lesson_boxes():
        for w in widget_tree(box):
            before = synced(w)
            for key in ("description", "layout", "options", "_dom_classes", "tooltip", "icon"):
                if key in w.keys:
                    w.comm.handle_msg({"content": {"data": {"method": "update", "state": {key: "x"}}},
                                       "buffers": []})
            assert synced(w) == before, type(w).__name__
