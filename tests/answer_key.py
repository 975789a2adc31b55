"""The teacher's guide's answer tables (docs/teachers_guide/<lesson>.md), read for the tests.

Each exercise is one table row::

    | `02.temperance-value` | TS-5 | `5` | `14` | What to say ... |

exercise id, the rule its hint names (``—`` for none), the answer as typed into the exercise
(cards as notation), a common wrong answer, and what a teacher says about it.  The kernel tests
check every answer against the notebook's own exercise; the Voila test types them into the page
(so the page never needs to carry an answer).
"""

from __future__ import annotations

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[1]
GUIDE = ROOT / "docs" / "teachers_guide"
_ROW = re.compile(r"^\|\s*`(\d\d\.[a-z0-9-]+)`\s*\|\s*([^|]*?)\s*\|\s*`([^`]*)`\s*\|\s*`([^`]*)`\s*\|(.*)\|\s*$")


def rows(stem: str) -> dict[str, dict[str, str | None]]:
    """Exercise id -> ``{"rule", "answer", "wrong", "say"}`` from the lesson's guide page."""
    path = GUIDE / f"{stem}.md"
    if not path.exists():
        return {}
    found: dict[str, dict[str, str | None]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        m = _ROW.match(line)
        if m:
            rule = m.group(2).strip()
            found[m.group(1)] = {"rule": rule if re.fullmatch(r"[A-Z]{2}-\d+", rule) else None,
                                 "answer": m.group(3), "wrong": m.group(4), "say": m.group(5).strip()}
    return found


def all_rows() -> dict[str, dict[str, str | None]]:
    """Every lesson's rows together (ids are unique over all lessons)."""
    out: dict[str, dict[str, str | None]] = {}
    for page in sorted(GUIDE.glob("[0-9][0-9]_*.md")):
        out.update(rows(page.stem))
    return out
