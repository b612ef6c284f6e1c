"""The catalogue of phz's words: each message once, in English and Chinese side by side.

The entries are TOML files in ``messages/`` beside this module, one file per part of the program
(``messages/discard.toml`` holds the discard drill's words).  An entry is a table with ``en`` and
``zh``; its key is the file's name and the table's, ``"discard.far"`` for ``[far]`` in
``discard.toml``.  Values go in by name, as ``str.format`` placeholders (``{tile}``,
``{p:.0%}``); both languages take the same names, except those beginning with ``_``, which one
language may leave out (an English plural's ``{_s}``).  ``say`` is the one lookup::

    say("discard.away", zh, n=2)   # "2 away" / "离听牌2步"
    both("discard.away", n=2)      # ("2 away", "离听牌2步"): for an error that carries both

``zh`` is a language, ``"en"`` or ``"zh"``, or a flag (True for Chinese), as the callers hold it.
A file is read the first time one of its entries is asked for, so a command reads only the
words it says.  ``tests/test_catalogue.py`` checks every entry (both languages, the same
placeholders), that every key the code says exists and that none is left unsaid, and that no
prose is chosen by language outside this catalogue.
"""
from __future__ import annotations

import string
import tomllib
from functools import cache
from importlib import resources

__all__ = ["CatalogueError", "both", "entries", "files", "placeholders", "say"]

_FOLDER = "messages"


class CatalogueError(LookupError):
    """A key with no entry, or an entry without both languages: a defect of the program."""


def say(key: str, zh: bool | str, /, **values: object) -> str:
    """The message ``key`` in Chinese (``zh`` True or ``"zh"``) or English, with ``values`` in it."""
    lang = "zh" if zh is True or zh == "zh" else "en"
    text = _entry(key)[lang]
    return text.format(**values) if values or "{" in text else text


def both(key: str, /, **values: object) -> tuple[str, str]:
    """The message ``key`` in English and in Chinese, for what carries both to where the reader's
    language is known (``AnswerError(*both("chi.not_a_number", word=w))``)."""
    return say(key, "en", **values), say(key, "zh", **values)


def _entry(key: str) -> dict[str, str]:
    part, _, name = key.partition(".")
    try:
        return entries(part)[name]
    except (KeyError, FileNotFoundError):
        raise CatalogueError(f"no entry {key!r} in the catalogue of words") from None


@cache
def entries(part: str) -> dict[str, dict[str, str]]:
    """The entries of ``messages/PART.toml``: name -> {"en": …, "zh": …}."""
    text = resources.files(__package__).joinpath(_FOLDER, f"{part}.toml").read_text("utf-8")
    data = tomllib.loads(text)
    found = {}
    for name, entry in data.items():
        if not (isinstance(entry, dict) and isinstance(entry.get("en"), str) and isinstance(entry.get("zh"), str)):
            raise CatalogueError(f"entry {part}.{name} of the catalogue of words needs en and zh, both text")
        found[name] = {"en": entry["en"], "zh": entry["zh"]}
    return found


def files() -> list[str]:
    """The parts of the catalogue: the names of its files, without ``.toml``."""
    folder = resources.files(__package__).joinpath(_FOLDER)
    return sorted(f.name[:-5] for f in folder.iterdir() if f.name.endswith(".toml"))


def placeholders(text: str) -> set[str]:
    """The names of the values ``text`` takes.

    >>> sorted(placeholders("{n} tile{_s} at {p:.0%}; {{not one}}"))
    ['_s', 'n', 'p']
    """
    return {field.split(".")[0].split("[")[0] for _, field, _, _ in string.Formatter().parse(text) if field}
