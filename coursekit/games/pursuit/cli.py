"""The terminal's pursuit commands: ``play pursuit`` and ``solve pursuit``.

```text
coursekit play pursuit --variant G2.3 --width 8 --height 8 --seed 1 [--blocked PCT]
    [--max-moves N] [--tom Tom|lone|coalition|optimal|human] [--jerry Jerry|random|optimal|human]
    [--pursuer x,y [--pursuer x,y]] [--prey x,y]
coursekit solve pursuit --width 10 --height 10 [--pursuers 2] [--blocked PCT --seed S]
```
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from ...cli._args import Context, Groups, UsageError, cell, grid_arguments, human_strategy, seed_argument, whole
from ...core import Coord, Grid, Player, play
from .players import COMPUTERS, PREY_COMPUTERS, PURSUER_COMPUTERS, VARIANTS, PursuerStrategy, Variant
from .rules import DEFAULT_MAX_MOVES, Pursuit, PursuitState
from .solver import MAX_FREE_CELLS, PursuitSolver

#: A person plays a side (the terminal's word for the board's "you").
HUMAN = "human"
#: The pursuers' and the prey's choices: the game's computers for each side (as the board offers them), and a person.
HUNTER_CHOICES = (*dict.fromkeys(name for names in PURSUER_COMPUTERS.values() for name in names), HUMAN)
PREY_CHOICES = (*PREY_COMPUTERS, HUMAN)


def register(groups: Groups) -> None:
    """Add ``play pursuit`` and ``solve pursuit``."""
    chase = groups.play.add_parser("pursuit", help="pursuit on a grid: Tom and Jerry (G2.2-G2.5)")
    chase.add_argument("--variant", choices=sorted(VARIANTS), default="G2.3",
                       help="G2.2 random prey, G2.3 Tom and Jerry (default), G2.4 two lone pursuers, "
                            "G2.5 two pursuers in a coalition")
    grid_arguments(chase, side=8)
    seed_argument(chase)
    chase.add_argument("--max-moves", type=whole(1, 10_000), default=DEFAULT_MAX_MOVES,
                       help=f"rounds after which the prey has escaped (default {DEFAULT_MAX_MOVES})")
    chase.add_argument("--tom", choices=HUNTER_CHOICES, default=None,
                       help="the pursuers: Tom (the article's Tom; one pursuer), lone (each of two by Tom's rule), "
                            "coalition (two, one round ahead), optimal (the exact solver) or human (one pursuer only); "
                            "default: the variant's")
    chase.add_argument("--jerry", choices=PREY_CHOICES, default=None,
                       help="the prey: Jerry (the article's Jerry), random, optimal or human; default: the variant's")
    chase.add_argument("--pursuer", type=cell, action="append", default=None,
                       help="a pursuer's first cell as x,y (once per pursuer; default: random)")
    chase.add_argument("--prey", type=cell, default=None, help="the prey's first cell as x,y (default: random)")
    chase.set_defaults(run=play_pursuit)

    solve = groups.solve.add_parser("pursuit", help="optimal capture times of pursuit (retrograde analysis)")
    grid_arguments(solve, side=8)
    solve.add_argument("--pursuers", type=int, choices=(1, 2), default=1, help="number of pursuers (default 1)")
    solve.add_argument("--seed", type=whole(0), default=0, help="seed of the blocked cells (default 0)")
    solve.set_defaults(run=solve_pursuit)


def _grid(args: argparse.Namespace, rng: random.Random, keep: list[Coord]) -> Grid:
    grid = Grid(args.width, args.height)
    for where in keep:
        if where not in grid:
            raise UsageError(f"{where.x},{where.y} is outside the {args.width} x {args.height} grid")
    return grid.with_random_blocked(args.blocked, rng, keep=keep) if args.blocked else grid


def _solver(grid: Grid, pursuers: int) -> PursuitSolver:
    try:
        return PursuitSolver(grid, pursuers)
    except ValueError as error:
        raise UsageError(f"{error}: choose a smaller grid or more blocked cells") from None


def _fits(grid: Grid, pursuers: int) -> bool:
    return sum(1 for _ in grid.free_cells()) <= MAX_FREE_CELLS[pursuers]


class _OnePursuer:
    """The rules as a person playing one pursuer sees them: a move is one cell."""

    def __init__(self, rules: Pursuit) -> None:
        self.rules = rules

    def legal_moves(self, state: PursuitState) -> tuple[Coord, ...]:
        return tuple(move[0] for move in self.rules.legal_moves(state))

    def why_illegal(self, state: PursuitState, move: Coord) -> str | None:
        return self.rules.why_illegal(state, (move,))


def _human_pursuer(context: Context, name: str) -> PursuerStrategy:
    ask = human_strategy(context.stdin, context.out, name, "the pursuer's next cell")

    def choose(rules: Pursuit, state: PursuitState) -> tuple[Coord, ...]:
        return (ask(_OnePursuer(rules), state),)

    return choose


def play_pursuit(args: argparse.Namespace, context: Context) -> str:
    """Play one pursuit game and return its transcript (the article's Table 3 format)."""
    variant = VARIANTS[args.variant]
    rng = context.rng
    chasers: list[Coord] = args.pursuer or []
    if (chasers or args.prey) and (len(chasers) != variant.pursuers or args.prey is None):
        raise UsageError(f"{variant.code} has {variant.pursuers} pursuer{'s' if variant.pursuers > 1 else ''}: "
                         f"give --pursuer {variant.pursuers} time{'s' if variant.pursuers > 1 else ''} and --prey, "
                         "or neither for a random start")
    keep = [*chasers, args.prey] if args.prey else []
    grid = _grid(args, rng, keep)
    start = (tuple(chasers), args.prey) if keep else None
    try:
        rules = variant.rules(grid, start, args.max_moves)
    except ValueError as error:
        raise UsageError(str(error)) from None
    tom, jerry = args.tom, args.jerry
    fits = _fits(grid, variant.pursuers)
    if "optimal" in (tom, jerry) and not fits:
        limit = MAX_FREE_CELLS[variant.pursuers]
        raise UsageError(f"optimal play needs the exact solver, which takes at most {limit} free cells "
                         f"with {variant.pursuers} pursuer{'s' if variant.pursuers > 1 else ''}")
    wanted = "optimal" in (tom, jerry)  # only optimal play uses the solver (G2.5's coalition plans one round)
    solver = _solver(grid, variant.pursuers) if wanted and fits else None
    hunter, prey = variant.strategies(rng, solver)
    hunter = _hunter(tom, hunter, solver, context, variant)
    prey = _prey(jerry, prey, solver, rng, context, variant.prey)
    state = rules.initial_state(rng)
    record = play(rules, [Player(variant.hunter, hunter), Player(variant.prey, prey)], start=state)
    return str(record)


def _hunter(choice: str | None, default: Any, solver: PursuitSolver | None, context: Context,
            variant: Variant) -> Any:
    if choice is None:
        return default
    if choice == HUMAN:
        if variant.pursuers != 1:
            raise UsageError("a person can play the pursuer only with one pursuer (G2.2, G2.3)")
        return _human_pursuer(context, variant.hunter)
    offered = PURSUER_COMPUTERS[variant.pursuers]
    if choice not in offered:
        raise UsageError(f"with {variant.pursuers} pursuer{'s' if variant.pursuers > 1 else ''} the pursuers play "
                         f"one of {', '.join((*offered, HUMAN) if variant.pursuers == 1 else offered)}, not {choice}")
    return COMPUTERS[choice](context.rng, solver if choice == "optimal" else None)


def _prey(choice: str | None, default: Any, solver: PursuitSolver | None, rng: random.Random,
          context: Context, name: str) -> Any:
    if choice is None:
        return default
    if choice == HUMAN:
        return human_strategy(context.stdin, context.out, name, "the prey's next cell")
    return COMPUTERS[choice](rng, solver if choice == "optimal" else None)


def _where(chasers: tuple[Coord, ...], prey: Coord) -> str:
    if len(chasers) == 1:
        return f"pursuer {chasers[0]}, prey {prey}"
    return f"pursuers {' and '.join(str(c) for c in chasers)}, prey {prey}"


def solve_pursuit(args: argparse.Namespace, context: Context) -> str:
    """The optimal capture time of the worst start and of the best start for the pursuers."""
    cells = args.width * args.height
    limit = MAX_FREE_CELLS[args.pursuers]
    if not args.blocked and cells > limit:
        square = int(limit ** 0.5)
        raise UsageError(f"with {args.pursuers} pursuer{'s' if args.pursuers > 1 else ''} the solver takes at most "
                         f"{limit} free cells (about {square} x {square}); {args.width} x {args.height} has {cells}")
    grid = _grid(args, random.Random(args.seed), [])
    free = sum(1 for _ in grid.free_cells())
    if free < args.pursuers + 1:
        raise UsageError(f"the grid has {free} free cells, too few for {args.pursuers + 1} pieces")
    solver = _solver(grid, args.pursuers)
    side = "pursuer" if args.pursuers == 1 else "pursuers"
    lines = [f"grid: {grid.width} x {grid.height}, {len(grid.blocked)} blocked cells, {args.pursuers} {side}"]
    if grid.blocked:
        lines.append(grid.picture())
    worst, (chasers, prey) = solver.worst_start()
    if worst is None:
        lines.append(f"worst start: the prey escapes forever ({_where(chasers, prey)})")
    else:
        lines.append(f"worst start: {worst} ({_where(chasers, prey)})")
    best, (chasers, prey) = solver.best_start()
    if best is None:
        lines.append(f"best start: the prey escapes forever wherever the {side} start "
                     f"(for example {_where(chasers, prey)})")
    else:
        lines.append(f"best start: {best} ({_where(chasers, prey)})")
    lines.append(f"positions solved: {solver.states}")
    return "\n".join(lines)


__all__ = ["play_pursuit", "register", "solve_pursuit"]
