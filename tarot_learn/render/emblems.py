"""Emblems: one simple geometric picture for each trump, and the court cards' motifs.

Trump emblems live in the unit box and use the roles ``gold``, ``pale``, ``violet``, ``panel``
(the colour of the window behind them) and ``deep`` (a darker violet for outlines and cut-outs).
Court motifs (crown, tiara, horse, cap) use the suit roles ``fill``, ``ink``, ``light``, ``paper``.

>>> len({trump_emblem(n) for n in range(22)})   # every trump has its own picture
22
>>> sorted(COURT_MOTIFS)
['cap', 'crown', 'horse', 'tiara']
"""

from __future__ import annotations

from functools import lru_cache
from math import atan2, cos, degrees, pi, sin
from typing import Callable

from ..cards import Suit
from .geometry import (Affine, Part, Shape, bezier, circle, crescent, ellipse_arc, leaf, line,
                       moved, poly, rect, ring, rounded_rect, star, thick)
from .pips import suit_shape

__all__ = ["trump_emblem", "court_motif", "COURT_MOTIFS"]

_W = 0.05  # outline width of emblem parts


def _g(points, role: str = "gold", width: float = _W) -> Part:
    return poly(points, role, "deep", width)


def _stroke_ring(cx: float, cy: float, r: float, w: float, role: str = "gold",
                 a0: float = 0, a1: float = 360) -> Part:
    return line(ellipse_arc(cx, cy, r, r, a0, a1, 72), role, w)


def _fool() -> Shape:
    left = bezier((-0.66, 0.32), (-1.0, -0.1), (-0.86, -0.55)) + bezier(
        (-0.86, -0.55), (-0.55, -0.1), (-0.22, 0.3))
    mid = bezier((-0.3, 0.3), (-0.28, -0.4), (0.0, -0.88)) + bezier(
        (0.0, -0.88), (0.28, -0.4), (0.3, 0.3))
    right = [(-x, y) for x, y in reversed(left)]
    band = rounded_rect(-0.72, 0.28, 0.72, 0.58, 0.1)
    parts = [_g(left, "pale"), _g(right, "pale"), _g(mid, "gold"), _g(band, "gold")]
    for x, y in ((-0.86, -0.6), (0.86, -0.6), (0.0, -0.93)):
        parts += [_g(circle(x, y, 0.13), "gold"), poly(circle(x, y + 0.05, 0.035), "deep")]
    parts += [_g(star(x, 0.43, 0.1, 0.05, 4), "pale", 0.02) for x in (-0.4, 0, 0.4)]
    # A little bundle on a stick: the traveller's pack.
    parts += [line([(-0.55, 0.95), (0.55, 0.7)], "pale", 0.06),
              _g(circle(0.58, 0.68, 0.16), "gold")]
    return tuple(parts)


def _lemniscate(cx: float, cy: float, a: float) -> list[tuple[float, float]]:
    pts = []
    for i in range(97):
        t = 2 * pi * i / 96
        k = 1 + sin(t) ** 2
        pts.append((cx + a * cos(t) / k, cy + a * sin(t) * cos(t) / k))
    return pts


def _magician() -> Shape:
    parts: list[Part] = [line(_lemniscate(0, -0.45, 0.78), "deep", 0.2),
                         line(_lemniscate(0, -0.45, 0.78), "gold", 0.12)]
    parts.append(_g(rounded_rect(-0.95, 0.62, 0.95, 0.78, 0.04), "pale"))
    tools = (Suit.WANDS, Suit.CUPS, Suit.SWORDS, Suit.PENTACLES)
    roles = {"fill": "gold", "ink": "deep", "light": "pale", "paper": "violet"}
    for i, suit in enumerate(tools):
        parts += moved(suit_shape(suit), Affine.place(-0.7 + i * 0.47, 0.33, 0.24), roles)
    return tuple(parts)


def _priestess() -> Shape:
    parts: list[Part] = []
    for x, role in ((-0.66, "pale"), (0.66, "gold")):
        parts += [_g(rect(x - 0.14, -0.62, x + 0.14, 0.88), role),
                  _g(rect(x - 0.22, -0.78, x + 0.22, -0.62), role),
                  _g(rect(x - 0.22, 0.84, x + 0.22, 0.96), role)]
    parts += [_g(crescent(0, -0.46, 0.34, 0.9, -90), "pale"),
              _g(circle(0, -0.55, 0.14), "gold"),
              _g(rounded_rect(-0.3, 0.05, 0.3, 0.72, 0.08), "pale"),
              line([(-0.18, 0.25), (0.18, 0.25)], "deep", 0.05),
              line([(-0.18, 0.4), (0.18, 0.4)], "deep", 0.05),
              line([(-0.18, 0.55), (0.1, 0.55)], "deep", 0.05)]
    return tuple(parts)


def _empress() -> Shape:
    parts: list[Part] = [_g(ring(0, -0.22, 0.58, 0.38), "gold"),
                         _g(rect(-0.1, 0.32, 0.1, 0.98), "gold"),
                         _g(rect(-0.42, 0.55, 0.42, 0.73), "gold")]
    for i in range(7):  # a crown of stars over the mirror of Venus
        a = (200 + 140 * i / 6) * pi / 180
        parts.append(_g(star(0.86 * cos(a), -0.22 + 0.86 * sin(a), 0.12, 0.05, 5), "pale", 0.02))
    parts.append(_g(circle(0, -0.22, 0.18), "pale"))
    return tuple(parts)


def _emperor() -> Shape:
    return (
        _g(rect(-0.09, -0.98, 0.09, -0.3), "gold"),
        _g(rect(-0.32, -0.8, 0.32, -0.64), "gold"),
        _g(circle(0, 0.3, 0.66), "gold"),
        _g(rect(-0.66, 0.22, 0.66, 0.38), "pale", 0.03),
        _g(rect(-0.08, -0.36, 0.08, 0.22), "pale", 0.03),
        _g(star(0, 0.3, 0.13, 0.06, 4), "deep", 0.0),
        _g(circle(-0.34, 0.62, 0.07), "pale", 0.02),
        _g(circle(0.34, 0.62, 0.07), "pale", 0.02),
        _g(circle(0, 0.74, 0.07), "pale", 0.02),
    )


def _hierophant() -> Shape:
    parts: list[Part] = [_g(rect(-0.07, -0.95, 0.07, 0.62), "gold")]
    for y, half in ((-0.7, 0.26), (-0.44, 0.4), (-0.18, 0.54)):
        parts.append(_g(rect(-half, y - 0.07, half, y + 0.07), "gold"))
    for i, half in enumerate((0.4, 0.6, 0.8)):  # three steps under the staff
        y = 0.6 + i * 0.13
        parts.append(_g(rect(-half, y, half, y + 0.13), "pale"))
    parts.append(_g(circle(0, -0.95, 0.09), "pale"))
    return tuple(parts)


def _lovers() -> Shape:
    gold = ellipse_arc(-0.3, 0.2, 0.5, 0.5, 0, 360, 96)
    pale = ellipse_arc(0.3, 0.2, 0.5, 0.5, 0, 360, 96)
    heart = [(x * 0.28, y * 0.26 - 0.68) for x, y in _heart_pts()]
    return (
        line(gold, "deep", 0.2), line(gold, "gold", 0.12),
        line(pale, "deep", 0.2), line(pale, "pale", 0.12),
        # Re-draw one crossing of the gold ring on top so the rings interlock.
        line(ellipse_arc(-0.3, 0.2, 0.5, 0.5, -40, 10, 20), "deep", 0.2),
        line(ellipse_arc(-0.3, 0.2, 0.5, 0.5, -45, 15, 20), "gold", 0.12),
        _g(heart, "pale"),
        line([(-0.55, -0.68), (-0.38, -0.68)], "gold", 0.05),
        line([(0.38, -0.68), (0.55, -0.68)], "gold", 0.05),
    )


def _heart_pts() -> list[tuple[float, float]]:
    pts = []
    for i in range(60):
        t = 2 * pi * i / 60
        pts.append((16 * sin(t) ** 3 / 16.6,
                    (-(13 * cos(t) - 5 * cos(2 * t) - 2 * cos(3 * t) - cos(4 * t)) + 2.6) / 14.6))
    return pts


def _wheel_parts(cx: float, cy: float, r: float, spokes: int, role: str = "gold") -> list[Part]:
    parts: list[Part] = [_g(ring(cx, cy, r, r * 0.78), role)]
    for i in range(spokes):
        a = 2 * pi * i / spokes
        parts.append(line([(cx + 0.18 * r * cos(a), cy + 0.18 * r * sin(a)),
                           (cx + 0.8 * r * cos(a), cy + 0.8 * r * sin(a))], role, r * 0.09))
    parts.append(_g(circle(cx, cy, r * 0.22), "pale"))
    return parts


def _chariot() -> Shape:
    parts: list[Part] = [
        _g(rect(-0.58, -0.58, -0.48, 0.0), "pale"), _g(rect(0.48, -0.58, 0.58, 0.0), "pale"),
        _g(bezier((-0.72, -0.5), (0, -1.02), (0.72, -0.5)) + [(0.72, -0.58)]
           + bezier((0.72, -0.58), (0, -0.82), (-0.72, -0.58))[1:], "pale"),
        _g([(-0.7, -0.05), (0.7, -0.05), (0.52, 0.5), (-0.52, 0.5)], "gold"),
        _g(star(0, 0.2, 0.16, 0.07, 8), "pale", 0.02),
    ]
    parts += [_g(star(x, -0.66, 0.06, 0.03, 4), "gold", 0.0) for x in (-0.3, 0, 0.3)]
    parts += _wheel_parts(-0.56, 0.62, 0.32, 6) + _wheel_parts(0.56, 0.62, 0.32, 6)
    return tuple(parts)


def _strength() -> Shape:
    return (
        _g(star(0, 0, 0.97, 0.74, 14, -90), "gold"),
        _g(circle(-0.44, -0.46, 0.14), "pale"), _g(circle(0.44, -0.46, 0.14), "pale"),
        _g(circle(0, 0.04, 0.6), "pale"),
        _g(leaf(-0.22, -0.1, 0.2, 0.09, 15), "deep", 0.0),
        _g(leaf(0.22, -0.1, 0.2, 0.09, -15), "deep", 0.0),
        _g([(-0.12, 0.12), (0.12, 0.12), (0, 0.26)], "deep", 0.0),
        line([(0, 0.26), (0, 0.36)] + bezier((0, 0.36), (-0.12, 0.46), (-0.22, 0.38), n=8),
             "deep", 0.04),
        line([(0, 0.36)] + bezier((0, 0.36), (0.12, 0.46), (0.22, 0.38), n=8), "deep", 0.04),
    )


def _hermit() -> Shape:
    return (
        _stroke_ring(0, -0.86, 0.11, 0.05),
        _g([(-0.38, -0.52), (0, -0.76), (0.38, -0.52)], "gold"),
        _g(rect(-0.34, -0.52, 0.34, 0.46), "pale"),
        _g(star(0, -0.03, 0.27, 0.13, 6, -90), "gold", 0.02),
        line([(-0.34, -0.52), (-0.34, 0.46)], "gold", 0.07),
        line([(0.34, -0.52), (0.34, 0.46)], "gold", 0.07),
        _g([(-0.42, 0.46), (0.42, 0.46), (0.3, 0.62), (-0.3, 0.62)], "gold"),
        line([(0, 0.62), (0, 0.98)], "gold", 0.06),
        *[line([(0.5 * cos(a), -0.03 + 0.5 * sin(a)), (0.78 * cos(a), -0.03 + 0.78 * sin(a))],
               "pale", 0.035)
          for a in (pi * k / 4 for k in (-1, 0, 1, 3, 4, 5))],
    )


def _wheel() -> Shape:
    parts: list[Part] = [_g(ring(0, 0, 0.92, 0.74), "gold")]
    for i in range(8):
        a = 2 * pi * i / 8
        parts.append(line([(0.2 * cos(a), 0.2 * sin(a)), (0.76 * cos(a), 0.76 * sin(a))],
                          "gold", 0.08))
        parts.append(_g(circle(0.83 * cos(a + pi / 8), 0.83 * sin(a + pi / 8), 0.06), "pale",
                        0.02))
    parts += [_g(circle(0, 0, 0.24), "pale"), _g(circle(0, 0, 0.09), "gold")]
    return tuple(parts)


def _justice() -> Shape:
    parts: list[Part] = [
        _g(rect(-0.06, -0.72, 0.06, 0.78), "gold"),
        _g([(-0.4, 0.95), (0.4, 0.95), (0.22, 0.76), (-0.22, 0.76)], "gold"),
        _g(rect(-0.82, -0.6, 0.82, -0.5), "gold"),
        _g(circle(0, -0.8, 0.1), "pale"),
    ]
    for x in (-0.7, 0.7):
        parts += [line([(x, -0.52), (x - 0.26, 0.12)], "pale", 0.025),
                  line([(x, -0.52), (x + 0.26, 0.12)], "pale", 0.025),
                  _g(ellipse_arc(x, 0.1, 0.3, 0.2, 0, 180, 30), "pale")]
    return tuple(parts)


def _hanged() -> Shape:
    # Hung by one ankle from a beam; the free leg bent behind the straight one makes a "4",
    # the arms fold behind the back, the head (haloed) hangs lowest.
    return (
        _g(rect(-0.82, -0.94, 0.82, -0.78), "gold"),
        _g(rect(-0.8, -0.8, -0.66, 0.96), "gold"), _g(rect(0.66, -0.8, 0.8, 0.96), "gold"),
        line([(0, -0.8), (0, -0.6)], "pale", 0.04),
        _g(thick([(0.05, 0.02), (0.36, -0.2), (0.03, -0.34)], 0.12), "gold", 0.035),
        _g(thick([(0, -0.64), (0, 0.08)], 0.14), "gold", 0.035),
        _g([(-0.26, 0.44), (-0.36, 0.18), (0.36, 0.18), (0.26, 0.44)], "pale", 0.035),
        _g([(-0.17, 0.0), (0.17, 0.0), (0.24, 0.46), (-0.24, 0.46)], "gold"),
        _stroke_ring(0, 0.68, 0.26, 0.05, "pale"),
        _g(circle(0, 0.68, 0.16), "pale"),
    )


def _death() -> Shape:
    blade = (bezier((0.52, -0.86), (-0.05, -1.06), (-0.9, -0.42))
             + bezier((-0.9, -0.42), (-0.2, -0.72), (0.46, -0.64))[1:])
    parts: list[Part] = [
        _g(thick(bezier((0.58, -0.95), (0.35, 0.0), (-0.3, 0.95)), 0.1), "pale"),
        _g(blade, "gold"),
    ]
    for i in range(5):  # a five-petalled rose: life goes on
        a = (-90 + 72 * i) * pi / 180
        parts.append(_g(circle(0.46 + 0.16 * cos(a), 0.5 + 0.16 * sin(a), 0.15), "pale"))
    parts += [_g(circle(0.46, 0.5, 0.1), "gold"),
              _g(leaf(0.28, 0.82, 0.3, 0.12, 140), "gold")]
    return tuple(parts)


def _temperance() -> Shape:
    roles = {"fill": "gold", "ink": "deep", "light": "pale", "paper": "violet"}
    cup = suit_shape(Suit.CUPS)
    return (
        _g(rect(-0.26, -0.98, 0.26, -0.46), "pale", 0.04),
        _g([(0, -0.92), (0.2, -0.52), (-0.2, -0.52)], "gold", 0.03),
        *moved(cup, Affine.place(-0.45, -0.05, 0.36, turn=-40), roles),
        line(bezier((-0.22, -0.3), (0.35, -0.3), (0.42, 0.28)), "pale", 0.07),
        line(bezier((-0.24, -0.22), (0.25, -0.2), (0.34, 0.28)), "gold", 0.035),
        *moved(cup, Affine.place(0.45, 0.58, 0.38), roles),
    )


def _devil() -> Shape:
    horn = (bezier((-0.38, -0.18), (-0.62, -0.5), (-0.58, -0.98))
            + bezier((-0.58, -0.98), (-0.4, -0.55), (-0.1, -0.34))[1:])
    parts: list[Part] = [_g(horn, "pale"), _g([(-x, y) for x, y in horn], "pale"),
                         _g(circle(0, 0.0, 0.42), "gold"),
                         _g(leaf(-0.17, -0.05, 0.22, 0.08, 20), "deep", 0.0),
                         _g(leaf(0.17, -0.05, 0.22, 0.08, -20), "deep", 0.0),
                         line(bezier((-0.16, 0.2), (0, 0.3), (0.16, 0.2), n=8), "deep", 0.04)]
    for i, y in enumerate((0.55, 0.72, 0.89)):  # a chain hangs below: links alternate
        rx, ry = (0.13, 0.1) if i % 2 == 0 else (0.05, 0.11)
        parts.append(line(ellipse_arc(0, y, rx, ry, 0, 360, 40), "pale", 0.045))
    return tuple(parts)


def _tower() -> Shape:
    body = [(-0.36, -0.36), (0.36, -0.36), (0.46, 0.96), (-0.46, 0.96)]
    parts: list[Part] = [_g(body, "gold"), _g(rect(-0.44, -0.52, 0.44, -0.34), "gold")]
    parts += [poly(rect(x - 0.06, -0.53, x + 0.06, -0.42), "deep") for x in (-0.22, 0.0, 0.22)]
    parts += [_g(ellipse_arc(x, y, 0.07, 0.07, 180, 360, 16) + [(x + 0.07, y + 0.16),
                                                                 (x - 0.07, y + 0.16)], "deep", 0)
              for x, y in ((-0.16, -0.1), (0.16, -0.1), (0.0, 0.28))]
    parts.append(_g(ellipse_arc(0, 0.78, 0.13, 0.13, 180, 360, 16) + [(0.13, 0.97), (-0.13, 0.97)],
                    "deep", 0))
    bolt = [(0.98, -1.0), (0.5, -0.66), (0.66, -0.62), (0.22, -0.36), (0.5, -0.72), (0.34, -0.74),
            (0.72, -1.0)]
    crown = [(-0.28, -0.62), (-0.3, -0.86), (-0.2, -0.72), (-0.12, -0.9), (-0.06, -0.7),
             (0.04, -0.82), (0.0, -0.58)]
    parts += [_g(bolt, "pale", 0.03), _g(crown, "pale", 0.03)]
    return tuple(parts)


def _star_card() -> Shape:
    parts: list[Part] = [_g(star(0, -0.2, 0.62, 0.22, 8, -90), "gold"),
                         _g(star(0, -0.2, 0.3, 0.14, 8, -67.5), "pale", 0.02)]
    for i in range(7):
        a = (205 + 130 * i / 6) * pi / 180
        parts.append(_g(star(0.86 * cos(a) * 1.05, 0.18 + 0.8 * sin(a) * 1.12 - 0.05,
                             0.11, 0.045, 8), "pale", 0.02))
    for k, y in enumerate((0.66, 0.8, 0.94)):
        pts = [(-0.9 + 1.8 * i / 40, y + 0.035 * sin(i * pi / 5 + k)) for i in range(41)]
        parts.append(line(pts, "pale" if k % 2 == 0 else "gold", 0.04))
    return tuple(parts)


def _moon() -> Shape:
    parts: list[Part] = [_g(crescent(0.12, -0.2, 0.66, 0.62, 180 + 30), "gold")]
    for x, y in ((-0.48, 0.54), (-0.12, 0.66), (0.22, 0.56), (0.52, 0.7)):
        parts.append(_g(ellipse_arc(x, y, 0.07, 0.07, 0, 180, 16) + [(x, y - 0.16)], "pale",
                        0.02))
    for x in (-0.78, 0.78):  # two small towers on the horizon
        parts += [_g(rect(x - 0.12, 0.52, x + 0.12, 0.96), "pale", 0.03),
                  _g([(x - 0.15, 0.52), (x, 0.36), (x + 0.15, 0.52)], "pale", 0.03)]
    parts += [_g(star(0.52, -0.72, 0.07, 0.03, 4), "pale", 0.0),
              _g(star(0.72, -0.38, 0.05, 0.02, 4), "pale", 0.0)]
    return tuple(parts)


def _sun() -> Shape:
    parts: list[Part] = []
    for i in range(16):
        a = 2 * pi * i / 16
        if i % 2 == 0:
            w = 0.11
            parts.append(_g([(0.5 * cos(a - w), 0.5 * sin(a - w)), (0.98 * cos(a), 0.98 * sin(a)),
                             (0.5 * cos(a + w), 0.5 * sin(a + w))], "gold", 0.03))
        else:
            pts = []
            for k in range(21):
                r = 0.52 + 0.36 * k / 20
                da = 0.07 * sin(k * pi / 5)
                pts.append((r * cos(a + da), r * sin(a + da)))
            parts.append(line(pts, "pale", 0.045))
    parts += [_g(circle(0, 0, 0.5), "gold"), _g(circle(0, 0, 0.36), "pale", 0.03),
              _g(circle(0, 0, 0.2), "gold", 0.03)]
    return tuple(parts)


def _judgement() -> Shape:
    along = Affine.place(-0.12, -0.4, 1.0, turn=28)
    tube = [along(p) for p in rect(-0.82, -0.075, 0.16, 0.075)]
    bell = [along(p) for p in ([(0.14, -0.08)] + bezier((0.14, -0.08), (0.5, -0.12), (0.74, -0.42))
                               + bezier((0.74, 0.42), (0.5, 0.12), (0.14, 0.08)))]
    hang = along((-0.35, 0.05))
    banner = rect(hang[0] - 0.3, hang[1], hang[0] + 0.2, hang[1] + 0.52)
    cx, cy = hang[0] - 0.05, hang[1] + 0.26
    parts: list[Part] = [
        _g(tube, "gold"), _g(bell, "gold"), _g(circle(*along((-0.86, 0)), 0.07), "gold"),
        _g(banner, "pale", 0.03),
        poly(rect(cx - 0.035, cy - 0.19, cx + 0.035, cy + 0.19), "gold"),
        poly(rect(cx - 0.16, cy - 0.035, cx + 0.16, cy + 0.035), "gold"),
    ]
    bx, by = along((0.78, 0))
    parts += [line([(bx + 0.08 * cos(a), by + 0.08 * sin(a)),
                    (bx + 0.32 * cos(a), by + 0.32 * sin(a))], "pale", 0.035)
              for a in (0.0, 0.45, 0.9, -0.45)]
    for x, r in ((-0.55, 0.26), (-0.18, 0.32), (0.22, 0.3), (0.58, 0.24)):  # clouds
        parts.append(_g(circle(x, 0.8, r), "pale", 0.03))
    parts.append(poly(rect(-0.95, 0.8, 0.95, 1.0), "panel"))
    return tuple(parts)


def _world() -> Shape:
    parts: list[Part] = []
    n = 26
    for i in range(n):
        a = 2 * pi * (i + 0.5) / n
        x, y = 0.56 * cos(a), 0.84 * sin(a)
        tangent = (-0.56 * sin(a), 0.84 * cos(a))
        ang = degrees(atan2(tangent[1], tangent[0]))
        parts.append(_g(leaf(x, y, 0.26, 0.12, ang + 25), "gold" if i % 2 else "pale", 0.02))
    for y in (-0.84, 0.84):  # ribbons binding the wreath
        parts += [_g(leaf(0, y, 0.3, 0.14, 35), "violet", 0.03),
                  _g(leaf(0, y, 0.3, 0.14, -35), "violet", 0.03)]
    parts.append(_g(star(0, 0, 0.3, 0.1, 4), "gold", 0.03))
    for x, y in ((-0.86, -0.86), (0.86, -0.86), (-0.86, 0.86), (0.86, 0.86)):
        parts.append(_g(circle(x, y, 0.1), "pale", 0.03))
    return tuple(parts)


_EMBLEMS: tuple[Callable[[], Shape], ...] = (
    _fool, _magician, _priestess, _empress, _emperor, _hierophant, _lovers, _chariot, _strength,
    _hermit, _wheel, _justice, _hanged, _death, _temperance, _devil, _tower, _star_card, _moon,
    _sun, _judgement, _world,
)


@lru_cache(maxsize=None)
def trump_emblem(number: int) -> Shape:
    """The emblem of trump ``number`` (0 the Fool .. 21 the World): cap and bells, lemniscate,
    pillars, Venus, orb, triple cross, rings, chariot, lion, lantern, wheel, scales, gallows,
    scythe, pouring cups, horns, struck tower, stars, crescent moon, sun rays, trumpet, wreath."""
    return _EMBLEMS[number]()


def _crown() -> Shape:
    top = [(-0.8, 0.3)]
    for i, x in enumerate((-0.8, -0.4, 0.0, 0.4, 0.8)):
        if i:
            top.append((x - 0.2, -0.05))
        top.append((x, -0.62 if i % 2 == 0 else -0.45))
    top += [(0.8, 0.3)]
    parts: list[Part] = [poly(top, "fill", "ink", 0.06),
                         poly(rounded_rect(-0.86, 0.26, 0.86, 0.62, 0.06), "fill", "ink", 0.06)]
    for i, x in enumerate((-0.8, -0.4, 0.0, 0.4, 0.8)):
        parts.append(poly(circle(x, -0.66 if i % 2 == 0 else -0.5, 0.11), "light", "ink", 0.05))
    for x in (-0.5, 0.0, 0.5):
        parts.append(poly(star(x, 0.44, 0.13, 0.06, 4, -90) if x else circle(x, 0.44, 0.11),
                          "paper", "ink", 0.04))
    return tuple(parts)


def _tiara() -> Shape:
    band = bezier((-0.82, 0.28), (0, 0.5), (0.82, 0.28)) + bezier((0.82, 0.6), (0, 0.82),
                                                                   (-0.82, 0.6))
    parts: list[Part] = []
    for x, h in ((-0.5, 0.55), (0.5, 0.55), (0.0, 0.9)):
        parts.append(poly(leaf(x, 0.35 - h / 2, h, 0.34, 90), "fill", "ink", 0.06))
        parts.append(poly(circle(x, 0.35 - h - 0.08, 0.1), "light", "ink", 0.05))
    parts.append(poly(band, "fill", "ink", 0.06))
    parts += [poly(circle(x, 0.52 + 0.1 * (1 - abs(x)), 0.07), "paper", "ink", 0.03)
              for x in (-0.5, -0.25, 0.0, 0.25, 0.5)]
    parts.append(poly(leaf(0, -0.2, 0.3, 0.16, 90), "paper", "ink", 0.04))
    return tuple(parts)


def _horse() -> Shape:
    head = [(-0.08, -0.96), (0.08, -0.74), (0.42, -0.6), (0.66, -0.18), (0.72, 0.3), (0.84, 0.9),
            (-0.6, 0.9), (-0.38, 0.48), (-0.1, 0.16), (-0.32, 0.1), (-0.74, 0.06), (-0.9, -0.12),
            (-0.86, -0.34), (-0.42, -0.66), (-0.24, -0.9)]
    mane = []
    for i in range(6):
        t0, t1 = i / 6, (i + 1) / 6
        p0 = (0.08 + (0.72 - 0.08) * t0, -0.74 + (0.3 + 0.74) * t0)
        p1 = (0.08 + (0.72 - 0.08) * t1, -0.74 + (0.3 + 0.74) * t1)
        mane.append(poly([p0, (p0[0] + 0.3, (p0[1] + p1[1]) / 2 - 0.05), p1], "light", "ink",
                         0.04))
    return tuple(mane) + (
        poly(head, "fill", "ink", 0.06),
        poly(circle(-0.34, -0.38, 0.09), "paper"),
        poly(circle(-0.36, -0.38, 0.045), "ink"),
        poly(circle(-0.74, -0.08, 0.05), "ink"),
        line([(-0.62, 0.45), (0.62, 0.45)], "light", 0.07),
        line([(-0.1, 0.16), (-0.05, 0.42)], "ink", 0.04),
    )


def _cap() -> Shape:
    feather = (bezier((-0.1, -0.08), (0.2, -0.8), (0.9, -0.98))
               + bezier((0.9, -0.98), (0.45, -0.5), (0.12, -0.02))[1:])
    crown = ellipse_arc(0, 0.05, 0.62, 0.55, 180, 360, 40)
    return (
        poly(feather, "light", "ink", 0.05),
        line(bezier((0.0, -0.08), (0.35, -0.6), (0.86, -0.94)), "ink", 0.03),
        poly(crown, "fill", "ink", 0.06),
        poly(ellipse_arc(0, 0.2, 0.95, 0.22, 0, 360, 60), "fill", "ink", 0.06),
        poly(rounded_rect(-0.62, 0.0, 0.62, 0.14, 0.05), "light", "ink", 0.04),
        poly(star(0.0, 0.07, 0.11, 0.05, 4, -90), "paper", "ink", 0.03),
    )


COURT_MOTIFS: dict[str, Callable[[], Shape]] = {
    "crown": _crown, "tiara": _tiara, "horse": _horse, "cap": _cap,
}


@lru_cache(maxsize=None)
def court_motif(name: str) -> Shape:
    """A court card's motif: ``'crown'`` (King), ``'tiara'`` (Queen), ``'horse'`` (Knight),
    ``'cap'`` (Page or Jack)."""
    return COURT_MOTIFS[name]()
