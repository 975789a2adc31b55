"""The recognition drill: reading answers, options, feedback, the FSRS schedule kept between sessions,
the progress panel, statistics."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from datetime import timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tarot_learn import userdata
from tarot_learn.cards import Card, tarot_deck
from tarot_learn.errors import CardError, DeckError, OptionError
from tarot_learn.drill import KINDS, Drill, parse_answer, select_cards
from tarot_learn.numerology import explain, playing_value

C = Card.parse


DAY = 86_400.0
MONDAY_NOON = 1_795_435_200.0      # 2026-11-23 12:00 UTC


class Clock:
    """A clock the test moves by hand (epoch seconds)."""

    def __init__(self, now: float = MONDAY_NOON) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def data_folder(tmp_path, monkeypatch):
    """Every drill here keeps its schedule in a fresh folder, as a new learner's would be."""
    folder = tmp_path / "learner-data"
    monkeypatch.setenv("TAROT_LEARN_DATA", str(folder))
    return folder


def right_answer(d: Drill) -> str:
    return d.question.expected


def wrong_index(d: Drill) -> int:
    return next(i for i, o in enumerate(d.question.options) if o != d.question.expected)


# ---- answers ---------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["the sun", "sun", "Sun", "19", "XIX", "xix", "T19", "t19",
                                  "The Sun (XIX)", "  the   SUN ", "the-sun", "sun!"])
def test_name_answers_for_the_sun(text):
    assert parse_answer("name", text) == C("T19")


@pytest.mark.parametrize("text", ["knight of cups", "Knight of Cups", "NC", "nc", "cups knight",
                                  "knight cups", "cavalier of hearts", "knigth of cups"])
def test_name_answers_for_the_knight_of_cups(text):
    assert parse_answer("name", text) == C("NC")


@pytest.mark.parametrize("text, card", [
    ("hierophnt", "T5"), ("the hermitt", "T9"), ("0", "T0"), ("fool", "T0"), ("10 of wands", "10W"),
    ("ace of pentacles", "AP"), ("wheel", "T10"),
])
def test_more_name_answers(text, card):
    assert parse_answer("name", text) == C(card)


@given(st.sampled_from(tarot_deck()))
def test_every_name_and_notation_reads_back(card):
    assert parse_answer("name", card.name) == card
    assert parse_answer("name", card.title) == card
    assert parse_answer("name", str(card)) == card


@pytest.mark.parametrize("text", ["", "   ", "a dragon", "22", "king of dragons", "cups"])
def test_unreadable_names(text):
    with pytest.raises(CardError, match="names no card"):
        parse_answer("name", text)


@pytest.mark.parametrize("text, value", [("10", 10), ("ten", 10), ("plays as 10", 10),
                                         ("Wild", None), ("none", None), ("king", 14), ("2", 2)])
def test_value_answers(text, value):
    assert parse_answer("value", text) == value


@pytest.mark.parametrize("text, group", [
    ("PC", "PC"), ("pc", "PC"), ("cups", "PC"), ("Pentacles and Cups", "PC"), ("cups & pentacles", "PC"),
    ("SW", "SW"), ("wands", "SW"), ("Swords-and-Wands", "SW"), ("trump", "T"), ("Trumps", "T"),
    ("major arcana", "T"),
])
def test_group_answers(text, group):
    assert parse_answer("group", text) == group


@pytest.mark.parametrize("kind, text", [("value", "lots"), ("value", "9 or 10"), ("group", "cups and wands"),
                                        ("group", "")])
def test_unreadable_values_and_groups(kind, text):
    with pytest.raises(OptionError, match="is not a"):
        parse_answer(kind, text)


# ---- questions and options -------------------------------------------------------------------

@pytest.mark.parametrize("kind", ["name", "value"])
def test_options_hold_the_answer_and_four_distinct_distractors(kind):
    d = Drill(kind=kind, seed=7)
    for _ in range(120):
        q = d.question
        assert len(q.options) == 5 and len(set(q.options)) == 5
        assert q.options.count(q.expected) == 1
        d.next()


def test_name_distractors_are_plausible():
    d = Drill(kind="name", seed=3)
    for _ in range(150):
        q = d.question
        others = [parse_answer("name", o) for o in q.options if o != q.expected]
        if q.card.is_trump:
            assert all(o.is_trump and abs(o.rank - q.card.rank) <= 4 for o in others)
        else:
            assert all(o.suit is q.card.suit for o in others)
        d.next()


def test_value_distractors_include_the_unsummed_trump_number():
    d = Drill(kind="value", cards="T19", seed=1)
    assert "19" in d.question.options and d.question.expected == "10"
    d = Drill(kind="value", cards="T0", seed=1)
    assert d.question.expected == "wild" and "0" in d.question.options


def test_group_questions_have_three_fixed_options():
    d = Drill(kind="group", seed=2)
    for _ in range(40):
        q = d.question
        assert q.options == ("Pentacles and Cups", "Swords and Wands", "Trump")
        truth = {"PC": "Pentacles and Cups", "SW": "Swords and Wands", None: "Trump"}[q.card.group]
        assert q.expected == truth
        d.next()


def test_mixed_asks_every_kind():
    d = Drill(kind="mixed", seed=5)
    kinds = Counter()
    for _ in range(60):
        kinds[d.question.kind] += 1
        d.next()
    assert set(kinds) == {"name", "value", "group"}


def test_same_seed_same_run_different_seed_different_run():
    def run(seed):
        d = Drill(kind="mixed", seed=seed, clock=Clock(), remember=False)
        out = []
        for i in range(30):
            out.append((d.question.card, d.question.kind, d.question.options))
            d.choose(i % len(d.question.options))
            d.next()
        return out
    assert run(11) == run(11)
    assert run(11) != run(12)


# ---- feedback --------------------------------------------------------------------------------

def test_feedback_right_wrong_and_notes():
    clock = Clock()
    d = Drill(kind="value", cards="T19 T13", seed=4, clock=clock)
    card = d.question.card
    clock.now += 2.5
    fb = d.answer(str(playing_value(card)))
    assert fb.correct and fb.understood and fb.headline == "Right!"
    assert fb.note == explain(card) and "TS-5" in fb.note
    assert fb.seconds == pytest.approx(2.5)
    with pytest.raises(OptionError, match="already answered: call next"):
        d.answer("4")
    d.next()
    fb = d.choose(wrong_index(d))
    assert not fb.correct and fb.headline == f"Not quite: it is {fb.expected}"


def test_unreadable_answer_keeps_the_question_open():
    d = Drill(kind="name", cards="T19 NC", seed=1)
    fb = d.answer("a dragon")
    assert not fb.understood and not fb.correct and "names no card" in fb.note
    assert d.feedback is None and d.stats().asked == 0
    assert d.answer(right_answer(d)).correct


@pytest.mark.parametrize("index", [-1, 5, 1.0, True, "0"])
def test_choose_rejects_bad_indices(index):
    d = Drill(seed=1)
    with pytest.raises(OptionError, match="choose an option from 0 to 4"):
        d.choose(index)
    assert d.feedback is None


@pytest.mark.parametrize("kwargs, error, words", [
    ({"kind": "colour"}, OptionError, "kind must be one of name, value, group, french, points, bout, marseille, pick"),
    ({"cards": "T19 XX"}, CardError, "is not a tarot card"),
    ({"cards": ["T19", "XX"]}, CardError, "is not a tarot card"),
    ({"cards": []}, OptionError, "at least one card"),
    ({"cards": 5}, OptionError, "cards must be None, a set name"),
    ({"cards": [C("KS", pack="standard")]}, CardError, "not a tarot card"),
    ({"choices": 7}, OptionError, "choices must be a whole number from 2 to 5"),
    ({"seed": "abc"}, OptionError, "seed must be a whole number"),
])
def test_wrong_options(kwargs, error, words):
    with pytest.raises(error, match=words):
        Drill(**kwargs)


def test_card_sets():
    assert select_cards("courts") == [c for c in tarot_deck() if c.is_court]
    assert len(select_cards("cups")) == 14
    assert select_cards([C("T1"), "T1", "NC"]) == [C("NC"), C("T1")]
    assert KINDS == ("name", "value", "group", "french", "points", "bout", "marseille", "pick", "mixed")


# ---- the schedule (FSRS) and what it remembers -----------------------------------------------------

def simulate(seed: int, hard: set[Card], turns: int = 300, cards: str = "trumps") -> Counter:
    """A learner who always misses the ``hard`` cards and knows the others, 20 s per question."""
    clock = Clock()
    d = Drill(kind="name", cards=cards, seed=seed, clock=clock, remember=False)
    shown = Counter()
    for _ in range(turns):
        q = d.question
        shown[q.card] += 1
        clock.now += 20
        if q.card in hard:
            d.choose(wrong_index(d))
        else:
            d.answer(q.expected)
        d.next()
    return shown


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_missed_cards_come_back_more_often(seed):
    hard = {C("T13"), C("T19"), C("T8")}
    shown = simulate(seed, hard)
    easy = [shown[c] for c in select_cards("trumps") if c not in hard]
    mean_easy = sum(easy) / len(easy)
    for c in hard:
        assert shown[c] >= 3 * mean_easy, (c, shown[c], mean_easy)
    assert min(easy) >= 1                      # every card is still asked


def answer_card(d: Drill, card: Card, right: bool) -> None:
    """Skip to ``card`` (new cards come in the seed's order) and answer it."""
    for _ in range(200):
        if d.question.card == card:
            break
        d.next()
    assert d.question.card == card
    d.answer(d.question.expected) if right else d.choose(wrong_index(d))


def test_a_card_missed_today_is_due_before_a_card_answered_right():
    clock = Clock()
    d = Drill(kind="name", cards="T13 T19 T20", seed=4, clock=clock)
    answer_card(d, C("T13"), right=False)
    answer_card(d, C("T19"), right=True)
    assert d.due("T13") < d.due("T19")
    assert d.due("T13") - d.now() <= timedelta(minutes=10)
    clock.now += 5 * 60                      # five minutes on: only the missed card is due
    d.next()
    assert d.question.card == C("T13")       # T20 is new, but the due card comes first


def test_right_answers_space_out_to_days_and_a_lapse_comes_back_in_minutes():
    clock = Clock()
    d = Drill(kind="value", cards="T19", seed=1, clock=clock)
    gaps = []
    for _ in range(4):
        d.answer(d.question.expected)
        gaps.append(d.due("T19") - d.now())
        clock.now = d.due("T19").timestamp()
        d.next()
    assert gaps[0] < timedelta(hours=1) <= timedelta(days=1) <= gaps[2] < gaps[3]
    assert d.panel().known == 1
    d.choose(wrong_index(d))
    assert d.due("T19") - d.now() <= timedelta(minutes=10) and d.panel().known == 0


def test_both_schedules_survive_a_kernel_restart(data_folder):
    clock = Clock()
    d = Drill(kind="name", cards="T13 T19 T20", seed=4, clock=clock, learner="Ana")
    answer_card(d, C("T13"), right=False)
    answer_card(d, C("T19"), right=True)
    missed, known = d.due("T13"), d.due("T19")
    # Re-created objects read the file ...
    again = Drill(kind="name", cards="T13 T19 T20", seed=99, clock=clock, learner="Ana")
    assert (again.due("T13"), again.due("T19")) == (missed, known) and again.due("T20") is None
    # ... and so does a new process (a restarted kernel).
    code = ("import json, sys; from tarot_learn.drill import Drill; "
            "d = Drill(cards='T13 T19 T20', learner='Ana', clock=lambda: float(sys.argv[1])); "
            "print(json.dumps([d.due('T13').isoformat(), d.due('T19').isoformat(), str(d.question.card)]))")
    env = {**os.environ, "TAROT_LEARN_DATA": str(data_folder)}
    out = subprocess.run([sys.executable, "-c", code, str(clock.now + 600)], env=env, capture_output=True,
                         text=True, check=True)
    assert json.loads(out.stdout) == [missed.isoformat(), known.isoformat(), "T13"]   # the missed card first


def test_after_a_restart_the_missed_card_is_asked_first():
    clock = Clock()
    d = Drill(kind="name", cards="trumps", seed=4, clock=clock, learner="Ana")
    answer_card(d, C("T13"), right=False)
    answer_card(d, C("T19"), right=True)
    clock.now += 15 * 60
    tomorrow = Drill(kind="name", cards="trumps", seed=5, clock=clock, learner="Ana")
    assert tomorrow.question.card == C("T13")


def test_the_drill_keeps_cards_for_the_name_chosen_on_the_start_page(data_folder, monkeypatch):
    monkeypatch.delenv("TAROT_LEARN_CLASS_DIR", raising=False)
    monkeypatch.delenv("QUERY_STRING", raising=False)
    userdata.set_learner("Dev Kaur")
    d = Drill(kind="name", cards="T13 T19", seed=4, clock=Clock())
    answer_card(d, C("T13"), right=True)
    assert (data_folder / "drill" / "default" / "dev-kaur.json").is_file()


def test_on_a_class_server_a_drill_without_a_name_is_kept_for_no_one(data_folder, monkeypatch):
    monkeypatch.setenv("TAROT_LEARN_CLASS_DIR", str(data_folder))
    monkeypatch.setenv("TAROT_LEARN_LEARNER", "everyone")
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.setattr(userdata, "_chosen_here", [])
    d = Drill(kind="name", cards="T13 T19", seed=4, clock=Clock())
    answer_card(d, C("T13"), right=True)
    assert list(data_folder.rglob("*.json")) == [] and "start-here page" in d.memory.notice


def test_two_learners_on_one_machine_do_not_mix(data_folder):
    clock = Clock()
    ana = Drill(kind="name", cards="T13 T19", seed=4, clock=clock, learner="Ana")
    bo = Drill(kind="name", cards="T13 T19", seed=4, clock=clock, learner="Bo")
    answer_card(ana, C("T13"), right=False)
    answer_card(bo, C("T13"), right=True)
    assert ana.due("T13") < bo.due("T13")
    assert Drill(cards="T13 T19", learner="Ana", clock=clock).due("T13") == ana.due("T13")
    assert Drill(cards="T13 T19", learner="Bo", clock=clock).due("T13") == bo.due("T13")
    assert Drill(cards="T13 T19", learner="Cy", clock=clock).due("T13") is None
    assert Drill(cards="T13 T19", learner="Ana", deck="My Marseille", clock=clock).due("T13") is None
    files = sorted(p.relative_to(data_folder).as_posix() for p in data_folder.rglob("*.json"))
    assert files == ["drill/default/ana.json", "drill/default/bo.json"]


def test_two_drills_open_at_once_keep_each_others_answers():
    clock = Clock()
    names = Drill(kind="name", cards="T13 T19", seed=1, clock=clock, learner="Ana")
    values = Drill(kind="value", cards="T13 T19", seed=1, clock=clock, learner="Ana")
    for _ in range(2):                      # answering in turns, each saving after every answer
        for drill in (names, values):
            drill.answer(drill.question.expected)
            clock.now += 30
            drill.next()
    later = Drill(kind="mixed", cards="T13 T19", seed=1, clock=clock, learner="Ana")
    assert sorted(later.memory.records) == ["name:T13", "name:T19", "value:T13", "value:T19"]
    assert all(r.asked == 1 for r in later.memory.records.values())


@pytest.mark.parametrize("content", [b"{not json", b'{"version": 1, "cards": {"name:T1": {"fsrs": 3}}}',
                                     b"[]", b'{"version": 99, "cards": {}}', b"\xff\xfe", b"x" * 2_100_000])
def test_an_unreadable_file_is_kept_aside_and_the_drill_starts_afresh(data_folder, content):
    folder = data_folder / "drill" / "default"
    folder.mkdir(parents=True)
    (folder / "ana.json").write_bytes(content)
    d = Drill(cards="T13 T19", learner="Ana", clock=Clock())
    notice = d.memory.notice
    assert "could not be read" in notice and "starts afresh" in notice and "\n" not in notice
    kept = [p for p in folder.iterdir() if p.name.startswith("ana.unreadable-")]
    assert len(kept) == 1 and kept[0].read_bytes() == content
    d.answer(d.question.expected)
    assert json.loads((folder / "ana.json").read_text())["version"] == 1


def test_the_progress_panel_counts_known_due_today_groups_and_the_day_streak():
    clock = Clock()
    d = Drill(kind="group", cards="T1 AC AW", seed=2, clock=clock, learner="Ana")
    p = d.panel()
    assert (p.known, p.total, p.due_today, p.new, p.streak) == (0, 3, 0, 3, 0)
    for day in range(3):                      # three days in a row, every card right each time
        for _ in range(6):
            d.answer(d.question.expected)
            clock.now += 30
            d.next()
        if day < 2:
            clock.now += DAY
    p = d.panel()
    assert p.streak == 3 and p.new == 0 and p.known == 3
    assert p.groups["Trumps"][0] == p.groups["Trumps"][1] > 0
    assert set(p.groups) == {"Trumps", "Pentacles and Cups", "Swords and Wands"}
    d.choose(wrong_index(d))
    p = d.panel()
    assert p.due_today >= 1 and p.known == 2
    right, asked = p.groups[{"T": "Trumps", "PC": "Pentacles and Cups", "SW": "Swords and Wands"}[
        d.question.card.group or "T"]]
    assert right == asked - 1
    assert "streak 3 days" in str(p) and "2 of 3 known" in str(p)
    clock.now += 3 * DAY                       # a gap breaks the streak
    assert d.panel().streak == 0


@pytest.mark.parametrize("learner", [5, ["Ana"]])
def test_a_learner_is_a_name(learner):
    with pytest.raises(OptionError, match="learner is a name"):
        Drill(learner=learner)


def test_learner_names_stay_inside_the_data_folder(data_folder):
    d = Drill(cards="T1", learner="../../etc/passwd", clock=Clock())
    d.answer(d.question.expected)
    assert d.memory.path.resolve().is_relative_to(data_folder.resolve())


# ---- statistics ------------------------------------------------------------------------------

def test_stats_accuracy_time_and_hardest():
    clock = Clock()
    d = Drill(kind="name", cards="T13 T19 T21 AW", seed=6, clock=clock)
    plan = {C("T13"): (False, 4.0), C("T19"): (True, 1.0), C("T21"): (True, 2.0), C("AW"): (False, 9.0)}
    expected = Counter()
    for _ in range(16):
        card = d.question.card
        right, secs = plan[card]
        clock.now += secs
        (d.answer(d.question.expected) if right else d.choose(wrong_index(d)))
        expected[card] += 1
        d.next()
    s = d.stats()
    assert s.asked == 16 and s.correct == expected[C("T19")] + expected[C("T21")]
    assert s.accuracy == pytest.approx(s.correct / 16)
    assert s.cards[C("AW")].mean_seconds == pytest.approx(9.0)
    assert s.cards[C("T19")].accuracy == 1.0 and s.cards[C("T13")].accuracy == 0.0
    assert s.hardest == [C("AW"), C("T13")]          # both always missed; AW the slower
    total = sum(plan[c][1] * n for c, n in expected.items())
    assert s.mean_seconds == pytest.approx(total / 16)
    text = str(s)
    assert f"{s.correct}/16 right" in text and "Hardest: Ace of Wands" in text
    assert d.score == (s.correct, 16)


def test_stats_before_any_answer():
    s = Drill(seed=1).stats()
    assert s.asked == 0 and s.accuracy is None and s.mean_seconds is None and str(s) == "No answers yet."


def test_streak():
    d = Drill(kind="group", seed=8)
    for _ in range(3):
        d.answer(d.question.expected)
        d.next()
    assert d.streak == 3
    d.choose(wrong_index(d))
    assert d.streak == 0


def test_drill_logic_loads_no_imaging_or_widget_library():
    code = ("import sys, tarot_learn.drill as d; x = d.Drill(seed=1); x.answer('sun'); "
            "bad = [m for m in ('PIL', 'ipywidgets', 'anywidget') if m in sys.modules]; "
            "assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)


# ---- the widget, driven through its Python entry points ----------------------------------------

@pytest.fixture
def widget_module():
    pytest.importorskip("ipywidgets")
    from tarot_learn.widgets import drill as module
    return module


def test_widget_shows_the_card_options_and_feedback(widget_module):
    from tarot_learn.decks import default_deck
    clock = Clock()
    w = widget_module.Drill(kind="name", cards="trumps", seed=4, height=200, clock=clock)
    q = w.question
    assert w.image.png == widget_module._nameless_png(q.card, 200)
    assert w.image.png != default_deck().card_png(q.card, 200, show_value=False)
    assert [b.description for b in w.choice_box.children] == list(q.options)
    assert str(q.number) in w.prompt.value and q.prompt in w.prompt.value
    clock.now += 3.0
    wrong = wrong_index(w.logic)
    fb = w.choose(wrong)
    assert not fb.correct
    styles = [b.button_style for b in w.buttons]
    assert styles[wrong] == "danger" and styles[q.options.index(q.expected)] == "success"
    assert all(b.disabled for b in w.buttons) and w.text.disabled
    assert "Not quite" in w.feedback_html.value and q.expected in w.feedback_html.value
    assert "3.0 s" in w.feedback_html.value
    assert w.score_html.value.startswith("Score 0/1 (0%)")
    w.next()
    assert w.question.number == 2 and w.feedback_html.value == ""
    assert not any(b.disabled for b in w.buttons) and w.text.value == ""


def test_name_questions_hide_the_printed_name_of_the_default_art(widget_module):
    import io

    from PIL import Image, ImageChops

    from tarot_learn.decks import default_deck
    for notation, changed in (("T4", True), ("NC", True), ("AC", True), ("7W", False)):
        card = C(notation)
        plain = Image.open(io.BytesIO(default_deck().card_png(card, 300, show_value=False)))
        hidden = Image.open(io.BytesIO(widget_module._nameless_png(card, 300)))
        box = ImageChops.difference(plain.convert("RGB"), hidden.convert("RGB")).getbbox()
        assert (box is not None) == changed, notation
        if box:                                     # only the lower half, where names are printed
            assert box[1] > plain.height * 0.5, (notation, box)
    small = C("T4")
    assert widget_module._nameless_png(small, 80) == default_deck().card_png(small, 80, show_value=False)


def test_widget_text_box_answers(widget_module):
    w = widget_module.Drill(kind="name", cards="T19 NC", seed=1)
    card = w.question.card
    w.text.value = "nonsense words"                 # what Enter in the box does
    assert "Not understood" in w.feedback_html.value and w.logic.stats().asked == 0
    w.text.value = {C("T19"): "xix", C("NC"): "knight of cups"}[card]
    assert "Right!" in w.feedback_html.value
    assert w.score_html.value.startswith("Score 1/1 (100%)")
    assert w.answer("whatever").correct                 # answered already: same feedback back
    assert "press <b>Next card</b>" in w.feedback_html.value
    w.next_button.click()
    assert w.question.number == 2


def test_widget_value_question_hides_the_plays_as_badge(widget_module):
    from tarot_learn.decks import default_deck
    w = widget_module.Drill(kind="value", cards="T19", seed=1, height=200)
    plain = default_deck().card_png(C("T19"), 200, show_value=False)
    badge = default_deck().card_png(C("T19"), 200, show_value=True)
    assert plain != badge and w.image.png == plain
    w.buttons[w.question.options.index("10")].click()
    assert "Right!" in w.feedback_html.value and "TS-5" in w.feedback_html.value


def test_widget_dropdowns_restart_the_drill(widget_module):
    w = widget_module.Drill(kind="name", cards="trumps", seed=2)
    w.answer(w.question.expected)
    w.kind_dropdown.value = "group"
    assert w.logic.kind == "group" and w.logic.score == (0, 0)
    assert [b.description for b in w.buttons] == ["Pentacles and Cups", "Swords and Wands", "Trump"]
    w.cards_dropdown.value = "cups"
    assert w.question.card.suit.title == "Cups" and w.progress.max == 14
    w.set_kind("value")
    assert w.kind_dropdown.value == "value"


def test_widget_progress_and_stats(widget_module):
    w = widget_module.Drill(kind="name", cards="T1 T2", seed=3)
    for _ in range(6):
        w.answer(w.question.expected)
        w.next()
    assert w.progress.value == 2 and w.progress.max == 2
    w.stats_button.value = True
    assert w.stats_html.layout.display == "" and "The Magician (I)" in w.stats_html.value
    assert "6/6 right" in w.stats_html.value
    w.stats_button.value = False
    assert w.stats_html.layout.display == "none"


def test_widget_with_a_loaded_deck(widget_module, tmp_path):
    from tarot_learn.decks import default_deck, make_sample_scans
    make_sample_scans(tmp_path, "T19 T20 NC", height=120)
    (tmp_path / "T5.png").write_text("not a picture")
    w = widget_module.Drill(deck=str(tmp_path), kind="name", cards="own", seed=1, height=150)
    deck = w.deck
    assert [str(c) for c in deck.own_cards] == ["NC", "T19", "T20"]
    assert set(w.logic.cards) == set(deck.own_cards)
    assert w.image.png == deck.card_png(w.question.card, 150, show_value=False)
    assert w.image.png != default_deck().card_png(w.question.card, 150, show_value=False)
    assert "3 scanned cards" in w.title.value and "1 file(s) refused" in w.title.value
    assert w.cards_dropdown.value == "own"
    assert ("Your 3 scanned cards", "own") in list(w.cards_dropdown.options)


def test_widget_bad_input(widget_module):
    with pytest.raises(OptionError, match="deck= takes None"):
        widget_module.Drill(deck=3.5)
    with pytest.raises(OptionError, match="cards='own' needs a deck"):
        widget_module.Drill(cards="own")
    with pytest.raises(OptionError, match="height must be"):
        widget_module.Drill(height=5)
    from tarot_learn.decks import default_deck
    with pytest.raises(DeckError, match="78-card tarot pack"):
        widget_module.Drill(deck=default_deck("standard"))
    w = widget_module.Drill(seed=1)
    with pytest.raises(OptionError, match="choose an option"):
        w.choose(9)
    assert "choose an option" in w.feedback_html.value and w.feedback is None


def test_widget_displays_as_a_widget(widget_module):
    w = widget_module.Drill(seed=1)
    bundle = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle[0] if isinstance(bundle, tuple) \
        else "application/vnd.jupyter.widget-view+json" in bundle
    import tarot_learn.widgets as widgets
    assert widgets.Drill is widget_module.Drill


def test_widget_reuses_its_choice_buttons(widget_module):
    w = widget_module.Drill(kind="mixed", seed=2)
    made = {id(b) for b in w.buttons}
    for _ in range(30):
        w.choose(0)
        w.next()
        made |= {id(b) for b in w.buttons}
        assert len(w.choice_box.children) == len(w.question.options)
        assert all(b.button_style == "" and not b.disabled for b in w.buttons)
    assert len(made) == 5


def test_the_covered_areas_are_the_ones_the_renderer_names(widget_module):
    import io

    from PIL import Image, ImageChops

    from tarot_learn.render import card_image
    from tarot_learn.render.images import name_areas
    for notation in ("T4", "T13", "T21", "NC", "QS", "AC", "PW"):
        card = C(notation)
        areas = name_areas(card, 300)
        assert areas, notation
        plain = card_image(card, 300, show_value=False).convert("RGB")
        hidden = Image.open(io.BytesIO(widget_module._nameless_png(card, 300))).convert("RGB")
        left, top, right, bottom = ImageChops.difference(plain, hidden).getbbox()
        assert left >= min(b[0] for b, _ in areas) - 1 and top >= min(b[1] for b, _ in areas) - 1
        assert right <= max(b[2] for b, _ in areas) + 2 and bottom <= max(b[3] for b, _ in areas) + 2
        for (x0, y0, x1, y1), fill in areas:           # each area is one flat colour now
            inner = hidden.crop((round(x0) + 1, round(y0) + 1, round(x1) - 1, round(y1) - 1))
            assert len(inner.getcolors(1 << 16)) == 1, notation


def test_widget_progress_panel_remembers_between_sessions(widget_module, data_folder):
    clock = Clock()
    w = widget_module.Drill(kind="name", cards="T1 T2", seed=3, learner="Ana", clock=clock, height=120)
    panel = w.panel_html.value
    assert 'class="tl-drill-progress"' in panel and "<b>0</b> of 2 known" in panel and "2 new" in panel
    w.choose(wrong_index(w.logic))
    assert "<b>1</b> due today" in w.panel_html.value and "1 new" in w.panel_html.value
    assert "streak <b>1 day</b>" in w.panel_html.value and "0/1" in w.panel_html.value
    again = widget_module.Drill(kind="name", cards="T1 T2", seed=5, learner="Ana", clock=clock, height=120)
    assert again.panel() == w.panel() and "<b>1</b> due today" in again.panel_html.value
    other = widget_module.Drill(kind="name", cards="T1 T2", seed=3, learner="Bo", clock=clock, height=120)
    assert "2 new" in other.panel_html.value and "streak <b>0 days</b>" in other.panel_html.value
    (data_folder / "drill" / "default" / "bo.json").write_text("{broken")
    broken = widget_module.Drill(kind="name", cards="T1 T2", seed=3, learner="Bo", clock=clock, height=120)
    assert "could not be read" in broken.panel_html.value and "2 new" in broken.panel_html.value


# ---- one module per job ----------------------------------------------------------------------------

def test_the_drill_package_keeps_every_public_name():
    import tarot_learn.drill as drill
    from tarot_learn.drill import answers, questions, session

    assert drill.Drill is session.Drill and drill.Question is questions.Question
    assert drill.parse_answer is answers.parse_answer and drill.select_cards is questions.select_cards
    assert drill.MarkedAnswer is session.MarkedAnswer and not hasattr(drill, "Feedback")
    assert all(hasattr(drill, name) for name in drill.__all__)


@pytest.mark.parametrize("kind", ["name", "value", "group"])
def test_a_question_made_alone_holds_its_right_answer_and_its_note(kind):
    import random
    from tarot_learn.drill.answers import is_right, picked
    from tarot_learn.drill.questions import make_question, note

    for card in (C("T19"), C("T0"), C("NC"), C("AW")):
        q = make_question(7, card, kind, random.Random(3), choices=4)
        assert q.number == 7 and len(q.options) == (3 if kind == "group" else 4)
        right = q.options.index(q.expected)
        assert picked(q, right) == (q.expected, True)
        assert all(picked(q, i) == (q.options[i], False) for i in range(len(q.options)) if i != right)
        typed = {"name": card.name, "value": q.expected, "group": q.expected}[kind]
        assert is_right(kind, card, typed)
        assert note(kind, card)


def test_picking_an_option_that_is_not_there_says_which_there_are():
    import random
    from tarot_learn.drill.answers import picked
    from tarot_learn.drill.questions import make_question

    q = make_question(1, C("T19"), "name", random.Random(0), choices=5)
    for bad in (5, -1, True, "0", 1.0):
        with pytest.raises(OptionError, match=r"choose an option from 0 to 4"):
            picked(q, bad)


def test_each_flash_card_is_named_by_its_kind_and_card():
    from tarot_learn.drill.session import flashcard_id

    d = Drill(kind="value", cards="T19 T18", seed=3, clock=Clock(), remember=False)
    card = d.question.card
    d.choose(0)
    assert list(d.memory.records) == [flashcard_id("value", card)] == [f"value:{card}"]
    assert d.due(card) == d.memory.records[f"value:{card}"].fsrs.due and d.due(card, "name") is None
