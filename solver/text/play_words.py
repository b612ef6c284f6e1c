"""What ``phz play`` says besides the table: what each player did, the settlement of a hand, the coach's
words, prompts and one-line answers to a bad reply, in en or zh, every line within 80 columns.

>>> chou_note([3], [], "en"), chou_note([3], [], "zh")
('四 becomes 臭 for 吃', '四对吃成为臭张')
"""
from __future__ import annotations

from typing import Sequence

from ..game.advice import Advice
from ..game.engine import Result
from ..game.moves import Ask, Move
from ..game.review import Reviewed
from ..model.rules import Ruleset
from ..model.tiles import glyph
from .advice_text import choice_text, danger_text, draws_text, look_text, table_tile
from .review_text import grade_text, look_lines, move_line
from .table_view import move_words, wrap
from .terms import WHY
from .words import MOVE_ZH, group_zh

__all__ = ["why_words", "bad_answer", "chou_note", "coach_lines", "event_line", "hint_lines", "illegal_answer",
           "intro_lines", "only_move", "record_kept", "resume_lines", "seed_line", "out_of_range", "prompt", "scores_line", "settlement_lines",
           "stopped_lines", "warning"]

_W: dict[str, dict[str, str]] = {
    "en": {"deal": "hand {n}: {who} deals", "liang": "; the 亮张 (shown to all) is {t}",
           "out": "; {who} sits out (坐底)", "out_me": "; you sit out (坐底) and watch",
           "last": "; the stock's last tile {t} is shown: nobody may win on it",
           "buried": "; 20 tiles are set aside unseen (埋牌)",
           "dealt": "{who} lays out a dealt {meld} (前提)", "draw": "{who} draws {t}", "draw_me": "you draw {t}",
           "draw_hidden": "{who} draws a tile", "take": "{who} takes {t}: {melds}",
           "take_hidden": "{who} takes a tile: a 偎 face down", "discard": "{who} discards {t}",
           "faceup": "nobody takes {t}: it stays face up before {who}", "penalty": "{who}: penalty {what} ({n})",
           "wins": "{who} wins: 胡 {t}{how}", "dealt_win": "{who} wins on the dealt hand: {how}",
           "score": "{how}, {huxi} 胡息 → {deng} 等 × {fan} 番 ({fans}) = {score}",
           "groups": "门子: {groups}", "each": "each other player pays {who} {n}",
           "discarder": "{who} pays both shares ({n})", "net": "this hand: {net}",
           "pen": "{who} pays a penalty for {what} ({n}): {each} to each other player",
           "drawn": "荒庄: the stock is empty and nobody won: nothing is paid",
           "scores": "scores after {n} hand{s}: {net}", "plain": "平胡",
           "prompt": "your move ({rng}; ? hint, w why, t table, q quit): ",
           "bad": "not an answer: {text}; type {rng}, a move (e.g. 过), ?, w, t or q",
           "range": "no move {n}: type {rng} (or ?, w, t, q)",
           "empty": "choose a move: type {rng}, a move (e.g. 过), ?, w, t or q",
           "illegal": "{move} is not allowed here ({why}): w says why; type {rng}",
           "not_offered": "{move} is not a move here: type {rng}",
           "coach": "coach ({grade}): {move}", "yours": "yours: {look}",
           "hint": "hint: the solver would {best}: {look}", "hint_row": "  {move}: {look}",
           "chou_chi": "{t} becomes 臭 for 吃", "chou_peng": "{t} becomes 臭 for 碰",
           "chou_both": "{t} becomes a 过张, won on only", "warn": "careful: {what}",
           "deal_me": "hand {n}: you deal", "dealt_me": "you lay out a dealt {meld} (前提)",
           "take_me": "you take {t}: {melds}", "discard_me": "you discard {t}", "wins_me": "you win: 胡 {t}{how}",
           "dealt_win_me": "you win on the dealt hand: {how}", "discarder_me": "you pay both shares ({n})",
           "pen_me": "you pay a penalty for {what} ({n}): {each} to each other player",
           "only": "only move: {move}, made for you",
           "intro": "phz play · {title}: you against 下家 {lower} (your lower player, who plays after you) "
                    "and 上家 {upper}",
           "intro4": "phz play · {title}: four at the table, you against 下家 {lower} (after you), 对家 {opposite} "
                     "and 上家 {upper}; each hand the seat opposite the dealer sits out (坐底), and a hand you sit "
                     "out is played by the three others before your eyes",
           "intro2": "phz play · {title}: two players, you against 对家 {other}; 20 tiles are set aside unseen "
                     "(埋牌), and either of you may 吃 the other's tiles",
           "keys": "answer with a number from the menu or a move (过, chi 三四五, 五); ? a hint, w why the other "
                   "moves are not legal, t the table again, q quit",
           "coach_on": "coach: after each of your decisions, its grade as phz review gives it, the solver's choice and what yours cost",
           "quit": "stopped after {n} hand{s}", "eof": "the input ended: stopped after {n} hand{s}",
           "interrupt": "interrupted: stopped after {n} hand{s}",
           "seed": "--seed {n}: the same --seed and the same answers play this game again",
           "record": "the record of this game so far is in:", "record_done": "the record of this game is in:",
           "record_cut": "the record of this game so far, cut short (it replays with --lenient), is in:",
           "resume": "playing on from move {at} (hand {n}) of the record:"},
    "zh": {"deal": "第{n}局：{who}坐庄", "liang": "，亮张是{t}",
           "out": "，{who}坐底", "out_me": "，你坐底，在旁边看",
           "last": "，墩底最后一张{t}亮出，谁都不能胡这张", "buried": "，埋牌20张不看",
           "dealt": "{who}起手亮出{meld}（前提）", "draw": "{who}摸出{t}", "draw_me": "你摸出{t}",
           "draw_hidden": "{who}摸了一张牌", "take": "{who}要了{t}：{melds}",
           "take_hidden": "{who}摸了一张牌：偎（暗）", "discard": "{who}打出{t}",
           "faceup": "没人要{t}：亮在{who}面前", "penalty": "{who}：罚{what}（{n}分）",
           "wins": "{who}胡了：{t}{how}", "dealt_win": "{who}起手就胡：{how}",
           "score": "{how}，{huxi}胡息 → {deng}等 × {fan}番（{fans}）= {score}分",
           "groups": "门子：{groups}", "each": "另两家各付{who}{n}分",
           "discarder": "{who}一家付两份（{n}分）", "net": "本局：{net}",
           "pen": "{who}因{what}受罚{n}分：其余每家得{each}分",
           "drawn": "荒庄：墩里没牌了，没人胡，不计分",
           "scores": "{n}局后的总分：{net}", "s": "", "plain": "平胡",
           "prompt": "你的选择（{rng}；?提示，w原因，t牌桌，q退出）：",
           "bad": "看不懂：{text}；请输入{rng}、一步走法（如 过）、?、w、t或q",
           "range": "没有第{n}项：请输入{rng}（或?、w、t、q）",
           "empty": "请选择：输入{rng}、一步走法（如 过）、?、w、t或q",
           "illegal": "这里不能{move}（{why}）：w看原因；请输入{rng}",
           "not_offered": "这里不能{move}：请输入{rng}",
           "coach": "教练（{grade}）：{move}", "yours": "你的：{look}",
           "hint": "提示：推荐{best}：{look}", "hint_row": "  {move}：{look}",
           "chou_chi": "{t}对吃成为臭张", "chou_peng": "{t}对碰成为臭的",
           "chou_both": "{t}成为过张（只能胡）", "warn": "注意：{what}",
           "only": "只有一步：{move}，已替你走",
           "intro": "phz play · {title}：你对下家 {lower}（在你之后出牌）和上家 {upper}",
           "intro4": "phz play · {title}：四人桌，你对下家 {lower}（在你之后出牌）、对家 {opposite} 和上家 {upper}；"
                     "每局庄家对面的人坐底，你坐底的那局由其他三人打，你在旁边看",
           "intro2": "phz play · {title}：二人对打，你对对家 {other}；埋牌20张不看，双方都可以吃对方的牌",
           "keys": "输入菜单上的数字或一步走法（过、吃 三四五、五）；?提示，w其他走法为什么不行，t再看牌桌，q退出",
           "coach_on": "教练：你每次选择之后，像 phz review 一样评级，给出推荐的走法和你的走法差在哪里",
           "quit": "{n}局后停止", "eof": "输入结束：{n}局后停止", "interrupt": "中断：{n}局后停止",
           "seed": "--seed {n}：同样的 --seed 和同样的选择会重现这局牌",
           "record": "这局到目前为止的记录在：", "record_done": "这局的记录在：",
           "record_cut": "这局到目前为止的记录（中途截断，可用 --lenient 回放）在：",
           "resume": "从这份记录的第{at}步（第{n}局）接着打："},
}
#: where a winning tile came from
_SOURCES = {"en": {"self": "self-drawn", "other": "from another player", "discard": "on a discard"},
            "zh": {"self": "自摸", "other": "别家摸出", "discard": "别家打出"}}
#: the context a game gives a win (ruleset.GAME_CONDITIONS)
_CONDITIONS = {"en": {"haidi": "海底, the last stock tile", "tianhu": "天胡, a dealt hand",
                      "dihu": "地胡, the dealer's first discard", "qishou": "起手胡, on the 亮张"},
               "zh": {"haidi": "海底（墩里最后一张）", "tianhu": "天胡（起手的牌）",
                      "dihu": "地胡（庄家打出的第一张）", "qishou": "起手胡（胡亮张）"}}


def _say(lang: str, key: str, mine: bool, **values) -> str:
    """The sentence ``key``, in the form for the learner's own seat where English needs one (you take)."""
    w = _W[lang]
    return w[key + "_me" if mine and key + "_me" in w else key].format(**values)


def _s(n: int, lang: str) -> str:
    return "" if lang == "zh" or n == 1 else "s"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _net(values: Sequence[int], names: Sequence[str], lang: str) -> str:
    sep = "，" if lang == "zh" else " · "
    return sep.join(f"{names[p]} {_signed(v)}" for p, v in enumerate(values))


# ---------------------------------------------------------------- what happened

def event_line(e: dict, names: Sequence[str], lang: str, *, me: int, hidden: bool = False,
               hand_no: int = 1) -> str | None:
    """One line of what the seat ``me`` saw happen (``hidden``: a draw or 偎 it does not see the tile of);
    None for what it is not told (a claim declined) or what the settlement says."""
    w = _W[lang]
    kind = e["e"]
    who = names[e["seat"]] if "seat" in e else None
    mine = e.get("seat", e.get("dealer")) == me
    if kind == "deal":
        line = _say(lang, "deal", mine, n=hand_no, who=names[e["dealer"]])
        line += w["liang"].format(t=e["liang"]) if e.get("liang") else ""
        if e.get("out") is not None:
            line += w["out_me"] if e["out"] == me else w["out"].format(who=names[e["out"]])
        line += w["last"].format(t=e["last"]) if e.get("last") else ""
        return line + (w["buried"] if e.get("buried") else "")
    if kind == "meld":
        return _say(lang, "dealt", mine, who=who, meld=f"{_zh(e['kind'])} {e['tiles']}")
    if kind == "draw":
        if mine:
            return w["draw_me"].format(t=e["tile"])
        return w["draw_hidden" if hidden else "draw"].format(who=who, t=e["tile"])
    if kind == "take":
        if hidden:
            return w["take_hidden"].format(who=who)
        return _say(lang, "take", mine, who=who, t=e["tile"], melds=" ".join(e["melds"]))
    if kind == "discard":
        return _say(lang, "discard", mine, who=who, t=e["tile"])
    if kind == "faceup":
        return w["faceup"].format(who=who, t=e["tile"])
    if kind == "penalty":
        return w["penalty"].format(who=who, what=e["offence"], n=e["amount"])
    return None


def _zh(kind: str) -> str:
    return MOVE_ZH.get(kind, kind)


def settlement_lines(result: Result, names: Sequence[str], rules: Ruleset, lang: str, *, me: int = 0) -> list[str]:
    """The end of a hand in words: who won, on what and how, what it scores and who pays; or 荒庄."""
    w = _W[lang]
    lines: list[str] = []
    win = result.win
    if result.winner is None or win is None:
        lines += wrap(w["drawn"])
    else:
        p = result.winner
        conds = [_CONDITIONS[lang].get(c, c) for c in result.conditions]
        extra = f" ({'; '.join(conds)})" if conds and lang == "en" else "".join(f"（{c}）" for c in conds)
        if result.tile is None:
            lines += wrap(_say(lang, "dealt_win", p == me, who=names[p], how=win.how) + extra)
        elif result.source is None:
            raise ValueError("a win on a tile names where the tile came from")
        else:
            src = _SOURCES[lang].get(result.source, result.source)
            how = (" " if lang == "en" else "，") + src
            lines += wrap(_say(lang, "wins", p == me, who=names[p], t=glyph(result.tile), how=how) + extra)
        fans = "+".join(win.fan_names) or w["plain"]
        lines += wrap("  " + w["score"].format(how=win.how, huxi=win.huxi, deng=win.deng, fan=win.fan, fans=fans,
                                               score=win.score), indent="    ")
        groups = " ".join(f"{group_zh(g.kind, rules.sequence)}{g.text()}" for g in win.groups)
        lines += wrap("  " + w["groups"].format(groups=groups), indent="    ")
        losers = [q for q, v in enumerate(result.net) if v < 0 and q != p]
        if result.source == "discard" and rules.game.pay == "discarder" and len(losers) == 1:
            q = losers[0]
            lines += wrap("  " + _say(lang, "discarder", q == me, who=names[q], n=win.score * (len(names) - 1)),
                          indent="    ")
        else:
            lines += wrap("  " + w["each"].format(who=names[p], n=win.score), indent="    ")
    for seat, offence, amount in result.penalties:
        each = amount // 3 if rules.game.penalty_paid == "third_to_each" else amount
        lines += wrap("  " + _say(lang, "pen", seat == me, who=names[seat], what=offence, n=amount, each=each),
                      indent="    ")
    lines += wrap("  " + w["net"].format(net=_net(result.net, names, lang)), indent="    ")
    return lines


def scores_line(scores: Sequence[int], hands: int, names: Sequence[str], lang: str) -> list[str]:
    w = _W[lang]
    return wrap(w["scores"].format(n=hands, s=_s(hands, lang), net=_net(scores, names, lang)))


# ---------------------------------------------------------------- the coach

def coach_lines(d: Reviewed, lang: str) -> list[str]:
    """After a decision: its grade as ``phz review`` gives it, the move made and, when it was not the best,
    the best and the loss (``review_text.move_line``), then what the two leave."""
    w = _W[lang]
    lines = wrap(w["coach"].format(grade=grade_text(d.grade, lang), move=move_line(d, lang)))
    played, advice = d.played, d.advice  # a move played (a choice) was asked with its advice
    if d.matched and played is not None and advice is not None:
        lines += wrap("    " + w["yours"].format(look=look_text(played, advice, lang)), indent="      ")
    else:
        lines += look_lines(d, lang)
    danger = danger_text(played, advice, lang) if played is not None and advice is not None else None
    return lines + (wrap("    " + danger, indent="      ") if danger else [])


def hint_lines(advice: Advice, lang: str, *, rows: int = 5) -> list[str]:
    """Before a decision (?): the solver's choice, then the next best few moves with what each leaves."""
    w, best, tile = _W[lang], advice.best, table_tile(advice)
    lines = wrap(w["hint"].format(best=choice_text(best, lang, tile=tile), look=look_text(best, advice, lang)))
    draws = draws_text(best, lang)
    if draws is not None:
        lines += wrap("  " + draws, indent="    ")
    danger = danger_text(best, advice, lang)
    if danger is not None:
        lines += wrap("  " + danger, indent="    ")
    for c in advice.choices[1:rows]:
        lines += wrap(w["hint_row"].format(move=choice_text(c, lang, tile=tile), look=look_text(c, advice, lang)),
                      indent="    ")
    return lines


def chou_note(chi: Sequence[int], peng: Sequence[int], lang: str, *, hu_only: bool = False) -> str:
    """What a move makes 臭, in a few words ('' when nothing)."""
    w = _W[lang]
    sep = "，" if lang == "zh" else "; "
    if hu_only:
        return sep.join(w["chou_both"].format(t=glyph(t)) for t in sorted(set(chi) | set(peng)))
    return sep.join([w["chou_chi"].format(t=glyph(t)) for t in chi] + [w["chou_peng"].format(t=glyph(t)) for t in peng])


def warning(note: str, lang: str) -> str:
    return _W[lang]["warn"].format(what=note)


def only_move(move: str, lang: str) -> str:
    """A decision with one option, made at once."""
    return _W[lang]["only"].format(move=move)


def intro_lines(rules: Ruleset, bots: Sequence[str], coaching: bool, lang: str) -> list[str]:
    """The start of a session: who plays whom, and how to answer."""
    w = _W[lang]
    if len(bots) == 1:
        lines = wrap(w["intro2"].format(title=rules.title, other=bots[0]))
    elif len(bots) == 3:
        lines = wrap(w["intro4"].format(title=rules.title, lower=bots[0], opposite=bots[1], upper=bots[2]))
    else:
        lines = wrap(w["intro"].format(title=rules.title, lower=bots[0], upper=bots[1]))
    lines += wrap(w["keys"])
    if coaching:
        lines += wrap(w["coach_on"])
    return lines


def seed_line(seed: int, lang: str) -> str:
    return _W[lang]["seed"].format(n=seed)


def resume_lines(at: int, path: str, hand: int, lang: str) -> list[str]:
    """Where a game goes on from: the move and hand, then the record's path on a line of its own."""
    return wrap(_W[lang]["resume"].format(at=at, n=hand)) + [f"  {path}"]


def record_kept(path: str, lang: str, *, done: bool = False, cut: bool = False) -> list[str]:
    """Where the record is (``done``: every hand asked for was played; ``cut``: it has no end line): the
    path on a line of its own, whole (to copy)."""
    return [_W[lang]["record_cut" if cut else "record_done" if done else "record"], f"  {path}"]


def stopped_lines(why: str, hands: int, scores: Sequence[int], names: Sequence[str], lang: str) -> list[str]:
    """The end of a session stopped by q, the end of the input or Ctrl-C, with the scores so far."""
    lines = wrap(_W[lang][why].format(n=hands, s=_s(hands, lang)))
    return lines + (scores_line(scores, hands, names, lang) if hands else [])


# ---------------------------------------------------------------- prompts

def _range(n: int) -> str:
    return "1" if n == 1 else f"1-{n}"


def prompt(n: int, lang: str) -> str:
    return _W[lang]["prompt"].format(rng=_range(n))


def bad_answer(text: str, n: int, lang: str) -> str:
    """A reply that is no answer, in one line."""
    shown = text.strip()
    if not shown:
        return _W[lang]["empty"].format(rng=_range(n))
    shown = repr(shown[:16] + ("…" if len(shown) > 16 else ""))
    return _W[lang]["bad"].format(text=shown, rng=_range(n))


def out_of_range(k: int, n: int, lang: str) -> str:
    return _W[lang]["range"].format(n=k, rng=_range(n))


def why_words(reason: str, lang: str) -> str:
    """The obligations engine's reason ``reason`` (results.FORBID_REASONS) in a few words."""
    return WHY[lang].get(reason, reason)


def illegal_answer(move: Move, ask: Ask, reason: str | None, lang: str) -> str:
    """A move that is not among the options, in one line (``reason``: the obligations engine's code)."""
    w = _W[lang]
    words = move_words(move, ask.tile, lang)
    if reason is None:
        return w["not_offered"].format(move=words, rng=_range(len(ask.options)))
    why = WHY[lang].get(reason, reason)
    return w["illegal"].format(move=words, why=why, rng=_range(len(ask.options)))

