"""French Tarot computer players: they see only their seat (FT-44), play legally, and the heuristic
player plays recognisably well."""

import statistics

import pytest

from tarot_learn import games
from tarot_learn.errors import OptionError
from tarot_learn.games.french_tarot import rules as R
from tarot_learn.games.french_tarot.bots import (HeuristicBot, RandomBot, Seen, action_of,
                                                  hand_strength, play_deal)
from tarot_learn.games.french_tarot.simulate import simulate
from tarot_learn.games.french_tarot.state import FrenchTarot, Phase

N = R.card_number


def cards(text):
    return sorted(N(t) for t in text.split())


def seen_playing(hand, trick, leader, seat, taker, players=4, played="", partner=-1):
    s = Seen()
    s.phase, s.players, s.seat, s.taker, s.partner = "playing", players, seat, taker, partner
    s.hand = cards(hand)
    s.trick = [N(t) for t in trick.split()]
    s.leader = leader
    s.played = set(cards(played)) | set(s.trick)
    s.legal = []
    s.plays = R.legal_plays(s.hand, s.trick)
    return s


# ----- what bots see --------------------------------------------------------------------------------
def test_a_bot_decides_the_same_whatever_the_hidden_cards():
    """Two deals that look the same from seat 2 (the other hands swapped) get the same moves."""
    state = games.new("french-tarot", seed=21)
    assert state.phase is Phase.BIDDING
    data = state._snapshot()
    data["hands"][1], data["hands"][3] = data["hands"][3], data["hands"][1]
    twin = FrenchTarot.new(21)
    twin._restore(data)
    bot = HeuristicBot()
    for s in (state, twin):
        s.play("bid pass")                          # seat 1 speaks, then it is seat 2's turn
    assert state.observation(2) == twin.observation(2)
    assert bot.act(state.observation(2)) == bot.act(twin.observation(2))
    assert state.key() != twin.key()


def test_observation_round_trip_into_seen():
    state = play_deal(3, [HeuristicBot() for _ in range(4)])
    replay = FrenchTarot.new(3)
    for move in state.moves[:30]:
        replay.play(move)
    seat = replay.to_play
    obs = replay.observation(seat)
    seen = Seen.from_observation(obs)
    assert seen.hand == replay.hands[seat] and seen.trick == replay.trick
    assert seen.tricks == [tuple(t) for t in replay.tricks] and seen.taker == replay.taker
    assert seen.discard == (replay.discard if seat == replay.taker else [c for c in replay.discard if c > 56])
    assert obs.to_json()["tricks"][0]["winner"] == replay.tricks[0][2]
    assert [FrenchTarot.action_move(a) for a in seen.actions()] == replay.legal_moves()
    assert action_of("declare none") == ("declare", "none")


def test_random_bot_is_repeatable_and_legal():
    a = play_deal(5, [RandomBot(i) for i in range(4)])
    b = play_deal(5, [RandomBot(i) for i in range(4)])
    assert a.moves == b.moves
    c = play_deal(5, [RandomBot(i + 10) for i in range(4)])
    assert c.moves != a.moves
    with pytest.raises(OptionError, match="one bot per seat"):
        play_deal(1, [RandomBot()] * 3)


# ----- the heuristic player's habits ------------------------------------------------------------------
def test_bids_follow_hand_strength():
    strong = cards("T21 T0 T1 T20 T19 T18 T17 T15 T12 T9 T5 KC QC KS KW 2P 3P 4P")
    weak = cards("2W 3W 4W 5W 6W 2C 3C 4C 5C 2S 3S 4S 5S 6S 2P 3P T2 T3")
    assert hand_strength(strong) > hand_strength(weak)
    bot = HeuristicBot()
    s = Seen()
    s.phase, s.players, s.bids = "bidding", 4, []
    s.hand = strong
    assert bot.bid(s) >= R.GARDE
    s.hand = weak
    assert bot.bid(s) == R.PASS
    s.hand, s.bids = strong, [R.GARDE_CONTRE]
    assert bot.bid(s) == R.PASS                       # never below the bids so far (FT-5)


def test_discard_builds_a_void_and_keeps_kings():
    hand = cards("KW 3W 9C 10C KS QS NS 2S 3P 4P " + " ".join(f"T{r}" for r in range(2, 16)))
    s = Seen()
    s.phase, s.players, s.seat, s.taker, s.hand, s.discard = "discarding", 4, 0, 0, hand, []
    bot = HeuristicBot()
    laid = []
    while len(laid) < 6:
        s.legal = [("discard", c) for c in R.discard_allowed(s.hand, 6 - len(laid))]
        card = bot.discard(s)
        assert ("discard", card) in s.legal
        laid.append(card)
        s.hand = [c for c in s.hand if c != card]
        s.discard = sorted(laid)
    texts = {R.text(c) for c in laid}
    assert not texts & {"KW", "KS"}                   # kings kept (FT-12)
    assert {"9C", "10C", "3P", "4P"} <= texts           # Hearts and Diamonds emptied: two voids


def test_loads_points_on_a_partner_winning_trick():
    # Seat 2 defends with seat 3, who leads the 21; seat 2 has no trumps: it gives its king.
    s = seen_playing("KS 2S 3C 4C", "T21", leader=3, seat=0, taker=1)
    assert HeuristicBot().play(s) == N("KS")
    # Same cards, but the taker (an opponent) is winning: the smallest card goes.
    s = seen_playing("KS 2S 3C 4C", "T21", leader=1, seat=2, taker=1)
    assert HeuristicBot().play(s) == N("3C")


def test_saves_the_petit_under_a_partner_master_trump():
    # The taker (seat 3) is last; seat 0 led a Spade and seat 1, a defender like seat 2, put the
    # 21 on it.  Seat 2 has no Spades and must trump: it slips the Petit under the 21.
    s = seen_playing("T1 T5 2C", "2S T21", leader=0, seat=2, taker=3)
    assert HeuristicBot().play(s) == N("T1")
    # Under an opponent's 21 the Petit would be lost: the 5 goes instead.
    s = seen_playing("T1 T5 2C", "2S T21", leader=2, seat=0, taker=3)
    assert HeuristicBot().play(s) == N("T5")


def test_does_not_waste_the_21():
    # The taker leads a low Heart; seat 1 is void and may win with the 10 or the 21.
    s = seen_playing("T10 T21 2S", "2C", leader=0, seat=1, taker=0)
    assert HeuristicBot().play(s) == N("T10")


def test_plays_the_excuse_before_the_last_trick():
    s = seen_playing("T0 2S", "3S", leader=0, seat=1, taker=0)
    assert HeuristicBot().play(s) == R.EXCUSE


# ----- strength ---------------------------------------------------------------------------------------
def test_heuristic_beats_random_and_makes_most_contracts():
    def seat0(bot_for_seat0):
        scores = []
        for seed in range(300):
            bots = [bot_for_seat0(seed)] + [RandomBot(seed * 4 + i) for i in range(1, 4)]
            result = simulate(seed, bots, players=4, dealer=seed % 4)
            if result.score is not None:
                scores.append(result.score.scores[0])
        return statistics.mean(scores) if scores else 0.0

    heuristic = seat0(lambda seed: HeuristicBot())
    random_ = seat0(lambda seed: RandomBot(seed * 4))
    assert heuristic > random_ + 40, (heuristic, random_)

    made = taken = 0
    bots = [HeuristicBot() for _ in range(4)]
    for seed in range(300):
        result = simulate(seed, bots)
        if result.score is not None:
            taken += 1
            made += result.score.made
    assert taken > 150 and made / taken > 0.5, (made, taken)


def test_announces_a_sure_chelem_and_makes_it():
    taker = " ".join(f"T{r}" for r in range(4, 22))
    dog = "T1 T2 T3 KW KC KS"
    rest = [str(c) for c in R.CARDS if str(c) not in set(taker.split()) | set(dog.split())]
    state = games.new("french-tarot", seed=1)
    data = state._snapshot()
    data.update(hands=[rest[:18], taker.split(), rest[18:36], rest[36:54]], dog=dog.split())
    state._restore(data)
    bots = [HeuristicBot() for _ in range(4)]
    while state.to_play >= 0:
        state.play(bots[state.to_play].act(state.observation(state.to_play)))
    assert state.taker == 1 and state.chelem
    assert all(w == 1 for _, _, w in state.tricks)
    assert state.result.chelem == "announced_made"
    weak = [N(t) for t in "KC NC T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6".split()]
    from tarot_learn.games.french_tarot.bots import sure_chelem
    assert not sure_chelem(weak)                 # the queen of Hearts is out: no announcement


# ----- levels of play at a table ---------------------------------------------------------------------
def test_a_table_seats_robots_of_each_level():
    """Robots of each level at a table model, a person in the first seat (whose robot plays only
    when the clock runs out): the robots play their turns and the person's moves are accepted."""
    from tarot_learn.games.french_tarot.bots import for_level
    from tarot_learn.games.french_tarot.table import FakeClock, TableModel

    bots = [for_level("beginner", seed=1), for_level("club"), for_level("strong", seed=2), for_level("club")]
    table = TableModel(4, clock=FakeClock(), bots=bots)
    table.sit("Ana")
    table.fill_with_robots()
    table.start(seed=12)
    for _ in range(200):
        table.settle()
        seat = table.to_play
        if seat is None:
            break
        move = table.match.deal.legal_moves()[0]
        table.play(seat, move)
    assert str(table.match.deal.phase) in ("scored", "redeal")
    assert [b.name for b in table.bots] == ["random", "heuristic", "strong", "heuristic"]
