"""The one rule for a student's name, wherever a name is typed (a challenge, a shared table).

A name is NFKC-normalized (a full-width ``Ａｎａ`` is ``Ana``), its spaces trimmed and single, 1 to
:data:`MAX_NAME` characters, with no invisible character (zero-width spaces and joiners, every
format character), no direction override and no control character: what the class shows is what
the student typed.  Two names are one student when their :func:`name_key` (the case-folded form)
match: ``Ben`` and ``ben`` are one name, shown as it was typed first.

>>> check_name("  Ana   B. ")
'Ana B.'
>>> name_key("BEN") == name_key("ben")
True
>>> check_name("x" * 41)
Traceback (most recent call last):
...
tarot_learn.errors.OptionError: a name is 1 to 40 characters: type a shorter first name
>>> check_name("Ana\\u200b")
Traceback (most recent call last):
...
tarot_learn.errors.OptionError: a name cannot hold an invisible or control character (U+200B): type it again
"""

from __future__ import annotations

import unicodedata

from tarot_learn.errors import OptionError

__all__ = ["MAX_NAME", "check_name", "name_key", "same_name"]

MAX_NAME = 40
_MAX_TYPED = 400        # what is looked at before refusing (a paste of a page is not read through)


def _hidden(char: str) -> bool:
    """Characters that change how a name looks without showing: format (Cf: zero-width, direction
    marks and overrides, soft hyphen), controls, and the unassigned, surrogate and private ones."""
    return unicodedata.category(char) in ("Cf", "Cc", "Cn", "Co", "Cs", "Zl", "Zp")


def check_name(name: object) -> str:
    """A name as the class shows it (NFKC, spaces trimmed and single), or :class:`OptionError`
    saying in one line what to fix."""
    if not isinstance(name, str):
        raise OptionError(f"a name is text, not {type(name).__name__}: type your first name")
    if len(name) > _MAX_TYPED:
        raise OptionError(f"a name is 1 to {MAX_NAME} characters: type a shorter first name")
    text = unicodedata.normalize("NFKC", name)
    bad = next((c for c in text if _hidden(c) and c not in "\t\n\r"), None)
    if bad is not None:
        raise OptionError(f"a name cannot hold an invisible or control character (U+{ord(bad):04X}): type it again")
    text = " ".join(text.split())
    if not text:
        raise OptionError("a name cannot be empty: type your first name")
    if len(text) > MAX_NAME:
        raise OptionError(f"a name is 1 to {MAX_NAME} characters: type a shorter first name")
    return text


def name_key(name: str) -> str:
    """What two names are compared by (``Ben`` and ``ben`` are one student): NFKC, single spaces,
    case-folded and normalized again (case folding can undo NFKC).  Never raises, so a name kept
    by an older rule still compares."""
    text = " ".join(unicodedata.normalize("NFKC", str(name)).split())
    return unicodedata.normalize("NFKC", text.casefold())


def same_name(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` are the same student's name."""
    return name_key(a) == name_key(b)
