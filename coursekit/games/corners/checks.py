"""Checks for the corners assignment (ps09): a student's ``evaluate(rules, state)``, graded by games.

The student writes the evaluation function of the course's alpha-beta player
(:func:`coursekit.games.corners.alphabeta_strategy`, searching :data:`DEPTH` move deep: when
the notebook is graded the function runs in a sandbox, each call a fraction of a millisecond,
and 2 moves deep would call it about a thousand times a move):
``evaluate(rules, state)`` is a number, larger when the position is better for the player to
move (``state.turn``). Any finite ``int`` or ``float`` is an answer (not ``bool``, not a
string, not ``nan``); the grader squeezes it into ``(-1, 1)`` with ``v / (1 + |v|)``, an
increasing map, so that a won game (worth 1 to the search) always counts more than an
estimate and the search's choices stay those of the raw numbers.

The games are played by :func:`graded_rules`: 9 pieces a side and :data:`MOVE_LIMIT` moves a
side (then the side with more pieces in its target wins). Each game starts from
:func:`~coursekit.games.corners.random_opening` of its number (two random moves a side), and each
opening is played twice, the student White and then Black. A hidden test plays an opening of
:mod:`~coursekit.games.corners.openings`, the course's own pool of openings on which the reference
evaluation earns full points from both sides against both opponents, drawn from the course key
and picked by the student's hidden seed (:func:`pool_opening`): a reference solution gets full
marks whatever the key, and nobody without the key knows the openings.

- :func:`check_evaluate` (all or nothing): a finite number on every position, each call
  within :data:`PER_CALL` seconds of CPU time;
- :func:`show_games` (visible, all or nothing): games played to their end, every move of the
  student's player made within :data:`PER_MOVE` seconds of ``evaluate``'s CPU time with a number
  from every call, and within the test's :class:`Budget`;
- :func:`score_games` (hidden, partial points): a win counts 1, a draw 1/2, a loss 0; against
  E's fixed player the points are ``points x score / games``, against the course's player
  (the same search :data:`COURSE_DEPTH` moves deep with the course's evaluation)
  ``points x min(1, 2 x score / games)``: full points for doing as well as the course's
  player. A move refused (an
  error, a malformed number, over the time limit) loses that game and is explained; the first
  game not won is shown (which opening of the pool, never its number or a seed; the final
  position, who won and by how much).

**Time is CPU time, and the budget is the course's evaluation's, measured here.** Every limit
counts the CPU time of ``evaluate`` where it runs (in a notebook, this process's CPU time around
each call; in the grading sandbox, the sandbox's CPU time, read by the grader from outside),
never the wall clock, so a busy machine does not change a grade. The budget of a test
(:func:`budget`) is :data:`BUDGET_TIMES` times the CPU time a call of the course's evaluation
(:func:`coursekit.games.corners.evaluate`) takes, measured in the same process on the same
machine (:func:`reference_cost`), at least :data:`BUDGET_FLOOR`: before each move, the CPU time of
all ``evaluate``'s calls in the test so far may be at most :data:`GRACE` plus that many calls
times the budget. The visible tests in the notebook apply the same rule.

Before each game the grader calls ``random.seed(n)`` (the opening's number; in the sandbox a
salted seed, :func:`~coursekit.grading.kernel.seed_random`), so an
evaluation that uses the ``random`` module plays the same games at every run.

>>> def ahead(rules, state):
...     return rules.in_target(state, state.turn) - rules.in_target(state, 1 - state.turn)
>>> check_evaluate(ahead, visible_positions())
6
>>> try:
...     check_evaluate(lambda rules, state: "far", visible_positions())
... except AssertionError as error:
...     print(str(error).splitlines()[0])
evaluate(rules, state) returned 'far' (a str); it must return a number (an int or a float).
"""

from __future__ import annotations

import math
import numbers
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from types import ModuleType
from typing import Any

from ...grading.answers import shown as show
from ...grading.codec import Opaque
from ...grading.kernel import Case, Check, Malformed, partial_points, run_check, seed_random, shown_lines
from ...grading.limits import Calls, describe_error, wall_backstop
from .players import alphabeta_strategy, order_moves, random_opening
from .players import evaluate as course_evaluate
from .rules import SIDES, Corners, CornersState
from .source import source_strategy

#: The graded game: pieces a side, and moves a side before the count of pieces in each target decides.
PIECES = 9
MOVE_LIMIT = 30
#: How many moves deep the student's player searches, and the course's player it meets in part 3.
DEPTH = 1
COURSE_DEPTH = 2
#: CPU seconds of ``evaluate`` in one move of the student's player (every call of the search).
PER_MOVE = 1.0
#: CPU seconds for one call of ``evaluate`` on a position (:func:`check_evaluate`).
PER_CALL = 1.0
#: The budget of a call of ``evaluate`` in the games: this many times the course's evaluation's CPU
#: time a call, measured on the machine that grades (:func:`reference_cost`) ... (22, and 15 below: when
#: the course's evaluation was made 1.5 times faster, 0.023 -> 0.0155 ms a call here, its factors grew as
#: much, so that a student's allowance stayed what it was, about 0.35 ms a call, 0.57 ms in the sandbox)
BUDGET_TIMES = 22
#: ... and at least this many CPU seconds a call.
BUDGET_FLOOR = 0.0002
#: In the grading sandbox each call also reads its position (a new object, its caches empty) and writes
#: its answer (measured: 3 to 5 times the course's evaluation): the budget there has this many times the
#: course's evaluation more, so that an evaluation within its budget in the notebook is within it there.
CROSSING_TIMES = 15
#: CPU seconds a test may use beyond its calls' budget (the CPU clock of a sandbox ticks in 10 ms).
GRACE = 0.25

OPPONENT_NAMES: dict[str, str] = {"E": "E's fixed player", "course": "the course's player"}
SCALES: dict[str, str] = {
    "E": "a win counts 1, a draw 1/2, a loss 0; points x score / games",
    "course": ("a win counts 1, a draw 1/2, a loss 0; full points at a score of half the games (as good as the "
               "course's player): points x min(1, 2 x score / games)"),
}


@dataclass(frozen=True)
class Opening:
    """An opening to play: its number for :func:`~coursekit.games.corners.random_opening`, and its name in messages.

    A hidden opening is named by its place in the pool, never by its number (see :func:`pool_opening`).

    >>> Opening.numbered(7).name
    'opening 7'
    """

    number: int
    name: str

    @classmethod
    def numbered(cls, number: int) -> Opening:
        """A public opening (a visible test's, or one of the student's own), named by its number."""
        return cls(number, f"opening {number}")


def pool_opening(seed: int, cell: int, pool: Sequence[int]) -> Opening:
    """The opening of hidden test cell ``cell`` (1, 2, ...): the ``cell``-th of the pool shuffled by ``seed``.

    The cells of a part share the seed (the student's hidden seed of the part), so they play
    different openings.

    >>> first, second = pool_opening(5, 1, pool=(11, 12, 13)), pool_opening(5, 2, pool=(11, 12, 13))
    >>> first != second, first == pool_opening(5, 1, pool=(11, 12, 13)), first.name.endswith("of the pool of 3")
    (True, True, True)
    """
    if not 1 <= cell <= len(pool):
        raise ValueError(f"the cell is 1 to {len(pool)}, the size of the pool, not {cell}")
    order = random.Random(seed).sample(range(len(pool)), len(pool))
    place = order[cell - 1]
    return Opening(pool[place], f"opening {place + 1} of the pool of {len(pool)}")


def graded_rules() -> Corners:
    """The rules of the graded games: 9 pieces a side, :data:`MOVE_LIMIT` moves a side.

    >>> graded_rules().spec()
    {'game': 'corners', 'pieces': 9, 'move_limit': 30, 'leave_home_by': None}
    """
    return Corners(pieces=PIECES, move_limit=MOVE_LIMIT)


def _view() -> ModuleType:
    """The game's text (:mod:`.view`), imported when a message first shows a board: not when these checks are,
    since the checks of every game are imported to find one by name (``coursekit.grading``), and the view
    loads the course's views, some of them another problem set's references."""
    from . import view

    return view


def position_text(state: CornersState) -> str:
    """The board and who is to move (see the module's example)."""
    view = _view()
    return (f"{view.board_text(state)}\n{SIDES[state.turn]} ({view.MARKS[state.turn]}) to move, "
            f"after {state.moves_made} moves.")


def read_value(raw: Any) -> float | Malformed:
    """The student's number as a float, or why it is not one (``bool``, a string, ``nan``, ...).

    Only plain numbers are read: ``int``, ``float`` (and ``Fraction``), the types that cross
    from the sandbox as they are, so that the notebook and the grader agree. A numpy number,
    say, is refused with the advice to convert it.

    >>> read_value(3), read_value(-0.25)
    (3.0, -0.25)
    >>> read_value(True).reason
    'it must return a number (an int or a float), not True or False'
    >>> read_value(float("nan")).reason
    'it must return a finite number, not nan or infinity'
    >>> read_value(Opaque("float64")).reason
    'it must return a plain int or float, not a float64: convert it, for example with float(...)'
    """
    if type(raw) is bool:
        return Malformed("it must return a number (an int or a float), not True or False")
    if type(raw) not in (int, float, Fraction):
        if isinstance(raw, (numbers.Real, Opaque)):
            kind = raw.kind if isinstance(raw, Opaque) else type(raw).__name__
            return Malformed(f"it must return a plain int or float, not a {kind}: convert it, for example with "
                             "float(...)")
        return Malformed("it must return a number (an int or a float)")
    try:
        value = float(raw)
    except OverflowError:
        return Malformed("it must return a number that fits in a float")
    if not math.isfinite(value):
        return Malformed("it must return a finite number, not nan or infinity")
    return value


def squeezed(value: float) -> float:
    """``value`` mapped into ``(-1, 1)`` by ``v / (1 + |v|)``: increasing, and ``squeezed(-v) == -squeezed(v)``.

    >>> squeezed(0.0), squeezed(1.0), squeezed(-3.0)
    (0.0, 0.5, -0.75)
    """
    return value / (1.0 + abs(value))


# ---------------------------------------------------------------------------------------------
# The time budget


@cache
def reference_cost() -> float:
    """CPU seconds a call of the course's evaluation takes here, measured once in this process.

    The best of three rounds over 40 positions from seeded play, each round at least 20 ms of CPU
    time: a figure of this machine that the load of other processes hardly moves.

    >>> 0 < reference_cost() < 0.01
    True
    """
    rules = graded_rules()
    states = random_positions(40, seed=1, rules=rules)
    rounds = []
    for _ in range(3):
        calls = 0
        start = time.process_time()
        while calls == 0 or time.process_time() - start < 0.02:
            for state in states:
                course_evaluate(rules, state)
            calls += len(states)
        rounds.append((time.process_time() - start) / calls)
    return min(rounds)


@dataclass(frozen=True)
class Budget:
    """CPU seconds a call of the student's ``evaluate`` may take on average in a test, and where the figure comes from.

    ``sandboxed``: the budget of a call in the grading sandbox, where each call also crosses
    (:data:`CROSSING_TIMES` x ``reference`` more).

    >>> Budget(0.0004, 0.00004).allowed(1000)
    0.65
    >>> Budget(0.0004, 0.00004, sandboxed=True).each
    0.001
    """

    per_call: float
    reference: float
    sandboxed: bool = False

    @property
    def each(self) -> float:
        """CPU seconds a call may take on average, crossing included in the sandbox."""
        return round(self.per_call + (CROSSING_TIMES * self.reference if self.sandboxed else 0.0), 9)

    def allowed(self, calls: int) -> float:
        """CPU seconds ``calls`` calls may use together: :data:`GRACE` plus the budget of each."""
        return round(GRACE + calls * self.each, 9)

    def text(self) -> str:
        """``"0.57 ms a call (22 x the course's evaluation, measured at 0.016 ms a call on this machine, ...)"``."""
        crossing = (f", plus {CROSSING_TIMES} x for the sandbox's reading of each position" if self.sandboxed
                    else "")
        return (f"{1000 * self.each:.2g} ms a call ({BUDGET_TIMES} x the course's evaluation, measured at "
                f"{1000 * self.reference:.2g} ms a call on this machine, at least {1000 * BUDGET_FLOOR:g} ms"
                f"{crossing})")


def budget() -> Budget:
    """The budget of ``evaluate`` in the games: :data:`BUDGET_TIMES` x :func:`reference_cost`, at least
    :data:`BUDGET_FLOOR`.

    >>> budget().per_call >= BUDGET_FLOOR
    True
    """
    reference = reference_cost()
    return Budget(max(BUDGET_FLOOR, BUDGET_TIMES * reference), reference)


class Metered:
    """The student's ``evaluate``, with its calls counted and its CPU time measured where it runs.

    In a notebook the CPU time is this process's, around each call only (the search around it is
    the course's, not counted); in the grading sandbox it is the sandbox's, read from outside
    (``func.cpu_seconds``), and the sandbox stops one call over :data:`PER_MOVE` seconds of CPU.

    >>> metered = Metered(lambda rules, state: 0)
    >>> metered(None, None), metered.calls, metered.seconds() < 0.01
    (0, 1, True)
    """

    def __init__(self, func: Callable[..., Any]) -> None:
        self.func = func
        self.calls = 0
        clock = getattr(func, "cpu_seconds", None)
        self._clock: Callable[[], float] | None = clock if callable(clock) else None
        self.sandboxed = self._clock is not None
        self._start = self._clock() if self._clock is not None else 0.0
        self._local = 0.0
        limit = getattr(func, "limit_time", None)
        if callable(limit):
            limit(PER_MOVE, wall_backstop(PER_MOVE))

    def __call__(self, rules: Corners, state: CornersState) -> Any:
        self.calls += 1
        if self._clock is not None:
            return self.func(rules, state)
        began = time.process_time()
        try:
            return self.func(rules, state)
        finally:
            self._local += time.process_time() - began

    def seconds(self) -> float:
        """CPU seconds of all the calls so far."""
        return self._clock() - self._start if self._clock is not None else self._local

    def over(self, allowed: Budget) -> bool:
        """Whether the calls so far used more than the budget gives them."""
        return self.seconds() > self.where(allowed).allowed(self.calls)

    def where(self, allowed: Budget) -> Budget:
        """The budget as it applies where the function runs (in the sandbox, with its crossing)."""
        return Budget(allowed.per_call, allowed.reference, self.sandboxed)

    def summary(self, allowed: Budget) -> str:
        """How many calls, their CPU time per call, and the budget (for a message about time)."""
        allowed = self.where(allowed)
        spent = self.seconds()
        each = 1000 * spent / self.calls if self.calls else 0.0
        return (f"evaluate was called {self.calls} times in this test and used {spent:.2f} s of CPU time, "
                f"{each:.2g} ms a call; the budget is {allowed.text()}, so these calls may use "
                f"{allowed.allowed(self.calls):.2f} s ({GRACE:g} s more than their budget, for the clock's ticks)")


# ---------------------------------------------------------------------------------------------
# Part 1: a number for every position


def random_positions(count: int, seed: int, rules: Corners | None = None) -> list[CornersState]:
    """``count`` positions of games still going on, from seeded play that mostly makes progress.

    Each comes from its own game: a random number of moves (up to the move limit), each the
    move of most progress in the course's order with probability 0.7, else a random one; so
    they range from the opening to the last moves, with stragglers and crowded targets.

    >>> found = random_positions(4, seed=1)
    >>> found == random_positions(4, seed=1), len({p.moves_made for p in found}) > 1
    (True, True)
    """
    rules = rules or graded_rules()
    rng = random.Random(seed)
    chosen: list[CornersState] = []
    while len(chosen) < count:
        plies = rng.randrange(rules.max_game_length())
        state = rules.initial_state()
        for _ in range(plies):
            moves = rules.legal_moves(state)
            if not moves:
                break
            state = rules.next_state(state, order_moves(rules, state, moves)[0] if rng.random() < 0.7
                                     else rng.choice(moves))
        if not rules.is_over(state) and state not in chosen:
            chosen.append(state)
    return chosen


def visible_positions() -> list[CornersState]:
    """Six positions: the start, after one move, and four from :func:`random_positions` (seed 5).

    >>> [p.turn for p in visible_positions()][:2]
    [0, 1]
    """
    rules = graded_rules()
    start = rules.initial_state()
    first = rules.next_state(start, rules.legal_moves(start)[0])
    return [start, first, *random_positions(4, seed=5, rules=rules)]


def _read(raw: Any, case: Case) -> float | Malformed:
    return read_value(raw)


def evaluate_check(states: Iterable[CornersState], *, per_call: float = PER_CALL, total: float = 5.0) -> Check:
    """The check of ``evaluate`` on positions: a finite number for each (no right value: any number is an answer)."""
    cases = [Case((graded_rules(), state), "evaluate(rules, state)", state) for state in states]
    return Check("evaluate", cases, reference=lambda case: None, read=_read, judge=lambda case, value, expected: None,
                 context=lambda case: position_text(case.data), per_call=per_call, total=total)


def check_evaluate(func: Callable[..., Any], states: Iterable[CornersState], *, per_call: float = PER_CALL,
                   total: float = 5.0, seed: int = 0) -> int:
    """All or nothing: ``func(rules, state)`` returns a finite number on every position (see the module's example).

    ``random.seed(seed)`` comes first, so an evaluation that uses ``random`` behaves the same every run.
    """
    seed_random(func, seed)
    return run_check(func, evaluate_check(states, per_call=per_call, total=total))


# ---------------------------------------------------------------------------------------------
# Parts 2 and 3: games


class _Refused(Exception):
    """Raised by :func:`checked` after it noted why the student's answer cannot be used."""


def _asked(state: CornersState) -> str:
    return f"The position your player's search asked about:\n{position_text(state)}"


def checked(func: Callable[..., Any], notes: list[str]) -> Callable[[Corners, CornersState], float]:
    """The student's evaluation as the search calls it: read strictly, then :func:`squeezed`.

    An error or a malformed answer is noted in ``notes`` (the message, with the position) and
    stops the search.

    >>> notes = []
    >>> checked(lambda rules, state: 3, notes)(graded_rules(), graded_rules().initial_state())
    0.75
    """

    def value(rules: Corners, state: CornersState) -> float:
        try:
            raw = func(rules, state)
        except Exception as error:
            notes.append(f"evaluate(rules, state) raised {describe_error(error)}\n\n{_asked(state)}")
            raise _Refused from None
        read = read_value(raw)
        if isinstance(read, Malformed):
            notes.append(f"evaluate(rules, state) returned {show(raw)}; {read.reason}.\n\n{_asked(state)}")
            raise _Refused
        return squeezed(read)

    return value


@dataclass(frozen=True)
class Game:
    """One game played: the opening, the student's side, the opponent, how it ended and the last position."""

    number: int
    opening: Opening
    side: int
    opponent: str
    winner: int | None
    final: CornersState
    result: str
    problem: str = ""

    @property
    def score(self) -> float:
        """1 for a win, 1/2 for a draw, 0 for a loss (a refused move loses)."""
        if self.problem:
            return 0.0
        return 0.5 if self.winner is None else 1.0 if self.winner == self.side else 0.0

    @property
    def outcome(self) -> str:
        return "lost" if self.problem else {1.0: "won", 0.5: "drawn", 0.0: "lost"}[self.score]

    def line(self) -> str:
        """``"game 1 (opening 3 of the pool of 24, you White): won, White filled its target first ..."``."""
        how = "a move of yours was refused" if self.problem else self.result
        return f"game {self.number} ({self.opening.name}, you {SIDES[self.side]}): {self.outcome}, {how}"

    def lesson(self, rules: Corners) -> str:
        """Why the game was not won: the refused move, or the end with the counts and the final position."""
        view = _view()
        head = (f"Game {self.number} ({self.opening.name}, you {SIDES[self.side]} ({view.MARKS[self.side]}) against "
                f"{OPPONENT_NAMES[self.opponent]}): {self.outcome}.")
        if self.problem:
            return f"{head} Your move was refused:\n{self.problem}"
        me, other = self.side, 1 - self.side
        state = self.final
        home, target = rules.home(me), rules.target(me)
        stay = sum(1 for c in state.pieces(me) if c in home)
        blocking = sum(1 for c in state.pieces(other) if c in target)
        return (f"{head} {self.result[:1].upper()}{self.result[1:]}.\n"
                f"After {state.moves_made} moves: your pieces in your target {rules.in_target(state, me)} of "
                f"{rules.pieces}, the opponent's in its target {rules.in_target(state, other)}; your pieces still "
                f"in your home corner {stay}; the opponent's pieces standing in your target (cells you cannot fill "
                f"while they stay) {blocking}.\nThe final position:\n{view.board_text(state)}")


def _opponent(opponent: str) -> Callable[[Corners, CornersState], Any]:
    if opponent == "E":
        return source_strategy(fixed=True)
    if opponent == "course":
        return alphabeta_strategy(depth=COURSE_DEPTH)
    raise ValueError(f"the opponent is 'E' or 'course', not {opponent!r}")


def play_game(func: Callable[..., Any], opponent: str, opening: Opening | int, side: int, number: int,
              calls: Calls | None = None, *, rules: Corners | None = None,
              allowed: Budget | None = None) -> Game:
    """One game from ``opening`` (an :class:`Opening`, or a number): the student's player (``func`` as its
    evaluation) on ``side``.

    ``func`` may be a :class:`Metered` evaluation shared by the games of a test (else it is metered
    here). A move of the student's that raises or returns a malformed number, one whose calls of
    ``evaluate`` use more than ``calls.per_call`` CPU seconds (default :data:`PER_MOVE`), or one that
    comes when the test's calls have used more than ``allowed`` (default :func:`budget`) loses the game.
    """
    rules = rules or graded_rules()
    opening = opening if isinstance(opening, Opening) else Opening.numbered(opening)
    seed = opening.number
    metered = func if isinstance(func, Metered) else Metered(func)
    allowed = allowed or budget()
    own = Corners.from_spec(rules.spec())  # the student's search gets its own copy of the rules
    calls = Calls("evaluate", calls.per_call if calls is not None else PER_MOVE, math.inf, clock=metered.seconds)
    seed_random(metered.func, seed)
    notes: list[str] = []
    player = alphabeta_strategy(depth=DEPTH, evaluate=checked(metered, notes))
    other = _opponent(opponent)
    state = random_opening(rules, seed)
    mine = 0
    while not rules.is_over(state):
        if state.turn != side:
            state = rules.apply(state, other(rules, state))
            continue
        mine += 1
        if metered.over(allowed):
            problem = (f"Your player ran out of time before your move {mine}: {metered.summary(allowed)}. "
                       "Make evaluate quicker (look distances up with steps_to_target rather than computing them).")
            return Game(number, opening, side, opponent, 1 - side, state, "", problem)
        before = metered.seconds()
        try:
            move = calls.call(player, (own, state), f"your move {mine}")
        except AssertionError as error:
            if notes:
                problem = notes[0]
            elif "did not return within" in str(error) and "by the clock" not in str(error):
                used = metered.seconds() - before
                problem = (f"Your move {mine} used more than {calls.per_call:g} s of CPU time in evaluate "
                           f"({used:.2f} s), the limit for one move. The search calls evaluate on every position "
                           "where it stops, dozens of times a move: each call must take well under a millisecond "
                           f"(look distances up with steps_to_target rather than computing them).\n\n"
                           f"{position_text(state)}")
            else:
                problem = str(error)
            return Game(number, opening, side, opponent, 1 - side, state, "", problem)
        state = rules.apply(state, move)
    return Game(number, opening, side, opponent, rules.winner(state), state, rules.result(state) or "")


def play_games(func: Callable[..., Any], opponent: str, openings: Sequence[Opening | int], *,
               per_move: float = PER_MOVE, allowed: Budget | None = None, rules: Corners | None = None) -> list[Game]:
    """Each opening played twice, the student White then Black, under one budget (:func:`budget` by default)."""
    metered = func if isinstance(func, Metered) else Metered(func)
    allowed = allowed or budget()
    calls = Calls("evaluate", per_move, math.inf)
    played: list[Game] = []
    for opening in openings:
        for side in (0, 1):
            played.append(play_game(metered, opponent, opening, side, len(played) + 1, calls, rules=rules,
                                    allowed=allowed))
    return played


def games_share(opponent: str, score: float, games: int) -> float:
    """The share of the points: ``score / games`` against E, ``min(1, 2 x score / games)`` against the course's player.

    >>> games_share("E", 1.5, 2), games_share("course", 0.5, 2), games_share("course", 1.5, 2)
    (0.75, 0.5, 1.0)
    """
    if opponent == "E":
        return score / games
    if opponent == "course":
        return min(1.0, 2 * score / games)
    raise ValueError(f"the opponent is 'E' or 'course', not {opponent!r}")


def score_games(func: Callable[..., Any], opponent: str, openings: Sequence[Opening | int], points: float, *,
                per_move: float = PER_MOVE, allowed: Budget | None = None, rules: Corners | None = None,
                report: Callable[[str], None] | None = print) -> float:
    """Partial points by the games' score against ``opponent`` (:func:`games_share`); the first game not won is shown.

    >>> score_games(lambda rules, state: "far", "E", [1], 3, report=None)
    0.0
    """
    rules = rules or graded_rules()
    played = play_games(func, opponent, openings, per_move=per_move, allowed=allowed, rules=rules)
    score = sum(g.score for g in played)
    earned = partial_points([games_share(opponent, score, len(played))], points)
    if report is not None:
        report(f"evaluate against {OPPONENT_NAMES[opponent]}: {len(played)} games, {SCALES[opponent]}")
        for line in shown_lines([g.score for g in played], [g.line() for g in played], "games"):
            report(f"  {line}")
        report(f"evaluate against {OPPONENT_NAMES[opponent]}: score {score:g} of {len(played)} -> "
               f"{earned:g} of {points:g} points")
        missed = next((g for g in played if g.score < 1), None)
        if missed is not None:
            report(f"The first game not won:\n{missed.lesson(rules)}")
    return earned


def show_games(func: Callable[..., Any], opponent: str, openings: Sequence[Opening | int], *,
               per_move: float = PER_MOVE, allowed: Budget | None = None,
               report: Callable[[str], None] = print) -> list[Game]:
    """All or nothing: every game is played to its end (won or not) with every move made; each is shown."""
    rules = graded_rules()
    played = play_games(func, opponent, openings, per_move=per_move, allowed=allowed, rules=rules)
    for game in played:
        report(f"Against {OPPONENT_NAMES[opponent]}: {game.line()}")
    refused = next((g for g in played if g.problem), None)
    if refused is not None:
        raise AssertionError(refused.lesson(rules))
    for game in played:
        if game.score < 1:
            report(game.lesson(rules))
    return played


__all__ = [
    "BUDGET_FLOOR",
    "BUDGET_TIMES",
    "COURSE_DEPTH",
    "CROSSING_TIMES",
    "DEPTH",
    "GRACE",
    "MOVE_LIMIT",
    "OPPONENT_NAMES",
    "PER_CALL",
    "PER_MOVE",
    "PIECES",
    "SCALES",
    "Budget",
    "Game",
    "Metered",
    "Opening",
    "budget",
    "check_evaluate",
    "checked",
    "evaluate_check",
    "games_share",
    "graded_rules",
    "play_game",
    "play_games",
    "pool_opening",
    "position_text",
    "random_positions",
    "read_value",
    "reference_cost",
    "score_games",
    "show_games",
    "squeezed",
    "visible_positions",
]
