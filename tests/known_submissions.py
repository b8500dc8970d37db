"""Known submissions of every problem set, with the exact scores real nbgrader gives them.

Each problem set has one :class:`Known` entry: its made-up students (cells edited or
deleted, and the scores that differ from full marks; full marks are read from the released
notebook) and what their feedback must teach. ``tests/test_assignments_nbgrader.py`` runs
them all through release, autograde, feedback and export.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from corners_pool import TEST_POOL
from nbgrader_course import CourseRun, Source, Student, hidden_seed_of, stated_seeds

from coursekit.games.corners.checks import BUDGET_TIMES, Opening, pool_opening


@dataclass(frozen=True)
class Known:
    """A problem set's known students and the feedback checks of its run."""

    students: Callable[[Source], dict[str, Student]]
    feedback: Callable[[CourseRun], None]
    tracebacks_allowed: tuple[str, ...] = ()


def references(source: Source, *grade_ids: str) -> dict[str, str]:
    """The reference solution of each solution cell named."""
    return {grade_id: source.reference(grade_id) for grade_id in grade_ids}


# ps01: beans and the one-way king.

WRONG_KING = '''\
def king_strategy(grid, position):
    """The beans rule, blind to blocked cells: leave both coordinates even."""
    x, y = position
    if x % 2 == 1 and y % 2 == 1:
        return Coord(x - 1, y - 1)
    if x % 2 == 1:
        return Coord(x - 1, y)
    if y % 2 == 1:
        return Coord(x, y - 1)
    return king_moves(grid, position)[0]
'''

LOOPING_KING = '''\
def king_strategy(grid, position):
    while True:
        pass
'''

HANG = "while True:\n    pass\n\n"

SNEAKY_IS_WINNING = '''\
class Yes:
    def __eq__(self, other):
        return True

    def __bool__(self):
        return True


def is_winning(m, n):
    return Yes()
'''

NO_KING = ("test_king_strategy_visible", "test_king_strategy_hidden")
NO_IS_WINNING = ("test_is_winning_visible", "test_is_winning_hidden")


def ps01_students(source: Source) -> dict[str, Student]:
    ref = references(source, "is_winning", "winning_move", "king_strategy")
    beans = {"is_winning": ref["is_winning"], "winning_move": ref["winning_move"]}
    return {
        "reference": Student(ref),
        "untouched": Student({}, zero="all"),
        "wrong_king": Student({**beans, "king_strategy": WRONG_KING}, zero=NO_KING),
        "looping_king": Student({**beans, "king_strategy": LOOPING_KING}, zero=NO_KING),
        # A cell that never ends: stopped by the per-cell timeout; the rest is still graded.
        "hanging_cell": Student({**beans, "king_strategy": HANG + ref["king_strategy"]}, zero=NO_KING),
        # Deleted test cells come back: the stub still scores 0, the right winning_move 5.
        "deleter": Student(
            {"winning_move": ref["winning_move"], "king_strategy": ref["king_strategy"]}, zero=NO_IS_WINNING,
            deleted=["test_is_winning_visible", "test_is_winning_hidden", "test_winning_move_hidden"],
        ),
        # An always-equal answer and an emptied (locked) test cell earn nothing.
        "sneaky": Student(
            {"is_winning": SNEAKY_IS_WINNING, "winning_move": ref["winning_move"],
             "test_king_strategy_hidden": "pass", "test_king_strategy_visible": "pass"},
            zero=NO_KING + NO_IS_WINNING,
        ),
    }


def ps01_feedback(run: CourseRun) -> None:
    wrong = run.feedback("wrong_king")
    assert "which is not a legal move" in wrong or "a losing move" in wrong
    assert "beans rule" in wrong  # the hint that names the likely bug
    assert "did not return within 2 s" in run.feedback("looping_king")
    assert "not written yet" in run.feedback_html("untouched")
    text = "\n".join(cell.source for cell in run.release.cells)
    assert "# Hidden tests for king_strategy" in text  # the comment above the hidden region stays


# ps02: the one-way queen and knight.

PARITY_QUEEN = '''\
def queen_winning_move(x, y):
    """The one-way king's rule: leave both coordinates even."""
    if x % 2 == 0 and y % 2 == 0:
        return None
    return (x - x % 2, y - y % 2)
'''

SLOW_QUEEN = '''\
def queen_moves(x, y):
    return ([(x, b) for b in range(y)] + [(x - d, y - d) for d in range(1, min(x, y) + 1)]
            + [(a, y) for a in range(x)])


@cache
def queen_losing(x, y):
    return not any(queen_losing(a, b) for a, b in queen_moves(x, y))


def queen_winning_move(x, y):
    """Right, by a memoised search over every move: fine up to 40 x 40, far too slow at 1000 x 1000."""
    for move in queen_moves(x, y):
        if queen_losing(*move):
            return move
    return None
'''

PATTERN_KNIGHT = '''\
def knight_winning_move(x, y, width, height):
    """The big-board pattern: jump to a cell with x % 4 < 2 and y % 4 < 2, blind to the edges."""
    for cell in knight_jumps(x, y, width, height):
        if cell[0] % 4 < 2 and cell[1] % 4 < 2:
            return cell
    return None
'''


def ps02_students(source: Source) -> dict[str, Student]:
    ref = references(source, "queen_winning_move", "knight_winning_move")
    return {
        "reference": Student(ref),
        "untouched": Student({}, zero="all"),
        "parity_queen": Student({**ref, "queen_winning_move": PARITY_QUEEN},
                                zero=("test_queen_visible", "test_queen_hidden_small", "test_queen_hidden_large")),
        "slow_queen": Student({**ref, "queen_winning_move": SLOW_QUEEN}, zero=("test_queen_hidden_large",)),
        # Right on the visible boards, wrong near the edges of two hidden ones (5, 9, 13, ... cells a side).
        "pattern_knight": Student({**ref, "knight_winning_move": PATTERN_KNIGHT}, zero=("test_knight_hidden",)),
    }


def ps02_feedback(run: CourseRun) -> None:
    assert "one-way king's rule" in run.feedback("parity_queen")
    slow = run.feedback("slow_queen")
    assert "did not return within 1 s" in slow or "recursion goes too deep" in slow
    pattern = run.feedback("pattern_knight")
    assert "whatever the pattern says" in pattern and "is a winning cell" in pattern
    assert "not written yet" in run.feedback("untouched")


# ps03: shortest paths.

#: The A* points of a breadth-first search: on each hidden grid (the test key's for this student), allowance / cells
#: expanded (tests/test_grading_ps02_04.py computes the same figure in process).
BFS_AS_ASTAR_EXPANDED = 1.35

BLIND_BFS = '''\
def bfs(grid, start, target):
    """A BFS that forgets the blocked cells: it only stays on the grid."""
    parent = {start: None}
    frontier = deque([start])
    expanded = 0
    while frontier:
        cell = frontier.popleft()
        expanded += 1
        if cell == target:
            path = [cell]
            while parent[path[-1]] is not None:
                path.append(parent[path[-1]])
            return path[::-1], expanded
        for dx, dy in STEPS:
            nxt = Coord(cell.x + dx, cell.y + dy)
            if 0 <= nxt.x < grid.width and 0 <= nxt.y < grid.height and nxt not in parent:
                parent[nxt] = cell
                frontier.append(nxt)
    return None, expanded
'''

GREEDY_ASTAR = '''\
def astar(grid, start, target):
    """Greedy best-first search: the smallest h first, ignoring g. Fast, but not always shortest."""
    parent = {start: None}
    frontier = [(chebyshev(start, target), 0, start)]
    order = 0
    expanded = 0
    while frontier:
        _, _, cell = heapq.heappop(frontier)
        expanded += 1
        if cell == target:
            path = [cell]
            while parent[path[-1]] is not None:
                path.append(parent[path[-1]])
            return path[::-1], expanded
        for nxt in neighbours(grid, cell):
            if nxt not in parent:
                parent[nxt] = cell
                order += 1
                heapq.heappush(frontier, (chebyshev(nxt, target), order, nxt))
    return None, expanded
'''

NO_BFS = ("test_bfs_visible", "test_bfs_hidden_paths", "test_bfs_hidden_expanded")
NO_ASTAR = ("test_astar_visible", "test_astar_hidden_paths", "test_astar_hidden_expanded")


def ps03_students(source: Source) -> dict[str, Student]:
    ref = references(source, "bfs", "astar")
    bfs_as_astar = ref["bfs"].replace("def bfs(", "def astar(")
    return {
        "reference": Student(ref),
        "untouched": Student({}, zero="all"),
        "blind_bfs": Student({"bfs": BLIND_BFS, "astar": ref["astar"]}, zero=NO_BFS),
        "bfs_as_astar": Student({"bfs": ref["bfs"], "astar": bfs_as_astar},
                                scores={"test_astar_hidden_expanded": BFS_AS_ASTAR_EXPANDED}),
        "greedy_astar": Student({"bfs": ref["bfs"], "astar": GREEDY_ASTAR}, zero=NO_ASTAR),
    }


def ps03_feedback(run: CourseRun) -> None:
    blind = run.feedback("blind_bfs")
    assert "returned a path that a king cannot walk" in blind and "goes onto the blocked cell" in blind
    bfs_as_astar = run.feedback("bfs_as_astar")
    assert "astar: average share" in bfs_as_astar and "Hint: A* expands fewest cells" in bfs_as_astar
    assert "but a shortest path has" in run.feedback("greedy_astar")
    assert "not written yet" in run.feedback("untouched")


# ps04: Tom and Jerry.

#: The hidden scores of the article's strategies on the starts the test key draws for each
#: (tests/test_grading_ps02_04.py computes them in process): the article's Tom gets an average share of 0.500
#: (it is slower than the optimum, or never catches an optimal Jerry, from 6 of its 12 starts); the article's Jerry
#: lasts 0.887 of the optimum.
ARTICLE_TOM_HIDDEN = 4.0
ARTICLE_JERRY_HIDDEN = 7.1

ARTICLE_TOM = '''\
def pursuer_move(grid, pursuer, prey):
    """The article's Tom: one step straight toward Jerry (if that cell is blocked, the free step closest to him)."""
    def sign(n):
        return (n > 0) - (n < 0)

    step = Coord(pursuer.x + sign(prey.x - pursuer.x), pursuer.y + sign(prey.y - pursuer.y))
    if grid.is_free(step):
        return step
    return min(steps(grid, pursuer), key=lambda cell: chebyshev(cell, prey))
'''

ARTICLE_JERRY = '''\
def prey_move(grid, pursuer, prey):
    """The article's Jerry: the neighbouring cell farthest from Tom (the first such)."""
    return max(steps(grid, prey), key=lambda cell: chebyshev(cell, pursuer))
'''

STANDING_TOM = '''\
def pursuer_move(grid, pursuer, prey):
    """Waits for Jerry to come."""
    return pursuer
'''


def ps04_students(source: Source) -> dict[str, Student]:
    ref = references(source, "helpers", "pursuer_move", "prey_move")
    return {
        "reference": Student(ref),
        "untouched": Student({}, zero="all"),
        "article_tom": Student({**ref, "pursuer_move": ARTICLE_TOM},
                               scores={"test_pursuer_hidden": ARTICLE_TOM_HIDDEN}),
        "article_jerry": Student({**ref, "prey_move": ARTICLE_JERRY},
                                 scores={"test_prey_hidden": ARTICLE_JERRY_HIDDEN}),
        "standing_tom": Student({**ref, "pursuer_move": STANDING_TOM},
                                zero=("test_pursuer_visible", "test_pursuer_hidden")),
    }


def ps04_feedback(run: CourseRun) -> None:
    tom = run.feedback("article_tom")
    assert "yours not caught, share 0.00" in tom and "instead: Tom catches the best Jerry at move" in tom
    assert "a better move" in tom and "and 5 more of the starts not right (not shown): 6 of 12 right" in tom
    assert "prey_move: average share 0.887 x 8 points = 7.1" in run.feedback("article_jerry")
    assert "standing still on" in run.feedback("standing_tom")
    assert "not written yet" in run.feedback("untouched")


# ps05: tic-tac-toe.

#: Measured: the player who ignores the opponent's line plays a best move on 24 of the 30 hidden positions of its
#: notebook (6 x 0.8); plain minimax visits too many positions on some of them (its share of the node points).
IGNORES_THREATS_HIDDEN = 4.8
MINIMAX_NODES_HIDDEN = 1.75
#: The greedy player (win, else block, else the centre, else the first empty cell) misses forks: of its 30 hidden
#: positions, 10 are ones where a fork decides (it plays a best move on 24 of its 30).
GREEDY_HIDDEN = 4.8

IGNORES_THREATS = '''\
def best_move(board):
    """Takes its own win, else the centre, then the corners: never looks at the opponent's lines."""
    me = to_move(board)
    for move in empty_cells(board):
        if winner(play(board, *move)) == me:
            return move
    for move in [(1, 1), (0, 2), (2, 2), (0, 0), (2, 0)]:
        if cell(board, *move) == EMPTY:
            return move
    return empty_cells(board)[0]
'''

GREEDY = '''\
def best_move(board):
    """Wins if it can, else blocks the opponent's line, else takes the centre, else the first empty cell:
    blind to forks (a move that makes two threats at once)."""
    me = to_move(board)
    moves = empty_cells(board)
    for move in moves:
        if winner(play(board, *move)) == me:
            return move
    for move in moves:
        if any(set(cell(board, x, y) for x, y in line if (x, y) != move) == {"X" if me == "O" else "O"}
               and move in line for line in LINES):
            return move
    if cell(board, 1, 1) == EMPTY:
        return (1, 1)
    return moves[0]
'''

PLAIN_MINIMAX = '''\
def alphabeta(board):
    """Minimax without the cut: right values, every position visited."""
    visited = 0

    def search(board):
        nonlocal visited
        visited += 1
        if winner(board) is not None:
            return -1
        moves = empty_cells(board)
        if not moves:
            return 0
        return max(-search(play(board, *move)) for move in moves)

    return search(board), visited
'''

#: a pruning bug: the child gets (-alpha, -beta) instead of (-beta, -alpha), and cuts that it must not
RIGHT_WINDOW, SWAPPED = "-search(play(board, *move), -beta, -alpha)", "-search(play(board, *move), -alpha, -beta)"


def swapped_window(reference: str) -> str:
    """The reference alpha-beta with the child's window swapped."""
    assert reference.count(RIGHT_WINDOW) == 1
    return reference.replace(RIGHT_WINDOW, SWAPPED)


NO_ALPHABETA = ("test_alphabeta_visible", "test_alphabeta_hidden_values", "test_alphabeta_hidden_nodes")


def ps05_students(source: Source) -> dict[str, Student]:
    ref = references(source, "best_move", "alphabeta")
    return {
        "reference": Student(ref),
        "untouched": Student({}, zero="all"),
        "ignores_threats": Student({**ref, "best_move": IGNORES_THREATS}, zero=("test_best_move_visible",),
                                   scores={"test_best_move_hidden": IGNORES_THREATS_HIDDEN}),
        # right on every visible position, wrong where a fork decides: it must lose hidden points
        "greedy": Student({**ref, "best_move": GREEDY}, scores={"test_best_move_hidden": GREEDY_HIDDEN}),
        "plain_minimax": Student({**ref, "alphabeta": PLAIN_MINIMAX},
                                 scores={"test_alphabeta_hidden_nodes": MINIMAX_NODES_HIDDEN}),
        "swapped_window": Student({**ref, "alphabeta": swapped_window(ref["alphabeta"])}, zero=NO_ALPHABETA),
    }


def ps05_feedback(run: CourseRun) -> None:
    ignores = run.feedback("ignores_threats")
    assert "instead gives a win" in ignores and "Y your move, R the opponent's reply" in ignores
    assert "best_move: average share 0.800 x 6 points = 4.8" in ignores
    greedy = run.feedback("greedy")
    assert "best_move: average share 0.800 x 6 points = 4.8" in greedy
    assert "[0, 0] instead gives a win" in greedy and "B a better move" in greedy  # its first miss, taught
    assert "and 5 more of the positions not right (not shown): 24 of 30 right" in greedy  # the others, counted
    assert "alphabeta: average share" in run.feedback("plain_minimax")
    assert "Check the window" in run.feedback("swapped_window")
    assert "not written yet" in run.feedback("untouched")


# ps06: the basket and the crawler.

#: Measured (in process in test_grading_ps06.py, and by real nbgrader, with the test key): the share of its 30 hidden
#: basket positions each wrong player gets right, times 6; the crawler games won, times 6 (C) or 4 (random).
PLAIN_NIM_HIDDEN = 3.6
LARGEST_HIDDEN = 2.8
RANDOM_CRAWLER_RANDOM = 2.0
GREEDY_CRAWLER_C = 0.0
GREEDY_CRAWLER_RANDOM = 4.0

PLAIN_NIM = '''\
def basket_move(left, cap):
    """The plain Nim rule on the balls left, blind to the cap."""
    total = 0
    for balls in left:
        total ^= balls
    if total:
        for colour, balls in enumerate(left):
            if balls ^ total < balls:
                return (colour, balls - (balls ^ total))
    colour = next(colour for colour, balls in enumerate(left) if balls)
    return (colour, 1)
'''

LARGEST = '''\
def basket_move(left, cap):
    """Puts as many balls as it may of the colour with the most left."""
    colour = max(range(len(left)), key=lambda c: left[c])
    return (colour, left[colour] if cap is None else min(cap, left[colour]))
'''

RANDOM_CRAWLER = '''\
import random


def crawler_move(line, width, height):
    """Any legal move, at random."""
    return random.choice(legal_moves(line, width, height))
'''

GREEDY_CRAWLER = '''\
import random


def crawler_move(line, width, height):
    """Closes when it can, else a random move after which the opponent cannot close at once."""
    moves = legal_moves(line, width, height)
    for move in moves:
        if closes(line, move):
            return move
    safe = [move for move in moves
            if not any(closes(play(line, move), reply) for reply in legal_moves(play(line, move), width, height))]
    return random.choice(safe or moves)
'''

NO_BASKET_VISIBLE = ("test_basket_move_visible",)


def ps06_students(source: Source) -> dict[str, Student]:
    ref = references(source, "basket_move", "crawler_move")
    return {
        "reference": Student(ref),
        "untouched": Student({}, zero="all"),
        "plain_nim": Student({**ref, "basket_move": PLAIN_NIM}, zero=NO_BASKET_VISIBLE,
                             scores={"test_basket_move_hidden": PLAIN_NIM_HIDDEN}),
        "largest_colour": Student({**ref, "basket_move": LARGEST}, zero=NO_BASKET_VISIBLE,
                                  scores={"test_basket_move_hidden": LARGEST_HIDDEN}),
        "random_crawler": Student({**ref, "crawler_move": RANDOM_CRAWLER},
                                  zero=("test_crawler_move_visible", "test_crawler_move_hidden_c"),
                                  scores={"test_crawler_move_hidden_random": RANDOM_CRAWLER_RANDOM}),
        "greedy_crawler": Student({**ref, "crawler_move": GREEDY_CRAWLER},
                                  scores={"test_crawler_move_hidden_c": GREEDY_CRAWLER_C,
                                          "test_crawler_move_hidden_random": GREEDY_CRAWLER_RANDOM}),
    }


def ps06_feedback(run: CourseRun) -> None:
    nim = run.feedback("plain_nim")
    assert "Grundy value is its balls left mod" in nim and "Nim sum" in nim and "A winning move:" in nim
    assert "basket_move: average share 0.600 x 6 points = 3.6" in nim
    assert "yours (3, 2), not a winning move" in nim  # its first miss; the others counted, never listed
    assert "and 11 more of the positions not right (not shown): 18 of 30 right" in nim
    largest = run.feedback("largest_colour")
    assert "so the opponent wins, for example with" in largest
    assert "basket_move: average share 0.467 x 6 points = 2.8" in largest
    crawler = run.feedback("random_crawler")
    assert "closes the line and wins at once" in crawler
    assert "The first game lost (game 1 of 10): C's player closed the line" in crawler
    greedy = run.feedback("greedy_crawler")
    assert "crawler_move: average share 0.000 x 6 points = 0" in greedy
    assert "let C's player close the line with" in greedy
    assert "not written yet" in run.feedback("untouched")


# ps07: minesweeper.

#: Measured (in process in test_grading_ps07.py, and by real nbgrader): the share of the 20 hidden boards on which
#: the two simple rules find both sets exactly, times 8; the share of the 15 hidden boards on which the local
#: ratio is within 0.01 everywhere, times 7.
SIMPLE_RULES_HIDDEN = 5.2
LOCAL_RATIO_HIDDEN = 0.47

SIMPLE_RULES = '''\
def certain(board):
    """The two simple rules, repeated until nothing new follows; no subset rule."""
    grid = cells(board)
    mines, safe = set(), set()
    changed = True
    while changed:
        changed = False
        for cell, char in grid.items():
            if not char.isdigit():
                continue
            hidden = [c for c in neighbours(board, cell) if grid[c] == "#"]
            unknown = [c for c in hidden if c not in mines and c not in safe]
            left = int(char) - sum(c in mines for c in hidden)
            if unknown and left == 0:
                safe |= set(unknown)
                changed = True
            elif unknown and left == len(unknown):
                mines |= set(unknown)
                changed = True
    return mines, safe
'''

UNIFORM_CHANCES = '''\
def mine_chances(board, mines):
    """The same chance for every hidden cell: the mines over the hidden cells (the numbers unused)."""
    hidden = [c for c, char in cells(board).items() if char == "#"]
    return {c: mines / len(hidden) for c in hidden}
'''

LOCAL_RATIO = '''\
def mine_chances(board, mines):
    """Each number on its own: a cell next to numbers gets the largest count / hidden neighbours among them;
    the others the mines over the hidden cells."""
    grid = cells(board)
    hidden = [c for c, char in grid.items() if char == "#"]
    chances = {c: mines / len(hidden) for c in hidden}
    ratios = {}
    for cell, char in grid.items():
        if char.isdigit():
            around = [c for c in neighbours(board, cell) if grid[c] == "#"]
            for c in around:
                ratios[c] = max(ratios.get(c, 0.0), int(char) / len(around))
    chances.update(ratios)
    return chances
'''

BRUTE_FORCE = '''\
from itertools import product


def frontier_numbers(board):
    grid = cells(board)
    found = []
    for cell, char in grid.items():
        if char.isdigit():
            hidden = [c for c in neighbours(board, cell) if grid[c] == "#"]
            if hidden:
                found.append((int(char), hidden))
    return found


def all_fitting(board, edge):
    """Every set of mines on the frontier `edge` that fits every number: all 2 ** len(edge) tried."""
    rules = frontier_numbers(board)
    for bits in product((False, True), repeat=len(edge)):
        mines = {c for c, bit in zip(edge, bits) if bit}
        if all(sum(c in mines for c in hidden) == count for count, hidden in rules):
            yield mines


def certain(board):
    rules = frontier_numbers(board)
    edge = sorted({c for count, hidden in rules for c in hidden})
    found = list(all_fitting(board, edge))
    return set.intersection(*found), set(edge) - set.union(*found)


def mine_chances(board, mines):
    grid = cells(board)
    hidden = [c for c, char in grid.items() if char == "#"]
    rules = frontier_numbers(board)
    edge = sorted({c for count, hidden_cells in rules for c in hidden_cells})
    others = [c for c in hidden if c not in edge]
    total = 0
    hits = dict.fromkeys(hidden, 0)
    for placed in all_fitting(board, edge):
        rest = mines - len(placed)
        if not 0 <= rest <= len(others):
            continue
        ways = comb(len(others), rest)
        total += ways
        for c in placed:
            hits[c] += ways
        for c in others:
            hits[c] += comb(len(others) - 1, rest - 1) if rest else 0
    return {c: hits[c] / total for c in hidden}
'''

NO_CERTAIN_VISIBLE = ("test_certain_visible",)
NO_CHANCES = ("test_mine_chances_visible", "test_mine_chances_hidden")


def ps07_students(source: Source) -> dict[str, Student]:
    ref = references(source, "certain", "mine_chances")
    return {
        "reference": Student(ref),
        "untouched": Student({}, zero="all"),
        # the reference's helpers stay (mine_chances uses them); certain is redefined after them
        "simple_rules": Student({**ref, "certain": ref["certain"] + "\n\n" + SIMPLE_RULES}, zero=NO_CERTAIN_VISIBLE,
                                scores={"test_certain_hidden": SIMPLE_RULES_HIDDEN}),
        "uniform_chances": Student({**ref, "mine_chances": UNIFORM_CHANCES}, zero=NO_CHANCES),
        "local_ratio": Student({**ref, "mine_chances": LOCAL_RATIO}, zero=("test_mine_chances_visible",),
                               scores={"test_mine_chances_hidden": LOCAL_RATIO_HIDDEN}),
        "brute_force": Student({"certain": BRUTE_FORCE, "mine_chances": "# mine_chances is written above\n"}),
    }


def ps07_feedback(run: CourseRun) -> None:
    simple = run.feedback("simple_rules")
    assert "did not find every certain cell" in simple and "(the subset rule)" in simple
    assert "certain: average share 0.650 x 8 points = 5.2" in simple
    uniform = run.feedback("uniform_chances")
    assert "placements of 2 mines on the hidden cells that fit every number" in uniform
    assert "mine_chances: average share 0.000 x 7 points = 0" in uniform
    local = run.feedback("local_ratio")
    assert "mine_chances: average share 0.067 x 7 points = 0.47" in local
    assert "not written yet" in run.feedback("untouched")


# ps08: bulls and cows.

#: Measured (in process in test_grading_ps08.py, and by real nbgrader): the share of the 20 hidden histories on
#: which each guess is consistent, times 6; the points of the average over the 100 hidden secrets (out of 10).
BULLS_ONLY_CONSISTENT = 1.8
TWO_OPENERS_CONSISTENT = 4.2
IN_ORDER_CONSISTENT = 0.6
TWO_OPENERS_AVERAGE = 8.12
FIRST_CONSISTENT_AVERAGE = 9.12
#: The scale is relative to the reference guesser on the same secrets: the reference gets full points on every
#: draw (it averages 5.39 on the first consistent code's 100 secrets).

IN_ORDER = '''\
def next_guess(history):
    """Every code in order, skipping only those asked: the answers are never used."""
    asked = [guess for guess, bulls, cows in history]
    for code in all_secrets():
        if code not in asked:
            return code
'''

BULLS_ONLY = '''\
def next_guess(history):
    """The first code not asked that agrees with the bulls of every answer: the cows are ignored."""
    asked = [guess for guess, bulls, cows in history]
    for code in all_secrets():
        if code not in asked and all(score(code, guess)[0] == bulls for guess, bulls, cows in history):
            return code
'''

TWO_OPENERS = '''\
def next_guess(history):
    """0123, then 4567 whatever the answer (eight digits tried in two guesses), then the first consistent code."""
    if len(history) == 1 and history[0][0] != "4567":
        return "4567"
    for code in all_secrets():
        if all(score(code, guess) == (bulls, cows) for guess, bulls, cows in history):
            return code
'''

FIRST_CONSISTENT = '''\
def next_guess(history):
    """The first consistent code in the order of all_secrets()."""
    for code in all_secrets():
        if all(score(code, guess) == (bulls, cows) for guess, bulls, cows in history):
            return code
'''


def ps08_students(source: Source) -> dict[str, Student]:
    ref = references(source, "next_guess")
    return {
        "reference": Student(ref),
        "untouched": Student({}, zero="all"),
        "in_order": Student({"next_guess": IN_ORDER},
                            zero=("test_next_guess_consistent_visible", "test_next_guess_games_visible",
                                  "test_next_guess_average_hidden"),
                            scores={"test_next_guess_consistent_hidden": IN_ORDER_CONSISTENT}),
        "bulls_only": Student({"next_guess": BULLS_ONLY},
                              zero=("test_next_guess_consistent_visible", "test_next_guess_average_hidden"),
                              scores={"test_next_guess_consistent_hidden": BULLS_ONLY_CONSISTENT}),
        "two_openers": Student({"next_guess": TWO_OPENERS}, zero=("test_next_guess_consistent_visible",),
                               scores={"test_next_guess_consistent_hidden": TWO_OPENERS_CONSISTENT,
                                       "test_next_guess_average_hidden": TWO_OPENERS_AVERAGE}),
        "first_consistent": Student({"next_guess": FIRST_CONSISTENT},
                                    scores={"test_next_guess_average_hidden": FIRST_CONSISTENT_AVERAGE}),
    }


def ps08_feedback(run: CourseRun) -> None:
    in_order = run.feedback("in_order")
    assert "which cannot be the secret" in in_order and "would have scored" in in_order
    assert "12 guesses asked, none of them the secret" in in_order
    bulls_only = run.feedback("bulls_only")
    assert "next_guess: average share 0.300 x 6 points = 1.8" in bulls_only
    # 9.230 guesses without time pressure; a slower processor ends more games at the CPU-time limit (still 0 points)
    assert "next_guess: average " in bulls_only and " guesses -> 0 of 10 points" in bulls_only
    two_openers = run.feedback("two_openers")
    assert "returned '4567', which cannot be the secret" in two_openers
    assert "next_guess: average 5.660 guesses -> 8.12 of 10 points" in two_openers
    assert "next_guess: average 5.640 guesses -> 9.12 of 10 points" in run.feedback("first_consistent")
    assert "the course's reference guesser averages 5.390 guesses on these secrets" in run.feedback("first_consistent")
    assert "not written yet" in run.feedback("untouched")


# ps09: corners.

#: Measured (in process in test_grading_ps09.py, and by real nbgrader): the points of each hidden test cell of
#: games (3 each: one opening played from both sides) for the known weak evaluations. Against E: 3 x score / 2;
#: against the course's player: 3 x min(1, score). These depend on the course's evaluation (the opponent of
#: part 3), on E's player and on the openings the test key draws for each student: measure again when any changes.
#: The budget is CPU time, measured against the course's evaluation on the same machine, so that the load of
#: other processes does not move these scores (test_grading_load.py grades two other ps09 submissions beside six
#: busy processes and gets their scores).
ALWAYS_ZERO_E = (1.5, 1.5)
ALWAYS_ZERO_COURSE = (0.0, 0.0)
IN_TARGET_E = (1.5, 1.5)
IN_TARGET_COURSE = (1.5, 1.5)
#: The hidden openings come from the test key's pool, on which the reference earns full points (TEST_POOL): it gets 20.
#: The openings of the visible games (E_VISIBLE and COURSE_VISIBLE of ps09/make.py): named by their number.
VISIBLE_OPENINGS = (20250510, 20250520)

ALWAYS_ZERO = '''\
def evaluate(rules, state):
    """Every position alike: the search's move order alone chooses (most progress first)."""
    return 0
'''

IN_TARGET = '''\
def evaluate(rules, state):
    """The pieces in the target, mine less the opponent's: blind to the steps still to go."""
    return rules.in_target(state, state.turn) - rules.in_target(state, 1 - state.turn)
'''

TEXT_VALUE = '''\
def evaluate(rules, state):
    """The right idea, but the number is formatted as text."""
    mine = sum(steps_to_target(rules, state.turn, cell) for cell in state.pieces(state.turn))
    theirs = sum(steps_to_target(rules, 1 - state.turn, cell) for cell in state.pieces(1 - state.turn))
    return f"{theirs - mine:.1f}"
'''

E_HIDDEN = ("test_games_e_hidden_1", "test_games_e_hidden_2")
COURSE_HIDDEN = ("test_games_course_hidden_1", "test_games_course_hidden_2")
GAMES = ("test_games_e_visible", "test_games_course_visible", *E_HIDDEN, *COURSE_HIDDEN)


def thousand_times(reference: str) -> str:
    """The reference's evaluation computed a thousand times a call, about 10 ms: some 16 times the sandbox's
    allowance for a call (22 x the course's evaluation, plus 15 x for reading the position: about 0.6 ms), so
    that it runs out of time in the first moves of every game (no game is decided by where it ran out). The
    reference costs about 0.01 ms a call (measured): a hundred times came within twice the allowance, and
    there some games were won, more or fewer by the machine's load."""
    return reference.replace("def evaluate(rules, state):", "def evaluate_once(rules, state):", 1) + '''

def evaluate(rules, state):
    """The evaluation above, computed a thousand times."""
    value = 0
    for _ in range(1000):
        value = evaluate_once(rules, state)
    return value
'''


def legal_moves_caller(reference: str) -> str:
    """The reference's evaluation with a call of ``rules.legal_moves`` (about 0.05 ms a call in a notebook: cheap
    only while the rules keep their caches from call to call). It must earn full marks."""
    return reference.replace(
        "    me = state.turn\n",
        "    me = state.turn\n    moves = rules.legal_moves(state)  # cheap while the rules keep their caches\n"
        "    if not moves:\n        return 0\n")


def hidden_opening(part: str, student: str, cell: int, digest: str | None = None) -> Opening:
    """The opening of the pool that hidden cell ``cell`` of ``part`` (``"test_games_e_hidden"``) plays for a student
    (whose notebook's code has the digest ``digest``; by default the known student's)."""
    return pool_opening(hidden_seed_of("ps09", part, student, digest), cell, TEST_POOL)


def ps09_students(source: Source) -> dict[str, Student]:
    ref = references(source, "evaluate")
    return {
        "reference": Student(ref),
        "untouched": Student({}, zero="all"),
        "always_zero": Student({"evaluate": ALWAYS_ZERO},
                               scores=dict(zip(E_HIDDEN + COURSE_HIDDEN, ALWAYS_ZERO_E + ALWAYS_ZERO_COURSE,
                                               strict=True))),
        "in_target": Student({"evaluate": IN_TARGET},
                             scores=dict(zip(E_HIDDEN + COURSE_HIDDEN, IN_TARGET_E + IN_TARGET_COURSE, strict=True))),
        "text_value": Student({"evaluate": TEXT_VALUE}, zero="all"),
        # graded again beside six busy processes by test_grading_load.py: the same scores there
        "legal_moves_caller": Student({"evaluate": legal_moves_caller(ref["evaluate"])}),
        "slow": Student({"evaluate": thousand_times(ref["evaluate"])}, zero=GAMES),
    }


def ps09_feedback(run: CourseRun) -> None:
    zero = run.feedback("always_zero")
    assert "evaluate against E's fixed player: score 1 of 2 -> 1.5 of 3 points" in zero
    opening = hidden_opening("test_games_e_hidden", "always_zero", 1)
    assert "The first game not won:" in zero and f"({opening.name}, you" in zero and "The final position:" in zero
    assert "evaluate against the course's player: score 0 of 2 -> 0 of 3 points" in zero
    in_target = run.feedback("in_target")
    assert "evaluate against the course's player: score 0.5 of 2 -> 1.5 of 3 points" in in_target
    opening = hidden_opening("test_games_e_hidden", "in_target", 1)
    assert f"Game 1 ({opening.name}, you White (W) against E's fixed player): lost." in in_target
    assert "The move limit: White has 5 pieces in its target, Black 7: Black wins." in in_target
    assert "The move limit: 2 pieces each in the target, a draw" in in_target
    text = run.feedback("text_value")
    assert "returned '" in text and "(a str); it must return a number (an int or a float)" in text
    assert "not written yet" in run.feedback("untouched")
    slow_feedback(run.feedback("slow"))
    for student in ("reference", "always_zero", "in_target", "text_value"):
        assert not seeds_shown(run.feedback(student), student), student


def slow_feedback(feedback: str) -> None:
    """What the feedback of the evaluation over its budget (:func:`thousand_times`) says: why its games were lost."""
    assert "Your player ran out of time before your move" in feedback
    assert "evaluate was called" in feedback and "ms a call; the budget is" in feedback
    assert f"({BUDGET_TIMES} x the course's evaluation, measured at" in feedback


def seeds_shown(feedback: str, student: str) -> list[str]:
    """What a ps09 feedback page shows of a seed: a stated seed, the student's hidden seeds, or a hidden opening's
    number (a hidden opening is named by its place in the pool; only the visible openings are named by number)."""
    parts = ("test_evaluate_hidden", "test_games_e_hidden", "test_games_course_hidden")
    hidden = [str(hidden_seed_of("ps09", part, student)) for part in parts]
    numbers = [number for number in re.findall(r"opening (\d+)(?!\d| of the pool)", feedback)
               if int(number) not in VISIBLE_OPENINGS]
    return stated_seeds(feedback) + [seed for seed in hidden if seed in feedback] + numbers


KNOWN: dict[str, Known] = {
    "ps01": Known(ps01_students, ps01_feedback, tracebacks_allowed=("hanging_cell",)),
    "ps02": Known(ps02_students, ps02_feedback),
    "ps03": Known(ps03_students, ps03_feedback),
    # the untouched helpers cell raises NotImplementedError when it runs: its own traceback, no test's
    "ps04": Known(ps04_students, ps04_feedback, tracebacks_allowed=("untouched",)),
    "ps05": Known(ps05_students, ps05_feedback),
    "ps06": Known(ps06_students, ps06_feedback),
    "ps07": Known(ps07_students, ps07_feedback),
    "ps08": Known(ps08_students, ps08_feedback),
    "ps09": Known(ps09_students, ps09_feedback),
}
