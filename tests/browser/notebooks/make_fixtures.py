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
    "tarot_table_all_hands": _TABLE.format(", show_all=True"),
    # one move from the end: the King of Spades goes up
    "board_one_move": ('from tarot_learn import games\nfrom tarot_learn.widgets import SolitaireBoard\n'
                       'layout = "f1: ..QS\\nf2: ..KH\\nf3: ..KD\\nf4: ..KC\\nt1: KS"\n'
                       'board = SolitaireBoard(state=games.from_layout("klondike", layout))\nboard'),
    # a random deal (a reload could not pass for a resume) with a fast heartbeat
    "board_resume": ('from tarot_learn.widgets import SolitaireBoard\nboard = SolitaireBoard("klondike")\n'
                     'board.surface.heartbeat = 1.0\nboard'),
    # a student's first twelve moves of a seeded deal, as a result code
    "presenter": ('from tarot_learn import games, results\nfrom tarot_learn.widgets import Presenter\n'
                  'state = games.new("klondike", seed=7)\nfor _ in range(12):\n'
                  '    moves = state.legal_moves()\n'
                  '    state.play(next((m for m in moves if m.action == "move"), moves[0]))\n'
                  'board = Presenter(results.result_code(state))\nboard'),
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
