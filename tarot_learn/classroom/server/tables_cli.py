"""``tarot-learn tables``: the teacher's switches for the shared tables, from the command line.

``tarot-learn tables points on`` turns the pretend points (FT-49, FT-50) on for the class in
``--class-dir`` (the running server reads the setting at each game's end, so no restart is needed);
``tarot-learn tables ranking`` prints the class ranking (FT-51).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from tarot_learn.classroom.model.hall import Hall
from tarot_learn.classroom.model.store import FILE_NAME, ClassStore
from tarot_learn.classroom.server.classroom import DEFAULT_CLASS_DIR
from tarot_learn.errors import OptionError

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("what", choices=["points", "ranking"], help="points: show or switch; ranking: print it")
    parser.add_argument("switch", nargs="?", choices=["on", "off"], help="turn the points on or off")
    parser.add_argument("--class-dir", default=DEFAULT_CLASS_DIR,
                        help=f"the class folder (default ./{DEFAULT_CLASS_DIR})")


def run(args: argparse.Namespace) -> int:
    database = Path(args.class_dir) / FILE_NAME
    if not database.exists():
        raise OptionError(f"no class in {args.class_dir}: give the --class-dir the class server uses")
    hall = Hall(ClassStore(database))
    if args.what == "points":
        if args.switch:
            hall.set_points(args.switch == "on")
        print(f"Points are {'on' if hall.points_on() else 'off'} for the shared tables of {args.class_dir}.")
        return 0
    rows = hall.ranking()
    if not rows:
        print("No competitive game has counted yet.")
    for rank, row in enumerate(rows, 1):
        print(f"{rank:>3}. {row['name']:<20} {row['xp']:>6} XP {row['chips']:>7} chips  {row['games']} game(s)")
    return 0
