"""Sums of games: the XOR rule against brute force, the Sprague-Grundy player, records and views."""

import random
from functools import reduce
from itertools import product

import pytest

from coursekit import Coord, Grid, IllegalMoveError, ImpartialSolver, Player, Record, play, rules_from_spec
from coursekit.games import PIECES, OneWayKing, OneWayKnight, OneWayQueen, OneWayRook, PieceSum, SumState
from coursekit.games.pieces import random_strategy
from coursekit.solvers import grundy_table, sprague_grundy_strategy, sum_grundy


def random_sum(rng: random.Random, parts: int, side: int = 5) -> PieceSum:
    games = []
    for _ in range(parts):
        kind = PIECES[rng.choice(sorted(PIECES))]
        w, h = rng.randrange(1, side + 1), rng.randrange(1, side + 1)
        grid = Grid(w, h).with_random_blocked(rng.randrange(0, 30), rng, keep=[Coord(w - 1, h - 1)])
        games.append(kind(grid))
    return PieceSum(tuple(games))


def test_xor_rule_equals_brute_force_on_small_sums():
    rng = random.Random(11)
    for _ in range(25):
        rules = random_sum(rng, rng.randrange(1, 4), side=4)
        solver = ImpartialSolver(rules)  # the sum as one game, straight from its options
        for position in product(*(list(g.grid.free_cells()) for g in rules.games)):
            assert solver.grundy(position) == sum_grundy(rules, position), (rules.spec(), position)


def test_xor_of_components_from_the_tables():
    rules = PieceSum((OneWayQueen(Grid(6, 6)), OneWayRook(Grid(5, 5)), OneWayKnight(Grid(7, 4))))
    tables = [grundy_table(g, g.grid) for g in rules.games]
    position = (Coord(5, 2), Coord(4, 1), Coord(6, 3))
    values = [t[c] for t, c in zip(tables, position, strict=True)]
    assert sum_grundy(rules, position) == reduce(lambda a, b: a ^ b, values) and len(set(values)) > 1


def test_sprague_grundy_player_beats_random_from_every_n_position():
    rng = random.Random(4)
    games_played = 0
    for _ in range(40):
        rules = random_sum(rng, rng.randrange(2, 4), side=6)
        state = rules.initial_state()
        if sum_grundy(rules, state.positions) == 0:
            continue
        for seed in range(3):
            record = play(rules, [Player("SG", sprague_grundy_strategy()),
                                  Player("random", random_strategy(random.Random(seed)))])
            assert record.winner == 0, rules.spec()
            games_played += 1
            for step in record.steps[::2]:  # every move of the Sprague-Grundy player leaves XOR 0
                assert sum_grundy(rules, step.state.positions) == 0
    assert games_played > 30


def test_from_a_zero_position_the_second_player_wins_by_the_same_rule():
    rules = PieceSum((OneWayRook(Grid(4, 4), Coord(3, 1)), OneWayRook(Grid(3, 3), Coord(2, 0))))
    assert sum_grundy(rules, rules.initial_state().positions) == 0
    for seed in range(10):
        rng = random.Random(seed)
        record = play(rules, [Player("random", random_strategy(rng)), Player("SG", sprague_grundy_strategy(rng))])
        assert record.winner == 1


def test_moves_order_errors_and_three_players():
    rules = PieceSum((OneWayKing(Grid(2, 2)), OneWayRook(Grid(3, 1))), num_players=3)
    state = rules.initial_state()
    assert rules.legal_moves(state) == (
        (0, Coord(1, 0)), (0, Coord(0, 0)), (0, Coord(0, 1)), (1, Coord(1, 0)), (1, Coord(0, 0)),
    )
    assert rules.options(state.positions)[0] == (Coord(1, 0), Coord(2, 0))
    cases = {
        (2, Coord(0, 0)): "no piece number 2",
        (0, Coord(1, 1)): "piece 0 (king): the king must move",
        (1, Coord(2, 1)): "piece 1 (rook)",
        Coord(0, 0): "a move is (piece number, cell)",
        "0,0": "a move is (piece number, cell)",
    }
    for move, reason in cases.items():
        assert reason in rules.why_illegal(state, move), move
        with pytest.raises(IllegalMoveError):
            rules.apply(state, move)
    end = SumState((Coord(0, 0), Coord(0, 0)), 1)
    assert rules.is_over(end) and rules.winner(end) == 0 and "game is over" in rules.why_illegal(end, (0, (0, 0)))
    record = play(rules, [Player(f"P{i}", random_strategy(random.Random(i))) for i in range(3)])
    assert record.winner == (len(record) - 1) % 3
    with pytest.raises(ValueError, match="at least one game"):
        PieceSum(())
    with pytest.raises(ValueError, match="one-way piece"):
        PieceSum((Grid(2, 2),))


def test_records_round_trip_and_views():
    rules = PieceSum((OneWayQueen(Grid(4, 3), Coord(3, 1)), OneWayKnight(Grid(4, 4))))
    assert rules_from_spec(rules.spec()) == rules
    record = play(rules, [Player("P0", sprague_grundy_strategy()), Player("P1", random_strategy(random.Random(1)))])
    assert Record.from_json(record.to_json(), rules_from_spec) == record
    text = str(record).splitlines()
    assert text[:3] == ["The game is starting", "Number of players = 2",
                        "Boards: piece 0: queen on 4 x 3; piece 1: knight on 4 x 4"]
    assert text[-1] == "The game is over" and text[-2] == "The winner is P0"
    state = rules.initial_state()
    assert str(state).splitlines()[0] == "Piece 0, queen on [3, 1]:"
    picture = state._repr_svg_()
    assert picture.count("<svg") == 3 and "\u2655" in picture and "\u2658" in picture


def test_the_perfect_and_propp_players_play_sums_whose_moves_are_pairs() -> None:
    """Strategies built on the impartial view solve the states the moves lead to, so they play sums too."""
    from coursekit.core.rules import ImpartialView
    from coursekit.solvers import ImpartialSolver, perfect_strategy, propp_strategy
    from coursekit.solvers.tables import sum_grundy

    rng = random.Random(5)
    for _ in range(20):
        parts = tuple(kind(Grid(rng.randint(2, 5), rng.randint(2, 5))) for kind in (OneWayKing, OneWayRook))
        rules = PieceSum(parts)
        first = rules.initial_state()
        solver = ImpartialSolver(ImpartialView(rules))
        assert (solver.grundy(first) != 0) == (sum_grundy(rules, first.positions) != 0)
        record = play(rules, [Player("A", perfect_strategy()), Player("B", random_strategy(rng))])
        if sum_grundy(rules, first.positions):
            assert record.winner == 0
    three = PieceSum((OneWayKing(Grid(4, 4)), OneWayRook(Grid(3, 3))), num_players=3)
    record = play(three, [Player(name, propp_strategy(random.Random(1))) for name in "ABC"])
    assert record.end == "won"


def test_a_replayed_sum_names_the_piece_that_moved() -> None:
    from coursekit.boards.replay import caption
    from coursekit.solvers import perfect_strategy

    rules = PieceSum((OneWayRook(Grid(3, 3)), OneWayKing(Grid(2, 2))))
    record = play(rules, [Player("A", perfect_strategy()), Player("B", perfect_strategy())])
    assert caption(record, 0) == "Start: [2, 2] [1, 1]"
    step = record.steps[0]
    assert caption(record, 1) == f"Move 1: A -> piece {step.move[0]} to {step.move[1]}"
