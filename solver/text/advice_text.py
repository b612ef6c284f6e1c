"""The advice of ``solver.game.advice`` in words and as a table, en or zh (``phz discard --win-rate``,
``phz act --advise``, ``phz review``).

``choice_text`` names a choice ("吃 三 with 四五 (比 一二三), then discard
九"), ``why`` says why the best choice is best — what it leaves and its
win chance and expected score, what passing leaves and makes 臭, what the
order by distance and 进张 alone would have chosen and what that costs,
and when the first two are too close to tell apart — and ``advice_table``
ranks every choice in columns: the move, the discard after it, distance
to ready, live 进张 (at distance 0 live outs), win %, deal-in % (only
where the ruleset wins on discards), 碰跑 (the % of deals where another
player 碰s, 跑s or 招s the discard at once, headed with the ruleset's word:
碰跑, or 碰招 where that group is a 招; shown when some deal did, and the
first column dropped when the table is too wide), expected score ± half
its 95% interval and the loss against the best on the same deals.
``danger_text`` warns when a discard lets another player win, 碰 or 跑 (招) at
once in the ruleset's ``danger`` of the deals or more (``BotTuning``), well
above the safest discard's.  Lines fit the
width asked (80 columns): when the table is wider its columns are
condensed, a tile never split.  ``colour`` paints red tiles as
``render.paint`` does.

>>> from solver.game.moves import Move
>>> from solver.game.advice import Choice
>>> from solver.model.hand import Hand
>>> c = Choice(Move("chi", chi=(2, 3, 4), bi=((0, 1, 2),)), Move("discard", tile=8), Hand((0,) * 20, ()), 1, 14, 0)
>>> choice_text(c, "en", tile=2), choice_text(c, "zh", tile=2)
('吃 三 with 四五 (比 一二三), then discard 九', '吃三（四五，比一二三），打九')
>>> state_text(c, "en"), state_text(c, "zh")
('1 away, 14 live 进张', '差1步，14张进张')
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Sequence

from tabulate import tabulate

from ..model.rules import FOUR_KINDS
from ..model.tiles import COPIES, glyph, glyphs
from .catalogue import say
from .render import paint
from .table_view import WIDTH, wrap
from .table_view import width as columns
from .words import MOVE_ZH, discarded, eaten

if TYPE_CHECKING:
    from ..game.advice import Advice, Choice
    from ..game.winrate import Estimate
    from ..model.ruleset import Ruleset

__all__ = ["advice_table", "answer_lines", "choice_text", "danger_text", "draws_diff", "draws_text", "dropped",
           "dropped_line", "estimate_text", "four_word", "look_text", "note_lines", "state_text", "table_tile",
           "why"]

DASH = "—"

#: the columns of ``advice_table``, by the names of their entries (``col_…``) in the catalogue
_COLUMNS = ("move", "then", "away", "live", "win", "deal_in", "handed", "expected", "loss")


# ---------------------------------------------------------------- pieces

def _chi_words(choice: "Choice", tile: int | None, lang: str) -> str:
    m, chi = choice.move, eaten(choice.move)
    bi = "、".join(glyphs(b) for b in m.bi) if lang == "zh" else " ".join(glyphs(b) for b in m.bi)
    if tile is None or tile not in chi:
        return say("advice_text.chi_bi" if m.bi else "advice_text.chi", lang, chi=glyphs(chi), groups=bi)
    rest = list(chi)
    rest.remove(tile)
    return say("advice_text.chi_with_bi" if m.bi else "advice_text.chi_with", lang, t=glyph(tile),
               rest=glyphs(rest), groups=bi)


def _move_words(choice: "Choice", tile: int | None, lang: str) -> str:
    m = choice.move
    sep = "" if lang == "zh" else " "
    if m.kind == "discard":
        return say("advice_text.discard", lang, t=glyph(discarded(m)))
    if m.kind == "chi":
        return _chi_words(choice, tile, lang)
    if m.kind in ("pass", "hu"):
        return say(f"advice_text.move_{m.kind}", lang)
    name = MOVE_ZH[m.kind]
    return name if tile is None else f"{name}{sep}{glyph(tile)}"


def choice_text(choice: "Choice", lang: str = "en", *, tile: int | None = None, colour: bool = False) -> str:
    """The choice in words: its move (``tile``: the tile on the table, which a 吃 eats) and the discard
    after it."""
    text = _move_words(choice, tile, lang)
    if choice.follow is not None:
        text = say("advice_text.then_discard", lang, move=text, t=glyph(discarded(choice.follow)))
    return paint(text, colour)


def state_text(choice: "Choice", lang: str = "en") -> str:
    """What the choice leaves: ready on N live outs, N away with M live 进张, more than 2 away, a win."""
    if choice.move.kind == "hu":
        return say("advice_text.wins_now", lang)
    if choice.hand is None:
        return say("advice_text.not_by_distance", lang)
    if choice.distance is None:
        return say("advice_text.more_than_2_away", lang)
    if choice.distance == 0:
        return say("advice_text.ready", lang, n=choice.outs, _s="s" * (choice.outs != 1))
    return say("advice_text.away", lang, n=choice.distance, live=choice.live)


def _signed(x: float) -> str:
    return f"{x:+.2f}"


def _half(x: float) -> str:
    return f"{x:.2f}" if math.isfinite(x) else "?"


def _pct(x: float) -> str:
    return f"{100 * x:.0f}"


def _win_half(e: "Estimate") -> str:
    lo, hi = e.win_interval
    return f"{50 * (hi - lo):.0f}"


def estimate_text(e: "Estimate", lang: str = "en", *, deal_in: bool = False) -> str:
    """'wins 31% (±6), expected +1.20 (±0.64)' (``deal_in``: and the chance to deal in)."""
    text = say("advice_text.estimate", lang, win=_pct(e.win), wh=_win_half(e), score=_signed(e.score),
               sh=_half(e.score_half_width))
    return text + (say("advice_text.deal_in", lang, d=_pct(e.deal_in)) if deal_in else "")


# ---------------------------------------------------------------- why

def table_tile(advice: "Advice") -> int | None:
    """The tile on the table of the advice's position (None: none), which a 吃 names."""
    table = advice.position.table
    return table[0] if table is not None else None


def look_text(c: "Choice", advice: "Advice", lang: str = "en") -> str:
    """What a choice leaves (``state_text``) and, with rollouts, its estimate (a 胡: its score)."""
    state = state_text(c, lang)
    if c.estimate is None:
        return state
    if c.move.kind == "hu":
        return say("advice_text.wins_now_score", lang, score=_signed(c.estimate.score))
    sep = "，" if lang == "zh" else ", "
    return state + sep + estimate_text(c.estimate, lang, deal_in=advice.position.rules.win_on_discard)


def _less(c: "Choice", lang: str) -> str:
    if c.estimate is None:
        return ""
    return say("advice_text.less", lang, x=f"{c.loss:.2f}", h=_half(c.loss_half_width))


def _chou(c: "Choice", advice: "Advice", lang: str) -> str:
    """What the choice makes 臭: for 吃 at a 吃 stage, for 碰 at a 碰 stage that offers no 吃, else both."""
    if not c.chou:
        return ""
    pos = advice.position
    tiles = _tiles(c.chou, lang)
    if pos.rules.passed == "hu_only":
        return say("advice_text.makes_guo", lang, t=tiles)
    chi = any(o.move.kind == "chi" for o in advice.choices)
    what = "chi" if pos.stage == "chi" else "peng" if pos.stage == "peng" and not chi else "any"
    return say(f"advice_text.makes_chou_{what}", lang, t=tiles)


def _rival(advice: "Advice", best: "Estimate", skip: Sequence["Choice"] = ()) -> "Choice | None":
    """The first choice after the best (but those in ``skip``) whose rollouts differ from the best's (``best``,
    its estimate) on some deal."""
    for c in advice.choices[1:]:
        if c not in skip and c.estimate is not None and c.estimate.nets != best.nets[:c.estimate.n]:
            return c
    return None


def why(advice: "Advice", lang: str = "en", *, colour: bool = False, skip: Sequence["Choice"] = ()) -> list[str]:
    """Why the best choice is best, in sentences (module docstring); each a line to wrap.  The choices in
    ``skip`` (those the table leaves out of its rows, ``dropped``) are never named as the next best or the
    close one, so that the sentences and the table's rows agree."""
    tile, best = table_tile(advice), advice.best
    choices = [c for c in advice.choices if c is best or c not in skip]
    named = lambda c: choice_text(c, lang, tile=tile)  # noqa: E731
    if len(choices) == 1:
        state = state_text(best, lang)
        return [paint(say("advice_text.only_move", lang, choice=named(best),
                          state=("：" if lang == "zh" else ": ") + state), colour)]
    lines = [named(best) + ("：" if lang == "zh" else ": ") + look_text(best, advice, lang)]
    lines += [x for x in (draws_text(best, lang),) if x]
    passing = next((c for c in choices if c.move.kind == "pass"), None)
    compared = {best}
    if passing is not None and passing is not best:
        lines.append(say("advice_text.pass_keeps", lang, state=state_text(passing, lang),
                         chou=_chou(passing, advice, lang)) + _less(passing, lang))
        compared.add(passing)
    elif passing is best:
        claim = next((c for c in choices if c.move.kind in ("chi", "peng")), None)
        lines[0] = say("advice_text.pass_best", lang, state=look_text(best, advice, lang)) + _chou(best, advice, lang)
        if claim is not None:
            lines.append(named(claim) + say("advice_text.would_leave", lang) + state_text(claim, lang)
                         + _less(claim, lang))
            compared.add(claim)
    if best.estimate is not None:  # rollouts: every choice has its estimate (game.advice.advise)
        by_outs = min(choices, key=lambda c: c.outs_key())
        by_score = max(choices, key=lambda c: c.score)
        if advice.rank == "score" and by_outs not in compared and by_outs.outs_key() < best.outs_key():
            assert by_outs.estimate is not None
            lines.append(say("advice_text.outs_first", lang, choice=named(by_outs), state=state_text(by_outs, lang),
                             win=_pct(by_outs.estimate.win), less=_less(by_outs, lang)))
            compared.add(by_outs)
        elif advice.rank == "outs" and by_score not in compared and by_score.score > best.score:
            assert by_score.estimate is not None
            lines.append(say("advice_text.score_first", lang, choice=named(by_score),
                             est=estimate_text(by_score.estimate, lang)))
            compared.add(by_score)
    second = choices[1] if len(choices) > 1 else None
    if len(compared) == 1 and second is not None:
        lines.append(say("advice_text.next", lang, choice=named(second), state=state_text(second, lang),
                         less=_less(second, lang)))
        compared.add(second)
    other = next((c for c in choices if c in compared and c is not best), None)
    if other is not None and (diff := draws_diff(best, other, lang, named(other))):
        lines.append(diff)
    rival = _rival(advice, best.estimate, skip) if advice.rank == "score" and best.estimate is not None else None
    if rival is not None and rival.loss - rival.loss_half_width <= 0:
        lines.append(say("advice_text.close", lang, other=named(rival), n=rival.deals))
    danger = danger_text(best, advice, lang)
    if danger is not None:
        lines.append(danger)
    return [paint(line, colour) for line in lines]


def _tiles(tiles, lang: str) -> str:
    return glyphs(tiles) if lang == "zh" else " ".join(glyph(t) for t in tiles)


def draws_text(c: "Choice", lang: str = "en") -> str | None:
    """The tiles of ``c``'s hand that matter next (``Choice.draws``): its live 进张, or once ready the
    tiles it waits on; None when there are none to name (beyond the search, after 胡)."""
    if not c.draws or c.distance is None:
        return None
    return say("advice_text.waits_on" if c.distance == 0 else "advice_text.live_draws", lang, t=_tiles(c.draws, lang))


def draws_diff(best: "Choice", other: "Choice", lang: str, said: str) -> str | None:
    """What ``best`` draws to (its 进张, or its waits once ready) that ``other`` (named ``said``) does not, and
    the reverse, when both leave the hand at the same distance; None when they draw to the same tiles."""
    if best.distance is None or best.distance != other.distance or best.draws == other.draws:
        return None
    more = [t for t in best.draws if t not in other.draws]
    less = [t for t in other.draws if t not in best.draws]
    what = say("advice_text.what_wait" if best.distance == 0 else "advice_text.what_draw", lang)
    key = "both" if more and less else "more" if more else "less"
    return say(f"advice_text.vs_{key}", lang, other=said, what=what, a=_tiles(more, lang), b=_tiles(less, lang))


def danger_text(c: "Choice", advice: "Advice", lang: str = "en") -> str | None:
    """A warning when ``c``'s discard lets another player win on it, 碰 or 跑 it at once in at least
    the ruleset's ``danger`` of the deals and ``danger_gap`` more than the safest discard of the advice
    (None otherwise, or with no rollouts)."""
    tuning = advice.position.rules.bots
    e = c.estimate
    if e is None or e.danger < tuning.danger or c.move.kind == "hu":
        return None
    safest = min((o.estimate.danger for o in advice.choices
                  if o.estimate is not None and (o.move.kind == "discard" or o.follow is not None)), default=0.0)
    if e.danger - safest < tuning.danger_gap:
        return None
    kind = "both" if e.deal_ins and e.handed else "win" if e.deal_ins else "take"
    what = say(f"advice_text.danger_{kind}", lang, four=four_word(advice.position.rules))
    return say("advice_text.danger", lang, choice=choice_text(c, lang, tile=table_tile(advice)), what=what,
               p=_pct(e.danger))


def note_lines(advice: "Advice", lang: str = "en") -> list[str]:
    """How the figures were made, in a sentence (for under the table)."""
    if not any(c.estimate is not None for c in advice.choices):
        return [say("advice_text.no_rollouts", lang)] if len(advice.choices) > 1 else []
    most = advice.most_deals
    close = say("advice_text.rollouts_close", lang, most=most) if most > advice.samples else ""
    return [say("advice_text.rollouts", lang, n=advice.samples, who=say(f"advice_text.policy_{advice.policy}", lang),
                close=close)]


# ---------------------------------------------------------------- the table

def _move_cell(c: "Choice", tile: int | None, lang: str) -> str:
    m = c.move
    if m.kind == "discard":
        return glyph(discarded(m))
    if m.kind == "chi":
        return "吃 " + glyphs(eaten(m)) + "".join(f" 比 {glyphs(b)}" for b in m.bi)
    if m.kind in ("peng", "wei") and tile is not None:
        return f"{MOVE_ZH[m.kind]} {glyph(tile) * 3}"
    if m.kind in FOUR_KINDS and tile is not None:
        return f"{MOVE_ZH[m.kind]} {glyph(tile) * COPIES}"
    return MOVE_ZH[m.kind]


def _away_cell(c: "Choice") -> str:
    if c.move.kind == "hu":
        return "胡"
    return DASH if c.distance is None else str(c.distance)


def _live_cell(c: "Choice") -> str:
    if c.hand is None or c.distance is None:
        return DASH if c.hand is None else str(c.live)
    return str(c.outs if c.distance == 0 else c.live)


def _row(c: "Choice", best: "Choice", tile: int | None, lang: str, level: int, claims: bool,
         deal_in: bool, handed: bool = False) -> list[str]:
    then = glyph(discarded(c.follow)) if c.follow is not None else ""
    move = _move_cell(c, tile, lang)
    if claims and level >= 3 and then:
        move += say("advice_text.then_cell", lang, then=then)
    row = [move] + ([then] if claims and level < 3 else []) + [_away_cell(c), _live_cell(c)]
    e = c.estimate
    if e is None:
        return row
    gap = " " if level < 2 else ""
    win = _pct(e.win)
    if level < 1:
        lo, hi = e.win_interval
        win += f" ({_pct(lo)}–{_pct(hi)})"
    row.append(win)
    if deal_in:
        row.append(_pct(e.deal_in))
    if handed:
        row.append(_pct(e.hands_over))
    row.append(f"{_signed(e.score)}{gap}±{gap}{_half(e.score_half_width)}" if level < 5
               else _signed(e.score))
    if c is best:
        row.append(DASH)
    else:
        row.append(f"{c.loss:.2f}{gap}±{gap}{_half(c.loss_half_width)}" if level < 4 else f"{c.loss:.2f}")
    return row


def four_word(rules: "Ruleset") -> str:
    """The ruleset's name of the 4-tile group another player makes with a discard onto his 坎 (跑, or
    luzhou's 招): the word of the warnings and the 碰跑 column (跑 where the ruleset makes none)."""
    made = rules.take["kan", "discard"].makes if ("kan", "discard") in rules.take else ""
    return MOVE_ZH[made] if made in FOUR_KINDS else MOVE_ZH["pao"]


def _headers(lang: str, level: int, claims: bool, estimates: bool, deal_in: bool, discard: bool,
             handed: bool = False, four: str = "跑") -> list[str]:
    move, then, away, live, win, din, hand, exp, loss = (say(f"advice_text.col_{k}", lang, four=four)
                                                        for k in _COLUMNS)
    if discard:
        move = say("advice_text.col_discard", lang)
    out = [move] + ([then] if claims and level < 3 else []) + [away, live]
    if estimates:
        out += [win] + ([din] if deal_in else []) + ([hand] if handed else []) + [exp, loss]
    return out


def advice_table(advice: "Advice", lang: str = "en", width: int | None = 80, *, colour: bool = False,
                 skip: Sequence["Choice"] = ()) -> list[str]:
    """The ranked choices (but those in ``skip``) as table lines within ``width`` columns when they can be
    (module docstring; None: no limit)."""
    tile = table_tile(advice)
    estimates = any(c.estimate is not None for c in advice.choices)
    deal_in = estimates and advice.position.rules.win_on_discard
    claims = any(c.follow is not None for c in advice.choices)
    discard = advice.position.stage == "discard"
    shown = [c for c in advice.choices if c not in skip]
    any_handed = any(c.estimate is not None and c.estimate.handed for c in shown)
    four = four_word(advice.position.rules)
    lines: list[str] = []
    for level in range(7):  # the 碰跑 column goes last, when nothing else makes the table fit
        handed = any_handed and level < 6
        rows = [_row(c, advice.best, tile, lang, min(level, 5), claims, deal_in, handed) for c in shown]
        heads = _headers(lang, min(level, 5), claims, estimates, deal_in, discard, handed, four)
        if estimates:
            rows = [r + [""] * (len(heads) - len(r)) for r in rows]
        table = tabulate(rows, heads, tablefmt="simple", disable_numparse=True)
        lines = table.splitlines()
        if width is None or max(columns(line) for line in lines) <= width:
            break
    return [paint(line, colour) for line in lines]


def dropped(advice: "Advice", all_rows: bool = False) -> list[list["Choice"]]:
    """The choices the rollouts stopped early as clearly worse (before the ``samples`` deals every choice
    still in the race plays; a close call's extra deals go to the best two alone), in groups of the same
    distance to ready, each of two or more (``all_rows``: none; they are rows)."""
    if all_rows:
        return []
    groups: dict[object, list] = {}
    for c in advice.choices:
        if c.estimate is not None and c.estimate.dealt < advice.samples and c is not advice.best \
                and c.move.kind != "hu":
            groups.setdefault(_away_cell(c), []).append(c)
    return [g for g in groups.values() if len(g) >= 2]


def dropped_line(group: Sequence["Choice"], advice: "Advice", lang: str) -> str:
    """One line for a group of ``dropped``: how many, what they leave, after how many deals they stopped,
    their expected scores and the choices."""
    tile = table_tile(advice)
    deals = sorted({c.deals for c in group})  # (each choice of the group has its estimate: ``dropped``)
    scores = sorted(c.score for c in group)
    discard = advice.position.stage == "discard"
    return say(
        "advice_text.dropped", lang,
        n=len(group), what=say("advice_text.dropped_discards" if discard else "advice_text.dropped_moves", lang),
        _s="s" * (len(group) != 1),
        state=_state_of(group[0], lang), deals=f"{deals[0]}" if len(deals) == 1 else f"{deals[0]}–{deals[-1]}",
        lo=_signed(scores[0]), hi=_signed(scores[-1]),
        cells=(" " if discard else "; " if lang == "en" else "；").join(_move_cell(c, tile, lang) for c in group))


def _state_of(c: "Choice", lang: str) -> str:
    """What a choice leaves, briefly: ready, 1 away, more than 2 away."""
    if c.hand is None:
        return say("advice_text.not_by_distance", lang)
    if c.distance is None:
        return say("advice_text.more_than_2_away", lang)
    return say("advice_text.ready_short", lang) if c.distance == 0 else say("advice_text.away_short", lang, n=c.distance)


# ---------------------------------------------------------------- whole answers (phz discard --win-rate, phz act --advise)

def answer_lines(advice: "Advice", lang: str, head: str, *, where: tuple[str, int | None] | None = None,
                 forbidden: Sequence[str] = (), colour: bool = False, limit: int | None = WIDTH,
                 all_rows: bool = False) -> list[str]:
    """A whole advice answer: ``head`` (the hand and the tile), what the position assumes or where it is
    from (``where``: a record's path and the move, or a position file's path and None), the table (the
    choices the rollouts stopped early a line per distance under it, unless ``all_rows``), the reasons, the
    moves not allowed (``forbidden``, sentences) and how the figures were made; every line within ``limit``
    columns (None: no limit)."""
    pos = advice.position
    lines = [head] if limit is None or columns(head) <= limit else wrap(head, limit, words=lang != "zh")
    if pos.approx:
        lines += wrap(say("advice_text.assumed", lang, what=_approx(pos, lang)), limit)
    elif where:
        path, at = where
        lines += wrap(say("advice_text.position_file" if at is None else "advice_text.position_record", lang,
                          path=path, at=at, seat=pos.seat, stock=pos.stock), limit)
    groups = dropped(advice, all_rows)
    lines += [""] + advice_table(advice, lang, limit, skip=[c for g in groups for c in g])
    for group in groups:
        lines += wrap(dropped_line(group, advice, lang), limit, indent="    ", words=lang != "zh")
    lines += [""]
    for sentence in why(advice, lang, skip=[c for g in groups for c in g]):
        lines += wrap(sentence, limit, words=lang != "zh")
    for sentence in forbidden:
        lines += wrap(say("advice_text.may_not", lang) + sentence, limit, indent="    ", words=lang != "zh")
    for sentence in note_lines(advice, lang):
        lines += wrap(sentence, limit, words=lang != "zh")
    return [paint(line, colour) for line in lines]


def _approx(pos, lang: str) -> str:
    """What a quick position assumes (``position.quick``'s ``approx``), in zh made from the position."""
    if lang != "zh":
        return pos.approx
    others = sum(n for p, n in enumerate(pos.held) if p != pos.seat)
    return f"只凭手牌的局面：另两家手里共{others}张（没有亮出的副露），墩里{pos.stock}张，见过的牌都亮在桌上，谁都没有臭牌"
