"""A board for two-player minesweeper (source A, G3.3): reveal in turn, discover more mines than the computer.

**The board shows what both players may see, never more**: the numbers revealed and each
player's discovered mines, lettered A (player 1) or B (player 2) on a disc, on the finder's
colour; a hidden mine looks like any hidden cell (every cell is drawn from the players' view
alone, :func:`~coursekit.views.minesweeper.duel_looks`). The other mines appear only when the
game is over. The lines under the board count each player's discoveries and say whose turn it is.

**The rules** (:mod:`coursekit.games.minesweeper2`): one hidden cell each in turn, no flood
fill, no flags; a mine becomes a player's discovery when that player's reveal makes it certain;
whoever reveals a mine loses at once; when every safe cell is revealed, more discoveries win
(equal counts are a draw).

**Chance places the mines** from the board's one generator seeded with ``seed`` (the same seed
and the same clicks, the same mines; "New game" goes on with the same generator). The first
reveal is safe: it is made, then the mines are placed on the other cells, one mine a chance step,
kept in ``board.record`` so that the game replays like any record of the course.

**Hints** (the "Hints: chances" box) write on each hidden cell that is not a discovered mine its
exact chance of holding a mine (:func:`~coursekit.games.minesweeper.probabilities` on the
board both players see): a green ``0%`` is certainly safe, a red ``100%`` certainly a mine.

**Two computers** (``human=None``, or both "who plays" choices set to computers): Step makes
one reveal and ▶ Run plays the game to its end.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from ..core.grid import Coord
from ..games.minesweeper2 import (
    Minesweeper2,
    Minesweeper2Board,
    Minesweeper2State,
    lookahead_strategy,
    random_strategy,
    safest_strategy,
)
from ..views.minesweeper import FINDER_MARKS, Look, _plural, duel_caption, duel_looks, duel_rules_text, percent
from ..views.svg import cell_of
from .game import YOU, NotAMove
from .minesweeper import LEGEND, MinesGame, _level_size, _offered

#: A computer player: from the rules and the board both players see (never the mines) to the cell it reveals.
DuelStrategy = Callable[[Minesweeper2, Minesweeper2Board], Any]
#: The computer players a board can be given by name.
COMPUTER_NAMES = ("safest", "lookahead", "random")


def make_duel_computer(name: str, rng: random.Random) -> DuelStrategy:
    """The computer player called ``name`` (:data:`COMPUTER_NAMES`); random choices come from ``rng``.

    >>> from coursekit.games.minesweeper import MinesweeperBoard
    >>> from coursekit.games.minesweeper2 import duel_board
    >>> safest = make_duel_computer("safest", random.Random(1))
    >>> safest(Minesweeper2(4, 4, 2), duel_board(MinesweeperBoard.empty(4, 4, 2)))
    Coord(x=0, y=3)
    """
    if name == "safest":
        return safest_strategy()
    if name == "lookahead":
        return lookahead_strategy()
    if name == "random":
        return random_strategy(rng)
    raise ValueError(f"the computer plays one of {', '.join(repr(c) for c in COMPUTER_NAMES)}, "
                     f"or give a strategy(rules, board); got {name!r}")


class MinesDuelBoard(MinesGame):
    r"""Play two-player minesweeper against the computer: on your turn, click a hidden cell to reveal it.

    The board is a standard ``level`` (``"beginner"`` 9 x 9 with 10 mines, ``"intermediate"``,
    ``"expert"``) unless ``width``, ``height`` or ``mines`` say otherwise; ``first_safe`` is the
    game's option. ``human`` is your seat: ``0`` (player 1, A, you reveal first), ``1`` (player 2,
    B) or ``None`` to watch two computers (Step and ▶ Run). ``computer`` is a name from
    :data:`COMPUTER_NAMES` or any ``strategy(rules, board)``; with ``human=None`` it may be a
    pair, one for each seat. The "A" and "B" choices change who plays each seat at any time.
    ``hints`` starts with the chances shown. The mines come from a generator seeded with
    ``seed``; the computers' random choices from generators seeded from it, so they do not
    move the mines.

    A click that is not allowed (a revealed cell, a click when it is not your turn, any cell
    once the game is over) changes nothing: the status line says why.

    What a program can read and do: ``rules``, ``state``, ``start``, ``steps``, ``record``,
    ``status``, ``picture`` (the SVG the page shows), ``is_over``, ``winner``, ``result``,
    ``players``, ``human``, ``observation``, ``counts``, ``watching``, ``hints``,
    ``chances()``, ``hint_texts()``, ``cell_kind(cell)``, ``click(cell)``, ``play(cell)``,
    ``next_move()``, ``undo()``, ``show_move(n)``, ``new_game()``; and, as the page does,
    ``hit("x,y")`` and ``press(control, value)``.

    >>> board = MinesDuelBoard(width=5, height=4, mines=3, computer="safest", seed=0)
    >>> board.players
    ('You', 'Computer (safest)')
    >>> board.click((0, 0))
    True
    >>> board.status.split(". ")[0]
    'You revealed [0, 0]: 0'
    >>> board.click((0, 0)), board.status.split(". ")[0]
    (False, 'Not allowed: [0, 0] is already revealed')
    """

    rules: Minesweeper2
    state: Minesweeper2State
    start: Minesweeper2State

    def __init__(
        self,
        level: str = "beginner",
        width: int | None = None,
        height: int | None = None,
        mines: int | None = None,
        computer: str | DuelStrategy | tuple[str | DuelStrategy, str | DuelStrategy] = "lookahead",
        human: int | None = 0,
        seed: int | None = 0,
        *,
        hints: bool = False,
        first_safe: bool = True,
        speed: int = 700,
        interval: int | None = None,
        **kwargs: Any,
    ) -> None:
        w, h, m = _level_size(level, width, height, mines)
        if human not in (0, 1, None):
            raise ValueError(f"human is your seat, 0 or 1, or None to watch two computers; got {human!r}")
        if isinstance(computer, tuple):
            if human is not None or len(computer) != 2:
                raise ValueError("a pair of computers plays only when two computers play each other (human=None)")
            given = list(computer)
        else:
            given = [computer, computer]
        chosen, offered = _offered(COMPUTER_NAMES, make_duel_computer, given)
        seats = [YOU if seat == human else chosen[seat] for seat in (0, 1)]
        super().__init__(Minesweeper2(w, h, m, first_safe), seats, offered, seed, seat_labels=("A", "B"),
                         hints=hints, speed=speed if interval is None else interval,
                         computer_seeds=(" 0", " 1"), **kwargs)
        self.new_game()

    # What tests and lessons read and set --------------------------------------------------

    @property
    def human(self) -> int | None:
        """Your seat (0 or 1), ``None`` when no seat, or both, are yours."""
        yours = [seat for seat, who in enumerate(self.seats) if who == YOU]
        return yours[0] if len(yours) == 1 else None

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names: ``"You"`` and ``"Computer (lookahead)"``; two computers: ``"Computer A
        (safest)"`` and ``"Computer B (random)"``; two of you: ``"A (you)"`` and ``"B (you)"``."""
        humans = self.seats.count(YOU)
        names = []
        for mark, who in zip(FINDER_MARKS, self.seats, strict=True):
            if who == YOU:
                names.append("You" if humans == 1 else f"{mark} (you)")
            else:
                names.append(f"Computer ({who})" if humans == 1 else f"Computer {mark} ({who})")
        return tuple(names)

    @property
    def watching(self) -> bool:
        """Whether two computers play and you watch."""
        return YOU not in self.seats

    @property
    def counts(self) -> tuple[int, int]:
        """How many mines each player (A, B) has discovered."""
        counts: tuple[int, int] = self.observation.counts
        return counts

    @property
    def result(self) -> str:
        """``"playing"``; at the end ``"draw"``, or, when you play, ``"won"`` or ``"lost"``, and when two
        computers play, ``"A won"`` or ``"B won"``."""
        if not self.is_over:
            return "playing"
        number = self.rules.winner(self.state)
        if number is None:
            return "draw"
        if self.human is None:
            return f"{FINDER_MARKS[number]} won"
        return "won" if number == self.human else "lost"

    # Playing ------------------------------------------------------------------------------

    def click(self, cell: Any) -> bool | None:
        """Do what clicking ``cell`` (``(x, y)`` or ``"x,y"``) does: reveal it if it is your turn."""
        return self.on_hit(cell if isinstance(cell, str) else "{},{}".format(*self._cell(cell)))

    def play(self, move: Any) -> bool:
        """Reveal ``move`` (a cell), then let the computer answer.

        A move not allowed changes nothing: the status line says why, and the result is ``False``.
        """
        if isinstance(move, tuple) and not isinstance(move, Coord):
            move = Coord(*move)
        return super().play(move)

    def move_for(self, key: str) -> Coord:
        try:
            return self._cell(cell_of(key))
        except ValueError as error:
            raise NotAMove(str(error)) from None

    # Words --------------------------------------------------------------------------------

    def prompt(self, state: Minesweeper2State) -> str:
        safe = (" (the first reveal is always safe)"
                if state.board.revealed == 0 and self.rules.first_safe and not self._marks()[1:] else "")
        return f"click a hidden cell to reveal it{safe}."

    def _who(self, player: int) -> str:
        name = self.players[player]
        return "The computer" if name.startswith("Computer (") else name

    def _turn_text(self) -> str:
        seen = self.observation
        if self.is_over:
            if seen.exploded_by is not None:
                end = f"{self._who(seen.exploded_by)} revealed a mine at {seen.board.exploded}"
            else:
                first, second = seen.counts
                end = "Every safe cell is revealed, " + (
                    f"{_plural(first, 'mine')} discovered each" if first == second
                    else f"{_plural(max(first, second), 'mine')} discovered to {min(first, second)}")
            return f"{end}. {self._verdict()} The mines are shown."
        turn = seen.turn
        if self.seats[turn] == YOU:
            whose = "Your turn" if self.seats.count(YOU) == 1 else f"{self.players[turn]} to reveal"
            return f"{whose} ({FINDER_MARKS[turn]}): {self.prompt(self.state)}"
        if self.watching and not self.running:
            return f"{self.players[turn]} to reveal: press Step or ▶ Run."
        return super()._turn_text()

    def _verdict(self) -> str:
        number = self.rules.winner(self.state)
        if number is None:
            return "A draw."
        name = self._who(number)
        return {"You": "You won!", "The computer": "The computer won."}.get(name, f"{name} won.")

    def _words(self, player: int, before: Minesweeper2State, move: Any, after: Minesweeper2State) -> str:
        cell = Coord(*move)
        who = self._who(player)
        why = f" ({self._duel_why(before, cell)})" if self.seats[player] != YOU else ""
        seen = after.seen
        if seen.board.exploded is not None:
            return f"{who} revealed {cell}{why}: a mine, which loses at once"
        said = f"{who} revealed {cell}{why}: {seen.board.number(cell)}"
        new = sorted(seen.discovered - before.seen.discovered, key=lambda c: (-c.y, c.x))
        if new:
            said += f", discovering {_plural(len(new), 'mine')} ({' '.join(str(c) for c in new)})"
        return said

    def _duel_why(self, before: Minesweeper2State, cell: Coord) -> str:
        """How risky a computer's reveal of ``cell`` was, from what it saw."""
        board = before.board
        if board.revealed == 0 and self.rules.first_safe and not before.mines:
            return "the first reveal is always safe"
        chance = self.chances_of(before)[cell]
        if chance == 0:
            return "certainly safe"
        if chance == 1:
            return "certainly a mine"
        return f"a {percent(chance)} chance of a mine"

    def _rules_text(self) -> str:
        return duel_rules_text(self._rules)

    # Drawing ------------------------------------------------------------------------------

    def looks(self, state: Minesweeper2State, chances: Mapping[Coord, Fraction] | None) -> dict[Coord, Look]:
        names = (str(self.players[0]), str(self.players[1]))
        return duel_looks(state, names, chances)

    def hinted(self, state: Minesweeper2State) -> frozenset[Coord]:
        return state.seen.discovered

    def caption(self, state: Minesweeper2State) -> list[str]:
        return duel_caption(state.seen, (str(self.players[0]), str(self.players[1])))

    def legend(self, state: Minesweeper2State) -> list[str]:
        return [*LEGEND, "A mine the numbers make certain is discovered at once, lettered A or B."]


__all__ = ["COMPUTER_NAMES", "DuelStrategy", "MinesDuelBoard", "make_duel_computer"]
