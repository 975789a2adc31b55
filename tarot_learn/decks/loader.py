"""``load_deck(folder)``: a folder of the user's card scans -> a :class:`~.deck.Deck`.

Where the pictures come from, in order of priority:

1. the manifest (``deck.json`` in the folder, or ``manifest=`` a path or a dict)::

       {"name": "My Rider-Waite",
        "cards": {"T19": "scans/sun.jpg", "knight of cups": "img_0412.jpg"},
        "back": "back.jpg"}

   every key is optional; a card key may be written any way a file name may (see
   :mod:`tarot_learn.decks.names`); paths are relative to the folder and must stay inside it
   (no ``..``, no absolute path, no symlink leading out).  The manifest itself must be a
   regular file of at most 1 MB (a symlink, FIFO or device is refused without being opened);
2. the image files directly in the folder (not in subfolders), named after their card:
   ``T19.jpg``, ``t19_the_sun.png``, ``NC.png``, ``knight_of_cups.jpg``, ``10-cups.webp``,
   ``back.png`` ... (the full list is in :mod:`tarot_learn.decks.names`).  Files ending in
   ``.png .jpg .jpeg .jpe .webp .gif`` are considered; other files (``deck.json``, notes, hidden
   files) are ignored unless their name is a card's, in which case the format is reported.

Each file is then checked (:mod:`tarot_learn.decks.validate`): only regular files inside the
folder are read, sizes are checked before reading, and image headers before decoding.  A refused
file adds one line to ``deck.problems`` naming it and the fix, and the other cards load anyway;
a folder of thousands of files is listed without opening any file that names no card.  Cards
left without a picture use the default art and are listed in ``deck.missing``.  A folder that
does not exist, or yields no usable card, raises a one-line
:class:`~tarot_learn.errors.DeckError` saying what to fix (a wrong option, an
:class:`~tarot_learn.errors.OptionError`).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Any, Mapping

try:
    from PIL import Image
except ImportError:   # the browser's Python: scans are checked from their headers (decks.headers)
    Image = None  # type: ignore[assignment]

from ..cards import STANDARD, TAROT, Card
from ..errors import DeckError, OptionError, TarotLearnError
from ..render.images import check_height
from .deck import FITS, WORKING_HEIGHT, Deck, fit_body
from .names import BACK, card_for_name
from .validate import ImageProblem, Limits, inside, open_image, read_regular, shown_name

__all__ = ["load_deck", "IMAGE_EXTENSIONS", "MANIFEST"]

IMAGE_EXTENSIONS = (".png", ".jpg", ".jpeg", ".jpe", ".webp", ".gif")
_OTHER_PICTURES = (".bmp", ".tif", ".tiff", ".heic", ".heif", ".avif", ".svg", ".pdf", ".psd",
                   ".jxl", ".ico")
MANIFEST = "deck.json"
_MANIFEST_KEYS = ("name", "cards", "back")
_MAX_MANIFEST_BYTES = 1024 * 1024
_MAX_FILES = 20_000        # folder entries looked at; a deck needs 79


def _manifest_path_problem(text: object) -> str | None:
    """Why a manifest path is refused before touching the disk, or None."""
    if not isinstance(text, str) or not text.strip():
        return "the path must be a non-empty text such as \"scans/sun.jpg\""
    if "\0" in text:
        return "the path contains a NUL character"
    if not text.isprintable():
        return "the path has unprintable characters: rename the file with plain letters"
    if (PurePosixPath(text).is_absolute() or PureWindowsPath(text).is_absolute()
            or PureWindowsPath(text).drive or text.startswith(("/", "\\", "~"))):
        return "absolute paths are not allowed: give a path relative to the deck folder"
    parts = text.replace("\\", "/").split("/")
    if ".." in parts:
        return "'..' leads outside the deck folder: keep every scan inside the folder"
    return None


def _read_manifest(root: Path, manifest: str | os.PathLike | Mapping[str, Any] | None,
                   problems: list[str]) -> dict[str, Any]:
    if manifest is None:
        path = root / MANIFEST
        if not os.path.lexists(path):
            return {}
    elif isinstance(manifest, Mapping):
        return dict(manifest)
    elif isinstance(manifest, (str, os.PathLike)):
        path = Path(manifest)
        if not path.is_absolute():
            path = root / path
        if not path.is_file():
            raise DeckError(f"manifest {str(manifest)!r} is not a file: pass the path of a deck.json "
                            "or a dict")
    else:
        raise OptionError(f"manifest must be a path or a dict, not {type(manifest).__name__}")
    label = shown_name(path.name)
    try:
        raw = read_regular(path, _MAX_MANIFEST_BYTES, "a manifest is a short JSON file")
        data = json.loads(raw.decode("utf-8"))
    except ImageProblem as err:
        problems.append(f"{label}: ignored, {err}")
        return {}
    except UnicodeDecodeError:
        problems.append(f"{label}: not UTF-8 text, ignored: save it as UTF-8 JSON")
        return {}
    except json.JSONDecodeError as err:
        problems.append(f"{label}: not valid JSON (line {err.lineno} column {err.colno}: "
                        f"{err.msg}), ignored: fix it or delete it")
        return {}
    except RecursionError:
        problems.append(f"{label}: nests lists or objects too deeply, ignored: a manifest is "
                        "{\"name\": ..., \"cards\": {...}, \"back\": ...}")
        return {}
    if not isinstance(data, dict):
        problems.append(f"{label}: must hold a JSON object like {{\"name\": ..., \"cards\": "
                        "{...}}, ignored")
        return {}
    data["_label"] = label
    return data


def load_deck(folder: str | os.PathLike, *, manifest: str | os.PathLike | Mapping[str, Any] | None = None,
              pack: str = TAROT, name: str | None = None, fit: str = "crop",
              working_height: int = WORKING_HEIGHT, limits: Limits | None = None) -> Deck:
    """Load the user's card scans from ``folder`` (see the module docstring for file names and
    the manifest).

    ``pack`` is ``'tarot'`` (78 cards) or ``'standard'`` (52).  ``fit`` says how a scan whose
    shape differs from the card's is made to fit: ``'crop'`` (fill the card, trimming the
    excess round the centre) or ``'pad'`` (show all of it, with card-paper bands).  Scans are
    kept at ``working_height`` pixels (card height) and every other size is made from that.
    ``limits`` (:class:`~tarot_learn.decks.validate.Limits`) caps file bytes and pixels.

    The steps, each its own function: check the arguments, find the folder, read the manifest,
    take the manifest's entries, then the folder's files, then decode and check every image,
    and assemble the deck.

    >>> load_deck("/no/such/folder")
    Traceback (most recent call last):
    ...
    tarot_learn.errors.DeckError: deck folder '/no/such/folder' does not exist: pass the folder that holds \
your card scans
    """
    limits = _check_arguments(pack, fit, working_height, limits)
    root = _deck_folder(folder)
    problems: list[str] = []
    data = _read_manifest(root, manifest, problems)
    label = data.pop("_label", "manifest")
    deck_name = _manifest_name(data, label, name, problems)
    plan = _Plan()
    _take_manifest_entries(plan, root, data, label, pack, problems)
    _take_folder_files(plan, root, pack, problems)
    images = _decode_images(plan, root, limits, working_height, fit, problems)
    faces, files, back, back_file, fingerprint = _assemble(images, root, pack, fit, working_height)
    if not faces:
        hint = (f"; first problem: {problems[0]}" if problems else
                ": name the scans like T19.jpg, t19_the_sun.png or knight_of_cups.jpg "
                "(help(tarot_learn.decks) lists every accepted name)")
        raise DeckError(f"no usable card image in '{folder}' ({len(problems)} file(s) refused)"
                        f"{hint}")
    return Deck(deck_name or root.name, pack, faces=faces, back=back, files=files,
                back_file=back_file, problems=problems, folder=root,
                working_height=working_height, fingerprint=fingerprint)


@dataclass
class _Plan:
    """Which file each card (or the back) comes from, in priority order, before decoding."""

    chosen: dict[Card | str, str] = field(default_factory=dict)   # target -> path in the folder
    claimed: set[Path] = field(default_factory=set)               # files the manifest names
    from_manifest: set[Card | str] = field(default_factory=set)


def _check_arguments(pack: object, fit: object, working_height: object, limits: object) -> Limits:
    """The options, each checked with a one-line OptionError; returns the limits to apply."""
    if pack not in (TAROT, STANDARD):
        raise OptionError(f"pack must be 'tarot' or 'standard', not {pack!r}")
    if fit not in FITS:
        raise OptionError(f"fit must be 'crop' or 'pad', not {fit!r}")
    check_height(working_height, "working_height")
    limits = limits if limits is not None else Limits()
    if not isinstance(limits, Limits):
        raise OptionError("limits must be a tarot_learn.decks.Limits(max_bytes=..., max_pixels=...)")
    return limits


def _deck_folder(folder: object) -> Path:
    """The deck folder, resolved; a DeckError when it is missing or is a file."""
    if not isinstance(folder, (str, os.PathLike)):
        raise OptionError(f"folder must be a path, not {type(folder).__name__}")
    given = Path(folder).expanduser()
    if not given.exists():
        raise DeckError(f"deck folder '{folder}' does not exist: pass the folder that holds your "
                        "card scans")
    if not given.is_dir():
        raise DeckError(f"'{folder}' is a file, not a folder: pass the folder that holds your card "
                        "scans")
    return given.resolve()


def _manifest_name(data: Mapping[str, Any], label: str, name: str | None, problems: list[str]) -> str | None:
    """The deck's name (``name=`` first, then the manifest's); unknown manifest keys reported."""
    for key in data:
        if key not in _MANIFEST_KEYS:
            problems.append(f"{label}: unknown key {key!r} ignored (allowed: name, cards, back)")
    deck_name = name if name is not None else data.get("name")
    if deck_name is not None and not isinstance(deck_name, str):
        problems.append(f"{label}: \"name\" must be text, ignored")
        return None
    return deck_name


def _take_manifest_entries(plan: _Plan, root: Path, data: Mapping[str, Any], label: str, pack: str,
                           problems: list[str]) -> None:
    """The manifest's ``cards`` and ``back``: each key must name a card, each path must stay in
    the folder, and a card given twice keeps its first file."""
    cards = data.get("cards", {})
    if not isinstance(cards, dict):
        problems.append(f"{label}: \"cards\" must map cards to files, like {{\"T19\": "
                        "\"sun.jpg\"}, ignored")
        cards = {}
    entries: list[tuple[object, object]] = list(cards.items())
    if "back" in data:
        entries.append((BACK, data["back"]))
    for key, rel in entries:
        where = f"{label} {key!r}" if key != BACK else f"{label} \"back\""
        target = _manifest_target(key, pack, where, problems)
        if target is None:
            continue
        why = _manifest_path_problem(rel)
        if why:
            problems.append(f"{where} -> {rel!r}: {why}")
            continue
        if target in plan.chosen:
            problems.append(f"{where}: {_what(target)} is already given as {plan.chosen[target]!r}; "
                            "ignored")
            continue
        plan.chosen[target] = str(rel)
        try:
            plan.claimed.add(inside(root, root / str(rel)))
        except ImageProblem:
            pass  # reported when the file is opened
    plan.from_manifest = set(plan.chosen)


def _manifest_target(key: object, pack: str, where: str, problems: list[str]) -> Card | str | None:
    """The card (or the back) a manifest key names, or None after reporting why not."""
    if key == BACK:
        return BACK
    try:
        target = card_for_name(str(key), pack)
    except TarotLearnError as err:
        problems.append(f"{where}: {err}")
        return None
    if target is None or target == BACK:
        problems.append(f"{where}: names no {pack} card: write e.g. \"T19\" or "
                        "\"knight of cups\"")
        return None
    return target


def _take_folder_files(plan: _Plan, root: Path, pack: str, problems: list[str]) -> None:
    """The image files directly in the folder, named after their card; the manifest wins."""
    for entry in _folder_files(root, problems):
        try:
            if plan.claimed and (root / entry).resolve() in plan.claimed:
                continue
        except (OSError, RuntimeError):
            pass
        target = _file_target(entry, pack, problems)
        if target is None:
            continue
        if target in plan.chosen:
            source = "the manifest" if target in plan.from_manifest else repr(plan.chosen[target])
            problems.append(f"{shown_name(entry)}: {_what(target)} already comes from {source}; ignored")
            continue
        plan.chosen[target] = entry


def _file_target(entry: str, pack: str, problems: list[str]) -> Card | str | None:
    """The card (or the back) a file in the folder stands for, or None (ignored or reported)."""
    stem, ext = os.path.splitext(entry)
    ext = ext.lower()
    if ext not in IMAGE_EXTENSIONS and ext not in _OTHER_PICTURES:
        return None
    shown = shown_name(entry)
    if shown != entry:
        problems.append(f"{shown}: the file name has bytes that are not UTF-8 text or unprintable "
                        "characters: rename it like T19.jpg")
        return None
    try:
        target = card_for_name(stem, pack)
    except TarotLearnError as err:
        problems.append(f"{entry}: {err}")
        return None
    if target is None:
        if ext in IMAGE_EXTENSIONS:
            problems.append(f"{entry}: {_unknown_name(stem, pack)}")
        return None
    if ext in _OTHER_PICTURES:
        problems.append(f"{entry}: {ext[1:].upper()} files are not accepted: save the scan as "
                        "PNG, JPEG, WebP or GIF")
        return None
    return target


def _decode_images(plan: _Plan, root: Path, limits: Limits, working_height: int, fit: str,
                   problems: list[str]) -> list[tuple[Card | str, str, Image.Image]]:
    """Open, check and fit every chosen file (:func:`~.validate.open_image`); a refused file is
    reported and left out."""
    def work(item: tuple[Card | str, str]) -> tuple[Card | str, str, Image.Image | str]:
        target, rel = item
        try:
            img = open_image(root / rel, root, limits, target_height=working_height)
            return target, rel, fit_body(img, working_height, fit)
        except ImageProblem as err:
            return target, rel, str(err)

    out = []
    items = list(plan.chosen.items())
    if Image is None or sys.platform == "emscripten":   # the browser's Python has no threads
        results = list(map(work, items))
    else:
        # Decode in a few threads: Pillow releases the GIL while decoding.
        with ThreadPoolExecutor(max_workers=min(4, os.cpu_count() or 1)) as pool:
            results = list(pool.map(work, items))
    for target, rel, result in results:
        if isinstance(result, str):
            problems.append(f"{shown_name(rel)}: {result}")
        else:
            out.append((target, rel, result))
    return out


def _assemble(images: list[tuple[Card | str, str, Image.Image]], root: Path, pack: str, fit: str,
              working_height: int) -> tuple[dict[Card, Image.Image], dict[Card, str],
                                            Image.Image | None, str | None, str]:
    """Faces, their files, the back and its file, and a fingerprint of what was loaded (file
    sizes and times, so an edited scan gives a new deck id)."""
    faces: dict[Card, Image.Image] = {}
    files: dict[Card, str] = {}
    back = back_file = None
    digest = hashlib.sha1(f"{pack}|{fit}|{working_height}".encode())
    for target, rel, img in images:
        try:
            st = (root / rel).stat()
            digest.update(f"|{target}={rel}:{st.st_size}:{st.st_mtime_ns}".encode())
        except OSError:
            digest.update(f"|{target}={rel}".encode())
        if target == BACK:
            back, back_file = img, rel
        else:
            assert isinstance(target, Card)
            faces[target], files[target] = img, rel
    return faces, files, back, back_file, digest.hexdigest()


def _what(target: Card | str) -> str:
    return "the back" if target == BACK else f"{target} ({target.name})"  # type: ignore[union-attr]


def _unknown_name(stem: str, pack: str) -> str:
    other = STANDARD if pack == TAROT else TAROT
    try:
        card = card_for_name(stem, other)
    except TarotLearnError:
        card = None
    if isinstance(card, Card):
        return (f"names the {other} card {card.name}, but the deck is loaded with pack={pack!r}: "
                f"use pack={other!r} or rename it")
    return ("the name is not a card's: rename it like T19.jpg, the_sun.png, knight_of_cups.jpg "
            "or 10-cups.png (help(tarot_learn.decks) lists every accepted name)")


def _folder_files(root: Path, problems: list[str]) -> list[str]:
    """Names of the non-hidden files directly in ``root``, sorted; symlinks included (they are
    checked when opened)."""
    out = []
    try:
        with os.scandir(root) as it:
            for i, entry in enumerate(it):
                if i >= _MAX_FILES:
                    problems.append(f"more than {_MAX_FILES:,} entries in the folder: only "
                                    f"{_MAX_FILES:,} were looked at: keep the card scans in a "
                                    "folder of their own")
                    break
                if entry.name.startswith("."):
                    continue
                try:
                    if entry.is_dir():
                        continue
                except OSError:
                    continue
                out.append(entry.name)
    except OSError as err:
        raise DeckError(f"cannot list the deck folder '{root}' ({err.strerror or err}): check its "
                        "permissions") from None
    return sorted(out, key=lambda s: (s.lower(), s))
