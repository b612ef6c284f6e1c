"""Random drills (``phz quiz --random``): fresh questions of every kind and level, made with the solver.

A drill is a whole number, its *seed*, that regenerates exactly the same
question, so a drill can come back for review.  Its last two digits name the
generator (the kind of question) and the level, the rest drives it::

    seed = base * 100 + generator * 10 + level
    generators: 0 ting, 1 discard, 2 huxi, 3 chi, 4 chou, 5 distance

so drill 4213 is a discard question of level 3.  Generator 5 (``distance``)
makes discard questions too, on hands that no discard makes ready: the
answer is the discard that leaves the hand nearest to ready (RULES.md 6:
least distance, then most live improving draws 进张); drill 4253 is one of
level 3.  Seeds of generators 0-4 mean what they meant before generator 5
existed (tests/test_drills.py pins a sample); ``new_drills`` turns the discard
drills of odd bases into distance drills, so both come with ``--kind
discard`` and with no kind.

A drill is made under a ruleset (``drill(seed, rules)``), which decides which
hands are ready and every answer: a seed names one question per ruleset.  The
hands come from ``drill_hands`` and the questions of each generator, with their
levels, from ``drill_makers``: both frozen, so that old seeds keep their questions.
"""
from __future__ import annotations

import os
import random
from typing import Iterator

from ..model.rules import Ruleset
from .drill_makers import MAKERS
from .progress import MAX_SEED
from .question import QUESTION_KINDS, Question, QuizError, solve

LEVELS = (1, 2, 3)
MAX_TRIES = 400  # hands tried for one drill before giving up (never reached in practice)


class DrillError(QuizError):
    """A seed that is not a drill, or a drill that could not be made."""


_WAIT_TAGS = ("self-only wait", "other-only wait", "forced 偎", "forced 提", "破跑胡", "dead wait")
_EAT_TAGS = ("一吃两比", "烧比", "坎 locked", "隔山", "臭张", "forced 偎", "forced 提", "forced 跑", "no discard")
_DISTANCE_TAGS = ("进张", "2 away", "distance first", "dead 进张", "live copies")
#: every tag a drill of each kind can carry
TAGS = {"ting": _WAIT_TAGS, "discard": _WAIT_TAGS + _DISTANCE_TAGS,
        "huxi": ("破跑胡", "提胡", "偎胡", "跑胡", "碰胡", "score first", "红胡", "乌胡", "对对胡"),
        "chi": _EAT_TAGS, "chou": _EAT_TAGS}

#: the generators by their index in a seed: the five question kinds, then
#: ``distance`` (discard questions on hands no discard makes ready)
GENERATORS = QUESTION_KINDS + ("distance",)
#: the question kind each generator makes
QUESTION_KIND = {**{k: k for k in QUESTION_KINDS}, "distance": "discard"}
_GENERATOR_TAGS = {"discard": _WAIT_TAGS, "distance": _DISTANCE_TAGS}

# ---------------------------------------------------------------- seeds

def make_seed(base: int, kind: str, level: int) -> int:
    """The drill seed of generator ``base`` for ``kind`` (a question kind or ``distance``) and ``level``."""
    if kind not in GENERATORS or level not in LEVELS or base < 0:
        raise DrillError(f"no drill of kind {kind!r} and level {level!r}")
    return base * 100 + GENERATORS.index(kind) * 10 + level


def parse_seed(seed: int) -> tuple[int, str, int]:
    """(base, generator, level) of a drill seed; the generator is the question
    kind, or ``distance`` for a discard question on a hand that is not ready."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise DrillError(f"drill seed {seed!r} is not a whole number ≥ 0")
    if seed > MAX_SEED:  # the progress file could not store its attempts
        raise DrillError(f"drill seed {seed} is too large: drill seeds go from 0 to {MAX_SEED}")
    base, code = divmod(seed, 100)
    k, level = divmod(code, 10)
    if k >= len(GENERATORS) or level not in LEVELS:
        raise DrillError(f"{seed} is not a drill seed: its last two digits are the generator "
                         f"(0-{len(GENERATORS) - 1}) and level (1-3)")
    return base, GENERATORS[k], level


def drill(seed: int, rules: Ruleset) -> Question:
    """The drill of ``seed`` under ``rules``: always the same question (for a given ruleset)."""
    base, generator, level = parse_seed(seed)
    kind = QUESTION_KIND[generator]
    rng = random.Random(seed)
    make = MAKERS[generator]
    plan = rng.random()  # drawn once: which trap a level-3 drill sets, whatever hands are tried
    for _ in range(MAX_TRIES):
        made = make(rng, level, plan, rules)
        if made is not None:
            fields, result = made
            q = Question(kind=kind, level=level, seed=seed, rules=rules, **fields).with_menu()
            if result is not None:
                # The generator already solved it: the same answer as Question.solution, without solving again.
                q.__dict__["solution"] = solve(q, result)
            return q
    raise DrillError(f"drill {seed}: no {generator} question of level {level} found in {MAX_TRIES} hands")


def _generator(kind: str, base: int, tag: str | None) -> str:
    """Which generator makes a drill of ``kind`` from ``base`` in ``new_drills``.

    A discard drill is a distance drill for odd bases (or when only distance
    drills carry ``tag``): this takes nothing more from ``new_drills``' random
    stream, so a seeded list keeps every other drill it held before distance
    drills existed.
    """
    if kind != "discard":
        return kind
    if tag is not None:
        fits = [g for g in ("discard", "distance") if tag in _GENERATOR_TAGS[g]]
        if len(fits) == 1:
            return fits[0]
    return "distance" if base % 2 else "discard"


def new_drills(count: int, *, rules: Ruleset, seed: int | None = None, kind: str | None = None,
               level: int | None = None, tag: str | None = None) -> list[Question]:
    """``count`` fresh drills of ``kind`` and ``level`` (each random when None), under ``rules``.

    ``seed`` makes the list reproducible; ``tag`` keeps drills carrying it
    (DrillError when none turns up in a few hundred).  Discard drills are
    about ready outs or, half of the time, about the distance to ready
    (``_generator``).
    """
    return list(iter_drills(count, rules=rules, seed=seed, kind=kind, level=level, tag=tag))


def iter_drills(count: int, *, rules: Ruleset, seed: int | None = None, kind: str | None = None,
                level: int | None = None, tag: str | None = None) -> Iterator[Question]:
    """``new_drills`` one at a time, each made when it is asked for: the same
    drills in the same order, so a quiz shows the first before the rest are made.

    A bad kind or tag raises DrillError here, before any drill is made.
    """
    rng = random.Random(int.from_bytes(os.urandom(8), "big") if seed is None else seed)
    kinds = [kind] if kind else list(QUESTION_KINDS)
    if tag is not None:
        kinds = [k for k in kinds if tag in TAGS[k]]
        if not kinds:
            known = sorted({t for k in ([kind] if kind else QUESTION_KINDS) for t in TAGS[k]})
            raise DrillError(f"no drill{' of kind ' + kind if kind else ''} has tag {tag!r}; "
                             f"drill tags: {', '.join(known)}")
    return _drills(rng, count, kinds, level, tag, rules)


def _drills(rng: random.Random, count: int, kinds: list[str], level: int | None,
            tag: str | None, rules: Ruleset) -> Iterator[Question]:
    made = tries = 0
    while made < count:
        tries += 1
        if tag is not None and tries > 200 * count:
            raise DrillError(f"no drill with tag {tag!r} turned up: try another tag or no --tag")
        k = rng.choice(kinds)
        lv = level or rng.choice(LEVELS)
        base = rng.randrange(10**7)
        q = drill(make_seed(base, _generator(k, base, tag), lv), rules)
        if tag is None or tag in q.tags:
            made += 1
            yield q


assert set(MAKERS) == set(GENERATORS) and set(QUESTION_KIND.values()) == set(QUESTION_KINDS)
