"""``phz serve``: the local web page (``solver.web``), started and its address printed."""
from __future__ import annotations

import click

from .options import lang_option, rules_option

HELP = """Start phz's page in the browser: play against the bots with the coach,
review your games, answer the quiz and analyse hands, on this machine.

\b
By default it listens on 127.0.0.1 only (this machine).  --host 0.0.0.0
lets a phone on the same network reach it: the address printed then
carries a random token, and requests without it are refused.  Games are
recorded in the records folder; the quiz uses the same progress file as
`phz quiz` and `phz stats`.  Ctrl-C stops it.

\b
Example:
  phz serve            then open the address it prints
"""


@click.command("serve", help=HELP)
@click.option("--host", default="127.0.0.1", show_default=True, metavar="ADDRESS",
              help="The address to listen on: 127.0.0.1 for this machine only; 0.0.0.0 (or this machine's "
                   "address) for other devices on the network, with a token.")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True,
              help="The port (0: any free one).")
@click.option("--records", "records", type=click.Path(file_okay=False), default=None, metavar="FOLDER",
              help="The folder of the games' records (default: records/ beside the progress file).")
@click.option("--db", type=click.Path(dir_okay=False), default=None, metavar="PATH",
              help="The progress file (default: the one `phz quiz` uses).")
@lang_option
@rules_option
def serve(host: str, port: int, records: str | None, db: str | None, lang: str | None, rules) -> None:
    from .serve_run import run
    run(host=host, port=port, records=records, db=db, lang=lang, rules=rules)
