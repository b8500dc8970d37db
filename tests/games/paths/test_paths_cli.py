"""The terminal's ``coursekit path``: the grid with the path, its length, the cells expanded."""

from __future__ import annotations

import pytest
from terminal import run

from coursekit.core import Coord, Grid, chebyshev
from coursekit.games.paths.cli import NO_PATH_STATUS
from coursekit.solvers.search import is_valid_path


def read_picture(out: str, width: int, height: int) -> tuple[Grid, dict[str, list[Coord]]]:
    """The grid and the cells of each mark (S, T, *) from a printed picture, top row first."""
    rows = out.splitlines()[:height]
    blocked, marks = set(), {"S": [], "T": [], "*": []}  # type: ignore[var-annotated]
    for line in rows:
        y, *cells = line.split()
        assert len(cells) == width
        for x, mark in enumerate(cells):
            if mark == "#":
                blocked.add(Coord(x, int(y)))
            elif mark in marks:
                marks[mark].append(Coord(x, int(y)))
    assert out.splitlines()[height].split() == [str(x) for x in range(width)]
    return Grid(width, height, frozenset(blocked)), marks


def path_from_picture(marks: dict[str, list[Coord]]) -> list[Coord]:
    """Walk from S through the * cells to T (each * cell has one next cell on a shortest path)."""
    left = set(marks["*"])
    path = [marks["S"][0]]
    while left:
        nxt = [c for c in left if chebyshev(c, path[-1]) == 1]
        assert len(nxt) >= 1
        path.append(nxt[0])
        left.remove(nxt[0])
    return [*path, marks["T"][0]]


def test_open_grid_defaults_corner_to_corner_with_astar() -> None:
    status, out, err = run("path", "--width", "6", "--height", "4", "--seed", "0")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines == [
        "3  . . . . . T",
        "2  . . . . * .",
        "1  . . . * . .",
        "0  S * * . . .",
        "   0 1 2 3 4 5",
        "length: 5",
        "expanded: 6",
    ]


@pytest.mark.parametrize("algorithm", ["bfs", "astar"])
def test_blocked_grid_prints_a_valid_shortest_path(algorithm: str) -> None:
    argv = ("path", "--width", "20", "--height", "12", "--blocked", "30", "--seed", "4",
            "--from", "2,3", "--to", "17,10", "--algorithm", algorithm)
    status, out, _ = run(*argv)
    assert status == 0
    grid, marks = read_picture(out, 20, 12)
    assert len(grid.blocked) == 72  # 30 % of 240
    assert marks["S"] == [Coord(2, 3)] and marks["T"] == [Coord(17, 10)]
    lines = out.splitlines()
    length = int(lines[13].removeprefix("length: "))
    expanded = int(lines[14].removeprefix("expanded: "))
    assert len(marks["*"]) == length - 1 and length >= 15
    assert is_valid_path(grid, path_from_picture(marks), Coord(2, 3), Coord(17, 10)) is None
    assert 0 < expanded <= 240 - 72
    assert run(*argv) == (status, out, "")  # same seed, same grid, same path


def test_bfs_and_astar_find_equally_long_paths_and_astar_expands_fewer() -> None:
    def numbers(algorithm: str) -> tuple[int, int]:
        lines = run("path", "--width", "40", "--height", "40", "--blocked", "20", "--seed", "7",
                    "--algorithm", algorithm)[1].splitlines()
        return int(lines[-2].split()[1]), int(lines[-1].split()[1])

    (bfs_length, bfs_expanded), (astar_length, astar_expanded) = numbers("bfs"), numbers("astar")
    assert bfs_length == astar_length
    assert astar_expanded < bfs_expanded / 2


def test_no_path_prints_the_grid_and_exits_with_status_1() -> None:
    # with 90 % of the cells blocked the corners of a 10 x 10 grid are cut apart
    status, out, _ = run("path", "--blocked", "90", "--seed", "1")
    lines = out.splitlines()
    assert lines[10] == "   0 1 2 3 4 5 6 7 8 9"
    assert lines[0].endswith("T") and lines[9].startswith("0  S")
    assert "*" not in out
    assert lines[11] == "no path: the blocked cells cut the target [9, 9] off from the start [0, 0]"
    assert lines[12].startswith("expanded: ")
    assert status == 1


def test_start_equal_to_target() -> None:
    status, out, _ = run("path", "--width", "3", "--height", "3", "--from", "1,1", "--to", "1,1")
    assert status == 0 and out.splitlines()[-2:] == ["length: 0", "expanded: 1"]


def test_without_a_seed_the_seed_is_printed() -> None:
    """The drawn seed repeats the run, path or no path: about 2 % of 10 x 10 grids with 20 % blocked
    cut the target off (exit status 1), so the test accepts both and asks the repeat for the same."""
    status, out, err = run("path", "--blocked", "20")
    assert status in (0, NO_PATH_STATUS) and err.startswith("seed: ")
    seed = err.split()[1]
    assert run("path", "--blocked", "20", "--seed", seed)[:2] == (status, out)


@pytest.mark.parametrize(("argv", "message"), [
    (("--from", "10,0"), "--from 10,0 is outside the 10 x 10 grid"),
    (("--to", "3,-1"), "--to 3,-1 is outside the 10 x 10 grid"),
    (("--to", "3"), "expected a cell as x,y"),
    (("--algorithm", "dijkstra"), "invalid choice: 'dijkstra'"),
    (("--blocked", "100"), "expected a percentage from 0 up to (not including) 100"),
    (("--width", "0"), "expected a whole number from 1 to 200"),
])
def test_bad_arguments_get_one_line_and_status_2(argv: tuple[str, ...], message: str) -> None:
    status, out, err = run("path", "--seed", "1", *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and message in err
