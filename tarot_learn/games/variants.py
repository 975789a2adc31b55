"""Rule variants of the three patiences: every rule that may change is a *knob* naming its rule id.

A variant is a game plus a value for each of its knobs.  The knobs are the game's options (so a
board shows them as dropdowns, a save keeps them and ``games.new`` takes them); this module is
their one documented list:

==================  ===================  =====================================================
knob                rule ids             values (default first for each game)
==================  ===================  =====================================================
draw                TS-16, KL-9, AT-10   1, 2, 3 (TS 2, KL 1, AT 1)
face_down_row       TS-17                True, False
fool                TS-18                "wild", "trump_ace"
foundation_return   TS-19, KL-15         False/True (TS False, KL True)
redeals             TS-12, KL-10, AT-13  "unlimited" (TS, KL), 0, 1, 2, 3 (AT 1)
empty_column        TS-11, KL-6, AT-9    "standard" (TS: Kings, the World, the wild Fool;
                                         its base stays), "king_only", "any", "none"
build               TS-6, KL-4, AT-7     "alternate" (TS groups, KL colours), "same_suit",
                                         "any_suit" (AT "same_suit" by default)
==================  ===================  =====================================================

A variant keeps a shareable identity: its deal code writes the game's first options as always and
a newer knob only when it (or a knob after it) differs from the standard game, so every deal code
written before the knobs existed still names the same deal, and a variant's code deals it again.

>>> v = variant("tarot-solitaire", draw=3, empty_column="king_only")
>>> str(v)
'tarot-solitaire draw=3 empty_column=king_only'
>>> v.changes()
[('draw', 3, 'TS-16'), ('empty_column', 'king_only', 'TS-11')]
>>> s = v.new(seed=7)
>>> s.deal_code
'TS3TWFUK-7S'
>>> from_deal_code(s.deal_code) == (v, 7)
True
>>> variant("klondike", colour="red")
Traceback (most recent call last):
...
tarot_learn.errors.OptionError: klondike: unknown knob 'colour'; the knobs are draw (KL-9),
    foundation_return (KL-15), redeals (KL-10), empty_column (KL-6), build (KL-4)
>>> load_variant('game = "klondike"\\ndraw = 3\\nredeals = 2').code
'KL3T2'
"""

from __future__ import annotations

import json
import os
import tomllib
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core import Option, State
from ..deals import decode_deal_code, encode_deal_code
from ..errors import DealCodeError, OptionError
from .registry import registered

__all__ = ["Knob", "Variant", "KnobCodes", "knobs", "options_for", "variant", "load_variant",
           "variant_of", "from_deal_code", "identity", "MAX_SPEC_BYTES"]

#: A spec file larger than this is refused before it is read (a spec is a dozen lines).
MAX_SPEC_BYTES = 64 * 1024


@dataclass(frozen=True)
class Knob:
    """One rule a variant may change in one game: its name, the rule id it changes, the values
    allowed, the standard game's value, a line of help, and whether every deal code writes it
    (``classic``: the options the game had before the knobs; the others only when they matter)."""

    name: str
    rule: str
    choices: tuple[Any, ...]
    default: Any
    help: str
    classic: bool = False

    def option(self) -> Option:
        """The game option standing for this knob."""
        return Option(self.name, self.choices, self.default, f"{self.help} ({self.rule})")


_REDEALS = ("unlimited", 0, 1, 2, 3)
_BUILD_HELP = "how cards build down in the columns"

_KNOBS: dict[str, tuple[Knob, ...]] = {
    "tarot-solitaire": (
        Knob("draw", "TS-16", (1, 2, 3), 2, "cards turned per draw", True),
        Knob("face_down_row", "TS-17", (True, False), True,
             "deal the first row face down: 54 dealt, 24 in the stock", True),
        Knob("fool", "TS-18", ("wild", "trump_ace"), "wild",
             "the Fool is wild, or opens the trump foundation", True),
        Knob("foundation_return", "TS-19", (False, True), False,
             "cards may come back down from the foundations", True),
        Knob("redeals", "TS-12", _REDEALS, "unlimited", "times the discard may be turned over"),
        Knob("empty_column", "TS-11", ("standard", "king_only", "any", "none"), "standard",
             "which cards may open an empty column"),
        Knob("build", "TS-6", ("alternate", "same_suit", "any_suit"), "alternate", _BUILD_HELP),
    ),
    "klondike": (
        Knob("draw", "KL-9", (1, 2, 3), 1, "cards turned per draw: Turn One, Two or Three", True),
        Knob("foundation_return", "KL-15", (True, False), True,
             "cards may come back down from the foundations", True),
        Knob("redeals", "KL-10", _REDEALS, "unlimited", "times the waste may be turned over"),
        Knob("empty_column", "KL-6", ("king_only", "any", "none"), "king_only",
             "which cards may open an empty column"),
        Knob("build", "KL-4", ("alternate", "same_suit", "any_suit"), "alternate", _BUILD_HELP),
    ),
    "american-toad": (
        Knob("redeals", "AT-13", (0, 1, 2, 3), 1, "times the waste may be turned over (AT-11)", True),
        Knob("draw", "AT-10", (1, 2, 3), 1, "cards turned per draw"),
        Knob("empty_column", "AT-9", ("any", "king_only", "none"), "any",
             "which cards may fill an empty pile once the reserve is empty"),
        Knob("build", "AT-7", ("same_suit", "alternate", "any_suit"), "same_suit", _BUILD_HELP),
    ),
}


def _game_class(game: "str | type[State]") -> type[State]:
    if isinstance(game, type) and issubclass(game, State):
        cls: type[State] | None = game
    else:
        name = "-".join(str(game).strip().lower().replace("_", " ").replace("-", " ").split())
        cls = registered().get(name)
    if cls is None or cls.name not in _KNOBS:
        shown = getattr(game, "name", game)
        raise OptionError(f"there is no patience called {shown!r} with rule knobs; choose one of: "
                          f"{', '.join(sorted(_KNOBS))}")
    return cls


def knobs(game: "str | type[State]") -> tuple[Knob, ...]:
    """The knobs of a patience, in the order its options and deal codes list them.

    >>> [(k.name, k.rule) for k in knobs("american-toad")]
    [('redeals', 'AT-13'), ('draw', 'AT-10'), ('empty_column', 'AT-9'), ('build', 'AT-7')]
    """
    name = game if isinstance(game, str) and game in _KNOBS else _game_class(game).name
    return _KNOBS[name]


def options_for(game: str) -> tuple[Option, ...]:
    """The game options the knobs of ``game`` stand for (a game class's ``options_spec``)."""
    return tuple(k.option() for k in _KNOBS[game])


def identity(cls: type[State], options: dict[str, Any]) -> dict[str, Any]:
    """The options that name a variant: the classic ones always, a newer knob only when it or a
    knob after it differs from the standard game (what a deal code and a cache key carry)."""
    ks = _KNOBS.get(cls.name)
    if ks is None:
        return dict(options)
    last = max((i for i, k in enumerate(ks) if k.classic or options.get(k.name, k.default) != k.default),
               default=-1)
    return {k.name: options.get(k.name, k.default) for k in ks[:last + 1]}


class KnobCodes:
    """Deal codes for a game with knobs (mixed into the game class before its engine base): the
    option characters of :func:`identity`, and codes with fewer characters read with the
    standard values for the knobs left out."""

    options_spec: ClassVar[tuple[Option, ...]]
    code: ClassVar[str]
    title: ClassVar[str]
    seed: int | None
    options: dict[str, Any]

    @property
    def deal_code(self) -> str | None:
        """A short code that recreates this deal with these options anywhere: ``games.from_code``.
        ``None`` for a position that was not dealt from a seed (built from a layout)."""
        if self.seed is None:
            return None
        return encode_deal_code(self.code, _chars(type(self), self.options), self.seed)  # type: ignore[arg-type]

    @classmethod
    def options_from_code(cls, chars: str) -> dict[str, Any]:
        spec = cls.options_spec
        least = sum(1 for k in _KNOBS[cls.name] if k.classic)  # type: ignore[attr-defined]
        if not least <= len(chars) <= len(spec):
            raise DealCodeError(f"a {cls.title} deal code carries {least} to {len(spec)} option "
                                f"characters, not {len(chars)}")
        return {o.name: o.from_code(ch) for o, ch in zip(spec, chars)}


def _chars(cls: type[State], options: dict[str, Any]) -> str:
    spec = {o.name: o for o in cls.options_spec}
    return "".join(spec[k].code(v) for k, v in identity(cls, options).items())


@dataclass(frozen=True)
class Variant:
    """A game with a value for each of its knobs: deals it (:meth:`new`, or call it), names it
    (``str``, :attr:`code`) and says what differs from the standard game (:meth:`changes`).
    ``options`` go wherever a game's options go: ``games.new(v.name, seed, **v.options)``,
    ``SolitaireBoard(v.name, seed, **v.options)``, ``explore(v, ...)``."""

    game: type[State]
    settings: tuple[tuple[str, Any], ...]
    label: str = ""

    @property
    def name(self) -> str:
        return self.game.name

    @property
    def title(self) -> str:
        return self.game.title + (f" ({self.label})" if self.label else "")

    @property
    def options(self) -> dict[str, Any]:
        """Every knob's value, the standard ones included."""
        return dict(self.settings)

    @property
    def code(self) -> str:
        """The head of this variant's deal codes: the game's two letters and the option characters."""
        return self.game.code + _chars(self.game, self.options)

    def new(self, seed: int | None = None) -> State:
        """A deal of this variant (``seed=None``: a random one)."""
        return self.game.new(seed, **self.options)

    __call__ = new

    def changes(self) -> list[tuple[str, Any, str]]:
        """``(knob, value, rule id)`` for each knob that differs from the standard game."""
        return [(k.name, self.options[k.name], k.rule) for k in knobs(self.game)
                if self.options[k.name] != k.default]

    def to_toml(self) -> str:
        """This variant as a spec file :func:`load_variant` reads back."""
        lines = [f'game = "{self.name}"'] + ([f"label = {json.dumps(self.label)}"] if self.label else [])
        for name, value, rule in self.changes():
            text = json.dumps(value) if isinstance(value, str) else str(value).lower()
            lines.append(f"{name} = {text}  # {rule}")
        return "\n".join(lines) + "\n"

    def __str__(self) -> str:
        changed = " ".join(f"{n}={v}" for n, v, _ in self.changes())
        return f"{self.name} {changed or 'standard'}"


def variant(game: "str | type[State]", label: str = "", **knob_values: Any) -> Variant:
    """A variant of ``game`` with the knobs given (the others keep the standard game's values).
    An unknown knob or a value not allowed raises a one-line :class:`OptionError`."""
    cls = _game_class(game)
    ks = knobs(cls)
    names = {k.name for k in ks}
    for knob in knob_values:
        if knob not in names:
            listed = ", ".join(f"{k.name} ({k.rule})" for k in ks)
            raise OptionError(f"{cls.name}: unknown knob {knob!r}; the knobs are {listed}")
    options = cls.check_options(knob_values)
    if not isinstance(label, str) or len(label) > 80 or "\n" in label:
        raise OptionError("a variant's label is one line of at most 80 characters")
    return Variant(cls, tuple((o.name, options[o.name]) for o in cls.options_spec), label)


def variant_of(state: State) -> Variant:
    """The variant a deal is played under."""
    return variant(type(state), **state.options)


def from_deal_code(code: str) -> tuple[Variant, int]:
    """The variant and the seed a deal code names."""
    letters, chars, seed = decode_deal_code(code)
    for cls in registered().values():
        if cls.code == letters and cls.name in _KNOBS:
            return variant(cls, **cls.options_from_code(chars)), seed
    raise DealCodeError(f"deal code {code!r} names no patience with rule knobs (it starts with {letters!r})")


def load_variant(spec: "str | os.PathLike[str]") -> Variant:
    """A variant from a spec: a ``.toml`` or ``.json`` file, or its text.  The spec names the
    ``game``, may give a ``label``, and sets knobs by name, e.g. ``draw = 3``."""
    text = _spec_text(spec)
    try:
        data = json.loads(text) if text.lstrip().startswith("{") else tomllib.loads(text)
    except (ValueError, RecursionError) as err:
        first = str(err).splitlines()[0] if str(err) else type(err).__name__
        raise OptionError(f"a variant spec is TOML (game = \"klondike\", draw = 3) or JSON: {first}") from None
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise OptionError('a variant spec names its game, e.g. game = "tarot-solitaire"')
    data = dict(data)
    game = data.pop("game")
    label = data.pop("label", "")
    bad = next((k for k, v in data.items() if isinstance(v, (dict, list))), None)
    if bad is not None:
        raise OptionError(f"knob {bad!r} of a variant spec takes one value, not a table or a list")
    return variant(game, label=label, **data)


def _spec_text(spec: "str | os.PathLike[str]") -> str:
    if isinstance(spec, str) and ("=" in spec or spec.lstrip().startswith("{")):
        text = spec
    elif isinstance(spec, (str, os.PathLike)):
        try:
            if os.path.getsize(spec) > MAX_SPEC_BYTES:
                raise OptionError(f"a variant spec is at most {MAX_SPEC_BYTES // 1024} KB; {spec} is larger")
            with open(spec, "rb") as fh:
                raw = fh.read(MAX_SPEC_BYTES + 1)
        except OSError as err:
            raise OptionError(f"cannot read the variant spec {spec}: {err.strerror or err}") from None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise OptionError(f"the variant spec {spec} is not UTF-8 text") from None
    else:
        raise OptionError(f"a variant spec is a file path or its text, not {type(spec).__name__}")
    if len(text) > MAX_SPEC_BYTES:
        raise OptionError(f"a variant spec is at most {MAX_SPEC_BYTES // 1024} KB")
    return text
