"""TarotTable driven through its Python entry points (no browser): bidding, the discard, the
clock, undo, the score sheet, hidden cards and random use that never breaks."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("anywidget")
pytest.importorskip("ipywidgets")

from hypothesis import given, settings, strategies as st  # noqa: E402

from tarot_learn import games  # noqa: E402
from tarot_learn.cards import Card  # noqa: E402
from tarot_learn.core import Move, OptionError  # noqa: E402
from tarot_learn.observation import Role  # noqa: E402
from tarot_learn.widgets import SolitaireBoard  # noqa: E402

# ----- TarotTable --------------------------------------------------------------------------------
from tarot_learn.games.french_tarot import Phase  # noqa: E402
from tarot_learn.games.french_tarot import rules as FR  # noqa: E402
from tarot_learn.widgets import TarotTable  # noqa: E402


def play_out(table: TarotTable, limit: int = 200) -> None:
    """Play your turns with the first legal card (passing in the bidding) to the end of the deal."""
    for _ in range(limit):
        deal = table.state
        if not table.match.in_progress:
            return
        assert deal.to_play == 0, "the bots hand the turn back to you"
        if deal.phase is Phase.BIDDING:
            table.press("pass")
        elif deal.phase is Phase.PLAYING:
            legal = [c for c, why in table.hand_notes().items() if why is None]
            table.click_card(legal[0])
        else:
            table.timeout()                  # let the bot decide the other phases for you
    raise AssertionError("the deal did not end")


def table_where_you_take(players: int = 4) -> TarotTable:
    for seed in range(60):
        t = TarotTable(players=players, seed=seed)
        if t.state.phase is Phase.BIDDING and t.state.to_play == 0:
            legal = [str(m) for m in t.state.legal_moves()]
            if "bid garde" in legal:
                t.press("garde")
                if t.state.taker == 0 and t.state.phase in (Phase.DISCARDING, Phase.CALLING):
                    return t
    raise AssertionError("no seed lets you take with a garde")


def test_table_hands_you_the_turn_and_hides_the_bots_cards():
    t = TarotTable(players=4, seed=5)
    assert t.state.to_play == 0
    view = t.surface.view
    assert [h["c"] for h in view["hand"]] == [FR.text(c) for c in t.state.hands[0]]
    assert [s["n"] for s in view["seats"]] == [len(h) for h in t.state.hands]
    assert all(s["cards"] == [] for s in view["seats"][1:])
    assert view["dog"] == ["?"] * t.state.dog_size and view["dog_label"] == "Dog"
    text = json.dumps(view)
    for card in [c for h in t.state.hands[1:] for c in h] + t.state.dog:
        assert f'"{FR.text(card)}"' not in text         # no trace of a hidden card
    t.show_all = True                          # the teaching view, set in Python
    assert t._show.value is True
    assert [s["cards"] for s in t.surface.view["seats"][1:]] == [
        [FR.text(c) for c in h] for h in t.state.hands[1:]]
    assert t.surface.view["dog"] == [FR.text(c) for c in t.state.dog]
    t.show_all = False
    assert all(s["cards"] == [] for s in t.surface.view["seats"][1:])
    assert t.summary()["counts"] == [len(h) for h in t.state.hands]


def test_table_page_message_is_the_south_observation():
    t = TarotTable(players=4, seed=5)
    t.press("pass")
    deal = t.state
    obs = deal.observation(0)
    view = t.surface.view
    assert view == t.page_view() | {"v": view["v"]}
    assert [h["c"] for h in view["hand"]] == [str(c) for c in obs.hand]
    assert [s["n"] for s in view["seats"]] == list(obs.hand_sizes)
    assert view["trick"] == [[seat, str(c)] for seat, c in zip(obs.pile("trick").played_by,
                                                                obs.pile("trick").cards)]
    assert view["status"] == obs.status and view["contract"] == obs.contract
    dog = obs.by_role(Role.DOG)[0]
    assert view["dog"] == ["?"] * dog.hidden + [str(c) for c in dog.cards]
    assert view["dog_label"] == dog.label


def test_table_show_all_cannot_be_set_from_the_page():
    t = TarotTable(players=4, seed=5)
    key = t.state.key()
    t._show.value = True                       # what a page's checkbox message would do
    assert t._show.value is False and t.show_all is False
    assert t.message_kind == "refused" and "set in Python" in t.message
    assert all(s["cards"] == [] for s in t.surface.view["seats"][1:])
    assert t.state.key() == key


def test_table_bid_buttons_follow_the_legal_bids():
    t = TarotTable(players=4, seed=5)
    legal = {str(m) for m in t.state.legal_moves()}
    shown = {b.description: b.disabled for b in t._actions.children}
    for word, label in (("pass", "Pass"), ("prise", "Prise"), ("garde", "Garde"),
                        ("garde_sans", "Garde sans"), ("garde_contre", "Garde contre")):
        assert shown[label] == (f"bid {word}" not in legal)


def test_table_refuses_an_illegal_card_with_its_rule_and_dims_it():
    t = TarotTable(players=4, seed=5)
    t.press("pass")
    deal = t.state
    assert deal.phase is Phase.PLAYING and deal.to_play == 0
    notes = t.hand_notes()
    bad = [c for c, why in notes.items() if why]
    assert bad, "this deal has a card you may not play"
    for card in t.surface.view["hand"]:
        assert card["ok"] == (notes[card["c"]] is None)
        assert card["why"] == (notes[card["c"]] or "")
    key = deal.key()
    t.click_card(bad[0])
    err = deal.why_illegal(Move("play", arg=bad[0]))
    assert deal.key() == key and t.message_kind == "refused" and err.rule in t.message
    t.click_card("ZZ")
    assert "not in your hand" in t.message


def test_table_plays_a_whole_deal_and_fills_the_score_sheet():
    t = TarotTable(players=4, seed=5, rounds=1)
    play_out(t)
    assert t.state.phase in (Phase.SCORED, Phase.REDEAL)
    assert len(t.match.sheet) == 1 and "<table" in t._sheet.value
    if t.state.phase is Phase.SCORED:
        assert "<table" in t._result.value
        assert t.surface.view["over"] and all(s["cards"] or s["n"] == 0 for s in t.surface.view["seats"][1:])
    assert [b.description for b in t._actions.children] == ["Next deal"]
    t.press("next")
    assert t.match.dealt >= 2 and t.match.in_progress and t.state.to_play == 0


def test_table_discard_selection_and_declarations():
    t = table_where_you_take()
    deal = t.state
    assert deal.phase is Phase.DISCARDING and deal.to_play == 0
    hand = t._hand()
    kings = [c for c in hand if c.startswith("K") and not c.startswith("T")]
    if kings:
        t.click_card(kings[0])
        assert t.message_kind == "refused" and "FT-11" in t.message and kings[0] not in t.discard_selection
    ok = [c for c, why in t.hand_notes().items() if why is None][:deal.dog_size]
    for c in ok:
        t.click_card(c)
    assert t.discard_selection == ok
    t.click_card(ok[0])                       # a second click takes it back
    assert ok[0] not in t.discard_selection
    t.press("discard")                        # one short: refused
    assert t.message_kind == "refused" and deal.phase is Phase.DISCARDING
    t.click_card(ok[0])
    t.press("discard")
    assert deal.phase in (Phase.DECLARING, Phase.PLAYING) and sorted(FR.text(c) for c in deal.discard) == sorted(ok)
    if deal.phase is Phase.DECLARING:
        assert {b.description for b in t._actions.children} == {"No chelem", "Announce a chelem"}
        t.press("no_chelem")
    assert deal.phase is Phase.PLAYING


def test_table_five_players_call_a_king_with_the_buttons():
    t = table_where_you_take(players=5)
    deal = t.state
    assert deal.phase is Phase.CALLING
    legal = [str(m) for m in deal.legal_moves()]
    buttons = list(t._actions.children)
    assert buttons[-1].description == "Advice"
    buttons = buttons[:-1]
    assert len(buttons) == len(legal) and all(b.description.startswith("Call ") for b in buttons)
    buttons[0].click()                         # the same handler a browser click runs
    assert FR.text(deal.called) == legal[0].split()[1]
    assert "call" in t.message.lower() and "FT-8" in t.message
    assert deal.phase in (Phase.DISCARDING, Phase.DECLARING, Phase.PLAYING)


def test_table_undo_takes_back_your_decision_and_the_bots_replies():
    t = TarotTable(players=4, seed=5)
    assert t._buttons["undo"].disabled
    key = t.state.key()
    t.press("pass")
    assert t.state.key() != key
    t.press("undo")
    assert t.state.key() == key and t.state.to_play == 0
    t.press("undo")
    assert t.message_kind == "refused"


def test_table_clock_is_pythons_and_the_page_cannot_make_the_bot_play():
    now = [100.0]
    t = TarotTable(players=4, seed=5, time_per_turn=10, clock=lambda: now[0])
    assert t.surface.view["deadline"] == 10
    old, key = t.surface.view["turn"], t.state.key()
    t._on_browser_msg(t.surface, {"event": "timeout", "turn": old}, [])     # the page's clock: refused
    assert t.state.key() == key and t.message_kind == "refused" and "Python" in t.message
    now[0] += 4
    t.click_card("ZZ")                         # a refused click redraws but keeps the turn and its clock
    assert t.surface.view["turn"] == old and t.surface.view["deadline"] == 6
    assert not t.check_clock() and t.state.key() == key
    t.press("pass")                            # a new turn: a fresh 10 s, the old clock must not act
    assert t.surface.view["deadline"] == 10
    key = t.state.key()
    t.timeout(old)
    assert t.state.key() == key
    now[0] += 9.5
    assert not t.check_clock()
    now[0] += 0.5                              # Python's deadline: any message finds it passed
    hand = len(t.state.hands[0])
    t.click_card(t._hand()[0])                 # too late: the bot plays this turn, not the click
    assert len(t.state.hands[0]) == hand - 1 and "Time is up" in t.message
    t.timeout()                                # the clock's callback, callable from Python
    assert not t.check_clock()


def test_table_without_a_clock_never_plays_for_you():
    now = [0.0]
    t = TarotTable(players=4, seed=5, clock=lambda: now[0])
    now[0] += 10 ** 6
    key = t.state.key()
    assert not t.check_clock() and t.surface.view["deadline"] == 0 and t.state.key() == key


def test_the_deal_code_reaches_the_page_only_when_shared_and_allowed():
    t = TarotTable(players=4, seed=5)
    code = t.state.deal_code
    assert code and code not in json.dumps(t.surface.view) and code not in t._explain.value
    t.press("share")
    assert code in t._explain.value and t.message_kind == "info"
    locked = TarotTable(players=4, seed=5, sharing=False)
    locked._buttons["share"].click()           # what the page's button sends
    assert locked.message_kind == "refused" and "class challenge" in locked.message
    assert code not in locked._explain.value and locked.sharing is False
    with pytest.raises(OptionError, match="sharing"):
        TarotTable(sharing="yes")


@pytest.mark.parametrize("players", [3, 5])
def test_table_players_dropdown_starts_a_new_match(players):
    t = TarotTable(players=4, seed=5)
    t._players.value = players
    assert t.state.players == players and len(t.surface.view["seats"]) == players
    play_out(t)
    assert len(t.match.sheet) >= 1


def test_table_bad_arguments_and_garbage_messages():
    with pytest.raises(OptionError, match="players"):
        TarotTable(players=6)
    with pytest.raises(OptionError, match="rounds"):
        TarotTable(rounds=0)
    with pytest.raises(OptionError, match="time_per_turn"):
        TarotTable(time_per_turn=-3)
    with pytest.raises(OptionError, match="card_height"):
        TarotTable(card_height=9)
    t = TarotTable(players=4, seed=5)
    key = t.state.key()
    for msg in (None, {}, {"event": "card"}, {"event": "card", "card": 7}, {"event": "show_all"},
                ["card", "T21"]):
        t.message = ""
        t._on_browser_msg(t.surface, msg, [])
        assert t.message_kind == "refused" and t.message
    t._on_browser_msg(t.surface, {"event": "timeout", "turn": 3}, [])    # a stale clock: nothing
    assert t.state.key() == key
    t.press("fly")
    assert "no 'fly' button" in t.message


def test_boards_take_a_folder_of_own_card_images(tmp_path):
    from tarot_learn.decks import default_deck, make_sample_scans

    make_sample_scans(tmp_path, "T13 KS AW", height=120)
    board = SolitaireBoard("tarot-solitaire", seed=3, deck=str(tmp_path))
    default = SolitaireBoard("tarot-solitaire", seed=3)
    assert board.deck.has_own(Card.parse("T13")) and default.deck is default_deck()
    assert board.surface.images["T13"] != default.surface.images["T13"]     # the scan
    assert board.surface.images["T5"] == default.surface.images["T5"]       # default art
    # the scan cannot carry the art's value badge, so the board labels it
    assert board.surface.badges == {"T13": "4", "KS": "14"}
    board._values.value = False
    assert board.surface.badges == {}
    table = TarotTable(players=4, seed=5, deck=tmp_path)
    plain = TarotTable(players=4, seed=5)
    assert table.surface.images["KS"] != plain.surface.images["KS"]
    assert table.surface.images["T5"] == plain.surface.images["T5"]


table_actions = st.lists(st.tuples(st.sampled_from(["card", "card", "card", "press", "timeout"]),
                                   st.integers(0, 30),
                                   st.sampled_from(["pass", "prise", "garde", "garde_sans", "garde_contre",
                                                    "discard", "chelem", "no_chelem", "poignee", "next",
                                                    "undo", "call ks"])),
                         max_size=40)


@settings(max_examples=20, deadline=None)
@given(actions=table_actions, seed=st.integers(0, 10_000), players=st.sampled_from([3, 4, 5]))
def test_random_table_use_keeps_the_view_true_and_the_cards_whole(actions, seed, players):
    t = TarotTable(players=players, seed=seed, rounds=None)
    for kind, i, name in actions:
        deal = t.state
        before = deal.key()
        if kind == "card":
            hand = t._hand()
            t.click_card(hand[i % len(hand)] if hand else "AW")
        elif kind == "press":
            t.press(name)
        else:
            t.timeout()
        deal = t.state
        if t.message_kind == "refused":
            assert deal.key() == before                     # a refused action changes nothing
        assert sorted(deal.cards()) == sorted(games.get("french-tarot").new(1, players=players).cards())
        view = t.surface.view
        assert [h["c"] for h in view["hand"]] == [FR.text(c) for c in deal.hands[0]]
        assert [s["n"] for s in view["seats"]] == [len(h) for h in deal.hands]
        assert view["phase"] == deal.phase.value and view["to_play"] == deal.to_play
        assert t.match.in_progress is False or deal.to_play == 0   # the bots never keep the turn


def test_table_poignee_with_trumps_you_choose():
    # match seed 22 deals South 8+ trumps at five players (a simple poignée is 8, FT-15)
    t = TarotTable(players=5, seed=22)
    t.press("pass")
    deal = t.state
    assert deal.phase is Phase.PLAYING and deal.to_play == 0
    labels = [b.description for b in t._actions.children]
    assert any(label.startswith("Show a simple poignée") for label in labels)
    t.press("choose_poignee")
    assert t.poignee_selection == []
    hand = t._hand()
    plain = next(c for c in hand if not c.startswith("T"))
    key = deal.key()
    t.click_card(plain)                            # choosing, a plain card is not played
    assert t.message_kind == "refused" and "FT-15" in t.message and deal.key() == key
    trumps = [c for c in hand if c.startswith("T") and c != "T0"]
    chosen = list(reversed(trumps))[:8]            # the highest, not the lowest the quick button shows
    for c in chosen:
        t.click_card(c)
    assert t.poignee_selection == chosen
    assert [h["c"] for h in t.surface.view["hand"] if h["sel"]] == [c for c in hand if c in chosen]
    show = t._buttons["show_poignee"]
    assert not show.disabled and "8 trumps" in show.description
    t.press("show_poignee")
    assert t.poignee_selection is None
    shown = deal.observation(1).pile("poignee:0")
    assert shown.role is Role.POIGNEE and shown.owner == 0
    assert sorted(map(str, shown.cards)) == sorted(chosen)
    assert t.surface.view["poignees"] == [[0, [str(c) for c in shown.cards]]]
    assert "poignée" in t.message and "FT-15" in t.message


def test_table_undo_after_the_last_card_takes_the_row_off_the_sheet():
    t = TarotTable(players=4, seed=5)
    play_out(t)
    assert len(t.match.sheet) == 1 and not t.match.in_progress
    t.press("undo")
    assert len(t.match.sheet) == 0 and t.match.in_progress
    assert t.state.phase is Phase.PLAYING and t.state.to_play == 0 and t._sheet.value == ""


def test_the_table_names_the_cards_it_shows_and_writes_open_hands_out():
    from tarot_learn.widgets.table import hand_text
    table = TarotTable(players=4, seed=5)
    view = table.page_view()
    shown = {c["c"] for c in view["hand"]} | {c for _, c in view["trick"]} | {c for c in view["dog"] if c != "?"}
    assert set(view["names"]) == shown                       # a name for each card shown, no other
    assert all(s["text"] == "" for s in view["seats"])       # the other hands stay hidden
    table.show_all = True
    view = table.page_view()
    north = view["seats"][2]
    assert north["text"] == hand_text(north["cards"]) and len(north["cards"]) == 18
    for word in ("\u2660 Spades", "\u2665 Hearts", "\u2666 Diamonds", "\u2663 Clubs"):
        assert word in " ".join(s["text"] for s in view["seats"][1:])


def test_the_table_answers_the_heartbeat_and_nothing_else_changes():
    table = TarotTable(players=4, seed=5)
    sent = []
    table.surface.send = lambda content, buffers=None: sent.append(content)
    position = lambda: json.dumps({**table.page_view(), "v": 0}, sort_keys=True)  # noqa: E731
    before = position()
    send = table.surface.comm.handle_msg
    for content in ({"event": "ping", "n": 3}, {"event": "ping", "n": True}, {"event": "ping", "n": 3, "x": 1}):
        send({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})
    assert sent == [{"pong": 3}] and position() == before and table.message_kind == "refused"


# ----- autosave: a lost kernel loses no match ------------------------------------------------------
TOKEN = "89abcdef01234567" * 2


def hello(table: TarotTable, token) -> None:
    """The page's resume token, delivered the way the kernel delivers a page message."""
    table.surface.comm.handle_msg({"content": {"data": {"method": "custom",
                                                        "content": {"event": "hello", "token": token}}},
                                   "buffers": []})


def test_the_match_is_autosaved_under_the_page_token_and_a_reloaded_table_takes_it_back(tmp_path, monkeypatch):
    monkeypatch.setenv("TAROT_LEARN_DATA", str(tmp_path))
    table = TarotTable(players=4, rounds=2, seed=5)
    hello(table, TOKEN)
    assert table.autosave_path == tmp_path / "autosave" / f"{TOKEN}.table.json"
    play_out(table)                                   # one whole deal on the sheet
    table.press("next")
    table.press("pass" if table.state.phase is Phase.BIDDING else "undo")
    saved = table.match.to_json()
    assert table.autosave_path.read_text() == saved
    # the kernel is lost; the reloaded page's new table (asked for a random match) takes it back
    again = TarotTable(players=3)
    hello(again, TOKEN)
    assert again.match.to_json() == saved and "Resumed your match" in again.message
    assert again._players.value == 4 and again._rounds.value == 2 and len(again.match.sheet) == 1
    assert again.page_view() == {**table.page_view(), "v": again.page_view()["v"]}
    play_out(again)                                   # and the match plays on from there
    assert len(again.match.sheet) == 2
    # a table already played, or asked for another seed or other settings, keeps its own match
    played = TarotTable(players=4, rounds=2)          # a random match, but you have already bid
    played.press("pass")
    for other in (played, TarotTable(players=4, rounds=2, seed=6), TarotTable(players=5, rounds=2, seed=5)):
        before = other.match.seed
        hello(other, TOKEN)
        assert other.match.seed == before and "Resumed" not in other.message
    board = SolitaireBoard("klondike", seed=3)        # a board on the same page keeps its own file
    board.resume(TOKEN)
    assert board.autosave_path.name == f"{TOKEN}.json" and board.state.moves == []


def test_a_bad_token_or_a_forged_match_changes_nothing_and_is_set_aside(tmp_path, monkeypatch):
    monkeypatch.setenv("TAROT_LEARN_DATA", str(tmp_path))
    table = TarotTable(players=4, seed=5)
    before = table.match.to_json()
    for bad in ("", "0" * 31, "G" * 32, "../" * 11 + "ab", None, 7):
        hello(table, bad)
        assert table.message_kind == "refused" and table.autosave_path is None
    assert table.match.to_json() == before and not (tmp_path / "autosave").exists()
    keeper_table = TarotTable(players=4, seed=5)
    hello(keeper_table, TOKEN)
    play_out(keeper_table)
    forged = json.loads(keeper_table.autosave_path.read_text())
    deal = json.loads(forged["deal"])
    deal["moves"].append(deal["moves"][-1])                            # a card played twice
    forged["deal"] = json.dumps(deal)
    keeper_table.autosave_path.write_text(json.dumps(forged))
    fresh = TarotTable(players=4)
    hello(fresh, TOKEN)
    assert fresh.message_kind == "refused" and "could not be resumed" in fresh.message
    assert len(fresh.match.sheet) == 0
    assert (tmp_path / "autosave" / f"{TOKEN}.table.json.bad").exists()
    quiet = TarotTable(players=4, seed=5, autosave=False)
    hello(quiet, "f" * 32)
    assert quiet.autosave_path is None
    with pytest.raises(OptionError):
        TarotTable(autosave="yes")


# ----- robot levels and the play adviser ---------------------------------------------------------------
def table_at_your_card(levels: object = "club", seed: int = 3) -> TarotTable:
    """A table where it is your turn to play a card (passing in the bidding, the bot deciding the rest)."""
    t = TarotTable(players=4, rounds=None, seed=seed, levels=levels)
    for _ in range(40):
        deal = t.state
        if deal.phase is Phase.PLAYING and deal.to_play == 0:
            return t
        if not t.match.in_progress:
            t.press("next")          # every seat passed: the next deal
        elif deal.phase is Phase.BIDDING:
            t.press("pass")
        else:
            t.timeout()
    raise AssertionError("the play never came to you")


def test_table_robot_levels_one_for_all_or_one_per_seat():
    kinds = [type(b).__name__ for b in TarotTable(players=3, seed=1, levels="beginner")._bots]
    assert kinds == ["RandomBot"] * 3
    kinds = [type(b).__name__ for b in TarotTable(players=4, seed=1, levels=("club", "strong", "beginner",
                                                                              "club"))._bots]
    assert kinds == ["HeuristicBot", "StrongBot", "RandomBot", "HeuristicBot"]
    for bad, words in (("expert", "not 'expert'"), (["club", 3], "not 3"), ([], "or a list"),
                       (7, "not 7"), (["club", "club"], "give one level for each of the 4 seats")):
        with pytest.raises(OptionError, match=words) as err:
            TarotTable(players=4, seed=1, levels=bad)
        assert "\n" not in str(err.value)


def test_advice_names_the_card_every_legal_cards_score_and_the_reason_and_playing_it_is_accepted():
    t = table_at_your_card(levels=["club", "strong", "strong", "strong"])
    assert [b.description for b in t._actions.children][-1] == "Advice"
    legal = {c for c, why in t.hand_notes().items() if why is None}
    t.press("advice")
    advice = t.advice
    assert advice is not None and t.message_kind == "hint"
    assert {card for card, _ in advice.expected} == legal and advice.card in legal
    assert advice.reason in t.message
    for card, mean in advice.expected:
        assert f"{FR.CARDS[FR.card_number(card)].french_name} {mean:+.1f}" in t.message
    assert "Advice: play the" in t._explain.value
    before = len(t.state.history)
    t.click_card(advice.card)
    assert t.message_kind == "ok" and len(t.state.history) > before
    assert advice.card not in [str(c) for c in t.state.hand(0)]
    assert f"You play the {FR.CARDS[FR.card_number(advice.card)].french_name}." in t.message


def test_advice_reads_your_observation_only(monkeypatch):
    import tarot_learn.widgets.table as table_module
    seen = []
    real = table_module.play_advice

    def spy(position, **kw):
        seen.append(position)
        return real(position, **kw)

    monkeypatch.setattr(table_module, "play_advice", spy)
    t = table_at_your_card()
    t.press("advice")
    (obs,) = seen
    assert obs == t.state.observation(0)
    hidden = {FR.text(c) for s in range(1, 4) for c in t.state.hands[s]} | {FR.text(c) for c in t.state.dog}
    named = set(t.message.replace(",", " ").replace(".", " ").split())
    assert not hidden & named        # no card of another hand or of a hidden dog is named by its code


def test_advice_outside_your_card_is_refused_in_one_line():
    t = TarotTable(players=4, seed=5)
    assert t.state.phase is Phase.BIDDING and t.state.to_play == 0
    key = t.state.key()
    assert "Advice" not in [b.description for b in t._actions.children]
    t.press("advice")
    assert t.message_kind == "refused" and "your turn to play, call or lay cards aside" in t.message
    assert t.state.key() == key and t.advice is None


def test_advice_at_the_discard_names_legal_cards_that_the_table_accepts():
    t = table_where_you_take()
    deal = t.state
    assert [b.description for b in t._actions.children][-1] == "Advice"
    allowed = {c for c, why in t.hand_notes().items() if why is None}
    t.press("advice")
    advice = t.advice
    assert t.message_kind == "hint" and advice.reason in t.message
    assert len(advice.cards) == deal.dog_size and set(advice.cards) <= allowed
    assert {card for card, _ in advice.expected} == allowed
    assert t.message.startswith("Advice: lay aside ") and "laid aside first" in t.message
    for c in advice.cards:
        t.click_card(c)
    t.press("discard")
    assert sorted(FR.text(c) for c in deal.discard) == sorted(advice.cards)


def test_advice_at_the_king_call_names_a_callable_card_that_the_table_accepts():
    t = table_where_you_take(players=5)
    deal = t.state
    legal = [str(m).split()[1] for m in deal.legal_moves()]
    t.press("advice")
    advice = t.advice
    assert t.message_kind == "hint" and t.message.startswith("Advice: call the ")
    assert advice.card in legal and sorted(c for c, _ in advice.expected) == sorted(legal)
    t.press(f"call {advice.card.lower()}")
    assert FR.text(deal.called) == advice.card
