"""Batches of hand lines for ``phz ting`` and ``phz discard``: loading, --brief, --jobs.

A batch gets one answer line per hand line, in input order.  Plain answers
are the API's (``api.ting_many`` / ``api.discard_many``, shown by
``solver.render``).  ``--brief`` answers come straight from the kernels' rows
(``solver.fast``), with no dataclass in between: per wait its tile, live
outs, and 胡息 and score per source (README: Batches).  ``--jobs N`` splits
the lines into N chunks answered by N processes.

Lines in the plain glyph notation are loaded by a short path here; anything
else, and any line the short path doubts, goes through ``api.load``, so the
hands and every error message are the API's (tests/test_fast_cli.py checks
both paths agree).  Importing this module does not import numba.
"""
from __future__ import annotations

import gc
import json
from contextlib import contextmanager
from typing import Literal, Sequence

from .groups import SHAPES
from .hand import MAX_GROUPS, Hand, HandError, Meld
from .tiles import COPIES, GLYPH_TO_ID, GLYPHS, N_KINDS, tiles_to_counts

Kind = Literal["ting", "discard"]
WANT = {"ting": "rest", "discard": "discard"}
#: fewer lines than this per job are not worth a process of their own
MIN_LINES_PER_JOB = 200

_MELD_KINDS = {"吃": "chi", "碰": "peng", "偎": "wei", "跑": "pao", "提": "ti",
               "chi": "chi", "peng": "peng", "wei": "wei", "pao": "pao", "ti": "ti"}
_SHAPES = frozenset(SHAPES)
_BARS = ("|", "｜")


# ---------------------------------------------------------------- loading

def _glyph_counts(text: str) -> list[int] | None:
    """Counts of the tiles of ``text`` if it is glyphs and spaces only, else None."""
    counts = [0] * N_KINDS
    get = GLYPH_TO_ID.get
    for ch in text:
        t = get(ch)
        if t is not None:
            counts[t] += 1
        elif not ch.isspace():
            return None
    return counts


def _glyph_meld(token: str) -> Meld | None:
    """``KIND:GLYPHS`` as a legal meld, or None (the API then decides)."""
    kind, colon, tiles_text = token.partition(":")
    if not colon:
        kind, colon, tiles_text = token.partition("：")
    kind = _MELD_KINDS.get(kind) or _MELD_KINDS.get(kind.lower())
    if kind is None or not tiles_text:
        return None
    tiles = []
    for ch in tiles_text:
        t = GLYPH_TO_ID.get(ch)
        if t is None:
            return None
        tiles.append(t)
    tiles.sort()
    if kind == "chi":
        ok = len(tiles) == 3 and tuple(tiles) in _SHAPES
    else:
        ok = len(tiles) == (4 if kind in ("pao", "ti") else 3) and tiles[0] == tiles[-1]
    return Meld(kind, tuple(tiles)) if ok else None


def _quick(line: str, want: str, seen_counts: Sequence[int]) -> Hand | None:
    """The hand of a valid line in glyph notation (melds as ``KIND:GLYPHS``
    separated by spaces), or None when ``api.load`` must decide."""
    melds: tuple[Meld, ...] = ()
    concealed_text = line
    for bar in _BARS:
        if bar in line:
            concealed_text, _, meld_text = line.partition(bar)
            if any(b in meld_text for b in _BARS):
                return None
            found = [_glyph_meld(token) for token in meld_text.split()]
            if not found or None in found:
                return None
            melds = tuple(found)
            break
    counts = _glyph_counts(concealed_text)
    if counts is None or max(counts) >= COPIES:
        return None
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
        return None
    rest = 20 - 3 * n_three if n_four == 0 else 19 - 3 * n_three - 3 * n_four
    if sum(counts) != (rest if want == "rest" else rest + 1):
        return None
    if any(h + s > COPIES for h, s in zip(held, seen_counts)):
        return None
    return Hand(tuple(counts), melds)


def load_lines(lines: Sequence[str], want: str, seen_tiles: Sequence[int]) -> list[tuple[Hand, list[int]] | str]:
    """``api.load(line, want=want, seen=seen_tiles)`` for each line, or its error message."""
    from . import api

    seen_counts = tiles_to_counts(seen_tiles)
    loaded: list[tuple[Hand, list[int]] | str] = []
    for line in lines:
        hand = _quick(line, want, seen_counts)
        if hand is not None:
            loaded.append((hand, seen_counts))
            continue
        try:
            loaded.append(api.load(line, want=want, seen=seen_tiles))
        except ValueError as e:
            loaded.append(str(e))
    return loaded


# ---------------------------------------------------------------- --brief

_TILE_JSON = tuple(json.dumps(g, ensure_ascii=False) for g in GLYPHS)


def _source(win) -> str:
    return "null,null" if win is None else f"{win.huxi},{win.score}"


def _wait_brief(w) -> str:
    return f"[{_TILE_JSON[w.tile]},{w.outs},{_source(w.self)},{_source(w.other)}]"


def _input(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def ting_brief_line(text: str, ting) -> str:
    """The --brief line of a ``Ting``: ``{"input", "ready", "waits": [[tile, outs,
    self 胡息, self score, other 胡息, other score]...]}`` (null for a source that does not win)."""
    return '{"input":%s,"ready":%s,"waits":[%s]}' % (
        _input(text), "true" if ting.waits else "false", ",".join(map(_wait_brief, ting.waits)))


def _expected(total: int, weighted: int, rules) -> str:
    value = weighted / ((rules.self_weight + rules.other_weight) * total) if total else 0.0
    return repr(round(value, 4))


def discard_brief_line(text: str, discards, rules) -> str:
    """The --brief line of ``Discards``: ``{"input", "discards": [[tile, outs,
    expected score, best score, waits as in ting]...]}``, the discards that
    leave a ready hand first, ranked (RULES.md 6), then the others in tile order."""
    ready = [r for r in discards.rows if r.waits]
    ready.sort(key=lambda r: (-r.outs, -r.expected_score, -r.best_score, r.tile))
    rest = sorted((r for r in discards.rows if not r.waits), key=lambda r: r.tile)
    rows = []
    for r in ready + rest:
        total, weighted = _weights(r.waits, rules)
        rows.append('[%s,%d,%s,%d,[%s]]' % (_TILE_JSON[r.tile], r.outs, _expected(total, weighted, rules),
                                            r.best_score, ",".join(map(_wait_brief, r.waits))))
    return '{"input":%s,"discards":[%s]}' % (_input(text), ",".join(rows))


def _weights(waits, rules) -> tuple[int, int]:
    total = weighted = 0
    for w in waits:
        if w.outs:
            total += w.outs
            weighted += w.outs * (rules.self_weight * (w.self.score if w.self else 0)
                                  + rules.other_weight * (w.other.score if w.other else 0))
    return total, weighted


def _brief_waits(rows: list, lo: int, hi: int, held, seen) -> tuple[list[str], int, int, int, int]:
    """Brief waits of rows[lo:hi] (one hand or one discard, in tile order), with
    (live outs, Σ outs·self score, Σ outs·other score, best live score)."""
    from . import fast

    K = fast.K
    tile_col, src_col = K.C_TILE, K.C_SRC
    hx, sc = K.C_ANS + K.O_HUXI, K.C_ANS + K.O_SCORE
    waits = []
    total = w_self = w_other = best = 0
    i = lo
    while i < hi:
        row = rows[i]
        t = row[tile_col]
        s_hx = s_sc = o_hx = o_sc = None
        if row[src_col] == 0:
            s_hx, s_sc = row[hx], row[sc]
            i += 1
            if i < hi and rows[i][tile_col] == t:
                o_hx, o_sc = rows[i][hx], rows[i][sc]
                i += 1
        else:
            o_hx, o_sc = row[hx], row[sc]
            i += 1
        outs = COPIES - held[t] - seen[t]
        if outs:
            total += outs
            w_self += outs * (s_sc or 0)
            w_other += outs * (o_sc or 0)
            best = max(best, s_sc or 0, o_sc or 0)
        waits.append('[%s,%d,%s,%s]' % (_TILE_JSON[t], outs,
                                        "null,null" if s_hx is None else f"{s_hx},{s_sc}",
                                        "null,null" if o_hx is None else f"{o_hx},{o_sc}"))
    return waits, total, w_self, w_other, best


def brief_lines(kind: Kind, texts: Sequence[str], hands: Sequence[Hand], seen: Sequence[Sequence[int]],
                rules) -> list[str]:
    """The --brief line of each hand, from one kernel call per chunk (no dataclasses)."""
    from . import fast

    ra = fast.rule_arrays(rules)
    chunk = fast.CHUNK if kind == "ting" else fast.DISCARD_CHUNK
    sw, ow = rules.self_weight, rules.other_weight
    hand_col, drop_col = fast.K.C_HAND, fast.K.C_DROP
    answers = []
    for lo in range(0, len(hands), chunk):
        ha = fast.marshal(hands[lo:lo + chunk])
        if kind == "ting":
            rows = fast.ting_rows(ha, ra).tolist()
        else:
            rows = fast.discard_rows(ha, ra).tolist()
        for i, (a, b) in enumerate(fast._spans(rows, len(ha), hand_col)):
            hand = ha.hands[i]
            held = fast.held_counts(hand)
            text = _input(texts[lo + i])
            if kind == "ting":
                waits = _brief_waits(rows, a, b, held, seen[lo + i])[0]
                answers.append('{"input":%s,"ready":%s,"waits":[%s]}' % (
                    text, "true" if waits else "false", ",".join(waits)))
                continue
            ranked, idle = [], []
            r = a
            for x in range(N_KINDS):
                if hand.concealed[x] not in (1, 2):
                    continue
                start = r
                while r < b and rows[r][drop_col] == x:
                    r += 1
                if r == start:
                    idle.append('[%s,0,0.0,0,[]]' % _TILE_JSON[x])
                    continue
                # Without x and x seen: the outs of every tile stay (see fast.discard_many).
                waits, total, w_self, w_other, best = _brief_waits(rows, start, r, held, seen[lo + i])
                weighted = sw * w_self + ow * w_other
                key = (-total, -(weighted / total) if total else 0.0, -best, x)
                ranked.append((key, '[%s,%d,%s,%d,[%s]]' % (_TILE_JSON[x], total, _expected(total, weighted, rules),
                                                          best, ",".join(waits))))
            ranked.sort(key=lambda kr: kr[0])
            answers.append('{"input":%s,"discards":[%s]}' % (text, ",".join([s for _, s in ranked] + idle)))
    return answers


# ---------------------------------------------------------------- answering

@contextmanager
def _no_gc():
    """A batch builds many small objects and no reference cycles: the cyclic
    collector would only walk them again and again (a tenth of the time)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def answer(kind: Kind, lines: Sequence[str], *, seen_tiles: Sequence[int], rules, as_json: bool,
           brief: bool = False, colour: bool = False) -> tuple[list[str], int]:
    """One answer line per line (JSON with ``as_json`` or ``brief``), and how many lines failed."""
    with _no_gc():
        # The collector comes back once the batch's objects are gone, so it has nothing to walk.
        return _answer(kind, lines, seen_tiles, rules, as_json, brief, colour)


def _answer(kind: Kind, lines: Sequence[str], seen_tiles: Sequence[int], rules, as_json: bool,
            brief: bool, colour: bool) -> tuple[list[str], int]:
    from . import api, render

    loaded = load_lines(lines, WANT[kind], seen_tiles)
    where = [i for i, x in enumerate(loaded) if not isinstance(x, str)]
    hands = [loaded[i][0] for i in where]
    seen = [loaded[i][1] for i in where]
    answers: list[str] = [""] * len(lines)
    for i, x in enumerate(loaded):
        if isinstance(x, str):
            answers[i] = (render.dumps(render.error_json(lines[i], x)) if as_json or brief
                          else render.error_line(lines[i], x))
    if brief:
        for i, text in zip(where, brief_lines(kind, [lines[i] for i in where], hands, seen, rules)):
            answers[i] = text
    else:
        solve = api.ting_many if kind == "ting" else api.discard_many
        results = solve(hands, seen, rules=rules) if hands else []
        if as_json:
            show = render.ting_json_line if kind == "ting" else render.discard_json_line
            for i, result in zip(where, results):
                answers[i] = show(lines[i], result)
        else:
            show = render.ting_line if kind == "ting" else render.discard_line
            for i, result in zip(where, results):
                answers[i] = show(result, colour)
    return answers, len(lines) - len(where)


_JOB: tuple = ()  # (kind, chunks, options) of the run in progress: the forked workers read it


def _answer_chunk(i: int) -> tuple[list[str], int]:
    kind, chunks, options = _JOB
    return answer(kind, chunks[i], **options)


def warm(kind: Kind, rules) -> None:
    """Load (or compile) the kernels of ``kind`` in this process, on no hand."""
    from . import fast

    ha = fast.marshal([])
    (fast.ting_rows if kind == "ting" else fast.discard_rows)(ha, fast.rule_arrays(rules))


def run(kind: Kind, lines: Sequence[str], *, jobs: int = 1, **options) -> tuple[list[str], int]:
    """``answer`` split over ``jobs`` processes: the lines in contiguous chunks,
    the answers joined back in input order.  The workers are forked once the
    kernels are loaded, so they start with them (and with the lines: only
    the answers travel back)."""
    global _JOB
    jobs = max(1, min(jobs, len(lines) // MIN_LINES_PER_JOB))
    if jobs == 1:
        return answer(kind, lines, **options)
    import multiprocessing

    warm(kind, options["rules"])
    size = -(-len(lines) // jobs)
    _JOB = (kind, [lines[lo:lo + size] for lo in range(0, len(lines), size)], options)
    context = multiprocessing.get_context("fork")
    gc.freeze()  # the workers share the parent's objects instead of copying them as the collector touches them
    try:
        with context.Pool(len(_JOB[1]) - 1) as pool:
            pending = pool.map_async(_answer_chunk, range(1, len(_JOB[1])))
            first = _answer_chunk(0)
            rest = pending.get()
    finally:
        gc.unfreeze()
        _JOB = ()
    answers, failed = list(first[0]), first[1]
    for more, bad in rest:
        answers += more
        failed += bad
    return answers, failed
