"""``ting`` (听牌): every tile a ready hand waits on, from any source it wins from, dead waits included.

Answered with tiles (or none); right when it names every wait and nothing else.  Taught with the table
of each wait and source (胡息, 等, 番, score, how it wins), why a tile named is no wait, and the best
decomposition of each wait; a drill's note says how each wait wins and why a source does not.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ... import api
from ...engine import reference
from ...model.hand import MELD_ZH
from ...model.results import Discards, HuResult, Ting
from ...model.rules import Ruleset
from ...model.tiles import GLYPHS, glyphs
from ...text.catalogue import say
from ...text.render import hu_sentence
from ...text.words import GROUP_ZH
from .. import drill_makers, ruleset_makers
from ..drill_notes import _and, _join, _seen_words, _waits_words
from ..grading import _NONE, graded_set, read_tiles
from ..question import Answer, Facts, Grade, Question, Solution, solved
from ..teach import _SOURCE_ZH, _tabulate, _tiles_comma
from ..wrapping import wrap
from . import Makers
from ._shared import no_mistakes, own_generator

if TYPE_CHECKING:
    from solver.puzzles import PuzzleAnswer


#: first in the lists of kinds; its drills' seed digit
ORDER = 0
NAME_ZH = "听牌"
HAND = True
#: a library puzzle of this kind (``solver.puzzles``, which reads these lines without importing the kind):
#: the context fields it needs, those it may have besides, and its answer's type
PUZZLE_NEEDS = ()
PUZZLE_TAKES = ("seen",)
PUZZLE_ANSWER = "str"
READY = True
TAGS = drill_makers.WAIT_TAGS
MAKERS = Makers(drill_makers._make_ting, ruleset_makers._make_ting)
MORE_GENERATORS: dict[str, tuple[int, Makers]] = {}
#: a question of it asks about its hand alone: no facts beside it
FACTS = Facts


def prompt(q: Question, zh: bool) -> str:
    return say("ting.prompt", zh)


def context(q: Question, zh: bool) -> list[str]:
    return []


def with_menu(q: Question) -> Question:
    return q


def solve(q: Question, result: Ting | Discards | HuResult | None = None) -> Solution:
    t = result if result is not None else api.ting(q.hand, seen=q.seen, rules=q.rules)
    assert isinstance(t, Ting)  # the result given is the one of this question's kind
    return Solution(frozenset(w.tile for w in t.waits), t)


def parse(q: Question, raw: str, spaced: str) -> Answer:
    if raw.lower() in _NONE:
        return frozenset()
    return frozenset(read_tiles(spaced))


def grade(q: Question, answer: Answer) -> Grade:
    expected = solved(q, solve).expected
    assert isinstance(answer, frozenset)  # the tiles named
    return graded_set(answer, expected, glyphs(answer) or "none")


def right_answer(q: Question) -> str:
    expected = solved(q, solve).expected
    assert isinstance(expected, frozenset)  # the waits
    return glyphs(expected) or "none"


def puzzle_answer(q: Question) -> PuzzleAnswer:
    """The waits' glyphs."""
    expected = solved(q, solve).expected
    assert isinstance(expected, frozenset)  # the waits
    return glyphs(expected)


def _outs_cell(outs: int, zh: bool) -> str:
    return str(outs) if outs else say("ting.dead_outs", zh)


def _groups_text(groups) -> str:
    return " ".join(f"{GROUP_ZH[g.kind]}{g.text()} {g.huxi}" for g in groups)


_COUNT_ZH = {2: "两", 3: "三"}


def _not_wait_text(hand, t: int, rules: Ruleset, zh: bool) -> str:
    """Why tile t wins from none of the sources ``rules`` wins on."""
    X = GLYPHS[t]
    if hand.all_counts()[t] >= 4:
        return say("ting.all_four_held", zh, tile=X)
    sources = rules.win_on
    results = [reference.hu(hand, t, source, rules) for source in sources]
    first = results[0]
    none = say("ting.none_of_two" if len(sources) == 2 else "ting.none_of", zh,
               _count=_COUNT_ZH.get(len(sources), len(sources)))
    if first.reason in ("no_7_groups", "huxi_short") and all(
            (r.reason, r.huxi) == (first.reason, first.huxi) for r in results):
        if first.reason == "no_7_groups":
            return say("ting.wins_from_none_no_7_groups", zh, tile=X, none=none)
        return say("ting.wins_from_none_huxi_short", zh, tile=X, none=none, huxi=first.huxi, needed=rules.min_huxi)
    parts = []
    for source, r in zip(sources, results):
        if zh:
            if r.reason == "huxi_short":
                why = say("ting.why_huxi_short", zh, huxi=r.huxi, needed=rules.min_huxi)
            elif r.reason is not None and r.reason.startswith("forced_"):
                why = say("ting.why_forced", zh, move=MELD_ZH[r.reason.removeprefix("forced_")])
            else:
                why = say("ting.why_no_7_groups", zh)
            parts.append(f"{_SOURCE_ZH[source]}{why}")
        else:
            parts.append(f"{source}: {hu_sentence(r, rules)}")
    return f"{X}：" + "；".join(parts) if zh else f"{X} — " + "; ".join(parts)


def teach(q: Question, g: Grade, zh: bool) -> list[str]:
    t = solved(q, solve).result
    assert isinstance(t, Ting)  # a ting question's result
    waits = t.waits
    lines = []
    if waits:
        dead = [w.tile for w in waits if not w.outs]
        live = sum(w.outs for w in waits)
        head = say("ting.waits_head", zh, n=len(waits), tiles=_tiles_comma((w.tile for w in waits), zh), live=live)
        if dead:
            head += say("ting.dead_one" if len(dead) == 1 else "ting.dead_many", zh, tiles=_tiles_comma(dead, zh))
        lines.append(head)
    else:
        lines.append(say("ting.not_ready", zh))
    if not g.correct:
        if g.missed:
            lines.append(say("ting.missed", zh, tiles=_tiles_comma(g.missed, zh)))
        if g.extra:
            lines.append(say("ting.not_waits", zh, tiles=_tiles_comma(g.extra, zh)))
    for x in g.extra:
        lines += wrap("  " + _not_wait_text(t.hand, x, q.rules, zh), indent="    ")
    if waits:
        lines += [""] + _waits_table(q, g, zh)
        lines.append("")
        lines.append(say("ting.best_decompositions", zh))
        sources = q.rules.win_on
        every = "both" if len(sources) == 2 else "all"
        for w in waits:
            wins = [(s, getattr(w, s)) for s in sources if getattr(w, s) is not None]
            if len(wins) == len(sources) > 1 and all(x.groups == wins[0][1].groups for _, x in wins):
                wins = [(every, wins[0][1])]
            for source, x in wins:
                if source in ("both", "all"):
                    src = say("ting.both_sources" if source == "both" else "ting.all_sources", zh)
                else:
                    src = _SOURCE_ZH[source] if zh else source
                lines += wrap(f"  {GLYPHS[w.tile]} {src}: {_groups_text(x.groups)}", indent="      ")
    return lines


def _waits_table(q: Question, g: Grade, zh: bool) -> list[str]:
    """A row per wait and source: 胡息, 等, 番 and the score they make, how it wins; the waits named and
    missed marked."""
    headers = [say("ting.col_wait", zh), say("ting.col_outs", zh), say("ting.col_from", zh), "胡息", "等", "番",
               say("ting.col_score", zh), say("ting.col_how", zh), ""]
    rows = []
    t = solved(q, solve).result
    assert isinstance(t, Ting) and isinstance(g.answer, frozenset)  # a ting question's, the waits named
    for w in t.waits:
        mark = (say("ting.mark_missed", zh) if w.tile in g.missed else
                say("ting.mark_yours", zh) if w.tile in g.answer else "")
        for i, source in enumerate(q.rules.win_on):
            x = getattr(w, source)
            head = [GLYPHS[w.tile], _outs_cell(w.outs, zh)] if i == 0 else ["", ""]
            cells = (["—", "", "", "", ""] if x is None else
                     [str(x.huxi), str(x.deng), " ".join([str(x.fan), *x.fan_names]), str(x.score), x.how])
            rows.append(head + [_SOURCE_ZH[source] if zh else source] + cells + [mark if i == 0 else ""])
    return _tabulate(rows, headers) + [say("ting.score_rule", zh)]


def note(q: Question, zh: bool) -> str:
    t = solved(q, solve).result
    assert isinstance(t, Ting)  # a ting question's result
    o, c = ("（", "）") if zh else ("(", ")")
    return _join(_waits_words(t.hand, t.waits, q.rules, zh) + _seen_words(q, zh)
                 + [f"{o}RULES.md {_and(['4', '6'], zh)}{c}"], zh)


def ruleset_tags(rules: Ruleset) -> tuple[str, ...]:
    return ruleset_makers.wait_tags(rules)


#: the same as most kinds: no drills of other generators, no questions made of mistakes
generator = own_generator
from_mistakes = no_mistakes


if TYPE_CHECKING:  # mypy checks that this module implements the protocol of a kind
    from . import Kind
    from . import ting as _this
    _kind: Kind = _this
