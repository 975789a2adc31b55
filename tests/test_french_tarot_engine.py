"""French Tarot playing engine (seeds/french_tarot.md, FT-1 .. FT-30) checked from outside.

The trick checker, the trick winner and the card count below are written here from the rule
sheet with ``Card`` attributes; they do not call the engine's rule functions, so an engine bug
cannot hide behind itself.
"""

import json
from collections import Counter

import pytest
from hypothesis import given, strategies as st

from tarot_learn import games
from tarot_learn.cards import Card, Suit, tarot_deck
from tarot_learn.core import IllegalMove, Move
from tarot_learn.deals import Rng
from tarot_learn.games.french_tarot import rules as R
from tarot_learn.games.french_tarot.bots import HeuristicBot, RandomBot, play_deal
from tarot_learn.games.french_tarot.simulate import simulate
from tarot_learn.games.french_tarot.state import FrenchTarot, Phase
from tarot_learn.observation import SPECTATOR, Role

C = Card.parse
EXCUSE, PETIT, T21 = C("T0"), C("T1"), C("T21")


# ----- an independent referee ---------------------------------------------------------------------
def allowed(hand, trick, card):
    """May ``card`` go on ``trick`` from ``hand``?  FT-18 .. FT-21, FT-23, FT-24, from the sheet."""
    if card.is_fool:
        return True
    led = next((c for c in trick if not c.is_fool), None)
    if led is None:
        return True
    if not led.is_trump and any(c.suit == led.suit for c in hand):
        return card.suit == led.suit
    trumps = [c for c in hand if c.is_trump and not c.is_fool]
    if not trumps:
        return True
    if not card.is_trump:
        return False
    best = max((c.rank for c in trick if c.is_trump and not c.is_fool), default=0)
    if any(c.rank > best for c in trumps):
        return card.rank > best
    return True


def winner_position(trick, last, swept):
    """FT-22 and FT-26: highest trump, else highest card of the led suit; the Excuse only wins
    when it leads the last trick for a side that took every earlier one."""
    if last and swept and trick[0].is_fool:
        return 0
    trumps = [c for c in trick if c.is_trump and not c.is_fool]
    if trumps:
        return trick.index(max(trumps, key=lambda c: c.rank))
    led = next(c for c in trick if not c.is_fool)
    return trick.index(max((c for c in trick if c.suit == led.suit), key=lambda c: c.rank))


def half(card):
    if card.is_trump:
        return 9 if card.rank in (0, 1, 21) else 1
    return {14: 9, 13: 7, 12: 5, 11: 3}.get(card.rank, 1)


def referee(state):
    """Replay ``state``'s moves on a fresh deal, checking every card and trick independently."""
    replay = games.load(state.to_json())      # the same start position (seeded or crafted)
    replay.undo_all()
    n = replay.players
    side_of_tricks = []
    for move in state.moves:
        if move.action == "play":
            seat = replay.to_play
            hand = [R.CARDS[c] for c in replay.hands[seat]]
            trick = [R.CARDS[c] for c in replay.trick]
            card = C(move.arg)
            assert card in hand, (move, hand)
            assert allowed(hand, trick, card), f"{card} may not go on {trick} from {hand}"
            before = len(replay.tricks)
            leader = replay.leader
            replay.play(move)
            if len(replay.tricks) > before:
                _, cards, winner = replay.tricks[-1]
                cards = [R.CARDS[c] for c in cards]
                last = not replay.hands[0]
                attack = replay.attack
                swept = all(s == attack[leader] for s in side_of_tricks)
                assert winner == (leader + winner_position(cards, last, swept)) % n
                side_of_tricks.append(attack[winner])
        else:
            replay.play(move)
    assert replay.key() == state.key()
    return replay


def deal_with_bots(seed, players, kind="mix"):
    if kind == "heuristic":
        bots = [HeuristicBot() for _ in range(players)]
    elif kind == "random":
        bots = [RandomBot(seed * 7 + i) for i in range(players)]
    else:
        bots = [HeuristicBot() if (seed + i) % 2 else RandomBot(seed + i) for i in range(players)]
    return play_deal(seed, bots, players=players, dealer=seed % players)


# ----- whole deals --------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5])
def test_bot_deals_obey_every_rule_and_balance(players):
    scored = 0
    for seed in range(100):
        state = deal_with_bots(seed, players, ("mix", "heuristic", "random")[seed % 3])
        assert Counter(state.cards()) == Counter(tarot_deck())            # 78 cards, once each
        if state.phase is Phase.REDEAL:
            assert state.reason and not state.legal_moves()
            continue
        scored += 1
        referee(state)
        result = state.result
        assert sum(result.scores) == 0
        # FT-27, FT-28: count the attack's cards here and compare.
        attack = state.attack
        cards = [R.CARDS[c] for s in range(players) if attack[s] for c in state.won[s]]
        cards += [R.CARDS[c] for c in state.discard]
        defence = [R.CARDS[c] for s in range(players) if not attack[s] for c in state.won[s]]
        if state.contract == R.GARDE_SANS:
            cards += [R.CARDS[c] for c in state.dog]
        else:
            defence += [R.CARDS[c] for c in state.dog]
        assert sum(map(half, cards)) + sum(map(half, defence)) == 182        # 91 points in all
        expected = sum(map(half, cards))
        if state.owed:                       # an Excuse exchange never paid (FT-25)
            expected += -1 if attack[state.owed[0]] else 1
        assert result.half_points == expected
        assert result.bouts == sum(1 for c in cards if c in (EXCUSE, PETIT, T21))
        assert state.is_over() and not state.legal_moves()
    assert scored > 80


def test_excuse_stays_with_its_side_and_a_low_card_is_given():
    seen = 0
    for seed in range(200):
        state = deal_with_bots(seed, 4)
        if state.phase is not Phase.SCORED:
            continue
        attack = state.attack
        for i, (leader, cards, winner) in enumerate(state.tricks):
            if R.EXCUSE in cards and i < len(state.tricks) - 1:
                player = (leader + cards.index(R.EXCUSE)) % 4
                holders = [s for s in range(4) if R.EXCUSE in state.won[s]]
                assert attack[holders[0]] == attack[player]                   # FT-25
                if attack[player] != attack[winner] and state.owed is None:
                    seen += 1
                    # The winners gave up the Excuse from that trick and got a low card for it,
                    # so each side holds exactly four cards per trick it won.
                    for side in (True, False):
                        held = sum(len(state.won[s]) for s in range(4) if attack[s] == side)
                        tricks_won = sum(1 for _, _, w in state.tricks if attack[w] == side)
                        assert held == 4 * tricks_won
    assert seen > 20


def test_fast_simulation_agrees_with_the_checked_engine():
    for players in (3, 4, 5):
        for seed in range(40):
            def bots():
                return [HeuristicBot() if i % 2 == 0 else RandomBot(seed * 5 + i) for i in range(players)]
            state = play_deal(seed, bots(), players=players, dealer=seed % players)
            fast = simulate(seed, bots(), players=players, dealer=seed % players, record=True)
            assert [str(FrenchTarot.action_move(a)) for a in fast.actions] == [str(m) for m in state.moves]
            if state.result is None:
                assert fast.score is None and fast.reason
            else:
                assert fast.score == state.result


@given(seed=st.integers(0, 2 ** 40 - 1), players=st.sampled_from([3, 4, 5]),
       dealer=st.integers(0, 2), picks=st.lists(st.integers(0, 10 ** 6), min_size=100, max_size=100))
def test_random_play_undo_and_save_at_every_table(seed, players, dealer, picks):
    state = games.new("french-tarot", seed=seed, players=players, dealer=dealer)
    keys = [state.key()]
    for pick in picks:
        moves = state.legal_moves()
        if not moves:
            break
        if state.phase is Phase.PLAYING and state.to_play >= 0 and moves[0].action == "play":
            hand = [R.CARDS[c] for c in state.hands[state.to_play]]
            trick = [R.CARDS[c] for c in state.trick]
            assert all(allowed(hand, trick, C(m.arg)) for m in moves if m.action == "play")
        state.play(moves[pick % len(moves)])
        keys.append(state.key())
        assert len(state.cards()) == 78 and len(set(state.cards())) == 78
    if state.result:
        assert sum(state.result.scores) == 0
    loaded = games.load(state.to_json())
    assert loaded.key() == state.key() and loaded.observation(0) == state.observation(0)
    for key in reversed(keys[:-1]):
        state.undo()
        assert state.key() == key


# ----- the deal (FT-3, FT-4, FT-7) ----------------------------------------------------------------
@pytest.mark.parametrize("players,each,dog", [(4, 18, 6), (3, 24, 6), (5, 15, 3)])
def test_deal_sizes_and_packets(players, each, dog):
    state = games.new("french-tarot", seed=99, players=players, dealer=1)
    assert [len(h) for h in state.hands] == [each] * players and len(state.dog) == dog
    # The first packet of the shuffled pack goes to the dealer's right-hand neighbour (FT-3).
    pack = list(range(78))
    Rng(99).shuffle(pack)
    packet = 4 if players == 3 else 3
    assert set(pack[:packet]) <= set(state.hands[2 % players])
    assert pack[0] not in state.dog and pack[-1] not in state.dog             # never first or last


def test_petit_sec_throws_the_deal_in():
    for seed in range(2000):
        state = games.new("french-tarot", seed=seed)
        if state.phase is Phase.REDEAL:
            break
    holder = next(s for s, h in enumerate(state.hands) if [c for c in h if c >= 56] == [57])
    assert "petit sec" in state.reason and state.seat_names[holder] in state.reason
    assert state.legal_moves() == [] and state.is_over() and state.to_play == -1
    with pytest.raises(IllegalMove, match="deal is over"):
        state.play("bid pass")
    assert state.next_dealer == 1


def test_everyone_passing_throws_in_and_the_next_dealer_deals():
    state = _fresh(4, dealer=2)
    for _ in range(4):
        state.play("passe")
    assert state.phase is Phase.REDEAL and "everyone passed" in state.reason
    assert state.next_dealer == 3 and state.result is None
    state.undo()
    assert state.phase is Phase.BIDDING and state.to_play == 2


def _fresh(players=4, dealer=0, start=0):
    """A deal without petit sec."""
    for seed in range(start, start + 500):
        state = games.new("french-tarot", seed=seed, players=players, dealer=dealer)
        if state.phase is Phase.BIDDING:
            return state
    raise AssertionError("no deal without petit sec")


def test_options_are_checked():
    with pytest.raises(games.OptionError, match="dealer=4 is not a seat"):
        games.new("french-tarot", seed=1, players=4, dealer=4)
    with pytest.raises(games.OptionError, match="players"):
        games.new("french-tarot", seed=1, players=6)
    state = games.new("french-tarot", seed=5, players=5, dealer=4)
    assert games.from_code(state.deal_code).key() == state.key()


# ----- bidding (FT-5, FT-6) -----------------------------------------------------------------------
def _unchanged(state, move, rule, match=None):
    before = (state.key(), state.moves, state.redo_moves)
    with pytest.raises(IllegalMove) as err:
        state.play(move)
    assert err.value.rule == rule, err.value
    if match:
        assert match in str(err.value), err.value
    assert "\n" not in str(err.value)
    assert (state.key(), state.moves, state.redo_moves) == before
    return err.value


def test_bidding_order_and_underbids():
    state = _fresh(4, dealer=3)
    assert state.to_play == 0                                               # after the dealer
    state.play("bid garde")
    assert [str(m) for m in state.legal_moves()] == ["bid pass", "bid garde_sans", "bid garde_contre"]
    _unchanged(state, "bid prise", "FT-5", "does not beat the garde")
    _unchanged(state, "bid garde", "FT-5")
    _unchanged(state, "bid slam", "FT-6", "not a contract")
    _unchanged(state, "play T21", "FT-5", "bidding")
    state.play("garde contre")
    state.play("pass")
    state.play("pass")
    assert state.taker == 1 and state.contract == R.GARDE_CONTRE
    assert state.phase is Phase.DECLARING                                  # no dog, no discard
    assert state.dog and len(state.hands[1]) == 18


def test_play_as_refuses_a_seat_out_of_turn():
    state = _fresh(4)
    err = _unchanged_as(state, 3, "bid pass")
    assert str(err) == "it is East's turn, not West's (rule FT-5)"
    state.play_as(1, "bid pass")
    assert state.to_play == 2


def _unchanged_as(state, seat, move):
    before = (state.key(), state.moves)
    with pytest.raises(IllegalMove) as err:
        state.play_as(seat, move)
    assert (state.key(), state.moves) == before
    return err.value


# ----- the dog and the discard (FT-11, FT-12, FT-13) ----------------------------------------------
def _to_discard(start=0):
    state = _fresh(4, start=start)
    state.play("bid garde")
    for _ in range(3):
        state.play("bid pass")
    return state


def test_dog_is_shown_and_taken_then_discarded_by_steps_or_at_once():
    state = _to_discard()
    taker = state.taker
    assert state.phase is Phase.DISCARDING and len(state.hands[taker]) == 24
    start = games.new("french-tarot", seed=state.seed)
    for seat in range(4):                               # the dog is shown to everyone (FT-11)
        dog = state.observation(seat).pile("dog")
        assert dog.role is Role.DOG and dog.hidden == 0
        assert sorted(map(str, dog.cards)) == sorted(R.text(c) for c in start.dog)
        assert set(start.dog) <= set(state.hands[taker])
    hand = [R.CARDS[c] for c in state.hands[taker]]
    plain = [c for c in hand if not c.is_trump and c.rank != 14]
    assert len(plain) >= 6
    # One step at a time: only allowed cards are listed.
    listed = {C(m.arg) for m in state.legal_moves()}
    assert listed == set(plain)
    at_once = state.copy(history=True)
    six = plain[:6]
    for card in six:
        state.play(f"discard {card}")
    at_once.play("discard " + " ".join(str(c) for c in reversed(six)))   # order is forgiven
    assert state.key() == at_once.key()
    assert state.phase is Phase.DECLARING and len(state.hands[taker]) == 18
    # The defence sees the discard's size, not its cards (no trumps were laid).
    obs = state.observation((taker + 1) % 4)
    assert obs.pile("discard").cards == () and obs.pile("discard").hidden == 6
    mine = state.observation(taker).pile("discard")
    assert sorted(mine.cards) == sorted(six) and mine.hidden == 0


def test_illegal_discards_name_their_rule():
    state = _to_discard()
    taker = state.taker
    hand = [R.CARDS[c] for c in state.hands[taker]]
    outside = next(c for c in tarot_deck() if c not in hand)
    _unchanged(state, f"discard {outside}", "FT-11", "not in your hand")
    plain = [c for c in hand if not c.is_trump and c.rank != 14]
    _unchanged(state, "discard " + " ".join(map(str, plain[:7])), "FT-11", "exactly")
    _unchanged(state, f"discard {plain[0]} {plain[0]}", "FT-11", "twice")
    king = next((c for c in hand if c.rank == 14 and not c.is_trump), None)
    if king:
        _unchanged(state, f"discard {king}", "FT-12", "king")
    trump = next(c for c in hand if c.is_trump and c.rank not in (0, 1, 21))
    _unchanged(state, f"discard {trump}", "FT-12", "only when")
    _unchanged(state, "play T21", "FT-11")


def test_bouts_are_never_discarded_and_trumps_only_when_forced():
    hand = [R.card_number(t) for t in "KC KS KW KP QC T1 T21 T0 T4 T6 T9".split()]
    assert R.discard_problem(hand, 3, [R.card_number("T21")])[0] == "FT-12"
    assert R.discard_problem(hand, 1, [R.card_number("T4")])[0] == "FT-12"   # QC is enough
    assert R.discard_problem(hand, 3, [R.card_number(t) for t in ("QC", "T4", "T6")]) is None
    assert R.discard_problem(hand, 3, [R.card_number(t) for t in ("T4", "T6", "T9")])[0] == "FT-12"
    assert [R.text(c) for c in R.discard_allowed(hand, 3)] == ["QC", "T4", "T6", "T9"]


def _crafted(hands, dog, dealer=0):
    """A four-player deal with chosen hands (texts): a custom position."""
    state = FrenchTarot.with_hands([h.split() for h in hands], dog.split(), dealer=dealer)
    assert state.deal_code is None and state.seed is None
    return state


def test_a_deal_with_chosen_hands_is_custom_and_checked():
    cards = [str(c) for c in tarot_deck()]
    hands = [cards[i:i + 18] for i in range(0, 72, 18)]
    state = FrenchTarot.with_hands(hands, cards[72:], dealer=3)
    assert [[str(c) for c in state.hand(s)] for s in range(4)] == [sorted(h, key=C) for h in hands]
    assert state.to_play == 0 and state.deal_code is None
    loaded = games.load(state.to_json())
    assert loaded.key() == state.key() and loaded.deal_code is None
    with pytest.raises(games.LayoutError, match="78 cards"):
        FrenchTarot.with_hands([hands[0]] * 4, cards[72:])
    with pytest.raises(games.LayoutError, match="each hand holds 18"):
        FrenchTarot.with_hands(hands[:3] + [hands[3][:-1]], cards[71:])
    with pytest.raises(games.LayoutError, match="card texts"):
        FrenchTarot.with_hands(hands[:3] + [hands[3][:-1] + ["ZZ"]], cards[72:])
    with pytest.raises(games.OptionError, match="dealer"):
        FrenchTarot.with_hands(hands, cards[72:], dealer=4)


def _rest(*used):
    taken = {c for text in used for c in text.split()}
    return [str(c) for c in tarot_deck() if str(c) not in taken]


def _short_of_plain_cards():
    taker = "KW KC KS KP " + " ".join(f"T{r}" for r in range(2, 16))
    dog = "T16 T17 T18 T19 T20 AW"
    rest = _rest(taker, dog)
    return _crafted([" ".join(rest[:18]), taker, " ".join(rest[18:36]), " ".join(rest[36:54])], dog)


def test_forced_trumps_in_the_discard_are_shown_and_count_for_a_poignee():
    state = _short_of_plain_cards()
    state.play("bid garde")
    for _ in range(3):
        state.play("bid pass")
    assert state.taker == 1
    # One plain card for six places: five trumps are forced, never six (FT-12).
    assert [m.arg for m in state.legal_moves()] == ["AW"] + [f"T{r}" for r in range(2, 21)]
    _unchanged(state, "discard T2 T3 T4 T5 T6 T7", "FT-12", "only when")
    _unchanged(state, "discard KW", "FT-12", "king")
    assert "FT-12" in state.explain("discard KW")
    state.play("discard AW")
    assert "FT-12" in state.explain("discard T2") and "shown" in state.explain("discard T2")
    state.play("discard T2 T3 T4 T5 T6")
    other = state.observation(0).pile("discard")
    assert list(map(str, other.cards)) == ["T2", "T3", "T4", "T5", "T6"] and other.size == 6
    assert other.hidden == 1
    state.play("declare none")
    # The taker's poignée may include the discarded trumps (FT-16): 19 trumps in all.
    while state.to_play != 1:
        state.play(next(m for m in state.legal_moves() if m.action == "play"))
    triple = Move("declare", arg="poignee " + " ".join(f"T{r}" for r in range(2, 17)))
    assert triple in state.legal_moves()
    state.play(triple)
    assert state.poignees[0][0] == 1 and len(state.poignees[0][1]) == 15


# ----- declarations (FT-14, FT-15, FT-16) ---------------------------------------------------------
def _to_play(state):
    while state.phase in (Phase.BIDDING, Phase.CALLING, Phase.DISCARDING, Phase.DECLARING):
        moves = state.legal_moves()
        if state.phase is Phase.BIDDING:
            move = moves[1] if not state.bids else moves[0]                  # first speaker takes
        elif state.phase is Phase.DECLARING:
            move = Move("declare", arg="none")
        else:
            move = moves[0]
        state.play(move)
    return state


def test_chelem_announcement_gives_the_taker_the_lead():
    state = _to_discard()
    while state.phase is Phase.DISCARDING:
        state.play(state.legal_moves()[0])
    assert [str(m) for m in state.legal_moves()] == ["declare none", "declare chelem"]
    assert "FT-14" in state.explain("declare chelem")
    state.play("declare chelem")
    assert state.chelem and state.to_play == state.taker
    state.undo()
    state.play("declare none")
    assert state.to_play == (state.dealer + 1) % 4


def _poignee_deal(players=4):
    size = {4: 10, 3: 13, 5: 8}[players]
    for seed in range(5000):
        state = games.new("french-tarot", seed=seed, players=players)
        if state.phase is not Phase.BIDDING:
            continue
        seat = next((s for s, h in enumerate(state.hands) if sum(1 for c in h if c > 56) >= size + 1), None)
        if seat is not None and seat != 0:
            return _to_play(state), seat
    raise AssertionError("no deal with a poignée")


def test_poignee_is_offered_before_the_first_card_and_any_valid_choice_is_accepted():
    state, seat = _poignee_deal()
    while state.to_play != seat:
        state.play(next(m for m in state.legal_moves() if m.action == "play"))
    offered = [m for m in state.legal_moves() if m.action == "declare"]
    assert offered and all(len(m.arg.split()) - 1 in (10, 13, 15) for m in offered)
    trumps = sorted((c for c in state.hands[seat] if c > 56), reverse=True)
    # Not the listed choice: the ten highest trumps.
    mine = Move("declare", arg="poignee " + " ".join(R.text(c) for c in trumps[:10]))
    assert mine not in list(state.legal_moves()) and mine in state.legal_moves()
    assert "simple poignée" in state.explain(mine) and "FT-15" in state.explain(mine)
    _unchanged(state, "declare poignee " + " ".join(R.text(c) for c in trumps[:9]), "FT-15", "exactly")
    outside = next(c for c in range(57, 78) if c not in state.hands[seat])
    _unchanged(state, "declare poignee " + " ".join(R.text(c) for c in trumps[:9] + [outside]), "FT-15",
               "not in your hand")
    if R.EXCUSE not in state.hands[seat]:
        _unchanged(state, "declare poignee " + " ".join(R.text(c) for c in trumps[:9] + [R.EXCUSE]),
                   "FT-15", "not in your hand")
    state.play(mine)
    others = [s for s in range(4) if s != seat]
    for other in others:
        shown = state.observation(other).by_role(Role.POIGNEE)
        assert [(p.id, p.owner, [str(c) for c in p.cards]) for p in shown] == [
            (f"poignee:{seat}", seat, [R.text(c) for c in trumps[:10]])]
    assert state.to_play == seat                                           # now the card
    assert not any(m.action == "declare" for m in state.legal_moves())
    _unchanged(state, mine, "FT-15", "already")
    state.play(next(m for m in state.legal_moves() if m.action == "play"))
    while state.phase is Phase.PLAYING:
        state.play(next(m for m in state.legal_moves() if m.action == "play"))
    assert state.result.poignees and state.result.poignees[0].trumps == 10


def test_excuse_in_a_poignee_only_with_every_trump():
    pool = [R.card_number(t) for t in "T0 T2 T3 T4 T5 T6 T7 T8 T9 T10".split()]
    assert R.poignee_problem(4, pool, pool) is None
    assert R.poignee_choices(4, pool) == [tuple(sorted(pool[1:], reverse=True)) + (R.EXCUSE,)]
    bigger = pool + [R.card_number("T11")]
    rule, why = R.poignee_problem(4, bigger, pool)
    assert rule == "FT-16" and "Excuse" in why
    assert R.poignee_problem(4, bigger, bigger[1:]) is None


# ----- playing the tricks (FT-10, FT-17 .. FT-24) --------------------------------------------------
def _find(players, predicate, seeds=range(400)):
    """Play heuristic deals until ``predicate(state)`` holds before a card; return that state."""
    for seed in seeds:
        state = _fresh(players, start=seed * 3)
        bots = [HeuristicBot() for _ in range(players)]
        while state.phase not in (Phase.SCORED, Phase.REDEAL):
            if state.phase is Phase.PLAYING and predicate(state):
                return state
            state.play(bots[state.to_play].act(state.observation(state.to_play)))
    raise AssertionError("no such position")


def _hand(state):
    return [R.CARDS[c] for c in state.hands[state.to_play]]


def _led(state):
    return next((R.CARDS[c] for c in state.trick if c != R.EXCUSE), None)


def test_must_follow_suit():
    def ok(s):
        led = _led(s)
        return led and not led.is_trump and any(c.suit == led.suit for c in _hand(s)) and \
            any(c.suit not in (led.suit, Suit.TRUMPS) for c in _hand(s))
    state = _find(4, ok)
    led = _led(state)
    other = next(c for c in _hand(state) if c.suit not in (led.suit, Suit.TRUMPS))
    _unchanged(state, f"play {other}", "FT-18", "must follow suit")
    assert "Not allowed" in state.explain(f"play {other}")
    good = next(c for c in _hand(state) if c.suit == led.suit)
    assert "FT-18" in state.explain(f"play {good}")


def test_must_trump_when_void():
    def ok(s):
        led = _led(s)
        hand = _hand(s)
        return led and not led.is_trump and not any(c.suit == led.suit for c in hand) and \
            any(c.is_trump and not c.is_fool for c in hand) and any(not c.is_trump for c in hand)
    state = _find(4, ok)
    other = next(c for c in _hand(state) if not c.is_trump)
    _unchanged(state, f"play {other}", "FT-19", "trump")


def test_must_overtrump_when_able():
    def ok(s):
        trumps = [R.CARDS[c] for c in s.trick if c > 56]
        if not trumps:
            return False
        top = max(c.rank for c in trumps)
        mine = [c for c in _hand(s) if c.is_trump and not c.is_fool]
        led = _led(s)
        void = led.is_trump or not any(c.suit == led.suit for c in _hand(s))
        return void and any(c.rank > top for c in mine) and any(c.rank < top for c in mine)
    state = _find(4, ok)
    top = max(c for c in state.trick if c > 56) - 56
    under = next(c for c in _hand(state) if c.is_trump and 0 < c.rank < top)
    err = _unchanged(state, f"play {under}", R.play_rule(state.hands[state.to_play], state.trick,
                                                       under.index)[0], "overtrump")
    assert err.rule in ("FT-19", "FT-20")


def test_card_not_in_hand_and_wrong_actions():
    state = _find(4, lambda s: True)
    outside = next(c for c in tarot_deck() if c.index not in state.hands[state.to_play])
    _unchanged(state, f"play {outside}", "FT-17", "not in your hand")
    _unchanged(state, "play XX", "FT-17", "play one card")
    _unchanged(state, "bid garde", "FT-17")
    _unchanged(state, Move("move", "t1", "t2"), "FT-17", "patience")
    _unchanged(state, "declare chelem", "FT-14", "before the first card")
    wrong = (state.to_play + 1) % 4
    err = _unchanged_as(state, wrong, "play T21")
    assert err.rule == "FT-17" and state.seat_names[wrong] in str(err)


def test_excuse_may_always_be_played_and_a_led_excuse_lets_the_next_card_set_the_suit():
    state = _find(4, lambda s: R.EXCUSE in s.hands[s.to_play] and s.trick and s.trick[0] != R.EXCUSE)
    assert Move("play", arg="T0") in state.legal_moves()
    assert "FT-23" in state.explain("play T0")
    assert R.legal_plays(sorted([1, 2, 30, 60]), [R.EXCUSE]) == [1, 2, 30, 60]
    assert R.legal_plays(sorted([1, 2, 30, 60]), [R.EXCUSE, 35]) == [30]


def test_five_players_call_partner_and_opening_lead():
    state = _fresh(5)
    state.play("bid prise")
    for _ in range(4):
        state.play("pass")
    assert state.phase is Phase.CALLING
    taker = state.taker
    calls = [m.arg for m in state.legal_moves()]
    kings = ["KW", "KC", "KS", "KP"]
    held = {R.text(c) for c in state.hands[taker]}
    assert calls[:4] == kings and (len(calls) == 4) == (not set(kings) <= held)   # FT-8
    _unchanged(state, "call 2C", "FT-8")
    king = next(c for c in (13, 27, 41, 55) if c not in state.hands[taker])
    holder = next((s for s, h in enumerate(state.hands) if king in h), -1)      # -1: in the dog
    state.play(f"call {R.text(king)}")
    assert state.partner == (holder if holder != taker else -1)
    if holder >= 0:
        assert state.observation(holder).partner == holder
        spectator = next(s for s in range(5) if s not in (taker, holder))
        assert state.observation(spectator).partner is None
        assert state.observation(taker).partner is None
        assert state.observation(SPECTATOR).partner is None
    while state.phase is not Phase.PLAYING:
        state.play(state.legal_moves()[0] if state.phase is not Phase.DECLARING else "declare none")
    leader_hand = state.hands[state.to_play]
    suit = [c for c in leader_hand if c // 14 == king // 14 and c < 56 and c != king]
    if suit and len(suit) < len(leader_hand):
        _unchanged(state, f"play {R.text(suit[0])}", "FT-10", "called suit")


def test_partner_revealed_when_the_called_card_is_played():
    state = _find(5, lambda s: s.partner >= 0 and s.called in s.trick)
    spectator = next(s for s in range(5) if s not in (state.taker, state.partner))
    assert state.observation(spectator).partner == state.partner
    assert state.observation(SPECTATOR).partner == state.partner


# ----- observation, view, explanations, saves -----------------------------------------------------
def test_observation_hides_other_hands_and_an_unseen_dog():
    state = _fresh(4)
    state.play("garde sans")
    for _ in range(3):
        state.play("pass")
    for seat in range(4):
        obs = state.observation(seat)
        text = json.dumps(obs.to_json())
        assert list(obs.hand) == [R.CARDS[c] for c in state.hands[seat]]
        for other in range(4):
            if other != seat:
                assert not any(f'"{R.text(c)}"' in text for c in state.hands[other])
                assert obs.pile(f"hand:{other}").hidden == len(state.hands[other])
        assert obs.pile("dog").cards == () and obs.pile("dog").hidden == 6
        assert not any(f'"{R.text(c)}"' in text for c in state.dog)
    assert state.observation(0).legal == () or state.to_play == 0
    assert state.observation(state.to_play).legal == tuple(str(m) for m in state.legal_moves())
    with pytest.raises(games.OptionError, match="player must be"):
        state.observation(7)


# ----- the State contract: observation, returns, current_player -----------------------------------
def _random_steps(players, seed):
    """Every position of a random deal (seeded legal picks, a deal that is played out)."""
    rng = Rng(seed)
    state = games.new("french-tarot", seed=seed, players=players, dealer=seed % players)
    yield state
    while state.legal_moves():
        moves = state.legal_moves()
        state.play(moves[rng.below(len(moves))])
        yield state


def _shown_by(state, seat):
    """Cards of ``seat``'s hand that everyone has seen: its poignée, and the dog it took (FT-11)."""
    shown = {c for s, cards in state.poignees for c in cards if s == seat}
    if seat == state.taker:
        shown |= set(state.dog_seen)
    return shown


def _face_down(state, seat):
    """Cards lying face down for ``seat``: an unseen dog (FT-13), the discard but its trumps (FT-12)
    and the cards that everyone saw in the dog before the taker took it (FT-11)."""
    down = set() if state.phase is Phase.SCORED else set(state.dog)
    if seat != state.taker or seat == SPECTATOR:
        down |= {c for c in state.discard if c <= R.EXCUSE} - set(state.dog_seen)
    return down


def _assert_sees_nothing_hidden(state, seat):
    obs = state.observation(seat)
    seen = {c.index for c in obs.visible_cards()} | {c.index for t in obs.tricks for c in t.cards}
    # The called card is named to everyone (FT-8) without saying where it lies.
    text = json.dumps({**obs.to_json(), "called": None})
    for other in range(state.players):
        if other == seat:
            continue
        secret = set(state.hands[other]) - _shown_by(state, other)
        assert not secret & seen, (seat, other, "sees a card of another hand")
        assert not any(f'"{R.text(c)}"' in text for c in secret)
        pile = obs.pile(f"hand:{other}")
        assert pile.role is Role.HAND and pile.owner == other
        assert pile.cards == () and pile.hidden == len(state.hands[other])
    down = _face_down(state, seat)
    assert not down & seen and not any(f'"{R.text(c)}"' in text for c in down)
    if seat == SPECTATOR:
        assert all(p.cards == () for p in obs.by_role(Role.HAND)) and obs.hand == ()
        assert obs.legal == ()
    else:
        assert obs.hand == tuple(R.CARDS[c] for c in state.hands[seat])
    return obs


@pytest.mark.parametrize("players", [3, 4, 5])
def test_observations_show_no_other_hand_and_no_face_down_card(players):
    for seed in range(4):
        for state in _random_steps(players, seed * 7 + players):
            for seat in [*range(players), SPECTATOR]:
                obs = _assert_sees_nothing_hidden(state, seat)
                assert obs.player == seat and obs.current_player == state.current_player()
                assert obs.legal == (tuple(str(m) for m in state.legal_moves())
                                     if seat == state.to_play else ())


def _hide_again(state, seat, rng):
    """A twin of ``state`` where every card hidden from ``seat`` is dealt among the hidden places
    at random (sizes kept): the same position as far as ``seat`` can tell."""
    twin = FrenchTarot.new(state.seed, players=state.players, dealer=state.dealer)
    twin._restore(state._snapshot())
    # The hidden cards dealt again among the hidden places: such a twin need not be reachable by
    # legal play (a seat may now hold a suit it did not follow), so its fields are set directly.
    places = [h for s, h in enumerate(twin.hands) if s != seat]
    places.append(twin.dog)
    hidden = [c for s, h in enumerate(state.hands) if s != seat
              for c in h if c not in _shown_by(state, s)] + list(state.dog)
    shuffled = list(hidden)
    for i in range(len(shuffled) - 1, 0, -1):
        j = rng.below(i + 1)
        shuffled[i], shuffled[j] = shuffled[j], shuffled[i]
    swap = dict(zip(hidden, shuffled))
    for place in places:
        place[:] = sorted(swap.get(c, c) for c in place)
    return twin


@pytest.mark.parametrize("players", [3, 4, 5])
def test_hidden_cards_leave_no_trace_in_an_observation(players):
    rng = Rng(players)
    for state in _random_steps(players, 40 + players):
        if state.phase in (Phase.SCORED, Phase.REDEAL):
            break
        for seat in [*range(players), SPECTATOR]:
            twin = _hide_again(state, seat, rng)
            assert twin.observation(seat) == state.observation(seat)
            assert twin.observation(seat).to_json() == state.observation(seat).to_json()


@pytest.mark.parametrize("players", [3, 4, 5])
def test_returns_and_current_player_follow_the_deal(players):
    ended = set()
    for seed in range(12):
        for state in _random_steps(players, seed):
            assert state.num_players() == players
            if state.phase in (Phase.SCORED, Phase.REDEAL):
                assert state.current_player() is None and state.is_over()
                ended.add(state.phase)
                if state.phase is Phase.SCORED:
                    assert sum(state.returns()) == 0 and state.returns() == tuple(
                        float(v) for v in state.result.scores)
                    assert any(state.returns()) and repr(state).endswith("scored>")
                else:
                    assert state.returns() == (0.0,) * players and repr(state).endswith("thrown in>")
            else:
                assert state.current_player() == state.to_play >= 0
                assert state.returns() == (0.0,) * players
                assert all(isinstance(v, float) for v in state.returns())
    assert Phase.SCORED in ended
    assert not hasattr(FrenchTarot, "is_won")


def test_observation_rows_for_south_and_the_trick():
    state = _to_play(_fresh(4))
    obs = state.observation(0)
    json.dumps(obs.to_json())
    assert obs.game == "french-tarot" and obs.title == "French Tarot"
    me, east = obs.pile("hand:0"), obs.pile("hand:1")
    assert me.hidden == 0 and list(me.cards) == state.hand(0)
    assert east.hidden == len(state.hand(1)) and east.cards == ()
    state.play(next(m for m in state.legal_moves() if m.action == "play"))
    trick = state.observation(0).pile("trick")
    assert len(trick.cards) == 1 and trick.played_by == (state.leader,)


def test_save_and_load_mid_deal_with_a_whole_discard():
    state = _to_discard(start=40)
    hand = [R.CARDS[c] for c in state.hands[state.taker]]
    plain = [c for c in hand if not c.is_trump and c.rank != 14][:6]
    state.play("ecart " + " ".join(map(str, plain)))
    state.play("declare none")
    for _ in range(5):
        state.play(state.legal_moves()[-1])
    loaded = games.load(state.to_json())
    assert loaded.key() == state.key() and loaded.moves == state.moves
    copy = state.copy()
    assert copy.key() == state.key()
    from tarot_learn.core import _checksum
    bad = json.loads(state.to_json())
    bad["start"]["hands"][0] = bad["start"]["hands"][0][1:]
    bad["checksum"] = _checksum(bad)
    with pytest.raises(games.SaveError, match="edited"):         # not the seed's deal
        games.load(json.dumps(bad))
    bad = json.loads(FrenchTarot.with_hands(*_four_hands()).to_json())
    bad["start"]["hands"][0] = bad["start"]["hands"][0][1:]
    bad["checksum"] = _checksum(bad)
    # a custom position, one card short
    with pytest.raises(games.SaveError, match="not the 78 of the pack once each"):
        games.load(json.dumps(bad))


def _four_hands():
    cards = [str(c) for c in tarot_deck()]
    return [cards[i:i + 18] for i in range(0, 72, 18)], cards[72:]


def test_french_words_and_bare_cards():
    state = _fresh(4)
    assert state.parse_move("Je passe") == Move("bid", arg="pass")
    assert state.parse_move("Garde contre le chien") == Move("bid", arg="garde_contre")
    assert state.parse_move("petite") == Move("bid", arg="prise")
    state = _to_play(state)
    card = R.text(state.hands[state.to_play][0])
    assert state.parse_move(card.lower()) == Move("play", arg=card)
    assert state.parse_move(f"joue {card}") == Move("play", arg=card)


# ----- chelem, Petit au bout and the Excuse at the end (FT-25, FT-26, FT-29, FT-30) ---------------
def _chelem_deal(taker_hand, dog):
    rest = _rest(taker_hand, dog)
    state = _crafted([" ".join(rest[:18]), taker_hand, " ".join(rest[18:36]), " ".join(rest[36:54])], dog)
    state.play("bid garde")
    for _ in range(3):
        state.play("pass")
    state.play("discard T2 T3 T4 T5 T6 T7")                 # no plain card but kings: forced
    state.play("declare chelem")
    assert state.to_play == 1                                # the announcer leads (FT-14)
    return state


def _defence_plays(state):
    """Defenders get rid of the Excuse at once, otherwise play their first legal card."""
    moves = [m for m in state.legal_moves() if m.action == "play"]
    return next((m for m in moves if m.arg == "T0"), moves[0])


def test_fft_example_chelem_announced_with_the_excuse_kept_by_the_defence():
    # FFT 2012 rules, page 9, last example: garde, poignée of 10 shown, chelem announced and made,
    # Petit au bout, the defence keeps its Excuse; 2 bouts and 87 points; 582 per defender.
    state = _chelem_deal(" ".join(f"T{r}" for r in range(4, 22)), "T1 T2 T3 KW KC KS")
    state.play("declare poignee " + " ".join(f"T{r}" for r in range(12, 22)))
    order = ["KW", "KC", "KS"] + [f"T{r}" for r in range(21, 7, -1)] + ["T1"]
    for card in order:
        assert state.to_play == 1
        state.play(f"play {card}")
        while state.phase is Phase.PLAYING and state.to_play != 1:
            state.play(_defence_plays(state))
    referee(state)
    assert all(w == 1 for _, _, w in state.tricks)
    assert state.owed is not None                            # never paid: the defence took nothing
    r = state.result
    assert (r.half_points, r.bouts, r.petit_au_bout, r.chelem) == (174, 2, "attack", "announced_made")
    assert r.value == 582 and r.scores == (-582, 1746, -582, -582)


def test_excuse_led_to_the_last_trick_wins_it_and_the_petit_counts_au_bout_before():
    state = _chelem_deal("T0 " + " ".join(f"T{r}" for r in range(5, 22)), "T1 T2 T3 T4 KW KC")
    order = ["KW", "KC"] + [f"T{r}" for r in range(21, 7, -1)] + ["T1", "T0"]
    for card in order:
        state.play(f"play {card}")
        while state.phase is Phase.PLAYING and state.to_play != 1:
            state.play(_defence_plays(state))
    referee(state)
    leader, cards, winner = state.tricks[-1]
    assert cards[0] == R.EXCUSE and winner == 1                        # FT-26
    assert R.PETIT in state.tricks[-2][1]
    r = state.result
    assert (r.half_points, r.bouts, r.petit_au_bout, r.chelem) == (182, 3, "attack", "announced_made")


def _wands(ranks):
    return " ".join(f"{r}W" for r in ranks)


def test_chelem_last_trick_led_with_the_excuse_takes_a_defenders_petit_au_bout():
    # FFT 2012 p.7: the side that takes the last trick with the Petit in it has the Petit au bout,
    # also when the attack's Excuse takes that trick in a chelem (FT-26, FT-29).
    taker = "T0 " + " ".join(f"T{r}" for r in range(12, 22)) + " " + _wands("8 9 10 P N Q K".split())
    keeper = " ".join(f"T{r}" for r in range(1, 12)) + " " + _wands("A 2 3 4 5 6 7".split())
    rest = _rest(taker, keeper)
    state = _crafted([keeper, taker, " ".join(rest[:18]), " ".join(rest[18:36])], " ".join(rest[36:]))
    for move in ("bid garde_sans", "pass", "pass", "pass", "declare chelem"):
        state.play(move)
    order = [f"T{r}" for r in range(21, 11, -1)] + [f"{r}W" for r in "K Q N P 10 9 8".split()] + ["T0"]
    for card in order:
        state.play_as(1, f"play {card}")
        for seat in (2, 3):
            state.play_as(seat, _defence_plays(state))
        keep = [m for m in state.legal_moves() if m.arg != "T1"] or state.legal_moves()
        state.play_as(0, keep[-1])                     # the Petit's holder keeps it to the end
    referee(state)
    leader, cards, winner = state.tricks[-1]
    assert (leader, cards[0], winner) == (1, R.EXCUSE, 1) and R.PETIT in cards
    r = state.result
    assert (r.half_points, r.bouts, r.petit_au_bout, r.chelem) == (182, 3, "attack", "announced_made")
    assert r.value == (25 + 91 - 36 + 10) * 4 + 400


def test_defence_sweep_led_to_the_last_trick_with_its_excuse_is_a_defence_chelem():
    # FT-26 for the defence (rule sheet, choice 6): a defence that has taken every earlier trick
    # and leads its Excuse to the last trick takes it, keeps the Excuse and has made a chelem.
    taker = _wands("A 2 3 4 5 6 7 8 9".split()) + " " + " ".join(f"{r}C" for r in "A 2 3 4 5 6 7 8 9".split())
    sweeper = "T0 " + " ".join(f"T{r}" for r in range(5, 22))
    second = "T1 T2 T3 T4 " + " ".join(f"{r}S" for r in "A 2 3 4 5 6 7 8 9 10 P N Q K".split())
    third = " ".join(f"{r}P" for r in "A 2 3 4 5 6 7 8 9 10 P N Q K".split()) + " 10W PW NW QW"
    state = _crafted([sweeper, taker, second, third], "KW 10C PC NC QC KC")
    for move in ("bid garde_contre", "pass", "pass", "pass", "declare none"):
        state.play(move)
    while state.phase is Phase.PLAYING:
        moves = [m for m in state.legal_moves() if m.action == "play"]
        if state.to_play == 0:          # the sweeper leads its trumps low to high, the Excuse last
            state.play(min(moves, key=lambda m: (m.arg == "T0", R.card_number(m.arg))))
        else:
            state.play(moves[0])
    referee(state)
    leader, cards, winner = state.tricks[-1]
    assert (leader, cards[0], winner) == (0, R.EXCUSE, 0)
    assert all(w != 1 for _, _, w in state.tricks) and R.EXCUSE in state.won[0]
    r = state.result
    assert (r.half_points, r.bouts, r.chelem) == (0, 0, "defence")
    assert r.value == -((25 + 56) * 6 + 200)
