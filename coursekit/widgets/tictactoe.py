"""A board for tic-tac-toe and m, n, k-games (article, G3.1; source D): a grid of buttons.

You take one seat (or none, and watch the computers play each other); the other seats are
computer players: the perfect player (the game-tree solver), D's program, a random player,
or any strategy of yours. Hints show what each empty cell is worth, and the search tree of
a small position can be drawn.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as widgets

from ..core.engine import random_strategy
from ..core.grid import Coord
from ..core.record import Step
from ..core.rules import Strategy
from ..games.tictactoe import EMPTY, MARKS, TicTacToe, TicTacToeState, source_best_move
from ..solvers import gametree
from ..views.gametree import solution_svg
from ..views.tictactoe import MARK_COLOURS
from ._common import HUMAN
from ._grid import button_grid, set_text
from ._play import GameShown

CELL_PX = 44
#: The computer players a board can be given by name.
COMPUTER_NAMES = ("perfect", "source", "random")
#: The most empty cells a position may have for the board to solve it at once (perfect play, hints),
#: by the number of players: a fraction of a second each. Max^n (three or four players) prunes
#: nothing, so it solves fewer cells in that time than alpha-beta does for two.
SOLVE_LIMITS = {2: 12, 3: 9, 4: 8}
#: The most empty cells a position may have for its search tree to be drawn.
TREE_LIMIT = 4
#: A cell's background: an ordinary cell, and a cell of the winning line (every mark stays
#: readable on both: a contrast of at least 4.2 to 1). The line's marks are underlined too,
#: so the line does not rest on colour alone.
CELL_COLOUR = "#f4f4f4"
LINE_COLOUR = "#ffe082"
#: The hint letters (the value of marking a cell, for the player to move) and their colours.
HINT_LETTERS = {1: "W", 0: "D", -1: "L"}
HINT_COLOURS = {"W": "#1b7837", "D": "#555555", "L": "#b2182b"}
HINT_WORDS = {"W": "a win", "D": "a draw", "L": "a loss"}


@dataclass(frozen=True)
class ComputerMove:
    """What a computer player chose, and what it says about it.

    ``nodes`` is how many positions its search visited (``None`` for a player that does not
    search); ``note`` is what the player says of its move (D's program speaks).
    """

    move: Coord
    nodes: int | None = None
    note: str = ""


#: A computer player: ``player(rules, state)`` gives its move and what it says about it.
ComputerPlayer = Callable[[TicTacToe, TicTacToeState], ComputerMove]


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


def strategy_player(strategy: Strategy) -> ComputerPlayer:
    """A computer player that plays ``strategy(rules, state)`` and counts nothing."""

    def choose(rules: TicTacToe, state: TicTacToeState) -> ComputerMove:
        return ComputerMove(Coord(*strategy(rules, state)))

    return choose


def perfect_player(rng: random.Random) -> ComputerPlayer:
    """The perfect player: solves the position and plays one of its best moves.

    Among equally good moves it takes a win at once if it has one, else it stops the next
    player's win at once if it can (a lost position is then lost later, not now), and draws
    among the rest with ``rng``. ``nodes`` is the number of positions the solver visited.

    >>> rules = TicTacToe()
    >>> choice = perfect_player(random.Random(0))(rules, rules.position("XX./OO./..."))
    >>> choice.move, choice.nodes > 0
    (Coord(x=2, y=2), True)
    """

    def choose(rules: TicTacToe, state: TicTacToeState) -> ComputerMove:
        result = gametree.solve(rules, state)
        best = [Coord(*move) for move in result.best_moves]
        winning = [move for move in best if rules.next_state(state, move).winner is not None]
        safe = [move for move in best if not _wins_at_once(rules, rules.next_state(state, move))]
        return ComputerMove(rng.choice(winning or safe or best), result.nodes)

    return choose


def _wins_at_once(rules: TicTacToe, state: TicTacToeState) -> bool:
    """Whether the player to move can complete a line with one mark."""
    return any(rules.next_state(state, move).winner is not None for move in rules.legal_moves(state))


def solve_limit(rules: TicTacToe) -> int:
    """The most empty cells of a position the board solves at once (for perfect play and hints).

    >>> solve_limit(TicTacToe()), solve_limit(TicTacToe(4, 4, 3, num_players=3))
    (12, 9)
    """
    return SOLVE_LIMITS[rules.num_players]


def source_player() -> ComputerPlayer:
    """D's program (source D): its alpha-beta search, its node count and its own words for the score."""

    def choose(rules: TicTacToe, state: TicTacToeState) -> ComputerMove:
        found = source_best_move(rules, state)
        return ComputerMove(found.move, found.nodes, found.message)

    return choose


def source_applies(rules: TicTacToe) -> str | None:
    """``None`` where D's program can play (either seat), else why not.

    >>> source_applies(TicTacToe()) is None
    True
    >>> source_applies(TicTacToe(4, 4, 3))
    "D's program plays the 3 x 3 board, 3 in a row, two players; this game is 4 x 4, 3 in a row, 2 players"
    """
    if (rules.width, rules.height, rules.k, rules.num_players) == (3, 3, 3, 2):
        return None
    return ("D's program plays the 3 x 3 board, 3 in a row, two players; this game is "
            f"{rules.width} x {rules.height}, {rules.k} in a row, {rules.num_players} players")


class TicTacToeBoard(GameShown, widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    r"""Play tic-tac-toe (any m, n, k and 2 to 4 players) against the computer: click an empty cell.

    The board is ``width`` x ``height`` cells, ``k`` in a row wins; ``players`` mark with
    X, O, A, B in that order. ``human`` is your seat (0 plays X and moves first); with
    ``human=None`` computers play every seat and the **Step** button and the ``Play``
    widget make their moves. ``computer`` names the computer players: ``"perfect"`` (the
    game-tree solver; the default where the board is small enough to solve at once, see
    :data:`SOLVE_LIMITS`: 12 cells with two players, 9 with three, 8 with four),
    ``"source"`` (D's program, on the 3 x 3 board with two players), ``"random"`` (the
    default on larger boards), or any ``strategy(rules, state)``; one choice for every
    computer seat, or a sequence with one per computer seat in the order they move. The
    same ``seed`` gives the same games.

    A click on an empty cell marks it and the computers answer; a click on a taken cell,
    or after the end, says why in the status line and changes nothing. After each computer
    move the status line gives the nodes its search counted (the solver's count for the
    perfect player, D's own count and words for D's program). The winning line is
    highlighted. ``hints=True`` (or the "Hints" toggle) writes on each empty cell what
    marking it is worth to the player to move: ``W`` a win, ``D`` a draw, ``L`` a loss
    (with perfect play after it); a position with more empty cells than the board solves at
    once gets no hints until the board fills up (the status line says so). "Show the search
    tree" draws the tree that alpha-beta (two players) or max^n (more) explores from a
    position with at most :data:`TREE_LIMIT` empty cells.

    What a program can read and do: ``rules``, ``state``, ``start``, ``steps``, ``record``,
    ``status``, ``turn``, ``is_over``, ``winner``, ``players``, ``buttons`` (a dict from
    each ``Coord`` to its button), ``cell_kind(cell)``, ``move_values()``, ``hint_texts()``, ``click(cell)``,
    ``play(move)``, ``step()``, ``new_game()``, ``show_tree()``, ``hints`` (on or off), and
    the widgets ``new_game_button``, ``hint_toggle``, ``tree_button``, ``tree_html``,
    ``step_button``, ``player``.

    >>> board = TicTacToeBoard(computer="random", seed=1)
    >>> board.click(Coord(1, 1))
    True
    >>> board.click(Coord(1, 1))
    False
    >>> board.status.split(". ")[0]
    'Not allowed: [1, 1] is taken: X marked it'
    """

    def __init__(
        self,
        width: int = 3,
        height: int = 3,
        k: int = 3,
        players: int = 2,
        computer: str | Strategy | Sequence[str | Strategy] | None = None,
        human: int | None = 0,
        seed: int | None = 0,
        *,
        hints: bool = False,
        interval: int = 600,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.rules = TicTacToe(width, height, k, players)
        if human is not None and (type(human) is not int or not 0 <= human < players):
            raise ValueError(f"human is your seat, 0 to {players - 1} (0 plays X and moves first), "
                             f"or None to let computers play every seat; got {human!r}")
        self.human = human
        self.seed = seed
        self.rng = random.Random(seed)
        if computer is None:
            computer = "perfect" if width * height <= solve_limit(self.rules) else "random"
        self.computers = self._choose_computers(computer)
        self.players = self._names()
        self.start: TicTacToeState = self.rules.initial_state()
        self.state: TicTacToeState = self.start
        self.steps: list[Step] = []
        self._said: list[str] = []  # what the status line says of the last moves
        self._values: dict[TicTacToeState, dict[Coord, float]] = {}
        self._build(hints, interval)
        self.new_game()

    # Setting up ---------------------------------------------------------------------------

    def _computer_seats(self) -> list[int]:
        return [seat for seat in range(self.rules.num_players) if seat != self.human]

    def _choose_computers(self, computer: str | Strategy | Sequence[str | Strategy]) -> dict[int, ComputerPlayer]:
        seats = self._computer_seats()
        if isinstance(computer, str) or callable(computer):
            chosen: list[str | Strategy] = [computer] * len(seats)
        else:
            chosen = list(computer)
            if len(chosen) != len(seats):
                raise ValueError(f"give one computer player for each of the {len(seats)} computer seats "
                                 f"({', '.join(MARKS[s] for s in seats)}), got {len(chosen)}")
        return {seat: self._computer(seat, choice) for seat, choice in zip(seats, chosen, strict=True)}

    def _computer(self, seat: int, choice: str | Strategy) -> ComputerPlayer:
        if callable(choice):
            return strategy_player(choice)
        if choice == "random":
            return strategy_player(random_strategy(self.rng))
        if choice == "perfect":
            cells, limit = self.rules.width * self.rules.height, solve_limit(self.rules)
            if cells > limit:
                raise ValueError(f"the perfect player solves boards of at most {limit} cells at once with "
                                 f"{self.rules.num_players} players; this one has {cells}: choose 'random' "
                                 "or a smaller board")
            return perfect_player(self.rng)
        if choice == "source":
            reason = source_applies(self.rules)
            if reason is not None:
                raise ValueError(reason)
            return source_player()
        names = ", ".join(repr(name) for name in COMPUTER_NAMES)
        raise ValueError(f"a computer player is one of {names}, or a strategy(rules, state); got {choice!r}")

    def _names(self) -> tuple[str, ...]:
        seats = self._computer_seats()
        if len(seats) == 1:
            return tuple(HUMAN if seat == self.human else "Computer" for seat in range(self.rules.num_players))
        return tuple(HUMAN if seat == self.human else f"Computer {MARKS[seat]}"
                     for seat in range(self.rules.num_players))

    def _build(self, hints: bool, interval: int) -> None:
        base = {"button_color": CELL_COLOUR}
        mark_font = {"font_size": "22px", "font_weight": "bold"}
        self.styles: dict[str, widgets.ButtonStyle] = {"empty": widgets.ButtonStyle(**base)}
        for mark in MARKS[:self.rules.num_players]:
            colour = MARK_COLOURS[mark]
            self.styles[mark] = widgets.ButtonStyle(**base, text_color=colour, **mark_font)
            self.styles[f"{mark} line"] = widgets.ButtonStyle(button_color=LINE_COLOUR, text_color=colour,
                                                              text_decoration="underline", **mark_font)
        for letter, colour in HINT_COLOURS.items():
            self.styles[f"hint {letter}"] = widgets.ButtonStyle(**base, text_color=colour, font_size="13px")
        self.buttons, self.grid_box = button_grid(self.rules.width, self.rules.height, CELL_PX,
                                                  self.styles["empty"], self.click)
        self.status_label = widgets.Label(value="")
        self.turn_html = widgets.HTML(value="")
        self.new_game_button = widgets.Button(description="New game", tooltip="Start again with an empty board")
        self.new_game_button.on_click(lambda _button: self.new_game())
        self.hint_toggle = widgets.ToggleButton(value=bool(hints), description="Hints: W/D/L",
                                                tooltip="Write on each empty cell what marking it is worth")
        self.hint_toggle.observe(lambda _change: self._finish(self._said), names="value")
        self.tree_button = widgets.Button(description="Show the search tree",
                                          tooltip=f"Draw the game tree (at most {TREE_LIMIT} empty cells)")
        self.tree_button.on_click(lambda _button: self.show_tree())
        self.tree_html = widgets.HTML(value="")
        self._tree_of: TicTacToeState | None = None
        self.step_button = widgets.Button(description="Step", tooltip="One move of the computer to move")
        self.step_button.on_click(lambda _button: self.step())
        self.player = widgets.Play(value=0, min=0, max=self.rules.max_game_length(), step=1, interval=interval,
                                   description="Play the game")
        self.player.observe(self._on_tick, names="value")
        self._resetting = False
        controls: list[widgets.Widget] = [self.new_game_button, self.hint_toggle, self.tree_button]
        if self.human is None:
            controls = [self.step_button, self.player, *controls]
        self.children = (self.turn_html, self.grid_box, self.status_label, widgets.HBox(controls), self.tree_html)

    # What tests and lessons read ---------------------------------------------------------

    @property
    def hints(self) -> bool:
        """Whether the empty cells show their values (``W``, ``D``, ``L``) for the player to move."""
        return bool(self.hint_toggle.value)

    @hints.setter
    def hints(self, on: bool) -> None:
        self.hint_toggle.value = bool(on)

    @property
    def turn(self) -> str:
        """Whose turn it is (``"X (You) to move"``), or the result (``"O (Computer) won"``, ``"A draw"``)."""
        if self.is_over:
            seat = self.rules.winner(self.state)
            return "A draw" if seat is None else f"{MARKS[seat]} ({self.players[seat]}) won"
        seat = self.rules.to_move(self.state)
        return f"{MARKS[seat]} ({self.players[seat]}) to move"

    def cell_kind(self, cell: Coord | tuple[int, int]) -> str:
        """How ``cell`` is drawn: ``"empty"``, a mark (``"X"``), a mark on the winning line
        (``"X line"``), or a hint (``"hint W"``, ``"hint D"``, ``"hint L"``)."""
        style = self.buttons[Coord(*cell)].style
        return next(kind for kind, shared in self.styles.items() if shared is style)

    def move_values(self) -> dict[Coord, float] | None:
        """Each legal move's value for the player to move (from the game-tree solver), or
        ``None`` where the position has more than :data:`SOLVE_LIMITS` empty cells or the game is over."""
        if self.is_over or empty_count(self.state) > solve_limit(self.rules):
            return None
        if self.state not in self._values:
            values = gametree.move_values(self.rules, self.state)
            self._values[self.state] = {Coord(*move): value for move, value in values.items()}
        return self._values[self.state]

    def hint_texts(self) -> dict[Coord, str]:
        """What the hints write on the empty cells now (``{}`` with hints off or a position too big to solve)."""
        if not self.hints:
            return {}
        values = self.move_values()
        return {} if values is None else {cell: hint_letter(value) for cell, value in values.items()}

    # Doing --------------------------------------------------------------------------------

    def new_game(self) -> None:
        """Start again with an empty board (what "New game" does); computers before you move first.

        The random choices go on with the same generator, so a seed fixes the whole series of games.
        """
        self.state = self.start = self.rules.initial_state()
        self.steps = []
        self._resetting = True
        self.player.playing = False
        self.player.value = 0
        self._resetting = False
        self._finish(self._computer_replies())

    def click(self, cell: Coord | tuple[int, int]) -> bool:
        """Do what clicking ``cell`` does: mark it if you may, else say why not in the status line."""
        cell = Coord(*cell)
        if cell not in self.buttons:
            raise ValueError(f"{cell} is not a cell of the {self.rules.width} x {self.rules.height} board")
        return self.play(cell)

    def play(self, move: Coord | tuple[int, int]) -> bool:
        """Mark ``move`` for you, then let the computers answer; ``False`` if not allowed.

        A move that is not allowed changes nothing: the status line says why.
        """
        reason = self.rules.why_illegal(self.state, move)
        if reason is None and self.human is None:
            reason = "computers play every seat: press Step or Play"
        elif reason is None and self.rules.to_move(self.state) != self.human:
            reason = "it is not your turn"
        if reason is not None:
            self.status_label.value = f"Not allowed: {reason}. {self._turn_text()}"
            return False
        said = [f"You ({self._mark_to_move()}) marked {Coord(*move)}."]
        self._mark(Coord(*move))
        self._finish(said + self._computer_replies())
        return True

    def step(self) -> bool:
        """One move of the computer to move (what Step does); ``False`` at the end or on your turn."""
        if self.is_over or self.rules.to_move(self.state) == self.human:
            self.status_label.value = self._turn_text()
            return False
        self._finish([self._computer_move()])
        return True

    def show_tree(self) -> bool:
        """Draw the search tree of the position (what "Show the search tree" does); ``False``
        (and the status says why) when more than :data:`TREE_LIMIT` cells are empty."""
        empty = empty_count(self.state)
        if self.is_over or empty > TREE_LIMIT:
            why = "the game is over" if self.is_over else f"{empty} cells are empty"
            self.status_label.value = (f"The search tree is drawn for at most {TREE_LIMIT} empty cells; "
                                       f"{why}. {self._turn_text()}")
            return False
        if self.rules.num_players == 2:
            solution = gametree.alphabeta(self.rules, self.state, tree=True)
            how = "alpha-beta; each node shows its value for the player who moves there, cut branches are dashed"
        else:
            solution = gametree.maxn(self.rules, self.state, tree=True)
            how = f"max^n; each node shows one value per player ({', '.join(MARKS[:self.rules.num_players])})"
        picture = solution_svg(solution)
        caption = (f"The search tree of this position, {self._mark_to_move()} to move, "
                   f"{solution.nodes:,} nodes searched: {how}.")
        self.tree_html.value = (f"<div>{escape(caption)}</div>"
                                f'<div style="overflow-x:auto;max-width:100%">{picture}</div>')
        self._tree_of = self.state
        return True

    # Moves --------------------------------------------------------------------------------

    def _mark_to_move(self) -> str:
        return MARKS[self.rules.to_move(self.state)]

    def _mark(self, cell: Coord) -> None:
        seat = self.rules.to_move(self.state)
        self.state = self.rules.apply(self.state, cell)
        self.steps.append(Step(seat, cell, self.state))

    def _computer_replies(self) -> list[str]:
        said = []
        while self.human is not None and not self.is_over and self.rules.to_move(self.state) != self.human:
            said.append(self._computer_move())
        return said

    def _computer_move(self) -> str:
        seat = self.rules.to_move(self.state)
        chosen = self.computers[seat](self.rules, self.state)
        who = "The computer" if self.players[seat] == "Computer" else self.players[seat]
        text = f"{who} ({MARKS[seat]}) marked {chosen.move}"
        if chosen.nodes is not None:
            text += f" ({chosen.nodes:,} node{'s' if chosen.nodes != 1 else ''} searched)"
        text += "."
        if chosen.note:
            text += f' It says: "{chosen.note}"'
        self._mark(chosen.move)
        return text

    def _on_tick(self, change: dict[str, Any]) -> None:
        if self._resetting or change["new"] <= change["old"]:
            return
        if not self.step():
            self.player.playing = False

    # Drawing ------------------------------------------------------------------------------

    def _finish(self, said: list[str]) -> None:
        self._said = said
        self._show()
        self.status_label.value = " ".join([*said, self._turn_text()])

    def _turn_text(self) -> str:
        if self.is_over:
            seat = self.rules.winner(self.state)
            if seat is None:
                return "A draw: the board is full."
            return "You win!" if self.players[seat] == HUMAN else (
                "The computer wins." if self.players[seat] == "Computer" else f"{self.players[seat]} wins.")
        seat = self.rules.to_move(self.state)
        if seat == self.human:
            text = f"Your turn: click an empty cell to mark it {MARKS[seat]}."
        else:
            text = f"{MARKS[seat]} ({self.players[seat]}) to move: press Step or Play."
        return text + self._hint_note()

    def _hint_note(self) -> str:
        if not self.hints or self.is_over:
            return ""
        empty = empty_count(self.state)
        if empty > solve_limit(self.rules):
            return (f" Hints appear when at most {solve_limit(self.rules)} cells are empty ({empty} are now): "
                    "larger positions take too long to solve.")
        return " Hints: W wins, D draws, L loses (with perfect play after it)."

    def _show(self) -> None:
        state = self.state
        hints = self.hint_texts()
        line = set(state.line)
        for cell, button in self.buttons.items():
            mark = state.at(cell)
            if mark != EMPTY:
                kind, text = (f"{mark} line" if cell in line else mark), mark
            elif cell in hints:
                kind, text = f"hint {hints[cell]}", hints[cell]
            else:
                kind, text = "empty", ""
            button.style = self.styles[kind]
            set_text(button, text)
            button.tooltip = f"{cell}: {HINT_WORDS[text]} for {self._mark_to_move()}" if cell in hints else str(cell)
        self.turn_html.value = self._turn_html()
        self.tree_button.disabled = self.is_over or empty_count(state) > TREE_LIMIT
        if self._tree_of != state:
            self.tree_html.value = ""
            self._tree_of = None
        self.step_button.disabled = self.is_over

    def _turn_html(self) -> str:
        seats = " ".join(
            f'<span style="color:{MARK_COLOURS[MARKS[s]]};font-weight:bold">{MARKS[s]}</span> '
            f"{escape(self.players[s])}" for s in range(self.rules.num_players))
        seat = self.rules.winner(self.state) if self.is_over else self.rules.to_move(self.state)
        colour = "#333" if seat is None else MARK_COLOURS[MARKS[seat]]
        return f'<div>{seats}</div><div style="color:{colour}"><b>{escape(self.turn)}</b></div>'


__all__ = ["COMPUTER_NAMES", "SOLVE_LIMITS", "TREE_LIMIT", "ComputerMove", "TicTacToeBoard", "hint_letter",
           "perfect_player", "solve_limit", "source_player", "strategy_player"]
