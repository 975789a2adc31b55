"""What tarot_learn's documentation adds to Sphinx and myst-nb for the lesson pages.

* Each lesson page gets a link that opens the same notebook live in the static site
  (``make lite`` builds dist/lite/, whose JupyterLab opens ``?path=NN_name.ipynb``).
* A lesson's widgets (boards, exercises, the drill) need a running Python to work, so the page
  shows each one as a still picture drawn from the widget state the build saved: the prompts,
  messages, choices and buttons as they stood, and for a board or table a pointer to the live
  lesson. No widget JavaScript is loaded (none from a CDN either), and the saved state itself is
  not shipped with the page.
"""

from __future__ import annotations

import html
import json
from pathlib import PurePosixPath

from docutils import nodes
from myst_nb.sphinx_ import NbMetadataCollector
from sphinx.application import Sphinx

VIEW_MIME = "application/vnd.jupyter.widget-view+json"
MODEL_PREFIX = "IPY_MODEL_"
BOXES = {"VBoxModel": "column", "HBoxModel": "row", "BoxModel": "row", "GridBoxModel": "row"}
CHOOSERS = {"DropdownModel", "RadioButtonsModel", "ToggleButtonsModel", "SelectModel"}
INPUTS = {"TextModel", "IntTextModel", "FloatTextModel", "TextareaModel", "BoundedIntTextModel"}


def lesson_link(docname: str, lite_root: str) -> str:
    """The static site's address of a lesson page's notebook, relative to the page itself.

    >>> lesson_link("notebooks/04_tarot_solitaire", "../lite/lab/index.html")
    '../../lite/lab/index.html?path=04_tarot_solitaire.ipynb'
    """
    up = "../" * docname.count("/")
    return f"{up}{lite_root}?path={PurePosixPath(docname).name}.ipynb"


def _model(states: dict, ref: object) -> dict | None:
    key = ref[len(MODEL_PREFIX):] if isinstance(ref, str) and ref.startswith(MODEL_PREFIX) else ref
    return states.get(key) if isinstance(key, str) else None


def _chooser(name: str, state: dict) -> str:
    labels = state.get("_options_labels") or []
    chosen = state.get("index")
    items = "".join(f"<li{' class=tl-chosen' if i == chosen else ''}>{html.escape(str(label))}</li>"
                    for i, label in enumerate(labels))
    title = html.escape(str(state.get("description") or ""))
    return f"<div class='tl-still-choice'>{title}<ul>{items}</ul></div>"


def widget_html(states: dict, ref: object, live_href: str, depth: int = 0) -> str:
    """A still HTML picture of one saved widget and its children (unknown kinds are left out).

    >>> states = {"a": {"model_name": "VBoxModel", "state": {"children": ["IPY_MODEL_b", "IPY_MODEL_c"]}},
    ...           "b": {"model_name": "HTMLModel", "state": {"value": "<b>Which card?</b>"}},
    ...           "c": {"model_name": "ButtonModel", "state": {"description": "Check"}}}
    >>> widget_html(states, "a", "live.html")
    "<div class='tl-still-box' style='flex-direction:column'><b>Which card?</b><button disabled>Check</button></div>"
    """
    entry = _model(states, ref)
    if entry is None or depth > 30:
        return ""
    name, state = entry.get("model_name", ""), entry.get("state", {})
    if name in BOXES:
        inner = "".join(widget_html(states, child, live_href, depth + 1) for child in state.get("children", []))
        return f"<div class='tl-still-box' style='flex-direction:{BOXES[name]}'>{inner}</div>"
    if name in ("HTMLModel", "HTMLMathModel"):
        return str(state.get("value") or "")      # markup made by the lesson's own code at build time
    if name == "LabelModel":
        return f"<span>{html.escape(str(state.get('value') or ''))}</span>"
    if name == "ButtonModel":
        return f"<button disabled>{html.escape(str(state.get('description') or ''))}</button>"
    if name in CHOOSERS:
        return _chooser(name, state)
    if name in INPUTS:
        hint = html.escape(str(state.get("placeholder") or state.get("description") or ""))
        return f"<input disabled placeholder='{hint}'>"
    if name == "AnyModel":
        return (f"<div class='tl-still-live'>A live card table is here: <a href='{html.escape(live_href)}'>"
                "open this lesson live</a> to play it.</div>")
    return ""


def _states(env, docname: str) -> dict:
    """The widget state myst-nb saved for a page, taken off the page (no widget script reads it)."""
    js_files = NbMetadataCollector.get_js_files(env, docname)
    saved = js_files.pop("ipywidgets_state", None)
    if saved is None:
        return {}
    body = json.loads(saved[1].get("body", "{}"))
    return body.get("state", {})


def _add_live_link(doctree: nodes.document, href: str) -> None:
    link = nodes.reference("", "Open this lesson live", refuri=href, classes=["tl-live-link"])
    para = nodes.paragraph("", "", link, nodes.Text(" (the static site runs it in your browser; "
                                                     "build it with make lite)."), classes=["tl-live"])
    section = next(iter(doctree.findall(nodes.section)), None)
    if section is None:
        doctree.insert(0, para)
    else:
        title = next(iter(section.findall(nodes.title)), None)
        section.insert(section.index(title) + 1 if title is not None else 0, para)


def lesson_pages(app: Sphinx, doctree: nodes.document) -> None:
    """Give a lesson page its live link and its widgets' still pictures."""
    docname = app.env.docname
    if not docname.startswith("notebooks/"):
        return
    href = lesson_link(docname, app.config.tarot_lite_root)
    _add_live_link(doctree, href)
    states = _states(app.env, docname)
    for raw in list(doctree.findall(nodes.raw)):
        text = raw.astext()
        if VIEW_MIME not in text:
            continue
        view = json.loads(text.split(">", 1)[1].rsplit("</script>", 1)[0])
        view = json.loads(view) if isinstance(view, str) else view
        picture = widget_html(states, view.get("model_id"), href)
        still = ("<div class='tl-still'><div class='tl-still-note'>A still picture of a live widget "
                 f"(<a href='{html.escape(href)}'>open the lesson live</a> to use it)</div>{picture}</div>")
        raw.replace_self(nodes.raw("", still, format="html"))


def setup(app: Sphinx) -> dict:
    app.add_config_value("tarot_lite_root", "../lite/lab/index.html", "html")
    app.connect("doctree-read", lesson_pages)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
