"""Beans: rules, the article's closed form, its players and its transcript."""

import dataclasses
import random
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coursekit import Beans, BeansState, IllegalMoveError, ImpartialSolver, Player, perfect_strategy, play
from coursekit.games.beans import article_strategy, is_winning, options, random_strategy, winning_move


@cache
def brute_force_wins(m: int, n: int) -> bool:
    """Straight from the definition: winning iff some move leads to a losing position."""
    moves = [(m - 1, n), (m, n - 1), (m - 1, n - 1)]
    return any(not brute_force_wins(a, b) for a, b in moves if a >= 0 and b >= 0)


def test_table_1_of_the_article():
    # (M, N) and whether the start is favourable for A, as in the article's Table 1.
    table = {(0, 0): False, (1, 0): True, (1, 1): True, (2, 0): False, (2, 1): True,
             (3, 0): True, (2, 2): False, (3, 1): True, (3, 2): True}
    for (m, n), favourable in table.items():
        assert brute_force_wins(m, n) is favourable
        assert is_winning(m, n) is favourable


def test_closed_form_proved_by_the_solver_on_every_position_up_to_60():
    solver = ImpartialSolver(Beans(1, 1))
    for m in range(61):
        for n in range(61):
            assert solver.is_winning((m, n)) == is_winning(m, n), (m, n)
    assert len(solver) == 61 * 61


def test_closed_form_agrees_with_brute_force():
    for m in range(25):
        for n in range(25):
            assert brute_force_wins(m, n) == is_winning(m, n)


@given(st.integers(0, 500), st.integers(0, 500))
def test_winning_move_is_legal_and_wins(m, n):
    if m + n == 0:
        with pytest.raises(IllegalMoveError):
            winning_move(m, n)
        return
    move = winning_move(m, n)
    assert move in options((m, n))
    if is_winning(m, n):
        assert not is_winning(*move)


def test_winning_moves_of_the_article():
    assert winning_move(3, 5) == (2, 4)  # odd/odd
    assert winning_move(3, 6) == (2, 6)  # odd/even
    assert winning_move(4, 7) == (4, 6)  # even/odd


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        ((3, 6), "at least one bean"),
        ((1, 6), "takes 2 white and 0 black"),
        ((2, 4), "takes 1 white and 2 black"),
        ((4, 6), "cannot be put back"),
        ((-1, 6), "negative"),
        ("2,6", "pair of whole numbers"),
        ((2.0, 6), "pair of whole numbers"),
        ((True, 6), "pair of whole numbers"),
    ],
)
def test_illegal_moves_say_why(move, reason):
    rules = Beans(3, 6)
    state = rules.initial_state()
    assert reason in rules.why_illegal(state, move)
    with pytest.raises(IllegalMoveError, match=reason):
        rules.apply(state, move)


def test_bad_starts_say_why():
    with pytest.raises(ValueError, match="at least one bean"):
        Beans(0, 0)
    with pytest.raises(ValueError, match="whole number"):
        Beans(-1, 2)


def test_game_over_and_winner():
    rules = Beans(1, 0)
    state = rules.apply(rules.initial_state(), (0, 0))
    assert rules.is_over(state) and rules.winner(state) == 0
    assert "game is over" in rules.why_illegal(state, (0, 0))


def test_random_playouts_end_with_legal_moves_and_states_never_change():
    rng = random.Random(0)
    for _ in range(200):
        rules = Beans(rng.randrange(0, 12), rng.randrange(1, 12))
        record = play(rules, [Player("A", random_strategy(rng)), Player("B", random_strategy(rng))])
        assert record.end == "won" and rules.is_over(record.final)
        assert len(record) <= rules.white + rules.black
        previous = record.start
        for step in record.steps:
            assert step.move in options(previous.position)
            assert step.state.position == step.move
            previous = step.state
        assert record.winner == record.steps[-1].player
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.start.white = 0  # type: ignore[misc]


def test_the_articles_player_a_always_wins_from_a_winning_start():
    for m in range(16):
        for n in range(16):
            if not is_winning(m, n):
                continue
            for seed in range(10):
                rng = random.Random(seed)
                record = play(Beans(m, n), [Player("A", article_strategy(rng)), Player("B", random_strategy(rng))])
                assert record.winner == 0, (m, n, seed)


def test_from_a_losing_start_a_perfect_b_always_wins():
    for m, n in [(2, 6), (4, 6), (0, 2), (8, 8)]:
        rng = random.Random(1)
        record = play(Beans(m, n), [Player("A", article_strategy(rng)), Player("B", perfect_strategy())])
        assert record.winner == 1


def test_table_2_transcript_for_a_fixed_seed():
    rng = random.Random(1)
    record = play(Beans(3, 6), [Player("A", article_strategy(rng)), Player("B", random_strategy(rng))])
    assert str(record).splitlines() == [
        "Start: [M=3, N=6]",
        "Move 1", "Player 1: [2, 6]", "Player 2: [1, 6]",
        "Move 2", "Player 1: [0, 6]", "Player 2: [0, 5]",
        "Move 3", "Player 1: [0, 4]", "Player 2: [0, 3]",
        "Move 4", "Player 1: [0, 2]", "Player 2: [0, 1]",
        "Move 5", "Player 1: [0, 0]",
        "The winner is A",
    ]


def test_state_prints_and_draws():
    state = BeansState(3, 6)
    assert str(state) == "[M=3, N=6]"
    svg = state._repr_svg_()
    assert svg.count("<ellipse") == 9 and 'fill="#ffffff"' in svg
