"""The hall of shared tables: lobby, intents, what each seat is sent, SQLite keeping (FT-45 .. FT-51)."""

from __future__ import annotations

import json

import pytest
import random

from tarot_learn.classroom.model.hall import Hall, read_table_intent, seat_view
from tarot_learn.classroom.model.keys import hash_any
from tarot_learn.classroom.tables import FakeClock
from tarot_learn.errors import IllegalMove, TarotLearnError
from tarot_learn.games.french_tarot.bots import HeuristicBot

from tests.page_fuzz import random_json

BOT = HeuristicBot()


def play_to_the_end(hall: Hall, table_id: str) -> None:
    table = hall.table(table_id)
    while not table.game_over():
        if not table.match.in_progress:
            hall.act(table_id, table.master, {"kind": "deal"})
            continue
        name = table.to_play_name()
        move = BOT.act(table.match.deal.observation(table.seat_of(name)))
        hall.act(table_id, name, {"kind": "move", "move": str(move)})


def other_hands(view: dict, seat: int) -> list[str]:
    return [c for p in view["obs"]["piles"] if p["id"].startswith("hand:") and p["id"] != f"hand:{seat}"
            for c in p["cards"]]


def test_no_seat_is_ever_sent_another_seats_cards(tmp_path) -> None:
    hall = Hall(tmp_path / "class.sqlite", clock=FakeClock())
    t = hall.create("Ana", {"players": 4})
    hall.join(t.id, "Ben")
    hall.act(t.id, "Ana", {"kind": "robots"})
    while t.match.in_progress:
        for name, seat in (("Ana", 0), ("Ben", 1), (None, None)):
            view = seat_view(t, name)
            json.dumps(view)
            if seat is not None:
                assert other_hands(view, seat) == [] and view["obs"]["player"] == seat
            else:
                assert other_hands(view, -1) == [] and view["actions"] == []
        name = t.to_play_name()
        hall.act(t.id, name, {"kind": "move", "move": str(BOT.act(t.match.deal.observation(t.seat_of(name))))})


def test_points_off_by_default_then_on_the_ranking_follows_ft49_and_ft50(tmp_path) -> None:
    path = tmp_path / "class.sqlite"
    hall = Hall(path, clock=FakeClock())
    quiet = hall.create("Ana", {"players": 3, "competitive": True, "bet": 10})
    hall.join(quiet.id, "Ben"), hall.join(quiet.id, "Cy")
    play_to_the_end(hall, quiet.id)
    assert hall.ranking() == [] and hall.games()[0]["xp"] == [0, 0, 0]
    hall.set_points(True)
    game = hall.create("Ana", {"players": 3, "competitive": True, "bet": 10})
    hall.join(game.id, "Ben"), hall.join(game.id, "Cy")
    play_to_the_end(hall, game.id)
    ranking, won = hall.ranking(), hall.games()[0]["xp"]
    # 10 x 3 to each winner, 5 to each loser: the taker alone, or both defenders tied
    assert sorted(won) in ([5, 5, 30], [5, 30, 30])
    assert sorted(r["xp"] for r in ranking) == sorted(won)
    assert sum(r["chips"] for r in ranking) <= 0                  # the bank never pays out
    assert len(Hall(path).games()) == 2                           # kept across a restart


def test_a_restart_mid_match_loses_no_finished_deal(tmp_path) -> None:
    path = tmp_path / "class.sqlite"
    hall = Hall(path, clock=FakeClock())
    t = hall.create("Ana", {"players": 3, "rounds": 3})
    hall.join(t.id, "Ben"), hall.join(t.id, "Cy")
    while t.deals_played() < 1:
        if not t.match.in_progress:
            hall.act(t.id, "Ana", {"kind": "deal"})
            continue
        name = t.to_play_name()
        hall.act(t.id, name, {"kind": "move", "move": str(BOT.act(t.match.deal.observation(t.seat_of(name))))})
    back = Hall(path, clock=FakeClock()).table(t.id)
    assert back.match.sheet.to_dict() == t.match.sheet.to_dict()


def test_the_lobby_lists_public_open_tables_only() -> None:
    hall = Hall(":memory:", clock=FakeClock())
    public = hall.create("Ana", {"players": 3})
    hall.create("Ben", {"players": 3, "private": True})
    assert [row["id"] for row in hall.lobby()] == [public.id]
    private = next(t for t in hall.tables.values() if t.options.private)
    with pytest.raises(IllegalMove):
        hall.join(private.id, "Eve")
    assert read_table_intent({"kind": "deal"}) == {"kind": "deal"}


WORDS = ["kind", "move", "options", "deal", "robots", "propose_end", "accept_end", "refuse_end",
         "play T21", "bid garde", "players", "bet", "rounds", "private", "seconds_per_turn"]


def test_any_page_message_is_refused_in_one_line_or_applied() -> None:
    rng = random.Random(20261123)
    hall = Hall(":memory:", clock=FakeClock())
    t = hall.create("Ana", {"players": 3})
    for _ in range(3000):
        message = random_json(rng, WORDS)
        if rng.random() < 0.5:
            message = {"kind": rng.choice(WORDS[:8]), **(message if isinstance(message, dict) else {})}
        before = t.to_json()
        try:
            hall.act(t.id, "Ana", message)
        except TarotLearnError as err:
            assert "\n" not in str(err) and t.to_json() == before


def test_the_teacher_turns_points_on_from_the_command_line(tmp_path, capsys) -> None:
    from tarot_learn.__main__ import main

    folder = tmp_path / "class"
    assert main(["tables", "points", "--class-dir", str(folder)]) == 2           # no class there yet
    folder.mkdir()
    Hall(folder / "class.sqlite")
    assert main(["tables", "points", "on", "--class-dir", str(folder)]) == 0
    assert Hall(folder / "class.sqlite").points_on()
    assert main(["tables", "ranking", "--class-dir", str(folder)]) == 0
    assert "No competitive game" in capsys.readouterr().out


def test_a_seat_takes_the_class_name_rule_and_only_its_key_gets_it_back() -> None:
    hall = Hall(":memory:", clock=FakeClock())
    t = hall.create("  Ana   B. ", {"players": 3})
    assert t.master == "Ana B."                                     # the same rule as a challenge's names
    with pytest.raises(TarotLearnError, match="1 to 40"):
        hall.create("x" * 41)
    name, key = hall.sit(t.id, " Ben ")
    assert name == "Ben" and len(key) == 32
    kept = [tuple(r) for r in hall.store.read("SELECT name, key FROM shared_keys")]
    assert kept == [("Ben", hash_any(key))]                         # the class file keeps only a digest
    assert hall.sit(t.id, "Ben", key) == ("Ben", key)               # the same page comes back
    for other in ("", "0" * 32, key.upper()):
        with pytest.raises(IllegalMove, match="already sits"):
            hall.sit(t.id, "Ben", other)


def test_a_browser_opens_at_most_three_tables_and_the_class_two_hundred(monkeypatch) -> None:
    from tarot_learn.classroom.model import hall as hall_module

    hall = Hall(":memory:", clock=FakeClock())
    mine = [hall.create(f"Ana{i}", {"players": 3}, owner="ip:10.0.0.7") for i in range(3)]
    with pytest.raises(TarotLearnError, match="this browser already has 3 open tables"):
        hall.create("Ana9", {"players": 3}, owner="ip:10.0.0.7")
    hall.create("Ben", {"players": 3}, owner="ip:10.0.0.8")            # another browser still may
    hall.close(mine[0].id)
    hall.create("Ana9", {"players": 3}, owner="ip:10.0.0.7")            # a closed table makes room
    monkeypatch.setattr(hall_module, "MAX_TABLES", 5)
    hall.create("Cy", {"players": 3}, owner="ip:10.0.0.9")
    with pytest.raises(TarotLearnError, match="the class already has 5 open tables"):
        hall.create("Dee", {"players": 3}, owner="ip:10.0.0.10")
    again = Hall(hall.store, clock=FakeClock())                         # a restart keeps the count
    with pytest.raises(TarotLearnError, match="this browser already has 3"):
        again.create("Ana8", {"players": 3}, owner="ip:10.0.0.7")


def test_a_closed_table_leaves_the_lobby_and_the_class_file_and_its_master_key_may_close_it() -> None:
    hall = Hall(":memory:", clock=FakeClock())
    t = hall.create("Ana", {"players": 3})
    master_key = hall.new_seat_key(t.id, t.master)
    _, ben_key = hall.sit(t.id, "Ben")
    assert hall.may_close(t.id, master_key) and not hall.may_close(t.id, ben_key)
    assert not hall.may_close(t.id, "") and not hall.may_close(t.id, "0" * 32)
    hall.close(t.id)
    assert hall.lobby() == [] and hall.store.read("SELECT * FROM shared_tables") == []
    assert hall.store.read("SELECT * FROM shared_keys") == []
    with pytest.raises(TarotLearnError, match="no such table"):
        hall.close(t.id)
    assert Hall(hall.store, clock=FakeClock()).tables == {}              # it does not come back after a restart


def test_a_seat_name_in_another_case_is_the_same_seat_and_needs_its_key() -> None:
    hall = Hall(":memory:", clock=FakeClock())
    t = hall.create("Ana", {"players": 3})
    name, key = hall.sit(t.id, "Ben")
    assert hall.sit(t.id, "BEN", key) == ("Ben", key)
    with pytest.raises(IllegalMove, match="Ben already sits"):
        hall.sit(t.id, "ben")                                           # no key: not Ben's page
