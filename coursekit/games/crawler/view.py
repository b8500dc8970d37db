"""Crawler pictures: the lattice and the line as text and as SVG, and a game's transcript.

In text a free point is ``·``, a point on the line ``+``, an end of the line ``o`` (the
point where the line was closed ``X``); segments are ``-`` and ``|``. The top row comes
first; the numbers are the course's (from 0).

>>> from coursekit.games.crawler import SOURCE_OPENING, Crawler
>>> from coursekit.core.grid import Coord
>>> state = Crawler(6, 5).position([SOURCE_OPENING, (Coord(3, 2), Coord(3, 3))])
>>> print(lattice_text(state))
4  · · · · · ·
<BLANKLINE>
3  · · · o · ·
         |
2  · · o-+ · ·
<BLANKLINE>
1  · · · · · ·
<BLANKLINE>
0  · · · · · ·
   0 1 2 3 4 5
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from html import escape

from ...core import display
from ...core.grid import Coord
from ...core.record import Record
from ...core.rules import CHANCE
from ...render.svg import hit_key, hit_open
from ...render.text import winner_line
from .rules import Crawler, CrawlerState, segment_text

FREE, ON_LINE, END, CLOSED = "·", "+", "o", "X"
#: The players' names in transcripts: who drew the first segment is first.
SEATS = ("first", "second")
GAP = 48
MARGIN = 28


def _marks(state: CrawlerState) -> dict[Coord, str]:
    marks = {p: ON_LINE for p in state.line}
    if state.line:
        for end in state.ends:
            marks[end] = END
        if state.closed:
            marks[state.line[0] if state.line[0] in state.line[1:] else state.line[-1]] = CLOSED
    return marks


def _segments(state: CrawlerState) -> set[frozenset[Coord]]:
    return {frozenset(pair) for pair in state.segments()}


def lattice_text(state: CrawlerState) -> str:
    """The lattice, top row first, with the line drawn on it (see the module's example)."""
    marks, segments = _marks(state), _segments(state)
    w, h = state.width, state.height
    label = len(str(h - 1))
    rows = []
    for y in reversed(range(h)):
        row = ""
        for x in range(w):
            row += marks.get(Coord(x, y), FREE)
            if x + 1 < w:
                row += "-" if frozenset((Coord(x, y), Coord(x + 1, y))) in segments else " "
        rows.append(f"{y:>{label}}  {row}".rstrip())
        if y > 0:
            links = "".join("| " if frozenset((Coord(x, y), Coord(x, y - 1))) in segments else "  "
                            for x in range(w))
            rows.append((" " * (label + 2) + links).rstrip())
    rows.append(" " * (label + 2) + " ".join(str(x) for x in range(w)))
    return "\n".join(rows)


def transcript(record: Record) -> str:
    """A game move by move: who drew which segment, the lattice after it, and the result."""
    rules = record.rules
    lines = [f"The crawler on a {rules.width} x {rules.height} lattice: "  # type: ignore[attr-defined]
             + ", ".join(f"{SEATS[p]} {name}" for p, name in enumerate(record.players))]
    for i, step in enumerate(record.steps, start=1):
        if step.player == CHANCE:
            continue
        verb = "closes the line with" if step.state.closed else "draws"
        lines += ["", f"Move {i}: {SEATS[step.player]} ({record.players[step.player]}) {verb} "
                      f"{segment_text(step.move)}", lattice_text(step.state)]
    lines += ["", winner_line(record, SEATS, "the line is closed")]
    return "\n".join(lines)


def _xy(state: CrawlerState, point: Coord) -> tuple[float, float]:
    return MARGIN + point.x * GAP, GAP / 2 + (state.height - 1 - point.y) * GAP


#: What a board marks on a point (see :func:`lattice_svg`): the chosen point's diamond, a target's
#: dashed ring, and the hint letter of a point whose segment closes the line.
CHOSEN_FILL, TARGET_STROKE, CLOSING_COLOUR = "#ffd54f", "#1a6b2f", "#8f2a00"
CLOSING_LETTER = "W"
LEGEND = 22


def lattice_svg(state: CrawlerState, title: str | None = None, numbers: dict[int, str] | None = None, *,
                hits: Mapping[Coord, str] | None = None, targets: Collection[Coord] = (),
                chosen: Coord | None = None, closing: Collection[Coord] = (), legend: str = "") -> str:
    """The lattice as SVG: small dots, the line drawn thick, its ends as rings, a closing point crossed.

    ``numbers`` writes a text beside the middle of segment ``i`` of the line (head first).

    For a board that plays: ``hits`` maps a point to the words a screen reader says of it and
    makes it clickable (``data-hit="x,y"``); ``targets`` are ringed (a dashed ring), ``chosen``
    is drawn as a diamond, each of ``closing`` shows ``W`` beside it, and ``legend`` is a line
    of text under the lattice.

    >>> from coursekit.games.crawler import Crawler
    >>> state = Crawler(3, 2).initial_state()
    >>> svg = lattice_svg(state, hits={Coord(0, 0): "free", Coord(1, 0): "free"}, targets=[Coord(1, 0)],
    ...                   chosen=Coord(0, 0), legend="Click a neighbour.")
    >>> svg.count("data-hit="), 'stroke-dasharray="4 3"' in svg, "<polygon" in svg, "Click a neighbour." in svg
    (2, True, True, True)
    """
    w, h = state.width, state.height
    width, height = MARGIN + (w - 1) * GAP + GAP / 2, (h - 1) * GAP + GAP / 2 + MARGIN
    if legend:
        height += LEGEND
    caption = title or (f"{SEATS[1 - state.turn]} closed the line" if state.closed
                        else f"{SEATS[state.turn]} to move")
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
           f'viewBox="0 0 {width:g} {height:g}" font-family="sans-serif" role="img">',
           f"<title>{escape(caption)}</title>",
           f'<rect x="0" y="0" width="{width:g}" height="{height:g}" fill="#ffffff"/>']
    for y in range(h):
        for x in range(w):
            cx, cy = _xy(state, Coord(x, y))
            out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="3" fill="#777"/>')
    if state.line:
        points = " ".join(f"{px:g},{py:g}" for px, py in (_xy(state, p) for p in state.line))
        out.append(f'<polyline points="{points}" fill="none" stroke="#1f4e99" stroke-width="6" '
                   'stroke-linecap="round" stroke-linejoin="round"/>')
        marks = _marks(state)
        for point, mark in marks.items():
            cx, cy = _xy(state, point)
            if mark == END:
                out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="10" fill="#ffffff" stroke="#111" stroke-width="3"/>')
            elif mark == CLOSED:
                r = 11
                out.append(f'<path d="M{cx - r:g},{cy - r:g}L{cx + r:g},{cy + r:g}M{cx + r:g},{cy - r:g}'
                           f'L{cx - r:g},{cy + r:g}" stroke="#b2182b" stroke-width="5" stroke-linecap="round"/>')
    for i, text in (numbers or {}).items():
        a, b = state.line[i], state.line[i + 1]
        (ax, ay), (bx, by) = _xy(state, a), _xy(state, b)
        out.append(_label((ax + bx) / 2 + (8 if ax == bx else 0), (ay + by) / 2 - (8 if ay == by else 0),
                          text, 10, "#444"))
    out += _board_marks(state, hits or {}, set(targets), chosen, set(closing))
    bottom = height - (LEGEND if legend else 0)
    for x in range(w):
        out.append(_label(MARGIN + x * GAP, bottom - MARGIN / 2, str(x), 11, "#555"))
    for y in range(h):
        out.append(_label(MARGIN / 2 - 4, _xy(state, Coord(0, y))[1], str(y), 11, "#555"))
    if legend:
        out.append(f'<text x="4" y="{height - LEGEND / 2:g}" font-size="12" fill="#1b1b1b" '
                   f'dominant-baseline="central">{escape(legend)}</text>')
    out.append("</svg>")
    return "".join(out)


def _board_marks(state: CrawlerState, hits: Mapping[Coord, str], targets: set[Coord], chosen: Coord | None,
                 closing: set[Coord]) -> list[str]:
    """The marks a playing board adds, each point's clickable group above the line."""
    out = []
    for y in reversed(range(state.height)):
        for x in range(state.width):
            point = Coord(x, y)
            marks = point in hits or point in targets or point == chosen or point in closing
            if not marks:
                continue
            cx, cy = _xy(state, point)
            if point in hits:
                out.append(hit_open(hit_key(point), f"{x}, {y}: {hits[point]}"))
                # the first child: the clickable disc (invisible; the focus ring outlines it)
                out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="{GAP / 2 - 3:g}" fill="#ffffff" fill-opacity="0"/>')
            if point in targets:
                out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="14" fill="none" stroke="{TARGET_STROKE}" '
                           'stroke-width="2.5" stroke-dasharray="4 3"/>')
            if point == chosen:
                r = 11
                out.append(f'<polygon points="{cx:g},{cy - r:g} {cx + r:g},{cy:g} {cx:g},{cy + r:g} {cx - r:g},{cy:g}" '
                           f'fill="{CHOSEN_FILL}" stroke="#111" stroke-width="2.5"/>')
            if point in closing:
                out.append(f'<text x="{cx + 13:g}" y="{cy - 13:g}" font-size="13" font-weight="bold" '
                           f'fill="{CLOSING_COLOUR}" text-anchor="middle" dominant-baseline="central">'
                           f'{CLOSING_LETTER}</text>')
            if point in hits:
                out.append("</g>")
    return out


def _label(x: float, y: float, text: str, size: float, colour: str) -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{colour}" text-anchor="middle" '
            f'dominant-baseline="central">{escape(text)}</text>')


def record_svg(record: Record) -> str:
    """A game: its last lattice, each segment numbered by the move that drew it."""
    final: CrawlerState = record.final
    order: dict[frozenset[Coord], str] = {}
    for i, step in enumerate(record.moves, start=1):
        order[frozenset((Coord(*step.move[0]), Coord(*step.move[1])))] = str(i)
    numbers = {i: order[frozenset(pair)] for i, pair in enumerate(final.segments()) if frozenset(pair) in order}
    return lattice_svg(final, title=f"{len(record.moves)} moves: {record.end}", numbers=numbers)


def move_words(move: object) -> str:
    """A move as the terminal writes it: ``x1,y1-x2,y2``."""
    return segment_text(move)


__all__ = ["lattice_svg", "lattice_text", "move_words", "record_svg", "transcript"]


display.register(CrawlerState, text=lattice_text, svg=lattice_svg)
display.register(Crawler, text=transcript, svg=record_svg, move=move_words)
