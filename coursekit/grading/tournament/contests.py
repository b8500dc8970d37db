"""The assignments that have a tournament (:data:`CONTESTS`): what each student's function is given,
how a move is written and how a game is drawn."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .play import Contest


def _board(_rules: Any, state: Any) -> tuple[Any, ...]:
    """ps05's board: a list of rows, top row first (``["XO.", ".X.", "..O"]``)."""
    return (state.rows_top_first(),)


def _tictactoe_record(contest: Contest, moves: Sequence[tuple[int, int]]) -> str:
    """The last position of a game of tic-tac-toe, each mark numbered in the order played (the game replayed).

    >>> svg = _tictactoe_record(CONTESTS["ps05"], [(1, 1), (0, 0), (2, 2)])
    >>> svg.startswith("<svg") and ">3<" in svg
    True
    """
    from ...core.grid import Coord
    from ...games import GAMES

    rules = contest.rules()
    state = rules.initial_state()
    order: dict[Coord, str] = {}
    for number, move in enumerate(moves, 1):
        state = rules.next_state(state, Coord(*move))
        order[Coord(*move)] = str(number)
    picture: str = GAMES[contest.game].role("view").play_svg(state, corner_texts=order, cell=40)
    return picture


def _rules_and_state(_rules: Any, state: Any) -> tuple[Any, ...]:
    return (_rules, state)


def last_position(picture: str) -> Callable[[Contest, Sequence[Any]], str]:
    """A game's record drawn as its last position, by the function ``picture(state)`` of the game's view.

    >>> svg = last_position("basket_svg")(CONTESTS["ps06-basket"], [(0, 1), (1, 2)])
    >>> svg.startswith("<svg")
    True
    """

    def draw(contest: Contest, moves: Sequence[Any]) -> str:
        from ...games import GAMES

        rules = contest.rules()
        state = rules.initial_state()
        for move in moves:
            state = rules.next_state(state, move)
        drawn: str = getattr(GAMES[contest.game].role("view"), picture)(state)
        return drawn

    return draw


def _basket(_rules: Any, state: Any) -> tuple[Any, ...]:
    """ps06's basket: the balls left of each colour, and the cap (``None``: no cap)."""
    return (list(state.left), _rules.cap)


def _crawler(_rules: Any, state: Any) -> tuple[Any, ...]:
    """ps06's crawler: the line (head first), the lattice's width and height."""
    return (list(state.line), _rules.width, _rules.height)


def _path_text(move: Any) -> str:
    """``6,1-4,1`` (a path of corners) or ``pass``.

    >>> _path_text(((6, 1), (4, 1))), _path_text("pass")
    ('6,1-4,1', 'pass')
    """
    return move if isinstance(move, str) else "-".join(f"{x},{y}" for x, y in move)


#: ps09: the student's ``evaluate`` values the positions where the course's alpha-beta search
#: (one move deep, as the grading's games) stops; its answer is squeezed into (-1, 1) as there.
CORNERS_PLAYER = '''
def tournament_move(rules, state):
    from coursekit.games.corners.players import alphabeta_strategy

    def value(rules, state):
        answer = evaluate(rules, state)
        if isinstance(answer, bool) or not isinstance(answer, (int, float)):
            raise TypeError(f"evaluate returned {answer!r}, not a number")
        number = float(answer)
        if number != number or number in (float("inf"), -float("inf")):
            raise ValueError(f"evaluate returned {number}, not a finite number")
        return number / (1.0 + abs(number))

    return alphabeta_strategy(depth=1, evaluate=value)(rules, state)
'''

def _history(_rules: Any, state: Any) -> tuple[Any, ...]:
    """ps08's history: the player's guesses so far with their answers, first first (``[("0123", 1, 2)]``)."""
    return ([("".join(str(d) for d in a.guess), a.bulls, a.cows) for a in state.answers[state.turn]],)


def _guess(answer: Any) -> tuple[int, ...]:
    """ps08's guess, a ``str`` of 4 different digits, as the game's code; a ``ValueError`` says what is wrong
    with any other answer, in the words of ps08's grading.

    >>> _guess("0123")
    (0, 1, 2, 3)
    >>> _guess(123)
    Traceback (most recent call last):
    ...
    ValueError: it must return a str of 4 different digits, like '0123'
    """
    from ...games import GAMES

    problem: str | None = GAMES["bulls"].role("checks").code_problem(answer)
    if problem is not None:
        raise ValueError(problem)
    return tuple(int(digit) for digit in answer)


def _code_text(move: Any) -> str:
    """A code of bulls and cows as ps08 writes it: ``0123``.

    >>> _code_text((0, 1, 2, 3))
    '0123'
    """
    return "".join(str(digit) for digit in move)


#: ps08's guess limit: the grading's (``MAX_GUESSES`` of :mod:`coursekit.games.bulls.checks`).
BULLS_GUESSES = 12

#: The assignments that have a tournament, by name.
CONTESTS: dict[str, Contest] = {
    "ps05": Contest("ps05", "tictactoe", "best_move", "best_move", _board, _tictactoe_record),
    "ps06-basket": Contest("ps06", "basket", "basket_move", "basket_move", _basket, last_position("basket_svg"),
                           spec=(("game", "basket"), ("colours", 4), ("balls", 5), ("cap", 3)), opening=1,
                           name="ps06-basket"),
    "ps06-crawler": Contest("ps06", "crawler", "crawler_move", "crawler_move", _crawler,
                            last_position("lattice_svg"), move_text=_path_text, name="ps06-crawler"),
    "ps09": Contest("ps09", "corners", "tournament_move", "evaluate", _rules_and_state, last_position("board_svg"),
                    spec=(("game", "corners"), ("pieces", 9), ("move_limit", 30)), extra=CORNERS_PLAYER,
                    opening=2, computer_names=("fixed", "source", "random"), move_text=_path_text),
    "ps08": Contest("ps08", "bulls", "next_guess", "next_guess", _history, last_position("board_svg"),
                    spec=(("game", "bulls"), ("max_guesses", BULLS_GUESSES)), kind="race", move_from=_guess,
                    move_text=_code_text, words=("guess", "guesses", "secret")),
}


__all__ = ["BULLS_GUESSES", "CONTESTS", "CORNERS_PLAYER", "last_position"]
