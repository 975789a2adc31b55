"""Public card pictures: faces, backs, PNG bytes and sprite sheets, cached.

Every image is RGBA, ``height`` pixels tall and ``card_width(height)`` = ``round(height * 0.58)``
wide (tarot cards are about 7 x 12 cm).  A transparent margin of about 2.5 % of the height runs
round the card body so the highlight glow and the soft shadow fit without changing the size: a
board can swap styles without moving anything.

Cached images are shared: treat them as read-only and ``.copy()`` one before drawing on it.
"""

from __future__ import annotations

import io
from functools import lru_cache
from typing import Iterable

try:
    from PIL import Image, ImageChops, ImageDraw, ImageFilter
except ImportError:   # the browser's Python has no Pillow: the shipped art is used (prerendered.py)
    Image = ImageChops = ImageDraw = ImageFilter = None  # type: ignore[assignment]

from ..cards import Card
from ..errors import CardError, OptionError
from . import prerendered
from .cache import ByteLRU
from .face import (CORNER_RADIUS, EDGE_INSET, Canvas, detail_for, draw_back, draw_face,
                   name_areas_units, supersample_for)
from .geometry import rounded_rect
from .palette import HIGHLIGHT

__all__ = ["card_image", "back_image", "card_png", "sprite_sheet", "card_width", "card_size",
           "margin_for", "STYLES", "ASPECT", "MIN_HEIGHT", "MAX_HEIGHT", "clear_cache",
           "check_height", "check_style", "check_card", "body_size", "frame_body", "name_areas",
           "draw_card_image", "draw_back_image", "back_png"]

ASPECT = 0.58
MIN_HEIGHT, MAX_HEIGHT = 20, 4000
STYLES = ("normal", "highlight", "dim")

# 256 MB of decoded pixels is ~1400 cards at the default height, a whole deck at every style
# and several sizes; big faces (1200 px, 3.3 MB each) push older entries out first.
_IMAGES = ByteLRU(256 * 1024 * 1024)
_PNGS = ByteLRU(64 * 1024 * 1024)


def check_height(height: object, what: str = "height") -> int:
    """``height`` as an int in 20..4000, or a one-line :class:`OptionError` saying what to pass.

    >>> check_height(280)
    280
    >>> check_height(5, "card_height")
    Traceback (most recent call last):
    ...
    tarot_learn.errors.OptionError: card_height must be from 20 to 4000 pixels (e.g. 280), not 5
    """
    if isinstance(height, bool) or not isinstance(height, int):
        raise OptionError(f"{what} must be a whole number of pixels from {MIN_HEIGHT} to "
                         f"{MAX_HEIGHT} (e.g. 280), not {height!r}")
    if not MIN_HEIGHT <= height <= MAX_HEIGHT:
        raise OptionError(f"{what} must be from {MIN_HEIGHT} to {MAX_HEIGHT} pixels "
                         f"(e.g. 280), not {height}")
    return height


def check_style(style: object) -> str:
    """``style`` if it is one of :data:`STYLES`, else a one-line :class:`OptionError`."""
    if style not in STYLES:
        raise OptionError(f"style must be one of 'normal', 'highlight', 'dim', not {style!r}")
    return style  # type: ignore[return-value]


def check_card(card: object) -> Card:
    """``card`` if it is a :class:`~tarot_learn.cards.Card`, else a one-line :class:`CardError`
    saying how to make one (every picture function checks its card with this)."""
    if not isinstance(card, Card):
        raise CardError(f"expected a tarot_learn Card such as Card.parse('T19'), not "
                        f"{type(card).__name__} {card!r}")
    return card


def card_width(height: int) -> int:
    """Width in pixels of a card image ``height`` pixels tall.

    >>> card_width(280), card_width(120)
    (162, 70)
    """
    return max(1, round(height * ASPECT))


def card_size(height: int) -> tuple[int, int]:
    """``(width, height)`` of a card image."""
    return card_width(height), height


def margin_for(height: int) -> int:
    """The transparent border round the card body, in pixels.

    >>> margin_for(280), margin_for(40)
    (7, 1)
    """
    return max(1, round(height * 0.025))


def body_size(height: int) -> tuple[int, int, int]:
    """``(width, height, margin)`` of the card body inside a ``height``-pixel card image: the
    body is what a face or a scan fills; the margin round it holds the shadow and the glow.

    >>> body_size(280)
    (148, 266, 7)
    """
    m = margin_for(height)
    return card_width(height) - 2 * m, height - 2 * m, m


def name_areas(card: Card, height: int, *, four_colour: bool = False
               ) -> list[tuple[tuple[float, float, float, float], str]]:
    """Where the default art of ``card`` at ``height`` prints the card's name, as
    ``((x0, y0, x1, y1), colour)`` rectangles in pixels of :func:`card_image` with the colour
    under the text, so a picture can be shown without its name (the recognition drill).  Trump
    titles, the ace's caption, the court's rank banner and suit line; only cards large enough
    to print them (the ``'full'`` detail level) have any.

    >>> from tarot_learn.cards import Card
    >>> [box for box, _ in name_areas(Card.parse("T19"), 280)]
    [(36.79, 217.14, 125.21, 259.7)]
    >>> name_areas(Card.parse("7C"), 280), name_areas(Card.parse("T19"), 120)
    ([], [])
    """
    check_card(card)
    bw, bh, m = body_size(check_height(height))
    if detail_for(bh) != "full":
        return []
    u = bh / 1000.0
    return [((round(m + x0 * u, 2), round(m + y0 * u, 2), round(m + x1 * u, 2), round(m + y1 * u, 2)), fill)
            for (x0, y0, x1, y1), fill in name_areas_units(card, 1000.0 * bw / bh, four_colour)]


@lru_cache(maxsize=64)
def _layers(height: int) -> tuple[Image.Image, Image.Image, Image.Image]:
    """The style layers of one card size: soft shadow (RGBA), highlight halo (RGBA) and the
    highlight ring's mask (L).  Every card body has the same rounded outline, so these are drawn
    once per size from that outline (supersampled), not traced from each card's pixels."""
    w, h = card_size(height)
    bw, bh, m = body_size(height)
    ss = max(1, min(4, round(1600 / height)))   # smooth edges without giant masks at 4000 px
    u = bh * ss / 1000.0                      # supersampled pixels per card unit
    x0, y0 = m * ss + EDGE_INSET * u, m * ss + EDGE_INSET * u
    x1, y1 = (m + bw) * ss - EDGE_INSET * u, (m + bh) * ss - EDGE_INSET * u
    radius = CORNER_RADIUS * u

    def outline(grow_px: float) -> Image.Image:
        g = grow_px * ss
        mask = Image.new("L", (w * ss, h * ss), 0)
        ImageDraw.Draw(mask).polygon(
            rounded_rect(x0 - g, y0 - g, x1 + g, y1 + g, max(1.0, radius + g)), fill=255)
        return mask.resize((w, h), Image.Resampling.BOX)

    body = outline(0)
    drop = max(1, m // 2)
    shadow_alpha = Image.new("L", (w, h), 0)
    shadow_alpha.paste(body.point(lambda v: v * 70 // 255), (0, drop))
    shadow_alpha = shadow_alpha.filter(ImageFilter.GaussianBlur(max(0.6, m * 0.5)))
    shadow = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    shadow.paste(Image.new("RGBA", (w, h), (0, 0, 0, 255)), (0, 0), shadow_alpha)
    halo_alpha = outline(m * 0.8).filter(ImageFilter.GaussianBlur(max(1.0, m * 0.45)))
    halo = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    halo.paste(Image.new("RGBA", (w, h), HIGHLIGHT), (0, 0), halo_alpha)
    # The ring straddles the card's edge: a pixel outside it and ring_w pixels inside.
    ring_w = max(2, round(h * 0.014))   # stays clear of the corner index
    ring = ImageChops.subtract(outline(1), outline(-ring_w))
    return shadow, halo, ring


def frame_body(body: Image.Image, height: int, style: str = "normal") -> Image.Image:
    """Place a finished card body (RGBA, :func:`body_size` big) on its transparent sheet with the
    shadow, the highlight glow and ring, or dimming: how every face, back and scan is framed, so
    all have the same size, margin and look of selection.

    >>> from PIL import Image
    >>> frame_body(Image.new("RGBA", body_size(120)[:2], "white"), 120, "highlight").size
    (70, 120)
    """
    style = check_style(style)
    w, h = card_size(height)
    m = margin_for(height)
    shadow, halo, ring = _layers(height)
    if style == "highlight":
        # A sky-blue halo outside the card and a solid ring on its edge: plain even in
        # greyscale, because the ring is a thick band, not only a change of hue.
        out = halo.copy()
        out.alpha_composite(body, (m, m))
        out.paste(Image.new("RGBA", (w, h), HIGHLIGHT), (0, 0), ring)
        return out
    if style == "dim":
        grey = body.convert("L").point(lambda v: 120 + v * 115 // 255)
        body = Image.merge("RGBA", (grey, grey, grey, body.getchannel("A")))
    out = shadow.copy()
    out.alpha_composite(body, (m, m))
    return out


def card_image(card: Card, height: int = 280, *, style: str = "normal", show_value: bool = True,
               four_colour: bool = False) -> Image.Image:
    """The face of ``card`` as an RGBA image ``height`` pixels tall (width ``height * 0.58``).

    ``style`` is ``'normal'``, ``'highlight'`` (a sky-blue glow and ring: selected card, legal
    destination) or ``'dim'`` (greyed: not playable now).  ``show_value`` adds the "plays as N"
    badge to trumps and tarot courts (Tarot Solitaire's numerology; the Fool is "wild").
    ``four_colour`` gives standard diamonds and clubs their own hues.  The second copy of a
    double-pack card looks exactly like the first.

    >>> from tarot_learn.cards import Card
    >>> img = card_image(Card.parse("T19"), 120)
    >>> img.size, img.mode
    ((70, 120), 'RGBA')
    >>> card_image(Card.parse("T19"), 120) is img          # cached
    True
    >>> card_image("T19")
    Traceback (most recent call last):
    ...
    tarot_learn.errors.CardError: expected a tarot_learn Card such as Card.parse('T19'), not str 'T19'
    """
    card = check_card(card)
    height = check_height(height)
    style = check_style(style)
    if card.copy:
        card = type(card)(card.suit, card.rank, 0)
    show_value, four_colour = bool(show_value), bool(four_colour)
    key = ("face", card, height, style, show_value, four_colour)
    img = _IMAGES.get(key)
    if img is None:
        img = _shipped(card, height, style, show_value, four_colour)
        if img is None:
            img = draw_card_image(card, height, style=style, show_value=show_value, four_colour=four_colour)
        _IMAGES.put(key, img, img.width * img.height * 4)
    return img


def draw_card_image(card: Card, height: int = 280, *, style: str = "normal", show_value: bool = True,
                    four_colour: bool = False) -> Image.Image:
    """:func:`card_image` drawn by the renderer itself, never taken from the shipped art (what
    the shipped art is made of and checked against).  Needs Pillow."""
    _need_pillow(f"drawing a card {height} pixels tall in style {style!r}")
    return frame_body(_body_image(check_card(card), height, bool(show_value), bool(four_colour)), height, style)


def draw_back_image(height: int = 280, style: str = "normal") -> Image.Image:
    """:func:`back_image` drawn by the renderer itself.  Needs Pillow."""
    _need_pillow(f"drawing a card back {height} pixels tall in style {style!r}")
    bw, bh, _ = body_size(height)
    cv = Canvas(bw, bh, supersample_for(bh))
    draw_back(cv)
    return frame_body(cv.finish(), height, style)


def _need_pillow(what: str) -> None:
    if Image is None:
        raise OptionError(f"{what} needs Pillow (pip install pillow); without it the pictures come in the "
                          f"pre-drawn sizes {', '.join(map(str, prerendered.HEIGHTS))}, style 'normal'")


def _shipped(card: Card | None, height: int, style: str, show_value: bool, four_colour: bool) -> object:
    """The pre-drawn picture (a Pillow image, or a Raster without Pillow), or None to draw it.
    Without Pillow a size not shipped comes in the nearest shipped one at least as tall."""
    if style != "normal":
        return None
    if Image is None:
        height = prerendered.nearest_height(height)
    data = prerendered.png(card, height, show_value=show_value, four_colour=four_colour)
    if data is None:
        return None
    if Image is None:
        from .raster import Raster

        return Raster.from_png(data)
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def _body_image(card: Card, height: int, show_value: bool, four_colour: bool) -> Image.Image:
    """The card body without margin or style, shared by the three styles of one face."""
    key = ("body", card, height, show_value, four_colour)
    body = _IMAGES.get(key)
    if body is None:
        bw, bh, _ = body_size(height)
        cv = Canvas(bw, bh, supersample_for(bh))
        draw_face(cv, card, show_value=show_value, four_colour=four_colour)
        body = cv.finish()
        _IMAGES.put(key, body, body.width * body.height * 4)
    return body


def back_image(height: int = 280, style: str = "normal") -> Image.Image:
    """The card back (midnight blue, gold lattice, central star medallion), same size as a face.

    >>> back_image(100).size
    (58, 100)
    """
    height = check_height(height)
    style = check_style(style)
    key = ("back", height, style)
    img = _IMAGES.get(key)
    if img is None:
        img = _shipped(None, height, style, True, False)
        if img is None:
            img = draw_back_image(height, style)
        _IMAGES.put(key, img, img.width * img.height * 4)
    return img


def _png(img: Image.Image) -> bytes:
    if Image is None:
        return img.to_png()   # type: ignore[attr-defined]
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=False, compress_level=6)
    return buf.getvalue()


def card_png(card: Card, height: int = 280, *, style: str = "normal", show_value: bool = True,
             four_colour: bool = False) -> bytes:
    """:func:`card_image` encoded as PNG bytes (cached), for ``_repr_png_`` and widgets.

    >>> from tarot_learn.cards import Card
    >>> card_png(Card.parse("AW"), 60)[:8]
    b'\\x89PNG\\r\\n\\x1a\\n'
    """
    img = card_image(card, height, style=style, show_value=show_value, four_colour=four_colour)
    card = card if not card.copy else type(card)(card.suit, card.rank, 0)
    key = (card, height, style, bool(show_value), bool(four_colour))
    data = _PNGS.get(key)
    if data is None:
        shipped = style == "normal" and prerendered.png(card, img.height, show_value=bool(show_value),
                                                        four_colour=bool(four_colour))
        data = shipped or _png(img)
        _PNGS.put(key, data, len(data))
    return data


def back_png(height: int = 280, style: str = "normal") -> bytes:
    """:func:`back_image` encoded as PNG bytes (cached).

    >>> back_png(60)[:8]
    b'\\x89PNG\\r\\n\\x1a\\n'
    """
    img = back_image(height, style)
    key = ("back", height, style)
    data = _PNGS.get(key)
    if data is None:
        data = (style == "normal" and prerendered.png(None, img.height)) or _png(img)
        _PNGS.put(key, data, len(data))
    return data


def sprite_sheet(cards: Iterable[Card], height: int = 280, *, columns: int | None = None,
                 style: str = "normal", show_value: bool = True, four_colour: bool = False,
                 back: bool = True) -> tuple[Image.Image, dict[str, tuple[int, int, int, int]]]:
    """All ``cards`` (and the back, under the key ``"back"``) in one image, so a widget can send
    the pictures once and show each card by its rectangle.

    Returns ``(image, {notation: (x, y, w, h)})``.  Cards that look the same (the two copies in
    a double pack) share one cell; their notations both point at it.

    >>> from tarot_learn.cards import parse_cards
    >>> img, where = sprite_sheet(parse_cards("AW T0 AW"), 50)
    >>> sorted(where), where["AW"], img.size
    (['AW', 'T0', 'back'], (0, 0, 29, 50), (87, 50))
    """
    height = check_height(height)
    cards = [check_card(c) for c in cards]
    cells: list[tuple[object, Image.Image]] = []
    seen: dict[Card, int] = {}
    where_cell: dict[str, int] = {}
    for c in cards:
        plain = c if not c.copy else type(c)(c.suit, c.rank, 0)
        if plain not in seen:
            seen[plain] = len(cells)
            cells.append((plain, card_image(plain, height, style=style, show_value=show_value,
                                            four_colour=four_colour)))
        where_cell[str(c)] = seen[plain]
    if back:
        where_cell["back"] = len(cells)
        cells.append(("back", back_image(height, style)))
    if columns is not None and (isinstance(columns, bool) or not isinstance(columns, int)
                                or columns < 1):
        raise OptionError(f"columns must be a whole number >= 1, not {columns!r}")
    n = max(1, len(cells))
    cols = columns or min(n, 14)
    rows = -(-n // cols)
    w, h = cells[0][1].size if cells else card_size(height)   # without Pillow: the shipped size
    sheet = _blank(cols * w, rows * h)
    for i, (_, img) in enumerate(cells):
        sheet.paste(img, ((i % cols) * w, (i // cols) * h))
    rects = {name: ((i % cols) * w, (i // cols) * h, w, h) for name, i in where_cell.items()}
    return sheet, rects


def _blank(width: int, height: int) -> object:
    """A transparent picture: a Pillow image, or a Raster where Pillow is absent."""
    if Image is None:
        from .raster import Raster

        return Raster.new(width, height)
    return Image.new("RGBA", (width, height), (0, 0, 0, 0))


def clear_cache() -> None:
    """Forget every cached image and PNG (tests and benchmarks use this for cold timings)."""
    _IMAGES.clear()
    _PNGS.clear()
