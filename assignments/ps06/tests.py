"""Problem set 6: the test cells, one notebook cell after each ``# %% <grade_id>`` line."""

from ps06.solution import basket_move, crawler_move

# isort: split

# %% test_basket_move_visible
# Visible tests for basket_move: a few positions, with and without a cap.
from coursekit.games.basket.checks import check_basket_move

check_basket_move(basket_move, [
    ([3, 3, 3], None), ([1, 2, 3], None), ([5, 0, 7], None), ([3, 3, 2], 2), ([1, 3], 2), ([4, 4, 4, 4], 3),
    ([10, 7, 2, 5, 8, 1], 4), ([0, 6], 4),
])
print("basket_move: the visible tests pass")

# %% test_basket_move_hidden
# Hidden tests for basket_move. Partial points: the number printed last is your score.
### BEGIN HIDDEN TESTS
from coursekit.games.basket.checks import hidden_positions, score_basket_move
from coursekit.grading.secret import hidden_seed

hidden_baskets = hidden_positions(30, seed=hidden_seed("test_basket_move_hidden"), losing=6)
score_basket_move(basket_move, hidden_baskets, 6)
### END HIDDEN TESTS

# %% test_crawler_move_visible
# Visible tests for crawler_move: legal moves, and a closing move wherever there is one (6 x 5).
# Then one game against each opponent, shown and not graded.
from coursekit.games.crawler.checks import check_crawler_move, show_games

check_crawler_move(crawler_move, [
    [], [(2, 2), (3, 2)], [(1, 1), (2, 1), (2, 2)], [(0, 0), (1, 0), (1, 1), (0, 1)],
    [(3, 1), (3, 2), (2, 2), (2, 3), (3, 3)], [(5, 4), (5, 3), (4, 3), (4, 4)],
])
print("crawler_move: the visible tests pass")
_ = show_games(crawler_move)

# %% test_crawler_move_hidden_c
# Hidden tests for crawler_move: 10 games against C's player. Partial points: the number printed last.
### BEGIN HIDDEN TESTS
from coursekit.games.crawler.checks import score_games
from coursekit.grading.secret import hidden_seed

score_games(crawler_move, "C", games=10, seed=hidden_seed("test_crawler_move_hidden_c"), points=6)
### END HIDDEN TESTS

# %% test_crawler_move_hidden_random
# Hidden tests for crawler_move: 20 games against a random player. Partial points: the number printed last.
### BEGIN HIDDEN TESTS
from coursekit.games.crawler.checks import score_games
from coursekit.grading.secret import hidden_seed

score_games(crawler_move, "random", games=20, seed=hidden_seed("test_crawler_move_hidden_random"), points=4)
### END HIDDEN TESTS
