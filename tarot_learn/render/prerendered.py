"""The default art, drawn ahead of time and shipped with the package.

Pillow has no build for the browser's Python (Pyodide), and a class server should not redraw
the same 78 faces in every kernel.  So the Pillow renderer draws every card of both packs once,
at the sizes the boards, the drill and the lessons ask for (:data:`HEIGHTS`), and the PNGs travel
in ``render/art/cards-<height>.zip``.  :func:`tarot_learn.render.card_png` and
:func:`~tarot_learn.render.card_image` hand out these pixels, with or without Pillow; only other
sizes or styles are drawn at run time (and need Pillow).

Why PNG rather than SVG drawn in Python: the PNG is the renderer's own output, so both paths are
pixel-identical by construction; stored with unfiltered rows it is read with one ``zlib`` call,
and 12 sizes of both packs take about 8 MB.

Regenerate after changing the art: ``make images`` (``python -m tarot_learn.render.artbuild``);
a test checks that the shipped pixels are what the renderer draws today.

>>> from tarot_learn.cards import Card
>>> png(Card.parse("T19"), 168)[:8]
b'\\x89PNG\\r\\n\\x1a\\n'
>>> png(Card.parse("T19"), 171) is None, nearest_height(171), nearest_height(20)
(True, 200, 70)
"""

from __future__ import annotations

import io
import json
import zipfile
from functools import lru_cache
from importlib import resources
from typing import Iterator

from ..cards import TAROT, Card, standard_deck, tarot_deck
from .siteart import site_art

__all__ = ["HEIGHTS", "pillow", "png", "raster", "nearest_height", "variants", "member_name",
           "text_width", "ART", "DATE"]

# Card heights drawn ahead: lessons' pictures (70..200), the boards' pictures (156 for the French
# Tarot table, 168 for the patience boards: 1.5 x their CSS height), a card's own picture (280)
# and the drill and presenter (300).
HEIGHTS = (70, 90, 100, 110, 120, 130, 150, 156, 168, 200, 280, 300)
ART = "art"
DATE = (2026, 1, 1, 0, 0, 0)   # fixed time stamps: the same art gives byte-identical zips


@lru_cache(maxsize=1)
def pillow() -> bool:
    """True when Pillow can be imported (so sizes and styles not shipped can be drawn)."""
    try:
        import PIL.Image  # noqa: F401
    except ImportError:
        return False
    return True


def member_name(card: Card | None, show_value: bool = True, four_colour: bool = False) -> str:
    """The file of one picture inside a height's zip: ``tarot/T19.png``, ``tarot/T19~plain.png``
    (no "plays as" badge), ``standard/KD~four.png`` (four-colour), ``back.png``.

    >>> member_name(Card.parse("T19"), show_value=False), member_name(None)
    ('tarot/T19~plain.png', 'back.png')
    """
    if card is None:
        return "back.png"
    card = card if not card.copy else Card(card.suit, card.rank, 0)
    tag = ("" if show_value else "~plain") + ("~four" if four_colour else "")
    return f"{card.pack}/{card}{tag}.png"


def variants() -> Iterator[tuple[Card | None, bool, bool]]:
    """Every ``(card, show_value, four_colour)`` the renderer may draw differently (the back is
    ``None``); a variant that looks like the plain one is stored once, under the plain name."""
    yield None, True, False
    for card in tarot_deck():
        yield card, True, False
        yield card, False, False
    for card in standard_deck():
        yield card, True, False
        yield card, True, True


def _fallback(card: Card | None, show_value: bool, four_colour: bool) -> list[str]:
    """The member names to try, most specific first (a variant equal to the plain picture is
    stored only under the plain name; show_value means nothing on the standard pack, four_colour
    nothing on the tarot pack)."""
    if card is None:
        return [member_name(None)]
    if card.pack == TAROT:
        four_colour = False
    else:
        show_value = True
    names = [member_name(card, show_value, four_colour)]
    if not show_value or four_colour:
        names.append(member_name(card))
    return names


@lru_cache(maxsize=None)
def _zip(height: int) -> zipfile.ZipFile | None:
    if height not in HEIGHTS:
        return None
    blob = resources.files(__package__).joinpath(ART, f"cards-{height}.zip")
    # The static site serves the art beside its wheels, fetched a size at a time (siteart.py).
    data = blob.read_bytes() if blob.is_file() else site_art(f"cards-{height}.zip")
    return zipfile.ZipFile(io.BytesIO(data)) if data else None


@lru_cache(maxsize=4096)
def png(card: Card | None, height: int, *, show_value: bool = True, four_colour: bool = False) -> bytes | None:
    """The shipped PNG of ``card`` (``None``: the back) at exactly ``height``, style normal, or
    None when that size is not shipped."""
    archive = _zip(height)
    if archive is None:
        return None
    names = set(archive.namelist())
    for name in _fallback(card, bool(show_value), bool(four_colour)):
        if name in names:
            return archive.read(name)
    return None


def raster(card: Card | None, height: int, *, show_value: bool = True, four_colour: bool = False):  # type: ignore[no-untyped-def]
    """The shipped picture as a :class:`~tarot_learn.render.raster.Raster`, or None."""
    from .raster import Raster

    data = png(card, height, show_value=show_value, four_colour=four_colour)
    return None if data is None else Raster.from_png(data)


def nearest_height(height: int) -> int:
    """The smallest shipped height at least ``height`` (the tallest one above them all): what
    a picture comes in without Pillow when its own size is not shipped (a page scales it)."""
    return next((h for h in HEIGHTS if h >= height), HEIGHTS[-1])


@lru_cache(maxsize=1)
def _widths() -> dict[str, dict[str, float]]:
    blob = resources.files(__package__).joinpath(ART, "text_widths.json")
    return json.loads(blob.read_text(encoding="utf-8")) if blob.is_file() else {}


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width in pixels of ``text`` set in the shipped DejaVu font at ``size`` pixels, from a
    table the renderer measured (for laying out pictures drawn as SVG where Pillow is absent).

    >>> round(text_width("moves: 3", 12)) in range(40, 70)
    True
    """
    table = _widths().get("bold" if bold else "regular", {})
    fallback = table.get("n", 60.0)
    return sum(table.get(ch, fallback) for ch in text) * size / 100.0
