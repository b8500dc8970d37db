"""A seeded ps08 class raced once, its standings by two rating models beside each entrant's average place.

    python -m benchmarks.race_ratings [--secrets N] [--seed S]

Sixteen entrants, each a ps08 notebook's ``next_guess`` in its own sandbox, race on the same
``--secrets`` secrets (default 20) drawn from ``--seed``: the notebook's reference guesser, ten
consistent guessers that choose among the codes still possible at random (each with a seed of its
own, as ten students' fair solutions would), a consistent guesser that always takes the first such
code, one that takes the last, and three weak guessers that do not always find the secret in 12
guesses. The race is played once; its games are then rated twice, by openskill's Plackett-Luce (the
tournament's former model) and by the tournament's :class:`~coursekit.grading.tournament.Ratings`
(Bradley-Terry with full pairing), and the order of each is printed beside each entrant's
average place and the tournament's own standings (which rank a race by the average place, see
:func:`~coursekit.grading.tournament.records.ranked`), with the number of pairs of entrants that
each order puts the other way round from the average places. Not a section of
``python -m benchmarks``.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from pathlib import Path

from coursekit.grading.tournament import CONTESTS, Entrant, Game, Ratings, notebook_cells, places, play_tournament

NOTEBOOK = Path(__file__).resolve().parents[1] / "assignments" / "source" / "ps08" / "ps08.ipynb"

#: The cell every guesser below runs first: the codes, and the answer a guess gets from a secret.
CODES = '''
import itertools
_CODES = ["".join(p) for p in itertools.permutations("0123456789", 4)]

def _answer(guess, code):
    bulls = sum(g == c for g, c in zip(guess, code))
    return bulls, len(set(guess) & set(code)) - bulls
'''

#: A consistent guesser that draws among the codes still possible with a seed of its own.
CHOOSE_AT_RANDOM = '''
import random
_DRAW = random.Random({seed})

def next_guess(history):
    possible = [c for c in _CODES if all(_answer(g, c) == (b, w) for g, b, w in history)]
    return _DRAW.choice(possible)
'''

#: A consistent guesser that takes the first (``0``) or the last (``-1``) code still possible.
TAKE = '''

def next_guess(history):
    possible = [c for c in _CODES if all(_answer(g, c) == (b, w) for g, b, w in history)]
    return possible[{end}]
'''

#: A weak guesser: consistent with only the last ``{memory}`` answers (it may repeat itself or run out).
FORGETFUL = '''

def next_guess(history):
    asked = {{g for g, _, _ in history}}
    recent = history[-{memory}:]
    for code in _CODES:
        if code not in asked and all(_answer(g, code) == (b, w) for g, b, w in recent):
            return code
    return next(c for c in _CODES if c not in asked)
'''


def entrants() -> list[Entrant]:
    reference = notebook_cells(json.loads(NOTEBOOK.read_text(encoding="utf-8")), "next_guess") or ()
    setup = tuple(reference[:-1])
    students = [Entrant("reference", tuple(reference))]
    students += [Entrant(f"random {n:02d}", (*setup, CODES, CHOOSE_AT_RANDOM.format(seed=n))) for n in range(1, 11)]
    students += [Entrant("first code", (*setup, CODES, TAKE.format(end=0))),
                 Entrant("last code", (*setup, CODES, TAKE.format(end=-1)))]
    students += [Entrant(f"forgets all but {m}", (*setup, CODES, FORGETFUL.format(memory=m))) for m in (1, 2, 3)]
    return students


def rated(names: Sequence[str], matches: Sequence[dict[str, int]],
          model: Callable[[Sequence[str]], Ratings]) -> list[str]:
    """The names, best first, by the model's ordinal after every match (ties by name)."""
    ratings = model(names)
    for match in matches:
        ratings.rate(match)
    return sorted(names, key=lambda name: (-ratings.ordinal(name), name))


class PlackettLuce(Ratings):
    """The tournament's ratings with its former model, for comparison."""

    def __init__(self, names: Sequence[str]) -> None:
        from openskill.models import PlackettLuce as Model

        self.model = Model()  # type: ignore[assignment]
        self.of = {name: self.model.rating(name=name) for name in names}


def inversions(order: Sequence[str], average: dict[str, float]) -> int:
    """Pairs that ``order`` puts the other way round from their average places."""
    return sum(1 for i, a in enumerate(order) for b in order[i + 1:] if average[a] > average[b])


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--secrets", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    result = play_tournament(CONTESTS["ps08"], entrants(), seed=args.seed, rounds=args.secrets, jobs=2)
    by_match: dict[int, list[Game]] = {}
    for game in result.games:
        by_match.setdefault(game.match, []).append(game)
    matches = [places(games) for _, games in sorted(by_match.items())]
    names = [s.name for s in result.standings]
    average = {name: sum(m[name] for m in matches) / len(matches) for name in names}
    guesses = {s.name: s.average for s in result.standings}
    before, after = rated(names, matches, PlackettLuce), rated(names, matches, Ratings)
    print(f"ps08 race, seed {args.seed}, {len(matches)} secrets, {len(names)} entrants")
    print(f"{'entrant':<20} {'avg place':>9} {'avg guesses':>11} {'solved':>6}  {'Plackett-Luce':>13}  "
          f"{'Bradley-Terry':>13}  {'standings':>9}")
    solved = {s.name: s.wins for s in result.standings}
    for name in sorted(names, key=lambda n: (average[n], n)):
        shown = "" if guesses[name] is None else f"{guesses[name]:.2f}"
        print(f"{name:<20} {average[name]:9.2f} {shown:>11} {solved[name]:>6}  {before.index(name) + 1:>13}  "
              f"{after.index(name) + 1:>13}  {names.index(name) + 1:>9}")
    print(f"pairs ordered against their average places: Plackett-Luce {inversions(before, average)}, "
          f"Bradley-Terry {inversions(after, average)}, standings {inversions(names, average)}")


if __name__ == "__main__":
    main()
