"""The tarot-learn command (issue 6), run as a real subprocess: results, and one-line errors with
exit status 2 for bad input."""

from __future__ import annotations

import subprocess
import sys

import pytest


def cli(*args, timeout=120):
    return subprocess.run([sys.executable, "-m", "tarot_learn", *args], capture_output=True,
                          text=True, timeout=timeout)


def test_solve_prints_the_deal_code_verdict_and_a_replayable_solution():
    from tarot_learn import games

    out = cli("solve", "tarot-solitaire", "--seed", "3", "--option", "face_down_row=false")
    assert out.returncode == 0, out.stderr
    first, moves = out.stdout.splitlines()[:2]
    state = games.new("tarot-solitaire", seed=3, face_down_row=False)
    assert first.startswith(state.deal_code) and "solved" in first
    for m in moves.split():
        state.play(m)
    assert state.is_won()


def test_solve_by_deal_code():
    from tarot_learn import games

    code = games.new("tarot-solitaire", seed=5, draw=1).deal_code
    out = cli("solve", code, "--quiet")
    assert out.returncode == 0 and out.stdout.startswith(code) and len(out.stdout.splitlines()) == 1


def test_winrate_prints_a_table(tmp_path):
    out = cli("winrate", "tarot-solitaire", "--deals", "3", "--seconds", "2", "--processes", "1",
              "--cache", str(tmp_path / "c.jsonl"), "-o", "face_down_row=false")
    assert out.returncode == 0, out.stderr
    assert "tarot-solitaire face_down_row=False" in out.stdout and "3 deals solved now" in out.stdout
    again = cli("winrate", "tarot-solitaire", "--deals", "3", "--seconds", "2", "--processes", "1",
                "--cache", str(tmp_path / "c.jsonl"), "-o", "face_down_row=false", "--json")
    assert again.returncode == 0 and '"deals": 3' in again.stdout


@pytest.mark.parametrize("args,words", [
    (("solve", "chess", "--seed", "1"), "no game called 'chess'"),
    (("solve", "klondike", "--seed", "1", "-o", "draw=5"), "draw"),
    (("solve", "klondike", "--seed", "1", "-o", "speed=3"), "unknown option 'speed'"),
    (("solve", "klondike", "--seed", "1", "-o", "draw"), "name=value"),
    (("solve", "klondike", "--seed", "1", "--seconds", "0"), "seconds"),
    (("solve", "klondike", "--seed", "1", "--states", "0"), "states"),
    (("winrate", "klondike", "--deals", "0", "--no-cache"), "deals"),
    (("winrate", "french-tarot", "--deals", "2", "--no-cache"), "patiences"),
    (("solve", "KL1-ZZZZ"), "deal code"),
    (("solve", "klondike", "--seed", "1", "--seconds", "inf"), "from 0.001 to 3,600"),
    (("solve", "klondike", "--seed", "1", "--seconds", "nan"), "from 0.001 to 3,600"),
    (("winrate", "klondike", "--deals", str(10 ** 12), "--no-cache"), "from 1 to 1,000,000"),
    (("winrate", "klondike", "--processes", "0", "--no-cache"), "from 1 to 256"),
    (("solve", "klondike", "--seed", "9" * 5000), "whole number"),
    (("solve",), "required"),
    (("fly",), "invalid choice"),
])
def test_bad_input_gives_one_line_and_exit_status_2(args, words):
    out = cli(*args)
    assert out.returncode == 2
    assert out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tarot-learn: error:") and words in lines[0]


def test_games_lists_the_options():
    out = cli("games")
    assert out.returncode == 0 and "tarot-solitaire: draw=1|2|3" in out.stdout
