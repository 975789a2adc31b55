"""What if a rule changed?  Two rule sets of one patience side by side, until the answer is clear.

:class:`Race` is the logic (no widgets): it solves the same seeded deals under rule set A and
rule set B, a batch at a time, through the explorer (its cache, its executor: worker processes
here, or in this process where there are none), and keeps each side's win-rate interval.  It
stops when the two intervals no longer overlap (the change makes a difference, and which way) or
when the deal budget ends (no difference this many deals can show).  Checking after every batch
gives chance more than one look, so the stopping test uses 99% intervals rather than 95%.  It
also finds a deal *won* under one rule set and *proved lost* under the other: the change itself
decides that deal.

:class:`WhatIf` is the widget around it: a dropdown per rule knob for each side, Start and Stop,
a live chart of both intervals narrowing as deals come in (:mod:`tarot_learn.render.chart`: SVG
with hover tooltips and its figures as a table, the same in the static site), and, when a deal is
won under one side and lost under the other, why it is lost where a sentence can say it
(:func:`~tarot_learn.solve.lost_reason`: every card is known here, as for the solver) and buttons
that open it on a :class:`~tarot_learn.widgets.SolitaireBoard` under either rule set.  The race
runs on a background thread, so the notebook stays usable; where there are no threads (the
static site's browser Python) it runs a batch at a time on the kernel's event loop, which answers
the page, and Stop, between batches.

>>> from tarot_learn import games
>>> race = Race(games.variant("klondike"), games.variant("klondike", draw=3),
...             max_deals=8, batch=4, seconds_per_deal=0.3, cache=False, processes=1)
>>> race.deals, race.done
(0, False)
"""

from __future__ import annotations

import asyncio
import sys
import threading
from concurrent.futures import Executor
from typing import Any, Callable

from ..errors import OptionError
from ..games.french_tarot.explore import RuleResult, RuleSet, Tally
from ..games.variants import Variant, knobs, variant
from ..render.chart import Band, Chart, band_chart
from ..solve import lost_reason
from ..solve.explorer import explore, wilson
from ._common import esc, message_html
from .session import PageGuard

__all__ = ["Race", "WhatIf", "Z_STOP", "TarotRace", "TarotWhatIf", "tarot_rules", "TAROT_KNOBS"]

#: The stopping test's interval: 99% (the race looks after every batch, so 95% would stop on
#: chance too often).
Z_STOP = 2.576
SIDES = ("a", "b")


class Race:
    """Deals solved under two variants of one game, batch by batch, with their intervals.

    ``a``, ``b``: :class:`~tarot_learn.games.variants.Variant` (or a game name: the standard
    rules).  ``seconds_per_deal``: CPU seconds each deal's search may take; ``max_deals``: the
    budget (deals per side); ``batch``: deals per step; ``cache``/``executor``/``processes`` as
    for :func:`~tarot_learn.solve.explorer.explore`."""

    def __init__(self, a: "Variant | str", b: "Variant | str", seconds_per_deal: float = 0.5,
                 max_deals: int = 200, batch: int = 10, first_seed: int = 0, cache: Any = True,
                 executor: Executor | None = None, processes: int | None = None) -> None:
        self.variants = {"a": _as_variant(a), "b": _as_variant(b)}
        if self.variants["a"].name != self.variants["b"].name:
            raise OptionError("compare two rule sets of the same game (both sides name one patience)")
        for name, value, low in (("max_deals", max_deals, 1), ("batch", batch, 1), ("first_seed", first_seed, 0)):
            if isinstance(value, bool) or not isinstance(value, int) or value < low or value > 1_000_000:
                raise OptionError(f"{name} must be a whole number from {low} to 1,000,000, not {value!r}")
        self.seconds_per_deal = seconds_per_deal
        self.max_deals, self.batch, self.first_seed = max_deals, batch, first_seed
        self.cache, self.executor, self.processes = cache, executor, processes
        self.rows: dict[str, dict[int, str]] = {"a": {}, "b": {}}
        self.history: list[tuple[int, tuple[float, float], tuple[float, float]]] = []

    @property
    def deals(self) -> int:
        """Deals solved so far on each side."""
        return len(self.rows["a"])

    def interval(self, side: str, z: float = Z_STOP) -> tuple[float, float]:
        """The side's win-rate interval: the low end of solved/all to the high end of
        (solved + undecided)/all (an undecided deal may go either way)."""
        rows = self.rows[side].values()
        n = len(rows)
        solved = sum(1 for s in rows if s == "solved")
        undecided = sum(1 for s in rows if s == "undecided")
        return wilson(solved, n, z)[0], wilson(solved + undecided, n, z)[1]

    def separated(self) -> str:
        """``"a"`` or ``"b"``: the side whose whole interval lies above the other's; ``""``."""
        (alo, ahi), (blo, bhi) = self.interval("a"), self.interval("b")
        return "a" if alo > bhi else "b" if blo > ahi else ""

    @property
    def done(self) -> bool:
        return bool(self.separated()) or self.deals >= self.max_deals

    def verdict(self) -> str:
        """One sentence on where the race stands."""
        va, vb = self.variants["a"], self.variants["b"]
        up = self.separated()
        if up:
            hi, lo = (va, vb) if up == "a" else (vb, va)
            return f"after {self.deals} deals each: {hi} wins more often than {lo} (99% intervals apart)"
        if self.deals >= self.max_deals:
            return (f"after {self.deals} deals each the intervals still overlap: no difference this "
                    f"many deals can show")
        return f"{self.deals} deals each so far; the intervals overlap"

    def contrast(self) -> tuple[int, str] | None:
        """``(seed, side)``: a deal solved under ``side`` and proved lost under the other."""
        a, b = self.rows["a"], self.rows["b"]
        for seed in sorted(a):
            pair = (a[seed], b.get(seed))
            if pair == ("solved", "impossible"):
                return seed, "a"
            if pair == ("impossible", "solved"):
                return seed, "b"
        return None

    def why_lost(self, seed: int, side: str) -> str:
        """Why deal ``seed`` is lost from the start under ``side``'s rules, in a sentence, where
        the reason is simple (a card buried under what it waits for, cards pinned under each
        other, nothing to play); ``""`` when only the whole search shows it."""
        return lost_reason(self.variants[side].new(seed))

    def step(self) -> bool:
        """Solve the next batch under both rule sets; ``True`` while the race goes on."""
        if self.done:
            return False
        start = self.first_seed + self.deals
        seeds = list(range(start, start + min(self.batch, self.max_deals - self.deals)))
        for side in SIDES:
            run = explore(self.variants[side], seeds=seeds, seconds_per_deal=self.seconds_per_deal,
                          cache=self.cache, executor=self.executor, processes=self.processes,
                          progress=False)
            self.rows[side].update({r["seed"]: r["status"] for r in run.rows})
        self.history.append((self.deals, self.interval("a"), self.interval("b")))
        return not self.done

    def run(self, stop: "threading.Event | None" = None, after: Callable[["Race"], None] | None = None) -> str:
        """Step until done (or ``stop`` is set), calling ``after`` after each batch; the verdict."""
        while (stop is None or not stop.is_set()) and self.step():
            if after is not None:
                after(self)
        if after is not None:
            after(self)
        return self.verdict()

    def chart(self) -> Chart:
        """Each side's interval against the number of deals, as a chart (its y axis spans the intervals)."""
        bands = [Band(f"{side.upper()}: {self.variants[side]}", colour, [h[0] for h in self.history],
                      [h[1 + k][0] for h in self.history], [h[1 + k][1] for h in self.history])
                 for k, (side, colour) in enumerate((("a", "#1f77b4"), ("b", "#d95f02")))]
        return band_chart(bands, self.verdict(), "deals solved under each rule set", "win rate (%), 99% interval")


def _in_slices(race: Race, stop: threading.Event, after: Callable[[Race], None], wait: bool) -> Any:
    """Run ``race`` one batch per turn of the running event loop (the kernel's), so the page's
    messages, Stop among them, are answered between batches; the task.  Without a running loop,
    or with ``wait``, the whole race runs here and now."""
    async def batches() -> None:
        while not stop.is_set() and race.step():
            after(race)
            await asyncio.sleep(0)
        after(race)

    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:              # Pyodide's loop is the page's, always there to take a task
        loop = asyncio.get_event_loop() if sys.platform == "emscripten" else None
    if loop is None or wait:
        race.run(stop, after)
        return None
    return loop.create_task(batches())


def _as_variant(v: "Variant | str") -> Variant:
    if isinstance(v, Variant):
        return v
    if isinstance(v, str):
        return variant(v)
    raise OptionError(f"a rule set is a games.variant(...) or a game's name, not {type(v).__name__}")


class WhatIf:
    """The what-if widget: ``WhatIf(game="tarot-solitaire", b={"draw": 3})`` (``a``, ``b``: the
    knobs that differ from the standard game on each side; the dropdowns change them too).

    ``display(w)`` (or just ``w`` last in a cell) shows it.  Start runs a :class:`Race` on a
    background thread (in a browser kernel without threads, a batch at a time on the kernel's
    event loop); Stop ends it after the batch in hand.  Python entry points: :meth:`start`
    (``wait=True`` returns when the race is over), :meth:`stop`, :meth:`open_deal`, and ``race``
    for the figures."""

    def __init__(self, game: str = "tarot-solitaire", a: dict[str, Any] | None = None,
                 b: dict[str, Any] | None = None, seconds_per_deal: float = 0.5, max_deals: int = 200,
                 batch: int = 10, first_seed: int = 0, cache: Any = True, processes: int | None = None) -> None:
        self.game = game
        sides = {"a": variant(game, **(a or {})), "b": variant(game, **(b or {}))}
        self._race_args = dict(seconds_per_deal=seconds_per_deal, max_deals=max_deals, batch=batch,
                               first_seed=first_seed, cache=cache, processes=processes)
        Race(sides["a"], sides["b"], **self._race_args)       # bad arguments fail here, at once
        self.race: Any = None
        self._build({s: _pickers(game, sides[s].options) for s in SIDES})

    def _build(self, pickers: dict[str, dict[str, Any]]) -> None:
        """The widget around the two sides' ``pickers``: Start, Stop, the status line, the chart."""
        import ipywidgets as W

        self.pickers = pickers
        self.plot = W.HTML(layout=W.Layout(max_width="660px"))
        self.status = W.HTML("Choose two rule sets, then Start.")
        self.start_button = W.Button(description="Start", button_style="primary")
        self.stop_button = W.Button(description="Stop", disabled=True)
        self.start_button.on_click(lambda _: self.start())
        self.stop_button.on_click(lambda _: self.stop())
        self.deal_box = W.VBox()
        self.board_box = W.VBox()
        columns = [W.VBox([W.HTML(f"<b>Rule set {s.upper()}</b>"), *self.pickers[s].values()]) for s in SIDES]
        self.widget = W.VBox([W.HBox(columns), W.HBox([self.start_button, self.stop_button]),
                              self.status, self.plot, self.deal_box, self.board_box])
        # The page may pick knobs and press the buttons, nothing else (a board opened below
        # keeps its own guard); a refusal is said in the status line.
        PageGuard(self._refuse).watch(self.widget)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._task: Any = None
        self.board: Any = None

    def _refuse(self, line: str) -> None:
        self.status.value = message_html(line, "refused")

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    def variants(self) -> dict[str, Variant]:
        """The two rule sets the dropdowns show now."""
        return {s: variant(self.game, **{k: w.value for k, w in self.pickers[s].items()}) for s in SIDES}

    def start(self, wait: bool = False) -> None:
        """Start a race between the two rule sets shown (a running one is stopped first)."""
        self.stop()
        self.race = self._new_race()
        self._stop = threading.Event()
        self.start_button.disabled, self.stop_button.disabled = True, False
        self.deal_box.children, self.board_box.children = (), ()
        self.status.value = "Playing deals under both rule sets..."
        race, stop = self.race, self._stop
        try:
            self._thread = threading.Thread(target=race.run, args=(stop, self._after), daemon=True)
            self._thread.start()
        except RuntimeError:          # no threads here (a browser kernel): batches on the event loop
            self._thread = None
            self._task = _in_slices(race, stop, self._after, wait)
            return
        if wait:
            self._thread.join()

    def _new_race(self) -> Any:
        v = self.variants()
        return Race(v["a"], v["b"], **self._race_args)

    def stop(self) -> None:
        """Stop the race after the batch in hand."""
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join()
        self._thread = None

    def _after(self, race: Race) -> None:
        """After each batch (on the race's thread): the plot, the sentence, and at the end the
        contrasting deal."""
        if race is not self.race:
            return
        self.plot.value = race.chart().html()
        over = race.done or self._stop.is_set()
        self.status.value = race.verdict() + ("" if over else "...")
        if over:
            self.start_button.disabled, self.stop_button.disabled = False, True
            self._offer_contrast(race)

    def _offer_contrast(self, race: Race) -> None:
        import ipywidgets as W

        found = race.contrast()
        if found is None:
            self.deal_box.children = (W.HTML("No deal so far is won under one rule set and proved "
                                              "lost under the other."),)
            return
        seed, side = found
        other = "b" if side == "a" else "a"
        buttons = []
        for s in SIDES:
            button = W.Button(description=f"Play it under {s.upper()}")
            button.on_click(lambda _, s=s: self.open_deal(s))
            buttons.append(button)
        why = race.why_lost(seed, other)
        why = (f" Under {other.upper()}, {esc(why)}." if why else
               f" Under {other.upper()}, the solver went through every line that could matter.")
        self.deal_box.children = (W.HTML(f"Deal {seed} is won under {side.upper()} "
                                          f"({esc(str(race.variants[side]))}) and proved lost under "
                                          f"{other.upper()} ({esc(str(race.variants[other]))}).{why}"),
                                  W.HBox(buttons))

    def open_deal(self, side: str) -> Any:
        """Open the contrasting deal on a board under ``side``'s rules; returns the board."""
        from .board import SolitaireBoard

        if side not in SIDES:
            raise OptionError(f"side is 'a' or 'b', not {side!r}")
        found = self.race.contrast() if self.race is not None else None
        if found is None:
            raise OptionError("no deal is won under one rule set and lost under the other yet: run the race first")
        v = self.race.variants[side]
        self.board = SolitaireBoard(v.name, seed=found[0], autosave=False, **v.options)
        self.board_box.children = (self.board,)
        return self.board


def _pickers(game: str, values: dict[str, Any]) -> dict[str, Any]:
    """A dropdown per knob of ``game``, set to ``values``, labelled with its rule id; the labels
    are as wide as the longest (in ``ch``, a digit's width, wider than most letters), so no label
    is cut before its rule id."""
    import ipywidgets as W

    labels = {k.name: f"{k.name} ({k.rule})" for k in knobs(game)}
    label_w = max(map(len, labels.values()), default=8) + 3
    option_w = max((len(str(c)) for k in knobs(game) for c in k.choices), default=8) + 6
    return {k.name: W.Dropdown(options=[(str(c), c) for c in k.choices], value=values[k.name],
                               description=labels[k.name], tooltip=k.help,
                               style={"description_width": f"{label_w}ch"},
                               layout=W.Layout(width=f"{label_w + option_w}ch"))
            for k in knobs(game)}


# ----- French Tarot: two rule sets raced by the robots -----------------------------------------------
#: The knobs of a French Tarot rule set the widget offers: (name, label, choices).
TAROT_KNOBS = (
    ("petit_au_bout", "Petit au bout bonus (FT-36)", (0, 10, 20, 30)),
    ("contract_base", "contract value (FT-33)", (15, 20, 25, 30, 40)),
    ("poignee_simple", "simple poignée bonus (FT-37)", (10, 20, 30, 40)),
    ("prise_from", "robots take a prise from strength", (35, 40, 45, 50)),
)
_TAROT_DEFAULTS = {"petit_au_bout": 10, "contract_base": 25, "poignee_simple": 20, "prise_from": 40}


def tarot_rules(**knobs: int) -> RuleSet:
    """A French Tarot :class:`~tarot_learn.games.french_tarot.explore.RuleSet` from the widget's knobs
    (:data:`TAROT_KNOBS`; the others keep the FFT's values), named by what differs from the FFT.

    >>> tarot_rules(petit_au_bout=20).name, tarot_rules().name
    ('Petit au bout 20', 'FFT')
    """
    unknown = sorted(set(knobs) - set(_TAROT_DEFAULTS))
    if unknown:
        raise OptionError(f"unknown French Tarot rule {unknown[0]!r}: the rules are {', '.join(_TAROT_DEFAULTS)}")
    v = {**_TAROT_DEFAULTS, **knobs}
    fft = RuleSet()
    names = {"petit_au_bout": "Petit au bout", "contract_base": "contract", "poignee_simple": "poignée",
             "prise_from": "prise from"}
    name = ", ".join(f"{names[k]} {v[k]}" for k in _TAROT_DEFAULTS if v[k] != _TAROT_DEFAULTS[k]) or "FFT"
    if not isinstance(v["prise_from"], int) or not 0 <= v["prise_from"] <= fft.thresholds[1]:
        raise OptionError(f"prise_from is a hand strength from 0 to {fft.thresholds[1]} (a garde's), "
                          f"not {v['prise_from']!r}")
    return RuleSet(name, v["contract_base"], v["petit_au_bout"], (v["poignee_simple"], *fft.poignee_bonus[1:]),
                   (v["prise_from"], *fft.thresholds[1:]))


class TarotRace:
    """Two French Tarot rule sets over the same deals, played by club robots in every seat, a batch
    at a time (:class:`~tarot_learn.games.french_tarot.explore.Tally`): contracts taken, contracts
    made and the taker's mean score, each with its 95% interval, after every batch.  It runs to
    ``max_deals`` (the same deals for both sides, so a difference is the rules', not the cards').

    >>> race = TarotRace(tarot_rules(), tarot_rules(petit_au_bout=20), max_deals=20, batch=10)
    >>> race.run().startswith("after 20 deals")
    True
    """

    def __init__(self, a: RuleSet, b: RuleSet, players: int = 4, max_deals: int = 400, batch: int = 50,
                 first_seed: int = 0) -> None:
        for name, value, low in (("max_deals", max_deals, 1), ("batch", batch, 1), ("first_seed", first_seed, 0)):
            if isinstance(value, bool) or not isinstance(value, int) or value < low or value > 1_000_000:
                raise OptionError(f"{name} must be a whole number from {low} to 1,000,000, not {value!r}")
        self.tallies = {"a": Tally(a, players), "b": Tally(b, players)}
        self.max_deals, self.batch, self.first_seed = max_deals, batch, first_seed
        self.history: list[tuple[int, tuple[float, float], tuple[float, float]]] = []

    @property
    def deals(self) -> int:
        return self.tallies["a"].deals

    @property
    def done(self) -> bool:
        return self.deals >= self.max_deals

    def results(self) -> dict[str, RuleResult]:
        return {s: t.result() for s, t in self.tallies.items()}

    def step(self) -> bool:
        """Play the next batch under both rule sets; ``True`` while the race goes on."""
        if self.done:
            return False
        start, count = self.first_seed + self.deals, min(self.batch, self.max_deals - self.deals)
        for tally in self.tallies.values():
            tally.add(start, count)
        r = self.results()
        self.history.append((self.deals, r["a"].made.interval, r["b"].made.interval))
        return not self.done

    run = Race.run

    def verdict(self) -> str:
        """One sentence per side: contracts taken and made, the taker's mean score, with intervals."""
        r = self.results()
        lines = [f"{s.upper()} ({r[s].rules.name}): contracts taken {r[s].taken}; made {r[s].made}; "
                 f"taker's mean score {r[s].taker_score}" for s in SIDES]
        return f"after {self.deals} deals each. " + " ".join(lines)

    def chart(self) -> Chart:
        """The contracts made under each rule set, with their 95% intervals, against the deals played."""
        r = self.results()
        bands = [Band(f"{side.upper()}: {r[side].rules.name}", colour, [h[0] for h in self.history],
                      [h[1 + k][0] for h in self.history], [h[1 + k][1] for h in self.history])
                 for k, (side, colour) in enumerate((("a", "#1f77b4"), ("b", "#d95f02")))]
        return band_chart(bands, "contracts made", "deals played under each rule set",
                          "contracts made (%), 95% interval")


class TarotWhatIf(WhatIf):
    """The what-if widget for French Tarot: ``TarotWhatIf(b={"petit_au_bout": 20})`` (``a``, ``b``:
    the knobs of :data:`TAROT_KNOBS` that differ from the FFT on each side; the dropdowns change
    them too).  Start races the two rule sets (:class:`TarotRace`) with ``players`` robots a seat
    over ``max_deals`` deals, ``batch`` at a time, and shows contracts taken, made and the taker's
    mean score with their 95% intervals as they come in."""

    def __init__(self, a: dict[str, int] | None = None, b: dict[str, int] | None = None, players: int = 4,
                 max_deals: int = 400, batch: int = 50, first_seed: int = 0) -> None:
        self.game = "french-tarot"
        self._race_args = dict(players=players, max_deals=max_deals, batch=batch, first_seed=first_seed)
        sides = {"a": {**_TAROT_DEFAULTS, **(a or {})}, "b": {**_TAROT_DEFAULTS, **(b or {})}}
        TarotRace(tarot_rules(**sides["a"]), tarot_rules(**sides["b"]), **self._race_args)   # fail at once
        self.race = None
        self._build({s: _tarot_pickers(sides[s]) for s in SIDES})

    def rule_sets(self) -> dict[str, RuleSet]:
        """The two rule sets the dropdowns show now."""
        return {s: tarot_rules(**{k: w.value for k, w in self.pickers[s].items()}) for s in SIDES}

    def _new_race(self) -> TarotRace:
        v = self.rule_sets()
        return TarotRace(v["a"], v["b"], **self._race_args)

    def _offer_contrast(self, race: Any) -> None:
        import ipywidgets as W

        rows = "".join(f"<tr><td>{s.upper()}: {esc(r.rules.name)}</td><td>{esc(str(r.taken))}</td>"
                       f"<td>{esc(str(r.made))}</td><td>{esc(str(r.taker_score))}</td></tr>"
                       for s, r in race.results().items())
        self.deal_box.children = (W.HTML("<table><tr><th>rules</th><th>contracts taken</th><th>made</th>"
                                         f"<th>taker's mean score</th></tr>{rows}</table>"),)


def _tarot_pickers(values: dict[str, int]) -> dict[str, Any]:
    import ipywidgets as W

    return {name: W.Dropdown(options=[(str(c), c) for c in choices], value=values[name], description=label,
                             style={"description_width": "26ch"}, layout=W.Layout(width="36ch"))
            for name, label, choices in TAROT_KNOBS}
