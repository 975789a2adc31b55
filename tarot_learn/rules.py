"""The text of every numbered rule (``TS-5``, ``KL-3``, ``AT-9``, ``FT-12``), read from the rule sheets.

Errors, boards and lessons cite rule ids; this module turns an id back into the rule a learner can
read, wherever tarot_learn is installed (the sheets travel with the package).

>>> text("TS-5").startswith("TS-5 Trumps above 10 play as their digit sum.")
True
>>> title("KL-1")[:5]
'KL-1 '
>>> text("XX-99")
Traceback (most recent call last):
...
tarot_learn.errors.OptionError: no rule XX-99: rule ids look like TS-5, KL-3, AT-9 or FT-12
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

from tarot_learn import resources
from tarot_learn.errors import OptionError

__all__ = ["text", "title", "ids", "sheet_path", "SHEETS"]

SHEETS = {"TS": "tarot_solitaire.md", "KL": "klondike.md", "AT": "american_toad.md", "FT": "french_tarot.md"}
_ID = re.compile(r"^(TS|KL|AT|FT)-([1-9][0-9]{0,2})$")
_HEAD = re.compile(r"^\*\*((?:TS|KL|AT|FT)-[0-9]+)\b")


def sheet_path(prefix: str) -> Path:
    """The rule sheet for ``TS``, ``KL``, ``AT`` or ``FT``: shipped in the package, or the checkout's."""
    return resources.path("seeds", SHEETS[prefix])


def text(rule_id: str) -> str:
    """The whole paragraph of ``rule_id`` as one line of plain text (bold marks removed)."""
    rules = _parse(_prefix(rule_id))
    return rules[rule_id.strip().upper()]


def title(rule_id: str) -> str:
    """The rule's id and heading, e.g. ``'TS-5 Trumps above 10 play as their digit sum.'``."""
    body = text(rule_id)
    end = body.find(".", len(rule_id.strip()))
    return body[: end + 1] if end > 0 else body


def ids(prefix: str) -> list[str]:
    """Every rule id of one sheet in order (``ids("TS")`` -> ``['TS-1', ..., 'TS-23']``)."""
    if prefix not in SHEETS:
        raise OptionError(f"no rule sheet {prefix!r}: choose one of {', '.join(SHEETS)}")
    return list(_parse(prefix))


def _prefix(rule_id: object) -> str:
    match = _ID.match(str(rule_id).strip().upper()[:12]) if isinstance(rule_id, str) else None
    if match is None or str(rule_id).strip().upper() not in _parse(match.group(1)):
        shown = repr(rule_id) if not isinstance(rule_id, str) else str(rule_id)[:12]
        raise OptionError(f"no rule {shown}: rule ids look like TS-5, KL-3, AT-9 or FT-12")
    return match.group(1)


@functools.cache
def _parse(prefix: str) -> dict[str, str]:
    rules: dict[str, str] = {}
    current: list[str] | None = None
    for line in sheet_path(prefix).read_text(encoding="utf-8").splitlines():
        head = _HEAD.match(line)
        if head and head.group(1).startswith(prefix):
            current = [line]
            rules[head.group(1)] = ""
        elif current is not None and line.strip() and not line.startswith("#"):
            current.append(line)
        elif current is not None:
            rules[_HEAD.match(current[0]).group(1)] = " ".join(s.strip() for s in current).replace("**", "")
            current = None
    if current is not None:
        rules[_HEAD.match(current[0]).group(1)] = " ".join(s.strip() for s in current).replace("**", "")
    return rules
