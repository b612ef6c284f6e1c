"""The words of ``phz serve``'s refusals at the table, one line each, in English and Chinese: the page
shows the moves as buttons, so a refusal says why, never which number to type."""
from __future__ import annotations

from solver.game.moves import Ask, Move
from solver.model.tiles import glyph

from .play_words import why_words
from .table_view import move_words

__all__ = ["refusal"]

_W = {"en": {"unreadable": "{text!r} is no move: choose one of the moves shown",
             "kan": "{t} is in a 坎: 坎 tiles are never discarded",
             "illegal": "{move} is not allowed here ({why})",
             "not_offered": "{move} is not one of the moves open now",
             "no_decision": "there is no decision of yours to make now",
             "no_undo": "nothing to take back in this hand",
             "not_over": "the hand is not over yet: play on"},
      "zh": {"unreadable": "{text!r} 不是一步走法：请从显示的走法里选",
             "kan": "{t} 在坎里：坎牌不能打出",
             "illegal": "这里不能{move}（{why}）",
             "not_offered": "现在不能{move}",
             "no_decision": "现在没有要你做的决定",
             "no_undo": "这一局没有可以悔的棋",
             "not_over": "这一局还没结束：接着打"}}


def refusal(key: str, lang: str, *, text: str = "", move: Move | None = None, ask: Ask | None = None,
            reason: str | None = None, kan: bool = False) -> str:
    """One line: ``key`` one of unreadable (``text``), move (``move`` at ``ask``, the engine's ``reason``;
    ``kan``: a discard of a 坎's tile), no_decision, no_undo, not_over."""
    w = _W[lang]
    if key == "unreadable":
        return w["unreadable"].format(text=text[:24])
    if key != "move":
        return w[key]
    assert move is not None and ask is not None  # a move refused at a decision
    if kan and move.tile is not None:
        return w["kan"].format(t=glyph(move.tile))
    words = move_words(move, ask.tile, lang)
    if reason is not None:
        return w["illegal"].format(move=words, why=why_words(reason, lang))
    return w["not_offered"].format(move=words)
