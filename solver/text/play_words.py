"""What ``phz play`` says besides the table: what each player did, the settlement of a hand, the coach's
words, prompts and one-line answers to a bad reply, in en or zh, every line within 80 columns.

>>> chou_note([3], [], "en"), chou_note([3], [], "zh")
('四 becomes 臭 for 吃', '四对吃成为臭张')
"""
from __future__ import annotations

from typing import Sequence

from ..game.advice import Advice
from ..game.events import (
    DealEvent,
    DiscardEvent,
    DrawEvent,
    Event,
    FaceUpEvent,
    MeldEvent,
    PenaltyEvent,
    TakeEvent,
    seat_of,
)
from ..game.moves import Ask, Move
from ..game.review import Reviewed
from ..game.settle import Result
from ..model.rules import Ruleset
from ..model.tiles import glyph
from .advice_text import choice_text, danger_text, draws_text, look_text, table_tile
from .catalogue import say
from .review_text import grade_text, look_lines, move_line
from .table_view import move_words, wrap
from .terms import why
from .words import MOVE_ZH, group_zh

__all__ = ["why_words", "bad_answer", "chou_note", "coach_lines", "event_line", "hint_lines", "illegal_answer",
           "intro_lines", "only_move", "record_kept", "resume_lines", "seed_line", "out_of_range", "prompt", "scores_line", "settlement_lines",
           "stopped_lines", "warning"]

#: where a winning tile came from (entries ``play_words.source_…``)
_SOURCES = ("self", "other", "discard")
#: the context a game gives a win (ruleset.GAME_CONDITIONS; entries ``play_words.cond_…``)
_CONDITIONS = ("haidi", "tianhu", "dihu", "qishou")


def _s(n: int, lang: str) -> str:
    return "" if lang == "zh" or n == 1 else "s"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _net(values: Sequence[int], names: Sequence[str], lang: str) -> str:
    sep = "，" if lang == "zh" else " · "
    return sep.join(f"{names[p]} {_signed(v)}" for p, v in enumerate(values))


# ---------------------------------------------------------------- what happened

def event_line(e: Event, names: Sequence[str], lang: str, *, me: int, hidden: bool = False,
               hand_no: int = 1) -> str | None:
    """One line of what the seat ``me`` saw happen (``hidden``: a draw or 偎 it does not see the tile of);
    None for what it is not told (a claim declined) or what the settlement says."""
    seat = seat_of(e)
    who = names[seat] if seat is not None else None
    mine = seat == me
    # (the learner's own: English says "you take", entry …_me; Chinese names the seat as any other, its _who)
    if isinstance(e, DealEvent):
        dealer = names[e.dealer]
        line = say("play_words.deal_me" if e.dealer == me else "play_words.deal", lang, n=hand_no, who=dealer,
                   _who=dealer)
        line += say("play_words.liang", lang, t=e.liang) if e.liang else ""
        if e.out is not None:
            line += say("play_words.out_me", lang) if e.out == me else say("play_words.out", lang, who=names[e.out])
        line += say("play_words.last", lang, t=e.last) if e.last else ""
        return line + (say("play_words.buried", lang) if e.buried else "")
    if isinstance(e, MeldEvent):
        return say("play_words.dealt_me" if mine else "play_words.dealt", lang, who=who, _who=who,
                   meld=f"{_zh(e.kind)} {e.tiles}")
    if isinstance(e, DrawEvent):
        if mine:
            return say("play_words.draw_me", lang, t=e.tile)
        return say("play_words.draw_hidden" if hidden else "play_words.draw", lang, who=who, t=e.tile)
    if isinstance(e, TakeEvent):
        if hidden:
            return say("play_words.take_hidden", lang, who=who)
        return say("play_words.take_me" if mine else "play_words.take", lang, who=who, _who=who, t=e.tile,
                   melds=" ".join(e.melds))
    if isinstance(e, DiscardEvent):
        return say("play_words.discard_me" if mine else "play_words.discard", lang, who=who, _who=who, t=e.tile)
    if isinstance(e, FaceUpEvent):
        return say("play_words.faceup", lang, who=who, t=e.tile)
    if isinstance(e, PenaltyEvent):
        return say("play_words.penalty", lang, who=who, what=e.offence, n=e.amount)
    return None


def _zh(kind: str) -> str:
    return MOVE_ZH.get(kind, kind)


def settlement_lines(result: Result, names: Sequence[str], rules: Ruleset, lang: str, *, me: int = 0) -> list[str]:
    """The end of a hand in words: who won, on what and how, what it scores and who pays; or 荒庄."""
    lines: list[str] = []
    win = result.win
    if result.winner is None or win is None:
        lines += wrap(say("play_words.drawn", lang))
    else:
        p = result.winner
        conds = [say(f"play_words.cond_{c}", lang) if c in _CONDITIONS else c for c in result.conditions]
        extra = f" ({'; '.join(conds)})" if conds and lang == "en" else "".join(f"（{c}）" for c in conds)
        if result.tile is None:
            lines += wrap(say("play_words.dealt_win_me" if p == me else "play_words.dealt_win", lang, who=names[p],
                              _who=names[p], how=win.how) + extra)
        elif result.source is None:
            raise ValueError("a win on a tile names where the tile came from")
        else:
            src = say(f"play_words.source_{result.source}", lang) if result.source in _SOURCES else result.source
            how = (" " if lang == "en" else "，") + src
            lines += wrap(say("play_words.wins_me" if p == me else "play_words.wins", lang, who=names[p],
                              _who=names[p], t=glyph(result.tile), how=how) + extra)
        fans = "+".join(win.fan_names) or say("play_words.plain", lang)
        lines += wrap("  " + say("play_words.score", lang, how=win.how, huxi=win.huxi, deng=win.deng, fan=win.fan,
                                 fans=fans, score=win.score), indent="    ")
        groups = " ".join(f"{group_zh(g.kind, rules.sequence)}{g.text()}" for g in win.groups)
        lines += wrap("  " + say("play_words.groups", lang, groups=groups), indent="    ")
        losers = [q for q, v in enumerate(result.net) if v < 0 and q != p]
        if result.source == "discard" and rules.game.pay == "discarder" and len(losers) == 1:
            q = losers[0]
            lines += wrap("  " + say("play_words.discarder_me" if q == me else "play_words.discarder", lang,
                                     who=names[q], _who=names[q], n=win.score * (len(names) - 1)), indent="    ")
        else:
            lines += wrap("  " + say("play_words.each", lang, who=names[p], n=win.score), indent="    ")
    for seat, offence, amount in result.penalties:
        each = amount // 3 if rules.game.penalty_paid == "third_to_each" else amount
        lines += wrap("  " + say("play_words.pen_me" if seat == me else "play_words.pen", lang, who=names[seat],
                                 _who=names[seat], what=offence, n=amount, each=each), indent="    ")
    lines += wrap("  " + say("play_words.net", lang, net=_net(result.net, names, lang)), indent="    ")
    return lines


def scores_line(scores: Sequence[int], hands: int, names: Sequence[str], lang: str) -> list[str]:
    return wrap(say("play_words.scores", lang, n=hands, _s=_s(hands, lang), net=_net(scores, names, lang)))


# ---------------------------------------------------------------- the coach

def coach_lines(d: Reviewed, lang: str) -> list[str]:
    """After a decision: its grade as ``phz review`` gives it, the move made and, when it was not the best,
    the best and the loss (``review_text.move_line``), then what the two leave."""
    lines = wrap(say("play_words.coach", lang, grade=grade_text(d.grade, lang), move=move_line(d, lang)))
    played, advice = d.played, d.advice  # a move played (a choice) was asked with its advice
    if d.matched and played is not None and advice is not None:
        lines += wrap("    " + say("play_words.yours", lang, look=look_text(played, advice, lang)), indent="      ")
    else:
        lines += look_lines(d, lang)
    danger = danger_text(played, advice, lang) if played is not None and advice is not None else None
    return lines + (wrap("    " + danger, indent="      ") if danger else [])


def hint_lines(advice: Advice, lang: str, *, rows: int = 5) -> list[str]:
    """Before a decision (?): the solver's choice, then the next best few moves with what each leaves."""
    best, tile = advice.best, table_tile(advice)
    lines = wrap(say("play_words.hint", lang, best=choice_text(best, lang, tile=tile),
                     look=look_text(best, advice, lang)))
    draws = draws_text(best, lang)
    if draws is not None:
        lines += wrap("  " + draws, indent="    ")
    danger = danger_text(best, advice, lang)
    if danger is not None:
        lines += wrap("  " + danger, indent="    ")
    colon = "：" if lang == "zh" else ": "
    for c in advice.choices[1:rows]:
        lines += wrap(f"  {choice_text(c, lang, tile=tile)}{colon}{look_text(c, advice, lang)}", indent="    ")
    return lines


def chou_note(chi: Sequence[int], peng: Sequence[int], lang: str, *, hu_only: bool = False) -> str:
    """What a move makes 臭, in a few words ('' when nothing)."""
    sep = "，" if lang == "zh" else "; "
    if hu_only:
        return sep.join(say("play_words.chou_both", lang, t=glyph(t)) for t in sorted(set(chi) | set(peng)))
    return sep.join([say("play_words.chou_chi", lang, t=glyph(t)) for t in chi] +
                    [say("play_words.chou_peng", lang, t=glyph(t)) for t in peng])


def warning(note: str, lang: str) -> str:
    return say("play_words.warn", lang, what=note)


def only_move(move: str, lang: str) -> str:
    """A decision with one option, made at once."""
    return say("play_words.only", lang, move=move)


def intro_lines(rules: Ruleset, bots: Sequence[str], coaching: bool, lang: str) -> list[str]:
    """The start of a session: who plays whom, and how to answer."""
    if len(bots) == 1:
        lines = wrap(say("play_words.intro2", lang, title=rules.title, other=bots[0]))
    elif len(bots) == 3:
        lines = wrap(say("play_words.intro4", lang, title=rules.title, lower=bots[0], opposite=bots[1],
                         upper=bots[2]))
    else:
        lines = wrap(say("play_words.intro", lang, title=rules.title, lower=bots[0], upper=bots[1]))
    lines += wrap(say("play_words.keys", lang))
    if coaching:
        lines += wrap(say("play_words.coach_on", lang))
    return lines


def seed_line(seed: int, lang: str) -> str:
    return say("play_words.seed", lang, n=seed)


def resume_lines(at: int, path: str, hand: int, lang: str) -> list[str]:
    """Where a game goes on from: the move and hand, then the record's path on a line of its own."""
    return wrap(say("play_words.resume", lang, at=at, n=hand)) + [f"  {path}"]


def record_kept(path: str, lang: str, *, done: bool = False, cut: bool = False) -> list[str]:
    """Where the record is (``done``: every hand asked for was played; ``cut``: it has no end line): the
    path on a line of its own, whole (to copy)."""
    if cut:
        head = say("play_words.record_cut", lang)
    elif done:
        head = say("play_words.record_done", lang)
    else:
        head = say("play_words.record", lang)
    return [head, f"  {path}"]


def stopped_lines(why: str, hands: int, scores: Sequence[int], names: Sequence[str], lang: str) -> list[str]:
    """The end of a session stopped by q, the end of the input or Ctrl-C, with the scores so far."""
    lines = wrap(say(f"play_words.stopped_{why}", lang, n=hands, _s=_s(hands, lang)))
    return lines + (scores_line(scores, hands, names, lang) if hands else [])


# ---------------------------------------------------------------- prompts

def _range(n: int) -> str:
    return "1" if n == 1 else f"1-{n}"


def prompt(n: int, lang: str) -> str:
    return say("play_words.prompt", lang, rng=_range(n))


def bad_answer(text: str, n: int, lang: str) -> str:
    """A reply that is no answer, in one line."""
    shown = text.strip()
    if not shown:
        return say("play_words.empty", lang, rng=_range(n))
    shown = repr(shown[:16] + ("…" if len(shown) > 16 else ""))
    return say("play_words.bad", lang, text=shown, rng=_range(n))


def out_of_range(k: int, n: int, lang: str) -> str:
    return say("play_words.range", lang, n=k, rng=_range(n))


def why_words(reason: str, lang: str) -> str:
    """The obligations engine's reason ``reason`` (results.FORBID_REASONS) in a few words."""
    return why(reason, lang)


def illegal_answer(move: Move, ask: Ask, reason: str | None, lang: str) -> str:
    """A move that is not among the options, in one line (``reason``: the obligations engine's code)."""
    words = move_words(move, ask.tile, lang)
    if reason is None:
        return say("play_words.not_offered", lang, move=words, rng=_range(len(ask.options)))
    return say("play_words.illegal", lang, move=words, why=why(reason, lang), rng=_range(len(ask.options)))

