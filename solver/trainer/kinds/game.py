"""``game`` (对局): a decision of the learner's own game asked again (``game_questions.GameItem``).

``phz review --save`` keeps the worst decisions of a game (``game_questions.save``); the quiz asks them
(``from_mistakes``) with the position and the numbered moves offered.  Answered with a move's number or
its text (吃 碰 过 打 ...; a bare tile for a discard); right when it is the best move.  Taught with the
best move, the move made in the game and what it cost, and the explanation saved with it.  No puzzle
and no drill is of this kind, and its teaching is all in its explanation (no note).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ...game.moves import Move, MoveError, move_text
from ...model.hand import HandError
from ...model.notation import parse_tiles
from ...model.rules import Ruleset
from ...text.catalogue import both, say
from ...text.position_text import option_lines, position_lines, wrap
from ...text.replies import quoted, whole_number
from ...text.table_view import move_words
from ..game_questions import GameItem, load_items, read_move
from ..question import AnswerError, Facts, Grade
from . import Makers

if TYPE_CHECKING:
    from solver.puzzles import PuzzleAnswer

    from ..progress import Store

#: after the kinds on a hand
ORDER = 5
NAME_ZH = "对局"
HAND = False
#: one choice among the moves open, the best one right (``phz stats`` counts it an optimal choice)
CHOICE = True
READY = False
TAGS: tuple[str, ...] = ()
MAKERS: Makers | None = None
MORE_GENERATORS: dict[str, tuple[int, Makers]] = {}
#: its questions are a game's positions (``GameItem``), not questions on a hand: no facts of a hand's question
FACTS = Facts
#: the longest reply read as a move (吃 三四五 比 一二三 比 四五六 in ASCII takes under 40 characters)
_LONGEST = 60


def prompt(item: GameItem, zh: bool) -> str:
    return say("game.prompt_discard" if item.discard else "game.prompt_move", zh)


def context(item: GameItem, zh: bool) -> list[str]:
    """The position, then the moves offered, numbered."""
    lang = "zh" if zh else "en"
    return position_lines(item.position, lang) + option_lines(item.position, item.options, lang)


def with_menu(item: GameItem) -> GameItem:
    """As it is: its menu is the moves it was saved with."""
    return item


def solve(item: GameItem, result: None = None) -> Move:
    """The best move, saved with the question (the solver was asked when the game was reviewed)."""
    return item.best


def parse(item: GameItem, raw: str, spaced: str) -> Move:
    """The option an answer names."""
    n = len(item.options)
    k = whole_number(raw)  # ASCII digits only: ²、① or 5,000 digits are no number (asked again)
    if k is not None:
        if 1 <= k <= n:
            return item.options[k - 1]
        raise AnswerError(*both("game.off_menu", number=k, n=n))
    if len(raw) > _LONGEST:  # no move is written so long: say so in one line, the reply cut short
        raise AnswerError(*both("game.too_long", answer=quoted(raw), n=n))
    move: Move | None
    try:
        move = read_move(raw)
    except MoveError as e:
        move = _tile(raw) if item.discard else None
        if move is None:
            raise AnswerError(*both("game.no_move", _error=e, _answer=quoted(raw), n=n)) from None
    if move in item.options:
        return move
    if move.kind == "chi" and not move.bi:  # 吃 三四五 with the one 比 it takes here
        ways = [m for m in item.options if m.kind == "chi" and m.chi == move.chi]
        if len(ways) == 1:
            return ways[0]
        if ways:
            raise AnswerError(say("game.takes_bi", "en", move=move_text(move),
                                  ways=say("game.or", "en").join(repr(move_text(m)) for m in ways)),
                              say("game.takes_bi", "zh", move=move_words(move, None, "zh"),
                                  ways=say("game.or", "zh").join(move_words(m, None, "zh") for m in ways)))
    raise AnswerError(say("game.not_here", "en", move=move_text(move), n=n),
                      say("game.not_here", "zh", move=move_words(move, None, "zh"), n=n))


def _tile(text: str) -> Move | None:
    try:
        tiles = parse_tiles(text)
    except HandError:
        return None
    return Move("discard", tile=tiles[0]) if len(tiles) == 1 else None


def grade(item: GameItem, answer: Move) -> Grade:
    return Grade(answer == item.best, answer, item.best, text=move_text(answer))


def right_answer(item: GameItem) -> str:
    return move_text(item.best)


def puzzle_answer(item: GameItem) -> PuzzleAnswer:
    """None: the puzzle library holds no question from a game."""
    raise ValueError(f"{item.name} is no puzzle: the puzzle library holds no question from a game")


def teach(item: GameItem, g: Grade, zh: bool) -> list[str]:
    lang = "zh" if zh else "en"

    def said(m: Move) -> str:
        return move_words(m, item.tile, lang)

    best = said(item.best)
    if item.follow is not None:
        best += say("game.then", zh, move=said(item.follow))
    lines = wrap(say("game.best", zh, best=best))
    if not g.correct:
        assert isinstance(g.answer, Move)  # the grade of a GameItem (``grade``) holds the move named
        lines += wrap(say("game.your_answer", zh, move=said(g.answer)))
    played = said(item.played)
    if item.played == item.best:
        cost = say("game.played_best", zh, played=played)
    else:
        cost = say("game.played_loss", zh, played=played, loss=item.loss)
    lines += wrap(cost)
    for line in (item.why_zh if zh else item.why_en).splitlines():
        if line.strip():
            lines += wrap(line)
    return lines


def note(item: GameItem, zh: bool) -> str:
    """None: the explanation saved with the question says why (``teach``)."""
    return ""


def ruleset_tags(rules: Ruleset) -> tuple[str, ...]:
    return ()


def generator(own: str, base: int, tag: str | None, rules: Ruleset, frozen: bool) -> str:
    """Never asked: it has no drills (``MAKERS`` is None)."""
    return own


def from_mistakes(store: Store, ids: Sequence[int] | None = None, *,
                  rules: Ruleset | None = None) -> dict[int, GameItem]:
    """The decisions ``phz review --save`` kept (``game_questions.load_items``)."""
    return load_items(store, ids, rules=rules)


if TYPE_CHECKING:  # mypy checks that this module implements the protocol of a kind
    from . import Kind
    from . import game as _this
    _kind: Kind = _this
