"""Bidding advice (tarot_learn.games.french_tarot.advice): hands counted by hand, and the advice
always agrees with the computer players' own bid."""

from __future__ import annotations

import random

import pytest

from tarot_learn.cards import parse_cards
from tarot_learn.errors import OptionError, TarotLearnError
from tarot_learn.games.french_tarot import rules as R
from tarot_learn.games.french_tarot.advice import bid_advice, bid_thresholds
from tarot_learn.games.french_tarot.bots import HeuristicBot, Seen, hand_strength, strength_terms
from tarot_learn.games.french_tarot.cards import HAND_SIZES

STRONG = "T21 T0 T1 T20 T19 T18 T15 T12 T9 T5 T3 KC KS QS 2W 3W 4P 5P"


def test_a_strong_four_player_hand_counted_by_hand():
    # 10 trumps x2 = 20; big T18-T21 4 x2 = 8; the 21 10; the Excuse 8; the Petit with 6+ trumps 8;
    # King of Hearts 6 and a singleton there (with 5+ trumps) 3; King and Queen of Spades 6 + 2 = 8.
    advice = bid_advice(STRONG)
    assert dict(advice.terms) == {"10 trumps, 2 each": 20, "4 big trumps (16 to 21), 2 more each": 8,
                                  "the 21": 10, "the Excuse": 8, "the Petit, guarded by 6 trumps or more": 8,
                                  "King of Hearts": 6, "a singleton in Hearts": 3, "King and Queen of Spades": 8}
    assert advice.strength == 71 and advice.contract == "garde_sans"
    assert "3 bouts" in advice.reasons[0] and "garde sans" in str(advice).lower()


def test_a_three_player_hand_is_scaled_to_a_four_player_one():
    # 9 trumps 18, T21 big 2, the 21 10, the Petit 8; K Q Cavalier of Clubs 6 + 2 + 2 = 10 and six
    # Clubs 2 x (6 - 4) = 4; King of Hearts 6: 58, scaled 58 x 18 // 21 = 49: a prise.
    hand = "T21 T1 T2 T4 T6 T8 T10 T11 T13 KW QW NW 2W 3W 4W KC 5C 6C 2S 3S 4S 5S 7P 8P"
    advice = bid_advice(hand, players=3)
    assert sum(p for _, p in advice.terms) == 58
    assert advice.strength == 49 and advice.contract == "prise"
    assert any("58 becomes 49" in r for r in advice.reasons)


def test_five_players_count_the_called_partner():
    # 8 trumps 16, T21 2, 21 10, Petit 8, K+Q Clubs 8, King of Hearts 6, voids in Spades and
    # Diamonds 6 + 6: 62, scaled 62 x 18 // 15 = 74, and the called king's holder 4 more: 78.
    advice = bid_advice("T21 T1 T2 T4 T6 T8 T10 T11 KW QW 2W 3W KC 5C 6C", players=5)
    assert advice.strength == 78 and advice.contract == "garde_sans"
    assert any("FT-8" in r for r in advice.reasons)


def test_a_weak_hand_passes_and_a_strong_one_passes_over_a_higher_bid():
    weak = bid_advice("2W 3W 4W 5W 6W 7W 2C 3C 4C 5C 6C 2S 3S 4S 5S 2P 3P T2")
    assert weak.contract == "pass" and weak.strength < bid_thresholds()["prise"]
    assert "No bout" in weak.reasons[0]
    over = bid_advice(STRONG, highest_bid="garde_contre")
    assert over.contract == "pass" and "does not beat the garde contre" in over.reasons[-1]


def test_the_terms_add_up_to_the_bots_count_and_the_advice_is_the_bots_bid():
    rng = random.Random(17)
    for _ in range(300):
        players = rng.choice((3, 4, 5))
        hand = sorted(rng.sample(range(78), HAND_SIZES[players]))
        each = {3: 21, 4: 18, 5: 15}[players]
        assert sum(p for _, _, p in strength_terms(hand, players)) * 18 // each == hand_strength(hand, players)
        seen = Seen()
        seen.phase, seen.players, seen.hand = "bidding", players, hand
        expected = R.CONTRACT_NAMES[HeuristicBot().bid(seen)]
        assert bid_advice([R.CARDS[c] for c in hand], players).contract == expected


@pytest.mark.parametrize("hand, players", [
    ("T21 T0 KC", 4),                        # too few cards
    (STRONG.replace("5P", "4P"), 4),         # a card twice
    (STRONG, 6),                             # no such table
])
def test_bad_hands_are_refused_in_one_line(hand, players):
    with pytest.raises(OptionError) as err:
        bid_advice(hand, players)
    assert "\n" not in str(err.value)


def test_a_card_that_is_no_card_is_a_tarot_learn_error():
    with pytest.raises(TarotLearnError):
        bid_advice(STRONG.replace("5P", "ZZ"))
    with pytest.raises(OptionError):
        bid_advice(parse_cards(STRONG), highest_bid="grand")
