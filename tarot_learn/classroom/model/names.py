"""The one rule for a student's name, wherever a name is typed (a challenge, a shared table).

>>> check_name("  Ana   B. ")
'Ana B.'
>>> check_name("x" * 41)
Traceback (most recent call last):
...
tarot_learn.errors.OptionError: a name is 1 to 40 letters, digits or spaces: type your first name
"""

from __future__ import annotations

from tarot_learn.errors import OptionError

__all__ = ["MAX_NAME", "check_name"]

MAX_NAME = 40


def check_name(name: object) -> str:
    """A name as the class shows it (spaces trimmed and single), or :class:`OptionError` in one line."""
    text = " ".join(str(name or "").split())
    if not text or len(text) > MAX_NAME or not text.isprintable():
        raise OptionError(f"a name is 1 to {MAX_NAME} letters, digits or spaces: type your first name")
    return text
