"""``coursekit tournament psNN``: the class's strategies play each other and the course's computers.

    coursekit tournament ps05 [--course DIR] [--rounds N] [--seed S] [--out DIR] [--jobs N] [--pseudonyms]
                              [--game-budget SECONDS] [--budget SECONDS]
    coursekit tournament ps06-basket ...    (and ps06-crawler, ps08, ps09)

ps05 plays each student's ``best_move``; ps06-basket ``basket_move`` (4 colours of 5 balls, at
most 3 a move, after one random move a side), ps06-crawler ``crawler_move`` (6 x 5); ps09 each
student's ``evaluate`` inside the course's alpha-beta search (one move deep, as the grading's
games), after two random moves a side. ps08 is a race: every student's ``next_guess`` and the
course's guessers look for the same ``--rounds`` secrets (default 20) drawn from the seed; each
secret places them by their guesses, fewer first, and one that fails or needs more than 12
guesses loses that secret (the record says why).

Run it in the course folder (the one with ``nbgrader_config.py``) or name it with ``--course``.
Each student's function (the notebook in ``submitted/<student>/<assignment>/``, read as data by
intake) runs in its own sandbox with the grading limits, asked one question at a time; the
course's search around it (ps09's alpha-beta), the rules and the checks of a move run in the
tournament's own process. A strategy that raises, answers an illegal move or runs out of its
time loses that game, and the record says why (in a few hundred characters at most). A move
may use 1 s of CPU time and 3 s by the clock; a game ``--game-budget`` seconds by the clock (the
seat whose move runs past it forfeits); the whole tournament ``--budget`` seconds (then it
stops, writes the records of the games played and says so). In a duel (all but ps08) a class
of at most 16 players (students and computers) plays a round robin, a larger one ``--rounds``
rounds against similar ratings; every pairing is played on both sides. It prints a progress bar
on standard error and the standings, and writes ``tournament.csv`` (the standings),
``tournament-games.csv`` (every game), ``tournament.html`` (standings, a plot of the ratings
with their uncertainty, every game) and ``games/<n>.html`` (each game replayed, a picture per
position, with buttons to step through them) to ``--out`` (default: ``tournaments/<assignment>/``
of the course). The same seed plays the same games. What comes from a student (an id, an
exception's message in a forfeit's reason) is shown as text: escaped on the terminal, as text in
the CSV files (never a formula) and on the pages.
"""

from __future__ import annotations

import argparse
import csv
import io
import os
import sys
from pathlib import Path

from ._args import Context, Groups, UsageError


def register(groups: Groups) -> None:
    """Add ``tournament``."""
    command = groups.commands.add_parser("tournament", help="play the class's strategies against each other "
                                                             "and the course's computers (instructors)")
    command.add_argument("assignment", help="the assignment: ps05 (tic-tac-toe's best_move), ps06-basket, "
                                            "ps06-crawler, ps08 (bulls and cows: next_guess, on the same secrets) "
                                            "or ps09 (corners: each student's evaluate inside the course's "
                                            "alpha-beta)")
    command.add_argument("--course", type=Path, default=Path("."), help="the course folder (default: here)")
    command.add_argument("--rounds", type=int, default=None,
                         help="rounds against similar ratings (default: a round robin for at most 16 players, "
                              "else 6 rounds); 0 for a round robin. ps08: the secrets (default 20)")
    command.add_argument("--seed", type=int, default=0, help="the seed of every random choice (default: 0)")
    command.add_argument("--out", type=Path, default=None,
                         help="where the CSV and HTML go (default: tournaments/<assignment>/ of the course)")
    command.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                         help="pairings (ps08: guessers) played at the same time (default: the number of cores)")
    command.add_argument("--game-budget", type=float, default=None, metavar="SECONDS",
                         help="seconds by the clock a game (ps08: one guesser's secret) may take; the seat whose "
                              "move runs past it forfeits (default: 300)")
    command.add_argument("--budget", type=float, default=None, metavar="SECONDS",
                         help="seconds by the clock the whole tournament may take; then it stops and writes the "
                              "records of the games played (default: 14400, four hours)")
    command.add_argument("--pseudonyms", action="store_true",
                         help="show students as 'student N' (the key to the names goes to pseudonyms.csv)")
    command.set_defaults(run=run_tournament)


def run_tournament(args: argparse.Namespace, context: Context) -> str:
    """Play, showing progress on standard error; the standings are what the command prints."""
    from ..core.shown import csv_row, terminal
    from ..grading.sandbox import isolation
    from ..grading.tournament import (
        CONTESTS,
        REPLAYS,
        Entrant,
        Game,
        TournamentError,
        class_entrants,
        play_tournament,
        pseudonyms,
    )
    from .progress import bar

    contest = CONTESTS.get(args.assignment)
    if contest is None:
        parts = [name for name in sorted(CONTESTS) if CONTESTS[name].assignment == args.assignment]
        raise UsageError(f"{args.assignment} has {len(parts)} tournaments: name one ({', '.join(parts)})" if parts
                         else f"{args.assignment} has no tournament (there is one for {', '.join(sorted(CONTESTS))})")
    if args.jobs < 1:
        raise UsageError(f"--jobs must be at least 1, not {args.jobs}")
    if args.rounds is not None and args.rounds < 0:
        raise UsageError(f"--rounds must be 0 or more, not {args.rounds}")
    for option, value in (("--game-budget", args.game_budget), ("--budget", args.budget)):
        if value is not None and not value > 0:
            raise UsageError(f"{option} must be a positive number of seconds, not {value:g}")
    if args.rounds == 0 and contest.kind == "race":
        raise UsageError(f"{contest.title} plays --rounds {contest.words[2]}s: at least 1, not 0")
    root = args.course.resolve()
    if not root.is_dir():
        raise UsageError(f"there is no course folder {root}")
    try:
        students, refused = class_entrants(root, contest)
    except TournamentError as error:
        raise UsageError(str(error)) from None
    names = pseudonyms([s.name for s in students], args.seed) if args.pseudonyms else {s.name: s.name for s in students}
    entrants = [Entrant(names[s.name], s.cells) for s in students]
    entrants += [Entrant(f"{name} (computer)", computer=name) for name in contest.computers()]
    print(f"Isolation: {isolation()}", file=sys.stderr)
    for student, why in refused.items():
        print(f"{terminal(names.get(student, student))} does not play: {terminal(why)}", file=sys.stderr)
    live = sys.stderr.isatty()

    def progress(done: int, total: int, game: Game) -> None:
        if live:
            print(f"\r{bar(done, total)}", end="" if done < total else "\n", file=sys.stderr, flush=True)
        elif done == total or done % 50 == 0:
            print(bar(done, total), file=sys.stderr, flush=True)

    budgets = {"game_seconds": args.game_budget, "seconds": args.budget}
    result = play_tournament(contest, entrants, seed=args.seed, rounds=args.rounds, progress=progress, jobs=args.jobs,
                             **{key: value for key, value in budgets.items() if value is not None})
    if result.stopped:
        print(f"\nStopped: {result.stopped}.", file=sys.stderr)
    out = (args.out or root / "tournaments" / contest.title).resolve()
    out.mkdir(parents=True, exist_ok=True)
    (out / "tournament.csv").write_text(result.csv(), encoding="utf-8")
    (out / "tournament-games.csv").write_text(result.games_csv(), encoding="utf-8")
    for stale in (out / REPLAYS).glob("*.html"):  # the replays of an earlier tournament written here
        if stale.stem.isdigit():
            stale.unlink()
    for path, page in result.pages().items():
        (out / path).parent.mkdir(parents=True, exist_ok=True)
        (out / path).write_text(page, encoding="utf-8")
    if args.pseudonyms:
        key = io.StringIO()
        writer = csv.writer(key, lineterminator="\n")
        writer.writerow(["pseudonym", "student"])
        writer.writerows(csv_row(row) for row in sorted((p, s) for s, p in names.items()))
        (out / "pseudonyms.csv").write_text(key.getvalue(), encoding="utf-8")
    stopped = f" (stopped: {result.stopped})" if result.stopped else ""
    return f"{result.table()}\n{len(result.games)} games{stopped}; written to {out}"
