"""Small helpers the lesson notebooks share: exercises, feedback boxes, quizzes, tables.

Lessons never type a fact by hand: every table and every number in a sentence is computed by the
engine and shown through these helpers (``table``, ``say``), and every exercise compares the
learner's answer with what the engine says (:class:`Exercise`: a hint naming the rule after a first
wrong answer, the worked step after a second, then the answer; answered with widgets, so it works
in JupyterLab, Voila and the static site).

The notebooks import this module from the package (``from tarot_learn.lessons import kit``), so a
lesson runs wherever it is copied.

>>> ex = Exercise("02.death-plays-as", prompt="What does Death play as?", answer=4, rule="TS-5",
...               step="1 + 3.", record=False)
>>> ex.submit(13).level, ex.submit(13).level, ex.submit(4).ok
('hint', 'step', True)
"""

from __future__ import annotations

import html
from typing import Any, Iterable, Sequence

from tarot_learn.errors import OptionError
from tarot_learn.lessons.exercise import Exercise, Feedback

__all__ = ["Exercise", "Feedback", "quiz", "table", "say", "cards_picture", "Picture", "build_verdict",
           "fits_in_column", "FitsExplorer", "progress_panel", "rule_sheet", "glossary_sheet"]


def progress_panel() -> Any:
    """The learner's name and progress per lesson (the start-here page shows it)."""
    from tarot_learn.lessons.progress_view import ProgressPanel

    return ProgressPanel()


def quiz(questions: Iterable[Any]) -> Any:
    """Several questions or exercises in one box (each answers on its own)."""
    import ipywidgets as w

    return w.VBox([q.widget for q in questions])


class _Html:
    def __init__(self, text: str) -> None:
        self.text = text

    def _repr_html_(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.text


def table(header: Sequence[str], rows: Iterable[Sequence[Any]], caption: str = "") -> _Html:
    """An HTML table of computed rows (values are escaped and shown with ``str``).

    >>> print(table(["card", "value"], [["T19", 10]]).text)  # doctest: +ELLIPSIS
    <table ...><thead><tr><th ...>card</th><th ...>value</th></tr></thead><tbody><tr><td ...>T19</td><td
    ...>10</td></tr></tbody></table>
    """
    e = html.escape
    # Left-aligned: JupyterLab right-aligns table cells, which suits numbers but not sentences.
    head = "".join(f"<th style='text-align:left'>{e(str(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td style='text-align:left'>{e(str(v))}</td>" for v in row)
                   + "</tr>" for row in rows)
    cap = f"<caption style='text-align:left'>{e(caption)}</caption>" if caption else ""
    return _Html(f"<table class='lesson-table'>{cap}<thead><tr>{head}</tr></thead>"
                 f"<tbody>{body}</tbody></table>")


def rule_sheet(prefix: str = "TS", only: Sequence[str] | None = None, *, open_: bool = False) -> _Html:
    """A game's numbered rules (``"TS"``, ``"KL"``, ``"AT"``, ``"FT"``), or ``only`` those ids, as a
    fold-out block in the lesson itself: read from the package, so it works wherever the lesson runs.

    >>> block = rule_sheet("TS", ["TS-5"]).text
    >>> block.startswith("<details") and "TS-5 Trumps above 10" in block and block.count("<li") == 1
    True
    """
    from tarot_learn import rules

    ids = list(only) if only is not None else rules.ids(prefix)
    e = html.escape
    items = "".join(f"<li style='margin:4px 0'>{e(rules.text(i))}</li>" for i in ids)
    label = f"The rules {', '.join(ids)}" if only is not None else f"The whole rule sheet ({ids[0]} .. {ids[-1]})"
    return _Html(f"<details class='lesson-rules'{' open' if open_ else ''}><summary style='cursor:pointer'>"
                 f"<b>{e(label)}</b> (click to read)</summary><ul style='max-width:60em'>{items}</ul></details>")


def glossary_sheet(sections: Sequence[str] | None = None, *, open_: bool = False) -> _Html:
    """The English/French glossary (``docs/glossary.md``'s terms), or only its ``sections``, as a
    fold-out block in the lesson: made from the package, so it works wherever the lesson runs.

    >>> block = glossary_sheet(["The cards"]).text
    >>> block.startswith("<details") and "Bâtons" in block and "Bidding" not in block
    True
    """
    from tarot_learn.lessons import glossary

    terms = [t for t in glossary.terms() if sections is None or t.section in sections]
    if not terms:
        known = sorted({t.section for t in glossary.terms()})
        raise OptionError(f"no glossary section {list(sections or [])!r}: choose from {', '.join(known)}")
    rows = [(t.english, t.french, t.note, t.seen_as) for t in terms]
    label = "The glossary, English and French" + (f": {', '.join(sections).lower()}" if sections else "")
    body = table(["English", "French", "notes", "written / rule"], rows).text
    return _Html(f"<details class='lesson-glossary'{' open' if open_ else ''}><summary style='cursor:pointer'>"
                 f"<b>{html.escape(label)}</b> (click to read)</summary>{body}</details>")


def say(text: str) -> Any:
    """A sentence whose numbers were computed, shown as Markdown."""
    from IPython.display import Markdown

    return Markdown(text)


def cards_picture(cards: Sequence[Any], height: int = 120, columns: int | None = None,
                  show_value: bool = True, alt: str | None = None) -> Any:
    """The faces of ``cards`` side by side (one picture, no card back).  ``show_value=False``
    leaves off the Tarot Solitaire "plays as" badges (French Tarot lessons).  The picture's
    alternative text names the cards, unless ``alt`` says otherwise (a card to recognise must not
    be named to a screen reader)."""
    from tarot_learn.render import sprite_sheet

    cards = list(cards)
    image, _ = sprite_sheet(cards, height, columns=columns, back=False, show_value=show_value)
    return Picture(image, alt if alt is not None else ", ".join(f"{c.name} ({c})" for c in cards))


class Picture:
    """A picture shown with its alternative text; everything else is the image's own (``save``,
    ``size``, ``_repr_png_``)."""

    def __init__(self, image: Any, alt: str) -> None:
        self.image, self.alt = image, alt

    def __getattr__(self, name: str) -> Any:
        return getattr(self.image, name)

    def _repr_png_(self) -> bytes:
        return self.image._repr_png_()

    def _repr_html_(self) -> str | None:
        from tarot_learn.render import picture_html

        return picture_html(self._repr_png_(), self.alt)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, str]:
        from tarot_learn.render import picture_bundle

        return picture_bundle(self._repr_png_(), self.alt)


def _position(card: Any, target: Any, game: str = "tarot-solitaire", **options: Any) -> Any:
    """A patience position with ``target`` alone on column 1 and ``card`` on column 2, lying on a
    face-down card (so a King or the World is not a column's base, TS-11)."""
    from tarot_learn import games

    filler = next(c for c in games.get(game).deck() if c not in (card, target))
    opts = " ".join(f"{k}={v}" for k, v in options.items())
    head = f"options: {opts}\n" if opts else ""
    under = f"[{filler}]"
    if games.get(game).name == "american-toad":   # no face-down cards there (AT-2); a base rank (AT-3)
        head, under = head + "base: A\n", ""
    return games.from_layout(game, head + f"t1: {target}\nt2: {under} {card}\n")


def build_verdict(card: Any, target: Any, game: str = "tarot-solitaire",
                  **options: Any) -> tuple[bool, str]:
    """Whether ``card`` may be built on ``target`` in a column of ``game`` (a patience; Tarot
    Solitaire by default), asked of the game itself, with the engine's sentence (and rule ids)
    saying why or why not.

    >>> from tarot_learn.cards import Card
    >>> ok, why = build_verdict(Card.parse("T19"), Card.parse("2C")); ok, "TS-4" in why
    (True, True)
    >>> build_verdict(Card.parse("AC"), Card.parse("T19"))[0]
    False
    >>> ok, why = build_verdict(Card.parse("8H", "standard"), Card.parse("9D", "standard"), "klondike")
    >>> ok, why.endswith("(rule KL-4)")
    (False, True)
    >>> build_verdict(Card.parse("KC", "standard"), Card.parse("AC", "standard"), "american-toad")[0]
    True
    >>> print(build_verdict(Card.parse("2C"), Card.parse("AP"))[1])   # the value first, then the group
    nothing plays as 0, so only the Fool may cover Ace of Pentacles (rule TS-2); besides, Two of Cups and Ace of
    Pentacles are both in the Pentacles and Cups group; suit cards must alternate groups (rule TS-6)
    """
    if card == target:
        return False, f"{card.name} is one card: it cannot lie on itself."
    state = _position(card, target, game, **options)
    err = state.why_illegal("t2>t1")
    if err is None:
        return True, state.explain("t2>t1")
    if _game_name(game) == "tarot-solitaire" and "build" not in options:
        # A learner reads the value before the suit group: when both fail, say the value first, so
        # "not the same group" never suggests that a card of the other group would fit.
        by_value = _position(card, target, game, **options, build="any_suit").why_illegal("t2>t1")
        if by_value is not None and str(by_value) != str(err):
            return False, f"{by_value}; besides, {err}"
    return False, str(err)


def _game_name(game: str) -> str:
    """The registered name of ``game`` (an alias or a class name is accepted by ``games.get``)."""
    from tarot_learn import games

    return str(games.get(game).name)


def fits_in_column(target: Any, **options: Any) -> list[Any]:
    """Every card of the pack that the game lets you build on ``target`` (values and suit groups)."""
    from tarot_learn.cards import tarot_deck

    return [c for c in tarot_deck() if c != target and build_verdict(c, target, **options)[0]]


class FitsExplorer:
    """"What may go on this card?": pick a card, see every card that may be built on it.

    ``mode`` is ``'game'`` (the game's own rules: values, suit groups, the wild Fool; TS-1 .. TS-8)
    or ``'values'`` (numbers only, :func:`tarot_learn.numerology.fits_on`).  ``select`` does what
    the dropdown does, for tests.

    >>> ex = FitsExplorer("T13")
    >>> sorted(str(c) for c in ex.fits) == sorted(str(c) for c in fits_in_column(ex.target))
    True
    """

    def __init__(self, start: str = "T11", mode: str = "game") -> None:
        from tarot_learn.cards import Card

        self.target = Card.parse(start)
        self.mode = mode
        self.fits: list[Any] = []
        self._widget: Any = None
        self._update()

    def select(self, notation: str, mode: str | None = None) -> list[Any]:
        from tarot_learn.cards import Card

        self.target = Card.parse(notation)
        if mode is not None:
            if mode not in ("game", "values"):
                raise OptionError(f"mode must be 'game' or 'values', not {mode!r}")
            self.mode = mode
        if self._widget is not None:
            pick, modes = self._widget.children[0].children
            pick.value, modes.value = str(self.target), self.mode  # observers call _update
        self._update()
        return self.fits

    def sentence(self) -> str:
        from tarot_learn import numerology

        how = ("by the game's rules" if self.mode == "game" else "by value alone")
        names = ", ".join(c.name for c in self.fits) or "none"
        note = ""
        if self.mode == "values" and not self.target.is_fool:
            note = " The wild Fool is left out here: it has no value, but the game lets it go anywhere (TS-8)."
        return (f"{numerology.explain(self.target)} Cards that may go on it {how}: "
                f"{len(self.fits)} ({names}).{note}")

    def _update(self) -> None:
        from tarot_learn.cards import tarot_deck
        from tarot_learn.numerology import fits_on

        if self.mode == "game":
            self.fits = fits_in_column(self.target)
        else:
            self.fits = [c for c in tarot_deck() if c != self.target and fits_on(c, self.target)]
        if self._widget is not None:
            self._draw()

    def _draw(self) -> None:
        import base64
        import io

        _, text, picture = self._widget.children
        text.value = f"<p style='max-width:60em'>{html.escape(self.sentence())}</p>"
        if self.fits:
            buf = io.BytesIO()
            image = cards_picture(self.fits, 90, columns=min(len(self.fits), 13))
            image.save(buf, format="PNG")
            data = base64.b64encode(buf.getvalue()).decode()
            # an <img> at its natural size (an Image widget is stretched to the cell's width)
            picture.value = (f"<img src='data:image/png;base64,{data}' width='{image.width}' "
                             f"height='{image.height}' alt='{html.escape(', '.join(c.name for c in self.fits))}'>")
        else:
            picture.value = ""

    @property
    def widget(self) -> Any:
        if self._widget is None:
            import ipywidgets as w
            from tarot_learn.cards import tarot_deck

            pick = w.Dropdown(options=[(c.name, str(c)) for c in tarot_deck()],
                              value=str(self.target), description="Card:")
            modes = w.ToggleButtons(options=[("the game's rules", "game"), ("values only", "values")],
                                    value=self.mode)

            def changed(_: Any) -> None:
                from tarot_learn.cards import Card

                self.target, self.mode = Card.parse(pick.value), modes.value
                self._update()

            pick.observe(changed, names="value")
            modes.observe(changed, names="value")
            self._widget = w.VBox([w.HBox([pick, modes]), w.HTML(), w.HTML()])
            self._widget.add_class("lesson-explorer")
            self._draw()
        return self._widget

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
