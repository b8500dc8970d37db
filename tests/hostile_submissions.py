"""Hostile submissions of ps01: what a student could try to raise a grade, lower another's, or stop the batch.

Each one is an ordinary :class:`~nbgrader_course.Student` with its honest score: the attack
must change nothing, so the score is what the student's real answers earn (full marks where
the reference functions are kept, 0 where the student's own answer is wrong or missing).
``tests/test_hostile_submissions.py`` grades them all in one batch with the reference
student and checks the batch as a whole.
"""

from __future__ import annotations

from typing import Any

from nbgrader_course import Source, Student

NO_IS_WINNING = ("test_is_winning_visible", "test_is_winning_hidden")
NO_WINNING_MOVE = ("test_winning_move_visible", "test_winning_move_hidden")
NO_KING = ("test_king_strategy_visible", "test_king_strategy_hidden")

#: A wrong answer to ``is_winning``: after an attack it must still earn nothing.
WRONG_IS_WINNING = "def is_winning(m, n):\n    return True\n"

#: Walk every folder the code can see and do ``action(path)`` to each file named ``name``.
WALK = '''
import os
def _everywhere(name, action):
    done = []
    for top in ("..", "../..", "../../..", "/work", "/tmp", "/root", "/home", os.path.expanduser("~")):
        for folder, _, files in os.walk(top):
            if name in files or name == "*":
                for file in (files if name == "*" else [name]):
                    try:
                        action(os.path.join(folder, file))
                        done.append(os.path.join(folder, file))
                    except Exception:
                        pass
    return done
'''

ATTACKS: dict[str, str] = {
    # replace the grading helpers and the reference solver, as a test cell in the kernel would see them
    "replace_checks": '''
import coursekit.grading as grading
import coursekit.games.beans.checks as beans_checks
import coursekit.grading.kernel as kernel
for module in (grading, beans_checks, kernel):
    for name in dir(module):
        if name.startswith(("check", "run_check", "score", "evaluate", "outcomes")):
            setattr(module, name, lambda *args, **kwargs: 100)
''',
    "replace_reference": '''
import coursekit.games.beans as beans
for name in dir(beans):
    if "win" in name and callable(getattr(beans, name)):
        setattr(beans, name, lambda *args, **kwargs: True)
''',
    "input_transformer": '''
try:
    get_ipython().input_transformers_cleanup.append(lambda lines: ["pass\\n"])
except NameError:
    pass
''',
    "display_formatter": '''
try:
    get_ipython().display_formatter.formatters["text/plain"].for_type(float, lambda v, p, c: p.text("99.0"))
except NameError:
    pass
''',
    "post_run_hook": '''
try:
    get_ipython().events.register("post_run_cell", lambda result: print("HOO" + "KED"))
except NameError:
    pass
''',
    "sys_modules": '''
import sys, types
fake = types.ModuleType("coursekit.grading")
fake.__getattr__ = lambda name: (lambda *args, **kwargs: 100)
sys.modules["coursekit.grading"] = fake
''',
    "builtins": '''
import builtins
builtins.AssertionError = type("AssertionError", (Exception,), {})
builtins.print = lambda *args, **kwargs: None
''',
}


def _full(extra: str) -> str:
    return WALK + extra


#: Attacks that leave the student's right answers in place: full marks, and nothing else changed.
HARMLESS: dict[str, str] = {
    "gradebook_writer": _full('''
import sqlite3
def _raise(path):
    db = sqlite3.connect(path)
    db.execute("update grade set auto_score = 100")
    db.commit()
_everywhere("gradebook.db", _raise)
'''),
    "other_submissions": _full('''
def _wipe(path):
    if path.endswith(".ipynb"):
        open(path, "w").write("{}")
_everywhere("*", _wipe)
'''),
    "package_editor": _full('''
import coursekit, nbgrader
for module in (coursekit, nbgrader):
    try:
        open(module.__file__, "a").write("\\nraise SystemExit('edited')\\n")
    except OSError:
        pass
'''),
    "config_editor": _full('''
_everywhere("nbgrader_config.py", lambda path: open(path, "a").write("\\nc.TrustedExecute.enabled = False\\n"))
open("nbgrader_config.py", "w").write("c.TrustedExecute.enabled = False\\n")
'''),
    "hidden_reader": _full('''
def _show(path):
    if path.endswith(".ipynb"):
        print(open(path).read())
_everywhere("*", _show)
print(sorted(os.environ.items()))
'''),
    "daemon": '''
import os, subprocess
try:
    subprocess.Popen(["sleep", "600"], start_new_session=True)
    if os.fork() == 0:
        os.setsid()
        import time
        time.sleep(600)
except OSError:
    pass
''',
    "parent_killer": '''
import os, signal
for pid in (os.getppid(), 1):
    try:
        os.kill(pid, signal.SIGKILL)
    except OSError:
        pass
''',
    "network": '''
import urllib.request
for address in ("http://127.0.0.1:8000/", "http://example.com/"):
    try:
        urllib.request.urlopen(address, timeout=1)
        print("reached", address)
    except Exception:
        pass
''',
    "huge_output": "print('x' * 50_000_000)\n",
    "html_output": '''
from IPython.display import HTML, display
display(HTML("<script>document.title = 'owned'</script>"))
print("<img src='http://evil.example/x.png'>")
''',
    "fork_bomb": '''
import os
children = 0
try:
    while children < 10_000:
        if os.fork() == 0:
            os._exit(0)
        children += 1
except OSError:
    pass
''',
}

SWALLOWED_INTERRUPTS = '''\
def king_strategy(grid, position):
    while True:
        try:
            while True:
                pass
        except BaseException:
            pass
'''

MEMORY_BOMB = '''\
def king_strategy(grid, position):
    blocks = []
    while True:
        blocks.append(bytearray(100 << 20))
'''

FORK_IN_CALL = '''\
def king_strategy(grid, position):
    import os
    while True:
        os.fork()
'''

TUPLE_LIKE = '''\
class Pair(tuple):
    def __eq__(self, other):
        return True
    __hash__ = tuple.__hash__

def winning_move(m, n):
    return Pair((0, 0))
'''


def _set_points(nb: Any) -> None:
    """Raise every test cell's points and make a solution cell a graded one."""
    for cell in nb.cells:
        marks = cell.metadata.get("nbgrader", {})
        if marks.get("grade"):
            marks["points"] = 100
        if marks.get("grade_id") == "is_winning":
            marks.update(grade=True, points=50)


def _rename_test(nb: Any) -> None:
    for cell in nb.cells:
        marks = cell.metadata.get("nbgrader", {})
        if marks.get("grade_id") == "test_is_winning_hidden":
            marks["grade_id"] = "my_own_test"


def _copy_graded_cell(nb: Any, grade_id: str, source: str, *, before: bool) -> None:
    """Insert a copy of the cell graded as ``grade_id``, with ``source``, before or after it. As a cell
    copied in Jupyter, the copy has an id of its own: what is duplicated is the grade id."""
    index = next(n for n, c in enumerate(nb.cells) if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id)
    copy = nb.cells[index].copy()
    copy.metadata = {"nbgrader": dict(nb.cells[index].metadata["nbgrader"])}
    copy.id = f"{copy.id}-copy"
    copy.source = source
    nb.cells.insert(index if before else index + 1, copy)


def _duplicate_test(nb: Any) -> None:
    _copy_graded_cell(nb, "test_winning_move_hidden", "print('all good')", before=True)


def _duplicate_solution(nb: Any) -> None:
    _copy_graded_cell(nb, "is_winning", WRONG_IS_WINNING, before=False)


def _strip_metadata(nb: Any) -> None:
    nb.metadata = {}
    for cell in nb.cells:
        cell.metadata = {}


def hostile_students(source: Source) -> dict[str, Student]:
    """The reference, then every attack with its honest score."""
    ref = {grade_id: source.reference(grade_id) for grade_id in ("is_winning", "winning_move", "king_strategy")}
    students = {"reference": Student(ref)}
    for name, attack in ATTACKS.items():
        students[name] = Student({**ref, "is_winning": attack + WRONG_IS_WINNING}, zero=NO_IS_WINNING)
    for name, attack in HARMLESS.items():
        students[name] = Student({**ref, "is_winning": attack + ref["is_winning"]})
    students.update({
        "swallowed_interrupts": Student({**ref, "king_strategy": SWALLOWED_INTERRUPTS}, zero=NO_KING),
        "memory_bomb": Student({**ref, "king_strategy": MEMORY_BOMB}, zero=NO_KING),
        "fork_in_call": Student({**ref, "king_strategy": FORK_IN_CALL}, zero=NO_KING),
        "exit_after_correct": Student({**ref, "is_winning": ref["is_winning"] + "\nimport os\nos._exit(0)\n"},
                                      zero=NO_IS_WINNING),
        "crash_after_correct": Student({**ref, "winning_move": ref["winning_move"]
                                        + "\nimport ctypes\nctypes.string_at(0)\n"}, zero=NO_WINNING_MOVE),
        "tuple_like": Student({**ref, "winning_move": TUPLE_LIKE}, zero=NO_WINNING_MOVE),
        "points_raised": Student(ref, mutate=_set_points),
        "test_renamed": Student(ref, mutate=_rename_test),
        "test_duplicated": Student(ref, mutate=_duplicate_test),
        # the notebook run top to bottom defines the wrong copy last: that is the answer graded
        "solution_duplicated": Student(ref, mutate=_duplicate_solution, zero=NO_IS_WINNING),
        "metadata_stripped": Student(ref, mutate=_strip_metadata),
        "not_json": Student(ref, zero="all", raw=b'{"cells": [ this is not json'),
        "no_notebook": Student(ref, zero="all", raw=b""),
    })
    return students


def hostile_ps03(source: Source) -> dict[str, Student]:
    """ps03: counts of expanded cells that a student reports are not believed; the grader measures them."""
    ref = {grade_id: source.reference(grade_id) for grade_id in ("bfs", "astar")}
    liar = {grade_id: code.replace("return path[::-1], expanded", "return path[::-1], 1")
                                .replace("return path[::-1], len(done)", "return path[::-1], 1")
            for grade_id, code in ref.items()}
    assert liar != ref, "the reference's return lines changed: update the liar"
    inline = ref["bfs"].replace("for nxt in neighbours(grid, cell):",
                                "for nxt in [Coord(cell.x + dx, cell.y + dy) for dx, dy in STEPS "
                                "if grid.is_free(Coord(cell.x + dx, cell.y + dy))]:")
    assert inline != ref["bfs"], "the reference's loop over neighbours changed: update the bypass"
    return {
        "reference": Student(ref),
        # reports 1 cell expanded on every grid: the measured count is the reference's, full marks
        "count_liar": Student(liar),
        # finds neighbours without asking: its paths are right, but it is measured as expanding
        # almost nothing, below what any search needs: the expansion points are lost
        # (the visible test, run by the grader, measures it the same way)
        "neighbours_bypassed": Student({**ref, "bfs": inline}, zero=("test_bfs_visible", "test_bfs_hidden_expanded")),
    }


def hostile_ps04(source: Source) -> dict[str, Student]:
    """ps04: strategies called move by move in the sandbox; what they do there stays there."""
    ref = {grade_id: source.reference(grade_id) for grade_id in ("helpers", "pursuer_move", "prey_move")}
    tamper = ref["pursuer_move"].replace(
        "    return min(steps(grid, pursuer), key=lambda tom: time_after_tom(grid, tom, prey))",
        "    move = min(steps(grid, pursuer), key=lambda tom: time_after_tom(grid, tom, prey))\n"
        "    seen = globals().setdefault('tampered', set())  # once a grid: later calls get the grader's grid\n"
        "    if grid.blocked and repr(grid) not in seen:\n"
        "        seen.add(repr(grid))\n"
        "        object.__setattr__(grid, 'blocked', frozenset())  # the grader's grid is not this one\n"
        "        import coursekit.games.pursuit.checks as checks\n"
        "        checks.score_move = checks.check_pursuer_move = lambda *args, **kwargs: 100\n"
        "    return move")
    assert tamper != ref["pursuer_move"], "the reference's pursuer_move changed: update the tampering one"
    return {
        "reference": Student(ref),
        # a move that ends the sandbox: every game's first move is refused, as for a missing function
        "exit_on_move": Student({**ref, "pursuer_move": "def pursuer_move(grid, pursuer, prey):\n"
                                                          "    import os\n    os._exit(0)\n"},
                                zero=("test_pursuer_visible", "test_pursuer_hidden")),
        # a move that claims to equal every cell is not a cell
        "always_equal_move": Student({**ref, "prey_move": "class Anywhere(tuple):\n"
                                                           "    def __eq__(self, other):\n        return True\n"
                                                           "    __hash__ = tuple.__hash__\n\n"
                                                           "def prey_move(grid, pursuer, prey):\n"
                                                           "    return Anywhere(prey)\n"},
                                     zero=("test_prey_visible", "test_prey_hidden")),
        # changes its copy of the grid and of the checks after its first move on each grid: the games are the
        # reference's, and the next call gets the grid as the grader sent it. Once a grid: tampering on every call
        # would empty the student's own table cache each time, and the CPU time of that (near the cell's 15 s,
        # more or less with the machine's load) would decide the score, not the attack
        "grid_tamper": Student({**ref, "pursuer_move": tamper}),
    }


#: The students whose submission cannot be graded at all, and a word the reason must contain.
NEEDS_A_PERSON = {"not_json": "not a notebook", "no_notebook": "missing"}
#: Graded, and flagged for a person: the student's code reaches into the module that holds the reference.
NEEDS_REVIEW = {"replace_reference": "ps01: the solution uses coursekit.games.beans.is_winning",
                # the checks module holds the reference answers: reading all its names is flagged
                "replace_checks": "ps01: the solution uses coursekit.games.beans.checks"}


# Attacks on the hidden cases: answers stored for the seeds the notebooks used to state.

#: The seeds the released ps05 and ps08 used to state, and what they drew.
OLD_PS05_SEED, OLD_PS08_SECRETS, OLD_PS08_GAMES = 20241105, 20250301, 20250400


def stored_answers_ps05() -> str:
    """``best_move`` and ``alphabeta`` as a table of the answers on the old hidden (and the visible) positions, with a
    poor guess elsewhere: under the old seed it earned full marks with no algorithm."""
    from coursekit.games.tictactoe.checks import hidden_positions, reference_alphabeta, state_of, values

    boards = [*hidden_positions(30, seed=OLD_PS05_SEED), *hidden_positions(30, seed=OLD_PS05_SEED, most=3),
              ["X..", "...", "..."], ["XX.", "OO.", "X.."], ["X.O", ".X.", "..."], ["XO.", "...", "..."],
              ["O.X", ".X.", "..."], ["X.O", "...", "X.."], ["XOX", "OXO", "..."], ["XO.", ".X.", "..O"],
              ["X..", ".O.", "..."], [".X.", "...", "O.."]]
    moves, searches = {}, {}
    for board in boards:
        scored = values(state_of(board))
        best = max(scored.values())
        moves[tuple(board)] = tuple(next(move for move, value in scored.items() if value == best))
        searches[tuple(board)] = reference_alphabeta(state_of(board))
    return (f"MOVES = {moves!r}\nSEARCHES = {searches!r}\n\n\n"
            "def best_move(board):\n    return MOVES.get(tuple(board), tuple(empty_cells(board)[0]))\n\n\n"
            "def alphabeta(board):\n    return SEARCHES.get(tuple(board), (0, 1))\n")


GETSTATE_GUESSER = f'''\
import random

from coursekit.games.bulls.checks import hidden_secrets

# The grader used to call random.seed({OLD_PS08_GAMES} + k) before secret k of hidden_secrets(100, {OLD_PS08_SECRETS}):
# the state of random at the first call of a game said which secret it was.
OLD_SECRETS = hidden_secrets(100, {OLD_PS08_SECRETS})
STATES = {{random.Random({OLD_PS08_GAMES} + k).getstate(): OLD_SECRETS[k - 1] for k in range(1, 101)}}
known = {{}}


def next_guess(history):
    if not history:
        known["secret"] = STATES.get(random.getstate())
    if known.get("secret") and all(g != known["secret"] for g, _, _ in history):
        return known["secret"]
    for code in all_secrets():
        if all(score(code, guess) == (bulls, cows) for guess, bulls, cows in history):
            return code
'''

#: Measured with real nbgrader and the test key (tests/test_hidden_cases.py computes them in process too): the share
#: of its own 30 hidden positions each table answers best, times 6.
TABLE_BEST_MOVE_HIDDEN = {"table_1": 3.2, "table_2": 2.4}
#: The getstate guesser recognises nothing and plays the first consistent code: its points on its own secrets
#: (the first consistent code's on the same secrets, 8.76 of 10 on this draw).
GETSTATE_AVERAGE = 8.76


def secrets_ps05(source: Source) -> dict[str, Student]:
    """Two students hand in the same table of stored answers: neither earns the hidden points any more."""
    ref = {grade_id: source.reference(grade_id) for grade_id in ("best_move", "alphabeta")}
    table = stored_answers_ps05()
    return {
        "reference": Student(ref),
        **{name: Student({"best_move": table, "alphabeta": "# alphabeta is in the cell above\n"},
                         zero=("test_alphabeta_hidden_values", "test_alphabeta_hidden_nodes"),
                         scores={"test_best_move_hidden": points})
           for name, points in TABLE_BEST_MOVE_HIDDEN.items()},
    }


def secrets_ps08(source: Source) -> dict[str, Student]:
    """The guesser that matched ``random.getstate()`` to the old forwarded seeds gets an honest guesser's score."""
    return {
        "reference": Student({"next_guess": source.reference("next_guess")}),
        "getstate_guesser": Student({"next_guess": GETSTATE_GUESSER},
                                    scores={"test_next_guess_average_hidden": GETSTATE_AVERAGE}),
    }


#: Attacks on the hidden cases, by problem set (tests/test_hidden_cases.py).
SECRET_ATTACKS = {"ps05": secrets_ps05, "ps08": secrets_ps08}
