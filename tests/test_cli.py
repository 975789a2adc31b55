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
    (("solve", "klondike", "--seed", "1", "-o", "speed=3"), "unknown knob 'speed'; the knobs are draw (KL-9)"),
    (("solve", "--seed", "1"), "required"),
    (("solve", "KL1-C1SJ", "--variant", "x.toml"), "carries its own options"),
    (("solve", "klondike", "--seed", "1", "--variant", "/no/such/spec.toml"), "cannot read the variant spec"),
    (("winrate", "--deals", "2", "--no-cache"), "required"),
    (("winrate", "klondike", "--deals", "2", "--no-cache", "--dask", ""), "Dask address"),
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


def test_games_lists_each_knob_with_its_rule():
    out = cli("games")
    assert "empty_column=king_only|any|none (default king_only, KL-6)" in out.stdout
    assert "build=alternate|same_suit|any_suit (default alternate, TS-6)" in out.stdout


def test_a_variant_file_and_knobs_on_the_command_line(tmp_path):
    from tarot_learn import games

    spec = tmp_path / "easy.toml"
    spec.write_text('game = "tarot-solitaire"\nface_down_row = false\nempty_column = "any"\n')
    out = cli("solve", "--variant", str(spec), "--seed", "3", "-o", "draw=1", "--quiet")
    assert out.returncode == 0, out.stderr
    state = games.new("tarot-solitaire", seed=3, face_down_row=False, empty_column="any", draw=1)
    assert out.stdout.startswith(state.deal_code + ":")
    run = cli("winrate", "--variant", str(spec), "--deals", "2", "--states", "2000", "--processes", "1",
              "--cache", str(tmp_path / "c.jsonl"), "--json")
    assert run.returncode == 0, run.stderr
    assert '"empty_column": "any"' in run.stdout and '"deals": 2' in run.stdout
    other = cli("winrate", "klondike", "--variant", str(spec), "--no-cache")
    assert other.returncode == 2 and "not of klondike" in other.stderr
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "klondike"\nempty_columns = "any"\n')
    out = cli("winrate", "--variant", str(bad), "--no-cache")
    assert out.returncode == 2 and "unknown knob 'empty_columns'" in out.stderr


def test_winrate_on_a_local_dask_cluster_matches_the_local_run(tmp_path):
    pytest.importorskip("dask.distributed")
    args = ("winrate", "tarot-solitaire", "--deals", "4", "--states", "2000", "-o", "face_down_row=false",
            "--json", "--processes", "1")
    here = cli(*args, "--cache", str(tmp_path / "a.jsonl"))
    there = cli(*args, "--cache", str(tmp_path / "b.jsonl"), "--dask", "local")
    assert here.returncode == 0 and there.returncode == 0, there.stderr
    import json
    a, b = json.loads(here.stdout), json.loads(there.stdout)
    assert {k: a[k] for k in ("solved", "impossible", "undecided")} == \
        {k: b[k] for k in ("solved", "impossible", "undecided")}
