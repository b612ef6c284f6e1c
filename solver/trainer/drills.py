"""Random drills (``phz quiz --random``): fresh questions of every kind and level, made with the solver.

A drill is a whole number, its *seed*, that regenerates exactly the same
question, so a drill can come back for review.  Its last two digits name the
generator (the kind of question) and the level, the rest drives it::

    seed = base * 100 + generator * 10 + level
    generators: 0 ting, 1 discard, 2 huxi, 3 chi, 4 chou, 5 distance

so drill 4213 is a discard question of level 3.  Generator 5 (``distance``)
makes discard questions too, on hands that no discard makes ready: the
answer is the discard that leaves the hand nearest to ready (RULES.md 6:
least distance, then most live improving draws 进张); drill 4253 is one of
level 3.  Seeds of generators 0-4 mean what they meant before generator 5
existed (tests/test_drills.py pins a sample); ``new_drills`` turns the discard
drills of odd bases into distance drills, so both come with ``--kind
discard`` and with no kind.  Hands are built here
like ``solver.app.generate`` builds them (a completed hand less one tile; valid
counts, at most 4 copies, no concealed four of a kind, legal melds; RULES.md
section 3), by code kept frozen so that old seeds keep their questions, and
only plausible ones are kept: no copy of a tile is concealed beside its
exposed 碰, 偎, 跑 or 提 (tiles never enter the concealed hand).

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
"""
from __future__ import annotations

import os
import random
from typing import Callable, Iterator

from .. import api
from ..engine import reference
from ..engine.obligations import candidate_ways, decide, eating_ways
from ..model.groups import SHAPES, group_pattern
from ..model.hand import Hand, HandError, Meld, check_hand
from ..model.notation import parse_tiles
from ..model.results import ORIGINS, Discards, HuResult
from ..model.rules import HUNAN
from ..model.tiles import COPIES, N_KINDS, glyph, glyphs, tiles_to_counts
from .progress import MAX_SEED
from .quiz import KINDS, Question, QuizError, Solution

LEVELS = (1, 2, 3)
MAX_TRIES = 400  # hands tried for one drill before giving up (never reached in practice)
MAX_MENU = 8
_PLAIN_HOWS = ("顺胡", "编胡", "单吊胡")
_UPPER = ("upper-discard", "upper-draw", "self-draw")
_LOWER = ("lower-discard", "lower-draw")


class DrillError(QuizError):
    """A seed that is not a drill, or a drill that could not be made."""


_WAIT_TAGS = ("self-only wait", "other-only wait", "forced 偎", "forced 提", "破跑胡", "dead wait")
_EAT_TAGS = ("一吃两比", "烧比", "坎 locked", "隔山", "臭张", "forced 偎", "forced 提", "forced 跑", "no discard")
_DISTANCE_TAGS = ("进张", "2 away", "distance first", "dead 进张", "live copies")
#: every tag a drill of each kind can carry
TAGS = {"ting": _WAIT_TAGS, "discard": _WAIT_TAGS + _DISTANCE_TAGS,
        "huxi": ("破跑胡", "提胡", "偎胡", "跑胡", "碰胡", "score first", "红胡", "乌胡", "对对胡"),
        "chi": _EAT_TAGS, "chou": _EAT_TAGS}

#: the generators by their index in a seed: the five question kinds, then
#: ``distance`` (discard questions on hands no discard makes ready)
GENERATORS = KINDS + ("distance",)
#: the question kind each generator makes
QUESTION_KIND = {**{k: k for k in KINDS}, "distance": "discard"}
_GENERATOR_TAGS = {"discard": _WAIT_TAGS, "distance": _DISTANCE_TAGS}

# ---------------------------------------------------------------- seeds

def make_seed(base: int, kind: str, level: int) -> int:
    """The drill seed of generator ``base`` for ``kind`` (a question kind or ``distance``) and ``level``."""
    if kind not in GENERATORS or level not in LEVELS or base < 0:
        raise DrillError(f"no drill of kind {kind!r} and level {level!r}")
    return base * 100 + GENERATORS.index(kind) * 10 + level


def parse_seed(seed: int) -> tuple[int, str, int]:
    """(base, generator, level) of a drill seed; the generator is the question
    kind, or ``distance`` for a discard question on a hand that is not ready."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise DrillError(f"drill seed {seed!r} is not a whole number ≥ 0")
    if seed > MAX_SEED:  # the progress file could not store its attempts
        raise DrillError(f"drill seed {seed} is too large: drill seeds go from 0 to {MAX_SEED}")
    base, code = divmod(seed, 100)
    k, level = divmod(code, 10)
    if k >= len(GENERATORS) or level not in LEVELS:
        raise DrillError(f"{seed} is not a drill seed: its last two digits are the generator "
                         f"(0-{len(GENERATORS) - 1}) and level (1-3)")
    return base, GENERATORS[k], level


def drill(seed: int) -> Question:
    """The drill of ``seed``: always the same question."""
    base, generator, level = parse_seed(seed)
    kind = QUESTION_KIND[generator]
    rng = random.Random(seed)
    make = _MAKERS[generator]
    plan = rng.random()  # drawn once: which trap a level-3 drill sets, whatever hands are tried
    for _ in range(MAX_TRIES):
        made = make(rng, level, plan)
        if made is not None:
            fields, result = made
            q = Question(kind=kind, level=level, seed=seed, **fields).with_menu()
            if result is not None:
                # The generator already solved it; the same answer as Question.solution would compute.
                q.__dict__["solution"] = solution_of(q, result)
            return q
    raise DrillError(f"drill {seed}: no {generator} question of level {level} found in {MAX_TRIES} hands")


def _generator(kind: str, base: int, tag: str | None) -> str:
    """Which generator makes a drill of ``kind`` from ``base`` in ``new_drills``.

    A discard drill is a distance drill for odd bases (or when only distance
    drills carry ``tag``): this takes nothing more from ``new_drills``' random
    stream, so a seeded list keeps every other drill it held before distance
    drills existed.
    """
    if kind != "discard":
        return kind
    if tag is not None:
        fits = [g for g in ("discard", "distance") if tag in _GENERATOR_TAGS[g]]
        if len(fits) == 1:
            return fits[0]
    return "distance" if base % 2 else "discard"


def new_drills(count: int, *, seed: int | None = None, kind: str | None = None, level: int | None = None,
               tag: str | None = None) -> list[Question]:
    """``count`` fresh drills of ``kind`` and ``level`` (each random when None).

    ``seed`` makes the list reproducible; ``tag`` keeps drills carrying it
    (DrillError when none turns up in a few hundred).  Discard drills are
    about ready outs or, half of the time, about the distance to ready
    (``_generator``).
    """
    return list(iter_drills(count, seed=seed, kind=kind, level=level, tag=tag))


def iter_drills(count: int, *, seed: int | None = None, kind: str | None = None, level: int | None = None,
                tag: str | None = None) -> Iterator[Question]:
    """``new_drills`` one at a time, each made when it is asked for: the same
    drills in the same order, so a quiz shows the first before the rest are made.

    A bad kind or tag raises DrillError here, before any drill is made.
    """
    rng = random.Random(int.from_bytes(os.urandom(8), "big") if seed is None else seed)
    kinds = [kind] if kind else list(KINDS)
    if tag is not None:
        kinds = [k for k in kinds if tag in TAGS[k]]
        if not kinds:
            known = sorted({t for k in ([kind] if kind else KINDS) for t in TAGS[k]})
            raise DrillError(f"no drill{' of kind ' + kind if kind else ''} has tag {tag!r}; "
                             f"drill tags: {', '.join(known)}")
    return _drills(rng, count, kinds, level, tag)


def _drills(rng: random.Random, count: int, kinds: list[str], level: int | None,
            tag: str | None) -> Iterator[Question]:
    made = tries = 0
    while made < count:
        tries += 1
        if tag is not None and tries > 200 * count:
            raise DrillError(f"no drill with tag {tag!r} turned up: try another tag or no --tag")
        k = rng.choice(kinds)
        lv = level or rng.choice(LEVELS)
        base = rng.randrange(10**7)
        q = drill(make_seed(base, _generator(k, base, tag), lv))
        if tag is None or tag in q.tags:
            made += 1
            yield q


def solution_of(q: Question, result: Discards | HuResult) -> Solution:
    """The Solution of a discard or huxi drill from the result its generator computed."""
    if isinstance(result, Discards):
        return Solution(api.best_discards(result), result)
    return Solution(result.win.huxi, result)


# ---------------------------------------------------------------- hands

def plausible(hand: Hand) -> bool:
    """No concealed copy beside an exposed 碰/偎/跑/提 of the same tile."""
    return all(hand.concealed[m.tiles[0]] == 0 for m in hand.melds if m.kind != "chi")


# The hand builder is drills' own, not solver.app.generate's: a drill seed stored
# for review must mean the same question in later versions, so this code is
# frozen (tests/test_drills.py pins some seeds); changing it changes old seeds.
_PLAIN = tuple(g for g in SHAPES if group_pattern(g) == "ju")
_RICH = tuple(g for g in SHAPES if group_pattern(g) in ("ju123", "ju2710"))
_JIAO = tuple(g for g in SHAPES if group_pattern(g) == "jiao")
#: odds that a ready hand has exposed melds, by level (level 1 has none)
_MELD_ODDS = {1: 0.0, 2: 0.45, 3: 0.25}


def _fits(used: list[int], tiles) -> bool:
    """Take ``tiles`` from the 4 copies of each tile, if they are all there."""
    for t in tiles:
        used[t] += 1
    if any(used[t] > COPIES for t in tiles):
        for t in tiles:
            used[t] -= 1
        return False
    return True


def _concealed_group(rng: random.Random) -> tuple[int, ...]:
    r = rng.random()
    if r < 0.30:
        return rng.choice(_PLAIN)
    if r < 0.50:
        return rng.choice(_RICH)  # 一二三 / 二七十 carry 胡息, so more hands reach 15
    if r < 0.65:
        return rng.choice(_JIAO)
    x = rng.randrange(N_KINDS)
    return (x, x, x)  # 坎


def _ready_attempt(rng: random.Random, meld_odds: float) -> Hand | None:
    """A completed 7-门子 hand less one tile that wins again, or None when the draw does not fit."""
    used = [0] * N_KINDS
    melds: list[Meld] = []
    concealed: list[int] = []
    upgrade = None  # (what is held at rest, tile): the winning tile makes it a 跑/提
    r = rng.random()
    if r < meld_odds:
        four_first = rng.random() < 0.4
        for i in range(rng.randint(1, 4)):
            kind = rng.choice(("pao", "ti")) if i == 0 and four_first else rng.choice(("chi", "chi", "peng", "wei"))
            x = rng.randrange(N_KINDS)
            tiles = rng.choice(_PLAIN + _RICH + _JIAO) if kind == "chi" else (x,) * (4 if kind in ("pao", "ti") else 3)
            if not _fits(used, tiles):
                return None
            melds.append(Meld(kind, tiles))
    elif r < meld_odds + 0.10:
        x = rng.randrange(N_KINDS)
        if not _fits(used, (x,) * 4):
            return None
        upgrade = (rng.choice(("peng", "wei", "kan")), x)
    four = upgrade is not None or any(m.size == 4 for m in melds)
    if four:  # RULES.md 2: a hand with a 跑 or 提 needs the 将 pair
        x = rng.randrange(N_KINDS)
        if not _fits(used, (x, x)):
            return None
        concealed += [x, x]
    for _ in range(7 - len(melds) - (upgrade is not None) - four):
        for _try in range(8):
            g = _concealed_group(rng)
            if _fits(used, g):
                concealed += g
                break
        else:
            return None
    counts = [0] * N_KINDS
    for t in concealed:
        counts[t] += 1
    if upgrade:
        held, t = upgrade
        if held == "kan":
            counts[t] += 3
        else:
            melds.insert(rng.randrange(len(melds) + 1), Meld(held, (t,) * 3))
    else:
        t = rng.choice(concealed)
        counts[t] -= 1
    hand = Hand(tuple(counts), tuple(melds))
    if not _valid(hand, "rest") or not plausible(hand):
        return None
    if all(reference.best_win(hand, t, s, HUNAN) is None for s in ("self", "other")):
        return None
    return hand


def _valid(hand: Hand, want: str) -> bool:
    try:
        check_hand(hand, want=want)
    except HandError:
        return False
    return True


def _ready_hand(rng: random.Random, level: int) -> Hand:
    while True:
        h = _ready_attempt(rng, _MELD_ODDS[level])
        if h is not None:
            return h


def _discard_hand(rng: random.Random, level: int) -> Hand:
    """A ready hand plus one live tile, never onto a pair (the 坎 it made would be locked)."""
    while True:
        h = _ready_hand(rng, level)
        held = h.all_counts()
        t = rng.choice([t for t in range(N_KINDS) if held[t] < COPIES and h.concealed[t] < 2])
        counts = list(h.concealed)
        counts[t] += 1
        h = Hand(tuple(counts), h.melds)
        if _valid(h, "discard") and plausible(h):
            return h


def _random_hand(rng: random.Random) -> Hand:
    """A random hand at rest (mostly not ready): random melds, then random tiles, three of a kind at most."""
    while True:
        used = [0] * N_KINDS
        melds = []
        if rng.random() < 0.4:
            for _ in range(rng.randint(1, 4)):
                kind = rng.choice(("chi", "chi", "peng", "wei", "pao", "ti"))
                x = rng.randrange(N_KINDS)
                tiles = rng.choice(_PLAIN + _RICH + _JIAO) if kind == "chi" else (x,) * (4 if kind in ("pao", "ti") else 3)
                if _fits(used, tiles):
                    melds.append(Meld(kind, tiles))
        need = Hand((0,) * N_KINDS, tuple(melds)).rest_count()
        # No concealed copy beside a 碰/偎/跑/提 (plausible), no concealed four.
        barred = {m.tiles[0] for m in melds if m.kind != "chi"}
        live = [t for t in range(N_KINDS) if t not in barred for _ in range(COPIES - used[t])]
        rng.shuffle(live)
        counts = [0] * N_KINDS
        for t in live:
            if need == 0:
                break
            if counts[t] < 3:
                counts[t] += 1
                need -= 1
        h = Hand(tuple(counts), tuple(melds))
        if _valid(h, "rest"):
            return h


def _rest_hand(rng: random.Random, level: int) -> Hand:
    """A hand at rest for a 吃 question, ready half of the time."""
    return _ready_hand(rng, level) if rng.random() < 0.5 else _random_hand(rng)


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


def _make_ting(rng: random.Random, level: int, plan: float) -> tuple[dict, object] | None:
    h = _ready_hand(rng, level)
    if level == 1 and h.melds:
        return None
    waits = reference.ting(h, HUNAN).waits
    tags = _wait_tags(h, waits)
    seen = ""
    if level == 3 and (not tags or rng.random() < 0.25):
        seen = _kill(rng, h, waits)
        tags.append("dead wait")
    if _level(bool(tags), not h.melds and len(waits) <= 2) != level:
        return None
    return {"hand": h.text(), "seen": seen, "tags": tuple(tags)}, None


def _make_discard(rng: random.Random, level: int, plan: float) -> tuple[dict, Discards] | None:
    h = _discard_hand(rng, level)
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
        first = reference.discard(h, HUNAN).rows[0]
        if first.outs:
            seen = _kill(rng, h, first.waits)
    d = reference.discard(h, HUNAN, tiles_to_counts(parse_tiles(seen)))
    top = d.rows[0].outs if d.rows else 0
    if top == 0:
        return None
    best = [r for r in d.rows if r.outs == top]
    tags = _wait_tags(h, [w for r in best for w in r.waits])
    if level == 3 and seen:
        tags.append("dead wait")
    tags = list(dict.fromkeys(tags))
    if _level(bool(tags), not h.melds and not seen) != level:
        return None
    return {"hand": h.text(), "seen": seen, "tags": tuple(tags)}, d


# Distance drills (generator 5): frozen like the rest once released.

def _far_hand(rng: random.Random, level: int) -> Hand | None:
    """A ready hand with one to three concealed tiles swapped for random ones, plus one: a hand to discard from."""
    h = _ready_hand(rng, level)
    counts = list(h.concealed)
    held = h.all_counts()
    barred = {m.tiles[0] for m in h.melds if m.kind != "chi"}  # plausible: nothing beside a 碰/偎/跑/提
    swaps = rng.choice((1, 2) if level == 1 else (1, 2, 3))
    for step in range(swaps + 1):
        if step < swaps:
            t = rng.choice([t for t in range(N_KINDS) for _ in range(counts[t])])
            counts[t] -= 1
            held[t] -= 1
        t = rng.choice([t for t in range(N_KINDS) if t not in barred and counts[t] < 3 and held[t] < COPIES])
        counts[t] += 1
        held[t] += 1
    far = Hand(tuple(counts), h.melds)
    return far if _valid(far, "discard") and plausible(far) else None


def _advice(h: Hand, seen: str) -> Discards | None:
    """The discard table with distances (as ``api.discard_choice`` makes it), or None when some discard is ready."""
    seen_counts = tiles_to_counts(parse_tiles(seen))
    plain = reference.discard(h, HUNAN, seen_counts)
    if any(r.waits for r in plain.rows):  # ready after some discard, even on a dead wait: not this question
        return None
    return api.with_advice([plain], [seen_counts], HUNAN)[0]


def _distance_traps(d: Discards, best: tuple[int, ...]) -> list[str]:
    """The traps of a distance table (module docstring, level 3)."""
    top = d.rows[0]
    tags = []
    most = max(d.rows, key=lambda r: r.improving_live)  # the first of the most, in rank order
    if most.tile not in best and most.improving_live >= 2 * top.improving_live:
        tags.append("distance first")
    kinds = max(len(r.improving) for r in d.rows if r.tile in best)
    if any(len(r.improving) > kinds for r in d.rows if r.distance == top.distance and r.tile not in best):
        tags.append("live copies")
    return tags


def _make_distance(rng: random.Random, level: int, plan: float) -> tuple[dict, Discards] | None:
    h = _far_hand(rng, level)
    if h is None or (level == 1 and h.melds):
        return None
    seen = ""
    if level == 2 and rng.random() < 0.4:
        held = h.all_counts()
        seen = glyphs(_others(rng, {t for t in range(N_KINDS) if held[t] >= COPIES - 1}, rng.randint(2, 4)))
    d = _advice(h, seen)
    if d is None or d.rows[0].distance not in (1, 2) or not d.rows[0].improving_live:
        return None
    best = api.best_discards(d)
    tags = []
    if level == 3 and plan < 0.4:
        # The dead-进张 trap: every unseen copy of the best draw of the best discard is seen elsewhere.
        draw = max(d.rows[0].improving, key=lambda x: x.live)
        seen = glyph(draw.tile) * draw.live
        before = set(best)
        d = _advice(h, seen)
        if d is None or not d.rows[0].improving_live:
            return None
        best = api.best_discards(d)
        if before & set(best):
            return None  # the seen tiles must change the answer
        tags.append("dead 进张")
    top = d.rows[0]
    tags += _distance_traps(d, best)
    simple = not h.melds and not seen and top.distance == 1 and len(best) == 1
    if _level(bool(tags), simple) != level:
        return None
    tags = ["进张"] + (["2 away"] if top.distance == 2 else []) + tags
    return {"hand": h.text(), "seen": seen, "tags": tuple(tags)}, d


def _make_huxi(rng: random.Random, level: int, plan: float) -> tuple[dict, object] | None:
    h = _ready_hand(rng, level)
    if level == 1 and h.melds:
        return None
    waits = reference.ting(h, HUNAN).waits
    w = rng.choice(waits)
    source = rng.choice([s for s, x in (("self", w.self), ("other", w.other)) if x is not None])
    r = reference.hu(h, w.tile, source, HUNAN, all_splits=True)
    best = r.win
    tags = []
    if best.how in ("破跑胡", "提胡", "偎胡", "跑胡", "碰胡"):
        tags.append(best.how)
    if any(x.huxi > best.huxi for x in r.decompositions):
        tags.append("score first")
    simple = not h.melds and best.how in _PLAIN_HOWS and len({x.huxi for x in r.decompositions}) == 1
    if _level(bool(tags), simple) != level:
        return None
    tags += [n for n in best.fan_names if n in ("红胡", "乌胡", "对对胡")]
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


def _make_chi(rng: random.Random, level: int, plan: float) -> tuple[dict, object] | None:
    h = _rest_hand(rng, level)
    tiles = _eatable(h)
    if level == 1:
        tiles = [t for t in tiles if h.concealed[t] == 0]
    if not tiles:
        return None
    x = rng.choice(tiles)
    source = rng.choice(_UPPER)
    chou: list[int] = []
    if level >= 2:
        chou = _others(rng, {x}, rng.randint(0, 2))
    if level == 3 and plan < 0.12:
        source = rng.choice(_LOWER)
    elif level == 3 and plan < 0.24:
        chou.append(x)
    d = decide(h, tile=x, source=source, chou=chou, rules=HUNAN)
    menu = candidate_ways(d)
    if not 1 <= len(menu) <= MAX_MENU:
        return None
    reasons = {c.reason for c in menu} - {None}
    if _level(bool(reasons), h.concealed[x] == 0) != level:
        return None
    # Natural traps (烧比, 坎) often leave no legal way; keep most menus mixed.
    if not (reasons & {"geshan", "chou"}) and all(c.reason for c in menu) and rng.random() < 0.9:
        return None
    return {"hand": h.text(), "tile": glyph(x), "from_": source, "chou": glyphs(chou),
            "tags": tuple(_chi_tags(d, menu)), "menu": tuple(menu)}, None


def _make_chou(rng: random.Random, level: int, plan: float) -> tuple[dict, object] | None:
    h = _rest_hand(rng, level)
    action = "peng" if rng.random() < 0.35 else "chi"
    if action == "peng":
        held = h.all_counts()
        tiles = [t for t in range(N_KINDS) if h.concealed[t] == 2 and held[t] < COPIES]
    else:
        tiles = _eatable(h)
    if not tiles:
        return None
    x = rng.choice(tiles)
    source = rng.choice(_UPPER if level < 3 or rng.random() < 0.6 else _LOWER + ("self-draw",))
    # What was passed this hand: unrelated tiles, sometimes X itself or its twin.
    chou = _others(rng, {x}, rng.randint(0, 2))
    passed = _others(rng, {x} | set(chou), rng.randint(0, 1))
    r = rng.random()
    if r < 0.3:
        chou.append(x)
    elif r < 0.5:
        passed.append(x)
    elif r < 0.6:
        (chou if action == "chi" else passed).append(_twin(x))
    chou, passed = sorted(set(chou)), sorted(set(passed))
    d = decide(h, tile=x, source=source, chou=chou, passed_peng=passed, rules=HUNAN)
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


_MAKERS: dict[str, Callable[[random.Random, int, float], tuple[dict, object] | None]] = {
    "ting": _make_ting, "discard": _make_discard, "huxi": _make_huxi, "chi": _make_chi, "chou": _make_chou,
    "distance": _make_distance}

assert set(_MAKERS) == set(GENERATORS) and set(QUESTION_KIND.values()) == set(KINDS)
assert all(s in ORIGINS for s in _UPPER + _LOWER)
