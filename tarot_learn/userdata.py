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
"""

from __future__ import annotations

import os
import re
import sys
import unicodedata
from pathlib import Path

__all__ = ["data_dir", "safe_name", "MAX_NAME"]

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
