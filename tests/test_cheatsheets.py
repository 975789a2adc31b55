"""The printable cheat sheets: every value on them is the engine's, every rule line the rule sheet's,
each fits one page, and making them twice gives the same bytes."""

from __future__ import annotations

import hashlib
import pathlib
import re

import pytest
from PIL import Image, ImageChops

from tarot_learn import rules
from tarot_learn.cards import Suit, standard_deck, tarot_deck
from tarot_learn.errors import OptionError
from tarot_learn.games.french_tarot import cards as ft
from tarot_learn.games.french_tarot import scoring
from tarot_learn.numerology import arithmetic, playing_value
from tarot_learn.render import cheatsheets as cs

IMAGES = pathlib.Path(__file__).resolve().parents[1] / "images"


def tables(game: str) -> dict[str, tuple[tuple[str, ...], ...]]:
    return {b.heading: b.rows for b in cs.sheet(game).blocks if isinstance(b, cs.Grid)}


def rule_lines(game: str) -> list[str]:
    return [line for b in cs.sheet(game).blocks if isinstance(b, cs.RuleList) for line in b.lines]


def test_tarot_solitaire_values_and_digit_sums_are_the_engines():
    t = tables("tarot-solitaire")
    ranks, values = t["Suit cards: what each plays as (TS-2)"]
    for suit in (Suit.WANDS, Suit.CUPS, Suit.SWORDS, Suit.PENTACLES):
        cards = [c for c in tarot_deck() if c.suit is suit]
        assert list(ranks[1:]) == [str(c)[:-1] for c in cards]
        assert list(values[1:]) == [str(playing_value(c)) for c in cards]
    trumps = [c for c in tarot_deck() if c.is_trump]
    low, low_values = t["Trumps 0-10 (TS-3, TS-8)"]
    assert list(low[1:]) == [str(c) for c in trumps[:11]]
    assert list(low_values[1:]) == ["wild" if playing_value(c) is None else str(playing_value(c)) for c in trumps[:11]]
    high, sums = t["Trumps 11-21 play as their digit sum (TS-5)"]
    assert list(high[1:]) == [str(c) for c in trumps[11:]]
    for card, text in zip(trumps[11:], sums[1:]):
        assert text == arithmetic(card) and text.endswith(f"= {playing_value(card)}")
    groups = t["Suit groups (TS-6) and the cards that play as 10 (TS-4)"]
    assert groups[-1][1].split() == [str(c) for c in tarot_deck() if playing_value(c) == 10]
    group_of = {c.suit.title: c.group for c in tarot_deck() if not c.is_trump}
    for label, suits, _ in groups[1:3]:
        code = {"Pentacles and Cups": "PC", "Swords and Wands": "SW"}[label]
        assert {title for title, g in group_of.items() if g == code} == set(suits.split(" and "))


@pytest.mark.parametrize("game, rule", [("klondike", "KL-3"), ("american-toad", "AT-1")])
def test_standard_pack_values_and_colours_are_the_engines(game, rule):
    t = tables(game)
    ranks, values = t[f"Card values ({rule})"]
    spades = [c for c in standard_deck() if c.suit is Suit.SPADES]
    assert list(ranks[1:]) == [str(c)[:-1] for c in spades] and list(values[1:]) == [str(c.rank) for c in spades]
    suits, colours = t[f"Suits and colours ({rule})"]
    assert dict(zip(suits[1:], colours[1:])) == {c.suit.title: c.color for c in standard_deck()}


def test_french_tarot_points_thresholds_contracts_and_bonuses_are_the_engines():
    t = tables("french-tarot")
    points = dict(t["Card points (FT-28)"][1:])
    for card in tarot_deck():
        if ft.is_bout(card):
            label = next(k for k in points if k.startswith("the 3 bouts"))
            assert str(card) in label
        elif card.is_court:
            label = next(k for k in points if k.startswith(card.rank_name.split()[0]) or
                         k.startswith({"Page": "Page", "Knight": "Knight"}.get(card.rank_name, card.rank_name)))
        else:
            label = "any other card"
        assert points[label] == ft.format_points(ft.card_points_half(card)), card
    assert points["all 78 cards"] == ft.format_points(ft.TOTAL_HALF_POINTS)
    bouts, needed = t["Points the attack needs (FT-31)"]
    assert {int(b): int(n) for b, n in zip(bouts[1:], needed[1:])} == {b: ft.threshold(b) for b in range(4)}
    names, mults, _, _ = t["Contracts (FT-6) and the deal's value (FT-33 to FT-36)"]
    assert list(names[1:]) == [scoring.CONTRACT_LABELS[c] for c in scoring.CONTRACTS]
    assert list(mults[1:]) == [f"x{scoring.MULTIPLIERS[c]}" for c in scoring.CONTRACTS]
    rows = {r[0]: r[1:] for r in t["Players, hands and poignées (FT-3, FT-15, FT-37)"]}
    players = [int(p) for p in rows["players"]]
    assert rows["cards each / dog"] == tuple(f"{ft.HAND_SIZES[n]} / {ft.DOG_SIZES[n]}" for n in players)
    for i, name in enumerate(ft.POIGNEE_NAMES):
        assert rows[f"poignée {name} (+{ft.POIGNEE_BONUS[name]})"] == tuple(
            f"{ft.POIGNEE_SIZES[n][i]} trumps" for n in players)
    assert "chelem" not in rows, "the chelem does not depend on the number of players"
    example = scoring.score_deal(4, "garde", bouts=2, points=49, petit_au_bout="attack", poignees=[("attack", 10)])
    deal = next(b for b in cs.sheet("french-tarot").blocks if b.heading.startswith("A scored deal"))
    assert list(deal.lines) == [" ".join(line.split()) for line in example.breakdown().splitlines()]


@pytest.mark.parametrize("game", cs.GAMES)
def test_rule_lines_are_the_rule_sheets_words(game):
    lines = rule_lines(game)
    assert lines
    for line in lines:
        if line[:3] not in ("TS-", "KL-", "AT-", "FT-"):
            continue                                   # the scored deal's lines
        rule_id = line.split()[0]
        assert line.startswith(rules.title(rule_id)) and rules.text(rule_id).startswith(line)


def test_making_them_twice_gives_identical_files(tmp_path):
    first = cs.write(tmp_path / "a")
    second = cs.write(tmp_path / "b")
    assert [p.name for p in first] == [p.name for p in second] and len(first) == 2 * len(cs.GAMES)
    for a, b in zip(first, second):
        assert hashlib.sha256(a.read_bytes()).digest() == hashlib.sha256(b.read_bytes()).digest(), a.name
    pdf = first[1].read_bytes()
    assert pdf.startswith(b"%PDF") and b"/CreationDate (D:20260101000000Z)" in pdf   # a fixed date, no clock


@pytest.mark.parametrize("game", cs.GAMES)
def test_the_sheets_in_images_are_up_to_date(game):
    """The committed PNGs show what the engine and rule sheets say today (else: make cheatsheets)."""
    path = IMAGES / f"cheatsheet_{game.replace('-', '_')}.png"
    assert path.is_file() and path.with_suffix(".pdf").is_file(), "run make cheatsheets"
    fresh = cs.render(cs.sheet(game))
    with Image.open(path) as saved:
        assert saved.size == cs.PAGE
        assert ImageChops.difference(saved.convert("RGB"), fresh).getbbox() is None, "run make cheatsheets"


def test_an_unknown_game_is_refused():
    with pytest.raises(OptionError, match="no cheat sheet for 'bridge': choose tarot-solitaire"):
        cs.sheet("bridge")


# ----- the deal's value as the sheet writes it, against score_deal ----------------------------------------
_FORMULA = re.compile(r"^±\((\d+) \+ \|margin\|\) x(\d+)$")
_PETIT = re.compile(r"^±(\d+) x(\d+)$")


def sheet_value(contract: str, made: bool, margin: int, petit: str | None, poignee: int = 0,
                chelem: str | None = None) -> int:
    """The deal's value read off the sheet: its contract cells, then its order (FT-39) and chelem row."""
    t = tables("french-tarot")
    names, _, formula, petit_row = t["Contracts (FT-6) and the deal's value (FT-33 to FT-36)"]
    column = list(names).index(scoring.CONTRACT_LABELS[contract])
    base, m = map(int, _FORMULA.match(formula[column]).groups())
    bonus, m_petit = map(int, _PETIT.match(petit_row[column]).groups())
    value = (1 if made else -1) * (base + abs(margin)) * m
    if petit:
        value += (1 if petit == "attack" else -1) * bonus * m_petit
    value += (1 if made else -1) * poignee
    if chelem:
        labels, amounts = t["Chelem (FT-38): every trick to one side, whatever the number of players"]
        value += int(amounts[list(labels).index(dict(cs.CHELEM_LABELS)[chelem])])
    return value


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("contract", scoring.CONTRACTS)
@pytest.mark.parametrize("bouts, points", [(2, 49), (1, 44), (1, 51), (2, 40.5)])
@pytest.mark.parametrize("petit", [None, "attack", "defence"])
def test_the_sheets_deal_value_is_score_deal(players, contract, bouts, points, petit):
    """Made and failed contracts, a petit au bout to either side: the sheet's arithmetic is the engine's."""
    deal = scoring.score_deal(players, contract, bouts=bouts, points=points, petit_au_bout=petit)
    assert deal.made == (points >= ft.threshold(bouts))
    assert sheet_value(contract, deal.made, deal.margin, petit) == deal.value, deal.breakdown()


def test_the_sheets_order_adds_poignee_and_chelem_as_score_deal_does():
    failed = scoring.score_deal(4, "prise", bouts=1, points=44, petit_au_bout="attack", poignees=[("attack", 10)])
    assert failed.value == -42 and sheet_value("prise", False, -7, "attack", poignee=20) == -42   # FFT p.9
    # a chelem made with 2 bouts (the defence kept its Excuse), a failed one, and the defence's (the
    # attack keeps only its discard of six small cards)
    cases = {"announced_made": (2, 87), "unannounced_made": (2, 87), "announced_failed": (2, 49), "defence": (0, 3)}
    assert set(cases) == set(scoring.CHELEMS)
    for chelem, (bouts, points) in cases.items():
        deal = scoring.score_deal(4, "garde", bouts=bouts, points=points, chelem=chelem)
        assert sheet_value("garde", deal.made, deal.margin, None, chelem=chelem) == deal.value, chelem


def test_the_old_one_formula_row_is_gone():
    """One row "(25 + margin + 10) x m" was wrong for a failed contract and a defence's petit au bout."""
    cells = [c for row in tables("french-tarot").values() for r in row for c in r]
    assert not any("margin + " in c for c in cells)
    assert dict(cs.CHELEM_LABELS)["defence"] in " ".join(cells)
