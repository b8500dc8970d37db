"""The tic-tac-toe board on the course's board widget, driven as the page drives it (no browser):
clicks on the picture's cells (``board.hit("x,y")``), its controls (``board.press``) and messages."""

from __future__ import annotations

import random
import re
from html import unescape

import pytest

from coursekit.core import Coord, Record
from coursekit.games import rules_from_spec
from coursekit.games.tictactoe import MARKS, TicTacToe, TicTacToeBoard, source_best_move
from coursekit.games.tictactoe.board import LINE_COLOUR
from coursekit.games.tictactoe.view import MARK_COLOURS
from coursekit.solvers.gametree import alphabeta, maxn, move_values, solve


def cells_of(board: TicTacToeBoard) -> list[Coord]:
    return [Coord(x, y) for y in range(board.rules.height) for x in range(board.rules.width)]


def empty_cells(board: TicTacToeBoard) -> list[Coord]:
    return [cell for cell in cells_of(board) if board.state.at(cell) == "."]


def hit(board: TicTacToeBoard, cell: Coord) -> bool | None:
    """A click on the cell, as the page sends it."""
    before = board.version
    board._message(board, {"event": "hit", "key": f"{cell.x},{cell.y}"}, [])
    assert board.version > before, "a click must redraw the board"
    return None


def play_out(board: TicTacToeBoard, rng: random.Random) -> None:
    """The human clicks empty cells at random until the game ends."""
    for _ in range(500):
        if board.is_over:
            return
        hit(board, rng.choice(sorted(empty_cells(board))))
    raise AssertionError("the game did not end")


def said(board: TicTacToeBoard) -> dict[Coord, str]:
    """What a screen reader says of each clickable cell of the picture."""
    return {Coord(int(x), int(y)): unescape(words)
            for x, y, words in re.findall(r'aria-label="(\d+), (\d+): ([^"]*)"', board.picture)}


def assert_board_shows_state(board: TicTacToeBoard) -> None:
    """The picture draws each mark in its seat's colour; the winning line is drawn and its cells filled;
    while you are to move every cell is clickable and says what is on it."""
    svg = board.picture
    line = set(board.state.line)
    for cell in cells_of(board):
        mark = board.state.at(cell)
        if mark == ".":
            assert board.cell_kind(cell) in ("empty", "hint W", "hint D", "hint L")
            continue
        assert MARK_COLOURS[mark] in svg
        assert board.cell_kind(cell) == (f"{mark} line" if cell in line else mark)
    assert (f'fill="{LINE_COLOUR}"' in svg) == bool(line)
    assert svg.count(f'fill="{LINE_COLOUR}"') == len(line)
    assert ('stroke-width="5" stroke-linecap="round" opacity="0.7"' in svg) == bool(line)  # not colour alone
    if board.human_to_move():
        assert said(board) == {c: "taken by " + board.state.at(c) if board.state.at(c) != "." else said(board)[c]
                               for c in cells_of(board)}
    else:
        assert "data-hit" not in svg


def looks(board: TicTacToeBoard) -> tuple[object, ...]:
    """The board's state, record, and what each cell of the picture says."""
    return board.state, list(board.steps), said(board)


def assert_replays(board: TicTacToeBoard) -> Record:
    record = board.record
    again = Record.from_json(record.to_json(), rules_from_spec)
    assert again.states == record.states and again.players == record.players
    assert (again.winner, again.end) == (record.winner, record.end)
    return again


# Playing ----------------------------------------------------------------------------------


def test_a_click_marks_the_cell_and_the_computer_answers_in_a_frame_of_its_own() -> None:
    board = TicTacToeBoard(computer="random", seed=1)
    assert board.rules == TicTacToe() and board.seats == ["you", "random"]
    assert board.status == "Your turn: click an empty cell to mark it X."
    assert set(said(board).values()) == {"empty: mark it X"} and len(said(board)) == 9
    assert "data-hit" not in board.still() and "<circle" not in board.still()  # a still picture: no dots
    hit(board, Coord(1, 1))
    you, computer = board.steps
    assert (you.player, you.move, computer.player) == (0, Coord(1, 1), 1)
    assert board.state.at(Coord(1, 1)) == "X" and board.state.at(computer.move) == "O"
    assert board.status == (f"You (X) marked [1, 1]. The computer (O) marked {computer.move}. "
                            "Your turn: click an empty cell to mark it X.")
    assert board.turn == "X (You) to move"
    # The page shows your mark first (a frame), then the computer's answer, each growing in.
    (frame,) = board.frames
    assert 'data-hit' not in frame and frame.count("class=\"ck-ttt-appear\"") == 1  # the new mark grows in
    assert "ck-ttt-appear" in board.picture and said(board)[computer.move] == "taken by O"
    assert_board_shows_state(board)


def test_no_animation_at_speed_zero() -> None:
    board = TicTacToeBoard(computer="random", seed=1, speed=0)
    board.click(Coord(1, 1))
    assert "ck-ttt-appear" not in board.picture and "ck-ttt-appear" not in board.frames[0]


@pytest.mark.parametrize("seed", range(6))
def test_a_full_game_against_the_random_computer(seed: int) -> None:
    board = TicTacToeBoard(computer="random", seed=seed)
    play_out(board, random.Random(seed))
    assert_board_shows_state(board)
    record = assert_replays(board)
    assert record.players == ("You", "Computer") and record.end in ("won", "draw")
    if record.end == "won":
        assert board.status.endswith("You win!" if record.winner == 0 else "The computer wins.")
        assert len(board.state.line) == 3
    else:
        assert board.status.endswith("A draw: the board is full.")


def test_the_same_seed_gives_the_same_game() -> None:
    games = []
    for _ in range(2):
        board = TicTacToeBoard(4, 4, 3, computer="random", seed=7)
        play_out(board, random.Random(3))
        games.append(board.record.states)
    assert games[0] == games[1]


def test_an_illegal_click_explains_and_changes_nothing() -> None:
    board = TicTacToeBoard(computer="random", seed=2)
    board.click(Coord(0, 0))
    taken = board.steps[-1].move
    before = looks(board)
    for cell in (Coord(0, 0), taken):
        assert board.hit(f"{cell.x},{cell.y}") is False
        mark = board.state.at(cell)
        assert board.status == (f"Not allowed: {cell} is taken: {mark} marked it. "
                                "Your turn: click an empty cell to mark it X.")
        assert looks(board) == before
    with pytest.raises(ValueError, match="not a cell"):
        board.click(Coord(3, 0))
    assert board.hit("3,0") is False and board.status.startswith("[3, 0] is not a cell of the 3 x 3 board")
    assert board.hit("middle") is False and "a cell's key is 'x,y'" in board.status
    assert looks(board) == before


def test_a_click_after_the_end_says_the_game_is_over() -> None:
    board = TicTacToeBoard(computer="random", seed=4)
    play_out(board, random.Random(0))
    state, steps = board.state, len(board.steps)
    assert "data-hit" not in board.picture  # nothing to click any more
    assert board.play(Coord(0, 0)) is False
    assert board.status.startswith("The game is over: press New game")
    assert (board.state, len(board.steps)) == (state, steps)


def test_the_winning_line_is_drawn() -> None:
    # O (the computer) only ever marks the cells the human leaves it, left to right, top to bottom.
    def lowest(rules: TicTacToe, state: object) -> Coord:
        return sorted(rules.legal_moves(state), key=lambda c: (c.y, c.x))[0]  # type: ignore[arg-type]

    board = TicTacToeBoard(computer=lowest)
    assert board.seats == ["you", "yours"]
    for cell in (Coord(0, 2), Coord(1, 2), Coord(2, 2)):
        board.click(cell)
    assert board.winner == "You" and board.status.endswith("You win!")
    assert set(board.state.line) == {Coord(0, 2), Coord(1, 2), Coord(2, 2)}
    assert {c for c in cells_of(board) if board.cell_kind(c) == "X line"} == set(board.state.line)
    assert {c for c in cells_of(board) if board.cell_kind(c) == "O"} == {Coord(0, 0), Coord(1, 0)}
    assert_board_shows_state(board)
    assert board.turn == "X (You) won"
    assert "<title>X has won</title>" in board.picture and "data-hit" not in board.still()


def test_you_may_play_second_and_the_computer_opens() -> None:
    board = TicTacToeBoard(computer="random", human=2, seed=3)  # seats as in the terminal: 2 plays O
    assert len(board.steps) == 1 and board.steps[0].player == 0
    assert board.players == ("Computer", "You") and board.human == 2
    assert board.status.startswith("The computer (X) marked ") and board.status.endswith("mark it O.")
    play_out(board, random.Random(1))
    assert assert_replays(board).players == ("Computer", "You")


# New game, undo, replay, seats ---------------------------------------------------------------


def test_new_game_empties_the_board_and_the_record() -> None:
    board = TicTacToeBoard(computer="random", seed=5, human=2)
    play_out(board, random.Random(5))
    first = board.record.states
    board.press("new")
    assert board.state.filled == 1 and len(board.steps) == 1  # the computer opened again
    assert board.record.end == "stopped" and board.record.states != first
    assert sum(board.cell_kind(c) != "empty" for c in cells_of(board)) == 1
    assert not any(board.cell_kind(c).endswith("line") for c in cells_of(board))
    assert f'fill="{LINE_COLOUR}"' not in board.picture


def test_undo_takes_back_your_move_and_the_answer() -> None:
    board = TicTacToeBoard(computer="random", seed=1)
    assert board.control("undo")["disabled"]
    board.click(Coord(1, 1))
    board.click(sorted(empty_cells(board))[0])
    assert len(board.steps) == 4
    board.press("undo")
    assert len(board.steps) == 2 and board.status.startswith("Took back your move.")
    assert board.state == board.steps[-1].state and board.human_to_move()
    board.press("undo")
    assert board.steps == [] and board.state == board.start and board.control("undo")["disabled"]


def test_the_replay_slider_shows_earlier_positions_and_nothing_to_click() -> None:
    board = TicTacToeBoard(computer="random", seed=1)
    board.click(Coord(1, 1))
    board.press("replay", 1)
    assert board.status.startswith("Move 1 of 2: You (X) marked [1, 1].")
    assert "data-hit" not in board.picture and board.picture.count("<path") == 1  # only the X
    assert board.hit("0,0") is False and board.status.startswith("You are looking at move 1 of 2")
    board.press("replay", 2)
    assert board.status.startswith("Your turn") and "data-hit" in board.picture


def test_the_seats_can_change_during_a_game() -> None:
    board = TicTacToeBoard(computer="random", seed=1)
    assert board.control("seat1")["options"] == ["you", "perfect", "source", "random"]
    assert [board.control(f"seat{i}")["label"] for i in range(2)] == ["X", "O"]
    board.click(Coord(0, 0))
    board.press("seat1", "perfect")
    board.click(Coord(2, 0))
    assert "nodes searched" in board.status  # the perfect player counts its nodes
    board.press("seat0", "source")  # now D's program plays X: it answers at once
    assert board.players == ("Computer X", "Computer O")
    assert "press Step or ▶ Run" in board.status and board.control("step")["disabled"] is False
    while board.step():
        pass
    assert board.is_over and board.control("step")["disabled"]


# More players and computers -------------------------------------------------------------


@pytest.mark.parametrize(("players", "human"), [(3, 0), (3, 2), (4, 1)])
def test_three_and_four_players(players: int, human: int) -> None:
    board = TicTacToeBoard(5, 5, 4, players=players, human=human + 1, computer="random", seed=players)
    assert board.players == tuple("You" if s == human else f"Computer {MARKS[s]}" for s in range(players))
    assert board.rules.to_move(board.state) == human and board.state.filled == human
    board.click(sorted(empty_cells(board))[0])
    # every computer answers before your next turn, in the order of play, named by its mark, each in a frame
    after_you = [(human + i) % players for i in range(1, players)]
    spoken = [board.status.index(f"Computer {MARKS[seat]} ({MARKS[seat]}) marked ") for seat in after_you]
    assert spoken == sorted(spoken) and board.status.startswith(f"You ({MARKS[human]}) marked ")
    assert board.status.endswith(f"Your turn: click an empty cell to mark it {MARKS[human]}.")
    assert len(board.frames) == players - 1
    play_out(board, random.Random(human))
    assert_board_shows_state(board)
    record = assert_replays(board)
    assert [step.player for step in record.steps] == [s % players for s in range(len(record.steps))]
    assert [board.control(f"seat{s}")["label"] for s in range(players)] == list(MARKS[:players])


def test_each_computer_seat_may_get_its_own_player() -> None:
    calls: list[str] = []

    def first_cell(rules: TicTacToe, state: object) -> Coord:
        calls.append("first")
        return rules.legal_moves(state)[0]  # type: ignore[arg-type]

    board = TicTacToeBoard(4, 4, 3, players=3, computer=[first_cell, "random"], seed=0)
    assert board.seats == ["you", "yours", "random"]
    board.click(Coord(3, 0))
    assert calls == ["first"] and board.steps[1].move == Coord(0, 3)
    assert board.status.startswith("You (X) marked [3, 0]. Computer O (O) marked [0, 3]. Computer A (A) marked ")
    with pytest.raises(ValueError, match="one computer player for each of the 2 computer seats"):
        TicTacToeBoard(players=3, computer=["random"])


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"computer": "clever"}, "a computer player is one of 'perfect', 'source', 'random'"),
    ({"human": 3}, "human is your seat, 1 to 2"),
    ({"human": 0}, r"1 plays X and moves first, as in the terminal's --human"),
    ({"players": 5}, "2 to 4 players"),
    ({"width": 4, "height": 4, "computer": "perfect"}, "at most 12 cells at once with 2 players; this one has 16"),
    ({"width": 4, "players": 3, "computer": "perfect"}, "at most 9 cells at once with 3 players"),
    ({"width": 4, "computer": "source"}, "D's program plays the 3 x 3 board, 3 in a row, two players; "
                                         "this game is 4 x 3"),
    ({"players": 3, "computer": "source"}, "3 players"),
])
def test_a_wrong_choice_is_refused_with_a_reason(kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        TicTacToeBoard(**kwargs)  # type: ignore[arg-type]


def test_the_default_computer_on_a_large_board_is_random_and_only_fitting_players_are_offered() -> None:
    board = TicTacToeBoard(5, 5, 4, seed=0)
    board.click(Coord(2, 2))
    assert "nodes searched" not in board.status  # the random player searches nothing
    assert board.control("seat1")["options"] == ["you", "random"]
    with pytest.raises(ValueError, match="a seat is played by"):
        board.press("seat1", "perfect")


# Computers playing each other -------------------------------------------------------------


def test_computers_play_each_other_with_step_and_run() -> None:
    board = TicTacToeBoard(4, 3, 3, human=None, computer="random", seed=9)
    assert board.players == ("Computer X", "Computer O") and board.steps == []
    assert board.status == "Computer X to move: press Step or ▶ Run."
    assert board.click(Coord(0, 0)) is False and "It is not your turn" in board.status
    board.press("step")
    assert len(board.steps) == 1 and board.status.startswith("Computer X (X) marked ")
    board.press("run")
    assert board.running
    for _ in range(20):  # the ticks, as the page sends them
        board._message(board, {"event": "tick", "version": board.version}, [])
    assert board.is_over and not board.running and board.control("step")["disabled"]
    assert board.step() is False
    assert_replays(board)
    board.press("new")
    assert board.steps == []


# Hints ------------------------------------------------------------------------------------


def test_hints_are_off_by_default_and_skipped_on_a_big_board() -> None:
    board = TicTacToeBoard(4, 4, 3, computer="random", seed=0)
    assert not board.hints and board.hint_texts() == {}
    board.press("hints", True)
    assert board.hint_texts() == {} and set(said(board).values()) == {"empty: mark it X"}
    assert "Hints appear when at most 12 cells are empty (16 are now)" in board.status
    board.press("hints", False)
    assert board.status == "Your turn: click an empty cell to mark it X."


def hint_letters(board: TicTacToeBoard) -> dict[Coord, str]:
    """The hint letters the picture writes, read from what each cell says."""
    words = {"a win": "W", "a draw": "D", "a loss": "L"}
    found = {}
    for cell, text in said(board).items():
        if text.startswith("empty") and ", " in text:
            found[cell] = words[text.split(", ")[1].rsplit(" for ", 1)[0]]
    return found


# D's program ------------------------------------------------------------------------------


def test_d_program_opens_in_the_centre_and_says_its_nodes_and_its_words() -> None:
    board = TicTacToeBoard(computer="source", human=2)
    (opening,) = board.steps
    assert opening.move == Coord(1, 1)
    assert board.status == ('The computer (X) marked [1, 1] (1,214 nodes searched). '
                            'It says: "I can guarantee you a draw." Your turn: click an empty cell to mark it O.')


@pytest.mark.parametrize(("human", "seed"), [(0, 0), (0, 1), (1, 2), (1, 3)])
def test_a_full_game_against_d_program_which_never_loses(human: int, seed: int) -> None:
    board = TicTacToeBoard(computer="source", human=human + 1, seed=seed)
    rng = random.Random(seed)
    while not board.is_over:
        before = len(board.steps)
        hit(board, rng.choice(sorted(empty_cells(board))))
        answer = source_best_move(board.rules, board.steps[before].state) if len(board.steps) > before + 1 else None
        if answer is not None:  # the status gives D's own count and words for its answer
            assert f"marked {answer.move} ({answer.nodes:,} node" in board.status
            assert f'It says: "{answer.message}"' in board.status
    assert board.winner != "You"
    assert_board_shows_state(board)
    assert_replays(board)


def test_hints_show_each_empty_cell_value_for_the_player_to_move() -> None:
    board = TicTacToeBoard(computer="random", seed=0)
    for cell in (Coord(0, 2), Coord(1, 2)):  # X on top left and top middle; where O went depends on the seed
        if board.state.at(cell) == ".":
            board.click(cell)
    board.press("hints", True)
    values = move_values(board.rules, board.state)
    letters = {cell: "W" if v > 0 else "L" if v < 0 else "D" for cell, v in values.items()}
    assert board.hint_texts() == letters and set(letters) == set(empty_cells(board))
    assert hint_letters(board) == letters
    for cell, letter in letters.items():
        assert board.cell_kind(cell) == f"hint {letter}"
    assert "Hints: W wins, D draws, L loses" in board.status
    assert board.status.startswith("You (X) marked")  # what was said of the moves stays
    board.press("hints", False)
    assert hint_letters(board) == {} and "Hints:" not in board.status
    assert all(board.cell_kind(c) == "empty" for c in empty_cells(board))


def test_hints_follow_the_game_and_a_winning_cell_says_w() -> None:
    board = TicTacToeBoard(computer="random", seed=1, hints=True)
    assert set(board.hint_texts().values()) == {"D"}  # every first move draws
    assert board.status.startswith("Your turn") and "Hints: W wins" in board.status
    while not board.is_over:
        hints = board.hint_texts()
        best = max(hints, key=lambda c: "LDW".index(hints[c]))
        hit(board, best)
        if not board.is_over:
            assert hint_letters(board) == {c: "W" if v > 0 else "L" if v < 0 else "D"
                                           for c, v in move_values(board.rules, board.state).items()}
    assert board.winner != "Computer"  # following the hints never loses
    assert all(board.cell_kind(c) == "empty" for c in empty_cells(board))  # no hints after the end


@pytest.mark.slow
def test_hints_for_three_players_use_max_n() -> None:
    board = TicTacToeBoard(4, 3, 3, players=3, computer="random", seed=2, hints=True)
    assert board.hint_texts() == {}  # 12 empty cells: too many for max^n at once
    assert "at most 9 cells are empty (12 are now)" in board.status
    while len(empty_cells(board)) > 9:
        board.click(sorted(empty_cells(board))[0])
    values = move_values(board.rules, board.state)
    assert board.hint_texts() == {c: "W" if v > 0 else "L" if v < 0 else "D" for c, v in values.items()}


# The perfect player -----------------------------------------------------------------------


@pytest.mark.parametrize(("human", "seed"), [(0, 0), (0, 1), (1, 2), (1, 3)])
def test_a_full_game_against_the_perfect_player_which_never_loses(human: int, seed: int) -> None:
    board = TicTacToeBoard(human=human + 1, seed=seed)  # the perfect player faces you by default on 3 x 3
    rng = random.Random(seed)
    while not board.is_over:
        before = len(board.steps)
        hit(board, rng.choice(sorted(empty_cells(board))))
        if len(board.steps) > before + 1:  # the status gives the solver's count for the answer
            nodes = solve(board.rules, board.steps[before].state).nodes
            assert f"The computer ({'XO'[1 - human]}) marked {board.steps[-1].move} ({nodes:,} nodes searched)." \
                in board.status
    assert board.winner != "You"
    assert_board_shows_state(board)
    assert_replays(board)


def test_the_perfect_player_wins_at_once_and_blocks_at_once() -> None:
    board = TicTacToeBoard(seed=0)
    board.click(Coord(0, 2))  # X top left; O answers in the centre (the only move that does not lose)
    assert board.steps[1].move == Coord(1, 1)
    board.click(Coord(1, 2))  # X threatens the top row: O must block at [2, 2]
    assert board.steps[3].move == Coord(2, 2)
    board.click(Coord(0, 1))  # X ignores O's diagonal threat: O completes it at once
    assert board.is_over and board.winner == "Computer" and board.steps[-1].move == Coord(0, 0)
    assert board.status.endswith("The computer wins.")


@pytest.mark.parametrize(("size", "players"), [((3, 3, 3), 3), ((4, 2, 3), 4)])
def test_three_or_four_perfect_players_play_each_other(size: tuple[int, int, int], players: int) -> None:
    board = TicTacToeBoard(*size, players=players, human=None, seed=4)
    assert board.players == tuple(f"Computer {m}" for m in MARKS[:players])
    while board.step():
        assert "nodes searched" in board.status
    assert board.is_over and board.control("step")["disabled"]
    assert_replays(board)


# The search tree --------------------------------------------------------------------------


def test_the_search_tree_is_drawn_for_a_small_position_only() -> None:
    board = TicTacToeBoard(seed=6)  # two perfect players draw: the game goes on to the last cells
    assert board.control("tree")["disabled"] and board.show_tree() is False
    assert board.status.startswith("The search tree is drawn for at most 4 empty cells; 9 cells are empty.")
    assert not board.tree_shown and board.picture.count("<svg") == 1
    while len(empty_cells(board)) > 4:
        assert board.control("tree")["disabled"]
        values = move_values(board.rules, board.state)
        board.click(max(values, key=lambda cell: values[cell]))
    assert not board.is_over and not board.control("tree")["disabled"]
    board.press("tree")
    nodes = alphabeta(board.rules, board.state).nodes
    assert board.tree_shown and board.picture.count("<svg") == 3  # the board and the tree, in one picture
    assert f"X to move, {nodes:,} nodes searched: alpha-beta" in board.status
    assert board.control("tree")["disabled"]
    assert 'data-hit="' in board.picture  # the board can still be clicked
    board.click(sorted(empty_cells(board))[0])  # a move makes the old tree wrong: it goes away
    assert not board.tree_shown and board.picture.count("<svg") == 1


def test_the_search_tree_of_three_players_is_max_n() -> None:
    board = TicTacToeBoard(4, 3, 4, players=3, computer="random", seed=1)  # 4 in a row on 4 x 3: rows only
    for _ in range(3):  # nobody has 4 marks yet, so nobody can have won
        board.click(sorted(empty_cells(board))[0])
    assert len(empty_cells(board)) == 3 and not board.is_over and board.show_tree()
    nodes = maxn(board.rules, board.state).nodes
    assert f"{nodes:,} nodes searched: max^n; each node shows one value per player (X, O, A)" in board.status
    board.press("new")
    assert not board.tree_shown and board.control("tree")["disabled"]
