"""Puzzle library of phz: hands with known answers, shared as golden data.

A placeholder package for now: the puzzle library comes later.
"""
