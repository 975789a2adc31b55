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

A kernel whose page plays under a name (the challenge) learns its student the same way, from the
server: when the server hands a kernel to a browser it writes ``owners/<kernel id>`` in the class
folder, holding the digest the roster keeps of that browser (:func:`record_owner`), and removes it
when the kernel goes.  The kernel reads its own file (:func:`kernel_student`): its id comes from the
connection file, so no page can point it at another browser's file.
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path
from typing import Callable, Mapping

from tarot_learn import userdata
from tarot_learn.classroom.model.challenge import CLASS_DIR_ENV
from tarot_learn.classroom.model.roster import Roster, Student, browser_digest

__all__ = ["Journal", "MAX_FILE", "MAX_LINE", "record_owner", "clear_owners", "kernel_browser", "kernel_student",
           "this_kernel"]

MAX_FILE = 1_000_000     # bytes read of one journal file (a lesson writes a few hundred)
MAX_LINE = 2_000         # a line longer than this is not an answer
FILING = ".filing"
KERNEL_ID = re.compile(r"[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}")   # as the server names kernels


def _owner_file(class_dir: str | Path, kernel: str) -> Path | None:
    """Where the owner of ``kernel`` is written (None: not a kernel id the server gives)."""
    if not KERNEL_ID.fullmatch(kernel):
        return None
    return Path(class_dir) / "owners" / kernel


def record_owner(class_dir: str | Path, kernel: str, identity: str | None) -> None:
    """The server's record that ``kernel`` belongs to the browser ``identity`` (None: it is gone)."""
    path = _owner_file(class_dir, kernel)
    if path is None:
        return
    if identity is None:
        path.unlink(missing_ok=True)
        return
    path.parent.mkdir(exist_ok=True)
    partial = path.with_suffix(".part")
    partial.write_text(browser_digest(identity), encoding="ascii")
    partial.replace(path)             # a kernel reading meanwhile sees the whole digest or no file


def clear_owners(class_dir: str | Path) -> None:
    """Forget every kernel's owner (the server starts or stops: none of its kernels runs on)."""
    folder = Path(class_dir) / "owners"
    if folder.is_dir():
        for path in folder.iterdir():
            path.unlink(missing_ok=True)


def kernel_browser(class_dir: str | Path, kernel: str) -> str | None:
    """The digest of the browser the server handed ``kernel`` to (None: none, or not yet)."""
    path = _owner_file(class_dir, kernel)
    try:
        text = path.read_text(encoding="ascii").strip() if path is not None else ""
    except (OSError, ValueError):
        return None
    return text if 0 < len(text) <= 128 and text.isalnum() else None


def kernel_student(roster: Roster, class_dir: str | Path, kernel: str) -> tuple[str | None, Student | None]:
    """The browser (its digest) this kernel was handed to and the roster's student for it now."""
    browser = kernel_browser(class_dir, kernel)
    return browser, roster.student_of_browser(browser) if browser is not None else None


def this_kernel(roster: Roster) -> tuple[str | None, Student | None]:
    """:func:`kernel_student` for the kernel this code runs in, on a class server (elsewhere: no
    browser, no student)."""
    folder, kernel = os.environ.get(CLASS_DIR_ENV), userdata.kernel_id()
    if not folder or not kernel:
        return None, None
    return kernel_student(roster, folder, kernel)


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

    def flush(self, owners: Mapping[str, str]) -> int:
        """File everything now (the server is stopping, its kernels with it: no write is under way
        any more); a file whose kernel had no owner is left for no one.  Returns how many were new."""
        self.collect(owners, lambda kernel: True)
        return self.collect({}, lambda kernel: False)
