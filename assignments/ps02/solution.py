"""Problem set 2: the reference solutions, one notebook cell after each ``# %% <grade_id>`` line."""

from ps02.setup import cache, knight_jumps

# isort: split

# %% queen_winning_move
def queen_winning_move(x, y):
    """The queen's cell after a winning move from (x, y), or None from a losing position."""
    ### BEGIN SOLUTION
    partner, pairs = losing_positions()
    if partner[x] == y:
        return None
    if partner[x] < y:
        return (x, partner[x])  # down the column
    if partner[y] < x:
        return (partner[y], y)  # along the row
    a, b = pairs[abs(y - x)]  # the losing pair on the same diagonal
    return (a, b) if x < y else (b, a)


@cache
def losing_positions(limit=2100):
    """partner[n]: the other coordinate of the losing cell in column n; pairs[k] = (a, a + k).

    The k-th losing pair is (a, a + k), where a is the smallest number not used in an earlier pair.
    """
    partner = {0: 0}
    pairs = [(0, 0)]
    a = 1
    while a <= limit:
        while a in partner:
            a += 1
        b = a + len(pairs)
        partner[a], partner[b] = b, a
        pairs.append((a, b))
    return partner, pairs
    ### END SOLUTION

# %% knight_winning_move
def knight_winning_move(x, y, width, height):
    """The knight's cell after a winning jump from (x, y) on a width x height board, or None."""
    ### BEGIN SOLUTION
    losing = knight_losing_cells(width, height)
    for cell in knight_jumps(x, y, width, height):
        if cell in losing:
            return cell
    return None


@cache
def knight_losing_cells(width, height):
    """The losing cells of a board, decided in order of x + y (every jump lowers x + y)."""
    losing = set()
    for total in range(width + height - 1):
        for x in range(width):
            y = total - x
            if 0 <= y < height and not any(cell in losing for cell in knight_jumps(x, y, width, height)):
                losing.add((x, y))
    return losing
    ### END SOLUTION
