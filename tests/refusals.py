"""The one check every rule test makes of a refused move."""

import pytest

from tarot_learn.core import IllegalMove


def refused(state, move, rule):
    """The move raises IllegalMove citing ``rule`` and changes nothing: position, history, redo
    line and score are as before.  Returns the error for further checks of its wording."""
    before = (state.key(), state.moves, state.redo_moves, state.moves_made)
    with pytest.raises(IllegalMove) as err:
        state.play(move)
    assert err.value.rule == rule, str(err.value)
    assert (state.key(), state.moves, state.redo_moves, state.moves_made) == before
    return err.value
