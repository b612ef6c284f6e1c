"""The catalogue of words (solver/text/catalogue.py): every entry in both languages with the same
values, every key the code says present and every entry said, and no prose chosen by language
anywhere else in the package."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from solver.text import catalogue

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "solver"
#: files whose language-chosen text is a catalogue of its own kind: ``--help``'s words are matched
#: against click's English (help_words.toml), and the record and ruleset errors' Chinese are patterns over
#: English messages that other code raises (record_errors, ruleset_errors)
OWN_CATALOGUES = {"solver/text/catalogue.py", "solver/text/help_words.py", "solver/text/record_errors.py",
                  "solver/text/ruleset_errors.py", "solver/app/options.py"}  # (--help's formatter: the words it chooses are help_words' own)
#: where an English and a Chinese text may stand side by side: a bot's registration (a bot is one file,
#: its description with it) and the model, which sits below the text layer and cannot read the catalogue
SIDE_BY_SIDE = ("solver/game/roster/", "solver/model/")
CJK = re.compile(r"[\u3400-\u9fff]")  # a Chinese character (punctuation alone is no prose)
LETTERS = re.compile(r"[A-Za-z]{2,}")
#: texts that are names in the code, not words for a person
CODE_NAMES = {"en", "zh"}


def _sources() -> list[tuple[str, ast.Module]]:
    return [(str(p.relative_to(ROOT)), ast.parse(p.read_text("utf-8")))
            for p in sorted(PACKAGE.rglob("*.py")) if "__pycache__" not in p.parts]


def _is_lang_test(node: ast.expr) -> bool:
    """``zh``, ``not zh``, ``lang == "zh"``, ``self.lang != "en"``, ``lang in ("zh", …)`` and the like."""
    names = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)} | \
        {n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)}
    consts = {n.value for n in ast.walk(node) if isinstance(n, ast.Constant)}
    return bool(names & {"zh", "is_zh", "chinese"}) or ("zh" in consts or "en" in consts) and \
        bool({n for n in names if "lang" in n})


def _texts(node: ast.AST) -> list[str]:
    """The literal text inside ``node`` (its strings and the fixed parts of its f-strings), not inside
    nested functions."""
    found = []
    todo = [node]
    while todo:
        n = todo.pop()
        if isinstance(n, ast.Constant) and isinstance(n.value, str):
            found.append(n.value)
        for child in ast.iter_child_nodes(n):
            if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                todo.append(child)
    return found


def _literal(node: ast.AST) -> str | None:
    """The text of a string or (its fixed parts) of an f-string, else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(str(v.value) for v in node.values if isinstance(v, ast.Constant))
    return None


def _pair(first: ast.AST, second: ast.AST) -> bool:
    """An English text beside its Chinese (not a pattern that finds English to put Chinese in its place:
    those are the error patterns' own catalogues)."""
    en, zh = _literal(first), _literal(second)
    if en is None or zh is None or re.search(r"\\|^\^|\$$", en):
        return False
    latin, chinese = (lambda t: len(re.findall(r"[A-Za-z]", t))), (lambda t: len(CJK.findall(t)))
    return bool(re.search(r"[A-Za-z]{3,}", en)) and latin(en) > chinese(en) and chinese(zh) >= 2 and \
        latin(zh) < latin(en)


def _prose(texts: list[str]) -> bool:
    return any(CJK.search(t) or LETTERS.search(t) and t not in CODE_NAMES and not t.isidentifier() for t in texts)


def _stray(path: str, tree: ast.Module) -> list[str]:
    """Text chosen by language in ``tree``: a conditional expression on the language with text in a
    branch, an ``if`` on the language whose branch holds Chinese, a dict keyed by both languages, an
    English and a Chinese text side by side (a pair, or two arguments: ``AnswerError("…", "…")``)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.IfExp) and _is_lang_test(node.test) and \
                _prose(_texts(node.body) + _texts(node.orelse)):
            found.append(f"{path}:{node.lineno}: text chosen by language (if zh else)")
        elif isinstance(node, ast.If) and _is_lang_test(node.test):
            branch = [t for part in (node.body, node.orelse) for stmt in part
                      if not isinstance(stmt, ast.If) or not _is_lang_test(stmt.test) for t in _texts(stmt)]
            if any(CJK.search(t) for t in branch):
                found.append(f"{path}:{node.lineno}: text chosen by language (an if on the language)")
        elif isinstance(node, ast.Tuple) and len(node.elts) == 2 and _pair(*node.elts) and \
                not path.startswith(SIDE_BY_SIDE):
            found.append(f"{path}:{node.lineno}: an English and a Chinese text side by side")
        elif isinstance(node, ast.Call) and len(node.args) >= 2 and _pair(*node.args[:2]) and \
                not path.startswith(SIDE_BY_SIDE):
            found.append(f"{path}:{node.lineno}: an English and a Chinese text given side by side")
        elif isinstance(node, ast.Dict):
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
            if {"en", "zh"} <= keys and _prose([t for v in node.values if v is not None for t in _texts(v)]):
                found.append(f"{path}:{node.lineno}: text in a dict of both languages")
    return found


def _said(trees) -> tuple[set[str], set[str], list[tuple[str, int, str, set[str] | None]]]:
    """Keys said in the code: the literal ones, the prefixes of built ones, and each literal call with
    the names of the values it gives (None: it gives ``**values``)."""
    keys, prefixes, calls = set(), set(), []
    for path, tree in trees:
        # the catalogue's ``say`` as the module imports it (other modules have a ``say`` of their own)
        names = {a.asname or a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)
                 and (n.module or "").split(".")[-1] == "catalogue" for a in n.names if a.name in ("say", "both")}
        modules = {a.asname or a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)
                   for a in n.names if a.name == "catalogue"}
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "entries" and \
                    node.args and isinstance(node.args[0], ast.Constant):  # a part read whole: all of it is said
                prefixes.add(f"{node.args[0].value}.")
            if not (isinstance(node, ast.Call) and node.args and
                    (isinstance(node.func, ast.Name) and node.func.id in names or
                     isinstance(node.func, ast.Attribute) and node.func.attr in ("say", "both")
                     and isinstance(node.func.value, ast.Name) and node.func.value.id in modules)):
                continue
            key = node.args[0]
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                keys.add(key.value)
                given = None if any(k.arg is None for k in node.keywords) else {k.arg for k in node.keywords}
                calls.append((path, node.lineno, key.value, given))
            elif isinstance(key, ast.JoinedStr) and key.values and isinstance(key.values[0], ast.Constant):
                prefixes.add(str(key.values[0].value))
            elif isinstance(key, ast.IfExp):
                keys.update(str(b.value) for b in (key.body, key.orelse) if isinstance(b, ast.Constant))
            else:
                pytest.fail(f"{path}:{node.lineno}: say() of a key that is neither text, an f-string with a "
                            "fixed start, nor a choice of two texts: the test cannot check it")
    return keys, prefixes, calls


def _all_entries() -> dict[str, dict[str, str]]:
    return {f"{part}.{name}": entry for part in catalogue.files() for name, entry in catalogue.entries(part).items()}


def test_every_entry_has_both_languages_and_the_same_values():
    entries = _all_entries()
    assert entries, "the catalogue is empty"
    bad = []
    for key, entry in entries.items():
        if not entry["en"].strip() or not entry["zh"].strip():
            bad.append(f"{key}: an empty text")
        en, zh = ({n for n in catalogue.placeholders(entry[lang]) if not n.startswith("_")} for lang in ("en", "zh"))
        if en != zh:
            bad.append(f"{key}: values {sorted(en)} in English, {sorted(zh)} in Chinese")
        if not CJK.search(entry["zh"]) and LETTERS.search(entry["zh"]):
            bad.append(f"{key}: the Chinese text has no Chinese")
    assert not bad, "\n".join(bad)


def test_every_key_said_exists_with_its_values_and_every_entry_is_said():
    trees = _sources()
    keys, prefixes, calls = _said(trees)
    entries = _all_entries()
    missing = sorted(k for k in keys if k not in entries)
    assert not missing, f"said but not in the catalogue: {missing}"
    unsaid = sorted(k for k in entries if k not in keys and not any(k.startswith(p) for p in prefixes))
    assert not unsaid, f"in the catalogue but said nowhere: {unsaid}"
    short = []
    for path, line, key, given in calls:
        needed = {n for lang in ("en", "zh") for n in catalogue.placeholders(entries[key][lang]) if not n.startswith("_")}
        if given is not None and needed - given:
            short.append(f"{path}:{line}: {key} needs {sorted(needed - given)}")
    assert not short, "\n".join(short)


def test_no_prose_is_chosen_by_language_outside_the_catalogue():
    found = [line for path, tree in _sources() if path not in OWN_CATALOGUES for line in _stray(path, tree)]
    assert not found, f"{len(found)} texts chosen by language outside the catalogue:\n" + "\n".join(found)


def test_say_finds_values_and_refuses_a_missing_key():
    part = catalogue.files()[0]
    name, entry = next(iter(catalogue.entries(part).items()))
    values = {n: "X" for lang in ("en", "zh") for n in catalogue.placeholders(entry[lang])}
    assert catalogue.say(f"{part}.{name}", "zh", **values) == entry["zh"].format(**values)
    assert catalogue.say(f"{part}.{name}", False, **values) == entry["en"].format(**values)
    with pytest.raises(catalogue.CatalogueError):
        catalogue.say("no_such_part.nothing", "en")
    with pytest.raises(catalogue.CatalogueError):
        catalogue.say(f"{part}.no_such_entry", "en")


def test_an_os_error_inside_a_message_is_said_in_chinese():
    """The operating system's words (``os.strerror``) inside a message, in Chinese by the catalogue's
    ``os_errors``, keyed by the error's name: every entry names an error, and its text is this system's."""
    import errno
    import os

    from solver.text.words import error_in

    errors = catalogue.entries("os_errors")
    assert all(hasattr(errno, name.upper()) for name in errors)
    for name, entry in errors.items():
        said = error_in(f"cannot create /tmp/x: {os.strerror(getattr(errno, name.upper()))}", "zh")
        assert said == f"建不了 /tmp/x：{entry['zh']}", said
    assert error_in(f"cannot read a.db: {os.strerror(errno.ENOENT)}", "en") == f"cannot read a.db: {os.strerror(errno.ENOENT)}"
