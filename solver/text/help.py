"""The help texts of the ``phz`` command that several commands share (click shows them)."""
from __future__ import annotations

from functools import cache

from .catalogue import entries

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

@cache
def summaries() -> dict[tuple[str, str], tuple[str, str]]:
    """The line of each command in a group's --help, (en, zh), by (group, command) ("" is phz itself): the
    catalogue's ``help`` entries, ``[COMMAND]`` for ``phz COMMAND`` and ``[GROUP_COMMAND]`` for ``phz GROUP
    COMMAND``, read the first time a summary is needed; short enough that none is cut at 80 columns
    (tests/test_width_lang.py)."""
    found = {}
    for name, entry in entries("help").items():
        group, _, command = name.rpartition("_")
        found[group, command] = (entry["en"], entry["zh"])
    return found
