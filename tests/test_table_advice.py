"""Advice at a shared table: only the seat to decide may ask, it is computed from that seat's
observation and names nothing the seat cannot see; on a real class server (``--table-advice``) it is
answered to the asking page only, and refused when the option is off."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
from unittest import mock

import pytest

from tarot_learn.classroom.table_advice import advice_of, question, seat_advice
from tarot_learn.classroom.table_words import card_name
from tarot_learn.classroom.tables import FakeClock, Table, TableOptions
from tarot_learn.errors import IllegalMove
from tarot_learn.games.french_tarot import Phase
from tarot_learn.games.french_tarot import rules as R


def _table(seed: int) -> Table:
    t = Table("t1", "Ana", TableOptions(players=3), clock=FakeClock(), seed=seed)
    t.fill_with_robots("Ana")
    return t


def _hidden_names(t: Table) -> list[str]:
    """The names of the cards Ana cannot see: the other hands, and the dog unless it is shown."""
    deal, obs = t.match.deal, t.observation("Ana")
    shown = {str(c) for c in obs.pile("dog").cards}
    hidden = [R.text(c) for s in range(1, deal.players) for c in deal.hands[s]]
    hidden += [R.text(c) for c in deal.dog if R.text(c) not in shown]
    return [card_name(c) for c in hidden]


def _names_none_of(text: str, names: list[str]) -> bool:
    return not any(re.search(re.escape(n) + r"(?![0-9])", text) for n in names)


def test_the_seat_to_decide_gets_advice_from_its_own_view_and_the_advised_choice_is_accepted():
    asked = {"play": 0, "discard": 0}
    for seed in range(12):
        t = _table(seed)
        while t.started and t.match.in_progress and sum(asked.values()) < 8:
            deal = t.match.deal
            if t.to_play_name() != "Ana":
                break
            legal = [str(m) for m in deal.legal_moves()]
            if deal.phase is Phase.BIDDING:
                t.play("Ana", "bid garde" if "bid garde" in legal else legal[0])
                continue
            if deal.phase not in (Phase.PLAYING, Phase.DISCARDING) or not any(
                    m.startswith(("play ", "discard ")) for m in legal):
                t.play("Ana", legal[0])
                continue
            obs, seed_used = question(t, "Ana")
            assert obs == t.observation("Ana") and seed_used == t.deals_played() * 1000 + len(deal.history)
            found = seat_advice(t, "Ana")["advice"]
            assert found == advice_of(obs, seed_used)["advice"]                # the same question, the same words
            mine = {R.text(c) for c in deal.hands[0]}
            assert set(found["cards"]) <= mine and {c for c, _ in found["expected"]} <= mine
            assert _names_none_of(found["text"], _hidden_names(t)), found["text"]
            asked[found["kind"]] += 1
            for card in found["cards"]:
                t.play("Ana", f"{'discard' if found['kind'] == 'discard' else 'play'} {card}")
    assert asked["play"] >= 3 and asked["discard"] >= 1


def test_advice_is_refused_to_spectators_other_seats_and_the_bidding():
    for seed in range(20):
        t = _table(seed)
        if t.match.deal.phase is Phase.BIDDING and t.to_play_name() == "Ana":
            break
    with pytest.raises(IllegalMove, match="not the bidding"):
        seat_advice(t, "Ana")
    with pytest.raises(IllegalMove, match="seated player"):
        seat_advice(t, None)
    with pytest.raises(IllegalMove, match="seated player"):
        seat_advice(t, "Zoe")
    t2 = Table("t2", "Ana", TableOptions(players=3), clock=FakeClock(), seed=1)
    t2.sit("Ben")
    with pytest.raises(IllegalMove, match="your own turn"):
        seat_advice(t2, "Ben")                                          # the game has not started


def test_the_socket_refuses_advice_when_the_class_has_not_turned_it_on():
    from tarot_learn.classroom.server.tables_web import TableSocket
    page = mock.Mock(settings={})
    with pytest.raises(IllegalMove, match="the teacher has not turned advice on"):
        TableSocket.advise(page)


# ----- on a real class server ------------------------------------------------------------------------
from tests import test_challenge  # noqa: E402
from tests.test_challenge import ClassServer, free_port  # noqa: E402
from tests.test_table_sockets import connect, drain, new_table, student  # noqa: E402


class AdviceServer(ClassServer):
    """The class server started with ``--table-advice``."""

    def start(self) -> None:
        real = subprocess.Popen
        with mock.patch.object(test_challenge.subprocess, "Popen",
                               lambda argv, **kw: real([*argv, "--table-advice"], **kw)):
            super().start()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = AdviceServer(tmp_path_factory.mktemp("advice") / "class", free_port())
    try:
        s.start()
        yield s
    finally:
        s.stop()


def test_advice_is_answered_to_the_asking_seat_only(server):
    ana, eve = student(server), student(server)
    table = new_table(ana, "Ana")

    async def play() -> None:
        ws = await connect(server, ana, table["id"], name="Ana", key=table["key"])
        watcher = await connect(server, eve, table["id"])
        await ws.write_message(json.dumps({"kind": "robots"}))
        view, answer = None, None
        for _ in range(80):
            got = [m for m in await drain(ws, 0.4) if m]
            views = [m for m in got if "obs" in m]
            view = views[-1] if views else view
            if not view or not view["actions"]:
                continue
            actions = view["actions"]
            if any(a.startswith(("play ", "discard ")) for a in actions):
                await ws.write_message(json.dumps({"kind": "advice"}))
                answer = next(m for m in await drain(ws, 20) if m and "advice" in m)["advice"]
                break
            await ws.write_message(json.dumps({"kind": "move", "move": "bid garde" if "bid garde" in actions
                                                                     else actions[0]}))
        assert answer is not None and answer["text"]
        verb = "discard" if answer["kind"] == "discard" else "play"
        assert f"{verb} {answer['cards'][0]}" in view["actions"]
        seen_by_watcher = await drain(watcher, 1.0)
        assert not any(m and "advice" in m for m in seen_by_watcher)
        await watcher.write_message(json.dumps({"kind": "advice"}))
        refused = [m for m in await drain(watcher, 2.0) if m and "error" in m]
        assert refused and "seated player" in refused[0]["error"]
        await ws.write_message(json.dumps({"kind": "move", "move": f"{verb} {answer['cards'][0]}"}))
        assert not any(m and "error" in m for m in await drain(ws, 1.0))
        ws.close()
        watcher.close()

    asyncio.run(play())
