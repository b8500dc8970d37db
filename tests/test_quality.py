"""The package stays clean: lint, types, layers that import downward only, a light import."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "coursekit"
BIN = Path(sys.executable).parent

# Which layers each layer may import (arrows point down only).
ALLOWED = {
    "core": {"core"},
    "games": {"core", "games"},
    "solvers": {"core", "solvers"},
    "views": {"core", "games", "solvers", "views"},
}
FACES = {"widgets", "grading", "cli"}


def coursekit_imports(path: Path) -> set[str]:
    """The coursekit layers a module imports (relative or absolute)."""
    tree = ast.parse(path.read_text())
    package = path.relative_to(ROOT).with_suffix("").parts[:-1]
    layers = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(package[: len(package) - node.level + 1])
                parts = base + (node.module.split(".") if node.module else [])
                names = [parts] if node.module else [[*parts, alias.name] for alias in node.names]
            else:
                names = [node.module.split(".")] if node.module else []
            for parts in names:
                if parts and parts[0] == "coursekit" and len(parts) > 1:
                    layers.add(parts[1])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == "coursekit" and len(parts) > 1:
                    layers.add(parts[1])
    return layers


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_layers_import_downward_only(layer):
    for path in (PACKAGE / layer).rglob("*.py"):
        imported = coursekit_imports(path) - {"__init__"}
        assert imported <= ALLOWED[layer], f"{path.relative_to(ROOT)} imports {sorted(imported - ALLOWED[layer])}"


def test_import_is_light():
    heavy = "('ipywidgets', 'nbgrader', 'mkdocs', 'IPython')"
    code = f"import sys, coursekit; print(sorted(m for m in {heavy} if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_importing_registers_no_view_and_a_state_draws_itself_when_asked():
    """No side effect at import: the views load the first time a state is shown (as python-chess's SVG does)."""
    code = ("import sys, coursekit\n"
            "before = 'coursekit.views' in sys.modules\n"
            "state = coursekit.BeansState(1, 2)\n"
            "text, svg = str(state), state._repr_svg_()\n"
            "print(before, text, svg.startswith('<svg'), 'coursekit.views' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "[M=1,", "N=2]", "True", "True"]


def test_ruff_is_clean():
    sources = ["coursekit", "benchmarks", "course.py", "site_hooks", "assignments", "tests"]
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
