"""Autosave: every move of a board kept on disk, named by the page's resume token.

A page keeps a random resume token in its own storage (``localStorage``) and sends it once it is
drawn.  The token is only a key: Python checks its form (:func:`check_token`: 32 lowercase hex
digits, nothing else), then keeps the board's game in ``<data dir>/autosave/<token>.json`` (the
class server points the data dir at the class folder) and rewrites it after every move.  When a
lost kernel comes back and the page is reloaded, the new board receives the same token and
resumes the game from that file.  A save is a :meth:`~tarot_learn.core.State.to_json` save, so
loading it replays every move through the rules (:func:`tarot_learn.games.load`): a damaged or
edited file is refused with one line and set aside, never played from.  The French Tarot table
keeps its whole match (score sheet and current deal) the same way, in ``<token>.table.json``
(:meth:`Autosave.save_text`, :meth:`Autosave.load_with` and
:meth:`~tarot_learn.games.french_tarot.Match.from_json`), so a board and a table on one page
never overwrite each other.

>>> check_token("0123456789abcdef0123456789abcdef") is None
True
>>> check_token("../../etc/passwd")
'a resume token is 32 lowercase hex digits'
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, Callable, TypeVar

from .. import games
from ..core import State
from ..errors import OptionError, SaveError
from ..userdata import data_dir

__all__ = ["TOKEN_LENGTH", "check_token", "Autosave"]

TOKEN_LENGTH = 32
_TOKEN = re.compile(r"[0-9a-f]{32}")
_MAX_SAVE_BYTES = 2_000_000       # a save is a few kilobytes (a match some tens); more is not ours
T = TypeVar("T")


def check_token(token: Any) -> str | None:
    """Why ``token`` is not a resume token, or ``None`` when it is one (32 lowercase hex
    digits: 128 random bits the page drew, never a path or a position)."""
    if not isinstance(token, str) or len(token) != TOKEN_LENGTH or not _TOKEN.fullmatch(token):
        return "a resume token is 32 lowercase hex digits"
    return None


class Autosave:
    """The save file of one resume token: :meth:`save` after every move, :meth:`load` on resume.

    ``folder`` defaults to ``tarot_learn.userdata.data_dir("autosave")``; ``kind`` names what is
    kept (``""`` a patience board, ``"table"`` a French Tarot match) and becomes part of the file
    name, so one page's board and table keep separate files under one token.
    """

    def __init__(self, token: str, folder: "str | Path | None" = None, kind: str = "") -> None:
        why = check_token(token)
        if why is not None:
            raise OptionError(f"cannot autosave under that token: {why}")
        if kind not in ("", "table"):
            raise OptionError(f"an autosave keeps a board ('') or a table ('table'), not {kind!r}")
        self.token = token
        self._folder = Path(folder) if folder is not None else None
        self._suffix = f".{kind}.json" if kind else ".json"

    @property
    def path(self) -> Path:
        """Where this token's game is kept."""
        folder = self._folder if self._folder is not None else data_dir("autosave")
        folder.mkdir(parents=True, exist_ok=True)
        return folder / f"{self.token}{self._suffix}"

    def exists(self) -> bool:
        return self.path.is_file()

    def save(self, state: State) -> None:
        """Write ``state`` (start, moves, redo line) atomically: a crash mid-write leaves the
        previous save whole."""
        self.save_text(state.to_json())

    def save_text(self, text: str) -> None:
        """Write a save's text atomically (a temporary file beside it, then a rename)."""
        path = self.path
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)

    def load(self) -> State | None:
        """The saved game replayed through the rules, or ``None`` when there is no save.  A
        damaged or edited save raises :class:`~tarot_learn.errors.SaveError` and is renamed
        ``<token>.json.bad`` (kept for a teacher to look at, never loaded again)."""
        return self.load_with(games.load)

    def load_with(self, reader: Callable[[bytes], T]) -> T | None:
        """The save read by ``reader`` (which raises :class:`~tarot_learn.errors.SaveError` on a
        damaged save), or ``None`` when there is none.  A save the reader refuses, or one too large
        to be ours, is set aside as ``<file>.bad`` and the refusal raised in one line."""
        path = self.path
        if not path.is_file():
            return None
        try:
            if path.stat().st_size > _MAX_SAVE_BYTES:
                raise SaveError(f"the save is larger than {_MAX_SAVE_BYTES:,} bytes")
            return reader(path.read_bytes())
        except SaveError as err:
            os.replace(path, path.with_name(path.name + ".bad"))
            raise SaveError(f"the autosave could not be resumed ({err}); it was set aside") from None
