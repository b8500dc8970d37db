"""Problem set 9: the reference solutions, one notebook cell after each ``# %% <grade_id>`` line."""

from ps09.setup import steps_to_target

# isort: split

# %% evaluate
def evaluate(rules, state):
    """How good `state` is for the player to move: the opponent's work left less mine."""
    ### BEGIN SOLUTION
    me = state.turn
    return work_left(rules, state, 1 - me) - work_left(rules, state, me)


def work_left(rules, state, player):
    """How far `player` is from filling its target: steps, the last straggler, pieces outside,
    the opponent's pieces that block its target, less the pieces in near the move limit."""
    far = [steps_to_target(rules, player, cell) for cell in state.pieces(player)]
    outside = sum(1 for steps in far if steps > 0)
    target = rules.target(player)
    blocking = sum(1 for cell in state.pieces(1 - player) if cell in target)
    moves_left = 2 * rules.move_limit - state.moves_made
    count_weight = max(0, 20 - moves_left)
    return sum(far) + max(far) + 2 * outside + 6 * blocking - count_weight * rules.in_target(state, player)
    ### END SOLUTION
