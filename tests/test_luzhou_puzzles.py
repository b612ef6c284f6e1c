"""The 泸州大贰 puzzles (puzzles/luzhou.toml): every stored answer recomputed twice.

Each answer was worked out by hand from RULES.md 8 (``by_hand``).  Here it is
recomputed

* with tests/naive.py, the independent partition-first formulation of the win
  rules (ting, discard, huxi), and, for chi and chou, with a small
  formulation of RULES.md 7 and 8 written below (who may eat, 有碰必碰, the
  compulsory 招, 过张只能胡, 比 / 吃包子, 坎 tiles locked);
* with the reference, through ``solver.api`` under ``rules="luzhou"``;
* through the trainer's own path (``puzzles.load`` and ``library.answer``),
  each puzzle under the ruleset it names.

The file is read with ``tomllib`` itself as well, so that what is checked is
what the file says, not what a loader made of it.
"""
from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path

import pytest
from naive import best as naive_best

from solver import api, puzzles
from solver.model.notation import parse_hand, parse_tile, parse_tiles
from solver.model.results import SOURCES
from solver.model.rules import get_ruleset
from solver.model.tiles import COPIES, GLYPHS, N_KINDS, glyphs
from solver.trainer import library

LUZHOU = get_ruleset("luzhou")
FILE = Path(puzzles.__file__).with_name("luzhou.toml")
RAW = tomllib.loads(FILE.read_text(encoding="utf-8"))["puzzle"]
KINDS = ("ting", "discard", "huxi", "chi", "chou")


def _ids(raw):
    return [p["id"] for p in raw]


# ---------------------------------------------------------------- the file itself

def test_enough_puzzles_of_every_kind_and_level():
    assert len(RAW) >= 40
    per_kind = Counter(p["kind"] for p in RAW)
    assert set(per_kind) == set(KINDS)
    assert all(n >= 6 for n in per_kind.values()), per_kind
    for kind in KINDS:
        assert {p["level"] for p in RAW if p["kind"] == kind} == {1, 2, 3}, kind


def test_every_puzzle_is_luzhou_and_worked_by_hand():
    assert len(set(_ids(RAW))) == len(RAW)
    for p in RAW:
        assert p["rules"] == "luzhou", p["id"]
        assert p["by_hand"] is True, p["id"]
        assert p["note_en"].startswith("By hand:"), p["id"]
        assert p["note_zh"].startswith("手算："), p["id"]


def test_notes_are_unique_and_name_the_puzzles_tiles():
    notes = [p[k] for p in RAW for k in ("note_en", "note_zh")]
    assert len(set(notes)) == len(notes)
    for p in RAW:
        own = {GLYPHS[t] for t, n in enumerate(parse_hand(p["hand"], LUZHOU).all_counts()) if n}
        own |= set(p.get("tile", ""))
        for key in ("note_en", "note_zh"):
            assert own & set(p[key]), (p["id"], key)


@pytest.mark.parametrize("p", RAW, ids=_ids(RAW))
def test_hands_are_valid_luzhou_hands(p):
    want = "discard" if p["kind"] == "discard" else "rest"
    tile = parse_tile(p["tile"]) if "tile" in p else None
    api.load(p["hand"], want=want, seen=p.get("seen", ""), tile=tile, rules=LUZHOU)


def test_the_loader_reads_them_as_luzhou_puzzles():
    loaded = {p.id: p for p in puzzles.load() if p.file == FILE.name}
    assert sorted(loaded) == sorted(_ids(RAW))
    assert all(p.rules == "luzhou" and p.by_hand for p in loaded.values())


# ---------------------------------------------------------------- the naive recomputation

def _held(hand):
    return list(hand.all_counts())


def _naive_waits(hand):
    held = _held(hand)
    return [t for t in range(N_KINDS)
            if held[t] < COPIES and any(naive_best(hand, t, s, LUZHOU) for s in SOURCES)]


def _naive_discards(hand, seen):
    """Every discard tied for the most live outs (RULES.md 6: the discarded tile counts as seen)."""
    outs = {}
    for x in range(N_KINDS):
        if hand.concealed[x] not in (1, 2):
            continue
        rest = hand.without(x)
        held = _held(rest)
        outs[x] = sum(COPIES - held[t] - seen[t] - (t == x) for t in _naive_waits(rest))
    top = max(outs.values())
    assert top > 0, "a puzzle whose answer is about the distance to ready"
    return [x for x, n in outs.items() if n == top]


# The 句 and 绞 shapes, written out again here (RULES.md 2).
_SHAPES = sorted({tuple(sorted(s)) for base in (0, 10) for s in
                  [(base + n, base + n + 1, base + n + 2) for n in range(8)] + [(base + 1, base + 6, base + 9)]}
                 | {s for n in range(10) for s in ((n, n, n + 10), (n, n + 10, n + 10))})


def _take(counts, tiles):
    need = Counter(tiles)
    if any(counts[t] < k for t, k in need.items()):
        return None
    left = list(counts)
    for t in tiles:
        left[t] -= 1
    return left


def _bi_layouts(counts, x, copies, start=0):
    """Every multiset of shapes holding x, from ``counts``, laying out exactly ``copies`` copies of x."""
    if copies == 0:
        yield ()
        return
    for i in range(start, len(_SHAPES)):
        s = _SHAPES[i]
        if x in s and s.count(x) <= copies and (left := _take(counts, s)) is not None:
            for rest in _bi_layouts(left, x, copies - s.count(x), i):
                yield (s,) + rest


def _luzhou_moves(hand, x, origin, passed):
    """(legal 吃 ways, 碰 legal) for tile x from ``origin`` under RULES.md 7 and 8 (luzhou).

    过张只能胡: a passed tile is neither eaten nor 碰'd.  The fourth tile onto a
    concealed 坎 (from anyone) or onto an exposed 碰 (from the stock) is a
    compulsory 招: nothing else.  A pair makes the 碰 compulsory (有碰必碰,
    one's own draw included), and 吃 gives way to it.  吃 takes only the upper
    player's tiles; 坎 tiles never join a 吃 or a 比; every copy of x left in
    hand is laid out (比, else 吃包子); a discardable tile must remain.
    """
    who, how = origin.split("-")
    conc = hand.concealed
    on_peng = any(m.kind == "peng" and m.tiles[0] == x for m in hand.melds)
    if x in passed or conc[x] == 3 or (on_peng and how == "draw"):
        return [], False
    if conc[x] == 2:
        return [], True
    if who != "upper":
        return [], False
    free = [0 if n == 3 else n for n in conc]  # 坎 tiles are locked
    ways = set()
    for s in _SHAPES:
        if x not in s:
            continue
        others = list(s)
        others.remove(x)
        left = _take(free, others)
        if left is None:
            continue
        for bi in _bi_layouts(left, x, left[x]):
            after = left
            for g in bi:
                after = _take(after, g)
            if any(after):  # a discard must follow
                ways.add((s, tuple(sorted(bi))))
    return sorted(ways), False


def naive_answer(p):
    """The answer of raw puzzle ``p`` by tests/naive.py and the formulation above, in stored form."""
    hand = parse_hand(p["hand"], LUZHOU)
    kind = p["kind"]
    if kind == "ting":
        return glyphs(_naive_waits(hand))
    if kind == "discard":
        seen = [0] * N_KINDS
        for t in parse_tiles(p.get("seen", "")):
            seen[t] += 1
        return glyphs(_naive_discards(hand, seen))
    x = parse_tile(p["tile"])
    if kind == "huxi":
        got = naive_best(hand, x, p["source"], LUZHOU)
        assert got is not None, "the tile does not win"
        return got[1]
    passed = set(parse_tiles(p.get("chou", ""))) | set(parse_tiles(p.get("passed_peng", "")))
    ways, peng = _luzhou_moves(hand, x, p["from"], passed)
    if kind == "chi":
        return [{"chi": glyphs(c), "bi": [glyphs(b) for b in bi]} for c, bi in ways]
    return bool(ways) if p["action"] == "chi" else peng


@pytest.mark.parametrize("p", RAW, ids=_ids(RAW))
def test_naive_gives_the_stored_answer(p):
    assert naive_answer(p) == p["answer"]


# ---------------------------------------------------------------- the reference

def reference_answer(p):
    """The answer of raw puzzle ``p`` by solver.api under luzhou, in stored form."""
    kind, hand, seen = p["kind"], p["hand"], p.get("seen", "")
    if kind == "ting":
        return glyphs(w.tile for w in api.ting(hand, seen=seen, rules="luzhou").waits)
    if kind == "discard":
        return glyphs(sorted(api.discard_choice(hand, seen=seen, rules="luzhou")[0]))
    if kind == "huxi":
        r = api.hu(hand, win=p["tile"], source=p["source"], rules="luzhou")
        assert r.wins, r.reason
        return r.win.huxi
    d = api.decide(hand, tile=p["tile"], source=p["from"], chou=p.get("chou", ""),
                   passed_peng=p.get("passed_peng", ""), seen=seen, rules="luzhou")
    if kind == "chi":
        return [{"chi": glyphs(a.chi), "bi": [glyphs(b) for b in a.bi]} for a in d.actions if a.action == "chi"]
    return any(a.action == p["action"] for a in d.actions)


@pytest.mark.parametrize("p", RAW, ids=_ids(RAW))
def test_the_reference_gives_the_stored_answer(p):
    assert reference_answer(p) == p["answer"]


def test_the_trainer_checks_every_luzhou_puzzle():
    """``library.answer`` (the quiz's and ``phz puzzles check``'s path) under each puzzle's own ruleset."""
    lib = [p for p in puzzles.load() if p.file == FILE.name]
    wrong = {}
    for p in lib:
        got = library.answer(p, get_ruleset(p.rules))
        if got != p.answer:
            wrong[p.id] = (p.answer, got)
    assert not wrong
