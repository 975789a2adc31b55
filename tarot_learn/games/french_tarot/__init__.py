"""French Tarot (FFT rules, ``seeds/french_tarot.md``): the playing engine, scoring and bots.

Importing this package registers the game ``"french-tarot"`` (code ``FT``) with
:mod:`tarot_learn.games`.

* :mod:`.rules`: the rules as pure functions over card numbers (tricks, discard, poignée, deal);
* :mod:`.state`: :class:`FrenchTarot`, one deal as a ``State`` (bidding to scoring);
* :mod:`.observe`: :class:`TarotObservation`, what one seat or a spectator may see (FT-44);
* :mod:`.cards`, :mod:`.scoring`: card points, thresholds and the FFT score of a deal;
* :mod:`.match`: the score sheet and a match of several deals;
* :mod:`.bots`: computer players; :mod:`.strong`: the robot that searches (:mod:`.worlds`);
  :mod:`.simulate`: the fast simulation loop.
"""

from .cards import card_points_half, is_bout, threshold
from .match import Match, ScoreSheet
from .observe import TarotObservation, TrickRecord
from .scoring import DealScore, score_deal
from .state import FrenchTarot, Phase
from . import strong  # noqa: F401  (adds the "strong" level to bots.for_level)

__all__ = ["FrenchTarot", "Phase", "TarotObservation", "TrickRecord", "card_points_half", "is_bout",
           "threshold", "DealScore", "score_deal", "ScoreSheet", "Match"]
