"""The crawler (source C): rules, C's van Emden player, the exact solver against brute force."""

from __future__ import annotations

import functools
import random

import pytest

from coursekit.core import IllegalMoveError, Player, Record, play
from coursekit.core.grid import Coord
from coursekit.games import rules_from_spec
from coursekit.games.crawler import (
    SOURCE_OPENING,
    WHO_WINS,
    Crawler,
    CrawlerState,
    closing_first,
    random_strategy,
    search,
    source_choice,
    source_strategy,
    symmetry_strategy,
    who_wins,
    winning_moves,
)
from coursekit.games.crawler.view import lattice_text


def seg(text: str) -> tuple[Coord, Coord]:
    """``"2,2-3,2"`` as a move."""
    a, b = text.split("-")
    return Coord.parse(a), Coord.parse(b)


def after(rules: Crawler, *moves: str) -> CrawlerState:
    return rules.position([seg(m) for m in moves])


# ---------------------------------------------------------------------------------------------
# The rules


def test_the_first_move_draws_any_segment_either_way_round() -> None:
    rules = Crawler(6, 5)
    first = rules.legal_moves(rules.initial_state())
    # 5 * 5 across and 6 * 4 up: 49 segments, each written both ways.
    assert len(first) == 98 == 2 * len(set(frozenset(m) for m in first))
    state = rules.apply(rules.initial_state(), seg("3,2-2,2"))
    assert state.line == (Coord(3, 2), Coord(2, 2)) and state.turn == 1 and not state.closed


def test_c_opening_is_the_middle_segment_counted_from_zero() -> None:
    # C's (3,3)-(4,3), counted from 1, is (2,2)-(3,2) here: its middle is the lattice's middle.
    assert seg("2,2-3,2") == SOURCE_OPENING
    assert source_choice(Crawler(6, 5), Crawler(6, 5).initial_state()).move == SOURCE_OPENING


def test_later_moves_extend_an_end_in_c_order_never_straight_back() -> None:
    rules = Crawler(6, 5)
    state = after(rules, "2,2-3,2")
    # The head (2,2) first, then the tail (3,2); neighbours left, right, down, up; no way back.
    assert rules.legal_moves(state) == tuple(seg(m) for m in ("2,2-1,2", "2,2-2,1", "2,2-2,3",
                                                                 "3,2-4,2", "3,2-3,1", "3,2-3,3"))
    assert rules.why_illegal(state, seg("2,2-3,2")) == (
        "2,2-3,2 goes straight back along the line: [3, 2] is the point just before the end [2, 2]")
    longer = rules.apply(state, seg("2,2-1,2"))
    assert longer.line == (Coord(1, 2), Coord(2, 2), Coord(3, 2))
    assert rules.apply(longer, seg("3,2-3,3")).line[-1] == Coord(3, 3)


def test_closing_the_line_wins_for_the_mover() -> None:
    rules = Crawler(3, 3)
    state = after(rules, "0,0-1,0", "1,0-1,1", "1,1-0,1")
    assert rules.closing_moves(state) == (seg("0,0-0,1"), seg("0,1-0,0"))
    for move in rules.closing_moves(state):
        end = rules.apply(state, move)
        assert end.closed and rules.is_over(end) and rules.winner(end) == 1 and rules.returns(end) == (-1, 1)
        assert rules.legal_moves(end) == ()
        assert rules.why_illegal(end, seg("0,1-0,2")) == "the game is over: player 1 closed the line"
    assert not rules.closes(state, seg("0,1-0,2"))


@pytest.mark.parametrize(("move", "reason"), [
    ("0,0-2,0", "[0, 0] and [2, 0] are not neighbours: a segment is one step along a lattice line"),
    ("2,2-2,3", "[2, 3] is outside the 3 x 3 lattice"),
    ("1,0-2,0", "[1, 0] is not an end of the line; its ends are [0, 0] and [1, 1]"),
    ("1,2-1,1", "a move starts at an end of the line: write 1,1-1,2, not 1,2-1,1"),
    ("1,1-1,0", "1,1-1,0 goes straight back along the line: [1, 0] is the point just before the end [1, 1]"),
])
def test_illegal_moves_are_explained(move: str, reason: str) -> None:
    rules = Crawler(3, 3)
    state = after(rules, "0,0-1,0", "1,0-1,1")
    assert rules.why_illegal(state, seg(move)) == reason
    with pytest.raises(IllegalMoveError, match="^" + reason.replace("[", r"\[").replace("]", r"\]")):
        rules.apply(state, seg(move))
    assert rules.why_illegal(state, "up") == "a move is a segment, two points ((x1, y1), (x2, y2)), not 'up'"


def test_a_segment_written_the_other_way_round_is_turned_round() -> None:
    rules = Crawler(3, 3)
    state = after(rules, "0,0-1,0", "1,0-1,1")
    assert rules.segment(state, Coord(1, 2), Coord(1, 1)) == seg("1,1-1,2")
    assert rules.segment(state, Coord(1, 1), Coord(1, 2)) == seg("1,1-1,2")
    assert after(rules, "0,0-1,0", "1,1-1,0").line == after(rules, "0,0-1,0", "1,0-1,1").line


def test_lattices_smaller_than_two_by_two_are_refused() -> None:
    for width, height in ((1, 5), (5, 1), (21, 2)):
        with pytest.raises(ValueError):
            Crawler(width, height)


@pytest.mark.parametrize("size", [(2, 2), (3, 2), (3, 3), (4, 3)])
def test_every_game_ends_by_closing_within_the_stated_length(size: tuple[int, int]) -> None:
    rules = Crawler(*size)
    longest = 0
    for seed in range(200):
        record = play(rules, [Player("a", random_strategy(random.Random(seed))),
                              Player("b", random_strategy(random.Random(seed + 1000)))])
        assert record.final.closed and record.winner is not None
        longest = max(longest, len(record.moves))
        # A player always has a move: every position on the way had one.
        assert all(rules.legal_moves(s) for s in record.states[:-1])
    assert longest <= rules.max_game_length() == size[0] * size[1]


def test_the_canonical_key_joins_symmetric_positions_and_only_equivalent_ones() -> None:
    rules = Crawler(4, 3)
    one = after(rules, "0,0-1,0", "1,0-1,1")
    mirrored = after(rules, "3,2-2,2", "2,2-2,1")  # turned half round
    reflected = after(rules, "3,0-2,0", "2,0-2,1")  # mirrored left to right
    assert rules.canonical(one) == rules.canonical(mirrored) == rules.canonical(reflected)
    assert rules.canonical(one) != rules.canonical(after(rules, "0,0-1,0", "0,0-0,1"))
    # Turned round (head and tail swapped), the same position.
    assert rules.canonical(one) == rules.canonical(CrawlerState(4, 3, one.line[::-1]))


def test_records_round_trip_through_json() -> None:
    rules = Crawler(6, 5)
    record = play(rules, [Player("C", source_strategy()), Player("random", random_strategy(random.Random(5)))])
    again = Record.from_json(record.to_json(), rules_from_spec)
    assert again.states == record.states and again.winner == record.winner
    assert [s.move for s in again.steps] == [s.move for s in record.steps]


def test_the_lattice_draws_itself() -> None:
    state = after(Crawler(3, 2), "0,0-1,0", "1,0-1,1", "1,1-0,1", "0,1-0,0")
    assert lattice_text(state) == "1  +-+ ·\n   | |\n0  X-+ ·\n   0 1 2"  # X: where it was closed
    svg = state._repr_svg_()
    assert svg is not None and "<polyline" in svg and "closed the line" in svg


# ---------------------------------------------------------------------------------------------
# The solver against brute force


def brute_force(rules: Crawler, state: CrawlerState) -> int:
    """Plain minimax over every move: +1 if the player to move wins, -1 if not."""

    @functools.cache
    def value(line: tuple[Coord, ...]) -> int:
        here = CrawlerState(rules.width, rules.height, line)
        best = -1
        for move in rules.legal_moves(here):
            if rules.closes(here, move):
                return 1
            best = max(best, -value(rules.next_state(here, move).line))
        return best

    return value(state.line)


def brute_winning(rules: Crawler, state: CrawlerState) -> set[tuple[Coord, Coord]]:
    moves = set()
    for move in rules.legal_moves(state):
        nxt = rules.next_state(state, move)
        if nxt.closed or brute_force(rules, nxt) < 0:
            moves.add(move)
    return moves


@pytest.mark.parametrize("size", [(2, 2), (3, 2), (3, 3), (4, 2)])
def test_the_solver_agrees_with_brute_force_on_tiny_lattices(size: tuple[int, int]) -> None:
    rules = Crawler(*size)
    start = rules.initial_state()
    states = [start] + [rules.next_state(start, m) for m in rules.legal_moves(start)]
    states += [rules.next_state(s, m) for s in states[1:5] for m in rules.legal_moves(s)]
    for state in states:
        if state.closed:
            continue
        solution = search(rules, state)
        assert solution.value == brute_force(rules, state), state
        assert set(solution.best_moves) == (brute_winning(rules, state) or set(rules.legal_moves(state))), state


def test_the_closing_first_order_keeps_every_move() -> None:
    rules = Crawler(4, 3)
    state = after(rules, "1,1-2,1", "2,1-2,2")
    moves = rules.legal_moves(state)
    ordered = closing_first(rules, state, moves)
    assert sorted(ordered) == sorted(moves)
    gives = [rules.gives_a_close(state, m) for m in ordered if not rules.closes(state, m)]
    assert gives == sorted(gives)  # moves that let the opponent close come last


def test_who_wins_on_small_lattices_and_the_table_agrees() -> None:
    assert who_wins(2, 2).winner == "second"  # type: ignore[union-attr]
    found = who_wins(4, 3)
    assert found is not None and found.winner == "first" and found.winning_openings == (seg("1,1-2,1"),)
    for (width, height), winner in WHO_WINS.items():
        if width * height <= 16:
            result = who_wins(width, height)
            assert result is not None and result.winner == winner, (width, height)
            assert result.winner == ("first" if brute_force(Crawler(width, height),
                                                             Crawler(width, height).initial_state()) > 0
                                     else "second")


def test_on_c_lattice_only_the_middle_opening_wins() -> None:
    rules = Crawler(6, 5)
    solution = search(rules)
    assert solution.value == 1
    assert winning_moves(rules, rules.initial_state(), solution) == (SOURCE_OPENING,)


@pytest.mark.parametrize("size", [(3, 2), (4, 3), (5, 2), (5, 4)])
def test_the_mirror_plan_wins_for_the_first_player_against_every_defence(size: tuple[int, int]) -> None:
    rules = Crawler(*size)
    mirror = symmetry_strategy()

    def first_wins(state: CrawlerState) -> bool:  # the second player to move, against the mirror plan
        for move in rules.legal_moves(state):
            reply_to = rules.next_state(state, move)
            if reply_to.closed:
                return False
            answered = rules.next_state(reply_to, mirror(rules, reply_to))
            if not answered.closed and not first_wins(answered):
                return False
        return True

    start = rules.initial_state()
    assert first_wins(rules.next_state(start, mirror(rules, start)))


# ---------------------------------------------------------------------------------------------
# C's computer: van Emden's method


def test_c_closes_the_line_when_it_can() -> None:
    rules = Crawler(3, 3)
    state = after(rules, "0,0-1,0", "1,0-1,1", "1,1-0,1")
    choice = source_choice(rules, state)
    assert choice.rule == "close" and choice.move == seg("0,0-0,1") and choice.positions == 1


def test_c_avoids_a_move_that_lets_the_opponent_close() -> None:
    # 4 x 3 after the middle opening: the mover (C, second) is lost (the mirror plan), so C's
    # search fails and C takes the first move after which the first player cannot close at once.
    rules = Crawler(4, 3)
    state = after(rules, "1,1-2,1")
    assert search(rules, state).value == -1
    choice = source_choice(rules, state)
    assert choice.rule == "safe"
    assert not rules.gives_a_close(state, choice.move)
    safe = [m for m in rules.legal_moves(state) if not rules.gives_a_close(state, m)]
    assert choice.move == safe[0]


def test_c_avoids_the_closing_trap_in_a_hand_made_position() -> None:
    # 3 x 3, line 0,0-1,0-1,1: going to 0,1 (from either end) lets the opponent close.
    rules = Crawler(3, 3)
    state = after(rules, "0,0-1,0", "1,0-1,1")
    choice = source_choice(rules, state)
    assert choice.move not in (seg("0,0-0,1"), seg("1,1-0,1"))
    assert rules.gives_a_close(state, seg("0,0-0,1")) and not rules.gives_a_close(state, choice.move)


def test_c_wins_exactly_where_the_solver_finds_a_win() -> None:
    rules = Crawler(4, 3)
    rng = random.Random(1)
    for _ in range(40):
        state = rules.initial_state()
        while not state.closed:
            choice = source_choice(rules, state) if state.line else None
            if choice is not None and choice.rule != "close":
                solution = search(rules, state)
                assert (choice.rule == "win") == (solution.value > 0), state
                if choice.rule == "win":
                    assert choice.move in solution.best_moves
            state = rules.next_state(state, rng.choice(rules.legal_moves(state)))


def test_c_counts_the_positions_it_examines() -> None:
    rules = Crawler(6, 5)
    # C opened in the middle, the human answered 3,2-4,2: C answers with the mirror image.
    choice = source_choice(rules, after(rules, "2,2-3,2", "3,2-4,2"))
    assert choice.rule == "win" and choice.move == seg("2,2-1,2")
    assert choice.positions == 53119
    assert str(choice) == "2,2-1,2 (win; 53119 positions examined)"


def test_c_is_deterministic() -> None:
    rules = Crawler(4, 3)
    games = [play(rules, [Player("C", source_strategy()), Player("C", source_strategy())]) for _ in range(2)]
    assert [s.move for s in games[0].moves] == [s.move for s in games[1].moves]
    state = after(rules, "0,0-1,0")
    assert source_choice(rules, state).positions == source_choice(rules, state).positions


@pytest.mark.slow
def test_c_second_after_the_middle_opening_on_6_by_5_is_lost_and_plays_safe() -> None:
    rules = Crawler(6, 5)
    choice = source_choice(rules, after(rules, "2,2-3,2"))
    assert choice.rule == "safe" and choice.positions == 337450
