"""Suit symbols drawn as shapes (never font glyphs) and the classic pip arrangements.

Each symbol fills the unit box (-1..1, y down) and uses the colour roles ``fill`` (the suit
colour), ``ink`` (outline, dark shade), ``light`` (pale shade) and ``paper`` (the card stock).

>>> len(pip_layout(7)), pip_layout(1)
(7, [(0.5, 0.5, False)])
>>> sum(1 for _, _, down in pip_layout(10) if down)   # the lower half is printed upside down
5
"""

from __future__ import annotations

from functools import lru_cache
from math import cos, pi, sin

from ..cards import Suit
from ..errors import OptionError
from .geometry import (Part, Shape, bezier, circle, ellipse_arc, leaf, line, poly, rect,
                       rounded_rect, star)

__all__ = ["suit_shape", "pip_layout", "trump_mark", "PIP_SCALE"]

_OUT = 0.07  # outline width of every pip, in unit-box units


def _heart_points(n: int = 90) -> list[tuple[float, float]]:
    # The classic parametric heart, scaled so it spans y -1..1 and x about -0.96..0.96.
    pts = []
    for i in range(n):
        t = 2 * pi * i / n
        x = 16 * sin(t) ** 3
        y = -(13 * cos(t) - 5 * cos(2 * t) - 2 * cos(3 * t) - cos(4 * t))
        pts.append((x / 16.6, (y + 2.6) / 14.6))
    return pts


def _heart() -> Shape:
    return (poly(_heart_points(), "fill", "ink", _OUT),)


def _spade() -> Shape:
    body = [(x * 0.98, -y * 0.82 - 0.2) for x, y in _heart_points()]
    # The stem starts inside the body (whose lower notch reaches y = -0.07) so they join.
    stem = (bezier((-0.06, -0.2), (-0.05, 0.75), (-0.42, 0.98))
            + bezier((0.42, 0.98), (0.05, 0.75), (0.06, -0.2)))
    return (poly(stem, "fill", "ink", _OUT), poly(body, "fill", "ink", _OUT),
            poly(rect(-0.08, -0.1, 0.08, 0.45), "fill"))


def _diamond() -> Shape:
    top, right, bottom, left = (0, -1), (0.78, 0), (0, 1), (-0.78, 0)
    pts = (bezier(top, (0.32, -0.42), right)[:-1] + bezier(right, (0.32, 0.42), bottom)[:-1]
           + bezier(bottom, (-0.32, 0.42), left)[:-1] + bezier(left, (-0.32, -0.42), top)[:-1])
    return (poly(pts, "fill", "ink", _OUT),)


def _club() -> Shape:
    stem = (bezier((-0.07, 0.2), (-0.06, 0.8), (-0.45, 0.98))
            + bezier((0.45, 0.98), (0.06, 0.8), (0.07, 0.2)))
    lobes = [(0.0, -0.5), (-0.5, 0.12), (0.5, 0.12)]
    parts: list[Part] = [poly(stem, "fill", "ink", _OUT)]
    parts += [poly(circle(x, y, 0.43), "fill", "ink", _OUT) for x, y in lobes]
    # Fill the seams between the three outlined lobes so the club reads as one solid shape.
    parts.append(poly([(0, -0.3), (-0.32, 0.1), (0.32, 0.1), (0, 0.45)], "fill"))
    parts += [poly(circle(x, y, 0.36), "fill") for x, y in lobes]
    return tuple(parts)


def _wand() -> Shape:
    # A living staff: a stout rod with knots, two leaves sprouting and rounded ends.
    rod = ellipse_arc(0, -0.84, 0.17, 0.14, 180, 360, 24) + ellipse_arc(
        0, 0.86, 0.14, 0.12, 0, 180, 24)
    parts = [
        poly(leaf(0.42, -0.4, 0.62, 0.28, -38), "light", "ink", _OUT),
        poly(leaf(-0.4, 0.2, 0.58, 0.26, 218), "light", "ink", _OUT),
        line([(0.12, -0.2), (0.5, -0.58)], "ink", 0.035),
        line([(-0.12, 0.38), (-0.48, 0.02)], "ink", 0.035),
        poly(rod, "fill", "ink", _OUT),
    ]
    for y, side in ((-0.48, 1), (0.02, -1), (0.48, 1)):
        parts.append(poly(leaf(0.14 * side, y, 0.22, 0.13, 25 * side), "fill", "ink", _OUT * 0.8))
    parts.append(line([(-0.06, -0.76), (-0.05, 0.78)], "light", 0.05))
    return tuple(parts)


def _cup() -> Shape:
    bowl = ellipse_arc(0, -0.84, 0.66, 0.8, 0, 180, 60)
    stem = rect(-0.08, -0.1, 0.08, 0.62)
    knop = circle(0, 0.22, 0.15)
    foot = ([(-0.08, 0.6)] + bezier((-0.08, 0.62), (-0.22, 0.8), (-0.55, 0.84))
            + ellipse_arc(0, 0.84, 0.55, 0.13, 180, 0, 30)[::-1]
            + bezier((0.55, 0.84), (0.22, 0.8), (0.08, 0.62)))
    return (
        poly(stem, "fill", "ink", _OUT),
        poly(foot, "fill", "ink", _OUT),
        poly(knop, "fill", "ink", _OUT),
        poly(bowl, "fill", "ink", _OUT),
        poly(ellipse_arc(0, -0.84, 0.66, 0.14, 0, 360, 60), "light", "ink", _OUT),
        line(bezier((-0.42, -0.6), (-0.4, -0.3), (-0.16, -0.2), n=12), "light", 0.06),
    )


def _sword() -> Shape:
    blade = [(0, -1), (0.19, -0.7), (0.19, 0.28), (-0.19, 0.28), (-0.19, -0.7)]
    guard = rounded_rect(-0.52, 0.26, 0.52, 0.43, 0.08)
    return (
        poly(blade, "light", "ink", _OUT),
        line([(0, -0.66), (0, 0.2)], "fill", 0.09),
        poly(rect(-0.1, 0.4, 0.1, 0.8), "ink"),
        poly(guard, "fill", "ink", _OUT),
        poly(circle(-0.52, 0.345, 0.12), "fill", "ink", _OUT * 0.8),
        poly(circle(0.52, 0.345, 0.12), "fill", "ink", _OUT * 0.8),
        poly(circle(0, 0.87, 0.13), "fill", "ink", _OUT),
    )


def _pentacle() -> Shape:
    return (
        poly(circle(0, 0, 0.96, 96), "fill", "ink", _OUT),
        poly(circle(0, 0, 0.8, 96), "paper"),
        poly(circle(0, 0, 0.72, 96), "fill"),
        poly(star(0, 0.04, 0.66, 0.26, 5), "paper"),
    )


_BUILDERS = {
    Suit.WANDS: _wand, Suit.CUPS: _cup, Suit.SWORDS: _sword, Suit.PENTACLES: _pentacle,
    Suit.SPADES: _spade, Suit.HEARTS: _heart, Suit.DIAMONDS: _diamond, Suit.CLUBS: _club,
}


# How large each symbol is drawn relative to the others: the staff and the sword are slender, so
# they are drawn taller to carry the same visual weight as a heart or a disc.
PIP_SCALE: dict[Suit, float] = {
    Suit.WANDS: 1.22, Suit.SWORDS: 1.22, Suit.CUPS: 1.08, Suit.PENTACLES: 0.96,
    Suit.SPADES: 1.0, Suit.HEARTS: 1.0, Suit.DIAMONDS: 1.02, Suit.CLUBS: 1.0, Suit.TRUMPS: 1.0,
}


@lru_cache(maxsize=None)
def suit_shape(suit: Suit) -> Shape:
    """The symbol of a suit in the unit box; trumps get their eight-pointed mark.

    >>> all(len(suit_shape(s)) > 0 for s in Suit)
    True
    """
    if suit is Suit.TRUMPS:
        return trump_mark()
    return _BUILDERS[suit]()


@lru_cache(maxsize=None)
def trump_mark() -> Shape:
    """The trumps' sign in corner indices: a gold eight-pointed star on a violet disc."""
    return (
        poly(circle(0, 0, 0.95, 72), "ink"),
        poly(star(0, 0, 0.82, 0.36, 8, -90), "fill"),
        poly(circle(0, 0, 0.16, 24), "ink"),
    )


_L, _M, _R = 0.0, 0.5, 1.0
_ROWS4 = (0.0, 1 / 3, 2 / 3, 1.0)
_LAYOUTS: dict[int, list[tuple[float, float]]] = {
    1: [(_M, 0.5)],
    2: [(_M, 0.0), (_M, 1.0)],
    3: [(_M, 0.0), (_M, 0.5), (_M, 1.0)],
    4: [(_L, 0.0), (_R, 0.0), (_L, 1.0), (_R, 1.0)],
    5: [(_L, 0.0), (_R, 0.0), (_M, 0.5), (_L, 1.0), (_R, 1.0)],
    6: [(_L, 0.0), (_R, 0.0), (_L, 0.5), (_R, 0.5), (_L, 1.0), (_R, 1.0)],
    7: [(_L, 0.0), (_R, 0.0), (_M, 0.25), (_L, 0.5), (_R, 0.5), (_L, 1.0), (_R, 1.0)],
    8: [(_L, 0.0), (_R, 0.0), (_M, 0.25), (_L, 0.5), (_R, 0.5), (_M, 0.75), (_L, 1.0),
        (_R, 1.0)],
    9: [(x, y) for y in _ROWS4[:2] for x in (_L, _R)] + [(_M, 0.5)]
       + [(x, y) for y in _ROWS4[2:] for x in (_L, _R)],
    10: [(x, y) for y in _ROWS4[:2] for x in (_L, _R)] + [(_M, 1 / 6), (_M, 5 / 6)]
        + [(x, y) for y in _ROWS4[2:] for x in (_L, _R)],
}


def pip_layout(n: int) -> list[tuple[float, float, bool]]:
    """Where the ``n`` pips of a number card go: ``(x, y, upside_down)`` with x and y in 0..1
    across the pip field.  The classic playing-card arrangements; pips below the middle are
    printed upside down, as on a real card, so the card reads the same either way up.

    >>> pip_layout(3)
    [(0.5, 0.0, False), (0.5, 0.5, False), (0.5, 1.0, True)]
    >>> pip_layout(11)
    Traceback (most recent call last):
    ...
    tarot_learn.errors.OptionError: pip_layout takes a number of pips from 1 to 10, not 11
    """
    if isinstance(n, bool) or not isinstance(n, int) or n not in _LAYOUTS:
        raise OptionError(f"pip_layout takes a number of pips from 1 to 10, not {n!r}")
    return [(x, y, y > 0.5) for x, y in _LAYOUTS[n]]
