"""G2.1 shortest paths: the article's minPath (as printed and fixed), BFS, A*, grids that keep a path."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit.core import NEXT8, Coord, CoursekitError, Grid, IllegalMoveError, Player, Record, chebyshev, play
from coursekit.core.display import as_svg
from coursekit.games import rules_from_spec
from coursekit.games.paths import (
    PathState,
    ShortestPath,
    UnreachableError,
    article_min_path,
    article_strategy,
    distances,
    min_path,
    reachable_grid,
)
from coursekit.render.search import search_svg, search_text
from coursekit.solvers.search import SearchError, SearchResult, astar, bfs, is_valid_path, search

SEARCHES = [bfs, astar]
INF = 10**9


def brute_force_distances(grid: Grid) -> dict[tuple[Coord, Coord], int]:
    """Floyd-Warshall over the free cells: no search order, no queue, nothing shared with the searches."""
    free = list(grid.free_cells())
    dist = {(a, b): 0 if a == b else (1 if chebyshev(a, b) == 1 else INF) for a in free for b in free}
    for k in free:
        for a in free:
            ak = dist[a, k]
            if ak == INF:
                continue
            for b in free:
                if ak + dist[k, b] < dist[a, b]:
                    dist[a, b] = ak + dist[k, b]
    return dist


@st.composite
def blocked_grids(draw: st.DrawFn, max_side: int = 9) -> tuple[Grid, Coord, Coord]:
    """A small grid with random blocked cells and two free cells on it."""
    width = draw(st.integers(1, max_side))
    height = draw(st.integers(1, max_side))
    cells = [Coord(x, y) for y in range(height) for x in range(width)]
    start = draw(st.sampled_from(cells))
    target = draw(st.sampled_from(cells))
    percent = draw(st.sampled_from([0, 10, 20, 30, 40, 50]))
    seed = draw(st.integers(0, 10**6))
    grid = Grid(width, height).with_random_blocked(percent, random.Random(seed), keep=[start, target])
    return grid, start, target


# The article's minPath ---------------------------------------------------------------------


def test_min_path_goes_diagonally_then_straight_with_chebyshev_moves() -> None:
    for a, b in itertools.product(Grid(6, 5).cells(), repeat=2):
        path = min_path(a, b)
        assert path[0] == a and path[-1] == b
        assert len(path) - 1 == chebyshev(a, b)
        assert is_valid_path(Grid(6, 5), path, a, b) is None
        steps = [(q.x - p.x, q.y - p.y) for p, q in itertools.pairwise(path)]
        diagonal = min(abs(b.x - a.x), abs(b.y - a.y))
        assert all(dx and dy for dx, dy in steps[:diagonal])  # first diagonally ...
        assert not any(dx and dy for dx, dy in steps[diagonal:])  # ... then straight


def test_the_published_min_path_is_right_only_when_start_is_target() -> None:
    for a, b in itertools.product(Grid(5, 5).cells(), repeat=2):
        run = article_min_path(a, b, max_steps=20)
        distance = chebyshev(a, b)
        if distance == 0:
            assert run.returned and run.correct and run.path == (a,)
        elif distance == 1:  # the first step lands on the target and the loop never ends
            assert not run.returned and not run.correct
            assert run.steps == 20 and run.path == (a,) + (b,) * 20
            assert "never returns" in run.verdict
        else:  # the loop stops after one step, far from the target
            assert run.returned and not run.correct
            assert run.path == min_path(a, b)[:2] and run.steps == 1
            assert "not on the target" in run.verdict


def test_the_fixed_min_path_is_what_the_published_one_meant() -> None:
    a, b = Coord(0, 0), Coord(4, 2)
    assert article_min_path(a, b).path == (a, Coord(1, 1))
    assert min_path(a, b) == (a, Coord(1, 1), Coord(2, 2), Coord(3, 2), b)
    with pytest.raises(ValueError, match="max_steps"):
        article_min_path(a, b, max_steps=0)


# BFS and A* --------------------------------------------------------------------------------


@pytest.mark.parametrize("search_fn", SEARCHES)
def test_on_an_open_grid_the_length_is_the_chebyshev_distance(search_fn) -> None:  # type: ignore[no-untyped-def]
    grid = Grid(7, 5)
    for a, b in itertools.product(grid.cells(), repeat=2):
        result = search_fn(grid, a, b)
        assert result.length == chebyshev(a, b)
        assert is_valid_path(grid, result.path, a, b) is None


@settings(max_examples=150, deadline=None)
@given(blocked_grids())
def test_bfs_and_astar_agree_and_their_paths_are_valid(case: tuple[Grid, Coord, Coord]) -> None:
    grid, start, target = case
    wide, aimed = bfs(grid, start, target), astar(grid, start, target)
    assert wide.length == aimed.length
    assert wide.found == aimed.found == (target in distances(grid, start))
    for result in (wide, aimed):
        if result.found:
            assert is_valid_path(grid, result.path, start, target) is None
            assert result.expanded[-1] == target
        else:
            assert result.path is None and result.length is None
            assert set(result.expanded) == set(distances(grid, start))  # it looked everywhere it could
        assert result.expanded[0] == start
        assert len(set(result.expanded)) == len(result.expanded)  # no cell expanded twice
        assert not set(result.expanded) & grid.blocked
    # a consistent heuristic never makes A* expand a cell that BFS would not
    assert set(aimed.expanded) <= set(wide.expanded)


def test_both_searches_match_brute_force_on_every_pair_of_small_grids() -> None:
    rng = random.Random(2024)
    checked = unreachable = 0
    for width, height, percent in [(4, 4, 25), (5, 4, 30), (6, 3, 40), (5, 5, 35), (3, 6, 20), (6, 6, 45)]:
        grid = Grid(width, height).with_random_blocked(percent, rng)
        exact = brute_force_distances(grid)
        for (a, b), d in exact.items():
            for search_fn in SEARCHES:
                assert search_fn(grid, a, b).length == (None if d == INF else d), (search_fn.__name__, grid, a, b)
            checked += 1
            unreachable += d == INF
    assert checked > 500 and unreachable > 0  # the boards do cut some cells off


def test_bfs_expands_cells_in_order_of_distance() -> None:
    grid = Grid(12, 9).with_random_blocked(25, random.Random(5), keep=[Coord(0, 0), Coord(11, 8)])
    result = bfs(grid, Coord(0, 0), Coord(11, 8))
    far = distances(grid, Coord(0, 0))
    order = [far[c] for c in result.expanded]
    assert order == sorted(order)


def test_counted_expansions_on_an_open_100_by_100_grid_corner_to_corner() -> None:
    grid = Grid(100, 100)
    wide, aimed = bfs(grid, Coord(0, 0), Coord(99, 99)), astar(grid, Coord(0, 0), Coord(99, 99))
    assert (wide.length, len(wide.expanded)) == (99, 10_000)  # REFERENCE.md: BFS 10,000
    assert (aimed.length, len(aimed.expanded)) == (99, 100)  # ... A* 100: only the diagonal
    assert aimed.expanded == tuple(Coord(i, i) for i in range(100))


def test_astar_expands_far_fewer_cells_than_bfs_on_blocked_100_by_100_grids() -> None:
    for percent in (20, 30):
        rng = random.Random(percent)
        grid = reachable_grid(100, 100, percent, rng, Coord(0, 0), Coord(99, 99))
        wide, aimed = bfs(grid, Coord(0, 0), Coord(99, 99)), astar(grid, Coord(0, 0), Coord(99, 99))
        assert wide.length == aimed.length
        free = 10_000 - len(grid.blocked)
        assert len(wide.expanded) > 0.95 * free  # REFERENCE.md: 7,997 (20 %), 7,006 (30 %)
        assert len(aimed.expanded) < 0.25 * len(wide.expanded)  # REFERENCE.md: 835, 1,190


def test_ties_are_broken_in_next8_order() -> None:
    # From [0, 0] the first neighbour in NEXT8 order is [1, 0]; BFS reaches [3, 1] through it.
    assert bfs(Grid(4, 4), Coord(0, 0), Coord(3, 1)).path == (Coord(0, 0), Coord(1, 0), Coord(2, 0), Coord(3, 1))
    # The start's neighbours are expanded in NEXT8 order, right after the start.
    centre = Coord(5, 5)
    ring = bfs(Grid(11, 11), centre, Coord(0, 0)).expanded[1:9]
    assert ring == tuple(centre + d for d in NEXT8)
    # The same search twice gives the same result.
    grid = Grid(30, 30).with_random_blocked(30, random.Random(3), keep=[Coord(0, 0), Coord(29, 29)])
    assert astar(grid, Coord(0, 0), Coord(29, 29)) == astar(grid, Coord(0, 0), Coord(29, 29))


@pytest.mark.parametrize("search_fn", SEARCHES)
def test_start_equal_to_target_and_no_path(search_fn) -> None:  # type: ignore[no-untyped-def]
    result = search_fn(Grid(3, 3), Coord(1, 1), Coord(1, 1))
    assert result.path == (Coord(1, 1),) and result.length == 0 and result.expanded == (Coord(1, 1),)
    walled = Grid(5, 3, blocked=frozenset({Coord(2, y) for y in range(3)}))
    result = search_fn(walled, Coord(0, 0), Coord(4, 2))
    assert not result.found and result.length is None and result.path is None
    assert set(result.expanded) == {Coord(x, y) for x in range(2) for y in range(3)}
    assert result.algorithm == search_fn.__name__


@pytest.mark.parametrize("search_fn", SEARCHES)
@pytest.mark.parametrize(("start", "target", "message"), [
    (Coord(5, 0), Coord(0, 0), "the start [5, 0] is outside the 4 x 3 grid"),
    (Coord(0, 0), Coord(0, -1), "the target [0, -1] is outside the 4 x 3 grid"),
    (Coord(1, 1), Coord(0, 0), "the start [1, 1] is a blocked cell"),
    (Coord(0, 0), Coord(1, 1), "the target [1, 1] is a blocked cell"),
    ((0, "a"), Coord(1, 1), "the start must be a cell"),
])
def test_bad_start_or_target_is_refused(search_fn, start, target, message) -> None:  # type: ignore[no-untyped-def]
    grid = Grid(4, 3, blocked=frozenset({Coord(1, 1)}))
    with pytest.raises(SearchError, match=message.replace("[", r"\[").replace("]", r"\]")) as error:
        search_fn(grid, start, target)
    assert isinstance(error.value, ValueError) and isinstance(error.value, CoursekitError)


def test_search_by_name() -> None:
    grid = Grid(5, 5)
    assert search(grid, Coord(0, 0), Coord(4, 4), "bfs") == bfs(grid, Coord(0, 0), Coord(4, 4))
    assert search(grid, Coord(0, 0), Coord(4, 4)) == astar(grid, Coord(0, 0), Coord(4, 4))
    with pytest.raises(ValueError, match="bfs, astar"):
        search(grid, Coord(0, 0), Coord(4, 4), "dijkstra")


def test_a_result_is_frozen_and_says_what_it_searched() -> None:
    result = astar(Grid(5, 5), Coord(0, 0), Coord(4, 2))
    assert isinstance(result, SearchResult)
    assert (result.start, result.target, result.algorithm) == (Coord(0, 0), Coord(4, 2), "astar")
    assert result.grid == Grid(5, 5)
    with pytest.raises(AttributeError):
        result.path = None  # type: ignore[misc]
    assert repr(result) == "SearchResult(astar, [0, 0] -> [4, 2], length=4, expanded=5, grid=5x5)"


# Checking a path (for graders) -------------------------------------------------------------


@pytest.mark.parametrize(("path", "why"), [
    ("[0,0]", "a path is a list or tuple of cells"),
    (None, "a path is a list or tuple of cells"),
    ([], "the path is empty"),
    ([(0, 0), (1, 1.0), (2, 2)], "cell 1 of the path is not a pair"),
    ([(0, 0), (True, 1), (2, 2)], "cell 1 of the path is not a pair"),
    ([(0, 0), (1, 0, 0)], "cell 1 of the path is not a pair"),
    ([(1, 0), (2, 1), (3, 2)], "the path starts at [1, 0], not at the start [0, 0]"),
    ([(0, 0), (1, 1), (2, 2)], "ends at [2, 2], not at the target [3, 2]"),
    ([(0, 0), (1, 0), (2, 1), (3, 2)], "step 2 goes onto the blocked cell [2, 1]"),
    ([(0, 0), (2, 2), (3, 2)], "step 1 jumps from [0, 0] to [2, 2]"),
    ([(0, 0), (0, 0), (1, 1), (2, 2), (3, 2)], "step 1 stays on [0, 0]"),
    ([(0, 0), (-1, 0)], "step 1 leaves the 4 x 3 grid: [-1, 0]"),
])
def test_invalid_paths_are_explained(path: object, why: str) -> None:
    grid = Grid(4, 3, blocked=frozenset({Coord(2, 1)}))
    reason = is_valid_path(grid, path, Coord(0, 0), Coord(3, 2))
    assert reason is not None and why in reason


def test_valid_paths_need_not_be_shortest_and_may_be_plain_lists() -> None:
    grid = Grid(4, 3, blocked=frozenset({Coord(2, 1)}))
    assert is_valid_path(grid, [[0, 0], [1, 1], [2, 2], [3, 2]], Coord(0, 0), Coord(3, 2)) is None
    assert is_valid_path(grid, [(0, 0), (1, 0), (0, 1), (1, 2), (2, 2), (3, 2)], Coord(0, 0), Coord(3, 2)) is None
    assert is_valid_path(grid, [(1, 1)], Coord(1, 1), Coord(1, 1)) is None


# A grid on which the target can be reached --------------------------------------------------


def test_reachable_grid_always_keeps_a_path() -> None:
    for seed in range(30):
        start, target = Coord(0, 0), Coord(14, 9)
        grid = reachable_grid(15, 10, 40, random.Random(seed), start, target)
        assert len(grid.blocked) == 60
        assert start not in grid.blocked and target not in grid.blocked
        assert bfs(grid, start, target).found


def test_reachable_grid_is_reproducible_and_draws_again_when_cut_off() -> None:
    def draw(seed: int) -> Grid:
        return reachable_grid(10, 10, 45, random.Random(seed), Coord(0, 0), Coord(9, 9))

    assert draw(4) == draw(4)
    assert len({draw(seed) for seed in range(6)}) == 6
    # at 45 % many random grids cut the corners apart: the generator must have drawn again
    cut = sum(not bfs(Grid(10, 10).with_random_blocked(45, random.Random(s), keep=[Coord(0, 0), Coord(9, 9)]),
                      Coord(0, 0), Coord(9, 9)).found for s in range(40))
    assert cut > 5


def test_reachable_grid_gives_up_with_a_clear_error() -> None:
    message = "could not be reached from \\[0, 0\\] in any of 7 random grids"
    with pytest.raises(UnreachableError, match=message) as error:
        reachable_grid(10, 10, 99, random.Random(1), Coord(0, 0), Coord(9, 9), tries=7)
    assert isinstance(error.value, CoursekitError)
    with pytest.raises(ValueError, match="the target \\[10, 9\\] is outside"):
        reachable_grid(10, 10, 10, random.Random(1), Coord(0, 0), Coord(10, 9))
    with pytest.raises(ValueError, match="tries"):
        reachable_grid(10, 10, 10, random.Random(1), Coord(0, 0), Coord(9, 9), tries=0)


# G2.1 as a one-player game ------------------------------------------------------------------


def test_shortest_path_game_is_won_in_par_moves() -> None:
    grid = Grid(6, 4)
    rules = ShortestPath(grid)
    assert (rules.start, rules.target, rules.par, rules.num_players) == (Coord(0, 0), Coord(5, 3), 5, 1)
    record = play(rules, [Player("P0", article_strategy)])
    assert record.winner == 0 and len(record) == 5
    assert [s.at for s in record.states] == list(min_path(Coord(0, 0), Coord(5, 3)))
    assert "P0 reached the target in 5 moves: a shortest path." in str(record)
    assert "5 moves from [0, 0] toward [5, 3]" in (record._repr_svg_() or "")
    assert "king on [5, 3] after 5 moves" in (as_svg(record.final) or "")


def test_shortest_path_game_is_lost_when_the_moves_run_out() -> None:
    rules = ShortestPath(Grid(5, 5), Coord(0, 0), Coord(4, 0))
    state = rules.initial_state()
    for cell in [Coord(1, 1), Coord(2, 1), Coord(3, 1)]:  # one detour too many
        state = rules.apply(state, cell)
    assert state.moves == 3 and not rules.is_over(state)
    state = rules.apply(state, Coord(4, 1))
    assert rules.is_over(state) and rules.winner(state) is None
    assert rules.legal_moves(state) == () and rules.why_illegal(state, Coord(4, 0)) == "the game is over"


def test_shortest_path_rules_explain_illegal_moves_and_refuse_bad_games() -> None:
    grid = Grid(4, 3, blocked=frozenset({Coord(1, 1)}))
    rules = ShortestPath(grid)
    state = rules.initial_state()
    assert isinstance(state, PathState) and state.target == Coord(3, 2)
    assert set(rules.legal_moves(state)) == {Coord(1, 0), Coord(0, 1)}
    assert rules.why_illegal(state, Coord(2, 2)) == (
        "the king moves to one of its 8 neighbouring cells: [0, 0] -> [2, 2] is not one")
    assert rules.why_illegal(state, Coord(-1, 0)) == "[-1, 0] is outside the 4 x 3 grid"
    assert "pair of whole numbers" in (rules.why_illegal(state, "up") or "")
    with pytest.raises(IllegalMoveError, match="blocked"):
        rules.apply(state, Coord(1, 1))
    with pytest.raises(UnreachableError, match="cannot be reached"):
        ShortestPath(Grid(3, 3, blocked=frozenset({Coord(1, 0), Coord(1, 1), Coord(1, 2)})))
    with pytest.raises(ValueError, match="the start \\[1, 1\\] is a blocked cell"):
        ShortestPath(grid, start=Coord(1, 1))


def test_shortest_path_records_survive_json() -> None:
    grid = reachable_grid(8, 6, 30, random.Random(3), Coord(0, 0), Coord(7, 5))
    rules = ShortestPath(grid)
    assert rules_from_spec(json.loads(json.dumps(rules.spec()))) == rules
    record = play(rules, [Player("P0", article_strategy)])
    again = Record.from_json(record.to_json(), rules_from_spec)
    assert again.states == record.states and again.winner == record.winner


# Views ----------------------------------------------------------------------------------------


def test_text_picture_marks_the_path() -> None:
    grid = Grid(5, 3, blocked=frozenset({Coord(2, 0), Coord(2, 1)}))
    result = bfs(grid, Coord(0, 0), Coord(4, 0))
    lines = search_text(result).splitlines()
    assert lines[:4] == ["2  . . * . .", "1  . * # * .", "0  S . # . T", "   0 1 2 3 4"]
    assert lines[4] == f"length: 4 moves, bfs expanded {len(result.expanded)} cells"
    assert str(result) == search_text(result)
    cut = bfs(grid.with_blocked([Coord(2, 2)]), Coord(0, 0), Coord(4, 0))
    assert search_text(cut).splitlines()[-1] == "no path from [0, 0] to [4, 0], bfs expanded 6 cells"


def test_svg_numbers_small_grids_and_stays_small_on_big_ones() -> None:
    result = bfs(Grid(5, 4), Coord(0, 0), Coord(4, 3))
    svg = search_svg(result)
    assert svg == result._repr_svg_()
    assert svg.count("<polyline") == 1 and ">20</text>" in svg  # 20 cells, each numbered
    big = search_svg(bfs(Grid(200, 200), Coord(0, 0), Coord(199, 199)))
    assert len(big) < 100_000 and big.count("<polyline") == 1
