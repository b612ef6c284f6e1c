"""One hand of 跑胡子, played by the rules of a ruleset in the game kernels (RULES.md 10).

``Game(rules, seed=…)`` deals; ``ask()`` is the decision the game waits for (an ``Ask``: a seat and
its legal options), ``play(move)`` answers it, until ``result`` is set.  The kernels
(``solver.engine._game_kernels``) make the moves legal, claimed and applied, from the rule table that
``phz act`` answers with, so the table and ``phz act`` never disagree; this class turns their arrays
into ``Ask``, ``Move`` and the events (``solver.game.events``).  An illegal move is refused with the
reason ``phz act`` gives (``explain``: each ``Ask`` carries the obligations engine's whole answer).
The same seed and the same moves give the same game, always: the only randomness is the deal's.

Order of play: deal (the dealer 21 tiles, the others 20, the rest the stock), 亮张, 前提 (every dealt
four laid out), 天胡, 起手胡 on the 亮张, then the dealer keeps it and discards; a turn draws the top
stock tile, which is taken first by its drawer's own 提/偎 (or a group others may not win on), else
claimed in order 胡, the compulsory 跑/提, 碰, 吃 (the drawer, then his lower player; for a discard the
discarder's lower player only); a taker discards when he owes one; a tile nobody takes stays face up
and the next player draws; a win ends the hand, a draw from an empty stock is 荒庄.  A seat that
declines a legal 碰 or 吃 gets the tile 臭 for it.  ``tests/python_engine.py`` writes the same flow
out in Python, the reference this is held to, event for event.

Whole hands of bots played inside the kernels: ``solver.game.whole_hands``.

Importing this module imports numba.
"""
from __future__ import annotations

from ..engine import _game_state as G
from ..engine import dealt, game_steps, obligations, reference
from ..engine import play_rules as P
from ..engine.game_steps import CONDITION_BITS, tables_of
from ..model.groups import SHAPES
from ..model.hand import Hand, Meld
from ..model.results import HOWS, SOURCES, Decision, Win
from ..model.rules import FOUR_KINDS, Ruleset
from ..model.tiles import glyph
from .deal import deal_event, deal_tiles, set_aside, unplayable, without_liang
from .events import (
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
)
from .legality import IllegalMove, forbidden_entry, offence_of, why_illegal
from .moves import Ask, Move, move_text
from .settle import Result, pay_penalties
from .table import Seat, origin, playing

__all__ = ["Game"]

_EVENT_ORDER = ("haidi", "dihu", "tianhu", "qishou")  # as the engine lists a win's conditions
STAGES = ("qishou", "first", "hu", "take", "peng", "chi", "discard", "open")
_FOURS = FOUR_KINDS + ("long",)
assert G.ST_OPEN == len(STAGES) - 1


_BITS = dict(CONDITION_BITS)


def conditions_of(mask: int) -> list[str]:
    """A win's game conditions as its event names them."""
    return [name for name in _EVENT_ORDER if mask & _BITS[name]]


def move_of(row) -> Move:
    """The Move of an option row of the kernels' question."""
    a = int(row[P.A_KIND])
    if a == G.DISCARD:
        return Move("discard", tile=int(row[P.A_CHI]))
    name = P.ACTION_NAMES[a]
    if name == "chi":
        return Move("chi", chi=tuple(SHAPES[row[P.A_CHI]]),
                    bi=tuple(tuple(SHAPES[b]) for b in row[P.A_BI:P.A_BI + 3] if b >= 0))
    return Move(name)


class Game:
    """One hand of play in the kernels, driven a decision at a time (module docstring)."""

    def __init__(self, rules: Ruleset, *, seed: int = 0, dealer: int | None = None,
                 hands: list[list[int]] | None = None, stock: list[int] | None = None, lenient: bool = False,
                 explain: bool = False):
        why = unplayable(rules)
        if why:
            raise ValueError(why)
        self.rules = rules
        self.seed = seed
        self.n = rules.game.players
        self.explain = explain or lenient
        self.tables = tables_of(rules)
        self.st = game_steps.new_state()
        if hands is None:
            hands, stock, drawn = deal_tiles(seed, rules)
            dealer = drawn if dealer is None else dealer
        dealer = 0 if dealer is None else dealer
        if stock is None:
            raise ValueError("a deal given by its hands needs its stock too")
        self.out = rules.game.sits_out(dealer)
        self.liang = hands[0][-1] if rules.game.liang else None
        self.buried = set_aside(hands, stock) if rules.game.set_aside else []
        self.events: list[Event] = [deal_event(rules, dealer, hands, stock, self.buried)]
        self.penalties: list[tuple[int, str, int]] = []  # (seat, offence, amount), lenient replays only
        self._tianhu: Win | None = None
        self._asked: Ask | None = None
        self._dec: dict[int, Decision] = {}  # each seat's decision at the tile on the table, when asked
        self._result: Result | None = None
        self._seats: list[Seat] | None = None
        need = game_steps.deal(self.st, self.tables, hands, stock, dealer)
        self.st[G.G_LENIENT] = int(lenient)
        self._read_events()
        if need == G.NEED_TIANHU:
            self._judge_tianhu()
        game_steps.advance(self.st, self.tables)
        self._read_events()

    # ------------------------------------------------------------ what the table holds

    @property
    def dealer(self) -> int:
        return int(self.st[G.G_DEALER])

    def hand(self, p: int) -> Hand:
        """Seat p's hand as the obligations engine reads it."""
        st = self.st
        conc = tuple(st[G.S_CONC + 20 * p:G.S_CONC + 20 * p + 20].tolist())
        nm = int(st[G.S_NM + p])
        kinds = st[G.S_MK + G.MAXM * p:G.S_MK + G.MAXM * p + nm].tolist()
        tiles = st[G.S_MT + 3 * G.MAXM * p:G.S_MT + 3 * (G.MAXM * p + nm)].tolist()
        melds = []
        for j, k in enumerate(kinds):
            kind = P.KIND_NAMES[k]
            t = tuple(tiles[3 * j:3 * j + 3])
            melds.append(Meld(kind, t + (t[0],) if kind in _FOURS else t))
        return Hand(conc, tuple(melds))

    @property
    def seats(self) -> list[Seat]:
        """The seats as ``Game.seats`` holds them (read off the state once a move; do not change them):
        what ``view.view_of`` and the bots read."""
        if self._seats is not None:
            return self._seats
        st = self.st
        out = []
        for p in range(self.rules.game.players):
            h = self.hand(p)
            shown = [bool(v) for v in st[G.S_SHOWN + G.MAXM * p:G.S_SHOWN + G.MAXM * p + len(h.melds)].tolist()]
            faces = st[G.S_FACES + G.FMAX * p:G.S_FACES + G.FMAX * p + int(st[G.S_NF + p])].tolist()
            chou = {t for t, v in enumerate(st[G.S_CHOU + 20 * p:G.S_CHOU + 20 * p + 20].tolist()) if v}
            passed = {t for t, v in enumerate(st[G.S_PASSED + 20 * p:G.S_PASSED + 20 * p + 20].tolist()) if v}
            out.append(Seat(list(h.concealed), list(h.melds), shown, faces, chou, passed))
        self._seats = out
        return out

    @property
    def turn(self) -> int:
        return int(self.st[G.G_TURN])

    @property
    def turns(self) -> int:
        return int(self.st[G.G_TURNS])

    @property
    def stock(self) -> list[int]:
        """The stock tiles still to be drawn, the next first."""
        st = self.st
        return st[G.STOCK + st[G.G_STOCK_AT]:G.STOCK + st[G.G_STOCK_END]].tolist()

    @property
    def table(self) -> tuple[int, int, str] | None:
        """The tile on the table waiting for claims: (tile, by seat, draw or discard), or None."""
        st = self.st
        if st[G.G_TABLE] < 0:
            return None
        return int(st[G.G_TABLE]), int(st[G.G_TABLE_BY]), "discard" if st[G.G_TABLE_KIND] else "draw"

    def chou_wei(self, p: int) -> int:
        """The 臭偎 seat p has made (onto a pair whose 碰 it passed)."""
        return int(self.st[G.G_CHOU_WEI + p])

    @property
    def first_discard(self) -> bool:
        """The dealer's first discard is still to come (地胡)."""
        return bool(self.st[G.G_FIRST_DISCARD])

    @property
    def table_first(self) -> bool:
        """The tile on the table is the dealer's first discard."""
        return self.table is not None and bool(self.st[G.R_DFIRST])

    @property
    def last_stock(self) -> bool:
        """The tile on the table is the last stock tile."""
        return bool(self.st[G.G_LAST_STOCK])

    def view(self, seat: int):
        """What ``seat`` sees of the table (``solver.game.view.SeatView``)."""
        from .view import view_of
        return view_of(self, seat)

    @property
    def result(self) -> Result | None:
        """How the hand ended (None while it goes on): the win with its groups, the net scores with the
        penalties of a lenient replay paid."""
        st = self.st
        if st[G.G_STATUS] != G.DONE:
            return None
        if self._result is None:
            winner = int(st[G.G_WINNER])
            net = tuple(self._net(st[G.G_NET:G.G_NET + G.N].tolist()))
            if winner < 0:
                self._result = Result(None, None, None, None, (), net, tuple(self.penalties))
            else:
                tile = int(st[G.G_WIN_TILE])
                source = SOURCES[st[G.G_WIN_SRC]]
                conditions = tuple(conditions_of(int(st[G.G_COND])))
                self._result = Result(winner, self._win_of(winner, tile, source, conditions),
                                      tile if tile >= 0 else None, source, conditions, net, tuple(self.penalties))
        return self._result

    def _net(self, kernel_net: list[int]) -> list[int]:
        """The kernels' settlement of the win with the penalties paid on top (``settle.pay_penalties``)."""
        return pay_penalties(kernel_net[:self.n], self.penalties, self.rules, self.out)

    def _win_of(self, p: int, x: int, source: str, conditions: tuple[str, ...]) -> Win | None:
        """The winner's Win with its groups, from his hand as the kernels leave it (a win adds no tile):
        天胡 as the judge found it, 起手胡 on the dealer's hand before his 亮张."""
        if self.st[G.G_HOW] == G.HOW_TIANHU:
            return self._tianhu
        dealer_liang = "qishou" in conditions and p == self.dealer
        hand = without_liang(self.seats[p], x) if dealer_liang else self.hand(p)
        return reference.best_win(hand, x, source, self.rules, conditions=frozenset(conditions))

    # ------------------------------------------------------------ playing

    def ask(self) -> Ask | None:
        """The decision waited for, or None when the hand is over (with ``explain``, the obligations
        engine's whole answer for the seat and tile, as ``phz act`` gives it)."""
        st = self.st
        if st[G.G_STATUS] != G.ASKED:
            return None
        if self._asked is None:
            n = int(st[G.Q_N])
            options = tuple(move_of(st[G.Q_OPT + k * P.A_SIZE:G.Q_OPT + (k + 1) * P.A_SIZE]) for k in range(n))
            tile = int(st[G.Q_TILE])
            seat, stage = int(st[G.Q_SEAT]), STAGES[st[G.Q_STAGE]]
            origin = int(st[G.Q_ORIGIN])
            where = P.ORIGINS[origin] if origin >= 0 else None
            if stage == "open":  # the tile before the seat that revealed it
                where = f"self-{self.table[2]}" if self.table else None
            self._asked = Ask(seat, stage, tile if tile >= 0 else None, where, options,
                              self._decision(seat, stage, tile, where) if self.explain else None)
        return self._asked

    def _decision(self, p: int, stage: str, x: int, where: str | None) -> Decision | None:
        if stage == "qishou" and where is not None:  # (a tile asked about has its origin)
            hand = without_liang(self.seats[p], x) if p == self.dealer else self.hand(p)
            return obligations.decide(hand, tile=x, source=where, rules=self.rules)
        if stage in ("discard", "open") or self.table is None:
            return None
        if p not in self._dec:  # (as the tile was revealed: a 碰 passed at it changes no answer of it)
            self._dec[p] = self._decide(p, *self.table)
        return self._dec[p]

    def _decide(self, seat: int, tile: int, by: int, kind: str) -> Decision:
        """The obligations engine's answer for ``seat`` at ``tile`` revealed by ``by`` (``legality``)."""
        s = self.seats[seat]
        return obligations.decide(s.hand(), tile=tile, source=origin(seat, by, kind, self.n, self.out),
                                  chou=s.chou, passed_peng=s.passed_peng, rules=self.rules)

    def play(self, move: Move, *, lenient: bool = False, seat: int | None = None) -> str | None:
        """Answer the question asked with one of its options; IllegalMove otherwise.

        ``lenient`` (a replay of a record typed in from a real table, in a game made with
        ``lenient=True``, which also stops at a tile nobody may claim with an ``open`` Ask whose only
        option is to pass): a move that is possible but breaks a rule is made and its offence returned
        (a key of ``Ruleset.penalties``: 诈胡, 走跑, 失提, 烧比 / 吃包子, 臭张), the penalty recorded;
        ``seat`` may then name another seat claiming the tile on the table (those asked before it
        pass).  A move that cannot be made is refused all the same."""
        ask = self.ask()
        if ask is None:
            raise IllegalMove("the hand is over: no move is asked")
        who = ask.seat if seat is None else seat
        tile = glyph(ask.tile) if ask.tile is not None else None
        if who == ask.seat and move in ask.options:
            if ask.stage != "open":  # (nobody claimed the tile: not a decision)
                self.events.append(MoveEvent(seat=ask.seat, stage=ask.stage, tile=tile,
                                             offered=tuple(move_text(m) for m in ask.options), move=move_text(move)))
            self._answer(ask.options.index(move))
            return None
        if not lenient:
            raise IllegalMove(why_illegal(ask, move), forbidden_entry(ask, move))
        offence = offence_of(self, ask, who, move)
        self.events.append(MoveEvent(seat=who, stage=ask.stage if who == ask.seat else "claim", tile=tile,
                                     move=move_text(move), offence=offence or None))
        if offence:
            amount = self.rules.penalties[offence]
            self.penalties.append((who, offence, amount))
            self.events.append(PenaltyEvent(seat=who, offence=offence, amount=amount))
        st = self.st
        st[G.B_SEAT] = who
        st[G.B_ROW:G.B_ROW + P.A_SIZE] = 0
        kind, *shapes = game_steps.move_row(move)
        st[G.B_ROW + P.A_KIND] = kind
        st[G.B_ROW + P.A_CHI] = shapes[0]
        st[G.B_ROW + P.A_BI:G.B_ROW + P.A_BI + 3] = shapes[1:]
        st[G.B_OFFENCE] = int(bool(offence))
        self._answer(G.BROKEN)
        return offence

    def _answer(self, k: int) -> None:
        self._seats = None
        self._asked = None
        game_steps.answer(self.st, self.tables, k)
        self._read_events()

    # ------------------------------------------------------------ plumbing

    def _judge_tianhu(self) -> None:
        """天胡 as ``solver.engine.dealt`` judges it, the dealer first: the kernels ask when some hand may
        have it."""
        g = self.rules.game
        for p in playing(self.dealer, g.players, g.sits_out(self.dealer)):
            win = dealt.tianhu(self.hand(p), self.rules)
            if win is not None:
                self._tianhu = win
                game_steps.tianhu(self.st, p, win)
                return
        game_steps.tianhu(self.st, -1)

    def _read_events(self) -> None:
        st = self.st
        for i in range(int(st[G.E_N])):
            at = G.E_LOG + i * G.E_SIZE
            kind, seat, tile, a, b, c, d = (int(v) for v in st[at:at + 7])
            event: Event
            if kind == G.EV_MELD:
                event = MeldEvent(seat=seat, kind=P.KIND_NAMES[a], tiles=glyph(tile) * 4)
            elif kind == G.EV_DRAW:
                event = DrawEvent(seat=seat, tile=glyph(tile))
                self._dec = {}
            elif kind == G.EV_DISCARD:
                event = DiscardEvent(seat=seat, tile=glyph(tile))
                self._dec = {}
            elif kind == G.EV_FACEUP:
                event = FaceUpEvent(seat=seat, tile=glyph(tile))
            elif kind == G.EV_TAKE:
                melds = self.hand(seat).melds
                if P.ACTION_NAMES[a] == "chi":
                    texts = [m.text() for m in melds[-b:]]
                else:
                    texts = [next(m for m in reversed(melds) if m.tiles[0] == tile and len(set(m.tiles)) == 1).text()]
                event = TakeEvent(seat=seat, kind=P.ACTION_NAMES[a], tile=glyph(tile), melds=tuple(texts))
            elif kind == G.EV_WIN:
                event = self._win_event(seat, tile, a, b)
            elif kind == G.EV_DRAWN:
                event = DrawnEvent()
            else:
                event = SettleEvent(net=tuple(self._net([a, b, c, d])))
            self.events.append(event)
        st[G.E_N] = 0

    def _win_event(self, seat: int, tile: int, src: int, cond: int) -> WinEvent:
        st = self.st
        conditions = conditions_of(cond)
        how = int(st[G.G_HOW])
        if how == G.HOW_TIANHU:
            how_text, names = dealt.HOW, self._tianhu.fan_names if self._tianhu else ()
        else:
            how_text = HOWS[how]
            names = self.rules.fan(int(st[G.G_RED]), duidui=bool(st[G.G_DD]), conditions=frozenset(conditions))[1]
        return WinEvent(seat=seat, tile=glyph(tile) if tile >= 0 else None, source=SOURCES[src],
                        conditions=tuple(conditions), how=how_text, huxi=int(st[G.G_HUXI]), deng=int(st[G.G_DENG]),
                        fan=int(st[G.G_FAN]), fan_names=tuple(names), score=int(st[G.G_SCORE]))
