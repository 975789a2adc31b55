"""Advice at a shared table: the strong robot's card, call or discard for the seat to decide,
with each choice's expected score and the rule of thumb it follows, when the class allows it.

The advice is computed from that seat's observation only (:mod:`~tarot_learn.games.french_tarot.advice`
sees nothing else), with a search seeded by what every seat sees (the deals played and the moves made),
so two positions alike to the seat get word-for-word the same answer; it is sent to that seat's page
only.  Cards are named as the table's pages name them (:mod:`.table_words`).
"""

from __future__ import annotations

from typing import Any

from tarot_learn.classroom.table_words import card_name
from tarot_learn.classroom.tables import Table
from tarot_learn.errors import IllegalMove
from tarot_learn.games.french_tarot import Phase
from tarot_learn.games.french_tarot.advice import call_advice, discard_advice, play_advice
from tarot_learn.games.french_tarot.observe import TarotObservation

__all__ = ["seat_advice", "question", "advice_of", "ADVICE_PHASES"]

ADVICE_PHASES = (Phase.PLAYING, Phase.CALLING, Phase.DISCARDING)


def _and(words: list[str]) -> str:
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else "".join(words)


def seat_advice(table: Table, name: str | None) -> dict[str, Any]:
    """The advice for ``name``'s seat, whose turn it is, as the page shows it:
    ``{"advice": {"kind", "cards", "expected", "text"}}``.  Anyone else is refused in one line."""
    return advice_of(*question(table, name))


def question(table: Table, name: str | None) -> tuple[TarotObservation, int]:
    """What the advice is computed from: ``name``'s observation, and a seed every seat could tell
    (the deals played and the moves made).  Refuses anyone who is not the seat to decide."""
    seat = table.seat_of(name) if name else None
    if seat is None:
        raise IllegalMove("advice is for a seated player, on their own turn", rule="page")
    if not table.started or not table.match.in_progress or table.match.deal.to_play != seat:
        raise IllegalMove("advice is for your own turn: ask when it is your turn to play, call or lay cards aside",
                          rule="page")
    obs = table.observation(name)
    if obs.phase not in ADVICE_PHASES or not any(m.startswith(("play ", "call ", "discard ")) for m in obs.legal):
        raise IllegalMove("advice is for your card, your king call or your discard, not the bidding or an "
                          "announcement", rule="page")
    return obs, table.deals_played() * 1000 + len(table.match.deal.history)


def advice_of(obs: TarotObservation, seed: int) -> dict[str, Any]:
    """The advice for the seat whose observation ``obs`` is (the search's work: run it off the server's loop)."""
    if obs.phase == Phase.DISCARDING:
        found: Any = discard_advice(obs, seed=seed)
        cards, kind = list(found.cards), "discard"
        said = f"Lay aside {_and([card_name(c) for c in cards])}. "
    else:
        found = (call_advice if obs.phase == Phase.CALLING else play_advice)(obs, seed=seed)
        cards, kind = [found.card], found.verb.lower()
        said = f"{found.verb} {card_name(found.card)}. "
    expected = [[card, mean] for card, mean in found.expected]
    scores = ", ".join(f"{card_name(card)} {mean:+.1f}" for card, mean in found.expected)
    return {"advice": {"kind": kind, "cards": cards, "expected": expected,
                       "text": f"{said}{found.reason} Expected score for the deal: {scores}."}}
