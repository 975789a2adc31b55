"""The winnability explorer: how often can a game be won, seeing every card?

:func:`explore` runs the thoughtful solver over seeded deals on every core, shows a progress bar
(an ipywidgets bar in a notebook, a text bar in a terminal), and keeps each deal's verdict in a
cache file, one JSON line per deal, keyed by game, options, seed, budget and solver version.  The
cache is only ever appended to, one whole line per write, by one process; a line cut short by a
crash is ignored when read, so an interrupted run loses at most the deal it was writing and a new
run resumes where it stopped.  A second run of the same request reads everything from the cache.

The deals run on any :class:`concurrent.futures.Executor`: worker processes of this machine by
default, in this process where there are none (a browser), or a Dask cluster
(:func:`dask_executor`); the cache, resuming and the progress bar are the same on every one, and a
game may be given as a :class:`~tarot_learn.games.variants.Variant` of its rules.

A deal the solver did not decide within its budget is neither a win nor a loss, so the win rate
is a bracket: solved/all (every undecided deal lost) to (solved + undecided)/all (every undecided
deal won), each with a 95% Wilson score interval.

>>> [round(x, 3) for x in wilson(80, 100)]
[0.711, 0.867]
"""

from __future__ import annotations

import json
import math
import os
import sys
import time
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Sequence

from ..games.variants import Variant, identity
from .result import SolveError
from .search import check_budget

__all__ = ["explore", "Exploration", "wilson", "default_cache", "read_cache", "add_to_cache", "cache_key", "table",
           "dask_executor", "SOLVER_VERSION"]

# Bump when the search changes in a way that could change a verdict within a budget.
SOLVER_VERSION = 13  # 13: the compiled core (same search, ~20x the positions per CPU second);
#                       12: rule 8 asked less often while it fails; 11: four move orders take turns,
#                       collector off; 10: pinned positions not searched;
#                       9: pinned cards lost at once; 8: sound search paused; 7: chained searches for wins;
#                       6: rule 7


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for ``k`` successes in ``n`` trials (95% by default)."""
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # At k = 0 or k = n one end is exactly 0 or 1; say so rather than leave rounding dust.
    lo = 0.0 if k == 0 else max(0.0, centre - half)
    hi = 1.0 if k == n else min(1.0, centre + half)
    return (lo, hi)


def default_cache() -> Path:
    """``$TAROT_LEARN_CACHE`` or ``~/.cache/tarot_learn``, then ``winrates.jsonl``."""
    root = os.environ.get("TAROT_LEARN_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "tarot_learn")
    return Path(root) / "winrates.jsonl"


@dataclass
class Exploration:
    """The verdicts of one explorer run: one row per deal, and the counts and rates they give."""

    game: str
    options: dict[str, Any]
    seconds_per_deal: float | None
    states_per_deal: int | None
    rows: list[dict[str, Any]] = field(default_factory=list)
    defaults: dict[str, Any] = field(default_factory=dict)
    computed: int = 0          # deals solved in this run (the rest came from the cache)
    wall_seconds: float = 0.0

    @property
    def deals(self) -> int:
        return len(self.rows)

    def count(self, status: str) -> int:
        return sum(1 for r in self.rows if r["status"] == status)

    @property
    def solved(self) -> int:
        return self.count("solved")

    @property
    def impossible(self) -> int:
        return self.count("impossible")

    @property
    def undecided(self) -> int:
        return self.count("undecided")

    @property
    def label(self) -> str:
        """The game and the options that differ from its defaults (``standard`` if none)."""
        opts = " ".join(f"{k}={v}" for k, v in self.options.items() if self.defaults.get(k, v) != v
                        or k not in self.defaults)
        return f"{self.game} {opts or 'standard'}"

    def bracket(self) -> tuple[float, float]:
        """Win rate if every undecided deal is lost, and if every one is won."""
        n = self.deals or 1
        return self.solved / n, (self.solved + self.undecided) / n

    def interval(self) -> tuple[float, float]:
        """95% interval for the true win rate: Wilson low of the lower bound, high of the upper."""
        return wilson(self.solved, self.deals)[0], wilson(self.solved + self.undecided, self.deals)[1]

    def median_seconds(self) -> float:
        times = sorted(r["seconds"] for r in self.rows)
        return times[len(times) // 2] if times else 0.0

    def summary(self) -> dict[str, Any]:
        lo, hi = self.bracket()
        clo, chi = self.interval()
        return {"game": self.game, "options": self.options, "deals": self.deals,
                "seconds_per_deal": self.seconds_per_deal, "states_per_deal": self.states_per_deal,
                "solved": self.solved, "impossible": self.impossible, "undecided": self.undecided,
                "win_rate_low": round(lo, 5), "win_rate_high": round(hi, 5),
                "ci95_low": round(clo, 5), "ci95_high": round(chi, 5),
                "median_seconds": round(self.median_seconds(), 4)}

    def __str__(self) -> str:
        return table([self])

    def _repr_html_(self) -> str:
        return table([self], html=True)


# ----- the cache -----------------------------------------------------------------------------------
def cache_key(game: str, options: dict[str, Any], seed: int, states: int | None,
              seconds: float | None, version: int = SOLVER_VERSION) -> str:
    """The cache's key of one deal's verdict: solver version, game, rule options, seed and budget.

    >>> cache_key("klondike", {"draw": 3}, 7, None, 10.0, version=11)
    '[11,"klondike",[["draw",3],["foundation_return",true]],7,null,10.0]'
    """
    # The options a deal code carries: a rule knob left standard does not change the key, so rows
    # cached before the knobs existed still answer.
    from .. import games

    named = identity(games.get(game), options)
    return json.dumps([version, game, sorted(named.items()), seed, states, seconds],
                      separators=(",", ":"), default=str)


def _is_verdict(row: Any) -> bool:
    """Whether a parsed line is a cache line: a dict with a string key and a status."""
    return isinstance(row, dict) and isinstance(row.get("key"), str) and "status" in row


def read_cache(path: Path) -> dict[str, dict[str, Any]]:
    """Every complete line of a cache file, by key; broken or foreign lines are skipped."""
    out: dict[str, dict[str, Any]] = {}
    try:
        with open(path, "rb") as fh:
            for raw in fh:
                try:
                    row = json.loads(raw)
                except ValueError:
                    continue  # a line cut short by an interruption
                if _is_verdict(row):
                    out[row["key"]] = row
    except FileNotFoundError:
        pass
    return out


def add_to_cache(rows: Iterable[Any], path: "str | os.PathLike[str] | None" = None) -> int:
    """Append verdicts made elsewhere (cache lines as :func:`read_cache` gives them, each with its
    ``key``: another machine's cache, published verdicts) to the cache at ``path``
    (:func:`default_cache` if ``None``), those it does not hold yet, as the explorer appends its
    own; returns how many it added.  A row :func:`read_cache` would skip (no string key, no
    status) is skipped.

    >>> import tempfile
    >>> row = {"key": cache_key("klondike", {}, 7, None, 1.0), "seed": 7, "status": "solved"}
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder) / "cache.jsonl"
    ...     print(add_to_cache([row, row, {"seed": 8}], path), add_to_cache([row], path))
    1 0
    """
    target = default_cache() if path is None else Path(path)
    known = read_cache(target)
    fresh: dict[str, dict[str, Any]] = {}
    for row in rows:
        if _is_verdict(row) and row["key"] not in known:
            fresh.setdefault(row["key"], row)
    if fresh:
        appender = _Appender(target)
        try:
            for row in fresh.values():
                appender.write(row)
        finally:
            appender.close()
    return len(fresh)


class _Appender:
    """Appends whole lines with one ``write`` each (O_APPEND), starting a fresh line if the file
    ends in a torn one."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        size = os.fstat(self.fd).st_size
        self.need_newline = False
        if size:
            with open(path, "rb") as fh:
                fh.seek(size - 1)
                self.need_newline = fh.read(1) != b"\n"

    def write(self, row: dict[str, Any]) -> None:
        data = json.dumps(row, separators=(",", ":")) + "\n"
        if self.need_newline:
            data = "\n" + data
            self.need_newline = False
        os.write(self.fd, data.encode())

    def close(self) -> None:
        os.close(self.fd)


# ----- the work --------------------------------------------------------------------------------------
def _solve_one(job: tuple[str, dict[str, Any], int, int | None, float | None]) -> dict[str, Any]:
    """Solve one deal (runs in a worker process)."""
    from .. import games
    from .search import solve

    game, options, seed, states, seconds = job
    state = games.new(game, seed=seed, **options)
    # CPU seconds: a deal gets the same search whether the machine is idle or busy.
    r = solve(state, states=states, seconds=seconds, clock=time.process_time)
    return {"seed": seed, "status": r.status.value, "states": r.states,
            "seconds": round(r.seconds, 4), "moves": len(r.moves)}


class _Progress:
    """A progress bar: ipywidgets in a notebook, a text line on a terminal, silence otherwise."""

    def __init__(self, total: int, label: str, enabled: bool) -> None:
        self.total, self.label, self.done = total, label, 0
        self.counts = {"solved": 0, "impossible": 0, "undecided": 0}
        self.start = time.perf_counter()
        self.widget = self.text = None
        if not enabled or not total:
            return
        if _in_notebook():
            try:
                import ipywidgets as w
                from IPython.display import display
            except ImportError:
                pass
            else:
                self.widget = w.IntProgress(value=0, min=0, max=total, description="deals")
                self.text = w.HTML(value=self._line())
                display(w.HBox([self.widget, self.text]))
                return
        if sys.stderr.isatty():
            self.text = "tty"
            self._draw()

    def _line(self) -> str:
        c = self.counts
        return (f"{self.label}: {self.done}/{self.total} deals, {c['solved']} solved, "
                f"{c['impossible']} impossible, {c['undecided']} undecided, "
                f"{time.perf_counter() - self.start:.0f} s")

    def _draw(self) -> None:
        width = 24
        filled = width * self.done // max(self.total, 1)
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {self._line()}")
        sys.stderr.flush()

    def update(self, status: str) -> None:
        self.done += 1
        self.counts[status] = self.counts.get(status, 0) + 1
        if self.widget is not None:
            self.widget.value = self.done
            self.text.value = self._line()  # type: ignore[union-attr]
        elif self.text == "tty":
            self._draw()

    def close(self) -> None:
        if self.text == "tty":
            sys.stderr.write("\n")
            sys.stderr.flush()


def _in_notebook() -> bool:
    shell = sys.modules.get("IPython")
    if shell is None:
        return False
    try:
        ip = shell.get_ipython()  # type: ignore[attr-defined]
    except AttributeError:
        return False
    return ip is not None and "IPKernelApp" in getattr(ip, "config", {})


def explore(game: "str | Variant", deals: int = 100, seconds_per_deal: float | None = 2.0,
            processes: int | None = None, states_per_deal: int | None = None,
            first_seed: int = 0, cache: "str | os.PathLike[str] | bool | None" = True,
            progress: bool = True, callback: Callable[[dict[str, Any]], None] | None = None,
            executor: Executor | None = None, seeds: Iterable[int] | None = None,
            cached_only: bool = False, **options: Any) -> Exploration:
    """Solve deals ``first_seed .. first_seed + deals - 1`` of ``game`` with ``options``, each
    within ``seconds_per_deal`` CPU seconds and/or ``states_per_deal`` positions.

    ``game``: a game name, or a :class:`~tarot_learn.games.variants.Variant` (``options`` then
    change some of its knobs).  ``executor``: any :class:`concurrent.futures.Executor` to run the
    deals on (a Dask cluster's, see :func:`dask_executor`); ``None``: worker processes here, or
    this process where there are none.  ``processes``: worker processes (``None``: every core;
    1: in this process); with an ``executor``, how many workers it has (four deals each are kept
    in flight).  ``cache``: True for :func:`default_cache`, a path, or False/None for none.
    ``callback`` is called with each new row (after it is safely in the cache).  Returns an
    :class:`Exploration` (``str()`` gives a table, ``.summary()`` a dict,
    :func:`tarot_learn.render.chart.win_rate_chart` a chart).
    ``seeds``: these deals instead of a range (a second, longer pass over the undecided ones).
    ``cached_only=True`` solves nothing: the rows are those the cache already holds (the deals
    a long run has finished so far).
    """
    from .. import games
    from .adapters import adapter_for

    if isinstance(game, Variant):
        game, options = game.name, {**game.options, **options}
    cls = games.get(game)
    opts = cls.check_options(options)
    states_per_deal, seconds_per_deal = check_budget(states_per_deal, seconds_per_deal)
    if seeds is not None:
        seeds = sorted(set(seeds))
        if not seeds or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in seeds):
            raise SolveError("seeds must be whole numbers from 0, at least one")
        deals, first_seed = len(seeds), seeds[0]
    _check_counts(deals, first_seed, processes)
    if executor is not None and not isinstance(executor, Executor):
        raise SolveError(f"executor must be a concurrent.futures.Executor, not {type(executor).__name__}")
    adapter_for(cls.new(first_seed, **opts))  # a game the solver cannot play fails here, once
    path = default_cache() if cache is True else (Path(cache) if cache else None)
    result = Exploration(cls.name, opts, seconds_per_deal, states_per_deal,
                         defaults={o.name: o.default for o in cls.options_spec})
    if seeds is None:
        seeds = range(first_seed, first_seed + deals)
    rows, todo = _cached_rows(result, seeds, read_cache(path) if path is not None else {})
    start = time.perf_counter()
    if cached_only:
        todo = []
    _solve_missing(result, todo, rows, path, (processes, executor), progress, callback)
    result.rows = [rows[s] for s in sorted(rows)]
    result.wall_seconds = time.perf_counter() - start
    return result


def _check_counts(deals: Any, first_seed: Any, processes: Any) -> None:
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise SolveError(f"deals must be a whole number, at least 1, not {deals!r}")
    if isinstance(first_seed, bool) or not isinstance(first_seed, int) or first_seed < 0:
        raise SolveError(f"first_seed must be a whole number from 0, not {first_seed!r}")
    if processes is not None and (isinstance(processes, bool) or not isinstance(processes, int)
                                  or processes < 1):
        raise SolveError(f"processes must be a whole number, at least 1, not {processes!r}")


def _cached_rows(result: Exploration, seeds: Iterable[int],
                 known: dict[str, dict[str, Any]]) -> tuple[dict[int, dict[str, Any]], list[int]]:
    """The rows the cache already holds for this request, by seed, and the seeds still to solve."""
    rows: dict[int, dict[str, Any]] = {}
    todo: list[int] = []
    for seed in seeds:
        hit = known.get(cache_key(result.game, result.options, seed, result.states_per_deal,
                                   result.seconds_per_deal))
        if hit is not None:
            rows[seed] = {k: hit[k] for k in ("seed", "status", "states", "seconds", "moves") if k in hit}
        else:
            todo.append(seed)
    return rows, todo


def _solve_missing(result: Exploration, todo: list[int], rows: dict[int, dict[str, Any]],
                   path: Path | None, where: tuple[int | None, Executor | None], progress: bool,
                   callback: Callable[[dict[str, Any]], None] | None) -> None:
    """Solve the deals of ``todo`` (``where``: processes and executor), each row appended to the
    cache as it comes, then shown on the progress bar and given to ``callback``."""
    name, opts = result.game, result.options
    states, seconds = result.states_per_deal, result.seconds_per_deal
    bar = _Progress(len(todo), result.label, progress)
    appender = _Appender(path) if (path is not None and todo) else None
    jobs = [(name, opts, seed, states, seconds) for seed in todo]
    try:
        for row in _run(jobs, *where):
            rows[row["seed"]] = row
            result.computed += 1
            if appender is not None:
                appender.write({"key": cache_key(name, opts, row["seed"], states, seconds),
                                "game": name, "options": opts, **row})
            bar.update(row["status"])
            if callback is not None:
                callback(row)
    finally:
        bar.close()
        if appender is not None:
            appender.close()


def _run(jobs: Sequence[tuple[Any, ...]], processes: int | None,
         executor: Executor | None) -> Iterable[dict[str, Any]]:
    """Each job's row, in the order they finish."""
    if not jobs:
        return
    n = processes or os.cpu_count() or 1
    if executor is not None:
        yield from _on_executor(executor, jobs, 4 * n)
        return
    pool = _process_pool(min(n, len(jobs))) if n > 1 and len(jobs) > 1 else None
    if pool is None:
        yield from map(_solve_one, jobs)
        return
    finished = False
    try:
        yield from _on_executor(pool, jobs, 2 * n)
        finished = True
    finally:
        # Interrupted: drop the deals not started and do not wait for the running ones.
        pool.shutdown(wait=finished, cancel_futures=True)


def _process_pool(n: int) -> Executor | None:
    """Worker processes, or None where a platform has none (Pyodide in a browser)."""
    if sys.platform == "emscripten":
        return None
    try:
        from concurrent.futures import ProcessPoolExecutor

        return ProcessPoolExecutor(n)
    except (ImportError, NotImplementedError, OSError):
        return None


def _on_executor(executor: Executor, jobs: Sequence[tuple[Any, ...]], window: int) -> Iterator[dict[str, Any]]:
    """Run the jobs on ``executor`` with at most ``window`` in flight (a million deals do not
    become a million futures at once); whatever is left is cancelled if the caller stops."""
    todo = iter(jobs)
    pending: set[Future] = {executor.submit(_solve_one, job) for job in islice(todo, max(1, window))}
    try:
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                job = next(todo, None)
                if job is not None:
                    pending.add(executor.submit(_solve_one, job))
                yield future.result()
    finally:
        for future in pending:
            future.cancel()


@contextmanager
def dask_executor(address: str = "local", workers: int | None = None,
                  processes: bool = True) -> Iterator[tuple[Executor, int]]:
    """``(executor, workers)`` of a Dask cluster for :func:`explore`: the scheduler at
    ``address`` (like ``tcp://10.0.0.5:8786``), or ``"local"`` for a LocalCluster here with
    ``workers`` single-threaded workers (default: every core; ``processes=False`` keeps them
    as threads of this process).  The client (and a local cluster) close on leaving.

    Needs ``dask[distributed]`` (``pip install 'tarot_learn[dask]'``); the workers need
    tarot_learn installed.
    """
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise SolveError("running deals on Dask needs dask.distributed: pip install 'tarot_learn[dask]'") from None
    if not isinstance(address, str) or not address.strip() or len(address) > 200:
        raise SolveError(f"a Dask address is 'local' or a scheduler like 'tcp://host:8786', not {address!r}")
    cluster = None
    if address == "local":
        cluster = LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1,
                               processes=processes, dashboard_address=None)
        client = Client(cluster)
    else:
        try:
            client = Client(address, timeout=30)
        except (OSError, TimeoutError, ValueError) as err:
            raise SolveError(f"cannot reach the Dask scheduler at {address}: {err}") from None
    try:
        slots = sum(client.nthreads().values()) or 1
        yield client.get_executor(pure=False), slots
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


# ----- tables ----------------------------------------------------------------------------------
def table(runs: Sequence[Exploration], html: bool = False) -> str:
    """A table of win rates: one line per run (variant)."""
    head = ["variant", "deals", "solved", "impossible", "undecided", "win rate", "95% CI"]
    lines = []
    for r in runs:
        lo, hi = r.bracket()
        clo, chi = r.interval()
        rate = f"{100 * lo:.1f}%" if lo == hi else f"{100 * lo:.1f}-{100 * hi:.1f}%"
        lines.append([r.label, str(r.deals), str(r.solved), str(r.impossible), str(r.undecided),
                      rate, f"{100 * clo:.1f}-{100 * chi:.1f}%"])
    if html:
        th = "".join(f"<th>{h}</th>" for h in head)
        body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in lines)
        return f"<table><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>"
    widths = [max(len(h), *(len(row[i]) for row in lines)) for i, h in enumerate(head)]
    fmt = "  ".join(f"{{:<{w}}}" if i == 0 else f"{{:>{w}}}" for i, w in enumerate(widths))
    return "\n".join([fmt.format(*head)] + [fmt.format(*row) for row in lines])
