"""A second, independent formulation of the win rules (RULES.md 2, 4, 5 and 8).

Partition first, judge after: split the concealed tiles (plus the winning
tile, unless it goes onto an exposed meld) into blocks of any shape (pair,
triple, quad, 句, 绞) in every possible way, then keep the partitions the
rules allow.  It is used to check the reference, which is organised the other
way round (the take table's options first, then splits of the free tiles).

How the winning tile may be used is transcribed here from the two tables of
RULES.md (section 4 for ``hunan``, section 8 for ``luzhou``), not read from
the ruleset's take table, so that the ruleset files are checked too
(tests/test_reference_naive.py compares the transcription with them).  The
numbers (胡息 per tile, 等, 番, the minimum, the 将 rule) are the ruleset's.

It answers the numbers only: the best (score, 胡息, fan names, sorted group
list) per source, the highest 胡息 of any 7-门子 split, and the no-win reason.
"""
from solver.model.groups import SHAPES, group_pattern
from solver.model.rules import Ruleset

# ---------------------------------------------------------------- the tables, as RULES.md writes them
#
# For what the hand holds of the winning tile t and where t comes from, the
# ways t may be used:
#   ("meld", K)   the exposed 偎/碰 of t becomes the 4-tile group K
#   ("four", K)   t and the concealed 坎 make the 4-tile group K
#   ("three", K)  t and the concealed pair make the triplet K
#   FREE          t joins the concealed tiles, the meld or 坎 staying as it is
#                 (破跑); with a pair t may make a 碰 (valued as 碰) or go elsewhere
# A cell with no FREE way is compulsory: the group is made, then the win checked.
FREE = ("free", None)

_HUNAN = {  # RULES.md section 4
    ("wei", "self"): [("meld", "ti")],             # must become 提
    ("wei", "other"): [("meld", "pao"), FREE],   # 跑, or 破跑
    ("peng", "self"): [("meld", "pao"), FREE],   # 跑, or 破跑
    ("peng", "other"): [("meld", "pao"), FREE],
    ("kan", "self"): [("four", "ti")],             # must become 提: 破跑不破提
    ("kan", "other"): [("four", "pao"), FREE],   # 跑, or 破跑 (the 坎 stays whole)
    ("pair", "self"): [("three", "wei")],          # must become 偎
    ("pair", "other"): [FREE],                   # 碰胡 or any other group
    ("less", "self"): [FREE],
    ("less", "other"): [FREE],
}

_LUZHOU = {  # RULES.md section 8
    ("kan", "self"): [("four", "zhao")],           # must become 招, from anyone
    ("kan", "other"): [("four", "zhao")],
    ("kan", "discard"): [("four", "zhao")],
    ("peng", "self"): [("meld", "zhao")],          # a stock tile onto one's 碰: 招
    ("peng", "other"): [("meld", "zhao")],
    ("peng", "discard"): [FREE],                 # a discarded 4th makes no 招
    ("pair", "self"): [("three", "peng")],         # one's own 碰 (exposed, valued as 碰)
    ("pair", "other"): [FREE],
    ("pair", "discard"): [FREE],                 # as from another player's draw
    ("less", "self"): [FREE],
    ("less", "other"): [FREE],
    ("less", "discard"): [FREE],
}

#: the two systems of RULES.md: the ways of each cell and the sources won on
SYSTEMS = {
    "hunan": (_HUNAN, ("self", "other")),          # "stock tiles only"
    "luzhou": (_LUZHOU, ("self", "other", "discard")),  # "stock tiles and discards"
}

_TRIPLETS = ("kan", "peng", "wei", "pao", "ti", "zhao", "long")


def system(rules: Ruleset) -> str:
    """Which table of RULES.md a ruleset follows (luzhou-deng is luzhou scored by 等 only;
    a test ruleset made from hunan follows hunan's)."""
    return "luzhou" if rules.name.startswith("luzhou") else "hunan"


def ways(hand, t, source, rules):
    """The ways of RULES.md's table for ``t`` from ``source`` (None: the source never wins)."""
    table, win_on = SYSTEMS[system(rules)]
    if source not in win_on:
        return None
    held = [m.kind for m in hand.melds if m.kind in ("wei", "peng") and m.tiles[0] == t]
    n = hand.concealed[t]
    holding = held[0] if held else "kan" if n == 3 else "pair" if n == 2 else "less"
    return table[holding, source]


# ---------------------------------------------------------------- partitions

def _candidates(i):
    """Every block whose first (smallest) tile is ``i``, with the copies of each tile it needs."""
    blocks = [(i,) * n for n in (2, 3, 4)] + [s for s in SHAPES if s[0] == i]
    return [(b, [(x, b.count(x)) for x in set(b)]) for b in blocks]


_CANDIDATES = [_candidates(i) for i in range(20)]


def _blocks(counts, n):
    """Every partition of ``counts`` into exactly ``n`` pair/triple/quad/句/绞 blocks
    (a block holds 2 to 4 tiles, so a prefix that leaves too few or too many tiles for
    the blocks still to come is dropped: it cannot end with ``n``)."""
    left = sum(counts)
    if not 2 * n <= left <= 4 * n:
        return
    i = next((x for x in range(20) if counts[x]), None)
    if i is None:
        yield []
        return
    for block, need in _CANDIDATES[i]:
        if all(counts[x] >= k for x, k in need):
            for x in block:
                counts[x] -= 1
            for rest in _blocks(counts, n - 1):
                yield [block] + rest
            for x in block:
                counts[x] += 1


def _complete_hands(hand, t, way):
    """Every completed hand ``way`` allows: lists of (kind, tiles) over all 门子, melds included."""
    conc = list(hand.concealed)
    melds = [(m.kind, m.tiles) for m in hand.melds]
    tiles = list(conc)
    if way[0] == "meld":
        melds = [(way[1], (t,) * 4) if k in ("wei", "peng") and ts[0] == t else (k, ts) for k, ts in melds]
    else:
        tiles[t] += 1
    for blocks in _blocks(tiles, 7 - len(melds)):
        kinds = []
        for b in blocks:
            x = b[0]
            if len(set(b)) > 1:
                kinds.append(("jiao" if group_pattern(b) == "jiao" else "ju", b))
            elif len(b) == 2:
                kinds.append(("jiang", b))
            elif len(b) == 4:  # the only concealed quad: t onto its 坎
                if not (way[0] == "four" and x == t):
                    break
                kinds.append((way[1], b))
            elif conc[x] == 3:  # three held before t came: the 坎
                kinds.append(("kan", b))
            elif x == t and conc[t] == 2 and way[0] == "three":
                kinds.append((way[1], b))
            elif x == t and conc[t] == 2 and way == FREE:
                kinds.append(("peng", b))  # t with the pair, valued as 碰
            else:
                break
        else:
            # a 坎 is locked: each concealed triplet is a triple or quad block
            if any(conc[x] == 3 and not any(len(b) >= 3 and set(b) == {x} for b in blocks) for x in range(20)):
                continue
            # a compulsory group is made
            if way[0] in ("four", "three") and not any(k == way[1] and ts[0] == t
                                                                        for k, ts in kinds):
                continue
            yield kinds + melds


def _judge(groups, rules):
    """(胡息, red tiles, 对对) of a completed hand, or None unless it is 7 门子 with the right pairs."""
    if len(groups) != 7:
        return None
    fours = sum(1 for _, ts in groups if len(ts) == 4)
    pairs = sum(1 for k, _ in groups if k == "jiang")
    if pairs != (1 if fours and rules.pao_needs_jiang else 0):
        return None
    huxi = 0
    for k, ts in groups:
        pattern = group_pattern(ts) if k in ("ju", "jiao", "chi") else k
        huxi += rules.huxi[pattern][min(ts)]
    red = sum(1 for _, ts in groups for x in ts if x in rules.red_tiles)
    duidui = all(k in _TRIPLETS or k == "jiang" for k, _ in groups)
    return huxi, red, duidui


def _splits(hand, t, way_list, rules, memo):
    """[((胡息, red, 对对), sorted groups)] of every 7-门子 split ``way_list`` allows
    (``memo`` keeps them per way list: the sources of one tile often share a cell)."""
    key = tuple(way_list)
    if key not in memo:
        memo[key] = [(judged, tuple(sorted(groups))) for way in way_list
                     for groups in _complete_hands(hand, t, way) if (judged := _judge(groups, rules))]
    return memo[key]


def analyse(hand, t, source, rules: Ruleset, memo=None):
    """(best, top huxi, reason): best = (score, 胡息, fan names, sorted (kind, tiles) list) of the
    best win or None; top huxi = the highest 胡息 of any 7-门子 split the table allows (None
    without one); reason = None when it wins, else why not (results.NO_WIN_REASONS).
    ``memo``: a dict shared by the calls for one hand, tile and ruleset (it only saves time)."""
    memo = {} if memo is None else memo
    way_list = ways(hand, t, source, rules)
    if way_list is None:
        return None, None, "source_no_hu"
    top = best = None
    for (huxi, red, duidui), key in _splits(hand, t, way_list, rules, memo):
        top = huxi if top is None else max(top, huxi)
        if huxi < rules.min_huxi:
            continue
        fan, names = rules.fan(red, duidui=duidui)
        score = rules.deng(huxi, self_drawn=source == "self") * fan
        cand = (score, huxi, names, key)
        if best is None or (score, huxi) > best[:2] or ((score, huxi) == best[:2] and key < best[3]):
            best = cand
    if best is not None:
        return best, top, None
    if FREE not in way_list:
        # compulsory: would the tile have won had it been free to go anywhere?
        if any(j[0] >= rules.min_huxi for j, _ in _splits(hand, t, [FREE], rules, memo)):
            return None, top, "forced_" + way_list[0][1]
    return None, top, "huxi_short" if top is not None else "no_7_groups"


def best(hand, t, source, rules: Ruleset):
    """(score, huxi, fan_names) of the best win, or None."""
    got = analyse(hand, t, source, rules)[0]
    return None if got is None else got[:3]
