"""The class deck's card pictures for the shared tables: the default art, or the teacher's scans in
the class folder's ``deck/``; a version that changes with the deck; the same pictures TarotTable
draws."""

from __future__ import annotations

from tarot_learn.cards import Card
from tarot_learn.classroom.server.card_images import HEIGHT, ClassDeck
from tarot_learn.decks import default_deck
from tarot_learn.decks.sample import make_sample_scans


def test_a_class_without_a_deck_folder_draws_the_default_art(tmp_path) -> None:
    deck = ClassDeck(tmp_path)
    assert deck.deck is default_deck()
    assert deck.png("T21") == default_deck().card_png(Card.parse("T21"), HEIGHT, show_value=False)
    assert deck.png("back") == default_deck().back_png(HEIGHT) and deck.png("back").startswith(b"\x89PNG")


def test_the_teachers_scans_are_the_class_deck_and_change_its_version(tmp_path) -> None:
    plain = ClassDeck(tmp_path / "plain")
    make_sample_scans(tmp_path / "class" / "deck", "T19 NC", height=120)
    scans = ClassDeck(tmp_path / "class")
    assert scans.deck.has_own(Card.parse("T19")) and scans.version != plain.version
    assert scans.png("T19") != plain.png("T19")                  # the scan, not the default art
    assert scans.png("T20") == plain.png("T20")                  # a card with no scan keeps the default art


def test_an_unreadable_deck_folder_leaves_the_default_art(tmp_path) -> None:
    (tmp_path / "deck").mkdir()
    (tmp_path / "deck" / "T21.png").write_bytes(b"not a picture")
    deck = ClassDeck(tmp_path)
    assert deck.png("T21").startswith(b"\x89PNG")
