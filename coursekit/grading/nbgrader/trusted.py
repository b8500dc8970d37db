"""Grading a notebook without running the student's code in the grader: the trusted executor.

nbgrader's own ``Execute`` step runs a submission's cells and its test cells in one kernel,
with the instructor's rights, so the student's code can rewrite the checks. This step takes
its place in ``nbgrader autograde`` (``c.Autograde.autograde_preprocessors``):

1. the instructor's setup cells and the student's cells run in a :class:`~coursekit.grading.sandbox.Sandbox`,
   in notebook order; their output (plain text, cut short) is what the graded notebook shows. A
   setup cell that fails there is the instructor's problem (the notebook goes to a person) only if
   it also fails when the release's setup cells run alone (:func:`release_errors`, once a batch);
   otherwise the student's code broke it: its output says so, and the test cells that need it earn
   nothing (:meth:`TrustedExecute.broken_by_student`). The student's own error text is never the
   grader's reason;
2. the test cells run here, in the grader's process, in a namespace of their own: the
   setup cells' names are the instructor's, and each name a student's cell defined is a
   :class:`Remote` that calls into the sandbox (or, for a plain value, its value as data);
3. each test cell's output is written as nbgrader expects it: an error (its last line only,
   the teaching message) scores 0, a number as the cell's last value is a partial score,
   anything else full points; nbgrader's ``SaveAutoGrades`` then records the scores.

No name of Python's own (``range``, ``len``) and no name a test cell uses, other than the
functions the student is asked to write (``coursekit.asked`` in the notebook's metadata), is
taken from the student's cells (:func:`reserved_names`). A submission that uses a course module
holding the reference answer (``coursekit.references``; the names of it that the release gives
the student, ``coursekit.given``, excepted) keeps its score and is noted for a person's review
(:mod:`coursekit.grading.review`).

The test cells come from the gradebook (nbgrader's ``OverwriteCells`` restores them before this
step), so a student who edits or deletes them changes nothing. A notebook whose metadata lists
``coursekit.measured`` helpers (ps03's ``neighbours``) has them answered and counted here: in the
sandbox each one asks the grader, so a quantity the student's code used to report is measured.

>>> from nbformat.v4 import new_code_cell, new_notebook
>>> test = {"nbgrader": {"grade": True, "solution": False, "locked": True, "grade_id": "t", "points": 1}}
>>> nb = new_notebook(cells=[new_code_cell("def double(n):\\n    return 2 * n"),
...                          new_code_cell("assert double(21) == 42\\nprint('right')", metadata=test)])
>>> nb, _ = TrustedExecute().preprocess(nb, {})
>>> nb.cells[1].outputs[0]["text"]
'right\\n'
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import hashlib
import io
import json
import os
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Any

from nbconvert.preprocessors import Preprocessor
from nbformat.v4 import new_output as _new_output
from traitlets import Bool, Float, Integer

from ..review import review_note, scan, watched
from ..sandbox import Limits, Sandbox, SandboxProblem, isolation
from ..secret import code_digest, ensure_key, grading
from .gradebook import KEY, add_problem, add_review

#: How much of a cell's output the graded notebook and the feedback keep (characters).
OUTPUT_CHARS = 10_000


def new_output(output_type: str, **fields: Any) -> Any:
    """An output of a cell, as nbformat writes it."""
    return _new_output(output_type, **fields)  # type: ignore[no-untyped-call]


class Remote:
    """A function of the student's, called in the sandbox: its arguments and answer cross as data.

    It behaves like the function for the checks (``name(*args)``, ``__name__``), and a call that
    raises, runs too long or ends the sandbox raises :class:`~coursekit.grading.sandbox.SandboxProblem`
    with a description the checks show as they show an error.

    Its time is the sandbox's CPU time, read from outside (``cpu_seconds``, the clock that
    :class:`~coursekit.grading.limits.Calls` uses), and the sandbox itself stops a call over its
    CPU limit or over the wall-clock backstop (``limit_time``, set by the checks before each call).
    """

    def __init__(self, sandbox: Sandbox, name: str) -> None:
        self._sandbox = sandbox
        self.__name__ = self.__qualname__ = name
        self._cpu: float | None = None
        self._wall: float | None = None
        self._measure = True

    def __call__(self, *args: Any) -> Any:
        return self._sandbox.call(self.__name__, args, self._wall, self._cpu, measure=self._measure)

    def measuring(self, on: bool) -> None:
        """Whether the next calls have the measured helpers answered and counted by the grader (a round
        trip each) or answered in the sandbox, uncounted (a check that counts nothing)."""
        self._measure = on

    def limit_time(self, cpu: float, wall: float) -> None:
        """The limits of the next calls: ``cpu`` seconds of the sandbox's CPU time, ``wall`` seconds by the clock."""
        self._cpu, self._wall = cpu, wall

    def cpu_seconds(self) -> float:
        """The CPU time the submission's calls have used so far, in the sandbox (see its ``cpu_seconds``)."""
        return self._sandbox.cpu_seconds()

    def asked(self, helper: str) -> list[tuple[Any, ...]]:
        """The arguments of each use of the measured ``helper`` during the last call (see the sandbox)."""
        return list(self._sandbox.recorded.get(helper, []))

    def seed_random(self, value: int) -> None:
        """``random.seed(value)`` where the function runs (see :func:`~coursekit.grading.kernel.seed_random`)."""
        self._sandbox.seed(value)

    def __repr__(self) -> str:
        return f"<the function {self.__name__} of the submission>"


def role(cell: Any) -> str:
    """``"markdown"``, ``"test"`` (a graded cell of the instructor's), ``"setup"`` (locked
    instructor code) or ``"student"`` (a solution cell, or any cell without nbgrader's marks).

    >>> from nbformat.v4 import new_code_cell
    >>> role(new_code_cell("x = 1")), role(new_code_cell("", metadata={"nbgrader": {"locked": True}}))
    ('student', 'setup')
    """
    if cell.get("cell_type") != "code":
        return "markdown"
    marks = cell.get("metadata", {}).get("nbgrader", {})
    if marks.get("solution"):
        return "student"
    if marks.get("grade"):
        return "test"
    if marks.get("locked"):
        return "setup"
    return "student"


def _cut(text: str, limit: int = OUTPUT_CHARS) -> str:
    if len(text) <= limit:
        return text
    return text[:limit] + f"\n[... {len(text) - limit} more characters not shown]"


def _error(description: str) -> Any:
    """An error output from a description ``"Name: message\\n  (where)"``: one line of traceback."""
    head, _, rest = description.partition(": ")
    name = head if head.isidentifier() else "Error"
    value = rest if name == head else description
    return new_output("error", ename=name, evalue=_cut(value, 2000), traceback=[f"{name}: {_cut(value, 2000)}"])


def run_test(source: str, namespace: dict[str, Any]) -> list[Any]:
    """Run a test cell's source in ``namespace`` (here, in the grader); its outputs as nbgrader reads them.

    >>> [o["output_type"] for o in run_test("x = 3\\nprint(x)\\nx / 4", {})]
    ['stream', 'execute_result']
    >>> run_test("assert 1 == 2, 'one is not two'", {})[0]["evalue"]
    'one is not two'
    """
    out = io.StringIO()
    outputs: list[Any] = []
    result: Any = None
    try:
        tree = ast.parse(source)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        assert last is None or isinstance(last, ast.Expr)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            exec(compile(tree, "<test cell>", "exec"), namespace)
            if last is not None:
                result = eval(compile(ast.Expression(last.value), "<test cell>", "eval"), namespace)
    except BaseException as error:  # a failing test is the message it carries
        if isinstance(error, KeyboardInterrupt):
            raise
        if out.getvalue():
            outputs.append(new_output("stream", name="stdout", text=_cut(out.getvalue())))
        message = str(error) if not isinstance(error, SandboxProblem) else error.description
        name = "AssertionError" if isinstance(error, AssertionError) else type(error).__name__
        outputs.append(new_output("error", ename=name, evalue=_cut(message, 4000),
                                  traceback=[f"{name}: {_cut(message, 4000)}"]))
        return outputs
    if out.getvalue():
        outputs.append(new_output("stream", name="stdout", text=_cut(out.getvalue())))
    if result is not None:
        outputs.append(new_output("execute_result", data={"text/plain": _cut(repr(result), 200)}, execution_count=None))
    return outputs


class TrustedExecute(Preprocessor):
    """nbgrader's ``Execute`` step, with the student's code in a sandbox and the tests out of its reach."""

    enabled = Bool(True, help="Whether to run the notebook.").tag(config=True)
    cell_timeout = Integer(20, help="Seconds of CPU time each of the submission's cells may use (a cell that "
                                    "sleeps or blocks is stopped once it has waited this + 2 s).").tag(config=True)
    call_timeout = Float(10.0, help="Seconds of CPU time one call of a student's function may use at most "
                                    "(the checks set shorter limits of their own).").tag(config=True)
    memory_mb = Integer(1024, help="Memory (address space) of the sandbox, in MB.").tag(config=True)

    def preprocess(self, nb: Any, resources: Any) -> tuple[Any, Any]:
        cells = nb.cells
        roles = [role(cell) for cell in cells]
        boxed = [n for n, r in enumerate(roles) if r in ("setup", "student")]
        limits = Limits(memory=self.memory_mb << 20, cells_seconds=float(self.cell_timeout),
                        call_seconds=self.call_timeout)
        how = isolation()
        if how.startswith("bubblewrap"):
            self.log.info("Sandbox: bubblewrap")
        else:
            self.log.warning("Sandbox: %s", how)
        namespace = self.setup_namespace(nb, [cells[n] for n in boxed if roles[n] == "setup"])
        about = nb.get("metadata", {}).get(KEY, {})
        wanted = about.get("measured", [])
        measured = {name: namespace[name] for name in wanted if isinstance(name, str) and callable(namespace.get(name))}
        references = watched([name for name in about.get("references", []) if isinstance(name, str)],
                             [name for name in about.get("given", []) if isinstance(name, str)])
        setup = [number for number, n in enumerate(boxed) if roles[n] == "setup"]
        with course_key(resources, nb), \
                Sandbox([cells[n].source for n in boxed], limits, setup=setup, measured=measured,
                        references=references) as sandbox:
            for n, result in zip(boxed, sandbox.results, strict=True):
                cells[n].outputs = _outputs(result)
                cells[n].execution_count = None
            broken = self.broken_by_student(nb, roles, [result.get("error") for result in sandbox.results], boxed,
                                            limits, resources)
            tests = [cell.source for cell, kind in zip(cells, roles, strict=True) if kind == "test"]
            self.add_student_names(namespace, sandbox, reserved_names(tests, about.get("asked")))
            for number, (cell, kind) in enumerate(zip(cells, roles, strict=True)):
                if kind == "test":
                    cause = next((why for at, (why, needs) in broken.items()
                                  if at < number and depends(cell.source, needs)), None)
                    cell.outputs = run_test(cell.source, namespace) if cause is None else [_broken_output(cause)]
                    cell.execution_count = None
                    failed = [o for o in cell.outputs if o.get("output_type") == "error"
                              and o.get("ename") not in STUDENT_ERRORS]
                    for output in failed:
                        add_problem(nb, f"the check in {_name(cell)} itself failed ({output['ename']}: "
                                        f"{str(output.get('evalue', ''))[:300]}).")
            used = set(scan([cells[n].source for n in boxed if roles[n] == "student"], references)) | sandbox.used
        if used:  # the library's answer: the score stays, and a person is asked to look
            self.log.warning("Needs review: %s", review_note(used))
            add_review(nb, review_note(used))
        return nb, resources

    def broken_by_student(self, nb: Any, roles: Sequence[str], errors: Sequence[str | None], boxed: Sequence[int],
                          limits: Limits, resources: Any) -> dict[int, tuple[str, frozenset[str]]]:
        """Sort out the instructor's cells that failed in the sandbox, after the student's cells ran.

        A cell that also fails when the release's own setup cells run alone (:func:`release_errors`)
        is the instructor's: the notebook goes to a person. Any other was broken by the student's
        code: its output says so (naming the names the student's cells redefine that it uses), and
        the answer maps its index in the notebook to that message and to what the test cells after it
        depend on (:func:`depends`). Nothing the student wrote becomes the grader's reason.
        """
        cells = nb.cells
        failed = [(n, error) for n, error in zip(boxed, errors, strict=True) if roles[n] == "setup" and error]
        if not failed:
            return {}
        setup = [n for n in boxed if roles[n] == "setup"]
        own = release_errors([cells[n].source for n in setup], limits, resources)
        broken: dict[int, tuple[str, frozenset[str]]] = {}
        for n, error in failed:
            first = error.splitlines()[0] if error.splitlines() else error
            if own is None or own[setup.index(n)]:
                add_problem(nb, f"the instructor's cell {_name(cells[n])} failed in the sandbox ({first[:300]}).")
                continue
            earlier = [cells[m].source for m in boxed if m < n and roles[m] == "student"]
            why = broken_message(cells[n], earlier, first)
            self.log.info("The student's code broke the instructor's cell %s.", _name(cells[n]))
            cells[n].outputs = [output for output in cells[n].outputs if output.get("output_type") != "error"]
            cells[n].outputs.append(_broken_output(why))
            later = [cells[m].source for m in boxed if m > n and roles[m] == "student"]
            broken[n] = (why, frozenset(top_level_names(cells[n].source)).union(*map(top_level_names, later)))
        return broken

    def setup_namespace(self, nb: Any, setup: Sequence[Any]) -> dict[str, Any]:
        """The tests' names, first: the instructor's setup cells, run here."""
        namespace: dict[str, Any] = {"__name__": "__main__"}
        for cell in setup:
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                try:
                    exec(compile(cell.source, "<setup cell>", "exec"), namespace)
                except Exception as error:  # the instructor's cell: the grade cannot be trusted
                    add_problem(nb, f"the instructor's cell {_name(cell)} failed in the grader "
                                    f"({type(error).__name__}: {error}).")
        return namespace

    @staticmethod
    def add_student_names(namespace: dict[str, Any], sandbox: Sandbox, reserved: Collection[str] = ()) -> None:
        """Then the names the student's cells defined: a :class:`Remote` for a function, the value for data.

        A name in ``reserved`` (see :func:`reserved_names`) never comes from the student: a cell
        that defines ``range`` or a name the test cells use changes the student's own code only.
        """
        for name, kind in sandbox.names.items():
            if name in namespace or name in reserved or not name.isidentifier():
                continue  # the instructor's own names (and Python's) stay the instructor's
            if kind == "function":
                namespace[name] = Remote(sandbox, name)
            else:
                try:
                    namespace[name] = sandbox.value(name)
                except SandboxProblem:
                    continue


def student_code(nb: Any) -> str:
    r"""The digest of the code a notebook's student wrote: its cells that run as the student's (:func:`role`),
    in order (:func:`~coursekit.grading.secret.code_digest`).

    >>> from nbformat.v4 import new_code_cell, new_notebook
    >>> nb = new_notebook(cells=[new_code_cell("def f():\n    return 1", outputs=[])])
    >>> student_code(nb) == code_digest(["def f():\n    return 1  \n"])
    True
    """
    sources = (cell.get("source", "") for cell in nb.get("cells", []) if role(cell) == "student")
    return code_digest("".join(source) if isinstance(source, list) else str(source) for source in sources)


def course_key(resources: Any, nb: Any = None) -> contextlib.AbstractContextManager[Any]:
    """Bind the course key (made if missing: nbgrader runs this step in the course root) to the
    notebook's assignment, student and code (:func:`student_code`), so that hidden test cells draw
    that submission's own cases (:mod:`coursekit.grading.secret`). Outside nbgrader (no student
    named), nothing is bound."""
    names = resources.get("nbgrader", {}) if isinstance(resources, dict) else {}
    student, assignment = names.get("student"), names.get("assignment")
    if not (isinstance(student, str) and isinstance(assignment, str) and student and assignment):
        return contextlib.nullcontext()
    digest = student_code(nb) if nb is not None else code_digest([])
    return grading(ensure_key(os.getcwd()), assignment, student, os.getcwd(), digest=digest)


def names_in(source: str) -> tuple[set[str], set[str]]:
    """The names a cell's code reads, and the names it defines (assigns, imports, declares).

    >>> [sorted(names) for names in names_in("from m import check\\nn = check(f, range(3))")]
    [['check', 'f', 'range'], ['check', 'n']]
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set(), set()
    read: set[str] = set()
    defined: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (read if isinstance(node.ctx, ast.Load) else defined).add(node.id)
        elif isinstance(node, ast.alias):
            defined.add(node.asname or node.name.split(".")[0])
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            defined.add(node.name)
        elif isinstance(node, ast.arg):
            defined.add(node.arg)
    return read, defined


def top_level_names(source: str) -> set[str]:
    """The names a cell's code defines for the cells after it: its functions, classes, imports and
    assignments at the top level (not the names inside its functions).

    >>> sorted(top_level_names("import os\\nSTEPS = 3\\ndef moves(grid, cell):\\n    x = 1\\n    return x"))
    ['STEPS', 'moves', 'os']
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    found: set[str] = set()
    waiting: list[ast.AST] = list(tree.body)
    while waiting:
        node = waiting.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.add(node.name)
            continue
        if isinstance(node, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            continue
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            found.add(node.id)
        elif isinstance(node, ast.alias) and node.name != "*":
            found.add(node.asname or node.name.split(".")[0])
        waiting.extend(ast.iter_child_nodes(node))
    return found


def reserved_names(tests: Sequence[str], asked: Sequence[str] | None = None) -> frozenset[str]:
    """The names a student's cell may not give the test cells: every builtin, and every name the
    test cells use other than the functions the student is asked to write (``asked``, from the
    notebook's metadata; without it, the names the tests read and never define themselves).

    >>> reserved = reserved_names(["cases = range(4)\\ncheck(double, cases)"], asked=["double"])
    >>> sorted(name for name in reserved if name in ("range", "cases", "check", "double", "len"))
    ['cases', 'check', 'len', 'range']
    """
    read: set[str] = set()
    defined: set[str] = set()
    for source in tests:
        more_read, more_defined = names_in(source)
        read |= more_read
        defined |= more_defined
    wanted = {str(name) for name in asked} if isinstance(asked, (list, tuple)) else read - defined
    return frozenset(dir(builtins)) | ((read | defined) - wanted)


#: Errors of a test cell that are the submission's doing: a check that failed, a function that is
#: missing, a call that raised or ran too long. Any other error is the check's own, and the
#: submission is marked for a person.
STUDENT_ERRORS = ("AssertionError", "NameError", "SandboxProblem", "BrokenSetup")


def depends(source: str, names: Collection[str]) -> bool:
    """Whether a test cell reads one of ``names`` (what a broken setup cell defines, and what the student's
    cells after it define).

    >>> depends("check_king(king_strategy, grids=[example])", {"example", "king_moves"})
    True
    >>> depends("check_is_winning(is_winning)", {"example", "king_strategy"})
    False
    """
    return bool(names_in(source)[0] & set(names))


def broken_message(cell: Any, student_sources: Sequence[str], error: str) -> str:
    """Why a setup cell that runs without the student's cells failed after them: the names the student's
    cells define that it reads, when there are any.

    >>> from nbformat.v4 import new_code_cell
    >>> cell = new_code_cell("example = Grid(5, 5)", metadata={"nbgrader": {"grade_id": "king_moves"}})
    >>> why = broken_message(cell, ["def Grid(*a):\\n    raise ValueError('no')"], "ValueError: no")
    >>> for sentence in why.split(". "):
    ...     print(sentence)
    Your code broke the instructor's cell 'king_moves': alone it runs, after your cells it raised ValueError
    Your cells redefine Grid, which that cell uses: give yours another name
    The tests that need this cell earn nothing.
    """
    reads, own = names_in(cell.source)
    defined: set[str] = set()
    for source in student_sources:
        defined |= top_level_names(source)
    names = sorted((reads - own) & defined)
    head = error.partition(":")[0].strip()
    kind = head if head.isidentifier() else "an error"
    text = f"Your code broke the instructor's cell {_name(cell)}: alone it runs, after your cells it raised {kind}."
    if names:
        text += (f" Your cells redefine {', '.join(names[:5])}, which that cell uses: give yours another name"
                 f"{'s' if len(names) > 1 else ''}.")
    else:
        text += " Your cells change something that cell uses (a name, or a module's contents)."
    return text + " The tests that need this cell earn nothing."


def _broken_output(why: str) -> Any:
    return new_output("error", ename="BrokenSetup", evalue=why, traceback=[f"BrokenSetup: {why}"])


#: What the release's own setup cells gave when run alone, by their text (and batch): see :func:`release_errors`.
_RELEASE_RUNS: dict[str, list[str | None]] = {}
#: Where a grading run keeps the same, for the other submissions of its batch (in the course root).
RELEASE_RUNS = Path("grading_records") / "release_runs"


def release_errors(sources: Sequence[str], limits: Limits, resources: Any = None) -> list[str | None] | None:
    """Each setup cell's error (or ``None``) when the release's setup cells run alone in a fresh sandbox,
    without any student's cells; ``None`` if that run could not be made.

    Made once per batch and assignment: kept in this process, and, when nbgrader grades a notebook
    (``resources`` name its assignment), in ``grading_records/release_runs/<assignment>.json`` of the
    course root, for the batch's other children (a batch is the process that started this one).

    >>> errors = release_errors(["x = 1", "y = x + 1", "raise ValueError('the release is broken')"], Limits())
    >>> errors[:2], errors[2].splitlines()[0]
    ([None, None], 'ValueError: the release is broken')
    """
    digest = hashlib.sha256(json.dumps([_batch(), list(sources), limits.for_runner()]).encode()).hexdigest()
    if digest in _RELEASE_RUNS:
        return _RELEASE_RUNS[digest]
    names = resources.get("nbgrader", {}) if isinstance(resources, dict) else {}
    assignment = names.get("assignment")
    path = (Path.cwd() / RELEASE_RUNS / f"{assignment}.json"
            if isinstance(assignment, str) and assignment.isidentifier() else None)
    found = _read_release_run(path, digest, len(sources))
    if found is None:
        try:
            with Sandbox(list(sources), limits, setup=range(len(sources))) as sandbox:
                found = [result.get("error") for result in sandbox.results]
        except Exception:  # no verdict: the failure is then the instructor's, for a person to look at
            return None
        if path is not None:
            _write_release_run(path, digest, found)
    _RELEASE_RUNS[digest] = found
    return found


def _batch() -> str:
    """The batch this grading belongs to: the parent process (``coursekit grade`` forks one child a
    submission), with its start time where ``/proc`` tells it (a process id is used again)."""
    parent = os.getppid()
    try:
        started = Path(f"/proc/{parent}/stat").read_text().rpartition(")")[2].split()[19]
    except (OSError, IndexError):
        started = ""
    return f"{parent}:{started}"


def _read_release_run(path: Path | None, digest: str, count: int) -> list[str | None] | None:
    if path is None:
        return None
    try:
        kept = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    errors = kept.get("errors") if isinstance(kept, dict) and kept.get("digest") == digest else None
    if not isinstance(errors, list) or len(errors) != count or not all(e is None or isinstance(e, str) for e in errors):
        return None
    return errors


def _write_release_run(path: Path, digest: str, errors: list[str | None]) -> None:
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f".{path.name}.{os.getpid()}")
        partial.write_text(json.dumps({"digest": digest, "errors": errors}), encoding="utf-8")
        os.replace(partial, path)


def _name(cell: Any) -> str:
    grade_id = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")
    return f"'{grade_id}'" if grade_id else "without an id"


def _outputs(result: dict[str, Any]) -> list[Any]:
    """The outputs of a cell run in the sandbox: its text, then its error if it raised."""
    outputs = []
    if result.get("output"):
        outputs.append(new_output("stream", name="stdout", text=_cut(result["output"])))
    if result.get("error"):
        outputs.append(_error(result["error"]))
    return outputs


__all__ = ["Remote", "TrustedExecute", "broken_message", "depends", "names_in", "release_errors", "reserved_names",
           "role", "run_test", "top_level_names"]
