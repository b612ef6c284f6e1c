"""One cache of what the solver derives from a ruleset: ``derived(rules, make)`` is ``make(rules)``,
made once per (ruleset content, ``make``) and kept among the last ``BOUND`` used.

The shape measure (``shape.of``), the plain search's tables (``plain_distance.tables``), the
kernels' arrays (``arrays.of``, ``distance_arrays.of``), the game's tables and the ``keen``
policy's (``game_steps.tables_of``, ``keen_steps.keen_of``) all come from here.  A maker is a
class or a module-level function (it is part of the key: a new lambda at each call would never be
found again).  ``make`` runs outside the cache's lock, so a maker may ask for another
ruleset-derived thing; should two threads make the same entry at once, the first one stored is
the one both get.

Keys.  A ruleset is keyed by the digest of its resolved content (``Ruleset.digest`` is its first
12 digits; here all 64, so that no crafted file can collide with another): two rulesets read from
the same content, from a file, the shipped copy or ``ruleset_file.seated`` at another table,
share one entry, and rulesets of different content never do.  Every ``Ruleset`` made in
production is made by ``ruleset_file._make`` (``load``, ``loads``, ``seated``), which computes
the digest from the very content it builds the fields from and marks the object with it
(``seal``).  A ruleset made any other way has no mark and is never trusted by its ``digest``
field: ``dataclasses.replace`` (tests make variants so) copies the ``digest`` of the original but
changes fields, and a ``Ruleset(...)`` built by hand may carry any digest or none.  Such a ruleset
is keyed by its identity, and its entry holds the object itself, so that its ``id`` cannot be
reused by another object while the entry lives.  (``copy.copy`` keeps the mark with the same
fields: rightly the same key; a ruleset cannot be pickled nor deep-copied, its tables being
read-only mappings.  The mark is not a dataclass field, so ``replace`` never carries it over.)

What an entry holds was made from the first ruleset object of its content asked for; the
objects' ``rules`` attribute may be another ruleset than the one asked with, of the same content:
the same fields but perhaps another ``title``, ``aliases`` or ``path`` (outside the digest, and
never read by a maker).

>>> from solver.model.rules import get_ruleset
>>> from solver.model.ruleset_file import loads
>>> from solver.model.shape import Shape
>>> text = 'schema = 1\\nbase = "hunan"\\nname = "house"\\ntitle = "%s"'
>>> a, b = loads(text % "A"), loads(text % "B")
>>> a is not b and key_of(a) == key_of(b) and derived(a, Shape) is derived(b, Shape)
True
>>> derived(get_ruleset("hunan"), Shape) is derived(a, Shape)
False
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import TYPE_CHECKING, TypeVar, cast

if TYPE_CHECKING:
    from collections.abc import Callable

    from .ruleset import Ruleset

__all__ = ["BOUND", "clear", "derived", "key_of", "seal", "size"]

#: entries kept, all makers together (the least recently used goes first): a process uses one to a
#: few rulesets, each with up to six makers
BOUND = 32
#: the attribute (not a dataclass field) that ``seal`` sets on a ruleset made from its content
_MARK = "_content_digest"

T = TypeVar("T")
Key = tuple[str, str | int]

_lock = threading.Lock()
#: (key_of(rules), make) -> (the ruleset for an identity key, else None; make(rules))
_entries: OrderedDict[tuple[Key, object], tuple[Ruleset | None, object]] = OrderedDict()


def seal(rules: Ruleset, content_digest: str) -> Ruleset:
    """``rules``, marked as made from the content whose full digest is ``content_digest`` (only
    ``ruleset_file._make``, which makes ``rules`` from that content, calls this)."""
    object.__setattr__(rules, _MARK, content_digest)
    return rules


def key_of(rules: Ruleset) -> Key:
    """The cache's key of ``rules``: ("content", its full digest) for a sealed ruleset, else
    ("object", its id) (the module docstring says why)."""
    content = vars(rules).get(_MARK)
    if isinstance(content, str) and content and content.startswith(rules.digest):
        return "content", content
    return "object", id(rules)


def derived(rules: Ruleset, make: Callable[[Ruleset], T]) -> T:
    """``make(rules)``, made once per (content of ``rules``, ``make``) while among the last
    ``BOUND`` entries used."""
    key = (key_of(rules), make)
    pin = None if key[0][0] == "content" else rules  # an identity key holds its object
    with _lock:
        got = _entries.get(key)
        if got is not None and got[0] is pin:
            _entries.move_to_end(key)
            return cast(T, got[1])  # (stored under this make's key: what it made)
    value = make(rules)
    with _lock:
        got = _entries.get(key)
        if got is not None and got[0] is pin:  # another thread made it meanwhile: the first one stands
            _entries.move_to_end(key)
            return cast(T, got[1])
        _entries[key] = (pin, value)
        while len(_entries) > BOUND:
            _entries.popitem(last=False)
    return value


def clear() -> None:
    """Forget every entry."""
    with _lock:
        _entries.clear()


def size() -> int:
    """The entries kept (at most ``BOUND``)."""
    return len(_entries)
