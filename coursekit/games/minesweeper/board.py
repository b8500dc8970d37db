"""The boards of both minesweeper games: :class:`MinesBoard` (one player) and :class:`MinesDuelBoard` (two).

**One player** (source A, G3.2): click to reveal, flag the mines, or watch a computer player.
The board is called :class:`MinesBoard`: the game module's :class:`~coursekit.games.minesweeper.MinesweeperBoard`
is already the player's observation (the board as the player sees it), and the widget draws
exactly that observation, on the course's board widget
(:class:`~coursekit.boards.game.GameBoard`).

**The board shows what the player may see, never more**: the numbers revealed, the flags and
how many mines are left; every cell is drawn from the observation alone
(:func:`~coursekit.games.minesweeper.view.mines_looks`), so a hidden mine looks like any hidden
cell, in the picture, its words for screen readers and the animation's frames alike. The
mines appear only when the game is over; then Undo is off (it would hand back a game whose
mines you have seen).

**Chance places the mines** from the board's one generator seeded with ``seed`` (the same seed
and the same clicks, the same mines; "New game" goes on with the same generator): the first
reveal is made, then the mines are placed on the other cells (the first reveal is safe), one
mine a chance step, kept in ``board.record`` so that the game replays like any record of the
course. Undo and the replay slider go by the players' moves; chance's steps go with the move
that called for them.

**Hints** (the "Hints: chances" box) write on each hidden cell its exact chance of holding a
mine (from :func:`~coursekit.games.minesweeper.probabilities`): a green ``0%`` is certainly
safe, a red ``100%`` certainly a mine, and the best cell (the least likely to be a mine,
:func:`~coursekit.games.minesweeper.best_cell`) is yellow and underlined.

**Watching a computer** (``computer="probability"``, ``"knowledge"`` or ``"random"``, or the
"Player" choice): Step makes one move and ▶ Run plays the game to its end, at the pace of the
speed slider; the status line says what the computer revealed and why (certainly safe, or the
least likely cell and its chance).

**Two players** (source A, G3.3, :class:`MinesDuelBoard`): reveal in turn, discover more mines
than the computer.

**The board shows what both players may see, never more**: the numbers revealed and each
player's discovered mines, lettered A (player 1) or B (player 2) on a disc, on the finder's
colour; a hidden mine looks like any hidden cell (every cell is drawn from the players' view
alone, :func:`~coursekit.games.minesweeper.view.duel_looks`). The other mines appear only when the
game is over. The lines under the board count each player's discoveries and say whose turn it is.

**The rules** (:mod:`coursekit.games.minesweeper.duel`): one hidden cell each in turn, no flood
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
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from ...boards.board import button, slider, toggle
from ...boards.game import YOU, GameBoard, NotAMove, clicked_cell
from ...core.grid import Coord
from ...core.record import Step
from ...core.rules import CHANCE, draw_chance
from .duel import Minesweeper2, Minesweeper2Board, Minesweeper2State
from .players import COMPUTERS, DUEL_COMPUTERS
from .rules import LEVELS, Flag, Minesweeper, MinesweeperBoard, MinesweeperState, best_cell, probabilities
from .view import (
    FINDER_MARKS,
    FLAG_MARK,
    HIDDEN_KINDS,
    TOLD_MARK,
    Look,
    _plural,
    chance_words,
    duel_caption,
    duel_looks,
    duel_rules_text,
    mines_caption,
    mines_looks,
    percent,
    play_svg,
    rules_text,
)

#: A computer player: from the rules and the board it sees (never the mines) to the cell it reveals.
MinesweeperStrategy = Callable[[Minesweeper, MinesweeperBoard], Any]
#: The computer players a board can be given by name (the game's ``COMPUTERS``, as the terminal offers them).
COMPUTER_NAMES = tuple(COMPUTERS)
#: The most cells a board draws: the expert board has 480.
MOST_CELLS = 1000
#: What a flag and a mine a neighbour named (the coordinates variant) look like on a cell.
FLAG, TOLD = FLAG_MARK, TOLD_MARK
#: The lines the hints add under the board.
LEGEND = ("Hints: the chance of a mine on each hidden cell, from what the board shows.",
          "0% (green): certainly safe; 100% (red): certainly a mine.")


def make_computer(name: str, rng: random.Random) -> MinesweeperStrategy:
    """The computer player called ``name`` (:data:`COMPUTER_NAMES`); random choices come from ``rng``.

    >>> player = make_computer("random", random.Random(1))
    >>> player(Minesweeper(4, 4, 2), MinesweeperBoard.empty(4, 4, 2))
    Coord(x=0, y=1)
    """
    strategy: MinesweeperStrategy = _named_computer(COMPUTERS, name, rng)
    return strategy


def _named_computer(computers: Mapping[str, Callable[[random.Random], Any]], name: str, rng: random.Random) -> Any:
    """The computer player called ``name`` in ``computers`` (made with ``rng``); an error naming them all if none is."""
    if name in computers:
        return computers[name](rng)
    raise ValueError(f"the computer plays one of {', '.join(repr(c) for c in computers)}, "
                     f"or give a strategy(rules, board); got {name!r}")


def _as_cell(move: Any) -> Any:
    """A move given as a pair ``(x, y)`` as a :class:`Coord`; any other move (a cell, a flag) as it is.

    >>> _as_cell((2, 1)), _as_cell(Flag(Coord(0, 1)))
    (Coord(x=2, y=1), Flag(cell=Coord(x=0, y=1)))
    """
    return Coord(*move) if isinstance(move, tuple) and not isinstance(move, Coord) else move


def _level_size(level: str, width: int | None, height: int | None, mines: int | None) -> tuple[int, int, int]:
    """The board's width, height and mines: the ``level``'s, unless given."""
    if level not in LEVELS:
        raise ValueError(f"the levels are {', '.join(LEVELS)}, not {level!r}")
    w, h, m = LEVELS[level]
    return w if width is None else width, h if height is None else height, m if mines is None else mines


def _offered(names: Sequence[str], make: Callable[[str, random.Random], Any],
             given: Sequence[Any]) -> tuple[list[str], dict[str, Callable[[random.Random], Any]]]:
    """The computers a board offers by name (and each given strategy as ``"yours"``), and the name of each given one."""
    def maker(name: str) -> Callable[[random.Random], Any]:
        return lambda rng: make(name, rng)

    def given_one(strategy: Any) -> Callable[[random.Random], Any]:
        return lambda _rng: strategy

    offered: dict[str, Callable[[random.Random], Any]] = {name: maker(name) for name in names}
    chosen = []
    for i, computer in enumerate(given):
        if isinstance(computer, str):
            if computer not in offered:
                make(computer, random.Random(0))  # raises: says which names there are
            chosen.append(computer)
        else:
            name = "yours" if i == 0 or given[0] is computer else f"yours {i + 1}"
            offered[name] = given_one(computer)
            chosen.append(name)
    return chosen, offered


class MinesGame(GameBoard):
    """What the one-player and the two-player boards share on the course's board widget.

    Chance's steps (the mines, drawn from the board's generator) follow the move that calls for
    them and are never said or drawn; computers see only the players' board (never the state);
    undo and the replay slider go by the players' moves; the picture is drawn from what the
    players see (:meth:`looks`), the mines only once the game is over.
    """

    hints_label = "Hints: chances"
    hints_title = "Write on each hidden cell its chance of holding a mine"

    rules: Any

    def __init__(self, rules: Any, seats: Sequence[str], computers: Mapping[str, Callable[[random.Random], Any]],
                 seed: int | None, *, seat_labels: Sequence[str], hints: bool, speed: int, interval: int | None,
                 computer_seeds: Sequence[str], **kwargs: Any) -> None:
        if rules.width * rules.height > MOST_CELLS:
            raise ValueError(f"a {rules.width} x {rules.height} board has too many cells to draw "
                             f"(at most {MOST_CELLS:,})")
        self._rules = rules
        super().__init__(seats, computers, seed, seat_labels=seat_labels, hints=hints,
                         speed=speed if interval is None else interval, **kwargs)
        #: Each seat's computer draws its random choices from its own generator, so that they do not move the mines.
        self.computer_rngs = [random.Random(None if seed is None else f"computer {seed}{more}")
                              for more in computer_seeds]
        self._cache: tuple[Any, dict[Coord, Fraction]] | None = None

    # What a game's board provides ------------------------------------------------------------

    def make_rules(self) -> Any:
        return self._rules

    def looks(self, state: Any, chances: Mapping[Coord, Fraction] | None) -> dict[Coord, Look]:
        """How each cell of ``state`` is drawn (the mines only if the game is over)."""
        raise NotImplementedError

    def caption(self, state: Any) -> list[str]:
        """The lines under the board: the counts, and how the game ended."""
        raise NotImplementedError

    def seen_of(self, state: Any) -> Any:
        """What the players see of ``state`` (what a computer player is given)."""
        return self.rules.observation(state, 0)

    def board_of(self, state: Any) -> MinesweeperBoard:
        """The revealed board of ``state`` (what the chances are computed from)."""
        board: MinesweeperBoard = state.board
        return board

    def hinted(self, state: Any) -> frozenset[Coord]:
        """The hidden cells the hints write nothing on (flags, discovered mines)."""
        return frozenset()

    def best_of(self, state: Any, chances: Mapping[Coord, Fraction]) -> Coord | None:
        """The cell the hints underline, if any."""
        return None

    def action(self, look: Look) -> str:
        """What clicking a cell drawn so does, in words for a screen reader (after its own words)."""
        return ": click to reveal it" if look.kind in HIDDEN_KINDS else ""

    def legend(self, state: Any) -> list[str]:
        """The lines the hints add under the board."""
        return list(LEGEND)

    # Reading the game ---------------------------------------------------------------------------

    @property
    def observation(self) -> Any:
        """What the player sees now: the numbers revealed (and flags, or discoveries), never where the mines are."""
        return self.seen_of(self.state)

    def chances_of(self, state: Any) -> dict[Coord, Fraction]:
        """Every hidden cell's exact chance of a mine in ``state``, from what the players see (kept while
        the board stays the same)."""
        board = self.board_of(state)
        if self._cache is None or self._cache[0] != board:
            self._cache = (board, probabilities(board))
        return self._cache[1]

    def chances(self) -> dict[Coord, Fraction] | None:
        """Every hidden cell's exact chance of a mine, from what the players see; ``None`` once the game is over."""
        return None if self.is_over else self.chances_of(self.state)

    def hint_texts(self) -> dict[Coord, str]:
        """What the hints write on the hidden cells (``{}`` with hints off or at the end)."""
        chances = self.chances() if self.hints else None
        if chances is None:
            return {}
        skip = self.hinted(self.state)
        return {cell: percent(chance) for cell, chance in chances.items() if cell not in skip}

    def cell_kind(self, cell: Coord | tuple[int, int]) -> str:
        """How ``cell`` is drawn now (see :func:`~coursekit.games.minesweeper.view.mines_looks`)."""
        return self._looks_now()[self._cell(cell)].kind

    def _looks_now(self) -> dict[Coord, Look]:
        state = self.shown_state
        hints = self.hints and not self.replaying and not self.rules.is_over(state)
        return self.looks(state, self._hint_chances(state) if hints else None)

    def _hint_chances(self, state: Any) -> dict[Coord, Fraction]:
        skip = self.hinted(state)
        return {c: p for c, p in self.chances_of(state).items() if c not in skip}

    def _cell(self, cell: Coord | tuple[int, int]) -> Coord:
        """``cell`` as a :class:`Coord`; an error if it is not on the board."""
        cell = Coord(*cell)
        if not (0 <= cell.x < self.rules.width and 0 <= cell.y < self.rules.height):
            raise ValueError(f"{cell} is not a cell of the {self.rules.width} x {self.rules.height} board")
        return cell

    # Playing ----------------------------------------------------------------------------------

    def click(self, cell: Any) -> bool | None:
        """Do what clicking ``cell`` (``(x, y)`` or ``"x,y"``) does: reveal it if it is your turn (on
        the one-player board in Flag mode: put a flag on it or take its flag off)."""
        return self.on_hit(cell if isinstance(cell, str) else "{},{}".format(*self._cell(cell)))

    def play(self, move: Any) -> bool:
        """Make your ``move`` (a cell to reveal, as ``(x, y)`` or a :class:`Coord`), then let the computer answer.

        A move not allowed changes nothing: the status line says why, and the result is ``False``.
        """
        return super().play(_as_cell(move))

    # Drawing ----------------------------------------------------------------------------------

    def draw(self, state: Any, *, hints: bool, live: bool) -> str:
        over = self.rules.is_over(state)
        chances = self._hint_chances(state) if hints and not over else None
        looks = self.looks(state, chances)
        best = next((cell for cell, look in looks.items() if look.kind == "best"), None)
        hits = {cell: look.words + self.action(look) for cell, look in looks.items()} if live else None
        lines = self.caption(state) + (self.legend(state) if chances is not None else [])
        if best is not None:
            lines.append(f"Underlined ({best}): the best cell, the least likely to hold a mine.")
        return play_svg(self.rules.width, self.rules.height, looks, lines, hits=hits, title=lines[0])

    # Chance, the computers, undo and replay ---------------------------------------------------------

    def _chance(self) -> None:
        """Chance's steps, while it is chance's turn: each mine drawn from the board's generator."""
        while not self.rules.is_over(self.state) and self.rules.to_move(self.state) == CHANCE:
            mine = draw_chance(self.rules.chance_outcomes(self.state), self.rng)
            self.state = self.rules.next_state(self.state, mine)
            self.steps.append(Step(CHANCE, mine, self.state))
        self.at = len(self.steps)

    def _step(self, move: Any) -> str:
        player = self.rules.to_move(self.state)
        before = self.state
        self.state = self.rules.apply(self.state, move)
        self.steps.append(Step(player, move, self.state))
        self._chance()
        self.at = len(self.steps)
        self.said.append(self._words(player, before, move, self.state) + ".")
        return self.draw(self.state, hints=False, live=False)

    def _words(self, player: int, before: Any, move: Any, after: Any) -> str:
        """What ``player``'s ``move`` from ``before`` did (``after``, chance's steps made), in words."""
        raise NotImplementedError

    def _computer_move(self) -> Any:
        player = self.rules.to_move(self.state)
        if player not in self.strategies:
            self.strategies[player] = self.computers[self.seats[player]](self.computer_rngs[player])
        move = _as_cell(self.strategies[player](self.rules, self.observation))
        reason = self.rules.why_illegal(self.state, move)
        if reason is not None:
            raise NotAMove(f"The computer's move {move!r} is not allowed: {reason}")
        return move

    def _computers_answer(self) -> list[str]:
        self._chance()
        frames = []
        if YOU in self.seats:
            while not self.is_over and self.seats[self.rules.to_move(self.state)] != YOU:
                try:
                    move = self._computer_move()
                except NotAMove as error:
                    self.said.append(f"{error}.")
                    break
                frames.append(self._step(move))
        return frames

    def step(self) -> bool:
        """One computer move (the Step button); ``False`` if it is not a computer's turn, or if the
        computer's move is not allowed (the status line says so, and ▶ Run stops)."""
        try:
            return super().step()
        except NotAMove as error:
            self.running = False
            self._say(f"{error}.")
            return False

    def next_move(self) -> bool:
        """The computer's next move (what Step does); ``False`` (and the status line says why) when it cannot move."""
        if self.step():
            return True
        if self.status.startswith("The computer's move"):
            return False
        why = ("the game is over" if self.is_over else "slide the replay to the end" if self.replaying
               else "it is your turn: click a cell")
        self._say(f"Not now: {why}. {self._turn_text()}")
        return False

    def _marks(self) -> list[int]:
        """Where each player's move ends in ``steps`` (with chance's steps after it); first, the start."""
        marks = [0]
        for i, step in enumerate(self.steps):
            if step.player != CHANCE:
                marks.append(i + 1)
            elif marks[-1] == i:
                marks[-1] = i + 1
        return marks

    def undo(self) -> bool:
        """Take back your last move and the computers' answers to it (with computers only: the last
        move); ``False`` if there is nothing to take back, or once the game is over (the mines are shown)."""
        if self.is_over:
            self._say("The game is over and the mines are shown: press New game to play again.")
            return False
        movers = [i for i, step in enumerate(self.steps)
                  if step.player != CHANCE and (YOU not in self.seats or self.seats[step.player] == YOU)]
        if not movers:
            return False
        self.running = False
        del self.steps[movers[-1]:]
        self.state = self.history[-1]
        self.at = len(self.steps)
        self.forget_selection()
        self._say(f"Took back {'your move' if YOU in self.seats else 'a move'}. {self._turn_text()}")
        return True

    def show_move(self, at: int) -> None:
        """Show the position after ``at`` of the players' moves (the replay slider); the last: the game as it stands."""
        marks = self._marks()
        if not 0 <= at < len(marks):
            raise ValueError(f"the replay slider goes from 0 to {len(marks) - 1}, not {at!r}")
        self.at = marks[at]
        self.forget_selection()
        self._say(self._replay_text() if self.replaying else self._turn_text())

    def _replay_text(self) -> str:
        marks = self._marks()
        moves = len(marks) - 1
        number = marks.index(self.at)
        if number == 0:
            return f"The start, before any of the {moves} moves. Slide to the end to play on."
        i = max(j for j in range(self.at) if self.steps[j].player != CHANCE)
        step = self.steps[i]
        words = self._words(step.player, self.history[i], step.move, self.history[self.at])
        return f"Move {number} of {moves}: {words}. Slide to the end to play on."

    def _controls(self) -> list[dict[str, Any]]:
        marks = self._marks()
        moves = len(marks) - 1
        shown = marks.index(self.at) if self.at in marks else moves
        can_undo = not self.is_over and any(
            step.player != CHANCE and (YOU not in self.seats or self.seats[step.player] == YOU) for step in self.steps)
        controls = super()._controls()
        for i, spec in enumerate(controls):
            if spec["name"] == "replay":
                controls[i] = slider("replay", "Replay", 0, moves, shown, disabled=not moves,
                                     valuetext=f"move {shown} of {moves}", shown=f"{shown} of {moves}")
            elif spec["name"] == "undo":
                controls[i] = button("undo", "Undo", disabled=not can_undo,
                                     title="Take back your last move (not once the mines are shown)")
        return controls

    def new_game(self) -> None:
        """Start again with new mines (the "New game" button), drawn from the same generator."""
        self.said = [f"A new game: {self._rules_text()}."]
        super().new_game()

    def _rules_text(self) -> str:
        return rules_text(self._rules)

    def describe(self, state: Any, move: Any) -> str:
        return f"put a flag on or took it off {Coord(*move.cell)}" if isinstance(move, Flag) else f"revealed {move}"

    def _why(self, seen: MinesweeperBoard, cell: Coord) -> str:
        """Why a computer's reveal of ``cell`` was reasonable (or not), from what it saw."""
        if seen.revealed == 0 and self.rules.first_safe:
            return "the first reveal is always safe"
        chances = probabilities(seen)
        chance = chances[cell]
        if chance in (0, 1):
            return chance_words(chance)
        lowest = min(p for c, p in chances.items() if c not in seen.flags)
        if chance == lowest:
            return f"no cell is certainly safe; the least likely to hold a mine: {percent(chance)}"
        return f"a {percent(chance)} chance of a mine; the least likely cell had {percent(lowest)}"


class MinesBoard(MinesGame):
    r"""Play minesweeper: click a hidden cell to reveal it; with "Flag mode" on, a click puts a flag or takes it off.

    The board is a standard ``level`` (``"beginner"`` 9 x 9 with 10 mines, ``"intermediate"``,
    ``"expert"``) unless ``width``, ``height`` or ``mines`` say otherwise; ``first_safe`` and
    ``coordinates`` are the game's options. ``computer=None`` lets you play; a name from
    :data:`COMPUTER_NAMES` (or any ``strategy(rules, board)``) makes the computer play while
    you watch (Step and ▶ Run; the "Player" choice changes who plays at any time). ``hints``
    starts with the chances shown; ``speed`` (or ``interval``) is the milliseconds a
    computer's move takes on screen. The mines come from a generator seeded with ``seed``;
    the computer's random choices from a second one seeded from it, so they do not move the mines.

    A click that is not allowed (a revealed cell, a flagged cell outside Flag mode, any cell
    once the game is over, a cell while the computer plays) changes nothing: the status line
    says why.

    What a program can read and do: ``rules``, ``state``, ``start``, ``steps``, ``record``,
    ``status``, ``picture`` (the SVG the page shows), ``is_over``, ``winner``, ``result``,
    ``players``, ``observation``, ``mines_left``, ``watching``, ``hints`` and ``flag_mode``,
    ``chances()``, ``best()``, ``hint_texts()``, ``cell_kind(cell)``, ``click(cell)``,
    ``reveal(cell)``, ``flag(cell)``, ``play(move)``, ``next_move()``, ``undo()``,
    ``show_move(n)``, ``new_game()``; and, as the page does, ``hit("x,y")`` and
    ``press(control, value)``.

    >>> board = MinesBoard(width=5, height=4, mines=3, seed=0)
    >>> board.click((0, 0))
    True
    >>> board.status.split(". ")[0]
    'You revealed [0, 0]: 0, which opened 11 cells'
    >>> board.click((1, 3)), board.status.split(". ")[0]
    (False, 'Not allowed: [1, 3] is already revealed')
    >>> board.press("flag", True)
    >>> board.hit("4,3"), board.mines_left
    (True, 2)
    """

    rules: Minesweeper
    state: MinesweeperState
    start: MinesweeperState

    def __init__(self, level: str = "beginner", width: int | None = None, height: int | None = None,
                 mines: int | None = None, computer: str | MinesweeperStrategy | None = None, seed: int | None = 0,
                 hints: bool = False, *, first_safe: bool = True, coordinates: bool = False, speed: int = 500,
                 interval: int | None = None, **kwargs: Any) -> None:
        w, h, m = _level_size(level, width, height, mines)
        rules = Minesweeper(w, h, m, first_safe, coordinates)
        chosen, offered = _offered(COMPUTER_NAMES, make_computer, [] if computer is None else [computer])
        self._flag_mode = False
        super().__init__(rules, chosen or [YOU], offered, seed, seat_labels=("Player",), hints=hints, speed=speed,
                         interval=interval, computer_seeds=("",), **kwargs)
        self.new_game()

    # What tests and lessons read and set --------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        """The player's name: ``"You"``, or ``"Computer (probability)"`` (the computer's name)."""
        who = self.seats[0]
        return ("You",) if who == YOU else (f"Computer ({who})",)

    @property
    def watching(self) -> bool:
        """Whether a computer plays and you watch."""
        return self.seats[0] != YOU

    @property
    def mines_left(self) -> int:
        """The mines minus the flags (what the counter shows; below 0 when there are too many flags)."""
        left: int = self.observation.mines_left
        return left

    @property
    def result(self) -> str:
        """``"won"``, ``"lost"`` or ``"playing"``."""
        if not self.is_over:
            return "playing"
        return "won" if self.rules.winner(self.state) == 0 else "lost"

    @property
    def flag_mode(self) -> bool:
        """Whether a click puts a flag on a cell (or takes it off) instead of revealing it."""
        return self._flag_mode

    @flag_mode.setter
    def flag_mode(self, on: bool) -> None:
        self._flag_mode = bool(on)
        self._say(self._replay_text() if self.replaying else self._turn_text())

    def best(self) -> Coord | None:
        """The cell the hints underline: the hidden, unflagged cell least likely to hold a mine
        (:func:`~coursekit.games.minesweeper.best_cell`); ``None`` once the game is over."""
        chances = self.chances()
        if chances is None:
            return None
        return self.best_of(self.state, chances)

    # Playing ------------------------------------------------------------------------------

    def reveal(self, cell: Coord | tuple[int, int]) -> bool:
        """Reveal ``cell`` (whatever the Flag mode); ``False`` if not allowed."""
        return self.play(Coord(*cell))

    def flag(self, cell: Coord | tuple[int, int]) -> bool:
        """Put a flag on ``cell`` or take it off (whatever the Flag mode); ``False`` if not allowed."""
        return self.play(Flag(Coord(*cell)))

    def play(self, move: Any) -> bool:
        """Make your ``move``: a cell to reveal or a :class:`~coursekit.games.minesweeper.Flag`.

        A move not allowed changes nothing: the status line says why, and the result is ``False``.
        """
        move = _as_cell(move)
        if (isinstance(move, Coord) and self._why_not_now() is None and move in self.observation.flags):
            self._say(f"Not allowed: {move} has a flag: turn on Flag mode and click it to take the flag off. "
                      f"{self._turn_text()}")
            return False
        return super().play(move)

    def move_for(self, key: str) -> Coord | Flag:
        cell = clicked_cell(key, self.rules.width, self.rules.height)
        return Flag(cell) if self.flag_mode else cell

    def extra_controls(self) -> list[dict[str, Any]]:
        return [toggle("flag", f"Flag mode {FLAG}", self.flag_mode, disabled=self.is_over or self.watching,
                       title="On: a click puts a flag on a hidden cell or takes it off")]

    def on_extra_control(self, name: str, value: Any) -> None:
        if name == "flag":
            self.flag_mode = bool(value)

    # Words --------------------------------------------------------------------------------

    def prompt(self, state: MinesweeperState) -> str:
        if self.flag_mode:
            return "click a hidden cell to put a flag on it or take it off (Flag mode is on)."
        first = " (the first reveal is always safe)" if state.board.revealed == 0 and self.rules.first_safe else ""
        return f"click a hidden cell to reveal it{first}."

    def _turn_text(self) -> str:
        seen = self.observation
        who = "You" if not self.watching else "The computer"
        if self.is_over:
            moves = _plural(sum(step.player != CHANCE for step in self.steps), "move")
            if self.result == "won":
                return f"{who} won: every safe cell is revealed ({moves})!"
            return f"{who} lost: a mine went off at {seen.exploded}. The mines are shown."
        if self.watching and not self.running:
            first = " (the first reveal is always safe)" if seen.revealed == 0 and self.rules.first_safe else ""
            return f"Press Step or ▶ Run to watch the computer ({self.seats[0]}){first}."
        return super()._turn_text()

    def _words(self, player: int, before: MinesweeperState, move: Any, after: MinesweeperState) -> str:
        who = "You" if self.seats[0] == YOU else "The computer"
        seen_before, seen = before.board, after.board
        if isinstance(move, Flag):
            cell = Coord(*move.cell)
            did = "put a flag on" if cell in seen.flags else "took the flag off"
            return f"{who} {did} {cell}"
        cell = Coord(*move)
        why = f" ({self._why(seen_before, cell)})" if self.seats[0] != YOU else ""
        if seen.exploded is not None:
            return f"{who} revealed {cell}{why}: a mine went off"
        opened = seen.revealed - seen_before.revealed
        more = f", which opened {opened} cells" if opened > 1 else ""
        return f"{who} revealed {cell}{why}: {seen.number(cell)}{more}"

    # Drawing ------------------------------------------------------------------------------

    def looks(self, state: MinesweeperState, chances: Mapping[Coord, Fraction] | None) -> dict[Coord, Look]:
        best = self.best_of(state, chances) if chances else None
        return mines_looks(state, chances, best)

    def hinted(self, state: MinesweeperState) -> frozenset[Coord]:
        return state.board.flags

    def best_of(self, state: MinesweeperState, chances: Mapping[Coord, Fraction]) -> Coord | None:
        board = state.board
        if all(cell in board.flags for cell in chances):
            return None
        return best_cell(board, dict(chances))

    def caption(self, state: MinesweeperState) -> list[str]:
        return [mines_caption(state.board)]

    def legend(self, state: MinesweeperState) -> list[str]:
        first = (["The first reveal is always safe, whatever its chance says."]
                 if state.board.revealed == 0 and self.rules.first_safe else [])
        return [*LEGEND, *first]

    def action(self, look: Look) -> str:
        if self.flag_mode:
            return (": click to take the flag off" if look.kind == "flag"
                    else ": click to put a flag on it" if look.kind in HIDDEN_KINDS else "")
        if look.kind == "flag":
            return " (turn on Flag mode to take the flag off)"
        return super().action(look)


# ---------------------------------------------------------------------------------------------
# Two players (G3.3)


#: A computer player: from the rules and the board both players see (never the mines) to the cell it reveals.
DuelStrategy = Callable[[Minesweeper2, Minesweeper2Board], Any]
#: The computer players a two-player board can be given by name (the game's ``DUEL_COMPUTERS``).
DUEL_COMPUTER_NAMES = tuple(DUEL_COMPUTERS)


def make_duel_computer(name: str, rng: random.Random) -> DuelStrategy:
    """The computer player called ``name`` (:data:`DUEL_COMPUTER_NAMES`); random choices come from ``rng``.

    >>> from coursekit.games.minesweeper import duel_board
    >>> safest = make_duel_computer("safest", random.Random(1))
    >>> safest(Minesweeper2(4, 4, 2), duel_board(MinesweeperBoard.empty(4, 4, 2)))
    Coord(x=0, y=3)
    """
    strategy: DuelStrategy = _named_computer(DUEL_COMPUTERS, name, rng)
    return strategy


class MinesDuelBoard(MinesGame):
    r"""Play two-player minesweeper against the computer: on your turn, click a hidden cell to reveal it.

    The board is a standard ``level`` (``"beginner"`` 9 x 9 with 10 mines, ``"intermediate"``,
    ``"expert"``) unless ``width``, ``height`` or ``mines`` say otherwise; ``first_safe`` is the
    game's option. ``human`` is your seat, numbered as in the terminal: ``1`` (A, you reveal first),
    ``2`` (B) or ``None`` to watch two computers (Step and ▶ Run). ``computer`` is a name from
    :data:`DUEL_COMPUTER_NAMES` or any ``strategy(rules, board)``; with ``human=None`` it may be a
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
    >>> board.click((0, 0)), board.status.split(". ")[0]
    (True, 'You revealed [0, 0]: 0')
    >>> board.click((0, 0)), board.status.split(". ")[0]
    (False, 'Not allowed: [0, 0] is already revealed')
    >>> board.counts  # the mines each player has discovered (A, B)
    (0, 0)
    """

    rules: Minesweeper2
    state: Minesweeper2State
    start: Minesweeper2State

    def __init__(self, level: str = "beginner", width: int | None = None, height: int | None = None,
                 mines: int | None = None,
                 computer: str | DuelStrategy | tuple[str | DuelStrategy, str | DuelStrategy] = "lookahead",
                 human: int | None = 1, seed: int | None = 0, *, hints: bool = False, first_safe: bool = True,
                 speed: int = 700, interval: int | None = None, **kwargs: Any) -> None:
        w, h, m = _level_size(level, width, height, mines)
        if human not in (1, 2, None):
            raise ValueError(f"human is your seat, 1 (A, you reveal first) or 2 (B), as in the terminal's --human, "
                             f"or None to watch two computers; got {human!r}")
        if isinstance(computer, tuple):
            if human is not None or len(computer) != 2:
                raise ValueError("a pair of computers plays only when two computers play each other (human=None)")
            given = list(computer)
        else:
            given = [computer, computer]
        chosen, offered = _offered(DUEL_COMPUTER_NAMES, make_duel_computer, given)
        seats = [YOU if seat + 1 == human else chosen[seat] for seat in (0, 1)]
        super().__init__(Minesweeper2(w, h, m, first_safe), seats, offered, seed, seat_labels=("A", "B"),
                         hints=hints, speed=speed, interval=interval, computer_seeds=(" 0", " 1"), **kwargs)
        self.new_game()

    # What tests and lessons read and set --------------------------------------------------

    @property
    def human(self) -> int | None:
        """Your seat (1: A, 2: B), ``None`` when no seat, or both, are yours."""
        yours = [seat + 1 for seat, who in enumerate(self.seats) if who == YOU]
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
        return "won" if number + 1 == self.human else "lost"

    # Playing ------------------------------------------------------------------------------

    def move_for(self, key: str) -> Coord:
        return clicked_cell(key, self.rules.width, self.rules.height)

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
        return chance_words(self.chances_of(before)[cell])

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


__all__ = ["COMPUTER_NAMES", "DUEL_COMPUTER_NAMES", "MOST_CELLS", "DuelStrategy", "MinesBoard", "MinesDuelBoard",
           "MinesGame", "MinesweeperStrategy", "make_computer", "make_duel_computer", "percent"]
