"""The basket board on the course's board widget, driven as the page drives it (no browser): clicks on
the picture's "put n" buttons (``board.hit("R2")``), its controls (``board.press``) and messages."""

from __future__ import annotations

import random
import re
from html import unescape

import pytest

from coursekit.core import Record
from coursekit.games import GAMES, rules_from_spec
from coursekit.games.basket import (
    LETTERS,
    Basket,
    BasketState,
    Put,
    grundy_value,
    nim_sum,
    perfect_strategy,
    source_choice,
    winning_moves,
)
from coursekit.games.basket.board import MOST_BUTTONS, WIN_MARK, BasketBoard

YOUR_TURN = "Your turn: put one or more balls of one colour in the basket."


def buttons(board: BasketBoard) -> dict[Put, tuple[str, bool, bool]]:
    """Each "put n" button of the picture: its text, whether its move is allowed, whether it is marked a win."""
    found = {}
    for key, words, text in re.findall(r'<g data-hit="([A-Z]\d+)" tabindex="0" role="button" aria-label="([^"]*)">'
                                       r'<rect[^>]*/><text[^>]*>([^<]*)</text></g>', board.picture):
        move = Put(LETTERS.index(key[0]), int(key[1:]))
        found[move] = (unescape(text), "(not now)" not in words, "this move wins" in words)
    return found


def enabled(board: BasketBoard) -> list[Put]:
    return [move for move, (_text, allowed, _wins) in buttons(board).items() if allowed]


def hit(board: BasketBoard, move: Put) -> None:
    """A click on the move's button, as the page sends it."""
    board._message(board, {"event": "hit", "key": f"{LETTERS[move.colour]}{move.balls}"}, [])


def play_out(board: BasketBoard, rng: random.Random) -> None:
    """The human clicks allowed buttons at random until the game ends."""
    for _ in range(100):
        if board.is_over:
            return
        hit(board, rng.choice(enabled(board)))
    raise AssertionError("the game did not end")


def looks(board: BasketBoard) -> tuple[object, ...]:
    """Everything a click could change but the status line."""
    return board.state, list(board.steps), board.picture


def shown_left(board: BasketBoard) -> list[int]:
    return [int(n) for n in re.findall(r">\+?\d* ?(\d+) left</text>", board.picture)]


def balls_in_basket(board: BasketBoard) -> int:
    return int(re.search(r">(\d+) in</text>", board.picture).group(1))  # type: ignore[union-attr]


def assert_shows_state(board: BasketBoard) -> None:
    """The picture shows the balls left and put, and while you move, exactly the legal moves' buttons allowed."""
    assert shown_left(board) == list(board.state.left)
    assert balls_in_basket(board) == sum(board.start.left) - sum(board.state.left)
    assert board.picture.count("data-piece=") == sum(board.start.left)  # every ball: in its row or in the basket
    if board.human_to_move():
        assert set(enabled(board)) == set(board.rules.legal_moves(board.state)) & set(buttons(board))
    else:
        assert buttons(board) == {}


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


def hint_lines(board: BasketBoard) -> list[str]:
    """The hint lines the picture writes under the basket."""
    return [unescape(line) for line in re.findall(r'xml:space="preserve">([^<]*)</text>', board.picture)]


# Drawing and playing --------------------------------------------------------------------------


def test_the_board_draws_the_basket_and_a_button_per_move() -> None:
    board = BasketBoard(seed=1)
    assert board.rules == Basket() and board.seats == ["you", "source"]
    assert board.state == BasketState((3, 3, 3), 0) and board.steps == []
    assert list(buttons(board)) == [Put(c, n) for c in range(3) for n in (1, 2, 3)]
    assert [text for text, _a, _w in buttons(board).values()] == ["put 1", "put 2", "put 3"] * 3
    assert_shows_state(board)
    assert ">blue B</text>" in board.picture and 'data-piece="B2"' in board.picture
    assert board.status == YOUR_TURN
    assert board.control("depth")["value"] == 3  # B's player: its difficulty can be set
    assert hint_lines(board) == [] and not board.hints
    assert "data-hit" not in board.still() and "put 1" not in board.still()  # no buttons in a still picture


def test_a_click_puts_the_balls_and_the_computer_answers() -> None:
    board = BasketBoard(computer="random", seed=2)
    hit(board, Put(0, 2))
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
    assert not buttons(board)[Put(0, 3)][1]  # red has at most one ball left: dashed, "not now"
    # The page shows your move first (a frame: your balls in the basket, nothing to click), then the answer.
    (frame,) = board.frames
    assert "data-hit" not in frame and ">2 in</text>" in frame


def test_a_cap_limits_the_buttons_and_is_said() -> None:
    board = BasketBoard(4, 5, cap=2, computer="random", seed=0)
    assert list(buttons(board)) == [Put(c, n) for c in range(4) for n in (1, 2)]
    assert board.status == "Your turn: put one or more balls of one colour in the basket (at most 2 at a time)."
    play_out(board, random.Random(0))
    assert_replays(board)


@pytest.mark.parametrize("computer", ["source", "perfect", "random", "yours"])
@pytest.mark.parametrize("seed", range(4))
def test_full_games_against_each_computer(computer: str, seed: int) -> None:
    def first_move(rules: Basket, state: BasketState) -> Put:
        return rules.legal_moves(state)[0]

    board = BasketBoard(3, 4, computer=first_move if computer == "yours" else computer,
                        human=1 if seed % 2 == 0 else 2, seed=seed)
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
        board = BasketBoard(computer="perfect", human=2, seed=seed)
        assert board.steps[0].player == 0 and board.record.players == ("Computer", "You")
        assert nim_sum(board.rules, board.state) == 0  # it left you a losing position
        play_out(board, random.Random(seed))
        assert board.winner == "Computer"


@pytest.mark.parametrize("computer", ["source", "perfect", "random"])
def test_a_human_who_plays_perfectly_beats_every_computer(computer: str) -> None:
    board = BasketBoard(3, 5, computer=computer, depth=9, seed=3)
    best = perfect_strategy()
    while not board.is_over:
        hit(board, best(board.rules, board.state))
    assert board.winner == "You" and board.status.endswith("You win!")


# Illegal choices --------------------------------------------------------------------------------


def test_an_illegal_choice_is_explained_and_changes_nothing() -> None:
    board = BasketBoard(computer="random", seed=4, hints=True)
    hit(board, Put(0, 2))
    assert buttons(board)[Put(0, 3)][1] is False
    before = looks(board)
    hit(board, Put(0, 3))  # dashed, "not now", but clicked all the same
    assert board.state.left[0] == 1  # the computer took no red with this seed
    assert board.status == f"Not allowed: red has only 1 ball left, not 3. {YOUR_TURN}"
    assert looks(board) == before
    assert board.click(5, 1) is False and "there is no colour 5" in board.status
    assert board.hit("X1") is False and board.status.startswith("a basket move is a colour's letter")
    assert looks(board) == before


def test_after_the_end_nothing_is_clickable_and_a_click_says_why() -> None:
    board = BasketBoard(2, 2, computer="random", seed=1)
    play_out(board, random.Random(1))
    before = looks(board)
    assert "data-hit" not in board.picture
    hit(board, Put(0, 1))
    assert board.status.startswith("The game is over: press New game")
    assert looks(board) == before


def test_a_big_basket_gets_a_box_to_type_a_move() -> None:
    board = BasketBoard(2, 20, computer="random", seed=5)
    assert len(buttons(board)) == 2 * MOST_BUTTONS
    with pytest.raises(KeyError):
        BasketBoard(seed=0).control("put")  # a small basket needs no typing
    board.press("put", "B25")
    assert board.status.startswith("Not allowed: blue has only 20 balls left, not 25. ") and board.steps == []
    board.press("put", "blue 0")
    assert board.status.startswith("Not allowed: a move puts at least one ball in the basket, not 0. ")
    board.press("put", "pink 3")
    assert board.status.startswith("there is no colour 'pink': the colours are red, blue (R, B). ")
    board.press("put", "lots")
    assert board.status.startswith("type a colour's letter and a number of balls, like B15")
    assert board.steps == []
    board.press("put", "b15")
    assert board.steps[0].move == Put(1, 15) and board.steps[0].state.left == (20, 5)
    play_out(board, random.Random(5))
    assert board.control("put")["disabled"]
    assert_replays(board)


# Hints ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("cap", [None, 2])
def test_the_hints_show_the_grundy_values_the_nim_sum_and_the_winning_moves(cap: int | None) -> None:
    board = BasketBoard(3, 5, cap=cap, computer="random", seed=6)
    board.press("hints", True)
    rng = random.Random(6)
    while not board.is_over:
        rules, state = board.rules, board.state
        values = tuple(grundy_value(left, cap) for left in state.left)
        total, winning = nim_sum(rules, state), winning_moves(rules, state)
        hint = board.nim_hint()
        assert hint is not None and (hint.values, hint.nim_sum, hint.winning) == (values, total, winning)
        lines = hint_lines(board)
        width = len(lines[1].rsplit(" = ", 1)[1])
        for line, name, left, value in zip(lines[1:4], ("red", "blue", "green"), state.left, values, strict=True):
            assert line.split() == [name, str(left), "left", "Grundy", "value", str(value), "=",
                                    format(value, f"0{width}b")]
        assert lines[4].startswith("Nim sum (XOR)") and lines[4].split()[-3:] == [str(total), "=",
                                                                                  format(total, f"0{width}b")]
        marked = {move for move, (text, _allowed, wins) in buttons(board).items() if wins}
        assert marked == set(winning)
        assert all(text.endswith(WIN_MARK) == (move in marked) for move, (text, _a, _w) in buttons(board).items())
        if winning:
            assert ", ".join(str(m) for m in winning) in lines[5]
        else:
            assert "the Nim sum is 0, so no move wins" in lines[5]
        hit(board, rng.choice(enabled(board)))
    assert hint_lines(board) == ["The game is over: every ball is in the basket."]


def test_the_hints_come_and_go_with_the_toggle() -> None:
    board = BasketBoard(seed=0)
    assert hint_lines(board) == [] and all(text == f"put {m.balls}" for m, (text, _a, _w) in buttons(board).items())
    board.press("hints", True)
    assert board.hints and "Nim sum (XOR)" in "".join(hint_lines(board))
    assert [m for m, (text, _a, _w) in buttons(board).items() if WIN_MARK in text] == [Put(0, 3), Put(1, 3), Put(2, 3)]
    status, state = board.status, board.state
    board.press("hints", False)
    assert hint_lines(board) == [] and all(text == f"put {m.balls}" for m, (text, _a, _w) in buttons(board).items())
    assert (board.status, board.state) == (status, state)  # hints change no game


# New game, undo, replay, seats, difficulty, determinism ---------------------------------------------


def test_new_game_starts_again() -> None:
    board = BasketBoard(computer="random", human=2, seed=7)
    play_out(board, random.Random(7))
    first = board.record.states
    board.press("new")
    assert len(board.steps) == 1 and board.steps[0].player == 0  # the computer opened again
    assert board.start == BasketState((3, 3, 3), 0) and board.record.end == "stopped"
    assert board.record.states != first
    assert_shows_state(board)
    assert board.status.startswith("The computer put ") and board.status.endswith(YOUR_TURN)


def test_undo_and_replay() -> None:
    board = BasketBoard(computer="perfect", seed=1)
    hit(board, Put(0, 3))
    hit(board, Put(2, 1))
    assert len(board.steps) == 4
    board.press("replay", 1)
    assert board.status.startswith("Move 1 of 4: You put 3 red (R3)") and "data-hit" not in board.picture
    assert shown_left(board) == [0, 3, 3]
    board.press("replay", 4)
    board.press("undo")
    assert len(board.steps) == 2 and board.status.startswith("Took back your move.")
    assert_shows_state(board)


def test_two_computers_play_with_step_and_run() -> None:
    board = BasketBoard(computer="source", seed=2)
    board.press("seat0", "perfect")
    assert board.players == ("First (perfect)", "Second (source)")
    assert board.control("depth")["value"] == 3  # B's player still plays a seat
    board.press("step")
    assert len(board.steps) == 1 and board.status.startswith("First (perfect) put ")
    board.press("run")
    for _ in range(20):
        board._message(board, {"event": "tick", "version": board.version}, [])
    assert board.is_over and not board.running
    assert_replays(board)
    board.press("seat1", "random")
    with pytest.raises(KeyError):
        board.control("depth")  # no seat is B's player: no difficulty


def test_the_difficulty_control_sets_the_depth_of_bs_player() -> None:
    board = BasketBoard(depth=3, seed=8)
    depth = board.control("depth")
    assert board.depth == 3 and (depth["min"], depth["max"]) == (1, 9)
    board.press("depth", 1)
    assert board.depth == 1 and board.control("depth")["value"] == 1
    assert board.status == f"Difficulty 1: B's player now looks 1 move ahead. {YOUR_TURN}"
    after_you = board.rules.apply(board.state, Put(0, 1))
    at_1, at_5 = (source_choice(board.rules, after_you, d, probe(board)) for d in (1, 5))
    assert at_1 != at_5  # the difficulty matters here, so the test can tell
    hit(board, Put(0, 1))
    assert board.steps[1].move == at_1
    board.depth = 5
    assert board.status.startswith("Difficulty 5: B's player now looks 5 moves ahead. ")
    after_you = board.rules.apply(board.state, Put(1, 1))
    expected = source_choice(board.rules, after_you, 5, probe(board))
    hit(board, Put(1, 1))
    assert board.steps[3].move == expected
    board.press("new")
    assert board.depth == 5  # a new game keeps the difficulty
    board.depth = 12
    assert board.control("depth")["max"] == 12


def test_only_bs_player_has_a_difficulty() -> None:
    board = BasketBoard(computer="perfect", seed=0)
    names = [control["name"] for control in board.controls]
    assert "depth" not in names and "hints" in names


@pytest.mark.parametrize("computer", ["source", "perfect", "random"])
def test_every_random_choice_comes_from_the_seeded_generator(computer: str) -> None:
    games = []
    for _ in range(2):
        board = BasketBoard(3, 4, computer=computer, seed=9)
        play_out(board, random.Random(3))  # the same human clicks each time
        board.press("new")
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
