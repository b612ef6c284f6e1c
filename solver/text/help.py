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

MAIN_HELP = f"""phz: a 跑胡子 (Paohuzi, 字牌) hand analyser.

Waits (ting), discards (discard) and wins (hu) of a hand with 胡息, 等, 番
and score, under the hunan rules or another ruleset (`phz rules list`).
`phz COMMAND --help` tells more.

{NOTATION}
{BATCH}
\b
Exit status: 0 answered (\"not ready\" and \"not a win\" are answers),
1 a batch line failed or an answer could not be written or saved,
2 bad input or usage, 130 stopped by Ctrl-C, 143 by SIGTERM.
"""

#: ``phz act --from``: the model's ORIGINS and ORIGIN_ZH, written out so that ``--help`` loads
#: no model (its dataclasses take 10 ms to make); tests/test_cli.py checks they agree.
SOURCE_HELP = ("upper-discard, upper-draw, self-draw, lower-discard, lower-draw "
               "(or 上家打出 上家摸出 自己摸出 下家打出 下家摸出)")
