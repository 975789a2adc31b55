"""What the lessons must show: the order a learner takes them in (the decks lesson second), and, checked
on the notebooks' own outputs (run in a kernel), the order French Tarot is taught in, its French names,
the deal value worked as players write it, a deal played along with a rule for every card, the deck
lesson's mapping, dealing Tarot Solitaire with one's own cards and the final check's report."""

from __future__ import annotations

import functools
import json
import os
import pathlib
import re
import tempfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"


def _source(cell: dict) -> str:
    return "".join(cell["source"])


def _cells(stem: str) -> list[dict]:
    return json.loads((NOTEBOOKS / f"{stem}.ipynb").read_text(encoding="utf-8"))["cells"]


@functools.cache
def run(stem: str, probe: str = "") -> tuple[dict[str, str], object]:
    """Run a lesson in a kernel (the learner's data in a temporary folder); returns each code cell's
    text and HTML outputs joined, and the JSON the ``probe`` cell prints last."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.read(NOTEBOOKS / f"{stem}.ipynb", as_version=4)
    if probe:
        nb.cells.append(nbformat.v4.new_code_cell(probe, id="probe"))
    saved = {k: os.environ.get(k) for k in ("TAROT_LEARN_DATA", "TAROT_LEARN_LEARNER")}
    os.environ.update(TAROT_LEARN_DATA=tempfile.mkdtemp(prefix="tl-content-"), TAROT_LEARN_LEARNER="check")
    try:
        nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                                resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    finally:
        for k, v in saved.items():
            os.environ.pop(k, None) if v is None else os.environ.__setitem__(k, v)
    outputs: dict[str, str] = {}
    for cell in nb.cells:
        if cell.cell_type == "code":
            texts = [o.get("text", "") for o in cell.outputs]
            texts += [str(o.get("data", {}).get(kind, "")) for o in cell.outputs
                      for kind in ("text/html", "text/markdown", "text/plain")]
            outputs[cell.id] = "\n".join(texts)
    result = None
    if probe:
        lines = outputs.pop("probe").strip().splitlines()
        result = json.loads(lines[0]) if lines else None
    return outputs, result


# ----- the order a learner follows: the deck, then how decks number it, then the numbers ----------
COURSE = ["01_meet_the_deck", "10_decks", "02_numerology", "03_suit_alternation", "04_tarot_solitaire",
          "05_klondike", "06_american_toad", "07_french_tarot_play", "08_french_tarot_scoring",
          "09_rule_explorer", "11_final_check"]
LINK = re.compile(r"\]\((\d\d_[a-z_]+)\.ipynb\)")


def _last_markdown(stem: str) -> str:
    return next(_source(c) for c in reversed(_cells(stem)) if c["cell_type"] == "markdown")


def test_start_here_lists_the_lessons_in_the_order_to_follow():
    listed = LINK.findall(_last_markdown("00_start_here"))
    assert listed == COURSE
    assert sorted(COURSE) == sorted(p.stem for p in NOTEBOOKS.glob("[01][0-9]_*.ipynb") if p.stem != "00_start_here")
    assert "comes second" in _last_markdown("00_start_here")


@pytest.mark.parametrize("stem, following", list(zip(COURSE, COURSE[1:])))
def test_each_lesson_points_to_the_next_one(stem, following):
    text = _last_markdown(stem)
    assert "## What next" in text, stem
    assert LINK.findall(text.split("## What next", 1)[1])[0] == following


def test_02_opens_with_the_numbering_the_engine_deals():
    from tarot_learn.cards import Card

    intro = _source(_cells("02_numerology")[0])
    assert Card.parse("T8").name.startswith("Strength") and Card.parse("T11").name.startswith("Justice")
    assert "Strength is VIII and Justice XI" in intro and "(10_decks.ipynb)" in intro


def test_04_deals_with_your_own_cards_as_the_engine_does():
    from types import SimpleNamespace

    from tarot_learn import games

    shown: dict[str, object] = {}
    kit = SimpleNamespace(table=lambda head, rows: shown.update(head=head, rows=list(rows)),
                          say=lambda text: shown.update(said=text))
    cell = next(c for c in _cells("04_tarot_solitaire") if c.get("id") == "n04-own-deal")
    exec(_source(cell), {"games": games, "kit": kit})
    seen = games.new("tarot-solitaire", seed=2026).observation()
    rows = [row[1:] for row in shown["rows"]]
    assert [row[0] for row in shown["rows"]] == list(range(1, 11))
    for j in range(9):
        column = [row[j] for row in rows if row[j]]
        assert len(column) == len(seen.pile(f"t{j + 1}").cards) + seen.pile(f"t{j + 1}").hidden
        assert column[-1] == f"{seen.pile(f't{j + 1}').cards[-1]} (up)"
        assert not any("(up)" in card for card in column[:-1])
    stock = shown["said"].split("from the top: ")[1].rstrip(".").split(", ")
    assert len(stock) == seen.pile("s").hidden
    dealt = [card.removesuffix(" (up)") for row in rows for card in row if card]
    assert len(set(dealt + stock)) == 78


# ----- French Tarot in the order a learner needs it ------------------------------------------------
def test_french_tarot_is_taught_in_the_ffts_order():
    """The shape of the game, the goal and the count; the tricks; the dog and the bidding; a whole deal;
    then three and five players (the FFT's own order), and scoring in lesson 08."""
    headings = [line for c in _cells("07_french_tarot_play") if c["cell_type"] == "markdown"
                for line in _source(c).splitlines() if line.startswith("#")]
    order = ["The shape of the game", "cards and their French names", "worth", "two cards at a time",
             "The goal: the points the taker needs", "count a real pile", "Playing a trick", "The Excuse",
             "The dog and the discard", "Bidding", "A deal played along", "Your turn", "Three players",
             "Five players"]
    places = [next(i for i, h in enumerate(headings) if key in h) for key in order]
    assert places == sorted(places), headings
    assert not any("score" in h.lower() for h in headings), "scoring waits for lesson 08"
    assert (NOTEBOOKS / "08_french_tarot_scoring.ipynb").exists()
    assert not (NOTEBOOKS / "07_french_tarot_scoring.ipynb").exists()


def test_three_and_five_player_exercises():
    code07 = "\n".join(_source(c) for c in _cells("07_french_tarot_play") if c["cell_type"] == "code")
    code08 = "\n".join(_source(c) for c in _cells("08_french_tarot_scoring") if c["cell_type"] == "code")
    assert re.search(r'"07\.[a-z-]*three[a-z-]*"', code07) and 'find_moment(3,' in code07
    assert re.search(r'"07\.five-players[a-z-]*"', code07) and 'find_moment(5,' in code07
    assert '"08.three-player-taker"' in code08 and "score_deal(3," in code08
    assert '"08.five-player-partner"' in code08 and "score_deal(5," in code08


def test_07_french_names_are_french():
    """The names table shows the engine's French names, not the English names of the French suits."""
    from tarot_learn.cards import tarot_deck

    outputs, _ = run("07_french_tarot_play")
    names = next(text for text in outputs.values() if "the four suits" in text)
    for card in tarot_deck():
        if card.rank == 14 and not card.is_trump:
            assert card.french_name_fr.split(" de ")[1] in names          # Pique, Cœur, Carreau, Trèfle
    for word in ("Valet", "Cavalier", "Dame", "Roi"):
        assert word in names
    prose = "\n".join(_source(c) for c in _cells("07_french_tarot_play") if c["cell_type"] == "markdown")
    assert not re.search(r"French names?: Swords", prose)


def test_07_deal_played_along_gives_every_card_its_rule():
    outputs, _ = run("07_french_tarot_play")
    tricks = next(text for text in outputs.values() if "won by" in text and "<table" in text and "<details" not in text)
    rows = [r for r in re.findall(r"<tr>(.*?)</tr>", tricks) if "<th" not in r]
    assert len(rows) > 20
    for row in rows:
        assert re.search(r"FT-\d+", row), row
    assert tricks.count("won by") >= 15


# ----- the deal value written as the FFT writes it ---------------------------------------------------
PROBE_08 = """
import json
from tarot_learn.lessons import exercise
ex = {e.id: e for e in exercise.made()}["08.each-defender-pays"]
print(json.dumps({"explain": ex.explain, "answer": ex.answer, "step": ex.step,
                  "made": worked(score_deal(4, "garde", bouts=2, points=50))}))
"""


def test_08_value_reads_like_the_fft_with_the_sign_in_words():
    _, said = run("08_french_tarot_scoring", PROBE_08)
    text = said["explain"]
    m = re.search(r"\((\d+) \+ (\d+)\) x (\d+) = (\d+)", text)
    assert m, text
    fixed, margin, mult, value = map(int, m.groups())
    assert (fixed + margin) * mult == value == abs(said["answer"])
    assert "failed" in text and "pays each defender" in text, text
    assert not re.search(r"\(\d+\) x\d", text) and "= -" not in text and "= −" not in text, text
    assert "is made, so each defender pays the taker" in said["made"]


# ----- the deck lesson -----------------------------------------------------------------------------
PROBE_10 = """
import json
rw = dict(my_deck, Justice="XI", Strength="VIII")
print(json.dumps({"marseille": map_deck(my_deck).text, "rider_waite": map_deck(rw).text,
                  "unknown": map_deck(dict(my_deck, Wands="Blades")).text}))
"""


def test_10_maps_a_marseille_deck_by_its_printed_numbers():
    from tarot_learn.lessons import glossary

    outputs, said = run("10_decks", PROBE_10)
    assert glossary.MARSEILLE_NUMBERS[11] == 8 and glossary.MARSEILLE_NUMBERS[8] == 11
    assert "take your card printed VIII, your Justice" in said["marseille"]
    assert "take your card printed XI, your Strength" in said["marseille"]
    assert "take your card" not in said["rider_waite"]
    assert "not a word the engine knows" in said["unknown"]
    assert any("La Justice" in text and "VIII" in text for text in outputs.values())


# ----- the final check -----------------------------------------------------------------------------
PROBE_11 = """
import json
from tarot_learn.lessons import exercise
made = {e.id: e for e in exercise.made()}
made["11.plays-as"].submit(made["11.plays-as"].answer)            # right at once
made["11.tarot-score"].submit(made["11.tarot-score"].answer + 1)   # wrong, then right
made["11.tarot-score"].submit(made["11.tarot-score"].answer)
print(json.dumps({"rows": revisit_report(), "skills": SKILLS, "ids": list(made)}))
"""


def test_11_checks_every_skill_and_says_what_to_revisit():
    _, said = run("11_final_check", PROBE_11)
    assert set(said["ids"]) == set(said["skills"]), "every exercise is a skill the report covers"
    lessons = {lesson for _, lesson in said["skills"].values()}
    assert {"01_meet_the_deck", "02_numerology", "07_french_tarot_play", "08_french_tarot_scoring"} <= lessons
    for lesson in lessons:
        assert (NOTEBOOKS / f"{lesson}.ipynb").exists(), lesson
    rows = {skill: [how, lesson] for skill, how, lesson in said["rows"]}
    assert rows["values and digit sums"] == ["solid: right on the first try", None]
    assert rows["scoring a deal"] == ["solved after hints", "08_french_tarot_scoring"]
    assert rows["recognising the cards"] == ["not answered yet", "01_meet_the_deck"]
