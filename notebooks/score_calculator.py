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
"""

from __future__ import annotations

import html
from typing import Any

from tarot_learn.games.french_tarot import score_deal
from tarot_learn.games.french_tarot.cards import POIGNEE_SIZES
from tarot_learn.games.french_tarot.scoring import CHELEMS, CONTRACT_LABELS, DealScore

__all__ = ["ScoreCalculator"]

_FIELDS = ("players", "contract", "bouts", "points", "petit_au_bout", "poignee_attack",
           "poignee_defence", "chelem")


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
            raise ValueError(f"unknown input {sorted(unknown)[0]!r}; the inputs are {', '.join(_FIELDS)}")
        self.inputs.update(inputs)
        if self._widget is not None:
            for name, value in inputs.items():
                control = self._controls[name]
                if control.value != value:
                    control.value = value  # observers score again
        self._compute()
        return self

    def _compute(self) -> None:
        i = self.inputs
        poignees = [(side, n) for side, n in (("attack", i["poignee_attack"]),
                                              ("defence", i["poignee_defence"])) if n]
        try:
            self.score = score_deal(i["players"], i["contract"], i["bouts"], i["points"],
                                    petit_au_bout=i["petit_au_bout"], poignees=poignees,
                                    chelem=i["chelem"])
            self.error = None
        except ValueError as err:
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

            i = self.inputs
            wide = {"style": {"description_width": "10em"}, "layout": w.Layout(width="22em")}
            sizes = sorted({n for s in POIGNEE_SIZES.values() for n in s})
            c = self._controls = {
                "players": w.Dropdown(options=[3, 4, 5], value=i["players"], description="players", **wide),
                "contract": w.Dropdown(options=[(v, k) for k, v in CONTRACT_LABELS.items()],
                                       value=i["contract"], description="contract", **wide),
                "bouts": w.Dropdown(options=[0, 1, 2, 3], value=i["bouts"], description="bouts (attack)", **wide),
                "points": w.BoundedFloatText(value=i["points"], min=0, max=91, step=0.5,
                                             description="points (attack)", **wide),
                "petit_au_bout": w.Dropdown(options=[("no", None), ("by the attack", "attack"),
                                                     ("by the defence", "defence")],
                                            value=i["petit_au_bout"], description="petit au bout", **wide),
                "poignee_attack": w.Dropdown(options=[("none", 0)] + [(str(n), n) for n in sizes],
                                             value=i["poignee_attack"], description="poignée (attack)", **wide),
                "poignee_defence": w.Dropdown(options=[("none", 0)] + [(str(n), n) for n in sizes],
                                              value=i["poignee_defence"], description="poignée (defence)", **wide),
                "chelem": w.Dropdown(options=[("none", None)] + [(k.replace("_", " "), k) for k in CHELEMS],
                                     value=i["chelem"], description="chelem", **wide),
            }

            def changed(change: Any) -> None:
                name = next(k for k, v in c.items() if v is change["owner"])
                self.inputs[name] = change["new"]
                self._compute()

            for control in c.values():
                control.observe(changed, names="value")
            self._result = w.HTML()
            left = w.VBox([c[k] for k in ("players", "contract", "bouts", "points")])
            right = w.VBox([c[k] for k in ("petit_au_bout", "poignee_attack", "poignee_defence", "chelem")])
            self._widget = w.VBox([w.HBox([left, right], layout=w.Layout(flex_flow="row wrap")),
                                   self._result])
            self._result.value = self.html()
        return self._widget

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
