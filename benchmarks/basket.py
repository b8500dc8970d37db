"""The basket (B): B's table at its deepest level against the Nim sum on large baskets, and how
often B's player wins at each difficulty level against a random and a perfect player."""

from __future__ import annotations

import itertools
import random
import time
from typing import Any

from coursekit.core.rules import ImpartialView
from coursekit.games.basket import (
    IMPOSSIBLE,
    Basket,
    BasketState,
    SourceTable,
    grundy_value,
    source_table,
    source_table_fast,
    win_rates,
    winning_moves,
)
from coursekit.solvers import ImpartialSolver

from .measure import Section

COLUMNS = (
    ("basket", "basket"),
    ("what", "what"),
    ("start", "start"),
    ("n", "positions / games"),
    ("nodes", "B's nodes"),
    ("verdict", "B's verdict right"),
    ("move", "B's move wins"),
    ("rate", "B wins"),
    ("ms", "ms each"),
    ("nim_ms", "Nim sum ms each"),
    ("agree", "agree"),
)

#: Baskets (colours, balls, cap) on which B's own search runs at full depth on every position.
SEARCHED = ((3, 3, None), (3, 3, 2), (3, 4, None), (4, 3, None))
#: Large baskets (colours, balls, cap, positions sampled) on which B's table is built by the finish range.
LARGE = ((6, 20, None, 2000), (6, 20, 3, 2000), (6, 100, None, 300), (6, 1000, 5, 100))
#: The starts of the win-rate games: a first-player win (REFERENCE.md) and a loss (1 xor 2 xor 3 = 0).
STARTS = ((3, 3, 3), (1, 2, 3))


def basket_name(colours: int, balls: int, cap: int | None) -> str:
    return f"{colours} x {balls}" + ("" if cap is None else f", cap {cap}")


def verdict_and_move(rules: Basket, state: BasketState, table: SourceTable) -> tuple[bool, float | None]:
    """Whether B's table calls the position as the Nim sum does (its best score above 0 = a win),
    and, from a winning position, the chance that B's pick (at random among its best) wins."""
    top = max(s for s in table.scores if s != IMPOSSIBLE)
    winning = set(winning_moves(rules, state))
    right = (top > 0) == bool(winning)
    if not winning:
        return right, None
    return right, sum(move in winning for move in table.best) / len(table.best)


def table_row(section: Section, rules: Basket, states: list[BasketState], searched: bool) -> dict[str, Any]:
    """B's table at full depth (the balls left) on ``states``: its verdicts, its moves, its time."""
    rights, moves, nodes = 0, [], 0
    spent = nim_spent = 0.0
    agree = True
    for state in states:
        began = time.perf_counter()
        table = (source_table if searched else source_table_fast)(rules, state, state.total)
        spent += time.perf_counter() - began
        nodes += table.nodes
        began = time.perf_counter()
        winning_moves(rules, state)
        nim_spent += time.perf_counter() - began
        if searched and table != source_table_fast(rules, state, state.total):
            agree = False
            section.disagree(f"{basket_name(rules.colours, rules.balls, rules.cap)} at {state.left}: B's search and "
                             "the finish-range table differ")
        right, move = verdict_and_move(rules, state, table)
        rights += right
        if move is not None:
            moves.append(move)
    agree = agree and grundy_agrees(section, rules)
    return {"basket": basket_name(rules.colours, rules.balls, rules.cap),
            "what": "B's search, depth = balls left" if searched else "B's table by the finish range, full depth",
            "start": "every position" if searched else "seeded sample", "n": len(states),
            "nodes": nodes if searched else None, "verdict": rights / len(states),
            "move": sum(moves) / len(moves) if moves else None, "rate": None,
            "ms": spent * 1000 / len(states), "nim_ms": nim_spent * 1000 / len(states), "agree": agree}


def grundy_agrees(section: Section, rules: Basket) -> bool:
    """n mod (k + 1) (or n) against the impartial solver on one colour of up to ``rules.balls`` balls."""
    one = Basket(1, rules.balls, rules.cap)
    solver = ImpartialSolver(ImpartialView(one))
    wrong = [n for n in range(rules.balls + 1) if solver.grundy(one.position((n,))) != grundy_value(n, rules.cap)]
    if wrong:
        section.disagree(f"one colour, cap {rules.cap}: the Grundy value of {wrong[0]} balls is not the formula's")
    return not wrong


def every_position(rules: Basket) -> list[BasketState]:
    found = [rules.position(left) for left in itertools.product(range(rules.balls + 1), repeat=rules.colours)]
    return [state for state in found if not state.is_full]


def sample_positions(rules: Basket, count: int, seed: int = 0) -> list[BasketState]:
    rng = random.Random(seed)
    found: list[BasketState] = []
    while len(found) < count:
        state = rules.position(tuple(rng.randint(0, rules.balls) for _ in range(rules.colours)))
        if not state.is_full:
            found.append(state)
    return found


def rate_rows(section: Section, depths: list[int], games: int) -> list[dict[str, Any]]:
    """B's player on 3 x 3, moving first, at each depth against random and perfect players."""
    rules = Basket()
    rows = []
    began = time.perf_counter()
    rates = win_rates(rules, STARTS, depths, games=games, seed=1)
    each = (time.perf_counter() - began) * 1000 / (len(rates) * games)
    for rate in rates:
        agree = True
        if rate.start_value == "loss" and rate.opponent == "perfect" and rate.wins:
            agree = False
            section.disagree(f"B beat the perfect player from the losing start {rate.start} ({rate.wins} games)")
        rows.append({"basket": "3 x 3", "what": f"B depth {rate.depth} vs {rate.opponent}",
                     "start": f"{','.join(map(str, rate.start))} ({rate.start_value})", "n": rate.games,
                     "nodes": None, "verdict": None, "move": None, "rate": rate.rate, "ms": each, "nim_ms": None,
                     "agree": agree})
    return rows


def measure(*, quick: bool = False, limit: float = 60.0) -> Section:
    section = Section("basket", "The basket (B): B's table at its deepest level against the Nim sum, and B's win "
                      "rates", COLUMNS)
    began = time.perf_counter()
    for colours, balls, cap in SEARCHED[:1] if quick else SEARCHED:
        if time.perf_counter() - began > limit:
            section.notes.append(f"{basket_name(colours, balls, cap)} and larger searched baskets left out: the "
                                 f"budget of {limit:g} s was spent.")
            break
        rules = Basket(colours, balls, cap)
        section.rows.append(table_row(section, rules, every_position(rules), searched=True))
    for colours, balls, cap, count in LARGE[:1] if quick else LARGE:
        rules = Basket(colours, balls, cap)
        section.rows.append(table_row(section, rules, sample_positions(rules, 100 if quick else count),
                                      searched=False))
    depths = [1, 3, 9] if quick else list(range(1, 10))
    section.rows.extend(rate_rows(section, depths, 20 if quick else 1000))
    section.notes.append(
        "B's verdict: its best score in Array 2 above 0 read as 'the player to move wins', against the Nim sum; "
        "B's move wins: from a winning position, the chance that B's pick (at random among its best columns) "
        "leaves a Nim sum of 0. B's nodes: moves B's own search tries at depth = balls left; the finish-range "
        "table is the same table (checked on every searched position) built without a search.")
    section.notes.append(
        "B wins: the share of seeded games B's player (moving first, picking with a seeded generator) won; "
        "3,3,3 is a first-player win and 1,2,3 a loss (REFERENCE.md, Nim). agree: B's search and the "
        "finish-range table give the same table, the Grundy values n mod (k + 1) match the impartial solver on "
        "one colour, and B never beats the perfect player from a losing start.")
    return section
