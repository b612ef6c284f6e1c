"""Text that fits a terminal's width: columns as a terminal shows them, wrapping, and tables.

A Chinese character or tile glyph takes two columns, an ANSI colour code none.
``wrap`` breaks Chinese text between characters and other text at spaces,
never inside a glyph; ``grid`` lays out a table as tabulate's "simple" format
does but without its padding of the headers, so that condensed tables fit;
``first_fit`` picks the first of several layouts that fits, and ``fit`` wraps
whatever line is still too long.  A limit of ``None`` is no limit (``--wide``).
Loads nothing of the solver: ``phz --help`` wraps its text here.

>>> width("吃 三四五"), wrap("一 " * 50, 20)[:2]
(9, ['一 一 一 一 一 一 一', '  一 一 一 一 一 一'])
>>> print("\\n".join(grid([["一", "3"], ["十十", "12"]], ["tile", "n"], align="lr")))
tile   n
----  --
一     3
十十  12
"""
from __future__ import annotations

import re
import unicodedata
from typing import Callable, Iterable, Sequence

__all__ = ["WIDTH", "first_fit", "fit", "grid", "split_rows", "widest", "width", "wrap"]

#: the columns a line fits when the terminal's width is not known
WIDTH = 80
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
#: one character as it is laid out: with the colour codes before it and a reset after it (a painted glyph)
_TOKEN = re.compile(r"(?:\x1b\[[0-9;]*m)*[^\x1b](?:\x1b\[0m)?|\x1b\[[0-9;]*m")
#: punctuation that never starts a line (kept with the text before it)
_CLOSE = set("，。；：、）」』,.;:)!?！？")
#: opening brackets (kept with the text after them)
_OPEN = set("（「『")


def width(text: str) -> int:
    """Columns ``text`` takes on a terminal: wide and full-width characters two, colour codes none."""
    if "\x1b" in text:
        text = _ANSI.sub("", text)
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1
               for c in text)


def widest(lines: Iterable[str]) -> int:
    """The columns of the widest of ``lines`` (0 for none)."""
    return max((width(line) for line in lines), default=0)


def _pieces(text: str, words: bool = False) -> list[tuple[str, bool]]:
    """(piece, space before it): words of ASCII, each wide character alone (``words``: a run of them
    one word, as in English text), closing punctuation kept with the piece before it and an opening
    bracket with the piece after it.  Each piece is gathered as a list of tokens and joined once, so
    that a long run (of closing punctuation, say) takes linear time."""
    if words:
        return [(word, i > 0) for i, word in enumerate(text.split(" ")) if word]
    out: list[tuple[list[str], bool]] = []
    space = False
    for word in text.split(" "):
        if not word:
            space = True
            continue
        run: list[str] = []
        opening: list[str] = []
        for token in _TOKEN.findall(word):
            c = token if len(token) == 1 else _ANSI.sub("", token) or " "
            if c in _CLOSE and (run or (out and not space)):
                (run if run else out[-1][0]).append(token)
                continue
            if unicodedata.east_asian_width(c) in "WF":
                if c in _OPEN:
                    if run:
                        out.append((run, space))
                        space, run = False, []
                    opening.append(token)
                    continue
                if run and run[-1].endswith("("):  # an ASCII bracket opening Chinese text stays with it
                    rest = run[-1][:-1]
                    if rest:
                        run[-1] = rest
                    else:
                        run.pop()
                    opening.insert(0, "(")
                if run:
                    out.append((run, space))
                    space, run = False, []
                out.append((opening + [token], space))
                space, opening = False, []
            else:
                if opening:
                    run, opening = opening, []
                run.append(token)
        if run or opening:
            out.append((run + opening, space))
        space = True
    return [("".join(tokens), space) for tokens, space in out]


def _token_width(token: str) -> int:
    """Columns of one token of ``_TOKEN`` (a colour code none)."""
    return width(token) if len(token) > 1 else (0 if unicodedata.combining(token) else
                                                 2 if unicodedata.east_asian_width(token) in "WF" else 1)


def wrap(text: str, limit: int | None = WIDTH, indent: str = "  ", *, words: bool = False) -> list[str]:
    """``text`` in lines of at most ``limit`` columns, the later ones indented by ``indent`` (its own
    leading spaces kept on the first); Chinese text breaks between characters, other text at spaces
    (``words``: Chinese too, as in English text that quotes it).  ``limit`` None: one line.

    Linear in the length of ``text`` (the columns of the line being filled are counted as it grows, a
    piece longer than a line is cut in one pass), so a line of a megabyte wraps at once; a line cut
    from a piece holds at least one character past its indent, so a line too narrow for a wide
    character after the indent still ends (that line one column too wide)."""
    if limit is None:
        return [text]
    lines: list[str] = []
    lead = text[:len(text) - len(text.lstrip(" "))]
    indent_width, indent_filled = width(indent), bool(indent.strip())
    line, used, filled = [lead], width(lead), bool(lead.strip())  # the line being filled, its columns
    for piece, space in _pieces(text, words):
        sep = " " if space and filled else ""
        size = width(piece)
        indented = False  # the line is the indent alone, before the piece
        if filled and used + len(sep) + size > limit:
            lines.append("".join(line).rstrip())
            line, used, filled, sep, indented = [indent], indent_width, indent_filled, "", True
        line += [sep, piece]
        used += len(sep) + size
        filled = filled or bool(piece.strip())
        if used > limit and indent_width < limit:  # one piece longer than a line: cut it
            chunk: list[str] = []
            used = 0
            # a chunk is cut off once it holds a token past its indent (else the cut would never end)
            indent_tokens = len(_TOKEN.findall(indent)) if indented else 0
            for token in _TOKEN.findall("".join(line)):
                w = _token_width(token)
                if used + w > limit and len(chunk) > indent_tokens:
                    lines.append("".join(chunk))
                    chunk, used, indent_tokens = [indent], indent_width, 1
                chunk.append(token)
                used += w
            line = chunk
            filled = bool("".join(chunk).strip())
    if filled or not lines:
        lines.append("".join(line).rstrip())
    return lines


def fit(lines: Iterable[str], limit: int | None = WIDTH, indent: str = "  ", *, words: bool = False) -> list[str]:
    """``lines``, each one longer than ``limit`` wrapped (the last resort of a layout that cannot be
    condensed further), the others as they are; a line of several lines is split first.  ``words``:
    break at spaces only (English text)."""
    out: list[str] = []
    for block in lines:
        for line in block.split("\n"):
            out += [line] if limit is None or width(line) <= limit else wrap(line, limit, indent, words=words)
    return out


def first_fit(layouts: Iterable[Callable[[], list[str]]], limit: int | None) -> list[str]:
    """The lines of the first layout within ``limit`` columns (each made only when the one before it is
    too wide); the last anyway.  ``limit`` None: the first."""
    lines: list[str] = []
    for make in layouts:
        lines = make()
        if limit is None or widest(lines) <= limit:
            break
    return lines


def grid(rows: Sequence[Sequence[object]], headers: Sequence[str], align: str = "", gap: int = 2) -> list[str]:
    """A table as lines: headers, a dash under each, then the rows, columns ``gap`` spaces apart,
    ``align`` a letter per column (l or r, default l); no trailing spaces."""
    cells = [[str(c) for c in row] + [""] * (len(headers) - len(row)) for row in rows]
    widths = [max([width(h)] + [width(r[i]) for r in cells]) for i, h in enumerate(headers)]
    sides = (align + "l" * len(headers))[:len(headers)]

    def line(row: Sequence[str]) -> str:
        out = []
        for text, w, side in zip(row, widths, sides):
            pad = " " * (w - width(text))
            out.append(pad + text if side == "r" else text + pad)
        return (" " * gap).join(out).rstrip()

    return [line(headers), line(["-" * w for w in widths])] + [line(r) for r in cells]


def split_rows(rows: Sequence[tuple[list[str], list[str]]], k: int) -> list[list[str]]:
    """Each (lead cells, items) row as up to ``k`` table rows: the items in ``k`` even pieces, the lead
    cells on the first row and blank under it (a row's groups or ways on several lines)."""
    out = []
    for lead, items in rows:
        n = max(1, -(-len(items) // k))
        pieces = [list(items[i:i + n]) for i in range(0, len(items), n)] or [[]]
        for i, piece in enumerate(pieces):
            out.append((list(lead) if i == 0 else [""] * len(lead)) + piece)
    return out
