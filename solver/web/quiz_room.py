"""The page's quiz: questions chosen as ``phz quiz`` chooses them (the puzzle library, the due reviews,
drills on request), each answer graded, recorded in the progress file the moment it is graded, and
explained; the statistics as ``phz stats`` gives them."""
from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from typing import Any

from solver.model.rules import Ruleset
from solver.text.page_words import PageError

__all__ = ["Quizzes"]

#: questions waiting for an answer, kept at once (the oldest let go)
MAX_OPEN = 64
MAX_ANSWER = 200


class Quizzes:
    """The questions the page has asked and not yet had answered, by id."""

    def __init__(self, config: Any):
        self.config = config
        #: by id: the question, when it was shown, its grade once answered (kept to be shown in another language)
        self.open: OrderedDict[str, tuple[Any, float, Any]] = OrderedDict()
        self.asked: list[str] = []  # the questions asked this session (their ids), not asked again at once
        self.lock = threading.Lock()

    def next(self, body: dict, rules: Ruleset, lang: str) -> dict:
        """``{kind, drill}``: the next question (a drill when ``drill``), its words and id."""
        from solver import puzzles
        from solver.trainer import asking
        from solver.trainer.progress import Store
        from solver.trainer.selection import select_questions

        kind = body.get("kind") or None
        if kind is not None and not isinstance(kind, str):
            raise PageError("kind")
        drill = bool(body.get("drill"))
        with self.lock:
            asked = set(self.asked[-20:])
        with Store(self.config.db) as store:
            qs = select_questions([] if drill else puzzles.load(), rules=rules, kind=kind, count=len(asked) + 1,
                                  random_drills=drill, store=store, now=time.time())
            chosen = None
            for q in qs:
                if _key(q) not in asked:
                    chosen = q
                    break
            if chosen is None:
                chosen = next(iter(qs))
        qid = secrets.token_hex(6)
        with self.lock:
            self.open[qid] = (chosen, time.time(), None)
            self.asked.append(_key(chosen))
            while len(self.open) > MAX_OPEN:
                self.open.popitem(last=False)
        return {"qid": qid, "kind": chosen.kind, "lines": asking.lines(chosen, lang)}

    def answer(self, body: dict, lang: str) -> dict:
        """``{qid, answer}``: graded, recorded, explained; a ValueError (one line) for an answer that cannot be
        read (asked again), or a question no longer open."""
        from solver.text.replies import printable
        from solver.trainer import asking
        from solver.trainer.progress import Store
        from solver.trainer.question import AnswerError

        qid, text = body.get("qid"), body.get("answer")
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_ANSWER:
            raise PageError("answer")
        if not isinstance(qid, str):
            raise PageError("qid")
        with self.lock:
            held = self.open.get(qid)
        if held is None:
            raise PageError("no_question")
        q, shown, graded = held
        if graded is not None:
            raise PageError("answered")
        now = time.time()
        try:
            g = asking.grade(q, text.strip())
        except AnswerError as e:
            raise PageError("cannot_read", said=(printable(e.said("en")), printable(e.said("zh")))) from None
        with Store(self.config.db) as store:
            store.record(rules=q.rules, **q.record_ids, kind=q.kind, level=q.level, tags=q.tags, answer=g.text,
                         correct=g.correct, seconds=max(0.0, now - shown), at=now)
        with self.lock:
            self.open[qid] = (q, shown, g)
        return _answered(q, g, lang)

    def shown(self, qid: str, lang: str) -> dict:
        """A question asked (and its answer, once answered) again, in ``lang``: the page switched language."""
        from solver.trainer import asking
        with self.lock:
            held = self.open.get(qid)
        if held is None:
            raise PageError("no_question")
        q, _, g = held
        return {"qid": qid, "kind": q.kind, "lines": asking.lines(q, lang),
                "answered": _answered(q, g, lang) if g is not None else None}

    def stats(self, rules: Ruleset, lang: str) -> dict:
        """The progress file's statistics under ``rules``, as ``phz stats`` shows them."""
        from solver.trainer import kinds, progress
        s = progress.stats(self.config.db, now=time.time(), rules=rules)
        return {"lines": progress.stats_lines(s, lang, kinds.name_zh if lang == "zh" else str), "stats": s}


def _answered(q: Any, g: Any, lang: str) -> dict:
    from solver.trainer import asking
    return {"correct": bool(g.correct), "right": asking.right_answer(q), "explanation": asking.explanation(q, g, lang)}


def _key(q: Any) -> str:
    ids = q.record_ids
    return f"{q.kind}:{sorted(ids.items())}"
