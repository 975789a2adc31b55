"""Own decks: file names, the manifest, image validation, and the pictures a Deck gives."""

from __future__ import annotations

import io
import json
import os
import struct
import zlib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from tarot_learn.cards import Card, parse_cards, standard_deck, tarot_deck
from tarot_learn.errors import CardError, DeckError, OptionError
from tarot_learn.decks import (Deck, Limits, as_deck, card_for_name, default_deck, load_deck,
                               make_sample_scans)
from tarot_learn.decks.sample import SPELLINGS, _file_stem
from tarot_learn.render import card_image as default_card_image

C = Card.parse


# ---- helpers ---------------------------------------------------------------------------------

def png_bytes(size=(60, 100), colour="teal") -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", size, colour).save(buf, "PNG")
    return buf.getvalue()


def jpeg_bytes(size=(120, 200), colour="navy") -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", size, colour).save(buf, "JPEG", quality=90)
    return buf.getvalue()


def png_claiming(width: int, height: int) -> bytes:
    """A tiny PNG whose header claims ``width`` x ``height`` pixels (a decompression bomb)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
            + chunk(b"IDAT", zlib.compress(b"\x00" * 1024)) + chunk(b"IEND", b""))


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """Three good scans (AW, T19, KC) as plain files."""
    d = tmp_path / "deck"
    d.mkdir()
    (d / "AW.png").write_bytes(png_bytes(colour="red"))
    (d / "t19_the_sun.jpg").write_bytes(jpeg_bytes(colour="yellow"))
    (d / "King of Cups.png").write_bytes(png_bytes(colour="blue"))
    return d


def problem_for(deck: Deck, name: str) -> str:
    hits = [p for p in deck.problems if p.startswith(name)]
    assert len(hits) == 1, (name, deck.problems)
    assert "\n" not in hits[0]
    return hits[0]


# ---- names -----------------------------------------------------------------------------------

@pytest.mark.parametrize("stem, card", [
    ("T19", "T19"), ("t19", "T19"), ("t19_the_sun", "T19"), ("T19 The Sun", "T19"),
    ("the_sun", "T19"), ("sun", "T19"), ("19-the-sun", "T19"), ("XIX", "T19"),
    ("xix.the.sun", "T19"), ("the sun 19", "T19"), ("trump_19", "T19"), ("ar19", "T19"),
    ("NC", "NC"), ("nc", "NC"), ("knight_of_cups", "NC"), ("Knight-Cups", "NC"),
    ("cups knight", "NC"), ("cukn", "NC"), ("cu12", "NC"), ("cavalier of hearts", "NC"),
    ("10-cups", "10C"), ("ten_of_cups", "10C"), ("10_of_chalices", "10C"),
    ("ace of wands", "AW"), ("1-rods", "AW"), ("wa01", "AW"),
    ("page of pentacles", "PP"), ("jack-of-coins", "PP"), ("pepa", "PP"),
    ("the_fool", "T0"), ("00_the_fool", "T0"), ("excuse", "T0"),
    ("wheel of fortune", "T10"), ("judgment", "T20"), ("hanged_man", "T12"),
    ("08_justice", "T11"), ("11-strength", "T8"),       # Marseille numbering of the two swapped
    ("57_the_sun", "T19"),                               # a running number over a set of scans
])
def test_tarot_file_names(stem, card):
    assert card_for_name(stem) == C(card)


@pytest.mark.parametrize("stem, card", [
    ("10H", "10H"), ("ks", "KS"), ("queen_of_hearts", "QH"), ("jack-diamonds", "JD"),
    ("ace of spades", "AS"), ("clubs-7", "7C"),
])
def test_standard_file_names(stem, card):
    assert card_for_name(stem, pack="standard") == C(card, pack="standard")


@pytest.mark.parametrize("stem", ["back", "Back", "card_back", "reverse"])
def test_back_names(stem):
    assert card_for_name(stem) == "back"


@pytest.mark.parametrize("stem", ["notes", "IMG_0001", "thumbnail", "11 of cups", "knight_of_cups_v2",
                                  "ar22", "the sunny day"])
def test_names_of_no_card(stem):
    assert card_for_name(stem) is None


@pytest.mark.parametrize("stem, words", [
    ("19", "bare number"), ("t19_the_moon", "different cards"), ("5_the_sun", "disagree"),
])
def test_contradictory_names_are_refused_with_reason(stem, words):
    with pytest.raises(CardError, match=words):
        card_for_name(stem)


@pytest.mark.parametrize("spelling", SPELLINGS)
def test_every_sample_spelling_reads_back_for_every_card(spelling):
    for card in tarot_deck():
        assert card_for_name(_file_stem(card, spelling)) == card, (spelling, card)


@given(st.sampled_from(tarot_deck()), st.sampled_from(["-", "_", " ", "."]), st.booleans())
def test_names_forgive_case_and_separators(card, sep, upper):
    stem = card.title.replace(" ", sep)
    assert card_for_name(stem.upper() if upper else stem.lower()) == card


# ---- loading: happy paths ----------------------------------------------------------------------

def test_loads_scans_in_several_spellings_and_formats(tmp_path):
    cards = parse_cards("AW 7C NC QS KP T0 T8 T13 T19 T21")
    made = make_sample_scans(tmp_path, cards, height=120)
    exts = {p.suffix for p in made.values()}
    assert exts == {".png", ".jpg", ".webp"}
    deck = load_deck(tmp_path)
    assert deck.problems == []
    assert deck.own_cards == sorted(cards, key=lambda c: c.index)
    assert set(deck.missing) == set(tarot_deck()) - set(cards)
    assert deck.back_file == "back.png"
    assert deck.name == tmp_path.name
    assert all(deck.has_own(c) for c in cards) and not deck.has_own(C("2W"))


def test_own_cards_show_the_scan_and_missing_cards_the_default_art(folder):
    deck = load_deck(folder)
    own = deck.card_image(C("AW"), 200).convert("RGB")
    cx, cy = own.width // 2, own.height // 2
    assert own.getpixel((cx, cy)) == (255, 0, 0)                 # the red scan, not default art
    fallback = deck.card_image(C("2W"), 200)
    assert fallback.tobytes() == default_card_image(C("2W"), 200).tobytes()
    assert C("2W") in deck.missing and C("AW") not in deck.missing


@pytest.mark.parametrize("height", [40, 120, 281, 700])
def test_sizes_and_styles_match_the_default_art(folder, height):
    deck = load_deck(folder)
    for style in ("normal", "highlight", "dim"):
        img = deck.card_image(C("T19"), height, style)
        assert img.size == default_card_image(C("T19"), height, style=style).size
        assert img.mode == "RGBA"
        assert img.getpixel((0, 0))[3] < 255 or style == "highlight"  # rounded, transparent corner
    assert deck.back_image(height).size == default_card_image(C("T19"), height).size


def test_highlight_and_dim_change_the_picture_like_the_default_art(folder):
    deck = load_deck(folder)
    normal = deck.card_image(C("AW"), 200)
    high = deck.card_image(C("AW"), 200, "highlight")
    dim = deck.card_image(C("AW"), 200, "dim").convert("RGB")
    assert normal.tobytes() != high.tobytes()
    r, g, b = dim.getpixel((dim.width // 2, dim.height // 2))
    assert r == g == b                                            # greyed out
    assert deck.card_image(C("AW"), 200) is normal                # cached


def test_manifest_maps_files_in_subfolders_and_names_the_deck(tmp_path):
    made = make_sample_scans(tmp_path, "T19 NC 3S", height=120, manifest=True)
    assert (tmp_path / "deck.json").exists() and made["T19"].parent.name == "scans"
    deck = load_deck(tmp_path)
    assert deck.name == "Sample scans"
    assert [str(c) for c in deck.own_cards] == ["NC", "3S", "T19"]
    assert deck.files[C("T19")] == "scans/" + made["T19"].name
    assert deck.back_file == "scans/IMG_back.png"
    assert deck.problems == []


def test_manifest_keys_may_be_any_accepted_name_and_win_over_file_names(folder):
    (folder / "sun-scan.png").write_bytes(png_bytes(colour="orange"))
    deck = load_deck(folder, manifest={"cards": {"the sun": "sun-scan.png"}})
    assert deck.files[C("T19")] == "sun-scan.png"
    assert "already comes from the manifest" in problem_for(deck, "t19_the_sun.jpg")


def test_standard_pack(tmp_path):
    make_sample_scans(tmp_path, "10H KS AD 7C", pack="standard", height=120)
    deck = load_deck(tmp_path, pack="standard")
    assert [str(c) for c in deck.own_cards] == ["KS", "10H", "AD", "7C"]
    assert len(deck.missing) == 48 and deck.problems == []
    assert len(deck.cards) == len(standard_deck())


def test_tarot_file_in_a_standard_deck_says_which_pack(folder):
    (folder / "10H.png").write_bytes(png_bytes())
    deck = load_deck(folder, pack="standard")
    assert deck.own_cards == [C("10H", pack="standard")]
    assert "pack='standard'" in problem_for(deck, "t19_the_sun.jpg")
    assert "tarot card The Sun" in problem_for(deck, "t19_the_sun.jpg")


def test_pad_fit_keeps_the_whole_scan(tmp_path):
    wide = Image.new("RGB", (400, 200), "black")
    wide.save(tmp_path / "T1.png")
    crop = load_deck(tmp_path).card_image(C("T1"), 200).convert("RGB")
    pad = load_deck(tmp_path, fit="pad").card_image(C("T1"), 200).convert("RGB")
    top = (crop.width // 2, 20)
    assert crop.getpixel(top) == (0, 0, 0)           # cropped: black fills the card
    assert pad.getpixel(top) != (0, 0, 0)            # padded: paper band above the picture


def test_big_jpeg_loads_at_reduced_scale_with_the_right_shape(tmp_path):
    img = Image.new("RGB", (1400, 2400), "green")
    img.paste((255, 255, 255), (0, 0, 1400, 1200))   # top half white
    img.save(tmp_path / "T2.jpg", quality=85)
    deck = load_deck(tmp_path)
    face = deck.card_image(C("T2"), 300).convert("RGB")
    assert face.getpixel((face.width // 2, 60))[1] > 240            # white top
    assert face.getpixel((face.width // 2, face.height - 60)) [0] < 40  # green bottom


def test_exif_rotation_is_applied(tmp_path):
    img = Image.new("RGB", (300, 180), "white")
    img.paste((0, 0, 0), (0, 0, 150, 180))            # left half black
    exif = Image.Exif()
    exif[0x0112] = 6                                   # "rotate 90 clockwise to view"
    img.save(tmp_path / "T3.jpg", exif=exif)
    face = load_deck(tmp_path).card_image(C("T3"), 300).convert("RGB")
    # Upright, the black half is on top.
    assert face.getpixel((face.width // 2, 40))[0] < 60
    assert face.getpixel((face.width // 2, face.height - 40))[0] > 200


def test_gif_is_accepted(folder):
    Image.new("P", (60, 100), 3).save(folder / "2C.gif")
    assert load_deck(folder).has_own(C("2C"))


# ---- loading: refused files ------------------------------------------------------------------

def test_malformed_png(folder):
    (folder / "T5.png").write_bytes(b"\x89PNG\r\n\x1a\n" + os.urandom(300))
    deck = load_deck(folder)
    assert "damaged or truncated" in problem_for(deck, "T5.png")
    assert not deck.has_own(C("T5")) and len(deck.own_cards) == 3


@pytest.mark.parametrize("maker, name", [(png_bytes, "T6.png"), (jpeg_bytes, "T6.jpg")])
def test_truncated_file(folder, maker, name):
    data = maker(size=(200, 320), colour="purple")
    (folder / name).write_bytes(data[: len(data) // 2])
    deck = load_deck(folder)
    assert "truncated" in problem_for(deck, name)
    assert C("T6") in deck.missing and len(deck.own_cards) == 3


def test_decompression_bomb_header(folder):
    before = Image.MAX_IMAGE_PIXELS
    (folder / "T7.png").write_bytes(png_claiming(100_000, 100_000))
    deck = load_deck(folder)
    msg = problem_for(deck, "T7.png")
    assert "100000x100000" in msg and "decompression-bomb" in msg
    assert Image.MAX_IMAGE_PIXELS == before              # the process-wide guard is untouched
    assert len(deck.own_cards) == 3


def test_bomb_between_our_limit_and_pillows(folder):
    # 8000 x 6000 = 48 MP: under Pillow's own guard (about 89 MP), over our 40 MP per-load limit.
    (folder / "T7.png").write_bytes(png_claiming(8000, 6000))
    assert "40 MP limit" in problem_for(load_deck(folder), "T7.png")


def test_pixel_and_byte_limits_are_per_load(folder):
    deck = load_deck(folder, limits=Limits(max_pixels=10_000))
    assert "120x200 pixels (0.024 MP), over the 0.01 MP limit" in problem_for(deck, "t19_the_sun.jpg")
    assert len(deck.problems) == 1 and len(deck.own_cards) == 2
    size = (folder / "t19_the_sun.jpg").stat().st_size
    deck = load_deck(folder, limits=Limits(max_bytes=size - 1))
    assert f"over the {size - 1:,} bytes limit" in problem_for(deck, "t19_the_sun.jpg")
    assert len(deck.own_cards) == 2
    with pytest.raises(OptionError, match="max_bytes must be a whole number"):
        Limits(max_bytes=0)


def test_text_renamed_png(folder):
    (folder / "T9.png").write_text("these are my notes about the Hermit\n")
    assert "a text file, not PNG, JPEG, WebP or GIF" in problem_for(load_deck(folder), "T9.png")


def test_other_formats_by_content_and_by_name(folder):
    buf = io.BytesIO()
    Image.new("RGB", (60, 100)).save(buf, "BMP")
    (folder / "T10.png").write_bytes(buf.getvalue())   # a BMP dressed as PNG
    (folder / "T11.tiff").write_bytes(b"II*\x00junk")
    (folder / "README.txt").write_text("not a card, ignored")
    deck = load_deck(folder)
    assert "a BMP image" in problem_for(deck, "T10.png")
    assert "TIFF files are not accepted" in problem_for(deck, "T11.tiff")
    assert not any("README" in p for p in deck.problems)


def test_tiny_and_empty_files(folder):
    (folder / "T12.png").write_bytes(png_bytes(size=(5, 8)))
    (folder / "T13.png").write_bytes(b"")
    deck = load_deck(folder)
    assert "only 5x8 pixels" in problem_for(deck, "T12.png")
    assert "an empty file" in problem_for(deck, "T13.png")


@pytest.mark.parametrize("path, words", [
    ("../outside.png", "'..' leads outside"),
    ("scans/../../outside.png", "'..' leads outside"),
    ("/etc/passwd", "absolute paths are not allowed"),
    ("C:\\Windows\\x.png", "absolute paths are not allowed"),
    ("~/x.png", "absolute paths are not allowed"),
    (42, "non-empty text"),
])
def test_manifest_paths_outside_the_folder(folder, path, words):
    (folder.parent / "outside.png").write_bytes(png_bytes())
    (folder / "deck.json").write_text(json.dumps({"cards": {"T20": path}}))
    deck = load_deck(folder)
    msg = problem_for(deck, "deck.json 'T20'")
    assert words in msg
    assert not deck.has_own(C("T20")) and len(deck.own_cards) == 3


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symlinks")
def test_symlinks_leading_out_are_refused(folder):
    outside = folder.parent / "secret.png"
    outside.write_bytes(png_bytes())
    (folder / "T14.png").symlink_to(outside)
    (folder / "link").symlink_to(outside)
    (folder / "deck.json").write_text(json.dumps({"cards": {"T15": "link"}}))
    inner = folder / "T16.png"
    inner.symlink_to(folder / "AW.png")                 # a link that stays inside is fine
    deck = load_deck(folder)
    assert "outside the deck folder" in problem_for(deck, "T14.png")
    assert "outside the deck folder" in problem_for(deck, "link")
    assert deck.has_own(C("T16")) and not deck.has_own(C("T14")) and not deck.has_own(C("T15"))


def test_manifest_mistakes_are_listed_not_fatal(folder):
    (folder / "deck.json").write_text('{"name": "Mine", "cards": {"T19": "AW.png",}}')
    deck = load_deck(folder)
    assert "not valid JSON (line 1" in problem_for(deck, "deck.json")
    assert deck.name == "deck" and len(deck.own_cards) == 3
    (folder / "deck.json").write_text(json.dumps(
        {"name": "Mine", "colour": "red", "cards": {"wizard": "AW.png", "T2": "nope.png"}}))
    deck = load_deck(folder)
    assert deck.name == "Mine"
    assert any("unknown key 'colour'" in p for p in deck.problems)
    assert any("'wizard': names no tarot card" in p for p in deck.problems)
    assert "no such file" in problem_for(deck, "nope.png")


def test_duplicates_and_unknown_names(folder):
    (folder / "the sun.png").write_bytes(png_bytes())
    (folder / "holiday.png").write_bytes(png_bytes())
    (folder / "19.png").write_bytes(png_bytes())
    deck = load_deck(folder)
    assert "T19 (The Sun (XIX)) already comes from 't19_the_sun.jpg'" in problem_for(deck, "the sun.png")
    assert "not a card's" in problem_for(deck, "holiday.png")
    assert "bare number is ambiguous" in problem_for(deck, "19.png")


def test_folder_errors_are_one_line(tmp_path):
    with pytest.raises(DeckError, match="does not exist: pass the folder") as err:
        load_deck(tmp_path / "nope")
    assert "\n" not in str(err.value)
    (tmp_path / "file.png").write_bytes(png_bytes())
    with pytest.raises(DeckError, match="is a file, not a folder"):
        load_deck(tmp_path / "file.png")
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(DeckError, match="no usable card image .* name the scans like T19.jpg"):
        load_deck(empty)
    (empty / "T1.png").write_text("text")
    with pytest.raises(DeckError, match=r"1 file\(s\) refused\); first problem: T1.png") as err:
        load_deck(empty)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("kwargs, error, words", [
    ({"pack": "poker"}, OptionError, "pack must be 'tarot' or 'standard'"),
    ({"fit": "stretch"}, OptionError, "fit must be 'crop' or 'pad'"),
    ({"working_height": 5}, OptionError, "working_height must be from 20"),
    ({"limits": {"max_bytes": 3}}, OptionError, "limits must be a tarot_learn.decks.Limits"),
    ({"manifest": 3}, OptionError, "manifest must be a path or a dict"),
    ({"manifest": "missing.json"}, DeckError, "is not a file"),
])
def test_wrong_options(folder, kwargs, error, words):
    with pytest.raises(error, match=words):
        load_deck(folder, **kwargs)


# ---- the Deck --------------------------------------------------------------------------------

def test_default_deck_is_the_renderer():
    deck = default_deck()
    assert deck.is_default and deck.missing == [] and deck.id == "default"
    assert deck.card_image(C("NC"), 150).tobytes() == default_card_image(C("NC"), 150).tobytes()
    assert deck.card_png(C("NC"), 60)[:4] == b"\x89PNG"
    with pytest.raises(OptionError, match="style must be one of"):
        deck.card_image(C("NC"), 100, "glow")
    with pytest.raises(CardError, match="expected a tarot_learn Card"):
        deck.card_image("NC")


def test_png_sprite_contact_sheet_summary(folder):
    deck = load_deck(folder)
    png = deck.card_png(C("AW"), 100, "highlight")
    assert Image.open(io.BytesIO(png)).size == (58, 100)
    assert deck.back_png(100)[:4] == b"\x89PNG"
    sheet, where = deck.sprite_sheet(parse_cards("AW T19 AW 2C"), 50)
    assert sorted(where) == ["2C", "AW", "T19", "back"] and sheet.size == (4 * 29, 50)
    cell = sheet.crop((0, 0, 29, 50)).convert("RGB").getpixel((14, 25))
    assert cell == deck.card_image(C("AW"), 50).convert("RGB").getpixel((14, 25))
    contact = deck.contact_sheet(60)
    assert contact.width > 14 * 35 and contact.height > 7 * 60
    text = deck.summary()
    assert "3 of 78 cards from your scans" in text and "default art for 75" in text
    assert "3 own cards" in repr(deck)


def test_deck_id_changes_with_the_files(folder):
    a = load_deck(folder).id
    assert load_deck(folder).id == a
    (folder / "2W.png").write_bytes(png_bytes())
    assert load_deck(folder).id != a


def test_as_deck(folder):
    assert as_deck(None) is default_deck()
    assert as_deck(str(folder)).own_cards == load_deck(folder).own_cards
    deck = load_deck(folder)
    assert as_deck(deck) is deck
    with pytest.raises(OptionError, match="deck must be a Deck, a folder path or None"):
        as_deck(42)
    with pytest.raises(OptionError, match="unknown pack 'poker'"):
        Deck("mine", "poker")
    with pytest.raises(OptionError, match="columns must be a whole number"):
        deck.sprite_sheet(deck.own_cards, 40, columns=0)


def test_every_deck_error_is_one_of_the_family(folder):
    from tarot_learn.decks.validate import ImageProblem, inside
    from tarot_learn.errors import TarotLearnError

    assert issubclass(ImageProblem, DeckError) and issubclass(DeckError, TarotLearnError)
    with pytest.raises(DeckError, match="leads outside the deck folder"):
        inside(folder.resolve(), folder.resolve() / ".." / "x.png")
    with pytest.raises(OptionError, match="choose 'tarot' or 'standard'"):
        card_for_name("T19", pack="poker")


def test_own_scans_are_framed_by_the_renderers_public_frame(folder):
    from tarot_learn.render.images import body_size, card_size, frame_body

    deck = load_deck(folder)
    card = deck.own_cards[0]
    bw, bh, m = body_size(200)
    assert (bw + 2 * m, bh + 2 * m) == card_size(200)
    for style in ("normal", "highlight", "dim"):
        framed = deck.card_image(card, 200, style)
        assert framed.size == card_size(200)
        # the same framing of the same body gives the same picture
        body = framed.crop((m, m, m + bw, m + bh))
        assert framed.getpixel((bw // 2 + m, bh // 2 + m)) == body.getpixel((bw // 2, bh // 2))
    assert frame_body(deck.card_image(card, 200).crop((m, m, m + bw, m + bh)), 200).size == card_size(200)
