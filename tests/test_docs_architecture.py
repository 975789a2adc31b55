"""docs/architecture.md keeps up with the tree: every package, every module and every import-linter
contract is named there, so a new one cannot land without its paragraph.  A module inside a package
is named by its path (`` `classroom/model/pace.py` ``) or by its file name in a paragraph that names
its package (`` `classroom/model/` `` ... `` `pace.py` ``)."""

from __future__ import annotations

import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PACKAGE = REPO / "tarot_learn"
DOC = REPO / "docs" / "architecture.md"


def packages(root: Path = PACKAGE) -> list[str]:
    """Every package under ``root`` as its folder path with a slash (``games/french_tarot/``)."""
    return sorted(str(p.parent.relative_to(root)) + "/" for p in root.rglob("__init__.py") if p.parent != root)


def top_level_modules(root: Path = PACKAGE) -> list[str]:
    """Every module directly in ``root`` (``cards.py``, ``__main__.py``), the package's own
    ``__init__.py`` left out."""
    return sorted(p.name for p in root.glob("*.py") if p.name != "__init__.py")


def package_modules(root: Path = PACKAGE) -> list[str]:
    """Every module inside a package under ``root``, as its path (``classroom/model/pace.py``);
    the packages' ``__init__.py`` left out."""
    return sorted(str(p.relative_to(root)) for p in root.rglob("*.py")
                  if p.name != "__init__.py" and p.parent != root)


def paragraphs(text: str) -> list[str]:
    """``text`` cut where a blank line, a heading, a bold line or a top-level bullet begins; a
    bullet keeps its indented lines and nested bullets."""
    cut: list[list[str]] = [[]]
    for line in text.splitlines():
        if not line.strip() or line.startswith(("#", "- ", "**")):
            cut.append([])
        if line.strip():
            cut[-1].append(line)
    return ["\n".join(lines) for lines in cut if lines]


def unplaced(text: str, modules: list[str]) -> list[str]:
    """The modules ``text`` does not place: neither `` `path` `` anywhere nor `` `name` `` in a
    paragraph that names `` `package/` ``."""
    blocks = paragraphs(text)
    missing = []
    for module in modules:
        package, name = module.rsplit("/", 1)
        if f"`{module}`" in text:
            continue
        if not any(f"`{package}/`" in block and f"`{name}`" in block for block in blocks):
            missing.append(module)
    return missing


def contract_ids(pyproject: Path = REPO / "pyproject.toml") -> list[str]:
    """The ids of the import-linter contracts in ``pyproject``."""
    data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    return [c["id"] for c in data["tool"]["importlinter"]["contracts"]]


def unnamed(text: str, names: list[str], quoted: bool = False) -> list[str]:
    """The names ``text`` does not mention (``quoted``: only as code, `` `name` ``)."""
    return [n for n in names if (f"`{n}`" if quoted else n) not in text]


def test_every_package_is_named():
    assert unnamed(DOC.read_text(encoding="utf-8"), packages(), quoted=True) == []


def test_every_top_level_module_is_named():
    assert unnamed(DOC.read_text(encoding="utf-8"), top_level_modules(), quoted=True) == []


def test_every_module_of_every_package_is_placed():
    assert unplaced(DOC.read_text(encoding="utf-8"), package_modules()) == []


def test_every_import_linter_contract_is_named():
    ids = contract_ids()
    assert ids, "pyproject.toml has no import-linter contract"
    assert unnamed(DOC.read_text(encoding="utf-8"), ids, quoted=True) == []


def test_the_checks_see_what_they_should(tmp_path):
    """The finders see a package and a module, and an unnamed one is reported."""
    (tmp_path / "__init__.py").write_text("")
    (tmp_path / "inner" / "deep").mkdir(parents=True)
    (tmp_path / "inner" / "__init__.py").write_text("")
    (tmp_path / "inner" / "deep" / "__init__.py").write_text("")
    (tmp_path / "lone.py").write_text("")
    assert packages(tmp_path) == ["inner/", "inner/deep/"]
    assert top_level_modules(tmp_path) == ["lone.py"]
    assert unnamed("the `floors` and inner/ and lone.py", ["floors", "inner/deep/", "lone.py"], quoted=False) \
        == ["inner/deep/"]
    assert unnamed("floors without quotes", ["floors"], quoted=True) == ["floors"]
    (tmp_path / "inner" / "deep" / "core.py").write_text("")
    (tmp_path / "inner" / "solo.py").write_text("")
    assert package_modules(tmp_path) == ["inner/deep/core.py", "inner/solo.py"]


def test_a_module_is_placed_only_beside_its_own_package():
    """A file name counts in its own package's paragraph (nested bullets included), not in another
    package's, and a full path counts anywhere."""
    text = ("- `inner/`: one job.\n  - more: `solo.py` (its job)\n"
            "- `inner/deep/`: another job, `core.py`\n\n"
            "`other/core.py` named by path.\n\n- `inner/`: again\n\n`late.py` alone")
    modules = ["inner/solo.py", "inner/deep/core.py", "other/core.py", "inner/core.py", "inner/late.py"]
    assert unplaced(text, modules) == ["inner/core.py", "inner/late.py"]
    assert paragraphs("a\nb\n\n- c\n  d\n- e\n## f\n**g**") == ["a\nb", "- c\n  d", "- e", "## f", "**g**"]


def test_nothing_points_outside_the_repository():
    """The repository's documents point at docs/architecture.md, never at a page outside it."""
    texts = [REPO / "README.md", *PACKAGE.rglob("*.py"), *(REPO / "tests").rglob("*.py")]
    outside = "../" + "shared/"
    assert [str(p.relative_to(REPO)) for p in texts if outside in p.read_text(encoding="utf-8")] == []
