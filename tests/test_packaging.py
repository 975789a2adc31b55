"""The wheel carries the lessons: build it, install it in a fresh environment outside the checkout,
copy the lessons with ``tarot-learn lessons`` into an empty folder and run lesson 09 there under nbval.

No network: the new environment sees the test environment's libraries through a ``.pth`` line (its
own site-packages come first, so ``tarot_learn`` is the installed wheel, never the checkout).
"""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
import sysconfig
import zipfile

import pytest

import tarot_learn

CHECKOUT = pathlib.Path(tarot_learn.__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(not (CHECKOUT / "pyproject.toml").is_file(), reason="needs the source checkout")


def run(command: list[str], cwd: pathlib.Path, env: dict | None = None, timeout: int = 240) -> str:
    out = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert out.returncode == 0, f"{command[:4]} failed:\n{out.stdout[-3000:]}\n{out.stderr[-3000:]}"
    return out.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> pathlib.Path:
    """The wheel, built with the build and egg-info folders kept out of the checkout."""
    work = tmp_path_factory.mktemp("build")
    cfg = work / "build.cfg"
    cfg.write_text(f"[build]\nbuild_base = {work / 'build'}\n[egg_info]\negg_base = {work}\n")
    env = {**os.environ, "DIST_EXTRA_CONFIG": str(cfg), "PIP_NO_INDEX": "1"}
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(work / "dist"),
         str(CHECKOUT)], cwd=work, env=env)
    (found,) = (work / "dist").glob("tarot_learn-*.whl")
    return found


def test_the_wheel_ships_lessons_rule_sheets_results_and_lesson_images(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for kind, pattern in (("notebooks", "*.ipynb"), ("seeds", "*.md"), ("results", "*.json")):
        for source in (CHECKOUT / kind).glob(pattern):
            assert f"tarot_learn/_data/{kind}/{source.name}" in names, source
    for source in (CHECKOUT / "images" / "lessons").glob("*.png"):
        assert f"tarot_learn/_data/images/lessons/{source.name}" in names, source
    assert "tarot_learn/_data/images/board_example.png" not in names     # README pictures stay home
    assert "tarot_learn/render/fonts/" in {n[:len("tarot_learn/render/fonts/")] for n in names}
    server = CHECKOUT / "tarot_learn" / "classroom" / "server"
    for kind in ("templates", "static"):                        # the class server's pages and their files
        for source in (server / kind).iterdir():
            assert f"tarot_learn/classroom/server/{kind}/{source.name}" in names, source
    assert "tarot_learn/classroom/challenge_page.js" in names                  # the student's live leaderboard


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> pathlib.Path:
    """A new environment outside the checkout with only the wheel installed in it."""
    venv = tmp_path_factory.mktemp("env") / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=venv.parent)
    python = venv / "bin" / "python"
    site = pathlib.Path(run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                            cwd=venv.parent).strip())
    (site / "zz_test_libraries.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    run([str(python), "-m", "pip", "install", "--no-deps", "--no-index", "-q", str(wheel)], cwd=venv.parent,
        env={**os.environ, "PIP_NO_INDEX": "1"})
    return venv


def test_the_installed_copy_is_used_and_finds_its_own_files(installed):
    python = installed / "bin" / "python"
    code = ("import json, tarot_learn, tarot_learn.rules as r, tarot_learn.resources as res; "
            "print(json.dumps([tarot_learn.__file__, str(r.sheet_path('TS')), res.shipped(), r.title('TS-5')]))")
    where, sheet, shipped, title = json.loads(run([str(python), "-c", code], cwd=installed.parent))
    assert pathlib.Path(where).is_relative_to(installed) and not pathlib.Path(where).is_relative_to(CHECKOUT)
    assert pathlib.Path(sheet).is_relative_to(installed) and shipped
    assert title == "TS-5 Trumps above 10 play as their digit sum."


def test_tarot_learn_lessons_then_lesson_09_under_nbval(installed, tmp_path):
    folder = tmp_path / "my lessons"
    out = run([str(installed / "bin" / "tarot-learn"), "lessons", str(folder), "--no-open"], cwd=tmp_path)
    assert "copied into" in out
    lessons = sorted(p.name for p in (CHECKOUT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert sorted(p.name for p in folder.glob("*.ipynb")) == lessons and len(lessons) >= 10
    assert sorted(p.name for p in (folder / "cheatsheets").glob("*.pdf")) == sorted(
        p.name for p in (CHECKOUT / "images").glob("cheatsheet_*.pdf"))
    env = {**os.environ, "TAROT_LEARN_DATA": str(tmp_path / "data"), "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("PYTHONPATH", None)
    run([str(installed / "bin" / "python"), "-m", "pytest", "-q", "-p", "no:cacheprovider", "--nbval-lax",
         "--rootdir", str(folder), "09_rule_explorer.ipynb"], cwd=folder, env=env, timeout=300)


def test_lessons_copy_keeps_a_learners_edits_and_updates_untouched_copies(tmp_path, capsys):
    import hashlib

    from tarot_learn.__main__ import main
    from tarot_learn.errors import OptionError
    from tarot_learn.lessons import copier

    folder = tmp_path / "lessons"
    assert main(["lessons", str(folder), "--no-open"]) == 0
    first = copier.copy_lessons(folder)
    assert first.copied == first.updated == first.kept == []          # nothing new the second time
    edited, older = folder / "04_tarot_solitaire.ipynb", folder / "02_numerology.ipynb"
    edited.write_text('{"my": "notes"}')
    older.write_text('{"an": "older lesson"}')                           # as an earlier version wrote it
    record = json.loads((folder / copier.RECORD).read_text())
    record[older.name] = hashlib.sha256(older.read_bytes()).hexdigest()
    (folder / copier.RECORD).write_text(json.dumps(record))
    report = copier.copy_lessons(folder)
    assert report.kept == [edited.name] and report.updated == [older.name]
    assert edited.read_text() == '{"my": "notes"}'
    assert older.read_bytes() == (CHECKOUT / "notebooks" / older.name).read_bytes()
    lines = report.lines()
    assert any(edited.name in line and "rename or delete it" in line for line in lines)
    assert all("\n" not in line for line in lines)
    (tmp_path / "a file").write_text("x")
    with pytest.raises(OptionError, match="is a file: give a folder"):
        copier.copy_lessons(tmp_path / "a file")
    assert main(["lessons", str(tmp_path / "a file"), "--no-open"]) == 2
    assert "is a file" in capsys.readouterr().err
