"""The what-if widget for French Tarot: two rule sets raced live by the robots over the same deals,
contracts taken and made and the taker's mean score with their 95% intervals."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from tarot_learn.errors import OptionError  # noqa: E402
from tarot_learn.games.french_tarot.explore import RuleSet, race  # noqa: E402
from tarot_learn.widgets.whatif import TarotRace, TarotWhatIf, tarot_rules  # noqa: E402


def test_a_live_race_adds_up_to_the_explorers_figures_batch_by_batch():
    a, b = tarot_rules(), tarot_rules(petit_au_bout=30, prise_from=45)
    live = TarotRace(a, b, max_deals=60, batch=25, first_seed=7)
    assert live.step() and live.deals == 25 and len(live.history) == 1
    live.run()
    assert live.deals == 60 and [h[0] for h in live.history] == [25, 50, 60]
    whole = race(a, b, deals=60, seed=7)                    # the same deals in one go
    assert tuple(live.results().values()) == whole.results
    r = live.results()
    assert r["a"].taken.total == 60 and r["b"].taken.count < r["a"].taken.count    # a higher bar, fewer takers
    said = live.verdict()
    assert said.startswith("after 60 deals each.") and "Prise from 45" not in said and "prise from 45" in said
    assert said.count("95% interval") == 4 and said.count("± ") == 2
    assert "contracts made (%), 95% interval" in live.chart().svg


def test_the_widget_runs_the_race_and_shows_the_intervals():
    w = TarotWhatIf(b={"petit_au_bout": 20}, max_deals=30, batch=15)
    assert set(w.pickers["b"]) == {"petit_au_bout", "contract_base", "poignee_simple", "prise_from"}
    assert w.pickers["b"]["petit_au_bout"].value == 20 and w.pickers["a"]["petit_au_bout"].value == 10
    w.pickers["a"]["contract_base"].value = 30                     # the page may change a knob
    w.start(wait=True)
    assert w.race.done and w.race.deals == 30
    assert w.rule_sets()["a"] == RuleSet("contract 30", contract_base=30)
    assert "after 30 deals each" in w.status.value and "<svg" in w.plot.value
    table = w.deal_box.children[0].value
    assert "contract 30" in table and "Petit au bout 20" in table and "95% interval" in table
    assert not w.start_button.disabled and w.stop_button.disabled


@pytest.mark.parametrize("knobs, words", [({"petit": 20}, "unknown French Tarot rule 'petit'"),
                                          ({"prise_from": 60}, "prise_from is a hand strength from 0 to 50"),
                                          ({"petit_au_bout": -5}, "whole numbers, 0 or more")])
def test_bad_rules_are_refused_in_one_line(knobs, words):
    with pytest.raises(OptionError, match=words) as err:
        TarotWhatIf(b=knobs)
    assert "\n" not in str(err.value)
    with pytest.raises(OptionError, match="max_deals must be a whole number"):
        TarotRace(tarot_rules(), tarot_rules(), max_deals=0)
    with pytest.raises(OptionError, match="players must be 3, 4 or 5"):
        TarotWhatIf(players=6)
