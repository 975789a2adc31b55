"""The site's wheels and Pyodide's standard library with their modules compiled ahead of time.

A browser kernel starts from nothing each time: every module it imports from source is compiled
again, on every page load (IPython alone took more than a second of the warm start, and Pyodide's
standard library ships as source: loading Pyodide itself took 2.5 s in Node.js, 1.0 s compiled).
So the build compiles every wheel and the standard library once, with Pyodide's own Python run by
Node.js (``precompile.mjs``), as Pyodide's own distribution does for its packages: third-party wheels
and the standard library keep only their bytecode (which compresses less well than source: the
site grows by about 6 MB), tarot_learn keeps its source beside it (``__pycache__``) so a learner's
tracebacks and ``??`` still show our code.  The bytecode
is checked against nothing at import (unchecked hash: no time stamps, the same bytes each build);
a module that does not compile keeps its source.  Files the browser never reads can be left out
of a wheel on the way (``leave_out``): every byte of a wheel is unpacked at each kernel start.
"""

from __future__ import annotations

import base64
import hashlib
import shutil
import subprocess
import time
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
KEEP_SOURCE = ("tarot_learn",)


def compile_wheels(wheels: list[Path], core: Path, scratch: Path, epoch: str,
                   leave_out: tuple[str, ...] = ()) -> list[Path]:
    """``wheels`` rebuilt into ``scratch/compiled`` with bytecode for Pyodide, every entry dated
    ``epoch`` (the build's SOURCE_DATE_EPOCH), without the files under the folders ``leave_out``
    names (``"tarot_learn/render/fonts/"``); returns the new paths."""
    unpacked, out = scratch / "unpacked", scratch / "compiled"
    for folder in (unpacked, out):
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as zf:
            zf.extractall(unpacked / wheel.stem, [n for n in zf.namelist() if not n.startswith(leave_out)])
    _node(core, unpacked, ",".join(KEEP_SOURCE))
    rebuilt = []
    for wheel in wheels:
        folder = unpacked / wheel.stem
        if wheel.name.split("-")[0] not in KEEP_SOURCE:
            drop_compiled_sources(folder)
        rebuilt.append(zip_wheel(folder, out / wheel.name, time.gmtime(int(epoch))[:6]))
    return rebuilt


def compile_stdlib(core: Path, scratch: Path, epoch: str, leave_out: tuple[str, ...] = ()) -> None:
    """Rewrites ``core/python_stdlib.zip`` (the standard library the page mounts, shipped as source)
    with each module's bytecode in place of its source, entries in their order, dated ``epoch``,
    without the modules and folders ``leave_out`` names (``"xmlrpc/"``, ``"imaplib.py"``)."""
    archive, folder = core / "python_stdlib.zip", scratch / "stdlib"
    shutil.rmtree(folder, ignore_errors=True)
    with zipfile.ZipFile(archive) as zf:
        names = [n for n in zf.namelist() if not n.startswith(leave_out)]
        zf.extractall(folder, names)
    _node(core, folder, "", "stdlib")
    stamp = time.gmtime(int(epoch))[:6]
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zf:
        for name in names:
            if name.endswith("/"):
                info = zipfile.ZipInfo(name, stamp)
                info.external_attr = (0o40755 << 16) | 0x10
                zf.writestr(info, b"")
            elif name.endswith(".py") and (folder / (name + "c")).is_file():
                _write(zf, name + "c", (folder / (name + "c")).read_bytes(), stamp)
            else:
                _write(zf, name, (folder / name).read_bytes(), stamp)


def _node(core: Path, folder: Path, keep: str, *what: str) -> None:
    if shutil.which("node") is None:
        raise SystemExit("the site's build needs Node.js to compile the wheels with Pyodide: install nodejs")
    print(f"+ node lite/precompile.mjs {' '.join(what)}", flush=True)
    subprocess.run(["node", str(HERE / "precompile.mjs"), str(core), str(folder), keep, *what], check=True)


def drop_compiled_sources(folder: Path) -> None:
    """Removes each ``mod.py`` that has its ``mod.pyc`` beside it."""
    for source in folder.rglob("*.py"):
        if source.with_suffix(".pyc").is_file():
            source.unlink()


def zip_wheel(folder: Path, target: Path, stamp: tuple) -> Path:
    """A wheel of ``folder``: entries sorted (the metadata last), fixed dates, a RECORD that lists
    exactly the files it holds."""
    files = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
    record = next(n for n in files if n.endswith(".dist-info/RECORD"))
    files = sorted((n for n in files if n != record), key=lambda n: (".dist-info/" in n, n))
    lines = [f"{n},sha256={_digest(folder / n)},{(folder / n).stat().st_size}" for n in files]
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for name in files:
            _write(zf, name, (folder / name).read_bytes(), stamp)
        _write(zf, record, ("\n".join(lines + [f"{record},,"]) + "\n").encode(), stamp)
    return target


def _digest(path: Path) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(path.read_bytes()).digest()).rstrip(b"=").decode()


def _write(zf: zipfile.ZipFile, name: str, data: bytes, stamp: tuple) -> None:
    info = zipfile.ZipInfo(name, stamp)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    zf.writestr(info, data)
