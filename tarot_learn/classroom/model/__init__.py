"""The class's model, with no server in it: the one store of ``class.sqlite`` (numbered migrations,
one connection factory, one transaction discipline), the challenge book and its leaderboard, the
hall of shared French Tarot tables, the name rule and the "this browser is this student" keys.

Standard library and :mod:`tarot_learn.games` / :mod:`tarot_learn.results` only: a student's kernel,
the command line and the tests use it without Jupyter Server or tornado.
"""
