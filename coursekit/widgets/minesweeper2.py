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
from ..games.minesweeper2 import (
    Minesweeper2,
    Minesweeper2Board,
    Minesweeper2State,
    lookahead_strategy,
    random_strategy,
    safest_strategy,
)
from ..views.minesweeper import FINDER_FILLS, FINDER_MARKS, duel_rules_text
from ._common import HUMAN
from .minesweeper import MINE, _hint_look, _level_size, _MinesShown, _number_look, _plural, percent

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


class MinesDuelBoard(_MinesShown):
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
    _stop_at_last_move = True  # the last reveal may be the last tick

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
        w, h, m = _level_size(level, width, height, mines)
        if human not in (0, 1, None):
            raise ValueError(f"human is your seat, 0 or 1, or None to watch two computers; got {human!r}")
        super().__init__(Minesweeper2(w, h, m, first_safe), seed, **kwargs)
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
        self._build(hints, interval)
        self.new_game()

    # Setting up ---------------------------------------------------------------------------

    def _build(self, hints: bool, interval: int) -> None:
        """Make the widgets and lay them out: your controls, or the watcher's."""
        styles = {f"found {mark}": widgets.ButtonStyle(button_color=FINDER_FILLS[player], text_color=FINDER_INK,
                                                       font_weight="bold", font_size="15px")
                  for player, mark in enumerate(FINDER_MARKS)}
        self._build_board(hints, interval, styles, "The next computer reveals a cell", [])

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

    def chances(self) -> dict[Coord, Fraction] | None:
        """Every hidden cell's exact chance of a mine, from the board both players see; ``None`` at the end.

        >>> board = MinesDuelBoard(width=3, height=3, mines=1)
        >>> set(board.chances().values())
        {Fraction(1, 9)}
        """
        if self.is_over:
            return None
        seen = self.observation
        return self._chances_of(seen, seen.board)

    def hint_texts(self) -> dict[Coord, str]:
        """What the hints write on the hidden cells but the discovered mines (``{}`` with hints off or at the end)."""
        return self._hint_texts(lambda seen: seen.discovered)

    def cell_kind(self, cell: Coord | tuple[int, int]) -> str:
        """How ``cell`` is drawn: ``"hidden"``, a number ``"0"``-``"8"``, ``"found A"`` or ``"found B"`` (a
        discovered mine and its finder); with hints ``"hint"``, ``"safe"``, ``"sure mine"``; at the end
        ``"mine"`` (undiscovered) and ``"exploded"``."""
        return self._kind(cell)

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
        return self.play(self._cell(cell))

    def play(self, move: Coord | tuple[int, int]) -> bool:
        """Reveal ``move`` (a cell), then let the computer answer.

        A move not allowed changes nothing: the status line says why, and the result is ``False``.
        """
        if self._refused(self._refusal(move)):
            return False
        said = [self._reveal(Coord(*move))]
        said += self._computer_replies()
        self._finish(said)
        return True

    def next_move(self) -> bool:
        """The next computer's reveal when two computers play (what "Next move" does); ``False`` at the
        end or when you play."""
        if self._not_now("the computer answers at once: click a cell on your turn"):
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

    # Drawing ------------------------------------------------------------------------------

    def _look(self, cell: Coord, seen: Minesweeper2Board, mines: frozenset[Coord], hints: dict[Coord, str],
              chances: dict[Coord, Fraction] | None, _best: Coord | None = None) -> tuple[str, str, str]:
        """A cell's kind, text and tooltip: from the observation, plus the mines once the game is over."""
        board = seen.board
        number = board.number(cell)
        if number is not None:
            return _number_look(number)
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
            return _hint_look(chances[cell], hints[cell])
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

    def _legend_whose(self) -> str:
        return "both players see"

    def _legend_more(self) -> str:
        return ("known only from the count of mines (a mine the numbers make certain is discovered at once, "
                "lettered A or B).")


__all__ = ["COMPUTER_NAMES", "DuelStrategy", "MinesDuelBoard", "make_duel_computer"]
