"""The basket board, driven by clicking its buttons and setting its widgets (no browser)."""

from __future__ import annotations

import random
import re

import ipywidgets as widgets
import pytest

from coursekit.core import Record
from coursekit.games import GAMES, rules_from_spec
from coursekit.games.basket import (
    Basket,
    BasketState,
    Put,
    grundy_value,
    nim_sum,
    perfect_strategy,
    source_choice,
    winning_moves,
)
from coursekit.views.basket import basket_svg
from coursekit.widgets import BasketBoard
from coursekit.widgets.basket import MOST_BUTTONS, WIN_MARK
from tests.test_widgets_blank import no_empty_label

YOUR_TURN = "Your turn: put one or more balls of one colour in the basket."


def enabled(board: BasketBoard) -> list[Put]:
    return [move for move, button in board.buttons.items() if not button.disabled]


def play_out(board: BasketBoard, rng: random.Random) -> None:
    """The human clicks enabled buttons at random until the game ends."""
    for _ in range(100):
        if board.is_over:
            return
        board.buttons[rng.choice(enabled(board))].click()
    raise AssertionError("the game did not end")


def looks(board: BasketBoard) -> tuple[object, ...]:
    """Everything a click could change but the status line."""
    return (board.state, list(board.steps), board.picture.value, board.hint_html.value,
            {move: (b.description, b.disabled, b.button_style) for move, b in board.buttons.items()},
            [label.value for label in board.row_labels])


def assert_shows_state(board: BasketBoard) -> None:
    """The picture is the state's, and exactly the legal moves' buttons can be clicked."""
    assert board.picture.value == basket_svg(board.state)
    assert set(enabled(board)) == set(board.rules.legal_moves(board.state)) & set(board.buttons)
    for colour, label in enumerate(board.row_labels):
        assert label.value.endswith(f": {board.state.left[colour]} left")


def assert_replays(board: BasketBoard) -> Record:
    record = board.record
    again = Record.from_json(record.to_json(), rules_from_spec)
    assert again.states == record.states and again.players == record.players
    assert (again.winner, again.end) == (record.winner, record.end)
    return again


def probe(board: BasketBoard) -> random.Random:
    """A copy of the board's generator, to foresee the computer's next random choice."""
    copy = random.Random()
    copy.setstate(board.rng.getstate())
    return copy


def hint_rows(board: BasketBoard) -> list[tuple[str, ...]]:
    """The rows of the hint table as the page shows them (the header row left out)."""
    rows = re.findall(r"<tr>(.*?)</tr>", board.hint_html.value)
    return [tuple(re.sub(r"<[^>]+>", "", cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row))
            for row in rows[1:]]


# Drawing and playing --------------------------------------------------------------------------


def test_the_board_draws_the_basket_and_a_button_per_move() -> None:
    board = BasketBoard(seed=1)
    assert isinstance(board, widgets.VBox) and board.rules == Basket()
    assert board.state == BasketState((3, 3, 3), 0) and board.steps == []
    assert list(board.buttons) == [Put(c, n) for c in range(3) for n in (1, 2, 3)]
    assert [b.description for b in board.buttons.values()] == ["put 1", "put 2", "put 3"] * 3
    assert_shows_state(board)
    assert board.row_labels[1].value.startswith('<b style="color:#2c7fb8">blue (B)</b>')
    assert board.status == YOUR_TURN
    assert board.depth_slider in board.children[3].children  # B's player: its difficulty can be set
    assert board.hint_html.value == "" and not board.hints


def test_a_click_puts_the_balls_and_the_computer_answers() -> None:
    board = BasketBoard(computer="random", seed=2)
    board.buttons[Put(0, 2)].click()
    you, computer = board.steps
    assert (you.player, you.move, you.state) == (0, Put(0, 2), BasketState((1, 3, 3), 1))
    assert computer.player == 1 and computer.move in board.rules.legal_moves(you.state)
    assert board.state == computer.state and board.state.turn == 0
    colour, balls = computer.move
    name = ("red", "blue", "green")[colour]
    assert board.status == (f"You put 2 red (R2), leaving red 1, blue 3, green 3. The computer put {balls} {name} "
                            f"({computer.move}), leaving red {board.state.left[0]}, blue {board.state.left[1]}, "
                            f"green {board.state.left[2]}. {YOUR_TURN}")
    assert_shows_state(board)
    assert board.buttons[Put(0, 3)].disabled  # red has at most one ball left


def test_a_cap_limits_the_buttons_and_is_said() -> None:
    board = BasketBoard(4, 5, cap=2, computer="random", seed=0)
    assert list(board.buttons) == [Put(c, n) for c in range(4) for n in (1, 2)]
    assert board.status == "Your turn: put one or more balls of one colour in the basket (at most 2 at a time)."
    play_out(board, random.Random(0))
    assert_replays(board)


@pytest.mark.parametrize("computer", ["source", "perfect", "random", "yours"])
@pytest.mark.parametrize("seed", range(4))
def test_full_games_against_each_computer(computer: str, seed: int) -> None:
    def first_move(rules: Basket, state: BasketState) -> Put:
        return rules.legal_moves(state)[0]

    board = BasketBoard(3, 4, computer=first_move if computer == "yours" else computer,
                        human_first=seed % 2 == 0, seed=seed)
    play_out(board, random.Random(seed))
    assert board.is_over and board.state.is_full and enabled(board) == []
    assert_shows_state(board)
    record = assert_replays(board)
    assert record.end == "won" and set(record.players) == {"You", "Computer"}
    assert [step.player for step in record.steps] == [i % 2 for i in range(len(record.steps))]
    last = record.steps[-1]
    assert record.players[last.player] == board.winner  # whoever put the last ball won
    assert board.status.endswith("You win!" if board.winner == "You" else "The computer wins.")


def test_the_perfect_computer_wins_from_a_winning_start() -> None:
    for seed in range(10):
        board = BasketBoard(computer="perfect", human_first=False, seed=seed)
        assert board.steps[0].player == 0 and board.record.players == ("Computer", "You")
        assert nim_sum(board.rules, board.state) == 0  # it left you a losing position
        play_out(board, random.Random(seed))
        assert board.winner == "Computer"


@pytest.mark.parametrize("computer", ["source", "perfect", "random"])
def test_a_human_who_plays_perfectly_beats_every_computer(computer: str) -> None:
    board = BasketBoard(3, 5, computer=computer, depth=9, seed=3)
    best = perfect_strategy()
    while not board.is_over:
        board.buttons[best(board.rules, board.state)].click()
    assert board.winner == "You" and board.status.endswith("You win!")


# Illegal choices --------------------------------------------------------------------------------


def test_an_illegal_choice_is_explained_and_changes_nothing() -> None:
    board = BasketBoard(computer="random", seed=4, hints=True)
    board.buttons[Put(0, 2)].click()
    assert board.buttons[Put(0, 3)].disabled
    before = looks(board)
    board.buttons[Put(0, 3)].click()  # greyed out, but clicked before the page caught up
    assert board.state.left[0] == 1  # the computer took no red with this seed
    assert board.status == f"Not allowed: red has only 1 ball left, not 3. {YOUR_TURN}"
    assert looks(board) == before
    assert board.click(5, 1) is False and "there is no colour 5" in board.status
    assert looks(board) == before


def test_after_the_end_every_button_is_greyed_and_a_click_says_why() -> None:
    board = BasketBoard(2, 2, computer="random", seed=1)
    play_out(board, random.Random(1))
    before = looks(board)
    board.buttons[Put(0, 1)].click()
    assert board.status.startswith("Not allowed: the game is over: every ball is in the basket.")
    assert looks(board) == before


def test_a_big_basket_gets_a_row_to_type_a_number() -> None:
    board = BasketBoard(2, 20, computer="random", seed=5)
    assert len(board.buttons) == 2 * MOST_BUTTONS
    assert not hasattr(BasketBoard(seed=0), "put_button")  # a small basket needs no typing
    board.colour_menu.value, board.count_box.value = 1, 25
    board.put_button.click()
    assert board.status.startswith("Not allowed: blue has only 20 balls left, not 25. ") and board.steps == []
    board.count_box.value = 0
    board.put_button.click()
    assert board.status.startswith("Not allowed: a move puts at least one ball in the basket, not 0. ")
    board.count_box.value = 15
    board.put_button.click()
    assert board.steps[0].move == Put(1, 15) and board.steps[0].state.left == (20, 5)
    play_out(board, random.Random(5))
    assert board.put_button.disabled
    assert_replays(board)


# Hints ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("cap", [None, 2])
def test_the_hints_show_the_grundy_values_the_nim_sum_and_the_winning_moves(cap: int | None) -> None:
    board = BasketBoard(3, 5, cap=cap, computer="random", seed=6)
    board.hint_toggle.value = True
    rng = random.Random(6)
    while not board.is_over:
        rules, state = board.rules, board.state
        values = tuple(grundy_value(left, cap) for left in state.left)
        total, winning = nim_sum(rules, state), winning_moves(rules, state)
        hint = board.nim_hint()
        assert hint is not None and (hint.values, hint.nim_sum, hint.winning) == (values, total, winning)
        rows = hint_rows(board)
        assert rows[:3] == [(name, str(left), str(value), format(value, f"0{len(rows[0][3])}b"))
                            for name, left, value in zip(("red", "blue", "green"), state.left, values, strict=True)]
        assert rows[3][0] == "Nim sum (XOR)" and int(rows[3][1]) == total == int(rows[3][2], 2)
        marked = {move for move, b in board.buttons.items() if b.description.endswith(WIN_MARK)}
        assert marked == set(winning)
        assert all(b.button_style == ("success" if m in marked else "") for m, b in board.buttons.items())
        if winning:
            assert ", ".join(str(m) for m in winning) in board.hint_html.value
        else:
            assert "the Nim sum is 0, so no move wins" in board.hint_html.value
        board.buttons[rng.choice(enabled(board))].click()
    assert board.hint_html.value == "<p>The game is over: every ball is in the basket.</p>"
    assert not any(b.description.endswith(WIN_MARK) for b in board.buttons.values())


def test_the_hints_come_and_go_with_the_toggle() -> None:
    board = BasketBoard(seed=0)
    assert board.hint_html.value == "" and all(b.description == f"put {m.balls}" for m, b in board.buttons.items())
    board.hints = True
    assert board.hint_toggle.value and "Nim sum" in board.hint_html.value
    assert [m for m, b in board.buttons.items() if WIN_MARK in b.description] == [Put(0, 3), Put(1, 3), Put(2, 3)]
    status, state = board.status, board.state
    board.hint_toggle.value = False
    assert board.hint_html.value == "" and all(b.description == f"put {m.balls}" for m, b in board.buttons.items())
    assert (board.status, board.state) == (status, state)  # hints change no game


# New game, difficulty, determinism ------------------------------------------------------------


def test_new_game_starts_again() -> None:
    board = BasketBoard(computer="random", human_first=False, seed=7)
    play_out(board, random.Random(7))
    first = board.record.states
    board.new_game_button.click()
    assert len(board.steps) == 1 and board.steps[0].player == 0  # the computer opened again
    assert board.start == BasketState((3, 3, 3), 0) and board.record.end == "stopped"
    assert board.record.states != first
    assert_shows_state(board)
    assert board.status.startswith("The computer put ") and board.status.endswith(YOUR_TURN)


def test_the_difficulty_control_sets_the_depth_of_bs_player() -> None:
    board = BasketBoard(depth=3, seed=8)
    assert board.depth == 3 and board.depth_slider.min == 1 and board.depth_slider.max == 9
    board.depth_slider.value = 1
    assert board.depth == 1
    assert board.status == f"Difficulty 1: B's player now looks 1 move ahead. {YOUR_TURN}"
    after_you = board.rules.apply(board.state, Put(0, 1))
    at_1, at_5 = (source_choice(board.rules, after_you, d, probe(board)) for d in (1, 5))
    assert at_1 != at_5  # the difficulty matters here, so the test can tell
    board.buttons[Put(0, 1)].click()
    assert board.steps[1].move == at_1
    board.depth = 5
    assert board.status.startswith("Difficulty 5: B's player now looks 5 moves ahead. ")
    after_you = board.rules.apply(board.state, Put(1, 1))
    expected = source_choice(board.rules, after_you, 5, probe(board))
    board.buttons[Put(1, 1)].click()
    assert board.steps[3].move == expected
    board.new_game_button.click()
    assert board.depth == 5  # a new game keeps the difficulty


def test_only_bs_player_has_a_difficulty() -> None:
    board = BasketBoard(computer="perfect", seed=0)
    controls = board.children[3].children
    assert board.depth_slider not in controls and board.hint_toggle in controls


@pytest.mark.parametrize("computer", ["source", "perfect", "random"])
def test_every_random_choice_comes_from_the_seeded_generator(computer: str) -> None:
    games = []
    for _ in range(2):
        board = BasketBoard(3, 4, computer=computer, seed=9)
        play_out(board, random.Random(3))  # the same human clicks each time
        board.new_game_button.click()
        play_out(board, random.Random(4))
        games.append((board.record.states, board.status))
    assert games[0] == games[1]
    others = set()
    for seed in range(6):
        board = BasketBoard(3, 4, computer=computer, seed=seed)
        play_out(board, random.Random(3))
        others.add(board.record.states)
    assert len(others) > 1  # the seed matters


def test_bad_options_are_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match="the computer plays one of 'source', 'perfect', 'random'"):
        BasketBoard(computer="smart")
    with pytest.raises(ValueError, match=r"the depth .* at least 1, got 0"):
        BasketBoard(depth=0)
    with pytest.raises(ValueError, match="a basket has 1 to 6 colours, got 7"):
        BasketBoard(colours=7)


def test_the_registry_names_the_board() -> None:
    assert GAMES["basket"].board_class() is BasketBoard


# No empty label -------------------------------------------------------------------------------


def test_no_button_is_ever_given_an_empty_label() -> None:
    board = BasketBoard(3, 4, computer="source", seed=10)

    def actions() -> None:
        board.hint_toggle.value = True
        play_out(board, random.Random(10))
        board.hint_toggle.value = False
        board.new_game_button.click()
        board.hints = True
        board.buttons[Put(2, 1)].click()
        board.depth_slider.value = 6
        board.hints = False

    seen = no_empty_label(board, actions)
    assert {text for _move, text in seen} >= {"put 1", f"put 1{WIN_MARK}"}  # marks were shown, then cleared
    assert all(b.description == f"put {m.balls}" for m, b in board.buttons.items())
