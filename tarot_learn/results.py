"""Result codes: a finished game as one copyable line, proved by replay (floor 1, standard library).

A result code holds a deal code and the moves played, nothing else: whoever receives it deals the
game again from the code and replays every move through the checked ``play()``.  So a result can
only claim what the moves really do; a custom position (built from a layout) has no deal code and
never gives a result code.  A check word catches a code damaged in copying or edited by hand.

    TLR1.KL1T-47.<moves, compressed, base64url>.<check>

>>> from tarot_learn import games
>>> s = games.from_layout("klondike", "f1: ..QS\\nf2: ..QH\\nf3: ..QD\\nf4: ..KC\\nt1: KS\\nt2: KH\\nt3: KD")
>>> result_code(s)
Traceback (most recent call last):
...
tarot_learn.errors.SaveError: a custom position has no deal code, so it gives no result code
>>> s = games.new("klondike", seed=7)
>>> s.play(s.legal_moves()[0]) and None
>>> v = verify(result_code(s))
>>> v.deal_code, v.moves_made, v.won
('KL1T-72', 1, False)
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import zlib
from dataclasses import dataclass

from . import games
from .core import State
from .errors import SaveError, TarotLearnError

__all__ = ["PREFIX", "MAX_RESULT_CHARS", "MAX_MOVES", "Verified", "result_code", "verify", "played_moves",
           "game_key"]

PREFIX = "TLR1"
MAX_RESULT_CHARS = 200_000   # a long patience is a few thousand moves: a few kilobytes
MAX_MOVES = 20_000
_SEP = ";"


@dataclass(frozen=True)
class Verified:
    """A result code that replayed: the game as it ends, and what a leaderboard ranks by."""

    state: State
    deal_code: str
    moves: tuple[str, ...]
    moves_made: int
    won: bool
    returns: tuple[float, ...]


def _check(body: str) -> str:
    return hashlib.sha256(body.encode()).hexdigest()[:10]


def result_code(state: State) -> str:
    """The result code of ``state``: its deal code and the moves on the board, in order."""
    if state.deal_code is None:
        raise SaveError("a custom position has no deal code, so it gives no result code")
    text = _SEP.join(str(m) for m in state.moves)
    packed = base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).decode().rstrip("=")
    body = f"{PREFIX}.{state.deal_code}.{packed}"
    return f"{body}.{_check(body)}"


def _split(code: object) -> tuple[str, str]:
    if not isinstance(code, str):
        raise SaveError(f"a result code is text starting {PREFIX}., not {type(code).__name__}")
    if len(code) > MAX_RESULT_CHARS:
        raise SaveError(f"a result code is at most {MAX_RESULT_CHARS:,} characters, not {len(code):,}")
    text = "".join(code.split())
    parts = text.split(".")
    if len(parts) != 4 or parts[0] != PREFIX:
        raise SaveError(f"this is not a result code: they look like {PREFIX}.KL1T-47.<moves>.<check>")
    body = ".".join(parts[:3])
    if not text.isascii() or parts[3] != _check(body):
        raise SaveError("the result code was changed or damaged (its check does not match): copy it again")
    return parts[1], parts[2]


def _moves(packed: str) -> list[str]:
    try:
        raw = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
        inflater = zlib.decompressobj()
        # Bounded: a small code cannot inflate into gigabytes.
        text = inflater.decompress(raw, MAX_RESULT_CHARS * 4)
        if inflater.unconsumed_tail:
            raise SaveError("the result code's moves are too long to be a game")
    except (binascii.Error, zlib.error, ValueError):
        raise SaveError("the result code's moves are damaged: copy the code again") from None
    moves = text.decode("utf-8", "replace").split(_SEP) if text else []
    if len(moves) > MAX_MOVES:
        raise SaveError(f"the result code holds {len(moves):,} moves; a game has at most {MAX_MOVES:,}")
    return moves


def verify(code: str) -> Verified:
    """Deal the game again and replay the code's moves through ``play()``; a damaged, edited or
    impossible code raises :class:`SaveError` with one line saying what is wrong."""
    deal, packed = _split(code)
    moves = _moves(packed)
    try:
        state = games.from_code(deal)
    except TarotLearnError as err:
        raise SaveError(f"the result code's deal {deal!r} cannot be dealt: {err}") from None
    for i, text in enumerate(moves, 1):
        try:
            state.play(text)
        except TarotLearnError as err:
            raise SaveError(f"move {i} of the result, {text[:40]!r}, is not legal there ({err})") from None
    won = bool(getattr(state, "is_won", lambda: False)())
    return Verified(state, deal, tuple(moves), state.moves_made, won, state.returns())


def played_moves(verified: Verified) -> tuple[str, ...]:
    """The moves of a replayed result as the rules record them (each move's own text), whatever
    text or packing the code used for them: two codes of one game give the same list."""
    return tuple(str(m) for m in verified.state.moves)


def game_key(verified: Verified) -> str:
    """A fingerprint of the game a result proves, its deal and :func:`played_moves`: the same
    game handed in under another encoding has the same key, so it counts once.

    >>> s = games.new("klondike", seed=7)
    >>> s.play(s.legal_moves()[0]) and None
    >>> packed = base64.urlsafe_b64encode(zlib.compress(str(s.moves[0]).encode(), 1)).decode()
    >>> body = f"{PREFIX}.{s.deal_code}.{packed}"
    >>> other = f"{body}.{_check(body)}"
    >>> other != result_code(s), game_key(verify(other)) == game_key(verify(result_code(s)))
    (True, True)
    """
    text = "\n".join((verified.deal_code, *played_moves(verified)))
    return hashlib.sha256(text.encode()).hexdigest()[:24]
