"""A hostile class in the tournament: every student's function runs in a real sandbox, and what it does there
cannot reach the course's search, stretch the tournament without end, flood its records or stop it.

- ps09: a cell that rebinds the course's alpha-beta in the sandbox still plays the course's alpha-beta over
  its ``evaluate`` (the search runs in the tournament's process);
- ps08: a guesser that sleeps costs about a move's limit by the clock (its CPU seconds + 2 s), not the
  grading's backstop of a call (20 s);
- budgets: a game's budget forfeits the seat whose move runs past it; the tournament's stops it, and the
  records of the games played are written, saying so;
- a huge answer gives a forfeit reason of a few hundred characters; an answer that breaks its reading,
  or the rules' check of it, is a forfeit, never a crash.
"""

from __future__ import annotations

import copy
import csv
import dataclasses
import io
import json
import time
from pathlib import Path
from typing import Any

import pytest

from coursekit.cli import main
from coursekit.games.corners.checks import squeezed
from coursekit.games.corners.players import alphabeta_strategy
from coursekit.grading.tournament import (
    CONTESTS,
    MOVE_GRACE,
    MOVE_SECONDS,
    REASON_CHARS,
    Entrant,
    notebook_cells,
    play_tournament,
)

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "assignments" / "source"


def cells(assignment: str, grade_id: str, code: str | None = None) -> tuple[str, ...]:
    """The cells of a released notebook a tournament runs, the solution cell ``grade_id`` replaced by ``code``."""
    notebook = json.loads((SOURCES / assignment / f"{assignment}.ipynb").read_text(encoding="utf-8"))
    if code is not None:
        notebook = copy.deepcopy(notebook)
        for cell in notebook["cells"]:
            if cell["metadata"].get("nbgrader", {}).get("grade_id") == grade_id:
                cell["source"] = code
    found = notebook_cells(notebook, grade_id)
    assert found is not None
    return found


# ps09: the course's search is out of the student's reach.

#: An evaluation (pieces in the target, the mover's less the opponent's) and a rebinding of the course's
#: alpha-beta, in the module the old tournament cell imported it from, to a player of the student's own.
REBINDING = '''\
import coursekit.games.corners.players as players


def evaluate(rules, state):
    return rules.in_target(state, state.turn) - rules.in_target(state, 1 - state.turn)


def mine(depth=1, seconds=None, *, evaluate=None):
    def choose(rules, state):
        return rules.legal_moves(state)[-1]
    return choose


players.alphabeta_strategy = mine
'''


def ahead(rules: Any, state: Any) -> int:
    """The rebinding cell's ``evaluate``, computed here."""
    count: int = rules.in_target(state, state.turn) - rules.in_target(state, 1 - state.turn)
    return count


@pytest.mark.slow
def test_a_ps09_cell_that_rebinds_the_course_s_search_still_plays_the_course_s_alpha_beta():
    contest = CONTESTS["ps09"]
    entrants = [Entrant("rebinder", cells("ps09", "evaluate", REBINDING)), Entrant("fixed", computer="fixed")]
    result = play_tournament(contest, entrants, seed=5)
    rules = contest.rules()
    course = alphabeta_strategy(depth=1, evaluate=lambda rules, state: squeezed(float(ahead(rules, state))))
    compared = differs = 0
    for game in result.games:
        assert "forfeits" not in game.reason, game.reason
        side = game.players.index("rebinder")
        state = rules.initial_state()
        for number, move in enumerate(game.moves):
            if number >= game.opening and rules.to_move(state) == side:
                assert move == course(rules, state)  # the course's alpha-beta over the student's evaluate
                compared += 1
                differs += move != rules.legal_moves(state)[-1]  # what the rebound search would have played
            state = rules.next_state(state, move)
    assert compared >= 20 and differs >= compared // 2


# ps08: sleeping is not free.

SLEEPER = '''\
import time


def next_guess(history):
    time.sleep(19)
    return "0123"
'''


def test_a_sleeping_guesser_costs_a_move_s_limit_by_the_clock_not_the_grading_s_backstop():
    contest = CONTESTS["ps08"]
    puzzles = 2
    entrants = [Entrant("sleeper", cells("ps08", "next_guess", SLEEPER)), Entrant("minimax", computer="minimax")]
    began = time.monotonic()
    result = play_tournament(contest, entrants, seed=2, rounds=puzzles)
    spent = time.monotonic() - began
    limit = MOVE_SECONDS + MOVE_GRACE
    sleeper = [g for g in result.games if g.first == "sleeper"]
    assert len(sleeper) == puzzles and all(g.winner is None and g.played == 0 for g in sleeper)
    assert all(f"did not return within {limit:g} s by the clock" in g.reason for g in sleeper), sleeper
    # each puzzle: its first guess stopped at the move's limit, and a fresh sandbox for the next; at the
    # grading's backstop (20 s a call) the two would take 40 s
    assert spent < puzzles * (limit + 6), spent


# Budgets.

#: A ps05 strategy that waits 1.2 s at each move (within the move's 3 s), then plays the first empty cell.
WAITER = '''\
import time


def best_move(board):
    time.sleep(1.2)
    return empty_cells(board)[0]
'''


def test_a_game_s_budget_forfeits_the_seat_whose_move_runs_past_it():
    contest = CONTESTS["ps05"]
    entrants = [Entrant("waiter", cells("ps05", "best_move", WAITER)), Entrant("perfect", computer="perfect")]
    result = play_tournament(contest, entrants, seed=1, game_seconds=2.0)
    assert len(result.games) == 2 and not result.stopped
    for game in result.games:
        assert game.winner == "perfect"
        assert game.reason == "waiter forfeits: the game's budget of 2 s by the clock ran out during its move"


def test_a_tournament_out_of_budget_stops_keeps_the_games_played_and_says_so(tmp_path, capsys):
    root = tmp_path / "course"
    (root / "source" / "ps05").mkdir(parents=True)
    (root / "nbgrader_config.py").write_text("c = get_config()\n", encoding="utf-8")
    source = SOURCES / "ps05" / "ps05.ipynb"
    (root / "source" / "ps05" / "ps05.ipynb").write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    notebook = json.loads(source.read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        if cell["metadata"].get("nbgrader", {}).get("grade_id") == "best_move":
            cell["source"] = WAITER
    (root / "submitted" / "ann" / "ps05").mkdir(parents=True)
    (root / "submitted" / "ann" / "ps05" / "ps05.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    out = tmp_path / "out"
    began = time.monotonic()
    assert main(["tournament", "ps05", "--course", str(root), "--out", str(out), "--budget", "4", "--jobs", "1"]) == 0
    spent = time.monotonic() - began
    printed = capsys.readouterr()
    games = list(csv.DictReader(io.StringIO((out / "tournament-games.csv").read_text(encoding="utf-8"))))
    assert len(games) < 12  # 4 players: 12 games in a round robin
    assert "budget of 4 s by the clock ran out" in printed.err and "stopped" in printed.out
    assert f"{len(games)} games" in printed.out
    rows = list(csv.DictReader(io.StringIO((out / "tournament.csv").read_text(encoding="utf-8"))))
    assert sum(int(r["wins"]) + int(r["draws"]) + int(r["losses"]) for r in rows) == sum(
        2 if g["second"] else 1 for g in games)  # the standings count the games written, no more
    assert spent < 30, spent


def test_a_sandbox_slow_to_start_starts_once_and_its_seat_plays_no_more(monkeypatch):
    from coursekit.grading.tournament import play

    monkeypatch.setattr(play, "START_SECONDS", 1.0)
    contest = CONTESTS["ps05"]
    slow = (*cells("ps05", "best_move"), "import time\n\ntime.sleep(1.5)\n")
    began = time.monotonic()
    result = play_tournament(contest, [Entrant("slow", slow), Entrant("random", computer="random"),
                                       Entrant("perfect", computer="perfect")], seed=1)
    assert time.monotonic() - began < 1.5 + 8  # one start, not one a game
    games = [g for g in result.games if "slow" in g.players]
    assert len(games) == 4 and all(g.winner != "slow" and "its cells took 2 s by the clock to run" in g.reason
                                   and "plays no more games" in g.reason for g in games), games


def test_a_race_out_of_budget_rates_the_puzzles_played_and_says_so():
    waiting = (*cells("ps08", "next_guess"), "import time\n\n_honest = next_guess\n\n\n"
               "def next_guess(history):\n    time.sleep(0.8)\n    return _honest(history)\n")
    entrants = [Entrant("minimax", computer="minimax"), Entrant("waiting", waiting)]
    result = play_tournament(CONTESTS["ps08"], entrants, seed=3, rounds=3, seconds=6.0)
    assert "budget of 6 s by the clock ran out" in result.stopped
    mine = [g for g in result.games if g.first == "waiting"]
    assert len([g for g in result.games if g.first == "minimax"]) == 3 and len(mine) < 3  # minimax played first
    assert all(g.winner == "waiting" for g in mine)  # a puzzle stopped unfinished is left out, not lost
    standing = next(s for s in result.standings if s.name == "waiting")
    assert standing.wins == len(mine) and standing.losses == standing.forfeits == 0


@pytest.mark.parametrize("option", ["--budget", "--game-budget"])
def test_budgets_must_be_positive(tmp_path, capsys, option):
    assert main(["tournament", "ps05", "--course", str(tmp_path), option, "0"]) == 2
    assert f"{option} must be a positive number of seconds" in capsys.readouterr().err


# What an answer may hold.

@pytest.mark.parametrize("answer", ['"x" * 7_000_000', "[[0] * 1000] * 1000", "[1, 'x' * 3_000_000]"])
def test_a_huge_answer_gives_a_forfeit_reason_of_bounded_length(answer):
    contest = CONTESTS["ps05"]
    code = f"def best_move(board):\n    return {answer}\n"
    result = play_tournament(contest, [Entrant("huge", cells("ps05", "best_move", code)),
                                       Entrant("random", computer="random")], seed=1)
    for game in result.games:
        assert game.winner == "random" and game.reason.startswith("huge forfeits: best_move answered ")
        assert len(game.reason) <= len("huge forfeits: ") + REASON_CHARS + len(" [cut]")
    assert len(result.csv()) < 2000 and len(result.games_csv()) < 4000


#: A ps05 answer that the sandbox's reply carries as a fraction with a zero denominator: reading it fails.
ZERO_FRACTION = '''\
from fractions import Fraction


def best_move(board):
    broken = Fraction(1, 2)
    broken._denominator = 0
    return broken
'''


def test_an_answer_that_cannot_be_read_as_data_is_a_forfeit():
    contest = CONTESTS["ps05"]
    result = play_tournament(contest, [Entrant("strange", cells("ps05", "best_move", ZERO_FRACTION)),
                                       Entrant("random", computer="random")], seed=1)
    assert len(result.games) == 2
    assert all(g.winner == "random" and g.reason.startswith("strange forfeits: best_move") for g in result.games)


class Unprintable:
    """A move that the rules cannot describe: its text raises."""

    def __repr__(self) -> str:
        raise TypeError("no text")

    __str__ = __repr__


def _unreadable(answer: Any) -> Any:
    raise TypeError(f"cannot read {type(answer).__name__}")


@pytest.mark.parametrize("move_from, why", [(_unreadable, "not a move (TypeError: cannot read tuple)"),
                                            (lambda answer: Unprintable(), "not a move (TypeError: no text)")])
def test_a_reading_or_a_check_of_a_move_that_raises_is_that_seat_s_forfeit(move_from, why):
    contest = dataclasses.replace(CONTESTS["ps05"], move_from=move_from)
    result = play_tournament(contest, [Entrant("odd", cells("ps05", "best_move")),
                                       Entrant("random", computer="random")], seed=1)
    assert len(result.games) == 2
    assert all(g.winner == "random" and g.reason.startswith("odd forfeits: best_move answered ") and why in g.reason
               for g in result.games), [g.reason for g in result.games]
