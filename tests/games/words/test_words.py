"""Word guessing: the rules, the hidden word, records with chance steps, the guessers, the word lists."""

from __future__ import annotations

import json
import random

import pytest

from coursekit.core import IllegalMoveError, Player, Record, play
from coursekit.core.rules import CHANCE, End
from coursekit.games import rules_from_spec
from coursekit.games.words import (
    ALPHABETS,
    Words,
    WordsObservation,
    WordsState,
    answer_entropy,
    best_splitting_letter,
    frequency_guesser,
    play_word,
    possible_words,
    random_letter,
    score_guesser,
    splitting_guesser,
    word_list,
)

RULES = Words("en", top=300)


def guess_all(rules: Words, word: str, *guesses: str) -> WordsState:
    state = rules.start_with(word)
    for guess in guesses:
        state = rules.apply(state, guess)
    return state


def test_a_right_letter_is_shown_at_all_its_places() -> None:
    state = guess_all(RULES, "people", "p", "e")
    assert RULES.observation(state).pattern == "pe_p_e"
    assert state.wrong_guesses == 0 and not RULES.is_over(state)


def test_a_wrong_letter_and_a_wrong_word_each_cost_one_wrong_guess() -> None:
    state = guess_all(RULES, "people", "z", "little")
    seen = RULES.observation(state)
    assert seen.wrong_left == 4 and seen.pattern == "______"
    assert state.wrong_guesses == 2


def test_the_right_word_wins_at_once() -> None:
    state = guess_all(RULES, "people", "x", "people")
    assert RULES.is_over(state) and RULES.winner(state) == 0 and RULES.end(state) == End.WON
    assert RULES.returns(state) == (1,)


def test_all_letters_found_wins() -> None:
    state = guess_all(RULES, "that", "t", "h", "a")
    assert RULES.is_over(state) and RULES.winner(state) == 0


def test_the_limit_of_wrong_guesses_loses() -> None:
    rules = Words("en", top=300, max_wrong=3)
    state = guess_all(rules, "that", "x", "z", "q")
    assert rules.is_over(state) and rules.winner(state) is None and rules.end(state) == End.LOST
    assert rules.returns(state) == (-1,)
    assert rules.legal_moves(state) == () and rules.why_illegal(state, "t") == "the game is over"


@pytest.mark.parametrize(("move", "reason"), [
    ("e", "'e' was tried already"),
    ("ab", "'ab' has 2 letters; the hidden word has 6"),
    ("1", "'1' has characters outside the English alphabet: 1"),
    ("я", "'я' has characters outside the English alphabet: я"),
    ("E", "guesses are written in lower case: 'e', not 'E'"),
    ("qqqqqq", "'qqqqqq' is not a word of the list (the hidden word is one of its words)"),
    ("", "a guess needs at least one letter"),
    (3, "a guess is a letter or a whole word (a string), not 3"),
])
def test_why_a_guess_is_illegal(move: object, reason: str) -> None:
    state = guess_all(RULES, "people", "e")
    assert RULES.why_illegal(state, move) == reason
    assert RULES.why_illegal(RULES.observation(state), move) == reason  # the guesser can ask too
    with pytest.raises(IllegalMoveError) as refused:
        RULES.apply(state, move)
    assert str(refused.value) == reason


def test_chance_hides_the_word_first_each_word_as_likely() -> None:
    start = RULES.initial_state(random.Random(0))
    assert RULES.to_move(start) == CHANCE
    outcomes = RULES.chance_outcomes(start)
    assert [w for w, _ in outcomes] == list(RULES.words)
    assert {p for _, p in outcomes} == {1 / len(RULES.words)}
    assert RULES.why_illegal(start, "e") == "no word is hidden yet: chance hides one first"


def test_the_observation_never_carries_the_word() -> None:
    rules = Words("en", top=300)
    shown: list[WordsObservation] = []

    def watching(rules: Words, seen: WordsObservation) -> str:
        shown.append(seen)
        return random_letter(random.Random(len(shown)))(rules, seen)

    for seed in range(10):
        record = play(rules, [Player("watcher", watching)], rng=random.Random(seed))
        secret = record.final.secret
        assert secret is not None
        for seen in shown:
            assert isinstance(seen, WordsObservation)
            assert set(vars(seen)) == {"pattern", "tried", "wrong_left"}
        # no observation before the end shows the whole word
        for step in record.steps[:-1]:
            seen = rules.observation(step.state)
            assert secret not in repr(seen) or seen.is_found
        shown.clear()
        # the saved record keeps the word only in the chance step, never in a player's move
        saved = json.loads(record.to_json())
        assert saved["moves"][0] == [CHANCE, secret]
        assert all(move != secret for _, move in saved["moves"][1:]) or record.end == End.WON


def test_records_with_chance_steps_replay_exactly() -> None:
    for seed in range(5):
        for guesser in (splitting_guesser(), random_letter(random.Random(seed))):
            record = play(RULES, [Player("g", guesser)], rng=random.Random(seed))
            again = Record.from_json(record.to_json(), rules_from_spec)
            assert again.states == record.states and again.steps == record.steps
            assert (again.winner, again.end) == (record.winner, record.end)


def test_a_record_with_a_word_not_in_the_list_is_refused() -> None:
    record = play(RULES, [Player("g", splitting_guesser())], rng=random.Random(1))
    saved = json.loads(record.to_json())
    saved["moves"][0][1] = "zzzz"
    with pytest.raises(Exception, match="chance step 1"):
        Record.from_json(json.dumps(saved), rules_from_spec)


def test_the_same_seed_gives_the_same_game() -> None:
    def game(seed: int) -> tuple[object, ...]:
        record = play(RULES, [Player("g", random_letter(random.Random(seed)))], rng=random.Random(seed))
        return record.final, record.end

    assert game(7) == game(7)
    assert len({game(s) for s in range(8)}) > 1


def test_the_splitting_guesser_on_a_hand_made_list() -> None:
    words = ["bell", "ball", "bill", "bull", "boll", "tall"]
    # a: {ball, tall} against the other four (entropy 0.918); every other letter splits 1 to 5 or not at all
    assert best_splitting_letter(words, "abeilotu") == "a"
    assert answer_entropy(words, "a") == pytest.approx(0.9183, abs=1e-4)
    assert answer_entropy(words, "l") == 0.0
    # equal splits: the letter found in more words (fewer wrong guesses) first
    assert best_splitting_letter(["bell", "ball", "bill", "bold"], "abdeilo") == "l"


def test_the_splitting_guesser_guesses_the_word_when_one_is_left() -> None:
    seen = WordsObservation("___e", ("e", "a", "o", "i"), 4)
    assert possible_words(RULES, seen) == ("sure",)
    assert splitting_guesser()(RULES, seen) == "sure"
    assert frequency_guesser()(RULES, seen) == "sure"


def test_possible_words_keep_every_word_that_fits() -> None:
    seen = RULES.observation(guess_all(RULES, "house", "e", "x"))
    fits = possible_words(RULES, seen)
    assert "house" in fits and all(len(w) == 5 and w[4] == "e" and "e" not in w[:4] and "x" not in w for w in fits)
    assert len(fits) == sum(1 for w in RULES.words if len(w) == 5 and w[4] == "e" and "e" not in w[:4]
                            and "x" not in w)


def test_the_computer_guessers_are_deterministic_and_beat_random_letters() -> None:
    words = RULES.words[:60]
    for make in (splitting_guesser, frequency_guesser):
        first, second = score_guesser(RULES, make(), words), score_guesser(RULES, make(), words)
        assert first == second
        assert first.mean_wrong < 3 and first.lost_share < 0.2
    blind = score_guesser(RULES, random_letter(random.Random(0)), words)
    assert blind.mean_wrong > 4


def test_play_word_needs_a_word_of_the_list() -> None:
    assert play_word(RULES, splitting_guesser(), "house").end == End.WON
    with pytest.raises(ValueError, match="not a word of the list"):
        play_word(RULES, splitting_guesser(), "qqqq")


@pytest.mark.parametrize("language", sorted(ALPHABETS))
def test_the_word_lists_hold_alphabet_letters_only_once_each_of_the_stated_length(language: str) -> None:
    words = word_list(language, 3000, 4)
    assert 2000 < len(words) <= 3000
    assert len(set(words)) == len(words)
    assert all(len(w) >= 4 and set(w) <= set(ALPHABETS[language]) for w in words)
    assert all(w == w.lower() for w in words)


def test_the_alphabets() -> None:
    assert len(ALPHABETS["en"]) == 26 and len(ALPHABETS["ru"]) == 33 and len(ALPHABETS["bg"]) == 30
    assert all(len(set(a)) == len(a) for a in ALPHABETS.values())


def test_bad_rules_are_refused() -> None:
    with pytest.raises(ValueError, match="languages"):
        Words("de")
    with pytest.raises(ValueError, match="max_wrong"):
        Words("en", max_wrong=0)
    with pytest.raises(ValueError, match="no word"):
        Words("en", top=5, min_length=15)


def test_the_spec_rebuilds_the_rules() -> None:
    rules = Words("bg", top=400, min_length=5, max_wrong=4)
    assert rules_from_spec(rules.spec()) == rules


def test_views_show_the_pattern_tried_and_left() -> None:
    import coursekit.render  # noqa: F401  (registers the views)

    seen = RULES.observation(guess_all(RULES, "house", "e", "x"))
    assert str(seen).splitlines() == ["_ _ _ _ e", "tried: e x", "wrong guesses left: 5"]
    picture = seen._repr_svg_()
    assert picture is not None and picture.startswith("<svg") and "house" not in picture
    record = play_word(RULES, splitting_guesser(), "house")
    text = str(record)
    assert "Guess 1: letter e: right: 1 place" in text and "found the word 'house'" in text
