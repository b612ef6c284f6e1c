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

Every tag a maker can give under a ruleset is in ``tags(rules)``.  Frozen
once released, like ``drill_makers``.
"""
from __future__ import annotations

import random
from typing import Callable

from .. import api
from ..engine import reference
from ..engine.obligations import candidate_ways, decide, eating_ways
from ..model.hand import MELD_ZH, Hand
from ..model.notation import parse_tiles
from ..model.results import ORIGINS, Discards
from ..model.rules import Ruleset
from ..model.tiles import COPIES, N_KINDS, glyph, glyphs, tiles_to_counts
from .ruleset_hands import discard_hand, far_hand, ready_hand, rest_hand

MAX_MENU = 8
_PLAIN_HOWS = ("顺胡", "编胡", "单吊胡")
_DISTANCE_TAGS = ("进张", "2 away", "distance first", "dead 进张", "live copies")


def _level(trap: bool, simple: bool) -> int:
    return 3 if trap else 1 if simple else 2


def _others(rng: random.Random, avoid: set[int], n: int) -> list[int]:
    """``n`` distinct random tiles outside ``avoid`` (passed tiles that do not decide the answer)."""
    pool = [t for t in range(N_KINDS) if t not in avoid]
    return rng.sample(pool, min(n, len(pool)))


def _twin(t: int) -> int:
    """The same number in the other case (五 ⇄ 伍)."""
    return (t + 10) % 20


def _passed_tag(rules: Ruleset) -> str:
    """The tag of a tile passed before: 臭张 (a passed move is 臭 for it) or 过张 (only winning on it is left)."""
    return "过张" if rules.passed == "hu_only" else "臭张"


def tags(rules: Ruleset) -> dict[str, tuple[str, ...]]:
    """Every tag a drill of each kind can carry under ``rules``."""
    sources = rules.win_on
    forced = tuple(f"forced {MELD_ZH[k]}" for k in rules.melds if k != "chi")
    waits = (tuple(f"{s}-only wait" for s in sources) + tuple(f"no {s} win" for s in sources if len(sources) > 2)
             + forced + ("破跑胡", "dead wait"))
    eats = (("一吃两比", rules.shaobi, "坎 locked", "隔山", _passed_tag(rules)) + forced
            + tuple(f"no 吃 {o}" for o in ORIGINS if o not in rules.chi_from and not o.startswith("lower"))
            + ("no discard",))
    hows = ("破跑胡", "提胡", "偎胡", "跑胡", "碰胡", "招胡")
    return {"ting": waits, "discard": waits + _DISTANCE_TAGS,
            "huxi": hows + ("score first",) + rules.fan_names, "chi": eats, "chou": eats}


# ---------------------------------------------------------------- ting, discard, huxi

def _wins(w, rules: Ruleset) -> list[str]:
    """The sources of ``rules`` that wait ``w`` wins from."""
    return [s for s in rules.win_on if getattr(w, s) is not None]


def _wait_tags(hand: Hand, waits, rules: Ruleset) -> list[str]:
    """Trap tags of a set of waits."""
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


def _kill(rng: random.Random, waits) -> str:
    """Seen tiles that make one live wait dead: every copy not in the hand."""
    w = rng.choice([w for w in waits if w.outs])
    return glyph(w.tile) * w.outs


def _make_ting(rng: random.Random, level: int, plan: float, rules: Ruleset) -> tuple[dict, object] | None:
    h = ready_hand(rng, level, rules)
    if level == 1 and h.melds:
        return None
    waits = reference.ting(h, rules).waits
    found = _wait_tags(h, waits, rules)
    seen = ""
    if level == 3 and (not found or rng.random() < 0.25):
        seen = _kill(rng, waits)
        found.append("dead wait")
    if _level(bool(found), not h.melds and len(waits) <= 2) != level:
        return None
    return {"hand": h.text(), "seen": seen, "tags": tuple(dict.fromkeys(found))}, None


def _make_discard(rng: random.Random, level: int, plan: float, rules: Ruleset) -> tuple[dict, Discards] | None:
    h = discard_hand(rng, level, rules)
    if level == 1 and h.melds:
        return None
    seen = ""
    if level == 2 and rng.random() < 0.5:  # tiles seen elsewhere lower the outs: a second thing to count
        held = h.all_counts()
        seen = glyphs(_others(rng, {t for t in range(N_KINDS) if held[t] >= COPIES - 1}, rng.randint(2, 4)))
    elif level == 3 and rng.random() < 0.5:  # the dead-wait trap
        first = reference.discard(h, rules).rows[0]
        if first.outs:
            seen = _kill(rng, first.waits)
    d = reference.discard(h, rules, tiles_to_counts(parse_tiles(seen)))
    top = d.rows[0].outs if d.rows else 0
    if top == 0:
        return None
    found = _wait_tags(h, [w for r in d.rows if r.outs == top for w in r.waits], rules)
    if level == 3 and seen:
        found.append("dead wait")
    found = list(dict.fromkeys(found))
    if _level(bool(found), not h.melds and not seen) != level:
        return None
    return {"hand": h.text(), "seen": seen, "tags": tuple(found)}, d


def _advice(h: Hand, seen: str, rules: Ruleset) -> Discards | None:
    """The discard table with distances (as ``api.discard_choice`` makes it), or None when some discard is ready."""
    seen_counts = tiles_to_counts(parse_tiles(seen))
    plain = reference.discard(h, rules, seen_counts)
    if any(r.waits for r in plain.rows):
        return None
    return api.with_advice([plain], [seen_counts], rules)[0]


def _distance_traps(d: Discards, best: tuple[int, ...]) -> list[str]:
    top = d.rows[0]
    found = []
    most = max(d.rows, key=lambda r: r.improving_live)
    if most.tile not in best and most.improving_live >= 2 * top.improving_live:
        found.append("distance first")
    kinds = max(len(r.improving) for r in d.rows if r.tile in best)
    if any(len(r.improving) > kinds for r in d.rows if r.distance == top.distance and r.tile not in best):
        found.append("live copies")
    return found


def _make_distance(rng: random.Random, level: int, plan: float, rules: Ruleset) -> tuple[dict, Discards] | None:
    h = far_hand(rng, level, rules)
    if h is None or (level == 1 and h.melds):
        return None
    seen = ""
    if level == 2 and rng.random() < 0.4:
        held = h.all_counts()
        seen = glyphs(_others(rng, {t for t in range(N_KINDS) if held[t] >= COPIES - 1}, rng.randint(2, 4)))
    d = _advice(h, seen, rules)
    if d is None or d.rows[0].distance not in (1, 2) or not d.rows[0].improving_live:
        return None
    best = api.best_discards(d)
    found = []
    if level == 3 and plan < 0.4:  # the dead-进张 trap
        draw = max(d.rows[0].improving, key=lambda x: x.live)
        seen = glyph(draw.tile) * draw.live
        before = set(best)
        d = _advice(h, seen, rules)
        if d is None or not d.rows[0].improving_live:
            return None
        best = api.best_discards(d)
        if before & set(best):
            return None
        found.append("dead 进张")
    top = d.rows[0]
    found += _distance_traps(d, best)
    simple = not h.melds and not seen and top.distance == 1 and len(best) == 1
    if _level(bool(found), simple) != level:
        return None
    found = ["进张"] + (["2 away"] if top.distance == 2 else []) + found
    return {"hand": h.text(), "seen": seen, "tags": tuple(found)}, d


def _make_huxi(rng: random.Random, level: int, plan: float, rules: Ruleset) -> tuple[dict, object] | None:
    h = ready_hand(rng, level, rules)
    if level == 1 and h.melds:
        return None
    w = rng.choice(reference.ting(h, rules).waits)
    source = rng.choice(_wins(w, rules))
    r = reference.hu(h, w.tile, source, rules, all_splits=True)
    best = r.win
    found = [best.how] if best.how not in _PLAIN_HOWS else []
    if any(x.huxi > best.huxi for x in r.decompositions):
        found.append("score first")
    simple = not h.melds and best.how in _PLAIN_HOWS and len({x.huxi for x in r.decompositions}) == 1
    if _level(bool(found), simple) != level:
        return None
    found += list(best.fan_names)
    return {"hand": h.text(), "tile": glyph(w.tile), "source": source, "tags": tuple(found)}, r


# ---------------------------------------------------------------- chi, chou

def _eatable(h: Hand) -> list[int]:
    """Tiles with at least one eating group and a copy left to appear."""
    held = h.all_counts()
    return [t for t in range(N_KINDS) if held[t] < COPIES and eating_ways(h.concealed, t)]


def _chi_tags(d, menu, rules: Ruleset) -> list[str]:
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


def _make_chi(rng: random.Random, level: int, plan: float, rules: Ruleset) -> tuple[dict, object] | None:
    eats, not_eaten = _origins(rules)
    h = rest_hand(rng, level, rules)
    tiles = _eatable(h)
    if level == 1:
        tiles = [t for t in tiles if h.concealed[t] == 0]
    if not tiles or not eats:
        return None
    x = rng.choice(tiles)
    source = rng.choice(eats)
    chou: list[int] = []
    if level >= 2:
        chou = _others(rng, {x}, rng.randint(0, 2))
    if level == 3 and plan < 0.12 and not_eaten:
        source = rng.choice(not_eaten)
    elif level == 3 and plan < 0.24:
        chou.append(x)
    d = decide(h, tile=x, source=source, chou=chou, rules=rules)
    menu = candidate_ways(d)
    if not 1 <= len(menu) <= MAX_MENU:
        return None
    reasons = {c.reason for c in menu} - {None}
    if _level(bool(reasons), h.concealed[x] == 0) != level:
        return None
    # Natural traps (比, 坎) often leave no legal way; keep most menus mixed.
    if not (reasons & {"geshan", "chi_from", "chou"}) and all(c.reason for c in menu) and rng.random() < 0.9:
        return None
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
    chou = _others(rng, {x}, rng.randint(0, 2))
    passed = _others(rng, {x} | set(chou), rng.randint(0, 1))
    r = rng.random()
    if r < 0.3:
        chou.append(x)
    elif r < 0.5:
        passed.append(x)
    elif r < 0.6:
        (chou if action == "chi" else passed).append(_twin(x))
    return sorted(set(chou)), sorted(set(passed))


def _make_chou(rng: random.Random, level: int, plan: float, rules: Ruleset) -> tuple[dict, object] | None:
    eats, not_eaten = _origins(rules)
    h = rest_hand(rng, level, rules)
    action = "peng" if rng.random() < 0.35 else "chi"
    if action == "peng":
        held = h.all_counts()
        tiles = [t for t in range(N_KINDS) if h.concealed[t] == 2 and held[t] < COPIES]
    else:
        tiles = _eatable(h)
    if not tiles or not eats:
        return None
    x = rng.choice(tiles)
    traps = tuple(dict.fromkeys(not_eaten + ("self-draw",)))
    source = rng.choice(eats if level < 3 or rng.random() < 0.6 else traps)
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


#: the maker of each generator (``drills.GENERATORS``)
MAKERS: dict[str, Callable[[random.Random, int, float, Ruleset], tuple[dict, object] | None]] = {
    "ting": _make_ting, "discard": _make_discard, "huxi": _make_huxi, "chi": _make_chi, "chou": _make_chou,
    "distance": _make_distance}
