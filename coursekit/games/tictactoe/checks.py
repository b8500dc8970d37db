"""Checks for the tic-tac-toe assignment: a student's ``best_move(board)`` and ``alphabeta(board)``.

Students work with plain values. A **board** is a list of three strings, the top row
first, each cell ``"X"``, ``"O"`` or ``"."``: ``["XO.", ".X.", "..O"]``. A **move** is the
cell to mark, a tuple ``(x, y)`` with ``(0, 0)`` at the bottom left, as everywhere in the
course. X moves first, so the counts of the marks say whose turn it is. A **value** is for
the player to move: ``1`` a win, ``0`` a draw, ``-1`` a loss, with best play on both sides.

- ``best_move(board)`` must return a move of the best value (any of them); the truth is
  the exact value of every move (:func:`values`, which agrees with
  :func:`coursekit.solvers.gametree.move_values`).
- ``alphabeta(board)`` returns ``(value, nodes)``: the exact value, and how many positions
  the search visited (every call of the recursion, the root included). The nodes are
  compared with the reference alpha-beta (:func:`reference_alphabeta`: empty cells in
  reading order, the window ``(-inf, inf)`` at the root).

**The nodes are measured, not reported.** Every position a search visits, apart from the
board it was given, is a board made with the setup cell's ``play(board, x, y)``: the grader
counts the uses of ``play`` during the call (in the grading sandbox ``play`` asks the grader,
which answers and counts each use; in a notebook :class:`CountsPlay` counts them) and grades
``1 + uses``; the number the student's code returns is ignored. A search that makes its
boards some other way is measured as visiting almost nothing, and a count below the
reference's earns ``yours / reference``: bypassing ``play`` loses the node points.

>>> best = best_move_check([["X..", ".O.", "..."]])
>>> run_check(lambda board: (0, 2), best)
Traceback (most recent call last):
...
AssertionError: best_move(['X..', '.O.', '...']) returned (0, 2), which is not a legal move: [0, 2] is taken: \
X marked it.
<BLANKLINE>
2  X . .
1  . O .
0  . . .
   0 1 2
X the first player, O the second player
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ...core.grid import Coord, Grid
from ...grading.answers import as_pair, shown
from ...grading.kernel import Case, Check, Malformed, run_check, score_check
from ...grading.pictures import MOVES, picture
from .rules import MARKS, TicTacToe, TicTacToeState

__all__ = [
    "alphabeta_check", "best_move_check", "board_of", "board_picture", "check_alphabeta", "check_best_move",
    "hidden_positions", "node_share", "reference_alphabeta", "score_alphabeta_nodes", "score_best_move",
    "state_of", "value", "values", "warm",
]

Board = list[str]

RULES = TicTacToe()

#: A search earns the full share of a position when it visits at most this many times the reference's nodes.
NODE_SLACK = 1.2

LEGEND = {"X": "the first player", "O": "the second player", **MOVES}

_WORDS = {1: "a win", 0: "a draw", -1: "a loss"}


def state_of(board: Sequence[str]) -> TicTacToeState:
    """The library's state of a student's board (rows top first).

    >>> state_of(["XO.", ".X.", "..O"])
    TicTacToeState('XO./.X./..O', turn=0)
    """
    return RULES.position("/".join(board))


def board_of(state: TicTacToeState) -> Board:
    """A student's board: the rows, top row first.

    >>> board_of(RULES.position("XO./.X./..O"))
    ['XO.', '.X.', '..O']
    """
    return state.rows_top_first()


def board_picture(state: TicTacToeState, marks: dict[Coord, str] | None = None) -> str:
    """The board with its marks and, on empty cells, ``marks`` (Y your move, R a reply, B a better move)."""
    cells = {cell: state.at(cell) for cell in Grid(3, 3).cells() if state.at(cell) != "."}
    for cell, mark in (marks or {}).items():
        cells.setdefault(cell, mark)
    return picture(Grid(3, 3), cells, LEGEND, blocked=False)


@cache
def value(state: TicTacToeState) -> int:
    """The exact value of ``state`` for the player to move (memoised negamax over the whole game).

    It agrees with :func:`coursekit.solvers.gametree.solve` on every position (the tests
    check this); computing it here once keeps the hidden tests fast.

    >>> value(RULES.initial_state()), value(RULES.position("XX./OO./X.."))
    (0, 1)
    """
    if state.winner is not None:
        return -1
    moves = RULES.legal_moves(state)
    if not moves:
        return 0
    return max(-value(RULES.next_state(state, move)) for move in moves)


@cache
def values(state: TicTacToeState) -> dict[Coord, int]:
    """The exact value of each legal move, for the player making it."""
    return {move: -value(RULES.next_state(state, move)) for move in RULES.legal_moves(state)}


def reference_alphabeta(state: TicTacToeState) -> tuple[int, int]:
    """``(value, nodes)`` of the textbook alpha-beta the notebook asks for.

    Negamax form; empty cells in reading order (the top row first); the window
    ``(-inf, inf)`` at the root; every call counts as a node, the root and the ends of
    games included.

    >>> reference_alphabeta(RULES.position("XOX/OXO/..."))
    (1, 6)
    """
    nodes = 0

    def search(here: TicTacToeState, alpha: float, beta: float) -> float:
        nonlocal nodes
        nodes += 1
        if here.winner is not None:
            return -1  # the player who just moved won
        moves = RULES.legal_moves(here)
        if not moves:
            return 0
        best = -float("inf")
        for move in moves:
            score = -search(RULES.next_state(here, move), -beta, -alpha)
            best = max(best, score)
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        return best

    result = search(state, -float("inf"), float("inf"))
    return int(result), nodes


@cache
def _positions() -> tuple[TicTacToeState, ...]:
    """Every position of a game in progress reachable from the start, in a fixed order (worked out once)."""
    seen: dict[TicTacToeState, None] = {}
    frontier = [RULES.initial_state()]
    while frontier:
        state = frontier.pop()
        if state in seen or RULES.is_over(state):
            continue
        seen[state] = None
        frontier.extend(RULES.next_state(state, move) for move in RULES.legal_moves(state))
    return tuple(sorted(seen, key=lambda s: (s.filled, s.cells)))


@cache
def _tricky(fewest: int, most: int) -> tuple[TicTacToeState, ...]:
    """The positions with ``fewest`` to ``most`` marks where some move is worse than the best (worked out once)."""
    return tuple(s for s in _positions() if fewest <= s.filled <= most and len(set(values(s).values())) > 1)


@cache
def _tricky_kinds(fewest: int, most: int) -> tuple[tuple[TicTacToeState, ...], tuple[TicTacToeState, ...]]:
    """Of :func:`_tricky`'s positions, those where a fork decides, and those with a threat (worked out once)."""
    tricky = _tricky(fewest, most)
    return tuple(s for s in tricky if fork_decides(s)), tuple(s for s in tricky if threat(s))


def warm() -> None:
    """Work out what every student's hidden positions are drawn from (every position and its moves' values),
    once: ``coursekit grade`` calls this before it grades anyone, so that no submission's grading does it again.

    >>> warm(); len(_tricky(2, 9)) > len(_tricky(2, 3)) > 0
    True
    """
    _tricky_kinds(2, 9)
    _tricky_kinds(2, 3)


def hidden_positions(count: int, seed: int, *, fewest: int = 2, most: int = 9, forks: int = 0) -> list[Board]:
    """``count`` boards where some move is worse than the best, the same for the same ``seed``.

    Each has from ``fewest`` to ``most`` marks. First come ``forks`` positions where a fork
    decides (:func:`fork_decides`: the player to move can make two threats at once, or must
    stop the opponent from doing so), then half of the rest (rounded up) positions where the
    player to move must stop an immediate win of the opponent, then any others. A player
    that only wins, blocks and takes the centre misses the forks. Boards with few marks
    have big trees: there a search without cuts visits several times the positions
    alpha-beta visits, which is what the node test measures.

    >>> boards = hidden_positions(6, seed=1)
    >>> boards == hidden_positions(6, seed=1), len(boards), all(threat(state_of(b)) for b in boards[:3])
    (True, 6, True)
    >>> all(fork_decides(state_of(b)) for b in hidden_positions(6, seed=1, forks=2)[:2])
    True
    """
    rng = random.Random(seed)
    tricky = _tricky(fewest, most)
    forking, threats = _tricky_kinds(fewest, most)
    chosen: list[TicTacToeState] = []
    if forks:
        chosen += rng.sample(forking, forks)
    threatened = [s for s in threats if s not in chosen]
    chosen += rng.sample(threatened, (count - forks + 1) // 2)
    others = [s for s in tricky if s not in chosen]
    chosen += rng.sample(others, count - len(chosen))
    return [board_of(s) for s in chosen]


def threats_after(state: TicTacToeState, move: Coord, mark: str) -> int:
    """How many lines ``mark`` would have with two marks and an empty third cell after marking ``move``."""
    count = 0
    for line in RULES.lines:
        if move not in line:
            continue
        marks = [mark if cell == move else state.at(cell) for cell in line]
        count += marks.count(mark) == 2 and marks.count(".") == 1
    return count


def fork_decides(state: TicTacToeState) -> bool:
    """Whether a fork decides the position: nobody can complete a line at once, and either the player
    to move has a move that makes two threats, or the opponent would have one and some move lets it.

    >>> fork_decides(state_of(["X..", ".O.", "..X"]))  # O must not take a corner: X would fork
    True
    >>> fork_decides(state_of(["X..", "...", "..."]))
    False
    """
    mover, other = MARKS[state.turn], MARKS[1 - state.turn]
    if threat(state) is not None or len(set(values(state).values())) < 2:
        return False
    moves = RULES.legal_moves(state)
    if any(RULES.next_state(state, move).winner is not None for move in moves):
        return False
    return any(threats_after(state, move, mover) >= 2 for move in moves) or \
        any(threats_after(state, move, other) >= 2 for move in moves)


def threat(state: TicTacToeState) -> Coord | None:
    """A cell where the opponent of the player to move would complete a line, if there is one."""
    other = MARKS[1 - state.turn]
    for line in RULES.lines:
        marks = [state.at(cell) for cell in line]
        if marks.count(other) == 2 and marks.count(".") == 1:
            return line[marks.index(".")]
    return None


def _read_move(raw: Any, case: Case) -> Coord | Malformed:
    pair = as_pair(raw)
    if pair is None:
        example = RULES.legal_moves(case.data)[0]
        return Malformed(f"it must return the cell to mark, a tuple of two ints (x, y) such as {tuple(example)}")
    return Coord(*pair)


def _why_loses(after: TicTacToeState, mover: str) -> tuple[Coord, str]:
    """The opponent's best reply after a move, and what it does."""
    replies = values(after)
    best = max(replies.values())
    reply = next(m for m in RULES.legal_moves(after) if replies[m] == best)
    other = MARKS[after.turn]
    if RULES.next_state(after, reply).winner is not None:
        return reply, f"{other} answers {reply} and completes a line at once"
    outcome = "wins" if best == 1 else "draws"
    return reply, f"{other} answers {reply} and {outcome} with best play"


def teach_move(case: Case, move: Coord) -> str | None:
    """``None`` if ``move`` is legal and of the best value; else the teaching message."""
    state: TicTacToeState = case.data
    reason = RULES.why_illegal(state, move)
    if reason is not None:
        return f"{case.shown} returned {tuple(move)}, which is not a legal move: {reason}.\n\n{board_picture(state)}"
    scored = values(state)
    best = max(scored.values())
    if scored[move] == best:
        return None
    better = next(m for m in RULES.legal_moves(state) if scored[m] == best)
    mover = MARKS[state.turn]
    reply, why = _why_loses(RULES.next_state(state, move), mover)
    stop = threat(state)
    hint = ""
    if stop is not None and stop != move and RULES.next_state(state, move).winner is None:
        hint = (f"\nHint: {MARKS[1 - state.turn]} threatens to complete a line at {stop}: before anything else, "
                f"take a winning cell of your own, or else block that one.")
    elif threats_after(state, better, mover) >= 2:
        hint = (f"\nHint: {better} is a fork: it makes two threats at once, and {MARKS[1 - state.turn]} "
                f"can block only one.")
    elif threats_after(RULES.next_state(state, move), reply, MARKS[1 - state.turn]) >= 2:
        hint = (f"\nHint: after your move, {MARKS[1 - state.turn]}'s reply {reply} is a fork (two threats at once, "
                f"you can block only one): a best move stops it, or makes a threat of yours that must be answered.")
    return (f"{case.shown} returned {tuple(move)}: {mover} to move, and this move gives {_WORDS[scored[move]]}, "
            f"{why}.\n{better} instead gives {_WORDS[best]}.{hint}\n\n"
            f"{board_picture(state, {move: 'Y', reply: 'R', better: 'B'})}")


def _case(name: str, board: Sequence[str]) -> Case:
    rows = [str(row) for row in board]
    return Case((rows,), f"{name}({rows})", state_of(rows))


def best_move_check(boards: Iterable[Sequence[str]], *, per_call: float = 1.0, total: float = 10.0) -> Check:
    """The check of ``best_move(board)``: a legal move of the best value (any of them) on every board."""
    cases = [_case("best_move", board) for board in boards]
    for case in cases:
        if RULES.is_over(case.data):
            raise ValueError(f"not a position to test: {case.args[0]} (the game is over)")

    def judge(case: Case, move: Coord, expected: Any) -> str | None:
        reason = RULES.why_illegal(case.data, move)
        return None if reason is None else teach_move(case, move)

    def share(case: Case, move: Coord, expected: dict[Coord, int]) -> tuple[float, str]:
        best = max(expected.values())
        right = expected[move] == best
        return (1.0 if right else 0.0), f"{'/'.join(case.args[0])}: yours {tuple(move)}, " \
                                        f"{'a best move' if right else 'not a best move'}"

    return Check("best_move", cases, reference=lambda case: values(case.data), read=_read_move,
                 judge=judge, share=share, context=lambda case: board_picture(case.data),
                 per_call=per_call, total=total)


def check_best_move(func: Callable[[Board], Any], boards: Iterable[Sequence[str]], *, per_call: float = 1.0,
                    total: float = 10.0) -> int:
    """All or nothing: ``func(board)`` returns a best move on every board; stops at the first that is not.

    >>> check_best_move(lambda board: (1, 1), [["X..", "...", "..."]])
    1
    >>> check_best_move(lambda board: (2, 0), [["XX.", "OO.", "X.."]])
    Traceback (most recent call last):
    ...
    AssertionError: best_move(['XX.', 'OO.', 'X..']) returned (2, 0): O to move, and this move gives a loss, \
X answers [2, 2] and completes a line at once.
    [2, 1] instead gives a win.
    Hint: X threatens to complete a line at [2, 2]: before anything else, take a winning cell of your own, or else \
block that one.
    <BLANKLINE>
    2  X X R
    1  O O B
    0  X . Y
       0 1 2
    X the first player, O the second player, Y your move, R the opponent's reply, B a better move
    """
    check = best_move_check(boards, per_call=per_call, total=total)

    def strict(case: Case, move: Coord, expected: Any) -> str | None:
        return teach_move(case, move)

    return run_check(func, Check(check.name, check.cases, check.reference, check.read, strict,
                                 context=check.context, per_call=per_call, total=total))


def score_best_move(func: Callable[[Board], Any], boards: Iterable[Sequence[str]], points: float, *,
                    per_call: float = 1.0, total: float = 15.0,
                    report: Callable[[str], None] | None = print) -> float:
    """Partial points: each board where ``func`` returns a best move earns its share; the first miss is taught.

    >>> score_best_move(lambda board: (1, 1) if board[1][1] == "." else (2, 0),
    ...                 [["X..", "...", "..."], ["XX.", "OO.", "X.."]], 4, report=None)
    2.0
    """
    check = best_move_check(boards, per_call=per_call, total=total)
    score = score_check(func, check, points, scale="positions, one share each when your move is a best one",
                        report=report, unit="positions")
    if report is not None:
        missed = next((o for o, s in zip(score.outcomes, score.shares, strict=True) if s < 1), None)
        if missed is not None:
            report(f"The first position where your move is not a best one:\n{teach_move(missed.case, missed.value)}")
    return score.earned


@dataclass(frozen=True)
class SearchAnswer:
    """A student's ``(value, nodes)`` (``nodes`` a :class:`MeasuredNodes` where the grader counted them)."""

    value: int
    nodes: int


#: The helper of ps05's setup cell whose uses are counted: each use makes a board, a position the search visits.
PLAY = "play"


class MeasuredNodes(int):
    """Positions visited as the grader measured them: the board given, plus one for each use of ``play``."""


def measured_nodes(func: Callable[..., Any], case: Case, answer: Any) -> Any:
    """``answer`` with its node count replaced by the measured one, where the function is measured.

    ``func.asked("play")`` lists the uses of ``play`` during the last call (the grading sandbox,
    or :class:`CountsPlay` in a notebook); the nodes are ``1 + uses``. Elsewhere the answer is unchanged.

    >>> class Measured:
    ...     def asked(self, helper):
    ...         return [(["X..", "...", "..."], 1, 1)] * 4
    >>> measured_nodes(Measured(), None, (0, 1))
    (0, 5)
    >>> measured_nodes(print, None, (0, 1))
    (0, 1)
    """
    asked = getattr(func, "asked", None)
    if not callable(asked) or type(answer) is not tuple or tuple.__len__(answer) != 2:
        return answer
    return (tuple.__getitem__(answer, 0), MeasuredNodes(1 + len(asked(PLAY))))


class CountsPlay:
    """A notebook's function, with the uses of its notebook's ``play`` counted during each call, as the
    grader counts them (``asked``). ``play`` itself is unchanged.

    >>> space = {"play": lambda board, x, y: board}
    >>> exec("def search(board):\\n    return 0, 7 if play(play(board, 0, 0), 1, 1) else 0", space)
    >>> counted = CountsPlay(space["search"])
    >>> counted(["..."] * 3), len(counted.asked("play"))
    ((0, 7), 2)
    """

    def __init__(self, func: Callable[..., Any]) -> None:
        self.func = func
        self.__name__ = getattr(func, "__name__", "alphabeta")
        self.uses: list[tuple[Any, ...]] = []

    @staticmethod
    def fits(func: Callable[..., Any]) -> bool:
        """Whether ``func`` is a notebook's function whose module has a ``play`` to count."""
        space = getattr(func, "__globals__", None)
        return isinstance(space, dict) and callable(space.get(PLAY)) and not callable(getattr(func, "asked", None))

    def __call__(self, *args: Any) -> Any:
        space: dict[str, Any] = self.func.__globals__
        original = space[PLAY]
        uses: list[tuple[Any, ...]] = []
        self.uses = uses

        def play(*given: Any) -> Any:
            uses.append(given)
            return original(*given)

        space[PLAY] = play
        try:
            return self.func(*args)
        finally:
            space[PLAY] = original

    def asked(self, helper: str) -> list[tuple[Any, ...]]:
        """The arguments of each use of ``play`` during the last call."""
        return list(self.uses) if helper == PLAY else []


def _read_search(raw: Any, case: Case) -> SearchAnswer | Malformed:
    form = "it must return a pair (value, nodes): the value 1, 0 or -1 and the number of positions visited"
    if type(raw) is not tuple or tuple.__len__(raw) != 2:
        return Malformed(form)
    found, nodes = tuple.__iter__(raw)
    if type(found) is not int or found not in (-1, 0, 1):
        return Malformed("the value must be the int 1 (a win), 0 (a draw) or -1 (a loss) for the player to move",
                         what=f"value = {shown(found)}")
    if isinstance(nodes, MeasuredNodes):
        return SearchAnswer(int(found), nodes)
    if type(nodes) is not int or nodes < 1:
        return Malformed("nodes must be the number of positions your search visited, an int of at least 1 "
                         "(the board itself counts)", what=f"nodes = {shown(nodes)}")
    return SearchAnswer(int(found), int(nodes))


def node_share(nodes: int, reference: int) -> float:
    """A board's share of the node points: 1 from the reference's count to :data:`NODE_SLACK` x it (rounded
    down), ``allowance / yours`` above, ``yours / reference`` below (the search skipped positions, or made
    its boards without ``play``).

    >>> node_share(100, 100), node_share(120, 100), node_share(240, 100), node_share(1, 100)
    (1.0, 1.0, 0.5, 0.01)
    """
    allowed = int(NODE_SLACK * reference)
    if nodes < reference:
        return nodes / reference
    return 1.0 if nodes <= allowed else allowed / nodes


def _judge_search(case: Case, answer: SearchAnswer, expected: tuple[int, int]) -> str | None:
    state: TicTacToeState = case.data
    truth = value(state)
    if answer.value == truth:
        return None
    mover = MARKS[state.turn]
    scored = values(state)
    best = next(m for m in RULES.legal_moves(state) if scored[m] == truth)
    return (f"{case.shown} returned the value {answer.value} ({_WORDS[answer.value]} for {mover}), but the position "
            f"is {_WORDS[truth]} for {mover}: {best} gives {_WORDS[truth]} with best play on both sides.\n"
            f"Check the window: the child is searched with (-beta, -alpha) and its value is negated; cut only "
            f"when alpha >= beta, after the move's value has been counted.\n\n"
            f"{board_picture(state, {best: 'B'})}")


def alphabeta_check(boards: Iterable[Sequence[str]], *, per_call: float = 2.0, total: float = 15.0,
                    counts: bool = False) -> Check:
    """The check of ``alphabeta(board) -> (value, nodes)``: the exact value; the nodes for partial points
    (with ``counts``, measured where the function is measured: :func:`measured_nodes`)."""
    cases = [_case("alphabeta", board) for board in boards]

    def share(case: Case, answer: SearchAnswer, expected: tuple[int, int]) -> tuple[float, str]:
        reference = expected[1]
        earned = node_share(answer.nodes, reference)
        whose = "yours (measured)" if isinstance(answer.nodes, MeasuredNodes) else "yours"
        return earned, (f"{'/'.join(case.args[0])}: {whose} {answer.nodes}, allowance {int(NODE_SLACK * reference)} "
                        f"(reference {reference}), share {earned:.2f}")

    return Check("alphabeta", cases, reference=lambda case: reference_alphabeta(case.data), read=_read_search,
                 judge=_judge_search, share=share, context=lambda case: board_picture(case.data),
                 per_call=per_call, total=total, measure=measured_nodes if counts else None)


def check_alphabeta(func: Callable[[Board], Any], boards: Iterable[Sequence[str]], *, per_call: float = 2.0,
                    total: float = 15.0) -> int:
    """All or nothing: the value of ``func(board)`` is exact on every board.

    >>> check_alphabeta(lambda board: reference_alphabeta(state_of(board)), [["XOX", "OXO", "..."]])
    1
    >>> check_alphabeta(lambda board: (0, 3), [["XOX", "OXO", "..."]])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    AssertionError: alphabeta(['XOX', 'OXO', '...']) returned the value 0 (a draw for X), but the position is a win \
for X: [0, 0] gives a win with best play on both sides.
    ...
    """
    return run_check(func, alphabeta_check(boards, per_call=per_call, total=total))


def score_alphabeta_nodes(func: Callable[[Board], Any], boards: Iterable[Sequence[str]], points: float, *,
                          per_call: float = 2.0, total: float = 15.0,
                          report: Callable[[str], None] | None = print) -> float:
    """Partial points for the nodes, measured (:func:`node_share` of each board).

    Every value must be exact first (a wrong value earns nothing). A notebook's own function is
    measured by :class:`CountsPlay` (its uses of ``play``), as the grader measures it.

    >>> score_alphabeta_nodes(lambda board: reference_alphabeta(state_of(board)), [["X..", ".O.", "..."]], 6,
    ...                       report=None)
    6.0
    """
    check = alphabeta_check(boards, per_call=per_call, total=total, counts=True)
    if CountsPlay.fits(func):
        func = CountsPlay(func)
    scale = (f"positions visited (measured: the board, plus one for each use of play), board by board: full "
             f"share from the reference alpha-beta's count to {NODE_SLACK:g} x it, allowance / yours above, "
             f"yours / reference below")
    score = score_check(func, check, points, scale=scale, report=report, unit="positions")
    if report is not None and score.average < 1:
        report("Hint: alpha-beta visits fewest positions when it stops looking at the moves of a position as soon "
               "as alpha >= beta, and passes the narrowed window (-beta, -alpha) to each child.")
    return score.earned
