"""What a shared table's page says in words: cards by their French Tarot names, moves as a player
would say them, the trick just won and why, whose turn it is.

Everything here is computed from one seat's observation (or from what every seat sees: the seats,
the clock), so a page never learns more than its seat's observation holds.

>>> card_name("NW"), card_name("T7"), card_text("QC"), move_label("bid garde_sans")
('Cavalier of Clubs', 'Trump 7', 'D♥', 'Garde sans')
>>> move_label("declare none"), move_label("declare poignee T21 T20 T19 T18 T17 T16 T15 T14 T13 T12")
('No chelem', 'Show a poignée of 10 trumps')
"""

from __future__ import annotations

from typing import Any, Sequence

__all__ = ["card_name", "card_text", "move_label", "trick_won", "card_words", "deal_summary", "card_notes"]

_RANKS = {"A": "Ace", "P": "Valet", "N": "Cavalier", "Q": "Dame", "K": "Roi"}
_LETTERS = {"A": "1", "P": "V", "N": "C", "Q": "D", "K": "R"}     # the letters French cards carry
_SUITS = {"W": ("Clubs", "♣"), "C": ("Hearts", "♥"), "S": ("Spades", "♠"), "P": ("Diamonds", "♦")}
_BIDS = {"pass": "Pass", "prise": "Prise", "garde": "Garde", "garde_sans": "Garde sans",
         "garde_contre": "Garde contre"}


def card_name(code: str) -> str:
    """A card's name as French Tarot players say it in English (``'?'`` is a face-down card)."""
    if code == "?":
        return "face-down card"
    if code.startswith("T"):
        return {"T0": "the Excuse", "T1": "the Petit (Trump 1)"}.get(code, "Trump " + code[1:])
    rank, suit = code[:-1], _SUITS.get(code[-1], ("?", ""))[0]
    return f"{_RANKS.get(rank, rank)} of {suit}"


def card_text(code: str) -> str:
    """A card's short face text: ``R♠`` for the Roi of Spades, ``Trump 7``, ``Excuse``."""
    if code.startswith("T"):
        return "Excuse" if code == "T0" else "Trump " + code[1:]
    rank, symbol = code[:-1], _SUITS.get(code[-1], ("", "?"))[1]
    return _LETTERS.get(rank, rank) + symbol


def move_label(move: str) -> str:
    """A move as a button says it: ``Garde sans``, ``Pass``, ``No chelem``, ``Call the Roi of Spades``."""
    action, _, arg = move.partition(" ")
    if action == "bid":
        return _BIDS.get(arg, arg.replace("_", " ").capitalize())
    if action == "declare":
        words = arg.split()
        if words[:1] == ["poignee"]:
            return f"Show a poignée of {len(words) - 1} trumps"
        return {"none": "No chelem", "chelem": "Announce a chelem"}.get(arg, arg.capitalize())
    if action == "call":
        return "Call the " + card_name(arg)
    if action == "discard":
        return "Discard the " + card_name(arg)
    if action == "play":
        return "Play " + card_name(arg)
    return move


def card_words(obs: Any) -> dict[str, dict[str, str]]:
    """Each card the observation shows: its face text and its name, for buttons and screen readers."""
    if obs is None:
        return {}
    seen = {str(c) for p in obs.piles for c in p.cards} | {str(c) for t in obs.tricks for c in t.cards}
    return {c: {"text": card_text(c), "name": card_name(c)} for c in seen}


def trick_won(obs: Any) -> dict[str, Any] | None:
    """The last trick won (public once played): its cards by seat, the winner, and why it won."""
    if obs is None or not obs.tricks:
        return None
    trick, names = obs.tricks[-1], list(obs.seat_names)
    cards = [str(c) for c in trick.cards]
    seats = [(trick.leader + k) % len(names) for k in range(len(cards))]
    won_with = cards[seats.index(trick.winner)] if trick.winner in seats else ""
    return {"number": len(obs.tricks), "winner": names[trick.winner],
            "cards": [{"seat": names[s], "card": c} for s, c in zip(seats, cards)],
            "why": _why(cards, won_with)}


def _why(cards: list[str], won_with: str) -> str:
    """Why the trick went where it did, in a few words (FT-19 .. FT-21)."""
    if won_with == "T0":
        return "the Excuse led as the last trick of a chelem"
    if won_with.startswith("T"):
        return f"highest trump ({card_name(won_with)})"
    led = next((c for c in cards if c != "T0"), won_with)
    suit = _SUITS.get(led[-1], ("the suit led", ""))[0]
    return f"highest card of the suit led, {suit} ({card_name(won_with)})"


def deal_summary(number: int, score: Any, names: Sequence[str], seat_names: Sequence[str],
                 practice: bool = False) -> dict[str, Any]:
    """The end of a scored deal in words, read from the engine's :class:`~.scoring.DealScore` (every
    figure is the engine's: nothing is recomputed here).  Everything in it is public once the deal
    is scored: contract, taker and partner, bouts, points, needed, made or failed by how much, the
    bonuses and each seat's score.

    >>> from tarot_learn.games.french_tarot.scoring import score_deal
    >>> s = deal_summary(1, score_deal(4, "garde", 2, 47), ["Ana", "Ben", "Cy", "Dee"],
    ...                  ["South", "East", "North", "West"])
    >>> s["headline"]
    'Deal 1: Ana (South) took a Garde alone and made it by 6: 47 points with 2 bouts, 41 needed.'
    >>> [p["score"] for p in s["seats"]], sum(p["score"] for p in s["seats"])
    ([186, -62, -62, -62], 0)
    """
    def who(seat: int) -> str:
        return f"{names[seat]} ({seat_names[seat]})"

    partner = score.partner if score.partner not in (None, score.taker) else None
    side = f" with {who(partner)}" if partner is not None else " alone"
    result = (f"made it by {score.margin}" if score.made and score.margin else
              "made it exactly" if score.made else f"failed by {-score.margin}")
    points = f"{score.points:g}"
    headline = (f"Deal {number}: {who(score.taker)} took a {score.contract_label}{side} and {result}: "
                f"{points} points with {score.bouts} bout{'' if score.bouts == 1 else 's'}, "
                f"{score.threshold} needed.")
    roles = {score.taker: "taker", **({partner: "partner"} if partner is not None else {})}
    return {"number": number, "headline": headline, "contract": score.contract_label,
            "taker": who(score.taker), "partner": who(partner) if partner is not None else None,
            "bouts": score.bouts, "points": points, "needed": score.threshold, "made": score.made,
            "by": abs(score.margin), "practice": practice,
            "bonuses": [{"label": _bonus_label(t), "value": t.value} for t in score.terms
                        if t.label not in ("contract", "margin")],
            "value": score.value,
            "seats": [{"name": who(i), "role": roles.get(i, "defender"), "score": x}
                      for i, x in enumerate(score.scores)]}


def _bonus_label(term: Any) -> str:
    """``'petit au bout (taken by the defence)'``: a term as a score sheet's line says it."""
    return f"{term.label} ({term.note})" if term.note else term.label


def card_notes(deal: Any, seat: int | None) -> dict[str, str]:
    """Why each card of ``seat``'s hand is held back now (``{card: reason with its rule}``), when
    it is that seat's turn to play a card or discard; lit cards have no note.  Only the seat's own
    hand and what every seat sees decide it."""
    phase = str(deal.phase)
    if seat is None or deal.to_play != seat or phase not in ("playing", "discarding"):
        return {}
    action = "play" if phase == "playing" else "discard"
    notes = {}
    for card in deal.observation(seat).hand:
        err = deal.why_illegal(f"{action} {card}")
        if err is not None:
            notes[str(card)] = str(err)
    return notes
