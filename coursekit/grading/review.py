"""The library's answer, flagged: a submission that uses the course module holding the reference.

The course package is installed where students work, and it holds the reference solution of
most functions they are asked to write (the game-tree search, the basket's winning moves,
minesweeper's exact chances, ...). A notebook that calls it earns the points without the
algorithm. Nothing here refuses such a notebook: it keeps its score, and the grader records
the module so that a person reviews it (status *needs review*, see
:mod:`coursekit.grading.nbgrader.gradebook`). Two records:

- :func:`scan`: the student's cells read as text, before anything runs: imports of a
  reference module (``import``, ``from ... import``), and its dotted name in a string or an
  attribute chain (``importlib.import_module("coursekit.solvers.gametree")``);
- the sandbox's own record (:mod:`coursekit.grading.runner`): imports of a reference module
  made while the student's cells and calls run, and any use of its contents, also when the
  name was built at run time.

A reference may be a whole module or one function of a module
(``coursekit.games.corners.evaluate``: the rest of ``coursekit.games.corners`` is the students'
to use). A module's names that the release itself gives the student (the checks its visible test
cells import, the helpers its set-up imports: :func:`given_names`) are listed as given
(:func:`watched`): a student who copies a visible test cell into their own is not flagged, one
who reads the module's other names (a check's reference, its hidden cases) is. A flag, not a
defence: code written to hide its use (through objects reached another way: a function's
``__globals__``, the garbage collector's lists) is not seen.

>>> scan(["from coursekit.solvers.gametree import alphabeta"], ["coursekit.solvers.gametree"])
['coursekit.solvers.gametree']
>>> scan(["name = 'coursekit.solvers.' + 'gametree'"], ["coursekit.solvers.gametree"])
[]
>>> review_note(["coursekit.solvers.gametree"])
'the solution uses coursekit.solvers.gametree, a course module that holds the reference answer.'
"""

from __future__ import annotations

import ast
import importlib.util
from collections.abc import Iterable, Sequence


def _dotted(node: ast.expr) -> str | None:
    """``a.b.c`` for an attribute chain on a name, else ``None``."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))


def _is_within(name: str, module: str) -> bool:
    """Whether ``name`` is ``module`` or something inside it (``module.x``)."""
    return name == module or name.startswith(module + ".")


def names_used(source: str) -> set[str]:
    """Every dotted module name a cell mentions: what it imports (``from m import x`` gives ``m``
    and ``m.x``), its attribute chains, and its strings.

    >>> sorted(names_used("import a.b as c\\nfrom d import e\\nf = 'g.h'"))
    ['a.b', 'd', 'd.e', 'g.h']
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names if alias.name != "*")
        elif isinstance(node, ast.Attribute):
            dotted = _dotted(node)
            if dotted:
                found.add(dotted)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and len(node.value) < 10_000:
            found.add(node.value)
    return found


def scan(sources: Iterable[str], references: Sequence[str]) -> list[str]:
    """The reference modules the cells' text uses (imports, attribute chains, strings), sorted.

    ``references`` may hold names given to the student (:func:`watched`): those, and the module
    that holds them, are not a use (the module's other names are).

    >>> scan(["import coursekit.games.bulls as b", "x = 1"], ["coursekit.games.bulls", "coursekit.games.basket"])
    ['coursekit.games.bulls']
    >>> scan(["s = 'see coursekit.games.basket.winning_moves'"], ["coursekit.games.basket"])
    ['coursekit.games.basket']
    >>> checks = watched(["coursekit.games.beans.checks"], ["coursekit.games.beans.checks.check_is_winning"])
    >>> scan(["from coursekit.games.beans.checks import check_is_winning"], checks)
    []
    >>> scan(["from coursekit.games.beans.checks import is_winning_check"], checks)
    ['coursekit.games.beans.checks']
    """
    modules, given = split(references)
    open_modules = {name.rpartition(".")[0] for name in given}
    used: set[str] = set()
    for source in sources:
        names = names_used(source) - given - open_modules
        for module in modules:
            if any(_is_within(name, module) or module in name for name in names):
                used.add(module)
    return sorted(used)


#: How a list of references marks a name that lies in a reference module but is given to the
#: student by the release (the check a visible test cell imports): ``"given:<module>.<name>"``.
GIVEN = "given:"


def watched(references: Sequence[str], given: Sequence[str] = ()) -> list[str]:
    """One list for the sandbox and :func:`scan`: the references, then the given names marked.

    >>> watched(["coursekit.games.beans.checks"], ["coursekit.games.beans.checks.check_is_winning"])
    ['coursekit.games.beans.checks', 'given:coursekit.games.beans.checks.check_is_winning']
    """
    return [*references, *(GIVEN + name for name in given)]


def split(names: Sequence[str]) -> tuple[list[str], set[str]]:
    """The references and the given names of a list made by :func:`watched`."""
    return ([name for name in names if not name.startswith(GIVEN)],
            {name[len(GIVEN):] for name in names if name.startswith(GIVEN)})


def given_names(sources: Iterable[str], references: Sequence[str]) -> list[str]:
    """The names inside reference modules that ``sources`` (the code a release shows: its set-up, its
    visible tests) import by name: ``from <module> import <name>``, sorted.

    >>> given_names(["from coursekit.games.beans.checks import check_is_winning as c", "from os import sep"],
    ...             ["coursekit.games.beans.checks"])
    ['coursekit.games.beans.checks.check_is_winning']
    """
    found: set[str] = set()
    for source in sources:
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                for alias in node.names:
                    name = f"{node.module}.{alias.name}"
                    if alias.name != "*" and any(_is_within(name, module) for module in references):
                        found.add(name)
    return sorted(found)


def _is_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def review_note(modules: Iterable[str]) -> str:
    """The reason a person reviews the submission, naming the modules (or functions) used.

    >>> review_note(["coursekit.games.corners.evaluate"])
    'the solution uses coursekit.games.corners.evaluate, course code that holds the reference answer.'
    """
    found = sorted(set(modules))
    if not all(_is_module(name) for name in found):
        return f"the solution uses {', '.join(found)}, course code that holds the reference answer."
    if len(found) == 1:
        return f"the solution uses {found[0]}, a course module that holds the reference answer."
    return f"the solution uses {', '.join(found)}, course modules that hold the reference answer."


__all__ = ["GIVEN", "given_names", "names_used", "review_note", "scan", "split", "watched"]
