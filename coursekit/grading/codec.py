"""Plain data between the grader and the sandbox: one JSON line per message, strictly read.

The grader and the student's code live in different processes (see
:mod:`coursekit.grading.sandbox`); everything that crosses between them is turned into
JSON by :func:`encode` and back by :func:`decode`, on both sides with the same rules, so
that a tuple stays a tuple, a ``Coord`` a ``Coord`` and a ``frozenset`` a ``frozenset``.

Only plain values cross: ``None``, booleans, numbers (``Fraction`` too), strings, lists,
tuples, dicts, sets, and the course's own immutable values (dataclasses, named tuples and enumerations defined in
``coursekit``), rebuilt through their constructors. Anything else (a student's own class, a
numpy number, a function) crosses as an :class:`Opaque` stand-in that only says what it
was: the grader's strict readers then refuse it with a clear message, and no object of the
student's ever reaches the grader's process.

>>> from coursekit.core.grid import Coord, Grid
>>> decode(encode((Coord(1, 2), [3, "a"], {4: frozenset({5})}, Fraction(1, 3))))
(Coord(x=1, y=2), [3, 'a'], {4: frozenset({5})}, Fraction(1, 3))
>>> grid = Grid(3, 2, blocked=frozenset({Coord(1, 1)}))
>>> decode(encode(grid)) == grid
True
>>> class Mine:
...     pass
>>> decode(encode(Mine()))
Opaque(kind='Mine')
>>> decode('{"data": "os:system", "fields": {}}')
Traceback (most recent call last):
...
coursekit.grading.codec.CodecError: os:system is not one of the course's values
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import importlib
import json
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

#: The package whose values may be rebuilt on the other side.
PACKAGE = "coursekit"
#: How deep a value may nest (deeper is refused: a reply is data, not a bomb).
MAX_DEPTH = 200


class CodecError(ValueError):
    """A message that is not plain data as this module writes it."""


@dataclass(frozen=True)
class Opaque:
    """What crossed in place of a value that is not plain data: the name of its type."""

    kind: str

    def __repr__(self) -> str:
        return f"Opaque(kind={self.kind!r})"


def _name(kind: type) -> str:
    return f"{kind.__module__}:{kind.__qualname__}"


def _plain(value: Any, depth: int) -> Any:
    if depth > MAX_DEPTH:
        raise CodecError("the value nests too deeply")
    deeper = depth + 1
    if value is None or type(value) in (bool, int, str):
        return value
    if type(value) is float:
        return value if math.isfinite(value) else {"float": repr(value)}
    if type(value) is Fraction:
        return {"fraction": [value.numerator, value.denominator]}
    if type(value) is list:
        return [_plain(v, deeper) for v in value]
    if type(value) is tuple:
        return {"tuple": [_plain(v, deeper) for v in value]}
    if type(value) is dict:
        return {"dict": [[_plain(k, deeper), _plain(v, deeper)] for k, v in value.items()]}
    if type(value) in (set, frozenset):
        items = [_plain(v, deeper) for v in value]
        return {type(value).__name__: items}
    kind = type(value)
    if kind.__module__.split(".")[0] == PACKAGE:
        if isinstance(value, enum.Enum):
            return {"enum": _name(kind), "value": _plain(value.value, deeper)}
        if isinstance(value, tuple) and hasattr(kind, "_fields"):
            return {"named": _name(kind), "items": [_plain(v, deeper) for v in value]}
        if dataclasses.is_dataclass(value):
            fields = {f.name: _plain(getattr(value, f.name), deeper) for f in dataclasses.fields(value) if f.init}
            return {"data": _name(kind), "fields": fields}
    return {"opaque": kind.__qualname__}


def encode(value: Any) -> str:
    """One line of JSON for ``value`` (see the module's rules)."""
    return json.dumps(_plain(value, 0), separators=(",", ":"), allow_nan=False)


@functools.lru_cache(maxsize=256)  # a state names Coord once a piece: look each type up once
def _course_type(name: Any) -> type:
    if not isinstance(name, str) or ":" not in name:
        raise CodecError(f"{name!r} is not a type's name")
    module, _, qualname = name.partition(":")
    if module.split(".")[0] != PACKAGE or not module.replace(".", "").replace("_", "").isalnum():
        raise CodecError(f"{name} is not one of the course's values")
    try:
        found: Any = importlib.import_module(module)
        for part in qualname.split("."):
            found = getattr(found, part)
    except (ImportError, AttributeError) as error:
        raise CodecError(f"{name} is not one of the course's values") from error
    if not isinstance(found, type):
        raise CodecError(f"{name} is not one of the course's values")
    return found


def _value(data: Any, depth: int) -> Any:
    if depth > MAX_DEPTH:
        raise CodecError("the value nests too deeply")
    deeper = depth + 1
    if data is None or type(data) in (bool, int, str, float):
        return data
    if type(data) is list:
        return [_value(v, deeper) for v in data]
    if type(data) is not dict or len(data) not in (1, 2):
        raise CodecError(f"unexpected {type(data).__name__} in a message")
    tag = next(iter(data))
    body = data[tag]
    try:
        if tag == "float" and len(data) == 1 and body in ("nan", "inf", "-inf"):
            return float(body)
        if tag == "fraction" and len(data) == 1 and type(body) is list and len(body) == 2 \
                and all(type(n) is int for n in body):
            return Fraction(body[0], body[1])
        if tag == "tuple" and len(data) == 1 and type(body) is list:
            return tuple(_value(v, deeper) for v in body)
        if tag == "dict" and len(data) == 1 and type(body) is list:
            pairs = [(_value(k, deeper), _value(v, deeper)) for k, v in body]
            return dict(pairs)
        if tag in ("set", "frozenset") and len(data) == 1 and type(body) is list:
            items = [_value(v, deeper) for v in body]
            return set(items) if tag == "set" else frozenset(items)
        if tag == "opaque" and len(data) == 1 and type(body) is str:
            return Opaque(body[:200])
        if tag == "enum" and set(data) == {"enum", "value"}:
            kind = _course_type(body)
            if not issubclass(kind, enum.Enum):
                raise CodecError(f"{body} is not an enumeration")
            return kind(_value(data["value"], deeper))
        if tag == "named" and set(data) == {"named", "items"} and type(data["items"]) is list:
            kind = _course_type(body)
            if not (issubclass(kind, tuple) and hasattr(kind, "_fields")):
                raise CodecError(f"{body} is not a named tuple")
            return kind(*(_value(v, deeper) for v in data["items"]))
        if tag == "data" and set(data) == {"data", "fields"} and type(data["fields"]) is dict:
            kind = _course_type(body)
            if not dataclasses.is_dataclass(kind):
                raise CodecError(f"{body} is not a dataclass")
            return kind(**{str(k): _value(v, deeper) for k, v in data["fields"].items()})
    except CodecError:
        raise
    except (TypeError, ValueError, KeyError) as error:
        raise CodecError(f"a {tag} that cannot be rebuilt: {error}") from error
    raise CodecError(f"unexpected {tag!r} in a message")


def decode(line: str | bytes) -> Any:
    """The value :func:`encode` wrote; anything else raises :class:`CodecError`."""
    try:
        data = json.loads(line)
    except (ValueError, RecursionError) as error:
        raise CodecError(f"not JSON: {error}") from error
    try:
        return _value(data, 0)
    except RecursionError as error:
        raise CodecError("the value nests too deeply") from error


__all__ = ["CodecError", "Opaque", "decode", "encode"]
