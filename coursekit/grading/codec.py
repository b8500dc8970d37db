"""Plain data between the grader and the sandbox: one JSON line per message, strictly read.

The grader and the student's code live in different processes (see
:mod:`coursekit.grading.sandbox`); everything that crosses between them is turned into
JSON by :func:`encode` and back by :func:`decode`, on both sides with the same rules, so
that a tuple stays a tuple, a ``Coord`` a ``Coord`` and a ``frozenset`` a ``frozenset``.

Only plain values cross: ``None``, booleans, numbers (``Fraction`` too), strings, lists,
tuples, dicts, sets, and the course's own immutable values, rebuilt through their
constructors. Those are the dataclasses, named tuples and enumerations that the course lists
in one registry (:func:`course_values`: the core's ``Coord`` and ``Grid``, and the values
each game's entry declares). A message names such a value's type
(``"coursekit.core.grid:Coord"``) and the name is looked up in that list, and only there:
decoding never imports a module nor reads an attribute named by a message, so a name that is
not in the list, whatever module it names, is refused. Anything else (a student's own class,
a course type the registry does not list, a numpy number, a function) crosses as an
:class:`Opaque` stand-in that only says what it was: the grader's strict readers then refuse
it with a clear message, and no object of the student's ever reaches the grader's process.

Whatever goes wrong while one message is rebuilt (a constructor that refuses its fields, a
fraction over zero, a value nested too deep, memory) is a :class:`CodecError`: the one call
whose reply it was fails with a message, and the rest of the grading goes on.

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
>>> decode('{"data": "coursekit.cli.__main__:main", "fields": {}}')
Traceback (most recent call last):
...
coursekit.grading.codec.CodecError: coursekit.cli.__main__:main is not one of the course's values
>>> decode('{"fraction": [1, 0]}')
Traceback (most recent call last):
...
coursekit.grading.codec.CodecError: a fraction that cannot be rebuilt: ZeroDivisionError: Fraction(1, 0)
"""

from __future__ import annotations

import dataclasses
import functools
import json
import math
import time
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core.registry import CORE_VALUES, value_kind

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
    module = kind.__module__
    found = _CORE[1].get(kind)
    if found is None and type(module) is str and module.startswith(PACKAGE + "."):
        found = _tables()[1].get(kind)
    if found is None:
        return {"opaque": kind.__qualname__}
    tag, name = found
    if tag == "enum":
        return {"enum": name, "value": _plain(value.value, deeper)}
    if tag == "named":
        return {"named": name, "items": [_plain(v, deeper) for v in value]}
    fields = {f.name: _plain(getattr(value, f.name), deeper) for f in dataclasses.fields(value) if f.init}
    return {"data": name, "fields": fields}


def encode(value: Any) -> str:
    """One line of JSON for ``value`` (see the module's rules)."""
    return json.dumps(_plain(value, 0), separators=(",", ":"), allow_nan=False)


#: What each way of carrying a course value is called in a message that gets it wrong.
_KINDS = {"enum": "an enumeration", "named": "a named tuple", "data": "a dataclass"}

Tables = tuple[dict[str, tuple[str, type]], dict[type, tuple[str, str]]]


def tables_of(kinds: Iterable[type]) -> Tables:
    """The values ``kinds`` by the name a message gives them, and by type, each with how it is carried
    (:func:`~coursekit.core.registry.value_kind`).

    >>> from coursekit.core.grid import Coord
    >>> by_name, by_kind = tables_of([Coord])
    >>> by_name["coursekit.core.grid:Coord"], by_kind[Coord]
    (('named', <class 'coursekit.core.grid.Coord'>), ('named', 'coursekit.core.grid:Coord'))
    """
    by_name: dict[str, tuple[str, type]] = {}
    by_kind: dict[type, tuple[str, str]] = {}
    for kind in kinds:
        tag, name = value_kind(kind), _name(kind)
        if by_name.setdefault(name, (tag, kind))[1] is not kind:
            raise ValueError(f"two of the course's values are named {name}")
        by_kind[kind] = (tag, name)
    return by_name, by_kind


def course_values() -> tuple[type, ...]:
    """Every value type that may cross between the grader and a student's sandbox, each once: the
    core's (:data:`~coursekit.core.registry.CORE_VALUES`), then each game's (its entry's ``values``),
    read from the course's own list of games (:data:`coursekit.games.GAMES`).

    >>> from coursekit.core.grid import Coord
    >>> from coursekit.games.beans import BeansState
    >>> values = course_values()
    >>> Coord in values and BeansState in values and len(values) == len(set(values))
    True
    """
    from ..games import GAMES

    found = dict.fromkeys(CORE_VALUES)
    for entry in GAMES.values():
        found.update(dict.fromkeys(entry.values))
    return tuple(found)


@functools.cache
def _tables() -> Tables:
    """The course's values (:func:`course_values`), gathered on first use."""
    return tables_of(course_values())


#: The core's values, known without gathering the games' (most messages hold only these).
_CORE = tables_of(CORE_VALUES)


def carried() -> dict[str, type]:
    """Every type a message may name, by its name: the course's values, and nothing else.

    >>> from coursekit.core.grid import Coord
    >>> carried()["coursekit.core.grid:Coord"] is Coord, "coursekit.cli.__main__:main" in carried()
    (True, False)
    """
    return {name: kind for name, (_, kind) in _tables()[0].items()}


def _shown(name: Any) -> str:
    """A name from a message, fit for an error message (short, and printable)."""
    if type(name) is not str:
        return f"a {type(name).__name__}"
    return name if len(name) <= 100 and name.isprintable() else ascii(name[:60])


def _course_type(name: Any, tag: str) -> type:
    """The course value named ``name`` in a message, carried as ``tag`` (looked up in the registry only)."""
    if type(name) is not str or ":" not in name:
        raise CodecError(f"{_shown(name)} is not a type's name")
    found = _CORE[0].get(name) or _tables()[0].get(name)
    if found is None:
        raise CodecError(f"{_shown(name)} is not one of the course's values")
    if found[0] != tag:
        raise CodecError(f"{name} is not {_KINDS[tag]}")
    return found[1]


def _problem(error: BaseException) -> str:
    """What went wrong while a value was rebuilt, in one short line."""
    try:
        text = " ".join(str(error).split())
    except Exception:
        text = ""
    text = f"{type(error).__name__}: {text}" if text else type(error).__name__
    text = text if len(text) <= 200 else text[:199] + "…"
    return "".join(c if c.isprintable() else "?" for c in text)


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
                kind = _course_type(body, "enum")
                return kind(self.value(data["value"], deeper))
            if tag == "named" and set(data) == {"named", "items"} and type(data["items"]) is list:
                kind = _course_type(body, "named")
                return kind(*(self.value(v, deeper) for v in self.items(data["items"], "named tuple")))
            if tag == "data" and set(data) == {"data", "fields"} and type(data["fields"]) is dict:
                kind = _course_type(body, "data")
                self.items(list(data["fields"]), "dataclass")
                fields = {str(k): self.value(v, deeper) for k, v in data["fields"].items()}
                self.area(body, fields)
                return kind(**fields)
        except (CodecError, RecursionError):
            raise
        except Exception as error:  # whatever a constructor raised: this one message is refused
            raise CodecError(f"{_KINDS.get(tag, 'a ' + tag)} that cannot be rebuilt: {_problem(error)}") from error
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
    except Exception as error:
        raise CodecError(f"not JSON: {_problem(error)}") from error
    try:
        return _Reader(caps).value(data, 0)
    except CodecError:
        raise
    except RecursionError as error:
        raise CodecError("the value nests too deeply") from error
    except Exception as error:  # anything else while it was rebuilt: this one message is refused
        raise CodecError(f"a value that cannot be rebuilt: {_problem(error)}") from error


__all__ = ["Caps", "CodecError", "Opaque", "carried", "course_values", "decode", "encode", "tables_of"]
