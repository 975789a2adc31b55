"""A small RGBA picture in pure Python, for where Pillow is absent (the static site's Pyodide).

The default art ships pre-drawn (:mod:`tarot_learn.render.prerendered`) as PNG files whose rows
are stored unfiltered, so reading one is a single ``zlib`` call and a sprite sheet is made by
copying byte rows: no per-pixel Python loop.  (Unfiltered rows also compress better than Pillow's
adaptive filters on flat card art.)  Other PNGs are read too, row filters undone in Python: slow,
but only for small pictures.

>>> r = Raster.new(3, 2, (255, 0, 0, 255))
>>> r.paste(Raster.new(1, 1, (0, 0, 255, 255)), (1, 1))
>>> back = Raster.from_png(r.to_png())
>>> back.size, back.getpixel((1, 1)), back.getpixel((0, 0))
((3, 2), (0, 0, 255, 255), (255, 0, 0, 255))
"""

from __future__ import annotations

import struct
import zlib
from typing import IO, Any

from ..errors import OptionError

__all__ = ["Raster", "PNG_SIGNATURE", "png_chunk"]

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_CHANNELS = {6: 4, 2: 3, 0: 1, 4: 2}   # PNG colour type -> channels (8-bit, no palette)


def png_chunk(kind: bytes, body: bytes) -> bytes:
    """One PNG chunk: length, type, body, CRC."""
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


class Raster:
    """``width`` x ``height`` RGBA pixels in a bytearray, row after row (as Pillow's ``tobytes``).

    It answers the few questions a card picture is asked (``size``, ``mode``, ``save``,
    ``_repr_png_``), so a lesson shows it exactly as it shows a Pillow image.
    """

    mode = "RGBA"

    def __init__(self, width: int, height: int, data: bytearray) -> None:
        if len(data) != width * height * 4:
            raise OptionError(f"a {width}x{height} RGBA picture holds {width * height * 4} bytes, not {len(data)}")
        self.width, self.height, self.data = width, height, data

    @classmethod
    def new(cls, width: int, height: int, colour: tuple[int, int, int, int] = (0, 0, 0, 0)) -> "Raster":
        """A picture filled with one RGBA colour."""
        return cls(width, height, bytearray(bytes(colour) * (width * height)))

    @property
    def size(self) -> tuple[int, int]:
        return self.width, self.height

    def copy(self) -> "Raster":
        return Raster(self.width, self.height, bytearray(self.data))

    def tobytes(self) -> bytes:
        return bytes(self.data)

    def getpixel(self, xy: tuple[int, int]) -> tuple[int, ...]:
        i = (xy[1] * self.width + xy[0]) * 4
        return tuple(self.data[i:i + 4])

    # ---- drawing ------------------------------------------------------------------------------
    def paste(self, other: "Raster", xy: tuple[int, int]) -> None:
        """Copy ``other`` over this picture at ``xy`` (pixels replaced, as Pillow's ``paste``)."""
        x, y = xy
        x0, x1 = max(0, x), min(self.width, x + other.width)
        if x0 >= x1:
            return
        for row in range(max(0, y), min(self.height, y + other.height)):
            src = ((row - y) * other.width + (x0 - x)) * 4
            dst = (row * self.width + x0) * 4
            self.data[dst:dst + (x1 - x0) * 4] = other.data[src:src + (x1 - x0) * 4]

    def fill_rect(self, box: tuple[float, float, float, float], colour: tuple[int, int, int, int]) -> None:
        """Fill ``box`` (x0, y0, x1, y1, ends included, coordinates cut to whole pixels the way
        Pillow's ``ImageDraw.rectangle`` cuts them) with one colour."""
        x0, y0, x1, y1 = (int(v) for v in box)
        x0, x1 = max(0, x0), min(self.width - 1, x1)
        run = bytes(colour) * (x1 - x0 + 1)
        for row in range(max(0, y0), min(self.height - 1, y1) + 1):
            i = (row * self.width + x0) * 4
            self.data[i:i + len(run)] = run

    # ---- PNG ----------------------------------------------------------------------------------
    def to_png(self) -> bytes:
        """PNG bytes: 8-bit RGBA, rows unfiltered, zlib level 9 (the same bytes every time)."""
        stride = self.width * 4
        rows = b"".join(b"\0" + bytes(self.data[r * stride:(r + 1) * stride]) for r in range(self.height))
        head = struct.pack(">IIBBBBB", self.width, self.height, 8, 6, 0, 0, 0)
        return (PNG_SIGNATURE + png_chunk(b"IHDR", head) + png_chunk(b"IDAT", zlib.compress(rows, 9))
                + png_chunk(b"IEND", b""))

    @classmethod
    def from_png(cls, data: bytes) -> "Raster":
        """Read an 8-bit, non-interlaced, non-palette PNG (the pre-drawn art is such a PNG)."""
        if data[:8] != PNG_SIGNATURE:
            raise OptionError("not a PNG file (its first bytes are not the PNG signature)")
        width = height = ctype = 0
        idat, pos = [], 8
        while pos + 8 <= len(data):
            length, kind = struct.unpack(">I4s", data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + length]
            if kind == b"IHDR":
                width, height, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
                if depth != 8 or ctype not in _CHANNELS or interlace:
                    raise OptionError("only 8-bit, non-interlaced RGB(A) or grey PNGs are read without Pillow")
            elif kind == b"IDAT":
                idat.append(body)
            elif kind == b"IEND":
                break
            pos += 12 + length
        raw = zlib.decompress(b"".join(idat))
        return cls(width, height, _to_rgba(_unfilter(raw, width, height, _CHANNELS[ctype]), _CHANNELS[ctype]))

    def save(self, fp: IO[bytes] | Any, format: str = "PNG", **_: Any) -> None:
        """Write PNG bytes to a file object or a path (as Pillow's ``Image.save``)."""
        if str(format).upper() != "PNG":
            raise OptionError(f"without Pillow a picture saves as PNG only, not {format!r}")
        if hasattr(fp, "write"):
            fp.write(self.to_png())
        else:
            with open(fp, "wb") as out:
                out.write(self.to_png())

    def _repr_png_(self) -> bytes:
        return self.to_png()

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, str]:
        # base64 text, not bytes: shown by display() in the static site's kernel too.
        from .alt import picture_bundle

        return picture_bundle(self.to_png())

    def __repr__(self) -> str:
        return f"<Raster RGBA {self.width}x{self.height}>"


def _unfilter(raw: bytes, width: int, height: int, bpp: int) -> bytearray:
    """Undo PNG row filters; rows with filter 0 (all of the pre-drawn art) are plain copies."""
    stride = width * bpp
    out = bytearray(stride * height)
    prev = bytearray(stride)
    for r in range(height):
        kind = raw[r * (stride + 1)]
        line = bytearray(raw[r * (stride + 1) + 1:(r + 1) * (stride + 1)])
        if kind:
            _undo_filter(kind, line, prev, bpp)
        out[r * stride:(r + 1) * stride] = line
        prev = line
    return out


def _undo_filter(kind: int, line: bytearray, prev: bytearray, bpp: int) -> None:
    for i in range(len(line)):
        a = line[i - bpp] if i >= bpp else 0
        b = prev[i]
        c = prev[i - bpp] if i >= bpp else 0
        if kind == 1:
            pred = a
        elif kind == 2:
            pred = b
        elif kind == 3:
            pred = (a + b) // 2
        else:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
        line[i] = (line[i] + pred) & 0xFF


def _to_rgba(pixels: bytearray, channels: int) -> bytearray:
    if channels == 4:
        return pixels
    out = bytearray()
    for i in range(0, len(pixels), channels):
        px = pixels[i:i + channels]
        if channels == 3:
            out += px + b"\xff"
        elif channels == 1:
            out += bytes((px[0], px[0], px[0], 255))
        else:
            out += bytes((px[0], px[0], px[0], px[1]))
    return out
