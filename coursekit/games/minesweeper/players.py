"""The computer players of both minesweeper games: they see the board only, never the mines.

One player (G3.2): :func:`probability_strategy` (exact chances), :func:`knowledge_strategy` (the
knowledge base and the subset rule) and :func:`random_strategy`; :func:`win_rate` measures one.
Two players (G3.3): :func:`safest_strategy`, :func:`lookahead_strategy` and
:func:`duel_random_strategy`; :func:`match` measures two of them over seeded games, each in both seats.

:data:`COMPUTERS` and :data:`DUEL_COMPUTERS` name them, each made from a seeded generator
(``make(rng)``), in the order the terminal and the boards offer them.

>>> rules = Minesweeper.level("beginner")
>>> record = play(rules, [Player("probability", COMPUTERS["probability"](random.Random(0)))], rng=random.Random(0))
>>> record.end, len(record.moves)
(<End.WON: 'won'>, 18)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction

from ...core.engine import Player, play
from ...core.grid import Coord
from .duel import Minesweeper2, Minesweeper2Board, reveal_outcomes
from .rules import HIDDEN, KnowledgeBase, Minesweeper, MinesweeperBoard, best_cell, certainties, probabilities

__all__ = [
    "COMPUTERS", "DUEL_COMPUTERS", "Match", "Minesweeper2Strategy", "MinesweeperStrategy", "Tally",
    "duel_random_strategy", "knowledge_strategy", "lookahead_scores", "lookahead_strategy", "match",
    "probability_strategy", "random_strategy", "safest_strategy", "win_rate",
]


# ---------------------------------------------------------------------------------------------
# One player: the board as the player sees it

MinesweeperStrategy = Callable[[Minesweeper, MinesweeperBoard], Coord]


def random_strategy(rng: random.Random | None = None) -> MinesweeperStrategy:
    """Reveal a hidden cell without a flag at random (a seeded generator).

    >>> rules = Minesweeper(4, 4, 2)
    >>> random_strategy(random.Random(1))(rules, MinesweeperBoard.empty(4, 4, 2))
    Coord(x=0, y=1)
    """
    chooser = rng or random.Random(0)

    def choose(rules: Minesweeper, board: MinesweeperBoard) -> Coord:
        return chooser.choice([c for c in board.hidden() if c not in board.flags])

    return choose


def knowledge_strategy(rng: random.Random | None = None) -> MinesweeperStrategy:
    """The AI courses' knowledge-base player: reveal a cell the sentences prove safe (the first in
    reading order from the bottom); when none is, a random hidden cell not known to be a mine
    (seeded). It uses no total count of mines.

    >>> rules = Minesweeper.level("beginner")
    >>> sum(play(rules, [Player("kb", knowledge_strategy(random.Random(g)))], rng=random.Random(g)).winner == 0
    ...     for g in range(20))
    15
    """
    chooser = rng or random.Random(0)

    def choose(rules: Minesweeper, board: MinesweeperBoard) -> Coord:
        kb = KnowledgeBase.of(board)
        hidden = [c for c in board.hidden() if c not in board.flags]
        safe = [c for c in hidden if c in kb.safe]
        if safe:
            return safe[0]
        unknown = [c for c in hidden if c not in kb.mines]
        return chooser.choice(unknown or hidden)

    return choose


def probability_strategy() -> MinesweeperStrategy:
    """The exact-probability player: reveal a cell certainly safe if there is one, else the cell
    least likely to be a mine (:func:`best_cell`'s tie rule). Deterministic: it needs no generator.

    It keeps the safe cells it has found for the next moves of the same game (they stay
    safe), so the engine runs only when they are used up.
    """
    queue: list[Coord] = []
    last: list[MinesweeperBoard] = []

    def same_game(board: MinesweeperBoard) -> bool:
        if not last:
            return False
        before = last[0]
        return (before.width, before.height, before.mines) == (board.width, board.height, board.mines) and all(
            now != HIDDEN for was, now in zip(before.shown, board.shown, strict=True) if was != HIDDEN)

    def choose(rules: Minesweeper, board: MinesweeperBoard) -> Coord:
        if not same_game(board):
            queue.clear()
        last[:] = [board]
        while queue:
            cell = queue.pop()
            if not board.is_revealed(cell) and cell not in board.flags:
                return cell
        chances = probabilities(board)
        safe = sorted((c for c, p in chances.items() if p == 0 and c not in board.flags), key=lambda c: (-c.y, c.x))
        if safe:
            queue.extend(reversed(safe[1:]))
            return safe[0]
        return best_cell(board, chances)

    return choose


def win_rate(rules: Minesweeper, make: Callable[[int], MinesweeperStrategy], games: int,
             seed: int = 0) -> tuple[int, int]:
    """``(wins, games)`` for the player ``make(g)`` over seeded games: game ``g`` places the mines with
    ``random.Random(seed * 1_000_003 + g)``.

    >>> win_rate(Minesweeper.level("beginner"), lambda g: probability_strategy(), 10)
    (9, 10)
    """
    wins = 0
    for g in range(games):
        record = play(rules, [Player("player", make(g))], rng=random.Random(seed * 1_000_003 + g))
        wins += record.winner == 0
    return wins, games


# ---------------------------------------------------------------------------------------------
# Two players: the shared board

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

    >>> from coursekit.games.minesweeper import board_from_text, duel_board
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

    >>> from coursekit.games.minesweeper import board_from_text, duel_board
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

    >>> from coursekit.games.minesweeper import board_from_text, duel_board
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


def duel_random_strategy(rng: random.Random | None = None) -> Minesweeper2Strategy:
    """Reveal a random hidden cell that is not a discovered mine (a seeded generator).

    >>> from coursekit.games.minesweeper import duel_board
    >>> duel_random_strategy(random.Random(1))(Minesweeper2(4, 4, 2), duel_board(MinesweeperBoard.empty(4, 4, 2)))
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
    ...                lambda g: duel_random_strategy(random.Random(g)), 10)
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


#: The one-player game's computers by name, each made from a seeded generator, in the order offered.
COMPUTERS: dict[str, Callable[[random.Random], MinesweeperStrategy]] = {
    "probability": lambda rng: probability_strategy(),
    "knowledge": knowledge_strategy,
    "random": random_strategy,
}

#: The two-player game's computers by name, each made from a seeded generator, in the order offered.
DUEL_COMPUTERS: dict[str, Callable[[random.Random], Minesweeper2Strategy]] = {
    "safest": lambda rng: safest_strategy(),
    "lookahead": lambda rng: lookahead_strategy(),
    "random": duel_random_strategy,
}
