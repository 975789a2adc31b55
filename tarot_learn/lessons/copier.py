"""``tarot-learn lessons [DIR]``: put the lessons in a folder of your own and open JupyterLab there.

The notebooks come from the installed package (:mod:`tarot_learn.resources`), so a learner who
installed the wheel needs nothing else.  A learner's work is never overwritten: the folder keeps a
small record (``.tarot_learn_lessons.json``) of what was copied, so a lesson nobody touched is
brought up to date with the package while an edited one is kept, with one line saying how to get a
fresh copy.  The printable cheat sheets travel along in ``cheatsheets/``.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> report = copy_lessons(folder)
>>> "09_rule_explorer.ipynb" in report.copied, report.kept
(True, [])
>>> copy_lessons(folder).copied
[]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from tarot_learn import resources
from tarot_learn.errors import OptionError

__all__ = ["copy_lessons", "CopyReport", "add_arguments", "run", "RECORD", "DEFAULT_DIR"]

RECORD = ".tarot_learn_lessons.json"
LESSONS = "[0-9][0-9]_*.ipynb"
DEFAULT_DIR = "tarot_lessons"


@dataclass
class CopyReport:
    """What :func:`copy_lessons` did, file name by file name."""

    folder: Path
    copied: list[str] = field(default_factory=list)     # new in the folder
    updated: list[str] = field(default_factory=list)    # an untouched older copy, replaced
    kept: list[str] = field(default_factory=list)       # edited by the learner: left alone

    def lines(self) -> list[str]:
        """One line per fact a learner should know."""
        lessons = sum(not n.startswith("cheatsheets/") for n in self.copied + self.updated)
        sheets = len(self.copied) + len(self.updated) - lessons
        out = [f"{lessons} lesson(s) and {sheets} cheat sheet(s) copied into {self.folder}"]
        out += [f"kept your edited {name}: rename or delete it and run tarot-learn lessons again for a fresh copy"
                for name in self.kept]
        return out


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _shipped() -> list[tuple[str, Path]]:
    """(name in the folder, source) for every lesson (``NN_name.ipynb``; the class server's own pages
    stay behind) and every printable cheat sheet the package has."""
    files = [(p.name, p) for p in sorted(resources.path("notebooks").glob(LESSONS))]
    files += [(f"cheatsheets/{p.name}", p) for p in sorted(resources.path("images").glob("cheatsheet_*.pdf"))]
    return files


def _read_record(folder: Path) -> dict[str, str]:
    try:
        data = json.loads((folder / RECORD).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}


def _write_atomic(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=path.suffix)
    with os.fdopen(fd, "wb") as out:
        out.write(data)
    os.replace(tmp, path)


def copy_lessons(folder: str | os.PathLike[str]) -> CopyReport:
    """Copy the lessons into ``folder`` (made if missing); never overwrite a file the learner changed."""
    target = Path(folder).expanduser()
    if target.exists() and not target.is_dir():
        raise OptionError(f"{target} is a file: give a folder for the lessons (a new name is fine)")
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise OptionError(f"cannot make the folder {target} ({err.strerror}): choose another") from None
    record, report = _read_record(target), CopyReport(target)
    for name, source in _shipped():
        dest, fresh = target / name, source.read_bytes()
        new_digest = hashlib.sha256(fresh).hexdigest()
        if dest.exists():
            current = _digest(dest)
            if current == new_digest:
                record[name] = new_digest
                continue
            if record.get(name) != current:             # not what we wrote: the learner's own work
                report.kept.append(name)
                continue
        (report.updated if dest.exists() else report.copied).append(name)
        try:
            _write_atomic(dest, fresh)
        except OSError as err:
            raise OptionError(f"cannot write {dest} ({err.strerror}): choose a folder you may write to") from None
        record[name] = new_digest
    _write_atomic(target / RECORD, json.dumps(record, indent=1, sort_keys=True).encode("utf-8"))
    return report


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The ``lessons`` subcommand's options."""
    p.add_argument("folder", nargs="?", default=DEFAULT_DIR,
                   help=f"where to put the lessons (default ./{DEFAULT_DIR}); your edited lessons are kept")
    p.add_argument("--no-open", action="store_true", help="copy only; do not start JupyterLab")
    p.add_argument("--port", type=int, default=8888, help="JupyterLab's port (default 8888)")


def run(args: argparse.Namespace) -> int:
    """Copy the lessons, say what happened, then serve JupyterLab on the folder until Ctrl-C."""
    report = copy_lessons(args.folder)
    for line in report.lines():
        print(line)
    if args.no_open:
        return 0
    if shutil.which("jupyter-lab") is None and not _has_module("jupyterlab"):
        print("JupyterLab is not installed: pip install 'tarot_learn[lab]', or open the folder with your own Jupyter")
        return 1
    if not 1 <= args.port <= 65535:
        raise OptionError(f"--port must be from 1 to 65535, not {args.port}")
    command = [sys.executable, "-m", "jupyterlab", f"--port={args.port}", "--ip=127.0.0.1",
               f"--ServerApp.root_dir={report.folder.resolve()}",
               "--LabApp.default_url=/lab/tree/00_start_here.ipynb"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:     # JupyterLab refuses root unless told
        command.append("--allow-root")
    try:
        return subprocess.call(command, cwd=report.folder)
    except KeyboardInterrupt:
        return 0


def _has_module(name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(name) is not None
