"""D's program, faithfully: Best_Move, its alpha-beta search with its line heuristic, and Describe.

It plays the 3 x 3 board, three in a row, two players, as X or as O, and says what it found.

>>> from coursekit.games.tictactoe import TicTacToe
>>> rules = TicTacToe()
>>> choice = source_best_move(rules, rules.position("XX./OO./..."))
>>> choice.move, choice.score > 0
(Coord(x=2, y=2), True)
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from ...core.grid import Coord
from .rules import MARKS, TicTacToe, TicTacToeState, square_number, square_of

__all__ = [
    "SOURCE_HEURISTIC", "SOURCE_LINES", "SOURCE_SQUARES", "SourceBoard", "SourceChoice", "source_best_move",
    "source_board", "source_describe", "source_evaluate", "source_numbering", "source_order", "source_strategy",
    "source_winner",
]


#: D's board: nine characters ``"X"``, ``"O"`` or ``" "``; square ``n`` (1 to 9, reading order) is at index ``n - 1``.
SourceBoard = list[str]

#: D's square numbers and the course's cells: ``SOURCE_SQUARES[1] == Coord(0, 2)`` (top left).
SOURCE_SQUARES: dict[int, Coord] = {number: square_of(number) for number in range(1, 10)}
#: The index in the course's board text (``TicTacToeState.cells``) of each of D's squares, in D's order.
_SQUARE_INDICES = tuple(cell.y * 3 + cell.x for cell in SOURCE_SQUARES.values())

#: D's ``Infinity``: the search starts with the window ``(-10, 10)``.
SOURCE_INFINITY = 10
#: D's ``Maximum_Moves``: a game has at most 9 moves.
SOURCE_MAXIMUM_MOVES = 9
#: D's ``Empty``.
SOURCE_EMPTY = " "
#: D's ``Three_in_a_Row``: the eight lines as indices of D's board, in D's order.
SOURCE_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
#: D's ``Heuristic_Array[players][others]``: what a line is worth with that many of the
#: player's marks and of the other's (a line holding both is worth nothing).
SOURCE_HEURISTIC = ((0, -10, -100, -1000), (10, 0, 0, 0), (100, 0, 0, 0), (1000, 0, 0, 0))


def source_numbering() -> str:
    """D's numbering of the squares, as D's program shows it, beside the course's cells.

    >>> print(source_numbering())
     1 | 2 | 3     1 = [0, 2]   2 = [1, 2]   3 = [2, 2]
    ---+---+---
     4 | 5 | 6     4 = [0, 1]   5 = [1, 1]   6 = [2, 1]
    ---+---+---
     7 | 8 | 9     7 = [0, 0]   8 = [1, 0]   9 = [2, 0]
    """
    rows = []
    for first in (1, 4, 7):
        numbers = range(first, first + 3)
        cells = "   ".join(f"{n} = {SOURCE_SQUARES[n]}" for n in numbers)
        rows.append(" " + " | ".join(str(n) for n in numbers) + "     " + cells)
    return "\n---+---+---\n".join(rows)


def source_other(player: str) -> str:
    """D's ``Other``: ``"O"`` for ``"X"`` and ``"X"`` for anything else."""
    return "O" if player == "X" else "X"


def source_winner(board: SourceBoard) -> str:
    """D's ``Winner``: the mark that has a line, ``"C"`` for a full board without one, ``" "`` while the game goes on.

    >>> source_winner(list("XXXOO    ")), source_winner(list("XOXXOOOXX")), source_winner(list(" " * 9))
    ('X', 'C', ' ')
    """
    for line in SOURCE_LINES:
        possible_winner = board[line[0]]
        if possible_winner != SOURCE_EMPTY and possible_winner == board[line[1]] == board[line[2]]:
            return possible_winner
    return SOURCE_EMPTY if SOURCE_EMPTY in board else "C"


def source_evaluate(board: SourceBoard, player: str) -> int:
    """D's ``Evaluate``: the sum over the eight lines of ``SOURCE_HEURISTIC[players][others]``.

    A line with only the player's marks counts +10, +100, +1000 for one, two, three of them;
    a line with only the other's marks counts as much against; a line with both counts 0.

    >>> source_evaluate(list("    X    "), "X"), source_evaluate(list("X        "), "X")
    (40, 30)
    >>> source_evaluate(list("XX  O    "), "O")
    -90
    """
    other = source_other(player)
    heuristic = 0
    for a, b, c in SOURCE_LINES:
        marks = (board[a], board[b], board[c])
        heuristic += SOURCE_HEURISTIC[marks.count(player)][marks.count(other)]
    return heuristic


def source_order(board: SourceBoard, player: str) -> list[tuple[int, int]]:
    """D's move ordering: every empty square (an index of D's board) with the value
    :func:`source_evaluate` gives the board after ``player`` marks it, best first.

    D sorts by insertion, moving a square ahead only of squares with a *smaller* value, so
    squares of equal value stay in the order of their numbers.

    >>> source_order(list(" " * 9), "X")
    [(4, 40), (0, 30), (2, 30), (6, 30), (8, 30), (1, 20), (3, 20), (5, 20), (7, 20)]
    """
    key = (player, *board)
    known = _ORDERS.get(key)
    if known is None:
        known = _ORDERS[key] = tuple(_source_order(list(board), player))
    return list(known)


#: :func:`source_order` of every board and player asked for so far (D's boards: at most 2 x 3 ** 9).
_ORDERS: dict[tuple[str, ...], tuple[tuple[int, int], ...]] = {}


def _source_order(board: SourceBoard, player: str) -> list[tuple[int, int]]:
    """:func:`source_order` worked out (``board`` is a copy it may mark and unmark)."""
    ordered: list[tuple[int, int]] = []
    for square in range(len(board)):
        if board[square] == SOURCE_EMPTY:
            board[square] = player
            heuristic = source_evaluate(board, player)
            board[square] = SOURCE_EMPTY
            place = len(ordered)
            while place > 0 and ordered[place - 1][1] < heuristic:
                place -= 1
            ordered.insert(place, (square, heuristic))
    return ordered


def source_describe(score: int) -> str:
    """D's ``Describe``: what the score of the computer's move means, in English.

    The computer is X; a score below 0 means the human (O) can force a win, 0 a draw, and
    ``s > 0`` that X wins on move ``10 - s`` of the game at the latest.

    >>> source_describe(-3)
    'You have a guaranteed win.'
    >>> source_describe(0)
    'I can guarantee you a draw.'
    >>> source_describe(3)
    'A win is guaranteed by move 7.'
    """
    if score < 0:
        return "You have a guaranteed win."
    if score == 0:
        return "I can guarantee you a draw."
    return f"A win is guaranteed by move {SOURCE_MAXIMUM_MOVES - score + 1}."


class _SourceSearch:
    """D's ``Best_Move`` with its global node counter ``Total_Nodes``."""

    def __init__(self) -> None:
        self.nodes = 0

    def best_move(self, board: SourceBoard, player: str, move_nbr: int, alpha: int, beta: int) -> tuple[int, int]:
        """D's ``Best_Move(Board, Player, &Square, Move_Nbr, Alpha, Beta)``: the score and ``Square``.

        Scores are X's: X maximises, O minimises, both inside the window ``(alpha, beta)``,
        which is passed down unchanged. A square is ``-1`` when no move improved the window.
        """
        self.nodes += 1
        best_square = -1
        for square, _ in source_order(board, player):
            board[square] = player
            winner = source_winner(board)
            if winner == "X":
                score = (SOURCE_MAXIMUM_MOVES + 1) - move_nbr
            elif winner == "O":
                score = move_nbr - (SOURCE_MAXIMUM_MOVES + 1)
            elif winner == "C":
                score = 0
            else:
                score, _ = self.best_move(board, source_other(player), move_nbr + 1, alpha, beta)
            board[square] = SOURCE_EMPTY
            if player == "X":
                if score >= beta:
                    return score, square
                if score > alpha:
                    alpha, best_square = score, square
            else:
                if score <= alpha:
                    return score, square
                if score < beta:
                    beta, best_square = score, square
        return (alpha if player == "X" else beta), best_square


@dataclass(frozen=True)
class SourceChoice:
    """The move D's program makes, its score, the nodes it counted and what it says.

    ``score`` is D's: positive when the computer wins (on move ``10 - score`` of the game
    at the latest), negative when the human can force a win, 0 for a draw. ``move_number``
    is D's ``Move_Nbr`` (the move of the game being made, 1 to 9) and ``mark`` the
    computer's mark on the course's board.
    """

    move: Coord
    score: int
    nodes: int
    message: str
    move_number: int
    mark: str = "X"

    @property
    def square(self) -> int:
        """D's number of the chosen square (1 to 9)."""
        return square_number(self.move)

    def __str__(self) -> str:
        """The three lines D prints for the computer's move."""
        return (f"{self.message}\n{self.nodes} nodes examined.\n"
                f"Move #{self.move_number} - {self.mark} moves to {self.square}")


def source_board(rules: TicTacToe, state: TicTacToeState) -> SourceBoard:
    """D's board for ``state``, seen by the player to move: the mover's marks are ``"X"``.

    D's computer always plays X. When O is to move the marks are swapped, which is the board
    D's program holds in a game where the human chose to start (D's human, O, then moves first).

    >>> rules = TicTacToe()
    >>> source_board(rules, rules.position("X../.O./..."))
    ['X', ' ', ' ', ' ', 'O', ' ', ' ', ' ', ' ']
    >>> source_board(rules, rules.position("X../.../..."))
    ['O', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ']
    """
    if (rules.width, rules.height, rules.k, rules.num_players) != (3, 3, 3, 2):
        raise ValueError(f"D's program plays on the 3 x 3 board, three in a row, two players; these rules are "
                         f"{rules.width} x {rules.height}, k = {rules.k}, {rules.num_players} players")
    swap = {MARKS[0]: "O", MARKS[1]: "X"} if state.turn == 1 else {MARKS[0]: "X", MARKS[1]: "O"}
    cells = state.cells
    return [swap.get(cells[index], SOURCE_EMPTY) for index in _SQUARE_INDICES]


def source_best_move(rules: TicTacToe, state: TicTacToeState) -> SourceChoice:
    """D's choice for the player to move: ``Best_Move(Board, 'X', &Square, Move_Nbr, -10, 10)``.

    Faithful to D's program:

    * alpha-beta over D's scores, which count the moves: X winning on move ``n`` of the game
      scores ``10 - n``, O winning on move ``n`` scores ``n - 10``, a full board 0; X
      maximises and O minimises, and the window ``(alpha, beta)`` is passed down unchanged,
      starting at ``(-10, 10)``; the search goes to the end of the game (no depth limit);
    * at every node the moves are tried in D's order (:func:`source_order`): the value of
      D's line heuristic after the move, highest first, ties in the order of the squares;
    * among moves of equal score the first one tried is kept (a later move must be strictly
      better to replace it);
    * ``nodes`` is D's ``Total_Nodes``: one count per call of the search, the first call
      included. A move that ends the game is scored where it is made, with no call, so
      finished positions are not counted: D counts the positions where a player still has
      to move, not every position it looks at.

    D's computer is always X. When O is to move, the marks are swapped and D's search plays
    the swapped board as X: this is exactly the board D's program searches in a game where
    the human starts (the human is D's O and moves first, the computer moves second). The
    score and the message are then the computer's, as D prints them. (Swapping the marks
    gives the same move, score and nodes as D's own search called for O on the unswapped
    board, with the score's sign turned: D's X and O branches mirror each other.)

    What the tests found, on every one of the 4,520 positions where someone is to move: D's
    score is the exact value of the position (the first window, ``(-10, 10)``, is wider than
    any score, so the root is never cut), the move D makes reaches it, and D's player never
    loses, as X or as O. D's search has no defect that changes a move. What is odd in it:

    * D passes its one ``Square`` variable down to every level of the search, so each call
      overwrites the caller's; it does no harm because the first call writes its own choice
      last;
    * a call in which no move beats the window leaves ``Best_Square`` at ``-1``; that never
      happens in the first call, for the same reason as above;
    * D's report says the program "computes the value of every move, sorts the moves by value
      and picks the best"; in fact the sort is by the line heuristic, only to order the
      search, and alpha-beta cuts off moves that cannot beat the best one found, so most moves
      never get an exact value.

    Outside the search (not reproduced; the course's engine checks moves): D's ``Move`` reads
    the human's square with no check that it is 1 to 9, so a wrong number reads (and may mark)
    a cell outside the board; on input that is not a number ``scanf`` reads nothing and the
    loop goes on with whatever ``Square`` held (at first an undefined value), one less on
    each turn, so it may mark a square the human never chose. The published ``Print`` line
    is garbled (part of its ``printf`` is lost). In D's game the human who starts plays O, so
    O moves first, unlike the course's rules, where X always starts.

    >>> rules = TicTacToe()
    >>> choice = source_best_move(rules, rules.initial_state())
    >>> choice.square, choice.score, choice.nodes
    (5, 0, 1214)
    >>> print(choice)
    I can guarantee you a draw.
    1214 nodes examined.
    Move #1 - X moves to 5
    >>> print(source_best_move(rules, rules.position("XO./XO./...")))
    A win is guaranteed by move 5.
    10 nodes examined.
    Move #5 - X moves to 7
    """
    board = source_board(rules, state)
    if rules.is_over(state):
        raise ValueError("the game is over: D's program asks for no move")
    return _source_choice(state.cells, state.turn, state.filled, tuple(board))


@functools.cache
def _source_choice(cells: str, turn: int, filled: int, start: tuple[str, ...]) -> SourceChoice:
    """D's choice on a board of the course (``cells``, ``turn``) that is not over, searched once.

    ``filled`` and ``start`` (D's board) follow from ``cells`` and ``turn``; at most 4,520
    positions have someone to move, so this keeps each one's choice once it is made.
    """
    board = list(start)
    search = _SourceSearch()
    move_nbr = filled + 1
    score, square = search.best_move(board, "X", move_nbr, -SOURCE_INFINITY, SOURCE_INFINITY)
    return SourceChoice(square_of(square + 1), score, search.nodes, source_describe(score), move_nbr, MARKS[turn])


def source_strategy() -> Callable[[TicTacToe, TicTacToeState], Coord]:
    """A player who makes D's choice (:func:`source_best_move`), as X or as O.

    >>> from coursekit.core import Player, play
    >>> rules = TicTacToe()
    >>> record = play(rules, [Player("D", source_strategy()), Player("D again", source_strategy())])
    >>> record.end, [square_number(step.move) for step in record.moves]
    (<End.DRAW: 'draw'>, [5, 1, 3, 7, 4, 6, 8, 2, 9])
    """

    def choose(rules: TicTacToe, state: TicTacToeState) -> Coord:
        return source_best_move(rules, state).move

    return choose
