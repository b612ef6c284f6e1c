"""The review of a game (``solver.game.review.Review``) as text, en or zh, and as JSON.

``review_lines`` gives: a heading (the seat, the hands, the ruleset); one
line per decision (its move number, what was asked, the move made, the best
move, the expected-score loss with its 95% half width, the grade), and
under each decision that was not the best what the two leave (distance to
ready, live 进张 or outs, win chance, expected score); every rule broken in
the hands with its penalty; the summary (decisions, how many matched the
best, the count of each grade, the total cost and the penalties paid); the
three worst decisions with the position the seat saw; and a footer stating
the grades' thresholds and the rollouts.  Every line fits 80 columns (a
glyph takes two); the caller paints red tiles (``render.paint``).

>>> from solver.model.ruleset import BotTuning
>>> footer_lines(BotTuning(), 200, 0, "en")[0].startswith("grades: the expected-score loss against the best move")
True
>>> max(width(x) for x in footer_lines(BotTuning(), 200, 0, "zh")) <= WIDTH
True
"""
from __future__ import annotations

from ..game.advice import Choice
from ..game.position import dumps as position_dumps
from ..game.review import BROKEN, GRADES, Review, Reviewed, default_seat
from ..game.winrate import most_deals
from ..model.ruleset import BotTuning
from ..model.tiles import glyph
from .advice_text import choice_text, draws_diff, look_text, why
from .catalogue import say
from .position_text import position_lines
from .table_view import WIDTH, width, wrap

__all__ = ["choice_words", "decision_lines", "footer_lines", "grade_text", "look_lines", "move_line", "review_json", "review_lines",
           "saved_line", "summary_lines", "why_text"]

_GRADE_ZH = {"ok": "可以", "inaccuracy": "欠佳", "mistake": "失误", "blunder": "大错", BROKEN: "犯规", "": "—"}


def grade_text(g: str, lang: str) -> str:
    """A grade in words (zh: 可以, 欠佳, 失误, 大错, 犯规)."""
    return _GRADE_ZH[g] if lang == "zh" else (g or "—")


def _num(x: float) -> str:
    return f"{x:.1f}"


def _s(n: int, lang: str) -> str:
    return "" if lang == "zh" or n == 1 else "s"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _tile(d: Reviewed) -> int | None:
    t = d.position.table
    return t[0] if t is not None and d.position.stage != "discard" else None


def choice_words(c: Choice, tile: int | None, lang: str) -> str:
    """A choice in words (``advice_text.choice_text``): the move, and after a claim the discard after it."""
    return choice_text(c, lang, tile=tile)


def _made(d: Reviewed, tile: int | None, lang: str) -> str:
    """The move made, in the words of the advice (without a discard after it: that is the next decision)."""
    return choice_text(Choice(d.move, None, None, None, 0, 0), lang, tile=tile)


def _penalty(amount: int, rules, lang: str) -> str:
    if rules.game.penalty_paid == "third_to_each":
        return say("review_text.to_each", lang, e=amount // 3)
    return ""


def _where(d: Reviewed, lang: str, hands: int) -> str:
    return say("review_text.move_no", lang, n=d.n) + \
        (f" ({say('review_text.one_hand', lang, n=d.hand)})" if hands > 1 else "")


def move_line(d: Reviewed, lang: str = "en") -> str:
    """The move made and, when it was not the best, the best and the loss: 'discard 一; best discard 六,
    loss 6.5±5.8'; a 过 or 胡 with the tile it answers ('on 五: pass (过)'), a claim names it itself."""
    tile = _tile(d)
    text = _made(d, tile, lang)
    if tile is not None and d.move.kind in ("pass", "hu"):  # a claim names its tile
        text = say("review_text.on_tile", lang, t=glyph(tile)) + ("：" if lang == "zh" else ": ") + text
    sep = "；" if lang == "zh" else "; "
    if d.offence:
        text += sep + say("review_text.breaks_rule", lang, off=d.offence, amount=d.penalty,
                          each=_penalty(d.penalty, d.position.rules, lang))
        if d.best is not None:
            text += sep + say("review_text.best_move", lang, move=choice_words(d.best, tile, lang))
        return text
    if d.matched:
        return text + say("review_text.the_best", lang)
    if d.best is None:
        return text
    comma = "，" if lang == "zh" else ", "
    return (text + sep + say("review_text.best_move", lang, move=choice_words(d.best, tile, lang)) + comma
            + say("review_text.loss", lang, loss=_num(d.loss), hw=_num(d.loss_half_width)))


def look_lines(d: Reviewed, lang: str = "en") -> list[str]:
    """What the move made and the best leave (none when they are the same move)."""
    lines: list[str] = []
    advice = d.advice
    if d.matched or d.best is None or advice is None:  # (no best move exactly when no advice)
        if d.advice or not d.offence:
            return lines
        return wrap("    " + say("review_text.not_asked", lang), indent="      ")
    if d.played is not None:
        lines += wrap("    " + say("review_text.yours", lang, look=look_text(d.played, advice, lang)),
                      indent="      ")
    lines += wrap("    " + say("review_text.best_look", lang, look=look_text(d.best, advice, lang)), indent="      ")
    diff = draws_diff(d.best, d.played, lang, say("review_text.yours_word", lang)) if d.played is not None else None
    return lines + (wrap("      " + diff, indent="        ") if diff else [])


def decision_lines(d: Reviewed, lang: str = "en", *, hands: int = 1) -> list[str]:
    """One decision: where, its grade and the moves (``move_line``), then what they leave."""
    where, grade = _where(d, lang, hands), grade_text(d.grade, lang)
    where += " " * max(1, (8 if hands == 1 else 17) + (lang == "zh") - width(where))
    head = where + grade + " " * max(1, (11 if lang == "en" else 6) - width(grade))
    pad = width(head)
    body = wrap(move_line(d, lang), WIDTH - pad, indent="")
    return [head + body[0]] + [" " * pad + x for x in body[1:]] + look_lines(d, lang)


def _hands_text(r: Review, lang: str) -> str:
    if len(r.hands) == 1:
        return say("review_text.one_hand", lang, n=r.hands[0])
    return say("review_text.hand_range", lang, a=r.hands[0], b=r.hands[-1])


def summary_lines(r: Review, lang: str = "en") -> list[str]:
    """The rules broken, the summary and the cost."""
    rules = r.record.rules
    lines: list[str] = []
    if r.offences:
        lines.append(say("review_text.rules_broken", lang))
        for o in r.offences:
            at = say("review_text.move_no", lang, n=o.n) + \
                (f" ({say('review_text.one_hand', lang, n=o.hand)})" if len(r.hands) > 1 else "")
            if o.line:
                at += say("review_text.record_line", lang, line=o.line)
            who = say("review_text.seat", lang, seat=o.seat)
            lines += wrap("  " + say("review_text.rule_broken", lang, who=who, off=o.offence, at=at, amount=o.amount,
                                     each=_penalty(o.amount, rules, lang)), indent="    ")
    n = len(r.decisions)
    sep = " · "
    grades = sep.join(f"{grade_text(g, lang)} {r.count(g)}" for g in GRADES + ((BROKEN,) if r.count(BROKEN) else ()))
    forced = say("review_text.forced", lang, f=r.forced, _fs=_s(r.forced, lang)) if r.forced else ""
    lines += wrap(say("review_text.summary", lang, n=n, _s=_s(n, lang), forced=forced, m=r.matched, grades=grades))
    lines += wrap(say("review_text.total_cost", lang, c=r.total_loss))
    if r.penalties:
        lines.append(say("review_text.penalties_paid", lang, p=r.penalties))
    if r.nets:
        lines.append(say("review_text.net_score", lang, _s=_s(len(r.nets), lang),
                         nets=" · ".join(_signed(v) for v in r.nets)))
    return lines


def footer_lines(tuning: BotTuning, samples: int, seed: int, lang: str = "en") -> list[str]:
    """The grades' thresholds (the ruleset's ``tuning``) and how the moves were weighed."""
    a, b, c = (f"{t:g}" for t in tuning.grade_points)
    wa, wb, wc = (f"{100 * t:g}" for t in tuning.grade_win)
    most = most_deals(samples, tuning.close_calls)
    close = say("review_text.footer_close", lang, most=most) if most > samples else ""
    return wrap(say("review_text.grades_footer", lang, a=a, b=b, c=c, wa=wa, wb=wb, wc=wc, n=samples, seed=seed,
                    close=close), indent="")


def review_lines(r: Review, lang: str = "en", *, worst: int = 3) -> list[str]:
    """The whole review (module docstring)."""
    human = "human" in [s.get("player") for s in r.record.header.get("seats") or [] if isinstance(s, dict)]
    who = say("review_text.you", lang) if human and default_seat(r.record) == r.seat else \
        say("review_text.seat", lang, seat=r.seat)
    lines = wrap(say("review_text.heading", lang, who=who, seat=r.seat, hands=_hands_text(r, lang),
                     rules=r.record.rules.name), indent="   ")
    if r.lenient:
        lines.append(say("review_text.typed_in", lang))
    if not r.decisions:
        lines.append(say("review_text.no_decision", lang, seat=r.seat))
    for d in r.decisions:
        lines += decision_lines(d, lang, hands=len(r.hands))
    lines.append("")
    lines += summary_lines(r, lang)
    bad = r.worst(worst)
    if bad:
        lines.append("")
        lines.append(say("review_text.worst_one", lang) if len(bad) == 1 else
                     say("review_text.worst_k", lang, k=len(bad)))
        for i, d in enumerate(bad, 1):
            comma, colon = ("，", "：") if lang == "zh" else (", ", ": ")
            lines += wrap(f"{i}. {_where(d, lang, len(r.hands))}{comma}{grade_text(d.grade, lang)}{colon}"
                          f"{move_line(d, lang)}", indent="   ")
            lines += position_lines(d.position, lang)
            lines += look_lines(d, lang)
            lines.append("")
    else:
        lines.append("")
    lines += footer_lines(r.record.rules.bots, r.samples, r.seed, lang)
    assert all(width(x) <= WIDTH for x in lines), [x for x in lines if width(x) > WIDTH]
    return lines


def why_text(d: Reviewed, lang: str = "en") -> str:
    """Why the best move is best (``advice_text.why``) and what the move made left and lost, in a few
    sentences (a quiz question's explanation)."""
    advice = d.advice
    if advice is None:
        raise ValueError("a decision the seat was not asked has no advice to explain")
    sep = "；" if lang == "zh" else "; "
    text = sep.join(why(advice, lang))
    if d.played is not None:
        made = _made(d, _tile(d), lang) + ("：" if lang == "zh" else ": ") + look_text(d.played, advice, lang)
        text += sep + say("review_text.yours", lang, look=made) + ("，" if lang == "zh" else ", ") + \
            say("review_text.loss", lang, loss=_num(d.loss), hw=_num(d.loss_half_width))
    return text


def saved_line(made: int, new: int, grades, lang: str = "en") -> list[str]:
    """What --save did: how many decisions (every one of ``grades``) became quiz questions, how many new."""
    names = say("review_text.and_join", lang).join(grade_text(g, lang) for g in grades)
    return wrap(say("review_text.saved", lang, made=made, names=names, new=new, _s="s" if made != 1 else ""))


# ---------------------------------------------------------------- JSON

def _choice_json(c: Choice | None) -> dict | None:
    if c is None:
        return None
    e = c.estimate
    return {"move": _text(c.move),
            "follow": _text(c.follow) if c.follow is not None else None,
            "distance": c.distance, "live": c.live, "outs": c.outs,
            "win": round(e.win, 4) if e else None, "score": round(e.score, 3) if e else None,
            "deals": e.n if e else 0, "loss": round(c.loss, 3), "loss_half_width": round(c.loss_half_width, 3)}


def _text(move) -> str:
    from ..game.moves import move_text
    return move_text(move)


def review_json(r: Review, file: str = "") -> dict:
    """The review as one JSON object (README: phz review)."""
    import json
    decisions = []
    for d in r.decisions:
        tile = _tile(d)
        decisions.append({"hand": d.hand, "move_no": d.n, "line": d.line, "stage": d.position.stage,
                          "tile": glyph(tile) if tile is not None else None, "move": _text(d.move),
                          "grade": d.grade, "matched": d.matched, "loss": round(d.loss, 3),
                          "loss_half_width": round(d.loss_half_width, 3), "offence": d.offence or None,
                          "penalty": d.penalty, "played": _choice_json(d.played),
                          "best": _choice_json(d.best), "position": json.loads(position_dumps(d.position))})
    return {"ok": True, "file": file, "seat": r.seat, "hands": list(r.hands), "ruleset": r.record.rules.name,
            "lenient": r.lenient, "samples": r.samples, "seed": r.seed,
            "thresholds": dict(zip(GRADES[1:], r.record.rules.bots.grade_points)),
            "win_thresholds": dict(zip(GRADES[1:], r.record.rules.bots.grade_win)), "decisions": decisions,
            "offences": [{"hand": o.hand, "move_no": o.n, "line": o.line, "seat": o.seat, "offence": o.offence,
                          "penalty": o.amount} for o in r.offences],
            "summary": {"decisions": len(r.decisions), "forced": r.forced, "matched": r.matched,
                        "grades": {g: r.count(g) for g in GRADES + (BROKEN,)},
                        "total_loss": round(r.total_loss, 3), "penalties": r.penalties, "nets": list(r.nets),
                        "worst": [d.n for d in r.worst()]}}
