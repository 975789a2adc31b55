"""The what-if widget's chart and dropdowns as a learner sees them in Voila: both bands show, each
dropdown's label is whole (its rule id included), and the page asks no other server for anything."""

from __future__ import annotations

import io

import pytest
from PIL import Image

Axe = pytest.importorskip("axe_playwright_python.sync_playwright").Axe

CHART = ".widget-html-content svg[role=img]"


def colour_pixels(png: bytes, near: tuple[int, int, int], tolerance: int = 60) -> int:
    """How many pixels of the picture lie within ``tolerance`` of the colour ``near``."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    return sum(1 for p in image.get_flattened_data() if all(abs(a - b) <= tolerance for a, b in zip(p, near)))


def test_what_if_chart_shows_both_bands_and_whole_dropdown_labels(page, voila, artifacts, console_errors):
    elsewhere: list[str] = []
    page.on("request", lambda r: None if r.url.startswith(voila.base) else elsewhere.append(r.url))
    page.set_viewport_size({"width": 1200, "height": 1000})
    page.goto(f"{voila.base}/voila/render/whatif_chart.ipynb", timeout=120_000)
    page.wait_for_selector(CHART, timeout=120_000)
    labels = page.eval_on_selector_all(
        ".widget-dropdown label.widget-label",
        "els => els.map(e => [e.textContent, e.scrollWidth, e.clientWidth])")
    assert len(labels) == 2 * 7, labels
    for text, needed, shown in labels:
        assert "(TS-" in text and needed <= shown, f"{text!r} is cut: {needed}px in {shown}px"
    chart = page.locator(CHART)
    png = chart.screenshot(path=str(artifacts / "whatif_chart.png"))
    page.screenshot(path=str(artifacts / "whatif_widget.png"), full_page=True)
    blue, orange = colour_pixels(png, (0x1f, 0x77, 0xb4)), colour_pixels(png, (0xd9, 0x5f, 0x02))
    assert blue > 300 and orange > 300, f"a band does not show: {blue} blue and {orange} orange pixels"
    box = chart.bounding_box()
    assert box["width"] <= 660 + 1, "the chart fits its box"
    assert page.locator("summary", has_text="The figures as a table").count() == 1
    # axe-core finds nothing serious in the chart and its table (a name for the picture, headers)
    found = Axe().run(page, context=".widget-html-content figure").response["violations"]
    assert [v["id"] for v in found if v["impact"] in ("serious", "critical")] == []
    # Voila's own page template asks a CDN for its icon font; nothing else may leave the machine.
    assert not [u for u in elsewhere if "fontawesome" not in u], elsewhere[:5]
    # (the icon font's failed load is the one "Failed to load resource"; requests are checked above)
    assert not [e for e in console_errors if "Failed to load resource" not in e], console_errors
