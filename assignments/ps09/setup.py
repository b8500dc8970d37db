"""Problem set 9: the given code, one notebook cell after each ``# %% <grade_id>`` line."""

# %% setup
# The game, and a helper your evaluation may use.
from coursekit.games.corners import BLACK, WHITE
from coursekit.games.corners.checks import graded_rules
from coursekit.games.corners.view import board_text

RULES = graded_rules()  # 9 pieces a side, 30 moves a side


def steps_to_target(rules, player, cell):
    """The steps from `cell` to the nearest cell of `player`'s target (0 for a cell inside it)."""
    return rules.distances[player][cell]


start = RULES.initial_state()
print(board_text(start))
print("White to move:", start.turn == WHITE, "| Black's pieces:", start.pieces(BLACK)[:3], "...")
print("White's first piece is", steps_to_target(RULES, WHITE, start.pieces(WHITE)[0]), "steps from its target")
