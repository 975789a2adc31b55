"""The benchmark's seat for magmacrunch-tarot's robot (``benchmarks/magmacrunch_robot.py``): cards
translated both ways, and whole deals where its every choice is one our rules allow (run where the
``bench`` extra, magmacrunch-tarot, is installed)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("tarot.rules")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import magmacrunch_robot as adapter  # noqa: E402
from tarot_learn.games.french_tarot import rules as R  # noqa: E402
from tarot_learn.games.french_tarot.bots import HeuristicBot, play_deal  # noqa: E402


def test_every_card_translates_both_ways():
    assert all(adapter.from_magma(adapter.to_magma(c).id) == c for c in range(78))
    assert adapter.to_magma(R.card_number("KW")).name == "R♣"
    assert adapter.to_magma(R.card_number("T21")).name == "Trump 21"


def test_its_choices_are_legal_in_checked_deals():
    for seed in range(6):
        bots = [adapter.MagmaBot(seed), HeuristicBot(), adapter.MagmaBot(seed + 1), HeuristicBot()]
        deal = play_deal(seed, bots)                 # the checked engine refuses any illegal move
        assert deal.is_over()
