"""A second, independent formulation of the win rules (RULES.md 2, 4, 5).

Partition first, judge after: split the concealed tiles plus the winning tile
into blocks of any shape (pair, triple, quad, 句, 绞) in every possible way,
then keep the partitions the rules allow.  It only answers the numbers (best
score, 胡息, fan names per source) and is used to check the reference, which
is organised the other way round (options first, then splits).
"""
from solver.model.groups import SHAPES, group_pattern
from solver.model.rules import Ruleset


def _blocks(counts, start=0):
    """Every partition of ``counts`` into pair/triple/quad/句/绞 blocks."""
    i = next((x for x in range(20) if counts[x]), None)
    if i is None:
        yield []
        return
    cands = [(i,) * n for n in (2, 3, 4) if counts[i] >= n]
    cands += [s for s in SHAPES if s[0] == i]
    for block in cands:
        need = {x: block.count(x) for x in block}
        if all(counts[x] >= n for x, n in need.items()):
            for x in block:
                counts[x] -= 1
            for rest in _blocks(counts):
                yield [block] + rest
            for x in block:
                counts[x] += 1


def best(hand, t, source, rules: Ruleset):
    """(score, huxi, fan_names) of the best win, or None."""
    conc = list(hand.concealed)
    melds = [(m.kind, m.tiles) for m in hand.melds]
    upgradable = [i for i, (k, ts) in enumerate(melds) if k in ("wei", "peng") and ts[0] == t]
    choices = []  # (melds after, concealed multiset)
    if upgradable:
        i = upgradable[0]
        kind = melds[i][0]
        up = list(melds)
        up[i] = ("ti" if (kind == "wei" and source == "self") else "pao", (t,) * 4)
        choices.append((up, conc))
        if not (kind == "wei" and source == "self"):  # 偎 + own draw: 提 is compulsory
            plus = list(conc)
            plus[t] += 1
            choices.append((melds, plus))
    else:
        plus = list(conc)
        plus[t] += 1
        choices.append((melds, plus))
    top = None
    for ms, counts in choices:
        t_free = counts is not conc  # t is among the concealed tiles
        for blocks in _blocks(list(counts)):
            kinds = []
            ok = True
            for b in blocks:
                x = b[0]
                same = len(set(b)) == 1
                if same and len(b) == 4:
                    if not (t_free and x == t and conc[x] == 3):
                        ok = False
                        break
                    kinds.append(("ti" if source == "self" else "pao", b))
                elif same and len(b) == 3:
                    if conc[x] == 3:
                        kinds.append(("kan", b))
                    elif t_free and x == t and conc[x] == 2:
                        kinds.append(("wei" if source == "self" else "peng", b))
                    else:
                        ok = False
                        break
                elif same:
                    kinds.append(("jiang", b))
                else:
                    kinds.append((group_pattern(b), b))
            if not ok:
                continue
            # a 坎 stays whole: each concealed triplet is a triple or quad block
            if any(conc[x] == 3 and not any(len(b) >= 3 and set(b) == {x} for b in blocks) for x in range(20)):
                continue
            if t_free and source == "self" and conc[t] == 3 and not any(len(b) == 4 for b in blocks):
                continue  # 破跑不破提
            if t_free and source == "self" and conc[t] == 2 and rules.self_pair_must_wei and \
                    not any(b == (t, t, t) for b in blocks):
                continue  # the draw rule 偎牌
            fours = sum(1 for _, ts in ms if len(ts) == 4) + sum(1 for b in blocks if len(b) == 4)
            pairs = sum(1 for k, _ in kinds if k == "jiang")
            if pairs != (1 if fours and rules.pao_needs_jiang else 0):
                continue
            if len(ms) + len(blocks) != 7:
                continue
            huxi = 0
            for k, ts in kinds + [(group_pattern(ts) if k == "chi" else k, ts) for k, ts in ms]:
                huxi += rules.huxi[k][min(ts)]
            if huxi < rules.min_huxi:
                continue
            red = sum(1 for _, ts in ms for x in ts if x in rules.red_tiles)
            red += sum(1 for b in blocks for x in b if x in rules.red_tiles)
            duidui = all(k in ("kan", "peng", "wei", "pao", "ti", "jiang") for k, _ in kinds + ms)
            fan, names = rules.fan(red, duidui=duidui)
            score = rules.deng(huxi, self_drawn=source == "self") * fan
            cand = (score, huxi, names)
            if top is None or cand[:2] > top[:2]:
                top = cand
    return top
