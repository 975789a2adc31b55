"""Speed of French Tarot scoring and of the score sheet (medians of repeated runs).

Run: python benchmarks/bench_french_tarot_scoring.py   (or `make bench`)
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from timing import median_seconds  # noqa: E402
from tarot_learn.games.french_tarot.match import ScoreSheet  # noqa: E402
from tarot_learn.games.french_tarot.scoring import CONTRACTS, score_deal  # noqa: E402



def score_many(n: int = 10_000) -> None:
    for i in range(n):
        bouts = i % 4
        # Possible deals only: each side takes at least one trick beyond the bouts it holds.
        half = 8 * bouts + 12 + (i * 37) % (182 - 48)
        score_deal(4, CONTRACTS[i % 4], bouts, half_points=min(half, 182 - 8 * (3 - bouts) - 12),
                   petit_au_bout="attack" if bouts else None, poignees=[("defence", 10)],
                   seats=i % 4)


def sheet(rows: int = 100) -> ScoreSheet:
    s = ScoreSheet(4, ["Nord", "Sud", "Est", "Ouest"])
    for i in range(rows):
        s.add(score_deal(4, CONTRACTS[i % 4], 2, 30 + i % 40, seats=i % 4), dealer=i % 4)
    return s


def main() -> None:
    n = 10_000
    t = median_seconds(score_many, runs=7)
    print(f"score_deal: {n / t:,.0f} deals/s (median of 7 runs of {n})")
    s = sheet()
    for name, fn in [("ScoreSheet.to_html, 100 deals", s.to_html),
                     ("ScoreSheet.to_text, 100 deals", s.to_text),
                     ("ScoreSheet JSON round trip, 100 deals",
                      lambda: ScoreSheet.from_json(s.to_json()))]:
        print(f"{name}: {median_seconds(fn, runs=7) * 1000:.2f} ms (median of 7)")


if __name__ == "__main__":
    main()
