"""The kinds of question, one module each: a kind is added by adding its module here, and nothing else.

A module of this package registers the kind its file is named after, by implementing ``Kind`` (below):
its place and names (``ORDER``, ``NAME_ZH``, ``HAND``), what its questions ask about beside the hand
(``FACTS``), the question's words (``prompt``, ``context``),
its right answer (``solve``), how an answer is read, judged and taught (``parse``, ``grade``,
``right_answer``, ``teach``, ``note``), its drills (``MAKERS``, ``MORE_GENERATORS``, ``generator``,
``TAGS``, ``ruleset_tags``) and the questions it makes of the learner's mistakes (``from_mistakes``).
The kinds on a hand (``ting``, ``discard``, ``huxi``, ``chi``, ``chou``: ``HAND = True``) ask a
``question.Question``, of the puzzle library or a drill; ``game`` asks a ``game_questions.GameItem``,
a decision saved from one of the learner's games.  Both are facts only: ``solver.trainer.asking`` asks
their kind (``lines``, ``grade``, ``right_answer``, ``explanation``), so ``session.run_quiz`` and the
page ask every question alike.

A kind whose answer is one choice among the moves open (the best one right) says ``CHOICE = True``:
``phz stats`` counts its right answers as optimal choices (``solver.vocabulary.CHOICE_KINDS``).
A module writes its ``ORDER`` and ``HAND`` as plain lines (``ORDER = 3``, ``HAND = True``): ``names()``
reads them from the files without importing any kind (``solver.vocabulary.kinds_in``, which also makes
``QUESTION_KINDS`` for the puzzle loader and ``--help``), so that listing the kinds stays light;
``kinds()`` imports them.  A kind's ORDER is its place in every list of kinds and the seed digit of
its drills (``drills.make_seed``): the kinds' ORDERs are distinct.

Who finds a kind here: the modules above the kinds (``asking``, ``drills``, ``library``, ``selection``),
by importing this package.  A kind imports the shared modules below it (``question``, ``grading``,
``teach``, ``drill_notes``, ``game_questions``), which import no kind: import-linter counts this package,
kinds and all, as one module, and an import of it in a module a kind imports would be a cycle.

>>> names()
('ting', 'discard', 'huxi', 'chi', 'chou', 'game')
>>> [get(name).NAME_ZH for name in hand_kinds()]
['听牌', '打牌', '胡息', '吃牌', '臭张']
"""
from __future__ import annotations

import importlib
import pkgutil
import re
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping, NamedTuple, Protocol, Sequence, cast

from solver.vocabulary import kinds_in

if TYPE_CHECKING:
    from solver.puzzles import PuzzleAnswer

    from ...model.rules import Ruleset
    from ..drill_makers import Maker
    from ..progress import Store
    from ..question import Facts, Grade

__all__ = ["Kind", "Makers", "get", "hand_kinds", "kinds", "name_zh", "names"]


class Makers(NamedTuple):
    """The makers of one drill generator (``drill_makers.Maker``): ``frozen`` of the frozen generators (seeds
    0-5), ``ruleset`` of the ruleset generator (seeds of generator 9), both frozen once released."""
    frozen: Maker
    ruleset: Maker


class Kind(Protocol):
    """What a module of this package defines: one kind of question, named after the module.

    ``q`` is the kind's question: a ``question.Question`` for a kind on a hand (``HAND``), a
    ``game_questions.GameItem`` for ``game``; ``zh``: the words are Chinese (else English).  A kind that
    has no use for an operation says so in it (``game`` has no drill, no puzzle, no note).
    """

    @property
    def ORDER(self) -> int:
        """Its place in the lists of kinds, and the seed digit of its own drills (the kinds' are distinct)."""

    @property
    def NAME_ZH(self) -> str:
        """Its name in Chinese (the question's header, the messages about its drills)."""

    @property
    def HAND(self) -> bool:
        """It asks a question on a hand, of the puzzle library and the drills (``QUESTION_KINDS``)."""

    @property
    def READY(self) -> bool:
        """Its every drill is of a ready hand: where those are rare, another kind may still be drilled."""

    @property
    def FACTS(self) -> type[Facts]:
        """The class of its questions' facts beside the hand (``question.Facts``, or its own subclass: the tile
        and where it comes from ...), made of a puzzle's fields or a drill maker's of the same names."""

    @property
    def TAGS(self) -> tuple[str, ...]:
        """Every tag a drill of the frozen generators can carry."""

    @property
    def MAKERS(self) -> Makers | None:
        """The makers of its own drills (their seed digit its ORDER); None: it has no drills."""

    @property
    def MORE_GENERATORS(self) -> Mapping[str, tuple[int, Makers]]:
        """The other drill generators that make its questions, by name: (seed digit, makers)."""

    def prompt(self, q: Any, zh: bool) -> str:
        """The question, in one line."""

    def context(self, q: Any, zh: bool) -> list[str]:
        """The lines between the hand (or position) and the prompt: the facts only this kind shows."""

    def with_menu(self, q: Any) -> Any:
        """``q`` with what it shows to choose from filled in (chi: its ways to eat); else ``q`` itself."""

    def solve(self, q: Any, result: Any = None) -> Any:
        """The right answer: a ``question.Solution`` from the solver (``result``: the solver's result when a
        drill maker has it), or the best move of a game question."""

    def parse(self, q: Any, raw: str, spaced: str) -> Any:
        """An answer in graded form, from its text (``raw``: stripped and not empty; ``spaced``: its
        separators made spaces); ``question.AnswerError`` saying how to write it."""

    def grade(self, q: Any, answer: Any) -> Grade:
        """The answer in graded form judged against the right one, with the text it is recorded as."""

    def right_answer(self, q: Any) -> str:
        """A right answer as a learner would type it."""

    def puzzle_answer(self, q: Any) -> PuzzleAnswer:
        """The right answer in the form a library puzzle stores (``solver.puzzles``)."""

    def teach(self, q: Any, g: Grade, zh: bool) -> list[str]:
        """After the verdict: the solver's table for the question, where the answer fell short, and why."""

    def note(self, q: Any, zh: bool) -> str:
        """A drill's teaching note, made from the solver's answer (a puzzle has its own)."""

    def ruleset_tags(self, rules: Ruleset) -> tuple[str, ...]:
        """Every tag a drill of the ruleset generator can carry under ``rules``."""

    def generator(self, own: str, base: int, tag: str | None, rules: Ruleset, frozen: bool) -> str:
        """Which generator makes a drill of this kind from ``base`` (with ``tag``, under ``rules``; ``frozen``:
        the frozen generators serve it): ``own`` (the kind's own), or one of ``MORE_GENERATORS``."""

    def from_mistakes(self, store: Store, ids: Sequence[int] | None = None, *,
                      rules: Ruleset | None = None) -> Mapping[int, Any]:
        """The questions it made of the learner's mistakes and keeps in the progress file, by id (these ids,
        every one when None; of ruleset ``rules``, any when None)."""


def _registered(name: str) -> Kind:
    # A module of this package, found by pkgutil; ``Kind`` is what it defines (each checks so for mypy).
    return cast("Kind", importlib.import_module(f"{__name__}.{name}"))


@cache
def kinds() -> dict[str, Kind]:
    """Every registered kind by name, in their ORDER; ValueError when two share an ORDER."""
    found = sorted(((m.name, _registered(m.name)) for m in pkgutil.iter_modules(__path__)
                    if not m.name.startswith("_")), key=lambda nk: (nk[1].ORDER, nk[0]))
    for (a, ka), (b, kb) in zip(found, found[1:]):
        if ka.ORDER == kb.ORDER:
            raise ValueError(f"the kinds {a} and {b} have the same ORDER {ka.ORDER}: each kind's is its own")
    return dict(found)


def names() -> tuple[str, ...]:
    """The kinds' names in their ORDER, read from their files, none imported (light: for ``--help``)."""
    return tuple(name for _, name, _ in kinds_in(__path__))


def name_zh(name: str) -> str:
    """The Chinese name of kind ``name`` (its ``NAME_ZH``), read from its file, none imported (light: for
    ``phz stats``); the name itself for a kind not registered."""
    for folder in __path__:
        path = Path(folder) / f"{name}.py"
        if path.is_file():
            found = re.search(r'^NAME_ZH = "([^"]+)"$', path.read_text(encoding="utf-8"), re.M)
            if found:
                return found[1]
    return name


def hand_kinds() -> tuple[str, ...]:
    """The names of the kinds on a hand (``Kind.HAND``), in their ORDER."""
    return tuple(name for name, k in kinds().items() if k.HAND)


def get(name: str) -> Kind:
    """The kind ``name``; a ValueError naming the kinds when there is none."""
    found = kinds().get(name)
    if found is None:
        raise ValueError(f"unknown question kind {name!r}: the kinds are {', '.join(kinds())}")
    return found
