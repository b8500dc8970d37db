"""Replies read under caps: a message over a cap is refused before it is built, and the sandbox goes on."""

from __future__ import annotations

import json
import resource

import pytest

from coursekit.core.grid import Coord, Grid
from coursekit.grading.codec import CHECK_EVERY, Caps, CodecError, decode, encode
from coursekit.grading.sandbox import Limits, Sandbox, SandboxProblem

#: 80,000 different whole numbers with one hash: a set of them costs minutes to build.
MODULUS = (1 << 61) - 1
COLLIDING = [k * MODULUS for k in range(1, 80_001)]


def colliding_set() -> str:
    return json.dumps({"set": COLLIDING})


def test_a_set_whose_elements_hash_alike_is_refused_before_it_is_built() -> None:
    assert len({hash(n) for n in COLLIDING}) == 1
    before = resource.getrusage(resource.RUSAGE_SELF).ru_utime
    with pytest.raises(CodecError, match="80000 elements with only 1 different hashes"):
        decode(colliding_set())
    # refused in linear time: far below the 88 s the set took to build (a generous CPU bound)
    assert resource.getrusage(resource.RUSAGE_SELF).ru_utime - before < 10
    with pytest.raises(CodecError, match="different hashes"):
        decode(json.dumps({"dict": [[n, 0] for n in COLLIDING[:5000]]}))
    with pytest.raises(CodecError, match="different hashes"):
        decode(json.dumps({"frozenset": COLLIDING[:2000]}))


@pytest.mark.slow
def test_sets_of_ordinary_values_still_cross() -> None:
    cells = frozenset(Coord(x, y) for x in range(300) for y in range(300))
    assert decode(encode(cells)) == cells
    assert decode(encode({n: n for n in range(100_000)})) == {n: n for n in range(100_000)}
    assert decode(encode({-1, -2})) == {-1, -2}  # hash(-1) == hash(-2): one collision is fine


def test_a_huge_grid_is_refused_before_it_is_built() -> None:
    message = json.dumps({"data": "coursekit.core.grid:Grid", "fields": {"width": 20000, "height": 20000}})
    assert len(message) < 100
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with pytest.raises(CodecError, match="20000 x 20000 Grid: more than the 1000000 cells"):
        decode(message)
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - peak < 100_000  # KB: nothing like 3 GB
    grid = Grid(1000, 1000)
    assert decode(encode(grid)) == grid


@pytest.mark.parametrize(("message", "caps", "error"), [
    ("[" * 300 + "]" * 300, Caps(), "nests too deeply"),
    (json.dumps(list(range(11))), Caps(collection=10), "a list of 11 items"),
    (json.dumps({"tuple": list(range(11))}), Caps(collection=10), "a tuple of 11 items"),
    (json.dumps([[1, 2]] * 5), Caps(elements=12), "more than 12 values"),
    (json.dumps(1 << 100), Caps(int_bits=64), "a whole number of 101 bits"),
    (json.dumps({"fraction": [1 << 100, 3]}), Caps(int_bits=64), "101 bits"),
    (json.dumps("x" * 200), Caps(bytes=100), "a message of 202 bytes"),
    (json.dumps(list(range(2 * CHECK_EVERY))), Caps(cpu_seconds=0.0), "more than 0 s of CPU"),
])
def test_each_cap_refuses_with_its_own_message(message: str, caps: Caps, error: str) -> None:
    with pytest.raises(CodecError, match=error):
        decode(message, caps)


def test_under_the_caps_the_values_are_as_before() -> None:
    value = (Coord(1, 2), [3, "a"], {4: frozenset({5})}, 1 << 60, Grid(3, 2, blocked=frozenset({Coord(1, 1)})))
    assert decode(encode(value)) == value
    assert decode(json.dumps(list(range(CHECK_EVERY + 1))), Caps(cpu_seconds=60.0)) == list(range(CHECK_EVERY + 1))


FORGED = f'''
import coursekit.grading.codec as codec

def colliding():
    codec._plain = lambda value, depth: {{"set": [k * {MODULUS} for k in range(1, 80001)]}}
    return None

def huge_grid():
    size = {{"width": 20000, "height": 20000}}
    codec._plain = lambda value, depth: {{"data": "coursekit.core.grid:Grid", "fields": size}}
    return None

def fine(n):
    return n + 1
'''


def test_a_reply_over_a_cap_fails_that_call_and_the_next_call_is_answered() -> None:
    with Sandbox([FORGED], Limits(call_seconds=20.0)) as box:
        with pytest.raises(SandboxProblem, match="different hashes"):
            box.call("colliding", ())
        assert box.call("fine", (1,)) == 2
        with pytest.raises(SandboxProblem, match="20000 x 20000 Grid"):
            box.call("huge_grid", ())
        assert box.call("fine", (2,)) == 3
