"""Card art and board pictures, drawn with Pillow from our own geometry (floor 2).

>>> from tarot_learn.cards import Card
>>> card_image(Card.parse("T19"), 280).size
(162, 280)

Public API: :func:`card_image`, :func:`back_image`, :func:`card_png`, :func:`sprite_sheet`,
:func:`board_image`, :func:`board_png`, :func:`pip_layout`; ``python -m tarot_learn.render.sheets``
writes contact sheets of both packs.
"""

from .board import board_image, board_png
from .images import (ASPECT, STYLES, back_image, card_image, card_png, card_size, card_width,
                     clear_cache, sprite_sheet)
from .pips import pip_layout

__all__ = ["card_image", "back_image", "card_png", "sprite_sheet", "board_image", "board_png",
           "pip_layout", "card_size", "card_width", "clear_cache", "ASPECT", "STYLES"]
