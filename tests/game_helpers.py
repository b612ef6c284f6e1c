"""Helpers for the game engine's tests: a referee that re-checks a game from its events, exact deals, bots.

``Referee`` reads a game's events one by one and checks each against its own
model of the table, built from RULES.md 10 (and 3, 4, 7, 8) and the events
alone, never from the engine's state: who is asked what, in which order, with
which options (each seat's options recomputed by the obligations engine from
the referee's own copy of the seat's hand, the tile, its origin and the
seat's 臭), what each move does to the hands, when a discard follows an
intake (the counts of RULES.md 3), that every win is the win ``solver.api.hu``
gives for the winner's hand at rest with the same score, that 80 tiles (or
whatever was dealt) stay on the table, and the settlement.  ``play_checked``
plays a game with players, feeding the referee after every move and holding
the engine's seats, tile counts and views to the referee's model.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from solver import api
from solver.engine import obligations, reference
from solver.game.engine import Game
from solver.game.events import MoveEvent, to_json
from solver.game.moves import Move, move_text, parse_move
from solver.model.hand import Hand, HandError, Meld, rest_count
from solver.model.notation import parse_tiles
from solver.model.rules import FOUR_KINDS, Ruleset, get_ruleset
from solver.model.ruleset_file import seated
from solver.model.tiles import COPIES, N_KINDS, glyph


def lower(seat: int, n: int = 3) -> int:
    return (seat + 1) % n


def upper(seat: int, n: int = 3) -> int:
    return (seat - 1) % n


def origin_of(seat: int, by: int, kind: str) -> str:
    """Where a tile revealed by ``by`` comes from for ``seat`` (RULES.md 7: 上家 is the upper player)."""
    who = "self" if seat == by else "upper" if seat == lower(by) else "lower"
    return f"{who}-{kind}"


# ------------------------------------------------------------------ exact deals

def tiles(text: str) -> list[int]:
    return list(parse_tiles(text.replace(" ", "")))


def deal(rules: str | Ruleset, dealer: str, lower_hand: str, upper_hand: str, stock: str = "", *,
         fill: bool = True, lenient: bool = False) -> Game:
    """A game of seat 0 dealing ``dealer`` (21 tiles, the 亮张 last) to itself, ``lower_hand`` to seat 1
    and ``upper_hand`` to seat 2; the stock is ``stock`` (top first), then, with ``fill``, every tile
    left of the 80 in tile order (so that a full deck is on the table).  ``lenient``: a game that a
    lenient replay plays (it also asks, with an ``open`` stage, about a tile nobody may claim)."""
    rs = get_ruleset(rules) if isinstance(rules, str) else rules
    rs = seated(rs, 3)  # (three hands: the ruleset at a table of three; tests/test_table_sizes.py has the others)
    hands = [tiles(dealer), tiles(lower_hand), tiles(upper_hand)]
    assert [len(h) for h in hands] == list(rs.game.deal), [len(h) for h in hands]
    top = tiles(stock)
    used = [0] * N_KINDS
    for t in [*hands[0], *hands[1], *hands[2], *top]:
        used[t] += 1
    assert max(used) <= COPIES, f"more than 4 of {glyph(used.index(max(used)))} in the deal"
    rest = [t for t in range(N_KINDS) for _ in range(COPIES - used[t])] if fill else []
    if fill:
        assert len(top) + len(rest) == 80 - sum(rs.game.deal)
    return Game(rs, hands=hands, stock=top + rest, dealer=0, lenient=lenient)


def play(game: Game, *moves: str) -> None:
    """Answer the next asks with ``moves`` (record texts), in order."""
    for m in moves:
        game.play(parse_move(m))


def asked(game: Game) -> tuple[int, str, set[str]] | None:
    """(seat, stage, option texts) of the current ask."""
    a = game.ask()
    return None if a is None else (a.seat, a.stage, {move_text(m) for m in a.options})


# ------------------------------------------------------------------ players

class GreedyBot:
    """Takes the first option that is not a pass (to reach claims and wins); discards at random."""

    def __init__(self, seed: int = 0, seat: int = 0):
        self.rng = random.Random(f"greedy:{seed}:{seat}")

    def choose(self, view, ask):
        if ask.stage == "discard":
            return self.rng.choice(ask.options)
        return next((m for m in ask.options if m.kind != "pass"), ask.options[0])


# ------------------------------------------------------------------ the referee

@dataclass
class _Seat:
    concealed: list[int]
    melds: list[Meld] = field(default_factory=list)
    shown: list[bool] = field(default_factory=list)
    faces: list[int] = field(default_factory=list)
    chou: set[int] = field(default_factory=set)
    passed_peng: set[int] = field(default_factory=set)

    def hand(self) -> Hand:
        return Hand(tuple(self.concealed), tuple(self.melds))

    def counts(self) -> tuple[int, int]:
        m = sum(1 for x in self.melds if len(x.tiles) == 3)
        return m, len(self.melds) - m


class RefereeError(AssertionError):
    pass


class Referee:
    """Feed it a game's events in order (``feed``); it raises RefereeError at the first one that breaks
    the rules.  ``stats`` counts what it saw (stages asked, wins, 八块 …)."""

    def __init__(self, rules: Ruleset):
        self.rules = rules
        self.n = rules.game.players
        self.i = 0  # events read
        self.last: dict | None = None
        self.done = False
        self.stats: dict[str, int] = {}
        self.seats: list[_Seat] = []
        self.stock: list[int] = []
        self.table: int | None = None
        self.first_of_dealer = False  # the discard on the table is the dealer's first (地胡)
        self.net: list[int] | None = None
        self.winner: int | None = None
        self._flow = self._run()
        next(self._flow)

    # -------------------------------------------------------------- interface

    def feed(self, events) -> None:
        """Check ``events`` (the engine's, each read as its record line holds it) one after another."""
        for ev in map(to_json, events):
            if self.done:
                self._fail("an event after the settlement", ev)
            self.last = ev
            try:
                self._flow.send(ev)
            except StopIteration:
                self.done = True
            self.i += 1
            self._check_tiles()

    def _fail(self, why: str, ev=None) -> None:
        raise RefereeError(f"event {self.i} {ev if ev is not None else self.last}: {why}")

    def _want(self, ok, why: str) -> None:
        if not ok:
            self._fail(why)

    def _count(self, key: str) -> None:
        self.stats[key] = self.stats.get(key, 0) + 1

    def _check_tiles(self) -> None:
        if not self.seats:
            return
        counts = [0] * N_KINDS
        for s in self.seats:
            for t, c in enumerate(s.concealed):
                counts[t] += c
            for m in s.melds:
                for t in m.tiles:
                    counts[t] += 1
            for t in s.faces:
                counts[t] += 1
        for t in self.stock:
            counts[t] += 1
        if self.table is not None:
            counts[self.table] += 1
        self._want(counts == self.total_on_table, f"tiles on the table {counts} != the tiles dealt {self.total}")
        self._want(all(c >= 0 for s in self.seats for c in s.concealed), "a negative concealed count")

    def compare(self, game: Game) -> None:
        """The engine's seats, stock and tile counts are the referee's."""
        for p, (mine, theirs) in enumerate(zip(self.seats, game.seats)):
            where = f"after event {self.i} ({self.last}), seat {p}"
            assert list(theirs.concealed) == mine.concealed, f"{where}: concealed {theirs.concealed} != {mine.concealed}"
            assert sorted((m.kind, m.tiles) for m in theirs.melds) == sorted((m.kind, m.tiles) for m in mine.melds), \
                f"{where}: melds {theirs.melds} != {mine.melds}"
            shown = sorted(((m.kind, m.tiles), s) for m, s in zip(theirs.melds, theirs.shown))
            assert shown == sorted(((m.kind, m.tiles), s) for m, s in zip(mine.melds, mine.shown)), \
                f"{where}: melds shown {shown}"
            assert list(theirs.faces) == mine.faces, f"{where}: faces {theirs.faces} != {mine.faces}"
            assert set(theirs.chou) == mine.chou, f"{where}: 臭 for 吃 {theirs.chou} != {mine.chou}"
            assert set(theirs.passed_peng) == mine.passed_peng, \
                f"{where}: 臭 for 碰 {theirs.passed_peng} != {mine.passed_peng}"
        assert list(game.stock) == self.stock, f"after event {self.i}: the stock differs"
        counts = tile_counts(game)
        assert counts == self.total, f"after event {self.i}: tile_counts(game) {counts} != {self.total}"

    # -------------------------------------------------------------- reading events

    def _event(self, ev: dict, name: str, **fields) -> None:
        want = {"e": name, **fields}
        self._want(ev == want, f"expected {want}")

    def _move(self, ev: dict, seat: int, stage: str, tile: int | None, options: list[Move]) -> Move:
        """A move event of ``seat`` at ``stage`` offered exactly ``options``; the move made."""
        self._want(ev.get("e") == "move", f"expected a move of seat {seat} at {stage}")
        self._want((ev.get("seat"), ev.get("stage")) == (seat, stage),
                   f"expected seat {seat} to be asked at {stage}, not seat {ev.get('seat')} at {ev.get('stage')}")
        if tile is not None:
            self._want(ev.get("tile") == glyph(tile), f"the tile asked about is {glyph(tile)}")
        texts = [move_text(m) for m in options]
        self._want(len(set(ev["offered"])) == len(ev["offered"]), "an option offered twice")
        self._want(set(ev["offered"]) == set(texts), f"offered {ev['offered']}, the rules give {sorted(texts)}")
        self._want(ev["move"] in texts, f"the move {ev['move']} was not among the options")
        self._want("offence" not in ev, "an offence in a strict game")
        self._count(f"ask {stage}")
        return parse_move(ev["move"])

    # -------------------------------------------------------------- rules

    def decide(self, p: int, x: int, by: int, kind: str):
        s = self.seats[p]
        self._check_at_rest(p)
        who = "self" if p == by else "upper" if p == self.lower(by) else "lower"  # of two: the other is upper
        return obligations.decide(s.hand(), tile=x, source=f"{who}-{kind}", chou=sorted(s.chou),
                                  passed_peng=sorted(s.passed_peng), rules=self.rules)

    def _check_at_rest(self, p: int) -> None:
        """RULES.md 3: a hand waiting for a tile holds c concealed tiles, or one fewer when it was dealt
        two 提 and has made no intake yet."""
        s = self.seats[p]
        m, k = s.counts()
        c, rest = sum(s.concealed), rest_count(m, k)
        dealt_two = k == 2 and m == 0 and all(x.kind == self.rules.dealt_four for x in s.melds)
        self._want(c == rest or (c == rest - 1 and dealt_two and self.fresh[p]) or self.stuck[p],
                   f"seat {p} waits holding {c} concealed tiles beside {m}+{k} melds (RULES.md 3: {rest})")

    def hu(self, hand: Hand, x: int, source: str, conditions: tuple[str, ...]):
        """The win ``solver.api.hu`` gives for the hand's text (the reference's for a position the API's
        counts refuse)."""
        conds = frozenset(conditions)
        try:
            return api.hu(hand.text(), win=glyph(x), source=source, rules=self.rules, conditions=conds).win
        except HandError:  # a hand dealt two 提 before its first intake, or left with only 坎s
            self._count("hu outside the API's counts")
            return reference.best_win(hand, x, source, self.rules, conditions=conds)

    def holding(self, p: int, x: int) -> str:
        s = self.seats[p]
        for m in s.melds:
            if m.kind in ("wei", "peng") and m.tiles[0] == x:
                return m.kind
        return {3: "kan", 2: "pair"}.get(s.concealed[x], "less")

    # -------------------------------------------------------------- the flow of a hand

    def _run(self):
        rules, n = self.rules, self.n
        ev = yield
        self._want(ev.get("e") == "deal", "a record starts with the deal")
        d = self.dealer = ev["dealer"]
        # RULES.md 10b: of four, the seat opposite the dealer sits out (坐底), is dealt nothing, never moves
        self.out = (d + 2) % 4 if n == 4 else None
        self._want(ev.get("out") == self.out, f"seat {self.out} sits out (opposite the dealer)")
        hands = [tiles(h) for h in ev["hands"]]
        playing = n - (n == 4)
        self._want([len(h) for h in hands] == [21] + [20] * (playing - 1) == list(rules.game.deal),
                   "the deal's sizes (RULES.md 10: the dealer 21, each other player 20)")
        self.stock = tiles(ev["stock"])
        buried = tiles(ev.get("buried", ""))
        self._want(len(buried) == (20 if n == 2 else 0), "RULES.md 10b: of two, 20 tiles set aside unseen")
        shows = n == 4 and rules.game.shown_last  # no 亮张; the stock's last tile shown, never won on
        self._want(ev.get("last") == (glyph(self.stock[-1]) if shows else None), "the shown last tile")
        if shows and rules.game.red_last_up:  # a red last tile goes to the top (each at most once)
            self._want(self.stock[-1] not in rules.red_tiles or all(t in rules.red_tiles for t in self.stock),
                       "a red last tile is moved to the top of the stock")
        liang = tiles(ev["liang"])[0] if ev["liang"] else None
        self._want((liang is not None) == (rules.game.liang_zhang and not shows) and
                   (liang is None or liang in hands[0]), "the 亮张 is a tile of the dealer's")
        self.seats = [_Seat([0] * N_KINDS) for _ in range(n)]
        for p, h in zip(self._order(d), hands):
            for t in h:
                self.seats[p].concealed[t] += 1
        self.total = [0] * N_KINDS
        for t in [t for h in hands for t in h] + self.stock + buried:
            self.total[t] += 1
        self.total_on_table = [c - buried.count(t) for t, c in enumerate(self.total)]
        self.fresh = [True] * n  # no intake yet (the two-提 count)
        self.stuck = [False] * n  # left with a tile too many, all in 坎 (RULES.md 10, after a 偎 or 碰)
        self.dealer_discarded = False
        self.turn = d

        for p in self._order(d):  # 前提
            s = self.seats[p]
            for t in range(N_KINDS):
                if s.concealed[t] == COPIES:
                    ev = yield
                    self._event(ev, "meld", seat=p, kind=rules.dealt_four, tiles=glyph(t) * 4, dealt=True)
                    s.concealed[t] = 0
                    s.melds.append(Meld(rules.dealt_four, (t,) * 4))
                    s.shown.append(True)
                    self._count("前提")

        if rules.game.tianhu != "none":  # 天胡, the dealer first
            for p in self._order(d):
                if rules.game.tianhu == "dealer_seven_groups" and p != d:
                    continue
                win = api.tianhu(self.seats[p].hand(), rules=rules).win
                if win is not None:
                    ev = yield
                    self._win_event(ev, p, None, "self", ("tianhu",), win)
                    self._count("天胡")
                    yield from self._settle(p, win, "self", None)
                    return

        if liang is not None:  # 起手胡 on the 亮张: only 胡 is asked
            for p in self._order(d):
                src = "self" if p == d else "other"
                if src not in rules.win_on:
                    continue
                hand = self._before_liang(hands[0], liang) if p == d else self.seats[p].hand()
                win = self.hu(hand, liang, src, ("qishou",))
                if win is None:
                    continue
                ev = yield
                m = self._move(ev, p, "qishou", liang, [Move("hu"), Move("pass")])
                if m.kind == "hu":
                    ev = yield
                    self._win_event(ev, p, liang, src, ("qishou",), win)
                    self._count("起手胡")
                    yield from self._settle(p, win, src, None)
                    return

        self.fresh[d] = False  # 收张 is the dealer's first intake
        if (yield from self._after_take(d)):
            return
        while True:
            ev = yield
            if ev.get("e") == "drawn":
                self._want(not self.stock, "荒庄 with tiles left in the stock")
                self._count("荒庄")
                yield from self._settle(None, None, None, None)
                return
            p = self.turn
            self._want(bool(self.stock), "a draw from an empty stock")
            self._event(ev, "draw", seat=p, tile=glyph(self.stock[0]))
            x = self.stock.pop(0)
            if (yield from self._claims(x, p, "draw")):
                return

    def _order(self, start: int) -> list[int]:
        """The seats that play, in turn order from ``start`` (the seat sitting out never moves)."""
        return [(start + i) % self.n for i in range(self.n) if (start + i) % self.n != self.out]

    def lower(self, p: int) -> int:
        return self._order(p)[1]

    def upper(self, p: int) -> int:
        return self._order(p)[-1]

    def _before_liang(self, dealt: list[int], liang: int) -> Hand:
        """The dealer's hand of his 20 tiles beside the 亮张 (RULES.md 10: the 亮张 is then the tile won on)."""
        counts = [0] * N_KINDS
        for t in dealt:
            counts[t] += 1
        counts[liang] -= 1
        melds = []
        for t in range(N_KINDS):
            if counts[t] == COPIES:
                counts[t] = 0
                melds.append(Meld(self.rules.dealt_four, (t,) * 4))
        return Hand(tuple(counts), tuple(melds))

    def _claims(self, x: int, by: int, kind: str):
        """The claims on tile x revealed by seat ``by`` (RULES.md 10, 'A turn' and 'After a claim');
        True when the hand ended."""
        rules = self.rules
        self.table = x
        last = kind == "draw" and not self.stock
        shown = self.n == 4 and rules.game.shown_last  # RULES.md 10b: nobody may win on the shown last tile
        can_win = not (last and (not rules.game.last_tile_wins or shown))
        seats = self._order(by) if kind == "draw" else self._order(by)[1:]
        dec = {p: self.decide(p, x, by, kind) for p in seats}
        acts = {p: {a.action: a for a in reversed(dec[p].actions)} for p in seats}  # the first of each kind

        def src_of(p):
            return "self" if p == by else "discard" if kind == "discard" else "other"

        # A take no one else may claim before: the drawer's own 提/偎, a group others may not win on (招).
        for p in seats:
            take = next((a for a in dec[p].actions if a.compulsory and a.action in FOUR_KINDS + ("wei",)), None)
            if take is None:
                continue
            own = p == by and kind == "draw" and take.action in ("ti", "wei")
            if own or not rules.take[self.holding(p, x), src_of(p)].others_win:
                options = ([Move("hu")] if can_win and "hu" in acts[p] else []) + [Move(take.action)]
                ev = yield
                m = self._move(ev, p, "first", x, options)
                self._count(f"first {take.action}")
                if m.kind == "hu":
                    return (yield from self._won(p, x, by, kind, acts[p]["hu"].win))
                return (yield from self._take(p, m, x))

        stages = []  # (seat, stage, options), in the order they are asked
        if can_win:
            stages += [(p, "hu", [Move("hu"), Move("pass")]) for p in seats if "hu" in acts[p]]
        forced = next(((p, a) for p in seats for a in dec[p].actions
                       if a.compulsory and a.action in FOUR_KINDS), None)
        if forced is not None:
            stages.append((forced[0], "take", [Move(forced[1].action)]))
        else:
            pengs = [p for p in seats if "peng" in acts[p]]
            self._want(len(pengs) <= 1, "two seats may 碰 one tile")
            for p in pengs:
                stages.append((p, "peng", [Move("peng")] + ([] if acts[p]["peng"].compulsory else [Move("pass")])))
            if not any(acts[p]["peng"].compulsory for p in pengs):
                eaters = [by, self.lower(by)] if kind == "draw" else [self.lower(by)]  # 隔山: never the upper
                for p in eaters:
                    ways = [Move("chi", chi=a.chi, bi=a.bi) for a in dec[p].actions if a.action == "chi"]
                    if ways:
                        stages.append((p, "chi", ways + [Move("pass")]))
        self._want(self.n == 2 or all(self.upper(by) != p for p, st, _ in stages if st == "chi"),
                   "the upper player asked to eat (of two, the other player is both and may)")

        for p, stage, options in stages:
            ev = yield
            m = self._move(ev, p, stage, x, options)
            if m.kind == "pass":
                if stage in ("peng", "chi"):
                    self._pass(p, x, stage)
                continue
            if m.kind == "hu":
                return (yield from self._won(p, x, by, kind, acts[p]["hu"].win))
            return (yield from self._take(p, m, x))
        ev = yield
        self._event(ev, "faceup", seat=by, tile=glyph(x))
        self.seats[by].faces.append(x)
        self.table = None
        self.turn = self.lower(by)
        return False

    def _pass(self, p: int, x: int, stage: str) -> None:
        """RULES.md 7 and 10: a seat that declines a legal 碰 (吃) gets 臭 for 碰 (吃); 过张只能胡: both."""
        s = self.seats[p]
        if stage == "peng" or self.rules.passed == "hu_only":
            s.passed_peng.add(x)
        if stage == "chi" or self.rules.passed == "hu_only":
            s.chou.add(x)
        self._count(f"臭 {stage}")

    def _won(self, p: int, x: int, by: int, kind: str, offered_win):
        src = "self" if p == by else "discard" if kind == "discard" else "other"
        conds = []
        if kind == "draw" and not self.stock:
            conds.append("haidi")
        if (kind == "discard" and self.rules.game.dihu == "lower_on_first_discard" and by == self.dealer
                and self.first_of_dealer and p == self.lower(self.dealer)):
            conds.append("dihu")
        win = self.hu(self.seats[p].hand(), x, src, tuple(conds))
        self._want(win is not None, f"seat {p} won on {glyph(x)} ({src}), which api.hu says does not win")
        ev = yield
        self._win_event(ev, p, x, src, tuple(conds), win)
        for c in conds:
            self._count(c)
        yield from self._settle(p, win, src, by if kind == "discard" else None)
        return True

    def _win_event(self, ev: dict, p: int, x: int | None, src: str, conds: tuple[str, ...], win) -> None:
        self._event(ev, "win", seat=p, tile=glyph(x) if x is not None else None, source=src, conditions=list(conds),
                    how=win.how, huxi=win.huxi, deng=win.deng, fan=win.fan, fan_names=list(win.fan_names),
                    score=win.score)
        self.winner = p
        self._count("win")

    def _settle(self, p, win, src, discarder):
        ev = yield
        net = [0] * self.n  # RULES.md 10b: the seat sitting out neither pays nor is paid
        others = self._order(self.dealer)
        others.remove(p) if p is not None else None
        if p is not None:
            if src == "discard" and self.rules.game.pay == "discarder":
                net[discarder] -= len(others) * win.score
            else:
                for q in others:
                    net[q] -= win.score
            net[p] += len(others) * win.score
        self._event(ev, "settle", net=net)
        self.net = net

    def _take(self, p: int, m: Move, x: int):
        """Seat p takes x by move m: the hands change as RULES.md 2 and 7 say; then its discard, if one."""
        s = self.seats[p]
        kind = m.kind
        self.fresh[p] = False
        self.table = None  # the tile joins the taker's melds
        if kind == "chi":
            groups = [m.chi, *m.bi]
            used = [t for g in groups for t in g]
            self._want(x in m.chi and all(x in g for g in m.bi), "a 吃 group without the eaten tile")
            self._want(x not in s.chou, f"seat {p} ate {glyph(x)}, 臭 for him")
            used.remove(x)
            for t in used:
                s.concealed[t] -= 1
                self._want(s.concealed[t] >= 0, f"seat {p} ate with tiles he does not hold")
            self._want(s.concealed[x] == 0, f"seat {p} ate {glyph(x)} and kept a copy: every copy must go into a 比")
            new = [Meld("chi", tuple(sorted(g))) for g in groups]
            s.melds += new
            s.shown += [True] * len(new)
        elif kind in ("peng", "wei"):
            self._want(s.concealed[x] == 2, f"seat {p} made a {kind} without a pair of {glyph(x)}")
            if kind == "peng":
                self._want(x not in s.passed_peng, f"seat {p} made a 碰 of {glyph(x)}, 臭 for 碰")
            s.concealed[x] -= 2
            new = [Meld(kind, (x,) * 3)]
            s.melds += new
            s.shown.append(kind == "peng" or x in s.passed_peng)  # a 臭偎 is shown face up
            if kind == "wei" and x in s.passed_peng:
                self._count("臭偎")
        elif kind in FOUR_KINDS:
            if s.concealed[x] == 3:
                s.concealed[x] = 0
                new = [Meld(kind, (x,) * 4)]
                s.melds += new
                s.shown.append(True)
            else:
                i = next((i for i, q in enumerate(s.melds) if q.kind in ("wei", "peng") and q.tiles[0] == x), None)
                self._want(i is not None, f"seat {p} made a {kind} of {glyph(x)} from nothing")
                s.melds[i] = Meld(kind, (x,) * 4)
                s.shown[i] = True
                new = [s.melds[i]]
        else:
            self._fail(f"no such take: {kind}")
        ev = yield
        self._event(ev, "take", seat=p, kind=kind, tile=glyph(x), melds=[q.text() for q in new])
        self.table = None
        self._count(f"take {kind}")
        return (yield from self._after_take(p))

    def _after_take(self, p: int):
        """RULES.md 3 and 10: after an intake a discard follows exactly when the hand holds a tile more
        than at rest and some concealed tile is outside a 坎 (none after 八块, nor after the first intake
        of a hand dealt two 提)."""
        s = self.seats[p]
        m, k = s.counts()
        c, rest = sum(s.concealed), rest_count(m, k)
        free = [t for t in range(N_KINDS) if s.concealed[t] in (1, 2)]
        if not self.stuck[p]:  # (once stuck, RULES.md 3 has no count for the hand)
            self._want(c in (rest, rest + 1), f"seat {p} holds {c} concealed tiles after an intake ({m}+{k} melds)")
        if c > rest and not free:  # RULES.md 10: only 坎 tiles left (after a 偎 or a 碰), no discard
            self._count("only 坎 left")
            self.stuck[p] = True
            self.turn = self.lower(p)
            return False
        if c <= rest:
            self._count("no discard" + (" (八块)" if k >= 2 else ""))
            self.turn = self.lower(p)
            return False
        ev = yield
        mv = self._move(ev, p, "discard", None, [Move("discard", tile=t) for t in free])
        t = mv.tile
        ev = yield
        self._event(ev, "discard", seat=p, tile=glyph(t))
        s.concealed[t] -= 1
        if self.rules.own_discard_makes_chou:
            s.chou.add(t)
        self.first_of_dealer = p == self.dealer and not self.dealer_discarded
        if p == self.dealer:
            self.dealer_discarded = True
        return (yield from self._claims(t, p, "discard"))


# ------------------------------------------------------------------ playing checked games

def check_view(game: Game, ref: Referee) -> None:
    """What each seat sees: its own hand, others' melds with a 偎's tiles hidden unless it is a 臭偎,
    every face-up tile, the stock count; a tile taken at once (stage first) only by its taker."""
    ask = game.ask()
    for q in range(game.n):
        v = game.view(q)
        assert v.hand == ref.seats[q].hand()
        assert v.stock == len(ref.stock)
        assert v.chou == frozenset(ref.seats[q].chou) and v.passed_peng == frozenset(ref.seats[q].passed_peng)
        for p, s in enumerate(ref.seats):
            want = sorted(((m.kind, m.tiles if (p == q or shown) else None) for m, shown in zip(s.melds, s.shown)),
                          key=str)
            assert sorted(v.melds[p], key=str) == sorted(want, key=str), (q, p, v.melds[p], want)
            assert list(v.faces[p]) == s.faces
        if ask is not None and ask.stage == "first" and ask.seat != q:
            assert v.table is None, f"seat {q} sees the tile that seat {ask.seat} takes at once"


def play_checked(game: Game, players, *, views: bool = False) -> Referee:
    """Play ``game`` to its end with ``players`` (one per seat), checking every event with a Referee
    and, after every move, the engine's seats and tile counts against it; the referee."""
    ref = Referee(game.rules)
    ref.feed(game.events)
    ref.compare(game)
    while (ask := game.ask()) is not None:
        before = len(game.events)
        move = players[ask.seat].choose(game.view(ask.seat), ask)
        game.play(move)
        ev = game.events[before]
        assert isinstance(ev, MoveEvent) and ev.seat == ask.seat and ev.stage == ask.stage, ev
        assert ev.offered == tuple(move_text(m) for m in ask.options), ev
        ref.feed(game.events[before:])
        ref.compare(game)
        if views:
            check_view(game, ref)
    assert ref.done, "the hand is over but the referee expects more events"
    res = game.result
    assert list(res.net) == ref.net and sum(res.net) == 0
    assert res.winner == ref.winner
    return ref


def check_events(rules: Ruleset, events) -> Referee:
    """A finished game's events checked by a referee."""
    ref = Referee(rules)
    ref.feed(events)
    assert ref.done, "the record ends before the settlement"
    return ref


def moves_of(events) -> list[str]:
    return [ev.move for ev in events if isinstance(ev, MoveEvent)]


def tile_counts(game) -> list[int]:
    """Copies of each tile in ``game``'s hands, melds, face-up tiles, stock, set aside and on the table
    (80 in all); the kernels' game and the Python reference alike."""
    counts = [0] * N_KINDS
    for s in game.seats:
        for t, c in enumerate(s.tiles_held()):
            counts[t] += c
        for t in s.faces:
            counts[t] += 1
    for t in list(game.stock) + list(game.buried):
        counts[t] += 1
    if game.table is not None:
        counts[game.table[0]] += 1
    return counts


def json_events(game) -> list[dict]:
    """The events of ``game`` as its record's lines hold them (what the tests compare with records, and
    read by their fields' names)."""
    return [to_json(e) for e in game.events]


def refereed(game: Game) -> Referee:
    """A referee fed with the events of ``game`` so far and held to its state (any point of a hand)."""
    ref = Referee(game.rules)
    ref.feed(game.events)
    ref.compare(game)
    if game.ask() is None:
        assert ref.done and list(game.result.net) == ref.net
    return ref
