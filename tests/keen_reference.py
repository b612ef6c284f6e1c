"""The ``keen`` policy written plainly on the api (the slow, readable reference the kernels are held to):
a hand at rest judged by ``api``'s distance, waits and improving draws, as ``bot_eval.Advisor.tings``
answers (a ready hand's outs each counted for what its win is worth); moves applied by
``bot_eval.after_take``; the rollout policy (``bot_fast``) where keen defers to it.  Its rules are
``solver.engine._game_keen``'s docstring, word for word."""
from __future__ import annotations

import random

from solver.game.bot_eval import advisor, after_take, owes_discard
from solver.game.bot_fast import Policy, use
from solver.game.moves import Move
from solver.game.session import bot_seed

READY, NEAR, FAR = 0, 1, 2
COUNT_ROOM = 1 << 24  # a ready hand's count is capped below it
HU, PASS = Move("hu"), Move("pass")


class KeenReference:
    """``keen`` as a player of the Python engine (``choose(view, ask)``); ``rng`` None: the first of tied
    discards."""

    def __init__(self, seed: int = 0, seat: int = 0, level: int | None = None):
        self.rng = random.Random(bot_seed(seed, seat, "keen"))
        self.level = level  # None: the ruleset's BotTuning.keen_level

    def rest_key(self, rules, hand, live) -> tuple[int, int]:
        """(class, −count) of a hand at rest."""
        t = advisor(rules).tings([hand])[0]
        if t is not None and t.distance == 0:
            return READY, -min(sum(live[w.tile] * self.worth(rules, w) for w in t.waits), COUNT_ROOM - 1)
        level = rules.bots.keen_level if self.level is None else self.level
        if level >= 1 and t is not None and t.distance == 1:
            n = sum(live[d.tile] * self.reach(rules, hand, d.tile) for d in t.improving)
            if n > 0:
                return NEAR, -n
        return FAR, 0

    @staticmethod
    def reach(rules, hand, x) -> int:
        """What one live copy of an improving tile x counts (``[bots] keen_reach``; else 1): 10 for each
        draw (the hand's own, the upper and the lower player's) and ``discard_rate`` × 10 for each discard
        (the upper and the lower player's) from which the hand may take x as it holds it: the take
        table makes a meld of it there, a pair may 碰 it (another's tile), or the hand may eat it from
        there (held once or as a pair)."""
        if not rules.bots.keen_reach:
            return 1
        shown = {m.tiles[0]: m.kind for m in hand.melds if m.kind in ("wei", "peng")}
        holding = shown.get(x) or {3: "kan", 2: "pair"}.get(hand.concealed[x], "less")
        thrown = round(10 * rules.bots.discard_rate)
        slots = (("self", "self-draw", 10), ("other", "upper-draw", 10), ("other", None, 10),
                 ("discard", "upper-discard", thrown), ("discard", None, thrown))
        makes = {source: cell.makes for (h, source), cell in rules.take.items() if h == holding}
        return sum(w for source, eat, w in slots
                   if makes.get(source, "free") != "free"
                   or (holding == "pair" and source != "self" and "peng" in rules.melds)
                   or (holding in ("pair", "less") and eat in rules.chi_from))

    @staticmethod
    def worth(rules, wait) -> int:
        """What one live copy of a wait counts, in tenths of a point: the best score it wins with, paid by
        each other player, plus the typical score another's win would have cost."""
        best = max(w.score for w in (wait.self, wait.other, wait.discard) if w is not None)
        return 10 * (rules.game.playing - 1) * best + round(10 * rules.bots.typical_score)

    def after_key(self, rules, hand, live) -> tuple[int, int]:
        """The best rest key a hand just after an intake reaches by its discard."""
        if not owes_discard(hand):
            return self.rest_key(rules, hand, live)
        return min(self.rest_key(rules, hand.without(t), live) for t in range(20) if 1 <= hand.concealed[t] <= 2)

    def choose(self, view, ask) -> Move:
        options = ask.options
        if len(options) == 1:
            return options[0]
        if HU in options:
            return HU
        rules, hand = view.rules, view.hand
        live = [max(0, n) for n in view.unseen()]
        if ask.stage == "discard":
            keys = [(*self.rest_key(rules, hand.without(m.tile), live), use(hand.concealed, m.tile)) for m in options]
            tied = [m for k, m in zip(keys, options) if k == min(keys)]
            return tied[0] if len(tied) == 1 or self.rng is None else tied[self.rng.randrange(len(tied))]
        if PASS not in options:
            return Policy(rules, None).choose(hand, ask)
        cur = self.rest_key(rules, hand, live)
        moves = [m for m in options if m != PASS]
        keys = [self.after_key(rules, after_take(hand, m, ask.tile), live) for m in moves]
        best = min(keys)
        if best < cur:
            return moves[keys.index(best)]
        if cur < best or cur[0] < FAR:
            return PASS
        return Policy(rules, None).choose(hand, ask)
