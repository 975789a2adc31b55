"""tarot_learn.resources: the shipped copy when there is one, else the checkout's folders; never a way out."""

import os
import pathlib
import shutil
import subprocess
import sys

import pytest

import tarot_learn
from tarot_learn import resources, rules
from tarot_learn.errors import OptionError

PACKAGE = pathlib.Path(tarot_learn.__file__).resolve().parent
CHECKOUT = PACKAGE.parent


def test_a_checkout_reads_its_top_level_folders():
    assert not resources.shipped()
    for kind in resources.KINDS:
        assert resources.root(kind) == CHECKOUT / kind
        assert resources.root(kind).is_dir()
    assert resources.path("seeds", "tarot_solitaire.md").is_file()
    assert resources.path("notebooks", "09_rule_explorer.ipynb").is_file()
    assert resources.path("results", "winrates.json").is_file()
    assert resources.path("images", "lessons") == CHECKOUT / "images" / "lessons"


def test_rule_sheets_are_found_through_resources():
    for prefix, name in rules.SHEETS.items():
        assert rules.sheet_path(prefix) == resources.path("seeds", name)


@pytest.mark.parametrize("parts", [("..",), ("../pyproject.toml",), ("a", "..", "..", "x"), ("lessons\\..\\..",),
                                   ("/etc/passwd",), ("C:\\Windows",), ("",), (None,), ("x" * 500,), ("a\x00b",)])
def test_parts_that_leave_the_folder_or_are_not_names_are_refused(parts):
    with pytest.raises(OptionError) as info:
        resources.path("seeds", *parts)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("kind", ["secrets", "", "../seeds", None, "Seeds"])
def test_unknown_kinds_are_refused(kind):
    with pytest.raises(OptionError, match="choose notebooks, seeds, results or images"):
        resources.path(kind)


def test_a_symbolic_link_pointing_out_is_refused(tmp_path):
    link = CHECKOUT / "results" / "escape-link-for-test"
    try:
        link.symlink_to(tmp_path)
    except OSError:
        pytest.skip("no symbolic links here")
    try:
        with pytest.raises(OptionError, match="leads out"):
            resources.path("results", "escape-link-for-test", "x")
    finally:
        link.unlink()


def test_a_shipped_copy_wins_over_the_checkout(tmp_path):
    """A package tree with ``_data/`` (as a wheel installs it) reads from there, not from beside it."""
    package = tmp_path / "site" / "tarot_learn"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    for name in ("errors.py", "resources.py"):
        shutil.copy(PACKAGE / name, package / name)
    (package / "_data" / "seeds").mkdir(parents=True)
    (package / "_data" / "seeds" / "tarot_solitaire.md").write_text("shipped")
    (tmp_path / "site" / "seeds").mkdir()
    (tmp_path / "site" / "seeds" / "tarot_solitaire.md").write_text("beside")
    code = ("from tarot_learn import resources as r; "
            "print(r.shipped(), r.path('seeds', 'tarot_solitaire.md').read_text(), r.root('results').parent.name)")
    env = {**os.environ, "PYTHONPATH": str(tmp_path / "site")}
    out = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True, env=env,
                         cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["True", "shipped", "site"]
