"""The pages of the shared tables: the lobby, a table, the class ranking (HTML with a small script).

The script only draws what the server sent for this seat and sends intents; every rule is checked
on the server.  Cards are buttons named in words ("Seven of Hearts") with the suit's symbol and
letter beside its colour, so no one needs colour to tell suits apart, and the whole table can be
played with the keyboard (Tab to a card or a bid, Enter to play it).
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

__all__ = ["lobby_page", "table_page", "ranking_page"]

_STATIC = Path(__file__).resolve().parent / "tables_static"


def _static(name: str) -> str:
    return (_STATIC / name).read_text(encoding="utf-8")


def _page(title: str, base_url: str, body: str, script: str, table: str = "") -> str:
    data = f' data-base="{html.escape(base_url, quote=True)}"'
    if table:
        data += f' data-table="{html.escape(table, quote=True)}"'
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1"><title>{html.escape(title)}</title>'
            f"<style>{_static('tables.css')}</style></head><body{data}><header><h1>{html.escape(title)}</h1>"
            f'<p><a href="{html.escape(base_url, quote=True)}tarot/">Back to the tables and lessons</a> · '
            f'<a href="{html.escape(base_url, quote=True)}tarot/tables">Lobby</a> · '
            f'<a href="{html.escape(base_url, quote=True)}tarot/tables/ranking">Class ranking</a></p></header>'
            f'<main>{body}<div id="msg" role="status" aria-live="polite"></div></main>'
            f"<script>{_static('common.js')}{script}</script></body></html>")


def lobby_page(base_url: str) -> str:
    """The lobby: your name, the open tables, a new table's options, joining a private table."""
    body = """
<p><label for="name">Your name</label> <input id="name" maxlength="40" autocomplete="nickname"></p>
<section aria-labelledby="h-open"><h2 id="h-open">Open tables</h2><ul id="tables"></ul></section>
<section aria-labelledby="h-new"><h2 id="h-new">A new table (you are its master)</h2>
<form id="create"><p>
<label>Players <select name="players"><option>3</option><option selected>4</option><option>5</option></select></label>
<label>Seconds per turn (0: no clock) <input type="number" name="seconds" value="60" min="0" max="600"></label>
<label>Rounds <input type="number" name="rounds" value="1" min="1" max="20"></label></p><p>
<label><input type="checkbox" name="competitive"> Competitive (points and chips)</label>
<label>Bet <input type="number" name="bet" value="0" min="0" max="1000"></label>
<label><input type="checkbox" name="private"> Private (by invitation code)</label>
<label><input type="checkbox" name="spectators" checked> Spectators allowed</label>
<label>Hold a dropped seat (seconds) <input type="number" name="hold" value="180" min="10" max="1800"></label></p>
<p><button type="submit">Create the table</button></p></form></section>
<section aria-labelledby="h-join"><h2 id="h-join">Join a private table</h2>
<form id="join"><label>Table <input name="table" maxlength="8" required></label>
<label>Invitation code <input name="code" maxlength="32" required></label>
<button type="submit">Join</button></form></section>
"""
    return _page("French Tarot tables", base_url, body, _static("lobby.js"))


def table_page(base_url: str, table_id: str) -> str:
    """One table: the seats, the trick, your hand, your moves, the score sheet."""
    body = """
<p id="status" role="status" aria-live="polite"></p><p id="clock"></p><p id="code"></p>
<section aria-labelledby="h-seats"><h2 id="h-seats">Seats</h2><div id="seats" class="seats"></div></section>
<section aria-labelledby="h-trick"><h2 id="h-trick">On the table</h2><div id="trick"></div></section>
<section aria-labelledby="h-hand"><h2 id="h-hand">Your hand</h2><div id="hand"></div><div id="actions"></div></section>
<div id="controls"></div><p id="vote" role="status"></p>
<section aria-labelledby="h-sheet"><h2 id="h-sheet">Score sheet</h2><div id="sheet"></div></section>
<form id="options" hidden aria-labelledby="h-options"><h2 id="h-options">Table options (you are the master)</h2><p>
<label>Seconds per turn (0: no clock) <input type="number" name="seconds" min="0" max="600"></label>
<label>Rounds <input type="number" name="rounds" min="1" max="20"></label>
<label>Bet <input type="number" name="bet" min="0" max="1000"></label>
<label>Hold a dropped seat (seconds) <input type="number" name="hold" min="10" max="1800"></label></p><p>
<label><input type="checkbox" name="competitive"> Competitive</label>
<label><input type="checkbox" name="spectators"> Spectators allowed</label>
<label><input type="checkbox" name="private"> Private</label>
<button type="submit">Change the options</button> <span id="pending"></span></p></form>
"""
    return _page("French Tarot table", base_url, body, _static("table.js"), table=table_id)


def ranking_page(base_url: str, ranking: list[dict[str, Any]], points_on: bool) -> str:
    """The class ranking by experience points, then chips (FT-51)."""
    if not points_on:
        body = "<p>Points are off in this class: your teacher can turn them on.</p>"
    elif not ranking:
        body = "<p>No competitive game has finished yet.</p>"
    else:
        rows = "".join(f"<tr><td>{i}</td><td>{html.escape(r['name'])}</td><td>{r['xp']}</td><td>{r['chips']}</td>"
                       f"<td>{r['games']}</td></tr>" for i, r in enumerate(ranking, 1))
        body = (f'<table aria-label="Class ranking"><tr><th>#</th><th>name</th><th>experience points</th>'
                f"<th>chips</th><th>games</th></tr>{rows}</table>")
    return _page("Class ranking", base_url, body, "")
