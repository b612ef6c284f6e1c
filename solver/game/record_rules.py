"""A game record's ruleset (its header's ``ruleset``): the content it holds, checked against its digest;
a shipped name; or a ruleset file in the record's own folder.  A record shared by someone else never
makes phz read a path of their choosing: any other file is given by the user (``--rules``).
Position files name their ruleset the same way."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from ..model import ruleset_file
from ..model.rules import Ruleset
from ..model.shown import quoted, value_text

__all__ = ["RulesetRefused", "ruleset_of"]


class RulesetRefused(ValueError):
    """A header's ruleset that cannot be used: ``line`` and a one-line ``reason`` (a record makes it a
    ``RecordError``)."""

    def __init__(self, line: int, reason: str):
        super().__init__(reason)
        self.line = line
        self.reason = reason


_error = RulesetRefused


def ruleset_of_version_1(spec, no: int = 1, folder: Path | None = None, *, given: Ruleset | None = None) -> Ruleset:
    """The ruleset of a version-1 header: every table then seated three, and its [game] had neither
    the fields of a table of four or two nor ``sit_out`` as a choice (it was true or false).  The
    content is checked against its own digest, then read with those fields at their three-seat values."""
    if isinstance(spec, dict) and isinstance(spec.get("content"), dict) and "base" not in spec["content"]:
        content = spec["content"]
        plain = {k: v for k, v in content.items() if k not in ("title", "aliases")}
        digest = hashlib.sha256(json.dumps(plain, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:12]
        if digest != spec.get("digest"):
            raise _error(no, f"the ruleset in the header does not match its digest ({value_text(spec.get('digest'))}; "
                             f"its content is {digest!r}): the header was edited")
        game = dict(content.get("game") or {})
        game.update(players=3, sit_out="opposite", shown_last=False, red_last_up=False, buried=0)
        content = dict(content, game=game)
        rules = ruleset_of({"name": spec.get("name"), "digest": "", "content": content}, no, folder, check=False)
    else:
        rules = ruleset_of(spec, no, folder, given=given)
    return ruleset_file.seated(rules, 3)


def ruleset_of(spec, no: int = 1, folder: Path | None = None, *, given: Ruleset | None = None,
               what: str = "record", check: bool = True) -> Ruleset:
    """The ruleset of a header: its embedded content (checked against its digest), a shipped name, or a
    ruleset file inside the record's ``folder`` (default: the current folder): a record shared by
    someone else never makes phz read a path of their choosing.  ``given``: the ruleset the user gave
    (``--rules``), which a header that names a file takes and one with content must match."""
    if isinstance(spec, str):
        if given is not None:
            return given
        if ruleset_file.is_path(spec):
            return _file_in(spec, no, folder, what)
        try:
            return ruleset_file.load(spec)
        except ValueError as e:
            raise _error(no, f"the header's ruleset: {e}") from None
    if not isinstance(spec, dict) or not isinstance(spec.get("content"), dict):
        raise _error(no, 'the header\'s ruleset is a name ("hunan") or {"name", "digest", "content"}')
    if "base" in spec["content"]:
        raise _error(no, "the ruleset in the header has a base: its content is whole, with no base")
    # The content as a TOML file of inline tables: ruleset_file reads it as any file (every field checked).
    key = json.dumps(spec["content"], ensure_ascii=False, sort_keys=True)
    rules = _REBUILT.get(key)
    if rules is None:
        try:
            text = "\n".join(f"{json.dumps(k, ensure_ascii=False)} = {_toml(v)}" for k, v in spec["content"].items())
            rules = ruleset_file.loads(text, "")  # its messages begin ": field …" (no file name)
        except ValueError as e:
            raise _error(no, f"the ruleset in the header cannot be used{e}") from None
        if len(_REBUILT) > 32:
            _REBUILT.clear()
        _REBUILT[key] = rules
    if check and (spec.get("digest") != rules.digest or spec.get("name") != rules.name):
        raise _error(no, f"the ruleset in the header does not match its name and digest "
                              f"({value_text(spec.get('name'))} {value_text(spec.get('digest'))}; its content is {rules.name!r} "
                              f"{rules.digest!r}): the header was edited")
    if given is not None and given.digest != rules.digest:
        raise _error(no, f"the {what} was played under {rules.name} ({rules.digest}); --rules gives "
                              f"{given.name} ({given.digest}): leave --rules out")
    return rules


def _file_in(spec: str, no: int, folder: Path | None, what: str) -> Ruleset:
    """The ruleset file ``spec`` names, if it is inside ``folder``: a relative path without ``..``, not
    leading outside through a link.  Nothing is looked at before the path is known to be inside."""
    base = Path(folder) if folder is not None else Path(".")
    path = Path(spec)
    refuse = _error(no, f"the header names the ruleset file {quoted(spec)}: a {what} may name only a ruleset "
                             f"file in its own folder; give the file with --rules PATH")
    if path.is_absolute() or spec.startswith("~") or ".." in path.parts:
        raise refuse
    full = base / path
    try:
        inside = full.resolve().is_relative_to(base.resolve())
    except (OSError, RuntimeError):  # a loop of links
        inside = False
    if not inside:
        raise refuse
    try:
        return ruleset_file.load(str(full))
    except ValueError as e:
        raise _error(no, f"the header's ruleset: {e}") from None


#: rulesets rebuilt from records' headers, by content (a record read again, or many of one session)
_REBUILT: dict[str, Ruleset] = {}


def _toml(value) -> str:
    """A JSON value as a TOML value (tables inline): JSON's strings, numbers and booleans are TOML's."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(str(k), ensure_ascii=False)} = {_toml(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if value is None:
        raise ValueError(": it holds a null")
    return json.dumps(value, ensure_ascii=False)
