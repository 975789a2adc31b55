import os
import sys
import tempfile

import pytest

# Hypothesis keeps its example database outside the source tree, so a test run never edits it.
os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY",
                      os.path.join(tempfile.gettempdir(), "tarot_learn-hypothesis"))
from hypothesis import HealthCheck, settings  # noqa: E402

# Learners' files (drill schedules, lesson progress, autosaves) written by tests, notebooks and the
# servers they start go to a fresh folder, never into the developer's own data folder.
os.environ.setdefault("TAROT_LEARN_DATA", tempfile.mkdtemp(prefix="tarot_learn-test-data-"))

sys.path.insert(0, os.path.dirname(__file__))

# Property tests: a thorough profile for CI, a quick one while coding (HYPOTHESIS_PROFILE=dev).
settings.register_profile("ci", max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=15, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture
def toy_registered():
    """The toy game in the registry for one test, then gone again."""
    from tarot_learn import games
    from toy_game import Toy

    games.register(Toy)
    yield Toy
    games.unregister(Toy.name)


@pytest.fixture
def pure_solver(monkeypatch):
    """The solver's pure path only (``TAROT_LEARN_SOLVER=pure``): for tests that watch the pure
    adapter or searches from inside; the compiled core is checked against them move for move
    (tests/test_solver_native.py)."""
    monkeypatch.setenv("TAROT_LEARN_SOLVER", "pure")
