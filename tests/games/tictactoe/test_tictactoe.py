"""Tic-tac-toe's rules against brute force: lines, positions, symmetries, legal moves, records.

Expected counts come from REFERENCE.md; everything else is checked against small checkers
written here from the rules in GAMES.md.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest

from coursekit.core import Coord, CoursekitError, IllegalMoveError, Player, Record, play, random_strategy
from coursekit.games import rules_from_spec
from coursekit.games.tictactoe import MARKS, TicTacToe, TicTacToeState

CLASSIC = TicTacToe()

#: (width, height, k, players): square and oblong boards, short and long lines, 2 to 4 players.
BOARDS = [(3, 3, 3, 2), (4, 3, 3, 2), (3, 4, 2, 3), (4, 4, 3, 3), (5, 4, 4, 4), (3, 1, 2, 2), (1, 5, 3, 2),
          (6, 5, 4, 3), (5, 5, 5, 2), (2, 2, 2, 4), (7, 6, 4, 2)]


# A brute-force line checker, straight from the rule: k of one mark in a row, a column or a diagonal.

def grid_of(state: TicTacToeState) -> dict[tuple[int, int], str]:
    return {(x, y): state.at(Coord(x, y)) for x in range(state.width) for y in range(state.height)}


def lines_of(grid: dict[tuple[int, int], str], mark: str, k: int) -> set[frozenset[tuple[int, int]]]:
    """Every run of ``k`` cells in a straight line (eight directions from every cell) holding only ``mark``."""
    found = set()
    for (x, y) in grid:
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1), (-1, 0), (0, -1), (-1, -1), (-1, 1)):
            run = [(x + i * dx, y + i * dy) for i in range(k)]
            if all(grid.get(cell) == mark for cell in run):
                found.add(frozenset(run))
    return found


def has_line(grid: dict[tuple[int, int], str], mark: str, k: int) -> bool:
    return bool(lines_of(grid, mark, k))


def random_game(rules: TicTacToe, rng: random.Random) -> Iterator[TicTacToeState]:
    """The states of one random game, the empty board first."""
    state = rules.initial_state()
    yield state
    while not rules.is_over(state):
        state = rules.next_state(state, rng.choice(rules.legal_moves(state)))
        yield state


@pytest.mark.parametrize("board", BOARDS, ids=str)
def test_wins_are_found_exactly_when_a_line_is_made(board):
    width, height, k, players = board
    rules = TicTacToe(width, height, k, players)
    rng = random.Random(sum(board))
    wins = 0
    for _ in range(100):
        states = list(random_game(rules, rng))
        for before, state in itertools.pairwise(states):
            assert state.turn == (before.turn + 1) % players
            assert state.filled == before.filled + 1
        # Marks are only added, so a board without a line had none before it: the checker looks at
        # the last two boards of each game, and the rules must find no winner before the last.
        assert all(state.winner is None and not rules.is_over(state) for state in states[:-1])
        for before, state in itertools.pairwise(states[-2:] if len(states) > 1 else []):
            mover = before.turn
            assert not any(has_line(grid_of(before), MARKS[p], k) for p in range(players)), before
            lines = [p for p in range(players) if has_line(grid_of(state), MARKS[p], k)]
            assert lines in ([], [mover]), state
            assert state.winner == (mover if lines else None), state
            assert rules.is_over(state) == bool(lines or "." not in state.cells)
        final = states[-1]
        if final.winner is not None:
            wins += 1
            cells = final.line
            assert len(cells) == k and all(final.at(c) == MARKS[final.winner] for c in cells)
            steps = {(b.x - a.x, b.y - a.y) for a, b in itertools.pairwise(cells)}
            assert len(steps) == 1 and steps.pop() in ((1, 0), (0, 1), (1, 1), (1, -1))
    if -(-width * height // players) >= k:  # the first player gets k marks: a line can be made
        assert wins > 0  # the checker was put to work on wins, not only on draws


@pytest.mark.parametrize("board", BOARDS, ids=str)
def test_positions_from_random_boards_agree_with_the_line_checker(board):
    width, height, k, players = board
    rules = TicTacToe(width, height, k, players)
    rng = random.Random(10 * sum(board))
    for _ in range(300):
        filled = rng.randrange(width * height + 1)
        marks = [MARKS[i % players] for i in range(filled)] + ["."] * (width * height - filled)
        rng.shuffle(marks)
        rows = "/".join("".join(marks[r * width:(r + 1) * width]) for r in range(height))
        grid = {(x, height - 1 - r): marks[r * width + x] for r in range(height) for x in range(width)}
        lines = [p for p in range(players) if has_line(grid, MARKS[p], k)]
        last = (filled - 1) % players
        if len(lines) > 1:
            with pytest.raises(ValueError, match="both have"):
                rules.position(rows)
        elif lines and lines != [last]:
            with pytest.raises(ValueError, match="others marked after it"):
                rules.position(rows)
        elif lines and not frozenset.intersection(*lines_of(grid, MARKS[last], k)):
            # Lines with no cell in common cannot all be made by the last mark: the first one ended the game.
            with pytest.raises(ValueError, match="no cell in common"):
                rules.position(rows)
        else:
            state = rules.position(rows)
            assert state.winner == (lines[0] if lines else None)
            assert state.turn == filled % players
            assert "/".join(state.rows_top_first()) == rows


# position(): what it refuses, and that it accepts every position a game reaches.

@pytest.mark.parametrize(("rows", "message"), [
    ("XX./.../...", "X has 2 marks and O has 0 marks: players mark in turn, X first"),
    ("O../.../...", "X has 0 marks and O has 1 mark"),
    ("XO./XO./X..", None),
    ("XXX/OOO/X.O", "X and O both have 3 in a row"),
    ("XXX/OO./..O", "X has 3 in a row, but others marked after it"),
    ("OOO/XX./X.X", "O has 3 in a row, but others marked after it"),
    ("XO/.../...", "the board is 3 rows of 3 cells"),
    ("XO./.../.../...", "got 4 row(s)"),
    ("XA./.../...", "a cell is one of X, O or '.' (empty), not 'A'"),
    ("x../.../...", "not 'x'"),
    ("X  /.../...", "not ' '"),
])
def test_impossible_positions_are_refused_with_the_reason(rows, message):
    if message is None:  # X's line, O not marked after it: a legal finished game
        assert CLASSIC.position(rows).winner == 0
        return
    with pytest.raises(ValueError) as caught:
        CLASSIC.position(rows)
    assert message in str(caught.value)


def test_two_lines_without_a_common_cell_are_refused():
    rules = TicTacToe(6, 3, 3)
    with pytest.raises(ValueError, match="X has 2 lines of 3 with no cell in common"):
        rules.position("XXXOO./OO..../XXXO..")
    # Two lines through one cell: the last mark made both.
    assert rules.position("XXXOO./OX..../O.X...").winner == 0
    # Three lines, each two sharing a cell but no cell on all three: refused as well.
    with pytest.raises(ValueError, match="X has 3 lines of 3 with no cell in common"):
        rules.position("XXXOO./OXO.../X.XO..")


def test_the_third_players_mark_is_known_only_with_three_players():
    assert TicTacToe(num_players=3).position("XOA/.../...").turn == 0
    with pytest.raises(ValueError, match="not 'A'"):
        CLASSIC.position("XOA/.../...")


def reachable(rules: TicTacToe) -> set[TicTacToeState]:
    seen = {rules.initial_state()}
    todo = [rules.initial_state()]
    while todo:
        state = todo.pop()
        for move in rules.legal_moves(state):
            child = rules.next_state(state, move)
            if child not in seen:
                seen.add(child)
                todo.append(child)
    return seen


REACHABLE = reachable(CLASSIC)


def test_position_accepts_exactly_the_positions_a_game_reaches():
    assert len(REACHABLE) == 5478  # REFERENCE.md
    assert sum(CLASSIC.is_over(s) for s in REACHABLE) == 958
    accepted = set()
    for cells in itertools.product("XO.", repeat=9):
        rows = "/".join("".join(cells[i:i + 3]) for i in (0, 3, 6))
        try:
            state = CLASSIC.position(rows)
        except ValueError:
            continue
        accepted.add(state)
    assert accepted == REACHABLE
    by_board = {s: s for s in REACHABLE}
    for state in accepted:  # and with the same winner and line as the game that reached it
        reached = by_board[state]
        assert (state.turn, state.winner) == (reached.turn, reached.winner)
        assert state.line in CLASSIC.lines if state.winner is not None else state.line == ()


# canonical(): equal exactly for images under the board's symmetries.

def images(state: TicTacToeState) -> set[str]:
    """Every rotation and reflection of the board, as rows top first (turned by hand)."""
    rows = [list(r) for r in state.rows_top_first()]
    found = set()
    for _ in range(4 if state.width == state.height else 2):
        for board in (rows, [r[::-1] for r in rows]):
            found.add("/".join("".join(r) for r in board))
        rows = [list(r) for r in zip(*rows[::-1], strict=True)] if state.width == state.height else rows[::-1]
    return found


def test_canonical_forms_are_equal_exactly_for_symmetric_images():
    orbit = {s: frozenset(images(s)) for s in REACHABLE}
    by_canonical: dict[TicTacToeState, set[frozenset[str]]] = {}
    for state in REACHABLE:
        canonical = CLASSIC.canonical(state)
        assert "/".join(canonical.rows_top_first()) in orbit[state]  # an image of the state itself
        assert canonical.turn == state.turn
        by_canonical.setdefault(canonical, set()).add(orbit[state])
    # One orbit per canonical form, and one canonical form per orbit.
    assert all(len(orbits) == 1 for orbits in by_canonical.values())
    assert len(by_canonical) == len(set(orbit.values())) == 765  # REFERENCE.md
    assert len({CLASSIC.canonical(s) for s in REACHABLE if CLASSIC.is_over(s)}) == 138


def test_canonical_on_an_oblong_board_uses_its_four_symmetries():
    rules = TicTacToe(4, 3, 3)
    assert len(rules.symmetries) == 4
    rng = random.Random(7)
    states = list({s for _ in range(60) for s in random_game(rules, rng) if s.filled <= 4})
    canonical = {s: rules.canonical(s) for s in states}
    pairs = 0
    for a in states:
        for b in states:
            same = a.turn == b.turn and "/".join(b.rows_top_first()) in images(a)
            assert (canonical[a] == canonical[b]) == same, (a, b)
            pairs += same and a != b
    assert pairs > 0


# why_illegal(): None exactly for the legal moves, a reason otherwise.

def cells_in_and_around(rules: TicTacToe) -> list[tuple[int, int]]:
    """Every cell of the board and of the ring just outside it, as plain pairs and as ``Coord``."""
    cells = [(x, y) for x in range(-1, rules.width + 1) for y in range(-1, rules.height + 1)]
    return [*cells, *(Coord(*c) for c in cells)]


#: Things that are never a move.
NOT_MOVES = [(0, 0, 0), (0,), (), "a1", None, 5, (0.0, 0.0), (True, False), (False, 0), [0, 0], Coord(0.5, 0)]


@pytest.mark.parametrize("board", BOARDS[:6], ids=str)
def test_why_illegal_is_none_exactly_for_legal_moves(board):
    rules = TicTacToe(*board)
    states = REACHABLE if rules == CLASSIC else {s for seed in range(40)
                                                 for s in random_game(rules, random.Random(seed))}
    for number, state in enumerate(sorted(states, key=repr)):
        legal = rules.legal_moves(state)
        assert len(set(legal)) == len(legal)
        assert rules.is_over(state) == (legal == ())
        for move in cells_in_and_around(rules):
            assert (rules.why_illegal(state, move) is None) == (move in legal), (state, move)
        if number % 5:
            continue  # apply() is checked on every fifth position
        for move in [*cells_in_and_around(rules), *NOT_MOVES]:
            reason = rules.why_illegal(state, move)
            if reason is None:
                assert rules.apply(state, move) == rules.next_state(state, move)
            else:
                assert isinstance(reason, str) and reason
                with pytest.raises(IllegalMoveError) as caught:
                    rules.apply(state, move)
                assert str(caught.value) == reason


def test_legal_moves_are_the_empty_cells_in_reading_order():
    state = CLASSIC.position("X.O/.X./O..")
    assert CLASSIC.legal_moves(state) == (Coord(1, 2), Coord(0, 1), Coord(2, 1), Coord(1, 0), Coord(2, 0))


# Records.

@pytest.mark.parametrize("board", BOARDS, ids=str)
def test_records_survive_a_json_round_trip(board):
    rules = TicTacToe(*board)
    for seed in range(5):
        rng = random.Random(seed)
        players = [Player(f"random {p}", random_strategy(rng)) for p in range(rules.num_players)]
        for record in (play(rules, players), play(rules, players, max_moves=2)):
            again = Record.from_json(record.to_json(), rules_from_spec)
            assert again == record
            assert again.to_json() == record.to_json()


def test_a_record_from_a_given_position_round_trips_and_a_forged_one_is_refused():
    start = CLASSIC.position("XO./.X./..O")
    rng = random.Random(3)
    record = play(CLASSIC, [Player("a", random_strategy(rng)), Player("b", random_strategy(rng))], start=start)
    again = Record.from_json(record.to_json(), rules_from_spec)
    assert again.start == start and again == record
    forged = record.to_json().replace('"winner": ' + str(record.winner).replace("None", "null"),
                                      '"winner": ' + ("1" if record.winner != 1 else "0"))
    with pytest.raises(CoursekitError, match="not a valid game record"):
        Record.from_json(forged, rules_from_spec)
