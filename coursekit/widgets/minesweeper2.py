"""A board for two-player minesweeper (source A, G3.3): reveal in turn, discover more mines than the computer.

**The board shows what both players may see, never more**: the numbers revealed and each
player's discovered mines, lettered A (player 1) or B (player 2) on the finder's colour; a
hidden mine looks like any hidden cell. The other mines appear only when the game is over.
The score line above the board counts each player's discoveries and says whose turn it is.

**The rules** (:mod:`coursekit.games.minesweeper2`): one hidden cell each in turn, no flood
fill, no flags; a mine becomes a player's discovery when that player's reveal makes it certain;
whoever reveals a mine loses at once; when every safe cell is revealed, more discoveries win
(equal counts are a draw).

**Chance places the mines** from the board's one generator seeded with ``seed`` (the same seed
and the same clicks, the same mines; "New game" goes on with the same generator). The first
reveal is safe: it is made, then the mines are placed on the other cells, one mine a chance step,
kept in ``board.record`` so that the game replays like any record of the course.

**Hints** (the "Chances" toggle) write on each hidden cell that is not a discovered mine its
exact chance of holding a mine (:func:`~coursekit.games.minesweeper.probabilities` on the
board both players see): a green ``0%`` is certainly safe, a red ``100%`` certainly a mine.

**Two computers** (``human=None``): "Next move" makes one reveal and the ▶ control plays the
game to its end.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as widgets

from ..core.grid import Coord
from ..core.record import Step
from ..core.rules import CHANCE, draw_chance
from ..games.minesweeper import LEVELS, probabilities
from ..games.minesweeper2 import (
    Minesweeper2,
    Minesweeper2Board,
    Minesweeper2State,
    lookahead_strategy,
    random_strategy,
    safest_strategy,
)
from ..views.minesweeper import FINDER_FILLS, FINDER_MARKS, INKS, duel_rules_text
from ._common import HUMAN
from ._grid import button_grid, set_text
from ._play import GameShown
from .minesweeper import (
    BOOM_FILL,
    CELL_PX,
    FLAG_INK,
    HIDDEN_FILL,
    HINT_INK,
    MINE,
    MINE_FILL,
    MOST_CELLS,
    OPEN_FILL,
    SAFE_FILL,
    SAFE_INK,
    SURE_MINE_FILL,
    _plural,
    percent,
)

#: A computer player: from the rules and the board both players see (never the mines) to the cell it reveals.
DuelStrategy = Callable[[Minesweeper2, Minesweeper2Board], Any]
#: The computer players a board can be given by name.
COMPUTER_NAMES = ("safest", "lookahead", "random")
#: The ink of the finder's letter on a discovered mine (on both finder colours, a contrast above 4.5 to 1).
FINDER_INK = "#111"


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


class MinesDuelBoard(GameShown, widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    r"""Play two-player minesweeper against the computer: on your turn, click a hidden cell to reveal it.

    The board is a standard ``level`` (``"beginner"`` 9 x 9 with 10 mines, ``"intermediate"``,
    ``"expert"``) unless ``width``, ``height`` or ``mines`` say otherwise; ``first_safe`` is the
    game's option. ``human`` is your seat: ``0`` (player 1, A, you reveal first), ``1`` (player 2,
    B) or ``None`` to watch two computers ("Next move" and the ▶ control). ``computer`` is a name
    from :data:`COMPUTER_NAMES` or any ``strategy(rules, board)``; with ``human=None`` it may be a
    pair, one for each seat. ``hints`` starts with the chances shown. The mines come from a
    generator seeded with ``seed``; the computers' random choices from generators seeded from it,
    so they do not move the mines.

    A click that is not allowed (a revealed cell, a click when it is not your turn, any cell
    once the game is over) changes nothing: the status line says why.

    What a program can read and do: ``rules``, ``state``, ``start``, ``steps``, ``record``,
    ``status``, ``is_over``, ``winner``, ``result``, ``players``, ``human``, ``observation``,
    ``counts``, ``watching``, ``hints`` (settable), ``chances()``, ``hint_texts()``,
    ``cell_kind(cell)``, ``click(cell)``, ``play(cell)``, ``next_move()``, ``new_game()``, and the
    widgets ``buttons`` (by cell), ``grid_box``, ``info_html``, ``legend_html``, ``status_label``,
    ``hint_toggle``, ``next_button``, ``player`` (▶) and ``new_game_button``.

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
        interval: int = 700,
        **kwargs: Any,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"the levels are {', '.join(LEVELS)}, not {level!r}")
        if human not in (0, 1, None):
            raise ValueError(f"human is your seat, 0 or 1, or None to watch two computers; got {human!r}")
        w, h, m = LEVELS[level]
        self.rules = Minesweeper2(w if width is None else width, h if height is None else height,
                                  m if mines is None else mines, first_safe)
        if self.rules.width * self.rules.height > MOST_CELLS:
            raise ValueError(f"a {self.rules.width} x {self.rules.height} board has too many cells to draw "
                             f"(at most {MOST_CELLS:,}: one button a cell)")
        super().__init__(**kwargs)
        self.seed = seed
        self.rng = random.Random(seed)
        self.human = human
        if isinstance(computer, tuple):
            if human is not None or len(computer) != 2:
                raise ValueError("a pair of computers plays only when two computers play each other (human=None)")
            chosen = computer
        else:
            chosen = (computer, computer)
        computers: list[DuelStrategy | None] = [None, None]
        names = ["", ""]
        for seat in (0, 1):
            if seat == human:
                continue
            given = chosen[seat]
            names[seat] = given if isinstance(given, str) else "yours"
            own = random.Random(None if seed is None else f"computer {seed} {seat}")
            computers[seat] = make_duel_computer(given, own) if isinstance(given, str) else given
        self.computers = tuple(computers)
        if human is None:
            self.players: tuple[str, ...] = (f"Computer A ({names[0]})", f"Computer B ({names[1]})")
        else:
            them = f"Computer ({names[1 - human]})"
            self.players = (HUMAN, them) if human == 0 else (them, HUMAN)
        self.start = self.state = self.rules.initial_state()
        self.steps: list[Step] = []
        self._said: list[str] = []
        self._cache: tuple[Minesweeper2Board, dict[Coord, Fraction]] | None = None
        self._resetting = False
        self._build(hints, interval)
        self.new_game()

    # Setting up ---------------------------------------------------------------------------

    def _build(self, hints: bool, interval: int) -> None:
        """Make the widgets and lay them out: your controls, or the watcher's."""
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
        }
        for player, mark in enumerate(FINDER_MARKS):
            self.styles[f"found {mark}"] = widgets.ButtonStyle(button_color=FINDER_FILLS[player],
                                                               text_color=FINDER_INK, **bold)
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
        self.next_button = widgets.Button(description="Next move", tooltip="The next computer reveals a cell")
        self.next_button.on_click(lambda _button: self.next_move())
        self.player = widgets.Play(value=0, min=0, max=self.rules.max_game_length(), step=1, interval=interval,
                                   description="Watch the whole game")
        self.player.observe(self._on_tick, names="value")
        self.new_game_button = widgets.Button(description="New game", tooltip="Hide new mines and start again")
        self.new_game_button.on_click(lambda _button: self.new_game())
        if self.watching:
            controls: list[widgets.Widget] = [self.next_button, self.player, self.hint_toggle, self.new_game_button]
        else:
            controls = [self.hint_toggle, self.new_game_button]
        self.children = (self.info_html, self.grid_box, self.status_label, widgets.HBox(controls), self.legend_html)

    # What tests and lessons read and set --------------------------------------------------

    @property
    def observation(self) -> Minesweeper2Board:
        """What both players see now: the numbers, each player's discovered mines, the turn (never the mines)."""
        seen: Minesweeper2Board = self.rules.observation(self.state, 0)
        return seen

    @property
    def watching(self) -> bool:
        """Whether two computers play and you watch."""
        return self.human is None

    @property
    def counts(self) -> tuple[int, int]:
        """How many mines each player (A, B) has discovered."""
        return self.observation.counts

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

    @property
    def hints(self) -> bool:
        """Whether the hidden cells show their chances of holding a mine."""
        return bool(self.hint_toggle.value)

    @hints.setter
    def hints(self, on: bool) -> None:
        self.hint_toggle.value = bool(on)

    def chances(self) -> dict[Coord, Fraction] | None:
        """Every hidden cell's exact chance of a mine, from the board both players see; ``None`` at the end.

        >>> board = MinesDuelBoard(width=3, height=3, mines=1)
        >>> set(board.chances().values())
        {Fraction(1, 9)}
        """
        if self.is_over:
            return None
        seen = self.observation
        if self._cache is None or self._cache[0] != seen:
            self._cache = (seen, probabilities(seen.board))
        return self._cache[1]

    def hint_texts(self) -> dict[Coord, str]:
        """What the hints write on the hidden cells but the discovered mines (``{}`` with hints off or at the end)."""
        chances = self.chances() if self.hints else None
        if chances is None:
            return {}
        found = self.observation.discovered
        return {cell: percent(chance) for cell, chance in chances.items() if cell not in found}

    def cell_kind(self, cell: Coord | tuple[int, int]) -> str:
        """How ``cell`` is drawn: ``"hidden"``, a number ``"0"``-``"8"``, ``"found A"`` or ``"found B"`` (a
        discovered mine and its finder); with hints ``"hint"``, ``"safe"``, ``"sure mine"``; at the end
        ``"mine"`` (undiscovered) and ``"exploded"``."""
        style = self.buttons[Coord(*cell)].style
        return next(kind for kind, shared in self.styles.items() if shared is style)

    # Playing ------------------------------------------------------------------------------

    def new_game(self) -> None:
        """Start again with new mines (what "New game" does), drawn from the same generator; the
        computer reveals first if you sit second."""
        self.start = self.state = self.rules.initial_state()
        self.steps = []
        self._stop_player()
        self._chance()
        said = [f"A new game: {duel_rules_text(self.rules)}"]
        if not self.watching:
            said += self._computer_replies()
        self._finish(said)

    def click(self, cell: Coord | tuple[int, int]) -> bool:
        """Do what clicking ``cell`` does: reveal it if it is your turn."""
        cell = Coord(*cell)
        if cell not in self.buttons:
            raise ValueError(f"{cell} is not a cell of the {self.rules.width} x {self.rules.height} board")
        return self.play(cell)

    def play(self, move: Coord | tuple[int, int]) -> bool:
        """Reveal ``move`` (a cell), then let the computer answer.

        A move not allowed changes nothing: the status line says why, and the result is ``False``.
        """
        reason = self._refusal(move)
        if reason is not None:
            self.status_label.value = f"{reason}. {self._turn_text()}"
            return False
        said = [self._reveal(Coord(*move))]
        said += self._computer_replies()
        self._finish(said)
        return True

    def next_move(self) -> bool:
        """The next computer's reveal when two computers play (what "Next move" does); ``False`` at the
        end or when you play."""
        if not self.watching or self.is_over:
            why = "the game is over" if self.is_over else "the computer answers at once: click a cell on your turn"
            self.status_label.value = f"Not now: {why}. {self._turn_text()}"
            return False
        said = self._computer_move()
        if said is None:
            self._stop_player()
            return False
        self._finish([said])
        return True

    def _refusal(self, move: Any) -> str | None:
        """Why you cannot reveal ``move`` now, or ``None``."""
        if self.is_over:
            return "Not allowed: the game is over"
        if self.watching:
            return 'Not your turn: two computers play; press "Next move" or \u25b6 to watch them'
        if self.rules.to_move(self.state) != self.human:
            return "Not your turn: the computer reveals now"
        reason = self.rules.why_illegal(self.state, move)
        return None if reason is None else f"Not allowed: {reason}"

    def _computer_replies(self) -> list[str]:
        """The computer's reveals until it is your turn or the game is over."""
        said: list[str] = []
        while not self.is_over and self.rules.to_move(self.state) != self.human:
            move = self._computer_move()
            if move is None:
                said.append(self.status_label.value)
                break
            said.append(move)
        return said

    def _computer_move(self) -> str | None:
        """The computer whose turn it is reveals a cell; what happened, or ``None`` (and the status line
        says why) if its move is not allowed."""
        seat = self.rules.to_move(self.state)
        computer = self.computers[seat]
        assert computer is not None
        seen = self.observation
        move = computer(self.rules, seen)
        if isinstance(move, tuple) and not isinstance(move, Coord):
            move = Coord(*move)
        reason = self.rules.why_illegal(self.state, move)
        if reason is not None:
            self.status_label.value = f"The computer's move {move!r} is not allowed: {reason}"
            return None
        return self._reveal(move, f" ({self._why(seen, move)})")

    def _reveal(self, cell: Coord, why: str = "") -> str:
        """The player to move reveals ``cell`` (then chance's steps, if any); what happened in words."""
        seat = self.rules.to_move(self.state)
        before = self.observation
        self._step(seat, cell)
        self._chance()
        after = self.observation
        who = self._who(seat)
        if after.board.exploded is not None:
            return f"{who} revealed {cell}{why}: a mine, which loses at once"
        said = f"{who} revealed {cell}{why}: {after.board.number(cell)}"
        new = sorted(after.discovered - before.discovered, key=lambda c: (-c.y, c.x))
        if new:
            said += f", discovering {_plural(len(new), 'mine')} ({' '.join(str(c) for c in new)})"
        return said

    def _why(self, seen: Minesweeper2Board, cell: Coord) -> str:
        """How risky the computer's reveal of ``cell`` was, from what it saw."""
        if seen.board.revealed == 0 and self.rules.first_safe:
            return "the first reveal is always safe"
        chances = self.chances()
        assert chances is not None and seen == self.observation
        chance = chances[cell]
        if chance == 0:
            return "certainly safe"
        if chance == 1:
            return "certainly a mine"
        return f"a {percent(chance)} chance of a mine"

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
        if self.is_over or not self.next_move() or self.is_over:  # the last reveal may be the last tick
            self.player.playing = False

    def _stop_player(self) -> None:
        self._resetting = True
        self.player.playing = False
        self.player.value = 0
        self._resetting = False

    # Words --------------------------------------------------------------------------------

    def _who(self, seat: int) -> str:
        """A player in a sentence: ``You``, ``The computer``, or a watched computer's name."""
        if self.watching:
            return self.players[seat]
        return HUMAN if seat == self.human else "The computer"

    def _verdict(self) -> str:
        number = self.rules.winner(self.state)
        if number is None:
            return "A draw."
        if self.watching:
            return f"{self.players[number]} won."
        return "You won!" if number == self.human else "The computer won."

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
        mark = FINDER_MARKS[turn]
        if self.watching:
            return f'{self.players[turn]} to reveal: press "Next move" or \u25b6.'
        safe = (" (the first reveal is always safe)"
                 if seen.board.revealed == 0 and self.rules.first_safe and not self.steps else "")
        return f"Your turn ({mark}): click a hidden cell to reveal it{safe}."

    def _finish(self, said: list[str]) -> None:
        self._said = said
        self._show()
        self.status_label.value = ". ".join([*said, self._turn_text()])

    # Drawing ------------------------------------------------------------------------------

    def _show(self) -> None:
        seen = self.observation
        mines = self.state.mines if self.is_over else frozenset()
        hints = self.hint_texts()
        chances = self.chances() if hints else None
        for cell, button in self.buttons.items():
            kind, text, tip = self._look(cell, seen, mines, hints, chances)
            button.style = self.styles[kind]
            set_text(button, text)
            button.tooltip = f"{cell}: {tip}"
        self.info_html.value = self._info_html()
        self.legend_html.value = self._legend_html()
        self.next_button.disabled = self.is_over

    def _look(self, cell: Coord, seen: Minesweeper2Board, mines: frozenset[Coord], hints: dict[Coord, str],
              chances: dict[Coord, Fraction] | None) -> tuple[str, str, str]:
        """A cell's kind, text and tooltip: from the observation, plus the mines once the game is over."""
        board = seen.board
        number = board.number(cell)
        if number is not None:
            return str(number), str(number) if number else "", f"{_plural(number, 'mine')} around"
        if cell == board.exploded:
            loser = seen.exploded_by
            return "exploded", MINE, f"the mine {self._who(loser).lower() if loser is not None else ''} revealed"
        finder = seen.finder(cell)
        if finder is not None:
            mark = FINDER_MARKS[finder]
            return f"found {mark}", mark, f"a mine, discovered by {self.players[finder]} ({mark})"
        if cell in mines:
            return "mine", MINE, "a mine no one discovered"
        if chances is not None and cell in hints:
            chance = chances[cell]
            kind = "safe" if chance == 0 else "sure mine" if chance == 1 else "hint"
            words = ("certainly safe" if chance == 0 else "certainly a mine" if chance == 1
                     else f"a {percent(chance)} chance of a mine")
            return kind, hints[cell], words
        return "hidden", "", "hidden"

    def _info_html(self) -> str:
        seen = self.observation
        parts = []
        for player, mark in enumerate(FINDER_MARKS):
            parts.append(f'<span style="background:{FINDER_FILLS[player]};color:{FINDER_INK};padding:0 4px">'
                         f"<b>{mark}</b></span> {escape(self.players[player])}: "
                         f"<b>{_plural(seen.counts[player], 'mine')}</b> discovered")
        if self.is_over:
            state = self._verdict().rstrip(".!")
        else:
            state = f"{escape(self.players[seen.turn])} to reveal ({FINDER_MARKS[seen.turn]})"
        return (f"<div>{' &middot; '.join(parts)} &middot; {_plural(seen.board.mines, 'mine')} hidden "
                f"&middot; <b>{state}</b></div>")

    def _legend_html(self) -> str:
        if not self.hints or self.is_over:
            return ""
        return ("<div>Chances: each hidden cell's chance of holding a mine, from what both players see. "
                f'<span style="background:{SAFE_FILL};color:{SAFE_INK}">0%</span> is certainly safe, '
                f'<span style="background:{SURE_MINE_FILL};color:{FLAG_INK}">100%</span> certainly a mine, known only '
                "from the count of mines (a mine the numbers make certain is discovered at once, "
                "lettered A or B).</div>")


__all__ = ["COMPUTER_NAMES", "DuelStrategy", "MinesDuelBoard", "make_duel_computer"]
