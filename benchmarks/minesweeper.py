"""Minesweeper (A, G3.2): how often the exact-probability and the knowledge-base players win each
standard board with the first reveal safe, the time a game takes, and the exact engine's time on
boards with large frontiers."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from coursekit.core import Coord, Player, play
from coursekit.games.minesweeper import (
    LEVELS,
    Match,
    Minesweeper,
    Minesweeper2,
    Minesweeper2Strategy,
    MinesweeperBoard,
    MinesweeperStrategy,
    brute_force_probabilities,
    knowledge_strategy,
    lookahead_strategy,
    match,
    probabilities,
    probability_strategy,
)
from coursekit.games.minesweeper import duel_random_strategy as duel_random
from coursekit.games.minesweeper import safest_strategy as duel_safest

from .measure import Section

COLUMNS = (
    ("board", "board"),
    ("what", "what"),
    ("n", "games / boards"),
    ("rate", "won"),
    ("low", "95% low"),
    ("high", "95% high"),
    ("best", "published"),
    ("frontier", "frontier cells"),
    ("ms", "ms each"),
    ("agree", "agree"),
)

#: The best published win rates, first reveal safe (REFERENCE.md: MineSweeperProb, 10^8 games a board).
PUBLISHED = {"beginner": 0.9169, "intermediate": 0.7823, "expert": 0.4004}
#: The games the issue asks for per level in the full run (the time budget may stop a row sooner).
FULL_GAMES = 10_000
#: Share of the budget each win-rate row may spend (six rows, and the engine's timings).
ROW_SHARE = 0.15
PLAYERS: dict[str, Callable[[int], MinesweeperStrategy]] = {
    "probability player": lambda g: probability_strategy(),
    "knowledge-base player": lambda g: knowledge_strategy(random.Random(g)),
}


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate.

    >>> [round(v, 3) for v in wilson(90, 100)]
    [0.826, 0.945]
    """
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def rate_row(level: str, name: str, make: Callable[[int], MinesweeperStrategy], games: int,
             budget: float) -> dict[str, Any]:
    """Seeded games (game ``g`` places its mines with ``random.Random(g)``) until ``games`` or ``budget`` seconds."""
    rules = Minesweeper.level(level)
    wins = played = 0
    began = time.perf_counter()
    while played < games and (played == 0 or time.perf_counter() - began < budget):
        record = play(rules, [Player(name, make(played))], rng=random.Random(played))
        wins += record.winner == 0
        played += 1
    spent = time.perf_counter() - began
    low, high = wilson(wins, played)
    return {"board": f"{level} {rules.width} x {rules.height}, {rules.mines}", "what": name, "n": played,
            "rate": wins / played, "low": low, "high": high,
            "best": PUBLISHED[level] if name == "probability player" else None, "frontier": None,
            "ms": spent * 1000 / played, "agree": None}


def frontier_boards(count: int, reveals: int, seed: int = 0) -> list[MinesweeperBoard]:
    """Expert boards with many scattered reveals (random safe cells, no flood fill help): large frontiers."""
    rules = Minesweeper(30, 16, 99, first_safe=False)
    rng = random.Random(seed)
    cells = [Coord(x, y) for y in range(16) for x in range(30)]
    boards = []
    for _ in range(count):
        state = rules.initial_state()
        for mine in rng.sample(cells, 99):
            state = rules.next_state(state, mine)
        for _ in range(reveals):
            safe = [c for c in state.board.hidden() if c not in state.mines]
            if rules.is_over(state):
                break
            state = rules.next_state(state, rng.choice(safe))
        if not rules.is_over(state):
            boards.append(state.board)
    return boards


def frontier_size(board: MinesweeperBoard) -> int:
    return sum(1 for c in board.hidden() if any(board.is_revealed(d) for d in board.neighbours(c)))


def engine_rows(section: Section, quick: bool) -> list[dict[str, Any]]:
    """The engine's time on expert boards with large frontiers, and its agreement with brute force on small ones."""
    rows = []
    for reveals in ((8,) if quick else (8, 20, 40)):
        boards = frontier_boards(3 if quick else 20, reveals, seed=reveals)
        began = time.perf_counter()
        for board in boards:
            probabilities(board)
        spent = time.perf_counter() - began
        sizes = [frontier_size(b) for b in boards]
        rows.append({"board": "expert 30 x 16, 99", "what": f"engine, {reveals} scattered reveals",
                     "n": len(boards), "rate": None, "low": None, "high": None, "best": None,
                     "frontier": f"{min(sizes)}-{max(sizes)}", "ms": spent * 1000 / max(len(boards), 1),
                     "agree": None})
    rng = random.Random(1)
    small = Minesweeper(5, 4, 5, first_safe=False)
    cells = [Coord(x, y) for y in range(4) for x in range(5)]
    agree, checked = True, 0
    for _ in range(10 if quick else 200):
        state = small.initial_state()
        for mine in rng.sample(cells, 5):
            state = small.next_state(state, mine)
        for _ in range(rng.randint(1, 4)):
            safe = [c for c in state.board.hidden() if c not in state.mines]
            if small.is_over(state):
                break
            state = small.next_state(state, rng.choice(safe))
        if small.is_over(state):
            continue
        checked += 1
        if probabilities(state.board) != brute_force_probabilities(state.board):
            agree = False
            section.disagree(f"the engine and brute force differ on\n{state.board}")
    rows.append({"board": "5 x 4, 5", "what": "engine against brute force", "n": checked, "rate": None,
                 "low": None, "high": None, "best": None, "frontier": None, "ms": None, "agree": agree})
    return rows


DUEL_PLAYERS: dict[str, Callable[[int], Minesweeper2Strategy]] = {
    "safest": lambda g: duel_safest(),
    "lookahead": lambda g: lookahead_strategy(),
    "random": lambda g: duel_random(random.Random(g)),
}
#: The two-player pairings measured: (A, B, deals in the quick run); the full run plays until its budget.
DUEL_PAIRS = (("safest", "random", 3), ("lookahead", "random", 0), ("lookahead", "safest", 1))
FULL_DEALS = 500


def duel_row(a: str, b: str, deals: int, budget: float) -> dict[str, Any]:
    """Two-player minesweeper on the beginner board: A against B, each seeded deal played in both seats
    (:func:`coursekit.games.minesweeper.match`), until ``deals`` or ``budget`` seconds."""
    rules = Minesweeper2.level("beginner")
    result = Match()
    played = 0
    began = time.perf_counter()
    while played < deals and (played == 0 or time.perf_counter() - began < budget):
        result = result + match(rules, DUEL_PLAYERS[a], DUEL_PLAYERS[b], 1, start=played)
        played += 1
    spent = time.perf_counter() - began
    games, total = 2 * played, result.total
    low, high = wilson(total.wins, games)
    first, second, explosions = result.first, result.second, result.explosions
    return {"board": "beginner 9 x 9, 10, two players", "what": f"{a} vs {b}: as 1st {first}, as 2nd {second} "
            f"(W-D-L), {explosions} by a mine", "n": games, "rate": (total.wins + total.draws / 2) / games, "low": low,
            "high": high, "best": None, "frontier": None, "ms": spent * 1000 / games, "agree": None}


def measure(*, quick: bool = False, limit: float = 60.0) -> Section:
    section = Section("minesweeper", "Minesweeper (A, G3.2): win rates with the first reveal safe, and the exact "
                      "engine's time", COLUMNS)
    games = {"beginner": 20, "intermediate": 6, "expert": 3} if quick else dict.fromkeys(LEVELS, FULL_GAMES)
    budget = limit * ROW_SHARE
    for level in LEVELS:
        for name, make in PLAYERS.items():
            row = rate_row(level, name, make, games[level], budget)
            section.rows.append(row)
            if not quick and row["n"] < games[level]:
                section.notes.append(f"{level}, {name}: {row['n']:,} of {games[level]:,} games in the budget of "
                                     f"{budget:g} s (raise --limit for more).")
    section.rows.extend(engine_rows(section, quick))
    for a, b, quick_deals in DUEL_PAIRS:
        if quick and not quick_deals:
            continue
        section.rows.append(duel_row(a, b, quick_deals if quick else FULL_DEALS, budget / 2))
    section.notes.append(
        "won: the share of seeded games won (game g places its mines with random.Random(g)); 95% low/high: the "
        "Wilson interval; published: the best published rate (MineSweeperProb, REFERENCE.md), which adds search "
        "when few placements remain. The probability player reveals a certainly safe cell, else the cell least "
        "likely to be a mine (ties: fewest hidden neighbours, then top row first); the knowledge-base player "
        "reveals a cell its sentences prove safe, else a random hidden cell not proved a mine.")
    section.notes.append(
        "engine: exact chances of every hidden cell on expert boards after scattered random safe reveals "
        "(large frontiers, many small groups); agree: the engine's fractions equal brute force's (every "
        "placement listed) on every small board.")
    section.notes.append(
        "two players (G3.3): each seeded deal g (random.Random(g)) is played twice, A as player 1 and as player "
        "2; W-D-L are A's wins, draws and losses in that seat; won: A's score share, a draw counting one half "
        "(95% low/high: the Wilson interval of A's wins alone); 'by a mine': games ended by an explosion. safest: "
        "the cell least likely to be a mine; lookahead: among the 4 safest, the best expected discoveries minus "
        "the opponent's best reply's among the cells the reveal makes safe; random: any hidden cell not a "
        "discovered mine.")
    return section
