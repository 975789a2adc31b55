"""The class server: one Jupyter Server with Voila for the pages and one extension for the class's
own pages (landing page, rule sheets, the challenge, the shared tables), all owned by one
:class:`~.classroom.Classroom` under one tornado settings key."""
