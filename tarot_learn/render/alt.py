"""A picture as HTML with its alternative text, for ``_repr_html_`` of cards and positions.

Jupyter shows a PNG output as an image without alternative text; the same picture as HTML carries
the words a screen reader says (a card's name, a position pile by pile).

>>> picture_html(b"\\x89PNG", 'Ten of Cups "10C"')[:60]
'<img src="data:image/png;base64,iVBORw==" alt="Ten of Cups &'
>>> picture_html("<svg></svg>", "a board")
'<div role="img" aria-label="a board"><svg></svg></div>'
>>> picture_html(None, "nothing") is None
True
"""

from __future__ import annotations

import base64
import html

__all__ = ["picture_html"]


def picture_html(picture: bytes | str | None, alt: str) -> str | None:
    """PNG bytes as an ``<img>`` with ``alt``, SVG markup inside a labelled image role, else None."""
    label = html.escape(alt, quote=True)
    if isinstance(picture, bytes):
        data = base64.b64encode(picture).decode("ascii")
        return f'<img src="data:image/png;base64,{data}" alt="{label}" style="max-width:100%">'
    if isinstance(picture, str):
        return f'<div role="img" aria-label="{label}">{picture}</div>'
    return None
