"""`phz replay` (being built: issue 15)."""
from __future__ import annotations

import click


@click.command("replay")
def replay() -> None:
    """(being built)"""
    raise click.UsageError("phz replay is not built yet")
