"""What the page may know, and what it may send.

* Twins: positions that look the same to the player (face-down cards and stock in another
  order) send byte-identical messages to the page: the card table's synced state and every
  control's synced state (message line, counters, labels, buttons), compared as JSON bytes.
* The deal code stays in Python until the player shares it (and never with ``sharing=False``).
* Page-message fuzz: random JSON sent to every comm of a SolitaireBoard and of a Drill, as a
  page could: nothing escapes, and the game (or the drill) changes only on a valid message.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import time
from typing import Any

import pytest

pytest.importorskip("anywidget")
ipywidgets = pytest.importorskip("ipywidgets")

from tarot_learn import games  # noqa: E402
from tarot_learn.cards import standard_deck  # noqa: E402
from tarot_learn.core import OptionError  # noqa: E402
from tarot_learn.widgets import Drill, SolitaireBoard  # noqa: E402
from page_fuzz import random_json  # noqa: E402
from tarot_learn.widgets._common import MAX_PAGE_TEXT  # noqa: E402
from tarot_learn.widgets.session import widget_tree  # noqa: E402
from tarot_learn.widgets.board import intent_problem, patience_games  # noqa: E402

PATIENCES = patience_games()


# ----- what the page receives ----------------------------------------------------------------------
_HASHES: dict[int, tuple[Any, str]] = {}
_MODEL_ID = re.compile(r"IPY_MODEL_[0-9a-f]+")


def _plain(value: Any, ids: dict[str, str]) -> Any:
    """A synced value as JSON: widget references by position, bytes by their hash."""
    if isinstance(value, (bytes, bytearray, memoryview)):
        got = _HASHES.get(id(value))
        if got is None or got[0] is not value:
            got = _HASHES[id(value)] = (value, hashlib.sha256(bytes(value)).hexdigest())
        return "bytes:" + got[1]
    if isinstance(value, str) and value.startswith("IPY_MODEL_"):
        return ids.get(value, "IPY_MODEL_?")
    if isinstance(value, dict):
        return {k: _plain(v, ids) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v, ids) for v in value]
    return value


def page_bytes(root: Any) -> bytes:
    """Everything the page holds of ``root``: each model's synced state (what ``get_state``
    sends), widget ids replaced by their place in the tree."""
    tree = widget_tree(root)
    ids = {f"IPY_MODEL_{w.model_id}": f"IPY_MODEL_#{i}" for i, w in enumerate(tree)}
    return json.dumps([_plain(w.get_state(), ids) for w in tree], sort_keys=True).encode()


class Outbox:
    """Every message the kernel sends to the page for the widgets under ``root`` (each comm's
    ``send``, recorded in order as JSON bytes with ids by place and binary buffers by hash).
    Twins that start equal (:func:`page_bytes`) and receive the same messages stay equal."""

    def __init__(self, root: Any) -> None:
        self.sent: list[bytes] = []
        tree = widget_tree(root)
        self.ids = {f"IPY_MODEL_{w.model_id}": f"IPY_MODEL_#{i}" for i, w in enumerate(tree)}
        for i, w in enumerate(tree):
            w.comm.send = self._recorder(i)

    def _recorder(self, place: int):
        def send(data=None, metadata=None, buffers=None):
            blobs = [_plain(b, {}) for b in buffers or ()]   # ipywidgets sends bytes as buffers
            text = json.dumps([place, data, blobs], sort_keys=True)
            text = _MODEL_ID.sub(lambda m: self.ids.get(m.group(0), "IPY_MODEL_?"), text)
            self.sent.append(text.encode())
        return send

    def take(self) -> list[bytes]:
        out, self.sent = self.sent, []
        return out


def comm_msg(data: Any) -> dict:
    return {"content": {"data": data}, "buffers": []}


def intent(board: SolitaireBoard, content: Any) -> None:
    """What the page's card table sends, delivered the way the kernel delivers it."""
    board.surface.comm.handle_msg(comm_msg({"method": "custom", "content": content}))


# ----- twins ----------------------------------------------------------------------------------------
def twin_layout(text: str, rng: random.Random) -> str:
    """The same position with its face-down cards dealt again: every ``[...]`` group and the
    stock line share one shuffle of all face-down cards (what the player sees is unchanged)."""
    lines = text.splitlines()
    slots: list[tuple[int, int]] = []          # (line, number of hidden cards)
    hidden: list[str] = []
    for i, line in enumerate(lines):
        pile, sep, rest = line.partition(":")
        if not sep or pile.startswith("#") or pile in ("options", "passes"):
            continue
        cards = rest.split() if pile == "s" else (rest[rest.find("[") + 1:rest.find("]")].split()
                                                   if "[" in rest else [])
        if cards:
            slots.append((i, len(cards)))
            hidden += cards
    shuffled = hidden[:]
    for _ in range(5):                        # another order where there is one
        rng.shuffle(shuffled)
        if shuffled != hidden:
            break
    at = 0
    for i, n in slots:
        pile, _, rest = lines[i].partition(":")
        mine, at = " ".join(shuffled[at:at + n]), at + n
        rest = f" {mine}" if pile == "s" else f"{rest[:rest.find('[') + 1]}{mine}{rest[rest.find(']'):]}"
        lines[i] = f"{pile}:{rest}"
    return "\n".join(lines) + "\n"


def seen(state) -> tuple:
    """What the player sees, without the engine's own verdicts (status, over)."""
    obs = state.observation()
    return obs.piles, obs.legal, obs.moves_made, obs.redeals_left, obs.options


def hidden_count(board: SolitaireBoard) -> int:
    return len(board.state.unseen())


def random_probe(board: SolitaireBoard, rng: random.Random) -> list[dict]:
    """One page intent chosen from what the page shows, sometimes followed by an undo."""
    obs = board.observation()
    piles = [p.id for p in obs.piles]
    pile = rng.choice(piles)
    size = obs.pile(pile).size
    index = rng.choice([None, max(0, size - 1), rng.randrange(max(1, size))])
    kind = rng.choice(["click", "click", "pickup-drop", "dblclick", "press", "junk"])
    if kind == "click":
        probes = [{"event": "click", "pile": pile, "index": index}]
    elif kind == "pickup-drop":
        probes = [{"event": "click", "pile": pile, "index": index},
                  {"event": "click", "pile": rng.choice(piles), "index": None}]
    elif kind == "dblclick":
        probes = [{"event": "dblclick", "pile": pile}]
    elif kind == "press":
        probes = [{"event": "press", "name": rng.choice(["draw", "undo", "redo", "auto", "deselect",
                                                       "share"])}]
    else:
        probes = [rng.choice([{"event": "click", "pile": "zz", "index": 3}, {"event": "warp"},
                              {"event": "drop", "src": pile, "index": 999, "dst": "f1"}, None])]
    if rng.random() < 0.5:
        probes.append({"event": "press", "name": "undo"})
    return probes


def play_twins(game: str, deals: int, moves: int, seed: int, probe_every: int = 3) -> dict[str, int]:
    """Random deals of ``game`` played by random legal moves; at every position two boards
    show the position and a twin, and must send the page the same messages; at every
    ``probe_every``-th position the same page intents follow, compared whenever they turned up
    no card.  The boards' whole synced state is compared at the start and every tenth deal;
    in between, every message sent (the page only ever learns through those)."""
    rng = random.Random(seed)
    boards = [SolitaireBoard(game, seed=0), SolitaireBoard(game, seed=0)]
    assert page_bytes(boards[0]) == page_bytes(boards[1])
    outs = [Outbox(b) for b in boards]
    tally = {"positions": 0, "twins differ": 0, "probes compared": 0, "messages": 0}

    def same(*why: Any) -> None:
        sent = [o.take() for o in outs]
        assert sent[0] == sent[1], why
        tally["messages"] += len(sent[0])

    for deal in range(deals):
        state = games.new(game, seed=rng.randrange(1 << 30))
        for step in range(moves):
            text = state.layout()
            pair = [games.from_layout(game, text), games.from_layout(game, twin_layout(text, rng))]
            if step % 5 == 0:
                assert seen(pair[0]) == seen(pair[1])
            tally["twins differ"] += pair[0].key() != pair[1].key()
            for board, s in zip(boards, pair):
                board.load(s)
            tally["positions"] += 1
            same(text)
            if step % probe_every == 0:
                _probe(boards, outs, rng, tally, same, text)
            legal = state.legal_moves()
            if not legal:
                break
            state.play(rng.choice(legal))
        if deal % 10 == 0:
            twin = twin_layout(text, rng)
            for board, t in zip(boards, (text, twin)):
                board.load(games.from_layout(game, t))
            assert page_bytes(boards[0]) == page_bytes(boards[1])
            [o.take() for o in outs]
    return tally


def _probe(boards, outs, rng, tally, same, text) -> None:
    """The same page intents on both twins; compared if no card turned up on the way."""
    before = [hidden_count(b) for b in boards]
    turned = False
    for probe in random_probe(boards[0], rng):
        for board in boards:
            intent(board, probe)
        turned |= [hidden_count(b) for b in boards] != before
    if turned:                   # a card turned up, differently: compare again from the next load
        [o.take() for o in outs]
    else:
        tally["probes compared"] += 1
        same(text, probe)


@pytest.mark.parametrize("game", PATIENCES)
def test_twins_send_the_page_the_same_bytes(game):
    start = time.perf_counter()
    # 200 deals x 10 moves: about 2,000 positions per game in ~15 s (the engine's from_layout
    # and observation are most of it); play_twins(game, 200, 40) goes deeper when wanted.
    tally = play_twins(game, deals=200, moves=10, seed=PATIENCES.index(game))
    took = time.perf_counter() - start
    print(f"{game}: {tally} in {took:.1f} s")
    assert tally["positions"] >= 200 * 5
    assert tally["twins differ"] >= 0.9 * tally["positions"]      # the shuffle really differs
    assert tally["probes compared"] >= 0.2 * tally["positions"]


def test_the_engines_stuck_verdict_would_tell_twins_apart_but_the_page_never_gets_it():
    """The engine calls a position stuck after cycling the face-down stock (no ace in it, no
    card for the one face-up 2H); its twin with an ace in the stock is not.  The page gets the
    same bytes for both, and it says nothing of being stuck: the player can still draw."""
    cards = [str(c) for c in standard_deck()]
    aces_kings = [c for c in cards if c[0] in "AK"]
    rest = [c for c in cards if c not in aces_kings and c != "2H"]
    one = games.from_layout("klondike", f"s: {' '.join(rest)}\nt1: [{' '.join(aces_kings)}] 2H")
    swapped = [aces_kings[0]] + rest[1:], [rest[0]] + aces_kings[1:]
    two = games.from_layout("klondike", f"s: {' '.join(swapped[0])}\nt1: [{' '.join(swapped[1])}] 2H")
    assert seen(one) == seen(two)
    assert (one.is_stock_loop(), two.is_stock_loop()) == (True, False)
    assert one.observation() == two.observation() and one.observation().status == "playing"
    boards = [SolitaireBoard(state=one), SolitaireBoard(state=two)]
    assert page_bytes(boards[0]) == page_bytes(boards[1])
    assert boards[0].surface.view["status"] == "playing" and "No moves left" not in boards[0]._status.value
    for b in boards:                           # the top of the stock is the same card in both
        intent(b, {"event": "press", "name": "draw"})
    assert boards[0].state.moves_made == 1 and page_bytes(boards[0]) == page_bytes(boards[1])


# ----- the deal code -------------------------------------------------------------------------------
def test_the_deal_code_stays_in_python_until_the_player_shares_it():
    board = SolitaireBoard("klondike", seed=7)
    code = board.state.deal_code
    assert code and code.encode() not in page_bytes(board)
    rng = random.Random(1)
    for _ in range(200):                       # play on: no message names the code
        probes = random_probe(board, rng)
        for p in probes:
            if p != {"event": "press", "name": "share"}:
                intent(board, p)
        assert code.encode() not in page_bytes(board)
    assert board.state.deal_code == code       # Python still has it
    board.buttons["share"].comm.handle_msg(comm_msg({"method": "custom", "content": {"event": "click"}}))
    assert code in board._deal_info.value and "reveals the whole deal" in board.message
    assert board.buttons["share"].disabled
    board.new_deal("8")                        # a new deal is hidden again
    assert board.state.deal_code.encode() not in page_bytes(board)
    assert "Share deal" in board.message


def test_a_class_challenge_board_never_shows_the_code():
    board = SolitaireBoard("tarot-solitaire", seed=11, sharing=False)
    code = board.state.deal_code
    board.buttons["share"].comm.handle_msg(comm_msg({"method": "custom", "content": {"event": "click"}}))
    intent(board, {"event": "press", "name": "share"})
    assert board.message_kind == "refused" and "Sharing the deal code is off" in board.message
    assert code.encode() not in page_bytes(board) and board.state.deal_code == code
    board.press("auto")
    assert code.encode() not in page_bytes(board)
    custom = SolitaireBoard(state=games.from_layout("klondike", board.state.layout()
                                                    if board.state.name == "klondike" else "t1: KS"))
    assert custom.buttons["share"].disabled and "custom position" in custom._deal_info.value
    with pytest.raises(OptionError, match="sharing is True"):
        SolitaireBoard(sharing="yes")


# ----- page-message fuzz -----------------------------------------------------------------------------
_WORDS = ["click", "dblclick", "drop", "press", "key", "custom", "update", "request_state", "event", "pile",
          "index", "src", "dst", "name", "value", "index", "state", "method", "content", "draw",
          "undo", "share", "new", "t1", "t3", "s", "w", "f1", "r", "\u00b2", "T19", "KS", "42",
          "\U0001f0a1", "\u202e", "\x00", "description", "disabled", "view", "images", "layout"]


_TOKENS = ["0123456789abcdef" * 2, "f" * 32, "F" * 32, "0" * 31, "../" * 11, "a" * 10_000]


def random_intent(rng: random.Random) -> Any:
    """A card-table intent: valid, valid with bad arguments, or nonsense."""
    event = rng.choice(["click", "dblclick", "drop", "press", "key", "warp", None, "ping", "hello"])
    body: dict[str, Any] = {"event": event}
    for name in ("pile", "index", "src", "dst", "name", "n", "token"):
        if rng.random() < (0.6 if name not in ("n", "token") or event in ("ping", "hello") else 0.05):
            body[name] = rng.choice([random_json(rng, _WORDS, 3), rng.choice(["t1", "t2", "w", "s", "f1", "r"]),
                                     rng.randrange(0, 12), None, rng.choice(_TOKENS),
                                     rng.choice(["draw", "undo", "redo", "auto", "share", "hint", "next"])])
    return body if rng.random() < 0.9 else random_json(rng, _WORDS)


def random_message(rng: random.Random, widgets: list) -> tuple[Any, dict]:
    """A comm message to one of ``widgets``, as a page could send it."""
    w = rng.choice(widgets)
    roll = rng.random()
    if roll < 0.1:
        data = random_json(rng, _WORDS)
    elif roll < 0.45:
        data = {"method": "update", "state": {rng.choice(["value", "index", "description", "disabled",
                                                          "view", "options", "children", "icon"]):
                                              random_json(rng, _WORDS)}}
    elif roll < 0.55:
        data = {"method": "request_state"}
    else:
        data = {"method": "custom", "content": rng.choice([{"event": "click"}, random_json(rng, _WORDS)])}
    msg = comm_msg(data)
    if rng.random() < 0.05:
        msg["buffers"] = [b"\x00" * 8]
    if rng.random() < 0.03:
        msg = rng.choice([None, [], {"content": None}, {"content": {"data": data}}])
    return w, msg


def valid_for(w: Any, msg: Any, board_surface: Any = None) -> bool:
    """Whether a page could legitimately send ``msg`` to ``w`` (the reference schema)."""
    try:
        data = msg["content"]["data"]
    except (TypeError, KeyError):
        return False
    if not isinstance(data, dict) or msg.get("buffers"):
        return False
    if data == {"method": "request_state"}:
        return True                            # answered by sending the state again
    if data.get("method") == "custom" and set(data) == {"method", "content"}:
        if w is board_surface and getattr(w, "mode", "play") == "present":
            from tarot_learn.widgets.presenter import check_step_intent
            return check_step_intent(data["content"]) is None
        if w is board_surface:
            return intent_problem(data["content"]) is None
        return isinstance(w, ipywidgets.Button) and data["content"] == {"event": "click"} and not w.disabled
    if data.get("method") == "update" and isinstance(data.get("state"), dict) and len(data["state"]) == 1:
        (key, value), = data["state"].items()
        if getattr(w, "disabled", False):
            return False
        if isinstance(w, (ipywidgets.Text, ipywidgets.Checkbox, ipywidgets.ToggleButton)):
            return key == "value" and (isinstance(value, bool) if not isinstance(w, ipywidgets.Text)
                                       else isinstance(value, str) and len(value) <= MAX_PAGE_TEXT)
        if isinstance(w, ipywidgets.Dropdown):
            return (key == "index" and isinstance(value, int) and not isinstance(value, bool)
                    and 0 <= value < len(w.options))
    return False


def fuzz(root: Any, snapshot, n: int, seed: int, surface: Any = None, say=None) -> dict[str, int]:
    """Send ``n`` random messages to the comms of ``root``'s widgets; the snapshot changes only
    after a message the reference schema calls valid, and every refusal is said in one line."""
    rng = random.Random(seed)
    tally = {"sent": 0, "valid": 0, "changed": 0}
    widgets = [w for w in widget_tree(root) if getattr(w, "comm", None) is not None]
    for _ in range(n):
        w, msg = random_message(rng, widgets)
        if w is surface and rng.random() < 0.6:
            msg = comm_msg({"method": "custom", "content": random_intent(rng)})
        before = snapshot()
        ok = valid_for(w, msg, surface)
        w.comm.handle_msg(msg)                 # raises if anything escapes
        after = snapshot()
        tally["sent"] += 1
        tally["valid"] += ok
        if after != before:
            tally["changed"] += 1
            assert ok, (type(w).__name__, msg)
            widgets = [w for w in widget_tree(root) if getattr(w, "comm", None) is not None]
        if not ok and say is not None:
            line = say()
            assert line and "\n" not in line and len(line) < 400, line
    return tally


def board_snapshot(board: SolitaireBoard):
    return lambda: (board.state.key(), tuple(board.state.moves), board.state.moves_made,
                    board.state.name, tuple(sorted(board.state.options.items())))


def test_page_message_fuzz_solitaire_board(tmp_path, monkeypatch):
    monkeypatch.setenv("TAROT_LEARN_DATA", str(tmp_path))         # a valid resume token saves here
    board = SolitaireBoard("klondike", seed=3)
    start = time.process_time()
    tally = fuzz(board, board_snapshot(board), 5000, seed=1, surface=board.surface,
                 say=lambda: board.message)
    took = time.process_time() - start
    print(f"SolitaireBoard: {tally} in {took:.1f} s")
    assert tally["sent"] == 5000 and tally["changed"] > 0 and tally["valid"] < 2500
    assert took < 40                 # CPU seconds: bounded work per message, whatever else the machine runs


def test_page_message_fuzz_presenter():
    from tarot_learn.widgets import Presenter
    from tarot_learn.widgets.presenter import check_step_intent

    state = games.new("klondike", seed=7)
    for _ in range(6):
        state.play(state.legal_moves()[0])
    p = Presenter(games.new("klondike", seed=7), moves=[str(m) for m in state.moves])
    tally = fuzz(p, lambda: (p.step, p.surface.view["digest"]), 3000, seed=3, surface=p.surface,
                 say=lambda: p._refusal.value or "refused")
    assert tally["sent"] == 3000 and tally["changed"] > 0
    assert check_step_intent({"event": "press", "name": "next", "x": 1}) is not None


def test_page_message_fuzz_drill():
    drill = Drill(kind="mixed", cards="trumps", seed=4, height=120)
    start = time.process_time()
    snapshot = lambda: (id(drill.logic), drill.logic.score, drill.question.number,  # noqa: E731
                        drill.question.card, drill.logic.answered, len(drill.logic.history),
                        drill.logic.kind)
    tally = fuzz(drill, snapshot, 5000, seed=2, say=lambda: drill.feedback_html.value)
    took = time.process_time() - start
    print(f"Drill: {tally} in {took:.1f} s")
    assert tally["sent"] == 5000 and tally["changed"] > 0
    assert took < 20


def test_page_messages_are_refused_in_one_line_and_nothing_reaches_the_notebook(monkeypatch):
    shown = []
    monkeypatch.setattr("IPython.core.interactiveshell.InteractiveShell.showtraceback",
                        lambda *a, **k: shown.append(a), raising=False)
    board = SolitaireBoard("tarot-solitaire", seed=9)
    key = board.state.key()
    for w, data in [(board.surface, {"method": "update", "state": {"view": {"piles": []}}}),
                    (board._seed, {"method": "update", "state": {"value": "1" * 400_000}}),
                    (board._game, {"method": "update", "state": {"index": 99}}),
                    (board.buttons["undo"], {"method": "custom", "content": {"event": "click"}}),
                    (board.buttons["new"], {"method": "update", "state": {"description": "<b>x</b>"}}),
                    (board.surface, {"method": "custom", "content": {"event": "click", "pile": "t1",
                                                                     "index": 0, "extra": 1}}),
                    (board.layout, {"method": "update", "state": {"display": "none"}})]:
        w.comm.handle_msg(comm_msg(data))
        assert board.message_kind == "refused" and "nothing changed" in board.message
        assert "\n" not in board.message and len(board.message) < 300
    assert board.state.key() == key and board.surface.view["piles"]
    assert board.buttons["new"].description == "New deal" and board.layout.display != "none"
    assert shown == []


def test_page_message_fuzz_page_key():
    """The challenge page's key widget takes one well-formed key and nothing else, never raising."""
    from tarot_learn.widgets.browser_key import BrowserKey

    rng = random.Random(9)
    taken: list[str] = []
    widget = BrowserKey(taken.append)
    for _ in range(3000):
        content = random_json(rng, ["key", "event", "0a" * 16, "../" * 11])
        if rng.random() < 0.3:
            content = {"event": rng.choice(["key", "hello", None]), "key": random_json(rng, ["0a" * 16, "F" * 32])}
        widget.comm.handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})
    assert taken in ([], ["0a" * 16]) and widget.key in (None, "0a" * 16)
    widget.receive({"event": "key", "key": "1b" * 16})
    assert widget.key == (taken[0] if taken else "1b" * 16)        # taken once; a later key changes nothing
