"""The crawler (source C): C's van Emden decision on 6 x 5 against the exact solver, and who wins
on every lattice the solver finishes within the time limit (coursekit.games.crawler.who_wins)."""

from __future__ import annotations

import time
from typing import Any

from coursekit.core.grid import Coord
from coursekit.games.crawler import SOURCE_OPENING, WHO_WINS, Crawler, CrawlerState, search, source_choice, who_wins

from .measure import Section, in_child

COLUMNS = (
    ("board", "board"),
    ("what", "what"),
    ("start", "start"),
    ("result", "result"),
    ("count", "positions / nodes"),
    ("tables", "table entries"),
    ("ms", "ms"),
    ("agree", "agree"),
)

#: C's decisions measured: (lattice, segments drawn, what C's computer faces there).
DECISIONS = (
    ((6, 5), (SOURCE_OPENING,), "C moves second after the middle opening (a lost position: the search fails)"),
    ((6, 5), (SOURCE_OPENING, (Coord(3, 2), Coord(4, 2))), "C opened in the middle; the human answered"),
    ((6, 5), ((Coord(0, 0), Coord(1, 0)),), "C moves second after a corner opening"),
)
QUICK_DECISIONS = (((4, 3), ((Coord(1, 1), Coord(2, 1)),), "C moves second after the middle opening"),)

#: The lattices tried for the who-wins table, smallest first (a lattice and its turn are alike).
BOARDS = tuple(sorted(((w, h) for w in range(2, 9) for h in range(2, w + 1)), key=lambda b: (b[0] * b[1], b)))
QUICK_POINTS = 12


def _start(size: tuple[int, int], moves: tuple[Any, ...]) -> tuple[Crawler, CrawlerState]:
    rules = Crawler(*size)
    return rules, rules.position(moves)


def _text(moves: tuple[Any, ...]) -> str:
    return " ".join(f"{a.x},{a.y}-{b.x},{b.y}" for a, b in moves)


def decision_rows(section: Section, quick: bool) -> list[dict[str, Any]]:
    """C's decision and the solver's on the same positions."""
    rows = []
    for size, moves, _ in QUICK_DECISIONS if quick else DECISIONS:
        rules, state = _start(size, moves)
        board = f"{size[0]} x {size[1]}"
        began = time.perf_counter()
        choice = source_choice(rules, state)
        c_ms = (time.perf_counter() - began) * 1000
        began = time.perf_counter()
        solution = search(rules, state)
        s_ms = (time.perf_counter() - began) * 1000
        wins = solution.value > 0
        # C's "win" must be a winning move, and C finds no win exactly where there is none.
        agree = (choice.rule == "win") == wins and (not wins or choice.move in solution.best_moves)
        if not agree:
            section.disagree(f"{board} after {_text(moves)}: C chose {choice} but the solver says "
                             f"{solution.outcome} with {solution.best_moves}")
        rows.append({"board": board, "what": "C's van Emden (no table)", "start": _text(moves),
                     "result": f"{choice.rule}: {_text((choice.move,))}", "count": choice.positions,
                     "tables": 0, "ms": c_ms, "agree": agree})
        rows.append({"board": board, "what": "alpha-beta + table + symmetry + closing first", "start": _text(moves),
                     "result": f"{solution.outcome} for the mover", "count": solution.nodes,
                     "tables": solution.positions, "ms": s_ms, "agree": agree})
    return rows


def _who_wins(width: int, height: int) -> tuple[str, int, int, float, int] | None:
    found = who_wins(width, height, seconds=None)
    if found is None:
        return None
    return found.winner, found.nodes, found.positions, found.seconds, len(found.winning_openings)


def table_rows(section: Section, quick: bool, limit: float) -> list[dict[str, Any]]:
    """Who wins on each lattice, smallest first; after the first lattice past the limit, none larger."""
    rows = []
    too_big: int | None = None
    for width, height in BOARDS:
        points = width * height
        if quick and points > QUICK_POINTS:
            break
        if too_big is not None and points > too_big:
            break
        done = in_child(_who_wins, (width, height), limit)
        row: dict[str, Any] = {"board": f"{width} x {height}", "what": "who wins (empty lattice)", "start": "empty"}
        if done is None:
            too_big = points
            section.notes.append(f"{width} x {height}: not solved within {limit:g} s (no larger lattice tried)")
            continue
        winner, nodes, positions, seconds, openings = done
        # One side even and the other odd: the first player wins by the mirror plan (proved); every
        # lattice: the winner the module's table (WHO_WINS) records.
        agree = WHO_WINS.get((width, height), winner) == winner and (winner == "first" or (width + height) % 2 == 0)
        if not agree:
            section.disagree(f"{width} x {height}: the solver says {winner} wins; the mirror plan's proof or the "
                             f"recorded table says otherwise")
        rows.append({**row, "result": f"{winner} wins ({openings} winning openings)", "count": nodes,
                     "tables": positions, "ms": seconds * 1000, "agree": agree})
    if rows:
        largest = max(rows, key=lambda r: (eval_points(r["board"]), r["board"]))
        section.notes.append(f"the largest lattice solved within {limit:g} s: {largest['board']} "
                             f"({largest['ms'] / 1000:.1f} s)")
    return rows


def eval_points(board: str) -> int:
    width, _, height = board.partition(" x ")
    return int(width) * int(height)


def measure(quick: bool = False, limit: float = 60.0) -> Section:
    section = Section("crawler", "The crawler (C): van Emden's method against the exact solver; who wins", COLUMNS)
    section.rows.extend(decision_rows(section, quick))
    section.rows.extend(table_rows(section, quick, limit))
    section.notes.append(
        "C's positions: every line C's step produced while deciding (C keeps no table, so positions reached "
        "in several ways are searched again). The solver's nodes: positions visited; table entries: positions "
        "stored up to the lattice's symmetries. agree: C plays a winning move (rule 'win') exactly where the "
        "solver finds one; who wins: the first player where one side is even and the other odd (the mirror plan), "
        "and on every lattice the winner recorded in coursekit.games.crawler.WHO_WINS.")
    return section
