"""The puzzle library checked with the solver (``phz puzzles check``): each stored answer against ``question.solve``.

``puzzles`` only loads the files (no solver); here each puzzle becomes a question and
its solution is turned into the form the library stores (``answer``).  A puzzle is
solved under its own ruleset (its ``rules`` field) unless a ruleset is given.
"""
from __future__ import annotations

from typing import Sequence

import puzzles
from puzzles import Puzzle, PuzzleError

from ..model.hand import HandError
from ..model.notation import parse_hand, parse_tiles
from ..model.rules import Ruleset, get_ruleset
from ..model.ruleset_file import RulesetError
from ..model.tiles import glyph, glyphs
from .question import Question, QuizError


def rules_of(p: Puzzle) -> Ruleset:
    """The ruleset puzzle ``p`` is written for (its ``rules`` field)."""
    return get_ruleset(p.rules)


def answer(p: Puzzle, rules: Ruleset | None = None) -> object:
    """The solver's answer to puzzle ``p`` under ``rules`` (its own ruleset when None), in the form of ``p.answer``
    (see ``puzzles``: glyphs for ting and discard, a number for huxi, the legal ways as
    {chi, bi} glyph tables for chi, a bool for chou).  QuizError when a huxi tile does not win."""
    q = Question.from_puzzle(p, rules)
    expected = q.solution.expected
    if p.kind in ("ting", "discard"):
        return glyphs(expected)
    if p.kind == "chi":  # the legal ways of the menu, in its (chi, bi) order
        return tuple({"chi": glyphs(c.chi), "bi": tuple(glyphs(g) for g in c.bi)}
                     for i, c in enumerate(q.menu, 1) if i in expected)
    return expected


def check(rules: Ruleset | None = None, lib: Sequence[Puzzle] | None = None) -> list[str]:
    """Every problem of the puzzles ``lib`` (the shipped library when None), each solved under
    its own ruleset (under ``rules`` when one is given), one line each naming the puzzle ([] when sound)."""
    problems: list[str] = []
    try:
        lib = puzzles.load() if lib is None else lib
    except PuzzleError as err:
        return [str(err)]
    dup = puzzles.duplicate_ids(lib)
    if dup:
        problems.append(dup)
    notes: dict[str, str] = {}
    for p in lib:
        for note in (p.note_en, p.note_zh):
            if note in notes:
                problems.append(f"puzzle {p.id}: its teaching note is the same as puzzle {notes[note]}'s")
            notes.setdefault(note, p.id)
        try:
            counts = parse_hand(p.hand, rules or rules_of(p)).all_counts()
            own = {glyph(t) for t, n in enumerate(counts) if n} | set(p.tile or "")
            got = answer(p, rules)
        except (HandError, QuizError, RulesetError) as err:
            problems.append(f"puzzle {p.id}: {err}")
            continue
        if not any(ch in own for ch in p.note_en) or not any(ch in own for ch in p.note_zh):
            problems.append(f"puzzle {p.id}: a teaching note names none of the puzzle's tiles")
        if got != p.answer:
            problems.append(f"puzzle {p.id}: stored answer {_show(p.answer)} but the solver gives {_show(got)}")
        for key in ("seen", "chou", "passed_peng"):
            try:
                parse_tiles(getattr(p, key))
            except HandError as err:
                problems.append(f"puzzle {p.id}: {key}: {err}")
    return problems


def _show(stored: object) -> str:
    if isinstance(stored, tuple):
        return "; ".join(f"{w['chi']} 比 {' '.join(w['bi']) or '-'}" for w in stored) or "none"
    return str(stored)
