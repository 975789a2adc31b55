"""Exercises with graduated feedback: the rule first, then a worked step, then the answer.

An :class:`Exercise` is one question of a lesson, with an id (``"04.fits-on-death"``), an answer
the lesson computed with the engine, and the words a teacher would say after each wrong try:

1. first wrong answer: a hint naming the rule, with the rule's text (``tarot_learn.rules.text``);
2. second wrong answer: the worked step;
3. third wrong answer: the answer and why.

A right answer at any time gets the explanation.  ``wrong(answer)`` may add a sentence for a common
mistake.  Shown in a notebook (JupyterLab, Voila, the static site) it is a box of standard ipywidgets:
a text box, choices or a card picker, a Check button and the feedback.  :meth:`Exercise.submit`
does what the Check button does.  Every judged attempt is recorded in the learner's progress
(:mod:`tarot_learn.lessons.progress`) under the exercise's id.

>>> ex = Exercise("02.death-plays-as", prompt="What does Death (T13) play as?", answer=4,
...               rule="TS-5", step="13 is above 10: 1 + 3 = 4.", explain="1 + 3 = 4.", record=False)
>>> fb = ex.submit(13); fb.ok, fb.level, fb.message.startswith("Look again at rule TS-5")
(False, 'hint', True)
>>> fb = ex.submit("thirteen"); fb.ok, fb.level, ex.attempts   # not a number: not counted
(None, 'invalid', 1)
>>> ex.submit(13).message
'Here is the step: 13 is above 10: 1 + 3 = 4.'
>>> ex.submit(13).message
'The answer is 4. 1 + 3 = 4.'
>>> ex.submit(" 4 ").ok, ex.solved, ex.first_try
(True, True, False)
"""

from __future__ import annotations

import re
from typing import Any, Callable, Iterable

from tarot_learn.errors import CardError, OptionError, TarotLearnError
from tarot_learn.lessons.feedback import Feedback, card_set, card_set_ordered

__all__ = ["Exercise", "Feedback", "KINDS", "ID_PATTERN", "made"]

KINDS = ("number", "text", "choice", "cards")
ID_PATTERN = re.compile(r"^\d\d\.[a-z0-9]+(?:-[a-z0-9]+)*$")
_MADE: dict[str, "Exercise"] = {}   # the exercises this kernel has made, by id (the last one wins)


def made() -> list["Exercise"]:
    """Every exercise made in this Python session, in the order first made (a re-run cell replaces
    its exercise): what the answer-key test reads after running a lesson."""
    return list(_MADE.values())


def _number(value: Any) -> int | float | None:
    """A learner's number: an int or float as given, or text such as ``" 4 "`` or ``"2.5"``.

    >>> _number(" 4 "), _number("2.5"), _number("four"), _number(True)
    (4, 2.5, None, None)
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return value
    text = str(value).strip().replace(",", ".")[:40]
    try:
        return int(text)
    except ValueError:
        pass
    try:
        number = float(text)
    except ValueError:
        return None
    return number if number == number and abs(number) != float("inf") else None


def _text(value: Any) -> str:
    """Text compared without case and with runs of spaces as one: ``" T2>T1 "`` -> ``"t2>t1"``."""
    return " ".join(str(value).split()).casefold()


class Exercise:
    """One exercise of a lesson (see the module doc for the graduated feedback).

    ``answer`` is computed by the lesson with the engine.  ``kind`` is ``number``, ``text``,
    ``choice`` (``options`` are the choices; ``answer`` is one of them) or ``cards`` (``options``
    are the cards offered; ``answer`` is one card or a collection of cards).  ``same(answer,
    expected)`` replaces the default comparison; ``wrong(answer)`` returns a sentence for a common
    mistake (or an empty string).  ``record=False`` keeps the attempts out of the learner's progress.
    """

    def __init__(self, id: str, *, prompt: str, answer: Any, kind: str = "number",
                 options: Iterable[Any] | None = None, rule: str | None = None, hint: str = "",
                 step: str = "", explain: str = "", wrong: Callable[[Any], str] | None = None,
                 same: Callable[[Any, Any], bool] | None = None, record: bool = True) -> None:
        if not isinstance(id, str) or not ID_PATTERN.match(id):
            raise OptionError(f"exercise id {str(id)[:40]!r} must look like '04.fits-on-death' "
                              "(two-digit lesson, a dot, lower-case words joined by dashes)")
        if kind not in KINDS:
            raise OptionError(f"exercise kind {kind!r} is not one of {', '.join(KINDS)}")
        self.id, self.prompt, self.kind, self.rule = id, prompt, kind, rule
        self.hint, self.step, self.explain = hint, step, explain
        self.wrong, self.same, self.record = wrong, same, record
        self.single = False        # a card exercise whose answer is one card (its picker keeps one)
        self.options, self.answer = self._checked(answer, options)
        if rule is not None:
            from tarot_learn import rules

            self.rule_text = rules.text(rule)   # an unknown rule id is an OptionError now, not later
        else:
            self.rule_text = ""
        self.attempts = 0          # judged answers (unreadable ones do not count)
        self.misses = 0            # wrong ones among them: they set how much the feedback gives away
        self.solved = False
        self.first_try = False
        self.feedback = Feedback(None, self._invitation(), level="open")
        self.view: Any = None   # the widget's builder, made on first display
        _MADE[id] = self

    @property
    def lesson(self) -> str:
        """The two-digit lesson number the id starts with (``'04'``)."""
        return self.id[:2]

    def _checked(self, answer: Any, options: Iterable[Any] | None) -> tuple[list[Any], Any]:
        if self.kind == "choice":
            opts = [str(o) for o in (options or [])]
            if str(answer) not in opts:
                raise OptionError(f"the answer {answer!r} is not among the options {opts}")
            return opts, str(answer)
        if self.kind == "cards":
            cards = list(dict.fromkeys(card_set_ordered(options or [])))
            single = not isinstance(answer, (list, tuple, set, frozenset))
            wanted = card_set(answer)
            if not cards or not wanted <= set(cards):
                raise OptionError("a card exercise offers its answer's cards among its options")
            self.single = single
            return cards, wanted
        if options is not None:
            raise OptionError(f"options are for 'choice' and 'cards' exercises, not {self.kind!r}")
        if self.kind == "number" and _number(answer) is None:
            raise OptionError(f"a number exercise needs a number as its answer, not {answer!r}")
        return [], answer

    def _invitation(self) -> str:
        return {"number": "Type a number, then press Check.", "text": "Type your answer, then press Check.",
                "choice": "Pick an answer, then press Check.",
                "cards": ("Pick a card, then press Check." if self.single
                          else "Pick every card that fits, then press Check.")}[self.kind]

    def shown_answer(self) -> str:
        """The answer as a learner reads it (cards by name and notation).

        >>> Exercise("01.x", prompt="?", answer=["T19", "10C"], kind="cards",
        ...          options=["T19", "10C", "AW"], record=False).shown_answer()
        'Ten of Cups (10C), The Sun (XIX) (T19)'
        """
        if self.kind == "cards":
            return ", ".join(f"{c.name} ({c})" for c in sorted(self.answer))
        return str(self.answer)

    def answer_text(self) -> str:
        """The answer as typed into the exercise (cards as notation): the teacher's guide's form.

        >>> Exercise("01.x", prompt="?", answer=["T19", "10C"], kind="cards",
        ...          options=["T19", "10C", "AW"], record=False).answer_text()
        '10C T19'
        """
        if self.kind == "cards":
            return " ".join(str(c) for c in sorted(self.answer))
        return str(self.answer)

    def _read(self, value: Any) -> tuple[Any, str | None]:
        """The learner's value in the exercise's terms, or a sentence saying why it cannot be read."""
        if value is None or (isinstance(value, str) and not value.strip() and self.kind != "choice"):
            return None, self._invitation()
        if self.kind == "number":
            number = _number(value)
            return (number, None) if number is not None else (None, f"{str(value)[:40]!r} is not a number: "
                                                                    "type digits, like 4.")
        if self.kind == "text":
            return str(value)[:200], None
        if self.kind == "choice":
            if str(value) not in self.options:
                raise OptionError(f"{str(value)[:40]!r} is not one of the options: {', '.join(self.options)}")
            return str(value), None
        try:
            cards = card_set(value)
        except CardError as err:
            return None, f"{err}."
        if not cards:
            return None, self._invitation()
        if not cards <= set(self.options):
            raise OptionError("pick among the cards offered: " + ", ".join(str(c) for c in self.options))
        return cards, None

    def is_right(self, value: Any) -> bool:
        """Whether an already-read value is the answer (``same`` when given)."""
        if self.same is not None:
            return bool(self.same(value, self.answer))
        if self.kind == "number":
            return abs(value - _number(self.answer)) < 1e-9
        if self.kind == "text":
            return _text(value) == _text(self.answer)
        return value == self.answer

    def submit(self, value: Any) -> Feedback:
        """Answer with ``value`` (what typing or picking it and pressing Check does)."""
        read, problem = self._read(value)
        if problem is not None:
            self.feedback = Feedback(None, problem, level="invalid")
        else:
            try:
                right = self.is_right(read)
            except TarotLearnError as err:   # the lesson's comparison could not read it: said, not counted
                self.feedback = Feedback(None, f"{err}.", level="invalid")
                return self._shown(value)
            self.attempts += 1
            self.misses += 0 if right else 1
            if right:
                self.first_try = self.first_try or (self.attempts == 1 and not self.solved)
                self.solved = True
            self.feedback = self._judge(read, right)
            self._record(right, read)
        return self._shown(value)

    def _shown(self, value: Any) -> Feedback:
        if self.view is not None:
            self.view.show(value, self.feedback)
        return self.feedback

    def _judge(self, value: Any, right: bool) -> Feedback:
        if right:
            return Feedback(True, self.explain or f"The answer is {self.shown_answer()}.")
        try:
            extra = self.wrong(value) if self.wrong else ""
        except TarotLearnError as err:   # the lesson's note could not read the answer: say why instead
            extra = f"{err}."
        extra = (extra or "").strip()
        lead = f"{extra}{'' if extra.endswith(('.', '!', '?')) else '.'} " if extra else ""
        if self.misses == 1 and (self.rule or self.hint):
            named = f"Look again at rule {self.rule}." if self.rule else ""
            text = " ".join(t for t in (lead.strip(), named, self.hint) if t)
            return Feedback(False, text, level="hint", rule=self.rule, rule_text=self._hint_quote())
        if self.misses <= 2 and self.step:
            return Feedback(False, f"{lead}Here is the step: {self.step}", level="step", rule=self.rule)
        because = f" {self.explain}" if self.explain else ""
        return Feedback(False, f"{lead}The answer is {self.shown_answer()}.{because}", level="answer",
                        rule=self.rule)

    def _hint_quote(self) -> str:
        """The rule quoted under the first hint: its whole text, or only its heading (the rule's name,
        which a hint gives anyway) when the text holds the answer, as TS-5's list of digit sums does."""
        tokens = self.answer_text().split() if self.kind == "cards" else [self.answer_text()]
        holds = any(re.search(rf"(?<![\w.]){re.escape(t)}(?!\w|\.\d)", self.rule_text, re.IGNORECASE)
                    for t in tokens)
        if not self.rule_text or not holds:
            return self.rule_text
        from tarot_learn import rules

        return f"{rules.title(str(self.rule))} (the whole rule is on the rule sheet)"

    def _record(self, right: bool, answer: Any = "") -> None:
        if not self.record:
            return
        from tarot_learn.lessons import progress

        progress.record(self.id, right, answer=answer)

    @property
    def widget(self) -> Any:
        """The ipywidgets box (built on first use, so the module imports without ipywidgets)."""
        if self.view is None:
            from tarot_learn.lessons.exercise_view import ExerciseView

            self.view = ExerciseView(self)
        return self.view.box

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return f"Exercise({self.id!r}: {self.prompt})"
