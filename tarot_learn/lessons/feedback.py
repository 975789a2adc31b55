"""What an exercise says back: a right / wrong / not-yet box, and cards shown by name and notation.

Shared by the exercise (:mod:`tarot_learn.lessons.exercise`) and its widget
(:mod:`tarot_learn.lessons.exercise_view`).
"""

from __future__ import annotations

import html
import itertools
import re
from typing import Any

__all__ = ["Feedback", "card_label", "card_set", "card_set_ordered"]

MAX_TEXT, MAX_CARDS = 2000, 160   # a typed list of cards longer than this is not an answer
_GOOD, _BAD, _OPEN = "#1b7f3b", "#b3261e", "#5b6570"
_MARKS = {"right": "✓ Right.", "hint": "✗ Not quite.", "step": "✗ Not yet.", "answer": "✗ Not this time.",
          "invalid": "…", "open": "…"}


_RULE_ID = re.compile(r"\b((?:TS|KL|AT|FT)-\d+)\b")


def _unbroken_ids(text: str) -> str:
    """Rule ids kept on one line (``TS-10`` never wraps after its dash).

    >>> _unbroken_ids("see TS-10")
    "see <span style='white-space:nowrap'>TS-10</span>"
    """
    return _RULE_ID.sub(r"<span style='white-space:nowrap'>\1</span>", text)


class Feedback:
    """A right / wrong / not-yet-answered message, shown as a coloured box in a notebook.

    ``ok`` is True (right), False (wrong) or None (no answer yet, or an answer that could not be
    read).  ``level`` says which step of the graduated feedback this is: ``right``, ``hint``,
    ``step``, ``answer``, ``invalid`` or ``open``; ``rule`` is the rule id a hint names and
    ``rule_text`` that rule's text.

    >>> Feedback(True, "1 + 3 = 4.")
    ✓ Right. 1 + 3 = 4.
    >>> Feedback(False, "Look at TS-5.", level="hint")
    ✗ Not quite. Look at TS-5.
    """

    def __init__(self, ok: bool | None, message: str, level: str | None = None,
                 rule: str | None = None, rule_text: str = "") -> None:
        self.ok = ok
        self.message = message
        self.level = level or {True: "right", False: "hint", None: "open"}[ok]
        self.rule = rule
        self.rule_text = rule_text

    def mark(self) -> str:
        """The short verdict in front of the message (``✓ Right.``, ``✗ Not quite.``, ``…``)."""
        return _MARKS[self.level]

    def __repr__(self) -> str:
        return f"{self.mark()} {self.message}"

    def _repr_html_(self) -> str:
        return self.html()

    def html(self) -> str:
        """The coloured box (``data-level`` names the feedback step, never the answer)."""
        colour = {True: _GOOD, False: _BAD, None: _OPEN}[self.ok]
        quote = ""
        if self.rule_text:
            quote = (f"<blockquote class='lesson-rule' style='margin:6px 0 2px 0;padding:4px 10px;"
                     f"border-left:3px solid {_OPEN};background:#f6f7f9'>{html.escape(self.rule_text)}"
                     "</blockquote>")
        return (f"<div class='lesson-feedback' data-level='{self.level}' style='border-left:4px solid "
                f"{colour};padding:6px 10px;margin:4px 0;background:{colour}14'><b style='color:{colour}'>"
                f"{html.escape(self.mark())}</b> {_unbroken_ids(html.escape(self.message))}{quote}</div>")


def card_set_ordered(value: Any) -> list[Any]:
    """One card or several, as cards or notation (``"10C T19"``, ``["10C", "T19"]``), in order.

    >>> [str(c) for c in card_set_ordered("10C, T19")]
    ['10C', 'T19']
    """
    from tarot_learn.cards import Card

    if isinstance(value, (str, Card)):
        value = str(value)[:MAX_TEXT].replace(",", " ").split()
    # at most one pack's worth of cards is read (the pack twice over for the two-pack games)
    return [item if isinstance(item, Card) else Card.parse(str(item).strip()[:12])
            for item in itertools.islice(value, MAX_CARDS)]


def card_set(value: Any) -> frozenset[Any]:
    """The same cards as a set (the order a learner picks them in does not matter)."""
    return frozenset(card_set_ordered(value))


def card_label(card: Any) -> str:
    """A card as the picker shows it: name and notation (``'The Sun (XIX) · T19'``)."""
    return f"{card.name} · {card}"


