"""The checks of problem sets 2-4: right answers pass, wrong ones fail with a message that teaches.

Each check is compared with an independent brute force on small boards, and the partial
scores that the end-to-end tests expect from known wrong solutions are computed here in
process, so a change of the scales shows up in seconds.
"""

from __future__ import annotations

from collections import deque
from functools import cache
from typing import Any

import pytest
from cpu import burn
from known_submissions import ARTICLE_JERRY_HIDDEN, ARTICLE_TOM_HIDDEN, BFS_AS_ASTAR_EXPANDED
from nbgrader_course import Source, hidden_seed_of

from coursekit import Coord, Grid, ImpartialSolver, chebyshev
from coursekit.games.paths.checks import PathCase, allowance, check_search, path_cases, score_expansions
from coursekit.games.pieces import OneWayKnight, OneWayQueen
from coursekit.games.pieces.checks import (
    check_knight_winning_move,
    check_queen_winning_move,
    knight_boards,
    knight_pattern_misleads,
    misleading_sizes,
    queen_positions,
    queen_winning_moves,
)
from coursekit.games.pursuit import jerry_move, tom_step
from coursekit.games.pursuit.checks import (
    Chase,
    chase_starts,
    check_prey_move,
    check_pursuer_move,
    pursuit_cases,
    score_move,
    solver_for,
    straight_tom_time,
)
from coursekit.grading.kernel import NoCases
from coursekit.solvers.search import astar, bfs

#: Seeds of the drawing functions' own tests (a graded notebook draws from the course key: see hidden_seed_of)
PS02_SEED, PS03_SEED, PS04_SEED = 20241102, 20241103, 20241104


def failure(check: Any, *args: Any, **kwargs: Any) -> str:
    with pytest.raises(AssertionError) as caught:
        check(*args, **kwargs)
    return str(caught.value)


def reference_namespace(name: str, cells: list[str]) -> dict[str, Any]:
    """Run the given cells of a source notebook (setup and reference solutions) in a fresh namespace."""
    source = Source(name)
    code = {cell.metadata["nbgrader"]["grade_id"]: cell.source for cell in source.notebook().cells
            if "nbgrader" in cell.metadata}
    namespace: dict[str, Any] = {}
    for grade_id in cells:
        text = source.reference(grade_id) if "BEGIN SOLUTION" in code[grade_id] else code[grade_id]
        exec(compile(text, f"<{name} {grade_id}>", "exec"), namespace)
    return namespace


# ---------------------------------------------------------------------------------------------- ps02 queen


def brute_queen_losing(size: int) -> set[tuple[int, int]]:
    """Losing cells of the queen on a size x size board, by the general solver over the rules."""
    rules = OneWayQueen(Grid(size, size))
    solver = ImpartialSolver(rules)
    return {(c.x, c.y) for c in Grid(size, size).cells() if not solver.is_winning(c)}


def wythoff_queen(x: int, y: int) -> tuple[int, int] | None:
    """A brute-force student: the first move to a losing cell of a big enough table."""
    losing = QUEEN_LOSING
    for move in [(x, b) for b in range(y)] + [(x - d, y - d) for d in range(1, min(x, y) + 1)] + \
            [(a, y) for a in range(x)]:
        if move in losing:
            return move
    return None


QUEEN_LOSING = brute_queen_losing(31)


def test_queen_winning_moves_agree_with_the_general_solver() -> None:
    for x in range(31):
        for y in range(31):
            if (x, y) == (0, 0):
                continue
            moves = queen_winning_moves(x, y)
            assert all(m in QUEEN_LOSING for m in moves)
            assert bool(moves) == ((x, y) not in QUEEN_LOSING), (x, y)
            assert len(moves) == sum(1 for m in moves)  # at most one per line: column, diagonal, row
            assert len(moves) <= 3


def test_queen_check_accepts_right_answers_and_none_exactly_at_losing_positions() -> None:
    positions = [(x, y) for x in range(31) for y in range(31) if (x, y) != (0, 0)]
    assert check_queen_winning_move(wythoff_queen, positions) == len(positions)
    ns = reference_namespace("ps02", ["setup", "queen_winning_move"])
    assert check_queen_winning_move(ns["queen_winning_move"], positions) == len(positions)
    large = queen_positions(300, seed=PS02_SEED)
    assert check_queen_winning_move(ns["queen_winning_move"], large) == len(large) == 2594
    assert (1000, 1000) in large and all(0 <= x <= 1000 and 0 <= y <= 1000 for x, y in large)
    wythoff = {(a, b) for a, b in ((0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15), (11, 18), (12, 20))}
    assert wythoff | {(b, a) for a, b in wythoff} <= set(large) | {(0, 0)}


def test_queen_check_teaches_the_king_parity_rule_mistake() -> None:
    def parity(x: int, y: int) -> tuple[int, int] | None:
        return None if x % 2 == 0 and y % 2 == 0 else (x - x % 2, y - y % 2)

    message = failure(check_queen_winning_move, parity, [(0, 3)])
    assert "queen_winning_move(0, 3) returned (0, 2), a losing move" in message
    assert "A winning move from (0, 3) is (0, 0)" in message and "one-way king's rule" in message
    assert "\n3  Q\n" in message  # the picture of a small position
    message = failure(check_queen_winning_move, parity, [(2, 2)])
    assert "returned None, but (2, 2) is a winning position: the move to (2, 1)" in message


@pytest.mark.parametrize("answer, words", [
    ([0, 0], "a list"), ((0.0, 0), "a tuple"), ((True, 0), "a tuple"), ("(0, 0)", "a str"), ((0, 0, 0), "a tuple"),
])
def test_queen_check_is_strict_about_types(answer: Any, words: str) -> None:
    message = failure(check_queen_winning_move, lambda x, y: answer, [(2, 2)])
    assert words in message and "it must return the queen's cell" in message


def test_queen_check_refuses_an_always_equal_answer_and_illegal_moves() -> None:
    class Same(tuple):  # type: ignore[type-arg]
        def __eq__(self, other: object) -> bool:
            return True

        __hash__ = tuple.__hash__

    assert "it must return" in failure(check_queen_winning_move, lambda x, y: Same((0, 0)), [(2, 2)])
    assert "goes back" in failure(check_queen_winning_move, lambda x, y: (x + 1, y), [(2, 2)])
    assert "on none of them" in failure(check_queen_winning_move, lambda x, y: (x - 1, y - 2), [(2, 2)])
    assert "off the board" in failure(check_queen_winning_move, lambda x, y: (x, -1), [(2, 2)])


# The time limit's first ring may land in a garbage collector callback (hypothesis installs
# one), where Python ignores it; the limit drops it quietly and rings again (tests/test_grading.py).
def test_queen_check_stops_a_slow_memoised_search() -> None:
    @cache
    def losing(x: int, y: int) -> bool:
        moves = [(x, b) for b in range(y)] + [(x - d, y - d) for d in range(1, min(x, y) + 1)] + \
            [(a, y) for a in range(x)]
        return not any(losing(*m) for m in moves)

    def slow(x: int, y: int) -> tuple[int, int] | None:
        return next((m for m in [(x, b) for b in range(y)] if losing(*m)), None) if x + y < 3000 else None

    message = failure(check_queen_winning_move, slow, [(300, 700)], per_call=0.3)
    assert "did not return within 0.3 s" in message or "recursion goes too deep" in message


# ---------------------------------------------------------------------------------------------- ps02 knight


def brute_knight_losing(width: int, height: int) -> set[Coord]:
    grid = Grid(width, height)
    solver = ImpartialSolver(OneWayKnight(grid))
    return {c for c in grid.cells() if not solver.is_winning(c)}


def brute_knight(x: int, y: int, width: int, height: int) -> tuple[int, int] | None:
    losing = brute_knight_losing(width, height)
    jumps = OneWayKnight(Grid(width, height)).targets(Coord(x, y))
    return next(((j.x, j.y) for j in jumps if j in losing), None)


def pattern_knight(x: int, y: int, width: int, height: int) -> tuple[int, int] | None:
    jumps = OneWayKnight(Grid(width, height)).targets(Coord(x, y))
    return next(((j.x, j.y) for j in jumps if j.x % 4 < 2 and j.y % 4 < 2), None)


@pytest.mark.slow
def test_knight_check_against_brute_force() -> None:
    boards = [(1, 5), (3, 3), (5, 5), (9, 6), (6, 9), (13, 5)]
    assert check_knight_winning_move(brute_knight, boards) > 0
    ns = reference_namespace("ps02", ["setup", "knight_jumps", "knight_winning_move"])
    hidden = knight_boards(6, seed=PS02_SEED)
    assert check_knight_winning_move(ns["knight_winning_move"], [*boards, *hidden]) > 0


@pytest.mark.slow
def test_knight_pattern_misleads_means_the_pattern_player_fails() -> None:
    for width in range(1, 15):
        for height in range(1, 15):
            try:
                check_knight_winning_move(pattern_knight, [(width, height)])
                fails = False
            except NoCases:  # a board with no cell to jump from: nothing to ask, and nothing to get wrong
                fails = False
            except AssertionError:
                fails = True
            assert knight_pattern_misleads(width, height) == fails, (width, height)


@pytest.mark.slow
def test_the_misleading_sizes_are_those_the_pattern_gets_wrong() -> None:
    """The closed form that picks the hidden boards, against the brute force on every board up to 29 x 29."""
    wrong = {(w, h) for w in range(1, 30) for h in range(1, 30) if knight_pattern_misleads(w, h)}
    assert set(misleading_sizes(1, 29)) == wrong
    assert misleading_sizes(3, 25) == sorted(size for size in wrong if max(size) <= 25)


def test_knight_boards_and_the_pattern_hint() -> None:
    boards = knight_boards(6, seed=PS02_SEED)
    assert boards == knight_boards(6, seed=PS02_SEED) and len(set(boards)) == 6
    assert knight_pattern_misleads(*boards[0]) and knight_pattern_misleads(*boards[1])
    assert all(3 <= w <= 25 and 3 <= h <= 25 for w, h in boards)
    check_knight_winning_move(pattern_knight, [(7, 7), (5, 3), (8, 8)])  # the visible boards do not show it
    message = failure(check_knight_winning_move, pattern_knight, boards)
    assert "whatever the pattern says" in message and "K the knight" in message


def test_knight_check_messages() -> None:
    message = failure(check_knight_winning_move, lambda x, y, w, h: (x - 1, y), [(4, 4)])
    assert "knight_winning_move(2, 0, 4, 4) returned [1, 0], which is not a legal jump" in message
    assert "is a step of (-1, 0)" in message
    message = failure(check_knight_winning_move, lambda x, y, w, h: [x - 2, y - 1], [(4, 4)])
    assert "(a list)" in message


# ---------------------------------------------------------------------------------------------- ps03 paths


def lib_search(algorithm: Any) -> Any:
    def search(grid: Grid, start: Coord, target: Coord) -> tuple[list[Coord] | None, int]:
        result = algorithm(grid, start, target)
        return (None if result.path is None else list(result.path), len(result.expanded))
    return search


def blind_bfs(grid: Grid, start: Coord, target: Coord) -> tuple[list[Coord] | None, int]:
    """Forgets the blocked cells."""
    return lib_search(bfs)(Grid(grid.width, grid.height), start, target)


def greedy(grid: Grid, start: Coord, target: Coord) -> tuple[list[Coord] | None, int]:
    """Always the neighbour nearest the target (depth first, no going back): short paths only by luck."""
    parent: dict[Coord, Coord | None] = {start: None}
    stack, expanded = [start], 0
    while stack:
        cell = stack.pop()
        expanded += 1
        if cell == target:
            path = [cell]
            while parent[path[-1]] is not None:
                path.append(parent[path[-1]])  # type: ignore[arg-type]
            return path[::-1], expanded
        for nxt in sorted(grid.neighbours8(cell), key=lambda c: -chebyshev(c, target)):
            if nxt not in parent:
                parent[nxt] = cell
                stack.append(nxt)
    return None, expanded


HIDDEN_PATHS = path_cases(10, seed=PS03_SEED)


def test_path_cases_are_seeded_far_apart_and_one_is_walled() -> None:
    assert [str(c) for c in HIDDEN_PATHS] == [str(c) for c in path_cases(10, seed=PS03_SEED)]
    reachable = [bfs(c.grid, c.start, c.target).found for c in HIDDEN_PATHS]
    assert reachable == [True] * 10 + [False]
    for case in HIDDEN_PATHS:
        assert 12 <= case.grid.width <= 30 and 12 <= case.grid.height <= 30
        assert chebyshev(case.start, case.target) >= max(case.grid.width, case.grid.height) // 2 - 1


def test_allowance_by_brute_force() -> None:
    for case in HIDDEN_PATHS:
        far = {case.start: 0}
        queue = deque([case.start])
        while queue:
            cell = queue.popleft()
            for nxt in case.grid.neighbours8(cell):
                if nxt not in far:
                    far[nxt] = far[cell] + 1
                    queue.append(nxt)
        if case.target in far:
            assert allowance(case, "bfs") == sum(1 for d in far.values() if d <= far[case.target])
            assert allowance(case, "astar") == int(1.5 * len(astar(case.grid, case.start, case.target).expanded))
        else:
            assert allowance(case, "bfs") == allowance(case, "astar") == len(far)


def test_search_check_passes_the_references() -> None:
    assert check_search(lib_search(bfs), "bfs", HIDDEN_PATHS) == 11
    ns = reference_namespace("ps03", ["setup", "bfs", "astar"])
    assert check_search(ns["bfs"], "bfs", HIDDEN_PATHS) == 11
    assert check_search(ns["astar"], "astar", HIDDEN_PATHS) == 11
    assert score_expansions(ns["bfs"], "bfs", HIDDEN_PATHS, 2, report=None) == 2.0
    assert score_expansions(ns["astar"], "astar", HIDDEN_PATHS, 6, report=None) == 6.0


def test_search_check_teaches() -> None:
    message = failure(check_search, blind_bfs, "bfs", HIDDEN_PATHS)
    assert "returned a path that a king cannot walk" in message and "goes onto the blocked cell" in message
    assert "X your bad step" in message and "o a shortest path" in message
    message = failure(check_search, greedy, "astar", HIDDEN_PATHS)
    assert "but a shortest path has" in message and "* your path" in message
    message = failure(check_search, lambda g, s, t: (None, 1), "bfs", HIDDEN_PATHS[:1])
    assert "returned no path (None), but the target can be reached in" in message
    walled = HIDDEN_PATHS[-1]
    message = failure(check_search, lambda g, s, t: ([s, t], 1), "bfs", [walled])
    assert "but the target cannot be reached from the start" in message


@pytest.mark.parametrize("answer, words", [
    ([None, 3], "it must return a pair (path, expanded)"),
    ((None, 3.0), "expanded = 3.0 (a float)"),
    ((None, -1), "expanded = -1 (an int)"),
    (({(0, 0)}, 1), "a path is a list (or tuple) of cells"),
    (([[0, 0]], 1), "a path is a list (or tuple) of cells"),
])
def test_search_check_is_strict_about_types(answer: Any, words: str) -> None:
    case = PathCase(Grid(3, 3), Coord(0, 0), Coord(0, 0))
    assert words in failure(check_search, lambda g, s, t: answer, "bfs", [case])


def test_expansion_scores_of_known_searches() -> None:
    # the figure tests/known_submissions.py expects for an A* that is really a BFS, on that student's grids
    graded = path_cases(10, seed=hidden_seed_of("ps03", "hidden grids", "bfs_as_astar"))
    assert score_expansions(lib_search(bfs), "astar", graded, 6, report=None) == BFS_AS_ASTAR_EXPANDED
    lines: list[str] = []
    score_expansions(lib_search(bfs), "astar", HIDDEN_PATHS, 6, report=lines.append)
    assert len(lines) == 11 + 3 and lines[-1].startswith("Hint: A* expands fewest cells")
    with pytest.raises(AssertionError, match="Count one cell each time"):
        score_expansions(lambda g, s, t: (lib_search(bfs)(g, s, t)[0], 0), "bfs", HIDDEN_PATHS, 2, report=None)


# ---------------------------------------------------------------------------------------------- ps04 pursuit


HIDDEN_CHASES = pursuit_cases(PS04_SEED)


def test_pursuit_cases_are_catchable_and_tell_the_article_tom_apart() -> None:
    assert [str(c) for c in HIDDEN_CHASES] == [str(c) for c in pursuit_cases(PS04_SEED)]
    assert len(HIDDEN_CHASES) == 12
    for chase in HIDDEN_CHASES:
        optimal = solver_for(chase.grid).capture_time(chase.pursuer, chase.prey)
        assert optimal is not None and optimal >= 3
    assert straight_tom_time(HIDDEN_CHASES[4]) is None and straight_tom_time(HIDDEN_CHASES[8]) is None
    assert [straight_tom_time(c) is None for c in HIDDEN_CHASES].count(True) == 5


def test_the_reference_capture_times_are_the_solvers() -> None:
    ns = reference_namespace("ps04", ["setup", "helpers"])
    for grid in {chase.grid for chase in HIDDEN_CHASES} | {ns["example"]}:
        times = ns["capture_times"](grid)
        solver = solver_for(grid)
        cells = list(grid.free_cells())
        for tom in cells:
            for jerry in cells:
                if tom != jerry:
                    assert times.get((tom, jerry)) == solver.capture_time(tom, jerry), (tom, jerry)


def test_pursuit_scores_of_the_reference_and_of_the_article() -> None:
    ns = reference_namespace("ps04", ["setup", "helpers", "pursuer_move", "prey_move"])
    assert score_move(ns["pursuer_move"], HIDDEN_CHASES, 8, side="pursuer", report=None) == 8.0
    assert score_move(ns["prey_move"], HIDDEN_CHASES, 8, side="prey", report=None) == 8.0
    assert score_move(tom_step, HIDDEN_CHASES, 8, side="pursuer", report=None) == round(8 * 7 / 12, 2)
    # the figures tests/known_submissions.py expects, from the library's own article strategies, each on the
    # starts that student's notebook is graded on
    article_tom = score_move(tom_step, pursuit_cases(hidden_seed_of("ps04", "hidden starts", "article_tom")), 8,
                             side="pursuer", report=None)
    article_jerry = score_move(lambda g, tom, jerry: jerry_move(g, jerry, [tom]),
                               pursuit_cases(hidden_seed_of("ps04", "hidden starts", "article_jerry")), 8,
                               side="prey", report=None)
    assert (article_tom, article_jerry) == (ARTICLE_TOM_HIDDEN, ARTICLE_JERRY_HIDDEN)


def test_pursuit_visible_checks() -> None:
    ns = reference_namespace("ps04", ["setup"])
    starts = [Chase(Grid(6, 6), Coord(0, 0), Coord(5, 5)), Chase(ns["example"], Coord(6, 0), Coord(1, 4))]
    results = check_pursuer_move(tom_step, starts, report=None)
    assert [r.share for r in results] == [1.0, 0.5] and "a better move" in results[1].slip
    message = failure(check_pursuer_move, lambda g, tom, jerry: Coord(2 * tom.x - jerry.x, tom.y), starts[:1],
                      report=None)
    assert "which is not a legal move" in message
    walker = failure(check_pursuer_move, lambda g, tom, jerry: g.neighbours8(tom)[0], starts, report=None)
    assert "did not catch Jerry within 50 moves" in walker or "which is not a legal move" in walker
    message = failure(check_prey_move, lambda g, tom, jerry: tom, starts, report=None)
    assert "Tom's own cell: Jerry is caught at once" in message
    assert "(a list)" in failure(check_prey_move, lambda g, tom, jerry: [jerry.x, jerry.y - 1], starts, report=None)


def test_pursuit_time_limit_per_call() -> None:
    def slow(grid: Grid, tom: Coord, jerry: Coord) -> Coord:
        burn(1)
        return tom_step(grid, tom, jerry)

    message = failure(check_pursuer_move, slow, HIDDEN_CHASES[:1], per_call=0.2, report=None)
    assert "did not return within 0.2 s" in message


def test_chase_starts_need_a_finite_capture_time() -> None:
    ring = Grid(5, 5, frozenset({Coord(2, 2)}))
    starts = chase_starts(ring, 5, seed=3)
    assert all(solver_for(ring).capture_time(s.pursuer, s.prey) for s in starts)
    with pytest.raises(ValueError, match="not a start to grade on"):
        escape = next(Chase(ring, a, b) for a in ring.free_cells() for b in ring.free_cells()
                      if a != b and solver_for(ring).capture_time(a, b) is None)
        score_move(tom_step, [escape], 8, side="pursuer", report=None)
