"""Keys a page keeps in the browser (a challenge's page key, a seat's key), and which browser a
request comes from (:func:`browser`).

Who a browser is, is the server-made identity of :mod:`~tarot_learn.classroom.server.identity`,
and the student's name is the roster's (:mod:`.roster`), bound to that identity.  A key here holds a
name where a page, not the server, vouches for it: a key is 32 lowercase hex digits (128 random
bits) held in the browser's storage, drawn by the page (the challenge's page key) or by the server
and handed to the page once (a seat at a shared table).  The class file keeps only the key's SHA-256
beside the name it holds, so reading the file gives no one a key; a name held under one key is
refused to any other until the teacher frees it.

>>> key = new_key()
>>> matches(key, digest(key)), matches(new_key(), digest(key)), matches(key, "")
(True, False, False)
>>> digest("../etc")               # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tarot_learn.errors.OptionError: this page has no key to hold your name (a key is 32 lowercase hex digits): ...
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

from tarot_learn.errors import OptionError

__all__ = ["KEY_LENGTH", "new_key", "check_key", "digest", "matches", "hash_any", "browser"]

KEY_LENGTH = 32
_KEY = re.compile(r"[0-9a-f]{32}")
MAX_PRESENTED = 64          # what a page may present is cut here before it is hashed


def new_key() -> str:
    """A fresh key (the server's, for a page that has none yet)."""
    return secrets.token_hex(KEY_LENGTH // 2)


def check_key(key: object) -> str:
    """``key`` when it has a key's form, else :class:`OptionError` in one line."""
    if not isinstance(key, str) or not _KEY.fullmatch(key):
        raise OptionError(f"this page has no key to hold your name (a key is {KEY_LENGTH} lowercase hex digits): "
                          "reload the page")
    return key


def hash_any(text: str) -> str:
    """The SHA-256 of any text (what a migration keeps of a key stored in clear by an older file)."""
    return hashlib.sha256(text.encode()).hexdigest()


def digest(key: object) -> str:
    """What the class file keeps of a well-formed ``key``."""
    return hash_any(check_key(key))


def matches(presented: object, kept: str) -> bool:
    """Whether the key a page presents is the one whose digest is ``kept`` (never for an empty one)."""
    if not kept or not isinstance(presented, str) or not presented:
        return False
    return hmac.compare_digest(hash_any(presented[:MAX_PRESENTED]), kept)


_IDENTITY = re.compile(r"[0-9a-f]{32}|teacher")


def browser(username: object, address: str) -> str:
    """Who a request comes from, for quotas and rate limits: the server-made identity of its browser
    (32 hex digits, or the teacher) when the class server gives one, else its network address (while
    every student shares the class password's one user, the address is what tells browsers apart).

    >>> browser("0a" * 16, "10.0.0.7"), browser("anonymous", "10.0.0.7"), browser(None, "::1")
    ('id:0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a', 'ip:10.0.0.7', 'ip:::1')
    """
    if isinstance(username, str) and _IDENTITY.fullmatch(username):
        return f"id:{username}"
    return f"ip:{str(address)[:64]}"
