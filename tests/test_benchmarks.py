"""The benchmarks run end to end (at tiny sizes), print every section with figures, and check
the fast solvers against their baselines."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the benchmarks live beside the package, not inside it

from benchmarks import baselines, measure  # noqa: E402
from benchmarks import pursuit as pursuit_section  # noqa: E402
from coursekit.core.grid import Coord, Grid  # noqa: E402
from coursekit.games.pieces import wythoff_pairs  # noqa: E402
from coursekit.games.pursuit.solver import PursuitSolver  # noqa: E402
from coursekit.solvers.tables import grundy_table, outcome_table  # noqa: E402

NUMBER = r"\d[\d,]*(?:\.\d+)?(?:e-?\d+)?"


@pytest.fixture(scope="module")
def quick_run(tmp_path_factory):
    saved = tmp_path_factory.mktemp("bench") / "figures.json"
    done = subprocess.run(
        # the baselines get a budget no load exhausts (a quick run's take well under a second on a quiet
        # machine): what the tests check must not depend on the machine's load
        [sys.executable, "-m", "benchmarks", "--quick", "--limit", "120", "--json", str(saved)],
        # a guard against a hang, not a speed goal: on a loaded machine the quick run takes minutes
        cwd=ROOT, capture_output=True, text=True, timeout=900,
    )
    return done, json.loads(saved.read_text()) if saved.exists() else None


def section_lines(text, title_start):
    """The data lines of the table whose title starts with ``title_start``."""
    block = text.split("\n" + title_start, 1)[1].split("\n\n", 1)[0]
    lines = block.splitlines()
    dashes = next(i for i, line in enumerate(lines) if line.startswith("---"))
    return [line for line in lines[dashes + 1:] if line and not line.startswith("  ")]


@pytest.mark.slow  # the quick run: about a minute and a half
def test_quick_run_succeeds_with_a_machine_header(quick_run):
    done, _ = quick_run
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"Machine: \d+ cores", done.stdout)
    assert re.search(r"Python 3\.\d+", done.stdout)
    assert "Every fast result agrees with its baseline." in done.stdout
    assert "MISMATCH" not in done.stdout


@pytest.mark.slow  # the quick run: about a minute and a half
def test_tables_section_has_every_piece_with_numbers_and_agreement(quick_run):
    lines = section_lines(quick_run[0].stdout, "Tables:")
    assert len(lines) == 8
    seen = set()
    for line in lines:
        kind, piece, *rest = line.split()
        seen.add((kind, piece))
        figures = re.findall(NUMBER, " ".join(rest))
        assert len(figures) >= 8, line  # two sizes (w x h each), fast s, recursion s, fast s there, speed-up
        assert line.rstrip().endswith("yes"), line
    assert seen == {(k, p) for k in ("P/N", "Grundy") for p in ("king", "rook", "queen", "knight")}


@pytest.mark.slow  # the quick run: about a minute and a half
def test_tables_rows_hold_the_plain_sweep_and_the_memory_pass(quick_run):
    rows = quick_run[1]["sections"]["tables"]["rows"]
    for row in rows:
        assert row["plain_seconds"] > 0 and row["plain_ratio"] > 0, row
        assert row["memory_seconds"] > 0 and row["memory_cells_per_second"] > row["cells_per_second"] > 0, row


def test_a_plain_sweep_that_differs_is_a_mismatch(monkeypatch):
    """The fast table is checked against today's plain sweep as well as the recursion."""
    from benchmarks import tables

    def wrong_plain(piece, grid):
        table = outcome_table(piece, grid)
        return type(table)(table.grid, "N" + table.values[1:], table.blocked)

    monkeypatch.setattr(tables, "kinds", lambda quick: [
        tables.Kind("P/N", 12, outcome_table, baselines.outcomes_by_recursion, wrong_plain)])
    section = tables.measure(quick=True, limit=2.0, pieces=("king",))
    assert len(section.mismatches) == 2 and section.rows[0]["agree"] is False  # at the full size and the recursion's


@pytest.mark.slow  # the quick run: about a minute and a half
def test_paths_section_has_each_percent_with_numbers_and_agreement(quick_run):
    lines = section_lines(quick_run[0].stdout, "Shortest paths")
    assert [line.split()[0] for line in lines] == ["0", "20", "30"]
    for line in lines:
        assert len(re.findall(NUMBER, line)) >= 10, line
        assert line.rstrip().endswith("yes"), line


@pytest.mark.slow  # the quick run: about a minute and a half
def test_pursuit_section_has_one_and_two_pursuers_with_numbers_and_agreement(quick_run):
    lines = section_lines(quick_run[0].stdout, "Pursuit:")
    assert [line.split()[0] for line in lines] == ["1", "2"]
    for line in lines:
        assert len(re.findall(NUMBER, line)) >= 12, line
        assert line.rstrip().endswith("yes"), line
    assert "both solvers agree there: yes" in quick_run[0].stdout


@pytest.mark.slow  # the quick run: about a minute and a half
def test_tictactoe_section_has_each_search_with_nodes_and_agreement(quick_run):
    lines = section_lines(quick_run[0].stdout, "Game-tree search")
    searches = [line.split("  ")[1].strip() for line in lines]
    assert searches[:5] == ["minimax", "alpha-beta", "alpha-beta + table", "alpha-beta + table + symmetry",
                            "alpha-beta + table + symmetry + line order"]
    assert "D's Best_Move (alpha-beta, D's order)" in searches
    assert lines[-1].startswith("4 x 4, k = 4")
    for line in lines:
        assert len(re.findall(NUMBER, line)) >= 5, line
        assert line.rstrip().endswith("yes"), line
        assert " draw " in line, line


@pytest.mark.slow  # the quick run: about a minute and a half
def test_tictactoe_figures_show_pruning_and_the_table_at_work(quick_run):
    _, figures = quick_run
    rows = {row["search"]: row for row in figures["sections"]["tictactoe"]["rows"] if row["board"].startswith("3")}
    plain, pruned = rows["alpha-beta"], rows["alpha-beta + table + symmetry"]
    assert pruned["nodes"] < plain["nodes"] and 0 < pruned["positions"] <= 765
    assert rows["minimax"]["positions"] == 0 and rows["minimax"]["agree"] is True


@pytest.mark.slow  # the quick run: about a minute and a half
def test_saved_figures_hold_every_section(quick_run):
    _, figures = quick_run
    assert figures is not None
    from benchmarks.run import SECTIONS

    assert set(figures["sections"]) == set(SECTIONS) >= {"tables", "paths", "pursuit", "tictactoe", "basket", "crawler"}
    assert figures["machine"]["cores"] >= 1
    for section in figures["sections"].values():
        assert section["mismatches"] == []
        # agree: True where a fast result was checked against its baseline, None where a row has none
        assert all(row.get("agree") in (True, None) for row in section["rows"])
        assert any(row.get("agree") is True for row in section["rows"]), "a section checks nothing against a baseline"
    assert {row["ratio"] > 0 for row in figures["sections"]["tables"]["rows"]} == {True}


def test_a_mismatch_is_an_error_exit(monkeypatch, capsys):
    """A fast table that differs from the recursion's makes the command fail."""
    from benchmarks import run, tables

    def wrong_outcomes(piece, grid):
        table = outcome_table(piece, grid)
        values = "N" + table.values[1:]  # (0, 0) is a P-position: call it N
        return type(table)(table.grid, values, table.blocked)

    monkeypatch.setattr(tables, "kinds", lambda quick: [tables.Kind("P/N", 12, wrong_outcomes,
                                                                    baselines.outcomes_by_recursion)])
    assert run.main(["--quick", "--only", "tables"]) == 1
    out = capsys.readouterr()
    assert "MISMATCH" in out.out and "disagree" in out.err


def test_bad_options_are_refused():
    done = subprocess.run([sys.executable, "-m", "benchmarks", "--only", "everything"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "--only" in done.stderr


# ------------------------------------------------------------------------------- the baselines


@pytest.mark.parametrize("piece", ["king", "rook", "queen", "knight"])
def test_recursion_baselines_match_the_closed_forms_and_the_sweep(piece):
    side = 13
    _, letters = baselines.outcomes_by_recursion(piece, side)
    _, values = baselines.grundy_by_recursion(piece, side)
    assert letters == outcome_table(piece, Grid(side, side)).values
    assert values == tuple(grundy_table(piece, Grid(side, side)).values)
    p_cells = {Coord(i % side, i // side) for i, letter in enumerate(letters) if letter == "P"}
    assert p_cells == {Coord(i % side, i // side) for i, g in enumerate(values) if g == 0}
    if piece == "king":
        assert p_cells == {Coord(x, y) for x in range(0, side, 2) for y in range(0, side, 2)}
    if piece == "rook":
        assert values == tuple(x ^ y for y in range(side) for x in range(side))
    if piece == "queen":
        pairs = {Coord(a, b) for a, b in wythoff_pairs(side)} | {Coord(b, a) for a, b in wythoff_pairs(side)}
        assert p_cells == {c for c in pairs if c.x < side and c.y < side}
        assert values[:8] == (0, 1, 2, 3, 4, 5, 6, 7) and values[side:side + 8] == (1, 2, 0, 4, 5, 3, 7, 8)


def test_deep_recursion_runs_in_a_thread_with_a_big_stack():
    """The table recursions go about width + height deep, far past Python's default limit."""
    limit = sys.getrecursionlimit()

    def depth(n):
        return 0 if n == 0 else 1 + depth(n - 1)

    assert baselines.with_deep_stack(lambda: depth(50_000)) == 50_000
    assert sys.getrecursionlimit() == limit


def brute_capture_times(side, pursuers, blocked=frozenset()):
    """Capture times by plain value iteration (the slowest and simplest way), no move limit."""
    grid = Grid(side, side, blocked)
    cells = list(grid.free_cells())
    steps = {c: grid.neighbours8(c) or [c] for c in cells}
    teams = [(c,) for c in cells] if pursuers == 1 else [(a, b) for a in cells for b in cells]
    inf = float("inf")
    value = {(t, e): inf for t in teams for e in cells if e not in t}
    changed = True
    while changed:
        changed = False
        for (team, prey), old in value.items():
            moves = [()]
            for p in team:
                moves = [(*m, s) for m in moves for s in steps[p]]
            best = min(1 if prey in move else 1 + max(0 if s in move else value[move, s] for s in steps[prey])
                       for move in moves)
            if best < old:
                value[team, prey] = best
                changed = True
    return {k: v for k, v in value.items() if v < inf}


@pytest.mark.parametrize(("side", "pursuers", "blocked"), [
    (4, 1, frozenset()), (5, 1, frozenset({Coord(2, 2)})), (3, 2, frozenset()), (4, 2, frozenset({Coord(1, 2)})),
])
def test_dict_retrograde_matches_value_iteration_and_the_solver(side, pursuers, blocked):
    _, times = baselines.pursuit_by_retrograde(side, pursuers, blocked)
    assert times == brute_capture_times(side, pursuers, blocked)
    assert pursuit_section.differences(PursuitSolver(Grid(side, side, blocked), pursuers), times) == []


def test_grow_stops_at_the_budget_and_reports_the_size_reached():
    calls = []

    def cubic(side, timeout):  # pretend seconds grow as side ** 3, 1 s at side 100
        calls.append(side)
        seconds = (side / 100) ** 3
        return None if seconds > timeout else (seconds, side)

    reached = measure.grow(cubic, 8, 2000, 60.0)
    assert calls[:5] == [8, 16, 32, 64, 128]
    assert 256 <= reached.size <= 391 and reached.seconds <= 60  # 391 ** 3 / 1e6 ~ 60 s
    assert measure.grow(cubic, 8, 50, 60.0).size == 50
    assert measure.grow(cubic, 8, 2000, 0.000_01).size is None


def test_grow_tries_one_smaller_step_after_a_run_stopped_at_the_limit():
    calls = []

    def surprising(side, timeout):  # square law, 6.5 s at 1024, but far slower past 1800
        calls.append(side)
        seconds = (side / 400) ** 2 if side <= 1800 else 1000.0
        return None if seconds > timeout else (seconds, side)

    reached = measure.grow(surprising, 8, 2000, 60.0)
    assert calls[-3:] == [1024, 2000, 1756]
    assert reached.size == 1756 and "2000 x 2000 ran past 60 s" in reached.stopped


def test_a_run_past_its_limit_is_stopped():
    import time

    began = time.perf_counter()
    assert measure.in_child(time.sleep, (30,), 0.5) is None
    assert time.perf_counter() - began < 10


def test_the_examples_in_the_docstrings_hold():
    import doctest

    from benchmarks import class_scale

    for module in (baselines, measure, class_scale):
        failed, _ = doctest.testmod(module)
        assert failed == 0, module.__name__


@pytest.mark.slow  # the quick run: about a minute and a half
def test_boards_section_has_every_board_with_its_cost_a_click(quick_run):
    lines = section_lines(quick_run[0].stdout, "The boards:")
    for board in ("beans", "king", "tic-tac-toe", "basket", "crawler", "corners", "minesweeper", "words",
                  "bulls and cows", "pursuit"):
        assert any(line.startswith(board) for line in lines), f"no row for {board}"
    _, saved = quick_run
    rows = saved["sections"]["boards"]["rows"]
    assert all(row["clicks"] == 5 and row["ms"] > 0 and row["kib"] > 0 for row in rows)
    assert not saved["sections"]["boards"]["mismatches"]


@pytest.mark.slow  # the quick run: about a minute and a half
def test_class_scale_grades_every_submission_as_known_and_plays_the_tournament(quick_run):
    from benchmarks import class_scale

    rows = {row["step"].split(":")[0]: row for row in quick_run[1]["sections"]["class_scale"]["rows"]}
    klass = rows["the class"]
    assert klass["count"] == class_scale.QUICK_CLASS and klass["right"] == klass["count"] and klass["agree"] is True
    assert klass["cpu"] > 0 and klass["ratio"] > 0
    assert rows["reference batch"]["agree"] is True
    games = next(row for step, row in rows.items() if step.startswith("coursekit tournament"))["games"]
    players = class_scale.QUICK_PLAYERS + 3  # and the course's three computers: a round robin on both sides
    assert games == players * (players - 1)


def test_a_class_size_that_is_not_a_number_is_refused():
    done = subprocess.run([sys.executable, "-m", "benchmarks", "--quick", "--only", "class_scale"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "COURSEKIT_BENCH_CLASS": "many"})
    assert done.returncode == 2 and done.stderr.strip().splitlines()[-1].startswith("error: COURSEKIT_BENCH_CLASS")
