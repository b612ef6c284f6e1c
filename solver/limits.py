"""The range of every number phz reads from a flag or a file (README: Errors and exit status), each
written once: the options, records, positions and the files read take their bounds from here.

A ruleset file's numbers have theirs beside its fields (``ruleset_file.RANGES``).  This module sits
beside the layers and imports nothing, so that the options' ranges load for ``--help`` without the model.
"""
from __future__ import annotations

__all__ = ["CONFIG_BYTES", "COUNT", "HANDS", "MAX_DEPTH", "MOVE", "POSITION_BYTES", "RECORD_BYTES", "REVIEW_SAMPLES",
           "RULESET_BYTES", "SAMPLES", "SCORE", "SEAT", "SEED", "STOCK", "check"]

#: a seed (--seed, a record's seeds): what a 64-bit signed integer holds, 0 and up
SEED = (0, (1 << 63) - 1)
#: a move's number in a record (--at, --to)
MOVE = (1, 10_000_000)
#: a seat at the table
SEAT = (0, 3)
#: hands of a session or record (--hands, --hand, a record's hand lines)
HANDS = (1, 1_000_000)
#: questions of a quiz (--count)
COUNT = (1, 1_000_000)
#: deals played out per choice (--samples of the advice and the review): 100,000 take minutes a core
SAMPLES = (1, 100_000)
#: deals per choice of a review (--samples of phz review, the page's review): fewer grade by noise
REVIEW_SAMPLES = (24, SAMPLES[1])
#: a score, a net or a payment in a record
SCORE = (-1_000_000_000, 1_000_000_000)
#: tiles in the stock of a position
STOCK = (0, 80)

#: the largest file of each kind that is read (bytes)
RECORD_BYTES = 64 << 20  # a game record: about 2,000 hands
RULESET_BYTES = 1 << 20  # a ruleset file (the shipped ones are about 10 KB)
POSITION_BYTES = 1 << 20  # a position file (a few hundred bytes)
CONFIG_BYTES = 64 << 10  # the config file naming the default ruleset (one line)
#: the deepest nesting of JSON or TOML data read (a record's header needs 6)
MAX_DEPTH = 16


def check(value, bounds: tuple[int, int]) -> bool:
    """Whether ``value`` is a whole number (not a bool) within ``bounds``.

    >>> check(3, SEAT), check(4, SEAT), check(True, SEAT), check(1.0, SEAT)
    (True, False, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool) and bounds[0] <= value <= bounds[1]
