"""The bots, one module each: a bot is added by adding its module here, and nothing else.

A module of this package registers the bot its file is named after, with

* ``ORDER``: where it stands in the lists of bots, the simplest first (an int);
* ``ABOUT``: what it is, one line in English and one in Chinese;
* ``make(seed, seat)``: the player (``players.Player``) for ``seat`` of a game of ``seed``;
* ``whole(rules, seeds, bots)`` (optional): every hand of ``seeds`` played whole in the game kernels
  when this bot holds every seat (``engine``), which ``phz sim`` then uses.

A registration imports only the standard library at its top; its ``make`` loads the bot, so that
listing the bots (``--help``) loads no game.  Every bot chooses among the options the engine offers
by the solver's advice (``solver.api``), never by rules of its own; what it knows of a position
comes from ``bot_eval``, and its ties are broken by its own randomness, drawn from the game's seed
(``session.bot_rng``), so the same seed gives the same game.

>>> names()
('random', 'basic', 'strong', 'race', 'keen', 'judge')
>>> from solver.model.rules import get_ruleset
>>> from solver.game.engine import Game
>>> from solver.game.players import play_hand
>>> game = Game(get_ruleset("hunan"), seed=3)
>>> sum(play_hand(game, [get(n).make(3, seat) for seat, n in enumerate(("basic", "strong", "basic"))]).net)
0
"""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from functools import cache
from typing import Any, Callable

__all__ = ["Bot", "bots", "get", "names"]


@dataclass(frozen=True)
class Bot:
    """One registered bot."""
    name: str
    order: int
    about: tuple[str, str]
    make: Callable[[int, int], Any]
    whole: Callable[..., Any] | None = None

    def about_in(self, lang: str) -> str:
        return self.about[lang == "zh"]


def _registered(name: str) -> Bot:
    module = importlib.import_module(f"{__name__}.{name}")  # a module of this package, found by pkgutil
    en, zh = module.ABOUT
    return Bot(name, int(module.ORDER), (en, zh), module.make, getattr(module, "whole", None))


@cache
def bots() -> dict[str, Bot]:
    """Every registered bot by name, in their ORDER."""
    found = [_registered(m.name) for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_")]
    return {b.name: b for b in sorted(found, key=lambda b: (b.order, b.name))}


def names() -> tuple[str, ...]:
    """The bots' names, in their ORDER."""
    return tuple(bots())


def get(name: str) -> Bot:
    """The bot ``name``; a ValueError naming the bots when there is none."""
    found = bots().get(name)
    if found is None:
        raise ValueError(f"no bot {name!r}: choose one of {', '.join(names())}")
    return found
