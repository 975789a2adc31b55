"""Build step that puts the lessons, rule sheets, published results and lesson images into the wheel.

Everything else about the package is declared in pyproject.toml.  The repository keeps these files in
its top-level folders (notebooks/, seeds/, results/, images/), where teachers and contributors edit
them; a wheel must carry them too, or an installed tarot_learn has no lessons and no rule texts.
Setuptools has no declarative way to put files from outside the package into it, so this step copies
them into ``tarot_learn/_data/<kind>/`` of the build tree (never the source tree).  An editable
install skips the copy and reads the checkout's folders, so there is one copy to edit;
``tarot_learn.resources`` finds whichever is there.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent

# What travels, by kind: the images are the ones the lessons show (images/lessons/) and the printable
# cheat sheets; the README's screenshots stay in the repository.
SHIPPED = {
    "notebooks": ("*.ipynb",),
    "seeds": ("*.md",),
    "results": ("*.json",),
    "images": ("lessons/*.png", "cheatsheet_*.png", "cheatsheet_*.pdf"),
}


class BuildPyWithData(build_py):
    """``build_py`` that also copies the shipped files into ``<build_lib>/tarot_learn/_data``."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / "tarot_learn" / "_data"
        shutil.rmtree(target, ignore_errors=True)      # a reused build folder keeps no renamed lesson
        for kind, patterns in SHIPPED.items():
            for pattern in patterns:
                for source in sorted((ROOT / kind).glob(pattern)):
                    dest = target / kind / source.relative_to(ROOT / kind)
                    self.mkpath(str(dest.parent))
                    self.copy_file(str(source), str(dest), preserve_times=False)


setup(cmdclass={"build_py": BuildPyWithData})
