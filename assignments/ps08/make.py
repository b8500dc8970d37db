"""Problem set 8, bulls and cows: the text, parts and points; its code cells are beside it."""

from __future__ import annotations

from make_assignment import Code, scheme_table

from coursekit.games.bulls.checks import MAX_GUESSES, PENALTY, TOLERANCE, TOTAL_SECONDS, WIDTH

CODE = Code.beside(__file__)


HISTORY_COUNT = 20
SECRET_COUNT = 100

PART1 = """\
## Part 1: a consistent guesser (`next_guess`)

Write `next_guess(history)`: the next guess, a string of 4 different digits. `history` is the
list of `(guess, bulls, cows)` so far, the first guess first (empty before the first guess).

In this part your guess must be **consistent**: a code that could still be the secret, that
is, a code that would have given every answer of the history if it were the secret. In
other words, `score(code, guess) == (bulls, cows)` for every `(guess, bulls, cows)` in the
history. (A code asked already is never consistent: it would have scored 4 bulls.) The
histories of the tests come from games of several players, some of whom asked inconsistent
guesses: your rule must still find a consistent code.

The same `next_guess` is graded in part 2 by how few guesses it needs. Among the consistent
codes, which one is a good guess? One whose possible answers split the codes left into many
small groups. Keep each call quick (see the grading table): with a history of one guess,
up to 1,440 codes are left, and comparing each with each is 2 million calls of `score`.
Remember what you computed, for example with the `cache` decorator (imported above) on a
function of a tuple.

### Specification: `next_guess(history)`

- **Argument**: `history`, a list of tuples `(guess, bulls, cows)`, the first guess first:
  `guess` a code (a `str` of 4 different digits), `bulls` and `cows` whole numbers (`int`)
  with `bulls + cows <= 4`, the answer that guess got. Empty (`[]`) before the first guess;
  up to 11 guesses long in a game (5 in the hidden histories). Do not change it; to use it
  as a `cache` key, turn it into a tuple.
- **Returns**: the next guess, a `str` of 4 different digits (a leading zero allowed;
  `123`, an `int`, or `"1123"` are not accepted) that is **consistent**: `score(guess, g)`
  equals `(b, c)` for every `(g, b, c)` of the history.
- **Edge cases**:
  - The empty history: every code is consistent; return any code (always the same one is
    fine).
  - A history whose guesses were themselves inconsistent (another player's game): only the
    answers count; the consistent codes are still those that fit every answer.
  - A single consistent code left: return it (that is the secret).
  - A history that already holds a 4-bull answer is never asked (the game is over), nor one
    that no code fits (the answers come from games with a real secret). If your own code
    meets one, there is nothing consistent to return: raise an error rather than return a
    code.
- **Hidden tests** (6 points, partial): 20 different histories of 1 to 5 guesses from random
  games drawn for you, the secret not found yet; they alternate between a player who asks
  random consistent codes and one who asks any random code not asked before. Each history
  on which your guess is consistent earns an equal share; a malformed guess, an error or a
  call over 1 second earns nothing for that history only.
"""

PART2 = f"""\
## Part 2: few guesses

Nothing new to write: the grader plays your `next_guess` against secrets, calling it once
per guess with the history so far, until it guesses the secret. A secret not found within
{MAX_GUESSES} guesses counts as {PENALTY} guesses. The fewer guesses on average, the more
points: the scale is in the grading table above.

Try it yourself: play your guesser against many secrets and take the average, then try
another rule for choosing among the consistent codes. Which is better, the code that
leaves the smallest largest group, or the one with the most groups?

### Specification: `next_guess(history)` over a whole game

- **Calls**: the grader calls `next_guess([])` for the first guess, then again with the
  history so far after each answer, until the answer is 4 bulls. Each call must return a
  code as in part 1; the guesses of one game must all be different.
- **Counted**: the guesses until the secret is found (the last, 4-bull guess included).
- **Edge cases**: a secret not found within {MAX_GUESSES} guesses counts as {PENALTY}
  guesses; a guess that is not a code or was asked already in that game, an error or a
  call over 1 second ends that secret at once, counted as not found.
- **Hidden tests** (10 points, partial): {SECRET_COUNT} different secrets drawn at random
  for you; the grader seeds `random` where your code runs before each secret. The grader
  also plays the course's reference guesser on the same secrets. The points follow your
  average against the reference's average `R` on those secrets: 10 at `R + {TOLERANCE}` or less,
  0 at `R + {TOLERANCE + WIDTH:g}` or more, linear between. All your calls in the cell may take
  {TOTAL_SECONDS:g} seconds; after that, every secret left counts as not found.
"""

END = """\
Then try: how many guesses does your guesser need at worst over all 5,040 secrets? No
guesser always finishes in 6; the best ones need 7 for a few secrets.
"""

def intro() -> str:
    """The introduction, with the grading table of the parts below."""
    return f"""\
# Problem set 8: bulls and cows

A game from the course's sources (C's "guess the numbers"). The secret is 4 different
digits, a leading zero allowed: `"0123"`, `"5031"`, ... (5,040 secrets). You guess a code of
the same kind and get an answer: **bulls**, the digits right and in the right place, and
**cows**, the digits in the secret but in another place. Against the secret `0123` the
guess `3145` scores 1 bull (the 1) and 1 cow (the 3). Four bulls: found.

A code is a **string** of 4 digits, `"0123"`: a string keeps the leading zero (the number
123 would lose it), prints as you type it, and its digits are its characters, so
`guess[0]`, `digit in secret` and `set(guess)` work on it directly. A history is a list of
tuples `(guess, bulls, cows)`, for example `[("0123", 1, 2), ("1045", 0, 2)]`.

## What you write

`next_guess(history)`: the next guess. It must always ask a code that could still be the
secret (part 1), and it should find the secret in few guesses (part 2). The helpers
`score(secret, guess)` and `all_secrets()` are given.

## How it is graded

{scheme_table(PARTS)}

The table counts **points**, not tests.

- Part 1, visible tests (all or nothing): on 6 histories your guess must be consistent with
  every answer. A failed test shows the history, your guess, the earlier guess whose answer
  it contradicts (what that guess would have scored if your code were the secret) and a
  consistent guess.
- Part 1, hidden tests (partial points): {HISTORY_COUNT} histories of 1 to 5 guesses taken
  from random games, half of them by a player that guesses random consistent codes and half
  by one that guesses any random code (so they hold inconsistent guesses); the secret is never
  found yet. Each history on which your guess is consistent earns an equal share: the points
  are 6 x the share, to two decimals. A guess that is not a code, an error or a slow call earns
  nothing for its history only; the first history missed is explained.
- Part 2, visible tests (all or nothing): three games, each secret found within
  {MAX_GUESSES} guesses.
- Part 2, hidden tests (partial points): {SECRET_COUNT} secrets drawn at random (all
  different), each played from an empty history. A secret not found within {MAX_GUESSES} guesses counts as
  {PENALTY} guesses; a guess that is not a code or was asked already, an error, or a call over
  the time limit ends that secret at once as not found. The grader also plays the course's
  reference guesser (the one in the solution: among up to 150 consistent codes, the one whose
  answers split the codes left into the most groups) on the same secrets; call its average
  `R`. The points follow your average number of guesses: **10 points at an average of
  `R + {TOLERANCE}` or less, 0 at `R + {TOLERANCE + WIDTH:g}` or more, linear between**
  (10 x (`R` + {TOLERANCE + WIDTH:g} - average) / {WIDTH}, to two decimals). Your feedback
  states `R` for your secrets.

  Why relative: your secrets are your own draw, and some draws are harder than others; the
  reference has the same luck as you. The {TOLERANCE} is about the luck left: two guessers
  equally good over all 5,040 secrets differ by about {TOLERANCE} on 100 secrets.

  For comparison, over all 5,040 secrets: the best possible guesser averages 5.213 guesses;
  the guesser that maximises the entropy of the answer (over all codes, consistent or not)
  5.243, the reference 5.356, Knuth's minimax 5.385, and C's computer, which guesses a random
  consistent code, about 5.47. So entropy gets full points, minimax nearly always, and the first
  consistent code in `all_secrets()` order about 9 points. A consistent guesser gets most of
  the points; choosing well among the consistent codes gets them all.
- The hidden histories and secrets are drawn from a secret key of the course: each student
  gets their own, the same every time the notebook is graded. Before each secret (and before
  the histories of part 1) the grader seeds `random` where your code runs, so a guesser that
  uses the `random` module gets the same score at every run.
- Types are checked exactly: a guess is a `str` of 4 different digits.
- Each call must return within 1 second; in each test all your calls together may take
  {TOTAL_SECONDS:g} seconds (after that, every secret left counts as not found).

Before you hand in, follow *How to check your work before handing in* at the end.
"""


# the code cells use the numbers the text states
CODE.states("test_next_guess_consistent_hidden", f"hidden_histories({HISTORY_COUNT}, ")
CODE.states("test_next_guess_games_visible", f"found within {MAX_GUESSES} guesses")
CODE.states("test_next_guess_average_hidden", f"hidden_secrets({SECRET_COUNT}, ")

PARTS = (
    CODE.part("1", "next_guess(history)", PART1,
              "next_guess", test_next_guess_consistent_visible=2, test_next_guess_consistent_hidden=6),
    CODE.part("2", "next_guess(history) over many secrets", PART2,
              test_next_guess_games_visible=2, test_next_guess_average_hidden=10),
)

ASSIGNMENT = CODE.assignment(
    intro(), PARTS, END,
    references=("coursekit.games.bulls.rules", "coursekit.games.bulls.players", "coursekit.games.bulls.all_codes",
                "coursekit.games.bulls.score", "coursekit.games.bulls.answer_table",
                "coursekit.games.bulls.consistent_codes", "coursekit.games.bulls.partition_sizes",
                "coursekit.games.bulls.minimax_choice", "coursekit.games.bulls.entropy_choice",
                "coursekit.games.bulls.consistent_strategy", "coursekit.games.bulls.minimax_strategy",
                "coursekit.games.bulls.entropy_strategy", "coursekit.games.bulls.greedy_entropy_strategy",
                "coursekit.games.bulls.guesser", "coursekit.games.bulls.checks", "coursekit.games.bulls.cli",
                "coursekit.games.bulls.board"),
)
