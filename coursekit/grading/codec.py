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
import time
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


@dataclass(frozen=True)
class Caps:
    """How much one message may hold before it is refused (:func:`decode` checks each as it reads).

    ``bytes`` of JSON; ``depth`` of nesting; ``elements`` in all (every value counts one);
    ``collection``: items of one list, tuple, set or dict; ``int_bits``: the size of one whole
    number; ``area``: ``width * height`` of a course value that has both (a grid); ``collisions``:
    elements of a set (or keys of a dict) whose hash another element already has (a set of
    values that hash alike costs time squared to build); ``cpu_seconds`` of this process for
    one message, checked every :data:`CHECK_EVERY` elements.

    >>> decode(encode([1, 2, 3]), Caps(collection=2))
    Traceback (most recent call last):
    ...
    coursekit.grading.codec.CodecError: a list of 3 items: more than the 2 allowed
    """

    bytes: int = 8 << 20
    depth: int = MAX_DEPTH
    elements: int = 2_000_000
    collection: int = 1_000_000
    int_bits: int = 8192
    area: int = 1_000_000
    collisions: int = 1000
    cpu_seconds: float = 10.0


#: The caps of :func:`decode` unless told otherwise.
DEFAULT_CAPS = Caps()
#: How often (in elements) :func:`decode` looks at the CPU time it has used.
CHECK_EVERY = 4096


class _Reader:
    """One message being rebuilt under :class:`Caps`: counts its elements and watches its CPU time
    (from its first :data:`CHECK_EVERY` elements on: a small message costs no clock reading)."""

    def __init__(self, caps: Caps) -> None:
        self.caps = caps
        self.elements = 0
        self.began: float | None = None

    def check(self) -> None:
        if self.elements > self.caps.elements:
            raise CodecError(f"more than {self.caps.elements} values in one message")
        now = time.process_time()
        if self.began is None:
            self.began = now
        elif now - self.began > self.caps.cpu_seconds:
            raise CodecError(f"reading the message took more than {self.caps.cpu_seconds:g} s of CPU")

    def items(self, body: list[Any], kind: str) -> list[Any]:
        if len(body) > self.caps.collection:
            raise CodecError(f"a {kind} of {len(body)} items: more than the {self.caps.collection} allowed")
        return body

    def distinct(self, items: list[Any], kind: str) -> None:
        """Refuse elements that hash alike, before a set or dict is built of them."""
        hashes = {hash(item) for item in items}  # hashes are ints that hash to themselves: no collision here
        if len(items) - len(hashes) > self.caps.collisions:
            raise CodecError(f"a {kind} of {len(items)} elements with only {len(hashes)} different hashes "
                             f"(values that hash alike take time squared to build)")

    def value(self, data: Any, depth: int) -> Any:
        if depth > self.caps.depth:
            raise CodecError("the value nests too deeply")
        self.elements += 1
        if self.elements > self.caps.elements or not self.elements % CHECK_EVERY:
            self.check()
        deeper = depth + 1
        if type(data) is int:
            if data.bit_length() > self.caps.int_bits:
                raise CodecError(f"a whole number of {data.bit_length()} bits: more than the {self.caps.int_bits} "
                                 f"allowed")
            return data
        if data is None or type(data) in (bool, str, float):
            return data
        if type(data) is list:
            return [self.value(v, deeper) for v in self.items(data, "list")]
        if type(data) is not dict or len(data) not in (1, 2):
            raise CodecError(f"unexpected {type(data).__name__} in a message")
        tag = next(iter(data))
        body = data[tag]
        try:
            if tag == "float" and len(data) == 1 and body in ("nan", "inf", "-inf"):
                return float(body)
            if tag == "fraction" and len(data) == 1 and type(body) is list and len(body) == 2 \
                    and all(type(n) is int for n in body):
                return Fraction(self.value(body[0], deeper), self.value(body[1], deeper))
            if tag == "tuple" and len(data) == 1 and type(body) is list:
                return tuple(self.value(v, deeper) for v in self.items(body, "tuple"))
            if tag == "dict" and len(data) == 1 and type(body) is list:
                pairs = [(self.value(k, deeper), self.value(v, deeper)) for k, v in self.items(body, "dict")]
                self.distinct([k for k, _ in pairs], "dict")
                return dict(pairs)
            if tag in ("set", "frozenset") and len(data) == 1 and type(body) is list:
                items = [self.value(v, deeper) for v in self.items(body, tag)]
                self.distinct(items, tag)
                return set(items) if tag == "set" else frozenset(items)
            if tag == "opaque" and len(data) == 1 and type(body) is str:
                return Opaque(body[:200])
            if tag == "enum" and set(data) == {"enum", "value"}:
                kind = _course_type(body)
                if not issubclass(kind, enum.Enum):
                    raise CodecError(f"{body} is not an enumeration")
                return kind(self.value(data["value"], deeper))
            if tag == "named" and set(data) == {"named", "items"} and type(data["items"]) is list:
                kind = _course_type(body)
                if not (issubclass(kind, tuple) and hasattr(kind, "_fields")):
                    raise CodecError(f"{body} is not a named tuple")
                return kind(*(self.value(v, deeper) for v in self.items(data["items"], "named tuple")))
            if tag == "data" and set(data) == {"data", "fields"} and type(data["fields"]) is dict:
                kind = _course_type(body)
                if not dataclasses.is_dataclass(kind):
                    raise CodecError(f"{body} is not a dataclass")
                self.items(list(data["fields"]), "dataclass")
                fields = {str(k): self.value(v, deeper) for k, v in data["fields"].items()}
                self.area(body, fields)
                return kind(**fields)
        except CodecError:
            raise
        except (TypeError, ValueError, KeyError) as error:
            raise CodecError(f"a {tag} that cannot be rebuilt: {error}") from error
        raise CodecError(f"unexpected {tag!r} in a message")

    def area(self, name: str, fields: dict[str, Any]) -> None:
        """Refuse a course value of more than ``caps.area`` cells before it is built."""
        width, height = fields.get("width"), fields.get("height")
        if type(width) is int and type(height) is int and width * height > self.caps.area:
            raise CodecError(f"a {width} x {height} {name.rpartition(':')[2]}: more than the {self.caps.area} "
                             f"cells allowed")


def decode(line: str | bytes, caps: Caps | None = None) -> Any:
    """The value :func:`encode` wrote; anything else, or a message over ``caps``, raises :class:`CodecError`.

    >>> decode('{"data": "coursekit.core.grid:Grid", "fields": {"width": 20000, "height": 20000}}')
    Traceback (most recent call last):
    ...
    coursekit.grading.codec.CodecError: a 20000 x 20000 Grid: more than the 1000000 cells allowed
    """
    caps = caps or DEFAULT_CAPS
    if len(line) > caps.bytes:
        raise CodecError(f"a message of {len(line)} bytes: more than the {caps.bytes >> 20} MB allowed")
    try:
        data = json.loads(line)
    except (ValueError, RecursionError) as error:
        raise CodecError(f"not JSON: {error}") from error
    try:
        return _Reader(caps).value(data, 0)
    except RecursionError as error:
        raise CodecError("the value nests too deeply") from error


__all__ = ["Caps", "CodecError", "Opaque", "decode", "encode"]
