"""kit.Exercise: graduated feedback (rule, step, answer), every kind, its widget, and its records."""

from __future__ import annotations

import html
import re

import pytest

from tarot_learn import rules
from tarot_learn.cards import Card
from tarot_learn.errors import OptionError
from tarot_learn.lessons import kit, progress


@pytest.fixture(autouse=True)
def _data(tmp_path, monkeypatch):
    monkeypatch.setenv("TAROT_LEARN_DATA", str(tmp_path))
    monkeypatch.setenv("TAROT_LEARN_LEARNER", "tester")


def death(**kw) -> kit.Exercise:
    args = dict(prompt="What does Death (T13) play as?", answer=4, rule="TS-5",
                hint="Add the digits.", step="1 + 3 = 4.", explain="Death is 13: 1 + 3 = 4.")
    args.update(kw)
    return kit.Exercise("02.death-plays-as", **args)


def test_wrong_answers_get_the_rule_then_the_step_then_the_answer():
    ex = death(wrong=lambda a: "That is the printed number." if a == 13 else "")
    first = ex.submit(13)
    assert (first.ok, first.level, first.rule) == (False, "hint", "TS-5")
    assert "TS-5" in first.message and "printed number" in first.message and "Add the digits." in first.message
    # TS-5's text lists every digit sum (Death 13 as 4): the hint quotes only its heading
    assert first.rule_text == rules.title("TS-5") + " (the whole rule is on the rule sheet)"
    assert html.escape(first.rule_text) in first.html() and rules.text("TS-5") not in first.html()
    assert "4" not in first.message, "the hint does not give the answer away"
    second = ex.submit(5)
    assert (second.ok, second.level) == (False, "step") and "1 + 3 = 4." in second.message
    third = ex.submit(5)
    assert (third.ok, third.level) == (False, "answer") and "The answer is 4." in third.message
    assert "Death is 13" in third.message
    right = ex.submit("4")
    assert (right.ok, right.level, right.message) == (True, "right", "Death is 13: 1 + 3 = 4.")
    assert progress.load()["02.death-plays-as"] == {"attempts": 4, "solved": True, "first_try": False}


def test_a_right_first_answer_gets_the_explanation_and_counts_as_first_try():
    ex = death()
    assert repr(ex.submit(4)) == "✓ Right. Death is 13: 1 + 3 = 4."
    assert ex.first_try and progress.load()["02.death-plays-as"]["first_try"] is True


@pytest.mark.parametrize("value", ["", None, "four", "1e999", "nan", "x" * 10_000])
def test_unreadable_numbers_are_said_and_not_counted(value):
    ex = death()
    fb = ex.submit(value)
    assert fb.ok is None and fb.level == "invalid" and ex.attempts == 0
    assert "\n" not in fb.message and len(fb.message) < 120
    assert progress.load() == {}


def test_text_choice_and_cards_kinds():
    text = kit.Exercise("03.move", prompt="Which move?", answer="t2>t1", kind="text", rule="TS-6")
    assert text.submit("  T2>T1 ").ok is True
    choice = kit.Exercise("03.pick", prompt="Which?", answer="b", kind="choice", options=["a", "b"], rule="TS-6")
    assert choice.submit("a").ok is False and choice.submit("b").ok is True
    with pytest.raises(OptionError):
        choice.submit("c")
    cards = kit.Exercise("02.tens", prompt="Which play as 10?", answer=["10C", "T19"], kind="cards",
                         options=["AW", "10C", "T19", "T10"], rule="TS-4")
    assert cards.submit(["10C"]).ok is False
    assert cards.submit([Card.parse("T19"), "10C"]).ok is True
    with pytest.raises(OptionError):
        cards.submit(["KS"])
    assert cards.submit("not a card").level == "invalid"


def test_bad_exercises_are_refused_with_one_line():
    for kwargs in (dict(kind="dice"), dict(kind="choice", options=["1", "2"], answer="3"),
                   dict(rule="TS-99"), dict(answer="four"), dict(options=["1"]),
                   dict(kind="cards", options=["AW"], answer="10C")):
        with pytest.raises(OptionError) as err:
            death(**kwargs)
        assert "\n" not in str(err.value)
    with pytest.raises(OptionError):
        kit.Exercise("lesson two", prompt="?", answer=1)


def test_custom_comparison():
    ex = kit.Exercise("02.close", prompt="?", answer=10, same=lambda a, e: abs(a - e) <= 1)
    assert ex.submit(11).ok is True


# ----- the widget does what submit does ---------------------------------------------------------------
def test_number_widget_check_button_gives_graduated_feedback():
    ex = death()
    prompt, row, output = ex.widget.children
    assert "data-exercise='02.death-plays-as'" in prompt.value and "4" not in prompt.value.replace("T13", "")
    text, check = row.children
    text.value = "13"
    check.click()
    assert "data-level='hint'" in output.value and "TS-5" in output.value
    text.value = "9"
    check.click()
    assert "data-level='step'" in output.value
    text.value = "4"
    check.click()
    assert "data-level='right'" in output.value and ex.solved


def test_card_picker_offers_the_options_by_name_and_notation():
    ex = kit.Exercise("02.sun", prompt="Which card plays as 10?", answer="T19", kind="cards",
                      options=["AW", "T19", "T10"], rule="TS-4")
    picker = ex.widget.children[1].children[0]
    labels = [t.description for t in picker.children]
    assert labels == ["Ace of Wands · AW", "The Sun (XIX) · T19", "Wheel of Fortune (X) · T10"]
    picker.children[0].value = True
    picker.children[1].value = True            # one-card exercise: picking another lets the first go
    assert [t.value for t in picker.children] == [False, True, False]
    assert ex.view.press().ok is True


def test_submit_from_python_shows_in_the_widget():
    ex = kit.Exercise("03.pick", prompt="Which?", answer="b", kind="choice", options=["a", "b"], rule="TS-6")
    radio = ex.widget.children[1].children[0]
    ex.submit("a")
    assert radio.value == "a" and "data-level='hint'" in ex.widget.children[2].value


def test_huge_answers_are_read_only_in_part():
    from tarot_learn.lessons import feedback

    cards = kit.Exercise("02.tens", prompt="?", answer=["10C"], kind="cards", options=["AW", "10C"], rule="TS-4")
    read = []

    def endless():
        while True:
            read.append(1)
            yield "AW"

    assert cards.submit(endless()).ok is False
    assert len(read) <= feedback.MAX_CARDS + 1, "an endless list of cards is read only up to a pack's worth"
    assert cards.submit("AW " * 1_000_000).ok is False
    text = kit.Exercise("03.move", prompt="?", answer="t2>t1", kind="text", rule="TS-6")
    assert text.submit("t" * 10_000_000).ok is False


@pytest.mark.parametrize("card", ["T11", "T12", "T13", "T14", "T15", "T16", "T17", "T18", "T20", "T21"])
def test_a_first_hint_never_quotes_a_rule_that_holds_the_answer(card):
    """A wrong plays-as answer must not be met with the TS-5 table, which holds the answer."""
    from tarot_learn.numerology import playing_value

    value = playing_value(Card.parse(card))
    ex = kit.Exercise("02.plays-as-check", prompt=f"What does {card} play as?", answer=value, rule="TS-5",
                      hint="Add the digits once.", step="...", record=False)
    first = ex.submit(value + 1)
    assert first.level == "hint"
    shown = first.html()
    name = Card.parse(card).title.removeprefix("The ")
    assert not re.search(rf"{name} (?:{Card.parse(card).rank} )?(?:plays )?as {value}\b", shown), shown
    assert first.rule_text.startswith("TS-5 "), "the hint still quotes the rule's name (the page shows it)"


def test_a_rule_without_the_answer_is_quoted_whole():
    ex = kit.Exercise("03.pick-two", prompt="Which?", answer="b", kind="choice", options=["a", "b"], rule="TS-6",
                      record=False)
    assert ex.submit("a").rule_text == rules.text("TS-6")
