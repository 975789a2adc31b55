"""Experience points and chips of a shared French Tarot table (FT-49, FT-50): the arithmetic lives
with the table model in :mod:`tarot_learn.games.french_tarot.rewards`; the class store keeps what it
returns."""

from tarot_learn.games.french_tarot.rewards import BANK_SHARE_PERCENT, Outcome, Rewards, rewards

__all__ = ["Outcome", "Rewards", "rewards", "BANK_SHARE_PERCENT"]
