"""A game record as a person reads it, en or zh: each event in one line, the position at a move, and
what a replay found (``phz replay``).  Every line fits 80 columns (a glyph takes two); red tiles are
painted red when colour is on.  The JSON of a replay is here too.

>>> event_line({"e": "draw", "seat": 2, "tile": "九"}, "en"), event_line({"e": "draw", "seat": 2, "tile": "九"}, "zh")
('seat 2 draws 九', '2号位 摸 九')
>>> event_line({"e": "move", "seat": 1, "stage": "peng", "tile": "九", "offered": ["peng", "pass"],
...             "move": "pass"}, "en")
'seat 1 on 九: 过 pass (of 碰 peng, 过 pass)'
>>> event_line({"e": "settle", "net": [12, -6, -6]}, "zh")
'结算：0号位 +12 · 1号位 −6 · 2号位 −6'
"""
from __future__ import annotations

import re
import unicodedata
from typing import Sequence

from ..game.moves import MoveError, parse_move
from ..game.record import Record
from ..game.replay import At, Replay
from ..model.hand import MELD_ZH
from ..model.tiles import N_KINDS, glyph, glyphs
from .render import paint
from .words import CONDITION_ZH, MOVE_ZH, discarded, eaten

__all__ = ["WIDTH", "ask_words", "event_line", "header_lines", "listing", "position_json", "position_lines", "replay_json",
           "summary_lines", "width"]

WIDTH = 80
_MOVE_ZH = {**MOVE_ZH, "discard": "打"}
_SOURCE = {"en": {"self": "self-drawn", "other": "another's draw", "discard": "a discard"},
           "zh": {"self": "自摸", "other": "别家摸出", "discard": "别家打出"}}


def width(text: str) -> int:
    """Columns ``text`` takes on a terminal (a wide character two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 0 if unicodedata.combining(c) else 1 for c in text)


def _seat(p, lang: str, names: Sequence[str] | None) -> str:
    if names and isinstance(p, int) and 0 <= p < len(names) and names[p]:
        return str(names[p])
    return f"{p}号位" if lang == "zh" else f"seat {p}"


def _signed(n) -> str:
    return f"+{n}" if isinstance(n, int) and n > 0 else "±0" if n == 0 else str(n).replace("-", "−")


def move_words(text: str, lang: str) -> str:
    """A move's record text in words: 吃 chi 三四五 比 一二三 (zh: 吃 三四五 比 一二三), 打 discard 五."""
    try:
        m = parse_move(text)
    except MoveError:
        return text
    name = _MOVE_ZH[m.kind] + ("" if lang == "zh" else f" {m.kind}")
    if m.kind == "discard":
        return f"{name} {glyph(discarded(m))}"
    if m.kind == "chi":
        return f"{name} {glyphs(eaten(m))}" + "".join(f" 比 {glyphs(b)}" for b in m.bi)
    return name


def _fit(limit: int, *forms: str) -> str:
    """The first form within ``limit`` columns (the last one anyway)."""
    for f in forms:
        if width(f) <= limit:
            return f
    return forms[-1]


def event_line(event: dict, lang: str = "en", colour: bool = False, *, names: Sequence[str] | None = None,
               limit: int = WIDTH) -> str:
    """One event of a record (``Game.events``, and the record's hand and end lines) in one line of at
    most ``limit`` columns; ``names``: the seats' names (else seat 0, 1, 2)."""
    zh = lang == "zh"
    e = event.get("e", "move")
    who = _seat(event.get("seat"), lang, names)
    if e == "hand":
        seed = event.get("seed")
        extra = "" if seed is None else (f" · 种子 {seed}" if zh else f" · seed {seed}")
        line = f"== 第 {event.get('hand')} 局{extra} ==" if zh else f"== hand {event.get('hand')}{extra} =="
    elif e == "deal":
        dealer = _seat(event.get("dealer"), lang, names)
        stock = len(event.get("stock", ""))
        liang = event.get("liang")
        out, last = event.get("out"), event.get("last")
        if zh:
            line = f"发牌：{dealer}坐庄" + (f"（{_seat(out, lang, names)}坐底）" if out is not None else "") + \
                (f"，亮张 {liang}" if liang else "") + f"，墩 {stock} 张" + (f"，墩底亮 {last}" if last else "")
        else:
            line = f"deal: {dealer} deals" + (f" ({_seat(out, lang, names)} sits out)" if out is not None else "") + \
                (f", 亮张 {liang}" if liang else "") + f", {stock} in the stock" + (f", last {last} shown" if last else "")
    elif e == "meld":
        kind = event.get("kind")
        kind = MELD_ZH.get(kind, kind) if isinstance(kind, str) else kind
        line = f"{who} 前提 {kind}:{event.get('tiles')}" if zh else \
            f"{who} lays out {kind}:{event.get('tiles')} (前提, a dealt four)"
    elif e == "draw":
        line = f"{who} 摸 {event.get('tile')}" if zh else f"{who} draws {event.get('tile')}"
    elif e == "move":
        line = _move_line(event, who, lang, limit)
    elif e == "discard":
        line = f"{who} 打出 {event.get('tile')}" if zh else f"{who} discards {event.get('tile')}"
    elif e == "take":
        melds = " ".join(event.get("melds", []))
        line = f"{who} 取 {event.get('tile')} → {melds}" if zh else f"{who} takes {event.get('tile')}: {melds}"
    elif e == "faceup":
        line = f"{event.get('tile')} 无人要，留在{who}面前" if zh else \
            f"{event.get('tile')} stays face up before {who}"
    elif e == "win":
        line = _win_line(event, who, lang, limit)
    elif e == "drawn":
        line = "荒庄：墩已摸完，无人胡" if zh else "荒庄: the stock is out, nobody wins"
    elif e == "penalty":
        line = f"{who} {event.get('offence')}，罚 {event.get('amount')} 分" if zh else \
            f"{who} pays the penalty for {event.get('offence')}: {event.get('amount')}"
    elif e in ("settle", "end"):
        nets = " · ".join(f"{_seat(p, lang, names)} {_signed(v)}" for p, v in
                          enumerate(event.get("net" if e == "settle" else "scores", [])))
        if e == "settle":
            line = f"结算：{nets}" if zh else f"settlement: {nets}"
        else:
            line = f"终局：{event.get('hands')} 局 · {nets}" if zh else f"end: {event.get('hands')} hands · {nets}"
    else:
        line = str(event)
    return paint(line, colour)


def _move_line(event: dict, who: str, lang: str, limit: int) -> str:
    zh = lang == "zh"
    tile = event.get("tile")
    done = move_words(event.get("move", ""), lang)
    offered = event.get("offered")
    head = (f"{who}对 {tile}：" if zh else f"{who} on {tile}: ") if tile and not event.get("move", "").startswith(
        "discard") else (f"{who}：" if zh else f"{who}: ")
    offence = event.get("offence")
    bad = (f"——犯规：{offence}" if zh else f" — breaks a rule: {offence}") if offence else ""
    if event.get("stage") == "claim":
        bad = ("（抢在前面）" if zh else " (out of turn)") + bad
    if not offered:
        return _fit(limit, head + done + bad)
    if len(offered) == 1:
        return _fit(limit, head + done + ("（只此一手）" if zh else " (forced)") + bad)
    if event.get("stage") == "discard":
        return _fit(limit, head + done + (f"（{len(offered)} 张可打）" if zh else f" (of {len(offered)} tiles)") + bad)
    alts = ("、" if zh else ", ").join(move_words(m, lang) for m in offered)
    return _fit(limit, head + done + (f"（可选：{alts}）" if zh else f" (of {alts})") + bad,
                head + done + (f"（{len(offered)} 选 1）" if zh else f" (1 of {len(offered)})") + bad)


def _win_line(event: dict, who: str, lang: str, limit: int) -> str:
    zh = lang == "zh"
    tile = event.get("tile")
    source = event.get("source")
    where = [_SOURCE[lang].get(source, source) if isinstance(source, str) else str(source)]
    where += [CONDITION_ZH.get(c, c) for c in event.get("conditions", [])]
    fans = event.get("fan_names") or []
    if zh:
        head = f"{who} 胡" + (f" {tile}" if tile else "") + f"（{'，'.join(where)}）："
        score = f"{event.get('how')} {event.get('huxi')}胡息 {event.get('deng')}等 {event.get('fan')}番"
        tail = f" 得 {event.get('score')} 分"
        names = f"（{'、'.join(fans)}）" if fans else ""
    else:
        head = f"{who} wins" + (f" on {tile}" if tile else "") + f" ({', '.join(where)}): "
        score = f"{event.get('how')} {event.get('huxi')} 胡息 {event.get('deng')} 等 {event.get('fan')} 番"
        tail = f" = score {event.get('score')}"
        names = f" ({' '.join(fans)})" if fans else ""
    return _fit(limit, head + score + names + tail, head + score + tail)


# ---------------------------------------------------------------- the record and the replay

def header_lines(record: Record, lang: str = "en") -> list[str]:
    """What the header says: the ruleset, the seed, the seats, the session."""
    zh = lang == "zh"
    h, r = record.header, record.rules
    parts = [f"{r.name} ({r.digest})"]
    if h.get("seed") is not None:
        parts.append(f"种子 {h['seed']}" if zh else f"seed {h['seed']}")
    kind = h.get("session", {}).get("kind")
    if kind:
        parts.append(str(kind))
    lines = [("对局记录：" if zh else "record: ") + " · ".join(parts)]
    seats = h.get("seats") or []
    if seats:
        cells = [f"{_seat(p, lang, None)} {_seat_name(s, lang)}" for p, s in enumerate(seats)]
        lines += _wrap(("座位：" if zh else "seats: ") + " · ".join(cells))
    if record.typed:
        lines.append("（手录的对局，没有引擎版本）" if zh else "(typed in: no engine version)")
    elif record.cut:
        lines.append("（记录中途截断，没有结束行）" if zh else "(cut short: no end line)")
    return lines


def cut_notice(record: Record, where: str, lang: str = "en") -> str:
    """The one line said when a record cut short (no end line: its game was stopped before the record
    could be closed) is replayed leniently, as far as it goes."""
    if lang == "zh":
        return f"注意：{where} 没有结束行（对局中途被停下）：按宽松方式回放到记录的最后一行"
    return f"note: {where} has no end line (its game was stopped before the record was closed): replayed " \
           "leniently, as far as it goes"


def listing(rp: Replay, lang: str = "en", colour: bool = False) -> list[str]:
    """The game move by move: each event a line, a move with its number, a line the replay filled in
    (a lenient replay) marked with +."""
    out = []
    hand = 0
    for s in rp.steps:
        if s.hand != hand:
            hand = s.hand
            h = rp.record.hands[hand - 1]
            out.append(event_line({"e": "hand", "hand": hand, "seed": h.seed}, lang))
        mark = "+" if s.line is None else " "
        num = f"{s.n:>4}{mark}" if s.n is not None else f"    {mark}"
        out.append(paint(f"{num} {event_line(s.event, lang, limit=WIDTH - len(num) - 1)}", colour))
    return out


def summary_lines(rp: Replay, lang: str = "en") -> list[str]:
    """What the replay found: hands, moves, lines filled in, each rule broken and its penalty, scores."""
    zh = lang == "zh"
    filled = sum(1 for s in rp.steps if s.line is None)
    hands = len(rp.record.hands)
    if zh:
        mode = "宽松重放" if rp.lenient else "严格重放"
        head = f"{mode}：{hands} 局，{rp.total} 手，每行都与引擎一致"
        if filled:
            head += f"（{filled} 行由引擎补全）"
    else:
        mode = "replayed leniently" if rp.lenient else "replayed strictly"
        head = f"{mode}: {hands} hand{'s' if hands != 1 else ''}, {rp.total} moves, every line agrees with the engine"
        if filled:
            head += f" ({filled} filled in)"
    lines = _wrap(head)
    third = rp.rules.game.penalty_paid == "third_to_each"
    for o in rp.offences:
        each = o.amount // 3 if third else o.amount
        who = _seat(o.seat, lang, None)
        if zh:
            at = (f"第 {o.hand} 局" if hands > 1 else "") + f"第 {o.n} 手" + (f"（第 {o.line} 行）" if o.line else "")
            text = f"犯规：{who} {o.offence}，{at}：罚 {o.amount} 分，其余各家各得 {each} 分"
        else:
            at = (f"hand {o.hand} " if hands > 1 else "") + f"move {o.n}" + (f" (line {o.line})" if o.line else "")
            text = f"rule broken: {who} {o.offence}, {at}: penalty {o.amount}, {each} to each other player"
        lines += _wrap(text)
    if rp.stopped:
        lines.append("最后一局没有打完（记录在此停下）" if zh else "the last hand stops before its end (left there)")
    nets = " · ".join(f"{_seat(p, lang, None)} {_signed(v)}" for p, v in enumerate(rp.scores))
    lines.append(("总分：" if zh else "scores: ") + nets)
    return lines


def _wrap(text: str, indent: str = "  ") -> list[str]:
    """``text`` in lines of at most 80 columns, broken at spaces."""
    lines, cur = [], ""
    for word in text.split(" "):
        cand = f"{cur} {word}" if cur else word
        if width(cand) > WIDTH and cur.strip():
            lines.append(cur)
            cur = indent + word
        else:
            cur = cand
    lines.append(cur)
    return lines


def _cells(label: str, cells: Sequence[str], pad: int) -> list[str]:
    """``label`` then the cells, wrapped under one another from column ``pad``."""
    lines, cur = [], label + " " * max(1, pad - width(label))
    start = True
    for c in cells:
        cand = cur + ("" if start else " ") + c
        if width(cand) > WIDTH and not start:
            lines.append(cur)
            cur, start = " " * pad + c, False
        else:
            cur, start = cand, False
    lines.append(cur)
    return lines


def position_lines(at: At, lang: str = "en", colour: bool = False, *, total: int | None = None) -> list[str]:
    """The position before move ``at.n``: every seat's hand (a review shows them all), melds, tiles face
    up and 臭; the stock; the tile on the table; what is asked and what the record plays."""
    zh = lang == "zh"
    game = at.game
    of = f" / {total}" if total else ""
    head = (f"== 第 {at.hand} 局 · 第 {at.n}{of} 手 · 墩 {len(game.stock)} 张 ==" if zh else
            f"== hand {at.hand} · move {at.n}{of} · {len(game.stock)} in the stock ==")
    lines = [head]
    for p, s in enumerate(game.seats):
        name = _seat(p, lang, None) + (("（庄）" if zh else " (dealer)") if p == game.dealer else "")
        c = s.concealed
        cells = ["".join(glyph(t) * c[t] for t in range(10) if c[t] != 3),
                 "".join(glyph(t) * c[t] for t in range(10, N_KINDS) if c[t] != 3)]
        cells = [x for x in cells if x] + [f"坎{glyph(t) * 3}" for t in range(N_KINDS) if c[t] == 3]
        lines += _cells(name, cells or ["—"], 16)
        melds = [m.text() + ("" if shown else ("（暗）" if zh else "(hidden)")) for m, shown in zip(s.melds, s.shown)]
        if melds:
            lines += _cells("  " + ("组合" if zh else "melds"), melds, 16)
        if s.faces:
            lines += _cells("  " + ("翻出" if zh else "face up"), ["".join(glyph(t) for t in s.faces)], 16)
        if s.chou or s.passed_peng:
            if game.rules.passed == "hu_only":
                text = ("过张 " if zh else "passed ") + glyphs(s.chou | s.passed_peng)
            else:
                text = f"吃 {glyphs(s.chou) or '—'} · 碰 {glyphs(s.passed_peng) or '—'}"
            lines += _cells("  " + ("臭" if zh else "臭 (chou)"), [text], 16)
    if game.table is not None:
        t, by, kind = game.table
        how = {"draw": "摸出" if zh else "drawn", "discard": "打出" if zh else "discarded"}[kind]
        lines.append(f"桌上：{_seat(by, lang, None)}{how}的 {glyph(t)}" if zh else
                     f"on the table: {glyph(t)}, {how} by {_seat(by, lang, None)}")
    lines += _wrap(ask_words(at.ask, lang))
    if at.move is not None:
        from ..game.moves import move_text
        where = "" if at.line is None else (f"，第 {at.line} 行" if zh else f", line {at.line}")
        who = _seat(at.seat, lang, None)
        lines += _wrap((f"记录：{who} {move_words(move_text(at.move), lang)}{where}" if zh else
                        f"the record: {who} {move_words(move_text(at.move), lang)}{where}"))
    else:
        lines.append("记录在此停下" if zh else "the record stops here")
    return [paint(x, colour) for x in lines]


def ask_words(ask, lang: str = "en") -> str:
    """What the engine asks at a position: the seat, the tile, the moves offered."""
    from ..game.moves import move_text
    who = _seat(ask.seat, lang, None)
    if ask.stage == "open":
        return (f"{glyph(ask.tile)} 无人可要" if lang == "zh" else f"nobody may claim {glyph(ask.tile)}")
    if ask.stage == "discard":
        tiles = "".join(glyph(m.tile) for m in ask.options)
        return f"问：{who}打哪张（{tiles}）" if lang == "zh" else f"asked: {who} discards one of {tiles}"
    alts = ("、" if lang == "zh" else ", ").join(move_words(move_text(m), lang) for m in ask.options)
    return f"问：{who}对 {glyph(ask.tile)}：{alts}" if lang == "zh" else \
        f"asked: {who} on {glyph(ask.tile)}: {alts}"


# ---------------------------------------------------------------- JSON

def replay_json(rp: Replay) -> dict:
    """A replay in one JSON object: the mode, each hand's result, the rules broken, the scores."""
    hands = []
    for h, game in zip(rp.record.hands, rp.games):
        r = game.result
        hands.append({"hand": h.index, "seed": h.seed, "dealer": game.dealer,
                      "moves": sum(1 for s in rp.steps if s.hand == h.index and s.n is not None),
                      "winner": None if r is None else r.winner, "net": None if r is None else list(r.net),
                      "over": r is not None})
    return {"ok": True, "mode": "lenient" if rp.lenient else "strict", "ruleset": rp.rules.name,
            "digest": rp.rules.digest, "moves": rp.total, "hands": hands,
            "filled": sum(1 for s in rp.steps if s.line is None),
            "offences": [{"hand": o.hand, "line": o.line, "move": o.n, "seat": o.seat, "offence": o.offence,
                          "amount": o.amount} for o in rp.offences],
            "scores": list(rp.scores), "stopped": rp.stopped}


def position_json(at: At, total: int | None = None) -> dict:
    """The position before move ``at.n`` in one JSON object (every seat's tiles: a review)."""
    from ..game.moves import move_text
    game = at.game
    seats = []
    for p, s in enumerate(game.seats):
        seats.append({"seat": p, "dealer": p == game.dealer,
                      "hand": "".join(glyph(t) * s.concealed[t] for t in range(N_KINDS)),
                      "melds": [m.text() for m in s.melds], "hidden": [not x for x in s.shown],
                      "faces": "".join(glyph(t) for t in s.faces), "chou": glyphs(s.chou),
                      "passed_peng": glyphs(s.passed_peng)})
    table = None
    if game.table is not None:
        t, by, kind = game.table
        table = {"tile": glyph(t), "by": by, "kind": kind}
    ask = at.ask
    return {"ok": True, "hand": at.hand, "move": at.n, "moves": total, "line": at.line, "stock": len(game.stock),
            "seats": seats, "table": table,
            "ask": {"seat": ask.seat, "stage": ask.stage, "tile": None if ask.tile is None else glyph(ask.tile),
                    "options": [move_text(m) for m in ask.options]},
            "played": None if at.move is None else {"seat": at.seat, "move": move_text(at.move)}}


def _seat_name(seat: object, lang: str) -> str:
    """Who sat at a seat of a record's header: its name; a learner (``you``) as the language says it, and
    the placeholder ``seat N`` of a record of ``phz sim`` by its bot.

    >>> _seat_name({"name": "you", "player": "human"}, "zh"), _seat_name({"name": "seat 2", "player": "keen"}, "en")
    ('你', 'keen')
    """
    if not isinstance(seat, dict):
        return str(seat)
    name = str(seat.get("name", "?"))
    if re.fullmatch(r"seat \d+", name) and seat.get("player"):
        return str(seat["player"])
    return "你" if lang == "zh" and name == "you" and seat.get("player") == "human" else name
