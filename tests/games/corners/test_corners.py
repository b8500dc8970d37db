"""Corners (source E): the rules, E's player as printed and mended, the alpha-beta player, the views."""

from __future__ import annotations

import json
import random
import re

import pytest

from coursekit.core import IllegalMoveError, Player, Record, play
from coursekit.core.display import as_svg
from coursekit.core.grid import Coord
from coursekit.games import rules_from_spec
from coursekit.games.corners import (
    BLACK,
    DEEPER,
    PASS,
    WHITE,
    Corners,
    CornersState,
    alphabeta_strategy,
    blocked,
    branching,
    evaluate,
    home_cells,
    order_moves,
    parse_path,
    path_text,
    race,
    random_opening,
    random_strategy,
    remaining_work,
    search_depth,
    seeded_game,
    side_work,
    solo,
    solo_bound,
    solo_moves,
    solo_problem,
    solo_search,
    solo_start,
    solo_target,
    source_choice,
    source_strategy,
    walled,
)
from coursekit.games.corners.view import board_text

EMPTY_ROW = ". . . . . . . ."


def picture(*rows: str) -> str:
    """Eight rows, top first; a row lists its first cells (the rest are empty); rows not given are empty."""
    full = [" ".join([*row.split(), *["."] * (8 - len(row.split()))]) for row in rows]
    return "\n".join([*full, *[EMPTY_ROW] * (8 - len(rows))])


def paths(moves: object) -> list[str]:
    return [path_text(m) for m in moves]  # type: ignore[attr-defined]


# --- the start and the shapes ---------------------------------------------------------------


def test_the_start_fills_each_corner_and_white_moves_first() -> None:
    rules = Corners()
    state = rules.initial_state()
    assert rules.to_move(state) == WHITE
    assert set(state.black) == {Coord(x, y) for x in range(4) for y in (5, 6, 7)}
    assert set(state.white) == {Coord(x, y) for x in range(4, 8) for y in (0, 1, 2)}
    assert rules.target(WHITE) == rules.home(BLACK)


@pytest.mark.parametrize(("pieces", "rows"), [(9, (3, 3, 3)), (10, (4, 3, 2, 1))])
def test_the_smaller_corners_have_their_shapes(pieces: int, rows: tuple[int, ...]) -> None:
    cells = home_cells(pieces, BLACK)
    assert len(cells) == pieces
    assert tuple(sum(1 for c in cells if c.y == 7 - i) for i in range(len(rows))) == rows
    assert {Coord(7 - c.x, 7 - c.y) for c in cells} == set(home_cells(pieces, WHITE))


# --- moves ----------------------------------------------------------------------------------


def test_steps_go_one_cell_orthogonally_into_empty_cells() -> None:
    rules = Corners(pieces=9)
    state = rules.position(picture(".", ".", ".", ". . . W . . . .", "", "", "", "B . . . . . . ."))
    assert paths(rules.legal_moves(state)) == ["3,4-4,4", "3,4-2,4", "3,4-3,3", "3,4-3,5"]
    assert rules.why_illegal(state, (Coord(3, 4), Coord(4, 5))) == (
        "[3, 4] to [4, 5] is neither a step (one cell left, right, up or down) nor a jump (two cells, over a piece)")


def test_a_chain_jumps_over_either_colour_and_may_stop_after_any_jump() -> None:
    rules = Corners(pieces=9)
    state = rules.position(picture(
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . B . . . .",
        ". . . . . . . .",
        ". . . W . . . .",
        ". . . W . . . .",
        ". . . . . . . .",
        ". . . . . . . ."))
    # White's piece on (3,2) jumps over its own (3,3) to (3,4), then over Black's (3,5) to (3,6).
    chains = paths(rules.chains(state, Coord(3, 2)))
    assert chains == ["3,2-3,4", "3,2-3,4-3,6"]
    after = rules.apply(state, (Coord(3, 2), Coord(3, 4), Coord(3, 6)))
    assert Coord(3, 6) in after.white and Coord(3, 2) not in after.white and after.turn == BLACK


def test_a_chain_never_revisits_a_cell() -> None:
    rules = Corners(pieces=9)
    # A ring of four pieces around (3,3): a piece on (2,2)... the chain could go round and come back.
    state = rules.position(picture(
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . B . . . .",
        ". . B . B . . .",
        ". . . B W . . .",
        ". . . . . . . .",
        ". . . . . . . ."))
    # White on (4,2) jumps left over (3,2) to (2,2), up over (2,3) to (2,4), right over (3,4) to (4,4),
    # down over (4,3) to (4,2): its own start cell. That last jump is refused.
    loop = (Coord(4, 2), Coord(2, 2), Coord(2, 4), Coord(4, 4), Coord(4, 2))
    assert rules.why_illegal(state, loop) == "the chain revisits [4, 2]: a chain never returns to a cell"
    assert rules.why_illegal(state, loop[:-1]) is None
    assert all(len(set(m)) == len(m) for m in rules.legal_moves(state) if m != PASS)


@pytest.mark.parametrize(("move", "reason"), [
    ((Coord(0, 7), Coord(0, 6)), "[0, 7] holds Black's piece, not White's"),
    ((Coord(3, 3), Coord(3, 4)), "there is no piece on [3, 3]"),
    ((Coord(4, 2), Coord(3, 2)), "blocked: [3, 2] is taken"),
    ((Coord(4, 2), Coord(4, 4)), "a jump over nothing: [4, 3] is empty"),
    ((Coord(4, 2), Coord(2, 2), Coord(2, 3)),
     "[2, 2] to [2, 3] is a step: a step is a whole move, never part of a jump chain"),
    ((Coord(4, 2),), "a path needs the start cell and at least one landing cell"),
    ((Coord(4, 2), Coord(4, 9)), "[4, 9] is off the 8 x 8 board"),
    (PASS, "a side may pass only when it has no step and no jump"),
])
def test_illegal_moves_say_why(move: object, reason: str) -> None:
    rules = Corners(pieces=9)
    state = rules.position(picture(
        "B . . . . . . .", "", "", "", "", ". . . B W . . .", "", ""))
    assert rules.why_illegal(state, move) == reason
    with pytest.raises(IllegalMoveError, match="^" + re.escape(reason) + "$"):
        rules.apply(state, move)


def test_a_side_with_no_move_passes_and_the_pass_is_a_move() -> None:
    rules = Corners(pieces=9)
    # Black's only piece sits in the corner, walled in two deep: no step, no jump.
    state = rules.position(picture(
        "B W W . . . . .",
        "W . . . . . . .",
        "W . . . . . . .",
        "", "", "", "", ". . . . . . . W"), moves_made=1)
    assert rules.to_move(state) == BLACK and rules.legal_moves(state) == (PASS,)
    after = rules.apply(state, PASS)
    assert (after.white, after.black, after.moves_made) == (state.white, state.black, 2)


# --- the end --------------------------------------------------------------------------------


def filled(rules: Corners, player: int, moves_made: int, other: tuple[Coord, ...] = ()) -> CornersState:
    """A state where ``player`` fills its target and the other side stands on ``other``."""
    mine = tuple(rules.target(player))
    white, black = (mine, other) if player == WHITE else (other, mine)
    return CornersState(white, black, moves_made)


def test_black_filling_its_target_first_wins() -> None:
    rules = Corners(pieces=9)
    state = filled(rules, BLACK, 20, home_cells(9, WHITE))
    assert rules.is_over(state) and rules.winner(state) == BLACK


def test_white_filling_first_gives_black_one_more_move_and_a_draw_if_it_completes_too() -> None:
    rules = Corners(pieces=9)
    target = sorted(rules.target(BLACK))
    # White has just filled its target (move 19); Black has 8 pieces in and one a step away.
    black = (*target[:-1], Coord(target[-1].x, target[-1].y + 1))
    state = CornersState(tuple(rules.target(WHITE)), black, 19)
    assert not rules.is_over(state) and rules.to_move(state) == BLACK
    completing = (black[-1], target[-1])
    draw = rules.apply(state, completing)
    assert rules.is_over(draw) and rules.winner(draw) is None
    assert rules.result(draw) == "both sides filled their targets (Black with its last move): a draw"
    other = next(m for m in rules.legal_moves(state) if m != completing)
    lost = rules.apply(state, other)
    assert rules.is_over(lost) and rules.winner(lost) == WHITE


def test_the_move_limit_counts_the_pieces_in_each_target() -> None:
    rules = Corners(pieces=9, move_limit=3)
    state = rules.initial_state()
    for move in [(Coord(5, 2), Coord(5, 3)), (Coord(2, 5), Coord(2, 4)), (Coord(5, 3), Coord(5, 4)),
                 (Coord(2, 4), Coord(2, 3)), (Coord(5, 4), Coord(5, 5))]:
        state = rules.apply(state, move)
    assert not rules.is_over(state)
    end = rules.apply(state, (Coord(2, 3), Coord(3, 3)))
    assert rules.result(end) == "the move limit: 0 pieces each in the target, a draw"
    winning = CornersState((*state.white[:-1], Coord(0, 5)), state.black, 5)
    assert rules.winner(rules.apply(winning, (Coord(2, 3), Coord(3, 3)))) == WHITE
    assert rules.max_game_length() == 6


def test_the_anti_stalling_option_loses_a_side_still_at_home() -> None:
    rules = Corners(pieces=9, leave_home_by=1)
    state = rules.apply(rules.initial_state(), (Coord(5, 2), Coord(5, 3)))
    assert rules.winner(state) == BLACK and "still has a piece in its home corner" in str(rules.result(state))
    assert Corners(pieces=9).result(state) is None


# --- records, specs, views ------------------------------------------------------------------


def test_records_round_trip_through_json_and_show_each_chain() -> None:
    rules = Corners(pieces=10, move_limit=30)
    record = play(rules, [Player("E", source_strategy(fixed=True)),
                          Player("random", random_strategy(random.Random(3)))])
    again = Record.from_json(record.to_json(), rules_from_spec)
    assert again.states == record.states and again.winner == record.winner
    saved = json.loads(record.to_json())
    chains = [m for _, m in saved["moves"] if m != PASS and len(m) > 2]
    assert chains, "E plays jump chains: the record keeps every landing cell"
    assert rules_from_spec(Corners(leave_home_by=40).spec()) == Corners(leave_home_by=40)


def test_paths_read_and_write_alike() -> None:
    move = (Coord(4, 2), Coord(4, 4), Coord(2, 4))
    assert parse_path(path_text(move)) == move and parse_path(" pass ") == PASS
    with pytest.raises(ValueError, match="expected a path"):
        parse_path("4,2-x")


def test_the_board_prints_top_row_first_and_draws_hollow_and_filled_discs() -> None:
    state = Corners().initial_state()
    lines = board_text(state).splitlines()
    assert lines[0] == "7  B B B B . . . ." and lines[7] == "0  . . . . W W W W" and lines[8] == "   0 1 2 3 4 5 6 7"
    svg = as_svg(state)
    assert svg is not None and svg.count('fill="#111"') >= 12 and svg.count('fill="#ffffff" stroke') == 12
    assert "<path" in svg  # the corners outlined


# --- E's player -------------------------------------------------------------------------------


def test_e_from_the_start_as_printed_and_fixed() -> None:
    rules = Corners()
    start = rules.initial_state()
    printed, fixed = source_choice(rules, start), source_choice(rules, start, fixed=True)
    assert (path_text(printed.move), printed.nodes) == ("5,1-5,3", 8341)
    assert (path_text(fixed.move), fixed.nodes) == ("4,2-4,3", 8341)


def test_e_as_printed_stalls_on_its_first_chain() -> None:
    rules = Corners()
    # E as printed plays White against the mended E: the engine refuses its first chain.
    with pytest.raises(IllegalMoveError, match=r"^E played .*: there is no piece on \[3, 3\]$"):
        play(rules, [Player("E", source_strategy()), Player("E fixed", source_strategy(fixed=True))])
    # Move by move: the printed program agrees with the mended one until it chooses a chain of
    # two jumps or more; then it records the chain from its last intermediate cell, which is empty.
    state = rules.initial_state()
    while True:
        printed, fixed = source_choice(rules, state), source_choice(rules, state, fixed=True)
        if rules.why_illegal(state, printed.move) is not None:
            break
        assert printed.move == fixed.move or len(printed.move) == 2
        state = rules.apply(state, printed.move)
        state = rules.apply(state, source_choice(rules, state, fixed=True).move)
    assert state.moves_made == 6  # White's fourth move
    assert rules.why_illegal(state, printed.move) == "there is no piece on [3, 3]"
    # The chain E meant: a legal chain of two jumps or more ending with the hop E recorded.
    meant = [m for m in rules.legal_moves(state) if len(m) > 2 and m[-2:] == printed.move]
    assert paths(meant) == ["5,3-3,3-3,5"]


def test_e_plays_black_with_its_own_table_and_white_with_it_turned_round() -> None:
    rules = Corners()
    state = rules.apply(rules.initial_state(), (Coord(4, 2), Coord(4, 3)))
    choice = source_choice(rules, state, fixed=True)
    assert choice.move[0] in state.black and rules.why_illegal(state, choice.move) is None


@pytest.mark.slow
def test_the_fixed_e_plays_legal_moves_through_whole_games() -> None:
    for pieces in (9, 10):
        rules = Corners(pieces=pieces, move_limit=60)
        record = play(rules, [Player("random", random_strategy(random.Random(pieces))),
                              Player("E", source_strategy(fixed=True))])
        assert rules.is_over(record.final)
        assert record.winner == BLACK  # E beats a random player


def test_e_passes_when_it_has_no_move() -> None:
    rules = Corners(pieces=9)
    state = rules.position(picture("B W W", "W", "W", "", "", "", "", ". . . . . . . W"), moves_made=1)
    assert source_choice(rules, state, fixed=True).move == PASS


# --- the alpha-beta player -------------------------------------------------------------------


def test_the_hooks_value_the_start_evenly_and_keep_one_path_per_destination() -> None:
    rules = Corners()
    start = rules.initial_state()
    assert evaluate(rules, start) == 0.0
    ordered = order_moves(rules, start, rules.legal_moves(start))
    assert len({(m[0], m[-1]) for m in ordered}) == len(ordered)


@pytest.mark.slow
def test_the_alphabeta_player_is_deterministic_and_legal() -> None:
    rules = Corners(pieces=9, move_limit=12)
    state = random_opening(rules, 5)
    first, second = alphabeta_strategy()(rules, state), alphabeta_strategy()(rules, state)
    assert first == second and rules.why_illegal(state, first) is None
    assert random_opening(rules, 5) == state


def test_the_alphabeta_player_goes_one_move_deeper_from_depth_3_only_where_the_branching_is_small() -> None:
    rules = Corners()
    start, crowded = rules.initial_state(), random_opening(rules, 1, moves=6)
    assert branching(rules, start) <= DEEPER < branching(rules, crowded)
    assert [search_depth(rules, start, d) for d in (1, 2, 3)] == [1, 2, 4]
    assert [search_depth(rules, crowded, d) for d in (1, 2, 3)] == [1, 2, 3]


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0])
def test_the_alphabeta_player_beats_the_fixed_e_from_both_sides(seed: int) -> None:
    rules = Corners()
    for side in (WHITE, BLACK):
        players = [Player("E", source_strategy(fixed=True))] * 2
        players[side] = Player("alpha-beta", alphabeta_strategy())
        record = seeded_game(rules, players[0], players[1], seed)
        assert record.winner == side, rules.result(record.final)


# --- the evaluation's ideas -------------------------------------------------------------------


def test_an_opponents_straggler_walled_in_a_target_counts_against_the_side_that_walls_it() -> None:
    rules = Corners(pieces=9)
    # Black's straggler on (0,7) sits in White's target; White's pieces wall it in, or leave it a way out.
    walled_in = rules.position(picture("B W W", "W W", "W", "", "", "", "", ". . . . . . . B"), moves_made=2)
    way_out = rules.position(picture("B . W", "W W W", "", "", "", "", "", ". . . . . . . B"), moves_made=2)
    assert walled(rules, walled_in, WHITE) == 1 and walled(rules, way_out, WHITE) == 0
    assert blocked(rules, walled_in, WHITE) == blocked(rules, way_out, WHITE) == 1
    # Whole sides: Black's last piece walled in White's target costs White more than one with a way out.
    full = Corners()
    start = full.initial_state()
    black = (Coord(0, 7), *(c for c in full.target(BLACK) if c != Coord(7, 0)))
    inside = tuple(c for c in full.target(WHITE) if c != Coord(0, 7))
    shut = CornersState((*inside, Coord(3, 3)), black, 100)
    opened = CornersState((*(c for c in inside if c != Coord(1, 7)), Coord(3, 3), Coord(3, 4)), black, 100)
    assert walled(full, shut, WHITE) == 1 and walled(full, opened, WHITE) == 0
    assert side_work(full, shut, WHITE) - remaining_work(full, shut, WHITE) > \
        side_work(full, opened, WHITE) - remaining_work(full, opened, WHITE)
    assert evaluate(full, start) == 0.0


def test_the_pieces_in_the_target_weigh_more_near_the_move_limit() -> None:
    rules = Corners(pieces=9, move_limit=30)
    assert race(rules, CornersState((), (), 0)) == 0.0
    assert 0.0 < race(rules, CornersState((), (), 50)) < race(rules, CornersState((), (), 59))


# --- the solo puzzle --------------------------------------------------------------------------


def brute_force(start: frozenset[int], target: frozenset[int]) -> int:
    """The fewest moves from ``start`` to ``target`` by breadth-first search over every position."""
    layer, seen, moves = {start}, {start}, 0
    while target not in layer:
        layer = {after for position in layer for _, after in solo_moves(position)} - seen
        seen |= layer
        moves += 1
    return moves


@pytest.mark.parametrize("cells", [
    ((0, 0), (1, 0)), ((0, 0), (1, 0), (0, 1)), ((6, 1), (7, 1), (7, 0)), ((2, 2), (3, 3))])
def test_the_solo_bound_never_exceeds_the_brute_force_optimum_on_few_pieces(cells: tuple[tuple[int, int], ...]) -> None:
    start = frozenset(y * 8 + x for x, y in cells)
    target = frozenset(63 - c for c in start)
    optimum = brute_force(start, target)
    solution = solo_search(start, target)
    assert solo_bound(start, target) <= optimum <= len(solution.moves)


def test_the_solo_bound_counts_parity_and_the_front() -> None:
    assert solo_bound(solo_start(12), solo_target(12)) == 16  # 4 pieces change the parity of y: 8 * 1 + 4 * 2
    assert solo_bound(solo_start(9), solo_target(9)) == 12  # the front and the rear go 12 on the diagonal x - y


@pytest.mark.parametrize(("pieces", "goal"), [(12, 26), (9, 22)])
@pytest.mark.slow
def test_the_solo_solution_is_legal_reaches_the_target_and_meets_the_goal(pieces: int, goal: int) -> None:
    solution = solo(pieces)
    assert solo_problem(Corners(pieces=pieces), solution.moves) is None
    assert solution.bound <= len(solution.moves) <= goal
    assert str(solution).splitlines()[0] == f"moves: {len(solution.moves)}"


def test_a_wrong_solo_line_is_refused_with_the_reason() -> None:
    rules = Corners(pieces=9)
    assert solo_problem(rules, ((Coord(5, 2), Coord(5, 4)),)) == (
        "move 1 (5,2-5,4): a jump over nothing: [5, 3] is empty")
    assert solo_problem(rules, ((Coord(5, 2), Coord(5, 3)),)) == "after 1 moves 0 of 9 pieces are in the target"
