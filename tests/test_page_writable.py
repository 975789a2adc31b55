"""Page-writable state is an allow-list: every widget the class serves (the boards, the table, the
drill, the lessons' boxes, the challenge page) and the standard widgets the lessons use receive a
markup-bearing update for every synced trait through their comm, as a page would send it; only a
text box's value, a choice's index, a toggle's or slider's value (and the like) ever change, and
nothing refused is echoed to any other copy of the page."""

from __future__ import annotations

from typing import Any

import ipywidgets as W
import pytest
from ipywidgets.widgets import widget as widget_module

import tarot_learn.widgets as tw
from tarot_learn import games
from tarot_learn.widgets import pagewrite

MARKUP = '<img src=x onerror="window.__pwned=1">'


def hostile(value: Any) -> Any:
    """A value of the trait's own kind carrying markup where it can (so a type check alone passes)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        return value + 1
    if isinstance(value, (list, tuple)):
        return [MARKUP]
    if isinstance(value, dict):
        return {"x": MARKUP}
    return MARKUP


def send_update(widget: W.Widget, state: dict[str, Any]) -> list[Any]:
    """Deliver ``{"method": "update", "state": state}`` the way the kernel does; returns what the
    widget sent back to the pages meanwhile."""
    sent: list[Any] = []
    comm = widget.comm
    comm.send = lambda data=None, *a, **k: sent.append(data)        # noqa: ARG005 - record, send nothing
    try:
        comm.handle_msg({"content": {"data": {"method": "update", "state": state}}, "buffers": []})
    finally:
        del comm.send
    return sent


def served_widgets(tmp_path) -> list[W.Widget]:
    """Every widget alive once the class's pages are built (each box's children, layouts, styles)."""
    from tarot_learn.classroom.challenge_page import ChallengePage
    from tarot_learn.classroom.model.challenge import ChallengeBook
    from tarot_learn.classroom.model.store import ClassStore
    from tarot_learn.lessons import kit
    from tarot_learn.lessons.progress_view import ProgressPanel
    from tarot_learn.lessons.score_calculator import ScoreCalculator

    before = set(widget_module._instances)
    book = ChallengeBook(ClassStore(tmp_path / "class"))
    book.create("klondike", {}, deal="3", minutes=20)
    page = ChallengePage(book)
    page.key_widget.receive({"event": "key", "key": "ab" * 16})
    page.join("Ana")
    made = [page, tw.SolitaireBoard(), tw.TarotTable(), tw.Drill(), tw.WhatIf(), tw.DeckUpload(),
            tw.Presenter(games.new("klondike", seed=3), seconds=1.0), ProgressPanel(), ScoreCalculator().widget,
            kit.Exercise("02.x", prompt="Which?", answer="b", kind="choice", options=["a", "b"]).widget,
            kit.Exercise("02.y", prompt="How many?", answer=3).widget,
            kit.Exercise("02.z", prompt="Which move?", answer="t2>t1", kind="text").widget]
    assert made
    return [w for k, w in widget_module._instances.items() if k not in before]


STANDARD = [W.HTML("<b>x</b>"), W.HTMLMath("$x$"), W.Label("x"), W.Output(), W.Button(description="Go"),
            W.Text("a"), W.Textarea("a"), W.Password("a"), W.Dropdown(options=["a", "b"]),
            W.RadioButtons(options=["a", "b"]), W.ToggleButtons(options=["a", "b"]), W.Select(options=["a", "b"]),
            W.SelectMultiple(options=["a", "b"]), W.Checkbox(), W.ToggleButton(), W.IntSlider(), W.FloatSlider(),
            W.IntRangeSlider(), W.IntText(), W.FloatText(), W.BoundedIntText(), W.Image(), W.Valid(),
            W.VBox([W.HTML()]), W.Tab([W.HTML()]), W.Accordion([W.HTML()]), W.Layout(), W.FileUpload()]


def check_every_trait(widget: W.Widget) -> list[str]:
    """Each synced trait of ``widget`` sent a hostile value: the names that changed."""
    allowed = pagewrite.page_writable(widget)
    changed = []
    for name in widget.keys:
        before = getattr(widget, name)
        value = hostile(before)
        echoed = send_update(widget, {name: value})
        after = getattr(widget, name)
        if name not in allowed or widget_disabled(widget):
            taken = after != before and (after == value or MARKUP in str(after))   # not a refusal's own redraw
            assert not taken and not echoes(echoed, name, value), f"{type(widget).__name__}.{name} took it"
        elif after != before:
            assert allowed[name](widget, after)
            changed.append(name)
    return changed


def echoes(sent: list[Any], name: str, value: Any) -> bool:
    """Whether what the widget sent carries ``value`` for ``name`` (a widget may re-send its own
    state after a refusal; it must never pass on the page's)."""
    return any(isinstance(m, dict) and isinstance(m.get("state"), dict) and name in m["state"]
               and (m["state"][name] == value or MARKUP in str(m["state"][name])) for m in sent)


def widget_disabled(widget: W.Widget) -> bool:
    return bool(getattr(widget, "disabled", False))


def test_the_allow_list_is_installed_by_importing_the_widgets():
    assert pagewrite.installed()


@pytest.mark.parametrize("widget", STANDARD, ids=lambda w: type(w).__name__)
def test_a_standard_widget_takes_only_its_page_writable_traits(widget):
    changed = check_every_trait(widget)
    assert set(changed) <= set(pagewrite.page_writable(widget))


def test_every_widget_the_class_serves_takes_only_its_page_writable_traits(tmp_path):
    widgets = served_widgets(tmp_path)
    kinds = {type(w).__name__ for w in widgets}
    assert {"HTML", "Text", "Textarea", "Button", "ChallengeBoard", "Dropdown", "LiveBoard"} <= kinds
    for widget in widgets:
        check_every_trait(widget)


def test_an_html_output_never_takes_markup_nor_echoes_it(tmp_path):
    from tarot_learn.classroom.challenge_page import ChallengePage

    page = ChallengePage(None)
    outputs = [w for w in widget_module._instances.values() if isinstance(w, W.HTML)]
    assert page.status in outputs
    page.status.value = "<p>kept</p>"
    assert send_update(page.status, {"value": MARKUP}) == [] and page.status.value == "<p>kept</p>"
    assert send_update(page.name, {"value": "Ana", "description": MARKUP}) != []   # the name is taken, alone
    assert page.name.value == "Ana" and page.name.description == "Your name"


@pytest.mark.parametrize("state", [{"index": 5}, {"index": "1"}, {"index": True}, {"index": None, "label": "b"},
                                   {"value": "b"}, {"options": ["<i>x</i>"]}])
def test_a_choice_takes_only_one_of_its_own_indexes(state):
    box = W.Dropdown(options=["a", "b"], value="a")
    send_update(box, state)
    assert box.options == ("a", "b") and box.value in ("a", None)
    send_update(box, {"index": 1})
    assert box.value == "b"


def test_a_disabled_control_takes_nothing_and_long_text_is_refused():
    name = W.Text("Ana", disabled=True)
    send_update(name, {"value": "Eve"})
    assert name.value == "Ana"
    name.disabled = False
    send_update(name, {"value": "x" * (pagewrite.MAX_TEXT + 1)})
    assert name.value == "Ana"
    area = W.Textarea()
    send_update(area, {"value": "TLR1." + "a" * 20_000})
    assert len(area.value) == 20_005                                    # a long result code still pastes


def test_a_lesson_that_builds_only_standard_boxes_is_covered_too():
    import subprocess
    import sys

    code = ("import ipywidgets as W; from tarot_learn.lessons import kit; "
            "assert W.Widget.set_state.__name__ == 'set_state'; "
            "kit.Exercise('02.x', prompt='How many?', answer=3).widget; "
            "h = W.HTML('kept'); h.set_state({'value': '<img src=x onerror=alert(1)>'}); "
            "assert h.value == 'kept', h.value")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
