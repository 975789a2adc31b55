"""Interactive boards for Jupyter and Voila (floor 3): ``SolitaireBoard``, ``TarotTable``, ``Drill``,
``Presenter``, ``WhatIf`` and ``DeckUpload``.

Each widget is imported only when first asked for (a module ``__getattr__``), so opening a
patience board does not import French Tarot's table or the drill, and ``import tarot_learn``
never imports ipywidgets.  Importing this package holds every widget class, standard or ours, to
the page-write allow-list (:mod:`.pagewrite`): a page never writes markup into a widget.

>>> import tarot_learn.widgets as w
>>> sorted(w.__all__)
['DeckUpload', 'Drill', 'Presenter', 'SolitaireBoard', 'TarotTable', 'WhatIf']
"""

from __future__ import annotations

import importlib
from typing import Any

from . import pagewrite

__all__ = ["SolitaireBoard", "TarotTable", "Drill", "Presenter", "WhatIf", "DeckUpload"]

_WHERE = {"SolitaireBoard": ".board", "TarotTable": ".table", "Drill": ".drill", "Presenter": ".presenter",
          "WhatIf": ".whatif", "DeckUpload": ".upload"}


pagewrite.install()


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}; "
                             f"the widgets are {', '.join(__all__)}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value          # later lookups skip __getattr__
    return value


def __dir__() -> list[str]:
    return sorted(list(globals()) + __all__)
