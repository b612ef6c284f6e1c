"""benchmarks/unseen_calibration.py: the rollouts' dealt hands and danger figures against what the games held."""
from __future__ import annotations

from benchmarks import unseen_calibration as uc
from solver.game.engine import Game
from solver.game.events import DiscardEvent, MoveEvent, PenaltyEvent, TakeEvent, WinEvent
from solver.model.rules import get_ruleset
from solver.model.tiles import N_KINDS


def test_what_followed_a_discard_is_read_off_the_events():
    """Every discard of random luzhou games (first options): a 碰/招 of it by another seat, a 吃, a win on it
    or nothing, as the event right after it says (the moves asked aside); and each kind is met."""
    met = set()
    for seed in range(40):
        game = Game(get_ruleset("luzhou"), seed=seed)
        while (ask := game.ask()) is not None:
            game.play(ask.options[0])
        events = game.events
        for i, e in enumerate(events):
            if not isinstance(e, DiscardEvent):
                continue
            said = uc._what_followed(events, i + 1, e.seat)
            nxt = next((x for x in events[i + 1:] if not isinstance(x, (MoveEvent, PenaltyEvent))), None)
            if isinstance(nxt, WinEvent):
                assert said == "win"
            elif isinstance(nxt, TakeEvent):
                assert nxt.tile == e.tile and said == ("taken" if nxt.kind == "chi" else "handed")
            else:
                assert said in ("none", None)
            met.add(said)
    assert {"handed", "none", "taken"} <= met, met


def test_the_hands_measure_counts_every_kind_at_every_discard():
    out = uc.hands(get_ruleset("hunan"), 40000, 2, 20)
    pair, kan = out["pair"]["pooled"], out["kan"]["pooled"]
    assert pair["n"] == kan["n"] > 0 and pair["n"] % N_KINDS == 0
    assert pair["predicted"] >= kan["predicted"] and pair["observed"] >= kan["observed"]  # a 坎 holds a pair
    assert sum(r["n"] for r in out["pair"]["by_tenth"]) == pair["n"]
    # each other seat's distance at each decision measured: the hand's own and the deals' within 0 to 3
    assert sum(r["n"] for r in out["distance"]) == pair["n"] // N_KINDS * 2
    assert all(0 <= r["game"] <= 3 and 0 <= r["dealt"] <= 3 for r in out["distance"])
