"""Drawing the shipped art: ``python -m tarot_learn.render.artbuild [FOLDER]`` (``make images``)
redraws every picture of :mod:`tarot_learn.render.prerendered` with the Pillow renderer into
``render/art/``: one zip per height (fixed time stamps, so the same art gives the same bytes)
and the font's character widths for pictures laid out as SVG.  Needs Pillow.
"""

from __future__ import annotations

import io
import json
import sys
import zipfile
from pathlib import Path

from ..cards import Card
from .images import draw_back_image, draw_card_image
from .prerendered import ART, DATE, HEIGHTS, member_name, variants
from .raster import Raster

__all__ = ["build_height", "write_all", "main"]


def _draw(card: Card | None, height: int, show_value: bool, four_colour: bool) -> bytes:
    img = (draw_back_image(height) if card is None
           else draw_card_image(card, height, show_value=show_value, four_colour=four_colour))
    return Raster(img.width, img.height, bytearray(img.tobytes())).to_png()


def build_height(height: int) -> bytes:
    """The zip of every picture at ``height`` (each distinct variant once), deterministic."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as archive:
        plain: dict[str, bytes] = {}
        for card, show_value, four_colour in variants():
            data = _draw(card, height, show_value, four_colour)
            name = member_name(card, show_value, four_colour)
            base = member_name(card)
            if name != base and plain.get(base) == data:
                continue      # looks like the plain picture: stored once
            plain.setdefault(name, data)
            info = zipfile.ZipInfo(name, date_time=DATE)
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return out.getvalue()


def _measure_widths() -> dict[str, dict[str, float]]:
    from .fonts import font

    chars = [chr(c) for c in (*range(32, 127), *range(160, 256))] + list("…’“”•–—×")
    return {kind: {ch: round(font(100, kind == "bold").getlength(ch), 2) for ch in chars}
            for kind in ("regular", "bold")}


def write_all(folder: Path, heights: tuple[int, ...] = HEIGHTS) -> list[Path]:
    """Draw the shipped art into ``folder`` (one process per height when there are cores)."""
    from concurrent.futures import ProcessPoolExecutor

    folder.mkdir(parents=True, exist_ok=True)
    written = []
    with ProcessPoolExecutor() as pool:
        for height, data in zip(heights, pool.map(build_height, heights)):
            target = folder / f"cards-{height}.zip"
            target.write_bytes(data)
            written.append(target)
    widths = folder / "text_widths.json"
    widths.write_text(json.dumps(_measure_widths(), sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
    return written + [widths]


def main(argv: list[str] | None = None) -> int:
    """``python -m tarot_learn.render.artbuild [FOLDER]``: redraw the shipped art."""
    args = sys.argv[1:] if argv is None else argv
    folder = Path(args[0]) if args else Path(__file__).with_name(ART)
    for path in write_all(folder):
        print(f"wrote {path} ({path.stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
