"""Replaying a game record through the engine, checking every line (README: Game records).

``replay(record)`` rebuilds each hand from its deal line (``Game(rules,
hands=…, stock=…, dealer=…)``) and plays its move lines in order.

*Strict* (records ``phz play`` and ``phz sim`` write): every move is one of
the moves asked, by the seat asked, and every line equals the event the
engine makes there, field for field.  A dropped, doubled or altered line is
refused with its line number (``RecordError``): the first line where the
record and the engine part.  An altered move that is still legal makes a
record that agrees with itself up to its next line, which is the one named.

*Lenient* (a game typed in from a real table, ``Game(lenient=True)``): a
record may give only the deal and what the players did.  A move line names
the seat and the move (``{"seat": 1, "move": "chi 三四五"}``); the passes of
the players who did not claim and the forced moves (one option: a
compulsory 跑/提/偎, an only discard) are filled in.  A claim applies to the
tile on the table when its seat may make it there, legally or breaking a
rule; it is made at that seat's turn in the claim order when it is legal, or
else after everyone asked has passed.  Such a move that breaks a rule (烧比,
臭张, 走跑, 失提, 诈胡) is applied, named and its penalty paid; 诈胡 needs
the line's ``tile``, and 走跑 / 失提 the offender's ``pass`` at his turn.
The engine's events may be typed too, each checked field by field as given
(a ``draw`` line places the claims after it on the tile drawn; ``drawn``
ends a hand nobody claimed more in); a tile that is not there, a move that
cannot be made, a broken line are refused as in a strict replay.  The stock may name only the tiles drawn:
the missing copies are put after them, and a hand that draws one of those is
refused.

``replay(record, to=N)`` checks the whole record, then stops before move N
(moves are the engine's move events, numbered from 1 over the record).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from ..model.hand import HandError
from ..model.notation import parse_tiles
from ..model.rules import Ruleset
from ..model.tiles import COPIES, N_KINDS, glyph
from .engine import Game
from .events import Event, MoveEvent, to_json
from .legality import IllegalMove, offence_of
from .moves import Ask, Move, MoveError, parse_move
from .record import HandRecord, Record, RecordError
from .replay_deal import deal_of, tile_of

__all__ = ["At", "Offence", "Replay", "Step", "replay"]

#: the moves that claim the tile on the table
CLAIMS = ("hu", "ti", "wei", "pao", "zhao", "peng", "chi")


@dataclass(frozen=True)
class Step:
    """One event of the replayed game: its hand, the record's line (None: filled in by a lenient replay),
    the engine's event, and for a move its number."""
    hand: int
    line: int | None
    event: Event
    n: int | None = None


@dataclass(frozen=True)
class Offence:
    hand: int
    line: int | None
    n: int | None
    seat: int
    offence: str
    amount: int


@dataclass(frozen=True)
class At:
    """The position before move ``n``: the Game there (at ``ask``), the move the record makes (None where
    a stopped game was left), by ``seat``."""
    n: int
    line: int | None
    hand: int
    ask: Ask
    move: Move | None
    seat: int
    game: Game


@dataclass
class Replay:
    record: Record
    lenient: bool
    steps: list[Step] = field(default_factory=list)
    games: list[Game] = field(default_factory=list)
    offences: list[Offence] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    moves: int = 0  # moves replayed
    total: int = 0  # moves in the whole record
    stopped: bool = False  # the last hand stops before its end (a game left with q)
    at: At | None = None

    @property
    def rules(self) -> Ruleset:
        return self.record.rules


class _Stop(Exception):
    """Move N is reached."""


def _same(engine: Event, rec: dict) -> bool:
    return to_json(engine) == rec


def _short(event: object) -> str:
    return json.dumps(event, ensure_ascii=False, separators=(",", ":"))


def _diff(engine: dict, rec: dict) -> str:
    """What differs between the engine's event and the record's line, in a few words."""
    if engine.get("e") != rec.get("e", "move"):
        return f"the record has a {rec.get('e', 'move')} line where the engine gives {_short(engine)}"
    for k in list(engine) + [k for k in rec if k not in engine]:
        if k not in rec:
            return f"its {k!r} is missing (the engine gives {_short(engine[k])})"
        if k not in engine:
            return f"its {k!r} is not in the engine's {engine['e']} event ({_short(engine)})"
        if engine[k] != rec[k]:
            return f"its {k!r} is {_short(rec[k])}, the engine gives {_short(engine[k])}"
    return "it differs from the engine's event"


def asked(ask: Ask) -> str:
    """The engine's question in words: 'seat 1 is asked to peng 九 (peng, pass)'."""
    from .moves import move_text
    options = ", ".join(move_text(m) for m in ask.options)
    if ask.stage == "discard":
        return f"seat {ask.seat} is asked to discard ({len(ask.options)} tiles)"
    assert ask.tile is not None  # every ask but a discard's is about the tile on the table
    if ask.stage == "open":
        return f"nobody is asked about the {glyph(ask.tile)} of seat {ask.seat}"
    return f"seat {ask.seat} is asked about {glyph(ask.tile)} ({ask.stage}: {options})"


class _Replayer:
    def __init__(self, record: Record, lenient: bool, to: int | None = None):
        self.record, self.rules, self.lenient, self.to = record, record.rules, lenient, to
        self.out = Replay(record, lenient, scores=[0] * record.rules.game.players)
        self.hand = 0
        self.game: Game | None = None
        self.cursor = 0  # events of the current game taken into steps
        self.typed_stock = N_KINDS * COPIES
        self._why = ""  # why a lenient move could not be made where its seat was first asked
        self.line = 0  # the record line being replayed

    @property
    def _game(self) -> Game:
        """The game of the hand being replayed: ``_hand`` deals it before any of the hand's lines is read."""
        assert self.game is not None
        return self.game

    def run(self) -> Replay:
        rec = self.record
        if rec.typed and not self.lenient:
            raise RecordError(1, "the header has no engine version: a record typed in from a real table "
                                 "replays leniently", breaks_rule=True)
        try:
            for i, h in enumerate(rec.hands):
                self._hand(h, last=i == len(rec.hands) - 1)
            self._end()
        except _Stop:
            pass
        return self.out

    # ------------------------------------------------------------ a hand

    def _hand(self, h: HandRecord, last: bool) -> None:
        if not self.lenient and not h.line:
            raise RecordError(h.events[0][0], f"hand {h.index} has no hand line before its deal")
        self.hand = h.index
        no, deal = h.events[0]
        game = self.game = self._deal(h, no, deal)
        self.out.games.append(game)
        if not self.lenient and not _same(game.events[0], deal):
            raise RecordError(no, f"the deal line is not as the engine writes it: {_diff(to_json(game.events[0]), deal)}")
        self.out.steps.append(Step(h.index, no, game.events[0]))
        self.cursor = 1
        for no, ev in h.events[1:]:
            self.line = no
            if ev.get("e", "move") == "move":
                self._move(no, ev)
            else:
                self._event(no, ev)
        if self.lenient:
            self._fill_events()
        elif self.cursor < len(game.events):
            raise RecordError(h.after, f"the record lacks the engine's next event, {_short(to_json(game.events[self.cursor]))}"
                                       " (a line dropped?)")
        self._check_stock(h.after)
        ask = game.ask()
        if ask is not None:
            if self.to is not None and self.to == self.out.moves + 1 and last:
                self._stop(None, ask, None, ask.seat)
            if not last:
                raise RecordError(h.after, f"hand {h.index} is not over ({asked(ask)}), but hand {h.index + 1} "
                                           "begins here")
            self.out.stopped = True
        else:
            assert game.result is not None  # no ask: the hand is over, settled
            for p, v in enumerate(game.result.net):
                self.out.scores[p] += v

    def _deal(self, h: HandRecord, no: int, ev: dict) -> Game:
        game, self.typed_stock = deal_of(self.rules, h, no, ev, lenient=self.lenient)
        return game

    def _tile(self, no: int, text, what: str) -> int:
        return tile_of(no, text, what)

    def _check_stock(self, no: int) -> None:
        game = self._game
        drawn = N_KINDS * COPIES - sum(self.rules.game.deal) - self.rules.game.set_aside - len(game.stock)
        if drawn > self.typed_stock:
            raise RecordError(no, f"the hand draws {drawn} stock tiles, but the deal's stock names "
                                  f"{self.typed_stock}: add the tiles drawn, in order")

    def _end(self) -> None:
        rec = self.record
        self.out.total = self.out.moves
        if rec.end is None:
            if not self.lenient:
                raise RecordError(rec.lines + 1, "the record has no end line: it was cut short (phz replay "
                                                 "--lenient shows it as far as it goes)")
            return
        no, end = rec.end
        if "hands" in end or not self.lenient:
            if end.get("hands") != len(rec.hands):
                raise RecordError(no, f"the end line counts {end.get('hands')!r} hands; the record holds {len(rec.hands)}")
        if "scores" in end or not self.lenient:
            if end.get("scores") != self.out.scores:
                raise RecordError(no, f"the end line's scores are {_short(end.get('scores'))}; the hands "
                                      f"replayed give {_short(self.out.scores)}")

    # ------------------------------------------------------------ lines

    def _step(self, line: int | None, event: Event) -> None:
        n = None
        if isinstance(event, MoveEvent):
            self.out.moves += 1
            n = self.out.moves
        self.out.steps.append(Step(self.hand, line, event, n))

    def _fill_events(self) -> None:
        self._fill_events_upto(len(self._game.events))

    def _event(self, no: int, ev: dict) -> None:
        game = self._game
        pending = game.events[self.cursor:]
        kind = ev["e"]
        if self.lenient:
            while (i := next((i for i, e in enumerate(pending) if e.E == kind), None)) is None:
                # the event may come after passes and forced moves (a typed record's "drawn": nobody
                # claimed anything more)
                ask = game.ask()
                if ask is None or not self._fill(ask):
                    got = f"it gives {_short(to_json(pending[0]))}" if pending else "it gives nothing"
                    raise RecordError(no, f"the record has a {kind} line, but the engine makes no {kind} here "
                                          f"({got}){self._waiting()}")
                pending = game.events[self.cursor:]
            self._fill_events_upto(self.cursor + i)
            engine = to_json(pending[i])
            for k, v in ev.items():
                if engine.get(k, None) != v and not (k == "tile" and self._same_tile(v, engine.get(k))):
                    raise RecordError(no, f"this {kind} line is not the engine's: {_diff(engine, ev)}")
        else:
            if not pending:
                raise RecordError(no, f"the record has a {kind} line, but the engine gives nothing here"
                                      f"{self._waiting()}")
            if not _same(pending[0], ev):
                raise RecordError(no, f"this line is not the engine's: {_diff(to_json(pending[0]), ev)}")
        self._step(no, game.events[self.cursor])
        self.cursor += 1

    def _fill_events_upto(self, end: int) -> None:
        game = self._game
        while self.cursor < end:
            self._step(None, game.events[self.cursor])
            self.cursor += 1

    def _same_tile(self, a, b) -> bool:
        try:
            return isinstance(a, str) and isinstance(b, str) and parse_tiles(a) == parse_tiles(b)
        except HandError:
            return False

    def _waiting(self) -> str:
        ask = self._game.ask()
        if ask is not None:
            return f": {asked(ask)} (a move line missing?)"
        return " (the hand is over)"

    def _move(self, no: int, ev: dict) -> None:
        game = self._game
        text = ev.get("move")
        if not isinstance(text, str):
            raise RecordError(no, 'a move line needs "move", the move as text (e.g. "chi 三四五", "discard 五")')
        try:
            move = parse_move(text)
        except MoveError as e:
            raise RecordError(no, str(e)) from None
        seat = ev.get("seat")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or
                                 not 0 <= seat < game.n):
            raise RecordError(no, f"the seat {seat!r} is not one of 0 to {game.n - 1}")
        if self.lenient:
            self._fill_events()
            self._lenient(no, ev, move, seat)
            return
        if self.cursor < len(game.events):
            raise RecordError(no, f"the record has a move where the engine gives {_short(to_json(game.events[self.cursor]))}"
                                  " (a line dropped?)")
        ask = game.ask()
        if ask is None:
            raise RecordError(no, "a move after the hand is over")
        if seat != ask.seat:
            raise RecordError(no, f"seat {seat!r} moves here, but {asked(ask)}")
        if move not in ask.options:
            from .legality import why_illegal
            raise RecordError(no, f"seat {seat}: {why_illegal(ask, move)}; a game typed in from a real table "
                                  "may break a rule, and replays leniently", breaks_rule=True)
        self._play(no, ask, move, None, ev)

    def _play(self, no: int | None, ask: Ask, move: Move, seat: int | None, ev: dict | None) -> str | None:
        """Play ``move`` (by ``seat``, or the seat asked) and take its move event into the steps."""
        game = self._game
        who = ask.seat if seat is None else seat
        decision = not (ask.stage == "open" and who == ask.seat and move in ask.options)
        if decision and self.to is not None and self.out.moves + 1 == self.to:
            self._stop(no, ask, move, who)
        before = len(game.events)
        try:
            offence = game.play(move, lenient=self.lenient, seat=seat)
        except IllegalMove as e:
            raise RecordError(no or self.line, f"seat {who}: {e}") from None
        except ValueError as e:
            raise RecordError(no or self.line, f"seat {who}: {e}") from None
        except Exception as e:  # the engine's own failure: say so, in one line
            raise RecordError(no or self.line, f"the engine failed on this move ({type(e).__name__}: {e}): a fault of "
                                       "phz, to be reported", internal=True) from None
        if decision:
            self._fill_events_upto(before)  # the events of the moves filled in before it
            engine = game.events[before]
            if ev is not None:  # a move line of the record: it has its number
                assert no is not None
                if not self.lenient and not _same(engine, ev):
                    raise RecordError(no, f"this move line is not the engine's: {_diff(to_json(engine), ev)}")
                if self.lenient:
                    self._check_typed_move(no, ev, to_json(engine))
            self._step(no, game.events[before])
            self.cursor = before + 1
        if offence:
            self.out.offences.append(Offence(self.hand, no, self.out.moves, who, offence,
                                             self.rules.penalties[offence]))
        if self.lenient:
            self._check_stock(no or self.line)
        return offence

    def _check_typed_move(self, no: int, ev: dict, engine: dict) -> None:
        for k, v in ev.items():
            if k == "e":
                continue
            if k == "move":
                same = parse_move(v) == parse_move(engine["move"])
            elif k == "tile":
                same = self._same_tile(v, engine.get("tile"))
            else:
                same = engine.get(k) == v
            if not same:
                raise RecordError(no, f"this move line is not the engine's: {_diff(engine, ev)}")

    def _stop(self, no: int | None, ask: Ask, move: Move | None, seat: int) -> None:
        assert self.to is not None  # (called only when stopping at move ``to``)
        self.out.at = At(self.to, no, self.hand, ask, move, seat, self._game)
        raise _Stop

    # ------------------------------------------------------------ lenient moves

    def _lenient(self, no: int, ev: dict, move: Move, seat: int | None) -> None:
        """Fill in the passes and forced moves before the move of line ``no``, then make it (module docstring)."""
        game = self._game
        tile = self._tile(no, ev["tile"], "the tile") if "tile" in ev else None
        first = self.out.moves + 1
        self._why = ""
        while True:
            ask = game.ask()
            if ask is None:
                where = f", looked for from move {first} on" if self.out.moves >= first else ""
                raise RecordError(no, f"seat {seat if seat is not None else '?'}'s {ev['move']} has no place (the "
                                      f"hand is over{where}){self._why}")
            who = ask.seat if seat is None else seat
            here = tile is None or ask.tile == tile
            if who == ask.seat and here and move in ask.options:
                self._play(no, ask, move, None, ev)
                return
            if move.kind == "pass" and who == ask.seat and here and ask.stage != "open":
                self._play(no, ask, move, seat, ev)  # a compulsory take passed: 走跑, 失提 (or refused)
                return
            fit = self._fit(ask, who, move, tile)
            if fit is not None:
                later = fit == "" and (ask.stage == "hu" or self.rules.passed != "hu_only")
                if ask.stage != "open" and Move("pass") in ask.options and (who != ask.seat or later):
                    # a player before him in the claim order declined it, or he declines a claim asked
                    # before his (a 胡, a 碰 before a 吃 he may still make)
                    self._fill(ask)
                    continue
                self._play(no, ask, move, seat, ev)  # his claim, in his turn or out of it
                return
            if not self._fill(ask):
                need = "his discard" if ask.stage == "discard" else "his move"
                raise RecordError(no, f"{asked(ask)} before seat {who}'s {ev['move']}: write {need} on a line "
                                      f"before{self._why}")

    def _fill(self, ask: Ask) -> bool:
        """Fill in the answer to ``ask`` when the record need not say it: a forced move, a pass
        (declining a claim, or a tile nobody claims); False when it is a choice."""
        if ask.stage == "open" or (Move("pass") in ask.options and len(ask.options) > 1):
            self._play(None, ask, Move("pass"), None, None)
        elif len(ask.options) == 1:
            self._play(None, ask, ask.options[0], None, None)
        else:
            return False
        return True

    def _fit(self, ask: Ask, who: int, move: Move, tile: int | None) -> str | None:
        """Whether seat ``who`` may make the claim ``move`` on the tile on the table: '' legally, an
        offence's name breaking a rule, None not there (a 诈胡 only on the tile its line names)."""
        game = self._game
        if move.kind not in CLAIMS or game.table is None or ask.tile is None or ask.stage in ("discard", "qishou"):
            return None
        if tile is not None and tile != game.table[0]:
            return None
        try:
            offence = offence_of(game, ask, who, move)
        except IllegalMove as e:
            if who == ask.seat and not self._why:  # said if the move finds no place at all
                self._why = f"; on the {glyph(game.table[0])} he was asked about: {e}"
            return None
        if offence == "诈胡" and tile is None:
            return None
        return offence


def replay(record: Record, *, lenient: bool = False, to: int | None = None) -> Replay:
    """Replay ``record`` through the engine, strictly or leniently (module docstring); RecordError at the
    first line that does not replay.  ``to``: the whole record checked, then the position before move
    ``to`` (ValueError when there is no such move)."""
    if to is None:
        return _Replayer(record, lenient).run()
    full = _Replayer(record, lenient).run()
    last = full.moves + (1 if full.stopped else 0)
    if not 1 <= to <= last:
        raise ValueError(f"the record has moves 1 to {last}" if last else "the record has no move")
    out = _Replayer(record, lenient, to=to).run()
    out.total = full.total
    return out
