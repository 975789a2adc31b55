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
before any search's clock starts.  The first compile on a machine takes about twenty seconds and
runs in a background thread: a search timed by the wall clock (a hint) waits for it no longer
than its budget (or ``LOAD_WAIT`` seconds, if longer), then runs the pure path.  A search given
CPU seconds waits for it, since the compile's CPU time would count against its budget.
"""

from __future__ import annotations

import os
import threading
import warnings
from typing import Any, Callable

__all__ = ["available", "warm", "best_first_search", "depth_first"]

# Seconds a search waits for the core to load: loading compiled code from the disk cache takes
# well under one; compiling it the first time on a machine (or for a user whose cache is
# elsewhere) takes about twenty, which a half-second hint should not wait for.
LOAD_WAIT = 3.0

_READY = threading.Event()
_LOADING: list[threading.Thread] = []
_LOCK = threading.Lock()
_FAILED: list[str] = []


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


def warm(wait: float | None = None) -> bool:
    """Compile (or load from the disk cache) every kernel once in this process, and say whether
    the core is ready.  ``wait=None`` blocks until it is: about twenty seconds the first time on
    a machine, well under one afterwards.  ``wait=s`` returns after ``s`` seconds at most and
    leaves the loading to go on in the background, so a short search can run the pure path
    meanwhile.  The solver calls it before its clock starts, so no search pays for it."""
    if _READY.is_set():
        return not _FAILED
    with _LOCK:
        if not _LOADING:
            thread = threading.Thread(target=_load, name="tarot-learn solver core", daemon=True)
            _LOADING.append(thread)
            thread.start()
    return _READY.wait(wait) and not _FAILED


def _load() -> None:
    try:
        from ...games import new
        from . import engine
        from .search import NativeBestFirst, depth_first as dive

        state = new("klondike", seed=1)
        dive(state, 0, 50, float("inf"), lambda: 0.0)
        NativeBestFirst(state, 1, chain=True).until(50, float("inf"), lambda: 0.0)
        engine.fields(0)   # decoding a found line calls it from Python: compiled (and cached) here too
    except Exception as exc:   # the pure search still runs: say why the fast one does not
        _FAILED.append(f"{type(exc).__name__}: {exc}")
        warnings.warn(f"the solver's compiled core could not load ({_FAILED[0]}); "
                      "the pure search runs instead", RuntimeWarning, stacklevel=1)
    finally:
        _READY.set()    # a failed compile must not leave a search waiting for ever


def _settle_before_fork() -> None:
    # A process forked while a thread compiles would inherit Numba's compiler lock, held by a
    # thread it does not have; waiting for the load (once, rarely) keeps the child's core sound.
    if _LOADING and not _READY.is_set():
        _READY.wait()


if hasattr(os, "register_at_fork"):     # POSIX; elsewhere processes are spawned, not forked
    os.register_at_fork(before=_settle_before_fork)


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
