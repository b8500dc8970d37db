"""The figures lessons 07-14 state, recomputed here without the lessons' own cells (issue 20).

Each test computes a figure its own way (brute force over a game tree, an exact formula, or
an independent sample with its interval) and checks the figure the lesson's text states
against it: the text is read from the lesson's source with jupytext, and the figure is
formatted from the test's own value, so a changed lesson or a changed library fails here.
The slow tests read what a lesson's own cells print, in the session's one run of it (``lesson_runs``).
"""

from __future__ import annotations

import math
import random
import re
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest

jupytext = pytest.importorskip("jupytext")

LESSONS = Path(__file__).resolve().parents[1] / "lessons"


def markdown(stem: str) -> str:
    """All the markdown of a lesson, with the '# ' of its percent format gone and lines joined."""
    notebook = jupytext.read(LESSONS / f"{stem}.py")
    text = "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")
    text = re.sub(r"^\s*#?\s*", "", text, flags=re.MULTILINE)  # folded answers keep their '#    '
    return re.sub(r"\s+", " ", text)


# ---------------------------------------------------------------------------------------------
# Lesson 09: the basket. B's table, the random and the perfect player, written from the rules.
# ---------------------------------------------------------------------------------------------

MOVES = [(colour, balls) for colour in range(3) for balls in (1, 2, 3)]  # B's nine columns


def after(left: tuple, move: tuple) -> tuple:
    colour, balls = move
    return tuple(n - balls if c == colour else n for c, n in enumerate(left))


def legal(left: tuple) -> list[tuple]:
    return [m for m in MOVES if m[1] <= left[m[0]]]


@cache
def finish_counts(left: tuple) -> frozenset:
    """Every number of moves in which ``left`` can be put exactly, by trying every move."""
    if sum(left) == 0:
        return frozenset({0})
    return frozenset(k + 1 for m in legal(left) for k in finish_counts(after(left, m)))


@cache
def b_best(left: tuple, depth: int) -> tuple:
    """B's best columns: row 1 marks a fill (1), a move (0) or -127; row d marks a line that fills at move d."""
    scores = {}
    for move in legal(left):
        rest = after(left, move)
        rows = [1 if sum(rest) == 0 else 0] + [
            int(sum(rest) > 0 and d - 1 in finish_counts(rest)) for d in range(2, depth + 1)]
        scores[move] = sum((1 if d % 2 else -1) * (depth - d + 1) * mark for d, mark in enumerate(rows, 1))
    top = max(scores.values())
    return tuple(m for m in legal(left) if scores[m] == top)


@cache
def loses(left: tuple) -> bool:
    """The player to move loses with best play (whoever puts the last ball wins): brute force."""
    return all(not loses(after(left, m)) for m in legal(left)) if sum(left) else True


def good_moves(left: tuple) -> list[tuple]:
    return [m for m in legal(left) if loses(after(left, m))]


def chance_b_wins(start: tuple, depth: int, opponent: str) -> Fraction:
    """B moves first; every player picks uniformly among its candidates."""

    @cache
    def chance(left: tuple, b_to_move: bool) -> Fraction:
        if sum(left) == 0:
            return Fraction(int(not b_to_move))  # the one who just moved put the last ball
        if b_to_move:
            moves = b_best(left, depth)
        elif opponent == "random":
            moves = tuple(legal(left))
        else:
            moves = tuple(good_moves(left)) or tuple((c, 1) for c in range(3) if left[c])
        return sum((chance(after(left, m), not b_to_move) for m in moves), Fraction(0)) / len(moves)

    return chance(start, True)


def expected(p: Fraction) -> str:
    return f"{float(200 * p):.1f}"


def test_basket_exact_chances_stated_in_lesson_09() -> None:
    text = markdown("09-basket")
    random_333 = [chance_b_wins((3, 3, 3), d, "random") for d in range(1, 10)]
    perfect_333 = [chance_b_wins((3, 3, 3), d, "perfect") for d in range(1, 10)]
    random_123 = [chance_b_wins((1, 2, 3), d, "random") for d in range(1, 10)]
    assert all(chance_b_wins((1, 2, 3), d, "perfect") == 0 for d in range(1, 10))
    assert len(set(random_333[4:])) == 1 and len(set(perfect_333[4:])) == 1 and len(set(random_123[5:])) == 1
    assert random_333[3] != random_333[4]  # depth 4 still differs from depth 5
    stated = [
        f"chance {random_333[0]} at depth 1 ({expected(random_333[0])} expected wins of 200",
        f"{random_333[3]} at depth 4 ({expected(random_333[3])})",
        f"{random_333[4]} at every depth from 5 to 9 ({expected(random_333[4])})",
        f"{random_123[4]} at depth 5 ({expected(random_123[4])} expected wins of 200)",
        f"{random_123[5]} at depths 6 to 9 ({expected(random_123[5])})",
        f"{expected(random_123[4] - random_123[5])} games fewer",
        f"chance {perfect_333[0]} at depth 1 and {perfect_333[1]} at depth 2",
        f"{perfect_333[2]} at depths 3 and 4",
        f"**exactly {perfect_333[4]}** at every depth from 5 on",
    ]
    assert perfect_333[2] == perfect_333[3]
    for phrase in stated:
        assert phrase in text, f"lesson 09 should say: {phrase}"


def test_the_sample_of_lesson_09_is_where_the_text_puts_it() -> None:
    """88 of 200 against an exact chance of 1/2: 1.7 standard deviations low, as the text says."""
    from coursekit.games.basket import Basket, win_rates

    p = chance_b_wins((3, 3, 3), 5, "perfect")
    sample = win_rates(Basket(), [(3, 3, 3)], [5], opponents=("perfect",), games=200, seed=1)[0].wins
    z = (sample - 200 * p) / math.sqrt(200 * p * (1 - p))
    text = markdown("09-basket")
    assert f"The sample's {sample} is {abs(z):.1f} standard deviations below" in text and z < 0


def test_basket_exercise_3_winning_moves_from_1_3_3() -> None:
    left = (1, 3, 3)
    names = {m: "RBG"[m[0]] + str(m[1]) for m in MOVES}
    good = [names[m] for m in good_moves(left)]
    assert good == ["R1", "B1", "G1"]
    assert 1 ^ 3 ^ 3 == 1
    picks = [names[m] for m in b_best(left, 9)]
    assert picks == ["B3", "G3"] and not set(picks) & set(good)
    text = markdown("09-basket")
    assert f"of B's picks ({picks[0]}, {picks[1]}) lose" in text
    assert "three moves win: R1 (leaving 0, 3, 3" in text and "B1 and G1" in text
    assert "the only winning move" not in text


# ---------------------------------------------------------------------------------------------
# Lesson 10: the crawler on 3 x 3, solved by brute force from GAMES.md's rules.
# ---------------------------------------------------------------------------------------------

def crawler_moves(line: tuple, size: int = 3) -> list[tuple]:
    """(end, new point) for each unit segment at either end, not straight back along the line."""
    found = []
    for end, neighbour in ((line[0], line[1]), (line[-1], line[-2])):
        x, y = end
        for point in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= point[0] < size and 0 <= point[1] < size and point != neighbour:
                found.append((end, point))
    return found


@cache
def crawler_mover_wins(line: tuple) -> bool:
    for end, point in crawler_moves(line):
        if point in line:
            return True  # closes the line
        longer = (point, *line) if end == line[0] else (*line, point)
        if not crawler_mover_wins(longer):
            return True
    return False


def test_crawler_every_answer_to_a_corner_segment_wins() -> None:
    opening = ((0, 0), (1, 0))
    answers = crawler_moves(opening)
    assert len(answers) == 3
    for end, point in answers:
        longer = (point, *opening) if end == opening[0] else (*opening, point)
        assert point not in opening and not crawler_mover_wins(longer)  # the first player, to move, loses
    text = markdown("10-crawler")
    assert "all three answers to 0,0-1,0 as winning" in text
    assert "some answers do and some do not" not in text


# ---------------------------------------------------------------------------------------------
# Lesson 11: Minesweeper's numbers.
# ---------------------------------------------------------------------------------------------

def test_comb_70_10_as_stated() -> None:
    placements = math.prod(range(61, 71)) // math.prod(range(1, 11))
    assert placements < 397_000_000_000
    text = markdown("11-minesweeper")
    assert f"{placements:,} placements, about 397 billion" in text
    assert "397,000,000,000 and more" not in text


def two_standard_errors(wins: int, games: int) -> float:
    p = wins / games
    return 2 * math.sqrt(p * (1 - p) / games)


def test_minesweeper_rates_and_their_intervals() -> None:
    text = markdown("11-minesweeper")
    for wins, games, published in ((9_172, 10_000, 0.9169), (3_110, 4_000, 0.7823)):
        half = two_standard_errors(wins, games)
        assert abs(wins / games - published) < half  # the published rate is inside the benchmark's range
        assert f"{100 * wins / games:.2f} % of {games:,} games" in text
        assert f"(± {100 * half:.2f} points" in text
    assert f"the {100 * (0.7823 - 3_110 / 4_000):.2f} points" in text
    assert "differ by about half a point" not in text


@pytest.mark.slow
def test_the_variant_s_forced_guesses_estimated_again() -> None:
    """An independent sample (other seed, another fill) must agree with the lesson's estimate."""
    cells = [(x, y) for x in range(9) for y in range(9)]
    first = (0, 8)  # the probability player's first reveal on an empty board: checked below
    from coursekit.games.minesweeper import Minesweeper, probability_strategy

    rules = Minesweeper.level("beginner", coordinates=True)
    assert tuple(probability_strategy()(rules, rules.observation(rules.initial_state(), 0))) == first
    rng, deals, guesses = random.Random(7), 40_000, 0
    for _ in range(deals):
        mines = set(rng.sample([c for c in cells if c != first], 10))
        free = set(cells) - mines
        seen, frontier = {first}, [first]
        while frontier:  # every safe cell next to a revealed one is known safe, and is revealed
            x, y = frontier.pop()
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    n = (x + dx, y + dy)
                    if n in free and n not in seen:
                        seen.add(n)
                        frontier.append(n)
        named = {m for m in mines if any(abs(m[0] - x) <= 1 and abs(m[1] - y) <= 1 for x, y in seen)}
        guesses += len(seen) < 71 and len(named) < 10
    text = markdown("11-minesweeper")
    found = re.search(r"(\d+) of 40,000 sampled deals, ([\d.]+) % ± ([\d.]+) %", text)
    assert found, "lesson 11 should state its estimate: k of 40,000 sampled deals, p % ± e %"
    theirs = int(found.group(1))
    assert f"{100 * theirs / 40_000:.2f}" == found.group(2)
    assert f"{100 * two_standard_errors(theirs, 40_000):.2f}" == found.group(3)
    spread = math.sqrt(two_standard_errors(theirs, 40_000) ** 2 + two_standard_errors(guesses, deals) ** 2)
    assert abs(theirs / 40_000 - guesses / deals) < 1.5 * spread  # two samples of one chance agree
    assert 400 * (guesses / deals + two_standard_errors(guesses, deals)) < 1  # fewer than one in 400
    assert "fewer than one game in 400" in text


# ---------------------------------------------------------------------------------------------
# Lessons 08 and 13: counts and shares.
# ---------------------------------------------------------------------------------------------

def test_x_moves_with_12_9_6_or_3_empty() -> None:
    from coursekit.games.tictactoe import TicTacToe

    rules, empties = TicTacToe(4, 3, 3, num_players=3), set()
    rng = random.Random(3)
    for _ in range(300):
        state = rules.initial_state()
        while not rules.is_over(state):
            if rules.to_move(state) == 0:
                empties.add(rules.width * rules.height - state.filled)
            state = rules.next_state(state, rng.choice(rules.legal_moves(state)))
    assert empties == {12, 9, 6, 3}
    text = markdown("08-alpha-beta")
    listed = ", ".join(map(str, sorted(empties, reverse=True)[:-1]))
    assert f"X moves when {listed} or {min(empties)} cells" in text


@pytest.mark.slow
def test_russian_frequency_guesser_losses() -> None:
    from coursekit.games.words import Words, frequency_guesser, score_guesser

    rules = Words("ru")
    score = score_guesser(rules, frequency_guesser(), list(rules.words))
    assert (score.games, score.lost) == (2_707, 69)
    assert Fraction(69, 2707) < Fraction(255, 10_000)  # 2.55 % rounds down to 2.5, not up to 2.6
    text = markdown("13-guessing-games")
    assert f"| Russian | frequency | 1.79 | {100 * score.lost / score.games:.1f} % |" in text


def test_c_guesser_average_and_its_interval() -> None:
    from coursekit.games.bulls import guess_counts

    counts = guess_counts("consistent", 4, 10, seed=0).distribution
    n = sum(counts)
    mean = Fraction(sum(k * c for k, c in enumerate(counts)), n)
    variance = sum(c * (k - mean) ** 2 for k, c in enumerate(counts)) / (n - 1)
    half = 2 * math.sqrt(variance / n)
    assert f"| {float(mean):.2f} ± {half:.2f} | 9 |" in markdown("13-guessing-games")
    assert max(k for k, c in enumerate(counts) if c) == 9


# ---------------------------------------------------------------------------------------------
# Slow: run lessons and read what they print.
# ---------------------------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.xdist_group("site")  # on the worker of the lessons' runs (tests/conftest.py)
def test_lesson_09_prints_the_exact_chances() -> None:
    from lesson_runs import run_with_answers

    run = run_with_answers(LESSONS / "09-basket.py")  # the session's one run of the lesson
    out = run.printed()
    rows = [((3, 3, 3), "random"), ((3, 3, 3), "perfect"), ((1, 2, 3), "random"), ((1, 2, 3), "perfect")]
    for d in range(1, 10):
        want = f"{d:>5} " + "".join(f"{chance_b_wins(b, d, o)!s:>24}" for b, o in rows)
        assert want in out, f"lesson 09 should print, at depth {d}: {want.strip()}"
        line = next(x for x in out.splitlines() if x.startswith(f"{d:>5} ") and "SD" in x)
        for (b, o), cell in zip(rows, re.findall(r"([\d.]+)\s+(\d+)\s+[+-][\d.]+ SD", line), strict=True):
            assert cell[0] == expected(chance_b_wins(b, d, o)), f"depth {d}, {b} vs {o}"


@pytest.mark.slow
@pytest.mark.xdist_group("site")  # on the worker of the lessons' runs (tests/conftest.py)
def test_lesson_10_prints_every_answer_as_winning() -> None:
    from lesson_runs import run_with_answers

    run = run_with_answers(LESSONS / "10-crawler.py")  # the session's one run of the lesson
    line = next(x for x in run.printed().splitlines() if x.startswith("after 0,0-1,0 the second player wins"))
    answers = line.split("with:")[1].split()
    assert len(answers) == len(crawler_moves(((0, 0), (1, 0)))) == 3


# ---------------------------------------------------------------------------------------------
# Lesson 14: E's search checks the depth before the end of the game.
# ---------------------------------------------------------------------------------------------

def test_e_scores_a_corner_completed_on_the_third_ply_by_the_table() -> None:
    from coursekit import Coord
    from coursekit.games.corners import INFINITY, Corners, source_choice

    rules = Corners()

    def last_piece_away(steps: int):
        """Black to move: 11 pieces in White's corner, the 12th ``steps`` cells left of its cell (4, 2)."""
        rows = [["."] * 8 for _ in range(8)]
        for x in range(8):
            for y in range(8):
                if x >= 4 and y <= 2 and (x, y) != (4, 2):
                    rows[7 - y][x] = "B"
                elif x < 4 and 4 <= y <= 6:
                    rows[7 - y][x] = "W"
        rows[7 - 2][4 - steps] = "B"
        return rules.position("\n".join(" ".join(row) for row in rows), moves_made=1)

    for steps in (1, 2, 3):
        state = last_piece_away(steps)
        walk = state
        for x in range(4 - steps, 4):  # the corner can be completed in ``steps`` of Black's moves
            walk = rules.apply(walk, (Coord(x, 2), Coord(x + 1, 2)))
            if x < 3:
                walk = rules.apply(walk, (Coord(0, 6), Coord(0, 7)) if x == 4 - steps else (Coord(0, 7), Coord(0, 6)))
        assert set(walk.black) == {Coord(x, y) for x in range(4, 8) for y in range(3)}
        value = source_choice(rules, state, fixed=True).value
        if steps < 3:
            assert value == INFINITY - steps
        else:
            assert value < INFINITY - 3 - 1000  # the table value: E never asks whether the game is over
    text = markdown("14-corners")
    assert ("scores `INFINITY - 1` or `INFINITY - 2`, but one completed by its third move scores only the "
            "table value") in text
