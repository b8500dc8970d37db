"""The corners board, driven by clicking its buttons (no browser)."""

from __future__ import annotations

import random
from typing import Any

import ipywidgets as widgets
import pytest

from coursekit.core import Coord, Record
from coursekit.games import rules_from_spec
from coursekit.games.corners import BLACK, PASS, WHITE, Corners, CornersState, path_text
from coursekit.views.corners import board_svg
from coursekit.widgets import CornersBoard
from coursekit.widgets._grid import BLANK, shown
from coursekit.widgets.corners import NEXT_MARK, PIECE_MARKS, TARGET_BORDER, TRAIL_MARK
from tests.test_widgets_blank import watch

W, B = PIECE_MARKS[WHITE], PIECE_MARKS[BLACK]


def first_move(rules: Corners, state: CornersState) -> Any:
    """A computer that always plays the first legal move (E's order), so its answers are known."""
    return rules.legal_moves(state)[0]


#: Nine pieces a side (targets 3 x 3); White's pieces on [4, 0], [4, 1] and [4, 3]: from [4, 0]
#: a chain jumps to [4, 2], then to [4, 4], where no jump continues; Black has one piece.
CHAIN = """
    B . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . W . . .
    . . . . . . . .
    . . . . W . . .
    . . . . W . . .
"""
#: White is one step from filling its target: [3, 5] to [2, 5].
ALMOST = """
    W W W . . . . .
    W W W . . . . .
    W W . W . . . B
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
"""
#: White's only piece, in the corner, is boxed in by Black's: White must pass.
BOXED = """
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    B . . . . . . .
    B . . . . . . .
    W B B . . . . .
"""


def board_from(picture: str, **options: Any) -> CornersBoard:
    options.setdefault("computer", first_move)
    return CornersBoard(9, start=Corners(9).position(picture), **options)


def looks(board: CornersBoard) -> tuple[object, ...]:
    """The board's state, record, unfinished move, picture and every cell's text, look and tooltip."""
    return (board.state, list(board.steps), list(board.path), board.picture.value, board.stopped,
            {c: (b.description, board.cell_kind(c), b.tooltip) for c, b in board.buttons.items()})


def assert_board_shows_state(board: CornersBoard) -> None:
    """Every cell shows its piece (or, during a move, the move), the highlights are the legal next cells."""
    state, rules = board.state, board.rules
    nexts = board.next_cells()
    if board.path:
        prefix = tuple(board.path)
        assert nexts == {m[len(prefix)] for m in rules.legal_moves(state)
                         if m != PASS and len(m) > len(prefix) and m[:len(prefix)] == prefix}
    else:
        assert nexts == set()
    for cell, button in board.buttons.items():
        kind = board.cell_kind(cell)
        assert button.description != ""
        if board.path and cell == board.path[-1]:
            assert (kind, shown(button)) == ("chosen", PIECE_MARKS[board.human])
        elif cell in board.path:
            assert (kind, shown(button)) == ("trail", TRAIL_MARK)
        elif cell in nexts:
            assert (kind, shown(button)) == ("next", NEXT_MARK)
        else:
            owner = state.owner(cell)
            assert shown(button) == ("" if owner is None else PIECE_MARKS[owner])
            zone = ("white target" if cell in rules.target(WHITE)
                    else "black target" if cell in rules.target(BLACK) else "plain")
            assert kind == zone
    if len(board.path) < 2:
        last = board.steps[-1].move if board.steps else None
        assert board.picture.value == board_svg(state, path=last)


def assert_replays(board: CornersBoard) -> Record:
    record = board.record
    again = Record.from_json(record.to_json(), rules_from_spec)
    assert again.states == record.states and again.players == record.players and again.start == board.start
    assert (again.winner, again.end) == (record.winner, record.end)
    return again


def assert_finished(board: CornersBoard) -> Record:
    record = assert_replays(board)
    assert board.is_over and board.rules.is_over(board.state) and record.end in ("won", "draw")
    assert f"The game ended: {board.rules.result(board.state)}." in board.status
    expected = {"You": "You win!", "Computer": "The computer wins.", None: "A draw."}[board.winner]
    assert expected in board.status
    assert board.winner == (None if record.winner is None else record.players[record.winner])
    assert board.next_cells() == set() and board.path == []
    return record


def click_a_next_cell(board: CornersBoard, rng: random.Random) -> None:
    """The human clicks: a piece that can move, then highlighted cells (sometimes ending a chain early)."""
    steps = len(board.steps)
    if not board.path:
        pieces = sorted({m[0] for m in board.rules.legal_moves(board.state) if not isinstance(m, str)})
        assert board.click(rng.choice(pieces))
    while len(board.steps) == steps:
        assert_board_shows_state(board)
        if len(board.path) > 1 and rng.random() < 0.3:
            assert board.click(board.path[-1])  # end the chain here
        else:
            assert board.click(rng.choice(sorted(board.next_cells())))


def play_out(board: CornersBoard, rng: random.Random) -> None:
    for _ in range(2 * board.rules.max_game_length() + 2):
        assert_board_shows_state(board)
        if board.is_over:
            return
        click_a_next_cell(board, rng)
    raise AssertionError("the game did not end")


# The board ---------------------------------------------------------------------------------


def test_the_board_is_a_labelled_grid_of_buttons_with_the_picture_beside_it() -> None:
    board = CornersBoard()
    assert isinstance(board, widgets.VBox) and board.rules == Corners(12, 100)
    assert set(board.buttons) == {Coord(x, y) for x in range(8) for y in range(8)}
    grid, picture = board.children[0].children
    assert grid is board.grid_box and picture is board.picture
    labels = [w.value for w in grid.children if isinstance(w, widgets.Label)]
    assert labels == ["7", "6", "5", "4", "3", "2", "1", "0", "", *"01234567"]
    assert {c for c, b in board.buttons.items() if shown(b) == W} == set(board.start.white)
    assert {c for c, b in board.buttons.items() if shown(b) == B} == set(board.start.black)
    assert W != B  # told apart by symbol, not only by colour
    targets = board.rules.target(WHITE) | board.rules.target(BLACK)
    assert {c for c, b in board.buttons.items() if b.layout.border == TARGET_BORDER} == targets
    assert {c for c in board.buttons if board.cell_kind(c) == "white target"} == board.rules.target(WHITE)
    assert {c for c in board.buttons if board.cell_kind(c) == "black target"} == board.rules.target(BLACK)
    assert board.status == ("Your turn (White, ○): click one of your pieces. Moves: White 0, Black 0 of 100 each; "
                            "in the targets: White 0, Black 0 of 12.")
    assert board.steps == [] and board.human == WHITE and board.players == ("You", "Computer")
    assert_board_shows_state(board)


def test_a_step_by_two_clicks_and_the_computer_answers() -> None:
    board = CornersBoard(computer="fixed")
    assert board.click(Coord(4, 2))
    assert board.next_cells() == {Coord(3, 2), Coord(4, 3)}
    assert board.cell_kind(Coord(4, 2)) == "chosen" and board.cell_kind(Coord(4, 3)) == "next"
    assert shown(board.buttons[Coord(4, 3)]) == NEXT_MARK
    assert board.status.startswith("Your turn: the piece on [4, 2] chosen; click a highlighted cell")
    assert_board_shows_state(board)
    board.buttons[Coord(4, 3)].click()
    assert [path_text(s.move) for s in board.steps] == ["4,2-4,3", "3,5-3,4"]  # E's answer
    assert board.status == ("You stepped 4,2-4,3. The computer stepped 3,5-3,4. Your turn (White, ○): click one "
                            "of your pieces. Moves: White 1, Black 1 of 100 each; in the targets: White 0, Black 0 "
                            "of 12.")
    assert board.path == [] and shown(board.buttons[Coord(4, 3)]) == W and shown(board.buttons[Coord(4, 2)]) == ""
    assert board.picture.value == board_svg(board.state, path=board.steps[-1].move)
    assert_board_shows_state(board)


def test_a_two_jump_chain_by_clicks_ends_when_no_jump_continues() -> None:
    board = board_from(CHAIN)
    board.click(Coord(4, 0))
    assert board.next_cells() == {Coord(3, 0), Coord(5, 0), Coord(4, 2)}  # two steps and a jump
    board.buttons[Coord(4, 2)].click()
    assert board.path == [Coord(4, 0), Coord(4, 2)] and board.steps == []
    assert board.next_cells() == {Coord(4, 4)}
    assert shown(board.buttons[Coord(4, 0)]) == TRAIL_MARK and shown(board.buttons[Coord(4, 2)]) == W
    assert board.status.startswith("Your turn: jumping 4,0-4,2; click a highlighted cell to jump on, [4, 2] again "
                                   "to end the chain there, or [4, 0] to cancel.")
    assert board.picture.value == board_svg(board.state, title="Jumping 4,0-4,2", path=(Coord(4, 0), Coord(4, 2)))
    assert_board_shows_state(board)
    board.buttons[Coord(4, 4)].click()  # no jump goes on from [4, 4]: the move is made
    assert board.steps[0].move == (Coord(4, 0), Coord(4, 2), Coord(4, 4)) and board.steps[0].player == WHITE
    assert board.status.startswith("You jumped 4,0-4,2-4,4 (2 jumps). The computer stepped ")
    assert set(board.state.white) == {Coord(4, 1), Coord(4, 3), Coord(4, 4)} and board.path == []
    assert_board_shows_state(board)
    assert_replays(board)


def test_a_chain_ends_when_its_last_cell_is_clicked_again() -> None:
    board = board_from(CHAIN)
    for cell in (Coord(4, 0), Coord(4, 2), Coord(4, 2)):
        assert board.click(cell)
    assert board.steps[0].move == (Coord(4, 0), Coord(4, 2))
    assert board.status.startswith("You jumped 4,0-4,2 (1 jump). The computer ")
    assert set(board.state.white) == {Coord(4, 1), Coord(4, 2), Coord(4, 3)}


def test_clicking_the_start_again_cancels_the_piece_or_the_chain() -> None:
    board = board_from(CHAIN)
    before = looks(board)
    board.click(Coord(4, 0))
    board.click(Coord(4, 0))
    assert looks(board) == before and board.status.startswith("[4, 0] is no longer chosen. Your turn")
    board.click(Coord(4, 0))
    board.click(Coord(4, 2))
    board.click(Coord(4, 0))  # the start, now empty on the board: cancels the whole chain
    assert looks(board) == before and board.steps == []
    assert board.status.startswith("[4, 0] is no longer chosen.")


def test_another_piece_of_yours_can_be_chosen_instead() -> None:
    board = CornersBoard()
    board.click(Coord(4, 2))
    board.click(Coord(4, 1))  # [4, 1] has a jump to [4, 3]
    assert board.path == [Coord(4, 1)] and board.next_cells() == {Coord(3, 1), Coord(4, 3)}
    assert board.cell_kind(Coord(4, 2)) == "black target" and shown(board.buttons[Coord(4, 2)]) == W


@pytest.mark.parametrize(("clicks", "reason"), [
    ([Coord(2, 2)], "[2, 2] is empty: click one of your pieces (○)"),
    ([Coord(0, 7)], "[0, 7] holds Black's piece; yours are White's (○)"),
    ([Coord(7, 0)], "the piece on [7, 0] has no step and no jump"),
    ([Coord(4, 2), Coord(4, 4)], "a jump over nothing: [4, 3] is empty"),
    ([Coord(4, 2), Coord(2, 0)], "[2, 0] is neither a step nor a jump of the piece on [4, 2]"),
    ([Coord(4, 2), Coord(0, 7)], "[0, 7] is neither a step nor a jump of the piece on [4, 2]"),
    ([Coord(5, 2), Coord(3, 2)], "a jump over nothing: [4, 2] is empty"),
])
def test_a_refused_click_says_why_and_changes_nothing(clicks: list[Coord], reason: str) -> None:
    board = CornersBoard()
    if clicks[0] == Coord(5, 2):
        board.play((Coord(4, 2), Coord(4, 3)))  # now [4, 2] is empty
    for cell in clicks[:-1]:
        assert board.click(cell)
    before, turn = looks(board), board.status
    assert not board.click(clicks[-1])
    assert looks(board) == before
    assert board.status.startswith(f"Not allowed: {reason}. Your turn")
    assert board.status.endswith(turn.split("Your turn", 1)[1])


def test_a_refused_click_during_a_chain() -> None:
    board = board_from(CHAIN)
    board.click(Coord(4, 0))
    board.click(Coord(4, 2))
    before = looks(board)
    for cell, reason in [(Coord(3, 2), "[3, 2] is not a jump from [4, 2]: jump on, or click [4, 2] again to end "
                                       "the chain there"),
                         (Coord(4, 3), "[4, 3] is not a jump from [4, 2]: jump on, or click [4, 2] again to end "
                                       "the chain there"),
                         (Coord(6, 2), "a jump over nothing: [5, 2] is empty"),
                         (Coord(2, 2), "a jump over nothing: [3, 2] is empty")]:
        assert not board.click(cell)
        assert board.status.startswith(f"Not allowed: {reason}. Your turn: jumping 4,0-4,2;")
        assert looks(board) == before


def test_a_move_the_rules_refuse_is_not_played() -> None:
    board = CornersBoard()
    before = looks(board)
    assert not board.play((Coord(4, 2), Coord(4, 4), Coord(4, 6)))
    assert board.status.startswith("Not allowed: a jump over nothing: [4, 3] is empty. Your turn")
    assert not board.play(PASS)
    assert board.status.startswith("Not allowed: a side may pass only when it has no step and no jump.")
    assert looks(board) == before


def test_you_pass_automatically_when_you_have_no_move() -> None:
    board = board_from(BOXED)
    assert board.steps[0].move == PASS and board.steps[0].player == WHITE
    assert board.steps[1].player == BLACK
    assert board.status.startswith(f"You have no step and no jump: you pass. The computer stepped "
                                   f"{path_text(board.steps[1].move)}.")
    assert not board.is_over
    assert_replays(board)


def test_you_win_by_filling_your_target() -> None:
    board = board_from(ALMOST)
    board.click(Coord(3, 5))
    board.click(Coord(2, 5))
    record = assert_finished(board)
    assert board.winner == "You" and record.winner == WHITE and len(board.steps) == 2  # Black answered once
    assert board.status.endswith("You win! Moves: White 1, Black 1 of 100 each; in the targets: White 9, Black 0 of 9.")
    before = looks(board)
    assert not board.click(Coord(0, 7))
    assert board.status.startswith("Not allowed: the game is over. The game ended:")
    assert looks(board) == before


# The computers -----------------------------------------------------------------------------


@pytest.mark.parametrize("computer", ["fixed", "alphabeta", "random", first_move])
@pytest.mark.parametrize("human_first", [True, False])
def test_each_computer_answers_to_the_end_of_a_short_game(computer: Any, human_first: bool) -> None:
    board = CornersBoard(9, computer=computer, human_first=human_first, seed=3, move_limit=3)
    assert board.human == (WHITE if human_first else BLACK)
    if not human_first:
        assert len(board.steps) == 1 and board.steps[0].player == WHITE
        assert board.status.startswith("The computer ")
        assert f" {path_text(board.steps[0].move)}" in board.status.split(". Your turn (Black, ●)")[0]
    play_out(board, random.Random(1))
    record = assert_finished(board)
    assert len(record.moves) == 6 and "the move limit" in board.status
    assert [s.player for s in record.moves] == [0, 1] * 3
    assert record.players == (("You", "Computer") if human_first else ("Computer", "You"))


def test_e_mended_plays_the_chain_e_as_printed_stalls_on() -> None:
    board = CornersBoard(computer="fixed", human_first=False)
    board.click(Coord(3, 5))
    board.click(Coord(3, 4))
    chain = board.steps[2].move
    assert board.steps[2].player == WHITE and len(chain) > 2 and chain[0] in board.steps[1].state.white
    assert board.status.startswith(f"You stepped 3,5-3,4. The computer jumped {path_text(chain)} ({len(chain) - 1} "
                                   "jumps). Your turn (Black, ●)")
    assert board.stopped is None


def test_e_as_printed_stalls_on_its_first_chain_and_the_game_stops() -> None:
    board = CornersBoard(computer="source", human_first=False)
    assert path_text(board.steps[0].move) == "5,1-5,3"
    board.click(Coord(2, 6))
    board.click(Coord(2, 4))  # E's own reply in a game against itself: then E chooses a chain of two jumps
    assert board.stopped is not None and board.is_over and board.winner is None
    assert len(board.steps) == 2  # the stalled move was never played
    assert board.status.startswith("You jumped 2,6-2,4 (1 jump). The computer stalls: it chose 6,3-4,3, which is not "
                                   "allowed (there is no piece on [6, 3]); the game is stopped (E's program as printed "
                                   "records a jump chain from its last intermediate cell, where there is no piece). "
                                   "Game stopped. Moves: White 1, Black 1 of 100 each;")
    record = assert_replays(board)
    assert record.end == "stopped" and record.winner is None
    before = looks(board)
    assert not board.click(Coord(2, 5))
    assert board.status.startswith("Not allowed: the game is over. Game stopped.")
    assert looks(board) == before
    board.new_game_button.click()
    assert board.stopped is None and len(board.steps) == 1 and not board.is_over


def test_any_computer_that_names_an_illegal_move_stops_the_game() -> None:
    board = CornersBoard(computer=lambda rules, state: (Coord(0, 0), Coord(0, 1)), human_first=False)
    assert board.steps == [] and board.stopped is not None
    assert board.status.startswith("The computer stalls: it chose 0,0-0,1, which is not allowed (there is no piece "
                                   "on [0, 0]); the game is stopped. Game stopped.")
    assert "E's program" not in board.status
    assert board.record.end == "stopped"


def test_an_unknown_computer_is_refused() -> None:
    with pytest.raises(ValueError, match="the computer plays one of 'fixed', 'source', 'alphabeta', 'random'"):
        CornersBoard(computer="clever")


# New game, seeds, records, labels ----------------------------------------------------------


def test_new_game_starts_again_and_forgets_an_unfinished_move() -> None:
    board = board_from(CHAIN)
    board.click(Coord(4, 0))
    board.click(Coord(4, 2))
    board.click(Coord(4, 2))
    board.click(Coord(4, 1))
    board.new_game_button.click()
    assert board.state == board.start == Corners(9).position(CHAIN)
    assert board.steps == [] and board.path == [] and board.record.moves == ()
    assert board.status.startswith("Your turn (White, ○): click one of your pieces. Moves: White 0, Black 0")
    assert_board_shows_state(board)
    fresh = CornersBoard(computer="fixed", human_first=False)
    fresh.new_game()
    assert [path_text(s.move) for s in fresh.steps] == ["4,2-4,3"]


def test_the_same_seed_gives_the_same_games() -> None:
    games = []
    for _ in range(2):
        board = CornersBoard(9, computer="random", seed=7, move_limit=4)
        series = []
        for game in range(3):
            play_out(board, random.Random(game))
            series.append(board.record.states)
            board.new_game()
        games.append(series)
    assert games[0] == games[1]
    assert len({tuple(states) for states in games[0]}) > 1  # the generator goes on: the games differ


def test_an_unfinished_game_replays_as_stopped() -> None:
    board = CornersBoard(computer="fixed")
    board.click(Coord(4, 2))
    board.click(Coord(4, 3))
    board.click(Coord(5, 2))  # a piece chosen: not part of the record
    record = assert_replays(board)
    assert record.end == "stopped" and len(record.moves) == 2


def test_no_cell_ever_gets_an_empty_label() -> None:
    board = board_from(CHAIN, computer="random", seed=2, move_limit=4)
    assert all(b.description != "" for b in board.buttons.values())
    seen = watch(board.buttons)
    board.click(Coord(4, 0))
    board.click(Coord(4, 0))  # chosen, then cancelled
    board.click(Coord(4, 0))
    board.click(Coord(4, 2))
    board.click(Coord(4, 4))  # the chain: the piece leaves [4, 0]
    play_out(board, random.Random(4))
    board.new_game_button.click()
    assert seen and not [cell for cell, text in seen if text == ""]
    assert (Coord(4, 0), BLANK) in seen and (Coord(4, 0), TRAIL_MARK) in seen  # really cleared
    assert {shown(b) for b in board.buttons.values()} == {"", W, B}
