"""The crawler board, driven by clicking its buttons and setting its widgets (no browser)."""

from __future__ import annotations

import random
import re
from typing import Any

import ipywidgets as widgets
import pytest

from coursekit.core import Coord, Record
from coursekit.games import rules_from_spec
from coursekit.games.crawler import SOURCE_OPENING, Crawler, CrawlerState, segment_text
from coursekit.views.crawler import lattice_svg
from coursekit.widgets import CrawlerBoard
from coursekit.widgets._grid import BLANK, shown
from coursekit.widgets.crawler import CLOSING_MARK, MARKS
from tests.test_widgets_blank import no_empty_label

SOURCE_NOTE = re.compile(r'The computer (drew|closed the line with) \d+,\d+-\d+,\d+ \(C\'s rule '
                         r'"(opening|close|win|safe|any)": [^;]+; [\d,]+ positions? examined\)\.')


def first_move(rules: Crawler, state: CrawlerState) -> Any:
    """A computer that always plays the first legal move (C's order), so positions are known."""
    return rules.legal_moves(state)[0]


def looks(board: CrawlerBoard) -> tuple[object, ...]:
    """The board's state, record, chosen point, picture and every point's text and look."""
    return (board.state, list(board.steps), board.chosen, board.picture.value,
            {p: (b.description, board.cell_kind(p), b.tooltip) for p, b in board.buttons.items()})


def kinds(board: CrawlerBoard) -> dict[Coord, str]:
    return {point: board.cell_kind(point) for point in board.buttons}


def assert_board_shows_state(board: CrawlerBoard) -> None:
    """Every point shows what is on it, the targets are the legal ones, and the picture is the state's."""
    state, rules = board.state, board.rules
    assert board.picture.value == lattice_svg(state)
    targets = board.targets()
    if board.is_over or rules.to_move(state) != board.human:
        assert targets == set()
    elif board.chosen is None and state.line:
        assert targets == {move[1] for move in rules.legal_moves(state)}
    for point, button in board.buttons.items():
        kind = board.cell_kind(point)
        assert button.description != ""
        if point == board.chosen:
            assert (kind, shown(button)) == ("chosen", MARKS["chosen"])
        elif board.hints and point in board.closing_targets():
            assert (kind, shown(button)) == ("closing", CLOSING_MARK)
        elif point in targets:
            assert kind == "target"
        else:
            assert kind in ("free", "line", "end", "closed")
        if kind not in ("chosen", "closing"):
            assert shown(button) == MARKS[mark_of(state, point)]
            assert kind in ("target", mark_of(state, point))


def mark_of(state: CrawlerState, point: Coord) -> str:
    """What is on ``point``: ``"free"``, ``"line"``, ``"end"`` or ``"closed"`` (where the line was closed)."""
    if point not in state.line:
        return "free"
    if state.closed:
        closed_at = state.line[0] if state.line[0] in state.line[1:] else state.line[-1]
        return "closed" if point == closed_at else "line"
    return "end" if point in state.ends else "line"


def click_a_target(board: CrawlerBoard, rng: random.Random) -> None:
    """The human clicks one of the highlighted points (one of the ends when asked for one)."""
    targets = sorted(board.targets())
    assert targets, f"no target on your turn: {board.state}"
    steps = len(board.steps)
    board.buttons[rng.choice(targets)].click()
    assert board.chosen is not None or len(board.steps) > steps


def play_out(board: CrawlerBoard, rng: random.Random) -> None:
    """The human clicks highlighted points at random until the game ends, checking the board each time."""
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
    assert board.targets() == set()
    return record


# The board and its clicks ------------------------------------------------------------------


def test_the_lattice_is_a_grid_of_points_and_the_line_a_picture() -> None:
    board = CrawlerBoard()
    assert isinstance(board, widgets.VBox) and board.rules == Crawler(6, 5)
    assert board.rules.game_type.multi_click
    assert set(board.buttons) == {Coord(x, y) for x in range(6) for y in range(5)}
    assert board.status == "Your turn: click a point, then a neighbour, to draw the first segment."
    assert set(kinds(board).values()) == {"target"}  # the first segment may start anywhere
    assert {shown(b) for b in board.buttons.values()} == {MARKS["free"]}
    assert board.picture.value.startswith("<svg") and board.picture.value == lattice_svg(board.state)
    assert board.turn == "You to move" and board.winner is None and board.record.end == "stopped"


def test_the_first_segment_takes_two_clicks_and_the_first_can_be_cancelled() -> None:
    board = CrawlerBoard(4, 3, computer=first_move)
    empty = looks(board)
    board.buttons[Coord(1, 1)].click()
    assert board.chosen == Coord(1, 1) and board.steps == []
    assert board.status == ("Your turn: [1, 1] chosen; click a neighbour to draw the first segment, "
                            "or [1, 1] again to cancel.")
    neighbours = {Coord(0, 1), Coord(2, 1), Coord(1, 0), Coord(1, 2)}
    assert {p for p, kind in kinds(board).items() if kind == "target"} == neighbours
    assert board.cell_kind(Coord(1, 1)) == "chosen" and shown(board.buttons[Coord(1, 1)]) == MARKS["chosen"]
    board.buttons[Coord(1, 1)].click()  # cancel
    assert board.chosen is None and board.status.startswith("[1, 1] is no longer chosen. Your turn:")
    assert looks(board) == empty
    board.buttons[Coord(1, 1)].click()
    board.buttons[Coord(2, 1)].click()
    you, computer = board.steps
    assert (you.player, you.move, computer.player) == (0, (Coord(1, 1), Coord(2, 1)), 1)
    assert computer.move == first_move(board.rules, you.state)
    assert board.chosen is None
    assert board.status.startswith(f"You drew 1,1-2,1. The computer drew {segment_text(computer.move)}. Your turn:")
    assert_board_shows_state(board)


def test_a_second_click_that_is_no_neighbour_is_refused_and_the_choice_stays() -> None:
    board = CrawlerBoard(4, 3, computer=first_move)
    board.buttons[Coord(1, 1)].click()
    before = looks(board)
    board.buttons[Coord(3, 2)].click()
    assert board.status == ("Not allowed: [1, 1] and [3, 2] are not neighbours: a segment is one step along "
                            "a lattice line. Your turn: [1, 1] chosen; click a neighbour to draw the first "
                            "segment, or [1, 1] again to cancel.")
    assert looks(board) == before


def test_a_later_move_takes_one_click_next_to_an_end() -> None:
    board = CrawlerBoard(6, 5, computer=first_move)
    board.play((Coord(2, 2), Coord(3, 2)))
    # the computer drew 2,2-1,2 (the head's first neighbour): the line is 1,2-2,2-3,2
    assert board.state.line == (Coord(1, 2), Coord(2, 2), Coord(3, 2))
    assert board.targets() == {Coord(0, 2), Coord(1, 1), Coord(1, 3), Coord(4, 2), Coord(3, 1), Coord(3, 3)}
    assert board.status.endswith("Your turn: click a highlighted point next to an end ([1, 2] or [3, 2]) "
                                 "to draw a segment to it.")
    assert [board.cell_kind(p) for p in board.state.line] == ["end", "line", "end"]
    assert [shown(board.buttons[p]) for p in board.state.line] == ["o", "+", "o"]
    board.buttons[Coord(4, 2)].click()
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
    board.buttons[point].click()
    assert board.status == (f"Not allowed: {reason}. Your turn: click a highlighted point next to an end "
                            "([1, 2] or [3, 2]) to draw a segment to it.")
    assert looks(board) == before
    with pytest.raises(ValueError, match="not a point of the 6 x 5 lattice"):
        board.click(Coord(6, 0))


def test_a_point_next_to_both_ends_asks_for_the_end() -> None:
    board = CrawlerBoard(3, 3, computer=first_move)
    board.play((Coord(0, 0), Coord(1, 0)))
    assert board.state.line == (Coord(0, 1), Coord(0, 0), Coord(1, 0))  # ends [0, 1] and [1, 0]
    assert board.moves_to(Coord(1, 1)) == ((Coord(0, 1), Coord(1, 1)), (Coord(1, 0), Coord(1, 1)))
    plain = looks(board)
    board.buttons[Coord(1, 1)].click()
    asking = looks(board)
    assert board.chosen == Coord(1, 1) and len(board.steps) == 2
    assert board.status == ("Your turn: [1, 1] is next to both ends; click the end to draw from ([0, 1] or "
                            "[1, 0]), or [1, 1] again to cancel.")
    assert board.targets() == {Coord(0, 1), Coord(1, 0)}
    assert {p for p, kind in kinds(board).items() if kind == "target"} == {Coord(0, 1), Coord(1, 0)}
    board.buttons[Coord(2, 2)].click()
    assert board.status.startswith("Not allowed: [1, 1] is next to both ends: click the end to draw from. ")
    assert looks(board) == asking
    board.buttons[Coord(1, 1)].click()  # cancel
    assert looks(board) == plain
    board.buttons[Coord(1, 1)].click()
    board.buttons[Coord(1, 0)].click()
    assert board.steps[2].move == (Coord(1, 0), Coord(1, 1))
    # the computer's first move closes the line at once: [0, 1] is next to the new end [1, 1]
    assert board.steps[3].move == (Coord(0, 1), Coord(1, 1))
    assert board.status == "You drew 1,0-1,1. The computer closed the line with 0,1-1,1. The computer wins."
    assert board.cell_kind(Coord(1, 1)) == "closed" and shown(board.buttons[Coord(1, 1)]) == MARKS["closed"]
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
    assert board.cell_kind(Coord(1, 0)) == "target" and shown(board.buttons[Coord(1, 0)]) == MARKS["line"]
    assert "Hints" not in board.status
    board.hint_toggle.value = True
    assert board.hints
    assert board.cell_kind(Coord(1, 0)) == "closing" and shown(board.buttons[Coord(1, 0)]) == CLOSING_MARK
    assert board.buttons[Coord(1, 0)].tooltip == "[1, 0]: closes the line and wins"
    assert board.cell_kind(Coord(2, 1)) == "target"  # a target that does not close stays a plain target
    assert board.status.endswith(f"Hints: {CLOSING_MARK} closes the line and wins.")
    assert_board_shows_state(board)
    board.hints = False
    assert looks(board) == off
    board.buttons[Coord(1, 0)].click()
    assert board.steps[-1].move == (Coord(1, 1), Coord(1, 0))
    assert board.status == "You closed the line with 1,1-1,0. You win!"
    assert assert_finished(board).winner == 0


def test_hints_say_when_no_segment_closes() -> None:
    board = CrawlerBoard(6, 5, computer=first_move, hints=True)
    assert board.status.endswith("Hints: no segment closes the line now.")
    board.play((Coord(2, 2), Coord(3, 2)))
    assert "closing" not in kinds(board).values()
    assert board.status.endswith("Hints: no segment closes the line now.")


# The computers -----------------------------------------------------------------------------


@pytest.mark.parametrize(("width", "height", "seed"), [(3, 3, 0), (4, 3, 1), (5, 4, 2), (2, 2, 3)])
def test_full_games_against_the_random_computer(width: int, height: int, seed: int) -> None:
    for human_first in (True, False):
        board = CrawlerBoard(width, height, computer="random", human_first=human_first, seed=seed, hints=seed % 2 == 1)
        play_out(board, random.Random(seed))
        record = assert_finished(board)
        assert record.players == (("You", "Computer") if human_first else ("Computer", "You"))


@pytest.mark.parametrize(("width", "height"), [(4, 3), (3, 3), (5, 4)])
def test_the_perfect_computer_wins_from_a_won_start(width: int, height: int) -> None:
    """4 x 3 and 5 x 4: who draws first wins (the mirror plan); 3 x 3: who answers wins."""
    first_wins = (width + height) % 2 == 1
    board = CrawlerBoard(width, height, computer="perfect", human_first=not first_wins, seed=4)
    for game in range(2):
        play_out(board, random.Random(game))
        assert_finished(board)
        assert board.winner == "Computer"
        assert re.search(r"\(it wins with perfect play; [\d,]+ nodes searched\)", board.status)
        board.new_game_button.click()


def test_the_perfect_computer_refuses_a_lattice_too_large_to_solve_quickly() -> None:
    with pytest.raises(ValueError, match="at most 36 points at once; 7 x 6 has 42"):
        CrawlerBoard(7, 6, computer="perfect")


def careful_click(board: CrawlerBoard, rng: random.Random) -> None:
    """The human closes the line when a click can, else avoids letting the computer close at once."""
    rules, state = board.rules, board.state
    if board.chosen is None and state.line:
        closing = sorted(board.closing_targets())
        safe = sorted(m[1] for m in rules.legal_moves(state)
                      if not rules.closes(state, m) and not rules.gives_a_close(state, m))
        if closing or safe:
            board.buttons[rng.choice(closing or safe)].click()
            return
    click_a_target(board, rng)


def test_against_c_on_its_own_lattice() -> None:
    board = CrawlerBoard(human_first=False, seed=0)
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
    board = CrawlerBoard(computer="perfect", human_first=False, seed=2)
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

    board = CrawlerBoard(3, 2, computer=mine, human_first=False)
    assert calls == [board.start] and board.steps[0].move == board.rules.legal_moves(board.start)[-1]
    play_out(board, random.Random(1))
    assert_finished(board)


def test_an_unknown_computer_is_refused() -> None:
    with pytest.raises(ValueError, match="the computer plays one of 'source', 'perfect', 'random'"):
        CrawlerBoard(computer="clever")


# New game, seeds, records, labels ----------------------------------------------------------


def test_a_click_after_the_end_says_the_game_is_over() -> None:
    board = closing_position()
    board.click(Coord(1, 0))
    before = looks(board)
    board.buttons[Coord(2, 1)].click()
    assert board.status == "Not allowed: the game is over. You win!"
    assert looks(board) == before


def test_new_game_starts_again_and_forgets_a_chosen_point() -> None:
    board = CrawlerBoard(4, 3, computer="random", seed=2)
    board.click(Coord(0, 0))
    board.click(Coord(1, 0))
    board.click(sorted(board.targets())[0])
    board.new_game_button.click()
    assert board.state == board.start == Crawler(4, 3).initial_state()
    assert board.steps == [] and board.chosen is None and board.record.moves == ()
    assert board.status == "Your turn: click a point, then a neighbour, to draw the first segment."
    assert set(kinds(board).values()) == {"target"}
    assert board.picture.value == lattice_svg(board.start)
    later = CrawlerBoard(4, 3, human_first=False, seed=2)
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


def test_no_point_ever_gets_an_empty_label() -> None:
    board = CrawlerBoard(4, 3, computer="random", seed=3)

    def actions() -> None:
        board.buttons[Coord(1, 1)].click()
        board.buttons[Coord(1, 1)].click()  # chosen, then cancelled
        board.buttons[Coord(1, 1)].click()
        board.buttons[Coord(2, 1)].click()
        board.hint_toggle.value = True
        rng = random.Random(0)
        while not board.is_over:
            click_a_target(board, rng)
        board.hint_toggle.value = False
        board.new_game_button.click()

    seen = no_empty_label(board, actions)
    assert (Coord(1, 1), MARKS["chosen"]) in seen and (Coord(1, 1), MARKS["free"]) in seen
    assert BLANK not in {text for _point, text in seen}  # every point always shows a mark
    assert {shown(b) for b in board.buttons.values()} == {MARKS["free"]}
