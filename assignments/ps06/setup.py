"""Problem set 6: the given code, one notebook cell after each ``# %% <grade_id>`` line."""

# %% setup
# The crawler's bookkeeping (part 2). The basket (part 1) needs none.
STEPS = [(-1, 0), (1, 0), (0, -1), (0, 1)]


def neighbours(point, width, height):
    """The lattice points one step from `point`: left, right, down, up (those inside the lattice)."""
    x, y = point
    return [(x + dx, y + dy) for dx, dy in STEPS if 0 <= x + dx < width and 0 <= y + dy < height]


def legal_moves(line, width, height):
    """Every move (end, new point). Before the first move: every unit segment, both ways round.
    Later: from the head line[0], then from the tail line[-1], never straight back along the line."""
    if not line:
        return [((x, y), point) for y in range(height) for x in range(width)
                for point in neighbours((x, y), width, height)]
    head, tail = line[0], line[-1]
    moves = [(head, point) for point in neighbours(head, width, height) if point != line[1]]
    moves += [(tail, point) for point in neighbours(tail, width, height) if point != line[-2]]
    return moves


def closes(line, move):
    """Whether the move closes the line (its new point is on the line already): the mover wins."""
    return move[1] in line


def play(line, move):
    """The line after a move that does not close: the new point added at its end. `line` is not changed."""
    if not line:
        return list(move)
    end, new = move
    return [new, *line] if end == line[0] else [*line, new]


example = [(2, 2), (3, 2), (3, 3)]
print("moves:", legal_moves(example, 6, 5))
print("after ((2, 2), (2, 3)):", play(example, ((2, 2), (2, 3))), " closes:", closes(example, ((2, 2), (2, 3))))
