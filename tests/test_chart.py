"""The win-rate charts as a learner reads them: axes fitted to the intervals, every label whole,
both what-if bands drawn, a tooltip on every series, words for a screen reader, nothing fetched."""

from __future__ import annotations

import json
import pathlib
import re
import xml.etree.ElementTree as ET

import pytest

from tarot_learn.render.chart import Band, band_chart, fitted_range, interval_chart
from tarot_learn.widgets.whatif import Race, WhatIf

ROOT = pathlib.Path(__file__).resolve().parents[1]
NS = "{http://www.w3.org/2000/svg}"
HISTORY = [(10, (0.55, 0.98), (0.50, 0.97)), (20, (0.62, 0.96), (0.60, 0.95)),
           (30, (0.66, 0.94), (0.64, 0.93)), (40, (0.70, 0.93), (0.69, 0.92))]


def axis_ticks(svg: str, axis: str) -> list[float]:
    """The numbers written along the chart's ``axis`` ("x" or "y"), read from its SVG."""
    root = ET.fromstring(svg)
    ticks = []
    for g in root.iter(f"{NS}g"):
        if {"axis", axis} <= set((g.get("class") or "").split()):
            ticks += [float(t.text) for t in g.iter(f"{NS}text") if t.text and re.fullmatch(r"[\d.]+", t.text)]
    return sorted(ticks)


def lesson_09_chart():
    """Lesson 09's win-rate chart, made by the lesson's own cells."""
    cells = json.loads((ROOT / "notebooks/09_rule_explorer.ipynb").read_text())["cells"]
    code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    space: dict = {}
    exec(code[0], space)
    chart_cell = next(c for c in code if c.lstrip().startswith("interval_chart("))
    return eval(chart_cell, space), space["runs"]


def test_lesson_09_axis_spans_the_intervals_not_0_to_100():
    chart, runs = lesson_09_chart()
    ticks = axis_ticks(chart.svg, "x")
    low = min(100 * min(r["ci95_low"], r["win_rate_low"]) for r in runs)
    high = max(100 * max(r["ci95_high"], r["win_rate_high"]) for r in runs)
    assert low > 50, "the shipped intervals all lie high: the axis has room to fit them"
    assert ticks[0] <= low and ticks[-1] >= high
    step = ticks[1] - ticks[0]
    assert low - ticks[0] <= step and ticks[-1] - high <= step + 1e-9, (ticks, low, high)
    assert (ticks[0], ticks[-1]) == chart.x_range and chart.x_range[0] > 0


def test_the_what_if_axis_spans_both_bands_and_both_bands_are_drawn():
    race = Race("tarot-solitaire", "tarot-solitaire", max_deals=100)
    race.history = list(HISTORY)
    svg = race.chart().svg
    ticks = axis_ticks(svg, "y")
    assert ticks[0] <= 50 and ticks[-1] >= 98 and ticks[0] >= 40 and ticks[-1] <= 100, ticks
    root = ET.fromstring(svg)
    series = [g for g in root.iter(f"{NS}g") if "series" in (g.get("class") or "").split()]
    paths = [p for g in series for p in g.iter(f"{NS}path")]
    fills = [k for k, p in enumerate(paths) if "nofill" not in p.get("class", "")]
    outlines = [k for k, p in enumerate(paths) if "nofill" in p.get("class", "")]
    assert len(fills) == len(outlines) == 2, "a fill and an outline per rule set"
    assert max(fills) < min(outlines), "both outlines are drawn over both fills"
    styles = [paths[k].get("style") for k in outlines]
    assert "dasharray" not in styles[0] and "dasharray" in styles[1], "the second band is dashed"
    colours = {c for c in re.findall(r"\.color-[01][^{]*\{stroke:(#[0-9a-f]+)", svg)}
    assert colours == {"#1f77b4", "#d95f02"}


def test_every_series_and_point_has_a_tooltip_in_words():
    race = Race("tarot-solitaire", "tarot-solitaire", max_deals=100)
    race.history = list(HISTORY)
    root = ET.fromstring(race.chart().svg)
    series = [g for g in root.iter(f"{NS}g") if "series" in (g.get("class") or "").split()]
    assert series and all(g.find(f"{NS}title") is not None for g in series)
    dots = [g for g in root.iter(f"{NS}g") if g.get("class") == "dots"]
    assert len(dots) == 2 * (2 * len(HISTORY) + 1), "each band: its highs, its lows, back to the start"
    assert all(re.search(r"\d+\.\d% to \d+\.\d% after \d+", g.find(f"{NS}title").text) for g in dots)


def test_a_long_title_wraps_instead_of_running_off_the_picture():
    title = ("after 100 deals each: tarot-solitaire empty_column=king_only wins more often than "
             "tarot-solitaire standard (99% intervals apart)")
    chart = band_chart([Band("A: standard", "#1f77b4", [10, 20], [0.5, 0.6], [0.9, 0.8])], title)
    root = ET.fromstring(chart.svg)
    lines = [t.text for g in root.iter(f"{NS}g") if g.get("class") == "titles"
             for t in g.iter(f"{NS}text") if "title" in (t.get("class") or "")]
    wrapped = next(lines[:k] for k in range(1, len(lines) + 1) if " ".join(lines[:k]) == title)
    assert len(wrapped) >= 2, "the title is written on more than one line"
    width = float(root.get("width"))
    assert all(len(line) * 0.6 * 15 <= width for line in wrapped)


def test_labels_and_legend_are_whole():
    long = "Tarot Solitaire (draw=2, face_down_row=False, foundation_return=True), 2000 deals"
    svg = interval_chart([(long, 0.9, 0.95, 0.88, 0.97)]).svg
    assert f">{long}<" in svg
    legend = "B: tarot-solitaire build=same_suit, empty_column=king_only, redeals=unlimited"
    assert f">{legend}<" in band_chart([Band(legend, "#d95f02", [5], [0.1], [0.2])]).svg


def test_words_for_a_screen_reader_and_the_figures_as_a_table():
    chart = interval_chart([("Klondike, 200 deals", 0.80, 0.90, 0.76, 0.93)], xlabel="won (%)")
    root = ET.fromstring(chart.svg)
    assert root.get("role") == "img"
    assert root.find(f"{NS}title").text == "win rates"
    assert "Klondike, 200 deals: 80.0% to 90.0%, interval 76.0% to 93.0%" in root.find(f"{NS}desc").text
    page = chart._repr_html_()
    assert "<table>" in page and "<td>Klondike, 200 deals</td><td>80.0%</td><td>90.0%</td>" in page


def test_nothing_is_fetched_and_no_script_runs():
    chart, _ = lesson_09_chart()
    race = Race("tarot-solitaire", "tarot-solitaire", max_deals=100)
    race.history = list(HISTORY)
    for svg in (chart.svg, race.chart().svg):
        assert "<script" not in svg and "href" not in svg and "url(" not in svg and "@import" not in svg


def test_the_same_figures_give_the_same_text():
    rows = [("a", 0.5, 0.6, 0.45, 0.65), ("b", 0.55, 0.7, 0.5, 0.72)]
    assert interval_chart(rows).svg == interval_chart(rows).svg
    assert interval_chart(rows).svg != interval_chart(rows[:1]).svg


@pytest.mark.parametrize("lows, highs, expected", [
    ([0.80, 0.83], [0.97, 0.99], (75.0, 100.0, 5.0)),
    ([0.0], [1.0], (0.0, 100.0, 20.0)),
    ([0.40], [0.41], (39.5, 41.5, 0.5)),
    ([0.999], [1.0], (99.5, 100.0, 0.5)),
])
def test_fitted_range_has_round_ends_round_steps_and_stays_within_0_to_100(lows, highs, expected):
    assert fitted_range(lows, highs) == expected
    start, end, step = expected
    assert start <= 100 * min(lows) and end >= 100 * max(highs)


def test_the_what_if_dropdowns_are_wide_enough_for_their_rule_ids():
    for game in ("tarot-solitaire", "klondike", "american-toad"):
        for side in WhatIf(game).pickers.values():
            for dropdown in side.values():
                assert re.search(r"\((TS|KL|AT)-\d+\)$", dropdown.description)
                label_ch = float(dropdown.style.description_width.removesuffix("ch"))
                assert label_ch >= len(dropdown.description) + 2
                longest = max(len(label) for label, _ in dropdown.options)
                assert float(dropdown.layout.width.removesuffix("ch")) >= label_ch + longest + 4


def test_a_race_before_its_first_batch_draws_an_empty_chart_that_says_so():
    for chart in (Race("klondike", "klondike").chart(), interval_chart([]), band_chart([])):
        root = ET.fromstring(chart.svg)
        assert "nothing to show yet" in chart.svg and root.get("role") == "img"
        assert "<table>" not in chart.html()
