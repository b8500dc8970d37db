"""Playing the tournament: entrants, contests, seats (a student's sandbox, a course computer), games,
pairings and ratings (see :mod:`coursekit.grading.tournament`)."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Literal

from ...core.rules import CHANCE, draw_chance
from ..sandbox import CallOverTime, Limits, Sandbox, SandboxProblem
from .records import Game, Standing, Tournament, places

#: At most this many entrants play a round robin; more play rounds against similar ratings.
ROUND_ROBIN_MAX = 16
#: Rounds against similar ratings, when not said.
ROUNDS = 6
#: CPU seconds a student's strategy may use for one move.
MOVE_SECONDS = 1.0
#: Puzzles a race plays (the same for every entrant), when not said.
PUZZLES = 20

#: How the entrants meet: see :attr:`Contest.kind`.
Kind = Literal["duel", "race"]


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
    it is given for what its player sees of a position (``arguments(rules, observation)``).

    ``kind`` says how the entrants meet. In a ``"duel"`` two seats take turns on one board, each
    game a match of two (the winner first, a draw a tie), and every pairing plays on both sides.
    In a ``"race"`` every entrant plays alone the same seeded puzzles (chance's draws at the start
    of the game, such as a secret to find); each puzzle is a match of all of them, placed by the
    moves they needed, fewer first, and those who did not solve it last (:func:`~.records.places`).
    """

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
    #: ``"duel"`` or ``"race"`` (see above)
    kind: Kind = "duel"
    #: a student's answer as the game's move (default: lists made tuples); a ``ValueError`` says why it is none
    move_from: Callable[[Any], Any] | None = None
    #: what the records call a move (singular, plural) and a race's puzzle
    words: tuple[str, str, str] = ("move", "moves", "puzzle")

    @property
    def title(self) -> str:
        """The tournament's name: ``ps05``, ``ps06-basket``."""
        return self.name or self.assignment

    def rules(self) -> Any:
        from ...games import GAMES, rules_from_spec

        return rules_from_spec(dict(self.spec)) if self.spec else GAMES[self.game].rules()

    def read(self, answer: Any) -> Any:
        """A student's answer (plain data from its sandbox) as the game's move; a ``ValueError`` says why it is none.

        >>> from coursekit.grading.tournament import CONTESTS
        >>> CONTESTS["ps05"].read([2, 0]), CONTESTS["ps08"].read("0123")
        ((2, 0), (0, 1, 2, 3))
        """
        return _tuples(answer) if self.move_from is None else self.move_from(answer)

    def replay(self, moves: Sequence[Any], opening: int = 0) -> list[tuple[str, str]]:
        """Every position of a game, as a caption and its picture (``draw``), from the first a player saw
        (chance's draws before it, such as a race's secret, are the start); the first ``opening`` moves
        were drawn at random.

        >>> from coursekit.grading.tournament import CONTESTS
        >>> [caption for caption, _ in CONTESTS["ps05"].replay([(1, 1), (0, 0)], opening=1)]
        ['the start', 'move 1: 1,1 (at random)', 'move 2: 0,0']
        >>> [caption for caption, _ in CONTESTS["ps08"].replay([(5, 9, 0, 1), (0, 1, 2, 3)])]
        ['the start (drawn: 5901)', 'guess 1: 0123']
        """
        if self.draw is None:
            return []
        rules = self.rules()
        state = rules.initial_state()
        drawn: list[str] = []
        for move in moves:
            if rules.is_over(state) or rules.to_move(state) != CHANCE:
                break
            drawn.append(self.text(move))
            state = rules.next_state(state, move)
        start = len(drawn)
        shown = [("the start" + (f" (drawn: {' '.join(drawn)})" if drawn else ""), self.draw(self, moves[:start]))]
        for number in range(start + 1, len(moves) + 1):
            caption = f"{self.words[0]} {number - start}: {self.text(moves[number - 1])}"
            shown.append((caption + (" (at random)" if number <= opening else ""), self.draw(self, moves[:number])))
        return shown

    def text(self, move: Any) -> str:
        """A move as the records write it.

        >>> from coursekit.grading.tournament import CONTESTS
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
        from ...games import GAMES

        found: dict[str, Callable[[random.Random], Any]] = importlib.import_module(GAMES[self.game].package).COMPUTERS
        return {name: found[name] for name in self.computer_names} if self.computer_names else dict(found)


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
        try:
            move = self.contest.read(answer)
        except ValueError as error:
            raise Forfeit(f"{self.contest.function} answered {answer!r}, not a move: {error}") from None
        why = rules.why_illegal(state, move)
        if why is not None:
            raise Forfeit(f"{self.contest.function} answered an illegal move {answer!r}: {why}")
        return move

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


def play_game(contest: Contest, rules: Any, first: tuple[str, _Seat], second: tuple[str, _Seat], seed: int) -> Game:
    """One game of a duel, ``first`` to move; a seat that forfeits loses, with the reason in the record."""
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
    players = (first[0], second[0])
    while not rules.is_over(state):
        turn = rules.to_move(state)
        name, seat = seats[turn]
        try:
            move = seat.move(rules, rules.observation(state, turn))
        except Forfeit as forfeit:
            return Game(players, tuple(moves), seats[1 - turn][0], f"{name} forfeits: {forfeit}", opening)
        moves.append(move)
        state = rules.next_state(state, move)
    won = rules.winner(state)
    return Game(players, tuple(moves), None if won is None else seats[won][0], "", opening)


def play_alone(contest: Contest, rules: Any, player: tuple[str, _Seat], seed: int, match: int = 0) -> Game:
    """One entrant alone on a race's puzzle: chance's draws (a secret) come from ``seed``, the same for every
    entrant, then the entrant moves, seeing what its player may see, until the game is over. It solved the
    puzzle if it won; a seat that forfeits, or plays until the game's own end without winning, did not,
    and the record says why."""
    name, seat = player
    seat.start_game(seed)
    state = rules.initial_state()
    moves: list[Any] = []
    drawn = random.Random(seed)
    while not rules.is_over(state) and rules.to_move(state) == CHANCE:
        moves.append(draw_chance(rules.chance_outcomes(state), drawn))
        state = rules.next_state(state, moves[-1])
    opening = len(moves)
    while not rules.is_over(state):
        try:
            move = seat.move(rules, rules.observation(state, rules.to_move(state)))
        except Forfeit as forfeit:
            return Game((name,), tuple(moves), None, f"{name} forfeits: {forfeit}", opening, match)
        moves.append(move)
        state = rules.next_state(state, move)
    if rules.winner(state) == 0:
        return Game((name,), tuple(moves), name, "", opening, match)
    count = len(moves) - opening
    return Game((name,), tuple(moves), None, f"{name} did not solve it: the game ended after {count} "
                f"{contest.words[0 if count == 1 else 1]}, its limit", opening, match)


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


def play_tournament(contest: Contest, entrants: Sequence[Entrant], *, seed: int = 0, rounds: int | None = None,
                    limits: Limits | None = None, move_seconds: float = MOVE_SECONDS,
                    progress: Callable[[int, int, Game], None] | None = None, jobs: int = 1) -> Tournament:
    """Play the tournament (see the module). A duel: a round robin for at most :data:`ROUND_ROBIN_MAX`
    entrants (or when ``rounds`` is 0), else ``rounds`` rounds against similar ratings. A race: ``rounds``
    puzzles (default :data:`PUZZLES`), each played by every entrant. ``progress(done, total, game)`` hears
    of every game. Up to ``jobs`` pairings (a race: entrants) play at once; the results are the same for
    any ``jobs``."""
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
    games: list[Game] = []

    def rate(match: Sequence[Game], total: int) -> None:
        """The games of one match join the record, and its places move the ratings."""
        placed = places(match)
        if len(placed) > 1:  # a match of one (a race of one entrant) moves no rating
            teams = model.rate([[ratings[name]] for name in placed], ranks=[float(place) for place in placed.values()])
            for name, [rating] in zip(placed, teams, strict=True):
                ratings[name] = rating
        for game in match:
            games.append(game)
            _count(game, standings)
            if progress:
                progress(len(games), total, game)

    pool = ThreadPoolExecutor(max(1, jobs))
    try:
        if contest.kind == "race":
            _race(contest, seats, random.Random(seed), rounds or PUZZLES, pool, rate)
        else:
            _duels(contest, seats, random.Random(seed), rounds, pool, rate, lambda name: ratings[name].ordinal())
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        for seat in seats.values():
            seat.close()
    for name, rating in ratings.items():
        standings[name].mu, standings[name].sigma = float(rating.mu), float(rating.sigma)
    ordered = sorted(standings.values(), key=lambda s: (-s.ordinal, s.name))
    return Tournament(contest.title, seed, ordered, games, contest)


#: What a way of meeting does with each match it played: ``rate(games, total games)``, in the schedule's order.
Rate = Callable[[Sequence[Game], int], None]


def _duels(contest: Contest, seats: dict[str, _Seat], rng: random.Random, rounds: int | None,
           pool: ThreadPoolExecutor, rate: Rate, ordinal: Callable[[str], float]) -> None:
    """Every pairing on both sides: a round robin, or ``rounds`` rounds against similar ratings."""
    names = list(seats)
    rules = contest.rules()
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

    for _ in range(max(1, swiss)):
        schedule = circle_rounds(names) if not swiss else [similar_ratings(names, ordinal, rng)[0::2]]
        for pairings in schedule:  # nobody plays twice in one of these: its pairings run side by side
            seeds = [(rng.randrange(1 << 30), rng.randrange(1 << 30)) for _ in pairings]
            for played in pool.map(both_sides, zip(pairings, seeds, strict=True)):
                for game in played:  # ratings move in the schedule's order, however many run at once
                    rate([game], total)


def _race(contest: Contest, seats: dict[str, _Seat], rng: random.Random, puzzles: int, pool: ThreadPoolExecutor,
          rate: Rate) -> None:
    """Every entrant plays the same ``puzzles`` in turn (its sandbox open for them all, then closed); each
    puzzle is then one match of all of them, rated in the puzzles' order."""
    names = list(seats)
    rules = contest.rules()
    seeds = [rng.randrange(1 << 30) for _ in range(puzzles)]

    def alone(name: str) -> list[Game]:
        try:
            return [play_alone(contest, rules, (name, seats[name]), seed, number)
                    for number, seed in enumerate(seeds, 1)]
        finally:
            seats[name].close()

    played = list(pool.map(alone, names))
    for number in range(puzzles):
        rate([games[number] for games in played], puzzles * len(names))


def _count(game: Game, standings: dict[str, Standing]) -> None:
    for name in game.players:
        standing = standings[name]
        if game.winner is None and len(game.players) > 1:
            standing.draws += 1
        elif game.winner == name:
            standing.wins += 1
            standing.moves += game.played
        else:
            standing.losses += 1
            if game.reason.startswith(f"{name} forfeits: "):
                standing.forfeits += 1
                standing.reasons.append(game.reason.removeprefix(f"{name} forfeits: "))


__all__ = ["MOVE_SECONDS", "PUZZLES", "ROUNDS", "ROUND_ROBIN_MAX", "Contest", "Entrant", "Forfeit", "Kind",
           "circle_rounds", "play_alone", "play_game", "play_tournament", "round_robin", "similar_ratings"]
