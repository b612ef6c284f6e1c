"""``phz play``: a session of hands at the terminal, the learner on seat 0 against a bot at every other seat.

The learner answers each decision on standard input: a number from the
menu, or a move typed out (``过``, ``chi 三四五``, ``打 五`` or just ``五``);
``?`` asks for a hint, ``w`` says why the other moves are not legal, ``t``
shows the table again and ``q`` stops.  A decision with one option only
(a compulsory 提/跑/偎, a discard with one tile outside the 坎) is shown
and made at once.  A reply that is no answer is told in one line and asked
again.  Piped input works the same (each answer echoed after its prompt);
q, Ctrl-C and the end of the input all stop the session cleanly, and a
record being written keeps what was played.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Sequence, TextIO

from solver.game.coach import Coach, makes_chou
from solver.game.engine import Game
from solver.game.legality import forbidden_entry
from solver.game.moves import Ask, Move, MoveError, parse_move
from solver.game.players import Player, make_bot
from solver.game.session import Session, hand_seed
from solver.game.view import SeatView, hidden_event, view_of
from solver.model.notation import parse_tiles
from solver.model.rules import Ruleset
from solver.text import play_words as pw
from solver.text import table_view as tv
from solver.text.render import paint
from solver.text.replies import echoed, whole_number

if TYPE_CHECKING:
    from solver.game.advice import Advice

__all__ = ["Human", "Stop", "Terminal", "play_session"]

QUIT = ("q", "quit", "exit", "退出")
HINT = ("?", "？", "hint", "提示")
WHY = ("w", "why", "为什么")
TABLE = ("t", "table", "牌桌")


class Stop(Exception):
    """The learner stopped: ``why`` is quit, eof (the input ended) or interrupt (Ctrl-C)."""

    def __init__(self, why: str):
        super().__init__(why)
        self.why = why


class Terminal:
    """Lines out (red tiles painted when ``colour``), answers in; the end of input is ``Stop("eof")``."""

    def __init__(self, *, colour: bool, write: Callable[[str], None], stdin: TextIO | None = None):
        self.colour = colour
        self.write = write
        self.stdin = stdin
        self.echo = not _isatty(self.input)

    @property
    def input(self) -> TextIO | None:
        return self.stdin if self.stdin is not None else sys.stdin

    def say(self, lines: Sequence[str] | str) -> None:
        text = lines if isinstance(lines, str) else "\n".join(lines)
        if text:
            self.write(paint(text, self.colour) + "\n")

    def read(self, prompt: str) -> str:
        self.write(prompt)
        stream = self.input
        line = _readline(stream) if stream is not None else ""
        if not line:
            self.write("\n")
            raise Stop("eof")
        answer = line.rstrip("\r\n")
        if self.echo:  # a piped answer is shown after its prompt, as a terminal would, but as text:
            # a control character (ESC, NUL ...) escaped, so that the echo cannot drive the terminal
            self.write(paint(echoed(answer), self.colour) + "\n")
        return answer


def _readline(stream) -> str:
    """A line of ``stream``, a byte that is not UTF-8 never an error: under a locale whose decoding is strict
    (it would end the game with a traceback) the stream is set to read it as �; otherwise it arrives as
    Python's surrogateescape character, which the echo shows as � too (``echoed``)."""
    if getattr(stream, "errors", None) == "strict":
        try:
            stream.reconfigure(errors="replace")
        except (AttributeError, ValueError, OSError):
            pass
    return stream.readline()


def _isatty(stream) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:
        return False


@dataclass
class Table:
    """What the human's screen needs besides the view: names, scores, the hand's number."""
    names: list[str]
    scores: list[int]
    hand_no: int = 1


class Human:
    """Seat ``seat`` played at the terminal (``coaching``: the coach's words after each decision)."""

    def __init__(self, term: Terminal, lang: str, table: Table, coach: Coach, *, coaching: bool, seat: int = 0):
        self.term = term
        self.lang = lang
        self.table = table
        self.coach = coach
        self.coaching = coaching
        self.seat = seat
        self._advice: Advice | None = None

    def choose(self, view: SeatView, ask: Ask) -> Move:
        lang = self.lang
        self._advice = None
        if ask.forced:
            move = ask.options[0]
            self.term.say(tv.wrap(pw.only_move(tv.move_words(move, ask.tile, lang), lang)))
            return move
        self.term.say(self._screen(view, ask))
        while True:
            answer = self.term.read(pw.prompt(len(ask.options), lang)).strip()
            key = answer.lower()
            if key in QUIT:
                raise Stop("quit")
            if key in HINT:
                self.term.say(pw.hint_lines(self.advice(view, ask), lang))
                continue
            if key in WHY:
                self.term.say(tv.why_lines(ask, view, lang))
                continue
            if key in TABLE:
                self.term.say(self._screen(view, ask))
                continue
            chosen, error = self._read_move(answer, ask)
            if error:
                self.term.say(error)
                continue
            assert chosen is not None  # no error: the answer named a move
            if self.coaching:
                self.term.say(pw.coach_lines(self.coach.graded(self.advice(view, ask), chosen), lang))
            return chosen

    def advice(self, view: SeatView, ask: Ask) -> Advice:
        if self._advice is None:
            self._advice = self.coach.advise(view, ask)
        return self._advice

    def _screen(self, view: SeatView, ask: Ask) -> list[str]:
        """The table, then the menu; with the coach, a warning on each move that makes a tile 臭."""
        t, lang, rules = self.table, self.lang, view.rules
        lines = [""] + tv.table_lines(view, t.names, t.scores, lang, hand_no=t.hand_no)
        notes, footer = {}, []
        if self.coaching and ask.stage == "discard":
            if rules.own_discard_makes_chou:
                footer.append(pw.warning(tv.words(lang)["own_chou"], lang))
        elif self.coaching:
            for i, m in enumerate(ask.options):
                chi, peng = makes_chou(ask, m, rules)
                if chi or peng:
                    notes[i] = pw.warning(pw.chou_note(chi, peng, lang, hu_only=rules.passed == "hu_only"), lang)
        return lines + tv.menu_lines(ask, lang, notes, footer)

    def _read_move(self, answer: str, ask: Ask) -> tuple[Move | None, str | None]:
        """The move an answer names, or the one line that says why it names none."""
        lang, n = self.lang, len(ask.options)
        if not answer:
            return None, pw.bad_answer(answer, n, lang)
        k = whole_number(answer)  # ASCII digits only: ²、① or 5,000 digits are no number (asked again)
        if k is not None:
            if 1 <= k <= n:
                return ask.options[k - 1], None
            return None, pw.out_of_range(k, n, lang)
        move = None
        if ask.stage == "discard":
            try:
                tiles = parse_tiles(answer)
                if len(tiles) == 1:
                    move = Move("discard", tile=tiles[0])
            except ValueError:
                pass
        if move is None:
            try:
                move = parse_move(answer)
            except MoveError:
                return None, pw.bad_answer(answer, n, lang)
        if move in ask.options:
            return move, None
        f = forbidden_entry(ask, move)
        return None, pw.illegal_answer(move, ask, f.reason if f is not None else None, lang)


@dataclass
class Options:
    rules: Ruleset
    seed: int = 0
    bots: tuple[str, ...] = ("strong", "strong")  # one a seat but the human's, from his lower player on
    hands: int | None = None
    coaching: bool = False
    lang: str = "en"
    seat: int = 0
    resumed: tuple[int, str] | None = None  # the position played on from: (move, the record's path)


@dataclass
class Outcome:
    """How a session ended: hands finished, the scores, why it stopped (None: every hand was played)."""
    hands: int
    scores: list[int]
    stopped: str | None = None
    results: list = field(default_factory=list)


class Narrator:
    """Tells the human what happened since the last call (the game's new events), as his seat saw it."""

    def __init__(self, term: Terminal, table: Table, lang: str, me: int):
        self.term, self.table, self.lang, self.me = term, table, lang, me
        self.at = 0

    def __call__(self, game: Game) -> None:
        lines = []
        for i in range(self.at, len(game.events)):
            line = pw.event_line(game.events[i], self.table.names, self.lang, me=self.me,
                                 hidden=hidden_event(game, game.events, i, self.me), hand_no=self.table.hand_no)
            if line:
                lines += tv.wrap(line)
        self.at = len(game.events)
        self.term.say(lines)


def play_hand(game: Game, players: Sequence[Player], narrate: Narrator, on_move: Callable[[Game], None]) -> None:
    """Play ``game`` to its end, telling the human each step; ``on_move`` after every move (the record)."""
    narrate(game)
    while (ask := game.ask()) is not None:
        move = players[ask.seat].choose(view_of(game, ask.seat), ask)
        game.play(move)
        on_move(game)
        narrate(game)


def play_session(opts: Options, term: Terminal, *, session: Session | None = None, first: Game | None = None,
                 on_move: Callable[[Game], None] = lambda g: None,
                 on_hand: Callable[[Game], None] = lambda g: None) -> Outcome:
    """Hands of ``opts`` until ``opts.hands`` are played or the human stops.  ``session``: the scores,
    dealer and hand number to go on from; ``first``: a hand already under way to play on (a position
    of a record); ``on_move`` / ``on_hand`` see each move and each new hand (the record)."""
    lang, me = opts.lang, opts.seat
    session = session or Session(opts.rules, seed=opts.seed)
    names = tv.seat_names(me, opts.bots, lang)
    table = Table(names, session.scores)
    outcome = Outcome(0, session.scores)
    term.say(pw.intro_lines(opts.rules, opts.bots, opts.coaching, lang))
    while opts.hands is None or outcome.hands < opts.hands:
        table.hand_no = session.index + 1
        seed = hand_seed(session.seed, session.index)
        resumed = first is not None and outcome.hands == 0 and opts.resumed is not None
        game = first if first is not None and resumed else session.game()
        on_hand(game)
        coach = Coach(opts.rules, seat=me)
        human = Human(term, lang, table, coach, coaching=opts.coaching, seat=me)
        n = opts.rules.game.players
        players: list[Player] = [human] * n
        for k, bot in enumerate(opts.bots):
            players[(me + 1 + k) % n] = make_bot(bot, seed, (me + 1 + k) % n)
        narrate = Narrator(term, table, lang, me)
        if resumed:
            assert opts.resumed is not None  # resumed says so
            narrate.at = len(game.events)  # a position of a record: its table, not its story
            term.say(pw.resume_lines(*opts.resumed, table.hand_no, lang))
        try:
            play_hand(game, players, narrate, on_move)
        except KeyboardInterrupt:
            outcome.stopped = "interrupt"
        except Stop as stop:
            outcome.stopped = stop.why
        if outcome.stopped:
            term.say(pw.stopped_lines(outcome.stopped, outcome.hands, session.scores, names, lang))
            return outcome
        result = game.result
        assert result is not None  # play_hand played the hand to its end
        term.say(pw.settlement_lines(result, names, opts.rules, lang, me=me))
        session.record(result)
        outcome.hands += 1
        outcome.results.append(result)
        term.say(pw.scores_line(session.scores, session.index, names, lang))
    return outcome
