"""The path board, driven by clicking its buttons (no browser, no kernel)."""

from __future__ import annotations

import ipywidgets as widgets
import pytest

from coursekit.core import Coord, Grid, chebyshev
from coursekit.solvers.search import astar, bfs, is_valid_path
from coursekit.widgets import PathBoard


def kinds(board: PathBoard) -> dict[Coord, str]:
    return {cell: board.cell_kind(cell) for cell in board.buttons}


def test_the_board_starts_open_with_start_and_target_in_the_corners() -> None:
    board = PathBoard()
    assert isinstance(board, widgets.VBox)
    assert (board.grid.width, board.grid.height) == (12, 8) and not board.grid.blocked
    assert (board.start, board.target, board.mode, board.algorithm) == (Coord(0, 0), Coord(11, 7), "start", "astar")
    assert board.buttons[Coord(0, 0)].description == "S" and board.cell_kind(Coord(0, 0)) == "start"
    assert board.buttons[Coord(11, 7)].description == "T" and board.cell_kind(Coord(11, 7)) == "target"
    assert sum(kind == "free" for kind in kinds(board).values()) == 96 - 2
    order = [child for child in board.grid_box.children if isinstance(child, widgets.Button)]
    assert order[0] is board.buttons[Coord(0, 7)] and order[-1] is board.buttons[Coord(11, 0)]  # top row first
    assert board.result is None and board.status.endswith("Press Search to run A*.")


def test_clicks_set_the_start_then_the_target_then_toggle_blocked_cells() -> None:
    board = PathBoard(Grid(6, 5))
    board.buttons[Coord(1, 1)].click()
    assert board.start == Coord(1, 1) and board.mode == "target"
    assert board.cell_kind(Coord(1, 1)) == "start" and board.cell_kind(Coord(0, 0)) == "free"
    board.buttons[Coord(4, 3)].click()
    assert board.target == Coord(4, 3) and board.mode == "blocked"
    for cell in [Coord(2, 2), Coord(3, 2), Coord(2, 3)]:
        board.buttons[cell].click()
    assert board.grid.blocked == {Coord(2, 2), Coord(3, 2), Coord(2, 3)}
    assert board.cell_kind(Coord(2, 2)) == "blocked"
    board.buttons[Coord(2, 3)].click()  # a second click frees it again
    assert board.grid.blocked == {Coord(2, 2), Coord(3, 2)} and board.cell_kind(Coord(2, 3)) == "free"
    board.buttons[Coord(4, 3)].click()
    assert "The target cannot be blocked" in board.status and Coord(4, 3) not in board.grid.blocked
    board.mode_buttons.value = "start"
    board.buttons[Coord(2, 2)].click()
    assert board.start == Coord(1, 1) and "[2, 2] is blocked" in board.status
    board.clear_button.click()
    assert not board.grid.blocked


@pytest.mark.parametrize("algorithm", ["bfs", "astar"])
def test_stepping_shows_the_expanded_cells_in_order_then_the_path(algorithm: str) -> None:
    grid = Grid(7, 6, blocked=frozenset({Coord(3, y) for y in range(5)}))
    board = PathBoard(grid, algorithm=algorithm)
    board.run_button.click()
    expected = (bfs if algorithm == "bfs" else astar)(grid, Coord(0, 0), Coord(6, 5))
    result = board.result
    assert result == expected and board.shown == 0 and board.player.max == len(result.expanded)
    assert "ready" in board.status
    for k in range(1, len(result.expanded)):
        board.step_button.click()
        assert board.shown == k
        cell = result.expanded[k - 1]
        if cell not in (board.start, board.target):
            assert board.cell_kind(cell) == "latest" and board.buttons[cell].description == str(k)
        assert sum(kind in ("expanded", "latest") for kind in kinds(board).values()) == (
            k - (board.start in result.expanded[:k]))
        assert not any(kind == "path" for kind in kinds(board).values())
        assert board.status.startswith(f"{'BFS' if algorithm == 'bfs' else 'A*'}: {k} of {len(result.expanded)}")
    board.step_button.click()
    path_cells = {cell for cell, kind in kinds(board).items() if kind == "path"}
    assert result.path is not None and path_cells == set(result.path[1:-1])
    assert is_valid_path(grid, result.path, board.start, board.target) is None
    assert board.status.endswith(f"a shortest path of {result.length} moves; {len(result.expanded)} cells expanded.")
    board.step_button.click()  # nothing more to show
    assert board.shown == len(result.expanded)


def test_astar_expands_fewer_cells_than_bfs_on_the_same_board() -> None:
    board = PathBoard(Grid(15, 10), blocked_percent=20, seed=3)
    assert len(board.grid.blocked) == 30 and board.start not in board.grid.blocked
    board.algorithm_buttons.value = "bfs"
    board.all_button.click()
    wide = board.result
    board.algorithm_buttons.value = "astar"  # choosing another search forgets the old one
    assert board.result is None
    board.all_button.click()
    aimed = board.result
    assert wide is not None and aimed is not None
    assert wide.length == aimed.length and wide.length is not None
    assert wide.length >= chebyshev(board.start, board.target)
    assert len(aimed.expanded) < len(wide.expanded)


def test_play_widget_drives_the_picture() -> None:
    board = PathBoard(Grid(5, 5))
    board.run()
    board.player.value = 3  # what the Play button does, one value after the other
    assert board.shown == 3 and "3 of" in board.status
    assert board.cell_kind(board.result.expanded[2]) in ("latest", "target")  # type: ignore[union-attr]


def test_changing_a_cell_forgets_the_search() -> None:
    board = PathBoard(Grid(5, 5), start=Coord(0, 0), target=Coord(4, 0))
    board.show_all()
    assert board.result is not None and board.result.length == 4
    board.mode_buttons.value = "blocked"
    board.click(Coord(2, 0))
    assert board.result is None and board.shown == 0
    assert not any(kind in ("expanded", "path") for kind in kinds(board).values())
    board.show_all()
    assert board.result is not None and board.result.length == 4  # around the blocked cell


def test_no_path_is_said_plainly() -> None:
    grid = Grid(5, 3, blocked=frozenset({Coord(2, y) for y in range(3)}))
    board = PathBoard(grid, algorithm="bfs")
    board.show_all()
    assert board.status == "BFS: no path, the target [4, 2] cannot be reached; 6 cells expanded."
    assert not any(kind == "path" for kind in kinds(board).values())


def test_bad_boards_are_refused() -> None:
    with pytest.raises(ValueError, match="the start"):
        PathBoard(Grid(3, 3, blocked=frozenset({Coord(0, 0)})))
    with pytest.raises(ValueError, match="algorithm"):
        PathBoard(algorithm="dfs")
    board = PathBoard(Grid(3, 3))
    with pytest.raises(ValueError, match="not a cell"):
        board.click(Coord(3, 0))
    board.run()
    with pytest.raises(ValueError, match="0 to"):
        board.show(99)
