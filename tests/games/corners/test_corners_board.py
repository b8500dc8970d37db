"""The corners board on the course's board widget, driven as the page drives it (no browser):
clicks on the board's cells (``board.hit("x,y")``) and its controls (``board.press``)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from coursekit.boards import CornersBoard
from coursekit.boards.board import Board
from coursekit.core import Coord, Record
from coursekit.games import rules_from_spec
from coursekit.games.corners import BLACK, PASS, WHITE, Corners, CornersState, path_text
from coursekit.games.corners.board import PIECE_MARKS
from coursekit.games.corners.view import piece_ids


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


def send(board: Board, **content: object) -> None:
    """What the page's front end sends (a click, a control)."""
    board._message(board, content, [])


def key(cell: Coord) -> str:
    return f"{cell.x},{cell.y}"


def board_from(picture: str, **options: Any) -> CornersBoard:
    options.setdefault("computer", first_move)
    return CornersBoard(9, start=Corners(9).position(picture), **options)


def looks(board: CornersBoard) -> tuple[object, ...]:
    """The board's state, record, unfinished move, picture and whether it was stopped."""
    return (board.state, list(board.steps), list(board.path), board.picture, board.stopped)


def hit_keys(board: CornersBoard) -> set[str]:
    return set(re.findall(r'data-hit="([^"]*)"', board.picture))


def pieces_drawn(board: CornersBoard) -> dict[str, tuple[str, str]]:
    """Each named piece in the picture: its name, and where its disc is drawn (its centre)."""
    found = re.findall(r'<circle cx="([\d.]+)" cy="([\d.]+)" r="1[34]"[^>]*data-piece="(\w+)"', board.picture)
    return {name: (x, y) for x, y, name in found}


def rings(board: CornersBoard) -> int:
    """How many cells the picture rings (a dashed ring: where the chosen piece may go)."""
    return board.picture.count('stroke-dasharray="4 3"')


def assert_board_shows_state(board: CornersBoard) -> None:
    """The picture is the state's, every cell clickable on your turn, the rings the legal next cells."""
    state, rules = board.state, board.rules
    nexts = board.next_cells()
    if board.path:
        prefix = tuple(board.path)
        assert nexts == {m[len(prefix)] for m in rules.legal_moves(state)
                         if m != PASS and len(m) > len(prefix) and m[:len(prefix)] == prefix}
        assert board.cell_kind(board.path[-1]) == "chosen"
    else:
        assert nexts == set()
    assert rings(board) == len(nexts)
    if board.human_to_move() and not board.replaying:
        assert hit_keys(board) == {f"{x},{y}" for x in range(8) for y in range(8)}
    else:
        assert hit_keys(board) == set()
    if not board.path:  # every piece drawn on its cell, by its name
        assert pieces_drawn(board) == {name: centre(cell) for cell, name in piece_ids(board.shown_state).items()}
        last = board.steps[-1].move if board.steps and not board.replaying else None
        if last is not None and last != PASS:
            assert board.picture.count('stroke-dasharray="6 4"') == 1  # the last move, dashed
    else:
        assert len(pieces_drawn(board)) == len(state.white) + len(state.black)


def centre(cell: Coord) -> tuple[str, str]:
    """Where the picture draws a piece on ``cell`` (as the SVG writes it)."""
    return f"{24 + cell.x * 40 + 20:g}", f"{(7 - cell.y) * 40 + 20:g}"


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
    assert board.next_cells() == set() and board.path == [] and hit_keys(board) == set()
    return record


def click_a_next_cell(board: CornersBoard, rng: random.Random) -> None:
    """The human clicks: a piece that can move, then ringed cells (sometimes ending a chain early)."""
    steps = len(board.steps)
    if not board.path:
        pieces = sorted({m[0] for m in board.rules.legal_moves(board.state) if not isinstance(m, str)})
        assert board.click(rng.choice(pieces)) is None
    while len(board.steps) == steps:
        assert_board_shows_state(board)
        if len(board.path) > 1 and rng.random() < 0.3:
            assert board.click(board.path[-1])  # end the chain here
        else:
            assert board.click(rng.choice(sorted(board.next_cells()))) is not False


def play_out(board: CornersBoard, rng: random.Random) -> None:
    for _ in range(2 * board.rules.max_game_length() + 2):
        assert_board_shows_state(board)
        if board.is_over:
            return
        click_a_next_cell(board, rng)
    raise AssertionError("the game did not end")


# The board ---------------------------------------------------------------------------------


def test_the_board_is_a_picture_of_clickable_cells_and_named_pieces() -> None:
    board = CornersBoard()
    assert board.rules == Corners(12, 100)
    assert hit_keys(board) == {f"{x},{y}" for x in range(8) for y in range(8)}
    ids = piece_ids(board.state)
    assert set(pieces_drawn(board)) == set(ids.values()) and len(ids) == 24
    assert 'aria-label="4, 2: White\'s piece, in Black\'s target"' in board.picture.replace("&#x27;", "'")
    assert 'aria-label="0, 7: Black\'s piece, in White\'s target"' in board.picture.replace("&#x27;", "'")
    assert PIECE_MARKS[WHITE] != PIECE_MARKS[BLACK]  # told apart by symbol, not only by colour
    assert board.status == ("Your turn: click one of your pieces (White, ○). Moves: White 0, Black 0 of 100 each; "
                            "in the targets: White 0, Black 0 of 12.")
    assert board.steps == [] and board.human == WHITE and board.players == ("You", "Computer")
    assert [c["name"] for c in board.controls] == ["new", "undo", "hints", "seat0", "seat1", "speed", "replay"]
    assert board.control("seat1")["options"] == ["you", "fixed", "source", "alphabeta", "random"]
    assert "data-hit" not in board.still()
    assert_board_shows_state(board)


def test_a_step_by_two_clicks_and_the_computer_answers_and_the_pieces_keep_their_names() -> None:
    board = CornersBoard(computer="fixed")
    name = piece_ids(board.state)[Coord(4, 2)]
    assert board.hit("4,2") is None
    assert board.next_cells() == {Coord(3, 2), Coord(4, 3)}
    assert board.cell_kind(Coord(4, 2)) == "chosen" and board.cell_kind(Coord(4, 3)) == "next"
    assert 'aria-label="4, 3: you may move here"' in board.picture
    assert board.status.startswith("Your turn: the piece on [4, 2] chosen; click a ringed cell")
    assert_board_shows_state(board)
    send(board, event="hit", key="4,3")
    assert [path_text(s.move) for s in board.steps] == ["4,2-4,3", "3,5-3,4"]  # E's answer
    assert board.status == ("You stepped 4,2-4,3. The computer stepped 3,5-3,4. Your turn: click one of your pieces "
                            "(White, ○). Moves: White 1, Black 1 of 100 each; in the targets: White 0, Black 0 "
                            "of 12.")
    assert board.path == [] and piece_ids(board.state)[Coord(4, 3)] == name  # the same piece, glided on
    assert len(board.frames) == 1 and f'data-piece="{name}"' in board.frames[0]  # your move, then E's
    assert_board_shows_state(board)


def test_a_two_jump_chain_by_clicks_ends_when_no_jump_continues() -> None:
    board = board_from(CHAIN)
    board.hit("4,0")
    assert board.next_cells() == {Coord(3, 0), Coord(5, 0), Coord(4, 2)}  # two steps and a jump
    assert board.hit("4,2") is None
    assert board.path == [Coord(4, 0), Coord(4, 2)] and board.steps == []
    assert board.next_cells() == {Coord(4, 4)}
    assert board.cell_kind(Coord(4, 0)) == "trail" and board.cell_kind(Coord(4, 2)) == "chosen"
    assert board.status.startswith("Your turn: jumping 4,0-4,2; click a ringed cell to jump on, [4, 2] again "
                                   "to end the chain there, or [4, 0] to cancel.")
    assert "<title>Jumping 4,0-4,2</title>" in board.picture
    name = piece_ids(board.state)[Coord(4, 0)]
    assert pieces_drawn(board)[name] == centre(Coord(4, 2))  # drawn on [4, 2], where the chain has got to
    assert 'aria-label="4, 0: where the piece started: click to cancel the move"' in board.picture
    assert_board_shows_state(board)
    assert board.hit("4,4") is True  # no jump goes on from [4, 4]: the move is made
    assert board.steps[0].move == (Coord(4, 0), Coord(4, 2), Coord(4, 4)) and board.steps[0].player == WHITE
    assert board.status.startswith("You jumped 4,0-4,2-4,4 (2 jumps). The computer stepped ")
    assert set(board.state.white) == {Coord(4, 1), Coord(4, 3), Coord(4, 4)} and board.path == []
    assert_board_shows_state(board)
    assert_replays(board)


def test_a_chain_ends_when_its_last_cell_is_clicked_again() -> None:
    board = board_from(CHAIN)
    assert [board.click(cell) for cell in (Coord(4, 0), Coord(4, 2), Coord(4, 2))] == [None, None, True]
    assert board.steps[0].move == (Coord(4, 0), Coord(4, 2))
    assert board.status.startswith("You jumped 4,0-4,2 (1 jump). The computer ")
    assert set(board.state.white) == {Coord(4, 1), Coord(4, 2), Coord(4, 3)}


def test_clicking_the_start_again_cancels_the_piece_or_the_chain() -> None:
    board = board_from(CHAIN)
    before = looks(board)
    board.hit("4,0")
    board.hit("4,0")
    assert looks(board) == before and board.status.startswith("[4, 0] is no longer chosen. Your turn")
    board.hit("4,0")
    board.hit("4,2")
    board.hit("4,0")  # the start, now empty in the picture: cancels the whole chain
    assert looks(board) == before and board.steps == []
    assert board.status.startswith("[4, 0] is no longer chosen.")


def test_another_piece_of_yours_can_be_chosen_instead() -> None:
    board = CornersBoard()
    board.hit("4,2")
    assert board.hit("4,1") is None  # [4, 1] has a jump to [4, 3]
    assert board.path == [Coord(4, 1)] and board.next_cells() == {Coord(3, 1), Coord(4, 3)}
    assert board.cell_kind(Coord(4, 2)) == "white"


@pytest.mark.parametrize(("clicks", "reason"), [
    ([Coord(2, 2)], "[2, 2] is empty: click one of your pieces (○)"),
    ([Coord(0, 7)], "[0, 7] holds Black's piece; yours are White's (○)"),
    ([Coord(7, 0)], "the piece on [7, 0] has no step and no jump"),
    ([Coord(4, 2), Coord(4, 4)], "a jump over nothing: [4, 3] is empty"),
    ([Coord(4, 2), Coord(2, 0)], "[2, 0] is neither a step nor a jump of the piece on [4, 2]"),
    ([Coord(4, 2), Coord(0, 7)], "[0, 7] is neither a step nor a jump of the piece on [4, 2]"),
    ([Coord(4, 2), Coord(7, 0)], "the piece on [7, 0] has no step and no jump"),
    ([Coord(5, 2), Coord(3, 2)], "a jump over nothing: [4, 2] is empty"),
])
def test_a_refused_click_says_why_and_changes_nothing(clicks: list[Coord], reason: str) -> None:
    board = CornersBoard()
    if clicks[0] == Coord(5, 2):
        board.play((Coord(4, 2), Coord(4, 3)))  # now [4, 2] is empty
    for cell in clicks[:-1]:
        assert board.click(cell) is None
    before, turn = looks(board), board.status
    assert board.click(clicks[-1]) is False
    assert looks(board) == before
    assert board.status.startswith(f"Not allowed: {reason}. Your turn")
    assert board.status.endswith(turn.split("Your turn", 1)[1])


def test_clicks_off_the_board_are_refused() -> None:
    board = CornersBoard()
    with pytest.raises(ValueError, match="not a cell of the 8 x 8 board"):
        board.click(Coord(8, 0))
    assert board.hit("8,0") is False and board.status.startswith("Not allowed: [8, 0] is not a cell of the 8 x 8")
    assert board.hit("somewhere") is False


def test_a_refused_click_during_a_chain() -> None:
    board = board_from(CHAIN)
    board.hit("4,0")
    board.hit("4,2")
    before = looks(board)
    for cell, reason in [(Coord(3, 2), "[3, 2] is not a jump from [4, 2]: jump on, or click [4, 2] again to end "
                                       "the chain there"),
                         (Coord(4, 3), "[4, 3] is not a jump from [4, 2]: jump on, or click [4, 2] again to end "
                                       "the chain there"),
                         (Coord(6, 2), "a jump over nothing: [5, 2] is empty"),
                         (Coord(2, 2), "a jump over nothing: [3, 2] is empty")]:
        assert board.click(cell) is False
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
    assert board.status.startswith(f"You passed: no step and no jump. The computer stepped "
                                   f"{path_text(board.steps[1].move)}.")
    assert not board.is_over
    assert_replays(board)


def test_undo_takes_back_a_pass_made_for_you_with_the_move_before_it() -> None:
    board = board_from(BOXED, computer="random", seed=1)
    assert board.steps[0].move == PASS
    board.undo()  # nothing of yours before the pass: it is made again
    assert board.steps[0].move == PASS and len(board.steps) == 2 and board.human_to_move()
    while len(board.steps) < 4:  # play on until you have made a move of your own
        click_a_next_cell(board, random.Random(len(board.steps)))
    mine = [i for i, step in enumerate(board.steps) if step.player == WHITE and step.move != PASS]
    assert mine
    moves = len(board.steps)
    board.undo()
    assert len(board.steps) < moves and board.human_to_move()
    assert board.rules.legal_moves(board.state) != (PASS,)


def test_you_win_by_filling_your_target() -> None:
    board = board_from(ALMOST)
    board.hit("3,5")
    board.hit("2,5")
    record = assert_finished(board)
    assert board.winner == "You" and record.winner == WHITE and len(board.steps) == 2  # Black answered once
    assert board.status.endswith("You win! Moves: White 1, Black 1 of 100 each; in the targets: White 9, Black 0 of 9.")
    before = looks(board)
    assert board.hit("0,7") is False
    assert board.status.startswith("The game is over: press New game to play again. The game ended:")
    assert looks(board) == before


# Hints -------------------------------------------------------------------------------------


def test_hints_draw_what_e_would_play_and_go_away_again() -> None:
    board = CornersBoard()
    off = looks(board)
    send(board, event="control", name="hints", value=True)
    assert board.hints and "Hint (dotted, ringed): E&#x27;s player (mended) would play 4,2-4,3." in board.picture
    assert 'stroke-dasharray="1 6"' in board.picture
    board.hit("4,2")
    assert 'stroke-dasharray="1 6"' in board.picture and rings(board) == 2
    board.hit("4,2")  # cancel
    board.press("hints", False)
    assert looks(board) == off


# The computers -----------------------------------------------------------------------------


@pytest.mark.parametrize("computer", ["fixed", "alphabeta", "random", first_move])
@pytest.mark.parametrize("human_first", [True, False])
def test_each_computer_answers_to_the_end_of_a_short_game(computer: Any, human_first: bool) -> None:
    board = CornersBoard(9, computer=computer, human=1 if human_first else 2, seed=3, move_limit=3)
    assert board.human == (WHITE if human_first else BLACK)
    if not human_first:
        assert len(board.steps) == 1 and board.steps[0].player == WHITE
        assert board.status.startswith("The computer ")
        assert f" {path_text(board.steps[0].move)}" in board.status.split(". Your turn: click one")[0]
        assert "(Black, ●)" in board.status
    play_out(board, random.Random(1))
    record = assert_finished(board)
    assert len(record.moves) == 6 and "the move limit" in board.status
    assert [s.player for s in record.moves] == [0, 1] * 3
    assert record.players == (("You", "Computer") if human_first else ("Computer", "You"))


def test_e_mended_plays_the_chain_e_as_printed_stalls_on() -> None:
    board = CornersBoard(computer="fixed", human=2)
    board.hit("3,5")
    board.hit("3,4")
    chain = board.steps[2].move
    assert board.steps[2].player == WHITE and len(chain) > 2 and chain[0] in board.steps[1].state.white
    assert board.status.startswith(f"You stepped 3,5-3,4. The computer jumped {path_text(chain)} ({len(chain) - 1} "
                                   "jumps). Your turn: click one of your pieces (Black, ●)")
    assert board.stopped is None


def test_e_as_printed_stalls_on_its_first_chain_and_the_game_stops() -> None:
    board = CornersBoard(computer="source", human=2)
    assert path_text(board.steps[0].move) == "5,1-5,3"
    board.hit("2,6")
    board.hit("2,4")  # E's own reply in a game against itself: then E chooses a chain of two jumps
    assert board.stopped is not None and board.is_over and board.winner is None
    assert len(board.steps) == 2  # the stalled move was never played
    assert board.status.startswith("You jumped 2,6-2,4 (1 jump). The computer stalls: it chose 6,3-4,3, which is not "
                                   "allowed (there is no piece on [6, 3]); the game is stopped (E's program as printed "
                                   "records a jump chain from its last intermediate cell, where there is no piece). "
                                   "Game stopped. Moves: White 1, Black 1 of 100 each;")
    record = assert_replays(board)
    assert record.end == "stopped" and record.winner is None
    before = looks(board)
    assert board.hit("2,5") is False
    assert board.status.startswith("The game is over: press New game to play again. Game stopped.")
    assert looks(board) == before
    board.press("undo")  # take back your jump: the game goes on
    assert board.stopped is None and len(board.steps) == 1 and not board.is_over
    board.press("new")
    assert board.stopped is None and len(board.steps) == 1 and not board.is_over


def test_e_as_printed_stalls_when_it_plays_both_sides_too() -> None:
    board = CornersBoard(computer="source")
    board.press("seat0", "source")
    while board.control("step")["disabled"] is False:
        board.press("step")
    assert board.stopped is not None and len(board.steps) == 2
    assert board.status.startswith("White (source) stalls: it chose ")
    assert "(E's program as printed records a jump chain" in board.status and "Game stopped." in board.status


def test_any_computer_that_names_an_illegal_move_stops_the_game() -> None:
    board = CornersBoard(computer=lambda rules, state: (Coord(0, 0), Coord(0, 1)), human=2)
    assert board.steps == [] and board.stopped is not None
    assert board.status.startswith("The computer stalls: it chose 0,0-0,1, which is not allowed (there is no piece "
                                   "on [0, 0]); the game is stopped. Game stopped.")
    assert "E's program" not in board.status
    assert board.record.end == "stopped"
    assert board.control("seat0")["value"] == "yours"


def test_an_unknown_computer_is_refused() -> None:
    with pytest.raises(ValueError, match="the computer plays one of 'fixed', 'source', 'alphabeta', 'random'"):
        CornersBoard(computer="clever")


# Seats, undo, replay ---------------------------------------------------------------------


def test_undo_takes_back_your_move_and_the_answer() -> None:
    board = CornersBoard(computer="fixed")
    board.hit("4,2")
    board.hit("4,3")
    after_one = looks(board)[:2]
    board.hit("5,2")
    board.hit("5,3")
    assert len(board.steps) == 4
    send(board, event="control", name="undo", value=True)
    assert looks(board)[:2] == after_one and board.status.startswith("Took back your move. Your turn:")
    board.press("undo")
    assert board.steps == [] and board.state == board.start and board.control("undo")["disabled"]


def test_the_replay_slider_shows_earlier_positions_and_nothing_can_be_clicked_there() -> None:
    board = CornersBoard(computer="fixed")
    board.hit("4,2")
    board.hit("4,3")
    board.press("replay", 1)
    assert board.replaying and hit_keys(board) == set()
    assert board.status.startswith("Move 1 of 2: You stepped 4,2-4,3.")
    assert board.hit("5,2") is False and "slide the replay to the end" in board.status
    board.press("replay", 2)
    assert not board.replaying
    assert_board_shows_state(board)


def test_computers_on_both_sides_play_with_step() -> None:
    board = CornersBoard(9, computer="random", seed=1, move_limit=3)
    board.press("seat0", "fixed")
    assert board.human is None and hit_keys(board) == set()
    assert board.status.startswith("White (fixed) to move: press Step or ▶ Run. Moves: White 0")
    while board.control("step")["disabled"] is False:
        board.press("step")
    assert board.is_over and len(board.steps) == 6 and "the move limit" in board.status
    board.press("seat1", "you")
    board.press("new")
    assert board.human == BLACK and len(board.steps) == 1
    assert_board_shows_state(board)


# New game, seeds, records ----------------------------------------------------------------


def test_new_game_starts_again_and_forgets_an_unfinished_move() -> None:
    board = board_from(CHAIN)
    board.hit("4,0")
    board.hit("4,2")
    board.hit("4,2")
    board.hit("4,1")
    send(board, event="control", name="new", value=True)
    assert board.state == board.start == Corners(9).position(CHAIN)
    assert board.steps == [] and board.path == [] and board.record.moves == ()
    assert board.status.startswith("Your turn: click one of your pieces (White, ○). Moves: White 0, Black 0")
    assert_board_shows_state(board)
    fresh = CornersBoard(computer="fixed", human=2)
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
    board.hit("4,2")
    board.hit("4,3")
    board.hit("5,2")  # a piece chosen: not part of the record
    record = assert_replays(board)
    assert record.end == "stopped" and len(record.moves) == 2
