"""The tic-tac-toe board, driven by clicking its buttons and setting its widgets (no browser)."""

from __future__ import annotations

import random

import ipywidgets as widgets
import pytest

from coursekit.core import Coord, Record
from coursekit.games import rules_from_spec
from coursekit.games.tictactoe import MARKS, TicTacToe, source_best_move
from coursekit.solvers.gametree import alphabeta, maxn, move_values, solve
from coursekit.views.tictactoe import MARK_COLOURS
from coursekit.widgets import TicTacToeBoard
from coursekit.widgets._grid import shown
from coursekit.widgets.tictactoe import LINE_COLOUR


def empty_cells(board: TicTacToeBoard) -> list[Coord]:
    return [cell for cell in board.buttons if board.state.at(cell) == "."]


def play_out(board: TicTacToeBoard, rng: random.Random) -> None:
    """The human clicks empty cells at random until the game ends."""
    for _ in range(500):
        if board.is_over:
            return
        board.buttons[rng.choice(sorted(empty_cells(board)))].click()
    raise AssertionError("the game did not end")


def assert_board_shows_state(board: TicTacToeBoard) -> None:
    """Every cell's button shows its mark in its seat's colour; the winning line is highlighted."""
    line = set(board.state.line)
    for cell, button in board.buttons.items():
        mark = board.state.at(cell)
        if mark == ".":
            assert board.cell_kind(cell) in ("empty", "hint W", "hint D", "hint L")
            continue
        assert shown(button) == mark
        assert button.style.text_color == MARK_COLOURS[mark]
        assert board.cell_kind(cell) == (f"{mark} line" if cell in line else mark)
        assert (button.style.button_color == LINE_COLOUR) == (cell in line)
        assert (button.style.text_decoration == "underline") == (cell in line)  # not colour alone


def looks(board: TicTacToeBoard) -> tuple[object, ...]:
    """The board's state, record and every cell's text and look."""
    return board.state, list(board.steps), {c: (b.description, board.cell_kind(c)) for c, b in board.buttons.items()}


def assert_replays(board: TicTacToeBoard) -> Record:
    record = board.record
    again = Record.from_json(record.to_json(), rules_from_spec)
    assert again.states == record.states and again.players == record.players
    assert (again.winner, again.end) == (record.winner, record.end)
    return again


# Playing ----------------------------------------------------------------------------------


def test_a_click_marks_the_cell_and_the_computer_answers() -> None:
    board = TicTacToeBoard(computer="random", seed=1)
    assert isinstance(board, widgets.VBox) and board.rules == TicTacToe()
    assert board.status == "Your turn: click an empty cell to mark it X."
    assert all(shown(b) == "" for b in board.buttons.values())
    board.buttons[Coord(1, 1)].click()
    you, computer = board.steps
    assert (you.player, you.move, computer.player) == (0, Coord(1, 1), 1)
    assert board.state.at(Coord(1, 1)) == "X" and board.state.at(computer.move) == "O"
    assert board.status == (f"You (X) marked [1, 1]. The computer (O) marked {computer.move}. "
                            "Your turn: click an empty cell to mark it X.")
    assert board.turn == "X (You) to move"
    assert_board_shows_state(board)


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
        board.buttons[cell].click()
        mark = board.state.at(cell)
        assert board.status == (f"Not allowed: {cell} is taken: {mark} marked it. "
                                "Your turn: click an empty cell to mark it X.")
        assert looks(board) == before
    with pytest.raises(ValueError, match="not a cell"):
        board.click(Coord(3, 0))


def test_a_click_after_the_end_says_the_game_is_over() -> None:
    board = TicTacToeBoard(computer="random", seed=4)
    play_out(board, random.Random(0))
    state, steps = board.state, len(board.steps)
    cell = next(iter(board.buttons))
    assert board.play(cell) is False
    assert board.status.startswith("Not allowed: the game is over")
    assert (board.state, len(board.steps)) == (state, steps)


def test_the_winning_line_is_highlighted() -> None:
    # O (the computer) only ever marks the cells the human leaves it, left to right, top to bottom.
    def lowest(rules: TicTacToe, state: object) -> Coord:
        return sorted(rules.legal_moves(state), key=lambda c: (c.y, c.x))[0]  # type: ignore[arg-type]

    board = TicTacToeBoard(computer=lowest)
    for cell in (Coord(0, 2), Coord(1, 2), Coord(2, 2)):
        board.click(cell)
    assert board.winner == "You" and board.status.endswith("You win!")
    assert set(board.state.line) == {Coord(0, 2), Coord(1, 2), Coord(2, 2)}
    assert {c for c in board.buttons if board.cell_kind(c) == "X line"} == set(board.state.line)
    assert {c for c in board.buttons if board.cell_kind(c) == "O"} == {Coord(0, 0), Coord(1, 0)}
    assert_board_shows_state(board)
    assert board.turn == "X (You) won"


def test_you_may_play_second_and_the_computer_opens() -> None:
    board = TicTacToeBoard(computer="random", human=1, seed=3)
    assert len(board.steps) == 1 and board.steps[0].player == 0
    assert board.players == ("Computer", "You")
    assert board.status.startswith("The computer (X) marked ") and board.status.endswith("mark it O.")
    play_out(board, random.Random(1))
    assert assert_replays(board).players == ("Computer", "You")


# New game -----------------------------------------------------------------------------------


def test_new_game_empties_the_board_and_the_record() -> None:
    board = TicTacToeBoard(computer="random", seed=5, human=1)
    play_out(board, random.Random(5))
    first = board.record.states
    board.new_game_button.click()
    assert board.state.filled == 1 and len(board.steps) == 1  # the computer opened again
    assert board.record.end == "stopped" and board.record.states != first
    assert sum(shown(b) != "" for b in board.buttons.values()) == 1
    assert not any(board.cell_kind(c).endswith("line") for c in board.buttons)


# More players and computers -------------------------------------------------------------


@pytest.mark.parametrize(("players", "human"), [(3, 0), (3, 2), (4, 1)])
def test_three_and_four_players(players: int, human: int) -> None:
    board = TicTacToeBoard(5, 5, 4, players=players, human=human, computer="random", seed=players)
    assert board.players == tuple("You" if s == human else f"Computer {MARKS[s]}" for s in range(players))
    assert board.rules.to_move(board.state) == human and board.state.filled == human
    board.click(sorted(empty_cells(board))[0])
    # every computer answers before your next turn, in the order of play, named by its mark
    after_you = [(human + i) % players for i in range(1, players)]
    said = [board.status.index(f"Computer {MARKS[seat]} ({MARKS[seat]}) marked ") for seat in after_you]
    assert said == sorted(said) and board.status.startswith(f"You ({MARKS[human]}) marked ")
    assert board.status.endswith(f"Your turn: click an empty cell to mark it {MARKS[human]}.")
    play_out(board, random.Random(human))
    assert_board_shows_state(board)
    record = assert_replays(board)
    assert [step.player for step in record.steps] == [s % players for s in range(len(record.steps))]
    for seat in range(players):
        assert f'color:{MARK_COLOURS[MARKS[seat]]}' in board.turn_html.value


def test_each_computer_seat_may_get_its_own_player() -> None:
    calls: list[str] = []

    def first_cell(rules: TicTacToe, state: object) -> Coord:
        calls.append("first")
        return rules.legal_moves(state)[0]  # type: ignore[arg-type]

    board = TicTacToeBoard(4, 4, 3, players=3, computer=[first_cell, "random"], seed=0)
    board.click(Coord(3, 0))
    assert calls == ["first"] and board.steps[1].move == Coord(0, 3)
    assert board.status.startswith("You (X) marked [3, 0]. Computer O (O) marked [0, 3]. Computer A (A) marked ")
    with pytest.raises(ValueError, match="one computer player for each of the 2 computer seats"):
        TicTacToeBoard(players=3, computer=["random"])


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"computer": "clever"}, "a computer player is one of 'perfect', 'source', 'random'"),
    ({"human": 2}, "human is your seat, 0 to 1"),
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


def test_the_default_computer_on_a_large_board_is_random() -> None:
    board = TicTacToeBoard(5, 5, 4, seed=0)
    board.click(Coord(2, 2))
    assert "after searching" not in board.status  # the random player searches nothing


# Computers playing each other -------------------------------------------------------------


def test_computers_play_each_other_with_step_and_play() -> None:
    board = TicTacToeBoard(4, 3, 3, human=None, computer="random", seed=9)
    assert board.players == ("Computer X", "Computer O") and board.steps == []
    assert board.status == "X (Computer X) to move: press Step or Play."
    assert board.step_button in board.children[3].children and board.player in board.children[3].children
    assert board.click(Coord(0, 0)) is False and "computers play every seat" in board.status
    board.step_button.click()
    assert len(board.steps) == 1 and board.status.startswith("Computer X (X) marked ")
    for tick in range(1, 20):  # the Play widget's ticks, as the browser sends them
        board.player.value = tick
    assert board.is_over and board.step_button.disabled
    assert board.step() is False
    assert_replays(board)
    board.new_game_button.click()
    assert board.steps == [] and board.player.value == 0


# Hints ------------------------------------------------------------------------------------


def test_hints_are_off_by_default_and_skipped_on_a_big_board() -> None:
    board = TicTacToeBoard(4, 4, 3, computer="random", seed=0)
    assert not board.hints and board.hint_texts() == {}
    board.hint_toggle.value = True
    assert board.hint_texts() == {} and all(shown(b) == "" for b in board.buttons.values())
    assert "Hints appear when at most 12 cells are empty (16 are now)" in board.status
    board.hint_toggle.value = False
    assert board.status == "Your turn: click an empty cell to mark it X."


# D's program ------------------------------------------------------------------------------


def test_d_program_opens_in_the_centre_and_says_its_nodes_and_its_words() -> None:
    board = TicTacToeBoard(computer="source", human=1)
    (opening,) = board.steps
    assert opening.move == Coord(1, 1)
    assert board.status == ('The computer (X) marked [1, 1] (1,214 nodes searched). '
                            'It says: "I can guarantee you a draw." Your turn: click an empty cell to mark it O.')


@pytest.mark.parametrize(("human", "seed"), [(0, 0), (0, 1), (1, 2), (1, 3)])
def test_a_full_game_against_d_program_which_never_loses(human: int, seed: int) -> None:
    board = TicTacToeBoard(computer="source", human=human, seed=seed)
    rng = random.Random(seed)
    while not board.is_over:
        before = len(board.steps)
        board.buttons[rng.choice(sorted(empty_cells(board)))].click()
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
    board.hints = True
    values = move_values(board.rules, board.state)
    letters = {cell: "W" if v > 0 else "L" if v < 0 else "D" for cell, v in values.items()}
    assert board.hint_texts() == letters and set(letters) == set(empty_cells(board))
    for cell, letter in letters.items():
        assert shown(board.buttons[cell]) == letter and board.cell_kind(cell) == f"hint {letter}"
    assert "Hints: W wins, D draws, L loses" in board.status
    board.hint_toggle.value = False
    assert all(shown(board.buttons[c]) == "" for c in empty_cells(board))
    assert all(board.cell_kind(c) == "empty" for c in empty_cells(board))


def test_hints_follow_the_game_and_a_winning_cell_says_w() -> None:
    board = TicTacToeBoard(computer="random", seed=1, hints=True)
    assert set(board.hint_texts().values()) == {"D"}  # every first move draws
    assert board.status.startswith("Your turn") and "Hints: W wins" in board.status
    while not board.is_over:
        hints = board.hint_texts()
        best = max(hints, key=lambda c: "LDW".index(hints[c]))
        board.buttons[best].click()
        if not board.is_over:
            assert board.hint_texts() == {c: "W" if v > 0 else "L" if v < 0 else "D"
                                          for c, v in move_values(board.rules, board.state).items()}
    assert board.winner != "Computer"  # following the hints never loses
    assert all(board.cell_kind(c) == "empty" for c in empty_cells(board))  # no hints after the end


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
    board = TicTacToeBoard(human=human, seed=seed)  # the perfect player is the default on 3 x 3
    rng = random.Random(seed)
    while not board.is_over:
        before = len(board.steps)
        board.buttons[rng.choice(sorted(empty_cells(board)))].click()
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
    assert board.is_over and board.step_button.disabled
    assert_replays(board)


# The search tree --------------------------------------------------------------------------


def test_the_search_tree_is_drawn_for_a_small_position_only() -> None:
    board = TicTacToeBoard(seed=6)  # two perfect players draw: the game goes on to the last cells
    assert board.tree_button.disabled and board.show_tree() is False
    assert board.status.startswith("The search tree is drawn for at most 4 empty cells; 9 cells are empty.")
    assert board.tree_html.value == ""
    while len(empty_cells(board)) > 4:
        assert board.tree_button.disabled
        values = move_values(board.rules, board.state)
        board.click(max(values, key=lambda cell: values[cell]))
    assert not board.is_over and not board.tree_button.disabled
    board.tree_button.click()
    nodes = alphabeta(board.rules, board.state).nodes
    html = board.tree_html.value
    assert "<svg" in html and f"X to move, {nodes:,} nodes searched: alpha-beta" in html
    board.click(sorted(empty_cells(board))[0])  # a move makes the old tree wrong: it goes away
    assert board.tree_html.value == ""


def test_the_search_tree_of_three_players_is_max_n() -> None:
    board = TicTacToeBoard(4, 3, 4, players=3, computer="random", seed=1)  # 4 in a row on 4 x 3: rows only
    for _ in range(3):  # nobody has 4 marks yet, so nobody can have won
        board.click(sorted(empty_cells(board))[0])
    assert len(empty_cells(board)) == 3 and not board.is_over and board.show_tree()
    nodes = maxn(board.rules, board.state).nodes
    assert f"{nodes:,} nodes searched: max^n; each node shows one value per player (X, O, A)" in board.tree_html.value
    board.new_game_button.click()
    assert board.tree_html.value == "" and board.tree_button.disabled
