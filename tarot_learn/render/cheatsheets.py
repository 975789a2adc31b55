"""One printable page per game (card values, digit sums, building rules, scoring), made from the engine.

Every figure on a sheet is read from the rules engine (``numerology``, ``cards``, the French Tarot
card and scoring modules) and every rule line from the rule sheets through :mod:`tarot_learn.rules`,
so a sheet cannot drift from the game a learner plays.  :func:`sheet` gives a sheet's content as
data (what the tests compare with the engine); :func:`render` draws it on an A4 page at 150 dots per
inch; :func:`write` saves ``cheatsheet_<game>.png`` and ``.pdf``.

Pillow draws and writes both files: it is already the card art's library, it embeds our own fonts
(DejaVu, shipped in the package), and with the PDF's dates fixed the output is byte-identical from
one run to the next.  The PDF holds the page as a picture, which prints the same everywhere.

``make cheatsheets`` (``python -m tarot_learn.render.cheatsheets images``) redraws them.

>>> [b.heading for b in sheet("french-tarot").blocks][:2]
['Card points (FT-28)', 'Points the attack needs (FT-31)']
>>> sheet("tarot-solitaire").blocks[0].rows[1][:4]
('plays as', '1', '2', '3')
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from .. import rules
from ..cards import Card, Suit, standard_deck, tarot_deck
from ..errors import OptionError
from ..games.french_tarot import cards as ft_cards
from ..games.french_tarot import scoring as ft_scoring
from ..numerology import arithmetic, playing_value
from .fonts import font

__all__ = ["GAMES", "Grid", "RuleList", "Sheet", "sheet", "render", "write", "rule_line", "PAGE", "DPI",
           "save_pages", "wrap"]

GAMES = ("tarot-solitaire", "klondike", "american-toad", "french-tarot")
DPI = 150
PAGE = (1240, 1754)                 # A4 at 150 dpi
MARGIN = 64
FIXED_DATE = time.gmtime(1_767_225_600)   # 2026-01-01: the PDF's dates, so no clock reaches the file
RULE_CHARS = 260                    # a rule line keeps its heading and the sentences that fit


@dataclass(frozen=True)
class Grid:
    """A small table: a heading, then rows of cells (the first row is the header)."""

    heading: str
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class RuleList:
    """Rule lines (id, heading and the start of the rule's text) under a heading."""

    heading: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Sheet:
    game: str
    title: str
    subtitle: str
    blocks: tuple[Grid | RuleList, ...]


def rule_line(rule_id: str, limit: int = RULE_CHARS) -> str:
    """The rule's text cut at the last sentence end within ``limit`` characters (its heading at least).

    >>> rule_line("TS-5", 60)
    'TS-5 Trumps above 10 play as their digit sum.'
    """
    full = rules.text(rule_id)
    if len(full) <= limit:
        return full
    head = rules.title(rule_id)
    cut = full.rfind(". ", 0, limit)
    return full[:cut + 1] if cut + 1 > len(head) else head


def _rules(heading: str, ids: str) -> RuleList:
    return RuleList(heading, tuple(rule_line(i) for i in ids.split()))


def _rank(card: Card) -> str:
    return str(card)[:-1]


def _tarot_solitaire() -> Sheet:
    cups = [c for c in tarot_deck() if c.suit is Suit.CUPS]
    trumps = [c for c in tarot_deck() if c.is_trump]
    value = lambda c: "wild" if playing_value(c) is None else str(playing_value(c))   # noqa: E731
    groups = {"PC": "Pentacles and Cups", "SW": "Swords and Wands"}
    tens = " ".join(str(c) for c in tarot_deck() if playing_value(c) == 10)
    return Sheet("tarot-solitaire", "Tarot Solitaire", "78 cards: build down by one, suit groups alternating", (
        Grid("Suit cards: what each plays as (TS-2)",
              (("rank", *(_rank(c) for c in cups)), ("plays as", *(value(c) for c in cups)))),
        Grid("Trumps 0-10 (TS-3, TS-8)",
              (("trump", *(str(c) for c in trumps[:11])), ("plays as", *(value(c) for c in trumps[:11])))),
        Grid("Trumps 11-21 play as their digit sum (TS-5)",
              (("trump", *(str(c) for c in trumps[11:])), ("digit sum", *(arithmetic(c) for c in trumps[11:])))),
        Grid("Suit groups (TS-6) and the cards that play as 10 (TS-4)",
              (("group", "suits", "builds on"),
               *((groups[g], " and ".join(s.title for s in Suit if s.name != "TRUMPS" and Card(s, 1).group == g),
                  groups["SW" if g == "PC" else "PC"] + " or a trump") for g in groups),
               ("Trumps", "T0-T21", "any card"), ("play as 10", tens, ""))),
        _rules("Building and play", "TS-1 TS-6 TS-7 TS-8 TS-9 TS-10 TS-11 TS-12"),
        _rules("Winning and scoring", "TS-14 TS-21"),
    ))


def _standard_values(game: str) -> tuple[Grid, Grid]:
    spades = [c for c in standard_deck() if c.suit.name == "SPADES"]
    aces = [c for c in standard_deck() if c.rank == 1]
    colours = [(c.suit.title, c.color or "") for c in aces]
    rule = "KL-3" if game == "klondike" else "AT-1"
    return (Grid(f"Card values ({rule})", (("rank", *(_rank(c) for c in spades)),
                                             ("value", *(str(c.rank) for c in spades)))),
            Grid(f"Suits and colours ({rule})", (("suit", *(name for name, _ in colours)),
                                                   ("colour", *(colour for _, colour in colours)))))


def _klondike() -> Sheet:
    return Sheet("klondike", "Klondike", "52 cards: build down in alternating colours, foundations up by suit", (
        *_standard_values("klondike"),
        _rules("Building and play", "KL-4 KL-5 KL-6 KL-7 KL-8 KL-9 KL-10 KL-15"),
        _rules("Winning and scoring", "KL-2 KL-12 KL-13 KL-18"),
    ))


def _american_toad() -> Sheet:
    return Sheet("american-toad", "American Toad", "104 cards: foundations from the base rank, building by suit", (
        *_standard_values("american-toad"),
        _rules("The deal and the base rank", "AT-1 AT-2 AT-3"),
        _rules("Building and play", "AT-4 AT-5 AT-6 AT-7 AT-8 AT-9 AT-10 AT-11"),
        _rules("Winning and scoring", "AT-12 AT-15"),
    ))


CHELEM_LABELS = (("announced_made", "announced, made"), ("unannounced_made", "made unannounced"),
                 ("announced_failed", "announced, failed"), ("defence", "made by the defence"))


def _points(half: int) -> str:
    return ft_cards.format_points(half)


def _deal_value_rules(base: int, petit: int) -> RuleList:
    """The FFT's order of the deal's value (p.8), each step with its sign."""
    return RuleList("The deal's value V, in the FFT's order; each defender scores -V (FT-39)", (
        f"1. ±({base} + |margin|) x m: + when the contract is made, - when it fails (FT-33 to FT-35).",
        f"2. ±{petit} x m for a petit au bout: + when the attack takes it, - when the defence does, "
        "made or failed (FT-36).",
        "3. + each poignée, to the side that wins the deal (FT-37); 4. + the chelem (FT-38); neither multiplied.",
    ))


def _french_tarot() -> Sheet:
    deck = tarot_deck()
    kinds = [("the 3 bouts: " + ", ".join(str(c) for c in ft_cards.BOUTS), ft_cards.BOUTS[0])]
    kinds += [(f"{name} (any suit)", Card(Suit.CUPS, rank)) for name, rank in
              (("King", 14), ("Queen", 13), ("Knight / Cavalier", 12), ("Page / Jack", 11))]
    kinds += [("any other card", Card(Suit.CUPS, 7))]
    base = ft_scoring.score_deal(4, "prise", bouts=3, points=36).value          # a contract made by 0
    petit = ft_scoring.score_deal(4, "prise", bouts=3, points=36, petit_au_bout="attack").value - base
    example = ft_scoring.score_deal(4, "garde", bouts=2, points=49, petit_au_bout="attack",
                                    poignees=[("attack", 10)])
    players = tuple(ft_cards.HAND_SIZES)
    contracts = ft_scoring.CONTRACTS
    mult = ft_scoring.MULTIPLIERS
    return Sheet("french-tarot", "French Tarot", "3, 4 or 5 players: bid, take tricks, count the points", (
        Grid("Card points (FT-28)",
              (("card", "points"), *((label, _points(ft_cards.card_points_half(c))) for label, c in kinds),
               ("all 78 cards", _points(sum(ft_cards.card_points_half(c) for c in deck))))),
        Grid("Points the attack needs (FT-31)",
              (("bouts in the attack's tricks", *(str(b) for b in ft_cards.THRESHOLDS)),
               ("points needed", *(str(p) for p in ft_cards.THRESHOLDS.values())))),
        Grid("Contracts (FT-6) and the deal's value (FT-33 to FT-36)",
              (("contract", *(ft_scoring.CONTRACT_LABELS[c] for c in contracts)),
               ("multiplier m", *(f"x{mult[c]}" for c in contracts)),
               ("made + / failed -", *(f"±({base} + |margin|) x{mult[c]}" for c in contracts)),
               ("petit au bout", *(f"±{petit} x{mult[c]}" for c in contracts)))),
        _deal_value_rules(base, petit),
        Grid("Players, hands and poignées (FT-3, FT-15, FT-37)",
              (("players", *(str(n) for n in players)),
               ("cards each / dog", *(f"{ft_cards.HAND_SIZES[n]} / {ft_cards.DOG_SIZES[n]}" for n in players)),
               *((f"poignée {name} (+{ft_cards.POIGNEE_BONUS[name]})",
                  *(f"{ft_cards.POIGNEE_SIZES[n][i]} trumps" for n in players))
                 for i, name in enumerate(ft_cards.POIGNEE_NAMES)))),
        Grid("Chelem (FT-38): every trick to one side, whatever the number of players",
              (("chelem", *(label for _, label in CHELEM_LABELS)),
               ("for the attack", *(f"{ft_scoring.CHELEMS[key]:+d}" for key, _ in CHELEM_LABELS)))),
        RuleList("A scored deal, as the engine writes it (the FFT's first example)",
                 tuple(" ".join(line.split()) for line in example.breakdown().splitlines())),
        _rules("Playing the cards", "FT-18 FT-19 FT-20 FT-23"),
    ))


_BUILDERS = {"tarot-solitaire": _tarot_solitaire, "klondike": _klondike, "american-toad": _american_toad,
             "french-tarot": _french_tarot}


def sheet(game: str) -> Sheet:
    """The content of ``game``'s cheat sheet (one of :data:`GAMES`)."""
    if game not in _BUILDERS:
        raise OptionError(f"no cheat sheet for {str(game)[:40]!r}: choose {', '.join(GAMES)}")
    return _BUILDERS[game]()


# ---- drawing ---------------------------------------------------------------------------------------

INK, SOFT, RULE_INK, HEAD_FILL = (33, 28, 43), (96, 88, 110), (180, 172, 190), (238, 233, 245)


def wrap(draw: ImageDraw.ImageDraw, text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """``text`` broken into lines no wider than ``width`` pixels in the sheets' font."""
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and draw.textlength(trial, font=font(size, bold)) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + [line] if line else lines


def _draw_table(draw: ImageDraw.ImageDraw, table: Grid, y: int, size: int = 18) -> int:
    f, fb = font(size), font(size, True)
    columns = len(table.rows[0])
    widths = [max(draw.textlength(r[i], font=fb if j == 0 or i == 0 else f) for j, r in enumerate(table.rows))
              + 16 for i in range(columns)]
    scale = min(1.0, (PAGE[0] - 2 * MARGIN) / sum(widths))
    if scale < 1.0:                              # too wide: the same table in smaller type
        return _draw_table(draw, table, y, max(10, int(size * scale) - 1))
    row_h = size + 12
    for j, row in enumerate(table.rows):
        x = MARGIN
        if j == 0:
            draw.rectangle((MARGIN, y, MARGIN + sum(widths), y + row_h), fill=HEAD_FILL)
        for i, cell in enumerate(row):
            draw.text((x + 8, y + 5), cell, font=fb if j == 0 or i == 0 else f, fill=INK)
            x += widths[i]
        y += row_h
        draw.line((MARGIN, y, MARGIN + sum(widths), y), fill=RULE_INK, width=1)
    return y


def _draw_rules(draw: ImageDraw.ImageDraw, block: RuleList, y: int, size: int = 17) -> int:
    width = PAGE[0] - 2 * MARGIN - 20
    for text in block.lines:
        for k, row in enumerate(wrap(draw, text, size, width)):
            draw.text((MARGIN + (0 if k == 0 else 20), y), row, font=font(size), fill=INK if k == 0 else SOFT)
            y += size + 6
        y += 4
    return y


def render(content: Sheet) -> Image.Image:
    """The sheet drawn on one A4 page (white, 150 dpi); raises if it would not fit on one page."""
    page = Image.new("RGB", PAGE, "white")
    draw = ImageDraw.Draw(page)
    draw.text((MARGIN, MARGIN - 10), f"{content.title}: cheat sheet", font=font(40, True), fill=INK)
    draw.text((MARGIN, MARGIN + 42), content.subtitle, font=font(20), fill=SOFT)
    y = MARGIN + 90
    for block in content.blocks:
        draw.text((MARGIN, y), block.heading, font=font(23, True), fill=INK)
        y += 34
        y = (_draw_table if isinstance(block, Grid) else _draw_rules)(draw, block, y) + 18
    footer = "tarot_learn · every value from the rules engine, every rule from the rule sheets (tarot-learn)"
    draw.text((MARGIN, PAGE[1] - MARGIN + 10), footer, font=font(14), fill=SOFT)
    if y > PAGE[1] - MARGIN:
        raise RuntimeError(f"the {content.title} cheat sheet is {y - PAGE[1] + MARGIN} px too long for one page")
    return page


def write(folder: str | Path, games: tuple[str, ...] = GAMES) -> list[Path]:
    """Write ``cheatsheet_<game>.png`` and ``.pdf`` for each game into ``folder``; returns the paths."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for game in games:
        content = sheet(game)
        page = render(content)
        stem = out / f"cheatsheet_{game.replace('-', '_')}"
        written += save_pages(stem, [page], f"{content.title}: cheat sheet")
    return written


def save_pages(stem: Path, pages: list[Any], title: str) -> list[Path]:
    """The first page as ``stem.png`` and every page in ``stem.pdf``, with fixed metadata so the
    files are byte-identical run to run; returns both paths."""
    first, more = pages[0], pages[1:]
    first.save(stem.with_suffix(".png"), format="PNG", optimize=True, dpi=(DPI, DPI))
    extra = {"save_all": True, "append_images": more} if more else {}
    first.save(stem.with_suffix(".pdf"), format="PDF", resolution=DPI, title=title, author="tarot_learn",
               creator="tarot_learn", producer="tarot_learn", creationDate=FIXED_DATE, modDate=FIXED_DATE,
               **extra)
    return [stem.with_suffix(".png"), stem.with_suffix(".pdf")]


def main(argv: list[str] | None = None) -> int:
    """``python -m tarot_learn.render.cheatsheets [FOLDER]`` (default ``images``)."""
    args = sys.argv[1:] if argv is None else argv
    for path in write(args[0] if args else "images"):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
