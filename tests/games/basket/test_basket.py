"""The basket (source B): rules, B's worked example, B's table, and the theory against brute force.

Expected numbers come from B's text (its Array 1 and Array 2), from REFERENCE.md (a colour
of n balls with a cap k has Grundy value n mod (k + 1); the colours add as Nim; (3, 3, 3) is
a first-player win) and from brute force written here or in the generic solvers.
"""

from __future__ import annotations

import itertools
import random
from functools import cache

import pytest

from coursekit.core import IllegalMoveError, Player, Record, play, random_strategy
from coursekit.core.rules import ImpartialView
from coursekit.games import rules_from_spec
from coursekit.games.basket import (
    BLUE,
    GREEN,
    IMPOSSIBLE,
    RED,
    Basket,
    BasketState,
    Put,
    finish_range,
    grundy_value,
    nim_sum,
    perfect_strategy,
    source_choice,
    source_example,
    source_strategy,
    source_table,
    source_table_fast,
    win_rates,
    winning_moves,
)
from coursekit.solvers import ImpartialSolver
from coursekit.solvers.gametree import solve

#: (colours, balls, cap): small baskets every position of which is checked.
SMALL = [(1, 6, None), (1, 7, 2), (2, 3, None), (2, 4, 2), (3, 3, None), (3, 3, 1), (3, 4, 2), (4, 2, None),
         (2, 5, 3), (3, 2, 5)]


def positions(rules: Basket) -> list[BasketState]:
    """Every position of ``rules`` (the first player to move)."""
    return [rules.position(left) for left in itertools.product(range(rules.balls + 1), repeat=rules.colours)]


# The rules.

def test_a_move_puts_balls_of_one_colour_and_the_turn_passes() -> None:
    rules = Basket()
    state = rules.apply(rules.initial_state(), Put(GREEN, 3))
    assert state == BasketState((3, 3, 0), 1)
    assert rules.legal_moves(state) == (Put(RED, 1), Put(RED, 2), Put(RED, 3), Put(BLUE, 1), Put(BLUE, 2),
                                        Put(BLUE, 3))
    assert rules.apply(state, (0, 2)) == BasketState((1, 3, 0), 0)


def test_the_player_who_puts_the_last_ball_wins() -> None:
    rules = Basket()
    state = rules.initial_state()
    for move, mover in [(Put(RED, 3), 0), (Put(BLUE, 3), 1), (Put(GREEN, 2), 0), (Put(GREEN, 1), 1)]:
        assert rules.to_move(state) == mover and not rules.is_over(state)
        state = rules.apply(state, move)
    assert rules.is_over(state) and rules.winner(state) == 1 and rules.returns(state) == (-1, 1)
    assert rules.legal_moves(state) == ()
    assert rules.why_illegal(state, Put(RED, 1)) == "the game is over: every ball is in the basket"


@pytest.mark.parametrize(("move", "reason"), [
    (Put(RED, 3), "red has only 2 balls left, not 3"),
    (Put(GREEN, 1), "green has no balls left"),
    (Put(BLUE, 0), "a move puts at least one ball in the basket, not 0"),
    (Put(3, 1), "there is no colour 3: the colours are 0 to 2 (red, blue, green)"),
    ((-1, -1), "there is no colour -1: the colours are 0 to 2 (red, blue, green)"),
    ("R2", "a move is a colour and a number of balls, a pair of whole numbers (colour, balls), not 'R2'"),
])
def test_illegal_moves_are_refused_with_the_reason(move: object, reason: str) -> None:
    rules = Basket()
    state = rules.position((2, 2, 0))
    assert rules.why_illegal(state, move) == reason
    with pytest.raises(IllegalMoveError, match=reason.replace("(", r"\(").replace(")", r"\)")):
        rules.apply(state, move)


def test_a_cap_limits_the_balls_of_one_move() -> None:
    rules = Basket(3, 4, cap=2)
    state = rules.initial_state()
    assert rules.why_illegal(state, Put(RED, 3)) == "at most 2 balls go in at one move, not 3"
    assert {m.balls for m in rules.legal_moves(state)} == {1, 2}
    assert len(rules.legal_moves(rules.position((1, 0, 4)))) == 3


def test_legal_moves_are_exactly_the_moves_without_a_reason() -> None:
    for colours, balls, cap in SMALL:
        rules = Basket(colours, balls, cap)
        candidates = [Put(c, b) for c in range(-1, colours + 1) for b in range(-1, balls + 2)]
        for state in positions(rules):
            assert set(rules.legal_moves(state)) == {m for m in candidates if rules.why_illegal(state, m) is None}


def test_bad_options_and_positions_are_refused() -> None:
    for bad in [dict(colours=0), dict(colours=7), dict(balls=0), dict(cap=0), dict(balls=2.5)]:
        with pytest.raises(ValueError):
            Basket(**bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="each of the 3 colours"):
        Basket().position((1, 2))
    with pytest.raises(ValueError, match="blue has 4 balls left"):
        Basket().position((1, 4, 0))
    with pytest.raises(ValueError, match="whole number"):
        Basket().position((1, -1, 0))


def test_a_game_lasts_at_most_one_move_per_ball() -> None:
    rules = Basket(4, 5, cap=3)
    assert rules.max_game_length() == 20
    one_ball = [Player(f"P{p}", lambda r, s: Put(next(c for c, n in enumerate(s.left) if n), 1)) for p in range(2)]
    assert len(play(rules, one_ball).moves) == 20


def test_records_round_trip_through_json() -> None:
    for rules in (Basket(), Basket(5, 6, cap=3)):
        for seed in range(5):
            rng = random.Random(seed)
            record = play(rules, [Player("B", source_strategy(3, rng)), Player("random", random_strategy(rng))])
            again = Record.from_json(record.to_json(), rules_from_spec)
            assert again.states == record.states and again.winner == record.winner
            assert [s.move for s in again.moves] == [s.move for s in record.moves]
            assert rules_from_spec(rules.spec()) == rules


# B's worked example and B's table.

def test_b_worked_example_array_1_and_array_2() -> None:
    # B's figure 1: three green, one blue and one red ball in the basket; depth 3.
    rules, state, depth = source_example()
    assert state.left == (2, 2, 0) and depth == 3
    table = source_table(rules, state, depth)
    assert table.columns == tuple(Put(c, b) for c in (RED, BLUE, GREEN) for b in (1, 2, 3))
    assert table.rows == (  # B's Array 1
        (0, 0, -127, 0, 0, -127, -127, -127, -127),
        (0, 1, 0, 0, 1, 0, 0, 0, 0),
        (1, 1, 0, 1, 1, 0, 0, 0, 0),
    )
    assert table.scores == (1, -1, -127, 1, -1, -127, -127, -127, -127)  # B's Array 2
    # B: "put either one red or one blue"; its second column by hand: 0*3 + (-1)*2 + 1*1.
    assert table.best == (Put(RED, 1), Put(BLUE, 1))
    assert table.scores[1] == 0 * 3 + (-1) * 2 + 1 * 1
    printed = str(table).splitlines()
    assert printed[2] == "0 | 0 | -127 | 0 | 0 | -127 | -127 | -127 | -127 |"
    assert printed[-1] == "1 | -1 | -127 | 1 | -1 | -127 | -127 | -127 | -127 |"


def test_b_picks_at_random_among_the_best_columns_and_the_seed_fixes_the_pick() -> None:
    rules, state, depth = source_example()
    picks = {source_choice(rules, state, depth, random.Random(seed)) for seed in range(30)}
    assert picks == {Put(RED, 1), Put(BLUE, 1)}
    assert all(source_choice(rules, state, depth, random.Random(s)) == source_choice(rules, state, depth,
               random.Random(s)) for s in range(10))


def test_b_example_position_is_lost_whatever_b_plays() -> None:
    # B says one red or one blue "lead to a win for certain"; the Nim sum 2 xor 2 = 0 says every move loses.
    rules, state, _ = source_example()
    assert nim_sum(rules, state) == 0
    after = rules.apply(state, Put(RED, 1))
    reply = rules.apply(after, Put(BLUE, 1))  # the opponent leaves one red and one blue
    assert reply.left == (1, 1, 0) and nim_sum(rules, reply) == 0


def brute_table(rules: Basket, state: BasketState, depth: int) -> tuple[tuple[int, ...], ...]:
    """B's Array 1 straight from its description: every line of play of up to ``depth`` moves, listed."""
    columns = [Put(c, b) for c in range(rules.colours) for b in range(1, rules.most_per_move + 1)]
    rows = [[0] * len(columns) for _ in range(depth)]
    lines: list[list[tuple[Put, BasketState]]] = [[(m, rules.apply(state, m))] for m in rules.legal_moves(state)]
    while lines:
        line = lines.pop()
        move, last = line[0][0], line[-1][1]
        if last.is_full:
            rows[len(line) - 1][columns.index(move)] = 1
        elif len(line) < depth:
            lines.extend([*line, (m, rules.apply(last, m))] for m in rules.legal_moves(last))
    for column, move in enumerate(columns):
        if rules.why_illegal(state, move) is not None:
            rows[0][column] = IMPOSSIBLE
    return tuple(tuple(r) for r in rows)


def test_b_table_and_the_fast_table_agree_with_every_line_of_play_listed() -> None:
    for colours, balls, cap in [(2, 3, None), (3, 3, None), (3, 3, 2), (2, 4, 2), (4, 2, None)]:
        rules = Basket(colours, balls, cap)
        for state in positions(rules):
            if state.is_full:
                continue
            for depth in (1, 2, 3, 5):
                table = source_table(rules, state, depth)
                assert table.rows == brute_table(rules, state, depth), (state, depth)
                assert source_table_fast(rules, state, depth) == table


def test_b_full_depth_table_on_the_start_agrees_with_the_fast_one() -> None:
    rules = Basket()
    start = rules.initial_state()
    table = source_table(rules, start, 9)
    assert table == source_table_fast(rules, start, 9)
    assert table.best == (Put(RED, 3), Put(BLUE, 3), Put(GREEN, 3))  # all winning moves, by REFERENCE.md


def test_a_move_that_fills_the_basket_always_scores_highest() -> None:
    for colours, balls, cap in SMALL:
        rules = Basket(colours, balls, cap)
        for state in positions(rules):
            finishing = {m for m in rules.legal_moves(state) if rules.apply(state, m).is_full}
            for depth in (1, 2, 4, 7):
                if finishing:
                    assert set(source_table_fast(rules, state, depth).best) == finishing


def test_finish_range_is_the_fewest_and_most_moves_by_brute_force() -> None:
    @cache
    def lengths(rules: Basket, left: tuple[int, ...]) -> frozenset[int]:
        state = BasketState(left)
        if state.is_full:
            return frozenset({0})
        after = [rules.next_state(state, m).left for m in rules.legal_moves(state)]
        return frozenset(n + 1 for left in after for n in lengths(rules, left))

    for colours, balls, cap in SMALL:
        rules = Basket(colours, balls, cap)
        for state in positions(rules):
            fewest, most = finish_range(state.left, cap)
            assert lengths(rules, state.left) == frozenset(range(fewest, most + 1)) or state.is_full


def test_the_depth_must_be_a_whole_number_of_at_least_one() -> None:
    rules = Basket()
    with pytest.raises(ValueError, match="depth"):
        source_table(rules, rules.initial_state(), 0)
    with pytest.raises(ValueError, match="game is over"):
        source_table(rules, rules.position((0, 0, 0)), 3)


# The theory.

@pytest.mark.parametrize(("colours", "balls", "cap"), SMALL)
def test_grundy_values_are_nim_sums_of_n_mod_k_plus_1(colours: int, balls: int, cap: int | None) -> None:
    rules = Basket(colours, balls, cap)
    solver = ImpartialSolver(ImpartialView(rules))
    for state in positions(rules):
        expected = 0
        for n in state.left:
            expected ^= n if cap is None else n % (cap + 1)
        assert nim_sum(rules, state) == expected
        assert (solver.grundy(state) == 0) == (expected == 0), state
        if colours == 1:
            assert solver.grundy(state) == grundy_value(state.left[0], cap)


def test_winning_moves_are_the_solver_s_winning_moves() -> None:
    for colours, balls, cap in SMALL:
        rules = Basket(colours, balls, cap)
        solver = ImpartialSolver(ImpartialView(rules))
        for state in positions(rules):
            expected = {m for m in rules.legal_moves(state) if solver.grundy(rules.next_state(state, m)) == 0}
            assert set(winning_moves(rules, state)) == expected, state


def test_three_colours_of_three_is_a_first_player_win_by_the_game_tree_solver() -> None:
    rules = Basket()
    solution = solve(rules, rules.initial_state())
    assert solution.outcome == "win"
    assert set(solution.best_moves) == set(winning_moves(rules, rules.initial_state())) == {
        Put(RED, 3), Put(BLUE, 3), Put(GREEN, 3)}
    for left, cap in [((1, 2, 3), None), ((3, 3, 2), 2), ((2, 2, 0), None), ((4, 1, 2), 3)]:
        rules = Basket.for_position(left, cap)
        state = rules.position(left)
        outcome = solve(rules, state).outcome
        assert outcome == ("win" if nim_sum(rules, state) else "loss"), (left, cap)


def test_the_perfect_player_never_loses_from_a_winning_start() -> None:
    for colours, balls, cap in SMALL:
        rules = Basket(colours, balls, cap)
        for index, state in enumerate(positions(rules)):
            if not nim_sum(rules, state):
                continue
            rng = random.Random(index)
            for opponent in (random_strategy(rng), perfect_strategy(rng), source_strategy(4, rng)):
                record = play(rules, [Player("perfect", perfect_strategy(rng)), Player("other", opponent)],
                              start=state)
                assert record.winner == 0, (state, [s.move for s in record.moves])


def test_the_same_seed_gives_the_same_game() -> None:
    rules = Basket(5, 6, cap=3)

    def game(seed: int) -> list[object]:
        rng = random.Random(seed)
        record = play(rules, [Player("B", source_strategy(3, rng)), Player("random", random_strategy(rng))])
        return [s.move for s in record.moves]

    assert game(4) == game(4) and game(5) == game(5)
    assert len({tuple(game(s)) for s in range(6)}) > 1


def test_win_rates_are_reproducible_and_b_never_beats_perfect_play_from_a_losing_start() -> None:
    rules = Basket()
    first = win_rates(rules, [(3, 3, 3), (1, 2, 3)], [1, 3], games=20, seed=7)
    assert first == win_rates(rules, [(3, 3, 3), (1, 2, 3)], [1, 3], games=20, seed=7)
    assert [(r.start_value, r.opponent) for r in first[:2]] == [("win", "random"), ("win", "perfect")]
    assert all(r.wins == 0 for r in first if r.start_value == "loss" and r.opponent == "perfect")
    assert all(0 <= r.rate <= 1 and r.games == 20 for r in first)


def test_b_search_tries_every_line_of_play_once() -> None:
    # B's nodes: one per move tried, i.e. the lines of play of 1 to ``depth`` moves, counted here by recursion.
    def lines(rules: Basket, state: BasketState, depth: int) -> int:
        if depth == 0:
            return 0
        return sum(1 + lines(rules, rules.next_state(state, m), depth - 1) for m in rules.legal_moves(state))

    for rules, left, depth in [(Basket(), (3, 3, 3), 9), (Basket(), (3, 3, 3), 4), (Basket(cap=2), (3, 2, 3), 5),
                               (Basket(), (2, 2, 0), 3)]:
        state = rules.position(left)
        assert source_table(rules, state, depth).nodes == lines(rules, state, depth)
    assert source_table(Basket(), Basket().initial_state(), 9).nodes == 24_135
