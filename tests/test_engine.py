"""The engine (the article's main loop), records (the partia) and the solver's edge cases."""

import dataclasses
import json
import random

import pytest

from coursekit import (
    Beans,
    Coord,
    CoursekitError,
    GameStopped,
    Grid,
    IllegalMoveError,
    ImpartialSolver,
    OneWayKing,
    Player,
    Record,
    play,
    rules_from_spec,
)
from coursekit.core import NotFiniteError
from coursekit.games.pieces import random_strategy
from coursekit.solvers import mex


def test_an_illegal_move_names_the_player_the_move_and_the_reason():
    cheat = Player("Cheater", lambda rules, state: (0, 0))
    with pytest.raises(IllegalMoveError, match=r"Cheater played \(0, 0\): \[3, 6\] -> \[0, 0\] takes 3 white"):
        play(Beans(3, 6), [cheat, cheat])


def test_move_limit_and_stop():
    rng = random.Random(0)
    players = [Player("P0", random_strategy(rng)), Player("P1", random_strategy(rng))]
    record = play(OneWayKing(Grid(9, 9)), players, max_moves=3)
    assert record.end == "move limit" and len(record) == 3 and record.winner is None
    assert "move limit" in str(record)

    def quit_now(rules, state):
        raise GameStopped("end of input")

    stopped = play(OneWayKing(Grid(9, 9)), [players[0], Player("P1", quit_now)])
    assert stopped.end == "stopped" and len(stopped) == 1 and stopped.winner is None
    assert "The game was stopped" in str(stopped)


def test_wrong_number_of_players():
    with pytest.raises(ValueError, match="played by 2 players, got 1"):
        play(Beans(1, 1), [Player("A", lambda r, s: (0, 0))])


def test_three_players_take_turns():
    rng = random.Random(3)
    rules = OneWayKing(Grid(8, 8), num_players=3)
    record = play(rules, [Player(f"P{i}", random_strategy(rng)) for i in range(3)])
    assert [s.player for s in record.steps] == [i % 3 for i in range(len(record))]
    assert record.winner == record.steps[-1].player
    assert "Number of players = 3" in str(record)


@pytest.mark.parametrize("seed", range(10))
def test_records_survive_a_json_round_trip(seed):
    rng = random.Random(seed)
    grid = Grid(7, 6).with_random_blocked(25, rng, keep=[Coord(6, 5), Coord(0, 0)])
    for rules in (Beans(rng.randrange(1, 9), rng.randrange(0, 9)), OneWayKing(grid)):
        record = play(rules, [Player("A", random_strategy(rng)), Player("B", random_strategy(rng))])
        text = record.to_json()
        again = Record.from_json(text, rules_from_spec)
        assert again == record and str(again) == str(record) and again.to_json() == text


def test_a_tampered_record_is_refused_with_a_reason():
    rng = random.Random(1)
    record = play(Beans(3, 3), [Player("A", random_strategy(rng)), Player("B", random_strategy(rng))])
    data = json.loads(record.to_json())
    data["moves"][0][1] = [0, 0]
    with pytest.raises(CoursekitError, match="move 1"):
        Record.from_json(json.dumps(data), rules_from_spec)
    with pytest.raises(CoursekitError, match="not a valid game record"):
        Record.from_json("{}", rules_from_spec)


def test_records_and_states_are_immutable():
    record = play(Beans(1, 1), [Player("A", lambda r, s: (0, 0)), Player("B", lambda r, s: (0, 0))])
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.winner = 1  # type: ignore[misc]
    assert record.states == (record.start, record.final)


def test_mex():
    assert mex([]) == 0 and mex([1, 2]) == 0 and mex([0, 1, 3]) == 2 and mex([0, 0, 1]) == 2


def test_solver_refuses_a_game_with_a_cycle():
    class Circle:
        def options(self, position):
            return [(position + 1) % 3]

    with pytest.raises(NotFiniteError, match="not finite"):
        ImpartialSolver(Circle()).grundy(0)


def test_solver_handles_long_games_without_recursion():
    solver = ImpartialSolver(OneWayKing(Grid(5000, 1)))
    assert solver.grundy(Coord(4999, 0)) == 1 and solver.grundy(Coord(4998, 0)) == 0


def test_grundy_values_of_a_sum_decide_the_winner():
    # Two kings on two boards: the XOR of Grundy values (Sprague-Grundy), checked by brute force.
    king = ImpartialSolver(OneWayKing(Grid(6, 6)))

    class TwoKings:
        def options(self, pair):
            a, b = pair
            return [(x, b) for x in king.game.options(a)] + [(a, y) for y in king.game.options(b)]

    both = ImpartialSolver(TwoKings())
    cells = list(Grid(6, 6).cells())
    for a in cells[::5]:
        for b in cells[::7]:
            assert both.is_winning((a, b)) == (king.grundy(a) ^ king.grundy(b) != 0)


def test_records_draw_their_path():
    rng = random.Random(2)
    record = play(OneWayKing(Grid(6, 5)), [Player("P0", random_strategy(rng)), Player("P1", random_strategy(rng))])
    svg = record._repr_svg_()
    for i in range(1, len(record)):
        assert f">{i}</text>" in svg
    beans = play(Beans(3, 2), [Player("A", random_strategy(rng)), Player("B", random_strategy(rng))])
    assert beans._repr_svg_().count("<rect") == 4 * 3  # the (white, black) grid of the start
