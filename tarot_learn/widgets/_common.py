"""What the boards share: decks, the card pictures sent to the browser, and small HTML helpers.

Card pictures travel once per deck (and per "show plays-as values" setting) as a dict of PNG
bytes, which ipywidgets sends as binary buffers (no base64); the browser turns each into an
object URL.  Highlight and dimming are CSS on top of those pictures, so selecting a card or a
move never sends an image again.
"""

from __future__ import annotations

import html
import pathlib
from typing import Any, Iterable

from ..cards import Card, standard_deck, tarot_deck
from ..errors import OptionError

__all__ = ["STATIC", "css", "esm", "resolve_deck", "card_pictures", "value_badges", "pack_cards", "esc",
           "message_html", "rule_details", "rule_ids", "short_list", "MAX_PAGE_TEXT"]

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
    """A short panel message; ``kind`` is ``info``, ``ok``, ``refused``, ``win``, ``hint``,
    ``no_moves`` (no legal move is left) or ``ended`` (a deal thrown in).  Rule ids in the text are set
    in bold; in a refusal, a hint, a ``no_moves`` or an ``ended`` message
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
        details = kind in ("refused", "hint", "no_moves", "ended")
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
