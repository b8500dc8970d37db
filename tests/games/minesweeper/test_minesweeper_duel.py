"""Two-player minesweeper (G3.3): the rules, the shared view, records, the players, the measurement, the terminal."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from coursekit.core import CHANCE, Coord, IllegalMoveError, Player, Record, play
from coursekit.core.display import as_svg, as_text
from coursekit.games import rules_from_spec
from coursekit.games.minesweeper import (
    Flag,
    Minesweeper2,
    Minesweeper2Board,
    Minesweeper2State,
    board_from_text,
    certainties,
    duel_board,
    duel_random_strategy,
    lookahead_scores,
    lookahead_strategy,
    match,
    reveal_outcomes,
    safest_strategy,
)
from tests.games.minesweeper.test_minesweeper import placed
from tests.terminal import run


def reveal(rules: Minesweeper2, state: Minesweeper2State, *cells: tuple[int, int]) -> Minesweeper2State:
    for cell in cells:
        state = rules.apply(state, Coord(*cell))
    return state


def test_players_take_turns_and_a_zero_opens_only_itself() -> None:
    rules = Minesweeper2(4, 3, 1, first_safe=False)
    state = placed(rules, [Coord(3, 2)])
    assert rules.to_move(state) == 0
    state = reveal(rules, state, (0, 0))
    assert state.board.number(Coord(0, 0)) == 0 and state.board.revealed == 1   # no flood fill
    assert rules.to_move(state) == 1
    state = reveal(rules, state, (1, 1))
    assert rules.to_move(state) == 0


def test_revealing_a_mine_loses_at_once_whatever_the_counts() -> None:
    rules = Minesweeper2(7, 1, 2, first_safe=False)
    state = placed(rules, [Coord(0, 0), Coord(6, 0)])
    state = reveal(rules, state, (2, 0), (4, 0))  # both show 0
    state = reveal(rules, state, (1, 0))          # player 1: shows 1, and the mine at 0,0 is certain: his
    assert state.seen.found == (frozenset({Coord(0, 0)}), frozenset())
    state = reveal(rules, state, (3, 0))          # player 2: shows 0
    state = reveal(rules, state, (6, 0))          # player 1 reveals a mine: he loses, one discovery to none
    assert rules.is_over(state) and state.seen.exploded_by == 0 and state.seen.counts == (1, 0)
    assert rules.winner(state) == 1 and rules.returns(state) == (-1, 1)
    with pytest.raises(IllegalMoveError, match="the game is over"):
        rules.apply(state, Coord(0, 0))


def test_a_mine_is_credited_to_the_player_whose_reveal_made_it_certain() -> None:
    # 5 x 1, mines at 0,0 and 4,0. Player 1 reveals 2,0 (shows 0): nothing is certain.
    # Player 2 reveals 3,0 (shows 1): 4,0 is certain, his. Player 1 reveals 1,0 (shows 1): 0,0 is his.
    rules = Minesweeper2(5, 1, 2, first_safe=False)
    state = placed(rules, [Coord(0, 0), Coord(4, 0)])
    state = reveal(rules, state, (2, 0))
    assert state.seen.counts == (0, 0)
    state = reveal(rules, state, (3, 0))
    assert state.seen.found == (frozenset(), frozenset({Coord(4, 0)}))
    state = reveal(rules, state, (1, 0))
    assert state.seen.found == (frozenset({Coord(0, 0)}), frozenset({Coord(4, 0)}))
    assert rules.is_over(state) and rules.winner(state) is None            # 1 each: a draw
    assert rules.end(state) == "draw" and rules.returns(state) == (0, 0)


def test_more_discoveries_win_when_every_safe_cell_is_revealed() -> None:
    # 5 x 1, mines at 0,0 and 1,0: player 1 reveals 2,0 (shows 1: 1,0 certain); 0,0 touches no number.
    rules = Minesweeper2(5, 1, 2, first_safe=False)
    state = reveal(rules, placed(rules, [Coord(0, 0), Coord(1, 0)]), (4, 0), (3, 0), (2, 0))
    assert state.seen.found == (frozenset({Coord(1, 0)}), frozenset())
    assert rules.is_over(state) and rules.winner(state) == 0


def test_credits_agree_with_certainties_after_every_reveal() -> None:
    rules = Minesweeper2(6, 5, 6)
    for seed in range(4):
        record = play(rules, [Player("a", duel_random_strategy(random.Random(seed))), Player("b", safest_strategy())],
                      rng=random.Random(seed))
        for step in record.steps:
            seen = step.state.seen
            if step.player != CHANCE and seen.board.exploded is None and len(step.state.mines) == rules.mines:
                assert seen.discovered == certainties(seen.board)[0]
                assert not seen.found[0] & seen.found[1]


def test_the_first_reveal_is_safe_and_its_discoveries_go_to_player_one() -> None:
    rules = Minesweeper2(3, 1, 1)
    state = rules.apply(rules.initial_state(), Coord(1, 0))
    assert rules.to_move(state) == CHANCE
    assert [c for c, _ in rules.chance_outcomes(state)] == [Coord(0, 0), Coord(2, 0)]
    state = rules.next_state(state, Coord(2, 0))
    assert state.board.number(Coord(1, 0)) == 1 and rules.to_move(state) == 1
    assert state.seen.found == (frozenset(), frozenset())     # 1 between two hidden cells: nothing certain
    for seed in range(10):
        record = play(Minesweeper2(4, 4, 12), [Player("a", duel_random_strategy(random.Random(seed))),
                                               Player("b", duel_random_strategy(random.Random(seed + 1)))],
                      rng=random.Random(seed))
        assert record.moves[0].move not in record.final.mines


def test_no_flags_and_bad_moves_are_refused_with_a_reason() -> None:
    rules = Minesweeper2(4, 3, 2, first_safe=False)
    state = placed(rules, [Coord(0, 0), Coord(3, 2)])
    assert str(rules.why_illegal(state, Flag(Coord(1, 1)))).startswith("there are no flags")
    assert rules.why_illegal(state, Coord(4, 0)) == "[4, 0] is outside the 4 x 3 board"
    state = reveal(rules, state, (1, 1))
    assert rules.why_illegal(state, Coord(1, 1)) == "[1, 1] is already revealed"
    assert rules.legal_moves(state) == rules.legal_moves(state.seen) and Coord(1, 1) not in rules.legal_moves(state)
    assert rules_from_spec(rules.spec()) == rules


def test_both_players_see_the_same_board_and_never_the_mines() -> None:
    rules = Minesweeper2.level("beginner")
    record = play(rules, [Player("a", safest_strategy()), Player("b", lookahead_strategy())], rng=random.Random(5))
    for state in record.states:
        seen = rules.observation(state, 0)
        assert seen == rules.observation(state, 1) and isinstance(seen, Minesweeper2Board)
        assert not hasattr(seen, "mines") and not hasattr(seen, "pending")
        assert seen.board.mines == rules.mines     # the board holds the count of mines, never their cells
    # Two deals with the same view but different mines give the same observation.
    a = placed(Minesweeper2(3, 1, 1, first_safe=False), [Coord(0, 0)])
    b = placed(Minesweeper2(3, 1, 1, first_safe=False), [Coord(2, 0)])
    assert a != b and a.seen == b.seen


def test_records_replay_and_draw_themselves() -> None:
    rules = Minesweeper2.level("beginner")
    players = [Player("safest", safest_strategy()), Player("random", duel_random_strategy(random.Random(1)))]
    record = play(rules, players, rng=random.Random(2))
    again = Record.from_json(record.to_json(), rules_from_spec)
    assert again.states == record.states and (again.winner, again.end) == (record.winner, record.end)
    text = str(record)
    assert text.startswith("Minesweeper for two, 9 x 9, 10 mines, first reveal safe: A safest against B random")
    assert "Chance placed the 10 mines (hidden from the players)." in text
    assert text.rstrip().splitlines()[-1].startswith(("safest won", "random won", "A draw"))
    assert str(record._repr_svg_()).startswith("<svg")
    assert as_text(record.final) and as_svg(record.final.seen)


def test_views_mark_each_players_discoveries_with_a_letter() -> None:
    board = board_from_text("1##1##", mines=2)
    seen = duel_board(board, (frozenset({Coord(1, 0)}), frozenset({Coord(2, 0)})), 0)
    text = as_text(seen)
    assert text is not None and text.splitlines()[0] == "0  1 A B 1 # #"
    assert "A player 1 1, B player 2 1" in text and "player 1 to reveal" in text
    svg = as_svg(seen)
    assert svg is not None and ">A</text>" in svg and ">B</text>" in svg


def test_reveal_outcomes_are_exact_chances() -> None:
    board = board_from_text("##1##", mines=2)
    outcomes = reveal_outcomes(board, Coord(0, 0))
    assert [(o.number, o.chance) for o in outcomes] == [(0, Fraction(1, 2)), (1, Fraction(1, 2))]
    assert sum(o.chance for o in reveal_outcomes(board_from_text("1###\n####", mines=3), Coord(3, 0))) == 1


def test_safest_takes_the_least_chance_then_fewest_hidden_neighbours() -> None:
    # ###0#: 2,0 and 4,0 are safe; 4,0 has no hidden neighbour, 2,0 has one.
    seen = duel_board(board_from_text("###0#", mines=2))
    assert safest_strategy()(Minesweeper2(5, 1, 2), seen) == Coord(4, 0)
    # Nothing revealed: every cell as likely; a corner, the top row first.
    assert safest_strategy()(Minesweeper2(3, 3, 1), duel_board(board_from_text("###\n###\n###", mines=1))) \
        == Coord(0, 2)


def test_lookahead_takes_the_discovery_and_avoids_gifts() -> None:
    # 2,0 will show 1 and make the mine at 1,0 certain: lookahead takes it, safest does not.
    seen = duel_board(board_from_text("###0#", mines=2))
    assert lookahead_scores(seen, [Coord(4, 0), Coord(2, 0)]) == {Coord(4, 0): 0, Coord(2, 0): 1}
    assert lookahead_strategy()(Minesweeper2(5, 1, 2), seen) == Coord(2, 0)
    # 1#####: 1,0 is a (discovered) mine; one more mine among 2,0 .. 5,0. Revealing 3,0 may show 1 and
    # leave the opponent a safe cell whose number pins the mine: a negative score; 5,0 gives nothing away.
    board = board_from_text("1#####", mines=2)
    seen = duel_board(board, (certainties(board)[0], frozenset()))
    scores = lookahead_scores(seen, [Coord(5, 0), Coord(2, 0), Coord(3, 0), Coord(4, 0)])
    assert scores[Coord(5, 0)] == 0 and scores[Coord(3, 0)] < 0 and scores[Coord(4, 0)] < 0
    assert lookahead_strategy()(Minesweeper2(6, 1, 2), seen) in (Coord(5, 0), Coord(2, 0))
    with pytest.raises(ValueError):
        lookahead_strategy(width=0)


def test_random_never_reveals_a_discovered_mine_when_it_has_a_choice() -> None:
    board = board_from_text("1##", mines=1)
    seen = duel_board(board, (frozenset({Coord(1, 0)}), frozenset()))
    choose = duel_random_strategy(random.Random(0))
    assert {choose(Minesweeper2(3, 1, 1), seen) for _ in range(20)} == {Coord(2, 0)}


def test_games_and_matches_are_deterministic() -> None:
    rules = Minesweeper2(6, 6, 6)
    first = match(rules, lambda g: lookahead_strategy(), lambda g: duel_random_strategy(random.Random(g)), 3)
    assert first == match(rules, lambda g: lookahead_strategy(), lambda g: duel_random_strategy(random.Random(g)), 3)
    assert first.total.games == 6 and first.first.games == first.second.games == 3
    split = match(rules, lambda g: lookahead_strategy(), lambda g: duel_random_strategy(random.Random(g)), 1) + match(
        rules, lambda g: lookahead_strategy(), lambda g: duel_random_strategy(random.Random(g)), 2, start=1)
    assert split == first
    safest = match(rules, lambda g: safest_strategy(), lambda g: duel_random_strategy(random.Random(g)), 10)
    assert safest.total.wins > safest.total.losses     # exact chances beat random reveals


def test_the_terminal_plays_two_players() -> None:
    status, out, _ = run("play", "minesweeper", "--players", "2", "--width", "5", "--height", "4", "--mines", "3",
                         "--seed", "1")
    assert status == 0
    assert out.startswith("Minesweeper for two, 5 x 4, 3 mines, first reveal safe: A the lookahead player 1 "
                          "against B the lookahead player 2")
    again = run("play", "minesweeper", "--players", "2", "--width", "5", "--height", "4", "--mines", "3",
                "--seed", "1")
    assert again == (status, out, "")
    status, out, _ = run("play", "minesweeper", "--players", "2", "--computer", "safest", "--computer", "random",
                         "--seed", "2")
    assert status == 0 and "A the safest player against B the random player" in out


def test_a_person_takes_seat_two_and_is_told_what_is_wrong() -> None:
    status, out, _ = run("play", "minesweeper", "--players", "2", "--human", "2", "--computer", "safest",
                         "--width", "4", "--height", "4", "--mines", "2", "--seed", "3",
                         stdin="hello\n9,9\n3,3\n")
    assert status == 0
    assert "A the safest player against B you" in out
    assert "type x,y to reveal a cell, like 3,4; not 'hello'" in out
    assert "not allowed: [9, 9] is outside the 4 x 4 board" in out
    assert "Move 2: you reveals 3,3" in out or "not allowed: [3, 3] is already revealed" in out
    assert out.rstrip().endswith("The game ended: stopped") or " won" in out


def test_the_terminal_refuses_mixed_options() -> None:
    for argv in (["--players", "2", "--computer", "probability"], ["--human", "2"], ["--players", "2",
                 "--coordinates"], ["--players", "2", "--computer", "safest", "--computer", "random",
                 "--computer", "safest"], ["--computer", "safest"], ["--players", "3"]):
        status, out, err = run("play", "minesweeper", *argv)
        assert status == 2 and out == "" and len(err.strip().splitlines()) == 1, (argv, err)
