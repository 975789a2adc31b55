"""A shared French Tarot table (FT-43 .. FT-50) driven with a fake clock, no server needed."""

from __future__ import annotations

import pytest

from tarot_learn.classroom.rewards import rewards
from tarot_learn.classroom.tables import FakeClock, Table, TableOptions
from tarot_learn.errors import IllegalMove, OptionError, SaveError
from tarot_learn.games.french_tarot import rules as R
from tarot_learn.games.french_tarot.bots import HeuristicBot
from tarot_learn.games.french_tarot.match import SheetRow

BOT = HeuristicBot()


def human_move(table: Table) -> None:
    """The player to move plays what a good player would (the tests are about the table, not play)."""
    name = table.to_play_name()
    seat = table.seat_of(name)
    table.play(name, str(BOT.act(table.match.deal.observation(seat))))


def play_out_deal(table: Table) -> None:
    while table.match.in_progress:
        human_move(table)


def four_humans(clock: FakeClock | None = None, **options) -> Table:
    t = Table("t", "Ana", TableOptions(**options), clock=clock or FakeClock(), seed=7)
    for name in ("Ben", "Cy", "Dee"):
        t.sit(name)
    return t


def test_the_game_starts_when_every_seat_is_taken_and_the_first_to_sit_is_master() -> None:
    t = Table("t", "Ana", TableOptions(players=4), clock=FakeClock(), seed=1)
    assert not t.started and t.master == "Ana"
    t.sit("Ben")
    with pytest.raises(IllegalMove) as err:
        t.fill_with_robots("Ben")
    assert err.value.rule == "FT-45"
    t.fill_with_robots("Ana")
    assert t.started and [s.robot for s in t.seats] == [False, False, True, True]
    assert t.to_play_name() in ("Ana", "Ben")        # robots have played up to a human's turn


def test_a_private_table_needs_its_invitation_code() -> None:
    t = Table("t", "Ana", TableOptions(private=True), clock=FakeClock())
    with pytest.raises(IllegalMove) as err:
        t.sit("Eve")
    assert err.value.rule == "FT-48" and t.seat_of("Eve") is None
    with pytest.raises(IllegalMove):
        t.sit("Eve", code="wrong")
    assert t.sit("Ben", code=t.code) == 1


def test_a_table_without_spectators_shows_nothing_to_a_stranger() -> None:
    t = four_humans(spectators=False)
    with pytest.raises(IllegalMove):
        t.observation(None)
    assert t.observation("Ana").player == t.seat_of("Ana")


def test_only_the_player_to_move_may_play_and_a_refusal_changes_nothing() -> None:
    t = four_humans()
    waiting = next(s.name for s in t.seats if s.name != t.to_play_name())
    before = t.match.deal.to_json()
    with pytest.raises(IllegalMove):
        t.play(waiting, "bid pass")
    assert t.match.deal.to_json() == before


def test_time_per_turn_plays_for_the_late_player_on_the_servers_clock() -> None:
    clock = FakeClock()
    t = four_humans(clock, seconds_per_turn=30)
    late, moves = t.to_play_name(), len(t.match.deal.history)
    clock.now += 29
    assert t.tick() == 0 and t.to_play_name() == late
    clock.now += 1
    assert t.tick() == 1 and len(t.match.deal.history) == moves + 1
    assert t.deadline == clock.now + 30             # the next player's clock starts now


def test_a_lost_connection_is_held_then_the_player_resumes_with_the_same_hand() -> None:
    clock = FakeClock()
    t = four_humans(clock, hold_seconds=120)
    seat = t.seat_of("Ben")
    t.disconnect("Ben")
    assert t.seats[seat].robot and t.seats[seat].held_until == clock.now + 120
    while t.match.in_progress and t.match.deal.to_play != seat and len(t.match.deal.history) < 12:
        human_move(t)                               # the others play; a robot plays Ben's turns
    clock.now += 100
    t.tick()
    hand_now = t.match.deal.observation(seat).hand
    assert t.sit("Ben") == seat                     # reopening the page within the hold
    assert not t.seats[seat].robot and t.match.deal.observation(seat).hand == hand_now


def test_after_the_hold_the_seat_is_abandoned_and_its_player_no_longer_votes() -> None:
    clock = FakeClock()
    t = four_humans(clock, hold_seconds=60)
    t.disconnect("Cy")
    clock.now += 61
    t.tick()
    with pytest.raises(IllegalMove) as err:
        t.sit("Cy")
    assert err.value.rule == "FT-47"
    assert t.voters() == {"Ana", "Ben", "Dee"}


def test_ending_by_agreement_needs_every_human_and_robots_do_not_vote() -> None:
    t = Table("t", "Ana", TableOptions(competitive=True, bet=10, rounds=2), clock=FakeClock(), seed=3)
    t.sit("Ben")
    t.fill_with_robots("Ana")
    assert t.voters() == {"Ana", "Ben"}
    assert t.propose_end("Ana") is False
    with pytest.raises(IllegalMove):
        t.accept_end("robot 3")
    assert t.accept_end("Ben") is True
    assert t.game_over() and t.match.cancelled
    r = rewards(t.outcome())
    assert r.xp == (0, 0, 0, 0) and r.chips == (0, 0, 0, 0)   # a cancelled game counts for nothing


def test_options_change_between_deals_only() -> None:
    t = four_humans(rounds=2)
    t.set_options("Ana", seconds_per_turn=90)
    assert t.options.seconds_per_turn == 60 and t.pending.seconds_per_turn == 90
    play_out_deal(t)
    t.next_deal("Ben")
    assert t.options.seconds_per_turn == 90 and t.pending is None
    with pytest.raises(OptionError):
        t.set_options("Ana", bogus=1)
    with pytest.raises(IllegalMove):
        t.set_options("Ben", rounds=3)


def test_a_competitive_one_round_game_ends_with_its_rewards() -> None:
    t = four_humans(competitive=True, bet=5, rounds=1)
    while not t.game_over():
        if t.match.in_progress:
            human_move(t)
        else:
            t.next_deal("Ana")                       # a thrown-in deal is dealt again
    r = rewards(t.outcome())
    assert sum(r.chips) + r.bank == 0 and sorted(r.xp)[-1] == 40


def test_a_server_restart_mid_match_loses_no_finished_deal() -> None:
    clock = FakeClock()
    t = four_humans(clock, rounds=3)
    play_out_deal(t)
    t.next_deal("Ana")
    for _ in range(6):
        human_move(t)
    saved = t.to_json()
    back = Table.from_json(saved, clock=clock)
    assert back.match.sheet.to_dict() == t.match.sheet.to_dict()
    assert back.match.deal.history == t.match.deal.history
    assert back.to_play_name() == t.to_play_name()
    with pytest.raises(SaveError):
        Table.from_json('{"id": 1}')


@pytest.mark.parametrize("bad", [dict(players=6), dict(seconds_per_turn=1), dict(bet=-5), dict(private="yes"),
                                 dict(robots="expert"), dict(robots=3)])
def test_wrong_options_are_refused_in_one_line(bad: dict) -> None:
    with pytest.raises(OptionError) as err:
        TableOptions(**bad)
    assert "\n" not in str(err.value)


def test_the_master_chooses_the_robots_level_and_a_restart_keeps_it() -> None:
    t = Table("t1", "Ana", TableOptions(players=3, robots="strong"), clock=FakeClock(), seed=2)
    t.set_options("Ana", players=4)                  # more seats before the start: a robot for each
    t.fill_with_robots("Ana")
    assert [type(b).__name__ for b in t.model.bots] == ["StrongBot"] * 4
    assert t.to_play_name() == "Ana"                 # the robots played up to Ana's turn
    back = Table.from_json(t.to_json(), clock=FakeClock())
    assert back.options.robots == "strong" and type(back.model.bots[1]).__name__ == "StrongBot"
    t.set_options("Ana", robots="beginner")          # mid-deal: from the next deal
    assert type(t.model.bots[1]).__name__ == "StrongBot" and t.pending.robots == "beginner"


def test_the_shared_table_is_an_adapter_over_the_table_model() -> None:
    from tarot_learn.games.french_tarot import table as model

    clock = FakeClock()
    assert FakeClock is model.FakeClock
    t = four_humans(clock, seconds_per_turn=30)
    assert isinstance(t.model, model.TableModel) and t.seats is t.model.seats and t.match is t.model.match
    assert t.deadline == t.model.deadline == clock.now + 30
    with pytest.raises(IllegalMove):
        t.model.undo()                               # shared tables take nothing back


def test_a_player_who_sat_and_left_before_the_start_is_played_by_a_robot() -> None:
    clock = FakeClock()
    t = Table("t1", "Ana", TableOptions(players=3, seconds_per_turn=None), clock=clock, seed=5)
    t.sit("Ben")
    t.disconnect("Ben")                                  # Ben's page closed before the game began
    t.fill_with_robots("Ana")
    assert t.started
    ben = t.seats[t.seat_of("Ben")]
    assert ben.robot and ben.held_until is not None       # a robot plays for Ben, his seat held
    for _ in range(200):                                  # the table never waits on Ben: only Ana is asked
        if not t.match.in_progress:
            break
        assert t.to_play_name() == "Ana"
        human_move(t)
    assert not t.match.in_progress
    t.sit("ben")                                          # Ben is back within the hold
    assert not t.seats[t.seat_of("Ben")].robot


# ----- what the page says ------------------------------------------------------------------------
def _views(table: Table) -> dict[str, dict]:
    from tarot_learn.classroom.model.hall import seat_view
    return {n: seat_view(table, n) for n in ("Ana", "Ben", "Cy", "Dee")}


def test_every_page_shows_the_trick_just_won_with_its_winner_and_why() -> None:
    t = four_humans(seconds_per_turn=None)
    while not t.match.deal.tricks:
        human_move(t)
    views = _views(t)
    leader, cards, winner = t.match.deal.tricks[0]
    compass = t.match.deal.seat_names
    for name, view in views.items():
        won = view["trick_won"]
        assert won["number"] == 1 and won["winner"] == compass[winner]
        assert [c["card"] for c in won["cards"]] == [R.text(c) for c in cards]     # all four cards
        assert [c["seat"] for c in won["cards"]][0] == compass[leader]
        assert won["why"].startswith(("highest trump", "highest card of the suit led"))
        seat = t.seat_of(name)
        others = {R.text(c) for s, h in enumerate(t.match.deal.hands) if s != seat for c in h}
        obs = view["obs"]
        shown = {c for p in obs["piles"] for c in p["cards"]} | {c for k in obs["tricks"] for c in k["cards"]}
        assert set(view["names"]) == shown and {R.text(c) for c in t.match.deal.hands[seat]} <= shown
        assert not set(view["names"]) & others - shown         # another hand's unshown card is never named


def test_only_the_seat_to_play_reads_your_turn_and_the_clock_goes_with_the_game() -> None:
    clock = FakeClock()
    t = four_humans(clock, seconds_per_turn=30)
    clock.now += 4
    views = _views(t)
    to_play = t.to_play_name()
    where = t.match.deal.seat_names[t.seat_of(to_play)]
    assert [n for n, v in views.items() if v["turn"]["mine"]] == [to_play]
    assert {v["turn"]["where"] for v in views.values()} == {where}
    assert {v["turn"]["seconds_left"] for v in views.values()} == {26}
    assert all(v["labels"] == {} for n, v in views.items() if n != to_play)
    t.propose_end("Ana")
    for name in ("Ben", "Cy", "Dee"):
        t.accept_end(name)
    views = _views(t)
    assert t.game_over() and all(v["turn"] is None and v["cancelled"] for v in views.values())


def test_moves_cards_and_refusals_are_said_in_words() -> None:
    from tarot_learn.classroom.table_words import card_name, card_text, move_label
    t = four_humans(seconds_per_turn=None, rounds=2)
    view = _views(t)[t.to_play_name()]
    assert view["labels"]["bid pass"] == "Pass" and view["labels"]["bid garde_sans"] == "Garde sans"
    assert [card_name(c) for c in ("PW", "NC", "QS", "KP", "T7", "T0")] == [
        "Valet of Clubs", "Cavalier of Hearts", "Dame of Spades", "Roi of Diamonds", "Trump 7", "the Excuse"]
    assert card_text("T7") == "Trump 7" and card_text("PW") == "V♣" and move_label("declare none") == "No chelem"
    t.propose_end("Ana")
    t.refuse_end("Cy")
    assert all(v["refused_by"] == "Cy" and v["vote"]["proposer"] is None for v in _views(t).values())
    t.propose_end("Ben")
    assert _views(t)["Ana"]["refused_by"] is None
    t.refuse_end("Dee")
    play_out_deal(t)
    assert _views(t)["Ana"]["refused_by"] == "Dee"
    t.next_deal("Ana")
    assert _views(t)["Ana"]["refused_by"] is None


def test_practice_totals_say_they_are_practice() -> None:
    t = four_humans(seconds_per_turn=None)
    play_out_deal(t)
    assert all(v["practice"] and not v["cancelled"] for v in _views(t).values())
    t.match.sheet.rows.insert(0, SheetRow(1, 0, None, (0,) * 4, (0,) * 4))   # an all-passed deal before it
    assert _views(t)["Ana"]["practice"]
    c = four_humans(seconds_per_turn=None, competitive=True)
    play_out_deal(c)
    assert not any(v["practice"] for v in _views(c).values())
