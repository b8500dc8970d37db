"""The checks of problem set 8: consistency against a plain count, and the scores of the known guessers.

The partial scores that the end-to-end test expects from the known wrong solutions are
computed here in process, from the same code, so a change of a scale shows up in seconds.
"""

from __future__ import annotations

import contextlib
import io
import sys
from collections.abc import Callable
from typing import Any

import pytest
from known_submissions import (
    BULLS_ONLY,
    BULLS_ONLY_CONSISTENT,
    FIRST_CONSISTENT,
    FIRST_CONSISTENT_AVERAGE,
    IN_ORDER,
    IN_ORDER_CONSISTENT,
    TWO_OPENERS,
    TWO_OPENERS_AVERAGE,
    TWO_OPENERS_CONSISTENT,
)
from nbgrader_course import COURSE, TEST_KEY, AsGraded, graded_as, hidden_seed_of

from coursekit.games.bulls import all_codes
from coursekit.games.bulls import score as library_score
from coursekit.games.bulls.checks import (
    MAX_GUESSES,
    PENALTY,
    average_points,
    check_consistency,
    full_and_zero,
    hidden_histories,
    hidden_secrets,
    play_all,
    possible,
    reference_counts,
    reference_guess,
    score,
    score_average,
    score_consistency,
    show_games,
)
from coursekit.grading.secret import case_seed, code_digest, grading

sys.path.insert(0, str(COURSE))
from ps08 import make as make_ps08

#: seeds for the drawings' own tests (a graded notebook draws from the course key: see hidden_seed_of)
HISTORY_SEED, SECRET_SEED, GAME_SEED = 20250311, 20250301, 20250400
HISTORIES = hidden_histories(make_ps08.HISTORY_COUNT, HISTORY_SEED)
SECRETS = hidden_secrets(make_ps08.SECRET_COUNT, SECRET_SEED)


def notebook_function(*cells: str) -> Callable[..., Any]:
    """``next_guess`` as a student's notebook defines it: the helpers cell, then ``cells``."""
    space: dict[str, Any] = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(make_ps08.CODE["setup"], space)
        for cell in cells:
            exec(cell, space)
    function: Callable[..., Any] = space["next_guess"]
    return function


def quiet(run: Callable[[], float]) -> tuple[float, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        earned = run()
    return earned, out.getvalue()


def test_score_agrees_with_the_library_and_the_notebook() -> None:
    helper = notebook_function("def next_guess(history):\n    return score")(None)
    for secret in all_codes()[::97]:
        for guess in all_codes()[::89]:
            text_secret, text_guess = "".join(map(str, secret)), "".join(map(str, guess))
            assert score(text_secret, text_guess) == library_score(guess, secret) == helper(text_secret, text_guess)


def test_hidden_histories_are_games_in_progress_with_both_kinds() -> None:
    assert len({tuple(h) for h in HISTORIES}) == len(HISTORIES) == make_ps08.HISTORY_COUNT
    inconsistent = 0
    for history in HISTORIES:
        assert 1 <= len(history) <= 5 and possible(history)
        assert all(bulls < 4 for _, bulls, _ in history)
        inconsistent += any(possible(history[:i]) and guess not in possible(history[:i])
                            for i, (guess, _, _) in enumerate(history))
    assert inconsistent >= make_ps08.HISTORY_COUNT // 4


def test_the_reference_passes_everything() -> None:
    reference = notebook_function(make_ps08.CODE["next_guess"])
    assert check_consistency(reference, HISTORIES) == len(HISTORIES)
    assert quiet(lambda: score_consistency(reference, HISTORIES, 6))[0] == 6.0
    earned, text = quiet(lambda: score_average(reference, SECRETS, 10, seed=GAME_SEED))
    assert earned == 10.0 and "the course's reference guesser averages" in text


def test_the_graders_reference_is_the_notebooks_solution() -> None:
    """The grader's reference guesser asks the same guesses as the solution cell, history by history."""
    reference = notebook_function(make_ps08.CODE["next_guess"])
    for game in play_all(reference, SECRETS[:40], seed=0):
        for number in range(len(game.history) + 1):
            assert reference_guess(game.history[:number]) == reference(list(game.history[:number]))
    assert reference_counts(SECRETS[:40]) == [g.counted for g in play_all(reference, SECRETS[:40], seed=0)]


KEYS = (TEST_KEY, bytes(32), bytes(range(32)), b"another course's key, 32 bytes!!")
#: the digest of a notebook's code, for the draws of made-up students
CODE = code_digest(["def next_guess(history):\n    ..."])


def graded_average(func: Callable[..., Any], key: bytes, student: str) -> tuple[float, str]:
    """The points and report of ``score_average`` on ``student``'s own secrets under ``key``, as the grader plays
    them (no time budget: the figure is the guesses')."""
    secrets = hidden_secrets(make_ps08.SECRET_COUNT, case_seed(key, "ps08", "hidden secrets", student, CODE))
    games_seed = case_seed(key, "ps08", "hidden games", student, CODE)
    with grading(key, "ps08", student, digest=CODE):
        return quiet(lambda: score_average(AsGraded(func), secrets, 10, seed=games_seed, total=600))


@pytest.mark.parametrize("key", KEYS)
def test_the_reference_gets_full_marks_whatever_the_key_and_student(key: bytes) -> None:
    """On each student's own secrets, the notebook's solution earns all 10 points (it averaged 5.30 to 5.59
    on such draws, 9.12 points at worst, on the former absolute scale)."""
    reference = notebook_function(make_ps08.CODE["next_guess"])
    averages = set()
    for student in ("alice", "bob", "first_consistent", "student 7"):
        earned, text = graded_average(reference, key, student)
        assert earned == 10.0, text
        averages.add(text.split("reference guesser averages ")[1].split()[0])
    assert len(averages) > 1  # the draws differ, and the scale follows them


def test_consistency_teaches_the_contradicted_answer() -> None:
    with pytest.raises(AssertionError) as failure:
        check_consistency(notebook_function(TWO_OPENERS), [[("0123", 1, 2)]])
    text = str(failure.value)
    assert "returned '4567', which cannot be the secret" in text
    assert "guess 1, 0123, would have scored 0 bulls, 0 cows, but it was answered 1 bull, 2 cows" in text
    assert "for example '0214'" in text


def test_malformed_and_failing_calls_lose_their_history_only() -> None:
    answers = iter(["0123", (0, 1, 2, 3), "0113", "0123x"])
    earned, text = quiet(lambda: score_consistency(lambda history: next(answers), [[]] * 4, 4))
    assert earned == 1.0 and "it must return a str of 4 different digits" in text
    earned, text = quiet(lambda: score_consistency(lambda history: 1 // 0, [[]], 2))
    assert earned == 0.0 and "ZeroDivisionError" in text


def test_a_failure_counts_the_penalty() -> None:
    games = play_all(notebook_function(IN_ORDER), ["9876"], seed=0)
    assert not games[0].found and len(games[0].history) == MAX_GUESSES and games[0].counted == PENALTY
    repeat = play_all(lambda history: "0123", ["4567"], seed=0)[0]
    assert not repeat.found and "asked already" in repeat.problem
    with pytest.raises(AssertionError, match="12 guesses asked, none of them the secret"):
        show_games(notebook_function(IN_ORDER), ["9876"], report=lambda line: None)


def test_the_scale() -> None:
    full, zero = full_and_zero(5.3)
    assert (full, zero) == pytest.approx((5.3 + make_ps08.TOLERANCE, 5.3 + make_ps08.TOLERANCE + make_ps08.WIDTH))
    assert average_points(full, 10, reference=5.3) == 10.0 == average_points(5.1, 10, reference=5.3)
    assert average_points(zero, 10, reference=5.3) == 0.0 == average_points(9.0, 10, reference=5.3)
    assert average_points(full + make_ps08.WIDTH / 4, 10, reference=5.3) == 7.5
    assert average_points(5.6, 10, reference=5.5) == 10.0 and average_points(5.6, 10, reference=5.3) < 10


def test_a_weaker_guesser_scores_below_the_reference_on_the_same_secrets() -> None:
    first_consistent = notebook_function(FIRST_CONSISTENT)
    earned, text = quiet(lambda: score_average(first_consistent, SECRETS, 10, seed=GAME_SEED, total=600))
    assert 0 < earned < 10 and f"averages {sum(reference_counts(SECRETS)) / len(SECRETS):.3f} guesses" in text


@pytest.mark.parametrize(("student", "code", "consistent", "average"), [
    ("in_order", IN_ORDER, IN_ORDER_CONSISTENT, 0.0),
    ("bulls_only", BULLS_ONLY, BULLS_ONLY_CONSISTENT, 0.0),
    ("two_openers", TWO_OPENERS, TWO_OPENERS_CONSISTENT, TWO_OPENERS_AVERAGE),
    ("first_consistent", FIRST_CONSISTENT, 6.0, FIRST_CONSISTENT_AVERAGE),
])
@pytest.mark.slow
def test_known_wrong_guessers_score_as_the_end_to_end_test_expects(student: str, code: str, consistent: float,
                                                                   average: float) -> None:
    """On the histories and secrets the test key draws for each student (see tests/known_submissions.py)."""
    guesser = AsGraded(notebook_function(code))
    histories_seed = hidden_seed_of("ps08", "test_next_guess_consistent_hidden", student)
    histories = hidden_histories(make_ps08.HISTORY_COUNT, histories_seed)
    secrets = hidden_secrets(make_ps08.SECRET_COUNT, hidden_seed_of("ps08", "hidden secrets", student))
    games_seed = hidden_seed_of("ps08", "hidden games", student)
    with graded_as("ps08", student):
        assert quiet(lambda: score_consistency(guesser, histories, 6, seed=histories_seed))[0] == consistent
        # no time budget here: the figure is the guesses' (a loaded machine must not change it)
        assert quiet(lambda: score_average(guesser, secrets, 10, seed=games_seed, total=600))[0] == average


@pytest.mark.slow  # plays every secret: about 18 s
def test_random_consistent_guesser_earns_most_but_not_all() -> None:
    """C's computer: a random consistent code (the grader seeds ``random`` before each secret); 5.47 over all
    secrets, about 0.11 more than the reference: full points on some draws, fewer on most."""
    guesser = notebook_function("import random\n\n\ndef next_guess(history):\n"
                                "    return random.choice([c for c in all_secrets() if all(score(c, g) == (b, w) "
                                "for g, b, w in history)])\n")
    scores = [graded_average(guesser, TEST_KEY, student)[0] for student in ("alice", "bob", "carol", "dave")]
    assert min(scores) >= 8 and sum(scores) / len(scores) < 10, scores
