"""Bulls and cows (guess-the-numbers, source C): find a secret of different digits from the answers.

A secret is ``digits`` different digits (4 by default) taken from ``0`` to ``base - 1`` (10 by
default: 0 to 9); a leading zero is allowed, so there are 10 x 9 x 8 x 7 = 5,040 secrets. A
guess is written the same way and is answered with **bulls** (right digit in the right place)
and **cows** (right digit in the wrong place).

>>> score((0, 1, 2, 3), (3, 1, 4, 5))
(1, 1)

There are two games, one rules class with an option:

* the guessing game (``mutual=False``, one player): chance hides a secret, the player guesses
  until 4 bulls (or until ``max_guesses`` guesses, if there is a limit: then the game is lost);
* C's mutual game (``mutual=True``, two players): each player has a secret and guesses the
  other's in turn. Whoever finds the other's secret first wins; if both find it in the same
  round it is a draw, so the second player always gets the last guess of a round.

**Chance and what a player sees.** The secrets are hidden by chance steps at the start of the
game (uniform over every code: 5,040 outcomes). ``targets[p]`` is the secret player ``p``
looks for (in the mutual game that is the other player's secret). A player's observation is
the state with its own target blanked out (``None``): it sees every guess and answer, and in
the mutual game its own secret, never the one it looks for. A guess can never be asked twice
by the same player, so each player finds the secret within as many guesses as there are codes.

>>> rules = Bulls()
>>> state = rules.start_with((5, 3, 1, 0))
>>> state = rules.apply(state, (0, 1, 2, 3))
>>> print(state.answers[0][0])
0123: 0 bulls, 3 cows
>>> rules.observation(state, 0).targets
(None,)

The answer table (every guess against every secret) and the rules that choose a guess from
it (:func:`minimax_choice`: the code whose worst answer leaves the fewest secrets;
:func:`entropy_choice`: the code whose answers are spread most evenly) are here; the guessers
that use them are in :mod:`coursekit.games.bulls.players`.
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.display import Shown
from ...core.later import Later
from ...core.rules import CHANCE, GameRules, GameType, SpecFields

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
else:
    np = Later("numpy")  # imported when the answer table is first built (see coursekit.core.later)

__all__ = [
    "Answer", "AnswerTable", "Bulls", "BullsState", "Code", "Indices", "all_codes", "answer_table", "code_text",
    "consistent_codes", "entropy", "entropy_choice", "entropy_weights", "minimax_choice", "partition_sizes",
    "read_code", "score",
]

#: A secret or a guess: its digits, left to right, e.g. ``(0, 1, 2, 3)`` for 0123.
Code = tuple[int, ...]
if TYPE_CHECKING:
    #: The indices of codes in an :class:`AnswerTable` (a numpy array of whole numbers).
    Indices = npt.NDArray[np.intp]
else:
    Indices = Any


def score(guess: Code, secret: Code) -> tuple[int, int]:
    """The answer to ``guess`` when the secret is ``secret``: (bulls, cows).

    >>> score((1, 2, 3, 4), (1, 2, 4, 3)), score((5, 6, 7, 8), (1, 2, 3, 4))
    ((2, 2), (0, 0))
    """
    bulls = sum(g == s for g, s in zip(guess, secret, strict=True))
    common = len(set(guess) & set(secret))
    return bulls, common - bulls


def code_text(code: Code | None) -> str:
    """A code as a person types it: ``0123`` (``????`` for a hidden one, in base 10 or less).

    >>> code_text((0, 1, 2, 3)), code_text(None)
    ('0123', '????')
    """
    if code is None:
        return "????"
    return "".join(str(d) for d in code)


def read_code(text: str, digits: int = 4, base: int = 10) -> Code:
    """A code typed as ``0123``; a ``ValueError`` says what is wrong with it.

    >>> read_code(" 0123 ")
    (0, 1, 2, 3)
    >>> read_code("0113")
    Traceback (most recent call last):
    ...
    ValueError: the digits must all be different: 1 appears twice
    """
    typed = text.strip()
    for character in typed:
        if not character.isdigit() or not character.isascii():
            raise ValueError(f"{character!r} is not a digit: type {digits} different digits, like "
                             f"{code_text(tuple(range(digits)))}")
    if len(typed) != digits:
        raise ValueError(f"a guess has {digits} digits, not {len(typed)}")
    code = tuple(int(c) for c in typed)
    _checked(code, digits, base)
    return code


def _checked(code: Code, digits: int, base: int) -> None:
    """Raise a ``ValueError`` saying what is wrong with ``code`` (a tuple of whole numbers)."""
    reason = _code_problem(code, digits, base)
    if reason is not None:
        raise ValueError(reason)


def _code_problem(code: Any, digits: int, base: int) -> str | None:
    if not (isinstance(code, tuple) and all(type(d) is int for d in code)):
        return f"a guess is a tuple of {digits} digits, like {tuple(range(digits))}, not {code!r}"
    if len(code) != digits:
        return f"a guess has {digits} digits, not {len(code)}"
    for d in code:
        if not 0 <= d < base:
            return f"the digits are 0 to {base - 1}, not {d}"
    for d in code:
        if code.count(d) > 1:
            times = "twice" if code.count(d) == 2 else f"{code.count(d)} times"
            return f"the digits must all be different: {d} appears {times}"
    return None


@cache
def all_codes(digits: int = 4, base: int = 10) -> tuple[Code, ...]:
    """Every code of ``digits`` different digits from 0 to ``base - 1``, in increasing order.

    >>> codes = all_codes()
    >>> len(codes), codes[0], codes[-1]
    (5040, (0, 1, 2, 3), (9, 8, 7, 6))
    """
    return tuple(itertools.permutations(range(base), digits))


@dataclass(frozen=True)
class Answer:
    """A guess and its answer.

    >>> str(Answer((0, 1, 2, 3), 1, 1))
    '0123: 1 bull, 1 cow'
    """

    guess: Code
    bulls: int
    cows: int

    def __str__(self) -> str:
        return (f"{code_text(self.guess)}: {self.bulls} bull{'' if self.bulls == 1 else 's'}, "
                f"{self.cows} cow{'' if self.cows == 1 else 's'}")


@dataclass(frozen=True, repr=False)
class BullsState(Shown):
    """A game: the secrets hidden so far, each player's guesses with their answers, and whose turn it is.

    ``targets[p]`` is the secret player ``p`` looks for (``None`` where it is hidden from the one
    looking: in an observation). ``answers[p]`` lists player ``p``'s guesses, first first.
    Before chance has hidden every secret, ``targets`` is shorter than the number of players.
    """

    targets: tuple[Code | None, ...] = ()
    answers: tuple[tuple[Answer, ...], ...] = ((),)
    turn: int = 0

    def found(self, player: int) -> bool:
        """Whether ``player``'s last guess was all bulls (it found its secret)."""
        asked = self.answers[player]
        return bool(asked) and asked[-1].cows == 0 and asked[-1].bulls == len(asked[-1].guess)

    def asked(self, player: int) -> frozenset[Code]:
        """Every guess ``player`` has made."""
        return frozenset(a.guess for a in self.answers[player])

    def __repr__(self) -> str:
        return f"BullsState(targets={self.targets!r}, answers={self.answers!r}, turn={self.turn})"


@dataclass(frozen=True)
class Bulls(SpecFields, GameRules):
    """The rules: secrets of ``digits`` different digits from 0 to ``base - 1``; one player, or two (``mutual``).

    ``max_guesses`` limits each player's guesses (``None``: no limit; a player never needs more
    guesses than there are codes, since a guess cannot be asked twice).

    >>> Bulls(3, 6, mutual=True).spec()
    {'game': 'bulls', 'digits': 3, 'base': 6, 'mutual': True, 'max_guesses': None}
    >>> Bulls(4, 3)
    Traceback (most recent call last):
    ...
    ValueError: a secret of 4 different digits needs at least 4 digits to choose from, got base 3
    """

    digits: int = 4
    base: int = 10
    mutual: bool = False
    max_guesses: int | None = None
    name: ClassVar[str] = "bulls"
    game_type: ClassVar[GameType] = GameType(players=(1, 2), chance=True, perfect_information=False)

    def __post_init__(self) -> None:
        if type(self.base) is not int or not 1 <= self.base <= 10:
            raise ValueError(f"the digits come from 0 to base - 1, with a base from 1 to 10, got {self.base!r}")
        if type(self.digits) is not int or self.digits < 1:
            raise ValueError(f"a secret has at least 1 digit, got {self.digits!r}")
        if self.digits > self.base:
            raise ValueError(f"a secret of {self.digits} different digits needs at least {self.digits} digits to "
                             f"choose from, got base {self.base}")
        if type(self.mutual) is not bool:
            raise ValueError(f"mutual is True or False, got {self.mutual!r}")
        if self.max_guesses is not None and (type(self.max_guesses) is not int or self.max_guesses < 1):
            raise ValueError(f"the guess limit is a whole number of at least 1 (or None), got {self.max_guesses!r}")

    @property
    def num_players(self) -> int:
        """1 for the guessing game, 2 for the mutual game."""
        return 2 if self.mutual else 1

    @property
    def codes(self) -> tuple[Code, ...]:
        """Every secret (and every guess), in increasing order."""
        return all_codes(self.digits, self.base)

    @property
    def guess_limit(self) -> int:
        """The most guesses a player can make: ``max_guesses``, or the number of codes."""
        return len(self.codes) if self.max_guesses is None else self.max_guesses

    def initial_state(self, rng: random.Random | None = None) -> BullsState:
        """No secret hidden yet: chance moves first (the engine draws the secrets)."""
        return BullsState((), ((),) * self.num_players, 0)

    def start_with(self, *targets: Code) -> BullsState:
        """The state after chance hid ``targets`` (``targets[p]``: the secret player ``p`` looks for).

        >>> Bulls(mutual=True).start_with((0, 1, 2, 3), (4, 5, 6, 7)).targets
        ((0, 1, 2, 3), (4, 5, 6, 7))
        """
        if len(targets) != self.num_players:
            raise ValueError(f"give {self.num_players} secret(s), got {len(targets)}")
        for code in targets:
            _checked(code, self.digits, self.base)
        return BullsState(tuple(targets), ((),) * self.num_players, 0)

    def to_move(self, state: BullsState) -> int:
        return CHANCE if len(state.targets) < self.num_players else state.turn

    def chance_outcomes(self, state: BullsState) -> tuple[tuple[Code, float], ...]:
        """Chance hides a secret: every code, equally likely."""
        return _uniform(self.digits, self.base)

    def legal_moves(self, state: BullsState) -> tuple[Code, ...]:
        """Every code the player to move has not asked yet (``()`` at the end and at chance's turn)."""
        if self.is_over(state) or self.to_move(state) == CHANCE:
            return ()
        asked = state.asked(state.turn)
        return tuple(code for code in self.codes if code not in asked)

    def why_illegal(self, state: BullsState, move: Any) -> str | None:
        if self.is_over(state):
            return "the game is over"
        if self.to_move(state) == CHANCE:
            return "chance has not hidden every secret yet"
        reason = _code_problem(move, self.digits, self.base)
        if reason is not None:
            return reason
        for number, answer in enumerate(state.answers[state.turn], start=1):
            if answer.guess == move:
                return f"{code_text(move)} was asked already (guess {number}: {answer})"
        return None

    def next_state(self, state: BullsState, move: Code) -> BullsState:
        if len(state.targets) < self.num_players:
            return replace(state, targets=(*state.targets, move))
        target = state.targets[state.turn]
        if target is None:
            raise ValueError("the secret is hidden here: this is a player's observation, not the game's state")
        bulls, cows = score(move, target)
        answers = list(state.answers)
        answers[state.turn] = (*answers[state.turn], Answer(move, bulls, cows))
        return BullsState(state.targets, tuple(answers), (state.turn + 1) % self.num_players)

    def is_over(self, state: BullsState) -> bool:
        mutual = self.mutual
        if len(state.targets) < (2 if mutual else 1):  # self.num_players: the engine asks at every move
            return False
        last = state.answers[-1]
        if not mutual:
            return state.found(0) or len(last) >= self.guess_limit
        first, second = state.answers
        # The round is complete when the second player has guessed as often as the first.
        return state.found(1) or (state.found(0) and len(second) == len(first)) or len(second) >= self.guess_limit

    def winner(self, state: BullsState) -> int | None:
        """Who found the secret it looks for, alone (``None``: nobody, or both in the same round)."""
        if not self.is_over(state):
            return None
        found = [p for p in range(self.num_players) if state.found(p)]
        return found[0] if len(found) == 1 else None

    def observation(self, state: BullsState, player: int) -> BullsState:
        """The state with ``player``'s target blanked out: every answer, and its own secret, but not the one it seeks.

        >>> rules = Bulls(mutual=True)
        >>> rules.observation(rules.start_with((0, 1, 2, 3), (4, 5, 6, 7)), 1).targets
        ((0, 1, 2, 3), None)
        """
        hidden = tuple(None if p == player else code for p, code in enumerate(state.targets))
        return BullsState(hidden, state.answers, state.turn)  # replace(state, targets=hidden), without its look-ups

    def own_secret(self, state: BullsState, player: int) -> Code | None:
        """The secret ``player`` hid in the mutual game (the one the other looks for); ``None`` in the guessing game."""
        if not self.mutual or len(state.targets) < 2:
            return None
        return state.targets[1 - player]

    def max_game_length(self) -> int:
        """Each player guesses at most :attr:`guess_limit` times."""
        return self.guess_limit * self.num_players



@cache
def _uniform(digits: int, base: int) -> tuple[tuple[Code, float], ...]:
    codes = all_codes(digits, base)
    return tuple((code, 1 / len(codes)) for code in codes)


# ---------------------------------------------------------------------------------------------
# The answer table: every guess against every secret, computed once.
# ---------------------------------------------------------------------------------------------

@dataclass(frozen=True, eq=False)
class AnswerTable:
    """Every answer at once: ``answers[g, s]`` is the answer to code ``g`` when the secret is code ``s``.

    An answer is stored as one small number, ``bulls * (digits + 1) + cows`` (:meth:`number`),
    in a numpy array of bytes: 5,040 x 5,040 answers take 25.4 MB. Codes are numbered in the
    order of :func:`all_codes`. ``seconds`` is how long the table took to build.

    >>> table = answer_table(3, 5)
    >>> table.answers.shape, table.answer(table.index[(0, 1, 2)], table.index[(2, 1, 4)])
    ((60, 60), (1, 1))
    """

    digits: int
    base: int
    codes: tuple[Code, ...]
    index: dict[Code, int]
    answers: npt.NDArray[np.uint8]
    seconds: float = field(default=0.0, compare=False)

    @property
    def size(self) -> int:
        """How many codes there are."""
        return len(self.codes)

    @property
    def kinds(self) -> int:
        """How many answer numbers there can be: ``(digits + 1) ** 2`` (some never occur)."""
        return (self.digits + 1) ** 2

    def number(self, bulls: int, cows: int) -> int:
        """An answer as one number."""
        return bulls * (self.digits + 1) + cows

    def answer(self, guess: int, secret: int) -> tuple[int, int]:
        """The answer (bulls, cows) to code number ``guess`` when the secret is code number ``secret``."""
        return divmod(int(self.answers[guess, secret]), self.digits + 1)

    @property
    def all_found(self) -> int:
        """The answer number of all bulls."""
        return self.number(self.digits, 0)


@cache
def answer_table(digits: int = 4, base: int = 10) -> AnswerTable:
    """The :class:`AnswerTable` of these codes, built once with numpy (about 0.1 s for 5,040 codes).

    Bulls are counted place by place; the digits two codes share come from a product of their
    "which digits occur" rows (a 0/1 matrix), and cows are the shared digits that are not bulls.

    >>> table = answer_table(2, 3)
    >>> table.codes
    ((0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1))
    >>> [table.answer(0, s) for s in range(table.size)]
    [(2, 0), (1, 0), (0, 2), (0, 1), (0, 1), (1, 0)]
    """
    began = time.perf_counter()
    codes = all_codes(digits, base)
    grid = np.array(codes, dtype=np.int8).reshape(len(codes), digits)
    bulls = np.zeros((len(codes), len(codes)), dtype=np.uint8)
    for place in range(digits):
        bulls += grid[:, place][:, None] == grid[:, place][None, :]
    occurs = np.zeros((len(codes), base), dtype=np.uint8)
    np.put_along_axis(occurs, grid.astype(np.intp), 1, axis=1)
    shared = (occurs @ occurs.T).astype(np.uint8)
    table = bulls * np.uint8(digits + 1) + (shared - bulls)
    index = {code: i for i, code in enumerate(codes)}
    return AnswerTable(digits, base, codes, index, table, time.perf_counter() - began)


def consistent_codes(table: AnswerTable, answers: Sequence[Answer]) -> Indices:
    """The numbers of every code that would have given all these answers (the secrets still possible).

    >>> table = answer_table(2, 3)
    >>> [table.codes[i] for i in consistent_codes(table, [Answer((0, 1), 1, 0)])]
    [(0, 2), (2, 1)]
    """
    left: Indices = np.arange(table.size, dtype=np.intp)
    for answer in answers:
        row = table.answers[table.index[answer.guess]]
        left = left[row[left] == table.number(answer.bulls, answer.cows)]
    return left


def partition_sizes(table: AnswerTable, left: Indices, guesses: Indices | None = None) -> npt.NDArray[np.int64]:
    """For each guess (every code by default), how many of the secrets ``left`` give each answer.

    Row ``i`` belongs to ``guesses[i]``, column ``a`` to answer number ``a``. Built by one
    ``bincount`` over a block of guesses at a time (so memory stays small).

    >>> table = answer_table(2, 3)
    >>> sizes = partition_sizes(table, np.arange(6))
    >>> sizes[0, table.number(0, 1)], sizes[0, table.number(2, 0)]
    (np.int64(2), np.int64(1))
    """
    rows = np.arange(table.size, dtype=np.intp) if guesses is None else guesses
    kinds = table.kinds
    out = np.empty((len(rows), kinds), dtype=np.int64)
    block = max(1, 4_000_000 // max(1, len(left)))
    for start in range(0, len(rows), block):
        chosen = rows[start:start + block]
        sub = table.answers[np.ix_(chosen, left)].astype(np.intp)
        sub += (np.arange(len(chosen), dtype=np.intp) * kinds)[:, None]
        out[start:start + len(chosen)] = np.bincount(sub.ravel(), minlength=len(chosen) * kinds).reshape(-1, kinds)
    return out


def _best(keys: npt.NDArray[np.float64], left: Indices, size: int, tolerance: float = 0.0) -> int:
    """The code with the smallest key; on a tie (within ``tolerance``) a consistent code, then the lowest number."""
    tied = np.flatnonzero(keys <= keys.min() + tolerance)
    consistent = np.zeros(size, dtype=bool)
    consistent[left] = True
    preferred = tied[consistent[tied]]
    return int(preferred[0] if preferred.size else tied[0])


def minimax_choice(table: AnswerTable, left: Indices) -> int:
    """Knuth's rule: the code (among *all* codes) whose worst answer leaves the fewest secrets.

    On a tie a code that may be the secret is preferred (it may win at once), then the lowest
    number. With one or two secrets left that is the first of them.

    >>> table = answer_table(2, 3)
    >>> table.codes[minimax_choice(table, np.arange(6))]
    (0, 1)
    """
    if len(left) <= 2:
        return int(left[0])
    worst = partition_sizes(table, left).max(axis=1).astype(np.float64)
    return _best(worst, left, table.size)


def entropy_choice(table: AnswerTable, left: Indices) -> int:
    """The code (among all codes) whose answers are spread most evenly: the largest entropy.

    The entropy of a guess is ``-sum(p * log p)`` over its answers, ``p`` the share of the
    secrets left that give that answer; the largest entropy has the smallest ``sum(n * log n)``
    over the answer counts ``n`` (:func:`entropy_weights`). Ties (within 1e-9) prefer a code
    that may be the secret, then the lowest number. With one or two secrets left: the first of them.

    >>> table = answer_table(2, 3)
    >>> table.codes[entropy_choice(table, np.arange(6))]
    (0, 1)
    """
    if len(left) <= 2:
        return int(left[0])
    return _best(entropy_weights(table, left), left, table.size, tolerance=1e-9)


def entropy_weights(table: AnswerTable, left: Indices) -> npt.NDArray[np.float64]:
    """For each code, ``sum(n * log n)`` over the sizes ``n`` of the groups its answers split ``left`` into
    (the smaller, the larger the entropy: ``log N - weight / N`` for ``N`` secrets left)."""
    sizes = partition_sizes(table, left).astype(np.float64)
    weights: npt.NDArray[np.float64] = (sizes * np.log(np.where(sizes > 0, sizes, 1.0))).sum(axis=1)
    return weights


def entropy(sizes: Sequence[int]) -> float:
    """The entropy (in bits) of answers that split the secrets into groups of these sizes.

    >>> entropy([1, 1, 2])
    1.5
    """
    total = sum(sizes)
    return -sum(n / total * math.log2(n / total) for n in sizes if n)
