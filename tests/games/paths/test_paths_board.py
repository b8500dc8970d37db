"""The path board, driven as the page drives it: clicks on cells, its controls, ticks (no browser, no kernel)."""

from __future__ import annotations

import re

import pytest

from coursekit.boards.board import Board
from coursekit.core import Coord, Grid, chebyshev
from coursekit.games.paths import PathBoard
from coursekit.render.search import START_FILL, TARGET_FILL
from coursekit.render.search import readable_ink as ink
from coursekit.solvers.search import astar, bfs, is_valid_path


def send(board: Board, **content: object) -> None:
    """What the page's front end sends (a click, a control, a tick)."""
    board._message(board, content, [])


def kinds(board: PathBoard) -> dict[Coord, str]:
    return {cell: board.cell_kind(cell) for cell in board.grid.cells()}


def numbers(board: PathBoard) -> list[str]:
    """The numbers written on the picture's cells (not the row and column labels, in grey)."""
    return re.findall(r'fill="#(?:111|fff)" font-weight="normal"[^>]*>(\d+)<', board.picture)


def test_the_board_starts_open_with_start_and_target_in_the_corners() -> None:
    board = PathBoard()
    assert isinstance(board, Board)
    assert (board.grid.width, board.grid.height) == (12, 8) and not board.grid.blocked
    assert (board.start, board.target, board.mode, board.algorithm) == (Coord(0, 0), Coord(11, 7), "start", "astar")
    assert board.cell_kind(Coord(0, 0)) == "start" and board.cell_kind(Coord(11, 7)) == "target"
    assert sum(kind == "free" for kind in kinds(board).values()) == 96 - 2
    assert board.picture.count("data-hit=") == 96 and 'data-hit="11,7"' in board.picture
    assert board.result is None and board.status.endswith("Press Step or ▶ Run to watch A* search, or Show all.")
    assert [c["name"] for c in board.controls] == ["mode", "algorithm", "step", "run", "all", "clear", "shown",
                                                   "speed"]
    assert board.control("run")["label"] == "▶ Run" and board.control("mode")["label"] == "Click to"


def test_the_start_and_the_target_are_filled_and_their_letters_readable() -> None:
    board = PathBoard(Grid(4, 3))
    for fill, letter in ((START_FILL, "S"), (TARGET_FILL, "T")):
        assert ink(fill) == "#fff" and f'fill="{fill}"' in board.picture
        assert re.search(rf'fill="#fff" font-weight="bold"[^>]*>{letter}<', board.picture)
    # the letters let clicks through to their cells
    assert all('pointer-events="none"' in t for t in re.findall(r"<text[^>]*>[ST]<", board.picture))


def test_clicks_set_the_start_then_the_target_then_toggle_blocked_cells() -> None:
    board = PathBoard(Grid(6, 5))
    board.hit("1,1")
    assert board.start == Coord(1, 1) and board.mode == "target" and board.control("mode")["value"] == "set target"
    assert board.cell_kind(Coord(1, 1)) == "start" and board.cell_kind(Coord(0, 0)) == "free"
    send(board, event="hit", key="4,3")
    assert board.target == Coord(4, 3) and board.mode == "blocked"
    for key in ("2,2", "3,2", "2,3"):
        board.hit(key)
    assert board.grid.blocked == {Coord(2, 2), Coord(3, 2), Coord(2, 3)}
    assert board.cell_kind(Coord(2, 2)) == "blocked" and "2, 3: blocked; click to free it" in board.picture
    board.hit("2,3")  # a second click frees it again
    assert board.grid.blocked == {Coord(2, 2), Coord(3, 2)} and board.cell_kind(Coord(2, 3)) == "free"
    board.hit("4,3")
    assert board.status.startswith("The target cannot be blocked: move it first.")
    assert Coord(4, 3) not in board.grid.blocked
    board.press("mode", "set start")
    board.hit("2,2")
    assert board.start == Coord(1, 1) and board.status.startswith("[2, 2] is blocked: free it first")
    board.hit("4,3")
    assert board.start == Coord(1, 1) and board.status.startswith("[4, 3] is the target")
    board.press("clear")
    assert not board.grid.blocked and board.control("clear")["disabled"]


def test_a_click_that_is_no_cell_says_why() -> None:
    board = PathBoard(Grid(3, 3))
    board.hit("7,0")
    assert board.status.startswith("[7, 0] is not a cell of this board.")
    board.hit("nonsense")
    assert board.status.startswith("a cell's key is 'x,y'")
    with pytest.raises(ValueError, match="not a cell"):
        board.click(Coord(3, 0))


@pytest.mark.parametrize("algorithm", ["bfs", "astar"])
def test_stepping_shows_the_expanded_cells_in_order_then_the_path(algorithm: str) -> None:
    grid = Grid(7, 6, blocked=frozenset({Coord(3, y) for y in range(5)}))
    board = PathBoard(grid, algorithm=algorithm)
    expected = (bfs if algorithm == "bfs" else astar)(grid, Coord(0, 0), Coord(6, 5))
    name = "BFS" if algorithm == "bfs" else "A*"
    total = len(expected.expanded)
    for k in range(1, total):
        board.press("step")
        assert board.result == expected and board.shown == k
        cell = expected.expanded[k - 1]
        if cell not in (board.start, board.target):
            assert board.cell_kind(cell) == "latest" and 'stroke-dasharray="5 3"' in board.picture
        assert sum(kind in ("expanded", "latest") for kind in kinds(board).values()) == (
            k - (board.start in expected.expanded[:k]))
        assert not any(kind == "path" for kind in kinds(board).values()) and "<polyline" not in board.picture
        assert board.status.startswith(f"{name}: {k} of {total}")
        assert sorted(map(int, numbers(board))) == [i for i in range(1, k + 1)
                                                    if expected.expanded[i - 1] not in (board.start, board.target)]
        assert board.control("shown")["value"] == k and board.control("shown")["max"] == total
    board.press("step")
    path_cells = {cell for cell, kind in kinds(board).items() if kind == "path"}
    assert expected.path is not None and path_cells == set(expected.path[1:-1]) and "<polyline" in board.picture
    assert is_valid_path(grid, expected.path, board.start, board.target) is None
    assert board.status.endswith(f"a shortest path of {expected.length} moves; {total} cells expanded.")
    assert board.control("step")["disabled"] and board.control("all")["disabled"]
    assert board.step() is False and board.shown == total


def test_run_shows_one_cell_a_tick_at_the_speed_and_pauses() -> None:
    board = PathBoard(Grid(5, 5), interval=200)
    assert board.speed == 200
    board.press("speed", 50)
    assert board.speed == 50 and board.control("speed")["value"] == 50
    board.press("run")
    assert board.running and board.control("run")["label"] == "⏸ Pause" and board.shown == 0
    assert board.status == f"A* is ready: {len(board.result.expanded)} cells to expand. Press Step or ▶ Run."  # type: ignore[union-attr]
    send(board, event="tick", version=board.version - 1)  # a tick from before the last picture: ignored
    assert board.shown == 0
    send(board, event="tick", version=board.version)
    send(board, event="tick", version=board.version)
    assert board.shown == 2
    board.press("run")
    assert not board.running and board.control("run")["label"] == "▶ Run"
    send(board, event="tick", version=board.version)  # no ticks count while paused
    assert board.shown == 2
    board.press("run")
    while board.running:
        send(board, event="tick", version=board.version)
    assert board.done and board.status.startswith("A*: a shortest path of 4 moves")
    board.press("run")  # all shown: ▶ Run plays the search again from its start
    assert board.running and board.shown == 0


def test_the_slider_goes_back_and_forth_through_the_search() -> None:
    board = PathBoard(Grid(5, 5))
    assert board.control("shown")["disabled"]
    board.press("all")
    total = len(board.result.expanded)  # type: ignore[union-attr]
    board.press("shown", 3)
    assert board.shown == 3 and "3 of" in board.status
    assert board.cell_kind(board.result.expanded[2]) in ("latest", "target")  # type: ignore[union-attr]
    board.press("shown", total)
    assert board.done
    with pytest.raises(ValueError, match="0 to"):
        board.show_cells(99)


def test_astar_expands_fewer_cells_than_bfs_and_switching_leaves_no_old_numbers() -> None:
    board = PathBoard(Grid(15, 10), blocked_percent=20, seed=3)
    assert len(board.grid.blocked) == 30 and board.start not in board.grid.blocked
    board.press("algorithm", "BFS")
    board.press("all")
    wide = board.result
    assert numbers(board)
    board.press("algorithm", "A*")  # choosing another search forgets the old one
    assert board.result is None and numbers(board) == [] and board.status.endswith("watch A* search, or Show all.")
    board.press("all")
    aimed = board.result
    assert wide is not None and aimed is not None
    assert wide.length == aimed.length and wide.length is not None
    assert wide.length >= chebyshev(board.start, board.target)
    assert len(aimed.expanded) < len(wide.expanded)
    board.press("run")
    board.press("algorithm", "BFS")  # switching while running stops it
    assert not board.running and board.result is None


def test_changing_a_cell_forgets_the_search() -> None:
    board = PathBoard(Grid(5, 5), start=Coord(0, 0), target=Coord(4, 0))
    board.show_all()
    assert board.result is not None and board.result.length == 4
    board.press("mode", "block / free")
    board.hit("2,0")
    assert board.result is None and board.shown == 0 and numbers(board) == []
    assert not any(kind in ("expanded", "path") for kind in kinds(board).values())
    board.show_all()
    assert board.result is not None and board.result.length == 4  # around the blocked cell


def test_no_path_is_said_plainly() -> None:
    grid = Grid(5, 3, blocked=frozenset({Coord(2, y) for y in range(3)}))
    board = PathBoard(grid, algorithm="bfs")
    board.show_all()
    assert board.status == "BFS: no path, the target [4, 2] cannot be reached; 6 cells expanded."
    assert not any(kind == "path" for kind in kinds(board).values())


def test_the_status_names_only_controls_the_board_has() -> None:
    board = PathBoard(Grid(4, 4))
    labels = {c["label"] for c in board.controls}
    texts = [board.status]
    board.step()
    texts.append(board.status)
    board.search()
    board.shown = 0
    board.show_cells(0)
    texts.append(board.status)
    assert {"Step", "▶ Run", "Show all"} <= labels
    for text in texts:
        assert "Play" not in text and "Press Search" not in text, text


def test_bad_boards_are_refused() -> None:
    with pytest.raises(ValueError, match="the start"):
        PathBoard(Grid(3, 3, blocked=frozenset({Coord(0, 0)})))
    with pytest.raises(ValueError, match="algorithm"):
        PathBoard(algorithm="dfs")
    with pytest.raises(ValueError, match="blocked_percent"):
        PathBoard(blocked_percent=120)
    board = PathBoard(Grid(3, 3))
    with pytest.raises(ValueError, match="mode"):
        board.set_mode("paint")


def test_a_saved_notebook_shows_a_still_picture() -> None:
    board = PathBoard(Grid(4, 3))
    board.show_all()
    still = board.still()
    assert "data-hit" not in still and "<svg" in still and board.status in still
