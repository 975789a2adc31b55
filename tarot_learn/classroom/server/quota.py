"""A page's request holds a kernel for its identity: within the identity's quota, owned by it.

An identity at its quota gets :data:`QUOTA_PAGE`, rendered from the class's templates like every
other class page.
"""

from __future__ import annotations

import contextlib
from typing import Any, Iterator

from tarot_learn.classroom.server.classroom import CLASSROOM
from tarot_learn.classroom.server.pool import PAGE_OWNER, WARM_ALLOWED

__all__ = ["page_owner", "quota_page", "QUOTA_PAGE"]

QUOTA_PAGE = "quota.html"    # the page an identity at its quota gets, from the class's templates


def quota_page(handler: Any, count: int) -> str:
    """The one-line page that says how many pages this browser has open and what to do."""
    return handler.settings[CLASSROOM].render(QUOTA_PAGE, count=count)


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
        handler.finish(quota_page(handler, km.per_identity))
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
