"""Cards and packs: notation round trips, names, groups (issue 2 item 2)."""

import pytest
from hypothesis import given, strategies as st

from tarot_learn.cards import (STANDARD, TRUMP_NAMES, Card, CardError, Suit, double_deck,
                               parse_cards, roman, standard_deck, tarot_deck)


def test_tarot_pack_has_78_distinct_cards():
    deck = tarot_deck()
    assert len(deck) == len(set(deck)) == 78
    assert sum(c.is_trump for c in deck) == 22
    for suit in (Suit.WANDS, Suit.CUPS, Suit.SWORDS, Suit.PENTACLES):
        assert sorted(c.rank for c in deck if c.suit is suit) == list(range(1, 15))


def test_standard_and_double_packs():
    assert len(set(standard_deck())) == 52
    double = double_deck()
    assert len(set(double)) == 104, "two identical cards are two distinct physical cards"
    assert sum(1 for c in double if c.rank == 7 and c.suit is Suit.HEARTS) == 2


@pytest.mark.parametrize("card", tarot_deck(), ids=str)
def test_every_tarot_card_round_trips(card):
    assert Card.parse(str(card)) == card
    assert Card.parse(str(card).lower()) == card
    assert eval(repr(card), {"Card": Card}) == card


@pytest.mark.parametrize("card", double_deck(), ids=str)
def test_every_standard_card_round_trips(card):
    assert Card.parse(str(card), pack=STANDARD) == card


def test_notation_examples_from_architecture():
    assert Card.parse("AW") == Card(Suit.WANDS, 1)
    assert Card.parse("10C") == Card(Suit.CUPS, 10)
    assert Card.parse("PP") == Card(Suit.PENTACLES, 11)
    assert Card.parse("NS") == Card(Suit.SWORDS, 12)
    assert Card.parse("T19") == Card(Suit.TRUMPS, 19)
    assert Card.parse("10H", STANDARD) == Card(Suit.HEARTS, 10)
    assert Card.parse("KS", STANDARD) == Card(Suit.SPADES, 13)
    assert Card.parse("KS") == Card(Suit.SWORDS, 14), "tarot is the default pack"


def test_learner_names():
    assert Card.parse("T19").name == "The Sun (XIX)"
    assert Card.parse("NC").name == "Knight of Cups"
    assert Card.parse("T0").name == "The Fool (0)"
    assert Card.parse("T21").name == "The World (XXI)"
    assert Card.parse("7P").name == "Seven of Pentacles"
    assert Card.parse("JD", STANDARD).name == "Jack of Diamonds"
    assert [Card(Suit.TRUMPS, r).title for r in range(22)] == list(TRUMP_NAMES)
    assert len(set(TRUMP_NAMES)) == 22


def test_french_display_names():
    assert Card.parse("NC").french_name == "Cavalier of Hearts"
    assert Card.parse("PS").french_name == "Jack of Spades"
    assert Card.parse("KP").french_name == "King of Diamonds"
    assert Card.parse("AW").french_name == "Ace of Clubs"
    assert Card.parse("T1").french_name == "the Petit"
    assert Card.parse("QP").french_name_fr == "Dame de Carreau"
    assert Card.parse("T0").french_name_fr == "l'Excuse"


def test_suit_groups_of_tarot_solitaire():
    groups = {c.group for c in tarot_deck()}
    assert groups == {"PC", "SW", None}
    assert all(c.group is None for c in tarot_deck() if c.is_trump)
    assert sum(c.group == "PC" for c in tarot_deck()) == 28


def test_roman_numerals():
    assert [roman(n) for n in (1, 4, 9, 12, 14, 19, 21)] == ["I", "IV", "IX", "XII", "XIV", "XIX", "XXI"]


@pytest.mark.parametrize("text", ["ZZ", "", "T22", "11C", "0W", "AH", "JW", "T", "10", "AW'"])
def test_bad_tarot_text_gives_one_clear_error(text):
    with pytest.raises(CardError) as err:
        Card.parse(text)
    assert "\n" not in str(err.value) and "tarot card" in str(err.value)


def test_bad_standard_text_and_fields():
    with pytest.raises(CardError, match="standard card"):
        Card.parse("NW", STANDARD)
    with pytest.raises(CardError, match="unknown pack"):
        Card.parse("AW", "klingon")
    with pytest.raises(CardError, match="rank"):
        Card(Suit.CUPS, 15)
    with pytest.raises(CardError, match="not int"):
        Card.parse(5)


def test_ordering_and_index_are_dense():
    assert sorted(c.index for c in tarot_deck()) == list(range(78))
    assert sorted(c.index for c in double_deck()) == list(range(104))
    assert sorted(tarot_deck()) == tarot_deck()


@given(st.lists(st.sampled_from(tarot_deck()), max_size=20))
def test_parse_cards_reads_what_str_writes(cards):
    assert parse_cards(" ".join(map(str, cards))) == cards
    assert parse_cards(", ".join(map(str, cards))) == cards
