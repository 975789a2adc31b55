"""The drill's French Tarot and deck questions: French names, card points, "is it a bout?",
Marseille numbers and name -> card (pick it from a spread), each answer the engine's."""

from __future__ import annotations

import random

import pytest

from tarot_learn.cards import Card, roman, tarot_deck
from tarot_learn.drill import Drill
from tarot_learn.drill.answers import is_right, is_right_for, parse_answer
from tarot_learn.drill.questions import MARSEILLE_NUMBERS, applies, make_question, note
from tarot_learn.errors import OptionError
from tarot_learn.games.french_tarot.cards import card_points, is_bout
from tarot_learn.lessons import glossary

NEW = ("french", "points", "bout", "marseille", "pick")


@pytest.mark.parametrize("kind", NEW)
def test_every_card_has_one_right_option_and_it_is_the_engines(kind):
    rng = random.Random(3)
    for card in tarot_deck():
        if not applies(kind, card):
            assert kind == "marseille" and not card.is_trump
            continue
        q = make_question(1, card, kind, rng, choices=5)
        assert q.expected in q.options and len(set(q.options)) == len(q.options), (card, q.options)
        want = {"french": card.french_name_fr, "points": f"{card_points(card):g}",
                "bout": "yes" if is_bout(card) else "no",
                "marseille": "no number" if MARSEILLE_NUMBERS.get(card.rank, card.rank) is None
                else roman(MARSEILLE_NUMBERS.get(card.rank, card.rank))}
        if kind == "pick":
            assert q.spread[int(q.expected) - 1] == card and card.name in q.prompt
            assert len(q.spread) == len(q.options) and all(c.name not in q.options for c in q.spread)
        else:
            assert q.expected == want[kind], (card, q.expected)
        assert note(kind, card)


def test_the_marseille_numbers_are_the_glossarys():
    assert MARSEILLE_NUMBERS == glossary.MARSEILLE_NUMBERS
    assert make_question(1, Card.parse("T11"), "marseille", random.Random(0), 4).expected == "VIII"
    assert make_question(1, Card.parse("T0"), "marseille", random.Random(0), 4).expected == "no number"


@pytest.mark.parametrize("kind, card, right, wrong", [
    ("french", "T0", ["l'Excuse", "L’EXCUSE", "l excuse"], ["le Petit"]),
    ("french", "NP", ["Cavalier de Carreau", "cavalier de carreau"], ["Valet de Carreau"]),
    ("points", "NC", ["2.5", "2,5", "2 1/2", "2.5 points"], ["2", "3.5"]),
    ("points", "7W", ["0.5", "half a point"], ["7", "1"]),
    ("bout", "T21", ["yes", "oui"], ["no"]),
    ("bout", "T20", ["no", "non"], ["yes"]),
    ("marseille", "T8", ["XI", "11", "xi"], ["VIII", "8"]),
    ("marseille", "T0", ["none", "no number"], ["0"]),
])
def test_typed_answers_are_read_forgivingly(kind, card, right, wrong):
    c = Card.parse(card)
    assert all(is_right(kind, c, t) for t in right), right
    assert not any(is_right(kind, c, t) for t in wrong), wrong


@pytest.mark.parametrize("kind, text, says", [
    ("points", "lots", "not a number of points"), ("points", "99", "not a number of points"),
    ("bout", "maybe", "answer yes or no"), ("marseille", "XXX", "not a trump's number"),
])
def test_unreadable_answers_say_what_to_write(kind, text, says):
    with pytest.raises(OptionError, match=says):
        parse_answer(kind, text)


def test_a_pick_question_takes_a_place_or_the_card():
    q = make_question(1, Card.parse("T19"), "pick", random.Random(1), choices=5)
    wrong = next(o for o in q.options if o != q.expected)
    assert is_right_for(q, q.expected) and not is_right_for(q, wrong)
    assert is_right_for(q, "T19") and is_right_for(q, "the sun")
    with pytest.raises(OptionError, match="write the place of the card, from 1 to 5"):
        is_right_for(q, "the tower" if Card.parse("T16") not in q.spread else "KW")


@pytest.mark.parametrize("kind", NEW)
def test_a_drill_of_each_kind_runs_and_records(kind, tmp_path, monkeypatch):
    monkeypatch.setenv("TAROT_LEARN_DATA", str(tmp_path))
    d = Drill(kind=kind, cards="trumps" if kind == "marseille" else "all", seed=4, remember=False)
    for _ in range(6):
        q = d.question
        marked = d.choose(q.options.index(q.expected))
        assert marked.correct and marked.note
        d.next()
    assert d.stats().asked == 6


def test_a_marseille_drill_of_suit_cards_is_refused():
    with pytest.raises(OptionError, match="a Marseille number is a trump's"):
        Drill(kind="marseille", cards="cups", seed=1, remember=False)


def test_the_widget_shows_a_pick_spread_and_refuses_a_kind_its_cards_cannot_answer(tmp_path, monkeypatch):
    pytest.importorskip("ipywidgets")
    from tarot_learn.render.raster import Raster
    from tarot_learn.widgets import Drill as DrillWidget

    monkeypatch.setenv("TAROT_LEARN_DATA", str(tmp_path))
    w = DrillWidget(kind="pick", cards="cups", seed=2, remember=False)
    spread = Raster.from_png(w.image.png)
    one = Raster.from_png(w.deck.card_png(w.question.card, w.height, show_value=False))
    assert spread.size[0] > len(w.question.options) * one.size[0] and spread.size[1] == one.size[1]
    assert [b.description for b in w.buttons] == list(w.question.options)
    w.kind_dropdown.value = "marseille"
    assert w.logic.kind == "pick" and w.kind_dropdown.value == "pick"
    assert "a Marseille number is a trump&#x27;s" in w.feedback_html.value
