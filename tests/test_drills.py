"""Random drills (solver.trainer.drills): seeds that regenerate the same question, valid and
plausible hands, answers that agree with the solver, levels that mean what they say,
and generation fast enough to feel instant."""
from __future__ import annotations

import dataclasses
import hashlib
import statistics
import time

import pytest

from solver import api
from solver.api import decide
from solver.engine.obligations import legal_ways
from solver.model.hand import check_hand
from solver.model.notation import parse_hand, parse_tiles
from solver.model.tiles import GLYPHS
from solver.trainer.drills import GENERATORS, TAGS, DrillError, drill, make_seed, new_drills, parse_seed, plausible
from solver.trainer.quiz import KINDS, grade, right_answer, run_quiz

LEVELS = (1, 2, 3)
SEEDS = [make_seed(base, kind, level) for kind in KINDS for level in LEVELS for base in range(12)]


@pytest.fixture(scope="module")
def drills():
    return {seed: drill(seed) for seed in SEEDS}


def fields(q):
    return (q.kind, q.level, q.tags, q.hand, q.tile, q.source, q.from_, q.action, q.seen, q.chou, q.passed_peng,
            tuple((c.chi, c.bi, c.reason) for c in q.menu))


# --- seeds ------------------------------------------------------------------------------------------

def test_seed_names_kind_and_level():
    assert make_seed(42, "discard", 3) == 4213
    assert parse_seed(4213) == (42, "discard", 3)
    for kind in GENERATORS:
        for level in LEVELS:
            assert parse_seed(make_seed(7, kind, level)) == (7, kind, level)
    assert make_seed(42, "distance", 3) == 4253 and drill(4253).kind == "discard"
    with pytest.raises(DrillError):
        make_seed(1, "far", 1)


@pytest.mark.parametrize("bad", [4250, 4214, 4261, 4290, -1, "12", True])
def test_bad_seeds_are_refused(bad):
    with pytest.raises(DrillError):
        parse_seed(bad)
    with pytest.raises(DrillError):
        drill(bad)


def test_same_seed_same_question(drills):
    for seed in SEEDS[::3]:
        again = drill(seed)
        assert fields(again) == fields(drills[seed]) and again.seed == seed
        assert again.solution.expected == drills[seed].solution.expected


def test_new_drills_reproducible_and_filtered():
    a = new_drills(6, seed=11)
    assert [q.seed for q in a] == [q.seed for q in new_drills(6, seed=11)]
    assert [fields(q) for q in a] == [fields(drill(q.seed)) for q in a]
    assert {q.kind for q in new_drills(5, seed=3, kind="huxi")} == {"huxi"}
    assert {q.level for q in new_drills(5, seed=3, level=1)} == {1}
    assert all("烧比" in q.tags for q in new_drills(3, seed=3, tag="烧比"))
    with pytest.raises(DrillError, match="no drill has tag 'no such tag'; drill tags: "):
        new_drills(1, seed=3, tag="no such tag")
    with pytest.raises(DrillError, match="no drill of kind ting has tag '烧比'"):
        new_drills(1, seed=3, kind="ting", tag="烧比")


def test_drill_tags_are_declared(drills):
    for q in drills.values():
        assert set(q.tags) <= set(TAGS[q.kind]), (q.seed, q.tags)


# --- every hand valid and plausible --------------------------------------------------------------------

def test_every_generated_hand_is_valid_and_plausible(drills):
    for seed, q in drills.items():
        h = parse_hand(q.hand)
        check_hand(h, want="discard" if q.kind == "discard" else "rest")
        assert plausible(h), (seed, q.hand)
        extra = list(parse_tiles(q.seen)) + ([parse_tiles(q.tile)[0]] if q.tile else [])
        api.load(h, want="discard" if q.kind == "discard" else "rest", seen=q.seen,
                 tile=parse_tiles(q.tile)[0] if q.tile else None)  # at most 4 copies with seen and the tile
        assert all(h.all_counts()[t] + extra.count(t) <= 4 for t in set(extra))


def test_questions_are_not_degenerate(drills):
    for seed, q in drills.items():
        expected = q.solution.expected
        if q.kind == "ting":
            assert expected, seed  # a ready hand
        elif q.kind == "discard":
            assert q.solution.result.rows[0].outs > 0, seed
        elif q.kind == "chi":
            assert 1 <= len(q.menu) <= 8, seed
        elif q.kind == "chou" and q.action == "chi":
            assert q.decision.candidates, seed  # some group can be formed
        elif q.kind == "chou":
            assert parse_hand(q.hand).concealed[parse_tiles(q.tile)[0]] == 2, seed  # a pair to 碰 onto


# --- answers agree with the solver -----------------------------------------------------------------------

def test_answers_agree_with_the_solver(drills):
    for seed, q in drills.items():
        expected = q.solution.expected
        if q.kind == "ting":
            assert expected == {w.tile for w in api.ting(q.hand, seen=q.seen).waits}
        elif q.kind == "discard":
            rows = api.discard(q.hand, seen=q.seen).rows
            assert expected == tuple(r.tile for r in rows if r.outs == rows[0].outs)
        elif q.kind == "huxi":
            assert expected == api.hu(q.hand, win=q.tile, source=q.source).win.huxi
        else:
            d = decide(q.hand, tile=q.tile, source=q.from_, chou=q.chou, passed_peng=q.passed_peng, seen=q.seen)
            if q.kind == "chi":
                legal = {(c.chi, c.bi) for i, c in enumerate(q.menu, 1) if i in expected}
                assert legal == set(legal_ways(d))
                assert [(c.chi, c.bi) for c in q.menu] == sorted((c.chi, c.bi) for c in q.menu)
            else:
                assert expected == any(a.action == q.action for a in d.actions)
        # A cached solution (discard, huxi) is what a fresh question computes.
        fresh = dataclasses.replace(q, menu=()).with_menu()
        assert fresh.solution.expected == expected, seed


def test_drills_are_graded_like_puzzles(drills):
    qs = [drills[s] for s in SEEDS[::4]]
    out: list[str] = []
    answers = [right_answer(q) for q in qs]
    summary = run_quiz(qs, input_fn=lambda prompt, it=iter(answers): next(it), output_fn=out.append)
    assert summary.answered == summary.correct == len(qs)
    assert f"drill {qs[0].seed}" in out[0]
    ting = next(q for q in qs if q.kind == "ting")
    assert not grade(ting, "none").correct  # every ting drill is a ready hand


# --- levels --------------------------------------------------------------------------------------------------

TRAPS = {"self-only wait", "other-only wait", "破跑胡", "dead wait", "forced 偎", "forced 提"}


def test_levels_mean_what_they_say(drills):
    for seed, q in drills.items():
        h = parse_hand(q.hand)
        if q.kind == "ting":
            waits = q.solution.result.waits
            if q.level == 1:
                assert not h.melds and len(waits) <= 2 and not q.tags
            if q.level == 3:
                assert set(q.tags) & TRAPS
        if q.kind == "discard" and q.level == 1:
            assert not h.melds and not q.seen and not q.tags
        if q.kind == "huxi":
            r = q.solution.result
            if q.level == 1:
                assert not h.melds and r.win.how in ("顺胡", "编胡", "单吊胡")
            if q.level == 3:
                assert r.win.how not in ("顺胡", "编胡", "单吊胡") or any(d.huxi > r.win.huxi for d in r.decompositions)
        if q.kind == "chi":
            reasons = {c.reason for c in q.menu} - {None}
            tile = parse_tiles(q.tile)[0]
            assert (q.level == 3) == bool(reasons), seed
            if q.level == 1:
                assert h.concealed[tile] == 0 and all(not c.bi for c in q.menu)


def test_level_three_chi_menus_are_mostly_mixed():
    qs = [drill(make_seed(base, "chi", 3)) for base in range(60)]
    mixed = sum(1 for q in qs if q.solution.expected and len(q.solution.expected) < len(q.menu))
    assert mixed >= 20  # a legal way beside the trap, not just "0"


# --- speed -------------------------------------------------------------------------------------------------------

def test_generation_is_fast():
    times = []
    for kind in KINDS:
        for level in LEVELS:
            for base in range(100, 106):
                start = time.perf_counter()
                drill(make_seed(base, kind, level))
                times.append(time.perf_counter() - start)
    assert statistics.median(times) < 0.05, statistics.median(times)


# --- seeds keep their questions across versions ---------------------------------------------------------

# Seeds stored for review must regenerate the same question after an upgrade: the
# hand builder in solver.trainer.drills is frozen.  If this test fails, old seeds changed meaning.
GOLDEN = [  # seed, hand, tile, source or from, action, seen, chou, passed_peng
    (4203, "一三三三四六六壹壹贰贰贰肆肆陆陆陆柒柒柒", None, None, None, "六六", "", ""),
    (4212, "二二二三五五八八八壹壹贰贰叁叁伍柒柒玖玖玖", None, None, None, "五七贰", "", ""),
    (4221, "四四四五十十十壹壹壹贰伍伍陆柒柒捌捌捌拾", "伍", "other", None, "", "", ""),
    (4233, "一二三三五六七七八九十十壹壹贰叁肆柒玖拾", "五", "lower-discard", None, "", "", ""),
    (4241, "五六六八十十壹壹肆肆肆陆陆柒捌玖玖玖拾拾", "拾", "upper-draw", "peng", "", "壹", ""),
    (943, "三七七七柒柒柒捌玖拾 | 提:九九九九 吃:一一壹 碰:叁叁叁", "玖", "lower-discard", "chi", "", "玖", "拾"),
    # distance drills (generator 5), frozen from their first version on
    (51, "一一一二二二三三三七壹壹壹贰贰叁叁肆柒捌拾", None, None, None, "", "", ""),
    (152, "四四六六六七九九贰贰叁叁玖玖玖 | 吃:八九十 吃:柒捌玖", None, None, None, "", "", ""),
    (353, "二五五七七九十壹壹肆伍伍陆拾 | 提:三三三三 吃:五五伍", None, None, None, "八八八八", "", ""),
]


@pytest.mark.parametrize("seed,hand,tile,where,action,seen,chou,passed_peng", GOLDEN)
def test_golden_seeds(seed, hand, tile, where, action, seen, chou, passed_peng):
    q = drill(seed)
    assert (q.hand, q.tile, q.source or q.from_, q.action, q.seen, q.chou, q.passed_peng) == (
        hand, tile, where, action, seen, chou, passed_peng)


# Fingerprints of the questions (and the solver's answers) of old seeds, computed with
# solver/drills.py as it was before distance drills (generator 5) were added, at commit
# 65a5dfd.  A drift of a question means stored progress now points to another question;
# a drift of an answer alone means the solver changed its mind (then check RULES.md).
def fingerprint(q) -> str:
    e = q.solution.expected
    answer = sorted(e) if isinstance(e, frozenset) else e
    return hashlib.sha256(repr((q.seed,) + fields(q) + (answer,)).encode()).hexdigest()[:12]


PINNED = dict(item.split(":") for item in """
    1:f8cea45e01d6 101:3e25dfe565cb 201:ac136765f63b 301:38ac901f0485 401:67ad8801f8ad 501:3b5ff95be5b3
    601:847fa83ade99 701:bba12e879777 801:b8ce79ad2d8e 901:5a583ad29e68 1001:a07d4f597810 1101:ad827c62f82e
    2:fd882639b271 102:f3bf4b67a469 202:0bcb2ca7e70b 302:73b37ad9b3df 402:7daf93c5944a 502:cf7fd04f0c62
    602:70de4edba9fa 702:b9cb034f43f5 802:817371043f46 902:6a0e5dc64b3b 1002:32453d3b8cfb 1102:74c837c18f79
    3:fd08f73db7e5 103:d1755d0aed56 203:9b92a0c94e8b 303:3ad20f18ecdb 403:e1e26c283868 503:ebef60e24660
    603:a027c2388a0a 703:c4d4c62aee7f 803:bc3d5fff5308 903:fa44c9cdddbc 1003:bf3550129b7a 1103:5c7a7ca78aa7
    11:d9d9201ddea6 111:ba006cae316e 211:95eb11865f73 311:58760e87c946 411:a22707ffc92a 511:9ba109acaf2a
    611:270794f21752 711:bd91f0be1e53 811:ef75fa843919 911:d9cd6a86b35a 1011:632920045aa7 1111:ffb1857492dc
    12:4ddc2c2b9267 112:e68fa6cb2ff6 212:d56810ff70cc 312:6f21e6b8755e 412:1da9434945a0 512:2a6f1156269c
    612:5dc67b693c39 712:a1be6318b875 812:3eb434414a19 912:56b0a0370c66 1012:7cc4d0c3d8d7 1112:e7607d2cb68f
    13:fcd5bbbacb56 113:4f30dd650558 213:52faa6b00ebe 313:63578080402d 413:bf48a3ae2f51 513:3f9051d3fc63
    613:2a6835adde89 713:0b2b844b5c2f 813:b0b4d7aa4d40 913:49d2b3bc73be 1013:98310e7a0ef7 1113:e7d9147eec13
    21:58ce34f55250 121:912229186feb 221:e14bfc583acb 321:c0609e97b143 421:a304a54a4868 521:e844705c3456
    621:9fdf790c4205 721:8e9f992c5ec7 821:b86507cde81c 921:83aae261b409 1021:f2c8882fce87 1121:af7821021900
    22:771fb94c7b99 122:b464b52a6066 222:90312ccd7218 322:121cb2eca55e 422:573a60707232 522:9625d4219586
    622:3696be5c21db 722:d233a93389e8 822:cb45cfff6d85 922:e7e263187075 1022:54cfe5e8edfd 1122:7da6a8330e65
    23:e193ff5c742f 123:f6bb442732c2 223:f7710da3d0ef 323:0303960ee01b 423:17c4b81418ac 523:edd0d60ce319
    623:cd241c67c079 723:ba7a53fad240 823:23b220e81de1 923:68ea54cafcca 1023:f1256bb21767 1123:159ba774c823
    31:2feeaaa44c8d 131:9561c6dc3822 231:9f925b80cbb4 331:ea6858a6cf49 431:e18bd7ebfab3 531:d0703a592bbc
    631:89fdccde380c 731:2b78e49f0f30 831:af529c287404 931:894aa9437236 1031:e6be3692004d 1131:91eb836fed55
    32:587dc0627f5c 132:755641c5003a 232:4e5f689d76c1 332:f7dd0c24ba7a 432:e1b0a437ae24 532:2e6876844d5c
    632:1fe6a1824e13 732:4d78a97cca38 832:1865c1000a81 932:6f4276ce7607 1032:20a7ab8efda1 1132:6f7002a92e54
    33:15d1504a45cb 133:824125d3bcbe 233:89ab3a0f4b22 333:a752f4069e3a 433:1496da68219a 533:a64256a3384a
    633:85710d4e3a19 733:6f76d5dd2d4d 833:889b8b9c12dc 933:87202fd47fd6 1033:2e4baf1e9ca6 1133:ffa8b251326a
    41:bf258d6ef02c 141:ff2f442fbf7e 241:f0a77ff16cda 341:b210f3dc6f79 441:8c20181e7a05 541:fa5902e3b649
    641:983722120931 741:58339a2c7def 841:a3bf4aa6bf39 941:7fa5de28b4a0 1041:0a8b00b47cc0 1141:4b10e6fa0c35
    42:0ed85e2106c3 142:3c56225647a0 242:7a50c277f430 342:4ed5c9972103 442:898d749bc829 542:63638cf9ff37
    642:f60f6bf10c4d 742:e4ccef02bcf6 842:5aed01b3cfa3 942:0b9fc970918a 1042:433da0b683a5 1142:8f55642e55f0
    43:f5535b3112fa 143:eab3baf52917 243:1b5b53a0d258 343:71f5a10b8474 443:4231060547fb 543:6c48d8b5f687
    643:1efdfc6e457f 743:7356ed6ada94 843:c54dea4f4050 943:c252378ed379 1043:b9f0cc3faa5f 1143:01e007e22d9c
""".split())
PINNED_DIGEST_12_112 = "c74779cace9d5efe1d7ad41edc4f177f38407e2391e34800874364543328123a"  # bases 12..111 of every old kind and level (slow)


def test_old_seeds_keep_their_questions_and_answers(drills):
    assert len(PINNED) == len(SEEDS) == 180
    drifted = [seed for seed in SEEDS if fingerprint(drills[seed]) != PINNED[str(seed)]]
    assert not drifted, f"old drill seeds changed question or answer: {drifted}"


@pytest.mark.slow
def test_many_old_seeds_keep_their_questions_and_answers():
    seeds = [make_seed(base, kind, level) for kind in KINDS for level in LEVELS for base in range(12, 112)]
    lines = "".join(f"{s}:{fingerprint(drill(s))}\n" for s in seeds)
    assert hashlib.sha256(lines.encode()).hexdigest() == PINNED_DIGEST_12_112


# What new_drills handed out before distance drills existed (same commit): a seeded list
# keeps every drill, except that a discard drill from an odd base is now a distance drill
# of the same base and level (generator 5 instead of 1).
OLD_LISTS = {  # (seed, kind, level): the 12 drill seeds of new_drills(12, seed=..., kind=..., level=...)
    (1, None, None): [105875613, 831202121, 636888632, 818487611, 726062602, 747235741, 383799323, 532558541, 42691001, 639554541, 48722312, 734653441],
    (7, None, 3): [253082923, 81011133, 899060803, 613524103, 97306043, 360203743, 144195503, 701576433, 403765503, 924503803, 99170933, 207705243],
    (7, "discard", None): [662403911, 899060811, 977756012, 360203713, 727536711, 403765511, 712225013, 207705213, 978106413, 982375413, 370913711, 223430213],
    (1, "discard", 3): [954965613, 427934813, 831202113, 792296013, 352245713, 818487613, 653990613, 3533313, 446828513, 991790813, 532558513, 37450213],
    (1, "huxi", 3): [954965623, 427934823, 831202123, 792296023, 352245723, 818487623, 653990623, 3533323, 446828523, 991790823, 532558523, 37450223],
}


@pytest.mark.parametrize("seed,kind,level", list(OLD_LISTS))
def test_seeded_drill_lists_keep_their_old_drills(seed, kind, level):
    now = [q.seed for q in new_drills(12, seed=seed, kind=kind, level=level)]
    moved = [old + 40 if old % 100 // 10 == 1 and (old // 100) % 2 else old for old in OLD_LISTS[seed, kind, level]]
    assert now == moved


# --- distance drills (generator 5): discard questions on hands no discard makes ready ------------

FAR_SEEDS = [make_seed(base, "distance", level) for level in LEVELS for base in range(4)]
DISTANCE_TRAPS = {"distance first", "dead 进张", "live copies"}


@pytest.fixture(scope="module")
def far():
    return {seed: drill(seed) for seed in FAR_SEEDS}


def test_distance_drills_are_discard_questions_of_every_level(far):
    for seed, q in far.items():
        assert (q.kind, q.level, q.seed) == ("discard", seed % 10, seed)
        assert q.key == f"drill:{seed}" and "进张" in q.tags and set(q.tags) <= set(TAGS["discard"]), q.tags
        h = parse_hand(q.hand)
        check_hand(h, want="discard")
        assert plausible(h), q.hand
        api.load(h, want="discard", seen=q.seen)  # at most 4 copies with the seen tiles
    assert {q.level for q in far.values()} == set(LEVELS)
    assert any(parse_hand(q.hand).melds for q in far.values())


def test_distance_drills_agree_with_the_solver(far):
    for seed, q in far.items():
        best, table = api.discard_choice(q.hand, seen=q.seen)  # what a puzzle's answer is checked with
        assert q.solution.expected == best and best, seed
        rows = table.rows
        assert all(not r.waits for r in rows), seed  # no discard leaves the hand ready, not even on a dead wait
        top = rows[0]
        assert top.distance in (1, 2) and top.improving_live > 0, seed
        assert best == tuple(r.tile for r in rows if (r.distance, r.improving_live) == (top.distance, top.improving_live))
        assert [r.tile for r in q.solution.result.rows] == [r.tile for r in rows]
        assert ("2 away" in q.tags) == (top.distance == 2), seed
        # The cached solution is what a fresh question computes.
        assert dataclasses.replace(q).solution.expected == best


def test_distance_drill_levels_mean_what_they_say(far):
    for seed, q in far.items():
        h = parse_hand(q.hand)
        rows = q.solution.result.rows
        best = q.solution.expected
        top = rows[0]
        traps = set(q.tags) & DISTANCE_TRAPS
        # Each trap tag, checked from the table itself.
        most = max(r.improving_live for r in rows)
        farther = [r for r in rows if r.tile not in best and r.improving_live == most]
        assert ("distance first" in traps) == (bool(farther) and most >= 2 * top.improving_live), seed
        kinds = max(len(r.improving) for r in rows if r.tile in best)
        assert ("live copies" in traps) == any(len(r.improving) > kinds for r in rows
                                                if r.distance == top.distance and r.tile not in best), seed
        if "dead 进张" in traps:
            assert q.seen and not set(best) & set(api.discard_choice(q.hand)[0]), seed
        if q.level == 1:
            assert not h.melds and not q.seen and top.distance == 1 and len(best) == 1 and q.tags == ("进张",)
        elif q.level == 2:
            assert not traps and (h.melds or q.seen or top.distance == 2 or len(best) > 1), seed
        else:
            assert traps, seed



def test_distance_drills_are_graded_right_and_wrong(far):
    qs = list(far.values())
    out: list[str] = []
    summary = run_quiz(qs, input_fn=lambda prompt, it=iter([right_answer(q) for q in qs]): next(it),
                       output_fn=out.append)
    assert summary.answered == summary.correct == len(qs)
    assert sum("No discard leaves the hand ready" in line for line in out) == len(qs)
    for q in qs:
        wrong = next(r.tile for r in q.solution.result.rows if r.tile not in q.solution.expected)
        g = grade(q, GLYPHS[wrong])
        assert not g.correct and g.expected == q.solution.expected
        for t in q.solution.expected:
            assert grade(q, GLYPHS[t]).correct


def test_new_drills_hand_out_distance_drills():
    kinds = {q.seed % 100 // 10 for q in new_drills(12, seed=5, kind="discard")}
    assert kinds == {1, 5}  # both generators of discard questions
    mixed = new_drills(30, seed=5)
    assert any(q.seed % 100 // 10 == 5 for q in mixed) and {q.kind for q in mixed} <= set(KINDS)
    for level in LEVELS:
        qs = new_drills(2, seed=level, kind="discard", level=level, tag="进张")
        assert all(q.seed % 100 // 10 == 5 and q.level == level for q in qs)
    assert all(q.seed % 100 // 10 == 1 for q in new_drills(3, seed=5, kind="discard", tag="dead wait"))
    with pytest.raises(DrillError, match="no drill of kind ting has tag '进张'"):
        new_drills(1, seed=3, kind="ting", tag="进张")


def test_distance_drills_are_quick_enough():
    times = []
    for level in LEVELS:
        for base in range(100, 104):
            start = time.perf_counter()
            drill(make_seed(base, "distance", level))
            times.append(time.perf_counter() - start)
    assert statistics.median(times) < 1.0, statistics.median(times)
