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
player 碰s, 跑s or 招s the discard at once; shown when some deal did, and
the first column dropped when the table is too wide), expected score ±
half its 95% interval and the loss against the best on the same deals.
``danger_text`` warns when a discard lets another player win, 碰 or 跑 at
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
from .render import paint
from .table_view import WIDTH, wrap
from .table_view import width as columns
from .words import MOVE_ZH, discarded, eaten

if TYPE_CHECKING:
    from ..game.advice import Advice, Choice
    from ..game.winrate import Estimate

__all__ = ["advice_table", "answer_lines", "choice_text", "danger_text", "draws_diff", "draws_text", "dropped",
           "dropped_line", "estimate_text", "look_text", "note_lines", "state_text", "table_tile", "why"]

DASH = "—"

_W: dict[str, dict[str, str]] = {
    "en": {"then": "{move}, then discard {t}", "discard": "discard {t}", "pass": "pass (过)", "hu": "胡 (win)",
           "with": "{k} {t} with {rest}", "bi": " (比 {groups})", "ready": "ready, {n} live out{s}",
           "away": "{n} away, {live} live 进张", "beyond": "more than 2 away", "wins_now": "wins now",
           "laid": "not judged by distance", "hu_now": "wins now: {score}", "est": "wins {win}% (±{wh}), expected {score} (±{sh})",
           "deal_in": ", deals in {d}%", "only": "{choice}: the only move{state}",
           "best": "{choice}: {state}", "chou": " and makes {t} 臭{what}", "guo": " and makes {t} a 过张 (won on only)",
           "pass_keeps": "passing keeps {state}{chou}", "pass_best": "passing is best: it keeps {state}",
           "less": ", expected {x} less (±{h})", "claim_worse": "{choice} would leave {state}{less}",
           "outs_first": "by distance and 进张 alone {choice} would come first ({state}), but it wins {win}%"
                         "{less}",
           "score_first": "by expected score {choice} would be better: {est}",
           "next": "next: {choice}: {state}{less}",
           "close": "against {other} the difference is within the noise of {n} deals",
           "draws": "its live 进张: {t}", "waits": "it waits on {t}",
           "vs_both": "against {other} it has {what} {a} but not {b}",
           "vs_more": "against {other} it also has {what} {a}", "vs_less": "against {other} it lacks {what} {b}",
           "no_rollouts": "(no rollouts: ranked by distance, 进张 and outs)",
           "rollouts": "rollouts: {n} deals of the unseen tiles per choice, each played out to the end of the "
                       "hand by {who} for every player (a choice clearly worse after a few deals "
                       "stops early, with fewer deals and a wider ±); ± is half a 95% interval",
           "danger": "careful: {choice} lets another player {what} at once in {p}% of the deals",
           "dropped": "{n} other {what}{s}: {state}, stopped after {deals} deals as clearly worse (expected {lo} to "
                      "{hi}): {cells}", "discards": "discard", "moves": "move", "ready_short": "ready",
           "away_short": "{n} away"},
    "zh": {"then": "{move}，打{t}", "discard": "打{t}", "pass": "过", "hu": "胡",
           "with": "{k}{t}（{rest}", "bi": "，比{groups}", "ready": "听牌，{n}张活胡张",
           "away": "差{n}步，{live}张进张", "beyond": "差2步以上", "wins_now": "胡牌",
           "laid": "不按步数判断", "hu_now": "胡牌：{score}分", "est": "胡牌率{win}%（±{wh}），期望{score}分（±{sh}）",
           "deal_in": "，点炮率{d}%", "only": "{choice}：唯一的走法{state}",
           "best": "{choice}：{state}", "chou": "，{t}{what}", "guo": "，{t}成为过张（只能胡）",
           "pass_keeps": "过：保持{state}{chou}", "pass_best": "过最好：保持{state}",
           "less": "，期望少{x}分（±{h}）", "claim_worse": "{choice}：{state}{less}",
           "outs_first": "只看步数和进张会选{choice}（{state}），但它的胡牌率只有{win}%{less}",
           "score_first": "按期望分{choice}更好：{est}",
           "next": "其次：{choice}：{state}{less}",
           "close": "与{other}的差距在{n}局模拟的误差之内",
           "draws": "进张：{t}", "waits": "听{t}",
           "vs_both": "比{other}多{what}{a}，少{what}{b}", "vs_more": "比{other}多{what}{a}",
           "vs_less": "比{other}少{what}{b}",
           "no_rollouts": "（未模拟：按步数、进张和胡张排序）",
           "rollouts": "模拟：每个选择{n}局，未见的牌随机发出，每家按{who}打到本局结束（几局后明显较差的选择"
                       "提前停止，局数较少，±更宽）；±为95%置信区间的一半",
           "danger": "注意：{choice}在{p}%的模拟里让别家立刻{what}",
           "dropped": "另外{n}种{what}：{state}，模拟{deals}局后明显较差，提前停止（期望{lo}到{hi}分）：{cells}",
           "discards": "打法", "moves": "走法", "ready_short": "听牌", "away_short": "差{n}步"},
}
#: words picked by a key: what a hand draws to, what makes 臭, who played the rollouts, what a discard lets do
_PICK: dict[str, dict[str, dict[str, str]]] = {
    "en": {"what": {"draw": "进张", "wait": "outs on"}, "for": {"chi": " for 吃", "peng": " for 碰", "": ""},
           "policy": {"keen": "the keen bot (it plays about as well as basic)", "fast": "a quick policy"},
           "danger_what": {"win": "win", "take": "碰 or 跑 it", "both": "win on it, 碰 or 跑 it"}},
    "zh": {"what": {"draw": "进张", "wait": "胡张"}, "for": {"chi": "对吃成为臭张", "peng": "对碰成为臭的", "": "成为臭张"},
           "policy": {"keen": "keen 机器人（水平与 basic 相当）", "fast": "快速策略"},
           "danger_what": {"win": "胡", "take": "碰或跑", "both": "胡、碰或跑"}}}
#: the columns of ``advice_table``
_COLUMNS = {"en": ("move", "then", "away", "进张/outs", "win %", "deal-in %", "碰跑", "expected", "loss"),
            "zh": ("走法", "再打", "差几步", "进张/胡张", "胡牌%", "点炮%", "被碰跑%", "期望分", "损失")}


# ---------------------------------------------------------------- pieces

def _chi_words(choice: "Choice", tile: int | None, lang: str) -> str:
    w, m, chi = _W[lang], choice.move, eaten(choice.move)
    bi = "、".join(glyphs(b) for b in m.bi) if lang == "zh" else " ".join(glyphs(b) for b in m.bi)
    if tile is None or tile not in chi:
        text = f"吃{glyphs(chi)}" if lang == "zh" else f"吃 {glyphs(chi)}"
        if lang == "zh":
            return text + (f"（比{bi}）" if m.bi else "")
        return text + (w["bi"].format(groups=bi) if m.bi else "")
    rest = list(chi)
    rest.remove(tile)
    text = w["with"].format(k="吃", t=glyph(tile), rest=glyphs(rest))
    if lang == "zh":
        return text + (w["bi"].format(groups=bi) if m.bi else "") + "）"
    return text + (w["bi"].format(groups=bi) if m.bi else "")


def _move_words(choice: "Choice", tile: int | None, lang: str) -> str:
    w, m = _W[lang], choice.move
    sep = "" if lang == "zh" else " "
    if m.kind == "discard":
        return w["discard"].format(t=glyph(discarded(m)))
    if m.kind == "chi":
        return _chi_words(choice, tile, lang)
    if m.kind in ("pass", "hu"):
        return w[m.kind]
    name = MOVE_ZH[m.kind]
    return name if tile is None else f"{name}{sep}{glyph(tile)}"


def choice_text(choice: "Choice", lang: str = "en", *, tile: int | None = None, colour: bool = False) -> str:
    """The choice in words: its move (``tile``: the tile on the table, which a 吃 eats) and the discard
    after it."""
    text = _move_words(choice, tile, lang)
    if choice.follow is not None:
        text = _W[lang]["then"].format(move=text, t=glyph(discarded(choice.follow)))
    return paint(text, colour)


def state_text(choice: "Choice", lang: str = "en") -> str:
    """What the choice leaves: ready on N live outs, N away with M live 进张, more than 2 away, a win."""
    w = _W[lang]
    if choice.move.kind == "hu":
        return w["wins_now"]
    if choice.hand is None:
        return w["laid"]
    if choice.distance is None:
        return w["beyond"]
    if choice.distance == 0:
        return w["ready"].format(n=choice.outs, s="s" * (choice.outs != 1))
    return w["away"].format(n=choice.distance, live=choice.live)


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
    w = _W[lang]
    text = w["est"].format(win=_pct(e.win), wh=_win_half(e), score=_signed(e.score), sh=_half(e.score_half_width))
    return text + (w["deal_in"].format(d=_pct(e.deal_in)) if deal_in else "")


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
        return _W[lang]["hu_now"].format(score=_signed(c.estimate.score))
    sep = "，" if lang == "zh" else ", "
    return state + sep + estimate_text(c.estimate, lang, deal_in=advice.position.rules.win_on_discard)


def _less(c: "Choice", lang: str) -> str:
    if c.estimate is None:
        return ""
    return _W[lang]["less"].format(x=f"{c.loss:.2f}", h=_half(c.loss_half_width))


def _chou(c: "Choice", advice: "Advice", lang: str) -> str:
    """What the choice makes 臭: for 吃 at a 吃 stage, for 碰 at a 碰 stage that offers no 吃, else both."""
    if not c.chou:
        return ""
    w, pos = _W[lang], advice.position
    tiles = _tiles(c.chou, lang)
    if pos.rules.passed == "hu_only":
        return w["guo"].format(t=tiles)
    chi = any(o.move.kind == "chi" for o in advice.choices)
    what = "chi" if pos.stage == "chi" else "peng" if pos.stage == "peng" and not chi else ""
    return w["chou"].format(t=tiles, what=_PICK[lang]["for"][what])


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
    w = _W[lang]
    tile, best = table_tile(advice), advice.best
    choices = [c for c in advice.choices if c is best or c not in skip]
    say = lambda c: choice_text(c, lang, tile=tile)  # noqa: E731
    if len(choices) == 1:
        state = state_text(best, lang)
        return [paint(w["only"].format(choice=say(best), state=("：" if lang == "zh" else ": ") + state), colour)]
    lines = [w["best"].format(choice=say(best), state=look_text(best, advice, lang))]
    lines += [x for x in (draws_text(best, lang),) if x]
    passing = next((c for c in choices if c.move.kind == "pass"), None)
    compared = {best}
    if passing is not None and passing is not best:
        lines.append(w["pass_keeps"].format(state=state_text(passing, lang), chou=_chou(passing, advice, lang))
                     + _less(passing, lang))
        compared.add(passing)
    elif passing is best:
        claim = next((c for c in choices if c.move.kind in ("chi", "peng")), None)
        lines[0] = w["pass_best"].format(state=look_text(best, advice, lang)) + _chou(best, advice, lang)
        if claim is not None:
            lines.append(w["claim_worse"].format(choice=say(claim), state=state_text(claim, lang),
                                                 less=_less(claim, lang)))
            compared.add(claim)
    if best.estimate is not None:  # rollouts: every choice has its estimate (game.advice.advise)
        by_outs = min(choices, key=lambda c: c.outs_key())
        by_score = max(choices, key=lambda c: c.score)
        if advice.rank == "score" and by_outs not in compared and by_outs.outs_key() < best.outs_key():
            assert by_outs.estimate is not None
            lines.append(w["outs_first"].format(choice=say(by_outs), state=state_text(by_outs, lang),
                                                win=_pct(by_outs.estimate.win), less=_less(by_outs, lang)))
            compared.add(by_outs)
        elif advice.rank == "outs" and by_score not in compared and by_score.score > best.score:
            assert by_score.estimate is not None
            lines.append(w["score_first"].format(choice=say(by_score), est=estimate_text(by_score.estimate, lang)))
            compared.add(by_score)
    second = choices[1] if len(choices) > 1 else None
    if len(compared) == 1 and second is not None:
        lines.append(w["next"].format(choice=say(second), state=state_text(second, lang), less=_less(second, lang)))
        compared.add(second)
    other = next((c for c in choices if c in compared and c is not best), None)
    if other is not None and (diff := draws_diff(best, other, lang, say(other))):
        lines.append(diff)
    rival = _rival(advice, best.estimate, skip) if advice.rank == "score" and best.estimate is not None else None
    if rival is not None and rival.loss - rival.loss_half_width <= 0:
        lines.append(w["close"].format(other=say(rival), n=rival.deals))
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
    return _W[lang]["waits" if c.distance == 0 else "draws"].format(t=_tiles(c.draws, lang))


def draws_diff(best: "Choice", other: "Choice", lang: str, said: str) -> str | None:
    """What ``best`` draws to (its 进张, or its waits once ready) that ``other`` (named ``said``) does not, and
    the reverse, when both leave the hand at the same distance; None when they draw to the same tiles."""
    if best.distance is None or best.distance != other.distance or best.draws == other.draws:
        return None
    w = _W[lang]
    more = [t for t in best.draws if t not in other.draws]
    less = [t for t in other.draws if t not in best.draws]
    what = _PICK[lang]["what"]["wait" if best.distance == 0 else "draw"]
    key = "vs_both" if more and less else "vs_more" if more else "vs_less"
    return w[key].format(other=said, what=what, a=_tiles(more, lang), b=_tiles(less, lang))


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
    w = _W[lang]
    what = _PICK[lang]["danger_what"]["both" if e.deal_ins and e.handed else "win" if e.deal_ins else "take"]
    return w["danger"].format(choice=choice_text(c, lang, tile=table_tile(advice)), what=what,
                              p=_pct(e.danger))


def note_lines(advice: "Advice", lang: str = "en") -> list[str]:
    """How the figures were made, in a sentence (for under the table)."""
    w = _W[lang]
    if not any(c.estimate is not None for c in advice.choices):
        return [w["no_rollouts"]] if len(advice.choices) > 1 else []
    return [w["rollouts"].format(n=advice.samples, who=_PICK[lang]["policy"][advice.policy])]


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
        move += f" {'打' if lang == 'zh' else '→'} {then}"
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


def _headers(lang: str, level: int, claims: bool, estimates: bool, deal_in: bool, discard: bool,
             handed: bool = False) -> list[str]:
    move, then, away, live, win, din, hand, exp, loss = _COLUMNS[lang]
    if discard:
        move = "打" if lang == "zh" else "discard"
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
    lines: list[str] = []
    for level in range(7):  # the 碰跑 column goes last, when nothing else makes the table fit
        handed = any_handed and level < 6
        rows = [_row(c, advice.best, tile, lang, min(level, 5), claims, deal_in, handed) for c in shown]
        heads = _headers(lang, min(level, 5), claims, estimates, deal_in, discard, handed)
        if estimates:
            rows = [r + [""] * (len(heads) - len(r)) for r in rows]
        table = tabulate(rows, heads, tablefmt="simple", disable_numparse=True)
        lines = table.splitlines()
        if width is None or max(columns(line) for line in lines) <= width:
            break
    return [paint(line, colour) for line in lines]


def dropped(advice: "Advice", all_rows: bool = False) -> list[list["Choice"]]:
    """The choices the rollouts stopped early as clearly worse (fewer deals than the most any had), in
    groups of the same distance to ready, each of two or more (``all_rows``: none; they are rows)."""
    full = max((c.estimate.n for c in advice.choices if c.estimate is not None), default=0)
    if all_rows or not full:
        return []
    groups: dict[object, list] = {}
    for c in advice.choices:
        if c.estimate is not None and c.estimate.n < full and c is not advice.best and c.move.kind != "hu":
            groups.setdefault(_away_cell(c), []).append(c)
    return [g for g in groups.values() if len(g) >= 2]


def dropped_line(group: Sequence["Choice"], advice: "Advice", lang: str) -> str:
    """One line for a group of ``dropped``: how many, what they leave, after how many deals they stopped,
    their expected scores and the choices."""
    w, tile = _W[lang], table_tile(advice)
    deals = sorted({c.deals for c in group})  # (each choice of the group has its estimate: ``dropped``)
    scores = sorted(c.score for c in group)
    discard = advice.position.stage == "discard"
    return w["dropped"].format(
        n=len(group), what=w["discards" if discard else "moves"], s="s" * (len(group) != 1),
        state=_state_of(group[0], lang), deals=f"{deals[0]}" if len(deals) == 1 else f"{deals[0]}–{deals[-1]}",
        lo=_signed(scores[0]), hi=_signed(scores[-1]),
        cells=(" " if discard else "; " if lang == "en" else "；").join(_move_cell(c, tile, lang) for c in group))


def _state_of(c: "Choice", lang: str) -> str:
    """What a choice leaves, briefly: ready, 1 away, more than 2 away."""
    w = _W[lang]
    if c.hand is None:
        return w["laid"]
    if c.distance is None:
        return w["beyond"]
    return w["ready_short"] if c.distance == 0 else w["away_short"].format(n=c.distance)


# ---------------------------------------------------------------- whole answers (phz discard --win-rate, phz act --advise)

_HEAD = {"en": {"approx": "assumed: {what}", "file": "the position of {path}: seat {seat}, {stock} tiles in the stock",
                "record": "the position of {path} before move {at}: seat {seat}, {stock} tiles in the stock",
                "may_not": "may not: "},
         "zh": {"approx": "假设：{what}", "file": "{path}的局面：座位{seat}，墩里{stock}张",
                "record": "{path}第{at}步之前的局面：座位{seat}，墩里{stock}张", "may_not": "不可以："}}


def answer_lines(advice: "Advice", lang: str, head: str, *, where: tuple[str, int | None] | None = None,
                 forbidden: Sequence[str] = (), colour: bool = False, limit: int | None = WIDTH,
                 all_rows: bool = False) -> list[str]:
    """A whole advice answer: ``head`` (the hand and the tile), what the position assumes or where it is
    from (``where``: a record's path and the move, or a position file's path and None), the table (the
    choices the rollouts stopped early a line per distance under it, unless ``all_rows``), the reasons, the
    moves not allowed (``forbidden``, sentences) and how the figures were made; every line within ``limit``
    columns (None: no limit)."""
    h, pos = _HEAD[lang], advice.position
    lines = [head] if limit is None or columns(head) <= limit else wrap(head, limit, words=lang != "zh")
    if pos.approx:
        lines += wrap(h["approx"].format(what=_approx(pos, lang)), limit)
    elif where:
        path, at = where
        lines += wrap(h["file" if at is None else "record"].format(path=path, at=at, seat=pos.seat, stock=pos.stock),
                      limit)
    groups = dropped(advice, all_rows)
    lines += [""] + advice_table(advice, lang, limit, skip=[c for g in groups for c in g])
    for group in groups:
        lines += wrap(dropped_line(group, advice, lang), limit, indent="    ", words=lang != "zh")
    lines += [""]
    for sentence in why(advice, lang, skip=[c for g in groups for c in g]):
        lines += wrap(sentence, limit, words=lang != "zh")
    for sentence in forbidden:
        lines += wrap(h["may_not"] + sentence, limit, indent="    ", words=lang != "zh")
    for sentence in note_lines(advice, lang):
        lines += wrap(sentence, limit, words=lang != "zh")
    return [paint(line, colour) for line in lines]


def _approx(pos, lang: str) -> str:
    """What a quick position assumes (``position.quick``'s ``approx``), in zh made from the position."""
    if lang != "zh":
        return pos.approx
    others = sum(n for p, n in enumerate(pos.held) if p != pos.seat)
    return f"只凭手牌的局面：另两家手里共{others}张（没有亮出的副露），墩里{pos.stock}张，见过的牌都亮在桌上，谁都没有臭牌"
