"""The bundled DejaVu fonts, loaded from the package so drawing never depends on system fonts.

The two font files and their licence sit in ``tarot_learn/render/fonts/``; they are read once with
:mod:`importlib.resources` (so they also load from a wheel or a zip) and each size is made once.

>>> font(20, bold=True).getname()
('DejaVu Sans', 'Bold')
"""

from __future__ import annotations

import io
from functools import lru_cache
from importlib import resources

try:
    from PIL import ImageFont
except ImportError:   # no Pillow (the browser's Python): the shipped art stands in (prerendered.py)
    ImageFont = None  # type: ignore[assignment]

__all__ = ["font", "font_bytes", "FONT_FILES"]

FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}


@lru_cache(maxsize=2)
def font_bytes(bold: bool = False) -> bytes:
    """The raw bytes of the bundled regular or bold font file."""
    return (resources.files(__package__) / "fonts" / FONT_FILES[bool(bold)]).read_bytes()


@lru_cache(maxsize=512)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled DejaVu Sans (or Sans Bold) at ``size`` pixels (at least 1)."""
    # Given bytes, FreeType never looks at a path, so no system font can stand in for ours.
    return ImageFont.truetype(io.BytesIO(font_bytes(bold)), max(1, int(size)))
