"""Problem set 6: the reference solutions, one notebook cell after each ``# %% <grade_id>`` line."""

from ps06.setup import closes, legal_moves, play

# isort: split

# %% basket_move
def basket_move(left, cap):
    """A move (colour, balls) that wins from `left` if any does; else a legal move."""
    ### BEGIN SOLUTION
    values = [grundy(balls, cap) for balls in left]
    total = 0
    for value in values:
        total ^= value
    if total:
        for colour, balls in enumerate(left):
            most = balls if cap is None else min(balls, cap)
            for put in range(1, most + 1):
                if grundy(balls - put, cap) == values[colour] ^ total:
                    return (colour, put)
    colour = next(colour for colour, balls in enumerate(left) if balls)
    return (colour, 1)


def grundy(balls, cap):
    """The Grundy value of one colour with `balls` left: the balls, or the balls mod (cap + 1) with a cap."""
    return balls if cap is None else balls % (cap + 1)
    ### END SOLUTION

# %% crawler_move
def crawler_move(line, width, height):
    """The segment (end, new point) to draw on the `width` x `height` lattice, the line being `line`."""
    ### BEGIN SOLUTION
    if not line:
        x, y = (width - 1) // 2, (height - 1) // 2
        return ((x, y), (x + 1, y)) if width % 2 == 0 else ((x, y), (x, y + 1))
    moves = legal_moves(line, width, height)
    closing = [move for move in moves if closes(line, move)]
    if closing:
        return closing[0]
    mirror = [move for move in moves if is_mirrored(play(line, move), width, height)]
    if mirror:
        return mirror[0]
    safe = [move for move in moves
            if not any(closes(play(line, move), reply) for reply in legal_moves(play(line, move), width, height))]
    return (safe or moves)[0]


def is_mirrored(line, width, height):
    """Whether the line is its own image through the middle of the lattice (read from the other end)."""
    return [(width - 1 - x, height - 1 - y) for x, y in line] == line[::-1]
    ### END SOLUTION
