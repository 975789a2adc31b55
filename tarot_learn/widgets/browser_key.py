"""BrowserKey: the key a browser keeps for a page, handed to the kernel.

A class challenge gives a name to the page that joined with it first.  Python cannot see the
browser's storage, so this small invisible widget does: once drawn, its script takes (or makes)
a random key of 32 hex digits kept in the browser's ``localStorage`` for this page's address and
sends it; Python checks its form and hands it to ``on_key``.  A reload of the same page in the
same browser sends the same key; another browser, another laptop or a private window sends
another.  Anything else the page sends is ignored: the widget is a
:class:`~tarot_learn.widgets.session.PageSurface`, so its comm takes no update from the page.

>>> keys = []
>>> widget = BrowserKey(keys.append)
>>> widget.receive({"event": "key", "key": "0a" * 16}); widget.receive({"event": "key", "key": "../x"})
>>> keys, widget.key
(['0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a'], '0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a')
"""

from __future__ import annotations

from typing import Any, Callable

from ._common import esm
from .session import PageSurface
from .autosave import check_token

__all__ = ["BrowserKey"]


class BrowserKey(PageSurface):
    """An invisible widget whose page sends this browser's key for the page (see the module)."""

    _esm = esm("browser_key.js")

    def __init__(self, on_key: Callable[[str], None]) -> None:
        super().__init__(heartbeat=0.0)
        self.key: str | None = None
        self._on_key = on_key
        self.connect(lambda _widget, content, _buffers: self.receive(content), self.page_refuse)

    def receive(self, content: Any) -> None:
        """A message from the page: ``{"event": "key", "key": <32 hex digits>}`` is taken once;
        anything else changes nothing (and is refused, when an owner listens for refusals)."""
        if self.key is not None:
            return None                  # the first key stays: a later one is the same or forged
        if (not isinstance(content, dict) or set(content) != {"event", "key"} or content["event"] != "key"
                or check_token(content["key"]) is not None):
            return self.page_refuse("The page sent the page key something other than its key; nothing changed.")
        self.key = content["key"]
        self._on_key(self.key)
