"""The bulls and cows board, driven by typing into its box and clicking its buttons (no browser).

Small games (3 digits from 0 to 5: 120 secrets) keep the answer table quick.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import ipywidgets as widgets
import pytest

from coursekit.core import Record
from coursekit.core.rules import CHANCE, draw_chance
from coursekit.games import GAMES, rules_from_spec
from coursekit.games.bulls import Bulls, BullsState, Code, code_text, score
from coursekit.views.bulls import history_svg, record_svg
from coursekit.widgets.bulls import LISTED, BullsBoard, possible_text
from tests.test_widgets_blank import no_empty_label

YOUR_TURN = "Your turn: type 3 different digits from 0 to 5, like 012, and click Guess."


def small(**options: object) -> BullsBoard:
    return BullsBoard(3, 6, **options)  # type: ignore[arg-type]


def type_guess(board: BullsBoard, text: str) -> None:
    """Type ``text`` into the guess box and click "Guess", as a person does."""
    board.guess_box.value = text
    board.guess_button.click()


def every_widget(widget: widgets.Widget) -> Iterator[widgets.Widget]:
    yield widget
    for child in getattr(widget, "children", ()):
        yield from every_widget(child)


def texts(board: BullsBoard) -> list[str]:
    """Every text the board shows: values, labels, tooltips and placeholders of every widget in it."""
    out = []
    for widget in every_widget(board):
        for name in ("value", "description", "tooltip", "placeholder"):
            value = getattr(widget, name, None)
            if isinstance(value, str):
                out.append(value)
    return out


def shows_code(board: BullsBoard, code: Code) -> bool:
    """Whether ``code`` is written as a whole number in any text of the board but its picture."""
    pattern = re.compile(rf"(?<!\d){code_text(code)}(?!\d)")
    return any(pattern.search(text) for text in texts(board) if text != board.picture.value)


def looks(board: BullsBoard) -> tuple[object, ...]:
    """Everything a guess could change but the status line."""
    return (board.state, list(board.steps), [t for t in texts(board) if t != board.status])


def assert_replays(board: BullsBoard) -> Record:
    record = board.record
    again = Record.from_json(record.to_json(), rules_from_spec)
    assert again.states == record.states and again.players == record.players
    assert (again.winner, again.end) == (record.winner, record.end)
    assert [step.player for step in record.steps[:board.rules.num_players]] == [CHANCE] * board.rules.num_players
    return again


def secret(board: BullsBoard) -> Code:
    """The secret the person (or the watched computer) looks for: the test may peek, the board may not."""
    code = board.state.targets[0]
    assert code is not None
    return code


def play_consistently(board: BullsBoard) -> list[Code]:
    """Type the first secret still possible until the game ends; the guesses typed."""
    typed = []
    for _ in range(len(board.rules.codes)):
        if board.is_over:
            return typed
        guess = board.possible(0)[0]
        typed.append(guess)
        type_guess(board, code_text(guess))
    raise AssertionError("the game did not end")


# The guessing game -----------------------------------------------------------------------

def test_the_board_starts_with_a_hidden_secret_and_every_secret_possible() -> None:
    board = small(seed=4)
    hidden = "A secret of 3 different digits from 0 to 5 is hidden: 120 secrets are possible."
    assert board.status == f"{hidden} {YOUR_TURN}"
    assert board.players == ("You",) and not board.is_over
    assert board.state.answers == ((),) and board.rules.to_move(board.state) == 0
    assert board.picture.value == history_svg(Bulls(3, 6).observation(board.state, 0))
    assert board.possible_html.value == "<div>You: 120 secrets still possible</div>"
    assert board.guess_button.description == "Guess 1" and board.next_button.layout.display == "none"
    assert board.secret_html.value == ""


def test_a_game_is_won_by_typing_guesses() -> None:
    board = small(seed=5)
    hidden = secret(board)
    typed = play_consistently(board)
    assert typed[-1] == hidden and board.winner == "You" and board.record.end == "won"
    assert board.state.answers[0][-1].bulls == 3
    assert board.status.endswith(f"You found the secret {code_text(hidden)} in {len(typed)} guesses!")
    assert board.picture.value == record_svg(board.record)  # the secret is shown now
    assert board.guess_button.disabled and board.guess_box.disabled
    assert [a.guess for a in board.state.answers[0]] == typed
    assert all((a.bulls, a.cows) == score(a.guess, hidden) for a in board.state.answers[0])


def test_each_guess_is_answered_in_the_status_and_the_possible_secrets() -> None:
    board = small(seed=1)
    board.new_game((5, 3, 1))
    type_guess(board, "153")
    assert board.status == f"You guessed 153: 0 bulls, 3 cows. {YOUR_TURN}"
    assert board.guess_box.value == ""  # ready for the next guess
    left = [c for c in board.rules.codes if score((1, 5, 3), c) == (0, 3)]
    assert board.possible(0) == left
    assert board.possible_html.value == f"<div>You: {possible_text(left, 0)}</div>"
    board.show_possible.value = True
    assert board.possible_html.value == f"<div>You: {possible_text(left)}</div>"
    assert "531" in board.possible_html.value  # a secret the answers allow may be listed: it is not a leak
    assert board.guess_button.description == "Guess 2"


@pytest.mark.parametrize(("typed", "says"), [
    ("01", "Not a guess: a guess has 3 digits, not 2"),
    ("0123", "Not a guess: a guess has 3 digits, not 4"),
    ("011", "Not a guess: the digits must all be different: 1 appears twice"),
    ("0a2", "Not a guess: 'a' is not a digit"),
    ("", "Not a guess: a guess has 3 digits, not 0"),
    ("016", "Not a guess: the digits are 0 to 5, not 6"),
    ("012", "Not allowed: 012 was asked already (guess 1: 012: "),
])
def test_bad_guesses_are_refused_and_change_nothing(typed: str, says: str) -> None:
    board = small(seed=2)
    board.new_game((3, 4, 5))
    type_guess(board, "012")
    before = looks(board)
    type_guess(board, typed)
    assert board.status.startswith(says)
    assert board.status.endswith(YOUR_TURN)
    board.guess_box.value = ""  # what the person typed stays in the box; the rest is unchanged
    assert looks(board) == before


def test_after_the_end_a_guess_is_refused() -> None:
    board = small(seed=3)
    board.new_game((0, 1, 2))
    type_guess(board, "012")
    before = board.record
    assert board.guess("345") is False
    assert board.status.startswith("Not allowed: the game is over.")
    assert board.record == before


def test_the_guess_limit_loses_the_game() -> None:
    board = small(seed=0, max_guesses=2)
    board.new_game((5, 4, 3))
    assert board.guess_button.description == "Guess 1 of 2"
    type_guess(board, "012")
    type_guess(board, "013")
    assert board.is_over and board.winner is None and board.record.end == "lost"
    assert board.status.endswith("No guesses left: the secret was 543.")


# What the board shows: the observation, never a hidden secret -----------------------------

def test_two_secrets_that_gave_the_same_answers_look_the_same() -> None:
    """The board draws the person's observation only: 345 and 354 answer 012 and 013 alike."""
    boards = [small(seed=0), small(seed=0)]
    for board, hidden in zip(boards, [(3, 4, 5), (3, 5, 4)], strict=True):
        board.new_game(hidden)
        board.show_possible.value = True
        for guess in ["012", "013"]:
            type_guess(board, guess)
    assert texts(boards[0]) == texts(boards[1])
    assert boards[0].state != boards[1].state


def test_in_the_mutual_game_two_hidden_secrets_look_the_same() -> None:
    boards = [small(mutual=True, computer="minimax"), small(mutual=True, computer="minimax")]
    for board, hidden in zip(boards, [(3, 4, 5), (3, 5, 4)], strict=True):
        board.new_game(hidden, (2, 0, 1))
        board.show_possible.value = True
        for guess in ["012", "013"]:
            type_guess(board, guess)
    assert texts(boards[0]) == texts(boards[1])
    assert "201" in boards[0].secret_html.value  # the person's own secret is shown to the person


@pytest.mark.parametrize("seed", range(6))
def test_no_widget_shows_the_secret_before_the_end(seed: int) -> None:
    board = small(seed=seed)
    hidden = secret(board)
    if code_text(hidden) == "120":  # the number of secrets: written on the board, and no leak
        pytest.skip("the secret reads as the number of codes")
    rules = board.rules
    for guess in rules.codes[:40]:
        if board.is_over:
            break
        if guess == hidden:
            continue
        assert board.picture.value == history_svg(rules.observation(board.state, 0))
        assert board.seen.targets == (None,)
        assert not shows_code(board, hidden)
        type_guess(board, code_text(guess))
    type_guess(board, code_text(hidden))
    assert board.is_over and shows_code(board, hidden)  # revealed at the end


def test_the_mutual_board_hides_the_computers_secret_and_shows_yours() -> None:
    board = small(mutual=True, seed=7)
    theirs, yours = board.state.targets
    assert theirs is not None and yours is not None
    assert board.seen.targets == (None, yours)
    assert board.picture.value == history_svg(board.rules.observation(board.state, 0))
    assert board.secret_html.value == f"<div>Your secret (the computer looks for it): <b><code>{code_text(yours)}" \
        "</code></b></div>"
    assert f"yours is {code_text(yours)}" in board.status


# The mutual game -------------------------------------------------------------------------

def test_the_computer_guesses_after_each_of_your_guesses() -> None:
    board = small(mutual=True, computer="consistent", seed=11)
    for guess in ["012", "345", "013"]:
        if board.is_over:
            break
        type_guess(board, guess)
        first, second = board.state.answers
        assert len(first) == len(second)  # the round is complete: your turn again
        assert board.status.startswith(f"You guessed {first[-1]}. The computer guessed {second[-1]}.")
        assert board.possible_html.value.endswith(
            f"<div>The computer, looking for yours: {possible_text(board.possible(1), 0)}</div>")


def test_you_win_the_mutual_game() -> None:
    board = small(mutual=True, computer="minimax")  # minimax's first guess is 012
    board.new_game((3, 4, 5), (5, 4, 3))
    type_guess(board, "345")
    assert board.is_over and board.winner == "You" and board.record.end == "won"
    assert board.status == ("You guessed 345: 3 bulls, 0 cows. The computer guessed 012: 0 bulls, 0 cows. "
                            "You win: you found the computer's secret 345 in round 1; yours was 543.")
    assert_replays(board)


def test_the_computer_wins_the_mutual_game() -> None:
    board = small(mutual=True, computer="minimax")
    board.new_game((3, 4, 5), (0, 1, 2))
    type_guess(board, "012")
    assert board.is_over and board.winner == "Computer"
    assert board.status.endswith("The computer wins: it found your secret 012 in round 1; its secret was 345.")
    assert board.picture.value == record_svg(board.record)
    assert_replays(board)


def test_both_found_in_the_same_round_is_a_draw() -> None:
    board = small(mutual=True, computer="minimax")
    board.new_game((0, 1, 2), (0, 1, 2))
    type_guess(board, "012")  # you find it first, but the computer still has its guess of the round
    assert board.is_over and board.winner is None and board.record.end == "draw"
    assert board.status.endswith("A draw: both found the other's secret in round 1 (the computer's was 012).")
    assert_replays(board)


def test_a_mutual_game_played_to_its_end_by_a_seed() -> None:
    board = small(mutual=True, computer="consistent", seed=21)
    play_consistently(board)
    first, second = board.state.answers
    assert board.is_over and len(first) == len(second)
    expected = {0: "You", 1: "Computer", None: None}[board.rules.winner(board.state)]
    assert board.winner == expected
    assert_replays(board)


# Watching the computer -------------------------------------------------------------------

@pytest.mark.parametrize("computer", ["consistent", "minimax", "entropy"])
def test_watch_the_computer_guess_step_by_step(computer: str) -> None:
    board = small(computer=computer, seed=8, watch=True)
    hidden = secret(board)
    assert board.players == ("Computer",)
    assert board.status.endswith(f'Click "Next guess" to watch the computer ({computer}) guess.')
    assert board.guess_button.disabled and not board.next_button.disabled
    assert board.guess_box.layout.display == "none" and board.next_button.description == "Next guess (1)"
    for number in range(1, 20):
        board.next_button.click()
        answers = board.state.answers[0]
        assert len(answers) == number
        assert board.status.startswith(f"The computer guessed {answers[-1]}.")
        left = board.possible(0)
        assert hidden in left
        assert board.possible_html.value == f"<div>The computer: {possible_text(left, LISTED)}</div>"
        if board.is_over:
            break
        assert board.picture.value == history_svg(board.rules.observation(board.state, 0))
    assert board.is_over and board.winner == "Computer"
    assert board.status.endswith(f"The computer found the secret {code_text(hidden)} in {number} guesses!")
    assert board.next_button.disabled
    assert board.next_guess() is False and board.status.startswith("Not now: the game is over.")
    assert_replays(board)


def test_the_watch_toggle_starts_a_new_game_and_refuses_typed_guesses() -> None:
    board = small(seed=9)
    board.watch_toggle.value = True
    assert board.watching and board.players == ("Computer",) and board.steps[-1].player == CHANCE
    before = board.record
    assert board.guess("012") is False
    assert board.status.startswith('Not now: the computer guesses in "Watch the computer".')
    assert board.record == before
    board.watching = False
    assert board.players == ("You",) and board.next_guess() is False
    assert board.next_button.layout.display == "none" and board.guess_box.layout.display == ""


def test_the_mutual_game_has_no_watch_mode() -> None:
    board = small(mutual=True)
    assert board.watch_toggle not in every_widget(board)
    with pytest.raises(ValueError, match="guessing game"):
        small(mutual=True, watch=True)


# New game, chance, determinism, records --------------------------------------------------

def test_secrets_come_from_the_seeded_generator_and_new_game_draws_the_next() -> None:
    board = small(seed=12)
    rng = random.Random(12)
    outcomes = Bulls(3, 6).chance_outcomes(BullsState())
    for _ in range(4):
        assert board.steps == board.steps[:1] and board.steps[0].player == CHANCE
        assert secret(board) == draw_chance(outcomes, rng)
        type_guess(board, "012")
        board.new_game_button.click()
    assert board.state.answers == ((),) and board.guess_button.description == "Guess 1"
    assert board.status.startswith("A secret of 3 different digits from 0 to 5 is hidden")


def test_the_same_seed_and_clicks_give_the_same_games() -> None:
    def session(seed: int) -> list[str]:
        board = small(mutual=True, seed=seed)
        saved = []
        for _ in range(2):
            play_consistently(board)
            saved.append(board.record.to_json())
            board.new_game_button.click()
        return saved

    assert session(3) == session(3)
    assert session(3) != session(4)


def test_an_unfinished_game_is_recorded_as_stopped_and_replays() -> None:
    board = small(mutual=True, seed=13)
    type_guess(board, "012")
    record = assert_replays(board)
    assert record.end == "stopped" and len(record.steps) == 4
    assert [step.player for step in record.steps] == [CHANCE, CHANCE, 0, 1]


def test_secrets_given_to_new_game_are_checked() -> None:
    board = small()
    with pytest.raises(ValueError, match="appears twice"):
        board.new_game((1, 1, 2))
    with pytest.raises(ValueError, match="give 1 secret"):
        board.new_game((1, 2, 3), (3, 4, 5))


def test_bad_options_are_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match="too many for the board"):
        BullsBoard(5, 10)
    with pytest.raises(ValueError, match="not 'chess'"):
        small(computer="chess")
    with pytest.raises(ValueError, match="base 3"):
        BullsBoard(4, 3)


def test_a_strategy_of_yours_can_be_the_computer() -> None:
    seen: list[BullsState] = []

    def first_possible(rules: Bulls, observation: BullsState) -> Code:
        seen.append(observation)
        asked = observation.asked(observation.turn)
        return next(code for code in rules.codes if code not in asked)

    board = small(mutual=True, computer=first_possible)
    type_guess(board, "345")
    assert board.state.answers[1][0].guess == (0, 1, 2)
    assert all(o.targets[1] is None for o in seen)  # the computer never sees your secret


def test_the_registry_names_the_board() -> None:
    import coursekit.widgets

    assert GAMES["bulls"].board_class() is BullsBoard
    assert coursekit.widgets.BullsBoard is BullsBoard


def test_no_button_is_ever_given_an_empty_label() -> None:
    board = small(seed=14, max_guesses=3)

    def actions() -> None:
        type_guess(board, "012")
        type_guess(board, "0")  # refused
        board.new_game_button.click()
        board.watch_toggle.value = True
        while not board.is_over:
            board.next_button.click()
        board.watch_toggle.value = False
        play_consistently(board)

    seen = no_empty_label(board, actions)
    assert ("guess", "Guess 2 of 3") in seen


def test_the_default_board_plays_four_digits_of_ten() -> None:
    board = BullsBoard(seed=1)
    assert "5,040 secrets are possible" in board.status and board.guess_button.description == "Guess 1"
    type_guess(board, "0123")
    answer = board.state.answers[0][0]
    assert board.status.startswith(f"You guessed {answer}.")
    assert board.possible(0) == [c for c in board.rules.codes if score((0, 1, 2, 3), c) == (answer.bulls, answer.cows)]
    assert not shows_code(board, secret(board))
