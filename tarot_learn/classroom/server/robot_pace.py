"""Strong robots at the shared tables think beside the server's loop, not on it.

A strong robot's decision is a search of some tens of milliseconds (a bid, some fifty): on the
server's loop it would hold every other table's moves back while it thinks.  So a table's strong
robots are wrapped in :class:`ThinkAhead`: while a page's intent is applied (:func:`deferring`), a
strong robot to play does not think but raises :class:`NotReady`, which stops the table's robots
with that robot to play (the person's move is applied and shown at once).  :func:`play_robots`
then asks the robot in a worker thread, from the same observation, and plays its answer on the loop
(the wrapper hands the move it worked out for exactly that observation), robot after robot, until a
person is to play; then the table is saved and every page gets its view.  Anything else that lets a
robot play (the turn clock for a late player) thinks as before.
"""

from __future__ import annotations

import contextlib
from typing import Any, Iterator

from tornado import ioloop

from tarot_learn.classroom.tables import Table
from tarot_learn.core import Move
from tarot_learn.games.french_tarot.bots import Bot
from tarot_learn.games.french_tarot.observe import TarotObservation
from tarot_learn.games.french_tarot.strong import StrongBot

__all__ = ["ThinkAhead", "NotReady", "deferring", "think_ahead", "play_robots"]

_DEFER = [False]           # set around a page's intent, on the loop's one thread
_BUSY: set[str] = set()    # tables whose robots are thinking now


class NotReady(Exception):
    """A strong robot is to play and has not thought yet (only while :func:`deferring`)."""


@contextlib.contextmanager
def deferring() -> Iterator[None]:
    """Strong robots met inside the block raise :class:`NotReady` instead of thinking."""
    _DEFER[0] = True
    try:
        yield
    finally:
        _DEFER[0] = False


class ThinkAhead(Bot):
    """A strong robot whose answers may be worked out beforehand, off the loop (see the module)."""

    name = "strong"

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.ready: dict[TarotObservation, Move] = {}

    def act(self, observation: TarotObservation) -> Move:
        if observation in self.ready:
            return self.ready.pop(observation)
        if _DEFER[0]:
            raise NotReady()
        return self.bot.act(observation)


def think_ahead(table: Table) -> None:
    """Wrap ``table``'s strong robots (again after its options gave it new robots)."""
    bots = table.model.bots
    for i, bot in enumerate(bots):
        if isinstance(bot, StrongBot):
            bots[i] = ThinkAhead(bot)


async def play_robots(classroom: Any, table: Table) -> None:
    """The robots of ``table`` play, each thinking in a worker thread, until a person is to play;
    then the table is saved and its pages told.  A change meanwhile (the table closed, the game
    ended by agreement, a seat taken back) stops it."""
    if table.id in _BUSY:
        return
    _BUSY.add(table.id)
    try:
        try:
            while await _one_robot(table):
                classroom.broadcast(table.id)
        except Exception:       # a robot that failed to think in its thread must not freeze the table
            table.model.settle(restart=True)
        if classroom.hall.tables.get(table.id) is table:
            classroom.hall.save(table)
            classroom.broadcast(table.id)
    finally:
        _BUSY.discard(table.id)


async def _one_robot(table: Table) -> bool:
    """The robot to play thinks off the loop and plays; ``True`` while another robot is to play."""
    model = table.model
    seat = model.to_play
    if seat is None or not model.seats[seat].robot:
        return False
    bot, turn = model.bots[seat], model.turn_key()
    if isinstance(bot, ThinkAhead):
        obs = model.match.deal.observation(seat)
        move = await ioloop.IOLoop.current().run_in_executor(None, bot.bot.act, obs)
        if model.turn_key() != turn or model.to_play != seat:
            return False                      # the table changed while the robot thought
        bot.ready[obs] = move
    with deferring():
        try:
            model.settle(restart=True)
        except NotReady:
            return True
    return False
