# ---
# jupyter:
#   jupytext:
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # 13 Guessing games: words, bulls and cows
#
# Until lesson 11 every game was played in the open: both players saw the whole board, and
# nothing was left to luck. Minesweeper hid its mines; the two games of this lesson, both
# from the source C, hide a secret too. The computer **hides a secret**, chosen at random,
# and the player must find it from the answers to his guesses.
#
# - **Word guessing** (C's "Поле чудес", a cousin of hangman): find a hidden word, one
#   letter at a time, before you run out of wrong guesses.
# - **Bulls and cows** (C's "guess the numbers"): find a secret of four different digits
#   from answers that say how many digits are right and in the right place (bulls) and
#   how many are right but in the wrong place (cows).
#
# Both games ask the same question: **which guess tells me the most?** We keep a list of
# the secrets that are still possible, and we compare three answers to the question:
# guess a secret that is still possible (C's computer), make the **worst case** as small as
# possible (**minimax**), or spread the answers as evenly as possible (largest
# **entropy**). We measure each of them, and we find that "the most information" is not
# always what a game rewards. At the end we play C's **mutual** game, where two players
# hunt for each other's secrets at the same time.

# %%
import math
import random
from collections import Counter
from html import escape

import numpy as np
from IPython.display import SVG

from coursekit import Player, play
from coursekit.core import CHANCE, End
from coursekit.games import bulls as bulls_game
from coursekit.games import words as word_game

# %% [markdown]
# ## The two games in source C
#
# *Source C (*Lecture 14: Games*, an online course lecture; see [Sources](sources.md)), the
# lecture's opening paragraph, before §14.1, translated from the Russian:*
#
# > In this chapter the games "Crawler", "Field of Wonders" and "Guess the numbers" are
# > implemented in the console. In the topological game "Crawler" the user plays against
# > the computer. The playing field is small, so the winning moves, in the cases where they
# > exist, are found by searching through the possible continuations of the game. In the
# > game "Field of Wonders" the user guesses a word that the computer has thought of.
# > "Guess the numbers" is a game of the user against the computer, in which the
# > participants guess the sets of numbers that their opponents have thought of. The
# > computer's strategy is implemented by generating a candidate move and discarding the
# > candidates that do not agree with the results of the computer's previous moves.
#
# The lecture's abstract, just above this paragraph, says the same in almost the same
# words. "Field of Wonders" («Поле чудес») is the name of the Russian television version of
# *Wheel of Fortune*, where players guess the letters of a hidden word. "Guess the numbers"
# («Отгадай числа») we **read** as the game known in English as **bulls and cows**. That is
# the course's reading, not C's statement: the page we have never says how a guess is
# answered, only that the players guess "the sets of numbers" their opponents thought of.
#
# **That paragraph is all source C says about these two games in our copy.** The page we
# have is the first of the lecture's three pages (its page links read "Lecture 14: 1 2 3"),
# and it ends with §14.1, the crawler of [lesson 10](10-crawler.py). C's own sections on the
# two guessing games, with their detailed rules and their Visual Prolog programs, are on the
# pages we do not have, so this lesson cannot show them. From C we know:
#
# - in both games the user plays the computer, and the computer hides something: a word,
#   or a set of numbers;
# - in "Guess the numbers" both sides hide a set and each guesses the other's (the
#   **mutual** game at the end of this lesson);
# - how the computer guesses, in one sentence. A "candidate move" is a guess, and "the
#   results of the computer's previous moves" are the answers its earlier guesses got. The
#   computer throws out every candidate that would not have got those answers, so it only
#   ever guesses a secret that agrees with everything it has been told (a **consistent**
#   secret, below).
#
# Everything else, the word list, the limit of 6 wrong guesses, guessing a whole word,
# secrets of four different digits, who moves first and the draw rule, is the course's own
# choice, and the lesson says so where it comes up.

# %% [markdown]
# ## Hidden information and chance
#
# The course describes a game by its rules: a start, whose turn it is, the legal moves and
# the transition. Two small additions cover games like these.
#
# - **Chance** is a player too. At the start of word guessing it is **chance's turn**
#   (`to_move` gives `CHANCE`), and its "moves" are the words of the list, each with its
#   probability: `chance_outcomes(state)`. The engine draws one with its seeded random
#   generator, so the same seed gives the same hidden word, and a record of the game keeps
#   the chance step so the game can be replayed.
# - **Hidden information.** A player is never shown the state itself, only its
#   **observation**: `observation(state, player)`. In word guessing the observation is the
#   pattern (the letters found so far), the guesses tried and the wrong guesses left. The
#   hidden word is in the state and nowhere in the observation, so a strategy cannot cheat
#   even by accident.
#
# The lesson uses a list of the 1,000 most frequent English words, keeping those of at
# least four letters (the course's default list is the 3,000 most frequent; the smaller
# list keeps the lesson quick).

# %%
rules = word_game.Words("en", top=1000)
start = rules.initial_state()
outcomes = rules.chance_outcomes(start)
print(len(rules.words), "words, for example:", *rules.words[:8])
print("to move at the start:", rules.to_move(start), "(CHANCE)")
print("chance's outcomes:", len(outcomes), "words, each with probability", outcomes[0][1])
assert rules.to_move(start) == CHANCE
assert len(outcomes) == len(rules.words) and math.isclose(sum(p for _w, p in outcomes), 1)

# %% [markdown]
# The word lists come from the **wordfreq** package by Robyn Speer and others. Its
# word-frequency data are licensed **CC BY-SA 4.0**, which asks every work built on them to
# name the source and share alike:

# %%
print(word_game.WORD_LIST_LICENCE)

# %% [markdown]
# Here is a game. The engine lets chance hide a word (seed 15: a
# [seeded generator](python-primer.md#random)), then the guesser (the
# frequency guesser of this lesson, below) plays. The first step of the record belongs to
# chance:

# %%
game = play(rules, [Player("frequency", word_game.frequency_guesser())], rng=random.Random(15))
chance_step = game.steps[0]
print("step 1:", chance_step.player, "hid", repr(chance_step.move))
assert chance_step.player == CHANCE and game.moves[0].player == 0

# %% [markdown]
# After two guesses, the **state** knows the word; the **observation**, which is all the
# guesser is given, does not:

# %%
state = game.moves[1].state
seen = rules.observation(state, 0)
print("the state:      ", repr(state))
print("the observation:", repr(seen))
assert state.secret not in repr(seen)
seen

# %% [markdown]
# Bulls and cows works the same way: chance hides a secret, and the player's observation is
# the state with that secret blanked out (`None`, drawn as question marks).

# %%
bulls = bulls_game.Bulls()
hidden = bulls.apply(bulls.start_with((5, 3, 1, 0)), (0, 1, 2, 3))
print("the state's secret:", hidden.targets, "  the observation's:", bulls.observation(hidden, 0).targets)
assert bulls.observation(hidden, 0).targets == (None,)
bulls.observation(hidden, 0)

# %% [markdown]
# ## Word guessing
#
# ### The rules
#
# C says only that "the user guesses a word that the computer has thought of" (quoted
# above). The rules the course plays, a version of hangman:
#
# - the computer hides a word of the list; the player sees one blank per letter;
# - a guess is a **letter**: if the word has it, it is shown at **every** place it stands;
#   if not, that is one **wrong guess**;
# - or a guess is a **whole word** of the list, of the right length: the right word wins at
#   once, any other word is a wrong guess;
# - after 6 wrong guesses (`max_wrong`) the game is lost.
#
# Only wrong guesses count. A right letter costs nothing: the game does not care how many
# guesses you make, only how many of them miss. Remember this; it matters later.
#
# The game above, guess by guess, and its end (letters never found in grey, wrong guesses
# crossed out in red):

# %%
print(game)
game

# %% [markdown]
# ### The words still possible
#
# The guesser knows the list, so after each answer it can throw out every word that no
# longer fits. A word **fits** what was seen when
#
# 1. it has the pattern's length;
# 2. every letter shown in the pattern stands in the word at that place;
# 3. no blank hides a letter already tried (a right letter is shown at *all* its places,
#    and a wrong one is not in the word at all);
# 4. it is not a whole word already tried (that was wrong).
#
# `still_possible` keeps the words that fit with a
# [list comprehension](python-primer.md#comprehensions).

# %%
BLANK = "_"


def fits(word: str, seen: word_game.WordsObservation) -> bool:
    """Whether ``word`` could be the hidden word, given what the guesser has seen."""
    if len(word) != len(seen.pattern) or word in seen.tried:
        return False
    for shown, letter in zip(seen.pattern, word, strict=True):
        if shown == BLANK and letter in seen.tried:
            return False
        if shown != BLANK and shown != letter:
            return False
    return True


def still_possible(words, seen: word_game.WordsObservation) -> list[str]:
    """The words of ``words`` that fit what was seen, in the list's order."""
    return [word for word in words if fits(word, seen)]


assert fits("house", word_game.WordsObservation("____e", ("e",), 6))
assert not fits("there", word_game.WordsObservation("____e", ("e",), 6))  # an e would show at place 3 too
assert not fits("house", word_game.WordsObservation("____e", ("e", "o"), 5))  # the o was wrong
assert still_possible(["bell", "ball", "tall"], word_game.WordsObservation("_a__", ("a", "e"), 5)) == ["ball", "tall"]

# %% [markdown]
# Check it against the library's `word_game.possible_words` on every observation met in real games:
# the frequency guesser plays the first 150 words of the list, and at each guess both must
# name the same words.

# %%
checked = 0
for word in rules.words[:150]:
    record = word_game.play_word(rules, word_game.frequency_guesser(), word)
    for step in (None, *record.moves):
        seen = rules.observation(step.state if step else record.start, 0)
        assert still_possible(rules.words, seen) == list(word_game.possible_words(rules, seen)), (word, seen)
        checked += 1
print(checked, "observations checked: our list of words still possible is the library's")

# %% [markdown]
# How fast does the list shrink? In the game above, the number of words still possible
# after chance hid the word and after each guess, until one word is left and the guesser
# names it:

# %%
def bars_svg(labels, series: dict, title: str, unit: str = "") -> str:
    """A bar chart: one group of bars per label, one bar per series (a list of numbers), counts on top."""
    colours = ["#3182bd", "#e6550d", "#31a354", "#756bb1", "#636363"]
    names = list(series)
    top = max(max(values) for values in series.values()) or 1
    bar, gap, plot_h, left, base_y = max(16, 6 * len(str(top))), 14, 150, 40, 190
    group = bar * len(names) + gap
    legend = left + 170 * min(len(names), 3)
    width = max(left + group * len(labels) + 20, legend, 10 + 7 * len(title), left + 6 * len(unit) + 10)
    height = base_y + 44 + 16 * ((len(names) + 2) // 3)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11" role="img">',
           f"<title>{escape(title)}</title>", f'<text x="4" y="14" font-size="12">{escape(title)}</text>',
           f'<line x1="{left - 4}" y1="{base_y}" x2="{width - 10}" y2="{base_y}" stroke="#333"/>']
    for g, label in enumerate(labels):
        x0 = left + g * group
        for s, name in enumerate(names):
            value = series[name][g]
            h = plot_h * value / top
            x = x0 + s * bar
            out.append(f'<rect x="{x}" y="{base_y - h:.1f}" width="{bar - 2}" height="{h:.1f}" '
                       f'fill="{colours[s % len(colours)]}"/>')
            if value:
                out.append(f'<text x="{x + bar / 2 - 1}" y="{base_y - h - 3:.1f}" font-size="8" '
                           f'text-anchor="middle">{value}</text>')
        out.append(f'<text x="{x0 + bar * len(names) / 2}" y="{base_y + 14}" text-anchor="middle">'
                   f"{escape(str(label))}</text>")
    out.append(f'<text x="{left}" y="{base_y + 28}" fill="#555">{escape(unit)}</text>')
    for s, name in enumerate(names):
        x, y = left + (s % 3) * 170, base_y + 40 + 16 * (s // 3)
        out.append(f'<rect x="{x}" y="{y - 9}" width="10" height="10" fill="{colours[s % len(colours)]}"/>'
                   f'<text x="{x + 14}" y="{y}">{escape(name)}</text>')
    out.append("</svg>")
    return "".join(out)


labels = ["start", *(step.move for step in game.moves[:-1])]
counts = [len(still_possible(rules.words, rules.observation(s, 0))) for s in game.states[1:-1]]
print(dict(zip(labels, counts, strict=True)))
assert counts[-1] == 1 and game.moves[-1].move == game.final.secret
SVG(bars_svg(labels, {"words still possible": counts}, "the words still possible after each guess",
             "start: before the first guess; then after each letter guessed"))

# %% [markdown]
# ### Two rules for the next letter
#
# Which letter should the guesser try next? Two rules, both looking only at the words still
# possible (and both guessing the word itself when a single word is left).
#
# **The frequency rule**: guess the untried letter found in the **most** words still
# possible. It is the letter most likely to be right.

# %%
def frequency_letter(words, untried) -> str:
    """The letter of ``untried`` found in the most ``words`` (the first of ``untried`` on a tie)."""
    return max(untried, key=lambda letter: sum(letter in word for word in words))


six = ["bell", "ball", "bill", "bull", "boll", "tall"]
assert frequency_letter(six, "abeilotu") == "l"  # in all six words
for seen in (rules.observation(s, 0) for s in game.states[1:-1]):
    words = still_possible(rules.words, seen)
    untried = [c for c in rules.alphabet if c not in seen.tried]
    assert frequency_letter(words, untried) == word_game.most_frequent_letter(words, untried)

# %% [markdown]
# But "l" in those six words tells us nothing: it is in all of them, at the same places. A
# letter is useful when its **answer** splits the words. The answer to a letter is the set
# of places where it shows up (or "not in the word"), and a good letter makes every answer
# about as likely as the others.
#
# **The splitting rule** measures this with the **entropy** of the answer: if the answers
# split the n words still possible into groups of sizes n₁, n₂, …, the entropy is
#
# $$H = -\sum_i \frac{n_i}{n} \log_2 \frac{n_i}{n} \quad \text{bits.}$$
#
# One group (every word gives the same answer) has entropy 0: we learn nothing. Two equal
# groups give 1 bit, four equal groups 2 bits. The splitting rule guesses the letter with
# the largest entropy (on a tie, the one found in more words).

# %%
def letter_entropy(words, letter: str) -> float:
    """The entropy, in bits, of the answer to ``letter`` (the places it fills) over ``words``."""
    groups = Counter(tuple(i for i, c in enumerate(word) if c == letter) for word in words)
    n = len(words)
    return -sum(k / n * math.log2(k / n) for k in groups.values()) + 0.0


assert letter_entropy(six, "l") == 0  # every word: places 2 and 3
assert letter_entropy(six, "a") == word_game.answer_entropy(six, "a")  # ball, tall or neither: 2 of 6
assert math.isclose(letter_entropy(["ab", "ba", "cd", "dc"], "a"), 1.5)  # groups 1, 1, 2
for letter in "abeilotu":
    assert math.isclose(letter_entropy(six, letter), word_game.answer_entropy(six, letter))
print({c: round(letter_entropy(six, c), 3) for c in "abeiotu"})
assert word_game.best_splitting_letter(six, "abeilotu") == "a"

# %% [markdown]
# ### Measured
#
# The library's `word_game.frequency_guesser()` and `word_game.splitting_guesser()` follow the two rules. Let
# each play every word of the lesson's list once (and, as a yardstick, a guesser who picks
# untried letters at random):

# %%
measured = {
    "random letter": word_game.score_guesser(rules, word_game.random_letter(random.Random(1)), rules.words),
    "frequency": word_game.score_guesser(rules, word_game.frequency_guesser(), rules.words),
    "splitting": word_game.score_guesser(rules, word_game.splitting_guesser(), rules.words),
}
print(f"{'guesser':<14} {'words':>5} {'wrong guesses (mean)':>21} {'games lost':>11}")
for name, result in measured.items():
    print(f"{name:<14} {result.games:>5} {result.mean_wrong:>21.3f} {result.lost:>5} ({result.lost_share:.1%})")
freq, split = measured["frequency"], measured["splitting"]
assert split.lost > freq.lost
assert abs(split.mean_wrong - freq.mean_wrong) < 0.05

# %% [markdown]
# On this list the two rules make about the same number of wrong guesses (about 1.81 a
# game each, printed above), but the splitting guesser **loses more games** (the cell checks
# it). Random letters lose almost every game. The course's benchmark plays the full lists
# (the 3,000 most frequent words; about 2,700 words of four letters or more in each
# language) and finds the splitting rule slightly worse in every language, in wrong guesses
# and in games lost:
#
# | language | guesser | wrong guesses (mean) | games lost |
# |---|---|---|---|
# | English | frequency | 1.81 | 4.4 % |
# | English | splitting | 1.83 | 4.9 % |
# | Russian | frequency | 1.79 | 2.5 % |
# | Russian | splitting | 1.81 | 3.0 % |
# | Bulgarian | frequency | 1.71 | 2.1 % |
# | Bulgarian | splitting | 1.74 | 2.8 % |
#
# ### Why more information is not better here
#
# The splitting rule is built to find the word in as **few guesses** as possible. But the
# game does not count guesses: it counts **wrong** guesses. A right letter is free.
#
# Here is a moment where the two rules part. The word is "like"; the splitting guesser has
# tried e (right), then a and o (both wrong). 21 words are still possible:

# %%
like = word_game.play_word(rules, word_game.splitting_guesser(), "like")
moment = rules.observation(like.moves[2].state, 0)
words = still_possible(rules.words, moment)
untried = [c for c in rules.alphabet if c not in moment.tried]
print(moment.pattern, "tried:", *moment.tried, "  words still possible:", len(words))
print(*words)
print(f"{'letter':>6} {'in words':>9} {'entropy':>8} {'chance it is wrong':>19}")
for letter in sorted(untried, key=lambda c: -letter_entropy(words, c))[:6]:
    inside = sum(letter in w for w in words)
    print(f"{letter:>6} {inside:>6} / {len(words)} {letter_entropy(words, letter):>8.3f} "
          f"{(len(words) - inside) / len(words):>18.0%}")
assert moment.tried == ("e", "a", "o") and len(words) == 21
assert word_game.best_splitting_letter(words, untried) == "f" and word_game.most_frequent_letter(words, untried) == "i"
assert sum("f" in w for w in words) == 5 and sum("i" in w for w in words) == 15

# %% [markdown]
# The splitting rule picks **f** (u ties with it; f comes first): its answer splits the 21
# words three ways (an f first, an f third, or no f), so it carries the most information.
# But f is **wrong in 16 cases out of 21**. The frequency rule picks **i**, found in 15 of
# the 21 words: it tells us less (wherever there is an i, it is the second letter, so the
# answer is a plain yes or no), but it is wrong only 6 times in 21. The answers, as groups:

# %%
for letter in "fi":
    groups = Counter(tuple(i + 1 for i, c in enumerate(w) if c == letter) for w in words)
    print(letter + ":", ", ".join(f"{'at place ' + str(g[0]) if g else 'absent'}: {n} words"
                                  for g, n in groups.most_common()))
assert Counter(w.find("f") for w in words) == {-1: 16, 0: 3, 2: 2}
assert Counter(w.find("i") for w in words) == {1: 15, -1: 6}
assert math.isclose(letter_entropy(words, "u"), letter_entropy(words, "f"))  # the tie

# %% [markdown]
# Entropy treats "the word has no f" as information worth as much as "the word has an f
# here", and it is: it rules out five words. But one of the two answers costs a wrong guess,
# the other is free, and the entropy rule does not know it. Over a whole list, the extra
# information does not make up for the extra misses. In this game, "the most information"
# and "the best guess" are different things. (For "like" the splitting guesser went on to
# lose: f, u, n, t were all wrong.)

# %%
print(like)
assert like.end == End.LOST and word_game.play_word(rules, word_game.frequency_guesser(), "like").end == End.WON

# %% [markdown]
# ## Bulls and cows
#
# ### The rules and the answer
#
# The secret is four **different** digits, a leading zero allowed: 10 × 9 × 8 × 7 = 5,040
# secrets. A guess is written the same way. Each guess is answered with
#
# - **bulls**: digits of the guess that stand at the same place in the secret, and
# - **cows**: digits of the guess that are in the secret, but at another place.
#
# For the secret 5310 the guess 0123 gets 0 bulls and 3 cows (0, 1 and 3 are in the secret,
# none at its place). The game ends at 4 bulls. (C's paragraph, quoted above, speaks only of
# "sets of numbers"; four different digits and this answer are the usual bulls and cows,
# the course's choice.) `bulls_game.Bulls(digits, base)` plays other sizes too:
# `bulls_game.Bulls(3, 6)` has secrets of three different digits from 0 to 5, only 120 of them.
#
# Write the answer straight from the definition: compare every place of the guess with
# every place of the secret.

# %%
def bulls_and_cows(guess, secret) -> tuple[int, int]:
    """(bulls, cows) for ``guess`` against ``secret``, counted place by place."""
    bulls = cows = 0
    for i, g in enumerate(guess):
        for j, s in enumerate(secret):
            if g == s:
                if i == j:
                    bulls += 1
                else:
                    cows += 1
    return bulls, cows


assert bulls_and_cows((0, 1, 2, 3), (5, 3, 1, 0)) == (0, 3)
assert bulls_and_cows((1, 2, 3, 4), (1, 2, 4, 3)) == (2, 2)
assert bulls_and_cows(bulls_game.read_code("5310"), bulls_game.read_code("5310")) == (4, 0)

# %% [markdown]
# The library counts differently (bulls place by place, then the digits both codes share,
# minus the bulls). Check the two agree by brute force: every guess against every secret of
# the 3-digit game (120 × 120 pairs), and the guess 0123 against all 5,040 secrets of the
# full game. Its answer table, `bulls_game.answer_table()`, stores all 5,040 × 5,040 answers at once;
# it agrees too.

# %%
small = bulls_game.all_codes(3, 6)
assert all(bulls_and_cows(g, s) == bulls_game.score(g, s) for g in small for s in small)
codes = bulls_game.all_codes()
table = bulls_game.answer_table()
first = table.index[(0, 1, 2, 3)]
assert len(codes) == 5040 == 10 * 9 * 8 * 7
assert all(bulls_and_cows((0, 1, 2, 3), s) == bulls_game.score((0, 1, 2, 3), s) == table.answer(first, i)
           for i, s in enumerate(codes))
print(len(small) ** 2 + len(codes), "answers checked")

# %% [markdown]
# ### Consistency: C's guesser
#
# After some answers, a secret is **consistent** when it would have given exactly those
# answers. Only a consistent secret can be the real one. C's computer, in C's words (quoted
# above), generates "a candidate move" and discards "the candidates that do not agree with
# the results of the computer's previous moves": it guesses a consistent secret. Which one,
# C's text in our copy does not say; the course's version keeps the consistent secrets and
# guesses one of them at random, and "C's guesser" in this lesson means that version. It
# is `bulls_game.consistent_strategy(rng)`.

# %%
def consistent(secrets, answers) -> list:
    """The secrets that would have given every one of ``answers`` (each an Answer: guess, bulls, cows)."""
    return [s for s in secrets if all(bulls_and_cows(a.guess, s) == (a.bulls, a.cows) for a in answers)]


assert consistent([(1, 2), (2, 1), (3, 4)], [bulls_game.Answer((1, 3), 1, 0)]) == [(1, 2)]

# %% [markdown]
# A game of C's guesser against the secret chance hides (seed 5), and after each answer the
# number of secrets still consistent, by our function and by the library's
# `bulls_game.consistent_codes`:

# %%
c_game = play(bulls, [Player("C's guesser", bulls_game.consistent_strategy(random.Random(5)))], rng=random.Random(5))
answers = c_game.final.answers[0]
left_counts = []
for k in range(1, len(answers) + 1):
    ours = consistent(codes, answers[:k])
    assert ours == [codes[i] for i in bulls_game.consistent_codes(table, answers[:k])]
    left_counts.append(len(ours))
    print(f"{answers[k - 1]}   consistent secrets left: {len(ours)}")
assert left_counts[-1] == 1 and c_game.end == End.WON
c_game

# %% [markdown]
# C's guesser never wastes a guess on a secret that cannot be right. Is that the best one
# can do? To answer, look at what a guess **does** to the secrets still possible.
#
# ### Partitions: what a guess does
#
# A guess sorts the secrets still possible into groups by the answer each would give: its
# **partition**. Whatever the real secret is, after the answer we are left with one group.
# For the first guess 0123 and all 5,040 secrets:

# %%
def partition(guess, secrets) -> Counter:
    """How many of ``secrets`` give each answer (bulls, cows) to ``guess``."""
    return Counter(bulls_and_cows(guess, s) for s in secrets)


first_split = partition((0, 1, 2, 3), codes)
for answer, size in sorted(first_split.items()):
    print(f"{answer[0]} bulls {answer[1]} cows: {size:>5}")
library_sizes = bulls_game.partition_sizes(table, np.arange(table.size), np.array([first]))[0]
assert all(library_sizes[table.number(*a)] == n for a, n in first_split.items())
assert sum(first_split.values()) == 5040 and len(first_split) == 14 and max(first_split.values()) == 1440
labels = [f"{b}B{c}C" for b, c in sorted(first_split)]
SVG(bars_svg(labels, {"secrets": [first_split[a] for a in sorted(first_split)]},
             "the 5,040 secrets sorted by their answer to the first guess 0123", "B: bulls, C: cows"))

# %% [markdown]
# 14 answers can come back (3 bulls and 1 cow is impossible: the fourth digit would have to
# be in the wrong place, but only one place is left). The biggest group, **0 bulls 1 cow**,
# holds 1,440 secrets; the luckiest answer, 4 bulls, holds one.
#
# Does the first guess matter? No: renaming the digits turns 0123 into any other code, so
# every first guess splits the secrets into the same group sizes. The library's
# `bulls_game.partition_sizes` sorts every secret by its answer to every one of the 5,040 guesses at
# once (numpy does it in a moment), and the sorted sizes are the same in every row:

# %%
every = np.sort(bulls_game.partition_sizes(table, np.arange(table.size)), axis=1)
assert (every == every[0]).all()
print("every first guess splits the secrets into the groups", sorted(first_split.values(), reverse=True))

# %% [markdown]
# ### Minimax and entropy
#
# A guess is good when every group it leaves is small. Two ways to put "small" in a number:
#
# - **minimax** (Knuth's rule for Mastermind): the size of the **largest** group: the
#   secrets left in the worst case. Choose the guess whose worst case is smallest.
# - **entropy**, as in word guessing: how evenly the groups are spread. Choose the guess
#   with the largest entropy.
#
# Both rules look at **every** code as a guess, not only the consistent ones. A guess that
# cannot be the secret gives up the small chance of 4 bulls at once, but it may split the
# rest better. On a tie both rules prefer a consistent code.
#
# For the first guess every code ties, so both take 0123. The second guess is where they
# differ. Say 0123 got **0 bulls and 2 cows**:

# %%
after = [bulls_game.Answer((0, 1, 2, 3), 0, 2)]
left = bulls_game.consistent_codes(table, after)
by_minimax = table.codes[bulls_game.minimax_choice(table, left)]
by_entropy = table.codes[bulls_game.entropy_choice(table, left)]
left_codes = [codes[i] for i in left]
print(len(left_codes), "secrets are consistent with 0123: 0 bulls, 2 cows")
print(f"{'rule':<9} {'guess':>5} {'largest group':>14} {'entropy (bits)':>15} {'can it be the secret?':>22}")
for rule, guess in (("minimax", by_minimax), ("entropy", by_entropy)):
    groups = partition(guess, left_codes)
    print(f"{rule:<9} {bulls_game.code_text(guess):>5} {max(groups.values()):>14} "
          f"{bulls_game.entropy(list(groups.values())):>15.3f} "
          f"{'yes' if guess in left_codes else 'no':>22}")
all_sizes = bulls_game.partition_sizes(table, left)
worst = all_sizes.max(axis=1)
assert len(left_codes) == 1260
assert max(partition(by_minimax, left_codes).values()) == worst.min() == 300
assert max(partition(by_entropy, left_codes).values()) == 304
assert by_minimax not in left_codes and by_entropy in left_codes
assert bulls_game.code_text(by_minimax) == "1204" and bulls_game.code_text(by_entropy) == "1435"
assert bulls_and_cows((0, 1, 2, 3), by_minimax) == (0, 3)  # so 1204 cannot be the secret
assert worst[left].min() == 304  # the best a consistent guess can do in the worst case
entropies = [bulls_game.entropy(list(row)) for row in all_sizes]  # every code's entropy as a second guess
assert math.isclose(bulls_game.entropy(list(partition(by_entropy, left_codes).values())), max(entropies))

# %% [markdown]
# The minimax rule picks **1204**, a guess that **cannot** be the secret (against 0123 it
# would get 3 cows, not 2): no consistent guess leaves fewer than 304 secrets in the worst
# case, but 1204 leaves at most 300. The entropy rule picks **1435**, which may be the
# secret: its worst group is a little bigger, but its answers are spread more evenly. The
# two pictures show both partitions:

# %%
p_minimax, p_entropy = partition(by_minimax, left_codes), partition(by_entropy, left_codes)
answers_seen = sorted(set(p_minimax) | set(p_entropy))
SVG(bars_svg([f"{b}B{c}C" for b, c in answers_seen],
             {f"minimax: {bulls_game.code_text(by_minimax)}": [p_minimax[a] for a in answers_seen],
              f"entropy: {bulls_game.code_text(by_entropy)}": [p_entropy[a] for a in answers_seen]},
             "the 1,260 secrets left after 0123: 0 bulls 2 cows, sorted by the answer to the second guess",
             "B: bulls, C: cows"))

# %% [markdown]
# ### Measured over every secret
#
# A rule is judged over **every** secret: play it once against each, and count the guesses.
# `bulls_game.guess_counts(name, digits, base)` does that (the deterministic rules are followed through
# their whole tree of decisions; C's random guesser plays each secret with its own seeded
# generator). First the small game, 3 digits from 0 to 5, 120 secrets:

# %%
def show_counts(results) -> None:
    """A line per guesser: its average, its worst case and how many secrets took 1, 2, ... guesses."""
    for r in results:
        spread = " ".join(f"{k}:{n}" for k, n in enumerate(r.distribution) if n)
        print(f"{r.guesser:<15} average {r.average:.4f}   worst {r.worst}   ({spread})")


small_results = [bulls_game.guess_counts(name, 3, 6) for name in ("consistent", "minimax", "entropy")]
show_counts(small_results)
assert all(r.secrets == 120 for r in small_results)
longest = max(r.worst for r in small_results)
SVG(bars_svg(list(range(1, longest + 1)),
             {r.guesser: [r.distribution[k] if k < len(r.distribution) else 0 for k in range(1, longest + 1)]
              for r in small_results},
             "3 digits from 0 to 5: how many of the 120 secrets each guesser finds in 1, 2, ... guesses",
             "guesses"))

# %% [markdown]
# The full game has 5,040 secrets, and the minimax and entropy rules take several seconds
# each to follow over all of them, too long for a lesson. C's guesser is quick, so the lesson
# re-checks it here (seed 0); the figures of the other rules come from the course's
# benchmark, which plays every secret:

# %%
c_full = bulls_game.guess_counts("consistent", 4, 10, seed=0)
show_counts([c_full])
assert c_full.secrets == 5040 and round(c_full.average, 2) == 5.49

# %% [markdown]
# The benchmark's distributions (guesses: secrets), which the cell below turns back into
# averages:
#
# | guesser | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | average | worst |
# |---|---|---|---|---|---|---|---|---|---|---|---|
# | C's (consistent, seed 0) | 1 | 16 | 91 | 598 | 1,783 | 1,840 | 657 | 52 | 2 | 5.4933 | 9 |
# | minimax | 1 | 3 | 44 | 515 | 2,124 | 2,151 | 202 | | | 5.3847 | 7 |
# | entropy (greedy) | 1 | 5 | 62 | 611 | 2,483 | 1,779 | 98 | 1 | | 5.2429 | 8 |
# | entropy (guarded) | 1 | 5 | 62 | 611 | 2,482 | 1,780 | 99 | | | 5.2429 | 7 |

# %%
BENCHMARK = {
    "consistent": (0, 1, 16, 91, 598, 1783, 1840, 657, 52, 2),
    "minimax": (0, 1, 3, 44, 515, 2124, 2151, 202),
    "greedy entropy": (0, 1, 5, 62, 611, 2483, 1779, 98, 1),
    "entropy": (0, 1, 5, 62, 611, 2482, 1780, 99),
}


def average(distribution) -> float:
    """Guesses per secret, from how many secrets took 0, 1, 2, ... guesses."""
    return sum(k * n for k, n in enumerate(distribution)) / sum(distribution)


assert BENCHMARK["consistent"] == c_full.distribution  # the re-check above gave the same figures
for name, distribution in BENCHMARK.items():
    assert sum(distribution) == 5040
    print(f"{name:<15} average {average(distribution):.4f}   worst {len(distribution) - 1}")
assert round(average(BENCHMARK["minimax"]), 4) == 5.3847
assert round(average(BENCHMARK["entropy"]), 4) == round(average(BENCHMARK["greedy entropy"]), 4) == 5.2429
SVG(bars_svg(list(range(1, 10)),
             {name: [d[k] if k < len(d) else 0 for k in range(1, 10)]
              for name, d in BENCHMARK.items() if name != "greedy entropy"},
             "4 digits from 0 to 9: how many of the 5,040 secrets each guesser finds in 1, 2, ... guesses",
             "guesses"))

# %% [markdown]
# Each figure, and where it comes from:
#
# | guesser | average | worst | the figure is |
# |---|---|---|---|
# | C's: a random consistent secret | 5.49 ± 0.03 | 9 | computed by the course: the cell above (seed 0), a sample of C's random choices, ± two standard errors |
# | minimax (Knuth's rule) | 5.3847 | 7 | computed by the course: its benchmark of bulls and cows (exact, the rule is deterministic) |
# | largest entropy | 5.2429 | 7 | computed by the course: its benchmark of bulls and cows (exact) |
# | the best possible | 5.2131 | 7 | published: 26,274 / 5,040, Tanaka (1996); see [Sources](sources.md) |
#
# Four things to read in these figures:
#
# 1. **Looking ahead one guess pays.** Minimax and entropy beat C's guesser, by about a
#    tenth and a quarter of a guess, and they never need more than 7 guesses, where C's
#    sometimes needs 8 or 9.
# 2. **Entropy beats minimax on average.** Minimax cares only about the worst group and
#    ignores how the rest is spread; entropy cares about every group. Here we want the
#    average, and every guess counts the same, right or wrong, so the information rule wins
#    (unlike word guessing, where only the wrong guesses counted).
# 3. **Greedy is not optimal.** The best possible strategy, found by a search over whole
#    trees of guesses, averages 5.2131: entropy is only 0.03 guesses behind it, but behind.
#    No strategy finishes every secret within 6 guesses; 7 is the best worst case.
# 4. **Greedy can stumble.** Plain greedy entropy needs **8** guesses on one unlucky secret.
#    The library's entropy guesser is guarded: where its first choice would leave some secret
#    needing an 8th guess, it takes the next best guess by entropy that finishes every secret
#    within 7 (minimax's worst case). That changes a single decision, and the average stays
#    5.2429.
#
# For comparison, in **Mastermind** (4 pegs of 6 colours, colours may repeat: 1,296 codes),
# Knuth's minimax rule averages 5,801 / 1,296 = 4.476 guesses and never needs more than 5
# (published: Knuth, 1976; see [Sources](sources.md)).

# %%
assert round(26_274 / 5_040, 4) == 5.2131 and round(5_801 / 1_296, 3) == 4.476
c_counts = BENCHMARK["consistent"]
c_variance = sum(n * (k - average(c_counts)) ** 2 for k, n in enumerate(c_counts)) / (sum(c_counts) - 1)
c_half = 2 * (c_variance / sum(c_counts)) ** 0.5
print(f"C's guesser, one seeded run: {average(c_counts):.4f} ± {c_half:.4f} (two standard errors)")
assert round(c_half, 2) == 0.03
assert round(average(BENCHMARK["consistent"]) - average(BENCHMARK["minimax"]), 2) == 0.11
assert round(average(BENCHMARK["consistent"]) - average(BENCHMARK["entropy"]), 2) == 0.25
assert round(average(BENCHMARK["entropy"]) - 26_274 / 5_040, 2) == 0.03

# %% [markdown]
# ## The mutual game
#
# C's own game is played by two: "the participants guess the sets of numbers that their
# opponents have thought of" (quoted above). The person and the computer each hide a secret,
# and they guess **each other's** in turn, the first player, then the second, round after
# round (the order of play and the end of the game below are the course's rules; our copy
# of C does not give C's). The answers are public, but each player sees its own secret and
# never the one it looks for: the observation hides exactly that. `bulls_game.Bulls(mutual=True)` plays it.
#
# **The draw rule.** Whoever finds the other's secret first wins. But when the first player
# finds it, the second still gets its guess of the same round; if that finds the first
# player's secret too, the game is a **draw**.
#
# A game of C's guesser (first) against the minimax guesser (second), with the secrets hidden
# by chance (seed 4). The first two steps are chance's, one secret each:

# %%
mutual = bulls_game.Bulls(mutual=True)
duel = play(mutual, [Player("C's guesser", bulls_game.consistent_strategy(random.Random(4))),
                     Player("minimax", bulls_game.minimax_strategy())], rng=random.Random(4))
print(duel)
assert [step.player for step in duel.steps[:2]] == [CHANCE, CHANCE]
assert mutual.observation(duel.steps[1].state, 0).targets[0] is None
assert duel.end == End.DRAW and len(duel.final.answers[0]) == len(duel.final.answers[1]) == 5
duel

# %% [markdown]
# This duel is a **draw**: C's guesser found 2419 with its fifth guess, and minimax still had
# its guess of round 5, and found 1043 with it.

# %% [markdown]
# Why the draw rule? Without it, a tie in the number of guesses would go to the player who
# moves first, always. With it, the game is fair: if the first player needs T₁ guesses and
# the second T₂, the first wins when T₁ < T₂, the second when T₂ < T₁, and it is a draw
# when T₁ = T₂. The seats do not matter, only the number of guesses.
#
# So the chances of a duel follow from the distributions we measured. With independent
# secrets, the chance that one guesser beats the other is the sum over k of P(T₁ = k) ·
# P(T₂ > k):

# %%
def duel_chances(first, second) -> tuple[float, float, float]:
    """(first wins, draw, second wins) when the guess counts follow these distributions."""
    p = [n / sum(first) for n in first]
    q = [n / sum(second) for n in second]
    win = sum(p[k] * sum(q[k + 1:]) for k in range(len(p)))
    draw = sum(p[k] * q[k] for k in range(min(len(p), len(q))))
    return win, draw, 1 - win - draw


c_vs_m = duel_chances(BENCHMARK["consistent"], BENCHMARK["minimax"])
m_vs_c = duel_chances(BENCHMARK["minimax"], BENCHMARK["consistent"])
print("C's guesser first, minimax second: C wins {:.1%}, draw {:.1%}, minimax wins {:.1%}".format(*c_vs_m))
print("minimax first, C's guesser second: minimax wins {:.1%}, draw {:.1%}, C wins {:.1%}".format(*m_vs_c))
assert math.isclose(c_vs_m[0], m_vs_c[2]) and math.isclose(c_vs_m[1], m_vs_c[1])  # the seats do not matter
assert c_vs_m[2] > c_vs_m[0]
assert [round(100 * x) for x in c_vs_m] == [31, 32, 37]

# %% [markdown]
# Minimax wins about 37 % of the duels and C's guesser about 31 %, and about a third end in
# a draw (the figures are printed above): a better average is an edge, not a certainty.
# Check the formula by playing: 300 seeded duels in the small game (3 digits from 0 to 5),
# C's guesser first, minimax second, against the chances computed from the small game's
# distributions:

# %%
small_mutual = bulls_game.Bulls(3, 6, mutual=True)
tally = Counter()
for seed in range(300):
    record = play(small_mutual, [Player("C's guesser", bulls_game.consistent_strategy(random.Random(seed))),
                                 Player("minimax", bulls_game.minimax_strategy())], rng=random.Random(1000 + seed))
    tally["draw" if record.winner is None else ("C's guesser" if record.winner == 0 else "minimax")] += 1
expected = duel_chances(bulls_game.guess_counts("consistent", 3, 6).distribution,
                        bulls_game.guess_counts("minimax", 3, 6).distribution)
for name, share in zip(("C's guesser", "draw", "minimax"), expected, strict=True):
    print(f"{name:<12} played {tally[name] / 300:.1%}   computed {share:.1%}")
    assert abs(tally[name] / 300 - share) < 0.08

# %% [markdown]
# The played shares are close to the computed ones (within a few per cent: 300 games are a
# sample, and the cell checks they are within 8 points).

# %% [markdown]
# ## Play
#
# Two boards to play on in Jupyter. On the static site each is a picture of its first
# state; open the lesson in Jupyter to play.
#
# The word board hides a word of the full English list; click letters, or type a whole
# word in the box and press Enter. Pass `guesser="frequency"` or `guesser="splitting"` (or
# choose one in "Guesser") to watch a computer guesser instead, with Step or ▶ Run, and turn
# on "Words still possible" to see the list shrink.

# %%
word_game.WordsBoard("en", seed=13)

# %% [markdown]
# The bulls and cows board plays C's mutual game against C's guesser: type four different
# digits in the box and press Enter (or click the digits under the guesses). Try to beat it;
# the computer averages about 5.5 guesses. `computer="minimax"` or `computer="entropy"` gives a
# harder opponent, and `bulls_game.BullsBoard(watch=True)` lets you watch a guesser play alone (Step, or
# ▶ Run).

# %%
bulls_game.BullsBoard(mutual=True, computer="consistent", seed=13)

# %% [markdown]
# ## Exercises
#
# Each exercise that asks for code has a **self-check** cell below it. Write your answer in a
# new cell just above the check (use the names the exercise gives), run your cell, then run
# the check: it tries your code on many cases and says which one fails, or prints "all N
# cases pass". A **worked answer** is folded under each exercise: try first, then open it to
# compare.
#
# 1. **A cautious guesser.** Write a word guesser that picks the letter found in the most
#    words still possible, and breaks ties by the largest entropy (the library's frequency
#    guesser breaks them alphabetically). Write the letter rule as
#    `cautious_letter(words, untried)` (on a tie of both, the first of `untried`), wrap it
#    as `cautious_guess(rules, seen)` (guess the word when one is left, as the library's
#    guessers do) and measure it with `word_game.score_guesser` on `word_game.Words("en", top=1000)` as
#    `cautious_score`. Does it beat both rules of the lesson, in wrong guesses and in games
#    lost?
#
#    <details><summary>Answer</summary>
#
#    Sort the letters by a pair: first how many words hold the letter, then the entropy of
#    its answer (rounded, so that two equal entropies computed in different orders tie).
#
#    ```python
#    def cautious_letter(words, untried) -> str:
#        return max(untried, key=lambda c: (sum(c in w for w in words), round(letter_entropy(words, c), 12)))
#
#
#    def cautious_guess(rules, seen) -> str:
#        words = still_possible(rules.words, seen)
#        if len(words) == 1:
#            return words[0]
#        return cautious_letter(words, [c for c in rules.alphabet if c not in seen.tried])
#
#
#    cautious_score = word_game.score_guesser(rules, cautious_guess, rules.words)
#    print(f"cautious: {cautious_score.mean_wrong:.3f} wrong guesses, {cautious_score.lost} lost; "
#          f"frequency: {freq.mean_wrong:.3f}, {freq.lost}; splitting: {split.mean_wrong:.3f}, {split.lost}")
#    ```
#
#    It makes the fewest wrong guesses of the three (1.791 a game, against 1.815 and
#    1.809), but it does not beat both in games lost: it loses 27 games, one more than
#    the frequency guesser (26), and fewer than the splitting guesser (32). The tie-break
#    helps on average, but the losses come from a few words with many look-alikes (like
#    "_ill"), where no letter rule is safe.
#
#    </details>

# %%
def check_cautious(cautious_letter, cautious_guess, cautious_score) -> None:
    """The letter and the guess on every observation of the frequency guesser's games, and the score."""
    def expected_letter(words, untried):
        return max(untried, key=lambda c: (sum(c in w for w in words), round(letter_entropy(words, c), 12)))

    expected = {}  # the right guess at each observation, worked out once (many games meet the same ones)

    def expected_guess(rules, seen):
        if (rules, seen) not in expected:
            words = word_game.possible_words(rules, seen)
            untried = [c for c in rules.alphabet if c not in seen.tried]
            expected[rules, seen] = words[0] if len(words) == 1 else expected_letter(words, untried)
        return expected[rules, seen]

    cases = 0
    for word in rules.words[:150]:
        record = word_game.play_word(rules, word_game.frequency_guesser(), word)
        for state in record.states[:-1]:
            seen = rules.observation(state, 0)
            words = word_game.possible_words(rules, seen)
            untried = [c for c in rules.alphabet if c not in seen.tried]
            if len(words) > 1:  # then the right guess is the right letter
                want = expected_guess(rules, seen)
                got = cautious_letter(words, untried)
                assert got == want, f"{seen.pattern}, tried {seen.tried}: expected {want!r}, got {got!r}"
            want, got = expected_guess(rules, seen), cautious_guess(rules, seen)
            assert got == want, f"{seen.pattern}, tried {seen.tried}: guess should be {want!r}, got {got!r}"
            cases += 1
    want = word_game.score_guesser(rules, expected_guess, rules.words)
    assert cautious_score == want, f"over the lesson's list the cautious guesser scores {want}, not {cautious_score}"
    print(f"all {cases + 1} cases pass")


if all(name in globals() for name in ("cautious_letter", "cautious_guess", "cautious_score")):
    check_cautious(cautious_letter, cautious_guess, cautious_score)
else:
    print("write cautious_letter, cautious_guess and cautious_score above, then run this")

# %% [markdown]
# 2. **Other languages.** Measure the frequency and the splitting guessers on
#    `word_game.Words("ru", top=1000)` and `word_game.Words("bg", top=1000)`, as a dictionary `other_scores`
#    from `(language, guesser)` (like `("ru", "frequency")`) to the `word_game.score_guesser`
#    result. Does the splitting rule lose more games there too? Find, in one of these
#    lists, a moment like "like": the two rules pick different letters, and the splitting
#    rule's letter is more likely to be wrong. Write it as `parting`: the language and the
#    observation, like `("ru", word_game.WordsObservation("_е__", ("о", "е"), 5))`, but find your
#    own.
#
#    <details><summary>Answer</summary>
#
#    ```python
#    other_scores = {}
#    for language in ("ru", "bg"):
#        lang_rules = word_game.Words(language, top=1000)
#        for name, make in (("frequency", word_game.frequency_guesser), ("splitting", word_game.splitting_guesser)):
#            other_scores[language, name] = result = word_game.score_guesser(lang_rules, make(), lang_rules.words)
#            print(f"{language} {name:<9} {result.mean_wrong:.3f} wrong guesses, {result.lost} lost")
#    ```
#
#    Yes: the splitting rule makes more wrong guesses and loses more games in both
#    languages (Russian 13 games against 6, Bulgarian 9 against 8), as on the full lists
#    of the benchmark.
#
#    To find a moment, play the splitting guesser on every word and stop at each
#    observation where the two rules part and the splitting letter is in fewer words:
#
#    ```python
#    lang_rules = word_game.Words("ru", top=1000)
#    moments = []
#    for word in lang_rules.words:
#        for state in word_game.play_word(lang_rules, word_game.splitting_guesser(), word).states[:-1]:
#            seen = lang_rules.observation(state, 0)
#            words = word_game.possible_words(lang_rules, seen)
#            untried = [c for c in lang_rules.alphabet if c not in seen.tried]
#            s, f = word_game.best_splitting_letter(words, untried), word_game.most_frequent_letter(words, untried)
#            if len(words) > 5 and s != f and sum(s in w for w in words) < sum(f in w for w in words):
#                moments.append((word, seen))
#    print(len(moments), "moments; the first:", *[(word, seen.pattern, seen.tried) for word, seen in moments[:3]])
#    parting = ("ru", moments[0][1])
#    ```
#
#    The example given in the exercise is the first found: playing "меня", after о
#    (wrong) and е (right), 16 words fit `_е__`. The splitting rule picks т (in 4 of them,
#    entropy 1.061 bits), the frequency rule ь (in 5, entropy 0.896 bits): т is wrong
#    12 times in 16, ь 11 times.
#
#    </details>

# %%
def check_other_languages(other_scores, parting) -> None:
    """The four scores, played again, and your moment: the rules part and the splitting letter is in fewer words."""
    cases = 0
    for language in ("ru", "bg"):
        lang_rules = word_game.Words(language, top=1000)
        for name, make in (("frequency", word_game.frequency_guesser), ("splitting", word_game.splitting_guesser)):
            want = word_game.score_guesser(lang_rules, make(), lang_rules.words)
            got = other_scores[language, name]
            assert got == want, f"{language}, {name}: expected {want}, got {got}"
            cases += 1
    language, seen = parting
    lang_rules = word_game.Words(language, top=1000)
    words = word_game.possible_words(lang_rules, seen)
    untried = [c for c in lang_rules.alphabet if c not in seen.tried]
    assert len(words) > 1, f"{seen}: {len(words)} words fit; the guesser would name the word"
    s, f = word_game.best_splitting_letter(words, untried), word_game.most_frequent_letter(words, untried)
    assert s != f, f"{seen}: both rules pick {s!r}"
    assert sum(s in w for w in words) < sum(f in w for w in words), (
        f"{seen}: the splitting letter {s!r} is in as many words as {f!r}")
    print(f"{seen.pattern}, tried {' '.join(seen.tried)}: splitting {s!r}, frequency {f!r}; all {cases + 1} cases pass")


if "other_scores" in globals() and "parting" in globals():
    check_other_languages(other_scores, parting)
else:
    print("write other_scores and parting above, then run this")

# %% [markdown]
# 3. **By hand, then by program.** The first guess 0123 got 1 bull and 1 cow. How many
#    secrets are left? (Count them on paper: choose which digit is the bull, which one is
#    the cow and where it stands, and the two other digits from 4 to 9.) Check your count
#    with `consistent`, as `left_1b1c` (the list of secrets). Then find, with
#    `bulls_game.partition_sizes`, the best worst case of a consistent guess (`best_consistent_worst`)
#    and the best worst case of any guess (`best_any_worst`). The answers are 720, 180 and
#    148.
#
#    <details><summary>Answer</summary>
#
#    The bull: 4 digits of 0123, at their place. The cow: one of the 3 others, at a place
#    that is neither its own nor the bull's: 2 places. The two places left take two
#    different digits from 4 to 9: 6 × 5. So 4 × 3 × 2 × 6 × 5 = **720** secrets.
#
#    ```python
#    left_1b1c = consistent(codes, [bulls_game.Answer((0, 1, 2, 3), 1, 1)])
#    print(len(left_1b1c), 4 * 3 * 2 * 6 * 5)
#    rows = bulls_game.consistent_codes(table, [bulls_game.Answer((0, 1, 2, 3), 1, 1)])
#    worst_of = bulls_game.partition_sizes(table, rows).max(axis=1)  # every code's worst case as the second guess
#    best_consistent_worst, best_any_worst = int(worst_of[rows].min()), int(worst_of.min())
#    print(best_consistent_worst, best_any_worst)
#    ```
#
#    The best consistent guess leaves 180 secrets in the worst case, the best guess of
#    all only **148**: as after 0 bulls 2 cows, a guess that cannot be the secret splits
#    the rest better.
#
#    </details>

# %%
def check_1b1c(left_1b1c, best_consistent_worst, best_any_worst) -> None:
    """Your secrets one by one, and the two worst cases."""
    rows = bulls_game.consistent_codes(table, [bulls_game.Answer((0, 1, 2, 3), 1, 1)])
    want = {codes[i] for i in rows}
    got = {tuple(s) for s in left_1b1c}
    assert not got - want, f"{bulls_game.code_text(sorted(got - want)[0])} does not answer 0123 with 1 bull and 1 cow"
    assert not want - got, f"{bulls_game.code_text(sorted(want - got)[0])} is missing"
    worst_of = bulls_game.partition_sizes(table, rows).max(axis=1)
    assert best_consistent_worst == worst_of[rows].min(), f"the best consistent guess leaves {worst_of[rows].min()}"
    assert best_any_worst == worst_of.min(), f"the best guess leaves {worst_of.min()} in the worst case"
    print(f"all {len(want) + 2} cases pass")


if all(name in globals() for name in ("left_1b1c", "best_consistent_worst", "best_any_worst")):
    check_1b1c(left_1b1c, best_consistent_worst, best_any_worst)
else:
    print("write left_1b1c, best_consistent_worst and best_any_worst above, then run this")

# %% [markdown]
# 4. **Mastermind.** In Mastermind a code is 4 pegs of 6 colours, and colours may repeat.
#    A black peg is a right colour in the right place; a white peg counts the colours the
#    guess and the code have in common (with repeats: the smaller of the two counts, colour
#    by colour), minus the black pegs. Write `pegs(guess, code)` (it returns
#    `(black, white)`) and check it by hand on three examples with repeated colours. Then
#    build the partition of all 1,296 codes by Knuth's first guess 1122 (colours 1 to 6),
#    as a `Counter` `knuth_groups` from `(black, white)` to the number of codes: its
#    largest group must have 256 codes.
#
#    <details><summary>Answer</summary>
#
#    ```python
#    import itertools
#
#
#    def pegs(guess, code) -> tuple[int, int]:
#        black = sum(g == c for g, c in zip(guess, code, strict=True))
#        common = sum(min(guess.count(colour), code.count(colour)) for colour in set(guess))
#        return black, common - black
#
#
#    assert pegs((1, 1, 2, 2), (1, 2, 1, 2)) == (2, 2)  # places 1 and 4 black; a 1 and a 2 swapped
#    assert pegs((1, 1, 1, 1), (1, 2, 3, 4)) == (1, 0)  # one 1 in common, and it is in place
#    assert pegs((1, 1, 2, 3), (3, 1, 1, 1)) == (1, 2)  # two 1s and a 3 in common, one 1 in place
#    mastermind = list(itertools.product(range(1, 7), repeat=4))
#    knuth_groups = Counter(pegs((1, 1, 2, 2), code) for code in mastermind)
#    print(len(mastermind), max(knuth_groups.values()), sorted(knuth_groups.items()))
#    ```
#
#    Three groups tie for the largest, 256 codes each: no peg (the code uses only colours
#    3 to 6: 4⁴ = 256), one white, and one black. Knuth's rule then plays on from the
#    group the answer leaves.
#
#    </details>

# %%
def check_pegs(pegs, knuth_groups) -> None:
    """Every code against five guesses and against itself, and the partition by 1122."""
    import itertools

    def expected(guess, code):
        black = sum(g == c for g, c in zip(guess, code, strict=True))
        return black, sum((Counter(guess) & Counter(code)).values()) - black

    mastermind = list(itertools.product(range(1, 7), repeat=4))
    cases = 0
    for guess in [(1, 1, 2, 2), (1, 2, 3, 4), (1, 1, 1, 1), (6, 6, 5, 1), (2, 3, 2, 3)]:
        for code in mastermind:
            want, got = expected(guess, code), tuple(pegs(guess, code))
            assert got == want, f"guess {guess}, code {code}: expected {want}, got {got}"
            cases += 1
    for code in mastermind:
        assert tuple(pegs(code, code)) == (4, 0), f"{code} against itself: 4 black"
        cases += 1
    want = Counter(expected((1, 1, 2, 2), code) for code in mastermind)
    assert dict(knuth_groups) == dict(want), f"1122 splits the codes into {sorted(want.items())}"
    assert max(knuth_groups.values()) == 256
    print(f"all {cases + 1} cases pass")


if "pegs" in globals() and "knuth_groups" in globals():
    check_pegs(pegs, knuth_groups)
else:
    print("write pegs and knuth_groups above, then run this")

# %% [markdown]
# 5. **A guess limit.** `bulls_game.Bulls(max_guesses=6)` loses the game after 6 guesses. From the
#    distributions of this lesson, how many of the 5,040 secrets does each guesser lose
#    (C's, minimax, guarded entropy)? Write them as `lost_at_6`, a dictionary with the keys
#    of `BENCHMARK` (`"consistent"`, `"minimax"`, `"entropy"`). Which guesser would you
#    choose if only the limit mattered? Check one figure by playing
#    `bulls_game.Bulls(3, 6, max_guesses=4)` against every secret: count the secrets the minimax
#    guesser loses as `small_lost`.
#
#    <details><summary>Answer</summary>
#
#    A secret is lost when it needs 7 guesses or more: add up the distribution from 7 on.
#
#    ```python
#    lost_at_6 = {name: sum(BENCHMARK[name][7:]) for name in ("consistent", "minimax", "entropy")}
#    print(lost_at_6)
#    limited = bulls_game.Bulls(3, 6, max_guesses=4)
#    small_lost = sum(play(limited, [Player("minimax", bulls_game.minimax_strategy())],
#                          start=limited.start_with(secret)).end
#                     == End.LOST for secret in limited.codes)
#    print(small_lost, bulls_game.guess_counts("minimax", 3, 6).distribution)
#    ```
#
#    C's guesser loses 711 secrets (657 + 52 + 2), minimax 202, guarded entropy **99**.
#    With only the limit to care about, take the entropy guesser: it loses half as many
#    secrets as minimax, and a seventh as many as C's. Minimax's worst case of 7 does not
#    help here: a secret that needs 7 guesses is lost all the same. In the small game
#    minimax needs 5 guesses on 11 of the 120 secrets, and loses exactly those 11.
#
#    </details>

# %%
def check_guess_limit(lost_at_6, small_lost) -> None:
    """The three figures from the benchmark, and the small game's losses from guess_counts."""
    cases = 0
    for name in ("consistent", "minimax", "entropy"):
        want = sum(BENCHMARK[name][7:])
        assert lost_at_6[name] == want, f"{name}: loses {want} secrets, not {lost_at_6[name]}"
        cases += 1
    want = sum(bulls_game.guess_counts("minimax", 3, 6).distribution[5:])
    assert small_lost == want, f"minimax loses {want} of the 120 secrets within 4 guesses, not {small_lost}"
    print(f"all {cases + 1} cases pass")


if "lost_at_6" in globals() and "small_lost" in globals():
    check_guess_limit(lost_at_6, small_lost)
else:
    print("write lost_at_6 and small_lost above, then run this")

# %% [markdown]
# 6. **Duels.** Compute with `duel_chances` the chances of minimax (first) against guarded
#    entropy (second) on the full game, as `minimax_vs_entropy`. Then play all 120 × 120
#    pairs of secrets of the small mutual game, `bulls_game.Bulls(3, 6, mutual=True)`, with the two
#    deterministic guessers (minimax first, `bulls_game.entropy_strategy()` second; use `start_with`
#    for the secrets), count the results as a `Counter` `small_duels` with the keys
#    `"minimax"`, `"draw"` and `"entropy"`, and check that your counts are exactly the
#    chances computed from `bulls_game.guess_counts("minimax", 3, 6)` and
#    `bulls_game.guess_counts("entropy", 3, 6)`.
#
#    <details><summary>Answer</summary>
#
#    ```python
#    minimax_vs_entropy = duel_chances(BENCHMARK["minimax"], BENCHMARK["entropy"])
#    print("minimax wins {:.1%}, draw {:.1%}, entropy wins {:.1%}".format(*minimax_vs_entropy))
#    small_duels = Counter()
#    for first_secret in small_mutual.codes:
#        for second_secret in small_mutual.codes:
#            record = play(small_mutual, [Player("minimax", bulls_game.minimax_strategy()),
#                                         Player("entropy", bulls_game.entropy_strategy())],
#                          start=small_mutual.start_with(first_secret, second_secret))
#            small_duels["draw" if record.winner is None else ("minimax", "entropy")[record.winner]] += 1
#    chances = duel_chances(bulls_game.guess_counts("minimax", 3, 6).distribution,
#                           bulls_game.guess_counts("entropy", 3, 6).distribution)
#    print(small_duels, [round(120 * 120 * p) for p in chances])
#    ```
#
#    On the full game minimax wins about 26.3 %, entropy about 36.5 %, and 37.2 % are
#    draws. In the small game the counts are exact: each guesser is deterministic and
#    looks only at its own answers, so each pair of secrets gives one pair of guess
#    counts, and the 14,400 pairs are exactly the products the formula adds up. Minimax
#    wins 3,337, entropy 4,469, and 6,594 are draws.
#
#    </details>

# %%
def check_duels(minimax_vs_entropy, small_duels) -> None:
    """The full game's chances from the benchmark, and the small game's counts against the formula."""
    want = duel_chances(BENCHMARK["minimax"], BENCHMARK["entropy"])
    for name, w, g in zip(("minimax wins", "draw", "entropy wins"), want, minimax_vs_entropy, strict=True):
        assert math.isclose(g, w), f"{name}: expected {w:.4f}, got {g:.4f}"
    chances = duel_chances(bulls_game.guess_counts("minimax", 3, 6).distribution,
                           bulls_game.guess_counts("entropy", 3, 6).distribution)
    for name, share in zip(("minimax", "draw", "entropy"), chances, strict=True):
        assert small_duels[name] == round(120 * 120 * share), (
            f"{name}: the formula gives {round(120 * 120 * share)} of 14,400 duels, you counted {small_duels[name]}")
    assert sum(small_duels.values()) == 120 * 120, "play all 120 x 120 pairs of secrets"
    print("all 7 cases pass")


if "minimax_vs_entropy" in globals() and "small_duels" in globals():
    check_duels(minimax_vs_entropy, small_duels)
else:
    print("write minimax_vs_entropy and small_duels above, then run this")
