"""Mutated saves reach the validators (checksums recomputed): each is refused with a SaveError and
nothing else, or loads into a position that plays on to the end of the deal without error.

A seeded random mutator makes SAVES_PER_GAME saves per game (values swapped for others of any
JSON type, list items dropped, duplicated or swapped, keys removed, the seed nulled so that the
start is read from the file); hypothesis adds shrinking cases of its own.
"""

from __future__ import annotations

import copy
import json
import os
import random
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from tarot_learn import games
from tarot_learn.core import _checksum
from tarot_learn.errors import SaveError

# 4,000 per game in make test (about 25 s in all); TAROT_LEARN_SAVE_FUZZ=100000 for a deep run
SAVES_PER_GAME = int(os.environ.get("TAROT_LEARN_SAVE_FUZZ", "4000"))
PLAY_ON = 300   # moves played on from an accepted save (a patience may never end by itself)

ODD_VALUES: list[Any] = [None, True, False, 0, -1, 1, 2, 3, 4, 7, 17, 77, 78, 10 ** 12, -10 ** 12, 1.5,
                         float("nan"), "", "x", "T21", "AW", "10C", "??", "t1>f1", "draw", "bid garde",
                         "playing", "scored", "bidding", "garde_sans", "²", "\x00", "a" * 300, [], {},
                         [None], ["T21", "T21"], [[]], {"a": 1}, [1, 2, 3]]


def start_save(name: str, seed: int, moves: int) -> dict[str, Any]:
    s = games.new(name, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = s.legal_moves()
        if not legal:
            break
        s.play(rng.choice(legal))
    for _ in range(rng.randrange(3)):
        if s.history:
            s.undo()
    return json.loads(s.to_json())


def _paths(node: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, prefix + (i,))
    return out


def _parent(data: Any, path: tuple) -> tuple[Any, Any]:
    for step in path[:-1]:
        data = data[step]
    return data, path[-1]


def mutate(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    out = copy.deepcopy(data)
    if rng.random() < 0.35:
        out["seed"] = None          # the start is then read from the file: its validators run
    for _ in range(rng.choice((1, 1, 2, 3))):
        paths = [p for p in _paths(out) if p and p[0] != "checksum"]
        holder, key = _parent(out, rng.choice(paths))
        kind = rng.random()
        if kind < 0.5:
            choices = ODD_VALUES if isinstance(holder[key], (dict, list)) else ODD_VALUES + [holder[key]] * 3
            holder[key] = copy.deepcopy(rng.choice(choices))
        elif isinstance(holder, list) and kind < 0.7:
            del holder[key]
        elif isinstance(holder, list) and kind < 0.85:
            holder.insert(key, copy.deepcopy(holder[key]))
        elif isinstance(holder, list) and len(holder) > 1:
            other = rng.randrange(len(holder))
            holder[key], holder[other] = holder[other], holder[key]
        elif isinstance(holder, dict):
            del holder[key]
    out["checksum"] = _checksum(out)
    return out


def load_and_play_on(text: str, rng: random.Random) -> bool:
    """True when the save loaded (and then played on without error), False when refused."""
    try:
        state = games.load(text)
    except SaveError as err:
        assert str(err) and "\n" not in str(err)
        return False
    state.observation(0)
    for _ in range(PLAY_ON):
        if state.is_over():
            break
        legal = state.legal_moves()
        assert legal, "a position that is not over has a legal move"
        state.play(rng.choice(legal))
        state.cards()
    state.returns()
    return True


@pytest.mark.parametrize("name", games.names())
def test_mutated_saves_are_refused_or_play_on(name):
    rng = random.Random(name)
    bases = [start_save(name, seed, moves) for seed, moves in ((1, 0), (2, 6), (3, 25), (4, 60))]
    accepted = 0
    for i in range(SAVES_PER_GAME):
        accepted += load_and_play_on(json.dumps(mutate(bases[i % len(bases)], rng)), rng)
    # Some mutations are harmless (a redo line shortened, a counter raised): they must load.
    assert 0 < accepted < SAVES_PER_GAME


json_values = st.recursive(st.none() | st.booleans() | st.integers(-5, 100) | st.text(max_size=8),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                                        max_size=4),
                           max_leaves=12)


@pytest.mark.parametrize("name", games.names())
@settings(max_examples=150, deadline=None)
@given(field=st.sampled_from(["start", "moves", "redo", "options", "moves_made", "seed", "game"]),
       value=json_values, null_seed=st.booleans())
def test_any_json_in_any_field_is_refused_or_plays_on(name, field, value, null_seed):
    data = start_save(name, 5, 10)
    if null_seed:
        data["seed"] = None
    data[field] = value
    data["checksum"] = _checksum(data)
    load_and_play_on(json.dumps(data), random.Random(0))
