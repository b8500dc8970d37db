"""Problem set 4: the reference solutions, one notebook cell after each ``# %% <grade_id>`` line."""

from ps04.setup import cache, steps

# isort: split

# %% helpers
# Your helpers for both parts.
### BEGIN SOLUTION
@cache
def capture_times(grid):
    """times[(tom, jerry)]: Tom's moves until he catches Jerry, Tom to move, both sides at their best."""
    cells = list(grid.free_cells())
    near = {cell: steps(grid, cell) for cell in cells}
    times = {}
    waiting = {(tom, jerry) for tom in cells for jerry in cells if tom != jerry}
    k = 0
    while True:
        k += 1
        found = [(tom, jerry) for tom, jerry in waiting
                 if any(t == jerry or all(j == t or (t, j) in times for j in near[jerry]) for t in near[tom])]
        if not found:
            return times
        for position in found:
            times[position] = k
            waiting.discard(position)


def time_after_tom(grid, tom, jerry):
    """Tom's moves still to come once Tom stands on `tom` and Jerry is to move (inf: Jerry escapes)."""
    if tom == jerry:
        return 0
    times = capture_times(grid)
    return max(0 if j == tom else times.get((tom, j), float("inf")) for j in steps(grid, jerry))
### END SOLUTION

# %% pursuer_move
def pursuer_move(grid, pursuer, prey):
    """Tom's step from `pursuer` toward the prey on `prey`: catch as fast as possible."""
    ### BEGIN SOLUTION
    return min(steps(grid, pursuer), key=lambda tom: time_after_tom(grid, tom, prey))
    ### END SOLUTION

# %% prey_move
def prey_move(grid, pursuer, prey):
    """Jerry's step from `prey`, Tom on `pursuer`: hold out as long as possible."""
    ### BEGIN SOLUTION
    times = capture_times(grid)

    def held(jerry):  # Tom's moves still to come after this step (stepping onto Tom: caught at once)
        return -1 if jerry == pursuer else times.get((pursuer, jerry), float("inf"))

    return max(steps(grid, prey), key=held)
    ### END SOLUTION
