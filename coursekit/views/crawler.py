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

import time
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from html import escape

from ..core import display
from ..core.grid import Coord
from ..core.record import Record
from ..core.rules import CHANCE
from ..games.crawler import Crawler, CrawlerState, Segment, closing_first, segment_text
from ..solvers.gametree import Solution, alphabeta
from .svg import hit_key, hit_open

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
    lines.append("")
    if record.end == "won" and record.winner is not None:
        lines.append(f"The winner is {SEATS[record.winner]} ({record.players[record.winner]}): "
                     "the line is closed")
    else:
        lines.append(f"The game ended: {record.end}")
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


def register() -> None:
    """Tell :mod:`coursekit.core.display` how crawler states and games show themselves."""
    display.register(CrawlerState, text=lattice_text, svg=lattice_svg)
    display.register(Crawler, text=transcript, svg=record_svg, move=move_words)


# ---------------------------------------------------------------------------------------------
# Who wins: the generic alpha-beta search with the crawler's hooks
# ---------------------------------------------------------------------------------------------
#
# The search (coursekit.solvers.gametree) knows no game, and the game knows no search: the
# crawler's hooks (``closing_first``, ``Crawler.canonical``) are rules knowledge and live with
# the rules; this driver, which joins the two, lives here in the views layer, which may import
# both, and the terminal and the benchmark call it.


class OutOfTime(TimeoutError):
    """The search did not finish within its time."""


def search(rules: Crawler, state: CrawlerState | None = None, seconds: float | None = None) -> Solution:
    """The exact value of ``state`` (the empty lattice by default) and every best move.

    Alpha-beta with a transposition table keyed by :meth:`Crawler.canonical` (the lattice's
    symmetries, and positions that differ only in the order the inner points were drawn) and
    :func:`closing_first` as its move order. With ``seconds`` it raises :class:`OutOfTime`
    when the time is up (the order hook, called at every position searched, watches the clock).

    >>> solution = search(Crawler(3, 2))
    >>> solution.outcome, [segment_text(m) for m in solution.best_moves]
    ('win', ['1,0-1,1', '1,1-1,0'])
    """
    order = closing_first
    if seconds is not None:
        deadline = time.perf_counter() + seconds

        def order(rules: Crawler, state: CrawlerState, moves: tuple[Segment, ...]) -> list[Segment]:
            if time.perf_counter() > deadline:
                raise OutOfTime(f"the search did not finish within {seconds:g} s")
            return closing_first(rules, state, moves)

    return alphabeta(rules, state, order=order, table=True, canonical=rules.canonical)


def winning_moves(rules: Crawler, state: CrawlerState, solution: Solution) -> tuple[Segment, ...]:
    """The winning moves of a solution, each first segment once (lower or left point first).

    At the start both ways of writing a segment are moves; they are one segment here.
    """
    if solution.value <= 0:
        return ()
    if state.line:
        return tuple(solution.best_moves)
    return tuple(dict.fromkeys((min(m), max(m)) for m in solution.best_moves))


@dataclass(frozen=True)
class WhoWins:
    """Who wins the crawler on a lattice with perfect play, and how the solver found it."""

    width: int
    height: int
    winner: str
    winning_openings: tuple[Segment, ...]
    nodes: int
    positions: int
    seconds: float

    def __str__(self) -> str:
        openings = " ".join(segment_text(m) for m in self.winning_openings) or "none"
        return (f"{self.width} x {self.height}: {self.winner} wins; winning openings: {openings}; "
                f"{self.nodes} nodes, {self.positions} positions, {self.seconds:.2f} s")


#: Who wins with perfect play from the empty lattice (``width`` x ``height``, the wider side first;
#: a lattice turned a quarter round is the same game), as measured by ``python -m benchmarks --only
#: crawler`` (:func:`who_wins`, each lattice given 60 s, on 2 shared cores): every lattice up to
#: 8 x 7 was solved (8 x 7 in 53 s); 8 x 8 was not within 60 s.
#:
#: Where one side is even and the other odd the first player wins, and this is proved, not only
#: searched: the middle of the lattice is the middle of a segment; the first player draws it, then
#: closes if he can, else answers each move with its mirror image through the middle
#: (:func:`~coursekit.games.crawler.symmetry_strategy`). On those lattices the middle segment is
#: often the only winning opening (3 x 2, 4 x 3, 5 x 4, 6 x 5, 7 x 6, 8 x 7). Where both sides are
#: odd, or both even, the table is the solver's alone, with no plan known: both odd, the second
#: player wins on every lattice solved; both even, the second wins on 2 x 2, 4 x 4, 6 x 6 and
#: 8 x 6, the first on 4 x 2, 6 x 2, 8 x 2, 6 x 4 and 8 x 4.
#:
#: ====== ====== ================ ============= ========= =======
#: width  height winner           nodes         positions seconds
#: ====== ====== ================ ============= ========= =======
#: 2      2      second           15            4         0.00
#: 3      2      first (mirror)   51            17        0.00
#: 4      2      first            88            33        0.00
#: 3      3      second           116           38        0.00
#: 5      2      first (mirror)   165           66        0.00
#: 4      3      first (mirror)   397           136       0.00
#: 6      2      first            237           100       0.00
#: 7      2      first (mirror)   447           189       0.01
#: 5      3      second           977           348       0.01
#: 4      4      second           483           201       0.01
#: 8      2      first            576           246       0.01
#: 6      3      first (mirror)   2,035         781       0.02
#: 5      4      first (mirror)   2,491         1,077     0.03
#: 7      3      second           3,374         1,464     0.06
#: 6      4      first            6,013         2,634     0.07
#: 8      3      first (mirror)   6,897         2,922     0.10
#: 5      5      second           3,602         1,697     0.06
#: 7      4      first (mirror)   14,930        6,809     0.19
#: 6      5      first (mirror)   22,054        10,794    0.29
#: 8      4      first            32,496        16,296    0.39
#: 7      5      second           65,828        32,942    0.84
#: 6      6      second           35,997        18,636    0.46
#: 8      5      first (mirror)   182,435       94,231    2.7
#: 7      6      first (mirror)   256,227       135,449   3.6
#: 8      6      second           828,141       447,897   15
#: 7      7      second           493,889       269,260   7.1
#: 8      7      first (mirror)   3,704,957     2,062,672 53
#: ====== ====== ================ ============= ========= =======
WHO_WINS: dict[tuple[int, int], str] = {
    (2, 2): "second", (3, 2): "first", (4, 2): "first", (3, 3): "second", (5, 2): "first", (4, 3): "first",
    (6, 2): "first", (7, 2): "first", (5, 3): "second", (4, 4): "second", (8, 2): "first", (6, 3): "first",
    (5, 4): "first", (7, 3): "second", (6, 4): "first", (8, 3): "first", (5, 5): "second", (7, 4): "first",
    (6, 5): "first", (8, 4): "first", (7, 5): "second", (6, 6): "second", (8, 5): "first", (7, 6): "first",
    (8, 6): "second", (7, 7): "second", (8, 7): "first",
}


def who_wins(width: int, height: int, seconds: float | None = 60) -> WhoWins | None:
    """Who wins on a ``width`` x ``height`` lattice with perfect play (``None`` if the solver
    does not finish within ``seconds``): ``"first"`` (who draws the first segment) or ``"second"``.

    >>> print(who_wins(4, 3))
    4 x 3: first wins; winning openings: 1,1-2,1; 397 nodes, 136 positions, ...
    >>> who_wins(4, 4).winner
    'second'
    """
    rules = Crawler(width, height)
    started = time.perf_counter()
    try:
        solution = search(rules, seconds=seconds)
    except OutOfTime:
        return None
    state = rules.initial_state()
    return WhoWins(width, height, "first" if solution.value > 0 else "second",
                   winning_moves(rules, state, solution), solution.nodes, solution.positions,
                   time.perf_counter() - started)


__all__ = ["WHO_WINS", "OutOfTime", "WhoWins", "lattice_svg", "lattice_text", "move_words", "record_svg", "register",
           "search", "transcript", "who_wins", "winning_moves"]
