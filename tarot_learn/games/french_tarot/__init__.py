"""French Tarot (FFT rules, ``seeds/french_tarot.md``): the playing engine, scoring and bots.

Importing this package registers the game ``"french-tarot"`` (code ``FT``) with
:mod:`tarot_learn.games`.

* :mod:`.rules`: the rules as pure functions over card numbers (tricks, discard, poignée, deal);
* :mod:`.state`: :class:`FrenchTarot`, one deal as a ``State`` (bidding to scoring);
* :mod:`.cards`, :mod:`.scoring`: card points, thresholds and the FFT score of a deal;
* :mod:`.bots`: computer players; :mod:`.simulate`: the fast simulation loop.
"""

from .state import FrenchTarot, Phase

__all__ = ["FrenchTarot", "Phase"]
