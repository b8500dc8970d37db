"""Problem set 7: the test cells, one notebook cell after each ``# %% <grade_id>`` line."""

from ps07.solution import certain, mine_chances

# isort: split

# %% test_certain_visible
# Visible tests for certain: six boards, both sets exactly right.
from coursekit.games.minesweeper.checks import check_certain

check_certain(certain, [
    ["###",
     "121"],
    ["1#",
     "##"],
    ["1##",
     "111"],
    ["00111", "112#1", "1#32#", "#####", "#####"],
    ["00011#", "0002##", "0002##", "00012#", "11212#", "1#2#1#"],
    ["11100", "1#111", "1233#", "01##2", "01###"],
])
print("certain: the visible tests pass")

# %% test_certain_hidden
# Hidden tests for certain: 20 boards. Partial points: the number printed last is your score.
### BEGIN HIDDEN TESTS
from coursekit.games.minesweeper.checks import hidden_certain_boards, score_certain
from coursekit.grading.secret import hidden_seed

score_certain(certain, hidden_certain_boards(20, seed=hidden_seed("test_certain_hidden")), 8)
### END HIDDEN TESTS

# %% test_mine_chances_visible
# Visible tests for mine_chances: four boards, every chance within 0.01 of the exact one.
from coursekit.games.minesweeper.checks import check_chances

check_chances(mine_chances, [
    (["1##",
      "###"], 2),
    (["###",
      "121"], 2),
    (["00111", "112#1", "1#32#", "#####", "#####"], 4),
    (["00000", "11222", "2####", "#####", "#####"], 4),
])
print("mine_chances: the visible tests pass")

# %% test_mine_chances_hidden
# Hidden tests for mine_chances: 15 boards. Partial points: the number printed last is your score.
### BEGIN HIDDEN TESTS
from coursekit.games.minesweeper.checks import hidden_chance_boards, score_chances
from coursekit.grading.secret import hidden_seed

score_chances(mine_chances, hidden_chance_boards(15, seed=hidden_seed("test_mine_chances_hidden")), 7)
### END HIDDEN TESTS
