"""A game record as a person reads it, en or zh: each event in one line, the position at a move, and
what a replay found (``phz replay``).  Every line fits 80 columns (a glyph takes two); red tiles are
painted red when colour is on.  The JSON of a replay is here too.

>>> from solver.game.events import DrawEvent, MoveEvent, SettleEvent
>>> event_line(DrawEvent(seat=2, tile="九"), "en"), event_line(DrawEvent(seat=2, tile="九"), "zh")
('seat 2 draws 九', '2号位 摸 九')
>>> event_line(MoveEvent(seat=1, stage="peng", tile="九", offered=("peng", "pass"), move="pass"), "en")
'seat 1 on 九: 过 pass (of 碰 peng, 过 pass)'
>>> event_line(SettleEvent(net=(12, -6, -6)), "zh")
'结算：0号位 +12 · 1号位 −6 · 2号位 −6'
"""
from __future__ import annotations

import re
import unicodedata
from typing import Sequence

from ..game.events import (
    DealEvent,
    DiscardEvent,
    DrawEvent,
    DrawnEvent,
    Event,
    FaceUpEvent,
    MeldEvent,
    MoveEvent,
    PenaltyEvent,
    SettleEvent,
    TakeEvent,
    WinEvent,
    seat_of,
    to_json,
)
from ..game.moves import MoveError, parse_move
from ..game.record import Record
from ..game.replay import At, Replay
from ..model.hand import MELD_ZH
from ..model.shown import printable
from ..model.tiles import N_KINDS, glyph, glyphs
from .catalogue import say
from .render import paint
from .words import CONDITION_ZH, MOVE_ZH, discarded, eaten

__all__ = ["WIDTH", "ask_words", "event_line", "hand_line", "header_lines", "listing", "position_json", "position_lines", "replay_json",
           "summary_lines", "width"]

WIDTH = 80
_MOVE_ZH = {**MOVE_ZH, "discard": "打"}
#: where a winning tile came from: the catalogue's ``game_text.source_…``
_SOURCES = ("self", "other", "discard")


def width(text: str) -> int:
    """Columns ``text`` takes on a terminal (a wide character two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 0 if unicodedata.combining(c) else 1 for c in text)


def _seat(p, lang: str, names: Sequence[str] | None) -> str:
    if names and isinstance(p, int) and 0 <= p < len(names) and names[p]:
        return str(names[p])
    return say("game_text.seat", lang, p=p)


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


def hand_line(hand: int, seed: int | None, lang: str = "en") -> str:
    """The line that begins hand ``hand`` of a record (``seed``: the seed its deal came from, if any)."""
    extra = "" if seed is None else " · " + say("game_text.seed", lang, seed=seed)
    return say("game_text.hand_header", lang, hand=hand, extra=extra)


def event_line(event: Event, lang: str = "en", colour: bool = False, *, names: Sequence[str] | None = None,
               limit: int = WIDTH) -> str:
    """One event of a hand (``Game.events``) in one line of at most ``limit`` columns; ``names``: the seats'
    names (else seat 0, 1, 2)."""
    who = _seat(seat_of(event), lang, names)
    if isinstance(event, DealEvent):
        line = say("game_text.deal", lang, dealer=_seat(event.dealer, lang, names)) + \
            (say("game_text.deal_out", lang, who=_seat(event.out, lang, names)) if event.out is not None else "") + \
            (say("game_text.deal_liang", lang, liang=event.liang) if event.liang else "") + \
            say("game_text.deal_stock", lang, stock=len(event.stock)) + \
            (say("game_text.deal_last", lang, last=event.last) if event.last else "")
    elif isinstance(event, MeldEvent):
        line = say("game_text.meld", lang, who=who, kind=MELD_ZH.get(event.kind, event.kind), tiles=event.tiles)
    elif isinstance(event, DrawEvent):
        line = say("game_text.draw", lang, who=who, tile=event.tile)
    elif isinstance(event, MoveEvent):
        line = _move_line(event, who, lang, limit)
    elif isinstance(event, DiscardEvent):
        line = say("game_text.discard", lang, who=who, tile=event.tile)
    elif isinstance(event, TakeEvent):
        line = say("game_text.take", lang, who=who, tile=event.tile, melds=" ".join(event.melds))
    elif isinstance(event, FaceUpEvent):
        line = say("game_text.faceup", lang, who=who, tile=event.tile)
    elif isinstance(event, WinEvent):
        line = _win_line(event, who, lang, limit)
    elif isinstance(event, DrawnEvent):
        line = say("game_text.drawn", lang)
    elif isinstance(event, PenaltyEvent):
        line = say("game_text.penalty", lang, who=who, offence=event.offence, amount=event.amount)
    elif isinstance(event, SettleEvent):
        line = say("game_text.settle", lang, nets=_nets(event.net, lang, names))
    else:  # a hand taken up from a position: never in a record
        line = str(to_json(event))
    return paint(line, colour)


def _nets(values: Sequence[int], lang: str, names: Sequence[str] | None) -> str:
    return " · ".join(f"{_seat(p, lang, names)} {_signed(v)}" for p, v in enumerate(values))


def _move_line(event: MoveEvent, who: str, lang: str, limit: int) -> str:
    zh = lang == "zh"
    tile = event.tile
    done = move_words(event.move, lang)
    offered = event.offered
    on_tile = tile and not event.move.startswith("discard")
    head = say("game_text.move_on", lang, who=who, tile=tile) if on_tile else who + ("：" if zh else ": ")
    offence = event.offence
    bad = say("game_text.breaks_rule", lang, offence=offence) if offence else ""
    if event.stage == "claim":
        bad = say("game_text.out_of_turn", lang) + bad
    if not offered:
        return _fit(limit, head + done + bad)
    if len(offered) == 1:
        return _fit(limit, head + done + say("game_text.forced", lang) + bad)
    if event.stage == "discard":
        return _fit(limit, head + done + say("game_text.of_tiles", lang, n=len(offered)) + bad)
    alts = ("、" if zh else ", ").join(move_words(m, lang) for m in offered)
    return _fit(limit, head + done + say("game_text.of_moves", lang, alts=alts) + bad,
                head + done + say("game_text.one_of", lang, n=len(offered)) + bad)


def _win_line(event: WinEvent, who: str, lang: str, limit: int) -> str:
    zh = lang == "zh"
    tile = event.tile
    source = event.source
    where = [say(f"game_text.source_{source}", lang) if source in _SOURCES else str(source)]
    where += [CONDITION_ZH.get(c, c) for c in event.conditions]
    fans = event.fan_names
    head = say("game_text.win_on" if tile else "game_text.win", lang, who=who, tile=tile,
               where=("，" if zh else ", ").join(where))
    score = say("game_text.win_score", lang, how=event.how, huxi=event.huxi, deng=event.deng, fan=event.fan)
    tail = say("game_text.win_tail", lang, score=event.score)
    names = (f"（{'、'.join(fans)}）" if zh else f" ({' '.join(fans)})") if fans else ""
    return _fit(limit, head + score + names + tail, head + score + tail)


# ---------------------------------------------------------------- the record and the replay

def header_lines(record: Record, lang: str = "en") -> list[str]:
    """What the header says: the ruleset, the seed, the seats, the session."""
    h, r = record.header, record.rules
    parts = [f"{r.name} ({r.digest})"]
    if h.get("seed") is not None:
        parts.append(say("game_text.seed", lang, seed=h["seed"]))
    kind = h.get("session", {}).get("kind")
    if kind:
        parts.append(str(kind))
    lines = [say("game_text.record_head", lang) + " · ".join(parts)]
    seats = h.get("seats") or []
    if seats:
        cells = [f"{_seat(p, lang, None)} {_seat_name(s, lang)}" for p, s in enumerate(seats)]
        lines += _wrap(say("game_text.seats_head", lang) + " · ".join(cells))
    if record.typed:
        lines.append(say("game_text.typed_in", lang))
    elif record.cut:
        lines.append(say("game_text.cut_short", lang))
    return lines


def cut_notice(record: Record, where: str, lang: str = "en") -> str:
    """The one line said when a record cut short (no end line: its game was stopped before the record
    could be closed) is replayed leniently, as far as it goes."""
    return say("game_text.cut_notice", lang, where=printable(where))


def listing(rp: Replay, lang: str = "en", colour: bool = False) -> list[str]:
    """The game move by move: each event a line, a move with its number, a line the replay filled in
    (a lenient replay) marked with +."""
    out = []
    hand = 0
    for s in rp.steps:
        if s.hand != hand:
            hand = s.hand
            h = rp.record.hands[hand - 1]
            out.append(hand_line(hand, h.seed, lang))
        mark = "+" if s.line is None else " "
        num = f"{s.n:>4}{mark}" if s.n is not None else f"    {mark}"
        out.append(paint(f"{num} {event_line(s.event, lang, limit=WIDTH - len(num) - 1)}", colour))
    return out


def summary_lines(rp: Replay, lang: str = "en") -> list[str]:
    """What the replay found: hands, moves, lines filled in, each rule broken and its penalty, scores."""
    filled = sum(1 for s in rp.steps if s.line is None)
    hands = len(rp.record.hands)
    mode = say("game_text.lenient" if rp.lenient else "game_text.strict", lang)
    head = say("game_text.replayed", lang, mode=mode, hands=hands, total=rp.total, _s="s" if hands != 1 else "")
    if filled:
        head += say("game_text.filled", lang, filled=filled)
    lines = _wrap(head)
    third = rp.rules.game.penalty_paid == "third_to_each"
    for o in rp.offences:
        each = o.amount // 3 if third else o.amount
        who = _seat(o.seat, lang, None)
        at = (say("game_text.at_hand", lang, hand=o.hand) if hands > 1 else "") + \
            say("game_text.at_move", lang, n=o.n) + (say("game_text.at_line", lang, line=o.line) if o.line else "")
        lines += _wrap(say("game_text.rule_broken", lang, who=who, offence=o.offence, at=at, amount=o.amount,
                           each=each))
    if rp.stopped:
        lines.append(say("game_text.stopped", lang))
    nets = " · ".join(f"{_seat(p, lang, None)} {_signed(v)}" for p, v in enumerate(rp.scores))
    lines.append(say("game_text.scores_head", lang) + nets)
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
    game = at.game
    of = f" / {total}" if total else ""
    lines = [say("game_text.position_head", lang, hand=at.hand, n=at.n, of=of, stock=len(game.stock))]
    for p, s in enumerate(game.seats):
        name = _seat(p, lang, None) + (say("game_text.dealer_mark", lang) if p == game.dealer else "")
        c = s.concealed
        cells = ["".join(glyph(t) * c[t] for t in range(10) if c[t] != 3),
                 "".join(glyph(t) * c[t] for t in range(10, N_KINDS) if c[t] != 3)]
        cells = [x for x in cells if x] + [f"坎{glyph(t) * 3}" for t in range(N_KINDS) if c[t] == 3]
        lines += _cells(name, cells or ["—"], 16)
        melds = [m.text() + ("" if shown else say("game_text.hidden_mark", lang)) for m, shown in zip(s.melds, s.shown)]
        if melds:
            lines += _cells("  " + say("game_text.melds_label", lang), melds, 16)
        if s.faces:
            lines += _cells("  " + say("game_text.faces_label", lang), ["".join(glyph(t) for t in s.faces)], 16)
        if s.chou or s.passed_peng:
            if game.rules.passed == "hu_only":
                text = say("game_text.passed", lang) + glyphs(s.chou | s.passed_peng)
            else:
                text = f"吃 {glyphs(s.chou) or '—'} · 碰 {glyphs(s.passed_peng) or '—'}"
            lines += _cells("  " + say("game_text.chou_label", lang), [text], 16)
    if game.table is not None:
        t, by, kind = game.table
        how = say(f"game_text.table_{kind}", lang)
        lines.append(say("game_text.on_table", lang, who=_seat(by, lang, None), how=how, tile=glyph(t)))
    lines += _wrap(ask_words(at.ask, lang))
    if at.move is not None:
        from ..game.moves import move_text
        where = "" if at.line is None else say("game_text.record_at_line", lang, line=at.line)
        who = _seat(at.seat, lang, None)
        lines += _wrap(say("game_text.record_move", lang, who=who, move=move_words(move_text(at.move), lang),
                           where=where))
    else:
        lines.append(say("game_text.record_stops", lang))
    return [paint(x, colour) for x in lines]


def ask_words(ask, lang: str = "en") -> str:
    """What the engine asks at a position: the seat, the tile, the moves offered."""
    from ..game.moves import move_text
    who = _seat(ask.seat, lang, None)
    if ask.stage == "open":
        return say("game_text.ask_open", lang, tile=glyph(ask.tile))
    if ask.stage == "discard":
        tiles = "".join(glyph(m.tile) for m in ask.options)
        return say("game_text.ask_discard", lang, who=who, tiles=tiles)
    alts = ("、" if lang == "zh" else ", ").join(move_words(move_text(m), lang) for m in ask.options)
    return say("game_text.ask_claim", lang, who=who, tile=glyph(ask.tile), alts=alts)


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
    return say("game_text.you", lang) if name == "you" and seat.get("player") == "human" else name
