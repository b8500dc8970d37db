"""D's tic-tac-toe program: Best_Move's choice, score, node count and messages.

The expected numbers come from D's text (its scores, its messages, its way of counting),
from positions small enough to search by hand (worked out in the comments), from a plain
minimax written here, and from REFERENCE.md. Appendix В of D's report shows its test run
only as screenshots, so there is no transcript to replay.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

import pytest

from coursekit.core import Coord, Player, play
from coursekit.games.tictactoe import (
    SOURCE_LINES,
    SOURCE_SQUARES,
    SourceChoice,
    TicTacToe,
    TicTacToeState,
    source_best_move,
    source_board,
    source_describe,
    source_numbering,
    source_order,
    source_strategy,
    square_number,
    square_of,
)
from coursekit.games.tictactoe.source import _SourceSearch

RULES = TicTacToe()
MARKS = "XO"


def reachable() -> Iterator[TicTacToeState]:
    """Every position of a game from the empty board (each once)."""
    seen = {RULES.initial_state()}
    todo = [RULES.initial_state()]
    while todo:
        state = todo.pop()
        yield state
        for move in RULES.legal_moves(state):
            child = RULES.next_state(state, move)
            if child not in seen:
                seen.add(child)
                todo.append(child)


ALL = list(reachable())
TO_MOVE = [s for s in ALL if not RULES.is_over(s)]


@cache
def d_choice(state: TicTacToeState) -> SourceChoice:
    """D's choice, worked out once per position for all the tests that look at every position."""
    return source_best_move(RULES, state)


# A plain minimax with D's scores, from the mover's side: a win on move n of the game is
# worth 10 - n to the winner and n - 10 to the loser, a full board 0 (D's Best_Move).

def end_score(state: TicTacToeState) -> int:
    """The score of a finished game for the player who made its last move."""
    return 10 - state.filled if state.winner is not None else 0


@cache
def exact(state: TicTacToeState) -> int:
    """The value of ``state`` for the player to move, by plain minimax (negamax)."""
    best = -100
    for move in RULES.legal_moves(state):
        child = RULES.next_state(state, move)
        score = end_score(child) if RULES.is_over(child) else -exact(child)
        best = max(best, score)
    return best


def after(state: TicTacToeState, move: Coord) -> int:
    """The value of a move for the player who makes it."""
    child = RULES.next_state(state, move)
    return end_score(child) if RULES.is_over(child) else -exact(child)


# The same search as D's, written again from D's text in another shape, over the course's
# states: negamax (one branch, the window turned at each level) instead of D's X and O
# branches, Python's stable sort instead of D's insertion sort, the course's lines instead
# of D's table. Where both agree, each checks the other.

LINE_VALUE = {(0, 1): -10, (0, 2): -100, (0, 3): -1000, (1, 0): 10, (2, 0): 100, (3, 0): 1000}


def heuristic(state: TicTacToeState, mark: str) -> int:
    """D's line heuristic of a board for ``mark``."""
    total = 0
    for line in RULES.lines:
        marks = [state.at(cell) for cell in line]
        mine = marks.count(mark)
        theirs = sum(1 for m in marks if m not in (mark, "."))
        total += LINE_VALUE.get((mine, theirs), 0)
    return total


def ordered_moves(state: TicTacToeState) -> list[Coord]:
    mark = MARKS[state.turn]
    moves = RULES.legal_moves(state)  # reading order = D's square order
    return sorted(moves, key=lambda m: -heuristic(RULES.next_state(state, m), mark))


@dataclass
class Counter:
    nodes: int = 0


def negamax(state: TicTacToeState, alpha: int, beta: int, counter: Counter, prune: bool = True) -> tuple[int, Coord]:
    counter.nodes += 1  # one count per call, as D's Total_Nodes++
    best: Coord = Coord(-1, -1)
    for move in ordered_moves(state):
        child = RULES.next_state(state, move)
        score = end_score(child) if RULES.is_over(child) else -negamax(child, -beta, -alpha, counter, prune)[0]
        if prune and score >= beta:
            return score, move
        if score > alpha:
            alpha, best = score, move
    return alpha, best


def independent(state: TicTacToeState) -> tuple[Coord, int, int]:
    counter = Counter()
    score, move = negamax(state, -10, 10, counter)
    return move, score, counter.nodes


# From the empty board.

def test_from_the_empty_board_d_takes_the_centre_and_promises_a_draw():
    choice = source_best_move(RULES, RULES.initial_state())
    assert choice == SourceChoice(Coord(1, 1), 0, 1214, "I can guarantee you a draw.", 1, "X")
    assert choice.square == 5
    assert exact(RULES.initial_state()) == 0  # perfect play draws (REFERENCE)
    assert independent(RULES.initial_state()) == (Coord(1, 1), 0, 1214)
    assert str(choice).splitlines() == ["I can guarantee you a draw.", "1214 nodes examined.",
                                        "Move #1 - X moves to 5"]


@cache
def calls_without_pruning(state: TicTacToeState) -> int:
    """One call for ``state`` and the calls for each move that does not end the game."""
    children = (RULES.next_state(state, move) for move in RULES.legal_moves(state))
    return 1 + sum(calls_without_pruning(child) for child in children if not RULES.is_over(child))


@pytest.mark.slow
def test_the_way_of_counting_gives_the_full_trees_inner_nodes_without_pruning():
    # D counts one node per call: a position where someone is to move. Without pruning the
    # same counting gives every position of the full tree that is not a finished game:
    # 549,946 nodes less 255,168 finished games (REFERENCE.md).
    assert calls_without_pruning(RULES.initial_state()) == 549_946 - 255_168
    # The search written again counts that way when it does not prune (checked after four moves).
    for state in [s for s in TO_MOVE if s.filled == 4]:
        counter = Counter()
        negamax(state, -10, 10, counter, prune=False)
        assert counter.nodes == calls_without_pruning(state)
    # Pruning is what brings D from 294,778 down to 1,214 from the empty board.


# Positions small enough to search by hand.

def test_one_empty_square_is_one_node():
    state = RULES.position("XOX/XOO/OX.")  # X to move on move 9; square 9 makes no line
    choice = source_best_move(RULES, state)
    assert (choice.square, choice.score, choice.nodes) == (9, 0, 1)
    assert choice.message == "I can guarantee you a draw."


def test_a_hand_counted_search_of_three_empty_squares():
    # X O X      X to move on move 7. X wins at 9 (right column); O threatens 8 (middle column).
    # O O X      D's heuristic puts 9 first (a line of three, +1000): score 10 - 7 = 3, alpha = 3.
    # . . .      Then 7: O's reply 8 wins (score 8 - 10 = -2 <= 3), a cut after one node.
    #            Then 8 (a block): O's node, and in it X's node for O's first reply; X scores
    #            1 (win on move 9) or 0 (draw), not above 3, so it returns 3 and O's node cuts.
    # Calls: the root, O's node after 7, O's node after 8, X's node below it = 4.
    choice = source_best_move(RULES, RULES.position("XOX/OOX/..."))
    assert (choice.square, choice.score, choice.nodes) == (9, 3, 4)
    assert choice.message == "A win is guaranteed by move 7."
    assert source_order(source_board(RULES, RULES.position("XOX/OOX/...")), "X")[0][0] == 8  # square 9 first


def test_a_hand_counted_search_for_o():
    # X O X      O to move on move 8; the marks are swapped so that D's computer is X.
    # X O .      Both moves draw. Each leaves one square, so each gets a node of its own:
    # O X .      the root and two = 3. Squares 6 and 9 close a line of X each (+10 both),
    #            so D keeps the first, 6.
    choice = source_best_move(RULES, RULES.position("XOX/XO./OX."))
    assert choice == SourceChoice(Coord(2, 1), 0, 3, "I can guarantee you a draw.", 8, "O")
    assert str(choice).splitlines()[-1] == "Move #8 - O moves to 6"


def test_an_immediate_win_is_reported_with_its_move_number():
    # X O .      X completes the left column at 7 on move 5: score 10 - 5 = 5.
    # X O .
    # . . .
    choice = source_best_move(RULES, RULES.position("XO./XO./..."))
    assert (choice.square, choice.score, choice.message) == (7, 5, "A win is guaranteed by move 5.")


# Every position where someone is to move.

def test_there_are_4520_positions_to_move_in():
    assert len(ALL) == 5478  # REFERENCE.md
    assert len(TO_MOVE) == 5478 - 958


@pytest.mark.slow
def test_d_agrees_with_the_search_written_again_on_every_position():
    for state in TO_MOVE:
        choice = d_choice(state)
        assert (choice.move, choice.score, choice.nodes) == independent(state), state


def test_ds_score_is_the_exact_value_and_its_move_reaches_it():
    # The root is searched with the window (-10, 10), wider than any score, so the score is exact.
    for state in TO_MOVE:
        choice = d_choice(state)
        assert choice.score == exact(state), state
        assert after(state, choice.move) == choice.score, state
        assert choice.message == source_describe(choice.score)
        assert choice.move_number == state.filled + 1
        assert choice.mark == MARKS[state.turn]


def wins_at_once(state: TicTacToeState, mark: str) -> set[Coord]:
    """The empty cells where ``mark`` would complete a line."""
    found = set()
    for line in RULES.lines:
        marks = [state.at(cell) for cell in line]
        if marks.count(mark) == 2 and marks.count(".") == 1:
            found.add(line[marks.index(".")])
    return found


def test_an_immediate_win_is_taken_and_a_single_threat_blocked():
    taken = blocked = 0
    for state in TO_MOVE:
        move = d_choice(state).move
        mine = wins_at_once(state, MARKS[state.turn])
        theirs = wins_at_once(state, MARKS[1 - state.turn])
        if mine:
            assert move in mine, state
            taken += 1
        elif len(theirs) == 1:
            assert move in theirs, state
            blocked += 1
    assert taken > 0 and blocked > 0


def test_the_sign_of_the_score_matches_the_game_value():
    for state in TO_MOVE:
        score = d_choice(state).score
        value = exact(state)
        assert (score > 0, score == 0, score < 0) == (value > 0, value == 0, value < 0)


# The swapped board is D's own O branch.

def test_swapping_the_marks_is_ds_search_for_o():
    for state in TO_MOVE:
        if state.turn != 1:
            continue
        choice = d_choice(state)
        board = [{"X": "X", "O": "O"}.get(state.at(square_of(n)), " ") for n in range(1, 10)]
        search = _SourceSearch()
        score, square = search.best_move(board, "O", state.filled + 1, -10, 10)
        assert (square_of(square + 1), -score, search.nodes) == (choice.move, choice.score, choice.nodes), state


# D's player never loses.

def outcomes_against_every_reply(state: TicTacToeState, d_plays: int) -> dict[str, int]:
    """Play D for ``d_plays`` against every sequence of the other player's moves; count the endings."""
    if RULES.is_over(state):
        who = "draw" if state.winner is None else ("D" if state.winner == d_plays else "other")
        return {who: 1}
    moves = [d_choice(state).move] if state.turn == d_plays else list(RULES.legal_moves(state))
    total: dict[str, int] = {}
    for move in moves:
        for who, count in outcomes_against_every_reply(RULES.next_state(state, move), d_plays).items():
            total[who] = total.get(who, 0) + count
    return total


@pytest.mark.parametrize("d_plays", [0, 1])
def test_d_never_loses_against_any_sequence_of_replies(d_plays):
    endings = outcomes_against_every_reply(RULES.initial_state(), d_plays)
    assert endings.get("other", 0) == 0
    assert endings.get("D", 0) > 0 and endings.get("draw", 0) > 0


def test_d_against_itself_through_the_engine_draws():
    record = play(RULES, [Player("D", source_strategy()), Player("D as O", source_strategy())])
    assert record.end == "draw"
    assert record.moves[0].move == Coord(1, 1)


# Messages, numbering, errors.

def test_describe_says_what_d_prints():
    assert source_describe(-1) == "You have a guaranteed win."
    assert source_describe(0) == "I can guarantee you a draw."
    # D prints Maximum_Moves - Score + 1: the move of the game on which X completes its line.
    assert [source_describe(s) for s in (5, 1)] == ["A win is guaranteed by move 5.", "A win is guaranteed by move 9."]


def test_ds_numbering_is_reading_order_and_ds_lines_are_the_boards_lines():
    assert [SOURCE_SQUARES[n] for n in (1, 3, 5, 7, 9)] == [Coord(0, 2), Coord(2, 2), Coord(1, 1), Coord(0, 0),
                                                          Coord(2, 0)]
    assert all(square_number(cell) == n for n, cell in SOURCE_SQUARES.items())
    assert [square_number(m) for m in RULES.legal_moves(RULES.initial_state())] == list(range(1, 10))
    d_lines = {frozenset(SOURCE_SQUARES[i + 1] for i in line) for line in SOURCE_LINES}
    assert d_lines == {frozenset(line) for line in RULES.lines}
    picture = source_numbering().splitlines()
    assert picture[0].startswith(" 1 | 2 | 3") and picture[1] == "---+---+---" and "9 = [2, 0]" in picture[4]


def test_other_boards_and_finished_games_are_refused():
    with pytest.raises(ValueError, match="3 x 3"):
        source_best_move(TicTacToe(4, 4, 3), TicTacToe(4, 4, 3).initial_state())
    with pytest.raises(ValueError, match="3 x 3"):
        source_best_move(TicTacToe(num_players=3), TicTacToe(num_players=3).initial_state())
    with pytest.raises(ValueError, match="game is over"):
        source_best_move(RULES, RULES.position("XXX/OO./..."))
