"""The default art in the static site: fetched a size at a time, the first time it is drawn.

The site's Python unpacks every file of every package at each kernel start, and twelve sizes of
both packs are about 8 MB of it, while a lesson draws two or three sizes.  So the site's build
keeps the art's zips out of tarot_learn's wheel and serves them beside the wheels
(``static/pyodide/art/``); :func:`site_art` fetches one when :mod:`.prerendered` finds it missing.
The kernel runs in a web worker, where a synchronous request is allowed, so drawing a card stays a
plain function call.  Outside the browser it returns None and nothing is fetched.

>>> site_art("cards-168.zip") is None      # CPython: the art ships inside the package
True
"""

from __future__ import annotations

import sys

__all__ = ["site_art"]


def site_art(name: str) -> bytes | None:
    """The bytes of the site's ``art/<name>`` beside the wheels, or None outside the browser or
    when the site has no such file."""
    if sys.platform != "emscripten" or "/" in name:
        return None
    try:
        import pyodide_js  # type: ignore[import-not-found]
        from js import XMLHttpRequest  # type: ignore[import-not-found]
    except ImportError:
        return None
    request = XMLHttpRequest.new()
    request.open("GET", f"{pyodide_js.lockfileBaseUrl}art/{name}", False)   # the wheels' folder
    request.responseType = "arraybuffer"
    try:
        request.send(None)
    except Exception:      # the browser's network error, offline with no kept copy: drawn without art
        return None
    return bytes(request.response.to_py()) if request.status == 200 else None
