"""The grading kernel: a check is data, calling the student is one separate step.

A :class:`Check` says everything about one graded function except how it is called:

- ``cases``: the :class:`Case` values to try, each with the arguments the student's
  function gets (plain values where the student's API allows) and how the call reads;
- ``reference``: the right answer of a case, computed on the grader's side;
- ``read``: a strict reader that turns the student's raw answer into a value, or a
  :class:`Malformed` that says why it is not an answer (an object that claims to equal
  everything must never pass);
- ``judge``: compares the value with the reference and returns ``None`` (right) or the
  teaching message (the position, the answer, why it is wrong, a right answer);
- ``share`` (for partial points): how much of a case's points the value earns, with a
  line that explains it.

:func:`ask` is the only step that runs student code (one call under the time limits of
:class:`~coursekit.grading.limits.Calls`): the cases go in, raw answers come out. So the
call can later move into another process without changing any check.

>>> def read_bool(raw, case):
...     return raw if type(raw) is bool else Malformed("it must return True or False")
>>> def judge(case, value, expected):
...     return None if value is expected else f"{case.shown} returned {value}, but the answer is {expected}."
>>> even = Check("is_even", [Case((n,), f"is_even({n})") for n in range(4)],
...              reference=lambda case: case.args[0] % 2 == 0, read=read_bool, judge=judge)
>>> run_check(lambda n: n % 2 == 0, even)
4
>>> run_check(lambda n: n < 2, even)
Traceback (most recent call last):
...
AssertionError: is_even(1) returned True, but the answer is False.
>>> run_check(lambda n: 1, even)
Traceback (most recent call last):
...
AssertionError: is_even(0) returned 1 (an int); it must return True or False.
>>> partial_points([1.0, 0.5], 4)
3.0
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ..core.grid import Coord, Grid
from .answers import shown as show
from .limits import Calls

Report = Callable[[str], None]


@dataclass(frozen=True)
class Case:
    """One call to make: the arguments, how the call reads (``"f(3, 4)"``), and data for the grader only.

    ``data`` never reaches the student: it is what the reference and the judge need beyond
    the arguments (a solver, a grid with its cells marked, ...).
    """

    args: tuple[Any, ...]
    shown: str
    data: Any = None


@dataclass(frozen=True)
class Malformed:
    """Why a raw answer is not an answer at all; ``what`` names the faulty piece (default: the answer)."""

    reason: str
    what: str | None = None


#: How much more time a check gives a function that the grader measures (see ``Check.measure``).
MEASURED_SLOWER = 3


@dataclass(frozen=True)
class Check:
    """One graded function: its cases, the reference, a strict reader, a judge, and time limits.

    ``context(case)`` (a picture of the position, say) is added to a failure that the judge
    did not write: a call that raised, ran too long, or returned something malformed.
    """

    name: str
    cases: Sequence[Case]
    reference: Callable[[Case], Any]
    read: Callable[[Any, Case], Any]
    judge: Callable[[Case, Any, Any], str | None]
    share: Callable[[Case, Any, Any], tuple[float, str]] | None = None
    context: Callable[[Case], str] | None = None
    per_call: float = 1.0
    total: float = 10.0
    #: where the grader measures part of an answer itself (``measure(func, case, raw)`` returns the
    #: raw answer with the measured part put in; see :func:`coursekit.games.paths.checks.search_check`)
    measure: Callable[[Callable[..., Any], Case, Any], Any] | None = None

    def calls(self, func: Callable[..., Any] | None = None) -> Calls:
        """A fresh time budget for one run of this check on ``func``: :data:`MEASURED_SLOWER` times
        longer where the grader measures ``func`` (each use of a measured helper is a round trip)."""
        slower = MEASURED_SLOWER if self.measure is not None and callable(getattr(func, "asked", None)) else 1
        return Calls(self.name, self.per_call * slower, self.total * slower)


@dataclass(frozen=True)
class Outcome:
    """A case, the student's value (as read) and the reference's answer."""

    case: Case
    value: Any
    expected: Any


def fresh(value: Any) -> Any:
    """A copy of an argument for the student, so that the grader's own objects stay intact.

    >>> grid = Grid(2, 2)
    >>> fresh((grid, [Coord(0, 1)]))[0] is grid
    False
    """
    if isinstance(value, Grid):
        return Grid(value.width, value.height, value.blocked, value.values)
    if isinstance(value, Coord):
        return Coord(value.x, value.y)
    if isinstance(value, list):
        return [fresh(v) for v in value]
    if isinstance(value, tuple):
        return tuple(fresh(v) for v in value)
    return value


def seed_random(func: Callable[..., Any], seed: int) -> None:
    """``random.seed(seed)`` wherever the student's ``func`` runs: in this process, and in its
    sandbox when it runs in one (a function with a ``seed_random`` method), so that a player
    that draws at random plays the same game on every run of the grader.

    The sandbox gets the seed salted with the course key while a notebook is graded
    (:func:`coursekit.grading.secret.sandbox_seed`): its ``random`` state says nothing about the
    case. This process keeps ``seed`` itself.

    >>> import random
    >>> seed_random(print, 5); first = random.random()
    >>> seed_random(print, 5); first == random.random()
    True
    """
    from .secret import sandbox_seed  # imported here: the checks in a student's notebook need no key

    random.seed(seed)
    elsewhere = getattr(func, "seed_random", None)
    if callable(elsewhere):
        elsewhere(sandbox_seed(seed))


def ask(func: Callable[..., Any], case: Case, calls: Calls, context: str | Callable[[], str] = "") -> Any:
    """Call the student's ``func`` on the case's arguments, within the limits of ``calls``; the raw answer.

    This is the only place where student code runs. A call that raises or runs too long
    fails with an ``AssertionError`` that names it (and shows ``context``, drawn then if it is a function).
    """
    return calls.call(func, fresh(case.args), case.shown, context=context)


def malformed_message(case: Case, raw: Any, problem: Malformed, context: str = "") -> str:
    """``"f(1) returned 1 (an int); it must return True or False."`` (and the context below)."""
    what = problem.what if problem.what is not None else show(raw)
    reason = problem.reason if problem.reason.endswith((".", "?")) else problem.reason + "."
    text = f"{case.shown} returned {what}; {reason}"
    return f"{text}\n\n{context}" if context else text


def evaluate(check: Check, case: Case, raw: Any) -> Outcome:
    """Read and judge one raw answer (no student code runs here); a failure raises ``AssertionError``."""
    value = check.read(raw, case)
    if isinstance(value, Malformed):
        raise AssertionError(malformed_message(case, raw, value, check.context(case) if check.context else ""))
    expected = check.reference(case)
    message = check.judge(case, value, expected)
    if message is not None:
        raise AssertionError(message)
    return Outcome(case, value, expected)


class NoCases(ValueError):
    """A check with nothing to try: an error of the check (the submission goes to a person), never points."""


def refuse_no_cases(name: str, count: int) -> None:
    """Raise :class:`NoCases` when a check has no case (it would give its points for nothing).

    >>> refuse_no_cases("is_even", 0)
    Traceback (most recent call last):
    ...
    coursekit.grading.kernel.NoCases: is_even: the check has no case to try, so it cannot give points
    """
    if count <= 0:
        raise NoCases(f"{name}: the check has no case to try, so it cannot give points")


def context_of(check: Check, case: Case) -> Callable[[], str] | str:
    """What :func:`ask` shows with a failure of ``case``: the check's context, drawn only if a call fails."""
    return partial(check.context, case) if check.context else ""


def outcomes(func: Callable[..., Any], check: Check) -> list[Outcome]:
    """Every case asked, read and judged in turn; stops at the first failure (``AssertionError``).
    A check without cases is refused (:class:`NoCases`)."""
    refuse_no_cases(check.name, len(check.cases))
    calls = check.calls(func)
    measuring = getattr(func, "measuring", None)
    if callable(measuring):  # a function in the sandbox: its helpers' uses are counted only where a check needs them
        measuring(check.measure is not None)
    done = []
    for case in check.cases:
        raw = ask(func, case, calls, context_of(check, case))
        if check.measure is not None:
            raw = check.measure(func, case, raw)
        done.append(evaluate(check, case, raw))
    return done


def run_check(func: Callable[..., Any], check: Check) -> int:
    """All or nothing: every case must pass; returns how many cases were checked."""
    return len(outcomes(func, check))


def partial_points(shares: Sequence[float], points: float) -> float:
    """``points`` times the average share, to two decimals (no case is refused: :class:`NoCases`).

    >>> partial_points([1, 1, 0], 6)
    4.0
    """
    refuse_no_cases("partial points", len(shares))
    return round(points * sum(shares) / len(shares), 2)


@dataclass
class Score:
    """Partial points of one check: each case's share and line, the average and the points earned."""

    name: str
    points: float
    shares: list[float] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    outcomes: list[Outcome] = field(default_factory=list)
    #: What a case is, in the plural, for the count of the cases not shown (:meth:`shown`).
    unit: str = "cases"

    @property
    def average(self) -> float:
        """The average share; a score of no case is refused (:class:`NoCases`)."""
        refuse_no_cases(self.name, len(self.shares))
        return sum(self.shares) / len(self.shares)

    @property
    def earned(self) -> float:
        return partial_points(self.shares, self.points)

    def summary(self) -> str:
        """``"name: average share 0.856 x 8 points = 6.85"``."""
        return f"{self.name}: average share {self.average:.3f} x {self.points:g} points = {self.earned:g}"

    def shown(self) -> list[str]:
        """The case lines a report prints: every case, except while the grader runs a student's notebook.

        There the cases are the student's hidden ones (:mod:`coursekit.grading.secret`), and a feedback page
        that listed them all would hand them over: only the first case not right (the one the lesson after
        the score teaches) is shown, then a count of the others.

        >>> score = Score("f", 4, [1.0, 0.0, 0.5, 1.0], ["f(1): right", "f(2): wrong", "f(3): half", "f(4): right"])
        >>> score.shown()
        ['f(1): right', 'f(2): wrong', 'f(3): half', 'f(4): right']
        >>> from .secret import grading
        >>> with grading(bytes(32), "ps05", "alice"):
        ...     score.shown()
        ['f(2): wrong', 'and 1 more of the cases not right (not shown): 2 of 4 right']
        """
        return shown_lines(self.shares, self.lines, self.unit)

    def report(self, scale: str, report: Report | None) -> None:
        """Print the scale, the case lines (:meth:`shown`) and the summary (nothing if ``report`` is ``None``)."""
        if report is None:
            return
        report(f"{self.name}: {scale}")
        for line in self.shown():
            report(f"  {line}")
        report(self.summary())


def shown_lines(shares: Sequence[float], lines: Sequence[str], unit: str = "cases") -> list[str]:
    """The case lines a partial score prints: all of them outside the grader (the student's own notebook, where
    the cases are visible or practice ones); while a notebook is graded, :func:`compact_lines`.

    >>> shown_lines([1, 0], ["a: right", "b: wrong"])
    ['a: right', 'b: wrong']
    """
    from .secret import bound

    return list(lines) if bound() is None else compact_lines(shares, lines, unit)


def compact_lines(shares: Sequence[float], lines: Sequence[str], unit: str = "cases") -> list[str]:
    """The lines of a hidden check's cases as feedback shows them: the first case whose share is below 1,
    and a count of the others (the count alone when every case is right). Never every case.

    >>> compact_lines([1, 0, 0, 1], ["a: right", "b: wrong", "c: wrong", "d: right"], "positions")
    ['b: wrong', 'and 1 more of the positions not right (not shown): 2 of 4 right']
    >>> compact_lines([1, 0.5], ["a: right", "b: half"]), compact_lines([1, 1], ["a", "b"], "games")
    (['b: half', '1 of 2 right'], ['all 2 games right'])
    """
    missed = [number for number, share in enumerate(shares) if share < 1]
    right = len(shares) - len(missed)
    if not missed:
        return [f"all {len(shares)} {unit} right"]
    first = [lines[missed[0]]] if missed[0] < len(lines) else []
    if len(missed) == 1:
        return [*first, f"{right} of {len(shares)} right"]
    return [*first, f"and {len(missed) - 1} more of the {unit} not right (not shown): {right} of {len(shares)} right"]


def score_check(func: Callable[..., Any], check: Check, points: float, *, scale: str,
                report: Report | None = print, unit: str = "cases") -> Score:
    """Partial points: every case must pass the judge, then earns ``check.share`` of the points.

    ``scale`` states the rule in words (it is printed first). A judge's failure stops the
    check (and so earns nothing), as in :func:`run_check`.
    """
    if check.share is None:
        raise ValueError(f"{check.name}: a scored check needs a share function")
    result = Score(check.name, points, unit=unit)
    for outcome in outcomes(func, check):
        share, line = check.share(outcome.case, outcome.value, outcome.expected)
        result.shares.append(share)
        result.lines.append(line)
        result.outcomes.append(outcome)
    result.report(scale, report)
    return result
