"""Numerology (issue 2 item 3; rule sheet TS-2..TS-5, TS-8)."""

import pytest

from tarot_learn.cards import Card, Suit, tarot_deck
from tarot_learn.numerology import (arithmetic, digit_sum, explain, fits_on, is_ten, playing_value,
                                    values_table)

# The source's table (TS-5), restated as data: trump number -> plays as.
EXPECTED_TRUMPS = {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, 11: 2, 12: 3,
                   13: 4, 14: 5, 15: 6, 16: 7, 17: 8, 18: 9, 19: 10, 20: 2, 21: 3}


def test_digit_sum():
    assert [digit_sum(n) for n in (0, 9, 10, 11, 19, 20, 21, 99)] == [0, 9, 1, 2, 10, 2, 3, 18]
    with pytest.raises(ValueError):
        digit_sum(-1)


def test_TS5_all_trumps_play_as_their_digit_sum_above_ten():
    for rank, value in EXPECTED_TRUMPS.items():
        assert playing_value(Card(Suit.TRUMPS, rank)) == value, rank


def test_TS8_the_fool_has_no_value():
    assert playing_value(Card.parse("T0")) is None


def test_TS2_suit_cards_play_as_rank():
    names = {"A": 1, "10": 10, "P": 11, "N": 12, "Q": 13, "K": 14}
    for suit in "WCSP":
        for r, v in names.items():
            assert playing_value(Card.parse(r + suit)) == v


def test_TS4_the_tens():
    tens = sorted(str(c) for c in tarot_deck() if is_ten(c))
    assert tens == sorted(["10W", "10C", "10S", "10P", "T10", "T19"])


@pytest.mark.parametrize("card,target,ok", [
    ("T19", "2C", True),     # the Sun on a 2 as an Ace
    ("T10", "PW", True),     # Wheel of Fortune on a Page as a 10
    ("10S", "2P", True),
    ("T19", "T11", True),    # Justice plays as 2
    ("T21", "T13", True),    # World (3) on Death (4)
    ("T20", "T21", True),    # Judgement (2) on the World (3)
    ("9W", "10C", True),     # a 9 follows a 10 ...
    ("9W", "T19", True),
    ("AW", "T19", False),    # ... and nothing else does, even a 10 played as an Ace (TS-4)
    ("T1", "T10", False),
    ("KS", "AW", False),
    ("2C", "3W", True),
    ("T0", "AW", False),     # the Fool's wildness belongs to the game, not to values
])
def test_fits_on(card, target, ok):
    assert fits_on(Card.parse(card), Card.parse(target)) is ok


def test_arithmetic_and_explain_for_every_card():
    assert arithmetic(Card.parse("T13")) == "1+3 = 4"
    assert arithmetic(Card.parse("T20")) == "2+0 = 2"
    for card in tarot_deck():
        sentence = explain(card)
        assert sentence.startswith(card.name) and sentence.endswith(".")
        assert "TS-" in sentence
        if card.is_trump and card.rank > 10:
            assert arithmetic(card) in sentence


def test_values_table_is_the_22_trumps():
    table = values_table()
    assert [c.rank for c, _, _ in table] == list(range(22))
    assert {c.rank: v for c, v, _ in table if c.rank} == EXPECTED_TRUMPS


def test_numerology_refuses_standard_cards():
    with pytest.raises(ValueError, match="not a tarot card"):
        playing_value(Card.parse("10H", "standard"))
    with pytest.raises(ValueError, match="not a tarot card"):
        explain(Card.parse("10H", "standard"))
