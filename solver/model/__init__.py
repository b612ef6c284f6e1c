"""Pure data of the game: tiles, notation, hands, 门子, rulesets, answers and their ranking.

Nothing here imports another layer of phz, numba or numpy.
"""
