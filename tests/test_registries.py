"""Kinds are registrations: a bot is one module of ``solver.game.roster``, and adding one touches nothing else.

The test adds a file to the roster's package path (a folder of its own, so the checkout is never
written): a copy of an existing bot's registration under a new name.  Nothing else changes, and the
new bot is listed, made and played by ``phz sim`` like any other.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from solver.app import options
from solver.app.commands import main
from solver.game import roster
from solver.game.players import RandomBot, make_bot


@pytest.fixture
def roster_with(tmp_path, monkeypatch):
    """Add ``name``.py (the text of registration ``like``) to the roster's package path."""
    def add(name: str, like: str) -> None:
        folder = tmp_path / "roster"
        folder.mkdir(exist_ok=True)
        (folder / f"{name}.py").write_text((Path(roster.__file__).parent / f"{like}.py").read_text("utf-8"), "utf-8")
        monkeypatch.setattr(roster, "__path__", [*roster.__path__, str(folder)])
        roster.bots.cache_clear()

    yield add
    roster.bots.cache_clear()


def test_the_roster_lists_every_registered_bot_in_its_order():
    assert roster.names() == ("random", "basic", "strong", "race", "keen", "judge")
    assert all(b.about[0] and b.about[1] and b.about_in("zh") == b.about[1] for b in roster.bots().values())
    assert [b.name for b in roster.bots().values() if b.whole is not None] == ["random", "basic", "keen"]


def test_a_bot_is_one_file(roster_with):
    assert "echo" not in roster.names()
    roster_with("echo", like="random")
    assert "echo" in roster.names() and "echo" in options.bot_names()
    assert type(make_bot("echo", 1, 2)) is RandomBot
    got = CliRunner().invoke(main, ["sim", "--bots", "echo,basic,echo", "--games", "2", "--json"])
    assert got.exit_code == 0, got.output
    report = json.loads(got.output)
    assert {row["name"] for row in report["bots"]} == {"echo", "basic"}
    alone = CliRunner().invoke(main, ["sim", "--bots", "echo", "--games", "3", "--json"])  # whole, in the kernels
    assert alone.exit_code == 0 and json.loads(alone.output)["bots"][0]["games"] == 9, alone.output
