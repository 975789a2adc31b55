"""Image sizes read from file headers with the standard library, for where Pillow is absent
(the static site): :func:`tarot_learn.decks.validate.open_image` then checks a learner's scan for
its content type (magic bytes), its size in bytes and its dimensions with the same limits, and
keeps it as the file's own bytes (a :class:`Scan`); the browser decodes and scales it.

>>> import struct, zlib
>>> png = b"\\x89PNG\\r\\n\\x1a\\n" + struct.pack(">I", 13) + b"IHDR" + struct.pack(">IIBBBBB", 300, 500, 8, 6, 0, 0, 0)
>>> image_size(png, "PNG")
(300, 500)
>>> image_size(b"\\xff\\xd8\\xff\\xc0\\x00\\x11\\x08\\x01\\xf4\\x01\\x2c", "JPEG")
(300, 500)
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

__all__ = ["Scan", "image_size", "MIME"]

MIME = {"PNG": "image/png", "JPEG": "image/jpeg", "WEBP": "image/webp", "GIF": "image/gif"}
# JPEG start-of-frame markers (baseline, progressive, ...): they carry the picture's size.
_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


@dataclass(frozen=True)
class Scan:
    """A checked scan kept as its file's bytes: ``fmt`` is PNG, JPEG, WEBP or GIF."""

    data: bytes
    fmt: str
    width: int
    height: int

    @property
    def size(self) -> tuple[int, int]:
        return self.width, self.height

    @property
    def mime(self) -> str:
        return MIME[self.fmt]


def image_size(data: bytes, fmt: str) -> tuple[int, int] | None:
    """``(width, height)`` from the header of a PNG, JPEG, GIF or WebP file, or None when the
    header is damaged or truncated (the search is bounded by the data's length)."""
    try:
        if fmt == "PNG" and data[12:16] == b"IHDR":
            return struct.unpack(">II", data[16:24])
        if fmt == "GIF":
            return struct.unpack("<HH", data[6:10])
        if fmt == "WEBP":
            return _webp_size(data)
        if fmt == "JPEG":
            return _jpeg_size(data)
    except struct.error:
        pass
    return None


def _webp_size(data: bytes) -> tuple[int, int]:
    kind = data[12:16]
    if kind == b"VP8X":
        return 1 + int.from_bytes(data[24:27], "little"), 1 + int.from_bytes(data[27:30], "little")
    if kind == b"VP8L":
        bits = int.from_bytes(data[21:25], "little")
        return 1 + (bits & 0x3FFF), 1 + ((bits >> 14) & 0x3FFF)
    if kind == b"VP8 ":
        w, h = struct.unpack("<HH", data[26:30])
        return w & 0x3FFF, h & 0x3FFF
    raise struct.error("unknown WebP chunk")


def _jpeg_size(data: bytes) -> tuple[int, int]:
    """Walk the JPEG segments to the start-of-frame (bounded by the file's length)."""
    pos = 2
    while pos + 4 <= len(data):
        if data[pos] != 0xFF:
            raise struct.error("not a JPEG segment")
        marker = data[pos + 1]
        if marker == 0xFF:          # fill byte
            pos += 1
            continue
        if marker in _SOF:
            h, w = struct.unpack(">HH", data[pos + 5:pos + 9])
            return w, h
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            pos += 2
            continue
        pos += 2 + struct.unpack(">H", data[pos + 2:pos + 4])[0]
    raise struct.error("no frame header")
