"""A French Tarot score calculator for lesson 07: ipywidgets controls round ``score_deal``.

Every control is one input of :func:`tarot_learn.games.french_tarot.score_deal`; the result is the
engine's own breakdown (each term with its rule id) or, for an impossible deal, the engine's
one-line message saying what to fix.  ``set(...)`` changes inputs the way the controls do, so tests
and scripted demonstrations need no browser.

>>> calc = ScoreCalculator(players=4, contract="garde", bouts=2, points=49)
>>> calc.score.value == calc.score.terms[0].value + calc.score.terms[1].value
True
>>> calc.set(bouts=3, points=10).error
'3 bouts alone are worth at least 12 points; 10 points is too few'
>>> calc.set(points=95).error
"points are the attack's card points, from 0 to 91, not 95"
>>> calc.set(players=3).inputs["poignee_attack"], calc.poignee_sizes()
(0, [13, 15, 18])
"""

from __future__ import annotations

import html
from typing import Any

from tarot_learn.games.french_tarot import score_deal
from tarot_learn.games.french_tarot.cards import POIGNEE_SIZES
from tarot_learn.games.french_tarot.scoring import CHELEMS, CONTRACT_LABELS, DealScore
from tarot_learn.errors import OptionError, TarotLearnError

__all__ = ["ScoreCalculator"]

_FIELDS = ("players", "contract", "bouts", "points", "petit_au_bout", "poignee_attack",
           "poignee_defence", "chelem")
# A dropdown shows None as no selection at all (a blank box), so "no petit au bout" and "no chelem"
# travel through the controls as this word and become None again in the inputs.
_NONE = "none"
_OPTIONAL = ("petit_au_bout", "chelem")


def _shown(name: str, value: Any) -> Any:
    return _NONE if name in _OPTIONAL and value is None else value


def _read(name: str, value: Any) -> Any:
    return None if name in _OPTIONAL and value == _NONE else value


def _said(points: Any) -> str:
    """A typed number as the learner typed it (95, not 95.0); anything else as it came."""
    if isinstance(points, float) and points == points and abs(points) != float("inf"):
        return f"{points:g}"
    return repr(points)


class ScoreCalculator:
    """Inputs: ``players`` (3, 4, 5), ``contract``, ``bouts`` (0..3), ``points`` (halves allowed),
    ``petit_au_bout`` (None, 'attack', 'defence'), ``poignee_attack`` / ``poignee_defence`` (trumps
    shown, 0 for none), ``chelem`` (None or a key of ``CHELEMS``)."""

    def __init__(self, players: int = 4, contract: str = "garde", bouts: int = 2,
                 points: float = 45.0, petit_au_bout: str | None = None, poignee_attack: int = 0,
                 poignee_defence: int = 0, chelem: str | None = None) -> None:
        self.inputs: dict[str, Any] = dict(players=players, contract=contract, bouts=bouts,
                                           points=points, petit_au_bout=petit_au_bout,
                                           poignee_attack=poignee_attack,
                                           poignee_defence=poignee_defence, chelem=chelem)
        self.score: DealScore | None = None
        self.error: str | None = None
        self._controls: dict[str, Any] = {}
        self._widget: Any = None
        self._compute()

    def set(self, **inputs: Any) -> "ScoreCalculator":
        """Change some inputs (what moving the controls does) and score again."""
        unknown = set(inputs) - set(_FIELDS)
        if unknown:
            raise OptionError(f"unknown input {sorted(unknown)[0]!r}; the inputs are {', '.join(_FIELDS)}")
        inputs = {name: _read(name, value) for name, value in inputs.items()}
        for name, value in inputs.items():
            if name != "points" and name != "players" and value not in self._values(name, inputs):
                # Refused with a reason, never shown as a blank control.
                self.score = None
                self.error = f"{name} cannot be {value!r}; choose one of {self._values(name, inputs)}"
                if self._widget is not None:
                    self._result.value = self.html()
                return self
        if "players" in inputs and inputs["players"] not in (3, 4, 5):
            self.score, self.error = None, f"players cannot be {inputs['players']!r}; choose one of [3, 4, 5]"
            return self
        self.inputs.update(inputs)
        self._fit_poignees()
        if self._widget is not None:
            self._sync_controls()
        self._compute()
        return self

    def _values(self, name: str, pending: dict[str, Any]) -> list[Any]:
        players = pending.get("players", self.inputs["players"])
        if name.startswith("poignee"):
            return [0, *POIGNEE_SIZES.get(players, ())]
        return [_read(name, o[1] if isinstance(o, tuple) else o) for o in self._options(name)]

    def poignee_sizes(self) -> list[int]:
        """The poignée sizes (trumps shown) at this table size (FT-15)."""
        return list(POIGNEE_SIZES.get(self.inputs["players"], ()))

    def _fit_poignees(self) -> None:
        # A size that does not exist at this table size is reset to "none" rather than left
        # blank in its dropdown.
        for side in ("poignee_attack", "poignee_defence"):
            if self.inputs[side] and self.inputs[side] not in self.poignee_sizes():
                self.inputs[side] = 0

    def _options(self, name: str) -> list[Any]:
        sizes = [("none", 0)] + [(str(n), n) for n in self.poignee_sizes()]
        return {
            "players": [3, 4, 5],
            "contract": [(v, k) for k, v in CONTRACT_LABELS.items()],
            "bouts": [0, 1, 2, 3],
            "petit_au_bout": [("no", _NONE), ("by the attack", "attack"), ("by the defence", "defence")],
            "poignee_attack": sizes,
            "poignee_defence": sizes,
            "chelem": [("none", _NONE)] + [(k.replace("_", " "), k) for k in CHELEMS],
        }[name]

    def _sync_controls(self) -> None:
        for name, control in self._controls.items():
            if name != "points" and list(control.options) != self._options(name):
                control.options = self._options(name)
            if control.value != _shown(name, self.inputs[name]):
                control.value = _shown(name, self.inputs[name])

    def _compute(self) -> None:
        i = self.inputs
        poignees = [(side, n) for side, n in (("attack", i["poignee_attack"]),
                                              ("defence", i["poignee_defence"])) if n]
        try:
            points = i["points"]
            if isinstance(points, bool) or not isinstance(points, (int, float)) or not 0 <= points <= 91:
                raise OptionError(f"points are the attack's card points, from 0 to 91, not {_said(points)}")
            self.score = score_deal(i["players"], i["contract"], i["bouts"], points,
                                    petit_au_bout=i["petit_au_bout"], poignees=poignees,
                                    chelem=i["chelem"])
            self.error = None
        except TarotLearnError as err:
            self.score, self.error = None, str(err)
        if self._widget is not None:
            self._result.value = self.html()

    def html(self) -> str:
        if self.score is not None:
            return self.score.to_html()
        return (f"<div style='border-left:4px solid #b3261e;padding:6px 10px'>"
                f"<b style='color:#b3261e'>This deal cannot happen:</b> {html.escape(self.error or '')}</div>")

    @property
    def widget(self) -> Any:
        if self._widget is None:
            import ipywidgets as w

            from tarot_learn.widgets.session import PageGuard

            i = self.inputs
            wide = {"style": {"description_width": "10em"}, "layout": w.Layout(width="22em")}
            labels = {"players": "players", "contract": "contract", "bouts": "bouts (attack)",
                      "petit_au_bout": "petit au bout", "poignee_attack": "poignée (attack)",
                      "poignee_defence": "poignée (defence)", "chelem": "chelem"}
            c = self._controls = {name: w.Dropdown(options=self._options(name), value=_shown(name, i[name]),
                                                   description=label, **wide)
                                  for name, label in labels.items()}
            # Not a BoundedFloatText: it would clamp 95 to 91 without a word; the engine refuses.
            c["points"] = w.FloatText(value=i["points"], step=0.5, description="points (attack)", **wide)

            def changed(change: Any) -> None:
                name = next(k for k, v in c.items() if v is change["owner"])
                if self.inputs[name] != _read(name, change["new"]):
                    self.set(**{name: _read(name, change["new"])})

            for control in c.values():
                control.observe(changed, names="value")
            self._result = w.HTML()
            left = w.VBox([c[k] for k in ("players", "contract", "bouts", "points")])
            right = w.VBox([c[k] for k in ("petit_au_bout", "poignee_attack", "poignee_defence", "chelem")])
            self._widget = w.VBox([w.HBox([left, right], layout=w.Layout(flex_flow="row wrap")),
                                   self._result])
            self._result.value = self.html()
            PageGuard(self._refuse).watch(self._widget)     # the page may pick values, nothing else
        return self._widget

    def _refuse(self, line: str) -> None:
        if self._result is not None:
            self._result.value = f"<p style='color:#b3261e'>{html.escape(line)}</p>" + self.html()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
