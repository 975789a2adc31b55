"""Facts a tarot teacher checked in the course, each against the engine or the FFT's rules, so a
wrong sentence cannot come back: the lessons' prose and outputs, the teacher's guide, the engine's
words for the cards, and the lessons as `tarot-learn lessons` copies them."""

from __future__ import annotations

import json
import pathlib
import re

import pytest

from tarot_learn import games
from tarot_learn.cards import Card, tarot_deck
from tarot_learn.decks.names import card_for_name
from tarot_learn.games.french_tarot import rules as R
from tarot_learn.games.french_tarot import scoring
from tarot_learn.games.french_tarot.cards import card_points, is_bout
from tarot_learn.lessons import glossary, kit
from tarot_learn.numerology import fits_on
from tests import answer_key
from tests.test_lessons_content import run

ROOT = pathlib.Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
_LINK = re.compile(r"\]\(([^)\s]+)\)")


def cells(stem: str) -> list[dict]:
    return json.loads((NOTEBOOKS / f"{stem}.ipynb").read_text(encoding="utf-8"))["cells"]


def markdown(stem: str) -> str:
    return "\n".join("".join(c["source"]) for c in cells(stem) if c["cell_type"] == "markdown")


# ----- 07: the three-player game, the bid note, the rule sentence -------------------------------------
def test_07_three_players_two_defenders_are_one_side():
    """FFT: "les défenseurs, qui constituent une équipe"; only five players have a called partner."""
    text = markdown("07_french_tarot_play")
    assert "for themselves" not in text
    assert "together, as one side" in text and "only five players have a called partner" in text
    deal = scoring.score_deal(3, "garde", bouts=2, points=49)
    assert deal.partner is None and len({deal.scores[s] for s in deal.defenders}) == 1


PROBE_07 = """
import json
from tarot_learn.lessons import exercise
ex = {e.id: e for e in exercise.made()}["07.what-to-bid"]
notes = {o: bid_note(o, to_bid, need) for o in ex.options if o != ex.answer}
print(json.dumps({"hand": [str(c) for c in to_bid], "notes": notes, "answer": ex.answer}))
"""


def test_07_bid_note_names_only_bouts_the_hand_holds():
    outputs, said = run("07_french_tarot_play", PROBE_07)
    hand = [Card.parse(c) for c in said["hand"]]
    held = {c.french_name for c in hand if is_bout(c)}
    for option, note in said["notes"].items():
        assert note, option
        named = {c.french_name for c in tarot_deck() if is_bout(c) and c.french_name in note}
        assert named <= held, (option, note)
        assert said["answer"] not in note, "the note does not give the answer away"
    say = answer_key.rows("07_french_tarot_play")["07.what-to-bid"]["say"]
    assert "Its only bout is the 21" in say and held == {Card.parse("T21").french_name}
    assert not any("no trumps and no trump" in text for text in outputs.values())


def test_trump_led_without_trumps_is_said_once():
    hand = [R.card_number(t) for t in ("2C", "5S")]
    assert R.play_rule(hand, [R.card_number("T5")], hand[0]) == (
        "FT-20", "you hold no trump, so any card may go (2 of Hearts)")
    assert R.play_rule(hand, [R.card_number("KW")], hand[0])[1].startswith("you hold no Clubs and no trump")


def test_guide_says_what_the_card_points_slip_is():
    """11.5 is the king and a seven read at face value: the cavalier was forgotten."""
    row = answer_key.rows("07_french_tarot_play")["07.card-points"]
    king, cavalier, seven = (Card.parse(t) for t in ("KS", "NC", "7W"))
    assert float(row["wrong"]) == card_points(king) + seven.rank
    assert float(row["answer"]) == card_points(king) + card_points(cavalier) + card_points(seven)
    assert "cavalier forgotten" in row["say"]
    assert f"{card_points(king)} + {card_points(cavalier)} + {card_points(seven)} = {row['answer']}" in row["say"]


# ----- 04 and the Tarot Solitaire engine -------------------------------------------------------------
PROBE_04 = """
import json
print(json.dumps({"turning": [str(m) for m in turning]}))
"""


def test_guide_lists_every_move_the_turn_a_card_up_exercise_accepts():
    _, said = run("04_tarot_solitaire", PROBE_04)
    say = answer_key.rows("04_tarot_solitaire")["04.turn-a-card-up"]["say"]
    listed = set(re.findall(r"`(t\d>t\d)`", say))
    assert listed == set(said["turning"]), (listed, said["turning"])
    assert f"{len(listed)} moves turn a card up".lower() in say.lower().replace("six", "6")


def test_tarot_solitaire_explanations_have_one_bracket_of_rule_ids():
    for seed in range(12):
        state = games.new("tarot-solitaire", seed=seed)
        for move in state.legal_moves():
            assert ") (" not in state.explain(move), state.explain(move)


@pytest.mark.parametrize("card", ["T5", "5S", "5W", "T14"])
def test_a_five_onto_a_king_breaks_the_building_rule(card):
    """No value was misread: the 5 simply is not one less than the King (TS-1)."""
    state = games.from_layout("tarot-solitaire", f"t1: KC\nt2: {card}")
    err = state.why_illegal("t2>t1")
    assert err is not None and err.rule == "TS-1", err


# ----- 03: value before group -------------------------------------------------------------------------
def test_a_refused_build_says_the_value_first_when_value_and_group_both_fail():
    deck = [c for c in tarot_deck() if not c.is_trump]
    for target in deck:
        for card in deck:
            if card == target or card.group != target.group or fits_on(card, target):
                continue
            ok, why = kit.build_verdict(card, target)
            assert not ok and not why.startswith(f"{card.name} and {target.name} are both"), why


PROBE_03 = """
import json
from tarot_learn.lessons import exercise
ex = {e.id: e for e in exercise.made()}["03.on-ace-of-pentacles"]
print(json.dumps({o: ex.wrong(o) for o in ex.options if o != ex.answer}))
"""


def test_03_ace_quiz_says_only_the_fool_goes_on_an_ace():
    _, notes = run("03_suit_alternation", PROBE_03)
    for option, note in notes.items():
        assert note.startswith("nothing plays as 0, so only the Fool may cover Ace of Pentacles"), (option, note)


# ----- 09, 00 and the copied lessons ---------------------------------------------------------------
def test_09_does_not_say_the_lessons_end_with_two_to_go():
    text = markdown("09_rule_explorer")
    assert "The end of the lessons" not in text
    assert "(10_decks.ipynb)" in text and "(11_final_check.ipynb)" in text


def test_start_here_links_every_lesson_without_running_a_cell():
    start = cells("00_start_here")
    text = markdown("00_start_here")
    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")):
        if path.stem == "00_start_here":
            continue
        title = next("".join(c["source"]).splitlines()[0] for c in cells(path.stem) if c["cell_type"] == "markdown")
        assert f"* [{title.lstrip('# ').strip()}]({path.name})" in text, path.name
    assert not any("glob(" in "".join(c["source"]) for c in start if c["cell_type"] == "code")


def test_copied_lessons_have_no_dead_relative_link(tmp_path):
    from tarot_learn.lessons.copier import copy_lessons

    report = copy_lessons(tmp_path)
    lessons = [n for n in report.copied if n.endswith(".ipynb")]
    assert len(lessons) >= 12
    for name in lessons:
        nb = json.loads((tmp_path / name).read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            if cell["cell_type"] != "markdown":
                continue
            for target in _LINK.findall("".join(cell["source"])):
                if re.match(r"[a-z]+:", target) or target.startswith("#"):
                    continue
                assert (tmp_path / target.split("#")[0]).exists(), f"{name} links to {target}, missing in the copy"


# ----- 10: the Excuse's star and the words the engine reads -------------------------------------------
PROBE_10 = """
import json
print(json.dumps({"mine": map_deck(my_deck).text}))
"""


def test_10_the_excuse_shows_a_star_and_the_default_deck_reads_whole():
    outputs, said = run("10_decks", PROBE_10)
    fool = next(text for text in outputs.values() if "what the Fool shows" in text)
    assert "a star, no number" in fool and ">nothing" not in fool
    assert glossary.EXCUSE_MARK == "a star"
    assert "not a word the engine knows" not in said["mine"]
    assert "where the lessons say Page, read Valet" in said["mine"]


def test_the_engine_reads_every_word_the_glossary_teaches():
    for rank, names in glossary.court_names().items():
        card = Card.parse(names["notation letter"] + "C")
        for word in (rank, names["French Tarot (English)"], names["French Tarot (French)"]):
            assert card_for_name(f"{word} of cups") == card, word
            assert card_for_name(f"{word} de coupes") == card, word
    for suit, names in glossary.suit_names().items():
        king = Card.parse("K" + suit[0])
        for tradition in ("Marseille (English)", "Marseille (French)", "French Tarot (English)",
                          "French Tarot (French)"):
            assert card_for_name(f"king of {names[tradition]}") == king, names[tradition]
            assert card_for_name(f"roi de {names[tradition]}") == king, names[tradition]


# ----- 06 and the American Toad sheet ---------------------------------------------------------------
def test_06_offers_no_foundation_move_the_engine_refuses():
    text = markdown("06_american_toad") + "\n".join("".join(c["source"]) for c in cells("06_american_toad"))
    state = games.from_layout("american-toad", "base: 9\nf7: 9C'\nw: 5H 9C\nt1: 10C")
    for example in set(re.findall(r"\b(w>f\d)\b", text)):
        assert state.why_illegal(example) is None, example
