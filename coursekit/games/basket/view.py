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

from collections.abc import Sequence
from html import escape

from ...core import display
from ...core.record import Record
from ...render.svg import caption_lines
from ...render.text import winner_line
from .rules import COLOUR_NAMES, LETTERS, PLAYER_NAMES, Basket, BasketState, Put

#: Fill colours of the balls, readable on white; the letter inside says the colour too (at 4.5:1 or more).
FILLS = {"red": "#d7301f", "blue": "#2171b5", "green": "#1b7837", "yellow": "#fec44f", "orange": "#f16913",
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
    lines += ["", winner_line(record, [f"the {name}" for name in PLAYER_NAMES], "they put the last ball")]
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


#: On a board that plays: a "put n" button's size, the gap between them, and the basket's balls a column.
BUTTON_W, BUTTON_H, BUTTON_GAP = 58, 22, 6
BASKET_LEVELS = 6
WIN_STROKE = "#1b7837"


def _piece(x: float, y: float, colour: int, index: int) -> str:
    """Ball ``index`` of ``colour``: the same ball glides from its row into the basket."""
    return f'<g data-piece="{LETTERS[colour]}{index}" pointer-events="none">{_ball(x, y, colour)}</g>'


def play_svg(
    state: BasketState,
    start: Sequence[int],
    *,
    buttons: Sequence[tuple[Put, bool, bool]] = (),
    hint: Sequence[str] = (),
    cap: int | None = None,
) -> str:
    """The basket on a board that plays: the balls left in rows, the balls put in the basket (each ball
    named, so that a move's balls glide into the basket), and, for the player at the board, a
    "put n" button beside each colour for each move.

    ``start`` is how many balls each colour had at the start. ``buttons`` lists ``(move, allowed,
    wins)``: a click on one sends the move's letters (``"R2"``); a move not allowed now is dashed
    and greyed (and says "not now"), a winning one (hints) gets a ✓ and a thick green border.
    ``hint`` lines are written under the basket (the Nim sum worked out).

    >>> svg = play_svg(BasketState((2, 3, 0)), (3, 3, 3), buttons=[(Put(0, 1), True, True), (Put(2, 1), False, False)])
    >>> svg.count("data-hit="), 'data-hit="R1"' in svg, "put 1 ✓" in svg, "not now" in svg
    (2, True, True, True)
    >>> svg.count("data-piece=")  # 5 balls left, 4 in the basket
    9
    """
    colours = len(state.left)
    shown = max(min(max(start, default=0), MOST_DRAWN), 1)
    per_colour = [min(n, MOST_DRAWN) for n in start]
    row = BALL + 8
    rows_top = 24
    balls_right = LABEL + shown * BALL + 52
    moves_of: dict[int, list[tuple[Put, bool, bool]]] = {}
    for move, allowed, wins in buttons:
        moves_of.setdefault(move.colour, []).append((move, allowed, wins))
    most_buttons = max((len(m) for m in moves_of.values()), default=0)
    buttons_right = balls_right + (most_buttons * (BUTTON_W + BUTTON_GAP) + 6 if most_buttons else 0)
    # The basket, under the rows: a column of up to BASKET_LEVELS balls for each colour, more side by side.
    columns = [max(1, -(-n // BASKET_LEVELS)) for n in per_colour]
    levels = max(1, min(max(per_colour, default=1), BASKET_LEVELS))
    basket_top = rows_top + colours * row + 24
    basket_left = LABEL
    basket_width = sum(columns) * BALL + 8 * (colours + 1)
    basket_height = levels * BALL + 10
    hint_top = basket_top + basket_height + 14
    width = max(buttons_right, basket_left + basket_width + 60, 8 + 7 * max((len(h) for h in hint), default=0))
    height = hint_top + 18 * len(hint) + (4 if hint else 0)
    caption = (f"the {PLAYER_NAMES[1 - state.turn]} has won" if state.is_full
               else f"{PLAYER_NAMES[state.turn]} to move")
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" role="img">',
           f"<title>{escape(caption)}</title>",
           f'<text x="4" y="12" font-size="11" fill="#333" dominant-baseline="central">{escape(caption)}</text>']
    pieces = []
    for colour, count in enumerate(state.left):
        y = rows_top + colour * row + BALL / 2
        out.append(f'<text x="4" y="{y:g}" font-size="12" fill="#333" dominant-baseline="central">'
                   f'{escape(COLOUR_NAMES[colour])} {LETTERS[colour]}</text>')
        for i in range(min(count, MOST_DRAWN)):
            pieces.append(_piece(LABEL + i * BALL + BALL / 2, y, colour, i))
        extra = f"+{count - MOST_DRAWN}" if count > MOST_DRAWN else ""
        out.append(f'<text x="{LABEL + shown * BALL + 6:g}" y="{y:g}" font-size="11" fill="#333" '
                   f'dominant-baseline="central">{extra} {count} left</text>')
        for n, (move, allowed, wins) in enumerate(moves_of.get(colour, [])):
            x0 = balls_right + n * (BUTTON_W + BUTTON_GAP)
            label = f"put {move.balls}" + (" ✓" if wins else "")
            said = f"put {move.balls} {COLOUR_NAMES[colour]}" + (": this move wins" if wins else "") + (
                "" if allowed else " (not now)")
            bold = ' font-weight="bold"' if wins else ""
            ink = "#1b1b1b" if allowed else "#555555"
            stroke = (f'stroke="{WIN_STROKE}" stroke-width="3"' if wins else 'stroke="#1b1b1b"') if allowed \
                else 'stroke="#6b6b6b" stroke-dasharray="4 3"'
            out.append(f'<g data-hit="{move}" tabindex="0" role="button" aria-label="{escape(said)}">'
                       f'<rect x="{x0:g}" y="{y - BUTTON_H / 2:g}" width="{BUTTON_W}" height="{BUTTON_H}" rx="5" '
                       f'fill="{"#ffffff" if allowed else "#ececec"}" {stroke}/>'
                       f'<text x="{x0 + BUTTON_W / 2:g}" y="{y:g}" font-size="12" fill="{ink}" '
                       f'text-anchor="middle" dominant-baseline="central"{bold}>{escape(label)}</text></g>')
    put = sum(s - n for s, n in zip(start, state.left, strict=True))
    top, bottom, left, right = basket_top, basket_top + basket_height, basket_left, basket_left + basket_width
    out.append(f'<text x="4" y="{basket_top + basket_height / 2:g}" font-size="12" fill="#333" '
               f'dominant-baseline="central">basket</text>'
               f'<path d="M{left},{top}L{left + 6},{bottom}L{right - 6},{bottom}L{right},{top}" '
               f'fill="#f4ecd8" stroke="#8a6d3b" stroke-width="2"/>'
               f'<text x="{basket_left + basket_width + 8}" y="{basket_top + basket_height / 2:g}" font-size="11" '
               f'fill="#333" dominant-baseline="central">{put} in</text>')
    x = basket_left + 8
    for colour, (first, count) in enumerate(zip(start, state.left, strict=True)):
        for k in range(min(first - count, MOST_DRAWN)):  # the k-th ball put is the row's ball first - 1 - k
            column, level = divmod(k, BASKET_LEVELS)
            pieces.append(_piece(x + column * BALL + BALL / 2, basket_top + basket_height - 5 - level * BALL - BALL / 2,
                                 colour, first - 1 - k))
        x += columns[colour] * BALL + 8
    out += caption_lines(hint, 4, hint_top + 9, 18, extra=' font-family="monospace" xml:space="preserve"')
    out += pieces
    out.append("</svg>")
    return "".join(out)


__all__ = ["basket_svg", "basket_text", "move_words", "play_svg", "record_svg", "transcript"]


display.register(BasketState, text=basket_text, svg=basket_svg)
display.register(Basket, text=transcript, svg=record_svg, move=move_words)
