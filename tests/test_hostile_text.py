"""What students write is shown as text: on the instructor's terminal, in the course's CSV files and pages.

A student writes their folder's name (the student id, through the exchange), their files' names and
their exceptions' messages. Printed raw, ``ESC[2J``, cursor moves and a new line clear the instructor's
screen and forge a line of the table; written raw to a CSV, ``=HYPERLINK(...)`` runs when the file is
opened. The helpers (:mod:`coursekit.core.shown`) are tested one control class and one formula trigger at
a time; then the attacks go through the real flow: ``coursekit tournament`` in this process, and
``nbgrader generate_assignment``, ``submitted/``, ``coursekit grade`` and ``nbgrader export``, where intake
also refuses a student id that is not a plain name (``*`` is every student to nbgrader) and a notebook
that is a hard link to the instructor's source.
"""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import subprocess
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_notebook

from coursekit.core.shown import csv_cell, csv_row, html, terminal
from coursekit.grading.intake import FOLDER, NAME_CHARS, plain_name, take_in, write_copy

ESC = "\x1b"
#: What a hostile string carries: clear the screen, go home, print a forged line, a new line.
CLEAR = "\x1b[2J\x1b[H"
FORGED = "all 30 submissions graded"


# The helpers, one class of character at a time.

@pytest.mark.parametrize("char", [
    "\x1b", "\r", "\n", "\t", "\x7f", "\x00", "\x07", "\x08", "\x0b", "\x0c",  # C0 controls and DEL
    "\x85", "\x9b", "\x9d",  # C1 controls: next line, CSI, OSC
    "\u2028", "\u2029",  # line and paragraph separators
    "\u202e", "\u202d", "\u2066", "\u2069", "\u200f", "\u061c",  # bidirectional overrides, isolates, marks
    "\u200b", "\ufeff",  # zero-width space, byte order mark
    "\udcff",  # a lone surrogate: a byte of a file name that is not UTF-8
])
def test_terminal_shows_each_hidden_character_as_an_escape(char: str) -> None:
    shown = terminal(f"ann{char}bob")
    assert char not in shown and shown.startswith("ann") and shown.endswith("bob")
    assert shown.isprintable() and len(shown.splitlines()) == 1
    assert "\\" in shown  # shown, not dropped
    shown.encode("utf-8")  # a surrogate would fail here, and so would printing it


def test_terminal_leaves_plain_text_alone_and_cuts_at_a_limit() -> None:
    plain = "Zoë Ångström, 名前 (ps01): 20 / 20 — graded ±3σ"
    assert terminal(plain) == plain
    assert terminal(42) == "42"
    shown = terminal(CLEAR + FORGED + "\r\n   1  eve")
    assert shown == "\\x1b[2J\\x1b[H" + FORGED + "\\r\\n   1  eve"
    assert terminal("x" * 500, limit=100) == "x" * 99 + "…"


def test_every_control_character_is_shown_as_an_escape() -> None:
    hidden = [chr(code) for code in range(0x110000)
              if unicodedata.category(chr(code)) in ("Cc", "Cf", "Cs", "Zl", "Zp")]
    shown = terminal("".join(hidden))
    assert not any(unicodedata.category(char) in ("Cc", "Cf", "Cs", "Zl", "Zp") for char in shown)


@pytest.mark.parametrize("cell", ["=HYPERLINK(\"http:\"&A1)", "+1+cmd", "-2+3+cmd|' /C calc'!A0", "@SUM(1)",
                                  "\t=1+1", "\r=1+1", "=", "-", "@"])
def test_a_cell_that_starts_like_a_formula_is_written_as_text(cell: str) -> None:
    out = io.StringIO()
    csv.writer(out).writerow(csv_row(["ann", cell, 3]))
    read = next(csv.reader(io.StringIO(out.getvalue())))
    assert read[0] == "ann" and read[2] == "3"
    assert read[1].startswith("'") and read[1][1:] == terminal(cell)
    assert not any(char in read[1] for char in "\t\r\n")


@pytest.mark.parametrize("cell", ["ann", "", "-1.500", "+2", "3e-3", "student 1", "ann@example.org"])
def test_plain_cells_and_numbers_stay_as_they_are(cell: str) -> None:
    assert csv_cell(cell) == cell
    assert csv_cell(-2.5) == -2.5 and csv_cell(7) == 7


def test_html_escapes_markup_and_quotes() -> None:
    assert html('<img src=x onerror="alert(1)">') == "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;"
    assert html("it's & more") == "it&#x27;s &amp; more"


@pytest.mark.parametrize("name", ["ann", "Ann.Lee", "a_b-c", "ann@example.org", "zoë", "2024student", "@ann"])
def test_a_plain_student_id_is_taken(name: str) -> None:
    assert plain_name(name) is None


@pytest.mark.parametrize(("name", "why"), [
    ("*", "it holds '*'"),
    ("a?", "it holds '?'"),
    ("[ab]", "it holds '['"),
    ("ann lee", "it holds ' '"),
    ("=HYPERLINK(\"http:\"&A1)", "it holds '='"),
    (CLEAR + FORGED + "\nforged", "it holds '\\x1b'"),
    ("ann\n", "it holds '\\n'"),
    ("ann\u202e", "it holds '\\u202e'"),
    (".hidden", "starts with '.'"),
    ("-rf", "starts with '-'"),
    ("", "is empty"),
    ("a" * (NAME_CHARS + 1), f"longer than {NAME_CHARS} characters"),
])
def test_a_student_id_that_is_not_a_plain_name_is_refused_saying_why(name: str, why: str) -> None:
    said = plain_name(name)
    assert said is not None and why in said
    assert said == terminal(said)  # the reason itself is safe to print


# Intake, as data (no nbgrader).

@pytest.fixture
def course(tmp_path: Path) -> Path:
    """A course with ps01's source and release (one cell each)."""
    nb = new_notebook(cells=[new_code_cell("x = 1")])
    an_hour_ago = datetime.now(UTC).timestamp() - 3600
    for part in ("source", "release"):
        (tmp_path / part / "ps01").mkdir(parents=True)
        nbformat.write(nb, tmp_path / part / "ps01" / "ps01.ipynb")
        os.utime(tmp_path / part / "ps01" / "ps01.ipynb", (an_hour_ago, an_hour_ago))
    return tmp_path


def hand_in(root: Path, student: str) -> Path:
    folder = root / "submitted" / student / "ps01"
    folder.mkdir(parents=True)
    nbformat.write(new_notebook(cells=[new_code_cell("x = 2")]), folder / "ps01.ipynb")
    return folder


def take(root: Path, student: str) -> object:
    return take_in(root, "ps01", student, ["ps01"], now=datetime.now(UTC) + timedelta(days=1))


def test_a_hard_link_to_the_source_is_refused_like_a_symbolic_link(course: Path) -> None:
    folder = hand_in(course, "eve")
    (folder / "ps01.ipynb").unlink()
    os.link(course / "source" / "ps01" / "ps01.ipynb", folder / "ps01.ipynb")
    intake = take(course, "eve")
    assert intake.refused == ["ps01.ipynb has 2 links (a hard link to another file): links are not graded."]
    assert intake.notebooks == {}


def test_a_hard_link_beside_the_notebook_is_refused_too(course: Path) -> None:
    honest = hand_in(course, "ann")
    folder = hand_in(course, "eve")
    os.link(honest / "ps01.ipynb", folder / "classmate.ipynb")
    intake = take(course, "eve")
    assert len(intake.refused) == 1 and "classmate.ipynb has 2 links" in intake.refused[0]


@pytest.mark.parametrize("student", ["*", "a?", "[ab]", CLEAR + FORGED + "\nforged", "=HYPERLINK(\"http:\"&A1)"])
def test_a_student_id_that_is_not_a_plain_name_is_refused_at_intake(course: Path, student: str) -> None:
    hand_in(course, student)
    intake = take(course, student)
    assert len(intake.refused) == 1 and "is not a plain name" in intake.refused[0], intake.refused
    assert ESC not in intake.refused[0] and "\n" not in intake.refused[0]
    assert intake.notebooks == {}


def test_a_file_name_and_a_link_target_with_controls_are_named_as_text(course: Path) -> None:
    folder = hand_in(course, "ann")
    (folder / f"notes{CLEAR}\r\n{FORGED}.txt").write_text("mine")
    intake = take(course, "ann")
    assert intake.refused == [] and len(intake.notes) == 1
    assert ESC not in intake.notes[0] and "\n" not in intake.notes[0] and "\r" not in intake.notes[0]
    assert "notes\\x1b[2J\\x1b[H\\r\\nall 30 submissions graded.txt" in intake.notes[0]
    (folder / "secret").symlink_to(f"/etc/{CLEAR}{FORGED}\n")
    intake = take(course, "ann")
    assert len(intake.refused) == 1 and ESC not in intake.refused[0] and "\n" not in intake.refused[0]
    assert "secret is a symbolic link (to /etc/\\x1b[2J" in intake.refused[0]


def test_a_notebook_whose_error_quotes_the_student_is_named_as_text(course: Path) -> None:
    folder = hand_in(course, "ann")
    data = json.loads((folder / "ps01.ipynb").read_text())
    data["cells"][0]["cell_type"] = f"{CLEAR}{FORGED}"
    (folder / "ps01.ipynb").write_text(json.dumps(data))
    intake = take(course, "ann")
    assert len(intake.refused) == 1 and "is not a notebook that can be read" in intake.refused[0]
    assert ESC not in intake.refused[0]


# The tournament, through its command.

HOSTILE_RAISE = f'''\
def best_move(board):
    raise ValueError({CLEAR + "   1  eve   99.00" + chr(10) + FORGED + chr(13)!r})
'''


def tournament_course(tmp_path: Path, students: dict[str, str]) -> Path:
    from test_tournament import course as build

    return build(tmp_path, students)


def test_the_tournament_prints_and_writes_what_students_wrote_as_text(tmp_path: Path, capsys) -> None:
    from test_tournament import GOOD

    from coursekit.cli import main

    odd = f"{CLEAR}mal\n{FORGED}"
    root = tournament_course(tmp_path, {"ann": GOOD, "eve": HOSTILE_RAISE, "@bob": GOOD, odd: GOOD, "*": GOOD})
    out = tmp_path / "out"
    assert main(["tournament", "ps05", "--course", str(root), "--out", str(out), "--rounds", "0"]) == 0
    printed = capsys.readouterr()
    for stream in (printed.out, printed.err):
        assert ESC not in stream and "\r" not in stream
        assert not any(line.startswith((FORGED, "forged")) for line in stream.splitlines()), stream
    assert "does not play: the student id '*' is not a plain name" in printed.err
    assert "\\x1b[2J\\x1b[Hmal\\nall 30 submissions graded does not play: the student id" in printed.err
    eve = next(line for line in printed.out.splitlines() if " eve " in line)
    assert "\\x1b[2J\\x1b[H" in eve and FORGED in eve
    standings = list(csv.DictReader(io.StringIO((out / "tournament.csv").read_text(encoding="utf-8"))))
    assert {row["name"] for row in standings} >= {"ann", "eve", "'@bob"}
    assert not any(cell.startswith(("=", "+", "-", "@")) and not cell.lstrip("+-").replace(".", "").isdigit()
                   for row in standings for cell in row.values())
    for name in ("tournament.csv", "tournament-games.csv"):
        text = (out / name).read_text(encoding="utf-8")
        assert ESC not in text and "\r" not in text and FORGED in text
        assert len(text.splitlines()) == len(list(csv.reader(io.StringIO(text))))  # no cell spans two lines
    games = list(csv.DictReader(io.StringIO((out / "tournament-games.csv").read_text(encoding="utf-8"))))
    assert any(row["first"] == "'@bob" for row in games) and not any(row["first"] == "@bob" for row in games)
    page = (out / "tournament.html").read_text(encoding="utf-8")
    assert "@bob" in page and "\\x1b" not in page  # the page escapes markup; the text stays the student's


def test_the_pseudonyms_key_writes_a_student_id_as_text(tmp_path: Path, capsys) -> None:
    from test_tournament import GOOD

    from coursekit.cli import main

    root = tournament_course(tmp_path, {"@bob": GOOD})
    out = tmp_path / "out"
    assert main(["tournament", "ps05", "--course", str(root), "--out", str(out), "--pseudonyms"]) == 0
    capsys.readouterr()
    rows = list(csv.reader(io.StringIO((out / "pseudonyms.csv").read_text(encoding="utf-8"))))
    assert rows == [["pseudonym", "student"], ["student 1", "'@bob"]]


def test_the_tournament_s_records_write_a_reason_as_text_everywhere() -> None:
    from coursekit.grading.tournament import CONTESTS
    from coursekit.grading.tournament.records import Game, Standing, Tournament

    reason = f"=HYPERLINK(\"http:\"&A1)<img src=x>{CLEAR}\n{FORGED}"
    standing = Standing("@eve", False, -1.5, 2.0, forfeits=1, reasons=[reason])
    games = [Game(("@eve", "ann"), ((1, 1),), "ann", reason)]
    result = Tournament("ps05", 0, [standing, Standing("ann", False, 30.0, 1.0)], games, CONTESTS["ps05"])
    standings = list(csv.DictReader(io.StringIO(result.csv())))
    assert standings[0]["name"] == "'@eve" and standings[0]["first forfeit"].startswith("'=HYPERLINK")
    assert standings[0]["mu"] == "-1.500"  # a number stays a number
    played = list(csv.DictReader(io.StringIO(result.games_csv())))
    assert played[0]["first"] == "'@eve" and played[0]["reason"].startswith("'=HYPERLINK")
    assert ESC not in result.csv() + result.games_csv() + result.table()
    assert len(result.table().splitlines()) == 3
    page = result.html() + result.replay(1)
    assert "=HYPERLINK(&quot;http:&quot;&amp;A1)" in page and "<img" not in page


# The export, with a gradebook of students whose names start like formulas.

def test_the_course_s_export_writes_ids_and_names_as_text(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from nbgrader.api import Gradebook
    from nbgrader_course import BIN

    from coursekit.grading.nbgrader.gradebook import CourseExport

    if not (BIN / "alembic").exists():
        pytest.skip("nbgrader is not installed in this environment")
    monkeypatch.setenv("PATH", f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")  # nbgrader runs alembic

    with Gradebook(f"sqlite:///{tmp_path / 'gradebook.db'}") as gradebook:
        gradebook.update_or_create_assignment("ps01")
        gradebook.update_or_create_student("ann", first_name="=HYPERLINK(\"http:\"&A1)", last_name="@SUM(1)",
                                           email="+cmd@example.org")
        gradebook.update_or_create_student(f"{CLEAR}{FORGED}\n", first_name="-", last_name="Lee")
        export = CourseExport(to=str(tmp_path / "grades.csv"))
        export.assignment, export.student = [], []
        export.export(gradebook)
    text = (tmp_path / "grades.csv").read_text(encoding="utf-8")
    rows = {row["last_name"]: row for row in csv.DictReader(io.StringIO(text))}
    assert rows["'@SUM(1)"]["first_name"] == "'=HYPERLINK(\"http:\"&A1)"
    assert rows["'@SUM(1)"]["email"] == "'+cmd@example.org"
    assert rows["Lee"]["student_id"] == terminal(f"{CLEAR}{FORGED}\n") and rows["Lee"]["first_name"] == "'-"
    assert ESC not in text and rows["Lee"]["score"] == "0.0"


# The real flow: generate_assignment, submitted/, coursekit grade, nbgrader export.

#: A student's cell that rebinds ``Grid``: the instructor's next setup cell fails with the student's message.
GRID_MESSAGE = f"{CLEAR}   reference    20 / 20  graded\r\n{FORGED}"
REBIND_GRID = f'''
class Grid:
    def __init__(self, *args, **kwargs):
        raise RuntimeError({GRID_MESSAGE!r})
'''
ODD_IDS = ("*", f"{CLEAR}{FORGED}\nforged", "=HYPERLINK(\"http:\"&A1)")


@dataclass
class Graded:
    root: Path
    output: str  # what coursekit grade printed: standard output, then standard error
    table: str  # its standard output
    grades: dict[str, dict[str, str]]
    text: str


@dataclass
class Released:
    """A test copy of the course with ps01 released: how to run a command there, the release, the references."""

    root: Path
    run: Callable[..., subprocess.CompletedProcess[str]]
    release: Any
    reference: dict[str, str]

    def hand_in(self, student: str, edits: dict[str, str] | None = None) -> Path:
        """``submitted/<student>/ps01/ps01.ipynb``: the release with the references, and ``edits``."""
        from nbgrader_course import Student, filled

        folder = self.root / "submitted" / student / "ps01"
        folder.mkdir(parents=True)
        nbformat.write(filled(self.release, Student({**self.reference, **(edits or {})})), folder / "ps01.ipynb")
        return folder

    def leave_withdrawn_copy(self) -> None:
        """A withdrawn student, in the gradebook, whose copy an earlier batch left in ``intake/``."""
        folder = self.hand_in("withdrawn")
        withdrawn = take_in(self.root, "ps01", "withdrawn", ["ps01"])
        assert withdrawn.refused == [], withdrawn.refused
        write_copy(self.root, withdrawn)
        shutil.rmtree(folder.parent)
        with gradebook_at(self.root) as gradebook:
            gradebook.update_or_create_student("withdrawn")


def released(tmp: Path) -> Released:
    from nbgrader_course import BIN, COURSE, TEST_KEY, Source
    from test_hostile_intake import environment

    from coursekit.grading.sandbox import bubblewrap
    from coursekit.grading.secret import write_key

    if not (BIN / "nbgrader").exists():
        pytest.skip("nbgrader is not installed in this environment")
    if bubblewrap() is None:
        pytest.skip("bubblewrap is not installed (apt-get install bubblewrap)")
    source = Source("ps01")
    root = tmp / "course"
    (root / "source").mkdir(parents=True)
    (root / "nbgrader_config.py").write_text((COURSE / "nbgrader_config.py").read_text()
                                             + "\nc.TrustedExecute.cell_timeout = 8\n")
    shutil.copytree(source.path.parent, root / "source" / "ps01")
    write_key(root, TEST_KEY)
    env = environment(tmp)

    def run(*command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(BIN / command[0]), *command[1:]], cwd=root, env=env, capture_output=True,
                              text=True, errors="surrogateescape", timeout=900)

    made = run("nbgrader", "generate_assignment", "ps01")
    assert made.returncode == 0, made.stderr[-3000:]
    release = nbformat.read(root / "release" / "ps01" / "ps01.ipynb", as_version=4)
    reference = {grade_id: source.reference(grade_id) for grade_id in ("is_winning", "winning_move", "king_strategy")}
    return Released(root, run, release, reference)


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> Graded:
    course = released(tmp_path_factory.mktemp("hostile-text"))
    root, run = course.root, course.run
    for student in ("reference", "hardlink", *ODD_IDS):
        course.hand_in(student)
    course.hand_in("grid", {"winning_move": course.reference["winning_move"] + REBIND_GRID})
    (root / "submitted" / "reference" / "ps01" / f"notes{CLEAR}\r\n{FORGED}.txt").write_text("mine")
    hard = root / "submitted" / "hardlink" / "ps01" / "ps01.ipynb"
    hard.unlink()
    os.link(root / "source" / "ps01" / "ps01.ipynb", hard)
    done = run("coursekit", "grade", "ps01", "--jobs", "2")
    assert done.returncode == 0, (done.stdout + done.stderr)[-3000:]
    with gradebook_at(root) as gradebook:
        gradebook.update_or_create_student("reference", first_name="=HYPERLINK(\"http:\"&A1)", last_name="@SUM(1)")
    exported = run("nbgrader", "export")
    assert exported.returncode == 0, exported.stderr[-3000:]
    text = (root / "grades.csv").read_text(encoding="utf-8")
    grades = {row["student_id"]: row for row in csv.DictReader(io.StringIO(text))}
    return Graded(root, done.stdout + done.stderr, done.stdout, grades, text)


def gradebook_at(root: Path) -> Any:
    from nbgrader.api import Gradebook

    return Gradebook(f"sqlite:///{root / 'gradebook.db'}")


@pytest.mark.slow
def test_the_grade_command_prints_what_students_wrote_as_text(graded: Graded) -> None:
    output = graded.output
    assert ESC not in output and "\r" not in output
    lines = output.splitlines()
    assert not any(line.startswith((FORGED, "forged", "   reference")) for line in lines), output
    assert "notes\\x1b[2J\\x1b[H\\r\\nall 30 submissions graded.txt" in output  # the file name, as text
    assert "\\x1b[2J\\x1b[Hall 30 submissions graded\\nforged" in output  # the student id, as text
    grid = [line for line in lines if line.startswith("grid ")]
    assert grid and all("\\x1b[2J" in line for line in grid if "RuntimeError" in line), grid
    table = graded.table.splitlines()
    assert len(table) == len(ODD_IDS) + 4 and f"{len(ODD_IDS) + 3} submissions: " in table[-1], table


@pytest.mark.slow
@pytest.mark.parametrize("student", ODD_IDS)
def test_a_student_id_that_is_not_a_plain_name_is_refused_and_the_others_graded(graded: Graded,
                                                                                student: str) -> None:
    row = graded.grades[csv_cell(student)]  # type: ignore[index]
    assert row["status"] == "needs manual grading" and "is not a plain name" in row["reason"], row
    assert float(row["score"]) == 0
    assert not (graded.root / FOLDER / student).exists() and not (graded.root / "autograded" / student).exists()
    reference = graded.grades["reference"]
    assert (reference["status"], float(reference["score"])) == ("graded", 20.0), reference


@pytest.mark.slow
def test_the_star_does_not_grade_every_intake_copy_again(tmp_path: Path) -> None:
    from nbgrader.api import MissingEntry

    course = released(tmp_path)
    course.hand_in("*")
    course.leave_withdrawn_copy()
    done = course.run("coursekit", "grade", "ps01")
    assert done.returncode == 0, (done.stdout + done.stderr)[-3000:]
    assert "the student id '*' is not a plain name" in done.stdout
    assert not (course.root / "autograded").exists() or not any((course.root / "autograded").iterdir())
    with gradebook_at(course.root) as gradebook, pytest.raises(MissingEntry):
        gradebook.find_submission("ps01", "withdrawn")


@pytest.mark.slow
def test_a_hard_linked_notebook_is_refused(graded: Graded) -> None:
    row = graded.grades["hardlink"]
    assert row["status"] == "needs manual grading" and float(row["score"]) == 0
    assert "ps01.ipynb has 2 links (a hard link to another file)" in row["reason"]
    assert not (graded.root / "autograded" / "hardlink").exists()


@pytest.mark.slow
def test_nbgrader_export_writes_ids_and_names_as_text(graded: Graded) -> None:
    assert "'=HYPERLINK(\"http:\"&A1)" in graded.grades  # the refused id, still in the gradebook, as text
    reference = graded.grades["reference"]
    assert (reference["first_name"], reference["last_name"]) == ("'=HYPERLINK(\"http:\"&A1)", "'@SUM(1)")
    assert ESC not in graded.text
    cells = [cell for row in csv.reader(io.StringIO(graded.text)) for cell in row]
    assert not any(cell.startswith(("=", "+", "@")) for cell in cells)
    assert not any(cell.startswith("-") and not cell.lstrip("-").replace(".", "").isdigit() for cell in cells)


# The class report: its summary on the terminal, its page.

def test_the_report_shows_a_mistake_named_by_a_student_as_text() -> None:
    from coursekit.grading.nbgrader.report import ClassReport, Mistake, Submission, summary
    from coursekit.grading.nbgrader.report_page import page

    name = f"raised {CLEAR}\n{FORGED}\r<img src=x onerror=alert(1)>"
    report = ClassReport("ps01", 20.0, {"test_a": 20.0}, [Submission("eve", 0.0, "graded", {"test_a": 0.0}, 1.0)],
                         [Mistake("test_a", name, ["eve"], f"is_winning(1, 2) {name}")], [])
    said = summary(report)
    assert ESC not in said and "\r" not in said and len(said.splitlines()) == 3
    assert "\\x1b[2J\\x1b[H\\nall 30 submissions graded\\r" in said
    shown = page(report)
    assert "<img" not in shown and "&lt;img" in shown
