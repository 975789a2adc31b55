"""Win-rate charts as SVG text, drawn by the standard library alone.

Lesson 09, the explorer and the what-if race show intervals of win rates.  Drawn here as SVG
rather than by a plotting library, they look the same in JupyterLab, in Voila and in the static
site, whose browser Python has no matplotlib.  A :class:`Chart` displays itself in a notebook
(``_repr_svg_``); its ``svg`` text can go into an ``ipywidgets.HTML``.  Every chart carries a
``<title>`` and a ``<desc>`` that say in words what it draws, for screen readers.

>>> c = interval_chart([("Klondike, 200 deals", 0.80, 0.90, 0.76, 0.93)], xlabel="won (%)")
>>> c.svg.startswith("<svg") and "Klondike, 200 deals: 80.0% to 90.0%" in c.svg
True
>>> band_chart([Band("A", "#1f77b4", [0, 10], [0.2, 0.5], [0.9, 0.7])]).svg.count("<polygon")
1
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any, Sequence

__all__ = ["Chart", "Band", "interval_chart", "band_chart", "win_rate_chart"]

_FONT = 'font-family="sans-serif"'
_BAR = "#7a5195"
_LINE = "#404040"
_REFERENCE = "#c0392b"
_GRID = "#d9d9d9"


class Chart:
    """An SVG picture: ``svg`` is its text; a notebook shows it as it is."""

    def __init__(self, svg: str) -> None:
        self.svg = svg

    def _repr_svg_(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return f"Chart({len(self.svg):,} characters of SVG)"


@dataclass(frozen=True)
class Band:
    """One series of a :func:`band_chart`: at each ``xs[i]`` the interval ``lows[i]..highs[i]``
    (fractions), held until the next x."""

    label: str
    colour: str
    xs: Sequence[float]
    lows: Sequence[float]
    highs: Sequence[float]


def _text(x: float, y: float, text: str, size: int = 12, anchor: str = "start", extra: str = "") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" {_FONT}{extra}>'
            f"{html.escape(text)}</text>")


def _open(width: int, height: int, title: str, desc: str) -> list[str]:
    return [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" role="img">',
            f"<title>{html.escape(title)}</title>", f"<desc>{html.escape(desc)}</desc>",
            f'<rect width="{width}" height="{height}" fill="white"/>']


def _percent_axis(left: float, right: float, top: float, bottom: float, label: str) -> list[str]:
    """Vertical grid lines and labels at 0, 20, ... 100 % across ``left..right``."""
    out = []
    for p in range(0, 101, 20):
        x = left + (right - left) * p / 100
        out.append(f'<line x1="{x:.1f}" y1="{top:.1f}" x2="{x:.1f}" y2="{bottom:.1f}" stroke="{_GRID}"/>')
        out.append(_text(x, bottom + 14, f"{p}", 11, "middle"))
    out.append(_text((left + right) / 2, bottom + 30, label, 12, "middle"))
    return out


def interval_chart(rows: Sequence[tuple[str, float, float, float, float]], title: str = "",
                   xlabel: str = "win rate (%)", reference: dict[str, float] | None = None,
                   width: int = 720) -> Chart:
    """One row per ``(label, low, high, ci_low, ci_high)`` (fractions): a bar from ``low`` to
    ``high`` (solved to solved + undecided) and a line for the interval round it; ``reference``
    maps a label to a rate drawn as a dashed line."""
    label_w = min(max([len(r[0]) for r in rows] + [8]) * 6.6 + 12, width * 0.55)
    left, right, top, row_h = label_w, width - 24, 34 if title else 12, 26
    bottom = top + row_h * max(len(rows), 1)
    words = "; ".join(f"{r[0]}: {100 * r[1]:.1f}% to {100 * r[2]:.1f}%, interval {100 * r[3]:.1f}% to "
                      f"{100 * r[4]:.1f}%" for r in rows)
    out = _open(width, int(bottom + 44), title or "win rates", words)
    if title:
        out.append(_text(width / 2, 20, title, 13, "middle"))
    out += _percent_axis(left, right, top, bottom, xlabel)
    x = lambda f: left + (right - left) * min(max(f, 0.0), 1.0)  # noqa: E731
    for i, (name, low, high, ci_low, ci_high) in enumerate(rows):
        mid = top + row_h * i + row_h / 2
        out.append(_text(left - 8, mid + 4, name, 12, "end"))
        out.append(f'<rect x="{x(low):.1f}" y="{mid - 6:.1f}" width="{max(x(high) - x(low), 2):.1f}" '
                   f'height="12" fill="{_BAR}"/>')
        out.append(f'<line x1="{x(ci_low):.1f}" y1="{mid:.1f}" x2="{x(ci_high):.1f}" y2="{mid:.1f}" '
                   f'stroke="{_LINE}" stroke-width="1.5"/>')
        for end in (ci_low, ci_high):
            out.append(f'<line x1="{x(end):.1f}" y1="{mid - 5:.1f}" x2="{x(end):.1f}" y2="{mid + 5:.1f}" '
                       f'stroke="{_LINE}" stroke-width="1.5"/>')
    for name, value in (reference or {}).items():
        out.append(f'<line x1="{x(value):.1f}" y1="{top:.1f}" x2="{x(value):.1f}" y2="{bottom:.1f}" '
                   f'stroke="{_REFERENCE}" stroke-dasharray="4 3"/>')
        out.append(_text(x(value) + 3, top + 10, name, 11, extra=f' fill="{_REFERENCE}"'))
    return Chart("\n".join(out + ["</svg>"]))


def win_rate_chart(runs: Sequence[Any], reference: dict[str, float] | None = None,
                   title: str = "Win rates: bar = solved to solved + undecided, line = 95% interval") -> Chart:
    """Explorer runs (:class:`~tarot_learn.solve.Exploration`, or anything with ``label``,
    ``bracket()`` and ``interval()``) as an :func:`interval_chart`."""
    rows = [(r.label, *r.bracket(), *r.interval()) for r in runs]
    return interval_chart(rows, title, "deals won with every card known (%)", reference)


def _band_points(band: Band, x, y) -> str:
    """The band's outline, held flat from each x to the next: along the top, back along the bottom."""
    xs = list(band.xs)
    ends = xs[1:] + [xs[-1]]
    upper = [f"{x(a):.1f},{y(h):.1f} {x(b):.1f},{y(h):.1f}" for a, b, h in zip(xs, ends, band.highs)]
    lower = [f"{x(b):.1f},{y(lo):.1f} {x(a):.1f},{y(lo):.1f}" for a, b, lo in zip(xs, ends, band.lows)]
    return " ".join(upper + lower[::-1])


def _nice_step(last: float) -> float:
    """A round tick step giving about five ticks from 0 to ``last``: 1, 2 or 5 times a power of 10.

    >>> _nice_step(30), _nice_step(200), _nice_step(1)
    (10, 50, 0.2)
    """
    raw = last / 5
    power = 10 ** len(str(int(raw))) / 10 if raw >= 1 else 0.1
    for m in (1, 2, 5, 10):
        if m * power >= raw:
            return m * power if m * power != int(m * power) else int(m * power)
    return 10 * power


def band_chart(bands: Sequence[Band], title: str = "", xlabel: str = "deals",
               ylabel: str = "win rate (%)", width: int = 640, height: int = 280) -> Chart:
    """Each band's interval against x (deals so far), one colour per band, with a legend."""
    left, right, top, bottom = 48, width - 16, 30 if title else 12, height - 40
    last = max([max(b.xs) for b in bands if len(b.xs)] + [1])
    x = lambda v: left + (right - left) * v / last  # noqa: E731
    y = lambda f: bottom - (bottom - top) * min(max(f, 0.0), 1.0)  # noqa: E731
    words = "; ".join(f"{b.label}: {100 * b.lows[-1]:.1f}% to {100 * b.highs[-1]:.1f}% after {b.xs[-1]:g} {xlabel}"
                      for b in bands if len(b.xs))
    out = _open(width, height, title or ylabel, words or "nothing yet")
    if title:
        out.append(_text(width / 2, 18, title, 12, "middle"))
    for p in range(0, 101, 20):
        out.append(f'<line x1="{left}" y1="{y(p / 100):.1f}" x2="{right}" y2="{y(p / 100):.1f}" stroke="{_GRID}"/>')
        out.append(_text(left - 6, y(p / 100) + 4, f"{p}", 11, "end"))
    out.append(_text(14, (top + bottom) / 2, ylabel, 12, "middle",
                     f' transform="rotate(-90 14 {(top + bottom) / 2:.1f})"'))
    out.append(_text((left + right) / 2, height - 8, xlabel, 12, "middle"))
    step = _nice_step(last)
    for k in range(0, int(last // step) + 1):
        out.append(_text(x(k * step), bottom + 14, f"{k * step:g}", 11, "middle"))
    for band in bands:
        if len(band.xs):
            out.append(f'<polygon points="{_band_points(band, x, y)}" fill="{band.colour}" fill-opacity="0.35" '
                       f'stroke="{band.colour}"/>')
    if bands:
        key_w, key_h = max(len(b.label) for b in bands) * 6.2 + 30, 16 * len(bands) + 6
        out.append(f'<rect x="{left + 4}" y="{bottom - 8 - key_h}" width="{key_w:.0f}" height="{key_h}" '
                   'fill="white" fill-opacity="0.85"/>')
    for k, band in enumerate(bands):      # the key, drawn last so no band covers it
        ly = bottom - 12 - 16 * (len(bands) - 1 - k)
        out.append(f'<rect x="{left + 8}" y="{ly - 9}" width="10" height="10" fill="{band.colour}" '
                   'fill-opacity="0.6"/>')
        out.append(_text(left + 22, ly, band.label, 11))
    return Chart("\n".join(out + ["</svg>"]))
