"""Card art and board pictures (tarot_learn.render): sizes, distinctness, pips, styles, caching,
fonts, boards and bad input."""

from __future__ import annotations

import hashlib
import io
import subprocess
import sys
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageFilter, ImageFont

from tarot_learn.cards import Card, Suit, double_deck, parse_cards, standard_deck, tarot_deck
from tarot_learn.errors import CardError, OptionError
from tarot_learn.games.solitaire import PatienceObservation
from tarot_learn.observation import Observation, Pile, Role
from tarot_learn.render import (ASPECT, back_image, board_image, board_png, card_image, card_png,
                                card_size, clear_cache, pip_layout, sprite_sheet)
from tarot_learn.render import fonts
from tarot_learn.render.face import detail_for, rank_text, value_text
from tarot_learn.render.images import margin_for
from tarot_learn.render.palette import HIGHLIGHT, PAPER, suit_ink

ALL_FACES = tarot_deck() + double_deck()


def digest(img: Image.Image) -> str:
    return hashlib.sha256(img.tobytes()).hexdigest()


def hex_rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


# ----- every card, both packs --------------------------------------------------------------------

@pytest.mark.parametrize("height", [64, 280])
def test_every_card_of_both_packs_renders_at_the_right_size_and_mode(height):
    for card in ALL_FACES:
        img = card_image(card, height)
        assert img.mode == "RGBA"
        assert img.size == (round(height * ASPECT), height) == card_size(height)
        # The card body is opaque in the middle and the margin is see-through at the corners.
        w, h = img.size
        assert img.getpixel((w // 2, h // 2))[3] == 255
        assert img.getpixel((0, 0))[3] < 128


@pytest.mark.parametrize("height", [120, 280])
def test_all_78_tarot_faces_differ(height):
    digests = {digest(card_image(c, height)) for c in tarot_deck()}
    assert len(digests) == 78


def test_all_52_standard_faces_differ_and_differ_from_tarot_namesakes():
    std = {digest(card_image(c, 120)) for c in standard_deck()}
    assert len(std) == 52
    # 'KS' is the King of Swords and the King of Spades: two different pictures.
    assert digest(card_image(Card.parse("KS"), 120)) != digest(
        card_image(Card.parse("KS", "standard"), 120))


def test_second_copy_of_a_double_pack_card_looks_the_same():
    for card in double_deck()[52:]:
        twin = Card(card.suit, card.rank, 0)
        assert card.copy == 1
        assert card_image(card, 90).tobytes() == card_image(twin, 90).tobytes()
        assert card_png(card, 90) == card_png(twin, 90)


# ----- pips ---------------------------------------------------------------------------------

@pytest.mark.parametrize("n", range(1, 11))
def test_pip_layout_has_n_distinct_positions_symmetric_about_the_centre(n):
    spots = pip_layout(n)
    assert len(spots) == n
    assert len({(x, y) for x, y, _ in spots}) == n
    assert all(0 <= x <= 1 and 0 <= y <= 1 for x, y, _ in spots)
    # The classic arrangements read the same upside down, except the 7: a 6 with one extra pip
    # in the upper half.
    places = {(round(x, 6), round(y, 6)) for x, y, _ in spots}
    if n == 7:
        six = {(round(x, 6), round(y, 6)) for x, y, _ in pip_layout(6)}
        assert places - six == {(0.5, 0.25)}
    else:
        assert {(round(1 - x, 6), round(1 - y, 6)) for x, y in places} == places
    # Lower-half pips are printed upside down, the rest upright.
    assert all(down == (y > 0.5) for _, y, down in spots)


@pytest.mark.parametrize("bad", [0, 11, -1, 2.0, True, "3"])
def test_pip_layout_rejects_what_is_not_a_pip_count(bad):
    with pytest.raises(OptionError, match="from 1 to 10"):
        pip_layout(bad)


def _blobs(img: Image.Image, inked, min_area: int = 60) -> int:
    """Connected regions (4-neighbour) of at least ``min_area`` pixels for which ``inked(rgba)``
    holds; smaller specks (antialiased tips of a masked corner index) are not pips."""
    w, h = img.size
    px = img.load()
    seen = [[False] * w for _ in range(h)]
    count = 0
    for y0 in range(h):
        for x0 in range(w):
            if seen[y0][x0] or not inked(px[x0, y0]):
                continue
            area = 0
            queue = deque([(x0, y0)])
            seen[y0][x0] = True
            while queue:
                x, y = queue.popleft()
                area += 1
                for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                    if 0 <= nx < w and 0 <= ny < h and not seen[ny][nx] and inked(px[nx, ny]):
                        seen[ny][nx] = True
                        queue.append((nx, ny))
            count += area >= min_area
    return count


def _pip_field(card: Card, height: int = 300) -> Image.Image:
    """The card with its border and both corner indices painted over in paper colour."""
    img = card_image(card, height).copy()
    w, h = img.size
    m = margin_for(height)
    paper = hex_rgb(PAPER) + (255,)
    field = Image.new("RGBA", img.size, paper)
    # Keep the inside of the card, away from the rounded edge line ...
    field.paste(img.crop((m + 8, m + 8, w - m - 8, h - m - 8)), (m + 8, m + 8))
    # ... and blank the two corner indices (rank and suit sign).
    bw, bh = round(w * 0.2), round(h * 0.22)
    field.paste(paper, (0, 0, bw, bh))
    field.paste(paper, (w - bw, h - bh, w, h))
    return field


@pytest.mark.parametrize("suit", [Suit.WANDS, Suit.CUPS, Suit.SWORDS, Suit.PENTACLES,
                                  Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS])
def test_number_cards_show_as_many_separate_pips_as_their_rank(suit):
    for rank in range(2, 11):
        card = Card(suit, rank)
        field = _pip_field(card)
        # Ink mask: anything clearly darker or more colourful than the paper; then a small
        # closing joins the parts of one symbol (a disc's ring and its starred centre) across
        # hairline gaps while separate pips stay apart.
        diff = ImageChops.difference(field.convert("RGB"), Image.new("RGB", field.size, PAPER))
        red, green, blue = diff.split()
        total = ImageChops.add(ImageChops.add(red, green), blue)   # clips at 255
        mask = total.point(lambda v: 255 if v > 90 else 0)
        mask = mask.filter(ImageFilter.MaxFilter(3)).filter(ImageFilter.MinFilter(3))
        assert _blobs(mask, lambda v: v > 0) == rank, str(card)


# ----- styles ------------------------------------------------------------------------------------

def test_highlight_and_dim_differ_from_normal_and_keep_the_size():
    card = Card.parse("T19")
    normal, hi, dim = (card_image(card, 200, style=s) for s in ("normal", "highlight", "dim"))
    assert len({digest(normal), digest(hi), digest(dim)}) == 3
    assert normal.size == hi.size == dim.size
    # Dim is grey: red, green and blue are equal everywhere.
    red, green, blue, _ = dim.split()
    assert ImageChops.difference(red, green).getbbox() is None
    assert ImageChops.difference(green, blue).getbbox() is None
    # Highlight puts the highlight colour on the card's edge (left middle of the body).
    m = margin_for(200)
    r, g, b, _ = hi.getpixel((m + 1, 100))
    assert hi.getpixel((m + 1, 100)) != normal.getpixel((m + 1, 100))
    hr, hg, hb = hex_rgb(HIGHLIGHT)
    assert abs(r - hr) + abs(g - hg) + abs(b - hb) < 40


def test_backs_have_styles_too_and_look_unlike_any_face():
    backs = [back_image(150, s) for s in ("normal", "highlight", "dim")]
    assert len({digest(b) for b in backs}) == 3
    faces = {digest(card_image(c, 150)) for c in tarot_deck()}
    assert digest(backs[0]) not in faces
    assert backs[0].size == card_size(150)


def test_show_value_badge_only_changes_trumps_and_tarot_courts():
    for text in ("T19", "T0", "NC", "PW"):
        card = Card.parse(text)
        assert digest(card_image(card, 280)) != digest(card_image(card, 280, show_value=False))
    for card in (Card.parse("7C"), Card.parse("AW"), Card.parse("KS", "standard")):
        assert digest(card_image(card, 280)) == digest(card_image(card, 280, show_value=False))


def test_badge_text_comes_from_the_numerology():
    from tarot_learn.numerology import playing_value
    for card in tarot_deck():
        text = value_text(card)
        if card.is_fool:
            assert text == "wild"
        elif card.is_trump or card.is_court:
            assert text == f"plays as {playing_value(card)}"
        else:
            assert text is None


def test_four_colour_changes_diamonds_and_clubs_only():
    for text, changes in (("7D", True), ("QC", True), ("7H", False), ("QS", False)):
        card = Card.parse(text, "standard")
        same = digest(card_image(card, 120)) == digest(card_image(card, 120, four_colour=True))
        assert same is not changes, text
    assert suit_ink(Suit.DIAMONDS, True).fill != suit_ink(Suit.HEARTS, True).fill


def test_suits_differ_in_colour_and_in_shape():
    # Colour: the four tarot suits and the trumps have five different main colours.
    fills = {suit_ink(s).fill for s in (Suit.WANDS, Suit.CUPS, Suit.SWORDS, Suit.PENTACLES,
                                        Suit.TRUMPS)}
    assert len(fills) == 5
    # Shape: a greyed Ace of each suit still differs from every other greyed Ace.
    aces = [Card(s, 1) for s in (Suit.WANDS, Suit.CUPS, Suit.SWORDS, Suit.PENTACLES)]
    greys = {digest(card_image(c, 160, style="dim")) for c in aces}
    assert len(greys) == 4


# Machado, Oliveira and Fernandes (2009) simulation matrices, severity 1, on linear RGB.
_CVD = {
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def _seen_as(colour: str, matrix) -> tuple[float, ...]:
    def lin(v):
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    def enc(v):
        v = min(1.0, max(0.0, v))
        return 255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055)

    rgb = [lin(c) for c in hex_rgb(colour)]
    return tuple(enc(sum(row[i] * rgb[i] for i in range(3))) for row in matrix)


@pytest.mark.parametrize("kind", sorted(_CVD))
def test_tarot_suit_colours_stay_apart_for_colour_blind_players(kind):
    suits = (Suit.WANDS, Suit.CUPS, Suit.SWORDS, Suit.PENTACLES)
    seen = {s: _seen_as(suit_ink(s).fill, _CVD[kind]) for s in suits}
    for i, a in enumerate(suits):
        for b in suits[i + 1:]:
            gap = sum((x - y) ** 2 for x, y in zip(seen[a], seen[b])) ** 0.5
            assert gap > 40, (kind, a.title, b.title, round(gap))


def test_index_text_meets_wcag_contrast_on_the_paper():
    from tarot_learn.render.palette import TRUMP

    def luminance(colour):
        def lin(v):
            v /= 255
            return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
        r, g, b = (lin(c) for c in hex_rgb(colour))
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    def contrast(a, b):
        hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
        return (hi + 0.05) / (lo + 0.05)

    inks = [suit_ink(s, four).ink for s in Suit for four in (False, True)] + [TRUMP.text]
    assert min(contrast(ink, PAPER) for ink in inks) >= 4.5   # WCAG AA for small text


def test_corner_index_text():
    assert [rank_text(c) for c in parse_cards("AW 10C PS NP QW KC T0 T21")] == [
        "A", "10", "P", "N", "Q", "K", "0", "21"]
    assert [rank_text(c) for c in parse_cards("JH 10D' KS'", "standard")] == ["J", "10", "K"]


def test_detail_levels_follow_the_size():
    assert [detail_for(h) for h in (300, 180, 179, 90, 89, 20)] == [
        "full", "full", "small", "small", "tiny", "tiny"]


@settings(max_examples=12, deadline=None)
@given(card=st.sampled_from(ALL_FACES), height=st.integers(20, 1300),
       style=st.sampled_from(["normal", "highlight", "dim"]))
def test_any_height_gives_an_image_of_that_height(card, height, style):
    img = card_image(card, height, style=style)
    assert img.size == (max(1, round(height * ASPECT)), height)
    assert img.getpixel((img.width // 2, height // 2))[3] == 255


# ----- caching and PNG ----------------------------------------------------------------------

def test_cache_returns_the_same_object_and_clear_cache_forgets_it():
    card = Card.parse("QP")
    a = card_image(card, 210)
    assert card_image(card, 210) is a
    assert card_image(card, 210, style="dim") is card_image(card, 210, style="dim")
    assert back_image(210) is back_image(210)
    png = card_png(card, 210)
    assert card_png(card, 210) is png
    clear_cache()
    b = card_image(card, 210)
    assert b is not a and b.tobytes() == a.tobytes()


def test_a_tiny_cache_budget_still_gives_the_right_pictures(monkeypatch):
    from tarot_learn.render import images
    from tarot_learn.render.cache import ByteLRU
    card = Card.parse("NS")
    expected = {s: card_image(card, 140, style=s).tobytes() for s in ("normal", "highlight", "dim")}
    monkeypatch.setattr(images, "_IMAGES", ByteLRU(budget=1))   # keeps only the newest entry
    for style in ("normal", "highlight", "dim", "highlight", "normal"):
        assert card_image(card, 140, style=style).tobytes() == expected[style]
    assert len(images._IMAGES) == 1


def test_card_png_is_a_png_of_the_image():
    card = Card.parse("T13")
    data = card_png(card, 150)
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG" and img.size == card_size(150)
    assert img.convert("RGBA").tobytes() == card_image(card, 150).tobytes()


def test_card_repr_png_uses_the_renderer_lazily():
    code = ("import sys, tarot_learn.games; from tarot_learn.cards import Card; "
            "assert 'PIL' not in sys.modules; data = Card.parse('T19')._repr_png_(); "
            "assert 'PIL' in sys.modules and data[:4] == b'\\x89PNG'; print('ok')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr


# ----- sprite sheet ------------------------------------------------------------------------------

def test_sprite_sheet_rectangles_hold_each_card_and_the_back():
    cards = parse_cards("AS 7H 7H' KD", "standard")
    sheet, where = sprite_sheet(cards, 80, columns=2)
    assert set(where) == {"AS", "7H", "7H'", "KD", "back"}
    assert where["7H"] == where["7H'"]                      # look-alike copies share a cell
    assert len(set(where.values())) == 4
    for name, (x, y, w, h) in where.items():
        crop = sheet.crop((x, y, x + w, y + h))
        expect = back_image(80) if name == "back" else card_image(
            Card.parse(name, "standard"), 80)
        assert crop.tobytes() == expect.tobytes(), name
    assert sheet.size == (2 * card_size(80)[0], 2 * 80)


def test_sprite_sheet_of_the_whole_tarot_pack():
    sheet, where = sprite_sheet(tarot_deck(), 60)
    assert len(where) == 79
    assert sheet.size == (14 * card_size(60)[0], 6 * 60)   # 79 cells, 14 to a row


# ----- fonts -------------------------------------------------------------------------------------

def test_bundled_font_loads_from_the_package_not_the_system(monkeypatch):
    opened = []
    real = ImageFont.truetype

    def spy(source, *args, **kwargs):
        opened.append(source)
        return real(source, *args, **kwargs)

    monkeypatch.setattr(ImageFont, "truetype", spy)
    fonts.font.cache_clear()
    try:
        regular, bold = fonts.font(31), fonts.font(31, bold=True)
    finally:
        fonts.font.cache_clear()
    assert regular.getname() == ("DejaVu Sans", "Book")
    assert bold.getname() == ("DejaVu Sans", "Bold")
    # Fonts come in as bytes read from the package, never as a file name to look up.
    assert opened and all(not isinstance(src, (str, bytes)) for src in opened)
    assert fonts.font_bytes()[:4] == b"\x00\x01\x00\x00"  # a TrueType file


def test_font_files_and_licence_ship_inside_the_package():
    from importlib import resources
    folder = resources.files("tarot_learn.render") / "fonts"
    names = {p.name for p in folder.iterdir()}
    assert {"DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "LICENSE-DejaVu.txt"} <= names
    assert "Bitstream" in (folder / "LICENSE-DejaVu.txt").read_text()


# ----- boards ------------------------------------------------------------------------------------

def _patience_observation(**changes) -> PatienceObservation:
    """A hand-made patience as its player sees it: 5 face-down stock cards, a waste of four,
    a foundation with its ace, a column of two face-down and two face-up cards, an empty column."""
    piles = {p.id: p for p in (
        Pile("s", Role.STOCK, "Stock", hidden=5),
        Pile("w", Role.WASTE, "Waste", cards=tuple(parse_cards("AW T19 NC 2P"))),
        Pile("f1", Role.FOUNDATION, "Wands"),
        Pile("f2", Role.FOUNDATION, "Cups", cards=(Card.parse("AC"),)),
        Pile("t1", Role.TABLEAU, "t1", hidden=2, cards=tuple(parse_cards("KS QC"))),
        Pile("t2", Role.TABLEAU, "t2"),
    )}
    piles.update(changes)
    return PatienceObservation(game="demo", title="Demo patience", player=0, current_player=0,
                               piles=tuple(piles.values()), status="your move", moves_made=4)


def _find(board: Image.Image, card: Image.Image) -> bool:
    """Whether the middle block of ``card`` (half its width, a third of its height) appears,
    pixel for pixel, somewhere in ``board``."""
    w, h = card.size
    x0, x1, y0, y1 = w // 4, 3 * w // 4, h // 3, 2 * h // 3
    rows = [card.crop((x0, y, x1, y + 1)).tobytes() for y in range(y0, y1)]
    bw = board.width
    data = board.tobytes()
    stride = bw * 4
    start = data.find(rows[0])
    while start != -1:
        if start % 4 == 0:
            y, x = divmod(start // 4, bw)
            if x + (x1 - x0) <= bw and all(
                    data[(y + i) * stride + 4 * x:(y + i) * stride + 4 * x + len(r)] == r
                    for i, r in enumerate(rows)):
                return True
        start = data.find(rows[0], start + 1)
    return False


def test_board_image_from_a_hand_made_patience_observation():
    img = board_image(_patience_observation(), 100, marks={"t1": "highlight"})
    assert img.mode == "RGBA"
    cw, ch = card_size(100)
    assert img.width >= 5 * cw and img.height >= 2 * ch
    # The top card of the waste and a face-down card are drawn; the waste's buried AW is not.
    assert _find(img, card_image(Card.parse("2P"), 100))
    assert _find(img, back_image(100))
    assert not _find(img, card_image(Card.parse("AW"), 100))
    assert _find(img, card_image(Card.parse("QC"), 100, style="highlight"))


def test_board_accepts_a_state_and_its_observation_alike():
    from tarot_learn import games

    state = games.new("klondike", seed=4)
    # A State's picture is its observation's: no deal code unless asked (it would name the shuffle).
    assert board_image(state, 60).tobytes() == board_image(state.observation(), 60).tobytes()
    assert board_image(state, 60, deal_code=state.deal_code).tobytes() != board_image(state, 60).tobytes()
    png = board_png(state, 60)
    assert Image.open(io.BytesIO(png)).size == board_image(state, 60).size


@pytest.mark.parametrize("game", ["tarot-solitaire", "klondike", "american-toad"])
def test_a_board_picture_never_depends_on_face_down_cards(game):
    """Twin positions (the face-down cards in another order) give the same picture, drawn
    with backs where the cards lie face down."""
    from tarot_learn import games

    def twin(text):
        out = []
        for line in text.splitlines():
            pile, sep, rest = line.partition(":")
            if "[" in rest:
                head, _, tail = rest.partition("[")
                inner, _, after = tail.partition("]")
                rest = f"{head}[{' '.join(reversed(inner.split()))}]{after}"
            elif pile.strip() == "s":
                rest = " " + " ".join(reversed(rest.split()))
            out.append(pile + sep + rest)
        return "\n".join(out) + "\n"

    layout = games.new(game, seed=8).layout()
    one, two = games.from_layout(game, layout), games.from_layout(game, twin(layout))
    assert one.key() != two.key()
    assert board_image(one, 50).tobytes() == board_image(two, 50).tobytes()
    obs = one.observation()
    hidden_somewhere = [p for p in obs.piles if p.hidden]
    assert hidden_somewhere and _find(board_image(one, 50), back_image(50))


def test_french_tarot_board_shows_only_the_players_cards():
    from tarot_learn import games

    state = games.new("french-tarot", seed=3)
    for player in (0, 2):
        obs = state.observation(player)
        img = board_image(state, 50, player=player)
        assert img.tobytes() == board_image(obs, 50).tobytes()
        mine = obs.hand
        other = state.observation((player + 1) % state.num_players()).hand
        assert _find(img, card_image(mine[-1], 50))              # the top of the fan is whole
        assert not _find(img, card_image(other[-1], 50))         # another seat's card never shows
        assert _find(img, back_image(50))


def test_board_draws_rows_for_hands_and_tricks():
    obs = Observation(game="french-tarot", title="Table", player=0, current_player=0,
                      status="South to play", piles=(
                          Pile("hand:1", Role.HAND, "West's hand", hidden=18, owner=1),
                          Pile("hand:0", Role.HAND, "Your hand", owner=0,
                               cards=tuple(parse_cards("T1 T21 KC 5W 6W 7W 8W 3P"))),
                          Pile("trick", Role.TRICK, "Trick", cards=tuple(parse_cards("NC T8 4C")),
                               played_by=(1, 2, 3)),
                          Pile("dog", Role.DOG, "Dog")))
    img = board_image(obs, 90)
    assert _find(img, card_image(Card.parse("3P"), 90))   # the top of a fan is whole
    assert not _find(img, card_image(Card.parse("T1"), 90))   # ... the cards under it are not
    assert _find(img, back_image(90))
    for text in ("NC", "T8", "4C"):                        # a trick lies side by side
        assert _find(img, card_image(Card.parse(text), 90)), text
    # an empty dog is left out; the observer's hand comes first
    without_dog = Observation(game="french-tarot", title="Table", player=0, current_player=0,
                              status="South to play", piles=obs.piles[:3])
    assert board_image(without_dog, 90).tobytes() == img.tobytes()
    mine_first = Observation(game="french-tarot", title="Table", player=0, current_player=0,
                             status="South to play", piles=(obs.piles[1], obs.piles[0], obs.piles[2]))
    assert board_image(mine_first, 90).tobytes() == img.tobytes()


def test_board_from_real_games_if_present():
    from tarot_learn import games
    for name in games.names():
        state = games.new(name, seed=7)
        img = board_image(state, 70)
        assert img.width > 100 and img.height > 100, name
        assert state._repr_png_()[:4] == b"\x89PNG"


def test_an_empty_pile_can_be_highlighted_as_a_destination():
    obs = _patience_observation()
    a, b = board_image(obs, 80), board_image(obs, 80, marks={"t2": "highlight"})
    assert a.size == b.size and a.tobytes() != b.tobytes()
    hr, hg, hb = hex_rgb(HIGHLIGHT)

    def count(img):
        return dict((c, n) for n, c in img.getcolors(1 << 20)).get((hr, hg, hb, 255), 0)

    assert count(b) > count(a) + 100   # a ring of highlight colour round the empty place
    with pytest.raises(OptionError, match="style"):
        board_image(obs, 80, marks={"t2": "glow"})


def test_one_card_of_a_pile_can_be_marked():
    obs = _patience_observation()
    img = board_image(obs, 80, marks={("t1", 3): "dim"})
    assert _find(img, card_image(Card.parse("QC"), 80, style="dim"))
    assert not _find(img, card_image(Card.parse("QC"), 80))
    assert _find(board_image(obs, 80), card_image(Card.parse("QC"), 80))


def test_footer_shows_the_deal_code_and_never_overprints():
    from tarot_learn.render.board import _fit
    from tarot_learn.render.fonts import font
    obs = _patience_observation()
    plain = board_image(obs, 60)
    assert board_image(obs, 60, deal_code="TS-42").tobytes() != plain.tobytes()
    long = PatienceObservation(**{**{f: getattr(obs, f) for f in obs.__dataclass_fields__},
                                  "status": "a very long status line " * 20})
    assert board_image(long, 60).size == plain.size
    f = font(12)
    cut = _fit("a very long status line " * 20, f, 150)
    assert cut.endswith("…") and f.getlength(cut) <= 150
    assert _fit("short", f, 150) == "short"


def test_longer_columns_make_a_taller_board():
    short = _patience_observation()
    long = _patience_observation(t2=Pile("t2", Role.TABLEAU, "t2",
                                          cards=tuple(parse_cards("KS QC T21 10W 9P 8C T7 6S"))))
    assert board_image(long, 80).height > board_image(short, 80).height


@pytest.mark.parametrize("source, marks, error, words", [
    ("not a view", None, OptionError, "State or its observation"),
    ({"pack": "tarot", "piles": []}, None, OptionError, "State or its observation"),
    (_patience_observation(), {"t9": "highlight"}, OptionError, "names no pile"),
    (_patience_observation(), {("t1", 0): "glow"}, OptionError, "style"),
    (_patience_observation(), ["t1"], OptionError, "marks is a dict"),
    (_patience_observation(t1=Pile("t1", Role.TABLEAU, "t1", cards=("KS",))), None, CardError,
     "Card.parse"),
])
def test_bad_sources_give_one_line_errors(source, marks, error, words):
    with pytest.raises(error, match=words) as info:
        board_image(source, 60, marks=marks)
    assert "\n" not in str(info.value)


_piles = st.lists(st.builds(
    Pile, id=st.sampled_from(["s", "w", "r", "f1", "t1", "t2", "hand:0", "hand:1", "dog", "trick"]),
    role=st.sampled_from(list(Role)), label=st.sampled_from(["", "Stock", "a long label " * 4]),
    hidden=st.integers(0, 30), cards=st.lists(st.sampled_from(tarot_deck()[::7]), max_size=12).map(tuple),
    owner=st.none() | st.integers(-1, 3)), max_size=8)


@settings(max_examples=60, deadline=None)
@given(piles=_piles, player=st.integers(-1, 3), title=st.sampled_from(["", "Game"]))
def test_any_observation_draws(piles, player, title):
    obs = Observation(game="any", title=title, player=player, current_player=None, piles=tuple(piles),
                      status="a status")
    img = board_image(obs, 24)
    assert img.mode == "RGBA" and img.width > 0


# ----- bad input ---------------------------------------------------------------------------------

def _klondike():
    from tarot_learn import games
    return games.new("klondike", seed=1)


@pytest.mark.parametrize("call, error, words", [
    (lambda: card_image("T19"), CardError, "Card.parse"),
    (lambda: card_image(None), CardError, "Card.parse"),
    (lambda: card_image(Card.parse("T19"), 19), OptionError, "from 20 to 4000"),
    (lambda: card_image(Card.parse("T19"), 4001), OptionError, "from 20 to 4000"),
    (lambda: card_image(Card.parse("T19"), 280.0), OptionError, "whole number"),
    (lambda: card_image(Card.parse("T19"), True), OptionError, "whole number"),
    (lambda: card_image(Card.parse("T19"), style="glow"), OptionError, "'normal', 'highlight', 'dim'"),
    (lambda: back_image(5), OptionError, "from 20 to 4000"),
    (lambda: back_image(100, "bright"), OptionError, "style"),
    (lambda: card_png("AW"), CardError, "Card.parse"),
    (lambda: sprite_sheet(["AW"], 80), CardError, "Card.parse"),
    (lambda: sprite_sheet(tarot_deck(), 80, columns=0), OptionError, "columns"),
    (lambda: board_image(_patience_observation(), 10), OptionError, "from 20 to 4000"),
    (lambda: board_image(_patience_observation(), 601), OptionError, "from 20 to 600"),
    (lambda: board_image(_klondike(), 60, player=7), OptionError, "player must be"),
])
def test_bad_input_gives_a_one_line_error_of_the_family(call, error, words):
    with pytest.raises(error, match=words) as info:
        call()
    assert "\n" not in str(info.value)


def test_contact_sheets_command_writes_the_pngs(tmp_path):
    from tarot_learn.render import sheets
    assert sheets.main([str(tmp_path)]) == 0
    for name in ("tarot_deck.png", "standard_deck.png", "styles.png", "board_example.png"):
        path = tmp_path / name
        assert path.stat().st_size < 1.5 * 1024 * 1024
        Image.open(path).verify()
    assert sheets.main(["-h"]) == 2
