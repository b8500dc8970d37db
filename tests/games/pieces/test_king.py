"""The one-way king (G1.1), on open grids and grids with blocked cells."""

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit import Coord, Grid, IllegalMoveError, ImpartialSolver, OneWayKing, Player, perfect_strategy, play
from coursekit.games.pieces import article_strategy, random_strategy


def brute_force_table(grid: Grid) -> dict[Coord, bool]:
    """Winning or not, straight from the definition, by plain recursion on the grid."""

    @cache
    def wins(x: int, y: int) -> bool:
        targets = [(x - 1, y), (x, y - 1), (x - 1, y - 1)]
        return any(not wins(a, b) for a, b in targets if a >= 0 and b >= 0 and (a, b) not in grid.blocked)

    return {c: wins(*c) for c in grid.free_cells()}


def test_king_moves_in_next8_order():
    rules = OneWayKing(Grid(5, 5))
    assert rules.legal_moves(rules.initial_state()) == (Coord(4, 3), Coord(3, 3), Coord(3, 4))
    assert rules.options(Coord(0, 3)) == (Coord(0, 2),)
    assert rules.options(Coord(0, 0)) == ()


def test_open_grid_is_beans():
    solver = ImpartialSolver(OneWayKing(Grid(40, 30)))
    for c in Grid(40, 30).cells():
        assert solver.outcome(c) == ("P" if c.x % 2 == 0 and c.y % 2 == 0 else "N"), c


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 9), st.integers(1, 9), st.integers(0, 60), st.integers(0, 10_000))
def test_solver_matches_brute_force_on_random_blocked_grids(width, height, percent, seed):
    grid = Grid(width, height).with_random_blocked(percent, random.Random(seed), keep=[Coord(0, 0)])
    solver = ImpartialSolver(OneWayKing(grid, Coord(0, 0)))
    for cell, wins in brute_force_table(grid).items():
        assert solver.is_winning(cell) is wins, (cell, grid)


def test_blocked_cells_break_the_closed_form():
    # One blocked cell is enough: with (2, 0) blocked, (2, 1) has only moves to N-positions.
    grid = Grid(3, 3, blocked=frozenset({Coord(2, 0)}))
    solver = ImpartialSolver(OneWayKing(grid))
    assert solver.outcome(Coord(2, 1)) == "P"
    assert solver.outcome(Coord(2, 2)) == "N"
    assert solver.winning_moves(Coord(2, 2)) == (Coord(2, 1),)
    disagreements = {c for c in grid.free_cells() if solver.is_winning(c) == (c.x % 2 == 0 and c.y % 2 == 0)}
    assert disagreements == {Coord(2, 1), Coord(2, 2)}


def test_bad_rules_and_moves_say_why():
    with pytest.raises(ValueError, match="outside"):
        OneWayKing(Grid(3, 3), Coord(3, 3))
    with pytest.raises(ValueError, match="blocked"):
        OneWayKing(Grid(3, 3, blocked=frozenset({Coord(2, 2)})))
    rules = OneWayKing(Grid(4, 4, blocked=frozenset({Coord(2, 2)})))
    state = rules.initial_state()
    cases = {
        Coord(2, 2): "blocked",
        Coord(4, 3): "outside",
        Coord(3, 3): "must move",
        Coord(1, 3): "2 cells away",
        (3,): "pair of whole numbers",
        "3,2": "pair of whole numbers",
    }
    for move, reason in cases.items():
        assert reason in rules.why_illegal(state, move), move
        with pytest.raises(IllegalMoveError, match=reason):
            rules.apply(state, move)
    up = rules.apply(state, Coord(3, 2))
    assert "goes back" in rules.why_illegal(up, Coord(3, 3))


def test_dead_end_ends_the_game_and_the_last_mover_wins():
    grid = Grid(3, 3, blocked=frozenset({Coord(0, 1), Coord(0, 0), Coord(1, 0)}))
    rules = OneWayKing(grid, Coord(2, 2))
    state = rules.apply(rules.initial_state(), Coord(1, 1))
    assert rules.is_over(state) and rules.winner(state) == 0


def test_random_playouts_on_blocked_grids():
    rng = random.Random(7)
    for _ in range(200):
        w, h = rng.randrange(2, 12), rng.randrange(2, 12)
        grid = Grid(w, h).with_random_blocked(rng.randrange(0, 40), rng, keep=[Coord(w - 1, h - 1), Coord(0, 0)])
        rules = OneWayKing(grid)
        record = play(rules, [Player("P0", random_strategy(rng)), Player("P1", random_strategy(rng))])
        assert rules.is_over(record.final) and record.winner == record.steps[-1].player if record.steps else True
        for before, step in zip(record.states, record.steps, strict=False):
            assert step.move in rules.legal_moves(before)
            assert grid.is_free(step.state.at)


def test_the_articles_p0_always_wins_from_a_winning_start_on_an_open_grid():
    for w in range(2, 10):
        for h in range(1, 10):
            start = Coord(w - 1, h - 1)
            if start.x % 2 == 0 and start.y % 2 == 0:
                continue
            for seed in range(5):
                rng = random.Random(seed)
                record = play(OneWayKing(Grid(w, h)), [Player("P0", article_strategy(rng)),
                                                       Player("P1", random_strategy(rng))])
                assert record.winner == 0


def test_perfect_player_wins_where_the_articles_rule_fails():
    rules = OneWayKing(Grid(3, 3, blocked=frozenset({Coord(2, 0)})))  # start (2, 2): N, but "both even"
    article_wins = perfect_wins = 0
    for seed in range(30):
        rng = random.Random(seed)
        perfect = play(rules, [Player("P0", perfect_strategy()), Player("P1", perfect_strategy(rng))])
        perfect_wins += perfect.winner == 0
        article = play(rules, [Player("P0", article_strategy(rng)), Player("P1", perfect_strategy(rng))])
        article_wins += article.winner == 0
    assert perfect_wins == 30
    assert 0 < article_wins < 30  # the article's rule sees a losing start and moves at random


def test_table_3_transcript_for_a_fixed_seed():
    rng = random.Random(1)
    record = play(OneWayKing(Grid(5, 5)), [Player("P0", article_strategy(rng)), Player("P1", random_strategy(rng))])
    lines = str(record).splitlines()
    assert lines[:7] == [
        "The game is starting", "Number of players = 2", "Grid's dimensions = 5 x 5",
        "Player name: P0", "Initial position: [4, 4]", "Player name: P1", "Initial position: [4, 4]",
    ]
    assert lines[7:10] == ["", "Move 1", "Player 0: [4, 3]"]
    assert lines[-2:] == ["The winner is P0", "The game is over"]
    moves = [line for line in lines if line.startswith("Player ") and ":" in line and "name" not in line]
    assert len(moves) == len(record)


def test_state_draws_the_grid_with_blocked_cells_and_the_king():
    grid = Grid(4, 3, blocked=frozenset({Coord(1, 1), Coord(2, 0)}))
    state = OneWayKing(grid).initial_state()
    svg = state._repr_svg_()
    assert svg.count("<rect") == 12 and svg.count('fill="#3b3b3b"') == 2 and "\u2654" in svg
    assert str(state).splitlines()[0] == "2  . . . K"
