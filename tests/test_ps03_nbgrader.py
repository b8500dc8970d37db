"""Problem set 3 (shortest paths) with real nbgrader, end to end, on a temporary copy of the course.

Students: the reference, the untouched release, a BFS that walks through blocked cells, an
A* that is really a BFS (right paths, too many cells expanded: partial points), and a greedy
"A*" that finds paths that are not the shortest. The pipeline is in ``nbgrader_course.py``.
"""

from __future__ import annotations

import pytest
from nbgrader_course import (
    CourseRun,
    Source,
    Student,
    check_feedback_hides_hidden,
    check_generator_up_to_date,
    check_grades_csv,
    check_grading_table,
    check_release,
    check_scores,
    run_course,
)

PS03 = Source("ps03")

PARTS = {
    "bfs": ("test_bfs_visible", "test_bfs_hidden_paths", "test_bfs_hidden_expanded"),
    "astar": ("test_astar_visible", "test_astar_hidden_paths", "test_astar_hidden_expanded"),
}
FULL = {"test_bfs_visible": 2, "test_bfs_hidden_paths": 4, "test_bfs_hidden_expanded": 2,
        "test_astar_visible": 2, "test_astar_hidden_paths": 4, "test_astar_hidden_expanded": 6}
NO_BFS = {**FULL, "test_bfs_visible": 0, "test_bfs_hidden_paths": 0, "test_bfs_hidden_expanded": 0}
NO_ASTAR = {**FULL, "test_astar_visible": 0, "test_astar_hidden_paths": 0, "test_astar_hidden_expanded": 0}

#: The A* points of a breadth-first search: on each hidden grid, allowance / cells expanded
#: (tests/test_grading_ps02_04.py computes the same figure in process).
BFS_AS_ASTAR_EXPANDED = 1.98

BLIND_BFS = '''\
def bfs(grid, start, target):
    """A BFS that forgets the blocked cells: it only stays on the grid."""
    parent = {start: None}
    frontier = deque([start])
    expanded = 0
    while frontier:
        cell = frontier.popleft()
        expanded += 1
        if cell == target:
            path = [cell]
            while parent[path[-1]] is not None:
                path.append(parent[path[-1]])
            return path[::-1], expanded
        for dx, dy in STEPS:
            nxt = Coord(cell.x + dx, cell.y + dy)
            if 0 <= nxt.x < grid.width and 0 <= nxt.y < grid.height and nxt not in parent:
                parent[nxt] = cell
                frontier.append(nxt)
    return None, expanded
'''

GREEDY_ASTAR = '''\
def astar(grid, start, target):
    """Greedy best-first search: the smallest h first, ignoring g. Fast, but not always shortest."""
    parent = {start: None}
    frontier = [(chebyshev(start, target), 0, start)]
    order = 0
    expanded = 0
    while frontier:
        _, _, cell = heapq.heappop(frontier)
        expanded += 1
        if cell == target:
            path = [cell]
            while parent[path[-1]] is not None:
                path.append(parent[path[-1]])
            return path[::-1], expanded
        for nxt in neighbours(grid, cell):
            if nxt not in parent:
                parent[nxt] = cell
                order += 1
                heapq.heappush(frontier, (chebyshev(nxt, target), order, nxt))
    return None, expanded
'''


def _students() -> dict[str, Student]:
    ref = {grade_id: PS03.reference(grade_id) for grade_id in PARTS}
    bfs_as_astar = ref["bfs"].replace("def bfs(", "def astar(")
    return {
        "reference": Student(ref, FULL),
        "untouched": Student({}, dict.fromkeys(FULL, 0)),
        "blind_bfs": Student({"bfs": BLIND_BFS, "astar": ref["astar"]}, NO_BFS),
        "bfs_as_astar": Student({"bfs": ref["bfs"], "astar": bfs_as_astar},
                                {**FULL, "test_astar_hidden_expanded": BFS_AS_ASTAR_EXPANDED}),
        "greedy_astar": Student({"bfs": ref["bfs"], "astar": GREEDY_ASTAR}, NO_ASTAR),
    }


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> CourseRun:
    """Run the whole nbgrader pipeline once; the tests below read its results."""
    return run_course(PS03, _students(), tmp_path_factory.mktemp("ps03"))


def test_source_notebook_is_up_to_date() -> None:
    check_generator_up_to_date(PS03)


def test_grading_table_matches_the_points() -> None:
    check_grading_table(PS03, PARTS, FULL)


@pytest.mark.slow
def test_release_has_no_solution_and_no_hidden_tests(course: CourseRun) -> None:
    check_release(course, PS03, list(PARTS))


@pytest.mark.slow
@pytest.mark.parametrize("student", list(_students()))
def test_scores_per_part(course: CourseRun, student: str) -> None:
    check_scores(course, student)


@pytest.mark.slow
def test_feedback_teaches_and_hides_hidden_tests(course: CourseRun) -> None:
    check_feedback_hides_hidden(course, PS03)
    blind = course.feedback("blind_bfs")
    assert "returned a path that a king cannot walk" in blind and "goes onto the blocked cell" in blind
    bfs_as_astar = course.feedback("bfs_as_astar")
    assert "astar: average share" in bfs_as_astar and "Hint: A* expands fewest cells" in bfs_as_astar
    assert "but a shortest path has" in course.feedback("greedy_astar")
    assert "not written yet" in course.feedback("untouched")


@pytest.mark.slow
def test_grades_csv(course: CourseRun) -> None:
    check_grades_csv(course, sum(FULL.values()))
