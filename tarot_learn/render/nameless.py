"""The drill's "name that card" picture without Pillow: the shipped face (no "plays as" badge)
with its printed name covered, pixel for pixel what the drill's Pillow drawing gives.

>>> from tarot_learn.cards import Card
>>> nameless_png(Card.parse("T19"), 300)[:8]
b'\\x89PNG\\r\\n\\x1a\\n'
"""

from __future__ import annotations

from ..cards import Card
from .images import name_areas
from .prerendered import nearest_height, png
from .raster import Raster

__all__ = ["nameless_png"]


def nameless_png(card: Card, height: int) -> bytes:
    """The shipped picture of ``card`` (no "plays as" badge) with its printed name covered, as
    the recognition drill shows it: the same pixels as the drill's Pillow drawing."""
    shown = nearest_height(height)
    pic = Raster.from_png(png(card, shown, show_value=False) or b"")
    for box, fill in name_areas(card, shown):
        pic.fill_rect(box, _rgba(fill))
    return pic.to_png()


def _rgba(colour: object) -> tuple[int, int, int, int]:
    """``'#RRGGBB'`` or an RGB(A) tuple as an RGBA tuple."""
    if isinstance(colour, str) and colour.startswith("#") and len(colour) == 7:
        return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16), 255
    parts = tuple(colour)  # type: ignore[arg-type]
    return (*parts[:3], parts[3] if len(parts) > 3 else 255)  # type: ignore[return-value]


