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

# --- scoring, score sheet and match (cards.py, scoring.py, match.py; appended by their author) ---
from .cards import card_points_half, is_bout, threshold  # noqa: E402
from .match import Match, ScoreSheet  # noqa: E402
from .scoring import DealScore, score_deal  # noqa: E402

__all__ += ["card_points_half", "is_bout", "threshold", "DealScore", "score_deal", "ScoreSheet",
            "Match"]
# --- end of the scoring block ---
