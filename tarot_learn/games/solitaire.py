"""Pile machinery shared by the three patiences: Tarot Solitaire, Klondike and American Toad.

A patience position is a handful of piles, each a list of small ints (card ids, indexes into the
game's pack) from bottom to top:

* ``t1 .. tN`` tableau columns; the first ``down[i]`` cards of column ``i`` are face down;
* ``f1 .. fN`` foundations; ``s`` the stock (face down, top = last); ``w`` the waste or discard
  (face up, top = last); ``r`` a reserve (American Toad: only the top card is face up).

The rules of one game live in its :class:`CardFacts` (which cards a card may be built on, where
it goes up, whether it may head a run on an empty column), built once per game and options; the
move generator here reads only those facts, so the three games share one fast,
well-tested engine and differ in data, not code paths.

What solvers and boards read from a patience is public (see :class:`Patience`, "engine API"):
``pile(pid)``, ``column_ids``/``foundation_ids``, ``is_face_up``, ``moves_from``, ``is_safe_up``,
``may_lift``, ``may_return``, ``draw_count``, ``max_redeals``, ``redeals_left()``,
``can_redeal()``, ``returns_allowed``, ``reserve_builds``, ``win_count``, ``set_position``,
``set_talon``, ``unseen``/``replace_unseen``, and the unchecked ``push``/``pop``.

Layouts (``state.layout()`` / ``Cls.from_layout(text)``) write a position as readable text, one pile
a line; the format is read and written by :mod:`tarot_learn.games.layout`.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import repeat
from typing import Any, Callable, ClassVar, Hashable, Iterable, Sequence

from ..cards import Card, CardError
from ..core import IllegalMove, LayoutError, Move, MoveSyntaxError, SaveError, State
from ..deals import shuffled
from ..observation import Observation, Pile, Role
from .layout import check_pile_names, read_layout, split_layout, write_layout

__all__ = ["CardFacts", "Patience", "PatienceObservation", "DRAW", "REDEAL"]

DRAW = Move("draw")
REDEAL = Move("redeal")

#: ``where(pid)``: how an error message names a pile (a layout line, "the Talon line", ...).
Where = Callable[[str], str]


@dataclass(frozen=True, kw_only=True)
class PatienceObservation(Observation):
    """A patience as its player sees it: the piles (:class:`~tarot_learn.observation.Pile`), the
    score (``moves_made``, KL-13), the moves on the table, the draw count and redeals left
    (``None``: unlimited), and the options as sorted ``(name, value)`` pairs."""

    won: bool = False
    moves_made: int = 0
    on_table: int = 0
    draw: int = 1
    redeals_left: int | None = None
    options: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class CardFacts:
    """Per-card facts for one game and one set of options (indexes are card ids).

    ``parents[c]``: ids ``c`` may be built on in the tableau (TS-1, KL-4, AT-7);
    ``children[c]``: ids that may be built on ``c``; ``empty_ok[c]``: ``c`` may head a run placed
    on an empty column; ``found_slots[c]``: foundation indexes ``c`` belongs to; ``found_pos[c]``:
    how many cards lie under ``c`` on its foundation (-1: it never goes up).
    """

    cards: tuple[Card, ...]
    parents: tuple[tuple[int, ...], ...]
    parent_sets: tuple[frozenset[int], ...]
    children: tuple[tuple[int, ...], ...]
    empty_ok: tuple[bool, ...]
    found_slots: tuple[tuple[int, ...], ...]
    found_pos: tuple[int, ...]
    empty_heads: tuple[int, ...] | None = None   # the few cards that may open a column, if few
    child_sets: tuple[frozenset[int], ...] = ()

    @classmethod
    def build(cls, cards: Sequence[Card], fits, empty_ok, found) -> "CardFacts":
        """``fits(card, target)``: tableau building; ``empty_ok(card)``; ``found(card)`` ->
        ``(slots, position)``."""
        n = len(cards)
        parents = tuple(tuple(j for j in range(n) if j != i and fits(cards[i], cards[j]))
                        for i in range(n))
        children_l: list[list[int]] = [[] for _ in range(n)]
        for i, ps in enumerate(parents):
            for j in ps:
                children_l[j].append(i)
        slots, pos = zip(*(found(c) for c in cards))
        ok = tuple(bool(empty_ok(c)) for c in cards)
        heads = tuple(i for i in range(n) if ok[i])
        return cls(tuple(cards), parents, tuple(frozenset(p) for p in parents),
                   tuple(tuple(c) for c in children_l), ok,
                   tuple(tuple(s) for s in slots), tuple(pos),
                   heads if len(heads) <= 8 else None,
                   tuple(frozenset(c) for c in children_l))


class Patience(State):
    """Base of the three patiences.  A game sets the class attributes below and writes
    :meth:`_make_facts`, :meth:`_deal`, the ``_why_not_*`` messages and :meth:`_explain`; where
    its rules differ it overrides :meth:`may_lift`, :meth:`may_return`, :meth:`needs_no_home`
    and the ``_draw_count``/``_max_redeals``/``_returns_allowed``/``_reserve_builds``/``_win_count``
    hooks behind the public properties of the same names.

    The position is public for reading: ``tab`` and ``down`` (columns and their face-down
    counts), ``found``, ``stock``, ``waste``, ``reserve`` (lists of card ids, bottom first),
    ``passes`` (redeals made), ``facts`` (the game's :class:`CardFacts`) and ``ids`` (card -> id).
    Change it only through ``play``/``push``/``pop`` or the setters below (they also forget the
    cached legal moves).
    """

    NCOLS: ClassVar[int] = 7
    NFOUND: ClassVar[int] = 4
    HAS_RESERVE: ClassVar[bool] = False
    DOUBLE: ClassVar[bool] = False              # two packs: a card written twice is its 2 copies
    FOUND_LABELS: ClassVar[tuple[str, ...]] = ()
    # Rule ids for the shared messages: build, run, faceup, found, empty, base, stock, redeal,
    # pointless, return, source, win.
    RULE: ClassVar[dict[str, str]] = {}

    _facts_by_options: ClassVar[dict[Any, tuple[CardFacts, dict[Card, int], tuple[str, ...], tuple[str, ...],
                                      dict[str, tuple[str, int]]]]]
    column_ids: tuple[str, ...]        #: ``('t1', 't2', ...)``, column index order
    foundation_ids: tuple[str, ...]    #: ``('f1', 'f2', ...)``, foundation index order

    # ----- per-game data ----------------------------------------------------------------------
    @classmethod
    def deck(cls) -> list[Card]:
        """The game's pack in id order."""
        raise NotImplementedError

    def _facts_key(self) -> Hashable:
        return ()

    def _make_facts(self) -> CardFacts:
        raise NotImplementedError

    @property
    def tbl(self) -> CardFacts:
        """The game's :class:`CardFacts` under the name the lessons' notebooks use (``facts``)."""
        return self.facts

    def _draw_count(self) -> int:
        return int(self.options.get("draw", 1))

    def _max_redeals(self) -> int | None:
        """None: unlimited."""
        return None

    def _returns_allowed(self) -> bool:
        return bool(self.options.get("foundation_return", False))

    def _reserve_builds(self) -> bool:
        return False

    def _win_count(self) -> int:
        return len(self.facts.cards)

    def may_return(self, card: int) -> bool:
        """Whether card id ``card``, on top of a foundation, may ever come back down (when the
        game allows returns at all, :attr:`returns_allowed`)."""
        return True

    def may_lift(self, col: list[int], start: int) -> bool:
        """Whether the run from index ``start`` of column ``col`` (a list of card ids) may move
        to another column (Tarot Solitaire keeps a King or the World at a column's base, TS-11).
        Only a column's base is ever kept: a run from ``start > 0`` may always move, and the
        solver asks about ``start == 0`` alone."""
        return True

    def needs_no_home(self, card: int) -> bool:
        """A card that never has to go up (Tarot Solitaire's wild Fool): a card it could be
        built on is still safe to send up (:meth:`is_safe_up`)."""
        return False

    # ----- engine API: the rules' numbers ----------------------------------------------------------
    @property
    def draw_count(self) -> int:
        """Cards turned from the stock per draw."""
        return self._draw_count()

    @property
    def max_redeals(self) -> int | None:
        """How many times the waste may be turned over into a new stock (``None``: unlimited)."""
        return self._max_redeals()

    def redeals_left(self) -> int | None:
        """Redeals still allowed in this game (``None``: unlimited)."""
        limit = self._max_redeals()
        return None if limit is None else max(0, limit - self.passes)

    def can_redeal(self) -> bool:
        """Whether ``redeal`` is legal now: the stock is empty, the waste is not, and a redeal
        is left."""
        return not self.stock and bool(self.waste) and self._redeals_left()

    @property
    def returns_allowed(self) -> bool:
        """Whether cards may come back down from the foundations in this game."""
        return self._returns_allowed()

    @property
    def reserve_builds(self) -> bool:
        """Whether the reserve's top card may go on a column (not only up)."""
        return self.HAS_RESERVE and self._reserve_builds()

    @property
    def win_count(self) -> int:
        """Cards on the foundations when the game is won."""
        return self._win_count()

    # ----- state set-up ---------------------------------------------------------------------------
    def _init_bookkeeping(self, options: dict[str, Any], seed: int | None) -> None:
        super()._init_bookkeeping(options, seed)
        self._legal: list[Move] | None = None

    def _setup(self, tab: list[list[int]], down: list[int], found: list[list[int]],
               stock: list[int], waste: list[int], reserve: list[int], passes: int = 0) -> None:
        self.tab, self.down, self.found = tab, down, found
        self.stock, self.waste, self.reserve = stock, waste, reserve
        self.passes = passes
        self._legal = None
        self._bind()

    def _bind(self) -> None:
        # Card facts, card-id maps and pile names are shared by every state of one game and options,
        # so a state itself holds little more than its piles.
        cls = type(self)
        cache = cls.__dict__.get("_facts_by_options")
        if cache is None:
            cache = {}
            setattr(cls, "_facts_by_options", cache)
        options_key = self._facts_key()
        entry = cache.get(options_key)
        if entry is None:
            facts = self._make_facts()
            cols = tuple(f"t{i + 1}" for i in range(self.NCOLS))
            founds = tuple(f"f{i + 1}" for i in range(self.NFOUND))
            # Pile id -> (kind, index): read on every push and pop, so a dict, not string work.
            locs = {"s": ("s", 0), "w": ("w", 0), **({"r": ("r", 0)} if self.HAS_RESERVE else {}),
                    **{p: ("t", i) for i, p in enumerate(cols)}, **{p: ("f", i) for i, p in enumerate(founds)}}
            entry = cache[options_key] = (facts, {c: i for i, c in enumerate(facts.cards)}, cols, founds, locs)
        self.facts, self.ids, self.column_ids, self.foundation_ids, self._locs = entry

    def _adopt_start(self, other: "Patience") -> None:
        self._start = other._start

    def shuffled_ids(self, seed: int) -> list[int]:
        """The pack's card ids in the order deal ``seed`` gives (the first is dealt first)."""
        return shuffled(list(range(len(self.deck()))), seed)

    # ----- piles ------------------------------------------------------------------------------------
    def pile(self, pid: str) -> tuple[str, int, list[int]] | None:
        """``(kind, index, cards)`` for pile id ``pid``: kind ``'t'``, ``'f'``, ``'s'``, ``'w'`` or
        ``'r'``, the column or foundation index (0 for the others), and the pile's own list of
        card ids, bottom first (read it, do not change it).  ``None`` for no such pile.

        >>> from tarot_learn import games
        >>> s = games.new("klondike", seed=3)
        >>> kind, i, cards = s.pile("t2"); kind, i, len(cards), s.pile("r")
        ('t', 1, 2, None)
        """
        loc = self._locs.get(pid) if isinstance(pid, str) else None
        if loc is None:
            return None
        kind, i = loc
        return kind, i, self._cards(kind, i)

    def _cards(self, kind: str, i: int) -> list[int]:
        """The card list of the pile of ``kind`` (``'t'``, ``'f'``, ``'s'``, ``'w'``, ``'r'``) and
        index ``i``, both known good (:meth:`pile` checks a pile id first)."""
        if kind == "t":
            return self.tab[i]
        if kind == "f":
            return self.found[i]
        return self.stock if kind == "s" else self.waste if kind == "w" else self.reserve

    def _ends(self, move: Move) -> tuple[str, int, list[int], list[int]]:
        """A pile move's source (kind, index, cards) and destination cards, for making or taking
        it back: the move was generated or checked already, so :meth:`pile`'s checks are
        skipped, and a column, the usual end of a solver's move, costs no further call."""
        skind, si = self._locs[move.src]
        dkind, di = self._locs[move.dst]
        tab = self.tab
        src = tab[si] if skind == "t" else self._cards(skind, si)
        dst = tab[di] if dkind == "t" else self._cards(dkind, di)
        return skind, si, src, dst

    def pile_ids(self) -> list[str]:
        """Every pile id of this game, in board order."""
        return ["s", "w"] + (["r"] if self.HAS_RESERVE else []) + [*self.foundation_ids, *self.column_ids]

    def card(self, cid: int) -> Card:
        """The card with id ``cid``."""
        return self.facts.cards[cid]

    def top_card(self, pid: str) -> Card | None:
        """The top card of a pile (``None`` if empty or unknown)."""
        p = self.pile(pid)
        return self.facts.cards[p[2][-1]] if p and p[2] else None

    def is_face_up(self, pid: str, index: int) -> bool:
        """Whether card ``index`` (0: the bottom) of pile ``pid`` is face up; ``False`` when there
        is no such card.  Stock cards are face down, reserve cards but the top one too.

        >>> from tarot_learn import games
        >>> s = games.new("klondike", seed=3)
        >>> s.is_face_up("t3", 1), s.is_face_up("t3", 2), s.is_face_up("s", 0), s.is_face_up("t3", 9)
        (False, True, False, False)
        """
        p = self.pile(pid)
        if p is None or isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(p[2]):
            return False
        kind = p[0]
        if kind == "t":
            return index >= self.down[p[1]]
        if kind == "r":
            return index == len(p[2]) - 1
        return kind != "s"

    def _run_start(self, i: int) -> int:
        """Where the movable run of column ``i`` starts: its first face-up card, since face-up
        cards are always built in order (checked when a position is loaded, kept by every move)."""
        return self.down[i]

    # ----- setting piles directly (solvers and layouts) ----------------------------------------------
    def set_talon(self, stock: list[int], waste: list[int], passes: int) -> None:
        """Replace the stock and the waste (card ids, bottom first) and the redeals made, unchecked:
        for a solver that plays several draws and redeals at once (the same cards, moved between
        the two piles).  The cached legal moves are forgotten."""
        self.stock, self.waste, self.passes = stock, waste, passes
        self._legal = None

    def unseen(self) -> list[int]:
        """The card ids the player cannot see, place by place: each column's face-down cards
        (t1 first, bottom first), the stock (bottom first), the reserve under its top card."""
        out: list[int] = []
        for col, d in zip(self.tab, self.down):
            out.extend(col[:d])
        out.extend(self.stock)
        out.extend(self.reserve[:-1])
        return out

    def replace_unseen(self, cards: Sequence[int]) -> None:
        """Put ``cards`` into the unseen places, in :meth:`unseen`'s order (a made-up deal for a
        hint: ``cards`` is a shuffle of ``unseen()``).  Unchecked beyond the count."""
        cards = list(cards)
        if len(cards) != len(self.unseen()):
            raise LayoutError(f"{len(cards)} cards for {len(self.unseen())} unseen places")
        k = 0
        for col, d in zip(self.tab, self.down):
            col[:d] = cards[k:k + d]
            k += d
        n = len(self.stock)
        self.stock[:] = cards[k:k + n]
        k += n
        if self.reserve:
            self.reserve[:-1] = cards[k:]
        self._legal = None

    # ----- moves ---------------------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        return list(self._legal_moves())

    def _legal_moves(self) -> list[Move]:
        if self._legal is None:
            self._legal = self._generate()
        return self._legal

    def moves_from(self, pid: str) -> list[Move]:
        """The legal ``pile>pile`` moves that take cards from pile ``pid`` (any count), in
        :meth:`legal_moves` order; draws and redeals are not among them."""
        return [m for m in self._legal_moves() if m.action == "move" and m.src == pid]

    def _found_dest(self, c: int) -> int:
        """The foundation index ``c`` may go up to now, or -1."""
        pos = self.facts.found_pos[c]
        if pos < 0:
            return -1
        found = self.found
        for f in self.facts.found_slots[c]:
            if len(found[f]) == pos:
                return f
        return -1

    def _generate(self) -> list[Move]:
        # Hot path of every search and playout: destination-driven (each column top asks which
        # of its few "children" lie face up somewhere), with moves taken from a cache.  One step
        # per kind of move, each called once, so the order of the list stays fixed.
        out: list[Move] = []
        add = out.append
        if self.waste or self.reserve:
            self._gen_talon_up(add)
        where, empties, tops = self._scan_columns(add)
        if self.waste or self.reserve:
            self._gen_from_talon(add, tops, empties)
        if where:
            self._gen_runs(add, where, empties)
        if self._returns_allowed():
            self._gen_returns(add, tops, empties)
        if self.stock:
            add(DRAW)
        elif self.waste and self._redeals_left():
            add(REDEAL)
        return out

    def _scan_columns(self, add: Callable[[Move], None]) -> tuple[dict[int, int], list[int], dict[int, int]]:
        """Column tops up to the foundations, and the index the other steps read: ``where``
        (each face-up card that may be lifted -> its column), the empty columns, the column tops
        (card -> column, in column order)."""
        facts = self.facts
        found_pos, found_slots, found = facts.found_pos, facts.found_slots, self.found
        T, F, mv = self.column_ids, self.foundation_ids, self._moves_cache
        tab, down = self.tab, self.down
        may_lift = self.may_lift
        where: dict[int, int] = {}
        empties: list[int] = []
        tops: dict[int, int] = {}
        for i in range(self.NCOLS):
            col = tab[i]
            if not col:
                empties.append(i)
                continue
            c = col[-1]
            tops[c] = i
            pos = found_pos[c]
            if pos >= 0:
                for f in found_slots[c]:
                    if len(found[f]) == pos:
                        add(mv(T[i], F[f], 1))
                        break
            k0 = down[i]
            if k0 == 0 and not may_lift(col, 0):
                k0 = 1
            if k0 == len(col) - 1:
                where[c] = i
            elif k0 < len(col):
                where.update(zip(col[k0:], repeat(i)))
        return where, empties, tops

    def _gen_talon_up(self, add: Callable[[Move], None]) -> None:
        """The waste's and the reserve's top cards up to the foundations."""
        facts = self.facts
        found_pos, found_slots, found = facts.found_pos, facts.found_slots, self.found
        F, mv = self.foundation_ids, self._moves_cache
        singles: list[tuple[str, int]] = []
        if self.waste:
            singles.append(("w", self.waste[-1]))
        if self.HAS_RESERVE and self.reserve:
            singles.append(("r", self.reserve[-1]))
        for src, c in singles:
            pos = found_pos[c]
            if pos >= 0:
                for f in found_slots[c]:
                    if len(found[f]) == pos:
                        add(mv(src, F[f], 1))
                        break

    def _gen_from_talon(self, add: Callable[[Move], None], tops: dict[int, int],
                        empties: list[int]) -> None:
        """The waste's (and reserve's) top card onto the tableau."""
        waste = self.waste
        extra = [("w", waste[-1])] if waste else []
        if self.HAS_RESERVE and self.reserve and self._reserve_builds():
            extra.append(("r", self.reserve[-1]))
        if not extra:
            return
        parents, empty_ok = self.facts.parents, self.facts.empty_ok
        T, mv = self.column_ids, self._moves_cache
        for src, c in extra:
            for p in parents[c]:
                j = tops.get(p)
                if j is not None:
                    add(mv(src, T[j], 1))
            if empties and empty_ok[c]:
                for j in empties:
                    add(mv(src, T[j], 1))

    def _gen_runs(self, add: Callable[[Move], None], where: dict[int, int], empties: list[int]) -> None:
        """Runs between columns: the run headed by a child of the destination's top card; then
        runs into empty columns (never a whole column: that changes nothing)."""
        facts = self.facts
        tab, down = self.tab, self.down
        T, mv = self.column_ids, self._moves_cache
        children, child_sets = facts.children, facts.child_sets
        nwhere = len(where)
        for j in range(self.NCOLS):
            dcol = tab[j]
            if not dcol:
                continue
            kids = children[dcol[-1]]
            if len(kids) > nwhere:          # a wild top (the Fool): scan the few movable cards
                kset = child_sets[dcol[-1]]
                kids = [c for c in where if c in kset]
            for c in kids:
                i = where.get(c)
                if i is not None and i != j:
                    col = tab[i]
                    add(mv(T[i], T[j], len(col) - col.index(c, down[i])))
        if empties:
            heads = facts.empty_heads
            empty_ok = facts.empty_ok
            cands = [c for c in heads if c in where] if heads is not None else \
                [c for c in where if empty_ok[c]]
            for c in cands:
                i = where[c]
                col = tab[i]
                k = col.index(c, down[i])
                if k > 0:
                    for j in empties:
                        add(mv(T[i], T[j], len(col) - k))

    def _gen_returns(self, add: Callable[[Move], None], tops: dict[int, int],
                     empties: list[int]) -> None:
        """Cards back down from the foundations."""
        parents, empty_ok = self.facts.parents, self.facts.empty_ok
        T, F, mv = self.column_ids, self.foundation_ids, self._moves_cache
        may_return = self.may_return
        for f, pile in enumerate(self.found):
            if not pile:
                continue
            c = pile[-1]
            if not may_return(c):
                continue
            for p in parents[c]:
                j = tops.get(p)
                if j is not None:
                    add(mv(F[f], T[j], 1))
            if empties and empty_ok[c]:
                for j in empties:
                    add(mv(F[f], T[j], 1))

    @staticmethod
    def _moves_cache(src: str, dst: str, n: int, _cache: dict = {}) -> Move:
        """One shared Move object per (src, dst, count): creation is the costliest step."""
        spec = (src, dst, n)
        m = _cache.get(spec)
        if m is None:
            m = _cache[spec] = Move("move", src, dst, n)
        return m

    def _redeals_left(self) -> bool:
        limit = self._max_redeals()
        return limit is None or self.passes < limit

    def _apply(self, move: Move) -> Any:
        self._legal = None
        action = move.action
        if action == "draw":
            stock, waste = self.stock, self.waste
            n = min(self._draw_count(), len(stock))
            for _ in range(n):
                waste.append(stock.pop())
            return n
        if action == "redeal":
            self.waste.reverse()
            self.stock, self.waste = self.waste, self.stock
            self.passes += 1
            return 0
        skind, si, src, dst = self._ends(move)
        n = move.count
        if n == 1:
            dst.append(src.pop())
        else:
            dst.extend(src[-n:])
            del src[-n:]
        flip = fill = 0
        if skind == "t":
            d = self.down[si]
            if d and len(src) == d:
                self.down[si] = d - 1
                flip = 1
            if not src and self.HAS_RESERVE and self.reserve:
                src.append(self.reserve.pop())
                fill = 1
        return (flip, fill)

    def _unapply(self, move: Move, record: Any) -> None:
        self._legal = None
        action = move.action
        if action == "draw":
            stock, waste = self.stock, self.waste
            for _ in range(record):
                stock.append(waste.pop())
            return
        if action == "redeal":
            self.stock, self.waste = self.waste, self.stock
            self.waste.reverse()
            self.passes -= 1
            return
        skind, si, src, dst = self._ends(move)
        flip, fill = record
        if fill:
            self.reserve.append(src.pop())
        if flip:
            self.down[si] += 1
        n = move.count
        if n == 1:
            src.append(dst.pop())
        else:
            src.extend(dst[-n:])
            del dst[-n:]

    _EXTRA_ATTRS: ClassVar[tuple[str, ...]] = ()   # per-deal facts beyond the piles (AT's base)

    def _copy_position(self) -> "Patience":
        """The position alone (see :meth:`State.copy`), copying the piles directly, which solvers
        and hints do often."""
        other = type(self).__new__(type(self))
        other._init_bookkeeping(dict(self.options), self.seed)
        other._adopt_start(self)
        other.moves_made = self.moves_made
        for name in self._EXTRA_ATTRS:
            setattr(other, name, getattr(self, name))
        other._setup([list(c) for c in self.tab], list(self.down), [list(f) for f in self.found],
                     list(self.stock), list(self.waste), list(self.reserve), self.passes)
        return other

    @property
    def score(self) -> int:
        """Moves made in this game, undone ones included (KL-13, TS-21, AT-15: undo never gives
        moves back, redo counts again); fewer is better.  Kept by the core as ``moves_made``."""
        return self.moves_made

    # ----- parsing moves ------------------------------------------------------------------------
    def parse_move(self, text: "str | Move") -> Move:
        """Like :meth:`Move.parse`, plus two conveniences: ``t3>f`` sends a card to whichever
        foundation takes it, and ``s`` (a click on the stock) means ``draw`` or ``redeal``.

        Text that is no patience move raises :class:`MoveSyntaxError`; a well-formed move is
        returned even when the rules forbid it (``play`` then raises :class:`IllegalMove`).

        >>> from tarot_learn import games
        >>> s = games.new("klondike", seed=3)
        >>> str(s.parse_move("t1>f")), str(s.parse_move("s"))
        ('t1>f2', 'draw')
        >>> s.parse_move("bid garde")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        tarot_learn.errors.MoveSyntaxError: 'bid garde' is not a Klondike move: write pile>pile ...
        """
        if isinstance(text, str) and text.strip().lower() in ("s", "stock"):
            return DRAW if self.stock or not self.waste else REDEAL
        m = Move.parse(text)
        if isinstance(text, str) and (m.action not in ("move", "draw", "redeal") or m.arg):
            raise MoveSyntaxError(f"{text!r} is not a {self.title} move: write pile>pile (like t3>f1 "
                                  "or t2>t5x3), 'draw' or 'redeal'")
        if m.action == "move" and m.count == 1 and m.src != m.dst:
            if m.dst == "f" or (self.pile(m.dst) and m.dst[0] == "f"):
                src = self.pile(m.src)
                if src and src[2] and src[0] != "f":
                    c = src[2][-1]
                    if src[0] == "t" and len(src[2]) <= self.down[src[1]]:
                        return m
                    f = self._found_dest(c)
                    if f >= 0 and (m.dst == "f" or self._same_foundation(int(m.dst[1:]) - 1, f)):
                        return Move("move", m.src, self.foundation_ids[f], 1)
        return m

    def _same_foundation(self, a: int, b: int) -> bool:
        """Two foundations of one suit at the same height are the same place (AT-4)."""
        return a == b

    # ----- why a move is refused ---------------------------------------------------------------------
    def _why_illegal(self, move: Move) -> IllegalMove:
        if move.action in ("draw", "redeal"):
            return self._why_not_talon(move.action)
        if move.action != "move":
            return IllegalMove(f"{self.title} has no {move.action!r} move: write pile>pile (like t3>f1), "
                               "'draw' or 'redeal'", rule=self.RULE["source"])
        move, err = self._home_foundation(move)
        if err is not None:
            return err
        src, dst = self.pile(move.src), self.pile(move.dst)
        if src is None or dst is None:
            names = " ".join(self.pile_ids())
            bad = move.src if src is None else move.dst
            return IllegalMove(f"there is no pile {bad!r} in {self.title}; the piles are {names}",
                               rule=self.RULE["source"])
        err = self._why_not_piles(move, src, dst[0])
        if err is None and src[0] == "t":
            err = self._why_not_run(move, src, dst[0])
        return err if err is not None else self._why_not_card(move, src, dst)

    def _why_not_talon(self, action: str) -> IllegalMove:
        """Why ``draw`` or ``redeal`` is refused."""
        R = self.RULE
        waste = self._waste_label().lower()
        if action == "draw":
            if not self.waste:
                return IllegalMove(f"there is nothing to draw: the stock and the {waste} are both empty",
                                   rule=R["stock"])
            if not self._redeals_left():
                return IllegalMove(f"the stock is empty and no redeal is left ({self._max_redeals()} "
                                   "allowed in this game)", rule=R["redeal"])
            return IllegalMove(f"the stock is empty: redeal to turn the {waste} over first",
                               rule=R["stock"])
        if self.stock:
            return IllegalMove("the stock still has cards: redeal only once it is empty", rule=R["redeal"])
        if not self.waste:
            return IllegalMove(f"there is nothing to redeal: the {waste} is empty", rule=R["redeal"])
        return IllegalMove(f"no redeal is left ({self._max_redeals()} allowed in this game)",
                           rule=R["redeal"])

    def _home_foundation(self, move: Move) -> tuple[Move, IllegalMove | None]:
        """``t3>f`` (whichever foundation takes the card): none does, so name the card's own
        foundation, or say why the card never goes up."""
        src = self.pile(move.src)
        if move.dst != "f" or src is None or not src[2] or src[0] not in "twr" or move.count != 1:
            return move, None
        if src[0] == "t" and len(src[2]) <= self.down[src[1]]:
            return move, None
        c = src[2][-1]
        slots = self.facts.found_slots[c]
        if not slots or self.facts.found_pos[c] < 0:
            return move, self._why_not_found(self.card(c), 0)
        return Move("move", move.src, self.foundation_ids[slots[0]], move.count), None

    def _why_not_piles(self, move: Move, src: tuple[str, int, list[int]], dkind: str) -> IllegalMove | None:
        """Refusals that depend only on the kinds of the two piles and the count."""
        R = self.RULE
        skind, scards = src[0], src[2]
        if move.src == move.dst:
            return IllegalMove("a card cannot move onto its own pile", rule=R["build"])
        if skind == "s":
            return IllegalMove("cards leave the stock only by drawing ('draw')", rule=R["stock"])
        if dkind in "swr":
            where = {"s": "the stock", "w": f"the {self._waste_label().lower()}", "r": "the reserve"}[dkind]
            return IllegalMove(f"no card may be put on {where}", rule=R["source"])
        if not scards:
            return IllegalMove(f"{move.src} is empty: there is no card to move", rule=R["source"])
        if skind == "f" and not self._returns_allowed():
            return IllegalMove("a card on a foundation stays there in this game", rule=R["return"])
        if skind != "t" and move.count != 1:
            return IllegalMove(f"only the top card of {move.src} is in play: move one card "
                               f"({move.src}>{move.dst})", rule=R["stock" if skind == "w" else "source"])
        return None

    def _why_not_run(self, move: Move, src: tuple[str, int, list[int]], dkind: str) -> IllegalMove | None:
        """Refusals of the cards lifted from a column: too many, face down, not one run."""
        R = self.RULE
        _, si, scards = src
        if move.count > len(scards):
            return IllegalMove(f"{move.src} has only {len(scards)} card(s), not {move.count}", rule=R["run"])
        start = len(scards) - move.count
        if start < self.down[si]:
            return IllegalMove(f"{move.count - (len(scards) - self.down[si])} of those "
                               f"{move.count} cards in {move.src} are face down and cannot "
                               "be moved", rule=R["faceup"])
        if dkind == "f" and move.count != 1:
            return IllegalMove("only one card at a time goes up to a foundation", rule=R["found"])
        k0 = self._run_start(si)
        if start < k0:
            a, b = self.card(scards[k0 - 1]), self.card(scards[k0])
            return IllegalMove(f"those {move.count} cards are not one run: {b.name} does not "
                               f"sit in order on {a.name}", rule=R["run"])
        return None

    def _why_not_card(self, move: Move, src: tuple[str, int, list[int]],
                      dst: tuple[str, int, list[int]]) -> IllegalMove:
        """Refusals of the moving card itself on its destination."""
        skind, _, scards = src
        dkind, di, dcards = dst
        c = scards[-move.count]
        card = self.card(c)
        if skind == "r" and dkind == "t" and not self._reserve_builds():
            return IllegalMove("the reserve's top card may only go up to a foundation", rule=self.RULE["source"])
        if dkind == "f":
            if skind == "f":
                return IllegalMove("a card never moves from one foundation to another", rule=self.RULE["return"])
            return self._why_not_found(card, di)
        # onto a column
        if skind == "f" and not self.may_return(c):
            return self._why_not_found_return(card)
        if skind == "t" and not self.may_lift(scards, len(scards) - move.count):
            return self._why_not_lift(card)
        if not dcards:
            if skind == "t" and move.count == len(scards):
                return IllegalMove(f"moving all of {move.src} into the empty {move.dst} changes "
                                   "nothing", rule=self.RULE["pointless"])
            if not self.facts.empty_ok[c]:
                return self._why_not_empty(card)
            return self._why_not_empty_now(card)
        return self._why_not_on(card, self.card(dcards[-1]))

    # Messages a game overrides with its own rule ids and words.
    def _why_not_found(self, card: Card, f: int) -> IllegalMove:
        label = self.FOUND_LABELS[f] if f < len(self.FOUND_LABELS) else f"f{f + 1}"
        pos = self.facts.found_pos[self.ids[card]]
        if pos < 0:
            return IllegalMove(f"{card.name} never goes up to a foundation", rule=self.RULE["found"])
        if f not in self.facts.found_slots[self.ids[card]]:
            return IllegalMove(f"{card.name} does not belong on the {label} foundation",
                               rule=self.RULE["found"])
        have = len(self.found[f])
        if have < pos:
            return IllegalMove(f"{card.name} cannot go up yet: the {label} foundation needs "
                               f"{pos - have} more card(s) first", rule=self.RULE["found"])
        return IllegalMove(f"the {label} foundation is already past {card.name}",
                           rule=self.RULE["found"])

    def _why_not_found_return(self, card: Card) -> IllegalMove:
        return IllegalMove(f"{card.name} never comes back down", rule=self.RULE["return"])

    def _why_not_lift(self, card: Card) -> IllegalMove:
        return IllegalMove(f"{card.name} is the base of its column and stays there",
                           rule=self.RULE["base"])

    def _why_not_empty(self, card: Card) -> IllegalMove:
        return IllegalMove(f"{card.name} may not open an empty column", rule=self.RULE["empty"])

    def _why_not_empty_now(self, card: Card) -> IllegalMove:
        return IllegalMove(f"{card.name} may not go on that empty column now", rule=self.RULE["empty"])

    def _why_not_on(self, card: Card, target: Card) -> IllegalMove:
        return IllegalMove(f"{card.name} does not go on {target.name}", rule=self.RULE["build"])

    # ----- helpers for learners -----------------------------------------------------------------------
    def legal_destinations(self, pile: str, count: int = 1) -> list[str]:
        """Pile ids where the top ``count`` cards of ``pile`` may go now ("light up where it can
        go").  Unknown piles and impossible counts give an empty list."""
        return [m.dst for m in self._legal_moves()
                if m.action == "move" and m.src == pile and m.count == count]

    def is_safe_up(self, card: int) -> bool:
        """Whether card id ``card`` may go up without regret: every card that could be built on
        it is already up (or needs no home, :meth:`needs_no_home`), so it can never be needed to
        hold one."""
        kids = self.facts.children[card]
        if not kids:
            return True
        up = set()
        for f in self.found:
            up.update(f)
        return all(k in up or self.needs_no_home(k) for k in kids)

    def auto_foundation(self) -> list[Move]:
        """Play every safe move to the foundations, one ordinary (undoable) move at a time, until
        none is left; returns the moves played.  Safe: nothing left in play could ever need to be
        built on the card."""
        played: list[Move] = []
        while True:
            for m in self._legal_moves():
                if m.action == "move" and m.dst[0] == "f" and m.src[0] != "f":
                    src = self.pile(m.src)[2]  # type: ignore[index]
                    if self.is_safe_up(src[-1]):
                        self.play(m)
                        played.append(m)
                        break
            else:
                return played

    def is_won(self) -> bool:
        """Every card that goes up is on its foundation."""
        return sum(len(f) for f in self.found) == self._win_count()

    def returns(self) -> tuple[float, ...]:
        """``(1.0,)`` once won, else ``(0.0,)``: a patience has one player."""
        return (1.0,) if self.is_won() else (0.0,)

    def _repr_outcome(self) -> str:
        return "won" if self.is_won() else ""

    def _progress_moves(self) -> list[Move]:
        """Legal moves other than drawing, redealing, taking a card back down, or moving a
        whole column into an empty one."""
        out = []
        for m in self._legal_moves():
            if m.action != "move" or m.src[0] == "f":
                continue
            out.append(m)
        return out

    def is_stock_loop(self) -> bool:
        """True when the position is a stock loop: nothing but cycling the stock can ever change
        it, since going once round the whole stock (draws and the redeals allowed) never offers a
        move other than draw, redeal, or a card back from a foundation that nothing could then be
        built on.  This is the cheap, exact part of "blocked" (TS-15, KL-12, AT-12); deeper blocks
        are left to a solver.  It looks through the face-down stock, so it stays on the Python side."""
        if self.is_won():
            return False
        depth = 0
        seen: set[Any] = set()
        loop = True
        try:
            while True:
                if self._progress_moves() or self._useful_return():
                    loop = False
                    break
                talon = (tuple(self.stock), tuple(self.waste),
                         self.passes if self._max_redeals() is not None else 0)
                if talon in seen:
                    break
                seen.add(talon)
                moves = self._legal_moves()
                if moves and moves[-1].action in ("draw", "redeal"):
                    self.push(moves[-1])
                    depth += 1
                else:
                    break
        finally:
            for _ in range(depth):
                self.pop()
        return loop

    def is_stuck(self) -> bool:
        """:meth:`is_stock_loop` under the name the lessons' notebooks call."""
        return self.is_stock_loop()

    def _useful_return(self) -> bool:
        for m in self._legal_moves():
            if m.action == "move" and m.src[0] == "f":
                self.push(m)
                try:
                    if any(n.action == "move" and n.dst == m.dst and n.src != m.src
                           for n in self._legal_moves()):
                        return True
                finally:
                    self.pop()
        return False

    def is_over(self) -> bool:
        """Won, no legal move left, or a stock loop (:meth:`is_stock_loop`)."""
        return self.is_won() or not self._legal_moves() or self.is_stock_loop()

    def current_player(self) -> int | None:
        """0 while the player has a legal move (cycling the stock included), ``None`` once the deal
        is won or no move is left: facts the player can see, unlike :meth:`is_stock_loop`."""
        return None if self.is_won() or not self._legal_moves() else 0

    # ----- position, key, cards ----------------------------------------------------------------------
    def key(self) -> Hashable:
        """The position as nested tuples of card ids: columns, face-down counts, foundations,
        stock, waste, reserve, and the redeals made where they are limited (equal keys, equal
        positions; the history is not part of it)."""
        return (tuple(map(tuple, self.tab)), tuple(self.down), tuple(map(tuple, self.found)),
                tuple(self.stock), tuple(self.waste), tuple(self.reserve),
                self.passes if self._max_redeals() is not None else 0)

    def cards(self) -> list[Card]:
        cs = self.facts.cards
        ids: list[int] = []
        for p in (*self.tab, *self.found, self.stock, self.waste, self.reserve):
            ids.extend(p)
        return [cs[i] for i in ids]

    def _snapshot(self) -> dict[str, Any]:
        cs = self.facts.cards

        def names(p: Iterable[int]) -> list[str]:
            return [str(cs[i]) for i in p]

        return {"tab": [names(c) for c in self.tab], "down": list(self.down),
                "found": [names(f) for f in self.found], "stock": names(self.stock),
                "waste": names(self.waste), "reserve": names(self.reserve),
                "passes": self.passes, **self._extra_snapshot()}

    def _extra_snapshot(self) -> dict[str, Any]:
        return {}


    def _restore(self, data: dict[str, Any]) -> None:
        try:
            self._extra_restore(data)
            self.set_position(
                [[self._parse_card(t) for t in col] for col in data["tab"]],
                [int(d) for d in data["down"]],
                [[self._parse_card(t) for t in f] for f in data["found"]],
                [self._parse_card(t) for t in data["stock"]],
                [self._parse_card(t) for t in data["waste"]],
                [self._parse_card(t) for t in data.get("reserve", [])],
                int(data.get("passes", 0)), where=lambda pile: f"pile {pile}")
        except (LayoutError, CardError) as err:
            raise SaveError(f"the saved position is not possible: {err}") from None

    def _extra_restore(self, data: dict[str, Any]) -> None:
        pass

    def _parse_card(self, text: str) -> Card:
        if not isinstance(text, str):
            raise CardError(f"a card is written as text, not {type(text).__name__}")
        return Card.parse(text, self.pack)

    # ----- setting a whole position -----------------------------------------------------------------
    def set_position(self, tab: list[list[Card]], down: list[int], found: list[list[Card]],
                     stock: list[Card], waste: list[Card], reserve: Sequence[Card] = (),
                     passes: int = 0, where: Where | None = None) -> None:
        """Make a whole position this state's, checked: ``tab`` the columns and ``down`` how many
        cards of each are face down, ``found`` the foundations, then the stock (its top card
        last), the waste and the reserve, every pile bottom card first; ``passes`` the redeals
        already made.  Every card of the pack must appear exactly once, foundations in order,
        face-up column cards built in order, each column's top card face up.  Anything else
        raises :class:`LayoutError`, naming the pile with ``where(pid)`` (a layout line, ...).

        For a position being built: inside :meth:`State.build`'s callback, as
        :meth:`from_layout` and the PySol reader do (the history is not touched).

        >>> from tarot_learn.games.klondike import Klondike
        >>> from tarot_learn.cards import Card
        >>> deck = Klondike.deck()
        >>> def lay_out(state):
        ...     state.set_position([deck[:1]] + [[]] * 6, [0] * 7, [[]] * 4, deck[1:], [])
        >>> k = Klondike.build(lay_out, None, Klondike.check_options({}))
        >>> k.pile("t1")[2], len(k.stock), k.moves_from("t1")
        ([0], 51, [Move(action='move', src='t1', dst='f1', count=1, arg='')])
        """
        where = where or (lambda pile: pile)
        reserve = list(reserve)
        self._setup([], [], [], [], [], [])  # binds the card facts for this game and options
        if len(tab) != self.NCOLS or len(down) != self.NCOLS or len(found) != self.NFOUND:
            raise LayoutError(f"{self.title} has {self.NCOLS} columns and {self.NFOUND} foundations")
        if reserve and not self.HAS_RESERVE:
            raise LayoutError(f"{self.title} has no reserve")
        self._check_each_card_once(tab, found, stock, waste, reserve, where)
        self._check_columns(tab, down, where)
        self._check_foundations(found, where)
        limit = self._max_redeals()
        if isinstance(passes, bool) or not isinstance(passes, int) or passes < 0 or (
                limit is not None and passes > limit):
            raise LayoutError(f"passes: {passes} redeals is not possible here")
        self._check_extra(tab, down, found, reserve, where)
        ids = self.ids
        self._setup([[ids[c] for c in col] for col in tab], list(down),
                    [[ids[c] for c in f] for f in found], [ids[c] for c in stock],
                    [ids[c] for c in waste], [ids[c] for c in reserve], passes)

    def _check_each_card_once(self, tab: list[list[Card]], found: list[list[Card]], stock: list[Card],
                              waste: list[Card], reserve: list[Card], where: Where) -> None:
        ids = self.ids
        seen: dict[Card, str] = {}
        piles = ([(f"t{i + 1}", p) for i, p in enumerate(tab)]
                 + [(f"f{i + 1}", p) for i, p in enumerate(found)]
                 + [("s", stock), ("w", waste), ("r", reserve)])
        for pid, pile in piles:
            for card in pile:
                if card not in ids:
                    raise LayoutError(f"{where(pid)}: {card} is not a card of the {self.title} pack")
                if card in seen:
                    raise LayoutError(f"{where(pid)}: {card} is already in {where(seen[card])}; "
                                      "each card appears once")
                seen[card] = pid
        missing = [c for c in self.facts.cards if c not in seen]
        if missing:
            raise LayoutError(f"{len(missing)} card(s) are missing, e.g. {missing[0]}")

    def _check_columns(self, tab: list[list[Card]], down: list[int], where: Where) -> None:
        ids, ps = self.ids, self.facts.parent_sets
        for i, (col, d) in enumerate(zip(tab, down)):
            if isinstance(d, bool) or not isinstance(d, int) or not 0 <= d <= max(len(col) - 1, 0):
                raise LayoutError(f"{where(f't{i + 1}')}: a column's top card is always face up "
                                  f"({self.RULE['faceup']})")
            # Face-up cards were built one by one by the rules, so they always form one run.
            for k in range(d + 1, len(col)):
                if ids[col[k - 1]] not in ps[ids[col[k]]]:
                    raise LayoutError(f"{where(f't{i + 1}')}: {col[k]} cannot lie face up on "
                                      f"{col[k - 1]} ({self.RULE['build']}); face-up cards of a "
                                      "column must be built in order")

    def _check_foundations(self, found: list[list[Card]], where: Where) -> None:
        ids, facts = self.ids, self.facts
        for f, pile in enumerate(found):
            for k, card in enumerate(pile):
                c = ids[card]
                if f not in facts.found_slots[c] or facts.found_pos[c] != k:
                    raise LayoutError(f"{where(f'f{f + 1}')}: {card} cannot lie at place {k + 1} of "
                                      f"that foundation ({self.RULE['found']})")

    def _check_extra(self, tab, down, found, reserve, where) -> None:
        pass

    # ----- what the player sees ------------------------------------------------------------------
    def observation(self, player: int = 0) -> "PatienceObservation":
        """What the player sees: face-up cards, and face-down ones only as counts.

        >>> from tarot_learn import games
        >>> obs = games.new("klondike", seed=3).observation()
        >>> obs.pile("s").hidden, obs.pile("t1").cards, obs.redeals_left
        (24, (Card.parse('AH', pack='standard'),), None)
        """
        self.check_player(player)
        cs = self.facts.cards
        piles = [Pile("s", Role.STOCK, "Stock", hidden=len(self.stock)),
                 Pile("w", Role.WASTE, self._waste_label(), cards=tuple(cs[i] for i in self.waste))]
        if self.HAS_RESERVE:
            r = self.reserve
            piles.append(Pile("r", Role.RESERVE, "Reserve", hidden=max(0, len(r) - 1),
                              cards=tuple(cs[i] for i in r[-1:])))
        for f in range(self.NFOUND):
            label = self.FOUND_LABELS[f] if f < len(self.FOUND_LABELS) else f"Foundation {f + 1}"
            piles.append(Pile(f"f{f + 1}", Role.FOUNDATION, label,
                              cards=tuple(cs[i] for i in self.found[f])))
        for i in range(self.NCOLS):
            col, d = self.tab[i], self.down[i]
            piles.append(Pile(f"t{i + 1}", Role.TABLEAU, f"Column {i + 1}", hidden=d,
                              cards=tuple(cs[c] for c in col[d:])))
        # Only what the player can see decides the status: a stock loop (is_stock_loop) looks
        # through the face-down stock, so it stays a Python-side fact and never reaches an observation.
        won = self.is_won()
        legal = self._legal_moves()
        ended = won or not legal
        return PatienceObservation(
            game=self.name, title=self.title, player=player,
            current_player=None if ended else 0, piles=tuple(piles),
            legal=tuple(str(m) for m in legal) if player == 0 else (),
            status="won" if won else ("no moves" if ended else "playing"), over=ended,
            won=won, moves_made=self.moves_made, on_table=len(self.history),
            draw=self._draw_count(),
            redeals_left=self.redeals_left(),
            options=tuple(sorted(self.options.items())))

    def _waste_label(self) -> str:
        return "Waste"

    # ----- layouts (the text format lives in games/layout.py) -----------------------------------------
    def layout(self) -> str:
        """The position as text (see :mod:`tarot_learn.games.layout`); ``from_layout`` reads it back."""
        return write_layout(self, self._extra_layout())

    def _extra_layout(self) -> list[str]:
        return []

    @classmethod
    def from_layout(cls, text: str, seed: int | None = None, **options: Any) -> "Patience":
        """Build a position from text written like :meth:`layout`.

        Lines are ``pile: cards`` (bottom card first; face-down cards of a column in brackets
        before the face-up ones), plus ``options: name=value ...`` and (where the game has a
        redeal limit) ``passes: n``; blank lines and lines starting with ``#`` are ignored.
        Options given as arguments override the ``options:`` line.  Piles not written are
        empty.  Every card the text leaves out goes under the written stock (``s:``): in pack
        order, so the first missing card of the pack is drawn first after the written ones, or
        shuffled by ``seed`` if given.  The state's own ``seed`` is ``None`` (it was not dealt).
        Anything impossible raises :class:`LayoutError` naming the line.
        """
        given, rows = split_layout(text)
        given.update(options)
        opts = cls.check_options(given)
        return cls.build(lambda state: state._read_layout(rows, seed), None, opts)  # type: ignore[return-value]

    def _read_layout(self, rows: dict[str, tuple[int, str]], seed: int | None) -> None:
        self._setup([], [], [], [], [], [])  # binds the card facts for this game and options
        check_pile_names(self, rows, self._extra_keys())
        self._read_extra(rows)
        read_layout(self, rows, seed)

    def _extra_keys(self) -> list[str]:
        return []

    def _read_extra(self, rows: dict[str, tuple[int, str]]) -> None:
        pass
