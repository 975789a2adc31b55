"""The widget of an :class:`~tarot_learn.lessons.exercise.Exercise`: standard ipywidgets only.

A prompt, an input (a text box for numbers and text, radio buttons for choices, a card picker made
of toggle buttons for cards, each card shown by name and notation), a Check button and the
feedback.  Standard widgets render the same in JupyterLab, Voila and the static site, with no
front-end code of our own.  The prompt shows the exercise's id (and carries it as ``data-exercise``) and nothing
about its answer, so a page-level test can find an exercise without the page giving anything away.
"""

from __future__ import annotations

import html
from typing import Any

from tarot_learn.errors import TarotLearnError
from tarot_learn.lessons.feedback import Feedback, card_label, card_set

__all__ = ["ExerciseView"]


class ExerciseView:
    """Builds and updates the box for one exercise (``box`` is what the notebook displays).

    ``exercise`` is an :class:`~tarot_learn.lessons.exercise.Exercise` (its public attributes and
    ``submit`` are all this view uses)."""

    def __init__(self, exercise: Any) -> None:
        import ipywidgets as w

        from tarot_learn.widgets.session import PageGuard

        self.exercise = exercise
        self.toggles: list[Any] = []
        self.input = self._input(w)
        self.check = w.Button(description="Check", button_style="primary", icon="check",
                              tooltip="Check my answer",
                              layout=w.Layout(width="auto", align_self="flex-start"))
        self.check.add_class("lesson-check")
        self.check.on_click(lambda _: self.press())
        self.output = w.HTML(exercise.feedback.html())
        self.output.add_class("lesson-feedback-box")
        # the id is shown, small, so a learner can name the exercise and a teacher find it in the guide
        ex_id = html.escape(exercise.id)
        prompt = w.HTML(f"<div class='lesson-prompt' data-exercise='{ex_id}'>"
                        f"<span class='lesson-exercise-id' style='font-size:0.85em;opacity:0.75'>"
                        f"Exercise {ex_id}</span><br><b>{html.escape(exercise.prompt)}</b></div>")
        row = (w.VBox([self.input, self.check]) if exercise.kind in ("choice", "cards")
               else w.HBox([self.input, self.check]))
        self.box = w.VBox([prompt, row, self.output], layout=w.Layout(margin="6px 0"))
        self.box.add_class("lesson-exercise")
        PageGuard(self._refuse).watch(self.box)     # the page may answer, nothing else

    def _refuse(self, line: str) -> None:
        self.output.value = Feedback(None, line, level="invalid").html()

    def _input(self, w: Any) -> Any:
        kind = self.exercise.kind
        if kind == "choice":
            radio = w.RadioButtons(options=self.exercise.options, value=None, description="Answer:",
                                   style={"description_width": "initial"}, layout=w.Layout(width="max-content"))
            radio.add_class("lesson-choices")
            return radio
        if kind == "cards":
            for card in self.exercise.options:
                toggle = w.ToggleButton(value=False, description=card_label(card), tooltip=card.name,
                                        layout=w.Layout(width="auto"))
                toggle.add_class("lesson-card")
                toggle.observe(self._toggled, names="value")
                self.toggles.append(toggle)
            picker = w.Box(self.toggles, layout=w.Layout(flex_flow="row wrap", max_width="60em"))
            picker.add_class("lesson-card-picker")
            return picker
        text = w.Text(placeholder="a number" if kind == "number" else "your answer", description="Answer:",
                      style={"description_width": "initial"}, layout=w.Layout(width="20em"))
        text.add_class("lesson-answer")
        return text

    def _toggled(self, change: dict) -> None:
        """A picked card shows a tick (not colour alone); a one-card exercise keeps one card picked:
        picking another lets the first go."""
        change["owner"].icon = "check" if change["new"] else ""
        if change["new"] and self.exercise.single:
            for toggle in self.toggles:
                if toggle is not change["owner"] and toggle.value:
                    toggle.value = False

    def value(self) -> Any:
        """What the learner has typed or picked."""
        if self.exercise.kind == "cards":
            return [card for card, t in zip(self.exercise.options, self.toggles) if t.value]
        return self.input.value

    def press(self) -> Feedback:
        """What the Check button does: judge the current value and show the feedback."""
        try:
            return self.exercise.submit(self.value())
        except TarotLearnError as err:   # a value the widgets cannot produce; said, never raised
            feedback = Feedback(None, str(err), level="invalid")
            self.output.value = feedback.html()
            return feedback

    def show(self, value: Any, feedback: Feedback) -> None:
        """Show ``value`` in the input (when it came from Python) and the feedback."""
        kind = self.exercise.kind
        if kind == "cards":
            try:
                picked = card_set(value) if value is not None else frozenset()
            except TarotLearnError:
                picked = frozenset()
            for card, toggle in zip(self.exercise.options, self.toggles):
                toggle.value = card in picked
        elif kind == "choice":
            self.input.value = str(value) if value is not None else None
        elif value is not None and str(value) != self.input.value:
            self.input.value = str(value)
        self.output.value = feedback.html()
