"""Hidden cases from the course key: each student's own, the same at every regrade, secret, and hard enough.

- The key (:mod:`coursekit.grading.secret`): made once, readable by its owner only, never in the
  sandbox, never in a release.
- The grader binds it to the notebook being graded: ``hidden_seed`` differs between students and
  is the same on a regrade; the sandbox's ``random`` gets a salted seed.
- The released notebooks carry no seed (every former seed constant, and no ``seed`` followed by digits).
- ps05's hidden positions hold forks: the greedy player loses points whatever the key.
- Attacks with real nbgrader (slow): two students with the same table of stored answers for the old
  seeds, and a ps08 guesser that recognises ``random.getstate()`` after the old forwarded seed.
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hostile_submissions import (
    GETSTATE_AVERAGE,
    GETSTATE_GUESSER,
    OLD_PS05_SEED,
    OLD_PS08_GAMES,
    OLD_PS08_SECRETS,
    SECRET_ATTACKS,
    TABLE_BEST_MOVE_HIDDEN,
    stored_answers_ps05,
)
from known_submissions import FIRST_CONSISTENT
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook
from nbgrader_course import (
    BIN,
    COURSE,
    FORMER_SEEDS,
    TEST_KEY,
    AsGraded,
    CourseRun,
    Source,
    _nbgrader,
    check_scores,
    course_env,
    graded_as,
    hidden_seed_of,
    run_course,
    stated_seeds,
)

from coursekit.games.bulls.checks import hidden_secrets, play_all, score_average
from coursekit.games.tictactoe.checks import hidden_positions, score_best_move
from coursekit.grading import sandbox
from coursekit.grading.kernel import seed_random
from coursekit.grading.nbgrader.report import partial_mistake, report_parts
from coursekit.grading.nbgrader.trusted import TrustedExecute, student_code
from coursekit.grading.secret import (
    KEY_FILE,
    CreateCourseKey,
    KeyProblem,
    case_seed,
    code_digest,
    create_key,
    ensure_key,
    grading,
    hidden_seed,
    practice_seed,
    read_key,
    salted,
    write_key,
)

sys.path.insert(0, str(COURSE))
from make_assignment import problem_sets

KEY = bytes(range(32))
#: the digest of a notebook's code, for the draws of made-up students
CODE = code_digest(["def best_move(board):\n    ..."])
TEST = {"nbgrader": {"grade": True, "solution": False, "locked": True, "grade_id": "t", "points": 1}}


# The key.

def test_the_first_key_is_random_private_and_kept(tmp_path: Path) -> None:
    first = create_key(tmp_path)
    assert first == tmp_path / KEY_FILE
    assert stat.S_IMODE(first.stat().st_mode) == 0o600
    key = read_key(tmp_path)
    assert len(key) == 32
    create_key(tmp_path)  # a second release or grading run keeps it
    assert read_key(tmp_path) == key == ensure_key(tmp_path)
    other = tmp_path / "other"
    other.mkdir()
    assert ensure_key(other) != key
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # nothing left aside


def test_a_key_that_others_can_read_or_that_is_damaged_is_refused(tmp_path: Path) -> None:
    with pytest.raises(KeyProblem, match="there is no course key"):
        read_key(tmp_path)
    path = write_key(tmp_path, KEY)
    os.chmod(path, 0o644)
    with pytest.raises(KeyProblem, match="chmod 600"):
        read_key(tmp_path)
    path.write_text("not hexadecimal\n")
    os.chmod(path, 0o600)
    with pytest.raises(KeyProblem, match="damaged"):
        read_key(tmp_path)
    with pytest.raises(KeyProblem, match="16 bytes"):
        write_key(tmp_path / "x", b"short")


def test_generate_assignment_makes_the_key_in_the_course_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # nbgrader runs its steps in the course root
    nb = new_notebook(cells=[new_code_cell("x = 1")])
    assert CreateCourseKey().preprocess(nb, {})[0] is nb
    key = read_key(tmp_path)
    CreateCourseKey().preprocess(nb, {})
    assert read_key(tmp_path) == key
    config = (COURSE / "nbgrader_config.py").read_text(encoding="utf-8")
    assert '"coursekit.grading.secret.CreateCourseKey"' in config


def test_the_real_release_makes_the_key(tmp_path: Path) -> None:
    """``nbgrader generate_assignment`` itself, in a course without a key, makes it (mode 0600) before
    anything is graded: the guide's "back it up after the release" backs up the key the grades use."""
    if not (BIN / "nbgrader").exists():
        pytest.skip("nbgrader is not installed in this environment")
    root = tmp_path / "course"
    (root / "source").mkdir(parents=True)
    shutil.copy(COURSE / "nbgrader_config.py", root / "nbgrader_config.py")
    shutil.copytree(COURSE / "source" / "ps01", root / "source" / "ps01")
    assert not (root / KEY_FILE).exists()
    _nbgrader(root, course_env(tmp_path), "generate_assignment", "ps01")
    assert (root / "release" / "ps01" / "ps01.ipynb").exists()
    assert stat.S_IMODE((root / KEY_FILE).stat().st_mode) == 0o600
    key = read_key(root)
    _nbgrader(root, course_env(tmp_path), "generate_assignment", "ps01", "--force")
    assert read_key(root) == key  # a second release keeps the key


def test_the_sandbox_binds_no_folder_that_holds_a_course_key() -> None:
    """The key lives in a course root; the sandbox binds only Python, its environment and the package."""
    for folder in sandbox._binds():
        assert not (folder / KEY_FILE).exists() and not list(folder.glob(f"*/{KEY_FILE}"))
        assert not COURSE.is_relative_to(folder), folder


@pytest.mark.skipif(sandbox.bubblewrap() is None, reason="bubblewrap is not installed")
def test_the_students_code_cannot_read_the_key(tmp_path: Path) -> None:
    path = write_key(tmp_path, KEY)
    cells = [f"def peek():\n    try:\n        return open({str(path)!r}).read()\n"
             "    except OSError as error:\n        return type(error).__name__\n"]
    with sandbox.Sandbox(cells, sandbox.Limits(call_seconds=2.0, cells_seconds=5.0)) as box:
        assert box.call("peek", ()) in ("FileNotFoundError", "PermissionError")


# The seeds.

def test_case_seeds_are_keyed_per_assignment_test_and_student() -> None:
    seeds = {case_seed(key, assignment, test, student, code) for key in (KEY, bytes(32))
             for assignment in ("ps05", "ps06") for test in ("a", "b") for student in ("alice", "bob", "alice bob")
             for code in (CODE, code_digest(["x = 1"]))}
    assert len(seeds) == 2 * 2 * 2 * 3 * 2
    assert case_seed(KEY, "ps05", "a", "alice", CODE) == case_seed(KEY, "ps05", "a", "alice", CODE)
    assert all(0 <= seed < 2 ** 63 for seed in seeds)


def test_outside_the_grader_a_practice_seed_with_a_note(capsys: pytest.CaptureFixture[str]) -> None:
    assert hidden_seed("test_practice_note") == practice_seed("test_practice_note")
    printed = capsys.readouterr()
    assert "practice cases" in printed.out and printed.err == ""  # stderr would make nbgrader score a cell 0
    with grading(KEY, "ps05", "alice", digest=CODE):
        assert hidden_seed("test_practice_note") == case_seed(KEY, "ps05", "test_practice_note", "alice", CODE)
    assert capsys.readouterr().out == ""


def _graded(tmp_path: Path, student: str, cells: list[Any]) -> list[str]:
    """The text outputs of ``cells`` graded by the trusted executor as ``student``'s notebook of ps05."""
    nb = new_notebook(cells=cells)
    resources = {"nbgrader": {"student": student, "assignment": "ps05", "notebook": "ps05"}}
    nb, _ = TrustedExecute().preprocess(nb, resources)
    return [out.get("text", "") or str(out.get("evalue", "")) for cell in nb.cells for out in cell.outputs]


def test_the_grader_binds_the_key_to_the_student_and_a_regrade_draws_the_same(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    write_key(tmp_path, KEY)
    cell = new_code_cell("from coursekit.grading.secret import hidden_seed\nprint(hidden_seed('t'))", metadata=TEST)
    alice = _graded(tmp_path, "alice", [cell])
    assert alice == [f"{case_seed(KEY, 'ps05', 't', 'alice', code_digest([]))}\n"]
    assert _graded(tmp_path, "alice", [cell]) == alice
    assert _graded(tmp_path, "bob", [cell]) == [f"{case_seed(KEY, 'ps05', 't', 'bob', code_digest([]))}\n"]


def test_grading_makes_the_key_when_there_is_none(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    cell = new_code_cell("from coursekit.grading.secret import hidden_seed\nprint(hidden_seed('t'))", metadata=TEST)
    printed = _graded(tmp_path, "alice", [cell])
    assert printed == [f"{case_seed(read_key(tmp_path), 'ps05', 't', 'alice', code_digest([]))}\n"]


def test_the_sandbox_random_gets_a_salted_seed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The student's ``random`` after the grader's ``seed_random(f, 5)`` is seeded with an HMAC of the key."""
    import random

    monkeypatch.chdir(tmp_path)
    write_key(tmp_path, KEY)
    student = new_code_cell("import random\ndef draw():\n    return random.random()")
    test = new_code_cell("from coursekit.grading.kernel import seed_random\nimport random\n"
                         "seed_random(draw, 5)\nprint(draw(), random.random())", metadata=TEST)
    sandboxed, here = _graded(tmp_path, "alice", [student, test])[0].split()
    assert float(here) == random.Random(5).random()  # the grader's own random: the seed itself
    assert float(sandboxed) == random.Random(salted(KEY, 5)).random() != random.Random(5).random()


def test_a_function_without_a_sandbox_gets_the_seed_itself() -> None:
    import random

    sent: list[int] = []

    class Boxed:
        def __call__(self) -> None: ...

        def seed_random(self, value: int) -> None:
            sent.append(value)

    seed_random(Boxed(), 7)
    with grading(KEY, "ps08", "alice"):
        seed_random(Boxed(), 7)
    assert sent == [7, salted(KEY, 7)]
    assert random.random() == random.Random(7).random()  # the grader's own random: the seed itself


# The releases.

def released_text(name: str) -> str:
    """What ``generate_assignment`` keeps of the source notebook: every cell without its solution and hidden regions."""
    kept = []
    for cell in Source(name).notebook().cells:
        inside = False
        for line in cell.source.splitlines():
            if "### BEGIN SOLUTION" in line or "### BEGIN HIDDEN TESTS" in line:
                inside = True
            elif "### END SOLUTION" in line or "### END HIDDEN TESTS" in line:
                inside = False
            elif not inside:
                kept.append(line)
    return "\n".join(kept)


@pytest.mark.parametrize("name", problem_sets())
def test_no_release_states_a_seed(name: str) -> None:
    assert not stated_seeds(released_text(name))
    hidden = "\n".join(cell.source for cell in Source(name).notebook().cells if "BEGIN HIDDEN TESTS" in cell.source)
    assert not [seed for seed in FORMER_SEEDS if str(seed) in hidden], "hidden cells draw from hidden_seed"
    assert "hidden_seed(" in hidden


def test_the_scan_finds_a_stated_seed() -> None:
    assert stated_seeds("`random.seed(20241119 + g)`") == ["20241119", "seed(2"]
    assert stated_seeds("(seeds {1})") and stated_seeds("seed=7") and stated_seeds("SEED 12")
    assert not stated_seeds("hidden_seed('test_x') and seeded games, 20 positions")


# Cases per submission: a changed notebook draws new cases, and feedback never lists them all.

def test_the_digest_reads_the_students_code_only() -> None:
    """Outputs, trailing spaces, text cells and the instructor's cells leave the cases as they are; a changed
    solution, or a cell of the student's own added (where a table of answers could go), draws new ones."""
    solution = {"nbgrader": {"solution": True, "grade": False, "locked": False, "grade_id": "best_move"}}
    locked = {"nbgrader": {"solution": False, "grade": False, "locked": True, "grade_id": "setup"}}
    code = "def best_move(board):\n    return (1, 1)\n"

    def digest(*cells: Any) -> str:
        return student_code(new_notebook(cells=list(cells)))

    first = digest(new_code_cell("X = 1", metadata=locked), new_code_cell(code, metadata=solution))
    saved_again = new_code_cell(code.replace("\n", "   \n") + "\n\n", metadata=solution,
                                outputs=[{"output_type": "stream", "name": "stdout", "text": "hello\n"}])
    assert digest(new_code_cell("X = 2", metadata=locked), saved_again, new_markdown_cell("notes")) == first
    assert digest(new_code_cell(code.replace("(1, 1)", "(0, 0)"), metadata=solution)) != first
    assert digest(new_code_cell(code, metadata=solution), new_code_cell("TABLE = {}")) != first


def _ps05_notebook(best_move_cells: list[str]) -> Any:
    """ps05's setup and hidden best_move test, with ``best_move_cells`` as the student's cells (the first in the
    solution cell, the others unmarked cells of the student's after it)."""
    source = Source("ps05").notebook()
    cells = {cell.metadata["nbgrader"]["grade_id"]: cell for cell in source.cells if "nbgrader" in cell.metadata}
    answer = cells["best_move"]
    answer.source = best_move_cells[0]
    extra = [new_code_cell(text) for text in best_move_cells[1:]]
    return new_notebook(cells=[cells["setup"], answer, *extra, cells["test_best_move_hidden"]],
                        metadata=source.metadata)


def _graded_ps05(student: str, best_move_cells: list[str]) -> tuple[str, str]:
    """The hidden best_move test's printed output for ``student``'s notebook, and the digest of its code."""
    nb = _ps05_notebook(best_move_cells)
    resources = {"nbgrader": {"student": student, "assignment": "ps05", "notebook": "ps05"}}
    nb, _ = TrustedExecute().preprocess(nb, resources)
    printed = "".join(out.get("text", "") for out in nb.cells[-1].outputs if out.get("output_type") == "stream")
    errors = [out for out in nb.cells[-1].outputs if out.get("output_type") == "error"]
    assert not errors, errors
    return printed, student_code(nb)


def _points(printed: str) -> float:
    score, _ = report_parts(printed)
    return float(score.rsplit("=", 1)[1])


def _table_cell(table: dict[tuple[str, ...], Any]) -> str:
    """A cell of the student's that answers the positions of ``table`` from it and the others as before."""
    return (f"TABLE = {dict(table)!r}\n_greedy_move = best_move\n\n\ndef best_move(board):\n"
            "    return TABLE.get(tuple(board)) or _greedy_move(board)\n")


@pytest.mark.slow
def test_a_resubmission_that_answers_its_read_cases_from_a_table_gains_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The attack of a term: erin's greedy best_move is graded; a table of the best moves on her hidden positions
    (all 30 of them, as a feedback page that listed every case gave them) is added to her unchanged code and the
    notebook graded again. Her new notebook draws new positions, and there she earns what her greedy code earns,
    but for a position drawn again by chance (one of 30 here)."""
    from known_submissions import GREEDY as GREEDY_CODE
    from ps05 import make as make_ps05

    monkeypatch.chdir(tmp_path)
    write_key(tmp_path, KEY)
    setup = make_ps05.CODE["setup"].split("example =")[0]
    greedy = notebook(setup, GREEDY_CODE)["best_move"]
    reference = notebook(setup, Source("ps05").reference("best_move"))["best_move"]

    def positions(digest: str) -> list[Any]:
        return hidden_positions(make_ps05.HIDDEN_COUNT, case_seed(KEY, "ps05", "hidden positions", "erin", digest),
                                forks=make_ps05.FORK_COUNT)

    printed, digest = _graded_ps05("erin", [GREEDY_CODE])
    first = positions(digest)
    assert _points(printed) == score_best_move(greedy, first, 6, report=None) < 6
    assert _graded_ps05("erin", [GREEDY_CODE]) == (printed, digest)  # a regrade: the same cases and report

    table = {tuple(board): tuple(reference(list(board))) for board in first}
    with_table = notebook(setup, GREEDY_CODE, _table_cell(table))["best_move"]
    assert score_best_move(with_table, first, 6, report=None) == 6.0  # the attack on the cases she was graded on

    again, new_digest = _graded_ps05("erin", [GREEDY_CODE, _table_cell(table)])
    second = positions(new_digest)
    assert new_digest != digest and {tuple(board) for board in second} != set(table)
    assert _points(again) == score_best_move(with_table, second, 6, report=None)
    # the table answers only the positions drawn again by chance, where the greedy code misses: nothing else
    repeated = [board for board in second if tuple(board) in table]
    lucky = [board for board in repeated if tuple(greedy(board)) != table[tuple(board)]]
    assert len(repeated) <= 3
    assert _points(again) == round(score_best_move(greedy, second, 6, report=None) + 6 * len(lucky) / 30, 2) < 6


@pytest.mark.slow
def test_a_graded_hidden_test_shows_its_first_miss_and_a_count_not_every_case(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The feedback of a hidden partial-credit test: the scale, the first position not right, the count of the
    others, the score line and the lesson; the class report still reads its score line and lesson."""
    from known_submissions import GREEDY as GREEDY_CODE
    from ps05 import make as make_ps05

    monkeypatch.chdir(tmp_path)
    write_key(tmp_path, KEY)
    printed, digest = _graded_ps05("erin", [GREEDY_CODE])
    positions = hidden_positions(make_ps05.HIDDEN_COUNT, case_seed(KEY, "ps05", "hidden positions", "erin", digest),
                                 forks=make_ps05.FORK_COUNT)
    full: list[str] = []
    greedy = notebook(make_ps05.CODE["setup"].split("example =")[0], GREEDY_CODE)["best_move"]
    score_best_move(greedy, positions, 6, report=full.append)
    cases = full[1:len(positions) + 1]  # what a listing of every case printed, one line per case
    missed = [line for line in cases if "not a best move" in line]
    assert full[len(positions) + 1].startswith("best_move: average share") and len(missed) >= 2

    lines = printed.splitlines()
    score, lesson = report_parts(printed)
    shown = lines[1:lines.index(score)]
    right = len(positions) - len(missed)
    assert shown == [missed[0], f"  and {len(missed) - 1} more of the positions not right (not shown): "
                                f"{right} of {len(positions)} right"]
    assert not [line for line in missed[1:] if line in printed]
    assert lines[0] == "best_move: positions, one share each when your move is a best one"
    assert score == f"best_move: average share {right / len(positions):.3f} x 6 points = {_points(printed):g}"
    assert lesson.startswith("The first position where your move is not a best one:")
    assert partial_mistake(printed)[2] == score


# ps05: forks separate the greedy player.

@pytest.mark.slow
def test_the_greedy_player_loses_points_whatever_the_key() -> None:
    from known_submissions import GREEDY as GREEDY_CODE

    sys.path.insert(0, str(COURSE))
    from ps05 import make as make_ps05

    space: dict[str, Any] = {}
    exec(make_ps05.CODE["setup"].split("example =")[0], space)
    exec(GREEDY_CODE, space)
    greedy: Callable[..., Any] = space["best_move"]
    scores = [score_best_move(greedy, hidden_positions(make_ps05.HIDDEN_COUNT, case_seed(KEY, "ps05", "positions",
                                                                                         f"student {n}", CODE),
                                                       forks=make_ps05.FORK_COUNT), 6, report=None)
              for n in range(40)]
    assert max(scores) < 6 and min(scores) >= 3


# Attacks with real nbgrader.

@pytest.fixture(scope="module")
def attacks(tmp_path_factory: pytest.TempPathFactory) -> dict[str, CourseRun]:
    return {name: run_course(Source(name), students(Source(name)), tmp_path_factory.mktemp(f"secret_{name}"))
            for name, students in SECRET_ATTACKS.items()}


@pytest.mark.slow
@pytest.mark.parametrize(("name", "student"), [(name, student) for name, students in SECRET_ATTACKS.items()
                                               for student in students(Source(name))])
def test_attacks_on_the_hidden_cases_earn_their_honest_score(attacks: dict[str, CourseRun], name: str,
                                                             student: str) -> None:
    check_scores(attacks[name], student)


def notebook(setup: str, *cells: str) -> dict[str, Any]:
    space: dict[str, Any] = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(setup, space)
        for cell in cells:
            exec(cell, space)
    return space


def test_stored_answers_earned_full_marks_on_the_old_seed_and_not_on_a_students_own_cases() -> None:
    """The same table for two students: all 6 points on the old positions; on each one's own, the figures the
    end-to-end test expects, and never all of them."""
    from ps05 import make as make_ps05

    table = notebook(make_ps05.CODE["setup"].split("example =")[0], stored_answers_ps05())["best_move"]
    assert score_best_move(table, hidden_positions(30, seed=OLD_PS05_SEED), 6, report=None) == 6.0
    for student, points in TABLE_BEST_MOVE_HIDDEN.items():
        own = hidden_positions(make_ps05.HIDDEN_COUNT, hidden_seed_of("ps05", "hidden positions", student),
                               forks=make_ps05.FORK_COUNT)
        assert score_best_move(table, own, 6, report=None) == points < 6


@pytest.mark.slow
def test_the_getstate_guesser_wins_on_the_old_seeds_and_plays_honestly_on_salted_ones() -> None:
    from ps08 import make as make_ps08

    guesser = AsGraded(notebook(make_ps08.CODE["setup"], GETSTATE_GUESSER)["next_guess"])
    honest = AsGraded(notebook(make_ps08.CODE["setup"], FIRST_CONSISTENT)["next_guess"])
    quiet = contextlib.redirect_stdout(io.StringIO())
    with quiet:  # the old grader: the forwarded seed itself
        old = score_average(guesser, hidden_secrets(100, OLD_PS08_SECRETS), 10, seed=OLD_PS08_GAMES, total=600)
    assert old == 10.0
    secrets = hidden_secrets(100, hidden_seed_of("ps08", "hidden secrets", "getstate_guesser"))
    games = hidden_seed_of("ps08", "hidden games", "getstate_guesser")
    with graded_as("ps08", "getstate_guesser"), contextlib.redirect_stdout(io.StringIO()):
        attacked = score_average(guesser, secrets, 10, seed=games, total=600)
        plain = score_average(honest, secrets, 10, seed=games, total=600)
        attacked_games = play_all(guesser, secrets, games, total=600)
        plain_games = play_all(honest, secrets, games, total=600)
    # the attack recognises nothing: it plays the first consistent code's games and earns its points
    assert attacked == plain == GETSTATE_AVERAGE
    assert [g.history for g in attacked_games] == [g.history for g in plain_games]
    assert sum(g.counted for g in attacked_games) / len(secrets) > 5


@pytest.mark.slow
def test_the_release_keeps_the_key_and_grading_refuses_a_key_others_can_read(attacks: dict[str, CourseRun]) -> None:
    from terminal import run

    root = attacks["ps05"].root
    assert read_key(root) == TEST_KEY  # written before the release, which kept it
    assert not list((root / "release").rglob(KEY_FILE)) and not list((root / "feedback").rglob(KEY_FILE))
    os.chmod(root / KEY_FILE, 0o644)
    try:
        status, _, err = run("grade", "ps05", "--course", str(root))
    finally:
        os.chmod(root / KEY_FILE, 0o600)
    last = err.strip().splitlines()[-1]  # (after the line that names the isolation)
    assert status == 2 and last.startswith("coursekit: error: the course key") and last.endswith("chmod 600 "
                                                                                                  f"{root / KEY_FILE}")
