"""The strong French Tarot robot (games/french_tarot/strong.py, worlds.py): it sees only its seat,
plays legal cards, never rules out the true deal, and the levels of play are offered by name."""

from __future__ import annotations

import pytest

from tarot_learn.errors import OptionError
from tarot_learn.games.french_tarot import rules as R
from tarot_learn.games.french_tarot.bots import HeuristicBot, RandomBot, Seen, for_level, levels, play_deal
from tarot_learn.games.french_tarot.simulate import simulate
from tarot_learn.games.french_tarot.state import FrenchTarot
from tarot_learn.games.french_tarot.strong import StrongBot, call_scores, discard_scores, evaluate
from tarot_learn.games.french_tarot.worlds import HIDDEN, World, bids_agreeing, knowledge, revealed, sample
from tarot_learn.deals import Rng

SMALL = {"worlds": 3, "playouts": 12}
BOT = {**SMALL, "bid_worlds": 3, "call_worlds": 3, "discard_worlds": 2}   # small budgets, every search on


def replay(seed: int, upto: int, players: int = 4) -> FrenchTarot:
    """Deal ``seed`` played by club robots, stopped after ``upto`` moves."""
    full = play_deal(seed, [HeuristicBot() for _ in range(players)], players=players)
    state = FrenchTarot.new(seed, players=players)
    for move in full.moves[:upto]:
        state.play(move)
    return state


def card_turns(seed: int, players: int = 4):
    """Every position of a deal where a seat chooses among several cards, as (state, seat)."""
    full = play_deal(seed, [HeuristicBot() for _ in range(players)], players=players)
    state = FrenchTarot.new(seed, players=players)
    for move in full.moves:
        seat = state.to_play
        seen = Seen.from_observation(state.observation(seat))
        if seen.phase == "playing" and len(seen.plays) > 1:
            yield state, seat, seen
        state.play(move)


def first_turn(seed: int, players: int, phase: str) -> tuple[FrenchTarot, int] | None:
    """The first position of a deal played by club robots where a seat in ``phase`` has a choice."""
    full = play_deal(seed, [HeuristicBot() for _ in range(players)], players=players)
    state = FrenchTarot.new(seed, players=players)
    for move in full.moves:
        seat = state.to_play
        seen = Seen.from_observation(state.observation(seat))
        if seen.phase == phase and len(seen.legal) > 1:
            return state, seat
        state.play(move)
    return None


def test_levels_by_name():
    assert levels() == ("beginner", "club", "strong")
    assert isinstance(for_level("beginner", seed=2), RandomBot)
    assert isinstance(for_level("club"), HeuristicBot)
    strong = for_level("strong", seed=4)
    assert isinstance(strong, StrongBot) and strong.seed == 4
    for wrong in ("expert", "", None, 3):
        with pytest.raises(OptionError, match="level must be one of beginner, club, strong"):
            for_level(wrong)  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="worlds and playouts must be 1 or more"):
        StrongBot(worlds=0)
    with pytest.raises(OptionError, match="must be 0 .the club robot's choice. or more"):
        StrongBot(discard_worlds=-1)


def swapped(state, a: int, b: int):
    """``state`` with the hands of seats ``a`` and ``b`` exchanged."""
    state.hands[a], state.hands[b] = state.hands[b], state.hands[a]
    return state


def assert_twins_choose_alike(state, twin, seat: int, seen) -> None:
    """The strong robot's card and every card's scores are the same from both positions."""
    bot = StrongBot(seed=9, **BOT)
    assert bot.act(state.observation(seat)) == bot.act(twin.observation(seat))
    seen_twin = Seen.from_observation(twin.observation(seat))
    assert evaluate(seen, seed=9, **SMALL) == evaluate(seen_twin, seed=9, **SMALL)


def test_twin_positions_get_the_same_card():
    """Same observation, different hidden cards, same seed: the same card (and the same scores)."""
    checked = 0
    for seed in (3, 11, 21, 5, 8):
        for state, seat, seen in card_turns(seed):
            others = [s for s in range(4) if s != seat]
            pairs = [(a, b) for a in others for b in others if a < b
                     and len(state.hands[a]) == len(state.hands[b]) and state.hands[a] != state.hands[b]]
            if not pairs:
                continue
            twin = swapped(replay(seed, len(state.moves)), *pairs[0])
            assert twin.observation(seat) == state.observation(seat)
            assert twin.hands != state.hands
            assert_twins_choose_alike(state, twin, seat, seen)
            checked += 1
            break
    assert checked >= 3


def test_the_seed_changes_the_worlds():
    state, seat, seen = next(t for t in card_turns(5) if len(t[2].plays) > 3)
    first = evaluate(seen, seed=1, **SMALL)
    assert first == evaluate(seen, seed=1, **SMALL)
    assert first.scores != evaluate(seen, seed=2, **SMALL).scores or first.worlds == 0


def test_the_true_deal_is_always_one_of_the_worlds():
    """Every card's true place is among the places the seat's knowledge allows, in 3, 4 and 5
    player deals, and a sampled world has the true hand sizes and respects every void."""
    for players, seed in ((4, 1), (4, 8), (3, 2), (5, 4), (5, 6)):
        for state, seat, seen in card_turns(seed, players):
            know = knowledge(seen)
            for c in know.unseen:
                owner = next((s for s in range(players) if c in state.hands[s]), HIDDEN)
                assert know.slots.index(owner) in know.allowed[c], (players, seed, R.text(c))
            world = sample(know, Rng(seed))
            assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
            voids, ceiling = revealed(players, seen.tricks, seen.trick, seen.leader)
            for s, hand in enumerate(world.hands):
                if s != seat:
                    assert all((4 if c > R.EXCUSE else c // 14) not in voids[s] for c in hand if c != R.EXCUSE)
                    assert all(c <= ceiling[s] for c in hand if c > R.EXCUSE)
            out = seen.played | set(seen.discard)
            assert sorted(sum(world.hands, []) + world.hidden + sorted(out)) == list(range(78))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_strong_robot_plays_legal_cards_through_the_checked_engine(players):
    bots = [StrongBot(seed=s, **BOT) for s in range(players)]
    for seed in (2, 7):
        state = play_deal(seed, bots, players=players, dealer=seed % players)   # refuses illegal moves
        assert str(state.phase) in ("scored", "redeal")
    engine = play_deal(7, bots, players=players, dealer=7 % players)
    fast = simulate(7, bots, players=players, dealer=7 % players, record=True)
    assert [str(FrenchTarot.action_move(a)) for a in fast.actions] == [str(m) for m in engine.moves]


def test_the_search_answers_only_a_card_to_play():
    seen = Seen()
    seen.phase, seen.players = "bidding", 4
    with pytest.raises(OptionError, match="a seat that is to play a card"):
        evaluate(seen)
    state, seat, seen = next(card_turns(3))
    with pytest.raises(OptionError, match="worlds and playouts"):
        evaluate(seen, playouts=0)
    found = evaluate(seen, seed=0, worlds=2, playouts=100)
    assert found.worlds == 2 and set(found.scores) == set(seen.plays)
    assert all(len(v) == 2 for v in found.scores.values()) and found.best() in seen.plays


def test_the_bidding_search_scores_every_bid_and_sees_only_the_seat():
    from tarot_learn.games.french_tarot.strong import bid_scores

    state = FrenchTarot.new(21)
    state.play("bid pass")
    seat = state.to_play
    twin = FrenchTarot.new(21)
    twin.play("bid pass")
    a, b = [s for s in range(4) if s != seat][:2]
    twin.hands[a], twin.hands[b] = twin.hands[b], twin.hands[a]
    seen = Seen.from_observation(state.observation(seat))
    found = bid_scores(seen, seed=3, worlds=4)
    assert sorted(found) == [R.PASS, R.PRISE, R.GARDE, R.GARDE_SANS, R.GARDE_CONTRE]
    assert all(len(v) == 4 for v in found.values()) and found[R.PASS] != found[R.GARDE]
    assert found == bid_scores(Seen.from_observation(twin.observation(seat)), seed=3, worlds=4)
    bot = StrongBot(seed=3, bid_worlds=4, **SMALL)
    assert bot.act(state.observation(seat)) == bot.act(twin.observation(seat))
    with pytest.raises(OptionError, match="a seat that is to bid"):
        bid_scores(next(card_turns(3))[2])
    for players in (3, 4, 5):
        deal = play_deal(4, [StrongBot(seed=s, **BOT) for s in range(players)], players=players)
        assert str(deal.phase) in ("scored", "redeal")


@pytest.mark.parametrize(("players", "phase"), [(5, "calling"), (4, "discarding"), (5, "discarding")])
def test_twin_positions_get_the_same_call_and_discard(players, phase):
    """Same observation, different hidden cards, same seed: the same king called, the same card laid
    aside, the same scores; the robot's choice is the best mean of the search, and with no worlds
    for it the robot decides as the club robot."""
    scores = call_scores if phase == "calling" else discard_scores
    checked = 0
    for seed in range(40):
        found = first_turn(seed, players, phase)
        if found is None:
            continue
        state, seat = found
        a, b = [s for s in range(players) if s != seat][:2]
        twin = replay(seed, len(state.moves), players)
        twin.hands[a], twin.hands[b] = twin.hands[b], twin.hands[a]
        assert twin.observation(seat) == state.observation(seat) and twin.hands != state.hands
        seen = Seen.from_observation(state.observation(seat))
        found_scores = scores(seen, seed=9, worlds=3)
        assert found_scores == scores(Seen.from_observation(twin.observation(seat)), seed=9, worlds=3)
        assert sorted(found_scores) == sorted(a[1] for a in seen.legal)
        bot = StrongBot(seed=9, **{**BOT, "call_worlds": 3, "discard_worlds": 3})
        choice = bot.choose(seen)
        assert choice == bot.choose(Seen.from_observation(twin.observation(seat)))
        best = max(sum(v) for v in found_scores.values())
        assert sum(found_scores[choice[1]]) == best
        club = StrongBot(seed=9, call_worlds=0, discard_worlds=0, **SMALL)
        assert club.choose(seen) == HeuristicBot().choose(seen)
        checked += 1
        if checked == 2:
            break
    assert checked == 2


def test_the_call_and_discard_searches_answer_only_their_phase():
    state, seat, seen = next(card_turns(3))
    with pytest.raises(OptionError, match="a taker that is to call a king"):
        call_scores(seen)
    with pytest.raises(OptionError, match="a taker that is to lay cards aside"):
        discard_scores(seen)


def test_five_player_twin_positions_get_the_same_card():
    """Five players: same observation, different hidden cards (two defenders' hands swapped, the
    called card's holder and the taker kept), same seed: the same card and the same scores."""
    checked = 0
    for seed in (4, 6, 9, 13):
        for state, seat, seen in card_turns(seed, 5):
            keep = {seat, state.taker, state.partner}
            others = [s for s in range(5) if s not in keep]
            pairs = [(a, b) for a in others for b in others if a < b
                     and len(state.hands[a]) == len(state.hands[b]) and state.hands[a] != state.hands[b]]
            if not pairs or len(state.tricks) < 2:
                continue
            twin = swapped(replay(seed, len(state.moves), 5), *pairs[0])
            if twin.observation(seat) != state.observation(seat):
                continue                 # the swap showed through a void: not a twin
            assert_twins_choose_alike(state, twin, seat, seen)
            checked += 1
            break
    assert checked >= 3


def test_five_player_worlds_agree_with_the_bids_and_the_call():
    """With five players the true deal agrees with every club robot's bid, and a defender's worlds
    put the called card in the taker's hand only when no other hand has room for it."""
    club = HeuristicBot()
    checked = 0
    for seed in (4, 6, 9):
        for state, seat, seen in card_turns(seed, 5):
            dog_taken = state.contract <= R.GARDE
            hidden = [c for c in state.discard if c < R.EXCUSE] if dog_taken else state.dog
            truth = World([list(h) for h in state.hands], sorted(hidden))
            agreed, asked = bids_agreeing(seen, truth, club.bid)
            assert agreed == asked == 4
            know = knowledge(seen)
            if seen.partner is None and seat != state.taker and seen.called not in seen.played:
                assert know.avoid == ((seen.called, know.slots.index(state.taker)),)
                rng = Rng(seed)
                for _ in range(20):
                    assert seen.called not in sample(know, rng).hands[state.taker]
                checked += 1
            else:
                assert know.avoid == ()
    assert checked >= 10
    four = next(card_turns(3, 4))[2]
    assert knowledge(four).avoid == ()


def test_the_bidding_search_answers_five_players():
    """Five players: each bid is scored, the taker of each world calls a card as the club robot."""
    from tarot_learn.games.french_tarot.strong import bid_scores

    found = first_turn(2, 5, "bidding")
    assert found is not None
    state, seat = found
    seen = Seen.from_observation(state.observation(seat))
    scores = bid_scores(seen, seed=1, worlds=4)
    assert sorted(scores) == sorted(a[1] for a in seen.legal)
    assert all(len(v) == 4 for v in scores.values()) and scores[R.PASS] != scores[R.GARDE]
