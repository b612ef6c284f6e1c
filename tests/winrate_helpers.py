"""Helpers for tests/test_winrate.py: tables written by hand, an exact enumeration of the deals of a
small endgame, an independent play-out of one deal, and the calibration games.

``exact`` does by enumeration what ``solver.game.winrate.estimate`` does by sampling, written
again from the rules the estimator states, not from its code: every way the tiles this seat does
not see can lie (the kinds of the others' face-down 偎, their concealed tiles by the counts they
hold, the stock in every order), each with the probability ``winrate.deal`` gives it (a face-down
偎 takes kind t with weight comb(unseen t, 3), one after the other in seat and meld order; the
rest are shuffled, so a split (A, B, stock order S) has probability
(|A|! / prod A_t!) (|B|! / prod B_t!) prod R_t! / |R|!), then the deals the estimator rejects left
out and the rest renormalised: another player holding four of a kind concealed (``deal``), or more
copies of a tile lying face up than the rules let him have kept (``breaks_shown``), and a seat asked
before this one on the tile on the table that cannot pass (``rollout`` returns None).
Each deal is played by ``play_out`` (this file's own reading of the rollout: those asked before
this seat pass, the script, then ``bot_fast.Policy(rules, None)`` for all) and by
``winrate.rollout(..., rng=None)``; the two must agree deal by deal.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import permutations
from typing import Iterator, Sequence

from solver.game.bot_fast import FastBot, Policy
from solver.game.events import DiscardEvent
from solver.game.moves import Move
from solver.game.players import make_bot
from solver.game.position import Position, position_of
from solver.game.table import Seat
from solver.game.view import view_of
from solver.game.winrate import estimate, own_seat
from solver.model.hand import Meld
from solver.model.notation import parse_hand, parse_tiles
from solver.model.rules import Ruleset
from solver.model.ruleset_file import seated
from solver.model.tiles import COPIES, N_KINDS
from tests.game_helpers import json_events, tile_counts
from tests.python_engine import Game  # (the reference: it takes a hand up mid-play, Game.resume)
from tests.winrate_reference import copy_seats, kept_too_many, rollout

# ---------------------------------------------------------------- tables written by hand


def tiles(text: str) -> list[int]:
    return list(parse_tiles(text.replace(" ", ""))) if text.strip() else []


def seat_of(text: str, rules: Ruleset, faces: str = "") -> Seat:
    """A seat from a hand's text ("concealed | melds"); its 偎 face down."""
    h = parse_hand(text, rules)
    return Seat(list(h.concealed), list(h.melds), [m.kind != "wei" for m in h.melds], tiles(faces))


def table(rules: Ruleset, hands: Sequence[str], *, stock: str, dealer: int, turn: int,
          faces: Sequence[str] = ("", "", ""), on_table: tuple[str, int, str] | None = None,
          first_discard: bool = False, last_stock: bool = False) -> Game:
    """A hand in mid-play: seat p holds ``hands[p]``, the stock is ``stock`` (top first), a tile may be
    on the table (glyph, by, draw|discard); every tile of the 80 not written is left face up, dealt
    round the seats in tile order after ``faces``.  ``Game.resume`` of it (events kept), at a table of
    as many seats as hands."""
    rules = seated(rules, len(hands))
    seats = [seat_of(h, rules, f) for h, f in zip(hands, faces)]
    top = tiles(stock)
    used = [0] * N_KINDS
    for s in seats:
        for t, c in enumerate(s.tiles_held()):
            used[t] += c
        for t in s.faces:
            used[t] += 1
    for t in top:
        used[t] += 1
    tbl = None
    if on_table is not None:
        tbl = (tiles(on_table[0])[0], on_table[1], on_table[2])
        used[tbl[0]] += 1
    assert max(used) <= COPIES, used
    rest = [t for t in range(N_KINDS) for _ in range(COPIES - used[t])]
    for i, t in enumerate(rest):
        seats[i % len(seats)].faces.append(t)
    game = Game.resume(rules, seats, top, dealer=dealer, turn=turn, table=tbl, first_discard=first_discard,
                       last_stock=last_stock)
    assert tile_counts(game) == [COPIES] * N_KINDS
    return game


def answer(game: Game, *moves: Move) -> Game:
    for m in moves:
        game.play(m)
    return game


# ---------------------------------------------------------------- one deal played out


@dataclass(frozen=True)
class Outcome:
    net: int
    won: bool
    deal_in: bool


def play_out(pos: Position, seats: Sequence[Seat], stock: Sequence[int], script: Sequence[Move]) -> Outcome | None:
    """This file's own reading of a rollout: the hand resumed from the deal; until this seat is asked
    what the position asks (same stage and options), every ask is answered with a pass (a seat asked
    before it on the tile passed: it is this seat's turn now), None when one cannot pass; then the
    script, then the deterministic policy for everyone.  A deal-in: another seat's win right after
    this seat's scripted discard, with nothing but claims asked in between (read from the events)."""
    game = Game.resume(pos.rules, copy_seats(seats), list(stock), dealer=pos.dealer, turn=pos.turn,
                       table=pos.table, first_discard=pos.first_discard, last_stock=pos.last_stock)
    policy = Policy(pos.rules, None)
    todo = list(script)
    here = False
    mark = None  # events index of the scripted discard
    while (ask := game.ask()) is not None:
        if not here and ask.seat == pos.seat and ask.stage == pos.stage and ask.options == pos.options:
            here = True
        if not here:
            if Move("pass") not in ask.options:
                return None
            game.play(Move("pass"))
            continue
        scripted = ask.seat == pos.seat and bool(todo)
        if scripted:
            move = todo.pop(0) if todo[0] in ask.options else Move("pass")
            assert move in ask.options, (script, ask)
        else:
            move = policy.choose(game.seats[ask.seat].hand(), ask)
        game.play(move)
        if scripted and move.kind == "discard" and mark is None:
            mark = next(i for i in range(len(game.events) - 1, -1, -1) if isinstance(game.events[i], DiscardEvent))
            assert game.events[mark].seat == pos.seat
    r = game.result
    deal_in = False
    if mark is not None and r.winner is not None and r.winner != pos.seat:
        after = [e["e"] for e in json_events(game)[mark + 1:]]
        deal_in = all(e == "move" for e in after[:after.index("win")])
    return Outcome(r.net[pos.seat], r.winner == pos.seat, deal_in)


# ---------------------------------------------------------------- the exact enumeration


def unseen_of(pos: Position) -> list[int]:
    """Copies of each tile that this seat does not see (counted here from the position's fields)."""
    c = [COPIES] * N_KINDS
    for m in pos.hand.melds:
        for t in m.tiles:
            c[t] -= 1
    for t in range(N_KINDS):
        c[t] -= pos.hand.concealed[t]
    for p, melds in enumerate(pos.melds):
        if p != pos.seat:
            for _, ts in melds:
                for t in ts or ():
                    c[t] -= 1
    for f in pos.faces:
        for t in f:
            c[t] -= 1
    if pos.table is not None:
        c[pos.table[0]] -= 1
    if pos.last is not None:  # the stock's last tile, shown at a table of four
        c[pos.last] -= 1
    assert min(c) >= 0
    return c


def chou_of(pos: Position, p: int) -> tuple[set[int], set[int]]:
    """What the estimator takes for another seat's 臭 (winrate's docstring): for 吃, the tiles face up in
    front of him and his upper player; for 碰, those in front of anyone else; under 过张只能胡 both
    are both."""
    n = pos.players
    up = (p - 1) % n if (p - 1) % n != pos.out else (p - 2) % n  # the upper player who plays
    chi = set(pos.faces[p]) | set(pos.faces[up])
    peng = {t for q in range(n) if q != p for t in pos.faces[q]}
    if pos.rules.passed == "hu_only":
        chi = peng = chi | peng
    return set(chi), set(peng)


def _multisets(pool: list[int], size: int, start: int = 0) -> Iterator[list[int]]:
    """Every sub-multiset of ``pool`` (counts) with ``size`` tiles, as counts."""
    if size == 0:
        yield [0] * N_KINDS
        return
    for t in range(start, N_KINDS):
        if pool[t] == 0:
            continue
        for k in range(min(pool[t], size), 0, -1):
            pool[t] -= k
            for rest in _multisets(pool, size - k, t + 1):
                rest[t] += k
                yield rest
            pool[t] += k


def _arrangements(counts: list[int], size: int) -> float:
    """size! / prod counts_t! (the orders of a multiset)."""
    return math.factorial(size) / math.prod(math.factorial(c) for c in counts)


def _weis(pos: Position) -> list[tuple[int, int]]:
    return [(p, i) for p in range(pos.players) if p != pos.seat for i, (_, ts) in enumerate(pos.melds[p]) if ts is None]


def deals(pos: Position) -> Iterator[tuple[Fraction, list[Seat], list[int]]]:
    """Every deal consistent with ``pos`` before the estimator's rejections, with the probability
    ``winrate.deal``'s first try gives it (the probabilities sum to 1)."""
    others = pos.others  # (the two others who play: a seat sitting out holds nothing)
    weis = _weis(pos)
    shown = [] if pos.last is None else [pos.last]  # the stock's shown last tile stays at its end

    def kinds(i: int, pool: list[int], prob: Fraction, chosen: list[int]):
        if i == len(weis):
            yield prob, chosen, pool
            return
        ways = [math.comb(c, 3) for c in pool]
        total = sum(ways)
        for t in range(N_KINDS):
            if ways[t]:
                pool[t] -= 3
                yield from kinds(i + 1, list(pool), prob * Fraction(ways[t], total), chosen + [t])
                pool[t] += 3

    for pw, chosen, pool in kinds(0, unseen_of(pos), Fraction(1), []):
        n = sum(pool)
        a, b = (pos.held[p] for p in others)
        assert n == a + b + pos.stock - len(shown)
        base = Fraction(math.prod(math.factorial(c) for c in pool), math.factorial(n))
        for A in _multisets(list(pool), a):
            left = [pool[t] - A[t] for t in range(N_KINDS)]
            for B in _multisets(list(left), b):
                rest = [left[t] - B[t] for t in range(N_KINDS)]
                p_split = pw * base * Fraction(round(_arrangements(A, a) * _arrangements(B, b)))
                stock_tiles = [t for t in range(N_KINDS) for _ in range(rest[t])]
                for order in sorted(set(permutations(stock_tiles))):
                    yield p_split, _seats(pos, dict(zip(weis, chosen)), {others[0]: A, others[1]: B}), list(order) + shown


def _seats(pos: Position, wei_kinds: dict, concealed: dict) -> list[Seat]:
    seats = []
    for p in range(pos.players):
        if p == pos.seat:
            seats.append(own_seat(pos))
            continue
        if p == pos.out:
            seats.append(Seat([0] * N_KINDS))
            continue
        melds = [Meld(k, ts if ts is not None else (wei_kinds[(p, i)],) * 3) for i, (k, ts) in enumerate(pos.melds[p])]
        seats.append(Seat(list(concealed[p]), melds, [ts is not None for _, ts in pos.melds[p]], list(pos.faces[p]),
                          *chou_of(pos, p)))
    return seats


def count_deals(pos: Position, limit: int) -> int | None:
    """The number of deals ``deals`` enumerates, or None when above ``limit`` (counted without
    building them)."""
    total = 0
    others = pos.others
    a, b = (pos.held[p] for p in others)

    def splits(pool):
        n = 0
        for A in _multisets(list(pool), a):
            left = [pool[t] - A[t] for t in range(N_KINDS)]
            for B in _multisets(list(left), b):
                rest = [left[t] - B[t] for t in range(N_KINDS)]
                n += round(_arrangements(rest, pos.stock - (pos.last is not None)))
                if n > limit:
                    return n
        return n

    def rec(i, pool):
        nonlocal total
        if total > limit:
            return
        if i == len(_weis(pos)):
            total += splits(pool)
            return
        for t in range(N_KINDS):
            if pool[t] >= 3:
                pool[t] -= 3
                rec(i + 1, pool)
                pool[t] += 3

    pool = unseen_of(pos)
    if sum(pool) - 3 * len(_weis(pos)) - pos.stock > 16:  # the others' hands alone are too many
        return None
    rec(0, pool)
    return total if total <= limit else None


@dataclass(frozen=True)
class Exact:
    """One script's exact figures over the consistent deals."""
    script: tuple[Move, ...]
    win: Fraction
    net: Fraction
    net_sq: Fraction
    deal_in: Fraction

    @property
    def net_sd(self) -> float:
        return math.sqrt(max(0.0, float(self.net_sq - self.net * self.net)))


@dataclass(frozen=True)
class Enumeration:
    figures: list[Exact]
    deals: int  # deals enumerated
    kept: int  # deals the estimator keeps
    kept_mass: Fraction  # their probability before renormalising
    four: int  # rejected: another player holds four of a kind
    four_mass: Fraction  # their probability
    passed: int  # rejected: one asked before this seat could not pass
    shown: int = 0  # rejected: another player holds more of a tile face up than he could have kept
    shown_mass: Fraction = Fraction(0)  # their probability


def breaks_shown(pos: Position, seats: Sequence[Seat]) -> bool:
    """Whether another seat of the deal holds more of a tile lying face up than the rules let it have
    kept (``winrate_reference.kept_too_many``)."""
    return any(kept_too_many(pos, p, seats[p].concealed) for p in range(pos.players) if p != pos.seat)


def uniform(pos: Position) -> Position:
    """``pos`` with its samples dealt alike (the ruleset's ``kept_draws`` 0: no hand kept as play keeps
    one, ``winrate.kept_of``): the enumeration here weighs every consistent deal alike, so the estimate
    and the sampler are held to it on such a position; the keeping is checked deal by deal against the
    reference (tests/test_game_kernels.py) and in what it does (tests/test_winrate.py)."""
    return replace(pos, rules=replace(pos.rules, bots=replace(pos.rules.bots, kept_draws=0.0)))


def exact(pos: Position, scripts: Sequence[Sequence[Move]]) -> Enumeration:
    """Each script's exact win chance, mean net (and its second moment) and deal-in chance under the
    deterministic policy, over every deal the estimator keeps (module docstring).  Every deal is
    played by ``play_out`` and by ``winrate.rollout`` and they must agree."""
    scripts = [tuple(s) for s in scripts]
    mass = kept = fours = showns = Fraction(0)
    sums = [[Fraction(0)] * 4 for _ in scripts]
    n = n_kept = four = passed = shown = 0
    for prob, seats, stock in deals(pos):
        n += 1
        mass += prob
        if any(COPIES in seats[p].concealed for p in range(pos.players) if p != pos.seat):
            four += 1
            fours += prob
            continue
        if breaks_shown(pos, seats):
            shown += 1
            showns += prob
            continue
        outs = []
        for s in scripts:
            mine = play_out(pos, seats, stock, s)
            theirs = rollout(pos, copy_seats(seats), list(stock), s, None)
            assert (mine is None) == (theirs is None), (s, mine, theirs)
            if mine is not None:
                assert (mine.net, mine.won, mine.deal_in) == tuple(theirs)[:3], (s, mine, theirs, stock)
            outs.append(mine)
        if any(o is None for o in outs):
            passed += 1
            continue
        n_kept += 1
        kept += prob
        for k, o in enumerate(outs):
            sums[k][0] += prob * o.won
            sums[k][1] += prob * o.net
            sums[k][2] += prob * o.net * o.net
            sums[k][3] += prob * o.deal_in
    assert mass == 1, mass
    assert kept > 0
    figs = [Exact(s, *(v / kept for v in sums[k])) for k, s in enumerate(scripts)]
    return Enumeration(figs, n, n_kept, kept, four, fours, passed, shown, showns)


def agrees(est, ex: Exact, sds: float = 4.0) -> list[str]:
    """What of ``est`` (a winrate.Estimate) lies more than ``sds`` standard errors from ``ex`` (the
    standard errors of the exact distribution: they do not depend on the sample)."""
    bad = []
    n = est.n
    for name, got, mean, sd in (
            ("win", est.win, float(ex.win), math.sqrt(float(ex.win * (1 - ex.win)))),
            ("deal-in", est.deal_in, float(ex.deal_in), math.sqrt(float(ex.deal_in * (1 - ex.deal_in)))),
            ("net", est.score, float(ex.net), ex.net_sd)):
        if abs(got - mean) > sds * sd / math.sqrt(n) + 1e-9:
            bad.append(f"{name} {got:.4f} against {mean:.4f} (sd {sd:.3f}, n {n})")
    return bad


# ---------------------------------------------------------------- positions from simulated games


def players(bot: str, seed: int):
    return [FastBot(seed, s) if bot == "fast" else make_bot(bot, seed, s) for s in range(4)]


def endgames(rules: Ruleset, seeds: Sequence[int], limit: int, *, stock: int = 3) -> Iterator[tuple[int, Position]]:
    """(seed, position) at decisions of FastBot games with at most ``stock`` tiles in the stock whose
    deals number at most ``limit`` (one per game, the first found)."""
    for seed in seeds:
        game = Game(rules, seed=seed)
        bots = players("fast", seed)
        found = None
        while (ask := game.ask()) is not None:
            if found is None and len(game.stock) <= stock and len(ask.options) > 1 and ask.stage != "qishou":
                p = position_of(game)
                if count_deals(p, limit) is not None:
                    found = p
            game.play(bots[ask.seat].choose(view_of(game, ask.seat), ask))
        if found is not None:
            yield seed, found


# ---------------------------------------------------------------- calibration


def calibration_sample(args) -> list[tuple[float, float, int, bool]]:
    """Positions of the games ``seeds`` of ``bot`` at all seats (``rules`` by name): ``per_game``
    decisions of more than one option drawn per game (not 起手胡), each as likely, the win chance of
    the move played estimated twice on separate deals (``samples`` each): rows of (first estimate,
    second, deals, the seat went on to win the hand)."""
    from solver.model.rules import get_ruleset
    name, bot, seeds, samples, per_game = args
    rules = get_ruleset(name)
    out = []
    for seed in seeds:
        game = Game(rules, seed=seed)
        bots = players(bot, seed)
        rng = random.Random(f"calibration:{name}:{bot}:{seed}")
        decisions = 0
        picked: list = []  # a reservoir of per_game decisions
        while (ask := game.ask()) is not None:
            move = bots[ask.seat].choose(view_of(game, ask.seat), ask)
            if len(ask.options) > 1 and ask.stage != "qishou":
                decisions += 1
                if len(picked) < per_game:
                    picked.append((position_of(game), move))
                elif (k := rng.randrange(decisions)) < per_game:
                    picked[k] = (position_of(game), move)
            game.play(move)
        for pos, move in picked:
            a, = estimate(pos, [(move,)], samples=samples, seed=seed)
            b, = estimate(pos, [(move,)], samples=samples, seed=seed, start=samples)
            if a.n and b.n:
                out.append((a.win, b.win, a.n + b.n, game.result.winner == pos.seat))
    return out


@dataclass(frozen=True)
class Bin:
    lo: float
    hi: float
    count: int
    predicted: float  # mean of the second estimates of the positions binned by their first
    observed: float  # how often they were won
    se: float  # the binomial standard error of ``observed`` around ``predicted``

    @property
    def error(self) -> float:
        return self.observed - self.predicted


def bins(rows: Sequence[tuple[float, float, int, bool]], edges=tuple(i / 10 for i in range(11))) -> list[Bin]:
    """Deciles of the first estimate; in each, the mean second estimate (independent of the binning,
    so not pulled to the bin's edge by the sampling noise) against the observed rate of wins."""
    out = []
    for lo, hi in zip(edges, edges[1:]):
        rows_in = [r for r in rows if lo <= r[0] < hi or (hi == edges[-1] and r[0] == hi)]
        if not rows_in:
            continue
        pred = sum(r[1] for r in rows_in) / len(rows_in)
        obs = sum(r[3] for r in rows_in) / len(rows_in)
        p = min(max(pred, 1e-3), 1 - 1e-3)
        out.append(Bin(lo, hi, len(rows_in), pred, obs, math.sqrt(p * (1 - p) / len(rows_in))))
    return out


def bin_table(title: str, table_bins: Sequence[Bin]) -> str:
    lines = [title, "  bin        count  predicted  observed   error    se"]
    for b in table_bins:
        lines.append(f"  {b.lo:.1f}-{b.hi:.1f}  {b.count:6d}  {b.predicted:8.3f}  {b.observed:8.3f}  {b.error:+7.3f}"
                     f"  {b.se:5.3f}")
    return "\n".join(lines)
