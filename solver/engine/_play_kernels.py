"""The rule table compiled: ``play_rules`` and ``play_moves`` (plain Python in numba's subset) as
kernels, once, for every kernel file that reads a rule of play (the game's ``_game_state``, the
distance search's intakes in ``_distance_kernels``).  Python callers use the plain modules themselves
on lists (``phz act`` imports no numba)."""
from __future__ import annotations

from . import play_moves as PM
from . import play_rules as P
from ._jit import jit_module

_PR = jit_module(
    P, ["holding", "has_four", "n_left", "rest_count", "owes_discard", "may_win_count", "_count", "_fits", "_take3",
        "_most_laid", "_way", "_judge", "ways", "_put", "_take_action", "chi_mode", "legal"],
    tables=("SHAPE_TILES", "HOLDING", "HOLDING_AT", "ORIGIN_SOURCE"))
legal = _PR["legal"]
ways = _PR["ways"]
owes_discard = _PR["owes_discard"]
may_win_count = _PR["may_win_count"]
holding = _PR["holding"]
has_four = _PR["has_four"]
_PM = jit_module(PM, ["take_into", "takes_first"], tables=("SHAPE_TILES",))
take_into = _PM["take_into"]
takes_first = _PM["takes_first"]
