"""The French Tarot score sheet (seeds/french_tarot.md FT-40 .. FT-43)."""

import json
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tarot_learn.errors import IllegalMove, OptionError, SaveError
from tarot_learn.games.french_tarot.match import ScoreSheet
from tarot_learn.games.french_tarot.scoring import CONTRACTS, score_deal

# The FFT's example score sheet (rules page 10): the five deals of page 9, played by Nord, Sud,
# Est and Ouest; the takers were Est, Ouest, Sud, Nord and Sud.
NAMES = ["Nord", "Sud", "Est", "Ouest"]
FFT_DEALS = [
    (dict(contract="garde", bouts=2, points=49, petit_au_bout="attack",
          poignees=[("attack", 10)]), 2),
    (dict(contract="garde_sans", bouts=2, points=45, petit_au_bout="defence"), 3),
    (dict(contract="prise", bouts=1, points=44, petit_au_bout="attack",
          poignees=[("attack", 10)]), 1),
    (dict(contract="garde", bouts=2, points=52, poignees=[("defence", 10)]), 0),
    (dict(contract="garde", bouts=2, points=87, petit_au_bout="attack", poignees=[("attack", 10)],
          chelem="announced_made"), 1),
]
# What the FFT sheet prints: each player's "+" and "-" totals and the balance (bilan).
FFT_GAINS = (318, 1746, 360, 270)
FFT_LOSSES = (764, 400, 750, 780)
FFT_BILAN = (-446, 1346, -390, -510)
# The deal-by-deal entries of the FFT sheet, per player.
FFT_ROWS = [(-106, -106, 318, -106), (-76, -76, -76, 228), (42, -126, 42, 42),
            (276, -92, -92, -92), (-582, 1746, -582, -582)]


def fft_sheet() -> ScoreSheet:
    sheet = ScoreSheet(4, NAMES)
    for number, (kwargs, taker) in enumerate(FFT_DEALS):
        sheet.add(score_deal(4, seats=taker, **kwargs), dealer=number % 4)
    return sheet


def test_fft_score_sheet_reproduces_exactly():
    sheet = fft_sheet()
    assert [r.scores for r in sheet.rows] == FFT_ROWS
    assert sheet.gains() == FFT_GAINS
    assert sheet.losses() == FFT_LOSSES
    assert sheet.totals() == FFT_BILAN
    assert sum(sheet.totals()) == 0
    assert sheet.ranking()[0] == ("Sud", 1346)


def test_running_totals_accumulate_row_by_row():
    sheet = fft_sheet()
    running = [0, 0, 0, 0]
    for row, expected in zip(sheet.rows, FFT_ROWS):
        running = [a + b for a, b in zip(running, expected)]
        assert row.totals == tuple(running)
    assert [r.number for r in sheet.rows] == [1, 2, 3, 4, 5]
    assert sheet.rows[2].result == "failed by 7" and sheet.rows[0].result == "made by 8"


def test_text_and_html_show_every_deal_and_the_balance():
    sheet = fft_sheet()
    text = sheet.to_text()
    assert text.splitlines()[0].split()[-4:] == NAMES
    assert "+1746" in text and "Garde sans" in text
    assert text.splitlines()[-1].split()[-4:] == ["-446", "+1346", "-390", "-510"]
    page = sheet._repr_html_()
    assert page == sheet.to_html()
    assert page.count("<tr") == 2 + 5 + 2  # two header rows, five deals, total and balance
    for value in ("1746", "+1346", "-446", "Garde sans", "Balance"):
        assert value in page
    cells = re.findall(r"<td colspan='3' style='text-align:center'>([^<]*)</td>", page)
    assert cells == ["-446", "+1346", "-390", "-510"]


def test_html_escapes_names():
    sheet = ScoreSheet(3, ["<b>x</b>", "Bo & Co", "C"])
    sheet.add(score_deal(3, "garde", 1, 60, seats=1), dealer=0, note="it's <fine>")
    page = sheet.to_html()
    assert "<b>x</b>" not in page and "&lt;b&gt;x&lt;/b&gt;" in page
    assert "Bo &amp; Co" in page and "&lt;fine&gt;" in page


def test_thrown_in_and_practice_deals_do_not_count():
    sheet = ScoreSheet(4, NAMES)
    sheet.add(score_deal(4, "garde", 2, 50, seats=0), dealer=3)
    before = sheet.totals()
    sheet.add_thrown_in(dealer=0, reason="all passed")
    sheet.add_thrown_in(dealer=1, reason="petit sec", note="Est had only the Petit")
    sheet.add(score_deal(4, "garde_contre", 0, 20, seats=2), dealer=2, practice=True)
    assert sheet.totals() == before
    assert sheet.scored_deals() == 1 and len(sheet) == 4
    assert sheet.rows[3].scores != (0, 0, 0, 0)  # shown on the sheet, not counted
    assert "practice deal" in sheet.to_text() and "(petit sec)" in sheet.to_text()
    assert "not counted (FT-42)" in sheet.to_html()
    assert sheet.gains() == tuple(max(v, 0) for v in before)


def test_cancel_by_agreement_scores_nothing_but_keeps_the_rows():
    sheet = fft_sheet()
    sheet.cancel()
    assert sheet.totals() == (0, 0, 0, 0)
    assert len(sheet.rows) == 5
    assert "cancelled" in sheet.to_text() and "cancelled" in repr(sheet)
    with pytest.raises(IllegalMove, match="cancelled by agreement"):
        sheet.add(score_deal(4, "prise", 1, 60), dealer=0)
    again = ScoreSheet.from_json(sheet.to_json())
    assert again.cancelled and again.totals() == (0, 0, 0, 0)


def test_pop_undoes_the_last_row():
    sheet = fft_sheet()
    row = sheet.pop()
    assert row.number == 5 and sheet.totals() == sheet.rows[-1].totals
    with pytest.raises(IllegalMove, match="empty"):
        ScoreSheet(3).pop()


def test_json_round_trip_is_exact():
    sheet = fft_sheet()
    sheet.add_thrown_in(1, "all passed")
    sheet.add(score_deal(4, "prise", 0, 60, seats=3), dealer=2, note="a note", practice=True)
    text = sheet.to_json()
    again = ScoreSheet.from_json(text)
    assert again.to_json() == text
    assert again.totals() == sheet.totals() and again.names == sheet.names
    assert [r.scores for r in again.rows] == [r.scores for r in sheet.rows]
    assert again.to_html() == sheet.to_html()


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.update(format="other"), "not a French Tarot score sheet"),
    (lambda d: d.update(version=99), "version 99 is not supported"),
    (lambda d: d["rows"][0].update(scores=[1, 2, 3, -6]), "do not match"),
    (lambda d: d["rows"][0]["score"].update(contract="slam"), "unknown contract"),
    (lambda d: d["rows"][0].pop("dealer"), "corrupt score sheet"),
    (lambda d: d["rows"][1].update(dealer=9), "dealer must be a seat from 0 to 3"),
    (lambda d: d.update(names=["a", "a", "b", "c"]), "must be non-empty and different"),
])
def test_corrupt_json_gives_a_clear_error(mutate, message):
    data = json.loads(fft_sheet().to_json())
    mutate(data)
    with pytest.raises(SaveError, match=message):
        ScoreSheet.from_json(json.dumps(data))


def test_not_json_at_all():
    with pytest.raises(SaveError, match="is JSON text"):
        ScoreSheet.from_json("{truncated")


def test_bad_arguments():
    with pytest.raises(OptionError, match="players must be 3, 4 or 5"):
        ScoreSheet(6)
    with pytest.raises(OptionError, match="give 4 names"):
        ScoreSheet(4, ["a", "b"])
    sheet = ScoreSheet(4)
    assert sheet.names == ("Player 1", "Player 2", "Player 3", "Player 4")
    with pytest.raises(OptionError, match="scored for 3"):
        sheet.add(score_deal(3, "garde", 1, 60), dealer=0)
    with pytest.raises(OptionError, match="takes a DealScore"):
        sheet.add({"contract": "garde"}, dealer=0)
    with pytest.raises(OptionError, match="dealer must be a seat"):
        sheet.add(score_deal(4, "garde", 1, 60), dealer=4)
    with pytest.raises(OptionError, match="reason must be one of"):
        sheet.add_thrown_in(0, reason="bored")
    assert len(sheet) == 0


def test_five_player_sheet_names_the_partner():
    sheet = ScoreSheet(5, ["A", "B", "C", "D", "E"])
    sheet.add(score_deal(5, "garde", 1, 55, seats=(1, 3)), dealer=0)
    sheet.add(score_deal(5, "prise", 1, 45, seats=4, taker_alone=True), dealer=1)
    assert "B + D" in sheet.to_text() and "B + D" in sheet.to_html()
    assert sum(sheet.totals()) == 0


@given(st.integers(3, 5).flatmap(lambda n: st.tuples(st.just(n), st.lists(st.tuples(
    st.sampled_from(CONTRACTS), st.integers(0, 3), st.integers(0, 182), st.integers(0, n - 1),
    st.booleans()), max_size=12))))
def test_totals_are_zero_sum_and_equal_the_sum_of_counted_rows(case):
    players, deals = case
    sheet = ScoreSheet(players)
    for contract, bouts, half, taker, practice in deals:
        # within what the bouts allow, and each side with a trick at least (no chelem here, FT-30)
        half = min(max(half, 8 * bouts, 12), 182 - 8 * (3 - bouts), 170)
        seats = (taker, (taker + 1) % 5) if players == 5 else taker
        sheet.add(score_deal(players, contract, bouts, half_points=half, seats=seats),
                  dealer=taker, practice=practice)
    assert sum(sheet.totals()) == 0
    expect = [sum(r.scores[i] for r in sheet.rows if not r.practice) for i in range(players)]
    assert list(sheet.totals()) == expect
    assert tuple(g - lo for g, lo in zip(sheet.gains(), sheet.losses())) == sheet.totals()
    assert ScoreSheet.from_json(sheet.to_json()).totals() == sheet.totals()


# ----- Match: deals driven through the engine (state.py) ---------------------------------------------
from tarot_learn.deals import Rng  # noqa: E402
from tarot_learn.games.french_tarot.match import Match  # noqa: E402


def random_chooser(seed):
    rng = Rng(seed)

    def choose(state, seat):
        moves = state.legal_moves()
        return moves[rng.below(len(moves))]
    return choose


def play_out(match, choose):
    while not match.is_over():
        match.next_deal()
        match.advance(choose)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_whole_match_of_random_deals(players):
    m = Match(players, rounds=1, seed=players * 101, humans=())
    play_out(m, random_chooser(players))
    rows = m.sheet.rows
    assert m.sheet.scored_deals() == players and m.is_over() and m.deals_left == 0
    assert sum(m.totals()) == 0
    # the deal passes to the next seat after every deal, thrown in or not (FT-2)
    assert [r.dealer for r in rows] == [(m.first_dealer + i) % players for i in range(len(rows))]
    expect = [sum(r.scores[i] for r in rows) for i in range(players)]
    assert list(m.totals()) == expect
    with pytest.raises(IllegalMove, match="the match is over"):
        m.next_deal()
    assert "wins with" in m.status()


def test_everyone_passing_throws_the_deal_in_and_passes_the_deal_on():
    m = Match(4, seed=5, first_dealer=2)
    m.next_deal()
    while m.in_progress:
        if m.deal.phase == "redeal":
            break
        m.play("bid pass")
    row = m.sheet.rows[-1]
    assert row.thrown_in and row.dealer == 2 and m.dealer == 3
    assert m.sheet.scored_deals() == 0 and m.totals() == (0, 0, 0, 0)
    assert m.next_deal().dealer == 3


def test_a_deal_that_ends_is_written_at_once_and_undo_takes_it_back():
    for seed in range(100):  # a deal that is not thrown in at once (petit sec has no move to undo)
        m = Match(4, seed=seed, humans=())
        m.next_deal()
        if m.in_progress:
            break
    m.advance(random_chooser(1))
    assert not m.in_progress and len(m.sheet) == 1
    row = m.sheet.rows[0]
    if not row.thrown_in:
        assert row.scores == m.deal.result.scores
    m.undo()
    assert m.in_progress and len(m.sheet) == 0 and m.dealer == m.deal.dealer
    with pytest.raises(IllegalMove, match="not finished"):
        m.next_deal()


def test_a_petit_sec_deal_is_noted_at_once():
    for seed in range(300):
        m = Match(4, seed=seed, first_dealer=1)
        m.next_deal()
        if not m.in_progress:
            break
    else:
        pytest.skip("no petit sec among the first 300 match seeds")
    row = m.sheet.rows[0]
    assert row.thrown_in and row.reason == "petit sec" and m.dealer == 2
    assert "petit sec" in m.deal.reason


def test_illegal_move_changes_nothing():
    from tarot_learn.core import IllegalMove

    m = Match(4, seed=3)
    m.next_deal()
    before = m.to_json()
    with pytest.raises(IllegalMove):
        m.play("bid garde", seat=3)  # out of turn
    assert m.to_json() == before


def test_practice_deals_are_played_but_not_counted():
    m = Match(4, rounds=1, seed=21, humans=(), practice=True)
    for _ in range(3):
        m.next_deal()
        m.advance(random_chooser(2))
    assert m.totals() == (0, 0, 0, 0) and m.sheet.scored_deals() == 0 and not m.is_over()
    assert any(r.practice for r in m.sheet.rows) or all(r.thrown_in for r in m.sheet.rows)


def test_cancelling_needs_every_human():
    m = Match(4, seed=2, humans=(0, 2))
    m.next_deal()
    assert m.cancel([0, 1, 3]) is False and not m.cancelled
    assert m.cancel([0, 2]) is True
    assert m.is_over() and m.totals() == (0, 0, 0, 0) and "cancelled" in m.status()
    with pytest.raises(OptionError, match="seats are 0 to 3"):
        m.cancel([7])


def test_match_save_and_load_mid_deal_continues_identically():
    m = Match(5, ["A", "B", "C", "D", "E"], rounds=2, seed=77, humans=())
    choose = random_chooser(9)
    m.next_deal()
    m.advance(choose)
    if not m.in_progress:
        m.next_deal()
    for _ in range(3):
        if m.in_progress:
            m.play(choose(m.deal, m.deal.to_play))
    text = m.to_json()
    other = Match.from_json(text)
    assert other.to_json() == text
    # the same moves from here give the same sheet
    c1, c2 = random_chooser(4), random_chooser(4)
    for match, c in ((m, c1), (other, c2)):
        for _ in range(3):
            if not match.in_progress:
                match.next_deal()
            match.advance(c)
    assert other.sheet.to_json() == m.sheet.to_json()


def test_match_seed_fixes_every_deal_and_first_dealer_by_lot():
    a = Match(4, seed=99, first_dealer=None)
    b = Match(4, seed=99, first_dealer=None)
    assert a.first_dealer == b.first_dealer
    assert a.next_deal().key() == b.next_deal().key()


@pytest.mark.parametrize("kwargs, message", [
    (dict(rounds=0), "rounds must be a whole number"),
    (dict(seed=-1), "seed must be a whole number"),
    (dict(first_dealer=4), "dealer must be a seat"),
    (dict(humans=[5]), "humans must be seats"),
    (dict(players=2), "players must be 3, 4 or 5"),
])
def test_match_bad_options(kwargs, message):
    with pytest.raises(OptionError, match=message):
        Match(**kwargs)


def test_match_corrupt_save():
    with pytest.raises(SaveError, match="not a saved French Tarot match"):
        Match.from_json(json.dumps({"format": "x"}))
    m = Match(4, seed=1)
    m.next_deal()
    data = json.loads(m.to_json())
    data["deal"] = data["deal"].replace("bidding", "bidd1ng")
    with pytest.raises(SaveError):
        Match.from_json(json.dumps(data))
    with pytest.raises(IllegalMove, match="play it out|no deal is in progress"):
        Match(4, seed=1).play("bid pass")


def test_advance_with_the_engine_bots_stops_at_the_human_seat():
    from tarot_learn.games.french_tarot.bots import HeuristicBot, RandomBot

    m = Match(4, seed=12, humans=(0,), rounds=None)
    bots = {1: HeuristicBot(), 2: RandomBot(seed=3), 3: HeuristicBot()}
    for _ in range(6):
        if not m.in_progress:
            m.next_deal()
        m.advance(bots)
        if m.in_progress:
            assert m.deal.to_play == 0  # only the human's turn stops the bots
            m.play(m.deal.legal_moves()[0], seat=0)
    # one bot for every seat plays whole deals
    m2 = Match(4, seed=12, humans=(), rounds=1)
    while not m2.is_over():
        m2.next_deal()
        m2.advance(HeuristicBot())
    assert m2.sheet.scored_deals() == 4 and sum(m2.totals()) == 0
    # a seat with no bot stops the loop as a human would
    m3 = Match(4, seed=12, humans=())
    m3.next_deal()
    if m3.in_progress:
        assert m3.advance([HeuristicBot(), None, None, None]) == 0  # seat 1 speaks first
