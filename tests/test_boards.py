"""The Jupyter boards, driven by clicking their buttons (no browser, no kernel)."""

from __future__ import annotations

import html
import random
import re

import pytest

from coursekit.boards import BeansBoard, KingBoard, ReplayBoard
from coursekit.boards.board import Board
from coursekit.core import Coord, Grid, Player, Record, play
from coursekit.core import random_strategy as random_player
from coursekit.core.display import as_svg
from coursekit.games.beans import Beans, BeansState, article_strategy
from coursekit.games.beans.board import TAKES
from coursekit.games.beans.view import beans_svg
from coursekit.games.pieces import OneWayKing
from coursekit.render.svg import hit_key
from coursekit.solvers import ImpartialSolver, perfect_strategy


def beans_in(svg: str) -> tuple[int, int]:
    """How many white and black beans a beans picture draws."""
    white = len(re.findall(r'<ellipse[^>]*fill="#ffffff"', svg))
    black = len(re.findall(r'<ellipse[^>]*fill="#222222"', svg))
    return white, black


def enabled_beans_buttons(board: BeansBoard) -> list[str]:
    """The move buttons the board's picture offers now (not greyed, not "(not now)")."""
    return [kind for kind, label in re.findall(r'data-hit="(\w+)"[^>]*aria-label="([^"]*)"', board.picture)
            if "(not now)" not in label]


def play_out_beans(board: BeansBoard, rng: random.Random) -> None:
    """The human clicks enabled buttons at random until the game ends."""
    for _ in range(100):
        if board.is_over:
            return
        board.hit(rng.choice(enabled_beans_buttons(board)))
    raise AssertionError("the game did not end")


def play_out_king(board: KingBoard, rng: random.Random) -> None:
    """The human clicks cells with a green dot at random until the game ends."""
    for _ in range(100):
        if board.is_over:
            return
        targets = [cell for cell in board.state.grid.cells() if board.cell_kind(cell) == "target"]
        board.hit(hit_key(rng.choice(targets)))
    raise AssertionError("the game did not end")


# Beans ------------------------------------------------------------------------------------


def test_beans_board_draws_the_start_and_offers_the_three_moves() -> None:
    board = BeansBoard(3, 6, seed=1)
    assert isinstance(board, Board)
    assert board.state == BeansState(3, 6, 0)
    assert beans_in(board.picture) == (3, 6)
    assert board.picture == beans_svg(board.state, takes=[(k, label, True) for k, (label, _) in TAKES.items()])
    assert enabled_beans_buttons(board) == ["white", "both", "black"]
    assert board.status.startswith("Your turn")


@pytest.mark.parametrize("kind", ["white", "black", "both"])
def test_a_click_takes_beans_and_the_computer_answers_at_once(kind: str) -> None:
    board = BeansBoard(3, 6, seed=1)
    board.hit(kind)
    taken = TAKES[kind][1]
    assert len(board.steps) == 2
    you, computer = board.steps
    assert (you.player, you.move) == (0, (3 - taken[0], 6 - taken[1]))
    assert computer.player == 1
    assert computer.move in Beans(3, 6).legal_moves(you.state)
    assert board.state == computer.state and board.state.turn == 0
    assert beans_in(board.picture) == board.state.position
    assert sum(board.state.position) < 9 - sum(taken)  # the computer took beans too
    assert "The computer took" in board.status and board.status.endswith(
        "Your turn: take one bean, or one of each colour.")


def test_buttons_for_moves_that_are_not_legal_are_disabled() -> None:
    board = BeansBoard(0, 3, seed=0)
    assert enabled_beans_buttons(board) == ["black"]
    assert board.click("white") is False
    assert board.state == BeansState(0, 3, 0) and board.steps == []
    assert "negative pile" in board.status


def test_a_perfect_computer_moving_first_from_a_winning_start_always_wins_beans() -> None:
    for seed in range(15):
        board = BeansBoard(3, 6, computer="perfect", human=2, seed=seed)
        assert board.steps[0].player == 0 and board.record.players == ("Computer", "You")
        play_out_beans(board, random.Random(seed))
        assert board.winner == "Computer"
        assert board.status.endswith("The computer wins.")
        assert beans_in(board.picture) == (0, 0)
        assert enabled_beans_buttons(board) == []


def test_a_human_who_plays_perfectly_beats_any_computer() -> None:
    for computer in ("perfect", "article", "random"):
        board = BeansBoard(5, 4, computer=computer, seed=2)
        best = perfect_strategy()
        while not board.is_over:
            assert board.play(best(board.rules, board.state))
        assert board.winner == "You"
        assert board.status.endswith("You win!")
        record = board.record
        assert record.end == "won" and record.winner == 0 and record.players == ("You", "Computer")


def test_beans_new_game_resets() -> None:
    board = BeansBoard(3, 6, seed=4)
    board.click("both")
    assert board.steps
    board.press("new")
    assert board.state == BeansState(3, 6, 0) and board.steps == []
    assert beans_in(board.picture) == (3, 6)
    assert board.status.startswith("Your turn")
    assert board.record.end == "stopped" and len(board.record) == 0


def test_same_seed_same_beans_game_and_seeds_matter() -> None:
    def game(seed: int) -> tuple[object, ...]:
        board = BeansBoard(7, 8, computer="random", seed=seed)
        play_out_beans(board, random.Random(99))  # the same human clicks each time
        return board.record.states

    assert game(5) == game(5)
    assert len({game(seed) for seed in range(10)}) > 1


def test_unknown_computer_is_refused() -> None:
    with pytest.raises(ValueError, match="perfect"):
        BeansBoard(3, 6, computer="clever")


# One-way king -----------------------------------------------------------------------------


def king_cells(board: KingBoard) -> dict[Coord, str]:
    """Every cell as the board draws it now (``cell_kind``), to compare before and after a click."""
    return {cell: board.cell_kind(cell) for cell in board.state.grid.cells()}


def test_king_board_shows_the_king_the_targets_and_the_grid() -> None:
    board = KingBoard(Grid(7, 5), seed=1)
    assert isinstance(board, Board)
    assert board.state.at == Coord(6, 4)
    assert board.cell_kind(Coord(6, 4)) == "king"
    assert board.picture.count("♔") == 1 and 'data-piece="king"' in board.picture
    targets = {cell for cell, kind in king_cells(board).items() if kind == "target"}
    assert targets == set(board.rules.legal_moves(board.state)) == {Coord(6, 3), Coord(5, 3), Coord(5, 4)}
    assert len(re.findall(r'data-hit="\d+,\d+"', board.picture)) == 35  # every cell can be clicked
    assert 'aria-label="5, 3: move the king here"' in board.picture
    assert 'aria-label="2, 1: the king cannot go here"' in board.picture
    assert board.picture.count('fill="#7fc97f"') == 3  # a dot on each target


def test_clicking_a_target_moves_the_king_and_the_computer_replies() -> None:
    board = KingBoard(seed=0)  # 5 x 5, king on [4, 4], a losing start for the human
    board.hit(hit_key(Coord(3, 3)))
    assert [step.player for step in board.steps] == [0, 1]
    assert board.steps[0].move == Coord(3, 3)
    reply = board.steps[1].move
    assert reply in board.rules.legal_moves(board.steps[0].state)
    assert (reply.x % 2, reply.y % 2) == (0, 0)  # the perfect computer leaves both even
    assert board.state.at == reply and board.cell_kind(reply) == "king"
    assert board.cell_kind(Coord(4, 4)) in ("light", "dark")
    assert f"You moved the king to [3, 3]. The computer moved the king to {reply}." in board.status


@pytest.mark.parametrize("cell", [Coord(0, 0), Coord(4, 4), Coord(2, 4), Coord(1, 2)])
def test_an_illegal_click_explains_and_changes_nothing(cell: Coord) -> None:
    board = KingBoard(seed=0)
    before = (board.state, king_cells(board), board.picture)
    reason = board.rules.why_illegal(board.state, cell)
    assert reason
    board.hit(hit_key(cell))
    assert (board.state, king_cells(board), board.picture) == before
    assert board.steps == []
    assert board.status == f"Not allowed: {reason}. Your turn: click a cell with a green dot to move the king."


def test_an_illegal_click_says_why_the_king_cannot_go_back() -> None:
    board = KingBoard(Grid(5, 5), start=Coord(2, 2), seed=0)
    assert board.click(Coord(3, 3)) is False
    assert "goes back" in board.status and board.state.at == Coord(2, 2)


def test_blocked_cells_are_dark_and_not_clickable() -> None:
    blocked = frozenset({Coord(3, 3), Coord(1, 0)})
    board = KingBoard(Grid(5, 5, blocked=blocked), seed=1)
    for cell in board.state.grid.cells():
        assert (f'data-hit="{hit_key(cell)}"' in board.picture) == (cell not in blocked)
        assert (board.cell_kind(cell) == "blocked") == (cell in blocked)
    assert board.click(Coord(3, 3)) is False
    assert "[3, 3] is a blocked cell" in board.status
    assert board.steps == []


def test_random_blocked_cells_spare_the_start_and_the_goal() -> None:
    for seed in range(10):
        board = KingBoard(seed=seed, blocked_percent=30)
        blocked = board.state.grid.blocked
        assert len(blocked) == 7
        assert Coord(4, 4) not in blocked and Coord(0, 0) not in blocked
        assert {c for c in board.state.grid.cells() if f'data-hit="{hit_key(c)}"' not in board.picture} == blocked


def test_a_perfect_computer_moving_first_from_a_winning_start_always_wins_the_king() -> None:
    played = 0
    for seed in range(20):
        board = KingBoard(Grid(6, 5), computer="perfect", human=2, seed=seed,
                          blocked_percent=0 if seed < 10 else 20)
        if not ImpartialSolver(OneWayKing(board.start.grid, board.start.at)).is_winning(board.start.at):
            continue
        played += 1
        play_out_king(board, random.Random(seed))
        assert board.winner == "Computer" and board.status.endswith("The computer wins.")
        assert board.record.winner == 0 and board.record.players[0] == "Computer"
    assert played >= 12


def test_after_the_end_a_click_says_the_game_is_over() -> None:
    board = KingBoard(Grid(2, 2), seed=0)  # the human moves straight to [0, 0]
    assert board.click(Coord(0, 0))
    assert board.is_over and board.status.endswith("You win!")
    assert "data-hit" not in board.picture
    assert board.click(Coord(1, 0)) is False
    assert "The game is over" in board.status and len(board.steps) == 1


def test_king_new_game_resets() -> None:
    board = KingBoard(Grid(7, 5), seed=1)
    board.click(Coord(5, 3))
    board.press("new")
    assert board.state == board.start and board.state.at == Coord(6, 4) and board.steps == []
    assert board.cell_kind(Coord(6, 4)) == "king" and board.cell_kind(Coord(4, 2)) != "king"
    assert board.status == "Your turn: click a cell with a green dot to move the king."


def test_king_hints_undo_and_replay() -> None:
    board = KingBoard(Grid(5, 5), seed=0)
    board.press("hints", True)
    assert board.picture.count(">P</text>") == 8  # both coordinates even, but the king's own cell
    board.click(Coord(3, 3))
    board.press("replay", 0)
    assert board.shown_state == board.start and "data-hit" not in board.picture
    assert ">P</text>" not in board.picture  # no hints on a replayed position
    board.press("replay", 2)
    assert board.undo() and board.steps == [] and board.state == board.start


def test_same_seed_same_king_game() -> None:
    def game(seed: int) -> tuple[object, ...]:
        board = KingBoard(Grid(7, 7), computer="random", seed=seed, blocked_percent=10)
        play_out_king(board, random.Random(7))
        return board.record.states

    assert game(3) == game(3)
    assert len({game(seed) for seed in range(10)}) > 1


# Replay -----------------------------------------------------------------------------------


def beans_record() -> Record:
    rng = random.Random(1)
    return play(Beans(3, 6), [Player("A", article_strategy(rng)), Player("B", random_player(rng))])


def test_replay_slider_shows_each_state_and_its_caption() -> None:
    record = beans_record()
    board = ReplayBoard(record)
    assert isinstance(board, Board)
    assert (board.control("replay")["min"], board.control("replay")["max"]) == (0, len(record))
    assert board.caption == board.status == "Start: [3, 6]"
    for k, state in enumerate(record.states):
        board._message(board, {"event": "control", "name": "replay", "value": k}, [])
        assert board.index == k and board.control("replay")["value"] == k
        assert board.svg == board.picture == as_svg(state)
        assert beans_in(board.picture) == state.position
        if 0 < k < len(record):
            step = record.steps[k - 1]
            assert board.caption == f"Move {k}: {record.players[step.player]} -> [{state.white}, {state.black}]"
    assert board.caption.endswith(". The winner is A.")
    assert board.caption.startswith(f"Move {len(record)}: A -> [0, 0]")
    assert "data-hit" not in board.picture  # a replay has nothing to click on its picture


def test_replay_buttons_step_and_stop_at_the_ends() -> None:
    record = beans_record()
    board = ReplayBoard(record)
    assert board.control("first")["disabled"] and board.control("previous")["disabled"]
    assert not board.control("next")["disabled"]
    board.press("next")
    board.press("next")
    assert board.index == 2 and board.state == record.states[2]
    board.press("previous")
    assert board.index == 1 and board.caption.startswith("Move 1: A -> ")
    board.press("last")
    assert board.index == len(record) and board.control("next")["disabled"] and board.control("last")["disabled"]
    with pytest.raises(ValueError, match="cannot be used now"):
        board.press("next")
    board.next()
    assert board.index == len(record)
    board.press("first")
    assert board.index == 0 and board.caption == "Start: [3, 6]"
    with pytest.raises(ValueError, match="states 0 to 9"):
        board.show_move(len(record) + 1)


def test_replay_play_runs_through_at_the_speed_and_pauses() -> None:
    record = beans_record()
    board = ReplayBoard(record, interval=200)
    assert board.speed == 200 and board.control("speed")["value"] == 200
    board.press("speed", 500)
    assert board.speed == 500
    board.show_move(6)
    board.press("play")
    assert board.running and board.control("play")["label"] == "⏸ Pause"
    board._message(board, {"event": "tick", "version": board.version - 1}, [])  # an old tick: ignored
    assert board.index == 6
    board._message(board, {"event": "tick", "version": board.version}, [])
    assert board.index == 7
    board.press("play")  # ⏸ Pause
    assert not board.running and board.control("play")["label"] == "▶ Play"
    board.press("play")
    while board.running:
        board._message(board, {"event": "tick", "version": board.version}, [])
    assert board.index == len(record) and board.caption.endswith("The winner is A.")
    board.press("play")  # at the end, ▶ Play starts again from the start
    assert board.running and board.index == 0
    board.press("next")  # any other control stops it
    assert not board.running and board.index == 1


def test_replay_a_king_game_from_a_board_the_king_glides() -> None:
    board = KingBoard(Grid(7, 5), seed=1)
    play_out_king(board, random.Random(0))
    record = board.record
    replay = ReplayBoard(record)
    replay.show_move(1)
    assert 'data-piece="king"' in replay.picture and "♔" in replay.picture
    assert replay.picture.replace(' data-piece="king" pointer-events="none"', "").count("<text") == \
        as_svg(record.states[1]).count("<text")
    assert replay.caption == f"Move 1: You -> {record.steps[0].move}"
    replay.show_move(len(record))
    assert replay.caption.endswith(f"The winner is {board.winner}.")


def test_a_saved_replay_shows_its_position_still() -> None:
    board = ReplayBoard(beans_record())
    board.show_move(3)
    assert beans_in(board.still()) == board.state.position and html.escape(board.caption) in board.still()
