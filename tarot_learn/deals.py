"""Seeded shuffles and shareable deal codes.

The shuffle is written here rather than taken from :mod:`random`, whose ``shuffle`` and seeding are
free to change between Python versions: a deal code written on a classroom board must give every
student, on any machine and any Python, the same layout.  The generator is SplitMix64 (Steele, Lea
and Flood 2014), a 64-bit mixer with a full period, and the shuffle is Fisher-Yates with unbiased
bounded draws (rejection sampling).

>>> Rng(42).below(10), Rng(42).below(10)
(3, 3)
>>> shuffled(list(range(10)), seed=7) == shuffled(list(range(10)), seed=7)
True
>>> code = encode_deal_code("KL", "3", 12345)
>>> code, decode_deal_code(code)
('KL3-C1SJ', ('KL', '3', 12345))
"""

from __future__ import annotations

from .errors import DealCodeError, OptionError

import secrets
from typing import MutableSequence, Sequence, TypeVar

__all__ = [
    "MAX_CODE_LENGTH",
    "Rng",
    "shuffled",
    "random_seed",
    "MAX_SEED",
    "DealCodeError",
    "encode_deal_code",
    "decode_deal_code",
]

T = TypeVar("T")
_MASK = (1 << 64) - 1
MAX_SEED = (1 << 40) - 1  # eight base-32 characters at most: short enough to write on a board
# The longest text taken as a deal code: two letters, an option character per option, a dash,
# eight seed characters and the check, with room for spaces a person may type.
MAX_CODE_LENGTH = 40


class Rng:
    """SplitMix64: a tiny, fast, portable pseudo-random generator (not for cryptography)."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK

    def next_u64(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``0 .. n-1`` (rejection sampling keeps it unbiased)."""
        if n <= 0:
            raise OptionError(f"below() needs n >= 1, not {n!r}")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place, from the last position down."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def shuffled(items: Sequence[T], seed: int) -> list[T]:
    """A new list holding ``items`` in the order deal ``seed`` gives them."""
    out = list(items)
    Rng(seed).shuffle(out)
    return out


def random_seed() -> int:
    """A fresh seed in ``0 .. MAX_SEED`` from the operating system's randomness."""
    return secrets.randbelow(MAX_SEED + 1)


# ----- deal codes ------------------------------------------------------------------------------
# Crockford's base 32: no I, L, O or U, so a code read aloud or copied by hand survives; decoding
# forgives case and the look-alikes (I, L -> 1; O -> 0).
_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_DECODE = {ch: i for i, ch in enumerate(_ALPHABET)}
_DECODE.update({"I": 1, "L": 1, "O": 0})


def _b32(n: int) -> str:
    digits = []
    while True:
        n, r = divmod(n, 32)
        digits.append(_ALPHABET[r])
        if n == 0:
            return "".join(reversed(digits))


def _check_char(head: str, body: str) -> str:
    # Odd weights are invertible mod 32, so any single wrong seed character changes the sum;
    # the head's letters and digits count by their place in 0-9A-Z.
    values = [int(ch, 36) for ch in head] + [_DECODE[ch] for ch in body]
    total = sum((2 * i + 1) * v for i, v in enumerate(values))
    return _ALPHABET[total % 32]


def encode_deal_code(game: str, options: str, seed: int) -> str:
    """``<GAME><OPTIONS>-<SEED><CHECK>``: a two-letter game, one character per option, the seed in
    Crockford base 32 and one check character.
    """
    if not 0 <= seed <= MAX_SEED:
        raise DealCodeError(f"seed must be in 0..{MAX_SEED}, not {seed}")
    head = f"{game}{options}".upper()
    body = _b32(seed)
    return f"{head}-{body}{_check_char(head, body)}"


def decode_deal_code(code: str) -> tuple[str, str, int]:
    """Split a deal code into ``(game, options, seed)``, checking its check character.

    >>> decode_deal_code("kl3-c1sj")
    ('KL', '3', 12345)
    >>> decode_deal_code("KL3-C1SK")
    Traceback (most recent call last):
    ...
    tarot_learn.errors.DealCodeError: deal code 'KL3-C1SK' has a typo
        (its check character does not match): copy it again
    """
    if not isinstance(code, str):
        raise DealCodeError(f"a deal code is text like 'KL3-C1SJ', not {type(code).__name__}")
    # Bounded before any work: a pasted novel or a 1,000,000-character code costs nothing.
    if len(code) > MAX_CODE_LENGTH:
        raise DealCodeError(f"a deal code is at most {MAX_CODE_LENGTH} characters (this text has "
                            f"{len(code):,}): they look like 'KL3-C1SJ'")
    text = code.strip().upper().replace(" ", "")
    head, sep, tail = text.partition("-")
    # isascii first: str.isalnum accepts other scripts' digits and letters ('²', 'Ⅻ').
    if (not text.isascii() or not sep or len(head) < 2 or len(tail) < 2 or not head[:2].isalpha()
            or not head.isalnum()):
        raise DealCodeError(f"{code!r} is not a deal code: they look like 'KL3-C1SJ'")
    body, check = tail[:-1], tail[-1]
    bad = next((ch for ch in tail if ch not in _DECODE), None)
    if bad is not None:
        raise DealCodeError(f"deal code {code!r} has a character {bad!r} that codes never use")
    seed = 0
    for ch in body:
        seed = seed * 32 + _DECODE[ch]
    canonical = "".join(_ALPHABET[_DECODE[ch]] for ch in body)
    if _ALPHABET[_DECODE[check]] != _check_char(head, canonical):
        raise DealCodeError(f"deal code {code!r} has a typo (its check character does not match): copy it again")
    if seed > MAX_SEED:
        raise DealCodeError(f"deal code {code!r} is too long: its seed is out of range")
    return head[:2], head[2:], seed
