"""Fixtures for the browser tests (helpers live in jlab.py)."""

from __future__ import annotations

import os
import pathlib
import secrets
import sys

import pytest

from tests.browser.jlab import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, ROOT, free_port, serving


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def artifacts() -> pathlib.Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def jupyter_lab(artifacts):
    """JupyterLab on a free port, as ``make lab`` runs it; yields the Server."""
    port, token = free_port(), secrets.token_hex(16)
    jupyter = pathlib.Path(sys.executable).with_name("jupyter")
    argv = [str(jupyter), "lab", "--ip=127.0.0.1", f"--port={port}", "--no-browser",
            f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={ROOT}",
            "--LabApp.news_url=None", "--LabApp.collaborative=False"]
    if os.geteuid() == 0:
        argv.append("--allow-root")
    yield from serving(argv, port, token, artifacts / "jupyterlab.log")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not os.path.exists(CHROMIUM):
        pytest.skip("Debian's chromium is not installed (make test installs it when run as root)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS,
            "headless": True}


@pytest.fixture
def console_errors(page):
    """JavaScript errors seen by the page during the test (asserted empty by tests that care)."""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    return errors




@pytest.fixture(scope="session")
def voila(artifacts):
    """One Voila server (as ``make classroom`` runs it) shared by the browser tests."""
    from tests.browser.boardkit import start_voila

    server = start_voila(artifacts)
    try:
        yield server
    finally:
        server.stop()
