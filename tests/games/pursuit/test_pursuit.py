"""Pursuit (G2.2-G2.5): rules, the article's Tom and Jerry, variants, transcripts and pictures."""

import dataclasses
import itertools
import random

import pytest

from coursekit import Coord, Grid, IllegalMoveError, Player, Record, chebyshev, play, rules_from_spec
from coursekit.core.engine import random_strategy
from coursekit.core.grid import NEXT8
from coursekit.games.pursuit import (
    VARIANTS,
    Pursuit,
    PursuitState,
    coalition_pursuers,
    jerry_move,
    jerry_strategy,
    lone_pursuers,
    optimal_prey,
    optimal_pursuers,
    random_prey,
    tom_step,
    tom_strategy,
)
from coursekit.games.pursuit.solver import PursuitSolver
from coursekit.games.pursuit.view import capture_time_svg, capture_time_text

OPEN = Grid(6, 6)


def state(pursuers, prey, turn=0, moves=0, grid=OPEN):
    return PursuitState(grid, tuple(pursuers), prey, turn, moves)


# ----------------------------------------------------------------------------- rules


def test_moves_go_to_the_eight_free_neighbours_in_next8_order():
    rules = Pursuit(OPEN)
    here = state([Coord(2, 2)], Coord(5, 5))
    assert rules.legal_moves(here) == tuple((Coord(2, 2) + d,) for d in NEXT8)
    corner = state([Coord(0, 0)], Coord(5, 5))
    assert rules.legal_moves(corner) == ((Coord(1, 0),), (Coord(0, 1),), (Coord(1, 1),))
    prey_turn = state([Coord(0, 0)], Coord(5, 5), turn=1)
    assert rules.legal_moves(prey_turn) == (Coord(5, 4), Coord(4, 4), Coord(4, 5))


def test_blocked_cells_are_skipped_and_a_walled_in_piece_stays():
    grid = Grid(4, 3, frozenset({Coord(1, 0), Coord(1, 1), Coord(0, 1)}))
    rules = Pursuit(grid)
    walled = PursuitState(grid, (Coord(0, 0),), Coord(3, 2))
    assert rules.legal_moves(walled) == ((Coord(0, 0),),)  # no free neighbour: it stays
    after = rules.apply(walled, (Coord(0, 0),))
    assert after.pursuers == (Coord(0, 0),) and after.moves == 1
    assert Coord(2, 1) in rules.legal_moves(after)
    assert "must move" in rules.why_illegal(after, Coord(3, 2))


def test_two_pursuers_move_together_and_may_share_a_cell():
    rules = Pursuit(OPEN, pursuers=2)
    here = state([Coord(0, 0), Coord(5, 0)], Coord(3, 5))
    moves = rules.legal_moves(here)
    assert len(moves) == 9 and moves[:2] == ((Coord(1, 0), Coord(4, 0)), (Coord(1, 0), Coord(4, 1)))
    near = state([Coord(2, 2), Coord(4, 2)], Coord(3, 5))
    assert (Coord(3, 3), Coord(3, 3)) in rules.legal_moves(near)


def test_capture_by_the_pursuers_and_by_the_prey_stepping_onto_a_pursuer():
    rules = Pursuit(OPEN)
    here = state([Coord(2, 2)], Coord(3, 3))
    caught = rules.apply(here, (Coord(3, 3),))
    assert caught.caught and rules.is_over(caught) and rules.winner(caught) == 0 and caught.moves == 1
    assert rules.legal_moves(caught) == () and "caught" in rules.why_illegal(caught, Coord(4, 4))
    # The prey may step onto a pursuer (a blunder): it is caught in the same round.
    prey_turn = rules.apply(here, (Coord(2, 3),))
    blunder = rules.apply(prey_turn, Coord(2, 3))
    assert blunder.caught and rules.winner(blunder) == 0 and blunder.moves == 1


def test_the_move_limit_ends_the_game_as_an_escape():
    rules = Pursuit(OPEN, max_moves=3)
    pingpong = [Player("T", lambda r, s: r.legal_moves(s)[0]), Player("J", jerry_strategy())]
    record = play(rules, pingpong, start=state([Coord(0, 0)], Coord(5, 5)))
    assert record.final.moves == 3 and record.final.turn == 0 and not record.final.caught
    assert record.winner == 1 and record.end == "won" and len(record) == 6


def test_illegal_moves_say_why():
    rules = Pursuit(OPEN, pursuers=2)
    here = state([Coord(0, 0), Coord(5, 5)], Coord(2, 3))
    cases = {
        Coord(1, 1): "tuple with one cell per pursuer",
        (Coord(1, 1),): "needs 2 cells",
        (Coord(1, 1), Coord(6, 5)): "outside",
        (Coord(0, 0), Coord(4, 4)): "pursuer 1 must move",
        (Coord(2, 2), Coord(4, 4)): "2 cells away",
        "1,1": "tuple",
    }
    for move, reason in cases.items():
        assert reason in rules.why_illegal(here, move), move
        with pytest.raises(IllegalMoveError, match=reason):
            rules.apply(here, move)
    blocked = Pursuit(Grid(4, 4, frozenset({Coord(1, 1)})))
    assert "blocked" in blocked.why_illegal(state([Coord(0, 0)], Coord(3, 3), grid=blocked.grid), (Coord(1, 1),))
    prey_turn = state([Coord(0, 0), Coord(5, 5)], Coord(2, 3), turn=1)
    assert "pair of whole numbers" in rules.why_illegal(prey_turn, (Coord(2, 4),))
    assert "the prey must move" in rules.why_illegal(prey_turn, Coord(2, 3))
    assert rules.why_illegal(prey_turn, Coord(1, 4)) is None


def test_starts_are_distinct_free_cells_random_by_seed_or_given():
    grid = Grid(5, 4).with_random_blocked(40, random.Random(2))
    rules = Pursuit(grid, pursuers=2)
    seen = set()
    for seed in range(40):
        start = rules.initial_state(random.Random(seed))
        cells = [*start.pursuers, start.prey]
        assert len(set(cells)) == 3 and all(grid.is_free(c) for c in cells)
        assert start == rules.initial_state(random.Random(seed))
        seen.add(start.prey)
    assert len(seen) > 5
    with pytest.raises(ValueError, match="seeded"):
        rules.initial_state()
    given = Pursuit(OPEN, start=(Coord(1, 1), Coord(4, 4)))
    assert given.initial_state() == state([Coord(1, 1)], Coord(4, 4))
    bad = {
        (Coord(1, 1), Coord(9, 9)): "outside",
        ((Coord(1, 1), Coord(2, 2)), Coord(4, 4)): "2 pursuer cells for 1",
        (Coord(1, 1),): "pursuer cells, prey cell",
    }
    for start, reason in bad.items():
        with pytest.raises(ValueError, match=reason):
            Pursuit(OPEN, start=start)
    with pytest.raises(ValueError, match="blocked"):
        Pursuit(Grid(3, 3, frozenset({Coord(1, 1)})), start=(Coord(1, 1), Coord(0, 0)))
    with pytest.raises(ValueError, match="1 or 2"):
        Pursuit(OPEN, pursuers=3)
    with pytest.raises(ValueError, match="move limit"):
        Pursuit(OPEN, max_moves=0)
    with pytest.raises(ValueError, match="too few"):
        Pursuit(Grid(2, 1), pursuers=2)


def test_spec_and_records_round_trip():
    grid = Grid(6, 5, frozenset({Coord(2, 2), Coord(3, 1)}))
    for rules in (Pursuit(grid, 2, max_moves=20), Pursuit(grid, 1, start=(Coord(0, 0), Coord(5, 4)))):
        assert rules_from_spec(rules.spec()) == rules
        players = [Player("Tom", lone_pursuers()), Player("Jerry", random_prey(random.Random(3)))]
        record = play(rules, players, rng=random.Random(8))
        again = Record.from_json(record.to_json(), rules_from_spec)
        assert again.states == record.states and again.winner == record.winner
        assert str(again) == str(record)


def test_random_playouts_are_legal_end_and_never_change_a_state():
    for seed in range(20):
        rng = random.Random(seed)
        grid = Grid(rng.randint(3, 8), rng.randint(3, 8)).with_random_blocked(rng.choice([0, 15, 30]), rng)
        rules = Pursuit(grid, rng.choice([1, 2]), max_moves=25)
        players = [Player("T", random_strategy(rng)), Player("J", random_prey(rng))]
        record = play(rules, players, rng=rng)
        assert rules.is_over(record.final)
        assert record.final.moves <= 25
        for before, step in zip(record.states, record.steps, strict=False):
            assert step.move in rules.legal_moves(before)
        with pytest.raises(dataclasses.FrozenInstanceError):
            record.start.prey = Coord(0, 0)


# ----------------------------------------------------------------------------- Tom and Jerry


def test_tom_steps_by_the_signs_of_dx_and_dy_like_the_article():
    for tom, jerry in itertools.permutations(OPEN.cells(), 2):
        sign = lambda n: (n > 0) - (n < 0)  # noqa: E731
        expected = Coord(tom.x + sign(jerry.x - tom.x), tom.y + sign(jerry.y - tom.y))
        assert tom_step(OPEN, tom, jerry) == expected
        assert chebyshev(expected, jerry) == chebyshev(tom, jerry) - 1  # the article's dist(A', B) < dist(A, B)


def test_tom_around_a_blocked_cell_takes_the_free_neighbour_nearest_jerry():
    grid = Grid(6, 6, frozenset({Coord(1, 1)}))
    # The direct step (1, 1) is blocked: (1, 0) and (0, 1) are both 3 from Jerry; (1, 0) comes first.
    assert tom_step(grid, Coord(0, 0), Coord(4, 4)) == Coord(1, 0)
    assert tom_step(grid, Coord(0, 0), Coord(4, 1)) == Coord(1, 0)
    wall = Grid(5, 5, frozenset({Coord(1, y) for y in range(4)}))
    assert tom_step(wall, Coord(0, 0), Coord(4, 0)) == Coord(0, 1)  # along the wall, 4 from Jerry
    alone = Grid(3, 3, frozenset({Coord(1, 0), Coord(1, 1), Coord(0, 1)}))
    assert tom_step(alone, Coord(0, 0), Coord(2, 2)) == Coord(0, 0)  # walled in: stays


def test_jerry_takes_the_farthest_neighbour_first_in_next8_order():
    assert jerry_move(OPEN, Coord(2, 2), [Coord(1, 1)]) == Coord(3, 2)
    assert jerry_move(OPEN, Coord(5, 5), [Coord(3, 3)]) == Coord(5, 4)
    rng = random.Random(4)
    grid = Grid(7, 6, frozenset({Coord(3, 3), Coord(4, 2)}))
    free = list(grid.free_cells())
    for _ in range(200):
        jerry, *toms = rng.sample(free, 3)
        toms = toms[: rng.choice([1, 2])]
        choice = jerry_move(grid, jerry, toms)
        options = grid.neighbours8(jerry)
        far = {c: min(chebyshev(c, t) for t in toms) for c in options}
        assert far[choice] == max(far.values())
        assert all(far[c] < far[choice] for c in options[: options.index(choice)])


def test_toms_rule_is_optimal_on_an_open_grid():
    # Measured fact: against the best prey, the article's Tom catches exactly at the optimal
    # capture time from every start of an open grid.
    for grid in (Grid(6, 6), Grid(7, 4)):
        solver = PursuitSolver(grid)
        rules = Pursuit(grid, max_moves=50)
        best_prey = Player("prey", optimal_prey(solver))
        for p, e in itertools.permutations(grid.cells(), 2):
            record = play(rules, [Player("Tom", tom_strategy()), best_prey], start=state([p], e, grid=grid))
            assert record.winner == 0 and record.final.moves == solver.capture_time(p, e), (p, e)


def test_tom_can_get_stuck_behind_blocked_cells():
    # Six blocked cells (Grid(8, 8) with 10 % blocked by seed 1): the prey is lost in 3 moves
    # against the best pursuer, yet it runs around the blocks ahead of Tom forever.
    blocks = [(0, 6), (1, 2), (3, 6), (4, 0), (4, 4), (6, 6)]
    grid = Grid(8, 8, frozenset(Coord(*c) for c in blocks))
    rules = Pursuit(grid, max_moves=40)
    solver = PursuitSolver(grid)
    start = state([Coord(2, 1)], Coord(0, 2), grid=grid)
    assert solver.capture_time(Coord(2, 1), Coord(0, 2)) == 3
    stuck = play(rules, [Player("Tom", tom_strategy()), Player("Jerry", optimal_prey(solver))], start=start)
    assert stuck.winner == 1 and stuck.final.moves == 40
    best = play(rules, [Player("Tom", optimal_pursuers(solver)), Player("Jerry", optimal_prey(solver))], start=start)
    assert best.winner == 0 and best.final.moves == 3


def test_two_pursuers_catch_on_open_grids():
    grid = Grid(7, 7)
    rng = random.Random(1)
    for strategy in (lone_pursuers(), coalition_pursuers()):
        rules = Pursuit(grid, 2, max_moves=30)
        for _ in range(60):
            record = play(rules, [Player("T", strategy), Player("J", jerry_strategy())], rng=rng)
            assert record.winner == 0


def test_variants_give_rules_and_default_players():
    assert sorted(VARIANTS) == ["G2.2", "G2.3", "G2.4", "G2.5"]
    assert [VARIANTS[c].pursuers for c in sorted(VARIANTS)] == [1, 1, 2, 2]
    grid = Grid(8, 8)
    for code, variant in VARIANTS.items():
        rules = variant.rules(grid, max_moves=50)
        assert rules.pursuers == variant.pursuers and rules.max_moves == 50
        one = play(rules, variant.players(random.Random(2)), rng=random.Random(5))
        two = play(rules, variant.players(random.Random(2)), rng=random.Random(5))
        assert one.states == two.states, code
        assert one.players == (variant.hunter, variant.prey)
    # G2.5's coalition is one player on both faces: given the solver (as the terminal gives it when a
    # side plays optimally) it still plans one round ahead; optimal play is the solver's own player
    solver = PursuitSolver(grid, 2)
    coalition = VARIANTS["G2.5"].rules(grid)
    start = coalition.initial_state(random.Random(9))
    with_solver = play(coalition, VARIANTS["G2.5"].players(random.Random(1), solver), start=start)
    without = play(coalition, VARIANTS["G2.5"].players(random.Random(1)), start=start)
    assert with_solver.states == without.states
    best = play(coalition, [Player("pair", optimal_pursuers(solver)), Player("Jerry", optimal_prey(solver))],
                start=start)
    assert best.winner == 0 and best.final.moves == solver.capture_time(start.pursuers, start.prey)


# ----------------------------------------------------------------------------- views


def test_transcript_in_table_3_format():
    rules = Pursuit(Grid(5, 5), start=(Coord(0, 0), Coord(4, 4)))
    record = play(rules, [Player("Tom", tom_strategy()), Player("Jerry", jerry_strategy())])
    lines = str(record).splitlines()
    assert lines[:7] == ["The game is starting", "Number of players = 2", "Grid's dimensions = 5 x 5",
                         "Player name: Tom", "Initial position: [0, 0]", "Player name: Jerry",
                         "Initial position: [4, 4]"]
    assert lines[7:11] == ["", "Move 1", "Player 0: [1, 1]", "Player 1: [4, 3]"]
    assert lines[-3:] == [f"Jerry is caught at move {record.final.moves}", "The winner is Tom", "The game is over"]


def test_transcript_with_two_pursuers_blocked_cells_and_an_escape():
    grid = Grid(5, 5, frozenset({Coord(2, 2)}))
    rules = Pursuit(grid, 2, start=((Coord(0, 0), Coord(0, 1)), Coord(4, 4)), max_moves=2)
    record = play(rules, [Player("Tom and Spike", lone_pursuers()), Player("Jerry", jerry_strategy())])
    text = str(record)
    assert "Initial position: [0, 0], [0, 1]" in text and "Blocked cells: #" in text
    assert "Player 0: [1, 1], [1, 2]" in text
    assert text.endswith("Jerry escapes: not caught in 2 moves\nThe winner is Jerry\nThe game is over")
    assert "4  T" not in text and "#" in text


def test_pictures():
    grid = Grid(5, 4, frozenset({Coord(2, 2)}))
    here = PursuitState(grid, (Coord(0, 0), Coord(4, 0)), Coord(2, 3), 1, 3)
    assert str(here).splitlines()[-1] == "move 3, the prey to move"
    assert "T . . . T" in str(here) and "J" in str(here)
    svg = here._repr_svg_()
    assert svg.startswith("<svg") and svg.count(">T<") == 2 and ">J<" in svg
    rules = Pursuit(grid, 2, start=((Coord(0, 0), Coord(4, 0)), Coord(2, 3)))
    record = play(rules, [Player("T", lone_pursuers()), Player("J", jerry_strategy())])
    picture = record._repr_svg_()
    assert "caught at move" in picture and ">X<" in picture
    solver = PursuitSolver(grid)
    heat = capture_time_svg(solver, Coord(0, 0))
    assert heat.startswith("<svg") and ">T<" in heat
    text = capture_time_text(solver, Coord(0, 0)).splitlines()
    assert text[-2].startswith("0  T") and "#" in text[1]
