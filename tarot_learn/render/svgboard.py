"""A position drawn as SVG, for where Pillow is absent: the layout of :func:`board_image`
(:func:`~tarot_learn.render.board.board_layout`), the shipped card pictures, text in the same
font family.  ``State._repr_svg_`` uses it in the static site; elsewhere boards stay PNG.

>>> from tarot_learn import games
>>> pic = board_svg(games.new("tarot-solitaire", seed=1), 120)
>>> pic.size == board_layout(games.new("tarot-solitaire", seed=1), 120)[:2]
True
>>> pic.to_svg().count("<image ") >= 2
True
"""

from __future__ import annotations

from typing import Any

from ..cards import Card
from .board import BOARD_INKS, Marks, board_layout
from .geometry import rounded_rect
from .images import back_png, card_png, margin_for
from .palette import FELT, HIGHLIGHT, PAPER
from .prerendered import text_width
from .svg import SvgPicture

__all__ = ["board_svg", "fit_text"]


def fit_text(text: str, size: float, room: float, bold: bool = False) -> str:
    """``text`` cut with an ellipsis so it fits ``room`` pixels (widths from the shipped font).

    >>> fit_text("a rather long status line", 12, 60)
    'a rathe…'
    """
    if text_width(text, size, bold) <= room:
        return text
    while text and text_width(text + "…", size, bold) > room:
        text = text[:-1]
    return text.rstrip() + "…" if text else ""


def board_svg(source: object, height: int = 120, *, player: int = 0, marks: Marks | None = None,
              show_value: bool = True, four_colour: bool = False, deal_code: str | None = None) -> SvgPicture:
    """:func:`~tarot_learn.render.board_image` as an :class:`SvgPicture` (same layout, same card
    pictures); highlighted and dimmed cards get a ring or a grey filter drawn by the browser."""
    w, h, board = board_layout(source, height, player=player, marks=marks, show_value=show_value,
                               four_colour=four_colour, deal_code=deal_code)
    pic = SvgPicture(w, h, background=FELT)
    if board.obs.title:
        pic.text(board.pad, board.pad, board.obs.title, round(board.text_px * 1.25), PAPER, bold=True, anchor="lt")
    for op in board.ops:
        kind = op[0]
        if kind == "card":
            _card(pic, board, *op[1:])
        elif kind == "place":
            _placeholder(pic, board, *op[1:])
        elif kind == "caption":
            pic.text(op[1], op[2], op[3], board.small_px, BOARD_INKS["dim_text"], anchor="mt")
        elif kind == "label":
            pic.text(op[1], op[2], op[3], board.text_px, BOARD_INKS["caption"], anchor="lt")
    _footer(pic, board, w, h)
    return pic


def _card(pic: SvgPicture, board: Any, x: int, y: int, card: Card | None, style: str) -> None:
    if card is None:
        data, key = back_png(board.h), "back"
    else:
        data = card_png(card, board.h, show_value=board.show_value, four_colour=board.four)
        key = (str(card), card.pack)
    pic.image(key, data, x, y, board.cw, board.ch, style=style)


def _footer(pic: SvgPicture, board: Any, w: int, h: int) -> None:
    """The status on the left; the deal code and the moves made on the right (as board.py)."""
    foot_y = h - board.pad // 2 - board.text_px // 2 - 2
    right = [f"deal {board.deal_code}"] if board.deal_code else []
    moves = getattr(board.obs, "moves_made", None)
    if moves is not None:
        right.append(f"moves: {moves}")
    right_text = "   ".join(right)
    right_w = text_width(right_text, board.text_px) if right_text else 0
    if right_text:
        pic.text(w - board.pad, foot_y, right_text, board.text_px, BOARD_INKS["dim_text"], anchor="rm")
    if board.obs.status:
        room = w - 2 * board.pad - right_w - (board.gap * 2 if right_text else 0)
        pic.text(board.pad, foot_y, fit_text(board.obs.status, board.text_px, room), board.text_px,
                 BOARD_INKS["caption"], anchor="lm")


def _placeholder(pic: SvgPicture, board: Any, x: int, y: int, label: str, style: str = "normal") -> None:
    m = margin_for(board.h)
    box = rounded_rect(x + m, y + m, x + board.cw - m, y + board.ch - m, board.ch * 0.04)
    if style == "highlight":
        pic.polygon(box, BOARD_INKS["place_fill"], HIGHLIGHT, max(2, round(board.ch * 0.03)))
    else:
        pic.polygon(box, BOARD_INKS["place_fill" if style == "normal" else "place_dim"],
                    BOARD_INKS["place_line"], max(1, round(board.ch * 0.012)))
    if label:
        size: float = board.small_px
        room = board.cw - 2 * m - 4
        if text_width(label, size) > room:   # long labels get smaller type
            size = max(8, int(board.small_px * room / text_width(label, size)))
        pic.text(x + board.cw // 2, y + board.ch // 2, label, size, BOARD_INKS["place_text"], anchor="mm")
