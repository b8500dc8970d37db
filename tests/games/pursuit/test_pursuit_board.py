"""The pursuit board, driven as the page drives it: clicks on cells, its controls, ticks (no browser, no kernel)."""

from __future__ import annotations

import re

import pytest

from coursekit.boards.board import Board
from coursekit.core import Coord, Grid, Player, play
from coursekit.games.pursuit import PursuitBoard, jerry_strategy, lone_pursuers, steps_from, tom_strategy
from coursekit.games.pursuit.solver import PursuitSolver

RING = frozenset({Coord(2, 2)})  # one blocked cell inside a 5 x 5 grid: the prey can circle it


def send(board: Board, **content: object) -> None:
    """What the page's front end sends (a click, a control, a tick)."""
    board._message(board, content, [])


def kinds(board: PursuitBoard, kind: str) -> set[Coord]:
    return {cell for cell in board.grid.cells() if board.cell_kind(cell) == kind}


def letters(board: PursuitBoard) -> list[str]:
    """The big letters on the picture: the pieces (T, T1, T2, J, X)."""
    return sorted(re.findall(r'font-weight="bold"[^>]*>([A-Z]\d?)<', board.picture))


def test_the_board_draws_the_grid_the_pieces_and_the_controls() -> None:
    board = PursuitBoard(seed=3)
    assert isinstance(board, Board) and board.grid == Grid(8, 8)
    (tom,), jerry = board.state.pursuers, board.state.prey
    assert tom != jerry and board.state.turn == 0 and board.state.moves == 0
    assert board.cell_kind(tom) == "pursuer" and board.cell_kind(jerry) == "prey"
    assert letters(board) == ["J", "T"]
    assert 'data-piece="Tom"' in board.picture and 'data-piece="Jerry"' in board.picture
    assert "data-hit" not in board.picture  # two computers: nothing to click
    assert (board.control("seat0")["value"], board.control("seat1")["value"]) == ("Tom", "Jerry")
    assert board.control("seat0")["options"] == ["Tom", "optimal", "you"]
    assert board.control("seat1")["options"] == ["Jerry", "random", "optimal", "you"]
    assert board.control("mode")["options"] == ["move", "place pursuer", "place prey"]
    assert board.control("hints")["label"] == "Capture times" and board.speed == 500
    names = [c["name"] for c in board.controls]
    assert {"new", "undo", "step", "run", "speed", "replay", "restart"} <= set(names)
    assert board.status == "Move 1 of at most 100. Tom to move: press Step or ▶ Run."


def test_the_same_seed_gives_the_same_start_and_seeds_differ() -> None:
    starts = [PursuitBoard(seed=seed).start for seed in range(10)]
    assert PursuitBoard(seed=4).start == starts[4]
    assert len(set(starts)) == 10


@pytest.mark.parametrize(("variant", "hunter", "prey", "count"), [
    ("G2.2", "Tom", "random", 1), ("G2.3", "Tom", "Jerry", 1),
    ("G2.4", "lone", "Jerry", 2), ("G2.5", "coalition", "Jerry", 2),
])
def test_each_variant_sets_the_pursuers_and_the_strategies(variant: str, hunter: str, prey: str, count: int) -> None:
    board = PursuitBoard(6, 6, variant=variant, seed=1)
    assert (board.control("seat0")["value"], board.control("seat1")["value"]) == (hunter, prey)
    assert len(board.state.pursuers) == count == board.rules.pursuers
    assert len(set(board.state.pursuers) | {board.state.prey}) == count + 1
    if count == 2:
        assert board.control("mode")["options"] == ["move", "place pursuer 1", "place pursuer 2", "place prey"]
        assert letters(board) == ["J", "T1", "T2"] and 'data-piece="Spike"' in board.picture


def test_stepping_tom_and_jerry_plays_the_articles_game() -> None:
    for seed in range(8):
        board = PursuitBoard(7, 6, seed=seed)
        expected = play(board.rules, [Player("Tom", tom_strategy()), Player("Jerry", jerry_strategy())])
        board.press("step")
        assert board.state.turn == 1 and len(board.steps) == 1
        assert board.status.startswith("Tom went to") and "Move 1 of at most 100. Jerry to move" in board.status
        board.run()
        assert board.record.states == expected.states
        assert board.is_over and board.record.winner == 0 and board.record.end == "won"
        assert board.status.endswith(f"Tom caught Jerry at move {expected.final.moves}.")
        assert kinds(board, "caught") == {board.state.prey} and letters(board) == ["X"]
        assert board.step() is False and len(board.steps) == len(expected.steps)
        assert board.control("step")["disabled"]


def test_run_makes_one_move_a_tick_and_stops_at_the_end() -> None:
    board = PursuitBoard(seed=5)
    board.press("speed", 100)
    board.press("run")
    assert board.running and board.control("run")["label"] == "⏸ Pause"
    send(board, event="tick", version=board.version - 1)  # a tick from before the last picture: ignored
    assert board.steps == []
    for _tick in range(60):
        if not board.running:
            break
        send(board, event="tick", version=board.version)
    assert board.is_over and not board.running and board.control("run")["label"] == "▶ Run"
    board.press("restart")
    assert board.state == board.start and board.steps == []


def test_run_stops_after_a_limit() -> None:
    board = PursuitBoard(seed=2)
    board.run(limit=3)
    assert len(board.steps) == 3 and board.state.turn == 1 and board.state.moves == 2


def test_pieces_glide_by_name_and_leave_no_trail() -> None:
    board = PursuitBoard(6, 6, start=(Coord(0, 0), Coord(5, 5)))
    for _ in range(4):
        board.step()
        assert board.picture.count('data-piece="Tom"') == 1 and board.picture.count('data-piece="Jerry"') == 1
        assert letters(board) == ["J", "T"]
    assert len(board.frames) == 0  # one move a picture: the piece glides from its old cell


def test_a_human_prey_clicks_a_marked_cell_and_tom_answers_at_once() -> None:
    board = PursuitBoard(8, 8, prey="you", start=(Coord(0, 0), Coord(6, 6)))
    assert board.steps[0].move == (Coord(1, 1),) and board.state.turn == 1  # Tom moved first
    assert kinds(board, "target") == set(steps_from(board.grid, Coord(6, 6)))
    assert board.status == ("Tom went to [1, 1]. Move 1 of at most 100. "
                            "Your turn: click a cell marked with a dot to move Jerry.")
    assert "7, 7: move Jerry here" in board.picture and "0, 7: Jerry cannot go here" in board.picture
    send(board, event="hit", key="7,7")
    assert [s.move for s in board.steps] == [(Coord(1, 1),), Coord(7, 7), (Coord(2, 2),)]
    assert board.state.prey == Coord(7, 7) and board.state.turn == 1 and board.state.moves == 2
    assert kinds(board, "target") == {Coord(6, 7), Coord(6, 6), Coord(7, 6)}
    assert board.status.startswith("You went to [7, 7]. Tom went to [2, 2].")
    assert len(board.frames) == 1  # your move, then Tom's answer: the page shows both in turn


@pytest.mark.parametrize("cell", [Coord(5, 5), Coord(2, 2), Coord(1, 1)])
def test_a_click_the_rules_forbid_explains_and_changes_nothing(cell: Coord) -> None:
    board = PursuitBoard(8, 8, prey="you", start=(Coord(0, 0), Coord(7, 7)), blocked=[Coord(2, 2)])
    before = (board.state, len(board.steps))
    reason = board.rules.why_illegal(board.state, cell)
    assert reason
    assert board.click(cell) is False
    assert (board.state, len(board.steps)) == before
    assert board.status == (f"Not allowed: {reason}. Move 1 of at most 100. "
                            "Your turn: click a cell marked with a dot to move Jerry.")


def test_undo_takes_back_your_move_and_toms_answer_and_replay_shows_earlier_moves() -> None:
    board = PursuitBoard(8, 8, prey="you", start=(Coord(0, 0), Coord(6, 6)))
    board.click(Coord(7, 7))
    board.click(Coord(7, 6))
    assert len(board.steps) == 5
    board.press("replay", 1)
    assert board.replaying and board.shown_state == board.steps[0].state and "data-hit" not in board.picture
    assert board.click(Coord(6, 5)) is False and "slide the replay to the end" in board.status
    board.press("replay", 5)
    board.press("undo")
    assert len(board.steps) == 3 and board.state.prey == Coord(7, 7)
    board.press("undo")
    assert len(board.steps) == 1 and board.state.prey == Coord(6, 6)
    assert board.control("undo")["disabled"] is False or board.undo() is False


def test_clicks_on_the_computers_turn_or_after_the_end_are_refused() -> None:
    board = PursuitBoard(5, 5, start=(Coord(0, 0), Coord(1, 2)))
    assert board.click(Coord(1, 1)) is False
    assert "It is not your turn: press Step or ▶ Run" in board.status and board.steps == []
    board.run()
    assert board.is_over and board.click(Coord(0, 0)) is False
    assert board.status.startswith("The game is over: press New game")


def test_two_human_pursuers_choose_one_cell_each() -> None:
    start = ((Coord(0, 0), Coord(7, 0)), Coord(4, 7))
    board = PursuitBoard(8, 8, variant="G2.4", pursuers="you", start=start)
    assert kinds(board, "target") == set(steps_from(board.grid, Coord(0, 0)))
    assert board.click(Coord(7, 1)) is False  # pursuer 1 is on [0, 0]
    assert "pursuer 1" in board.status and board.status.startswith("Not allowed:")
    assert board.click(Coord(1, 1)) is None
    assert board.cell_kind(Coord(1, 1)) == "chosen" and board.state.turn == 0 and board.steps == []
    assert kinds(board, "target") == set(steps_from(board.grid, Coord(7, 0)))
    assert board.status == ("Move 1 of at most 100. Your turn: pursuer 1 goes to [1, 1]; "
                            "now click a cell marked with a dot for pursuer 2.")
    assert board.click(Coord(6, 1))
    assert board.steps[0].move == (Coord(1, 1), Coord(6, 1))
    assert board.steps[1].move == jerry_strategy()(board.rules, board.steps[0].state)
    assert board.state.turn == 0 and board.state.pursuers == (Coord(1, 1), Coord(6, 1))
    assert kinds(board, "chosen") == set()


def test_optimal_against_optimal_takes_exactly_the_solvers_capture_time() -> None:
    for seed in range(6):
        board = PursuitBoard(6, 6, pursuers="optimal", prey="optimal", seed=seed)
        board.run()
        assert board.state.moves == board.solver.capture_time(board.start.pursuers, board.start.prey)


def test_a_human_who_plays_the_solvers_moves_catches_the_optimal_prey_on_time() -> None:
    board = PursuitBoard(6, 5, pursuers="you", prey="optimal", seed=11)
    solver = PursuitSolver(board.grid)
    expected = solver.capture_time(board.start.pursuers, board.start.prey)
    while not board.is_over:
        (cell,) = solver.best_pursuer_move(board.state)
        assert board.click(cell)
    assert board.state.caught and board.state.moves == expected
    assert board.status.endswith(f"You caught Jerry at move {expected}.") and board.winner == "You"


def test_two_optimal_pursuers_match_the_two_pursuer_solver() -> None:
    board = PursuitBoard(5, 5, variant="G2.5", pursuers="optimal", prey="optimal", seed=2, blocked=[Coord(2, 2)])
    board.run()
    expected = PursuitSolver(board.grid, pursuers=2).capture_time(board.start.pursuers, board.start.prey)
    assert board.state.caught and board.state.moves == expected


def test_placing_the_pieces_restarts_the_chase_from_them() -> None:
    board = PursuitBoard(6, 6, seed=0, blocked=[Coord(3, 3)])
    board.run(limit=3)
    board.press("mode", "place prey")
    assert board.status == "Click a free cell to place prey." and kinds(board, "target") == set()
    assert board.picture.count("data-hit=") == 35 and "place the prey here" in board.picture
    board.hit("5,0")
    assert board.state.prey == Coord(5, 0) and board.steps == [] and board.state.moves == 0
    assert board.start == board.state and board.rules.start == (board.state.pursuers, Coord(5, 0))
    board.press("mode", "place pursuer")
    assert board.click(Coord(3, 3)) is False and "[3, 3] is a blocked cell" in board.status
    assert board.click(Coord(5, 0)) is False and "another piece" in board.status
    assert board.click(Coord(0, 5))
    assert board.state.pursuers == (Coord(0, 5),) and board.cell_kind(Coord(0, 5)) == "pursuer"
    board.press("mode", "move")
    board.run()
    expected = play(board.rules, [Player("Tom", tom_strategy()), Player("Jerry", jerry_strategy())])
    assert board.record.states == expected.states


def test_placing_the_second_pursuer() -> None:
    board = PursuitBoard(6, 6, variant="G2.4", start=((Coord(0, 0), Coord(5, 0)), Coord(3, 5)))
    assert board.place("pursuer 2", Coord(0, 5))
    assert board.state.pursuers == (Coord(0, 0), Coord(0, 5))
    assert board.place("pursuer 1", Coord(0, 5)) is False
    with pytest.raises(ValueError, match="pursuer 1, pursuer 2 and prey"):
        board.place("pursuer", Coord(1, 1))
    with pytest.raises(ValueError, match="a click does one of"):
        board.set_mode("place cat")


def test_new_game_draws_new_free_cells_from_the_seed() -> None:
    def starts(seed: int) -> list[object]:
        board = PursuitBoard(6, 6, seed=seed, blocked=20)
        found = []
        for _ in range(5):
            board.press("new")
            state = board.state
            assert board.steps == [] and state.moves == 0
            cells = [*state.pursuers, state.prey]
            assert all(board.grid.is_free(c) for c in cells) and len(set(cells)) == 2
            found.append(state)
        return found

    assert starts(1) == starts(1)
    assert len({str(s) for s in starts(1)}) > 1


def test_blocked_cells_are_dark_and_not_clickable() -> None:
    board = PursuitBoard(8, 8, seed=1, blocked=15, prey="you")
    blocked = board.grid.blocked
    assert len(blocked) == 64 * 15 // 100  # as the article counts: 9 cells
    for cell in board.grid.cells():
        assert (f'data-hit="{cell.x},{cell.y}"' in board.picture) == (cell not in blocked)
        assert (board.cell_kind(cell) == "blocked") == (cell in blocked)


def test_a_prey_circling_one_blocked_cell_escapes() -> None:
    solver = PursuitSolver(Grid(5, 5, RING))
    time, (chasers, prey) = solver.worst_start()
    assert time is None
    board = PursuitBoard(5, 5, blocked=RING, start=(chasers, prey), prey="optimal", max_moves=30)
    board.run()
    assert board.is_over and not board.state.caught and board.state.moves == 30
    assert board.status.endswith("Jerry escaped: not caught in 30 moves.")
    assert board.record.winner == 1
    assert str(board.record).startswith("The game is starting")


def test_the_capture_times_show_on_every_free_cell_and_go_when_turned_off() -> None:
    board = PursuitBoard(5, 5, blocked=RING, start=(Coord(0, 0), Coord(4, 4)))
    assert kinds(board, "heat") == set()
    board.press("hints", True)
    table = board.solver.time_table(Coord(0, 0))
    assert None in table.values() and board.control("hints")["value"] is True
    for cell in table:
        if cell not in (Coord(0, 0), Coord(4, 4)):
            assert board.cell_kind(cell) == "heat"
    shown = re.findall(r'font-weight="normal"[^>]* pointer-events="none">([^<]+)<', board.picture)
    assert sorted(shown) == sorted("\u221e" if t is None else str(t) for c, t in table.items()
                                   if c not in (Coord(0, 0), Coord(4, 4)))
    board.step()  # the map follows the pursuer
    table = board.solver.time_table(board.state.pursuers)
    assert board.cell_kind(Coord(4, 0)) == "heat"
    board.press("hints", False)
    assert kinds(board, "heat") == set() and "\u221e" not in board.picture


def test_the_lesson_board_plays_against_optimal_tom_with_the_capture_times() -> None:
    hole = Coord(3, 3)
    board = PursuitBoard(8, 8, blocked=[hole], seed=1, pursuers="optimal", prey="you", heatmap=True)
    assert len(board.state.pursuers) == 1 and board.state.turn == 1
    assert board.hints and kinds(board, "heat") and kinds(board, "target")
    target = sorted(kinds(board, "target"))[0]
    assert board.click(target)


def test_changing_a_side_to_you_on_its_turn_waits_for_a_click() -> None:
    board = PursuitBoard(6, 6, start=(Coord(0, 0), Coord(5, 5)))
    board.step()
    board.press("seat1", "you")
    assert board.state.turn == 1 and board.step() is False
    assert board.status == "Move 1 of at most 100. Your turn: click a cell marked with a dot to move Jerry."
    assert board.click(Coord(5, 4))
    assert board.state.turn == 1 and board.state.pursuers == (Coord(2, 2),)  # Tom answered
    board.press("seat1", "Jerry")
    assert board.step() and board.state.turn == 0


def test_optimal_play_is_refused_where_the_solver_cannot_go() -> None:
    board = PursuitBoard(13, 13, variant="G2.4", seed=0)
    board.press("seat0", "optimal")
    assert board.seats[0] == "lone" and board.control("seat0")["value"] == "lone"
    assert board.status.startswith("Optimal play is not available here: with 2 pursuers the solver takes at most")
    board.press("hints", True)
    assert not board.hints and board.status.startswith("No capture times here")
    with pytest.raises(ValueError, match="at most 144 free cells"):
        PursuitBoard(13, 13, variant="G2.4", prey="optimal")


def test_bad_arguments_are_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match=r"G2\.2, G2\.3, G2\.4, G2\.5"):
        PursuitBoard(variant="G2.9")
    with pytest.raises(ValueError, match="lone, coalition, optimal, you"):
        PursuitBoard(variant="G2.5", pursuers="Tom")
    with pytest.raises(ValueError, match="Jerry, random, optimal, you"):
        PursuitBoard(prey="Tom")
    with pytest.raises(ValueError, match="percentage"):
        PursuitBoard(blocked=100)
    with pytest.raises(ValueError, match="outside"):
        PursuitBoard(4, 4, blocked=[Coord(4, 0)])
    board = PursuitBoard(4, 4)
    with pytest.raises(ValueError, match="Tom, optimal, you"):
        board.set_seat(0, "coalition")


def test_lone_pursuers_on_the_board_are_the_libraries() -> None:
    board = PursuitBoard(7, 7, variant="G2.4", seed=9)
    expected = play(board.rules, [Player("P", lone_pursuers()), Player("J", jerry_strategy())])
    board.run()
    assert board.record.states == expected.states
    assert board.record.players == ("Tom and Spike", "Jerry")


def test_a_random_prey_follows_the_seed() -> None:
    def chase(seed: int) -> tuple[object, ...]:
        board = PursuitBoard(8, 8, variant="G2.2", seed=seed)
        board.run()
        return board.record.states

    assert chase(4) == chase(4)
    other = [chase(seed) for seed in range(5)]
    rng_prey = [tuple(s.prey for s in states) for states in other]
    assert len(set(rng_prey)) == 5


def test_a_saved_notebook_shows_a_still_picture() -> None:
    board = PursuitBoard(6, 6, prey="you", seed=1, heatmap=True)
    still = board.still()
    assert "data-hit" not in still and "<svg" in still and board.status in still
