"""The rollouts of the win-rate advice written in Python on the game engine: the slow, readable
reference the kernels (``solver.engine``: ``_game_dealing.deal_unseen``, ``_game_policies.rollouts``)
are checked against, deal by deal (tests/test_game_kernels.py), and the play-out the exact endgame
figures of tests/winrate_helpers.py are compared with.  ``deal`` deals what the seat cannot see (the
module docstring of ``solver.game.winrate``, and ``kept_of``: the others' hands kept as play keeps
them); ``rollout`` plays a script, then the rollout policy for all."""
from __future__ import annotations

import random
from math import comb
from typing import Sequence

from solver.game.bot_fast import Policy, use
from solver.game.moves import Move
from solver.game.position import Position
from solver.game.table import Seat
from solver.game.view import view_of
from solver.game.winrate import TRIES, _chou_of, kept_of, own_seat
from solver.model.hand import Meld
from solver.model.tiles import COPIES, N_KINDS
from tests.python_engine import Game

PASS = Move("pass")


def deal(pos: Position, rng: random.Random) -> tuple[list[Seat], list[int]] | None:
    """Seats and a stock consistent with ``pos`` (module docstring), or None when ``TRIES`` deals
    all gave another player four of a kind."""
    for _ in range(TRIES):
        got = _deal_once(pos, rng)
        if got is not None:
            return got
    return None


def _deal_once(pos: Position, rng: random.Random) -> tuple[list[Seat], list[int]] | None:
    pool = pos.unseen()
    seats: list[Seat] = []
    for p in range(pos.players):
        if p == pos.seat:
            seats.append(own_seat(pos))
            continue
        melds, shown = [], []
        for kind, tiles in pos.melds[p]:
            shown.append(tiles is not None)
            if tiles is None:  # a face-down 偎: a kind with three unseen copies
                weights = [comb(c, 3) for c in pool]
                if not any(weights):
                    return None
                t = rng.choices(range(N_KINDS), weights)[0]
                pool[t] -= 3
                tiles = (t,) * 3
            melds.append(Meld(kind, tiles))
        seats.append(Seat([0] * N_KINDS, melds, shown, list(pos.faces[p]), *_chou_of(pos, p)))
    tiles = [t for t in range(N_KINDS) for _ in range(pool[t])]
    rng.shuffle(tiles)
    at = 0
    for p in range(pos.players):
        if p == pos.seat:
            continue
        for t in tiles[at:at + pos.held[p]]:
            seats[p].concealed[t] += 1
        at += pos.held[p]
    for p, k in enumerate(kept_of(pos)):
        if p == pos.seat:
            continue
        c = seats[p].concealed
        keep_as_played(pos, p, c, k, tiles, at, rng)
        if COPIES in c or kept_too_many(pos, p, c):
            return None
    shown = [] if pos.last is None else [pos.last]  # the stock's shown last tile; the rest set aside (埋牌)
    return seats, tiles[at:at + pos.stock - len(shown)] + shown


def keep_as_played(pos: Position, p: int, hand: list[int], k: int, rest: list[int], at: int,
                   rng: random.Random) -> None:
    """Seat p's dealt ``hand`` kept as play keeps one, ``k`` times: a tile from a random place of
    ``rest[at:]`` (the tiles no seat holds) joins it, and the least useful tile it then holds that is
    not in a 坎 (``bot_fast.use``; ties: the first from a random tile on, in tile order round) goes back to
    that place.  The tile on the table (whether a player asked on it before could hold more of it is the
    claims' to say), and a tile p could not hold one more of (four, or more than the rules let it have
    kept: ``kept_too_many``), are left where they are."""
    if len(rest) <= at:
        return
    for _ in range(k):
        r = at + rng.randrange(len(rest) - at)
        d = rest[r]
        if pos.table is not None and d == pos.table[0]:
            continue
        more = list(hand)
        more[d] += 1
        if more[d] == COPIES or too_many_of(pos, p, more, d):
            continue
        hand[d] += 1
        start = rng.randrange(N_KINDS)
        order = [(start + j) % N_KINDS for j in range(N_KINDS)]
        loose = [t for t in order if 0 < hand[t] < 3]
        out = min(loose, key=lambda t: use(hand, t)) if loose else d  # min keeps the first of the least
        hand[out] -= 1
        rest[r] = out


def too_many_of(pos: Position, p: int, held: Sequence[int], tile: int) -> bool:
    """``kept_too_many`` for one tile: whether p holds more of ``tile`` than the rules let it keep."""
    only = [c if t == tile else 0 for t, c in enumerate(held)]
    return kept_too_many(pos, p, only)


def kept_too_many(pos: Position, p: int, held: Sequence[int]) -> bool:
    """Whether seat p, holding ``held`` concealed, holds more of a tile lying face up than the rules let
    it have kept when the tile was shown and left (concealed tiles only ever leave a hand):

    * a 坎 of any tile face up, when a 坎 always takes its fourth copy (``shown_and_left``);
    * a 坎 of a tile face up in front of p itself, when p's own draw onto a 坎 must be taken (p discarded
      that copy, never a 坎's tile, or drew it);
    * a pair of one face up in front of p itself, when besides its own draw onto a pair must be taken;
    * a pair of one face up in front of another seat under 有碰必碰 (p was asked to 碰 it).

    A tile a 吃 took (``pos.eaten``) counts as one face up in front of the seat that showed it.
    In a quick position nobody knows who showed a tile: p's own tiles are treated as another seat's."""
    rules = pos.rules
    own_kan = rules.take["kan", "self"].compulsory
    own_pair = own_kan and rules.take["pair", "self"].compulsory
    up = shown_and_left(pos)
    for q, faces in enumerate(shown_tiles(pos)):
        mine = q == p and not pos.approx
        for t in faces:
            if held[t] >= 3 and (t in up or (mine and own_kan)):
                return True
            if held[t] >= 2 and (own_pair if mine else rules.peng_compulsory):
                return True
    return False


def shown_and_left(pos: Position) -> set[int]:
    """The tiles nobody may hold a 坎 of: those lying face up, when a 坎 always takes its fourth copy
    (its 4-tile group compulsory from one's own draw, another's draw and a discard; a 坎 tile is
    never discarded)."""
    if not all(pos.rules.take["kan", s].compulsory for s in ("self", "other", "discard")):
        return set()
    return {t for faces in shown_tiles(pos) for t in faces}


def shown_tiles(pos: Position) -> list[list[int]]:
    """Per seat, the tiles it showed and nobody holds now: those face up in front of it and those a 吃
    took from it."""
    eaten = pos.eaten or tuple(() for _ in pos.faces)
    return [[*f, *e] for f, e in zip(pos.faces, eaten)]


def copy_seats(seats: Sequence[Seat]) -> list[Seat]:
    return [Seat(list(s.concealed), list(s.melds), list(s.shown), list(s.faces), set(s.chou), set(s.passed_peng))
            for s in seats]


def rollout(pos: Position, seats: list[Seat], stock: list[int], script: Sequence[Move],
            rng: random.Random | None, keep: frozenset = frozenset(), player=None) -> tuple[int, bool, bool, bool] | None:
    """Play ``script`` for the position's seat, then the rollout policy for all, to the end of the hand:
    (this seat's net, it won, another won on its discard at once, another 碰/跑/招'd it at once); None when the deal contradicts
    what was seen (a player asked before this seat on the tile on the table has to take it).  ``keep``:
    hands known to be ready, which the policy keeps (``Policy.keep``).  ``player``: another policy for every
    seat after the script (``choose(view, ask)``, e.g. ``keen_reference.KeenReference``)."""
    me, rules = pos.seat, pos.rules
    game = Game.resume(rules, copy_seats(seats), stock, dealer=pos.dealer, turn=pos.turn, table=pos.table,
                       first_discard=pos.first_discard, last_stock=pos.last_stock, quiet=True)
    policy = Policy(rules, rng, keep)
    todo = list(script)
    initial = pos.table  # the tile on the table, until it leaves it
    claim = pos.stage == "claim"  # a quick position: this seat's whole answer to the tile, at any stage
    reached = initial is None or pos.stage in ("first", "qishou")
    mine = None  # the table while the script's discard waits for claims
    handed = False
    while (ask := game.ask()) is not None:
        hand = game.seats[ask.seat].hand()
        on_initial = initial is not None and game.table == initial
        if not reached and on_initial and ask.seat == me:
            if claim:  # a claim is reached where it is offered, passing at the first ask
                reached = todo[0] == PASS or todo[0] in ask.options
            else:
                reached = ask.stage == pos.stage
        if not reached or (claim and on_initial and ask.seat == me and todo and todo[0] == PASS):
            # asked on the tile on the table before this seat's answer (this seat too): they passed
            if PASS not in ask.options:
                return None
            move = PASS
        elif ask.seat == me and todo:
            if todo[0] in ask.options:
                move = todo.pop(0)
                if move.kind == "discard":
                    mine = (move.tile, me, "discard")
            elif PASS in ask.options:
                move = PASS
            else:
                raise ValueError(f"the script's {todo[0]} is not among the options {ask.options}")
        elif player is not None:
            move = player.choose(view_of(game, ask.seat), ask)
        else:
            move = policy.choose(hand, ask)
        if mine is not None and game.table == mine and ask.seat != me and move.kind in ("peng", "pao", "zhao"):
            handed = True
        game.play(move)
        if initial is not None and game.table != initial:  # the tile left the table
            if todo and todo[0] == PASS and claim:
                todo.pop(0)
            elif todo and todo[0].kind in ("chi", "peng") and not reached:
                return None  # taken before this seat could: not what was seen
            initial = None
        if mine is not None and game.table != mine:  # taken, or left face up: no longer a deal-in
            mine = None
    r = game.result
    deal_in = r.winner is not None and r.winner != me and mine is not None and r.source == "discard"
    return r.net[me], r.winner == me, deal_in, handed
