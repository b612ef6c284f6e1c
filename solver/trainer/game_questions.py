"""Questions from the learner's own games: their worst decisions, saved in the progress file and asked again.

A *game question* is one decision of a game — a move at a revealed tile (each
吃 way with its 比, 碰, 过 ...) or a discard — with the position the learner
saw, the moves offered, the best one (and, for a claim, the discard after it),
the move made in the game, its expected-score loss against the best, the
explanation (en and zh) and where it comes from ("from your game of FILE,
hand N, move M").  ``phz review --save`` makes them (``GameQuestion``) and
``save`` stores them (table ``game_questions`` of ``solver.trainer.progress``);
one already saved (the same position and best move) is not stored again.

``phz quiz`` serves them in the spaced review like missed puzzles: a saved
question is due at once, under the ruleset of its position; a right answer
moves it one Leitner box up (asked again later), a wrong one back to box 1
(asked again soon).  ``GameItem`` is one as the quiz asks it, through the kind
``game`` (``solver.trainer.kinds.game``): the position drawn by
``solver.text.position_text``, the numbered moves, an answer read as a number
or a move text (``parse_move``: 吃 碰 过 打 ... accepted; a bare tile for a
discard), right when it is the best move; then the explanation.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any, Sequence

from ..game.moves import Move, MoveError, move_text, parse_move
from ..game.position import Position, dumps, loads
from ..model.rules import Ruleset
from ..text.review_text import why_text
from .progress import Store

__all__ = ["GAME_KIND", "GameItem", "GameQuestion", "load_items", "read_move", "save"]

#: the kind of a question from a game (``phz quiz --kind game``; the attempts' kind)
GAME_KIND = "game"
#: the level attempts of game questions store: they have none
NO_LEVEL = 0


@dataclass(frozen=True)
class GameQuestion:
    """A decision to save: ``position`` a position file's JSON (``solver.game.position.dumps``; it holds
    the ruleset), ``options`` the moves offered (move texts), ``best`` the right one (one of them),
    ``follow`` the discard after a best 吃/碰 (None otherwise), ``played`` the move made in the game,
    ``loss`` its expected-score loss (>= 0), ``why_*`` the explanation, ``source_*`` where it comes from."""
    position: str
    options: tuple[str, ...]
    best: str
    follow: str | None
    played: str
    loss: float
    why_en: str
    why_zh: str
    source_en: str
    source_zh: str


#: the grades whose decisions ``phz review --save`` makes quiz questions of
SAVED = ("mistake", "blunder")


def of_review(done: Any, record_path: str, *, grades: Sequence[str] = SAVED, only: int | None = None) -> list[GameQuestion]:
    """The quiz questions of the decisions of a review (``solver.game.review.Review``) graded one of ``grades``,
    or (``only``) of its decision at that index whatever its grade: the position, the moves offered, the best
    (and its discard after a claim), the move made, its loss, why (en and zh) and where it comes from.  A
    decision without advice (not asked of the seat) makes none."""
    out = []
    for i, d in enumerate(done.decisions):
        if (d.grade not in grades if only is None else i != only) or d.best is None:
            continue
        best = d.best
        where_en = f"from your game of {record_path}, hand {d.hand}, move {d.n}"
        where_zh = f"来自你的牌局 {record_path}，第 {d.hand} 局第 {d.n} 手"
        out.append(GameQuestion(dumps(d.position), tuple(move_text(m) for m in d.position.options),
                                move_text(best.move), move_text(best.follow) if best.follow else None,
                                move_text(d.move), round(d.loss, 3), why_text(d, "en"), why_text(d, "zh"),
                                where_en, where_zh))
    return out


def save(db_path: str | None, questions: Sequence[GameQuestion], *, at: float | None = None) -> int:
    """Store ``questions`` in the progress file at ``db_path`` (the default file when None), all in one
    commit, saved at ``at`` (now when None); returns how many are new.  ValueError (one line, naming the
    question) when one cannot be read, before anything is stored; ProgressError for the file."""
    rows = [_row(q, i) for i, q in enumerate(questions, 1)]
    with Store(db_path) as store:
        return store.add_game_questions(rows, at=time.time() if at is None else float(at))


def read_move(text: str) -> Move:
    """``parse_move``, the Chinese name of a move also written close to its tiles (打五, 吃三四五)."""
    raw = text.strip()
    if raw[:1] in _ZH_NAMES and len(raw) > 1 and not raw[1].isspace():
        raw = f"{raw[0]} {raw[1:]}"
    return parse_move(raw)


_ZH_NAMES = frozenset("胡提偎跑招碰吃过打")


def _move(text: str, what: str) -> Move:
    if not isinstance(text, str):
        raise ValueError(f"{what} is {text!r}, not a move text")
    try:
        return read_move(text)
    except MoveError as e:
        raise ValueError(f"{what}: {e}") from None


def _row(q: GameQuestion, i: int) -> dict:
    """The stored form of ``q``: the position and moves written as phz writes them (so that the same
    decision saved twice is one question)."""
    try:
        try:
            pos = loads(q.position)
        except (TypeError, ValueError) as e:
            raise ValueError(f"its position: {e}") from None
        options = [_move(t, "an option") for t in q.options]
        if not options or len(set(options)) != len(options):
            raise ValueError("its options are the moves offered, each once")
        best, played = _move(q.best, "its best move"), _move(q.played, "the move played")
        for what, m in (("best move", best), ("move played", played)):
            if m not in options:
                raise ValueError(f"its {what} {move_text(m)} is not one of its options")
        follow = None if q.follow is None else _move(q.follow, "the discard after the best move")
        if follow is not None and (follow.kind != "discard" or best.kind in ("discard", "pass", "hu")):
            raise ValueError("its follow-up is the discard after a claim, or None")
        if not isinstance(q.loss, (int, float)) or not math.isfinite(q.loss) or q.loss < 0:
            raise ValueError(f"its loss {q.loss!r} is not a number >= 0")
        texts = (q.why_en, q.why_zh, q.source_en, q.source_zh)
        if not all(isinstance(t, str) for t in texts) or not (q.source_en.strip() and q.source_zh.strip()):
            raise ValueError("its explanation and source are text (the source not empty)")
    except ValueError as e:
        raise ValueError(f"question {i} from a game: {e}") from None
    return {"rules": pos.rules.name, "position": dumps(pos), "options": [move_text(m) for m in options],
            "best": move_text(best), "follow": None if follow is None else move_text(follow),
            "played": move_text(played), "loss": float(q.loss), "why_en": q.why_en, "why_zh": q.why_zh,
            "source_en": q.source_en, "source_zh": q.source_zh}


# ---------------------------------------------------------------- asking one

@dataclass(frozen=True)
class GameItem:
    """A saved question from a game as ``phz quiz`` asks it: the facts a ``question.Question`` has too (``rules``,
    ``kind``, ``level``, ``tags``, ``record_ids``), and its own; its kind (``solver.trainer.kinds.game``) shows,
    reads and grades it, asked by ``solver.trainer.asking``."""
    game_id: int
    position: Position
    options: tuple[Move, ...]
    best: Move
    follow: Move | None
    played: Move
    loss: float
    why_en: str
    why_zh: str
    source_en: str
    source_zh: str
    kind: str = GAME_KIND
    level: int = NO_LEVEL
    tags: tuple[str, ...] = ()
    #: the Leitner box when asked again for review (None: its first asking); its header says so
    review: int | None = None

    @classmethod
    def from_row(cls, row: dict) -> GameItem:
        """The question of a row of ``Store.game_questions``; ValueError when this phz cannot read it."""
        return cls(int(row["id"]), loads(row["position"]), tuple(parse_move(t) for t in row["options"]),
                   parse_move(row["best"]), None if row["follow"] is None else parse_move(row["follow"]),
                   parse_move(row["played"]), float(row["loss"]), row["why_en"], row["why_zh"], row["source_en"],
                   row["source_zh"])

    @property
    def rules(self) -> Ruleset:
        return self.position.rules

    @property
    def key(self) -> str:
        return f"game:{self.game_id}"

    @property
    def name(self) -> str:
        return f"game question {self.game_id}"

    @property
    def tile(self) -> int | None:
        return self.position.table[0] if self.position.table is not None else None

    @property
    def discard(self) -> bool:
        """The question is which tile to discard (else what to do with the tile on the table)."""
        return all(m.kind == "discard" for m in self.options)

    @property
    def record_ids(self) -> dict[str, Any]:
        """What ``progress.Store.record`` files an attempt at it under."""
        return {"game_id": self.game_id}


def load_items(store: Store, ids: Sequence[int] | None = None, *, rules: Ruleset | None = None) -> dict[int, GameItem]:
    """The saved questions with these ids (every one when None) of ruleset ``rules`` (any when None), by
    id; one this phz cannot read (a position of another version) is left out."""
    items = {}
    for row in store.game_questions(ids, rules=rules):
        try:
            items[row["id"]] = GameItem.from_row(row)
        except ValueError:
            continue
    return items
