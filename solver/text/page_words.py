"""The words of ``phz serve``'s refusals, one line each, in English and Chinese: at the table (``refusal``:
the page shows the moves as buttons, so a refusal says why, never which number to type) and of every
request (``PageError``: the name of an entry ``refused_…`` of ``messages/page_words.toml`` and its values, said in
the language the page asks in)."""
from __future__ import annotations

from solver.game.moves import Ask, Move
from solver.game.record import RecordError
from solver.model.tiles import glyph

from .catalogue import say
from .play_words import why_words
from .table_view import move_words
from .words import error_in

__all__ = ["PageError", "record_refused", "refusal"]


def refusal(key: str, lang: str, *, text: str = "", move: Move | None = None, ask: Ask | None = None,
            reason: str | None = None, kan: bool = False) -> str:
    """One line: ``key`` one of unreadable (``text``), move (``move`` at ``ask``, the engine's ``reason``;
    ``kan``: a discard of a 坎's tile), no_decision, no_undo, not_over."""
    if key == "unreadable":
        return say("page_words.table_unreadable", lang, text=text[:24])
    if key != "move":
        return say(f"page_words.table_{key}", lang)
    assert move is not None and ask is not None  # a move refused at a decision
    if kan and move.tile is not None:
        return say("page_words.table_kan", lang, t=glyph(move.tile))
    words = move_words(move, ask.tile, lang)
    if reason is not None:
        return say("page_words.table_illegal", lang, move=words, why=why_words(reason, lang))
    return say("page_words.table_not_offered", lang, move=words)


class PageError(ValueError):
    """A request refused: ``which``, the catalogue's entry ``page_words.refused_WHICH``, with its ``values`` (a
    value given as an (en, zh) pair is said in each language); ``status`` the HTTP status.  ``str()`` is the
    English line."""

    def __init__(self, which: str, status: int = 400, /, **values: object):
        self.which, self.status, self.values = which, status, values
        super().__init__(self.said("en"))

    def said(self, lang: str) -> str:
        zh = lang == "zh"
        values = {k: (v[zh] if isinstance(v, tuple) else v) for k, v in self.values.items()}
        return say(f"page_words.refused_{self.which}", lang, **values)



def record_refused(e: RecordError, where: str) -> PageError:
    """A record the page cannot read (``RecordError``, at ``where``), said in both languages (``words.error_in``)."""
    line = e.at(where)
    return PageError("record_bad", why=(line, error_in(line, "zh")))
