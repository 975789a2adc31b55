"""The glossary (tarot_learn.lessons.glossary): read from the engine's names, and docs/glossary.md
made from it and up to date."""

from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

from tarot_learn.cards import Card, tarot_deck
from tarot_learn.decks.names import card_for_name
from tarot_learn.errors import OptionError
from tarot_learn.lessons import glossary

ROOT = pathlib.Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "glossary.md"


def test_docs_glossary_is_up_to_date():
    assert PAGE.read_text(encoding="utf-8") == glossary.markdown(), \
        "run: python -m tarot_learn.lessons.glossary docs/glossary.md"


def test_the_command_writes_and_checks(tmp_path):
    out = tmp_path / "glossary.md"
    run = [sys.executable, "-m", "tarot_learn.lessons.glossary"]
    assert subprocess.run(run + ["--check", str(out)], capture_output=True).returncode == 1
    assert subprocess.run(run + [str(out)], capture_output=True).returncode == 0
    assert out.read_text(encoding="utf-8") == glossary.markdown()
    assert subprocess.run(run + ["--check", str(out)], capture_output=True).returncode == 0
    with pytest.raises(OptionError):
        glossary.main([str(tmp_path)])


def test_card_terms_are_the_engines_french_names():
    """Every French word for a card is the one the engine prints (Card.french_name_fr)."""
    french = {t.french for t in glossary.terms() if t.section == "The cards"}
    notes = " ".join(t.note for t in glossary.terms() if t.section == "The cards")
    for card in tarot_deck():
        if card.is_trump and card.rank in (0, 1, 21):
            assert card.french_name_fr in french
        elif not card.is_trump:
            rank, suit = card.french_name_fr.split(" de ")
            assert f"French Tarot players say {suit}" in notes
            assert rank in french or rank.isdigit()
    assert "Excuse" not in {t.french for t in glossary.terms()}   # the English word is not the French one


def test_marseille_numbers_are_the_ones_the_deck_loader_reads():
    """A scan named as a Marseille deck prints it (VIII Justice, XI Strength) is read as the same card."""
    for n, printed in glossary.MARSEILLE_NUMBERS.items():
        if printed is not None:
            english = Card.parse(f"T{n}").title.removeprefix("The ").lower()
            assert card_for_name(f"{printed} {english}") == Card.parse(f"T{n}")
    assert set(glossary.MARSEILLE_TRUMPS) == {c.rank for c in tarot_deck() if c.is_trump}


def test_suit_names_cover_every_tradition_for_every_suit():
    names = glossary.suit_names()
    assert [n["French Tarot (English)"] for n in names.values()] == ["Clubs", "Hearts", "Spades", "Diamonds"]
    assert names["Wands"]["Marseille (English)"] == "Batons" and names["Pentacles"]["Marseille (English)"] == "Coins"
    for suit, traditions in names.items():
        others = [w for w in traditions["other decks"].split(", ") if w != "—"]
        for word in [traditions["Marseille (English)"], *others]:
            card = card_for_name(f"king of {word}")
            assert card is not None and card.title == f"King of {suit}", (word, card)


def test_the_tarot_suits_french_names_are_the_tarot_ones():
    """Wands is Bâtons in French; Trèfle is the playing-card suit French Tarot players borrow."""
    row = {t.english: t for t in glossary.terms() if t.section == "The cards"}
    assert [row[s].french for s in ("Wands", "Cups", "Swords", "Pentacles")] == ["Bâtons", "Coupes", "Épées", "Deniers"]
    assert "Trèfle (Clubs)" in row["Wands"].note
    assert "| Wands | Bâtons |" in PAGE.read_text(encoding="utf-8")


def test_french_tarot_has_21_atouts_and_the_excuse_is_not_one():
    """FFT: 21 atouts numbered 1 to 21, and the Excuse; the glossary says so."""
    from tarot_learn.games.french_tarot import rules as R

    trump = next(t for t in glossary.terms() if t.english == "trump")
    atouts = [c for c in R.CARDS if c.is_trump and R.card_number(str(c)) > R.EXCUSE]
    assert len(atouts) == 21 and trump.note.startswith("the 21 cards numbered 1 to 21")
    assert "Excuse (T0) is not one" in trump.note and trump.seen_as == "T1 .. T21"
    assert "Fool among them" not in PAGE.read_text(encoding="utf-8")
