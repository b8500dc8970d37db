"""A board for the beans game (article, section 2): play against the computer by clicking."""

from __future__ import annotations

from typing import Any

from ...boards.game import GameBoard, NotAMove, computer_players, two_seats
from ...core.rules import Strategy
from ...solvers import solver_for
from . import ENTRIES
from .players import article_strategy
from .rules import Beans, BeansState, Piles
from .view import beans_svg

#: The three kinds of move, each with its label and the beans it takes (white, black).
TAKES: dict[str, tuple[str, tuple[int, int]]] = {
    "white": ("take 1 white", (1, 0)),
    "both": ("take 1 of each", (1, 1)),
    "black": ("take 1 black", (0, 1)),
}


class BeansBoard(GameBoard):
    r"""Play beans against the computer: two piles, and a button for each kind of move.

    ``computer`` is ``"perfect"`` (never misses a win), ``"article"`` (the article's player
    A: the winning move when there is one, else at random), ``"random"``, or any
    ``strategy(rules, state)``. The computer answers at once after each of your moves.
    ``human`` is your seat, numbered as in the terminal: 1 moves first, 2 second.
    The same ``seed`` gives the same game. The board's controls (see
    :class:`~coursekit.boards.game.GameBoard`) change who plays each side, take moves back,
    replay the game and show hints (the winning move, when there is one).

    What a program can read and do: ``state`` (a :class:`~coursekit.games.beans.BeansState`),
    ``status`` (the status line's text), ``record`` (the game so far), ``picture`` (the SVG
    the page shows), ``click(kind)`` (what clicking the button ``"white"``, ``"black"`` or
    ``"both"`` does), ``play(move)`` (a move given as the position after it) and ``new_game()``.

    >>> board = BeansBoard(3, 6, seed=1)
    >>> board.state, board.status
    (BeansState(white=3, black=6, turn=0), 'Your turn: take one bean, or one of each colour.')
    >>> board.click("white")
    True
    >>> board.state
    BeansState(white=1, black=6, turn=0)
    >>> print(board.status.replace(". ", ".\n"))
    You took 1 white, leaving [2, 6].
    The computer took 1 white, leaving [1, 6].
    Your turn: take one bean, or one of each colour.
    >>> 'data-hit="both"' in board.picture
    True
    """

    def __init__(
        self,
        white: int = 3,
        black: int = 6,
        computer: str | Strategy | None = None,
        human: int = 1,
        seed: int | None = 0,
        **kwargs: Any,
    ) -> None:
        self.piles = (white, black)
        Beans(white, black)  # check the piles before drawing anything
        name, offered = computer_players(computer or ENTRIES[0].opponent, article_strategy)
        seats = two_seats(name, human)
        super().__init__(seats, offered, seed, seat_labels=("First", "Second"), **kwargs)
        self.new_game()

    def make_rules(self) -> Beans:
        return Beans(*self.piles)

    @staticmethod
    def _target(state: BeansState, kind: str) -> Piles:
        white, black = TAKES[kind][1]
        return (state.white - white, state.black - black)

    def move_for(self, key: str) -> Piles:
        if key not in TAKES:
            raise NotAMove(f"a beans move is one of {', '.join(TAKES)}, not {key!r}")
        return self._target(self.state, key)

    def draw(self, state: BeansState, *, hints: bool, live: bool) -> str:
        if not live:
            return beans_svg(state)
        legal = set(self.rules.legal_moves(state))
        winning = set(self._winning(state)) if hints else set()
        takes = []
        for kind, (label, _taken) in TAKES.items():
            target = self._target(state, kind)
            takes.append((kind, f"{label} (wins)" if target in winning else label, target in legal))
        return beans_svg(state, takes=takes)

    def _winning(self, state: BeansState) -> tuple[Piles, ...]:
        game: Beans = self.rules  # type: ignore[assignment]  # the board's rules are always beans
        return tuple(solver_for(game).winning_moves((state.white, state.black)))

    def describe(self, state: BeansState, move: Any) -> str:
        taken = (state.white - move[0], state.black - move[1])
        label = next((label for label, t in TAKES.values() if t == taken), f"went to {move}")
        return f"{label.replace('take', 'took')}, leaving [{move[0]}, {move[1]}]"

    def prompt(self, state: BeansState) -> str:
        return "take one bean, or one of each colour."
