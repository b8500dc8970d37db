"""Checks for the bulls and cows assignment: a student's guesser ``next_guess(history)``.

Students work with plain values. A code (a secret or a guess) is a string of 4 different
digits, ``"0123"`` (a leading zero is allowed: 5,040 codes). The **history** is a list of
``(guess, bulls, cows)`` tuples, the first guess first, empty before the first guess.
``next_guess(history)`` returns the next guess, a string.

Two things are graded:

- **consistency** (:func:`check_consistency`, all or nothing; :func:`score_consistency`,
  one share per history): on histories taken from seeded games, the guess must be a code
  that could still be the secret, that is, it would have given every answer of the history;
- **the average** (:func:`score_average`): the grader plays the guesser against a seeded
  sample of secrets, calling ``next_guess`` once per guess; a secret not found within
  :data:`MAX_GUESSES` guesses (a malformed or repeated guess, an error or a call over the
  time limit ends it at once) counts as :data:`PENALTY` guesses. The grader also plays the
  course's reference guesser (:func:`reference_guess`, here in its own process) on the same
  secrets; the points follow the student's average against the reference's on the scale
  :func:`average_points`, so the reference earns full points on every draw of secrets.

>>> score("0123", "3145")
(1, 1)
>>> check_consistency(lambda history: "0123", [[("4567", 0, 1)]])
Traceback (most recent call last):
...
AssertionError: next_guess([('4567', 0, 1)]) returned '0123', which cannot be the secret: if the secret were \
0123, guess 1, 4567, would have scored 0 bulls, 0 cows, but it was answered 0 bulls, 1 cow. Ask only codes that \
could still be the secret, for example '0124'.
<BLANKLINE>
The history:
  guess 1: 4567  0 bulls, 1 cow
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ...grading.answers import shown as show
from ...grading.kernel import Case, Check, Malformed, Outcome, Score, ask, context_of, run_check, seed_random
from ...grading.limits import Calls

#: One answered guess: (guess, bulls, cows).
Entry = tuple[str, int, int]
History = list[Entry]

#: A secret not found by this many guesses is a failure.
MAX_GUESSES = 12
#: What a failure counts as in the average.
PENALTY = 15
#: The scale of :func:`average_points`, relative to the reference's average on the same secrets: full
#: points up to ``TOLERANCE`` guesses more than the reference, none from ``TOLERANCE + WIDTH`` more.
#: ``TOLERANCE`` is one standard deviation of the luck of the draw: over 3,000 samples of 100 secrets,
#: the difference between two guessers' averages on the same sample has a standard deviation of
#: 0.09 (entropy, 5.243 over all 5,040 secrets, and Knuth's minimax, 5.385, each against the
#: reference, 5.356). Entropy gets full points on 99 draws of 100, minimax on 4 of 5, and at
#: worst loses about 1 point of 10; a guesser clearly weaker than the reference does not get them.
#: ``WIDTH`` is the width of the former absolute scale (5.3 to 7.0).
TOLERANCE = 0.1
WIDTH = 1.7
#: The seconds all the student's calls of one graded test may take together.
TOTAL_SECONDS = 6.0
PER_CALL = 1.0


def all_secrets() -> list[str]:
    """Every code, in increasing order.

    >>> codes = all_secrets()
    >>> len(codes), codes[0], codes[-1]
    (5040, '0123', '9876')
    """
    return ["".join(p) for p in itertools.permutations("0123456789", 4)]


def score(secret: str, guess: str) -> tuple[int, int]:
    """The answer ``(bulls, cows)`` to ``guess`` when the secret is ``secret`` (the same either way round).

    >>> score("0123", "0132"), score("0123", "4567")
    ((2, 2), (0, 0))
    """
    digits = _DIGITS or _digits()  # the global (not a call) on every call but the first: as fast as before
    mask_s = digits.get(secret) if isinstance(secret, str) else None
    mask_g = digits.get(guess) if isinstance(guess, str) else None
    if mask_s is not None and mask_g is not None:  # two codes (the graders' millions of calls): no sets made
        bulls = (secret[0] == guess[0]) + (secret[1] == guess[1]) + (secret[2] == guess[2]) + (secret[3] == guess[3])
        return bulls, (mask_s & mask_g).bit_count() - bulls
    bulls = sum(1 for s, g in zip(secret, guess, strict=True) if s == g)
    return bulls, len(set(secret) & set(guess)) - bulls


#: Each code's digits as a bit mask (bit ``d`` for the digit ``d``): two codes share ``(a & b).bit_count()``
#: digits. Empty until first used (:func:`_digits` fills it), so that importing the module does no work.
_DIGITS: dict[str, int] = {}


def _digits() -> dict[str, int]:
    """:data:`_DIGITS`, filled the first time it is asked for.

    >>> _digits()["0123"], (_digits()["0123"] & _digits()["3210"]).bit_count(), len(_digits())
    (15, 4, 5040)
    """
    if not _DIGITS:
        _DIGITS.update((code, sum(1 << int(digit) for digit in code)) for code in all_secrets())
    return _DIGITS


def answer_text(bulls: int, cows: int) -> str:
    """``"1 bull, 2 cows"``."""
    return f"{bulls} bull{'' if bulls == 1 else 's'}, {cows} cow{'' if cows == 1 else 's'}"


def history_text(history: Sequence[Entry]) -> str:
    """The history as the student reads it, one guess a line.

    >>> print(history_text([("0123", 1, 2)]))
    The history:
      guess 1: 0123  1 bull, 2 cows
    """
    if not history:
        return "The history is empty (no guess yet)."
    lines = [f"  guess {n}: {g}  {answer_text(b, c)}" for n, (g, b, c) in enumerate(history, start=1)]
    return "The history:\n" + "\n".join(lines)


def contradiction(code: str, history: Sequence[Entry]) -> tuple[int, tuple[int, int]] | None:
    """The first guess of ``history`` (its number) whose answer ``code`` contradicts, and what it would have scored.

    >>> contradiction("0123", [("0145", 2, 0), ("4567", 0, 1)])
    (2, (0, 0))
    >>> contradiction("0189", [("0145", 2, 0)]) is None
    True
    """
    for number, (guess, bulls, cows) in enumerate(history, start=1):
        would = score(code, guess)
        if would != (bulls, cows):
            return number, would
    return None


def possible(history: Sequence[Entry]) -> list[str]:
    """Every code consistent with the history (that could be the secret).

    >>> possible([("0123", 4, 0)])
    ['0123']
    """
    return [code for code in all_secrets() if contradiction(code, history) is None]


def code_problem(raw: Any) -> str | None:
    """Why ``raw`` is not a code (a ``str`` of 4 different digits); ``None`` if it is one.

    >>> code_problem("0123"), code_problem("0113"), code_problem((0, 1, 2, 3))
    (None, 'the digits must all be different', "it must return a str of 4 different digits, like '0123'")
    """
    if type(raw) is not str:
        return "it must return a str of 4 different digits, like '0123'"
    text = str.__str__(raw)
    if len(text) != 4 or not all(ch in "0123456789" for ch in text):
        return "a guess is 4 digits 0 to 9, like '0123'"
    if len(set(text)) != 4:
        return "the digits must all be different"
    return None


def _call(history: Sequence[Entry]) -> str:
    return f"next_guess({list(history)})"


def _case(history: Sequence[Sequence[Any]]) -> Case:
    entries = [(str(g), int(b), int(c)) for g, b, c in history]
    return Case((entries,), _call(entries), tuple(entries))


def _read_guess(raw: Any, case: Case) -> str | Malformed:
    problem = code_problem(raw)
    return Malformed(problem) if problem is not None else str.__str__(raw)


def teach_guess(case: Case, guess: str) -> str | None:
    """``None`` if ``guess`` could be the secret; else the history, the answer it contradicts, a consistent guess."""
    history: tuple[Entry, ...] = case.data
    found = contradiction(guess, history)
    if found is None:
        return None
    number, would = found
    asked, bulls, cows = history[number - 1]
    example = possible(history)[0]
    repeated = " (it was asked already)" if guess == asked else ""
    return (f"{case.shown} returned {guess!r}, which cannot be the secret{repeated}: if the secret were {guess}, "
            f"guess {number}, {asked}, would have scored {answer_text(*would)}, but it was answered "
            f"{answer_text(bulls, cows)}. Ask only codes that could still be the secret, for example {example!r}."
            f"\n\n{history_text(history)}")


def consistency_check(histories: Iterable[Sequence[Sequence[Any]]], *, per_call: float = PER_CALL,
                      total: float = TOTAL_SECONDS) -> Check:
    """The check of ``next_guess``: on every history, a code that could still be the secret."""
    cases = []
    for history in histories:
        case = _case(history)
        if not possible(case.data) or any(b == 4 for _, b, _ in case.data):
            raise ValueError(f"not a history to test: {history}")
        cases.append(case)
    return Check("next_guess", cases, reference=lambda case: None, read=_read_guess,
                 judge=lambda case, guess, expected: teach_guess(case, guess),
                 share=lambda case, guess, expected: _share(case, guess),
                 context=lambda case: history_text(case.data), per_call=per_call, total=total)


def _share(case: Case, guess: Any) -> tuple[float, str]:
    if isinstance(guess, Malformed):
        return 0.0, f"{case.shown}: no code, share 0"
    right = contradiction(guess, case.data) is None
    return (1.0 if right else 0.0), f"{case.shown}: {guess!r}, {'consistent' if right else 'inconsistent'}"


def check_consistency(func: Callable[..., Any], histories: Iterable[Sequence[Sequence[Any]]], *,
                      seed: int = 0) -> int:
    """All or nothing: on every history ``func`` returns a code consistent with every answer.

    ``random.seed(seed)`` comes first, so a guesser that uses ``random`` gets the same result every run.

    >>> check_consistency(lambda history: "0123", [[], [("4567", 0, 0)]])
    2
    """
    seed_random(func, seed)
    return run_check(func, consistency_check(histories))


def score_consistency(func: Callable[..., Any], histories: Iterable[Sequence[Sequence[Any]]], points: float, *,
                      seed: int = 0, report: Callable[[str], None] | None = print) -> float:
    """Partial points: each history on which the guess is consistent earns an equal share; the first miss is taught.

    A malformed answer, an error or a call over the limit earns nothing for its history only.

    >>> score_consistency(lambda history: "0123", [[], [("4567", 0, 1)]], 4, report=None)
    2.0
    """
    check = consistency_check(histories)
    relaxed = Check(check.name, check.cases, check.reference, _read_lenient, lambda case, guess, expected: None,
                    share=check.share, per_call=check.per_call, total=check.total)
    seed_random(func, seed)
    scale = "histories, one share each when your guess could still be the secret"
    result = _score_lenient(func, relaxed, points, scale, report)
    if report is not None:
        missed = next((o for o, s in zip(result.outcomes, result.shares, strict=True) if s < 1), None)
        if missed is not None:
            why = (f"{missed.value.reason}\n\n{history_text(missed.case.data)}" if isinstance(missed.value, Malformed)
                   else teach_guess(missed.case, missed.value))
            report(f"The first history where your guess is not right:\n{why}")
    return result.earned


def _read_lenient(raw: Any, case: Case) -> str | Malformed:
    """A code, or a :class:`Malformed` that keeps the raw answer shown (it earns no share, and the rest goes on)."""
    problem = code_problem(raw)
    return Malformed(f"{case.shown} returned {show(raw)}; {problem}.") if problem is not None else str.__str__(raw)


def _score_lenient(func: Callable[..., Any], check: Check, points: float, scale: str,
                   report: Callable[[str], None] | None) -> Score:
    """Like :func:`score_check`, but a call that fails (raises, too slow, malformed) earns 0 for its case only."""
    calls = check.calls()
    result = Score(check.name, points, unit="histories")
    for case in check.cases:
        try:
            raw = ask(func, case, calls, context_of(check, case))
            value = check.read(raw, case)
        except AssertionError as error:
            value = Malformed(str(error).split("\n\n")[0])
        assert check.share is not None
        share, line = check.share(case, value, None)
        result.shares.append(share)
        result.lines.append(line)
        result.outcomes.append(Outcome(case, value, None))
    result.report(scale, report)
    return result


def hidden_histories(count: int, seed: int) -> list[History]:
    """``count`` different histories of 1 to 5 guesses from seeded games, the secret not found yet.

    Half come from a guesser that asks random consistent codes, half from one that asks any
    random code it has not asked (so they hold inconsistent guesses too); they alternate.

    >>> found = hidden_histories(6, seed=3)
    >>> found == hidden_histories(6, seed=3), sorted(len(h) for h in found)[0] >= 1
    (True, True)
    """
    rng = random.Random(seed)
    codes = all_secrets()
    chosen: list[History] = []
    seen: set[tuple[Entry, ...]] = set()
    while len(chosen) < count:
        consistent = len(chosen) % 2 == 0
        secret = rng.choice(codes)
        length = rng.randint(1, 5)
        history: History = []
        while len(history) < length:
            pool = possible(history) if consistent else [c for c in codes if c not in {g for g, _, _ in history}]
            guess = rng.choice(pool)
            history.append((guess, *score(secret, guess)))
        if history[-1][1] == 4 or any(b == 4 for _, b, _ in history) or tuple(history) in seen:
            continue
        seen.add(tuple(history))
        chosen.append(history)
    return chosen


def hidden_secrets(count: int, seed: int) -> list[str]:
    """``count`` different secrets drawn with a seeded generator.

    >>> hidden_secrets(3, seed=1) == hidden_secrets(3, seed=1)
    True
    """
    return random.Random(seed).sample(all_secrets(), count)


@dataclass(frozen=True)
class Game:
    """One secret played: the guesses asked, whether it was found, and why it ended otherwise."""

    number: int
    secret: str
    history: tuple[Entry, ...]
    found: bool
    problem: str = ""

    @property
    def counted(self) -> int:
        """The guesses counted in the average: as many as were asked, or :data:`PENALTY` for a failure."""
        return len(self.history) if self.found else PENALTY

    def line(self) -> str:
        guesses = " ".join(g for g, _, _ in self.history)
        if self.found:
            return f"secret {self.secret}: found in {len(self.history)} ({guesses})"
        return f"secret {self.secret}: not found, counts {PENALTY} ({guesses})"


def play_secret(func: Callable[..., Any], secret: str, number: int, seed: int, calls: Calls) -> Game:
    """Play ``func`` against ``secret``: ``random.seed(seed + number)`` first, then one call per guess."""
    seed_random(func, seed + number)
    history: History = []
    while len(history) < MAX_GUESSES:
        case = Case((list(history),), _call(history), tuple(history))
        if calls.spent > calls.total:
            return Game(number, secret, tuple(history), False,
                        f"the time for all the calls of this test ({calls.total:g} s) was used up")
        try:
            raw = ask(func, case, calls, history_text(history))
        except AssertionError as error:
            return Game(number, secret, tuple(history), False, str(error))
        problem = code_problem(raw)
        if problem is not None:
            return Game(number, secret, tuple(history), False,
                        f"{case.shown} returned {show(raw)}; {problem}.\n\n{history_text(history)}")
        guess = str.__str__(raw)
        if any(g == guess for g, _, _ in history):
            return Game(number, secret, tuple(history), False,
                        f"{case.shown} returned {guess!r}, which was asked already.\n\n{history_text(history)}")
        history.append((guess, *score(secret, guess)))
        if guess == secret:
            return Game(number, secret, tuple(history), True)
    return Game(number, secret, tuple(history), False,
                f"{MAX_GUESSES} guesses asked, none of them the secret.\n\n{history_text(history)}")


def full_and_zero(reference: float) -> tuple[float, float]:
    """The averages of full points and of none, for a reference average of ``reference`` on the same secrets.

    >>> full_and_zero(5.3)
    (5.4, 7.1)
    """
    full = round(reference + TOLERANCE, 6)
    return full, round(full + WIDTH, 6)


def average_points(average: float, points: float, reference: float) -> float:
    """Full ``points`` up to :data:`TOLERANCE` guesses above the ``reference`` average, none from
    :data:`WIDTH` guesses further, linear between (:func:`full_and_zero`).

    >>> average_points(5.3, 10, reference=5.3), average_points(6.25, 10, reference=5.3)
    (10.0, 5.0)
    >>> average_points(5.5, 10, reference=5.4), average_points(7.5, 10, reference=5.3)
    (10.0, 0.0)
    """
    full, zero = full_and_zero(reference)
    share = min(1.0, max(0.0, (zero - average) / (zero - full)))
    return round(points * share, 2)


@functools.lru_cache(maxsize=1 << 15)
def _reference_left(history: tuple[Entry, ...]) -> tuple[str, ...]:
    """The codes consistent with ``history``: those left after its first guesses, filtered by its last."""
    if not history:
        return tuple(all_secrets())
    guess, bulls, cows = history[-1]
    return tuple(code for code in _reference_left(history[:-1]) if score(code, guess) == (bulls, cows))


@functools.lru_cache(maxsize=1 << 15)
def _reference_choice(history: tuple[Entry, ...]) -> str:
    left = _reference_left(history)
    if not history:
        return "0123"
    if len(left) <= 2:
        return left[0]
    tried = left[::len(left) // 150 + 1]
    return max(tried, key=lambda code: len({score(secret, code) for secret in left}))


def reference_guess(history: Sequence[Entry]) -> str:
    """The course's reference guesser (the notebook's solution): a consistent code whose answers split
    the codes left into the most groups, among up to 150 of them; always the same guess for a history.

    >>> reference_guess([]), reference_guess([("0123", 4, 0)])
    ('0123', '0123')
    """
    return _reference_choice(tuple((str(g), int(b), int(c)) for g, b, c in history))


def reference_counts(secrets: Sequence[str]) -> list[int]:
    """The guesses :func:`reference_guess` needs for each secret (played here, in the grader's process).

    >>> reference_counts(["0123", "0132"])
    [1, 2]
    """
    counts = []
    for secret in secrets:
        history: History = []
        while not history or history[-1][0] != secret:
            guess = reference_guess(history)
            history.append((guess, *score(secret, guess)))
        counts.append(len(history))
    return counts


def warm() -> None:
    """Play the reference guesser against every secret once (about a second), so that its decisions are
    remembered: ``coursekit grade`` calls this before it grades anyone, and no submission's grading then
    works out the reference's counts again.

    >>> warm(); worked_out = _reference_choice.cache_info().misses
    >>> _ = reference_counts(all_secrets()); _reference_choice.cache_info().misses == worked_out  # all remembered
    True
    """
    reference_counts(all_secrets())


def play_all(func: Callable[..., Any], secrets: Sequence[str], seed: int, *, per_call: float = PER_CALL,
             total: float = TOTAL_SECONDS) -> list[Game]:
    """Every secret played in turn (one time budget for all)."""
    calls = Calls("next_guess", per_call, total)
    return [play_secret(func, secret, number, seed, calls) for number, secret in enumerate(secrets, start=1)]


def score_average(func: Callable[..., Any], secrets: Sequence[str], points: float, *, seed: int = 0,
                  per_call: float = PER_CALL, total: float = TOTAL_SECONDS,
                  report: Callable[[str], None] | None = print) -> float:
    """Points by the average number of guesses over ``secrets``, against the reference's average on the
    same secrets (:func:`average_points`).

    >>> score_average(reference_guess, ["0123", "0132"], 10, report=None)
    10.0
    """
    games = play_all(func, secrets, seed, per_call=per_call, total=total)
    average = sum(g.counted for g in games) / len(games)
    reference = sum(reference_counts(secrets)) / len(secrets)
    full, zero = full_and_zero(reference)
    earned = average_points(average, points, reference)
    if report is not None:
        report(f"next_guess: {len(games)} secrets; a secret not found within {MAX_GUESSES} guesses counts "
               f"{PENALTY}; the course's reference guesser averages {reference:.3f} guesses on these secrets: "
               f"full points at an average of {full:.3f} or less, none at {zero:.3f} or more, linear between")
        spread: dict[int, int] = {}
        for game in games:
            if game.found:
                spread[len(game.history)] = spread.get(len(game.history), 0) + 1
        report("  found in (guesses: secrets): " + ", ".join(f"{k}: {n}" for k, n in sorted(spread.items())))
        failed = [g for g in games if not g.found]
        report(f"  not found: {len(failed)}")
        report(f"next_guess: average {average:.3f} guesses -> {earned:g} of {points:g} points")
        if failed:
            report(f"The first secret not found (secret {failed[0].number} of {len(games)}, "
                   f"{failed[0].line()}): {failed[0].problem}")
    return earned


def show_games(func: Callable[..., Any], secrets: Sequence[str], *, seed: int = 0,
               report: Callable[[str], None] = print) -> list[Game]:
    """All or nothing: each secret must be found within :data:`MAX_GUESSES` guesses; each game is shown.

    >>> _ = show_games(lambda history: possible(history)[0], ["0123"])
    secret 0123: found in 1 (0123)
    """
    games = play_all(func, secrets, seed, per_call=PER_CALL, total=10.0)
    for game in games:
        report(game.line())
        if not game.found:
            raise AssertionError(f"The secret {game.secret} was not found: {game.problem}")
    return games



#: The names the grading package finds here (``coursekit.grading.check_consistency``); the small
#: helpers with common names (``score``, ``possible``, ``answer_text``, ``history_text``) are left
#: out so that they do not become names of :mod:`coursekit.grading`.
__all__ = [
    "MAX_GUESSES", "PENALTY", "PER_CALL", "TOLERANCE", "TOTAL_SECONDS", "WIDTH", "Entry", "Game", "History",
    "all_secrets", "average_points", "check_consistency", "code_problem", "consistency_check", "contradiction",
    "full_and_zero", "hidden_histories", "hidden_secrets", "play_all", "play_secret", "reference_counts",
    "reference_guess", "score_average", "score_consistency", "show_games", "teach_guess", "warm",
]
