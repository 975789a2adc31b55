"""The class server.  ``model/``: the class's store (one ``class.sqlite``), challenge book and
leaderboard, shared tables' hall, name rule and browser keys, with no server in it.  ``server/``:
one Jupyter Server with Voila for the pages and one extension for the class's own pages, all
owned by one ``Classroom``.  ``challenge_page.py``: the student's challenge page (its kernel side);
``tables.py`` and ``rewards.py``: the shared French Tarot table and its pretend points."""
