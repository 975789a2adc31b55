"""Game-aware views of a State for the search: moves in a good order, pruning, position keys.

The search (``search.py``) sees a game only through an adapter:

* ``expand()``: the candidate *steps* from the current position, best first.  A step is a tuple
  of ordinary moves played one after the other (most steps are one move; see below);
* ``key()``: a hashable key, equal for positions the search may treat as the same;
* ``won()``: whether the position is won.

:class:`GenericAdapter` works for any game of the registry: every legal move is a step.
:class:`PatienceAdapter` knows the three patiences (their common engine, ``games/solitaire.py``)
and prunes without losing any win, so a search that runs out of steps has *proved* the position
lost:

1. **Stock cycling is folded away.**  Draws and redeals change nothing but which waste card is on
   top, and other moves never touch the stock, so a winning line can always be reordered to draw
   just before it plays a waste card.  A step is therefore "draw (and redeal) as often as needed,
   then play the card that comes up": no step is a bare draw, and going round the stock for ever
   cannot happen.
2. **Safe moves up are forced.**  A card is sent up at once when no card that could ever be built
   on it is still in play (with cards allowed back down from the foundations: no card of its
   whole chain of possible children), since keeping it can then never help.  From the waste this
   holds only when drawing one card at a time: with two or three, taking a card out of the
   stock and waste changes which cards later draws turn up.
3. **Empty columns are interchangeable**: a card or run goes only into the first empty one, and
   the key sorts the columns, so positions that differ only by column order are searched once.
4. **Pointless shuffles are skipped**: a run moved off a face-up card Y onto a card Z only helps
   if Y can then go up, or if Y accepts cards that Z does not; otherwise the move just swaps two
   equivalent places.  A card is taken back down from a foundation only when something could be
   built on it (rule 2's test fails), and a move that undoes the previous step leads to a
   position already searched (the transposition table catches it).
5. **Stock cards wait until needed** (drawing one card at a time, unlimited redeals): every stock
   card stays reachable whatever else is played, so a stock card goes on a column only when some
   card is ready to be built on it (a run head, the reserve's top card, a card that may come
   down from a foundation, or another stock card wanted that way); playing it earlier can always
   be postponed to that moment.
6. **The place on the redeal cycle is forgotten** (unlimited redeals).  From an empty waste,
   draws and redeals take the pointer between waste and stock round a cycle (each multiple of
   the draw count, then the end, then back to the start) that can be gone round for ever at no
   cost; two positions that differ only by where the pointer stands on that cycle reach each
   other by draws alone, so they win or lose together, and the key gives them one entry: the
   whole stock-and-waste sequence.  Off the cycle (a waste card was played) the split between
   stock and waste stays in the key.
7. **A run lifted off a face-up card is followed by a use of that card.**  Lifting a run off a
   face-up card Y that cannot go up turns nothing up and empties nothing; it only matters once
   Y is used: a card put on Y, or a run headed by Y or a card under it moved.  Every move in
   between touches neither Y nor the place the run left, so it could be played first (a move
   on the run itself too, the run being the same cards wherever it lies), and a run moved on
   again from its new place could have gone there directly, in fewer moves.  So a shortest
   winning line can always be reordered to use Y at once, and after such a move the next step
   is one that uses Y, any legal one (the other rules skip none of them).  Y is pending until
   then, and part of the key: the same cards with nothing pending are another entry.
   ``chain=True`` (:func:`patience_adapter_for`) goes further: a step that uses Y and lifts a
   run off another face-up card leaves that card pending in turn.  That narrower search is not
   proved to keep a win; the solver uses it only to find wins (``search.py``).

8. **Positions proved lost are not searched.**  Where no card comes back down from a
   foundation and no card takes every other card, a position the pinned-cards proof of
   ``lost.py`` shows lost gets no steps: no line from it wins, so dropping it loses no win, and
   a search that runs dry still proves its start lost.  (Elsewhere the proof hardly ever holds
   and would cost about as much as expanding the position; even here it is asked of every fourth
   position expanded, since every position below a lost one is lost too, and ever less often,
   down to every 64th, while it keeps failing: in a deal with many ways to move it may never
   hold, and asking cost a third of the search.)

**Move orders.**  The order above plays the kinds of move in turn and, among steps turning a
card up, prefers the column with the most face-down cards (``order=0``).  ``order=1``, the
*digging order*, prefers instead the column whose face-down cards the foundations need soonest
(the fewest cards still to go up before one of them can), the most face-down cards breaking ties:
a deal whose Fool, as the trump Ace, lies at the bottom of a column is won by digging there
first.  ``order=2`` and up prefer the columns in a fixed shuffled order (seeded by the order's
number).  Each order wins deals the others wander in (``search.py`` runs several); the order
never changes which steps exist, so a search in any of them that runs dry proves the same loss.

The player mode (``player.py``) works on determinized copies, so adapters may read every card.

The compiled core (``native/``) mirrors :class:`PatienceAdapter` step for step, so a change to
the steps, their order or the key here is a change there too: ``tests/test_solver_native.py``
compares the two position by position and fails on any difference.
"""

from __future__ import annotations

import random
from itertools import repeat
from typing import Any, Callable, Hashable

from ..core import Move, State
from .lost import pinned, takes_every_card
from .result import SolveError

__all__ = ["GenericAdapter", "PatienceAdapter", "adapter_for", "is_patience", "patience_adapter_for", "Step"]

Step = tuple[Move, ...]
Ranked = tuple[int, int, Step]    # (priority, tie-break, step): lower first
_DRAW = Move("draw")
_REDEAL = Move("redeal")


class GenericAdapter:
    """Every legal move is a step; the game's own ``key()`` is the key."""

    def __init__(self, state: State) -> None:
        self.state = state

    def expand(self) -> list[Step]:
        return [(m,) for m in self.state.legal_moves()]

    def play(self, step: Step) -> Any:
        """Make a step (unchecked); returns what :meth:`unplay` needs to take it back."""
        push = self.state.push
        for m in step:
            push(m)
        return None

    def unplay(self, step: Step, token: Any) -> None:
        pop = self.state.pop
        for _ in step:
            pop()

    def key(self) -> Hashable:
        return self.state.key()

    def won(self) -> bool:
        return self.state.is_won()

    def progress(self) -> int:
        """A number that grows as the game nears a win (for picking the best undecided line)."""
        return 0


class PatienceAdapter:
    """Fast, pruned search view of a Tarot Solitaire, Klondike or American Toad position (through
    the public engine API of :class:`~tarot_learn.games.solitaire.Patience`)."""

    def __init__(self, state: Any, chain: bool = False, order: int = 0) -> None:
        self.state = state
        # With ``chain``, a step that answers a pending card and lifts a run off another face-up
        # card leaves that one pending in turn: a narrower search that finds many wins sooner,
        # but is not proved to keep one, so a search with it never proves a loss.
        self.chain = chain
        self.order = order
        # Per column, how early its steps turning a card up rank (lower first), see "Move
        # orders": alike in order 0, how soon its face-down cards are needed in the digging
        # order (recomputed at each expansion), a fixed shuffled rank from order 2 on.
        self.urgency = [0] * state.NCOLS
        if order >= 2:
            rng = random.Random(order - 1)
            self.urgency = [rng.randrange(1000) for _ in range(state.NCOLS)]
        facts = state.facts
        self.facts = facts
        self.ncols = state.NCOLS
        self.draw = max(1, state.draw_count)
        self.limit = state.max_redeals
        self.returns = state.returns_allowed
        # Drawing one card at a time with unlimited redeals, every stock card can be reached
        # whatever is taken out: a safe card deep in the stock may go up at once too.
        self.free_talon = self.draw == 1 and self.limit is None
        self.reserve_builds = state.reserve_builds
        self.win_count = state.win_count
        self.T = state.column_ids
        self.F = state.foundation_ids
        self.child_sets = [frozenset(ch) for ch in facts.children]
        self.children = facts.children
        self.need = self._needs(state)
        # Copies of one card (American Toad's two packs) play alike: the key does not tell them apart.
        if state.DOUBLE:
            first: dict[Any, int] = {}
            self.cls: list[int] | None = [first.setdefault((c.suit, c.rank), i)
                                          for i, c in enumerate(facts.cards)]
        else:
            self.cls = None
        self.suit_of = [int(c.suit.value) if isinstance(c.suit.value, int) else hash(c.suit.value)
                        for c in facts.cards]
        self.may_lift = state.may_lift
        self.may_return = state.may_return
        self.found_pos = facts.found_pos
        self.found_slots = facts.found_slots
        self.col_index = {t: j for j, t in enumerate(self.T)}
        # Pruning rule 8 costs about what an expansion does; it pays where cards get pinned
        # often: no card comes back down and none takes every card (the wild Fool).  It is asked
        # of every fourth position expanded: below a lost position every one is lost, so a lost
        # line is still cut a step or two further down, at a quarter of the cost.
        self.pin_check = not self.returns and not takes_every_card(facts)
        self.ticks = 0
        # Where the proof keeps failing (most positions of a deal with many ways to move), it is
        # asked ever less often, down to every 64th position; a position it proves lost brings
        # it back to every fourth.
        self.pin_mask = 3
        self.pin_misses = 0
        # Pruning rule 7: the face-up card a run was just lifted off, which the next step must
        # use (-1: none), and its column.
        self.pending = -1
        self.pending_col = -1

    def _needs(self, state: Any) -> list[frozenset[int]]:
        """For each card, the cards that must be up before it is safe to send up (pruning rule
        2): its possible children, and with returns allowed their whole chain."""
        children = self.facts.children
        n = len(self.facts.cards)
        ignore = [state.needs_no_home(c) for c in range(n)]
        need: list[frozenset[int]] = []
        for c in range(n):
            direct = [k for k in children[c] if not ignore[k]]
            if not self.returns:
                need.append(frozenset(direct))
                continue
            seen: set[int] = set()
            todo = list(direct)
            while todo:
                k = todo.pop()
                if k in seen or k == c:
                    continue
                seen.add(k)
                todo.extend(x for x in children[k] if not ignore[x])
            need.append(frozenset(seen))
        return need

    def won(self) -> bool:
        return sum(map(len, self.state.found)) == self.win_count

    def progress(self) -> int:
        """Cards up count most, face-down cards left count against."""
        s = self.state
        return 4 * sum(len(f) for f in s.found) - sum(s.down)

    def key(self) -> Hashable:
        """The position for the transposition table: columns sorted (pruning rule 3), copies of
        a card alike, the talon as :meth:`_talon_key` gives it (pruning rule 6)."""
        s = self.state
        cls = self.cls
        passes = s.passes if self.limit is not None else 0
        if cls is None:
            cols = sorted(zip(map(tuple, s.tab), s.down))
            return (tuple(cols), tuple(map(len, s.found)), self._talon_key(s.stock, s.waste),
                    tuple(s.reserve), passes, self.pending)
        g = cls.__getitem__
        cols = sorted([(tuple(map(g, col)), d) for col, d in zip(s.tab, s.down)])
        suit = self.suit_of
        found = sorted([(suit[f[0]] if f else -1, len(f)) for f in s.found])
        return (tuple(cols), tuple(found), self._talon_key(list(map(g, s.stock)), list(map(g, s.waste))),
                tuple(map(g, s.reserve)), passes, self.pending)

    def _talon_key(self, stock: list[Any], waste: list[Any]) -> Hashable:
        """Stock and waste for the key (pruning rule 6).  With unlimited redeals the places the
        pointer between them takes from an empty waste (each multiple of the draw count, and the
        end) form a cycle that draws and redeals go round for ever: positions that differ only
        by where the pointer is on that cycle reach each other by draws alone, so they are one
        position, keyed by the whole sequence.  Off the cycle (a card was played from the waste)
        the pointer is kept.

        >>> from tarot_learn import games
        >>> s = games.new("tarot-solitaire", seed=3)
        >>> ad = PatienceAdapter(s)
        >>> start = ad.key()
        >>> s.push(Move("draw"))
        >>> ad.key() == start, len(s.waste)
        (True, 2)
        """
        if self.limit is None and (len(waste) % self.draw == 0 or not stock):
            return tuple(waste + stock[::-1])
        return tuple(stock), tuple(waste)

    def _talon(self) -> list[tuple[int, Step]]:
        """Every waste card that draws (and redeals) can bring to the top, with the draws needed.

        The stock and waste together are one sequence ``waste + reversed(stock)`` with a pointer
        (the waste's length); a draw moves the pointer on, a redeal sets it back to 0."""
        s = self.state
        waste, stock = s.waste, s.stock
        seq = waste + stock[::-1]
        total = len(seq)
        p = len(waste)
        passes = s.passes
        limit = self.limit
        n = self.draw
        out: list[tuple[int, Step]] = []
        path: list[Move] = []
        seen = {(p, passes if limit is not None else 0)}
        if p:
            out.append((seq[p - 1], ()))
        while True:
            if p < total:
                p = min(p + n, total)
                path.append(_DRAW)
            elif p and (limit is None or passes < limit):
                p = 0
                passes += 1
                path.append(_REDEAL)
                continue
            else:
                break
            mark = (p, passes if limit is not None else 0)
            if mark in seen:
                break
            seen.add(mark)
            out.append((seq[p - 1], tuple(path)))
        return out

    def play(self, step: Step) -> Any:
        """Make a step.  The draws and redeals in front of a waste move are done in one go (they
        only move the pointer between waste and stock, see :meth:`_talon`); the move itself goes
        through the game's ``push``.  A run lifted off a face-up card that cannot go up leaves
        that card pending (pruning rule 7), unless the step answered a pending card itself."""
        s = self.state
        token = (None, self.pending, self.pending_col)
        answered = self.pending >= 0
        self.pending = -1
        if (self.chain or not answered) and len(step) == 1 and step[0].src[0] == "t" \
                and step[0].dst[0] == "t":
            self._mark_uncovered(step[0])
        if len(step) == 1:
            s.push(step[0])
            return token
        saved = (s.stock, s.waste, s.passes)
        seq = s.waste + s.stock[::-1]
        p = len(s.waste)
        passes = s.passes
        n = self.draw
        for m in step[:-1]:
            if m.action == "draw":
                p = min(p + n, len(seq))
            else:
                p = 0
                passes += 1
        s.set_talon(seq[p:][::-1], seq[:p], passes)
        s.push(step[-1])
        return saved, token[1], token[2]

    def _mark_uncovered(self, m: Move) -> None:
        """Before run move ``m`` between columns: when it uncovers a face-up card Y that cannot
        go up, Y becomes pending (pruning rule 7)."""
        s = self.state
        i = self.col_index[m.src]
        col = s.tab[i]
        k = len(col) - m.count
        if k <= s.down[i]:
            return                  # turns a card up or empties the column: progress
        y = col[k - 1]
        pos = self.found_pos[y]
        if pos >= 0 and any(len(s.found[f]) == pos for f in self.found_slots[y]):
            return                  # Y may go up next
        self.pending = y
        self.pending_col = i

    def unplay(self, step: Step, token: Any) -> None:
        s = self.state
        s.pop()
        if token[0] is not None:
            s.set_talon(*token[0])
        self.pending, self.pending_col = token[1], token[2]

    def _wanted(self, c: int, heads: dict[int, tuple[int, int]], up: set[int],
                talon: dict[int, Step], seen: set[int] | None = None) -> bool:
        """Whether some card could be placed on ``c`` now: a run head in a column, the reserve's
        top card, a foundation's top card that may come back down, or a stock card that is itself
        wanted that way (a chain of stock cards built down onto ``c``)."""
        s = self.state
        seen = seen if seen is not None else {c}
        for k in self.children[c]:
            if k in heads:
                return True
            if s.reserve and s.reserve[-1] == k:
                return True
            if self.returns and k in up and any(f and f[-1] == k for f in s.found):
                return True
            if k in talon and k not in seen:
                seen.add(k)
                if self._wanted(k, heads, up, talon, seen):
                    return True
        return False

    # ----- the steps ---------------------------------------------------------------------------------
    def expand(self) -> list[Step]:
        """The steps from here, best first; a forced step (a safe card up) comes alone.  One
        named step per kind of move, in this order: cards up and the reserve, the talon, runs
        between columns, cards back down (the sort is stable, so ties keep this order)."""
        found = self.state.found
        found_pos, found_slots = self.found_pos, self.found_slots
        flen = [len(f) for f in found]

        def fdest(c: int) -> int:
            pos = found_pos[c]
            if pos >= 0:
                for f in found_slots[c]:
                    if flen[f] == pos:
                        return f
            return -1

        self.ticks += 1
        if self.pin_check and not self.ticks & self.pin_mask and self._pinned():
            return []               # rule 8: proved lost, nothing to search
        self.urgency = self._urgency(flen)
        top_list, first_empty = self._tops()
        if self.pending >= 0:
            return self._pending_uses(top_list, first_empty)
        up: set[int] = set()
        for f in found:
            up.update(f)
        ranked: list[tuple[int, int, Step]] = []
        forced = self._up_and_reserve(ranked.append, fdest, up, top_list, first_empty)
        if forced is not None:
            return [forced]
        heads = self._run_heads()
        # Waste cards, however deep in the stock, with the draws that bring them up (the first
        # way found to reach a card is the cheapest: fewest draws, fewest redeals).
        talon: dict[int, Step] = {}
        for c, path in self._talon():
            if c not in talon:
                talon[c] = path
        if talon:
            forced = self._talon_steps(ranked.append, fdest, up, top_list, first_empty, heads, talon)
            if forced is not None:
                return [forced]
        if heads:
            self._run_steps(ranked.append, fdest, top_list, first_empty, heads)
        if self.returns:
            self._return_steps(ranked.append, up, top_list, first_empty)
        ranked.sort(key=_rank)
        return [r[2] for r in ranked]

    def _pinned(self) -> bool:
        """Pruning rule 8's proof, asked less often after a long run of failures."""
        if pinned(self.state):
            self.pin_mask, self.pin_misses = 3, 0
            return True
        self.pin_misses += 1
        if self.pin_misses >= 32 and self.pin_mask < 63:
            self.pin_mask, self.pin_misses = 2 * self.pin_mask + 1, 0
        return False

    def _urgency(self, flen: list[int]) -> list[int]:
        """The digging order's rank of each column: how many cards must still go up before one
        of its face-down cards can (times 100, so that the most face-down cards break ties); in
        the other orders the ranks stay as they are."""
        if self.order != 1:
            return self.urgency
        s = self.state
        found_pos, found_slots = self.found_pos, self.found_slots
        out: list[int] = []
        for col, d in zip(s.tab, s.down):
            soonest = 99
            for c in col[:d]:
                pos = found_pos[c]
                if pos >= 0:
                    soonest = min(soonest, pos - max(flen[f] for f in found_slots[c]))
            out.append(100 * soonest)
        return out

    def _tops(self) -> tuple[list[tuple[int, int]], int]:
        """``(column, top card)`` of each non-empty column, and the first empty column (-1)."""
        tab = self.state.tab
        top_list: list[tuple[int, int]] = []
        first_empty = -1
        for j in range(self.ncols):
            col = tab[j]
            if col:
                top_list.append((j, col[-1]))
            elif first_empty < 0:
                first_empty = j
        return top_list, first_empty

    def _up_and_reserve(self, add: Callable[[Ranked], None], fdest: Callable[[int], int], up: set[int],
                        top_list: list[tuple[int, int]], first_empty: int) -> Step | None:
        """Cards up to the foundations from the columns and the reserve (a safe one is forced:
        returned alone), and the reserve's top card onto the columns."""
        need, down = self.need, self.state.down
        T, F = self.T, self.F
        for j, c in top_list:
            f = fdest(c)
            if f >= 0:
                m = (Move("move", T[j], F[f], 1),)
                if need[c] <= up:
                    return m
                add((0, self.urgency[j] - down[j], m))
        reserve = self.state.reserve
        if not reserve:
            return None
        c = reserve[-1]
        f = fdest(c)
        if f >= 0:
            m = (Move("move", "r", F[f], 1),)
            if need[c] <= up:
                return m
            add((0, -1, m))
        if self.reserve_builds:
            ps = self.facts.parent_sets[c]
            for j, t in top_list:
                if t in ps:
                    add((1, -1, (Move("move", "r", T[j], 1),)))
            if first_empty >= 0 and self.facts.empty_ok[c]:
                add((3, 0, (Move("move", "r", T[first_empty], 1),)))
        return None

    def _run_heads(self) -> dict[int, tuple[int, int]]:
        """Each card that may head a moving run -> (its column, its index there)."""
        tab, down = self.state.tab, self.state.down
        psets = self.facts.parent_sets
        may_lift = self.may_lift
        heads: dict[int, tuple[int, int]] = {}
        for i in range(self.ncols):
            col = tab[i]
            n = len(col)
            if not n:
                continue
            d = down[i]
            k = n - 1
            while k > d and col[k - 1] in psets[col[k]]:
                k -= 1
            if not (k or may_lift(col, 0)):  # above the base a run may always move
                k = 1
            heads.update(zip(col[k:], zip(repeat(i), range(k, n))))
        return heads

    def _talon_steps(self, add: Callable[[Ranked], None], fdest: Callable[[int], int], up: set[int],
                     top_list: list[tuple[int, int]], first_empty: int,
                     heads: dict[int, tuple[int, int]], talon: dict[int, Step]) -> Step | None:
        """Waste cards up, onto an empty column, onto a column top.  Pruning rule 5 (drawing one
        card, unlimited redeals): a stock card stays reachable whatever else is played, so
        putting it on a column can wait until something is ready to go on it."""
        need, empty_ok, children = self.need, self.facts.empty_ok, self.children
        T, F = self.T, self.F
        free = self.free_talon
        one = self.draw == 1
        # With a redeal limit every card drawn past is one pass nearer to lost for good: a step
        # ranks later by each draw it needs, so the order plays what is free first.
        late = 0 if self.limit is None else 1
        wanted = self._wanted
        for c, path in talon.items():
            f = fdest(c)
            if f >= 0:
                m = path + (Move("move", "w", F[f], 1),)
                # Taking a card out of the stock and waste changes which cards later draws
                # turn up unless draws are one card at a time: only then is it forced.
                if need[c] <= up and one and (not path or free):
                    return m
                add((0 + late * len(path), len(path), m))
            if first_empty >= 0 and empty_ok[c] and (not free or wanted(c, heads, up, talon)):
                add((3 + late * len(path), len(path), path + (Move("move", "w", T[first_empty], 1),)))
        for j, t in top_list:
            for c in children[t]:
                path = talon.get(c)  # type: ignore[assignment]
                if path is not None and (not free or wanted(c, heads, up, talon)):
                    add((2 + late * len(path), len(path), path + (Move("move", "w", T[j], 1),)))
        return None

    def _run_steps(self, add: Callable[[Ranked], None], fdest: Callable[[int], int],
                   top_list: list[tuple[int, int]], first_empty: int,
                   heads: dict[int, tuple[int, int]]) -> None:
        """Runs between columns (their heads indexed by :meth:`_run_heads`), then into the first
        empty column."""
        tab, down = self.state.tab, self.state.down
        T, children, child_sets = self.T, self.children, self.child_sets
        reserve = self.state.reserve
        for j, t in top_list:
            for c in children[t]:
                loc = heads.get(c)
                if loc is None or loc[0] == j:
                    continue
                i, k = loc
                col = tab[i]
                d = down[i]
                if k == 0:
                    # empties the column (American Toad: the reserve fills it, progress)
                    pri, extra = (1, -1) if reserve else (3, 0)
                elif k == d:
                    pri, extra = 1, self.urgency[i] - d    # turns a face-down card up
                else:
                    y = col[k - 1]             # uncovers the face-up card y
                    if fdest(y) < 0 and child_sets[y] == child_sets[t]:
                        continue               # rule 4: y and t are equivalent places
                    pri, extra = 4, 0
                add((pri, extra, (Move("move", T[i], T[j], len(col) - k),)))
        if first_empty >= 0:
            empty_ok = self.facts.empty_ok
            for c, (i, k) in heads.items():
                if k and empty_ok[c]:
                    d = down[i]
                    pri, extra = (1, self.urgency[i] - d) if k == d else (5, 0)
                    add((pri, extra, (Move("move", T[i], T[first_empty], len(tab[i]) - k),)))

    def _pending_uses(self, top_list: list[tuple[int, int]], first_empty: int) -> list[Step]:
        """Pruning rule 7: the steps that use the pending card Y, the top of its column: a card
        put on Y (from a column, the talon, the reserve or a foundation), or a run headed by Y
        or a card under it moved away.  Every legal one, whatever the other rules would skip."""
        s = self.state
        tab, down, T = s.tab, s.down, self.T
        i, y = self.pending_col, self.pending
        dest = T[i]
        heads = self._run_heads()
        late = 0 if self.limit is None else 1
        ranked: list[Ranked] = []
        add = ranked.append
        talon = dict(reversed(self._talon()))    # the first way found to reach a card wins
        for c in self.children[y]:
            loc = heads.get(c)
            if loc is not None and loc[0] != i:
                ci, idx = loc
                add(self._run_rank(ci, idx) + ((Move("move", T[ci], dest, len(tab[ci]) - idx),),))
            path = talon.get(c)
            if path is not None:
                add((2 + late * len(path), len(path), path + (Move("move", "w", dest, 1),)))
            if self.reserve_builds and s.reserve and s.reserve[-1] == c:
                add((1, -1, (Move("move", "r", dest, 1),)))
            if self.returns and self.may_return(c):
                for fi, pile in enumerate(s.found):
                    if pile and pile[-1] == c:
                        add((6, 0, (Move("move", self.F[fi], dest, 1),)))
        psets, empty_ok, col = self.facts.parent_sets, self.facts.empty_ok, tab[i]
        for h in range(down[i], len(col)):
            if heads.get(col[h]) != (i, h):
                continue
            rank = self._run_rank(i, h)
            ps = psets[col[h]]
            for j, t in top_list:
                if j != i and t in ps:
                    add(rank + ((Move("move", dest, T[j], len(col) - h),),))
            if h and first_empty >= 0 and empty_ok[col[h]]:
                add(rank + ((Move("move", dest, T[first_empty], len(col) - h),),))
        ranked.sort(key=_rank)
        return [r[2] for r in ranked]

    def _run_rank(self, i: int, k: int) -> tuple[int, int]:
        """The rank of lifting the run from index ``k`` of column ``i``, as :meth:`_run_steps`
        gives it: turning a card up or emptying a column first."""
        d = self.state.down[i]
        if k == 0:
            return (1, -1) if self.state.reserve else (3, 0)
        return (1, self.urgency[i] - d) if k == d else (4, 0)

    def _return_steps(self, add: Callable[[Ranked], None], up: set[int],
                      top_list: list[tuple[int, int]], first_empty: int) -> None:
        """Cards back down from a foundation, when something could still be built on them."""
        need, psets, empty_ok = self.need, self.facts.parent_sets, self.facts.empty_ok
        T, F = self.T, self.F
        may_return = self.may_return
        for fi, pile in enumerate(self.state.found):
            if not pile:
                continue
            c = pile[-1]
            if need[c] <= up or not may_return(c):
                continue
            ps = psets[c]
            for j, t in top_list:
                if t in ps:
                    add((6, 0, (Move("move", F[fi], T[j], 1),)))
            if first_empty >= 0 and empty_ok[c]:
                add((6, 1, (Move("move", F[fi], T[first_empty], 1),)))


def _rank(r: tuple[int, int, Step]) -> tuple[int, int]:
    return r[0], r[1]


def patience_adapter_for(state: State, order: int = 0, chain: bool = False) -> "PatienceAdapter | None":
    """The adapter of :func:`adapter_for` in move order ``order`` (see "Move orders"): the same
    steps in another order, so a search with it proves what one in any order proves.  With
    ``chain`` rule 7 is chained too, for a search that may only find wins.  ``None`` for games
    other than the patiences."""
    from ..games.solitaire import Patience

    return PatienceAdapter(state, chain=chain, order=order) if isinstance(state, Patience) else None


def is_patience(state: State) -> bool:
    """Whether ``state`` is one of the patiences :class:`PatienceAdapter` knows."""
    from ..games.solitaire import Patience

    return isinstance(state, Patience)


def adapter_for(state: State) -> "GenericAdapter | PatienceAdapter":
    """The best adapter for a game's state; games with several players cannot be solved."""
    from ..games.solitaire import Patience

    if isinstance(state, Patience):
        return PatienceAdapter(state)
    if getattr(state, "name", "") == "french-tarot":
        raise SolveError("the solver plays one-player patiences; French Tarot has bots instead "
                         "(tarot_learn.games.french_tarot.bots)")
    return GenericAdapter(state)
