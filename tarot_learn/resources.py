"""The files that travel with tarot_learn: lessons, rule sheets, published results and images.

A checkout keeps them in its top-level folders (``notebooks/``, ``seeds/``, ``results/``,
``images/``); a built wheel ships a copy of them inside the package (``tarot_learn/_data/<kind>``,
made at build time by ``setup.py``).  :func:`path` gives the shipped copy when it is there, else the
checkout's folder, so a lesson, the rule lookup or the explorer read the same file wherever
tarot_learn runs: a checkout, an installed wheel, a class server or the static site.

Standard library only (lowest floor beside the errors).

>>> path("seeds", "tarot_solitaire.md").name
'tarot_solitaire.md'
>>> path("results", "winrates.json").parent.name
'results'
>>> path("secrets")
Traceback (most recent call last):
...
tarot_learn.errors.OptionError: no resource kind 'secrets': choose notebooks, seeds, results or images
>>> path("seeds", "../pyproject.toml")
Traceback (most recent call last):
...
tarot_learn.errors.OptionError: a resource path stays inside its folder: '../pyproject.toml' climbs out of it
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath, PureWindowsPath

from tarot_learn.errors import OptionError

__all__ = ["KINDS", "path", "root", "shipped"]

KINDS = ("notebooks", "seeds", "results", "images")
_PACKAGE = Path(__file__).resolve().parent
MAX_PART = 200  # characters: a file name, not a payload


def root(kind: str) -> Path:
    """The folder holding one kind of file: the package's shipped copy, else the checkout's.

    >>> root("notebooks").name
    'notebooks'
    """
    if kind not in KINDS:
        raise OptionError(f"no resource kind {str(kind)[:40]!r}: choose {', '.join(KINDS[:-1])} or {KINDS[-1]}")
    packaged = _PACKAGE / "_data" / kind
    return packaged if packaged.is_dir() else _PACKAGE.parent / kind


def shipped() -> bool:
    """True when this copy of tarot_learn carries its own files (an installed wheel), False in a checkout."""
    return (_PACKAGE / "_data").is_dir()


def path(kind: str, *parts: str) -> Path:
    """The file or folder ``parts`` under :func:`root` of ``kind``; it need not exist.

    Each part may hold ``/``-separated names; none may be empty-named, absolute or ``..``.
    """
    base = root(kind)
    names: list[str] = []
    for part in parts:
        names.extend(_names(part))
    target = base.joinpath(*names)
    if names and not target.resolve().is_relative_to(base.resolve()):  # a symbolic link pointing out
        raise OptionError(f"a resource path stays inside its folder: {'/'.join(names)[:80]!r} leads out of it")
    return target


def _names(part: object) -> list[str]:
    if not isinstance(part, str) or not part or len(part) > MAX_PART or "\x00" in part:
        raise OptionError(f"a resource path part is a non-empty file name of at most {MAX_PART} characters")
    if PurePosixPath(part).is_absolute() or PureWindowsPath(part).anchor:
        raise OptionError(f"a resource path is relative to its folder: {part[:80]!r} is absolute")
    names = [n for n in part.replace("\\", "/").split("/") if n not in ("", ".")]
    if ".." in names:
        raise OptionError(f"a resource path stays inside its folder: {part[:80]!r} climbs out of it")
    return names
