"""Minesweeper: the rules, the hidden mines, chance steps that replay, the engine against brute force, the players."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from coursekit.core import CHANCE, Coord, IllegalMoveError, Player, Record, play
from coursekit.core.codec import to_json
from coursekit.games import rules_from_spec
from coursekit.games.minesweeper import (
    Flag,
    KnowledgeBase,
    Minesweeper,
    MinesweeperBoard,
    MinesweeperState,
    NoPlacementError,
    board_from_text,
    brute_force_probabilities,
    certainties,
    knowledge_strategy,
    probabilities,
    probability_strategy,
    random_strategy,
)


def placed(rules: Any, mines: list[Coord], first: Coord | None = None) -> Any:
    """A state with chosen mines: the first reveal (when safe) and then chance's steps (both games)."""
    state = rules.initial_state()
    if rules.first_safe:
        assert first is not None
        state = rules.apply(state, first)
    for mine in mines:
        assert rules.to_move(state) == CHANCE
        assert mine in [o for o, _ in rules.chance_outcomes(state)]
        state = rules.next_state(state, mine)
    assert rules.to_move(state) != CHANCE
    return state


def test_levels_and_bad_options() -> None:
    assert (Minesweeper.level("intermediate").width, Minesweeper.level("intermediate").mines) == (16, 40)
    assert Minesweeper.level("expert").spec()["mines"] == 99
    with pytest.raises(ValueError, match="the levels are"):
        Minesweeper.level("hard")
    with pytest.raises(ValueError, match="takes 0 to 3 mines"):
        Minesweeper(2, 2, 4)
    assert rules_from_spec(Minesweeper(5, 4, 3, coordinates=True).spec()) == Minesweeper(5, 4, 3, coordinates=True)


def test_flood_fill_opens_a_zero_and_its_neighbours() -> None:
    rules = Minesweeper(4, 3, 1, first_safe=False)
    state = placed(rules, [Coord(3, 2)])
    state = rules.apply(state, Coord(0, 0))
    board = state.board
    assert board.number(Coord(3, 2)) is None and board.number(Coord(2, 2)) == 1 and board.number(Coord(3, 1)) == 1
    assert board.revealed == 11 and rules.is_over(state) and rules.winner(state) == 0
    assert str(board).splitlines()[0] == "2  0 0 1 #"


def test_a_number_opens_only_itself() -> None:
    rules = Minesweeper(4, 3, 1, first_safe=False)
    state = rules.apply(placed(rules, [Coord(3, 2)]), Coord(2, 2))
    assert state.board.revealed == 1 and not rules.is_over(state)


def test_revealing_a_mine_loses() -> None:
    rules = Minesweeper(4, 3, 2, first_safe=False)
    state = rules.apply(placed(rules, [Coord(3, 2), Coord(0, 0)]), Coord(0, 0))
    assert rules.is_over(state) and rules.winner(state) is None and rules.returns(state) == (-1,)
    assert str(rules.end(state)) == "lost" and state.board.exploded == Coord(0, 0)
    assert rules.why_illegal(state, Coord(1, 1)) == "the game is over: a mine went off at [0, 0]"


def test_the_first_reveal_is_safe_and_chance_moves_after_it() -> None:
    rules = Minesweeper(3, 3, 8)
    state = rules.apply(rules.initial_state(), Coord(1, 1))
    outcomes = rules.chance_outcomes(state)
    assert rules.to_move(state) == CHANCE and Coord(1, 1) not in [o for o, _ in outcomes] and len(outcomes) == 8
    assert rules.legal_moves(state) == () and "chance's turn" in (rules.why_illegal(state, Coord(0, 0)) or "")
    for seed in range(20):
        record = play(Minesweeper(4, 4, 15), [Player("r", random_strategy(random.Random(seed)))],
                      rng=random.Random(seed))
        assert record.end == "won"  # 15 mines on 16 cells: only the safe first reveal is left


def test_without_a_safe_first_reveal_chance_moves_first() -> None:
    rules = Minesweeper(3, 3, 8, first_safe=False)
    assert rules.to_move(rules.initial_state()) == CHANCE
    lost = sum(play(rules, [Player("r", random_strategy(random.Random(s)))], rng=random.Random(s)).end == "lost"
               for s in range(50))
    assert 35 <= lost <= 50  # 8 in 9 first reveals hit a mine


def test_flags_are_notes_that_block_a_reveal_until_taken_off() -> None:
    rules = Minesweeper(4, 3, 1, first_safe=False)
    state = placed(rules, [Coord(3, 2)])
    state = rules.apply(state, Flag(Coord(0, 0)))
    assert state.board.flags == {Coord(0, 0)} and state.board.mines_left == 0
    assert rules.why_illegal(state, Coord(0, 0)) == "[0, 0] has a flag: take it off first (flag it again)"
    state = rules.apply(state, Flag(Coord(3, 2)))
    state = rules.apply(state, Flag(Coord(0, 0)))          # taken off
    assert state.board.flags == {Coord(3, 2)}
    state = rules.apply(state, Flag(Coord(2, 0)))          # a wrong flag: the flood fill removes it
    state = rules.apply(state, Coord(0, 0))
    assert rules.winner(state) == 0 and state.board.flags == {Coord(3, 2)}
    with pytest.raises(IllegalMoveError, match="over"):
        rules.apply(state, Flag(Coord(3, 2)))


def test_flags_count_for_nothing_and_every_game_ends() -> None:
    rules = Minesweeper(2, 2, 1, first_safe=False)
    state = placed(rules, [Coord(1, 1)])
    for _ in range(4):  # a board of 4 cells allows 4 flags put on
        state = rules.apply(state, Flag(Coord(0, 0)))
        state = rules.apply(state, Flag(Coord(0, 0)))
    assert Flag(Coord(0, 0)) not in rules.legal_moves(state)
    assert "no more flags" in (rules.why_illegal(state, Flag(Coord(0, 1))) or "")
    assert rules.returns(state) == (0,)
    assert rules.why_illegal(state, Flag(Coord(7, 7))) and rules.why_illegal(state, [0, 0])


def test_the_coordinates_variant_names_the_mines() -> None:
    rules = Minesweeper(3, 3, 2, first_safe=False, coordinates=True)
    state = rules.apply(placed(rules, [Coord(0, 2), Coord(2, 2)]), Coord(1, 1))
    assert state.board.number(Coord(1, 1)) == 2 and state.board.told == {Coord(0, 2), Coord(2, 2)}
    mines, safe = certainties(state.board)
    assert mines == {Coord(0, 2), Coord(2, 2)} and safe == set(state.board.hidden()) - mines


def test_the_observation_never_holds_the_mines() -> None:
    rules = Minesweeper.level("beginner")
    seen: list[object] = []

    def watching(r: Minesweeper, board: MinesweeperBoard) -> Coord:
        seen.append(board)
        return random_strategy(random.Random(len(seen)))(r, board)

    record = play(rules, [Player("w", watching)], rng=random.Random(5))
    mines = record.final.mines
    assert len(mines) == 10
    for board in seen:
        assert isinstance(board, MinesweeperBoard) and not isinstance(board, MinesweeperState)
        saved = to_json(board)
        assert set(saved) == {"width", "height", "mines", "shown", "flags", "exploded", "told", "flags_put"}
        assert saved["mines"] == 10 and saved["flags"] == [] and saved["told"] == [] and saved["exploded"] is None
        hidden = set(board.hidden())
        assert mines <= hidden  # the mines are among the hidden cells, and nothing shown singles them out
    # The player's view in a saved record: the moves and the board, the mines only as chance's steps.
    saved = json.loads(record.to_json())
    assert [p for p, _ in saved["moves"]].count(CHANCE) == 10


def test_records_with_chance_steps_replay_exactly() -> None:
    for level in ("beginner", "intermediate"):
        rules = Minesweeper.level(level)
        record = play(rules, [Player("p", probability_strategy())], rng=random.Random(11))
        again = Record.from_json(record.to_json(), rules_from_spec)
        assert again.states == record.states and again.end == record.end
        assert again.final.mines == record.final.mines
    tampered = json.loads(record.to_json())
    first_chance = next(i for i, (p, _) in enumerate(tampered["moves"]) if p == CHANCE)
    tampered["moves"][first_chance][1] = tampered["moves"][0][1]   # a mine on the first reveal
    with pytest.raises(Exception, match="not legal"):
        Record.from_json(json.dumps(tampered), rules_from_spec)


def random_board(rng: random.Random, width: int, height: int, mines: int, reveals: int) -> MinesweeperBoard:
    rules = Minesweeper(width, height, mines, first_safe=False)
    cells = [Coord(x, y) for y in range(height) for x in range(width)]
    state = placed(rules, rng.sample(cells, mines))
    for _ in range(reveals):
        safe = [c for c in state.board.hidden() if c not in state.mines]
        if not safe or rules.is_over(state):
            break
        state = rules.apply(state, rng.choice(safe))
    return state.board


@pytest.mark.parametrize("seed", range(60))
@pytest.mark.slow
def test_the_engine_agrees_with_brute_force_on_small_boards(seed: int) -> None:
    rng = random.Random(seed)
    width, height = rng.randint(2, 5), rng.randint(2, 4)
    mines = rng.randint(1, width * height // 3 + 1)
    board = random_board(rng, width, height, mines, rng.randint(1, 4))
    if board.is_over:
        return
    assert probabilities(board) == brute_force_probabilities(board)
    # certainties use no total count: compare with every count of mines that fits
    sure_mines, sure_safe = certainties(board)
    hidden = board.hidden()
    always: set[Coord] | None = None
    never: set[Coord] | None = None
    for count in range(len(hidden) + 1):
        try:
            chances = brute_force_probabilities(board, count)
        except NoPlacementError:
            continue
        ones = {c for c, p in chances.items() if p == 1}
        zeros = {c for c, p in chances.items() if p == 0}
        always = ones if always is None else always & ones
        never = zeros if never is None else never & zeros
    assert sure_mines == always and sure_safe == never


def test_an_impossible_board_is_reported() -> None:
    with pytest.raises(NoPlacementError):
        certainties(board_from_text("#2#\n000"))
    with pytest.raises(NoPlacementError):
        probabilities(board_from_text("1#\n##"), mines=4)


def test_probabilities_sum_to_the_mines_on_a_big_board() -> None:
    board = random_board(random.Random(3), 30, 16, 99, 12)
    chances = probabilities(board)
    assert sum(chances.values()) == 99 and all(0 <= p <= 1 for p in chances.values())


def test_the_knowledge_base_uses_the_subset_rule() -> None:
    board = board_from_text("""
    ####
    ####
    #21#
    """)
    kb = KnowledgeBase.of(board)
    # The 1 at (2, 0) sees {(1,1), (2,1), (3,1), (3,0)}; the 2 at (1, 0) sees {(0,0), (0,1), (1,1), (2,1)}.
    # Nothing is a subset here; the engine and the knowledge base agree that nothing is certain.
    assert not (kb.safe - {Coord(1, 0), Coord(2, 0)}) and not kb.mines
    board = board_from_text("""
    ###
    ###
    121
    """)
    kb = KnowledgeBase.of(board)
    # 1 sees {a, b}; 2 sees {a, b, c}: so c is a mine (2 - 1); then the right 1 is satisfied.
    assert kb.mines == {Coord(0, 1), Coord(2, 1)} and Coord(1, 1) in kb.safe
    assert (frozenset(kb.mines), frozenset(kb.safe - {c for c in board.cells() if board.is_revealed(c)})) == \
        certainties(board)


def test_the_knowledge_player_reveals_what_it_proves_safe() -> None:
    rules = Minesweeper(3, 2, 1)
    board = board_from_text("11#\n###", mines=1)
    move = knowledge_strategy(random.Random(0))(rules, board)
    assert move in {Coord(2, 0), Coord(2, 1)}


def test_the_probability_player_picks_the_safest_cell() -> None:
    rules = Minesweeper(3, 3, 2)
    board = board_from_text("###\n121\n000", mines=2)
    assert probability_strategy()(rules, board) == Coord(1, 2)


@pytest.mark.parametrize("make", [lambda s: probability_strategy(), lambda s: knowledge_strategy(random.Random(s)),
                                  lambda s: random_strategy(random.Random(s))])
def test_players_are_deterministic(make: object) -> None:
    rules = Minesweeper.level("beginner")
    first = [play(rules, [Player("p", make(s))], rng=random.Random(s)).to_json() for s in range(4)]  # type: ignore[operator]
    again = [play(rules, [Player("p", make(s))], rng=random.Random(s)).to_json() for s in range(4)]  # type: ignore[operator]
    assert first == again


def test_the_probability_player_beats_the_knowledge_player() -> None:
    rules = Minesweeper.level("beginner")
    probability = sum(play(rules, [Player("p", probability_strategy())], rng=random.Random(s)).winner == 0
                      for s in range(100))
    knowledge = sum(play(rules, [Player("k", knowledge_strategy(random.Random(s)))], rng=random.Random(s)).winner == 0
                    for s in range(100))
    assert probability >= 80 and probability > knowledge >= 55


def test_views_draw_boards_states_and_records() -> None:
    rules = Minesweeper(5, 4, 3)
    record = play(rules, [Player("p", probability_strategy())], rng=random.Random(2))
    text = str(record)
    assert text.startswith("Minesweeper, 5 x 4, 3 mines, first reveal safe: p")
    assert "Chance placed the 3 mines (hidden from the player)." in text
    assert str(record.final).count("*") + str(record.final).count("X") == 3
    assert record._repr_svg_().startswith("<svg") and "http" not in record._repr_svg_().replace(
        'xmlns="http://www.w3.org/2000/svg"', "")
    board = record.states[-2].board
    assert "*" not in str(board) and board._repr_svg_().startswith("<svg")
