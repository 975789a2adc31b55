"""Card art and board pictures, drawn with Pillow from our own geometry (floor 2).

Nothing here is third-party art: pips, court motifs, trump emblems and backs are polygons and
lines (``pips``, ``emblems``, ``geometry``); text uses the DejaVu fonts shipped in ``fonts/``.

* :func:`card_image` ``(card, height=280, *, style, show_value, four_colour)`` -> RGBA image,
  ``height`` px tall (20..4000) and ``round(height * 0.58)`` wide, with a transparent margin of
  2.5 % for the shadow and the highlight glow.  ``style``: ``'normal'``, ``'highlight'``,
  ``'dim'``.  Cached: the same arguments return the same (read-only) image object.
* :func:`back_image` ``(height, style)``, :func:`card_png` (PNG bytes, cached),
  :func:`sprite_sheet` ``(cards, height)`` -> ``(image, {notation: (x, y, w, h)})``.
* :func:`board_image` / :func:`board_png` ``(state_or_observation, height=120, *, player, marks)``:
  a whole position as one player sees it, from ``state.observation(player)`` (patience piles by
  role, or labelled rows for hands and tricks); face-down cards are drawn as backs.
* :func:`~tarot_learn.render.images.body_size`, :func:`~tarot_learn.render.images.frame_body`,
  :func:`~tarot_learn.render.images.check_card`, :func:`~tarot_learn.render.images.name_areas`:
  what a deck of one's own scans and the drill build on.
* :func:`pip_layout` ``(n)``: where a number card's pips go.
* ``python -m tarot_learn.render.sheets [OUTDIR]`` writes contact sheets (``make images``).
* Without Pillow (the static site's Python) the default art comes pre-drawn
  (:mod:`~tarot_learn.render.prerendered`, pixel for pixel the renderer's), pictures are
  :class:`~tarot_learn.render.raster.Raster` objects and boards are SVG (:func:`board_svg`).

>>> from tarot_learn.cards import Card
>>> card_image(Card.parse("T19")).size
(162, 280)
>>> len(pip_layout(9))
9
"""

from .board import board_image, board_png
from .svgboard import board_svg
from .images import (ASPECT, STYLES, back_image, back_png, card_image, card_png, card_size, card_width,
                     clear_cache, sprite_sheet)
from .pips import pip_layout
from .alt import picture_bundle, picture_html
from .prerendered import pillow as has_pillow

__all__ = ["picture_html", "picture_bundle", "card_image", "back_image", "card_png", "back_png", "sprite_sheet",
           "board_image", "board_png", "board_svg", "has_pillow", "pip_layout", "card_size", "card_width",
           "clear_cache", "ASPECT", "STYLES"]
