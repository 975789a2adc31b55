"""What the boards share: decks, the card pictures sent to the browser, and small HTML helpers.

Card pictures travel once per deck (and per "show plays-as values" setting) as a dict of PNG
bytes, which ipywidgets sends as binary buffers (no base64); the browser turns each into an
object URL.  Highlight and dimming are CSS on top of those pictures, so selecting a card or a
move never sends an image again.
"""

from __future__ import annotations

import functools
import html
import pathlib
from typing import Any, Callable, Iterable

from ..cards import Card, standard_deck, tarot_deck
from ..errors import OptionError

__all__ = ["STATIC", "css", "esm", "resolve_deck", "card_pictures", "value_badges", "pack_cards", "esc",
           "message_html", "rule_details", "rule_ids", "short_list", "check_page_messages", "page_may_set",
           "widget_holders", "MAX_PAGE_TEXT"]

# The longest text the page may put in a text box (a seed, a deal code, an answer): longer text
# is refused before any work, so a pasted novel cannot keep the kernel busy.
MAX_PAGE_TEXT = 200

STATIC = pathlib.Path(__file__).with_name("static")


def css(name: str) -> str:
    """A widget's stylesheet with the shared message styles in front (anywidget takes one)."""
    return (STATIC / "common.css").read_text(encoding="utf-8") + (STATIC / name).read_text(encoding="utf-8")


def esm(name: str) -> str:
    """A widget's module with the shared page code (pictures, heartbeat) in front (anywidget takes one)."""
    return (STATIC / "common.js").read_text(encoding="utf-8") + (STATIC / name).read_text(encoding="utf-8")


def resolve_deck(deck: Any, pack: str = "tarot") -> Any:
    """The :class:`tarot_learn.decks.Deck` for a board's ``deck=``: ``None`` is the default art
    of ``pack``, a Deck is used as it is, a folder path is loaded (its problems are listed on the
    deck, never raised)."""
    from ..decks import as_deck

    if deck is not None and not isinstance(deck, (str, pathlib.Path)) and not hasattr(deck, "card_png"):
        raise OptionError(f"deck= takes None (the default art), a tarot_learn.decks.Deck or a folder "
                          f"of card images, not {type(deck).__name__}")
    return as_deck(deck, pack)


def pack_cards(pack: str) -> list[Card]:
    """The distinct cards of a pack (a double pack's second copies look the same)."""
    return tarot_deck() if pack == "tarot" else standard_deck()


def card_pictures(deck: Any, pack: str, height: int, *, show_value: bool = True) -> dict[str, bytes]:
    """``{notation: PNG bytes}`` for every card of ``pack`` plus ``"back"``, at ``height`` pixels.

    ``show_value`` (Tarot Solitaire's "plays as N" badge) is drawn by the default art on every
    card the deck has no own scan for; :func:`value_badges` labels the others.
    """
    out = {str(card): deck.card_png(card, height, show_value=show_value and pack == "tarot")
           for card in pack_cards(pack)}
    out["back"] = deck.back_png(height)
    return out


def value_badges(deck: Any, pack: str) -> dict[str, str]:
    """``{notation: 'plays as' value}`` for trumps and courts shown with the user's own scans
    (whose pictures cannot carry the default art's value badge)."""
    if pack != "tarot":
        return {}
    from ..numerology import playing_value

    out = {}
    for card in tarot_deck():
        if (card.is_trump or card.is_court) and deck.has_own(card):
            v = playing_value(card)
            out[str(card)] = "wild" if v is None else str(v)
    return out


def esc(text: Any) -> str:
    """HTML-escaped text."""
    return html.escape(str(text), quote=True)


def rule_ids(text: str) -> list[str]:
    """The rule ids (``TS-5``, ``FT-17``) a message cites, in order, without repeats.

    >>> rule_ids("Not allowed: ... (rule TS-5); see also TS-1 and TS-5")
    ['TS-5', 'TS-1']
    """
    import re

    seen: list[str] = []
    for rid in re.findall(r"\b(?:TS|KL|AT|FT)-\d+\b", text):
        if rid not in seen:
            seen.append(rid)
    return seen


def message_html(text: str, kind: str = "info", details: bool | None = None) -> str:
    """A short panel message; ``kind`` is ``info``, ``ok``, ``refused``, ``win``, ``hint`` or
    ``stuck``.  Rule ids in the text are set in bold; in a refusal, a hint or a "stuck" message
    (or whenever ``details`` is true) each also opens its rule's text below the message
    (:func:`rule_details`), so a refused move leads straight to the rule that refused it.  An
    ``ok`` move keeps to its one line (a move's message stays small on the wire).

    >>> html = message_html("Not allowed (TS-5).", "refused")
    >>> '<b class="tl-rule">TS-5</b>' in html, "<summary>Rule TS-5" in html
    (True, True)
    """
    import re

    body = esc(text)
    body = re.sub(r"\b((?:TS|KL|AT|FT)-\d+)\b", r'<b class="tl-rule">\1</b>', body)
    if details is None:
        details = kind in ("refused", "hint", "stuck")
    more = rule_details(text) if details else ""
    return f'<div class="tl-msg tl-msg-{esc(kind)}">{body}{more}</div>'


def rule_details(text: str) -> str:
    """A ``<details>`` per rule id cited in ``text`` (``TS-5``...): the summary names the rule,
    opening it shows the rule's whole text from the rule sheet (:func:`tarot_learn.rules.text`).
    Ids no sheet has are left out."""
    from .. import rules
    from ..errors import TarotLearnError

    out = []
    for rid in rule_ids(text)[:4]:
        try:
            head, body = rules.title(rid), rules.text(rid)
        except TarotLearnError:
            continue
        out.append(f'<details class="tl-rule-text"><summary>Rule {esc(head)}</summary>'
                   f'<p>{esc(body)}</p></details>')
    return "".join(out)


def short_list(items: Iterable[str], limit: int = 6) -> str:
    items = list(items)
    if len(items) <= limit:
        return ", ".join(items)
    return ", ".join(items[:limit]) + f" and {len(items) - limit} more"


# ----- messages from the page --------------------------------------------------------------------
# The page is untrusted: any visitor can send any comm message to any widget model.  Each widget's
# comm gets one handler that accepts only what the standard controls send (a text box's value, a
# checkbox's or toggle's value, a dropdown's index, a button's click, the card table's intents)
# and refuses the rest with one line, never a traceback.

def _short(value: Any, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def _is_text(_w: Any, v: Any) -> bool:
    return isinstance(v, str) and len(v) <= MAX_PAGE_TEXT


def _is_bool(_w: Any, v: Any) -> bool:
    return isinstance(v, bool)


def _is_option_index(w: Any, v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v < len(w.options)


def page_may_set(widget: Any) -> dict[str, Callable[[Any, Any], bool]]:
    """The traits the page may change on ``widget``, each with its value check: a text box's
    ``value`` (text up to :data:`MAX_PAGE_TEXT` characters), a checkbox's or toggle button's
    ``value`` (a bool), a dropdown's ``index`` (one of its options).  Nothing else.

    >>> import ipywidgets as W
    >>> sorted(page_may_set(W.Dropdown(options=["a"]))), page_may_set(W.HTML())
    (['index'], {})
    """
    import ipywidgets as W

    if isinstance(widget, (W.Text, W.Textarea)):
        return {"value": _is_text}
    if isinstance(widget, (W.Checkbox, W.ToggleButton)):
        return {"value": _is_bool}
    if isinstance(widget, W.Dropdown):
        return {"index": _is_option_index}
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
    import ipywidgets as W

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


Intent = Callable[[Any, Any, list], None]


def check_page_messages(root: Any, refuse: Callable[[str], None],
                        intents: "dict[Any, Intent] | None" = None) -> None:
    """Put every comm of ``root``'s widget tree behind the page-message check: allowed updates
    (:func:`page_may_set`) and button clicks go through, a widget in ``intents`` hands its custom
    messages to its handler ``(widget, content, buffers)``, and anything else calls
    ``refuse(line)`` and changes nothing.  Call it again for widgets made later."""
    intents = intents or {}
    for w in widget_tree(root):
        if getattr(w, "comm", None) is not None:
            w.comm.on_msg(functools.partial(_page_message, w, refuse, intents.get(w)))


def _page_message(widget: Any, refuse: Callable[[str], None], intent: "Intent | None", msg: Any) -> None:
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


def _apply_page_message(widget: Any, intent: "Intent | None", msg: Any) -> str | None:
    """Act on one comm message; returns why it was refused, or None."""
    content = msg.get("content") if isinstance(msg, dict) else None
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
        return "binary data where none is taken"
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


def _apply_custom(widget: Any, intent: "Intent | None", body: Any, buffers: list) -> str | None:
    import ipywidgets as W

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
