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

Every kernel handed to a page belongs to the identity that asked for it (:data:`PAGE_OWNER`, set by
the page's request): ``owners`` records it, ``per_identity`` caps how many one browser holds, and a
kernel no page of its owner has been connected to for ``orphan_after`` seconds is shut down, whatever
it does on its own (a page's timer keeps a kernel busy, not wanted).  Warm kernels have no owner and
are never culled; a kernel just handed out counts as connected from that moment.  Warm kernels go to
a laptop's first page (:meth:`~ClassroomKernelManager.may_take_warm`); a browser's further pages
start cold, once the machine is quiet, so one student's flood of page requests neither empties the
pool nor slows the class's moves.
"""

from __future__ import annotations

import asyncio
import contextvars
import time
from typing import Any, Callable

import psutil
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from tornado.ioloop import IOLoop, PeriodicCallback
from traitlets import Dict, Float, Int
from voila.voila_kernel_manager import voila_kernel_manager_factory

__all__ = ["ClassroomKernelManager", "PAGE_OWNER", "WARM_ALLOWED"]

# The identity (its ``username``) and the address whose page request is running: a kernel started
# or handed out while it is set belongs to them.  Set only inside a page's request.
PAGE_OWNER: contextvars.ContextVar[tuple[str, str] | None] = contextvars.ContextVar("tarot_page_owner",
                                                                                   default=None)
# False while a page request that must not take a warm kernel runs (see :meth:`may_take_warm`).
WARM_ALLOWED: contextvars.ContextVar[bool] = contextvars.ContextVar("tarot_warm_allowed", default=True)
LOOPBACK = ("127.0.0.1", "::1")

PreheatingManager = voila_kernel_manager_factory(AsyncMappingKernelManager, True, 0)


class ClassroomKernelManager(PreheatingManager):
    """Voila's preheated pools, with a paced refill and a ceiling on kernels."""

    pools = Dict(config=True, help="warm kernels kept for each page (path relative to the root): {page: count}")
    refill_gap = Float(2.0, config=True, help="seconds between two refill kernels")
    quiet_cpu = Float(60.0, config=True, help="a refill kernel starts only when CPU use is below this percent")
    settle = Float(8.0, config=True, help="a refill waits until no warm kernel was taken for this many seconds")
    max_wait = Float(30.0, config=True, help="a refill waits for a quiet machine this many seconds at most")
    max_kernels = Int(120, config=True, help="kernels alive at most (students, then the pools)")
    per_identity = Int(4, config=True, help="kernels one browser (one identity) may hold at once")
    per_address = Int(8, config=True, help="kernels the browsers of one network address may hold at once "
                                            "(a script dropping its cookie is a new browser; this machine "
                                            "itself is not limited)")
    orphan_after = Float(90.0, config=True, help="seconds a kernel may stay with no page connected")

    def __init__(self, **kwargs: Any) -> None:
        self.refilling = False
        self.last_taken = float("-inf")       # when a warm kernel was last handed to a page (monotonic)
        self.owners: dict[str, str] = {}      # kernel id -> the username of the identity it was handed to
        self.places: dict[str, str] = {}      # kernel id -> the address its page was asked from
        self.last_seen: dict[str, float] = {}  # kernel id -> when a page was last connected (monotonic)
        self.opening: dict[str, int] = {}     # username or address -> its page requests under way
        self._orphan_clock: PeriodicCallback | None = None
        # told (kernel id, username) when a kernel is handed out and (kernel id, None) when it goes:
        # the class's record of whose each kernel is, which the kernels read (model/journal.py)
        self.on_owner: Callable[[str, str | None], None] = lambda kernel_id, username: None
        # run once as the server stops, while every kernel and its owner are still known
        self.on_stop: Callable[[], None] = lambda: None
        super().__init__(**kwargs)

    # ----- ownership ---------------------------------------------------------------------------
    def owned_by(self, username: str) -> list[str]:
        """The ids of the kernels ``username`` holds."""
        return [k for k, owner in self.owners.items() if owner == username]

    def quota_left(self, username: str, address: str = "127.0.0.1") -> int:
        """How many more kernels ``username`` at ``address`` may be handed (pages being opened count
        already): the identity's quota, and its address's."""
        left = self.per_identity - len(self.owned_by(username)) - self.opening.get(username, 0)
        if address not in LOOPBACK and self.per_address > 0:     # 0: every laptop behind one address
            held = sum(1 for place in self.places.values() if place == address)
            left = min(left, self.per_address - held - self.opening.get(address, 0))
        return left

    def may_take_warm(self, username: str, address: str) -> bool:
        """Warm kernels are for a laptop's first page (its browser's first, from an address holding
        none): a student asking for page after page, or a script posing as new browsers, waits for
        a cold kernel and leaves the pool to the class.  This machine's own browsers are each a laptop."""
        if self.owned_by(username) or self.opening.get(username, 0) > 1:
            return False
        if address in LOOPBACK or self.per_address <= 0:
            return True
        return self.opening.get(address, 0) <= 1 and address not in self.places.values()

    def get_pool_size(self, notebook_name: str) -> int:
        return super().get_pool_size(notebook_name) if WARM_ALLOWED.get() else 0

    def record_owner(self, kernel_id: str) -> None:
        """Give ``kernel_id`` to the identity whose page request is running (none: a warm kernel)."""
        owner = PAGE_OWNER.get()
        if owner is None:
            return
        self.owners[kernel_id], self.places[kernel_id] = owner
        self.last_seen[kernel_id] = time.monotonic()
        self.on_owner(kernel_id, owner[0])
        if self._orphan_clock is None:  # started outside the request's context, which it must not carry
            contextvars.Context().run(self._start_orphan_clock)

    def _start_orphan_clock(self) -> None:
        every = max(1.0, min(15.0, self.orphan_after / 3))
        self._orphan_clock = PeriodicCallback(self.cull_orphans, every * 1000)
        self._orphan_clock.start()

    async def cull_orphans(self) -> None:
        """Shut down each owned kernel that no page has been connected to for ``orphan_after`` s."""
        now = time.monotonic()
        for kernel_id in list(self.owners):
            if self._kernel_connections.get(kernel_id, 0) > 0:
                self.last_seen[kernel_id] = now
            elif now - self.last_seen.get(kernel_id, now) >= self.orphan_after and kernel_id in self:
                self.log.info("Culling kernel %s: no page connected for %.0f s", kernel_id, self.orphan_after)
                try:
                    await self.shutdown_kernel(kernel_id)
                except Exception as err:  # a kernel already gone: forget it below
                    self.log.warning("Culling kernel %s failed: %s", kernel_id, err)
            if kernel_id not in self:
                self.forget(kernel_id)

    def forget(self, kernel_id: str) -> None:
        if self.owners.get(kernel_id) is not None:
            self.on_owner(kernel_id, None)
        self.owners.pop(kernel_id, None)
        self.places.pop(kernel_id, None)
        self.last_seen.pop(kernel_id, None)

    async def get_rendered_notebook(self, *args: Any, **kwargs: Any) -> Any:
        """Voila's hand-out of a warm kernel, recorded as its page's identity's."""
        result = await super().get_rendered_notebook(*args, **kwargs)
        self.record_owner(result[2])
        return result

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        await super().shutdown_kernel(kernel_id, *args, **kwargs)
        self.forget(kernel_id)

    async def shutdown_all(self, *args: Any, **kwargs: Any) -> None:
        self.on_stop()
        await super().shutdown_all(*args, **kwargs)

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
        PAGE_OWNER.set(None)  # scheduled from a page's request: the warm kernels are no one's
        WARM_ALLOWED.set(True)
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
        if PAGE_OWNER.get() is not None and not WARM_ALLOWED.get():
            # a browser's further page (or a flood's) starts once the machine is quiet: the class's
            # first pages and moves come first
            await self.wait_until_quiet()
        kernel_id = await super().start_kernel(*args, **kwargs)
        self.record_owner(kernel_id)
        return kernel_id
