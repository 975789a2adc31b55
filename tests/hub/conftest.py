"""The school hub's test runs only when asked for (``make test-hub``, i.e. ``-m hub``): it starts a
JupyterHub, its proxy and three students' servers, which the two passes of ``make test`` (``-m "not
browser"`` and ``-m browser``) must not start on the side."""

from __future__ import annotations

import os

import pytest

from tests.browser.jlab import CHROMIUM, CHROMIUM_ARGS


def pytest_collection_modifyitems(config, items):
    wanted = config.getoption("markexpr", "") or ""
    if not wanted or "hub" in wanted:
        return
    kept = [item for item in items if "tests/hub/" not in str(item.fspath).replace(os.sep, "/")]
    if len(kept) != len(items):
        config.hook.pytest_deselected(items=[i for i in items if i not in kept])
        items[:] = kept


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not os.path.exists(CHROMIUM):
        pytest.skip("Debian's chromium is not installed (make test installs it when run as root)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS, "headless": True}
