"""Checks for the minesweeper assignment: a student's ``certain(board)`` and ``mine_chances(board, mines)``.

Students work with plain values. A **board** is a list of strings, the top row first, one
character a cell: ``#`` a hidden cell, ``0`` to ``8`` a revealed cell and its count of
neighbouring mines (the text format of :func:`~coursekit.games.minesweeper.board_from_text`;
the boards of the tests have no flags). A **cell** is ``(x, y)``, ``(0, 0)`` at the bottom
left. The truth is the exact engine of :mod:`coursekit.games.minesweeper`:

- ``certain(board)`` returns ``(mines, safe)``, two sets of cells: the hidden cells that are
  mines in every placement of mines that fits the numbers, and those that are safe in every
  one (from the numbers alone: any number of mines may lie on the cells that touch no
  number). :func:`certain_cells`. A board earns its share when both sets are exactly right;
- ``mine_chances(board, mines)`` returns a dict from every hidden cell to its chance of
  holding a mine when ``mines`` mines lie on the hidden cells, every placement that fits the
  numbers equally likely. :func:`exact_chances`. A board earns its share when every chance is
  within :data:`TOLERANCE` of the exact one.

>>> board = ["###", "121"]
>>> sorted(certain_cells(board)[0]), sorted(certain_cells(board)[1])
([(0, 1), (2, 1)], [(1, 1)])
>>> run_check(lambda board: ({(0, 1)}, set()), certain_check([board]))
Traceback (most recent call last):
...
AssertionError: certain(board 1) did not find every certain cell: it misses the mine (2, 1), which is a mine in \
every placement that fits the numbers: the 1 at (0, 0) needs 1 mine among (0, 1), (1, 1); the 2 at (1, 0) needs 2 \
mines among those and (2, 1), so (2, 1) holds 2 - 1 = 1: it is a mine (the subset rule).
<BLANKLINE>
Board 1 (3 x 2):
1  # # X
0  1 2 1
   0 1 2
X the cell in question
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

from ...core.engine import Player, play
from ...grading.answers import as_pair
from ...grading.answers import shown as show
from ...grading.kernel import Case, Check, Malformed, Outcome, Score, ask, context_of, run_check
from .players import probability_strategy
from .rules import Minesweeper, board_from_text, certainties, fitting_placements, probabilities

__all__ = [
    "CERTAIN_FRONTIER", "CERTAIN_SIZES", "CHANCE_FRONTIER", "CHANCE_SIZES", "MARKS", "PER_CALL", "TOLERANCE",
    "TOTAL_SECONDS", "Board", "Cell", "Number", "certain_cells", "certain_check", "chances_check", "char",
    "check_certain", "check_chances", "count_placements", "exact_chances", "fitting_placement", "frontier",
    "game_boards", "group_of", "hidden_cells", "hidden_certain_boards", "hidden_chance_boards", "neighbours",
    "numbers", "picture", "placements", "proof", "score_certain", "score_chances", "size", "teach_certain",
    "teach_chances", "text_rows",
]

Cell = tuple[int, int]
#: A board as students get it: its rows as strings, the top row first.
Board = list[str]

#: The largest error allowed on each chance of ``mine_chances``.
TOLERANCE = 0.01
#: Time limits (seconds): each call, and all the calls of one test together.
PER_CALL = 2.0
TOTAL_SECONDS = 12.0
#: The boards of part 1 are drawn from games on these boards (width, height, mines).
CERTAIN_SIZES: tuple[tuple[int, int, int], ...] = ((6, 6, 5), (8, 8, 10), (9, 9, 10), (12, 10, 20), (16, 16, 40))
#: The boards of part 2 (small enough that listing the placements on the frontier is quick).
CHANCE_SIZES: tuple[tuple[int, int, int], ...] = ((5, 5, 4), (6, 6, 6), (8, 8, 10), (9, 9, 10))
#: The most hidden cells next to a number (the frontier) on a board of part 1 and of part 2.
CERTAIN_FRONTIER = 16
CHANCE_FRONTIER = 14


# ---------------------------------------------------------------------------------------------
# Boards as students see them


def size(board: Sequence[str]) -> tuple[int, int]:
    """``(width, height)``."""
    return len(board[0]), len(board)


def char(board: Sequence[str], cell: Cell) -> str:
    """The character of ``cell`` (``(0, 0)`` bottom left).

    >>> char(["#1", "23"], (1, 1)), char(["#1", "23"], (0, 0))
    ('1', '2')
    """
    x, y = cell
    return board[len(board) - 1 - y][x]


def cells(board: Sequence[str]) -> dict[Cell, str]:
    """Every cell with its character, row by row from the bottom (what the notebook's helper gives).

    >>> cells(["#1", "23"])
    {(0, 0): '2', (1, 0): '3', (0, 1): '#', (1, 1): '1'}
    """
    width, height = size(board)
    return {(x, y): char(board, (x, y)) for y in range(height) for x in range(width)}


def neighbours(board: Sequence[str], cell: Cell) -> list[Cell]:
    """The cells around ``cell`` (3 to 8 of them).

    >>> neighbours(["###", "###"], (0, 0))
    [(0, 1), (1, 0), (1, 1)]
    """
    width, height = size(board)
    x, y = cell
    return [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
            if (dx or dy) and 0 <= x + dx < width and 0 <= y + dy < height]


def hidden_cells(board: Sequence[str]) -> list[Cell]:
    """The cells not revealed, row by row from the bottom."""
    return [c for c, ch in cells(board).items() if ch in "#F"]


@dataclass(frozen=True)
class Number:
    """A revealed number with hidden neighbours: ``count`` of the ``hidden`` cells are mines."""

    cell: Cell
    count: int
    hidden: frozenset[Cell]


def numbers(board: Sequence[str]) -> list[Number]:
    """Every revealed number that touches a hidden cell.

    >>> numbers(["#1"])
    [Number(cell=(1, 0), count=1, hidden=frozenset({(0, 0)}))]
    """
    found = []
    for cell, ch in cells(board).items():
        if ch.isdigit():
            hidden = frozenset(c for c in neighbours(board, cell) if char(board, c) in "#F")
            if hidden:
                found.append(Number(cell, int(ch), hidden))
    return found


def frontier(board: Sequence[str]) -> list[Cell]:
    """The hidden cells next to a revealed number."""
    touched = {c for n in numbers(board) for c in n.hidden}
    return [c for c in hidden_cells(board) if c in touched]


def picture(board: Sequence[str], marks: Mapping[Cell, str] | None = None, legend: Mapping[str, str] | None = None,
            title: str = "The board") -> str:
    """The board with row numbers at the left and column numbers below, ``marks`` drawn over cells.

    >>> print(picture(["#1", "11"], {(0, 1): "X"}, {"X": "the cell in question"}))
    The board (2 x 2):
    1  X 1
    0  1 1
       0 1
    X the cell in question
    """
    marks = marks or {}
    width, height = size(board)
    pad = len(str(height - 1))
    lines = [f"{title} ({width} x {height}):"]
    for top, row in enumerate(board):
        y = height - 1 - top
        shown = " ".join(marks.get((x, y), ch).ljust(len(str(x))) for x, ch in enumerate(row))
        lines.append(f"{str(y).rjust(pad)}  {shown.rstrip()}")
    lines.append(" " * (pad + 2) + " ".join(str(x) for x in range(width)))
    used = set(marks.values())
    if legend and used:
        lines.append(", ".join(f"{mark} {meaning}" for mark, meaning in legend.items() if mark in used))
    return "\n".join(lines)


def _cells_text(found: Iterable[Cell]) -> str:
    ordered = sorted(found, key=lambda c: (-c[1], c[0]))
    return ", ".join(f"({x}, {y})" for x, y in ordered)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# ---------------------------------------------------------------------------------------------
# The truth: the exact engine


def certain_cells(board: Sequence[str]) -> tuple[set[Cell], set[Cell]]:
    """The exact engine's ``(mines, safe)``: hidden cells that are mines, or safe, in every placement that fits.

    >>> certain_cells(["1##", "111"])
    ({(1, 1)}, {(2, 1)})
    """
    mines, safe = certainties(board_from_text("\n".join(board)))
    return {(c.x, c.y) for c in mines}, {(c.x, c.y) for c in safe}


def exact_chances(board: Sequence[str], mines: int) -> dict[Cell, Fraction]:
    """The exact engine's chance of a mine on every hidden cell, ``mines`` mines in all.

    >>> exact_chances(["1##", "###"], 2)[(0, 0)]
    Fraction(1, 3)
    """
    found = probabilities(board_from_text("\n".join(board), mines), mines)
    return {(c.x, c.y): p for c, p in sorted(found.items(), key=lambda item: (item[0].y, item[0].x))}


def placements(board: Sequence[str], cells_to_place: Sequence[Cell], fixed: Mapping[Cell, bool] | None = None,
               ) -> Iterator[frozenset[Cell]]:
    """Every set of mines on ``cells_to_place`` that fits the numbers touching only them, by backtracking
    (the exact engine's :func:`~coursekit.games.minesweeper.fitting_placements`).

    A number that touches a cell outside ``cells_to_place`` is left out; ``fixed`` forces some
    cells to be a mine (``True``) or safe.

    >>> sorted(sorted(p) for p in placements(["###", "121"], [(0, 1), (1, 1), (2, 1)]))
    [[(0, 1), (2, 1)]]
    """
    inside = set(cells_to_place)
    order = list(cells_to_place)
    sentences = [(n.hidden, n.count) for n in numbers(board) if n.hidden <= inside]
    for chosen in fitting_placements(order, sentences, fixed):
        yield frozenset(order[i] for i in chosen)


def group_of(board: Sequence[str], cell: Cell) -> list[Cell]:
    """The frontier cells linked to ``cell`` through numbers (its independent group), ``cell`` first.

    >>> group_of(["#1#", "###"], (0, 1))
    [(0, 1), (0, 0), (1, 0), (2, 0), (2, 1)]
    """
    found = numbers(board)
    group = [cell]
    seen = {cell}
    for c in group:
        for n in found:
            if c in n.hidden:
                for d in sorted(n.hidden - seen, key=lambda d: (d[1], d[0])):
                    seen.add(d)
                    group.append(d)
    return group


def fitting_placement(board: Sequence[str], cell: Cell, mine: bool) -> frozenset[Cell] | None:
    """Mines on ``cell``'s group that fit its numbers with ``cell`` a mine (or safe); ``None`` if none fits.

    >>> sorted(fitting_placement(["#1#", "###"], (0, 1), False) or ())
    [(2, 1)]
    """
    return next(placements(board, group_of(board, cell), {cell: mine}), None)


def count_placements(board: Sequence[str], mines: int) -> tuple[int, dict[Cell, int]]:
    """How many placements of ``mines`` mines fit the numbers, and how many of them put a mine on each hidden cell.

    Listing the frontier's placements, each with ``k`` mines standing for ``comb(O, mines - k)``
    placements (``O`` the hidden cells that touch no number): the brute force a student writes.

    >>> total, hits = count_placements(["1##", "###"], 2)
    >>> total, hits[(0, 0)], hits[(2, 1)]
    (6, 2, 3)
    """
    edge = frontier(board)
    others = [c for c in hidden_cells(board) if c not in set(edge)]
    o = len(others)
    total = 0
    hits = dict.fromkeys(hidden_cells(board), 0)
    outside = 0
    for placed in placements(board, edge):
        k = len(placed)
        if not 0 <= mines - k <= o:
            continue
        ways = comb(o, mines - k)
        total += ways
        for c in placed:
            hits[c] += ways
        outside += comb(o - 1, mines - k - 1) if mines - k >= 1 else 0
    for c in others:
        hits[c] = outside
    return total, hits


# ---------------------------------------------------------------------------------------------
# Proofs: a chain of simple facts, each from one number or from two (the subset rule)


@dataclass(frozen=True)
class _Fact:
    mine: bool
    reason: str
    needs: tuple[Cell, ...]


def _noun(mine: bool, n: int) -> str:
    return ("it is a mine" if n == 1 else "they are all mines") if mine else (
        "it is safe" if n == 1 else "they are all safe")


def _proofs(board: Sequence[str], steps: int = 30) -> dict[Cell, _Fact]:
    """What one number, or two numbers by the subset rule, prove, repeated with the cells already proved."""
    facts: dict[Cell, _Fact] = {}
    found = numbers(board)
    for _ in range(steps):
        new: dict[Cell, _Fact] = {}
        reduced = []
        for n in found:
            known_mines = tuple(sorted(c for c in n.hidden if c in facts and facts[c].mine))
            known = tuple(sorted(c for c in n.hidden if c in facts))
            unknown = frozenset(c for c in n.hidden if c not in facts)
            left = n.count - len(known_mines)
            if not unknown:
                continue
            reduced.append((n, unknown, left, known))
            said = f"the {n.count} at ({n.cell[0]}, {n.cell[1]})"
            if known_mines:
                said += f", next to the mine{'s' if len(known_mines) > 1 else ''} {_cells_text(known_mines)},"
            if left in (0, len(unknown)):
                mine = left > 0
                what = "hidden neighbour" if not known else "other hidden neighbour"
                why = (f"{said} has {_plural(len(unknown), what)} that can still hold mines, "
                       f"{_cells_text(unknown)}, and needs {left} more mine{'' if left == 1 else 's'}: "
                       f"{_noun(mine, len(unknown))}")
                if not known:
                    why = (f"{said} has {_plural(len(unknown), 'hidden neighbour')}, {_cells_text(unknown)}: "
                           f"{_noun(mine, len(unknown))}")
                for c in unknown:
                    new.setdefault(c, _Fact(mine, why, known))
        if not new:
            for a, small, a_left, a_known in reduced:
                for b, big, b_left, b_known in reduced:
                    rest = big - small
                    if a is b or not small < big or b_left - a_left not in (0, len(rest)):
                        continue
                    mine = b_left - a_left > 0
                    why = (f"the {a.count} at ({a.cell[0]}, {a.cell[1]}) needs {_plural(a_left, 'mine')} among "
                           f"{_cells_text(small)}; the {b.count} at ({b.cell[0]}, {b.cell[1]}) needs "
                           f"{_plural(b_left, 'mine')} among those and {_cells_text(rest)}, so "
                           f"{_cells_text(rest)} hold{'s' if len(rest) == 1 else ''} {b_left} - {a_left} = "
                           f"{b_left - a_left}: {_noun(mine, len(rest))} (the subset rule)")
                    for c in rest:
                        new.setdefault(c, _Fact(mine, why, tuple(sorted(set(a_known) | set(b_known)))))
        if not new:
            break
        facts.update(new)
    return facts


def proof(board: Sequence[str], cell: Cell, *, most: int = 4) -> str:
    """Why ``cell`` is certain: a chain of at most ``most`` simple facts, or else the exhaustive argument.

    >>> print(proof(["###", "11#"], (2, 0)))
    the 1 at (0, 0) needs 1 mine among (0, 1), (1, 1); the 1 at (1, 0) needs 1 mine among those and (2, 1), \
(2, 0), so (2, 1), (2, 0) hold 1 - 1 = 0: they are all safe (the subset rule).
    """
    facts = _proofs(board)
    if cell in facts:
        chain: list[str] = []

        def visit(c: Cell) -> None:
            for d in facts[c].needs:
                visit(d)
            if facts[c].reason not in chain:
                chain.append(facts[c].reason)

        visit(cell)
        if len(chain) <= most:
            text = "; then ".join(chain) if len(chain) > 1 else chain[0]
            return text + "."
    mines, _ = certain_cells(board)
    mine = cell in mines
    touching = sorted((n.cell for n in numbers(board) if set(n.hidden) & set(group_of(board, cell))),
                      key=lambda c: (-c[1], c[0]))
    return (f"try it the other way: with ({cell[0]}, {cell[1]}) {'safe' if mine else 'a mine'}, no placement of "
            f"mines on the hidden cells around the numbers at {_cells_text(touching)} fits them all "
            f"(list them, or follow the numbers one by one from it).")


# ---------------------------------------------------------------------------------------------
# Part 1: certain(board)


MARKS = {"X": "the cell in question", "*": "a mine of a placement that fits", "M": "a certain mine",
         "S": "a certain safe cell"}


def _read_certain(raw: Any, case: Case) -> tuple[frozenset[Cell], frozenset[Cell]] | Malformed:
    wrong = Malformed("it must return a tuple of two sets of cells (x, y): (mines, safe)")
    if type(raw) is not tuple or len(raw) != 2:
        return wrong
    found = []
    for part in tuple.__iter__(raw):
        if type(part) not in (set, frozenset):
            return wrong
        pairs = [as_pair(c) for c in part]
        if any(p is None or type(c) is not tuple for p, c in zip(pairs, part, strict=True)):
            bad = next(c for p, c in zip(pairs, part, strict=True) if p is None or type(c) is not tuple)
            return Malformed(f"a cell is a tuple (x, y) of two ints, not {show(bad)}")
        found.append(frozenset(p for p in pairs if p is not None))
    return found[0], found[1]


def _case(board: Sequence[str], number: int, call: str, *extra: Any) -> Case:
    rows = [str(row) for row in board]
    board_from_text("\n".join(rows))  # a ValueError for a board that is not one
    width = len(rows[0])
    if any(len(row) != width or set(row) - set("#012345678") for row in rows):
        raise ValueError(f"not a board of the tests: {rows}")
    return Case((rows, *extra), f"{call}(board {number}{''.join(f', {e}' for e in extra)})", number)


def _title(case: Case) -> str:
    return f"Board {case.data}"


def teach_certain(case: Case, answer: tuple[frozenset[Cell], frozenset[Cell]],
                  expected: tuple[set[Cell], set[Cell]]) -> str | None:
    """``None`` if both sets are the engine's; else the board, one cell that is wrong or missed, and why."""
    board = case.args[0]
    mines, safe = answer
    true_mines, true_safe = expected
    if mines == true_mines and safe == true_safe:
        return None
    width, height = size(board)
    hidden = set(hidden_cells(board))
    for kind, claimed in (("mines", mines), ("safe cells", safe)):
        outside = sorted(c for c in claimed if not (0 <= c[0] < width and 0 <= c[1] < height))
        if outside:
            return (f"{case.shown} returned ({outside[0][0]}, {outside[0][1]}) among its {kind}, which is not a "
                    f"cell of the {width} x {height} board (x from 0 to {width - 1}, y from 0 to {height - 1}, "
                    f"(0, 0) at the bottom left).\n\n{picture(board, title=_title(case))}")
        shown_cells = sorted(c for c in claimed if c not in hidden)
        if shown_cells:
            c = shown_cells[0]
            return (f"{case.shown} returned ({c[0]}, {c[1]}) among its {kind}, but it is revealed (it shows "
                    f"{char(board, c)}): give only hidden cells.\n\n{picture(board, {c: 'X'}, MARKS, _title(case))}")
    both = sorted(mines & safe)
    if both:
        c = both[0]
        return (f"{case.shown} returned ({c[0]}, {c[1]}) both as a mine and as a safe cell."
                f"\n\n{picture(board, {c: 'X'}, MARKS, _title(case))}")
    for kind, claimed, truth, mine in (("mines", mines, true_mines, True), ("safe cells", safe, true_safe, False)):
        wrong = sorted(claimed - truth, key=lambda c: (-c[1], c[0]))
        if wrong:
            c = wrong[0]
            name = "a mine" if mine else "safe"
            if c in (true_safe if mine else true_mines):
                return (f"{case.shown} returned ({c[0]}, {c[1]}) among its {kind}, but it is certainly "
                        f"{'safe' if mine else 'a mine'}: {proof(board, c)}"
                        f"\n\n{picture(board, {c: 'X'}, MARKS, _title(case))}")
            other = fitting_placement(board, c, not mine)
            marks = {d: "*" for d in other or ()}
            marks[c] = "X"
            where = (f"for example mines on {_cells_text(other)} (marked *)" if other
                     else "for example no mine at all around it")
            touches = any(c in n.hidden for n in numbers(board))
            if not touches:
                why = "it touches no number, so it may hold a mine or not"
            else:
                why = (f"the numbers allow it to be {'safe' if mine else 'a mine'}: {where}, with "
                       f"({c[0]}, {c[1]}) {'safe' if mine else 'a mine'}, fit every number around them")
            return (f"{case.shown} returned ({c[0]}, {c[1]}) among its {kind}, but it is not certainly {name}: "
                    f"{why}.\n\n{picture(board, marks, MARKS, _title(case))}")
    for kind, claimed, truth in (("mine", mines, true_mines), ("safe cell", safe, true_safe)):
        missed = sorted(truth - claimed, key=lambda c: (-c[1], c[0]))
        if missed:
            c = missed[0]
            more = f" ({len(missed)} {kind}s missed in all)" if len(missed) > 1 else ""
            every = "a mine" if kind == "mine" else "safe"
            return (f"{case.shown} did not find every certain cell: it misses the {kind} ({c[0]}, {c[1]}){more}, "
                    f"which is {every} in every placement that fits the numbers: {proof(board, c)}"
                    f"\n\n{picture(board, {c: 'X'}, MARKS, _title(case))}")
    return None  # pragma: no cover (the sets differ, so a cell is wrong or missed)


def certain_check(boards: Iterable[Sequence[str]], *, per_call: float = PER_CALL,
                  total: float = TOTAL_SECONDS) -> Check:
    """The check of ``certain(board)``: both sets exactly the engine's."""
    cases = [_case(board, n, "certain") for n, board in enumerate(boards, start=1)]
    return Check("certain", cases, reference=lambda case: certain_cells(case.args[0]), read=_read_certain,
                 judge=teach_certain, context=lambda case: picture(case.args[0], title=_title(case)),
                 per_call=per_call, total=total)


def check_certain(func: Callable[..., Any], boards: Iterable[Sequence[str]]) -> int:
    """All or nothing: on every board ``func`` finds exactly the certain mines and the certain safe cells.

    >>> check_certain(lambda board: certain_cells(board), [["1#", "##"], ["###", "121"]])
    2
    """
    return run_check(func, certain_check(boards))


def _certain_line(case: Case, value: Any, expected: tuple[set[Cell], set[Cell]]) -> str:
    width, height = size(case.args[0])
    head = f"board {case.data} ({width} x {height}, {len(hidden_cells(case.args[0]))} hidden)"
    if isinstance(value, Malformed):
        return f"{head}: no answer, share 0"
    parts = []
    for kind, got, truth in (("mines", value[0], expected[0]), ("safe", value[1], expected[1])):
        wrong, missed = len(got - truth), len(truth - got)
        parts.append(f"{kind} {len(truth)}" + (" right" if not wrong and not missed else
                                               f" ({missed} missed, {wrong} wrong)"))
    right = value[0] == expected[0] and value[1] == expected[1]
    return f"{head}: {', '.join(parts)}, share {1 if right else 0}"


def score_certain(func: Callable[..., Any], boards: Iterable[Sequence[str]], points: float, *,
                  report: Callable[[str], None] | None = print) -> float:
    """Partial points: each board where both sets are exactly right earns an equal share; the first miss is taught.

    A malformed answer, an error or a slow call earns nothing for its board only.

    >>> score_certain(lambda board: (set(), set()), [["1#", "##"], ["###", "121"]], 4, report=None)
    2.0
    """
    check = certain_check(boards)
    scale = "boards, one share each when both sets, mines and safe cells, are exactly right"
    return _score_boards(func, check, points, scale, _certain_line, report)


# ---------------------------------------------------------------------------------------------
# Part 2: mine_chances(board, mines)


def _read_chances(raw: Any, case: Case) -> dict[Cell, float] | Malformed:
    if type(raw) is not dict:
        return Malformed("it must return a dict from each hidden cell (x, y) to its chance of a mine")
    found: dict[Cell, float] = {}
    for key, value in dict.items(raw):
        pair = as_pair(key)
        if pair is None or type(key) is not tuple:
            return Malformed(f"a key is a cell, a tuple (x, y) of two ints, not {show(key)}")
        if type(value) not in (float, int, Fraction):
            return Malformed(f"the chance of ({pair[0]}, {pair[1]}) is {show(value)}; a chance is a float "
                             "(or a Fraction) from 0 to 1")
        number = float(value)
        if not math.isfinite(number):
            return Malformed(f"the chance of ({pair[0]}, {pair[1]}) is {number}, not a number from 0 to 1")
        found[pair] = number
    return found


def _worst(value: Mapping[Cell, float], expected: Mapping[Cell, Fraction]) -> tuple[Cell, float]:
    """The cell whose chance is furthest from the exact one, and how far (on the cells both give)."""
    errors = {c: abs(value[c] - float(p)) for c, p in expected.items() if c in value}
    cell = max(errors, key=lambda c: (errors[c], -c[1], -c[0]))
    return cell, errors[cell]


def teach_chances(case: Case, value: dict[Cell, float], expected: dict[Cell, Fraction]) -> str | None:
    """``None`` if every chance is within :data:`TOLERANCE`; else the board, the worst cell, and the count behind it."""
    board, mines = case.args
    missing = [c for c in expected if c not in value]
    extra = sorted((c for c in value if c not in expected), key=lambda c: (-c[1], c[0]))
    marks: dict[Cell, str] = {}
    if missing or extra:
        c = missing[0] if missing else extra[0]
        marks[c] = "X"
        what = ("has no chance for the hidden cell" if missing else
                "gives a chance for" + (" the revealed cell" if c in cells(board) else " the cell off the board"))
        return (f"{case.shown} {what} ({c[0]}, {c[1]}): give one chance for every hidden cell (#), and no other "
                f"({_plural(len(expected), 'hidden cell')} here).\n\n{picture(board, marks, MARKS, _title(case))}")
    cell, error = _worst(value, expected)
    if error <= TOLERANCE:
        return None
    total, hits = count_placements(board, mines)
    exact = expected[cell]
    marks[cell] = "X"
    return (f"{case.shown} gives ({cell[0]}, {cell[1]}) a chance of {value[cell]:.4f}, but it is {float(exact):.4f} "
            f"(off by {error:.4f}, more than {TOLERANCE}): of the {total:,} placements of {_plural(mines, 'mine')} "
            f"on the hidden cells that fit every number, {hits[cell]:,} put a mine on ({cell[0]}, {cell[1]}), and "
            f"{hits[cell]:,} / {total:,} = {float(exact):.4f}. Every placement that fits is equally likely; a "
            f"placement that breaks one number counts for nothing.\n\n{picture(board, marks, MARKS, _title(case))}")


def chances_check(boards: Iterable[tuple[Sequence[str], int]], *, per_call: float = PER_CALL,
                  total: float = TOTAL_SECONDS) -> Check:
    """The check of ``mine_chances(board, mines)``: every chance within :data:`TOLERANCE` of the exact one."""
    cases = [_case(board, n, "mine_chances", int(mines)) for n, (board, mines) in enumerate(boards, start=1)]
    return Check("mine_chances", cases, reference=lambda case: exact_chances(*case.args), read=_read_chances,
                 judge=teach_chances, context=lambda case: picture(case.args[0], title=_title(case)),
                 per_call=per_call, total=total)


def check_chances(func: Callable[..., Any], boards: Iterable[tuple[Sequence[str], int]]) -> int:
    """All or nothing: on every board each hidden cell's chance is within :data:`TOLERANCE` of the exact one.

    >>> check_chances(lambda board, mines: {(0, 0): 1 / 3, (1, 0): 1 / 3, (1, 1): 1 / 3, (2, 0): 0.5,
    ...                                     (2, 1): 0.495}, [(["1##", "###"], 2)])
    1
    """
    return run_check(func, chances_check(boards))


def _chances_line(case: Case, value: Any, expected: dict[Cell, Fraction]) -> str:
    board, mines = case.args
    width, height = size(board)
    head = f"board {case.data} ({width} x {height}, {mines} mines, {len(expected)} hidden)"
    if isinstance(value, Malformed):
        return f"{head}: no answer, share 0"
    if set(value) != set(expected):
        return f"{head}: not one chance for each hidden cell, share 0"
    cell, error = _worst(value, expected)
    return f"{head}: largest error {error:.4f} at ({cell[0]}, {cell[1]}), share {1 if error <= TOLERANCE else 0}"


def score_chances(func: Callable[..., Any], boards: Iterable[tuple[Sequence[str], int]], points: float, *,
                  report: Callable[[str], None] | None = print) -> float:
    """Partial points: each board where every chance is within :data:`TOLERANCE` earns an equal share.

    >>> score_chances(lambda board, mines: exact_chances(board, mines), [(["1##", "###"], 2)], 3, report=None)
    3.0
    """
    check = chances_check(boards)
    scale = f"boards, one share each when every hidden cell's chance is within {TOLERANCE} of the exact one"
    return _score_boards(func, check, points, scale, _chances_line, report)


# ---------------------------------------------------------------------------------------------
# Partial points over boards


def _score_boards(func: Callable[..., Any], check: Check, points: float, scale: str,
                  line: Callable[[Case, Any, Any], str], report: Callable[[str], None] | None) -> float:
    """Ask every board (one time budget); a failing call earns 0 for its board only; the first miss is taught."""
    calls = check.calls()
    result = Score(check.name, points, unit="boards")
    first: str | None = None
    for case in check.cases:
        expected = check.reference(case)
        if calls.spent > calls.total:
            result.shares.append(0.0)
            result.lines.append(f"board {case.data}: not asked, the {calls.total:g} s for all the calls were used up")
            first = first or (f"The {calls.total:g} s for all the calls of this test were used up before board "
                              f"{case.data}: compute less on each call.")
            continue
        try:
            raw = ask(func, case, calls, context_of(check, case))
            value = check.read(raw, case)
            problem = (f"{case.shown} returned {show(raw)}; {value.reason}.\n\n{check.context(case)}"
                       if isinstance(value, Malformed) and check.context else None)
            message = problem if isinstance(value, Malformed) else check.judge(case, value, expected)
        except AssertionError as error:
            value, message = Malformed(str(error)), str(error)
        result.shares.append(0.0 if message is not None else 1.0)
        result.lines.append(line(case, value, expected))
        result.outcomes.append(Outcome(case, value, expected))
        if message is not None and first is None:
            first = message
    result.report(scale, report)
    if report is not None and first is not None:
        report(f"The first board where your answer is not right:\n{first}")
    return result.earned


# ---------------------------------------------------------------------------------------------
# Boards from seeded games


def text_rows(board: Any) -> Board:
    """A :class:`~coursekit.games.minesweeper.MinesweeperBoard` as rows of text, the top row first."""
    rows = []
    for y in range(board.height - 1, -1, -1):
        row = ""
        for x in range(board.width):
            value = board.shown[y * board.width + x]
            row += "#" if value < 0 else str(value)
        rows.append(row)
    return rows


def game_boards(count: int, seed: int, sizes: Sequence[tuple[int, int, int]], most_frontier: int
                ) -> list[tuple[Board, int]]:
    """``count`` different boards ``(rows, mines)`` from seeded games, in the middle of play.

    Game ``g`` is played by the exact-probability player (mines placed with a generator drawn
    from ``seed``) on a board size drawn from ``sizes``; one of the boards it saw before the
    end is taken at random, if it has 1 to ``most_frontier`` hidden cells next to a number.

    >>> found = game_boards(3, seed=5, sizes=((6, 6, 5),), most_frontier=12)
    >>> found == game_boards(3, seed=5, sizes=((6, 6, 5),), most_frontier=12), len(found)
    (True, 3)
    """
    rng = random.Random(seed)
    chosen: list[tuple[Board, int]] = []
    seen: set[tuple[str, ...]] = set()
    while len(chosen) < count:
        width, height, mines = rng.choice(sizes)
        rules = Minesweeper(width, height, mines)
        record = play(rules, [Player("probability", probability_strategy())], rng=random.Random(rng.random()))
        seen_boards = [step.state.board for step in record.steps if step.state.pending is None
                       and len(step.state.mines) == mines and not step.state.board.is_over]
        if not seen_boards:
            continue
        rows = text_rows(rng.choice(seen_boards))
        edge = len(frontier(rows))
        if not 1 <= edge <= most_frontier or tuple(rows) in seen:
            continue
        seen.add(tuple(rows))
        chosen.append((rows, mines))
    return chosen


def hidden_certain_boards(count: int, seed: int) -> list[Board]:
    """The boards of part 1's hidden tests."""
    return [rows for rows, _ in game_boards(count, seed, CERTAIN_SIZES, CERTAIN_FRONTIER)]


def hidden_chance_boards(count: int, seed: int) -> list[tuple[Board, int]]:
    """The boards (and their mines) of part 2's hidden tests."""
    return game_boards(count, seed, CHANCE_SIZES, CHANCE_FRONTIER)
