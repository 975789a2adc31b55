"""French Tarot rules as small pure functions over card numbers (FT-1 .. FT-30).

Cards are the dense numbers of :attr:`tarot_learn.cards.Card.index`: a plain card is
``suit * 14 + rank - 1`` (Wands 0-13, Cups 14-27, Swords 28-41, Pentacles 42-55, the king last of
each) and trump ``n`` is ``56 + n`` (the Excuse 56, the Petit 57, the 21 77).  Within a suit a
higher number beats a lower one, so the trick rules are comparisons of small integers; the state
(:mod:`.state`) and the fast simulator (:mod:`.simulate`) share every function here, which is what
keeps the two paths in agreement.

>>> from tarot_learn.cards import Card
>>> hand = sorted(Card.parse(t).index for t in "2C KC T5 T0".split())   # hands stay sorted
>>> trick = [Card.parse("QC").index]
>>> [text(c) for c in legal_plays(hand, trick)]          # follow suit (FT-18), Excuse free (FT-23)
['2C', 'KC', 'T0']
>>> [text(c) for c in legal_plays(hand, [Card.parse("QS").index])]   # no Swords: trump (FT-19)
['T0', 'T5']
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import Iterable, Sequence

from ...cards import Card, tarot_deck
from ...deals import Rng
from . import cards as ftcards
from .scoring import DealScore, score_deal

__all__ = [
    "EXCUSE", "PETIT", "TWENTY_ONE", "BOUTS", "KINGS", "CARDS", "NUMBERS", "text", "card_number",
    "PASS", "PRISE", "GARDE", "GARDE_SANS", "GARDE_CONTRE", "CONTRACTS", "CONTRACT_NAMES",
    "MULTIPLIER", "layout", "deal", "petit_sec", "seat_names",
    "legal_plays", "trick_winner", "play_rule", "discard_allowed", "discard_problem",
    "POIGNEE_SIZES", "poignee_level", "poignee_problem", "poignee_choices", "callable_cards",
    "half_points", "HALF_POINTS", "is_low", "settle_excuse", "resolve_trick", "Tally", "tally",
    "score",
]

# ----- cards as numbers --------------------------------------------------------------------------
CARDS: tuple[Card, ...] = tuple(sorted(tarot_deck(), key=lambda c: c.index))
EXCUSE, PETIT, TWENTY_ONE = 56, 57, 77
BOUTS = frozenset((EXCUSE, PETIT, TWENTY_ONE))
KINGS = frozenset((13, 27, 41, 55))
_BY_TEXT = {str(c): c.index for c in CARDS}
# Card -> number without recomputing Card.index (bots read every card of an observation).
NUMBERS: dict[Card, int] = {c: i for i, c in enumerate(CARDS)}


_TEXTS = tuple(str(c) for c in CARDS)


def text(c: int) -> str:
    """The notation of card number ``c`` (``'T21'``, ``'KC'``)."""
    return _TEXTS[c]


def card_number(card: "Card | str") -> int:
    """The number of a card or card text; raises ``KeyError`` for a text that names no card."""
    if isinstance(card, Card):
        return NUMBERS[card]
    number = _BY_TEXT.get(card)
    if number is None:
        return _BY_TEXT[card.strip().upper()]
    return number


def half_points(c: int) -> int:
    """Card value in half points (FT-28), from the scoring module's table.

    >>> [half_points(card_number(t)) for t in ("T0", "KS", "QS", "NS", "PS", "10S", "T20")]
    [9, 9, 7, 5, 3, 1, 1]
    >>> sum(HALF_POINTS)
    182
    """
    return HALF_POINTS[c]


HALF_POINTS: tuple[int, ...] = tuple(ftcards.card_points_half(c) for c in CARDS)


def is_low(c: int) -> bool:
    """A card worth half a point: what the Excuse's side gives in exchange (FT-25)."""
    return HALF_POINTS[c] == 1


# ----- contracts (FT-6) --------------------------------------------------------------------------
PASS, PRISE, GARDE, GARDE_SANS, GARDE_CONTRE = range(5)
CONTRACTS = (PRISE, GARDE, GARDE_SANS, GARDE_CONTRE)
CONTRACT_NAMES = ("pass", "prise", "garde", "garde_sans", "garde_contre")
MULTIPLIER = (0, 1, 2, 4, 6)


# ----- seats and the deal (FT-1 .. FT-4) ---------------------------------------------------------
_SEAT_NAMES = {
    3: ("South", "East", "West"),
    4: ("South", "East", "North", "West"),
    5: ("South", "East", "North-East", "North-West", "West"),
}


def seat_names(players: int) -> tuple[str, ...]:
    """Compass names of the seats, in playing order (counter-clockwise, FT-1).

    >>> seat_names(4)
    ('South', 'East', 'North', 'West')
    """
    return _SEAT_NAMES[players]


def layout(players: int) -> tuple[int, int, int]:
    """``(cards each, packet size, dog size)`` for a table of ``players`` (FT-3).

    >>> layout(4), layout(3), layout(5)
    ((18, 3, 6), (24, 4, 6), (15, 3, 3))
    """
    return {4: (18, 3, 6), 3: (24, 4, 6), 5: (15, 3, 3)}[players]


def deal(seed: int, players: int, dealer: int) -> tuple[list[list[int]], list[int]]:
    """Shuffle and deal as the FFT does (FT-3): packets go round from the dealer's right-hand
    neighbour (seat ``dealer + 1``); between two packets the dealer may lay one card on the dog,
    never the first or the last card of the pack.  The seed picks both the order of the pack and the
    gaps where dog cards are laid, so a deal is reproducible on any machine.

    >>> hands, dog = deal(7, 4, 0)
    >>> [len(h) for h in hands], len(dog), len({c for h in hands for c in h} | set(dog))
    ([18, 18, 18, 18], 6, 78)
    """
    each, packet, dog_size = layout(players)
    rng = Rng(seed)
    pack = list(range(78))
    rng.shuffle(pack)
    packets = (78 - dog_size) // packet
    # The dog cards go into distinct gaps between packets (a partial Fisher-Yates picks them).
    gaps = list(range(1, packets))
    for i in range(dog_size):
        j = i + rng.below(len(gaps) - i)
        gaps[i], gaps[j] = gaps[j], gaps[i]
    dog_gaps = set(gaps[:dog_size])
    hands: list[list[int]] = [[] for _ in range(players)]
    dog: list[int] = []
    pos = 0
    for p in range(packets):
        if p in dog_gaps:
            dog.append(pack[pos])
            pos += 1
        hands[(dealer + 1 + p) % players].extend(pack[pos:pos + packet])
        pos += packet
    for h in hands:
        h.sort()
    return hands, dog


def petit_sec(hand: Iterable[int]) -> bool:
    """True when the Petit is the hand's only trump and the Excuse is absent (FT-4).

    >>> petit_sec([0, 1, PETIT]), petit_sec([0, PETIT, EXCUSE]), petit_sec([0, PETIT, 60])
    (True, False, False)
    """
    trumps = [c for c in hand if c >= EXCUSE]
    return trumps == [PETIT]


# ----- tricks (FT-17 .. FT-24) -------------------------------------------------------------------
def _led(trick: Sequence[int]) -> int:
    """The card that sets the suit: the first one that is not the Excuse (FT-24); -1 if none."""
    for c in trick:
        if c != EXCUSE:
            return c
    return -1


def legal_plays(hand: Sequence[int], trick: Sequence[int]) -> list[int]:
    """The cards of ``hand`` (sorted) that may go on ``trick`` (cards in playing order), sorted.

    Follow the led suit (FT-18); else trump, overtrumping the highest trump when able (FT-19,
    FT-20), else undertrump; else anything (FT-21).  The Excuse is always allowed (FT-23).
    Hands are kept sorted, so each group of cards is one slice found by bisection (this runs for
    every card of every simulated deal).
    """
    if not trick:
        return list(hand)
    led = trick[0]
    if led == EXCUSE:
        if len(trick) == 1:
            return list(hand)
        led = trick[1]
    first_trump = bisect_right(hand, EXCUSE)
    excuse = first_trump > 0 and hand[first_trump - 1] == EXCUSE
    if led < EXCUSE:
        lo = led - led % 14
        i = bisect_left(hand, lo)
        j = bisect_left(hand, lo + 14, i)
        if i < j:
            return hand[i:j] + [EXCUSE] if excuse else hand[i:j]
    if first_trump == len(hand):
        return list(hand)
    top = max(trick)  # trumps are the highest numbers, so the max is the highest trump if any
    k = bisect_right(hand, top, first_trump) if top > EXCUSE else first_trump
    if k == len(hand):
        k = first_trump      # cannot overtrump: any trump (FT-19, FT-20)
    return [EXCUSE] + hand[k:] if excuse else hand[k:]


def trick_winner(trick: Sequence[int]) -> int:
    """The position in ``trick`` of the winning card (FT-22): the highest trump, else the highest
    card of the led suit.  The Excuse never wins here (its one exception, FT-26, is the state's).

    >>> trick_winner([card_number(t) for t in ("10C", "KC", "T2", "T0")])
    2
    """
    top = max(trick)
    if top > EXCUSE:
        return trick.index(top)
    led = _led(trick)
    lo = led - led % 14
    best = max(c for c in trick if lo <= c < lo + 14)
    return trick.index(best)


def play_rule(hand: Sequence[int], trick: Sequence[int], card: int) -> tuple[str, str]:
    """Why ``card`` may or may not be played: ``(rule id, sentence)``.  Used by ``explain`` and by
    the errors of refused cards, so both say the same thing.

    >>> hand = [card_number(t) for t in ("2C", "T3", "T9")]
    >>> play_rule(hand, [card_number("KS"), card_number("T5")], card_number("T3"))[1]
    'you hold no Spades and can beat trump 5, so you must overtrump with T9'
    """
    name = CARDS[card].french_name
    if card not in hand:
        return "FT-17", f"{text(card)} is not in your hand"
    if card == EXCUSE:
        return "FT-23", "the Excuse may be played to any trick"
    led = _led(trick)
    if led < 0:
        return "FT-17", f"you lead: any card may start the trick ({name})"
    legal = legal_plays(hand, trick)
    suit = _suit_name(led)
    has_suit = led < EXCUSE and any(c < EXCUSE and c // 14 == led // 14 for c in hand)
    trumps = [c for c in hand if c > EXCUSE]
    top = max(trick)
    if card in legal:
        if led < EXCUSE and has_suit:
            return "FT-18", f"{name} follows the {suit} led"
        if not trumps:
            rule = "FT-20" if led > EXCUSE else "FT-21"
            held = "no trump" if led > EXCUSE else f"no {suit} and no trump"
            return rule, f"you hold {held}, so any card may go ({name})"
        if top > EXCUSE and card > top:
            rule = "FT-20" if led > EXCUSE else "FT-19"
            return rule, f"{name} beats trump {top - EXCUSE}, the highest in the trick"
        if top > EXCUSE:
            rule = "FT-20" if led > EXCUSE else "FT-19"
            return rule, f"you cannot beat trump {top - EXCUSE}, so any trump may go ({name})"
        return "FT-19", f"you hold no {suit}, so you trump with {name}"
    if led < EXCUSE and has_suit:
        return "FT-18", f"{suit} was led and you hold {suit}: you must follow suit"
    over = [c for c in trumps if c > top]
    if top > EXCUSE and over and card > EXCUSE:
        rule = "FT-20" if led > EXCUSE else "FT-19"
        where = "" if led > EXCUSE else f"you hold no {suit} and "
        return rule, (f"{where}can beat trump {top - EXCUSE}, so you must overtrump with "
                      + " or ".join(text(c) for c in over))
    if led > EXCUSE:
        rule = "FT-20"
        return rule, "a trump was led and you hold trumps: you must play a trump"
    if top > EXCUSE and over:
        return "FT-19", (f"you hold no {suit} and can beat trump {top - EXCUSE}, so you must "
                         "overtrump with " + " or ".join(text(c) for c in over))
    return "FT-19", f"you hold no {suit} but hold trumps: you must trump"


_SUIT_NAMES = ("Clubs", "Hearts", "Spades", "Diamonds")  # French names of Wands, Cups, Swords, Pentacles


def _suit_name(c: int) -> str:
    return "trumps" if c >= EXCUSE else _SUIT_NAMES[c // 14]


# ----- the discard (FT-11, FT-12) ----------------------------------------------------------------
def _plain_discardable(c: int) -> bool:
    return c < EXCUSE and c not in KINGS


def discard_allowed(hand: Sequence[int], remaining: int) -> list[int]:
    """The cards that may go to the discard next, one at a time, when ``remaining`` are still to
    be laid (FT-12): any plain card but a king; a trump other than a bout only when the plain cards
    left cannot complete the discard.

    >>> hand = [card_number(t) for t in ("KC", "3C", "T4", "T1")]
    >>> [text(c) for c in discard_allowed(hand, 2)]
    ['3C', 'T4']
    >>> [text(c) for c in discard_allowed(hand, 1)]
    ['3C']
    """
    plain = [c for c in hand if _plain_discardable(c)]
    if len(plain) >= remaining:
        return plain
    return plain + [c for c in hand if EXCUSE < c < TWENTY_ONE and c != PETIT]


def discard_problem(hand: Sequence[int], remaining: int, cards: Sequence[int]) -> tuple[str, str] | None:
    """``None`` when ``cards`` (one or more) may be laid together on the discard now, else
    ``(rule id, reason)``.  Laying them together is legal exactly when some order of single steps
    would be: at most ``remaining`` cards, all held, none a king or bout, and no more trumps than
    the plain cards force (FT-11, FT-12).
    """
    if not cards:
        return "FT-11", "name the cards to discard, e.g. 'discard 2C 3C'"
    if len(set(cards)) != len(cards):
        return "FT-11", "a card is named twice in the discard"
    if len(cards) > remaining:
        return "FT-11", f"the discard holds exactly as many cards as the dog: {remaining} more, not {len(cards)}"
    for c in cards:
        if c not in hand:
            return "FT-11", f"{text(c)} is not in your hand"
    for c in cards:
        if c in KINGS:
            return "FT-12", f"{text(c)} is a king: kings may never be discarded"
        if c in BOUTS:
            return "FT-12", f"{text(c)} is a bout: the Petit, the 21 and the Excuse may never be discarded"
    trumps = sum(1 for c in cards if c > EXCUSE)
    forced = max(0, remaining - sum(1 for c in hand if _plain_discardable(c)))
    if trumps > forced:
        return "FT-12", ("a trump may be discarded only when there are not enough other cards "
                         "(neither kings nor bouts) to complete the discard")
    return None


# ----- the king call (FT-8) ----------------------------------------------------------------------
def callable_cards(hand: Iterable[int]) -> list[int]:
    """Cards the taker may call with five players (FT-8): any king; a queen when holding all four
    kings; a cavalier when holding all kings and queens; a jack when holding kings, queens and
    cavaliers.

    >>> [text(c) for c in callable_cards([])]
    ['KW', 'KC', 'KS', 'KP']
    """
    held = set(hand)
    out = []
    for offset in (13, 12, 11, 10):   # king, queen, cavalier, jack
        out.extend(s * 14 + offset for s in range(4))
        if not all(s * 14 + offset in held for s in range(4)):
            break
    return out                 # kings first, then queens, ...: the usual call first


# ----- the poignée (FT-15, FT-16) ----------------------------------------------------------------
POIGNEE_SIZES = ftcards.POIGNEE_SIZES


def poignee_level(players: int, shown: int) -> int:
    """1, 2 or 3 (simple, double, triple) for exactly ``shown`` trumps; 0 for any other count."""
    sizes = POIGNEE_SIZES[players]
    return sizes.index(shown) + 1 if shown in sizes else 0


def poignee_problem(players: int, pool: Iterable[int], shown: Sequence[int]) -> tuple[str, str] | None:
    """``None`` if ``shown`` is a poignée this player may show, else ``(rule id, reason)``.
    ``pool`` is every trump the player may show: the hand's trumps and, for the taker, the trumps
    the discard forced out (FT-16)."""
    pool_set = {c for c in pool if c >= EXCUSE}
    sizes = POIGNEE_SIZES[players]
    if len(set(shown)) != len(shown):
        return "FT-15", "a trump is named twice in the poignée"
    for c in shown:
        if c < EXCUSE:
            return "FT-15", f"a poignée shows trumps only, and {text(c)} is not a trump"
        if c not in pool_set:
            return "FT-15", f"{text(c)} is not in your hand"
    if len(shown) not in sizes:
        names = ", ".join(f"{n} (" + ("simple", "double", "triple")[i] + ")" for i, n in enumerate(sizes))
        return "FT-15", (f"a poignée with {players} players shows exactly {names} trumps, "
                         f"not {len(shown)}")
    if EXCUSE in shown and set(shown) != pool_set:
        return "FT-16", "the Excuse may be shown in a poignée only when it completes all the trumps you hold"
    return None


def poignee_choices(players: int, pool: Iterable[int]) -> list[tuple[int, ...]]:
    """One poignée per size the player can show (FT-15): the lowest trumps, the Excuse only when it
    completes all the trumps held (FT-16).  Each in decreasing order, as it is shown.  Any other
    valid choice is accepted too (see :func:`poignee_problem`)."""
    trumps = sorted(c for c in pool if c > EXCUSE)
    out = []
    for size in POIGNEE_SIZES[players]:
        if len(trumps) >= size:
            out.append(tuple(reversed(trumps[:size])))
        elif EXCUSE in pool and len(trumps) + 1 == size:
            out.append(tuple(reversed(trumps)) + (EXCUSE,))
    return out


# ----- winning tricks and the Excuse (FT-22, FT-25, FT-26) ---------------------------------------
def settle_excuse(owed: tuple[int, int] | None, attack: Sequence[bool],
                  won: list[list[int]]) -> tuple[int, int] | None:
    """Give the half-point card the Excuse's side owes (FT-25), if its won cards hold one yet.

    ``owed`` is ``(seat that played the Excuse, seat that won the trick)``.  The card comes from
    the Excuse player's own pile first, then from a partner's; the lowest such card goes.
    Returns what is still owed (``None`` once paid).
    """
    if owed is None:
        return None
    giver, receiver = owed
    side = attack[giver]
    n = len(won)
    for seat in [giver] + [s for s in range(n) if s != giver and attack[s] == side]:
        pile = won[seat]
        low = [c for c in pile if c != EXCUSE and HALF_POINTS[c] == 1]
        if low:
            card = min(low)
            pile.remove(card)
            won[receiver].append(card)
            return None
    return owed


def resolve_trick(trick: Sequence[int], leader: int, is_last: bool, swept: bool,
                  attack: Sequence[bool], won: list[list[int]],
                  owed: tuple[int, int] | None) -> tuple[int, tuple[int, int] | None]:
    """Decide a finished trick and gather its cards; returns ``(winner seat, Excuse still owed)``.

    ``swept`` says the leader's side has won every earlier trick: then an Excuse led to the last
    trick wins it (FT-26).  Elsewhere the Excuse stays with its side, which owes a half-point card
    (FT-25); in the last trick it goes with the trick.  ``won`` (one pile per seat) is updated.

    >>> won = [[], [], [], []]
    >>> trick = [card_number(t) for t in ("KC", "T0", "3C", "5C")]
    >>> resolve_trick(trick, 0, False, False, [True, False, False, False], won, None)
    (0, (1, 0))
    >>> [[text(c) for c in pile] for pile in won]
    [['KC', '3C', '5C'], ['T0'], [], []]
    """
    n = len(won)
    if is_last and swept and trick[0] == EXCUSE:
        pos = 0
    else:
        pos = trick_winner(trick)
    winner = (leader + pos) % n
    if EXCUSE in trick and not is_last:
        xseat = (leader + trick.index(EXCUSE)) % n
        if attack[xseat] != attack[winner]:
            won[xseat].append(EXCUSE)
            won[winner].extend(c for c in trick if c != EXCUSE)
            owed = (xseat, winner)
        else:
            won[winner].extend(trick)
    else:
        won[winner].extend(trick)
    if owed is not None:
        owed = settle_excuse(owed, attack, won)
    return winner, owed


# ----- the end of the deal (FT-27 .. FT-39) ------------------------------------------------------
class Tally(tuple):
    """What the cards say at the end of a deal (``attack_half``, ``bouts``, ``petit_au_bout``,
    ``chelem``); the scoring module turns it into scores."""

    __slots__ = ()

    def __new__(cls, attack_half: int, bouts: int, petit_au_bout: str | None, chelem: str | None):
        return super().__new__(cls, (attack_half, bouts, petit_au_bout, chelem))

    attack_half = property(lambda self: self[0])
    bouts = property(lambda self: self[1])
    petit_au_bout = property(lambda self: self[2])
    chelem = property(lambda self: self[3])


def tally(contract: int, attack: Sequence[bool], won: Sequence[Sequence[int]],
          discard: Sequence[int], dog: Sequence[int], owed: tuple[int, int] | None,
          tricks: Sequence[tuple[int, Sequence[int], int]], chelem_announced: bool) -> Tally:
    """Count a finished deal.

    The attack holds its players' tricks, the discard and, on a garde sans, the dog; on a garde
    contre the dog is the defence's (FT-13, FT-27).  An Excuse exchange never paid (its side took
    no half-point card all deal) makes the Excuse count 4 and gives the opponents the half point
    (FT-25).  ``tricks`` are ``(leader, cards, winner)``: the last decides the Petit au bout
    (FT-29: with the Petit in it, whoever takes it; else, when the Excuse won the last under FT-26,
    the one before it) and all of them the chelem (FT-30, FT-38).
    """
    cards = [c for seat, pile in enumerate(won) if attack[seat] for c in pile]
    cards.extend(discard)
    if contract == GARDE_SANS:
        cards.extend(dog)
    half = sum(HALF_POINTS[c] for c in cards)
    if owed is not None:
        half += -1 if attack[owed[0]] else 1
    bouts = sum(1 for c in cards if c in BOUTS)
    leader, last, winner = tricks[-1]
    if PETIT not in last and last[0] == EXCUSE and winner == leader and len(tricks) > 1:
        _, last, winner = tricks[-2]     # the Excuse took the last trick (FT-26, FT-29)
    petit = None
    if PETIT in last:
        petit = "attack" if attack[winner] else "defence"
    sides = {attack[w] for _, _, w in tricks}
    chelem = None
    if sides == {True}:
        chelem = "announced_made" if chelem_announced else "unannounced_made"
    elif chelem_announced:
        chelem = "announced_failed"
    elif sides == {False}:
        chelem = "defence"
    return Tally(half, bouts, petit, chelem)


def score(players: int, contract: int, taker: int, partner: int, counted: Tally,
          poignees: Iterable[tuple[bool, int]]) -> DealScore:
    """The deal's :class:`DealScore` (FT-31 .. FT-39) from a :class:`Tally`; ``poignees`` are
    ``(shown by the attack?, trumps shown)``; ``partner`` is -1 when the taker plays alone."""
    return score_deal(
        players, CONTRACT_NAMES[contract], counted.bouts, half_points=counted.attack_half,
        petit_au_bout=counted.petit_au_bout,
        poignees=[("attack" if side else "defence", size) for side, size in poignees],
        chelem=counted.chelem, taker_alone=players == 5 and partner < 0,
        seats=(taker, partner) if partner >= 0 else taker)
