"""The documentation site (``make docs``): its Sphinx extensions, and the site it builds.

The checks of the extensions and of what the API reference will list run in ``make test``. The
checks of a built site (every public name in the API reference, every lesson page with its
executed outputs and its live link, no warning, nothing fetched from another host) run when
``TAROT_LEARN_DOCS_SITE`` names one: ``make docs`` builds dist/docs, then runs this file so.
"""

from __future__ import annotations

import doctest
import importlib
import os
import re
import sys
from pathlib import Path

import nbformat
import pytest
from jupyter_cache import get_cache

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

import tarot_api  # noqa: E402
import tarot_docs  # noqa: E402

LESSONS = sorted(p.stem for p in (ROOT / "notebooks").glob("[01][0-9]_*.ipynb"))
SITE = os.environ.get("TAROT_LEARN_DOCS_SITE")
needs_site = pytest.mark.skipif(not SITE, reason="checks a built site: make docs runs them after building it")


def exported_names() -> list[tuple[str, str]]:
    """(module, name) for every name of every public module's ``__all__``."""
    pairs = []
    for modname in tarot_api.public_modules():
        module = importlib.import_module(modname)
        pairs += [(modname, name) for name in tarot_api.exported(module)]
    return pairs


def test_the_extensions_doctests_pass():
    for module in (tarot_api, tarot_docs):
        result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
        assert result.attempted > 0 and result.failed == 0, module.__name__


def test_every_public_module_is_on_an_api_page():
    pages = "\n".join(p.read_text() for p in (ROOT / "docs" / "api").glob("*.md"))
    tops = re.findall(r"```\{tarot-api\} (\S+)\n(:recursive:)?", pages)
    covered = {top for top, _ in tops}
    recursive = [top for top, flag in tops if flag]
    missing = [m for m in tarot_api.public_modules()
               if m not in covered and not any(m.startswith(top + ".") for top in recursive)]
    assert not missing, f"public modules with no API page: {missing}"


def test_every_exported_name_is_documented_once_or_linked_to_its_home():
    sources = {m: "\n".join(tarot_api.module_source(m)) for m in tarot_api.public_modules()}
    pairs = exported_names()
    assert len(pairs) > 300
    for modname, name in pairs:
        text = sources[modname]
        if re.search(rf"^\.\. auto\w+:: {re.escape(modname)}\.{re.escape(name)}$", text, re.M) or \
                re.search(rf"^\.\. py:data:: {re.escape(name)}\n   :module: {re.escape(modname)}$", text, re.M):
            continue
        link = re.search(rf"^\* `{re.escape(name)}`: \{{py:obj\}}`([\w.]+)`$", text, re.M)
        assert link, f"{modname}.{name} is neither documented nor linked"
        home = link.group(1).rsplit(".", 1)[0]
        assert re.search(rf"^\.\. auto\w+:: {re.escape(link.group(1))}$", sources[home], re.M), \
            f"{modname}.{name} links to {link.group(1)}, which is not documented"


def test_a_relative_reference_reads_as_python_reads_a_relative_import():
    importlib.import_module("tarot_learn.games.french_tarot.bots")
    lines = ["What one seat knows (see :mod:`.rules`, :class:`.Phase` and :mod:`.nowhere`)."]
    tarot_api.resolve_relative(None, "class", "tarot_learn.games.french_tarot.bots.Seen", None, {}, lines)
    assert lines == ["What one seat knows (see :mod:`~tarot_learn.games.french_tarot.rules`, "
                     ":class:`~tarot_learn.games.french_tarot.Phase` and :mod:`.nowhere`)."]


def test_a_saved_exercise_is_drawn_still_with_its_prompt_choices_and_button():
    states = {
        "box": {"model_name": "VBoxModel", "state": {"children": ["IPY_MODEL_q", "IPY_MODEL_c", "IPY_MODEL_b",
                                                                  "IPY_MODEL_gone", "IPY_MODEL_box"]}},
        "q": {"model_name": "HTMLModel", "state": {"value": "<b>Which may go on Death?</b>"}},
        "c": {"model_name": "RadioButtonsModel", "state": {"_options_labels": ["3", "<4>"], "index": 1}},
        "b": {"model_name": "ButtonModel", "state": {"description": "Check"}},
        "board": {"model_name": "AnyModel", "state": {}},
    }
    still = tarot_docs.widget_html(states, "IPY_MODEL_box", "../lite.html?path=04.ipynb")
    assert still.startswith("<div class='tl-still-box' style='flex-direction:column'><b>Which may go on Death?</b>")
    assert "<li>3</li><li class=tl-chosen>&lt;4&gt;</li>" in still       # choices escaped, the chosen one marked
    assert "<button disabled>Check</button>" in still
    assert still.count("Which may go on Death?") == 30                    # a box inside itself stops after 30 levels
    board = tarot_docs.widget_html(states, "board", "../lite.html?path=04.ipynb")
    assert "href='../lite.html?path=04.ipynb'" in board and "open this lesson live" in board
    assert tarot_docs.widget_html(states, "gone", "x") == ""


def test_every_lesson_is_listed_and_opens_where_the_static_site_puts_it():
    index = (ROOT / "docs" / "lessons" / "index.md").read_text()
    lite_build = (ROOT / "lite" / "build.py").read_text()
    assert len(LESSONS) >= 12
    # The static site serves each lesson at its root under its own name (lite/build.py's lessons());
    # if that layout changes, the lesson pages' live links (tarot_lite_root in docs/conf.py) must follow.
    assert 'glob("[0-9][0-9]_*.ipynb")' in lite_build and "files / nb.name" in lite_build, \
        "lite/build.py no longer puts the lessons where the docs' live links point"
    for lesson in LESSONS:
        assert f"(../../notebooks/{lesson}.ipynb)" in index, lesson
        assert tarot_docs.lesson_link(f"notebooks/{lesson}", "../lite/lab/index.html") == \
            f"../../lite/lab/index.html?path={lesson}.ipynb"


# ---- the built site (make docs) ----

def site() -> Path:
    return (ROOT / SITE).resolve() if SITE else Path()      # a relative path is read from the checkout


def api_html() -> tuple[set[str], str]:
    pages = [p.read_text(encoding="utf-8") for p in (site() / "docs" / "api").glob("*.html")]
    text = "\n".join(pages)
    return set(re.findall(r'\bid="([^"]+)"', text)), text


@needs_site
def test_the_build_printed_no_warning():
    warnings = site().parent / "docs-warnings.log"
    assert warnings.exists(), "make docs writes Sphinx's warnings to dist/docs-warnings.log"
    assert warnings.read_text().strip() == ""
    assert (site() / "index.html").exists() and (site() / "docs" / "index.html").exists()


@needs_site
def test_every_public_name_is_in_the_built_api_reference():
    ids, text = api_html()
    # Each module's part of a page runs from its module target to the next module's.
    parts = dict(re.findall(r'id="module-([\w.]+)"(.*?)(?=id="module-|\Z)', text, re.S))
    missing = []
    for modname, name in exported_names():
        target = f"{modname}.{name}"
        if target in ids:
            continue
        # "Also exported": the name, then a link to where it is documented (an alias's first name).
        linked = re.search(rf'<span class="pre">{re.escape(name)}</span></code>: <a [^>]*href="[^"#]*#([\w.]+)"',
                           parts.get(modname, ""))
        if not (linked and linked.group(1) in ids):
            missing.append(target)
    assert not missing, f"not in the API reference: {missing}"


@needs_site
def test_the_api_reference_shows_the_doctests():
    _, text = api_html()
    parts = dict(re.findall(r'id="module-([\w.]+)"(.*?)(?=id="module-|\Z)', text, re.S))
    with_examples = [m for m in tarot_api.public_modules() if ">>>" in (importlib.import_module(m).__doc__ or "")]
    assert len(with_examples) > 20
    missing = [m for m in with_examples if 'class="doctest' not in parts.get(m, "")]
    assert not missing, f"module docstrings whose examples are not shown: {missing}"


@needs_site
@pytest.mark.parametrize("lesson", LESSONS)
def test_every_lesson_page_holds_its_executed_outputs_and_a_live_link(lesson):
    page = (site() / "notebooks" / f"{lesson}.html").read_text(encoding="utf-8")
    # The lesson as the build ran it: jupyter-cache's record of exactly this notebook's source.
    cache = get_cache(str(site().parent / ".jupyter_cache"))
    record = cache.match_cache_notebook(nbformat.read(ROOT / "notebooks" / f"{lesson}.ipynb", as_version=4))
    executed = cache.get_cache_bundle(record.pk).nb
    with_output = [c for c in executed.cells if c.cell_type == "code" and c.get("outputs")]
    assert with_output, f"{lesson} ran without any output"
    assert not [o for c in with_output for o in c["outputs"] if o["output_type"] == "error"]
    assert page.count('class="cell_output docutils container"') == len(with_output)
    assert f'href="../../lite/lab/index.html?path={lesson}.ipynb"' in page
    assert "application/vnd.jupyter.widget-view+json" not in page          # drawn still, not left as a script
    assert "application/vnd.jupyter.widget-state+json" not in page


@needs_site
def test_no_page_fetches_anything_from_another_host():
    outside = re.compile(r'<(?:script|link|img|iframe)\b[^>]*\b(?:src|href)="(?:https?:)?//', re.I)
    offenders = [str(p.relative_to(site())) for p in site().rglob("*.html")
                 if outside.search(p.read_text(encoding="utf-8"))]
    assert not offenders, offenders
