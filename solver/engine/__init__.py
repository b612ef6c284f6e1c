"""Answers from model objects: the reference, the numba kernels and what feeds them, legal moves, distance to ready.

The engine takes validated hands and rulesets (``solver.model``) and never
parses text or renders it; ``solver.api`` does that around it.
"""
