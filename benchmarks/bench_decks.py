"""Own decks and the recognition drill: how long loading and drawing take.

Run: python benchmarks/bench_decks.py   (or `make bench`)

Figures printed (medians of 5 runs unless said):
* load_deck of 78 sample scans (PNG/JPEG/WebP, 360 px) and of 78 phone-sized JPEGs
  (1800 x 3000 px, decoded at reduced scale);
* one own card at 280 px: first drawing of a size (resize + frame) and a cached one;
* refusing a decompression bomb (a 100000 x 100000 PNG header) and a text file named .png;
* drill questions + answers per second (logic only), and a widget question (picture + buttons).
"""

from __future__ import annotations

import io
import struct
import sys
import tempfile
import time
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image  # noqa: E402

from timing import median_ms  # noqa: E402
from tarot_learn.cards import tarot_deck  # noqa: E402
from tarot_learn.decks import load_deck, make_sample_scans  # noqa: E402
from tarot_learn.drill import Drill  # noqa: E402



def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        sample = Path(tmp) / "sample"
        t = time.perf_counter()
        make_sample_scans(sample)
        print(f"make_sample_scans, 78 cards + back at 360 px: {time.perf_counter() - t:.2f} s (once)")
        print(f"load_deck, 78 sample scans: {median_ms(lambda: load_deck(sample)):.0f} ms")

        phone = Path(tmp) / "phone"
        phone.mkdir()
        big = Image.new("RGB", (1800, 3000), "#7a5")
        big.paste((240, 230, 200), (100, 100, 1700, 2900))
        buf = io.BytesIO()
        big.save(buf, "JPEG", quality=85)
        for card in tarot_deck():
            (phone / f"{card}.jpg").write_bytes(buf.getvalue())
        print(f"load_deck, 78 JPEGs of 1800x3000 px ({len(buf.getvalue()) // 1024} kB each): "
              f"{median_ms(lambda: load_deck(phone), runs=3):.0f} ms")

        deck = load_deck(sample)
        cards = tarot_deck()
        heights = iter(range(200, 400))

        def first_draw() -> None:
            deck.card_image(cards[0], next(heights), "highlight")
        print(f"own card, first drawing of a size (highlight): {median_ms(first_draw, 21):.2f} ms")
        deck.card_image(cards[0], 280)
        print(f"own card, cached: {median_ms(lambda: deck.card_image(cards[0], 280), 101) * 1000:.1f} us")

        bad = Path(tmp) / "bad"
        bad.mkdir()
        good = Path(deck.folder / deck.files[cards[0]])
        (bad / f"AW{good.suffix}").write_bytes(good.read_bytes())     # one good card among them
        ihdr = struct.pack(">IIBBBBB", 100_000, 100_000, 8, 2, 0, 0, 0)
        chunk = struct.pack(">I", 13) + b"IHDR" + ihdr + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr))
        (bad / "T7.png").write_bytes(b"\x89PNG\r\n\x1a\n" + chunk)
        (bad / "T9.png").write_text("notes")
        print(f"load_deck with a bomb header and a text .png refused: "
              f"{median_ms(lambda: load_deck(bad)):.1f} ms")

    def drill_run(n: int = 2000) -> None:
        d = Drill(kind="mixed", seed=1, clock=lambda: 0.0, remember=False)
        for i in range(n):
            d.choose(i % len(d.question.options))
            d.next()
    ms = median_ms(drill_run)
    print(f"drill logic, question + answer: {2000 / ms * 1000:,.0f} per s")

    try:
        from tarot_learn.widgets.drill import Drill as DrillWidget
    except ImportError:
        print("ipywidgets not installed: widget figure skipped")
        return
    w = DrillWidget(kind="name", seed=1, remember=False)
    for _ in range(80):                       # warm the picture caches
        w.answer(w.question.expected)
        w.next()

    def widget_round() -> None:
        w.choose(0)
        w.next()
    print(f"drill widget, answer + next card (pictures cached): {median_ms(widget_round, 51):.1f} ms")


if __name__ == "__main__":
    main()
