"""Your own deck from the browser: ``DeckUpload()`` takes scans picked on the learner's own
computer (or a phone's photos), keeps them in the learner's data folder (in the static site, the
browser's own storage, so the deck is still there after a reload) and loads them with
:func:`tarot_learn.decks.load_deck`: the same checks as a folder of scans (content type by magic
bytes, file size, dimensions; read from the headers where Pillow is absent).

>>> import os, tempfile
>>> os.environ["TAROT_LEARN_DATA"] = tempfile.mkdtemp()
>>> from tarot_learn.render import card_png
>>> from tarot_learn.cards import Card
>>> up = DeckUpload(name="Doc deck")
>>> up.add_files({"T19.png": card_png(Card.parse("T19"), 300), "T5.png": b"not a picture"})
>>> deck = up.press("load")
>>> deck.own_cards
[Card.parse('T19')]
>>> up.problems
['T5.png: the content is a text file, not PNG, JPEG, WebP or GIF: export the scan in one of those formats']
"""

from __future__ import annotations

import html
import shutil
from pathlib import Path, PurePath
from typing import Any, Callable, Mapping

import ipywidgets as W

from ..decks import load_deck
from ..decks.loader import IMAGE_EXTENSIONS
from ..decks.validate import Limits
from ..errors import DeckError, OptionError
from ..userdata import data_dir, safe_name
from .session import PageSession

__all__ = ["DeckUpload", "MAX_FILES"]

MAX_FILES = 200            # a pack and its back, with room for retakes
_ACCEPT = ",".join(sorted(IMAGE_EXTENSIONS))


class DeckUpload(PageSession):
    """A file picker for card scans, a deck name, and a Load button.

    ``upload.deck`` is the loaded :class:`~tarot_learn.decks.Deck` (None before); pass it to a
    board or the drill (``SolitaireBoard(deck=upload.deck)``, ``Drill(deck=upload.deck)``), or
    register ``on_load(callback)``.  Python entry points for tests and scripts:
    ``add_files({name: bytes})`` and ``press("load")``.  Every message from the page goes
    through the page session's guard: the picker's files, the name box's text, the button's
    click; anything else is refused in the status line.
    """

    NOUN = "deck upload"

    def __init__(self, name: str = "My deck", *, limits: Limits | None = None) -> None:
        self.limits = limits or Limits()
        self.deck: Any = None
        self.problems: list[str] = []
        self._pending: dict[str, bytes] = {}
        self._callbacks: list[Callable[[Any], None]] = []
        self.picker = W.FileUpload(accept=_ACCEPT, multiple=True, description="Pick scans")
        self.name = W.Text(value=str(name)[:80], description="Deck name")
        self.load_button = W.Button(description="Load deck", button_style="primary", icon="upload")
        self.status = W.HTML("Name each file after its card: <code>T19.png</code>, "
                             "<code>knight_of_cups.jpg</code>, <code>back.png</code> ...")
        self.picker.observe(self._picked, names="value")
        self.load_button.on_click(lambda _: self.press("load"))
        super().__init__([W.HBox([self.picker, self.name, self.load_button]), self.status])

    # ---- Python entry points ----------------------------------------------------------------
    def add_files(self, files: Mapping[str, bytes]) -> None:
        """Queue files as the picker would (``{file name: content}``); only the name's last
        part is kept, and at most :data:`MAX_FILES` files."""
        for raw_name, content in files.items():
            name = PurePath(str(raw_name).replace("\\", "/")).name[:120]
            if not name or name.startswith("."):
                continue
            if len(self._pending) >= MAX_FILES:
                self._say(f"at most {MAX_FILES} files at once: load these, then pick the rest", "refused")
                return
            self._pending[name] = bytes(content[: self.limits.max_bytes + 1])
        self._say(f"{len(self._pending)} file(s) ready: press Load deck")

    def press(self, button: str) -> Any:
        """``press("load")``: keep the picked files and load the deck; returns it (or None)."""
        if button != "load":
            raise OptionError(f"DeckUpload has one button, 'load', not {button!r}")
        if not self._pending:
            self._say("pick some scans first", "refused")
            return None
        folder = self._store()
        try:
            self.deck = load_deck(folder, name=self.name.value.strip() or "My deck")
        except DeckError as err:
            self.deck, self.problems = None, [str(err)]
            self._say(str(err), "refused")
            return None
        self.problems = list(self.deck.problems)
        self._report()
        for callback in self._callbacks:
            callback(self.deck)
        return self.deck

    def on_load(self, callback: Callable[[Any], None]) -> None:
        """Call ``callback(deck)`` after every successful load."""
        self._callbacks.append(callback)

    @property
    def folder(self) -> Path:
        """Where this deck's scans are kept: ``<data folder>/decks/<deck name>``."""
        return data_dir("decks", safe_name(self.name.value or "my deck"))

    # ---- inside -------------------------------------------------------------------------------
    def _picked(self, change: dict) -> None:
        files = {}
        for item in change["new"] or ():
            name, content = item.get("name", ""), item.get("content", b"")
            files[name] = content.tobytes() if hasattr(content, "tobytes") else bytes(content)
        self.add_files(files)

    def _store(self) -> Path:
        """Write the queued files into a fresh deck folder (the last load replaces the last)."""
        folder = self.folder
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True, exist_ok=True)
        for name, content in self._pending.items():
            (folder / name).write_bytes(content)
        self._pending.clear()
        return folder

    def _report(self) -> None:
        lines = self.deck.summary().splitlines()
        body = "<br>".join(html.escape(line) for line in lines)
        self._say(body, "ok" if not self.problems else "warn", escaped=True)

    def _say(self, text: str, kind: str = "info", *, escaped: bool = False) -> None:
        colour = {"refused": "#A34400", "warn": "#7A5A00", "ok": "#1F6F43"}.get(kind, "#2B2533")
        shown = text if escaped else html.escape(text)
        self.status.value = f'<div style="color:{colour};line-height:1.35">{shown}</div>'
