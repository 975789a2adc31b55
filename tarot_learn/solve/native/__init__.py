"""The solver's compiled core: the patience searches of ``search.py`` compiled with Numba.

Same steps, same keys, same positions in the same order as the pure adapter and searches
(``adapters.py``, ``bestfirst.py``, ``search.depth_first``), about twenty times faster: for a
position budget the answer is the pure one, move for move; for a time budget it decides more.
The pure path stays the reference, and the only one where Numba is missing (the static
JupyterLite site, which runs in the browser's Python) or where ``TAROT_LEARN_SOLVER=pure`` is
set in the environment.

Layers: ``tables.py`` encodes a position and its game's per-card facts as integer arrays,
``engine.py`` plays and keys steps, ``expand.py`` and ``pin.py`` are the adapter's steps and
pruning rule 8, ``bfs.py`` and ``dfs.py`` the two searches, ``search.py`` their Python faces.
Compiled code is cached on disk beside the modules; a process loads it once, in :func:`warm`,
before any search's clock starts.
"""

from __future__ import annotations

import os
from typing import Any, Callable

__all__ = ["available", "warm", "best_first_search", "depth_first"]

_WARM: list[bool] = []


def available() -> bool:
    """Whether the compiled core can run here (Numba installed) and is wanted
    (``TAROT_LEARN_SOLVER`` is not ``pure``)."""
    if os.environ.get("TAROT_LEARN_SOLVER", "").strip().lower() == "pure":
        return False
    try:
        import numba  # noqa: F401   (a dictionary lookup once imported)
    except ImportError:
        return False
    return True


def warm() -> None:
    """Compile (or load from the disk cache) every kernel once in this process: a few seconds
    the first time on a machine, well under one afterwards.  The solver calls it before its clock
    starts, so no search pays for it."""
    if _WARM:
        return
    from ...games import new
    from .search import NativeBestFirst, depth_first as dive

    state = new("klondike", seed=1)
    dive(state, 0, 50, float("inf"), lambda: 0.0)
    NativeBestFirst(state, 1, chain=True).until(50, float("inf"), lambda: 0.0)
    _WARM.append(True)


def best_first_search(state: Any, order: int = 0, chain: bool = False) -> Any:
    """A compiled :class:`~tarot_learn.solve.bestfirst.BestFirst` over
    ``patience_adapter_for(state, order, chain)``."""
    from .search import NativeBestFirst

    return NativeBestFirst(state, order, chain)


def depth_first(state: Any, order: int, limit: int, deadline: float,
                clock: Callable[[], float]) -> Any:
    """The pure ``search.depth_first`` over ``patience_adapter_for(state, order)``, compiled."""
    from .search import depth_first as dive

    return dive(state, order, limit, deadline, clock)
