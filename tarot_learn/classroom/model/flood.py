"""Who is flooding: a sender that goes far past its budget, second after second.

A page that sends a burst (a reconnect replaying what it queued) is only held to its budget
(:class:`~tarot_learn.classroom.model.pace.Budget`); a sender that keeps ``times`` times over its
rate for ``seconds`` whole seconds in a row, and is still at it, is a flood, and its sockets are
closed.  Each message costs one dictionary lookup; senders quiet for a second are forgotten once
there are many, so fresh names cost bounded memory.

>>> now = [0.0]
>>> watch = FloodWatch(rate=2, times=5, seconds=2, clock=lambda: now[0])
>>> any(watch.count("eve") for _ in range(50))          # a burst within one second
False
>>> for second in (1.0, 2.0):
...     now[0] = second
...     _ = [watch.count("eve") for _ in range(10)]
>>> now[0] = 3.0; [watch.count("eve") for _ in range(10)][-1], watch.count("ann")
(True, False)
>>> watch.bar("eve", 10); watch.barred("eve"), watch.barred("ann")
(10.0, 0.0)
"""

from __future__ import annotations

import time
from typing import Callable

__all__ = ["FloodWatch"]


class FloodWatch:
    """Messages per whole second per sender, and how many seconds in a row were over the line."""

    def __init__(self, rate: float, times: float = 5, seconds: int = 2,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limit, self.seconds, self.clock = times * rate, seconds, clock
        self._seen: dict[str, tuple[int, int, int]] = {}    # sender -> (second, messages in it, seconds over before)
        self._barred: dict[str, float] = {}                 # sender -> until when its new sockets are refused

    def count(self, who: str) -> bool:
        """Count one message of ``who``; whether ``who`` is flooding (over the line now and for
        ``seconds`` whole seconds before)."""
        second = int(self.clock())
        was, messages, streak = self._seen.get(who, (second, 0, 0))
        if second != was:
            streak = streak + 1 if second == was + 1 and messages >= self.limit else 0
            messages = 0
            if len(self._seen) > 10_000:              # forget senders quiet for a second
                self._seen = {k: v for k, v in self._seen.items() if second - v[0] <= 1}
        self._seen[who] = (second, messages + 1, streak)
        return streak >= self.seconds and messages + 1 >= self.limit

    def bar(self, who: str, seconds: float) -> None:
        """Refuse ``who``'s new sockets for ``seconds`` (it was closed for flooding)."""
        now = self.clock()
        if len(self._barred) > 10_000:
            self._barred = {k: t for k, t in self._barred.items() if t > now}
        self._barred[who] = now + seconds

    def barred(self, who: str) -> float:
        """Seconds before ``who`` may open a socket again (0: now)."""
        return max(0.0, self._barred.get(who, 0.0) - self.clock())
