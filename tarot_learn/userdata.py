"""Where a learner's own files live: drill schedules, lesson progress, autosaved games.

One folder per machine user, chosen in this order:

1. ``TAROT_LEARN_DATA`` when set (a class server points every kernel at its class folder; tests
   point it at a temporary folder);
2. in the static site (Pyodide, ``sys.platform == "emscripten"``), ``/drive/.tarot_learn``: files
   under JupyterLite's ``/drive`` are kept in the browser's own storage, so progress survives a
   reload without any server;
3. otherwise the platform's user data folder (``platformdirs``: ``~/.local/share/tarot_learn`` on
   Linux, ``~/Library/Application Support/tarot_learn`` on macOS, ``%APPDATA%`` on Windows).

Names chosen by a learner (``learner="Ana"``) become file names through :func:`safe_name`, which
keeps them inside the folder whatever they contain.

>>> safe_name("Ana María")
'ana-maria'
>>> safe_name("../../etc/passwd")
'etc-passwd'
>>> safe_name("")
'learner'

The learner's name is shared by everything that keeps files (lesson progress, the drill): the name
in the page's address (``learner=`` when Voila serves the page), else the name chosen on the
start-here page (:func:`set_learner`), else ``TAROT_LEARN_LEARNER``, else the computer's user.  On a
class server every student's kernel runs as one computer user, so there only a name given on the
page counts, for that kernel alone (``""`` until then: nothing is kept under a shared name).  That
name keeps the kernel's own files only: what the class records of a student (the teacher's
dashboard) goes through :func:`journal`, filed by the server under the roster name of the browser
it handed the kernel to, never under a name a page gives.
"""

from __future__ import annotations

import getpass
import json
import os
import itertools
import re
import sys
import tempfile
import time
import unicodedata
from pathlib import Path
from typing import Any

from .errors import OptionError

__all__ = ["data_dir", "safe_name", "MAX_NAME", "learner", "set_learner", "on_class_server", "write_json",
           "journal", "journal_dir", "kernel_id", "JOURNAL_SUFFIX"]

APP = "tarot_learn"
MAX_NAME = 40  # characters kept from a learner's name: a file name, not an essay


def data_dir(*parts: str, create: bool = True) -> Path:
    """The learner's data folder (or a sub-folder of it, each part passed through ``safe_name``)."""
    base = _base()
    path = base.joinpath(*(safe_name(p) for p in parts))
    if create and not path.is_dir():
        # Only when missing: in the static site a mkdir on the browser-kept /drive makes an
        # "Untitled Folder" and renames it, and a folder that exists would leave that behind.
        path.mkdir(parents=True, exist_ok=True)
    return path


def _base() -> Path:
    override = os.environ.get("TAROT_LEARN_DATA")
    if override:
        return Path(override).expanduser()
    if sys.platform == "emscripten":
        return Path("/drive/.tarot_learn")
    import platformdirs  # only off the static site: Pyodide needs no folder lookup

    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def safe_name(name: str) -> str:
    """A learner's or a deck's name as a file-name part: lower-case ASCII letters, digits, dashes."""
    folded = unicodedata.normalize("NFKD", str(name)).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", folded.lower()).strip("-")[:MAX_NAME].strip("-")
    return slug or "learner"


def write_json(path: Path, data: Any) -> None:
    """Write ``data`` to ``path`` atomically: a temporary file beside it, then ``os.replace``.  In
    the static site, whose browser-kept ``/drive`` may lack temporary files or renames, one write."""
    text = json.dumps(data, indent=1, sort_keys=True)
    try:
        _replace_with(path, text)
    except OSError:
        if sys.platform != "emscripten":
            raise
        path.write_text(text, encoding="utf-8")


def _replace_with(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _from_page() -> str:
    """A ``learner=NAME`` in the page's address, which Voila hands its kernel as ``QUERY_STRING``
    (a class server's link can name each student that way).

    >>> os.environ["QUERY_STRING"] = "learner=Ana%20Mar%C3%ADa&x=1"; _from_page()
    'Ana María'
    >>> del os.environ["QUERY_STRING"]; _from_page()
    ''
    """
    from urllib.parse import parse_qs

    names = parse_qs(os.environ.get("QUERY_STRING", "")[:500]).get("learner", [""])
    return " ".join(names[0].split())[:MAX_NAME]


def on_class_server() -> bool:
    """On a class server every student's kernel shares one data folder (``TAROT_LEARN_CLASS_DIR``):
    a name chosen there holds for that kernel only, so one student's choice never renames another's."""
    return bool(os.environ.get("TAROT_LEARN_CLASS_DIR"))


_chosen_here: list[str] = []   # the name chosen in this kernel on a class server


def learner() -> str:
    """The learner whose files are kept: ``learner=`` in the page's address (Voila), the name chosen
    on the start page, ``TAROT_LEARN_LEARNER``, or the computer's user name; on a class server only
    a name given on the page counts (``""`` until then: nothing is kept)."""
    if _from_page():
        return _from_page()
    if on_class_server():
        return _chosen_here[-1] if _chosen_here else ""
    try:
        name = json.loads((data_dir("progress") / "learner.json").read_text(encoding="utf-8")[:2000]).get("name", "")
        if isinstance(name, str) and name.strip():
            return name.strip()[:MAX_NAME]
    except (OSError, ValueError, AttributeError):
        pass
    env = os.environ.get("TAROT_LEARN_LEARNER", "").strip()
    if env:
        return env[:MAX_NAME]
    try:
        return getpass.getuser() or "learner"
    except (OSError, KeyError, ImportError):   # no user name (some containers, the browser)
        return "learner"


def set_learner(name: str) -> str:
    """Choose the learner's name (kept for the next lessons and the next session; on a class server,
    for this page's kernel only); returns it."""
    name = " ".join(str(name).split())[:MAX_NAME]
    if not name:
        raise OptionError("type a name (letters or digits) to keep your progress under")
    if on_class_server():
        _chosen_here.append(name)
    else:
        write_json(data_dir("progress") / "learner.json", {"name": name})
    return name


# ----- the class server's journal of answers ---------------------------------------------------------
JOURNAL_SUFFIX = ".jsonl"
_KERNEL_FILE = re.compile(r"kernel-([0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12})\.json")
_counter = itertools.count(1)


def journal_dir(class_dir: str | Path) -> Path:
    """Where the kernels of the class at ``class_dir`` write the answers the server files."""
    return Path(class_dir) / "journal"


def kernel_id() -> str:
    """The id the server gave this kernel (read from its connection file, ``kernel-<id>.json``, which
    the server names; a page cannot change it); ``""`` outside a server's kernel."""
    app = sys.modules.get("ipykernel.kernelapp")      # imported in a kernel; importing it elsewhere would
    if app is None or not app.IPKernelApp.initialized():   # swap the widgets' comms for a kernel's
        return ""
    try:
        from ipykernel.connect import get_connection_file

        match = _KERNEL_FILE.fullmatch(Path(get_connection_file()).name)
    except Exception:  # no kernel here (a script, a test), or not one a server started
        return ""
    return match.group(1) if match else ""


def journal(entry: dict[str, Any]) -> bool:
    """On a class server, add one answer (``{"kind", "item", "answer", "right"}``) to this kernel's
    journal; the server files it under the browser it handed this kernel to, so a lesson records
    under the student's roster name without the page naming anyone.  Elsewhere, or when the class
    folder cannot be written, nothing (returns False): the lesson goes on."""
    folder, kernel = os.environ.get("TAROT_LEARN_CLASS_DIR"), kernel_id()
    if not folder or not kernel:
        return False
    line = json.dumps({**entry, "event": f"{kernel}-{time.time_ns()}-{next(_counter)}", "at": time.time()})
    try:
        path = journal_dir(folder)
        path.mkdir(exist_ok=True)
        with open(path / f"{kernel}{JOURNAL_SUFFIX}", "a", encoding="utf-8") as out:
            out.write(line + "\n")   # one short write: lines of two answers never interleave
    except OSError:
        return False
    return True
