"""The codec rebuilds only the values the course lists: a reply never makes the grader import a module.

A reply names each value's type (``"coursekit.core.grid:Coord"``); the name is looked up in the
course's registry of values (the core's, and each game's entry's), never imported. Every
module of the package is named in turn, the command line's ``__main__`` included, in a fresh
process whose modules are compared before and after. Any error while one reply is rebuilt is a
:class:`CodecError`, whatever the constructor raised.
"""

from __future__ import annotations

import ast
import dataclasses
import enum
import importlib.util
import json
import pkgutil
import random
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any, NamedTuple

import pytest

import coursekit
from coursekit.core.grid import Coord, Grid
from coursekit.core.registry import CORE_VALUES, GameEntry, value_kind
from coursekit.core.rules import CHANCE, draw_chance
from coursekit.games import GAMES
from coursekit.grading import codec
from coursekit.grading.codec import CodecError, Opaque, carried, course_values, decode, encode, tables_of

PACKAGE = Path(coursekit.__file__).parent


def every_module() -> list[str]:
    """Every module of the package, walked as ``pkgutil`` finds them (``coursekit.cli.__main__`` included)."""
    found = {"coursekit"}
    found.update(info.name for info in pkgutil.walk_packages(coursekit.__path__, "coursekit."))
    return sorted(found)


def class_names(module: str) -> list[str]:
    """The classes a module defines at its top level (read from its source, not imported), else ``["X"]``."""
    spec = importlib.util.find_spec(module)
    if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
        return ["X"]
    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    names = [node.name for node in tree.body if isinstance(node, ast.ClassDef)]
    return names[:3] or ["main" if module.endswith("__main__") else "X"]


def naming(module: str, name: str) -> list[str]:
    """A reply naming ``module:name`` in each form a course value takes."""
    full = f"{module}:{name}"
    return [json.dumps({"data": full, "fields": {}}), json.dumps({"enum": full, "value": 1}),
            json.dumps({"named": full, "items": []})]


#: Run in a fresh process: decode each reply given on standard input and report what was imported.
PROBE = '''
import json, sys
from coursekit.core.grid import Coord
from coursekit.grading.codec import CodecError, carried, decode, encode
assert decode(encode(Coord(1, 2))) == Coord(1, 2)
assert carried()  # the course's values are gathered once, before (every game's folder is imported)
before = set(sys.modules)
accepted = []
for line in json.load(sys.stdin):
    try:
        decode(line)
        accepted.append(line)
    except CodecError:
        pass
print(json.dumps({"new": sorted(set(sys.modules) - before), "accepted": accepted}))
'''


def test_every_module_of_the_package_is_named_in_a_reply_and_none_is_imported() -> None:
    modules = every_module()
    assert "coursekit.cli.__main__" in modules and "coursekit.grading.tournament.play" in modules
    assert len(modules) > 100
    listed = carried()  # the course's values are rebuilt (their constructors may import what they need)
    assert "coursekit.core.registry:GameEntry" not in listed and "coursekit.games.beans.rules:Beans" in listed
    replies = [reply for module in modules for name in class_names(module) if f"{module}:{name}" not in listed
               for reply in naming(module, name)]
    replies += [json.dumps({"data": "coursekit.cli.__main__:main", "fields": {"argv": ["grade"]}})]
    done = subprocess.run([sys.executable, "-c", PROBE], input=json.dumps(replies), capture_output=True,
                          text=True, timeout=300, check=False, cwd=PACKAGE.parent)
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.splitlines()[-1])
    assert report == {"new": [], "accepted": []}
    assert len(replies) > 3 * len(modules)


def test_a_course_type_the_registry_does_not_list_is_refused_and_sent_as_a_stand_in() -> None:
    entry = GAMES["beans"]
    assert dataclasses.is_dataclass(entry) and GameEntry not in course_values()
    refused = re.escape("coursekit.core.registry:GameEntry is not one of the course's values")
    with pytest.raises(CodecError, match=refused):
        decode(json.dumps({"data": "coursekit.core.registry:GameEntry", "fields": {}}))
    assert decode(encode(entry)) == Opaque("GameEntry")
    assert decode(encode(codec.Caps())) == Opaque("Caps")


def test_names_a_student_s_class_borrows_from_the_course_are_not_rebuilt() -> None:
    @dataclasses.dataclass(frozen=True)
    class Main:
        argv: tuple[str, ...] = ("grade",)

    Main.__module__, Main.__qualname__ = "coursekit.cli.__main__", "main"
    assert decode(encode(Main())) == Opaque("main")
    with pytest.raises(CodecError, match="not one of the course's values"):
        decode(json.dumps({"data": "coursekit.cli.__main__:main", "fields": {}}))


def test_every_value_the_registry_lists_is_a_course_value_named_once() -> None:
    values = course_values()
    assert values[:len(CORE_VALUES)] == CORE_VALUES == (Coord, Grid)
    assert len(set(values)) == len(values)
    assert all(kind.__module__.startswith("coursekit.") for kind in values)
    assert all(value_kind(kind) in ("enum", "named", "data") for kind in values)
    assert set(carried().values()) == set(values)
    for entry in GAMES.values():
        assert entry.rules in entry.values, entry.name  # each game declares its own rules and states


def test_each_game_s_rules_states_moves_and_observations_cross_both_ways() -> None:
    """Every sample of every game, played a few moves at random: each value comes back equal, none
    as a stand-in (a game that forgot to declare one of its values fails here)."""
    rng = random.Random(5)
    for entry in GAMES.values():
        for rules in entry.samples():
            seen = [rules]
            state = rules.initial_state(rng)
            for _ in range(8):
                seen.append(state)
                if rules.is_over(state):
                    break
                turn = rules.to_move(state)
                if turn == CHANCE:
                    move = draw_chance(rules.chance_outcomes(state), rng)
                else:
                    seen.append(rules.observation(state, turn))
                    move = rng.choice(list(rules.legal_moves(state)))
                seen.append(move)
                state = rules.next_state(state, move)
            for value in seen:
                assert '{"opaque":' not in encode(value), (entry.name, value)
                assert decode(encode(value)) == value, (entry.name, value)


def test_a_game_entry_declares_only_values_the_codec_can_carry() -> None:
    with pytest.raises(TypeError, match="dict is not a dataclass, a named tuple or an enumeration"):
        dataclasses.replace(GAMES["beans"], values=(dict,))


def test_two_values_with_one_name_are_refused() -> None:
    @dataclasses.dataclass(frozen=True)
    class Twin:
        pass

    Twin.__module__, Twin.__qualname__ = Coord.__module__, "Grid"
    with pytest.raises(ValueError, match=re.escape("two of the course's values are named coursekit.core.grid:Grid")):
        tables_of([Grid, Twin])


def test_a_name_of_the_wrong_kind_is_refused() -> None:
    with pytest.raises(CodecError, match=re.escape("coursekit.core.grid:Coord is not a dataclass")):
        decode(json.dumps({"data": "coursekit.core.grid:Coord", "fields": {"x": 1, "y": 2}}))
    with pytest.raises(CodecError, match=re.escape("coursekit.core.grid:Grid is not an enumeration")):
        decode(json.dumps({"enum": "coursekit.core.grid:Grid", "value": 1}))


def test_a_long_or_unprintable_name_is_cut_in_the_message() -> None:
    with pytest.raises(CodecError) as refused:
        decode(json.dumps({"data": "coursekit.x:" + "\x1b[2J" * 100, "fields": {}}))
    assert "\x1b" not in str(refused.value) and len(str(refused.value)) < 200


# Any error while a reply is rebuilt is a CodecError.

class Hue(enum.Enum):
    RED = 1


class Pair(NamedTuple):
    a: int
    b: int


@dataclasses.dataclass(frozen=True)
class Hostile:
    """A course value whose constructor raises what its field names (registered for these tests only)."""

    raises: str

    def __post_init__(self) -> None:
        if self.raises == "RecursionError":
            def deeper(n: int) -> int:
                return deeper(n + 1) + 1
            deeper(0)
        if self.raises == "MemoryError":
            raise MemoryError
        raise {"ZeroDivisionError": ZeroDivisionError, "ValueError": ValueError, "TypeError": TypeError,
               "OverflowError": OverflowError, "KeyError": KeyError, "AttributeError": AttributeError,
               "RuntimeError": RuntimeError, "LookupError": LookupError, "UnicodeError": UnicodeError,
               "AssertionError": AssertionError, "StopIteration": StopIteration}[self.raises]("from a constructor")


@pytest.fixture
def hostile_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    tables = tables_of([*course_values(), Hostile, Hue, Pair])
    monkeypatch.setattr(codec, "_tables", lambda: tables)


RAISED = ["ZeroDivisionError", "ValueError", "TypeError", "RecursionError", "OverflowError", "MemoryError",
          "KeyError", "AttributeError", "RuntimeError", "LookupError", "UnicodeError", "AssertionError",
          "StopIteration"]


@pytest.mark.usefixtures("hostile_registered")
@pytest.mark.parametrize("raised", RAISED)
def test_whatever_a_constructor_raises_is_a_codec_error(raised: str) -> None:
    line = json.dumps({"data": f"{Hostile.__module__}:Hostile", "fields": {"raises": raised}})
    with pytest.raises(CodecError) as refused:
        decode(line)
    text = str(refused.value)
    assert len(text) < 300 and "\n" not in text
    assert raised in text or "nests too deeply" in text


@pytest.mark.usefixtures("hostile_registered")
def test_enumerations_and_named_tuples_that_cannot_be_built_are_codec_errors() -> None:
    assert decode(json.dumps({"enum": f"{Hue.__module__}:Hue", "value": 1})) is Hue.RED
    assert decode(json.dumps({"named": f"{Pair.__module__}:Pair", "items": [1, 2]})) == Pair(1, 2)
    with pytest.raises(CodecError, match="an enumeration that cannot be rebuilt: ValueError"):
        decode(json.dumps({"enum": f"{Hue.__module__}:Hue", "value": 7}))
    with pytest.raises(CodecError, match="a named tuple that cannot be rebuilt: TypeError"):
        decode(json.dumps({"named": f"{Pair.__module__}:Pair", "items": [1]}))


@pytest.mark.parametrize(("message", "error"), [
    ({"fraction": [1, 0]}, "ZeroDivisionError"),
    ({"fraction": [0, 0]}, "ZeroDivisionError"),
    ({"tuple": [{"fraction": [5, 0]}]}, "ZeroDivisionError"),
    ({"data": "coursekit.core.grid:Grid", "fields": {"width": "3", "height": 2}}, "cannot be rebuilt"),
    ({"data": "coursekit.core.grid:Grid", "fields": {"width": 3, "height": 2, "blocked": 7}}, "cannot be rebuilt"),
    ({"data": "coursekit.core.grid:Grid", "fields": {"depth": 3}}, "TypeError"),
    ({"data": "coursekit.core.grid:Grid", "fields": {"width": 1 << 8000, "height": 0}}, "cannot be rebuilt"),
    ({"named": "coursekit.core.grid:Coord", "items": [1, 2, 3]}, "TypeError"),
    ({"frozenset": [[1, 2]]}, "TypeError"),
    ({"dict": [[[1], 2]]}, "TypeError"),
    ({"data": "coursekit.games.beans.rules:Beans", "fields": {"white": -1, "black": 2}}, "cannot be rebuilt"),
])
def test_a_reply_that_cannot_be_rebuilt_is_a_codec_error(message: dict[str, Any], error: str) -> None:
    with pytest.raises(CodecError, match=error):
        decode(json.dumps(message))


def test_the_usual_values_still_cross() -> None:
    grid = Grid(4, 3, blocked=frozenset({Coord(1, 1)}))
    value = (grid, Coord(0, 2), Fraction(2, 3), {"a": [1, None]}, frozenset({1}), {2}, 1.5, float("inf"))
    assert decode(encode(value)) == value
