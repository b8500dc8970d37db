"""A board for tic-tac-toe and m, n, k-games (article, G3.1; source D), on the course's board widget.

Each seat (X, O, A, B) is played by you or by a computer player: the perfect player (the
game-tree solver), D's program, a random player, or any strategy of yours. Click an empty
cell to mark it; the computers answer, each move shown in turn. Hints write on each empty
cell what marking it is worth, and the search tree of a small position can be drawn under
the board.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ...boards.board import button
from ...boards.game import YOU, GameBoard, clicked_cell
from ...core.grid import Coord
from ...core.rules import Strategy
from ...render.gametree import solution_svg
from ...render.svg import hit_key
from ...solvers import gametree
from .players import (
    COMPUTERS,
    ComputerMove,
    default_computer,
    fixed_player,
    solve_limit,
    source_applies,
    strategy_player,
)
from .rules import EMPTY, MARKS, TicTacToe, TicTacToeState
from .view import LINE_FILL, play_svg, stack_svg

#: The most empty cells a position may have for its search tree to be drawn.
TREE_LIMIT = 4
#: The background of the winning line's cells (every mark stays readable on it: a contrast of at
#: least 4.2 to 1); the line is drawn through them too, so it does not rest on colour alone.
LINE_COLOUR = LINE_FILL
#: The hint letters (the value of marking a cell, for the player to move) and their colours.
HINT_LETTERS = {1: "W", 0: "D", -1: "L"}
HINT_COLOURS = {"W": "#1b7837", "D": "#555555", "L": "#b2182b"}
HINT_WORDS = {"W": "a win", "D": "a draw", "L": "a loss"}
#: How long a new mark takes to grow in, as a share of the board's speed (ms a move).
APPEAR_SHARE = 0.8


def empty_count(state: TicTacToeState) -> int:
    """How many cells are still empty.

    >>> empty_count(TicTacToe().position("XO./.X./..."))
    6
    """
    return state.cells.count(EMPTY)


def hint_letter(value: float) -> str:
    """The hint for a move worth ``value`` to the mover: ``"W"`` (win), ``"D"`` (draw) or ``"L"`` (loss).

    >>> hint_letter(1), hint_letter(0), hint_letter(-1), hint_letter(2)
    ('W', 'D', 'L', 'W')
    """
    return HINT_LETTERS[(value > 0) - (value < 0)]


class TicTacToeBoard(GameBoard):
    r"""Play tic-tac-toe (any m, n, k and 2 to 4 players) against the computer: click an empty cell.

    The board is ``width`` x ``height`` cells, ``k`` in a row wins; ``players`` mark with
    X, O, A, B in that order. ``human`` is your seat, numbered as in the terminal (1 plays X
    and moves first); with ``human=None`` computers play every seat and the **Step** and
    **▶ Run** buttons make their moves. ``computer`` names the computer players
    (:data:`~coursekit.games.tictactoe.players.COMPUTERS`): ``"perfect"`` (the game-tree
    solver, where the board is small enough to solve at once, see
    :data:`~coursekit.games.tictactoe.players.SOLVE_LIMITS`: 12 cells with two players, 9 with
    three, 8 with four), ``"source"`` (D's program, on the 3 x 3 board with two players),
    ``"random"``, or any ``strategy(rules, state)``; one choice for every computer seat, or a
    sequence with one per computer seat in the order they move. Unless you choose, the
    computer that faces you is the perfect player (random marks on a board too large to solve
    at once), and with nobody at the board D's program plays both seats on its own board
    (:func:`~coursekit.games.tictactoe.players.default_computer`, as in the terminal). The
    same ``seed`` gives the same games. The seats can be changed on the page ("who plays").

    A click on an empty cell marks it and the computers answer (each move is a frame of its
    own, the new mark growing in at the speed slider's pace); a click on a taken cell, or
    after the end, says why in the status line and changes nothing. After each computer
    move the status line gives the nodes its search counted (the solver's count for the
    perfect player, D's own count and words for D's program). The winning line is drawn
    through its cells, which are filled. ``hints=True`` (or the "Hints" box) writes on each
    empty cell what marking it is worth to the player to move: ``W`` a win, ``D`` a draw,
    ``L`` a loss (with perfect play after it); a position with more empty cells than the
    board solves at once gets no hints until the board fills up (the status line says so).
    "Show the search tree" draws, under the board, the tree that alpha-beta (two players) or
    max^n (more) explores from a position with at most :data:`TREE_LIMIT` empty cells.

    What a program can read and do: ``rules``, ``state``, ``start``, ``steps``, ``record``,
    ``status``, ``turn``, ``is_over``, ``winner``, ``players``, ``picture`` (the SVG the page
    shows), ``cell_kind(cell)``, ``move_values()``, ``hint_texts()``, ``click(cell)`` (a
    :class:`~coursekit.core.Coord` or the key ``"x,y"``), ``play(move)``, ``step()``,
    ``undo()``, ``new_game()``, ``show_tree()``, ``tree_shown``, ``hints``, and every
    control with ``press(name, value)`` (see :class:`~coursekit.boards.game.GameBoard`).

    >>> board = TicTacToeBoard(computer="random", seed=1)
    >>> board.click(Coord(1, 1))
    True
    >>> board.click(Coord(1, 1))
    False
    >>> board.status.split(". ")[0]
    'Not allowed: [1, 1] is taken: X marked it'
    >>> 'data-hit="1,1"' in board.picture, board.cell_kind(Coord(1, 1))
    (True, 'X')
    """

    def __init__(
        self,
        width: int = 3,
        height: int = 3,
        k: int = 3,
        players: int = 2,
        computer: str | Strategy | Sequence[str | Strategy] | None = None,
        human: int | None = 1,
        seed: int | None = 0,
        *,
        hints: bool = False,
        interval: int | None = None,
        **kwargs: Any,
    ) -> None:
        self.game = TicTacToe(width, height, k, players)
        if human is not None and (type(human) is not int or not 1 <= human <= players):
            raise ValueError(f"human is your seat, 1 to {players} (1 plays X and moves first, as in the terminal's "
                             f"--human), or None to let computers play every seat; got {human!r}")
        if computer is None:
            computer = default_computer(self.game, facing_person=human is not None)
        offered, chosen = self._offer(computer, human)
        seats = [YOU if seat + 1 == human else chosen.pop(0) for seat in range(players)]
        if interval is not None:
            kwargs.setdefault("speed", interval)
        self._values: dict[TicTacToeState, dict[Coord, float]] = {}
        self._tree: tuple[TicTacToeState, str] | None = None
        self._note = ("", "")
        self._animate = False
        super().__init__(seats, offered, seed, seat_labels=MARKS[:players], hints=hints, **kwargs)
        self.new_game()

    # Setting up ---------------------------------------------------------------------------

    def _offer(self, computer: str | Strategy | Sequence[str | Strategy],
               human: int | None) -> tuple[dict[str, Callable[[random.Random], Any]], list[str]]:
        """The computer players offered (by name) and the names of those asked for, one per computer seat."""
        rules = self.game
        cells, limit = rules.width * rules.height, solve_limit(rules)
        offered = {name: make for name, make in COMPUTERS.items() if self._offers(name)}
        seats = [seat for seat in range(rules.num_players) if seat + 1 != human]
        if isinstance(computer, str) or callable(computer):
            asked: list[str | Strategy] = [computer] * len(seats)
        else:
            asked = list(computer)
            if len(asked) != len(seats):
                raise ValueError(f"give one computer player for each of the {len(seats)} computer seats "
                                 f"({', '.join(MARKS[s] for s in seats)}), got {len(asked)}")
        yours = list(dict.fromkeys(c for c in asked if callable(c)))
        names = []
        for choice in asked:
            if callable(choice):
                name = "yours" if len(yours) == 1 else f"yours {yours.index(choice) + 1}"
                offered[name] = fixed_player(strategy_player(choice))
            elif choice == "perfect" and cells > limit:
                raise ValueError(f"the perfect player solves boards of at most {limit} cells at once with "
                                 f"{rules.num_players} players; this one has {cells}: choose 'random' "
                                 "or a smaller board")
            elif choice == "source" and source_applies(rules) is not None:
                raise ValueError(source_applies(rules))
            elif choice not in COMPUTERS:
                known = ", ".join(repr(name) for name in COMPUTERS)
                raise ValueError(f"a computer player is one of {known}, or a strategy(rules, state); got {choice!r}")
            else:
                name = choice
            names.append(name)
        return offered, names

    def _offers(self, name: str) -> bool:
        """Whether this board offers the computer ``name`` (perfect play only where it answers at once,
        D's program only on its own board)."""
        rules = self.game
        if name == "perfect":
            return rules.width * rules.height <= solve_limit(rules)
        return name != "source" or source_applies(rules) is None

    # What GameBoard asks for ----------------------------------------------------------------

    def make_rules(self) -> TicTacToe:
        return self.game

    def move_for(self, key: str) -> Coord:
        return clicked_cell(key, self.game.width, self.game.height)

    def describe(self, state: TicTacToeState, move: Any) -> str:
        return f"({MARKS[state.turn]}) marked {Coord(*move)}"

    def prompt(self, state: TicTacToeState) -> str:
        return f"click an empty cell to mark it {MARKS[state.turn]}."

    def draw(self, state: TicTacToeState, *, hints: bool, live: bool) -> str:
        values = self._values_of(state) if hints else None
        mark = MARKS[state.turn]
        texts, colours, hits, dots = {}, {}, {}, []
        for y in range(state.height):
            for x in range(state.width):
                cell = Coord(x, y)
                taken = state.at(cell)
                words = ""
                if values is not None and cell in values:
                    letter = hint_letter(values[cell])
                    texts[cell], colours[cell] = letter, HINT_COLOURS[letter]
                    words = f", {HINT_WORDS[letter]} for {mark}"
                if not live:
                    continue
                if taken == EMPTY:
                    hits[cell] = f"empty: mark it {mark}{words}"
                    if cell not in texts:
                        dots.append(cell)
                else:
                    hits[cell] = f"taken by {taken}"
        fresh: tuple[Coord, ...] = ()
        if self._animate and self.steps and state == self.steps[-1].state:
            fresh = (Coord(*self.steps[-1].move),)
        picture = play_svg(state, texts=texts, text_colours=colours, hits=hits, open_cells=dots, fresh=fresh,
                           appear_ms=int(self.speed * APPEAR_SHARE), line_fill=True)
        if self._tree is not None and self._tree[0] == state and state == self.state:
            picture = stack_svg([picture, self._tree[1]])
        return picture

    def extra_controls(self) -> list[dict[str, Any]]:
        why = self._why_no_tree()
        return [button("tree", "Show the search tree", disabled=why is not None or self.tree_shown,
                       title=f"Draw the game tree under the board (at most {TREE_LIMIT} empty cells)")]

    def on_extra_control(self, name: str, value: Any) -> None:
        if name == "tree":
            self.show_tree()

    # The players' names and what the status line says -------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        """"You" and "Computer" with one of each, else "Computer O" (or "X (you)") for each seat."""
        humans = self.seats.count(YOU)
        computers = len(self.seats) - humans
        return tuple(("You" if humans == 1 else f"{MARKS[seat]} (you)") if who == YOU
                     else ("Computer" if computers == 1 else f"Computer {MARKS[seat]}")
                     for seat, who in enumerate(self.seats))

    @property
    def human(self) -> int | None:
        """The first seat you play (1 plays X), ``None`` when computers play every seat."""
        return self.seats.index(YOU) + 1 if YOU in self.seats else None

    @property
    def turn(self) -> str:
        """Whose turn it is (``"X (You) to move"``), or the result (``"O (Computer) won"``, ``"A draw"``)."""
        if self.is_over:
            seat = self.rules.winner(self.state)
            return "A draw" if seat is None else f"{MARKS[seat]} ({self.players[seat]}) won"
        seat = self.rules.to_move(self.state)
        return f"{MARKS[seat]} ({self.players[seat]}) to move"

    def _turn_text(self) -> str:
        if self.is_over:
            return "A draw: the board is full." if self.rules.winner(self.state) is None else super()._turn_text()
        return super()._turn_text() + self._hint_note()

    def _hint_note(self) -> str:
        if not self.hints or self.is_over:
            return ""
        empty = empty_count(self.state)
        if empty > solve_limit(self.game):
            return (f" Hints appear when at most {solve_limit(self.game)} cells are empty ({empty} are now): "
                    "larger positions take too long to solve.")
        return " Hints: W wins, D draws, L loses (with perfect play after it)."

    # What tests and lessons read ---------------------------------------------------------

    def cell_kind(self, cell: Coord | tuple[int, int]) -> str:
        """How ``cell`` is drawn: ``"empty"``, a mark (``"X"``), a mark on the winning line
        (``"X line"``), or a hint (``"hint W"``, ``"hint D"``, ``"hint L"``)."""
        cell = Coord(*cell)
        mark = self.state.at(cell)
        if mark != EMPTY:
            return f"{mark} line" if cell in self.state.line else mark
        hints = self.hint_texts()
        return f"hint {hints[cell]}" if cell in hints else "empty"

    def move_values(self) -> dict[Coord, float] | None:
        """Each legal move's value for the player to move (from the game-tree solver), or
        ``None`` where the position has more than :data:`SOLVE_LIMITS` empty cells or the game is over."""
        return self._values_of(self.state)

    def _values_of(self, state: TicTacToeState) -> dict[Coord, float] | None:
        if self.game.is_over(state) or empty_count(state) > solve_limit(self.game):
            return None
        if state not in self._values:
            values = gametree.move_values(self.game, state)
            self._values[state] = {Coord(*move): value for move, value in values.items()}
        return self._values[state]

    def hint_texts(self) -> dict[Coord, str]:
        """What the hints write on the empty cells now (``{}`` with hints off or a position too big to solve)."""
        if not self.hints:
            return {}
        values = self.move_values()
        return {} if values is None else {cell: hint_letter(value) for cell, value in values.items()}

    @property
    def tree_shown(self) -> bool:
        """Whether the search tree of the position is drawn under the board."""
        return self._tree is not None and self._tree[0] == self.state and not self.replaying

    # Doing --------------------------------------------------------------------------------

    def click(self, cell: Coord | tuple[int, int] | str) -> bool | None:
        """Do what clicking ``cell`` does: mark it if you may, else say why not in the status line."""
        if isinstance(cell, str):
            return super().click(cell)
        cell = Coord(*cell)
        if not (0 <= cell.x < self.game.width and 0 <= cell.y < self.game.height):
            raise ValueError(f"{cell} is not a cell of the {self.game.width} x {self.game.height} board")
        return super().click(hit_key(cell))

    def play(self, move: Any) -> bool:
        """Mark ``move`` for you, then let the computers answer; ``False`` (the status line says why) if not allowed."""
        if isinstance(move, tuple) and len(move) == 2:
            move = Coord(*move)
        return super().play(move)

    def new_game(self) -> None:
        """Start again with an empty board (what "New game" does); computers before you move first.

        The random choices go on with the same generator, so a seed fixes the whole series of games.
        """
        self._tree = None
        super().new_game()

    def set_hints(self, on: bool) -> None:
        """Show or hide the hints (the "Hints" box); the status line says what they mean."""
        before = self._turn_text()
        self.hints = bool(on)
        said = self.status[:-len(before)] if self.status.endswith(before) and not self.replaying else None
        self._say(self.status if said is None else said + self._turn_text())

    def show_tree(self) -> bool:
        """Draw the search tree of the position under the board (what "Show the search tree" does);
        ``False`` (and the status says why) when more than :data:`TREE_LIMIT` cells are empty."""
        why = self._why_no_tree()
        if why is not None:
            self._say(f"The search tree is drawn for at most {TREE_LIMIT} empty cells; {why}. {self._turn_text()}")
            return False
        if self.game.num_players == 2:
            solution = gametree.alphabeta(self.game, self.state, tree=True)
            how = "alpha-beta; each node shows its value for the player who moves there, cut branches are dashed"
        else:
            solution = gametree.maxn(self.game, self.state, tree=True)
            how = f"max^n; each node shows one value per player ({', '.join(MARKS[:self.game.num_players])})"
        self._tree = (self.state, solution_svg(solution))
        mover = MARKS[self.rules.to_move(self.state)]
        self._say(f"The search tree of this position (under the board), {mover} to move, "
                  f"{solution.nodes:,} nodes searched: {how}. {self._turn_text()}")
        return True

    def _why_no_tree(self) -> str | None:
        if self.is_over:
            return "the game is over"
        if self.replaying:
            return "the replay shows an earlier position"
        empty = empty_count(self.state)
        return f"{empty} cells are empty" if empty > TREE_LIMIT else None

    # Computer moves: their node counts and words, and the new mark growing in -------------------

    def _computer_move(self) -> Coord:
        chosen = super()._computer_move()
        if not isinstance(chosen, ComputerMove):
            chosen = ComputerMove(Coord(*chosen))
        counted = ""
        if chosen.nodes is not None:
            counted = f" ({chosen.nodes:,} node{'s' if chosen.nodes != 1 else ''} searched)"
        self._note = (counted, chosen.note)
        return chosen.move

    def _step(self, move: Any) -> str:
        (counted, note), self._note = self._note, ("", "")
        self._animate = True
        frame = super()._step(Coord(*move))
        if counted or note:
            said = self.said[-1][:-1] + counted + "."
            self.said[-1] = said + (f' It says: "{note}"' if note else "")
        return frame

    def _turn(self, first: list[str], rest: list[str]) -> None:
        self._animate = True
        try:
            super()._turn(first, rest)
        finally:
            self._animate = False


__all__ = ["TREE_LIMIT", "TicTacToeBoard", "empty_count", "hint_letter"]
