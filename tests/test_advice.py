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


# ----- the card to play --------------------------------------------------------------------------
from tarot_learn.games.french_tarot.advice import PlayAdvice, play_advice, principle  # noqa: E402
from tarot_learn.games.french_tarot.bots import play_deal  # noqa: E402
from tarot_learn.games.french_tarot.state import FrenchTarot  # noqa: E402

SMALL = {"worlds": 3, "playouts": 12}
N = R.card_number


def _card_turns(seed):
    full = play_deal(seed, [HeuristicBot() for _ in range(4)])
    state = FrenchTarot.new(seed)
    for move in full.moves:
        seat = state.to_play
        obs = state.observation(seat)
        if obs.phase == "playing" and sum(m.startswith("play") for m in obs.legal) > 1:
            yield state, seat, obs
        state.play(move)


def _seen(hand, trick="", leader=0, seat=0, taker=0, plays=None):
    s = Seen()
    s.phase, s.players, s.seat, s.taker, s.partner, s.leader = "playing", 4, seat, taker, -1, leader
    s.hand = sorted(N(t) for t in hand.split())
    s.trick = [N(t) for t in trick.split()]
    s.plays = R.legal_plays(s.hand, s.trick) if plays is None else plays
    return s


def test_play_advice_twins_get_the_same_text():
    """Same observation, other hidden cards, same seed: identical advice, word for word."""
    checked = 0
    for seed in (3, 11, 21, 5):
        for state, seat, obs in _card_turns(seed):
            others = [s for s in range(4) if s != seat]
            pairs = [(a, b) for a in others for b in others if a < b
                     and len(state.hands[a]) == len(state.hands[b]) and state.hands[a] != state.hands[b]]
            if not pairs:
                continue
            twin = FrenchTarot.new(seed)
            for move in state.moves:
                twin.play(move)
            a, b = pairs[0]
            twin.hands[a], twin.hands[b] = twin.hands[b], twin.hands[a]
            assert twin.observation(seat) == obs
            mine, theirs = play_advice(obs, seed=4, **SMALL), play_advice(twin.observation(seat), seed=4, **SMALL)
            assert str(mine) == str(theirs) and mine == theirs
            checked += 1
            break
    assert checked >= 3


def test_play_advice_scores_every_legal_card_and_names_a_reason():
    state, seat, obs = next(t for t in _card_turns(7) if sum(m.startswith("play") for m in t[2].legal) > 3)
    advice = play_advice(obs, seed=1, **SMALL)
    legal = sorted(m.split()[1] for m in obs.legal if m.startswith("play"))
    assert isinstance(advice, PlayAdvice) and sorted(c for c, _ in advice.expected) == legal
    assert advice.expected[0][0] == advice.card and advice.expected[0][1] == max(m for _, m in advice.expected)
    assert advice.reason.endswith(".") and str(advice).startswith(f"Play {advice.card}. ")
    assert "| card | expected score |" in advice._repr_markdown_()
    state.play(f"play {advice.card}")                       # the advised card is accepted


def test_play_advice_refuses_other_moments():
    state = FrenchTarot.new(3)
    with pytest.raises(OptionError, match="play advice is for the seat to play a card"):
        play_advice(state.observation(state.to_play))
    with pytest.raises(OptionError, match="give a French Tarot observation"):
        play_advice("T21")  # type: ignore[arg-type]


def test_principles_by_hand():
    # Seat 2 (a defender) follows a trump lead; its partner seat 1 holds the trick with the 21.
    s = _seen("T1 T5 2C", trick="T3 T21", leader=0, seat=2, taker=0)
    assert principle(s, N("T1")).startswith("Save the Petit")
    assert principle(s, N("T5")) == ""
    # The 21 takes a trick worth 4 points or more (King of Hearts 4.5, trump 10 0.5).
    s = _seen("T21 T2 3C", trick="KC T10", leader=0, seat=2, taker=0)
    said = principle(s, N("T21"))
    assert said.startswith("Take a valuable trick with the 21") and "holds 5 points" in said
    # A defender loads a court card on a partner's winning trick.
    s = _seen("KS QS 2S", trick="5S T12", leader=0, seat=2, taker=0)
    assert principle(s, N("QS")).startswith("Load points") and "Queen of Spades (3.5 points)" in principle(s, N("QS"))
    # The taker leads a trump: drawing trumps; a defender leading a trump is no such plan.
    assert principle(_seen("T8 T15 KC", seat=0, taker=0), N("T15")).startswith("Draw trumps")
    assert principle(_seen("T8 T15 KC", seat=1, taker=0), N("T15")) == ""
    # Discarding on a trump lead without trumps: keep the small Heart that guards the king.
    s = _seen("KC 4C 2S 3S", trick="T4", leader=0, seat=1, taker=0)
    assert principle(s, N("2S")).startswith("Keep a guard on a king: 4C protects your King of Hearts")
    assert principle(s, N("4C")) == ""
    assert principle(_seen("T1", trick="T3", leader=0, seat=1, taker=0), N("T1")).startswith("Petit au bout")


# ----- the discard and the king call ---------------------------------------------------------------
from tarot_learn.games.french_tarot.advice import (DiscardAdvice, call_advice, call_principle,  # noqa: E402
                                                   discard_advice, discard_principle)


def _taker_turns(players, phase, seeds=range(40)):
    """(state, seat, observation) at the taker's first decision of ``phase`` in club-robot deals."""
    for seed in seeds:
        full = play_deal(seed, [HeuristicBot() for _ in range(players)], players=players)
        state = FrenchTarot.new(seed, players=players)
        for move in full.moves:
            seat = state.to_play
            obs = state.observation(seat)
            if obs.phase == phase:
                yield state, seat, obs
                break
            state.play(move)


def _twin(state, seat):
    """The same deal with two other seats' hands swapped: the same to ``seat``, other hidden cards."""
    others = [s for s in range(state.players) if s != seat]
    twin = FrenchTarot.new(state.seed, players=state.players)
    for move in state.moves:
        twin.play(move)
    twin.hands[others[0]], twin.hands[others[1]] = twin.hands[others[1]], twin.hands[others[0]]
    assert twin.hands[others[0]] != state.hands[others[0]] and twin.observation(seat) == state.observation(seat)
    return twin


@pytest.mark.parametrize("players", [4, 5])
def test_discard_advice_twins_get_the_same_text_and_the_discard_is_accepted(players):
    checked = 0
    for state, seat, obs in _taker_turns(players, "discarding"):
        mine = discard_advice(obs, seed=2, worlds=3)
        theirs = discard_advice(_twin(state, seat).observation(seat), seed=2, worlds=3)
        assert str(mine) == str(theirs) and mine == theirs
        assert isinstance(mine, DiscardAdvice) and len(mine.cards) == state.dog_size
        assert str(mine).startswith(f"Lay aside {' '.join(mine.cards)}. ") and mine.reason.endswith(".")
        allowed = {m.split()[1] for m in obs.legal}
        assert {c for c, _ in mine.expected} == allowed
        for card in mine.cards:
            state.play(f"discard {card}")            # every advised card is a legal discard in turn
        checked += 1
        if checked == 2:
            break
    assert checked == 2


def test_call_advice_twins_get_the_same_text_and_the_call_is_accepted():
    checked = 0
    for state, seat, obs in _taker_turns(5, "calling"):
        mine = call_advice(obs, seed=2, worlds=4)
        theirs = call_advice(_twin(state, seat).observation(seat), seed=2, worlds=4)
        assert str(mine) == str(theirs) and mine == theirs
        assert str(mine).startswith(f"Call {mine.card}. ")
        assert sorted(c for c, _ in mine.expected) == sorted(m.split()[1] for m in obs.legal)
        state.play(f"call {mine.card}")
        checked += 1
        if checked == 2:
            break
    assert checked == 2


def test_discard_and_call_advice_refuse_other_moments():
    state = FrenchTarot.new(3)
    with pytest.raises(OptionError, match="discard advice is for the taker"):
        discard_advice(state.observation(state.to_play))
    with pytest.raises(OptionError, match="call advice is for the taker calling a king"):
        call_advice(state.observation(state.to_play))


def test_discard_and_call_principles_by_hand():
    s = Seen()
    s.hand = [N(t) for t in "2S 5S QC 3C KC NW 4W 8W T4 T9".split()]
    assert discard_principle(s, [N("2S"), N("5S")]).startswith("Make a void: with no Spades left")
    said = discard_principle(s, [N("NW"), N("4W")])
    assert "Lay points away" in said and "Cavalier of Clubs" in said and "void" not in said
    assert "never a bout" in discard_principle(s, [N("T4")])
    assert discard_principle(s, [N("4W")]).startswith("Keep kings and trumps")
    assert call_principle(s, N("KS")) == ""
    assert call_principle(s, N("KW")).startswith("Call the king above your honours: with the king on your side, "
                                                 "your Cavalier of Clubs")
    assert call_principle(s, N("KC")).startswith("Calling a card of your own hand")
    s.hand = [N(t) for t in "2S 5S 7S 3C T4 T9".split()]
    assert call_principle(s, N("KS")).startswith("Call the king of your longest suit")
