"""Problem set 8: the reference solutions, one notebook cell after each ``# %% <grade_id>`` line."""

from ps08.setup import all_secrets, cache, score

# isort: split

# %% next_guess
def next_guess(history):
    """The next guess, a code that could still be the secret (given the history so far)."""
    ### BEGIN SOLUTION
    return choose(tuple(history))


@cache
def left_after(history):
    """The codes consistent with `history` (a tuple): those left after its first guesses, filtered by its last."""
    if not history:
        return all_secrets()
    guess, bulls, cows = history[-1]
    return [code for code in left_after(history[:-1]) if score(code, guess) == (bulls, cows)]


@cache
def choose(history):
    """A consistent code whose answers split the codes left into the most groups (up to 150 tried)."""
    left = left_after(history)
    if not history:
        return "0123"
    if len(left) <= 2:
        return left[0]
    tried = left[::len(left) // 150 + 1]
    return max(tried, key=lambda code: len({score(secret, code) for secret in left}))
    ### END SOLUTION
