"""The printable worksheets: one per period of the teacher's guide, each answer recomputed here by
another road through the engine, the positions the lessons' own, the files byte-identical run to run."""

from __future__ import annotations

import hashlib
import json
import pathlib
import re

import pytest
from PIL import Image, ImageChops

from tarot_learn import games
from tarot_learn.cards import Card, roman
from tarot_learn.errors import OptionError
from tarot_learn.games.french_tarot import cards as ft
from tarot_learn.games.french_tarot import rules as R
from tarot_learn.games.french_tarot import scoring
from tarot_learn.games.french_tarot.bots import HeuristicBot
from tarot_learn.numerology import playing_value
from tarot_learn.render import worksheets as ws

ROOT = pathlib.Path(__file__).resolve().parents[1]
FOLDER = ROOT / "images" / "worksheets"
PLAN = ROOT / "docs" / "teachers_guide" / "periods.md"
QUESTIONS = [(n, q) for n, _, _ in ws.PERIODS for q in ws.worksheet(n).questions]


def played_deal(seed: int):
    """The four-player deal the computer players play from ``seed``, to its score."""
    state = games.new("french-tarot", seed=seed)
    bot = HeuristicBot()
    while state.phase != "scored":
        seat = state.current_player()
        state.play_as(seat, bot.act(state.observation(seat)))
    return state.result


def _plays_as(card: str) -> str:
    value = playing_value(Card.parse(card))
    return "wild (any value)" if value is None else str(value)


def _move(position: str, move: str, options: str = "") -> str:
    game, layout = ws.POSITIONS[position]
    err = games.from_layout(game, layout, **dict(p.split("=") for p in options.split())).why_illegal(move)
    return "legal" if err is None else f"refused ({err.rule})"


def _play(hand: str, trick: str, card: str) -> str:
    held = sorted(R.card_number(c) for c in hand.split())
    played = [R.card_number(c) for c in trick.split()]
    ok = R.card_number(card) in R.legal_plays(held, played)
    return f"{'may' if ok else 'may not'} ({R.play_rule(held, played, R.card_number(card))[0]})"


def _pile(seed: str) -> str:
    deal = played_deal(int(seed))
    bouts = f"{deal.bouts} bout" + ("s" if deal.bouts != 1 else "")
    return f"{bouts}, {deal.points:g} points, needs {ft.threshold(deal.bouts)}: {'made' if deal.made else 'failed'}"


def _score(players: str, contract: str, bouts: str, points: str, petit: str | None = None) -> str:
    deal = scoring.score_deal(int(players), contract, bouts=int(bouts), points=float(points), petit_au_bout=petit)
    return f"{deal.value:+d}"


# Each kind answered another way than the worksheet asks: `why_illegal` for a move the sheet plays,
# the played deal's own score for a pile the sheet counts card by card, float points for half points.
EXPECTED = {
    "plays-as": _plays_as,
    "name": lambda card: Card.parse(card).name,
    "french-name": lambda card: Card.parse(card).french_name_fr,
    "roman": lambda card: roman(Card.parse(card).rank),
    "move": _move,
    "points": lambda cards: f"{sum(ft.card_points(Card.parse(t)) for t in cards.split()):g}",
    "bout": lambda card: "yes" if R.card_number(card) in R.BOUTS else "no",
    "play": _play,
    "pile": _pile,
    "score": _score,
}


def expected(q: ws.Question) -> str:
    """The answer to ``q``, asked of the engine another way than the worksheet asks it."""
    return EXPECTED[q.kind](*q.args)


@pytest.mark.parametrize("period, question", QUESTIONS, ids=lambda x: x if isinstance(x, int) else x.kind)
def test_every_answer_is_the_engines(period, question):
    assert question.answer == expected(question), (period, question.prompt)


def test_a_wrong_answer_would_be_caught():
    """The checks above tell a slip from the right answer: a move the overtrump rule forbids, a failed pile."""
    undertrump = ws.answer("play", "2S T3 T9", "KC T5", "T3")
    assert undertrump.answer == "may not (FT-19)" != "may (FT-19)"
    failed = ws.answer("pile", "3")
    assert failed.answer.endswith("failed") and not played_deal(3).made


def test_one_worksheet_per_period_of_the_plan():
    titles = re.findall(r"^## Period (\d+): (.+?)(?: \(optional\))?$", PLAN.read_text(encoding="utf-8"), re.M)
    assert [(int(n), t) for n, t in titles] == [(n, title) for n, title, _ in ws.PERIODS]
    assert all(len(ws.worksheet(n).questions) >= 3 for n, _, _ in ws.PERIODS)


def test_the_positions_are_the_lessons():
    sources = "".join("".join(c["source"]) for nb in sorted((ROOT / "notebooks").glob("0[345]_*.ipynb"))
                      for c in json.loads(nb.read_text(encoding="utf-8"))["cells"])
    for name, (_, layout) in ws.POSITIONS.items():
        assert all(row in sources for row in layout.splitlines()), name


def test_the_kinds_cover_the_course():
    kinds = {q.kind for _, q in QUESTIONS}
    assert {"plays-as", "move", "points", "bout", "play", "pile", "score", "french-name"} <= kinds
    moves = [q.answer for _, q in QUESTIONS if q.kind == "move"]
    assert "legal" in moves and any(m.startswith("refused (") for m in moves)
    piles = [q.answer for _, q in QUESTIONS if q.kind == "pile"]
    assert any(p.endswith("made") for p in piles) and any(p.endswith("failed") for p in piles)


def test_bad_requests_say_what_to_write():
    with pytest.raises(OptionError, match="no period 99: choose 1 to 11"):
        ws.worksheet(99)
    with pytest.raises(OptionError, match="no question kind 'bridge'"):
        ws.answer("bridge")


def test_making_them_twice_gives_identical_files(tmp_path):
    first = ws.write(tmp_path / "a", (6, 8))
    second = ws.write(tmp_path / "b", (6, 8))
    assert [p.name for p in first] == ["worksheet_06.png", "worksheet_06.pdf", "worksheet_08.png", "worksheet_08.pdf"]
    for a, b in zip(first, second):
        assert hashlib.sha256(a.read_bytes()).digest() == hashlib.sha256(b.read_bytes()).digest(), a.name
    pdf = first[1].read_bytes()
    assert pdf.startswith(b"%PDF") and b"/Count 2" in pdf and b"(D:20260101000000Z)" in pdf   # sheet + key


@pytest.mark.parametrize("number", [n for n, _, _ in ws.PERIODS])
def test_the_worksheets_in_images_are_up_to_date(number):
    """The committed files are what the engine says today (else: make worksheets)."""
    path = FOLDER / f"worksheet_{number:02d}.png"
    assert path.is_file() and path.with_suffix(".pdf").is_file(), "run make worksheets"
    with Image.open(path) as saved:
        assert ImageChops.difference(saved.convert("L"), ws.render(ws.worksheet(number))).getbbox() is None, \
            "run make worksheets"
