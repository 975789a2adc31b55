"""make lite: the static site holds every lesson and a kernel that needs no other server, and
the same inputs give the same files."""

from __future__ import annotations

import hashlib
import json
import subprocess
import zipfile
from pathlib import Path

import pytest

from tests.lite_site import ROOT, built_site


@pytest.fixture(scope="module")
def site() -> Path:
    return built_site()


def test_site_holds_every_lesson_and_a_kernel_with_tarot_learn(site: Path) -> None:
    lessons = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert sorted(p.name for p in (site / "files").glob("*.ipynb")) == sorted([*lessons, "leaderboard.ipynb"])
    lock = json.loads((site / "static/pyodide/pyodide-lock.json").read_text())
    packages = lock["packages"]
    assert {"tarot-learn", "ipywidgets", "anywidget", "fsrs", "pyodide-kernel", "micropip"} <= set(packages)
    assert "pillow" not in packages, "Pillow has no build for the browser: the site must not need it"
    for name, entry in packages.items():
        wheel = site / "static/pyodide" / entry["file_name"]
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], name
        assert set(entry["depends"]) <= set(packages), name
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["loadPyodideOptions"]["packages"] == sorted(set(packages) - {"jedi", "parso"})
    assert kernel["pyodideUrl"].startswith("./"), "Pyodide comes from the site itself"
    names = {e["name"] for e in config["federated_extensions"]}
    assert {"@jupyter-widgets/jupyterlab-manager", "anywidget", "@jupyterlite/pyodide-kernel-extension"} <= names


def test_the_wheels_carry_bytecode_for_the_browsers_python(site: Path) -> None:
    """No page load compiles a module again: third-party wheels and Pyodide's standard library hold
    bytecode in place of their source, tarot_learn both (its tracebacks show our code); every
    RECORD lists what is there."""
    wheels = {w.name.split("-")[0]: w for w in (site / "static/pyodide").glob("*.whl")}
    with zipfile.ZipFile(wheels["ipython"]) as zf:
        names = set(zf.namelist())
        assert "IPython/__init__.pyc" in names and "IPython/__init__.py" not in names
        record = next(n for n in names if n.endswith(".dist-info/RECORD"))
        listed = {line.split(",")[0] for line in zf.read(record).decode().splitlines()}
        assert listed == names
    with zipfile.ZipFile(site / "static/pyodide/python_stdlib.zip") as zf:    # the standard library too
        names = set(zf.namelist())
        assert {"json/__init__.pyc", "asyncio/", "zipfile/__init__.pyc"} <= names and "json/__init__.py" not in names
        assert int.from_bytes(zf.read("json/__init__.pyc")[4:8], "little") == 1
    with zipfile.ZipFile(wheels["tarot_learn"]) as zf:
        names = set(zf.namelist())
        assert {"tarot_learn/__init__.py", "tarot_learn/__pycache__/__init__.cpython-314.pyc"} <= names
        header = zf.read("tarot_learn/__pycache__/__init__.cpython-314.pyc")[:16]
        assert int.from_bytes(header[4:8], "little") == 1, "unchecked hash: no time stamp, checked against nothing"


def test_the_site_leaves_out_what_the_browser_never_reads(site: Path) -> None:
    """tarot_learn's wheel in the site holds no server templates, fonts or printed matter, jedi's no
    stubs of packages the site lacks (every file of a wheel is unpacked at each kernel start); the
    cheat sheets are the site's own files."""
    wheel = next((site / "static/pyodide").glob("tarot_learn-*.whl"))
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
    assert not [n for n in names if n.startswith(("tarot_learn/classroom/jupyter_data/", "tarot_learn/render/fonts/",
                                                  "tarot_learn/_data/images/", "tarot_learn/classroom/server/"))]
    assert "tarot_learn/classroom/model/leaderboard.py" in names, "the site's leaderboard checks codes itself"
    assert "tarot_learn/_data/notebooks/00_start_here.ipynb" in names
    # The card art travels beside the wheels, fetched a size at a time (render/siteart.py).
    assert not [n for n in names if n.startswith("tarot_learn/render/art/cards-")]
    assert "tarot_learn/render/art/text_widths.json" in names
    shipped = ROOT / "tarot_learn/render/art"
    beside = site / "static/pyodide/art"
    assert sorted(p.name for p in beside.iterdir()) == sorted(p.name for p in shipped.glob("cards-*.zip"))
    assert (beside / "cards-168.zip").read_bytes() == (shipped / "cards-168.zip").read_bytes()
    with zipfile.ZipFile(next((site / "static/pyodide").glob("jedi-*.whl"))) as zf:
        names = zf.namelist()
    third_party = ("jedi/third_party/typeshed/stubs/", "jedi/third_party/django-stubs/")
    assert not [n for n in names if n.startswith(third_party)]
    assert "jedi/third_party/typeshed/stdlib/builtins.pyi" in names, "the standard library's stubs stay"
    # IPython's terminal (prompt_toolkit and its wcwidth) runs in no browser: neither is in the site,
    # and no package the kernel loads depends on them.
    lock = json.loads((site / "static/pyodide/pyodide-lock.json").read_text())["packages"]
    assert not {"prompt-toolkit", "wcwidth"} & set(lock) and not list((site / "static/pyodide").glob("wcwidth-*"))
    assert not [n for n, e in lock.items() if {"prompt-toolkit", "wcwidth"} & set(e["depends"])]
    sheets = sorted(p.name for p in (site / "files/cheatsheets").glob("*.pdf"))
    assert sheets == sorted(p.name for p in (ROOT / "images").glob("cheatsheet_*.pdf")) and len(sheets) == 4


def test_jedi_is_loaded_only_when_asked_for(site: Path) -> None:
    """jedi and parso (Tab completion's, 1.5 MB) stay in the site's lock but out of the kernel's
    start: no package loaded at start depends on them, the kernel's worker does not install jedi,
    and the kernel leaves IPython to pick its completer (its own while jedi is absent)."""
    lock = json.loads((site / "static/pyodide/pyodide-lock.json").read_text())["packages"]
    assert lock["jedi"]["depends"] == ["parso"] and "parso" in lock
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    start = kernel["loadPyodideOptions"]["packages"]
    assert not {"jedi", "parso"} & set(start)
    assert not [n for n in start if {"jedi", "parso"} & set(lock[n]["depends"])]
    static = site / "extensions/@jupyterlite/pyodide-kernel-extension/static"
    workers = sorted(static.glob("*.worker.*.js"))
    assert workers and all('"pyodide-kernel","ipython"]' in w.read_text(encoding="utf-8") for w in workers)
    assert not [w.name for w in static.glob("*.js") if '"jedi"' in w.read_text(encoding="utf-8")]
    with zipfile.ZipFile(next((site / "static/pyodide").glob("pyodide_kernel-*.whl"))) as zf:
        shell = zf.read("pyodide_kernel/interpreter.pyc")
    assert b"use_jedi" not in shell and b"CustomHistoryManager" in shell, "the kernel's shell, compiled, without it"


def test_wheels_and_standard_library_leave_out_what_no_browser_runs(site: Path) -> None:
    """Test suites, data files, the widgets' browser halves inside their wheels (the site serves
    them itself), IPython's terminal, and the standard library's processes, servers and mail
    clients are not in the site; what the kernel imports at start is."""
    found = []
    for wheel in (site / "static/pyodide").glob("*.whl"):
        with zipfile.ZipFile(wheel) as zf:
            found += [f"{wheel.name}: {n}" for n in zf.namelist() if "/tests/" in n or "/test/" in n
                      or n.split("/")[0].endswith(".data") or "/labextension/" in n or "/sboms/" in n]
    assert found == []
    with zipfile.ZipFile(next((site / "static/pyodide").glob("ipython-*.whl"))) as zf:
        names = set(zf.namelist())
    assert "IPython/terminal/pt_inputhooks/__init__.pyc" in names and "IPython/terminal/magics.pyc" in names
    assert "IPython/terminal/interactiveshell.pyc" not in names and "IPython/core/completer.pyc" in names
    with zipfile.ZipFile(next((site / "static/pyodide").glob("anywidget-*.whl"))) as zf:
        assert "anywidget/__init__.pyc" in zf.namelist()
    assert (site / "extensions/anywidget/package.json").is_file(), "the page's half of anywidget"
    with zipfile.ZipFile(site / "static/pyodide/python_stdlib.zip") as zf:
        names = set(zf.namelist())
    assert not [n for n in names if n.startswith(("multiprocessing/", "xmlrpc/", "wsgiref/", "imaplib", "smtplib"))]
    assert {"socketserver.pyc", "logging/config.pyc", "http/client.pyc", "email/parser.pyc", "pydoc.pyc",
            "_pyrepl/pager.pyc", "concurrent/futures/__init__.pyc"} <= names


def test_pygments_keeps_the_lexers_the_kernel_colours_python_with_and_what_they_import(site: Path) -> None:
    """The site's Pygments holds Python's lexers and IPython's own, not the other 300 languages
    (1.3 MB less before the first board); every lexer it keeps imports only lexers it keeps."""
    import ast

    import pygments.lexers

    wheel = next((site / "static/pyodide").glob("pygments-*.whl"))
    with zipfile.ZipFile(wheel) as zf:
        kept = {n[len("pygments/lexers/"):-4] for n in zf.namelist() if n.startswith("pygments/lexers/")
                and n.count("/") == 2 and n.endswith(".pyc")}
    assert {"__init__", "_mapping", "python", "shell", "html", "javascript", "markup"} <= kept
    assert "rust" not in kept and "sql" not in kept and len(kept) < 40
    source = Path(pygments.lexers.__file__).parent      # the same Pygments release, as source
    for name in sorted(kept):
        tree = ast.parse((source / f"{name}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("pygments.lexers."):
                assert node.module.split(".")[2] in kept, f"{name} imports {node.module}, which the site leaves out"
    import ipython_pygments_lexers

    used = {getattr(ipython_pygments_lexers, n).__module__ for n in dir(ipython_pygments_lexers)
            if isinstance(getattr(ipython_pygments_lexers, n), type)}
    assert {m.split(".")[2] for m in used if m.startswith("pygments.lexers.")} <= kept


def test_the_site_lists_what_it_holds(site: Path) -> None:
    listed = dict(line.split("  ", 1)[::-1] for line in (site / "SHA256SUMS").read_text().splitlines())
    listed = {name.strip(): digest for name, digest in listed.items()}
    on_disk = {p.relative_to(site).as_posix() for p in site.rglob("*")
               if p.is_file() and p.name not in ("SHA256SUMS", "INPUTS-SHA256")}
    assert set(listed) == on_disk
    some = sorted(on_disk)[::40]
    assert all(hashlib.sha256((site / n).read_bytes()).hexdigest() == listed[n] for n in some)


def test_the_same_inputs_build_the_same_site(site: Path, tmp_path: Path) -> None:
    """A second build from the same inputs (the registries' downloads cached) gives files
    identical byte for byte."""
    python = ROOT / ".venv-lite" / "bin" / "python"
    done = subprocess.run([str(python), "lite/build.py", "--force", "--out", str(tmp_path / "again")], cwd=ROOT,
                          capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, (done.stdout + done.stderr)[-3000:]
    if (tmp_path / "again" / "INPUTS-SHA256").read_text() != (site / "INPUTS-SHA256").read_text():
        pytest.skip("the site's input files were edited between the two builds (a shared working tree)")
    again = (tmp_path / "again" / "SHA256SUMS").read_text().splitlines()
    first = (site / "SHA256SUMS").read_text().splitlines()
    assert len(again) == len(first) > 300
    assert set(again) ^ set(first) == set(), sorted(set(again) ^ set(first))[:6]


class JsNull:
    """What a JavaScript null is in the static site's Python (Pyodide's ``pyodide.ffi.jsnull``)."""


def test_a_click_on_an_empty_pile_from_the_browsers_python_is_taken() -> None:
    """In Pyodide the page's ``"index": null`` (a click on an empty pile) arrives as a JsNull, not
    None: it is taken like None, and the other checks still hold."""
    from tarot_learn.widgets.board import SolitaireBoard

    board = SolitaireBoard("klondike", seed=3, autosave=False)

    def page(content: dict) -> None:
        board.surface.comm.handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})

    page({"event": "click", "pile": "s", "index": JsNull()})      # the stock, clicked where it is empty
    assert board.message_kind != "refused", board.message
    page({"event": "click", "pile": "f1", "index": JsNull()})     # an empty foundation, nothing selected
    assert board.message_kind != "refused" or "not a card index" not in board.message, board.message
    page({"event": "click", "pile": "t1", "index": JsNull(), "extra": JsNull()})
    assert board.message_kind == "refused" and "no field 'extra'" in board.message, "the checks still hold"


def test_a_won_game_shows_a_result_code_the_leaderboard_takes() -> None:
    """With no class server (the static site) a won game's status shows its result code, which
    the leaderboard notebook's check accepts as a win; a challenge board (sharing off) keeps it
    to the challenge page, since it would show the deal to classmates still playing."""
    import html
    import re

    from tarot_learn import games, solve
    from tarot_learn.classroom.model.leaderboard import check_codes
    from tarot_learn.widgets.board import SolitaireBoard

    options = {"draw": 3, "build": "any_suit"}
    line = solve.solve(games.new("klondike", seed=6, **options), seconds=60).moves
    shown = {}
    for sharing in (True, False):
        board = SolitaireBoard("klondike", seed=6, autosave=False, sharing=sharing, **options)
        for move in line:
            board.state.play(str(move))
        board.refresh()
        assert board.state.is_won() and "You won in" in board._status.value
        found = re.search(r'<code class="tl-result"[^>]*>([^<]+)</code>', board._status.value)
        shown[sharing] = html.unescape(found.group(1)) if found else None
    assert shown[False] is None
    checked = check_codes(f"Ana: {shown[True]}")
    assert not checked.refused and checked.entries[0].won and checked.entries[0].moves == len(line)


def test_the_file_list_shows_when_each_lesson_last_changed(site: Path) -> None:
    """Each lesson's time in the site's file list is its last commit's, not one build-wide stamp."""
    import datetime

    listing = json.loads((site / "api/contents/all.json").read_text())
    for entry in listing["content"]:
        if entry["type"] != "notebook":
            continue
        done = subprocess.run(["git", "log", "-1", "--format=%ct", "--", f"notebooks/{entry['name']}"], cwd=ROOT,
                              capture_output=True, text=True, check=True)
        when = datetime.datetime.fromtimestamp(int(done.stdout), tz=datetime.timezone.utc)
        assert entry["last_modified"] == when.strftime("%Y-%m-%dT%H:%M:%SZ"), entry["name"]
    assert listing["last_modified"] == max(e["last_modified"] for e in listing["content"])


def test_a_reopened_site_does_not_reopen_every_lesson(site: Path) -> None:
    """The open tabs (JupyterLab's workspace) are kept in memory only: reopening the site starts
    one lesson with one kernel, not every lesson opened before, each with its own kernel."""
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    assert config["enableMemoryStorage"] is True
    assert config["workspacesStorageDrivers"] == ["memoryStorageDriver"]
    assert "contentsStorageDrivers" not in config, "a learner's files and progress stay in the browser's storage"


def test_every_app_page_shows_its_progress_from_its_first_bytes(site: Path) -> None:
    """The bar is the body's first child, in the page's own HTML (no script to fetch first), says how
    much the first visit downloads, and goes once the kernel is idle."""
    python_mb = sum(p.stat().st_size for p in (site / "static/pyodide").iterdir() if p.is_file()) / 1e6
    for app in ("lab", "notebooks"):
        html = (site / app / "index.html").read_text(encoding="utf-8")
        body = html.index(">", html.index("<body")) + 1
        assert html[body:].lstrip().startswith("<!-- tarot_learn"), app
        assert 'id="tl-progress"' in html and f"about {python_mb:.0f} MB" in html, app
        assert "__PYTHON_MB__" not in html and "Idle" in html


def test_the_site_stays_within_its_size_goal(site: Path) -> None:
    size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    assert size <= 60e6, f"the static site is {size / 1e6:.1f} MB (goal <= 60 MB)"


def test_the_service_worker_fetches_first_and_keeps_a_copy_for_offline(site: Path) -> None:
    """A visited site opens with no network; with the network, the site as it is now is served
    (never a kept copy first, which a rebuilt site's lock would refuse)."""
    code = (site / "service-worker.js").read_text(encoding="utf-8")
    assert "try{let a=await fetch(t);" in code and "updateCache(t,a.clone())" in code
    assert "(await openCache()).match(t,{ignoreSearch:" in code
    assert "enableCache)return await fetch(t)" not in code
    assert 'pathname.includes("/api/")}' not in code, "the site's file listings are kept too"
