"""The progress panel of the start-here page: the learner's name and, per lesson, exercises solved.

Standard ipywidgets only (JupyterLab, Voila, the static site).  ``use_name`` and ``refresh`` do what
the buttons do, for tests.

On the class server a student's name is the one typed once on the class page, which the server binds
to the browser: the server files every answer under it, and the class page shows the student's own
progress from there (the same lines the teacher's dashboard shows).  A kernel keeps no progress of
its own there, so the panel says where to look instead of a name box and an empty table.
"""

from __future__ import annotations

import html
from typing import Any

from tarot_learn.errors import TarotLearnError
from tarot_learn.lessons import progress

__all__ = ["ProgressPanel"]


def summary_html(name: str | None = None) -> str:
    """The summary as an HTML table: lesson, solved of total, first try (every number counted)."""
    lines = [p for p in progress.summary(name) if p.total]
    rows = "".join(
        f"<tr><td style='text-align:left'>{html.escape(p.lesson)} {html.escape(p.title)}</td>"
        f"<td style='text-align:left'>{p.solved} / {p.total}</td>"
        f"<td style='text-align:left'>{p.first_try}</td></tr>" for p in lines)
    solved, total = sum(p.solved for p in lines), sum(p.total for p in lines)
    notes = "".join(f"<p style='color:#b3261e'>{html.escape(n)}</p>" for n in progress.notices())
    return (f"{notes}<table class='lesson-table lesson-progress'><thead><tr><th style='text-align:left'>lesson"
            "</th><th style='text-align:left'>solved</th><th style='text-align:left'>on the first try</th>"
            f"</tr></thead><tbody>{rows}</tbody><tfoot><tr><td style='text-align:left'><b>all lessons</b></td>"
            f"<td style='text-align:left'><b>{solved} / {total}</b></td><td></td></tr></tfoot></table>")


CLASS_SERVER_NOTE = ("<p>On the class server your answers are kept under the name you typed once on the "
                     "<a href='../../tarot/' target='_blank'>class page</a>: it shows your lessons so far "
                     "(exercises solved, and solved at the first try), and your teacher's dashboard shows the same. "
                     "There is no name to type here.</p>")


class ProgressPanel:
    """Name box, "Use this name" and "Refresh" buttons, and the summary table."""

    def __init__(self) -> None:
        import ipywidgets as w

        from tarot_learn.widgets.session import PageGuard

        self.name = w.Text(value=progress.learner(), description="Your name:",
                           layout=w.Layout(width="22em"))
        use = w.Button(description="Use this name", icon="user", layout=w.Layout(width="auto"))
        again = w.Button(description="Refresh", icon="refresh", layout=w.Layout(width="auto"))
        use.on_click(lambda _: self.use_name(self.name.value))
        again.on_click(lambda _: self.refresh())
        self.message = w.HTML()
        self.table = w.HTML(summary_html())
        self.box = w.VBox([w.HBox([self.name, use, again]), self.message, self.table])
        if progress.on_class_server():
            self.message.value, self.box.children = CLASS_SERVER_NOTE, (self.message,)
        self.box.add_class("lesson-progress-panel")
        PageGuard(self._refuse).watch(self.box)     # the page may type a name and press, nothing else

    def _refuse(self, line: str) -> None:
        self.message.value = f"<p style='color:#b3261e'>{html.escape(line)}</p>"

    def use_name(self, name: str) -> str:
        """Keep the progress of the next exercises under ``name`` (and show that learner's summary)."""
        try:
            chosen = progress.set_learner(name)
        except (TarotLearnError, OSError) as err:
            self.message.value = f"<p style='color:#b3261e'>{html.escape(str(err))}</p>"
            return progress.learner()
        self.name.value = chosen
        if progress.on_class_server():
            self.message.value = CLASS_SERVER_NOTE
            return chosen
        self.message.value = (f"<p>Progress is kept for <b>{html.escape(chosen)}</b> from the next exercise on "
                              "(open lessons pick the name up at their next answer).</p>")
        self.refresh()
        return chosen

    def refresh(self) -> None:
        self.table.value = summary_html()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)
