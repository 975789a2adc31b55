"""A deck folder made by someone hostile: links out of the folder and to devices, a FIFO, a
sparse gigabyte, a decompression bomb header, truncated and mislabelled images, names that are
not UTF-8, and ten thousand files.  Each refused file gives one line naming it and the fix, the
whole folder loads in under 2 s, nothing outside the folder is opened, and the good scans load."""

from __future__ import annotations

import builtins
import io
import json
import os
import struct
import time
import zlib
from pathlib import Path

import pytest
from PIL import Image

from tarot_learn.cards import Card
from tarot_learn.decks import load_deck

C = Card.parse
pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo") or not hasattr(os, "symlink"),
                                reason="needs FIFOs and symlinks (POSIX)")


def png_bytes(size=(60, 100), colour="teal") -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", size, colour).save(buf, "PNG")
    return buf.getvalue()


def jpeg_bytes(size=(120, 200), colour="navy") -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", size, colour).save(buf, "JPEG", quality=90)
    return buf.getvalue()


def png_claiming(width: int, height: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
            + chunk(b"IDAT", zlib.compress(b"\x00" * 1024)) + chunk(b"IEND", b""))


class OpenRecorder:
    """Every path handed to ``open``/``io.open``/``os.open`` while it is installed."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.paths: list[str] = []
        real_open, real_os_open = builtins.open, os.open

        def rec_open(file, *a, **k):
            self._note(file)
            return real_open(file, *a, **k)

        def rec_os_open(path, *a, **k):
            self._note(path)
            return real_os_open(path, *a, **k)

        monkeypatch.setattr(builtins, "open", rec_open)
        monkeypatch.setattr(io, "open", rec_open)
        monkeypatch.setattr(os, "open", rec_os_open)

    def _note(self, file) -> None:
        if isinstance(file, (str, bytes, os.PathLike)):
            self.paths.append(os.path.realpath(os.fsdecode(file)))


@pytest.fixture
def hostile(tmp_path: Path) -> dict:
    outside = tmp_path / "outside"
    outside.mkdir()
    secret = outside / "secret.png"
    secret.write_bytes(png_bytes(colour="black"))
    (outside / "deck.json").write_text(json.dumps({"name": "Hijacked", "cards": {"T20": "AW.png"}}))
    d = tmp_path / "deck"
    d.mkdir()
    (d / "AW.png").write_bytes(png_bytes(colour="red"))                # three good scans
    (d / "t19_the_sun.jpg").write_bytes(jpeg_bytes(colour="yellow"))
    (d / "King of Cups.png").write_bytes(png_bytes(colour="blue"))
    (d / "inside.json").write_text(json.dumps({"name": "Linked", "cards": {"T21": "AW.png"}}))
    (d / "deck.json").symlink_to(d / "inside.json")                   # even a link inside: refused
    (d / "T1.png").symlink_to("/dev/zero")
    os.mkfifo(d / "T2.png")
    with open(d / "T3.png", "wb") as fh:                               # 1 GB, sparse: no real disk
        fh.truncate(1 << 30)
    (d / "T4.png").write_bytes(png_claiming(50_000, 50_000))
    (d / "T5.png").write_bytes(png_bytes(size=(200, 320))[:300])       # truncated
    (d / "T6.png").write_bytes(jpeg_bytes())                           # a JPEG named .png
    (d / "T8.png").symlink_to(secret)                                  # a link out of the folder
    expected = {"deck.json": "symbolic link", "T1.png": "outside the deck folder",
                "T2.png": "FIFO", "T3.png": "over the 30 MB limit", "T4.png": "50000x50000",
                "T5.png": "truncated", "T6.png": "rename it to T6.jpg", "T8.png": "outside the deck folder"}
    try:
        with open(os.path.join(os.fsencode(d), b"T7\xff.png"), "wb") as fh:
            fh.write(png_bytes())
        expected["T7\\xff.png"] = "not UTF-8"
    except OSError:        # a filesystem that only takes UTF-8 names
        pass
    for i in range(10_000):
        (d / f"junk_{i:05d}.png").write_bytes(b"x")
    return {"folder": d, "outside": outside, "expected": expected,
            "never": [d / "T2.png", d / "T3.png", secret, outside / "deck.json", Path("/dev/zero")]}


def test_a_hostile_folder_gives_one_line_per_refused_file_and_loads_the_good_scans(hostile, monkeypatch):
    folder = hostile["folder"]
    opened = OpenRecorder(monkeypatch)
    start = time.perf_counter()
    deck = load_deck(folder)
    took = time.perf_counter() - start
    monkeypatch.undo()
    assert took < 2.0, took
    problems = deck.problems
    assert all("\n" not in p for p in problems)
    for name, words in hostile["expected"].items():
        lines = [p for p in problems if p.startswith(name + ":")]
        assert len(lines) == 1, (name, lines)
        assert words in lines[0], lines[0]
        assert ": " in lines[0] and len(lines[0]) < 300
    junk = [p for p in problems if p.startswith("junk_")]
    assert len(junk) == 10_000 and all("rename it" in p for p in junk)
    assert len(problems) == len(hostile["expected"]) + 10_000
    # the good scans load; the linked manifest was not obeyed
    assert deck.has_own(C("AW")) and deck.has_own(C("T19")) and deck.has_own(C("KC"))
    assert len(deck.own_cards) == 3 and deck.name == "deck"
    # nothing outside the folder, and no FIFO, device or oversized file, was opened
    root = os.path.realpath(folder)
    assert opened.paths, "the recorder saw the scans being read"
    assert all(p == root or p.startswith(root + os.sep) for p in opened.paths), opened.paths
    never = {os.path.realpath(p) for p in hostile["never"]}
    assert not never & set(opened.paths)
    assert os.path.realpath(folder / "inside.json") not in opened.paths


def test_a_manifest_linked_out_of_the_folder_is_refused_without_being_read(hostile, monkeypatch):
    folder = hostile["folder"]
    (folder / "deck.json").unlink()
    (folder / "deck.json").symlink_to(hostile["outside"] / "deck.json")
    os.chmod(hostile["outside"] / "deck.json", 0)          # unreadable: touching it would fail
    opened = OpenRecorder(monkeypatch)
    deck = load_deck(folder)
    monkeypatch.undo()
    line = [p for p in deck.problems if p.startswith("deck.json:")]
    assert len(line) == 1 and "symbolic link" in line[0] and "put the file itself" in line[0]
    assert deck.name == "deck" and not deck.has_own(C("T20"))
    assert os.path.realpath(hostile["outside"] / "deck.json") not in opened.paths


@pytest.mark.parametrize("make, words", [
    (lambda p: os.mkfifo(p), "FIFO"),
    (lambda p: p.write_text("[" * 200_000 + "]" * 200_000), "nests lists or objects too deeply"),
    (lambda p: p.write_bytes(b"{" + b" " * (2 << 20) + b"}"), "over the 1 MB limit"),
    (lambda p: p.mkdir(), "a folder, not a regular file"),
])
def test_a_manifest_that_is_no_manifest_is_one_line(tmp_path, make, words):
    d = tmp_path / "deck"
    d.mkdir()
    (d / "AW.png").write_bytes(png_bytes())
    make(d / "deck.json")
    deck = load_deck(d)
    line = [p for p in deck.problems if p.startswith("deck.json:")]
    assert len(line) == 1 and words in line[0] and "\n" not in line[0]
    assert deck.has_own(C("AW"))


def test_manifest_paths_with_unprintable_characters_are_refused(tmp_path):
    d = tmp_path / "deck"
    d.mkdir()
    (d / "AW.png").write_bytes(png_bytes())
    (d / "deck.json").write_text('{"cards": {"T1": "a\\ud800.png", "T2": "b\\nc.png"}}')
    deck = load_deck(d)
    assert sum("unprintable characters" in p for p in deck.problems) == 2
    assert all("\n" not in p for p in deck.problems)


def test_pillows_guard_is_on_during_a_load_and_put_back_after(tmp_path):
    d = tmp_path / "deck"
    d.mkdir()
    (d / "AW.png").write_bytes(png_bytes())
    # A GIF whose header claims 9000 x 9000 = 81 MP: under Pillow's default guard (about
    # 89 MP), so only the load's 40 MP limit, which Pillow's guard takes on while it reads the
    # header, refuses it before any pixel is decoded.
    buf = io.BytesIO()
    Image.new("P", (60, 100), 3).save(buf, "GIF")
    gif = bytearray(buf.getvalue())
    gif[6:10] = struct.pack("<HH", 9000, 9000)
    (d / "T4.gif").write_bytes(bytes(gif))
    before = Image.MAX_IMAGE_PIXELS
    seen = []
    real_open = Image.open

    def spy(fp, *a, **k):
        seen.append(Image.MAX_IMAGE_PIXELS)
        return real_open(fp, *a, **k)

    Image.open = spy
    try:
        deck = load_deck(d)
    finally:
        Image.open = real_open
    assert Image.MAX_IMAGE_PIXELS == before and 40_000_000 in seen
    line = [p for p in deck.problems if p.startswith("T4.gif")][0]
    assert "9000x9000 pixels (81 MP), over the 40 MP limit" in line
