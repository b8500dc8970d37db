"""The class on a real JupyterHub: the instructor guide's recipe, run as it is written.

The code blocks of the guide's section "A class on JupyterHub: nbgrader's exchange" are read from
``lessons/instructor-guide.md`` and run, with this test's names and folders put in (the users
``teacher``, ``alice``, ``bob`` and ``carol`` become ``ckhub-teacher`` and so on; ``/srv/nbgrader``
become a temporary folder, ``/srv/coursekit`` this project): the root's block makes the
users and the exchange, the hub starts with the guide's ``jupyterhub_config.py``, each user logs in
through the hub and starts their server through its API, and every command of the instructor and
the students is typed in a terminal of their own server. The students fill their notebook through
their server's contents API: alice with the reference solution, bob partly right, carol hostile
(``tests/known_submissions.py``). Each student must then see their own scores in the feedback they
fetched, and be refused another's files.

It needs root on Linux (users, a hub that starts servers as them) and bubblewrap: otherwise it is
skipped, with the reason. The servers run the project's ``.venv``: where the project or the Python the
``.venv`` was made from lies in a folder only root may enter (pyenv's under ``/root``, a clone in
``/root``), the hub runs in a mount namespace of its own that shows both, read-only, to its users
(``tests/hub.py``, :func:`hub.shown_to_users`); the rest of the machine is left as it is.
Two runs on one machine take turns (a lock): the test users are one run's alone.
The one change to the recipe: the course key is the test key (written before the release), so that
every score is known.
"""

from __future__ import annotations

import html
import os
import pwd
import re
import secrets
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat
import pytest
from hub import (
    PREFIX,
    PROXY,
    ROOT,
    VENV,
    Hub,
    Person,
    free_port,
    machine_lock,
    remove_leftovers,
    remove_users,
    shown_to_users,
)
from known_submissions import KNOWN
from nbgrader_course import TEST_KEY, Source, Student, filled

GUIDE = ROOT / "lessons" / "instructor-guide.md"
SECTION = "## A class on JupyterHub: nbgrader's exchange"
#: the guide's users: the instructor, then each student with the known submission they hand in
TEACHER = "teacher"
STUDENTS = {"alice": "reference", "bob": "wrong_king", "carol": "sneaky"}
#: the student who uses the Assignments tab's buttons instead of the commands
TAB_USER = "carol"
ASSIGNMENT = "ps01"
COURSE_ID = "coursekit"


def guide_blocks(text: str | None = None) -> list[str]:
    """The code blocks of the guide's JupyterHub section, in order.

    >>> guide_blocks("## A class on JupyterHub: nbgrader's exchange\\n```\\nls\\n```\\n## Next\\n```\\npwd\\n```")
    ['ls']
    """
    text = GUIDE.read_text(encoding="utf-8") if text is None else text
    section = text.split(SECTION, 1)[1]
    section = re.split(r"^## ", section, maxsplit=1, flags=re.MULTILINE)[0]
    return [block.strip("\n") for block in re.findall(r"^```\w*\n(.*?)^```", section, re.MULTILINE | re.DOTALL)]


def block(containing: str) -> str:
    """The one code block of the section that contains ``containing``."""
    found = [text for text in guide_blocks() if containing in text]
    assert len(found) == 1, f"the guide's section needs one block with {containing!r}: {len(found)}"
    return found[0]


def commands(text: str) -> list[str]:
    """The command lines of a block (a comment after a command stays: the shell ignores it).

    >>> commands("# a comment\\nnbgrader collect ps01   # latest\\n\\nnbgrader export")
    ['nbgrader collect ps01   # latest', 'nbgrader export']
    """
    return [line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]


@dataclass(frozen=True)
class Place:
    """Where this run puts what the guide puts in ``/srv``, and its names for the guide's users."""

    folder: Path

    def name(self, user: str) -> str:
        return PREFIX + user

    def local(self, text: str) -> str:
        """The guide's text with this run's folders and user names.

        >>> Place(Path("/tmp/x")).local('useradd "bob" && ls /srv/nbgrader/exchange') == (
        ...     'useradd "ckhub-bob" && ls /tmp/x/srv-nbgrader/exchange')
        True
        """
        text = text.replace("/srv/nbgrader", str(self.folder / "srv-nbgrader"))
        text = text.replace("/srv/coursekit", str(ROOT))
        users = "|".join([TEACHER, *STUDENTS])
        return re.sub(rf"\b({users})\b", lambda m: self.name(m.group(1)), text)

    @property
    def exchange(self) -> Path:
        return self.folder / "srv-nbgrader" / "exchange"


def missing() -> str | None:
    """Why the hub's test cannot run on this machine, or ``None``."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return "needs root (it makes users and a hub that starts servers as them)"
    for tool in ("useradd", "userdel", "chpasswd", "bwrap"):
        if shutil.which(tool) is None:
            return f"needs {tool}"
    if not (VENV / "bin" / "jupyterhub").exists():
        return "needs jupyterhub (coursekit's hub extra: python3 course.py test installs it)"
    if not PROXY.exists() or shutil.which("node") is None:
        return "needs node and configurable-http-proxy (python3 course.py test installs it into .venv/hub-node)"
    return None  # a project in a folder closed to other users is shown to them (hub.shown_to_users)


@dataclass
class ClassRun:
    """What the run left: each student's feedback page and what each was refused."""

    place: Place
    release: Any
    feedback: dict[str, str]
    refused: dict[str, list[tuple[str, int, str]]]
    grading: str
    #: the statuses of ps01 the Assignments tab showed its student after each button
    tab: dict[str, list[str]]
    #: seconds from the start to the end of each phase
    phases: dict[str, float]


def score_lines(page: str) -> tuple[tuple[float, float], dict[str, float]]:
    """The total (score, maximum) a feedback page shows, and each test cell's score by grade_id.

    >>> score_lines('<h4>ps01 (Score: 3.0 / 4.0)</h4><a href="#t1">Test cell</a> (Score: 1.5 / 2.0)')
    ((3.0, 4.0), {'t1': 1.5})
    """
    total = re.search(r"\(Score: ([\d.]+) / ([\d.]+)\)</h4>", page)
    assert total is not None, "the page shows no total score"
    cells = {grade_id: float(score) for grade_id, score in
             re.findall(r'href="#([\w-]+)">Test cell</a> \(Score: ([\d.]+) / [\d.]+\)', page)}
    return (float(total.group(1)), float(total.group(2))), cells


#: the blocks the test runs, each found by a piece of it: the root's, the hub's configuration, the instructor's
#: course folder, release, and grading, and the students' work and feedback
RECIPE = ("useradd", "c.JupyterHub.authenticator_class", "cp -r", "release_assignment", "fetch_assignment",
          "coursekit grade", "fetch_feedback")


def test_the_guide_holds_the_recipe_the_hub_test_runs() -> None:
    """Each block the test runs is in the guide's section once, reads as shell (or Python, the hub's
    configuration), and names no folder of ``/srv`` or user of the guide once this run's are put in."""
    place = Place(Path("/tmp/run"))
    for piece in RECIPE:
        text = block(piece)
        if piece.startswith("c."):
            compile(text, "jupyterhub_config.py", "exec")
        else:
            checked = subprocess.run(["bash", "-n"], input=text, capture_output=True, text=True, check=False)
            assert checked.returncode == 0, checked.stderr
        local = place.local(text)
        assert "/srv/" not in local, local
        assert not re.search(rf"\b(?<!{PREFIX})({'|'.join([TEACHER, *STUDENTS])})\b", local), local
    assert f'course_id = "{COURSE_ID}"' in block("useradd")


@pytest.fixture(scope="module")
def hub_class() -> Iterator[ClassRun]:
    """The guide's recipe on a real hub, run once; the users, the hub and every server removed after."""
    reason = missing()
    if reason:
        pytest.skip(f"the JupyterHub test {reason}")
    start = time.perf_counter()
    with machine_lock():
        remove_leftovers()  # what a run killed on the spot left
        folder = Path(tempfile.mkdtemp(prefix=PREFIX))
        folder.chmod(0o755)  # the exchange inside is for every user
        place = Place(folder)
        hub_folder = folder / "hub"
        hub_folder.mkdir(mode=0o700)
        hub = Hub(hub_folder, free_port())
        people: dict[str, Person] = {}
        try:
            yield run_class(place, hub, people, start)
        finally:
            for person in people.values():
                person.close()
            hub.stop()  # the hub stops the servers it started; then their users' every process ends with them
            remove_users()
            shutil.rmtree(folder, ignore_errors=True)


def run_class(place: Place, hub: Hub, people: dict[str, Person], start: float) -> ClassRun:
    """The guide's blocks in order (see the module's docstring); ``people`` gets each user as they log in."""
    users = [TEACHER, *STUDENTS]
    phases: dict[str, float] = {}
    passwords = {user: secrets.token_urlsafe(16) for user in users}  # not a test's choice: only a secret
    (hub.folder / "passwords.txt").write_text(
        "".join(f"{place.name(user)}:{password}\n" for user, password in passwords.items()), encoding="utf-8")
    root = subprocess.run(["bash", "-euc", place.local(block("useradd"))], cwd=hub.folder, capture_output=True,
                          text=True, check=False)
    assert root.returncode == 0, root.stdout + root.stderr
    can_run = subprocess.run([*shown_to_users(), "runuser", "-u", place.name(TEACHER), "--",
                              str(VENV / "bin" / "python"), "-c", "0"], capture_output=True, text=True, check=False)
    if can_run.returncode != 0:
        pytest.skip(f"the JupyterHub test needs this project's .venv readable by other users: {can_run.stderr}")

    hub.start(place.local(block("c.JupyterHub.authenticator_class")))
    phases["the users and the hub"] = time.perf_counter() - start
    for user in users:  # the four servers start side by side
        person = people[user] = Person(hub, place.name(user), passwords[user])
        person.log_in()
        person.start_server()
    for person in people.values():
        person.wait_for_server()
    phases["log-ins and servers"] = time.perf_counter() - start

    teacher = people[TEACHER]
    for line in commands(block("cp -r")):
        typed(teacher, place.local(line))
    course = Path(pwd.getpwnam(teacher.name).pw_dir) / "coursekit"
    from coursekit.grading.secret import write_key

    write_key(course, TEST_KEY)  # the test key instead of the random one the release would make
    owner = pwd.getpwnam(teacher.name)
    for path in course.glob("course.key*"):
        os.chown(path, owner.pw_uid, owner.pw_gid)
    for line in commands(block("release_assignment")):
        typed(teacher, place.local(line))
    phases["the release"] = time.perf_counter() - start

    source = Source(ASSIGNMENT)
    known = KNOWN[ASSIGNMENT].students(source)
    release = None
    fetch, *hand_in = commands(block("fetch_assignment"))
    tab: dict[str, list[str]] = {}
    for user, submission in STUDENTS.items():
        student = people[user]
        if user == TAB_USER:
            tab["fetch"] = statuses(student.assignments("fetch", COURSE_ID, ASSIGNMENT))
        else:
            typed(student, place.local(fetch))
        notebook = f"{ASSIGNMENT}/{ASSIGNMENT}.ipynb"
        release = nbformat.from_dict(student.contents("GET", notebook)["content"])
        work = filled(release, known[submission])
        student.contents("PUT", notebook, {"type": "notebook", "format": "json", "content": work})
        if user == TAB_USER:
            tab["submit"] = statuses(student.assignments("submit", COURSE_ID, ASSIGNMENT))
        else:
            for line in hand_in:
                typed(student, place.local(line))

    phases["fetch, work, submit"] = time.perf_counter() - start
    grading = "".join(typed(teacher, place.local(line)) for line in commands(block("coursekit grade")))
    phases["collect, grade, feedback"] = time.perf_counter() - start

    feedback: dict[str, str] = {}
    refused: dict[str, list[tuple[str, int, str]]] = {}
    for user in STUDENTS:
        student = people[user]
        if user == TAB_USER:
            tab["fetch_feedback"] = statuses(student.assignments("fetch_feedback", COURSE_ID, ASSIGNMENT))
        else:
            for line in commands(block("fetch_feedback")):
                typed(student, place.local(line))
        (fetched,) = student.contents("GET", f"{ASSIGNMENT}/feedback")["content"]
        feedback[user] = student.contents("GET", f"{fetched['path']}/{ASSIGNMENT}.html")["content"]
        refused[user] = [(attempt, *student.run(attempt)) for attempt in attempts(place, user)]
    assert release is not None
    phases["fetch feedback, try the others"] = time.perf_counter() - start
    return ClassRun(place, release, feedback, refused, grading, tab, phases)


def statuses(listed: list[dict[str, Any]]) -> list[str]:
    """The statuses of ps01 in the Assignments tab's list (``released``, ``fetched``, ``submitted``)."""
    return sorted(item["status"] for item in listed if item["assignment_id"] == ASSIGNMENT)


def typed(person: Person, line: str) -> str:
    """Type ``line`` in ``person``'s terminal; it must succeed. What it printed."""
    status, output = person.run(line)
    assert status == 0, f"{person.name}: {line!r} failed ({status}):\n{output[-4000:]}"
    return output


def attempts(place: Place, user: str) -> list[str]:
    """What a student tries on the others: read a classmate's home, the instructor's course, the
    exchange's submissions and feedback."""
    other = next(name for name in STUDENTS if name != user)
    return [f"cat /home/{place.name(other)}/{ASSIGNMENT}/{ASSIGNMENT}.ipynb",
            f"ls /home/{place.name(other)}/{ASSIGNMENT}/feedback",
            f"ls /home/{place.name(TEACHER)}/coursekit",
            f"ls {place.exchange}/coursekit/inbound",
            f"ls {place.exchange}/coursekit/feedback"]


def points_of(release: Any) -> dict[str, float]:
    return {cell.metadata["nbgrader"]["grade_id"]: float(cell.metadata["nbgrader"]["points"])
            for cell in release.cells if cell.metadata.get("nbgrader", {}).get("grade")}


@pytest.mark.slow
@pytest.mark.parametrize("user", list(STUDENTS))
def test_each_student_sees_their_own_scores(hub_class: ClassRun, user: str) -> None:
    """The feedback a student fetched shows the scores their known submission earns, cell by cell."""
    points = points_of(hub_class.release)
    submission: Student = KNOWN[ASSIGNMENT].students(Source(ASSIGNMENT))[STUDENTS[user]]
    expected = submission.expected(points)
    (total, maximum), cells = score_lines(hub_class.feedback[user])
    assert maximum == sum(points.values())
    assert cells == pytest.approx(expected, abs=0.01), hub_class.grading[-3000:]
    assert total == pytest.approx(sum(expected.values()), abs=0.01)


@pytest.mark.slow
def test_scores_differ_from_student_to_student(hub_class: ClassRun) -> None:
    """Each page is its student's own: the reference has full marks, the two others less, and not the same."""
    totals = {user: score_lines(page)[0] for user, page in hub_class.feedback.items()}
    assert totals["alice"][0] == totals["alice"][1]
    assert len({score for score, _ in totals.values()}) == len(STUDENTS), totals


@pytest.mark.slow
@pytest.mark.parametrize("user", list(STUDENTS))
def test_a_student_is_refused_the_others_files(hub_class: ClassRun, user: str) -> None:
    """A classmate's notebook and feedback, the instructor's course, the exchange's listings: all refused."""
    for attempt, status, output in hub_class.refused[user]:
        assert status != 0, f"{user} could run {attempt!r}:\n{output}"
        assert "Permission denied" in html.unescape(output), (attempt, output)


@pytest.mark.slow
def test_the_assignments_tab_follows_its_student(hub_class: ClassRun) -> None:
    """The student who used the Assignments tab's buttons saw ps01 fetched, then submitted."""
    assert "fetched" in hub_class.tab["fetch"], hub_class.tab
    assert "submitted" in hub_class.tab["submit"], hub_class.tab
    assert "submitted" in hub_class.tab["fetch_feedback"], hub_class.tab


@pytest.mark.slow
def test_the_class_ran_in_the_servers(hub_class: ClassRun) -> None:
    """The grading ran in the instructor's server: ``coursekit grade`` printed a line for each student."""
    for user in STUDENTS:
        assert hub_class.place.name(user) in hub_class.grading, hub_class.grading[-3000:]
    print("\nthe class on JupyterHub, seconds from the start:", {k: round(v) for k, v in hub_class.phases.items()})
