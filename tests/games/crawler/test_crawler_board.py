"""The crawler board on the course's board widget, driven as the page drives it (no browser):
clicks on the lattice's points (``board.hit("x,y")``) and its controls (``board.press``)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from coursekit.boards.board import Board
from coursekit.core import Coord, Record
from coursekit.games import rules_from_spec
from coursekit.games.crawler import SOURCE_OPENING, Crawler, CrawlerState, segment_text
from coursekit.games.crawler.board import CLOSING_MARK, CrawlerBoard, mark_of
from coursekit.games.crawler.view import lattice_svg

SOURCE_NOTE = re.compile(r'The computer (drew|closed the line with) \d+,\d+-\d+,\d+ \(C\'s rule '
                         r'"(opening|close|win|safe|any)": [^;]+; [\d,]+ positions? examined\)\.')


def first_move(rules: Crawler, state: CrawlerState) -> Any:
    """A computer that always plays the first legal move (C's order), so positions are known."""
    return rules.legal_moves(state)[0]


def send(board: Board, **content: object) -> None:
    """What the page's front end sends (a click, a control)."""
    board._message(board, content, [])


def key(point: Coord) -> str:
    return f"{point.x},{point.y}"


def looks(board: CrawlerBoard) -> tuple[object, ...]:
    """What the board is and shows: its state, moves, chosen point, picture and controls."""
    return (board.state, list(board.steps), board.chosen, board.picture, board.controls)


def hit_keys(board: CrawlerBoard) -> set[str]:
    return set(re.findall(r'data-hit="([^"]*)"', board.picture))


def ringed(board: CrawlerBoard) -> int:
    """How many points the picture rings as targets (dashed rings)."""
    return board.picture.count('stroke-dasharray="4 3"')


def kinds(board: CrawlerBoard) -> dict[Coord, str]:
    width, height = board.rules.width, board.rules.height
    return {Coord(x, y): board.cell_kind(Coord(x, y)) for x in range(width) for y in range(height)}


def assert_board_shows_state(board: CrawlerBoard) -> None:
    """The picture is the state's, with every point clickable on your turn and the targets ringed."""
    state, rules = board.state, board.rules
    targets = board.targets()
    if not board.human_to_move():
        assert targets == set() and hit_keys(board) == set()
        if not board.replaying:
            assert board.picture == lattice_svg(state)
        return
    assert hit_keys(board) == {key(p) for p in kinds(board)}
    if board.chosen is None and state.line:
        assert targets == {move[1] for move in rules.legal_moves(state)}
    assert ringed(board) == len(targets)
    assert ("<polygon" in board.picture) == (board.chosen is not None)
    closing = board.closing_targets() if board.hints else set()
    assert board.picture.count(f">{CLOSING_MARK}</text>") == len(closing)
    for point, kind in kinds(board).items():
        assert f'aria-label="{point.x}, {point.y}: ' in board.picture
        if point == board.chosen:
            assert kind == "chosen"
        elif point in closing:
            assert kind == "closing"
        elif point in targets:
            assert kind == "target"
        else:
            assert kind == mark_of(state, point)


def click_a_target(board: CrawlerBoard, rng: random.Random) -> None:
    """The human clicks one of the ringed points (one of the ends when asked for one)."""
    targets = sorted(board.targets())
    assert targets, f"no target on your turn: {board.state}"
    steps = len(board.steps)
    send(board, event="hit", key=key(rng.choice(targets)))
    assert board.chosen is not None or len(board.steps) > steps


def play_out(board: CrawlerBoard, rng: random.Random) -> None:
    """The human clicks ringed points at random until the game ends, checking the board each time."""
    for _ in range(4 * board.rules.max_game_length()):
        assert_board_shows_state(board)
        if board.is_over:
            return
        click_a_target(board, rng)
    raise AssertionError("the game did not end")


def assert_replays(board: CrawlerBoard) -> Record:
    record = board.record
    again = Record.from_json(record.to_json(), rules_from_spec)
    assert again.states == record.states and again.players == record.players
    assert (again.winner, again.end) == (record.winner, record.end)
    return again


def assert_finished(board: CrawlerBoard) -> Record:
    record = assert_replays(board)
    assert record.end == "won" and record.winner is not None and board.state.closed and board.is_over
    assert board.status.endswith("You win!" if board.winner == "You" else "The computer wins.")
    assert board.winner == record.players[record.winner]
    assert board.targets() == set() and hit_keys(board) == set()
    return record


# The board and its clicks ------------------------------------------------------------------


def test_the_lattice_is_a_picture_of_clickable_points() -> None:
    board = CrawlerBoard()
    assert board.rules == Crawler(6, 5) and board.rules.game_type.multi_click
    assert hit_keys(board) == {f"{x},{y}" for x in range(6) for y in range(5)}
    assert board.status == "Your turn: click a point, then a neighbour, to draw the first segment."
    assert set(kinds(board).values()) == {"target"}  # the first segment may start anywhere
    assert ringed(board) == 30
    assert board.picture.startswith("<svg")
    assert board.turn == "You to move" and board.winner is None and board.record.end == "stopped"
    assert [c["name"] for c in board.controls] == ["new", "undo", "hints", "seat0", "seat1", "speed", "replay"]
    assert board.control("seat1")["options"] == ["you", "source", "perfect", "random"]
    assert "data-hit" not in board.still()  # a saved notebook shows a still picture


def test_the_first_segment_takes_two_clicks_and_the_first_can_be_cancelled() -> None:
    board = CrawlerBoard(4, 3, computer=first_move)
    empty = looks(board)
    assert board.hit("1,1") is None
    assert board.chosen == Coord(1, 1) and board.steps == []
    assert board.status == ("Your turn: [1, 1] chosen; click a neighbour to draw the first segment, "
                            "or [1, 1] again to cancel.")
    neighbours = {Coord(0, 1), Coord(2, 1), Coord(1, 0), Coord(1, 2)}
    assert {p for p, kind in kinds(board).items() if kind == "target"} == neighbours
    assert board.cell_kind(Coord(1, 1)) == "chosen" and "<polygon" in board.picture  # a diamond
    assert 'aria-label="1, 1: chosen"' in board.picture
    assert_board_shows_state(board)
    board.hit("1,1")  # cancel
    assert board.chosen is None and board.status.startswith("[1, 1] is no longer chosen. Your turn:")
    assert looks(board)[:4] == empty[:4]
    board.hit("1,1")
    assert board.hit("2,1") is True
    you, computer = board.steps
    assert (you.player, you.move, computer.player) == (0, (Coord(1, 1), Coord(2, 1)), 1)
    assert computer.move == first_move(board.rules, you.state)
    assert board.chosen is None and "<polygon" not in board.picture
    assert board.status.startswith(f"You drew 1,1-2,1. The computer drew {segment_text(computer.move)}. Your turn:")
    assert_board_shows_state(board)


def test_a_second_click_that_is_no_neighbour_is_refused_and_the_choice_stays() -> None:
    board = CrawlerBoard(4, 3, computer=first_move)
    board.hit("1,1")
    before = looks(board)
    assert board.hit("3,2") is False
    assert board.status == ("Not allowed: [1, 1] and [3, 2] are not neighbours: a segment is one step along "
                            "a lattice line. Your turn: [1, 1] chosen; click a neighbour to draw the first "
                            "segment, or [1, 1] again to cancel.")
    assert looks(board)[:4] == before[:4]


def test_a_later_move_takes_one_click_next_to_an_end() -> None:
    board = CrawlerBoard(6, 5, computer=first_move)
    board.play((Coord(2, 2), Coord(3, 2)))
    # the computer drew 2,2-1,2 (the head's first neighbour): the line is 1,2-2,2-3,2
    assert board.state.line == (Coord(1, 2), Coord(2, 2), Coord(3, 2))
    assert board.targets() == {Coord(0, 2), Coord(1, 1), Coord(1, 3), Coord(4, 2), Coord(3, 1), Coord(3, 3)}
    assert board.status.endswith("Your turn: click a ringed point next to an end ([1, 2] or [3, 2]) "
                                 "to draw a segment to it.")
    assert [board.cell_kind(p) for p in board.state.line] == ["end", "line", "end"]
    assert 'aria-label="1, 2: an end of the line"' in board.picture
    assert 'aria-label="2, 2: on the line"' in board.picture
    board.hit("4,2")
    assert board.steps[2].move == (Coord(3, 2), Coord(4, 2)) and len(board.steps) == 4
    assert_board_shows_state(board)


@pytest.mark.parametrize(("point", "reason"), [
    (Coord(5, 0), "[5, 0] is not next to an end of the line; its ends are [1, 2] and [3, 2]"),
    (Coord(2, 2), "1,2-2,2 goes straight back along the line: [2, 2] is the point just before the end [1, 2]"),
])
def test_a_click_that_makes_no_move_explains_and_changes_nothing(point: Coord, reason: str) -> None:
    board = CrawlerBoard(6, 5, computer=first_move)
    board.play((Coord(2, 2), Coord(3, 2)))
    before = looks(board)
    send(board, event="hit", key=key(point))
    assert board.status == (f"Not allowed: {reason}. Your turn: click a ringed point next to an end "
                            "([1, 2] or [3, 2]) to draw a segment to it.")
    assert looks(board)[:4] == before[:4]
    with pytest.raises(ValueError, match="not a point of the 6 x 5 lattice"):
        board.click(Coord(6, 0))
    assert board.hit("9,9") is False and board.status.startswith("Not allowed: [9, 9] is not a point of the 6 x 5")
    assert board.hit("nonsense") is False


def test_a_point_next_to_both_ends_asks_for_the_end() -> None:
    board = CrawlerBoard(3, 3, computer=first_move)
    board.play((Coord(0, 0), Coord(1, 0)))
    assert board.state.line == (Coord(0, 1), Coord(0, 0), Coord(1, 0))  # ends [0, 1] and [1, 0]
    assert board.moves_to(Coord(1, 1)) == ((Coord(0, 1), Coord(1, 1)), (Coord(1, 0), Coord(1, 1)))
    plain = looks(board)
    assert board.hit("1,1") is None
    asking = looks(board)
    assert board.chosen == Coord(1, 1) and len(board.steps) == 2
    assert board.status == ("Your turn: [1, 1] is next to both ends; click the end to draw from ([0, 1] or "
                            "[1, 0]), or [1, 1] again to cancel.")
    assert board.targets() == {Coord(0, 1), Coord(1, 0)}
    assert {p for p, kind in kinds(board).items() if kind == "target"} == {Coord(0, 1), Coord(1, 0)}
    board.hit("2,2")
    assert board.status.startswith("Not allowed: [1, 1] is next to both ends: click the end to draw from. ")
    assert looks(board)[:4] == asking[:4]
    board.hit("1,1")  # cancel
    assert looks(board)[:4] == plain[:4]
    board.hit("1,1")
    board.hit("1,0")
    assert board.steps[2].move == (Coord(1, 0), Coord(1, 1))
    # the computer's first move closes the line at once: [0, 1] is next to the new end [1, 1]
    assert board.steps[3].move == (Coord(0, 1), Coord(1, 1))
    assert board.status == "You drew 1,0-1,1. The computer closed the line with 0,1-1,1. The computer wins."
    assert board.cell_kind(Coord(1, 1)) == "closed"
    assert_finished(board)


# Hints -------------------------------------------------------------------------------------


def closing_position() -> CrawlerBoard:
    """3 x 3 against the first-move computer: you may close the line at [1, 0] (and [2, 1] is next to both ends)."""
    board = CrawlerBoard(3, 3, computer=first_move)
    board.play((Coord(0, 0), Coord(1, 0)))
    board.play((Coord(1, 0), Coord(2, 0)))
    assert board.state.line == (Coord(1, 1), Coord(0, 1), Coord(0, 0), Coord(1, 0), Coord(2, 0))
    return board


def test_hints_mark_the_closing_points_and_go_away_again() -> None:
    board = closing_position()
    assert board.closing_targets() == {Coord(1, 0)} and board.targets() == {Coord(1, 0), Coord(2, 1), Coord(1, 2)}
    off = looks(board)
    assert board.cell_kind(Coord(1, 0)) == "target" and f">{CLOSING_MARK}<" not in board.picture
    send(board, event="control", name="hints", value=True)
    assert board.hints and board.control("hints")["value"] is True
    assert board.cell_kind(Coord(1, 0)) == "closing" and board.picture.count(f">{CLOSING_MARK}</text>") == 1
    assert 'aria-label="1, 0: closes the line and wins"' in board.picture
    assert board.cell_kind(Coord(2, 1)) == "target"  # a target that does not close stays a plain target
    assert f"Hints: {CLOSING_MARK} closes the line and wins." in board.picture
    assert_board_shows_state(board)
    board.press("hints", False)
    assert looks(board) == off
    board.hit("1,0")
    assert board.steps[-1].move == (Coord(1, 1), Coord(1, 0))
    assert board.status == "You closed the line with 1,1-1,0. You win!"
    assert assert_finished(board).winner == 0


def test_hints_say_when_no_segment_closes() -> None:
    board = CrawlerBoard(6, 5, computer=first_move, hints=True)
    assert "Hints: no segment closes the line now." in board.picture
    board.play((Coord(2, 2), Coord(3, 2)))
    assert "closing" not in kinds(board).values()
    assert "Hints: no segment closes the line now." in board.picture


# The computers -----------------------------------------------------------------------------


@pytest.mark.parametrize(("width", "height", "seed"), [(3, 3, 0), (4, 3, 1), (5, 4, 2), (2, 2, 3)])
def test_full_games_against_the_random_computer(width: int, height: int, seed: int) -> None:
    for human_first in (True, False):
        board = CrawlerBoard(width, height, computer="random", human=1 if human_first else 2, seed=seed,
                             hints=seed % 2 == 1)
        play_out(board, random.Random(seed))
        record = assert_finished(board)
        assert record.players == (("You", "Computer") if human_first else ("Computer", "You"))


@pytest.mark.parametrize(("width", "height"), [(4, 3), (3, 3), (5, 4)])
def test_the_perfect_computer_wins_from_a_won_start(width: int, height: int) -> None:
    """4 x 3 and 5 x 4: who draws first wins (the mirror plan); 3 x 3: who answers wins."""
    first_wins = (width + height) % 2 == 1
    board = CrawlerBoard(width, height, computer="perfect", human=2 if first_wins else 1, seed=4)
    for game in range(2):
        play_out(board, random.Random(game))
        assert_finished(board)
        assert board.winner == "Computer"
        assert re.search(r"\(it wins with perfect play; [\d,]+ nodes searched\)", board.status)
        board.press("new")


def test_the_perfect_computer_refuses_a_lattice_too_large_to_solve_quickly() -> None:
    with pytest.raises(ValueError, match="at most 36 points at once; 7 x 6 has 42"):
        CrawlerBoard(7, 6, computer="perfect")
    assert CrawlerBoard(7, 6, computer="random").control("seat1")["options"] == ["you", "random"]


def careful_click(board: CrawlerBoard, rng: random.Random) -> None:
    """The human closes the line when a click can, else avoids letting the computer close at once."""
    rules, state = board.rules, board.state
    if board.chosen is None and state.line:
        closing = sorted(board.closing_targets())
        safe = sorted(m[1] for m in rules.legal_moves(state)
                      if not rules.closes(state, m) and not rules.gives_a_close(state, m))
        if closing or safe:
            board.click(rng.choice(closing or safe))
            return
    click_a_target(board, rng)


def test_against_c_on_its_own_lattice() -> None:
    board = CrawlerBoard(human=2, seed=0)
    assert board.steps[0].move == SOURCE_OPENING
    assert board.status.startswith('The computer drew 2,2-3,2 (C\'s rule "opening": C\'s opening, no search; '
                                   "0 positions examined). Your turn:")
    rng, rules_seen = random.Random(5), set()
    while not board.is_over:
        careful_click(board, rng)
        if board.steps[-1].player == 0:  # the computer answered
            found = SOURCE_NOTE.search(board.status)
            assert found, board.status
            rules_seen.add(found.group(2))
    assert_finished(board)
    assert len(board.steps) > 8 and len(rules_seen) > 1  # a real game, decided by more than one of C's rules


def test_the_perfect_computer_on_c_lattice_wins_when_it_draws_first() -> None:
    board = CrawlerBoard(computer="perfect", human=2, seed=2)
    rng = random.Random(2)
    while not board.is_over:
        careful_click(board, rng)
    assert_finished(board)
    assert board.winner == "Computer" and len(board.steps) > 6


def test_c_closes_when_it_can_and_says_so() -> None:
    board = CrawlerBoard(3, 3, computer="source")
    board.play((Coord(0, 0), Coord(1, 0)))
    while not board.is_over:
        click_a_target(board, random.Random(len(board.steps)))
    if board.winner == "Computer":
        assert SOURCE_NOTE.search(board.status) and 'C\'s rule "close": it closes the line;' in board.status
    assert_finished(board)


def test_c_refuses_a_lattice_larger_than_its_own() -> None:
    with pytest.raises(ValueError, match="C's player searches without a table: at most 30 points"):
        CrawlerBoard(7, 5)


def test_a_strategy_of_yours_can_be_the_computer() -> None:
    calls: list[CrawlerState] = []

    def mine(rules: Crawler, state: CrawlerState) -> Any:
        calls.append(state)
        return rules.legal_moves(state)[-1]

    board = CrawlerBoard(3, 2, computer=mine, human=2)
    assert calls == [board.start] and board.steps[0].move == board.rules.legal_moves(board.start)[-1]
    assert board.control("seat0")["value"] == "yours"
    play_out(board, random.Random(1))
    assert_finished(board)


def test_an_unknown_computer_is_refused() -> None:
    with pytest.raises(ValueError, match="the computer plays one of 'source', 'perfect', 'random'"):
        CrawlerBoard(computer="clever")


# Seats, undo, replay ---------------------------------------------------------------------


def test_undo_takes_back_your_segment_and_the_answer() -> None:
    board = CrawlerBoard(4, 3, computer=first_move)
    board.hit("1,1")
    board.hit("2,1")
    after_one = looks(board)[:2]
    board.click(sorted(board.targets())[0])
    assert len(board.steps) == 4
    send(board, event="control", name="undo", value=True)
    assert looks(board)[:2] == after_one and board.status.startswith("Took back your move. Your turn:")
    board.press("undo")
    assert board.steps == [] and board.state == board.start and board.control("undo")["disabled"]
    assert set(kinds(board).values()) == {"target"}


def test_the_replay_slider_shows_earlier_positions_and_no_point_can_be_clicked_there() -> None:
    board = CrawlerBoard(4, 3, computer=first_move)
    board.hit("1,1")
    board.hit("2,1")
    board.press("replay", 1)
    assert board.replaying and board.picture == lattice_svg(board.steps[0].state)
    assert board.status.startswith("Move 1 of 2: You drew 1,1-2,1.")
    assert hit_keys(board) == set()
    assert board.hit("0,0") is False and "slide the replay to the end" in board.status
    board.press("replay", 2)
    assert not board.replaying and hit_keys(board)
    assert_board_shows_state(board)


def test_computers_on_both_seats_play_with_step_and_the_seats_can_change() -> None:
    board = CrawlerBoard(4, 3, computer="random", seed=3)
    board.press("seat0", "source")
    assert board.human is None and hit_keys(board) == set()
    assert board.status == "First (source) to move: press Step or ▶ Run."
    while board.control("step")["disabled"] is False:
        board.press("step")
    assert board.is_over and board.record.end == "won"
    assert "C's rule" in board.describe(board.history[0], board.steps[0].move)
    board.press("seat1", "you")
    board.press("new")
    assert board.human == 1 and len(board.steps) == 1 and board.steps[0].player == 0
    assert_board_shows_state(board)


# New game, seeds, records ----------------------------------------------------------------


def test_a_click_after_the_end_says_the_game_is_over() -> None:
    board = closing_position()
    board.click(Coord(1, 0))
    before = looks(board)
    assert board.hit("2,1") is False
    assert board.status == "The game is over: press New game to play again. You win!"
    assert looks(board)[:4] == before[:4]


def test_new_game_starts_again_and_forgets_a_chosen_point() -> None:
    board = CrawlerBoard(4, 3, computer="random", seed=2)
    board.click(Coord(0, 0))
    board.click(Coord(1, 0))
    board.click(sorted(board.targets())[0])
    send(board, event="control", name="new", value=True)
    assert board.state == board.start == Crawler(4, 3).initial_state()
    assert board.steps == [] and board.chosen is None and board.record.moves == ()
    assert board.status == "Your turn: click a point, then a neighbour, to draw the first segment."
    assert set(kinds(board).values()) == {"target"} and "<polygon" not in board.picture
    later = CrawlerBoard(4, 3, human=2, seed=2)
    later.new_game()
    assert len(later.steps) == 1 and later.steps[0].player == 0


def test_the_same_seed_gives_the_same_games() -> None:
    games = []
    for _ in range(2):
        board = CrawlerBoard(5, 4, computer="random", seed=7)
        series = []
        for game in range(3):
            play_out(board, random.Random(game))
            series.append(board.record.states)
            board.new_game()
        games.append(series)
    assert games[0] == games[1]
    assert len({tuple(states) for states in games[0]}) > 1  # the series goes on, the games differ


def test_an_unfinished_game_replays_as_stopped() -> None:
    board = CrawlerBoard(4, 3, computer="perfect", seed=1)
    board.click(Coord(1, 1))
    board.click(Coord(1, 2))
    record = assert_replays(board)
    assert record.end == "stopped" and len(record.moves) == 2
