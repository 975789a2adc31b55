"""How fast one sender may go: the class's one token bucket, for table messages, live-socket openings,
chat lines and typed codes.

A sender has ``burst`` tokens, refilled at one every ``every`` seconds; each message spends one.
The work per message is O(1), and senders quiet long enough to be full again are forgotten, so a
flood of fresh names costs bounded memory.

>>> now = [0.0]
>>> pace = Pace(every=2.0, burst=2, clock=lambda: now[0])
>>> [pace.wait("ana") for _ in range(3)]
[0.0, 0.0, 2.0]
>>> now[0] = 2.0; pace.wait("ana")
0.0
>>> now[0] = 6.0; pace.hold("ana"); pace.wait("ana")     # the four seconds of work did not refill
2.0
>>> budget = Budget(rate=2, clock=lambda: now[0])
>>> [budget.take("ben") for _ in range(3)]
[True, True, False]
"""

from __future__ import annotations

import time
from typing import Callable

__all__ = ["Pace", "Budget"]


class Pace:
    """How fast one sender may go: ``burst`` messages in a row, then one every ``every`` seconds."""

    def __init__(self, every: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.every, self.burst, self.clock = every, burst, clock
        self._left: dict[str, tuple[float, float]] = {}     # browser -> (messages left, when counted)

    def wait(self, who: str) -> float:
        """Seconds ``who`` must still wait (0: it may send now, and that message is counted)."""
        now = self.clock()
        left, then = self._left.get(who, (float(self.burst), now))
        left = min(float(self.burst), left + (now - then) / self.every)
        if len(self._left) > 10_000:                 # forget browsers quiet long enough to be full again
            self._left = {k: v for k, v in self._left.items() if now - v[1] < self.every * self.burst}
        if left < 1:
            self._left[who] = (left, now)
            return (1 - left) * self.every
        self._left[who] = (left - 1, now)
        return 0.0

    def hold(self, who: str) -> None:
        """Count the time until now as not refilling ``who``'s bucket: the refill starts again from
        the end of a slow piece of work, so that work is not a free one."""
        left, _ = self._left.get(who, (float(self.burst), 0.0))
        self._left[who] = (left, self.clock())


class Budget(Pace):
    """Messages per second per sender: a bucket of ``rate`` refilled at ``rate`` a second, and a
    notice to the sender at most once a second."""

    def __init__(self, rate: float, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(every=1.0 / rate, burst=int(rate), clock=clock)
        self.rate = rate
        self._told: dict[str, float] = {}

    def take(self, who: str) -> bool:
        """Whether ``who`` may send one more message now (that message is then counted)."""
        return self.wait(who) == 0.0

    def tell(self, who: str) -> bool:
        """Whether ``who`` should be told it is sending too fast (once a second at most)."""
        now = self.clock()
        if now - self._told.get(who, -1.0) < 1.0:
            return False
        if len(self._told) > 10_000:
            self._told = {k: t for k, t in self._told.items() if now - t < 1.0}
        self._told[who] = now
        return True
