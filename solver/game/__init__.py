"""A whole hand of 跑胡子: the seeded engine (deal, turns, claims, settlement), seat views, bots and records.

Above ``solver.api`` (bots ask it for advice; the engine asks
``solver.engine.obligations`` for every player's legal moves, as ``phz act``
does) and below ``solver.text`` (which renders games).
"""
