"""A shared table's end of deal and its next game: the summary in words from the engine's score,
the reasons on held-back cards, and the master dealing again at the same table with the same seats
(deals numbered on, totals carried)."""

from __future__ import annotations

import pytest

from tarot_learn.classroom.model.hall import seat_view
from tarot_learn.classroom.tables import FakeClock, Table, TableOptions
from tarot_learn.errors import IllegalMove
from tarot_learn.games.french_tarot import rules as R
from tests.test_tables import four_humans, human_move, play_out_deal

NAMES = ("Ana", "Ben", "Cy", "Dee")


def _views(table: Table) -> dict[str, dict]:
    return {n: seat_view(table, n) for n in (*NAMES, None)}


def _scored(table: Table) -> None:
    """Play deals until one is scored (a deal everyone passed is thrown in; the players deal on)."""
    while True:
        play_out_deal(table)
        if table.match.sheet.rows[-1].score is not None or table.game_over():
            return
        table.next_deal("Ana")


def test_the_summary_is_the_engines_score_in_words_and_every_page_gets_the_same() -> None:
    t = four_humans(seconds_per_turn=None, rounds=3, competitive=True)
    _scored(t)
    score = t.match.sheet.rows[-1].score
    views = _views(t)
    summaries = [v["summary"] for v in views.values()]
    assert all(s == summaries[0] for s in summaries)            # public once scored: one text for all
    s = summaries[0]
    assert [p["score"] for p in s["seats"]] == list(score.scores) and sum(p["score"] for p in s["seats"]) == 0
    assert s["needed"] == score.threshold and s["bouts"] == score.bouts and s["made"] == score.made
    assert s["contract"] == score.contract_label and s["by"] == abs(score.margin)
    assert s["taker"].startswith(t.match.sheet.names[score.taker])
    assert ("made it" if score.made else "failed by") in s["headline"]
    assert [p["role"] for p in s["seats"]].count("taker") == 1
    t.next_deal("Ben")
    assert all(v["summary"] is None for v in _views(t).values())     # gone once the next deal is dealt


def test_held_back_cards_carry_their_reason_for_the_seat_to_play_only() -> None:
    t = four_humans(seconds_per_turn=None)
    while not (t.match.in_progress and t.match.deal.phase == "playing" and t.match.deal.trick):
        human_move(t)
    views = _views(t)
    me = t.to_play_name()
    seat = t.seat_of(me)
    hand = {R.text(c) for c in t.match.deal.hands[seat]}
    notes = views[me]["notes"]
    legal = {str(m).split()[1] for m in t.match.deal.legal_moves()}
    assert set(notes) == hand - legal and all("FT-" in why for why in notes.values())
    assert all(v["notes"] == {} for n, v in views.items() if n != me)


def test_the_master_deals_again_at_the_same_table_with_the_same_seats() -> None:
    t = four_humans(seconds_per_turn=None, rounds=1, competitive=True)
    _scored(t)
    assert t.game_over()
    seats = [s.name for s in t.seats]
    totals = t.match.sheet.totals()
    views = _views(t)
    assert views["Ana"]["may_deal_again"] and not any(views[n]["may_deal_again"] for n in NAMES[1:])
    with pytest.raises(IllegalMove, match="master"):
        t.next_deal("Ben")
    rows = len(t.match.sheet.rows)
    t.next_deal("Ana")                                   # the page's "deal" intent, by the master
    assert not t.game_over() and t.match.in_progress and [s.name for s in t.seats] == seats
    assert all(not v["over"] and v["turn"] for v in _views(t).values() if v["you"] is not None)
    _scored(t)
    assert t.game_over() and len(t.match.sheet.rows) > rows
    later = t.match.sheet.rows[-1]
    assert later.number > rows and t.match.sheet.totals() == tuple(a + b for a, b in zip(totals, later.scores))
    again = Table.from_json(t.to_json(), clock=FakeClock())           # a restart keeps where the game began
    assert again.dealt_before == t.dealt_before and again.game_over()


def test_a_game_ended_by_agreement_is_not_dealt_again() -> None:
    t = four_humans(seconds_per_turn=None)
    t.propose_end("Ana")
    for name in NAMES[1:]:
        t.accept_end(name)
    assert t.game_over() and not _views(t)["Ana"]["may_deal_again"]
    with pytest.raises(IllegalMove, match="agreement"):
        t.next_deal("Ana")


def test_a_table_saved_before_dealing_again_existed_still_loads() -> None:
    t = Table("t", "Ana", TableOptions(players=3), clock=FakeClock(), seed=3)
    text = t.to_json().replace(', "dealt_before": 0', "")
    assert "dealt_before" not in text and Table.from_json(text).dealt_before == 0


def _strings(value) -> list[str]:
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (_strings(k) + _strings(v))]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return [value] if isinstance(value, str) else []


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_view_names_a_card_its_seat_was_not_shown_through_whole_deals(seed: int) -> None:
    """Every message of every seat and of a spectator, after every move of whole deals: each card
    code anywhere in it (a key, a label, a summary, a picture's name) is one that seat was shown."""
    import json
    import re

    t = Table("t", "Ana", TableOptions(seconds_per_turn=None, rounds=2), clock=FakeClock(), seed=seed)
    for name in NAMES[1:]:
        t.sit(name)
    codes = {R.text(c) for c in range(78)}
    while not t.game_over():
        for name in (*NAMES, None):
            view = seat_view(t, name)
            obs = view["obs"]
            shown = {c for p in obs["piles"] for c in p["cards"]} | {c for k in obs["tricks"] for c in k["cards"]}
            if obs["called"]:
                shown.add(obs["called"])
            named = {w for s in _strings(view) for w in re.findall(r"[0-9A-Z]{2,3}", s) if w in codes}
            assert named <= shown, (name, sorted(named - shown))
            own = {c for p in obs["piles"] if p["id"] == f"hand:{view['you']}" for c in p["cards"]}
            assert set(view["notes"]) <= own
            json.dumps(view)
        if t.match.in_progress:
            human_move(t)
        else:
            t.next_deal("Ana")


def test_each_game_at_a_table_is_recorded_once_with_its_own_totals() -> None:
    """Points on, competitive, one round: the first game is written to the class's games and
    ranking; dealt again, the second game is written too, with its own deal's scores (the sheet's
    totals carry on the table, the rewards of a game count that game only)."""
    from tarot_learn.classroom.model.hall import Hall
    from tests.test_tables import BOT

    hall = Hall(":memory:", clock=FakeClock())
    hall.set_points(True)
    t = hall.create("Ana", {"competitive": True, "rounds": 1, "seconds_per_turn": None})
    for name in NAMES[1:]:
        hall.join(t.id, name)

    def play_game() -> None:
        while not t.game_over():
            if not t.match.in_progress:
                hall.act(t.id, "Ana", {"kind": "deal"})
                continue
            name = t.to_play_name()
            move = str(BOT.act(t.match.deal.observation(t.seat_of(name))))
            hall.act(t.id, name, {"kind": "move", "move": move})

    play_game()
    assert len(hall.games()) == 1
    first_totals = t.match.sheet.totals()
    hall.act(t.id, "Ana", {"kind": "deal"})            # the master deals again
    assert len(hall.games()) == 1                      # nothing written while the new game is played
    play_game()
    games = hall.games()
    assert len(games) == 2 and t.games == 2
    outcome = t.outcome()
    last = t.match.sheet.rows[-1]
    assert outcome.totals == tuple(a - b for a, b in zip(t.match.sheet.totals(), first_totals))
    assert outcome.totals == last.scores and sum(outcome.totals) == 0
    hall.save(t)
    assert len(hall.games()) == 2                      # saved again, written once


def test_a_confirmed_discard_is_checked_whole_by_the_server_and_a_refusal_changes_nothing() -> None:
    """The page sends the discard chosen on it as one move; a forged one (a king, a bout, another
    seat's card, a card twice, too many) is refused in one line and changes nothing."""
    import random

    for seed in range(40):                       # a deal whose first bidder takes a Prise
        t = Table("t", "Ana", TableOptions(seconds_per_turn=None), clock=FakeClock(), seed=seed)
        for name in NAMES[1:]:
            t.sit(name)
        taker = t.to_play_name()
        t.play(taker, "bid prise")
        for _ in range(3):
            t.play(t.to_play_name(), "bid pass")
        if t.match.in_progress and str(t.match.deal.phase) == "discarding":
            break
    seat = t.seat_of(taker)
    deal = t.match.deal
    hand = [R.text(c) for c in deal.hands[seat]]
    other = next(R.text(c) for s, h in enumerate(deal.hands) if s != seat for c in h)
    allowed = sorted({str(m).split()[1] for m in deal.legal_moves()})
    bad = [c for c in hand if c[0] == "K" or c in ("T21", "T1", "T0")]
    forged = [allowed[:7], allowed[:5] + [allowed[0]], allowed[:5] + [other]]
    forged += [allowed[:5] + [b] for b in bad[:2]]
    rng = random.Random(7)
    forged += [rng.sample(hand, 6) for _ in range(20)]
    before = t.to_json()
    for cards in forged:
        if set(cards) <= set(allowed) and len(set(cards)) == len(cards) == 6:
            continue                              # a random choice that happens to be legal
        with pytest.raises(IllegalMove) as refused:
            t.play(taker, "discard " + " ".join(cards))
        assert "\n" not in str(refused.value) and t.to_json() == before, cards
    t.play(taker, "discard " + " ".join(allowed[:6]))
    assert len(t.match.deal.discard) == 6 and str(t.match.deal.phase) != "discarding"
