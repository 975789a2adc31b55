"""A shared table's player chooses which trumps to show in a poignée (FT-15, FT-16): any set of the
size is shown as chosen, an illegal set is refused with its rule and changes nothing."""

from __future__ import annotations

import pytest

from tarot_learn.classroom.tables import FakeClock, Table, TableOptions
from tarot_learn.errors import IllegalMove
from tarot_learn.games.french_tarot import rules as R

NAMES = ("Ana", "Ben", "Cy", "Dee")
SEED = 1248          # Ana (seat 0) is dealt eleven trumps, no Excuse
EXCUSE_SEED = 2598   # Cy (seat 2) is dealt eleven trumps and the Excuse


def _to_first_card(seed: int = SEED, seat: int = 0) -> Table:
    """Four people; the seat with many trumps takes a Prise, the others pass; every other choice
    is the first one offered, until that seat is to play its first card."""
    table = Table("t", "Ana", TableOptions(players=4, seconds_per_turn=None), clock=FakeClock(), seed=seed)
    for name in NAMES[1:]:
        table.sit(name)
    deal = table.match.deal
    assert len([c for c in deal.hands[seat] if c > R.EXCUSE]) == 11
    for _ in range(200):
        name = table.to_play_name()
        legal = [str(m) for m in deal.legal_moves()]
        if name == NAMES[seat] and any(m.startswith("declare poignee") for m in legal):
            return table
        pick = ("bid prise" if name == NAMES[seat] else "bid pass") if "bid pass" in legal else \
            next(m for m in legal if not m.startswith("declare poignee"))
        table.play(name, pick)
    raise AssertionError(f"{NAMES[seat]} never came to play a first card")


def _trumps(table: Table, seat: int = 0) -> list[int]:
    return sorted((c for c in table.match.deal.hands[seat] if c > R.EXCUSE), reverse=True)


def test_a_chosen_set_of_trumps_is_shown_as_chosen() -> None:
    table = _to_first_card()
    trumps = _trumps(table)
    offered = [str(m) for m in table.match.deal.legal_moves() if str(m).startswith("declare poignee")]
    highest = trumps[:10]                                   # not the lowest ten the server offers
    move = "declare poignee " + " ".join(R.text(c) for c in highest)
    assert move not in offered
    table.play("Ana", move)
    assert table.match.deal.poignees == [(0, tuple(highest))]
    shown = [p for p in table.observation("Ben").piles if p.id == "poignee:0"]
    assert [str(c) for c in shown[0].cards] == [R.text(c) for c in highest]


@pytest.mark.parametrize("cards,rule", [
    (lambda t: t[:9], "FT-15"),                                     # nine trumps: no poignée size
    (lambda t: t[:9] + [R.EXCUSE], "FT-15"),                        # the Excuse is not in her hand
    (lambda t: t[:9] + [t[0]], "FT-15"),                            # a trump named twice
])
def test_an_illegal_set_names_its_rule_and_changes_nothing(cards, rule) -> None:
    table = _to_first_card()
    before = (table.match.deal.history[:], table.events)
    move = "declare poignee " + " ".join(R.text(c) for c in cards(_trumps(table)))
    with pytest.raises(IllegalMove) as err:
        table.play("Ana", move)
    assert err.value.rule == rule, str(err.value)
    assert (table.match.deal.history, table.events) == before
    assert table.match.deal.poignees == []


def test_the_excuse_is_shown_only_with_every_trump_held() -> None:
    table = _to_first_card(EXCUSE_SEED, 2)
    trumps = _trumps(table, 2)
    assert R.EXCUSE in table.match.deal.hands[2]
    with pytest.raises(IllegalMove) as err:           # nine trumps and the Excuse, two trumps kept back
        table.play("Cy", "declare poignee " + " ".join(R.text(c) for c in trumps[:9] + [R.EXCUSE]))
    assert err.value.rule == "FT-16", str(err.value)
    table.play("Cy", "declare poignee " + " ".join(R.text(c) for c in trumps[1:]))   # any ten: the 21 kept back
    assert table.match.deal.poignees == [(2, tuple(trumps[1:]))]
