"""The ``phz`` console script, stopped cleanly from its first moment.

The script's stub imports this small module, which sets the Ctrl-C / SIGTERM
handlers before anything else loads, then imports ``solver.app.commands``
(click and every command: a tenth of a second or more on a busy machine) and
runs it.  A signal
in between is the same one line and status as later (``solver.app.signals``),
never a traceback.
"""
from __future__ import annotations

import os
import signal

_STOPS = {signal.SIGINT: ("interrupted", 130), signal.SIGTERM: ("terminated", 143), signal.SIGHUP: ("hung up", 129)}


def stop_early(signum, frame) -> None:
    """Ctrl-C or SIGTERM before ``solver.app.signals`` is installed: one line, then the status."""
    word, status = _STOPS.get(signum, ("stopped", 1))
    os.write(2, f"phz: {word}\n".encode())
    os._exit(status)


def main() -> None:
    """The ``phz`` console script: the start guarded, then the command group run as a process
    (``solver.app.console.run``): Ctrl-C and SIGTERM stop it at once, a stream that cannot be used is
    one line, and it ends fast."""
    for signum in _STOPS:
        if signum == signal.SIGHUP and signal.getsignal(signum) == signal.SIG_IGN:
            continue  # nohup phz …: a closed terminal does not stop it
        signal.signal(signum, stop_early)
    from . import commands, console  # after the guard: click and every command load here

    console.run(commands.main)


if __name__ == "__main__":
    main()
