"""The package stays clean: lint, types, layers that import downward only, a light import."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "coursekit"
BIN = Path(sys.executable).parent

# Which layers each layer may import (arrows point down only): core, solvers (they know no
# game), games, render (the pictures they share); the faces (boards, grading, terminal) on top.
ALLOWED = {
    "core": {"core"},
    "solvers": {"core", "solvers"},
    "games": {"core", "solvers", "games"},
    "render": {"core", "games", "solvers", "render"},
}
FACES = {"boards", "grading", "cli"}

# What each role file of a game's folder (coursekit/games/<game>/<role>.py) may import besides
# the games' own layers: its view draws, its board plays in Jupyter, its checks grade, its cli talks.
ROLE_LAYERS = {"view": {"render"}, "board": {"render", "boards"}, "checks": {"render", "grading"},
               "openings": {"grading"}, "cli": {"render", "cli"}}


def imported_modules(path: Path) -> set[tuple[str, ...]]:
    """The coursekit modules a module imports (relative or absolute), as dotted parts."""
    tree = ast.parse(path.read_text())
    package = path.relative_to(ROOT).with_suffix("").parts[:-1]
    if path.name == "__init__.py":
        package = path.relative_to(ROOT).parts[:-1]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(package[: len(package) - node.level + 1])
                parts = base + (node.module.split(".") if node.module else [])
                names = [parts] if node.module else [[*parts, alias.name] for alias in node.names]
            else:
                names = [node.module.split(".")] if node.module else []
            found |= {tuple(parts) for parts in names if parts and parts[0] == "coursekit"}
        elif isinstance(node, ast.Import):
            found |= {tuple(alias.name.split(".")) for alias in node.names if alias.name.startswith("coursekit")}
    return found


def coursekit_imports(path: Path) -> set[str]:
    """The coursekit layers a module imports."""
    return {parts[1] for parts in imported_modules(path) if len(parts) > 1}


def game_folder(path: Path) -> str | None:
    """The game whose folder holds ``path`` (``coursekit/games/<game>/...``), if any."""
    parts = path.relative_to(PACKAGE).parts
    return parts[1] if len(parts) > 2 and parts[0] == "games" else None


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_layers_import_downward_only(layer):
    for path in (PACKAGE / layer).rglob("*.py"):
        allowed = ALLOWED[layer] | (ROLE_LAYERS.get(path.stem, set()) if game_folder(path) else set())
        imported = coursekit_imports(path) - {"__init__"}
        assert imported <= allowed, f"{path.relative_to(ROOT)} imports {sorted(imported - allowed)}"


def test_a_game_s_faces_are_reached_only_through_its_entry():
    """Outside a game's folder, no module of the package imports the game's view, board, checks
    or terminal: they are found through :data:`coursekit.games.GAMES` (``entry.role("board")``)."""
    for path in PACKAGE.rglob("*.py"):
        for parts in imported_modules(path):
            if len(parts) > 3 and parts[1] == "games" and parts[3] in ROLE_LAYERS and game_folder(path) != parts[2]:
                pytest.fail(f"{path.relative_to(ROOT)} imports {'.'.join(parts)}")


def test_every_game_folder_s_faces_are_found():
    """Every role module in a game's folder is one its entry finds, and imports cleanly."""
    from coursekit.games import GAMES

    folders = {path.parent.name for path in (PACKAGE / "games").glob("*/__init__.py")}
    packages = {entry.package.rpartition(".")[2] for entry in GAMES.values() if entry.package}
    assert folders == packages
    for entry in GAMES.values():
        for role in ROLE_LAYERS:
            if (PACKAGE / "games" / entry.package.rpartition(".")[2] / f"{role}.py").exists() and entry.package:
                assert entry.role(role).__name__ == f"{entry.package}.{role}"


def test_only_the_grading_s_nbgrader_package_imports_nbgrader():
    """nbgrader is the grading face's business: of the package, only ``coursekit/grading/nbgrader/`` imports it."""
    own = PACKAGE / "grading" / "nbgrader"
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text())
        names = [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
        names += [node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module
                  and not node.level]
        if any(name.split(".")[0] == "nbgrader" for name in names):
            assert own in path.parents, f"{path.relative_to(ROOT)} imports nbgrader"


def test_import_is_light():
    heavy = "('ipywidgets', 'anywidget', 'nbgrader', 'mkdocs', 'IPython', 'numpy', 'wordfreq')"
    code = f"import sys, coursekit; print(sorted(m for m in {heavy} if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_importing_registers_no_view_and_a_state_draws_itself_when_asked():
    """No side effect at import: the views load the first time a state is shown (as python-chess's SVG does)."""
    code = ("import sys, coursekit\n"
            "before = 'coursekit.render' in sys.modules\n"
            "state = coursekit.BeansState(1, 2)\n"
            "text, svg = str(state), state._repr_svg_()\n"
            "print(before, text, svg.startswith('<svg'), 'coursekit.render' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "[M=1,", "N=2]", "True", "True"]


def test_ruff_is_clean():
    sources = ["coursekit", "benchmarks", "course.py", "site_hooks", "assignments", "tests", "lessons"]
    done = subprocess.run([str(BIN / "ruff"), "check", *sources], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_is_clean():
    done = subprocess.run([str(BIN / "mypy")], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_readme_quick_start_is_two_commands_and_ci_runs_the_test_one():
    readme = (ROOT / "README.md").read_text()
    quick = readme.split("## Quick start", 1)[1].split("```", 2)[1]
    commands = [line for line in quick.splitlines()[1:] if line.strip() and not line.startswith("#")]
    assert commands == ["python3 course.py open", "python3 course.py test"]
    assert "course\\.py test" in (ROOT / ".ci" / "run").read_text()
