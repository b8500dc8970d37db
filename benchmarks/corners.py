"""Corners (source E): E's decision from the start (positions searched, time) against the alpha-beta
player's, how often the alpha-beta player beats E's (mended) player in seeded games, and the solo
puzzle (one side alone: the moves of the best line the beam search finds, and the lower bound)."""

from __future__ import annotations

import time
from typing import Any

from coursekit.core import Player
from coursekit.games.corners import (
    BLACK,
    SIDES,
    WHITE,
    Corners,
    alphabeta_strategy,
    path_text,
    search,
    search_depth,
    seeded_game,
    solo,
    solo_problem,
    source_choice,
    source_strategy,
    timed,
)

from .measure import Section

COLUMNS = (
    ("what", "what"),
    ("pieces", "pieces"),
    ("result", "result"),
    ("count", "nodes / games"),
    ("ms", "ms"),
    ("agree", "legal"),
)

#: Seeded games per side (the full run) and in the quick run.
GAMES, QUICK_GAMES = 40, 0


def decision_rows(section: Section, quick: bool) -> list[dict[str, Any]]:
    """E's decision from the start, as printed and mended, and the alpha-beta player's."""
    rows = []
    for pieces in (9,) if quick else (12, 9):
        rules = Corners(pieces=pieces)
        start = rules.initial_state()
        for fixed in (False, True):
            began = time.perf_counter()
            choice = source_choice(rules, start, fixed)
            ms = (time.perf_counter() - began) * 1000
            # The mended E's move must be legal; the printed one is legal unless it is a chain's last hop.
            legal = rules.why_illegal(start, choice.move) is None
            if fixed and not legal:
                section.disagree(f"{pieces} pieces: the mended E chose an illegal move {path_text(choice.move)}")
            rows.append({"what": f"E, {'mended' if fixed else 'as printed'}", "pieces": pieces,
                         "result": path_text(choice.move), "count": choice.nodes, "ms": ms,
                         "agree": legal if fixed else None})
        began = time.perf_counter()
        solution = search(rules, start, 1 if quick else search_depth(rules, start))
        legal = rules.why_illegal(start, solution.best_moves[0]) is None
        if not legal:
            section.disagree(f"{pieces} pieces: alpha-beta chose an illegal move")
        rows.append({"what": f"alpha-beta, depth {solution.depth}", "pieces": pieces,
                     "result": path_text(solution.best_moves[0]), "count": solution.nodes,
                     "ms": (time.perf_counter() - began) * 1000, "agree": legal})
    return rows


def match_rows(games: int) -> list[dict[str, Any]]:
    """The alpha-beta player against E's mended player: the seeded games ``0 .. games - 1`` from each
    side, every game played (the figure is a measured win rate, so no time limit cuts it short).
    ``ms`` is the alpha-beta player's mean time per move; its slowest move and its CPU time per
    move (mean and most) are in ``result``."""
    rows = []
    rules = Corners()
    for side in (WHITE, BLACK):
        wins = draws = 0
        spent: list[float] = []
        cpu: list[float] = []
        for seed in range(games):
            strategy, times = timed(alphabeta_strategy(), cpu)
            players = [Player("E", source_strategy(fixed=True))] * 2
            players[side] = Player("alpha-beta", strategy)
            record = seeded_game(rules, players[0], players[1], seed)
            wins += record.winner == side
            draws += record.winner is None
            spent.extend(times)
        if games:
            rows.append({"what": f"alpha-beta as {SIDES[side]} vs E, seeds 0-{games - 1}", "pieces": 12,
                         "result": f"won {wins} ({100 * wins / games:.0f} %), drew {draws}, "
                                   f"lost {games - wins - draws}; slowest move {max(spent):.2f} s, "
                                   f"CPU {sum(cpu) / len(cpu):.2f} s a move, at most {max(cpu):.2f} s",
                         "count": games, "ms": 1000 * sum(spent) / len(spent), "agree": None})
    return rows


def solo_rows(section: Section, quick: bool) -> list[dict[str, Any]]:
    """The solo puzzle: the beam search's best line for 12 and 9 pieces, checked by the rules."""
    rows = []
    for pieces in (12,) if quick else (12, 9):
        began = time.perf_counter()
        solution = solo(pieces)
        ms = (time.perf_counter() - began) * 1000
        legal = solo_problem(Corners(pieces=pieces), solution.moves) is None
        if not legal:
            section.disagree(f"solo, {pieces} pieces: the line found is not a solution")
        rows.append({"what": "solo puzzle (beam)", "pieces": pieces,
                     "result": f"{len(solution.moves)} moves, bound {solution.bound}", "count": solution.positions,
                     "ms": ms, "agree": legal})
    return rows


def measure(quick: bool = False, limit: float = 60.0) -> Section:
    section = Section("corners", "Corners (E): E's 3-move look-ahead against alpha-beta over both sides", COLUMNS)
    section.rows.extend(decision_rows(section, quick))
    section.rows.extend(match_rows(QUICK_GAMES if quick else GAMES))
    section.rows.extend(solo_rows(section, quick))
    section.notes.append(
        "E's nodes: calls of E's Search (the root included); alpha-beta's: positions visited. Games: seeded "
        "random openings (two random moves a side) from seeds 0-39, then the players, every game to its end "
        "(the full run takes half an hour or more); ms of a game row: alpha-beta's mean time per move (wall "
        "clock), CPU: its CPU time per move. "
        "Solo: White alone (Black's pieces removed), beam search from both ends (the target is the start turned "
        "half round), keeping at each depth the 100 positions nearest their half turn and the 100 furthest on "
        "(with the best jump chain each offers); nodes: positions kept; ms: the search's time; the bound is the "
        "larger of the parity matching and the front/rear bound.")
    return section
