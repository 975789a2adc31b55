"""Warm kernels for the class's pages, refilled one at a time, never while the machine is busy.

Voila's preheating kernel manager starts kernels before anyone asks and runs the page in them, so a
student who opens a page gets it already drawn.  Stock Voila refills a pool one second after each
use: during a rush that starts as many kernels as students arrived, all at once, and every student
already playing waits behind them.  :class:`ClassroomKernelManager` keeps Voila's pools (one per
page named in ``pools``) but refills them with one kernel at a time for the whole machine,
``refill_gap`` seconds apart, and only once the class has settled: no warm kernel taken for
``settle`` seconds (the students arriving together are served from the pool, and play their first
moves, before any refill competes with them for the processors) and CPU use below ``quiet_cpu``
percent, or ``max_wait`` seconds have passed.  It also caps the number of kernels.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import psutil
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from tornado.ioloop import IOLoop
from traitlets import Dict, Float, Int
from voila.voila_kernel_manager import voila_kernel_manager_factory

__all__ = ["ClassroomKernelManager"]

PreheatingManager = voila_kernel_manager_factory(AsyncMappingKernelManager, True, 0)


class ClassroomKernelManager(PreheatingManager):
    """Voila's preheated pools, with a paced refill and a ceiling on kernels."""

    pools = Dict(config=True, help="warm kernels kept for each page (path relative to the root): {page: count}")
    refill_gap = Float(2.0, config=True, help="seconds between two refill kernels")
    quiet_cpu = Float(60.0, config=True, help="a refill kernel starts only when CPU use is below this percent")
    settle = Float(8.0, config=True, help="a refill waits until no warm kernel was taken for this many seconds")
    max_wait = Float(30.0, config=True, help="a refill waits for a quiet machine this many seconds at most")
    max_kernels = Int(120, config=True, help="kernels alive at most (students, then the pools)")

    def __init__(self, **kwargs: Any) -> None:
        self.refilling = False
        self.last_taken = float("-inf")       # when a warm kernel was last handed to a page (monotonic)
        super().__init__(**kwargs)

    def fill_if_needed(self, delay: float | None = None, notebook_name: str | None = None, **kwargs: Any) -> None:
        """Called by Voila at start and after each warm kernel is taken: schedule the paced refill."""
        if delay != 0:
            self.last_taken = time.monotonic()
        if self.pools.get(notebook_name) and not self.refilling:
            self.refilling = True
            IOLoop.current().add_callback(self.refill, first=delay == 0)

    def shortest(self) -> str | None:
        """The page whose pool lacks the most kernels (None: every pool is full)."""
        short = {page: size - self.get_pool_size(page) for page, size in self.pools.items()}
        page = max(short, key=short.get, default=None)
        return page if page is not None and short[page] > 0 else None

    async def refill(self, first: bool = False) -> None:
        """Top the pools up, one kernel at a time (at start: one per ``refill_gap``, no waiting)."""
        psutil.cpu_percent(interval=None)
        try:
            while (page := self.shortest()) is not None:
                if not first:
                    await self.wait_until_quiet()
                    page = self.shortest()
                    if page is None:
                        break
                self.start_one_warm_kernel(page)
                await asyncio.sleep(self.refill_gap)
        finally:
            self.refilling = False

    async def wait_until_quiet(self) -> None:
        """Sleep until no warm kernel was taken for ``settle`` seconds and CPU use, measured over
        ``refill_gap`` seconds, is below ``quiet_cpu`` (or ``max_wait`` has passed: a machine that
        is never quiet still gets its pools back)."""
        waited = 0.0
        while waited < self.max_wait:
            await asyncio.sleep(self.refill_gap)
            waited += self.refill_gap
            cpu = psutil.cpu_percent(interval=None)
            if cpu < self.quiet_cpu and time.monotonic() - self.last_taken >= self.settle:
                return

    def start_one_warm_kernel(self, page: str) -> None:
        """Ask Voila's pool of ``page`` for exactly one more kernel, starting now."""
        self.kernel_pools_config = {"default": {"pool_size": 0}, page: {"pool_size": self.get_pool_size(page) + 1}}
        super().fill_if_needed(delay=0, notebook_name=page)

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        if len(self.list_kernel_ids()) >= self.max_kernels:
            raise web.HTTPError(503, "the class server is full: ask your teacher")
        return await super().start_kernel(*args, **kwargs)
