"""A board for minesweeper (source A, G3.2): click to reveal, flag the mines, or watch a computer player.

The board is called :class:`MinesBoard`: the game module's :class:`~coursekit.games.minesweeper.MinesweeperBoard`
is already the player's observation (the board as the player sees it), and the widget draws
exactly that observation.

**The board shows what the player may see, never more**: the numbers revealed, the flags and
how many mines are left; the cells drawn from the observation alone, so a hidden mine looks
like any hidden cell. The mines appear only when the game is over.

**Chance places the mines** from the board's one generator seeded with ``seed`` (the same seed
and the same clicks, the same mines; "New game" goes on with the same generator): the first
reveal is made, then the mines are placed on the other cells (the first reveal is safe), one
mine a chance step, kept in ``board.record`` so that the game replays like any record of the
course.

**Hints** (the "Chances" toggle) write on each hidden cell its exact chance of holding a mine
(from :func:`~coursekit.games.minesweeper.probabilities`): a green ``0%`` is certainly safe, a
red ``100%`` certainly a mine, and the best cell (the least likely to be a mine,
:func:`~coursekit.games.minesweeper.best_cell`) is yellow and underlined.

**Watching a computer** (``computer="probability"``, ``"knowledge"`` or ``"random"``): "Next
move" makes one move and the ▶ control plays the game to its end; the status line says what
the computer revealed and why (certainly safe, or the least likely cell and its chance).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as widgets

from ..core.grid import Coord
from ..core.record import Step
from ..core.rules import CHANCE, draw_chance
from ..games.minesweeper import (
    LEVELS,
    Flag,
    Minesweeper,
    MinesweeperBoard,
    MinesweeperState,
    best_cell,
    knowledge_strategy,
    probabilities,
    probability_strategy,
    random_strategy,
)
from ..views.minesweeper import INKS, rules_text
from ._common import HUMAN
from ._grid import button_grid, set_text
from ._play import GameShown

#: A computer player: from the rules and the board it sees (never the mines) to the cell it reveals.
MinesweeperStrategy = Callable[[Minesweeper, MinesweeperBoard], Any]
#: The computer players a board can be given by name.
COMPUTER_NAMES = ("probability", "knowledge", "random")
#: The most cells a board draws (one button a cell): the expert board has 480.
MOST_CELLS = 1000
CELL_PX = 30
#: What a flag, a mine and a mine named by a neighbour (the coordinates variant) look like on a cell.
FLAG, MINE, TOLD = "\u2691", "\u25cf", "M"
#: Backgrounds: a hidden cell, a revealed one, the mine that went off, the other mines at the end,
#: certainly safe and certainly a mine (hints), the best cell (hints). Every text on them has a
#: contrast of at least 4.5 to 1 (the numbers use the pictures' inks), and the hint kinds differ
#: by their text too (``0%``, ``100%``, underlined), not by colour alone.
HIDDEN_FILL, OPEN_FILL, BOOM_FILL, MINE_FILL = "#c3ccd5", "#eef1f4", "#c0211f", "#fdd0a2"
SAFE_FILL, SURE_MINE_FILL, BEST_FILL = "#c8e6c9", "#f8c4c4", "#ffe082"
FLAG_INK, HINT_INK, SAFE_INK = "#8a0000", "#111", "#1a5e20"


def percent(chance: Fraction) -> str:
    """A chance as the hints write it: ``0%`` and ``100%`` only when certain, else 1% to 99%.

    >>> percent(Fraction(0)), percent(Fraction(1, 8)), percent(Fraction(1, 1000)), percent(Fraction(999, 1000))
    ('0%', '12%', '1%', '99%')
    """
    if chance == 0:
        return "0%"
    if chance == 1:
        return "100%"
    return f"{min(99, max(1, round(chance * 100)))}%"


def make_computer(name: str, rng: random.Random) -> MinesweeperStrategy:
    """The computer player called ``name`` (:data:`COMPUTER_NAMES`); random choices come from ``rng``.

    >>> player = make_computer("random", random.Random(1))
    >>> player(Minesweeper(4, 4, 2), MinesweeperBoard.empty(4, 4, 2))
    Coord(x=0, y=1)
    """
    if name == "probability":
        return probability_strategy()
    if name == "knowledge":
        return knowledge_strategy(rng)
    if name == "random":
        return random_strategy(rng)
    raise ValueError(f"the computer plays one of {', '.join(repr(c) for c in COMPUTER_NAMES)}, "
                     f"or give a strategy(rules, board); got {name!r}")


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _level_size(level: str, width: int | None, height: int | None, mines: int | None) -> tuple[int, int, int]:
    """The board's width, height and mines: the ``level``'s, unless given."""
    if level not in LEVELS:
        raise ValueError(f"the levels are {', '.join(LEVELS)}, not {level!r}")
    w, h, m = LEVELS[level]
    return w if width is None else width, h if height is None else height, m if mines is None else mines


def _number_look(number: int) -> tuple[str, str, str]:
    """A revealed cell's kind, text and tooltip."""
    return str(number), str(number) if number else "", f"{_plural(number, 'mine')} around"


def _hint_look(chance: Fraction, text: str, best: bool = False) -> tuple[str, str, str]:
    """A hidden cell's kind, text and tooltip with the hints on."""
    kind = "best" if best else "safe" if chance == 0 else "sure mine" if chance == 1 else "hint"
    words = ("certainly safe" if chance == 0 else "certainly a mine" if chance == 1
             else f"a {percent(chance)} chance of a mine")
    return kind, text, words + (" (the best cell)" if best else "")


class _MinesShown(GameShown, widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """What the one-player and the two-player boards share: the setting up, the chance steps, the
    ▶ control, the hints toggle and the drawing of the cells."""

    #: Whether the ▶ control stops as soon as the last move is made (else at the next tick).
    _stop_at_last_move = False

    def __init__(self, rules: Any, seed: int | None, **kwargs: Any) -> None:
        self.rules = rules
        if rules.width * rules.height > MOST_CELLS:
            raise ValueError(f"a {rules.width} x {rules.height} board has too many cells to draw "
                             f"(at most {MOST_CELLS:,}: one button a cell)")
        super().__init__(**kwargs)
        self.seed = seed
        self.rng = random.Random(seed)
        self.start = self.state = rules.initial_state()
        self.steps: list[Step] = []
        self._said: list[str] = []
        self._cache: tuple[Any, dict[Coord, Fraction]] | None = None
        self._resetting = False

    def _build_board(self, hints: bool, interval: int, styles: dict[str, widgets.ButtonStyle], next_tip: str,
                     controls: list[widgets.Widget]) -> None:
        """Make the shared widgets and lay them out: ``controls`` (before the hints toggle) when you play."""
        bold = {"font_weight": "bold", "font_size": "15px"}
        small = {"font_size": "10px"}
        self.styles: dict[str, widgets.ButtonStyle] = {
            "hidden": widgets.ButtonStyle(button_color=HIDDEN_FILL),
            "hint": widgets.ButtonStyle(button_color=HIDDEN_FILL, text_color=HINT_INK, **small),
            "safe": widgets.ButtonStyle(button_color=SAFE_FILL, text_color=SAFE_INK, font_weight="bold", **small),
            "sure mine": widgets.ButtonStyle(button_color=SURE_MINE_FILL, text_color=FLAG_INK, font_weight="bold",
                                             **small),
            "mine": widgets.ButtonStyle(button_color=MINE_FILL, text_color=HINT_INK, **bold),
            "exploded": widgets.ButtonStyle(button_color=BOOM_FILL, text_color="#fff", **bold),
            **styles,
        }
        for number, ink in enumerate(INKS):
            self.styles[str(number)] = widgets.ButtonStyle(button_color=OPEN_FILL, text_color=ink, **bold)
        self.buttons, self.grid_box = button_grid(self.rules.width, self.rules.height, CELL_PX,
                                                  self.styles["hidden"], self.click)
        self.info_html = widgets.HTML()
        self.legend_html = widgets.HTML()
        self.status_label = widgets.Label(value="")
        self.hint_toggle = widgets.ToggleButton(value=bool(hints), description="Chances",
                                                tooltip="Write on each hidden cell its chance of holding a mine")
        self.hint_toggle.observe(lambda _change: self._finish(self._said), names="value")
        self.next_button = widgets.Button(description="Next move", tooltip=next_tip)
        self.next_button.on_click(lambda _button: self.next_move())
        self.player = widgets.Play(value=0, min=0, max=self.rules.max_game_length(), step=1, interval=interval,
                                   description="Watch the whole game")
        self.player.observe(self._on_tick, names="value")
        self.new_game_button = widgets.Button(description="New game", tooltip="Hide new mines and start again")
        self.new_game_button.on_click(lambda _button: self.new_game())
        if self.watching:
            controls = [self.next_button, self.player, self.hint_toggle, self.new_game_button]
        else:
            controls = [*controls, self.hint_toggle, self.new_game_button]
        self.children = (self.info_html, self.grid_box, self.status_label, widgets.HBox(controls), self.legend_html)

    @property
    def hints(self) -> bool:
        """Whether the hidden cells show their chances of holding a mine."""
        return bool(self.hint_toggle.value)

    @hints.setter
    def hints(self, on: bool) -> None:
        self.hint_toggle.value = bool(on)

    def _chances_of(self, seen: Any, board: MinesweeperBoard) -> dict[Coord, Fraction]:
        """The chances on ``board`` (what ``seen`` shows), kept while ``seen`` stays the same."""
        if self._cache is None or self._cache[0] != seen:
            self._cache = (seen, probabilities(board))
        return self._cache[1]

    def _hint_texts(self, unhinted: Callable[[Any], AbstractSet[Coord]]) -> dict[Coord, str]:
        """What the hints write on the hidden cells but the ``unhinted(observation)`` ones."""
        chances = self.chances() if self.hints else None
        if chances is None:
            return {}
        skip = unhinted(self.observation)
        return {cell: percent(chance) for cell, chance in chances.items() if cell not in skip}

    def _kind(self, cell: Coord | tuple[int, int]) -> str:
        style = self.buttons[Coord(*cell)].style
        return next(kind for kind, shared in self.styles.items() if shared is style)

    def _cell(self, cell: Coord | tuple[int, int]) -> Coord:
        """``cell`` as a :class:`Coord`; an error if it is not on the board."""
        cell = Coord(*cell)
        if cell not in self.buttons:
            raise ValueError(f"{cell} is not a cell of the {self.rules.width} x {self.rules.height} board")
        return cell

    def _refused(self, reason: str | None) -> bool:
        """Whether there is a ``reason`` not to play (then the status line says it)."""
        if reason is None:
            return False
        self.status_label.value = f"{reason}. {self._turn_text()}"
        return True

    def _not_now(self, when_you_play: str) -> bool:
        """Whether a watched computer cannot move now (then the status line says why)."""
        if not self.watching or self.is_over:
            why = "the game is over" if self.is_over else when_you_play
            self.status_label.value = f"Not now: {why}. {self._turn_text()}"
            return True
        return False

    def _step(self, player: int, move: Any) -> None:
        self.state = (self.rules.next_state(self.state, move) if player == CHANCE
                      else self.rules.apply(self.state, move))
        self.steps.append(Step(player, move, self.state))

    def _chance(self) -> None:
        """Chance's steps, if it is chance's turn: each mine drawn from the board's generator."""
        while self.rules.to_move(self.state) == CHANCE:
            self._step(CHANCE, draw_chance(self.rules.chance_outcomes(self.state), self.rng))

    def _on_tick(self, change: dict[str, Any]) -> None:
        if self._resetting or change["new"] <= change["old"]:
            return
        if self.is_over or not self.next_move() or (self._stop_at_last_move and self.is_over):
            self.player.playing = False

    def _stop_player(self) -> None:
        self._resetting = True
        self.player.playing = False
        self.player.value = 0
        self._resetting = False

    def _finish(self, said: list[str]) -> None:
        self._said = said
        self._show()
        self.status_label.value = ". ".join([*said, self._turn_text()])

    def _show(self) -> None:
        seen = self.observation
        mines = self.state.mines if self.is_over else frozenset()
        hints = self.hint_texts()
        chances = self.chances() if hints else None
        best = self._best_shown() if hints else None
        for cell, button in self.buttons.items():
            kind, text, tip = self._look(cell, seen, mines, hints, chances, best)
            button.style = self.styles[kind]
            set_text(button, text)
            button.tooltip = f"{cell}: {tip}"
        self.info_html.value = self._info_html()
        self.legend_html.value = self._legend_html()
        self.next_button.disabled = self.is_over

    def _best_shown(self) -> Coord | None:
        """The cell the hints highlight, if any."""
        return None

    def _legend_html(self) -> str:
        if not self.hints or self.is_over:
            return ""
        return ("<div>Chances: each hidden cell's chance of holding a mine, from what "
                f"{self._legend_whose()}. "
                f'<span style="background:{SAFE_FILL};color:{SAFE_INK}">0%</span> is certainly safe, '
                f'<span style="background:{SURE_MINE_FILL};color:{FLAG_INK}">100%</span> certainly a mine, '
                f"{self._legend_more()}</div>")

    def _legend_whose(self) -> str:
        raise NotImplementedError

    def _legend_more(self) -> str:
        raise NotImplementedError


class MinesBoard(_MinesShown):
    r"""Play minesweeper: click a hidden cell to reveal it; with "Flag mode" on, a click puts a flag or takes it off.

    The board is a standard ``level`` (``"beginner"`` 9 x 9 with 10 mines, ``"intermediate"``,
    ``"expert"``) unless ``width``, ``height`` or ``mines`` say otherwise; ``first_safe`` and
    ``coordinates`` are the game's options. ``computer=None`` lets you play; a name from
    :data:`COMPUTER_NAMES` (or any ``strategy(rules, board)``) makes the computer play while
    you watch: "Next move" and the ▶ control. ``hints`` starts with the chances shown. The
    mines come from a generator seeded with ``seed``; the computer's random choices from a
    second one seeded from it, so they do not move the mines.

    A click that is not allowed (a revealed cell, a flagged cell outside Flag mode, any cell
    once the game is over, a cell while the computer plays) changes nothing: the status line
    says why.

    What a program can read and do: ``rules``, ``state``, ``start``, ``steps``, ``record``,
    ``status``, ``is_over``, ``winner``, ``result``, ``players``, ``observation``,
    ``mines_left``, ``watching``, ``hints`` and ``flag_mode`` (settable), ``chances()``,
    ``best()``, ``hint_texts()``, ``cell_kind(cell)``, ``click(cell)``, ``reveal(cell)``,
    ``flag(cell)``, ``play(move)``, ``next_move()``, ``new_game()``, and the widgets
    ``buttons`` (by cell), ``grid_box``, ``info_html``, ``legend_html``, ``status_label``,
    ``flag_toggle``, ``hint_toggle``, ``next_button``, ``player`` (▶) and ``new_game_button``.

    >>> board = MinesBoard(width=5, height=4, mines=3, seed=0)
    >>> board.click((0, 0))
    True
    >>> board.status.split(". ")[0]
    'You revealed [0, 0]: 0, which opened 11 cells'
    >>> board.click((1, 3)), board.status.split(". ")[0]
    (False, 'Not allowed: [1, 3] is already revealed')
    >>> board.flag_mode = True
    >>> board.click((4, 3)), board.mines_left
    (True, 2)
    """

    rules: Minesweeper
    state: MinesweeperState
    start: MinesweeperState

    def __init__(
        self,
        level: str = "beginner",
        width: int | None = None,
        height: int | None = None,
        mines: int | None = None,
        computer: str | MinesweeperStrategy | None = None,
        seed: int | None = 0,
        hints: bool = False,
        *,
        first_safe: bool = True,
        coordinates: bool = False,
        interval: int = 500,
        **kwargs: Any,
    ) -> None:
        w, h, m = _level_size(level, width, height, mines)
        super().__init__(Minesweeper(w, h, m, first_safe, coordinates), seed, **kwargs)
        self.computer_name = computer if isinstance(computer, str) or computer is None else "yours"
        self.computer: MinesweeperStrategy | None = None
        if isinstance(computer, str):
            self.computer = make_computer(computer, random.Random(None if seed is None else f"computer {seed}"))
        elif computer is not None:
            self.computer = computer
        self.players: tuple[str, ...] = (HUMAN,) if computer is None else (f"Computer ({self.computer_name})",)
        self._build(hints, interval)
        self.new_game()

    # Setting up ---------------------------------------------------------------------------

    def _build(self, hints: bool, interval: int) -> None:
        """Make the widgets and lay them out: your controls, or the computer's."""
        bold = {"font_weight": "bold", "font_size": "15px"}
        styles = {
            "flag": widgets.ButtonStyle(button_color=HIDDEN_FILL, text_color=FLAG_INK, **bold),
            "told": widgets.ButtonStyle(button_color=HIDDEN_FILL, text_color=FLAG_INK, **bold),
            "best": widgets.ButtonStyle(button_color=BEST_FILL, text_color=HINT_INK, font_weight="bold",
                                        text_decoration="underline", font_size="10px"),
            "wrong flag": widgets.ButtonStyle(button_color=OPEN_FILL, text_color=FLAG_INK,
                                              text_decoration="line-through", **bold),
        }
        self.flag_toggle = widgets.ToggleButton(value=False, description=f"Flag mode {FLAG}",
                                                tooltip="On: a click puts a flag on a hidden cell or takes it off")
        self.flag_toggle.observe(lambda _change: self._finish(self._said), names="value")
        self._build_board(hints, interval, styles, "The computer makes its next move", [self.flag_toggle])

    # What tests and lessons read and set --------------------------------------------------

    @property
    def observation(self) -> MinesweeperBoard:
        """What the player sees now: the numbers revealed, the flags, the count of mines (never where they are)."""
        seen: MinesweeperBoard = self.rules.observation(self.state, 0)
        return seen

    @property
    def watching(self) -> bool:
        """Whether a computer plays and you watch."""
        return self.computer is not None

    @property
    def mines_left(self) -> int:
        """The mines minus the flags (what the counter shows; below 0 when there are too many flags)."""
        return self.observation.mines_left

    @property
    def result(self) -> str:
        """``"won"``, ``"lost"`` or ``"playing"``."""
        if not self.is_over:
            return "playing"
        return "won" if self.rules.winner(self.state) == 0 else "lost"

    @property
    def flag_mode(self) -> bool:
        """Whether a click puts a flag on a cell (or takes it off) instead of revealing it."""
        return bool(self.flag_toggle.value)

    @flag_mode.setter
    def flag_mode(self, on: bool) -> None:
        self.flag_toggle.value = bool(on)

    def chances(self) -> dict[Coord, Fraction] | None:
        """Every hidden cell's exact chance of a mine, from the observation alone; ``None`` once the game is over.

        >>> board = MinesBoard(width=3, height=3, mines=1)
        >>> set(board.chances().values())
        {Fraction(1, 9)}
        """
        if self.is_over:
            return None
        seen = self.observation
        return self._chances_of(seen, seen)

    def best(self) -> Coord | None:
        """The cell the hints highlight: the hidden, unflagged cell least likely to hold a mine
        (:func:`~coursekit.games.minesweeper.best_cell`); ``None`` once the game is over."""
        chances = self.chances()
        if chances is None or all(cell in self.observation.flags for cell in chances):
            return None
        return best_cell(self.observation, chances)

    def hint_texts(self) -> dict[Coord, str]:
        """What the hints write on the hidden cells without a flag (``{}`` with hints off or at the end)."""
        return self._hint_texts(lambda seen: seen.flags)

    def cell_kind(self, cell: Coord | tuple[int, int]) -> str:
        """How ``cell`` is drawn: ``"hidden"``, ``"flag"``, ``"told"``, a number ``"0"``-``"8"``; with
        hints ``"hint"``, ``"safe"``, ``"sure mine"``, ``"best"``; at the end ``"mine"``, ``"exploded"``,
        ``"wrong flag"``."""
        return self._kind(cell)

    # Playing ------------------------------------------------------------------------------

    def new_game(self) -> None:
        """Start again with new mines (what "New game" does), drawn from the same generator.

        >>> board = MinesBoard(width=4, height=4, mines=2, first_safe=False, seed=5)
        >>> sorted(board.state.mines) == sorted(step.move for step in board.steps)
        True
        """
        self.start = self.state = self.rules.initial_state()
        self.steps = []
        self._stop_player()
        self._chance()
        self._finish([f"A new game: {rules_text(self.rules)}"])

    def click(self, cell: Coord | tuple[int, int]) -> bool:
        """Do what clicking ``cell`` does: reveal it, or in Flag mode flag it or take its flag off."""
        cell = self._cell(cell)
        return self.play(Flag(cell) if self.flag_mode else cell)

    def reveal(self, cell: Coord | tuple[int, int]) -> bool:
        """Reveal ``cell`` (whatever the Flag mode); ``False`` if not allowed."""
        return self.play(Coord(*cell))

    def flag(self, cell: Coord | tuple[int, int]) -> bool:
        """Put a flag on ``cell`` or take it off (whatever the Flag mode); ``False`` if not allowed."""
        return self.play(Flag(Coord(*cell)))

    def play(self, move: Coord | Flag) -> bool:
        """Make your ``move``: a cell to reveal or a :class:`~coursekit.games.minesweeper.Flag`.

        A move not allowed changes nothing: the status line says why, and the result is ``False``.
        """
        if self._refused(self._refusal(move)):
            return False
        self._finish([self._move("You", move)])
        return True

    def next_move(self) -> bool:
        """The watched computer's next move (what "Next move" does); ``False`` at the end or when you play."""
        if self._not_now("you play: click a cell"):
            return False
        assert self.computer is not None
        seen = self.observation
        move = self.computer(self.rules, seen)
        if isinstance(move, tuple) and not isinstance(move, Coord):
            move = Coord(*move)
        reason = self.rules.why_illegal(self.state, move)
        if reason is not None:
            self.status_label.value = f"The computer's move {move!r} is not allowed: {reason}."
            self._stop_player()
            return False
        why = "" if isinstance(move, Flag) else f" ({self._why(seen, move)})"
        self._finish([self._move("The computer", move, why)])
        return True

    def _refusal(self, move: Coord | Flag) -> str | None:
        """Why you cannot make ``move`` now, or ``None``."""
        if self.watching and not self.is_over:
            return 'Not now: the computer plays; press "Next move" or \u25b6 to watch it'
        reason = self.rules.why_illegal(self.state, move)
        if reason is None:
            return None
        if not isinstance(move, Flag) and move in self.observation.flags and not self.is_over:
            reason = f"{Coord(*move)} has a flag: turn on Flag mode and click it to take the flag off"
        return f"Not allowed: {reason}"

    def _move(self, who: str, move: Coord | Flag, why: str = "") -> str:
        """Make ``move`` (then chance's steps) and say what happened."""
        before = self.observation
        self._step(0, move)
        self._chance()
        after = self.observation
        if isinstance(move, Flag):
            cell = Coord(*move.cell)
            did = "put a flag on" if cell in after.flags else "took the flag off"
            return f"{who} {did} {cell}"
        cell = Coord(*move)
        if after.exploded is not None:
            return f"{who} revealed {cell}{why}: a mine went off"
        opened = after.revealed - before.revealed
        more = f", which opened {opened} cells" if opened > 1 else ""
        return f"{who} revealed {cell}{why}: {after.number(cell)}{more}"

    def _why(self, seen: MinesweeperBoard, cell: Coord) -> str:
        """Why the computer's reveal of ``cell`` was reasonable (or not), from what it saw."""
        if seen.revealed == 0 and self.rules.first_safe:
            return "the first reveal is always safe"
        chances = self._chances_of(seen, seen)
        chance = chances[cell]
        if chance == 0:
            return "certainly safe"
        if chance == 1:
            return "certainly a mine"
        lowest = min(p for c, p in chances.items() if c not in seen.flags)
        if chance == lowest:
            return f"no cell is certainly safe; the least likely to hold a mine: {percent(chance)}"
        return f"a {percent(chance)} chance of a mine; the least likely cell had {percent(lowest)}"

    # Words --------------------------------------------------------------------------------

    def _turn_text(self) -> str:
        seen = self.observation
        who = "You" if not self.watching else "The computer"
        if self.is_over:
            moves = _plural(sum(step.player != CHANCE for step in self.steps), "move")
            if self.result == "won":
                return f"{who} won: every safe cell is revealed ({moves})!"
            return f"{who} lost: a mine went off at {seen.exploded}. The mines are shown."
        first = " (the first reveal is always safe)" if seen.revealed == 0 and self.rules.first_safe else ""
        if self.watching:
            return f'Press "Next move" or \u25b6 to watch the computer ({self.computer_name}){first}.'
        if self.flag_mode:
            return "Flag mode: click a hidden cell to put a flag on it or take it off."
        return f"Your turn: click a hidden cell to reveal it{first}."

    # Drawing ------------------------------------------------------------------------------

    def _show(self) -> None:
        super()._show()
        self.flag_toggle.disabled = self.is_over

    def _best_shown(self) -> Coord | None:
        return self.best()

    def _look(self, cell: Coord, seen: MinesweeperBoard, mines: frozenset[Coord], hints: dict[Coord, str],
              chances: dict[Coord, Fraction] | None, best: Coord | None) -> tuple[str, str, str]:
        """A cell's kind, text and tooltip: from the observation, plus the mines once the game is over."""
        number = seen.number(cell)
        if number is not None:
            return _number_look(number)
        if cell == seen.exploded:
            return "exploded", MINE, "the mine that went off"
        if cell in seen.flags:
            if mines and cell not in mines:
                return "wrong flag", FLAG, "a flag, but no mine"
            return "flag", FLAG, "a mine, flagged" if mines else "flagged"
        if cell in mines:
            return "mine", MINE, "a mine"
        if cell in seen.told:
            return "told", TOLD, "a mine: a revealed neighbour told where it is"
        if chances is not None and cell in hints:
            return _hint_look(chances[cell], hints[cell], cell == best)
        return "hidden", "", "hidden"

    def _info_html(self) -> str:
        seen = self.observation
        result = {"won": "Won", "lost": "Lost", "playing": "Playing"}[self.result]
        return (f"<div><b>Mines left: {seen.mines_left}</b> ({_plural(seen.mines, 'mine')}, "
                f"{_plural(len(seen.flags), 'flag')}) &middot; {escape(self.players[0])} &middot; "
                f"<b>{result}</b></div>")

    def _legend_whose(self) -> str:
        return "you see"

    def _legend_more(self) -> str:
        first = " The first reveal is always safe, whatever its chance says." if (
            self.observation.revealed == 0 and self.rules.first_safe) else ""
        return (f'<span style="background:{BEST_FILL};text-decoration:underline">the best cell</span> '
                f"is the least likely to hold a mine.{escape(first)}")


__all__ = ["COMPUTER_NAMES", "MOST_CELLS", "MinesBoard", "MinesweeperStrategy", "make_computer", "percent"]
