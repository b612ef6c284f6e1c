"""Ruleset files: the shipped ones, bases, and every way a file is refused (one line naming the file and field)."""
from __future__ import annotations

import re
import tomllib

import pytest

from solver.model import ruleset_file
from solver.model.rules import HUNAN, get_ruleset
from solver.model.ruleset import HOLDINGS, TAKE_SOURCES, BotTuning, on_curve
from solver.model.ruleset_file import RulesetError, load, loads, shipped, shipped_text
from solver.model.tiles import GLYPH_TO_ID


def house(body: str, name: str = "house") -> str:
    return f'schema = 1\nbase = "hunan"\nname = "{name}"\n{body}'


def refused(text: str, where: str = "mine.toml") -> str:
    with pytest.raises(RulesetError) as e:
        loads(text, where)
    message = str(e.value)
    assert "\n" not in message and message.startswith(f"{where}: ")
    return message


# ---------------------------------------------------------------- the shipped files

def test_the_shipped_rulesets():
    assert shipped() == ("hunan", "luzhou", "luzhou-deng")
    for name in shipped():
        r = load(name)
        assert r.name == name and len(r.digest) == 12 and r.path == ""
        assert load(name.upper()) is r  # read once, any letter case
        for pattern, values in r.huxi.items():
            assert len(values) == 20 and min(values) >= 0, pattern


def test_hunan_numbers_are_those_of_the_rule_book():
    assert (HUNAN.min_huxi, HUNAN.deng(15, self_drawn=False), HUNAN.deng(20, self_drawn=False),
            HUNAN.deng(21, self_drawn=True)) == (15, 1, 2, 4)
    small = {p: HUNAN.huxi[p][0] for p in ("kan", "peng", "wei", "pao", "ti")}
    big = {p: HUNAN.huxi[p][10] for p in ("kan", "peng", "wei", "pao", "ti")}
    assert small == {"kan": 3, "peng": 1, "wei": 3, "pao": 6, "ti": 9}
    assert big == {"kan": 6, "peng": 3, "wei": 6, "pao": 9, "ti": 12}
    assert [(r, HUNAN.fan(r, duidui=False)) for r in (0, 1, 2, 10, 12, 13)] == [
        (0, (5, ("乌胡",))), (1, (3, ("点胡",))), (2, (1, ())), (10, (2, ("红胡",))), (12, (2, ("红胡",))),
        (13, (4, ("红乌",)))]
    assert HUNAN.fan(0, duidui=True) == (10, ("乌胡", "对对胡"))
    assert HUNAN.fan(5, duidui=True) == (4, ("对对胡",))
    assert HUNAN.win_on == ("self", "other") and HUNAN.source_weights == (1, 2, 0)


def test_luzhou_numbers_are_those_of_the_rule_book():
    lz = get_ruleset("luzhou")
    red, black = GLYPH_TO_ID["二"], GLYPH_TO_ID["三"]
    big_red, big_black = GLYPH_TO_ID["贰"], GLYPH_TO_ID["叁"]
    table = {p: (lz.huxi[p][black], lz.huxi[p][big_black], lz.huxi[p][red], lz.huxi[p][big_red])
             for p in ("peng", "kan", "zhao", "long")}
    assert table == {"peng": (1, 3, 6, 9), "kan": (6, 9, 9, 12), "zhao": (9, 12, 12, 15), "long": (12, 15, 15, 18)}
    assert (lz.huxi["ju2710"][1], lz.huxi["ju2710"][11], lz.huxi["ju123"][0], lz.huxi["ju123"][10]) == (6, 9, 3, 6)
    assert [lz.deng(h, self_drawn=False) for h in (10, 19, 20, 29, 30)] == [1, 1, 2, 2, 3]
    assert lz.deng(10, self_drawn=True) == 2
    assert lz.fan(10, duidui=False) == (2, ("红胡",)) and lz.fan(14, duidui=True) == (2, ("红胡",))
    assert lz.fan(0, duidui=True) == (4, ("乌胡",)) and lz.fan(5, duidui=True) == (1, ())
    assert lz.melds == ("chi", "peng", "zhao", "long") and lz.peng_compulsory and lz.passed == "hu_only"
    assert lz.take["kan", "discard"].makes == "zhao" and lz.take["peng", "discard"].makes == "free"
    assert lz.take["pair", "self"].makes == "peng" and lz.take["pair", "self"].compulsory
    assert not any(t.po for t in lz.take.values())
    assert lz.chi_from == ("upper-discard", "upper-draw") and lz.shaobi == "吃包子" and lz.penalties["吃包子"] == 10
    deng = get_ruleset("luzhou-deng")
    assert deng.fans == () and deng.fan(0, duidui=False) == (1, ()) and deng.fan(12, duidui=False) == (1, ())
    assert deng.huxi == lz.huxi and deng.take == lz.take


def test_every_field_of_the_documented_file_has_a_comment():
    """hunan.toml is the documented file: each key line has a comment on it or just above (its block's)."""
    lines = shipped_text("hunan").splitlines()
    for i, line in enumerate(lines):
        if re.match(r"^[A-Za-z_\"\u4e00-\u9fff][^=]*=", line) and not line.startswith("["):
            above = next((x for x in reversed(lines[:i]) if x.strip()), "")
            inside_block = above.startswith(("#", "[", "self", "other", "discard", "name", "condition",
                                             "red_", "fan", "names", "ju", "kan", "peng", "wei", "pao", "ti",
                                             "jiao", "\""))
            assert "#" in line or inside_block, f"hunan.toml line {i + 1} has no comment: {line}"


def test_aliases_and_paths(tmp_path):
    assert get_ruleset("泸州") is get_ruleset("luzhou") is get_ruleset(" Luzhou ")
    path = tmp_path / "mine.toml"
    path.write_text(house("[score]\nmin_huxi = 18\n"), encoding="utf-8")
    mine = get_ruleset(str(path))
    assert mine.name == "house" and mine.path == str(path) and mine.min_huxi == 18
    assert ruleset_file.text_of(mine) == path.read_text(encoding="utf-8")
    assert ruleset_file.is_path("./x") and ruleset_file.is_path("X.TOML") and not ruleset_file.is_path("luzhou")


def test_a_base_may_be_a_file_next_to_it(tmp_path):
    (tmp_path / "a.toml").write_text(house("[score]\nmin_huxi = 18\n", "a"), encoding="utf-8")
    (tmp_path / "b.toml").write_text('schema = 1\nbase = "a.toml"\nname = "b"\n[play]\npeng_compulsory = true\n',
                                     encoding="utf-8")
    b = get_ruleset(str(tmp_path / "b.toml"))
    assert (b.name, b.min_huxi, b.peng_compulsory) == ("b", 18, True)
    (tmp_path / "c.toml").write_text('schema = 1\nbase = "c.toml"\nname = "c"\n', encoding="utf-8")
    with pytest.raises(RulesetError, match="field 'base': 'c.toml' starts from itself"):
        get_ruleset(str(tmp_path / "c.toml"))


def test_the_shipped_file_copied_is_the_same_rules():
    text = shipped_text("hunan").replace('name = "hunan"', 'name = "copy"')
    copy = loads(text, "copy.toml")
    assert (copy.huxi, copy.take, copy.fans, copy.fan_overrides, copy.game) == (
        HUNAN.huxi, HUNAN.take, HUNAN.fans, HUNAN.fan_overrides, HUNAN.game)
    assert copy.digest != HUNAN.digest  # the name is part of the content


def test_the_digest_follows_the_content():
    a = loads(house("[score]\nmin_huxi = 18\n"))
    b = loads(house("[score]\nmin_huxi = 18\n").replace("schema = 1", "schema = 1\n# a comment"))
    c = loads(house("[score]\nmin_huxi = 17\n"))
    assert a.digest == b.digest != c.digest


# ---------------------------------------------------------------- refused, with the field named

@pytest.mark.parametrize("body, field", [
    ("[score]\nminhuxi = 18\n", "unknown field 'score.minhuxi' (did you mean 'min_huxi'?)"),
    ("[scores]\nmin_huxi = 18\n", "unknown field 'scores'"),
    ("[score]\nmin_huxi = \"18\"\n", "field 'score.min_huxi' must be a whole number, not '18'"),
    ("[score]\nmin_huxi = true\n", "field 'score.min_huxi' must be a whole number, not True"),
    ("[play]\npeng_compulsory = 1\n", "field 'play.peng_compulsory' must be true or false, not 1"),
    ("[score]\nmin_huxi = 9\ndeng_base = 15\n", "field 'score.deng_add' gives -1 等 at the minimum of 9 胡息: a win must be worth at least 1 "
                                               "(set score.deng_base = 9, or score.deng_add = 3)"),
    ("[score]\ndeng_step = 0\n", "field 'score.deng_step' is 0: give 1 to 1000"),
    ("[huxi]\npeng = { small = -1, big = 3 }\n", "field 'huxi.peng.small' is -1: give 0 to 18"),
    # every whole number has a range (RANGES): nothing that overflows a kernel's 64 bits gets through
    ("[huxi]\npeng = { small = 1, big = 9223372036854775808 }\n",
     "field 'huxi.peng.big' is a number of about 20 digits: give 0 to 18"),
    ("[huxi]\npeng = { small = 1, big = 3, tiles = { \"五\" = 19 } }\n", "field 'huxi.peng.tiles.五' is 19: give 0 to 18"),
    ("[huxi]\nti = { small = 9, big = 19 }\n", "field 'huxi.ti.big' is 19: give 0 to 18"),
    ("[score]\nmin_huxi = 1001\n", "field 'score.min_huxi' is 1001: give 0 to 1000"),
    ("[weights]\nother = " + "1" + "0" * 400 + "\n", "field 'weights.other' is a number of about 401 digits"),
    ("[[score.fans]]\nname = \"X\"\ncondition = \"haidi\"\nfan = 1001\n", "field 'score.fans[0].fan' is 1001"),
    ("[[score.overrides]]\nnames = [\"乌胡\"]\nfan = 9223372036854775807\n", "field 'score.overrides[0].fan' is a number"),
    ("[penalties]\n\"烧比\" = 100001\n", "field 'penalties.烧比' is 100001: give 0 to 100000"),
    ("[game]\nplayers = 9\n", "field 'game.players' is 9: give 2 to 4"),
    ("[game]\ndeal = [30, 30, 30]\n", "field 'game.deal' deals 90 tiles: there are 80"),
    ("[game]\ndeal = [21, 20, 41]\n", "field 'game.deal[2]' is 41: give 1 to 40"),
    ("[huxi]\nju = { small = 0, big = 0, red_small = 1 }\n", "field 'huxi.ju.red_small' is for triplets"),
    ("[huxi]\npeng = { small = 1, big = 3, tiles = { \"X\" = 2 } }\n", "field 'huxi.peng.tiles' names 'X'"),
    ("[huxi]\nzhao = { small = 1, big = 3 }\n", "field 'huxi.zhao' is given, but 'zhao' is not among groups.melds"),
    ("[groups]\nmelds = [\"chi\", \"peng\", \"wei\", \"pao\", \"ti\", \"kong\"]\n",
     "field 'groups.melds' holds 'kong': choose among chi, peng, wei, pao, ti, zhao, long"),
    ("[groups]\nmelds = [\"chi\", \"peng\", \"wei\"]\n", "field 'groups.melds' has no 4-tile group"),
    ("[[score.fans]]\nname = \"X\"\ncondition = \"lucky\"\nfan = 2\n",
     "field 'score.fans[0].condition' is 'lucky': choose one of red, all_triplets"),
    ("[[score.overrides]]\nnames = [\"乌胡\", \"自摸胡\"]\nfan = 9\n", "field 'score.overrides[0]' needs names"),
    ("[take.kan]\nself = { makes = \"zhao\", compulsory = true, po = false, others_win = true }\n",
     "field 'take.kan.self.makes' is 'zhao': for this holding choose one of ti, pao, free"),
    ("[take.less]\nself = { makes = \"free\", compulsory = true, po = false, others_win = true }\n",
     "field 'take.less.self.compulsory' is true, but the tile makes no group"),
    ("[play]\nwin_on = [\"self\", \"stock\"]\n", "field 'play.win_on' holds 'stock'"),
    ("[play]\nchi_from = [\"lower-discard\"]\n", "field 'play.chi_from' holds 'lower-discard'"),
    ("[play]\npassed = \"never\"\n", "field 'play.passed' is 'never': choose one of chou, hu_only"),
    ("[weights]\nself = 0\nother = 0\n", "field 'weights' are all 0"),
    ("[penalties]\n\"烧比\" = -6\n", "field 'penalties.烧比' is -6: give 0 to 100000"),
    ("[penalties]\n\"烧比\" = 6\n", "field 'penalties' has no amount for '诈胡'"),
    ("[game]\ndeal = [21, 20]\n", "field 'game.deal' must give one tile count per player who plays (3 of 3"),
    ("[game]\npay = \"winner\"\n", "field 'game.pay' is 'winner': choose one of each, discarder"),
])
def test_a_bad_field_is_refused_naming_it(body, field):
    assert field in refused(house(body))


@pytest.mark.parametrize("fix", ["deng_base = 9", "deng_add = 3"])
def test_the_fix_the_deng_error_names_loads(fix):
    body = "[score]\nmin_huxi = 9\ndeng_base = 15\n"
    assert f"score.{fix}" in refused(house(body))
    fixed = body.replace("deng_base = 15", fix) if fix.startswith("deng_base") else body + fix + "\n"
    assert loads(house(fixed)).min_huxi == 9


def test_a_missing_field_is_named():
    whole = tomllib.loads(shipped_text("hunan"))
    assert "field 'score.min_huxi' is missing" in refused(
        shipped_text("hunan").replace('name = "hunan"', 'name = "x"').replace("min_huxi = 15", ""))
    assert "field 'take.pair.discard' is missing" in refused(
        shipped_text("hunan").replace('name = "hunan"', 'name = "x"').replace(
            'discard = { makes = "free", compulsory = false, po = false, others_win = true }\n[take.less]',
            "[take.less]"))
    assert "field 'take.wei.self.others_win' is missing" in refused(
        shipped_text("hunan").replace('name = "hunan"', 'name = "x"').replace(", others_win = true", "", 1))
    # with a base, a cell's missing keys are the base's
    assert loads(house('[take.kan]\nself = { makes = "ti" }\n')).take["kan", "self"] == HUNAN.take["kan", "self"]
    assert set(whole["take"]) == set(HOLDINGS) and all(set(row) == set(TAKE_SOURCES) for row in whole["take"].values())


@pytest.mark.parametrize("text, message", [
    ('base = "hunan"\nname = "x"\n', "missing field 'schema' (this phz reads schema = 1)"),
    ('schema = 2\nbase = "hunan"\nname = "x"\n', "schema = 2 is not known to this phz"),
    ('schema = 1\nbase = "wuhan"\nname = "x"\n', "field 'base': unknown ruleset 'wuhan'"),
    ('schema = 1\nbase = "hunan"\nname = "hunan"\n', "field 'name' is 'hunan', a shipped ruleset's"),
    ('schema = 1\nbase = "hunan"\nname = "My Rules"\n', "field 'name' is 'My Rules': use lower-case letters"),
    ('schema = 1\nbase = "hunan"\nname = x\n', "not valid TOML"),
])
def test_a_bad_file_is_refused_in_one_line(text, message):
    assert message in refused(text)


def test_unreadable_files_are_refused_in_one_line(tmp_path):
    with pytest.raises(RulesetError, match=r"nowhere.toml: no such ruleset file"):
        load(str(tmp_path / "nowhere.toml"))
    (tmp_path / "dir.toml").mkdir()
    with pytest.raises(RulesetError, match=r"is a directory"):
        load(str(tmp_path / "dir.toml"))
    (tmp_path / "bad.toml").write_bytes(b"schema = 1\n\xff\n")
    with pytest.raises(RulesetError, match=r"not UTF-8 text \(byte 0xff at offset 11\)"):
        load(str(tmp_path / "bad.toml"))
    with pytest.raises(RulesetError, match="unknown ruleset 'wuhan': choose one of hunan, luzhou, luzhou-deng"):
        load("wuhan")


def test_the_default_ruleset_comes_from_the_environment_or_the_config_file(tmp_path):
    env = {"HOME": str(tmp_path)}
    assert ruleset_file.default_name(env) == ("hunan", "")
    config = tmp_path / ".config" / "phz" / "rules"
    config.parent.mkdir(parents=True)
    config.write_text("luzhou\n", encoding="utf-8")
    assert ruleset_file.default_name(env) == ("luzhou", str(config))
    assert ruleset_file.default_name({**env, "PHZ_RULES": " luzhou-deng "}) == ("luzhou-deng", "$PHZ_RULES")
    assert ruleset_file.default_name({"XDG_CONFIG_HOME": str(tmp_path / "none")}) == ("hunan", "")


# ---------------------------------------------------------------- the bots' tuning ([bots])

def test_the_bots_tuning_is_the_rulesets_and_a_house_file_gets_its_bases():
    hunan, luzhou = get_ruleset("hunan").bots, get_ruleset("luzhou").bots
    assert hunan.hazard == (0.0, 0.015, 0.048, 0.075, 0.12, 0.12, 0.2) and hunan.typical_score == 2.3
    assert luzhou.hazard == (0.012, 0.048, 0.076, 0.1, 0.13, 0.15, 0.2) and luzhou.typical_score == 2.0
    assert get_ruleset("luzhou-deng").bots == luzhou  # its base's, not hunan's
    on_luzhou = loads('schema = 1\nbase = "luzhou"\nname = "house"\n')
    assert on_luzhou.bots == luzhou
    mine = loads(house("[bots]\ntypical_score = 3\nhazard = [0.1, 0.2]\n"))
    assert mine.bots.typical_score == 3.0 and mine.bots.hazard == (0.1, 0.2)
    assert loads(house("[bots]\ntypical_score = 4.5\n")).bots.hazard == hunan.hazard  # the rest from the base
    assert hunan == BotTuning() and luzhou.steps == hunan.steps  # hunan's are the defaults
    tuned = loads(house("[bots]\nlook = 2\nsteps = [0.1]\nfar_score = 0\nmeld_rate = 1\n")).bots
    assert (tuned.look, tuned.steps, tuned.far_score, tuned.meld_rate) == (2, (0.1,), 0.0, 1.0)
    curved = loads(house("[bots]\nwin_curve = [0.1, 0.3, 0.9]\n")).bots
    assert curved.win_curve == (0.1, 0.3, 0.9) and BotTuning().win_curve == hunan.win_curve
    assert luzhou.win_curve != hunan.win_curve and len(hunan.win_curve) == 11  # each its own, fitted
    assert [on_curve(curved.win_curve, p) for p in (0.0, 0.25, 0.5, 0.75, 1.0, -1.0, 2.0)] == \
        pytest.approx([0.1, 0.2, 0.3, 0.6, 0.9, 0.1, 0.9])  # linear between evenly spaced knots, clamped
    assert all(on_curve((0.0, 1.0), p / 7) == p / 7 for p in range(8))  # the identity
    judged = loads(house("[bots]\nrollout_policy = \"fast\"\nfollow_ups = 3\ndanger = 0.9\ndanger_gap = 0\n"
                         "grade_points = [2, 4, 8]\ngrade_win = [0.1, 0.2, 0.4]\nclose_calls = 1\n"
                         "race_first = 10\nrace_round = 0.5\nrace_keep = [4, 2]\nkeen_level = 0\n"
                         "keen_reach = true\n")).bots
    assert (judged.keen_level, hunan.keen_level, luzhou.keen_level) == (0, 1, 1)
    assert (judged.keen_reach, hunan.keen_reach, luzhou.keen_reach) == (True, False, False)
    assert (judged.race_first, judged.race_round, judged.race_keep) == (10, 0.5, (4, 2))
    assert (hunan.race_first, hunan.race_round, hunan.race_keep) == (24, 0.4, (6, 3)) == \
        (luzhou.race_first, luzhou.race_round, luzhou.race_keep)
    assert all(isinstance(k, int) for k in judged.race_keep)
    assert (judged.rollout_policy, judged.follow_ups, judged.danger, judged.danger_gap) == ("fast", 3, 0.9, 0.0)
    assert (judged.close_calls, hunan.close_calls, luzhou.close_calls) == (1.0, 3.0, 3.0)
    assert (judged.grade_points, judged.grade_win) == ((2.0, 4.0, 8.0), (0.1, 0.2, 0.4))
    assert (hunan.rollout_policy, hunan.grade_points, hunan.grade_win) == ("keen", (1.0, 3.0, 6.0), (0.04, 0.1, 0.2))
    bare = shipped_text("hunan").split("[bots]")[0].replace('name = "hunan"', 'name = "bare"')
    assert loads(bare).bots == BotTuning()  # no base, no table: the defaults


@pytest.mark.parametrize("body, words", [
    ("[bots]\ntypical_score = true\n", "field 'bots.typical_score' must be a number"),
    ("[bots]\ntypical_score = nan\n", "field 'bots.typical_score' is nan: give 0 to 1000"),
    ("[bots]\ntypical_score = -1\n", "field 'bots.typical_score' is -1: give 0 to 1000"),
    ("[bots]\nhazard = [0.1, 1.5]\n", "field 'bots.hazard[1]' is 1.5: give 0 to 1"),
    ("[bots]\nhazard = []\n", "field 'bots.hazard' must be a list of 1 to 20 numbers"),
    ("[bots]\nhazard = [\"x\"]\n", "field 'bots.hazard' must be a list of 1 to 20 numbers"),
    ("[bots]\nhazards = [0.1]\n", "unknown field 'bots.hazards' (did you mean 'hazard'?)"),
    ("[bots]\nlook = 0\n", "field 'bots.look' is 0: give 1 to 50"),
    ("[bots]\nlook = 2.5\n", "field 'bots.look' must be a whole number"),
    ("[bots]\nsteps = [0.5, 2]\n", "field 'bots.steps[1]' is 2: give 0 to 1"),
    ("[bots]\nhu_factor = \"x\"\n", "field 'bots.hu_factor' must be a number"),
    ("[bots]\nwin_curve = [0.5]\n", "field 'bots.win_curve' must be 2 to 20 chances that never go down"),
    ("[bots]\nwin_curve = [0, 0.5, 0.4]\n", "field 'bots.win_curve' must be 2 to 20 chances that never go down"),
    ("[bots]\nwin_curve = [0, 1.2]\n", "field 'bots.win_curve[1]' is 1.2: give 0 to 1"),
    ("[bots]\ngrade_points = [1, 3]\n", "field 'bots.grade_points' must be 3 numbers that never go down"),
    ("[bots]\ngrade_win = [0.2, 0.1, 0.3]\n", "field 'bots.grade_win' must be 3 numbers that never go down"),
    ("[bots]\ngrade_win = [0.1, 0.2, 3]\n", "field 'bots.grade_win[2]' is 3: give 0 to 1"),
    ("[bots]\nrollout_policy = \"strong\"\n", "field 'bots.rollout_policy' must be one of fast, keen"),
    ("[bots]\nrollout_policy = 1\n", "field 'bots.rollout_policy' must be a string"),
    ("[bots]\nfollow_ups = 0\n", "field 'bots.follow_ups' is 0: give 1 to 10"),
    ("[bots]\nclose_calls = 0.5\n", "field 'bots.close_calls' is 0.5: give 1 to 10"),
    ("[bots]\ndanger = 1.5\n", "field 'bots.danger' is 1.5: give 0 to 1"),
    ("[bots]\nkeen_level = 2\n", "field 'bots.keen_level' is 2: give 0 to 1"),
    ("[bots]\nkeen_reach = 1\n", "field 'bots.keen_reach' must be true or false"),
    ("[bots]\nrace_first = 0\n", "field 'bots.race_first' is 0: give 1 to 1000"),
    ("[bots]\nrace_first = 2.5\n", "field 'bots.race_first' must be a whole number"),
    ("[bots]\nrace_round = 1.5\n", "field 'bots.race_round' is 1.5: give 0 to 1"),
    ("[bots]\nrace_keep = [6]\n", "field 'bots.race_keep' must be 2 whole numbers"),
    ("[bots]\nrace_keep = [6, 2.5]\n", "field 'bots.race_keep' must be 2 whole numbers"),
    ("[bots]\nrace_keep = [6, 0]\n", "field 'bots.race_keep[1]' is 0: give 1 to 100"),
    ("[bots]\ndanger_gap = -0.1\n", "field 'bots.danger_gap' is -0.1: give 0 to 1"),
])
def test_a_bad_bots_table_is_refused(body, words):
    assert words in refused(house(body))
