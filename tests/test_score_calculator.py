"""Lesson 07's score calculator refuses impossible inputs with a reason and never shows a blank
control."""

from __future__ import annotations


import pytest

pytest.importorskip("ipywidgets")

from tarot_learn.lessons.score_calculator import ScoreCalculator  # noqa: E402


def blank_controls(calc: ScoreCalculator) -> list[str]:
    out = []
    for name, control in calc._controls.items():
        options = getattr(control, "options", None)
        if options is not None:
            values = [o[1] if isinstance(o, tuple) else o for o in options]
            if control.value not in values:
                out.append(name)
    return out


@pytest.mark.parametrize("points", [91.5, 95, -1, 200])
def test_points_outside_0_to_91_are_refused_not_clamped(points):
    calc = ScoreCalculator()
    calc.widget._repr_mimebundle_  # the controls exist
    calc._controls["points"].value = points
    assert calc.score is None and "from 0 to 91" in calc.error
    assert calc._controls["points"].value == points, "the control keeps what was typed"
    assert "cannot happen" in calc.html()


def test_changing_the_table_size_never_leaves_a_blank_poignee():
    calc = ScoreCalculator(players=4, poignee_attack=10, poignee_defence=15)
    calc.widget
    for players in (3, 5, 4, 3):
        calc._controls["players"].value = players
        assert blank_controls(calc) == []
        assert calc.inputs["poignee_attack"] in [0, *calc.poignee_sizes()]
    assert calc.score is not None


def test_an_input_no_control_can_show_is_refused_with_a_reason():
    calc = ScoreCalculator()
    calc.widget
    for bad in ({"bouts": 4}, {"players": 6}, {"poignee_attack": 11}, {"contract": "grande"}):
        calc.set(**bad)
        assert calc.score is None and "choose one of" in calc.error
        assert blank_controls(calc) == [] and "cannot happen" in calc._result.value
    calc.set(bouts=3, points=60)
    assert calc.score is not None and calc.error is None


def test_no_petit_au_bout_and_no_chelem_show_their_words_not_a_blank():
    """ipywidgets shows a None value as no selection: the dropdowns hold a word instead."""
    calc = ScoreCalculator(petit_au_bout=None, chelem=None)
    calc.widget
    for name, label in (("petit_au_bout", "no"), ("chelem", "none")):
        control = calc._controls[name]
        assert control.index is not None and control.label == label, (name, control.value)
    calc._controls["petit_au_bout"].value = "attack"
    assert calc.inputs["petit_au_bout"] == "attack"
    calc._controls["petit_au_bout"].value = "none"
    assert calc.inputs["petit_au_bout"] is None and calc.score.term("petit") is None
    calc.set(chelem="announced_failed", bouts=2, points=49)
    assert calc._controls["chelem"].label == "announced failed"
    calc.set(chelem=None)
    assert calc._controls["chelem"].label == "none" and calc.inputs["chelem"] is None


def test_a_typed_95_is_said_back_as_95():
    calc = ScoreCalculator()
    calc.widget
    calc._controls["points"].value = 95        # the FloatText hands over 95.0
    assert calc.error.endswith("not 95") and "95.0" not in calc.html()
    calc._controls["points"].value = 91.5
    assert calc.error.endswith("not 91.5")
