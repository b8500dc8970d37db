"""Whole-board tables: against the general solver, brute force and the known closed forms."""

import random
import sys
from functools import cache
from math import floor, sqrt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit import Coord, Grid, ImpartialSolver
from coursekit.games.pieces import PIECES, OneWayKnight, OneWayPiece, OneWayRook, wythoff_pairs
from coursekit.solvers import sweeps, tables
from coursekit.solvers.sweeps import Moves, sweep_grundy, sweep_outcomes
from coursekit.solvers.tables import (
    BLOCKED_GRUNDY,
    PIECE_MOVES,
    Table,
    grundy_table,
    outcome_table,
    piece_moves,
    piece_name,
    plain_grundy_table,
    plain_outcome_table,
)


def blocked_grid(width: int, height: int, percent: int, seed: int) -> Grid:
    return Grid(width, height).with_random_blocked(percent, random.Random(seed))


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(PIECES)), st.integers(1, 9), st.integers(1, 9), st.integers(0, 60),
       st.integers(0, 10_000))
def test_tables_equal_the_general_solver_on_blocked_grids(piece, width, height, percent, seed):
    grid = blocked_grid(width, height, percent, seed)
    free = list(grid.free_cells())
    outcomes, grundy = outcome_table(piece, grid), grundy_table(piece, grid)
    if not free:
        assert set(outcomes.values) == {"#"} and set(grundy.values) == {BLOCKED_GRUNDY}
        return
    solver = ImpartialSolver(PIECES[piece](grid, free[0]))
    for cell in grid.cells():
        if cell in grid.blocked:
            assert outcomes[cell] == "#" and grundy[cell] == BLOCKED_GRUNDY
        else:
            assert grundy[cell] == solver.grundy(cell), (piece, cell, grid.blocked)
            assert outcomes[cell] == solver.outcome(cell), (piece, cell, grid.blocked)


def test_rook_is_nim_on_every_cell_up_to_200():
    grid = Grid(200, 200)
    outcomes, grundy = outcome_table("rook", grid), grundy_table("rook", grid)
    for x, y in grid.cells():
        assert outcomes[Coord(x, y)] == ("P" if x == y else "N")
        assert grundy[Coord(x, y)] == x ^ y


def test_queen_p_positions_are_wythoffs_pairs_on_every_cell_up_to_200():
    phi = (1 + sqrt(5)) / 2
    pairs = {(floor(k * phi), floor(k * phi * phi)) for k in range(200)}
    assert set(wythoff_pairs(199)) <= pairs
    expected = pairs | {(b, a) for a, b in pairs}
    table = outcome_table("queen", Grid(200, 200))
    assert {tuple(c) for c in table.cells_with("P")} == {(a, b) for a, b in expected if a < 200 and b < 200}
    small = ImpartialSolver(PIECES["queen"](Grid(25, 25)))
    assert {c for c in Grid(25, 25).cells() if small.outcome(c) == "P"} == {
        Coord(a, b) for a, b in expected if a < 25 and b < 25
    }


def test_queen_grundy_first_rows_from_the_reference():
    rows = grundy_table("queen", Grid(8, 4)).rows_top_first()[::-1]
    assert rows == [
        [0, 1, 2, 3, 4, 5, 6, 7], [1, 2, 0, 4, 5, 3, 7, 8], [2, 0, 1, 5, 3, 4, 8, 6], [3, 4, 5, 6, 2, 0, 1, 9],
    ]


def test_king_p_iff_both_even():
    table = outcome_table("king", Grid(200, 200))
    assert table.cells_with("P") == [Coord(x, y) for y in range(0, 200, 2) for x in range(0, 200, 2)]
    grundy = grundy_table("king", Grid(30, 30))
    assert all((grundy[c] == 0) == (c.x % 2 == 0 and c.y % 2 == 0) for c in Grid(30, 30).cells())


def knight_by_recursion(grid: Grid) -> dict[Coord, int]:
    """Grundy values of the knight straight from the definition (independent of the library)."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))

    @cache
    def value(x: int, y: int) -> int:
        seen = {
            value(x + dx, y + dy)
            for dx, dy in ((-2, -1), (-1, -2), (-2, 1), (1, -2))
            if 0 <= x + dx < grid.width and 0 <= y + dy < grid.height and (x + dx, y + dy) not in grid.blocked
        }
        return min(set(range(len(seen) + 1)) - seen)

    return {c: value(*c) for c in grid.free_cells()}


@pytest.mark.parametrize("width,height", [(1, 1), (2, 7), (9, 9), (13, 10), (16, 12), (21, 17)])
def test_knight_against_plain_recursion_with_far_edge_effects(width, height):
    grid = Grid(width, height)
    expected = knight_by_recursion(grid)
    outcomes, grundy = outcome_table("knight", grid), grundy_table("knight", grid)
    for cell, g in expected.items():
        assert grundy[cell] == g and outcomes[cell] == ("P" if g == 0 else "N"), cell
    # Far from the top and right edges the quarter-plane pattern holds; near them it may not.
    pattern = {c for c in grid.cells() if c.x % 4 < 2 and c.y % 4 < 2}
    assert {c for c in grid.cells() if c.x < width - 3 and c.y < height - 3 and expected[c] == 0} == {
        c for c in pattern if c.x < width - 3 and c.y < height - 3
    }


def test_knight_far_edges_change_the_table():
    # Cut-off jumps make cells P that are N on a larger board, and the other way round.
    differ = {
        (16, 12): {Coord(15, 11)},
        (13, 10): {Coord(12, 2), Coord(12, 3), Coord(12, 6), Coord(12, 7)},
        (9, 9): {Coord(8, 2), Coord(8, 3), Coord(8, 6), Coord(2, 8), Coord(3, 8), Coord(6, 8)},
    }
    big = knight_by_recursion(Grid(40, 40))
    for (w, h), cells in differ.items():
        table = outcome_table("knight", Grid(w, h))
        assert {c for c in Grid(w, h).cells() if (table[c] == "P") != (big[c] == 0)} == cells
    corner = outcome_table("knight", Grid(2, 2))
    assert corner.values == "PPPP"  # the knight has no move from the end corner


def test_knight_with_blocked_cells_against_recursion():
    for seed in range(20):
        grid = blocked_grid(11, 9, 25, seed)
        expected = knight_by_recursion(grid)
        grundy = grundy_table("knight", grid)
        assert all(grundy[c] == g for c, g in expected.items())


def test_table_helpers_and_errors():
    grid = Grid(3, 2, blocked=frozenset({Coord(1, 1)}))
    table = outcome_table("rook", grid)
    assert table.values == "PNNN#P"
    assert table.rows_top_first() == [["N", "#", "P"], ["P", "N", "N"]]
    assert table.cells_with("#") == [Coord(1, 1)]
    assert Coord(1, 1) not in table.as_dict() and table.as_dict()[Coord(2, 1)] == "P"
    assert table.picture().splitlines()[0] == "1  N # P"
    assert grundy_table("rook", grid).picture().splitlines()[0] == "1  1 # 0"
    assert len(table) == 6
    with pytest.raises(ValueError, match="unknown piece 'bishop'"):
        outcome_table("bishop", grid)
    with pytest.raises(TypeError):
        piece_name(3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="needs 6 values"):
        Table(grid, "PN", "#")
    with pytest.raises(ValueError, match="outside"):
        _ = table[Coord(3, 0)]
    assert piece_name(PIECES["queen"](grid)) == piece_name(PIECES["queen"]) == "queen"


def test_other_pieces_fall_back_to_the_general_solver():
    class LeftOnly(OneWayPiece):
        name = "left"
        piece = "left"

        def targets(self, cell):
            return (Coord(cell.x - 1, cell.y),) if cell.x > 0 else ()

    grid = Grid(4, 2)
    assert outcome_table(LeftOnly, grid).values == "PNPNPNPN"
    assert grundy_table(LeftOnly, grid).values == (0, 1, 0, 1) * 2


def test_large_tables_are_computed():
    # Their speed is measured by the benchmarks against a baseline, not asserted here.
    queen = outcome_table("queen", Grid(1000, 1000))
    grundy = grundy_table("queen", Grid(300, 300))
    assert queen[Coord(999, 999)] == "N" and grundy[Coord(0, 299)] == 299


def test_winning_targets_against_the_general_solver():
    from coursekit.solvers import winning_targets

    rng = random.Random(8)
    for piece, kind in PIECES.items():
        grid = blocked_grid(12, 10, 15, rng.randrange(1000))
        cells = list(grid.free_cells())
        rules = kind(grid, cells[0])
        solver, table = ImpartialSolver(rules), outcome_table(piece, grid)
        for cell in cells:
            assert winning_targets(rules, cell, table) == solver.winning_moves(cell), (piece, cell)


# ------------------------------------------------------------------------------- the fast sweep


def options_by_moves(moves: Moves, grid: Grid, cell: Coord) -> list[Coord]:
    """A cell's options straight from the move lists (independent of the library's pieces)."""
    found = [Coord(cell.x + dx, cell.y + dy) for dx, dy in moves.jumps]
    found = [c for c in found if grid.is_free(c)]
    for dx, dy in moves.slides:
        here = Coord(cell.x + dx, cell.y + dy)
        while grid.is_free(here):
            found.append(here)
            here = Coord(here.x + dx, here.y + dy)
    return found


def grundy_by_recursion(grid: Grid, options) -> tuple[int, ...]:
    """Every cell's Grundy value (-1 blocked) by memoised recursion on ``options(cell)``, row by row."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))

    @cache
    def value(cell: Coord) -> int:
        seen = {value(c) for c in options(cell)}
        return min(set(range(len(seen) + 1)) - seen)

    return tuple(value(c) if c not in grid.blocked else BLOCKED_GRUNDY for c in grid.cells())


def letters_of(grundy: tuple[int, ...]) -> str:
    return "".join("#" if g < 0 else "P" if g == 0 else "N" for g in grundy)


SHAPES = [(1, 1), (1, 9), (9, 1), (2, 2), (7, 4), (4, 11), (16, 9), (23, 23)]


@pytest.mark.parametrize("piece", sorted(PIECES))
@pytest.mark.parametrize("width,height", SHAPES)
def test_fast_sweep_equals_the_plain_sweep_and_recursion(piece, width, height):
    rng = random.Random(width * 100 + height)
    for percent in (0, 10, 30, 60):
        grid = Grid(width, height).with_random_blocked(percent, rng)
        rules = PIECES[piece](grid, next(grid.free_cells())) if len(grid.blocked) < width * height else None
        expected = grundy_by_recursion(grid, rules.options) if rules else (BLOCKED_GRUNDY,) * (width * height)
        fast_grundy, fast_outcomes = grundy_table(piece, grid), outcome_table(piece, grid)
        assert fast_grundy.values == plain_grundy_table(piece, grid).values == expected, (piece, grid.blocked)
        assert fast_outcomes.values == plain_outcome_table(piece, grid).values == letters_of(expected)


def test_all_blocked_and_tiny_boards():
    everything = Grid(3, 2, blocked=frozenset(Grid(3, 2).cells()))
    for piece in PIECES:
        assert outcome_table(piece, everything).values == "######"
        assert grundy_table(piece, everything).values == (BLOCKED_GRUNDY,) * 6
        assert outcome_table(piece, Grid(1, 1)).values == "P" and grundy_table(piece, Grid(1, 1)).values == (0,)
    assert outcome_table("rook", Grid(1, 5)).values == "PNNNN"  # one column: a rook takes the whole pile
    assert grundy_table("king", Grid(6, 1)).values == (0, 1, 0, 1, 0, 1)
    assert outcome_table("knight", Grid(1, 7)).values == "P" * 7  # the knight never moves in one column


def test_large_boards_sweep_as_the_plain_sweep():
    rng = random.Random(23)
    for piece in PIECES:
        for grid in (Grid(130, 70), Grid(90, 120).with_random_blocked(15, rng)):
            assert outcome_table(piece, grid) == plain_outcome_table(piece, grid), (piece, grid.width)
            assert grundy_table(piece, grid) == plain_grundy_table(piece, grid), (piece, grid.width)


class Camel(OneWayKnight):
    """A one-way piece built from a custom jump list (a (3, 1) leaper, one-way)."""

    name = "camel"
    piece = "camel"
    JUMPS = ((-3, -1), (-1, -3), (-3, 1), (1, -3))


class Bishop(OneWayRook):
    """A one-way piece built from a custom slide list: down-left and a knight-rider line."""

    name = "bishop"
    piece = "bishop"
    DIRECTIONS = ((-1, -1), (-2, 1))


class SidewaysRook(OneWayRook):
    """Slides along an anti-diagonal too: x + y does not drop, so no fast sweep (the general solver)."""

    name = "sideways"
    piece = "sideways"
    DIRECTIONS = ((0, -1), (-1, 0), (1, -1))


class OwnTargets(OneWayKnight):
    """Writes its own targets: its JUMPS say nothing about its moves."""

    name = "own"
    piece = "own"

    def targets(self, cell):
        return tuple(c for c in super().targets(cell) if c.x != 1)


@pytest.mark.parametrize("kind", [Camel, Bishop, SidewaysRook, OwnTargets])
def test_pieces_built_from_move_lists(kind):
    rng = random.Random(7)
    assert (piece_moves(kind) is not None) == (kind in (Camel, Bishop))
    for grid in (Grid(13, 9), Grid(11, 14).with_random_blocked(20, rng), Grid(1, 6)):
        expected = grundy_by_recursion(grid, kind(grid, next(grid.free_cells())).options)
        assert grundy_table(kind, grid).values == plain_grundy_table(kind, grid).values == expected
        assert outcome_table(kind, grid).values == plain_outcome_table(kind, grid).values == letters_of(expected)


def test_a_piece_with_jumps_and_slides_and_large_values():
    """Jumps and slides together, on a board whose values need more than one 64-bit word."""
    moves = Moves(jumps=((-2, -1), (-1, -2), (-2, 1), (1, -2)), slides=((0, -1), (-1, 0)))
    rng = random.Random(11)
    for grid in (Grid(72, 40), Grid(40, 72).with_random_blocked(5, rng)):
        expected = grundy_by_recursion(grid, lambda c, grid=grid: options_by_moves(moves, grid, c))
        assert max(expected) >= 64
        assert sweep_grundy(moves, grid) == expected
        assert sweep_outcomes(moves, grid) == letters_of(expected)
    leaper = Moves(jumps=(*((-k, 0) for k in range(1, 80)), *((0, -k) for k in range(1, 80))))  # over blocked cells
    grid = Grid(75, 9).with_random_blocked(5, rng)
    expected = grundy_by_recursion(grid, lambda c: options_by_moves(leaper, grid, c))
    assert max(expected) >= 64
    assert sweep_grundy(leaper, grid) == expected and sweep_outcomes(leaper, grid) == letters_of(expected)


def test_the_four_pieces_move_lists_are_the_games():
    for name, kind in PIECES.items():
        assert piece_moves(name) == piece_moves(kind) == piece_moves(kind(Grid(3, 3))) == PIECE_MOVES[name]
    with pytest.raises(ValueError, match="lower x \\+ y"):
        sweep_outcomes(Moves(slides=((1, -1),)), Grid(3, 3))
    with pytest.raises(ValueError, match="neighbouring points"):
        sweep_grundy(Moves(slides=((-2, -2),)), Grid(3, 3))


def test_without_numpy_the_tables_are_the_same(monkeypatch):
    """The lessons in the browser have no numpy: P/N tables lay out their lines with bytes, Grundy tables
    take the plain sweep."""
    rng = random.Random(5)
    grids = [Grid(1, 1), Grid(1, 8), Grid(17, 6), Grid(12, 19).with_random_blocked(25, rng)]
    expected = {(p, g): (outcome_table(p, g), grundy_table(p, g)) for p in PIECES for g in grids}
    monkeypatch.setattr(sweeps, "has_numpy", lambda: False)
    monkeypatch.setattr(tables, "has_numpy", lambda: False)
    for (piece, grid), (outcomes, grundy) in expected.items():
        assert outcome_table(piece, grid) == outcomes and grundy_table(piece, grid) == grundy
