"""Problem set 8: the test cells, one notebook cell after each ``# %% <grade_id>`` line."""

from ps08.solution import next_guess

# isort: split

# %% test_next_guess_consistent_visible
# Visible tests for next_guess: on a few histories, a code that could still be the secret.
from coursekit.games.bulls.checks import check_consistency

check_consistency(next_guess, [
    [], [("0123", 0, 0)], [("0123", 1, 2)], [("0123", 0, 2), ("4567", 1, 0)],
    [("5678", 0, 1), ("1234", 0, 1), ("0912", 1, 1)], [("9876", 2, 0), ("9854", 1, 1), ("1234", 0, 1)],
])
print("next_guess: the visible tests pass")

# %% test_next_guess_consistent_hidden
# Hidden tests for next_guess: 20 histories. Partial points: the number printed last is your score.
### BEGIN HIDDEN TESTS
from coursekit.games.bulls.checks import hidden_histories, score_consistency
from coursekit.grading.secret import hidden_seed

histories_seed = hidden_seed("test_next_guess_consistent_hidden")
score_consistency(next_guess, hidden_histories(20, seed=histories_seed), 6, seed=histories_seed)
### END HIDDEN TESTS

# %% test_next_guess_games_visible
# Visible tests for next_guess: three games, each secret found within 12 guesses.
from coursekit.games.bulls.checks import show_games

show_games(next_guess, ["9876", "5031", "2417"])
print("next_guess games: the visible tests pass")

# %% test_next_guess_average_hidden
# Hidden tests for next_guess: 100 secrets. Partial points: the number printed last is your score.
### BEGIN HIDDEN TESTS
from coursekit.games.bulls.checks import hidden_secrets, score_average
from coursekit.grading.secret import hidden_seed

hidden_codes = hidden_secrets(100, seed=hidden_seed("hidden secrets"))
score_average(next_guess, hidden_codes, 10, seed=hidden_seed("hidden games"))
### END HIDDEN TESTS
