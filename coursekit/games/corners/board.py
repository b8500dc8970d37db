"""A board for corners (source E): click a piece, then its landing cells; the computer answers.

The board is the course's picture of the 8 x 8 board (:func:`~coursekit.games.corners.view.board_svg`,
the last move drawn as a dashed line), ``(0, 0)`` at the bottom left, on the course's board
widget (:class:`~coursekit.boards.game.GameBoard`): every cell can be clicked (or tapped, or
reached with the arrow keys and chosen with Enter or Space), and the pieces glide to their new
cells. White's pieces are hollow discs (``○``), Black's filled ones (``●``); each side's home
corner is outlined thick, and each side's target is the other's home (White's is the top-left
corner, Black's the bottom-right one).

How clicks become a move (a path: the start and every landing cell):

* click one of your pieces: its cell gets a thick square frame, and each cell it may go to next
  a dashed ring (its steps and the landing cells of its first jumps). Clicking another of your
  pieces then chooses that one instead; clicking the piece again cancels;
* click a step's cell: the step is the whole move, made at once;
* click a jump's landing cell: the piece goes there, its trail is marked with small squares and
  a dashed line, and the cells where the chain may jump on are ringed. Click one of them to
  jump on; click the piece's last cell again to end the chain there; the chain also ends by
  itself when no jump continues. Clicking the cell where the piece started cancels the whole
  move;
* a click that cannot make or continue a move says why in the status line and changes nothing else;
* with no step and no jump you must pass: the board passes for you and says so.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ...boards.game import YOU, GameBoard, NotAMove, refusal, two_seats
from ...core.grid import Coord
from ...core.record import Record
from ...core.rules import End, Strategy
from ...render.svg import cell_of, hit_key
from . import ENTRIES
from .players import COMPUTERS, CornersStrategy
from .rules import BLACK, PASS, SIDES, SIZE, WHITE, Corners, CornersState, Path, path_text
from .source import source_strategy
from .view import board_svg, piece_ids

#: The computer players a board can be given by name (the game's, as the terminal offers them).
COMPUTER_NAMES = ENTRIES[0].computers
#: What each side's pieces show (White's hollow, Black's filled, as in the picture).
PIECE_MARKS = {WHITE: "○", BLACK: "●"}


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
    if choice in COMPUTERS:
        return COMPUTERS[choice](rng)
    names = ", ".join(repr(name) for name in COMPUTER_NAMES)
    raise ValueError(f"the computer plays one of {names}, or give a strategy(rules, state); got {choice!r}")


class CornersBoard(GameBoard):
    """Play corners against the computer: ``pieces`` a side (12, 10 or 9), ``move_limit`` moves a side.

    You play White (you move first) when ``human`` is 1 (the terminal's numbering), Black when it is 2. ``computer`` is
    ``"fixed"`` (E's player, mended), ``"source"`` (E's program as printed: when it chooses a
    chain of two jumps or more it names a cell with no piece on it; the board shows that and
    stops the game), ``"alphabeta"``, ``"random"``, or any ``strategy(rules, state)``. Every
    random choice comes from one generator seeded with ``seed``. ``start`` (a
    :class:`~coursekit.games.corners.CornersState`) sets up a position to play from instead of
    the first one; "New game" goes back to it. How clicks become moves is in the module's
    description; the board's controls (see :class:`~coursekit.boards.game.GameBoard`) start a
    new game, take moves back, change who plays each side (two computers: Step and ▶ Run) and
    replay the game. With hints on (``hints=True``, or the Hints box) the board draws the move
    E's mended player would make in your place: a dotted line ending in a ring, and said under
    the board.

    What a program can read and do: ``rules``, ``state``, ``start``, ``steps``, ``record``,
    ``status``, ``is_over``, ``stopped`` (why the game was stopped, or ``None``), ``winner``,
    ``players``, ``human`` (your side's number), ``path`` (the cells of your unfinished move),
    ``picture`` (the SVG the page shows), ``next_cells()``, ``cell_kind(cell)``, ``click(cell)``,
    ``play(move)``, ``new_game()``, ``undo()``.

    >>> board = CornersBoard(computer="fixed")
    >>> board.click(Coord(4, 2)), sorted(board.next_cells())
    (None, [Coord(x=3, y=2), Coord(x=4, y=3)])
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
        computer: str | CornersStrategy = ENTRIES[0].opponent,
        human: int = 1,
        seed: int | None = 0,
        *,
        move_limit: int = 100,
        leave_home_by: int | None = None,
        start: CornersState | None = None,
        **kwargs: Any,
    ) -> None:
        self.corners = Corners(pieces, move_limit, leave_home_by)
        self.first: CornersState = self.corners.initial_state() if start is None else start
        make_computer(computer, random.Random(0))  # refuse an unknown computer, and say which there are
        offered: dict[str, Callable[[random.Random], Strategy]] = dict(COMPUTERS)
        name = computer if isinstance(computer, str) else "yours"
        if callable(computer):
            given = computer
            offered["yours"] = lambda _rng: given
        self.path: list[Coord] = []
        self.stopped: str | None = None
        self._hinted: tuple[CornersState, Any] | None = None
        seats = two_seats(name, human)
        super().__init__(seats, offered, seed, seat_labels=SIDES, **kwargs)
        self.new_game()

    # What tests and lessons read ---------------------------------------------------------

    @property
    def human(self) -> int | None:
        """The side you play (``WHITE`` or ``BLACK``), ``None`` when computers play both."""
        return self.seats.index(YOU) if YOU in self.seats else None

    @property
    def is_over(self) -> bool:
        """Whether the game has ended, by the rules or because the computer stalled."""
        return self.stopped is not None or bool(self.rules.is_over(self.state))

    @property
    def winner(self) -> str | None:
        """The winner's name, ``None`` for a draw, a stopped game or while the game goes on."""
        if self.stopped is not None:
            return None
        return super().winner

    @property
    def record(self) -> Record:
        """The game so far; an unfinished or stopped game has ``end == "stopped"``."""
        finished = self.stopped is None and self.rules.is_over(self.state)
        return Record.of(self.rules, self.players, self.start, tuple(self.steps), None if finished else End.STOPPED)

    def continuations(self) -> tuple[Path, ...]:
        """Your legal moves that begin with :attr:`path` (every legal move when nothing is chosen)."""
        if self.replaying or not self.human_to_move():
            return ()
        prefix = tuple(self.path)
        return tuple(m for m in self.rules.legal_moves(self.state)
                     if not isinstance(m, str) and len(m) > len(prefix) and m[:len(prefix)] == prefix)

    def next_cells(self) -> set[Coord]:
        """The cells the chosen piece may go to next (none when no piece is chosen).

        >>> board = CornersBoard(pieces=9)
        >>> board.click(Coord(5, 1)), sorted(board.next_cells())  # a step left, a jump up
        (None, [Coord(x=4, y=1), Coord(x=5, y=3)])
        >>> board.click(Coord(7, 0)), board.path
        (False, [Coord(x=5, y=1)])
        >>> board.status.split(". ")[0]
        'Not allowed: the piece on [7, 0] has no step and no jump'
        """
        if not self.path:
            return set()
        return {m[len(self.path)] for m in self.continuations()}

    def cell_kind(self, cell: Coord | tuple[int, int]) -> str:
        """How ``cell`` is drawn now: ``"chosen"`` (the piece you are moving), ``"next"`` (it may go
        there next), ``"trail"`` (an unfinished chain), else ``"white"``, ``"black"`` (a piece) or ``"empty"``."""
        cell = Coord(*cell)
        if self.path:
            if cell == self.path[-1]:
                return "chosen"
            if cell in self.path:
                return "trail"
            if cell in self.next_cells():
                return "next"
        owner = self.shown_state.owner(cell)
        return "empty" if owner is None else SIDES[owner].lower()

    # What the game board asks of a game -----------------------------------------------------------

    def make_rules(self) -> Corners:
        return self.corners

    def new_game(self) -> None:
        """Start again from the first position (what "New game" does); the computer moves first if it should.

        The random choices go on with the same generator, so a seed fixes the whole series of games.
        """
        self.running = False
        self.stopped = None
        self.rules = self.make_rules()
        self.start = self.state = self.first
        self.steps = []
        self.at = 0
        self.strategies = {}
        self.forget_selection()
        self._turn([], self._computers_answer())

    def forget_selection(self) -> None:
        self.path = []

    def _refuse(self, reason: str) -> NotAMove:
        return refusal(reason, keep_selection=True)  # a refused click during a move: the move so far stays

    def move_for(self, key: str) -> Path | None:
        try:
            cell = cell_of(key)
        except ValueError:
            raise refusal(f"{key!r} is not a cell of the board") from None
        if not Corners.on_board(cell):
            raise self._refuse(f"{cell} is not a cell of the 8 x 8 board")
        if not self.path:
            self._choose(cell)
            return None
        if cell == self.path[0]:
            raise NotAMove(f"{cell} is no longer chosen")
        if len(self.path) == 1 and self.state.owner(cell) == self.rules.to_move(self.state):
            self._choose(cell)
            return None
        if len(self.path) > 1 and cell == self.path[-1]:
            return tuple(self.path)
        if cell not in self.next_cells():
            raise self._refuse(self._why_not_next(cell))
        self.path.append(cell)
        if not self.next_cells():
            return tuple(self.path)
        return None

    def _choose(self, cell: Coord) -> None:
        mover = self.rules.to_move(self.state)
        owner = self.state.owner(cell)
        if owner is None:
            raise self._refuse(f"{cell} is empty: click one of your pieces ({PIECE_MARKS[mover]})")
        if owner != mover:
            raise self._refuse(f"{cell} holds {SIDES[owner]}'s piece; yours are {SIDES[mover]}'s "
                               f"({PIECE_MARKS[mover]})")
        if not any(m != PASS and m[0] == cell for m in self.rules.legal_moves(self.state)):
            raise self._refuse(f"the piece on {cell} has no step and no jump")
        self.path = [cell]

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

    def describe(self, state: CornersState, move: Any) -> str:
        if isinstance(move, str):
            return "passed: no step and no jump"
        jumps = len(move) - 1
        if abs(move[1][0] - move[0][0]) + abs(move[1][1] - move[0][1]) == 1:
            return f"stepped {path_text(move)}"
        return f"jumped {path_text(move)} ({jumps} jump{'s' if jumps > 1 else ''})"

    def prompt(self, state: CornersState) -> str:
        if not self.path:
            mover = self.rules.to_move(state)
            return f"click one of your pieces ({SIDES[mover]}, {PIECE_MARKS[mover]})."
        if len(self.path) == 1:
            return (f"the piece on {self.path[0]} chosen; click a ringed cell (a step, or a jump's landing), "
                    f"or {self.path[0]} again to cancel.")
        here = self.path[-1]
        return (f"jumping {path_text(tuple(self.path))}; click a ringed cell to jump on, {here} again to end "
                f"the chain there, or {self.path[0]} to cancel.")

    def _counts(self) -> str:
        state, rules = self.state, self.rules
        return (f"Moves: White {state.moves_of(WHITE)}, Black {state.moves_of(BLACK)} of {rules.move_limit} each; "
                f"in the targets: White {rules.in_target(state, WHITE)}, Black {rules.in_target(state, BLACK)} "
                f"of {rules.pieces}.")

    def _turn_text(self) -> str:
        if self.stopped is not None:
            return f"Game stopped. {self._counts()}"
        text = super()._turn_text()
        if self.rules.is_over(self.state):
            text = f"The game ended: {self.rules.result(self.state)}. {text}"
        return f"{text} {self._counts()}"

    def draw(self, state: CornersState, *, hints: bool, live: bool) -> str:
        ids = piece_ids(state)
        index = next((i for i in range(len(self.steps), -1, -1) if self.history[i] is state), None)
        last = self.steps[index - 1].move if index else None
        if not live:
            return board_svg(state, path=last, pieces=ids)
        hits = {Coord(x, y): self._said(Coord(x, y)) for y in range(SIZE) for x in range(SIZE)}
        if len(self.path) < 2:
            hint, legend = self._hint(state) if hints else (None, "")
            return board_svg(state, path=last, hits=hits, pieces=ids, nexts=self.next_cells(),
                             chosen=self.path[0] if self.path else None, hint=hint, legend=legend)
        # an unfinished chain: the piece shown where it has got to, its trail marked
        start, here = self.path[0], self.path[-1]
        moved = {here if cell == start else cell: name for cell, name in ids.items()}
        mover = self.rules.to_move(state)
        pieces = tuple(here if cell == start else cell for cell in state.pieces(mover))
        shown = (CornersState(pieces, state.black, state.moves_made) if mover == WHITE
                 else CornersState(state.white, pieces, state.moves_made))
        return board_svg(shown, title=f"Jumping {path_text(tuple(self.path))}", path=tuple(self.path), hits=hits,
                         pieces=moved, nexts=self.next_cells(), chosen=here, trail=self.path[:-1])

    def _hint(self, state: CornersState) -> tuple[Any, str]:
        """What E's mended player would play here (the hint), and the legend that says so."""
        if self._hinted is None or self._hinted[0] != state:
            move = source_strategy(fixed=True)(self.rules, state)
            self._hinted = (state, move)
        move = self._hinted[1]
        if move == PASS or self.rules.why_illegal(state, move) is not None:
            return None, "Hint: E's player has no move to suggest here."
        return move, f"Hint (dotted, ringed): E's player (mended) would play {path_text(move)}."

    def _said(self, cell: Coord) -> str:
        kind = self.cell_kind(cell)
        words = {"chosen": "the piece you are moving", "trail": "the chain so far", "next": "you may move here",
                 "white": "White's piece", "black": "Black's piece", "empty": "empty"}[kind]
        if kind == "trail" and cell == self.path[0]:
            words = "where the piece started: click to cancel the move"
        for side in (WHITE, BLACK):
            if cell in self.rules.target(side):
                words += f", in {SIDES[side]}'s target"
        return words

    # Doing --------------------------------------------------------------------------------

    def click(self, cell: Coord | tuple[int, int] | str) -> bool | None:
        """Do what clicking ``cell`` does (see the module): ``True`` if it made a move, ``None`` if it
        chose a piece or a jump of a chain (wait for the next click), ``False`` if it was refused (the
        status says why)."""
        if isinstance(cell, str):
            return super().click(cell)
        cell = Coord(*cell)
        if not Corners.on_board(cell):
            raise ValueError(f"{cell} is not a cell of the 8 x 8 board")
        return super().click(hit_key(cell))

    def play(self, move: Path | str) -> bool:
        """Make ``move`` (a path, or ``"pass"``) for you, then let the computer answer; ``False`` if
        not allowed (the status says why, nothing else changes)."""
        if isinstance(move, tuple | list) and all(isinstance(c, tuple | list) for c in move):
            move = tuple(Coord(*c) for c in move)
        return super().play(move)

    def undo(self) -> bool:
        """Take back your last move and the computer's answers to it (``False``: nothing to take back)."""
        stopped, self.stopped = self.stopped, None
        if not super().undo():
            self.stopped = stopped
            return False
        while self.human_to_move() and self.rules.legal_moves(self.state) == (PASS,):  # a pass is not yours:
            if not any(self.seats[step.player] == YOU for step in self.steps):  # take back a move before it
                self._turn([], self._computers_answer())  # (none: the pass is made again)
                break
            super().undo()
        return True

    def step(self) -> bool:
        """One computer move (the Step button); ``False`` if it is not a computer's turn."""
        if self.is_over or self.replaying or self.seats[self.rules.to_move(self.state)] == YOU:
            return False
        frames = self._computers_move()
        self._turn(frames, [])
        return True

    def _computers_move(self) -> list[str]:
        """The computer's move (its picture), or nothing when it stalls (the game is stopped)."""
        move = self._computer_move()
        reason = self.rules.why_illegal(self.state, move)
        if reason is None:
            return [self._step(move)]
        self.stopped = self._stall(move, reason)
        self.said.append(f"{self.stopped}.")
        return []

    def _computers_answer(self) -> list[str]:
        """The computers' moves, and your passes, until you can move or the game ends (none if
        nobody is at the board)."""
        frames: list[str] = []
        while YOU in self.seats and not self.is_over:
            if self.seats[self.rules.to_move(self.state)] == YOU:
                if self.rules.legal_moves(self.state) != (PASS,):
                    break
                frames.append(self._step(PASS))
                continue
            frames += self._computers_move()
        return frames

    def _stall(self, move: Any, reason: str) -> str:
        shown = path_text(move) if isinstance(move, tuple | str) else repr(move)
        player = self.rules.to_move(self.state)
        text = f"{self._who(player)} stalls: it chose {shown}, which is not allowed ({reason}); the game is stopped"
        if self.seats[player] == "source":
            text += (" (E's program as printed records a jump chain from its last intermediate cell, "
                     "where there is no piece)")
        return text


__all__ = ["COMPUTER_NAMES", "PIECE_MARKS", "CornersBoard", "CornersStrategy", "make_computer"]
