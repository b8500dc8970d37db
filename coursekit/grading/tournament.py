"""A tournament of the class's strategies: each against the others and the course's computer players.

An :class:`Entrant` is a student's code (the cells of the notebook that define the strategy)
or a course computer player, by name. A :class:`Contest` says how an assignment's strategy
plays: its game (an entry of :data:`coursekit.games.GAMES`), the function the students wrote
and what it is given. Every student's code runs in its own
:class:`~coursekit.grading.sandbox.Sandbox` with the grading limits and a CPU budget per move:
a strategy that raises, answers an illegal move or runs out of its time loses that game, and
the game's record says why.

Pairings: a small class plays a round robin (:func:`round_robin`), a large one rounds against
similar ratings (:func:`similar_ratings`); every pairing is played on both sides. Ratings come
from openskill (Plackett-Luce): ``mu`` and ``sigma`` per entrant, ranked by the ordinal
``mu - 3 sigma``. Every random choice is drawn from the tournament's seed: same seed, same results.

>>> round_robin(["ann", "bob", "cy"])
[('bob', 'cy'), ('cy', 'bob'), ('ann', 'cy'), ('cy', 'ann'), ('ann', 'bob'), ('bob', 'ann')]
>>> contest = CONTESTS["ps05"]
>>> result = play_tournament(contest, [Entrant("perfect", computer="perfect"), Entrant("random", computer="random")])
>>> [standing.name for standing in result.standings]
['perfect', 'random']
"""

from __future__ import annotations

import csv
import html
import importlib
import io
import json
import os
import random
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .sandbox import CallOverTime, Limits, Sandbox, SandboxProblem

#: At most this many entrants play a round robin; more play rounds against similar ratings.
ROUND_ROBIN_MAX = 16
#: Rounds against similar ratings, when not said.
ROUNDS = 6
#: CPU seconds a student's strategy may use for one move.
MOVE_SECONDS = 1.0


@dataclass(frozen=True)
class Entrant:
    """One player of the tournament: a student's cells (run in a sandbox), or a course computer by name.

    >>> Entrant("perfect", computer="perfect").is_computer
    True
    """

    name: str
    cells: tuple[str, ...] = ()
    computer: str | None = None

    @property
    def is_computer(self) -> bool:
        return self.computer is not None


@dataclass(frozen=True)
class Contest:
    """How an assignment's strategy plays: the game (a name in :data:`coursekit.games.GAMES`), the
    function the students wrote (``function``, in the solution cell ``grade_id``) and the arguments
    it is given for a position (``arguments(rules, state)``)."""

    assignment: str
    game: str
    function: str
    grade_id: str
    arguments: Callable[[Any, Any], tuple[Any, ...]]
    #: a game's record as a picture (SVG): ``draw(contest, moves)``
    draw: Callable[[Contest, Sequence[Any]], str] | None = None
    #: the game's rules as ``rules.spec()`` gives them (empty: the game's default rules)
    spec: tuple[tuple[str, Any], ...] = ()
    #: a cell run after the student's (it may define ``function`` from what the student wrote)
    extra: str = ""
    #: random moves each side makes before the players take over, drawn from the game's seed
    #: (two players that never choose at random then play different games on both sides)
    opening: int = 0
    #: the course's computers that play (empty: all of the game's)
    computer_names: tuple[str, ...] = ()
    #: a move as the CSV writes it (default: ``x,y`` or its ``str``)
    move_text: Callable[[Any], str] | None = None
    #: the tournament's name where an assignment has more than one (``ps06-basket``)
    name: str = ""

    @property
    def title(self) -> str:
        """The tournament's name: ``ps05``, ``ps06-basket``."""
        return self.name or self.assignment

    def rules(self) -> Any:
        from ..games import GAMES, rules_from_spec

        return rules_from_spec(dict(self.spec)) if self.spec else GAMES[self.game].rules()

    def text(self, move: Any) -> str:
        """A move as the records write it.

        >>> CONTESTS["ps05"].text((2, 0))
        '2,0'
        """
        if self.move_text is not None:
            return self.move_text(move)
        if isinstance(move, tuple) and len(move) == 2 and all(isinstance(v, int) for v in move):
            return f"{move[0]},{move[1]}"
        return str(move)

    def computers(self) -> dict[str, Callable[[random.Random], Any]]:
        """The game's computer players by name (``COMPUTERS``, as the game's folder exports it)."""
        from ..games import GAMES

        found: dict[str, Callable[[random.Random], Any]] = importlib.import_module(GAMES[self.game].package).COMPUTERS
        return {name: found[name] for name in self.computer_names} if self.computer_names else dict(found)


def _board(_rules: Any, state: Any) -> tuple[Any, ...]:
    """ps05's board: a list of rows, top row first (``["XO.", ".X.", "..O"]``)."""
    return (state.rows_top_first(),)


def _tictactoe_record(contest: Contest, moves: Sequence[tuple[int, int]]) -> str:
    """The last position of a game of tic-tac-toe, each mark numbered in the order played (the game replayed).

    >>> svg = _tictactoe_record(CONTESTS["ps05"], [(1, 1), (0, 0), (2, 2)])
    >>> svg.startswith("<svg") and ">3<" in svg
    True
    """
    from ..core.grid import Coord
    from ..games import GAMES

    rules = contest.rules()
    state = rules.initial_state()
    order: dict[Coord, str] = {}
    for number, move in enumerate(moves, 1):
        state = rules.next_state(state, Coord(*move))
        order[Coord(*move)] = str(number)
    picture: str = GAMES[contest.game].role("view").play_svg(state, corner_texts=order, cell=40)
    return picture


def _rules_and_state(_rules: Any, state: Any) -> tuple[Any, ...]:
    return (_rules, state)


def last_position(picture: str) -> Callable[[Contest, Sequence[Any]], str]:
    """A game's record drawn as its last position, by the function ``picture(state)`` of the game's view.

    >>> svg = last_position("basket_svg")(CONTESTS["ps06-basket"], [(0, 1), (1, 2)])
    >>> svg.startswith("<svg")
    True
    """

    def draw(contest: Contest, moves: Sequence[Any]) -> str:
        from ..games import GAMES

        rules = contest.rules()
        state = rules.initial_state()
        for move in moves:
            state = rules.next_state(state, move)
        drawn: str = getattr(GAMES[contest.game].role("view"), picture)(state)
        return drawn

    return draw


def _basket(_rules: Any, state: Any) -> tuple[Any, ...]:
    """ps06's basket: the balls left of each colour, and the cap (``None``: no cap)."""
    return (list(state.left), _rules.cap)


def _crawler(_rules: Any, state: Any) -> tuple[Any, ...]:
    """ps06's crawler: the line (head first), the lattice's width and height."""
    return (list(state.line), _rules.width, _rules.height)


def _path_text(move: Any) -> str:
    """``6,1-4,1`` (a path of corners) or ``pass``.

    >>> _path_text(((6, 1), (4, 1))), _path_text("pass")
    ('6,1-4,1', 'pass')
    """
    return move if isinstance(move, str) else "-".join(f"{x},{y}" for x, y in move)


#: ps09: the student's ``evaluate`` values the positions where the course's alpha-beta search
#: (one move deep, as the grading's games) stops; its answer is squeezed into (-1, 1) as there.
CORNERS_PLAYER = '''
def tournament_move(rules, state):
    from coursekit.games.corners.players import alphabeta_strategy

    def value(rules, state):
        answer = evaluate(rules, state)
        if isinstance(answer, bool) or not isinstance(answer, (int, float)):
            raise TypeError(f"evaluate returned {answer!r}, not a number")
        number = float(answer)
        if number != number or number in (float("inf"), -float("inf")):
            raise ValueError(f"evaluate returned {number}, not a finite number")
        return number / (1.0 + abs(number))

    return alphabeta_strategy(depth=1, evaluate=value)(rules, state)
'''

#: The assignments that have a tournament, by name.
CONTESTS: dict[str, Contest] = {
    "ps05": Contest("ps05", "tictactoe", "best_move", "best_move", _board, _tictactoe_record),
    "ps06-basket": Contest("ps06", "basket", "basket_move", "basket_move", _basket, last_position("basket_svg"),
                           spec=(("game", "basket"), ("colours", 4), ("balls", 5), ("cap", 3)), opening=1,
                           name="ps06-basket"),
    "ps06-crawler": Contest("ps06", "crawler", "crawler_move", "crawler_move", _crawler,
                            last_position("lattice_svg"), move_text=_path_text, name="ps06-crawler"),
    "ps09": Contest("ps09", "corners", "tournament_move", "evaluate", _rules_and_state, last_position("board_svg"),
                    spec=(("game", "corners"), ("pieces", 9), ("move_limit", 30)), extra=CORNERS_PLAYER,
                    opening=2, computer_names=("fixed", "source", "random"), move_text=_path_text),
}


class Forfeit(Exception):
    """A strategy lost its game without a move: it raised, answered an illegal move or ran out of time."""


class _Seat:
    """An entrant at the board: gives a move for a state, or raises :class:`Forfeit` with the reason."""

    def start_game(self, seed: int) -> None:
        """A game begins (a seeded player draws its choices from ``seed``)."""

    def move(self, rules: Any, state: Any) -> Any:
        raise NotImplementedError

    def close(self) -> None:
        """The tournament is over."""


class _ComputerSeat(_Seat):
    def __init__(self, make: Callable[[random.Random], Any]) -> None:
        self.make = make
        self.player = make(random.Random(0))

    def start_game(self, seed: int) -> None:
        self.player = self.make(random.Random(seed))

    def move(self, rules: Any, state: Any) -> Any:
        choice = self.player(rules, state)  # a move, or what a player says of its move (tic-tac-toe's)
        return getattr(choice, "move", choice)


class _StudentSeat(_Seat):
    """A student's strategy in its own sandbox, started at its first move and kept for the tournament."""

    def __init__(self, contest: Contest, cells: Sequence[str], limits: Limits, move_seconds: float) -> None:
        self.contest = contest
        self.cells = list(cells)
        self.limits = limits
        self.move_seconds = move_seconds
        self.box: Sandbox | None = None
        self.broken: str | None = None
        self.seed = 0

    def _sandbox(self) -> Sandbox:
        if self.broken is not None:
            raise Forfeit(self.broken)
        if self.box is None:
            self.box = Sandbox([*self.cells, *([self.contest.extra] if self.contest.extra else [])], self.limits)
            if self.box.names.get(self.contest.function) != "function":
                errors = [" ".join(r["error"].split())[:300] for r in self.box.results if r.get("error")]
                self.broken = f"the code defines no function {self.contest.function}" + (
                    f" ({errors[0]})" if errors else "")
                raise Forfeit(self.broken)
        return self.box

    def start_game(self, seed: int) -> None:
        self.seed = seed
        self.seeded = False

    def move(self, rules: Any, state: Any) -> Any:
        box = self._sandbox()
        try:
            if not self.seeded:
                box.seed(self.seed)
                self.seeded = True
            answer = box.call(self.contest.function, self.contest.arguments(rules, state), cpu=self.move_seconds)
        except CallOverTime as late:
            raise Forfeit(f"{self.contest.function} {late.description}") from None
        except SandboxProblem as problem:
            raise Forfeit(f"{self.contest.function} failed: {' '.join(problem.description.split())}") from None
        answer = _tuples(answer)
        why = rules.why_illegal(state, answer)
        if why is not None:
            raise Forfeit(f"{self.contest.function} answered an illegal move {answer!r}: {why}")
        return answer

    def close(self) -> None:
        """Stop the sandbox (a next move starts a fresh one)."""
        if self.box is not None:
            self.box.close()
            self.box = None


def _tuples(value: Any) -> Any:
    """Lists made tuples, all the way down (a move sent back as plain data).

    >>> _tuples([[1, 2], [3, 4]])
    ((1, 2), (3, 4))
    """
    return tuple(_tuples(v) for v in value) if type(value) in (list, tuple) else value


@dataclass(frozen=True)
class Game:
    """One game's record: who played first and second, the moves, the outcome and, for a forfeit, why.

    ``winner`` is the name of the winner, or ``None`` for a draw.
    """

    first: str
    second: str
    moves: tuple[Any, ...]
    winner: str | None
    reason: str = ""
    #: how many of ``moves`` were the random opening
    opening: int = 0

    @property
    def outcome(self) -> str:
        return "draw" if self.winner is None else f"{self.winner} wins"


def play_game(contest: Contest, rules: Any, first: tuple[str, _Seat], second: tuple[str, _Seat], seed: int) -> Game:
    """One game, ``first`` to move; a seat that forfeits loses, with the reason in the record."""
    seats = [first, second]
    for number, (_, seat) in enumerate(seats):
        seat.start_game(seed * 2 + number)
    state = rules.initial_state()
    moves: list[Any] = []
    drawn = random.Random(seed)
    for _ in range(2 * contest.opening):
        if rules.is_over(state):
            break
        moves.append(drawn.choice(rules.legal_moves(state)))
        state = rules.next_state(state, moves[-1])
    opening = len(moves)
    while not rules.is_over(state):
        turn = rules.to_move(state)
        name, seat = seats[turn]
        try:
            move = seat.move(rules, state)
        except Forfeit as forfeit:
            return Game(first[0], second[0], tuple(moves), seats[1 - turn][0], f"{name} forfeits: {forfeit}",
                        opening)
        moves.append(move)
        state = rules.next_state(state, move)
    won = rules.winner(state)
    return Game(first[0], second[0], tuple(moves), None if won is None else seats[won][0], "", opening)


def circle_rounds(names: Sequence[str]) -> list[list[tuple[str, str]]]:
    """Every pairing of ``names`` once, in rounds where nobody plays twice (the circle method; with an
    odd number, one sits each round out).

    >>> circle_rounds(["a", "b", "c", "d"])
    [[('a', 'd'), ('b', 'c')], [('a', 'c'), ('d', 'b')], [('a', 'b'), ('c', 'd')]]
    """
    seats: list[str | None] = [*names, *([None] if len(names) % 2 else [])]
    count = len(seats)
    rounds: list[list[tuple[str, str]]] = []
    for _ in range(count - 1):
        pairs = [(seats[i], seats[count - 1 - i]) for i in range(count // 2)]
        rounds.append([(a, b) for a, b in pairs if a is not None and b is not None])
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return rounds


def round_robin(names: Sequence[str]) -> list[tuple[str, str]]:
    """Every pairing of ``names``, each on both sides (who moves first), in the order of :func:`circle_rounds`."""
    return [pair for pairs in circle_rounds(names) for a, b in pairs for pair in ((a, b), (b, a))]


def similar_ratings(names: Sequence[str], ordinal: Callable[[str], float], rng: random.Random) -> list[tuple[str, str]]:
    """One round against similar ratings: the entrants in order of rating (ties in an order drawn with
    ``rng``), paired with their neighbours, each pairing on both sides; an odd one out sits the round out.

    >>> similar_ratings(["a", "b", "c", "d"], {"a": 1, "b": 4, "c": 3, "d": 2}.get, random.Random(0))
    [('b', 'c'), ('c', 'b'), ('d', 'a'), ('a', 'd')]
    """
    shuffled = list(names)
    rng.shuffle(shuffled)
    ordered = sorted(shuffled, key=lambda name: -ordinal(name))
    return [pair for a, b in zip(ordered[0::2], ordered[1::2], strict=False) for pair in ((a, b), (b, a))]


@dataclass
class Standing:
    """An entrant's rating (``mu``, ``sigma``; ``ordinal`` = mu - 3 sigma ranks) and games."""

    name: str
    computer: bool
    mu: float
    sigma: float
    wins: int = 0
    draws: int = 0
    losses: int = 0
    forfeits: int = 0
    reasons: list[str] = field(default_factory=list)

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


@dataclass
class Tournament:
    """What :func:`play_tournament` gives: the standings, best first, and every game in the order played."""

    assignment: str
    seed: int
    standings: list[Standing]
    games: list[Game]
    contest: Contest | None = None

    def csv(self) -> str:
        """The standings as CSV: rank, name, kind, mu, sigma, ordinal, games won, drawn, lost, forfeited."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["rank", "name", "kind", "mu", "sigma", "ordinal", "wins", "draws", "losses", "forfeits",
                         "first forfeit"])
        for rank, s in enumerate(self.standings, 1):
            writer.writerow([rank, s.name, "computer" if s.computer else "student", f"{s.mu:.3f}", f"{s.sigma:.3f}",
                             f"{s.ordinal:.3f}", s.wins, s.draws, s.losses, s.forfeits,
                             s.reasons[0] if s.reasons else ""])
        return out.getvalue()

    def games_csv(self) -> str:
        """Every game: first, second, outcome, moves (``x,y`` separated by spaces), reason of a forfeit."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["game", "first", "second", "winner", "opening", "moves", "reason"])
        for number, game in enumerate(self.games, 1):
            writer.writerow([number, game.first, game.second, game.winner or "draw", game.opening,
                             self._moves(game), game.reason])
        return out.getvalue()

    def table(self) -> str:
        """The standings as the terminal shows them."""
        width = max([len(s.name) for s in self.standings] + [4])
        lines = [f"{'rank':>4}  {'name':<{width}}  {'mu':>6}  {'± 3σ':>6}  {'W':>3} {'D':>3} {'L':>3}  forfeits"]
        for rank, s in enumerate(self.standings, 1):
            lines.append(f"{rank:>4}  {s.name:<{width}}  {s.mu:6.2f}  {3 * s.sigma:6.2f}  {s.wins:>3} {s.draws:>3} "
                         f"{s.losses:>3}  {s.forfeits}" + (f" ({s.reasons[0]})" if s.reasons else ""))
        return "\n".join(lines)

    def _moves(self, game: Game) -> str:
        text = self.contest.text if self.contest is not None else str
        return " ".join(text(move) for move in game.moves)

    def _picture(self, game: Game) -> str:
        """The game replayed as a picture, folded away until opened."""
        if self.contest is None or self.contest.draw is None:
            return ""
        return f"<details><summary>the game</summary>{self.contest.draw(self.contest, game.moves)}</details>"

    def html(self) -> str:
        """One page, nothing loaded from elsewhere: the standings, a plot of mu ± 3 sigma, every game."""
        rows = "".join(
            f"<tr><td>{rank}</td><td>{html.escape(s.name)}</td><td>{'computer' if s.computer else 'student'}</td>"
            f"<td>{s.mu:.2f}</td><td>{s.sigma:.2f}</td><td>{s.ordinal:.2f}</td><td>{s.wins}</td><td>{s.draws}</td>"
            f"<td>{s.losses}</td><td>{s.forfeits}</td><td>{html.escape(s.reasons[0]) if s.reasons else ''}</td></tr>"
            for rank, s in enumerate(self.standings, 1))
        games = "".join(
            f"<tr><td>{n}</td><td>{html.escape(g.first)}</td><td>{html.escape(g.second)}</td>"
            f"<td>{html.escape(g.outcome)}</td><td>{html.escape(self._moves(g))}</td>"
            f"<td>{html.escape(g.reason)}{self._picture(g)}</td></tr>" for n, g in enumerate(self.games, 1))
        return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>Tournament {html.escape(self.assignment)}"
                "</title><style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
                "td,th{border:1px solid #ccc;padding:2px 6px}</style></head><body>"
                f"<h1>Tournament of {html.escape(self.assignment)}</h1><p>Seed {self.seed}: the same seed plays "
                "the same games. Ratings: openskill (Plackett-Luce), ranked by mu - 3 sigma.</p>"
                f"{ratings_svg(self.standings)}<h2>Standings</h2><table><tr><th>rank</th><th>name</th><th>kind</th>"
                "<th>mu</th><th>sigma</th><th>mu - 3 sigma</th><th>won</th><th>drawn</th><th>lost</th>"
                f"<th>forfeits</th><th>first forfeit</th></tr>{rows}</table><h2>Games</h2><table><tr><th>#</th>"
                "<th>first</th><th>second</th><th>outcome</th><th>moves (x,y)</th><th>why</th></tr>"
                f"{games}</table></body></html>\n")


def ratings_svg(standings: Sequence[Standing]) -> str:
    """The ratings as an inline SVG: each entrant's mu as a dot, with a bar from mu - 3 sigma to mu + 3 sigma.

    >>> ratings_svg([Standing("ann", False, 25.0, 8.0)]).startswith("<svg")
    True
    """
    if not standings:
        return ""
    low = min(s.mu - 3 * s.sigma for s in standings)
    high = max(s.mu + 3 * s.sigma for s in standings)
    span = (high - low) or 1.0
    left, width, step = 160, 480, 22

    def x(value: float) -> float:
        return left + (value - low) / span * width

    height = step * len(standings) + 30
    parts = [f"<svg xmlns='http://www.w3.org/2000/svg' width='{left + width + 20}' height='{height}'"
             " role='img' aria-label='ratings, mu with 3 sigma either side'>"]
    for row, s in enumerate(standings):
        y = 15 + row * step
        colour = "#888" if s.computer else "#1f77b4"
        parts.append(f"<text x='{left - 8}' y='{y + 4}' text-anchor='end' font-size='12'>{html.escape(s.name)}</text>"
                     f"<line x1='{x(s.mu - 3 * s.sigma):.1f}' x2='{x(s.mu + 3 * s.sigma):.1f}' y1='{y}' y2='{y}' "
                     f"stroke='{colour}' stroke-width='3'/><circle cx='{x(s.mu):.1f}' cy='{y}' r='4' fill='{colour}'/>")
    axis = 15 + len(standings) * step
    parts.append(f"<text x='{left}' y='{axis + 8}' font-size='11'>{low:.1f}</text>"
                 f"<text x='{left + width}' y='{axis + 8}' font-size='11' text-anchor='end'>{high:.1f}</text></svg>")
    return "".join(parts)


def play_tournament(contest: Contest, entrants: Sequence[Entrant], *, seed: int = 0, rounds: int | None = None,
                    limits: Limits | None = None, move_seconds: float = MOVE_SECONDS,
                    progress: Callable[[int, int, Game], None] | None = None, jobs: int = 1) -> Tournament:
    """Play the tournament (see the module): a round robin for at most :data:`ROUND_ROBIN_MAX` entrants
    (or when ``rounds`` is 0), else ``rounds`` rounds against similar ratings; ``progress(done, total, game)``
    hears of every game. Up to ``jobs`` pairings play at once (each pairing's two games one after the
    other); the results are the same for any ``jobs``."""
    from openskill.models import PlackettLuce

    names = [e.name for e in entrants]
    if len(set(names)) != len(names):
        raise ValueError("two entrants have the same name")
    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in names}
    computers = contest.computers()
    limits = limits or Limits()
    seats: dict[str, _Seat] = {}
    for entrant in entrants:
        if entrant.computer is not None:
            if entrant.computer not in computers:
                raise ValueError(f"{contest.game} has no computer player {entrant.computer!r}")
            seats[entrant.name] = _ComputerSeat(computers[entrant.computer])
        else:
            seats[entrant.name] = _StudentSeat(contest, entrant.cells, limits, move_seconds)
    standings = {e.name: Standing(e.name, e.is_computer, 0.0, 0.0) for e in entrants}
    rules = contest.rules()
    rng = random.Random(seed)
    games: list[Game] = []
    swiss = rounds if rounds is not None else (0 if len(names) <= ROUND_ROBIN_MAX else ROUNDS)
    total = len(round_robin(names)) if not swiss else swiss * (len(names) // 2) * 2
    def both_sides(task: tuple[tuple[str, str], tuple[int, int]]) -> list[Game]:
        (a, b), (one, other) = task
        played = [play_game(contest, rules, (a, seats[a]), (b, seats[b]), one),
                  play_game(contest, rules, (b, seats[b]), (a, seats[a]), other)]
        if swiss:  # a large class keeps no sandbox open between its rounds
            seats[a].close()
            seats[b].close()
        return played

    pool = ThreadPoolExecutor(max(1, jobs))
    try:
        for _ in range(max(1, swiss)):
            schedule = (circle_rounds(names) if not swiss else
                        [similar_ratings(names, lambda name: ratings[name].ordinal(), rng)[0::2]])
            for pairings in schedule:  # nobody plays twice in one of these: its pairings run side by side
                seeds = [(rng.randrange(1 << 30), rng.randrange(1 << 30)) for _ in pairings]
                for played in pool.map(both_sides, zip(pairings, seeds, strict=True)):
                    for game in played:  # ratings move in the schedule's order, however many run at once
                        games.append(game)
                        _count(game, standings)
                        first, second = game.first, game.second
                        a, b = ratings[first], ratings[second]
                        ranks = ([1.0, 1.0] if game.winner is None else [1.0, 2.0] if game.winner == first
                                 else [2.0, 1.0])
                        [[a], [b]] = model.rate([[a], [b]], ranks=ranks)
                        ratings[first], ratings[second] = a, b
                        if progress:
                            progress(len(games), total, game)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        for seat in seats.values():
            seat.close()
    for name, rating in ratings.items():
        standings[name].mu, standings[name].sigma = float(rating.mu), float(rating.sigma)
    ordered = sorted(standings.values(), key=lambda s: (-s.ordinal, s.name))
    return Tournament(contest.title, seed, ordered, games, contest)


class TournamentError(Exception):
    """The tournament cannot be played here (no course folder, no such assignment, no submissions): one line."""


def _role(cell: dict[str, Any]) -> str:
    """``"test"``, ``"setup"``, ``"student"`` or ``"markdown"``, as the grader reads a cell's nbgrader marks."""
    if cell.get("cell_type") != "code":
        return "markdown"
    marks = cell.get("metadata", {}).get("nbgrader", {})
    marks = marks if isinstance(marks, dict) else {}
    if marks.get("solution"):
        return "student"
    return "test" if marks.get("grade") else "setup" if marks.get("locked") else "student"


def _source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def notebook_cells(notebook: dict[str, Any], grade_id: str) -> tuple[str, ...] | None:
    """The code a student's strategy needs: the notebook's setup and student cells, in order (what the
    grader runs, the tests left out); ``None`` if no cell has the solution's ``grade_id``.

    >>> cell = {"cell_type": "code", "source": "def f(): ...", "metadata": {"nbgrader": {"grade_id": "f",
    ...         "solution": True}}}
    >>> notebook_cells({"cells": [cell]}, "f"), notebook_cells({"cells": [cell]}, "g")
    (('def f(): ...',), None)
    """
    cells = [c for c in notebook.get("cells", []) if isinstance(c, dict)]
    if not any(c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == grade_id for c in cells):
        return None
    return tuple(_source(c) for c in cells if _role(c) in ("setup", "student"))


def class_entrants(root: Path, contest: Contest) -> tuple[list[Entrant], dict[str, str]]:
    """Every student's entrant from ``submitted/<student>/<assignment>/`` of the course at ``root``, read
    as data by intake (:func:`coursekit.grading.intake.take_in`), and why the others cannot play.

    A submission without the strategy's cell still plays (and loses every game, saying why).
    """
    from .intake import take_in

    if not (root / "nbgrader_config.py").is_file():
        raise TournamentError(f"{root} is not a course folder: it has no nbgrader_config.py")
    source = root / "source" / contest.assignment
    if not source.is_dir():
        raise TournamentError(f"there is no assignment {contest.assignment!r} in {root / 'source'}")
    notebooks = sorted(path.stem for path in source.glob("*.ipynb"))
    folder = root / "submitted"
    students = sorted(n for n in (os.listdir(folder) if folder.is_dir() else [])
                      if os.path.lexists(folder / n / contest.assignment))
    if not students:
        raise TournamentError(f"no submission of {contest.assignment} in {folder}")
    entrants: list[Entrant] = []
    refused: dict[str, str] = {}
    for student in students:
        intake = take_in(root, contest.assignment, student, notebooks)
        if intake.refused:
            refused[student] = " ".join(intake.refused)
            continue
        found: tuple[str, ...] | None = None
        for text in intake.notebooks.values():
            found = found or notebook_cells(json.loads(text), contest.grade_id)
        entrants.append(Entrant(student, found or (f"raise NameError('no cell {contest.grade_id} in the notebook')",)))
    return entrants, refused


def pseudonyms(names: Sequence[str], seed: int) -> dict[str, str]:
    """A pseudonym for each name (``student 1``, ...), numbered in an order drawn from ``seed``.

    >>> sorted(pseudonyms(["ann", "bob"], 0).values())
    ['student 1', 'student 2']
    """
    order = sorted(names)
    random.Random(seed).shuffle(order)
    return {name: f"student {number}" for number, name in enumerate(order, 1)}


def _count(game: Game, standings: dict[str, Standing]) -> None:
    for name in (game.first, game.second):
        standing = standings[name]
        if game.winner is None:
            standing.draws += 1
        elif game.winner == name:
            standing.wins += 1
        else:
            standing.losses += 1
            if game.reason.startswith(f"{name} forfeits: "):
                standing.forfeits += 1
                standing.reasons.append(game.reason.removeprefix(f"{name} forfeits: "))


__all__ = ["CONTESTS", "Contest", "Entrant", "Forfeit", "Game", "Standing", "Tournament", "TournamentError",
           "circle_rounds", "class_entrants", "last_position", "notebook_cells", "play_game", "play_tournament",
           "pseudonyms", "ratings_svg", "round_robin", "similar_ratings"]
