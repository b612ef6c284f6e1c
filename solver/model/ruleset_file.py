"""Ruleset files: read a TOML ruleset, resolve its ``base``, check every field, make a ``Ruleset``.

The shipped files are in ``solver/rulesets`` (hunan.toml documents every field).  A file may start
from another (``base = "hunan"`` or a path next to it) and give only what differs: tables merge field
by field, lists replace.  Anything missing, unknown or inconsistent is refused with one line naming the
file and the field (``RulesetError``, a ValueError).

>>> load("LUZHOU").name, load("泸州").name, load("luzhou-deng").fans
('luzhou', 'luzhou', ())
>>> load("nowhere")
Traceback (most recent call last):
...
solver.model.ruleset_file.RulesetError: unknown ruleset 'nowhere': choose one of hunan, luzhou, luzhou-deng, or give a file (a path with / or ending in .toml)
"""
from __future__ import annotations

import fnmatch
import hashlib
import json
import os
import re
import tomllib
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

from .. import limits
from ..vocabulary import DEFAULT_RULESET, shipped_rulesets
from . import derived, files
from . import ruleset as R
from .ruleset_game import parse_game, with_players
from .shown import printable, quoted, value_text
from .tiles import COPIES, GLYPH_TO_ID, N_KINDS, RED

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

SCHEMA = 1
#: the environment variable, and the file in the user's config directory, naming the default ruleset
ENV, CONFIG_NAME = "PHZ_RULES", "rules"
DEFAULT = DEFAULT_RULESET  # the ruleset used when nothing names one (solver.vocabulary)
_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
_Number = TypeVar("_Number", int, float)


class RulesetError(ValueError):
    """A ruleset that cannot be used: the message is one line naming the file and the field."""


# Every field of a ruleset file: a value's type, or a table of fields.
_CELL = {"makes": str, "compulsory": bool, "po": bool, "others_win": bool}
_HUXI = {"small": int, "big": int, "red_small": int, "red_big": int, "tiles": dict}
_FAN = {"name": str, "condition": str, "fan": int, "red_min": int, "red_max": int}
FIELDS: dict[str, Any] = {
    "schema": int, "base": str, "name": str, "title": str, "aliases": list,
    "groups": {"melds": list, "dealt_four": str, "jiang": str, "aliases": dict, "absent": dict, "sequence": str},
    "huxi": {p: _HUXI for p in R.PATTERNS},
    "score": {"min_huxi": int, "deng_base": int, "deng_step": int, "deng_add": int, "self_draw_deng": int,
              "fans_add": bool, "plain_fan": int, "fans": [_FAN], "overrides": [{"names": list, "fan": int}]},
    "take": {h: {s: _CELL for s in R.TAKE_SOURCES} for h in R.HOLDINGS},
    "play": {"win_on": list, "peng_compulsory": bool, "chi_from": list, "passed": str,
             "own_discard_makes_chou": bool, "shaobi": str},
    "weights": {s: int for s in R.TAKE_SOURCES},
    "penalties": dict,
    "game": {"players": int, "sit_out": str, "deal": list, "liang_zhang": bool, "tianhu": str,
             "dihu": str, "last_tile_wins": bool, "pay": str, "penalty_paid": str, "shown_last": bool,
             "red_last_up": bool, "buried": int},
    "bots": {"hazard": list, "typical_score": float, "steps": list, "hu_factor": float, "take_factor": float,
             "meld_rate": float, "discard_rate": float, "far_score": float, "look": int, "win_curve": list,
             "kept_draws": float, "rollout_policy": str, "follow_ups": int, "danger": float, "danger_gap": float,
             "grade_points": list, "grade_win": list, "close_calls": float, "race_first": int, "race_round": float,
             "race_keep": list, "keen_level": int, "keen_reach": bool},
}
#: the range of every whole number of a ruleset file, by field ("[]": any entry of a list; README: Rulesets)
RANGES = {
    "schema": (0, 1000),
    "huxi.*": (0, 18),  # seven groups of 18 make 126: the win kernels count a hand's 胡息 up to 127
    "score.min_huxi": (0, 1000),
    "score.deng_base": (0, 1000),
    "score.deng_step": (1, 1000),
    "score.deng_add": (-1000, 1000),
    "score.self_draw_deng": (0, 100),
    "score.plain_fan": (1, 1000),
    "score.fans[].fan": (1, 1000),
    "score.fans[].red_min": (0, N_KINDS * COPIES),
    "score.fans[].red_max": (0, N_KINDS * COPIES),
    "score.overrides[].fan": (1, 1000),
    "weights.*": (0, 1000),
    "penalties.*": (0, 100_000),
    "game.players": (2, 4),
    "game.deal[]": (1, 40),
    "game.buried": (0, 40),
    "bots.hazard[]": (0, 1),
    "bots.typical_score": (0, 1000),
    "bots.steps[]": (0, 1),
    "bots.win_curve[]": (0, 1),
    "bots.hu_factor": (0, 10), "bots.take_factor": (0, 10),
    "bots.meld_rate": (0, 3), "bots.discard_rate": (0, 3),
    "bots.far_score": (0, 1000),
    "bots.kept_draws": (0, 50),
    "bots.look": (1, 50),
    "bots.follow_ups": (1, 10), "bots.close_calls": (1, 10),
    "bots.danger": (0, 1), "bots.danger_gap": (0, 1),
    "bots.race_first": (1, 1000), "bots.race_round": (0, 1), "bots.race_keep[]": (1, 100), "bots.keen_level": (0, 1),
    "bots.grade_points[]": (0, 1000),
    "bots.grade_win[]": (0, 1),
}
#: fields that may be left out: red_* and tiles of a 胡息 entry, red_min/red_max of a fan
_OPTIONAL = {"base", "red_small", "red_big", "tiles", "red_min", "red_max"}
_TYPE_WORDS = {int: "a whole number", float: "a number", bool: "true or false", str: "a string", list: "a list",
               dict: "a table"}


#: the names of the shipped rulesets
shipped = shipped_rulesets


def shipped_text(name: str) -> str:
    return resources.files("solver.rulesets").joinpath(f"{name}.toml").read_text(encoding="utf-8")


def is_path(spec: str) -> bool:
    """A ``--rules`` value names a file when it holds a ``/`` or ends in ``.toml``."""
    return "/" in spec or os.sep in spec or spec.lower().endswith(".toml")


_LOADED: dict[str, R.Ruleset] = {}


def load(spec: str) -> R.Ruleset:
    """The ruleset ``spec`` names: a shipped name or alias (any letter case), or a file path."""
    spec = spec.strip()
    if is_path(spec):
        path = Path(spec).expanduser()
        text = _read(path)
        return _make(_resolve(text, printable(str(path)), path.parent, ()), str(path))
    key = spec.lower()
    names = shipped()
    if key not in names:
        key = next((n for n in names if key in (a.lower() for a in _aliases(n))), "")
    if not key:
        raise RulesetError(f"unknown ruleset {quoted(spec)}: choose one of {', '.join(names)},"
                           " or give a file (a path with / or ending in .toml)")
    if key not in _LOADED:
        _LOADED[key] = _make(_resolve(shipped_text(key), f"{key}.toml", None, ()), "")
    return _LOADED[key]


def loads(text: str, where: str = "<text>") -> R.Ruleset:
    """The ruleset a file's ``text`` says (its base a shipped name, or a path from the current directory)."""
    return _make(_resolve(text, where, None, ()), where)


def seated(rules: R.Ruleset, players: int) -> R.Ruleset:
    """``rules`` at a table of ``players`` (2-4; ``--players``): ruleset_game.with_players."""
    if players == rules.game.players:
        return rules
    data = with_players(json.loads(json.dumps(dict(rules.data), default=dict)), players)
    return _make(dict(data, __where__=f"{printable(rules.path or rules.name)} with {players} players"), rules.path)


def text_of(rules: R.Ruleset) -> str:
    """The file ``rules`` was read from, as written (to copy and edit)."""
    return _read(Path(rules.path)) if rules.path else shipped_text(rules.name)


def default_name(environ: Mapping[str, str] = os.environ) -> tuple[str, str]:
    """(the default ruleset's name or path, where it was set): ``$PHZ_RULES``, else the
    one line of ``rules`` in the user's config directory, else ``hunan``.  A config file that
    cannot be read (not UTF-8, not a regular file, over ``limits.CONFIG_BYTES``) is a RulesetError
    naming it: its answers would otherwise come under another ruleset without a word."""
    value = environ.get(ENV, "").strip()
    if value:
        return value, f"${ENV}"
    path = config_path(environ)
    if not os.path.lexists(path):
        return DEFAULT, ""
    try:
        line = files.read_text(path, limit=limits.CONFIG_BYTES, what="config").strip().splitlines()
    except files.FileRefused as e:
        raise RulesetError(f"{e} (the config file naming the default ruleset: fix it, or remove it to use "
                           f"{DEFAULT})") from None
    if line and line[0].strip():
        return line[0].strip(), str(path)
    return DEFAULT, ""


def config_path(environ: Mapping[str, str] = os.environ) -> Path:
    """``phz/rules`` in ``$XDG_CONFIG_HOME``, else in ``~/.config`` (a relative ``$XDG_CONFIG_HOME`` is
    ignored, as the XDG base directory specification says)."""
    base = environ.get("XDG_CONFIG_HOME", "")
    if not base or not os.path.isabs(base):
        base = str(Path(environ.get("HOME", "~")).expanduser() / ".config")
    return Path(base) / "phz" / CONFIG_NAME


# ---------------------------------------------------------------- reading

def _aliases(name: str) -> list[str]:
    try:
        got = tomllib.loads(shipped_text(name)).get("aliases", [])
    except tomllib.TOMLDecodeError:
        return []
    return [a for a in got if isinstance(a, str)]


def _read(path: Path) -> str:
    """The text of a ruleset file: a regular file of UTF-8 of at most ``limits.RULESET_BYTES`` bytes."""
    try:
        return files.read_text(path, limit=limits.RULESET_BYTES, what="ruleset")
    except files.FileRefused as e:
        raise RulesetError(str(e)) from None


def _resolve(text: str, where: str, folder: Path | None, seen: tuple[str, ...]) -> dict[str, Any]:
    """The file's content merged onto its base's, checked for unknown fields and types."""
    try:
        data = files.loads_toml(text, what=where or "the ruleset")
    except tomllib.TOMLDecodeError as e:
        raise RulesetError(f"{where}: not valid TOML ({e})") from None
    except files.FileRefused as e:
        raise RulesetError(str(e)) from None
    _check_fields(data, FIELDS, where, "")
    schema = data.get("schema")
    if schema is None:
        raise RulesetError(f"{where}: missing field 'schema' (this phz reads schema = {SCHEMA})")
    if schema != SCHEMA:
        raise RulesetError(f"{where}: schema = {schema} is not known to this phz (it reads schema = {SCHEMA})")
    base = data.pop("base", None)
    if base is None:
        merged = data
    else:
        if base in seen or len(seen) > 8:
            raise RulesetError(f"{where}: field 'base': {base!r} starts from itself")
        if is_path(base):
            path = (folder or Path(".")) / Path(base).expanduser()
            parent = _resolve(_read(path), printable(str(path)), path.parent, seen + (base,))
        else:
            name = base.lower()
            if name not in shipped():
                raise RulesetError(f"{where}: field 'base': unknown ruleset {base!r}"
                                   f" (choose one of {', '.join(shipped())}, or a path)")
            parent = _resolve(shipped_text(name), f"{name}.toml", None, seen + (base,))
        merged = _merge(parent, data)
        # A base's 胡息 or take rows for meld kinds this file drops are not this file's.
        melds = merged.get("groups", {}).get("melds", [])
        for table, keys in (("huxi", ("wei", "pao", "ti", "zhao", "long")), ("take", ("wei",))):
            for k in keys:
                if k not in melds and k not in data.get(table, {}):
                    merged.get(table, {}).pop(k, None)
    merged["__where__"] = where
    return merged


def _merge(base: dict[str, Any], top: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for k, v in top.items():
        out[k] = _merge(base[k], v) if isinstance(v, dict) and isinstance(base.get(k), dict) and k != "penalties" \
            else v
    return out


def _check_fields(data: dict[str, Any], spec: dict[str, Any], where: str, at: str) -> None:
    for key, value in data.items():
        name = f"{at}{key}"
        if isinstance(spec, dict) and key not in spec:
            raise RulesetError(f"{where}: unknown field {name!r}" + _suggest(key, spec))
        want = spec[key]
        if isinstance(want, dict):
            if not isinstance(value, dict):
                raise RulesetError(f"{where}: field {name!r} must be a table")
            _check_fields(value, want, where, name + ".")
        elif isinstance(want, list):
            if not isinstance(value, list) or not all(isinstance(x, dict) for x in value):
                raise RulesetError(f"{where}: field {name!r} must be a list of tables ([[{name}]])")
            for i, x in enumerate(value):
                _check_fields(x, want[0], where, f"{name}[{i}].")
        elif not isinstance(value, (int, float) if want is float else want) or (
                want in (int, float) and isinstance(value, bool)):
            raise RulesetError(f"{where}: field {name!r} must be {_TYPE_WORDS[want]}, not {value_text(value, as_json=False)}")
        elif want in (int, float):
            in_range(value, name, where)


def _range_of(name: str) -> tuple[int, int] | None:
    general = re.sub(r"\[\d+\]", "[]", name)
    return next((r for pattern, r in RANGES.items() if fnmatch.fnmatchcase(general, pattern)), None)


def in_range(value: _Number, name: str, where: str) -> _Number:
    """``value`` of the field ``name`` if it is in the field's range (``RANGES``); RulesetError otherwise."""
    lo, hi = _range_of(name) or (-(1 << 31), (1 << 31) - 1)
    if not lo <= value <= hi:
        raise RulesetError(f"{where}: field {name!r} is {value_text(value, as_json=False)}: give {lo} to {hi}")
    return value


def _suggest(key: str, spec: dict[str, Any]) -> str:
    import difflib

    near = difflib.get_close_matches(key, list(spec), n=1)
    return f" (did you mean {near[0]!r}?)" if near else f" (known here: {', '.join(spec)})"


# ---------------------------------------------------------------- making the Ruleset

class _Fields:
    """Reads a resolved file's fields; a missing one is refused, naming it."""

    def __init__(self, data: dict[str, Any], where: str) -> None:
        self.data = data
        self.where = where

    def fail(self, name: str, why: str) -> NoReturn:
        raise RulesetError(f"{self.where}: field {name!r} {why}")

    def get(self, name: str, table: dict[str, Any] | None = None) -> Any:
        node = self.data if table is None else table
        for part in name.split(".") if table is None else [name]:
            if not isinstance(node, dict) or part not in node:
                self.fail(name, "is missing")
            node = node[part]
        return node

    def choice(self, name: str, choices: Sequence[str]) -> str:
        value: str = self.get(name)
        if value not in choices:
            self.fail(name, f"is {value!r}: choose one of {', '.join(choices)}")
        return value

    def names(self, name: str, choices: Sequence[str]) -> tuple[str, ...]:
        value = self.get(name)
        for x in value:
            if x not in choices:
                self.fail(name, f"holds {x!r}: choose among {', '.join(choices)}")
        if len(set(value)) != len(value):
            self.fail(name, "names something twice")
        return tuple(value)

    def count(self, name: str, low: int = 0) -> int:
        value: int = self.get(name)
        if value < low:
            self.fail(name, f"is {value}: it must be at least {low}")
        return value


def _make(data: dict[str, Any], path: str) -> R.Ruleset:
    where = data.pop("__where__")
    f = _Fields(data, where)
    name = f.get("name")
    if not _NAME.fullmatch(name):
        f.fail("name", f"is {name!r}: use lower-case letters, digits and - (at most 40)")
    if path and name in shipped():
        f.fail("name", f"is {name!r}, a shipped ruleset's: give your rules a name of their own")
    melds = f.names("groups.melds", R.MELD_KINDS)
    for need in ("chi", "peng"):
        if need not in melds:
            f.fail("groups.melds", f"lacks {need!r}: every ruleset has 吃 and 碰")
    fours = [k for k in melds if k in R.FOUR_KINDS]
    if not fours:
        f.fail("groups.melds", "has no 4-tile group (pao, ti, zhao or long)")
    dealt = f.choice("groups.dealt_four", fours)
    meld_aliases = f.get("groups.aliases")
    for k, v in meld_aliases.items():
        if k not in R.MELD_KINDS or k in melds or v not in melds:
            f.fail(f"groups.aliases.{k}", "must map a meld kind this ruleset lacks onto one of groups.melds")
    absent = f.get("groups.absent")
    for k, v in absent.items():
        if k not in R.MELD_KINDS or k in melds or not isinstance(v, str):
            f.fail(f"groups.absent.{k}", "must say, for a meld kind this ruleset lacks, why")
    f.choice("groups.jiang", ("with_four",))
    huxi = {p: _tile_values(f, p) for p in R.PATTERNS if p in ("ju", "ju123", "ju2710", "jiao", "kan", "jiang")
            or p in melds}
    for p in R.PATTERNS:
        if p not in huxi:
            if p in data.get("huxi", {}):
                f.fail(f"huxi.{p}", f"is given, but {p!r} is not among groups.melds")
            huxi[p] = (0,) * N_KINDS  # a kind this ruleset does not have: never valued
    min_huxi = f.count("score.min_huxi")
    step = f.count("score.deng_step", 1)
    base, add = f.get("score.deng_base"), f.get("score.deng_add")
    if (low := (min_huxi - base) // step + add) < 1:
        f.fail("score.deng_add", f"gives {low} 等 at the minimum of {min_huxi} 胡息: a win must be worth at least"
                                 f" 1 (set score.deng_base = {min_huxi}, or score.deng_add = {1 + add - low})")
    fans = []
    for i, x in enumerate(f.get("score.fans")):
        at = f"score.fans[{i}]"
        for k in ("name", "condition", "fan"):
            if k not in x:
                f.fail(f"{at}.{k}", "is missing")
        if x["condition"] not in R.FAN_CONDITIONS:
            f.fail(f"{at}.condition", f"is {x['condition']!r}: choose one of {', '.join(R.FAN_CONDITIONS)}")
        if x["condition"] == "red" and ("red_min" not in x or "red_max" not in x):
            f.fail(f"{at}.red_min", "and red_max are needed by a red condition")
        if x["fan"] < 1 or x.get("red_min", 0) < 0 or x.get("red_max", 80) < x.get("red_min", 0):
            f.fail(f"{at}", "needs a fan of at least 1 and 0 <= red_min <= red_max")
        fans.append(R.Fan(x["name"], x["condition"], x["fan"], x.get("red_min", 0), x.get("red_max", 80)))
    if len({x.name for x in fans}) != len(fans):
        f.fail("score.fans", "names a fan twice")
    overrides = {}
    for i, x in enumerate(f.get("score.overrides")):
        names = x.get("names", [])
        unknown = [n for n in names if n not in {y.name for y in fans}]
        if unknown or not names or len(set(names)) != len(names) or "fan" not in x:
            f.fail(f"score.overrides[{i}]", "needs names of one or more fans of score.fans and a fan")
        if x["fan"] < 1:
            f.fail(f"score.overrides[{i}].fan", f"is {x['fan']}: a fan is at least 1")
        overrides[frozenset(names)] = x["fan"]
    take = {}
    for h in R.HOLDINGS:
        if h == "wei" and "wei" not in melds:
            if "wei" in data.get("take", {}):
                f.fail("take.wei", "is given, but 'wei' is not among groups.melds")
            continue
        for s in R.TAKE_SOURCES:
            at = f"take.{h}.{s}"
            cell = f.get(at)
            for k in _CELL:
                if k not in cell:
                    f.fail(f"{at}.{k}", "is missing")
            makes = cell["makes"]
            allowed = [m for m in R.TAKE_MAKES[h] if m == "free" or m in melds]
            if makes not in allowed:
                f.fail(f"{at}.makes", f"is {makes!r}: for this holding choose one of {', '.join(allowed)}")
            if makes == "free" and cell["compulsory"]:
                f.fail(f"{at}.compulsory", "is true, but the tile makes no group (free)")
            if cell["po"] and makes == "free":
                f.fail(f"{at}.po", "is true, but the tile makes no group to break (free)")
            take[h, s] = R.Take(makes, cell["compulsory"], cell["po"], cell["others_win"])
    win_on = f.names("play.win_on", R.TAKE_SOURCES)
    if not win_on:
        f.fail("play.win_on", "is empty: a ruleset must win on some tile")
    weights = {s: f.count(f"weights.{s}") for s in R.TAKE_SOURCES}
    if not sum(weights[s] for s in win_on):
        f.fail("weights", "are all 0 for the sources of play.win_on")
    penalties = f.get("penalties")
    for k, v in penalties.items():
        if not isinstance(v, int) or isinstance(v, bool):
            f.fail(f"penalties.{k}", f"is {value_text(v, as_json=False)}: a penalty is a whole number, 0 or more")
        in_range(v, f"penalties.{k}", where)
    shaobi = f.get("play.shaobi")
    if shaobi not in penalties:
        f.fail("penalties", f"has no amount for {shaobi!r} (play.shaobi)")
    for offence in R.OFFENCES:
        if offence not in penalties:
            f.fail("penalties", f"has no amount for {offence!r}: a lenient replay of a game record charges it")
    game = parse_game(f, where, in_range)
    aliases = f.get("aliases")
    if not all(isinstance(a, str) for a in aliases):
        f.fail("aliases", "must be a list of names")
    content = {k: v for k, v in data.items() if k not in ("title", "aliases")}
    bots = _bots(f, data.get("bots", {}), where)
    full = hashlib.sha256(json.dumps(content, sort_keys=True, ensure_ascii=False, default=str).encode()).hexdigest()
    # its digest is of its own content: sealed so, the derived cache may key it by that
    return derived.seal(R.Ruleset(
        name=name, title=f.get("title"), aliases=tuple(aliases), melds=melds, sequence=f.get("groups.sequence"),
        meld_aliases=MappingProxyType(dict(meld_aliases)), absent=MappingProxyType(dict(absent)), dealt_four=dealt,
        pao_needs_jiang=True, huxi=MappingProxyType(huxi), min_huxi=min_huxi, deng_base=base, deng_step=step,
        deng_add=add, self_draw_deng=f.count("score.self_draw_deng"), fans=tuple(fans),
        fan_overrides=MappingProxyType(overrides), fans_add=f.get("score.fans_add"),
        plain_fan=f.count("score.plain_fan", 1), take=MappingProxyType(take), win_on=win_on,
        peng_compulsory=f.get("play.peng_compulsory"), chi_from=f.names("play.chi_from", R.CHI_ORIGINS),
        passed=f.choice("play.passed", R.PASS_RULES), own_discard_makes_chou=f.get("play.own_discard_makes_chou"),
        shaobi=shaobi, weights=MappingProxyType(weights), penalties=MappingProxyType(dict(penalties)), game=game,
        bots=bots, data=MappingProxyType(data), digest=full[:12], path=path), full)


def _bots(f: _Fields, table: dict[str, Any], where: str) -> R.BotTuning:
    """The optional [bots] table (types and ranges checked by _check_fields): a field left out keeps
    ``BotTuning``'s default."""
    got: dict[str, Any] = {}
    for name, value in table.items():
        kind = FIELDS["bots"][name]
        if kind is list:  # chances per stock draw
            if not 1 <= len(value) <= 20 or not all(isinstance(x, (int, float)) and not isinstance(x, bool)
                                                    for x in value):
                f.fail(f"bots.{name}", "must be a list of 1 to 20 numbers (README: Rulesets, the bots' tuning)")
            for i, x in enumerate(value):
                in_range(x, f"bots.{name}[{i}]", where)
            value = tuple(float(x) for x in value)
            if name == "win_curve" and (len(value) < 2 or any(a > b for a, b in zip(value, value[1:]))):
                f.fail("bots.win_curve", "must be 2 to 20 chances that never go down (the observed win rate at "
                                         "predicted 0 … 1, evenly spaced)")
            if name.startswith("grade_") and (len(value) != 3 or any(a > b for a, b in zip(value, value[1:]))):
                f.fail(f"bots.{name}", "must be 3 numbers that never go down (from inaccuracy, mistake, blunder)")
            if name == "race_keep" and (len(value) != 2 or not all(x == int(x) for x in value)):
                f.fail("bots.race_keep", "must be 2 whole numbers (the choices kept after each round)")
        elif name == "rollout_policy" and value not in R.ROLLOUT_POLICIES:
            f.fail("bots.rollout_policy", f"must be one of {', '.join(R.ROLLOUT_POLICIES)}")
        got[name] = float(value) if kind is float else tuple(map(int, value)) if name == "race_keep" else value
    return R.BotTuning(**got)


def _tile_values(f: _Fields, pattern: str) -> tuple[int, ...]:
    """The 20 per-tile 胡息 of ``pattern`` from its small / big / red_small / red_big / tiles fields."""
    at = f"huxi.{pattern}"
    entry = f.get(at)
    small, big = f.get(f"{at}.small"), f.get(f"{at}.big")
    same = pattern in R.SAME_TILE_PATTERNS
    for k in ("red_small", "red_big", "tiles"):
        if k in entry and not same:
            f.fail(f"{at}.{k}", "is for triplets, quads and the pair only (a sequence's 胡息 is per case)")
    values = []
    for t in range(N_KINDS):
        v = big if t >= 10 else small
        if t in RED:
            v = entry.get("red_big" if t >= 10 else "red_small", v)
        values.append(v)
    for glyph, v in entry.get("tiles", {}).items():
        if glyph not in GLYPH_TO_ID:
            f.fail(f"{at}.tiles", f"names {glyph!r}, which is not a tile (一..十, 壹..拾)")
        if not isinstance(v, int) or isinstance(v, bool):
            f.fail(f"{at}.tiles.{glyph}", f"must be a whole number, not {value_text(v, as_json=False)}")
        values[GLYPH_TO_ID[glyph]] = in_range(v, f"{at}.tiles.{glyph}", f.where)
    if min(values) < 0:
        f.fail(at, f"has a negative 胡息 ({min(values)})")
    if pattern == "jiang" and any(values):
        f.fail(at, "must be 0: a 将 pair carries no 胡息 in phz")
    return tuple(values)
