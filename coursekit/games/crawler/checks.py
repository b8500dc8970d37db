"""Checks for the crawler assignment: a student's ``crawler_move(line, width, height)``, graded by games.

Students work with plain values. The lattice has ``width`` x ``height`` points, ``(0, 0)``
at the bottom left. The **line** is a list of points ``(x, y)`` from one end (the head,
``line[0]``) to the other (the tail, ``line[-1]``); it is empty before the first move. A
**move** is a segment, a tuple of two points ``((x1, y1), (x2, y2))``: from an end of the
line to the new point (written the other way round it is read the same); the first move
is any unit segment. Whoever closes the line (moves to a point already on it) wins.

Visible tests (:func:`check_crawler_move`, all or nothing) want a legal move on a few
positions and a closing move wherever one exists. Hidden tests (:func:`score_games`) play
seeded games, the student first, from the empty lattice, against C's player
(:func:`coursekit.games.crawler.source_choice`) or a random player: each game won earns an
equal share. A move that is illegal, malformed, raises or runs too long loses that game
(and is explained); the other games go on.

Before game ``g`` of a test the grader calls ``random.seed(seed + g)``, so a player that
uses the ``random`` module plays the same games at every run (and gets the same score).

>>> def first_move(line, width, height):
...     return ((0, 0), (1, 0)) if not line else (line[-1], (line[-1][0], line[-1][1] + 1))
>>> score_games(first_move, "random", games=2, seed=1, points=4, report=None)
0.0
>>> check_crawler_move(lambda line, width, height: ((0, 0), (2, 0)), [[]])
Traceback (most recent call last):
...
AssertionError: crawler_move([], 6, 5) returned ((0, 0), (2, 0)), which is not a legal move: [0, 0] and [2, 0] \
are not neighbours: a segment is one step along a lattice line.
<BLANKLINE>
4  · · · · · ·
<BLANKLINE>
3  · · · · · ·
<BLANKLINE>
2  · · · · · ·
<BLANKLINE>
1  · · · · · ·
<BLANKLINE>
0  · · · · · ·
   0 1 2 3 4 5
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from ...core.grid import Coord
from ...grading.answers import as_pair
from ...grading.kernel import Case, Check, Malformed, Score, ask, malformed_message, run_check, seed_random
from ...grading.limits import Calls
from ...solvers.gametree import alphabeta
from .players import symmetry_strategy
from .rules import Crawler, CrawlerState, Segment, closing_first, segment_text
from .source import source_choice

# What ``coursekit.grading`` finds by name (its module ``__getattr__``): the checks of ``crawler_move``.
__all__ = ["check_crawler_move", "crawler_move_check", "score_games", "show_games"]

Opponent = Literal["C", "random"]
Point = tuple[int, int]

#: The lattice of the hidden games (C's).
WIDTH, HEIGHT = 6, 5

#: The seconds all the student's calls of one graded test may take together (then each game left is lost).
TOTAL_SECONDS = 5.0

OPPONENT_NAMES = {"C": "C's player", "random": "the random player"}

#: The most positions the grader searches (counted, so the lesson is the same on every run) to find
#: where a lost game could still be won.
LESSON_NODES = 40_000


def _picture(state: CrawlerState) -> str:
    """The lattice as text. The view is imported when first drawn, not with the checks: looking a check
    up by name in :mod:`coursekit.grading` imports every game's checks, and that loads no view."""
    from .view import lattice_text

    return lattice_text(state)


def state_of(line: Sequence[Sequence[int]], width: int = WIDTH, height: int = HEIGHT) -> CrawlerState:
    """The library's state of a student's line (head first; the game goes on).

    >>> state_of([(2, 2), (3, 2)])
    CrawlerState(6x5, '2,2-3,2')
    """
    return CrawlerState(width, height, tuple(Coord(int(x), int(y)) for x, y in line))


def line_of(state: CrawlerState) -> list[Point]:
    """A student's line: plain ``(x, y)`` tuples, head first.

    >>> line_of(state_of([(2, 2), (3, 2)]))
    [(2, 2), (3, 2)]
    """
    return [(p.x, p.y) for p in state.line]


def _shown_segment(pair: tuple[Point, Point]) -> str:
    return f"({pair[0]}, {pair[1]})"


def _read_segment(raw: Any, case: Case) -> tuple[Point, Point] | Malformed:
    state: CrawlerState = case.data
    start, new = Crawler(state.width, state.height).legal_moves(state)[0]
    example = _shown_segment(((start.x, start.y), (new.x, new.y)))
    form = f"it must return a segment, a tuple of two points ((x1, y1), (x2, y2)) such as {example}"
    if type(raw) is not tuple or tuple.__len__(raw) != 2:
        return Malformed(form)
    first, second = tuple.__iter__(raw)
    a, b = as_pair(first), as_pair(second)
    if a is None or b is None:
        return Malformed(form + "; each point a tuple of two ints")
    return (a, b)


def _move(rules: Crawler, state: CrawlerState, pair: tuple[Point, Point]) -> tuple[Segment, str | None]:
    """The move the student's segment draws (either way round), and why it is illegal (``None``: legal)."""
    (x1, y1), (x2, y2) = pair
    move = rules.segment(state, Coord(x1, y1), Coord(x2, y2))
    return move, rules.why_illegal(state, move)


def _call(state: CrawlerState) -> str:
    return f"crawler_move({line_of(state)}, {state.width}, {state.height})"


def teach_move(case: Case, pair: tuple[Point, Point]) -> str | None:
    """``None`` if the segment is legal and closes the line wherever a closing move exists; else the message."""
    state: CrawlerState = case.data
    rules = Crawler(state.width, state.height)
    move, reason = _move(rules, state, pair)
    if reason is not None:
        return f"{case.shown} returned {_shown_segment(pair)}, which is not a legal move: {reason}.\n\n" \
               f"{_picture(state)}"
    closing = rules.closing_moves(state)
    if closing and not rules.closes(state, move):
        return (f"{case.shown} returned {_shown_segment(pair)}, but {segment_text(closing[0])} closes the line "
                f"and wins at once: take a closing move whenever there is one.\n\n{_picture(state)}")
    return None


def crawler_move_check(lines: Iterable[Sequence[Sequence[int]]], *, width: int = WIDTH, height: int = HEIGHT,
                       per_call: float = 1.0, total: float = 10.0) -> Check:
    """The check of ``crawler_move``: a legal segment on every line, a closing one wherever one exists."""
    cases = []
    rules = Crawler(width, height)
    for line in lines:
        state = state_of(line, width, height)
        if len(set(state.line)) != len(state.line) or any(
                rules.why_illegal(CrawlerState(width, height, state.line[:i]), (state.line[i - 1], state.line[i]))
                for i in range(2, len(state.line))):
            raise ValueError(f"not a line to test: {line}")
        cases.append(Case((line_of(state), width, height), _call(state), state))
    return Check("crawler_move", cases, reference=lambda case: None, read=_read_segment,
                 judge=lambda case, pair, expected: teach_move(case, pair),
                 context=lambda case: _picture(case.data), per_call=per_call, total=total)


def check_crawler_move(func: Callable[..., Any], lines: Iterable[Sequence[Sequence[int]]], *, width: int = WIDTH,
                       height: int = HEIGHT, per_call: float = 1.0, total: float = 10.0, seed: int = 0) -> int:
    """All or nothing: on every line ``func`` returns a legal segment, and a closing one where it can close.

    ``random.seed(seed)`` comes first, so a player that uses the ``random`` module gets the same result every run.

    >>> check_crawler_move(lambda line, w, h: (line[-1], line[0]), [[(0, 0), (1, 0), (1, 1), (0, 1)]])
    1
    """
    seed_random(func, seed)
    return run_check(func, crawler_move_check(lines, width=width, height=height, per_call=per_call, total=total))


@dataclass(frozen=True)
class Game:
    """One game played: its number, whether the student won, the moves made, and what to learn from it.

    ``turns`` holds each position where the student moved, with the move made (for a game lost,
    :func:`last_chance` finds there where a winning move still existed).
    """

    number: int
    opponent: Opponent
    won: bool
    moves: int
    how: str
    lesson: str = ""
    turns: tuple[tuple[CrawlerState, Segment], ...] = ()

    def line(self) -> str:
        return f"game {self.number}: {'won' if self.won else 'lost'}, {self.how}"


class _TooLarge(Exception):
    """The search needed more positions than the lesson may cost."""


@dataclass
class Budget:
    """How many more positions the grader may search for a lesson (counted: the same on every run)."""

    left: int = LESSON_NODES

    def spend(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise _TooLarge


def winning_move(rules: Crawler, state: CrawlerState, budget: Budget | None = None) -> Segment | None:
    """A move that wins from ``state`` against any defence (closing first), or ``None`` where every
    move loses. Raises :class:`_TooLarge` when deciding needs more positions than ``budget`` has left.

    >>> rules = Crawler(3, 3)
    >>> segment_text(winning_move(rules, rules.position([(Coord(0, 0), Coord(1, 0))])))
    '0,0-0,1'
    >>> winning_move(rules, rules.position([(Coord(0, 0), Coord(1, 0)), (Coord(1, 0), Coord(1, 1))])) is None
    True
    """
    if not state.line and (rules.width + rules.height) % 2 == 1:
        return symmetry_strategy()(rules, state)  # the mirror plan wins from the empty lattice
    closing = rules.closing_moves(state)
    if closing:
        return closing[0]
    budget = budget or Budget()

    def order(rules: Crawler, state: CrawlerState, moves: tuple[Segment, ...]) -> list[Segment]:
        budget.spend()
        return closing_first(rules, state, moves)

    solution = alphabeta(rules, state, order=order, table=True, canonical=rules.canonical)
    return solution.best_moves[0] if solution.value > 0 and solution.best_moves else None


def last_chance(rules: Crawler, game: Game, budget: Budget | None = None) -> str:
    """For a game lost: the last position where the student still had a winning move, and that move.

    The positions are searched from the last one back, within one ``budget`` of positions.
    """
    budget = budget or Budget()
    for number in range(len(game.turns), 0, -1):
        state, played = game.turns[number - 1]
        try:
            move = winning_move(rules, state, budget)
        except _TooLarge:
            return (f"No position from your move {number + 1} on had a winning move left for you; the "
                    f"positions before it are too large for the grader to search here.")
        if move is not None:
            return (f"The last position where you still had a winning move: before your move {number} "
                    f"(move {2 * number - 1} of the game), {_call(state)}. You played {segment_text(played)}; "
                    f"{segment_text(move)} wins there against any defence (then keep choosing winning moves)."
                    f"\n\n{_picture(state)}")
    return "No position of this game had a winning move for you: the first player loses here with best play."


@lru_cache(maxsize=4096)
def _c_reply(rules: Crawler, state: CrawlerState) -> Segment:
    """C's reply at ``state``: its program is deterministic, so a position met again (in another game of
    the same student, who often plays the same line) is answered from memory instead of searched again."""
    return source_choice(rules, state).move


def _opponent_move(opponent: Opponent, rules: Crawler, state: CrawlerState, rng: random.Random) -> Segment:
    if opponent == "C":
        return _c_reply(rules, state)
    return rng.choice(rules.legal_moves(state))


def _student_turn(func: Callable[..., Any], rules: Crawler, state: CrawlerState,
                  calls: Calls) -> tuple[Segment | None, str]:
    """The student's move, or ``None`` and the message that explains why there is none."""
    case = Case((line_of(state), rules.width, rules.height), _call(state), state)
    try:
        raw = ask(func, case, calls, context=lambda: _picture(state))
    except AssertionError as error:
        return None, str(error)
    pair = _read_segment(raw, case)
    if isinstance(pair, Malformed):
        return None, malformed_message(case, raw, pair, _picture(state))
    move, reason = _move(rules, state, pair)
    if reason is not None:
        return None, (f"{case.shown} returned {_shown_segment(pair)}, which is not a legal move: {reason}.\n\n"
                      f"{_picture(state)}")
    return move, ""


def _why_lost(rules: Crawler, before: CrawlerState, move: Segment, closing: Segment, who: str,
              end: CrawlerState) -> str:
    """Your last move, the opponent's close, and a safe move instead (if there was one)."""
    safe = [m for m in rules.legal_moves(before) if not rules.closes(before, m) and not rules.gives_a_close(before, m)]
    text = (f"Your move {segment_text(move)} in {_call(before)} let {who} close the line with "
            f"{segment_text(closing)}.")
    if safe:
        text += f" {segment_text(safe[0])} instead would not have let it close at once."
    else:
        text += " Every move there let it close: the game was lost earlier (see below)."
    return f"{text}\n\n{_picture(end)}"


def play_game(func: Callable[..., Any], opponent: Opponent, number: int, seed: int, calls: Calls,
              rules: Crawler | None = None) -> Game:
    """One game: the student first from the empty lattice, ``opponent`` second; the seeds as the module says."""
    rules = rules or Crawler(WIDTH, HEIGHT)
    seed_random(func, seed + number)
    rng = random.Random(1_000_003 * seed + number)
    who = OPPONENT_NAMES[opponent]
    state = rules.initial_state()
    moves = 0
    turns: list[tuple[CrawlerState, Segment]] = []
    while True:
        move, problem = _student_turn(func, rules, state, calls)
        if move is None:
            return Game(number, opponent, False, moves, f"your move {moves + 1} was refused", problem)
        before = state
        turns.append((before, move))
        state = rules.apply(state, move)
        moves += 1
        if state.closed:
            return Game(number, opponent, True, moves, f"you closed the line at move {moves}")
        reply = _opponent_move(opponent, rules, state, rng)
        after = rules.apply(state, reply)
        moves += 1
        if after.closed:
            return Game(number, opponent, False, moves, f"{who} closed the line at move {moves}",
                        _why_lost(rules, before, move, reply, who, after), tuple(turns))
        state = after


def score_games(func: Callable[..., Any], opponent: Opponent, games: int, seed: int, points: float, *,
                per_call: float = 1.0, total: float = TOTAL_SECONDS, rules: Crawler | None = None,
                report: Callable[[str], None] | None = print) -> float:
    """Partial points: ``points`` x the share of ``games`` seeded games the student (first) wins against ``opponent``.

    ``total`` bounds the seconds of all the student's calls together (after that, each game
    left is lost); the first game lost is explained.

    >>> def mirror(line, width, height):  # the first player's winning plan on 6 x 5
    ...     from coursekit.games.crawler import symmetry_strategy
    ...     rules = Crawler(width, height)
    ...     return symmetry_strategy()(rules, state_of(line, width, height))
    >>> score_games(mirror, "C", games=1, seed=0, points=6, report=None)
    6.0
    """
    if opponent not in OPPONENT_NAMES:
        raise ValueError(f"the opponent is 'C' or 'random', not {opponent!r}")
    rules = rules or Crawler(WIDTH, HEIGHT)
    calls = Calls("crawler_move", per_call, total)
    played = [play_game(func, opponent, g, seed, calls, rules) for g in range(1, games + 1)]
    score = Score("crawler_move", points, [1.0 if g.won else 0.0 for g in played], [g.line() for g in played],
                  unit="games")
    scale = (f"{games} games as the first player on {rules.width} x {rules.height} against {OPPONENT_NAMES[opponent]}, "
             f"one share each game won")
    score.report(scale, report)
    lost = next((g for g in played if not g.won), None)
    if report is not None and lost is not None:
        report(f"The first game lost (game {lost.number} of {games}): {lost.how}.\n{_lesson(rules, lost)}")
    return score.earned


def _lesson(rules: Crawler, game: Game) -> str:
    """What a lost game teaches: why it was lost, and (when the opponent closed) the last winning chance."""
    return f"{game.lesson}\n\n{last_chance(rules, game)}" if game.turns else game.lesson


def show_games(func: Callable[..., Any], seed: int = 0, *, report: Callable[[str], None] = print) -> list[Game]:
    """One game against each opponent, shown and not graded: the result and, for a game lost, why."""
    calls = Calls("crawler_move", 1.0, 10.0)
    played = []
    for opponent in ("C", "random"):
        game = play_game(func, opponent, 1, seed, calls)
        played.append(game)
        report(f"Against {OPPONENT_NAMES[game.opponent]}: {game.line()}")
        if game.lesson:
            report(_lesson(Crawler(WIDTH, HEIGHT), game))
    return played
