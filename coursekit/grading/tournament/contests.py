"""The assignments that have a tournament (:data:`CONTESTS`): what each student's function is given,
how a move is written and how a game is drawn."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .play import Contest, Forfeit, shown


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


def corners_player(ask: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    """ps09's player: the course's alpha-beta search (one move deep, as the grading's games,
    :data:`~coursekit.games.corners.checks.DEPTH`), run in the tournament's process, valuing each position
    where it stops by the student's ``evaluate`` (``ask(rules, state)``, a call in the student's sandbox),
    read and squeezed into (-1, 1) as the grading reads it (:func:`~coursekit.games.corners.checks.read_value`,
    :func:`~coursekit.games.corners.checks.squeezed`); an answer that is not a finite number is a forfeit.

    >>> rules = CONTESTS["ps09"].rules()
    >>> def ahead(rules, state):
    ...     return rules.in_target(state, state.turn) - rules.in_target(state, 1 - state.turn)
    >>> CONTESTS["ps09"].text(corners_player(ahead)(rules, rules.initial_state()))
    '6,0-4,0'
    >>> corners_player(lambda rules, state: "far")(rules, rules.initial_state())
    Traceback (most recent call last):
    ...
    coursekit.grading.tournament.play.Forfeit: evaluate returned 'far': it must return a number (an int or a float)
    """
    from ...games import GAMES
    from ...games.corners.players import alphabeta_strategy
    from ..kernel import Malformed

    checks = GAMES["corners"].role("checks")  # the grading's reader and squeeze, through the game's entry

    def value(rules: Any, state: Any) -> float:
        answer = ask(rules, state)
        read = checks.read_value(answer)
        if isinstance(read, Malformed):
            raise Forfeit(f"evaluate returned {shown(answer)}: {read.reason}")
        squeezed: float = checks.squeezed(read)
        return squeezed

    strategy: Callable[[Any, Any], Any] = alphabeta_strategy(depth=checks.DEPTH, evaluate=value)
    return strategy


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
    "ps09": Contest("ps09", "corners", "evaluate", "evaluate", _rules_and_state, last_position("board_svg"),
                    spec=(("game", "corners"), ("pieces", 9), ("move_limit", 30)), player=corners_player,
                    opening=2, computer_names=("fixed", "source", "random"), move_text=_path_text),
    "ps08": Contest("ps08", "bulls", "next_guess", "next_guess", _history, last_position("board_svg"),
                    spec=(("game", "bulls"), ("max_guesses", BULLS_GUESSES)), kind="race", move_from=_guess,
                    move_text=_code_text, words=("guess", "guesses", "secret")),
}


__all__ = ["BULLS_GUESSES", "CONTESTS", "corners_player", "last_position"]
