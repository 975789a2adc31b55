"""The server's side of the kernels' journal: answers filed under the browser that owns each kernel.

Each student's kernel appends its lesson and drill answers to ``journal/<kernel id>.jsonl`` in the
class folder (:func:`tarot_learn.userdata.journal`).  The server, which handed every kernel to one
browser's identity, files them with :meth:`Journal.collect`, run on its clock: a file is first moved
aside (``<kernel id>.<time>.filing``; the kernel's next answer starts a new file), then on a later
round, once no write into it can still be under way, read and filed under the kernel's owner and
removed.  A kernel with no owner (a warm kernel nobody was handed) is waited for while it lives; a
file whose kernel is gone and never had an owner has no one to be filed under and is dropped.

The page never names the student: the kernel's id comes from the connection file the server wrote,
and the owner from the server's own record of which browser it handed the kernel to.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Callable, Mapping

from tarot_learn import userdata
from tarot_learn.classroom.model.roster import Roster

__all__ = ["Journal", "MAX_FILE", "MAX_LINE"]

MAX_FILE = 1_000_000     # bytes read of one journal file (a lesson writes a few hundred)
MAX_LINE = 2_000         # a line longer than this is not an answer
FILING = ".filing"


def _read(path: Path) -> list[object]:
    """The answers of one journal file (lines that are not JSON are skipped)."""
    try:
        with path.open(encoding="utf-8", errors="replace") as f:
            text = f.read(MAX_FILE)
    except OSError:
        return []
    events: list[object] = []
    for line in text.splitlines():
        if 0 < len(line) <= MAX_LINE:
            try:
                events.append(json.loads(line))
            except ValueError:
                continue
    return events


class Journal:
    """The journal folder of the class at ``class_dir``, filed into ``roster``.

    The owners of the kernels seen in earlier rounds are remembered until their files are filed: a
    page closed right after its last answer shuts its kernel down (and the server forgets whose it
    was) before the next round."""

    def __init__(self, class_dir: str | Path, roster: Roster) -> None:
        self.folder, self.roster = userdata.journal_dir(class_dir), roster
        self.known: dict[str, str] = {}

    def collect(self, owners: Mapping[str, str], alive: Callable[[str], bool]) -> int:
        """One round: file what was moved aside last round, move aside what was written since.
        ``owners`` maps each kernel id to the identity it was handed to (a warm kernel: absent) and
        ``alive(kernel id)`` says whether it still runs.  Returns how many answers were new."""
        self.known.update(owners)
        if not self.folder.is_dir():
            self.known = {k: v for k, v in self.known.items() if alive(k)}
            return 0
        new = 0
        for path in sorted(self.folder.glob(f"*{FILING}")):
            kernel = path.name.split(".", 1)[0]
            owner = self.known.get(kernel)
            if owner is None and alive(kernel):
                continue                                  # handed to a browser soon: wait for it
            if owner is not None:
                new += self.roster.file(owner, _read(path))
            path.unlink(missing_ok=True)
        number = time.time_ns()       # unique across rounds and restarts
        for path in self.folder.glob(f"*{userdata.JOURNAL_SUFFIX}"):
            try:
                path.rename(path.with_name(f"{path.stem}.{number}{FILING}"))
            except OSError:
                continue
        pending = {p.name.split(".", 1)[0] for p in self.folder.iterdir()}
        self.known = {k: v for k, v in self.known.items() if alive(k) or k in pending}
        return new
