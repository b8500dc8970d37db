"""Minesweeper for two players (source A, G3.3): reveal in turn, never a mine, and discover more mines.

The board and its mines are the one-player game's (:mod:`coursekit.games.minesweeper`): a
``width`` x ``height`` grid hides ``mines`` mines, placed by chance one mine a chance step.

**The rules as coursekit plays them**

- Players 1 and 2 (numbers 0 and 1) reveal one hidden cell each in turn; a move is a cell.
  There is **no flood fill**: a 0 opens only itself. There are **no flags**: both players see
  the same board and the mines each has discovered, which is what flags would note.
- Whoever reveals a mine **loses at once** (the other player wins).
- A mine is **discovered** by the player whose reveal first made its position certain from
  the revealed numbers: after every reveal, the mines :func:`certainties` finds on the board
  that no player has discovered yet are credited to the mover. The total count of mines is
  not used (a mine no revealed number touches is never discovered).
- When every safe cell is revealed without an explosion, the player who discovered more
  mines wins; equal counts are a draw.
- The first reveal is safe (option ``first_safe``, as in the one-player game): player 1's first
  reveal is made, chance places the mines on the other cells, then the cell opens. With
  ``first_safe=False`` chance places the mines before the first move.
- Any hidden cell may be revealed, a discovered mine too (it loses like any mine).

**Both players see the same thing**: ``observation(state, p)`` is a :class:`Minesweeper2Board`
(the one-player :class:`MinesweeperBoard` without the mines, each player's discovered mines,
whose turn it is), the same for both players.

>>> rules = Minesweeper2.level("beginner")
>>> rules.num_players, rules.game_type.chance, rules.game_type.perfect_information
(2, True, False)
>>> record = play(rules, [Player("safest", safest_strategy()), Player("lookahead", lookahead_strategy())],
...               rng=random.Random(3))
>>> record.end, record.final.seen.counts
(<End.WON: 'won'>, (2, 7))

The strategies: :func:`safest_strategy`, :func:`lookahead_strategy`, :func:`random_strategy`;
:func:`match` measures two of them over seeded games, each in both seats.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from math import comb
from typing import Any, ClassVar

from ..core.display import Shown
from ..core.engine import Player, play
from ..core.grid import Coord
from ..core.registry import GameEntry
from ..core.rules import CHANCE, GameRules, GameType
from .minesweeper import (
    Flag,
    MinesweeperBoard,
    NoPlacementError,
    _analyse,
    _convolve,
    certainties,
    check_board,
    level_size,
    probabilities,
)

__all__ = [
    "Match", "Minesweeper2", "Minesweeper2Board", "Minesweeper2State", "Minesweeper2Strategy", "RevealOutcome",
    "Tally", "duel_board", "lookahead_scores", "lookahead_strategy", "match", "random_strategy", "reveal_outcomes",
    "safest_strategy",
]

_NO_ONE: tuple[frozenset[Coord], frozenset[Coord]] = (frozenset(), frozenset())


@dataclass(frozen=True, repr=False)
class Minesweeper2Board(Shown):
    """What both players see: the revealed board (never the mines), each player's discovered mines
    (``found[0]`` player 1's, ``found[1]`` player 2's) and whose reveal is next (``turn``, 0 or 1).

    The turn passes after every reveal, the last one too, so in a game lost by an explosion the
    player who revealed the mine is ``1 - turn`` (:attr:`exploded_by`).

    >>> seen = duel_board(MinesweeperBoard.empty(3, 2, 1))
    >>> seen.counts, seen.turn, seen.exploded_by, seen.discovered
    ((0, 0), 0, None, frozenset())
    """

    board: MinesweeperBoard
    found: tuple[frozenset[Coord], frozenset[Coord]] = _NO_ONE
    turn: int = 0

    @property
    def counts(self) -> tuple[int, int]:
        """How many mines each player has discovered."""
        return len(self.found[0]), len(self.found[1])

    @property
    def discovered(self) -> frozenset[Coord]:
        """Every discovered mine, whoever discovered it."""
        return self.found[0] | self.found[1]

    @property
    def exploded_by(self) -> int | None:
        """The player who revealed a mine (and lost), or ``None``."""
        return None if self.board.exploded is None else 1 - self.turn

    def finder(self, cell: Coord) -> int | None:
        """The player who discovered the mine at ``cell``, or ``None``."""
        return 0 if cell in self.found[0] else 1 if cell in self.found[1] else None

    def __repr__(self) -> str:
        return f"Minesweeper2Board({self.board!r}, discovered {self.counts}, turn {self.turn})"


def duel_board(board: MinesweeperBoard, found: tuple[frozenset[Coord], frozenset[Coord]] = _NO_ONE,
               turn: int = 0) -> Minesweeper2Board:
    """The two-player view of a one-player board (for tests and lessons: ``board_from_text`` boards).

    >>> from coursekit.games.minesweeper import board_from_text
    >>> duel_board(board_from_text("1#\\n##", mines=1), turn=1).turn
    1
    """
    return Minesweeper2Board(board, found, turn)


@dataclass(frozen=True, repr=False)
class Minesweeper2State(Shown):
    """The whole truth: what both players see (``seen``), the mines placed so far, and the first
    reveal waiting for the mines (``pending``, when the first reveal is safe)."""

    seen: Minesweeper2Board
    mines: frozenset[Coord] = frozenset()
    pending: Coord | None = None

    @property
    def board(self) -> MinesweeperBoard:
        """The revealed board (as in the one-player state)."""
        return self.seen.board

    def __repr__(self) -> str:
        return f"Minesweeper2State({self.seen!r}, {len(self.mines)} mines placed, pending={self.pending})"


def _open(board: MinesweeperBoard, mines: frozenset[Coord], cell: Coord) -> MinesweeperBoard:
    """Reveal one cell, no flood fill: a mine explodes, a safe cell shows its count of neighbouring mines."""
    if cell in mines:
        return replace(board, exploded=cell)
    shown = list(board.shown)
    shown[cell.y * board.width + cell.x] = sum(c in mines for c in board.neighbours(cell))
    return replace(board, shown=tuple(shown))


def _credit(seen: Minesweeper2Board, board: MinesweeperBoard, mover: int) -> Minesweeper2Board:
    """The view after ``mover``'s reveal gave ``board``: new certain mines go to the mover; the turn passes."""
    found = seen.found
    if board.exploded is None:
        new = certainties(board)[0] - seen.discovered
        if new:
            found = (found[0] | new, found[1]) if mover == 0 else (found[0], found[1] | new)
    return Minesweeper2Board(board, found, 1 - mover)


@dataclass(frozen=True)
class Minesweeper2(GameRules):
    """The rules of two-player minesweeper: the board's size, its mines, whether the first reveal is safe.

    >>> Minesweeper2(5, 4, 3).spec()
    {'game': 'minesweeper2', 'width': 5, 'height': 4, 'mines': 3, 'first_safe': True}
    >>> Minesweeper2(2, 2, 4)
    Traceback (most recent call last):
    ...
    ValueError: a 2 x 2 board takes 0 to 3 mines (at least one cell must be safe), got 4
    """

    width: int = 9
    height: int = 9
    mines: int = 10
    first_safe: bool = True
    num_players: ClassVar[int] = 2
    name: ClassVar[str] = "minesweeper2"
    game_type: ClassVar[GameType] = GameType(players=(2, 2), chance=True, perfect_information=False)
    #: The largest side of a board.
    MAX_SIDE: ClassVar[int] = 200

    def __post_init__(self) -> None:
        check_board(self.width, self.height, self.mines, self.MAX_SIDE)

    @classmethod
    def level(cls, name: str, *, first_safe: bool = True) -> Minesweeper2:
        """A standard board (the one-player game's ``LEVELS``).

        >>> Minesweeper2.level("beginner")
        Minesweeper2(width=9, height=9, mines=10, first_safe=True)
        """
        return cls(*level_size(name), first_safe=first_safe)

    def spec(self) -> dict[str, Any]:
        return {"game": self.name, "width": self.width, "height": self.height, "mines": self.mines,
                "first_safe": self.first_safe}

    @classmethod
    def from_spec(cls, spec: dict[str, Any]) -> Minesweeper2:
        return cls(spec["width"], spec["height"], spec["mines"], spec.get("first_safe", True))

    def initial_state(self, rng: random.Random | None = None) -> Minesweeper2State:
        """Nothing revealed, no mine placed yet, player 1 to reveal."""
        return Minesweeper2State(Minesweeper2Board(MinesweeperBoard.empty(self.width, self.height, self.mines)))

    def max_game_length(self) -> int:
        """Every reveal opens one safe cell or ends the game."""
        return self.width * self.height - self.mines

    def _placing(self, state: Minesweeper2State) -> bool:
        if len(state.mines) == self.mines:
            return False
        return state.pending is not None or not self.first_safe

    def to_move(self, state: Minesweeper2State) -> int:
        return CHANCE if self._placing(state) else state.seen.turn

    def chance_outcomes(self, state: Minesweeper2State) -> tuple[tuple[Any, float], ...]:
        """The next mine's cell: any cell still free (not a mine, not the first reveal), all equally likely."""
        if not self._placing(state):
            return ()
        free = [c for c in state.board.cells() if c not in state.mines and c != state.pending]
        return tuple((c, 1 / len(free)) for c in free)

    def observation(self, state: Minesweeper2State, player: int) -> Minesweeper2Board:
        """The same for both players: the board, the discovered mines, the turn; never the mines."""
        return state.seen

    def is_over(self, state: Minesweeper2State) -> bool:
        return not self._placing(state) and state.board.is_over

    def winner(self, state: Minesweeper2State) -> int | None:
        """The other player after an explosion; else, once every safe cell is revealed, the player who
        discovered more mines; ``None`` for a draw or an unfinished game."""
        if not self.is_over(state):
            return None
        seen = state.seen
        if seen.exploded_by is not None:
            return 1 - seen.exploded_by
        first, second = seen.counts
        return None if first == second else 0 if first > second else 1

    def legal_moves(self, state: Minesweeper2State | Minesweeper2Board) -> tuple[Coord, ...]:
        """Every hidden cell, in reading order from the bottom row (on the state or on the players' view)."""
        if isinstance(state, Minesweeper2State) and self._placing(state):
            return ()
        board = state.board
        return () if board.is_over else tuple(board.hidden())

    def why_illegal(self, state: Minesweeper2State, move: Any) -> str | None:
        if self._placing(state):
            return "it is chance's turn: the mines are being placed"
        board = state.board
        if board.exploded is not None:
            return f"the game is over: a mine went off at {board.exploded}"
        if board.is_won:
            return "the game is over: every safe cell is revealed"
        if isinstance(move, Flag):
            return "there are no flags in the two-player game: both players see the discovered mines"
        if not (isinstance(move, tuple) and len(move) == 2 and all(type(v) is int for v in move)):
            return f"a move is a cell x, y to reveal, not {move!r}"
        if move not in board:
            return f"{Coord(*move)} is outside the {self.width} x {self.height} board"
        if board.is_revealed(Coord(*move)):
            return f"{Coord(*move)} is already revealed"
        return None

    def next_state(self, state: Minesweeper2State, move: Any) -> Minesweeper2State:
        seen = state.seen
        if self._placing(state):
            mines = state.mines | {Coord(*move)}
            if len(mines) == self.mines and state.pending is not None:
                opened = _open(seen.board, mines, state.pending)
                return Minesweeper2State(_credit(seen, opened, 1 - seen.turn), mines)
            return replace(state, mines=mines)
        cell = Coord(*move)
        if len(state.mines) < self.mines:  # the first reveal, safe: chance places the mines next
            return Minesweeper2State(replace(seen, turn=1 - seen.turn), state.mines, cell)
        return Minesweeper2State(_credit(seen, _open(seen.board, state.mines, cell), seen.turn), state.mines)


# ---------------------------------------------------------------------------------------------
# What a reveal may show: the numbers a cell can show, their chances, and the mines they make certain


@dataclass(frozen=True)
class RevealOutcome:
    """One number ``number`` a safe cell may show, its chance ``chance`` (given the cell is safe), and
    the mines certain on the board once it shows (``mines``)."""

    number: int
    chance: Fraction
    mines: frozenset[Coord] = field(default_factory=frozenset)


def _weigh(board: MinesweeperBoard) -> tuple[int, frozenset[Coord]]:
    """How many placements of ``board.mines`` mines fit the numbers (0 when none), and the mines
    certain from the numbers alone (as :func:`certainties`)."""
    try:
        found = _analyse(board)
    except NoPlacementError:
        return 0, frozenset()
    left, o = board.mines - len(found.known.mines), len(found.others)
    everything: dict[int, int] = {0: 1}
    for group in found.groups:
        everything = _convolve(everything, group.ways)
    ways = sum(w * comb(o, left - k) for k, w in everything.items() if 0 <= left - k <= o)
    mines = set(found.known.mines)
    for group in found.groups:
        total = sum(group.ways.values())
        mines.update(c for i, c in enumerate(group.cells)
                     if sum(tally[i] for tally in group.hits.values()) == total)
    return ways, frozenset(mines)


def reveal_outcomes(board: MinesweeperBoard, cell: Coord,
                    known: tuple[frozenset[Coord], frozenset[Coord]] | None = None) -> tuple[RevealOutcome, ...]:
    """Every number the hidden ``cell`` can show if it is safe, with its exact chance (every placement of
    the mines that fits being equally likely) and the mines certain once it shows.

    ``known`` is ``certainties(board)`` when the caller has it: only numbers between the certain
    mines around the cell and its hidden neighbours not certainly safe are tried.

    >>> from coursekit.games.minesweeper import board_from_text
    >>> board = board_from_text("##1##", mines=2)     # one mine beside the 1, one at an end
    >>> [(o.number, o.chance, sorted(o.mines)) for o in reveal_outcomes(board, Coord(0, 0))]
    [(0, Fraction(1, 2), [Coord(x=3, y=0)]), (1, Fraction(1, 2), [Coord(x=1, y=0)])]
    """
    index = cell.y * board.width + cell.x
    mines_now, safe_now = certainties(board) if known is None else known
    around = [c for c in board.neighbours(cell) if not board.is_revealed(c)]
    least = sum(c in mines_now for c in around)
    most = sum(c not in safe_now for c in around)
    weighed = []
    for number in range(least, most + 1):
        shown = list(board.shown)
        shown[index] = number
        ways, mines = _weigh(replace(board, shown=tuple(shown), flags=frozenset()))
        if ways:
            weighed.append((number, ways, mines))
    total = sum(ways for _, ways, _ in weighed)
    return tuple(RevealOutcome(number, Fraction(ways, total), mines) for number, ways, mines in weighed)


# ---------------------------------------------------------------------------------------------
# Players: they see the shared board only


Minesweeper2Strategy = Callable[[Minesweeper2, Minesweeper2Board], Coord]


def _safest(board: MinesweeperBoard) -> list[Coord]:
    """The hidden cells least likely to hold a mine, in :func:`best_cell`'s order (fewest hidden
    neighbours, then top row first, left to right)."""
    chances = probabilities(replace(board, flags=frozenset()))
    least = min(chances.values())

    def key(c: Coord) -> tuple[int, int, int]:
        return sum(not board.is_revealed(d) for d in board.neighbours(c)), -c.y, c.x

    return sorted((c for c, p in chances.items() if p == least), key=key)


def safest_strategy() -> Minesweeper2Strategy:
    """Reveal the cell least likely to hold a mine (exact chances, :func:`probabilities`); ties go as in
    :func:`best_cell`: the fewest hidden neighbours, then the top row first, left to right.
    Deterministic.

    >>> from coursekit.games.minesweeper import board_from_text
    >>> seen = duel_board(board_from_text("###0#", mines=2))   # 2,0 and 4,0 are safe
    >>> safest_strategy()(Minesweeper2(5, 1, 2), seen)     # 4,0 has no hidden neighbour
    Coord(x=4, y=0)
    """

    def choose(rules: Minesweeper2, seen: Minesweeper2Board) -> Coord:
        return _safest(seen.board)[0]

    return choose


def lookahead_scores(seen: Minesweeper2Board, cells: list[Coord], replies: int = 4) -> dict[Coord, Fraction]:
    """For each of ``cells`` (hidden, assumed safe): the mover's expected discoveries minus the opponent's.

    For a cell ``c`` and each number ``n`` it can show (chance ``P(n)``, :func:`reveal_outcomes`):
    ``mine(c, n)`` is how many mines become certain at once (the mover's discoveries), and
    ``theirs(c, n)`` the opponent's best reply: the most expected discoveries he can make by
    revealing one of the cells that become certain to be safe once ``c`` shows ``n`` (the first
    ``replies`` of them, top row first, left to right; 0 when there is none).
    The score is the sum over ``n`` of ``P(n) * (mine(c, n) - theirs(c, n))``.

    >>> from coursekit.games.minesweeper import board_from_text
    >>> seen = duel_board(board_from_text("###0#", mines=2))
    >>> lookahead_scores(seen, [Coord(4, 0), Coord(2, 0)])
    {Coord(x=4, y=0): Fraction(0, 1), Coord(x=2, y=0): Fraction(1, 1)}
    """
    board = seen.board
    known = seen.discovered
    now = certainties(board)
    scores: dict[Coord, Fraction] = {}
    for cell in cells:
        index = cell.y * board.width + cell.x
        score = Fraction(0)
        for outcome in reveal_outcomes(board, cell, now):
            shown = list(board.shown)
            shown[index] = outcome.number
            after = replace(board, shown=tuple(shown))
            then = certainties(after)
            new_safe = sorted(then[1] - now[1], key=lambda c: (-c.y, c.x))[:replies]
            theirs = max((_expected(after, d, then, known | outcome.mines) for d in new_safe), default=Fraction(0))
            score += outcome.chance * (len(outcome.mines - known) - theirs)
        scores[cell] = score
    return scores


def _expected(board: MinesweeperBoard, cell: Coord, known: tuple[frozenset[Coord], frozenset[Coord]],
              discovered: frozenset[Coord]) -> Fraction:
    """The expected number of mines revealing ``cell`` discovers (those not in ``discovered``)."""
    return sum((o.chance * len(o.mines - discovered) for o in reveal_outcomes(board, cell, known)), Fraction(0))


def lookahead_strategy(width: int = 4, replies: int = 4) -> Minesweeper2Strategy:
    """Among the safest cells (least chance of a mine, :func:`safest_strategy`'s order, the first
    ``width`` of them), reveal the one with the best :func:`lookahead_scores`: my expected
    discoveries now minus the opponent's expected discoveries from his best reply among the cells
    my reveal makes certainly safe (the first ``replies`` of them); ties go to the earlier cell in
    :func:`safest_strategy`'s order. Deterministic.

    The opponent's reply is weighed only among the cells the reveal newly makes safe (the others
    he could reveal anyway), and only for his immediate discoveries: one reveal each, no deeper.
    ``width`` and ``replies`` bound the work (a beginner game takes a few tenths of a second).

    >>> from coursekit.games.minesweeper import board_from_text
    >>> seen = duel_board(board_from_text("###0#", mines=2))
    >>> lookahead_strategy()(Minesweeper2(5, 1, 2), seen)  # 2,0 will show 1: the mine at 1,0 is certain
    Coord(x=2, y=0)
    """
    if width < 1 or replies < 0:
        raise ValueError(f"the lookahead weighs at least one cell and no negative number of replies, "
                         f"got {width} and {replies}")

    def choose(rules: Minesweeper2, seen: Minesweeper2Board) -> Coord:
        candidates = _safest(seen.board)[:width]
        if len(candidates) == 1:
            return candidates[0]
        scores = lookahead_scores(seen, candidates, replies)
        best = max(scores.values())
        return next(c for c in candidates if scores[c] == best)

    return choose


def random_strategy(rng: random.Random | None = None) -> Minesweeper2Strategy:
    """Reveal a random hidden cell that is not a discovered mine (a seeded generator).

    >>> random_strategy(random.Random(1))(Minesweeper2(4, 4, 2), duel_board(MinesweeperBoard.empty(4, 4, 2)))
    Coord(x=0, y=1)
    """
    chooser = rng or random.Random(0)

    def choose(rules: Minesweeper2, seen: Minesweeper2Board) -> Coord:
        hidden = seen.board.hidden()
        return chooser.choice([c for c in hidden if c not in seen.discovered] or hidden)

    return choose


# ---------------------------------------------------------------------------------------------
# Measuring two players against each other


@dataclass(frozen=True)
class Tally:
    """Wins, draws and losses of one player over some games."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def add(self, result: int) -> Tally:
        """One more game: ``1`` won, ``0`` drawn, ``-1`` lost."""
        return Tally(self.wins + (result > 0), self.draws + (result == 0), self.losses + (result < 0))

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.wins + other.wins, self.draws + other.draws, self.losses + other.losses)

    def __str__(self) -> str:
        return f"{self.wins}-{self.draws}-{self.losses}"


@dataclass(frozen=True)
class Match:
    """How player A did against player B: as player 1 (``first``) and as player 2 (``second``), and how
    many games were lost by an explosion (``explosions``) rather than decided by the discoveries."""

    first: Tally = Tally()
    second: Tally = Tally()
    explosions: int = 0

    @property
    def total(self) -> Tally:
        """Both seats together."""
        return self.first + self.second

    def __add__(self, other: Match) -> Match:
        return Match(self.first + other.first, self.second + other.second, self.explosions + other.explosions)


def match(rules: Minesweeper2, make_a: Callable[[int], Minesweeper2Strategy],
          make_b: Callable[[int], Minesweeper2Strategy], games: int, seed: int = 0, *, start: int = 0) -> Match:
    """Player A (``make_a(g)``) against player B over ``games`` seeded deals (``g`` from ``start``), each
    played twice: A as player 1, then A as player 2. Deal ``g`` draws its chance steps from
    ``random.Random(seed * 1_000_003 + g)`` (with the first reveal safe, the mines then depend on
    the first reveal too). Results are A's: wins, draws, losses (``str(tally)`` is ``W-D-L``).

    >>> result = match(Minesweeper2(5, 5, 4), lambda g: safest_strategy(),
    ...                lambda g: random_strategy(random.Random(g)), 10)
    >>> str(result.first), str(result.second), str(result.total)
    ('9-0-1', '8-0-2', '17-0-3')
    """
    first, second, explosions = Tally(), Tally(), 0
    for g in range(start, start + games):
        for seat in (0, 1):
            a, b = Player("A", make_a(g)), Player("B", make_b(g))
            record = play(rules, [a, b] if seat == 0 else [b, a], rng=random.Random(seed * 1_000_003 + g))
            result = 0 if record.winner is None else 1 if record.winner == seat else -1
            explosions += record.final.seen.exploded_by is not None
            if seat == 0:
                first = first.add(result)
            else:
                second = second.add(result)
    return Match(first, second, explosions)


def _samples() -> tuple[Minesweeper2, ...]:
    return (Minesweeper2(6, 5, 5), Minesweeper2(4, 3, 3, first_safe=False), Minesweeper2(3, 1, 2),
            Minesweeper2(5, 4, 0))


#: The game as the course offers it; the terminal plays it as ``coursekit play minesweeper --players 2``.
ENTRIES = (GameEntry("minesweeper2", "Minesweeper for two", "A §5 G3.3", Minesweeper2, Minesweeper2.from_spec,
                     _samples, board="coursekit.widgets:MinesDuelBoard", commands=()),)
