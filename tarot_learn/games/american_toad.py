"""American Toad: two packs, a reserve of twenty, a base rank (rule sheet ``seeds/american_toad.md``).

Eight tableau piles build down in suit (King on Ace wraps round), eight foundations climb in suit
from the base rank set by the card dealt to them (King to Ace wraps too) to 13 cards each.  An
emptied pile is refilled at once from the reserve; the stock turns one card at a time with one
redeal (the ``redeals`` option).

Foundations are shown two per suit, f1 f2 Spades, f3 f4 Hearts, f5 f6 Diamonds, f7 f8 Clubs: the
source places foundations freely, and fixing their places changes nothing in play (AT-4).

>>> from tarot_learn import games
>>> s = games.new("american-toad", seed=5)
>>> len(s.reserve), [len(c) for c in s.tab], len(s.stock), sum(len(f) for f in s.found)
(20, [1, 1, 1, 1, 1, 1, 1, 1], 75, 1)
>>> t = AmericanToad.from_layout("base: 7\\nt1: 8H\\nt2: 7S\\nt3: AC\\nt4: KC")
>>> t.explain("t2>t1")
'Not allowed: Seven of Spades is not in the suit of Eight of Hearts: build down in suit (rule AT-7)'
>>> t.explain("t4>t3")
'King of Clubs goes on Ace of Clubs: same suit, one rank lower, King on Ace wrapping round (AT-7).'
"""

from __future__ import annotations

from typing import Any, Hashable

from ..cards import Card, CardError, double_deck
from ..core import IllegalMove, LayoutError, Move, SaveError
from .registry import register
from .solitaire import CardFacts, Patience
from .variants import KnobCodes, options_for

__all__ = ["AmericanToad"]

_RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}


def _rank_text(rank: int) -> str:
    return _RANK_TEXT.get(rank, str(rank))


@register
class AmericanToad(KnobCodes, Patience):
    """One deal of American Toad (AT-1 .. AT-17); its options are the rule knobs of
    :mod:`tarot_learn.games.variants`."""

    name = "american-toad"
    title = "American Toad"
    code = "AT"
    pack = "standard"
    options_spec = options_for("american-toad")
    NCOLS = 8
    NFOUND = 8
    HAS_RESERVE = True
    DOUBLE = True
    FOUND_LABELS = ("Spades", "Spades", "Hearts", "Hearts", "Diamonds", "Diamonds", "Clubs", "Clubs")
    RULE = {"build": "AT-7", "run": "AT-8", "faceup": "AT-2", "found": "AT-4", "empty": "AT-9",
            "base": "AT-9", "stock": "AT-10", "redeal": "AT-11", "pointless": "AT-17",
            "return": "AT-6", "source": "AT-6", "win": "AT-12"}

    base: int = 1
    _EXTRA_ATTRS = ("base",)

    @classmethod
    def deck(cls) -> list[Card]:
        return double_deck()

    # ----- rules as data -------------------------------------------------------------------------
    def _facts_key(self) -> Hashable:
        return self.base, self.options["empty_column"], self.options["build"]

    def _make_facts(self) -> CardFacts:
        base = self.base
        build = self.options["build"]
        empty = self.options["empty_column"]

        def fits(card: Card, target: Card) -> bool:                      # AT-7 (wrapping)
            if target.rank != card.rank % 13 + 1:
                return False
            if build == "same_suit":
                return card.suit == target.suit
            return build == "any_suit" or card.color != target.color

        def empty_ok(card: Card) -> bool:                                # AT-9
            return empty == "any" or (empty == "king_only" and card.rank == 13)

        def found(card: Card) -> tuple[tuple[int, ...], int]:            # AT-3, AT-4
            s = self.FOUND_LABELS.index(card.suit.title)
            return (s, s + 1), (card.rank - base) % 13

        return CardFacts.build(double_deck(), fits, empty_ok, found)

    def _max_redeals(self) -> int | None:
        return int(self.options["redeals"])

    def _draw_count(self) -> int:
        return int(self.options["draw"])                                  # AT-10

    def _returns_allowed(self) -> bool:
        return False                                                      # AT-6

    def _reserve_builds(self) -> bool:
        return True                                                       # AT-6, AT-7

    def _same_foundation(self, a: int, b: int) -> bool:
        # The two foundations of a suit at the same height take the same card (AT-4).
        return a // 2 == b // 2 and len(self.found[a]) == len(self.found[b])

    # ----- the deal (AT-2, AT-3) -----------------------------------------------------------------
    def _deal(self, seed: int) -> None:
        order = self.shuffled_ids(seed)
        deck = double_deck()
        self.base = deck[order[28]].rank
        tab = [[c] for c in order[20:28]]
        found: list[list[int]] = [[] for _ in range(8)]
        found[self.FOUND_LABELS.index(deck[order[28]].suit.title)].append(order[28])
        self._setup(tab, [0] * 8, found, order[29:][::-1], [], order[:20])

    def _extra_snapshot(self) -> dict[str, Any]:
        return {"base": self.base}

    def _extra_restore(self, data: dict[str, Any]) -> None:
        base = data.get("base")
        if isinstance(base, bool) or not isinstance(base, int) or not 1 <= base <= 13:
            raise SaveError(f"the saved base rank must be 1..13, not {base!r}")
        self.base = base

    def _extra_layout(self) -> list[str]:
        return [f"base: {_rank_text(self.base)}"]

    def _extra_keys(self) -> list[str]:
        return ["base"]

    def _read_extra(self, rows: dict[str, tuple[int, str]]) -> None:
        base = None
        if "base" in rows:
            n, text = rows["base"]
            try:
                base = Card.parse(text.strip() + "S", "standard").rank
            except CardError:
                raise LayoutError(f"line {n}: the base rank is written A, 2 .. 10, J, Q or K, "
                                  f"not {text.strip()!r}") from None
        for f in range(1, 9):
            n, text = rows.get(f"f{f}", (0, ""))
            first = text.replace("..", " ").split()[:1]
            if first and not text.strip().startswith(".."):
                try:
                    rank = Card.parse(first[0], "standard").rank
                except CardError as err:
                    raise LayoutError(f"line {n}: {err}") from None
                if base is None:
                    base = rank
                elif rank != base:
                    raise LayoutError(f"line {n}: every foundation starts with the base rank "
                                      f"{_rank_text(base)}, not {first[0]} (AT-3)")
        if base is None:
            raise LayoutError("write the base rank on a line like 'base: 7' (AT-3)")
        self.base = base
        self._bind()

    def _check_extra(self, tab, down, found, reserve, where) -> None:
        if any(down):
            raise LayoutError("American Toad's tableau cards are all face up (AT-2): remove the brackets")
        if reserve:
            for i, col in enumerate(tab):
                if not col:
                    raise LayoutError(f"{where(f't{i + 1}')}: an empty pile is filled from the reserve "
                                      "at once while the reserve has cards (AT-9)")

    def _win_count(self) -> int:
        return 104                                                        # AT-12

    def _waste_label(self) -> str:
        return "Waste"

    # ----- messages ---------------------------------------------------------------------------------
    def _why_not_on(self, card: Card, target: Card) -> IllegalMove:
        build = self.options["build"]
        if build == "same_suit" and card.suit != target.suit:
            return IllegalMove(f"{card.name} is not in the suit of {target.name}: build down in suit",
                               rule="AT-7")
        if build == "alternate" and card.color == target.color:
            return IllegalMove(f"{card.name} and {target.name} are both {card.color}: in this variant "
                               "a card goes on one of the other colour", rule="AT-7")
        return IllegalMove(f"{card.name} is not one rank below {target.name} (a King goes on an "
                           "Ace)", rule="AT-7")

    def _why_not_empty(self, card: Card) -> IllegalMove:
        what = "no card" if self.options["empty_column"] == "none" else "only a King"
        return IllegalMove(f"in this variant {what} may fill an empty pile once the reserve is empty, "
                           f"not {card.name}", rule="AT-9")

    def _why_not_found(self, card: Card, f: int) -> IllegalMove:
        label = self.FOUND_LABELS[f]
        if card.suit.title != label:
            places = " or ".join(f"f{i + 1}" for i, s in enumerate(self.FOUND_LABELS) if s == card.suit.title)
            if not self.found[f] and card.rank == self.base:   # a base card: AT-5 says where it starts
                return IllegalMove(f"{card.name} starts a foundation in a {card.suit.title} place "
                                   f"({places}), not in the {label} place f{f + 1}", rule="AT-5")
            return IllegalMove(f"{card.name} goes on a {card.suit.title} foundation ({places}), not {label}",
                               rule="AT-4")
        if not self.found[f] and card.rank != self.base:
            return IllegalMove(f"a foundation starts with the base rank, {_rank_text(self.base)}, "
                               f"not {card.name}", rule="AT-5")
        if len(self.found[f]) == 13:
            return IllegalMove(f"that {label} foundation is complete", rule="AT-4")
        want = (self.base + len(self.found[f]) - 1) % 13 + 1
        return IllegalMove(f"that {label} foundation takes the {_rank_text(want)} next, not "
                           f"{card.name}", rule="AT-4")

    def _explain(self, move: Move) -> str:
        if move.action == "draw":
            if self._draw_count() == 1:
                return "Draw turns the top card of the stock onto the waste (AT-10)."
            return (f"Draw turns {self._draw_count()} cards from the stock onto the waste; only the top "
                    "one is in play (AT-10).")
        if move.action == "redeal":
            left = self._max_redeals() - self.passes
            return f"Turn the waste over into a new stock ({left} redeal(s) left, AT-11)."
        src, dst = self.pile(move.src), self.pile(move.dst)
        assert src is not None and dst is not None
        card = self.facts.cards[src[2][-move.count]]
        empties = move.src[0] == "t" and len(src[2]) == move.count and self.reserve
        fill = " The reserve's top card fills the emptied pile at once (AT-9)." if empties else ""
        seq = f" with the {move.count - 1} card(s) on it (AT-8)" if move.count > 1 else ""
        if dst[0] == "f":
            if not dst[2]:
                return (f"{card.name} starts a {card.suit.title} foundation: its rank is the base "
                        f"rank, {_rank_text(self.base)} (AT-3, AT-5).{fill}")
            return f"{card.name} goes up: it is next in suit on its foundation (AT-4).{fill}"
        if not dst[2]:
            return f"{card.name}{seq} fills the empty pile {move.dst}: the reserve is empty (AT-9).{fill}"
        target = self.facts.cards[dst[2][-1]]
        wrap = ", King on Ace wrapping round" if card.rank == 13 else ""
        how = {"same_suit": "same suit", "alternate": f"{card.color} on {target.color}",
               "any_suit": "any suit in this variant"}[self.options["build"]]
        return f"{card.name}{seq} goes on {target.name}: {how}, one rank lower{wrap} (AT-7).{fill}"
