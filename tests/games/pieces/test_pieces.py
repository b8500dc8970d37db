"""One-way queen, rook and knight (G1.2-G1.4), and every piece with three players (G1.5-G1.8)."""

import random

import pytest

from coursekit import Coord, Grid, IllegalMoveError, ImpartialSolver, Player, Record, play, rules_from_spec
from coursekit.games import PIECES, OneWayKing, OneWayKnight, OneWayQueen, OneWayRook
from coursekit.games.pieces import article_strategy, favourable, random_strategy, wythoff_pairs


def slide(grid, cell, step):
    out = []
    here = Coord(cell.x + step[0], cell.y + step[1])
    while grid.is_free(here):
        out.append(here)
        here = Coord(here.x + step[0], here.y + step[1])
    return out


def test_targets_in_the_stated_order():
    grid = Grid(5, 4, blocked=frozenset({Coord(2, 1), Coord(4, 0)}))
    queen, rook, knight = OneWayQueen(grid), OneWayRook(grid), OneWayKnight(grid)
    start = Coord(4, 3)
    assert queen.targets(start) == (Coord(4, 2), Coord(4, 1), Coord(3, 2), Coord(3, 3), Coord(2, 3),
                                    Coord(1, 3), Coord(0, 3))
    assert rook.targets(start) == (Coord(4, 2), Coord(4, 1), Coord(3, 3), Coord(2, 3), Coord(1, 3), Coord(0, 3))
    assert knight.targets(start) == (Coord(2, 2), Coord(3, 1))
    assert knight.targets(Coord(2, 2)) == (Coord(0, 1), Coord(1, 0), Coord(0, 3), Coord(3, 0))
    assert knight.targets(Coord(3, 2)) == (Coord(1, 1), Coord(2, 0), Coord(1, 3))  # (4, 0) is blocked


def test_moves_against_a_plain_definition_on_random_blocked_grids():
    rng = random.Random(5)
    for _ in range(40):
        grid = Grid(rng.randrange(1, 9), rng.randrange(1, 9)).with_random_blocked(rng.randrange(0, 50), rng)
        for cell in grid.free_cells():
            queen = [c for s in ((0, -1), (-1, -1), (-1, 0)) for c in slide(grid, cell, s)]
            rook = [c for s in ((0, -1), (-1, 0)) for c in slide(grid, cell, s)]
            knight = [Coord(cell.x + dx, cell.y + dy) for dx, dy in ((-2, -1), (-1, -2), (-2, 1), (1, -2))
                      if grid.is_free(Coord(cell.x + dx, cell.y + dy))]
            assert OneWayQueen(grid, cell).targets(cell) == tuple(queen)
            assert OneWayRook(grid, cell).targets(cell) == tuple(rook)
            assert OneWayKnight(grid, cell).targets(cell) == tuple(knight)


def test_open_knight_ends_exactly_in_the_corner():
    grid = Grid(9, 7)
    stuck = {c for c in grid.cells() if not OneWayKnight(grid).targets(c)}
    assert stuck == {Coord(0, 0), Coord(0, 1), Coord(1, 0), Coord(1, 1)}


@pytest.mark.parametrize("rules,move,reason", [
    (OneWayQueen(Grid(5, 5, blocked=frozenset({Coord(2, 2)}))), Coord(0, 0), "passes the blocked cell [2, 2]"),
    (OneWayQueen(Grid(5, 5)), Coord(2, 3), "is not on such a line"),
    (OneWayQueen(Grid(5, 5)), Coord(4, 4), "must move"),
    (OneWayRook(Grid(5, 5)), Coord(3, 3), "left or down: [4, 4] -> [3, 3] is not on such a line"),
    (OneWayRook(Grid(5, 5, blocked=frozenset({Coord(4, 1)}))), Coord(4, 0), "passes the blocked cell [4, 1]"),
    (OneWayRook(Grid(5, 5, blocked=frozenset({Coord(4, 1)}))), Coord(4, 1), "is a blocked cell"),
    (OneWayKnight(Grid(5, 5)), Coord(3, 3), "is a step of (-1, -1)"),
    (OneWayKnight(Grid(5, 5)), Coord(4, 2), "is a step of (0, -2)"),
    (OneWayKnight(Grid(5, 5)), Coord(5, 2), "outside"),
    (OneWayKnight(Grid(5, 5)), (1, 2, 3), "pair of whole numbers"),
])
def test_illegal_moves_say_why(rules, move, reason):
    state = rules.initial_state()
    assert reason in rules.why_illegal(state, move)
    with pytest.raises(IllegalMoveError, match=reason.replace("[", r"\[").replace("(", r"\(").replace(")", r"\)")):
        rules.apply(state, move)


def test_going_back_is_explained():
    rules = OneWayQueen(Grid(5, 5), Coord(2, 2))
    assert "goes back" in rules.why_illegal(rules.initial_state(), Coord(3, 1))
    rook = OneWayRook(Grid(5, 5), Coord(2, 2))
    assert "goes back" in rook.why_illegal(rook.initial_state(), Coord(2, 4))


def test_three_players_take_turns_and_the_last_mover_wins():
    rng = random.Random(2)
    for name, kind in PIECES.items():
        for _ in range(30):
            grid = Grid(rng.randrange(2, 10), rng.randrange(2, 10)).with_random_blocked(20, rng, keep=[Coord(0, 0)])
            rules = kind(grid, next(c for c in reversed(list(grid.cells())) if c not in grid.blocked), num_players=3)
            record = play(rules, [Player(f"P{i}", random_strategy(rng)) for i in range(3)])
            assert [s.player for s in record.steps] == [i % 3 for i in range(len(record))], name
            assert rules.is_over(record.final)
            if record.steps:
                assert record.winner == record.steps[-1].player
            for before, step in zip(record.states, record.steps, strict=False):
                assert step.move in rules.legal_moves(before)


def test_records_round_trip_for_every_piece():
    for name, kind in PIECES.items():
        rules = kind(Grid(6, 5, blocked=frozenset({Coord(2, 2)})), Coord(5, 3), num_players=3)
        assert rules_from_spec(rules.spec()) == rules and rules.spec()["game"] == name
        record = play(rules, [Player(f"P{i}", random_strategy(random.Random(i))) for i in range(3)])
        assert Record.from_json(record.to_json(), rules_from_spec) == record


def test_the_articles_rule_is_perfect_on_open_grids_for_queen_and_rook():
    for kind in (OneWayQueen, OneWayRook, OneWayKing):
        grid = Grid(12, 10)
        solver = ImpartialSolver(kind(grid))
        for cell in grid.cells():
            assert favourable(kind.piece, cell) == (solver.outcome(cell) == "P"), (kind.piece, cell)
        for seed in range(10):
            rng = random.Random(seed)
            start = Coord(rng.randrange(12), rng.randrange(10))
            if solver.outcome(start) == "N":
                record = play(kind(grid, start), [Player("P0", article_strategy(rng)),
                                                  Player("P1", random_strategy(rng))])
                assert record.winner == 0
    with pytest.raises(ValueError, match="no closed form for the knight"):
        favourable("knight", Coord(0, 0))


def test_article_knight_is_random_and_wythoff_pairs():
    rules = OneWayKnight(Grid(8, 8))
    picks = {article_strategy(random.Random(s))(rules, rules.initial_state()) for s in range(20)}
    assert picks == set(rules.targets(Coord(7, 7)))
    assert wythoff_pairs(20)[-1] == (19, 31) and len(wythoff_pairs(1000)) == 619


def test_king_is_unchanged():
    assert PIECES["king"] is OneWayKing
    assert OneWayKing(Grid(5, 5)).targets(Coord(4, 4)) == (Coord(4, 3), Coord(3, 3), Coord(3, 4))
