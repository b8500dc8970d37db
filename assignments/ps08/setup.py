"""Problem set 8: the given code, one notebook cell after each ``# %% <grade_id>`` line."""

# %% setup
# Helpers: the answer to a guess, and every code.
from functools import cache
from itertools import permutations


def score(secret, guess):
    """The answer (bulls, cows) to `guess` when the secret is `secret` (the same either way round)."""
    bulls = 0
    cows = 0
    for place, digit in enumerate(guess):
        if digit == secret[place]:
            bulls += 1
        elif digit in secret:
            cows += 1
    return bulls, cows


def all_secrets():
    """Every code of 4 different digits, in increasing order: '0123', '0124', ..., '9876' (5,040 codes)."""
    return ["".join(digits) for digits in permutations("0123456789", 4)]


print(score("0123", "3145"), len(all_secrets()), all_secrets()[:3])
