"""Turn immutable states into JSON values and back, by their type hints.

Handles what states are made of: whole numbers, strings, booleans, ``None``, ``Coord``,
``Grid``, tuples, frozensets and frozen dataclasses of these.

>>> from coursekit.core.grid import Coord
>>> to_json(Coord(2, 3))
[2, 3]
>>> from_json(Coord, [2, 3])
Coord(x=2, y=3)
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any

from .grid import Coord, Grid

JSON = Any


def to_json(value: Any) -> JSON:
    """A JSON-ready value for ``value``."""
    if value is None or type(value) in PLAIN:  # the most common case first: moves are numbers and cells
        return value
    if isinstance(value, Grid):
        return {
            "width": value.width,
            "height": value.height,
            "blocked": sorted([c.x, c.y] for c in value.blocked),
            "values": list(value.values) if any(value.values) else [],
        }
    if isinstance(value, tuple):
        return [to_json(v) for v in value]
    if isinstance(value, frozenset):
        return sorted(to_json(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value) if f.init}
    if isinstance(value, (bool, int, str)):
        return value
    raise TypeError(f"cannot save a {type(value).__name__} in a record")


#: The types whose values are their own JSON (exactly these types; subclasses take the longer way).
PLAIN = frozenset({bool, int, str})


def from_json(kind: Any, data: JSON) -> Any:
    """Rebuild a value of type ``kind`` from :func:`to_json`'s output."""
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if kind is Coord:
        x, y = data
        return Coord(_int(x), _int(y))
    if kind is Grid:
        return Grid(
            _int(data["width"]), _int(data["height"]),
            frozenset(Coord(_int(x), _int(y)) for x, y in data["blocked"]),
            tuple(_int(v) for v in data.get("values", [])),
        )
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        return from_json(next(a for a in args if a is not type(None)), data)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_json(args[0], v) for v in data)
        return tuple(from_json(a, v) for a, v in zip(args, data, strict=True))
    if origin is frozenset:
        return frozenset(from_json(args[0], v) for v in data)
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        hints = typing.get_type_hints(kind)
        fields = [f for f in dataclasses.fields(kind) if f.init]
        return kind(**{f.name: from_json(hints[f.name], data[f.name]) for f in fields})
    if kind is int:
        return _int(data)
    if kind in (str, bool) and type(data) is kind:
        return data
    raise TypeError(f"cannot read a {kind} from {data!r}")


def _int(value: Any) -> int:
    if type(value) is not int:
        raise TypeError(f"expected a whole number, got {value!r}")
    return value
