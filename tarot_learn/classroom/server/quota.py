"""A page's request holds a kernel for its identity: within the identity's quota, owned by it.

>>> QUOTA_PAGE.count("{}")
1
"""

from __future__ import annotations

import contextlib
from typing import Any, Iterator

from tarot_learn.classroom.server.pool import PAGE_OWNER, WARM_ALLOWED

__all__ = ["page_owner", "QUOTA_PAGE"]

QUOTA_PAGE = ("<!doctype html><title>Too many pages</title><p>You have {} class pages open already: close "
              "one (or wait two minutes after closing it) and reload this page.</p>")


@contextlib.contextmanager
def page_owner(handler: Any) -> Iterator[bool]:
    """Inside: the kernel this request starts or is handed belongs to its identity (yields True);
    an identity at its quota gets a one-line page instead (yields False)."""
    km, username = handler.kernel_manager, handler.current_user.username
    address = handler.request.remote_ip or "?"
    if not hasattr(km, "quota_left"):  # another kernel manager (a plain Jupyter Server): no quota
        yield True
        return
    if km.quota_left(username, address) <= 0:
        handler.set_status(429)
        handler.set_header("Retry-After", "30")
        handler.finish(QUOTA_PAGE.format(km.per_identity))
        yield False
        return
    for key in (username, address):
        km.opening[key] = km.opening.get(key, 0) + 1
    token = PAGE_OWNER.set((username, address))
    warm = WARM_ALLOWED.set(km.may_take_warm(username, address))
    try:
        yield True
    finally:
        WARM_ALLOWED.reset(warm)
        PAGE_OWNER.reset(token)
        for key in (username, address):
            km.opening[key] -= 1
