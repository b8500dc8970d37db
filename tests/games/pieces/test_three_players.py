"""Three players (G1.5-G1.8): Propp's classes against an exhaustive game-tree search."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coursekit import Coord, Grid, Player, perfect_strategy, play
from coursekit.games.pieces import PIECES, PieceState, random_strategy
from coursekit.solvers.propp import ProppSolver, classify_options, propp_strategy, propp_table, spoiler_strategy


def can_force(rules, state: PieceState, team: frozenset[int], memo: dict) -> bool:
    """Whether the players in ``team`` (by number) can make one of them the winner, whatever the others do.

    Plain game-tree search through the rules (moves, apply, winner), with the players named
    by number rather than by place in the turn order.
    """
    key = (state.at, state.turn)
    if key not in memo:
        if rules.is_over(state):
            memo[key] = rules.winner(state) in team
        else:
            results = [can_force(rules, rules.apply(state, m), team, memo) for m in rules.legal_moves(state)]
            memo[key] = any(results) if rules.to_move(state) in team else all(results)
    return memo[key]


def brute_force_classes(piece: str, grid: Grid) -> dict[Coord, str]:
    classes = {}
    start = next(grid.free_cells())
    rules = PIECES[piece](grid, start, num_players=3)
    memos = {p: {} for p in range(3)}
    for cell in grid.free_cells():
        state = PieceState(grid, cell, 0)
        alone = [p for p in range(3) if can_force(rules, state, frozenset({p}), memos[p])]
        assert len(alone) <= 1, (piece, cell, alone)  # at most one player can win alone
        classes[cell] = "NOP"[alone[0]] if alone else "Q"
    return classes


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(PIECES)), st.integers(1, 7), st.integers(1, 7), st.integers(0, 40),
       st.integers(0, 10_000))
def test_classes_equal_exhaustive_search_on_small_blocked_grids(piece, width, height, percent, seed):
    grid = Grid(width, height).with_random_blocked(percent, random.Random(seed), keep=[Coord(0, 0)])
    expected = brute_force_classes(piece, grid)
    solver = ProppSolver(PIECES[piece](grid, Coord(0, 0), num_players=3))
    table = propp_table(piece, grid)
    for cell, name in expected.items():
        assert solver.classify(cell) == name == table[cell], (piece, cell, grid.blocked)
    assert all(table[c] == "#" for c in grid.blocked)


def test_a_pair_can_stop_the_third_exactly_when_he_cannot_win_alone():
    grid = Grid(6, 5)
    for piece in PIECES:
        rules = PIECES[piece](grid, num_players=3)
        solver = ProppSolver(rules)
        memos = {p: {} for p in range(3)}
        for cell in grid.cells():
            state = PieceState(grid, cell, 0)
            for place, lone in zip("NOP", range(3), strict=True):
                pair = frozenset(range(3)) - {lone}
                assert solver.coalition_can_stop(cell, place) == can_force(rules, state, pair, memos[lone])
    with pytest.raises(ValueError, match="by place"):
        solver.coalition_can_stop(Coord(0, 0), "X")


def test_every_class_occurs_and_q_is_common_on_open_boards():
    counts = {piece: Counter(propp_table(piece, Grid(30, 30)).values) for piece in PIECES}
    for piece, count in counts.items():
        assert set(count) == {"N", "O", "P", "Q"}, piece
    assert counts["queen"]["Q"] > 0.5 * 900  # with long moves almost every position is queer


def test_classify_options_rule():
    bits = {name: 1 << i for i, name in enumerate("NOPQ")}
    assert classify_options(0) == 2  # no move: Previous has won
    assert classify_options(bits["N"]) == 1
    assert classify_options(bits["O"]) == 2
    assert classify_options(bits["P"] | bits["Q"]) == 0
    assert classify_options(bits["N"] | bits["O"]) == 3
    assert classify_options(bits["Q"]) == 3


def test_long_games_need_no_recursion():
    solver = ProppSolver(PIECES["king"](Grid(1, 5000), num_players=3))
    assert solver.classify(Coord(0, 4999)) == "PNO"[4999 % 3]
    # On a single column the king just steps down: the player who makes the last step is fixed.
    assert [solver.classify(Coord(0, y)) for y in range(6)] == ["P", "N", "O", "P", "N", "O"]
    assert len(solver) == 5000


def players(*strategies):
    return [Player(f"P{i}", s) for i, s in enumerate(strategies)]


def test_propp_player_wins_alone_from_every_n_position_against_any_play():
    grid = Grid(8, 8)
    for piece in PIECES:
        table = propp_table(piece, grid)
        for cell in table.cells_with("N"):
            rules = PIECES[piece](grid, cell, num_players=3)
            for seed in range(3):
                rng = random.Random(seed)
                opponents = [random_strategy(rng), spoiler_strategy(rng), perfect_strategy(rng)]
                record = play(rules, players(propp_strategy(rng), opponents[seed], opponents[(seed + 1) % 3]))
                assert record.winner == 0, (piece, cell, seed)


def test_the_previous_player_wins_alone_from_p_positions():
    grid = Grid(9, 9)
    table = propp_table("rook", grid)
    for cell in table.cells_with("P")[:15]:
        rules = PIECES["rook"](grid, cell, num_players=3)
        for seed in range(3):
            rng = random.Random(seed)
            record = play(rules, players(random_strategy(rng), random_strategy(rng), propp_strategy(rng)))
            assert record.winner == 2, (cell, seed)


def test_three_strategies_play_each_other():
    # Not a theorem: a measured tournament, to show that the results depend on who plays whom.
    grid = Grid(10, 10)
    wins = Counter()
    rng = random.Random(3)
    for piece in PIECES:
        for _ in range(30):
            rules = PIECES[piece](grid, Coord(rng.randrange(2, 10), rng.randrange(2, 10)), num_players=3)
            order = [("propp", propp_strategy(rng)), ("spoiler", spoiler_strategy(rng)),
                     ("random", random_strategy(rng))]
            rng.shuffle(order)
            record = play(rules, players(*(s for _, s in order)))
            assert record.winner == (len(record) - 1) % 3  # whoever moved last
            wins[order[record.winner][0]] += 1
    assert sum(wins.values()) == 120
    assert wins["random"] < max(wins["propp"], wins["spoiler"])
