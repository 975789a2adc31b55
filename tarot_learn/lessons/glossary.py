"""The English/French glossary of the lessons, and the deck traditions' names for the same cards.

Where the engine names a thing (suits, courts, the bouts, contracts, poignées, rule ids), the entry
is read from the engine, so the glossary cannot drift from what the boards and lessons print; the
rest are the players' usual words.  ``docs/glossary.md`` is made from it::

    python -m tarot_learn.lessons.glossary docs/glossary.md          # write it
    python -m tarot_learn.lessons.glossary --check docs/glossary.md  # exit 1 if it is out of date

>>> next(t for t in terms() if t.english == "Knight (tarot pack)").french
'Cavalier'
>>> next(t for t in terms() if t.english == "Cups").french
'Coupes'
>>> suit_names()["Pentacles"]["Marseille (French)"]
'Deniers'
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from tarot_learn.cards import TRUMP_NAMES, Card, Suit, roman, tarot_deck
from tarot_learn.errors import OptionError
from tarot_learn.games.french_tarot.cards import BOUTS, EXCUSE, POIGNEE_NAMES, POIGNEE_SIZES
from tarot_learn.games.french_tarot.scoring import CONTRACT_LABELS, CONTRACTS, MULTIPLIERS

__all__ = ["Term", "terms", "markdown", "suit_names", "court_names", "MARSEILLE_TRUMPS",
           "MARSEILLE_NUMBERS", "EXCUSE_MARK", "main"]


@dataclass(frozen=True)
class Term:
    """One glossary line: the English word, the French one, the section, a short note, and the
    notation or rule id a learner types or meets (may be empty)."""

    english: str
    french: str
    section: str
    note: str = ""
    seen_as: str = ""


_SUITS = (Suit.WANDS, Suit.CUPS, Suit.SWORDS, Suit.PENTACLES)
# The suit names of other traditions (the engine knows the Rider-Waite ones and French Tarot's).
_OTHER_SUIT_NAMES = {
    Suit.WANDS: {"Marseille (English)": "Batons", "Marseille (French)": "Bâtons", "Italian": "Bastoni",
                 "other decks": "Rods, Staves"},
    Suit.CUPS: {"Marseille (English)": "Cups", "Marseille (French)": "Coupes", "Italian": "Coppe",
                "other decks": "Chalices"},
    Suit.SWORDS: {"Marseille (English)": "Swords", "Marseille (French)": "Épées", "Italian": "Spade",
                  "other decks": "—"},
    Suit.PENTACLES: {"Marseille (English)": "Coins", "Marseille (French)": "Deniers", "Italian": "Denari",
                     "other decks": "Disks, Discs"},
}
# The Marseille pattern's French titles by engine trump number (the engine follows Rider-Waite's
# numbering, so Justice is T11 and Strength T8 here even though Marseille prints VIII and XI).
MARSEILLE_TRUMPS: dict[int, str] = {
    0: "Le Mat", 1: "Le Bateleur", 2: "La Papesse", 3: "L'Impératrice", 4: "L'Empereur", 5: "Le Pape",
    6: "L'Amoureux", 7: "Le Chariot", 8: "La Force", 9: "L'Hermite", 10: "La Roue de Fortune",
    11: "La Justice", 12: "Le Pendu", 13: "L'Arcane sans nom", 14: "Tempérance", 15: "Le Diable",
    16: "La Maison Dieu", 17: "L'Étoile", 18: "La Lune", 19: "Le Soleil", 20: "Le Jugement", 21: "Le Monde",
}
# The number a Marseille-pattern deck prints on a trump, where it differs from the engine's
# (None: the card carries no number).
MARSEILLE_NUMBERS: dict[int, int | None] = {0: None, 8: 11, 11: 8}
# What a French Tarot pack prints on the Excuse instead of a number (FFT 2012 p.2: "une carte
# marquée d'une étoile").
EXCUSE_MARK = "a star"


def suit_names() -> dict[str, dict[str, str]]:
    """Each suit's name in each tradition, keyed by the engine's (Rider-Waite) name."""
    out = {}
    for suit in _SUITS:
        king = Card(suit, 14)
        out[suit.title] = {"Rider-Waite": suit.title, **_OTHER_SUIT_NAMES[suit],
                           "French Tarot (English)": king.french_name.split(" of ")[1],
                           "French Tarot (French)": king.french_name_fr.split(" de ")[1]}
    return out


def court_names() -> dict[str, dict[str, str]]:
    """Each court rank's names: the engine's tarot name, French Tarot's in English and French."""
    out = {}
    for rank in (11, 12, 13, 14):
        card = Card(Suit.CUPS, rank)
        out[card.rank_name] = {"Rider-Waite": card.rank_name,
                               "French Tarot (English)": card.french_name.split(" of ")[0],
                               "French Tarot (French)": card.french_name_fr.split(" de ")[0],
                               "notation letter": str(card)[0]}
    return out


def _card_terms() -> list[Term]:
    # A tarot suit's French name is the tarot one (Bâtons for Wands); French Tarot players borrow the
    # playing-card suits' names (Trèfle, Clubs) instead, which the note gives.
    out = [Term(n["Rider-Waite"], n["Marseille (French)"], "The cards",
                f"Marseille decks {n['Marseille (English)']}; French Tarot players say "
                f"{n['French Tarot (French)']} ({n['French Tarot (English)']})",
                Card(Suit[name.upper()], 14).suit.letter)
           for name, n in suit_names().items()]
    for rank, n in court_names().items():
        note = "" if n["French Tarot (English)"] == rank else f"French Tarot says {n['French Tarot (English)']}"
        out.append(Term(f"{rank} (tarot pack)", n["French Tarot (French)"], "The cards", note, n["notation letter"]))
    ace = Card(Suit.CUPS, 1)
    out.append(Term(ace.rank_name, ace.french_name_fr.split(" de ")[0], "The cards", "", "A"))
    atouts = [c for c in tarot_deck() if c.is_trump and c != EXCUSE]
    out.append(Term("trump", "atout", "The cards",
                    f"the {len(atouts)} cards numbered {atouts[0].rank} to {atouts[-1].rank}; the Excuse "
                    f"({EXCUSE}) is not one", f"{atouts[0]} .. {atouts[-1]}"))
    for card in BOUTS:
        out.append(Term(card.french_name, card.french_name_fr, "The cards",
                        f"{card.title} ({roman(card.rank)}); a bout", str(card)))
    out.append(Term("bout (oudler)", "bout", "The cards", ", ".join(c.french_name for c in BOUTS), "FT-31"))
    return out


def _game_terms() -> list[Term]:
    label = {"prise": "take", "garde": "guard", "garde_sans": "guard without the dog",
             "garde_contre": "guard against the dog"}
    out = [Term(label[k], CONTRACT_LABELS[k], "Bidding", f"a contract, x{MULTIPLIERS[k]}", f"bid {k}")
           for k in CONTRACTS]
    out += [Term("to pass", "passer", "Bidding", "", "bid pass"),
            Term("taker", "preneur", "Bidding", "the player whose bid won", "FT-6"),
            Term("called king", "roi appelé", "Bidding", "five players: its holder is the taker's partner", "FT-8"),
            Term("dog", "chien", "Bidding", "the cards set aside at the deal", "FT-3"),
            Term("discard", "écart", "Bidding", "the cards the taker lays away after taking the dog", "FT-11"),
            Term("trick", "pli", "Play", "one card from each player", "FT-22"),
            Term("to lead", "entamer", "Play", "play the trick's first card", "FT-17"),
            Term("to follow suit", "fournir", "Play", "", "FT-18"),
            Term("to trump", "couper", "Play", "", "FT-19"),
            Term("to overtrump", "monter", "Play", "play a higher trump than those in the trick", "FT-20"),
            Term("to discard (in a trick)", "se défausser", "Play", "no card of the suit and no trump", "FT-21"),
            Term("deal", "donne", "Play", "", "FT-3"),
            Term("dealer", "donneur", "Play", "", "FT-2"),
            Term("attack", "attaque", "Scoring", "the taker and, with five players, the partner", "FT-27"),
            Term("defence", "défense", "Scoring", "the other players", "FT-27")]
    sizes = POIGNEE_SIZES[4]
    out += [Term(f"{name} poignée", f"poignée {name}", "Scoring", f"{size} trumps shown with four players",
                 "FT-15") for name, size in zip(POIGNEE_NAMES, sizes)]
    out += [Term("Petit au bout", "petit au bout", "Scoring", "the Petit in the last trick", "FT-29"),
            Term("slam", "chelem", "Scoring", "every trick", "FT-30"),
            Term("score sheet", "feuille de marque", "Scoring", "", "FT-40")]
    return out


def _patience_terms() -> list[Term]:
    return [Term("patience (solitaire)", "réussite", "Patience", "a card game for one player"),
            Term("column", "colonne", "Patience", "", "t1"),
            Term("foundation", "fondation", "Patience", "", "f1"),
            Term("stock", "talon", "Patience", "", "s"),
            Term("waste", "défausse", "Patience", "", "w"),
            Term("to redeal", "redistribuer", "Patience", "turn the waste over into a new stock")]


def terms() -> list[Term]:
    """Every glossary term, section by section."""
    return _card_terms() + _game_terms() + _patience_terms()


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def markdown() -> str:
    """``docs/glossary.md``: the terms by section, then the traditions' names for suits and trumps."""
    lines = ["# Glossary: English and French", "",
             "Made by `python -m tarot_learn.lessons.glossary docs/glossary.md` from the engine's own "
             "names (a test fails when this page is out of date). Lesson "
             "[10_decks](../notebooks/10_decks.ipynb) explains how decks differ.", ""]
    sections: dict[str, list[Term]] = {}
    for term in terms():
        sections.setdefault(term.section, []).append(term)
    for section, items in sections.items():
        lines += [f"## {section}", "", "| English | French | Notes | Written / rule |", "|---|---|---|---|"]
        lines += [f"| {_cell(t.english)} | {_cell(t.french)} | {_cell(t.note)} | "
                  f"{'`' + t.seen_as + '`' if t.seen_as else ''} |" for t in items]
        lines.append("")
    names = suit_names()
    kinds = list(next(iter(names.values())))
    lines += ["## Suit names across traditions", "", "| " + " | ".join(kinds) + " |",
              "|" + "---|" * len(kinds)]
    lines += ["| " + " | ".join(n[k] for k in kinds) + " |" for n in names.values()]
    lines += ["", "## Trumps: English and Marseille (French) titles", "",
              "| Notation | English | Marseille title | Marseille prints |", "|---|---|---|---|"]
    for n, name in enumerate(TRUMP_NAMES):
        printed = MARSEILLE_NUMBERS.get(n, n)
        lines.append(f"| `T{n}` | {name} | {MARSEILLE_TRUMPS[n]} | "
                     f"{'no number' if printed is None else roman(printed) if printed else '0'} |")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """Write the glossary to a file (or, with ``--check``, say whether the file is up to date)."""
    parser = argparse.ArgumentParser(prog="python -m tarot_learn.lessons.glossary",
                                     description="Write the English/French glossary as Markdown.")
    parser.add_argument("path", help="the Markdown file to write, e.g. docs/glossary.md")
    parser.add_argument("--check", action="store_true", help="only check that the file is up to date")
    args = parser.parse_args(argv)
    path, text = Path(args.path), markdown()
    if args.check:
        current = path.read_text(encoding="utf-8") if path.is_file() else None
        if current != text:
            print(f"{path} is out of date: run python -m tarot_learn.lessons.glossary {path}", file=sys.stderr)
            return 1
        return 0
    if path.is_dir():
        raise OptionError(f"{path} is a folder: give the Markdown file to write, e.g. {path / 'glossary.md'}")
    path.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
