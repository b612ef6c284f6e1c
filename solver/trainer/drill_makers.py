"""The drill generators, one per kind: a hand, the facts around it, and a level read from the solver's answer.

A generator draws from the drill's random stream: like the hands (``drill_hands``)
this code is frozen once released, or old seeds would change question.

Levels, decided from the solver's answer, not guessed:

1. one idea: no melds and one or two waits; a plain win (顺胡, 编胡, 单吊胡)
   with one 胡息 total; eating with nothing to 比; a plain 臭张 or 碰;
2. two things that interact: melds, three waits or more, discards tied on
   outs, several decompositions, 比 to lay out, an illegal way that is not a
   trap (烧比 excluded);
3. a trap: a wait from one source only (forced 偎/提, 破跑不破提), 破跑胡, a
   dead wait, a best decomposition that is not the one with most 胡息 (score
   first), 烧比 candidates, a 坎 that may not take part, 隔山, a compulsory
   偎/跑/提, a passed 碰 that does not block 吃 (or the reverse).

Distance drills (generator 5) start from a ready hand, swap one to three
concealed tiles for random ones and add one; a hand is kept when no discard
leaves it ready (not even on a dead wait) and the best discard leaves it 1
or 2 intakes away (distances up to 2 are exact).  Every one is tagged
``进张``, and ``2 away`` when the best is two intakes away.  Levels:

1. no melds, no seen tiles, the best discard leaves the hand 1 away and is
   the only best one, and no trap below;
2. no trap, and some of: melds, seen tiles (fewer live copies), 2 away,
   several discards tied;
3. a trap: ``distance first`` — the discard with the most live 进张 of the
   whole table leaves the hand farther from ready and has at least twice the
   best's live 进张 (counting draws without the distance misleads);
   ``dead 进张`` — the seen tiles kill the best draw of the discard that
   would be best without them, and the answer changes; ``live copies`` —
   a discard as near to ready but with fewer live 进张 has more distinct
   improving tiles (counting kinds, not copies, misleads).

Questions whose answer would be empty or meaningless are not made: a ting
drill is a ready hand, a discard drill has a discard with live outs, a chi
drill has one to eight candidate ways, a chou drill about 吃 has at least one
eating group; a distance drill's best discard has a live improving draw.

The ruleset generator (9, ``ruleset_makers``), frozen too, makes its questions
with the same code where they are made alike: the helpers below that take the
hand (and what the two generators tell apart) as arguments.  Each kind names
its makers (``solver.trainer.kinds``: ``MAKERS``, ``MORE_GENERATORS``).
"""
from __future__ import annotations

import random
from typing import Callable, Sequence

from .. import api
from ..engine import reference
from ..engine.obligations import candidate_ways, decide, eating_ways
from ..model.hand import Hand
from ..model.notation import parse_tiles
from ..model.results import ORIGINS, DiscardAdvice, Discards, HuResult, Ting, Wait
from ..model.rules import Ruleset
from ..model.tiles import COPIES, N_KINDS, glyph, glyphs, tiles_to_counts
from .drill_hands import discard_hand, far_hand, ready_hand, rest_hand
from .question import has_distances

MAX_MENU = 8
_PLAIN_HOWS = ("顺胡", "编胡", "单吊胡")
#: the tags the frozen generators give a drill about waits (ting, discard), about eating (chi, chou) and about
#: the distance to ready (discard); each kind gives its drills' (``solver.trainer.kinds``: ``TAGS``)
WAIT_TAGS = ("self-only wait", "other-only wait", "forced 偎", "forced 提", "破跑胡", "dead wait")
EAT_TAGS = ("一吃两比", "烧比", "坎 locked", "隔山", "臭张", "forced 偎", "forced 提", "forced 跑", "no discard")
DISTANCE_TAGS = ("进张", "2 away", "distance first", "dead 进张", "live copies")
_UPPER = ("upper-discard", "upper-draw", "self-draw")
_LOWER = ("lower-discard", "lower-draw")


def _level(trap: bool, simple: bool) -> int:
    return 3 if trap else 1 if simple else 2


def _others(rng: random.Random, avoid: set[int], n: int) -> list[int]:
    """``n`` distinct random tiles outside ``avoid`` (passed tiles that do not decide the answer)."""
    pool = [t for t in range(N_KINDS) if t not in avoid]
    return rng.sample(pool, min(n, len(pool)))


def _twin(t: int) -> int:
    """The same number in the other case (五 ⇄ 伍)."""
    return (t + 10) % 20



# ---------------------------------------------------------------- ting, discard, huxi

def _wait_tags(hand: Hand, waits) -> list[str]:
    """Trap tags of a set of waits."""
    tags = []
    wei = {m.tiles[0] for m in hand.melds if m.kind == "wei"}
    for w in waits:
        if w.self is None:
            tags.append("other-only wait")
            n = hand.concealed[w.tile]
            if n == 3 or w.tile in wei:
                tags.append("forced 提")
            elif n == 2:
                tags.append("forced 偎")
        elif w.other is None:
            tags.append("self-only wait")
        if any(x is not None and x.how == "破跑胡" for x in (w.self, w.other)):
            tags.append("破跑胡")
        if w.outs == 0:
            tags.append("dead wait")
    return list(dict.fromkeys(tags))


def _kill(rng: random.Random, hand: Hand, waits) -> str:
    """Seen tiles that make one live wait dead: every copy not in the hand."""
    live = [w for w in waits if w.outs]
    w = rng.choice(live)
    return glyph(w.tile) * w.outs


WaitTags = Callable[[Hand, Sequence[Wait]], list[str]]
#: a question made: the fields of its ``Question`` and the solver's result when the maker has it (``question.solve``)
Made = tuple[dict, Ting | Discards | HuResult | None]
#: a maker of one generator: (random stream, level, plan, ruleset) -> the question, or None when the hand makes none
Maker = Callable[[random.Random, int, float, Ruleset], Made | None]


def _make_ting(rng: random.Random, level: int, plan: float, rules: Ruleset) -> tuple[dict, None] | None:
    return _ting(rng, level, rules, ready_hand(rng, level, rules), _wait_tags)


def _ting(rng: random.Random, level: int, rules: Ruleset, h: Hand, wait_tags: WaitTags) -> tuple[dict, None] | None:
    """A ting question on ready hand ``h``, its traps told by ``wait_tags(hand, waits)``."""
    if level == 1 and h.melds:
        return None
    waits = reference.ting(h, rules).waits
    tags = wait_tags(h, waits)
    seen = ""
    if level == 3 and (not tags or rng.random() < 0.25):
        seen = _kill(rng, h, waits)
        tags.append("dead wait")
    if _level(bool(tags), not h.melds and len(waits) <= 2) != level:
        return None
    return {"hand": h.text(), "seen": seen, "tags": tuple(tags)}, None


def _make_discard(rng: random.Random, level: int, plan: float, rules: Ruleset) -> tuple[dict, Discards] | None:
    return _discard(rng, level, rules, discard_hand(rng, level, rules), _wait_tags)


def _discard(rng: random.Random, level: int, rules: Ruleset, h: Hand, wait_tags: WaitTags
             ) -> tuple[dict, Discards] | None:
    """A discard question on hand ``h``, its traps told by ``wait_tags(hand, waits)``."""
    # Cheap filters first: solving a discard costs a ting per discardable tile.
    if level == 1 and h.melds:
        return None
    seen = ""
    if level == 2 and rng.random() < 0.5:
        # Tiles seen elsewhere lower the outs: a second thing to count.
        held = h.all_counts()
        seen = glyphs(_others(rng, {t for t in range(N_KINDS) if held[t] >= COPIES - 1}, rng.randint(2, 4)))
    elif level == 3 and rng.random() < 0.5:
        # The dead-wait trap: every unseen copy of one wait of the best discard is gone.
        first = reference.discard(h, rules).rows[0]
        if first.outs:
            seen = _kill(rng, h, first.waits)
    d = reference.discard(h, rules, tiles_to_counts(parse_tiles(seen)))
    top = d.rows[0].outs if d.rows else 0
    if top == 0:
        return None
    best = [r for r in d.rows if r.outs == top]
    tags = wait_tags(h, [w for r in best for w in r.waits])
    if level == 3 and seen:
        tags.append("dead wait")
    tags = list(dict.fromkeys(tags))
    if _level(bool(tags), not h.melds and not seen) != level:
        return None
    return {"hand": h.text(), "seen": seen, "tags": tuple(tags)}, d


def _advice(h: Hand, seen: str, rules: Ruleset) -> Discards | None:
    """The discard table with distances (as ``api.discard_choice`` makes it), or None when some discard is ready."""
    seen_counts = tiles_to_counts(parse_tiles(seen))
    plain = reference.discard(h, rules, seen_counts)
    if any(r.waits for r in plain.rows):  # ready after some discard, even on a dead wait: not this question
        return None
    return api.with_advice([plain], [seen_counts], rules, plain=True)[0]


def _top(d: Discards) -> DiscardAdvice:
    """The first row of a table of ``_advice`` (IndexError when it has none)."""
    top = d.rows[0]
    assert isinstance(top, DiscardAdvice)  # ``_advice``'s rows are ``api.with_advice``'s
    return top


def _distance_traps(d: Discards, best: tuple[int, ...]) -> list[str]:
    """The traps of a distance table (module docstring, level 3)."""
    rows = d.rows
    assert has_distances(rows)  # a table of ``_advice``
    top = rows[0]
    tags = []
    most = max(rows, key=lambda r: r.improving_live)  # the first of the most, in rank order
    if most.tile not in best and most.improving_live >= 2 * top.improving_live:
        tags.append("distance first")
    kinds = max(len(r.improving) for r in rows if r.tile in best)
    if any(len(r.improving) > kinds for r in rows if r.distance == top.distance and r.tile not in best):
        tags.append("live copies")
    return tags


def _make_distance(rng: random.Random, level: int, plan: float, rules: Ruleset) -> tuple[dict, Discards] | None:
    return _distance(rng, level, plan, rules, far_hand(rng, level, rules))


def _distance(rng: random.Random, level: int, plan: float, rules: Ruleset, h: Hand | None
              ) -> tuple[dict, Discards] | None:
    """A distance question on hand ``h`` (None: no question)."""
    if h is None or (level == 1 and h.melds):
        return None
    seen = ""
    if level == 2 and rng.random() < 0.4:
        held = h.all_counts()
        seen = glyphs(_others(rng, {t for t in range(N_KINDS) if held[t] >= COPIES - 1}, rng.randint(2, 4)))
    d = _advice(h, seen, rules)
    # No row: every concealed tile is a 坎's, nothing may be discarded (no question; it raised IndexError before).
    if d is None or not d.rows or _top(d).distance not in (1, 2) or not _top(d).improving_live:
        return None
    best = api.best_discards(d)
    tags = []
    if level == 3 and plan < 0.4:
        # The dead-进张 trap: every unseen copy of the best draw of the best discard is seen elsewhere.
        draw = max(_top(d).improving, key=lambda x: x.live)
        seen = glyph(draw.tile) * draw.live
        before = set(best)
        d = _advice(h, seen, rules)
        if d is None or not _top(d).improving_live:
            return None
        best = api.best_discards(d)
        if before & set(best):
            return None  # the seen tiles must change the answer
        tags.append("dead 进张")
    top = _top(d)
    tags += _distance_traps(d, best)
    simple = not h.melds and not seen and top.distance == 1 and len(best) == 1
    if _level(bool(tags), simple) != level:
        return None
    tags = ["进张"] + (["2 away"] if top.distance == 2 else []) + tags
    return {"hand": h.text(), "seen": seen, "tags": tuple(tags)}, d


def _make_huxi(rng: random.Random, level: int, plan: float, rules: Ruleset) -> tuple[dict, HuResult] | None:
    return _huxi(rng, level, rules, ready_hand(rng, level, rules), ("self", "other"),
                 lambda how: how in ("破跑胡", "提胡", "偎胡", "跑胡", "碰胡"),
                 lambda fans: [n for n in fans if n in ("红胡", "乌胡", "对对胡")])


def _huxi(rng: random.Random, level: int, rules: Ruleset, h: Hand, sources: tuple[str, ...],
          trap_how: Callable[[str], bool], fan_tags: Callable[[tuple[str, ...]], list[str]]
          ) -> tuple[dict, HuResult] | None:
    """A huxi question on ready hand ``h``: a wait and one of ``sources`` it wins from; a win's ``how`` is a
    trap tag where ``trap_how(how)``, its fans tagged ``fan_tags(fan_names)``."""
    if level == 1 and h.melds:
        return None
    waits = reference.ting(h, rules).waits
    w = rng.choice(waits)
    source = rng.choice([s for s in sources if getattr(w, s) is not None])
    r = reference.hu(h, w.tile, source, rules, all_splits=True)
    best = r.win
    assert best is not None  # the source is one the wait wins from
    tags = []
    if trap_how(best.how):
        tags.append(best.how)
    if any(x.huxi > best.huxi for x in r.decompositions):
        tags.append("score first")
    simple = not h.melds and best.how in _PLAIN_HOWS and len({x.huxi for x in r.decompositions}) == 1
    if _level(bool(tags), simple) != level:
        return None
    tags += fan_tags(best.fan_names)
    return {"hand": h.text(), "tile": glyph(w.tile), "source": source, "tags": tuple(tags)}, r


# ---------------------------------------------------------------- chi, chou

def _eatable(h: Hand) -> list[int]:
    """Tiles with at least one eating group and a copy left to appear."""
    held = h.all_counts()
    return [t for t in range(N_KINDS) if held[t] < COPIES and eating_ways(h.concealed, t)]


_CHI_TAGS = {"shaobi": "烧比", "kan": "坎 locked", "geshan": "隔山", "chou": "臭张", "must_wei": "forced 偎"}


def _chi_tags(d, menu) -> list[str]:
    tags = []
    if any(len(c.bi) == 2 for c in menu):
        tags.append("一吃两比")
    for c in menu:
        if c.reason in _CHI_TAGS:
            tags.append(_CHI_TAGS[c.reason])
        elif c.reason == "compulsory":
            tags.append(f"forced {'提' if c.detail == ('ti',) else '跑'}")
        elif c.reason == "no_discard":
            tags.append("no discard")
    return list(dict.fromkeys(tags))


def _make_chi(rng: random.Random, level: int, plan: float, rules: Ruleset) -> tuple[dict, None] | None:
    made = _chi(rng, level, plan, rules, rest_hand(rng, level, rules), _UPPER, _LOWER, {"geshan", "chou"})
    if made is None:
        return None
    h, x, source, chou, d, menu = made
    return {"hand": h.text(), "tile": glyph(x), "from_": source, "chou": glyphs(chou),
            "tags": tuple(_chi_tags(d, menu)), "menu": tuple(menu)}, None


def _chi(rng: random.Random, level: int, plan: float, rules: Ruleset, h: Hand, eats: tuple[str, ...],
         not_eaten: tuple[str, ...], mixed: set[str]):
    """A 吃 question on hand ``h`` from one of the origins ``eats`` (a trap from ``not_eaten``), a menu with
    a legal way unless a reason of ``mixed`` makes it: (h, tile, source, chou, decision, menu), or None."""
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
    # Natural traps (烧比, 坎) often leave no legal way; keep most menus mixed.
    if not (reasons & mixed) and all(c.reason for c in menu) and rng.random() < 0.9:
        return None
    return h, x, source, chou, d, menu


def _chou_move(rng: random.Random, level: int, h: Hand, eats: tuple[str, ...], traps: tuple[str, ...]
               ) -> tuple[str, int, str] | None:
    """The move of a chou question on hand ``h``: (吃 or 碰, tile, a source of ``eats``, or of ``traps`` at
    level 3 sometimes), or None."""
    action = "peng" if rng.random() < 0.35 else "chi"
    if action == "peng":
        held = h.all_counts()
        tiles = [t for t in range(N_KINDS) if h.concealed[t] == 2 and held[t] < COPIES]
    else:
        tiles = _eatable(h)
    if not tiles or not eats:
        return None
    x = rng.choice(tiles)
    return action, x, rng.choice(eats if level < 3 or rng.random() < 0.6 else traps)


def _passes_apart(rng: random.Random, x: int, action: str) -> tuple[list[int], list[int]]:
    """What was passed this hand, 吃 and 碰 apart: unrelated tiles, sometimes X itself or its twin
    (``chou``, ``passed_peng``)."""
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


def _make_chou(rng: random.Random, level: int, plan: float, rules: Ruleset) -> tuple[dict, None] | None:
    h = rest_hand(rng, level, rules)
    move = _chou_move(rng, level, h, _UPPER, _LOWER + ("self-draw",))
    if move is None:
        return None
    action, x, source = move
    chou, passed = _passes_apart(rng, x, action)
    d = decide(h, tile=x, source=source, chou=chou, passed_peng=passed, rules=rules)
    yes = any(a.action == action for a in d.actions)
    why = [f.reason for f in d.forbidden if f.action == action]
    tags = []
    if action == "chi":
        menu = candidate_ways(d)
        tags = [t for t in _chi_tags(d, menu) if t != "臭张"]
        if x in chou:
            tags.append("臭张")
        if yes:
            trap = x in passed or _twin(x) in chou
            simple = all(c.reason is None and not c.bi for c in menu)
        else:
            trap = bool(set(why) & {"geshan", "must_wei", "compulsory", "kan"})
            simple = set(why) == {"chou"}
    else:
        if x in passed:
            tags.append("臭张")
        if yes:
            trap = source in _LOWER or x in chou
            simple = _twin(x) not in passed
            if source in _LOWER:
                tags.append("隔山")
        else:
            trap = bool(set(why) & {"must_wei", "compulsory"})
            simple = set(why) == {"peng_passed"}
            if "must_wei" in why:
                tags.append("forced 偎")
    if _level(trap, simple) != level:
        return None
    return {"hand": h.text(), "tile": glyph(x), "from_": source, "action": action, "chou": glyphs(chou),
            "passed_peng": glyphs(passed), "tags": tuple(dict.fromkeys(tags))}, None


assert all(s in ORIGINS for s in _UPPER + _LOWER)
