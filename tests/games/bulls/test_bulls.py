"""Bulls and cows: scoring, hidden secrets, chance steps in records, the guessers, the mutual game's draw rule."""

from __future__ import annotations

import itertools
import json
import random

import numpy as np
import pytest

from coursekit.core import IllegalMoveError, Player, Record, play
from coursekit.core.rules import CHANCE, End
from coursekit.games import rules_from_spec
from coursekit.games.bulls import (
    Answer,
    Bulls,
    BullsState,
    all_codes,
    answer_table,
    consistent_codes,
    consistent_strategy,
    entropy_choice,
    entropy_strategy,
    guess_counts,
    guesser,
    minimax_choice,
    minimax_strategy,
    read_code,
    score,
    secret_rng,
)


def brute_score(guess: tuple[int, ...], secret: tuple[int, ...]) -> tuple[int, int]:
    """Bulls and cows counted the long way: every pair of places."""
    bulls = cows = 0
    for i, g in enumerate(guess):
        for j, s in enumerate(secret):
            if g == s:
                if i == j:
                    bulls += 1
                else:
                    cows += 1
    return bulls, cows


def test_scoring_agrees_with_counting_every_pair() -> None:
    for digits, base in ((3, 5), (2, 4), (4, 6)):
        table = answer_table(digits, base)
        for g, guess in enumerate(table.codes):
            for s, secret in enumerate(table.codes):
                assert score(guess, secret) == brute_score(guess, secret)
                assert table.answer(g, s) == brute_score(guess, secret)


def test_the_full_table_agrees_on_a_sample() -> None:
    table = answer_table()
    assert table.size == 5040 and table.answers.nbytes == 5040 * 5040
    rng = random.Random(3)
    for _ in range(2000):
        g, s = rng.randrange(5040), rng.randrange(5040)
        assert table.answer(g, s) == brute_score(table.codes[g], table.codes[s])


def test_codes_are_distinct_digits_with_leading_zeros() -> None:
    codes = all_codes()
    assert len(codes) == 5040 == len(set(codes))
    assert all(len(set(c)) == 4 for c in codes) and (0, 1, 2, 3) in codes


def test_a_bad_guess_is_explained() -> None:
    assert read_code("9876") == (9, 8, 7, 6)
    with pytest.raises(ValueError, match="a guess has 4 digits, not 3"):
        read_code("123")
    with pytest.raises(ValueError, match="1 appears twice"):
        read_code("1123")
    with pytest.raises(ValueError, match="'x' is not a digit"):
        read_code("12x4")
    with pytest.raises(ValueError, match="the digits are 0 to 5, not 7"):
        read_code("0127", 4, 6)
    rules = Bulls()
    state = rules.apply(rules.start_with((5, 3, 1, 0)), (0, 1, 2, 3))
    assert rules.why_illegal(state, (0, 1, 2, 3)) == "0123 was asked already (guess 1: 0123: 0 bulls, 3 cows)"
    assert rules.why_illegal(state, "0123") is not None
    with pytest.raises(IllegalMoveError, match="appears twice"):
        rules.apply(state, (1, 1, 2, 3))


def test_chance_hides_every_secret_first() -> None:
    rules = Bulls(mutual=True)
    start = rules.initial_state()
    assert rules.to_move(start) == CHANCE
    outcomes = rules.chance_outcomes(start)
    assert len(outcomes) == 5040 and abs(sum(p for _, p in outcomes) - 1) < 1e-9
    assert rules.why_illegal(start, (0, 1, 2, 3)) == "chance has not hidden every secret yet"
    one = rules.next_state(start, (0, 1, 2, 3))
    assert rules.to_move(one) == CHANCE
    assert rules.to_move(rules.next_state(one, (4, 5, 6, 7))) == 0


def watched(seen: list[tuple[int, BullsState]], strategy):  # type: ignore[no-untyped-def]
    def choose(rules: Bulls, observation: BullsState):  # type: ignore[no-untyped-def]
        seen.append((observation.turn, observation))
        return strategy(rules, observation)

    return choose


@pytest.mark.parametrize("mutual", [False, True])
def test_observations_never_carry_the_secret_sought_also_in_records(mutual: bool) -> None:
    rules = Bulls(3, 6, mutual=mutual)
    for seed in range(5):
        seen: list[tuple[int, BullsState]] = []
        players = [Player(f"P{p}", watched(seen, consistent_strategy(random.Random(seed + p))))
                   for p in range(rules.num_players)]
        record = play(rules, players, rng=random.Random(seed))
        assert seen
        for player, shown in seen:
            assert shown.targets[player] is None
            if mutual:  # its own secret is shown, the other's is not
                assert shown.targets[1 - player] is not None
        again = Record.from_json(record.to_json(), rules_from_spec)
        for state in again.states:
            for player in range(rules.num_players):
                if len(state.targets) == rules.num_players:
                    sight = rules.observation(state, player)
                    assert sight.targets[player] is None and sight.answers == state.answers
                    # Another secret gives the same observation: it tells nothing more than the answers.
                    other = list(state.targets)
                    other[player] = next(c for c in rules.codes if c != state.targets[player])
                    assert rules.observation(BullsState(tuple(other), state.answers, state.turn), player) == sight


def test_an_observation_cannot_be_played_on() -> None:
    rules = Bulls()
    sight = rules.observation(rules.start_with((5, 3, 1, 0)), 0)
    assert rules.legal_moves(sight)[0] == (0, 1, 2, 3)
    with pytest.raises(ValueError, match="the secret is hidden here"):
        rules.next_state(sight, (0, 1, 2, 3))


@pytest.mark.parametrize("mutual", [False, True])
def test_records_with_chance_steps_replay_exactly(mutual: bool) -> None:
    rules = Bulls(mutual=mutual)
    players = [Player(name, guesser(name, random.Random(7))) for name in ("minimax", "consistent")[:rules.num_players]]
    record = play(rules, players, rng=random.Random(11))
    chance = [step for step in record.steps if step.player == CHANCE]
    assert len(chance) == rules.num_players
    saved = record.to_json()
    assert json.loads(saved)["moves"][0][0] == CHANCE
    again = Record.from_json(saved, rules_from_spec)
    assert again.states == record.states and again.to_json() == saved
    assert play(rules, [Player(p.name, guesser(p.name, random.Random(7))) for p in players],
                rng=random.Random(11)).states == record.states


def test_a_record_with_a_secret_chance_cannot_hide_is_refused() -> None:
    rules = Bulls(3, 5)
    record = play(rules, [Player("m", minimax_strategy())], rng=random.Random(1))
    data = json.loads(record.to_json())
    data["moves"][0][1] = [1, 1, 2]
    with pytest.raises(Exception, match="not legal there"):
        Record.from_json(json.dumps(data), rules_from_spec)


def round_of(rules: Bulls, state: BullsState, first: tuple[int, ...], second: tuple[int, ...]) -> BullsState:
    return rules.apply(rules.apply(state, first), second)


def test_the_mutual_game_draw_rule() -> None:
    rules = Bulls(mutual=True)
    a, b = (0, 1, 2, 3), (4, 5, 6, 7)  # the first player looks for a, the second for b
    start = rules.start_with(a, b)
    # Both find it in round 1: the second player gets the last guess of the round, and it is a draw.
    after_first = rules.apply(start, a)
    assert not rules.is_over(after_first) and rules.to_move(after_first) == 1
    both = rules.apply(after_first, b)
    assert rules.is_over(both) and rules.winner(both) is None and rules.end(both) == End.DRAW
    # Only the first finds it: it wins once the round is over.
    first_only = rules.apply(after_first, (9, 8, 7, 6))
    assert rules.is_over(first_only) and rules.winner(first_only) == 0
    # Only the second finds it: it wins at once.
    second_only = round_of(rules, start, (9, 8, 7, 6), b)
    assert rules.is_over(second_only) and rules.winner(second_only) == 1 and rules.returns(second_only) == (-1, 1)
    # A guess limit reached by both without finding: a draw.
    limited = Bulls(mutual=True, max_guesses=1)
    out = round_of(limited, limited.start_with(a, b), (9, 8, 7, 6), (9, 8, 7, 5))
    assert limited.is_over(out) and limited.end(out) == End.DRAW


def test_the_guessing_game_is_won_or_lost_by_the_limit() -> None:
    rules = Bulls(max_guesses=2)
    state = rules.apply(rules.start_with((5, 3, 1, 0)), (0, 1, 2, 3))
    assert not rules.is_over(state)
    lost = rules.apply(state, (9, 8, 7, 6))
    assert rules.is_over(lost) and rules.end(lost) == End.LOST and rules.returns(lost) == (-1,)
    won = rules.apply(state, (5, 3, 1, 0))
    assert rules.end(won) == End.WON and rules.returns(won) == (1,)


def test_the_consistent_guesser_never_asks_an_inconsistent_guess() -> None:
    rules = Bulls()
    table = answer_table()
    for seed in range(40):
        record = play(rules, [Player("C", consistent_strategy(random.Random(seed)))], rng=random.Random(seed))
        answers: list[Answer] = []
        for step in record.moves:
            possible = {table.codes[i] for i in consistent_codes(table, answers)}
            assert step.move in possible
            answers.append(step.state.answers[0][-1])
        assert record.end == End.WON


def test_consistent_codes_agree_with_filtering_by_hand() -> None:
    table = answer_table(3, 5)
    answers = [Answer((0, 1, 2), 1, 0), Answer((3, 4, 0), 0, 1)]
    by_hand = [c for c in table.codes if all(score(a.guess, c) == (a.bulls, a.cows) for a in answers)]
    assert [table.codes[i] for i in consistent_codes(table, answers)] == by_hand


def test_minimax_and_entropy_choices_match_a_direct_count() -> None:
    table = answer_table(3, 5)
    left = consistent_codes(table, [Answer((0, 1, 2), 0, 1)])
    secrets = [table.codes[i] for i in left]

    def groups(guess: tuple[int, ...]) -> list[int]:
        found: dict[tuple[int, int], int] = {}
        for s in secrets:
            found[score(guess, s)] = found.get(score(guess, s), 0) + 1
        return list(found.values())

    worst = {g: max(groups(g)) for g in table.codes}
    chosen = table.codes[minimax_choice(table, left)]
    assert worst[chosen] == min(worst.values())
    weights = {g: sum(n * np.log(n) for n in groups(g)) for g in table.codes}
    chosen = table.codes[entropy_choice(table, left)]
    assert weights[chosen] <= min(weights.values()) + 1e-9


def test_measuring_through_the_engine_gives_the_same_counts() -> None:
    """guess_counts walks a decision tree (or replays C's generator); the engine plays the strategies."""
    rules = Bulls(3, 6)
    table = answer_table(3, 6)
    for name in ("consistent", "minimax", "entropy"):
        counts = guess_counts(name, 3, 6, seed=5)
        played = [0] * (counts.worst + 1)
        for i, secret in enumerate(table.codes):
            strategy = consistent_strategy(secret_rng(5, i)) if name == "consistent" else guesser(name)
            record = play(rules, [Player(name, strategy)], start=rules.start_with(secret))
            played[len(record.moves)] += 1
        assert tuple(played) == counts.distribution


@pytest.mark.slow
def test_every_guesser_on_every_secret_of_four_digits() -> None:
    minimax = guess_counts("minimax")
    assert minimax.secrets == 5040 and minimax.worst == 7 and abs(minimax.average - 5.385) < 0.001
    entropy = guess_counts("entropy")
    assert entropy.worst <= 7 and entropy.average <= 5.25
    greedy = guess_counts("greedy-entropy")
    assert abs(greedy.average - 5.243) < 0.001
    consistent = guess_counts("consistent", seed=0)
    assert abs(consistent.average - 5.47) < 0.05 and consistent.secrets == 5040


@pytest.mark.slow
def test_the_strategies_finish_within_seven_in_play() -> None:
    rules = Bulls()
    rng = random.Random(2)
    for secret in rng.sample(rules.codes, 60):
        for strategy in (minimax_strategy(), entropy_strategy()):
            record = play(rules, [Player("g", strategy)], start=rules.start_with(secret))
            assert record.end == End.WON and len(record.moves) <= 7


def test_the_guessers_finish_within_their_worst_case_on_a_smaller_game() -> None:
    for name in ("minimax", "entropy"):
        counts = guess_counts(name, 3, 6)
        assert counts.secrets == 120 and counts.worst <= 5


def test_same_seed_same_game() -> None:
    rules = Bulls(3, 6, mutual=True)
    for name in ("consistent", "minimax", "entropy"):
        games = [play(rules, [Player("a", guesser(name, random.Random(4))),
                              Player("b", guesser(name, random.Random(5)))], rng=random.Random(9)).to_json()
                 for _ in range(2)]
        assert games[0] == games[1]


@pytest.mark.slow
def test_views_show_the_history_and_hide_secrets() -> None:
    rules = Bulls(mutual=True)
    state = round_of(rules, rules.start_with((0, 1, 2, 3), (4, 5, 6, 7)), (0, 1, 3, 2), (4, 5, 6, 8))
    text = str(rules.observation(state, 0))
    assert "first player looks for ????" in text and "second player looks for 4567" in text
    assert " 1  0132       2     2" in text
    picture = rules.observation(state, 1)._repr_svg_()
    assert picture is not None and picture.startswith("<svg") and "2 bulls, 2 cows" in picture
    assert "http" not in picture.replace("http://www.w3.org/2000/svg", "")
    record = play(rules, [Player("m", minimax_strategy()), Player("e", entropy_strategy())], rng=random.Random(1))
    assert "Round 1, first player (m): 0123:" in str(record)
    assert (record._repr_svg_() or "").startswith("<svg")


def test_every_small_game_is_solvable_by_every_guesser() -> None:
    for digits, base in itertools.product((1, 2, 3), (3, 4, 5)):
        if digits > base:
            continue
        for name in ("consistent", "minimax", "entropy"):
            counts = guess_counts(name, digits, base)
            assert counts.secrets == len(all_codes(digits, base))
