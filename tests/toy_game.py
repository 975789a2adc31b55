"""A deliberately tiny game for testing the core's bookkeeping apart from any real game's rules.

Five Cups (Ace..5) lie shuffled on three piles; the top card of a pile may go onto an empty pile or
onto a card of higher rank (TOY-1); the game is won when one pile holds all five, highest at the
bottom (TOY-2).
"""

from __future__ import annotations

from typing import Any

from tarot_learn.cards import Card, Suit
from tarot_learn.core import IllegalMove, LayoutError, Move, Option, State
from tarot_learn.deals import shuffled

CARDS = [Card(Suit.CUPS, r) for r in range(1, 6)]


class Toy(State):
    name = "toy"
    title = "Toy"
    code = "TY"
    pack = "tarot"
    options_spec = (
        Option("piles", (3, 4), 3, "how many piles"),
        Option("strict", (False, True), False, "cards only on a card one higher"),
    )

    def _deal(self, seed: int) -> None:
        deck = shuffled(CARDS, seed)
        n = self.options["piles"]
        self.piles: list[list[Card]] = [deck[i::n] for i in range(n)]

    def _fits(self, card: Card, pile: list[Card]) -> bool:
        if not pile:
            return True
        if self.options["strict"]:
            return pile[-1].rank == card.rank + 1
        return pile[-1].rank > card.rank

    def _legal_moves(self) -> list[Move]:
        out = []
        for i, src in enumerate(self.piles):
            if not src:
                continue
            for j, dst in enumerate(self.piles):
                if i != j and not (not dst and len(src) == 1) and self._fits(src[-1], dst):
                    out.append(Move("move", f"p{i + 1}", f"p{j + 1}"))
        return out

    def _pile(self, pid: str) -> int:
        if not pid.startswith("p") or not pid[1:].isdigit() or not 1 <= int(pid[1:]) <= len(self.piles):
            raise IllegalMove(f"there is no pile {pid!r}", rule="TOY-1")
        return int(pid[1:]) - 1

    def _why_illegal(self, move: Move) -> IllegalMove:
        if move.action != "move":
            return IllegalMove(f"this game has no {move.action!r} move", rule="TOY-1")
        src = self._pile(move.src)
        self._pile(move.dst)  # an unknown destination is refused by name
        if not self.piles[src]:
            return IllegalMove(f"pile {move.src} is empty", rule="TOY-1")
        return IllegalMove(f"{self.piles[src][-1].name} does not fit on pile {move.dst}", rule="TOY-1")

    def _apply(self, move: Move) -> Any:
        card = self.piles[self._pile(move.src)].pop()
        self.piles[self._pile(move.dst)].append(card)
        return None

    def _unapply(self, move: Move, record: Any) -> None:
        card = self.piles[self._pile(move.dst)].pop()
        self.piles[self._pile(move.src)].append(card)

    def _explain(self, move: Move) -> str:
        return f"{self.piles[self._pile(move.src)][-1].name} may go there (TOY-1)."

    def _snapshot(self) -> dict[str, Any]:
        return {"piles": [[str(c) for c in p] for p in self.piles]}

    def _restore(self, data: dict[str, Any]) -> None:
        piles = [[Card.parse(t) for t in p] for p in data["piles"]]
        if sorted(c for p in piles for c in p) != CARDS:
            raise LayoutError("the toy needs exactly the five Cups Ace..5")
        self.piles = piles

    def key(self):
        return tuple(tuple(p) for p in self.piles)

    def cards(self) -> list[Card]:
        return [c for p in self.piles for c in p]

    def is_won(self) -> bool:
        return any(p == CARDS[::-1] for p in self.piles)

    def view(self) -> dict[str, Any]:
        return {"game": self.name, "piles": self._snapshot()["piles"]}
