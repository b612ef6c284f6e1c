"""The advice for tools (``--json``): each choice's move, what it leaves and its rollout figures, and the
advice as a whole with its reasons in the words ``advice_text`` says them."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..model.tiles import glyph, glyphs
from .advice_text import choice_text, dropped, table_tile, why
from .words import discarded

if TYPE_CHECKING:
    from ..game.advice import Advice, Choice

__all__ = ["advice_json", "choice_json", "estimate_json"]


def _number(x: float, digits: int = 4) -> float | None:
    return round(x, digits) if math.isfinite(x) else None


def estimate_json(c: "Choice", discard: bool) -> dict:
    """A choice's rollout figures (``discard``: the ruleset wins on discards, so ``deal_in`` is there)."""
    e = c.estimate
    if e is None:
        return {}
    lo, hi = e.win_interval
    d = {"win": _number(e.win), "win_low": _number(lo), "win_high": _number(hi), "rollout_win": _number(e.raw_win),
         "score": _number(e.score),
         "score_half_width": _number(e.score_half_width)}
    if discard:
        d["deal_in"] = _number(e.deal_in)
    d["hands_over"] = _number(e.hands_over)
    return d | {"samples": e.n, "loss": _number(c.loss), "loss_half_width": _number(c.loss_half_width)}


def choice_json(c: "Choice", advice: "Advice", lang: str) -> dict:
    """One choice for tools: the move (its record text, as ``phz play`` reads it), the discard after it,
    what it leaves, what it makes 臭, its rollout figures and its words."""
    from ..game.moves import move_text
    m = c.move
    return {"move": move_text(m), "action": m.kind, "chi": glyphs(m.chi) if m.chi else None,
            "bi": [glyphs(b) for b in m.bi], "then": glyph(discarded(c.follow)) if c.follow is not None else None,
            "hand": c.hand.text() if c.hand is not None else None, "distance": c.distance,
            "live": c.live, "outs": c.outs, "draws": [glyph(t) for t in c.draws], "chou": [glyph(t) for t in c.chou],
            **estimate_json(c, advice.position.rules.win_on_discard),
            "text": choice_text(c, lang, tile=table_tile(advice))}


def advice_json(advice: "Advice", lang: str) -> dict:
    """The advice as a whole (without its choices): rank, samples, seed, the position and the reasons."""
    import json

    from ..game.position import dumps
    return {"rank": advice.rank, "samples": advice.samples, "seed": advice.seed,
            "approx": advice.position.approx or None, "position": json.loads(dumps(advice.position)),
            "why": why(advice, lang, skip=[c for g in dropped(advice) for c in g])}  # (as the text says them)
