"""Hands of play in the game kernels (``solver.engine._game_kernels``), driven from Python or played
whole inside them.

``KernelGame`` is a hand driven a decision at a time, as ``Game`` is (``ask()``, ``play(move)``,
``events``, ``result``): the kernels make the moves legal, claimed and applied, and this class turns
their arrays into the engine's ``Ask``, ``Move`` and events (``solver.game.events``).  ``random_outcomes`` (``keen_outcomes``) plays whole
hands of random bots in one kernel call (``phz sim``): the same deals and the same random choices as
``Game`` with ``RandomBot``, hand for hand (tests/test_game_kernels.py holds them equal).

Importing this module imports numba.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..engine import _game_policies as GP
from ..engine import _game_state as G
from ..engine import dealt, game_steps
from ..engine import play_rules as P
from ..engine.game_steps import CONDITION_BITS, tables_of
from ..model.groups import SHAPES
from ..model.hand import Hand, Meld
from ..model.results import HOWS, SOURCES
from ..model.rules import FOUR_KINDS, Ruleset
from ..model.tiles import glyph
from .deal import deal_event, deal_tiles
from .engine import Result
from .events import (
    DiscardEvent,
    DrawEvent,
    DrawnEvent,
    Event,
    FaceUpEvent,
    MeldEvent,
    MoveEvent,
    SettleEvent,
    TakeEvent,
    WinEvent,
)
from .moves import Ask, Move, move_text
from .session import bot_prefix
from .stats import GameOutcome
from .table import Seat, playing

__all__ = ["KernelGame", "Played", "keen_outcomes", "random_outcomes"]

_EVENT_ORDER = ("haidi", "dihu", "tianhu", "qishou")  # as the engine lists a win's conditions
STAGES = ("qishou", "first", "hu", "take", "peng", "chi", "discard")
_FOURS = FOUR_KINDS + ("long",)
assert G.ST_DISCARD == len(STAGES) - 1


def conditions_of(mask: int) -> list[str]:
    """A win's game conditions as its event names them."""
    return [name for name in _EVENT_ORDER if mask & dict(CONDITION_BITS)[name]]


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


class KernelGame:
    """One hand of play in the kernels, driven a decision at a time (module docstring)."""

    def __init__(self, rules: Ruleset, *, seed: int = 0, dealer: int | None = None,
                 hands: list[list[int]] | None = None, stock: list[int] | None = None):
        self.rules = rules
        self.tables = tables_of(rules)
        self.st = game_steps.new_state()
        if hands is None:
            hands, stock, drawn = deal_tiles(seed, rules)
            dealer = drawn if dealer is None else dealer
        dealer = 0 if dealer is None else dealer
        if stock is None:
            raise ValueError("a deal given by its hands needs its stock too")
        self.events: list[Event] = [deal_event(rules, dealer, hands, stock)]
        self._tianhu_names: tuple[str, ...] = ()
        self._seats: list[Seat] | None = None
        need = game_steps.deal(self.st, self.tables, hands, stock, dealer)
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
    def result(self) -> Result | None:
        st = self.st
        if st[G.G_STATUS] != G.DONE:
            return None
        winner = int(st[G.G_WINNER])
        net = tuple(int(v) for v in st[G.G_NET:G.G_NET + self.rules.game.players])
        if winner < 0:
            return Result(None, None, None, None, (), net)
        tile = int(st[G.G_WIN_TILE])
        return Result(winner, None, tile if tile >= 0 else None, SOURCES[st[G.G_WIN_SRC]],
                      tuple(conditions_of(int(st[G.G_COND]))), net)

    # ------------------------------------------------------------ playing

    def ask(self) -> Ask | None:
        st = self.st
        if st[G.G_STATUS] != G.ASKED:
            return None
        n = int(st[G.Q_N])
        options = tuple(move_of(st[G.Q_OPT + k * P.A_SIZE:G.Q_OPT + (k + 1) * P.A_SIZE]) for k in range(n))
        tile = int(st[G.Q_TILE])
        origin = int(st[G.Q_ORIGIN])
        return Ask(int(st[G.Q_SEAT]), STAGES[st[G.Q_STAGE]], tile if tile >= 0 else None,
                   P.ORIGINS[origin] if origin >= 0 else None, options)

    def play(self, move: Move) -> None:
        """Answer the question asked with one of its options (ValueError otherwise)."""
        ask = self.ask()
        if ask is None:
            raise ValueError("the hand is over: no move is asked")
        k = ask.options.index(move)
        self.events.append(MoveEvent(seat=ask.seat, stage=ask.stage, tile=glyph(ask.tile) if ask.tile is not None else None,
                                     offered=tuple(move_text(m) for m in ask.options), move=move_text(move)))
        self._seats = None
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
                self._tianhu_names = win.fan_names
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
            elif kind == G.EV_DISCARD:
                event = DiscardEvent(seat=seat, tile=glyph(tile))
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
                event = SettleEvent(net=(a, b, c, d)[:self.rules.game.players])
            self.events.append(event)
        st[G.E_N] = 0

    def _win_event(self, seat: int, tile: int, src: int, cond: int) -> WinEvent:
        st = self.st
        conditions = conditions_of(cond)
        how = int(st[G.G_HOW])
        if how == G.HOW_TIANHU:
            how_text, names = dealt.HOW, self._tianhu_names
        else:
            how_text = HOWS[how]
            names = self.rules.fan(int(st[G.G_RED]), duidui=bool(st[G.G_DD]), conditions=frozenset(conditions))[1]
        return WinEvent(seat=seat, tile=glyph(tile) if tile >= 0 else None, source=SOURCES[src],
                        conditions=tuple(conditions), how=how_text, huxi=int(st[G.G_HUXI]), deng=int(st[G.G_DENG]),
                        fan=int(st[G.G_FAN]), fan_names=tuple(names), score=int(st[G.G_SCORE]))


# ---------------------------------------------------------------- whole hands of random bots

@dataclass(frozen=True)
class Played:
    """What ``random_outcomes`` gives of one hand: its outcome, or None where the kernels left the
    start to the Python judge of 天胡 (play that hand with ``KernelGame``)."""
    seed: int
    outcome: GameOutcome | None


def random_outcomes(rules: Ruleset, seeds: Sequence[int], bots: tuple[str, ...] = ()) -> list[Played]:
    """Hands of ``seeds`` (deals as ``deal_tiles``), every seat a random bot of that seed and seat
    (``RandomBot(seed, seat)``), played whole in the kernels."""
    bots = bots or ("random",) * rules.game.players
    return _played(seeds, game_steps.play_random(tables_of(rules), list(seeds), bot_prefix("random").encode()), bots)


def keen_outcomes(rules: Ruleset, seeds: Sequence[int], bots: tuple[str, ...] = ()) -> list[Played]:
    """Hands of ``seeds`` with the bot ``keen`` at every seat (``KeenBot(seed, seat)``), played whole in the
    kernels (``keen_steps.play_keen``)."""
    from ..engine import keen_steps
    from .bot_keen import LEVEL
    bots = bots or ("keen",) * rules.game.players
    return _played(seeds, keen_steps.play_keen(rules, list(seeds), bot_prefix("keen").encode(), LEVEL), bots)


def _played(seeds: Sequence[int], results, bots: tuple[str, ...]) -> list[Played]:
    done = G.DONE
    return [Played(seed, _outcome(row, bots) if row[GP.O_STATUS] == done else None)
            for seed, row in zip(seeds, results.tolist())]


_POPAO = HOWS.index("破跑胡")
#: the rule events of a win by its game conditions' mask (``CONDITION_BITS``), as the keys ``_outcome`` gives
_CONDITION_KEYS = tuple(tuple(name for name, bit in CONDITION_BITS if mask & bit)
                        for mask in range(1 << len(CONDITION_BITS)))
assert all(bit < 1 << len(CONDITION_BITS) for _, bit in CONDITION_BITS)


def _outcome(row: list[int], bots: tuple[str, ...]) -> GameOutcome:
    """A hand's answer row as ``phz sim`` keeps it (its rule events sorted, as ``stats.game_events`` and
    the 臭偎 the player loop counts).  Called once a hand of random play: kept lean."""
    n = len(bots)
    winner = row[GP.O_WINNER]
    events = []
    for p in range(n):
        if row[GP.O_BAKUAI + p]:
            events += [(p, "bakuai")] * row[GP.O_BAKUAI + p]
        if row[GP.O_CHOU_WEI + p]:
            events += [(p, "chou_wei")] * row[GP.O_CHOU_WEI + p]
    if winner >= 0:
        keys = _CONDITION_KEYS[row[GP.O_COND]]
        how = row[GP.O_HOW]
        if how == _POPAO:
            keys += ("popao",)
        if how == G.HOW_TIANHU and "tianhu" not in keys:
            keys += ("tianhu",)
        if row[GP.O_SRC] == P.S_SELF:
            keys += ("zimo",)
        events += [(winner, k) for k in keys]
    return GameOutcome(bots, tuple(row[GP.O_NET:GP.O_NET + n]), winner if winner >= 0 else None,
                       row[GP.O_TURNS], tuple(sorted(events)) if len(events) > 1 else tuple(events))
