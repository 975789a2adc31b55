"""Random JSON for page-message fuzzing: every kind of value a hostile page could send (wrong
types, huge and odd strings, deep nesting), with keys and words drawn from a widget's own
vocabulary so that many messages come close to valid ones."""

from __future__ import annotations

import random
from typing import Any, Sequence


def random_json(rng: random.Random, words: Sequence[str], depth: int = 0) -> Any:
    roll = rng.random()
    if depth > 3 or roll < 0.45:
        return rng.choice([
            None, True, False, 0, -1, 1, 7, 199, 200, 201, 10 ** 30, -(10 ** 30), 1.5, 1e308,
            rng.choice(words), rng.randrange(-5, 300), "x" * rng.choice([0, 1, 4, 201, 100_000]),
            "".join(chr(rng.randrange(1, 0x10FFFF)) for _ in range(rng.randrange(1, 9))
                    ).encode("utf-8", "surrogatepass").decode("utf-8", "replace")])
    if roll < 0.7:
        return [random_json(rng, words, depth + 1) for _ in range(rng.randrange(4))]
    if roll < 0.75:
        nested: Any = 0
        for _ in range(rng.choice([50, 500])):
            nested = [nested]
        return nested
    return {rng.choice(words): random_json(rng, words, depth + 1) for _ in range(rng.randrange(5))}
