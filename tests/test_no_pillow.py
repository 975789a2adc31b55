"""The art without Pillow: the shipped pictures are the renderer's, and every board, drill,
lesson and picture works and looks the same when Pillow cannot be imported (the static site)."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tarot_learn.cards import Card, standard_deck, tarot_deck
from tarot_learn.render import images, prerendered
from tarot_learn.render.raster import Raster

ROOT = Path(__file__).resolve().parents[1]

# Installed first in a fresh interpreter: any import of PIL fails as if Pillow were not installed.
BLOCK_PILLOW = textwrap.dedent('''
    import sys

    class _NoPillow:
        def find_spec(self, name, path=None, target=None):
            if name == "PIL" or name.startswith("PIL."):
                raise ImportError(f"No module named {name!r}")
            return None

    sys.meta_path.insert(0, _NoPillow())
''')

# What the learner's browser receives and sees, as pixel digests: board and table pictures, the
# drill's nameless faces, a card's own picture, a lesson's sprite sheet, the default deck.
PICTURES = textwrap.dedent('''
    import hashlib, io, pickle, sys
    from tarot_learn import Card, games
    from tarot_learn.cards import tarot_deck
    from tarot_learn.render import has_pillow, sprite_sheet
    from tarot_learn.render.raster import Raster
    from tarot_learn.widgets import Drill, SolitaireBoard, TarotTable
    from tarot_learn.lessons import kit

    def px(png):
        r = Raster.from_png(png)
        return r.size, hashlib.sha256(bytes(r.data)).hexdigest()

    out = {"pillow": has_pillow()}
    for name, widget in (("patience", SolitaireBoard(seed=2026)), ("klondike", SolitaireBoard("klondike", seed=3)),
                         ("table", TarotTable(players=4, rounds=1, seed=3))):
        out.update({(name, k): px(v) for k, v in widget.surface.images.items()})
    drill = Drill(kind="name", cards="trumps", seed=1)
    out["drill"] = px(drill.image.png)
    from tarot_learn.widgets.drill import _nameless_png
    for text in ("T19", "NS", "AW", "T0"):   # the drill's face with its name covered
        out[("nameless", text)] = px(_nameless_png(Card.parse(text), 300))
    out["card"] = px(Card.parse("T19")._repr_png_())
    buf = io.BytesIO()
    sheet, where = sprite_sheet([c for c in tarot_deck() if c.is_trump], height=150)
    sheet.save(buf, format="PNG")
    out["sprite"], out["where"] = px(buf.getvalue()), where
    buf = io.BytesIO()
    kit.cards_picture(tarot_deck()[:14], 100, columns=14).save(buf, format="PNG")
    out["cards_picture"] = px(buf.getvalue())
    sys.stdout.buffer.write(pickle.dumps(out))
''')


def _run(code: str, *, hide_pillow: bool, env: dict | None = None, timeout: int = 240) -> bytes:
    script = (BLOCK_PILLOW if hide_pillow else "") + code
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=timeout,
                          env={**os.environ, **(env or {})}, cwd=ROOT)
    assert done.returncode == 0, done.stderr.decode()[-3000:]
    return done.stdout


def _sample(height: int) -> list[tuple[Card | None, bool, bool]]:
    """A few variants per height, different at each height, covering every kind of picture."""
    tarot, std = tarot_deck(), standard_deck()
    k = prerendered.HEIGHTS.index(height)
    return [(None, True, False), (tarot[(k * 7) % 78], True, False), (tarot[56 + (k * 5) % 22], False, False),
            (tarot[(k * 11 + 3) % 56], True, False), (std[(k * 3) % 52], True, True)]


@pytest.mark.parametrize("height", prerendered.HEIGHTS)
def test_shipped_art_is_what_the_renderer_draws_today(height: int) -> None:
    for card, show_value, four in _sample(height):
        shipped = prerendered.raster(card, height, show_value=show_value, four_colour=four)
        assert shipped is not None, f"{card} at {height} px is not shipped: run make images"
        drawn = (images.draw_back_image(height) if card is None
                 else images.draw_card_image(card, height, show_value=show_value, four_colour=four))
        assert shipped.size == drawn.size and shipped.tobytes() == drawn.tobytes(), (
            f"the shipped picture of {card or 'the back'} at {height} px is out of date: run make images")


def test_every_variant_is_shipped_at_every_height() -> None:
    for height in prerendered.HEIGHTS:
        for card, show_value, four in prerendered.variants():
            assert prerendered.png(card, height, show_value=show_value, four_colour=four), (card, height)


def test_shipped_pngs_are_read_without_pillow_as_pillow_reads_them() -> None:
    from PIL import Image
    import io

    data = prerendered.png(Card.parse("T19"), 168)
    assert Raster.from_png(data).tobytes() == Image.open(io.BytesIO(data)).convert("RGBA").tobytes()
    pillow_made = io.BytesIO()
    images.draw_card_image(Card.parse("KS"), 70).save(pillow_made, format="PNG")   # adaptive row filters
    assert Raster.from_png(pillow_made.getvalue()).tobytes() == images.draw_card_image(Card.parse("KS"), 70).tobytes()


def test_pictures_are_pixel_identical_without_pillow(tmp_path: Path) -> None:
    env = {"TAROT_LEARN_DATA": str(tmp_path)}
    without = pickle.loads(_run(PICTURES, hide_pillow=True, env=env))
    with_pillow = pickle.loads(_run(PICTURES, hide_pillow=False, env=env))
    assert without.pop("pillow") is False and with_pillow.pop("pillow") is True
    assert len(without) > 200
    differ = [k for k in with_pillow if without.get(k) != with_pillow[k]]
    assert not differ, f"pictures differ without Pillow: {differ[:5]}"


def test_board_and_contact_sheet_are_svg_without_pillow(tmp_path: Path) -> None:
    code = textwrap.dedent('''
        import json, sys
        from tarot_learn import games
        from tarot_learn.decks import default_deck
        from tarot_learn.render.board import board_layout
        state = games.new("tarot-solitaire", seed=5)
        svg, png = state._repr_svg_(), state._repr_png_()
        w, h, board = board_layout(state, 120)
        sheet = default_deck()._repr_svg_()
        print(json.dumps({"svg": svg, "png": png, "size": [w, h], "cards": sum(op[0] == "card" for op in board.ops),
                          "sheet": sheet}))
    ''')
    got = json.loads(_run(code, hide_pillow=True, env={"TAROT_LEARN_DATA": str(tmp_path)}))
    assert got["png"] is None
    assert got["svg"].startswith(f'<svg xmlns="http://www.w3.org/2000/svg" width="{got["size"][0]}" '
                                 f'height="{got["size"][1]}"')
    assert got["svg"].count("<use ") == got["cards"]
    assert got["sheet"].count("<use ") == 79 and "the default art" in got["sheet"]


def test_lessons_00_to_04_run_without_pillow(tmp_path: Path) -> None:
    """Each lesson runs in a real kernel whose IPython startup hides Pillow."""
    nbclient = pytest.importorskip("nbclient")
    import nbformat

    startup = tmp_path / "ipython" / "profile_default" / "startup"
    startup.mkdir(parents=True)
    (startup / "00-no-pillow.py").write_text(BLOCK_PILLOW, encoding="utf-8")
    env_before = dict(os.environ)
    os.environ.update({"IPYTHONDIR": str(tmp_path / "ipython"), "TAROT_LEARN_DATA": str(tmp_path / "data")})
    try:
        for name in ("00_start_here", "01_meet_the_deck", "02_numerology", "03_suit_alternation",
                     "04_tarot_solitaire"):
            nb = nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", as_version=4)
            nb.cells.insert(0, nbformat.v4.new_code_cell("from tarot_learn.render import has_pillow\n"
                                                         "assert not has_pillow()"))
            nbclient.NotebookClient(nb, timeout=120, kernel_name="python3",
                                    resources={"metadata": {"path": str(ROOT / "notebooks")}}).execute()
            kinds = {k for cell in nb.cells if cell.cell_type == "code" for out in cell.outputs
                     for k in out.get("data", {})}
            assert "image/png" in kinds or "image/svg+xml" in kinds, name
    finally:
        os.environ.clear()
        os.environ.update(env_before)


def test_pictures_reach_the_page_as_the_notebook_stores_them(tmp_path: Path) -> None:
    """Without Pillow, every picture a lesson shows gives a bundle of text: PNG as base64, SVG as
    markup, drawn once for both outputs.  The static site's kernel hands a ``display()``-ed bundle
    to the page as it is, so bytes there would be a broken image (lesson 00's trumps once were)."""
    code = textwrap.dedent('''
        import json
        from IPython.core.formatters import DisplayFormatter
        from tarot_learn import Card, games
        from tarot_learn.cards import tarot_deck
        from tarot_learn.lessons import kit
        from tarot_learn.render import sprite_sheet
        trumps = [c for c in tarot_deck() if c.is_trump]
        shown = {"card": Card.parse("T19"), "position": games.new("tarot-solitaire", seed=5),
                 "sprite sheet": sprite_sheet(trumps, height=150)[0], "picture": kit.cards_picture(trumps[:3], 100)}
        out = {}
        for name, obj in shown.items():
            data, _ = DisplayFormatter().format(obj)
            out[name] = {k: [type(v).__name__, v[:16]] for k, v in data.items()}
        print(json.dumps(out))
    ''')
    got = json.loads(_run(code, hide_pillow=True, env={"TAROT_LEARN_DATA": str(tmp_path)}))
    png_head = "iVBORw0KGgo"           # base64 of the PNG signature
    for name in ("card", "sprite sheet", "picture"):
        assert got[name]["image/png"][0] == "str" and got[name]["image/png"][1].startswith(png_head), name
    assert got["position"]["image/svg+xml"][1].startswith("<svg") and "image/png" not in got["position"]
    for name in ("card", "position", "picture"):
        assert got[name]["text/html"][0] == "str", f"{name}: the picture's words for a screen reader"
    assert all(kind[0] == "str" for shown in got.values() for kind in shown.values())


def test_raster_refuses_what_it_cannot_read() -> None:
    from tarot_learn.errors import OptionError

    with pytest.raises(OptionError, match="not a PNG"):
        Raster.from_png(b"GIF89a....")
    with pytest.raises(OptionError, match="8-bit"):
        Raster.from_png(Raster.new(2, 2).to_png().replace(b"\x08\x06\x00\x00\x00", b"\x10\x06\x00\x00\x00", 1))
