"""The bulls and cows board, driven as the page drives it: guesses typed into its box (then
Enter), digits clicked on its keys, its controls and ticks (no browser).

Small games (3 digits from 0 to 5: 120 secrets) keep the answer table quick.
"""

from __future__ import annotations

import random
import re

import pytest

from coursekit.core import Record
from coursekit.core.rules import CHANCE, draw_chance
from coursekit.games import GAMES, rules_from_spec
from coursekit.games.bulls import Bulls, BullsState, Code, code_text, score
from coursekit.games.bulls.board import LISTED, BullsBoard, possible_text
from coursekit.games.bulls.view import board_svg

YOUR_TURN = "Your turn: type 3 different digits from 0 to 5, like 012, and press Enter, or click them."


def small(**options: object) -> BullsBoard:
    return BullsBoard(3, 6, **options)  # type: ignore[arg-type]


def send(board: BullsBoard, **content: object) -> None:
    """What the page's front end sends (a click, a control, a tick)."""
    board._message(board, content, [])


def type_guess(board: BullsBoard, text: str) -> None:
    """Type ``text`` into the guess box and press Enter, as a person does."""
    send(board, event="control", name="guess", value=text)


def click_guess(board: BullsBoard, text: str) -> None:
    """Click the digits of ``text`` on the board's keys."""
    for digit in text:
        send(board, event="hit", key=digit)


def keys(board: BullsBoard) -> set[str]:
    """The keys of the picture that can be clicked now."""
    return set(re.findall(r'data-hit="([^"]+)"', board.picture))


def shows_code(board: BullsBoard, code: Code) -> bool:
    """Whether ``code`` is written on the board: in the boxes of a secret at the top of the picture,
    or as a whole number in the picture's notes, the status line or the controls."""
    pattern = re.compile(rf"(?<!\d){code_text(code)}(?!\d)")
    secrets = "".join(re.findall(r'<text x="[\d.]+" y="30" font-size="14" font-family="monospace"[^>]*>(.)</text>',
                                 board.picture))
    return code_text(code) in secrets or any(pattern.search(t) for t in (*notes(board), board.status,
                                                                          str(board.controls)))


def looks(board: BullsBoard) -> tuple[object, ...]:
    """Everything a refused guess must leave as it was (all but the status line)."""
    return board.state, list(board.steps), board.picture, [c for c in board.controls if c["name"] != "guess"]


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


def notes(board: BullsBoard) -> list[str]:
    """The lines of text under the guesses in the picture."""
    return re.findall(r'<text x="4" y="\d+" font-size="11" fill="#333">([^<]*)</text>', board.picture)[1:]


def play_consistently(board: BullsBoard) -> list[Code]:
    """Type the first secret still possible until the game ends; the guesses typed."""
    typed: list[Code] = []
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
    observed = Bulls(3, 6).observation(board.state, 0)
    assert board.picture == board_svg(observed, notes=["You: 120 secrets still possible"], pad=(6, ()))
    assert keys(board) == set("012345")
    assert board.control("guess")["label"] == "Guess 1" and "step" not in {c["name"] for c in board.controls}


def test_a_game_is_won_by_typing_guesses() -> None:
    board = small(seed=5)
    hidden = secret(board)
    typed = play_consistently(board)
    assert typed[-1] == hidden and board.winner == "You" and board.record.end == "won"
    assert board.state.answers[0][-1].bulls == 3
    assert board.status.endswith(f"You found the secret {code_text(hidden)} in {len(typed)} guesses!")
    assert board.seen == board.state and shows_code(board, hidden)  # the secret is shown now
    assert board.control("guess")["disabled"] and keys(board) == set()
    assert [a.guess for a in board.state.answers[0]] == typed
    assert all((a.bulls, a.cows) == score(a.guess, hidden) for a in board.state.answers[0])
    assert_replays(board)


def test_each_guess_is_answered_in_the_status_and_the_possible_secrets() -> None:
    board = small(seed=1)
    board.new_game((5, 3, 1))
    type_guess(board, "153")
    assert board.status == f"You guessed 153: 0 bulls, 3 cows. {YOUR_TURN}"
    assert board.control("guess")["value"] == ""  # the page clears the box for the next guess
    left = [c for c in board.rules.codes if score((1, 5, 3), c) == (0, 3)]
    assert board.possible(0) == left
    assert notes(board) == [f"You: {possible_text(left, 0)}"]
    board.press("hints", True)
    assert notes(board) == [f"You: {possible_text(left)}"]
    assert "531" in board.picture  # a secret the answers allow may be listed: it is not a leak
    assert board.control("guess")["label"] == "Guess 2"
    assert board.control("hints")["label"] == "List some possible secrets"


def test_a_guess_made_by_clicking_its_digits() -> None:
    board = small(seed=1)
    board.new_game((5, 3, 1))
    assert board.hit("1") is None and board.hit("5") is None
    assert board.status == "Your turn: your guess so far is 15_: click 1 more digit, or clear."
    assert keys(board) == {"0", "2", "3", "4", "clear"}  # a digit chosen is no longer a key
    assert "your next guess: 1 5 _" in board.picture and board.picture.count('data-used="chosen"') == 2
    assert board.hit("5") is False  # (by program only: the page has no key 5 now)
    assert board.status.startswith("5 is in your guess already")
    click_guess(board, "15")
    assert board.hit("clear") is None and keys(board) == set("012345")
    click_guess(board, "153")
    assert board.status == f"You guessed 153: 0 bulls, 3 cows. {YOUR_TURN}"
    click_guess(board, "153")  # asked already: refused once the third digit is clicked
    assert board.status.startswith("Not allowed: 153 was asked already (guess 1: 153: 0 bulls, 3 cows)")
    assert len(board.steps) == 1 and keys(board) == set("012345")
    assert board.hit("9") is False and board.status.startswith("'9' is not a digit from 0 to 5.")


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
    assert "\n" not in board.status and board.status.count(". ") == 1  # one line: the reason, then what to do
    assert looks(board) == before
    assert board.control("guess")["value"] is None  # what the person typed stays in the box, to be corrected


def test_after_the_end_a_guess_is_refused() -> None:
    board = small(seed=3)
    board.new_game((0, 1, 2))
    type_guess(board, "012")
    before = board.record
    assert board.guess("345") is False
    assert board.status.startswith("The game is over: press New game to play again.")
    assert board.record == before


def test_the_guess_limit_loses_the_game() -> None:
    board = small(seed=0, max_guesses=2)
    board.new_game((5, 4, 3))
    assert board.control("guess")["label"] == "Guess 1 of 2"
    type_guess(board, "012")
    assert board.control("guess")["label"] == "Guess 2 of 2"
    type_guess(board, "013")
    assert board.is_over and board.winner is None and board.record.end == "lost"
    assert board.status.endswith("No guesses left: the secret was 543.")


def test_undo_and_the_replay_slider() -> None:
    board = small(seed=6)
    first_picture = board.picture
    type_guess(board, "012")
    type_guess(board, "345")
    board.press("replay", 1)
    assert board.replaying and board.status.startswith("Move 1 of 2: You guessed 012:")
    assert keys(board) == set() and board.control("guess")["disabled"]
    assert board.guess("543") is False and len(board.steps) == 2
    board.press("replay", 2)
    assert board.undo() and len(board.state.answers[0]) == 1
    assert board.undo() and board.picture == first_picture
    assert board.undo() is False and len(board.record.steps) == 1  # chance's secret is never taken back


# What the board shows: the observation, never a hidden secret -----------------------------

def test_two_secrets_that_gave_the_same_answers_look_the_same() -> None:
    """The board draws the person's observation only: 345 and 354 answer 012 and 013 alike."""
    boards = [small(seed=0, hints=True), small(seed=0, hints=True)]
    for board, hidden in zip(boards, [(3, 4, 5), (3, 5, 4)], strict=True):
        board.new_game(hidden)
        for guess in ["012", "013"]:
            type_guess(board, guess)
    assert (boards[0].picture, boards[0].status) == (boards[1].picture, boards[1].status)
    assert boards[0].state != boards[1].state


def test_in_the_mutual_game_two_hidden_secrets_look_the_same() -> None:
    boards = [small(mutual=True, computer="minimax", hints=True), small(mutual=True, computer="minimax", hints=True)]
    for board, hidden in zip(boards, [(3, 4, 5), (3, 5, 4)], strict=True):
        board.new_game(hidden, (2, 0, 1))
        for guess in ["012", "013"]:
            type_guess(board, guess)
    assert (boards[0].picture, boards[0].status) == (boards[1].picture, boards[1].status)
    assert "Your secret (the computer looks for it): 201" in notes(boards[0])


@pytest.mark.parametrize("seed", range(6))
def test_nothing_shows_the_secret_before_the_end(seed: int) -> None:
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
    assert f"Your secret (the computer looks for it): {code_text(yours)}" in notes(board)
    assert f"yours is {code_text(yours)}" in board.status
    assert not shows_code(board, theirs) or code_text(theirs) == "120"


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
        assert (f"The computer, looking for your secret: {possible_text(board.possible(1), 0)}"
                in notes(board))


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
    assert board.seen == board.state and shows_code(board, (3, 4, 5))
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


def test_undo_in_the_mutual_game_takes_back_the_computers_answer_too() -> None:
    board = small(mutual=True, seed=12)
    type_guess(board, "012")
    assert len(board.steps) == 2
    assert board.undo() and board.steps == [] and board.state.answers == ((), ())


def test_two_computers_play_the_mutual_game_by_step_and_run() -> None:
    board = small(mutual=True, seed=13)
    board.press("seat0", "minimax")
    assert board.watching and board.status.endswith("First player (minimax) to move: press Step or ▶ Run.")
    assert keys(board) == set()
    board.press("step")
    assert len(board.steps) == 1
    board.press("run")
    while board.running:
        send(board, event="tick", version=board.version)
    assert board.is_over and board.control("run")["label"] == "▶ Run"
    assert_replays(board)


# Watching the computer -------------------------------------------------------------------

@pytest.mark.parametrize("computer", ["consistent", "minimax", "entropy"])
def test_watch_the_computer_guess_step_by_step(computer: str) -> None:
    board = small(computer=computer, seed=8, watch=True)
    hidden = secret(board)
    assert board.players == ("Computer",) and board.watching and board.hints
    assert board.status.endswith("Computer to move: press Step or ▶ Run.")
    assert board.control("guess")["disabled"] and not board.control("step")["disabled"]
    assert keys(board) == set()
    for number in range(1, 20):
        board.press("step")
        answers = board.state.answers[0]
        assert len(answers) == number
        assert board.status.startswith(f"The computer guessed {answers[-1]}.")
        left = board.possible(0)
        assert hidden in left
        assert notes(board) == [f"The computer: {possible_text(left, LISTED)}"]
        if board.is_over:
            break
    assert board.is_over and board.winner == "Computer"
    assert board.status.endswith(f"The computer found the secret {code_text(hidden)} in {number} guesses!")
    assert board.control("step")["disabled"]
    assert board.next_guess() is False
    assert_replays(board)


def test_watching_starts_a_new_game_and_refuses_typed_guesses() -> None:
    board = small(seed=9)
    board.watching = True
    assert board.watching and board.players == ("Computer",) and board.record.steps[-1].player == CHANCE
    before = board.record
    assert board.guess("012") is False
    assert board.status.startswith("It is not your turn: press Step or ▶ Run")
    assert board.record == before
    board.watching = False
    assert board.players == ("You",) and board.next_guess() is False
    assert not board.control("guess")["disabled"] and "step" not in {c["name"] for c in board.controls}


def test_the_guesser_choice_hands_the_game_over_midway() -> None:
    board = small(seed=10)
    type_guess(board, "012")
    board.press("seat0", "minimax")
    assert board.next_guess() and len(board.steps) == 2
    board.press("seat0", "you")
    assert board.status.startswith("Your turn:") and keys(board) == set("012345")


def test_the_mutual_game_cannot_be_only_watched_from_the_constructor() -> None:
    with pytest.raises(ValueError, match="guessing game"):
        small(mutual=True, watch=True)
    with pytest.raises(ValueError, match="a seat for you"):
        small(mutual=True).watching = True


# New game, chance, determinism, records --------------------------------------------------

def test_secrets_come_from_the_seeded_generator_and_new_game_draws_the_next() -> None:
    board = small(seed=12)
    rng = random.Random(12)
    outcomes = Bulls(3, 6).chance_outcomes(BullsState())
    for _ in range(4):
        assert board.steps == [] and [s.player for s in board.record.steps] == [CHANCE]
        assert secret(board) == draw_chance(outcomes, rng)
        type_guess(board, "012")
        board.press("new")
    assert board.state.answers == ((),) and board.control("guess")["label"] == "Guess 1"
    assert board.status.startswith("A secret of 3 different digits from 0 to 5 is hidden")


def test_the_same_seed_and_clicks_give_the_same_games() -> None:
    def session(seed: int) -> list[str]:
        board = small(mutual=True, seed=seed)
        saved = []
        for _ in range(2):
            play_consistently(board)
            saved.append(board.record.to_json())
            board.press("new")
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
    assert board.control("seat1")["value"] == "yours"
    type_guess(board, "345")
    assert board.state.answers[1][0].guess == (0, 1, 2)
    assert all(o.targets[1] is None for o in seen)  # the computer never sees your secret


def test_the_registry_names_the_board() -> None:
    import coursekit.boards

    assert GAMES["bulls"].board_class() is BullsBoard
    assert coursekit.boards.BullsBoard is BullsBoard


def test_the_default_board_plays_four_digits_of_ten() -> None:
    board = BullsBoard(seed=1)
    assert "5,040 secrets are possible" in board.status and board.control("guess")["label"] == "Guess 1"
    assert keys(board) == {str(d) for d in range(10)}
    type_guess(board, "0123")
    answer = board.state.answers[0][0]
    assert board.status.startswith(f"You guessed {answer}.")
    assert board.possible(0) == [c for c in board.rules.codes if score((0, 1, 2, 3), c) == (answer.bulls, answer.cows)]
    assert not shows_code(board, secret(board))


def test_the_still_picture_has_nothing_to_click() -> None:
    still = small(seed=1).still()
    assert "data-hit" not in still and "tabindex" not in still
