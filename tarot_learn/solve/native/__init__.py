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
than its budget (or ``LOAD_WAIT`` seconds, if longer), and not at all once Numba is seen
compiling, then runs the pure path.  A search given CPU seconds waits for it, since the compile's
CPU time would count against its budget.  Either way the first search that meets a compile says
so at once (:func:`ready`, :data:`NOTICE`): in a notebook a printed line, elsewhere on stderr, and
:func:`compiling` lets a board say it too.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import sys
import threading
import time
import warnings
from typing import Any, Callable, Iterator

__all__ = ["available", "warm", "ready", "loading", "compiling", "NOTICE", "LOADING", "best_first_search",
           "depth_first"]

# Seconds a search waits for the core to load: loading compiled code from the disk cache takes
# about one (most of it importing Numba); compiling it the first time on a machine (or for a user whose cache is
# elsewhere) takes about twenty, which a half-second hint should not wait for.
LOAD_WAIT = 3.0

# What a search waiting for the core says, each once in a process: that it loads (after
# ``NOTICE_AFTER`` seconds; from the disk cache it takes one or two), and that it compiles.
LOADING = "Loading the solver's fast core (compiled the first time on a machine: about 20 s)..."
NOTICE = ("Compiling the solver's fast core, once on this machine (about 20 s); meanwhile hints "
          "use the slower pure search.")
NOTICE_AFTER = 0.5
# How often a search waiting for the core looks whether Numba has begun compiling.
_LOOK_EVERY = 0.05

_READY = threading.Event()
_COMPILING = threading.Event()      # Numba is compiling a kernel: no disk cache for it here
_TOLD: list[str] = []
_LOADING: list[threading.Thread] = []
_LOCK = threading.Lock()
_FAILED: list[str] = []


def available() -> bool:
    """Whether the compiled core can run here (Numba installed) and is wanted
    (``TAROT_LEARN_SOLVER`` is not ``pure``)."""
    if os.environ.get("TAROT_LEARN_SOLVER", "").strip().lower() == "pure":
        return False
    # Found, not imported: importing Numba takes most of a second, which the loading thread
    # spends instead while a waiting search can already say what it waits for.
    try:
        return importlib.util.find_spec("numba") is not None
    except (ImportError, ValueError):
        return False


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


def ready(wait: float | None = None) -> bool:
    """:func:`warm`, for a search about to start: whether the core is ready, after waiting
    ``wait`` seconds at most (``None``: until it is).  A wait longer than ``NOTICE_AFTER`` is
    said (:data:`LOADING`), and when Numba turns out to be compiling (no disk cache here) that is
    said at once (:data:`NOTICE`) and a search with a time limit stops waiting: it runs the pure
    path while the compile goes on."""
    if _READY.is_set():
        return not _FAILED
    warm(0)                                  # starts the load in the background
    start = time.monotonic()
    while not _READY.wait(_LOOK_EVERY):
        if _COMPILING.is_set():
            _tell(NOTICE)
            return False if wait is not None else warm()
        waited = time.monotonic() - start
        if waited >= NOTICE_AFTER:
            _tell(LOADING)
        if wait is not None and waited >= wait:
            return False
    return not _FAILED


def loading() -> bool:
    """Whether the core is being loaded (or compiled) now, started by a search that did not
    wait for it to finish: a board can say what a slow first hint waits for."""
    return bool(_LOADING) and not _READY.is_set()


def compiling() -> bool:
    """Whether the core is being compiled now (searches meanwhile run the pure path)."""
    return _COMPILING.is_set() and not _READY.is_set()


def _tell(text: str) -> None:
    with _LOCK:
        if text in _TOLD:
            return
        _TOLD.append(text)
    # In a notebook (or Voila) the cell's output shows stdout; a script's stdout is its result.
    out = sys.stdout if "ipykernel" in sys.modules else sys.stderr
    print(text, file=out, flush=True)


@contextlib.contextmanager
def _watching_compiles() -> Iterator[None]:
    """Marks the start of a Numba compile (a load from the disk cache sends no such event)."""
    try:
        from numba.core import event
    except ImportError:        # a Numba without its event API: no notice, the load still runs
        yield
        return

    class Watch(event.Listener):
        def on_start(self, ev: Any) -> None:
            _COMPILING.set()

        def on_end(self, ev: Any) -> None:
            pass

    with event.install_listener("numba:compile", Watch()):
        yield


def _load() -> None:
    try:
        from ...games import new
        from . import engine
        from .search import NativeBestFirst, depth_first as dive

        state = new("klondike", seed=1)
        with _watching_compiles():
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
