"""One-line JSON answers (README: JSON output): built as dicts for one hand, as text for batches.

The dict builders are the readable form of the contract; the text builders
give the same text as ``dumps`` of them (tests/test_cli.py checks it) at a
fraction of the cost, because in batch runs serialising costs more than
solving: each group's JSON is made once, wins are formatted strings, and
only the input line needs escaping.  Nothing here imports numba.
"""
from __future__ import annotations

import json
import operator
from json.encoder import encode_basestring as _jstr  # the C escaper that ensure_ascii=False uses
from typing import TYPE_CHECKING, Iterable

from ..model import scoring
from ..model.groups import Group
from ..model.hand import Hand
from ..model.results import WIN_WAYS, Discards, Draw, HuResult, Ting, Wait, Win
from ..model.rules import Ruleset
from ..model.shown import unbroken
from ..model.tiles import GLYPHS, glyphs
from .render import advice_row, hu_sentence, tianhu_sentence

if TYPE_CHECKING:
    from ..engine.arrays import RulesetArrays
    from ..engine.dealt import Dealt

_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)
_GROUP_JSON: dict[Group, dict] = {}


def dumps(obj: object) -> str:
    """One JSON object (or list) on one line, glyphs kept as they are."""
    return _ENCODER.encode(obj)


def group_json(g: Group) -> dict:
    # Few distinct groups exist, so each dict is built once and shared.
    d = _GROUP_JSON.get(g)
    if d is None:
        d = _GROUP_JSON[g] = {"kind": g.kind, "tiles": glyphs(g.tiles), "huxi": g.huxi}
    return d


def win_json(w: Win | None) -> dict | None:
    if w is None:
        return None
    return {"huxi": w.huxi, "deng": w.deng, "fan": w.fan, "fan_names": list(w.fan_names),
            "score": w.score, "how": w.how, "groups": [group_json(g) for g in w.groups]}


def wait_json(w: Wait, discard: bool = False) -> dict:
    """A wait; ``discard``: the ruleset wins on discards, and the key ``discard`` is there."""
    d = {"tile": GLYPHS[w.tile], "outs": w.outs, "dead": w.outs == 0,
         "self": win_json(w.self), "other": win_json(w.other)}
    if discard:
        d["discard"] = win_json(w.discard)
    return d


def draw_json(d: Draw) -> dict:
    return {"tile": GLYPHS[d.tile], "live": d.live, "ways": list(d.ways)}


def ting_json(text: str, t: Ting, discard: bool = False) -> dict:
    return {"input": text, "hand": t.hand.text(), "ready": bool(t.waits),
            "waits": [wait_json(w, discard) for w in t.waits],
            "distance": t.distance, "limit": t.limit, "improving": [draw_json(d) for d in t.improving]}


def discard_json(text: str, d: Discards, discard: bool = False) -> dict:
    return {"input": text, "hand": d.hand.text(), "discards": [
        {"tile": GLYPHS[r.tile], "outs": r.outs, "expected_score": scoring.rounded(r.expected_score),
         "best_score": r.best_score, "waits": [wait_json(w, discard) for w in r.waits],
         "distance": r.distance, "limit": r.limit, "improving_live": r.improving_live,
         "improving": [draw_json(x) for x in r.improving], "shape": _shape_json(r)}
        for r in map(advice_row, d.rows)]}


def _shape_json(r) -> dict | None:
    """A discard row's shape measure (beyond the distance search), or None."""
    shape = getattr(r, "shape", None)
    return None if shape is None else {"missing": shape[0], "huxi": shape[1]}


def hu_json(text: str, r: HuResult, rules: Ruleset, *, all_splits: bool = False,
            conditions: Iterable[str] = ()) -> dict:
    """``phz hu --json``; ``conditions`` (the game context asked with, 海底 …) adds the key ``conditions``."""
    w = r.win
    d: dict[str, object] = {"input": text, "hand": r.hand.text(), "tile": GLYPHS[r.tile], "source": r.source,
                            "win": w is not None, "reason": r.reason, "explain": hu_sentence(r, rules),
                            "huxi": r.huxi}
    if w is None:
        d |= {"deng": None, "fan": None, "fan_names": None, "score": None, "how": None}
    else:
        d |= {"deng": w.deng, "fan": w.fan, "fan_names": list(w.fan_names), "score": w.score, "how": w.how}
    d["groups"] = [group_json(g) for g in r.groups]
    if all_splits:
        d["decompositions"] = [win_json(x) for x in r.decompositions]
    if conditions:
        d["conditions"] = sorted(conditions)
    return d


def tianhu_json(text: str, d: "Dealt", rules: Ruleset) -> dict:
    """``phz hu --tianhu --json``: the keys of ``hu_json`` (no tile; source self; reason
    ``not_tianhu``), and the dealt fours, 坎 and the tiles outside every group."""
    w = d.win
    out: dict[str, object] = {
        "input": text, "hand": d.hand.text(), "tile": None, "source": "self", "dealer": d.dealer,
        "fours": d.fours, "kans": d.kans, "win": w is not None, "reason": None if w else "not_tianhu",
        "explain": tianhu_sentence(d, rules), "huxi": w.huxi if w else None}
    out |= {"deng": None, "fan": None, "fan_names": None, "score": None, "how": None} if w is None else \
        {"deng": w.deng, "fan": w.fan, "fan_names": list(w.fan_names), "score": w.score, "how": w.how}
    out |= {"groups": [group_json(g) for g in w.groups] if w else [], "left": glyphs(d.left),
            "conditions": ["tianhu"]}
    return out


def error_json(text: str, message: str) -> dict:
    """The answer to bad input; ``text`` as given, bytes that were not UTF-8 shown as ``\\xff``,
    so that the JSON is UTF-8."""
    return {"input": unbroken(text), "error": unbroken(message)}


# JSON text built directly, for batches.  The dict builders above are the
# readable form of the contract; these give the same text as
# ``dumps(ting_json(...))`` / ``dumps(discard_json(...))`` (tests/test_cli.py
# checks it) at a fraction of the cost: each group's JSON is made once, wins
# are formatted strings, and only the input line needs escaping.

_GLYPH_LIST = tuple(GLYPHS)
_BOOL = ("false", "true")
_GROUP_BY_ID: dict[int, tuple[Group, str]] = {}
_NAMES: dict[tuple[str, ...], str] = {}
_WIN_FORMAT = '{"huxi":%d,"deng":%d,"fan":%d,"fan_names":%s,"score":%d,"how":%s,"groups":[%s]}'
_WAIT_FORMAT = '{"tile":"%s","outs":%d,"dead":%s,"self":%s,"other":%s}'
_WAIT3_FORMAT = '{"tile":"%s","outs":%d,"dead":%s,"self":%s,"other":%s,"discard":%s}'
_DRAW_FORMAT = '{"tile":"%s","live":%d,"ways":%s}'


def hand_text(hand: Hand) -> str:
    """``hand.text()``, faster: concealed glyphs by count, then the melds."""
    return counts_text(hand.concealed, hand.melds)


def counts_text(concealed, melds) -> str:
    """``Hand(concealed, melds).text()`` without the Hand."""
    text = "".join(map(operator.mul, _GLYPH_LIST, concealed))
    if melds:
        text += " | " + " ".join([m.text() for m in melds])
    return text


class RowText:
    """JSON text of the kernels' answer rows (``engine.wins``: a row per win, columns
    ``wins.ROW_*``) for one ruleset (``ra``: ``engine.arrays.of(rules)``), the same
    text as ``_win_str`` of the Win ``wins`` builds from the row.  Each group code's JSON is made once."""

    def __init__(self, ra: RulesetArrays) -> None:
        from ..engine import wins
        from ..model.results import HOWS

        self._groups = ra.groups
        self._group_text: dict[int, str] = {}
        self._names = [_str_list(names) for names in ra.fan_names]
        self._hows = [_jstr(h) for h in HOWS]
        self._at = (wins.ROW_HUXI, wins.ROW_DENG, wins.ROW_FAN, wins.ROW_SCORE, wins.ROW_HOW, wins.ROW_GROUPS)
        self._fan_slot = wins.fan_slot

    def _group(self, code: int) -> str:
        text = self._group_text[code] = dumps(group_json(self._groups[code]))
        return text

    def win(self, row: list) -> str:
        huxi, deng, fan, score, how, key = self._at
        get = self._group_text.get
        groups = ",".join([get(c) or self._group(c) for c in row[key:]])
        return _WIN_FORMAT % (row[huxi], row[deng], row[fan], self._names[self._fan_slot(row)], row[score],
                              self._hows[row[how]], groups)


# The ways of a wait as an improving draw (api.wait_draws), by (self wins, other wins).
_WIN_WAYS = {(s, o): dumps([WIN_WAYS[k] for k, x in (("self", s), ("other", o)) if x])
             for s in (False, True) for o in (False, True)}


def ting_json_ready(text: str, hand_text: str, waits: list[tuple[int, int, str | None, str | None]]) -> str:
    """``ting_json_line`` of a ready hand from its waits as (tile, outs, self
    win text, other win text): distance 0, its waits as its improving draws."""
    parts = [_WAIT_FORMAT % (GLYPHS[t], outs, _BOOL[outs == 0], s or "null", o or "null") for t, outs, s, o in waits]
    draws = [_DRAW_FORMAT % (GLYPHS[t], outs, _WIN_WAYS[s is not None, o is not None]) for t, outs, s, o in waits]
    return '{"input":%s,"hand":%s,"ready":true,"waits":[%s],"distance":0,"limit":false,"improving":[%s]}' % (
        _jstr(text), _jstr(hand_text), ",".join(parts), ",".join(draws))


def _group_str(g: Group) -> str:
    text = dumps(group_json(g))
    if len(_GROUP_BY_ID) > 100_000:
        _GROUP_BY_ID.clear()
    _GROUP_BY_ID[id(g)] = (g, text)
    return text


def _win_str(w: Win | None) -> str:
    if w is None:
        return "null"
    names = _str_list(w.fan_names)
    # The solver shares Group objects, so identity finds most of them; holding
    # the object in the entry keeps its id from being reused by another.
    get = _GROUP_BY_ID.get
    groups = ",".join([e[1] if (e := get(id(g))) is not None and e[0] is g else _group_str(g) for g in w.groups])
    return _WIN_FORMAT % (w.huxi, w.deng, w.fan, names, w.score, _jstr(w.how), groups)


def _str_list(names: tuple[str, ...]) -> str:
    """A tuple of strings (fan names, ways) as a JSON list; few distinct ones exist, each made once."""
    text = _NAMES.get(names)
    if text is None:
        text = _NAMES[names] = dumps(list(names))
    return text


def _waits_str(waits: tuple[Wait, ...], discard: bool = False) -> str:
    if discard:
        return ",".join([_WAIT3_FORMAT % (GLYPHS[w.tile], w.outs, _BOOL[w.outs == 0], _win_str(w.self),
                                          _win_str(w.other), _win_str(w.discard)) for w in waits])
    return ",".join([_WAIT_FORMAT % (GLYPHS[w.tile], w.outs, _BOOL[w.outs == 0], _win_str(w.self),
                                     _win_str(w.other)) for w in waits])


def _distance_str(distance: int | None, limit: bool, improving: tuple[Draw, ...],
                  improving_live: int | None = None) -> str:
    """The distance keys of a ting answer or (with ``improving_live``) a discard row, as JSON text."""
    draws = ",".join([_DRAW_FORMAT % (GLYPHS[d.tile], d.live, _str_list(d.ways)) for d in improving])
    live = "" if improving_live is None else '"improving_live":%d,' % improving_live
    return '"distance":%s,"limit":%s,%s"improving":[%s]' % (
        "null" if distance is None else distance, _BOOL[limit], live, draws)


def ting_json_line(text: str, t: Ting, discard: bool = False) -> str:
    """``dumps(ting_json(text, t, discard))``, built directly."""
    return '{"input":%s,"hand":%s,"ready":%s,"waits":[%s],%s}' % (
        _jstr(text), _jstr(hand_text(t.hand)), _BOOL[bool(t.waits)], _waits_str(t.waits, discard),
        _distance_str(t.distance, t.limit, t.improving))


def discard_json_line(text: str, d: Discards, discard: bool = False) -> str:
    """``dumps(discard_json(text, d, discard))``, built directly."""
    rows = ",".join([
        '{"tile":"%s","outs":%d,"expected_score":%s,"best_score":%d,"waits":[%s],%s,"shape":%s}' % (
            GLYPHS[r.tile], r.outs, _ENCODER.encode(scoring.rounded(r.expected_score)), r.best_score,
            _waits_str(r.waits, discard), _distance_str(r.distance, r.limit, r.improving, r.improving_live),
            "null" if r.shape is None else '{"missing":%d,"huxi":%d}' % r.shape)
        for r in map(advice_row, d.rows)])
    return '{"input":%s,"hand":%s,"discards":[%s]}' % (_jstr(text), _jstr(hand_text(d.hand)), rows)


