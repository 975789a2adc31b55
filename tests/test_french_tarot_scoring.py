"""French Tarot scoring (seeds/french_tarot.md, FT-28 .. FT-39) against the FFT 2012 rules."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tarot_learn.cards import Card, parse_cards, tarot_deck
from tarot_learn.errors import CardError, OptionError, SaveError
from tarot_learn.games.french_tarot.cards import (BOUTS, DOG_SIZES, HAND_SIZES, POIGNEE_SIZES, card_points_half,
                                                   count_bouts, format_points, is_bout,
                                                   poignee_category, points_half, threshold)
from tarot_learn.games.french_tarot.scoring import (CHELEMS, CONTRACTS, MULTIPLIERS, DealScore,
                                                     parse_contract, rounded_margin, score_deal)


# ----- card points (FT-28), bouts, thresholds (FT-31) ---------------------------------------------
def test_card_points_by_kind_and_pack_total():
    kinds = {}
    for card in tarot_deck():
        if is_bout(card):
            kind = "bout"
        elif card.is_trump:
            kind = "trump"
        else:
            kind = {14: "king", 13: "queen", 12: "cavalier", 11: "jack"}.get(card.rank, "plain")
        kinds.setdefault(kind, set()).add(card_points_half(card))
    assert kinds == {"bout": {9}, "king": {9}, "queen": {7}, "cavalier": {5}, "jack": {3},
                     "plain": {1}, "trump": {1}}
    assert points_half(tarot_deck()) == 182  # 91 points
    assert sorted(map(str, BOUTS)) == ["T0", "T1", "T21"]
    assert count_bouts(tarot_deck()) == 3


def test_points_of_a_pile_in_half_points():
    pile = parse_cards("KS QC NP PW 5S T1 T12")
    assert points_half(pile) == 9 + 7 + 5 + 3 + 1 + 9 + 1
    assert format_points(points_half(pile)) == "17.5"


def test_non_tarot_card_is_refused():
    with pytest.raises(CardError, match="tarot pack"):
        card_points_half(Card.parse("KS", pack="standard"))


def test_thresholds_fall_with_bouts():
    assert [threshold(b) for b in range(4)] == [56, 51, 41, 36]
    for bad in (-1, 4, 1.0, "2", True):
        with pytest.raises(OptionError, match="bouts must be 0, 1, 2 or 3"):
            threshold(bad)


# ----- the FFT's five worked examples (rules page 9) and its score sheet (page 10) ----------------
FFT_EXAMPLES = [
    # garde, poignée of 10 by the taker, Petit au bout by the attack, 49 points with 2 bouts
    (dict(contract="garde", bouts=2, points=49, petit_au_bout="attack",
          poignees=[("attack", 10)]), 106),
    # garde sans made by 4, Petit au bout taken by the defence
    (dict(contract="garde sans", bouts=2, points=45, petit_au_bout="defence"), 76),
    # prise failed by 7, poignée of 10 by the taker, Petit au bout by the attack
    (dict(contract="prise", bouts=1, points=44, petit_au_bout="attack",
          poignees=[("attack", 10)]), -42),
    # garde made by 11, a defender showed a poignée
    (dict(contract="garde", bouts=2, points=52, poignees=[("defence", 10)]), 92),
    # garde, chelem announced and made, poignée, Petit au bout, 87 points with 2 bouts
    (dict(contract="garde", bouts=2, points=87, petit_au_bout="attack", poignees=[("attack", 10)],
          chelem="announced_made"), 582),
]


@pytest.mark.parametrize("kwargs, value", FFT_EXAMPLES)
def test_fft_worked_examples_per_player(kwargs, value):
    for taker in range(4):
        s = score_deal(4, seats=taker, **kwargs)
        assert s.value == value
        assert s.scores[taker] == 3 * value
        assert all(s.scores[d] == -value for d in range(4) if d != taker)


def test_fft_example_terms():
    s = score_deal(4, "garde sans", 2, 45, petit_au_bout="defence")
    assert (s.made, s.margin, s.base, s.multiplier) == (True, 4, 29, 4)
    assert s.lines() == [("contract", 100), ("margin", 16), ("petit au bout", -40),
                         ("value for the attack", 76)]
    # same margin with another bout count gives the same score
    assert score_deal(4, "garde sans", 1, 55, petit_au_bout="defence").value == 76
    s = score_deal(4, "prise", 1, 44, petit_au_bout="attack", poignees=[("attack", 10)])
    assert s.lines() == [("contract", -25), ("margin", -7), ("petit au bout", 10),
                         ("poignée simple", -20), ("value for the attack", -42)]
    assert "failed by 7" in s.breakdown()


def test_source_document_examples_once_ungarbled():
    # 45 points with 2 bouts on a garde: 25 + 4 = 29, x2 = 58, taker 174 (source example 1)
    s = score_deal(4, "garde", 2, 45)
    assert (s.value, s.scores[0]) == (58, 174)
    # a prise failed with 45 points and 1 bout: 25 + 6 = 31 per defender (source example 2)
    s = score_deal(4, "prise", 1, 45)
    assert (s.value, s.scores[0]) == (-31, -93)


# ----- half points (FT-32), 3 and 5 players (FT-39) -----------------------------------------------
def test_half_point_goes_to_the_winner():
    assert score_deal(3, "prise", 2, 40.5).margin == -1   # FFT: 40.5 with 2 bouts fails by 1
    assert score_deal(3, "prise", 2, 41.5).margin == 1    # FFT: 41.5 with 2 bouts made by 1
    assert score_deal(3, "prise", 2, 41).margin == 0      # juste fait
    assert score_deal(3, "prise", 2, 41).made
    assert not score_deal(3, "prise", 2, 40.5).made
    assert score_deal(3, "prise", 0, half_points=111).margin == -1  # 55.5 against 56
    assert score_deal(3, "prise", 0, half_points=113).margin == 1   # 56.5 against 56


def test_rounded_margin_is_the_nearest_whole_away_from_zero():
    for half in range(0, 183):
        for needed in (36, 41, 51, 56):
            m = rounded_margin(half, needed)
            exact = half / 2 - needed
            assert abs(m - exact) <= 0.5
            assert (m >= 0) == (exact >= 0)
            if exact != int(exact):
                assert abs(m) > abs(exact)


def test_three_players_taker_counts_double():
    s = score_deal(3, "garde", 2, 40.5, seats=1)  # fails by 1: (25 + 1) x 2 = 52
    assert s.value == -52
    assert s.scores == (52, -104, 52)


def test_five_players_taker_two_thirds_partner_one_third():
    s = score_deal(5, "garde", 2, 41.5, seats=(2, 4))  # made by 1: 52 per defender
    assert s.value == 52
    assert s.scores == (-52, -52, 104, -52, 52)
    assert s.defenders == (0, 1, 3)
    assert "partner (seat 4): +52" in s.breakdown()


def test_five_players_taker_alone_takes_four_shares():
    s = score_deal(5, "prise", 3, 36, taker_alone=True, seats=3)
    assert s.value == 25 and s.alone
    assert s.scores == (-25, -25, -25, 100, -25)
    # calling a king of one's own hand is the same as playing alone (FT-9)
    assert score_deal(5, "prise", 3, 36, seats=(3, 3)).scores == s.scores


def test_five_players_need_a_partner_or_alone():
    with pytest.raises(OptionError, match="seats=\\(taker, partner\\)"):
        score_deal(5, "garde", 1, 60, seats=2)
    with pytest.raises(OptionError, match="contradicts"):
        score_deal(5, "garde", 1, 60, seats=(2, 3), taker_alone=True)
    with pytest.raises(OptionError, match="only the 5-player game"):
        score_deal(4, "garde", 1, 60, seats=(2, 3))
    with pytest.raises(OptionError, match="taker_alone only applies"):
        score_deal(4, "garde", 1, 60, taker_alone=True)


# ----- poignées (FT-15, FT-37) ----------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5])
def test_poignee_categories_by_player_count(players):
    simple, double, triple = POIGNEE_SIZES[players]
    assert poignee_category(simple, players) == "simple"
    assert poignee_category(double - 1, players) == "simple"
    assert poignee_category(double, players) == "double"
    assert poignee_category(triple, players) == "triple"
    with pytest.raises(OptionError, match=f"at least {simple} trumps"):
        poignee_category(simple - 1, players)


def test_poignee_sizes_match_the_fft():
    assert POIGNEE_SIZES == {4: (10, 13, 15), 3: (13, 15, 18), 5: (8, 10, 13)}


@pytest.mark.parametrize("trumps, bonus", [(10, 20), (13, 30), (15, 40)])
def test_poignee_bonus_goes_to_the_winning_side_whoever_showed_it(trumps, bonus):
    base_made = score_deal(4, "garde", 2, 50).value
    base_failed = score_deal(4, "garde", 2, 30).value
    for side in ("attack", "defence"):
        assert score_deal(4, "garde", 2, 50, poignees=[(side, trumps)]).value == base_made + bonus
        assert score_deal(4, "garde", 2, 30, poignees=[(side, trumps)]).value == base_failed - bonus


def test_poignee_is_not_multiplied_and_several_add_up():
    for contract in CONTRACTS:
        plain = score_deal(4, contract, 1, 60).value
        both = score_deal(4, contract, 1, 60, poignees=[("attack", 10), ("defence", 10)]).value
        assert both - plain == 40


def test_impossible_poignees_are_refused():
    with pytest.raises(OptionError, match="at least 13 trumps with 3 players"):
        score_deal(3, "garde", 1, 60, poignees=[("attack", 10)])
    with pytest.raises(OptionError, match="the pack has 22"):
        score_deal(4, "garde", 1, 60, poignees=[("attack", 10), ("defence", 10), ("defence", 10)])
    with pytest.raises(OptionError, match="cannot show 16 trumps"):
        score_deal(5, "garde", 1, 60, seats=(0, 1), poignees=[("attack", 16)])
    with pytest.raises(OptionError, match="at most one poignée"):
        score_deal(4, "garde", 1, 60, poignees=[("attack", 10), ("attack", 10)])
    with pytest.raises(OptionError, match="'attack' or 'defence'"):
        score_deal(4, "garde", 1, 60, poignees=[("north", 10)])
    with pytest.raises(OptionError, match="\\(side, trumps\\) pair"):
        score_deal(4, "garde", 1, 60, poignees=[10])


# ----- petit au bout (FT-36) ------------------------------------------------------------------------
@pytest.mark.parametrize("contract", CONTRACTS)
def test_petit_au_bout_is_multiplied_and_independent_of_the_result(contract):
    mult = MULTIPLIERS[contract]
    for points in (30, 60):  # failed, made
        plain = score_deal(4, contract, 1, points).value
        assert score_deal(4, contract, 1, points, petit_au_bout="attack").value == plain + 10 * mult
        assert score_deal(4, contract, 1, points, petit_au_bout="defence").value == plain - 10 * mult


def test_petit_au_bout_needs_the_petit_on_that_side():
    with pytest.raises(OptionError, match="at least 1 bout"):
        score_deal(4, "garde", 0, 60, petit_au_bout="attack")
    with pytest.raises(OptionError, match="at most 2 bouts"):
        score_deal(4, "garde", 3, 60, petit_au_bout="defence")


# ----- chelem (FT-38) -------------------------------------------------------------------------------
@pytest.mark.parametrize("chelem, bonus", list(CHELEMS.items()))
def test_chelem_bonuses_are_not_multiplied(chelem, bonus):
    for contract in CONTRACTS:
        contre = contract == "garde_contre"
        # A chelem's points: every card but the dog on a garde contre (six cards, 3 points at least);
        # a defence chelem leaves the attack its discard or the dog (3 points at least), or nothing.
        points = {"announced_made": 88 if contre else 91, "unannounced_made": 88 if contre else 91,
                  "announced_failed": 70, "defence": 0 if contre else 3}[chelem]
        bouts = 0 if chelem == "defence" else 3
        s = score_deal(4, contract, bouts, points, chelem=chelem)
        sign = 1 if s.made else -1
        plain = sign * (25 + abs(s.margin)) * MULTIPLIERS[contract]
        assert s.term("chelem").value == bonus and s.value == plain + bonus


def test_defence_chelem_pays_each_defender_200_more():
    s = score_deal(4, "prise", 0, 3, chelem="defence")          # the six discarded cards, all low
    assert s.value == -(25 + 53) - 200
    assert s.scores == (3 * s.value, -s.value, -s.value, -s.value)
    assert score_deal(4, "garde_contre", 0, 0, chelem="defence").value == -(25 + 56) * 6 - 200
    assert score_deal(4, "prise", 1, 7, chelem="defence").value == -(25 + 44) - 200   # + its Excuse


@pytest.mark.parametrize("kwargs, rule", [
    (dict(contract="garde", bouts=2, points=49, chelem="announced_made"), "91 with the 3 bouts, or 87"),
    (dict(contract="garde", bouts=3, points=87, chelem="unannounced_made"), "91 with the 3 bouts, or 87"),
    (dict(contract="garde", bouts=2, points=85, chelem="unannounced_made"), "91 with the 3 bouts, or 87"),
    (dict(contract="garde_contre", bouts=3, points=91, chelem="announced_made"), "less the dog's points"),
    (dict(contract="prise", bouts=0, points=0, chelem="defence"), "its discard"),
    (dict(contract="garde_contre", bouts=0, points=3, chelem="defence"), "nothing"),
    (dict(contract="garde_sans", bouts=0, points=30, chelem="defence"), "the dog"),
    (dict(contract="garde", bouts=3, points=90, chelem=None), "the defence took no trick"),
    (dict(contract="garde", bouts=3, points=89.5, chelem="announced_failed"), "the defence took no trick"),
    (dict(contract="garde", bouts=0, points=2, chelem=None), "the attack took no trick"),
])
def test_a_chelem_that_cannot_be_every_trick_is_refused(kwargs, rule):
    with pytest.raises(OptionError, match=rule) as err:
        score_deal(4, **kwargs)
    assert "FT-30" in str(err.value) and "\n" not in str(err.value)


def test_the_chelems_that_can_happen_are_accepted():
    assert score_deal(4, "garde", 3, 91, chelem="announced_made").value == (25 + 55) * 2 + 400
    assert score_deal(4, "prise", 2, 87, chelem="unannounced_made").value == 25 + 46 + 200
    assert score_deal(5, "garde_contre", 3, 89.5, chelem="announced_made").made  # a dog of 3 low cards
    assert score_deal(4, "garde_contre", 2, 80, chelem="announced_made").made   # the defence: dog + Excuse
    assert score_deal(3, "garde_sans", 1, 7, chelem="defence").term("chelem").value == -200


def test_inconsistent_chelem_is_refused():
    with pytest.raises(OptionError, match="has made its contract"):
        score_deal(4, "garde", 0, 40, chelem="announced_made")
    with pytest.raises(OptionError, match="leaves the contract failed"):
        score_deal(4, "garde", 3, 60, chelem="defence")
    with pytest.raises(OptionError, match="cannot take the last trick"):
        score_deal(4, "garde", 2, 87, chelem="unannounced_made", petit_au_bout="defence")
    with pytest.raises(OptionError, match="unknown chelem"):
        score_deal(4, "garde", 3, 91, chelem="capote")


# ----- contracts and bad input ------------------------------------------------------------------------
def test_contract_names_and_multipliers():
    assert [MULTIPLIERS[c] for c in CONTRACTS] == [1, 2, 4, 6]
    for alias, name in [("prise", "prise"), ("Petite", "prise"), ("GARDE", "garde"),
                        ("garde_sans", "garde_sans"), ("garde sans le chien", "garde_sans"),
                        ("Garde-Contre", "garde_contre"), ("guard against the dog", "garde_contre"),
                        ("G. Sans", "garde_sans")]:
        assert parse_contract(alias) == name
    for contract in CONTRACTS:
        assert score_deal(4, contract, 2, 41).value == 25 * MULTIPLIERS[contract]


@pytest.mark.parametrize("kwargs, message", [
    (dict(contract="slam", bouts=1, points=50), "unknown contract 'slam': choose prise"),
    (dict(contract=None, bouts=1, points=50), "unknown contract None"),
    (dict(bouts=4, points=50), "bouts must be 0, 1, 2 or 3"),
    (dict(bouts=-1, points=50), "bouts must be 0, 1, 2 or 3"),
    (dict(bouts=1, points=91.5), "from 0 to 91"),
    (dict(bouts=1, points=-1), "from 0 to 91"),
    (dict(bouts=1, points=50.25), "steps of 0.5"),
    (dict(bouts=1, points="50"), "must be a number"),
    (dict(bouts=1), "give the attack's points"),
    (dict(bouts=1, points=50, half_points=100), "not both"),
    (dict(bouts=1, half_points=183), "half_points must be a whole number from 0 to 182"),
    (dict(bouts=1, half_points=10.0), "half_points must be a whole number"),
    (dict(bouts=3, points=10), "3 bouts alone are worth at least 12 points"),
    (dict(bouts=0, points=90), "the defence holds 3 bouts"),
    (dict(players=6, bouts=1, points=50), "players must be 3, 4 or 5"),
    (dict(bouts=1, points=50, seats=4), "taker's seat must be a whole number from 0 to 3"),
    (dict(bouts=1, points=50, petit_au_bout="north"), "petit_au_bout must be 'attack' or 'defence'"),
    (dict(bouts=1, points=50, poignees="attack 10"), "poignees must be a list"),
])
def test_bad_input_gives_a_clear_value_error(kwargs, message):
    with pytest.raises(OptionError) as err:
        score_deal(**kwargs)
    assert message in str(err.value)
    assert "\n" not in str(err.value)


def test_points_and_half_points_agree():
    assert score_deal(3, "garde", 2, 40.5) == score_deal(3, "garde", 2, half_points=81)


def test_round_trip_through_dict():
    s = score_deal(5, "garde_contre", 1, 60, seats=(4, 0), petit_au_bout="attack",
                   poignees=[("defence", 8)], chelem="announced_failed")
    assert DealScore.from_dict(s.to_dict()) == s
    s = score_deal(5, "prise", 1, 60, seats=2, taker_alone=True)
    assert DealScore.from_dict(s.to_dict()) == s
    with pytest.raises(SaveError, match="unknown deal score fields: colour"):
        DealScore.from_dict({**s.to_dict(), "colour": 1})
    with pytest.raises(SaveError, match="lacks fields: bouts"):
        DealScore.from_dict({k: v for k, v in s.to_dict().items() if k != "bouts"})


# ----- properties -----------------------------------------------------------------------------------
@st.composite
def _chelem_points(draw, players, contract, chelem):
    """Bouts and half points that a deal with this chelem can end with (FT-25, FT-30)."""
    dog, contre = DOG_SIZES[players], contract == "garde_contre"
    kept = int(draw(st.booleans()))               # the trickless side keeps its own Excuse
    if chelem in ("announced_made", "unannounced_made"):
        dog_bouts = draw(st.integers(0, 3 - kept)) if contre else 0
        dog_half = draw(st.integers(dog + 8 * dog_bouts, 9 * dog)) if contre else 0
        return 3 - kept - dog_bouts, 182 - dog_half - 8 * kept
    if chelem == "defence":
        if contract in ("prise", "garde"):
            return kept, draw(st.integers(dog, 7 * dog)) + 8 * kept
        if contre:
            return kept, 8 * kept
        dog_bouts = draw(st.integers(0, min(dog, 3 - kept)))
        return dog_bouts + kept, draw(st.integers(dog + 8 * dog_bouts, 9 * dog)) + 8 * kept
    bouts = draw(st.integers(0, 3))
    low = players + (0 if contre else dog) if chelem is None else 0
    high = 182 - players - (dog if contre else 0)
    return bouts, draw(st.integers(max(8 * bouts, low), min(182 - 8 * (3 - bouts), high)))


@st.composite
def deals(draw):
    players = draw(st.sampled_from([3, 4, 5]))
    contract = draw(st.sampled_from(CONTRACTS))
    chelem = draw(st.sampled_from([None, "announced_failed", "announced_made", "unannounced_made", "defence"]))
    bouts, half = draw(_chelem_points(players, contract, chelem))
    petit_options = [None]
    if bouts >= 1 and chelem != "defence":
        petit_options.append("attack")
    if bouts <= 2 and chelem not in ("announced_made", "unannounced_made"):
        petit_options.append("defence")
    petit = draw(st.sampled_from(petit_options))
    alone = players == 5 and draw(st.booleans())
    taker = draw(st.integers(0, players - 1))
    seats = taker
    if players == 5 and not alone:
        seats = (taker, draw(st.integers(0, 4).filter(lambda s: s != taker)))
    sizes = POIGNEE_SIZES[players]
    poignees = draw(st.lists(st.tuples(st.sampled_from(["attack", "defence"]),
                                       st.integers(sizes[0], min(22, HAND_SIZES[players]))),
                             max_size=1))
    return dict(players=players, contract=contract, bouts=bouts,
                half_points=half, petit_au_bout=petit, chelem=chelem, taker_alone=alone,
                seats=seats, poignees=poignees)


@given(deals())
def test_scores_always_sum_to_zero_and_follow_the_shares(kwargs):
    s = score_deal(**kwargs)
    assert sum(s.scores) == 0
    assert all(isinstance(x, int) for x in s.scores)
    assert s.value == sum(t.value for t in s.terms)
    for d in s.defenders:
        assert s.scores[d] == -s.value
    shares = {3: 2, 4: 3, 5: 4 if s.alone else 2}[s.players]
    assert s.scores[s.taker] == shares * s.value
    if s.partner is not None:
        assert s.scores[s.partner] == s.value
    assert DealScore.from_dict(s.to_dict()) == s


@given(deals())
def test_more_points_never_score_less(kwargs):
    s = score_deal(**kwargs)
    if kwargs["chelem"] in (None, "announced_failed") and kwargs["half_points"] + 1 <= 182 - 8 * (3 - kwargs["bouts"]):
        try:
            more = score_deal(**{**kwargs, "half_points": kwargs["half_points"] + 1})
        except OptionError as err:      # one half point more would be every trick: a chelem
            assert "the defence took no trick" in str(err)
        else:
            assert more.value >= s.value
    assert s.made == (s.half_points >= 2 * s.threshold)
    assert abs(s.term("contract").value) == 25 * s.multiplier


def test_breakdown_and_html_name_the_players():
    s = score_deal(5, "garde", 2, 50, seats=(0, 2))
    text = s.breakdown(list("ABCDE"))
    assert "taker (A): +136; partner (C): +68; defenders (B, D, E): -68 each" in text
    page = s._repr_html_()
    assert page.count("<tr") == len(s.terms) + 1 + 5
    assert "seat 2 (partner)" in page and "+136" in page
    assert s.player_lines(list("ABCDE"))[4] == ("E (defender)", -68)


def test_headline_mentions_the_half_point_rule_only_when_used():
    assert "half point goes to the defence" in score_deal(3, "prise", 2, 40.5).headline()
    assert "half point" not in score_deal(3, "prise", 2, 40).headline()
    assert "made exactly" in score_deal(3, "prise", 2, 41).headline()
