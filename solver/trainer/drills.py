"""Random drills (``phz quiz --random``): fresh questions of every kind and level, made with the solver.

A drill is a whole number, its *seed*, that regenerates exactly the same
question, so a drill can come back for review.  Its last two digits name the
generator (the kind of question) and the level, the rest drives it::

    seed = base * 100 + generator * 10 + level
    generators: 0 ting, 1 discard, 2 huxi, 3 chi, 4 chou, 5 distance

so drill 4213 is a discard question of level 3.  The generators are the
kinds' (``solver.trainer.kinds``): each kind's own, its digit the kind's
ORDER, and the more a kind has (discard's ``distance``).  Generator 5 (``distance``)
makes discard questions too, on hands that no discard makes ready: the
answer is the discard that leaves the hand nearest to ready (RULES.md 6:
least distance, then most live improving draws 进张); drill 4253 is one of
level 3.  Seeds of generators 0-4 mean what they meant before generator 5
existed (tests/test_drills.py pins a sample); ``new_drills`` turns the discard
drills of odd bases into distance drills, so both come with ``--kind
discard`` and with no kind.

A drill is made under a ruleset (``drill(seed, rules)``), which decides which
hands are ready and every answer: a seed names one question per ruleset.  The
hands of generators 0-5 come from ``drill_hands`` and their questions, with
their levels, from ``drill_makers``: both frozen, so that old seeds keep
their questions, and both hunan's kinds of melds (``FROZEN_MELDS``: 偎, 跑,
提), so they serve only a ruleset that has those melds.

Every search is bounded (``drill_hands``: the hands tried for one ready
hand, and for one drill; ``MAX_TRIES`` questions), far beyond what hunan
needs, so that a house ruleset whose hands are hardly ever ready
(``min_huxi = 150``, or wins on discards only) ends the search: ``NoDrill``
says so in one line, in en and zh, naming the fix; a list of drills leaves
out the kinds it cannot make and goes on with the others.

Generator 9, the *ruleset generator*, makes the same questions of hands of
the ruleset's own melds and sources, read from its fields
(``ruleset_hands``, ``ruleset_makers``): the digit before the 9 is the
question's generator (0-5 as above)::

    seed = base * 1000 + generator * 100 + 90 + level

so drill 42193 is a discard question of level 3 of the ruleset generator.
It serves every ruleset; ``new_drills`` gives its drills under a ruleset the
frozen generators do not serve (``frozen_fits``: one without 偎, 跑 or 提,
such as a ruleset of 招 and 垅), and the frozen ones' otherwise, so the drill
lists of a seeded ``--random`` under hunan stay what they were.
"""
from __future__ import annotations

import os
import random
from typing import Iterator

from ..model.rules import Ruleset
from ..text.catalogue import say
from . import drill_hands
from . import kinds as registry
from .kinds import Kind, Makers
from .progress import MAX_SEED
from .question import Question, QuizError, question_of, solved
from .ruleset_hands import NoHand

LEVELS = (1, 2, 3)
MAX_TRIES = 400  # hands tried for one drill before giving up (never reached in practice)
KIND_FAILURES = 3  # drills of a kind that could not be made (NoDrill) before a list of drills leaves it out


class DrillError(QuizError):
    """A seed that is not a drill, or a drill that could not be made."""


class NoDrill(DrillError):
    """No drill of a kind turned up within the bounds under a ruleset: its ready hands are too rare
    (``reason`` 'hands'), or none of the hands tried made a question of the level (``reason``
    'questions').  ``str()`` is English; ``in_lang`` says it, and the fix, in either language."""

    def __init__(self, seed: int, kind: str, level: int, rules: Ruleset, reason: str, detail: str = ""):
        self.seed, self.kind, self.level, self.name, self.reason = seed, kind, level, rules.name, reason
        super().__init__(self.in_lang("en") + (f" (drill {seed}: {detail})" if detail else f" (drill {seed})"))

    def in_lang(self, lang: str, *, skipped: bool = False) -> str:
        """The one line to show (``skipped``: the note that the other kinds of a quiz go on without this one)."""
        zh = lang == "zh"
        kind = registry.get(self.kind).NAME_ZH if zh else self.kind
        if skipped:
            return say("drills.skipped", zh, kind=kind, name=self.name)
        # A kind whose every drill is of a ready hand (chi and chou drills are of random hands half the time).
        fix = ("other_level" if self.reason == "questions" else
               "other_kind" if registry.get(self.kind).READY else "other_rules")
        return say(f"drills.no_drill_{self.reason}", zh, kind=kind, name=self.name, level=self.level, tries=MAX_TRIES,
                   fix=say(f"drills.try_{fix}", zh))


#: the generator digit of the ruleset generator (its question's generator is the digit before)
RULESET_GENERATOR = 9
#: the meld kinds the frozen hands of generators 0-5 are made of
FROZEN_MELDS = ("chi", "peng", "wei", "pao", "ti")


def _drill_kinds() -> dict[str, Kind]:
    """The kinds that have drills (``Kind.MAKERS``), by name, in their ORDER."""
    return {name: k for name, k in registry.kinds().items() if k.MAKERS is not None}


def _generators() -> dict[str, tuple[int, str, Makers]]:
    """Every generator by name, in the order of their seed digits: (digit, the kind of its questions, its
    makers).  Each kind's own generator is named after it, its digit the kind's ORDER; a kind may have more
    (``Kind.MORE_GENERATORS``: ``distance``, the discard questions on hands that are not ready)."""
    found: list[tuple[int, str, str, Makers]] = []
    for name, k in registry.kinds().items():
        if k.MAKERS is not None:
            found.append((k.ORDER, name, name, k.MAKERS))
        found += [(digit, g, name, makers) for g, (digit, makers) in k.MORE_GENERATORS.items()]
    found.sort(key=lambda f: (f[0], f[1]))
    digits, names = {f[0] for f in found}, {f[1] for f in found}
    if len(digits) < len(found) or len(names) < len(found) or not digits <= set(range(RULESET_GENERATOR)):
        raise ValueError(f"the drill generators {', '.join(f'{g} ({d})' for d, g, _, _ in found)}: each has a name "
                         f"and a seed digit of its own, 0 to {RULESET_GENERATOR - 1}")
    return {g: (digit, name, makers) for digit, g, name, makers in found}


#: every tag a drill of each kind can carry (of the frozen generators: ``tags`` gives a ruleset's)
TAGS = {name: k.TAGS for name, k in _drill_kinds().items()}
#: the generators by their index in a seed: the five question kinds, then
#: ``distance`` (discard questions on hands no discard makes ready); the
#: kinds registered when this module is loaded (``_generators`` reads them anew)
GENERATORS = tuple(_generators())


def frozen_fits(rules: Ruleset) -> bool:
    """The frozen generators (0-5) serve ``rules``: it has every kind of meld their hands are made of."""
    return set(FROZEN_MELDS) <= set(rules.melds)


def tags(rules: Ruleset) -> dict[str, tuple[str, ...]]:
    """Every tag a drill of each kind can carry, from the generators ``new_drills`` uses under ``rules``."""
    frozen = frozen_fits(rules)
    return {name: k.TAGS if frozen else k.ruleset_tags(rules) for name, k in _drill_kinds().items()}

# ---------------------------------------------------------------- seeds

def make_seed(base: int, kind: str, level: int, *, ruleset: bool = False) -> int:
    """The drill seed of generator ``base`` for ``kind`` (a question kind or ``distance``) and ``level``;
    of the ruleset generator (9) when ``ruleset``."""
    generators = _generators()
    if kind not in generators or level not in LEVELS or base < 0:
        raise DrillError(f"no drill of kind {kind!r} and level {level!r}")
    digit = generators[kind][0]
    if ruleset:
        return base * 1000 + digit * 100 + RULESET_GENERATOR * 10 + level
    return base * 100 + digit * 10 + level


def parse_seed(seed: int) -> tuple[int, str, int]:
    """(base, generator, level) of a drill seed; the generator is the question
    kind, or ``distance`` for a discard question on a hand that is not ready
    (``of_ruleset_generator`` tells the two families apart)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise DrillError(f"drill seed {seed!r} is not a whole number ≥ 0")
    if seed > MAX_SEED:  # the progress file could not store its attempts
        raise DrillError(f"drill seed {seed} is too large: drill seeds go from 0 to {MAX_SEED}")
    base, code = divmod(seed, 100)
    k, level = divmod(code, 10)
    if k == RULESET_GENERATOR:
        base, k = divmod(base, 10)
    by_digit = {digit: g for g, (digit, _, _) in _generators().items()}
    if k not in by_digit or level not in LEVELS:
        raise DrillError(f"{seed} is not a drill seed: its last two digits are the generator "
                         f"(0-{max(by_digit)}, or {RULESET_GENERATOR} with the generator the digit "
                         "before) and level (1-3)")
    return base, by_digit[k], level


def of_ruleset_generator(seed: int) -> bool:
    """Whether the drill seed ``seed`` is one of the ruleset generator (9)."""
    parse_seed(seed)
    return seed % 100 // 10 == RULESET_GENERATOR


def drill(seed: int, rules: Ruleset) -> Question:
    """The drill of ``seed`` under ``rules``: always the same question (for a given ruleset).

    A seed of the frozen generators (0-5) under a ruleset they do not serve is a DrillError."""
    base, generator, level = parse_seed(seed)
    _, kind, makers = _generators()[generator]
    ruleset = of_ruleset_generator(seed)
    if not ruleset and not frozen_fits(rules):
        raise DrillError(f"drill {seed} is made of 偎, 跑 and 提 melds, which ruleset {rules.name} does not "
                         f"have; its drills have seeds ending in {RULESET_GENERATOR} and the level "
                         f"(e.g. {make_seed(base, generator, level, ruleset=True)}); --random makes them")
    rng = random.Random(seed)
    make = makers.ruleset if ruleset else makers.frozen
    plan = rng.random()  # drawn once: which trap a level-3 drill sets, whatever hands are tried
    failed = None
    # Bounded: the hands of the whole drill (drill_hands.budget), MAX_TRIES questions.  A search that
    # fails (NoHand: never under hunan, so no seed that made a question changes) leaves the next tries
    # the random hands of a chi or chou drill; the ready hands are out for this drill.
    with drill_hands.budget():
        for _ in range(MAX_TRIES):
            try:
                made = make(rng, level, plan, rules)
            except NoHand as e:
                failed = e
                continue
            if made is not None:
                fields, result = made
                how = registry.get(kind)
                q = how.with_menu(question_of(how.FACTS, fields, kind=kind, level=level, seed=seed, rules=rules))
                if result is not None:
                    # The generator already solved it: the same answer as asking.solution, without solving again.
                    solved(q, how.solve, result)
                return q
    if failed is not None:
        raise NoDrill(seed, kind, level, rules, "hands", str(failed))
    raise NoDrill(seed, kind, level, rules, "questions", f"no {generator} question of level {level} found in "
                  f"{MAX_TRIES} hands")


def _generator(kind: str, base: int, tag: str | None, rules: Ruleset) -> str:
    """Which generator makes a drill of ``kind`` from ``base`` in ``new_drills``: the kind's choice
    (``Kind.generator``; a discard drill is a distance drill for odd bases)."""
    return registry.get(kind).generator(kind, base, tag, rules, frozen_fits(rules))


def new_drills(count: int, *, rules: Ruleset, seed: int | None = None, kind: str | None = None,
               level: int | None = None, tag: str | None = None, skipped: list | None = None) -> list[Question]:
    """``count`` fresh drills of ``kind`` and ``level`` (each random when None), under ``rules``: of the
    frozen generators when they serve ``rules`` (``frozen_fits``), else of the ruleset generator.

    ``seed`` makes the list reproducible; ``tag`` keeps drills carrying it
    (DrillError when none turns up in a few hundred).  Discard drills are
    about ready outs or, half of the time, about the distance to ready
    (``_generator``).

    A kind of which KIND_FAILURES drills cannot be made under ``rules`` (NoDrill: ready hands too rare)
    is left out and the others go on, its NoDrill appended to ``skipped``; the NoDrill is raised when it
    is the only kind asked for, or the last left.
    """
    return list(iter_drills(count, rules=rules, seed=seed, kind=kind, level=level, tag=tag, skipped=skipped))


def iter_drills(count: int, *, rules: Ruleset, seed: int | None = None, kind: str | None = None,
                level: int | None = None, tag: str | None = None, skipped: list | None = None) -> Iterator[Question]:
    """``new_drills`` one at a time, each made when it is asked for: the same
    drills in the same order, so a quiz shows the first before the rest are made.

    A bad kind or tag raises DrillError here, before any drill is made.
    """
    rng = random.Random(int.from_bytes(os.urandom(8), "big") if seed is None else seed)
    kinds = [kind] if kind else list(_drill_kinds())
    table = tags(rules)
    if tag is not None:
        kinds = [k for k in kinds if tag in table[k]]
        if not kinds:
            known = sorted({t for k in ([kind] if kind else _drill_kinds()) for t in table[k]})
            raise DrillError(f"no drill{' of kind ' + kind if kind else ''} has tag {tag!r}; "
                             f"drill tags: {', '.join(known)}")
    return _drills(rng, count, kinds, level, tag, rules, [] if skipped is None else skipped)


def _drills(rng: random.Random, count: int, kinds: list[str], level: int | None,
            tag: str | None, rules: Ruleset, skipped: list) -> Iterator[Question]:
    made = tries = 0
    failed: dict[str, int] = {}  # the NoDrills of each kind
    while made < count:
        tries += 1
        if tag is not None and tries > 200 * count:
            raise DrillError(f"no drill with tag {tag!r} turned up: try another tag or no --tag")
        k = rng.choice(kinds)
        lv = level or rng.choice(LEVELS)
        base = rng.randrange(10**7)
        try:
            q = drill(make_seed(base, _generator(k, base, tag, rules), lv, ruleset=not frozen_fits(rules)), rules)
        except NoDrill as e:  # ready hands too rare under the ruleset: a few more tries, then not this kind
            failed[k] = failed.get(k, 0) + 1
            if failed[k] < KIND_FAILURES:
                continue
            kinds = [x for x in kinds if x != k]  # a list of the caller's is left as it was
            if not kinds:
                raise
            skipped.append(e)
            continue
        if tag is None or tag in q.tags:
            made += 1
            yield q
