"""A board for corners (source E): click a piece, then its landing cells; the computer answers.

The 8 x 8 board is a grid of buttons, ``(0, 0)`` at the bottom left, with the course's picture of
the position beside it (:func:`~coursekit.views.corners.board_svg`, the last move drawn as a
dashed line), redrawn after every move. White's pieces show ``○``, Black's ``●`` (as in the
picture); each side's target corner is tinted and outlined (White's is the top-left corner,
Black's the bottom-right one).

How clicks become a move (a path: the start and every landing cell):

* click one of your pieces: it is highlighted, and so are the cells it may go to next (``+``):
  its steps and the landing cells of its first jumps. Clicking another of your pieces then
  chooses that one instead; clicking the piece again cancels;
* click a step's cell: the step is the whole move, made at once;
* click a jump's landing cell: the piece is shown there, its trail marked ``·``, and the cells
  where the chain may jump on are highlighted. Click one of them to jump on; click the piece's
  last cell again to end the chain there; the chain also ends by itself when no jump continues.
  Clicking the cell where the piece started cancels the whole move;
* a click that cannot make or continue a move says why in the status line and changes nothing else;
* with no step and no jump you must pass: the board passes for you and says so.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ..core.engine import random_strategy
from ..core.grid import Coord
from ..core.record import Record, Step
from ..core.rules import End
from ..games.corners import BLACK, PASS, SIDES, SIZE, WHITE, Corners, CornersState, Path, path_text, source_strategy
from ..views.corners import alphabeta_strategy, board_svg
from ._common import COMPUTER, HUMAN, players_names
from ._grid import button_grid, set_text
from ._play import GameShown

CELL_PX = 38
#: The computer players a board can be given by name.
COMPUTER_NAMES = ("fixed", "source", "alphabeta", "random")
#: What each side's pieces show (White's hollow, Black's filled, as in the picture).
PIECE_MARKS = {WHITE: "○", BLACK: "●"}
#: What a cell the chosen piece may go to next shows, and a cell of an unfinished chain's trail.
NEXT_MARK, TRAIL_MARK = "+", "·"
#: The background of each kind of cell: plain, in White's target (top left), in Black's target
#: (bottom right), the chosen piece, a cell it may go to next, the trail of an unfinished chain.
COLOURS = {"plain": "#f4f4f4", "white target": "#dbe4f3", "black target": "#f3e0c7",
           "chosen": "#ffe082", "next": "#a8dba0", "trail": "#fff1b8"}
#: The outline of a target corner's cells.
TARGET_BORDER = "2px solid #333"
#: A computer player: a strategy ``choose(rules, state)`` that returns a path or ``"pass"``.
CornersStrategy = Callable[[Corners, CornersState], Any]


def make_computer(choice: str | CornersStrategy, rng: random.Random) -> CornersStrategy:
    """The computer player called ``choice``, or ``choice`` itself (a strategy).

    ``"fixed"`` is E's three-move look-ahead with its chains recorded from their start,
    ``"source"`` E's program as printed (it stalls on its first jump chain of two jumps or more),
    ``"alphabeta"`` the course's alpha-beta player, ``"random"`` a random legal move from ``rng``.

    >>> rules = Corners()
    >>> path_text(make_computer("fixed", random.Random(0))(rules, rules.initial_state()))
    '4,2-4,3'
    >>> make_computer("clever", random.Random(0))
    Traceback (most recent call last):
    ...
    ValueError: the computer plays one of 'fixed', 'source', 'alphabeta', 'random', or give a ...; got 'clever'
    """
    if callable(choice):
        return choice
    if choice in ("fixed", "source"):
        return source_strategy(fixed=choice == "fixed")
    if choice == "alphabeta":
        return alphabeta_strategy()
    if choice == "random":
        return random_strategy(rng)
    names = ", ".join(repr(name) for name in COMPUTER_NAMES)
    raise ValueError(f"the computer plays one of {names}, or give a strategy(rules, state); got {choice!r}")


class CornersBoard(GameShown, widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """Play corners against the computer: ``pieces`` a side (12, 10 or 9), ``move_limit`` moves a side.

    You play White (you move first) when ``human_first`` is true, else Black. ``computer`` is
    ``"fixed"`` (E's player, mended), ``"source"`` (E's program as printed: when it chooses a
    chain of two jumps or more it names a cell with no piece on it; the board shows that and
    stops the game), ``"alphabeta"``, ``"random"``, or any ``strategy(rules, state)``. Every
    random choice comes from one generator seeded with ``seed``. ``start`` (a
    :class:`~coursekit.games.corners.CornersState`) sets up a position to play from instead of
    the first one; "New game" goes back to it. How clicks become moves is in the module's
    description.

    What a program can read and do: ``rules``, ``state``, ``start``, ``steps``, ``record``,
    ``status``, ``is_over``, ``stopped`` (why the game was stopped, or ``None``), ``winner``,
    ``players``, ``human`` (your side's number), ``path`` (the cells of your unfinished move),
    ``buttons`` (a dict from each ``Coord`` to its button), ``next_cells()``, ``cell_kind(cell)``,
    ``click(cell)``, ``play(move)``, ``new_game()``, and the widgets ``picture`` (the SVG),
    ``status_label`` and ``new_game_button``.

    >>> board = CornersBoard(computer="fixed")
    >>> board.click(Coord(4, 2)), sorted(board.next_cells())
    (True, [Coord(x=3, y=2), Coord(x=4, y=3)])
    >>> board.click(Coord(0, 0))
    False
    >>> board.status.split(". ")[0]
    'Not allowed: [0, 0] is neither a step nor a jump of the piece on [4, 2]'
    >>> board.click(Coord(4, 3)), path_text(board.steps[0].move), path_text(board.steps[1].move)
    (True, '4,2-4,3', '3,5-3,4')
    """

    rules: Corners
    state: CornersState
    start: CornersState

    def __init__(
        self,
        pieces: int = 12,
        computer: str | CornersStrategy = "fixed",
        human_first: bool = True,
        seed: int | None = 0,
        *,
        move_limit: int = 100,
        leave_home_by: int | None = None,
        start: CornersState | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.rules = Corners(pieces, move_limit, leave_home_by)
        self.first: CornersState = self.rules.initial_state() if start is None else start
        self.seed = seed
        self.rng = random.Random(seed)
        self.computer_name = computer if isinstance(computer, str) else getattr(computer, "__name__", "a strategy")
        self.computer = make_computer(computer, self.rng)
        self.human = WHITE if human_first else BLACK
        self.players = players_names(human_first)
        self.start: CornersState = self.first
        self.state: CornersState = self.first
        self.steps: list[Step] = []
        self.path: list[Coord] = []
        self.stopped: str | None = None
        self._build()
        self.new_game()

    def _build(self) -> None:
        self.styles: dict[str, widgets.ButtonStyle] = {
            kind: widgets.ButtonStyle(button_color=colour, font_size="18px",
                                      font_weight="bold" if kind in ("chosen", "next") else "normal")
            for kind, colour in COLOURS.items()}
        self.buttons, self.grid_box = button_grid(SIZE, SIZE, CELL_PX, self.styles["plain"], self.click)
        outlined = widgets.Layout(width=f"{CELL_PX}px", height=f"{CELL_PX}px", margin="0", padding="0",
                                  border=TARGET_BORDER)
        for cell in self.rules.target(WHITE) | self.rules.target(BLACK):
            self.buttons[cell].layout = outlined
        self.picture = widgets.HTML(value="")
        self.status_label = widgets.Label(value="")
        self.new_game_button = widgets.Button(description="New game", tooltip="Start again from the first position")
        self.new_game_button.on_click(lambda _button: self.new_game())
        self.children = (widgets.HBox([self.grid_box, self.picture]), self.status_label, self.new_game_button)

    # What tests and lessons read ---------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the game has ended, by the rules or because the computer stalled."""
        return self.stopped is not None or self.rules.is_over(self.state)

    @property
    def winner(self) -> str | None:
        """The winner's name, ``None`` for a draw, a stopped game or while the game goes on."""
        if self.stopped is not None or not self.rules.is_over(self.state):
            return None
        number = self.rules.winner(self.state)
        return None if number is None else self.players[number]

    @property
    def record(self) -> Record:
        """The game so far; an unfinished or stopped game has ``end == "stopped"``."""
        finished = self.stopped is None and self.rules.is_over(self.state)
        return Record.of(self.rules, self.players, self.start, tuple(self.steps), None if finished else End.STOPPED)

    def continuations(self) -> tuple[Path, ...]:
        """Your legal moves that begin with :attr:`path` (every legal move when nothing is chosen)."""
        if self.is_over or self.rules.to_move(self.state) != self.human:
            return ()
        prefix = tuple(self.path)
        return tuple(m for m in self.rules.legal_moves(self.state)
                     if not isinstance(m, str) and len(m) > len(prefix) and m[:len(prefix)] == prefix)

    def next_cells(self) -> set[Coord]:
        """The cells the chosen piece may go to next (none when no piece is chosen).

        >>> board = CornersBoard(pieces=9)
        >>> board.click(Coord(5, 1)), sorted(board.next_cells())  # a step left, a jump up
        (True, [Coord(x=4, y=1), Coord(x=5, y=3)])
        >>> board.click(Coord(7, 0)), board.path
        (False, [Coord(x=5, y=1)])
        >>> board.status.split(". ")[0]
        'Not allowed: the piece on [7, 0] has no step and no jump'
        """
        if not self.path:
            return set()
        return {m[len(self.path)] for m in self.continuations()}

    def cell_kind(self, cell: Coord | tuple[int, int]) -> str:
        """How ``cell`` is drawn: ``"plain"``, ``"white target"``, ``"black target"``, ``"chosen"``
        (the piece you are moving), ``"next"`` (it may go there next) or ``"trail"`` (an unfinished chain)."""
        style = self.buttons[Coord(*cell)].style
        return next(kind for kind, shared in self.styles.items() if shared is style)

    # Doing --------------------------------------------------------------------------------

    def new_game(self) -> None:
        """Start again from the first position (what "New game" does); the computer moves first if it should.

        The random choices go on with the same generator, so a seed fixes the whole series of games.
        """
        self.state = self.start = self.first
        self.steps = []
        self.path = []
        self.stopped = None
        self._finish(self._replies())

    def click(self, cell: Coord | tuple[int, int]) -> bool:
        """Do what clicking ``cell`` does (see the module); ``False`` (the status says why) if it does nothing."""
        cell = Coord(*cell)
        if cell not in self.buttons:
            raise ValueError(f"{cell} is not a cell of the 8 x 8 board")
        if self.is_over:
            return self._refuse("the game is over")
        if self.rules.to_move(self.state) != self.human:
            return self._refuse("it is not your turn")
        if not self.path:
            return self._choose(cell)
        if cell == self.path[0]:
            self.path = []
            self._finish([f"{cell} is no longer chosen."])
            return True
        if len(self.path) == 1 and self.state.owner(cell) == self.human:
            return self._choose(cell)
        if len(self.path) > 1 and cell == self.path[-1]:
            return self.play(tuple(self.path))
        if cell not in self.next_cells():
            return self._refuse(self._why_not_next(cell))
        self.path.append(cell)
        if not self.next_cells():
            return self.play(tuple(self.path))
        self._finish([])
        return True

    def play(self, move: Path | str) -> bool:
        """Make ``move`` (a path, or ``"pass"``) for you, then let the computer answer; ``False`` if
        not allowed (the status says why, nothing else changes)."""
        if self.is_over:
            return self._refuse("the game is over")
        reason = self.rules.why_illegal(self.state, move)
        if reason is None and self.rules.to_move(self.state) != self.human:
            reason = "it is not your turn"
        if reason is not None:
            return self._refuse(reason)
        move = PASS if move == PASS else tuple(Coord(*c) for c in move)
        self.path = []
        said = [f"You {self._describe(move)}."]
        self._make(move)
        self._finish(said + self._replies())
        return True

    def _choose(self, cell: Coord) -> bool:
        owner = self.state.owner(cell)
        if owner is None:
            return self._refuse(f"{cell} is empty: click one of your pieces ({PIECE_MARKS[self.human]})")
        if owner != self.human:
            return self._refuse(f"{cell} holds {SIDES[owner]}'s piece; yours are {SIDES[self.human]}'s "
                                f"({PIECE_MARKS[self.human]})")
        if not any(m != PASS and m[0] == cell for m in self.rules.legal_moves(self.state)):
            return self._refuse(f"the piece on {cell} has no step and no jump")
        self.path = [cell]
        self._finish([])
        return True

    def _why_not_next(self, cell: Coord) -> str:
        start, here = self.path[0], self.path[-1]
        if len(self.path) == 1:
            reason = self.rules.why_illegal(self.state, (start, cell))
            if reason is None or "neither a step" in reason:
                return f"{cell} is neither a step nor a jump of the piece on {start}"
            return reason
        reason = self.rules.why_illegal(self.state, (*self.path, cell))
        if reason is None or "neither a step" in reason or "is a step" in reason:
            return f"{cell} is not a jump from {here}: jump on, or click {here} again to end the chain there"
        return reason

    def _refuse(self, reason: str) -> bool:
        self.status_label.value = f"Not allowed: {reason}. {self._turn_text()}"
        return False

    def _describe(self, move: Path | str) -> str:
        if isinstance(move, str):
            return "passed (no step and no jump)"
        jumps = len(move) - 1
        if abs(move[1][0] - move[0][0]) + abs(move[1][1] - move[0][1]) == 1:
            return f"stepped {path_text(move)}"
        return f"jumped {path_text(move)} ({jumps} jump{'s' if jumps > 1 else ''})"

    def _make(self, move: Path | str) -> None:
        player = self.rules.to_move(self.state)
        self.state = self.rules.apply(self.state, move)
        self.steps.append(Step(player, move, self.state))

    def _replies(self) -> list[str]:
        """The computer's moves, and your passes, until you can move or the game ends."""
        said: list[str] = []
        while not self.is_over:
            if self.rules.to_move(self.state) == self.human:
                if self.rules.legal_moves(self.state) != (PASS,):
                    break
                said.append("You have no step and no jump: you pass.")
                self._make(PASS)
                continue
            move = self.computer(self.rules, self.state)
            reason = self.rules.why_illegal(self.state, move)
            if reason is not None:
                self.stopped = self._stall(move, reason)
                said.append(f"{self.stopped}.")
                break
            said.append(f"The computer {self._describe(move)}.")
            self._make(move)
        return said

    def _stall(self, move: Any, reason: str) -> str:
        shown = path_text(move) if isinstance(move, tuple | str) else repr(move)
        text = f"The computer stalls: it chose {shown}, which is not allowed ({reason}); the game is stopped"
        if self.computer_name == "source":
            text += (" (E's program as printed records a jump chain from its last intermediate cell, "
                     "where there is no piece)")
        return text

    # Drawing ------------------------------------------------------------------------------

    def _finish(self, said: list[str]) -> None:
        self._show()
        self.status_label.value = " ".join([*said, self._turn_text()])

    def _counts(self) -> str:
        state, rules = self.state, self.rules
        return (f"Moves: White {state.moves_of(WHITE)}, Black {state.moves_of(BLACK)} of {rules.move_limit} each; "
                f"in the targets: White {rules.in_target(state, WHITE)}, Black {rules.in_target(state, BLACK)} "
                f"of {rules.pieces}.")

    def _turn_text(self) -> str:
        if self.stopped is not None:
            return f"Game stopped. {self._counts()}"
        if self.rules.is_over(self.state):
            outcome = {HUMAN: "You win!", COMPUTER: "The computer wins."}.get(self.winner or "", "A draw.")
            return f"The game ended: {self.rules.result(self.state)}. {outcome} {self._counts()}"
        if self.rules.to_move(self.state) != self.human:
            return f"{COMPUTER} to move. {self._counts()}"
        mark = PIECE_MARKS[self.human]
        if not self.path:
            text = f"Your turn ({SIDES[self.human]}, {mark}): click one of your pieces."
        elif len(self.path) == 1:
            text = (f"Your turn: the piece on {self.path[0]} chosen; click a highlighted cell (+: a step, or a "
                    f"jump's landing), or {self.path[0]} again to cancel.")
        else:
            here = self.path[-1]
            text = (f"Your turn: jumping {path_text(tuple(self.path))}; click a highlighted cell to jump on, "
                    f"{here} again to end the chain there, or {self.path[0]} to cancel.")
        return f"{text} {self._counts()}"

    def _kind_and_text(self, cell: Coord, nexts: set[Coord]) -> tuple[str, str]:
        owner = self.state.owner(cell)
        if self.path:
            if cell == self.path[-1]:
                return "chosen", PIECE_MARKS[self.human]
            if cell in self.path:
                return "trail", TRAIL_MARK
            if cell in nexts:
                return "next", NEXT_MARK
        text = "" if owner is None else PIECE_MARKS[owner]
        if cell in self.rules.target(WHITE):
            return "white target", text
        if cell in self.rules.target(BLACK):
            return "black target", text
        return "plain", text

    def _show(self) -> None:
        nexts = self.next_cells()
        for cell, button in self.buttons.items():
            kind, text = self._kind_and_text(cell, nexts)
            button.style = self.styles[kind]
            set_text(button, text)
            button.tooltip = self._tooltip(cell, kind)
        if len(self.path) > 1:
            self.picture.value = board_svg(self.state, title=f"Jumping {path_text(tuple(self.path))}",
                                           path=tuple(self.path))
        else:
            last = self.steps[-1].move if self.steps else None
            self.picture.value = board_svg(self.state, path=last)

    def _tooltip(self, cell: Coord, kind: str) -> str:
        if kind == "chosen":
            return (f"{cell}: click to cancel" if len(self.path) == 1
                    else f"{cell}: click again to end the chain here")
        if kind == "trail":
            return f"{cell}: click to cancel the move" if cell == self.path[0] else f"{cell}: the chain so far"
        if kind == "next":
            return f"{cell}: click to move here"
        if kind.endswith("target"):
            return f"{cell}: in {kind.split()[0].capitalize()}'s target"
        return str(cell)


__all__ = ["COMPUTER_NAMES", "PIECE_MARKS", "CornersBoard", "make_computer"]
