"""The strong French Tarot robot's choices with three and four players, pinned: the searches for
five players may change, but every choice of a three- or four-player deal stays the one recorded
here (the seat's bids, cards laid aside, announcements and cards, move by move), so the measured
four-player figures keep describing the robot as it plays."""

from __future__ import annotations

import pytest

from tarot_learn.games.french_tarot.bots import HeuristicBot, Seen
from tarot_learn.games.french_tarot.simulate import simulate
from tarot_learn.games.french_tarot.state import FrenchTarot
from tarot_learn.games.french_tarot.strong import StrongBot

SMALL = {"worlds": 6, "playouts": 24, "bid_worlds": 3, "call_worlds": 3, "discard_worlds": 2}
PLAY_ONLY = {"bid_worlds": 0, "call_worlds": 0, "discard_worlds": 0}     # the default card play
DEFAULT: dict[str, int] = {}                                            # every default budget


class NotedStrongBot(StrongBot):
    """The strong robot, noting each of its moves as the engine writes it."""

    def __init__(self, **options: int) -> None:
        super().__init__(**options)
        self.moves: list[str] = []

    def choose(self, seen: Seen):
        action = super().choose(seen)
        self.moves.append(str(FrenchTarot.action_move(action)))
        return action


# (players, deal, budget, the strong seat's moves); the seat and the dealer are deal % players.
PINNED = [
    (4, 1, SMALL, (
        "bid pass, play T6, play T7, play T9, play PS, play T15, play PC, play KP, play AC, play PP, play "
        "6C, play 6W, play AW, play 4S, play 5S, play QS, play 7S, play 10S, play 6P"
    )),
    (4, 2, SMALL, (
        "bid pass, play T4, play T5, play 6S, play T7, play 7S, play AW, play T12, play T14, play 3P, "
        "play 9C, play QC, play 7W, play QP, play 4P, play 10C, play 9P, play NP, play 10P"
    )),
    (4, 3, SMALL, (
        "bid pass, play AS, play 9P, play 3C, play 5S, play 4S, play 4W, play QP, play NC, play 3S, play "
        "8C, play 10W, play T2, play NP, play T14, play T15, play T11, play T19, play T1"
    )),
    (4, 4, SMALL, (
        "bid garde, discard AS, discard 5S, discard QW, discard 2P, discard AC, discard NS, declare none, "
        "play 10S, play T6, play T0, play KC, play 3P, play 2W, play 5C, play 7W, play 9C, play 6S, play "
        "10W, play KS, play 5P, play T20, play 6P, play T21, play T8, play T7"
    )),
    (4, 5, SMALL, (
        "bid pass, play PP, play 3S, play 10C, play 2W, play QW, play PS, play 2P, play 4S, play T6, play "
        "QC, play 3P, play T9, play T15, play T16, play 5S, play 6S, play 8S, play 7S"
    )),
    (4, 6, PLAY_ONLY, (
        "bid pass, play 10W, play 3W, play PS, play T3, play AS, play T12, play AP, play KC, play T13, "
        "play AC, play T15, play KP, play QC, play 3P, play 3S, play 5S, play 8C, play 10C"
    )),
    (4, 9, DEFAULT, (
        "bid pass, play AP, play 5W, play 8W, play T17, play QW, play 4C, play PP, play KS, play NP, play "
        "8C, play 2S, play 5P, play PC, play T6, play 6S, play T14, play T15, play 10S"
    )),
    (4, 10, DEFAULT, (
        "bid pass, play 7C, play 8W, play 5W, play 8C, play T2, play KP, play KS, play 4P, play PC, play "
        "6P, play AS, play 10P, play 7S, play T18, play T4, play T7, play 9S, play T12"
    )),
    (4, 18, DEFAULT, (
        "bid garde, discard QW, discard 7C, discard 8P, discard 2P, discard 3W, discard 2S, declare none, "
        "declare poignee T20 T19 T15 T13 T12 T9 T3 T2 T1 T0, play T0, play KS, play 5W, play 3S, play KW, "
        "play KC, play T19, play KP, play T2, play 7S, play T3, play T20, play 8W, play T1, play T9, play "
        "T12, play T15, play T13"
    )),
    (3, 0, SMALL, (
        "bid pass, play 3C, play AS, play 5W, play 5S, play AP, play 10S, play 6C, play 8W, play 2P, play "
        "6S, play QC, play T3, play NC, play NW, play 7P, play T5, play T18, play T7, play KP, play 7S, "
        "play 9P, play T19, play T8, play T21"
    )),
    (3, 1, SMALL, (
        "bid garde, discard 9W, discard 7W, discard PS, discard 3P, discard 6W, discard 3W, declare none, "
        "play AS, play AC, play T2, play 6P, play 7P, play QC, play NC, play QS, play PC, play T6, play "
        "8P, play T0, play T7, play PP, play T12, play 3S, play T15, play T20, play 4S, play T21, play "
        "5S, play 7S, play 8S, play 10S"
    )),
]


@pytest.mark.parametrize(("players", "deal", "budget", "moves"), PINNED)
def test_three_and_four_player_choices_are_unchanged(players, deal, budget, moves):
    seat = deal % players
    strong = NotedStrongBot(seed=deal, **budget)
    bots = [HeuristicBot()] * players
    bots[seat] = strong
    simulate(deal, bots, players, dealer=seat)
    assert ", ".join(strong.moves) == "".join(moves)
