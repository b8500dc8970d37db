"""Checks for the basket assignment: a student's ``basket_move(left, cap)``.

Students work with plain values. A **position** is ``left``, a list of how many balls of
each colour are still to be put (colour 0 is red, 1 blue, ...; a colour may have none left),
and ``cap``, the most balls one move may put (an int, or ``None`` for no cap). A **move** is
a tuple ``(colour, balls)`` of two ints. Whoever puts the last ball wins.

The truth is the theory of :mod:`coursekit.games.basket`: a colour's Grundy value is its
balls left (with a cap ``k``: that number mod ``k + 1``), and the player to move wins
exactly when the Nim sum (the XOR of the Grundy values) is not 0. So:

- from a **winning** position the move must win: leave a Nim sum of 0 (any such move);
- from a **losing** position every legal move is as good as any other.

>>> check = basket_move_check([([3, 3, 2], 2)])
>>> run_check(lambda left, cap: (2, 1), check)
Traceback (most recent call last):
...
AssertionError: basket_move([3, 3, 2], 2) returned (2, 1): it leaves [3, 3, 1], a position the opponent wins.
With at most 2 balls a move, a colour's Grundy value is its balls left mod 3.
Before your move: Grundy values [0, 0, 2], Nim sum 0 ^ 0 ^ 2 = 2: not 0, so you can win.
After your move: Grundy values [0, 0, 1], Nim sum 0 ^ 0 ^ 1 = 1: not 0, so the opponent wins, for example with \
(0, 2), which leaves [1, 3, 1] (Nim sum 0).
A winning move: (0, 1), which leaves [2, 3, 2] (Grundy values [2, 0, 2], Nim sum 0).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ...grading.answers import as_pair
from ...grading.kernel import Case, Check, Malformed, run_check, score_check
from .rules import Basket, BasketState, Put, grundy_value, nim_sum, winning_moves

# What ``coursekit.grading`` finds by name (its module ``__getattr__``): the checks of ``basket_move``.
__all__ = ["basket_move_check", "check_basket_move", "score_basket_move"]

#: A position as the student gets it: the balls left of each colour, and the cap (``None``: no cap).
Position = tuple[list[int], int | None]

#: The caps the hidden positions are drawn from (``None``: no cap).
HIDDEN_CAPS: tuple[int | None, ...] = (None, 2, 3, 4)
#: The most balls of one colour in a hidden position.
HIDDEN_MOST = 12


def rules_for(left: Sequence[int], cap: int | None) -> Basket:
    """Rules big enough for the position (as many colours as ``left``, the largest count)."""
    return Basket.for_position(tuple(left), cap)


def grundy_values(left: Sequence[int], cap: int | None) -> list[int]:
    """Each colour's Grundy value.

    >>> grundy_values([5, 4, 6], 3), grundy_values([5, 4, 6], None)
    ([1, 0, 2], [5, 4, 6])
    """
    return [grundy_value(n, cap) for n in left]


def _sum_text(values: Sequence[int]) -> str:
    """``"1 ^ 0 ^ 2 = 3"``."""
    total = 0
    for v in values:
        total ^= v
    return f"{' ^ '.join(str(v) for v in values)} = {total}"


def _after(left: Sequence[int], move: tuple[int, int]) -> list[int]:
    colour, balls = move
    return [n - balls if c == colour else n for c, n in enumerate(left)]


def _cap_line(cap: int | None) -> str:
    if cap is None:
        return "With no cap, a colour's Grundy value is its balls left."
    return (f"With at most {cap} ball{'s' if cap != 1 else ''} a move, a colour's Grundy value is its balls left "
            f"mod {cap + 1}.")


def _move_text(move: tuple[int, int]) -> str:
    return f"({move[0]}, {move[1]})"


def is_winning(left: Sequence[int], cap: int | None) -> bool:
    """Whether the player to move wins: the Nim sum of the Grundy values is not 0.

    >>> is_winning([1, 2, 3], None), is_winning([1, 2, 3], 2)
    (False, True)
    """
    rules = rules_for(left, cap)
    return nim_sum(rules, BasketState(tuple(left))) != 0


def winning_puts(left: Sequence[int], cap: int | None) -> list[tuple[int, int]]:
    """Every winning move as a plain ``(colour, balls)`` (none from a losing position).

    >>> winning_puts([3, 3, 2], 2)
    [(0, 1), (1, 1), (2, 2)]
    """
    rules = rules_for(left, cap)
    return [(m.colour, m.balls) for m in winning_moves(rules, BasketState(tuple(left)))]


def teach_move(case: Case, move: tuple[int, int]) -> str | None:
    """``None`` if ``move`` is legal and (from a winning position) winning; else the teaching message."""
    left, cap = case.args
    rules = rules_for(left, cap)
    state = BasketState(tuple(left))
    reason = rules.why_illegal(state, Put(*move))
    if reason is not None:
        legal = rules.legal_moves(state)[0]
        return (f"{case.shown} returned {_move_text(move)}, which is not a legal move: {reason}.\n"
                f"A move is (colour, balls): a colour with balls left (numbered from 0), and from 1 ball up to "
                f"what it has left{'' if cap is None else f' and at most the cap, {cap}'}; for example "
                f"{_move_text(legal)}.")
    best = winning_puts(left, cap)
    if not best or move in best:
        return None
    after = _after(left, move)
    after_values = grundy_values(after, cap)
    replies = winning_puts(after, cap)
    reply = replies[0]
    better = best[0]
    better_left = _after(left, better)
    return (f"{case.shown} returned {_move_text(move)}: it leaves {after}, a position the opponent wins.\n"
            f"{_cap_line(cap)}\n"
            f"Before your move: Grundy values {grundy_values(left, cap)}, Nim sum "
            f"{_sum_text(grundy_values(left, cap))}: not 0, so you can win.\n"
            f"After your move: Grundy values {after_values}, Nim sum {_sum_text(after_values)}: not 0, so the "
            f"opponent wins, for example with {_move_text(reply)}, which leaves {_after(after, reply)} (Nim sum 0).\n"
            f"A winning move: {_move_text(better)}, which leaves {better_left} (Grundy values "
            f"{grundy_values(better_left, cap)}, Nim sum 0).")


def _read_move(raw: Any, case: Case) -> tuple[int, int] | Malformed:
    pair = as_pair(raw)
    if pair is None or type(raw) is not tuple:
        return Malformed("it must return a move, a tuple of two ints (colour, balls) such as (0, 1)")
    return pair


def _case(left: Sequence[int], cap: int | None) -> Case:
    counts = [int(n) for n in left]
    if not any(counts) or any(n < 0 for n in counts):
        raise ValueError(f"not a position to test: {counts} (some ball must be left, none negative)")
    return Case((counts, cap), f"basket_move({counts}, {cap})")


def basket_move_check(positions: Iterable[tuple[Sequence[int], int | None]], *, per_call: float = 1.0,
                      total: float = 10.0) -> Check:
    """The check of ``basket_move(left, cap)``: strict (a legal move that wins where a win exists).

    Its ``share`` gives 1 for a right move and 0 for a wrong one (an illegal move too): the
    judge stops only a malformed answer, so :func:`score_basket_move` can count every position.
    """
    cases = [_case(left, cap) for left, cap in positions]

    def share(case: Case, move: tuple[int, int], expected: list[tuple[int, int]]) -> tuple[float, str]:
        left, cap = case.args
        message = teach_move(case, move)
        kind = "winning" if expected else "losing"
        if message is None:
            verdict = "a winning move" if expected else "legal (every move loses here)"
        elif "not a legal move" in message:
            verdict = "not a legal move"
        else:
            verdict = "not a winning move"
        return (1.0 if message is None else 0.0), f"{left}, cap {cap} ({kind}): yours {_move_text(move)}, {verdict}"

    return Check("basket_move", cases, reference=lambda case: winning_puts(*case.args), read=_read_move,
                 judge=lambda case, move, expected: teach_move(case, move), share=share,
                 per_call=per_call, total=total)


def check_basket_move(func: Callable[..., Any], positions: Iterable[tuple[Sequence[int], int | None]], *,
                      per_call: float = 1.0, total: float = 10.0) -> int:
    """All or nothing: ``func(left, cap)`` wins from every winning position, and moves legally from the others.

    >>> check_basket_move(lambda left, cap: (0, 1), [([1, 2, 3], None), ([1, 0], 3)])
    2
    >>> check_basket_move(lambda left, cap: (1, 3), [([1, 3], 2)])
    Traceback (most recent call last):
    ...
    AssertionError: basket_move([1, 3], 2) returned (1, 3), which is not a legal move: at most 2 balls go in at \
one move, not 3.
    A move is (colour, balls): a colour with balls left (numbered from 0), and from 1 ball up to what it has left \
and at most the cap, 2; for example (0, 1).
    """
    return run_check(func, basket_move_check(positions, per_call=per_call, total=total))


def score_basket_move(func: Callable[..., Any], positions: Iterable[tuple[Sequence[int], int | None]],
                      points: float, *, per_call: float = 1.0, total: float = 15.0,
                      report: Callable[[str], None] | None = print) -> float:
    """Partial points: each position where the move is right earns its share; the first miss is taught.

    >>> score_basket_move(lambda left, cap: (0, 1), [([1, 2, 3], None), ([2, 0], None)], 4, report=None)
    2.0
    """
    check = basket_move_check(positions, per_call=per_call, total=total)
    relaxed = Check(check.name, check.cases, check.reference, check.read, lambda case, move, expected: None,
                    share=check.share, per_call=per_call, total=total)
    scale = "positions, one share each when your move is legal and, where a win exists, wins"
    score = score_check(func, relaxed, points, scale=scale, report=report, unit="positions")
    if report is not None:
        missed = next((o for o, s in zip(score.outcomes, score.shares, strict=True) if s < 1), None)
        if missed is not None:
            report(f"The first position where your move is not right:\n{teach_move(missed.case, missed.value)}")
    return score.earned


def hidden_positions(count: int, seed: int, *, losing: int = 0) -> list[Position]:
    """``count`` different positions, ``losing`` of them lost for the player to move, the same for the same ``seed``.

    Each has 2 to 6 colours, 0 to :data:`HIDDEN_MOST` balls of each (some ball left), and a cap
    from :data:`HIDDEN_CAPS`; the losing ones come last.

    >>> found = hidden_positions(10, seed=3, losing=2)
    >>> found == hidden_positions(10, seed=3, losing=2), [is_winning(*p) for p in found].count(False)
    (True, 2)
    """
    rng = random.Random(seed)
    wanted = {True: count - losing, False: losing}
    chosen: dict[bool, list[Position]] = {True: [], False: []}
    seen: set[tuple[tuple[int, ...], int | None]] = set()
    while any(len(chosen[k]) < wanted[k] for k in chosen):
        colours = rng.randint(2, 6)
        cap = rng.choice(HIDDEN_CAPS)
        left = [rng.randint(0, HIDDEN_MOST) for _ in range(colours)]
        key = (tuple(left), cap)
        if not any(left) or key in seen:
            continue
        kind = is_winning(left, cap)
        if len(chosen[kind]) < wanted[kind]:
            seen.add(key)
            chosen[kind].append((left, cap))
    return chosen[True] + chosen[False]
