"""Build the static site (JupyterLite + Pyodide) into dist/lite from pinned inputs, offline
from the package registries:

* Pyodide's core from the npm package ``pyodide`` (``npm pack``, checked against its hash), its
  standard library compiled ahead (``precompile.py``);
* the kernel's pure-Python wheels from PyPI (``kernel-requirements.txt``: exact versions and
  hashes) and tarot_learn's own wheel built from this checkout, their modules compiled ahead by
  Pyodide's own Python in Node.js (``precompile.py``), so no page load compiles them again;
* a ``pyodide-lock.json`` listing exactly those wheels, all loaded when the kernel starts, so a
  lesson needs no ``%pip`` cell and the page never asks any other server for anything;
* the lessons (``notebooks/[0-9][0-9]_*.ipynb``), the leaderboard notebook and the printable
  cheat sheets (``cheatsheets/``, as ``tarot-learn lessons`` copies them) as the site's files.

Same inputs, same files: time stamps come from SOURCE_DATE_EPOCH and every list is sorted.
The site is rebuilt only when its inputs change (their digest is kept in ``INPUTS-SHA256``).
Run with the build tools' Python (``make lite`` creates ``.venv-lite``):
``python lite/build.py [--out dist/lite] [--cache build/lite-cache] [--force]``.
"""

from __future__ import annotations

import argparse
import datetime
import email.parser
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from precompile import compile_stdlib, compile_wheels

ROOT = Path(__file__).resolve().parents[1]
LITE = ROOT / "lite"
PYODIDE_NPM = "pyodide@314.0.6"
PYODIDE_TGZ_SHA256 = "d78ac549b28a2a58600cd06f44e017024151775f8c6b2d73fab1475400d38ea2"
PYODIDE_CORE = ("pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide.mjs", "pyodide.js", "python_stdlib.zip",
                "package.json")
SOURCE_DATE_EPOCH = "1767225600"   # 2026-01-01: every time stamp in the site
# The browser's Python: how wheel metadata markers read there.
BROWSER = {**default_environment(), "sys_platform": "emscripten", "platform_system": "Emscripten",
           "platform_machine": "wasm32", "python_version": "3.14", "python_full_version": "3.14.2",
           "implementation_name": "cpython", "os_name": "posix"}
KERNEL_SHIMS = ("piplite", "pyodide_kernel", "ipykernel")   # shipped by the pyodide kernel extension
# What the browser never reads, left out of the site's wheels (the kernel unpacks every file of a
# wheel at each start): in tarot_learn, the class server (its code, page templates and icons: no server
# runs there, only the command line imports it), the fonts (only Pillow draws text with them, and
# Pillow has no build for the browser) and the printed matter, which the site serves as files of its
# own instead; in jedi, its type stubs of
# third-party packages, none of which is in the site (4,800 of its 5,600 files: they took most of the
# kernel's package install time, and jedi reads them only for those packages).
# In IPython, its terminal (the modules that import prompt_toolkit, which is not in the site: only
# its input hooks and magics, which the kernel imports, stay) and its Sphinx directives.
BROWSER_NEVER_READS = ("tarot_learn/classroom/jupyter_data/", "tarot_learn/classroom/server/",
                       "tarot_learn/render/fonts/", "tarot_learn/_data/images/",
                       "jedi/third_party/typeshed/stubs/", "jedi/third_party/django-stubs/",
                       *(f"IPython/terminal/{m}" for m in ("debugger.py", "embed.py", "interactiveshell.py",
                                                           "ipapp.py", "prompts.py", "ptutils.py", "shortcuts/")),
                       "IPython/sphinxext/")
# In every wheel: test suites, data files installed beside Python (the widgets' JupyterLab halves,
# which the site serves from its own extensions/ folder, manual pages), the browser halves a wheel
# carries inside its package, and software bills of materials.
NEVER_READ_IN_ANY_WHEEL = re.compile(r"^(?:[^/]+\.data/|[^/]+\.dist-info/sboms/"
                                     r"|(?:.+?/)?(?:tests?|labextension|nbextension)/)")
# Pyodide's standard library, less what a browser cannot run: processes (no fork there), servers
# and mail or file-transfer clients (a page opens no socket).  Each is imported only inside the
# functions that use it (logging's SMTP handler, urllib's FTP), never when a lesson runs.
STDLIB_NEVER_READ = ("multiprocessing/", "xmlrpc/", "wsgiref/", "http/server.py", "imaplib.py", "mailbox.py",
                     "smtplib.py", "poplib.py", "ftplib.py")

# Pygments' lexers are 1.7 MB of its 2.1 MB wheel, and the kernel colours only Python (tracebacks, ``??``)
# with them; JupyterLab colours the notebook's code in the page itself.  The site keeps Python's lexers
# and those IPython's own lexers (ipython_pygments_lexers) import, with every module they import in turn
# (tests/test_lite_build.py checks that closure against Pygments' source).
PYGMENTS_LEXERS_KEPT = frozenset({
    "__init__", "_mapping", "_cl_builtins", "_css_builtins", "_lasso_builtins", "_lilypond_builtins", "_lua_builtins",
    "_luau_builtins", "_php_builtins", "_scheme_builtins",
    "actionscript", "agile", "css", "d", "data", "factor", "html", "iolang", "javascript", "jvm", "lilypond",
    "lisp", "markup", "perl", "php", "python", "ruby", "scripting", "shell", "special", "tcl", "web", "webmisc"})

# Loaded only when asked for: jedi (and parso, which only it reads) serve IPython's Tab completion
# alone, 1.5 MB the kernel downloaded and unpacked at every start.  They stay in the site's lock, out
# of IPython's dependencies and of the packages loaded at start; IPython completes with its own
# completer, and ``%pip install jedi`` (or a cell that imports it) loads them from the site.
ON_DEMAND = frozenset({"jedi", "parso"})
# JupyterLite's kernel (0.8.6) installs jedi when its worker starts and turns IPython's jedi
# completion on whether or not jedi is there (then every Tab completion fails): the site drops both.
WORKER_INSTALLS = ('["ipykernel","comm","pyodide-kernel","jedi","ipython"]',
                   '["ipykernel","comm","pyodide-kernel","ipython"]')
KERNEL_FORCES_JEDI = ("pyodide_kernel/interpreter.py", "        self.Completer.use_jedi = True\n")

# The card art's zips (12 sizes, 8 MB) travel beside the wheels instead (static/pyodide/art/), and the
# kernel fetches a size the first time it draws it (tarot_learn/render/siteart.py): a lesson uses two
# or three sizes, and every file inside a wheel is downloaded and unpacked before the kernel is ready.
ART_ZIPS = "tarot_learn/render/art/cards-"


def lexers_left_out(wheels: list[Path]) -> tuple[str, ...]:
    """The files of Pygments' lexers the site leaves out (all but :data:`PYGMENTS_LEXERS_KEPT`)."""
    wheel = next(w for w in wheels if w.name.startswith("pygments-"))
    with zipfile.ZipFile(wheel) as zf:
        return tuple(n for n in zf.namelist() if n.startswith("pygments/lexers/") and n.count("/") == 2
                     and n.endswith(".py") and n[len("pygments/lexers/"):-3] not in PYGMENTS_LEXERS_KEPT)


def never_read(wheels: list[Path]) -> tuple[str, ...]:
    """The folders of ``wheels`` that :data:`NEVER_READ_IN_ANY_WHEEL` matches, as prefixes."""
    found = set()
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as zf:
            found.update(m.group(0) for n in zf.namelist() if (m := NEVER_READ_IN_ANY_WHEEL.match(n)))
    return tuple(sorted(found))


def run(*cmd: str | Path, cwd: Path = ROOT, env: dict | None = None) -> None:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], cwd=cwd, check=True, env={**os.environ, **(env or {})})


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fetch_wheels(cache: Path) -> list[Path]:
    """The pinned kernel wheels (pip checks every hash) and tarot_learn's own wheel."""
    wheels = cache / "wheels"
    wheels.mkdir(parents=True, exist_ok=True)
    run(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--require-hashes", "--only-binary=:all:",
        "--platform", "any", "--python-version", "3.14", "--implementation", "py", "--abi", "none",
        "-d", wheels, "-r", LITE / "kernel-requirements.txt")
    own = cache / "own"
    shutil.rmtree(own, ignore_errors=True)
    # setuptools' build and egg-info folders go to a fresh place, never the checkout's build/: files
    # left there by an earlier build (or a build running beside this one) would slip into the wheel.
    scratch = own / "scratch"
    scratch.mkdir(parents=True)
    (scratch / "build.cfg").write_text(f"[build]\nbuild_base = {scratch / 'build'}\n[egg_info]\negg_base = {scratch}\n")
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", own, ROOT,
        env={"SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH, "DIST_EXTRA_CONFIG": str(scratch / "build.cfg")})
    # Exactly the pinned versions: the download folder also keeps wheels of earlier pins.
    pinned = {(canonicalize_name(line.split("==")[0]), line.split("==")[1].split()[0]) for line in
              (LITE / "kernel-requirements.txt").read_text().splitlines() if "==" in line}
    chosen = sorted(w for w in wheels.glob("*.whl")
                    if (canonicalize_name(w.name.split("-")[0]), w.name.split("-")[1]) in pinned)
    return chosen + sorted(own.glob("tarot_learn-*.whl"))


def fetch_pyodide(cache: Path) -> Path:
    """Pyodide's core files from the npm registry's tarball (checked against its hash)."""
    tgz = cache / f"{PYODIDE_NPM.replace('@', '-')}.tgz"
    if not tgz.exists():
        run("npm", "pack", "--silent", PYODIDE_NPM, "--pack-destination", cache)
    if sha256(tgz) != PYODIDE_TGZ_SHA256:
        raise SystemExit(f"{tgz.name}: unexpected sha256 {sha256(tgz)} (the pinned Pyodide changed?)")
    core = cache / "pyodide-core"
    shutil.rmtree(core, ignore_errors=True)
    core.mkdir()
    with tarfile.open(tgz) as tar:
        for name in PYODIDE_CORE + ("pyodide-lock.json",):
            (core / name).write_bytes(tar.extractfile(f"package/{name}").read())  # type: ignore[union-attr]
    return core


def shim_wheels() -> list[Path]:
    """The pyodide kernel's own small wheels (piplite, the kernel, the ipykernel shim)."""
    import jupyterlite_pyodide_kernel

    share = Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
    assert share.is_dir(), f"{share} missing (jupyterlite-pyodide-kernel {jupyterlite_pyodide_kernel.__version__})"
    return sorted(w for w in share.glob("*.whl") if w.name.split("-")[0] in KERNEL_SHIMS)


def kernel_keeps_ipythons_completer(wheels: list[Path], cache: Path) -> list[Path]:
    """``wheels`` with the pyodide kernel's own wheel rewritten so that IPython picks its completer
    itself (jedi when it is loaded, its own otherwise): see :data:`KERNEL_FORCES_JEDI`."""
    name, line = KERNEL_FORCES_JEDI
    folder = cache / "kernel-shim"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    out = []
    for wheel in wheels:
        if not wheel.name.startswith("pyodide_kernel-"):
            out.append(wheel)
            continue
        with zipfile.ZipFile(wheel) as zf, zipfile.ZipFile(folder / wheel.name, "w", zipfile.ZIP_DEFLATED) as new:
            for info in zf.infolist():
                data = zf.read(info)
                if info.filename == name:
                    if line.encode() not in data:
                        raise SystemExit(f"{wheel.name}: {name} changed (not found: {line.strip()})")
                    data = data.replace(line.encode(), b"")
                new.writestr(info, data)
        out.append(folder / wheel.name)
    return out


def lock_entry(wheel: Path, names: set[str]) -> tuple[str, dict]:
    """One package of pyodide-lock.json, read from the wheel itself."""
    with zipfile.ZipFile(wheel) as zf:
        meta_name = next(n for n in zf.namelist() if n.endswith(".dist-info/METADATA"))
        meta = email.parser.Parser().parsestr(zf.read(meta_name).decode("utf-8"))
        tops = sorted({re.sub(r"\.pyc?$", "", n.split("/")[0]) for n in zf.namelist()
                       if not n.split("/")[0].endswith((".dist-info", ".data")) and not n.startswith("_")} or
                      {meta["Name"]})
    depends = set()
    for text in meta.get_all("Requires-Dist") or []:
        req = Requirement(text)
        if (req.marker is None or req.marker.evaluate({**BROWSER, "extra": ""})) \
                and canonicalize_name(req.name) in names:
            depends.add(canonicalize_name(req.name))
    name = canonicalize_name(meta["Name"])
    if name not in ON_DEMAND:
        depends -= ON_DEMAND
    return name, {"name": name, "version": meta["Version"], "file_name": wheel.name, "install_dir": "site",
                  "sha256": sha256(wheel), "package_type": "package", "imports": tops,
                  "depends": sorted(depends), "unvendored_tests": False, "shared_library": False}


def make_pyodide(site_src: Path, core: Path, wheels: list[Path]) -> list[str]:
    """static/pyodide: the core, the wheels, the card art's zips and a lock naming exactly the
    wheels; returns their names."""
    out = site_src / "static" / "pyodide"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    for name in PYODIDE_CORE:
        shutil.copyfile(core / name, out / name)
    info = json.loads((core / "pyodide-lock.json").read_text())["info"]
    names = {canonicalize_name(w.name.split("-")[0]) for w in wheels}
    packages = {}
    for wheel in wheels:
        shutil.copyfile(wheel, out / wheel.name)
        name, entry = lock_entry(wheel, names)
        packages[name] = entry
    (out / "art").mkdir()
    for art in sorted((ROOT / ART_ZIPS).parent.glob("cards-*.zip")):
        shutil.copyfile(art, out / "art" / art.name)
    lock = {"info": info, "packages": dict(sorted(packages.items()))}
    (out / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    return sorted(packages)


def write_config(site_src: Path, packages: list[str]) -> None:
    """jupyter-lite.json: every lock package but :data:`ON_DEMAND` loaded at kernel start, PyPI
    never asked."""
    config = json.loads((LITE / "jupyter-lite.json").read_text())
    kernel = config["jupyter-config-data"]["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    kernel["loadPyodideOptions"]["packages"] = [p for p in packages if p not in ON_DEMAND]
    (site_src / "jupyter-lite.json").write_text(json.dumps(config, indent=2, sort_keys=True) + "\n")
    shutil.copyfile(LITE / "jupyter_lite_config.json", site_src / "jupyter_lite_config.json")


def site_notebooks() -> list[Path]:
    """The lessons and the leaderboard (it checks the class's result codes with no server);
    not the class server's own notebooks (challenge, classroom)."""
    return sorted([*(ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"), ROOT / "notebooks" / "leaderboard.ipynb"])


def lessons(site_src: Path) -> Path:
    """The lessons and the leaderboard (outputs as committed: cleared) and the cheat sheets as
    the site's files."""
    files = site_src / "files"
    shutil.rmtree(files, ignore_errors=True)
    (files / "cheatsheets").mkdir(parents=True)
    for nb in site_notebooks():
        notebook = json.loads(nb.read_text(encoding="utf-8"))
        # The site's one kernel (Pyodide) is chosen by the notebook's language: without it JupyterLab
        # asks the learner to pick a kernel before anything runs.
        notebook.setdefault("metadata", {}).setdefault("language_info", {"name": "python"})
        (files / nb.name).write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    for sheet in sorted((ROOT / "images").glob("cheatsheet_*.pdf")):
        shutil.copyfile(sheet, files / "cheatsheets" / sheet.name)
    return files


def commit_time(path: Path) -> int:
    """When ``path`` was last committed (seconds since 1970): the same for every build of one
    commit; SOURCE_DATE_EPOCH outside a git checkout or for a file never committed."""
    done = subprocess.run(["git", "log", "-1", "--format=%ct", "--", str(path)], cwd=ROOT, capture_output=True,
                          text=True, check=False)
    stamp = done.stdout.strip()
    return int(stamp) if done.returncode == 0 and stamp.isdigit() else int(SOURCE_DATE_EPOCH)


def _iso(seconds: int) -> str:
    return datetime.datetime.fromtimestamp(seconds, tz=datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def date_files(out: Path, files: Path) -> None:
    """The site's file list shows when each lesson last changed (its commit time), not the one
    build-wide time stamp JupyterLite gives every file; a folder shows its newest file's time."""
    sources = {nb.name: nb for nb in site_notebooks()}
    sources.update({f"cheatsheets/{sheet.name}": sheet for sheet in sorted((ROOT / "images").glob("cheatsheet_*.pdf"))})
    times = {name: commit_time(src) for name, src in sources.items() if (files / name).is_file()}
    for name in sorted({n.rpartition("/")[0] for n in times}):
        times[name] = max(t for n, t in times.items() if n.rpartition("/")[0] == name)
    for listing_file in sorted((out / "api" / "contents").rglob("all.json")):
        listing = json.loads(listing_file.read_text())
        for entry in [listing, *(listing.get("content") or [])]:
            if entry.get("path") in times:
                entry["created"] = entry["last_modified"] = _iso(times[entry["path"]])
        listing_file.write_text(json.dumps(listing, indent=2, sort_keys=True) + "\n")


def show_progress(out: Path) -> None:
    """Every app page shows what it is doing from its first bytes (``progress.html``, the body's
    first child): the first visit downloads Python and the lessons' packages before anything else
    shows, which on a slow classroom link takes minutes."""
    python_mb = sum(p.stat().st_size for p in (out / "static" / "pyodide").iterdir() if p.is_file()) / 1e6
    snippet = (LITE / "progress.html").read_text(encoding="utf-8").replace("__PYTHON_MB__", f"{python_mb:.0f}")
    for app in ("lab", "notebooks"):
        page = out / app / "index.html"
        html = page.read_text(encoding="utf-8")
        body = html.index(">", html.index("<body")) + 1
        page.write_text(html[:body] + "\n" + snippet + html[body:], encoding="utf-8")


# JupyterLite's service worker (0.8.6) answers the site's own GETs by fetching them, and keeps a copy
# only when the cache is turned on, serving the copy first (a rebuilt site would then hand out an old
# wheel whose hash the new lock refuses).  Here it fetches first, keeps a copy of every answer, and
# answers from the copy only when the network fails: a class that visited once works offline, and
# always gets the site as it is now when the network is there.  Its own /api/drive messages stay.
SW_FROM_CACHE = ("async function maybeFromCache(e){let{request:t}=e;if(!enableCache)return await fetch(t);"
                 "let a=await fromCache(t);return a?e.waitUntil(refetch(t)):(a=await fetch(t),"
                 "e.waitUntil(updateCache(t,a.clone()))),a}")
SW_NETWORK_FIRST = ("async function maybeFromCache(e){let{request:t}=e;try{let a=await fetch(t);"
                    "return a.ok&&\"basic\"===a.type&&!t.headers.has(\"range\")"
                    "&&e.waitUntil(updateCache(t,a.clone())),a}"
                    "catch(n){let a=await (await openCache()).match(t,{ignoreSearch:\"navigate\"===t.mode});"
                    "if(a)return a;throw n}}")
SW_DROP = ('function shouldDrop(e,t){return"GET"!==e.method||null===t.origin.match(/^http/)'
           '||t.pathname.includes("/api/")}')
SW_KEEP = 'function shouldDrop(e,t){return"GET"!==e.method||null===t.origin.match(/^http/)}'


def offline_after_a_visit(out: Path) -> None:
    """The service worker keeps a copy of what the site fetched, for when the network is gone."""
    worker = out / "service-worker.js"
    code = worker.read_text(encoding="utf-8")
    for old, new in ((SW_FROM_CACHE, SW_NETWORK_FIRST), (SW_DROP, SW_KEEP)):
        if old not in code:
            raise SystemExit(f"{worker}: JupyterLite's service worker changed (not found: {old[:60]}...)")
        code = code.replace(old, new)
    worker.write_text(code, encoding="utf-8")


def worker_leaves_jedi(out: Path) -> None:
    """The kernel's worker installs what the page's settings list at start, not jedi as well."""
    static = out / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
    old, new = WORKER_INSTALLS
    changed = []
    for script in sorted(static.glob("*.js")):
        code = script.read_text(encoding="utf-8")
        if old in code:
            script.write_text(code.replace(old, new), encoding="utf-8")
            changed.append(script.name)
    if not any(name.startswith("comlink.worker.") for name in changed):
        raise SystemExit(f"{static}: the Pyodide kernel's worker changed (not found: {old})")


# What the site is made of: a change to any of these files rebuilds it (make lite), nothing else does.
INPUTS = ("lite", "tarot_learn", "notebooks", "seeds", "results", "images/lessons", "images/cheatsheet_*.pdf",
          "pyproject.toml", "setup.py", "MANIFEST.in")


def inputs_digest() -> str:
    """sha256 over the site's input files (paths and contents, sorted; caches left out)."""
    digest = hashlib.sha256()
    for top in INPUTS:
        base = ROOT / top
        paths = sorted(ROOT.glob(top)) if "*" in top else [base] if base.is_file() else \
            sorted(p for p in base.rglob("*") if p.is_file())
        for path in paths:
            rel = path.relative_to(ROOT).as_posix()
            if "__pycache__" in rel or rel.endswith(".pyc") or "/.ipynb_checkpoints/" in rel or "/_data/" in rel:
                continue
            digest.update(rel.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def build(out: Path, cache: Path) -> None:
    cache.mkdir(parents=True, exist_ok=True)
    site_src = cache / "site-src"
    site_src.mkdir(exist_ok=True)
    core = fetch_pyodide(cache)
    compile_stdlib(core, cache, SOURCE_DATE_EPOCH, STDLIB_NEVER_READ)
    fetched = fetch_wheels(cache)
    shims = kernel_keeps_ipythons_completer(shim_wheels(), cache)
    wheels = compile_wheels(fetched + shims, core, cache, SOURCE_DATE_EPOCH,
                           BROWSER_NEVER_READS + (ART_ZIPS,) + lexers_left_out(fetched) + never_read(fetched))
    packages = make_pyodide(site_src, core, wheels)
    write_config(site_src, packages)
    files = lessons(site_src)
    shutil.rmtree(out, ignore_errors=True)
    for stale in (site_src / ".jupyterlite.doit.db", cache / "lite-cache"):
        if stale.is_dir():
            shutil.rmtree(stale)
        elif stale.exists():
            stale.unlink()
    run(sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", site_src, "--contents", files,
        "--output-dir", out.resolve(), "--no-sourcemaps", "--no-unused-shared-packages",
        "--source-date-epoch", SOURCE_DATE_EPOCH,
        cwd=site_src, env={"SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH, "JUPYTERLITE_NO_LIBARCHIVE": "1"})
    for junk in out.rglob(".jupyterlite.doit.db*"):
        junk.unlink()
    date_files(out, files)
    show_progress(out)
    offline_after_a_visit(out)
    worker_leaves_jedi(out)
    manifest = {str(p.relative_to(out)): sha256(p) for p in sorted(out.rglob("*")) if p.is_file()}
    (out / "SHA256SUMS").write_text("".join(f"{h}  {n}\n" for n, h in manifest.items()))
    total = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"built {out} ({len(manifest)} files, {total / 1e6:.1f} MB)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist" / "lite")
    parser.add_argument("--cache", type=Path, default=ROOT / "build" / "lite-cache")
    parser.add_argument("--force", action="store_true", help="rebuild even when the inputs have not changed")
    args = parser.parse_args()
    if not re.match(r"3\.(1[2-9])", sys.version):
        raise SystemExit("the site's build tools need Python >= 3.12 (make lite makes .venv-lite)")
    stamp = args.out / "INPUTS-SHA256"
    digest = inputs_digest()
    if not args.force and stamp.is_file() and stamp.read_text().strip() == digest:
        print(f"{args.out} is up to date (inputs {digest[:12]})")
        return
    build(args.out, args.cache)
    stamp.write_text(digest + "\n")


if __name__ == "__main__":
    main()
