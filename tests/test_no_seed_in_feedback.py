"""No feedback line states a seed: a student who saw their own seeds could recompute every case of theirs.

Two checks: the reports of the graded games (ps06's crawler, ps08's secrets) played from a seed
that is easy to spot, and a scan of the grading modules for a seed put into an f-string. The
end-to-end test looks at every real feedback page too (``check_feedback_hides_hidden``).
"""

from __future__ import annotations

import ast
import contextlib
import io
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from known_submissions import FIRST_CONSISTENT, IN_ORDER, RANDOM_CRAWLER
from nbgrader_course import COURSE, ROOT, stated_seeds

from coursekit.games.bulls import checks as bulls
from coursekit.games.crawler import checks as crawler

sys.path.insert(0, str(COURSE))
from ps06 import make as make_ps06
from ps08 import make as make_ps08

#: A seed whose digits cannot turn up by chance in a report.
SEED = 987_654_321_987


def notebook_function(setup: str, code: str, name: str) -> Callable[..., Any]:
    space: dict[str, Any] = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(setup, space)
        exec(code, space)
    function: Callable[..., Any] = space[name]
    return function


def seeds_in(lines: list[str], seed: int, games: int) -> list[str]:
    """The seeds the report ``lines`` state: "seed" with digits, or ``seed`` to ``seed + games`` in any form."""
    text = "\n".join(lines)
    numbers = [str(n) for n in range(seed, seed + games + 1) if str(n) in text or f"{n:,}" in text]
    return stated_seeds(text) + numbers


def test_the_check_finds_a_seed_in_a_report() -> None:
    assert seeds_in([f"10 games (seeds {SEED + 1} to {SEED + 10})"], SEED, 10)
    assert seeds_in([f"game 3 drawn from {SEED + 3:,}"], SEED, 10)
    assert not seeds_in(["game 3 of 10: lost"], SEED, 10)


def test_the_crawler_games_report_no_seed() -> None:
    player = notebook_function(make_ps06.CODE["setup"], RANDOM_CRAWLER, "crawler_move")
    lines: list[str] = []
    crawler.score_games(player, "C", games=3, seed=SEED, points=6, report=lines.append)
    assert any("The first game lost (game 1 of 3)" in line for line in lines), lines
    assert not seeds_in(lines, SEED, 3), lines


@pytest.mark.parametrize("code", [IN_ORDER, FIRST_CONSISTENT])
def test_the_bulls_and_cows_reports_state_no_seed(code: str) -> None:
    guesser = notebook_function(make_ps08.CODE["setup"], code, "next_guess")
    lines: list[str] = []
    secrets = bulls.hidden_secrets(5, seed=SEED)
    bulls.score_average(guesser, secrets, 10, seed=SEED, total=600, report=lines.append)
    histories = bulls.hidden_histories(4, seed=SEED)
    bulls.score_consistency(guesser, histories, 6, seed=SEED, report=lines.append)
    assert any("average" in line for line in lines)
    if code == IN_ORDER:
        assert any("The first secret not found (secret 1 of 5" in line for line in lines), lines
    assert not seeds_in(lines, SEED, 5), lines


def _holds_a_seed(part: ast.expr) -> bool:
    """Whether a part of an f-string is a value whose expression names something with "seed" in it."""
    return isinstance(part, ast.FormattedValue) and any(
        isinstance(name, ast.Name | ast.Attribute) and "seed" in ast.unparse(name).lower()
        for name in ast.walk(part.value))


def _seed_in_fstrings(path: Path) -> list[str]:
    """Each f-string of ``path`` that puts a name holding "seed" into its text (line: source)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr) and any(_holds_a_seed(part) for part in node.values):
            found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_grading_module_puts_a_seed_into_a_message() -> None:
    modules = sorted((ROOT / "coursekit" / "grading").glob("*.py"))  # the machinery
    modules += sorted((ROOT / "coursekit" / "games").glob("*/checks.py"))  # each game's checks
    assert len(modules) > 20
    found = [line for path in modules for line in _seed_in_fstrings(path)]
    assert not found, found


def test_the_scan_finds_a_seed_in_an_fstring(tmp_path: Path) -> None:
    module = tmp_path / "example.py"
    module.write_text('def report(seed, game):\n    return f"game {game.number} (seed {game.seed + 1})"\n')
    assert len(_seed_in_fstrings(module)) == 1
    module.write_text('def report(game, games):\n    return f"game {game.number} of {games}"\n')
    assert _seed_in_fstrings(module) == []
