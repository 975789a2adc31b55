"""Levels and badges from a scripted history, and one person at one seat: a browser holding two seats
at a table earns nothing there, for anyone (the seed's same-address rule, about the person)."""

from __future__ import annotations

import pytest

from tarot_learn.classroom.model.hall import Hall
from tarot_learn.classroom.model.levels import BADGES, TEN, game_badges, history_badges, level_of, next_level_xp
from tarot_learn.classroom.tables import FakeClock
from tarot_learn.games.french_tarot.match import ScoreSheet
from tarot_learn.games.french_tarot.scoring import score_deal

from tests.test_hall import play_to_the_end

NAMES = ["Ana", "Ben", "Cy"]


def sheet(*deals: tuple[dict, bool]) -> ScoreSheet:
    """A three-player sheet of ``(score_deal keywords, practice)`` deals."""
    s = ScoreSheet(3, NAMES)
    for n, (deal, practice) in enumerate(deals):
        s.add(score_deal(3, **deal), dealer=n % 3, practice=practice)
    return s


MADE_BY_ANA = {"contract": "garde", "bouts": 2, "points": 50, "seats": 0}
FAILED_BY_BEN_PETIT_DEFENCE = {"contract": "prise", "bouts": 1, "points": 40, "seats": 1, "petit_au_bout": "defence"}
CHELEM_BY_CY = {"contract": "garde", "bouts": 3, "points": 91, "seats": 2, "chelem": "unannounced_made"}


def test_levels_rise_with_experience_points_fifty_more_each_time() -> None:
    assert [next_level_xp(n) for n in range(1, 6)] == [0, 50, 150, 300, 500]
    for level in range(1, 30):
        assert level_of(next_level_xp(level)) == level and level_of(next_level_xp(level) - 1) == max(1, level - 1)
    assert level_of(-5) == 1


def test_badges_come_from_the_counted_deals_of_the_sheet_only() -> None:
    got = game_badges(NAMES, sheet((MADE_BY_ANA, False), (FAILED_BY_BEN_PETIT_DEFENCE, False)), humans=(0, 1, 2))
    assert got == {"Ana": {"contract", "petit_au_bout"}, "Ben": set(), "Cy": {"petit_au_bout"}}
    practice = game_badges(NAMES, sheet((MADE_BY_ANA, True), (CHELEM_BY_CY, True)), humans=(0, 1, 2))
    assert practice == {"Ana": set(), "Ben": set(), "Cy": set()}          # practice earns no badge
    chelem = game_badges(NAMES, sheet((CHELEM_BY_CY, False)), humans=(0, 1))  # Cy is a robot here
    assert chelem == {"Ana": set(), "Ben": set()}
    assert game_badges(NAMES, sheet((CHELEM_BY_CY, False)), humans=(2,)) == {"Cy": {"contract", "chelem"}}


def test_a_scripted_history_gives_each_name_its_xp_level_and_badges() -> None:
    plain = sheet((FAILED_BY_BEN_PETIT_DEFENCE, False))             # Ana and Cy win the petit au bout
    games = [{"names": NAMES, "sheet": sheet((MADE_BY_ANA, False)), "humans": (0, 1, 2), "xp": (30, 5, 5)}]
    games += [{"names": NAMES, "sheet": plain, "humans": (0, 1), "xp": (30, 5, 0)}] * (TEN - 1)
    after = history_badges(games)
    assert set(after) == {"Ana", "Ben", "Cy"}
    assert after["Ana"] == {"xp": 300, "games": TEN, "level": 4, "badges": {"contract", "petit_au_bout", "ten_games"}}
    assert after["Ben"] == {"xp": 50, "games": TEN, "level": 2, "badges": {"ten_games"}}
    assert after["Cy"] == {"xp": 5, "games": 1, "level": 1, "badges": set()}
    nine = history_badges(games[:TEN - 1])
    assert "ten_games" not in nine["Ana"]["badges"] and nine["Ana"]["games"] == TEN - 1
    assert set(BADGES) == {"contract", "chelem", "petit_au_bout", "ten_games"}


def seated(hall: Hall, owners: dict[str, str], **options) -> str:
    """A competitive three-seat table whose seats are taken by the browsers ``owners`` names."""
    (master, first), *rest = owners.items()
    table = hall.create(master, {"players": 3, "competitive": True, "bet": 10, **options}, owner=first)
    for name, owner in rest:
        hall.sit(table.id, name, owner=owner)
    return table.id


def test_one_browser_at_two_seats_earns_nothing_at_that_table_for_anyone() -> None:
    hall = Hall(":memory:", clock=FakeClock())
    hall.set_points(True)
    doubled = seated(hall, {"Ana": "id:a", "Ann": "id:a", "Cy": "id:c"})
    assert hall.shared_seats(doubled) and hall.seats_of(doubled, "id:a") == ["Ana", "Ann"]
    play_to_the_end(hall, doubled)
    game = hall.games()[0]
    assert game["xp"] == [0, 0, 0] and game["chips"] == [0, 0, 0] and hall.ranking() == []
    fair = seated(hall, {"Ana": "id:a", "Ben": "id:b", "Cy": "id:c"})
    assert not hall.shared_seats(fair)
    play_to_the_end(hall, fair)
    assert sum(hall.games()[0]["xp"]) > 0 and {r["name"] for r in hall.ranking()} == {"Ana", "Ben", "Cy"}


def test_the_store_keeps_badges_and_shows_levels_while_points_are_on(tmp_path) -> None:
    hall = Hall(tmp_path / "class.sqlite", clock=FakeClock())
    hall.set_points(True)
    table_id = seated(hall, {"Ana": "id:a", "Ben": "id:b", "Cy": "id:c"})
    play_to_the_end(hall, table_id)
    table = hall.table(table_id)
    expected = game_badges(NAMES, table.match.sheet, (0, 1, 2))
    standing = hall.standing(NAMES)
    for row in hall.ranking():
        assert standing[row["name"]]["level"] == level_of(row["xp"]) == row["level"]
        assert set(standing[row["name"]]["badges"]) == expected[row["name"]] == set(row["badges"])
    assert Hall(tmp_path / "class.sqlite").standing(NAMES) == standing           # kept across a restart
    hall.set_points(False)
    assert hall.standing(NAMES) == {}                                           # off with the points


def test_practice_and_a_game_ended_by_agreement_earn_no_badge() -> None:
    hall = Hall(":memory:", clock=FakeClock())
    hall.set_points(True)
    practice = seated(hall, {"Ana": "id:a", "Ben": "id:b", "Cy": "id:c"}, competitive=False)
    play_to_the_end(hall, practice)
    assert all(not s["badges"] for s in hall.standing(NAMES).values())
    assert hall.store.read("SELECT COUNT(*) AS n FROM shared_badges")[0]["n"] == 0
    agreed = seated(hall, {"Ana": "id:a", "Ben": "id:b", "Cy": "id:c"})
    table = hall.table(agreed)
    hall.act(agreed, "Ana", {"kind": "propose_end"}), hall.act(agreed, "Ben", {"kind": "accept_end"})
    hall.act(agreed, "Cy", {"kind": "accept_end"})
    assert table.game_over() and hall.store.read("SELECT COUNT(*) AS n FROM shared_badges")[0]["n"] == 0


@pytest.mark.parametrize("owner", ["", "id:z"])
def test_a_seat_comes_back_to_its_own_browser_without_its_key(owner: str) -> None:
    hall = Hall(":memory:", clock=FakeClock())
    table_id = seated(hall, {"Ana": "id:a", "Ben": "id:b"})
    assert hall.sit(table_id, "Ben", owner="id:b")[0] == "Ben"                  # the browser that sat
    with pytest.raises(Exception, match="already sits"):
        hall.sit(table_id, "Ben", owner=owner)                                   # anyone else needs the key


def test_the_ranking_page_shows_each_names_level_and_badges_in_words(tmp_path) -> None:
    from tarot_learn.classroom.model.levels import BADGES
    from tarot_learn.classroom.server.classroom import Classroom

    row = {"name": "<b>Ana", "level": 3, "badges": ["contract", "ten_games"], "xp": 160, "chips": 4, "games": 10}
    page = Classroom(tmp_path / "class").render("ranking.html", title="Class ranking", base_url="/", static=str,
                                                styles=(), scripts=(), xsrf_form_html=str, ranking=[row],
                                                points_on=True, badges=BADGES)
    assert "<td>&lt;b&gt;Ana</td><td>3</td><td>First contract made, Ten games played</td>" in page
