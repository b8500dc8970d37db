"""Coord and Grid: the article's cells and grids."""

import dataclasses
import random

import pytest

from coursekit.core import NEXT4, NEXT8, Coord, Grid, chebyshev


def test_coord_prints_and_steps_like_the_article():
    c = Coord(4, 3)
    assert str(c) == "[4, 3]"
    assert c + (-1, -1) == Coord(3, 2)  # noqa: RUF005 (a step, not a concatenation)
    assert Coord.parse(" [2, 5] ") == Coord(2, 5)
    assert Coord.parse("7,0") == Coord(7, 0)


@pytest.mark.parametrize("text", ["", "1", "1,2,3", "a,b", "1.5,2"])
def test_coord_parse_says_what_is_wrong(text):
    with pytest.raises(ValueError, match="expected a cell as x,y"):
        Coord.parse(text)


def test_next8_is_the_articles_order():
    assert NEXT8 == ((1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1))
    assert NEXT4 == ((1, 0), (0, -1), (-1, 0), (0, 1))


def test_figure_4_orientation():
    # The article's Figure 4: a grid of 3 rows and 4 columns, (0, 0) at the bottom left.
    grid = Grid(4, 3)
    marks = {c: f"{c.x}{c.y}" for c in grid.cells()}
    assert grid.picture(marks).splitlines() == [
        "2  02 12 22 32",
        "1  01 11 21 31",
        "0  00 10 20 30",
        "    0  1  2  3",
    ]


def test_inside_free_and_neighbours():
    grid = Grid(3, 3, blocked=frozenset({Coord(1, 1)}))
    assert Coord(2, 2) in grid and Coord(3, 0) not in grid and Coord(-1, 0) not in grid
    assert "not a cell" not in grid
    assert not grid.is_free(Coord(1, 1)) and grid.is_free(Coord(0, 0))
    # NEXT8 order from the centre-left cell, skipping the blocked centre and off-grid cells.
    assert grid.neighbours8(Coord(0, 1)) == [Coord(1, 0), Coord(0, 0), Coord(0, 2), Coord(1, 2)]
    assert grid.neighbours4(Coord(1, 0)) == [Coord(2, 0), Coord(0, 0)]
    assert len(list(grid.free_cells())) == 8


def test_chebyshev():
    assert chebyshev(Coord(0, 0), Coord(3, 1)) == 3
    assert chebyshev(Coord(5, 5), Coord(2, 9)) == 4


@pytest.mark.parametrize(
    ("args", "message"),
    [((0, 3), "width"), ((3, -1), "height"), ((2.5, 3), "width"), ((2, 2, frozenset({Coord(2, 0)})), "outside")],
)
def test_bad_grids_say_why(args, message):
    with pytest.raises(ValueError, match=message):
        Grid(*args)


def test_grids_are_immutable_and_hash_by_value():
    a = Grid(4, 4, blocked=frozenset({Coord(1, 2)}))
    b = Grid(4, 4).with_blocked([Coord(1, 2)])
    assert a == b and hash(a) == hash(b)
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.width = 5  # type: ignore[misc]
    c = a.with_cell(Coord(0, 0), 7)
    assert c.cell(Coord(0, 0)) == 7 and a.cell(Coord(0, 0)) == 0 and c != a


def test_random_blocking_is_seeded_counts_like_the_article_and_keeps_cells():
    keep = [Coord(0, 0), Coord(9, 9)]
    one = Grid(10, 10).with_random_blocked(30, random.Random(5), keep=keep)
    two = Grid(10, 10).with_random_blocked(30, random.Random(5), keep=keep)
    other = Grid(10, 10).with_random_blocked(30, random.Random(6), keep=keep)
    assert one == two and one != other
    assert len(one.blocked) == 30  # m * n * percent / 100
    assert not set(keep) & one.blocked
    with pytest.raises(ValueError, match="between 0 and 100"):
        Grid(3, 3).with_random_blocked(120, random.Random(0))
