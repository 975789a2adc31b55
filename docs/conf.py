"""Sphinx configuration of tarot_learn's documentation site (``make docs`` builds it into dist/docs).

The source folder is the repository itself (``sphinx-build -c docs . dist/docs``), so the rule
sheets (seeds/), the glossary, the teacher's guide, the architecture page and the lessons
(notebooks/) are read where they live: one source, and their relative links resolve as they do
on GitHub. Only the files named in ``include_patterns`` become pages.

Everything is offline: no intersphinx, no fonts or scripts from a CDN, lessons executed locally
(myst-nb, cached in dist/.jupyter_cache so an unchanged lesson is not run again).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

import tarot_learn  # noqa: E402

project = "tarot_learn"
author = "tarot_learn developers"
copyright = "2026, tarot_learn developers"
release = version = tarot_learn.__version__

root_doc = "docs/index"
extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "tarot_docs",
    "tarot_api",
]

# Only these files are pages; the rest of the repository is not walked into.
include_patterns = [
    "docs/**",
    "seeds/*.md",
    "notebooks/0[0-9]_*.ipynb",
    "notebooks/1[0-9]_*.ipynb",
]
exclude_patterns = [
    ".git", ".venv", ".venv-lite", "dist", "build", "tarot_learn", "tests", "benchmarks", "lite",
    "test-artifacts", "tarot_class", "results", "images",
    "docs/README_front.md", "docs/_ext", "docs/_static", "docs/_extra", "**/.ipynb_checkpoints",
]

# MyST: the rule sheets and guides are GitHub-flavoured Markdown; headings get anchors so that
# links to a section (page.md#section) resolve.
myst_enable_extensions = ["colon_fence", "deflist", "attrs_inline"]
myst_heading_anchors = 3

# The lessons run at build time, each once until it changes (jupyter-cache); a lesson that raises
# fails the build, as nbval fails make test.
nb_execution_mode = "cache"
nb_execution_cache_path = str(ROOT / "dist" / ".jupyter_cache")
nb_execution_timeout = 600
nb_execution_raise_on_error = True
nb_execution_show_tb = True
# No widget JavaScript from a CDN: widgets are drawn as static pictures by tarot_docs, and the
# live lesson is one link away.
nb_ipywidgets_js = {}
# The kernels that run the lessons import this checkout's package, whatever the venv points at.
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
# A learner's progress during the build goes to a scratch folder, never the builder's own.
os.environ.setdefault("TAROT_LEARN_DATA", str(ROOT / "dist" / ".docs_learner_data"))
os.environ.setdefault("TAROT_LEARN_LEARNER", "docs")

# The API reference: members in source order, each public package's ``__all__`` as its list.
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autoclass_content = "both"
default_role = "literal"

html_theme = "furo"
html_title = "tarot_learn"
html_static_path = ["_static"]
# dist/docs/index.html: the front page is docs/index.html (the pages keep the repository's paths).
html_extra_path = ["_extra"]
html_css_files = ["tarot_docs.css"]
html_show_sourcelink = False
html_copy_source = False
html_last_updated_fmt = None

# The static site this one links to for each lesson, relative to dist/docs/.
tarot_lite_root = "../lite/lab/index.html"
