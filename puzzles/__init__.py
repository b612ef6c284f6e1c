"""The puzzle library: curated hands with stored answers and teaching notes.

Format (TOML, standard library ``tomllib``): one file per kind in this folder
(``ting.toml``, ``discard.toml``, ``huxi.toml``, ``chi.toml``, ``chou.toml``),
each an array of ``[[puzzle]]`` tables::

    [[puzzle]]
    id = "ting-001"            # unique across the library
    kind = "ting"              # ting | discard | huxi | chi | chou
    rules = "luzhou"           # optional: the ruleset it is asked and solved under (default "hunan")
    level = 1                  # 1 one idea; 2 two that interact; 3 a trap
    tags = ["破跑胡"]           # free words; KNOWN_TAGS must all be covered
    hand = "一二三 壹贰叁 ..."   # phz notation (melds after |)
    tile = "五"                # huxi, chi, chou: the tile that appears
    source = "other"           # huxi: self | other | discard (a ruleset that wins on discards)
    from = "upper-discard"     # chi, chou: as in `phz act --from`
    action = "chi"             # chou: chi | peng
    seen = ""                  # optional: tiles seen elsewhere
    chou = ""                  # optional (chi, chou): tiles already 臭 for 吃
    passed_peng = ""           # optional (chi, chou): tiles whose 碰 was passed
    answer = "五柒"             # see ANSWER below
    by_hand = true             # optional: answer worked out by hand from RULES.md
    note_en = "..."            # teaching note naming this puzzle's own tiles
    note_zh = "..."

ANSWER: ting — glyphs of every wait, either source, dead ones included, in
tile-index order; discard — glyphs of every discard with the most live outs
(ties all listed; when no discard leaves live outs, every discard with the
least distance to ready and, among those, the most live improving draws); huxi — the 胡息 of the best decomposition (an integer);
chi — the list of legal ways ``{chi = "TILES", bi = ["TILES", ...]}`` as
``phz act --json`` gives them; chou — true iff the action has a legal way.

RULES: a puzzle is written for one ruleset, named by ``rules`` (a shipped
ruleset's name as ``phz rules list`` gives it, not an alias; ``DEFAULT_RULES``
when absent): its answer is that ruleset's, and ``phz quiz --rules NAME`` asks
the puzzles of NAME only.

This package only loads the files, with the standard library and the names of
``solver.vocabulary`` (the kinds, the default and the shipped rulesets): it imports
nothing of the solver.  ``solver.trainer.library.check`` checks every stored answer
with it, each under its own ruleset.

KINDS: a puzzle's ``kind`` must be one of ``solver.vocabulary.QUESTION_KINDS``,
the kinds on a hand of the registry of kinds (``solver.trainer.kinds``, a
module each), which ``solver.vocabulary`` lists from the registry's files with
``importlib.resources`` (their ``ORDER`` and ``HAND`` lines), importing none
of them: the loader keeps no list of kinds of its own, and the library's
files load in that ORDER.  The fields a puzzle of each kind takes and the
type of its answer are the kind's too: its module's ``PUZZLE_NEEDS``,
``PUZZLE_TAKES`` and ``PUZZLE_ANSWER`` lines (``vocabulary.kind_constants``
reads them, importing nothing), so a kind with puzzles of its own adds them
in its one file.
"""
from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Collection, NamedTuple, Sequence, TypedDict, cast

from solver.vocabulary import DEFAULT_RULESET as DEFAULT_RULES
from solver.vocabulary import QUESTION_KINDS, kind_constants, shipped_rulesets

#: the levels of a question
LEVELS = (1, 2, 3)
#: tags the library must cover (issue: puzzle library)
KNOWN_TAGS = ("破跑胡", "一吃两比", "烧比", "坎 locked", "forced 偎", "forced 提", "对对胡", "红胡",
              "乌胡", "臭张", "隔山", "self-only wait", "other-only wait")
#: the names a puzzle's ``rules`` may take: the shipped rulesets
RULESETS = shipped_rulesets()
_FIELDS = {"id", "kind", "rules", "level", "tags", "hand", "tile", "source", "from", "action", "seen", "chou",
           "passed_peng", "answer", "by_hand", "note_en", "note_zh"}
#: the types a kind's puzzles may answer in (its ``PUZZLE_ANSWER``): "ways" is a list of {chi, bi} tables
_ANSWER_TYPES: dict[str, type[Any]] = {"str": str, "int": int, "bool": bool, "ways": list}


class _Format(NamedTuple):
    """What a puzzle of a kind holds: the context fields it needs, those it may have besides, its answer's type."""
    needs: tuple[str, ...]
    takes: tuple[str, ...]
    answer: str


@cache
def _format(kind: str) -> _Format | None:
    """The puzzle format kind ``kind``'s module registers (``PUZZLE_NEEDS``, ``PUZZLE_TAKES``, ``PUZZLE_ANSWER``,
    read from its file), None when it has none (a kind with no puzzles yet)."""
    names = ("PUZZLE_NEEDS", "PUZZLE_TAKES", "PUZZLE_ANSWER")
    got = kind_constants([resources.files("solver").joinpath("trainer", "kinds")], kind, names)
    if set(got) != set(names) or got["PUZZLE_ANSWER"] not in _ANSWER_TYPES:
        return None
    return _Format(tuple(cast(tuple, got["PUZZLE_NEEDS"])), tuple(cast(tuple, got["PUZZLE_TAKES"])),
                   str(got["PUZZLE_ANSWER"]))


class PuzzleError(ValueError):
    """A malformed puzzle entry; the message names the puzzle."""


class ChiWay(TypedDict):
    """A legal way to eat as a chi puzzle's answer stores it: the eating group and its 比 groups, in glyphs."""
    chi: str
    bi: tuple[str, ...]


#: a puzzle's answer, by kind: glyphs (ting, discard), a number (huxi), the legal ways (chi), a bool (chou)
PuzzleAnswer = str | int | bool | tuple[ChiWay, ...]


@dataclass(frozen=True)
class Puzzle:
    id: str
    kind: str
    level: int
    tags: tuple[str, ...]
    hand: str
    answer: PuzzleAnswer
    note_en: str
    note_zh: str
    tile: str | None = None
    source: str | None = None
    from_: str | None = None
    action: str | None = None
    seen: str = ""
    chou: str = ""
    passed_peng: str = ""
    by_hand: bool = False
    rules: str = DEFAULT_RULES
    file: str = field(default="", compare=False)

    def as_json(self) -> dict:
        """The ``phz puzzles list --json`` form (null where not used)."""
        answer: object = self.answer
        if self.kind == "chi":
            ways = self.answer
            assert isinstance(ways, tuple)  # a chi puzzle's answer is its ChiWays (``_entry``)
            answer = [{"chi": w["chi"], "bi": list(w["bi"])} for w in ways]
        return {"id": self.id, "kind": self.kind, "level": self.level, "tags": list(self.tags),
                "hand": self.hand, "tile": self.tile, "source": self.source, "from": self.from_,
                "action": self.action, "seen": self.seen or None, "chou": self.chou or None,
                "passed_peng": self.passed_peng or None, "answer": answer, "rules": self.rules}


def library_dir() -> Path:
    return Path(str(resources.files(__name__)))


def _entry(raw: dict, file: str, rulesets: Collection[str]) -> Puzzle:
    pid = raw.get("id", "?")
    where = f"puzzle {pid} ({file})"
    unknown = set(raw) - _FIELDS
    if unknown:
        raise PuzzleError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    for key in ("id", "kind", "level", "hand", "answer", "note_en", "note_zh"):
        if key not in raw:
            raise PuzzleError(f"{where}: missing field {key!r}")
    kind = raw["kind"]
    if kind not in QUESTION_KINDS:
        raise PuzzleError(f"{where}: kind {kind!r} is not one of {', '.join(QUESTION_KINDS)}")
    form = _format(kind)
    if form is None:
        raise PuzzleError(f"{where}: the library's format has no {kind} puzzles yet (their fields and answer)")
    rules = raw.get("rules", DEFAULT_RULES)
    if rules not in rulesets:
        raise PuzzleError(f"{where}: rules {rules!r} is not a ruleset: use one of {', '.join(rulesets)}")
    if raw["level"] not in LEVELS:
        raise PuzzleError(f"{where}: level must be 1, 2 or 3")
    context = {k for k in ("tile", "source", "from", "action", "seen", "chou", "passed_peng") if k in raw}
    missing = [k for k in form.needs if k not in raw]
    if missing:
        raise PuzzleError(f"{where}: a {kind} puzzle needs {', '.join(missing)}")
    extra = context - set(form.needs) - set(form.takes)
    if extra:
        raise PuzzleError(f"{where}: a {kind} puzzle takes no {', '.join(sorted(extra))}")
    answer = raw["answer"]
    if type(answer) is not _ANSWER_TYPES[form.answer]:
        raise PuzzleError(f"{where}: the answer of a {kind} puzzle is a {_ANSWER_TYPES[form.answer].__name__}")
    if form.answer == "ways":
        if not all(isinstance(w, dict) and set(w) == {"chi", "bi"} for w in answer):
            raise PuzzleError(f"{where}: a chi answer is a list of {{chi, bi}} tables")
        answer = tuple({"chi": w["chi"], "bi": tuple(w["bi"])} for w in answer)
    if raw.get("source") not in (None, "self", "other", "discard"):
        raise PuzzleError(f"{where}: source must be self, other or discard")
    if raw.get("action") not in (None, "chi", "peng"):
        raise PuzzleError(f"{where}: action must be chi or peng")
    for note in ("note_en", "note_zh"):
        if not str(raw[note]).strip():
            raise PuzzleError(f"{where}: {note} is empty")
    return Puzzle(id=pid, kind=kind, level=raw["level"], tags=tuple(raw.get("tags", ())), hand=raw["hand"],
                  answer=answer, note_en=raw["note_en"].strip(), note_zh=raw["note_zh"].strip(),
                  tile=raw.get("tile"), source=raw.get("source"), from_=raw.get("from"),
                  action=raw.get("action"), seen=raw.get("seen", ""), chou=raw.get("chou", ""),
                  passed_peng=raw.get("passed_peng", ""), by_hand=bool(raw.get("by_hand", False)), rules=rules,
                  file=file)


def load(directory: Path | None = None, *, rulesets: Collection[str] = RULESETS) -> list[Puzzle]:
    """Every puzzle of the library, file by file in QUESTION_KINDS order (then the other files by name);
    a puzzle's ``rules`` must be one of ``rulesets``."""
    directory = directory or library_dir()
    puzzles: list[Puzzle] = []
    def order(path: Path) -> tuple[int, str]:
        return QUESTION_KINDS.index(path.stem) if path.stem in QUESTION_KINDS else 99, path.name

    for path in sorted(directory.glob("*.toml"), key=order):
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as err:
            raise PuzzleError(f"{path.name}: not valid TOML: {err}") from None
        for raw in data.get("puzzle", []):
            puzzles.append(_entry(raw, path.name, tuple(rulesets)))
    dup = duplicate_ids(puzzles)
    if dup:
        raise PuzzleError(dup)
    return puzzles


def duplicate_ids(puzzles: Sequence[Puzzle]) -> str:
    """The problem of ids used more than once ("" when every id is unique)."""
    dup = sorted(i for i, n in Counter(p.id for p in puzzles).items() if n > 1)
    return f"duplicate puzzle id(s): {', '.join(dup)}" if dup else ""
