"""Bulls and cows pictures: each player's guesses with their bulls and cows, as text and as SVG.

A secret a player may not see is written ``????``. In the pictures a bull is a filled circle
and a cow an open one, and the numbers are written beside them, so they read without colour.

>>> from coursekit.games.bulls import Bulls
>>> rules = Bulls()
>>> state = rules.apply(rules.start_with((5, 3, 1, 0)), (0, 1, 2, 3))
>>> print(history_text(rules.observation(state, 0)))
the secret: ????
 #  guess  bulls  cows
 1  0123       0     3
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ...core import display
from ...core.record import Record
from ...render.svg import hit_open
from .rules import Answer, Bulls, BullsState, code_text

#: How the players of the mutual game are called.
PLAYER_NAMES = ("first player", "second player")
ROW = 26
BOX = 20
TOP = 44
#: The board's digit keys: size and gap.
KEY, KEY_GAP = 30, 4


def answers_table(answers: tuple[Answer, ...]) -> list[str]:
    """A table of guesses: number, guess, bulls, cows.

    >>> answers_table((Answer((0, 1, 2, 3), 1, 2),))
    [' #  guess  bulls  cows', ' 1  0123       1     2']
    """
    width = max([5, *(len(a.guess) for a in answers)])
    lines = [f" #  {'guess':<{width}}  bulls  cows"]
    lines += [f"{n:>2}  {code_text(a.guess):<{width}}  {a.bulls:>5}  {a.cows:>4}" for n, a in enumerate(answers, 1)]
    return lines


def history_text(state: BullsState) -> str:
    """Each player's secret to find (``????`` where hidden) and its guesses so far."""
    if len(state.answers) == 1:
        target = state.targets[0] if state.targets else None
        lines = [f"the secret: {code_text(target)}", *answers_table(state.answers[0])]
        if state.found(0):
            lines.append(f"found in {len(state.answers[0])} guesses")
        return "\n".join(lines)
    lines = []
    for player, answers in enumerate(state.answers):
        target = state.targets[player] if player < len(state.targets) else None
        if lines:
            lines.append("")
        lines.append(f"{PLAYER_NAMES[player]} looks for {code_text(target)}"
                     + (f" (found in {len(answers)} guesses)" if state.found(player) else ""))
        lines += answers_table(answers)
    if len(state.targets) == len(state.answers):
        lines += ["", f"{PLAYER_NAMES[state.turn]} to guess"]
    return "\n".join(lines)


def rules_text(rules: Bulls) -> str:
    """The options in words: ``4 different digits from 0 to 9``."""
    limit = "" if rules.max_guesses is None else f", at most {rules.max_guesses} guesses"
    return f"{rules.digits} different digits from 0 to {rules.base - 1}{limit}"


def move_words(code: tuple[int, ...]) -> str:
    """A guess as it is typed: ``0123``."""
    return code_text(code)


def transcript(record: Record) -> str:
    """A game guess by guess, then who found what (the secrets are shown at the end)."""
    rules = record.rules
    assert isinstance(rules, Bulls)
    final: BullsState = record.final
    if not rules.mutual:
        lines = [f"Bulls and cows, {rules_text(rules)}: {record.players[0]} guesses", ""]
        for n, step in enumerate(record.moves, 1):
            lines.append(f"Guess {n}: {step.state.answers[0][n - 1]}")
        secret = code_text(final.targets[0]) if final.targets else "not hidden yet"
        guesses = len(final.answers[0])
        ending = (f"Found the secret {secret} in {guesses} guess{'es' if guesses != 1 else ''}"
                  if record.end == "won" else f"The game ended: {record.end}; the secret was {secret}")
        return "\n".join([*lines, "", ending])
    names = ", ".join(f"{PLAYER_NAMES[p]} {name}" for p, name in enumerate(record.players))
    lines = [f"Bulls and cows, {rules_text(rules)}, guessing each other's secret: {names}", ""]
    for step in record.moves:
        answers = step.state.answers[step.player]
        round_number = len(answers)
        lines.append(f"Round {round_number}, {PLAYER_NAMES[step.player]} ({record.players[step.player]}): "
                     f"{answers[-1]}")
    lines.append("")
    for player in range(2):
        target = final.targets[player] if player < len(final.targets) else None
        lines.append(f"The {PLAYER_NAMES[1 - player]}'s secret was {code_text(target)}")
    if record.end == "won" and record.winner is not None:
        lines.append(f"The winner is the {PLAYER_NAMES[record.winner]} ({record.players[record.winner]}): found the "
                     f"secret in {len(final.answers[record.winner])} guesses")
    elif record.end == "draw" and all(final.found(p) for p in range(2)):
        lines.append(f"A draw: both found the secret in round {len(final.answers[0])}")
    else:
        lines.append(f"The game ended: {record.end}")
    return "\n".join(lines)


def _code_boxes(x: float, y: float, code: tuple[int, ...] | None, digits: int) -> str:
    shown = code_text(code) if code is not None else "?" * digits
    out = []
    for i, character in enumerate(shown):
        left = x + i * (BOX + 2)
        out.append(f'<rect x="{left:g}" y="{y:g}" width="{BOX}" height="{BOX}" fill="#fff" stroke="#333"/>'
                   f'<text x="{left + BOX / 2:g}" y="{y + BOX / 2:g}" font-size="14" font-family="monospace" '
                   f'text-anchor="middle" dominant-baseline="central">{escape(character)}</text>')
    return "".join(out)


def _pegs(x: float, y: float, bulls: int, cows: int) -> str:
    out = []
    for i in range(bulls + cows):
        fill = "#222" if i < bulls else "#fff"
        out.append(f'<circle cx="{x + i * 12 + 5:g}" cy="{y + BOX / 2:g}" r="4.5" fill="{fill}" stroke="#222"/>')
    label = f"{bulls} bull{'' if bulls == 1 else 's'}, {cows} cow{'' if cows == 1 else 's'}"
    out.append(f'<text x="{x + max(bulls + cows, 1) * 12 + 6:g}" y="{y + BOX / 2:g}" font-size="11" fill="#333" '
               f'dominant-baseline="central">{escape(label)}</text>')
    return "".join(out)


def _column(x: float, title: str, target: tuple[int, ...] | None, answers: tuple[Answer, ...], digits: int) -> str:
    out = [f'<text x="{x:g}" y="12" font-size="12" fill="#333" dominant-baseline="central">{escape(title)}</text>',
           _code_boxes(x, 20, target, digits)]
    for n, answer in enumerate(answers, 1):
        y = TOP + (n - 1) * ROW
        out.append(f'<text x="{x + 14:g}" y="{y + BOX / 2:g}" font-size="11" fill="#555" text-anchor="end" '
                   f'dominant-baseline="central">{n}</text>')
        out.append(_code_boxes(x + 20, y, answer.guess, digits))
        out.append(_pegs(x + 28 + digits * (BOX + 2), y, answer.bulls, answer.cows))
    return "".join(out)


def _picture(targets: tuple[tuple[int, ...] | None, ...], answers: tuple[tuple[Answer, ...], ...], digits: int,
             titles: list[str], caption: str, notes: Sequence[str] = (),
             pad: tuple[int, tuple[int, ...]] | None = None) -> str:
    column = 40 + digits * (BOX + 2) + 12 * (digits + 1) + 90
    base = pad[0] if pad is not None else 0
    width = max(column * len(answers), 8 + (base + 1) * (KEY + KEY_GAP) + 60 if pad is not None else 0,
                *(12 + 6 * len(line) for line in notes))
    history = TOP + max([1, *(len(a) for a in answers)]) * ROW + 20
    pad_top = history + 16 * len(notes) + 6
    height = pad_top + (KEY + 34 if pad is not None else 0)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
           f'font-family="sans-serif" role="img">', f"<title>{escape(caption)}</title>"]
    for player, given in enumerate(answers):
        target = targets[player] if player < len(targets) else None
        out.append(_column(4 + player * column, titles[player], target, given, digits))
    out.append(f'<text x="4" y="{history - 8}" font-size="11" fill="#333">{escape(caption)}</text>')
    for i, line in enumerate(notes):
        out.append(f'<text x="4" y="{history + 8 + 16 * i}" font-size="11" fill="#333">{escape(line)}</text>')
    if pad is not None:
        out.append(_pad(pad_top, digits, *pad))
    out.append("</svg>")
    return "".join(out)


def _pad(top: float, digits: int, base: int, chosen: tuple[int, ...]) -> str:
    """The digit keys: a digit not in the guess yet is a key to click (``data-hit`` is the digit); one
    chosen already is greyed, dashed and underlined, and cannot be clicked; "clear" empties the guess."""
    so_far = " ".join([*(str(d) for d in chosen), *("_" * (digits - len(chosen)))])
    out = [f'<text x="4" y="{top + 8}" font-size="12" fill="#333" dominant-baseline="central">'
           f'your next guess: {escape(so_far)} (click {digits} different digits)</text>']
    y = top + 20
    for digit in range(base):
        x = 4 + digit * (KEY + KEY_GAP)
        centre = f'x="{x + KEY / 2:g}" y="{y + KEY / 2:g}" text-anchor="middle" dominant-baseline="central"'
        if digit in chosen:
            out.append(f'<g data-used="chosen"><title>{digit}: in your guess already</title>'
                       f'<rect x="{x}" y="{y}" width="{KEY}" height="{KEY}" rx="5" fill="#ececec" stroke="#6b6b6b" '
                       f'stroke-dasharray="3 2"/><text {centre} font-size="16" fill="#333">{digit}</text>'
                       f'<line x1="{x + 8}" y1="{y + KEY - 5}" x2="{x + KEY - 8}" y2="{y + KEY - 5}" '
                       'stroke="#333" stroke-width="2"/></g>')
        else:
            out.append(f'{hit_open(str(digit), f"add the digit {digit} to your guess")}'
                       f'<rect x="{x}" y="{y}" width="{KEY}" height="{KEY}" rx="5" fill="#fff" stroke="#333"/>'
                       f'<text {centre} font-size="16" fill="#222">{digit}</text></g>')
    if chosen:
        x = 4 + base * (KEY + KEY_GAP)
        out.append(f'{hit_open("clear", "clear your guess")}'
                   f'<rect x="{x}" y="{y}" width="{KEY + 30}" height="{KEY}" rx="5" fill="#fff" stroke="#333"/>'
                   f'<text x="{x + (KEY + 30) / 2:g}" y="{y + KEY / 2:g}" text-anchor="middle" '
                   'dominant-baseline="central" font-size="13" fill="#222">clear</text></g>')
    return "".join(out)


def _titles(count: int) -> list[str]:
    return ["the secret"] if count == 1 else [f"{PLAYER_NAMES[p]} looks for" for p in range(count)]


def _digits(state: BullsState) -> int:
    for code in state.targets:
        if code is not None:
            return len(code)
    for answers in state.answers:
        if answers:
            return len(answers[0].guess)
    return 4


def history_svg(state: BullsState) -> str:
    """Each player's secret to find (``?`` where hidden) and its guesses: a filled circle a bull, an open one a cow."""
    found = [p for p in range(len(state.answers)) if state.found(p)]
    guesses = sum(len(a) for a in state.answers)
    caption = ("found: " + ", ".join(_titles(len(state.answers))[p].replace(" looks for", "") for p in found)
               if found else f"{guesses} guess{'' if guesses == 1 else 'es'} so far")
    return _picture(state.targets, state.answers, _digits(state), _titles(len(state.answers)), caption)


def board_svg(state: BullsState, *, caption: str | None = None, notes: Sequence[str] = (),
              pad: tuple[int, tuple[int, ...]] | None = None) -> str:
    """The board's picture: :func:`history_svg` of ``state`` with ``notes`` (lines of text) below it,
    and, for the player to move, ``pad = (base, chosen)``: a key for each digit from 0 to ``base - 1``
    (those ``chosen`` for the next guess already greyed, underlined and not clickable) and "clear".

    >>> from coursekit.games.bulls import Bulls
    >>> state = Bulls(3, 6).observation(Bulls(3, 6).start_with((5, 3, 1)), 0)
    >>> svg = board_svg(state, notes=["120 secrets still possible"], pad=(6, (1, 5)))
    >>> svg.count("data-hit="), 'data-hit="5"' in svg, 'data-hit="clear"' in svg, "your next guess: 1 5 _" in svg
    (5, False, True, True)
    """
    found = [p for p in range(len(state.answers)) if state.found(p)]
    guesses = sum(len(a) for a in state.answers)
    if caption is None:
        caption = ("found: " + ", ".join(_titles(len(state.answers))[p].replace(" looks for", "") for p in found)
                   if found else f"{guesses} guess{'' if guesses == 1 else 'es'} so far")
    return _picture(state.targets, state.answers, _digits(state), _titles(len(state.answers)), caption, notes, pad)


def record_svg(record: Record) -> str:
    """The end of a game: every guess with its answer, the secrets shown."""
    final: BullsState = record.final
    if record.winner is not None:
        caption = f"{record.players[record.winner]} found the secret"
    else:
        caption = f"the game ended: {record.end}"
    return _picture(final.targets, final.answers, _digits(final), _titles(len(final.answers)), caption)


__all__ = ["answers_table", "board_svg", "history_svg", "history_text", "move_words", "record_svg", "rules_text",
           "transcript"]


display.register(BullsState, text=history_text, svg=history_svg)
display.register(Bulls, text=transcript, svg=record_svg, move=move_words)
