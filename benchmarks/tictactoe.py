"""Game-tree search on tic-tac-toe: plain minimax against alpha-beta and its hooks
(coursekit.solvers.gametree), D's Best_Move beside the solver, and (4,4,4) proved a draw."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from typing import Any

from coursekit.games.tictactoe import TicTacToe
from coursekit.solvers.counting import count_games
from coursekit.solvers.gametree import Solution, alphabeta, line_order, minimax

from .measure import Section, in_child, seconds_of

COLUMNS = (
    ("board", "board"),
    ("search", "search"),
    ("start", "start"),
    ("value", "value"),
    ("nodes", "nodes"),
    ("positions", "positions"),
    ("ms", "ms"),
    ("goal", "goal"),
    ("met", "met"),
    ("agree", "agree"),
)

#: What REFERENCE.md says: the full game tree's nodes, and the positions up to symmetry.
TREE_NODES = 549_946
POSITIONS_UP_TO_SYMMETRY = 765
#: The goals for 3 x 3 with table and symmetry, and for the (4,4,4) proof.
GOAL_MS = 50.0
GOAL_PROOF_SECONDS = 60.0
#: Where the quick run starts its 3 x 3 minimax and its 4 x 4 proof (the full run: the empty board).
QUICK_CLASSIC = "X../.../..."
QUICK_FOUR = "XO../.X../..O./X..."


def searches(rules: TicTacToe) -> list[tuple[str, Callable[[Any], Solution]]]:
    """The 3 x 3 searches, from plain to every hook."""
    return [
        ("minimax", lambda s: minimax(rules, s)),
        ("alpha-beta", lambda s: alphabeta(rules, s)),
        ("alpha-beta + table", lambda s: alphabeta(rules, s, table=True)),
        ("alpha-beta + table + symmetry", lambda s: alphabeta(rules, s, table=True, canonical=rules.canonical)),
        ("alpha-beta + table + symmetry + line order",
         lambda s: alphabeta(rules, s, table=True, canonical=rules.canonical, order=line_order)),
    ]


def outcome(value: float) -> str:
    return "win" if value > 0 else "loss" if value < 0 else "draw"


def classic_rows(section: Section, quick: bool) -> list[dict[str, Any]]:
    """3 x 3: each search from the empty board (plain minimax from one move in, with --quick)."""
    rules = TicTacToe()
    empty = rules.initial_state()
    rows = []
    baseline: Solution | None = None
    for name, search in searches(rules):
        start = rules.position(QUICK_CLASSIC) if quick and name == "minimax" else empty
        seconds, solution = seconds_of(functools.partial(search, start), at_least=0.1, most=3)
        if name == "minimax":
            expected_nodes = count_games(rules, start).tree_nodes if quick else TREE_NODES
            agree = solution.nodes == expected_nodes
            if not agree:
                section.disagree(f"3 x 3 minimax visited {solution.nodes:,} nodes; the tree has {expected_nodes:,}")
            if start == empty:
                baseline = solution
        else:
            if baseline is None:
                baseline = minimax(rules, empty, table=True)  # the values of plain minimax, memoised
            agree = solution.moves == baseline.moves
            if not agree:
                section.disagree(f"3 x 3 {name}: move values {solution.moves} differ from minimax's {baseline.moves}")
        goal, met = "", None
        if "symmetry" in name:
            goal = f"<= {POSITIONS_UP_TO_SYMMETRY} positions, < {GOAL_MS:g} ms"
            met = solution.positions <= POSITIONS_UP_TO_SYMMETRY and seconds * 1000 < GOAL_MS
        rows.append({
            "board": "3 x 3, k = 3", "search": name, "start": "empty" if start == empty else QUICK_CLASSIC,
            "value": outcome(solution.value), "nodes": solution.nodes, "positions": solution.positions,
            "ms": seconds * 1000, "goal": goal, "met": met, "agree": agree,
        })
    return rows


def source_best_move(rules: TicTacToe, state: Any) -> Any:
    """D's ``Best_Move`` for the player to move, if the games layer has it (``None`` otherwise):
    an object with ``.move``, ``.nodes`` and ``.score`` (D's score, for the player to move)."""
    from coursekit.games import tictactoe

    found = getattr(tictactoe, "source_best_move", None)
    return None if found is None else found(rules, state)


def source_row(section: Section) -> dict[str, Any] | None:
    """D's Best_Move on the empty board: its nodes beside the solver's (its score's sign is the value)."""
    rules = TicTacToe()
    empty = rules.initial_state()
    seconds, choice = seconds_of(lambda: source_best_move(rules, empty), at_least=0.1, most=3)
    if choice is None:
        section.notes.append("D's Best_Move: not available (coursekit.games.tictactoe.source_best_move is missing).")
        return None
    exact = alphabeta(rules, empty, table=True, canonical=rules.canonical)
    agree = choice.move in exact.best_moves and outcome(choice.score) == outcome(exact.value)
    if not agree:
        section.disagree(f"D's Best_Move plays {choice.move} scoring {choice.score}; the best moves are "
                         f"{exact.best_moves}, value {exact.value}")
    return {"board": "3 x 3, k = 3", "search": "D's Best_Move (alpha-beta, D's order)", "start": "empty",
            "value": outcome(choice.score), "nodes": choice.nodes, "positions": 0, "ms": seconds * 1000,
            "goal": "", "met": None, "agree": agree}


#: The (4,4,4) searches of the full run, by their hooks; the quick run has only the last.
FOUR_SEARCHES = (("table",), ("table", "symmetry"), ("table", "line order"), ("table", "symmetry", "line order"))


def prove_four(rows: str | None, hooks: tuple[str, ...]) -> dict[str, Any]:
    """Alpha-beta with ``hooks`` on 4 x 4, k = 4, from ``rows`` (``None``: the empty board)."""
    rules = TicTacToe(4, 4, 4)
    state = rules.initial_state() if rows is None else rules.position(rows)
    began = time.perf_counter()
    solution = alphabeta(rules, state, table="table" in hooks,
                         canonical=rules.canonical if "symmetry" in hooks else None,
                         order=line_order if "line order" in hooks else None)
    seconds = time.perf_counter() - began
    return {"value": solution.value, "moves": [v for _, v in solution.moves], "nodes": solution.nodes,
            "positions": solution.positions, "seconds": seconds}


def four_row(section: Section, rows: str | None, hooks: tuple[str, ...]) -> dict[str, Any]:
    """(4,4,4) proved a draw (REFERENCE.md), in a child process stopped at twice the goal."""
    done = in_child(prove_four, (rows, hooks), 2 * GOAL_PROOF_SECONDS)
    row: dict[str, Any] = {"board": "4 x 4, k = 4", "search": " + ".join(("alpha-beta", *hooks)),
                           "start": rows or "empty", "goal": f"< {GOAL_PROOF_SECONDS:g} s"}
    if done is None:
        section.disagree(f"(4,4,4) with {row['search']} was not proved within {2 * GOAL_PROOF_SECONDS:g} s")
        return {**row, "value": None, "nodes": None, "positions": None, "ms": None, "met": False, "agree": False}
    agree = done["value"] == 0 and set(done["moves"]) == {0.0}
    if not agree:
        section.disagree(f"(4,4,4) from {row['start']}: value {done['value']}, move values {done['moves']}; "
                         "REFERENCE.md: a draw")
    return {**row, "value": outcome(done["value"]), "nodes": done["nodes"], "positions": done["positions"],
            "ms": done["seconds"] * 1000, "met": done["seconds"] < GOAL_PROOF_SECONDS, "agree": agree}


def measure(*, quick: bool) -> Section:
    section = Section(
        "tictactoe",
        "Game-tree search on tic-tac-toe: plain minimax, alpha-beta and its hooks (coursekit.solvers.gametree)",
        COLUMNS,
    )
    section.rows.extend(classic_rows(section, quick))
    source = source_row(section)
    if source is not None:
        section.rows.append(source)
    for hooks in FOUR_SEARCHES[-1:] if quick else FOUR_SEARCHES:
        section.rows.append(four_row(section, QUICK_FOUR if quick else None, hooks))
    section.notes.append(
        "nodes: positions visited (every call of the search, the root included, also one answered from the "
        "table); positions: entries in the transposition table at the end; ms: best of a few runs (the 4 x 4 "
        "proofs: one run each, in a child process). Every search gives every root move its exact value (a full "
        "window at the root), so best_moves lists all the best moves. D's nodes count only the positions where "
        "someone is still to move."
    )
    section.notes.append(
        f"agree: minimax visits exactly the game tree's nodes ({TREE_NODES:,} from the empty board, REFERENCE.md); "
        "the other searches give every first move the value minimax gives; D's move is one of the best and its "
        "score has the right sign; (4,4,4) and each first move there are draws (REFERENCE.md)."
    )
    return section
