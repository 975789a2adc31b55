"""The class challenge: results proved by replay against the challenge's own deal, the leaderboard's
order, refusals (forged, edited, other deal, late, twice), many students at once, a restart, CSV;
the student's page driven through its Python entry points; the teacher's pages on a real class
server; the leaderboard notebook of the static site."""

from __future__ import annotations

import asyncio
import base64
import concurrent.futures
import csv
import functools
import hashlib
import html
import http.cookiejar
import io
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import zlib
from pathlib import Path

import pytest

from tarot_learn import games, results, solve
from tarot_learn.classroom.model import challenge

from tarot_learn.classroom.model.challenge import ChallengeBook
from tarot_learn.classroom.model.leaderboard import Entry, check_codes, ordered
from tarot_learn.classroom.model.store import ClassStore
from tarot_learn.errors import OptionError, SaveError, TarotLearnError

ROOT = Path(__file__).resolve().parents[1]
# A Klondike deal (Turn Three, building in any suit) the solver wins in 119 moves.
GAME, OPTIONS, SEED = "klondike", {"draw": 3, "build": "any_suit"}, 6


class Clock:
    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@functools.lru_cache(maxsize=None)
def winning_line(seed: int = SEED) -> tuple[str, ...]:
    result = solve.solve(games.new(GAME, seed=seed, **OPTIONS), seconds=20)
    assert result.solved
    return tuple(str(m) for m in result.moves)


def finished_code(cycles: int = 0, seed: int = SEED) -> str:
    """A won game's code: ``cycles`` times through the whole stock first (9 moves each), then the
    solver's line; so each ``cycles`` gives another game of the same deal."""
    state = games.new(GAME, seed=seed, **OPTIONS)
    for _ in range(cycles):
        while True:
            move = next(str(m) for m in state.legal_moves() if str(m) in ("draw", "redeal"))
            state.play(move)
            if move == "redeal":
                break
    for move in winning_line(seed):
        state.play(move)
    assert state.is_won()
    return results.result_code(state)


def resigned(body: str) -> str:
    """A forger's code: any body with a check word that matches it (anyone can compute one)."""
    return f"{body}.{hashlib.sha256(body.encode()).hexdigest()[:10]}"


def forged_code(deal: str, moves: list[str]) -> str:
    """A forger's code claiming ``moves`` on ``deal``, its check word right."""
    packed = base64.urlsafe_b64encode(zlib.compress(";".join(moves).encode())).decode().rstrip("=")
    return resigned(f"TLR1.{deal}.{packed}")


@pytest.fixture
def book(tmp_path):
    clock = Clock()
    b = ChallengeBook(ClassStore(tmp_path / "class"), clock=clock)
    b.clock_ = clock
    return b


@pytest.fixture
def ch(book):
    return book.create(GAME, {"draw": "3", "build": "any_suit"}, deal=str(SEED), minutes=30)


# ----- the challenge ------------------------------------------------------------------------------
def test_a_challenge_keeps_its_deal_and_options_and_says_neither_code(book, ch):
    assert ch.deal_code == games.new(GAME, seed=SEED, **OPTIONS).deal_code
    assert ch.options["draw"] == 3 and ch.options["build"] == "any_suit"
    assert ch.title == "Klondike (draw 3, build any suit)"
    assert ch.deal_code not in ch.describe(book.clock_()) and "30 min" in ch.describe(book.clock_())
    assert book.current() == ch


def test_the_teacher_may_give_a_random_deal_or_a_deal_code(book):
    a = book.create("tarot-solitaire", {}, deal="random", minutes=5)
    assert a.deal_code.startswith("TS") and a.time_limit == 300
    code = games.new("american-toad", seed=3, draw=2).deal_code
    b = book.create("klondike", {}, deal=code, minutes=5)          # a code names its own game and options
    assert (b.game, b.deal_code, b.options["draw"]) == ("american-toad", code, 2)
    assert book.get(a.id).ended is not None and book.current() == b   # the new one ends the old one


@pytest.mark.parametrize("args, words", [
    (("french-tarot", {}, ""), "a challenge plays one of"),
    (("klondike", {"colour": "red"}, ""), "has no option 'colour'"),
    (("klondike", {"draw": 7}, ""), "draw"),
    (("klondike", {}, "KL1T-ZZZZZZZZ"), "KL1T-ZZZZZZZZ"),
    (("klondike", {}, "99999999999999999999"), "a seed is a whole number"),
    (("klondike", {}, games.new("french-tarot", seed=1).deal_code), "a challenge plays one of"),
])
def test_a_bad_setting_is_refused_in_one_line(book, args, words):
    with pytest.raises(TarotLearnError, match=words) as err:
        book.create(*args, minutes=10)
    assert "\n" not in str(err.value) and type(err.value) is not ValueError


@pytest.mark.parametrize("minutes", [0, -3, 100_000, "soon", None])
def test_the_time_limit_is_minutes_within_reason(book, minutes):
    with pytest.raises(OptionError, match="time limit"):
        book.create(GAME, {}, minutes=minutes)


# ----- results ------------------------------------------------------------------------------------
def key(page: str) -> str:
    """The key a student's page keeps in its browser (32 hex digits), one per page here."""
    return hashlib.sha256(page.encode()).hexdigest()[:32]


def test_results_are_ranked_by_fewest_moves_then_time(book, ch):
    clock = book.clock_
    for name in ("Ana", "Ben", "Cleo"):
        book.join(ch, name, key(name))
    clock.now += 60
    slow = book.submit(ch, "Ben", finished_code(cycles=1), key("Ben"))     # 128 moves, first in
    clock.now += 60
    fast = book.submit(ch, "Ana", finished_code(), key("Ana"))           # 119 moves, later
    assert (slow.moves, slow.seconds, fast.moves, fast.seconds) == (128, 60, 119, 120)
    assert [(e.name, e.moves) for e in book.leaderboard(ch)] == [("Ana", 119), ("Ben", 128)]
    clock.now += 60
    book.submit(ch, "Ben", finished_code(cycles=2), key("Ben"))      # a worse game does not replace a better
    assert [(e.name, e.moves) for e in book.leaderboard(ch)] == [("Ana", 119), ("Ben", 128)]
    assert [e.name for e in book.results(ch)] == ["Ben", "Ana", "Ben"]


def test_equal_moves_are_ranked_by_time_and_a_won_game_before_an_unfinished_one():
    entries = [Entry("slow", 119, True, 300.0), Entry("unfinished", 12, False, 10.0), Entry("quick", 119, True, 90.0),
               Entry("quick", 140, True, 20.0)]
    assert [(e.name, e.moves) for e in ordered(entries)] == [("quick", 119), ("slow", 119), ("unfinished", 12)]


def test_a_code_of_another_deal_or_other_options_is_refused(book, ch):
    with pytest.raises(SaveError, match="another deal than the challenge's") as err:
        book.submit(ch, "Ana", finished_code(seed=4))                 # valid, won, but not this deal
    other_options = games.new(GAME, seed=SEED, draw=1).deal_code
    assert other_options != ch.deal_code
    assert ch.deal_code not in str(err.value)                         # the refusal does not tell the deal
    assert book.results(ch) == []


def test_an_edited_or_forged_code_is_refused_with_the_reason(book, ch):
    code = finished_code()
    prefix, deal, packed, check = code.split(".")
    edited = f"{prefix}.{deal}.{packed[:-2]}{'AB' if packed[-2:] != 'AB' else 'CD'}.{check}"
    with pytest.raises(SaveError, match="changed or damaged"):
        book.submit(ch, "Ana", edited)
    # A forger who recomputes the check word: the moves are replayed and the lie shows.
    with pytest.raises(SaveError, match="move 1 of the result, 't1>f1', is not legal"):
        book.submit(ch, "Ana", forged_code(deal, ["t1>f1"] * 52))
    with pytest.raises(SaveError, match="not finished"):
        book.submit(ch, "Ana", forged_code(deal, list(winning_line()[:20])))
    with pytest.raises(SaveError, match="not a result code"):
        book.submit(ch, "Ana", "I won, honest")
    assert book.results(ch) == []


def test_the_same_game_counts_once_and_late_results_are_refused(book, ch):
    code = finished_code()
    book.submit(ch, "Ana", code)
    with pytest.raises(SaveError, match="already handed in"):
        book.submit(ch, "Ben", code)                                  # a classmate's copied code
    book.clock_.now += 31 * 60
    with pytest.raises(SaveError, match="closed"):
        book.submit(ch, "Ben", finished_code(cycles=1))
    again = book.create(GAME, OPTIONS, deal=str(SEED), minutes=30)
    book.end(again)
    with pytest.raises(SaveError, match="closed"):
        book.submit(again, "Ben", finished_code(cycles=1))


@pytest.mark.parametrize("name", ["", "   ", "x" * 41, "tab\there\x00"])
def test_a_name_is_short_printable_text(book, ch, name):
    with pytest.raises(OptionError, match="a name"):
        book.join(ch, name, key("a page"))


def test_a_name_belongs_to_the_page_that_joined_first_until_the_teacher_frees_it(book, ch):
    ana, eve = key("Ana's laptop"), key("Eve's laptop")
    assert book.join(ch, "Ana", ana) == ("Ana", True)
    assert book.join(ch, " Ana ", ana) == ("Ana", False)              # the same page, reloaded
    with pytest.raises(OptionError, match="already playing this challenge on another page"):
        book.join(ch, "Ana", eve)
    for other in (eve, None):                                          # another page, or no page at all
        with pytest.raises(OptionError, match="held by another page"):
            book.submit(ch, "Ana", finished_code(), other)
    assert book.leaderboard(ch) == []
    for bad in ("", "../etc/passwd", "0" * 31, "A" * 32, None, 7):
        with pytest.raises(OptionError, match="no key to hold your name"):
            book.join(ch, "Ben", bad)
    assert book.players(ch) == [("Ana", True)] and book.holds(ch, "Ana", ana)
    assert book.free(ch, "Ana") and not book.free(ch, "Zoe")
    assert book.players(ch) == [("Ana", False)]
    assert book.seat(ch, "Ana") == 0 and not book.holds(ch, "Ana", ana)   # freed: the old page stops
    assert book.join(ch, "Ana", eve) == ("Ana", True)                 # Ana on another laptop starts afresh
    assert book.seat(ch, "ana") == 1                                  # a board saved before is not hers
    assert not book.holds(ch, "Ana", ana) and book.holds(ch, "Ana", eve)
    assert book.submit(ch, "Ana", finished_code(), eve).moves == 119
    with pytest.raises(OptionError, match="another page"):
        book.join(ch, "Ana", ana)
    kept = book.store.read("SELECT key FROM challenge_players")[0]["key"]
    assert kept and eve not in kept                                   # only a digest of the key is kept


def test_a_name_in_another_case_is_the_same_student_shown_as_typed_first(book, ch):
    ana, eve = key("Ana's laptop"), key("Eve's laptop")
    assert book.join(ch, "Ana", ana) == ("Ana", True)
    assert book.join(ch, "ANA", ana) == ("Ana", False)
    with pytest.raises(OptionError, match="Ana is already playing"):
        book.join(ch, "ａｎａ", eve)                                   # full-width, lower case: still Ana
    for bad in ("Ana\u200b", "\u202eanA"):
        with pytest.raises(OptionError, match="invisible or control character"):
            book.join(ch, bad, eve)
    assert book.submit(ch, "ana", finished_code(), ana).name == "Ana"
    assert book.players(ch) == [("Ana", True)]


def test_one_browser_holds_one_challenge_name(book, ch):
    ana = key("Ana's laptop")
    book.join(ch, "Ana", ana)
    with pytest.raises(OptionError, match="this browser already plays this challenge as Ana"):
        book.join(ch, "Ana2", ana)
    assert book.players(ch) == [("Ana", True)]
    book.free(ch, "ana")                                              # the teacher frees it: a new name is fine
    assert book.join(ch, "Anna", ana) == ("Anna", True)


def partial_code(moves: int, seed: int = SEED) -> str:
    """The code of the challenge's game after the first ``moves`` moves of the solver's line."""
    state = games.new(GAME, seed=seed, **OPTIONS)
    for move in winning_line(seed)[:moves]:
        state.play(move)
    return results.result_code(state)


def home_after(moves: int) -> int:
    state = results.verify(partial_code(moves)).state
    return sum(len(pile) for pile in state.found)


def test_when_time_runs_out_every_student_still_playing_is_ranked_by_progress(book, ch):
    clock = book.clock_
    for name in ("Ana", "Ben", "Cleo", "Dan", "Eve"):
        book.join(ch, name, key(name))
    far, near = 100, 60
    assert home_after(far) > home_after(near) > 0
    clock.now += 60
    book.submit(ch, "Ana", finished_code(), key("Ana"))
    book.progress(ch, "Ben", partial_code(far), key("Ben"))
    book.progress(ch, "Cleo", partial_code(near), key("Cleo"))
    book.progress(ch, "Dan", partial_code(near), key("Dan"))
    book.progress(ch, "Dan", partial_code(far - 1), key("Dan"))      # the latest game in progress counts
    with pytest.raises(OptionError, match="held by another page"):
        book.progress(ch, "Eve", partial_code(far), key("not Eve"))
    assert [e.name for e in book.leaderboard(ch)] == ["Ana"]           # while the challenge runs: results only
    clock.now = ch.closes                                              # the fake clock: time runs out
    board = book.leaderboard(ch)
    assert [(e.name, e.outcome) for e in board] == [
        ("Ana", "won"), ("Ben", "time ran out"), ("Dan", "time ran out"), ("Cleo", "time ran out")]
    assert [e.home for e in board[1:]] == [home_after(far), home_after(far - 1), home_after(near)]
    with pytest.raises(SaveError, match="closed"):
        book.progress(ch, "Eve", partial_code(far), key("Eve"))
    shown = challenge.board_json(book, ch, clock.now)
    assert [(e["name"], e["result"], e["home"]) for e in shown["leaderboard"]][1] == ("Ben", "time ran out",
                                                                                     home_after(far))
    assert shown["challenge"]["closed"] and ch.deal_code not in json.dumps(shown)
    rows = list(csv.DictReader(io.StringIO(book.csv(ch))))
    assert sorted((r["name"], r["result"]) for r in rows) == [
        ("Ana", "won"), ("Ben", "time ran out"), ("Cleo", "time ran out"), ("Dan", "time ran out")]


def test_equal_progress_ranks_the_fewer_moves_first(book, ch):
    for name in ("Ben", "Cleo"):
        book.join(ch, name, key(name))
    book.progress(ch, "Ben", partial_code(60), key("Ben"))
    state = results.verify(partial_code(60)).state                   # the same cards home, two moves more
    for move in ("draw", "draw"):
        state.play(move)
    book.progress(ch, "Cleo", results.result_code(state), key("Cleo"))
    book.clock_.now = ch.closes + 1
    assert [(e.name, e.home) for e in book.leaderboard(ch)] == [("Ben", home_after(60)), ("Cleo", home_after(60))]


def test_the_teacher_asks_for_a_deal_whose_solver_line_fits_and_sees_its_code(book, monkeypatch):
    from tarot_learn.classroom.model import challenge_deals

    monkeypatch.setattr(challenge_deals, "SEARCH_DEALS", 4)
    found = book.create(GAME, {"draw": "3", "build": "any_suit"}, deal="random", minutes=20, lines=[1, 2000])
    assert 1 <= len(found.line) <= 2000
    replay = games.from_code(found.deal_code)
    for move in found.line:
        replay.play(move)
    assert replay.is_won()                                             # the line is a real win of the deal
    with pytest.raises(OptionError, match=r"no Klondike deal with a solver line of 1 to 5 moves was found among "
                                          r"4 deals \(") as err:
        book.create(GAME, {"draw": "3"}, deal="random", minutes=20, lines=(1, 5))
    assert "widen the range" in str(err.value) and "\n" not in str(err.value)
    for bad in ((90, 40), (0, 5), ("a", 3), (5,), "40-90"):
        with pytest.raises(OptionError, match="a line length range is two whole numbers"):
            book.create(GAME, {}, minutes=20, lines=bad)
    with pytest.raises(OptionError, match="picks its own deal"):
        book.create(GAME, {}, deal="7", minutes=20, lines=(40, 90))
    seen = challenge.teacher_json(book, book.clock_())
    assert seen["challenge"]["deal_code"] == found.deal_code and seen["challenge"]["line_moves"] == len(found.line)
    assert [p["deal_code"] for p in seen["history"]] == [found.deal_code]
    again = book.create("tarot-solitaire", {}, deal=seen["history"][0]["deal_code"], minutes=10)
    assert (again.game, again.deal_code) == (GAME, found.deal_code)   # the teacher uses the deal again
    assert [p["id"] for p in challenge.teacher_json(book, book.clock_())["history"]] == [again.id, found.id]
    assert found.deal_code not in json.dumps(challenge.board_json(book, again, book.clock_()))


def test_the_same_moves_in_another_encoding_count_once(book, ch):
    code = finished_code()
    verified = results.verify(code)
    packed = base64.urlsafe_b64encode(zlib.compress(";".join(verified.moves).encode(), 1)).decode()  # padding kept
    other = resigned(f"TLR1.{ch.deal_code}.{packed}")
    spaced = " ".join(code[i:i + 20] for i in range(0, len(code), 20))
    assert other != code and results.verify(other).moves == verified.moves
    book.submit(ch, "Ana", code)
    for copy in (other, spaced):
        with pytest.raises(SaveError, match="already handed in"):
            book.submit(ch, "Ben", copy)
    assert [e.name for e in book.results(ch)] == ["Ana"]
    board = check_codes(f"Ana: {code}\nBen: {other}", deal=ch.deal_code)
    assert [e.name for e in board.entries] == ["Ana"] and "same game as line 1" in board.refused[0].reason


def test_results_kept_under_their_codes_text_are_keyed_by_moves_when_the_file_opens(tmp_path):
    from tarot_learn.classroom.model import schema

    book = ChallengeBook(ClassStore(tmp_path))
    ch = book.create(GAME, OPTIONS, deal=str(SEED), minutes=30)
    code = finished_code()
    verified = results.verify(code)
    other = resigned(f"TLR1.{ch.deal_code}." + base64.urlsafe_b64encode(
        zlib.compress(";".join(verified.moves).encode(), 1)).decode())
    with book.store.write() as db:                                   # an older file: keyed by the code's text
        for name, text in (("Ana", code), ("Ben", other)):
            db.execute("INSERT INTO challenge_results (challenge_id, name, moves, won, seconds, submitted, code, "
                       "code_key) VALUES (?, ?, 119, 1, 1, 1, ?, ?)", (ch.id, name, text, hashlib.sha256(
                           text.encode()).hexdigest()[:24]))
        schema.CHALLENGE[2](db)                                       # the step that keys them by moves
    assert [e.name for e in book.results(ch)] == ["Ana"]
    with pytest.raises(SaveError, match="already handed in"):
        book.submit(ch, "Zoe", other)


def _submit(folder: str, challenge_id: int, name: str, cycles: int) -> int:
    book = ChallengeBook(ClassStore(folder))
    return book.submit(book.get(challenge_id), name, finished_code(cycles=cycles)).moves


def test_a_class_handing_in_at_once_loses_nothing(tmp_path):
    folder = tmp_path / "class"
    book = ChallengeBook(ClassStore(folder))
    ch = book.create(GAME, OPTIONS, deal=str(SEED), minutes=30)
    names = [f"student {i}" for i in range(12)]
    with concurrent.futures.ProcessPoolExecutor(4) as pool:
        moves = list(pool.map(_submit, [str(folder)] * 12, [ch.id] * 12, names, range(12)))
    assert moves == [119 + 9 * i for i in range(12)]
    assert [e.name for e in book.leaderboard(ch)] == names


def test_the_leaderboard_and_challenge_survive_a_restart_and_export_as_csv(tmp_path):
    clock = Clock()
    book = ChallengeBook(ClassStore(tmp_path), clock=clock)
    ch = book.create(GAME, OPTIONS, deal=str(SEED), minutes=30)
    book.join(ch, "=cmd|' /C calc'!A0", key("a page"))
    clock.now += 75.25
    book.submit(ch, "=cmd|' /C calc'!A0", finished_code(), key("a page"))
    book.submit(ch, "Ben", finished_code(cycles=1))
    book.store.close()
    del book                                                          # the server stops
    again = ChallengeBook(ClassStore(tmp_path), clock=clock)
    assert again.current() == ch
    assert [(e.name, e.moves) for e in again.leaderboard(ch)] == [("=cmd|' /C calc'!A0", 119), ("Ben", 128)]
    rows = list(csv.DictReader(io.StringIO(again.csv(ch))))
    assert [r["name"] for r in rows] == ["'=cmd|' /C calc'!A0", "Ben"]
    assert (rows[0]["result"], rows[0]["moves"], rows[0]["seconds"]) == ("won", "119", "75.3")
    assert results.verify(rows[1]["result_code"]).moves_made == 128    # the codes can be checked again


# ----- the student's page (the kernel side of challenge.ipynb) -------------------------------------
def test_the_student_page_plays_the_deal_hands_in_and_refuses_a_forged_paste(tmp_path):
    from tarot_learn.classroom.challenge_page import ChallengePage

    book = ChallengeBook(ClassStore(tmp_path))
    none_yet = ChallengePage(book)
    assert (none_yet.heading.part, none_yet.table.part, none_yet.heading.playing) == ("heading", "leaderboard", 0)
    ch = book.create(GAME, OPTIONS, deal=str(SEED), minutes=30)
    page = ChallengePage(book)
    assert not page.hand_in(finished_code()) and "Join the challenge with your name first" in page.pasted.value
    page.join("Ana")                                                   # the page has not sent its key yet
    assert page.board is None and "still starting" in page.status.value
    page.key_widget.receive({"event": "key", "key": key("Ana's page")})
    page.join("Ana")
    thief = ChallengePage(book)
    thief.key_widget.receive({"event": "key", "key": key("Eve's page")})
    thief.join("Ana")
    assert thief.board is None and "already playing this challenge on another page" in thief.status.value
    board = page.board
    assert page.heading.playing == page.table.playing == ch.id and thief.heading.playing == 0
    assert board is not None and not board.sharing
    assert board.state.deal_code == ch.deal_code and board.options_panel.layout.display == "none"
    assert board.options_panel in board.children                         # the options are the teacher's
    before = board.state.moves_made
    for button, words in (("hint", "Hints are off"), ("new", "keeps the challenge's deal"), ("share", "stays hidden")):
        board.press(button)
        assert board.message_kind == "refused" and words in board.message and board.state.moves_made == before
    assert board.state.deal_code == ch.deal_code
    for move in winning_line():
        board.state.play(move)
    board.refresh()                                                   # the view changes: the game is over
    assert "Handed in for Ana: won in 119 moves" in page.status.value
    assert ch.deal_code not in page.status.value + page.pasted.value
    code = finished_code(cycles=1)
    assert not page.hand_in(code[:-3] + "abc")
    assert "Refused: the result code was changed or damaged" in page.pasted.value
    assert page.hand_in(code) and "128 moves" in page.pasted.value
    assert [(e.name, e.moves) for e in book.leaderboard(ch)] == [("Ana", 119)]   # Ana's best counts


def test_a_challenge_game_resumes_only_on_its_own_page_in_its_own_browser(tmp_path, monkeypatch):
    from tarot_learn.classroom.challenge_page import ChallengePage
    from tarot_learn.widgets import SolitaireBoard

    monkeypatch.setenv("TAROT_LEARN_DATA", str(tmp_path / "data"))
    book = ChallengeBook(ClassStore(tmp_path / "class"))
    ch = book.create(GAME, OPTIONS, deal=str(SEED), minutes=30)
    token = "5e" * 16                                                  # the challenge page's resume token
    page = ChallengePage(book)
    page.key_widget.receive({"event": "key", "key": key("Ana's page")})
    page.join("Ana")
    page.board.resume(token)
    for move in winning_line()[:5]:
        page.board.state.play(move)
    page.board.refresh()
    saved = page.board.autosave_path
    assert saved.is_file() and token not in saved.name
    free = SolitaireBoard(game=GAME, **OPTIONS)                        # the free-play tables page, same token
    free.resume(token)
    assert free.state.moves_made == 0 and free.state.deal_code != ch.deal_code
    assert free.autosave_path != saved
    free.press("share")
    assert ch.deal_code not in free.message
    elsewhere = ChallengePage(book)                                    # another browser, the token copied
    elsewhere.key_widget.receive({"event": "key", "key": key("Eve's page")})
    elsewhere.join("Eve")
    elsewhere.board.resume(token)
    assert elsewhere.board.state.moves_made == 0
    again = ChallengePage(book)                                        # Ana's page reloaded: her game is back
    again.key_widget.receive({"event": "key", "key": key("Ana's page")})
    again.join("Ana")
    again.board.resume(token)
    assert again.board.state.moves_made == 5 and again.board.state.deal_code == ch.deal_code
    again.board.press("hint")
    assert again.board.message_kind == "refused" and again.board.state.moves_made == 5


def test_a_freed_name_starts_afresh_elsewhere_and_its_old_page_stops(tmp_path, monkeypatch):
    from tarot_learn.classroom.challenge_page import ChallengePage

    monkeypatch.setenv("TAROT_LEARN_DATA", str(tmp_path / "data"))
    book = ChallengeBook(ClassStore(tmp_path / "class"))
    ch = book.create(GAME, OPTIONS, deal=str(SEED), minutes=30)
    token = "5e" * 16
    old = ChallengePage(book)
    old.key_widget.receive({"event": "key", "key": key("Ana's laptop")})
    old.join("Ana")
    old.board.resume(token)
    for move in winning_line()[:40]:
        old.board.state.play(move)
    old.board.refresh()
    played = old.board.state.moves_made
    assert played > 0 and [e.name for e in book.progresses(ch)] == ["Ana"]     # her progress is handed in
    assert book.free(ch, "Ana")
    old.board.on_intent({"event": "press", "name": "draw"})
    assert old.board.state.moves_made == played and "freed the name Ana" in old.board.message
    same_browser = ChallengePage(book)                                  # a reload in the same browser after
    same_browser.key_widget.receive({"event": "key", "key": key("Ana's laptop")})
    same_browser.join("Ana")
    same_browser.board.resume(token)
    assert same_browser.board.state.moves_made == 0 and "Welcome back" not in same_browser.status.value
    book.end(ch)
    same_browser.board.on_intent({"event": "press", "name": "draw"})
    assert same_browser.board.state.moves_made == 0 and "challenge is closed" in same_browser.board.message
    late = ChallengePage(book)
    late.key_widget.receive({"event": "key", "key": key("Ben's laptop")})
    late.join("Ben")
    assert late.board is None and f"Challenge {ch.id} is closed" in late.status.value
    assert "play the deal below" not in late.status.value


def test_the_student_page_off_the_class_server_says_so(monkeypatch):
    from tarot_learn.classroom.challenge_page import ChallengePage

    monkeypatch.delenv(challenge.CLASS_DIR_ENV, raising=False)
    page = ChallengePage()
    assert "works on the class server" in page.children[0].value
    page.join("Ana")
    assert "no challenge to join" in page.status.value


# ----- the leaderboard notebook (static site) -------------------------------------------------------
def test_the_leaderboard_notebook_ranks_verified_codes_and_refuses_an_edited_one(tmp_path):
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(ROOT / "notebooks" / "leaderboard.ipynb", as_version=4)
    slow, fast, third = finished_code(cycles=1), finished_code(), finished_code(cycles=2)
    edited = third.replace(third.split(".")[2][5:9], "AAAA", 1)
    cell = next(c for c in nb.cells if c.cell_type == "code" and "CODES =" in c.source)
    deal = games.new(GAME, seed=SEED, **OPTIONS).deal_code
    cell.source = f'CODES = """\nBen: {slow}\nCleo {edited}\n{fast}\n"""\nDEAL = "{deal}"'
    NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
    out = next(o for c in nb.cells if c.cell_type == "code" and "check_codes(CODES" in c.source for o in c.outputs)
    page = out["data"]["text/html"]
    rows = page.split("<tbody>")[1].split("</tbody>")[0].split("</tr>")[:-1]
    assert len(rows) == 2
    assert "line 3" in rows[0] and "<td>119</td>" in rows[0] and "<td>won</td>" in rows[0]
    assert "Ben" in rows[1] and "<td>128</td>" in rows[1]
    assert "line 2 (Cleo): the result code was changed or damaged" in page


def test_check_codes_refuses_other_deals_copies_and_lines_without_a_code():
    deal = games.new(GAME, seed=SEED, **OPTIONS).deal_code
    code = finished_code()
    board = check_codes(f"Ana: {code}\nBen: {code}\nCleo: my score was 12\nDan: {finished_code(seed=4)}", deal=deal)
    assert [(e.name, e.moves) for e in board.entries] == [("Ana", 119)]
    assert [(r.name, r.reason.split(":")[0]) for r in board.refused] == [
        ("Ben", "the same game as line 1"), ("Cleo", "no result code on this line (they start TLR1.)"),
        ("Dan", "this result is for another deal than the challenge's")]


# ----- the teacher's pages on the class server -------------------------------------------------------
def free_port() -> int:
    """A port the system has just handed out: scanning a range raced with the other test workers' servers."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ClassServer:
    """``tarot-learn classroom`` with the challenge pages, started and restarted on one class folder."""

    def __init__(self, folder: Path, port: int, standby: int = 0) -> None:
        self.folder, self.port, self.standby = folder, port, standby
        self.password, self.teacher = "class-pw-7", "teacher-pw-9"
        self.base = f"http://127.0.0.1:{port}/"
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        argv = [sys.executable, "-m", "tarot_learn", "classroom", "--port", str(self.port), "--password", self.password,
                "--teacher-password", self.teacher, "--class-dir", str(self.folder), "--standby", str(self.standby)]
        log = (self.folder.parent / "server.log").open("a")
        self.proc = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("the class server stopped at start: see server.log")
            try:
                urllib.request.urlopen(f"{self.base}api/status?token={self.password}", timeout=5).close()
                return
            except OSError:
                time.sleep(0.3)
        raise RuntimeError("the class server did not answer within 120 s")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)


class Client:
    """A browser-like client: cookies kept, the _xsrf cookie sent back on POST."""

    def __init__(self, server: ClassServer) -> None:
        self.server = server
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def call(self, path: str, data: dict | bytes | None = None, json_body: bool = False) -> tuple[int, str]:
        headers = {}
        xsrf = next((c.value for c in self.jar if c.name == "_xsrf"), "")
        body = None
        if data is not None:
            headers["X-XSRFToken"] = xsrf
            if json_body:
                body, headers["Content-Type"] = json.dumps(data).encode(), "application/json"
            else:
                body = urllib.parse.urlencode({**data, "_xsrf": xsrf}).encode()
        request = urllib.request.Request(self.server.base + path, data=body, headers=headers)
        try:
            with self.opener.open(request, timeout=60) as r:
                return r.status, r.read().decode()
        except urllib.error.HTTPError as err:
            return err.code, err.read().decode()

    def log_in(self) -> None:
        assert self.call(f"tarot/?token={self.server.password}")[0] == 200


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = ClassServer(tmp_path_factory.mktemp("challenge") / "class", free_port())
    try:
        s.start()
        yield s
    finally:
        s.stop()


def test_a_student_with_the_class_password_cannot_open_the_teacher_pages(server):
    student = Client(server)
    status, body = student.call("tarot/challenge/teacher")            # no class password: the class's login
    assert "Teacher password" not in body and "<title>Come into the class</title>" in body
    assert 'name="password"' in body and "Setup" not in body and "new_password" not in body
    student.log_in()
    status, body = student.call("tarot/challenge/teacher")
    assert status == 403 and "Teacher password" in body
    assert re.search(r'<form method="post"[^>]*><input type="hidden" name="_xsrf" value="[^"]+"', body)
    for path in ("tarot/challenge/teacher/api", "tarot/challenge/teacher/results.csv"):
        assert student.call(path)[0] == 403
    assert student.call("tarot/challenge/teacher/api", {"action": "end"}, json_body=True)[0] == 403
    status, body = student.call("tarot/challenge/teacher/login", {"password": server.password})
    assert status == 403 and "That is not the teacher" in body


def test_the_teacher_sets_a_challenge_and_sees_results_and_csv(server):
    teacher = Client(server)
    teacher.log_in()
    status, _ = teacher.call("tarot/challenge/teacher/login", {"password": server.teacher})
    assert status == 200
    status, page = teacher.call("tarot/challenge/teacher")
    assert status == 200 and "Start the challenge" in page
    status, body = teacher.call("tarot/challenge/teacher/api", {"action": "create", "game": GAME,
                                "options": {"draw": "3", "build": "any_suit"}, "deal": "seven", "minutes": 10},
                                json_body=True)
    assert status == 400 and json.loads(body)["error"].startswith("'seven' is not a deal code")
    status, body = teacher.call("tarot/challenge/teacher/api", {"action": "create", "game": GAME,
                                "options": {"draw": "3", "build": "any_suit"}, "deal": str(SEED), "minutes": 10},
                                json_body=True)
    assert status == 200, body
    data = json.loads(body)
    assert data["challenge"]["title"] == "Klondike (draw 3, build any suit)"
    book = ChallengeBook(ClassStore(server.folder))                  # a student's kernel, on the same file
    ch = book.current()
    book.submit(ch, "Ana", finished_code())
    student = Client(server)
    student.log_in()
    status, body = student.call("tarot/challenge/api")
    assert status == 200
    seen = json.loads(body)
    assert [(e["name"], e["moves"]) for e in seen["leaderboard"]] == [("Ana", 119)]
    assert ch.deal_code not in body and "TLR1" not in body           # no code that names the deal
    assert "Klondike" in student.call("tarot/")[1]                   # the landing page names the challenge
    student.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(student.jar), NoRedirect)
    status, _ = student.call("tarot/challenge")
    assert status == 302                                             # to the challenge's Voila page
    status, body = teacher.call("tarot/challenge/teacher/results.csv")
    assert status == 200 and body.splitlines()[0].startswith("challenge,name,result,moves,seconds")
    seen = json.loads(teacher.call("tarot/challenge/teacher/api")[1])
    assert (seen["handed_in"], seen["joined"], seen["players"]) == (1, 0, [])
    book.join(ch, "Ben", key("Ben's page"))
    assert json.loads(teacher.call("tarot/challenge/teacher/api")[1])["players"] == [{"name": "Ben", "held": True}]
    status, body = teacher.call("tarot/challenge/teacher/api", {"action": "free", "name": "Ben"}, json_body=True)
    assert status == 200 and book.players(ch) == [("Ben", False)]
    status, body = teacher.call("tarot/challenge/teacher/api", {"action": "free", "name": "Zoe"}, json_body=True)
    assert status == 400 and "no one joined" in json.loads(body)["error"]
    assert student.call("tarot/challenge/teacher/api", {"action": "free", "name": "Ben"}, json_body=True)[0] == 403
    status, body = teacher.call("tarot/challenge/teacher/api", {"action": "end"}, json_body=True)
    assert status == 200 and json.loads(body)["challenge"]["seconds_left"] == 0
    assert json.loads(student.call("tarot/challenge/api")[1])["challenge"]["line"].endswith("closed")
    with pytest.raises(SaveError, match="closed"):
        book.submit(ch, "Ben", finished_code(cycles=1))
    status, body = teacher.call("tarot/challenge/teacher/api", {"action": "dance"}, json_body=True)
    assert status == 400 and json.loads(body)["error"] == "the action is 'create', 'end', 'free' or 'present'"


def test_the_teacher_page_offers_the_course_first_game_plain_words_and_the_presenter(server):
    from tarot_learn.classroom.presenter_page import NO_TICKET, presenter_page
    from tarot_learn.widgets.presenter import Presenter

    teacher, student = Client(server), Client(server)
    teacher.log_in(), student.log_in()
    assert teacher.call("tarot/challenge/teacher/login", {"password": server.teacher})[0] == 200
    page = teacher.call("tarot/challenge/teacher")[1]
    setup = json.loads(html.unescape(re.search(r'data-setup="([^"]*)"', page).group(1)))
    assert [g["name"] for g in setup["games"]] == ["tarot-solitaire", "klondike", "american-toad"]
    labels = {o["name"]: o for o in setup["games"][0]["options"]}
    assert labels["face_down_row"]["label"].startswith("Deal the first row face down")
    assert ["True", "yes"] in labels["face_down_row"]["choices"] and ["king_only", "king only"] in \
        labels["empty_column"]["choices"]
    status, body = teacher.call("tarot/challenge/teacher/api", {"action": "create", "game": GAME, "options": OPTIONS,
                                "deal": str(SEED), "minutes": 10}, json_body=True)
    data = json.loads(body)
    assert status == 200 and data["challenge"]["deal_code"] == games.new(GAME, seed=SEED, **OPTIONS).deal_code
    assert data["history"][0]["deal_code"] == data["challenge"]["deal_code"]
    assert "deal_code" not in student.call("tarot/challenge/api")[1]               # the students never see it
    board = student.call("tarot/challenge/board")                                 # the projector's leaderboard
    assert board[0] == 200 and "projector.js" in board[1] and "<button" not in board[1] and "<input" not in board[1]
    book = ChallengeBook(ClassStore(server.folder))
    book.submit(book.current(), "Ana", finished_code())
    asks = [({"source": "result", "name": "ana"}, None), ({"source": "position", "index": 2}, None),
            ({"source": "result", "name": "Zoe"}, "Zoe has no game on the leaderboard yet"),
            ({"source": "line", "challenge": data["challenge"]["id"]}, "was not searched by the solver"),
            ({"source": "position", "index": 99}, "a lesson position is a number"),
            ({"source": "deal"}, "the presenter shows a 'result', a 'line' or a 'position'")]
    shown = []
    for ask, refusal in asks:
        status, body = teacher.call("tarot/challenge/teacher/api", {"action": "present", **ask}, json_body=True)
        if refusal:
            assert status == 400 and refusal in json.loads(body)["error"]
            continue
        url = json.loads(body)["present"]
        assert status == 200 and url.startswith("/voila/render/presenter.ipynb?ticket=") and "TLR1" not in url
        shown.append(presenter_page(url.split("?", 1)[1], book))
    assert student.call("tarot/challenge/teacher/api", {"action": "present", "source": "position", "index": 0},
                        json_body=True)[0] == 403
    for widget, moves in zip(shown, (119, None)):
        presenter = next(w for w in widget.children if isinstance(w, Presenter))
        assert moves is None or len(presenter) == moves
        assert presenter.step == 0 and len(presenter) > 0
    assert html.escape(NO_TICKET) in presenter_page("", book).value                # a student's visit
    for query in ("ticket=" + "0" * 32, "ticket=../x"):
        assert "unknown or too old" in presenter_page(query, book).value


# ----- live updates ---------------------------------------------------------------------------------
async def _watch(client: Client, topic: str, then=None, want=lambda data: True, timeout: float = 10.0):
    """Open ``/tarot/live?topic=...`` with ``client``'s cookies, run ``then()`` once the first state
    arrived, and return every state received until one satisfies ``want`` (or the close code)."""
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    cookies = "; ".join(f"{c.name}={c.value}" for c in client.jar)
    url = client.server.base.replace("http", "ws", 1) + f"tarot/live?topic={topic}"
    socket = await websocket_connect(HTTPRequest(url, headers={"Cookie": cookies}))
    seen: list = []
    try:
        while True:
            text = await asyncio.wait_for(socket.read_message(), timeout)
            if text is None:
                return socket.close_code
            seen.append(json.loads(text))
            if len(seen) == 1 and then is not None:
                await asyncio.get_running_loop().run_in_executor(None, then)
            if want(seen[-1]) and (then is None or len(seen) > 1):
                return seen
    finally:
        socket.close()


def test_the_lobby_and_the_teacher_page_are_pushed_what_changed(server):
    student, teacher = Client(server), Client(server)
    student.log_in(), teacher.log_in()
    assert teacher.call("tarot/challenge/teacher/login", {"password": server.teacher})[0] == 200
    assert asyncio.run(_watch(student, "teacher")) == 4003               # the teacher's topic needs the teacher

    def open_a_table() -> None:
        assert student.call("tarot/tables/api", {"name": "Lou", "options": {"players": 3}}, json_body=True)[0] == 200

    seen = asyncio.run(_watch(student, "lobby", open_a_table, lambda d: any(t["master"] == "Lou" for t in d["tables"])))
    assert not any(t["master"] == "Lou" for t in seen[0]["tables"])      # first the lobby as it was, then the change

    status, _ = teacher.call("tarot/challenge/teacher/api", {"action": "create", "game": GAME, "options": {"draw": "3"},
                                                             "deal": str(SEED), "minutes": 10}, json_body=True)
    assert status == 200
    book = ChallengeBook(ClassStore(server.folder))                       # a kernel writes the class file itself

    def a_student_joins() -> None:
        book.join(book.current(), "Mia", "3d" * 16)

    seen = asyncio.run(_watch(teacher, "teacher", a_student_joins,
                              lambda d: {"name": "Mia", "held": True} in d["players"]))
    assert {"name": "Mia", "held": True} not in seen[0]["players"]


def test_an_api_refuses_a_bad_body_in_one_line_of_json(server):
    teacher = Client(server)
    teacher.log_in()
    assert teacher.call("tarot/challenge/teacher/login", {"password": server.teacher})[0] == 200
    for body, status, words in ((b"[1, 2]", 400, "a JSON object"), (b"{not json", 400, "not JSON"),
                                (b'{"action": "' + b"x" * 9000 + b'"}', 413, "too large")):
        xsrf = next(c.value for c in teacher.jar if c.name == "_xsrf")
        request = urllib.request.Request(server.base + "tarot/challenge/teacher/api", data=body,
                                         headers={"X-XSRFToken": xsrf, "Content-Type": "application/json"})
        try:
            teacher.opener.open(request, timeout=30)
            raise AssertionError("the body was taken")
        except urllib.error.HTTPError as err:
            assert err.code == status and words in json.loads(err.read())["error"]
            assert err.headers["Cache-Control"] == "no-store"


# ----- the teacher's guide's class-server chapter -----------------------------------------------------
def test_the_guides_class_server_chapter_says_what_the_server_and_the_engine_do():
    from tarot_learn.classroom import challenge_page
    from tarot_learn.classroom.model import challenge_deals
    from tarot_learn.classroom.server import challenge_web, launcher
    from tarot_learn.classroom.tables import TableOptions
    from tarot_learn.lessons.strategy import DECISIONS
    from tarot_learn.widgets.presenter import ACTIONS

    text = " ".join((ROOT / "docs" / "teachers_guide" / "class_server.md").read_text().split())
    first = challenge_web.game_choices()[0]
    assert first["name"] == "tarot-solitaire" and "starts with **Tarot Solitaire**" in text
    assert [g["title"] for g in challenge_web.game_choices()[1:]] == ["Klondike", "American Toad"]
    draw = next(o for o in challenge_web.game_choices()[1]["options"] if o["name"] == "draw")
    assert f"*{draw['label']}*" in text                                           # the label as the form shows it
    assert f"lesson 04's {['zero', 'one', 'two', 'three', 'four', 'five', 'six'][len(DECISIONS)]}" in text
    assert f"at most {challenge_deals.SEARCH_DEALS} deals and {challenge_deals.SEARCH_SECONDS:.0f} seconds" in text
    assert f"at least every {challenge_page.PROGRESS_EVERY:.0f} seconds" in text
    assert f"1 to {challenge.MAX_MINUTES} minutes" in text
    assert f"{launcher.DEFAULTS['max_kernels'] // 2} warm kernels at most" in text
    assert f"held {TableOptions().hold_seconds // 60} minutes" in text
    keys = {a.name: a.keys for a in ACTIONS}
    assert keys["next"] == ("ArrowRight", " ", "PageDown") and keys["prev"] == ("ArrowLeft", "PageUp")
    assert "right arrow, space or Page Down plays the next move, the left arrow or Page Up takes it back" in text
    assert keys["first"] == ("Home",) and keys["last"] == ("End",) and "Home and End jump" in text
    minutes = [int(m) for m in re.findall(r"^\| (\d+) \|", (ROOT / "docs" / "teachers_guide" / "class_server.md")
                                           .read_text(), re.M)]
    assert sum(minutes) == 45
    state = games.new(GAME, seed=SEED, **OPTIONS)                                 # Turn Three lines are ~120 moves
    assert OPTIONS["draw"] == 3 and len(winning_line()) == 119 and "| Klondike, Turn Three | 119 to" in text
    assert state.deal_code.startswith("KL3")


def test_the_presenter_shows_a_challenges_solver_line_and_a_students_game_from_a_ticket(book, monkeypatch):
    from tarot_learn.classroom.model import challenge_deals, presentations
    from tarot_learn.classroom.presenter_page import presenter_page
    from tarot_learn.classroom.server.challenge_web import presented
    from tarot_learn.widgets.presenter import Presenter

    monkeypatch.setattr(challenge_deals, "SEARCH_DEALS", 4)
    found = book.create(GAME, {"draw": "3"}, minutes=20, lines=(1, 2000))
    what = presented(book, {"source": "line", "challenge": found.id})
    assert what["moves"] == list(found.line) and what["deal"] == found.deal_code
    ticket = presentations.issue(book.store, what)
    assert found.deal_code not in ticket
    shown = presenter_page(f"ticket={ticket}", book)
    presenter = next(w for w in shown.children if isinstance(w, Presenter))
    assert len(presenter) == len(found.line) and f"challenge {found.id}" in shown.children[0].value
    presenter.last()
    assert presenter.step == len(found.line)
    for bad in ({"source": "line", "challenge": "one"}, {"source": "line", "challenge": 99}):
        with pytest.raises(OptionError):
            presented(book, bad)
