"""The static site (``make lite``) served by the class server at ``/site/``, so a room's thirty
browsers fetch its Python and lessons once each from the teacher's laptop, not the internet.

The site is course material with no secret in it and runs nothing on the server: its files are
served read-only, as a plain web server would, to any browser on the room's network (no class
password, since the site itself asks for none when published elsewhere).  Only files inside the
site's folder are served; nothing else of the class server changes.

Scripts, JSON, icons and Python's WebAssembly go out gzipped to every browser that accepts it (all
do), as a plain static host sends them: 3.5 MB of the 9.6 MB WebAssembly file, about a quarter of
JupyterLab's scripts and 50 kB of its 320 kB icon cross the room's Wi-Fi, each file compressed once
and kept for the next browser.  Zips (the wheels, the card art) and pictures go as they are: they
are compressed already.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import os
from pathlib import Path
from typing import Any

from jupyter_server.auth.decorator import allow_unauthenticated
from tornado import web

from tarot_learn.errors import OptionError

__all__ = ["SITE_PATH", "checked_site", "site_handlers"]

SITE_PATH = "site/"
COMPRESSED_TYPES = ("text/", "application/javascript", "application/json", "application/wasm", "image/svg+xml",
                    "image/vnd.microsoft.icon", "image/x-icon")


@functools.lru_cache(maxsize=1024)
def gzipped(path: str, mtime: float, size: int) -> tuple[bytes, str]:
    """``path`` gzipped (level 6) and its entity tag, compressed once per version of the file
    (``mtime`` and ``size`` key the cache, so a rebuilt site is compressed anew)."""
    body = gzip.compress(Path(path).read_bytes(), 6, mtime=0)
    return body, '"' + hashlib.sha256(body).hexdigest()[:32] + '-gz"'


def checked_site(folder: str | Path) -> Path:
    """The built site's folder, or an :class:`OptionError` saying what to give.

    >>> try:
    ...     checked_site("/nowhere")
    ... except OptionError as err:
    ...     print(err)
    --site /nowhere: not a folder; give the static site's folder (make lite builds dist/lite)
    """
    path = Path(folder).expanduser().resolve()
    if not path.is_dir():
        raise OptionError(f"--site {folder}: not a folder; give the static site's folder (make lite builds dist/lite)")
    if not (path / "jupyter-lite.json").is_file() or not (path / "lab" / "index.html").is_file():
        raise OptionError(f"--site {folder}: no static site there (no jupyter-lite.json and lab/index.html); "
                          "make lite builds one in dist/lite")
    return path


class SiteFiles(web.StaticFileHandler):
    """The site's files, read-only; a folder's address serves its ``index.html``."""

    @allow_unauthenticated
    async def get(self, path: str, include_body: bool = True) -> None:
        if "gzip" in self.request.headers.get("Accept-Encoding", "") and "Range" not in self.request.headers:
            self.path = self.parse_url_path(path)
            absolute = self.validate_absolute_path(self.root, self.get_absolute_path(self.root, self.path))
            if absolute is None:            # a folder's address without its slash: redirected
                return
            self.absolute_path = absolute
            if self.get_content_type().startswith(COMPRESSED_TYPES):
                self.send_gzipped(absolute, include_body)
                return
        await super().get(path, include_body)

    def send_gzipped(self, absolute: str, include_body: bool) -> None:
        """The file compressed, or 304 when the browser's copy has the same tag."""
        stat = os.stat(absolute)
        body, etag = gzipped(absolute, stat.st_mtime, stat.st_size)
        self.set_header("Content-Type", self.get_content_type())
        self.set_header("Content-Encoding", "gzip")
        self.set_header("Vary", "Accept-Encoding")
        self.set_header("Etag", etag)
        self.set_extra_headers(absolute)
        if self.check_etag_header():
            self.set_status(304)
            return
        self.set_header("Content-Length", len(body))
        if include_body:
            self.write(body)

    @allow_unauthenticated
    def head(self, path: str) -> Any:
        return super().head(path)

    def set_extra_headers(self, path: str) -> None:
        # The browser checks with the laptop before using its copy (a rebuilt site is seen at once);
        # an unchanged file answers 304, a few bytes.
        self.set_header("Cache-Control", "no-cache")

    def get_content_type(self) -> str:
        """Wheels are zip files (Python's table does not know them); the rest by their extension."""
        if self.absolute_path and self.absolute_path.endswith(".whl"):
            return "application/zip"
        return super().get_content_type()


class SiteRoot(web.RedirectHandler):
    """``/site`` goes to ``/site/``, where the site's relative addresses resolve."""

    @allow_unauthenticated
    def get(self, *args: Any, **kwargs: Any) -> None:
        super().get(*args, **kwargs)


def site_handlers(base_url: str, folder: Path) -> list[tuple[Any, ...]]:
    """The tornado routes serving ``folder`` under ``<base_url>site/``."""
    prefix = base_url.rstrip("/") + "/" + SITE_PATH
    return [(prefix.rstrip("/"), SiteRoot, {"url": prefix}),
            (prefix + "(.*)", SiteFiles, {"path": str(folder), "default_filename": "index.html"})]
