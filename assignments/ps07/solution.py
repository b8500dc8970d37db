"""Problem set 7: the reference solutions, one notebook cell after each ``# %% <grade_id>`` line."""

from ps07.setup import Fraction, cells, comb, neighbours

# isort: split

# %% certain
def certain(board):
    """(mines, safe): the hidden cells that are mines, and those that are safe, in every placement that fits."""
    ### BEGIN SOLUTION
    mines, safe = set(), set()
    for group in groups(board):
        found = list(placements(board, group))
        mines |= set.intersection(*found)
        safe |= set(group) - set.union(*found)
    return mines, safe


def numbers(board):
    """Every revealed number that touches a hidden cell, as (count, set of its hidden neighbours)."""
    grid = cells(board)
    found = []
    for cell, char in grid.items():
        if char.isdigit():
            hidden = {c for c in neighbours(board, cell) if grid[c] == "#"}
            if hidden:
                found.append((int(char), hidden))
    return found


def groups(board):
    """The frontier (the hidden cells next to a number) split into groups that share no number."""
    found = []
    for _, hidden in numbers(board):
        linked = [g for g in found if g & hidden]
        merged = set(hidden).union(*linked)
        found = [g for g in found if not g & hidden] + [merged]
    return [sorted(g) for g in found]


def placements(board, group):
    """Every set of mines on the cells of `group` that fits their numbers (backtracking)."""
    rules = [(count, hidden) for count, hidden in numbers(board) if hidden <= set(group)]

    def fits(mines, decided):
        for count, hidden in rules:
            placed = len(hidden & mines)
            if placed > count or placed + len(hidden - decided) < count:
                return False
        return True

    def place(i, mines):
        if i == len(group):
            yield set(mines)
        else:
            decided = set(group[:i + 1])
            for mine in (False, True):
                now = mines | {group[i]} if mine else mines
                if fits(now, decided):
                    yield from place(i + 1, now)

    yield from place(0, set())
    ### END SOLUTION

# %% mine_chances
def mine_chances(board, mines):
    """Every hidden cell's chance of a mine, `mines` mines in all, every placement that fits equally likely."""
    ### BEGIN SOLUTION
    hidden = [c for c, char in cells(board).items() if char == "#"]
    edge = sorted({c for group in groups(board) for c in group})
    others = [c for c in hidden if c not in edge]
    total = 0
    hits = dict.fromkeys(hidden, 0)
    for placed in placements(board, edge):
        rest = mines - len(placed)
        if not 0 <= rest <= len(others):
            continue
        ways = comb(len(others), rest)
        total += ways
        for c in placed:
            hits[c] += ways
        for c in others:
            hits[c] += comb(len(others) - 1, rest - 1) if rest else 0
    return {c: Fraction(hits[c], total) for c in hidden}
    ### END SOLUTION
