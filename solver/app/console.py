"""Standard streams of the ``phz`` command: hand lines in, answers out, whatever the streams are.

Batches read standard input as UTF-8 bytes, whatever the locale: a line that
is not UTF-8 is one bad line (its bytes arrive as Python's surrogateescape
characters, which the notation refuses by name), never the end of the
batch.  JSON is always written as UTF-8 (RFC 8259); text follows the
terminal's encoding, and where that cannot show the tiles they are written
as ``\\u`` escapes, with a notice.  A stream that is closed, full or gone
becomes ``StreamError``, a one-line message for the command to print.
"""
from __future__ import annotations

import errno
import io
import os
import re
import stat
import sys
from typing import Callable, Iterator, NoReturn, TextIO, cast

#: lines end as Python's universal newlines end them
_NEWLINE = re.compile(r"\r\n|\r|\n")


class StreamError(Exception):
    """A standard stream cannot be used; ``str()`` is one line, ``status`` the exit status."""

    def __init__(self, message: str, status: int = 1, *, quiet: bool = False):
        super().__init__(message)
        self.status = status
        self.quiet = quiet  # the reader went away (a broken pipe): nobody is left to tell


def hand_lines(stream: TextIO | None = None) -> Iterator[str]:
    """The hand lines of stdin: every line but blank ones and ``#`` comments, in order,
    a byte order mark at the start skipped (UTF-8 files from some editors)."""
    stream = sys.stdin if stream is None else stream
    if stream is None:
        raise StreamError("standard input is closed: pipe hands in, one a line, or give HAND as an argument", 2)
    raw = getattr(stream, "buffer", None)  # None: a text stream of a test
    data = raw.read() if raw is not None else stream.read().encode("utf-8", "surrogateescape")
    text = data.decode("utf-8", "surrogateescape").removeprefix("\ufeff")
    for line in _NEWLINE.split(text):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            yield line


def stdin_bytes() -> bytes:
    """All of standard input, as bytes (a FILE of ``-``: a record read from stdin); its text encoded as UTF-8
    when it has no byte buffer (a test's stream)."""
    stdin = sys.stdin
    return stdin.buffer.read() if hasattr(stdin, "buffer") else stdin.read().encode("utf-8")


def read_record(path: str, rules=None):
    """The game record at ``path``, or on standard input when ``path`` is ``-`` (``record.read``/``parse``;
    RecordError when it is none)."""
    from solver.game import record
    if path == "-":
        return record.parse(stdin_bytes(), where="-", rules=rules)
    return record.read(path, rules=rules)


def can_show_tiles(stream: TextIO) -> bool:
    try:
        "一壹".encode(stream.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def stdout_piped(stream: TextIO | None = None) -> bool:
    """True when stdout may be a pipe into another command: a FIFO or a socket, or a stream
    with no file descriptor (a test's), where phz cannot tell; False for a terminal or a file."""
    out = sys.stdout if stream is None else stream
    try:
        mode = os.fstat(out.fileno()).st_mode
    except (AttributeError, OSError, ValueError):
        return out is not None
    return stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)


def prepare(*, json: bool) -> None:
    """Make stdout ready for the answers (``json``: JSON only), or raise StreamError.

    Called once, before anything is written."""
    if sys.stdout is None:
        raise StreamError("standard output is closed: there is nowhere to write the answer")
    # the process's stdout, or click's test runner's: a text stream over bytes, which reconfigure needs
    out = cast(io.TextIOWrapper, sys.stdout)
    if json:
        if (out.encoding or "").lower().replace("-", "") != "utf8":
            out.flush()
            out.reconfigure(encoding="utf-8", errors="strict")
    elif not can_show_tiles(out):
        out.reconfigure(errors="backslashreplace")
        warn(f"phz: standard output is {out.encoding}, which cannot show the tiles: they are written as "
             "\\u escapes (use a UTF-8 locale, e.g. LANG=C.UTF-8, or PYTHONIOENCODING=utf-8)")


def warn(text: str) -> None:
    """One line on stderr, if there is a stderr."""
    err = sys.stderr
    if err is None:
        return
    try:
        err.write(text + "\n")
        err.flush()
    except (OSError, ValueError):
        pass


def write_failed(e: OSError) -> StreamError:
    """The StreamError of a failed write to stdout."""
    if e.errno == errno.EPIPE:
        return StreamError("standard output was closed by its reader", quiet=True)
    return StreamError(f"cannot write to standard output: {e.strerror or e}")


def run(main: Callable[[], None]) -> NoReturn:
    """Run the click command ``main`` as the ``phz`` process, and end it.

    Ctrl-C and SIGTERM stop it at once with one line (``signals``); a stream
    that cannot be used is one line on stderr (``StreamError``); what was
    written is flushed before the exit.  Once numba is loaded the process
    ends at once: tearing numba's objects down would add about half a second
    to every command that used the kernels, and nothing is left to do
    (progress is committed per attempt, batch workers are joined and their
    files removed).
    """
    from . import signals

    signals.install()
    if sys.stdout is None:
        warn("phz: standard output is closed: there is nowhere to write the answer")
        os._exit(1)
    try:
        main()
    except SystemExit as e:
        code = e.code
    except StreamError as e:
        if not e.quiet:
            warn(f"phz: {e}")
        code = e.status
    except OSError as e:  # the last resort: a file or stream that failed where nobody expected it
        where = f" ({e.filename})" if e.filename else ""
        warn(f"phz: {e.strerror or e}{where}")
        code = 1
    else:  # pragma: no cover -- click's main always exits
        code = 0
    if code is not None and not isinstance(code, int):  # sys.exit("message") prints it, status 1
        warn(str(code))
        code = 1
    code = code or 0
    try:
        sys.stdout.flush()
    except OSError as e:  # the last answer's bytes could not be written
        failed = write_failed(e)
        if not failed.quiet:
            warn(f"phz: {failed}")
        os._exit(code or failed.status)
    if "numba" in sys.modules:
        try:
            sys.stderr.flush()
        except OSError:
            pass
        os._exit(code)
    sys.exit(code)
