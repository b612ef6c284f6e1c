"""The quiz: ``run_quiz`` asks, reads, grades, records and teaches, question by question;
``quiz_command`` is the whole of ``phz quiz``."""
from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence, TextIO

from solver import puzzles

from ..model.rules import Ruleset
from ..text.catalogue import both, say
from ..text.explain import resolve_lang
from ..text.render import paint
from ..text.replies import echoed, printable
from . import asking
from .drills import NoDrill
from .game_questions import GameItem
from .grading import AnswerError
from .progress import ProgressError, Store
from .question import Question
from .selection import LazyQuestions, select_questions
from .wrapping import WIDTH, width, wrap

QUIT_WORDS = frozenset({"q", "quit", "exit", "退出"})


@dataclass
class QuizSummary:
    """What a quiz run did.  ``stopped``: 'finished', 'quit' (q), 'eof', 'interrupt' (Ctrl-C),
    'unsaved' (an answer could not be stored; ``error`` says why in one line naming the file) or
    'no_drill' (no drill of the kind asked can be made under the ruleset: ``error`` says so, and the fix,
    in one line in the quiz's language)."""
    total: int = 0
    asked: int = 0
    answered: int = 0
    correct: int = 0
    stopped: str = "finished"
    results: list = field(default_factory=list)  # (Question or GameItem, Grade) per answer
    error: str | None = None


def line_reader(stream: TextIO | None = None, out: TextIO | None = None) -> Callable[[str], str]:
    """An ``input_fn`` reading lines of ``stream`` (stdin): '' at end of input.

    It writes the prompt to ``out`` (stdout) and, when the input is not a
    terminal, echoes the answer, so that a piped session reads like a typed one.
    On a terminal (stdin and stdout) it reads with ``input()``, for line editing.
    Stdin is read as bytes and decoded here: a line that is not UTF-8 raises
    AnswerError (asked again) instead of ending the quiz.
    """
    def read(prompt: str) -> str:
        src = stream if stream is not None else sys.stdin
        dst = out if out is not None else sys.stdout
        if src is sys.stdin and dst is sys.stdout and sys.stdin.isatty():
            # A terminal: input() gives line editing; Ctrl-D raises EOFError.
            try:
                return input(prompt) + "\n"
            except UnicodeDecodeError:
                raise AnswerError(*both("session.not_utf8")) from None
        dst.write(prompt)
        dst.flush()
        bad = False
        binary = getattr(src, "buffer", None) if src is sys.stdin else None
        if binary is not None:
            data = binary.readline()
            try:
                line = data.decode("utf-8")
            except UnicodeDecodeError:
                line, bad = data.decode("utf-8", "replace"), True
            if line.endswith("\r\n"):  # as text mode reads it
                line = line[:-2] + "\n"
        else:
            line = src.readline()
        isatty = getattr(src, "isatty", None)
        if line and not (isatty and isatty()):
            # As text: a control character (ESC, NUL ...) escaped, a byte not UTF-8 as �, so that the echo
            # cannot drive the terminal.
            dst.write(echoed(line.removesuffix("\n").removesuffix("\r")) + "\n")
            dst.flush()
        if bad:
            raise AnswerError(*both("session.not_utf8"))
        return line
    return read


def _printer(text: str) -> None:
    print(text, flush=True)


#: the verdict's colours: bold green and bold yellow, never the red of red tiles (``render.paint``)
_RIGHT, _WRONG = "\x1b[1;32m", "\x1b[1;33m"


def verdict(correct: bool, lang: str = "en", colour: bool = False) -> str:
    """The line after an answer: ✓ or ✗ and the word, in green or yellow when ``colour``.

    >>> verdict(True), verdict(False, "zh"), verdict(False, colour=True)
    ('✓ correct', '✗ 错误', '\\x1b[1;33m✗ incorrect\\x1b[0m')
    """
    zh = resolve_lang(lang) == "zh"
    text = say("session.correct" if correct else "session.incorrect", zh)
    return f"{_RIGHT if correct else _WRONG}{text}\x1b[0m" if colour else text


def pause_prompt(lang: str = "en") -> str:
    """What the quiz waits on between two questions in a terminal."""
    return say("session.pause", resolve_lang(lang))


def run_quiz(questions: Sequence[Question | GameItem] | LazyQuestions, *,
             input_fn: Callable[[str], str | None] | None = None, output_fn: Callable[[str], None] | None = None,
             lang: str | None = "en", store=None, clock: Callable[[], float] = time.time,
             colour: bool = False, pause: bool = False) -> QuizSummary:
    """Ask ``questions`` one by one: show, read, grade, record, say ✓ correct / ✗ incorrect, teach.

    ``input_fn(prompt)`` returns the line typed (a trailing newline is fine);
    the end of input is EOFError, None or '' (a blank line typed is '\\n' or
    whitespace and is asked again: use ``line_reader`` rather than the
    builtin ``input``, whose blank line is '').  ``q`` (quit, exit, 退出),
    end of input and Ctrl-C stop at any point.  Each attempt is recorded in
    ``store`` (a progress.Store, or None) the moment it is graded, before any
    output, so nothing answered is lost however the quiz stops; when it cannot
    be stored (ProgressError) the quiz stops there, without a verdict, as
    'unsaved' with the reason in ``summary.error``.  A bad answer (or an
    ``input_fn`` raising AnswerError) is reported and asked again; it is not an
    attempt.  ``clock`` gives POSIX seconds: the time of an attempt and, by
    difference, the seconds taken from the question shown to the answer read
    (the last one, when a bad one was asked again; grading is not counted,
    since it may load the solver's kernels).  ``questions`` may be a LazyQuestions, each
    made when its turn comes.  Every question, a ``Question`` or a question from a game
    (``GameItem``), is shown, graded, recorded and explained alike (``lines``, ``grade``,
    ``record_ids``, ``explanation``: each through its kind).  With ``pause`` (a terminal:
    ``quiz_command`` decides) the explanation stays on screen until Enter (``pause_prompt``;
    q stops) before the next question; piped answers are never paused for.
    """
    lang = resolve_lang(lang)
    zh = lang == "zh"
    read = input_fn or line_reader()
    write = output_fn or _printer
    summary = QuizSummary(total=len(questions))
    prompt = say("session.prompt", zh)

    def show(text: str) -> None:
        for line in fit(text):
            write(paint(line, colour))

    def cannot_read(e: AnswerError) -> None:
        show(say("session.cannot_read", zh, why=printable(e.said(lang))))

    skipped = getattr(questions, "skipped", [])  # kinds of drills left out on the way (drills.NoDrill)
    told = 0
    try:
        for index, q in enumerate(questions, 1):
            summary.asked += 1
            if index > 1:
                show("")
            for note in skipped[told:]:
                show(note.in_lang(lang, skipped=True))
            told = len(skipped)
            for line in asking.lines(q, lang, index=index, total=summary.total):
                show(line)
            start = clock()
            while True:
                try:
                    raw = read(prompt)
                except (EOFError, StopIteration):  # StopIteration: a scripted input ran out
                    raw = None
                except AnswerError as e:  # a line that is not text
                    cannot_read(e)
                    continue
                if raw is None or raw == "":
                    summary.stopped = "eof"
                    break
                text = raw.strip()
                if not text:
                    continue
                if text.lower() in QUIT_WORDS:
                    summary.stopped = "quit"
                    break
                now = clock()  # the answer's time: before grading, which may load the solver's kernels
                try:
                    g = asking.grade(q, text)
                except AnswerError as e:
                    cannot_read(e)
                    continue
                break
            if summary.stopped != "finished":
                break
            if store is not None:
                try:
                    store.record(rules=q.rules, **q.record_ids, kind=q.kind, level=q.level, tags=q.tags,
                                 answer=g.text, correct=g.correct, seconds=max(0.0, now - start), at=now)
                except ProgressError as e:
                    # No verdict: the learner would take a verdict for an answer kept.
                    summary.stopped, summary.error = "unsaved", str(e)
                    break
            summary.answered += 1
            summary.correct += g.correct
            summary.results.append((q, g))
            write(verdict(g.correct, lang, colour))
            for line in asking.explanation(q, g, lang):
                show(line)
            if pause and index < summary.total and not _go_on(read, lang, summary):
                break
    except KeyboardInterrupt:
        summary.stopped = "interrupt"
    except NoDrill as e:  # the kind asked (or every kind left) has no drill under the ruleset
        summary.stopped, summary.error = "no_drill", e.in_lang(lang)
        if not summary.asked:  # nothing was asked: the error alone says it
            return summary
    try:
        write("")
        write(summary_line(summary, lang))
    except KeyboardInterrupt:
        pass
    return summary


def fit(text: str, limit: int = WIDTH) -> list[str]:
    """``text``'s lines, each longer than ``limit`` columns wrapped (``wrapping.wrap``) under its own indent."""
    out: list[str] = []
    for line in text.split("\n"):
        lead = line[:len(line) - len(line.lstrip(" "))]
        out += wrap(line, limit, indent=lead + "  ") if width(line) > limit else [line]
    return out


def _go_on(read: Callable[[str], str | None], lang: str, summary: QuizSummary) -> bool:
    """Wait for Enter before the next question: False (``summary.stopped`` set) on q or the end of input."""
    write_prompt = pause_prompt(lang)
    while True:
        try:
            raw = read(write_prompt)
        except (EOFError, StopIteration):
            raw = None
        except AnswerError:  # a line that is not text: as good as Enter
            return True
        if raw is None or raw == "":
            summary.stopped = "eof"
            return False
        if raw.strip().lower() in QUIT_WORDS:
            summary.stopped = "quit"
            return False
        return True


def summary_line(s: QuizSummary, lang: str = "en") -> str:
    zh = resolve_lang(lang) == "zh"
    line = say("session.summary", zh, answered=s.answered, correct=s.correct)
    if s.stopped == "unsaved":
        line += say("session.stopped_unsaved", zh)
    elif s.stopped != "finished":
        line += say("session.stopped_early", zh)
    return line + ("。" if zh else ".")


def quiz_command(*, rules: Ruleset, kind: str | None = None, level: int | None = None, tag: str | None = None,
                 count: int | None = None, puzzle_id: str | None = None, random_drills: bool = False,
                 seed: int | None = None, lang: str | None = None, db: str | None = None,
                 colour: bool = False, input_fn: Callable[[str], str | None] | None = None,
                 output_fn: Callable[[str], None] | None = None, puzzles_dir=None,
                 clock: Callable[[], float] = time.time, interactive: bool | None = None) -> QuizSummary:
    """``phz quiz`` under ``rules``: load the library, open the progress file, pick the questions, run the loop.

    ``interactive``: whether the learner sits at a terminal, so the quiz pauses after each explanation;
    None: when the answers are read from standard input and it and standard output are both terminals.

    Raises QuizError, ProgressError or PuzzleError (all ValueError, one line) before asking anything.
    An answer that cannot be stored after that ends the quiz: ``stopped`` is 'unsaved', ``error`` says why.
    """
    lang = resolve_lang(lang)
    lib = [] if random_drills and puzzle_id is None else puzzles.load(Path(puzzles_dir) if puzzles_dir else None)
    with Store(db) as store:
        questions = select_questions(lib, rules=rules, kind=kind, level=level, tag=tag, count=count,
                                     puzzle_id=puzzle_id, random_drills=random_drills, seed=seed, store=store,
                                     now=clock())
        if interactive is None:
            interactive = input_fn is None and _terminal(sys.stdin) and _terminal(sys.stdout)
        return run_quiz(questions, input_fn=input_fn, output_fn=output_fn, lang=lang, store=store, clock=clock,
                        colour=colour, pause=interactive)


def _terminal(stream) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())
