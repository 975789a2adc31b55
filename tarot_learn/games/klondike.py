"""Klondike with the 52-card pack (rule sheet ``seeds/klondike.md``, KL-1 .. KL-18).

Seven columns dealt 1..7 with the top card up, four foundations by suit from the Ace, building
down in alternating colours, Kings (or runs headed by one) on empty columns, draw 1/2/3 with
unlimited redeals, cards back from the foundations by default (KL-15).  The score is the number of
moves made (KL-13): see :attr:`Patience.score`.

>>> from tarot_learn import games
>>> s = games.new("klondike", seed=12)
>>> [len(c) for c in s.tab], len(s.stock), s.options["draw"]
([1, 2, 3, 4, 5, 6, 7], 24, 1)
>>> k = Klondike.from_layout("t1: [2C] 9H\\nt2: [3C] 8H")
>>> k.explain("t2>t1")
'Not allowed: Eight of Hearts and Nine of Hearts are both red: a card goes on one of the other colour (rule KL-4)'
>>> Klondike.from_pysol(s.to_pysol()).key() == s.key()
True
"""

from __future__ import annotations

from typing import Any, Hashable

from ..cards import Card, standard_deck
from ..core import IllegalMove, Move
from .pysol import from_pysol, to_pysol
from .registry import register
from .solitaire import CardFacts, Patience
from .variants import KnobCodes, options_for

__all__ = ["Klondike", "rank_race"]


@register
class Klondike(KnobCodes, Patience):
    """One deal of Klondike (KL-1 .. KL-18); its options are the rule knobs of
    :mod:`tarot_learn.games.variants`."""

    name = "klondike"
    title = "Klondike"
    code = "KL"
    pack = "standard"
    options_spec = options_for("klondike")
    NCOLS = 7
    NFOUND = 4
    FOUND_LABELS = ("Spades", "Hearts", "Diamonds", "Clubs")
    RULE = {"build": "KL-4", "run": "KL-5", "faceup": "KL-7", "found": "KL-8", "empty": "KL-6",
            "base": "KL-6", "stock": "KL-9", "redeal": "KL-10", "pointless": "KL-17",
            "return": "KL-15", "source": "KL-1", "win": "KL-12"}

    @classmethod
    def deck(cls) -> list[Card]:
        return standard_deck()

    def _facts_key(self) -> Hashable:
        return self.options["empty_column"], self.options["build"]

    def _make_facts(self) -> CardFacts:
        build = self.options["build"]
        empty = self.options["empty_column"]

        def fits(card: Card, target: Card) -> bool:          # KL-3, KL-4
            if card.rank + 1 != target.rank:
                return False
            if build == "alternate":
                return card.color != target.color
            return build == "any_suit" or card.suit == target.suit

        def empty_ok(card: Card) -> bool:                     # KL-6
            return empty == "any" or (empty == "king_only" and card.rank == 13)

        def found(card: Card) -> tuple[tuple[int, ...], int]:  # KL-8: one suit per foundation
            return (self.FOUND_LABELS.index(card.suit.title),), card.rank - 1

        return CardFacts.build(standard_deck(), fits, empty_ok, found)

    def _max_redeals(self) -> int | None:                     # KL-10: unlimited unless a variant says
        n = self.options["redeals"]
        return None if n == "unlimited" else int(n)

    def _deal(self, seed: int) -> None:                       # KL-1: row by row
        it = iter(self.shuffled_ids(seed))
        tab: list[list[int]] = [[] for _ in range(7)]
        for row in range(7):
            for j in range(row, 7):
                tab[j].append(next(it))
        rest = list(it)
        self._setup(tab, [len(c) - 1 for c in tab], [[] for _ in range(4)], rest[::-1], [], [])

    # ----- PySol boards -----------------------------------------------------------------------
    def to_pysol(self) -> str:
        """This position in PySol's Klondike board format (see :mod:`tarot_learn.games.pysol`)."""
        return to_pysol(self)

    @classmethod
    def from_pysol(cls, text: str, **options: Any) -> "Klondike":
        """A position from a PySol Klondike board (``Talon:`` line, then seven columns with
        face-down cards in angle brackets); options as for :func:`games.new`."""
        return from_pysol(text, cls, **options)

    # ----- messages ------------------------------------------------------------------------------
    def _why_not_on(self, card: Card, target: Card) -> IllegalMove:
        if target.rank == 1:
            return IllegalMove(f"nothing is ever placed on an Ace in a column ({target.name})",
                               rule="KL-4")
        build = self.options["build"]
        if build == "alternate" and card.color == target.color:
            return IllegalMove(f"{card.name} and {target.name} are both {card.color}: a card goes on "
                               "one of the other colour", rule="KL-4")
        if build == "same_suit" and card.suit != target.suit:
            return IllegalMove(f"{card.name} is not in the suit of {target.name}: in this variant a "
                               "card goes on one of its own suit", rule="KL-4")
        return IllegalMove(f"{card.name} is not one rank lower than {target.name}", rule="KL-4")

    def _why_not_empty(self, card: Card) -> IllegalMove:
        if self.options["empty_column"] == "none":
            return IllegalMove(f"in this variant no card may open an empty column, not {card.name}",
                               rule="KL-6")
        return IllegalMove(f"an empty column takes only a King (or a run headed by one), not "
                           f"{card.name}", rule="KL-6")

    def _why_not_found(self, card: Card, f: int) -> IllegalMove:
        if f != self.FOUND_LABELS.index(card.suit.title):
            return IllegalMove(f"{card.name} goes up to the {card.suit.title} foundation, "
                               f"f{self.FOUND_LABELS.index(card.suit.title) + 1}", rule="KL-8")
        return super()._why_not_found(card, f)

    def _explain(self, move: Move) -> str:
        if move.action == "draw":
            n = min(self._draw_count(), len(self.stock))
            return (f"Draw turns {n} card{'s' if n > 1 else ''} from the stock onto the waste; only "
                    "the top one is in play (KL-9).")
        if move.action == "redeal":
            left = self.redeals_left()
            more = "" if left is None else f" ({left} redeal(s) left before this one)"
            return f"The stock is empty: turn the waste over to make a new stock{more} (KL-10)."
        src, dst = self.pile(move.src), self.pile(move.dst)
        assert src is not None and dst is not None
        card = self.facts.cards[src[2][-move.count]]
        run = f" with the {move.count - 1} card(s) on it (KL-5)" if move.count > 1 else ""
        back = " back down from its foundation (KL-15)" if src[0] == "f" else ""
        if dst[0] == "f":
            first = "an Ace starts its suit's foundation" if card.rank == 1 else \
                "it is the next card of its suit"
            return f"{card.name} goes up to the {self.FOUND_LABELS[dst[1]]} foundation: {first} (KL-8)."
        if not dst[2]:
            who = "a King may open it" if self.options["empty_column"] == "king_only" else \
                "any card may open it in this variant"
            return f"{card.name}{run} moves{back} to the empty column {move.dst}: {who} (KL-6)."
        target = self.facts.cards[dst[2][-1]]
        how = {"alternate": f"{card.color} on {target.color}", "same_suit": "in suit",
               "any_suit": "any suit in this variant"}[self.options["build"]]
        return f"{card.name}{run} goes{back} on {target.name}: one rank lower and {how} (KL-4)."


def rank_race(players: dict[str, Klondike]) -> list[tuple[int, str]]:
    """Places in a race on one deal (KL-14, KL-18): winners first by fewest moves (the score,
    KL-13), then the others by most cards up, then fewest moves; equal records share a place.

    >>> a = Klondike.from_layout("f1: ..QS\\nf2: ..KH\\nf3: ..KD\\nf4: ..KC\\nt1: KS")
    >>> b = a.copy(); _ = a.play("t1>f1")
    >>> rank_race({"ann": a, "bob": b})
    [(1, 'ann'), (2, 'bob')]
    """
    def record(state: Klondike) -> tuple[int, int, int]:
        return (0 if state.is_won() else 1, -sum(len(f) for f in state.found), state.score)

    order = sorted(players, key=lambda name: (record(players[name]), name))
    places: list[tuple[int, str]] = []
    for i, name in enumerate(order):
        same = i and record(players[name]) == record(players[order[i - 1]])
        places.append((places[-1][0] if same else i + 1, name))
    return places
