"""Win-rate charts drawn by pygal, a pure-Python SVG plotting library.

Lesson 09, the explorer and the what-if race show intervals of win rates.  pygal writes SVG
text in Python alone: no browser script, no native code, so the same chart shows in JupyterLab,
in Voila, inside an ``ipywidgets.HTML`` and in the static site's browser Python, where it adds
0.34 MB of wheels (pygal, importlib_metadata, zipp, lazy_importer, compiled ahead).  The others cost more
there: matplotlib needs numpy, Pillow and kiwisolver built for the browser, which PyPI does not
carry; plotly's wheel is about 10 MB with its script; bokeh needs numpy; altair fetches its
script from a CDN and needs a native JSON-schema validator.  pygal's own tooltips are a script
it fetches from the web (and a script inside an ``ipywidgets.HTML`` never runs); ours are SVG
``<title>`` elements on every series and point, which browsers show on hover and screen readers
read, with nothing fetched.  Each axis is fitted to the intervals it shows (:func:`fitted_range`), so rates of 80 to
100 % are told apart; long titles wrap and labels are never cut.  A :class:`Chart` displays
itself in a notebook as its SVG followed by the same figures as a table, the text alternative.

>>> c = interval_chart([("Klondike, 200 deals", 0.80, 0.90, 0.76, 0.93)], xlabel="won (%)")
>>> c.svg.startswith("<svg") and "Klondike, 200 deals: 80.0% to 90.0%" in c.svg
True
>>> c.x_range
(75.0, 95.0)
>>> fitted_range([0.80, 0.83], [0.97, 0.99])
(75.0, 100.0, 5.0)
"""

from __future__ import annotations

import copy
import hashlib
import html
import math
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import pygal
from pygal.style import Style

__all__ = ["Chart", "Band", "interval_chart", "band_chart", "win_rate_chart", "fitted_range"]

_BAR, _LINE, _REFERENCE = "#7a5195", "#404040", "#c0392b"
_SVG = "{http://www.w3.org/2000/svg}"
_number = "{:g}".format       # axis numbers as written by hand: 80, 82.5, not 80.0


class Chart:
    """A chart: ``svg`` is its picture (SVG text), ``table`` its figures as rows of text (the
    first row names the columns); ``x_range`` and ``y_range`` are its axes' ends.  A notebook
    shows the picture and, below it, the table."""

    def __init__(self, svg: str, table: Sequence[Sequence[str]] = (),
                 x_range: tuple[float, float] = (0.0, 0.0), y_range: tuple[float, float] = (0.0, 0.0)) -> None:
        self.svg = svg
        self.table = [list(row) for row in table]
        self.x_range, self.y_range = x_range, y_range

    def html(self) -> str:
        """The picture and the table under a "figures" disclosure, as one HTML fragment."""
        if not self.table:
            return f"<figure style='margin:0'>{self.svg}</figure>"
        head, *rows = self.table
        cells = "".join(f"<th scope='col'>{html.escape(c)}</th>" for c in head)
        body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows)
        return (f"<figure style='margin:0'>{self.svg}<figcaption><details><summary>The figures as a table"
                f"</summary><table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table></details>"
                "</figcaption></figure>")

    def _repr_html_(self) -> str:
        return self.html()

    def __repr__(self) -> str:
        return f"Chart({len(self.svg):,} characters of SVG, {max(len(self.table) - 1, 0)} rows of figures)"


@dataclass(frozen=True)
class Band:
    """One series of a :func:`band_chart`: at each ``xs[i]`` the interval ``lows[i]..highs[i]``
    (fractions)."""

    label: str
    colour: str
    xs: Sequence[float]
    lows: Sequence[float]
    highs: Sequence[float]


def _nice_step(span: float) -> float:
    """A round tick step giving about five ticks across ``span``: 1, 2 or 5 times a power of 10.

    >>> _nice_step(30), _nice_step(200), _nice_step(1)
    (10.0, 50.0, 0.2)
    """
    raw = max(span, 1e-9) / 5
    power = 10 ** math.floor(math.log10(raw))
    return float(round(next(m * power for m in (1, 2, 5, 10) if m * power >= raw * (1 - 1e-9)), 10))


def fitted_range(lows: Sequence[float], highs: Sequence[float]) -> tuple[float, float, float]:
    """``(start, end, step)`` in percent: round ends just outside every value from ``lows`` to
    ``highs`` (fractions), inside 0..100, and a round tick step between them."""
    lo, hi = 100 * min(lows, default=0.0), 100 * max(highs, default=1.0)
    span = max(hi - lo, 2.0)
    step = _nice_step(span)
    start = max(0.0, math.floor(round((lo - span / 20) / step, 9)) * step)
    end = min(100.0, math.ceil(round((hi + span / 20) / step, 9)) * step)
    return round(start, 10), round(end, 10), step


def _ticks(start: float, end: float, step: float) -> list[float]:
    return [round(start + k * step, 10) for k in range(int(round((end - start) / step)) + 1)]


def _style(colours: Sequence[str], **sizes: Any) -> Style:
    return Style(font_family="sans-serif", background="white", plot_background="white", foreground="#222",
                 foreground_strong="#111", foreground_subtle="#555", guide_stroke_color="#bbb",
                 major_guide_stroke_color="#bbb", opacity=".22", opacity_hover=".35", transition="0ms",
                 label_font_size=12, major_label_font_size=12, title_font_size=15, legend_font_size=13,
                 value_label_font_size=12, colors=tuple(colours), **sizes)


@dataclass
class _Look:
    """What pygal's styles do not give one series: its hover text, its line's inline style
    (pygal's own rule for every line outranks a series' ``stroke_style``), a filled outline."""

    title: str
    line: str = ""
    filled: bool = False


def _finish(looks: dict[int, _Look], name: str, desc: str) -> Callable[[Any], Any]:
    """An xml filter for pygal: the picture is an image described in words (``role``, ``<title>``,
    ``<desc>``), each series ``i`` carries ``looks[i]``, and pygal's configuration script and
    comments go (the script only feeds pygal's web-loaded tooltips, which we do not use; the
    comments carry the day's date, and the same chart should be the same text)."""
    def apply(root: Any) -> Any:
        root.set("role", "img")
        for parent in list(root.iter()):
            for child in list(parent):
                if not isinstance(child.tag, str) or child.tag.endswith("script"):
                    parent.remove(child)
        title = next(e for e in root if e.tag.endswith("title"))
        title.text = title.text if title.text != "Pygal" else name
        description = root.makeelement(title.tag.replace("title", "desc"), {})
        description.text = desc
        root.insert(list(root).index(title) + 1, description)
        for parent in list(root.iter()):
            for group in list(parent):
                classes = (group.get("class") or "").split()
                index = next((int(c[6:]) for c in classes if c.startswith("serie-")), None)
                if "series" in classes and index in looks:
                    _dress(parent, group, looks[index], title.tag)
        return root
    return apply


def _dress(parent: Any, group: Any, look: _Look, title_tag: str) -> None:
    """One series as ``look`` says.  A filled series is drawn twice: its fill where pygal puts it,
    and its outline again after every series, so no other band's fill dims it."""
    tip = group.makeelement(title_tag, {})
    tip.text = look.title
    group.insert(0, tip)
    for path in group.iter():
        if "line" in (path.get("class") or "").split():
            if look.line:
                path.set("style", look.line)
            if look.filled:
                outline = copy.deepcopy(group)
                path.set("class", path.get("class").replace(" nofill", ""))
                path.set("style", "stroke:none")
                parent.append(outline)
                return


def _render(chart: Any, looks: dict[int, _Look], name: str, desc: str) -> str:
    """The chart's SVG text, the same for the same chart (its CSS scope is named after its content)."""
    chart.add_xml_filter(_finish(looks, name, desc))
    chart.uuid = "chart"
    chart.uuid = "tl-" + hashlib.sha256(chart.render(disable_xml_declaration=True).encode()).hexdigest()[:12]
    return chart.render(disable_xml_declaration=True)


def _empty(title: str, name: str, width: int, height: int) -> Chart:
    """A chart with nothing to draw yet: its title and a sentence saying so."""
    chart = pygal.XY(style=_style(["#000"], no_data_font_size=20), width=width, height=height,
                     title=title or None, no_data_text="nothing to show yet", js=[], explicit_size=True)
    return Chart(_render(chart, {}, title or name, "nothing to show yet"))


def _pct(f: float) -> str:
    return f"{100 * f:.1f}%"


def interval_chart(rows: Sequence[tuple[str, float, float, float, float]], title: str = "",
                   xlabel: str = "win rate (%)", reference: dict[str, float] | None = None,
                   width: int = 760) -> Chart:
    """One row per ``(label, low, high, ci_low, ci_high)`` (fractions): a bar from ``low`` to
    ``high`` (solved to solved + undecided) and a line with end marks for the interval round it;
    ``reference`` maps a name to a rate drawn as a dashed line.  The axis spans the intervals."""
    rows, reference = list(rows), dict(reference or {})
    if not rows:
        return _empty(title, "win rates", width, 200)
    values = [v for r in rows for v in r[1:]] + list(reference.values())
    start, end, step = fitted_range(values, values) if values else (0.0, 100.0, 20.0)
    n = max(len(rows), 1)
    words = [f"{r[0]}: {_pct(r[1])} to {_pct(r[2])}, interval {_pct(r[3])} to {_pct(r[4])}" for r in rows]
    chart = pygal.XY(style=_style([_BAR, _LINE] * len(rows) + [_REFERENCE] * len(reference)),
                     width=width, height=110 + 34 * n, title=title or None, x_title=xlabel, show_legend=False,
                     xrange=(start, end), range=(-0.6, n - 0.4), x_labels=_ticks(start, end, step),
                     y_labels=[{"label": r[0], "value": n - 1 - i} for i, r in enumerate(rows)],
                     show_x_guides=True, show_y_guides=False, truncate_label=-1, print_labels=True,
                     js=[], explicit_size=True, x_value_formatter=_number, value_formatter=_number)
    looks: dict[int, _Look] = {}
    for i, (name, low, high, ci_low, ci_high) in enumerate(rows):
        y, tick = n - 1 - i, 0.18
        looks[2 * i] = _Look(words[i], "stroke-width:14;stroke-linecap:butt;stroke-opacity:.75")
        looks[2 * i + 1] = _Look(words[i], "stroke-width:2;stroke-opacity:1")
        chart.add(name, [(100 * low, y), (100 * high, y)], show_dots=False)
        chart.add(name, [(100 * ci_low, y + tick), (100 * ci_low, y - tick), (100 * ci_low, y),
                         (100 * ci_high, y), (100 * ci_high, y + tick), (100 * ci_high, y - tick)], show_dots=False)
    for k, (name, value) in enumerate(reference.items()):
        looks[2 * len(rows) + k] = _Look(f"{name}: {_pct(value)}", "stroke-width:1.5;stroke-dasharray:5 4")
        chart.add(name, [(100 * value, -0.5), {"value": (100 * value, n - 0.5), "label": name}], dots_size=2)
    table = [["row", "solved", "solved + undecided", "interval low", "interval high"]]
    table += [[r[0], *(_pct(v) for v in r[1:])] for r in rows]
    table += [[name, _pct(value), "", "", ""] for name, value in reference.items()]
    desc = f"{xlabel}, axis {start:g} to {end:g}. " + ("; ".join(words) or "no rows")
    return Chart(_render(chart, looks, title or "win rates", desc), table, (start, end), (-0.6, n - 0.4))


def win_rate_chart(runs: Sequence[Any], reference: dict[str, float] | None = None,
                   title: str = "Win rates: bar = solved to solved + undecided, line = 95% interval") -> Chart:
    """Explorer runs (:class:`~tarot_learn.solve.Exploration`, or anything with ``label``,
    ``bracket()`` and ``interval()``) as an :func:`interval_chart`."""
    rows = [(r.label, *r.bracket(), *r.interval()) for r in runs]
    return interval_chart(rows, title, "deals won with every card known (%)", reference)


def _outline(band: Band) -> list[dict[str, Any]]:
    """The band as one closed path: along the highs, then back along the lows; each corner a
    point whose tooltip gives the interval there."""
    def point(x: float, y: float, lo: float, hi: float) -> dict[str, Any]:
        return {"value": (x, 100 * y), "tooltip": f"{band.label}: {_pct(lo)} to {_pct(hi)} after {x:g}"}

    top = [point(x, h, lo, h) for x, lo, h in zip(band.xs, band.lows, band.highs)]
    bottom = [point(x, lo, lo, h) for x, lo, h in zip(band.xs, band.lows, band.highs)]
    return top + bottom[::-1] + top[:1]


def band_chart(bands: Sequence[Band], title: str = "", xlabel: str = "deals",
               ylabel: str = "win rate (%)", width: int = 640, height: int = 360) -> Chart:
    """Each band's interval against x (deals so far), one colour per band, filled lightly and
    outlined (the second dashed), so a band lying on the other still shows; the key sits below
    the plot.  The y axis spans the intervals, the x axis the deals."""
    shown = [b for b in bands if len(b.xs)]
    if not shown:
        return _empty(title, ylabel, width, height)
    start, end, step = fitted_range([v for b in shown for v in b.lows], [v for b in shown for v in b.highs])
    last = max([max(b.xs) for b in shown] + [1])
    xstep = _nice_step(last)
    chart = pygal.XY(style=_style([b.colour for b in shown]), width=width, height=height + 22 * len(shown),
                     title=title or None, x_title=xlabel, y_title=ylabel, range=(start, end),
                     xrange=(0, math.ceil(last / xstep) * xstep), y_labels=_ticks(start, end, step),
                     x_labels=_ticks(0, math.ceil(last / xstep) * xstep, xstep), legend_at_bottom=True,
                     legend_at_bottom_columns=1, truncate_legend=-1, truncate_label=-1, dots_size=3, js=[],
                     explicit_size=True, x_value_formatter=_number, value_formatter=_number)
    looks = {}
    for k, band in enumerate(shown):
        words = f"{band.label}: {_pct(band.lows[-1])} to {_pct(band.highs[-1])} after {band.xs[-1]:g} {xlabel}"
        looks[k] = _Look(words, "stroke-width:2.5" + (";stroke-dasharray:7 4" if k % 2 else ""), filled=True)
        chart.add(band.label, _outline(band))
    desc = f"{ylabel} against {xlabel}, axis {start:g} to {end:g}. " + (
        "; ".join(look.title for look in looks.values()) or "nothing yet")
    return Chart(_render(chart, looks, title or ylabel, desc), _band_table(shown, xlabel),
                 (0.0, math.ceil(last / xstep) * xstep), (start, end))


def _band_table(bands: Sequence[Band], xlabel: str) -> list[list[str]]:
    """The bands' figures: a row per x, each band's low and high there."""
    table = [[xlabel] + [f"{b.label} {end}" for b in bands for end in ("low", "high")]]
    for x in sorted({x for b in bands for x in b.xs}):
        cells = []
        for b in bands:
            at = list(b.xs).index(x) if x in b.xs else None
            cells += [_pct(b.lows[at]), _pct(b.highs[at])] if at is not None else ["", ""]
        table.append([f"{x:g}", *cells])
    return table
