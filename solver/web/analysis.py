"""The page's analyser: a hand typed or built by clicking tiles answered as ``phz ting``, ``phz discard``
and ``phz act`` answer it (the same solver.api calls, the same tables and JSON)."""
from __future__ import annotations

from solver.model.rules import Ruleset
from solver.text.page_words import PageError
from solver.vocabulary import ORIGINS

__all__ = ["analyse"]

#: the longest hand text read (a hand and its melds in glyphs, spaces and words fit in far less)
MAX_HAND = 120


def analyse(body: dict, rules: Ruleset, lang: str) -> dict:
    """``{hand, tile, source, seen}``: with ``tile``, the moves at that tile (as ``phz act``); else the
    waits of a hand at rest (as ``phz ting``) or the discards of a hand that must discard (as ``phz
    discard``).  A ValueError (one line naming the fix) for a hand, tile or source that is not one."""
    from solver import api
    from solver.text import hand_text, jsonl
    from solver.text.explain import act_json, act_lines

    hand = _field(body, "hand", MAX_HAND, required=True)
    tile = _field(body, "tile", 8)
    seen = _field(body, "seen", MAX_HAND)
    if tile:
        source = _field(body, "source", 20) or "upper-discard"
        if source not in ORIGINS:
            raise PageError("source", names=", ".join(ORIGINS))
        chou = _field(body, "chou", 40)
        decision = api.decide(hand, tile=tile, source=source, chou=chou, seen=seen, rules=rules)
        return {"kind": "act", "lines": act_lines(decision, lang, None, grouped=True),
                "json": act_json(decision, hand, lang=lang)}
    try:
        t = api.ting(hand, seen=seen, rules=rules)
    except ValueError as first:
        try:
            d = api.discard(hand, seen=seen, rules=rules)
        except ValueError:
            raise first from None
        text = hand_text.discard_text(d, False, rules.win_on, lang=lang)
        return {"kind": "discard", "lines": text.split("\n"), "json": jsonl.discard_json(hand, d, rules.win_on_discard)}
    text = hand_text.ting_text(t, False, rules.win_on, sequence=rules.sequence, lang=lang)
    return {"kind": "ting", "lines": text.split("\n"), "json": jsonl.ting_json(hand, t, rules.win_on_discard)}


def _field(body: dict, key: str, limit: int, *, required: bool = False) -> str:
    value = body.get(key)
    if value is None or value == "":
        if required:
            raise PageError("hand", key=key)
        return ""
    if not isinstance(value, str) or len(value) > limit:
        raise PageError("text_long", key=key, limit=limit)
    return value.strip()
