"""A game at the page: one ``Room`` a game, the learner at one seat and a bot at every other.

The room plays the engine (``solver.game.engine.Game``) as ``phz play`` does:
the bots move until the learner has a decision with more than one option (a
compulsory move is made at once and told); the learner's move is checked
against the engine's options; the coach grades it when coaching is on; the
hint is the same judge's advice.  Every move is kept, so that a take-back
replays the hand from its deal up to the learner's last decision (the engine
is deterministic given the deal and the moves).  After each move the whole
record is written again to a temporary file and moved over the old one, so
the record on disk is always whole and replays strictly.
"""
from __future__ import annotations

import io
import secrets
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solver.game import record
from solver.game.coach import Coach, makes_chou
from solver.game.engine import Game
from solver.game.events import MoveEvent
from solver.game.legality import forbidden_entry
from solver.game.moves import Ask, Move, MoveError, move_text, parse_move
from solver.game.players import Player, make_bot
from solver.game.session import Session, hand_seed
from solver.game.table import around
from solver.game.view import SeatView, hidden_event, view_of
from solver.game.winrate import DEFAULT_SAMPLES
from solver.model import files
from solver.model.rules import Ruleset
from solver.model.tiles import glyph
from solver.text import play_words as pw
from solver.text import table_view as tv
from solver.text.page_words import PageError, record_refused, refusal
from solver.text.words import group_zh

from .tables import table_json

__all__ = ["MoveRefused", "Room", "new_room", "room_from"]


class MoveRefused(ValueError):
    """A move the learner may not make now: one line saying why (in the room's language)."""


@dataclass
class Room:
    """One game at the page (module docstring)."""
    id: str
    rules: Ruleset
    bots: tuple[str, ...]
    coaching: bool
    session: Session
    samples: int  # the judge's deals a choice (the coach and the hint)
    record_path: Path | None
    me: int = 0
    game: Game | None = None
    players: list[Player | None] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)  # every move of the current hand, in order
    mine: list[int] = field(default_factory=list)  # the indexes in ``moves`` of the learner's own choices
    games: list[Game] = field(default_factory=list)  # the hands played, the current one last
    seeds: list[int] = field(default_factory=list)
    coach_lines: dict[str, list[str]] = field(default_factory=dict)  # by language: the coach on the last move
    told: list[str] = field(default_factory=list)  # moves made at once for the learner (one option only)
    lock: threading.Lock = field(default_factory=threading.Lock)
    used: float = field(default_factory=time.monotonic)
    _coach: Coach | None = None
    _advice: Any = None

    # ------------------------------------------------------------ the hand

    def deal(self) -> None:
        """The next hand of the session, played up to the learner's first decision."""
        seed = hand_seed(self.session.seed, self.session.index)
        self.game = self.session.game()
        self.games.append(self.game)
        self.seeds.append(seed)
        self._seat(seed)
        self.moves, self.mine, self.coach_lines, self.told = [], [], {}, []
        self._go_on()

    def _seat(self, seed: int) -> None:
        """The bots of a hand dealt from ``seed`` at the seats around the learner's, and the learner's coach."""
        n = self.rules.game.players
        self.players = [None] * n
        for k, bot in enumerate(self.bots):
            seat = (self.me + 1 + k) % n
            self.players[seat] = make_bot(bot, seed, seat)
        self._coach = Coach(self.rules, seat=self.me, samples=self.samples)
        self._advice = None

    def _go_on(self) -> None:
        """Bots move, and the learner's compulsory moves are made, until the learner must choose or the hand ends."""
        game = self.game
        assert game is not None  # dealt
        while (ask := game.ask()) is not None:
            player = self.players[ask.seat]
            if player is None:
                if not ask.forced:
                    break
                self.told.append(move_text(ask.options[0]))
                move = ask.options[0]
            else:
                move = player.choose(view_of(game, ask.seat), ask)
            game.play(move)
            self.moves.append(move)
        self._advice = None
        self._save()

    def move(self, text: str, lang: str) -> None:
        """The learner's move ``text`` (as a record writes it, or typed as at the terminal): played, graded by
        the coach when coaching, then the game goes on; MoveRefused when it is no move of the learner's now."""
        ask = self.ask()
        if ask is None:
            raise MoveRefused(refusal("no_decision", lang))
        assert self.game is not None  # ask() found a decision
        chosen = _read_move(text, ask, lang, self.game)
        if self.coaching:
            advice = self.advice()
            graded = self._coach_of().graded(advice, chosen)
            self.coach_lines = {lang_: pw.coach_lines(graded, lang_) for lang_ in ("en", "zh")}
        else:
            self.coach_lines = {}
        self.told = []
        self.mine.append(len(self.moves))
        self.game.play(chosen)
        self.moves.append(chosen)
        self._go_on()

    def undo(self, lang: str = "en") -> None:
        """Take back the learner's last decision of this hand: the hand replayed from its deal to just before it."""
        if not self.mine:
            raise MoveRefused(refusal("no_undo", lang))
        at = self.mine.pop()
        game = Game(self.rules, seed=self.seeds[-1], dealer=self.session.dealer, explain=True)
        for m in self.moves[:at]:
            game.play(m)
        self.game = game
        self.games[-1] = game
        self.moves = self.moves[:at]
        self.coach_lines, self.told, self._advice = {}, [], None
        self._save()

    def next_hand(self, lang: str = "en") -> None:
        """The hand is over: count it and deal the next."""
        assert self.game is not None
        if self.game.result is None:
            raise MoveRefused(refusal("not_over", lang))
        self.session.record(self.game.result)
        self.deal()

    # ------------------------------------------------------------ the judge

    def ask(self) -> Ask | None:
        """The learner's decision now, if any."""
        assert self.game is not None
        ask = self.game.ask()
        return ask if ask is not None and ask.seat == self.me else None

    def _coach_of(self) -> Coach:
        assert self._coach is not None  # dealt
        return self._coach

    def advice(self, lang: str = "en"):
        """The judge's advice at the learner's decision (the hint), computed once a decision."""
        ask = self.ask()
        if ask is None:
            raise MoveRefused(refusal("no_decision", lang))
        if self._advice is None:
            assert self.game is not None
            self._advice = self._coach_of().advise(view_of(self.game, self.me), ask)
        return self._advice

    def hint(self, lang: str) -> dict:
        advice = self.advice(lang)
        return {"lines": pw.hint_lines(advice, lang), "best": move_text(advice.best.move)}

    # ------------------------------------------------------------ the record

    def _save(self) -> None:
        """The whole record again, written beside the old one and moved over it (never half a record)."""
        if self.record_path is None:
            return
        seats = [{"name": "you", "player": "human"} if p == self.me else {"name": b, "player": b}
                 for p, b in enumerate(around(self.me, self.bots))]
        text = io.StringIO()
        record.write(text, self.rules, self.games, seeds=self.seeds, seed=self.session.seed, seats=seats,
                     session={"command": "serve", "coach": self.coaching})
        files.write_whole(self.record_path, text.getvalue())

    # ------------------------------------------------------------ what the page shows

    def state(self, lang: str) -> dict:
        """Everything the page draws, as the learner's seat sees it."""
        game = self.game
        assert game is not None
        view = view_of(game, self.me)
        names = tv.seat_names(self.me, self.bots, lang)
        ask = self.ask()
        result = game.result
        return {
            "id": self.id, "rules": self.rules.name, "title": self.rules.title, "hand_no": self.session.index + 1,
            "me": self.me, "coach_on": self.coaching, **table_json(view, names, self._scores(), lang),
            "ask": _ask_json(ask, view, lang, self.coaching) if ask is not None else None,
            "log": self._log(lang),
            "told": [tv.move_words(parse_move(t), None, lang) for t in self.told],
            "coach": self.coach_lines.get(lang, []),
            "can_undo": bool(self.mine),
            "over": _over(result, names, self.rules, lang, self.me) if result is not None else None,
            "record": self.record_path.name if self.record_path is not None else None,
        }

    def _scores(self) -> list[int]:
        """Each seat's score, the hand's net in it once the hand is over (the session counts it at the next)."""
        result = self.game.result if self.game is not None else None
        return [s + (result.net[p] if result is not None else 0) for p, s in enumerate(self.session.scores)]

    def _log(self, lang: str) -> list[str]:
        """What the learner saw happen in this hand, a line an event (as ``phz play`` tells it)."""
        game = self.game
        assert game is not None
        names = tv.seat_names(self.me, self.bots, lang)
        lines = []
        for i, e in enumerate(game.events):
            line = pw.event_line(e, names, lang, me=self.me, hidden=hidden_event(game, game.events, i, self.me),
                                 hand_no=self.session.index + 1)
            if line:
                lines.append(line)
        return lines


def _over(result, names, rules: Ruleset, lang: str, me: int) -> dict:
    """The hand's end: the settlement in words, the winner and his decomposition as tiles, the nets."""
    win = result.win
    groups = ([{"kind": group_zh(g.kind, rules.sequence), "tiles": [glyph(t) for t in g.tiles], "huxi": g.huxi}
               for g in win.groups] if win is not None else [])
    return {"lines": pw.settlement_lines(result, names, rules, lang, me=me), "winner": result.winner,
            "groups": groups, "net": list(result.net)}


def _ask_json(ask: Ask, view: SeatView, lang: str, coaching: bool) -> dict:
    """The learner's decision: the tile on the table and each legal move with its words (and, with the
    coach, what it makes 臭)."""
    score = tv.hu_score(ask)
    options = []
    for m in ask.options:
        note = ""
        if coaching:
            chi, peng = makes_chou(ask, m, view.rules)
            if (chi or peng) and m.kind != "discard":
                note = pw.chou_note(chi, peng, lang, hu_only=view.rules.passed == "hu_only")
        options.append({"move": move_text(m), "kind": m.kind, "words": tv.move_words(m, ask.tile, lang, score=score),
                        "tile": glyph(m.tile) if m.tile is not None else None, "chou": note})
    return {"stage": ask.stage, "tile": glyph(ask.tile) if ask.tile is not None else None, "origin": ask.origin,
            "origin_words": tv.origin_words(ask.origin, lang) if ask.origin is not None else None,
            "options": options, "why": tv.why_lines(ask, view, lang)}


def _read_move(text: str, ask: Ask, lang: str, game: Game) -> Move:
    """The move ``text`` names, if it is one of ``ask``'s; else MoveRefused saying why in one line."""
    try:
        move = parse_move(text)
    except MoveError:
        raise MoveRefused(refusal("unreadable", lang, text=text)) from None
    if move in ask.options:
        return move
    f = forbidden_entry(ask, move)
    kan = move.kind == "discard" and move.tile is not None and game.seats[ask.seat].concealed[move.tile] == 3
    raise MoveRefused(refusal("move", lang, move=move, ask=ask, reason=f.reason if f is not None else None, kan=kan))


def _named(folder: Path | None) -> tuple[str, Path | None]:
    """A new game's id, and its record's file in ``folder`` (None: not recorded), named by the time and the id."""
    rid = secrets.token_hex(6)
    return rid, folder / f"{time.strftime('%Y%m%d-%H%M%S')}-{rid}.jsonl" if folder is not None else None


def new_room(rules: Ruleset, bots: tuple[str, ...], *, coaching: bool, seed: int | None, folder: Path | None,
             samples: int = DEFAULT_SAMPLES) -> Room:
    """A new game: its session, its record's file in ``folder`` (None: not recorded), its first hand dealt."""
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    rid, path = _named(folder)
    room = Room(rid, rules, bots, coaching, Session(rules, seed=seed), samples, path)
    room.deal()
    return room


def room_from(path: Path, hand: int, n: int, *, coaching: bool, folder: Path | None, samples: int = DEFAULT_SAMPLES,
              bot: str | None = None) -> Room:
    """A game played on from the position before move ``n`` of hand ``hand`` of the record at ``path`` (as
    ``phz play --from --at``, through ``game.resume``): the learner at the record's human seat, the record's
    bots at the others (``bot`` at each of them when given), a new record of its own.  A ValueError (one
    line) for a record that does not replay strictly, whose hand has no seed, or no such move."""
    from solver.game import replay
    from solver.game.resume import start_of

    try:
        start = start_of(replay.replay(record.read(path), to=n))
    except record.RecordError as e:
        raise record_refused(e, path.name) from None
    if start.hand != hand:
        raise PageError("other_hand", n=n, found=start.hand, hand=hand)
    if start.hand_seed is None:
        raise PageError("no_seed")
    count = start.rules.game.players
    if bot is not None:
        bots = (bot,) * (count - 1)
    elif start.bots is None:
        raise PageError("not_bots")
    else:
        bots = start.bots
    rid, out = _named(folder)
    room = Room(rid, start.rules, bots, coaching, start.session, samples, out, me=start.seat)
    room.game = start.game
    room.games, room.seeds = [start.game], [start.hand_seed]
    room._seat(start.hand_seed)
    room.moves = [parse_move(e.move) for e in start.game.events if isinstance(e, MoveEvent)]
    room._go_on()
    return room
