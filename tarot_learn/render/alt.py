"""A picture as HTML with its alternative text, for ``_repr_html_`` of cards and positions.

Jupyter shows a PNG output as an image without alternative text; the same picture as HTML carries
the words a screen reader says (a card's name, a position pile by pile).  :func:`picture_bundle`
gives both at once, drawn once, with the PNG already as base64 text: that is what the notebook
format stores, and the static site's kernel passes a ``display()``-ed bundle to the page as it is
(raw bytes there become a broken image).

>>> picture_html(b"\\x89PNG", 'Ten of Cups "10C"')[:60]
'<img src="data:image/png;base64,iVBORw==" alt="Ten of Cups &'
>>> picture_html("<svg></svg>", "a board")
'<div role="img" aria-label="a board"><svg></svg></div>'
>>> picture_html(None, "nothing") is None
True
>>> sorted(picture_bundle(b"\\x89PNG", "a card").items())[0]
('image/png', 'iVBORw==')
>>> list(picture_bundle("<svg></svg>")), picture_bundle(None)
(['image/svg+xml'], {})
"""

from __future__ import annotations

import base64
import html

__all__ = ["picture_html", "picture_bundle"]


def picture_html(picture: bytes | str | None, alt: str) -> str | None:
    """PNG bytes as an ``<img>`` with ``alt``, SVG markup inside a labelled image role, else None."""
    label = html.escape(alt, quote=True)
    if isinstance(picture, bytes):
        data = base64.b64encode(picture).decode("ascii")
        return f'<img src="data:image/png;base64,{data}" alt="{label}" style="max-width:100%">'
    if isinstance(picture, str):
        return f'<div role="img" aria-label="{label}">{picture}</div>'
    return None


def picture_bundle(picture: bytes | str | None, alt: str | None = None) -> dict[str, str]:
    """A display bundle of one picture (PNG bytes or SVG markup): ``image/png`` as base64 text or
    ``image/svg+xml``, and with ``alt`` also ``text/html`` (:func:`picture_html`); empty for None."""
    if isinstance(picture, bytes):
        bundle = {"image/png": base64.b64encode(picture).decode("ascii")}
    elif isinstance(picture, str):
        bundle = {"image/svg+xml": picture}
    else:
        return {}
    if alt is not None:
        bundle["text/html"] = picture_html(picture, alt) or ""
    return bundle
