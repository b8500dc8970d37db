"""Boards for the one-way pieces (article, sections 3-5, games G1.1 to G1.8): click a cell to move the piece.

One board for the king, the queen, the rook and the knight, with two players (you against
the computer) or three (you against two computer players, named by their colours). It is a
:class:`~coursekit.boards.game.GameBoard`: besides moving the piece it offers New game,
Undo, the hints, who plays each seat, the speed, the replay slider and, here, how many cells
are blocked at random. :class:`KingBoard` is the board of the king with two players and the
arguments lesson 02 uses.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Sequence
from html import escape
from typing import Any

from ...boards.board import slider
from ...boards.game import YOU, GameBoard, clicked_cell, computer_players
from ...core.grid import Coord, Grid
from ...core.rules import Strategy
from ...render.svg import CELL, GridCanvas, cell_of, grid_svg, hit_key
from ...solvers.propp import propp_table
from ...solvers.tables import outcome_table
from . import ENTRIES
from .players import COMPUTERS, THREE_PLAYER_OPPONENT
from .rules import PIECE_LETTERS, PIECES, OneWayPiece, PieceState

__all__ = [
    "CELL_KINDS", "GLYPHS", "KING", "KING_CELL_KINDS", "SEAT_COLOURS", "SEAT_NAMES", "KingBoard", "PieceBoard",
    "piece_rules_class",
]

#: The chess glyph of each piece.
GLYPHS = {"king": "\u2654", "queen": "\u2655", "rook": "\u2656", "knight": "\u2658"}
#: Each player's colour, in the order the players move (each at least 4.5:1 on white, for text).
SEAT_COLOURS = ("#c62828", "#1565c0", "#2e7d32")
#: The names of those colours, which name the players of a three-player board.
SEAT_NAMES = ("Red", "Blue", "Green")
#: How a cell looks, besides the piece's own cell (whose kind is the piece's name).
CELL_KINDS = ("light", "dark", "target", "blocked")
#: The ring drawn around the highlight dot of a cell the piece may go to (dark, to be seen on every cell).
TARGET_RING = "#1e4d1e"
#: The blocked_percent slider's range and step.
BLOCKED_PERCENTS = (0, 50, 5)
#: The height of the turn lines above a three-player grid.
HEADER = 40


def piece_rules_class(piece: str) -> type[OneWayPiece]:
    """The rules class of the piece called ``piece`` (``"king"``, ``"queen"``, ``"rook"``, ``"knight"``).

    >>> piece_rules_class("king").__name__
    'OneWayKing'
    """
    if piece not in PIECES:
        raise ValueError(f"the piece is one of {', '.join(repr(name) for name in PIECES)}; got {piece!r}")
    return PIECES[piece]


def _seated(computer: str | Strategy | Sequence[str | Strategy] | None, players: int, human: int,
            ) -> tuple[list[str], dict[str, Callable[[random.Random], Strategy]]]:
    """Who plays each seat (``"you"`` at ``human``), and the computers the board offers."""
    if computer is None:
        computer = ENTRIES[0].opponent if players == 2 else THREE_PLAYER_OPPONENT
    others = players - 1
    if isinstance(computer, str) or callable(computer):
        chosen: list[str | Strategy] = [computer] * others
    else:
        chosen = list(computer)
        if len(chosen) != others:
            raise ValueError(f"give one strategy for each of the {others} computer players, got {len(chosen)}")
    _name, offered = computer_players("random", COMPUTERS["article"], COMPUTERS)
    names: list[str] = []
    given = [c for c in chosen if callable(c)]
    for choice in chosen:
        if callable(choice):
            name = "yours" if len(set(map(id, given))) == 1 else f"yours {given.index(choice) + 1}"
            strategy = choice
            offered[name] = lambda _rng, strategy=strategy: strategy  # type: ignore[misc]
        else:
            name, _offered = computer_players(choice, COMPUTERS["article"], COMPUTERS)
        names.append(name)
    seats = [*names[:human], YOU, *names[human:]]
    return seats, offered


class PieceBoard(GameBoard):
    r"""Play a one-way piece against the computer: click a cell with a green dot to move the piece.

    ``piece`` is ``"king"``, ``"queen"``, ``"rook"`` or ``"knight"``. The grid is drawn with
    ``(0, 0)`` at the bottom left, rows and columns numbered along the left and bottom
    edges. The cells the piece may go to have a green dot; blocked cells are dark. Every
    other cell can be clicked too: the status line then says why the piece cannot go
    there, and nothing changes. Whoever makes the last move wins. The piece glides to its
    new cell (at the pace of the speed slider).

    The board is ``width`` x ``height`` with the ``blocked`` cells (or give a whole
    ``grid``); the piece starts on ``start``, by default the top-right cell.
    ``blocked_percent`` (also a slider on the board) blocks that percentage of further
    cells at random (never the start or ``(0, 0)``), drawn again for every new game.

    ``players`` is 2 or 3; ``human`` is your seat in the order of play, numbered as in the
    terminal's ``--human`` (1 moves first).
    With three players the two others are computer players, named by their colours (Red,
    Blue, Green, in the order they move), and the two lines above the grid say who plays
    which colour and whose turn it is. ``computer`` names the computer's strategy:
    one of :data:`~coursekit.games.pieces.players.COMPUTERS`: ``"perfect"`` (the solver: with
    two players a move to a P-position, with three a win alone whenever possible; the default
    with two players), ``"article"`` (the article's player P0), ``"random"``, or one of the
    three-player strategies of :mod:`coursekit.solvers.propp`, ``"propp"`` and ``"spoiler"``
    (the default with three players); or it is any ``strategy(rules, state)``. With three players it may also be a
    pair, one for each computer player, in the order they move. The "who plays" choices
    change any seat during the game. The same ``seed`` gives the same game.

    ``hints=True`` (or the "Hints" toggle) writes on each cell its class: ``P`` or ``N``
    with two players, Propp's ``N``, ``O``, ``P`` or ``Q`` with three.

    What a program can read and do: ``state``, ``status``, ``turn`` (the turn line's text),
    ``record``, ``picture`` (the SVG the page shows), ``cell_kind(cell)`` (the piece's name,
    ``"target"``, ``"blocked"``, ``"light"`` or ``"dark"``), ``click(cell)``, ``play(move)``,
    ``undo()``, ``new_game()`` and ``hints`` (on or off).

    >>> board = PieceBoard("king", 4, 3, seed=1)
    >>> board.state.at, board.cell_kind(Coord(2, 1)), board.cell_kind(Coord(0, 0))
    (Coord(x=3, y=2), 'target', 'dark')
    >>> board.click(Coord(3, 0))
    False
    >>> print(board.status.replace(". ", ".\n"))
    Not allowed: the king moves one cell left, down or diagonally down-left: [3, 2] -> [3, 0] is 2 cells away.
    Your turn: click a cell with a green dot to move the king.
    >>> 'data-hit="3,0"' in board.picture, 'data-piece="king"' in board.picture
    (True, True)
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
        human: int = 1,
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
        if type(human) is not int or not 1 <= human <= players:
            raise ValueError(f"human is your seat in the order of play, 1 to {players} (1 moves first, as in the "
                             f"terminal's --human); got {human!r}")
        if grid is None:
            grid = Grid(width, height, blocked=frozenset(Coord(*c) for c in blocked))
        self.base_grid = grid
        self.start_cell = Coord(grid.width - 1, grid.height - 1) if start is None else Coord(*start)
        if not 0 <= blocked_percent <= 100:
            raise ValueError(f"blocked_percent must be between 0 and 100, got {blocked_percent}")
        self.blocked_percent = blocked_percent
        self.num_players = players
        self.hints_label = "Hints: P/N" if players == 2 else "Hints: N/O/P/Q"
        self.hints_title = "Write each cell's class on it"
        self.rules_class(grid, self.start_cell, players)  # check the grid and the start before drawing
        seats, offered = _seated(computer, players, human - 1)
        labels = SEAT_NAMES if players == 3 else ("First", "Second")
        self._hint_cache: dict[Grid, dict[Coord, str]] = {}
        self._hints = False
        super().__init__(seats, offered, seed, seat_labels=labels, hints=hints, **kwargs)
        self.new_game()

    # What tests and lessons read and do ---------------------------------------------------

    @property  # GameBoard keeps it in a plain attribute; here setting it redraws
    def hints(self) -> bool:
        """Whether each cell shows its class (``P``/``N``, or ``N``/``O``/``P``/``Q`` with three players);
        setting it redraws the board."""
        return self._hints

    @hints.setter
    def hints(self, on: bool) -> None:
        self._hints = bool(on)
        if getattr(self, "state", None) is not None:
            self._say(self.status)

    def set_hints(self, on: bool) -> None:
        self.hints = on

    @property
    def human(self) -> int | None:
        """Your seat in the order of play (1 moves first; the first seat you play), ``None`` if computers
        play every seat."""
        return self.seats.index(YOU) + 1 if YOU in self.seats else None

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names in the order of play. With two players as every game's board says them
        ("You" and "Computer"); with three, each computer is named by its colour ("Red", "You", "Green")."""
        if self.num_players == 2:
            return super().players
        humans = self.seats.count(YOU)
        return tuple(("You" if humans == 1 else f"{label} (you)") if who == YOU else label
                     for label, who in zip(self.seat_labels, self.seats, strict=True))

    @property
    def turn(self) -> str:
        """Whose turn it is, as the line above a three-player grid says it: ``"You (blue) to move"``, ``"Red won"``."""
        if self.is_over:
            return f"{self.winner} won"
        seat = self.rules.to_move(self.state)
        name = self.players[seat]
        return f"{name} ({SEAT_NAMES[seat].lower()}) to move" if name == "You" else f"{name} to move"

    def click(self, cell: Coord | tuple[int, int] | str) -> bool | None:
        """Do what clicking ``cell`` does: move the piece there if it may go, else say why not (``False``)."""
        if isinstance(cell, str):
            cell = cell_of(cell)
        cell = Coord(*cell)
        if cell not in self.base_grid:
            raise ValueError(f"{cell} is not a cell of the {self.base_grid.width} x {self.base_grid.height} board")
        return self.on_hit(hit_key(cell))

    def cell_kind(self, cell: Coord | tuple[int, int]) -> str:
        """How ``cell`` is drawn now: the piece's name, ``"target"`` (a green dot), ``"blocked"``, ``"light"``
        or ``"dark"``."""
        cell = Coord(*cell)
        state: PieceState = self.shown_state
        if cell == state.at:
            return self.piece
        if cell in state.grid.blocked:
            return "blocked"
        if cell in self._targets(state, self._live()):
            return "target"
        return "light" if (cell.x + cell.y) % 2 else "dark"

    def cell_classes(self, grid: Grid | None = None) -> dict[Coord, str]:
        """The class of every free cell of this game's grid (or of ``grid``), as the hints show it."""
        grid = self.state.grid if grid is None else grid
        if grid not in self._hint_cache:
            table = outcome_table if self.num_players == 2 else propp_table
            self._hint_cache[grid] = table(self.rules_class, grid).as_dict()
        return self._hint_cache[grid]

    # What a game's board provides -------------------------------------------------------------

    def make_rules(self) -> OneWayPiece:
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

    def move_for(self, key: str) -> Coord:
        grid = self.state.grid
        return clicked_cell(key, grid.width, grid.height, board="board")

    def describe(self, state: PieceState, move: Any) -> str:
        return f"moved the {self.piece} to {Coord(*move)}"

    def prompt(self, state: PieceState) -> str:
        return f"click a cell with a green dot to move the {self.piece}."

    def draw(self, state: PieceState, *, hints: bool, live: bool) -> str:
        grid = state.grid
        targets = self._targets(state, live)
        classes = self.cell_classes(grid) if hints else {}
        hits: dict[Coord, str] = {}
        if live:
            for cell in grid.free_cells():
                if cell == state.at:
                    words = f"the {self.piece} is here"
                elif cell in targets:
                    words = f"move the {self.piece} here"
                else:
                    words = f"the {self.piece} cannot go here"
                hits[cell] = f"{words}, class {classes[cell]}" if cell in classes else words
        letter = PIECE_LETTERS.get(self.piece, "K")
        title = f"the {self.piece} on {state.at}" + ("" if self.is_over_at(state) else
                                                     f", {self.players[self.rules.to_move(state)]} to move")
        svg = grid_svg(grid, pieces={state.at: letter}, highlight=targets,
                       texts={c: t for c, t in classes.items() if c != state.at}, title=title,
                       hits=hits, piece_ids={state.at: self.piece})
        rings = GridCanvas(grid.width, grid.height)
        for c in sorted(targets):
            rings.ring(c, CELL * 0.18 + 1, TARGET_RING, 2, still=True)
        svg = rings.over(svg)
        return self._with_turn_lines(svg, state) if self.num_players == 3 else svg

    def extra_controls(self) -> list[dict[str, Any]]:
        low, high, every = BLOCKED_PERCENTS
        value = int(self.blocked_percent)
        return [slider("blocked", "Blocked cells (%)", low, max(high, value), value, step=every,
                       title="Block this share of the cells at random: starts a new game",
                       valuetext=f"{value} percent of the cells blocked at random", shown=f"{value} %")]

    def on_extra_control(self, name: str, value: Any) -> None:
        if name == "blocked":
            percent = int(value)
            if not 0 <= percent <= 100:
                raise ValueError(f"blocked_percent must be between 0 and 100, got {percent}")
            self.blocked_percent = percent
            self.said.append(f"A new game with {percent}% of the cells blocked at random.")
            self.new_game()

    # Drawing ------------------------------------------------------------------------------------

    def is_over_at(self, state: PieceState) -> bool:
        """Whether the game is over in ``state``."""
        return bool(self.rules.is_over(state))

    def _live(self) -> bool:
        return not self.replaying and self.human_to_move()

    def _targets(self, state: PieceState, live: bool) -> set[Coord]:
        return set(self.rules.legal_moves(state)) if live else set()

    def _with_turn_lines(self, svg: str, state: PieceState) -> str:
        """``svg`` with two lines above the grid: the players in their colours, and whose turn it is."""
        over = self.is_over_at(state)
        seat = self.rules.winner(state) if over else self.rules.to_move(state)
        seat = 0 if seat is None else seat
        name = self.players[seat]
        if over:
            now = f"{name} won"
        else:
            now = f"{name} ({SEAT_NAMES[seat].lower()}) to move" if name == "You" else f"{name} to move"
        spans = []
        for s, player in enumerate(self.players):
            weight = ' font-weight="bold"' if s == seat else ""
            spans.append(f'<tspan fill="{SEAT_COLOURS[s]}"{weight}>\u25cf {escape(player)}</tspan>')
        line1 = (f'<text x="4" y="{-HEADER + 13}" font-size="13" fill="#1b1b1b">'
                 + '<tspan fill="#1b1b1b">  </tspan>'.join(spans) + "</text>")
        line2 = (f'<text x="4" y="{-HEADER + 31}" font-size="13" font-weight="bold" '
                 f'fill="{SEAT_COLOURS[seat]}">{escape(now)}</text>')
        match = re.match(r'<svg [^>]*width="(\d+)" height="(\d+)" viewBox="0 0 \d+ \d+"', svg)
        assert match, "grid_svg draws an <svg> with a width, a height and a viewBox"
        width, height = int(match.group(1)), int(match.group(2))
        longest = max(sum(len(p) + 4 for p in self.players), len(now) + 2)
        width = max(width, 8 * longest)
        height += HEADER
        opening = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
                   f'viewBox="0 {-HEADER} {width} {height}"')
        return opening + _after_title(svg[match.end():], line1 + line2)


def _after_title(rest: str, lines: str) -> str:
    """The rest of an ``<svg`` tag and its content, with ``lines`` inserted after its ``<title>`` (or first)."""
    end = rest.find("</title>")
    at = end + len("</title>") if end >= 0 else rest.find(">") + 1
    return rest[:at] + lines + rest[at:]


KING = GLYPHS["king"]
#: How a cell of the king's board looks (see :meth:`PieceBoard.cell_kind`).
KING_CELL_KINDS = ("light", "dark", "target", "king", "blocked")


class KingBoard(PieceBoard):
    r"""Play the one-way king against the computer: click a cell with a green dot to move the king.

    The grid is drawn with ``(0, 0)`` at the bottom left, rows and columns numbered along the
    left and bottom edges. The king (♔) moves one cell left, down or diagonally down-left;
    the cells it may go to have a green dot, blocked cells are dark. Clicking any other cell
    says in the status line why the king cannot go there, and changes nothing (as the
    example of :class:`PieceBoard` shows). Whoever makes the last move wins (on an open
    grid: whoever moves the king onto ``(0, 0)``).

    ``grid`` defaults to an open 5 x 5 grid; ``start`` to its top-right cell.
    ``blocked_percent`` blocks that percentage of further cells at random (never the start
    or ``(0, 0)``), drawn again for every new game. ``computer`` is ``"perfect"``,
    ``"article"`` (the article's player P0), ``"random"`` or any ``strategy(rules, state)``.
    The same ``seed`` gives the same game. The board's controls (see
    :class:`~coursekit.boards.game.GameBoard`) start a new game, take moves back, show the
    hints (P or N on each cell), change who plays each side, the speed and the blocked
    cells, and replay the game.

    What a program can read and do: ``state`` (a :class:`~coursekit.games.pieces.rules.PieceState`),
    ``status``, ``record``, ``picture`` (the SVG the page shows), ``cell_kind(cell)``
    (``"king"``, ``"target"``, ``"blocked"``, ``"light"`` or ``"dark"``), ``click(cell)``
    (what clicking that cell does), ``play(move)``, ``undo()`` and ``new_game()``.

    >>> from coursekit.core import Coord, Grid
    >>> board = KingBoard(Grid(7, 5), seed=1)
    >>> board.state.at, board.cell_kind(Coord(5, 3)), board.cell_kind(Coord(0, 0))
    (Coord(x=6, y=4), 'target', 'dark')
    >>> board.click(Coord(5, 3))
    True
    >>> board.state.at
    Coord(x=4, y=2)
    """

    def __init__(
        self,
        grid: Grid | None = None,
        start: Coord | None = None,
        computer: str | Strategy = "perfect",
        human: int = 1,
        seed: int | None = 0,
        blocked_percent: float = 0,
        **kwargs: Any,
    ) -> None:
        super().__init__("king", seed=seed, computer=computer, human=human,
                         grid=Grid(5, 5) if grid is None else grid, start=start,
                         blocked_percent=blocked_percent, **kwargs)
