"""Playing the tournament: entrants, contests, seats (a student's sandbox, a course computer), games,
pairings and ratings (see :mod:`coursekit.grading.tournament`)."""

from __future__ import annotations

import dataclasses
import importlib
import math
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from ...core.rules import CHANCE, draw_chance
from ..sandbox import CallOverTime, Limits, Sandbox, SandboxProblem
from .records import Game, Standing, Tournament, places, ranked

#: At most this many entrants play a round robin; more play rounds against similar ratings.
ROUND_ROBIN_MAX = 16
#: Rounds against similar ratings, when not said.
ROUNDS = 6
#: CPU seconds a student's strategy may use for one move.
MOVE_SECONDS = 1.0
#: Seconds by the clock a move may take beyond its CPU seconds (a strategy that sleeps or waits is stopped
#: there, not at the grading's backstop of a call).
MOVE_GRACE = 2.0
#: Seconds by the clock a game (a race: one puzzle) may take, when not said: an honest game takes a
#: small part of it (ps09's longest, 60 moves each at its CPU limit, one fifth), a game of strategies that
#: wait at each move just under their limit a third of it.
GAME_SECONDS = 300.0
#: Seconds by the clock the whole tournament may take, when not said (an honest class of 30 takes minutes).
TOURNAMENT_SECONDS = 4 * 3600.0
#: Seconds by the clock a start of a student's sandbox (its cells run) may take: one that takes longer is
#: its last, and the seat plays no more games (honest cells take a second or two).
START_SECONDS = 60.0
#: A forfeit's reason is cut to this many characters (an answer in it is shown shorter still).
REASON_CHARS = 300
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
    #: the course's player around the student's function, run in the tournament's process (``None``: the
    #: function's answer is the move): ``player(ask)`` is a strategy ``(rules, state) -> move`` that puts its
    #: questions to the student's function through ``ask(rules, state)``, one call in the sandbox each
    #: (ps09: the course's alpha-beta, asking ``evaluate`` about each position where its search stops)
    player: Callable[[Callable[[Any, Any], Any]], Callable[[Any, Any], Any]] | None = None
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


def cut(text: str, limit: int = REASON_CHARS) -> str:
    """``text`` on one line, at most about ``limit`` characters (only its start is read: the rest is never copied).

    >>> cut("ValueError:\\n  no"), cut("x" * 1000, 12)
    ('ValueError: no', 'xxxxxxxxxxxx [cut]')
    """
    short = " ".join(text[:limit].split())
    return short if len(text) <= limit else f"{short} [cut]"


def shown(value: Any, room: int = REASON_CHARS // 2) -> str:
    """``repr(value)`` in at most about ``room`` characters, built no further than that (a huge answer is
    never written out whole); a huge ``int`` is told by its size, a value of another type by its type's name.

    >>> shown([1, "ab", (2, 3)]), shown("x" * 1000, 8), shown(list(range(1000)), 20)
    ("[1, 'ab', (2, 3)]", "'xxxxxxx...", '[0, 1, 2, 3, 4, 5, 6...')
    >>> shown(10 ** 5000), shown({"a": {1}})
    ('an int of about 5001 digits', "{'a': {1}}")
    """
    out = _Shown(room)
    _show(value, out, 0)
    text = "".join(out.parts)
    return text if len(text) <= room else text[:room] + "..."


class _Shown:
    """The pieces of a value's text so far, and how many more characters it may take."""

    def __init__(self, room: int) -> None:
        self.parts: list[str] = []
        self.left = room

    def add(self, text: str) -> None:
        self.parts.append(text)
        self.left -= len(text)


#: How deep :func:`shown` writes nested values out (deeper: ``...``).
SHOWN_DEPTH = 6
_BRACKETS: dict[type, tuple[str, str]] = {list: ("[", "]"), tuple: ("(", ")"), set: ("{", "}"),
                                          frozenset: ("frozenset({", "})"), dict: ("{", "}")}


def _show(value: Any, out: _Shown, depth: int) -> None:
    if out.left <= 0:
        return
    kind = type(value)
    if value is None or kind in (bool, float):
        out.add(repr(value))
    elif kind is int:
        bits = value.bit_length()
        out.add(repr(value) if bits <= 512 else f"an int of about {int(bits * math.log10(2)) + 1} digits")
    elif kind is str:
        out.add(repr(value[:out.left + 1]))
    elif kind is Fraction:
        _show(value.numerator, out, depth)
        out.add("/")
        _show(value.denominator, out, depth)
    elif depth >= SHOWN_DEPTH:
        out.add("...")
    elif kind in _BRACKETS:
        opening, closing = _BRACKETS[kind] if value or kind not in (set, frozenset) else (f"{kind.__name__}(", ")")
        out.add(opening)
        for number, item in enumerate(value.items() if isinstance(value, dict) else value):
            if out.left <= 0:
                out.add("...")
                return
            if number:
                out.add(", ")
            if isinstance(value, dict):
                _show(item[0], out, depth + 1)
                out.add(": ")
                item = item[1]
            _show(item, out, depth + 1)
        out.add("," + closing if kind is tuple and len(value) == 1 else closing)
    elif dataclasses.is_dataclass(value) or (isinstance(value, tuple) and hasattr(value, "_fields")):
        names = [f.name for f in dataclasses.fields(value)] if dataclasses.is_dataclass(value) else value._fields
        out.add(f"{kind.__name__}(")
        for number, name in enumerate(names):
            if out.left <= 0:
                out.add("...")
                return
            out.add(f"{', ' if number else ''}{name}=")
            _show(getattr(value, name, None), out, depth + 1)
        out.add(")")
    else:
        out.add(f"<a {kind.__name__}>")


def _error_text(error: BaseException) -> str:
    """``Name: message``, the message cut (and never the cause of a second error)."""
    try:
        message = str(error)
    except Exception:
        message = ""
    return cut(f"{type(error).__name__}: {message[:REASON_CHARS + 1]}" if message else type(error).__name__)


class Forfeit(Exception):
    """A strategy lost its game without a move: it raised, answered an illegal move or ran out of time. Its
    reason is cut to :data:`REASON_CHARS` characters."""

    def __init__(self, reason: str) -> None:
        super().__init__(cut(reason))


class _Stopped(Exception):
    """The tournament's budget ran out during a game: the game is left out of the records."""


@dataclass(frozen=True)
class Ends:
    """When a game's budget (``seconds`` long) and the tournament's run out, by ``time.monotonic()``.

    >>> Ends(math.inf, math.inf).after()
    """

    game: float
    tournament: float
    seconds: float = GAME_SECONDS

    @classmethod
    def starting(cls, seconds: float, tournament: float = math.inf) -> Ends:
        """The ends of a game that starts now and may last ``seconds``."""
        return cls(time.monotonic() + seconds, tournament, seconds)

    def before(self) -> None:
        """Before a move: the tournament stops if its budget ran out."""
        if time.monotonic() >= self.tournament:
            raise _Stopped

    def after(self) -> None:
        """After a move: the tournament stops, or the seat that moved forfeits, if a budget ran out during it."""
        self.before()
        if time.monotonic() >= self.game:
            raise self.game_over()

    def game_over(self) -> Forfeit:
        return Forfeit(f"the game's budget of {self.seconds:g} s by the clock ran out during its move")


class _Seat:
    """An entrant at the board: gives a move for a state, or raises :class:`Forfeit` with the reason."""

    def start_game(self, seed: int) -> None:
        """A game begins (a seeded player draws its choices from ``seed``)."""

    def move(self, rules: Any, state: Any, ends: Ends) -> Any:
        raise NotImplementedError

    def close(self) -> None:
        """The tournament is over."""


class _ComputerSeat(_Seat):
    def __init__(self, make: Callable[[random.Random], Any]) -> None:
        self.make = make
        self.player = make(random.Random(0))

    def start_game(self, seed: int) -> None:
        self.player = self.make(random.Random(seed))

    def move(self, rules: Any, state: Any, ends: Ends) -> Any:
        choice = self.player(rules, state)  # a move, or what a player says of its move (tic-tac-toe's)
        return getattr(choice, "move", choice)


#: An answer whose text is longer than this is no move of any game (it is refused before it is read).
MOVE_CHARS = 4000


class _StudentSeat(_Seat):
    """A student's function in its own sandbox, started at its first move and kept for the tournament.

    The sandbox runs the student's cells and nothing else: the course's player around the function
    (:attr:`Contest.player`), the rules and every check of a move run here, in the tournament's process.
    """

    def __init__(self, contest: Contest, cells: Sequence[str], limits: Limits, move_seconds: float,
                 move_wall: float) -> None:
        self.contest = contest
        self.cells = list(cells)
        self.limits = limits
        self.move_seconds = move_seconds
        self.move_wall = move_wall
        self.box: Sandbox | None = None
        self.broken: str | None = None
        self.seed = 0
        self.seeded = False

    def _sandbox(self) -> Sandbox:
        if self.broken is not None:
            raise Forfeit(self.broken)
        if self.box is None:
            began = time.monotonic()
            self.box = Sandbox(self.cells, self.limits)
            self._started(time.monotonic() - began)
            if self.box.names.get(self.contest.function) != "function":
                errors = [" ".join(r["error"][:REASON_CHARS].split()) for r in self.box.results if r.get("error")]
                self.broken = cut(f"the code defines no function {self.contest.function}" + (
                    f" ({errors[0]})" if errors else ""))
                raise Forfeit(self.broken)
        return self.box

    def _started(self, seconds: float) -> None:
        """A start of the sandbox (its cells run) that took longer than :data:`START_SECONDS` by the clock
        is its last: the seat plays no more (else each game after a forfeit for time would wait for it again)."""
        if seconds > START_SECONDS:
            self.close()
            self.broken = (f"its cells took {seconds:.0f} s by the clock to run, more than the {START_SECONDS:g} s "
                           "a start of its sandbox may take: it plays no more games")
            raise Forfeit(self.broken)

    def start_game(self, seed: int) -> None:
        self.seed = seed
        self.seeded = False

    def move(self, rules: Any, state: Any, ends: Ends) -> Any:
        box = self._sandbox()
        if not self.seeded:
            began = time.monotonic()
            try:
                box.seed(self.seed)  # a sandbox stopped in an earlier game starts afresh here, its cells run again
            except SandboxProblem as problem:
                raise Forfeit(f"{self.contest.function} failed: {problem.description}") from None
            self._started(time.monotonic() - began)
            self.seeded = True
        turn = _Turn(self, box, ends)
        if self.contest.player is None:
            move = self._read(rules, state, turn.ask(*self.contest.arguments(rules, state)))
        else:
            try:
                move = self.contest.player(turn.ask)(rules, state)
            except (Forfeit, _Stopped):
                raise
            except Exception as error:
                raise Forfeit(f"the course's player around {self.contest.function} failed: "
                              f"{_error_text(error)}") from None
        turn.finish()
        return move

    def _read(self, rules: Any, state: Any, answer: Any) -> Any:
        """The student's answer as a legal move; any other answer (or one the reading or the rules cannot
        make sense of) is a forfeit that says why."""
        said = f"{self.contest.function} answered {shown(answer)}"
        if len(shown(answer, MOVE_CHARS)) > MOVE_CHARS:
            raise Forfeit(f"{said}, far too large to be a move")
        try:
            move = self.contest.read(answer)
        except ValueError as error:
            raise Forfeit(f"{said}, not a move: {cut(str(error))}") from None
        except Exception as error:
            raise Forfeit(f"{said}, not a move ({_error_text(error)})") from None
        try:
            why = rules.why_illegal(state, move)
        except Exception as error:
            raise Forfeit(f"{said}, not a move ({_error_text(error)})") from None
        if why is not None:
            raise Forfeit(f"{self.contest.function} answered an illegal move {shown(answer)}: {cut(str(why))}")
        return move

    def close(self) -> None:
        """Stop the sandbox (a next move starts a fresh one)."""
        if self.box is not None:
            self.box.close()
            self.box = None


class _Turn:
    """One move of a student's seat: its calls of the student's function, one question each, within the
    move's CPU seconds (the sum over its calls, read from outside) and, by the clock, the first of the
    move's end (its CPU seconds and :data:`MOVE_GRACE`), the game's and the tournament's."""

    def __init__(self, seat: _StudentSeat, box: Sandbox, ends: Ends) -> None:
        self.seat, self.box, self.ends = seat, box, ends
        self.cpu_start = box.cpu_seconds()
        self.end, self.limit = min((time.monotonic() + seat.move_wall, "move"), (ends.game, "game"),
                                   (ends.tournament, "tournament"))
        self.calls = 0

    def used(self) -> float:
        """CPU seconds the move's calls have used so far."""
        return self.box.cpu_seconds() - self.cpu_start

    def ask(self, *args: Any) -> Any:
        """The student's function called once in the sandbox, with what is left of the move's time."""
        name = self.seat.contest.function
        wall, cpu = self.end - time.monotonic(), self.seat.move_seconds - self.used()
        if wall <= 0:
            raise self.late()
        if cpu <= 0:
            raise self.over_cpu()
        self.calls += 1
        try:
            return self.box.call(name, args, seconds=wall, cpu=cpu)
        except CallOverTime as late:
            raise (self.over_cpu() if late.cpu else self.late()) from None
        except SandboxProblem as problem:
            raise Forfeit(f"{name} failed: {problem.description}") from None
        except Exception as error:  # an answer that reading it as data broke: the sandbox starts afresh
            self.box.close()
            raise Forfeit(f"{name}'s answer could not be read ({_error_text(error)})") from None

    def finish(self) -> None:
        """After the move: over its CPU seconds (a call can finish a little over), or over its end by the clock."""
        if self.used() > self.seat.move_seconds:
            raise self.over_cpu()
        if time.monotonic() > self.end:
            raise self.late()

    def over_cpu(self) -> Forfeit:
        name, cpu = self.seat.contest.function, self.seat.move_seconds
        if self.seat.contest.player is None:
            return Forfeit(f"{name} did not return within {cpu:g} s of CPU time, the limit of a move "
                           "(the process was stopped)")
        return Forfeit(f"{name} used more than {cpu:g} s of CPU time in one move ({self.calls} calls), the limit "
                       "of a move")

    def late(self) -> Exception:
        """The tournament stops (its budget ran out), or the seat forfeits (the game's budget, or the move's)."""
        if self.limit == "tournament":
            return _Stopped()
        if self.limit == "game":
            return self.ends.game_over()
        name = self.seat.contest.function
        return Forfeit(f"{name} did not return within {self.seat.move_wall:g} s by the clock, the limit of a move "
                       f"({self.seat.move_seconds:g} s of CPU time, {self.seat.move_wall - self.seat.move_seconds:g} "
                       "s more by the clock; the process was stopped)")


def _tuples(value: Any) -> Any:
    """Lists made tuples, all the way down (a move sent back as plain data).

    >>> _tuples([[1, 2], [3, 4]])
    ((1, 2), (3, 4))
    """
    return tuple(_tuples(v) for v in value) if type(value) in (list, tuple) else value


def _step(rules: Any, state: Any, move: Any) -> Any:
    """The state after ``move``; a move that the rules cannot play (a strange value that passed their check)
    is a forfeit."""
    try:
        return rules.next_state(state, move)
    except Exception as error:
        raise Forfeit(f"its move {shown(move)} could not be played ({_error_text(error)})") from None


def play_game(contest: Contest, rules: Any, first: tuple[str, _Seat], second: tuple[str, _Seat], seed: int, *,
              seconds: float = GAME_SECONDS, stop: float = math.inf) -> Game:
    """One game of a duel, ``first`` to move; a seat that forfeits loses, with the reason in the record.

    The game may last ``seconds`` by the clock: the seat whose move runs past that forfeits. At ``stop``
    (``time.monotonic()``, the tournament's end) the game stops unfinished (``_Stopped``: no record).
    """
    ends = Ends.starting(seconds, stop)
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
            ends.before()
            move = seat.move(rules, rules.observation(state, turn), ends)
            after = _step(rules, state, move)
            ends.after()
        except Forfeit as forfeit:
            return Game(players, tuple(moves), seats[1 - turn][0], f"{name} forfeits: {forfeit}", opening)
        moves.append(move)
        state = after
    won = rules.winner(state)
    return Game(players, tuple(moves), None if won is None else seats[won][0], "", opening)


def play_alone(contest: Contest, rules: Any, player: tuple[str, _Seat], seed: int, match: int = 0, *,
               seconds: float = GAME_SECONDS, stop: float = math.inf) -> Game:
    """One entrant alone on a race's puzzle: chance's draws (a secret) come from ``seed``, the same for every
    entrant, then the entrant moves, seeing what its player may see, until the game is over. It solved the
    puzzle if it won; a seat that forfeits (its move ran past the puzzle's ``seconds`` included), or plays
    until the game's own end without winning, did not, and the record says why. At ``stop`` the puzzle
    stops unfinished, as in :func:`play_game`."""
    ends = Ends.starting(seconds, stop)
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
            ends.before()
            move = seat.move(rules, rules.observation(state, rules.to_move(state)), ends)
            after = _step(rules, state, move)
            ends.after()
        except Forfeit as forfeit:
            return Game((name,), tuple(moves), None, f"{name} forfeits: {forfeit}", opening, match)
        moves.append(move)
        state = after
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


class _Budget:
    """The tournament's budget: its end by the clock (``time.monotonic()``), and whether it ran out."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.end = time.monotonic() + seconds
        self.ran_out = False

    def left(self) -> bool:
        """Whether another game may start (if not, the budget ran out)."""
        if time.monotonic() >= self.end:
            self.ran_out = True
        return not self.ran_out


class Ratings:
    """The entrants' ratings, moved match by match by their places (:func:`~.records.places`, 1 the best,
    equal places a tie): openskill's Bradley-Terry model with full pairing, which rates a match of any
    number of players as every pair's result. Plackett-Luce, openskill's default, mishandles ties: in a
    match where eleven entrants tie first, the twelfth alone gains more than they do (openskill.py
    issues 155 and 173), and a race's puzzles are mostly ties.

    >>> ratings = Ratings(["ann", "bob", "cid"])
    >>> ratings.rate({"ann": 1, "bob": 1, "cid": 3})
    >>> ratings.ordinal("ann") == ratings.ordinal("bob") > ratings.ordinal("cid")
    True
    """

    def __init__(self, names: Sequence[str]) -> None:
        from openskill.models import BradleyTerryFull

        self.model = BradleyTerryFull()
        self.of = {name: self.model.rating(name=name) for name in names}

    def rate(self, placed: dict[str, int]) -> None:
        """One match's places move the ratings of its players (a match of one moves none)."""
        if len(placed) > 1:
            teams = self.model.rate([[self.of[name]] for name in placed], ranks=[float(p) for p in placed.values()])
            for name, [rating] in zip(placed, teams, strict=True):
                self.of[name] = rating

    def ordinal(self, name: str) -> float:
        """``mu - 3 sigma``, which ranks."""
        return float(self.of[name].ordinal())

    def mu_sigma(self, name: str) -> tuple[float, float]:
        rating = self.of[name]
        return float(rating.mu), float(rating.sigma)


def play_tournament(contest: Contest, entrants: Sequence[Entrant], *, seed: int = 0, rounds: int | None = None,
                    limits: Limits | None = None, move_seconds: float = MOVE_SECONDS, move_wall: float | None = None,
                    game_seconds: float = GAME_SECONDS, seconds: float = TOURNAMENT_SECONDS,
                    progress: Callable[[int, int, Game], None] | None = None, jobs: int = 1) -> Tournament:
    """Play the tournament (see the module). A duel: a round robin for at most :data:`ROUND_ROBIN_MAX`
    entrants (or when ``rounds`` is 0), else ``rounds`` rounds against similar ratings. A race: ``rounds``
    puzzles (default :data:`PUZZLES`), each played by every entrant. ``progress(done, total, game)`` hears
    of every game. Up to ``jobs`` pairings (a race: entrants) play at once; the results are the same for
    any ``jobs``.

    Time, by the clock as well as the CPU's: a student's move may use ``move_seconds`` of CPU time (the
    sum over its calls) and ``move_wall`` seconds by the clock (default ``move_seconds`` +
    :data:`MOVE_GRACE`); a game (a race: one entrant's puzzle) ``game_seconds``, and the seat whose move
    runs past that forfeits; the whole tournament ``seconds``. When that runs out no game starts, the
    games under way stop and are left out, and the tournament's ``stopped`` says so: its records and
    standings are those of the games played."""
    names = [e.name for e in entrants]
    if len(set(names)) != len(names):
        raise ValueError("two entrants have the same name")
    ratings = Ratings(names)
    computers = contest.computers()
    wall = move_wall if move_wall is not None else move_seconds + MOVE_GRACE
    limits = limits or Limits()
    limits = dataclasses.replace(limits, call_seconds=min(limits.call_seconds, wall))  # seeding, as a move
    seats: dict[str, _Seat] = {}
    for entrant in entrants:
        if entrant.computer is not None:
            if entrant.computer not in computers:
                raise ValueError(f"{contest.game} has no computer player {entrant.computer!r}")
            seats[entrant.name] = _ComputerSeat(computers[entrant.computer])
        else:
            seats[entrant.name] = _StudentSeat(contest, entrant.cells, limits, move_seconds, wall)
    standings = {e.name: Standing(e.name, e.is_computer, 0.0, 0.0) for e in entrants}
    games: list[Game] = []
    budget = _Budget(seconds)

    def rate(match: Sequence[Game], total: int) -> None:
        """The games of one match join the record, and its places move the ratings."""
        ratings.rate(places(match))
        for game in match:
            games.append(game)
            _count(game, standings)
            if progress:
                progress(len(games), total, game)

    pool = ThreadPoolExecutor(max(1, jobs))
    timing = _Timing(game_seconds, budget)
    try:
        if contest.kind == "race":
            _race(contest, seats, random.Random(seed), rounds or PUZZLES, pool, rate, timing)
        else:
            _duels(contest, seats, random.Random(seed), rounds, pool, rate, ratings.ordinal,
                   timing)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        for seat in seats.values():
            seat.close()
    for name in names:
        standings[name].mu, standings[name].sigma = ratings.mu_sigma(name)
    ordered = ranked(list(standings.values()), games, contest.kind == "race")
    stopped = (f"the tournament's budget of {seconds:g} s by the clock ran out after {len(games)} games: it stopped "
               "there, and its records and standings are those of the games played") if budget.ran_out else ""
    return Tournament(contest.title, seed, ordered, games, contest, stopped)


@dataclass(frozen=True)
class _Timing:
    """What the ways of meeting pass to each game: its budget (seconds by the clock) and the tournament's."""

    game_seconds: float
    budget: _Budget


#: What a way of meeting does with each match it played: ``rate(games, total games)``, in the schedule's order.
Rate = Callable[[Sequence[Game], int], None]


def _duels(contest: Contest, seats: dict[str, _Seat], rng: random.Random, rounds: int | None,
           pool: ThreadPoolExecutor, rate: Rate, ordinal: Callable[[str], float], timing: _Timing) -> None:
    """Every pairing on both sides: a round robin, or ``rounds`` rounds against similar ratings (until the
    tournament's budget runs out)."""
    names = list(seats)
    rules = contest.rules()
    swiss = rounds if rounds is not None else (0 if len(names) <= ROUND_ROBIN_MAX else ROUNDS)
    total = len(round_robin(names)) if not swiss else swiss * (len(names) // 2) * 2
    budget = timing.budget

    def both_sides(task: tuple[tuple[str, str], tuple[int, int]]) -> list[Game]:
        (a, b), (one, other) = task
        played: list[Game] = []
        for first, second, seed in ((a, b, one), (b, a, other)):
            if not budget.left():
                break
            try:
                played.append(play_game(contest, rules, (first, seats[first]), (second, seats[second]), seed,
                                        seconds=timing.game_seconds, stop=budget.end))
            except _Stopped:
                budget.ran_out = True
                break
        if swiss:  # a large class keeps no sandbox open between its rounds
            seats[a].close()
            seats[b].close()
        return played

    for _ in range(max(1, swiss)):
        schedule = circle_rounds(names) if not swiss else [similar_ratings(names, ordinal, rng)[0::2]]
        for pairings in schedule:  # nobody plays twice in one of these: its pairings run side by side
            if not budget.left():
                return
            seeds = [(rng.randrange(1 << 30), rng.randrange(1 << 30)) for _ in pairings]
            for played in pool.map(both_sides, zip(pairings, seeds, strict=True)):
                for game in played:  # ratings move in the schedule's order, however many run at once
                    rate([game], total)


def _race(contest: Contest, seats: dict[str, _Seat], rng: random.Random, puzzles: int, pool: ThreadPoolExecutor,
          rate: Rate, timing: _Timing) -> None:
    """Every entrant plays the same ``puzzles`` in turn (its sandbox open for them all, then closed); each
    puzzle is then one match of all of them, rated in the puzzles' order. When the tournament's budget
    runs out, an entrant plays no more puzzles: a puzzle's match is then of those who played it."""
    names = list(seats)
    rules = contest.rules()
    seeds = [rng.randrange(1 << 30) for _ in range(puzzles)]
    budget = timing.budget

    def alone(name: str) -> list[Game]:
        played: list[Game] = []
        try:
            for number, seed in enumerate(seeds, 1):
                if not budget.left():
                    break
                played.append(play_alone(contest, rules, (name, seats[name]), seed, number,
                                         seconds=timing.game_seconds, stop=budget.end))
        except _Stopped:
            budget.ran_out = True
        finally:
            seats[name].close()
        return played

    played = list(pool.map(alone, names))
    for number in range(puzzles):
        match = [games[number] for games in played if len(games) > number]
        if match:
            rate(match, puzzles * len(names))


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


__all__ = ["GAME_SECONDS", "MOVE_GRACE", "MOVE_SECONDS", "PUZZLES", "REASON_CHARS", "ROUNDS", "ROUND_ROBIN_MAX",
           "START_SECONDS", "TOURNAMENT_SECONDS", "Contest", "Ends", "Entrant", "Forfeit", "Kind", "circle_rounds",
           "cut", "play_alone", "play_game", "play_tournament", "round_robin", "shown", "similar_ratings"]
