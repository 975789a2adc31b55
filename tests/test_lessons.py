"""The lesson notebooks (notebooks/*.ipynb): well-formed, no number typed by hand, checked exercises.

nbval (``make test``) proves every notebook runs top to bottom; these tests prove what nbval cannot:

* **No number typed by hand.** Markdown prose may not state a number the engine does not compute.
  A number in prose is allowed only as one of these documented forms:

  - a rule id that exists in a rule sheet (``TS-4``, ``FT-31``);
  - a card in notation that parses (``T19``, ``10C``) or a trump named by its number (``trump 19``);
  - a lesson file name (``02_numerology``); a year (``2012``); the number of an ordered list item;
  - inside an inline code span, only what a reader types: cards, pile names (``t3``, ``f1``),
    moves (``t4>t1``), ``name=value`` arguments and deal codes -- never a bare number;
  - a *fact phrase* from :data:`FACTS` (``22 trumps``), whose number is recomputed from the engine
    here, so prose that states a wrong count fails.

  Anything else (a score, a threshold, a count) must be computed in a code cell and shown with
  ``lesson_kit.say`` or a table, where the engine's value appears next to the prose.
* **Exercises check answers.** Each notebook is run, then each of its ``kit.Exercise`` is answered
  with the teacher's guide's common wrong answer twice and its answer: the feedback must go hint
  (naming the rule), step, right, and the attempts reach the learner's progress file.  The guide
  (docs/teachers_guide/<lesson>.md) must list every exercise id with the answer the notebook
  computes.
* **Errors a reader found** each have a test here that would catch them again.
* The lesson kit (tarot_learn/lessons/kit.py) agrees with the rules, by property tests.
"""

from __future__ import annotations

import functools
import json
import os
import pathlib
import re
import tempfile

import pytest
from hypothesis import given, strategies as st

from tarot_learn.cards import Card, CardError, Suit, tarot_deck
from tarot_learn.numerology import fits_on, playing_value

ROOT = pathlib.Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
LESSONS = [p for p in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")) if p.stem != "00_start_here"]

from tarot_learn.lessons import kit  # noqa: E402


def _cells(path: pathlib.Path) -> list[dict]:
    return json.loads(path.read_text())["cells"]


def _source(cell: dict) -> str:
    src = cell["source"]
    return "".join(src) if isinstance(src, list) else src


def _rule_ids() -> set[str]:
    ids = set()
    for sheet in (ROOT / "seeds").glob("*.md"):
        ids |= set(re.findall(r"\*\*((?:TS|KL|AT|FT)-\d+[a-z]?)\b", sheet.read_text()))
    return ids


def _trumps() -> list[Card]:
    return [c for c in tarot_deck() if c.is_trump]


# ----- facts a lesson may state in prose, each recomputed from the engine ------------------------
def _facts() -> list[tuple[str, object]]:
    """``(regex with one number group, the engine's value)``; most specific phrases first."""
    from tarot_learn import games

    deck = tarot_deck()
    trumps = _trumps()
    facts: list[tuple[str, object]] = [
        (r"\b(\d+)[- ]card (?:tarot )?(?:pack|deck)\b", len(deck)),
        (r"\bthe (\d+) cards\b", len(deck)),
        (r"\b(\d+) numbered trumps\b", sum(1 for c in trumps if not c.is_fool)),
        (r"\b(\d+) trumps\b", len(trumps)),
        (r"\b(\d+) suit cards\b", sum(1 for c in deck if not c.is_trump)),
        (r"\b(\d+) cards (?:in|to) (?:a|each) suit\b", sum(1 for c in deck if c.suit is Suit.WANDS)),
        # the highest trump that plays as its own printed number (digit sums start above it)
        (r"\btrumps? above (\d+)\b",
         max(c.rank for c in trumps if playing_value(c) == c.rank and not c.is_fool)),
    ]
    # the confidence level of the explorer's intervals (the z of its Wilson interval)
    import inspect
    import math

    from tarot_learn.solve.explorer import wilson
    z = inspect.signature(wilson).parameters["z"].default
    facts.append((r"\b(\d+)% (?:confidence )?intervals?\b", round(100 * math.erf(z / math.sqrt(2)))))
    try:
        ts = games.get("tarot-solitaire")
        facts += [(r"\b(\d+) columns\b", ts.NCOLS), (r"\b(\d+) foundations\b", ts.NFOUND)]
    except Exception:  # the game is not registered: the phrase is then simply not allowed
        pass
    return facts


_CARD_TOKEN = re.compile(r"(?<![\w-])(?:T\d{1,2}|(?:10|[2-9AKQNP])[WCSP])(?![\w-])")
_RULE = re.compile(r"\b(?:TS|KL|AT|FT)-\d+[a-z]?\b")
_LESSON = re.compile(r"\b\d\d_[a-z][a-z_]*\b")
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
_TRUMP_NUMBER = re.compile(r"\btrump (\d+)\b")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
_CODE_SPAN = re.compile(r"`([^`]*)`")
_LIST_MARKER = re.compile(r"^\s*\d+\.(?=\s)", re.MULTILINE)   # "1. " numbering a list is not a claim
# What a reader types inside a code span: piles, moves, name=value arguments, deal codes.
_TYPED = [re.compile(p) for p in (
    r"(?<![\w.])[tfwsr]\d+(?:>[tfwsr]\d+(?:x\d+)?)?(?!\w)",   # piles and moves: t3, t4>t1, t2>t5x3
    r"\b[a-z_]+=\S+",                                      # seed=42, draw=3
    r"\b[A-Z]{2}[0-9A-Z]*-[0-9A-Z]+\b",                    # deal codes: TS2TFN-1A2B3C
)]


def stray_numbers(text: str, rule_ids: set[str], facts: list[tuple[str, object]]) -> list[str]:
    """Every number in markdown ``text`` that is not one of the allowed forms (see module doc).

    Returns short descriptions of the offending numbers (empty when the text is clean).
    """
    problems: list[str] = []
    for rid in _RULE.findall(text):
        if rid not in rule_ids:
            problems.append(f"rule id {rid} is on no rule sheet")

    def cards_out(s: str) -> str:
        out = []
        for tok in _CARD_TOKEN.findall(s):
            try:
                Card.parse(tok)
            except CardError:
                out.append(tok)
        problems.extend(f"{tok} is not a card" for tok in out)
        return _CARD_TOKEN.sub(" ", s)

    # Code spans: only typed input may carry numbers.
    def span(m: re.Match) -> str:
        inner = m.group(1)
        for pat in _TYPED:
            inner = pat.sub(" ", inner)
        inner = cards_out(_RULE.sub(" ", inner))
        for n in _NUMBER.findall(inner):
            problems.append(f"`{m.group(1)}` holds the bare number {n}")
        return " "

    text = _CODE_SPAN.sub(span, text)
    text = _LIST_MARKER.sub(" ", text)
    text = re.sub(r"\]\(([^)]*)\)", lambda m: "](" + _LESSON.sub(" ", m.group(1)) + ")", text)
    text = re.sub(r"\]\([^)]*\)", "]", text)  # link targets (files) are not prose
    text = _RULE.sub(" ", text)
    text = _LESSON.sub(" ", text)
    text = _YEAR.sub(" ", text)
    for m in _TRUMP_NUMBER.finditer(text):
        if int(m.group(1)) > 21:
            problems.append(f"trump {m.group(1)} does not exist")
    text = _TRUMP_NUMBER.sub(" ", text)
    text = cards_out(text)
    for pattern, value in facts:
        for m in re.finditer(pattern, text, flags=re.IGNORECASE):
            if int(m.group(1)) != value:
                problems.append(f"{m.group(0)!r} is wrong: the engine counts {value}")
        text = re.sub(pattern, " ", text, flags=re.IGNORECASE)
    problems.extend(f"the number {n} is typed by hand" for n in _NUMBER.findall(text))
    return problems


# ----- the check itself, and proof that it can fail ----------------------------------------------
@pytest.mark.parametrize("path", LESSONS + [NOTEBOOKS / "00_start_here.ipynb"], ids=lambda p: p.stem)
def test_no_number_typed_by_hand(path):
    rule_ids, facts = _rule_ids(), _facts()
    found = []
    for cell in _cells(path):
        if cell["cell_type"] == "markdown":
            found += [f"cell {cell.get('id')}: {p}" for p in stray_numbers(_source(cell), rule_ids, facts)]
    assert not found, f"{path.name} states numbers the engine does not compute:\n" + "\n".join(found)


@pytest.mark.parametrize("prose", [
    "The taker scores 318 points.",
    "A garde is worth twice a prise: 2 times.",
    "The pack has 21 trumps.",                 # a fact phrase with the wrong number
    "Run `106` to see.",                       # a bare number hidden in a code span
    "See rule TS-99.",                         # no such rule
    "With 41 points and two bouts the contract is made.",
    "Each rate comes with a 90% interval.",    # the explorer's intervals are not 90%
])
def test_the_number_check_catches_typed_numbers(prose):
    assert stray_numbers(prose, _rule_ids(), _facts())


@pytest.mark.parametrize("prose", [
    "The Sun (`T19`) is trump 19; `10C` is a card. See TS-4 and FT-31.",
    "Play `t4>t1`, or deal with `games.new(\"klondike\", seed=42)`; code `KL1-C1SJ`.",
    "Next: [03_suit_alternation](03_suit_alternation.ipynb), rules of 2012, the 22 trumps.",
])
def test_the_number_check_allows_the_documented_forms(prose):
    assert stray_numbers(prose, _rule_ids(), _facts()) == []


# ----- notebook form -------------------------------------------------------------------------------
@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_lesson_is_clean_nbformat_with_a_title(path):
    nb = json.loads(path.read_text())
    assert (nb["nbformat"], nb["nbformat_minor"]) == (4, 5)
    assert nb["metadata"]["kernelspec"]["display_name"] == "Python 3 (ipykernel)"
    ids = [c["id"] for c in nb["cells"]]
    assert len(ids) == len(set(ids)), "cell ids must be unique"
    for c in nb["cells"]:
        assert isinstance(c["source"], list), "sources as lists of lines (the lesson map reads line 0)"
        if c["cell_type"] == "code":
            assert c["outputs"] == [] and c["execution_count"] is None, f"outputs not cleared in {c['id']}"
    first = next(c for c in nb["cells"] if c["cell_type"] == "markdown")
    assert _source(first).startswith("# "), "the first cell is the lesson's title (the map in 00 shows it)"


@pytest.mark.parametrize("path", LESSONS + [NOTEBOOKS / "00_start_here.ipynb"], ids=lambda p: p.stem)
def test_links_point_to_files_that_exist(path):
    for cell in _cells(path):
        if cell["cell_type"] != "markdown":
            continue
        for target in re.findall(r"\]\(([^)#\s]+)", _source(cell)):
            if "://" in target:
                continue
            assert (path.parent / target).exists(), f"{path.name} links to missing {target}"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_no_noisy_prints(path):
    """Voila shows every output: lessons end cells with expressions or display, not print()."""
    for cell in _cells(path):
        if cell["cell_type"] == "code":
            assert "print(" not in _source(cell), f"{path.name} cell {cell['id']} prints"


# ----- the lesson kit agrees with the rules ----------------------------------------------------------
CARDS = st.sampled_from(tarot_deck())


@given(CARDS, CARDS)
def test_build_verdict_follows_ts1_to_ts8(card, target):
    """TS-1..TS-8: one less in value (or a ten on a 2), other group or a trump, the Fool wild."""
    ok, why = kit.build_verdict(card, target)
    if card == target:
        expected = False
    elif card.is_fool or target.is_fool:
        expected = True
    else:
        groups_ok = card.group is None or target.group is None or card.group != target.group
        expected = fits_on(card, target) and groups_ok
    assert ok == expected, why
    assert re.search(r"TS-\d+", why) or card == target


def test_fits_explorer_modes_match_the_rules():
    ex = kit.FitsExplorer("T11")
    game = set(ex.fits)
    values = set(ex.select("T11", mode="values"))
    assert values == {c for c in tarot_deck() if c != Card.parse("T11") and fits_on(c, Card.parse("T11"))}
    assert Card.parse("T0") in game and Card.parse("T0") not in values
    assert ex.sentence().count("Justice") >= 1
    with pytest.raises(ValueError):
        ex.select("T11", mode="maybe")


# ----- our own words: no sentence of the source documents in a lesson -----------------------------
SOURCES = ROOT.parent / "shared" / "seeds"


def _ngrams(text: str, n: int = 8) -> set[tuple[str, ...]]:
    words = re.findall(r"[a-zà-ÿ0-9']+", text.lower())
    return {tuple(words[i:i + n]) for i in range(len(words) - n + 1)}


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_lessons_restate_the_sources_in_our_own_words(path):
    """No run of eight words from a source document appears in a lesson's prose."""
    docs = sorted(SOURCES.glob("*.txt"))
    if not docs:
        pytest.skip(f"the source documents are not at {SOURCES}")
    source = set().union(*(_ngrams(d.read_text(errors="replace")) for d in docs))
    for cell in _cells(path):
        if cell["cell_type"] == "markdown":
            copied = _ngrams(_source(cell)) & source
            assert not copied, f"{path.name} cell {cell['id']} copies: {' '.join(sorted(copied)[0])}"


# ----- kit.Exercise in every notebook: the guide's answer key, and rule -> step -> right in the kernel -----
from tests import answer_key  # noqa: E402

ALL_NOTEBOOKS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))

# Per notebook, expressions evaluated in the kernel after the lesson ran: what the lesson's own
# objects must show for the errors a reader found not to come back.
KERNEL_CHECKS = {
    "03_suit_alternation": [
        # the make-a-move exercise is solvable by the rule it teaches (TS-6), without the Fool
        "len(suit_moves) > 0",
        "all(state.top_card(m.src).group and state.top_card(m.dst).group"
        " and state.top_card(m.src).group != state.top_card(m.dst).group for m in suit_moves)",
        "not any(alternates(str(m)) for m in state.legal_moves() if m.dst.startswith('t')"
        " and state.top_card(m.dst) is not None and state.top_card(m.dst).is_fool)",
    ],
    "04_tarot_solitaire": [
        # the "stuck?" tip finds a move in the position it shows, and the position is not blocked
        "any(found != 'none' for _, found in where_to_look(looks_stuck))",
        "not looks_stuck.is_stuck()",
        "[m.action for m in looks_stuck.legal_moves()].count('move') >= 1",
    ],
    "07_french_tarot_play": [
        # the overtrump exercise catches a learner who forgets to overtrump: every trump and the Excuse
        # is not the answer, and the exercise says so
        "set(R.legal_plays(moment.hands[0], moment.trick)) != {c for c in moment.hands[0] if c >= R.EXCUSE}",
        "{e.id: e for e in _exercise.made()}['07.follow-or-trump'].submit("
        "[str(R.CARDS[c]) for c in moment.hands[0] if c >= R.EXCUSE]).ok is False",
        # the pile the learner counts is the deal's own count, and a close call
        "points_half(pile) == pile_deal.result.half_points and pile_bouts == pile_deal.result.bouts",
        "0 < abs(pile_points - threshold(pile_bouts)) <= 2",
    ],
}

_DUMP = """
import json as _json
from tarot_learn.lessons import exercise as _exercise, progress as _progress
_key = _json.loads({key!r})
_out = []
for _ex in _exercise.made():
    _item = {{"id": _ex.id, "kind": _ex.kind, "rule": _ex.rule, "answer": _ex.answer_text()}}
    _row = _key.get(_ex.id)
    if _row:
        _fb = [_ex.submit(_row["wrong"]), _ex.submit(_row["wrong"]), _ex.submit(_row["answer"])]
        _item["levels"] = [f.level for f in _fb]
        _item["messages"] = [f.message for f in _fb]
        _item["kept"] = _progress.load().get(_ex.id)
    _out.append(_item)
_checks = {{expr: bool(eval(expr)) for expr in {checks!r}}}
print(_json.dumps({{"exercises": _out, "checks": _checks}}))
"""


@functools.cache
def exercise_run(stem: str) -> dict:
    """Run a notebook, then answer each of its exercises with the guide's wrong answer twice and its
    right answer; returns what each exercise said (the learner's data goes to a temporary folder)."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.read(NOTEBOOKS / f"{stem}.ipynb", as_version=4)
    key = json.dumps(answer_key.rows(stem))
    nb.cells.append(nbformat.v4.new_code_cell(_DUMP.format(key=key, checks=KERNEL_CHECKS.get(stem, []))))
    saved = {k: os.environ.get(k) for k in ("TAROT_LEARN_DATA", "TAROT_LEARN_LEARNER")}
    os.environ.update(TAROT_LEARN_DATA=tempfile.mkdtemp(prefix="tl-answers-"), TAROT_LEARN_LEARNER="key")
    try:
        nbclient.NotebookClient(nb, timeout=180, kernel_name="python3",
                                resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    finally:
        for k, v in saved.items():
            os.environ.pop(k, None) if v is None else os.environ.__setitem__(k, v)
    text = "".join(o.get("text", "") for o in nb.cells[-1].outputs if o.output_type == "stream")
    return json.loads(text.strip().splitlines()[-1])


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: p.stem)
def test_every_exercise_is_in_the_guide_with_its_answer(path):
    from tarot_learn.lessons import progress

    made = exercise_run(path.stem)["exercises"]
    if not made:
        pytest.skip(f"{path.stem} has no kit.Exercise")
    ids = [e["id"] for e in made]
    assert len(ids) == len(set(ids)), "exercise ids are unique"
    assert all(i[:2] == path.stem[:2] for i in ids), "an exercise id starts with its lesson's number"
    assert progress.lesson_exercises()[path.stem[:2]][1] == ids, "the progress totals count every exercise"
    key = answer_key.rows(path.stem)
    for e in made:
        assert e["id"] in key, f"{e['id']} is missing from docs/teachers_guide/{path.stem}.md"
        row = key[e["id"]]
        assert row["answer"] == e["answer"], f"{e['id']}: the guide says {row['answer']!r}, the lesson {e['answer']!r}"
        assert row["rule"] == e["rule"], f"{e['id']}: the guide names rule {row['rule']}, the lesson {e['rule']}"
        assert row["say"], f"{e['id']}: the guide says what to tell a learner who gives the wrong answer"
    stale = set(key) - set(ids)
    assert not stale, f"the guide lists exercises the lesson no longer has: {sorted(stale)}"


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: p.stem)
def test_exercises_give_the_rule_then_the_step_then_say_right(path):
    run = exercise_run(path.stem)
    answered = [e for e in run["exercises"] if "levels" in e]
    if not answered:
        pytest.skip(f"{path.stem} has no kit.Exercise in the guide")
    for e in answered:
        assert e["levels"] == ["hint", "step", "right"], (e["id"], e["levels"], e["messages"])
        if e["rule"]:
            assert e["rule"] in e["messages"][0], f"{e['id']}: the first hint names rule {e['rule']}"
        assert e["kept"] == {"attempts": 3, "solved": True, "first_try": False}, (e["id"], e["kept"])
    failed = [expr for expr, ok in run["checks"].items() if not ok]
    assert not failed, f"{path.stem}: {failed}"


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: p.stem)
def test_a_first_hint_speaks_to_the_wrong_answer_without_giving_the_answer(path):
    """The guide's common wrong answer gets more than "look again at rule X", and the first hint never
    holds a number or choice answer (the answer waits for the third try)."""
    answered = [e for e in exercise_run(path.stem)["exercises"] if "levels" in e]
    if not answered:
        pytest.skip(f"{path.stem} has no kit.Exercise in the guide")
    for e in answered:
        first = e["messages"][0]
        assert re.sub(r"Look again at rule [A-Z]{2}-\d+\.", "", first).strip(), f"{e['id']}: {first}"
        if e["kind"] in ("number", "choice"):
            plain = re.sub(r"\b[A-Z]{2}-\d+\b", "", first)        # rule ids are not answers
            said = re.search(rf"(?<![\w.]){re.escape(e['answer'])}(?![\w]|\.\d)", plain)
            assert not said, f"{e['id']}: the first hint gives the answer {e['answer']!r}: {first}"


def test_exercise_ids_are_unique_over_all_lessons():
    from tarot_learn.lessons import progress

    ids = [i for _, lesson_ids in progress.lesson_exercises().values() for i in lesson_ids]
    assert len(ids) == len(set(ids))
    assert set(answer_key.all_rows()) >= set(ids), "every exercise of every lesson is in the guide"


# ----- errors a reader found, each with a test that would catch it again ----------------------------
def _markdown(stem: str) -> str:
    return "\n".join(_source(c) for c in _cells(NOTEBOOKS / f"{stem}.ipynb") if c["cell_type"] == "markdown")


def test_01_says_which_convention_gives_the_fool_a_number():
    """The Fool is unnumbered in some decks and numbered zero in many others: the lesson says both."""
    text = _markdown("01_meet_the_deck")
    fool = [p for p in re.split(r"\n\s*\n", text) if "Fool" in p and re.search(r"number", p)]
    assert fool, "lesson 01 speaks of the Fool's number"
    for paragraph in fool:
        if re.search(r"no number|unnumbered|carries none|carries no", paragraph):
            assert "zero" in paragraph and "Marseille" in paragraph and "T0" in paragraph, paragraph


def _badge_box(card: str) -> tuple[float, float, float, float]:
    """Where the "plays as" badge sits on a card's face, as fractions of the width and height."""
    from PIL import ImageChops

    from tarot_learn.render import card_image

    with_badge = card_image(Card.parse(card), 400, show_value=True).convert("RGB")
    without = card_image(Card.parse(card), 400, show_value=False).convert("RGB")
    left, top, right, bottom = ImageChops.difference(with_badge, without).getbbox()
    w, h = with_badge.size
    return left / w, top / h, right / w, bottom / h


def test_02_says_where_the_value_badge_is():
    """The lesson tells learners where to look for the badge: where the renderer really draws it."""
    pytest.importorskip("PIL")
    text = _markdown("02_numerology")
    sentence = next(p for p in re.split(r"(?<=\.)\s", text) if "badge" in p)
    for card in ("T19", "T13", "NC"):
        left, top, right, bottom = _badge_box(card)
        centred = abs((left + right) / 2 - 0.5) < 0.08
        low = top > 0.5
        assert centred and low, (card, left, top, right, bottom)
    assert "corner" not in sentence, sentence
    assert re.search(r"\b(foot|bottom)\b", sentence) and "centred" in sentence, sentence


def test_03_does_not_call_cups_earthly():
    """Cups are the suit of water in the usual tradition; the mnemonic says only "round"."""
    text = _markdown("03_suit_alternation").lower()
    assert not re.search(r"earth(ly|y)?\b", text), "lesson 03 gives Cups an element"


@pytest.mark.parametrize("fool", ["wild", "trump_ace"])
def test_04_fool_table_names_the_card_below_on_the_trump_foundation(fool):
    """Lesson 04's Fool table shows the engine's sentence: with a wild Fool the Magician starts the
    trump foundation (nothing is below it); as the trump Ace, the Fool is below it."""
    from tarot_learn import games

    state = games.from_layout("tarot-solitaire", "t1: [KW] T1\nt2: [QW] T0\n", fool=fool)
    if fool == "trump_ace":
        state.play("t2>f5")
    said = state.explain("t1>f5")
    if fool == "wild":
        assert "after" not in said and "starts the trump foundation" in said, said
    else:
        assert "1 after 0" in said, said


def test_04_stuck_tip_gives_tips():
    """The "when you are stuck" section lists what to look for, in order, with the rules."""
    text = _markdown("04_tarot_solitaire")
    section = text[text.index("## Tip: when you are stuck"):]
    section = section[:section.index("## Exercise")] if "## Exercise" in section else section
    steps = re.findall(r"^\d+\. .*", section, flags=re.MULTILINE)
    assert len(steps) >= 4, "a checklist, not a yes/no"
    for rule in ("TS-10", "TS-4", "TS-8", "TS-15", "TS-20"):
        assert rule in section, rule


@pytest.mark.parametrize("stem", sorted(p.stem for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")))
def test_lessons_link_nothing_outside_the_lessons_folder(stem):
    """A lesson copied elsewhere (``tarot-learn lessons DIR``) or served by Voila cannot follow a link
    to ``../seeds``: the rules are shown inline with ``kit.rule_sheet`` instead."""
    text = _markdown(stem)
    outside = re.findall(r"\]\((\.\./[^)]*)\)", text)
    assert not outside, f"{stem} links outside the lessons: {outside}"
