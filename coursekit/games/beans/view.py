"""The beans game drawn: the article's transcript (Table 2) and the two piles as a picture.

>>> from coursekit.core import Player, play
>>> from coursekit.games.beans import Beans, winning_move
>>> perfect = lambda rules, state: winning_move(*state.position)
>>> print(play(Beans(1, 2), [Player("A", perfect), Player("B", perfect)]))
Start: [M=1, N=2]
Move 1
Player 1: [0, 2]
Player 2: [0, 1]
Move 2
Player 1: [0, 0]
The winner is A
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core import display
from ...core.grid import Coord, Grid
from ...core.record import Record
from ...render.svg import hit_open, path_svg, text_at
from ...render.text import ending
from .rules import Beans, BeansState

__all__ = ["beans_record_svg", "beans_state", "beans_svg", "beans_transcript"]


def beans_state(state: BeansState) -> str:
    """``[M=3, N=6]``, as the article prints a start."""
    return f"[M={state.white}, N={state.black}]"


def beans_transcript(record: Record) -> str:
    """A beans game in the article's Table 2 format (players numbered 1 and 2)."""
    lines = [f"Start: {beans_state(record.start)}"]
    for i, step in enumerate(record.steps):
        if step.player == 0 or i == 0:
            lines.append(f"Move {i // 2 + 1}")
        lines.append(f"Player {step.player + 1}: [{step.state.white}, {step.state.black}]")
    lines.append(ending(record))
    return "\n".join(lines)


def beans_svg(state: BeansState, per_row: int = 10,
              takes: Sequence[tuple[str, str, bool]] = ()) -> str:
    """Two piles of beans, white and black, with their counts.

    For a board that plays, ``takes`` adds a row of buttons below the piles, one for each
    ``(key, label, allowed)``: clicking one sends ``key``; a move not allowed now is drawn
    dashed and greyed, with "(not now)" after its label.

    >>> svg = beans_svg(BeansState(1, 0), takes=[("white", "take 1 white", True), ("black", "take 1 black", False)])
    >>> svg.count("data-hit="), "take 1 black (not now)" in svg
    (2, True)
    """
    r = 7
    step = 2 * r + 3
    rows = max(1, -(-max(state.white, state.black, 1) // per_row))
    pile_width = per_row * step + 10
    width = 2 * pile_width + 30
    piles_height = rows * step + 50
    height = piles_height + (44 if takes else 0)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" role="img">',
        f"<title>{state.white} white and {state.black} black beans</title>",
    ]
    for pile, (count, fill) in enumerate(((state.white, "#ffffff"), (state.black, "#222222"))):
        left = 10 + pile * (pile_width + 10)
        out.append(f'<rect x="{left}" y="4" width="{pile_width}" height="{rows * step + 14}" rx="8" '
                   'fill="#f4ecd8" stroke="#b9a77f"/>')
        for i in range(count):
            cx = left + 8 + r + (i % per_row) * step
            cy = 11 + r + (i // per_row) * step
            out.append(f'<ellipse cx="{cx}" cy="{cy}" rx="{r}" ry="{r * 0.75:g}" fill="{fill}" stroke="#222"/>')
        label = f"{'white' if pile == 0 else 'black'}: {count}"
        out.append(text_at(left + pile_width / 2, rows * step + 34, label, 13))
    if takes:
        gap = 8
        each = (width - 20 - gap * (len(takes) - 1)) / len(takes)
        for i, (key, label, allowed) in enumerate(takes):
            x0 = 10 + i * (each + gap)
            said = label if allowed else f"{label} (not now)"
            out.append(hit_open(key, said))
            style = 'stroke="#1b1b1b"' if allowed else 'stroke="#6b6b6b" stroke-dasharray="4 3"'
            out.append(f'<rect x="{x0:g}" y="{piles_height}" width="{each:g}" height="32" rx="6" '
                       f'fill="{"#ffffff" if allowed else "#ececec"}" {style}/>')
            out.append(text_at(x0 + each / 2, piles_height + 16, said, 12, "#1b1b1b" if allowed else "#555555"))
            out.append("</g>")
    out.append("</svg>")
    return "".join(out)


def beans_record_svg(record: Record) -> str:
    """A beans game drawn as a path on the (white, black) grid: the one-way king in disguise.

    >>> from coursekit import Player, play
    >>> from coursekit.render.svg import PATH_FILL
    >>> take_white = Player("A", lambda rules, state: rules.legal_moves(state)[0])
    >>> svg = beans_record_svg(play(Beans(2, 1), [take_white, take_white]))
    >>> svg.count(PATH_FILL)  # the start and the piles after each of the three moves
    4
    """
    cells = [Coord(state.white, state.black) for state in record.states]
    grid = Grid(record.start.white + 1, record.start.black + 1)
    return path_svg(grid, cells, f"piles after each of {len(record)} moves, white across and black up")


display.register(BeansState, text=beans_state, svg=beans_svg)
display.register(Beans, text=beans_transcript, svg=beans_record_svg)
