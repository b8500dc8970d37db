"""Bulls and cows (C): each guesser against every secret, beside the published figures (REFERENCE.md).

The answer table (every guess against every secret) is built once per size and timed; each
guesser's average, worst case and time follow. ``--quick`` uses 3 digits of 6 (120 secrets).
"""

from __future__ import annotations

import time
from typing import Any

from coursekit.games.bulls import MEASURED, answer_table, guarded_plan, guess_counts, score

from .measure import Section

COLUMNS = (
    ("size", "size"),
    ("what", "what"),
    ("secrets", "secrets"),
    ("average", "average"),
    ("worst", "worst"),
    ("known", "known average"),
    ("known_worst", "known worst"),
    ("seconds", "seconds"),
    ("agree", "agree"),
)

#: REFERENCE.md's figures on 4 digits of 10: average (and worst case where it is given).
KNOWN: dict[str, tuple[float, int | None]] = {
    "consistent": (5.47, None),
    "minimax": (5.385, 7),
    "entropy": (5.243, 7),
    "greedy-entropy": (5.243, None),
}
#: How far an average may be from the published one (C's guesser is random: a wider margin).
MARGIN = {"consistent": 0.05, "minimax": 0.002, "entropy": 0.002, "greedy-entropy": 0.002}
#: The optimal average (Tanaka 1996): no guesser does better.
OPTIMAL = 26_274 / 5_040


def table_row(section: Section, digits: int, base: int) -> dict[str, Any]:
    """Build the answer table; check a sample of its answers against direct counting."""
    answer_table.cache_clear()
    table = answer_table(digits, base)
    step = max(1, table.size // 60)
    wrong = [(g, s) for g in range(0, table.size, step) for s in range(0, table.size, step)
             if table.answer(g, s) != score(table.codes[g], table.codes[s])]
    if wrong:
        section.disagree(f"the answer table differs from counting at {table.codes[wrong[0][0]]} against "
                         f"{table.codes[wrong[0][1]]}")
    return {"size": f"{digits} of {base}", "what": f"answer table ({table.answers.nbytes / 1e6:.1f} MB)",
            "secrets": table.size, "average": None, "worst": None, "known": None, "known_worst": None,
            "seconds": table.seconds, "agree": not wrong}


def guesser_row(section: Section, name: str, digits: int, base: int) -> dict[str, Any]:
    """One guesser over every secret, against REFERENCE.md on 4 of 10."""
    began = time.perf_counter()
    if name == "entropy":
        guarded_plan.cache_clear()
    counts = guess_counts(name, digits, base, seed=0)
    spent = time.perf_counter() - began
    known, known_worst = KNOWN[name] if (digits, base) == (4, 10) else (None, None)
    agree = True
    if known is not None and abs(counts.average - known) > MARGIN[name]:
        agree = False
        section.disagree(f"{name}: average {counts.average:.4f}, published {known}")
    if known_worst is not None and counts.worst > known_worst:
        agree = False
        section.disagree(f"{name}: worst case {counts.worst}, published {known_worst}")
    if (digits, base) == (4, 10) and counts.average < OPTIMAL - 1e-9:
        agree = False
        section.disagree(f"{name}: average {counts.average:.4f} beats the optimum {OPTIMAL:.4f}")
    return {"size": f"{digits} of {base}", "what": name + (" (seed 0)" if name == "consistent" else ""),
            "secrets": counts.secrets, "average": counts.average, "worst": counts.worst, "known": known,
            "known_worst": known_worst, "seconds": spent, "agree": agree}


def measure(*, quick: bool = False, limit: float = 60.0) -> Section:
    section = Section("bulls", "Bulls and cows (C): guessers against every secret", COLUMNS)
    digits, base = (3, 6) if quick else (4, 10)
    section.rows.append(table_row(section, digits, base))
    began = time.perf_counter()
    for name in MEASURED:
        if time.perf_counter() - began > limit:
            section.notes.append(f"{name} left out: the budget of {limit:g} s was spent.")
            continue
        section.rows.append(guesser_row(section, name, digits, base))
    section.notes.append(
        "Every guesser plays every secret; minimax and entropy choose among all codes (a code that may be the "
        "secret preferred on ties) and open with the first code (0123), as good as any. entropy never takes more "
        "than minimax's worst case: where greedy entropy would need an 8th guess it takes the next best guess "
        "that finishes in time. consistent (C's) guesses a random secret that fits every answer; secret i uses "
        "the seed 0 * 1000003 + i. The entropy time includes building its plan and minimax's tree.")
    section.notes.append(f"Known figures on 4 of 10 (REFERENCE.md): the optimum averages {OPTIMAL:.4f} (Tanaka), "
                         "and no guesser always finishes within 6.")
    return section
