"""Sample "scans" so a learner (and the tests) can try :func:`load_deck` without a scanner.

Each sample is the default art re-inked in sepia, laid slightly askew on a scanner-bed grey with
a soft shadow and some noise, like a quick scan of a real card, and saved under one of several
file-name spellings and formats so that loading shows off the naming rules.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Iterable

try:
    from PIL import Image, ImageDraw, ImageFilter, ImageOps
except ImportError:   # the browser's Python: sample scans are the shipped default art as PNG files
    Image = ImageDraw = ImageFilter = ImageOps = None  # type: ignore[assignment]

from ..cards import STANDARD, TAROT, Card, parse_cards, standard_deck, tarot_deck
from ..errors import CardError, OptionError
from ..render import card_image
from ..render.fonts import font

__all__ = ["make_sample_scans", "sample_scan", "SPELLINGS"]

# How a card's file may be named; make_sample_scans cycles through them.
SPELLINGS = ("notation", "notation_name", "words", "dashed", "rws")


def _file_stem(card: Card, spelling: str) -> str:
    """One accepted file name (without extension) for ``card``.

    >>> c = Card.parse("NC")
    >>> [_file_stem(c, s) for s in SPELLINGS]
    ['NC', 'nc_knight_of_cups', 'Knight of Cups', 'knight-cups', 'cukn']
    >>> [_file_stem(Card.parse("T19"), s) for s in SPELLINGS]
    ['T19', 't19_the_sun', 'The Sun', '19-the-sun', 'ar19']
    >>> _file_stem(Card.parse("10C"), "dashed")
    '10-cups'
    """
    words = card.title.lower().split()
    if spelling == "notation":
        return str(card)
    if spelling == "notation_name":
        return f"{str(card).lower()}_{'_'.join(words)}"
    if spelling == "words":
        return card.title
    if spelling == "dashed":
        if card.is_trump:
            return f"{card.rank}-" + "-".join(words)
        rank = str(card.rank) if card.rank <= 10 else words[0]
        return f"{rank}-{card.suit.title.lower()}"
    if spelling == "rws" and card.pack == TAROT:
        if card.is_trump:
            return f"ar{card.rank:02d}"
        suit = {"W": "wa", "C": "cu", "S": "sw", "P": "pe"}[card.suit.letter]
        rank = {11: "pa", 12: "kn", 13: "qu", 14: "ki"}.get(card.rank, f"{card.rank:02d}")
        return suit + rank
    return str(card)


def sample_scan(card: Card | None, height: int = 360, seed: int = 0) -> Image.Image:
    """One photo-like sample scan (RGB) of ``card``, or of the back when ``card`` is None."""
    rng = random.Random(f"{seed}:{card}")
    # No "plays as" badge: a real deck has none, and it would answer the drill's value questions.
    face = card_image(card, height, show_value=False) if card is not None else None
    if face is None:
        from ..render import back_image
        face = back_image(height)
    if Image is None:
        return face   # a plain copy of the art (no tilt, tint or noise without Pillow)
    alpha = face.getchannel("A")
    grey = ImageOps.grayscale(face.convert("RGB"))
    sepia = ImageOps.colorize(grey, black="#2A1A0E", white="#F3E3C4", mid="#9C7A52")
    card_rgba = sepia.convert("RGBA")
    card_rgba.putalpha(alpha)
    pad = height // 9
    w, h = face.width + 2 * pad + rng.randrange(0, pad // 2 + 1), face.height + 2 * pad
    bed = Image.new("RGB", (w, h), (206 + rng.randrange(-6, 7),) * 3)
    noise = Image.effect_noise((w, h), 18).convert("RGB")
    bed = Image.blend(bed, noise, 0.08)
    turned = card_rgba.rotate(rng.uniform(-2.5, 2.5), Image.Resampling.BICUBIC, expand=True)
    shadow = Image.new("L", bed.size, 0)
    ox, oy = (w - turned.width) // 2, (h - turned.height) // 2
    shadow.paste(turned.getchannel("A").point(lambda v: v * 90 // 255), (ox + 4, oy + 5))
    bed.paste((60, 55, 50), (0, 0), shadow.filter(ImageFilter.GaussianBlur(6)))
    bed.paste(turned, (ox, oy), turned)
    ImageDraw.Draw(bed).text((8, h - 8), "sample scan", font=font(max(9, height // 40)),
                             fill=(120, 115, 110), anchor="ld")
    return bed


def make_sample_scans(folder: str | os.PathLike, cards: Iterable[Card | str] | str | None = None, *,
                      pack: str = TAROT, height: int = 360, back: bool = True,
                      manifest: bool = False, seed: int = 0) -> dict[str, Path]:
    """Write sample scans of ``cards`` (default: the whole pack) into ``folder`` (created if
    needed); returns ``{notation or 'back': path}``.

    File names cycle through the accepted spellings (``T19.png``, ``t19_the_sun.jpg``,
    ``The Sun.webp``, ``19-the-sun.png``, ``ar19.jpg``) and formats (PNG, JPEG, WebP).  With
    ``manifest=True`` the scans go into a ``scans/`` subfolder under camera-like names
    (``IMG_0001.jpg``) and a ``deck.json`` maps them to their cards.

    >>> import tempfile
    >>> made = make_sample_scans(tempfile.mkdtemp(), "T19 NC 10C", height=120)
    >>> sorted(p.name for p in made.values())
    ['T19.png', 'Ten of Cups.webp', 'back.png', 'nc_knight_of_cups.png']
    """
    if pack not in (TAROT, STANDARD):
        raise OptionError(f"pack must be 'tarot' or 'standard', not {pack!r}")
    if cards is None:
        chosen = tarot_deck() if pack == TAROT else standard_deck()
    elif isinstance(cards, str):
        chosen = parse_cards(cards, pack)
    else:
        chosen = [c if isinstance(c, Card) else Card.parse(str(c), pack) for c in cards]
    for c in chosen:
        if c.pack != pack:
            raise CardError(f"{c} is not a card of the {pack} pack")
    out_dir = Path(folder)
    out_dir.mkdir(parents=True, exist_ok=True)
    scan_dir = out_dir / "scans" if manifest else out_dir
    scan_dir.mkdir(exist_ok=True)
    formats = (("png", "PNG"), ("jpg", "JPEG"), ("webp", "WEBP"))
    spellings = SPELLINGS if pack == TAROT else SPELLINGS[:4]
    made: dict[str, Path] = {}
    entries: dict[str, str] = {}
    for i, card in enumerate(chosen):
        ext, fmt = formats[(i * 7 + len(str(card))) % 3] if Image is not None else ("png", "PNG")
        if manifest:
            stem = f"IMG_{i + 1:04d}"
        else:
            stem = _file_stem(card, spellings[i % len(spellings)])
            if pack == STANDARD and spellings[i % len(spellings)] == "words":
                stem = card.title.lower().replace(" ", "_")
        path = scan_dir / f"{stem}.{ext}"
        sample_scan(card, height, seed).save(path, format=fmt, **({"quality": 88} if fmt != "PNG" else {}))
        made[str(card)] = path
        entries[str(card)] = f"scans/{path.name}"
    if back:
        path = scan_dir / ("IMG_back.png" if manifest else "back.png")
        sample_scan(None, height, seed).save(path, format="PNG")
        made["back"] = path
    if manifest:
        doc = {"name": "Sample scans", "cards": entries}
        if back:
            doc["back"] = "scans/IMG_back.png"
        (out_dir / "deck.json").write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    return made
