"""Drill: learn to recognise a deck card by card, in Jupyter or Voila.

The logic (:class:`tarot_learn.drill.Drill`) owns the truth; this widget is standard ipywidgets
around it: the card picture, the question, choice buttons, a free-text box, feedback, score and
progress, a "Next card" button, and dropdowns for the kind of question and the set of cards.

Below the question a progress panel shows what the drill remembers between sessions (FSRS, one
file per learner and deck, see :mod:`tarot_learn.drill.memory`): cards known, due today, new,
accuracy per group over every session, and the streak of days practised.

Python entry points (what the buttons call, so tests need no browser): :meth:`Drill.answer`,
:meth:`Drill.choose`, :meth:`Drill.next`, :meth:`Drill.set_kind`, :meth:`Drill.set_cards`.

The page is untrusted: every comm message it sends goes through
:class:`~tarot_learn.widgets.session.PageGuard` (a text box's value up to 200
characters, a dropdown's index, a toggle's value, a click on an enabled button); anything else is
refused with one line in the feedback panel and changes nothing.  Nothing the page receives
names the card before it is answered: the picture has no printed name on a name question and no
"plays as" badge, and the buttons list the answer among the distractors.

>>> d = Drill(kind="name", cards="T17 T18 T19", seed=2, remember=False)
>>> fb = d.answer(d.question.card.title)
>>> fb.correct, "Right!" in d.feedback_html.value, d.score_html.value.startswith("Score 1/1")
(True, True, True)
"""

from __future__ import annotations

import base64
import html
import re
import time
from typing import Any, Callable, Iterable

import ipywidgets as W

from ..cards import Card
from ..drill import CARD_SETS, Drill as DrillLogic, DrillStats, MarkedAnswer, Progress, Question
from ..errors import DeckError, OptionError, TarotLearnError
from ._common import resolve_deck
from .session import PageSession

__all__ = ["Drill", "KIND_LABELS", "SET_LABELS"]

KIND_LABELS = (("Which card is this?", "name"), ("What does it play as?", "value"),
               ("Which group?", "group"), ("French name", "french"), ("French Tarot points", "points"),
               ("Is it a bout?", "bout"), ("Marseille number", "marseille"), ("Find the card", "pick"),
               ("Mixed", "mixed"))
SET_LABELS = (("All 78 cards", "all"), ("Trumps", "trumps"), ("Suit cards", "suits"),
              ("Courts", "courts"), ("Cards that play as 10", "tens"), ("Wands", "wands"),
              ("Cups", "cups"), ("Swords", "swords"), ("Pentacles", "pentacles"))
assert {v for _, v in SET_LABELS} == set(CARD_SETS)

_OK, _NO, _INFO = "#1b6e3a", "#a33a00", "#3a3550"


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def _rules_bold(text: str) -> str:
    return re.sub(r"\b((?:TS|KL|AT|FT)-\d+)\b", r"<b>\1</b>", _esc(text))


def _panel(body: str, colour: str) -> str:
    return (f'<div class="tl-drill-feedback" style="border-left:4px solid {colour};'
            f'padding:6px 10px;margin:4px 0;background:#faf8f2;color:#2b2533;'
            f'line-height:1.35">{body}</div>')


class CardPicture(W.HTML):
    """The card the drill asks about, as an image with alternative text.

    :attr:`png` (the picture's bytes) stays in Python; the page gets an ``<img>`` whose alt text
    says what the picture is for without naming the card, which is the question.
    """

    ALT = "The card this question is about"

    def __init__(self, height: int = 200) -> None:
        super().__init__()
        self._height = int(height)
        self._png = b""

    @property
    def png(self) -> bytes:
        """The picture shown, as PNG bytes."""
        return self._png

    @png.setter
    def png(self, data: bytes) -> None:
        self._png = bytes(data)
        encoded = base64.b64encode(self._png).decode("ascii")
        self.value = (f'<img class="tl-drill-card" alt="{self.ALT}" src="data:image/png;base64,{encoded}" '
                      f'style="height:{self._height}px;width:auto;object-fit:contain">')


class Drill(PageSession):
    """A recognition drill: ``Drill(deck=None, kind="name", cards=None, seed=None)``.

    ``deck`` is None (the default art), a :class:`tarot_learn.decks.Deck` or a folder of your
    own scans; ``kind`` is ``"name"``, ``"value"``, ``"group"`` or ``"mixed"``; ``cards`` is a
    set name (``"trumps"``, ``"courts"``, ... see :func:`tarot_learn.drill.select_cards`),
    ``"own"`` (the cards your deck has scans for), card notation or a list of cards; ``seed``
    makes the run reproducible; ``height`` is the card picture's height in pixels; ``learner``
    names whose schedule is kept (default: ``TAROT_LEARN_LEARNER`` or the computer's user), one file
    per deck; ``remember=False`` keeps nothing after the kernel stops.
    """

    def __init__(self, deck: Any = None, kind: str = "name", cards: str | Iterable[Card | str] | None = None,
                 seed: int | None = None, *, height: int = 300, choices: int = 5,
                 clock: Callable[[], float] = time.time, learner: str | None = None,
                 remember: bool = True) -> None:
        from ..render.images import check_height

        self.deck = resolve_deck(deck, "tarot")
        if self.deck.pack != "tarot":
            raise DeckError("the drill teaches the 78-card tarot pack: load the deck with "
                            "pack='tarot'")
        self.height = check_height(height, "height")
        self._clock = clock
        self._choices = choices
        self._seed = seed
        self._memory_args = {"learner": learner, "remember": remember,
                             "deck": "default" if self.deck.is_default else self.deck.name}
        self._custom = None if cards is None or (isinstance(cards, str) and cards.strip().lower()
                                                  in CARD_SETS + ("own",)) else cards
        card_list = self._cards_for(cards)
        self.logic = self._logic(kind, card_list)
        self._build_selectors(kind, cards, len(card_list))
        question_panel = self._build_question_panel(len(card_list))
        self._wire()
        super().__init__([
            self.title,
            W.HBox([self.kind_dropdown, self.cards_dropdown], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.image, question_panel], layout=W.Layout(align_items="flex-start",
                                                                 flex_flow="row wrap")),
            self.stats_html,
        ])
        self.add_class("tl-drill")
        self.page_guard.add(*self._pool)     # the pool: buttons not shown yet answer the same way
        self._show_question()

    def _build_selectors(self, kind: str, cards: Any, count: int) -> None:
        """The title and the two dropdowns (kind of question, set of cards)."""
        self.title = W.HTML(self._title_html())
        self.kind_dropdown = W.Dropdown(options=KIND_LABELS, value=kind, description="Ask",
                                        layout=W.Layout(width="260px"))
        set_options = list(SET_LABELS)
        if not self.deck.is_default and self.deck.own_cards:
            set_options.insert(1, (f"Your {len(self.deck.own_cards)} scanned cards", "own"))
        if self._custom is not None:
            set_options.insert(0, (f"Chosen cards ({count})", "custom"))
        start = ("custom" if self._custom is not None else
                 (cards.strip().lower() if isinstance(cards, str) else "all"))
        self.cards_dropdown = W.Dropdown(options=set_options, value=start, description="Cards",
                                         layout=W.Layout(width="300px"))

    def _build_question_panel(self, count: int) -> W.VBox:
        """The picture, the question, the answer controls, feedback, score and stats."""
        self.image = CardPicture(self.height)
        self.prompt = W.HTML()
        # Five buttons made once and relabelled for each question: a new set per card would
        # leave a trail of dead widget models in the browser.
        self._pool = [self._make_button(i) for i in range(5)]
        self.buttons: list[W.Button] = []
        self.choice_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.text = W.Text(placeholder="or type: the sun, 19, XIX, knight of cups, NC ...",
                           continuous_update=False, layout=W.Layout(width="320px"))
        self.answer_button = W.Button(description="Answer", tooltip="Check the typed answer")
        self.feedback_html = W.HTML()
        self.next_button = W.Button(description="Next card", button_style="primary",
                                    icon="arrow-right", tooltip="Show the next card")
        self.score_html = W.HTML()
        self.progress = W.IntProgress(min=0, max=count, value=0, description="Known",
                                      bar_style="success", layout=W.Layout(width="320px"))
        self.panel_html = W.HTML()
        self.stats_button = W.ToggleButton(description="Stats", icon="bar-chart",
                                           tooltip="Accuracy, time and the hardest cards")
        self.stats_html = W.HTML(layout=W.Layout(display="none"))
        return W.VBox([self.prompt, self.choice_box, W.HBox([self.text, self.answer_button]),
                       self.feedback_html, W.HBox([self.next_button, self.stats_button]),
                       self.score_html, self.progress, self.panel_html],
                      layout=W.Layout(padding="0 0 0 14px", min_width="320px", flex="1 1 320px"))

    def _wire(self) -> None:
        self.kind_dropdown.observe(self._on_kind, names="value")
        self.cards_dropdown.observe(self._on_cards, names="value")
        self.answer_button.on_click(lambda _: self._submit_text())
        self.text.observe(self._on_text, names="value")
        self.next_button.on_click(lambda _: self.next())
        self.stats_button.observe(lambda ch: self._refresh_stats(), names="value")

    # ---- entry points -------------------------------------------------------------------------
    @property
    def question(self) -> Question:
        return self.logic.question

    @property
    def feedback(self) -> MarkedAnswer | None:
        return self.logic.feedback

    def answer(self, text: str) -> MarkedAnswer:
        """Answer in free text (what the text box does).  An unreadable answer is explained and
        the question stays open; answering an answered card says to press Next."""
        if self.logic.answered:
            self._say(_panel("This card is answered: press <b>Next card</b>.", _INFO))
            assert self.logic.feedback is not None
            return self.logic.feedback
        fb = self.logic.answer(text)
        self._show_feedback(fb)
        return fb

    def choose(self, index: int) -> MarkedAnswer:
        """Pick choice button ``index`` (0-based)."""
        if self.logic.answered:
            self._say(_panel("This card is answered: press <b>Next card</b>.", _INFO))
            assert self.logic.feedback is not None
            return self.logic.feedback
        try:
            fb = self.logic.choose(index)
        except TarotLearnError as err:
            self._say(_panel(_esc(err), _NO))
            raise
        self._show_feedback(fb, chosen=index)
        return fb

    def next(self) -> Question:
        """Show the next card."""
        q = self.logic.next()
        self._show_question()
        return q

    def set_kind(self, kind: str) -> None:
        """Ask another kind of question (``name``, ``value``, ``group``, ``mixed``); the drill
        starts again on the same cards."""
        if kind == self.logic.kind:
            return
        self.logic = self._logic(kind, self.logic.cards)
        if self.kind_dropdown.value != kind:
            self.kind_dropdown.value = kind
        self._show_question()

    def set_cards(self, cards: str | Iterable[Card | str] | None) -> None:
        """Drill another set of cards (a set name, ``"own"``, notation or a list); starts again."""
        card_list = self._cards_for(cards)
        self.logic = self._logic(self.logic.kind, card_list)
        if isinstance(cards, str) and cards.strip().lower() in {v for _, v in self.cards_dropdown.options}:
            key = cards.strip().lower()
            if self.cards_dropdown.value != key:
                self._quiet_cards = True
                self.cards_dropdown.value = key
                self._quiet_cards = False
        self._show_question()

    def stats(self) -> DrillStats:
        """The logic's :meth:`~tarot_learn.drill.Drill.stats`."""
        return self.logic.stats()

    def panel(self) -> Progress:
        """The progress panel's figures (the logic's :meth:`~tarot_learn.drill.Drill.panel`)."""
        return self.logic.panel()

    # ---- wiring -------------------------------------------------------------------------------
    _quiet_cards = False

    def _logic(self, kind: str, cards: Any) -> DrillLogic:
        return DrillLogic(kind, cards, self._seed, choices=self._choices, clock=self._clock, **self._memory_args)

    def _cards_for(self, cards: str | Iterable[Card | str] | None) -> list[Card] | str | Iterable[Card | str] | None:
        if isinstance(cards, str) and cards.strip().lower() == "own":
            own = self.deck.own_cards
            if not own:
                raise OptionError("cards='own' needs a deck with your own scans: pass deck= a "
                                  "folder or a loaded Deck")
            return own
        if isinstance(cards, str) and cards.strip().lower() == "custom" and self._custom is not None:
            return self._custom
        from ..drill import select_cards

        return select_cards(cards)

    def _on_cards(self, change: dict) -> None:
        if not self._quiet_cards:
            self.set_cards(change["new"])

    def _on_text(self, change: dict) -> None:
        if change["new"].strip():
            self._submit_text()

    def _submit_text(self) -> None:
        text = self.text.value
        if not text.strip():
            self._say(_panel("Type an answer first, or pick one of the buttons.", _INFO))
            return
        self.answer(text)

    def _on_kind(self, change: dict) -> None:
        """A kind picked on the page that the cards cannot answer (a Marseille number of a suit
        card) is said in one line, and the drill keeps its kind."""
        try:
            self.set_kind(change["new"])
        except OptionError as refusal:
            self.kind_dropdown.value = self.logic.kind
            self.refuse(str(refusal))

    def _say(self, html_text: str) -> None:
        self.feedback_html.value = html_text

    NOUN = "drill"

    def refuse(self, line: str) -> None:
        """Say a refusal in the feedback panel; the question is untouched."""
        self._say(_panel(_esc(line), _NO))

    def _title_html(self) -> str:
        deck = self.deck
        if deck.is_default:
            note = "default art"
        else:
            note = f"{_esc(deck.name)}: {len(deck.own_cards)} scanned cards"
            if deck.problems:
                note += f", {len(deck.problems)} file(s) refused (see <code>drill.deck.problems</code>)"
        return f'<b style="font-size:1.15em">Recognition drill</b> <span style="color:#6a6172">· {note}</span>'

    def _picture(self, card: Card, kind: str) -> bytes:
        # No "plays as" badge: on a value question it would give the answer away.  On a name
        # question the default art's printed name would too, so it is painted over.
        if kind == "pick":
            return self._spread(self.logic.question.spread)
        if kind == "name" and not self.deck.has_own(card):
            return _nameless_png(card, self.height)
        return self.deck.card_png(card, self.height, show_value=False)

    def _spread(self, cards: tuple[Card, ...]) -> bytes:
        """A pick question's cards side by side, names covered: the learner finds the one named."""
        from ..render.raster import Raster

        faces = [Raster.from_png(_nameless_png(c, self.height) if not self.deck.has_own(c)
                                 else self.deck.card_png(c, self.height, show_value=False)) for c in cards]
        gap = max(4, self.height // 20)
        row = Raster.new(sum(f.size[0] for f in faces) + gap * (len(faces) - 1), max(f.size[1] for f in faces))
        x = 0
        for face in faces:
            row.paste(face, (x, 0))
            x += face.size[0] + gap
        return row.to_png()

    def _show_question(self) -> None:
        q = self.logic.question
        self.image.png = self._picture(q.card, q.kind)
        self.prompt.value = (f'<div style="font-size:1.1em;margin:2px 0 6px 0"><b>{q.number}.</b> '
                             f"{_esc(q.prompt)}</div>")
        self.buttons = self._pool[:len(q.options)]
        for b, option in zip(self.buttons, q.options):
            b.description = b.tooltip = option
            b.button_style, b.icon, b.disabled = "", "", False
        if self.choice_box.children != tuple(self.buttons):
            self.choice_box.children = tuple(self.buttons)
        self.text.disabled = self.answer_button.disabled = False
        self.text.value = ""                        # an empty box is never taken as an answer
        self.feedback_html.value = ""
        self._refresh_score()

    def _make_button(self, index: int) -> W.Button:
        b = W.Button(layout=W.Layout(width="auto", min_width="60px", margin="2px 4px 2px 0"))
        b.on_click(lambda _b: self._click(index))
        b.add_class("tl-drill-choice")
        return b

    def _click(self, index: int) -> None:
        try:
            self.choose(index)
        except TarotLearnError:
            pass  # already shown in the feedback panel

    def _show_feedback(self, fb: MarkedAnswer, chosen: int | None = None) -> None:
        if not fb.understood:
            self._say(_panel(f"<b>Not understood.</b> {_esc(fb.note)}", _INFO))
            return
        q = fb.question
        for i, b in enumerate(self.buttons):
            b.disabled = True
            if q.options[i] == q.expected:
                b.button_style = "success"
                b.icon = "check"
            elif chosen == i:
                b.button_style = "danger"
                b.icon = "times"
        self.text.disabled = self.answer_button.disabled = True
        head = ("<b>Right!</b>" if fb.correct else
                f"<b>Not quite</b> (you said {_esc(fb.given)}): it is <b>{_esc(fb.expected)}</b>.")
        colour = _OK if fb.correct else _NO
        self._say(_panel(f"{head}<br>{_rules_bold(fb.note)}"
                         f'<br><span style="color:#6a6172">{fb.seconds:.1f} s</span>', colour))
        self._refresh_score()

    def _refresh_score(self) -> None:
        right, asked = self.logic.score
        panel = self.logic.panel()
        pct = f" ({100 * right / asked:.0f}%)" if asked else ""
        self.score_html.value = (f"Score {right}/{asked}{pct} · streak {self.logic.streak} · "
                                 f"{panel.known} of {panel.total} known")
        self.progress.max = panel.total
        self.progress.value = panel.known
        self.panel_html.value = progress_html(panel, self.logic.memory.notice)
        self._refresh_stats()

    def _refresh_stats(self) -> None:
        if not self.stats_button.value:
            self.stats_html.layout.display = "none"
            return
        self.stats_html.layout.display = ""
        self.stats_html.value = stats_html(self.logic.stats())


_NAMELESS: dict[tuple[Card, int], bytes] = {}


def _nameless_png(card: Card, height: int) -> bytes:
    """The default art of ``card`` with its printed name covered (trump titles, the ace's
    caption, the court's rank banner and suit line), so a name question tests recognition of the
    picture: numeral, emblem, pips, court motif.  Small cards print no name and are unchanged.
    The areas come from :func:`tarot_learn.render.images.name_areas`, which knows the art."""
    key = (card, height)
    if key in _NAMELESS:
        return _NAMELESS[key]
    import io

    from ..render import card_image, has_pillow
    if not has_pillow():            # the static site: cover the names on the shipped picture
        from ..render.nameless import nameless_png

        _NAMELESS[key] = nameless_png(card, height)
        return _NAMELESS[key]
    from PIL import ImageDraw

    from ..render.images import name_areas

    img = card_image(card, height, show_value=False)
    areas = name_areas(card, height)
    if areas:
        img = img.copy()              # the cached picture is shared: draw on a copy
        draw = ImageDraw.Draw(img)
        for box, fill in areas:
            draw.rectangle(box, fill=fill)
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    _NAMELESS[key] = buf.getvalue()
    return _NAMELESS[key]


def stats_html(s: DrillStats) -> str:
    """A small table: totals, then every answered card, hardest first."""
    if not s.asked:
        return _panel("No answers yet.", _INFO)
    rows = sorted(s.cards.values(), key=lambda c: (c.accuracy, -(c.mean_seconds or 0), c.card.index))
    body = "".join(
        f"<tr><td>{_esc(c.card.name)}</td><td>{c.correct}/{c.asked}</td>"
        f"<td>{100 * (c.accuracy or 0):.0f}%</td><td>{c.mean_seconds or 0:.1f} s</td></tr>" for c in rows)
    head = _esc(str(s)).replace("\n", "<br>")
    return (f'<div class="tl-drill-stats">{_panel(head, _INFO)}'
            '<table style="border-collapse:collapse"><thead><tr><th>card</th><th>right</th>'
            '<th>accuracy</th><th>mean time</th></tr></thead>'
            f"<tbody>{body}</tbody></table></div>")


def progress_html(p: Progress, notice: str = "") -> str:
    """The progress panel: known, due today, new, the day streak, then accuracy per group."""
    days = f"{p.streak} day{'s' if p.streak != 1 else ''}"
    td = '<td style="padding:1px 12px 1px 0;text-align:left">'
    cells = "".join(
        f"<tr>{td}{_esc(label)}</td>{td}{f'{100 * right / asked:.0f}%' if asked else '–'}</td>"
        f"{td}{right}/{asked}</td></tr>" for label, (right, asked) in p.groups.items())
    warning = f'<div style="color:{_NO}">{_esc(notice)}</div>' if notice else ""
    return (f'<div class="tl-drill-progress" style="margin:6px 0;color:#2b2533">{warning}'
            f"<b>Progress</b> (kept between sessions): <b>{p.known}</b> of {p.total} known · "
            f"<b>{p.due_today}</b> due today · {p.new} new · streak <b>{days}</b>"
            '<table style="border-collapse:collapse;margin-top:4px"><thead><tr>'
            + "".join(f'<th style="padding:1px 12px 1px 0;text-align:left">{h}</th>'
                      for h in ("group", "accuracy", "right / asked"))
            + f"</tr></thead><tbody>{cells}</tbody></table></div>")
