"""The play adviser at TarotTable in a real browser (Voila): on your turn in the play, "Advice"
names a card, gives every legal card of your hand its expected score and says why; playing the
advised card by clicking it is accepted."""

from __future__ import annotations

import re

try:   # tests/ as a package (tests/__init__.py) or as plain folders on sys.path
    from tests.browser.boardkit import act_locator, open_in_voila
except ImportError:
    from boardkit import act_locator, open_in_voila

ROOT = ".tt-table"


def explain_text(page) -> str:
    return page.locator(".tl-explain").first.inner_text()


def test_advice_shows_every_legal_cards_score_and_the_advised_card_is_accepted(page, voila, console_errors):
    open_in_voila(page, voila, "tarot_table", root_sel=ROOT)
    act_locator(page, page.locator(".tl-btn-pass").first, root_sel=ROOT)
    page.wait_for_selector(f"{ROOT}[data-phase=playing][data-to-play='0']", timeout=30_000)
    legal = page.locator(".tt-hand .tt-legal").evaluate_all(
        "els => els.map(e => [e.dataset.card, e.alt])")
    assert legal, "your turn in the play lights at least one card"

    act_locator(page, page.locator(".tl-btn-advice").first, root_sel=ROOT)
    page.wait_for_function("() => document.querySelector('.tl-explain').textContent.includes('Advice: play the')",
                           timeout=30_000)
    text = explain_text(page)
    for _code, name in legal:               # every legal card with its expected score
        assert re.search(re.escape(name) + r" [+-]\d+\.\d", text), (name, text)
    advised = re.search(r"Advice: play the (.+?)\. (.+?) Expected score", text)
    assert advised and len(advised.group(2)) > 20, text     # the card, then a sentence saying why
    code = next(code for code, name in legal if name == advised.group(1))

    hand = int(page.locator(".tt-me").get_attribute("data-count"))
    act_locator(page, page.locator(f'.tt-hand [data-card="{code}"]').first, root_sel=ROOT)
    page.wait_for_function("() => document.querySelector('.tl-explain').textContent.includes('You play the')",
                           timeout=30_000)
    assert f"You play the {advised.group(1)}." in explain_text(page)
    assert int(page.locator(".tt-me").get_attribute("data-count")) == hand - 1
    assert not [e for e in console_errors if "Failed to load resource" not in e and "favicon" not in e]
