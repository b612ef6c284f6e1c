"""The puzzle library checked with the solver (``phz puzzles check``): each stored answer against the solver's;
its tags counted (``phz puzzles tags``), and an unknown puzzle id or tag of ``phz quiz`` answered with the near ones.

``puzzles`` only loads the files (no solver); here each puzzle becomes a question and
its solution is turned into the form the library stores (``answer``).  A puzzle is
solved under its own ruleset (its ``rules`` field) unless a ruleset is given.
"""
from __future__ import annotations

import difflib
import re
from typing import Sequence

from solver import puzzles
from solver.puzzles import Puzzle, PuzzleAnswer, PuzzleError

from ..model import notation
from ..model.hand import HandError
from ..model.notation import parse_hand, parse_tiles
from ..model.rules import Ruleset, get_ruleset
from ..model.ruleset_file import RulesetError
from ..model.tiles import glyph
from ..text.catalogue import say
from ..text.explain import resolve_lang
from ..text.words import tag_in
from . import kinds as registry
from .asking import from_puzzle
from .question import QuizError


def rules_of(p: Puzzle) -> Ruleset:
    """The ruleset puzzle ``p`` is written for (its ``rules`` field)."""
    return get_ruleset(p.rules)


def answer(p: Puzzle, rules: Ruleset | None = None) -> PuzzleAnswer:
    """The solver's answer to puzzle ``p`` under ``rules`` (its own ruleset when None), in the form of ``p.answer``
    (see ``puzzles``: glyphs for ting and discard, a number for huxi, the legal ways as
    {chi, bi} glyph tables for chi, a bool for chou: its kind's ``puzzle_answer``).  QuizError when a huxi
    tile does not win."""
    return registry.get(p.kind).puzzle_answer(from_puzzle(p, rules))


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


def tag_counts(lib: Sequence[Puzzle]) -> list[tuple[str, int, tuple[str, ...]]]:
    """Every tag of the puzzles ``lib``: (tag, how many puzzles carry it, their kinds), most used first.

    >>> def puzzle(kind, *tags):
    ...     return Puzzle(id=kind, kind=kind, level=1, tags=tags, hand="", answer="", note_en="", note_zh="")
    >>> tag_counts([puzzle("ting", "绞", "将"), puzzle("chi", "绞")])
    [('绞', 2, ('ting', 'chi')), ('将', 1, ('ting',))]
    """
    count: dict[str, int] = {}
    kinds: dict[str, list[str]] = {}
    for p in lib:
        for tag in p.tags:
            count[tag] = count.get(tag, 0) + 1
            if p.kind not in kinds.setdefault(tag, []):
                kinds[tag].append(p.kind)
    return sorted(((t, n, tuple(kinds[t])) for t, n in count.items()), key=lambda row: (-row[1], row[0]))


def _key(name: str) -> str:
    """``name`` case-folded with the leading zeros of its numbers dropped: ting-1 and TING-001 are alike."""
    return re.sub(r"(?<!\d)0+(?=\d)", "", name.casefold())


def near(word: str, choices: Sequence[str], n: int = 5) -> list[str]:
    """The ``choices`` like ``word``: the same but for letter case and leading zeros, else those holding it,
    then difflib's close matches; at most ``n``.

    >>> near("ting-1", ["ting-001", "ting-010", "ting-011"])
    ['ting-001']
    >>> near("破跑", ["破跑胡", "将", "no 破跑"])
    ['破跑胡', 'no 破跑']
    """
    same = [c for c in choices if _key(c) == _key(word)]
    if same:
        return same[:n]
    holding = [c for c in choices if word.casefold() in c.casefold()] if word.strip() else []
    found = holding + [c for c in difflib.get_close_matches(word, choices, n=n) if c not in holding]
    return found[:n]


def selection_error(*, puzzle_id: str | None, tag: str | None, random_drills: bool, rules: Ruleset,
                    kind: str | None = None, lang: str | None = None) -> str | None:
    """The ``Error: …`` of ``phz quiz --puzzle ID`` or ``--tag T`` (in ``lang``, the locale's when None) when no
    puzzle (no drill, with ``random_drills``) has that id or tag anywhere in the library: a hint line names the
    near ones (``near``), else the line says where to find them all.  None otherwise, and for a tag of a
    ``kind`` not on a hand, game (``selection.select_questions`` then answers, or says what else is wrong)."""
    lang = resolve_lang(lang)
    problem = _unknown(puzzle_id=puzzle_id, tag=tag, random_drills=random_drills, rules=rules, kind=kind)
    if problem is None:
        return None
    what, fields, found, where = problem
    error = notation.say("error", lang) + say(f"library.no_{what}", lang, **fields)
    if found:
        return f"{error}\n{notation.say('hint', lang)}{say('library.mean', lang, names=', '.join(found))}"
    return f"{error} ({say(f'library.where_{where}', lang, **fields)})"


def _unknown(*, puzzle_id: str | None, tag: str | None, random_drills: bool, rules: Ruleset, kind: str | None):
    """(what is unknown: id, tag or drill_tag; its fields; the near names; where all are listed: ids, tags or
    drill_tags) of ``selection_error``, or None."""
    try:
        lib = puzzles.load()
    except PuzzleError:
        return None
    if puzzle_id is not None:
        ids = [p.id for p in lib]
        if puzzle_id in ids or puzzle_id.strip().lower().startswith("drill"):
            return None
        return "id", {"id": repr(puzzle_id), "n": len(ids)}, near(puzzle_id, ids), "ids"
    if tag is None or (kind is not None and not registry.get(kind).HAND):
        return None
    known = _known_tags(lib, random_drills, rules)
    if tag in known:
        return None
    fields = {"tag": repr(tag), "n": len(known), "names": ", ".join(known)}
    if random_drills:
        return "drill_tag", fields, near(tag, known), "drill_tags"
    return "tag", fields, near(tag, known), "tags"


def _known_tags(lib: Sequence[Puzzle], random_drills: bool, rules: Ruleset) -> list[str]:
    """The tags a quiz may ask for: the puzzles' (``lib``), or with ``random_drills`` the drills' under ``rules``."""
    if random_drills:
        from .drills import tags as drill_tags
        return sorted({t for kind_tags in drill_tags(rules).values() for t in kind_tags})
    return [t for t, _, _ in tag_counts(lib)]


def tag_named(tag: str | None, *, random_drills: bool, rules: Ruleset) -> str | None:
    """The tag a learner means by ``tag``: itself, or the tag that reads so in Chinese (``words.tag_in``, as
    ``phz puzzles tags --lang zh`` lists them: 差一步 is ``1 away``)."""
    if tag is None:
        return None
    try:
        known = _known_tags(puzzles.load(), random_drills, rules)
    except PuzzleError:
        return tag
    if tag in known:
        return tag
    return next((t for t in known if tag_in(t, "zh") == tag), tag)
