"""The computer guessers of bulls and cows, and how many guesses each needs over every secret.

A guesser is a strategy that sees its observation (its own answers), never the secret:
C's (:func:`consistent_strategy`, a random secret consistent with every answer so far),
Knuth-style minimax (:func:`minimax_strategy`) and maximum entropy with a guard
(:func:`entropy_strategy`); plain greedy entropy (:func:`greedy_entropy_strategy`) is measured
too. :data:`COMPUTERS` names the three the terminal and the board offer; each is made from a
seeded generator (``make(rng)``: only C's guesser uses it). :func:`guess_counts` plays a
guesser against every secret.

>>> import random
>>> from coursekit.games.bulls import Bulls
>>> rules = Bulls(3, 5)
>>> COMPUTERS["consistent"](random.Random(1))(rules, rules.observation(rules.start_with((0, 1, 2)), 0))
(0, 3, 4)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from ...core.later import Later
from .rules import (
    Answer,
    AnswerTable,
    Bulls,
    BullsState,
    Code,
    Indices,
    _best,
    answer_table,
    consistent_codes,
    entropy_choice,
    entropy_weights,
    minimax_choice,
)

if TYPE_CHECKING:
    import numpy as np
else:
    np = Later("numpy")  # imported when the answer table is first built (see coursekit.core.later)

__all__ = [
    "COMPUTERS", "GUESSERS", "MEASURED", "GuardedPlan", "GuessCounts", "Guesser", "consistent_strategy",
    "entropy_strategy", "greedy_entropy_strategy", "guarded_plan", "guess_counts", "guesser", "minimax_strategy",
    "secret_rng",
]

#: A guesser: from the rules and what it sees (its observation) to its next guess.
Guesser = Callable[[Bulls, BullsState], Code]
#: A rule that picks the next guess (a code number) from the secrets left; the first guess is fixed.
Choice = Callable[[AnswerTable, Indices], int]


def _own_answers(state: BullsState) -> tuple[Answer, ...]:
    return state.answers[state.turn]


def _random_pick(rng: random.Random, left: Indices) -> int:
    """C's pick: any of the secrets left, at random."""
    return int(left[rng.randrange(len(left))])


def consistent_strategy(rng: random.Random | None = None) -> Guesser:
    """C's computer: a random code among those consistent with every answer so far (seeded by ``rng``).

    C describes it as generating a candidate and throwing away those that disagree with the
    answers so far; guessing one of the remaining secrets uniformly at random is the same.
    Its first guess is a random code too. It never asks a guess that cannot be the secret.

    >>> rules = Bulls(3, 5)
    >>> guess = consistent_strategy(random.Random(1))
    >>> guess(rules, rules.observation(rules.start_with((0, 1, 2)), 0))
    (0, 3, 4)
    """
    chooser = random.Random(0) if rng is None else rng

    def choose(rules: Bulls, state: BullsState) -> Code:
        table = answer_table(rules.digits, rules.base)
        return table.codes[_random_pick(chooser, consistent_codes(table, _own_answers(state)))]

    return choose


def _deterministic(choice: Choice) -> Guesser:
    def choose(rules: Bulls, state: BullsState) -> Code:
        return _decided(choice, rules.digits, rules.base, _own_answers(state))

    return choose


@lru_cache(maxsize=1 << 16)
def _decided(choice: Choice, digits: int, base: int, answers: tuple[Answer, ...]) -> Code:
    """The guess ``choice`` makes after ``answers`` (the first code before any answer).

    It depends on nothing else, so every guesser made with ``choice`` shares it, worked out once
    (a measurement plays thousands of games, each with a new guesser).

    >>> _decided(minimax_choice, 3, 6, ()), _decided(minimax_choice, 3, 6, (Answer((0, 1, 2), 0, 0),))
    ((0, 1, 2), (3, 4, 5))
    """
    table = answer_table(digits, base)
    number = 0 if not answers else choice(table, consistent_codes(table, answers))
    return table.codes[number]


def minimax_strategy() -> Guesser:
    """Knuth-style minimax (:func:`minimax_choice`); its first guess is fixed: 0123 (the first code).

    Every first guess is as good as any other (renaming the digits and the places turns one
    into another), so fixing it loses nothing. Decisions are remembered by the answers so far.

    >>> rules = Bulls()
    >>> minimax_strategy()(rules, rules.observation(rules.start_with((5, 3, 1, 0)), 0))
    (0, 1, 2, 3)
    """
    return _deterministic(minimax_choice)


def greedy_entropy_strategy() -> Guesser:
    """Plain greedy maximum entropy (:func:`entropy_choice` at every guess); first guess fixed: 0123.

    On 4 digits of 10 it averages 5.2429 guesses, but one secret takes 8: see :func:`entropy_strategy`.
    """
    return _deterministic(entropy_choice)


def _entropy_ranking(table: AnswerTable, left: Indices, tries: int) -> Iterator[int]:
    """The entropy guesser's preferences: its own choice first, then (only if asked for) the next best codes."""
    if len(left) <= 2:
        yield from (int(i) for i in left)
        return
    weights = entropy_weights(table, left)
    first = _best(weights, left, table.size, tolerance=1e-9)
    yield first
    consistent = np.zeros(table.size, dtype=bool)
    consistent[left] = True
    order = np.lexsort((np.arange(table.size), ~consistent, weights))
    yield from (int(i) for i in order[:tries] if i != first)


@dataclass
class GuardedPlan:
    """The guarded entropy guesser's decisions: ``guesses[(secrets left, guess number)]`` is its guess.

    ``limit`` is the most guesses it may take (the minimax guesser's worst case, 7 on 4 digits of 10).
    """

    table: AnswerTable
    limit: int
    tries: int = 20
    guesses: dict[tuple[bytes, int], int] = field(default_factory=dict)
    failed: set[tuple[bytes, int]] = field(default_factory=set)

    def plan(self, left: Indices, number: int) -> bool:
        """Whether the secrets ``left`` can all be found by guess ``limit`` when guess ``number`` comes next
        (and if so, the guesses that do it are remembered)."""
        key = (left.tobytes(), number)
        if key in self.guesses:
            return True
        if key in self.failed or number > self.limit:
            return False
        ranked = iter([0]) if number == 1 else _entropy_ranking(self.table, left, self.tries)
        for guess in ranked:
            row = self.table.answers[guess, left]
            groups = [left[row == a] for a in np.unique(row) if a != self.table.all_found]
            if all(self.plan(group, number + 1) for group in groups):
                self.guesses[key] = guess
                return True
        self.failed.add(key)
        return False


@cache
def guarded_plan(digits: int = 4, base: int = 10) -> GuardedPlan:
    """The guarded entropy guesser's whole plan for these codes (built once: about 1.5 s for 5,040)."""
    table = answer_table(digits, base)
    plan = GuardedPlan(table, guess_counts("minimax", digits, base).worst)
    if not plan.plan(np.arange(table.size, dtype=np.intp), 1):
        raise RuntimeError("no plan within the minimax worst case")  # cannot happen: minimax's plan is one
    return plan


def entropy_strategy() -> Guesser:
    """Maximum entropy with a guard: it never needs more guesses than minimax's worst case (7 on 4 of 10).

    It guesses as :func:`entropy_choice` does, except where that guess would leave some secret
    needing more than the limit: there it takes the next best guess by entropy that finishes
    every secret in time (a small search, done once for the whole plan: :func:`guarded_plan`).
    On 4 digits of 10 this changes one decision of the greedy guesser; the first guess is fixed: 0123.

    >>> rules = Bulls(3, 6)
    >>> entropy_strategy()(rules, rules.observation(rules.start_with((5, 3, 1)), 0))
    (0, 1, 2)
    """

    def choose(rules: Bulls, state: BullsState) -> Code:
        plan = guarded_plan(rules.digits, rules.base)
        answers = _own_answers(state)
        left = consistent_codes(plan.table, answers)
        number = len(answers) + 1
        if not plan.plan(left, number):  # a history the plan did not make: plain entropy
            return plan.table.codes[0 if not answers else entropy_choice(plan.table, left)]
        return plan.table.codes[plan.guesses[(left.tobytes(), number)]]

    return choose


#: Every computer guesser by name, in the order the terminal and the board offer them (the first,
#: C's, is the one that plays unless told otherwise).
COMPUTERS: dict[str, Callable[[random.Random], Guesser]] = {
    "consistent": consistent_strategy,
    "minimax": lambda rng: minimax_strategy(),
    "entropy": lambda rng: entropy_strategy(),
}
#: The guessers by the name the terminal and the board use.
GUESSERS = tuple(COMPUTERS)
#: Every guesser :func:`guess_counts` measures: the terminal's three and plain greedy entropy.
MEASURED = (*GUESSERS, "greedy-entropy")


def guesser(name: str, rng: random.Random | None = None) -> Guesser:
    """The guesser called ``name`` (``"consistent"`` uses ``rng``).

    >>> guesser("chess")
    Traceback (most recent call last):
    ...
    ValueError: the guessers are consistent, minimax and entropy, not 'chess'
    """
    if name == "consistent":
        return consistent_strategy(rng)
    if name == "minimax":
        return minimax_strategy()
    if name == "entropy":
        return entropy_strategy()
    if name == "greedy-entropy":
        return greedy_entropy_strategy()
    raise ValueError(f"the guessers are consistent, minimax and entropy, not {name!r}")


# ---------------------------------------------------------------------------------------------
# Measurements: how many guesses a guesser needs, over every secret.
# ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class GuessCounts:
    """How many guesses a guesser took on each secret: ``distribution[k]`` secrets took ``k`` guesses.

    >>> counts = GuessCounts("minimax", 2, 3, (0, 1, 3, 2))
    >>> counts.secrets, counts.average, counts.worst
    (6, 2.1666666666666665, 3)
    """

    guesser: str
    digits: int
    base: int
    distribution: tuple[int, ...]
    seed: int | None = None
    seconds: float = field(default=0.0, compare=False)

    @property
    def secrets(self) -> int:
        """How many secrets were played."""
        return sum(self.distribution)

    @property
    def total(self) -> int:
        """All guesses over every secret."""
        return sum(k * n for k, n in enumerate(self.distribution))

    @property
    def average(self) -> float:
        """Guesses per secret."""
        return self.total / self.secrets

    @property
    def worst(self) -> int:
        """The most guesses any secret took."""
        return max(k for k, n in enumerate(self.distribution) if n)

    def __str__(self) -> str:
        spread = ", ".join(f"{k}: {n}" for k, n in enumerate(self.distribution) if n)
        return (f"average: {self.average:.4f} ({self.total:,} / {self.secrets:,})\nworst: {self.worst}\n"
                f"distribution (guesses: secrets): {spread}")


def _fixed_first(table: AnswerTable, choice: Choice) -> Callable[[Indices, int], int]:
    """``choice``, except that the first guess is the first code (0123)."""
    return lambda left, number: 0 if number == 1 else choice(table, left)


def _count(found: list[int], guesses: int) -> None:
    while len(found) <= guesses:
        found.append(0)
    found[guesses] += 1


def _tree_counts(table: AnswerTable, choose: Callable[[Indices, int], int], found: list[int]) -> None:
    """Walk a guesser's decision tree: each group of secrets that gave the same answers gets one guess,
    ``choose(left, number)`` (the secrets left, the number of the guess)."""
    groups: list[tuple[Indices, int]] = [(np.arange(table.size, dtype=np.intp), 1)]
    while groups:
        left, guesses = groups.pop()
        guess = choose(left, guesses)
        row = table.answers[guess, left]
        for number in np.unique(row):
            group = left[row == number]
            if number == table.all_found:
                _count(found, guesses)
            else:
                groups.append((group, guesses + 1))


def _random_counts(table: AnswerTable, seed: int, found: list[int]) -> None:
    for secret in range(table.size):
        rng = secret_rng(seed, secret)
        left: Indices = np.arange(table.size, dtype=np.intp)
        guesses = 0
        while True:
            guess = _random_pick(rng, left)
            guesses += 1
            if guess == secret:
                break
            row = table.answers[guess]
            left = left[row[left] == row[secret]]
        _count(found, guesses)


def secret_rng(seed: int, secret: int) -> random.Random:
    """The generator C's guesser uses on secret number ``secret`` when measured with ``seed``."""
    return random.Random(seed * 1_000_003 + secret)


def guess_counts(name: str, digits: int = 4, base: int = 10, seed: int = 0) -> GuessCounts:
    """Play guesser ``name`` against every secret and count its guesses.

    The deterministic guessers are followed through their decision tree (every secret that has
    given the same answers gets the same next guess); C's guesser plays each secret number ``i``
    with its own generator, :func:`secret_rng` ``(seed, i)``. The answer table is built first
    (and not counted in ``seconds``).

    >>> counts = guess_counts("minimax", 3, 6)
    >>> counts.secrets, counts.worst, round(counts.average, 3)
    (120, 5, 3.75)
    """
    if name not in MEASURED:
        guesser(name)  # says what the names are
    table = answer_table(digits, base)
    found: list[int] = []
    began = time.perf_counter()
    if name == "consistent":
        _random_counts(table, seed, found)
    elif name == "entropy":
        plan = guarded_plan(digits, base)
        _tree_counts(table, lambda left, number: plan.guesses[(left.tobytes(), number)], found)
    else:
        _tree_counts(table, _fixed_first(table, minimax_choice if name == "minimax" else entropy_choice), found)
    return GuessCounts(name, digits, base, tuple(found), seed if name == "consistent" else None,
                       time.perf_counter() - began)

