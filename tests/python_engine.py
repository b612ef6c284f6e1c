"""The Python flow of a hand of play: the slow, readable reference the game kernels are held to
(``solver.game.engine.Game`` plays every hand in the kernels; tests/test_game_kernels.py and
tests/test_game_lenient.py hold the two equal, event for event, strict and lenient).

``Game(rules, seed=…)`` deals; ``ask()`` is the decision the engine waits for (an ``Ask``: a seat and
its legal options), ``play(move)`` answers it, until ``result`` is set.  Every legal option comes from
the obligations engine (``solver.engine.obligations.decide``, which ``phz act`` answers with).  The
win is settled here on its own (``settle``, below), as the kernels settle it.

Order of play (RULES.md 10):

* deal (the dealer 21 tiles, the others 20, the rest is the stock), 亮张,
  前提 (every dealt four laid out), 天胡, then 起手胡 on the 亮张 (only 胡 is
  asked), then the dealer keeps it (收张) and discards when he holds a tile
  more than a hand at rest;
* a turn: the player to move draws the top stock tile.  A tile that makes
  his own 提 or 偎, or a group that others may not win on (the take table's
  ``others_win``, luzhou's 招), is taken first and only its taker may win on
  it (stage ``first``).  Otherwise the tile is shown and claimed in this
  order, each seat asked only when everyone before it declined: 胡 (from the
  drawer on, or from the discarder's lower player), the compulsory 跑/提
  (``take``), 碰, then 吃 (the drawer, then his lower player; for a discard,
  the discarder's lower player only);
* a taker discards when his hand holds a tile more than at rest
  (``Seat.owes_discard``); the discard is claimed the same way, without the
  discarder; a tile nobody takes stays face up in front of the player who
  drew or discarded it, and the next player draws;
* a win ends the hand (``settle``); a draw from an empty stock is 荒庄.

臭: a seat asked at the 碰 stage that declines a legal 碰 gets the tile 臭
for 碰; one asked at the 吃 stage that declines a legal 吃 gets it 臭 for 吃
(under 过张只能胡 either makes it a passed tile); a seat never asked gets none.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generator

from solver.engine import obligations, reference
from solver.game import events as ev
from solver.game.deal import deal_event, deal_tiles, set_aside, tianhu_win, unplayable, without_liang
from solver.game.legality import IllegalMove, forbidden_entry, offence_of, why_illegal
from solver.game.moves import Ask, Move, move_text
from solver.game.settle import Result, pay_penalties
from solver.game.table import Seat, lower, origin, playing
from solver.model.hand import Meld
from solver.model.results import Action, Decision, Win
from solver.model.rules import FOUR_KINDS, Ruleset
from solver.model.tiles import COPIES, N_KINDS, glyph, glyphs

__all__ = ["Game", "IllegalMove", "Result", "deal_tiles"]


@dataclass
class _Round:
    """The claims on one tile: who revealed it, how, each seat's decision, which stages are done."""
    tile: int
    by: int
    kind: str  # draw or discard
    seats: list[int]
    dec: dict[int, Decision]
    dealer_first: bool
    can_win: bool
    done: set[str] = field(default_factory=set)


@dataclass(frozen=True)
class _Broken:
    """A move that breaks a rule, applied by a lenient replay: the offence (a key of Ruleset.penalties)."""
    seat: int
    move: Move
    offence: str


_Flow = Generator[Ask, Move | _Broken, None]  # the flow of play: yields each Ask, is sent its answer


def _move_of(action: Action) -> Move:
    return Move(action.action, chi=action.chi, bi=action.bi)


class Game:
    """One hand of play (module docstring).  ``events`` is the record of everything that happened."""

    def __init__(self, rules: Ruleset, *, seed: int = 0, dealer: int | None = None,
                 hands: list[list[int]] | None = None, stock: list[int] | None = None, lenient: bool = False):
        self.rules = rules
        self.lenient = lenient
        self.quiet = False  # record no events (a rollout's game)
        self.seed = seed
        self.n = rules.game.players
        why = unplayable(rules)
        if why:
            raise ValueError(why)
        if hands is None:
            hands, stock, drawn_dealer = deal_tiles(seed, rules)
            dealer = drawn_dealer if dealer is None else dealer
        self.dealer = 0 if dealer is None else dealer
        self.out = rules.game.sits_out(self.dealer)  # the seat sitting out (坐底), or None
        # hands[i] is the i-th hand dealt, from the dealer on
        self.seats = [Seat([0] * N_KINDS) for _ in range(self.n)]
        for p, tiles in zip(self._order(self.dealer), hands):
            for t in tiles:
                self.seats[p].concealed[t] += 1
        self.liang = hands[0][-1] if rules.game.liang else None
        assert stock is not None  # given with the hands (else dealt with them above)
        self.stock = list(stock)
        self.buried = set_aside(hands, self.stock) if rules.game.set_aside else []
        self.events: list[ev.Event] = []
        self.result: Result | None = None
        self.turn = self.dealer  # the seat to move
        self.table: tuple[int, int, str] | None = None  # (tile, by seat, draw/discard) on the table
        self.last_stock = False  # the tile on the table is the last stock tile
        self.first_discard = True  # the dealer's first discard is still to come (地胡)
        self.table_first = False  # the tile on the table is the dealer's first discard
        self.turns = 0
        self.penalties: list[tuple[int, str, int]] = []  # (seat, offence, amount), lenient replays only
        if not self.quiet:
            self.events.append(deal_event(rules, self.dealer, hands, self.stock, self.buried))
        self._asked: Ask | None = None
        self._flow = self._run()
        self._advance(None)

    @classmethod
    def resume(cls, rules: Ruleset, seats: list[Seat], stock: list[int], *, dealer: int, turn: int,
               table: tuple[int, int, str] | None = None, first_discard: bool = False, last_stock: bool = False,
               turns: int = 0, quiet: bool = False) -> "Game":
        """A hand taken up in the middle of play (the win-chance rollouts of ``solver.game.winrate``):
        ``seats`` as they are, the ``stock`` top first, ``turn`` the seat to move.  With ``table``
        (tile, by, draw or discard) the tile on it is claimed first; else a seat that owes a discard
        (``Seat.owes_discard``) discards; else ``turn`` draws.  ``first_discard``: the dealer's first
        discard is still to come, or is the tile on the table (地胡).  The record starts at a ``resume`` event
        (``quiet``: no record is kept at all, for speed)."""
        self = cls.__new__(cls)
        self.rules, self.lenient, self.seed, self.n, self.quiet = rules, False, 0, rules.game.players, quiet
        self.dealer, self.seats, self.liang, self.stock = dealer, seats, None, list(stock)
        self.out, self.buried = rules.game.sits_out(dealer), []
        self.events, self.result, self.turn, self.table = [], None, turn, None
        self.last_stock, self.first_discard, self.turns, self.penalties = last_stock, first_discard, turns, []
        self.table_first = False
        self._event(ev.ResumeEvent(turn=turn))
        self._asked = None
        self._flow = self._resumed(table)
        self._advance(None)
        return self

    def _resumed(self, table: tuple[int, int, str] | None) -> _Flow:
        if table is not None:
            x, by, kind = table
            first = kind == "discard" and by == self.dealer and self.first_discard
            if first:
                self.first_discard = False
            yield from self._claims(x, by, kind, first)
        else:
            owing = next((p for p in self._order(self.turn) if self.seats[p].owes_discard()), None)
            if owing is not None:
                yield from self._after_take(owing)
        yield from self._turns()

    # ------------------------------------------------------------ the interface

    def ask(self) -> Ask | None:
        """The decision waited for, or None when the hand is over."""
        return self._asked

    def play(self, move: Move, *, lenient: bool = False, seat: int | None = None) -> str | None:
        """Answer the current ``ask()`` with one of its options; IllegalMove otherwise.

        ``lenient`` (a replay of a record typed in from a real table, in a
        Game made with ``lenient=True``, which also stops at a tile nobody may
        claim with an ``open`` Ask whose only option is to pass): a move
        that is possible but breaks a rule is applied and its offence returned
        (a key of ``Ruleset.penalties``: 诈胡, 走跑, 失提, 烧比 / 吃包子, 臭张),
        the penalty recorded; ``seat`` may then name another seat claiming the
        tile on the table (those asked before it pass).  A move that cannot be
        made is refused all the same."""
        ask = self._asked
        if ask is None:
            raise IllegalMove("the hand is over: no move is asked")
        who = ask.seat if seat is None else seat
        if who == ask.seat and move in ask.options:
            if ask.stage == "open":  # nobody claimed the tile: not a decision
                self._advance(move)
                return None
            if not self.quiet:
                self._event(ev.MoveEvent(seat=ask.seat, stage=ask.stage,
                                      tile=glyph(ask.tile) if ask.tile is not None else None,
                                      offered=tuple(move_text(m) for m in ask.options), move=move_text(move)))
            self._advance(move)
            return None
        if not lenient:
            raise IllegalMove(why_illegal(ask, move), forbidden_entry(ask, move))
        offence = offence_of(self, ask, who, move)
        self._event(ev.MoveEvent(seat=who, stage=ask.stage if who == ask.seat else "claim",
                              tile=glyph(ask.tile) if ask.tile is not None else None, move=move_text(move),
                              offence=offence or None))
        self._advance(_Broken(who, move, offence))
        return offence

    def view(self, seat: int):
        """What ``seat`` sees of the table (``solver.game.view.SeatView``)."""
        from .view import view_of
        return view_of(self, seat)

    # ------------------------------------------------------------ plumbing

    def _event(self, event: ev.Event) -> None:
        if not self.quiet:
            self.events.append(event)

    def _advance(self, move: Move | _Broken | None) -> None:
        try:  # None starts the flow (as send(None) would)
            self._asked = next(self._flow) if move is None else self._flow.send(move)
        except StopIteration:
            self._asked = None

    def _decide(self, seat: int, tile: int, by: int, kind: str) -> Decision:
        s = self.seats[seat]
        return obligations.decide(s.hand(), tile=tile, source=origin(seat, by, kind, self.n, self.out),
                                  chou=s.chou, passed_peng=s.passed_peng, rules=self.rules)

    def _order(self, start: int) -> list[int]:
        """The seats that play, in turn order from ``start``."""
        return playing(start, self.n, self.out)

    def _lower(self, p: int) -> int:
        return lower(p, self.n, self.out)

    # ------------------------------------------------------------ the flow

    def _run(self) -> _Flow:
        yield from self._start()
        yield from self._turns()

    def _turns(self) -> _Flow:
        """Turn after turn until the hand ends."""
        while self.result is None:
            if not self.stock:
                self._event(ev.DrawnEvent())
                self._finish(None, None, None, None, ())
                return
            p = self.turn
            t = self.stock.pop(0)
            self.turns += 1
            self.last_stock = not self.stock
            self._event(ev.DrawEvent(seat=p, tile=glyph(t)))
            yield from self._claims(t, p, "draw")

    def _start(self) -> _Flow:
        rules, d = self.rules, self.dealer
        for p in self._order(d):  # 前提: every dealt four laid out
            s = self.seats[p]
            for t in range(N_KINDS):
                if s.concealed[t] == COPIES:
                    s.concealed[t] = 0
                    _lay(s, rules.dealt_four, (t,) * COPIES)
                    self._event(ev.MeldEvent(seat=p, kind=rules.dealt_four, tiles=glyph(t) * COPIES))
        for p in self._order(d):  # 天胡
            win = tianhu_win(self.seats[p], rules)
            if win is not None:
                self._win(p, win, None, "self", ("tianhu",))
                return
        if self.liang is not None:  # 起手胡 on the 亮张
            x = self.liang
            for p in self._order(d):
                hand = without_liang(self.seats[p], x) if p == d else self.seats[p].hand()
                where = "self-draw" if p == d else origin(p, d, "draw", self.n, self.out)
                src = obligations.TAKE_SOURCE[where]
                decision = obligations.decide(hand, tile=x, source=where, rules=rules)  # its quick test first
                if _hu(decision) is None:
                    continue
                win = _best_win(hand, x, src, rules, ("qishou",))
                move = yield Ask(p, "qishou", x, where, (Move("hu"), Move("pass")), decision)
                assert isinstance(move, Move)  # offence_of refuses a lenient move at 起手胡: no _Broken here
                if move.kind == "hu":
                    assert win is not None  # 胡 was offered: the reference has its best win
                    self._win(p, win, x, src, ("qishou",))
                    return
        self.turn = d
        yield from self._after_take(d)  # 收张

    def _claims(self, x: int, by: int, kind: str, dealer_first: bool = False) -> _Flow:
        """The claims on tile x revealed by seat ``by`` (a ``draw`` or a ``discard``; ``dealer_first``:
        the dealer's first discard), in order."""
        seats = self._order(by) if kind == "draw" else self._order(self._lower(by))[:-1]
        dec = {p: self._decide(p, x, by, kind) for p in seats}
        self.table = (x, by, kind)
        self.table_first = dealer_first
        rnd = _Round(x, by, kind, seats, dec, dealer_first,
                     not (kind == "draw" and self.last_stock and not self.rules.game.last_wins))
        first = self._first_taker(x, by, kind, dec)
        if first is not None:
            p, take = first
            options = [Move("hu")] if rnd.can_win and _hu(dec[p]) else []
            options.append(_move_of(take))
            move = yield Ask(p, "first", x, origin(p, by, kind, self.n, self.out), tuple(options), dec[p])
            if isinstance(move, _Broken):
                yield from self._broken(move, rnd)
            elif move.kind == "hu":
                self._won(p, rnd)
            else:
                yield from self._taken(p, take, x)
            return
        yield from self._stages(rnd)

    def _stages(self, rnd: "_Round", skip: frozenset[int] = frozenset()) -> _Flow:
        """The claim stages 胡, 跑/提, 碰, 吃 on the tile of ``rnd`` (seats in ``skip`` are not asked)."""
        x, by, kind, dec = rnd.tile, rnd.by, rnd.kind, rnd.dec
        seats = [p for p in rnd.seats if p not in skip]
        if rnd.can_win and "hu" not in rnd.done:
            rnd.done.add("hu")
            for p in seats:
                if _hu(dec[p]) is None:
                    continue
                move = yield Ask(p, "hu", x, dec[p].source, (Move("hu"), Move("pass")), dec[p])
                if isinstance(move, _Broken):
                    yield from self._broken(move, rnd)
                    return
                if move.kind == "hu":
                    self._won(p, rnd)
                    return

        for p in seats:  # the compulsory 跑 / 提 of a 坎, 偎 or 碰
            take = next((a for a in dec[p].actions if a.action in FOUR_KINDS and a.compulsory), None)
            if take is not None:
                move = yield Ask(p, "take", x, dec[p].source, (_move_of(take),), dec[p])
                if isinstance(move, _Broken):
                    yield from self._broken(move, rnd)
                else:
                    yield from self._taken(p, take, x)
                return

        for p in seats:
            peng = next((a for a in dec[p].actions if a.action == "peng"), None)
            if peng is None:
                continue
            options = (Move("peng"),) if peng.compulsory else (Move("peng"), Move("pass"))
            move = yield Ask(p, "peng", x, dec[p].source, options, dec[p])
            if isinstance(move, _Broken):
                yield from self._broken(move, rnd)
                return
            if move.kind == "peng":
                yield from self._taken(p, peng, x)
                return
            self._passed(p, x, "peng")

        eaters = [by, self._lower(by)] if kind == "draw" else [self._lower(by)]
        for p in eaters:
            ways = [a for a in dec[p].actions if a.action == "chi"]
            if not ways or p in skip:
                continue
            move = yield Ask(p, "chi", x, dec[p].source, tuple(_move_of(a) for a in ways) + (Move("pass"),), dec[p])
            if isinstance(move, _Broken):
                yield from self._broken(move, rnd)
                return
            if move.kind == "chi":
                way = next(a for a in ways if (a.chi, a.bi) == (move.chi, move.bi))
                yield from self._taken(p, way, x)
                return
            self._passed(p, x, "chi")

        if self.lenient:  # a record typed in may still claim it, breaking a rule
            move = yield Ask(by, "open", x, origin(by, by, kind, self.n), (Move("pass"),))
            if isinstance(move, _Broken):
                yield from self._broken(move, rnd)
                return
        self.seats[by].faces.append(x)  # nobody took it
        self.table = None
        self._event(ev.FaceUpEvent(seat=by, tile=glyph(x)))
        self.turn = self._lower(by)

    def _broken(self, b: _Broken, rnd: _Round) -> _Flow:
        """Apply a move of a lenient replay (``_offence``), with its penalty."""
        p, move, x = b.seat, b.move, rnd.tile
        if b.offence:
            amount = self.rules.penalties[b.offence]
            self.penalties.append((p, b.offence, amount))
            self._event(ev.PenaltyEvent(seat=p, offence=b.offence, amount=amount))
        if move.kind == "hu":
            if b.offence:  # 诈胡: the hand ends, nobody wins
                self._finish(None, None, None, None, ())
            else:
                self._won(p, rnd)
            return
        if move.kind == "pass":  # 走跑 / 失提: the tile goes on to the other claims
            yield from self._stages(rnd, frozenset({p}))
            return
        held = obligations.holding(self.seats[p].hand(), x)
        yield from self._taken(p, Action(move.kind, chi=move.chi, bi=move.bi, onto=held), x)

    def _won(self, p: int, rnd: "_Round") -> None:
        d = rnd.dec[p]
        hu = _hu(d)
        assert hu is not None and hu.win is not None  # p was offered 胡, or claims it legally (_broken)
        self._win(p, hu.win, rnd.tile, obligations.TAKE_SOURCE[d.source],
                  self._conditions(p, rnd.kind, rnd.dealer_first), decision=d)

    def _first_taker(self, x: int, by: int, kind: str, dec: dict[int, Decision]) -> tuple[int, Action] | None:
        """A take made before any claim: the drawer's own 提 or 偎, or a compulsory group that the
        take table says no other player may win on (luzhou's 招)."""
        for p, d in dec.items():
            take = d.compulsory
            if take is None or take.action not in FOUR_KINDS + ("wei",):
                continue
            row = self.rules.take.get((obligations.holding(self.seats[p].hand(), x),
                                       obligations.TAKE_SOURCE[d.source]))
            own = p == by and kind == "draw" and take.action in ("ti", "wei")
            if own or (row is not None and not row.others_win):
                return p, take
        return None

    def _passed(self, p: int, x: int, stage: str) -> None:
        """Seat p declined a legal 碰 or 吃 of x: 臭 for that move (under 过张只能胡, a passed tile)."""
        s = self.seats[p]
        both = self.rules.passed == "hu_only"
        if stage == "peng" or both:
            s.passed_peng.add(x)
        if stage == "chi" or both:
            s.chou.add(x)

    def _taken(self, p: int, action: Action, x: int) -> _Flow:
        """Seat p takes x with ``action``; then its discard, if one follows."""
        s = self.seats[p]
        kind = action.action
        _claim(s, action, x)
        self.table = None
        if not self.quiet:
            melds = s.melds[-1 - len(action.bi):] if kind == "chi" else [_meld_of(s, x)]
            self._event(ev.TakeEvent(seat=p, kind=kind, tile=glyph(x), melds=tuple(m.text() for m in melds)))
        yield from self._after_take(p)

    def _after_take(self, p: int) -> _Flow:
        s = self.seats[p]
        if s.owes_discard():
            move = yield Ask(p, "discard", None, None, tuple(Move("discard", tile=t) for t in s.discardable()))
            assert isinstance(move, Move) and move.tile is not None  # one of the discards (offence_of refuses others)
            t = move.tile
            s.concealed[t] -= 1
            if self.rules.own_discard_makes_chou:
                s.chou.add(t)
            first = self.first_discard and p == self.dealer
            if p == self.dealer:
                self.first_discard = False
            self.last_stock = False
            self._event(ev.DiscardEvent(seat=p, tile=glyph(t)))
            yield from self._claims(t, p, "discard", first)
        else:
            self.turn = self._lower(p)

    def _conditions(self, p: int, kind: str, dealer_first: bool) -> tuple[str, ...]:
        """The game conditions of a win of seat p on the tile on the table (fan table rows that need a game)."""
        out = []
        if kind == "draw" and self.last_stock:
            out.append("haidi")
        if (kind == "discard" and dealer_first and self.rules.game.dihu == "lower_on_first_discard"
                and p == self._lower(self.dealer)):
            out.append("dihu")
        return tuple(out)

    def _win(self, p: int, win: Win, x: int | None, source: str, conditions: tuple[str, ...],
             decision: Decision | None = None) -> None:
        if conditions and decision is not None and x is not None:
            win = _best_win(decision.hand, x, source, self.rules, conditions) or win
        self._event(ev.WinEvent(seat=p, tile=glyph(x) if x is not None else None, source=source,
                             conditions=tuple(conditions), how=win.how, huxi=win.huxi, deng=win.deng, fan=win.fan,
                             fan_names=tuple(win.fan_names), score=win.score))
        self._finish(p, win, x, source, conditions)

    def _finish(self, p: int | None, win: Win | None, x: int | None, source: str | None,
                conditions: tuple[str, ...]) -> None:
        void = p is not None and any(o == p for o, _, _ in self.penalties)  # an offender's own win is void
        net = pay_penalties(list(settle(self.n, None if void else p, win, source,
                                        self.table[1] if self.table else None, self.rules, self.out)),
                            self.penalties, self.rules, self.out)
        self.result = Result(p, win, x, source, conditions, tuple(net), tuple(self.penalties))
        self._event(ev.SettleEvent(net=tuple(net)))


def _meld_of(s: Seat, x: int) -> Meld:
    return next(m for m in reversed(s.melds) if m.tiles[0] == x and len(set(m.tiles)) == 1)


def _hu(d: Decision) -> Action | None:
    return next((a for a in d.actions if a.action == "hu"), None)


def _best_win(hand, x: int, source: str, rules: Ruleset, conditions: tuple[str, ...]) -> Win | None:
    return reference.best_win(hand, x, source, rules, conditions=frozenset(conditions))


def settle(n: int, winner: int | None, win: Win | None, source: str | None, discarder: int | None,
           rules: Ruleset, out: int | None = None) -> tuple[int, ...]:
    """Net score per seat of ``n``: each other player pays the winner the win's score (RULES.md 10;
    ``pay = discarder``: a discard win is paid by the discarder alone, for all); a drawn hand pays
    nothing; the seat sitting out (``out``, 坐底) neither pays nor is paid (RULES.md 10b)."""
    net = [0] * n
    if winner is None or win is None:
        return tuple(net)
    payers = [p for p in range(n) if p not in (winner, out)]
    if source == "discard" and rules.game.pay == "discarder" and discarder is not None:
        net[discarder] -= win.score * len(payers)
    else:
        for p in payers:
            net[p] -= win.score
    net[winner] += win.score * len(payers)
    return tuple(net)


# ---------------------------------------------------------------- a seat's melds laid out (the kernels: play_moves.take_into)

def _lay(self: Seat, kind: str, tiles: tuple[int, ...], *, shown: bool = True) -> None:
    self.melds.append(Meld(kind, tiles))
    self.shown.append(shown)

def _upgrade(self: Seat, tile: int, kind: str, *, shown: bool = True) -> bool:
    """Turn the exposed 偎 or 碰 of ``tile`` into ``kind`` (4 tiles); False when there is none."""
    for i, m in enumerate(self.melds):
        if m.kind in ("wei", "peng") and m.tiles[0] == tile:
            self.melds[i] = Meld(kind, (tile,) * 4)
            self.shown[i] = shown
            return True
    return False

def _claim(self: Seat, action, x: int) -> None:
    """Take tile x by ``action`` (a ``solver.model.results.Action``: 吃 with its 比, 碰, 偎, or a
    跑/提 onto a 坎 or an exposed 偎/碰): its melds laid out, never x put into the hand (RULES.md 3)."""
    kind = action.action
    if kind == "chi":
        used = [t for g in (action.chi, *action.bi) for t in g]
        used.remove(x)
        _take(self, used)
        _lay(self, "chi", action.chi)
        for g in action.bi:
            _lay(self, "chi", g)
    elif kind in ("peng", "wei"):
        _take(self, (x, x))
        _lay(self, kind, (x,) * 3, shown=kind != "wei" or action.chou_wei)
    elif action.onto == "kan":
        _take(self, (x,) * 3)
        _lay(self, kind, (x,) * 4, shown=True)
    else:
        _upgrade(self, x, kind)

def _take(self: Seat, tiles) -> None:
    """Remove ``tiles`` from the concealed ones (all or none: ValueError when one is missing)."""
    tiles = list(tiles)
    for t in set(tiles):
        if tiles.count(t) > self.concealed[t]:
            raise ValueError(f"no {glyphs((t,))} left in the hand to lay out")
    for t in tiles:
        self.concealed[t] -= 1
