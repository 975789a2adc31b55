"""What the drill asks about a card: the cards a drill covers, each kind's prompt, the right
answer, four plausible wrong ones, and the teaching note shown after an answer.

The kinds: ``name`` (which card is this?), ``value`` (what it plays as in Tarot Solitaire),
``group`` (its suit group), ``french`` (its French Tarot name in French), ``points`` (its French
Tarot points), ``bout`` (is it a bout?), ``marseille`` (the number a Marseille deck prints on a
trump), ``pick`` (a name is given: pick its card from a spread), and ``mixed``.

>>> import random
>>> q = make_question(1, Card.parse("T19"), "value", random.Random(0), choices=5)
>>> q.prompt, q.expected, q.options
('What does it play as in Tarot Solitaire?', '10', ('8', '9', '10', '11', '19'))
>>> q = make_question(1, Card.parse("T8"), "marseille", random.Random(0), choices=4)
>>> q.expected, q.options
('XI', ('no number', 'VII', 'VIII', 'XI'))
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterable

from ..cards import TAROT, Card, Suit, parse_cards, roman, tarot_deck
from ..errors import CardError, OptionError
from ..games.french_tarot.cards import card_points_half, format_points, is_bout
from ..numerology import arithmetic, explain, playing_value

__all__ = ["KINDS", "SIMPLE_KINDS", "CARD_SETS", "PROMPTS", "MARSEILLE_NUMBERS", "Question", "select_cards",
           "applies", "truth", "label", "note", "distractors", "make_question"]

KINDS = ("name", "value", "group", "french", "points", "bout", "marseille", "pick", "mixed")
SIMPLE_KINDS = ("name", "value", "group")      # "mixed" picks one of these for each question

PROMPTS = {
    "name": "Which card is this?",
    "value": "What does it play as in Tarot Solitaire?",
    "group": "Which group does it build in: Pentacles-and-Cups, Swords-and-Wands, or trump?",
    "french": "What do French Tarot players call it, in French?",
    "points": "How many points is it worth in French Tarot?",
    "bout": "Is it a bout (an oudler) in French Tarot?",
    "marseille": "Which number does a Marseille deck print on it?",
    "pick": "Which of these cards is {name}? (counted from the left)",
}
# The trumps a Marseille deck numbers otherwise than this package (Rider-Waite): Strength is VIII
# here and XI there, Justice the other way round; the Fool carries no number (None).
MARSEILLE_NUMBERS: dict[int, int | None] = {0: None, 8: 11, 11: 8}
GROUP_LABEL = {"PC": "Pentacles and Cups", "SW": "Swords and Wands", "T": "Trump"}

SUITS_BY_WORD = {"wands": Suit.WANDS, "cups": Suit.CUPS, "swords": Suit.SWORDS,
                 "pentacles": Suit.PENTACLES}
CARD_SETS = ("all", "trumps", "suits", "courts", "tens", "wands", "cups", "swords", "pentacles")


def _named_set(word: str, deck: list[Card]) -> list[Card] | None:
    """The cards of a named set (``"trumps"``, ``"cups"``, ...), None when ``word`` names none."""
    sets = {
        "all": deck, "trumps": [c for c in deck if c.is_trump],
        "suits": [c for c in deck if not c.is_trump],
        "courts": [c for c in deck if c.is_court],
        "tens": [c for c in deck if playing_value(c) == 10],
    }
    if word in sets:
        return sets[word]
    if word in SUITS_BY_WORD:
        return [c for c in deck if c.suit is SUITS_BY_WORD[word]]
    return None


def select_cards(cards: str | Iterable[Card | str] | None) -> list[Card]:
    """The cards a drill asks about: ``None`` or ``"all"`` (the 78), a named set
    (``"trumps"``, ``"suits"``, ``"courts"``, ``"tens"`` (every card that plays as 10),
    ``"wands"``, ``"cups"``, ``"swords"``, ``"pentacles"``), card notation (``"T19 NC 10C"``) or
    an iterable of cards.

    >>> len(select_cards(None)), len(select_cards("trumps")), [str(c) for c in select_cards("tens")]
    (78, 22, ['10W', '10C', '10S', '10P', 'T10', 'T19'])
    >>> select_cards("T19 bogus")
    Traceback (most recent call last):
    ...
    tarot_learn.errors.CardError: cards: 'bogus' is not a tarot card: write a rank A 2-10 P N Q K then a suit W C S P \
(e.g. 'NC'), or T0-T21 for a trump; or name a set: all, trumps, suits, courts, tens, wands, cups, swords, pentacles
    """
    deck = tarot_deck()
    if cards is None:
        return deck
    if isinstance(cards, str):
        named = _named_set(cards.strip().lower(), deck)
        if named is not None:
            return named
        try:
            chosen = parse_cards(cards)
        except CardError as err:
            raise CardError(f"cards: {err}; or name a set: {', '.join(CARD_SETS)}") from None
    else:
        try:
            chosen = [c if isinstance(c, Card) else Card.parse(str(c)) for c in cards]
        except CardError as err:
            raise CardError(f"cards: {err}") from None
        except TypeError:
            raise OptionError("cards must be None, a set name, card notation or a list of cards") from None
    for c in chosen:
        if not isinstance(c, Card) or c.pack != TAROT:
            raise CardError(f"cards: {c} is not a tarot card; the drill teaches the 78-card pack")
    unique = sorted(set(chosen), key=lambda c: c.index)
    if not unique:
        raise OptionError("cards: give at least one card to drill")
    return unique


def applies(kind: str, card: Card) -> bool:
    """Whether ``kind`` asks anything about ``card``: a Marseille number only of a trump."""
    return kind != "marseille" or card.is_trump


def truth(kind: str, card: Card) -> Card | int | str | bool | None:
    """The right answer to a ``kind`` question about ``card``: the card (``name``, ``pick``), its
    playing value (``None``: wild), its group (``"PC"``, ``"SW"``, ``"T"``), its French name, its
    points in half points, whether it is a bout, or the number a Marseille deck prints (``None``:
    no number)."""
    if kind in ("name", "pick"):
        return card
    if kind == "value":
        return playing_value(card)
    if kind == "french":
        return card.french_name_fr
    if kind == "points":
        return card_points_half(card)
    if kind == "bout":
        return is_bout(card)
    if kind == "marseille":
        return MARSEILLE_NUMBERS.get(card.rank, card.rank)
    return card.group or "T"


def label(kind: str, answer: Card | int | str | bool | None) -> str:
    """An answer as an option button shows it."""
    if kind in ("name", "pick"):
        assert isinstance(answer, Card)
        return answer.name
    if kind == "value":
        return "wild" if answer is None else str(answer)
    if kind == "french":
        return str(answer)
    if kind == "points":
        return format_points(int(answer or 0))
    if kind == "bout":
        return "yes" if answer else "no"
    if kind == "marseille":
        return "no number" if answer is None else roman(int(answer or 0))
    return GROUP_LABEL[str(answer)]


def _french_note(kind: str, card: Card) -> str:
    if kind == "french":
        return f"{card.name} is the {card.french_name_fr} at a French Tarot table ({card.french_name})."
    if kind == "points":
        return (f"{card.name} is worth {format_points(card_points_half(card))} in French Tarot: a bout or a king "
                "4.5, a queen 3.5, a cavalier 2.5, a valet 1.5, any other card 0.5 (FT-28).")
    if kind == "bout":
        return (f"{card.name} is {'a bout' if is_bout(card) else 'not a bout'}: the three bouts are the Excuse, "
                "the Petit (trump 1) and the 21 (FT-28).")
    printed = MARSEILLE_NUMBERS.get(card.rank, card.rank)
    shown = "no number" if printed is None else roman(printed)
    return (f"A Marseille deck prints {shown} on {card.title}; this package numbers it T{card.rank}, "
            "so go by the number printed on your own cards.")


def note(kind: str, card: Card) -> str:
    """The one-line teaching note shown after a ``kind`` question about ``card`` is answered."""
    if kind in ("french", "points", "bout", "marseille"):
        return _french_note(kind, card)
    if kind == "value":
        return explain(card)
    if kind == "group":
        if card.is_trump:
            return (f"{card.name} is a trump: trumps belong to neither group, so it goes on any "
                    "suit card and any suit card goes on it (TS-7).")
        other = "Swords, Wands" if card.group == "PC" else "Pentacles, Cups"
        group = GROUP_LABEL[card.group or "T"]
        return (f"{card.suit.title} are in the {group} group: {card.name} builds on {other} or "
                "trumps (TS-6).")
    if card.is_trump:
        if card.is_fool:
            return f"{card.title} is trump 0, notation T0; in Tarot Solitaire it is wild (TS-8)."
        extra = (f"; its digits add up to {arithmetic(card)}, so it plays as "
                 f"{playing_value(card)} (TS-5)" if card.rank > 10 else "")
        return f"{card.title} is trump {card.rank} ({roman(card.rank)}), notation T{card.rank}{extra}."
    return (f"{card.name}: the {card.rank_name.lower()} of the {card.suit.title} suit, "
            f"notation {card}; it plays as {playing_value(card)}.")


def distractors(kind: str, card: Card, rng: random.Random, k: int = 4) -> list:
    """``k`` plausible wrong answers (fewer only when the kind has fewer answers): cards of the
    same suit and nearby rank, neighbouring trumps; values one or two away and a trump's number
    before its digits are added; the other two groups."""
    if kind == "group":
        return [g for g in ("PC", "SW", "T") if g != (card.group or "T")]
    if kind == "bout":
        return [not is_bout(card)]
    if kind == "points":
        return [h for h in (1, 3, 5, 7, 9) if h != card_points_half(card)][:k]
    if kind == "marseille":
        right = MARSEILLE_NUMBERS.get(card.rank, card.rank)
        pool = [card.rank, None, *(n for n in (card.rank - 1, card.rank + 1, card.rank + 2) if 1 <= n <= 21)]
        return [n for i, n in enumerate(pool) if n != right and n not in pool[:i]][:k]
    if kind == "value":
        v = playing_value(card)
        if v is None:                               # the Fool: its number, and numbers it is not
            return [0, 1, 21, 10][:k]
        pool = sorted((x for x in range(1, 15) if x != v), key=lambda x: (abs(x - v), x))
        if card.is_trump and card.rank > 10:
            pool.insert(0, card.rank)               # the number before its digits are added
        near, far = pool[:3], pool[3:6]             # the two or three nearest, then one more
        rng.shuffle(far)
        return (near + far)[:k]
    deck = tarot_deck()
    if card.is_trump:
        others = [c for c in deck if c.is_trump and c != card]
    else:
        others = [c for c in deck if c.suit is card.suit and c != card]
    others.sort(key=lambda c: (abs(c.rank - card.rank), rng.random()))
    if kind == "french":
        return [c.french_name_fr for c in others[:k]]
    return others[:k]


@dataclass(frozen=True)
class Question:
    """One question: the card shown, the kind, the prompt and the multiple-choice options."""

    number: int                  # 1 for the first question of the drill
    card: Card
    kind: str
    prompt: str
    options: tuple[str, ...]
    expected: str                # the correct answer, as shown among the options
    spread: tuple[Card, ...] = ()  # a pick question's cards, left to right (options name them by place)


def make_question(number: int, card: Card, kind: str, rng: random.Random, choices: int) -> Question:
    """Question ``number`` about ``card``: the right answer among ``choices - 1`` distractors.
    Values read best in order (wild first) and groups keep the same three buttons every time;
    card names are shuffled with ``rng``."""
    right = truth(kind, card)
    answers = [right] + distractors(kind, card, rng, choices - 1)
    if kind in ("value", "marseille", "points"):
        answers.sort(key=lambda v: -1 if v is None else v)
    elif kind == "group":
        answers.sort(key=("PC", "SW", "T").index)
    elif kind == "bout":
        answers.sort(key=lambda yes: not yes)
    else:
        rng.shuffle(answers)
    if kind == "pick":            # the cards are the picture; the buttons name their places
        places = tuple(str(i) for i in range(1, len(answers) + 1))
        return Question(number, card, kind, PROMPTS[kind].format(name=card.name), places,
                        places[answers.index(card)], tuple(answers))
    return Question(number, card, kind, PROMPTS[kind], tuple(label(kind, a) for a in answers),
                    label(kind, right))
