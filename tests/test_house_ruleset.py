"""House rules from a file: a copy of hunan with one number changed changes exactly the answers it should."""
from __future__ import annotations

import random
from pathlib import Path

from click.testing import CliRunner

from solver import api
from solver.app import generate
from solver.app.commands import main
from solver.engine import reference, wins
from solver.model.groups import group_huxi
from solver.model.rules import HUNAN, get_ruleset
from solver.model.ruleset_file import shipped_text
from solver.model.tiles import GLYPH_TO_ID, N_KINDS

ROOT = Path(__file__).resolve().parent.parent
MIN18 = get_ruleset(str(ROOT / "examples" / "house-min18.toml"))
RED_PENG = get_ruleset(str(ROOT / "examples" / "house-red-peng.toml"))


def _queries(n: int, seed: int):
    """(hand, tile, source) of ready hands and every tile that could be revealed."""
    rng = random.Random(seed)
    for h in generate.ready_hands(n, seed=seed):
        held = h.all_counts()
        for t in rng.sample([t for t in range(N_KINDS) if held[t] < 4], 6):
            for source in ("self", "other"):
                yield h, t, source


def test_the_example_files_differ_from_hunan_in_one_number():
    assert MIN18.min_huxi == 18 and (MIN18.huxi, MIN18.take, MIN18.fans) == (HUNAN.huxi, HUNAN.take, HUNAN.fans)
    changed = [(p, t) for p in HUNAN.huxi for t in range(N_KINDS) if HUNAN.huxi[p][t] != RED_PENG.huxi[p][t]]
    assert changed == [("peng", GLYPH_TO_ID[g]) for g in "二七十"]
    assert all(RED_PENG.huxi["peng"][GLYPH_TO_ID[g]] == 2 for g in "二七十")


def test_a_copy_of_the_shipped_file_with_the_minimum_at_18_is_the_same_as_the_example(tmp_path):
    text = shipped_text("hunan").replace('name = "hunan"', 'name = "hunan-18"').replace(
        "min_huxi = 15 ", "min_huxi = 18 ")
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    mine = get_ruleset(str(path))
    assert mine.min_huxi == 18 and mine.digest != HUNAN.digest
    for h, t, source in list(_queries(40, 81))[:200]:
        assert reference.best_win(h, t, source, mine) == reference.best_win(h, t, source, MIN18)


def test_min_18_keeps_exactly_the_wins_of_18_or_more():
    """Under min 18 a tile wins exactly when some hunan decomposition has 18+ 胡息, and the best
    is the best of those (the 等 formula is the same, so each decomposition keeps its score)."""
    changed = same = 0
    for h, t, source in _queries(150, 82):
        full = reference.hu(h, t, source, HUNAN, all_splits=True)
        expected = next((w for w in full.decompositions if w.huxi >= 18), None)
        got = reference.best_win(h, t, source, MIN18)
        assert got == expected, (h.text(), t, source)
        if full.win is not None:
            changed += got != full.win
            same += got == full.win
    assert changed > 20 and same > 20  # both kinds of case were met


def test_the_kernels_agree_under_house_rules():
    hands = generate.ready_hands(300, seed=83)
    for rules in (MIN18, RED_PENG):
        fast = wins.ting_many(hands, [[0] * N_KINDS] * len(hands), rules)
        for h, t in zip(hands, fast):
            assert t == reference.ting(h, rules, [0] * N_KINDS), (rules.name, h.text())


def test_a_red_small_peng_worth_2_changes_only_hands_that_hold_one():
    """Each winning decomposition gains one 胡息 per 碰 of 二, 七 or 十 in it; a hand that can hold none
    answers as under hunan."""
    reds = {GLYPH_TO_ID[g] for g in "二七十"}
    differs = 0
    for h, t, source in _queries(150, 84):
        a, b = reference.best_win(h, t, source, HUNAN), reference.best_win(h, t, source, RED_PENG)
        can = any(m.kind == "peng" and m.tiles[0] in reds for m in h.melds) or (t in reds and h.concealed[t] == 2)
        if not can:
            assert a == b, (h.text(), t, source)
            continue
        if a != b:
            differs += 1
            assert b is not None
            gained = sum(1 for g in b.groups if g.kind == "peng" and g.tiles[0] in reds)
            as_hunan = sum(group_huxi(g.kind, g.tiles, HUNAN) for g in b.groups)
            assert gained >= 1 and b.huxi == as_hunan + gained
            assert (b.score, b.huxi) > ((a.score, a.huxi) if a else (0, 0))
    assert differs > 0


def test_house_rules_on_the_command_line(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    hand = "二三三四五五六七九十十十壹贰叁柒柒柒玖玖"
    runner = CliRunner()
    plain = runner.invoke(main, ["ting", "--json", hand])
    house = runner.invoke(main, ["ting", "--json", hand, "--rules", "examples/house-min18.toml"])
    assert plain.exit_code == house.exit_code == 0
    assert '"tile":"四"' in plain.output and '"tile":"四"' not in house.output and '"tile":"一"' in house.output
    monkeypatch.setenv("PHZ_RULES", "examples/house-min18.toml")
    assert runner.invoke(main, ["ting", "--json", hand]).output == house.output
    monkeypatch.setenv("PHZ_RULES", "examples/nowhere.toml")
    bad = runner.invoke(main, ["ting", hand])
    assert bad.exit_code == 2 and "no such ruleset file" in bad.output and "$PHZ_RULES" in bad.output
    assert api.ting(hand, rules=MIN18) == api.ting(hand, rules="examples/house-min18.toml")
