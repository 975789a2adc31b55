"""Write the fixture notebooks the board browser tests open (outputs cleared).

Run ``python tests/browser/notebooks/make_fixtures.py`` after changing them here.  Each notebook
shows one widget as ``board`` and then prints ``board.summary()`` as a line starting ``STATE ``,
which the tests re-run to compare the page with the kernel.
"""

from __future__ import annotations

import pathlib

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = pathlib.Path(__file__).resolve().parent

_BOARD = 'from tarot_learn.widgets import SolitaireBoard\nboard = SolitaireBoard("{}", seed=1)\nboard'
_TABLE = 'from tarot_learn.widgets import TarotTable\nboard = TarotTable(players=4, seed=5{})\nboard'
FIXTURES = {
    "board_tarot_solitaire": _BOARD.format("tarot-solitaire"),
    "board_klondike": _BOARD.format("klondike"),
    "board_american_toad": _BOARD.format("american-toad"),
    "tarot_table": _TABLE.format(""),
    "tarot_table_clock": _TABLE.format(", time_per_turn=2"),
}


def write(name: str, setup: str) -> None:
    cells = [new_markdown_cell(f"Fixture for the board browser tests ({name}); outputs cleared."),
             new_code_cell(setup),
             new_code_cell('import json\nprint("STATE " + json.dumps(board.summary()))')]
    for i, cell in enumerate(cells):
        cell["id"] = f"{name.replace('_', '-')}-{i}"     # stable ids: rewriting changes nothing
    nb = new_notebook(cells=cells, metadata={"kernelspec": {
        "name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}})
    nbformat.write(nb, HERE / f"{name}.ipynb")


if __name__ == "__main__":
    for name, setup in FIXTURES.items():
        write(name, setup)
