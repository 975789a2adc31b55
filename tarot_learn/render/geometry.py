"""Vector shapes in a unit box and the pen that draws them onto a supersampled canvas.

A :class:`Shape` is a tuple of :class:`Part` s (filled polygons or stroked polylines) described
in a box from -1 to 1 on both axes, y pointing down.  Colours are *roles* (``"fill"``, ``"ink"``,
``"light"``, ``"paper"`` ...) resolved when drawn, so one shape serves every suit colour and style.
Curves are polylines fine enough for the largest card (1200 px) after supersampling.

>>> pts = circle(0, 0, 1, n=4)
>>> [(round(x, 6) + 0.0, round(y, 6) + 0.0) for x, y in pts]
[(1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)]
>>> len(star(0, 0, 1, 0.4, 5))
10
"""

from __future__ import annotations

from dataclasses import dataclass
from math import acos, atan2, cos, degrees, hypot, pi, sin
from typing import Iterable, Mapping, Sequence

try:
    from PIL import ImageDraw
except ImportError:   # no Pillow (the browser's Python): the shipped art stands in (prerendered.py)
    ImageDraw = None  # type: ignore[assignment]

__all__ = [
    "Point", "Part", "Shape", "poly", "line", "circle", "ellipse_arc", "star", "rect",
    "rounded_rect", "leaf", "bezier", "ring", "thick", "crescent", "moved", "Affine", "paint",
]

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Part:
    """One filled polygon (``width`` = outline width, 0 for none) or stroked polyline."""

    kind: str                      # "poly" or "line"
    role: str                      # colour role of the fill (poly) or the stroke (line)
    points: tuple[Point, ...]
    width: float = 0.0             # outline width (poly) or stroke width (line), unit-box units
    outline: str | None = None     # colour role of a polygon's outline


Shape = tuple[Part, ...]


def poly(points: Iterable[Point], role: str = "fill", outline: str | None = None,
         width: float = 0.0) -> Part:
    return Part("poly", role, tuple(points), width if outline else 0.0, outline)


def line(points: Iterable[Point], role: str = "ink", width: float = 0.05) -> Part:
    return Part("line", role, tuple(points), width)


def ellipse_arc(cx: float, cy: float, rx: float, ry: float, start: float = 0.0,
                end: float = 360.0, n: int = 72) -> list[Point]:
    """Points on an ellipse from ``start`` to ``end`` degrees (0 = +x, 90 = down), inclusive."""
    steps = max(2, int(n * abs(end - start) / 360.0))
    out = []
    for i in range(steps + 1):
        a = (start + (end - start) * i / steps) * pi / 180.0
        out.append((cx + rx * cos(a), cy + ry * sin(a)))
    return out


def circle(cx: float, cy: float, r: float, n: int = 72) -> list[Point]:
    """A closed ring of ``n`` points (no repeated end point)."""
    return [(cx + r * cos(2 * pi * i / n), cy + r * sin(2 * pi * i / n)) for i in range(n)]


def star(cx: float, cy: float, r_out: float, r_in: float, points: int,
         turn: float = -90.0) -> list[Point]:
    """A star polygon with ``points`` tips; the first tip points at ``turn`` degrees (up)."""
    out = []
    for i in range(2 * points):
        r = r_out if i % 2 == 0 else r_in
        a = (turn + 180.0 * i / points) * pi / 180.0
        out.append((cx + r * cos(a), cy + r * sin(a)))
    return out


def rect(x0: float, y0: float, x1: float, y1: float) -> list[Point]:
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def rounded_rect(x0: float, y0: float, x1: float, y1: float, r: float, n: int = 10) -> list[Point]:
    """A rectangle with quarter-circle corners of radius ``r``."""
    r = min(r, (x1 - x0) / 2, (y1 - y0) / 2)
    out: list[Point] = []
    for cx, cy, a0 in ((x1 - r, y0 + r, -90), (x1 - r, y1 - r, 0), (x0 + r, y1 - r, 90),
                       (x0 + r, y0 + r, 180)):
        out.extend(ellipse_arc(cx, cy, r, r, a0, a0 + 90, n * 4))
    return out


def leaf(cx: float, cy: float, length: float, width: float, angle: float = 0.0,
         n: int = 24) -> list[Point]:
    """An almond (two circular arcs meeting in points) centred on (cx, cy); ``angle`` in degrees
    turns it from lying along +x."""
    pts = []
    for i in range(n + 1):
        t = -1 + 2 * i / n
        pts.append((t * length / 2, (1 - t * t) * width / 2))
    pts += [(x, -y) for x, y in reversed(pts[1:-1])]
    a = angle * pi / 180
    ca, sa = cos(a), sin(a)
    return [(cx + x * ca - y * sa, cy + x * sa + y * ca) for x, y in pts]


def bezier(p0: Point, p1: Point, p2: Point, p3: Point | None = None, n: int = 24) -> list[Point]:
    """A quadratic (three points) or cubic (four points) Bezier curve as ``n + 1`` points."""
    out = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        if p3 is None:
            x = u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0]
            y = u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1]
        else:
            x = u ** 3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t ** 3 * p3[0]
            y = u ** 3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t ** 3 * p3[1]
        out.append((x, y))
    return out


def ring(cx: float, cy: float, r_out: float, r_in: float, n: int = 72) -> list[Point]:
    """An annulus as one polygon (outer ring, a seam, inner ring backwards)."""
    outer = circle(cx, cy, r_out, n)
    inner = circle(cx, cy, r_in, n)
    return outer + [outer[0], inner[0]] + inner[::-1] + [inner[0]]


def thick(points: Sequence[Point], width: float) -> list[Point]:
    """The outline of a polyline swept with ``width``, as a polygon (for outlined strokes)."""
    left, right = [], []
    n = len(points)
    for i, (x, y) in enumerate(points):
        x0, y0 = points[max(0, i - 1)]
        x1, y1 = points[min(n - 1, i + 1)]
        a = atan2(y1 - y0, x1 - x0)
        nx, ny = -sin(a) * width / 2, cos(a) * width / 2
        left.append((x + nx, y + ny))
        right.append((x - nx, y - ny))
    return left + right[::-1]


@dataclass(frozen=True, slots=True)
class Affine:
    """``x' = a x + b y + c``, ``y' = d x + e y + f``: where a unit-box shape lands on a canvas."""

    a: float
    b: float
    c: float
    d: float
    e: float
    f: float

    @classmethod
    def place(cls, cx: float, cy: float, size: float, turn: float = 0.0,
              flip: bool = False) -> "Affine":
        """Centre at (cx, cy), half-size ``size``, turned ``turn`` degrees, mirrored if ``flip``."""
        t = turn * pi / 180
        ct, st = cos(t) * size, sin(t) * size
        m = -1.0 if flip else 1.0
        return cls(ct * m, -st, cx, st * m, ct, cy)

    @property
    def scale(self) -> float:
        return abs(self.a * self.e - self.b * self.d) ** 0.5

    def __call__(self, p: Point) -> Point:
        x, y = p
        return (self.a * x + self.b * y + self.c, self.d * x + self.e * y + self.f)


def paint(draw: ImageDraw.ImageDraw, shape: Shape, where: Affine,
          colours: Mapping[str, str | tuple[int, ...]]) -> None:
    """Draw ``shape`` with ``where`` mapping unit-box points to pixels; roles -> ``colours``."""
    a, b, c, d, e, f, s = where.a, where.b, where.c, where.d, where.e, where.f, where.scale
    for part in shape:
        pts = [(a * x + b * y + c, d * x + e * y + f) for x, y in part.points]
        if part.kind == "poly":
            w = int(round(part.width * s)) if part.outline else 0
            draw.polygon(pts, fill=colours[part.role],
                         outline=colours[part.outline] if part.outline and w else None,
                         width=max(1, w))
        else:
            w = max(1, int(round(part.width * s)))
            draw.line(pts, fill=colours[part.role], width=w, joint="curve")
            if w > 2:  # round caps: Pillow's lines end square
                r = w / 2 - 0.5
                for x, y in (pts[0], pts[-1]):
                    draw.ellipse((x - r, y - r, x + r, y + r), fill=colours[part.role])


def distance(p: Point, q: Point) -> float:
    return hypot(p[0] - q[0], p[1] - q[1])


def crescent(cx: float, cy: float, r: float, d: float, turn: float = 0.0,
             n: int = 60) -> list[Point]:
    """A crescent: the disc of radius ``r`` less the same disc moved ``d * r`` along ``turn``
    degrees (0 = the bite is on the right, so the horns point right)."""
    t0 = degrees(acos(d / 2))
    outer = ellipse_arc(0, 0, 1, 1, t0, 360 - t0, n)
    inner = ellipse_arc(d, 0, 1, 1, 180 + t0, 180 - t0, n)
    a = turn * pi / 180
    ca, sa = cos(a) * r, sin(a) * r
    return [(cx + x * ca - y * sa, cy + x * sa + y * ca) for x, y in outer + inner]


def moved(shape: Shape, where: Affine, roles: Mapping[str, str] | None = None) -> Shape:
    """``shape`` carried by ``where`` into another unit box (to nest one motif in another), with
    colour roles renamed through ``roles``."""
    roles = roles or {}
    s = where.scale
    return tuple(
        Part(p.kind, roles.get(p.role, p.role), tuple(where(q) for q in p.points), p.width * s,
             roles.get(p.outline, p.outline) if p.outline else None)
        for p in shape
    )
