"""French Tarot rule sets raced over the same deals (games/french_tarot/explore.py)."""

from __future__ import annotations

import pytest

from tarot_learn.errors import OptionError
from tarot_learn.games.french_tarot.explore import Mean, RuleSet, Share, race, rescore
from tarot_learn.games.french_tarot.scoring import score_deal


def test_two_rule_sets_over_the_same_deals():
    fft, eager = RuleSet("FFT"), RuleSet("Bid from 34", thresholds=(34, 46, 66, 80))
    r = race(fft, eager, deals=60, seed=5)
    a, b = r.results
    assert a.deals == b.deals == 60 and r.players == 4
    assert b.taken.count > a.taken.count           # lower bidding strengths: more contracts taken
    assert a.made.total == a.taken.count and 0 <= a.made.count <= a.made.total
    low, high = a.taken.interval
    assert 0 <= low < a.taken.count / 60 < high <= 1
    assert a.taker_score.n == a.taken.count and a.taker_score.half_width > 0
    assert "Bid from 34: contracts taken" in str(r) and "| FFT |" in r._repr_markdown_()
    assert race(fft, deals=60, seed=5).results[0] == a      # the same deals every time


def test_scores_recounted_by_other_rules():
    s = score_deal(4, "prise", 1, 44, poignees=[("attack", 10)], petit_au_bout="attack")
    assert rescore(s, RuleSet()) == s.scores
    # A prise failed by 7 with a poignée simple: (25 + 7) * 1 the defence's, -10 for the Petit au
    # bout the attack took, the poignée's 20 to the winners: value -42; with 40 for it, -62.
    assert rescore(s, RuleSet(poignee_bonus=(40, 60, 80))) == (-186, 62, 62, 62)
    assert rescore(s, RuleSet(contract_base=0, petit_au_bout=0, poignee_bonus=(0, 0, 0))) == (-21, 7, 7, 7)
    five = score_deal(5, "garde", 2, 40.5, seats=(3, 1))
    assert sum(rescore(five, RuleSet(contract_base=50))) == 0


def test_intervals():
    assert Share(0, 0).interval == (0.0, 1.0)
    low, high = Share(0, 20).interval
    assert low == 0.0 and 0.1 < high < 0.2
    assert Mean.of([3]).half_width == float("inf") and Mean.of([]).n == 0
    assert Mean.of([1, 3]).mean == 2.0


def test_bad_rule_sets_are_refused_in_one_line():
    with pytest.raises(OptionError, match="give one rule set or more"):
        race()
    with pytest.raises(OptionError, match="thresholds are four hand strengths in rising order"):
        race(RuleSet(thresholds=(50, 40, 68, 80)), deals=2)
    with pytest.raises(OptionError, match="whole numbers, 0 or more"):
        race(RuleSet(petit_au_bout=-5), deals=2)
    with pytest.raises(OptionError, match="players must be 3, 4 or 5"):
        race(RuleSet(), deals=2, players=6)
    with pytest.raises(OptionError, match="each rule set is a RuleSet"):
        race("FFT", deals=2)  # type: ignore[arg-type]


def test_how_often_a_contract_is_made_with_a_given_hand():
    from tarot_learn.games.french_tarot.explore import how_often_made
    share = how_often_made(2, 6, "garde", deals=300, seed=1)
    assert share.unit == "contracts" and 5 < share.total < 300 and 0 < share.count <= share.total
    weak = how_often_made(0, 3, "garde_sans", deals=300, seed=1)
    assert weak.count / weak.total < share.count / share.total      # no bout, few trumps: seldom made
    for bad, words in (({"bouts": 4, "trumps": 6}, "bouts must be 0 to 3"),
                       ({"bouts": 2, "trumps": 6, "contract": "pass"}, "contract must be one of"),
                       ({"bouts": 2, "trumps": 6, "deals": 0}, "deals must be a whole number"),
                       ({"bouts": 2, "trumps": 6, "players": 2}, "players must be 3, 4 or 5")):
        with pytest.raises(OptionError, match=words):
            how_often_made(**bad)
