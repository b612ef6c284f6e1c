"""Reading what a user or a record names: a file read with a size limit that never blocks, and JSON or
TOML data of a bounded depth.  Everything refused is one line (``FileRefused``, a ValueError).  And
writing a file whole (``write_whole``): never half a file, never a stray one beside it.

A path may name anything: a FIFO (whose open would wait for a writer for ever), a device
(``/dev/zero`` never ends), a directory, a file of gigabytes.  ``read_bytes`` opens without
blocking, reads only a regular file, and at most ``limit`` bytes of it.  Nested data of any depth
would reach Python's recursion limit in the parsers and in every function that walks the data
after them: ``loads_json`` and ``loads_toml`` refuse more than ``MAX_DEPTH`` levels.

>>> read_bytes("/dev/zero", limit=10, what="ruleset")
Traceback (most recent call last):
...
solver.model.files.FileRefused: /dev/zero: is a device, not a ruleset file
>>> loads_json("[" * 40 + "]" * 40, what="a record line")
Traceback (most recent call last):
...
solver.model.files.FileRefused: a record line nests 40 levels deep: at most 16 are read
"""
from __future__ import annotations

import json
import os
import stat
import sys
import threading
import tomllib
from typing import TYPE_CHECKING, Any, TypeVar

from ..limits import MAX_DEPTH
from .shown import printable

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

__all__ = ["FileRefused", "depth", "loads_json", "loads_toml", "read_bytes", "read_text", "size_words", "write_whole"]

class FileRefused(ValueError):
    """A file or text that is not read: one line naming the file and why."""


def size_words(n: int) -> str:
    """A size as a person reads it: '64 MB', '1 MB', '64 KB', '300 bytes'.

    >>> size_words(64 << 20), size_words(65536), size_words(300)
    ('64 MB', '64 KB', '300 bytes')
    """
    for unit, shift in (("GB", 30), ("MB", 20), ("KB", 10)):
        if n >= 1 << shift:
            return f"{n / (1 << shift):.3g} {unit}"
    return f"{n} bytes"


_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO (a named pipe)"), (stat.S_ISCHR, "a device"),
          (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))


def read_bytes(path: str | os.PathLike[str], *, limit: int, what: str) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them; FileRefused (one line: no
    such file, not a regular file, too large, unreadable) otherwise.  Never blocks on a FIFO."""
    name = os.fspath(path)
    shown = printable(name)  # as messages show it: a newline or an escape in a path is escaped
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(name, flags)
    except FileNotFoundError:
        raise FileRefused(f"{shown}: no such {what} file") from None
    except IsADirectoryError:
        raise FileRefused(f"{shown}: is a directory, not a {what} file") from None
    except OSError as e:
        raise FileRefused(f"{shown}: cannot read it ({e.strerror or e})") from None
    try:
        st = os.fstat(fd)
        for test, kind in _KINDS:
            if test(st.st_mode):
                raise FileRefused(f"{shown}: is {kind}, not a {what} file")
        if not stat.S_ISREG(st.st_mode):
            raise FileRefused(f"{shown}: is not a regular file, so not a {what} file")
        if st.st_size > limit:
            raise FileRefused(f"{shown}: is {size_words(st.st_size)}, more than a {what} file may be "
                              f"({size_words(limit)})")
        os.set_blocking(fd, True)
        chunks, got = [], 0
        while got <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        if got > limit:  # grew while read
            raise FileRefused(f"{shown}: is more than a {what} file may be ({size_words(limit)})")
        return b"".join(chunks)
    except OSError as e:
        raise FileRefused(f"{shown}: cannot read it ({e.strerror or e})") from None
    finally:
        os.close(fd)


def read_text(path: str | os.PathLike[str], *, limit: int, what: str) -> str:
    """``read_bytes`` decoded as UTF-8 (a byte-order mark dropped); a byte that is not UTF-8 refused,
    naming its offset."""
    data = read_bytes(path, limit=limit, what=what)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise FileRefused(f"{os.fspath(path)}: not UTF-8 text (byte 0x{data[e.start]:02x} at offset {e.start})") \
            from None


def write_whole(path: str | os.PathLike[str], data: str | bytes) -> None:
    """``data`` (text as UTF-8) into ``path`` whole or not at all: written to a file of this thread
    beside it, then renamed over it.  On any failure (a full disk, a folder that takes no file, a
    signal's exception) that file is removed, ``path`` is as it was, and the OSError is raised."""
    name = os.fspath(path)
    tmp = f"{name}.{os.getpid()}-{threading.get_ident()}.tmp"
    try:
        with open(tmp, "wb") as f:
            f.write(data.encode("utf-8") if isinstance(data, str) else data)
        os.replace(tmp, name)
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass  # renamed (the usual case) or never made


def depth(value: object, limit: int = MAX_DEPTH) -> int:
    """How deep lists and tables nest in ``value`` (a scalar 0, ``[]`` 1), counted without recursion
    and only as far as ``limit`` + 1."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        node, d = stack.pop()
        items: Iterable[object]
        if isinstance(node, dict):
            items = node.values()
        elif isinstance(node, (list, tuple)):
            items = node
        else:
            continue
        deepest = max(deepest, d)
        if deepest > limit:
            return deepest
        stack.extend((x, d + 1) for x in items if isinstance(x, (dict, list, tuple)))
    return deepest


def _too_deep(what: str, levels: int | None) -> FileRefused:
    said = f"{levels} levels" if levels is not None else "too many levels"
    return FileRefused(f"{what} nests {said} deep: at most {MAX_DEPTH} are read")


def loads_json(text: str | bytes, *, what: str) -> Any:
    """``json.loads`` of ``text``, refusing data nested more than ``MAX_DEPTH`` deep and an integer of
    more digits than Python converts (FileRefused); a JSONDecodeError as json raises it."""
    return _bounded(json.loads, json.JSONDecodeError, text, what)


def loads_toml(text: str, *, what: str) -> dict[str, Any]:
    """``tomllib.loads`` of ``text``, refused as ``loads_json`` refuses; a TOMLDecodeError as tomllib raises it."""
    return _bounded(tomllib.loads, tomllib.TOMLDecodeError, text, what)


_In = TypeVar("_In")
_Out = TypeVar("_Out")


def _bounded(parse: Callable[[_In], _Out], syntax_error: type[Exception], text: _In, what: str) -> _Out:
    try:
        value = parse(text)
    except RecursionError:
        raise _too_deep(what, None) from None
    except syntax_error:
        raise
    except ValueError:  # an integer of more than 4,300 digits
        raise FileRefused(f"{what} holds a number of more than {_DIGITS:,} digits") from None
    if depth(value) > MAX_DEPTH:
        raise _too_deep(what, _exact_depth(value))
    return value


_DIGITS = sys.get_int_max_str_digits() if hasattr(sys, "get_int_max_str_digits") else 4300


def _exact_depth(value: object) -> int:
    return depth(value, limit=1 << 30)
