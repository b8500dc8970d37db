"""The rules of the crawler (Ползунок, source C): two players build one line on a lattice; who closes it wins.

The board is a lattice of ``width`` x ``height`` points, ``(0, 0)`` at the bottom left (C's
lattice is 6 x 5 and numbers its points from 1: C's point ``(X, Y)`` is ``(X - 1, Y - 1)``
here, so C's opening ``(3,3)-(4,3)`` is ``(2,2)-(3,2)``). The players draw unit segments
along the lattice lines in turn, building one polyline:

* the first move draws one segment anywhere;
* each later move adds one unit segment at either end of the line, never straight back
  along the segment that ends there;
* if the new end point already lies on the line, the mover has **closed** the line and wins.

A move is a segment ``(start, new)`` of two neighbouring points (``Coord``): from an end of
the line to the new point. The first move may be written either way round (both are in
:meth:`Crawler.legal_moves`; the point written first becomes the line's *head*, as in C).
A later move must start at an end; :meth:`Crawler.why_illegal` explains a segment written
the other way round, and :meth:`Crawler.segment` turns either order into the move.

**Can a player be left without a move?** No, on any lattice of at least 2 x 2 points: an
end point has at least two neighbours (a corner has two), only one of which (the point just
before it on the line) is forbidden, and the segment to any other neighbour is new (an end
touches only one segment of the line). So every game ends by closing the line. (C's search
would count a player without a move as the loser, but it never happens.) Each move that does
not close adds a new point, so a game lasts at most ``width * height`` moves: after
``width * height - 1`` moves every point is on the line and the next move must close it.

The state is the line from head to tail (C's list of points, head first) and whether it is
closed; the player to move follows from its length.

>>> rules = Crawler(3, 3)
>>> state = rules.initial_state()
>>> for move in [((0, 0), (1, 0)), ((1, 0), (1, 1)), ((1, 1), (0, 1))]:
...     state = rules.apply(state, (Coord(*move[0]), Coord(*move[1])))
>>> state.line
(Coord(x=0, y=0), Coord(x=1, y=0), Coord(x=1, y=1), Coord(x=0, y=1))
>>> rules.why_illegal(state, (Coord(0, 1), Coord(1, 1)))
'0,1-1,1 goes straight back along the line: [1, 1] is the point just before the end [0, 1]'
>>> closing = (Coord(0, 1), Coord(0, 0))
>>> rules.closes(state, closing), rules.winner(rules.apply(state, closing))
(True, 1)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar

from ...core.display import Shown
from ...core.grid import Coord
from ...core.rules import GameType, LastMoverWins, SpecFields, unchecked_builder
from ...solvers.gametree import Solution, alphabeta

__all__ = [
    "SOURCE_OPENING",
    "STEPS",
    "WHO_WINS",
    "Crawler",
    "CrawlerState",
    "OutOfTime",
    "Segment",
    "WhoWins",
    "closing_first",
    "opening_segment",
    "search",
    "segment_text",
    "who_wins",
    "winning_moves",
]

#: A move: a unit segment from an end of the line to the new point.
Segment = tuple[Coord, Coord]

#: C's order of a point's neighbours (C's ``next``): left, right, down, up.
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))

#: C's computer, moving first, draws C's ``(3,3)-(4,3)``: ``(2,2)-(3,2)`` here, the middle
#: segment of the 6 x 5 lattice.
SOURCE_OPENING: Segment = (Coord(2, 2), Coord(3, 2))


@dataclass(frozen=True, repr=False)
class CrawlerState(Shown):
    """The lattice's size, the line from head to tail, and whether it is closed.

    ``line`` is empty before the first move. After a closing move its last point added (at
    the head or at the tail) repeats a point already on the line.

    >>> state = CrawlerState(6, 5, (Coord(2, 2), Coord(3, 2)))
    >>> state.turn, state.ends, state.moves_made
    (1, (Coord(x=2, y=2), Coord(x=3, y=2)), 1)
    """

    width: int
    height: int
    line: tuple[Coord, ...] = ()
    closed: bool = False

    @property
    def moves_made(self) -> int:
        """How many segments are drawn."""
        return max(len(self.line) - 1, 0)

    @property
    def turn(self) -> int:
        """The player to move: 0 (who drew the first segment) or 1."""
        return self.moves_made % 2

    @property
    def ends(self) -> tuple[Coord, ...]:
        """The head and the tail of the line (``()`` before the first move)."""
        return (self.line[0], self.line[-1]) if self.line else ()

    def segments(self) -> tuple[Segment, ...]:
        """The drawn segments, head to tail."""
        return tuple(zip(self.line, self.line[1:], strict=False))

    def __repr__(self) -> str:
        points = "-".join(f"{p.x},{p.y}" for p in self.line)
        return f"CrawlerState({self.width}x{self.height}, {points or 'empty'!r}{', closed' if self.closed else ''})"


#: ``CrawlerState(width, height, line, closed)`` without the checks of its ``__init__``
#: (:func:`~coursekit.core.rules.unchecked_builder`: every field must be passed): the searches make a
#: state at every node.
_state: Callable[[int, int, tuple[Coord, ...], bool], CrawlerState] = unchecked_builder(CrawlerState)


def segment_text(move: Any) -> str:
    """A segment as the terminal reads and writes it: ``x1,y1-x2,y2``.

    >>> segment_text((Coord(2, 2), Coord(3, 2)))
    '2,2-3,2'
    """
    (x1, y1), (x2, y2) = move
    return f"{x1},{y1}-{x2},{y2}"


@dataclass(frozen=True)
class Crawler(SpecFields, LastMoverWins):
    """The rules of the crawler on a ``width`` x ``height`` lattice of points (C: 6 x 5).

    >>> Crawler().spec()
    {'game': 'crawler', 'width': 6, 'height': 5}
    >>> Crawler(1, 4)
    Traceback (most recent call last):
    ...
    ValueError: the lattice needs at least 2 x 2 points, got 1 x 4
    """

    width: int = 6
    height: int = 5
    num_players: ClassVar[int] = 2
    name: ClassVar[str] = "crawler"
    game_type: ClassVar[GameType] = GameType(multi_click=True)
    #: The largest side a lattice may have.
    MAX_SIDE: ClassVar[int] = 20

    def __post_init__(self) -> None:
        for what, value in (("width", self.width), ("height", self.height)):
            if type(value) is not int:
                raise ValueError(f"the {what} must be a whole number, got {value!r}")
        if min(self.width, self.height) < 2:
            raise ValueError(f"the lattice needs at least 2 x 2 points, got {self.width} x {self.height}")
        if max(self.width, self.height) > self.MAX_SIDE:
            raise ValueError(f"a side may be at most {self.MAX_SIDE} points, got {self.width} x {self.height}")

    # The lattice.

    def __contains__(self, point: object) -> bool:
        return (isinstance(point, tuple) and len(point) == 2 and all(type(v) is int for v in point)
                and 0 <= point[0] < self.width and 0 <= point[1] < self.height)

    @cached_property
    def _neighbours(self) -> dict[Coord, tuple[Coord, ...]]:
        w, h = self.width, self.height
        return {Coord(x, y): tuple(Coord(x + dx, y + dy) for dx, dy in STEPS
                                   if 0 <= x + dx < w and 0 <= y + dy < h)
                for y in range(h) for x in range(w)}

    def neighbours(self, point: Coord) -> tuple[Coord, ...]:
        """The lattice points one step from ``point``, in C's order (left, right, down, up).

        >>> Crawler(6, 5).neighbours(Coord(0, 0))
        (Coord(x=1, y=0), Coord(x=0, y=1))
        """
        return self._neighbours[point]

    @cached_property
    def all_segments(self) -> tuple[Segment, ...]:
        """Every unit segment of the lattice once, lower or left point first, bottom row first.

        >>> len(Crawler(6, 5).all_segments)
        49
        """
        found: list[Segment] = []
        for y in range(self.height):
            for x in range(self.width):
                if x + 1 < self.width:
                    found.append((Coord(x, y), Coord(x + 1, y)))
                if y + 1 < self.height:
                    found.append((Coord(x, y), Coord(x, y + 1)))
        return tuple(found)

    @cached_property
    def _symmetries(self) -> tuple[tuple[int, ...], ...]:
        """The lattice's symmetries as maps of point numbers (``y * width + x``): 4, or 8 on a square."""
        w, h = self.width, self.height
        maps: list[Callable[[int, int], tuple[int, int]]] = [
            lambda x, y: (x, y), lambda x, y: (w - 1 - x, y),
            lambda x, y: (x, h - 1 - y), lambda x, y: (w - 1 - x, h - 1 - y),
        ]
        if w == h:
            maps += [lambda x, y: (y, x), lambda x, y: (h - 1 - y, x),
                     lambda x, y: (y, w - 1 - x), lambda x, y: (h - 1 - y, w - 1 - x)]
        perms = []
        for f in maps:
            perm = []
            for i in range(w * h):
                fx, fy = f(i % w, i // w)
                perm.append(fy * w + fx)
            perms.append(tuple(perm))
        return tuple(perms)

    def canonical(self, state: CrawlerState) -> tuple[int, ...]:
        """One key for a position and all its images under the lattice's symmetries.

        The rest of the game depends only on which points the line covers, on its two ends
        and on the point just before each end (the way back that is forbidden); not on the
        order in which the inner points were drawn, nor on which end is called the head. The
        key keeps exactly that (the points as a bit mask), the least over the symmetries.

        >>> rules = Crawler(6, 5)
        >>> left = rules.apply(rules.initial_state(), (Coord(0, 0), Coord(1, 0)))
        >>> right = rules.apply(rules.initial_state(), (Coord(5, 4), Coord(4, 4)))
        >>> rules.canonical(left) == rules.canonical(right)
        True
        """
        line = state.line
        if not line:
            return ()
        numbers, bits = self._symmetry_tables
        # The ends decide the least key but for ties; only the tied images need their points.
        try:
            heads, tails = self._end_images[line[0], line[1]], self._end_images[line[-1], line[-2]]
        except KeyError:  # a line made by hand whose points are not neighbours
            heads = tuple(zip(numbers[line[0]], numbers[line[1]], strict=True))
            tails = tuple(zip(numbers[line[-1]], numbers[line[-2]], strict=True))
        images = [head + tail if head < tail else tail + head for head, tail in zip(heads, tails, strict=True)]
        least = min(images)
        points = set(line) if state.closed else line
        if images.count(least) == 1:  # the usual case: one image has the least ends
            mask = sum(map(bits[images.index(least)].__getitem__, points))
        else:
            mask = min(sum(map(bit.__getitem__, points)) for ends, bit in zip(images, bits, strict=True)
                       if ends == least)
        return (int(state.closed), *least, mask)

    @cached_property
    def _end_images(self) -> dict[tuple[Coord, Coord], tuple[tuple[int, int], ...]]:
        """For an end of the line and the point next to it, their numbers after each symmetry (in
        :attr:`_symmetries`' order): the ends' part of :meth:`canonical`'s key, worked out once."""
        numbers = self._symmetry_tables[0]
        return {(end, before): tuple(zip(numbers[end], numbers[before], strict=True))
                for end, around in self._neighbours.items() for before in around}

    @cached_property
    def _symmetry_tables(self) -> tuple[dict[Coord, tuple[int, ...]], tuple[dict[Coord, int], ...]]:
        """Each point's numbers after each symmetry (in :attr:`_symmetries`' order); for each symmetry, each
        point's bit after it."""
        w = self.width
        points = [Coord(i % w, i // w) for i in range(w * self.height)]
        numbers = {p: tuple(perm[i] for perm in self._symmetries) for i, p in enumerate(points)}
        return numbers, tuple({p: 1 << perm[i] for i, p in enumerate(points)} for perm in self._symmetries)

    # The rules.

    def initial_state(self, rng: random.Random | None = None) -> CrawlerState:
        return CrawlerState(self.width, self.height)

    def position(self, moves: Sequence[Segment]) -> CrawlerState:
        """The position after ``moves`` (each checked; a segment may be written either way round).

        >>> Crawler().position([(Coord(2, 2), Coord(3, 2)), (Coord(3, 3), Coord(3, 2))]).line
        (Coord(x=2, y=2), Coord(x=3, y=2), Coord(x=3, y=3))
        """
        state = self.initial_state()
        for move in moves:
            state = self.apply(state, self.segment(state, *move))
        return state

    def to_move(self, state: CrawlerState) -> int:
        line = state.line  # state.turn written out: a search asks at every node
        return (len(line) - 1) % 2 if line else 0

    def returns(self, state: CrawlerState) -> tuple[float, ...]:
        """+1 for the player who closed the line and -1 for the other; ``(0, 0)`` while the game goes on.

        :func:`~coursekit.core.rules.returns_from_winner` of the last mover, written out: a search asks
        at every end. A closed line of ``n`` points took ``n - 1`` moves, the last one by player ``n % 2``.

        >>> from coursekit.core.rules import returns_from_winner
        >>> rules = Crawler(3, 3)
        >>> state = rules.position([(Coord(0, 0), Coord(1, 0)), (Coord(1, 0), Coord(1, 1)), (Coord(1, 1), Coord(0, 1))])
        >>> closed = rules.apply(state, (Coord(0, 1), Coord(0, 0)))
        >>> rules.returns(closed), returns_from_winner(rules.winner(closed), 2), rules.returns(state)
        ((-1, 1), (-1, 1), (0, 0))
        """
        if not state.closed:
            return (0, 0)
        return (-1, 1) if len(state.line) % 2 else (1, -1)

    def legal_moves(self, state: CrawlerState) -> tuple[Segment, ...]:
        """C's order: every unit segment (both ways round) at the start; later the head's
        moves then the tail's, each end's neighbours left, right, down, up.

        >>> rules = Crawler(6, 5)
        >>> [segment_text(m) for m in rules.legal_moves(rules.position([SOURCE_OPENING]))]
        ['2,2-1,2', '2,2-2,1', '2,2-2,3', '3,2-4,2', '3,2-3,1', '3,2-3,3']
        """
        if state.closed:
            return ()
        line = state.line
        if not line:
            return tuple(m for a, b in self.all_segments for m in ((a, b), (b, a)))
        head, tail = line[0], line[-1]
        if type(head) is Coord and type(tail) is Coord:  # as the rules make every line (not by hand)
            moves_at = self._moves_at
            at_head, at_tail = moves_at.get((head, line[1])), moves_at.get((tail, line[-2]))
            if at_head is not None and at_tail is not None:
                return at_head + at_tail
        return tuple([(head, p) for p in self._neighbours[head] if p != line[1]]
                     + [(tail, p) for p in self._neighbours[tail] if p != line[-2]])

    @cached_property
    def _moves_at(self) -> dict[tuple[Coord, Coord], tuple[Segment, ...]]:
        """For an end of the line and the point next to it, the moves at that end, in C's order (a search
        asks for the legal moves at every node).

        >>> rules = Crawler(6, 5)
        >>> [segment_text(m) for m in rules._moves_at[Coord(0, 0), Coord(1, 0)]]
        ['0,0-0,1']
        """
        return {(end, before): tuple((end, p) for p in around if p != before)
                for end, around in self._neighbours.items() for before in around}

    def why_illegal(self, state: CrawlerState, move: Any) -> str | None:
        if state.closed:
            return f"the game is over: player {1 - state.turn} closed the line"
        if not (isinstance(move, tuple) and len(move) == 2 and all(
                isinstance(p, tuple) and len(p) == 2 and all(type(v) is int for v in p) for p in move)):
            return f"a move is a segment, two points ((x1, y1), (x2, y2)), not {move!r}"
        a, b = Coord(*move[0]), Coord(*move[1])
        for point in (a, b):
            if point not in self:
                return f"{point} is outside the {self.width} x {self.height} lattice"
        if abs(a.x - b.x) + abs(a.y - b.y) != 1:
            return f"{a} and {b} are not neighbours: a segment is one step along a lattice line"
        line = state.line
        if not line:
            return None
        ends = state.ends
        if a not in ends:
            if b in ends and a != self._before(state, b):
                return (f"a move starts at an end of the line: write {segment_text((b, a))}, "
                        f"not {segment_text((a, b))}")
            return f"{a} is not an end of the line; its ends are {ends[0]} and {ends[1]}"
        if b == self._before(state, a):
            return (f"{segment_text((a, b))} goes straight back along the line: {b} is the point just before "
                    f"the end {a}")
        return None

    def _before(self, state: CrawlerState, end: Coord) -> Coord:
        """The point next to ``end`` on the line."""
        line = state.line
        return line[1] if end == line[0] else line[-2]

    def segment(self, state: CrawlerState, a: Any, b: Any) -> Segment:
        """The move that draws the segment between ``a`` and ``b``, whichever way round it is written.

        The segment is turned round when ``b`` is an end of the line and ``a`` is not, so
        that the move starts at the end; otherwise it is kept as written (and may be illegal).

        >>> rules = Crawler()
        >>> state = rules.position([SOURCE_OPENING])
        >>> segment_text(rules.segment(state, Coord(4, 2), Coord(3, 2)))
        '3,2-4,2'
        """
        a, b = Coord(*a), Coord(*b)
        ends = state.ends
        if ends and a not in ends and b in ends:
            return (b, a)
        return (a, b)

    def closes(self, state: CrawlerState, move: Segment) -> bool:
        """Whether ``move`` (a legal one) closes the line: its new point is on the line already."""
        return bool(state.line) and move[1] in state.line

    def next_state(self, state: CrawlerState, move: Segment) -> CrawlerState:
        a, b = move
        line = state.line
        if not line:
            return CrawlerState(state.width, state.height, (Coord(*a), Coord(*b)))
        closed = b in line
        if type(b) is not Coord:
            b = Coord(*b)
        if a == line[0]:
            return _state(state.width, state.height, (b, *line), closed)
        return _state(state.width, state.height, (*line, b), closed)

    def is_over(self, state: CrawlerState) -> bool:
        return state.closed

    def max_game_length(self) -> int:
        """Every move but the closing one adds a new point (the first adds two)."""
        return self.width * self.height

    # What strategies and searches ask about a position.

    def closing_moves(self, state: CrawlerState) -> tuple[Segment, ...]:
        """The legal moves that close the line (the mover wins with any of them)."""
        return tuple(m for m in self.legal_moves(state) if self.closes(state, m))

    def gives_a_close(self, state: CrawlerState, move: Segment) -> bool:
        """Whether after ``move`` (which does not close) the opponent can close the line at once.

        >>> rules = Crawler(3, 3)
        >>> state = rules.position([(Coord(0, 0), Coord(1, 0)), (Coord(1, 0), Coord(1, 1))])
        >>> left, right = (Coord(1, 1), Coord(0, 1)), (Coord(1, 1), Coord(2, 1))
        >>> rules.gives_a_close(state, left), rules.gives_a_close(state, right)
        (True, False)
        """
        return bool(self.closing_moves(self.next_state(state, move)))


def closing_first(rules: Crawler, state: CrawlerState, moves: tuple[Segment, ...]) -> list[Segment]:
    """An ``order`` for alpha-beta: closing moves first; then the moves after which the
    opponent cannot close, those that leave him the fewest such moves first (as Warnsdorff's
    rule for the knight's tour: a move that leaves few answers is most likely to win, and is
    refuted fastest); last the moves that let the opponent close. Ties keep the legal order.

    On 6 x 6 the fewest-answers rule cuts the search from 176,373 nodes (closing moves, then
    safe ones, in legal order) to 35,997.

    >>> rules = Crawler(3, 3)
    >>> state = rules.position([(Coord(0, 0), Coord(1, 0)), (Coord(1, 0), Coord(1, 1))])
    >>> [segment_text(m) for m in rules.legal_moves(state)]
    ['0,0-0,1', '1,1-0,1', '1,1-2,1', '1,1-1,2']
    >>> [segment_text(m) for m in closing_first(rules, state, rules.legal_moves(state))]
    ['1,1-2,1', '1,1-1,2', '0,0-0,1', '1,1-0,1']
    """
    line = state.line
    if not line:
        return list(moves)
    closing: list[Segment] = []
    safe: list[Segment] = []
    risky: list[Segment] = []
    on_line = set(line)
    near = rules._neighbours
    head, second, tail, before = line[0], line[1], line[-1], line[-2]
    for move in moves:
        start, new = move
        if new in on_line:
            closing.append(move)
        elif (_lets_close(near, start, new, tail, before, on_line) if start == head
              else _lets_close(near, start, new, head, second, on_line)):
            risky.append(move)
        else:
            safe.append(move)
    if not closing and len(safe) > 1:
        safe.sort(key=lambda move: _safe_answers(near, line, move, on_line))
    return closing + safe + risky


def _safe_answers(near: dict[Coord, tuple[Coord, ...]], line: tuple[Coord, ...], move: Segment,
                  on_line: set[Coord]) -> int:
    """How many moves the opponent has after ``move`` (a move of ``line`` that does not close) that do not
    let the mover close next: the answers of :meth:`Crawler.legal_moves` after it, each judged by
    :func:`_lets_close`, from the ends of the line after it (the line itself is not made)."""
    start, new = move
    if start == line[0]:
        head, second, tail, before = new, start, line[-1], line[-2]
    else:
        head, second, tail, before = line[0], line[1], new, start
    grown = on_line | {new}
    answers = 0
    for answer in near[head]:  # the answers at the head, then at the tail, as legal_moves lists them
        if answer != second and not _lets_close(near, head, answer, tail, before, grown):
            answers += 1
    for answer in near[tail]:
        if answer != before and not _lets_close(near, tail, answer, head, second, grown):
            answers += 1
    return answers


def _lets_close(near: dict[Coord, tuple[Coord, ...]], start: Coord, new: Coord, other: Coord,
                before_other: Coord, on_line: set[Coord]) -> bool:
    """Whether the opponent can close after the move ``(start, new)`` (a move that does not close) on a
    line whose points are ``on_line``, ``other`` being its other end and ``before_other`` the point
    next to that end; ``near`` is :meth:`Crawler.neighbours` as a table."""
    for p in near[new]:  # plain loops: a search asks this at every node
        if p in on_line and p != start:
            return True
    for p in near[other]:  # noqa: SIM110 (a loop, not any() over a generator: cheaper here)
        if (p in on_line or p == new) and p != before_other:
            return True
    return False


def opening_segment(rules: Crawler) -> Segment:
    """The first segment of C's computer and of the mirror plan: C's (3,3)-(4,3) on C's 6 x 5
    (:data:`SOURCE_OPENING`), elsewhere the segment whose middle is nearest the middle of the
    lattice (the first such in :attr:`Crawler.all_segments`).

    >>> opening_segment(Crawler()) == SOURCE_OPENING, segment_text(opening_segment(Crawler(4, 3)))
    (True, '1,1-2,1')
    """
    if (rules.width, rules.height) == (6, 5):
        return SOURCE_OPENING
    middle = ((rules.width - 1) / 2, (rules.height - 1) / 2)

    def distance(s: Segment) -> float:
        return abs((s[0].x + s[1].x) / 2 - middle[0]) + abs((s[0].y + s[1].y) / 2 - middle[1])

    return min(rules.all_segments, key=distance)


# ---------------------------------------------------------------------------------------------
# Who wins: the generic alpha-beta search with the crawler's hooks
# ---------------------------------------------------------------------------------------------
#
# The search (coursekit.solvers.gametree) knows no game: the crawler's hooks (``closing_first``,
# ``Crawler.canonical``) are rules knowledge, and this driver, which joins the two, lives with the
# rules too. The perfect player, the terminal, the grader and the benchmark call it.


class OutOfTime(TimeoutError):
    """The search did not finish within its time."""


def search(rules: Crawler, state: CrawlerState | None = None, seconds: float | None = None) -> Solution:
    """The exact value of ``state`` (the empty lattice by default) and every best move.

    Alpha-beta with a transposition table keyed by :meth:`Crawler.canonical` (the lattice's
    symmetries, and positions that differ only in the order the inner points were drawn) and
    :func:`closing_first` as its move order. With ``seconds`` it raises :class:`OutOfTime`
    when the time is up (the order hook, called at every position searched, watches the clock).

    >>> solution = search(Crawler(3, 2))
    >>> solution.outcome, [segment_text(m) for m in solution.best_moves]
    ('win', ['1,0-1,1', '1,1-1,0'])
    """
    order = closing_first
    if seconds is not None:
        deadline = time.perf_counter() + seconds

        def order(rules: Crawler, state: CrawlerState, moves: tuple[Segment, ...]) -> list[Segment]:
            if time.perf_counter() > deadline:
                raise OutOfTime(f"the search did not finish within {seconds:g} s")
            return closing_first(rules, state, moves)

    return alphabeta(rules, state, order=order, table=True, canonical=rules.canonical)


def winning_moves(rules: Crawler, state: CrawlerState, solution: Solution) -> tuple[Segment, ...]:
    """The winning moves of a solution, each first segment once (lower or left point first).

    At the start both ways of writing a segment are moves; they are one segment here.
    """
    if solution.value <= 0:
        return ()
    if state.line:
        return tuple(solution.best_moves)
    return tuple(dict.fromkeys((min(m), max(m)) for m in solution.best_moves))


@dataclass(frozen=True)
class WhoWins:
    """Who wins the crawler on a lattice with perfect play, and how the solver found it."""

    width: int
    height: int
    winner: str
    winning_openings: tuple[Segment, ...]
    nodes: int
    positions: int
    seconds: float

    def __str__(self) -> str:
        openings = " ".join(segment_text(m) for m in self.winning_openings) or "none"
        return (f"{self.width} x {self.height}: {self.winner} wins; winning openings: {openings}; "
                f"{self.nodes} nodes, {self.positions} positions, {self.seconds:.2f} s")


#: Who wins with perfect play from the empty lattice (``width`` x ``height``, the wider side first;
#: a lattice turned a quarter round is the same game), as measured by ``python -m benchmarks --only
#: crawler`` (:func:`who_wins`, each lattice given 60 s, on 2 shared cores): every lattice up to
#: 8 x 7 was solved (8 x 7 in 53 s); 8 x 8 was not within 60 s.
#:
#: Where one side is even and the other odd the first player wins, and this is proved, not only
#: searched: the middle of the lattice is the middle of a segment; the first player draws it, then
#: closes if he can, else answers each move with its mirror image through the middle
#: (:func:`~coursekit.games.crawler.symmetry_strategy`). On those lattices the middle segment is
#: often the only winning opening (3 x 2, 4 x 3, 5 x 4, 6 x 5, 7 x 6, 8 x 7). Where both sides are
#: odd, or both even, the table is the solver's alone, with no plan known: both odd, the second
#: player wins on every lattice solved; both even, the second wins on 2 x 2, 4 x 4, 6 x 6 and
#: 8 x 6, the first on 4 x 2, 6 x 2, 8 x 2, 6 x 4 and 8 x 4.
#:
#: ====== ====== ================ ============= ========= =======
#: width  height winner           nodes         positions seconds
#: ====== ====== ================ ============= ========= =======
#: 2      2      second           15            4         0.00
#: 3      2      first (mirror)   51            17        0.00
#: 4      2      first            88            33        0.00
#: 3      3      second           116           38        0.00
#: 5      2      first (mirror)   165           66        0.00
#: 4      3      first (mirror)   397           136       0.00
#: 6      2      first            237           100       0.00
#: 7      2      first (mirror)   447           189       0.01
#: 5      3      second           977           348       0.01
#: 4      4      second           483           201       0.01
#: 8      2      first            576           246       0.01
#: 6      3      first (mirror)   2,035         781       0.02
#: 5      4      first (mirror)   2,491         1,077     0.03
#: 7      3      second           3,374         1,464     0.06
#: 6      4      first            6,013         2,634     0.07
#: 8      3      first (mirror)   6,897         2,922     0.10
#: 5      5      second           3,602         1,697     0.06
#: 7      4      first (mirror)   14,930        6,809     0.19
#: 6      5      first (mirror)   22,054        10,794    0.29
#: 8      4      first            32,496        16,296    0.39
#: 7      5      second           65,828        32,942    0.84
#: 6      6      second           35,997        18,636    0.46
#: 8      5      first (mirror)   182,435       94,231    2.7
#: 7      6      first (mirror)   256,227       135,449   3.6
#: 8      6      second           828,141       447,897   15
#: 7      7      second           493,889       269,260   7.1
#: 8      7      first (mirror)   3,704,957     2,062,672 53
#: ====== ====== ================ ============= ========= =======
WHO_WINS: dict[tuple[int, int], str] = {
    (2, 2): "second", (3, 2): "first", (4, 2): "first", (3, 3): "second", (5, 2): "first", (4, 3): "first",
    (6, 2): "first", (7, 2): "first", (5, 3): "second", (4, 4): "second", (8, 2): "first", (6, 3): "first",
    (5, 4): "first", (7, 3): "second", (6, 4): "first", (8, 3): "first", (5, 5): "second", (7, 4): "first",
    (6, 5): "first", (8, 4): "first", (7, 5): "second", (6, 6): "second", (8, 5): "first", (7, 6): "first",
    (8, 6): "second", (7, 7): "second", (8, 7): "first",
}


def who_wins(width: int, height: int, seconds: float | None = 60) -> WhoWins | None:
    """Who wins on a ``width`` x ``height`` lattice with perfect play (``None`` if the solver
    does not finish within ``seconds``): ``"first"`` (who draws the first segment) or ``"second"``.

    >>> print(who_wins(4, 3))
    4 x 3: first wins; winning openings: 1,1-2,1; 397 nodes, 136 positions, ...
    >>> who_wins(4, 4).winner
    'second'
    """
    rules = Crawler(width, height)
    started = time.perf_counter()
    try:
        solution = search(rules, seconds=seconds)
    except OutOfTime:
        return None
    state = rules.initial_state()
    return WhoWins(width, height, "first" if solution.value > 0 else "second",
                   winning_moves(rules, state, solution), solution.nodes, solution.positions,
                   time.perf_counter() - started)
