"""Your own card pictures: load a folder of scans as a :class:`Deck` for every board and drill.

>>> import tempfile
>>> from tarot_learn.decks import load_deck, make_sample_scans
>>> from tarot_learn.cards import Card
>>> folder = tempfile.mkdtemp()
>>> _ = make_sample_scans(folder, "T19 NC 10C AW", height=120)
>>> deck = load_deck(folder)
>>> [str(c) for c in deck.own_cards], len(deck.missing), deck.problems
(['AW', '10C', 'NC', 'T19'], 74, [])
>>> deck.card_image(Card.parse("T19"), 120, "highlight").size     # same size as the default art
(70, 120)

**File names** (case-insensitive; ``-``, ``_``, ``.`` and spaces are all separators; the
extension is ``.png``, ``.jpg``/``.jpeg``/``.jpe``, ``.webp`` or ``.gif``):

* the notation: ``T19.jpg``, ``t19_the_sun.png`` (anything may follow the notation, but if it names
  another card the file is refused), ``NC.png``, ``10C.jpg``; standard pack: ``10H.png``, ``KS.jpg``;
* English names: ``knight_of_cups.jpg``, ``knight-cups.png``, ``cups_knight.png``, ``10-cups.webp``,
  ``ten of cups.jpg``, ``the_sun.png``, ``sun.png``, ``19_the_sun.jpg``, ``xix-the-sun.png``,
  ``trump_19.png``, ``XIX.png``; alternative suit names (rods, staves, coins, disks, chalices) and
  the French Tarot suits (clubs = Wands, hearts = Cups, spades = Swords, diamonds = Pentacles);
* the public-domain Rider-Waite scan names: ``ar19.jpg``, ``cukn.jpg``, ``wa01.jpg``;
* ``back.png`` for the back of the cards.

Everything accepted is listed in :mod:`tarot_learn.decks.names`.  Only files directly in the
folder are read; a ``deck.json`` manifest can point into subfolders and name the deck::

    {"name": "My deck", "cards": {"T19": "scans/sun.jpg"}, "back": "back.jpg"}

**Checks**: the content must be PNG, JPEG, WebP or GIF (whatever the extension says), at most
30 MB and 40 million pixels (a decompression-bomb guard applied per load, Pillow's process-wide
limit untouched), complete (not truncated), and inside the folder (no ``..``, absolute paths or
symlinks leading out).  A refused file adds one line to ``deck.problems``; the rest still load,
and cards without a picture use the default art (``deck.missing``).
"""

from __future__ import annotations

import importlib
import os
from typing import TYPE_CHECKING, Any

from ..errors import OptionError
from .names import card_for_name

if TYPE_CHECKING:
    from .deck import FITS, WORKING_HEIGHT, Deck, default_deck
    from .loader import IMAGE_EXTENSIONS, MANIFEST, load_deck
    from .sample import make_sample_scans
    from .validate import Limits

# Pillow is imported only when a picture is needed: the drill logic reads card names through
# tarot_learn.decks.names and stays standard-library only.
_LAZY = {"Deck": "deck", "default_deck": "deck", "FITS": "deck", "WORKING_HEIGHT": "deck",
         "load_deck": "loader", "IMAGE_EXTENSIONS": "loader", "MANIFEST": "loader",
         "make_sample_scans": "sample", "Limits": "validate"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        value = getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = ["Deck", "default_deck", "load_deck", "make_sample_scans", "card_for_name", "Limits",
           "as_deck", "FITS", "WORKING_HEIGHT", "IMAGE_EXTENSIONS", "MANIFEST"]


def as_deck(deck: "Deck | str | os.PathLike | None", pack: str = "tarot") -> "Deck":
    """What every board and drill does with its ``deck=`` argument: a Deck as is, a folder path
    loaded with :func:`load_deck`, None for :func:`default_deck`.

    >>> from tarot_learn.decks import default_deck
    >>> as_deck(None) is default_deck()
    True
    >>> as_deck(42)
    Traceback (most recent call last):
    ...
    tarot_learn.errors.OptionError: deck must be a Deck, a folder path or None, not int
    """
    from .deck import Deck, default_deck
    from .loader import load_deck

    if deck is None:
        return default_deck(pack)
    if isinstance(deck, Deck):
        return deck
    if isinstance(deck, (str, os.PathLike)):
        return load_deck(deck, pack=pack)
    raise OptionError(f"deck must be a Deck, a folder path or None, not {type(deck).__name__}")
