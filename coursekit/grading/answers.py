"""Strict reading of a student's answer: exact types, no look-alikes.

An object that claims to equal everything (``__eq__`` always true) must earn nothing, so
answers are checked by their exact type (``type(x) is bool``), never with ``==`` alone,
and moves are rebuilt from plain ints before they are compared.

>>> as_pair((2, 6)), as_pair([2, 6]), as_pair((2, 6.0)), as_pair((True, 1))
((2, 6), None, None, None)
>>> from coursekit.core import Coord
>>> as_pair(Coord(1, 0))
(1, 0)
>>> shown(3.0), shown("yes")
('3.0 (a float)', "'yes' (a str)")
"""

from __future__ import annotations

from typing import Any

from ..core.grid import Coord


def as_pair(answer: Any) -> tuple[int, int] | None:
    """``(a, b)`` if ``answer`` is a plain tuple or a ``Coord`` of exactly two ``int``; else ``None``."""
    kind = type(answer)
    if not (kind is tuple or kind is Coord):  # `is`, not `in`: a metaclass could fake ==
        return None
    items = tuple.__iter__(answer)  # the tuple's own items, whatever the class pretends
    values = list(items)
    if len(values) != 2 or not all(type(v) is int for v in values):
        return None
    return (int.__index__(values[0]), int.__index__(values[1]))


def shown(answer: Any) -> str:
    """A short, safe description of any answer: its ``repr`` (cut short) and its type."""
    try:
        text = repr(answer)
    except Exception:  # a hostile __repr__
        text = "<an object that cannot be shown>"
    if len(text) > 80:
        text = text[:77] + "..."
    kind = type(answer).__name__
    article = "an" if kind[:1].lower() in "aeiou" else "a"
    return f"{text} ({article} {kind})"
