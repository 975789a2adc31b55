"""Rule variants: every knob names a rule of its sheet, unknown knobs and values are refused in one
line, deal codes stay what they were for the standard games and re-create any variant, spec files
read back, and each knob changes the rule it names."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest

from tarot_learn import games
from tarot_learn.deals import encode_deal_code
from tarot_learn.errors import IllegalMove, OptionError
from tarot_learn.games.variants import (Variant, from_deal_code, identity, knobs, load_variant, variant,
                                        variant_of)

SEEDS = Path(__file__).resolve().parent.parent / "seeds"
SHEETS = {"tarot-solitaire": "tarot_solitaire.md", "klondike": "klondike.md", "american-toad": "american_toad.md"}
PATIENCES = sorted(SHEETS)


@pytest.mark.parametrize("name", PATIENCES)
def test_every_knob_names_a_rule_of_its_sheet_and_the_sheet_lists_the_knob(name):
    sheet = (SEEDS / SHEETS[name]).read_text()
    cls = games.get(name)
    assert [k.name for k in knobs(name)] == [o.name for o in cls.options_spec]
    for k in knobs(name):
        assert re.search(rf"\*\*{re.escape(k.rule)} ", sheet), (k.name, k.rule)
        assert k.rule in cls.options_spec[[o.name for o in cls.options_spec].index(k.name)].help
        assert k.default in k.choices and 2 <= len(k.choices) <= 5
        assert f"`{k.name}`" in sheet, f"{SHEETS[name]} does not document the knob {k.name}"


def test_an_unknown_knob_is_refused_naming_it_and_listing_the_knobs():
    with pytest.raises(OptionError) as err:
        variant("tarot-solitaire", empty_columns="any")
    text = str(err.value)
    assert "\n" not in text and "'empty_columns'" in text
    assert all(f"{k.name} ({k.rule})" in text for k in knobs("tarot-solitaire"))
    with pytest.raises(OptionError, match="draw=5 is not allowed"):
        variant("klondike", draw=5)
    with pytest.raises(OptionError, match="no patience called"):
        variant("french-tarot", draw=1)
    with pytest.raises(OptionError, match="label"):
        variant("klondike", label="x" * 81)


@pytest.mark.parametrize("name", PATIENCES)
def test_standard_deal_codes_are_the_ones_written_before_the_knobs(name):
    cls = games.get(name)
    classic = [k for k in knobs(name) if k.classic]
    for seed in (0, 12345):
        state = games.new(name, seed=seed)
        old = "".join(o.code(state.options[o.name]) for o in cls.options_spec[:len(classic)])
        assert state.deal_code == encode_deal_code(cls.code, old, seed)
    # Codes from before the knobs, as the README and the tests wrote them, deal the standard game.
    assert games.from_code("TS2TWF-1ZAK").options == games.new("tarot-solitaire", seed=1).options


@pytest.mark.parametrize("name", PATIENCES)
def test_every_variant_deal_code_deals_the_same_variant_again(name):
    ks = knobs(name)
    combos = list(itertools.product(*(k.choices for k in ks)))
    for i, values in enumerate(combos[:: max(1, len(combos) // 60)]):
        try:
            v = variant(name, **dict(zip((k.name for k in ks), values)))
        except OptionError:
            continue
        state = v.new(seed=1000 + i)
        again = games.from_code(state.deal_code)
        assert again.options == state.options and again.key() == state.key()
        assert state.deal_code.startswith(v.code + "-")
        assert from_deal_code(state.deal_code) == (v, 1000 + i)
        assert variant_of(state) == v
        assert set(identity(type(state), state.options)) <= set(state.options)


@pytest.mark.parametrize("name", PATIENCES)
def test_saves_and_layouts_keep_the_variant(name):
    ks = knobs(name)
    v = variant(name, **{k.name: next(c for c in k.choices if c != k.default) for k in ks if not k.classic})
    state = v.new(seed=4)
    for m in state.legal_moves()[:3]:
        state.play(m)
        break
    loaded = games.load(state.to_json())
    assert loaded.options == v.options and loaded.key() == state.key()
    assert type(state).from_layout(state.layout()).options == v.options


def test_spec_files_toml_and_json(tmp_path):
    toml = tmp_path / "easy.toml"
    toml.write_text('# an easy Klondike\ngame = "klondike"\nlabel = "easy"\ndraw = 1\n'
                    'empty_column = "any"\nredeals = 0\n')
    v = load_variant(toml)
    assert (v.name, v.label, v.options["empty_column"], v.options["redeals"]) == ("klondike", "easy", "any", 0)
    js = tmp_path / "hard.json"
    js.write_text(json.dumps({"game": "Tarot Solitaire", "build": "same_suit", "face_down_row": False}))
    w = load_variant(str(js))
    assert w.changes() == [("face_down_row", False, "TS-17"), ("build", "same_suit", "TS-6")]
    for x in (v, w):
        assert load_variant(x.to_toml()) == x
    assert load_variant(w.to_toml()).title == "Tarot Solitaire"


@pytest.mark.parametrize("text,match", [
    ('draw = 3', "names its game"),
    ('game = "klondike"\ncolour = "red"', "unknown knob 'colour'"),
    ('game = "klondike"\ndraw = [1, 3]', "one value"),
    ('game = "klondike"\ndraw = ', "TOML"),
    ('{"game": "klondike", "draw": 4}', "draw=4 is not allowed"),
    ('{"game": ' * 6000, "JSON"),
    ('{"game": ' * 100_000, "at most 64 KB"),
])
def test_bad_spec_files_are_refused_in_one_line(text, match):
    with pytest.raises(OptionError, match=match) as err:
        load_variant(text)
    assert "\n" not in str(err.value)


def test_unreadable_or_huge_spec_files_are_refused(tmp_path):
    with pytest.raises(OptionError, match="cannot read"):
        load_variant(tmp_path / "missing.toml")
    big = tmp_path / "big.toml"
    big.write_text('game = "klondike"\n' + "#" * 70_000)
    with pytest.raises(OptionError, match="at most"):
        load_variant(big)
    with pytest.raises(OptionError, match="file path or its text"):
        load_variant(42)  # type: ignore[arg-type]


# ----- each knob changes the rule it names ----------------------------------------------------
def refused(state, move) -> str:
    with pytest.raises(IllegalMove) as err:
        state.play(move)
    return err.value.rule


def test_klondike_empty_column_build_and_redeal_knobs():
    layout = "t1: [2C] 9H\nt2: 8H\nt3: 8C\nt4:"
    std = games.get("klondike").from_layout(layout)
    assert refused(std.copy(), "t1>t4") == "KL-6"
    anyk = games.get("klondike").from_layout(layout, empty_column="any")
    assert "any card may open it in this variant (KL-6)" in anyk.explain("t1>t4")
    none = games.get("klondike").from_layout("t1: [2C] KH\nt2:", empty_column="none")
    assert refused(none, "t1>t2") == "KL-6"
    suit = games.get("klondike").from_layout(layout, build="same_suit")
    assert refused(suit.copy(), "t3>t1") == "KL-4"
    suit.play("t2>t1")
    assert refused(std.copy(), "t2>t1") == "KL-4"
    free = games.get("klondike").from_layout(layout, build="any_suit")
    free.play("t2>t1")
    s = games.new("klondike", seed=3, redeals=0)
    while s.stock:
        s.play("draw")
    assert refused(s, "redeal") == "KL-10" and s.redeals_left() == 0
    once = games.new("klondike", seed=3, redeals=1)
    while once.stock:
        once.play("draw")
    once.play("redeal")
    assert once.redeals_left() == 0


def test_tarot_solitaire_empty_column_and_build_knobs():
    ts = games.get("tarot-solitaire")
    layout = "t1: KS\nt2: T21\nt3:\nt4: [3S] 9C\nt5: 10P\nt6: 10S\nt7: 4C"
    std = ts.from_layout(layout)
    assert refused(std.copy(), "t2>t3") == "TS-11"           # the base World stays ...
    assert refused(std.copy(), "t2>t7") == "TS-11"
    assert refused(std.copy(), "t4>t3") == "TS-11"           # ... and only it, a King or the Fool opens
    kings = ts.from_layout(layout, empty_column="king_only")
    assert refused(kings.copy(), "t4>t3") == "TS-11"         # a King only opens a column
    assert "only a King may open an empty column in this variant" in kings.explain("t4>t3")
    kings.play("t2>t7")                                      # and no longer has to stay at the base
    anyc = ts.from_layout(layout, empty_column="any")
    assert "any card may open an empty column in this variant (TS-11)" in anyc.explain("t4>t3")
    anyc.play("t4>t3")
    none = ts.from_layout(layout, empty_column="none")
    assert refused(none.copy(), "t4>t3") == "TS-11"
    assert refused(std.copy(), "t4>t5") == "TS-6"            # Cups on Pentacles: the same group
    std.play("t4>t6")
    suit = ts.from_layout(layout, build="same_suit")
    assert refused(suit.copy(), "t4>t6") == "TS-6"
    free = ts.from_layout(layout, build="any_suit")
    free.play("t4>t5")


def test_american_toad_draw_and_empty_pile_knobs():
    s = games.new("american-toad", seed=2, draw=3)
    before = len(s.stock)
    s.play("draw")
    assert len(s.stock) == before - 3 and "3 cards" in s.explain("draw")
    t = games.get("american-toad").from_layout("base: 7\nt1: 8H\nt2: 6C 5C\nt3:", empty_column="king_only")
    assert refused(t.copy(), "t2>t3") == "AT-9"
    alt = games.get("american-toad").from_layout("base: 7\nt1: 8H\nt2: 7S\nt3: 7H", build="alternate")
    assert refused(alt.copy(), "t3>t1") == "AT-7"
    alt.play("t2>t1")


def test_the_solver_and_the_board_take_a_variant():
    from tarot_learn.solve import solve

    v = variant("tarot-solitaire", face_down_row=False, empty_column="any", draw=1)
    r = solve(v.new(seed=1), seconds=5)
    assert r.status.value in ("solved", "impossible", "undecided")
    if r.solved:
        state = v.new(seed=1)
        for m in r.moves:
            state.play(m)
        assert state.is_won()
    assert isinstance(v, Variant) and v(seed=1).options == v.options


def test_a_game_without_knobs_is_refused_by_name_or_class():
    for game in ("french-tarot", games.get("french-tarot")):
        with pytest.raises(OptionError, match="no patience called"):
            knobs(game)


# ----- the solver's pruning stays sound under every knob ---------------------------------------------
KNOB_VARIANTS = [("tarot-solitaire", {"empty_column": "king_only"}), ("tarot-solitaire", {"empty_column": "any"}),
                 ("tarot-solitaire", {"empty_column": "none"}), ("tarot-solitaire", {"build": "same_suit"}),
                 ("tarot-solitaire", {"build": "any_suit", "redeals": 0}),
                 ("tarot-solitaire", {"draw": 1, "redeals": 1}),
                 ("klondike", {"empty_column": "any"}), ("klondike", {"empty_column": "none"}),
                 ("klondike", {"build": "same_suit"}), ("klondike", {"build": "any_suit", "draw": 3}),
                 ("klondike", {"redeals": 0}), ("klondike", {"draw": 3, "redeals": 2})]


def endgame(game, rng, left, **opts):
    """A random late position: each foundation up to a random height, the other cards in three
    columns (face down under their top card) and the stock."""
    cls = games.get(game)
    facts = cls.new(0, **opts).facts
    piles: dict[int, list] = {}
    loose = []
    for i, card in enumerate(facts.cards):
        if facts.found_pos[i] < 0:
            loose.append(card)
        else:
            piles.setdefault(facts.found_slots[i][0], []).append((facts.found_pos[i], card))
    piles = {f: [c for _, c in sorted(cs)] for f, cs in piles.items()}
    heights = {f: len(cs) for f, cs in piles.items()}
    for _ in range(max(0, left - len(loose))):
        f = rng.choice([f for f in heights if heights[f]])
        heights[f] -= 1
    play = loose + [c for f, cs in piles.items() for c in cs[heights[f]:]]
    rng.shuffle(play)
    lines = [f"f{f + 1}: " + " ".join(map(str, cs[:heights[f]])) for f, cs in piles.items()]
    stock_n = rng.randint(0, len(play) // 2)
    cols: list[list] = [[], [], []]
    for c in play[stock_n:]:
        cols[rng.randrange(3)].append(c)
    for i, col in enumerate(cols):
        if col:
            down = " ".join(map(str, col[:-1]))
            lines.append(f"t{i + 1}: " + (f"[{down}] " if down else "") + str(col[-1]))
    lines.append("s: " + " ".join(map(str, play[:stock_n])))
    return games.from_layout(game, "\n".join(lines) + "\n", **opts)


@pytest.mark.parametrize("game,opts", KNOB_VARIANTS)
def test_pruned_search_agrees_with_the_full_search_under_each_knob(game, opts):
    import random

    from tests.solver_checks import pruned_agrees_with_full

    rng = random.Random(f"{game}{sorted(opts.items())}")
    compared = sum(pruned_agrees_with_full(endgame(game, rng, rng.randint(8, 12), **opts), states=5_000)
                   for _ in range(10))
    assert compared >= 3


def test_the_board_deals_a_variant_and_shows_its_knobs():
    pytest.importorskip("ipywidgets")
    from tarot_learn.widgets import SolitaireBoard

    v = variant("klondike", empty_column="any", redeals=2, draw=3)
    board = SolitaireBoard(v.name, seed=8, **v.options)
    assert board.state.options == v.options and board.state.deal_code == v.new(8).deal_code
    assert {k: w.value for k, w in board._option_widgets.items()} == v.options
    board.new_deal(v.new(9).deal_code)
    assert variant_of(board.state) == v
