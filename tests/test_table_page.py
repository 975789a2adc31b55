"""TarotTable against a hostile page: whatever the page sets or sends (every synced control, every
button, card clicks, show-all, spectator and teacher attempts, a forged clock), no message to the
page names a card of another seat's hand before it is played or shown; and 5,000 random JSON
messages raise nothing and change the game only when they are a valid, legal intent."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

pytest.importorskip("anywidget")
ipywidgets = pytest.importorskip("ipywidgets")

from tarot_learn.games.french_tarot import rules as R  # noqa: E402
from tarot_learn.widgets import TarotTable  # noqa: E402
from page_fuzz import random_json  # noqa: E402
from tarot_learn.widgets.session import widget_tree  # noqa: E402

CODE = re.compile(r"(?<![A-Za-z0-9])(T\d{1,2}|(?:10|[2-9APNQK])[WCSP])(?![A-Za-z0-9])")
# Card names too ("King of Clubs", "trump 7"); the bouts' names are words of every rule line
# ("the Petit, the 21 and the Excuse may never be discarded"), so they are found by code only.
_NAMED = {R.CARDS[c].french_name.lower(): c for c in range(78) if c not in R.BOUTS}
NAME = re.compile(r"(?<![A-Za-z0-9])(" + "|".join(re.escape(n) for n in sorted(_NAMED, key=len, reverse=True))
                  + r")(?![0-9])", re.I)


class Page:
    """What the page receives: every model's synced state when it is made, then every comm message
    sent (the card pictures aside: they are the whole deck, the same for every deal)."""

    def __init__(self, table: TarotTable) -> None:
        self.table, self.sent, self.wrapped = table, [], set()

    def _wrap(self) -> list[Any]:
        """Record the comms of widgets the page has not seen yet; returns those widgets (the page
        receives their whole state when they are made)."""
        new = []
        for w in widget_tree(self.table):
            if w.comm is not None and id(w.comm) not in self.wrapped:
                self.wrapped.add(id(w.comm))
                w.comm.send = self._recorder(w)
                new.append(w)
        return new

    def _recorder(self, w: Any):
        def send(data=None, metadata=None, buffers=None):
            state = dict((data or {}).get("state") or {})
            state.pop("images", None)
            self.sent.append(json.dumps([data.get("method") if data else None, state], default=str))
        return send

    def take(self) -> str:
        """Everything sent since the last call: updates, and the state of each new widget."""
        states = []
        for w in self._wrap():
            state = w.get_state()
            state.pop("images", None)
            states.append(state)
        text = "\n".join(self.sent) + json.dumps(states, default=str)
        self.sent = []
        return text


def send(widget: Any, data: Any) -> None:
    widget.comm.handle_msg({"content": {"data": data}, "buffers": []})


def hidden_from_south(table: TarotTable) -> set[int]:
    """Cards South may not know now: other hands (but shown poignées, a shown dog and the called
    card, which is named though its holder is not), a face-down dog, and the taker's discard (but
    its trumps) when South is not the taker."""
    deal = table.state
    shown = {c for _, cards in deal.poignees for c in cards} | set(deal.dog_seen) | {deal.called}
    out = {c for s in range(1, deal.players) for c in deal.hands[s]} - shown
    out |= set(deal.dog)
    if deal.taker != 0:
        out |= {c for c in deal.discard if c <= R.EXCUSE} - shown
    if deal.phase == "calling":     # the cards South may call are named by the rule (FT-8), not by who holds them
        out -= set(R.callable_cards(deal.hands[0]))
    return out - {deal.called}      # even when it lies in the face-down dog


def leaks(text: str, hidden: set[int]) -> list[str]:
    """Hidden cards named in ``text`` by code or by name."""
    found = [m for m in CODE.findall(text) if R.card_number(m) in hidden]
    found += [m for m in NAME.findall(text) if _NAMED[m.lower()] in hidden]
    return found


def page_action(table: TarotTable, rng: random.Random) -> None:
    """One thing a page can do: mostly what a player does (lit cards, enabled buttons), often what
    a curious student tries (show all, spectator, teacher, share, forged clock, raw updates)."""
    roll = rng.random()
    view = table.surface.view
    if roll < 0.35:
        lit = [h["c"] for h in view["hand"] if h["ok"] is not False] or [h["c"] for h in view["hand"]]
        if lit:
            send(table.surface, {"method": "custom", "content": {"event": "card", "card": rng.choice(lit)}})
            return
    buttons = [w for w in widget_tree(table) if isinstance(w, ipywidgets.Button)]
    if roll < 0.7:
        enabled = [b for b in buttons if not b.disabled] or buttons
        send(rng.choice(enabled), {"method": "custom", "content": {"event": "click"}})
        return
    attempts = [
        (table._show, {"method": "update", "state": {"value": True}}),
        (table.surface, {"method": "update", "state": {"view": {"show_all": True}}}),
        (table.surface, {"method": "custom", "content": {"event": "show_all"}}),
        (table.surface, {"method": "custom", "content": {"event": "spectator"}}),
        (table.surface, {"method": "custom", "content": {"event": "teacher", "seat": 2}}),
        (table.surface, {"method": "custom", "content": {"event": "timeout", "turn": view["turn"]}}),
        (table.surface, {"method": "custom", "content": {"event": "card", "card": "ZZ"}}),
        (table._buttons["share"], {"method": "custom", "content": {"event": "click"}}),
        (rng.choice(buttons), {"method": "update", "state": {"disabled": False}}),
        (table._clock, {"method": "update", "state": {"index": rng.randrange(len(table._clock.options))}}),
        (table.surface, {"method": "request_state"}),
    ]
    if rng.random() < 0.05:
        attempts.append((table._players, {"method": "update", "state": {"index": rng.randrange(3)}}))
    widget, data = rng.choice(attempts)
    send(widget, data)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_no_message_to_the_page_names_another_seats_hidden_card(players):
    rng = random.Random(players)
    checked = 0
    for seed in range(3):
        now = [0.0]                    # Python's clock, advanced 7 s a page action: turns time out too
        table = TarotTable(players=players, seed=seed + 10 * players, rounds=None, sharing=False,
                           clock=lambda: now[0])
        page = Page(table)
        assert not leaks(page.take(), hidden_from_south(table))
        deals = table.match.dealt
        for _ in range(300):
            now[0] += 7
            page_action(table, rng)
            text = page.take()
            if table.match.in_progress:
                found = leaks(text, hidden_from_south(table))
                assert not found, (found, table.state.phase, [line for line in text.split("\n")
                                                              if any(f in line for f in found)][:2])
                checked += 1
            assert table.show_all is False and table.state.deal_code not in text
            if table.match.dealt > deals + 1:
                break
    assert checked > 300


def test_the_pictures_are_the_whole_deck_whatever_the_deal():
    a, b = TarotTable(players=4, seed=1), TarotTable(players=5, seed=2)
    assert a.surface.images is b.surface.images or a.surface.images == b.surface.images
    assert {R.text(c) for c in range(78)} <= set(a.surface.images)


def test_a_click_on_a_card_not_held_says_the_same_wherever_the_card_is():
    table = TarotTable(players=4, seed=3)
    answers = set()
    for c in range(78):
        code = R.text(c)
        if c in table.state.hands[0]:
            continue
        table.click_card(code)
        answers.add(table.message.replace(code, "?").replace(R.CARDS[c].french_name, "?"))
    assert len(answers) == 1, answers


# ----- page-message fuzz ----------------------------------------------------------------------------
WORDS = ["event", "card", "click", "timeout", "turn", "show_all", "view", "value", "index", "method",
         "custom", "update", "state", "T21", "KC", "pass", "garde", "share", "next", "undo", "²", "🂡"]


def random_intent(table: TarotTable, rng: random.Random) -> Any:
    roll = rng.random()
    hand = [h["c"] for h in table.surface.view["hand"]]
    if roll < 0.4 and hand:
        return {"event": "card", "card": rng.choice(hand)}                    # valid, maybe illegal
    if roll < 0.7:
        return {"event": rng.choice(["card", "timeout", "show_all", "play", None]),
                "card": rng.choice([random_json(rng, WORDS, 3), R.text(rng.randrange(78)), "t21 ", "KC" * 50])}
    return random_json(rng, WORDS)


def random_message(table: TarotTable, rng: random.Random) -> tuple[Any, dict, bool]:
    """A comm message to one of the table's widgets, and whether a page may validly send it."""
    widgets = [w for w in widget_tree(table) if w.comm is not None]
    w = rng.choice(widgets + [table.surface] * 8)
    roll = rng.random()
    if w is table.surface and roll < 0.6:
        content = random_intent(table, rng)
        valid = (isinstance(content, dict) and set(content) == {"event", "card"} and content["event"] == "card"
                 and content["card"] in [h["c"] for h in table.surface.view["hand"]])
        return w, {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}, valid
    if roll < 0.15:
        return w, {"content": {"data": random_json(rng, WORDS)}, "buffers": []}, False
    if roll < 0.55:
        key = rng.choice(["value", "index", "description", "disabled", "view", "options", "children"])
        value = random_json(rng, WORDS) if rng.random() < 0.7 else rng.randrange(-1, 7)
        valid = (not getattr(w, "disabled", False) and (
            (isinstance(w, ipywidgets.Dropdown) and key == "index" and type(value) is int
             and 0 <= value < len(w.options))
            or (isinstance(w, ipywidgets.Checkbox) and key == "value" and isinstance(value, bool))))
        return w, {"content": {"data": {"method": "update", "state": {key: value}}}, "buffers": []}, valid
    click = rng.random() < 0.7
    content = {"event": "click"} if click else random_json(rng, WORDS)
    valid = isinstance(w, ipywidgets.Button) and click and not w.disabled
    msg = {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    if rng.random() < 0.03:
        msg, valid = rng.choice([None, [], {"content": None}, {"content": {"data": []}}]), False
    return w, msg, valid


def snapshot(table: TarotTable) -> tuple:
    deal = table.state
    return (deal.key(), len(deal.history), table.match.dealt, len(table.match.sheet), table.show_all,
            table.sharing, tuple(table.discard_selection), table.poignee_selection is None,
            table.match.players, table.match.rounds)


def test_page_message_fuzz_tarot_table():
    rng = random.Random(12)
    table = TarotTable(players=4, seed=7, rounds=None, sharing=False)
    tally = {"valid": 0, "changed": 0, "refused": 0}
    for _ in range(5000):
        w, msg, valid = random_message(table, rng)
        before = snapshot(table)
        table.message = ""
        w.comm.handle_msg(msg)                  # anything escaping fails the test
        after = snapshot(table)
        tally["valid"] += valid
        if after != before:
            tally["changed"] += 1
            assert valid, (type(w).__name__, str(msg)[:200])
        elif not valid:
            tally["refused"] += 1
            assert table.message and "\n" not in table.message and len(table.message) < 400, table.message
        assert table.show_all is False
    assert tally["changed"] > 50 and tally["refused"] > 2000, tally


def test_a_decision_sends_one_update_per_child_it_changes():
    """The table holds the sync of each child it changes (each has its own comm), not of the box
    round them: choosing the last card of the discard relabels and enables the Discard button in
    one update, and the table view gets one update."""
    from tarot_learn.core import Move
    from tarot_learn.games.french_tarot import Phase

    table = next(t for t in (TarotTable(players=4, seed=s) for s in range(40))
                 if "bid garde" in [str(m) for m in t.state.legal_moves()])
    table.press("garde")
    deal = table.state
    assert deal.phase is Phase.DISCARDING and deal.to_play == 0
    choices = [c for c in table.hand_notes() if deal.why_illegal(Move("discard", arg=c)) is None]
    for code in choices[:deal.dog_size - 1]:
        table.click_card(code)
    sent: dict[int, int] = {}
    for w in widget_tree(table):
        def record(data=None, metadata=None, buffers=None, _key=id(w)):
            if data and data.get("method") == "update":
                sent[_key] = sent.get(_key, 0) + 1
        w.comm.send = record
    table.click_card(choices[deal.dog_size - 1])
    button = table._actions.children[0]
    assert not button.disabled and sent.get(id(button)) == 1
    assert sent.get(id(table.surface)) == 1 and max(sent.values()) == 1, sent
