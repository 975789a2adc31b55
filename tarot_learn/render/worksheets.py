"""A printable worksheet per period of the teacher's guide, with its answer key, made from the engine.

Each question is data (a kind and its inputs: a card, a position and a move, a pile of tricks, a
deal to score); its prompt and its answer are computed by the rules engine when the sheet is made,
so a worksheet cannot drift from the game a learner plays.  The positions are the lessons' own, the
piles of tricks come from whole deals the computer players play from a seed.

:func:`worksheet` gives a period's questions as data (what the tests recompute);
:func:`render` draws the worksheet, or its answer key, on an A4 page; :func:`write` saves
``worksheet_NN.pdf`` (the worksheet, then its key) and ``worksheet_NN.png`` (the worksheet page).
``make worksheets`` (``python -m tarot_learn.render.worksheets images/worksheets``) redraws them.

>>> [q.answer for q in worksheet(3).questions][:2]
['5', '10']
>>> worksheet(6).questions[0].answer
'10.5'
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from PIL import Image, ImageDraw

from .. import games
from ..cards import Card, parse_cards, roman
from ..errors import IllegalMove, OptionError
from ..games.french_tarot import cards as ft_cards
from ..games.french_tarot import rules as ft_rules
from ..games.french_tarot import scoring as ft_scoring
from ..games.french_tarot.bots import HeuristicBot
from ..numerology import playing_value
from .cheatsheets import MARGIN, PAGE, save_pages, wrap
from .fonts import font

__all__ = ["PERIODS", "POSITIONS", "Question", "Worksheet", "worksheet", "attack_pile", "render", "write",
           "answer"]

# Positions of the lessons (03, 04, 05), written as `games.from_layout` reads them.
POSITIONS = {
    "seven-of-cups": ("tarot-solitaire", "t1: [3W 4W] 8S\nt2: [5W] 8P\nt3: [6W 2P] T17\nt4: 8W\n"
                                         "t5: [KW] 9C\nt6: [3P] T0\nw: 2S 7C"),
    "turn-a-card-up": ("tarot-solitaire", "t1: [3W] 7C\nt2: [4W] 8S\nt3: [5P] QP\nt4: [6S] 9P\nt5: [2S] KC"),
    "keep-your-twos": ("tarot-solitaire", "f1: AW\nt1: [3C] 2W\nt2: [4C] 9S\nw: T19"),
    "fool-variant": ("tarot-solitaire", "t1: [KW] T1\nt2: [QW] T0"),
    "seven-of-hearts": ("klondike", "t1: [2S] 8C\nt2: [3S] 8D\nt3: [4S] 8S\nt4: KH\nw: 5C 7H"),
}


INK, SOFT = 30, 100                 # grey levels: the pages are greyscale, which prints and stores small


@dataclass(frozen=True)
class Question:
    """One question: its kind and inputs (what the engine is asked), the prompt, the answer, and the
    position it is asked on (``""`` for none)."""

    kind: str
    args: tuple[str, ...]
    prompt: str
    answer: str
    position: str = ""


@dataclass(frozen=True)
class Worksheet:
    number: int
    title: str
    questions: tuple[Question, ...]


def _card(text: str) -> Card:
    return Card.parse(text)


def _plays_as(card: str) -> tuple[str, str]:
    value = playing_value(_card(card))
    return (f"In Tarot Solitaire, what does {_card(card).name} play as?",
            "wild (any value)" if value is None else str(value))


def _name(card: str) -> tuple[str, str]:
    return f"Which card is written {card}?", _card(card).name


def _french_name(card: str) -> tuple[str, str]:
    return f"What does a French Tarot player call {_card(card).name}, in French?", _card(card).french_name_fr


def _roman(card: str) -> tuple[str, str]:
    return f"Which Roman numeral does a Rider-Waite deck print on {_card(card).title}?", roman(_card(card).rank)


def _move(position: str, move: str, options: str = "") -> tuple[str, str]:
    """Whether ``move`` is legal in one of :data:`POSITIONS` (under ``options``, ``k=v`` pairs)."""
    game, layout = POSITIONS[position]
    opts = dict(pair.split("=") for pair in options.split()) if options else {}
    state = games.from_layout(game, layout, **opts)
    where = f" with {options}" if options else ""
    try:
        state.copy().play(move)
    except IllegalMove as refusal:
        return f"In the position{where}, is {move} legal? If not, which rule refuses it?", f"refused ({refusal.rule})"
    return f"In the position{where}, is {move} legal? If not, which rule refuses it?", "legal"


def _points(cards: str) -> tuple[str, str]:
    pile = parse_cards(cards)
    return (f"How many points are {', '.join(c.name for c in pile)} worth in French Tarot?",
            ft_cards.format_points(ft_cards.points_half(pile)))


def _bout(card: str) -> tuple[str, str]:
    return f"Is {_card(card).name} a bout (an oudler)?", "yes" if ft_cards.is_bout(_card(card)) else "no"


def _play(hand: str, trick: str, card: str) -> tuple[str, str]:
    """Whether ``card`` may go on ``trick`` from ``hand`` (French Tarot), and the rule that decides."""
    numbers = sorted(ft_rules.card_number(c) for c in hand.split())
    played = [ft_rules.card_number(c) for c in trick.split()]
    number = ft_rules.card_number(card)
    rule, _ = ft_rules.play_rule(numbers, played, number)
    verdict = "may" if number in ft_rules.legal_plays(numbers, played) else "may not"
    return (f"You hold {hand}. The trick so far: {trick}. May you play {card}? Which rule decides?",
            f"{verdict} ({rule})")


def attack_pile(seed: int) -> list[Card]:
    """The attack's cards (won tricks and discard) of the four-player deal the computer players
    play from ``seed``, sorted."""
    state = games.new("french-tarot", seed=seed)
    bot = HeuristicBot()
    while state.phase not in ("scored", "redeal"):
        seat = state.current_player()
        state.play_as(seat, bot.act(state.observation(seat)))
    if state.phase != "scored" or state.owed:
        raise OptionError(f"deal {seed} ends without a plain count: choose another seed")
    attack = state.attack
    numbers = [c for seat, pile in enumerate(state.won) if attack[seat] for c in pile] + list(state.discard)
    return [ft_rules.CARDS[c] for c in sorted(numbers)]


def _bouts(n: int) -> str:
    return f"{n} bout" if n == 1 else f"{n} bouts"


def _pile(seed: str) -> tuple[str, str]:
    cards = attack_pile(int(seed))
    bouts = ft_cards.count_bouts(cards)
    half = ft_cards.points_half(cards)
    needed = ft_cards.threshold(bouts)
    made = "made" if half >= 2 * needed else "failed"      # points are kept in half points
    return (f"The taker's pile (tricks and discard) of deal {seed}: {' '.join(map(str, cards))}. Count it as "
            "players do: how many bouts, how many points, and is the contract made or failed?",
            f"{_bouts(bouts)}, {ft_cards.format_points(half)} points, needs {needed}: {made}")


def _score(players: str, contract: str, bouts: str, points: str, petit: str = "") -> tuple[str, str]:
    deal = ft_scoring.score_deal(int(players), contract, bouts=int(bouts), points=float(points),
                                 petit_au_bout=petit or None)
    extra = f", petit au bout to the {petit}" if petit else ""
    label = ft_scoring.CONTRACT_LABELS[contract]
    return (f"{players} players, {label}: the taker has {_bouts(int(bouts))} and {points} points{extra}. "
            "What is the deal worth to the taker's side (V)?", f"{deal.value:+d}")


KINDS: dict[str, Callable[..., tuple[str, str]]] = {
    "plays-as": _plays_as, "name": _name, "french-name": _french_name, "roman": _roman, "move": _move,
    "points": _points, "bout": _bout, "play": _play, "pile": _pile, "score": _score,
}

_P = tuple[tuple[str, ...], ...]
PERIODS: tuple[tuple[int, str, _P], ...] = (
    (1, "Start here and meet the deck", (
        ("name", "T19"), ("name", "NC"), ("name", "10W"), ("name", "QS"), ("roman", "T16"), ("plays-as", "T12"))),
    (2, "How decks number and name their cards", (
        ("roman", "T8"), ("roman", "T11"), ("french-name", "PC"), ("french-name", "NS"), ("french-name", "KP"),
        ("french-name", "T0"))),
    (3, "Numerology", (
        ("plays-as", "T14"), ("plays-as", "T19"), ("plays-as", "T13"), ("plays-as", "KW"), ("plays-as", "T21"),
        ("plays-as", "T0"))),
    (4, "Suit alternation", (
        ("move", "seven-of-cups", "w>t1"), ("move", "seven-of-cups", "w>t2"), ("move", "seven-of-cups", "w>t3"),
        ("move", "seven-of-cups", "w>t4"), ("move", "seven-of-cups", "w>t6"))),
    (5, "Tarot Solitaire", (
        ("move", "turn-a-card-up", "t1>t2"), ("move", "turn-a-card-up", "t2>t4"),
        ("move", "turn-a-card-up", "t1>t5"), ("move", "keep-your-twos", "w>t1"),
        ("move", "keep-your-twos", "t1>f1"), ("move", "keep-your-twos", "w>t2"))),
    (6, "French Tarot, the game, the count and the tricks", (
        ("points", "KC QS NP"), ("points", "T21 T0 PW 7C"), ("bout", "T1"), ("bout", "T20"),
        ("play", "2C KC T5 T0", "QC", "T5"), ("play", "2S T3 T9", "KC T5", "T3"),
        ("play", "2S T3 T9", "KC T5", "T9"), ("play", "QC T3", "T7 T10", "QC"))),
    (7, "French Tarot, the dog, bidding and a whole deal", (
        ("pile", "4"), ("pile", "3"), ("pile", "2"), ("play", "2W 9C T2 T12", "KS T10", "T2"),
        ("play", "2W 9C T0 T12", "KS T10", "T0"))),
    (8, "French Tarot, scoring a deal", (
        ("score", "4", "garde", "2", "49", "attack"), ("score", "4", "prise", "1", "44"),
        ("score", "3", "garde", "1", "50", "defence"), ("pile", "5"))),
    (9, "Klondike and American Toad", (
        ("move", "seven-of-hearts", "w>t1"), ("move", "seven-of-hearts", "w>t2"),
        ("move", "seven-of-hearts", "w>t3"), ("move", "seven-of-hearts", "w>t4"))),
    (10, "The rule explorer", (
        ("move", "fool-variant", "t2>t1"), ("move", "fool-variant", "t2>t1", "fool=trump_ace"),
        ("move", "fool-variant", "t1>f5"), ("move", "fool-variant", "t1>f5", "fool=trump_ace"),
        ("move", "fool-variant", "t2>f5", "fool=trump_ace"))),
    (11, "Final check", (
        ("name", "T12"), ("plays-as", "T17"), ("move", "seven-of-cups", "w>t5"), ("bout", "T21"),
        ("play", "2C KC T5 T0", "QS", "KC"), ("score", "4", "garde", "3", "40"))),
)


def answer(kind: str, *args: str) -> Question:
    """The question of ``kind`` on ``args``, its prompt and answer computed by the engine."""
    if kind not in KINDS:
        raise OptionError(f"no question kind {kind!r}: choose {', '.join(KINDS)}")
    prompt, text = KINDS[kind](*args)
    position = POSITIONS[args[0]][1] if kind == "move" else ""
    return Question(kind, tuple(args), prompt, text, position)


def worksheet(number: int) -> Worksheet:
    """The worksheet of period ``number`` of the teacher's guide's plan (1 to 11)."""
    for n, title, asked in PERIODS:
        if n == number:
            return Worksheet(n, title, tuple(answer(kind, *args) for kind, *args in asked))
    raise OptionError(f"no period {str(number)[:8]}: choose 1 to {len(PERIODS)}")


# ---- drawing ---------------------------------------------------------------------------------------

def _draw_question(draw: ImageDraw.ImageDraw, i: int, q: Question, y: int, key: bool, shown: set[str]) -> int:
    width = PAGE[0] - 2 * MARGIN - 40
    if q.position and q.position not in shown:       # each position once, before its first question
        shown.add(q.position)
        draw.text((MARGIN, y), "The position (cards in brackets face down; the last card is the top):",
                  font=font(17, True), fill=SOFT)
        y += 26
        for row in q.position.splitlines():
            draw.text((MARGIN + 30, y), row, font=font(17), fill=INK)
            y += 23
        y += 8
    for k, row in enumerate(wrap(draw, q.prompt, 19, width)):
        draw.text((MARGIN + (0 if k == 0 else 40), y), (f"{i}. " if k == 0 else "") + row, font=font(19), fill=INK)
        y += 26
    if key:
        draw.text((MARGIN + 40, y), f"Answer: {q.answer}", font=font(19, True), fill=INK)
    else:
        draw.line((MARGIN + 40, y + 40, PAGE[0] - MARGIN, y + 40), fill=SOFT, width=1)
    return y + 62


def render(sheet: Worksheet, key: bool = False) -> Image.Image:
    """The worksheet (or, with ``key``, its answer key) on one A4 page; raises if it would not fit."""
    page = Image.new("L", PAGE, 255)
    draw = ImageDraw.Draw(page)
    kind = "answer key" if key else "worksheet"
    draw.text((MARGIN, MARGIN - 10), f"Period {sheet.number}: {kind}", font=font(38, True), fill=INK)
    draw.text((MARGIN, MARGIN + 40), sheet.title, font=font(22), fill=SOFT)
    y = MARGIN + 80 if key else MARGIN + 120
    if not key:
        draw.text((MARGIN, MARGIN + 78), "Name: ____________________   Date: ____________", font=font(19), fill=INK)
    shown: set[str] = set()
    for i, q in enumerate(sheet.questions, 1):
        y = _draw_question(draw, i, q, y, key, shown)
    footer = "tarot_learn · every answer computed by the rules engine (make worksheets)"
    draw.text((MARGIN, PAGE[1] - MARGIN + 10), footer, font=font(14), fill=SOFT)
    if y > PAGE[1] - MARGIN:
        raise RuntimeError(f"the period {sheet.number} {kind} is {y - PAGE[1] + MARGIN} px too long for one page")
    return page


def write(folder: str | Path, numbers: tuple[int, ...] | None = None) -> list[Path]:
    """Write ``worksheet_NN.pdf`` (worksheet and key) and ``worksheet_NN.png`` per period; returns the paths."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for number in numbers or tuple(n for n, _, _ in PERIODS):
        sheet = worksheet(number)
        front, back = render(sheet), render(sheet, key=True)
        stem = out / f"worksheet_{number:02d}"
        written += save_pages(stem, [front, back], f"Period {number}: worksheet and answer key")
    return written


def main(argv: list[str] | None = None) -> int:
    """``python -m tarot_learn.render.worksheets [FOLDER]`` (default ``images/worksheets``)."""
    args = sys.argv[1:] if argv is None else argv
    for path in write(args[0] if args else "images/worksheets"):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
