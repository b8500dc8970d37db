"""C's computer player: van Emden's method (``move(2, Polyline)`` with ``winMove``, ``loseMove``, ``step``).

C (an online lecture on games) gives the program of its computer player; this module
reproduces it in C's order of moves, counting the positions it examines.

>>> from coursekit.core.grid import Coord
>>> rules = Crawler(3, 3)
>>> state = rules.position([(Coord(0, 0), Coord(1, 0)), (Coord(1, 0), Coord(1, 1))])
>>> source_choice(rules, state).rule
'safe'
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from ...core.grid import Coord
from .rules import Crawler, CrawlerState, Segment, opening_segment, segment_text

__all__ = ["SourceChoice", "SourceSearchLimit", "source_choice", "source_strategy"]


class SourceSearchLimit(Exception):
    """C's search examined more positions than the caller allowed (for measurements only)."""


@dataclass(frozen=True)
class SourceChoice:
    """The move C's computer makes, the rule that chose it, and the positions it examined.

    ``rule`` is one of ``"close"`` (it closes the line and wins), ``"win"`` (after it the
    opponent has no winning continuation: a full search proved it), ``"safe"`` (the
    opponent cannot close at once) and ``"any"`` (the first move, when all else fails).
    ``positions`` counts every line C's ``step`` produced while deciding (one per candidate
    move tried, at every level of the search).
    """

    move: Segment
    rule: str
    positions: int
    seconds: float = 0.0

    def __str__(self) -> str:
        return f"{segment_text(self.move)} ({self.rule}; {self.positions} positions examined)"


class _SourceSearch:
    """C's predicates over C's list of points (head first), counting the lines ``step`` makes."""

    def __init__(self, rules: Crawler, limit: int | None = None) -> None:
        self.rules = rules
        self.positions = 0
        self.limit = limit

    def steps(self, line: tuple[Coord, ...]) -> list[tuple[tuple[Coord, ...], Coord]]:
        """C's ``step``: every (new line, new point), the head's moves first, then the tail's."""
        found = []
        neighbours = self.rules.neighbours
        head, second = line[0], line[1]
        for x in neighbours(head):
            if x != second:
                found.append(((x, *line), x))
        tail, before = line[-1], line[-2]
        for x in neighbours(tail):
            if x != before:
                found.append(((*line, x), x))
        return found

    def count(self) -> None:
        self.positions += 1
        if self.limit is not None and self.positions > self.limit:
            raise SourceSearchLimit(f"more than {self.limit} positions")

    def win_move(self, line: tuple[Coord, ...]) -> tuple[Coord, ...] | None:
        """C's ``winMove``: the first line after a move that wins, or ``None``.

        First clause: a move that closes. Second clause: a move after which the opponent has
        no ``winMove`` (:meth:`_can_win`). C tries the clauses in order, each over all the moves.
        """
        for after, point in self.steps(line):
            self.count()
            if point in line:
                return after
        points = set(line)
        for after, point in self.steps(line):
            self.count()
            points.add(point)  # no move closes here (the first clause would have), so the point is new
            wins = self._can_win(after[0], after[1], after[-1], after[-2], points)
            points.discard(point)
            if not wins:
                return after
        return None

    def _can_win(self, head: Coord, second: Coord, tail: Coord, before: Coord, points: set[Coord]) -> bool:
        """Whether :meth:`win_move` finds a move for the line with these ends (each end and the point
        next to it) and these ``points``: the same moves in the same order, counted the same, without
        making the lines (``points`` is left as it was given)."""
        near = self.rules.neighbours
        moves = [x for x in near(head) if x != second]
        at_head = len(moves)
        moves += [x for x in near(tail) if x != before]
        for i, x in enumerate(moves):  # the first clause: a move that closes
            if x in points:
                self._counted(i + 1)
                return True
        self._counted(len(moves))
        for i, x in enumerate(moves):  # the second clause: a move after which the opponent cannot win
            self._counted(1)
            points.add(x)
            wins = (self._can_win(x, head, tail, before, points) if i < at_head
                    else self._can_win(head, second, x, tail, points))
            points.discard(x)
            if not wins:
                return True
        return False

    def _counted(self, lines: int) -> None:
        """:meth:`count`, ``lines`` times at once."""
        self.positions += lines
        if self.limit is not None and self.positions > self.limit:
            raise SourceSearchLimit(f"more than {self.limit} positions")

    def lose_move(self, line: tuple[Coord, ...]) -> bool:
        """C's ``loseMove``: whether the player to move at ``line`` can close it."""
        for _, point in self.steps(line):
            self.count()
            if point in line:
                return True
        return False


def _segment_of(before: tuple[Coord, ...], after: tuple[Coord, ...]) -> Segment:
    if after[1:] == before:
        return (before[0], after[0])
    return (before[-1], after[-1])


def source_choice(rules: Crawler, state: CrawlerState, limit: int | None = None) -> SourceChoice:
    """C's computer's move (``move(2, Polyline)``): van Emden's method, in C's order.

    1. close the line if it can (the first closing move in C's order of moves);
    2. else the first move after which the opponent has no winning continuation: C's
       ``winMove``, a full search to the end of the game, with no memory of positions
       already searched (C has none) and no depth limit;
    3. else the first move after which the opponent cannot close at once (``loseMove``);
    4. else the first move.

    C's order of moves is :meth:`Crawler.legal_moves`'s: the head's moves, then the tail's,
    each end's neighbours left, right, down, up. ``positions`` counts every line C's
    ``step`` produced (rule 1's moves, then every move the search tried, then rule 3's).
    ``limit`` stops a search that would examine more positions (raises
    :class:`SourceSearchLimit`): for measuring, C has no such limit.

    C's computer plays only after a first segment; at the start it draws
    :data:`SOURCE_OPENING`, which needs no search (on a lattice of another size, the
    segment whose middle is nearest the middle of the lattice, the first in
    :attr:`Crawler.all_segments`).

    Where C is unclear, or where the course differs, and what was decided:

    * C's ``winMove`` tries, in its second clause, every move without asking whether it
      closes; that is harmless, since the first clause has already found any closing move
      (the search then stops there), so the second clause only ever sees moves that do not close;
    * C counts nothing; ``positions`` is ours (every line ``step`` produced, as above);
    * a player without a move would lose in C's search (``winMove`` fails), but on a lattice of
      at least 2 x 2 points there is always a move (see the module);
    * C's human types only the new point, and C's ``step`` extends the head when that point
      is next to both ends; here a move is a whole segment, so the end is always named;
    * C's screen draws its ``Y`` downward (row ``2 * Y``); the course's ``y`` grows upward. The
      numbers map directly (``X - 1``, ``Y - 1``), so C's neighbour order "left, right,
      ``Y - 1``, ``Y + 1``" is left, right, down, up here, and the picture is C's turned
      upside down;
    * C's computer moving first always draws C's (3,3)-(4,3); on other lattices we draw the
      segment nearest the middle (the first such in :attr:`Crawler.all_segments`), which is the
      mirror plan's opening where one side is even and the other odd.

    What it costs on C's 6 x 5 (``python -m benchmarks --only crawler``): at most 337,450
    positions and about 0.35 s for a decision, the dearest being C moving second after the
    middle opening, a lost position where the whole search fails before rule 3 decides; the
    exact solver decides the same positions with 1,900 to 9,400 nodes. C needs no table there.

    >>> rules = Crawler(3, 3)
    >>> state = rules.position([(Coord(0, 0), Coord(1, 0)), (Coord(1, 0), Coord(1, 1)), (Coord(1, 1), Coord(0, 1))])
    >>> print(source_choice(rules, state))
    0,0-0,1 (close; 1 positions examined)
    """
    if state.closed:
        raise ValueError("the game is over: C's computer makes no move")
    started = time.perf_counter()
    if not state.line:
        return SourceChoice(opening_segment(rules), "opening", 0, time.perf_counter() - started)
    search = _SourceSearch(rules, limit)
    line = state.line
    chosen: tuple[Coord, ...] | None = None
    rule = ""
    for after, point in search.steps(line):
        search.count()
        if point in line:
            chosen, rule = after, "close"
            break
    if chosen is None:
        chosen, rule = search.win_move(line), "win"
    if chosen is None:
        for after, _ in search.steps(line):
            search.count()
            if not search.lose_move(after):
                chosen, rule = after, "safe"
                break
    if chosen is None:
        search.count()
        chosen, rule = search.steps(line)[0][0], "any"
    return SourceChoice(_segment_of(line, chosen), rule, search.positions, time.perf_counter() - started)


def source_strategy() -> Callable[[Crawler, CrawlerState], Segment]:
    """A player who makes C's computer's choice (:func:`source_choice`), first or second.

    >>> from coursekit.core import Player, play
    >>> rules = Crawler(3, 3)
    >>> record = play(rules, [Player("C", source_strategy()), Player("C again", source_strategy())])
    >>> record.winner, [segment_text(step.move) for step in record.moves]
    (1, ['1,0-1,1', '1,0-0,0', '1,1-2,1', '2,1-2,2', '0,0-0,1', '0,1-1,1'])
    """

    def choose(rules: Crawler, state: CrawlerState) -> Segment:
        return source_choice(rules, state).move

    return choose
