"""No board ever gives a cell an empty label: in the browser that would leave the old text on screen.

ipywidgets 8's front end only rewrites a button's label when the new one is not empty, so a
cell whose description becomes ``""`` keeps showing its old piece, hint or number (a ghost).
These tests watch every change of every cell's description while the boards are used as a
person would use them, and fail on the first empty one.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets
import pytest

from coursekit.core import Coord, Grid
from coursekit.widgets import KingBoard, PathBoard, PieceBoard, PursuitBoard, TicTacToeBoard
from coursekit.widgets._grid import BLANK, shown


def watch(buttons: dict[Coord, widgets.Button]) -> list[tuple[Coord, str]]:
    """Every label given to a cell from now on, in order."""
    seen: list[tuple[Coord, str]] = []
    for cell, button in buttons.items():
        button.observe(lambda change, cell=cell: seen.append((cell, change["new"])), names="description")
    return seen


def no_empty_label(board: widgets.Widget, actions: Callable[[], None]) -> list[tuple[Coord, str]]:
    assert all(b.description != "" for b in board.buttons.values()), "an empty label when the board was drawn"
    seen = watch(board.buttons)
    actions()
    assert seen, "the actions changed no label: the test watched nothing"
    empty = [cell for cell, text in seen if text == ""]
    assert not empty, f"cells given an empty label (a ghost in the browser): {empty[:5]}"
    return seen


def test_the_king_board_clears_the_old_king_new_game_and_hints() -> None:
    board = KingBoard(Grid(6, 5), seed=1, hints=True)
    start = board.state.at

    def actions() -> None:
        board.buttons[board.rules.legal_moves(board.state)[0]].click()
        board.hint_toggle.value = False
        board.hint_toggle.value = True
        board.hint_toggle.value = False
        board.new_game_button.click()

    seen = no_empty_label(board, actions)
    assert (start, BLANK) in seen  # the king left its first cell, and that cell was really cleared
    assert all(shown(b) == "" for c, b in board.buttons.items() if c != board.state.at)


@pytest.mark.parametrize("players", [2, 3])
def test_the_piece_boards_clear_their_hints(players: int) -> None:
    board = PieceBoard("queen", 7, 6, players=players, hints=True, seed=2)

    def actions() -> None:
        board.buttons[board.rules.legal_moves(board.state)[0]].click()
        board.hint_toggle.value = False

    no_empty_label(board, actions)
    assert all(shown(b) == "" for c, b in board.buttons.items() if c != board.state.at)


def test_the_path_board_clears_the_numbers_when_the_search_changes() -> None:
    board = PathBoard(Grid(8, 6))

    def actions() -> None:
        board.algorithm_buttons.value = "bfs"
        board.run_button.click()
        board.all_button.click()
        board.algorithm_buttons.value = "astar"
        board.buttons[Coord(3, 3)].click()  # a new start
        board.buttons[Coord(6, 4)].click()  # a new target

    no_empty_label(board, actions)
    assert shown(board.buttons[Coord(0, 0)]) == ""  # the old S is gone
    assert {shown(b) for b in board.buttons.values()} == {"", "S", "T"}  # no number of the BFS left


def test_the_pursuit_board_leaves_no_trail() -> None:
    board = PursuitBoard(seed=5)

    def actions() -> None:
        for _ in range(4):
            board.step_button.click()
        board.heatmap_box.value = True
        board.heatmap_box.value = False
        board.random_button.click()

    no_empty_label(board, actions)
    pieces = {*board.state.pursuers, board.state.prey}
    assert all(shown(b) == "" for c, b in board.buttons.items() if c not in pieces)


def test_the_tictactoe_board_clears_its_marks_on_a_new_game() -> None:
    board = TicTacToeBoard(4, 4, 3, players=3, computer="random", seed=3)

    def actions() -> None:
        for cell in [Coord(0, 0), Coord(1, 1), Coord(2, 2), Coord(3, 3), Coord(0, 3)]:
            if not board.is_over and board.state.at(cell) == ".":
                board.buttons[cell].click()
        board.new_game_button.click()

    seen = no_empty_label(board, actions)
    assert (Coord(0, 0), BLANK) in seen  # the X left by the last game was really cleared
    assert all(shown(b) == "" for b in board.buttons.values())


def test_the_tictactoe_board_clears_its_hints() -> None:
    board = TicTacToeBoard(computer="random", seed=1)

    def actions() -> None:
        board.hint_toggle.value = True
        board.buttons[Coord(1, 1)].click()
        board.hint_toggle.value = False

    seen = no_empty_label(board, actions)
    assert {text for _cell, text in seen} >= {"D", BLANK}  # hints were shown, then really cleared
    assert {shown(b) for b in board.buttons.values()} == {"", "X", "O"}
