"""The ``tarot-learn`` command: solve a deal, or measure a game's win rate.

    tarot-learn solve klondike --seed 7 --option draw=3
    tarot-learn solve KL3-C1SJ                      # a deal code names the game, options and seed
    tarot-learn winrate tarot-solitaire --deals 200 --option face_down_row=false
    tarot-learn winrate --variant easy.toml --deals 500 --dask local   # a rule variant, on Dask
    tarot-learn winrate klondike -o empty_column=any --dask tcp://10.0.0.5:8786
    tarot-learn games                               # the games and their rule knobs

A variant spec file (TOML or JSON) names the game and sets knobs, one per line
(``game = "klondike"``, ``draw = 3``, ``empty_column = "any"``); ``--option`` changes a knob on top.

Bad input (an unknown game or option, a budget of zero) prints one line saying what to fix and
exits with status 2.
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from .deals import MAX_SEED
from .errors import TarotLearnError

__all__ = ["main"]


class _Usage(Exception):
    """A mistake on the command line: one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise _Usage(message)


# Every number on the command line is checked before any work: a budget of 'inf' or a trillion
# deals would run for ever.
MAX_SECONDS = 3600
MAX_STATES = 10 ** 9
MAX_DEALS = 1_000_000
MAX_PROCESSES = 256


def _bounded(kind: type, low: float, high: float):
    def read(text: str):
        shown = text if len(text) <= 30 else text[:30] + "..."
        try:
            value = kind(text)
        except ValueError:
            noun = "whole number" if kind is int else "number"
            raise argparse.ArgumentTypeError(f"write a {noun} from {low:,} to {high:,}, not {shown!r}") from None
        if not low <= value <= high:  # also refuses nan, inf and -inf
            raise argparse.ArgumentTypeError(f"write a number from {low:,} to {high:,}, not {shown}")
        return value
    return read


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="tarot-learn", description="Solve patience deals and measure win rates.")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    def budget(q: argparse.ArgumentParser, seconds: float) -> None:
        q.add_argument("--seconds", type=_bounded(float, 0.001, MAX_SECONDS), default=seconds,
                       help=f"time budget per deal in seconds (default {seconds})")
        q.add_argument("--states", type=_bounded(int, 1, MAX_STATES), default=None,
                       help="budget in positions examined per deal (default: no limit)")
        q.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE",
                       help="a game option or rule knob, e.g. draw=3 (repeat for several)")
        q.add_argument("--variant", default=None, metavar="FILE",
                       help="a rule variant's spec file (TOML or JSON); --option changes it further")

    s = sub.add_parser("solve", help="solve one deal, seeing every card")
    s.add_argument("game", nargs="?", default=None,
                   help="a game name (klondike, tarot-solitaire, american-toad) or a deal code")
    s.add_argument("--seed", type=_bounded(int, 0, MAX_SEED), default=None,
                   help="the deal's seed (needed with a game name)")
    s.add_argument("--quiet", "-q", action="store_true", help="print only the verdict line")
    budget(s, 10.0)

    w = sub.add_parser("winrate", help="solve many seeded deals and print the win rate")
    w.add_argument("game", nargs="?", default=None, help="a game name (or give --variant FILE)")
    w.add_argument("--deals", type=_bounded(int, 1, MAX_DEALS), default=100,
                   help="how many deals (default 100)")
    w.add_argument("--first-seed", type=_bounded(int, 0, MAX_SEED), default=0,
                   help="seed of the first deal (default 0)")
    w.add_argument("--processes", type=_bounded(int, 1, MAX_PROCESSES), default=None,
                   help="worker processes (default: all cores)")
    w.add_argument("--cache", default=None, help="cache file (default ~/.cache/tarot_learn/winrates.jsonl)")
    w.add_argument("--no-cache", action="store_true", help="do not read or write the cache")
    w.add_argument("--json", action="store_true", help="print the summary as JSON")
    w.add_argument("--dask", default=None, metavar="ADDRESS",
                   help="run the deals on a Dask cluster: a scheduler address (tcp://host:8786) or "
                        "'local' for a LocalCluster here (needs tarot_learn[dask])")
    budget(w, 2.0)

    sub.add_parser("games", help="list the games and their options")
    from .lessons import copier
    copier.add_arguments(sub.add_parser("lessons", help="copy the lessons into a folder and open JupyterLab there"))
    from .classroom.server import launcher
    launcher.add_arguments(sub.add_parser("classroom", help="serve the lessons and tables to a class (Voila)"))
    from .classroom.server import tables_cli
    tables_cli.add_arguments(sub.add_parser("tables", help="the shared tables' points switch and class ranking"))
    return p


def _chosen(args: argparse.Namespace) -> tuple[type, dict]:
    """The game class and its checked options: a spec file's variant (if any), then ``--option``."""
    from . import games
    from .core import parse_options
    from .games.variants import knobs, load_variant, variant
    from pathlib import Path

    given = parse_options(args.option)
    if args.variant is not None:
        v = load_variant(Path(args.variant))
        if args.game is not None and games.get(args.game).name != v.name:
            raise _Usage(f"--variant {args.variant} is a variant of {v.name}, not of {args.game}")
        return v.game, variant(v.game, **{**v.options, **given}).options
    if args.game is None:
        raise _Usage("the following arguments are required: game (or --variant FILE)")
    cls = games.get(args.game)
    try:
        knobs(cls)
    except TarotLearnError:
        return cls, cls.check_options(given)      # a game without rule knobs (French Tarot)
    return cls, variant(cls, **given).options


def _solve(args: argparse.Namespace) -> int:
    from . import games
    from .solve import solve

    if args.seed is None:
        if args.option or args.variant:
            raise _Usage("a deal code carries its own options: drop --option and --variant, or give "
                         "--seed with a game name")
        if args.game is None:
            raise _Usage("the following arguments are required: game (a name with --seed, or a deal code)")
        try:
            state = games.from_code(args.game)
        except TarotLearnError:
            names = ", ".join(n for n in games.names() if n != "french-tarot")
            raise _Usage(f"{args.game!r} is neither a deal code nor used with --seed; give "
                         f"--seed N with one of: {names}") from None
    else:
        cls, opts = _chosen(args)
        state = games.new(cls.name, seed=args.seed, **opts)
    _solver_core_ready()
    r = solve(state, states=args.states, seconds=args.seconds)
    print(f"{state.deal_code}: {r}")
    if r.solved and not args.quiet:
        print(" ".join(str(m) for m in r.moves))
    return 0


def _solver_core_ready() -> None:
    """Load the solver's compiled core before a one-off command's search, saying so when this
    machine compiles it first: a command ends before a compile left to the background would."""
    from .solve import native

    if native.available() and not native.warm(native.LOAD_WAIT):
        print("Compiling the solver's core, once on this machine (about 20 s)...", file=sys.stderr,
              flush=True)
        native.warm()


def _winrate(args: argparse.Namespace) -> int:
    import json

    from .solve.explorer import dask_executor, explore

    cls, opts = _chosen(args)
    cache = False if args.no_cache else (args.cache or True)
    ask = dict(deals=args.deals, seconds_per_deal=args.seconds, states_per_deal=args.states,
               first_seed=args.first_seed, cache=cache)
    if args.dask is None:
        _solver_core_ready()               # the worker processes, forked from this one, inherit it
        run = explore(cls.name, processes=args.processes, **ask, **opts)
    else:
        with dask_executor(args.dask, workers=args.processes) as (executor, slots):
            run = explore(cls.name, executor=executor, processes=slots, **ask, **opts)
    if args.json:
        print(json.dumps(run.summary(), indent=1))
    else:
        print(run)
        where = f" on Dask ({args.dask})" if args.dask else ""
        print(f"({run.computed} deals solved now{where}, {run.deals - run.computed} from the cache, "
              f"{run.wall_seconds:.1f} s)")
    return 0


def _games() -> int:
    from . import games

    for name in games.names():
        cls = games.get(name)
        opts = ", ".join(f"{o.name}={'|'.join(map(str, o.choices))} (default {o.default}{_rule_of(o.help)})"
                         for o in cls.options_spec)
        print(f"{name}: {opts}")
    return 0


def _rule_of(help_text: str) -> str:
    """', KL-6' when an option's help ends with its rule id in brackets."""
    tail = help_text.rstrip(")").rpartition("(")[2] if help_text.endswith(")") else ""
    return f", {tail}" if tail[:2].isalpha() and "-" in tail and len(tail) <= 6 else ""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 fine, 2 bad input)."""
    from .errors import TarotLearnError

    try:
        args = _parser().parse_args(argv)
        if args.command == "solve":
            return _solve(args)
        if args.command == "winrate":
            return _winrate(args)
        if args.command == "lessons":
            from .lessons.copier import run as open_lessons
            return open_lessons(args)
        if args.command == "classroom":
            from .classroom.server.launcher import run
            return run(args)
        if args.command == "tables":
            from .classroom.server.tables_cli import run as tables
            return tables(args)
        return _games()
    except (_Usage, TarotLearnError) as err:
        print(f"tarot-learn: error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("tarot-learn: interrupted (finished deals are kept in the cache)", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
