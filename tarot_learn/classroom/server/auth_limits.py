"""How many wrong class passwords the server listens to: a few a minute per address, some more a
minute for the whole class.  Past either limit no password is checked until the window has moved
on, so guessing runs at a handful of tries a minute however many connections a script opens.

>>> limits = LoginLimits(per_address=2, overall=3, window=60.0, clock=lambda: 100.0)
>>> limits.failed("10.0.0.5"); limits.wait("10.0.0.5")
0.0
>>> limits.failed("10.0.0.5"); limits.wait("10.0.0.5"), limits.wait("10.0.0.6")
(60.0, 0.0)
>>> limits.failed("10.0.0.6"); limits.wait("10.0.0.7")
60.0
"""

from __future__ import annotations

import time
from collections import deque
from typing import Callable

__all__ = ["LoginLimits", "LOGINS", "PER_ADDRESS", "OVERALL", "WINDOW"]

PER_ADDRESS = 10   # wrong passwords a minute from one address
OVERALL = 60       # wrong passwords a minute from everyone
WINDOW = 60.0      # seconds


class LoginLimits:
    """Wrong passwords in the last ``window`` seconds, per address and overall."""

    def __init__(self, per_address: int = PER_ADDRESS, overall: int = OVERALL, window: float = WINDOW,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.per_address, self.overall, self.window, self.clock = per_address, overall, window, clock
        self.by_address: dict[str, deque[float]] = {}
        self.everyone: deque[float] = deque()

    def _trim(self, times: deque[float], now: float) -> deque[float]:
        while times and now - times[0] >= self.window:
            times.popleft()
        return times

    def failed(self, address: str) -> None:
        """Count one wrong password from ``address``."""
        now = self.clock()
        self._trim(self.by_address.setdefault(address, deque()), now).append(now)
        self._trim(self.everyone, now).append(now)
        if len(self.by_address) > 10_000:  # a flood of spoofed addresses: keep only the recent ones
            for key in [k for k, v in self.by_address.items() if not self._trim(v, now)]:
                del self.by_address[key]

    def wait(self, address: str) -> float:
        """Seconds until ``address`` may try again (0: now)."""
        now = self.clock()
        waits = [0.0]
        for times, limit in ((self._trim(self.by_address.get(address, deque()), now), self.per_address),
                             (self._trim(self.everyone, now), self.overall)):
            if len(times) >= limit:
                waits.append(self.window - (now - times[-limit]))
        return max(waits)

    def reset(self) -> None:
        self.by_address.clear()
        self.everyone.clear()


LOGINS = LoginLimits()
