"""The help texts of the ``phz`` command that several commands share (click shows them)."""
from __future__ import annotations

NOTATION = """\b
Notation of a HAND (and of TILES):
  glyphs  一二三四五六七八九十 small, 壹贰叁肆伍陆柒捌玖拾 big;
          traditional 貳 叄 參 陸 are the same tiles.
  ASCII   a run of digits closed by a case letter, x or s = small,
          d or b = big, 0 = ten: `1230x 270d` is 一二三十贰柒拾.
          Each digit is one tile: `10x` is two tiles, 一 and 十.
  melds   after `|`, KIND:TILES with KIND 吃 碰 偎 跑 提 (or chi peng
          wei pao ti), e.g.
          肆伍陆捌玖拾拾 | 偎:壹壹壹 吃:贰叁肆 提:八八八八 偎:十十十
  Spaces between tiles are optional.  HAND may be several arguments
  (they are joined by a space); quote it when it holds `|`.
"""

BATCH = """\b
Batch: with HAND `-`, or no HAND and stdin not a terminal, every
non-blank stdin line not starting with # is one hand and gets one
answer line, in input order (JSON with --json).  Options apply to every
line.  A bad line gets its own error answer and the batch goes on; the
exit status is then 1.  Batches are solved by the numba kernels.
"""

MAIN_HELP = f"""phz: a 跑胡子 (Paohuzi, 字牌) hand analyser and coach.

\b
Ask about a hand:   ting (waits, or distance to ready), discard (which
                    tile to discard), hu (does a tile win, and how),
                    act (what a tile from a player lets you do), and
                    shell (the same, interactively, step by step).
Play and learn:     play (hands against the bots, with a coach), review
                    (your decisions in a game record, graded), replay,
                    sim (bots against bots), quiz (puzzles and drills
                    explained), stats (your progress), puzzles, and
                    serve (all of it on a page in the browser).
Rules:              hunan by default; `phz rules list` for the others.

Every command answers in English or Chinese (--lang en|zh, default from
the locale) and fits the terminal's width (--wide: as wide as it needs).
`phz COMMAND --help` tells more.

{NOTATION}
{BATCH}
\b
Exit status: 0 answered (\"not ready\" and \"not a win\" are answers),
1 a batch line failed or an answer could not be written or saved,
2 bad input or usage, 130 stopped by Ctrl-C, 143 by SIGTERM.
"""

#: the line of each command in a group's --help, (en, zh), by (group, command) ("" is phz itself): short
#: enough that none is cut at 80 columns (tests/test_width_lang.py)
SUMMARIES = {
    ("", "act"): ("What a hand may, must and may not do with a tile", "一张牌出现时能做、必须做和不能做什么"),
    ("", "bench"): ("Measure the solver's speed", "测量求解器的速度"),
    ("", "discard"): ("Which tile to discard, each discard ranked", "打哪张牌：每种打法排序"),
    ("", "hu"): ("Whether a tile wins for a hand, and how", "一张牌能不能胡，怎么胡"),
    ("", "play"): ("Play hands against the bots, with a coach", "和机器人打牌，有教练指点"),
    ("", "puzzles"): ("The puzzle library: list, check, tags", "题库：列出、检查、标签"),
    ("", "quiz"): ("Train on puzzles and drills, graded and explained", "做题训练：评分并讲解"),
    ("", "replay"): ("Replay a game record, checking every move", "重放牌局记录，检查每一步"),
    ("", "review"): ("Grade one seat's decisions in a game record", "给牌局记录里一个座位的决定打分"),
    ("", "rules"): ("The rulesets: list them, show one", "规则：列出、显示"),
    ("", "serve"): ("The page in the browser: play, review, quiz, analyse", "浏览器里的页面：打牌、复盘、做题、分析"),
    ("", "shell"): ("An interactive analyser: a hand, step by step", "交互式分析：一手牌一步一步地走"),
    ("", "sim"): ("Bots against bots: mean score per hand", "机器人对打：每手平均分"),
    ("", "stats"): ("Your progress in the quiz", "你的练习进度"),
    ("", "ting"): ("Waits of a hand, or its distance to ready", "手牌的胡张，或离听牌还差几步"),
    ("rules", "list"): ("The rulesets, one a line", "所有规则，每个一行"),
    ("rules", "show"): ("One ruleset as tables, or as its file", "一套规则：表格或规则文件"),
    ("puzzles", "list"): ("Every puzzle: id, kind, level, tags, hand", "所有题目：编号、类型、难度、标签、手牌"),
    ("puzzles", "check"): ("Check every stored answer with the solver", "用求解器检查每个答案"),
    ("puzzles", "tags"): ("Every tag of the puzzles, with its count", "题目的所有标签和数量"),
}
