"""A private table's invitation code: six letters a student reads aloud and types without doubt.

The letters leave out those read as another letter or a digit (B 8, G 6, I 1 L, O 0 Q D, S 5, Z 2),
so a code said across the room or copied from the board is typed right; case, spaces and dashes
do not matter when it is typed.  17 letters, six of them: 24 million codes, and the lobby counts
wrong tries per browser.

>>> len(new_code()), set(new_code()) <= set(LETTERS)
(6, True)
>>> normal_code(" ka-tm xr ")
'KATMXR'
"""

from __future__ import annotations

import secrets

__all__ = ["LETTERS", "CODE_LENGTH", "new_code", "normal_code"]

LETTERS = "ACEFHJKMNPRTUVWXY"
CODE_LENGTH = 6


def new_code() -> str:
    """A fresh invitation code."""
    return "".join(secrets.choice(LETTERS) for _ in range(CODE_LENGTH))


def normal_code(typed: object) -> str:
    """A typed code as codes are kept: capitals, no spaces or dashes (at most 32 characters read)."""
    text = str(typed)[:32] if isinstance(typed, str) else ""
    return "".join(c for c in text.upper() if c not in " -\t")
