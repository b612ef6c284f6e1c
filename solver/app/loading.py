"""Loading a batch of hand lines (``phz ting`` / ``phz discard``) as the API would, faster.

Lines in the plain glyph notation are counted all at once (numpy over code
points), each meld token read once; anything else, and any line this short
path doubts, goes through ``api.load``, so the hands and every error message
are the API's (tests/test_fast_cli.py checks both paths agree).  Importing
this module does not import numba.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Literal, Sequence, TypeGuard

from ..model.groups import SHAPES
from ..model.hand import MAX_GROUPS, Hand, Meld, rest_count
from ..model.notation import KIND_NAMES
from ..model.ruleset import FOUR_KINDS, Ruleset
from ..model.tiles import COPIES, GLYPH_TO_ID, N_KINDS, tiles_to_counts

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

#: what a line must hold: a hand at rest (ting) or a hand to discard from (discard)
Want = Literal["rest", "discard"]

_SHAPES = frozenset(SHAPES)

_SEP = 22  # codes of the characters of a batch: 0-19 tiles, then these
_SPACE, _BAD = 20, 21


@lru_cache(maxsize=None)
def _code_table():
    """[code point] -> code of every character below U+10000: its tile id,
    _SPACE, _SEP (newline) or _BAD (built on first use)."""
    import numpy as np

    table = np.full(0x10001, _BAD, np.uint8)  # the last entry: every code point beyond
    table[[i for i in range(0x10000) if chr(i).isspace()]] = _SPACE
    table[ord("\n")] = _SEP
    for ch, t in GLYPH_TO_ID.items():
        table[ord(ch)] = t
    return table


def _glyph_counts(texts: Sequence[str]):
    """[line, code] character counts of texts without newlines (codes: tile ids, _SPACE, _BAD)."""
    import numpy as np

    n = len(texts)
    # surrogatepass: a byte that was not UTF-8 (surrogateescape) counts as a bad character
    points = np.frombuffer("\n".join(texts).encode("utf-32-le", "surrogatepass"), np.uint32)
    codes = _code_table()[np.minimum(points, 0x10000)].astype(np.int64)
    sep = codes == _SEP
    line = np.cumsum(sep) - sep
    return np.bincount(line * (_SEP + 1) + codes, minlength=n * (_SEP + 1)).reshape(n, _SEP + 1)[:, :_SEP]


@lru_cache(maxsize=4096)
def _glyph_meld(token: str) -> Meld | None:
    """``KIND:GLYPHS`` as a legal meld, or None (the API then decides).  Few
    distinct melds exist, so each token is read once."""
    kind, colon, tiles_text = token.partition(":")
    if not colon:
        kind, colon, tiles_text = token.partition("：")
    name = KIND_NAMES.get(kind) or KIND_NAMES.get(kind.lower())
    if name is None or not tiles_text:
        return None
    tiles = []
    for ch in tiles_text:
        t = GLYPH_TO_ID.get(ch)
        if t is None:
            return None
        tiles.append(t)
    tiles.sort()
    if name == "chi":
        ok = len(tiles) == 3 and tuple(tiles) in _SHAPES
    else:
        ok = len(tiles) == (4 if name in FOUR_KINDS else 3) and tiles[0] == tiles[-1]
    return Meld(name, tuple(tiles)) if ok else None


def _every_meld(found: tuple[Meld | None, ...]) -> TypeGuard[tuple[Meld, ...]]:
    """Whether every token of a line's melds was read as a meld (``_glyph_meld``)."""
    return None not in found


def _melds_fit(counts: Sequence[int], melds: Sequence[Meld], want: Want, seen_counts: Sequence[int]) -> bool:
    """check_hand and check_copies of api.load on a glyph line with these melds (False: let the API say why)."""
    held = list(counts)
    n_three = n_four = 0
    for m in melds:
        for t in m.tiles:
            held[t] += 1
        if m.size == 4:
            n_four += 1
        else:
            n_three += 1
    if n_three + n_four >= MAX_GROUPS:
        return False
    rest = rest_count(n_three, n_four)
    if sum(counts) != (rest if want == "rest" else rest + 1):
        return False
    if any(seen_counts):
        return all(h + s <= COPIES for h, s in zip(held, seen_counts))
    return all(held[m.tiles[0]] <= COPIES and held[m.tiles[-1]] <= COPIES and held[m.tiles[1]] <= COPIES
               for m in melds)  # the concealed counts are below 4 already


@dataclass
class Loaded:
    """A batch of lines, loaded: the valid hands as counts and melds, the errors by line."""
    lines: Sequence[str]
    where: list[int]  # the lines that hold a valid hand, in order
    conc: NDArray[np.int64]  # [len(where), 20]: their concealed counts
    melds: list[tuple[Meld, ...]]  # their melds
    errors: dict[int, str]  # line index -> the API's error message
    seen: list[int]  # seen counts (the same for every line)

    def hands(self, which: Sequence[int] | None = None) -> list[Hand]:
        """The valid hands (``which``: only these, by index into ``where``)."""
        if which is None:
            return [Hand(tuple(c), m) for c, m in zip(self.conc.tolist(), self.melds)]
        return [Hand(tuple(self.conc[k].tolist()), self.melds[k]) for k in which]

    def held(self) -> list[list[int]]:
        """Copies of each tile in each valid hand, concealed and melds."""
        held = self.conc.tolist()
        for row, ms in zip(held, self.melds):
            for m in ms:
                for t in m.tiles:
                    row[t] += 1
        return held


def load(lines: Sequence[str], want: Want, seen_tiles: Sequence[int], rules: Ruleset) -> Loaded:
    """``api.load(line, want=want, seen=seen_tiles, rules=rules)`` for every line, the lines in
    glyph notation counted all at once (each line the API would accept the same)."""
    import numpy as np

    from .. import api

    seen_counts = tiles_to_counts(seen_tiles)
    concealed, meld_text = [], {}
    for i, line in enumerate(lines):
        text, bar, rest = line.partition("|")
        if "\n" in line or "｜" in line or "|" in rest:
            text = "\ufffd"  # not glyphs: the API decides
        elif bar:
            meld_text[i] = rest
        concealed.append(text)
    counts = _glyph_counts(concealed) if lines else np.zeros((0, _SEP), np.int64)
    tiles = counts[:, :N_KINDS]
    quick = (counts[:, _BAD] == 0) & (tiles.max(axis=1, initial=0) < COPIES)
    expected = rest_count(0, 0) + (want != "rest")  # no melds: the tiles of a plain line
    plain = quick & (tiles.sum(axis=1) == expected)
    if any(seen_counts):
        plain &= (tiles + np.array(seen_counts)).max(axis=1, initial=0) <= COPIES
    plain = plain.tolist()
    melds: list[tuple[Meld, ...]] = [()] * len(lines)
    for i, rest in meld_text.items():
        plain[i] = False
        if quick[i]:
            found = tuple(_glyph_meld(token) for token in rest.split())
            if found and _every_meld(found) and all(m.kind in rules.melds for m in found) \
                    and _melds_fit(tiles[i].tolist(), found, want, seen_counts):
                plain[i] = True
                melds[i] = found
    where, errors, slow = [], {}, {}
    for i, ok in enumerate(plain):
        if not ok:
            try:
                hand, _ = api.load(lines[i], want=want, seen=seen_tiles, rules=rules)
            except ValueError as e:
                errors[i] = str(e)
                continue
            slow[i] = hand
            melds[i] = hand.melds
        where.append(i)
    conc = tiles[where].astype(np.int64)
    for k, i in enumerate(where):
        if i in slow:
            conc[k] = slow[i].concealed
    return Loaded(lines, where, conc, [melds[i] for i in where], errors, seen_counts)
