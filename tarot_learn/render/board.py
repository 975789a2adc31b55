"""Pictures of a whole position, drawn from a game's *view* (``state.view()``).

Two view shapes are understood (see ``ARCHITECTURE.md`` and the patience games):

* ``"piles"``: the patiences.  Top row: stock, waste (its top three cards fanned), reserve, then
  the foundations against the right edge; below, the tableau columns fanned downwards (face-down
  cards overlap more than face-up ones).  Empty piles show an outlined place with their label.
* ``"rows"``: labelled fanned rows (French Tarot hands, the trick, the dog).

A card entry is ``[notation, face_up]``; an optional third item names a style (``"highlight"``
or ``"dim"``) so a board can show a selection, and a pile or row may carry ``"style"`` too (an
empty column that is a legal destination is drawn with a highlighted outline).  Face-down cards
are never parsed, so a view may hide them as ``"??"``.
"""

from __future__ import annotations

import io
from typing import Any, Mapping

from PIL import Image, ImageDraw

from ..cards import Card, CardError
from .fonts import font
from .geometry import rounded_rect
from .images import back_image, card_image, card_size, check_height, check_style, margin_for
from .palette import FELT, HIGHLIGHT, PAPER

__all__ = ["board_image", "board_png", "as_view", "BOARD_MAX_HEIGHT"]

BOARD_MAX_HEIGHT = 600

_TOP_KINDS = ("stock", "waste", "reserve", "foundation")
_KINDS = _TOP_KINDS + ("tableau",)
_CAPTION = (235, 229, 214, 255)
_DIM_TEXT = (196, 214, 204, 255)
_PLACE_FILL = (41, 94, 75, 255)     # a shade lighter than the felt
_PLACE_LINE = (150, 184, 166, 255)
_PLACE_TEXT = (214, 230, 220, 255)
_PLACE_DIM = (35, 80, 64, 255)


def _pile_style(pile: Mapping[str, Any]) -> str:
    """A pile may carry ``"style"`` (``"highlight"``: a legal destination; ``"dim"``)."""
    return check_style(pile.get("style", "normal"))


def as_view(state_or_view: object) -> dict[str, Any]:
    """The view dict of a State (anything with ``.view()``) or the dict itself, checked."""
    view = state_or_view
    viewer = getattr(state_or_view, "view", None)
    if callable(viewer) and not isinstance(state_or_view, Mapping):
        view = viewer()
    if not isinstance(view, Mapping):
        raise ValueError(f"board_image needs a game State or its view() dict, not "
                         f"{type(state_or_view).__name__}")
    pack = view.get("pack", "tarot")
    if pack not in ("tarot", "standard"):
        raise ValueError(f"view['pack'] must be 'tarot' or 'standard', not {pack!r}")
    if not isinstance(view.get("piles", []), list) or not isinstance(view.get("rows", []), list):
        raise ValueError("view['piles'] and view['rows'] must be lists")
    if "piles" not in view and "rows" not in view:
        raise ValueError("a view needs 'piles' (patiences) or 'rows' (hands, tricks) to draw")
    for row in view.get("rows", []):
        if not isinstance(row, Mapping):
            raise ValueError(f"each row is a dict with 'label' and 'cards', not {row!r}")
    for pile in view.get("piles", []):
        if not isinstance(pile, Mapping) or pile.get("kind") not in _KINDS:
            kind = pile.get("kind") if isinstance(pile, Mapping) else pile
            raise ValueError(f"each pile needs a 'kind' among {', '.join(_KINDS)}, not {kind!r}")
    return dict(view)


def _entries(cards: Any, where: str) -> list[tuple[str, bool, str]]:
    if not isinstance(cards, list):
        raise ValueError(f"{where}: 'cards' must be a list of [notation, face_up] pairs")
    out = []
    for item in cards:
        if not isinstance(item, (list, tuple)) or len(item) not in (2, 3):
            raise ValueError(f"{where}: each card is [notation, face_up], not {item!r}")
        style = check_style(item[2]) if len(item) == 3 else "normal"
        out.append((str(item[0]), bool(item[1]), style))
    return out


class _Board:
    def __init__(self, view: dict[str, Any], height: int, show_value: bool,
                 four_colour: bool) -> None:
        self.view, self.h, self.show_value, self.four = view, height, show_value, four_colour
        self.pack = view.get("pack", "tarot")
        self.cw, self.ch = card_size(height)
        self.gap = max(4, round(self.cw * 0.16))
        self.pad = max(8, round(self.ch * 0.14))
        self.text_px = max(11, round(self.ch * 0.1))
        self.small_px = max(10, round(self.ch * 0.085))
        self.ops: list[tuple] = []          # deferred drawing, laid out before the size is known

    # -- card pictures ----------------------------------------------------------------------------
    def card(self, notation: str, face_up: bool, style: str) -> Image.Image:
        if not face_up:
            return back_image(self.h, style)
        try:
            card = Card.parse(notation, self.pack)
        except CardError as exc:
            raise ValueError(f"view has a card that is not in the {self.pack} pack: "
                             f"{exc}") from None
        return card_image(card, self.h, style=style, show_value=self.show_value,
                          four_colour=self.four)

    # -- layout -----------------------------------------------------------------------------------
    def squared(self, x: int, y: int, pile: Mapping[str, Any]) -> None:
        cards = _entries(pile.get("cards", []), f"pile {pile.get('id')!r}")
        if not cards:
            self.ops.append(("place", x, y, pile.get("label") or pile.get("id", ""),
                             _pile_style(pile)))
            return
        depth = min(3, (len(cards) - 1 + 7) // 8)  # a thicker pile looks thicker
        step = max(1, round(self.ch * 0.008))
        for k in range(depth, 0, -1):
            notation, up, _ = cards[-1 - min(k, len(cards) - 1)]
            self.ops.append(("card", x + k * step, y + k * step, notation, up, "normal"))
        self.ops.append(("card", x, y) + cards[-1])
        if pile.get("kind") in ("stock", "reserve", "waste"):
            self.ops.append(("caption", x + self.cw // 2, y + self.ch + self.gap // 2,
                             str(len(cards))))

    def waste(self, x: int, y: int, pile: Mapping[str, Any]) -> None:
        cards = _entries(pile.get("cards", []), f"pile {pile.get('id')!r}")
        if not cards:
            self.ops.append(("place", x, y, pile.get("label") or pile.get("id", ""),
                             _pile_style(pile)))
            return
        shown = cards[-3:]
        off = round(self.cw * 0.3)
        for i, entry in enumerate(shown):
            self.ops.append(("card", x + i * off, y) + entry)
        self.ops.append(("caption", x + self.cw // 2, y + self.ch + self.gap // 2,
                         str(len(cards))))

    def column(self, x: int, y: int, pile: Mapping[str, Any], limit: int) -> int:
        cards = _entries(pile.get("cards", []), f"pile {pile.get('id')!r}")
        if not cards:
            self.ops.append(("place", x, y, pile.get("label") or pile.get("id", ""),
                             _pile_style(pile)))
            return self.ch
        down, up = self.ch * 0.09, self.ch * 0.24
        offsets = [down if not c[1] else up for c in cards[:-1]]
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

    def row(self, x: int, y: int, row: Mapping[str, Any], max_w: int) -> tuple[int, int]:
        label = str(row.get("label", ""))
        self.ops.append(("label", x, y, label))
        y += self.text_px + self.gap // 2
        cards = _entries(row.get("cards", []), f"row {label!r}")
        if not cards:
            self.ops.append(("place", x, y, "empty", _pile_style(row)))
            return self.cw, self.text_px + self.gap // 2 + self.ch
        # A few cards (a trick, the dog) lie side by side; a hand is fanned, and face-down
        # cards show nothing worth reading, so a hidden hand is packed tighter.
        if len(cards) <= 6:
            off = self.cw + self.gap // 2
        else:
            off = round(self.cw * (0.36 if any(c[1] for c in cards) else 0.16))
        if len(cards) > 1 and self.cw + (len(cards) - 1) * off > max_w:
            off = max(round(self.cw * 0.2), (max_w - self.cw) // (len(cards) - 1))
        for i, entry in enumerate(cards):
            self.ops.append(("card", x + i * off, y) + entry)
        return self.cw + (len(cards) - 1) * off, self.text_px + self.gap // 2 + self.ch

    def layout(self) -> tuple[int, int]:
        piles = self.view.get("piles", [])
        pad, gap, cw, ch = self.pad, self.gap, self.cw, self.ch
        header = self.text_px * 2 + pad // 2 if self.view.get("title") else pad // 2
        y = pad + header
        width = 0
        if piles:
            top = [p for p in piles if p.get("kind") in ("stock", "waste", "reserve")]
            found = [p for p in piles if p.get("kind") == "foundation"]
            tab = [p for p in piles if p.get("kind") == "tableau"]
            waste_w = cw + 2 * round(cw * 0.3)
            left_w = sum((waste_w if p["kind"] == "waste" else cw) + gap for p in top)
            found_w = len(found) * (cw + gap) - (gap if found else 0)
            tab_w = len(tab) * (cw + gap) - (gap if tab else 0)
            inner = max(left_w + found_w + (gap if top and found else 0), tab_w, 4 * cw)
            x = pad
            for p in top:
                (self.waste if p["kind"] == "waste" else self.squared)(x, y, p)
                x += (waste_w if p["kind"] == "waste" else cw) + gap
            fx = pad + inner - found_w
            for p in found:
                self.squared(fx, y, p)
                fx += cw + gap
            has_caption = any(p["kind"] in ("stock", "waste", "reserve") for p in top)
            y += ch + (gap + self.small_px if has_caption else gap)
            if tab:
                limit = round(ch * 4.2)
                tx = pad + (inner - tab_w) // 2
                tallest = 0
                for p in tab:
                    tallest = max(tallest, self.column(tx, y, p, limit))
                    tx += cw + gap
                y += tallest + gap
            width = inner
        rows = self.view.get("rows", [])
        if rows:
            max_w = max(width, 12 * cw)
            for r in rows:
                rw, rh = self.row(pad, y, r, max_w)
                width = max(width, rw)
                y += rh + gap
        footer = self.text_px + pad // 2
        return width + 2 * pad, y + footer + pad // 2

    # -- drawing ---------------------------------------------------------------------------------
    def render(self) -> Image.Image:
        w, h = self.layout()
        img = Image.new("RGBA", (w, h), FELT)
        draw = ImageDraw.Draw(img)
        title = str(self.view.get("title", "") or "")
        bold = font(round(self.text_px * 1.25), True)
        regular = font(self.text_px)
        small = font(self.small_px)
        if title:
            draw.text((self.pad, self.pad), title, font=bold, fill=PAPER, anchor="lt")
        for op in self.ops:
            kind = op[0]
            if kind == "card":
                _, x, y, notation, up, style = op
                img.alpha_composite(self.card(notation, up, style), (x, y))
            elif kind == "place":
                self.placeholder(draw, op[1], op[2], str(op[3]), small, op[4])
            elif kind == "caption":
                draw.text((op[1], op[2]), op[3], font=small, fill=_DIM_TEXT, anchor="mt")
            elif kind == "label":
                draw.text((op[1], op[2]), op[3], font=regular, fill=_CAPTION, anchor="lt")
        status = str(self.view.get("status") or self.view.get("message") or "")
        moves = self.view.get("moves")
        foot_y = h - self.pad // 2 - self.text_px // 2 - 2
        right = []
        if self.view.get("deal_code"):
            right.append(f"deal {self.view['deal_code']}")   # enough to replay the same deal
        if moves is not None:
            right.append(f"moves: {moves}")
        right_text = "   ".join(right)
        right_w = regular.getlength(right_text) if right_text else 0
        if right_text:
            draw.text((w - self.pad, foot_y), right_text, font=regular, fill=_DIM_TEXT,
                      anchor="rm")
        if status:
            room = w - 2 * self.pad - right_w - (self.gap * 2 if right_text else 0)
            draw.text((self.pad, foot_y), _fit(status, regular, room), font=regular,
                      fill=_CAPTION, anchor="lm")
        return img

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


def board_image(state_or_view: object, height: int = 120, *, show_value: bool = True,
                four_colour: bool = False) -> Image.Image:
    """Draw a position; ``height`` is the height of one card in pixels.

    >>> view = {"game": "demo", "title": "Demo", "pack": "tarot", "status": "your move",
    ...         "moves": 3, "piles": [
    ...     {"id": "stock", "kind": "stock", "label": "Stock", "cards": [["T5", False]]},
    ...     {"id": "t1", "kind": "tableau", "label": "t1", "cards": [["KS", True]]}]}
    >>> board_image(view, 60).mode
    'RGBA'
    """
    height = check_height(height, "height (of one card)")
    if height > BOARD_MAX_HEIGHT:
        # A whole table of 4000 px cards would need gigabytes; boards stop at a sane size.
        raise ValueError(f"height (of one card) must be from 20 to {BOARD_MAX_HEIGHT} pixels "
                         f"on a board (e.g. 120), not {height}")
    view = as_view(state_or_view)
    return _Board(view, height, bool(show_value), bool(four_colour)).render()


def board_png(state_or_view: object, height: int = 120, *, show_value: bool = True,
              four_colour: bool = False) -> bytes:
    """:func:`board_image` as PNG bytes, for ``State._repr_png_``."""
    img = board_image(state_or_view, height, show_value=show_value, four_colour=four_colour)
    buf = io.BytesIO()
    img.convert("RGB").save(buf, format="PNG")
    return buf.getvalue()
