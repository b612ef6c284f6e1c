"""Choosing the questions of ``phz quiz``: one puzzle or drill by id, fresh drills, or the library (and the
questions saved from the learner's games) in review order."""
from __future__ import annotations

import re
import time
from dataclasses import replace
from typing import Iterable, Iterator, Sequence

from ..model.rules import Ruleset, get_ruleset
from ..text.catalogue import both, say
from ..text.replies import quoted, whole_number
from . import drills
from . import kinds as registry
from .asking import from_puzzle
from .game_questions import GameItem
from .kinds import Kind
from .progress import MAX_SEED, GameRef
from .question import Question, QuizError, solved_as

DEFAULT_COUNT = 10


class LazyQuestions:
    """Questions made one at a time as the quiz reaches them (a drill takes a
    while to make), and how many there will be, for the ``[i/N]`` header.
    They can be gone through once.  ``skipped``: the kinds left out on the way
    (``drills.NoDrill``, each once), for the quiz to say so."""

    def __init__(self, questions: Iterable[Question], total: int, skipped: list | None = None):
        self._questions = iter(questions)
        self.total = total
        self.skipped = [] if skipped is None else skipped

    def __len__(self) -> int:
        return self.total

    def __iter__(self) -> Iterator[Question]:
        return self._questions


def _named(name: str | None, rules: Ruleset) -> Ruleset:
    """The ruleset a replayed drill names (``drill:NAME:SEED``): ``rules`` when it is that one, else a shipped one."""
    if name is None or name.lower() == rules.name:
        return rules
    try:
        return get_ruleset(name)
    except ValueError:
        raise QuizError(*both("selection.no_ruleset_named", name=name)) from None


def select_questions(puzzles: Sequence, *, rules: Ruleset, kind: str | None = None, level: int | None = None,
                     tag: str | None = None, count: int | None = None, puzzle_id: str | None = None,
                     random_drills: bool = False, seed: int | None = None, store=None,
                     now: float | None = None) -> Sequence[Question | GameItem] | LazyQuestions:
    """The questions of ``phz quiz``, asked under ``rules``.

    * ``puzzle_id``: that puzzle alone (the filters must not contradict it);
      ``drill:SEED`` (or ``drill SEED``) replays a drill under ``rules``,
      ``drill:NAME:SEED`` under the ruleset NAME (a shipped one, or ``rules``);
    * ``random_drills``: ``count`` fresh drills (``solver.trainer.drills``) of the
      kind and level asked (random when None), from ``seed`` (random when None),
      as LazyQuestions: each is made when the quiz reaches it;
    * ``kind`` 'game' (a kind not on a hand): the questions saved from the
      learner's games under ``rules`` (its ``from_mistakes``,
      ``solver.trainer.game_questions``): the due ones first (most
      overdue first; one never asked is due from when it was saved), then the
      rest (soonest due first);
    * otherwise the puzzles written for ``rules`` (their ``rules`` field
      names it) matching kind, level and tag: items due for review under
      ``rules`` first (most overdue first; with no filter, due drills and
      questions from games too), each labelled a review, then puzzles never
      tried under it (easiest first, the kinds taking turns: ``interleave``),
      then the rest (soonest due first).

    A puzzle asked by id is asked under its own ruleset, whatever ``rules`` is.

    ``count`` defaults to DEFAULT_COUNT.  Raises QuizError (one line) for an
    unknown id, a bad option or when nothing matches.
    """
    if kind is not None and kind not in registry.kinds():
        raise QuizError(say("selection.unknown_kind", "en", kind=kind, kinds=", ".join(registry.kinds())),
                        say("selection.unknown_kind", "zh", kind=kind, kinds="、".join(registry.kinds())))
    if level is not None and level not in (1, 2, 3):
        raise QuizError(*both("selection.no_level", level=level))
    if count is not None and count < 1:
        raise QuizError(*both("selection.count_too_small"))
    n = count or DEFAULT_COUNT
    if puzzle_id is not None:
        found = [p for p in puzzles if p.id == puzzle_id]
        replay = re.fullmatch(r"drill[:\s]*(?:([^\s:\d][^\s:]*)[:\s]+)?(\d+)", puzzle_id.strip())
        if not found and replay:  # a drill shown as "drill 4213" comes back by its seed
            digits = replay.group(2)
            seed = whole_number(digits, digits=40)  # ASCII digits, and not 5,000 of them (int() refuses those)
            if seed is None and digits.isascii():
                raise drills.DrillError(f"drill seed {quoted(digits)} is too large: drill seeds go from 0 to {MAX_SEED}")
            if seed is None:
                raise QuizError(*both("selection.seed_not_number", seed=quoted(digits), most=MAX_SEED))
            q = drills.drill(seed, _named(replay.group(1), rules))
            if (kind or q.kind) != q.kind or (level or q.level) != q.level:
                raise QuizError(say("selection.drill_is_of", "en", name=q.name, kind=q.kind, level=q.level),
                                say("selection.drill_is_of", "zh", name=q.name, kind=registry.name_zh(q.kind),
                                    level=q.level))
            return [q]
        if not found:
            raise QuizError(*both("selection.no_puzzle_id", id=puzzle_id))
        p = found[0]
        clash = [f"--{k} {v}" for k, v, ok in (("kind", kind, p.kind == kind), ("level", level, p.level == level),
                                                ("tag", tag, tag in p.tags)) if v is not None and not ok]
        if clash:
            raise QuizError(*both("selection.puzzle_clash", id=puzzle_id, clash=" ".join(clash)))
        return [from_puzzle(p)]
    if kind is not None and not registry.get(kind).HAND:  # game: the questions from the learner's games
        if random_drills:
            raise QuizError(*both("selection.random_not_games"))
        return _from_games(registry.get(kind), rules, n, level, tag, store, time.time() if now is None else now)
    if random_drills:
        skipped: list = []
        return LazyQuestions(drills.iter_drills(n, rules=rules, seed=seed, kind=kind, level=level, tag=tag,
                                                skipped=skipped), n, skipped)
    ours = [p for p in puzzles if p.rules == rules.name]
    matching = [p for p in ours if (kind is None or p.kind == kind) and (level is None or p.level == level)
                and (tag is None or tag in p.tags)]
    unfiltered = kind is None and level is None and tag is None
    now = time.time() if now is None else now
    due = store.due_reviews(now, rules=rules) if store is not None else []
    if not matching and not (unfiltered and any(isinstance(item, (int, GameRef)) for item in due)):
        wanted = " ".join(f"--{k} {v}" for k, v in (("kind", kind), ("level", level), ("tag", tag)) if v is not None)
        if puzzles and not ours:
            written = ", ".join(sorted({p.rules for p in puzzles}))
            raise QuizError(*both("selection.none_for_ruleset", rules=rules.name, written=written))
        raise QuizError(*(both("selection.no_match", wanted=wanted, rules=rules.name) if wanted
                          else both("selection.library_empty")))
    if store is None:
        return [from_puzzle(p, rules) for p in matching[:n]]
    by_id = {p.id: p for p in matching}
    games = _mistakes(store, [item.id for item in due if isinstance(item, GameRef)]) if unfiltered else {}
    chosen: list[Question | GameItem] = []
    taken: set[str] = set()
    for item in due:
        if len(chosen) == n:
            break
        if isinstance(item, GameRef):
            if item.id in games:
                chosen.append(_as_review(games[item.id], store.review(rules=rules, game_id=item.id)))
        elif isinstance(item, int):
            if unfiltered:
                try:
                    q = drills.drill(item, rules)
                except ValueError:  # a seed of another phz version: skip it
                    continue
                chosen.append(_as_review(q, store.review(rules=rules, seed=item)))
        elif item in by_id:
            q = from_puzzle(by_id[item], rules)
            chosen.append(_as_review(q, store.review(rules=rules, puzzle_id=item)))
            taken.add(item)
    tried = store.attempted_puzzles(rules=rules)
    order = {p.id: i for i, p in enumerate(matching)}
    fresh = interleave([p for p in matching if p.id not in tried and p.id not in taken])

    def due_at(p) -> float:
        review = store.review(rules=rules, puzzle_id=p.id)
        return review[1] if review else float("inf")

    rest = sorted((p for p in matching if p.id in tried and p.id not in taken), key=lambda p: (due_at(p), order[p.id]))
    for p in fresh + rest:
        if len(chosen) == n:
            break
        chosen.append(_as_review(from_puzzle(p, rules), store.review(rules=rules, puzzle_id=p.id)))
    return chosen


def interleave(ps: Sequence) -> list:
    """Puzzles ``ps`` easiest first, the kinds taking turns within a level (in their ORDER), each kind's
    in the order given: a fresh progress file's first questions are of every kind, not all ting.

    >>> from types import SimpleNamespace as P
    >>> [p.id for p in interleave([P(id=i, kind=k, level=lv) for i, k, lv in
    ...  [("t1", "ting", 1), ("t2", "ting", 1), ("t3", "ting", 2), ("d1", "discard", 1), ("c1", "chi", 1)]])]
    ['t1', 'd1', 'c1', 't2', 't3']
    """
    out = []
    for level in sorted({p.level for p in ps}):
        queues = {k: [p for p in ps if p.level == level and p.kind == k] for k in registry.hand_kinds()}
        while any(queues.values()):
            out += [queue.pop(0) for queue in queues.values() if queue]
    return out


def _as_review(q, review: tuple[int, float] | None):
    """Question or GameItem ``q`` labelled a review in its box (``Store.review``); as it is when never asked."""
    if review is None:
        return q
    return solved_as(replace(q, review=review[0]), q)  # a drill comes solved by its generator: keep it


def _mistakes(store, ids: Sequence[int]) -> dict[int, GameItem]:
    """The questions with these ids that the kinds made of the learner's mistakes (game: the decisions saved
    from the learner's games; ``Kind.from_mistakes``)."""
    found: dict[int, GameItem] = {}
    for k in registry.kinds().values():
        found.update(k.from_mistakes(store, ids))
    return found


def _from_games(kind: Kind, rules: Ruleset, n: int, level: int | None, tag: str | None, store,
                now: float) -> list[GameItem]:
    """``n`` questions of ``kind`` saved from games under ``rules``: the due ones (most overdue first), then
    the others (soonest due first)."""
    if level is not None or tag is not None:
        raise QuizError(*both("selection.games_no_level"))
    items = kind.from_mistakes(store, rules=rules) if store is not None else {}
    if not items:
        raise QuizError(*both("selection.no_game_questions", rules=rules.name))
    due = [item.id for item in store.due_reviews(now, rules=rules) if isinstance(item, GameRef)]

    def due_at(i: int) -> float:
        review = store.review(rules=rules, game_id=i)
        return review[1] if review else now

    rest = sorted((i for i in items if i not in due), key=lambda i: (due_at(i), i))
    chosen = [i for i in due + rest if i in items][:n]
    return [_as_review(items[i], store.review(rules=rules, game_id=i)) for i in chosen]
