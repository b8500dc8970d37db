"""A board for the one-way pieces (article, sections 3-5, games G1.1 to G1.8): a grid of buttons.

One board for the king, the queen, the rook and the knight, with two players (you against
the computer) or three (you against two computer players).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from ..core.grid import Coord, Grid
from ..core.rules import Strategy
from ..games import pieces as piece_games
from ..games.pieces import PIECES, OneWayPiece, PieceState
from ..solvers.propp import propp_strategy, propp_table, spoiler_strategy
from ..solvers.tables import outcome_table
from ..views.svg import BLOCKED, DARK, HIGHLIGHT, LIGHT
from ._common import COMPUTER, COMPUTERS, HUMAN, choose_computer
from ._grid import button_grid, set_text
from ._play import PlayBoard

CELL_PX = 40
#: The chess glyph of each piece.
GLYPHS = {"king": "\u2654", "queen": "\u2655", "rook": "\u2656", "knight": "\u2658"}
#: Each player's colour, in the order the players move.
SEAT_COLOURS = ("#d62728", "#1f77b4", "#2ca02c")
#: The names of those colours, which name the computer players of a three-player board.
SEAT_NAMES = ("Red", "Blue", "Green")
#: How a cell looks, besides the piece's own cell (whose kind is the piece's name).
CELL_KINDS = ("light", "dark", "target", "blocked")


def piece_rules_class(piece: str) -> type[OneWayPiece]:
    """The rules class of the piece called ``piece`` (``"king"``, ``"queen"``, ``"rook"``, ``"knight"``).

    >>> piece_rules_class("king").__name__
    'OneWayKing'
    """
    if piece not in PIECES:
        raise ValueError(f"the piece is one of {', '.join(repr(name) for name in PIECES)}; got {piece!r}")
    return PIECES[piece]


#: The computer players for three-player games, by name (see :mod:`coursekit.solvers.propp`).
THREE_PLAYER_COMPUTERS: dict[str, Callable[[random.Random], Strategy]] = {
    "propp": propp_strategy,
    "spoiler": spoiler_strategy,
}


class PieceBoard(PlayBoard):
    r"""Play a one-way piece against the computer: click a green cell to move the piece.

    ``piece`` is ``"king"``, ``"queen"``, ``"rook"`` or ``"knight"``. The grid is a
    ``GridBox`` of buttons, the top row first, ``(0, 0)`` at the bottom left; rows and
    columns are numbered along the left and bottom edges. The cells the piece may go to
    are green, blocked cells are dark and cannot be clicked. Clicking any other cell says
    in the status line why the piece cannot go there, and changes nothing. Whoever makes
    the last move wins.

    The board is ``width`` x ``height`` with the ``blocked`` cells (or give a whole
    ``grid``); the piece starts on ``start``, by default the top-right cell.
    ``blocked_percent`` blocks that percentage of further cells at random (never the start
    or ``(0, 0)``), drawn again for every new game.

    ``players`` is 2 or 3; ``human`` is your place in the order of play (0 moves first).
    With three players the two others are computer players, named by their colours, and
    the line above the grid shows whose turn it is. ``computer`` names the computer's
    strategy: ``"perfect"`` (the two-player solver; the default with two players),
    ``"article"`` (the article's player P0), ``"random"``, or one of the three-player
    strategies of :mod:`coursekit.solvers.propp`, ``"propp"`` and ``"spoiler"`` (the
    default with three players); or it is any ``strategy(rules, state)``. With three
    players it may also be a pair, one for each computer player, in the order they move.
    The same ``seed`` gives the same game.

    ``hints=True`` (or the "Hints" toggle) writes on each cell its class: ``P`` or ``N``
    with two players, Propp's ``N``, ``O``, ``P`` or ``Q`` with three.

    What a program can read and do: ``state``, ``status``, ``turn`` (the text of the turn
    line), ``record``, ``buttons`` (a dict from each ``Coord`` to its button),
    ``cell_kind(cell)`` (the piece's name, ``"target"``, ``"blocked"``, ``"light"`` or
    ``"dark"``), ``click(cell)``, ``play(move)``, ``new_game()`` and ``hints`` (on or off).

    >>> board = PieceBoard("king", 4, 3, seed=1)
    >>> board.state.at, board.cell_kind(Coord(2, 1)), board.cell_kind(Coord(0, 0))
    (Coord(x=3, y=2), 'target', 'dark')
    >>> board.click(Coord(3, 0))
    False
    >>> print(board.status.replace(". ", ".\n"))
    Not allowed: the king moves one cell left, down or diagonally down-left: [3, 2] -> [3, 0] is 2 cells away.
    Your turn: click a green cell to move the king.
    """

    def __init__(
        self,
        piece: str = "king",
        width: int = 5,
        height: int = 5,
        blocked: Iterable[Coord | tuple[int, int]] = (),
        seed: int | None = 0,
        players: int = 2,
        computer: str | Strategy | Sequence[str | Strategy] | None = None,
        human: int = 0,
        *,
        grid: Grid | None = None,
        start: Coord | tuple[int, int] | None = None,
        blocked_percent: float = 0,
        hints: bool = False,
        **kwargs: Any,
    ) -> None:
        self.rules_class = piece_rules_class(piece)
        self.piece = piece
        if players not in (2, 3):
            raise ValueError(f"a piece board has 2 or 3 players, got {players!r}")
        if type(human) is not int or not 0 <= human < players:
            raise ValueError(f"human is your place in the order of play, 0 to {players - 1}; got {human!r}")
        if grid is None:
            grid = Grid(width, height, blocked=frozenset(Coord(*c) for c in blocked))
        self.base_grid = grid
        self.start_cell = Coord(grid.width - 1, grid.height - 1) if start is None else Coord(*start)
        if not 0 <= blocked_percent <= 100:
            raise ValueError(f"blocked_percent must be between 0 and 100, got {blocked_percent}")
        self.blocked_percent = blocked_percent
        self.num_players = players
        self.rules_class(grid, self.start_cell, players)  # check the grid and the start before drawing
        super().__init__("random", human == 0, seed, piece_games.article_strategy, **kwargs)
        self.human = human
        self.players = self._names()  # three names with three players
        if computer is None:
            computer = "perfect" if players == 2 else "spoiler"
        self.strategies = self._choose_strategies(computer)
        self._build(grid, hints)
        self.new_game()

    # Setting up ---------------------------------------------------------------------------

    def _names(self) -> tuple[str, ...]:
        if self.num_players == 2:
            return tuple(HUMAN if seat == self.human else COMPUTER for seat in range(2))
        return tuple(HUMAN if seat == self.human else SEAT_NAMES[seat] for seat in range(3))

    def _choose_strategies(self, computer: str | Strategy | Sequence[str | Strategy]) -> dict[int, Strategy]:
        seats = [seat for seat in range(self.num_players) if seat != self.human]
        if isinstance(computer, str) or callable(computer):
            chosen: list[str | Strategy] = [computer] * len(seats)
        else:
            chosen = list(computer)
            if len(chosen) != len(seats):
                raise ValueError(f"give one strategy for each of the {len(seats)} computer players, "
                                 f"got {len(chosen)}")
        return {seat: self._strategy(choice) for seat, choice in zip(seats, chosen, strict=True)}

    def _strategy(self, choice: str | Strategy) -> Strategy:
        if isinstance(choice, str):
            if choice in THREE_PLAYER_COMPUTERS:
                return THREE_PLAYER_COMPUTERS[choice](self.rng)
            if choice not in COMPUTERS:
                names = ", ".join(repr(name) for name in (*COMPUTERS, *THREE_PLAYER_COMPUTERS))
                raise ValueError(f"the computer plays one of {names}, or give a strategy(rules, state); got {choice!r}")
        return choose_computer(choice, self.rng, piece_games.article_strategy)

    def _build(self, grid: Grid, hints: bool) -> None:
        width, height = grid.width, grid.height
        self.styles: dict[str, widgets.ButtonStyle] = {
            "light": widgets.ButtonStyle(button_color=LIGHT),
            "dark": widgets.ButtonStyle(button_color=DARK),
            "target": widgets.ButtonStyle(button_color=HIGHLIGHT),
            self.piece: widgets.ButtonStyle(button_color="#ffd54f", font_size="24px", font_weight="bold"),
            "blocked": widgets.ButtonStyle(button_color=BLOCKED),
        }
        self.buttons, self.grid_box = button_grid(width, height, CELL_PX, self.styles["light"], self.click)
        letters = "P/N" if self.num_players == 2 else "N/O/P/Q"
        self.hint_toggle = widgets.ToggleButton(value=bool(hints), description=f"Hints: {letters}",
                                                tooltip="Write each cell's class on it")
        self._hint_cache: dict[Grid, dict[Coord, str]] = {}
        self.hint_toggle.observe(lambda _change: self._redraw(), names="value")
        controls = widgets.HBox([self.new_game_button, self.hint_toggle])
        self.turn_html = widgets.HTML(value="")
        parts: list[widgets.Widget] = [self.grid_box, self.status_label, controls]
        if self.num_players == 3:
            parts.insert(0, self.turn_html)
        self.children = tuple(parts)

    # What tests and lessons read and do ---------------------------------------------------

    @property
    def hints(self) -> bool:
        """Whether each cell shows its class (``P``/``N``, or ``N``/``O``/``P``/``Q`` with three players)."""
        return bool(self.hint_toggle.value)

    @hints.setter
    def hints(self, on: bool) -> None:
        self.hint_toggle.value = bool(on)

    @property
    def turn(self) -> str:
        """Whose turn it is, as the line above a three-player grid says it (without the HTML)."""
        if self.is_over:
            return f"{self.winner} won" if self.winner != HUMAN else "You won"
        seat = self.rules.to_move(self.state)
        name = self.players[seat]
        return f"{name} ({SEAT_NAMES[seat].lower()}) to move" if name == HUMAN else f"{name} to move"

    def click(self, cell: Coord | tuple[int, int]) -> bool:
        """Do what clicking ``cell`` does: move the piece there if it may go, else say why not."""
        cell = Coord(*cell)
        if cell not in self.buttons:
            raise ValueError(f"{cell} is not a cell of the {self.base_grid.width} x {self.base_grid.height} board")
        return self.play(cell)

    def cell_kind(self, cell: Coord | tuple[int, int]) -> str:
        """How ``cell`` is drawn now: the piece's name, ``"target"``, ``"blocked"``, ``"light"`` or ``"dark"``."""
        style = self.buttons[Coord(*cell)].style
        return next(kind for kind, shared in self.styles.items() if shared is style)

    def cell_classes(self) -> dict[Coord, str]:
        """The class of every free cell of this game's grid, as the hints show it."""
        grid = self.state.grid
        if grid not in self._hint_cache:
            table = outcome_table if self.num_players == 2 else propp_table
            self._hint_cache[grid] = table(self.rules_class, grid).as_dict()
        return self._hint_cache[grid]

    # The parts a play board provides ------------------------------------------------------

    def _make_rules(self) -> OneWayPiece:
        make = self.rules_class
        rules = make(self.base_grid, self.start_cell, self.num_players)
        if not self.blocked_percent or not rules.targets(self.start_cell):
            return rules
        keep = (self.start_cell, Coord(0, 0))
        for _try in range(100):  # block cells at random, but leave the piece a first move
            grid = self.base_grid.with_random_blocked(self.blocked_percent, self.rng, keep=keep)
            rules = make(grid, self.start_cell, self.num_players)
            if rules.targets(self.start_cell):
                return rules
        raise ValueError(f"with {self.blocked_percent}% of the cells blocked the {self.piece} could not move "
                         f"from {self.start_cell} in 100 tries: block fewer cells")

    def _computer_replies(self) -> list[str]:
        said = []
        while not self.rules.is_over(self.state) and self.rules.to_move(self.state) != self.human:
            seat = self.rules.to_move(self.state)
            move = self.strategies[seat](self.rules, self.state)
            who = "The computer" if self.num_players == 2 else self.players[seat]
            said.append(f"{who} {self._describe(self.state, move)}.")
            self._step(move)
        return said

    def _turn_text(self) -> str:
        if self.num_players == 2 or not self.is_over:
            return super()._turn_text()
        return "You win!" if self.winner == HUMAN else f"{self.winner} wins."

    def _redraw(self) -> None:
        state: PieceState = self.state
        targets = set(self.rules.legal_moves(state))
        classes = self.cell_classes() if self.hints else {}
        glyph = GLYPHS.get(self.piece, self.piece[:1].upper())
        for cell, button in self.buttons.items():
            blocked = cell in state.grid.blocked
            if cell == state.at:
                kind = self.piece
            elif blocked:
                kind = "blocked"
            elif cell in targets:
                kind = "target"
            else:
                kind = "light" if (cell.x + cell.y) % 2 else "dark"
            button.style = self.styles[kind]
            set_text(button, glyph if cell == state.at else classes.get(cell, ""))
            button.disabled = blocked
        self.turn_html.value = self._turn_html()

    def _turn_html(self) -> str:
        if self.num_players != 3:
            return ""
        seat = self.rules.winner(self.state) if self.is_over else self.rules.to_move(self.state)
        seat = 0 if seat is None else seat
        dots = " ".join(f'<span style="color:{SEAT_COLOURS[s]}">&#9679;</span> {escape(self.players[s])}'
                        for s in range(3))
        now = (f'<b style="color:{SEAT_COLOURS[seat]}">{escape(self.turn)}</b>')
        return f"<div>{dots}</div><div>{now}</div>"

    def _describe(self, state: PieceState, move: Any) -> str:
        return f"moved the {self.piece} to {Coord(*move)}"

    def _hint(self) -> str:
        return f"click a green cell to move the {self.piece}."


__all__ = ["CELL_KINDS", "GLYPHS", "SEAT_COLOURS", "SEAT_NAMES", "PieceBoard", "piece_rules_class"]
