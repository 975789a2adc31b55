"""Tarot Solitaire: Klondike with the 78-card tarot pack (rule sheet ``seeds/tarot_solitaire.md``).

Nine columns, five foundations (one per suit, Ace..King, and the trumps, Magician..World), a
stock turned two at a time; cards build down by playing value (numerology: trumps above 10 play
as their digit sum) in alternating suit groups, trumps fit any suit and the Fool is wild.

>>> from tarot_learn import games
>>> s = games.new("tarot-solitaire", seed=7)
>>> [len(s.tab[i]) for i in range(9)], len(s.stock)
([10, 9, 8, 7, 6, 5, 4, 3, 2], 24)
>>> t = TarotSolitaire.from_layout("t1: KS\\nt2: T13\\nt3: T21")
>>> print(t.explain("t3>t2"))  # doctest: +NORMALIZE_WHITESPACE
Not allowed: The World (XXI) is the base of its column and stays there; only the Fool may leave
an empty space (rule TS-11)
>>> print(t.explain("t2>t1"))  # doctest: +NORMALIZE_WHITESPACE
Not allowed: Death (XIII) plays as 1+3 = 4 and King of Swords as 14: a card must play exactly one
less than the card it goes on (rule TS-5)
"""

from __future__ import annotations

from typing import Hashable

from ..cards import Card, Suit, tarot_deck
from ..core import IllegalMove, Move
from ..numerology import arithmetic, fits_on, playing_value
from .registry import register
from .solitaire import CardFacts, Patience
from .variants import KnobCodes, options_for

__all__ = ["TarotSolitaire"]

_SUIT_FOUND = {Suit.WANDS: 0, Suit.CUPS: 1, Suit.SWORDS: 2, Suit.PENTACLES: 3, Suit.TRUMPS: 4}


def _value_text(card: Card) -> str:
    """``'Death (XIII) plays as 1+3 = 4'``: the name and, for a high trump, the sum behind it."""
    if card.is_fool:
        return f"{card.name} is wild"
    v = playing_value(card)
    sums = arithmetic(card)
    return f"{card.name} plays as {sums}" if sums else f"{card.name} plays as {v}"


def _value_rule(*cards: Card) -> str:
    if any(c.is_trump and c.rank > 10 for c in cards):
        return "TS-5"
    if any(c.is_trump for c in cards):
        return "TS-3"
    return "TS-2"


@register
class TarotSolitaire(KnobCodes, Patience):
    """One deal of Tarot Solitaire (TS-1 .. TS-23); its options are the rule knobs of
    :mod:`tarot_learn.games.variants`."""

    name = "tarot-solitaire"
    title = "Tarot Solitaire"
    code = "TS"
    pack = "tarot"
    options_spec = options_for("tarot-solitaire")
    NCOLS = 9
    NFOUND = 5
    FOUND_LABELS = ("Wands", "Cups", "Swords", "Pentacles", "Trumps")
    RULE = {"build": "TS-1", "run": "TS-1", "faceup": "TS-10", "found": "TS-9", "empty": "TS-11",
            "base": "TS-11", "stock": "TS-12", "redeal": "TS-12", "pointless": "TS-23",
            "return": "TS-19", "source": "TS-1", "win": "TS-14"}

    @classmethod
    def deck(cls) -> list[Card]:
        return tarot_deck()

    # ----- the rules as per-card data --------------------------------------------------------
    def _wild(self) -> bool:
        return self.options["fool"] == "wild"

    def _facts_key(self) -> Hashable:
        return self.options["fool"], self.options["empty_column"], self.options["build"]

    def _make_facts(self) -> CardFacts:
        wild = self._wild()
        build = self.options["build"]
        empty = self.options["empty_column"]

        def fits(card: Card, target: Card) -> bool:
            if card.is_fool or target.is_fool:
                return wild                                   # TS-8; TS-18 when not wild
            if card.group and target.group:                   # TS-6 (trumps: TS-7)
                if build == "alternate" and card.group == target.group:
                    return False
                if build == "same_suit" and card.suit != target.suit:
                    return False
            return fits_on(card, target)                      # TS-2 .. TS-5

        def empty_ok(card: Card) -> bool:                     # TS-11, TS-18
            if card.is_fool:
                return wild and empty in ("standard", "any")
            if empty == "standard":
                return (card.rank == 14 and not card.is_trump) or card == _WORLD
            return empty == "any" or (empty == "king_only" and card.rank == 14 and not card.is_trump)

        def found(card: Card) -> tuple[tuple[int, ...], int]:  # TS-9, TS-18
            slot = (_SUIT_FOUND[card.suit],)
            if card.is_trump:
                if card.is_fool:
                    return ((), -1) if wild else (slot, 0)
                return slot, card.rank - 1 if wild else card.rank
            return slot, card.rank - 1

        return CardFacts.build(tarot_deck(), fits, empty_ok, found)

    def _max_redeals(self) -> int | None:                     # TS-12: unlimited unless a variant says
        n = self.options["redeals"]
        return None if n == "unlimited" else int(n)

    def _win_count(self) -> int:                              # TS-14
        return 77 if self._wild() else 78

    def needs_no_home(self, card: int) -> bool:
        return self.facts.cards[card].is_fool                 # the wild Fool needs no home

    def may_lift(self, col: list[int], start: int) -> bool:   # TS-11: a base King or World stays
        if start or self.options["empty_column"] != "standard":
            return True
        card = self.facts.cards[col[0]]
        return not ((card.rank == 14 and not card.is_trump) or card == _WORLD)

    def _waste_label(self) -> str:
        return "Discard"                                      # the source's word (TS-12)

    def may_return(self, card: int) -> bool:                  # TS-19: the trump Ace stays up
        return not self.facts.cards[card].is_fool

    # ----- the deal (TS-13, TS-17) -----------------------------------------------------------------
    def _deal(self, seed: int) -> None:
        order = self.shuffled_ids(seed)
        tab: list[list[int]] = [[] for _ in range(9)]
        it = iter(order)
        if self.options["face_down_row"]:
            for j in range(9):
                tab[j].append(next(it))
        for last in range(9, 0, -1):      # each row stops one column earlier, top card up
            for j in range(last):
                tab[j].append(next(it))
        rest = list(it)
        self._setup(tab, [len(c) - 1 for c in tab], [[] for _ in range(5)], rest[::-1], [], [])

    # ----- explanations ---------------------------------------------------------------------------
    def _why_not_on(self, card: Card, target: Card) -> IllegalMove:
        if not self._wild() and (card.is_fool or target.is_fool):
            if card.is_fool:
                return IllegalMove("as the trump Ace the Fool only goes up, to open the trump "
                                   "foundation", rule="TS-18")
            return IllegalMove("nothing is built on the Fool when it is the trump Ace", rule="TS-18")
        build = self.options["build"]
        if card.group and target.group and build == "alternate" and card.group == target.group:
            names = "Pentacles and Cups" if card.group == "PC" else "Swords and Wands"
            return IllegalMove(f"{card.name} and {target.name} are both in the {names} group; "
                               "suit cards must alternate groups", rule="TS-6")
        if card.group and target.group and build == "same_suit" and card.suit != target.suit:
            return IllegalMove(f"{card.name} is not in the suit of {target.name}: in this variant suit "
                               "cards build in suit (trumps still fit any suit)", rule="TS-6")
        tv = playing_value(target)
        if tv == 10 and playing_value(card) != 9:
            return IllegalMove(f"only a card playing 9 goes on {target.name}: a 10 counts 10 even "
                               "where it stands in for an Ace", rule="TS-4")
        if playing_value(card) == 10:
            return IllegalMove(f"{_value_text(card)}: it goes on a Page (as a 10) or on a card "
                               f"playing 2 (as an Ace), and {_value_text(target)}", rule="TS-4")
        if (target.rank == 1 and not target.is_trump) or target == _MAGICIAN:
            return IllegalMove(f"nothing plays as 0, so only the Fool may cover {target.name}",
                               rule=_value_rule(card, target))
        # The value rule where a value or the trumps' order was misread (one higher, a high trump's
        # printed number would fit, trump on trump); otherwise the building rule is what is broken.
        misread = (playing_value(card) == playing_value(target) + 1 or card.rank == target.rank - 1
                   or (card.is_trump and target.is_trump))
        return IllegalMove(f"{_value_text(card)} and {target.name} as {_played(target)}: a card "
                           "must play exactly one less than the card it goes on",
                           rule=_value_rule(card, target) if misread else "TS-1")

    def _why_not_empty(self, card: Card) -> IllegalMove:
        if card.is_fool and not self._wild():
            return IllegalMove("as the trump Ace the Fool may not open an empty column", rule="TS-18")
        return IllegalMove(f"{_EMPTY_TEXT[self.options['empty_column']]}, not {card.name}", rule="TS-11")

    def _why_not_lift(self, card: Card) -> IllegalMove:
        return IllegalMove(f"{card.name} is the base of its column and stays there; only the Fool "
                           "may leave an empty space", rule="TS-11")

    def _why_not_found_return(self, card: Card) -> IllegalMove:
        return IllegalMove("the Fool, once up as the trump Ace, never comes back down", rule="TS-19")

    def _why_not_found(self, card: Card, f: int) -> IllegalMove:
        if card.is_fool and self._wild():
            return IllegalMove("the wild Fool has no foundation; the game is won without it",
                               rule="TS-14")
        if f == 4 and card.is_trump:
            need = "the Fool" if not self._wild() else "the Magician (I)"
            have = self.found[4]
            if not have:
                return IllegalMove(f"the trump foundation starts with {need}", rule="TS-9")
            top = self.facts.cards[have[-1]]
            return IllegalMove(f"trumps go up by printed number, not digit sum: {top.name} is "
                               f"next followed by trump {top.rank + 1}, not {card.name}", rule="TS-9")
        err = super()._why_not_found(card, f)
        if (f != 4) == card.is_trump:
            return IllegalMove(f"{card.name} belongs on the {self.FOUND_LABELS[_SUIT_FOUND[card.suit]]}"
                               " foundation", rule="TS-9")
        return err

    def _explain(self, move: Move) -> str:
        if move.action == "draw":
            n = min(self._draw_count(), len(self.stock))
            return (f"Draw turns {n} card{'s' if n > 1 else ''} from the stock onto the discard; only "
                    "the top one is in play (TS-12, TS-16).")
        if move.action == "redeal":
            left = self.redeals_left()
            more = "" if left is None else f" ({left} redeal(s) left before this one)"
            return f"The stock is empty: turn the discard over to make a new stock{more} (TS-12)."
        src = self.pile(move.src)
        dst = self.pile(move.dst)
        assert src is not None and dst is not None
        card = self.facts.cards[src[2][-move.count]]
        run = f" with the {move.count - 1} card(s) on it (a run moves whole, TS-1)" if move.count > 1 else ""
        if dst[0] == "f":
            if card.is_trump:
                below = self.facts.cards[dst[2][-1]] if dst[2] else None  # the wild Fool never goes up
                what = ("the Fool opens the trump foundation as its Ace (TS-18)" if card.is_fool
                        else "it starts the trump foundation, which climbs by printed number (TS-9)"
                        if below is None else f"trumps climb by printed number, {card.rank} after {below.rank} (TS-9)")
                return f"{card.name} goes up to the Trumps foundation: {what}."
            prev = "it starts the foundation" if card.rank == 1 else "it follows the card below in suit"
            return f"{card.name} goes up to the {self.FOUND_LABELS[dst[1]]} foundation: {prev} (TS-9)."
        back = " back down from its foundation (TS-19)" if src[0] == "f" else ""
        if not dst[2]:
            return (f"{card.name}{run} moves{back} to the empty column {move.dst}: "
                    f"{_EMPTY_TEXT[self.options['empty_column']].replace('only ', '', 1)} (TS-11).")
        target = self.facts.cards[dst[2][-1]]
        if card.is_fool:
            return f"{card.name}{run} goes{back} on {target.name}: the Fool is wild (TS-8)."
        if target.is_fool:
            return f"{card.name}{run} goes{back} on {target.name}: any card may go on the wild Fool (TS-8)."
        if playing_value(card) == 10 and playing_value(target) == 2:
            how = f"on a 2, standing in for an Ace (TS-4, {_value_rule(card, target)})"
        else:
            how = f"one lower ({_value_rule(card, target)})"
        if card.is_trump or target.is_trump:
            suits = "a trump fits any suit (TS-7)"
        else:
            suits = _BUILD_TEXT[self.options["build"]]
        return (f"{card.name}{run} goes{back} on {target.name}: {_value_text(card)} and "
                f"{target.name} as {_played(target)}, {how}; {suits[:-1]}, TS-1).")


def _played(card: Card) -> str:
    sums = arithmetic(card)
    return sums if sums else str(playing_value(card))


_WORLD = Card(Suit.TRUMPS, 21)
# TS-11 and TS-6 as each value of the empty_column and build knobs states them.
_EMPTY_TEXT = {"standard": "only a King, the World (XXI) or the Fool may open an empty column",
               "king_only": "only a King may open an empty column in this variant",
               "any": "any card may open an empty column in this variant",
               "none": "no card may open an empty column in this variant"}
_BUILD_TEXT = {"alternate": "the suit groups alternate (TS-6)",
               "same_suit": "suit cards build in suit in this variant (TS-6)",
               "any_suit": "suit cards build regardless of suit in this variant (TS-6)"}
_MAGICIAN = Card(Suit.TRUMPS, 1)
