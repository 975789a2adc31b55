"""What a page may write into a widget's state: an allow-list on ipywidgets' own ``set_state``.

A browser changes a widget by sending its kernel an ``update`` with some traits; ipywidgets
applies every synced trait it names and echoes them to every copy of the page.  So without a
guard any page could write markup into an ``HTML`` output (``<img src=x onerror=...>``) and have
it run in every other browser showing that widget, the teacher's included.  :func:`install`
replaces ``ipywidgets.Widget.set_state`` (the path of every page update, for every widget class,
standard or ours) with one that keeps only what :func:`page_writable` allows for the widget's class
and drops the rest before anything is set or echoed:

- a text box's ``value`` (Text, Password, Combobox; Textarea): text up to :data:`MAX_TEXT`
  (:data:`MAX_AREA` for a text area, where a result code is pasted);
- a checkbox's or toggle button's ``value``: true or false;
- a choice's ``index`` (Dropdown, RadioButtons, Select, ToggleButtons, SelectionSlider): one of
  its options; SelectMultiple's indexes;
- a slider's or number box's ``value``: a finite number (two for a range slider);
- a tab or accordion's ``selected_index``; a file picker's ``value`` (files as ipywidgets sends them).

Nothing else, and nothing on a disabled control: HTML, HTMLMath, Label, Output, buttons' labels,
layouts, styles and every widget of this package (pages send those intents as custom messages,
checked by each widget) are never page-writable.  Installed when :mod:`tarot_learn.widgets` is
imported; installing twice changes nothing.

This is the floor every widget stands on, in a page session or not (the challenge page's outputs,
a lesson's plain box).  Inside a :class:`~tarot_learn.widgets.session.PageSession` the session's
guard (:func:`~tarot_learn.widgets.session.page_may_set`) comes first, with tighter limits of its
own and a refusal the player reads; what it lets through still passes here.

>>> import ipywidgets as W
>>> install()
>>> out = W.HTML("<b>kept</b>")
>>> out.set_state({"value": "<img src=x onerror=alert(1)>"}); out.value
'<b>kept</b>'
>>> box = W.Text(); box.set_state({"value": "Ana", "description": "<i>x</i>"}); (box.value, box.description)
('Ana', '')
"""

from __future__ import annotations

import math
from typing import Any, Callable

import ipywidgets as W

__all__ = ["page_writable", "allowed_state", "install", "installed", "MAX_TEXT", "MAX_AREA", "MAX_FILES"]

Check = Callable[[Any, Any], bool]

MAX_FILES = 200          # files in one pick: a class's worth, not a flood
MAX_TEXT = 10_000        # a text box: a name, a seed, a deal code, an answer
MAX_AREA = 200_000       # a text area: a pasted result code of a long game


def _text(_w: Any, v: Any) -> bool:
    return isinstance(v, str) and len(v) <= MAX_TEXT


def _area(_w: Any, v: Any) -> bool:
    return isinstance(v, str) and len(v) <= MAX_AREA


def _flag(_w: Any, v: Any) -> bool:
    return isinstance(v, bool)


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _number(_w: Any, v: Any) -> bool:
    return (isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
            and abs(v) <= 1e15)


def _pair(w: Any, v: Any) -> bool:
    return isinstance(v, (list, tuple)) and len(v) == 2 and all(_number(w, x) for x in v)


def _option(w: Any, v: Any) -> bool:
    return _whole(v) and 0 <= v < len(w.options)


def _maybe_option(w: Any, v: Any) -> bool:
    return v is None or _option(w, v)


def _options(w: Any, v: Any) -> bool:
    return isinstance(v, (list, tuple)) and len(v) <= len(w.options) and all(_option(w, x) for x in v)


def _tab(w: Any, v: Any) -> bool:
    return v is None or (_whole(v) and 0 <= v < len(w.children))


def _file(f: Any) -> bool:
    return (isinstance(f, dict) and set(f) <= {"name", "type", "size", "last_modified", "content"}
            and isinstance(f.get("name"), str) and len(f["name"]) <= 255)


def _files(_w: Any, v: Any) -> bool:
    return isinstance(v, (list, tuple)) and len(v) <= MAX_FILES and all(_file(f) for f in v)


# The most specific class first: a Password is a Text, an IntSlider a number, a range a pair.
_RULES: list[tuple[tuple[type, ...], dict[str, Check]]] = [
    ((W.Text,), {"value": _text}),                      # Password and Combobox are Text
    ((W.Textarea,), {"value": _area}),
    ((W.Checkbox, W.ToggleButton), {"value": _flag}),
    ((W.SelectMultiple,), {"index": _options}),
    ((W.Dropdown, W.RadioButtons, W.Select, W.SelectionSlider), {"index": _maybe_option}),
    ((W.ToggleButtons,), {"index": _maybe_option}),
    ((W.IntRangeSlider, W.FloatRangeSlider), {"value": _pair}),
    ((W.IntSlider, W.FloatSlider, W.FloatLogSlider, W.IntText, W.FloatText, W.BoundedIntText,
      W.BoundedFloatText, W.Play), {"value": _number}),
    ((W.Tab, W.Accordion, W.Stack), {"selected_index": _tab}),
    ((W.FileUpload,), {"value": _files}),
]
_BY_CLASS: dict[type, dict[str, Check]] = {}


def page_writable(widget: Any) -> dict[str, Check]:
    """The traits a page may set on ``widget``, each with its value check (empty: none).

    >>> import ipywidgets as W
    >>> sorted(page_writable(W.Dropdown(options=["a"]))), page_writable(W.HTML()), page_writable(W.Label())
    (['index'], {}, {})
    """
    cls = type(widget)
    rule = _BY_CLASS.get(cls)
    if rule is None:
        rule = _BY_CLASS[cls] = next((r for kinds, r in _RULES if issubclass(cls, kinds)), {})
    return rule


def allowed_state(widget: Any, state: Any) -> dict[str, Any]:
    """The part of a page's ``state`` update that ``widget`` takes: allow-listed traits with a
    value of their kind, none at all on a disabled control."""
    if not isinstance(state, dict) or getattr(widget, "disabled", False):
        return {}
    rule = page_writable(widget)
    kept = {}
    for name, value in state.items():
        check = rule.get(name) if isinstance(name, str) else None
        try:
            if check is not None and check(widget, value):
                kept[name] = value
        except Exception:  # noqa: S112 - a value that breaks its check is simply not taken
            continue
    return kept


_PLAIN_SET_STATE = W.Widget.set_state


def _page_set_state(self: W.Widget, sync_data: Any) -> None:
    """ipywidgets' ``set_state`` (apply, then echo to the other copies of the page) on the
    allow-listed part of a page's update only."""
    kept = allowed_state(self, sync_data)
    if kept:
        _PLAIN_SET_STATE(self, kept)


def install() -> None:
    """Hold every widget class to :func:`page_writable` (idempotent)."""
    W.Widget.set_state = _page_set_state  # type: ignore[method-assign]


def installed() -> bool:
    """Whether page updates go through the allow-list."""
    return W.Widget.set_state is _page_set_state
