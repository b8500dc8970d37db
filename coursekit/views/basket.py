"""Basket pictures: the balls left of each colour as text and as SVG, and a game's transcript.

Every ball carries its colour's letter (R, B, G, Y, O, P), so the pictures read without colour.

>>> from coursekit.games.basket import Basket
>>> print(basket_text(Basket().position((2, 3, 0))))
red    R R     2 left
blue   B B B   3 left
green  -       0 left
first player to move
"""

from __future__ import annotations

from html import escape

from ..core import display
from ..core.record import Record
from ..games.basket import COLOUR_NAMES, LETTERS, PLAYER_NAMES, Basket, BasketState, Put

#: Fill colours of the balls, readable on white; the letter inside says the colour too.
FILLS = {"red": "#d7301f", "blue": "#2c7fb8", "green": "#31a354", "yellow": "#fec44f", "orange": "#f16913",
         "purple": "#756bb1"}
#: Letters drawn dark on the light fills, light on the others.
DARK_LETTERS = {"yellow", "orange"}
#: The most balls a row of a picture draws; more are counted, not drawn.
MOST_DRAWN = 24
BALL = 26
LABEL = 64


def _balls(letter: str, count: int) -> str:
    if count == 0:
        return "-"
    drawn = " ".join(letter * min(count, MOST_DRAWN))
    return drawn + (" ..." if count > MOST_DRAWN else "")


def basket_text(state: BasketState) -> str:
    """One line per colour: its name, its balls left as letters, how many; then whose turn it is."""
    drawn = [_balls(LETTERS[c], n) for c, n in enumerate(state.left)]
    width = max(len(d) for d in drawn)
    name_width = max(len(COLOUR_NAMES[c]) for c in range(len(state.left)))
    lines = [f"{COLOUR_NAMES[c]:<{name_width}}  {d:<{width}}   {n} left"
             for c, (d, n) in enumerate(zip(drawn, state.left, strict=True))]
    if state.is_full:
        lines.append(f"every ball is in the basket: the {PLAYER_NAMES[1 - state.turn]} put the last one and won")
    else:
        lines.append(f"{PLAYER_NAMES[state.turn]} to move")
    return "\n".join(lines)


def move_words(move: Put) -> str:
    """A move as the terminal types it and in words: ``R2 (2 red)``.

    >>> move_words(Put(1, 1))
    'B1 (1 blue)'
    """
    colour, balls = move
    return f"{Put(colour, balls)} ({balls} {COLOUR_NAMES[colour]})"


def rules_text(rules: Basket) -> str:
    """The options in words: ``3 colours of 3 balls, no cap``."""
    cap = "no cap" if rules.cap is None else f"at most {rules.cap} a move"
    return f"{rules.colours} colour{'s' if rules.colours != 1 else ''} of {rules.balls} balls, {cap}"


def transcript(record: Record) -> str:
    """A game move by move: who put which balls, the basket after it, and the winner."""
    rules = record.rules
    assert isinstance(rules, Basket)
    lines = [f"The basket, {rules_text(rules)}: " + ", ".join(
        f"{PLAYER_NAMES[p]} {name}" for p, name in enumerate(record.players)), "", basket_text(record.start)]
    for i, step in enumerate(record.moves, start=1):
        lines += ["", f"Move {i}: {PLAYER_NAMES[step.player]} ({record.players[step.player]}) puts "
                  f"{move_words(step.move)}", basket_text(step.state)]
    lines.append("")
    if record.end == "won" and record.winner is not None:
        lines.append(f"The winner is the {PLAYER_NAMES[record.winner]} ({record.players[record.winner]}): "
                     "they put the last ball")
    else:
        lines.append(f"The game ended: {record.end}")
    return "\n".join(lines)


def _ball(x: float, y: float, colour: int, number: str = "") -> str:
    name = COLOUR_NAMES[colour]
    ink = "#222" if name in DARK_LETTERS else "#fff"
    r = BALL * 0.42
    out = (f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{FILLS[name]}" stroke="#333"/>'
           f'<text x="{x:g}" y="{y:g}" font-size="12" font-weight="bold" fill="{ink}" text-anchor="middle" '
           f'dominant-baseline="central">{LETTERS[colour]}</text>')
    if number:
        out += (f'<text x="{x:g}" y="{y + BALL * 0.62:g}" font-size="8" fill="#555" text-anchor="middle" '
                f'dominant-baseline="central">{escape(number)}</text>')
    return out


def _picture(left: tuple[int, ...], caption: str, numbers: dict[tuple[int, int], str] | None = None,
             faded: tuple[int, ...] | None = None) -> str:
    """Rows of balls, one row per colour; ``numbers`` labels ball ``(colour, i)``; balls ``i >= faded[c]`` are pale."""
    numbers = numbers or {}
    shown = max(min(max(left, default=0), MOST_DRAWN), 1)
    row = BALL + (10 if numbers else 4)
    width = LABEL + shown * BALL + 48
    height = 24 + len(left) * row
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" role="img">',
           f"<title>{escape(caption)}</title>",
           f'<text x="4" y="12" font-size="11" fill="#333" dominant-baseline="central">{escape(caption)}</text>']
    for colour, count in enumerate(left):
        y = 24 + colour * row + BALL / 2
        out.append(f'<text x="4" y="{y:g}" font-size="12" fill="#333" dominant-baseline="central">'
                   f'{escape(COLOUR_NAMES[colour])} {LETTERS[colour]}</text>')
        for i in range(min(count, MOST_DRAWN)):
            ball = _ball(LABEL + i * BALL + BALL / 2, y, colour, numbers.get((colour, i), ""))
            if faded is not None and i >= faded[colour]:
                ball = f'<g opacity="0.35">{ball}</g>'
            out.append(ball)
        extra = f"+{count - MOST_DRAWN}" if count > MOST_DRAWN else ""
        out.append(f'<text x="{LABEL + min(count, MOST_DRAWN) * BALL + 6:g}" y="{y:g}" font-size="11" fill="#555" '
                   f'dominant-baseline="central">{extra} {count}</text>')
    out.append("</svg>")
    return "".join(out)


def basket_svg(state: BasketState) -> str:
    """The balls left, one row per colour, each ball labelled with its colour's letter."""
    caption = (f"the {PLAYER_NAMES[1 - state.turn]} has won" if state.is_full
               else f"{PLAYER_NAMES[state.turn]} to move")
    return _picture(state.left, caption)


def record_svg(record: Record) -> str:
    """A game: the balls at the start, each numbered by the move that put it in the basket (pale: never put)."""
    start: BasketState = record.start
    numbers: dict[tuple[int, int], str] = {}
    left = list(start.left)
    for i, step in enumerate(record.moves, start=1):
        colour, balls = step.move
        for _ in range(balls):
            left[colour] -= 1
            numbers[(colour, start.left[colour] - 1 - left[colour])] = str(i)
    put = tuple(n - m for n, m in zip(start.left, left, strict=True))
    winner = "" if record.winner is None else f", the {PLAYER_NAMES[record.winner]} won"
    return _picture(start.left, f"{len(record.moves)} moves{winner}", numbers, faded=put)


def register() -> None:
    """Register the basket's views with :mod:`coursekit.core.display`."""
    display.register(BasketState, text=basket_text, svg=basket_svg)
    display.register(Basket, text=transcript, svg=record_svg, move=move_words)


__all__ = ["basket_svg", "basket_text", "move_words", "record_svg", "register", "transcript"]
