"""tarot_learn: learn card games with a tarot deck inside Jupyter.

The rules core (:mod:`tarot_learn.cards`, :mod:`tarot_learn.numerology`, :mod:`tarot_learn.core`,
:mod:`tarot_learn.deals`, :mod:`tarot_learn.games`) uses the standard library only; card art,
solvers and widgets sit on top of it and are imported only when used.

>>> from tarot_learn import Card
>>> Card.parse("T19").name
'The Sun (XIX)'
"""

from .cards import Card, CardError, Suit

__version__ = "0.1.0"
__all__ = ["Card", "CardError", "Suit", "__version__"]
