"""The exact pursuit solver against plain-Python minimax and the facts in REFERENCE.md."""

import itertools
import random
import sys
from functools import cache

import pytest

from coursekit import Coord, Grid, Player, play
from coursekit.games.pursuit import Pursuit, PursuitState, jerry_strategy, lone_pursuers, optimal_prey, optimal_pursuers
from coursekit.games.pursuit.solver import PursuitSolver

sys.setrecursionlimit(10_000)


def brute_force_times(grid: Grid, pursuers: int) -> dict[tuple[tuple[Coord, ...], Coord], int | None]:
    """Capture time of every position by memoised minimax with a depth limit, straight from
    the rules: can the pursuers (to move) force a capture within ``depth`` of their moves?
    Depth grows until a round adds no position; what is left escapes forever."""
    cells = list(grid.free_cells())

    def steps(cell):
        return grid.neighbours8(cell) or [cell]

    @cache
    def within(chasers, prey, depth):
        if depth == 0:
            return prey in chasers
        for move in itertools.product(*(steps(p) for p in chasers)):
            if prey in move:
                return True
            if all(reply in move or within(move, reply, depth - 1) for reply in steps(prey)):
                return True
        return False

    positions = [(tuple(ch), e) for ch in itertools.product(cells, repeat=pursuers) for e in cells]
    times: dict[tuple[tuple[Coord, ...], Coord], int | None] = dict.fromkeys(positions)
    depth = 0
    while True:
        new = [pos for pos in positions if times[pos] is None and within(pos[0], pos[1], depth)]
        if not new and depth > 0:
            return times
        for pos in new:
            times[pos] = depth
        depth += 1


SMALL_ONE = [
    Grid(3, 3), Grid(4, 3), Grid(4, 4), Grid(5, 2),
    Grid(5, 5, frozenset({Coord(2, 2)})),
    Grid(4, 4, frozenset({Coord(1, 1), Coord(2, 2)})),
    Grid(5, 4, frozenset({Coord(1, 1), Coord(3, 1), Coord(2, 3)})),
    Grid(3, 3, frozenset({Coord(1, 0), Coord(1, 1), Coord(1, 2)})),  # two separate columns
]
SMALL_TWO = [
    Grid(3, 3), Grid(4, 3),
    Grid(4, 4, frozenset({Coord(1, 1)})),
    Grid(4, 3, frozenset({Coord(1, 1), Coord(3, 2)})),
]


@pytest.mark.parametrize("grid", SMALL_ONE, ids=repr)
def test_one_pursuer_matches_brute_force(grid):
    solver = PursuitSolver(grid)
    for (chasers, prey), time in brute_force_times(grid, 1).items():
        assert solver.capture_time(chasers, prey) == time, (chasers, prey)


@pytest.mark.parametrize("grid", SMALL_TWO, ids=repr)
def test_two_pursuers_match_brute_force(grid):
    solver = PursuitSolver(grid, pursuers=2)
    for (chasers, prey), time in brute_force_times(grid, 2).items():
        assert solver.capture_time(chasers, prey) == time, (chasers, prey)


def test_random_blocked_grids_match_brute_force():
    for seed in range(6):
        rng = random.Random(seed)
        grid = Grid(rng.randint(2, 5), rng.randint(2, 5)).with_random_blocked(rng.choice([10, 20, 30]), rng)
        solver = PursuitSolver(grid)
        for (chasers, prey), time in brute_force_times(grid, 1).items():
            assert solver.capture_time(chasers, prey) == time, (grid, chasers, prey)


@pytest.mark.parametrize("size", [2, 3, 5, 8, 10])
def test_one_pursuer_always_catches_on_an_open_grid(size):
    # The king's graph is cop-win (REFERENCE.md): no start lets the prey escape.
    solver = PursuitSolver(Grid(size, size + 1))
    time, start = solver.worst_start()
    assert time is not None, start
    assert solver.capture_time(*start) == time


def test_one_blocked_cell_inside_lets_the_prey_escape_one_pursuer_but_not_two():
    grid = Grid(6, 6, frozenset({Coord(2, 3)}))
    one = PursuitSolver(grid)
    time, (chasers, prey) = one.worst_start()
    assert time is None and one.capture_time(chasers, prey) is None
    best, _ = one.best_start()
    assert best is None  # wherever the pursuer stands, some cell lets the prey escape
    two = PursuitSolver(grid, pursuers=2)
    worst, start = two.worst_start()
    assert worst is not None and two.capture_time(*start) == worst
    # A blocked cell on the edge does not help the prey.
    assert PursuitSolver(Grid(6, 6, frozenset({Coord(0, 3)}))).worst_start()[0] is not None


def test_the_ring_is_where_the_prey_survives():
    # The prey straight across the blocked cell from the pursuer, the pursuer to move:
    # the prey keeps the block between them forever. From most other starts it is caught.
    grid = Grid(5, 5, frozenset({Coord(2, 2)}))
    solver = PursuitSolver(grid)
    assert solver.capture_time(Coord(2, 1), Coord(2, 3)) is None
    assert solver.capture_time(Coord(1, 2), Coord(3, 2)) is None
    assert solver.capture_time(Coord(2, 0), Coord(2, 4)) is None
    assert solver.capture_time(Coord(2, 0), Coord(2, 3)) == 5
    table = solver.time_table(Coord(2, 1))
    assert [c for c, t in table.items() if t is None] == [Coord(2, 3)]
    # A pursuer next to the prey still catches at once.
    assert solver.capture_time(Coord(1, 1), Coord(2, 1)) == 1


def mirror(cell, grid, kind):
    x, y = cell
    w, h = grid.width - 1, grid.height - 1
    return {"x": Coord(w - x, y), "y": Coord(x, h - y), "xy": Coord(w - x, h - y), "t": Coord(y, x)}[kind]


@pytest.mark.parametrize("pursuers", [1, 2])
def test_symmetric_positions_have_equal_times(pursuers):
    grid = Grid(6, 6, frozenset({Coord(1, 1), Coord(4, 4), Coord(1, 4), Coord(4, 1)}))  # symmetric blocks
    solver = PursuitSolver(grid, pursuers)
    cells = list(grid.free_cells())
    rng = random.Random(5)
    for _ in range(300):
        chasers = tuple(rng.choice(cells) for _ in range(pursuers))
        prey = rng.choice(cells)
        time = solver.capture_time(chasers, prey)
        for kind in ("x", "y", "xy", "t"):
            image = tuple(mirror(c, grid, kind) for c in chasers)
            assert solver.capture_time(image, mirror(prey, grid, kind)) == time
        if pursuers == 2:
            assert solver.capture_time(chasers[::-1], prey) == time


def test_two_pursuers_are_never_slower_than_one():
    grid = Grid(5, 5)
    one, two = PursuitSolver(grid), PursuitSolver(grid, 2)
    for p, e in itertools.product(grid.free_cells(), repeat=2):
        assert two.capture_time((p, p), e) == one.capture_time(p, e)
        for q in grid.free_cells():
            assert two.capture_time((p, q), e) <= one.capture_time(p, e)


def test_worst_and_best_start_by_definition():
    grid = Grid(5, 4, frozenset({Coord(4, 3)}))
    solver = PursuitSolver(grid)
    cells = list(grid.free_cells())
    times = {(p, e): solver.capture_time(p, e) for p in cells for e in cells if p != e}
    worst, ((p,), e) = solver.worst_start()
    assert worst == max(times.values()) == times[p, e]
    best_time, ((q,), f) = solver.best_start()
    by_pursuer = {p: max(t for (pp, _), t in times.items() if pp == p) for p in cells}
    assert best_time == min(by_pursuer.values()) == by_pursuer[q] == times[q, f]


def test_best_start_with_two_pursuers_and_an_escape_somewhere():
    grid = Grid(6, 6, frozenset({Coord(2, 3)}))
    time, (chasers, prey) = PursuitSolver(grid, 2).best_start()
    assert time is not None and len(set(chasers)) == 2 and prey not in chasers
    assert PursuitSolver(grid, 2).capture_time(chasers, prey) == time


def test_time_table_and_lookups():
    solver = PursuitSolver(Grid(4, 4))
    table = solver.time_table(Coord(0, 0))
    assert len(table) == 16 and table[Coord(0, 0)] == 0
    assert all(table[c] == solver.capture_time(Coord(0, 0), c) for c in table)
    assert table[Coord(1, 1)] == 1
    with pytest.raises(ValueError, match="not a free cell"):
        solver.capture_time(Coord(4, 0), Coord(0, 0))
    with pytest.raises(ValueError, match="1 pursuer"):
        solver.capture_time((Coord(0, 0), Coord(1, 0)), Coord(3, 3))
    with pytest.raises(ValueError, match="at most 144 free cells"):
        PursuitSolver(Grid(13, 12), pursuers=2)
    with pytest.raises(ValueError, match="1 or 2"):
        PursuitSolver(Grid(3, 3), pursuers=3)


@pytest.mark.parametrize("pursuers", [1, 2])
def test_optimal_play_catches_exactly_at_the_capture_time(pursuers):
    grid = Grid(6, 5, frozenset({Coord(3, 2)}))
    solver = PursuitSolver(grid, pursuers)
    rules = Pursuit(grid, pursuers, max_moves=60)
    rng = random.Random(11)
    for _ in range(12):
        start = rules.initial_state(rng)
        expected = solver.capture_time(start.pursuers, start.prey)
        players = [Player("hunters", optimal_pursuers(solver)), Player("prey", optimal_prey(solver))]
        record = play(rules, players, start=start)
        if expected is None:
            assert record.winner == 1 and record.final.moves == 60
        else:
            assert record.winner == 0 and record.final.moves == expected
        # Against the article's Jerry the optimal pursuers are never slower.
        against_jerry = play(rules, [players[0], Player("Jerry", jerry_strategy())], start=start)
        if expected is not None:
            assert against_jerry.winner == 0 and against_jerry.final.moves <= expected
        # Against the lone Toms the optimal prey is never caught sooner.
        against_tom = play(rules, [Player("Tom", lone_pursuers()), players[1]], start=start)
        if against_tom.winner == 0:
            assert expected is not None and against_tom.final.moves >= expected


def test_move_times_follow_the_rules_order():
    grid = Grid(5, 5, frozenset({Coord(2, 2)}))
    rules = Pursuit(grid, 2)
    solver = PursuitSolver(grid, 2)
    state = PursuitState(grid, (Coord(0, 0), Coord(4, 4)), Coord(2, 4))
    assert tuple(solver.pursuer_move_times(state)) == rules.legal_moves(state)
    after = rules.apply(state, (Coord(1, 1), Coord(3, 3)))
    times = solver.prey_move_times(after)
    assert tuple(times) == rules.legal_moves(after)
    longest = None if None in times.values() else max(times.values())
    assert solver.moves_to_capture(after) == longest
    assert solver.moves_to_capture(state) == solver.capture_time(state.pursuers, state.prey)
    assert solver.best_prey_move(after) in times
    with pytest.raises(ValueError, match="turn"):
        solver.prey_move_times(state)
