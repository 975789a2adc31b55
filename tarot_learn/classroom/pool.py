"""Warm kernels for the tables page, refilled one at a time, never while the machine is busy.

Voila's preheating kernel manager starts kernels before anyone asks and runs the page in them, so a
student who opens the tables page gets a board already drawn.  Stock Voila refills the whole pool one
second after each use: during a rush that starts as many kernels as students arrived, all at once,
and every student already playing waits behind them.  :class:`ClassroomKernelManager` keeps Voila's
pool but refills it with one kernel at a time, ``refill_gap`` seconds apart, and only when the
machine's CPU use has fallen below ``quiet_cpu`` percent.  It also caps the number of kernels.
"""

from __future__ import annotations

import asyncio
from typing import Any

import psutil
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from tornado.ioloop import IOLoop
from traitlets import Float, Int, Unicode
from voila.voila_kernel_manager import voila_kernel_manager_factory

__all__ = ["ClassroomKernelManager"]

PreheatingManager = voila_kernel_manager_factory(AsyncMappingKernelManager, True, 0)


class ClassroomKernelManager(PreheatingManager):
    """Voila's preheated pool for one page, with a paced refill and a ceiling on kernels."""

    standby = Int(8, config=True, help="warm kernels kept ready for the pooled page")
    pooled_page = Unicode("classroom.ipynb", config=True, help="the page (relative to the root) kept warm")
    refill_gap = Float(2.0, config=True, help="seconds between two refill kernels")
    quiet_cpu = Float(60.0, config=True, help="a refill kernel starts only when CPU use is below this percent")
    max_kernels = Int(120, config=True, help="kernels alive at most (students, then the pool)")
    max_wait = Float(30.0, config=True, help="a refill waits for a quiet machine this many seconds at most")

    def __init__(self, **kwargs: Any) -> None:
        self.refilling = False
        self.refills = 0
        super().__init__(**kwargs)

    def fill_if_needed(self, delay: float | None = None, notebook_name: str | None = None, **kwargs: Any) -> None:
        """Called by Voila at start and after each warm kernel is taken: schedule the paced refill."""
        if notebook_name == self.pooled_page and self.standby > 0 and not self.refilling:
            self.refilling = True
            IOLoop.current().add_callback(self.refill, first=delay == 0)

    async def refill(self, first: bool = False) -> None:
        """Top the pool up to ``standby``, one kernel at a time (at start: as fast as they start)."""
        psutil.cpu_percent(interval=None)
        try:
            while self.get_pool_size(self.pooled_page) < self.standby:
                if not first:
                    await self.wait_until_quiet()
                self.start_one_warm_kernel()
                self.refills += 1
                await asyncio.sleep(self.refill_gap)
        finally:
            self.refilling = False

    async def wait_until_quiet(self) -> None:
        """Sleep until CPU use, measured over ``refill_gap`` seconds, is below ``quiet_cpu`` (or
        ``max_wait`` has passed: a machine that is never quiet still gets its pool back)."""
        waited = 0.0
        while waited < self.max_wait:
            await asyncio.sleep(self.refill_gap)
            waited += self.refill_gap
            if psutil.cpu_percent(interval=None) < self.quiet_cpu:
                return

    def start_one_warm_kernel(self) -> None:
        """Ask Voila's pool for exactly one more kernel, starting now."""
        size = self.get_pool_size(self.pooled_page) + 1
        self.kernel_pools_config = {"default": {"pool_size": 0}, self.pooled_page: {"pool_size": size}}
        super().fill_if_needed(delay=0, notebook_name=self.pooled_page)

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        if len(self.list_kernel_ids()) >= self.max_kernels:
            raise web.HTTPError(503, "the class server is full: ask your teacher")
        return await super().start_kernel(*args, **kwargs)
