"""The lessons' own toolkit: exercises with graduated hints, quizzes, tables and the score calculator.

Every lesson notebook imports what it shows from here (``from tarot_learn.lessons import kit``), so
a notebook copied anywhere (``tarot-learn lessons DIR``, Voila, the static site) needs no file
beside it.
"""
