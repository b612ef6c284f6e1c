"""`phz` under luzhou: the discard source on every output, 招/垅 in the notation, batches equal to one-hand
answers, and hunan's output untouched by it."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from solver import api
from solver.app.commands import main
from solver.engine import reference
from solver.model.rules import get_ruleset
from solver.model.tiles import GLYPHS

LZ = get_ruleset("luzhou")
# 碰 十十十 (red: 6), 一二三 3, 二七十 6 (luzhou), 壹贰叁 6: 21 胡息 beside 四五六 七八九 and the pair 伍伍
READY = "一二三 壹贰叁 二七十 四五六 七八九 伍伍 | 碰:十十十"
TO_DISCARD = "一二三 壹贰叁 二七十 四五六 七八九 伍伍 柒 | 碰:十十十"
# 招 十 (red: 12), 碰 二 (red: 6), 一二三 3, 壹贰叁 6: 27 胡息, waiting on 伍 for the 将 the 招 needs
WITH_ZHAO = "一二三 壹贰叁 四五六 七八九 伍 | 招:十十十十 碰:二二二"


def phz(*args: str, input: str | None = None, env: dict | None = None):
    return CliRunner().invoke(main, list(args), input=input, env=env)


def test_luzhou_ting_has_three_sources_everywhere():
    text = phz("ting", READY, "--rules", "luzhou", env={"NO_COLOR": "1"})
    assert text.exit_code == 0
    assert "self" in text.output and "other" in text.output and "discard" in text.output
    assert max(len(line) for line in text.output.splitlines()[:8]) <= 80
    answer = json.loads(phz("ting", READY, "--rules", "luzhou", "--json").output)
    assert [w["tile"] for w in answer["waits"]] == ["五", "伍"]
    for w in answer["waits"]:
        assert set(w) == {"tile", "outs", "dead", "self", "other", "discard"}
        assert w["discard"] is not None and w["self"]["deng"] == w["other"]["deng"] + 1
    wu = answer["waits"][1]
    assert (wu["other"]["huxi"], wu["other"]["score"], wu["other"]["how"]) == (24, 2, "碰胡")
    brief = json.loads(phz("ting", READY, "--rules", "luzhou", "--brief").output)
    assert brief["waits"] == [["五", 3, 21, 3, 21, 2, 21, 2], ["伍", 2, 24, 3, 24, 2, 24, 2]]


def test_hunan_output_has_no_discard_key():
    answer = json.loads(phz("ting", "一二三壹贰叁贰柒拾四五六八九十七七七伍伍", "--json").output)
    assert all("discard" not in w for w in answer["waits"])
    brief = json.loads(phz("ting", "一二三壹贰叁贰柒拾四五六八九十七七七伍伍", "--brief").output)
    assert all(len(w) == 6 for w in brief["waits"])


def test_the_default_ruleset_from_the_environment():
    plain = phz("ting", READY, "--rules", "luzhou", "--json").output
    assert phz("ting", READY, "--json", env={"PHZ_RULES": "泸州"}).output == plain
    # the same hand under hunan: 二七十 is 3 and 十十十 a plain 碰 (1); 五 falls short, 伍 is 偎'd (19) or 碰'd (16)
    hunan = json.loads(phz("ting", READY, "--json", env={"PHZ_RULES": ""}).output)
    assert [(w["tile"], w["self"]["huxi"], w["other"]["huxi"]) for w in hunan["waits"]] == [("伍", 19, 16)]
    assert "discard" not in hunan["waits"][0]


@pytest.mark.parametrize("command, hand", [("ting", READY), ("ting", WITH_ZHAO), ("discard", TO_DISCARD)])
@pytest.mark.parametrize("mode", ["--json", "--brief"])
def test_a_batch_answers_as_one_hand_does(command, hand, mode):
    one = phz(command, hand, "--rules", "luzhou", mode)
    many = phz(command, "--rules", "luzhou", mode, input=f"{hand}\n{hand}\n")
    assert one.exit_code == many.exit_code == 0
    assert many.output.splitlines() == one.output.splitlines() * 2


def test_zhao_and_long_melds_and_no_wei():
    got = json.loads(phz("ting", WITH_ZHAO, "--rules", "luzhou", "--json").output)
    assert got["hand"].endswith("| 招:十十十十 碰:二二二")
    assert [(w["tile"], w["other"]["huxi"], w["other"]["how"]) for w in got["waits"]] == [("伍", 27, "单吊胡")]
    aliases = json.loads(phz("ting", WITH_ZHAO.replace("招:", "跑:"), "--rules", "luzhou", "--json").output)
    assert aliases["hand"] == got["hand"]
    wei = phz("ting", "一二三 壹贰叁 四五六 七八九 伍伍 二七 | 偎:十十十", "--rules", "luzhou")
    assert wei.exit_code == 2 and "the luzhou rules have no 偎" in wei.output and "碰" in wei.output
    hunan = phz("ting", WITH_ZHAO)
    assert hunan.exit_code == 2 and "the hunan rules have no 招" in hunan.output


def test_hu_on_a_discard():
    got = json.loads(phz("hu", READY, "--win", "伍", "--source", "discard", "--rules", "luzhou", "--json").output)
    assert got["win"] and got["source"] == "discard" and got["how"] == "碰胡" and got["huxi"] == 24
    hunan = json.loads(phz("hu", "一二三壹贰叁贰柒拾四五六八九十七七七伍伍", "--win", "五", "--source", "discard",
                           "--json").output)
    assert not hunan["win"] and hunan["reason"] == "source_no_hu"
    text = phz("hu", READY, "--win", "伍", "--source", "discard", "--rules", "luzhou").output
    assert "on another player's discard" in text


def test_expected_score_weighs_the_discard_source():
    """伍's wins: self 3, other 2, discard 2 per copy; 五 the same: the expected score is
    (1·3 + 2·2 + 2·2) / 5 = 2.2 for both, the weights of the luzhou file."""
    table = api.discard(TO_DISCARD, rules="luzhou")
    top = table.rows[0]
    assert GLYPHS[top.tile] in "柒二" and top.outs == 5 and float(top.expected_score) == pytest.approx(2.2)
    assert reference.discard(api.load(TO_DISCARD, want="discard", rules=LZ)[0], LZ, [0] * 20).rows[0].outs == 5


def test_bench_and_rules_commands_under_luzhou():
    shown = phz("rules", "show", "luzhou", "--json")
    assert json.loads(shown.output)["rules"]["score"]["min_huxi"] == 10
    toml = phz("rules", "show", "luzhou", "--toml").output
    assert 'name = "luzhou"' in toml and "red_small = 6" in toml
    assert phz("rules", "show", "nowhere").exit_code == 2


def test_groups_are_named_as_the_ruleset_names_them():
    # luzhou calls a sequence 列 (RULES.md 8): the decompositions and the rules table say so; hunan 句.
    hand = "一二三 壹贰叁 二七十 四五六 七八九 伍伍 | 碰:十十十"
    lz = CliRunner().invoke(main, ["ting", hand, "--rules", "luzhou"]).stdout
    hn = CliRunner().invoke(main, ["ting", "一二三壹贰叁贰柒拾四五六八九十七七七伍伍"]).stdout
    assert "列一二三 3" in lz and "句" not in lz.split("best decompositions")[1]
    assert "句一二三 3" in hn and "列" not in hn
    hu = CliRunner().invoke(main, ["hu", hand, "--win", "五", "--source", "other", "--rules", "luzhou"]).stdout
    assert "列" in hu and "句" not in hu.split("\n\n", 1)[1]
    table = CliRunner().invoke(main, ["rules", "show", "luzhou"]).stdout
    assert any(line.startswith("列 ") for line in table.splitlines())
