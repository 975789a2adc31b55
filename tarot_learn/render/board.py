"""Pictures of a whole position, drawn from what one player sees (``state.observation(player)``).

A board picture is built from an :class:`~tarot_learn.observation.Observation` only: piles by
:class:`~tarot_learn.observation.Role`, face-up cards, and face-down cards as a count that is drawn
as backs.  So a picture never depends on which cards lie face down, and two positions that look
the same to the player give the same picture.

* The patience roles (stock, waste, reserve, foundation, tableau) are laid out as a patience.
  Top row: stock, waste (its top three cards fanned), reserve, then the foundations against the
  right edge; below, the tableau columns fanned downwards (face-down cards overlap more than
  face-up ones).  Empty piles show an outlined place with their label.
* Every other role (French Tarot's hands, dog, discard, poignées, trick) is a labelled fanned
  row: the observer's own hand first, then the piles in the observation's order; an empty dog,
  discard, poignée or trick is left out.

``marks`` styles what a board wants to show: ``{"t2": "highlight"}`` lights a pile (its top card,
or its empty place: a legal destination), ``{("hand:0", 7): "dim"}`` one card of a pile (counted
from the bottom, face-down cards included).
"""

from __future__ import annotations

import io
from typing import Any, Mapping, Union

try:
    from PIL import Image, ImageDraw
except ImportError:   # no Pillow (the browser's Python): the shipped art stands in (prerendered.py)
    Image = ImageDraw = None  # type: ignore[assignment]

from ..cards import Card
from ..errors import OptionError
from ..observation import Observation, Pile, Role
from .fonts import font
from .geometry import rounded_rect
from .images import back_image, card_image, card_size, check_card, check_height, check_style, margin_for
from .palette import FELT, HIGHLIGHT, PAPER

__all__ = ["board_image", "board_png", "as_observation", "BOARD_MAX_HEIGHT", "Marks", "board_layout", "BOARD_INKS"]

BOARD_MAX_HEIGHT = 600

# {pile id: style} or {(pile id, index): style}
Marks = Mapping[Union[str, tuple[str, int]], str]

_TOP_ROLES = (Role.STOCK, Role.WASTE, Role.RESERVE)
_PATIENCE_ROLES = _TOP_ROLES + (Role.FOUNDATION, Role.TABLEAU)
_QUIET_WHEN_EMPTY = (Role.DOG, Role.DISCARD, Role.POIGNEE, Role.TRICK, Role.LAST_TRICK)
_CAPTION = (235, 229, 214, 255)
_DIM_TEXT = (196, 214, 204, 255)
_PLACE_FILL = (41, 94, 75, 255)     # a shade lighter than the felt
_PLACE_LINE = (150, 184, 166, 255)
_PLACE_TEXT = (214, 230, 220, 255)
_PLACE_DIM = (35, 80, 64, 255)

# One card as drawn: the card, or None for a face-down one, and its style.
_Entry = tuple[Union[Card, None], str]


def as_observation(source: object, player: int = 0) -> Observation:
    """What ``board_image`` draws: ``source.observation(player)`` for a State (anything with an
    ``observation`` method), or ``source`` itself when it is an Observation.

    >>> from tarot_learn import games
    >>> as_observation(games.new("klondike", seed=1)).game
    'klondike'
    >>> as_observation("a view")
    Traceback (most recent call last):
    ...
    tarot_learn.errors.OptionError: board_image needs a game State or its observation(), not str
    """
    if isinstance(source, Observation):
        return source
    observe = getattr(source, "observation", None)
    if callable(observe):
        obs = observe(player)
        if isinstance(obs, Observation):
            return obs
    raise OptionError(f"board_image needs a game State or its observation(), not {type(source).__name__}")


def _check_marks(marks: Marks | None, obs: Observation) -> dict[Any, str]:
    if marks is None:
        return {}
    if not isinstance(marks, Mapping):
        raise OptionError(f"marks is a dict like {{'t2': 'highlight'}}, not {type(marks).__name__}")
    ids = {p.id for p in obs.piles}
    out = {}
    for key, style in marks.items():
        pid = key[0] if isinstance(key, tuple) and len(key) == 2 else key
        if not isinstance(pid, str) or pid not in ids:
            raise OptionError(f"marks: {key!r} names no pile; the piles are {' '.join(sorted(ids))}")
        out[key] = check_style(style)
    return out


class _Board:
    def __init__(self, obs: Observation, height: int, show_value: bool, four_colour: bool,
                 marks: dict[Any, str], deal_code: str | None) -> None:
        self.obs, self.h, self.show_value, self.four = obs, height, show_value, four_colour
        self.marks, self.deal_code = marks, deal_code
        self.cw, self.ch = card_size(height)
        self.gap = max(4, round(self.cw * 0.16))
        self.pad = max(8, round(self.ch * 0.14))
        self.text_px = max(11, round(self.ch * 0.1))
        self.small_px = max(10, round(self.ch * 0.085))
        self.ops: list[tuple] = []          # deferred drawing, laid out before the size is known

    # -- card pictures ----------------------------------------------------------------------------
    def entries(self, pile: Pile) -> list[_Entry]:
        """The pile bottom first: backs for the face-down count, then the face-up cards."""
        cards: list[Card | None] = [None] * pile.hidden + [check_card(c) for c in pile.cards]
        styles = [self.marks.get((pile.id, i), "normal") for i in range(len(cards))]
        if cards and pile.id in self.marks:
            styles[-1] = self.marks[pile.id]
        return list(zip(cards, styles))

    def card(self, card: Card | None, style: str) -> Image.Image:
        if card is None:
            return back_image(self.h, style)
        return card_image(card, self.h, style=style, show_value=self.show_value,
                          four_colour=self.four)

    def place(self, x: int, y: int, pile: Pile) -> None:
        self.ops.append(("place", x, y, pile.label or pile.id, self.marks.get(pile.id, "normal")))

    # -- layout -----------------------------------------------------------------------------------
    def squared(self, x: int, y: int, pile: Pile) -> None:
        cards = self.entries(pile)
        if not cards:
            return self.place(x, y, pile)
        depth = min(3, (len(cards) - 1 + 7) // 8)  # a thicker pile looks thicker
        step = max(1, round(self.ch * 0.008))
        for k in range(depth, 0, -1):
            card, _ = cards[-1 - min(k, len(cards) - 1)]
            self.ops.append(("card", x + k * step, y + k * step, card, "normal"))
        self.ops.append(("card", x, y) + cards[-1])
        if pile.role in _TOP_ROLES:
            self.ops.append(("caption", x + self.cw // 2, y + self.ch + self.gap // 2, str(len(cards))))

    def waste(self, x: int, y: int, pile: Pile) -> None:
        cards = self.entries(pile)
        if not cards:
            return self.place(x, y, pile)
        off = round(self.cw * 0.3)
        for i, entry in enumerate(cards[-3:]):
            self.ops.append(("card", x + i * off, y) + entry)
        self.ops.append(("caption", x + self.cw // 2, y + self.ch + self.gap // 2, str(len(cards))))

    def column(self, x: int, y: int, pile: Pile, limit: int) -> int:
        cards = self.entries(pile)
        if not cards:
            self.place(x, y, pile)
            return self.ch
        down, up = self.ch * 0.09, self.ch * 0.24
        offsets = [down if c is None else up for c, _ in cards[:-1]]
        natural = sum(offsets)
        if natural + self.ch > limit and natural:
            # Squeeze long columns, but never so far that a face-up index is hidden.
            scale = max((limit - self.ch) / natural, 0.17 / 0.24)
            offsets = [o * scale for o in offsets]
        yy = float(y)
        for entry, off in zip(cards, offsets + [0.0]):
            self.ops.append(("card", x, round(yy)) + entry)
            yy += off
        return round(yy) - y + self.ch

    def row(self, x: int, y: int, pile: Pile, max_w: int) -> tuple[int, int]:
        label = pile.label
        if pile.role is Role.HAND and pile.owner == self.obs.player:
            label += " (you)"
        self.ops.append(("label", x, y, label))
        y += self.text_px + self.gap // 2
        cards = self.entries(pile)
        if not cards:
            self.ops.append(("place", x, y, "empty", self.marks.get(pile.id, "normal")))
            return self.cw, self.text_px + self.gap // 2 + self.ch
        # A few cards (a trick, the dog) lie side by side; a hand is fanned, and face-down
        # cards show nothing worth reading, so a hidden hand is packed tighter.
        if len(cards) <= 6:
            off = self.cw + self.gap // 2
        else:
            off = round(self.cw * (0.36 if any(c is not None for c, _ in cards) else 0.16))
        if len(cards) > 1 and self.cw + (len(cards) - 1) * off > max_w:
            off = max(round(self.cw * 0.2), (max_w - self.cw) // (len(cards) - 1))
        for i, entry in enumerate(cards):
            self.ops.append(("card", x + i * off, y) + entry)
        return self.cw + (len(cards) - 1) * off, self.text_px + self.gap // 2 + self.ch

    def patience(self, y: int) -> tuple[int, int]:
        """Lay out the patience piles from ``y``; returns (inner width, the y below them)."""
        obs, pad, gap, cw, ch = self.obs, self.pad, self.gap, self.cw, self.ch
        top = [p for p in obs.piles if p.role in _TOP_ROLES]
        found, tab = obs.by_role(Role.FOUNDATION), obs.by_role(Role.TABLEAU)
        waste_w = cw + 2 * round(cw * 0.3)
        left_w = sum((waste_w if p.role is Role.WASTE else cw) + gap for p in top)
        found_w = len(found) * (cw + gap) - (gap if found else 0)
        tab_w = len(tab) * (cw + gap) - (gap if tab else 0)
        inner = max(left_w + found_w + (gap if top and found else 0), tab_w, 4 * cw)
        x = pad
        for p in top:
            (self.waste if p.role is Role.WASTE else self.squared)(x, y, p)
            x += (waste_w if p.role is Role.WASTE else cw) + gap
        fx = pad + inner - found_w
        for p in found:
            self.squared(fx, y, p)
            fx += cw + gap
        y += ch + (gap + self.small_px if top else gap)
        if tab:
            limit = round(ch * 4.2)
            tx = pad + (inner - tab_w) // 2
            tallest = 0
            for p in tab:
                tallest = max(tallest, self.column(tx, y, p, limit))
                tx += cw + gap
            y += tallest + gap
        return inner, y

    def rows(self) -> list[Pile]:
        """The piles drawn as rows: the observer's hand first, empty side piles left out."""
        rows = [p for p in self.obs.piles if p.role not in _PATIENCE_ROLES
                and not (p.size == 0 and p.role in _QUIET_WHEN_EMPTY)]
        mine = [p for p in rows if p.role is Role.HAND and p.owner == self.obs.player]
        return mine + [p for p in rows if p not in mine]

    def layout(self) -> tuple[int, int]:
        pad = self.pad
        header = self.text_px * 2 + pad // 2 if self.obs.title else pad // 2
        y = pad + header
        width = 0
        if any(p.role in _PATIENCE_ROLES for p in self.obs.piles):
            width, y = self.patience(y)
        rows = self.rows()
        if rows:
            max_w = max(width, 12 * self.cw)
            for r in rows:
                rw, rh = self.row(pad, y, r, max_w)
                width = max(width, rw)
                y += rh + self.gap
        footer = self.text_px + pad // 2
        return width + 2 * pad, y + footer + pad // 2

    # -- drawing ---------------------------------------------------------------------------------
    def render(self) -> Image.Image:
        w, h = self.layout()
        img = Image.new("RGBA", (w, h), FELT)
        draw = ImageDraw.Draw(img)
        regular, small = font(self.text_px), font(self.small_px)
        if self.obs.title:
            draw.text((self.pad, self.pad), self.obs.title, font=font(round(self.text_px * 1.25), True),
                      fill=PAPER, anchor="lt")
        for op in self.ops:
            kind = op[0]
            if kind == "card":
                _, x, y, card, style = op
                img.alpha_composite(self.card(card, style), (x, y))
            elif kind == "place":
                self.placeholder(draw, op[1], op[2], str(op[3]), small, op[4])
            elif kind == "caption":
                draw.text((op[1], op[2]), op[3], font=small, fill=_DIM_TEXT, anchor="mt")
            elif kind == "label":
                draw.text((op[1], op[2]), op[3], font=regular, fill=_CAPTION, anchor="lt")
        self.footer(draw, w, h, regular)
        return img

    def footer(self, draw: ImageDraw.ImageDraw, w: int, h: int, regular: Any) -> None:
        """The status on the left; the deal code and the moves made on the right."""
        foot_y = h - self.pad // 2 - self.text_px // 2 - 2
        right = []
        if self.deal_code:
            right.append(f"deal {self.deal_code}")   # enough to replay the same deal
        moves = getattr(self.obs, "moves_made", None)
        if moves is not None:
            right.append(f"moves: {moves}")
        right_text = "   ".join(right)
        right_w = regular.getlength(right_text) if right_text else 0
        if right_text:
            draw.text((w - self.pad, foot_y), right_text, font=regular, fill=_DIM_TEXT, anchor="rm")
        if self.obs.status:
            room = w - 2 * self.pad - right_w - (self.gap * 2 if right_text else 0)
            draw.text((self.pad, foot_y), _fit(self.obs.status, regular, room), font=regular,
                      fill=_CAPTION, anchor="lm")

    def placeholder(self, draw: ImageDraw.ImageDraw, x: int, y: int, label: str,
                    small: Any, style: str = "normal") -> None:
        m = margin_for(self.h)
        lw = max(1, round(self.ch * 0.012))
        box = rounded_rect(x + m, y + m, x + self.cw - m, y + self.ch - m, self.ch * 0.04)
        # Opaque colours: ImageDraw replaces pixels rather than blending them.  A highlighted
        # empty pile (a legal destination) gets a thick ring in the highlight colour.
        if style == "highlight":
            draw.polygon(box, fill=_PLACE_FILL, outline=HIGHLIGHT,
                         width=max(2, round(self.ch * 0.03)))
        else:
            draw.polygon(box, fill=_PLACE_FILL if style == "normal" else _PLACE_DIM,
                         outline=_PLACE_LINE, width=lw)
        if label:
            f = small
            if f.getlength(label) > self.cw - 2 * m - 4:  # long labels get smaller type
                f = font(max(8, int(self.small_px * (self.cw - 2 * m - 4) / f.getlength(label))))
            draw.text((x + self.cw // 2, y + self.ch // 2), label, font=f,
                      fill=_PLACE_TEXT, anchor="mm")


def _fit(text: str, f: Any, room: float) -> str:
    """``text`` cut with an ellipsis so it fits ``room`` pixels in font ``f``."""
    if f.getlength(text) <= room:
        return text
    while text and f.getlength(text + "…") > room:
        text = text[:-1]
    return text.rstrip() + "…" if text else ""


def board_image(source: object, height: int = 120, *, player: int = 0, marks: Marks | None = None,
                show_value: bool = True, four_colour: bool = False,
                deal_code: str | None = None) -> Image.Image:
    """Draw a position as ``player`` sees it; ``height`` is the height of one card in pixels.

    ``source`` is a State (drawn from ``state.observation(player)`` alone) or an
    :class:`~tarot_learn.observation.Observation`.  ``marks`` styles piles or cards (see the module
    docstring).  The footer shows a deal code only when ``deal_code`` is given: the code names the
    shuffle, so a picture that printed it by itself would reveal every face-down card.

    >>> from tarot_learn.cards import Card
    >>> from tarot_learn.observation import Observation, Pile, Role
    >>> obs = Observation(game="demo", title="Demo", player=0, current_player=0, status="your move",
    ...     piles=(Pile("s", Role.STOCK, "Stock", hidden=1),
    ...            Pile("t1", Role.TABLEAU, "t1", cards=(Card.parse("KS"),))))
    >>> board_image(obs, 60, marks={"t1": "highlight"}).mode
    'RGBA'
    """
    return _make_board(source, height, player, marks, show_value, four_colour, deal_code).render()


def _make_board(source: object, height: int, player: int, marks: Marks | None, show_value: bool,
                four_colour: bool, deal_code: str | None) -> _Board:
    height = check_height(height, "height (of one card)")
    if height > BOARD_MAX_HEIGHT:
        # A whole table of 4000 px cards would need gigabytes; boards stop at a sane size.
        raise OptionError(f"height (of one card) must be from 20 to {BOARD_MAX_HEIGHT} pixels "
                          f"on a board (e.g. 120), not {height}")
    obs = as_observation(source, player)
    return _Board(obs, height, bool(show_value), bool(four_colour), _check_marks(marks, obs),
                  deal_code if isinstance(deal_code, str) else None)


# The board's own inks, for drawing the same layout another way (render.board_svg).
BOARD_INKS = {"caption": _CAPTION, "dim_text": _DIM_TEXT, "place_fill": _PLACE_FILL,
              "place_line": _PLACE_LINE, "place_text": _PLACE_TEXT, "place_dim": _PLACE_DIM}


def board_layout(source: object, height: int = 120, *, player: int = 0, marks: Marks | None = None,
                 show_value: bool = True, four_colour: bool = False,
                 deal_code: str | None = None) -> tuple[int, int, Any]:
    """What :func:`board_image` draws, laid out but not drawn: ``(width, height, board)``, where
    ``board.ops`` lists ``("card", x, y, card_or_None, style)``, ``("place", x, y, label, style)``,
    ``("caption", x, y, text)`` and ``("label", x, y, text)``, and ``board`` carries the sizes
    (``pad``, ``gap``, ``cw``, ``ch``, ``text_px``, ``small_px``), ``obs`` and ``deal_code``.
    :mod:`tarot_learn.render.svgboard` draws it where Pillow is absent."""
    board = _make_board(source, height, player, marks, show_value, four_colour, deal_code)
    w, h = board.layout()
    return w, h, board


def board_png(source: object, height: int = 120, *, player: int = 0, marks: Marks | None = None,
              show_value: bool = True, four_colour: bool = False) -> bytes:
    """:func:`board_image` as PNG bytes, for ``State._repr_png_``."""
    img = board_image(source, height, player=player, marks=marks, show_value=show_value,
                      four_colour=four_colour)
    buf = io.BytesIO()
    img.convert("RGB").save(buf, format="PNG")
    return buf.getvalue()
