"""Doctests of the package: the solver's compiled core is loaded before the first one runs.

A search that waits more than a second for the core says so on the output (a learner must not
wait in silence), and a doctest would read that line as part of its result on a busy machine.
"""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _solver_core_loaded_for_doctests(request: pytest.FixtureRequest) -> None:
    if isinstance(request.node, pytest.DoctestItem):
        from tarot_learn.solve import native

        native.warm()
