"""Composing card faces and backs in card units, then downsampling for smooth edges.

Geometry is laid out in *card units*: the card body is 1000 units tall and ``width_units`` wide
(about 558), y pointing down.  A :class:`Canvas` draws at ``ss`` times the final size and
:meth:`Canvas.finish` shrinks it with a Lanczos filter, which antialiases every polygon edge.

Three levels of detail keep small cards readable: ``"full"`` (180 px and taller) draws every
element, ``"small"`` (90-179 px) drops fine print and enlarges what identifies the card, ``"tiny"``
(below 90 px) keeps only a big index and one big symbol.
"""

from __future__ import annotations

from functools import lru_cache
from math import cos, pi, sin

try:
    from PIL import Image, ImageDraw
except ImportError:   # no Pillow (the browser's Python): the shipped art stands in (prerendered.py)
    Image = ImageDraw = None  # type: ignore[assignment]

from ..cards import Card, roman
from ..numerology import playing_value
from .emblems import court_motif, trump_emblem
from .fonts import font
from .geometry import Affine, Point, Shape, circle, paint, rounded_rect, star
from .palette import BACK, EDGE, PAPER, TRUMP, Ink, suit_ink
from .pips import PIP_SCALE, pip_layout, suit_shape, trump_mark

__all__ = ["Canvas", "CORNER_RADIUS", "EDGE_INSET", "draw_face", "draw_back", "detail_for",
           "supersample_for", "rank_text", "value_text", "body_mask", "name_areas_units"]

_RADIUS = 34.0        # corner radius of the card, in card units
CORNER_RADIUS = _RADIUS
EDGE_INSET = 2.5      # the card's outline runs this far inside the body box (half its line)
_INDEX_X = 64.0       # centre of the corner index column
_INDEX_W = 84.0       # widest the index text may be (keeps 22 units clear of the edge)
# Where the full-detail faces print a card's name (card units): the drawing below and
# name_areas_units() both read these, so a covered name stays covered if the art moves.
_TRUMP_TITLE_Y = 868.0    # centre of a trump's title (one line, or between two)
_ACE_CAPTION_Y = 770.0    # the ace's caption
_COURT_BANNER_Y = 690.0   # the court's banner with its rank word
_COURT_SUIT_Y = 780.0     # "of Cups" under the banner


def detail_for(body_height: int) -> str:
    """``'full'``, ``'small'`` or ``'tiny'`` for a card body this many pixels tall.

    >>> detail_for(266), detail_for(114), detail_for(38)
    ('full', 'small', 'tiny')
    """
    return "full" if body_height >= 180 else ("small" if body_height >= 90 else "tiny")


def supersample_for(body_height: int) -> int:
    """Drawing scale: enough pixels for smooth curves, bounded so big cards stay quick.  Past
    2000 px a pixel step on an edge is too fine to see, and drawing twice as large would cost
    four times the memory (a 4000 px card would need a 100 MB canvas), so those draw 1:1.

    >>> supersample_for(266), supersample_for(38), supersample_for(1140), supersample_for(3800)
    (3, 6, 2, 1)
    """
    if body_height >= 2000:
        return 1
    return max(2, min(6, round(800 / body_height)))


class Canvas:
    """A supersampled drawing surface in card units.

    It is RGB, not RGBA: shrinking RGB is several times cheaper (no alpha premultiplying), and
    the card's rounded outline, the same on every card, becomes the alpha channel afterwards
    (:func:`body_mask`).  Outside the card the canvas holds the edge colour, so the antialiased
    rim blends into the card's own border line.
    """

    def __init__(self, body_w: int, body_h: int, ss: int) -> None:
        self.body_w, self.body_h, self.ss = body_w, body_h, ss
        self.img = Image.new("RGB", (body_w * ss, body_h * ss), EDGE)
        self.draw = ImageDraw.Draw(self.img)
        self.u = body_h * ss / 1000.0                 # pixels per card unit
        self.width_units = 1000.0 * body_w / body_h

    # -- primitives -----------------------------------------------------------------------------
    def pts(self, points: list[Point]) -> list[Point]:
        u = self.u
        return [(x * u, y * u) for x, y in points]

    def polygon(self, points: list[Point], fill: str | None, outline: str | None = None,
                width: float = 0.0) -> None:
        w = max(1, round(width * self.u)) if outline else 1
        self.draw.polygon(self.pts(points), fill=fill, outline=outline, width=w)

    def shape(self, shape: Shape, cx: float, cy: float, size: float,
              colours: dict[str, str], turn: float = 0.0) -> None:
        """Draw a unit-box shape centred at (cx, cy) with half-size ``size``, in card units."""
        u = self.u
        paint(self.draw, shape, Affine.place(cx * u, cy * u, size * u, turn), colours)

    def text(self, x: float, y: float, s: str, size: float, fill: str, *, bold: bool = False,
             max_width: float | None = None, squash: bool = False, anchor: str = "mm") -> float:
        """Write ``s`` centred on (x, y) at ``size`` units; too wide text is squeezed sideways
        (``squash``) or set smaller.  Returns the width used, in card units."""
        u = self.u
        f = font(round(size * u), bold)
        width = f.getlength(s) / u
        if max_width is None or width <= max_width:
            self.draw.text((x * u, y * u), s, font=f, fill=fill, anchor=anchor)
            return width
        if not squash or width > max_width * 1.8:
            size = size * max_width / width
            f = font(round(size * u), bold)
            self.draw.text((x * u, y * u), s, font=f, fill=fill, anchor=anchor)
            return max_width
        # Squeeze: draw into a mask, narrow it and stamp it, as condensed type would look.
        left, top, right, bottom = f.getbbox(s, anchor="lt")
        mask = Image.new("L", (right + 2, bottom + 2), 0)
        ImageDraw.Draw(mask).text((1, 1), s, font=f, fill=255, anchor="lt")
        new_w = max(1, round(max_width * u))
        mask = mask.resize((new_w, mask.height), Image.Resampling.LANCZOS)
        asc = f.getbbox(s, anchor="lm")[1]  # offset of the ink top from the middle line
        ox = round(x * u - new_w / 2)
        oy = round(y * u + asc - 1)
        self.img.paste(Image.new(self.img.mode, mask.size, fill), (ox, oy), mask)
        return max_width

    def lines_fit(self, s: str, size: float, max_width: float, bold: bool) -> list[str]:
        """Break ``s`` into at most two lines that fit ``max_width`` at ``size`` if it can."""
        f = font(round(size * self.u), bold)
        if f.getlength(s) / self.u <= max_width or " " not in s:
            return [s]
        words = s.split()
        best = [s]
        best_w = float("inf")
        for i in range(1, len(words)):
            a, b = " ".join(words[:i]), " ".join(words[i:])
            w = max(f.getlength(a), f.getlength(b)) / self.u
            if w < best_w:
                best, best_w = [a, b], w
        return best

    def mirror_corner(self, w_units: float, h_units: float) -> None:
        """Copy the top-left corner, turned half a revolution, into the bottom-right corner."""
        w, h = round(w_units * self.u), round(h_units * self.u)
        region = self.img.crop((0, 0, w, h)).rotate(180)
        self.img.paste(region, (self.img.width - w, self.img.height - h))

    def finish(self) -> Image.Image:
        """The RGBA card body: a box-filter reduction (exact area averaging, the classic
        supersampling filter) with the card's outline as alpha."""
        img = self.img.reduce(self.ss).convert("RGBA")
        img.putalpha(body_mask(self.body_w, self.body_h, self.ss))
        return img


@lru_cache(maxsize=64)
def body_mask(body_w: int, body_h: int, ss: int) -> Image.Image:
    """Coverage of the card's rounded outline, drawn and reduced exactly as a face is."""
    u = body_h * ss / 1000.0
    w_units = 1000.0 * body_w / body_h
    e = EDGE_INSET
    mask = Image.new("L", (body_w * ss, body_h * ss), 0)
    pts = [(x * u, y * u) for x, y in rounded_rect(e, e, w_units - e, 1000 - e, _RADIUS)]
    ImageDraw.Draw(mask).polygon(pts, fill=255, outline=255)
    return mask.reduce(ss)


# ---- shared pieces -------------------------------------------------------------------------------

def rank_text(card: Card) -> str:
    """The corner index text: ``A 2..10 P N Q K`` (tarot), ``J Q K`` (standard), trump number.

    >>> [rank_text(Card.parse(t)) for t in ("NC", "10W", "T19")]
    ['N', '10', '19']
    """
    if card.is_trump:
        return str(card.rank)
    return str(card)[:-1].rstrip("'") if not card.copy else str(card)[:-2]


def value_text(card: Card) -> str | None:
    """The "plays as" badge text, or None when the card shows no badge (number cards and the
    standard pack).

    >>> value_text(Card.parse("T19")), value_text(Card.parse("T0")), value_text(Card.parse("PW"))
    ('plays as 10', 'wild', 'plays as 11')
    >>> value_text(Card.parse("7C")) is None
    True
    """
    if card.pack != "tarot" or not (card.is_trump or card.is_court):
        return None
    value = playing_value(card)
    return "wild" if value is None else f"plays as {value}"


def _colours(ink: Ink) -> dict[str, str]:
    return {"fill": ink.fill, "ink": ink.ink, "light": ink.light, "paper": PAPER}


_TRUMP_COLOURS = {"gold": TRUMP.gold, "pale": TRUMP.pale, "deep": TRUMP.deep,
                  "violet": TRUMP.violet, "panel": TRUMP.panel, "fill": TRUMP.gold,
                  "ink": TRUMP.deep, "light": TRUMP.pale, "paper": PAPER}


def _blank(cv: Canvas) -> None:
    w = cv.width_units
    e = EDGE_INSET
    cv.polygon(rounded_rect(e, e, w - e, 1000 - e, _RADIUS), PAPER, EDGE, 2 * e)


def _index(cv: Canvas, card: Card, ink: Ink, detail: str, colours: dict[str, str]) -> float:
    """Draw the top-left index (rank over a small suit sign); return its height in units."""
    k = 1.0 if detail == "full" else 1.25
    text = rank_text(card)
    size = 100 * k
    y_text = 24 + size * 0.45
    cv.text(_INDEX_X * k ** 0.5, y_text, text, size, ink.ink, bold=True,
            max_width=_INDEX_W * k, squash=True)
    y_sign = y_text + size * 0.55 + 38 * k
    shape = trump_mark() if card.is_trump else suit_shape(card.suit)
    cv.shape(shape, _INDEX_X * k ** 0.5, y_sign, 36 * k * PIP_SCALE[card.suit], colours)
    return y_sign + 42 * k


def _badge(cv: Canvas, cx: float, cy: float, text: str, size: float, fg: str, bg: str,
           edge: str, max_width: float | None = None) -> None:
    """A pill with ``text`` (the "plays as" value), shrunk to ``max_width`` if given."""
    f = font(round(size * cv.u), True)
    if max_width is not None:
        natural = f.getlength(text) / cv.u + size
        if natural > max_width:
            size *= max_width / natural
            f = font(round(size * cv.u), True)
    w = f.getlength(text) / cv.u + size * 1.0
    h = size * 1.55
    cv.polygon(rounded_rect(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2, h / 2), bg, edge,
               size * 0.12)
    cv.text(cx, cy, text, size, fg, bold=True)


# ---- faces ---------------------------------------------------------------------------------------

def draw_face(cv: Canvas, card: Card, *, show_value: bool, four_colour: bool) -> None:
    """Paint the whole face of ``card`` onto ``cv``."""
    detail = detail_for(cv.body_h)
    ink = suit_ink(card.suit, four_colour)
    colours = _TRUMP_COLOURS if card.is_trump else _colours(ink)
    _blank(cv)
    if detail == "tiny":
        _tiny(cv, card, ink, colours)
        return
    index_h = _index(cv, card, ink, detail, colours)
    cv.mirror_corner(_INDEX_X * 2 + 8, index_h)
    if card.is_trump:
        _trump(cv, card, detail, show_value)
    elif card.is_court:
        _court(cv, card, ink, colours, detail, show_value)
    elif card.rank == 1:
        _ace(cv, card, ink, colours, detail)
    else:
        _pips(cv, card, colours)


def _tiny(cv: Canvas, card: Card, ink: Ink, colours: dict[str, str]) -> None:
    w = cv.width_units
    text = rank_text(card)
    cv.text(w * 0.5, 250, text, 330, ink.ink, bold=True, max_width=w - 80, squash=True)
    if card.is_trump:
        cv.shape(trump_mark(), w * 0.5, 690, 200, colours)
    else:
        cv.shape(suit_shape(card.suit), w * 0.5, 690, 200 * PIP_SCALE[card.suit], colours)


def _pips(cv: Canvas, card: Card, colours: dict[str, str]) -> None:
    w = cv.width_units
    x0, x1 = w * 0.31, w * 0.69
    y0, y1 = 212.0, 788.0
    size = 64.0 * PIP_SCALE[card.suit]
    shape = suit_shape(card.suit)
    for fx, fy, down in pip_layout(card.rank):
        cv.shape(shape, x0 + (x1 - x0) * fx, y0 + (y1 - y0) * fy, size, colours,
                 turn=180.0 if down else 0.0)


def _ace(cv: Canvas, card: Card, ink: Ink, colours: dict[str, str], detail: str) -> None:
    w = cv.width_units
    cx, cy = w / 2, 480.0
    # A pale medallion with a fine ring and a ring of dots frames the single great pip.
    cv.polygon(circle(cx, cy, 205, 120), ink.light)
    cv.polygon(circle(cx, cy, 205, 120), None, ink.fill, 5)
    for i in range(24):
        a = 2 * pi * i / 24
        cv.polygon(circle(cx + 228 * cos(a), cy + 228 * sin(a), 7, 12), ink.fill)
    cv.shape(suit_shape(card.suit), cx, cy, 150 * PIP_SCALE[card.suit], colours)
    if detail == "full":
        cv.text(cx, _ACE_CAPTION_Y, card.title.upper(), 40, ink.ink, bold=True, max_width=w - 260)


_MOTIF = {11: "cap", 12: "horse", 13: "tiara", 14: "crown"}
_STD_MOTIF = {11: "cap", 12: "tiara", 13: "crown"}


def _court(cv: Canvas, card: Card, ink: Ink, colours: dict[str, str], detail: str,
           show_value: bool) -> None:
    w = cv.width_units
    inset = 128.0 if detail == "full" else 150.0   # small cards have a bigger index
    x0, x1 = inset, w - inset
    y0, y1 = 48.0, 952.0
    cx = w / 2
    cv.polygon(rounded_rect(x0, y0, x1, y1, 22), ink.light, ink.fill, 6)
    cv.polygon(rounded_rect(x0 + 16, y0 + 16, x1 - 16, y1 - 16, 14), None, ink.fill, 2.5)
    motif = (_MOTIF if card.pack == "tarot" else _STD_MOTIF)[card.rank]
    word = card.rank_name.upper()
    if detail == "full":
        cv.shape(court_motif(motif), cx, 250, 112, colours)
        cv.polygon(circle(cx, 505, 102, 96), PAPER, ink.fill, 4)
        cv.shape(suit_shape(card.suit), cx, 505, 74 * PIP_SCALE[card.suit], colours)
        # A banner carries the rank word; the suit name sits under it.
        by = _COURT_BANNER_Y
        cv.polygon([(x0 + 4, by - 44), (x1 - 4, by - 44), (x1 - 26, by), (x1 - 4, by + 44),
                    (x0 + 4, by + 44), (x0 + 26, by)], ink.fill, ink.ink, 3)
        cv.text(cx, by, word, 56, PAPER, bold=True, max_width=x1 - x0 - 70)
        cv.text(cx, _COURT_SUIT_Y, f"of {card.suit.title}", 44, ink.ink, max_width=x1 - x0 - 40)
        text = value_text(card)
        if show_value and text:
            k = min(1.3, max(1.0, 260 / cv.body_h))
            _badge(cv, cx, 870, text, 36 * k, ink.ink, PAPER, ink.fill, max_width=x1 - x0 - 44)
    else:
        cv.shape(court_motif(motif), cx, 300, 108, colours)
        cv.shape(suit_shape(card.suit), cx, 620, 96 * PIP_SCALE[card.suit], colours)
        if show_value and card.pack == "tarot":
            _badge(cv, cx, 860, str(playing_value(card)), 70, ink.ink, PAPER, ink.fill)


def _trump(cv: Canvas, card: Card, detail: str, show_value: bool) -> None:
    w = cv.width_units
    cx = w / 2
    numeral = roman(card.rank)
    px0, px1 = 40.0, w - 40.0
    text = value_text(card) or ""
    if detail == "full":
        cv.text(cx, 112, numeral, 84, TRUMP.text, bold=True, max_width=w - 2 * 124)
        py0, py1 = 238.0, 752.0
    else:
        cv.text(cx, 128, numeral, 112, TRUMP.text, bold=True, max_width=w - 2 * 150,
                squash=True)
        py0, py1 = 270.0, 740.0
    # The window: a night-violet arch framed in gold, with four small stars in its corners.
    arch = rounded_rect(px0, py0, px1, py1, 26)
    cv.polygon(arch, TRUMP.panel, TRUMP.panel_edge, 7)
    cv.polygon(rounded_rect(px0 + 14, py0 + 14, px1 - 14, py1 - 14, 16), None, TRUMP.violet, 3)
    for sx, sy in ((px0 + 36, py0 + 36), (px1 - 36, py0 + 36), (px0 + 36, py1 - 36),
                   (px1 - 36, py1 - 36)):
        cv.polygon(star(sx, sy, 12, 4, 4), TRUMP.pale)
    emblem_size = min((px1 - px0) / 2 - 42, (py1 - py0) / 2 - 40)
    cv.shape(trump_emblem(card.rank), cx, (py0 + py1) / 2 - 6, emblem_size, _TRUMP_COLOURS)
    if detail == "full":
        # Fine print grows a little on cards under 260 px so it stays readable.
        k = min(1.35, max(1.0, 260 / cv.body_h))
        room = w - 2 * 140
        lines = cv.lines_fit(card.title, 50 * k, room, False)
        size = (50.0 if len(lines) == 1 else 44.0) * k
        f = font(round(size * cv.u), True)
        widest = max(f.getlength(s) for s in lines) / cv.u
        size = min(size, size * room / widest)        # both lines in one size
        ys = [_TRUMP_TITLE_Y] if len(lines) == 1 else [_TRUMP_TITLE_Y - size * 0.6, _TRUMP_TITLE_Y + size * 0.6]
        for s, y in zip(lines, ys):
            cv.text(cx, y, s, size, TRUMP.text, bold=True)
        if show_value and text:
            _badge(cv, cx, py1, text, 34 * k, TRUMP.text, PAPER, TRUMP.panel_edge,
                   max_width=px1 - px0 - 40)
    elif show_value and text:
        short = "wild" if card.is_fool else text.split()[-1]
        _badge(cv, cx, py1 + 8, short, 74, TRUMP.text, PAPER, TRUMP.panel_edge)


def name_areas_units(card: Card, width_units: float, four_colour: bool = False
                     ) -> list[tuple[tuple[float, float, float, float], str]]:
    """Where a full-detail face of ``card`` prints its name, as ``((x0, y0, x1, y1), colour)``
    boxes in card units (the body ``width_units`` wide and 1000 tall) with the colour under the
    text: a trump's title (one or two lines, descenders too), the ace's caption, the court's
    rank word on its banner and the suit line under it.  Number cards print no name.

    >>> name_areas_units(Card.parse("T19"), 558.0)
    [((112.0, 790.0, 446.0, 950.0), '#FBF7EC')]
    """
    w = width_units
    if card.is_trump:
        return [((112.0, _TRUMP_TITLE_Y - 78, w - 112.0, _TRUMP_TITLE_Y + 82), PAPER)]
    if card.rank == 1:
        return [((128.0, _ACE_CAPTION_Y - 30, w - 128.0, _ACE_CAPTION_Y + 30), PAPER)]
    if card.is_court:
        ink = suit_ink(card.suit, four_colour)
        return [((150.0, _COURT_BANNER_Y - 38, w - 150.0, _COURT_BANNER_Y + 38), ink.fill),
                ((150.0, _COURT_SUIT_Y - 30, w - 150.0, _COURT_SUIT_Y + 32), ink.light)]
    return []


# ---- backs ---------------------------------------------------------------------------------------

def draw_back(cv: Canvas) -> None:
    """A midnight-blue back with a gold lattice and a central medallion; the same either way up,
    so a face-down card gives nothing away."""
    w = cv.width_units
    _blank(cv)
    m = 30.0
    cv.polygon(rounded_rect(m, m, w - m, 1000 - m, _RADIUS * 0.6), BACK.field, BACK.line, 4)
    x0, y0, x1, y1 = m + 16, m + 16, w - m - 16, 1000 - m - 16
    detail = detail_for(cv.body_h)
    step = 70.0 if detail == "full" else 110.0
    cx, cy = w / 2, 500.0
    # Diagonal lattice, centred on the middle so the pattern is point-symmetric.
    n = int((x1 - x0 + y1 - y0) / step) + 2
    lw = 2.4 if detail == "full" else 4.0
    for k in range(-n, n + 1):
        for sgn in (1, -1):
            # The line y - cy = sgn * (x - cx) + k * step, clipped to the inner frame.
            seg = _clip_line(cx, cy, sgn, k * step, x0, y0, x1, y1)
            if seg:
                cv.draw.line(cv.pts(seg), fill=BACK.line, width=max(1, round(lw * cv.u)))
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            x = cx + (i + j) * step / 2
            y = cy + (i - j) * step / 2
            if x0 + 8 < x < x1 - 8 and y0 + 8 < y < y1 - 8:
                cv.polygon(star(x, y, 9 if detail == "full" else 14, 4, 4), BACK.dot)
    cv.polygon(rounded_rect(x0, y0, x1, y1, 10), None, BACK.line, 3)
    # Central medallion.
    r = min(w * 0.3, 170.0)
    cv.polygon(circle(cx, cy, r + 14, 120), BACK.field, BACK.line, 4)
    cv.polygon(circle(cx, cy, r, 120), BACK.accent, BACK.line, 3)
    cv.polygon(star(cx, cy, r * 0.86, r * 0.4, 8, -90), BACK.line)
    cv.polygon(star(cx, cy, r * 0.5, r * 0.24, 8, -67.5), BACK.dot)
    cv.polygon(circle(cx, cy, r * 0.16, 48), BACK.field, BACK.line, 3)
    for i in range(16):
        a = 2 * pi * i / 16
        cv.polygon(circle(cx + (r + 30) * cos(a), cy + (r + 30) * sin(a), 6, 12), BACK.dot)


def _clip_line(cx: float, cy: float, slope: int, offset: float, x0: float, y0: float, x1: float,
               y1: float) -> list[Point] | None:
    """The part inside the box of the line y = cy + slope * (x - cx) + offset."""
    pts = []
    for x in (x0, x1):
        y = cy + slope * (x - cx) + offset
        if y0 <= y <= y1:
            pts.append((x, y))
    for y in (y0, y1):
        x = cx + (y - cy - offset) / slope
        if x0 <= x <= x1:
            pts.append((x, y))
    pts = sorted(set(pts))
    return [pts[0], pts[-1]] if len(pts) >= 2 and pts[0] != pts[-1] else None
