"""`phz sim` (being built: issue 15)."""
from __future__ import annotations

import click


@click.command("sim")
def sim() -> None:
    """(being built)"""
    raise click.UsageError("phz sim is not built yet")
