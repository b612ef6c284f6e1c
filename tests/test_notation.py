"""Notation: glyph and ASCII tiles, meld sections, and one-line errors."""
import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.model import notation
from solver.model.hand import Hand, HandError, Meld
from solver.model.notation import parse_hand, parse_tiles
from solver.model.tiles import GLYPHS


@pytest.mark.parametrize("text, tiles", [
    # every simplified glyph, in id order
    ("一二三四五六七八九十", tuple(range(10))),
    ("壹贰叁肆伍陆柒捌玖拾", tuple(range(10, 20))),
    # traditional 貳 叄 參 陸 are the same tiles as 贰 叁 叁 陆
    ("貳叄參陸", (11, 12, 12, 15)),
    # order as written, not sorted; spaces optional anywhere
    ("拾 一  伍二", (19, 0, 14, 1)),
    # full-width space and tab count as spaces
    ("一\u3000二\t三", (0, 1, 2)),
    # ASCII: 0 is ten, x small, d big
    ("1230x 270d", (0, 1, 2, 9, 11, 16, 19)),
    # 10x is two tiles, 一 and 十 (ten is only ever '0')
    ("10x", (0, 9)),
    # s is small, b is big
    ("45s 45b", (3, 4, 13, 14)),
    # upper-case case letters
    ("1X2S3D4B", (0, 1, 12, 13)),
    # full-width digits and case letters, and 参 (the everyday simplified 參)
    ("１２３ｘ ０Ｄ 参", (0, 1, 2, 19, 12)),
    # glyphs and ASCII mix
    ("一二3x肆", (0, 1, 2, 13)),
    # empty text is no tiles
    ("", ()),
    ("   ", ()),
])
def test_parse_tiles(text, tiles):
    assert parse_tiles(text) == tiles


@pytest.mark.parametrize("text, normalised", [
    # the example of the issue (RULES.md section 9, example 4)
    ("肆伍陆捌玖拾拾 | 偎:壹壹壹 吃:贰叁肆 提:八八八八 偎:十十十",
     "肆伍陆捌玖拾拾 | 偎:壹壹壹 吃:贰叁肆 提:八八八八 偎:十十十"),
    # meld tiles in any order are sorted; the order of melds is kept
    ("一二三 | 吃:肆贰叁 碰:五五五", "一二三 | 吃:贰叁肆 碰:五五五"),
    ("一二三 | 碰:五五五 吃:肆叁贰", "一二三 | 碰:五五五 吃:贰叁肆"),
    # full-width bar and colon
    ("一二三｜碰：五五五", "一二三 | 碰:五五五"),
    # ASCII kinds in any case, ASCII meld tiles
    ("一二三 | CHI:432x Peng:555d wei:9s9s9s", "一二三 | 吃:二三四 碰:伍伍伍 偎:九九九"),
    ("一 | pao:1111x ti:0000b", "一 | 跑:一一一一 提:拾拾拾拾"),
    # a kind glued to the previous meld's tiles still starts a new meld
    ("一 | 碰:五五五吃:贰叁肆", "一 | 碰:五五五 吃:贰叁肆"),
    # spaces after the colon and between tiles of one meld
    ("一二三 | 吃:  贰 叁 肆   碰:五五五", "一二三 | 吃:贰叁肆 碰:五五五"),
    # 二七十 and 绞 are 吃 groups; every 比 group is its own 吃 meld
    ("一 | 吃:十二七 吃:九玖九 吃:玖九玖", "一 | 吃:二七十 吃:九九玖 吃:九玖玖"),
    # empty concealed part is the parser's business to allow (counts come later)
    ("| 提:八八八八", " | 提:八八八八"),
    # no meld section
    ("一二三 五五", "一二三五五"),
])
def test_parse_hand_text(text, normalised):
    assert parse_hand(text).text() == normalised


def test_parse_hand_structure():
    # concealed count vector and Meld values, kinds in English
    hand = parse_hand("二一一 | 吃:三一二 偎:壹壹壹")
    assert hand == Hand.of([0, 0, 1], [Meld("chi", (0, 1, 2)), Meld("wei", (10, 10, 10))])


@pytest.mark.parametrize("text, message", [
    # unknown character: names the character and its 1-based column
    ("一二三z", "unknown character 'z' at column 4 in '一二三z'"),
    ("一二三 | 碰:五五?五", "unknown character '?' at column 11"),
    # a case letter with no digits before it is an unknown character
    ("一 x", "unknown character 'x' at column 3"),
    ("12xx", "unknown character 'x' at column 4"),
    # full-width digits are digits, and need their case letter too
    ("１２", "digits '12' at column 1 have no case letter"),
    # digits without a case letter right after them
    ("12 3x", "digits '12' at column 1 have no case letter: write 12x (small) or 12d (big)"),
    ("一二 345", "digits '345' at column 4 have no case letter"),
    ("12z", "digits '12' at column 1 have no case letter"),
    ("一 | 碰:555", "digits '555' at column 7 have no case letter"),
    # illegal melds: not a 句/绞, not identical, wrong size
    ("一 | 吃:一二四", "吃:一二四 is not a 吃 group"),
    ("一 | 吃:一贰三", "吃:一三贰 is not a 吃 group"),
    ("一 | 碰:一一二", "碰:一一二 is not a 碰: it needs 3 identical tiles"),
    ("一 | 跑:一一一", "跑:一一一 is not a 跑: it needs 4 identical tiles"),
    ("一 | 提:一一一一一", "提:一一一一一 is not a 提"),
    # unknown kind
    ("一 | foo:123x", "unknown meld kind 'foo': use 吃 碰 偎 跑 提 or chi peng wei pao ti"),
    # an unknown kind glued to the previous meld's tiles
    ("一 | 碰:五五五杠:一一一一", "unknown meld kind '杠'"),
    ("一 | 碰:555xfoo:一", "unknown meld kind 'xfoo'"),
    # colon with no kind
    ("一 | :一二三", "meld at column 5 has no kind"),
    # empty meld, at the end or before the next kind
    ("一 | 吃:", "empty meld '吃:' at column 5"),
    ("一 | 吃: 碰:五五五", "empty meld '吃:' at column 5"),
    # text in the meld section before the first kind
    ("一 | 五五五 碰:六六六", "'五五五' at column 5 comes before the first meld kind"),
    ("一 | 碰 五五五", "'碰 五五五' at column 5 comes before the first meld kind"),
    # a bar with no meld after it
    ("一二三 | ", "'|' at column 5 is followed by no meld"),
    # two bars, ASCII or full-width
    ("一 | 碰:五五五 | 吃:一二三", "second '|' at column 11"),
    ("一 | 碰:五五五 ｜ 吃:一二三", "second '｜' at column 11"),
])
def test_parse_hand_errors(text, message):
    with pytest.raises(HandError) as err:
        parse_hand(text)
    assert message in str(err.value)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("text, message", [
    # a tile list (seen tiles, the winning tile) has no meld section
    ("一二 | 碰:五五五", "'|' at column 4 in '一二 | 碰:五五五': a tile list has no meld section"),
    # a meld outside the meld section
    ("一 吃:一二三", "unknown character '吃' at column 3"),
    # a newline inside the text still gives a one-line message
    ("一\n?", "unknown character '?' at column 3 in '一\\n?'"),
])
def test_parse_tiles_errors(text, message):
    with pytest.raises(HandError) as err:
        parse_tiles(text)
    assert message in str(err.value)
    assert "\n" not in str(err.value)


@given(st.text(alphabet="一二三壹拾0123456789xdsbXD |｜:：吃碰chipengti \u3000z", max_size=30))
def test_any_text_raises_only_hand_error(text):
    # never a KeyError, IndexError or other traceback, whatever is typed
    try:
        parse_hand(text)
    except HandError as err:
        assert "\n" not in str(err)


tile_lists = st.lists(st.integers(0, 19), max_size=25)
spaces = st.sampled_from(["", "", " ", "\u3000", "\t"])


@given(tile_lists, st.data())
def test_glyph_round_trip(tiles, data):
    # any tile list written as glyphs, with any spacing, parses back in order
    text = "".join(GLYPHS[t] + data.draw(spaces) for t in tiles)
    assert parse_tiles(text) == tuple(tiles)


@given(tile_lists, st.data())
def test_ascii_round_trip(tiles, data):
    # any tile list written as ASCII runs (a run is cut anywhere, and always
    # where the case changes) parses back in order
    text, run = "", ""
    for i, t in enumerate(tiles):
        run += str((t % 10 + 1) % 10)
        last = i == len(tiles) - 1
        if last or tiles[i + 1] // 10 != t // 10 or data.draw(st.booleans()):
            text += run + data.draw(st.sampled_from("xsXS" if t < 10 else "dbDB")) + data.draw(spaces)
            run = ""
    assert parse_tiles(text) == tuple(tiles)


melds = st.one_of(
    st.builds(lambda k, t: Meld(k, (t,) * 3), st.sampled_from(["peng", "wei"]), st.integers(0, 19)),
    st.builds(lambda k, t: Meld(k, (t,) * 4), st.sampled_from(["pao", "ti"]), st.integers(0, 19)),
    st.builds(lambda b, n: Meld("chi", (b + n, b + n + 1, b + n + 2)), st.sampled_from([0, 10]), st.integers(0, 7)),
)


@given(tile_lists, st.lists(melds, max_size=6))
def test_hand_text_round_trip(tiles, hand_melds):
    # Hand.text() is notation the parser reads back to the same Hand
    hand = Hand.of(tiles, hand_melds)
    assert parse_hand(hand.text()) == hand


def test_doctests():
    assert doctest.testmod(notation).failed == 0
