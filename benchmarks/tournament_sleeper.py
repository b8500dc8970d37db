"""The cost of the worst tournament entrant, before and after the tournament's limits by the clock.

    python -m benchmarks.tournament_sleeper [--puzzles N] [--sleep SECONDS]

A ps08 race of ``--puzzles`` secrets (default 2) between the reference guesser and the same guesser
sleeping ``--sleep`` seconds (default 19) before each guess: no CPU time, so the CPU limit of a
move (1 s) never stops it. Played twice in one run, on the same secrets:

- **before**: a move limited only by the grading's backstop of a call
  (:func:`~coursekit.grading.limits.wall_backstop` of the move's CPU seconds: 20 s), and no budget
  for a game or the tournament, as the tournament was;
- **after**: the tournament's own limits (a move's CPU seconds + :data:`MOVE_GRACE` by the clock,
  :data:`GAME_SECONDS` a game, :data:`TOURNAMENT_SECONDS` in all).

It prints, for each, the seconds by the clock of the whole race, the sleeper's guesses and secrets
found, and how its games ended. Not a section of ``python -m benchmarks`` (it sleeps for minutes).
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Sequence
from pathlib import Path

from coursekit.grading.limits import wall_backstop
from coursekit.grading.tournament import (
    CONTESTS,
    GAME_SECONDS,
    MOVE_GRACE,
    MOVE_SECONDS,
    TOURNAMENT_SECONDS,
    Entrant,
    Tournament,
    notebook_cells,
    play_tournament,
)

NOTEBOOK = Path(__file__).resolve().parents[1] / "assignments" / "source" / "ps08" / "ps08.ipynb"


def sleeper(seconds: float) -> str:
    """A cell that makes the reference's ``next_guess`` sleep ``seconds`` before each guess."""
    return (f"import time\n\n_honest = next_guess\n\n\ndef next_guess(history):\n    time.sleep({seconds!r})\n"
            "    return _honest(history)\n")


def race(puzzles: int, sleep: float, **limits: float) -> tuple[float, Tournament]:
    """The race played with ``limits`` (keywords of :func:`play_tournament`): its seconds by the clock and result."""
    reference = notebook_cells(json.loads(NOTEBOOK.read_text(encoding="utf-8")), "next_guess")
    assert reference is not None
    entrants = [Entrant("reference", reference), Entrant("sleeper", (*reference, sleeper(sleep)))]
    began = time.monotonic()
    result = play_tournament(CONTESTS["ps08"], entrants, seed=1, rounds=puzzles, **limits)  # type: ignore[arg-type]
    return time.monotonic() - began, result


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.tournament_sleeper", description=__doc__.split("\n")[0])
    parser.add_argument("--puzzles", type=int, default=2, help="the secrets of the race (default 2)")
    parser.add_argument("--sleep", type=float, default=19.0, help="seconds the sleeper sleeps a guess (default 19)")
    args = parser.parse_args(argv)
    runs = {
        "before": {"move_wall": wall_backstop(MOVE_SECONDS), "game_seconds": math.inf, "seconds": math.inf},
        "after": {},
    }
    print(f"ps08 race of {args.puzzles} secrets: the reference guesser and one that sleeps {args.sleep:g} s a guess")
    print(f"after: a move {MOVE_SECONDS:g} s of CPU and {MOVE_SECONDS + MOVE_GRACE:g} s by the clock, a game "
          f"{GAME_SECONDS:g} s, the tournament {TOURNAMENT_SECONDS:g} s; before: a move "
          f"{wall_backstop(MOVE_SECONDS):g} s by the clock, no budgets\n")
    print(f"{'limits':8} {'race s':>8} {'s a secret':>11} {'guesses':>8} {'found':>6}  the sleeper's first game")
    for name, limits in runs.items():
        seconds, result = race(args.puzzles, args.sleep, **limits)
        games = [g for g in result.games if g.first == "sleeper"]
        found = sum(g.winner == "sleeper" for g in games)
        guesses = sum(g.played for g in games)
        how = (games[0].reason or "solved") if games else "-"
        print(f"{name:8} {seconds:8.1f} {seconds / args.puzzles:11.1f} {guesses:8d} {found:6d}  {how}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
