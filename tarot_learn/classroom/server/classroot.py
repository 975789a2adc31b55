"""The class root: the only folder the class server shows (the lessons and the tables page).

The server never serves the repository or the teacher's home: ``build(class_dir)`` copies the lesson
notebooks (every ``NN_name.ipynb``) and the tables page into ``<class_dir>/pages`` and returns that
folder, which becomes Jupyter's root.  The class's SQLite file and the learners' data sit beside it
in ``<class_dir>``, out of reach of the pages.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from tarot_learn.errors import OptionError

__all__ = ["TABLES_PAGE", "LESSON_NAME", "notebooks_dir", "build", "lessons", "title_of"]

TABLES_PAGE = "classroom.ipynb"
EXTRA_PAGES = ("challenge.ipynb", "presenter.ipynb")   # the challenge's student page, the teacher's presenter
LESSON_NAME = re.compile(r"^[0-9][0-9]_[a-z0-9_]+\.ipynb$")


def notebooks_dir() -> Path:
    """The lessons shipped with the package, else the checkout's ``notebooks/`` folder."""
    shipped = Path(__file__).resolve().parents[2] / "_data" / "notebooks"
    return shipped if shipped.is_dir() else Path(__file__).resolve().parents[3] / "notebooks"


def build(class_dir: Path, source: Path | None = None) -> Path:
    """Copy the lessons and the tables page into ``class_dir/pages`` (made afresh); return it."""
    source = source or notebooks_dir()
    if not (source / TABLES_PAGE).is_file():
        raise OptionError(f"no {TABLES_PAGE} in {source}: reinstall tarot_learn")
    pages = Path(class_dir) / "pages"
    if pages.exists():
        shutil.rmtree(pages)
    pages.mkdir(parents=True)
    extra = [source / name for name in EXTRA_PAGES if (source / name).is_file()]
    for nb in [source / TABLES_PAGE, *extra, *sorted(source.glob("[0-9][0-9]_*.ipynb"))]:
        shutil.copyfile(nb, pages / nb.name)
    return pages


def lessons(pages: Path) -> list[str]:
    """The lesson files of a class root in order (the tables page is not a lesson)."""
    return sorted(p.name for p in Path(pages).iterdir() if LESSON_NAME.match(p.name))


def title_of(notebook: Path) -> str:
    """A notebook's first heading (``# Meet the deck`` -> ``Meet the deck``), else its file stem."""
    try:
        cells = json.loads(Path(notebook).read_text(encoding="utf-8")).get("cells", [])
    except (OSError, ValueError):
        return Path(notebook).stem
    for cell in cells[:3]:
        if cell.get("cell_type") != "markdown":
            continue
        for line in "".join(cell.get("source", "")).splitlines():
            if line.startswith("# "):
                return line[2:].strip()[:120]
    return Path(notebook).stem
