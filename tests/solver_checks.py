"""The check every pruning of the solver must pass: on a position the unpruned search decides,
the pruned search gives the same verdict, and its solution replays through the checked play()."""

from __future__ import annotations

from tarot_learn.solve import solve

RETRY = 50      # the pruned search's larger budget, in multiples of the full search's


def pruned_agrees_with_full(state, states: int, seconds: float | None = None) -> bool:
    """False when the unpruned search leaves ``state`` undecided within the budget (nothing to
    compare); otherwise asserts that both searches agree (the pruned one given a larger budget when
    the first leaves it undecided) and returns True."""
    full = solve(state, states=states, seconds=seconds, prune=False)
    if not full.decided:
        return False
    pruned = solve(state, states=states, seconds=seconds)
    if not pruned.decided:
        # Pruning reorders the search, so on a few positions it needs more of it than the full
        # search did: an undecided answer is no verdict, but a larger budget must reach the same one.
        pruned = solve(state, states=states * RETRY, seconds=None)
    layout = state.layout() if hasattr(state, "layout") else ""
    assert pruned.status == full.status, layout
    if pruned.solved:
        again = state.copy()
        for m in pruned.moves:
            again.play(m)
        assert again.is_won(), layout
    return True
