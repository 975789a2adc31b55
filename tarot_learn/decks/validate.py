"""Opening one untrusted image file safely: where it is, what it is, how big it is.

Every check turns a bad file into :class:`ImageProblem` (a :class:`~tarot_learn.errors.DeckError`
whose text is one line that says what is wrong and what to do), so a deck loader can list it and
carry on with the other files.  The checks, in order:

* the path stays inside the deck folder once symlinks are resolved;
* it is a regular file: ``os.lstat`` says so before anything is opened, so a FIFO, a device or
  a folder is refused without opening it; it is opened non-blocking and without following a
  link, and ``fstat`` must show the same file;
* the file is at most ``limits.max_bytes`` long (checked before reading, and at most that many
  bytes plus one are ever read);
* the first bytes say PNG, JPEG, WebP or GIF and agree with the extension (a JPEG named .png
  is refused: rename it); Pillow is told to try only that format;
* the size in the header is at most ``limits.max_pixels`` pixels and each side at least
  ``limits.min_side``: checked before any pixel is decoded, so a small file that claims
  enormous dimensions (a decompression bomb) is refused cheaply.  Pillow's own guard is on
  too: while the header is read, ``Image.MAX_IMAGE_PIXELS`` is the load's limit (then put
  back) and its ``DecompressionBombWarning`` is an error;
* the pixels decode completely (a truncated or corrupt file is refused, never half-shown).
"""

from __future__ import annotations

import io
import os
import stat
import struct
import threading
import warnings
from dataclasses import dataclass
from pathlib import Path

try:
    from PIL import Image, ImageOps
except ImportError:   # the browser's Python: scans are checked from their headers (decks.headers)
    Image = ImageOps = None  # type: ignore[assignment]

from ..errors import DeckError, OptionError

__all__ = ["Limits", "ImageProblem", "sniff", "inside", "open_image", "read_regular", "shown_name",
           "FORMATS", "EXTENSION_FORMATS"]

# Content signatures -> Pillow format names.  Only these four are accepted.
FORMATS = ("PNG", "JPEG", "WEBP", "GIF")
# What each image extension promises; the content must agree.
EXTENSION_FORMATS = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG", ".jpe": "JPEG", ".webp": "WEBP",
                     ".gif": "GIF"}
_OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
               | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))
_PILLOW_GUARD = threading.Lock()   # Image.MAX_IMAGE_PIXELS is process-wide: one header at a time


@dataclass(frozen=True)
class Limits:
    """What one deck load accepts.  ``max_pixels`` is far below Pillow's process-wide guard
    (about 89 million) because a card scan never needs more than a few million."""

    max_bytes: int = 30 * 1024 * 1024
    max_pixels: int = 40_000_000
    min_side: int = 16

    def __post_init__(self) -> None:
        for field in ("max_bytes", "max_pixels", "min_side"):
            value = getattr(self, field)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise OptionError(f"{field} must be a whole number >= 1, not {value!r}")


class ImageProblem(DeckError):
    """One file refused, with a one-line reason (a :class:`DeckError`, so a caller may catch
    either)."""


def sniff(head: bytes) -> str | None:
    """The image format the first bytes announce, or None.

    >>> sniff(b"\\x89PNG\\r\\n\\x1a\\n...."), sniff(b"\\xff\\xd8\\xff\\xe0"), sniff(b"GIF89a")
    ('PNG', 'JPEG', 'GIF')
    >>> sniff(b"RIFF\\x00\\x00\\x00\\x00WEBPVP8 "), sniff(b"hello"), sniff(b"BM....")
    ('WEBP', None, None)
    """
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "PNG"
    if head.startswith(b"\xff\xd8\xff"):
        return "JPEG"
    if head[:6] in (b"GIF87a", b"GIF89a"):
        return "GIF"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "WEBP"
    return None


def _what_else(head: bytes) -> str:
    """A short guess at what a non-accepted file is, to make the message useful."""
    for sig, what in ((b"BM", "a BMP image"), (b"II*\x00", "a TIFF image"),
                      (b"MM\x00*", "a TIFF image"), (b"%PDF", "a PDF"), (b"PK\x03\x04", "a zip file"),
                      (b"<svg", "an SVG drawing"), (b"<?xml", "an XML/SVG file"),
                      (b"8BPS", "a Photoshop file")):
        if head.startswith(sig):
            return what
    if head[4:12] in (b"ftypheic", b"ftypheix", b"ftypmif1", b"ftypavif"):
        return "a HEIC/AVIF photo"
    if not head:
        return "an empty file"
    try:
        head.decode("utf-8")
        return "a text file"
    except UnicodeDecodeError:
        return "not an image"


def inside(root: Path, path: Path) -> Path:
    """``path`` resolved, if it stays inside ``root`` (already resolved); else ImageProblem.

    >>> import tempfile, os
    >>> root = Path(tempfile.mkdtemp()).resolve()
    >>> inside(root, root / "a.png") == root / "a.png"
    True
    >>> inside(root, root / ".." / "x.png")
    Traceback (most recent call last):
    ...
    tarot_learn.decks.validate.ImageProblem: the path leads outside the deck folder: keep every scan inside the folder
    """
    try:
        real = path.resolve(strict=False)
    except (OSError, RuntimeError) as err:  # symlink loops
        raise ImageProblem(f"the path cannot be resolved ({err.__class__.__name__}): "
                           "replace the link with the file itself") from None
    if real != root and root not in real.parents:
        raise ImageProblem("the path leads outside the deck folder: keep every scan inside the "
                           "folder")
    return real


def shown_name(name: str) -> str:
    """A file name fit for a one-line message: bytes that are not UTF-8 and unprintable
    characters written as escapes.

    >>> shown_name("T19.png"), shown_name("caf\\udce9.png"), shown_name("a\\nb.png")
    ('T19.png', 'caf\\\\xe9.png', 'a\\\\nb.png')
    """
    if name.isprintable():
        return name
    text = name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def _kind(mode: int) -> str:
    for test, what in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISSOCK, "a socket"), (stat.S_ISLNK, "a symbolic link")):
        if test(mode):
            return what
    return "not a regular file"


def read_regular(path: Path, limit: int, fix: str) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them; else ImageProblem.

    ``os.lstat`` first: a symlink, FIFO, device or folder is refused without being opened, and
    a file over ``limit`` bytes without being read (``fix`` says what to do then).  The file is
    opened non-blocking and without following a link, ``fstat`` must show the file ``lstat``
    saw, and at most ``limit + 1`` bytes are read."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        raise ImageProblem("no such file: check the name") from None
    except OSError as err:
        raise ImageProblem(f"cannot read it ({err.strerror or err}): check its permissions") from None
    if stat.S_ISLNK(st.st_mode):
        raise ImageProblem("it is a symbolic link: put the file itself in the deck folder")
    if not stat.S_ISREG(st.st_mode):
        raise ImageProblem(f"it is {_kind(st.st_mode)}, not a regular file: put an image file there")
    if st.st_size > limit:
        raise ImageProblem(f"the file is {_bytes(st.st_size)}, over the {_bytes(limit)} limit: {fix}")
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except OSError as err:
        raise ImageProblem(f"cannot read it ({err.strerror or err}): check its permissions") from None
    try:
        now = os.fstat(fd)
        if not stat.S_ISREG(now.st_mode) or (now.st_dev, now.st_ino) != (st.st_dev, st.st_ino):
            raise ImageProblem("the file was replaced while it was being read: load the deck again")
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as err:
        raise ImageProblem(f"cannot read it ({err.strerror or err}): check its permissions") from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise ImageProblem(f"the file grew over the {_bytes(limit)} limit while it was read: {fix}")
    return data


def _png_size(data: bytes) -> tuple[int, int] | None:
    if len(data) >= 24 and data[12:16] == b"IHDR":
        return struct.unpack(">II", data[16:24])
    return None


def open_image(path: Path, root: Path, limits: Limits,
               target_height: int | None = None) -> Image.Image:
    """Validate and fully decode one image file; returns it upright (EXIF rotation applied) in
    RGBA.  ``target_height`` lets a JPEG decode at a reduced scale that is still at least that
    tall.  Raises :class:`ImageProblem` with a one-line reason."""
    real = inside(root, path)
    data = read_regular(real, limits.max_bytes,
                        "save a smaller scan (a card needs about 1000 px in height)")
    fmt = sniff(data[:16])
    if fmt is None:
        raise ImageProblem(f"the content is {_what_else(data[:16])}, not PNG, JPEG, WebP or GIF: "
                           "export the scan in one of those formats")
    promised = EXTENSION_FORMATS.get(path.suffix.lower())
    if promised is not None and promised != fmt:
        right = next(e for e, f in EXTENSION_FORMATS.items() if f == fmt)
        raise ImageProblem(f"the content is {fmt} but the name ends in {path.suffix}: rename it to "
                           f"{path.stem}{right} (or export it as {promised})")
    claimed = _png_size(data) if fmt == "PNG" else None
    if claimed and claimed[0] * claimed[1] > limits.max_pixels:
        raise _too_big(*claimed, limits)
    if Image is None:   # no Pillow (the static site): checked from its header, kept as its bytes
        return _header_checked(data, fmt, limits)  # type: ignore[return-value]
    try:
        with warnings.catch_warnings():
            # Pillow warns (rather than raises) between its limit and twice it; either way the
            # file is refused.
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            im = _open_header(data, fmt, limits)
            w, h = im.size
            if w * h > limits.max_pixels:
                raise _too_big(w, h, limits)
            if min(w, h) < limits.min_side:
                raise ImageProblem(f"the image is only {w}x{h} pixels: use a scan at least "
                                   f"{limits.min_side} pixels on each side")
            if fmt == "JPEG" and target_height and h > 2 * target_height:
                # Decode straight at a reduced scale (still taller than what we keep): a phone
                # photo of a card then loads several times faster.
                im.draft("RGB", (-(-w * target_height // h), target_height))
            im.load()
            im = ImageOps.exif_transpose(im)
            return im.convert("RGBA")
    except ImageProblem:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise ImageProblem("the header claims more pixels than Pillow's decompression-bomb guard "
                           "allows: this is not a usable scan") from None
    except (OSError, SyntaxError, ValueError, EOFError, struct.error, IndexError,
            TypeError, MemoryError) as err:
        reason = str(err).split("\n")[0][:120] or err.__class__.__name__
        raise ImageProblem(f"the {fmt} data is damaged or truncated ({reason}): export the scan "
                           "again") from None


def _header_checked(data: bytes, fmt: str, limits: Limits) -> object:
    """A :class:`~tarot_learn.decks.headers.Scan` (the file's bytes) once its header's size
    passes the same limits Pillow's reading applies."""
    from .headers import Scan, image_size

    size = image_size(data, fmt)
    if size is None:
        raise ImageProblem(f"the {fmt} header is damaged or truncated: export the scan again")
    w, h = size
    if w * h > limits.max_pixels:
        raise _too_big(w, h, limits)
    if min(w, h) < limits.min_side:
        raise ImageProblem(f"the image is only {w}x{h} pixels: use a scan at least "
                           f"{limits.min_side} pixels on each side")
    return Scan(bytes(data), fmt, w, h)


def _open_header(data: bytes, fmt: str, limits: Limits) -> Image.Image:
    """Pillow reads the header (no pixels yet) with its bomb guard set to this load's limit."""
    with _PILLOW_GUARD:
        before = Image.MAX_IMAGE_PIXELS
        Image.MAX_IMAGE_PIXELS = limits.max_pixels
        try:
            return Image.open(io.BytesIO(data), formats=[fmt])
        except (Image.DecompressionBombError, Image.DecompressionBombWarning):
            # Refused.  Read the header once more without the guard (no pixel is decoded) only
            # to name the size in the message.
            Image.MAX_IMAGE_PIXELS = None
            raise _too_big(*Image.open(io.BytesIO(data), formats=[fmt]).size, limits) from None
        finally:
            Image.MAX_IMAGE_PIXELS = before


def _too_big(w: int, h: int, limits: Limits) -> ImageProblem:
    return ImageProblem(f"the image claims {w}x{h} pixels ({_mp(w * h)}), over the "
                        f"{_mp(limits.max_pixels)} limit (a decompression-bomb guard): use a "
                        "smaller scan")


def _mp(n: int) -> str:
    """Pixels in megapixels for a message.

    >>> _mp(10_000_000_000), _mp(40_000_000), _mp(24_000)
    ('10,000 MP', '40 MP', '0.024 MP')
    """
    return f"{n / 1e6:,.0f} MP" if n >= 10_000_000 else f"{n / 1e6:.2g} MP"


def _bytes(n: int) -> str:
    """A file size for a message.

    >>> _bytes(30 * 1024 * 1024), _bytes(300 * 1024), _bytes(2048), _bytes(1 << 30)
    ('30 MB', '300 kB', '2,048 bytes', '1 GB')
    """
    if n >= 1024 ** 3:
        return f"{n / 1024 ** 3:,.3g} GB"
    if n >= 1024 * 1024:
        return f"{n / 1024 / 1024:.3g} MB"
    return f"{n / 1024:.3g} kB" if n >= 100 * 1024 else f"{n:,} bytes"
