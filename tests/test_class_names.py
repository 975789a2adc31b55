"""The class's one name rule: NFKC, case-folded for comparison, no invisible, direction or control
character, trimmed, at most 40 characters; a refusal says what to fix in one line.  The same rule
holds at a challenge and at a shared table."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tarot_learn.classroom.model.names import MAX_NAME, check_name, name_key, same_name
from tarot_learn.classroom.tables import Table, TableOptions
from tarot_learn.errors import OptionError

HIDDEN = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u202e", "\u202d", "\u2066", "\u061c",
          "\x00", "\x1b", "\x7f", "\u0085", "\ue000"]


@pytest.mark.parametrize("char", HIDDEN)
def test_an_invisible_direction_or_control_character_is_refused_by_its_code_point(char):
    with pytest.raises(OptionError) as err:
        check_name(f"An{char}a")
    line = str(err.value)
    assert "\n" not in line and f"U+{ord(char):04X}" in line and char not in line


def test_case_and_compatibility_forms_are_one_name_shown_as_typed():
    assert check_name("  Ｂｅｎ  ") == "Ben"                      # full-width letters: NFKC
    assert same_name("Ben", "ben") and same_name("BEN", "ｂｅｎ") and same_name("Straße", "STRASSE")
    assert not same_name("Ben", "Bea")
    assert check_name("Zoë  Martin") == "Zoë Martin"


@pytest.mark.parametrize("name, words", [("", "empty"), ("   ", "empty"), ("x" * 41, "1 to 40"),
                                         ("x" * 10_000, "1 to 40"), (None, "is text"), (7, "is text")])
def test_a_refusal_says_what_to_fix_in_one_line(name, words):
    with pytest.raises(OptionError, match=words) as err:
        check_name(name)
    assert "\n" not in str(err.value) and len(str(err.value)) < 120


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=60))
def test_any_text_is_refused_in_one_line_or_kept_clean(text):
    try:
        name = check_name(text)
    except OptionError as err:
        assert "\n" not in str(err)
        return
    assert 1 <= len(name) <= MAX_NAME and name == name.strip() and "  " not in name
    assert unicodedata.normalize("NFKC", name) == name
    assert not any(unicodedata.category(c) in ("Cf", "Cc", "Cn", "Co", "Cs") for c in name)
    assert check_name(name) == name                                # the rule is stable
    assert same_name(name, name.upper()) and same_name(name, name.lower())


@settings(max_examples=200, deadline=None)
@given(st.text(min_size=1, max_size=20), st.sampled_from(HIDDEN))
def test_a_hidden_character_anywhere_is_refused(text, char):
    at = len(text) // 2
    with pytest.raises(OptionError):
        check_name(text[:at] + char + text[at:])


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60), st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ ", max_size=30))
def test_name_key_never_raises_and_ignores_case(anything, letters):
    assert isinstance(name_key(anything), str)                     # a name kept by an older rule still compares
    assert name_key(letters) == name_key(letters.swapcase()) == name_key(f"  {letters.upper()} ")


def test_a_table_takes_the_same_rule_and_one_seat_per_name():
    t = Table("t1", "Ana", TableOptions(players=3))
    assert t.sit("Ben") == 1 and t.sit("ben") == 1 and t.sit(" BEN ") == 1   # one player, one seat
    assert [s.name for s in t.seats][:2] == ["Ana", "Ben"]
    for bad in ("Eve\u200b", "Eve\u202e", "robot 3", "x" * 41, ""):
        with pytest.raises(OptionError):
            t.sit(bad)
    t.fill_with_robots("ana")                                        # the master, whatever the case
    assert t.started
