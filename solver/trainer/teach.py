"""Teaching: after an answer, the solver's full table for the question, where the answer fell short, and why.

``explanation(q, g, lang)`` gives the lines shown after the verdict (``solver.text.explain``
is another thing: the decision sentences it borrows for chi and chou questions).
"""
from __future__ import annotations

from typing import Iterable

from tabulate import tabulate

from ..engine import reference
from ..model.hand import MELD_ZH
from ..model.results import Action, Discards, Forbidden, HuResult, Ting
from ..model.rules import Ruleset
from ..model.tiles import GLYPHS
from ..text.explain import act_lines, action_text, forbidden_text, resolve_lang
from ..text.render import TABLE_FORMAT, hu_sentence
from ..text.words import GROUP_ZH, MOVE_ZH
from .drill_notes import drill_note
from .grading import Grade
from .question import Question, about_distance, way_text
from .wrapping import wrap

# How a tile wins (results.HOWS), said in Chinese for the huxi explanation.
_HOW_ZH = {"提胡": "提胡，这张牌和坎或偎成提", "跑胡": "跑胡，这张牌和碰、偎或坎成跑",
           "偎胡": "偎胡，这张牌和手里的一对成偎", "碰胡": "碰胡，这张牌和手里的一对成碰",
           "破跑胡": "破跑胡，这张牌进别的门子，坎（碰、偎）不动", "单吊胡": "单吊胡，这张牌成将",
           "编胡": "编胡，这张牌成绞牌或二七十", "顺胡": "顺胡，这张牌成一句话",
           "招胡": "招胡，这张牌和坎或碰成招"}


def explanation(q: Question, g: Grade, lang: str = "en") -> list[str]:
    """The solver's full table for ``q``, where ``g`` fell short (the learner's row and the best marked), the
    tags and the teaching note: a puzzle's own, or the one ``drill_notes`` writes for a drill; the sentences
    wrapped at 80 columns."""
    lang = resolve_lang(lang)
    zh = lang == "zh"
    lines = {"ting": _ting_lines, "discard": _discard_lines, "huxi": _huxi_lines,
             "chi": _chi_lines, "chou": _chou_lines}[q.kind](q, g, zh)
    if q.tags:
        lines += wrap(f"{'标签' if zh else 'tags'}: {', '.join(q.tags)}")
    note = (q.note_zh if zh else q.note_en) or drill_note(q, lang)
    if note:
        lines += wrap(f"{'要点' if zh else 'note'}: {note}")
    return lines


def _mark(best: bool, yours: bool, zh: bool) -> str:
    """The last cell of a table row: the best row and the learner's."""
    words = [w for w, on in (("最佳" if zh else "best", best), ("你的" if zh else "yours", yours)) if on]
    return "← " + ("，" if zh else ", ").join(words) if words else ""


def _tabulate(rows, headers) -> list[str]:
    return tabulate(rows, headers, tablefmt=TABLE_FORMAT, disable_numparse=True).split("\n")


def _tiles_comma(tiles: Iterable[int], zh: bool) -> str:
    return ("、" if zh else ", ").join(GLYPHS[t] for t in tiles)


def _win_cells(w) -> list[str]:
    return ["—", "", ""] if w is None else [str(w.huxi), str(w.score), w.how]


def _outs_cell(outs: int, zh: bool) -> str:
    return str(outs) if outs else ("0 绝张" if zh else "0 dead")


def _groups_text(groups) -> str:
    return " ".join(f"{GROUP_ZH[g.kind]}{g.text()} {g.huxi}" for g in groups)


#: who reveals a tile, in the Chinese of the explanations
_SOURCE_ZH = {"self": "自摸", "other": "别人摸出", "discard": "别人打出"}
_COUNT_ZH = {2: "两", 3: "三"}


def _not_wait_text(hand, t: int, rules: Ruleset, zh: bool) -> str:
    """Why tile t wins from none of the sources ``rules`` wins on."""
    X = GLYPHS[t]
    if hand.all_counts()[t] >= 4:
        return (f"{X}：四张都在你手里或亮牌里，不会再来" if zh else
                f"{X}: all four copies are in your hand and melds, so it cannot appear")
    sources = rules.win_on
    results = [reference.hu(hand, t, source, rules) for source in sources]
    first = results[0]
    none_en = "neither source" if len(sources) == 2 else "no source"
    none_zh = f"{_COUNT_ZH.get(len(sources), len(sources))}种来源都胡不了"
    if first.reason in ("no_7_groups", "huxi_short") and all(
            (r.reason, r.huxi) == (first.reason, first.huxi) for r in results):
        if first.reason == "no_7_groups":
            return (f"{X}：{none_zh}，加上{X}组不成7门子" if zh else
                    f"{X} wins from {none_en}: with it the tiles cannot be split into 7 门子")
        return (f"{X}：{none_zh}，能组成7门子但最多{first.huxi}胡息（要{rules.min_huxi}）" if zh else
                f"{X} wins from {none_en}: 7 门子 but at most {first.huxi} 胡息 ({rules.min_huxi} needed)")
    parts = []
    for source, r in zip(sources, results):
        if zh:
            if r.reason == "huxi_short":
                why = f"能组成7门子，但最多{r.huxi}胡息（要{rules.min_huxi}）"
            elif r.reason is not None and r.reason.startswith("forced_"):
                move = MELD_ZH[r.reason.removeprefix("forced_")]
                why = f"必须{move}，{move}后胡不了"
            else:
                why = "组不成7门子"
            parts.append(f"{_SOURCE_ZH[source]}{why}")
        else:
            parts.append(f"{source}: {hu_sentence(r, rules)}")
    return f"{X}：" + "；".join(parts) if zh else f"{X} — " + "; ".join(parts)


def _ting_lines(q: Question, g: Grade, zh: bool) -> list[str]:
    t = q.solution.result
    assert isinstance(t, Ting)  # a ting question's result
    waits = t.waits
    lines = []
    if waits:
        dead = [w.tile for w in waits if not w.outs]
        live = sum(w.outs for w in waits)
        if zh:
            head = f"听 {len(waits)} 张：{_tiles_comma((w.tile for w in waits), zh)}，共 {live} 张活牌"
            if dead:
                head += f"；{_tiles_comma(dead, zh)}已是绝张（没有活牌），也算听牌"
        else:
            head = f"The waits ({len(waits)}): {_tiles_comma((w.tile for w in waits), zh)}, {live} live outs"
            if dead:
                head += f"; {_tiles_comma(dead, zh)} {'is' if len(dead) == 1 else 'are'} dead (no live copy) but still a wait"
        lines.append(head)
    else:
        lines.append("这手牌不听牌：没有能胡的牌" if zh else "The hand is not ready: no tile wins for it")
    if not g.correct:
        if g.missed:
            lines.append(f"{'漏了' if zh else 'Missed'}: {_tiles_comma(g.missed, zh)}")
        if g.extra:
            lines.append(f"{'多写了（不听）' if zh else 'Not waits'}: {_tiles_comma(g.extra, zh)}")
    for x in g.extra:
        lines += wrap("  " + _not_wait_text(t.hand, x, q.rules, zh), indent="    ")
    if waits:
        lines += [""] + _waits_table(q, g, zh)
        lines.append("")
        lines.append("最佳组牌：" if zh else "Best decompositions:")
        sources = q.rules.win_on
        every = "both" if len(sources) == 2 else "all"
        for w in waits:
            wins = [(s, getattr(w, s)) for s in sources if getattr(w, s) is not None]
            if len(wins) == len(sources) > 1 and all(x.groups == wins[0][1].groups for _, x in wins):
                wins = [(every, wins[0][1])]
            for source, x in wins:
                src = ({**_SOURCE_ZH, "both": "两种来源", "all": "三种来源"}[source] if zh else source)
                lines += wrap(f"  {GLYPHS[w.tile]} {src}: {_groups_text(x.groups)}", indent="      ")
    return lines


def _waits_table(q: Question, g: Grade, zh: bool) -> list[str]:
    """A row per wait and source: 胡息, 等, 番 and the score they make, how it wins; the waits named and
    missed marked."""
    headers = (["听", "张数", "来源", "胡息", "等", "番", "分", "胡法", ""] if zh else
               ["wait", "outs", "from", "胡息", "等", "番", "score", "how", ""])
    rows = []
    assert isinstance(q.solution.result, Ting) and isinstance(g.answer, frozenset)  # a ting question's, the waits named
    for w in q.solution.result.waits:
        mark = (("← 漏了" if zh else "← missed") if w.tile in g.missed else
                ("← 你的" if zh else "← yours") if w.tile in g.answer else "")
        for i, source in enumerate(q.rules.win_on):
            x = getattr(w, source)
            head = [GLYPHS[w.tile], _outs_cell(w.outs, zh)] if i == 0 else ["", ""]
            cells = (["—", "", "", "", ""] if x is None else
                     [str(x.huxi), str(x.deng), " ".join([str(x.fan), *x.fan_names]), str(x.score), x.how])
            rows.append(head + [_SOURCE_ZH[source] if zh else source] + cells + [mark if i == 0 else ""])
    return _tabulate(rows, headers) + [_SCORE_ZH if zh else _SCORE_EN]


_SCORE_EN = "score = 等 × 番; the 胡息 make the 等, a self-drawn win adds one (RULES.md 5)"
_SCORE_ZH = "分 = 等 × 番；等由胡息算出，自摸加1等（RULES.md 5）"


def _away(r, zh: bool) -> str:
    if r.distance is None:
        return ("离听牌超过两步" if zh else "more than 2 away") if r.limit else ("怎么进张都听不了牌" if zh else "never ready")
    return f"离听牌{r.distance}步" if zh else f"{r.distance} away"


def _discard_lines(q: Question, g: Grade, zh: bool) -> list[str]:
    """The best discard, what the answer given falls short of, and the table: of winning outs, or,
    when no discard leaves the hand ready (``about_distance``), of distances and improving draws (进张)."""
    # a discard question's table, its best discards and the one named
    assert isinstance(q.solution.result, Discards) and isinstance(g.expected, tuple) and isinstance(g.answer, int)
    rows = q.solution.result.rows
    far = about_distance(q.solution.result)
    best = g.expected
    lines = [_best_far_line(rows[0], best, zh) if far else _best_outs_line(rows, best, zh)]
    x = g.answer
    X = GLYPHS[x]
    by_tile = {r.tile: r for r in rows}
    if x not in by_tile:  # a 坎 tile: never discardable
        lines.append(f"{X}在坎{X * 3}里，坎牌不能打（坎是锁住的）" if zh else
                     f"{X} is in your 坎 {X * 3}, and 坎 tiles cannot be discarded (the 坎 is locked)")
    elif not g.correct:
        lines += (_far_shortfall(by_tile[x], rows[0], best, zh) if far else
                  _outs_shortfall(by_tile[x], rows[0].outs, best, zh))
    elif not far and len(best) > 1 and rows[0].tile != x:
        first = GLYPHS[rows[0].tile]
        lines.append(f"同样张数时，按期望分排序{first}在前" if zh else
                     f"On equal outs the ranking puts {first} first (higher expected score)")
    lines += [""] + (_far_table(rows, best, x, zh) if far else _outs_table(rows, best, x, zh))
    lines.append("（打出的牌算作见过的牌）" if zh else "(the discarded tile counts as seen)")
    return lines


def _best_outs_line(rows, best: tuple[int, ...], zh: bool) -> str:
    top = rows[0].outs if rows else 0
    if len(best) == 1:
        return (f"最好打{GLYPHS[best[0]]}：{top}张能胡的牌" if zh else
                f"Best discard: {GLYPHS[best[0]]}, {top} winning outs")
    return (f"打{_tiles_comma(best, zh)}都一样好：各有{top}张能胡的牌" if zh else
            f"Best discards (tied on outs): {_tiles_comma(best, zh)}, {top} winning outs each")


def _best_far_line(top, best: tuple[int, ...], zh: bool) -> str:
    live = top.improving_live
    if len(best) == 1:
        return (f"最好打{GLYPHS[best[0]]}：{_away(top, zh)}，进张{live}张" if zh else
                f"Best discard: {GLYPHS[best[0]]}, {_away(top, zh)}, {live} live improving draws (进张)")
    return (f"打{_tiles_comma(best, zh)}都一样好：{_away(top, zh)}，各有进张{live}张" if zh else
            f"Best discards (tied): {_tiles_comma(best, zh)}, {_away(top, zh)}, {live} live improving "
            f"draws (进张) each")


def _outs_shortfall(r, top: int, best: tuple[int, ...], zh: bool) -> list[str]:
    """Why discarding ``r.tile`` is not as good as the best: fewer live outs, or none."""
    X = GLYPHS[r.tile]
    if r.outs:
        waits = " ".join(f"{GLYPHS[w.tile]} {w.outs}" for w in r.waits if w.outs)
        return [f"打{X}只有{r.outs}张能胡（{waits}），比打{GLYPHS[best[0]]}少{top - r.outs}张" if zh else
                f"Discarding {X} leaves {r.outs} outs ({waits}): {top - r.outs} fewer than {GLYPHS[best[0]]}"]
    if r.waits:
        return [f"打{X}后听的牌都是绝张，没有活牌" if zh else
                f"After discarding {X} every wait is dead: no live out"]
    return [f"打{X}后不听牌" if zh else f"After discarding {X} the hand is not ready"]


def _far_shortfall(r, top, best: tuple[int, ...], zh: bool) -> list[str]:
    """Why discarding ``r.tile`` leaves the hand farther from ready, or as near with fewer 进张."""
    X, B = GLYPHS[r.tile], GLYPHS[best[0]]
    live = top.improving_live
    if r.distance == top.distance:
        lines = [f"打{X}也{_away(r, zh)}，但进张只有{r.improving_live}张，比打{B}少"
                 f"{live - r.improving_live}张" if zh else
                 f"Discarding {X} also leaves the hand {_away(r, zh)}, with {r.improving_live} live "
                 f"improving draws: {live - r.improving_live} fewer than {B}"]
    elif r.improving_live > live:
        # The distance-first trap: more draws, but each of them only brings the hand to where B already is.
        lines = [f"打{X}后{_away(r, zh)}：进张虽有{r.improving_live}张，比打{B}多，但先比距离，"
                 f"打{B}只{_away(top, zh)}" if zh else
                 f"Discarding {X} leaves the hand {_away(r, zh)}: its {r.improving_live} live improving "
                 f"draws outnumber {B}'s {live}, but the distance comes first and {B} leaves it "
                 f"{_away(top, zh)}"]
    else:
        lines = [f"打{X}后{_away(r, zh)}" if zh else f"Discarding {X} leaves the hand {_away(r, zh)}"]
    dead = [GLYPHS[d.tile] for d in r.improving if not d.live]
    if dead:
        lines.append(f"打{X}后的进张{'、'.join(dead)}已经没有活牌" if zh else
                     f"{', '.join(dead)} would improve the hand after discarding {X}, but no live copy is left")
    return lines


def _outs_table(rows, best: tuple[int, ...], answer: int, zh: bool) -> list[str]:
    """The ready discards with their outs (the best and the learner's marked), then the ones that leave the
    hand not ready."""
    headers = (["打出", "张数", "期望分", "最高分", "听（张数）", ""] if zh else
               ["discard", "outs", "expected", "top", "waits (outs)", ""])
    table = []
    not_ready = [r.tile for r in rows if not r.waits]
    for r in rows:
        if not r.waits:
            continue
        waits = "  ".join(f"{GLYPHS[w.tile]} {w.outs}" if w.outs else f"{GLYPHS[w.tile]} {'绝' if zh else 'dead'}"
                          for w in r.waits[:_DRAWS])
        if len(r.waits) > _DRAWS:
            waits += f" 另{len(r.waits) - _DRAWS}张" if zh else f" +{len(r.waits) - _DRAWS} more"
        table.append([GLYPHS[r.tile], r.outs, f"{float(r.expected_score):.2f}", r.best_score, waits,
                      _mark(r.tile in best, r.tile == answer, zh)])
    lines = _tabulate(table, headers)
    if not_ready:
        mine = ("（你的）" if zh else " (yours)") if answer in not_ready else ""
        lines += wrap(f"打{_tiles_comma(not_ready, zh)}后不听牌{mine}" if zh else
                      f"not ready after discarding {_tiles_comma(not_ready, zh)}{mine}")
    lines += wrap("期望分：按活牌张数平均的分数（等 × 番）；最高分：最好的一张能得的分" if zh else
                  "expected: the score (等 × 番) averaged over the live outs; top: the best out's score")
    return lines


def _far_table(rows, best: tuple[int, ...], answer: int, zh: bool) -> list[str]:
    """Every discard with its distance and live improving draws (the best and the learner's marked), then how
    the best one takes each draw."""
    headers = (["打出", "距离", "进张", "进张（张数）", ""] if zh else
               ["discard", "away", "live", "improving draws (live)", ""])
    table = [[GLYPHS[r.tile], "—" if r.distance is None else r.distance, r.improving_live,
              _draws_cell(r, zh), _mark(r.tile in best, r.tile == answer, zh)] for r in rows]
    lines = _tabulate(table, headers)
    top = rows[0]
    ways = "; ".join(f"{GLYPHS[d.tile]}: {' / '.join(d.ways)}" for d in top.improving)
    if ways:
        lines += wrap(f"打{GLYPHS[top.tile]}后的进张：{ways}" if zh else
                      f"After discarding {GLYPHS[top.tile]}, take: {ways}")
    return lines


#: the improving draws a row of the distance table shows (the rest counted)
_DRAWS = 6


def _draws_cell(r, zh: bool) -> str:
    if not r.improving:
        return _away(r, zh)
    shown = "  ".join(f"{GLYPHS[d.tile]} {d.live}" for d in r.improving[:_DRAWS])
    more = len(r.improving) - _DRAWS
    return shown + ((f" 另{more}种" if zh else f" +{more} more") if more > 0 else "")


def _huxi_lines(q: Question, g: Grade, zh: bool) -> list[str]:
    r = q.solution.result
    assert isinstance(r, HuResult) and r.win is not None  # a huxi question's tile wins (``question.solve``)
    assert isinstance(g.answer, int)  # a number of 胡息
    w = r.win
    X = GLYPHS[r.tile]
    names = "+".join(w.fan_names) or "平胡"
    zimo = ("（自摸+1）" if zh else " (自摸 +1)") if r.source == "self" else ""
    lines = [f"{w.how}：{w.huxi}胡息 → {w.deng}等{zimo} × {w.fan}番（{names}）= {w.score}分" if zh else
             f"{w.how}: {w.huxi} 胡息 → {w.deng} 等{zimo} × {w.fan} 番 ({names}) = {w.score}"]
    if zh:
        lines.append(f"{_SOURCE_ZH[r.source]}的{X}：{_HOW_ZH.get(w.how, w.how)}")
    else:
        lines.append(hu_sentence(r, q.rules))
    if not g.correct:
        diff = g.answer - w.huxi
        if zh:
            lines.append(f"你答{g.answer}，{'少了' if diff < 0 else '多了'}{abs(diff)}胡息")
        else:
            lines.append(f"You said {g.answer}: {abs(diff)} {'short' if diff < 0 else 'too many'}")
        n_melds = len(r.hand.melds)
        melds_huxi = sum(x.huxi for x in w.groups[:n_melds])
        if melds_huxi and g.answer == w.huxi - melds_huxi:
            lines.append(f"亮牌的{melds_huxi}胡息也要算上" if zh else
                         f"the melds' {melds_huxi} 胡息 count too")
        other = [d for d in r.decompositions[1:] if d.huxi == g.answer]
        if other:
            d = other[0]
            lines.append(f"{g.answer}胡息是另一种组法（{d.score}分）；最佳组法先比分数，再比胡息" if zh else
                         f"{g.answer} 胡息 is another decomposition (score {d.score}); the best one is chosen "
                         f"by score first, then 胡息")
    headers = ["门子", "牌", "胡息", ""] if zh else ["门子", "tiles", "胡息", ""]
    rows = [[GROUP_ZH[x.kind], x.text(), x.huxi, ""] for x in w.groups]
    yours = "" if g.correct else (f"（你答{g.answer}）" if zh else f" (you said {g.answer})")
    rows.append(["", "合计" if zh else "total", w.huxi, _mark(True, g.correct, zh) + yours])
    lines += [""] + _tabulate(rows, headers)
    better = [d for d in r.decompositions[1:] if d.huxi > w.huxi]
    if better:
        d = better[0]
        lines.append(f"另有{d.huxi}胡息的组法，但只有{d.score}分，所以不是最佳" if zh else
                     f"A decomposition with {d.huxi} 胡息 scores only {d.score}, so it is not the best")
    return lines


def _candidate_text(q: Question, c, zh: bool) -> str:
    d = q.decision
    lang = "zh" if zh else "en"
    if c.reason is None:
        return action_text(d, Action("chi", chi=c.chi, bi=c.bi), lang)
    return forbidden_text(d, Forbidden("chi", c.reason, c.chi, c.bi, c.detail), lang)


def _chi_lines(q: Question, g: Grade, zh: bool) -> list[str]:
    X = GLYPHS[q.decision.tile]
    assert isinstance(g.expected, frozenset) and isinstance(g.answer, frozenset)  # menu numbers
    legal = sorted(g.expected)
    if legal:
        lines = [f"合法的吃法：{' '.join(map(str, legal))}" if zh else
                 f"Legal ways: {' '.join(map(str, legal))}"]
    else:
        lines = [f"{X}没有合法的吃法（答 0）" if zh else f"No legal way to eat {X} (answer 0)"]
    if not g.correct:
        for i in g.missed:
            c = q.menu[i - 1]
            lines.append(f"漏了 {i}（{way_text(c.chi, c.bi, zh)}）：这是合法的" if zh else
                         f"Missed {i} ({way_text(c.chi, c.bi, zh)}): it is legal")
        for i in g.extra:
            c = q.menu[i - 1]
            lines.append(f"{i}（{way_text(c.chi, c.bi, zh)}）不合法：{_candidate_text(q, c, zh)}" if zh else
                         f"{i} ({way_text(c.chi, c.bi, zh)}) is not legal: {_candidate_text(q, c, zh)}")
    lines.append("")
    if not q.menu:
        lines.append("没有两张暗牌能和它组成一句话或绞牌" if zh else
                     f"No two concealed tiles make a 句 or 绞 with {X}")
    for i, c in enumerate(q.menu, 1):
        mark = ("合法" if zh else "legal") if c.reason is None else ("不合法" if zh else "not legal")
        yours = ("  ← 你选了" if zh else "  ← you chose it") if i in g.answer else ""
        lines += wrap(f"  {i}. {way_text(c.chi, c.bi, zh)} — {mark}{yours}: {_candidate_text(q, c, zh)}",
                      indent="     ")
    return lines


def _chou_lines(q: Question, g: Grade, zh: bool) -> list[str]:
    d = q.decision
    X = GLYPHS[d.tile]
    assert q.action is not None  # a chou question's move
    move = MOVE_ZH[q.action]
    yes = g.expected
    if zh:
        lines = [f"{'能' if yes else '不能'}{move}{X}"]
    else:
        lines = [f"{'Yes' if yes else 'No'}: you {'may' if yes else 'may not'} {move} {X} now"]
    reasons = [f for f in d.forbidden if f.action == q.action]
    if yes:
        ways = [a for a in d.actions if a.action == q.action]
        if q.action == "chi":
            lines.append(f"{len(ways)}种合法吃法" if zh else f"{len(ways)} legal way{'s' * (len(ways) != 1)} to eat")
    elif reasons:
        lang = "zh" if zh else "en"
        seen = set()
        for f in reasons:  # one line per distinct reason
            if f.reason not in seen:
                seen.add(f.reason)
                lines.append("  " + forbidden_text(d, f, lang))
    elif q.action == "peng":
        n = d.hand.concealed[d.tile]
        if n == 3:
            # the 4-tile groups the take table makes of a fourth tile onto a 坎 (hunan: 跑 or 提)
            made = {q.rules.take[key].makes for key in q.rules.take if key[0] == "kan"}
            fours = [MELD_ZH[k] for k in q.rules.four_kinds if k in made] or [MELD_ZH[k] for k in q.rules.four_kinds]
            made_en = " or ".join(f"{k}'d" for k in fours)
            lines.append(f"{X * 3}是坎不是对：第四张{X}要{'或'.join(fours)}，不能碰" if zh else
                         f"{X * 3} is a 坎, not a pair: a fourth {X} is {made_en}, never 碰'd")
        else:
            lines.append(f"碰要手里有一对{X}，你手里有{n}张" if zh else
                         f"a 碰 needs a concealed pair {X * 2}; you hold {n}")
    else:
        lines.append(f"没有两张暗牌能和{X}组成一句话或绞牌" if zh else
                     f"no two concealed tiles make a 句 or 绞 with {X}")
    if not g.correct:
        apart = q.rules.passed == "chou"  # a passed 吃 and a passed 碰 are each their own 臭
        if apart and q.action == "chi" and d.tile in d.passed_peng and d.tile not in d.chou:
            lines.append(f"过碰只让{X}对碰变臭，不挡吃" if zh else f"passing a 碰 of {X} makes it 臭 for 碰 only, not for 吃")
        if apart and q.action == "peng" and d.tile in d.chou and d.tile not in d.passed_peng:
            lines.append(f"{X}对吃是臭张，但臭张不挡碰" if zh else f"{X} is 臭 for 吃, which does not block a 碰")
        if q.action == "peng" and d.source.startswith("lower") and yes:
            lines.append("不吃隔山牌只管吃，下家的牌可以碰" if zh else
                         "不吃隔山牌 is about 吃 only: a lower player's tile may be 碰'd")
    lines += [""] + act_lines(d, "zh" if zh else "en")
    return lines
