"""The fast decide (solver.engine.obligations) against the decide it replaced, kept here as
the slow reference (``slow_decide``, the code of af8124c: reference.best_win on every call,
the ways to eat made afresh): the whole Decision must be equal, on thousands of positions per
shipped ruleset, each asked from every origin with random 臭 and passed 碰 sets.

Positions look like a game's: every call of the game engine in the hands pinned for the
benchmark (benchmarks/data/decide-*.txt), a dealt hand played by random legal moves
(``game_positions``), ready hands asked about their waits (wins, 4-tile melds, 将), and the
neighbour-heavy random positions of test_obligations / test_act_luzhou (pairs and 坎 of the
tile, exposed 碰/偎 of it); then take tables no shipped ruleset has, and the memos cleared."""
from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType
from typing import Iterable

import eating_reference
import pytest
from test_act_luzhou import random_luzhou_position
from test_obligations import random_position

from solver.app import generate
from solver.engine import decide_memo, obligations, reference
from solver.engine.obligations import TAKE_SOURCE, eating_ways, holding, passed_sets
from solver.model.hand import Hand, HandError, Meld, check_hand
from solver.model.notation import parse_hand, parse_tile, parse_tiles
from solver.model.results import ACTIONS, ORIGINS, Action, Candidate, Decision, Forbidden
from solver.model.rules import FOUR_KINDS, Ruleset, Take, get_ruleset

RULESETS = {name: get_ruleset(name) for name in ("hunan", "luzhou", "luzhou-deng")}
DATA = Path(__file__).resolve().parent.parent / "benchmarks" / "data"


# ---------------------------------------------------------------- the slow reference (af8124c)

def _left(counts: Iterable[int]) -> tuple[int, ...]:
    return tuple(t for t, n in enumerate(counts) if n in (1, 2) for _ in range(n))


def _after(concealed: tuple[int, ...], used: Iterable[int]) -> list[int]:
    counts = list(concealed)
    for t in used:
        counts[t] -= 1
    return counts


def slow_decide(h: Hand, *, tile: int, source: str, chou=(), passed_peng=(), rules: Ruleset) -> Decision:
    x, origin, ruleset = tile, source, rules
    chou_t = tuple(sorted(set(chou)))
    passed_t = tuple(sorted(set(passed_peng)))
    no_chi, no_peng = passed_sets(chou_t, passed_t, ruleset)
    src = TAKE_SOURCE[origin]
    held = holding(h, x)
    take = ruleset.take.get((held, src))
    who = origin.split("-")[0]
    actions: list[Action] = []
    forbidden: list[Forbidden] = []
    if src in ruleset.win_on:
        win = reference.best_win(h, x, src, ruleset)
        if win is not None:
            actions.append(Action("hu", win=win))
    elif src == "discard" and reference.best_win(h, x, "other", ruleset) is not None:
        forbidden.append(Forbidden("hu", "discard_no_hu"))
    forced = None
    move = _take_move(h, x, held, take, no_peng, passed_t, ruleset)
    if isinstance(move, Action):
        actions.append(move)
        forced = move if move.compulsory else None
    elif move is not None:
        forbidden.append(move)
    peng = _peng(h, x, held, src, take, forced, no_peng, ruleset)
    if isinstance(peng, Action):
        actions.append(peng)
        if peng.compulsory:
            forced = peng
    elif peng is not None:
        forbidden.append(peng)
    eats = origin in ruleset.chi_from
    candidates = _candidates(h.concealed, x, who, eats, x in no_chi, forced)
    chi = [Action("chi", chi=c.chi, bi=c.bi, left=_left(_after(h.concealed, _used(c.chi, c.bi, x))))
           for c in candidates if c.reason is None]
    actions += chi
    if not eats or x in no_chi:
        forbidden.append(Forbidden("chi", _origin_reason(who) if not eats else "chou"))
    else:
        forbidden += [Forbidden("chi", c.reason, c.chi, c.bi, c.detail) for c in candidates if c.reason]
    if forced is None:
        pengs = any(a.action == "peng" for a in actions)
        if ruleset.passed == "hu_only":
            chou_chi = chou_peng = (x,) if chi or pengs else ()
        else:
            chou_chi, chou_peng = (x,) if chi else (), (x,) if pengs else ()
        actions.append(Action("pass", becomes_chou_chi=chou_chi, becomes_chou_peng=chou_peng))
    else:
        forbidden.append(Forbidden("pass", "compulsory", detail=(forced.action,)))
    order = {a: i for i, a in enumerate(ACTIONS)}
    actions.sort(key=lambda a: order[a.action])
    forbidden.sort(key=lambda f: (order[f.action], f.chi or (), f.bi))
    return Decision(h, x, origin, tuple(actions), tuple(forbidden), ruleset, chou=chou_t, passed_peng=passed_t,
                    candidates=candidates)


def _origin_reason(who: str) -> str:
    return "geshan" if who == "lower" else "chi_from"


def _take_move(h: Hand, x: int, held: str, take: Take | None, no_peng, passed_peng, rules: Ruleset):
    if take is None or take.makes == "free":
        return None
    conc = h.concealed
    if take.makes in FOUR_KINDS:
        discard = h.n_four == 0
        left = _left(_after(conc, (x,) * 3 if held == "kan" else ())) if discard else None
        return Action(take.makes, compulsory=take.compulsory, onto=held, discard=discard, left=left)
    left = _left(_after(conc, (x, x)))
    if take.makes == "wei":
        return Action("wei", compulsory=take.compulsory, onto="pair", chou_wei=x in passed_peng, left=left)
    if rules.passed == "hu_only" and x in no_peng:
        return Forbidden("peng", "peng_passed")
    return _peng_action(take.compulsory, left)


def _peng_action(compulsory: bool, left):
    if not left and not compulsory:
        return Forbidden("peng", "no_discard")
    return Action("peng", compulsory=compulsory, onto="pair", left=left or None)


def _peng(h: Hand, x: int, held: str, src: str, take, forced, no_peng, rules: Ruleset):
    if held != "pair" or take is None or take.makes == "peng":
        return None
    if src == "self":
        return Forbidden("peng", "must_wei") if forced is not None and forced.action == "wei" else None
    if forced is not None:
        return Forbidden("peng", "compulsory", detail=(forced.action,))
    if x in no_peng:
        return Forbidden("peng", "peng_passed")
    return _peng_action(rules.peng_compulsory, _left(_after(h.concealed, (x, x))))


def _used(chi, bi, x: int) -> list[int]:
    used = [t for g in (chi, *bi) for t in g]
    used.remove(x)
    return used


def _candidates(conc, x: int, who: str, eats: bool, chou: bool, forced) -> tuple[Candidate, ...]:
    out = []
    for chi, bi, stranded in eating_reference.eating_ways(conc, x):
        used = _used(chi, bi or (), x)
        kans = tuple(sorted({t for t in used if conc[t] == 3} | ({x} if conc[x] == 3 else set())))
        if not eats:
            reason, detail = _origin_reason(who), ()
        elif chou:
            reason, detail = "chou", ()
        elif kans:
            reason, detail = "kan", kans
        elif forced is not None and forced.action == "wei":
            reason, detail = "must_wei", ()
        elif forced is not None:
            reason, detail = "compulsory", (forced.action,)
        elif bi is None:
            reason, detail = "shaobi", (x,) * stranded
        elif not _left(_after(conc, used)):
            reason, detail = "no_discard", ()
        else:
            reason, detail = None, ()
        out.append(Candidate(chi, bi or (), reason, detail))
    return tuple(sorted(out, key=lambda c: (c.chi, c.bi)))


# ---------------------------------------------------------------- positions

def _apply(hand: Hand, x: int, a: Action, rng: random.Random) -> tuple[Hand, int | None]:
    """The hand after move ``a`` on tile x and the random discard that follows it (or None)."""
    conc, melds = list(hand.concealed), list(hand.melds)
    if a.action == "pass":
        return hand, None
    if a.action == "chi":
        for t in obligations._used(a.chi, a.bi, x):
            conc[t] -= 1
        melds += [Meld("chi", g) for g in (a.chi, *a.bi)]
    elif a.action in ("peng", "wei"):
        conc[x] -= 2
        melds.append(Meld(a.action, (x,) * 3))
    elif a.onto == "kan":
        conc[x] -= 3
        melds.append(Meld(a.action, (x,) * 4))
    else:  # onto the exposed 偎 or 碰
        i = next(i for i, m in enumerate(melds) if m.kind == a.onto and m.tiles[0] == x)
        melds[i] = Meld(a.action, (x,) * 4)
    y = rng.choice(a.left) if a.left else None
    if y is not None:
        conc[y] -= 1
    return Hand(tuple(conc), tuple(melds)), y


def _deal(rng: random.Random, rules: Ruleset) -> tuple[Hand, list[int]]:
    """20 tiles dealt (a four of a kind laid out as the ruleset's dealt 4-tile meld) and the rest."""
    while True:
        tiles = [t for t in range(20) for _ in range(4)]
        rng.shuffle(tiles)
        conc = [0] * 20
        for t in tiles[:20]:
            conc[t] += 1
        fours = [t for t in range(20) if conc[t] == 4]
        if len(fours) <= 1:  # two dealt 提 hold one tile fewer: phz does not decide those
            melds = tuple(Meld(rules.dealt_four, (t,) * 4) for t in fours)
            for t in fours:
                conc[t] = 0
            return Hand(tuple(conc), melds), tiles[20:]


def game_positions(rng: random.Random, rules: Ruleset, reveals: int = 38):
    """(hand, tile, origin, chou, passed 碰) of one seat through a hand: a deal, then ``reveals``
    tiles (a draw, then a discard, in turn, from a random seat), each answered by a random legal
    move other than 胡 (the hand then ends half the time); passes make 臭 as the answer says.
    Every hand asked about is checked valid at rest."""
    hand, rest = _deal(rng, rules)
    chou: set[int] = set()
    passed: set[int] = set()
    for i, x in enumerate(rest[:reveals]):
        origins = ("self-draw", "upper-draw", "lower-draw") if i % 2 == 0 else ("upper-discard", "lower-discard")
        origin = rng.choice(origins)
        yield hand, x, origin, tuple(chou), tuple(passed)
        d = slow_decide(hand, tile=x, source=origin, chou=chou, passed_peng=passed, rules=rules)
        if d.actions[0].action == "hu" and rng.random() < 0.5:
            return
        a = rng.choice([a for a in d.actions if a.action != "hu"])
        chou |= set(a.becomes_chou_chi)
        passed |= set(a.becomes_chou_peng)
        hand, _ = _apply(hand, x, a, rng)
        try:
            check_hand(hand, want="rest", rules=rules)
        except HandError:  # seven melds (a compulsory 碰 of the last pair): no hand at rest to ask
            return


def ready_positions(rng: random.Random, rules: Ruleset, n: int):
    """Ready hands (generate.ready_hands: wins, 4-tile melds and upgrades, the 将 pair) with a
    tile that wins from some source most of the time, else any tile with a copy left."""
    for hand in generate.ready_hands(n, rng.randrange(1 << 30), rules):
        held = hand.all_counts()
        live = [t for t in range(20) if held[t] < 4]
        wins = [t for t in live if any(reference.best_win(hand, t, s, rules) for s in ("self", "other", "discard"))]
        yield hand, rng.choice(wins if wins and rng.random() < 0.8 else live)


def _passes(rng: random.Random, x: int, chou=(), passed=()) -> tuple[set[int], set[int]]:
    """Random 臭 and passed-碰 sets added to those given, the tile itself in them now and then."""
    c = set(chou) | {t for t in range(20) if rng.random() < 0.05} | ({x} if rng.random() < 0.15 else set())
    p = set(passed) | {t for t in range(20) if rng.random() < 0.05} | ({x} if rng.random() < 0.15 else set())
    return c, p


def positions(name: str, n: int, seed: int):
    """About ``n`` (hand, tile, chou, passed) of ruleset ``name``: half from games, a quarter ready
    hands, a quarter neighbour-heavy random positions."""
    rules = RULESETS[name]
    rng = random.Random(seed)
    out = []
    while len(out) < n // 2:
        for hand, x, _, chou, passed in game_positions(rng, rules):
            out.append((hand, x) + _passes(rng, x, chou, passed))
    for hand, x in ready_positions(rng, rules, n // 4):
        out.append((hand, x) + _passes(rng, x))
    while len(out) < n:
        if name == "hunan":
            hand, x, _, _, chou, passed = random_position(rng)
        else:
            hand, x, _, chou, passed = random_luzhou_position(rng)
        out.append((hand, x) + _passes(rng, x, chou, passed))
    return out


# ---------------------------------------------------------------- the tests

def check(name: str, n: int, seed: int, rules: Ruleset | None = None) -> dict[str, int]:
    """Fast and slow decide on every origin of ``n`` positions of ruleset ``name`` (decided under
    ``rules``, that ruleset by default): equal Decisions; counts of what was met."""
    rules = rules or RULESETS[name]
    met = dict.fromkeys(("hu", "chi", "peng", "four", "forced", "pass", "discard_no_hu", "kan", "shaobi",
                         "no_discard", "peng_passed", "chou_wei", "four meld", "pair", "kan held", "meld held"), 0)
    for hand, x, chou, passed in positions(name, n, seed):
        held = holding(hand, x)
        met["four meld"] += hand.n_four > 0
        met["pair"] += held == "pair"
        met["kan held"] += held == "kan"
        met["meld held"] += held in ("wei", "peng")
        for origin in ORIGINS:
            kw = dict(tile=x, source=origin, chou=chou, passed_peng=passed, rules=rules)
            want = slow_decide(hand, **kw)
            got = obligations.decide(hand, **kw)
            assert got == want, (name, hand.text(), x, origin, sorted(chou), sorted(passed))
            kinds = [a.action for a in got.actions]
            met["hu"] += "hu" in kinds
            met["chi"] += "chi" in kinds
            met["peng"] += "peng" in kinds
            met["four"] += any(k in FOUR_KINDS for k in kinds)
            met["forced"] += got.compulsory is not None
            met["pass"] += "pass" in kinds
            met["chou_wei"] += any(a.chou_wei for a in got.actions)
            for f in got.forbidden:
                if f.reason in met:
                    met[f.reason] += 1
    return met


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_fast_decide_is_the_slow_one(name):
    met = check(name, 3000, seed=20261201 + sorted(RULESETS).index(name))
    # the positions reach every branch that matters, wins among them
    assert met["hu"] > 1000 and met["chi"] > 800 and met["peng"] > 600 and met["four"] > 1000, met
    assert met["kan"] > 1000 and met["shaobi"] > 200 and met["no_discard"] > 10 and met["peng_passed"] > 200, met
    assert met["four meld"] > 600 and met["pair"] > 300 and met["kan held"] > 200 and met["meld held"] > 50, met
    if name == "hunan":
        assert met["discard_no_hu"] > 500 and met["chou_wei"] > 30, met


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(RULESETS))
def test_fast_decide_is_the_slow_one_on_many_positions(name):
    check(name, 20000, seed=7)


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_fast_decide_is_the_slow_one_on_the_engines_positions(name):
    """Every call the game engine made while random bots played 40 hands (benchmarks/data)."""
    rules = RULESETS[name]
    path = DATA / f"decide-{'hunan' if name == 'hunan' else 'luzhou'}.txt"
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) > 3000
    for line in lines:
        text, tile, origin, chou, passed = line.split("\t")
        kw = dict(tile=parse_tile(tile), source=origin, chou=parse_tiles(chou), passed_peng=parse_tiles(passed),
                  rules=rules)
        hand = parse_hand(text, rules)
        assert obligations.decide(hand, **kw) == slow_decide(hand, **kw), line


def _variant(name: str, **cells: Take) -> Ruleset:
    """Ruleset ``name`` with some cells of its take table changed (key: holding_source)."""
    base = RULESETS[name]
    take = dict(base.take)
    for key, cell in cells.items():
        take[tuple(key.split("_"))] = cell
    return replace(base, name=f"{name}-variant", take=MappingProxyType(take))


#: take tables no shipped ruleset has, for the options the 胡 test follows that they never reach:
#: an optional 偎 or 跑 (the tile may also join the free tiles, onto a pair as the 碰 triplet),
#: 破招 onto a 坎, a compulsory 碰 of another player's tile onto a pair
VARIANTS = {
    "hunan": dict(pair_self=Take("wei", False, False, True), peng_self=Take("pao", False, False, True),
                  kan_other=Take("pao", False, False, True), pair_other=Take("peng", True, False, True)),
    "luzhou": dict(kan_other=Take("zhao", True, True, True), pair_self=Take("peng", False, False, True),
                   peng_other=Take("zhao", False, True, True)),
}


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_fast_decide_is_the_slow_one_under_other_take_tables(name):
    met = check(name, 600, seed=11, rules=_variant(name, **VARIANTS[name]))
    assert met["hu"] > 100 and met["four"] > 100 and met["peng"] > 100, met


def test_the_rule_tables_ways_to_eat_are_the_plain_ones():
    """``eating_ways`` (the rule table's ``play_rules.ways``, as decide and the kernels read it) against
    the plain reference (tests/eating_reference.py), on random concealed tiles, 坎 and fours included."""
    rng = random.Random(4)
    kinds = {"bi": 0, "shaobi": 0}
    for _ in range(6000):
        counts = [min(4, int(rng.expovariate(1.1))) for _ in range(20)]
        x = rng.randrange(20)
        counts[x] = min(counts[x], 3)
        want = eating_reference.eating_ways(counts, x)
        assert eating_ways(counts, x) == want, (counts, x)
        for _, bi, _ in want:
            kinds["shaobi" if bi is None else "bi"] += bool(bi is None or bi)
    assert kinds["bi"] > 300 and kinds["shaobi"] > 500, kinds


def test_memos_answer_alike_when_cleared(monkeypatch):
    """Memos cleared after every hand and every way answer as kept ones do."""
    monkeypatch.setattr(decide_memo, "HANDS_LIMIT", 1)
    monkeypatch.setattr(decide_memo, "WAYS_LIMIT", 1)
    check("hunan", 200, seed=3)


def test_a_ruleset_the_split_search_cannot_read_asks_the_reference(monkeypatch):
    rules = RULESETS["luzhou"]
    ctx = decide_memo.Context(rules)
    ctx.tables = None  # as for a ruleset whose 将 carries 胡息
    made = decide_memo.context
    monkeypatch.setattr(decide_memo, "context", lambda r: ctx if r is rules else made(r))
    check("luzhou", 100, seed=5)
