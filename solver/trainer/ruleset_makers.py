"""The ruleset generator's questions (drill seeds of generator 9), one maker per kind, read from the ruleset.

The same questions as ``drill_makers`` (its docstring gives the levels: 1
one idea, 2 two things that interact, 3 a trap), made of ``ruleset_hands``'
hands and told apart by what the ruleset says, never by its name:

* the sources are ``Ruleset.win_on`` (self, other, and discard where the
  ruleset wins on discards): a wait that wins from some of them only is a
  trap (``self-only wait``, ``discard-only wait``; with three sources, ``no
  self win`` and the like), tagged ``forced X`` when the tile must make the
  group X of the take table (提, 偎, 招, one's own 碰) and then cannot win;
  a huxi drill's source is any source its tile wins from;
* the tiles a ruleset eats from are ``Ruleset.chi_from``; the others (the
  lower player's, and one's own draw where it is not eaten) are the traps of
  吃 (``隔山``, ``no 吃 self-draw``);
* a pass follows ``Ruleset.passed``: under ``chou`` a passed 吃 and a passed
  碰 are each their own 臭 (``chou``, ``passed_peng``, as ``drill_makers``);
  under ``hu_only`` a passed tile may only be won on (过张), one list of
  passed tiles (``chou``);
* the 比 offence is named as the ruleset names it (``Ruleset.shaobi``: 烧比,
  吃包子), a win's ``how`` and fans as the reference gives them.

Every tag a maker can give under a ruleset is its kind's ``ruleset_tags(rules)``
(``solver.trainer.kinds``; ``wait_tags`` and ``eat_tags`` are those several kinds
share), and each kind names its maker of these (its ``MAKERS``).  Frozen
once released, like ``drill_makers``, whose code (frozen there too) makes
the questions that are made alike: the discard and distance questions, the
skeleton of the others (a maker here gives it the ruleset's fields).
"""
from __future__ import annotations

import random

from ..engine import reference
from ..engine.obligations import candidate_ways, decide
from ..model.hand import MELD_ZH, Hand
from ..model.results import ORIGINS, Discards, HuResult
from ..model.rules import Ruleset
from ..model.tiles import glyph, glyphs
from .drill_makers import (
    _PLAIN_HOWS,
    _chi,
    _chou_move,
    _discard,
    _distance,
    _huxi,
    _level,
    _others,
    _passes_apart,
    _ting,
    _twin,
)
from .ruleset_hands import discard_hand, far_hand, ready_hand, rest_hand

_DISTANCE_TAGS = ("进张", "2 away", "distance first", "dead 进张", "live copies")


def _passed_tag(rules: Ruleset) -> str:
    """The tag of a tile passed before: 臭张 (a passed move is 臭 for it) or 过张 (only winning on it is left)."""
    return "过张" if rules.passed == "hu_only" else "臭张"


def _forced(rules: Ruleset) -> tuple[str, ...]:
    return tuple(f"forced {MELD_ZH[k]}" for k in rules.melds if k != "chi")


def wait_tags(rules: Ruleset) -> tuple[str, ...]:
    """Every tag a drill about waits (ting, discard) can carry under ``rules``."""
    sources = rules.win_on
    return (tuple(f"{s}-only wait" for s in sources) + tuple(f"no {s} win" for s in sources if len(sources) > 2)
            + _forced(rules) + ("破跑胡", "dead wait"))


def eat_tags(rules: Ruleset) -> tuple[str, ...]:
    """Every tag a drill about eating (chi, chou) can carry under ``rules``."""
    return (("一吃两比", rules.shaobi, "坎 locked", "隔山", _passed_tag(rules)) + _forced(rules)
            + tuple(f"no 吃 {o}" for o in ORIGINS if o not in rules.chi_from and not o.startswith("lower"))
            + ("no discard",))


# ---------------------------------------------------------------- ting, discard, huxi

def _wins(w, rules: Ruleset) -> list[str]:
    """The sources of ``rules`` that wait ``w`` wins from."""
    return [s for s in rules.win_on if getattr(w, s) is not None]


def _wait_tags(hand: Hand, waits, rules: Ruleset) -> list[str]:
    """Trap tags of a set of waits.

    Not drill_makers' (frozen): that one knows two sources and tells hunan's forced 偎/提 from the counts;
    this one reads the ruleset's sources and its take table (the reason a source does not win)."""
    out = []
    for w in waits:
        wins = _wins(w, rules)
        missing = [s for s in rules.win_on if s not in wins]
        if missing:
            out += [f"{wins[0]}-only wait"] if len(wins) == 1 else [f"no {s} win" for s in missing]
            for s in missing:  # the take table's compulsory group, after which the tile cannot win
                reason = reference.hu(hand, w.tile, s, rules).reason or ""
                if reason.startswith("forced_"):
                    out.append(f"forced {MELD_ZH[reason.removeprefix('forced_')]}")
        if any(getattr(w, s) is not None and getattr(w, s).how == "破跑胡" for s in rules.win_on):
            out.append("破跑胡")
        if w.outs == 0:
            out.append("dead wait")
    return list(dict.fromkeys(out))


def _make_ting(rng: random.Random, level: int, plan: float, rules: Ruleset) -> tuple[dict, None] | None:
    made = _ting(rng, level, rules, ready_hand(rng, level, rules), lambda h, waits: _wait_tags(h, waits, rules))
    if made is None:
        return None
    # Each tag once (generator 0 keeps a ``dead wait`` twice when the seen tiles kill a second one: frozen).
    fields, result = made
    return {**fields, "tags": tuple(dict.fromkeys(fields["tags"]))}, result


def _make_discard(rng: random.Random, level: int, plan: float, rules: Ruleset) -> tuple[dict, Discards] | None:
    return _discard(rng, level, rules, discard_hand(rng, level, rules), lambda h, waits: _wait_tags(h, waits, rules))


def _make_distance(rng: random.Random, level: int, plan: float, rules: Ruleset) -> tuple[dict, Discards] | None:
    return _distance(rng, level, plan, rules, far_hand(rng, level, rules))


def _make_huxi(rng: random.Random, level: int, plan: float, rules: Ruleset) -> tuple[dict, HuResult] | None:
    # Every win that is not plain is a trap and every fan a tag (generator 2 names hunan's only: frozen).
    return _huxi(rng, level, rules, ready_hand(rng, level, rules), rules.win_on,
                 lambda how: how not in _PLAIN_HOWS, list)


# ---------------------------------------------------------------- chi, chou

def _chi_tags(d, menu, rules: Ruleset) -> list[str]:
    """The tags of a 吃 menu, by the ruleset's names (drill_makers' frozen ones are hunan's: not shared)."""
    names = {"shaobi": rules.shaobi, "kan": "坎 locked", "geshan": "隔山", "chou": _passed_tag(rules),
             "must_wei": "forced 偎", "no_discard": "no discard"}
    found = ["一吃两比"] if any(len(c.bi) == 2 for c in menu) else []
    for c in menu:
        if c.reason in names:
            found.append(names[c.reason])
        elif c.reason == "compulsory":
            found.append(f"forced {MELD_ZH[c.detail[0]]}")
        elif c.reason == "chi_from":
            found.append(f"no 吃 {d.source}")
    return list(dict.fromkeys(found))


def _origins(rules: Ruleset) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(the origins whose tiles the ruleset eats, the others)."""
    return (tuple(o for o in ORIGINS if o in rules.chi_from), tuple(o for o in ORIGINS if o not in rules.chi_from))


def _make_chi(rng: random.Random, level: int, plan: float, rules: Ruleset) -> tuple[dict, None] | None:
    eats, not_eaten = _origins(rules)
    made = _chi(rng, level, plan, rules, rest_hand(rng, level, rules), eats, not_eaten, {"geshan", "chi_from", "chou"})
    if made is None:
        return None
    h, x, source, chou, d, menu = made
    # The tags are the ruleset's (its 比, its 臭 or 过张, a 吃 its origins do not allow), and the passed
    # tiles in order (generator 3 gives hunan's names and the tiles as drawn: frozen).
    return {"hand": h.text(), "tile": glyph(x), "from_": source, "chou": glyphs(sorted(set(chou))),
            "tags": tuple(_chi_tags(d, menu, rules)), "menu": tuple(menu)}, None


def _passes(rng: random.Random, x: int, action: str, rules: Ruleset) -> tuple[list[int], list[int]]:
    """What was passed this hand: unrelated tiles, sometimes X itself or its twin (``chou``, ``passed_peng``)."""
    if rules.passed == "hu_only":  # one list: a passed tile may only be won on
        passed = _others(rng, {x}, rng.randint(0, 2))
        r = rng.random()
        if r < 0.4:
            passed.append(x)
        elif r < 0.55:
            passed.append(_twin(x))
        return sorted(set(passed)), []
    return _passes_apart(rng, x, action)


def _make_chou(rng: random.Random, level: int, plan: float, rules: Ruleset) -> tuple[dict, None] | None:
    eats, not_eaten = _origins(rules)
    h = rest_hand(rng, level, rules)
    move = _chou_move(rng, level, h, eats, tuple(dict.fromkeys(not_eaten + ("self-draw",))))
    if move is None:
        return None
    # From here on the ruleset's passes (one list under hu_only), the take table's own 碰 and the
    # ruleset's names: generator 4 knows hunan's alone (frozen), so the tags and levels are told apart.
    action, x, source = move
    chou, passed = _passes(rng, x, action, rules)
    d = decide(h, tile=x, source=source, chou=chou, passed_peng=passed, rules=rules)
    yes = any(a.action == action for a in d.actions)
    why = {f.reason for f in d.forbidden if f.action == action}
    if rules.passed == "hu_only":
        blocked = x in chou or x in passed
    else:
        blocked = x in (chou if action == "chi" else passed)
    lower = source.startswith("lower")
    found = [_passed_tag(rules)] if blocked else []
    if action == "chi":
        menu = candidate_ways(d)
        found += [t for t in _chi_tags(d, menu, rules) if t != _passed_tag(rules)]
        if yes:  # a passed 碰 of X, or X's twin passed, does not block 吃
            trap = x in passed or _twin(x) in chou
            simple = all(c.reason is None and not c.bi for c in menu)
        else:
            trap = bool(why & {"geshan", "chi_from", "must_wei", "compulsory", "kan"})
            simple = why == {"chou"}
    else:
        own = yes and source == "self-draw"  # the take table's own 碰 of one's draw onto a pair
        if yes:  # 隔山 is about 吃 only; 臭 for 吃 does not block 碰
            trap = lower or own or (rules.passed != "hu_only" and x in chou)
            simple = _twin(x) not in (chou if rules.passed == "hu_only" else passed)
            found += ["隔山"] * lower + ["forced 碰"] * own
        else:
            trap = bool(why & {"must_wei", "compulsory"})
            simple = why == {"peng_passed"}
            found += ["forced 偎"] * ("must_wei" in why)
    if _level(trap, simple) != level:
        return None
    return {"hand": h.text(), "tile": glyph(x), "from_": source, "action": action, "chou": glyphs(chou),
            "passed_peng": glyphs(passed), "tags": tuple(dict.fromkeys(found))}, None
