"""Contact sheets of the default card art: ``python -m tarot_learn.render.sheets [OUTDIR]``.

Writes ``tarot_deck.png`` (suits in rows, trumps in two rows), ``standard_deck.png`` (the 52-card
pack, plus the four-colour option), ``styles.png`` (normal / highlight / dim and the back, at 120
and 400 px) and ``board_example.png`` (a patience position and a French Tarot table) into OUTDIR
(default ``images``).  ``make images`` runs it.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Sequence

from PIL import Image, ImageDraw

from ..cards import Card, Suit, parse_cards, standard_deck, tarot_deck
from .board import board_image
from .fonts import font
from .images import back_image, card_image

__all__ = ["tarot_sheet", "standard_sheet", "styles_sheet", "board_example", "main"]

_BG = "#ECE6D8"
_INK = "#2B2533"
_SOFT = "#6A6172"


def _grid(title: str, rows: Sequence[tuple[str, Sequence[Image.Image]]], note: str = "",
          gutter: int = 170) -> Image.Image:
    """Lay labelled rows of images on a paper-coloured sheet."""
    gap = 10
    width = gutter + max(sum(img.width + gap for img in imgs) for _, imgs in rows) + 24
    head = 74 if note else 56
    heights = [max(img.height for img in imgs) for _, imgs in rows]
    height = head + sum(h + gap + 6 for h in heights) + 16
    sheet = Image.new("RGBA", (width, height), _BG)
    draw = ImageDraw.Draw(sheet)
    draw.text((24, 16), title, font=font(26, True), fill=_INK)
    if note:
        draw.text((24, 48), note, font=font(15), fill=_SOFT)
    y = head
    for (label, imgs), h in zip(rows, heights):
        draw.text((24, y + h // 2), label, font=font(17, True), fill=_INK, anchor="lm")
        x = gutter
        for img in imgs:
            sheet.alpha_composite(img, (x, y))
            x += img.width + gap
        y += h + gap + 6
    return sheet


def tarot_sheet(height: int = 200) -> Image.Image:
    """The 78-card pack: four suit rows (Ace..King) and the trumps in two rows."""
    deck = tarot_deck()
    rows = []
    for suit in (Suit.WANDS, Suit.CUPS, Suit.SWORDS, Suit.PENTACLES):
        rows.append((suit.title, [card_image(c, height) for c in deck if c.suit is suit]))
    trumps = [c for c in deck if c.is_trump]
    rows.append(("Trumps 0-10", [card_image(c, height) for c in trumps[:11]]))
    rows.append(("Trumps 11-21", [card_image(c, height) for c in trumps[11:]]))
    return _grid("tarot_learn: the 78-card tarot pack", rows,
                 "Wands orange staff, Cups blue chalice, Swords grey sword, Pentacles green "
                 "starred disc; badges show what each trump and court plays as.")


def standard_sheet(height: int = 200) -> Image.Image:
    """The 52-card pack in suit rows, then the four-colour option for diamonds and clubs."""
    deck = standard_deck()
    rows = []
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        rows.append((suit.title, [card_image(c, height) for c in deck if c.suit is suit]))
    extra = parse_cards("AD 7D QD AC 7C QC", "standard")
    rows.append(("four_colour", [card_image(c, height, four_colour=True) for c in extra]))
    return _grid("tarot_learn: the 52-card pack", rows,
                 "Hearts and diamonds vermillion, spades and clubs black; four_colour=True "
                 "makes diamonds blue and clubs green.")


def styles_sheet() -> Image.Image:
    """Styles at a board's size (120 px) and a close-up size (400 px)."""
    picks = [Card.parse("T19"), Card.parse("NC"), Card.parse("7H", "standard")]
    small = []
    for card in picks:
        small += [card_image(card, 120, style=s) for s in ("normal", "highlight", "dim")]
    small += [back_image(120, s) for s in ("normal", "highlight", "dim")]
    big = [card_image(Card.parse(t), 400) for t in ("T19", "QC", "7P")] + [back_image(400)]
    tiny = [card_image(c, 48) for c in parse_cards("T21 KW 10C 5S AP T0")]
    tiny += [card_image(c, 48) for c in parse_cards("10H QS", "standard")] + [back_image(48)]
    return _grid("tarot_learn: styles and sizes",
                 [("400 px", big), ("120 px", small), ("48 px", tiny)],
                 "120 px row: normal / highlight (selection, legal destination) / dim (not "
                 "playable) for the Sun, the Knight of Cups, the 7 of Hearts and the back.",
                 gutter=110)


def board_example() -> Image.Image:
    """A Tarot Solitaire-like position and a French Tarot table, drawn from hand-made
    observations (face-down cards are only counted, as a player sees them)."""
    from ..games.solitaire import PatienceObservation
    from ..observation import Observation, Pile, Role

    def cards(text: str) -> tuple[Card, ...]:
        return tuple(parse_cards(text))

    columns = [(0, "KS QC T21 10W 9P"), (1, "T19 9W"), (2, "NP PS"), (0, ""), (4, "T11"),
               (5, "KP T13 3C"), (6, "T0")]
    piles = [Pile("s", Role.STOCK, "Stock", hidden=7), Pile("w", Role.WASTE, "Waste", cards=cards("5W T12 QP"))]
    piles += [Pile(f"f{i + 1}", Role.FOUNDATION, label, cards=cards(up)) for i, (label, up) in enumerate(
        [("Wands", "AW 2W"), ("Cups", "AC"), ("Swords", ""), ("Pentacles", ""), ("Trumps", "T1")])]
    piles += [Pile(f"t{i + 1}", Role.TABLEAU, f"t{i + 1}", hidden=down, cards=cards(up))
              for i, (down, up) in enumerate(columns)]
    patience = PatienceObservation(game="tarot-solitaire", title="Tarot Solitaire", player=0,
                                   current_player=0, piles=tuple(piles), moves_made=17,
                                   status="Build down by value, alternating suit groups")
    hand = cards("T0 T1 T6 T14 T20 KW 9W 3W QC 7C 2C PS NS 10S 8P 5P AP")
    table = Observation(game="french-tarot", title="French Tarot: your hand and the trick", player=0,
                        current_player=0, status="South to play: follow Cups or trump",
                        piles=(Pile("hand:0", Role.HAND, "South", cards=hand, owner=0),
                               Pile("trick", Role.TRICK, "Trick (West led)", cards=cards("NC T8 4C"),
                                    played_by=(3, 1, 2))))
    legal = (7, 8, 9)
    marks = {("hand:0", i): "highlight" if i in legal else "dim"
             for i, c in enumerate(hand) if i in legal or not c.is_trump}
    a = board_image(patience, 130, marks={"t7": "highlight", "t1": "highlight"})
    b = board_image(table, 120, marks=marks)
    out = Image.new("RGBA", (max(a.width, b.width), a.height + b.height + 12), _BG)
    out.alpha_composite(a, (0, 0))
    out.alpha_composite(b, (0, a.height + 12))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Write the sheets; print each file with its size."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) > 1 or any(a.startswith("-") for a in args):
        print("usage: python -m tarot_learn.render.sheets [OUTDIR]   (default: images)",
              file=sys.stderr)
        return 2
    out = Path(args[0] if args else "images")
    out.mkdir(parents=True, exist_ok=True)
    for name, make in (("tarot_deck.png", tarot_sheet), ("standard_deck.png", standard_sheet),
                       ("styles.png", styles_sheet), ("board_example.png", board_example)):
        path = out / name
        make().convert("RGB").save(path, optimize=True)
        print(f"{path}  {path.stat().st_size / 1024:.0f} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
