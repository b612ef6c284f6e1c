"""`phz play` (being built: issue 15)."""
from __future__ import annotations

import click


@click.command("play")
def play() -> None:
    """(being built)"""
    raise click.UsageError("phz play is not built yet")
