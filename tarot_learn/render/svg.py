"""Pictures made of the shipped card PNGs, text and shapes, written as SVG: how a board or a
contact sheet is shown where Pillow is absent (the static site).  The browser composes them; the
card pictures inside are the renderer's own pixels, placed where the Pillow drawing puts them.

>>> pic = SvgPicture(40, 20, background="#1F4D3C")
>>> pic.text(2, 2, "Hi & bye", 10, (235, 229, 214, 255), anchor="lt")
>>> svg = pic.to_svg()
>>> svg.startswith("<svg") and "Hi &amp; bye" in svg and pic.size == (40, 20)
True
"""

from __future__ import annotations

import base64
import html
from typing import IO, Any, Sequence, Union

from ..errors import OptionError

__all__ = ["SvgPicture", "ink"]

Colour = Union[str, Sequence[int]]
FONT_FAMILY = "'DejaVu Sans', 'Bitstream Vera Sans', Verdana, sans-serif"
# DejaVu Sans: ascender 0.928 em, descender 0.236 em.  Pillow anchors text at the ascender line
# ("t") or half-way between ascender and descender ("m"); SVG places the baseline.
_BASELINE = {"t": 0.928, "m": (0.928 - 0.236) / 2, "s": 0.0}
_ALIGN = {"l": "start", "m": "middle", "r": "end"}
# An own scan may be JPEG, WebP or GIF (kept as its file's bytes where Pillow is absent).
_MIMES = {b"\xff\xd8\xff": "image/jpeg", b"GIF": "image/gif", b"RIF": "image/webp"}


def ink(colour: Colour) -> str:
    """An SVG colour from ``'#RRGGBB'`` or an ``(r, g, b[, a])`` tuple.

    >>> ink((41, 94, 75, 255)), ink("#FBF7EC")
    ('#295e4b', '#FBF7EC')
    """
    if isinstance(colour, str):
        return colour
    r, g, b = colour[:3]
    return f"#{r:02x}{g:02x}{b:02x}"


class SvgPicture:
    """An SVG document built element by element; a card picture is embedded once and reused."""

    def __init__(self, width: int, height: int, background: Colour | None = None) -> None:
        self.width, self.height = int(width), int(height)
        self._defs: dict[tuple, str] = {}
        self._body: list[str] = []
        self._images: list[str] = []
        if background is not None:
            self._body.append(f'<rect width="{self.width}" height="{self.height}" fill="{ink(background)}"/>')

    @property
    def size(self) -> tuple[int, int]:
        return self.width, self.height

    def image(self, key: Any, png: bytes, x: float, y: float, w: int, h: int, *, style: str = "normal") -> None:
        """Place a PNG (embedded once per ``key`` and size) with its top left at (x, y)."""
        ref = self._defs.get((key, w, h))
        if ref is None:
            ref = f"i{len(self._defs)}"
            data = base64.b64encode(png).decode("ascii")
            mime = _MIMES.get(png[:3], "image/png")
            self._defs[(key, w, h)] = ref
            self._images.append(f'<image id="{ref}" width="{w}" height="{h}" href="data:{mime};base64,{data}"/>')
        extra = {"dim": ' filter="url(#dim)"', "highlight": ""}.get(style, "")
        self._body.append(f'<use href="#{ref}" x="{x:g}" y="{y:g}"{extra}/>')
        if style == "highlight":
            m, ring = max(1, round(h * 0.025)), max(2, round(h * 0.014))
            self._body.append(f'<rect x="{x + m:g}" y="{y + m:g}" width="{w - 2 * m}" height="{h - 2 * m}" '
                              f'rx="{h * 0.04:.1f}" fill="none" stroke="#56B4E9" stroke-width="{ring}"/>')

    def polygon(self, points: Sequence[tuple[float, float]], fill: Colour, outline: Colour | None = None,
                width: float = 1) -> None:
        pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        stroke = f' stroke="{ink(outline)}" stroke-width="{width:g}"' if outline is not None else ""
        self._body.append(f'<polygon points="{pts}" fill="{ink(fill)}"{stroke}/>')

    def text(self, x: float, y: float, text: str, size: float, fill: Colour, *, bold: bool = False,
             anchor: str = "lt") -> None:
        """Text as Pillow's ``ImageDraw.text`` places it: ``anchor`` is two letters, l/m/r then t/m/s."""
        if len(anchor) != 2 or anchor[0] not in _ALIGN or anchor[1] not in _BASELINE:
            raise OptionError(f"anchor is two letters (l, m or r; then t, m or s), not {anchor!r}")
        base = y + _BASELINE[anchor[1]] * size
        weight = ' font-weight="bold"' if bold else ""
        self._body.append(f'<text x="{x:g}" y="{base:.1f}" font-size="{size:g}" fill="{ink(fill)}"'
                          f' text-anchor="{_ALIGN[anchor[0]]}"{weight}>{html.escape(text, quote=False)}</text>')

    def to_svg(self) -> str:
        defs = "".join(self._images)
        dim = ('<filter id="dim"><feColorMatrix type="matrix" values="0.21 0.64 0.07 0 0 '
               '0.21 0.64 0.07 0 0 0.21 0.64 0.07 0 0 0 0 0 1 0"/>'
               '<feComponentTransfer><feFuncR type="linear" slope="0.45" intercept="0.47"/>'
               '<feFuncG type="linear" slope="0.45" intercept="0.47"/>'
               '<feFuncB type="linear" slope="0.45" intercept="0.47"/></feComponentTransfer></filter>')
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{self.height}" '
                f'viewBox="0 0 {self.width} {self.height}" font-family="{FONT_FAMILY}">'
                f'<defs>{dim}{defs}</defs>{"".join(self._body)}</svg>')

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def save(self, fp: IO[Any] | Any, format: str = "SVG", **_: Any) -> None:
        """Write the SVG to a file object or a path (PNG needs Pillow)."""
        if str(format).upper() != "SVG":
            raise OptionError(f"without Pillow this picture saves as SVG only, not {format!r}")
        text = self.to_svg()
        if hasattr(fp, "write"):
            fp.write(text if hasattr(fp, "encoding") else text.encode("utf-8"))
        else:
            with open(fp, "w", encoding="utf-8") as out:
                out.write(text)

    def __repr__(self) -> str:
        return f"<SvgPicture {self.width}x{self.height}>"
