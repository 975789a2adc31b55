"""A :class:`Deck` gives every board and drill its card pictures: the user's scans where there are
any, the default art (:mod:`tarot_learn.render`) for everything else.

Scans are fitted once, when the deck loads, to the card body at a working height (aspect kept;
cropped round the centre, or padded with card paper when ``fit="pad"``), and kept in memory.
Each requested size is made from that copy and cached, then framed by the renderer's own
:func:`~tarot_learn.render.images.frame_body` (shadow, sky-blue highlight ring, greyed dim), so an
own card and a default card of the same height and style have the same size, margin and look of
selection.
"""

from __future__ import annotations

import hashlib
import io
from pathlib import Path
from typing import Iterable, Mapping

try:
    from PIL import Image, ImageDraw, ImageOps
except ImportError:   # the browser's Python: the default art comes pre-drawn, scans are kept as files
    Image = ImageDraw = ImageOps = None  # type: ignore[assignment]

from ..cards import STANDARD, TAROT, Card, Suit, standard_deck, tarot_deck
from ..render import images as _art
from ..errors import OptionError
from ..render.cache import ByteLRU
from ..render.face import CORNER_RADIUS
from ..render.fonts import font
from ..render.palette import EDGE, PAPER

__all__ = ["Deck", "default_deck", "FITS", "WORKING_HEIGHT"]

FITS = ("crop", "pad")
WORKING_HEIGHT = 600     # card height (with its margin) at which scans are kept
_CORNER = CORNER_RADIUS / 1000   # corner radius / body height, as the default art draws it


def _pack_cards(pack: str) -> list[Card]:
    return tarot_deck() if pack == TAROT else standard_deck()


def fit_body(img: Image.Image, height: int, fit: str) -> Image.Image:
    """``img`` fitted to the card body of a ``height``-pixel card, as RGB on card paper.

    >>> fit_body(Image.new("RGB", (300, 400), "red"), 280, "crop").size
    (148, 266)
    """
    if Image is None:   # a scan kept as its file's bytes (decks.headers): the browser fits it
        return img
    bw, bh, _ = _art.body_size(height)
    if img.mode in ("RGBA", "LA", "P"):
        flat = Image.new("RGBA", img.size, PAPER)
        flat.alpha_composite(img.convert("RGBA"))
        img = flat
    img = img.convert("RGB")
    if fit == "pad":
        return ImageOps.pad(img, (bw, bh), Image.Resampling.LANCZOS, color=PAPER)
    return ImageOps.fit(img, (bw, bh), Image.Resampling.LANCZOS)


_MASKS = ByteLRU(16 * 1024 * 1024)


def _corner_mask(bw: int, bh: int) -> Image.Image:
    """Rounded-corner alpha for a card body, drawn 4x larger and shrunk for smooth corners."""
    key = (bw, bh)
    mask = _MASKS.get(key)
    if mask is None:
        big = Image.new("L", (bw * 4, bh * 4), 0)
        ImageDraw.Draw(big).rounded_rectangle((0, 0, bw * 4 - 1, bh * 4 - 1),
                                              radius=round(bh * 4 * _CORNER), fill=255)
        mask = big.resize((bw, bh), Image.Resampling.LANCZOS)
        _MASKS.put(key, mask, bw * bh)
    return mask


def _finish_body(master: Image.Image, height: int) -> Image.Image:
    """The stored scan at this card height, with the default art's rounded corners and edge."""
    bw, bh, _ = _art.body_size(height)
    body = master if master.size == (bw, bh) else master.resize((bw, bh), Image.Resampling.LANCZOS)
    body = body.convert("RGBA")
    edge = max(1, round(bh * 0.005))
    ImageDraw.Draw(body).rounded_rectangle((0, 0, bw - 1, bh - 1), radius=round(bh * _CORNER),
                                           outline=EDGE, width=edge)
    body.putalpha(_corner_mask(bw, bh))
    return body


class Deck:
    """Card pictures for boards and drills.  Build one with :func:`load_deck` (own scans) or
    :func:`default_deck` (the default art).

    ``missing`` lists the cards of the pack drawn with the default art because no usable scan
    was found (empty for the default deck itself); ``problems`` has one line per refused file.

    >>> d = default_deck()
    >>> d.name, d.pack, d.missing, d.problems
    ('default art', 'tarot', [], [])
    >>> d.card_image(Card.parse("T19"), 120).size
    (70, 120)
    """

    def __init__(self, name: str, pack: str = TAROT, *, faces: Mapping[Card, Image.Image] | None = None,
                 back: Image.Image | None = None, files: Mapping[Card, str] | None = None,
                 back_file: str | None = None, problems: Iterable[str] = (),
                 folder: Path | None = None, working_height: int = WORKING_HEIGHT,
                 fingerprint: str = "") -> None:
        if pack not in (TAROT, STANDARD):
            raise OptionError(f"unknown pack {pack!r}: choose 'tarot' or 'standard'")
        self.name = name
        self.pack = pack
        self.folder = folder
        self.working_height = working_height
        self._faces: dict[Card, Image.Image] = dict(faces or {})
        self._back = back
        self.files: dict[Card, str] = dict(files or {})
        self.back_file = back_file
        self.problems: list[str] = list(problems)
        own = bool(self._faces)
        self.missing: list[Card] = [c for c in _pack_cards(pack) if c not in self._faces] if own else []
        self._cache = ByteLRU(96 * 1024 * 1024)
        self.id = "default" if not own and back is None else hashlib.sha1(
            (name + "\0" + fingerprint).encode()).hexdigest()[:16]

    # ---- what the deck holds ----------------------------------------------------------------
    @property
    def cards(self) -> list[Card]:
        """The cards of the deck's pack, in pack order."""
        return _pack_cards(self.pack)

    @property
    def own_cards(self) -> list[Card]:
        """The cards shown with the user's own scans, in pack order."""
        return [c for c in self.cards if c in self._faces]

    @property
    def is_default(self) -> bool:
        return not self._faces and self._back is None

    def has_own(self, card: Card) -> bool:
        """True when ``card`` is shown with an own scan rather than the default art."""
        return self._plain(card) in self._faces

    @staticmethod
    def _plain(card: Card) -> Card:
        # The second copy of a double-pack card looks like the first.
        return card if not getattr(card, "copy", 0) else Card(card.suit, card.rank, 0)

    # ---- pictures ---------------------------------------------------------------------------
    def card_image(self, card: Card, height: int = 280, style: str = "normal", *,
                   show_value: bool = True, four_colour: bool = False) -> Image.Image:
        """The face of ``card``, ``height`` pixels tall, in ``style`` ``'normal'``,
        ``'highlight'`` or ``'dim'``: the same size and styles as
        :func:`tarot_learn.render.card_image`, which draws every card without an own scan
        (``show_value`` and ``four_colour`` apply to those).  Cached: do not draw on it.
        """
        card = _art.check_card(card)
        height = _art.check_height(height)
        style = _art.check_style(style)
        plain = self._plain(card)
        master = self._faces.get(plain)
        if master is None:
            return _art.card_image(card, height, style=style, show_value=show_value,
                                   four_colour=four_colour)
        return self._framed(("face", plain), master, height, style)

    def back_image(self, height: int = 280, style: str = "normal") -> Image.Image:
        """The back of the cards: the own back when the folder has one, else the default."""
        height = _art.check_height(height)
        style = _art.check_style(style)
        if self._back is None:
            return _art.back_image(height, style)
        return self._framed(("back",), self._back, height, style)

    def _framed(self, what: tuple, master: Image.Image, height: int, style: str) -> Image.Image:
        if Image is None:
            raise OptionError("a scan framed as a card picture needs Pillow (pip install pillow); without it "
                              "boards, the drill and the contact sheet show the scan itself (card_png)")
        key = what + (height, style)
        img = self._cache.get(key)
        if img is None:
            body_key = what + (height, "body")
            body = self._cache.get(body_key)
            if body is None:
                body = _finish_body(master, height)
                self._cache.put(body_key, body, body.width * body.height * 4)
            img = _art.frame_body(body, height, style)
            self._cache.put(key, img, img.width * img.height * 4)
        return img

    def card_png(self, card: Card, height: int = 280, style: str = "normal", *,
                 show_value: bool = True, four_colour: bool = False) -> bytes:
        """:meth:`card_image` as PNG bytes (cached)."""
        if not self.has_own(_art.check_card(card)):
            return _art.card_png(card, height, style=style, show_value=show_value,
                                 four_colour=four_colour)
        if Image is None:   # the scan's own file (PNG, JPEG, WebP or GIF): the browser scales it
            return self._faces[self._plain(card)].data  # type: ignore[attr-defined]
        key = ("png", self._plain(card), height, style)
        data = self._cache.get(key)
        if data is None:
            data = _png(self.card_image(card, height, style))
            self._cache.put(key, data, len(data))
        return data

    def back_png(self, height: int = 280, style: str = "normal") -> bytes:
        """:meth:`back_image` as PNG bytes."""
        if self._back is None:
            return _art.back_png(height, style)
        if Image is None:
            return self._back.data  # type: ignore[attr-defined]
        key = ("png-back", height, style)
        data = self._cache.get(key)
        if data is None:
            data = _png(self.back_image(height, style))
            self._cache.put(key, data, len(data))
        return data

    def sprite_sheet(self, cards: Iterable[Card], height: int = 280, *, columns: int | None = None,
                     style: str = "normal", back: bool = True, show_value: bool = True,
                     four_colour: bool = False
                     ) -> tuple[Image.Image, dict[str, tuple[int, int, int, int]]]:
        """Like :func:`tarot_learn.render.sprite_sheet`, with this deck's pictures: all
        ``cards`` (and the back under ``"back"``) in one image plus ``{notation: (x, y, w, h)}``.
        """
        if self.is_default:
            return _art.sprite_sheet(cards, height, columns=columns, style=style, back=back,
                                     show_value=show_value, four_colour=four_colour)
        height = _art.check_height(height)
        if columns is not None and (isinstance(columns, bool) or not isinstance(columns, int)
                                    or columns < 1):
            raise OptionError(f"columns must be a whole number >= 1, not {columns!r}")
        cells: list[Image.Image] = []
        seen: dict[Card, int] = {}
        where: dict[str, int] = {}
        for c in cards:
            plain = self._plain(_art.check_card(c))
            if plain not in seen:
                seen[plain] = len(cells)
                cells.append(self.card_image(plain, height, style, show_value=show_value,
                                             four_colour=four_colour))
            where[str(c)] = seen[plain]
        if back:
            where["back"] = len(cells)
            cells.append(self.back_image(height, style))
        n = max(1, len(cells))
        cols = columns or min(n, 14)
        w, h = _art.card_size(height)
        sheet = Image.new("RGBA", (cols * w, -(-n // cols) * h), (0, 0, 0, 0))
        for i, img in enumerate(cells):
            sheet.paste(img, ((i % cols) * w, (i // cols) * h))
        return sheet, {k: ((i % cols) * w, (i // cols) * h, w, h) for k, i in where.items()}

    def contact_sheet(self, height: int = 110) -> Image.Image:
        """Every card of the pack at ``height`` px, in suit rows (trumps in two rows), with the
        back; cards drawn with the default art are captioned "default" so gaps show at a glance.
        Without Pillow it is an SVG picture of the same layout (:mod:`tarot_learn.decks.contact_svg`).
        """
        if Image is None:
            from .contact_svg import contact_sheet_svg

            return contact_sheet_svg(self, height)
        height = _art.check_height(height)
        cards = self.cards
        if self.pack == TAROT:
            suits = (Suit.WANDS, Suit.CUPS, Suit.SWORDS, Suit.PENTACLES)
            trumps = [c for c in cards if c.is_trump]
            rows = [[c for c in cards if c.suit is s] for s in suits] + [trumps[:11], trumps[11:]]
            labels = [s.title for s in suits] + ["Trumps 0-10", "Trumps 11-21"]
        else:
            suits = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
            rows = [[c for c in cards if c.suit is s] for s in suits]
            labels = [s.title for s in suits]
        w, h = _art.card_size(height)
        gap, cap, gutter, head = 6, max(12, height // 8), 150, 64
        width = gutter + 14 * (w + gap) + 20
        total = head + (len(rows) + 1) * (h + cap + gap) + 10
        sheet = Image.new("RGBA", (width, total), "#ECE6D8")
        draw = ImageDraw.Draw(sheet)
        own = len(self.own_cards)
        draw.text((16, 12), self.name, font=font(22, True), fill="#2B2533")
        note = (f"{own} of {len(cards)} cards from own scans, {len(self.missing)} default, "
                f"{len(self.problems)} file(s) refused" if not self.is_default
                else "the default art")
        draw.text((16, 40), note, font=font(14), fill="#6A6172")
        small = font(max(9, cap - 3))
        y = head
        for label, row in zip(labels + ["Back"], rows + [[None]]):
            draw.text((16, y + h // 2), label, font=font(15, True), fill="#2B2533", anchor="lm")
            x = gutter
            for c in row:
                img = self.back_image(height) if c is None else self.card_image(c, height)
                sheet.alpha_composite(img, (x, y))
                if c is None:
                    text, ink = ("own back" if self._back is not None else "default"), "#2B2533"
                elif self.has_own(c):
                    text, ink = str(c), "#2B2533"
                else:
                    text, ink = ("default" if not self.is_default else str(c)), "#A34400"
                draw.text((x + w // 2, y + h + 1), text, font=small, fill=ink, anchor="mt")
                x += w + gap
            y += h + cap + gap
        return sheet

    # ---- display ------------------------------------------------------------------------------
    def summary(self) -> str:
        """A few lines for a learner: what loaded, what is missing, what was refused."""
        if self.is_default:
            return f"{self.name}: every card drawn with the default art"
        lines = [f"{self.name}: {len(self.own_cards)} of {len(self.cards)} cards from your scans"
                 + (", own back" if self._back is not None else ", default back")]
        if self.missing:
            shown = " ".join(str(c) for c in self.missing[:20])
            more = f" ... (+{len(self.missing) - 20})" if len(self.missing) > 20 else ""
            lines.append(f"default art for {len(self.missing)}: {shown}{more}")
        lines += [f"refused {p}" for p in self.problems]
        return "\n".join(lines)

    def __repr__(self) -> str:
        if self.is_default:
            return f"<Deck {self.name!r} ({self.pack})>"
        return (f"<Deck {self.name!r} ({self.pack}): {len(self.own_cards)} own cards, "
                f"{len(self.missing)} missing, {len(self.problems)} problems>")

    def _repr_png_(self) -> bytes | None:
        return _png(self.contact_sheet(90)) if Image is not None else None

    def _repr_svg_(self) -> str | None:
        return self.contact_sheet(90).to_svg() if Image is None else None


def _png(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=6)
    return buf.getvalue()


_DEFAULTS: dict[str, Deck] = {}


def default_deck(pack: str = TAROT) -> Deck:
    """The deck of default art (one shared instance per pack).

    >>> default_deck() is default_deck(), default_deck("standard").pack
    (True, 'standard')
    """
    if pack not in (TAROT, STANDARD):
        raise OptionError(f"unknown pack {pack!r}: choose 'tarot' or 'standard'")
    if pack not in _DEFAULTS:
        _DEFAULTS[pack] = Deck("default art", pack)
    return _DEFAULTS[pack]
