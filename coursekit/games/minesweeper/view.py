"""Minesweeper pictures: the board as text and as SVG, and a game's transcript.

Text pictures print the top row first, with row labels on the left and column labels
underneath: ``#`` a hidden cell, ``F`` a flag, ``0``-``8`` a revealed number, ``M`` a mine a
revealed cell has named (the coordinates variant), ``X`` the mine that went off, and, on a
finished game's whole state, ``*`` every other mine.

>>> from coursekit.games.minesweeper import board_from_text
>>> print(board_text(board_from_text("#F\\n12", mines=1)))
1  # F
0  1 2
   0 1
1 mine, 1 flag: 0 left
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ...core import display
from ...core.grid import Coord, Grid
from ...core.record import Record
from ...core.rules import CHANCE
from ...render.svg import GridCanvas, hit_key
from .duel import Minesweeper2, Minesweeper2Board, Minesweeper2State
from .rules import Flag, Minesweeper, MinesweeperBoard, MinesweeperState

CELL = 26
HIDDEN_FILL, OPEN_FILL, BOOM_FILL, MINE_FILL = "#9aa5b1", "#eef1f4", "#e34a33", "#fdd0a2"
#: Number colours (the usual ones), dark enough to read on the light cells.
INKS = ("#555", "#1f4fbf", "#176f29", "#c0211f", "#2b1a8f", "#7f1a1a", "#16777f", "#111", "#555")


def _marks(board: MinesweeperBoard, mines: frozenset[Coord] = frozenset()) -> dict[Coord, str]:
    """Each cell's one-character mark in the text pictures: the ``mark`` of its look (``mines`` shown)."""
    return {cell: look.mark for cell, look in _board_looks(board, mines).items()}


def _picture(board: MinesweeperBoard, marks: dict[Coord, str]) -> str:
    """The board as a grid of one-character marks, labelled as every grid of the course."""
    return Grid(board.width, board.height).picture(marks)


def _status(board: MinesweeperBoard) -> str:
    flags = len(board.flags)
    line = (f"{board.mines} mine{'s' if board.mines != 1 else ''}, {flags} flag{'s' if flags != 1 else ''}: "
            f"{board.mines_left} left")
    if board.exploded is not None:
        line += f"; a mine went off at {board.exploded}: lost"
    elif board.is_won:
        line += "; every safe cell is revealed: won"
    return line


def board_text(board: MinesweeperBoard) -> str:
    """What the player sees: the numbers, flags and hidden cells, then the mines and flags counted."""
    return _picture(board, _marks(board)) + "\n" + _status(board)


def state_text(state: MinesweeperState) -> str:
    """The whole state: as the player sees it while the game goes on; at the end, the mines too (``*``).

    >>> from coursekit.games.minesweeper import Minesweeper
    >>> rules = Minesweeper(3, 1, 1, first_safe=False)
    >>> state = rules.next_state(rules.initial_state(), Coord(2, 0))   # chance: the mine
    >>> print(state_text(rules.next_state(state, Coord(0, 0))))   # a 0: it opens its neighbour
    0  0 1 *
       0 1 2
    1 mine, 0 flags: 1 left; every safe cell is revealed: won
    """
    board = state.board
    over = board.is_over
    return _picture(board, _marks(board, state.mines if over else frozenset())) + "\n" + _status(board)


def move_words(move: object) -> str:
    """A move as the terminal types it: ``3,4`` reveals, ``f 3,4`` flags.

    >>> move_words(Coord(3, 4)), move_words(Flag(Coord(0, 1)))
    ('reveal 3,4', 'flag 0,1')
    """
    if isinstance(move, Flag):
        return f"flag {move.cell[0]},{move.cell[1]}"
    assert isinstance(move, tuple)
    return f"reveal {move[0]},{move[1]}"


def rules_text(rules: Minesweeper) -> str:
    """The options in words: ``9 x 9, 10 mines, first reveal safe``."""
    parts = [f"{rules.width} x {rules.height}", f"{rules.mines} mine{'s' if rules.mines != 1 else ''}",
             "first reveal safe" if rules.first_safe else "first reveal not protected"]
    if rules.coordinates:
        parts.append("cells tell their mines' coordinates")
    return ", ".join(parts)


def transcript(record: Record) -> str:
    """A game move by move: each reveal or flag and the board after it; the mines once placed, and the end."""
    rules = record.rules
    assert isinstance(rules, Minesweeper)
    lines = [f"Minesweeper, {rules_text(rules)}: {record.players[0]}", "", state_text(record.start)]
    placed: list[Coord] = []
    number = 0
    for step in record.steps:
        if step.player == CHANCE:
            placed.append(step.move)
            if len(placed) == rules.mines:
                lines += ["", f"Chance placed the {rules.mines} mines (hidden from the player)."]
                lines.append(state_text(step.state))
            continue
        number += 1
        lines += ["", f"Move {number}: {move_words(step.move)}"]
        if len(placed) == rules.mines or isinstance(step.move, Flag):
            lines.append(state_text(step.state))
    lines.append("")
    if record.end == "won":
        lines.append(f"{record.players[0]} won: every safe cell is revealed")
    elif record.end == "lost":
        lines.append(f"{record.players[0]} lost: a mine went off at {record.final.board.exploded}")
    else:
        lines.append(f"The game ended: {record.end}")
    return "\n".join(lines)


def _svg(board: MinesweeperBoard, marks: dict[Coord, str], title: str) -> str:
    """A board from its cells' marks (see :func:`board_text`; ``A`` and ``B`` a mine and its finder),
    its title written under it."""
    canvas = GridCanvas(board.width, board.height, CELL, title=title, below=22)
    for cell, mark in marks.items():
        fill = (OPEN_FILL if mark.isdigit() else BOOM_FILL if mark == "X" else MINE_FILL if mark in "*MAB"
                else HIDDEN_FILL)
        canvas.square(cell, fill, stroke="#667")
        if mark.isdigit() and mark != "0":
            canvas.text(cell, mark, 15, INKS[int(mark)], weight="bold")
        elif mark == "F":
            canvas.text(cell, "F", 14, "#c0211f", weight="bold")
        elif mark in "*XM":
            canvas.disc(cell, CELL * 0.27, "#111")
        elif mark in FINDER_MARKS:  # a discovered mine: tinted for its finder, lettered on its disc
            canvas.square(cell, FINDER_FILLS[FINDER_MARKS.index(mark)], inset=1, stroke="#667")
            canvas.disc(cell, CELL * 0.3, "#111")
            canvas.text(cell, mark, 12, "#fff", weight="bold")
    canvas.edge_numbers()
    canvas.caption([title], colour="#333")
    return canvas.svg()


def board_svg(board: MinesweeperBoard) -> str:
    """The player's board as a picture: hidden cells grey, numbers in their colours, flags, the mine that went off."""
    return _svg(board, _marks(board), _status(board))


def state_svg(state: MinesweeperState) -> str:
    """The whole state as a picture; the mines are drawn only when the game is over."""
    board = state.board
    over = board.is_over
    return _svg(board, _marks(board, state.mines if over else frozenset()), _status(board))


def record_svg(record: Record) -> str:
    """A game: its last state, mines shown, captioned with how it ended."""
    final: MinesweeperState = record.final
    board = final.board
    return _svg(board, _marks(board, final.mines), f"{len(record.moves)} moves: {record.end}")


# ---------------------------------------------------------------------------------------------
# Two-player minesweeper (G3.3): each player's discovered mines marked A (player 1) and B (player 2)

#: The mark of each player's discovered mines, in the text and on the picture (readable without colour).
FINDER_MARKS = ("A", "B")
FINDER_FILLS = ("#b9d7f0", "#f6c6a0")


def _duel_marks(seen: Minesweeper2Board, mines: frozenset[Coord] = frozenset()) -> dict[Coord, str]:
    """Each cell's one-character mark in the two-player text pictures: the ``mark`` of its look."""
    return {cell: look.mark for cell, look in _duel_board_looks(seen, mines).items()}


def _duel_status(seen: Minesweeper2Board, names: tuple[str, str] = ("player 1", "player 2")) -> str:
    first, second = seen.counts
    board = seen.board
    mines = f"{board.mines} mine{'s' if board.mines != 1 else ''}"
    line = f"mines discovered: A {names[0]} {first}, B {names[1]} {second}; {mines}"
    if seen.exploded_by is not None:
        line += f"; {names[seen.exploded_by]} revealed a mine at {board.exploded}: lost"
    elif board.is_won:
        line += "; every safe cell is revealed: " + (
            "a draw" if first == second else f"{names[0] if first > second else names[1]} won")
    else:
        line += f"; {names[seen.turn]} to reveal"
    return line


def duel_board_text(seen: Minesweeper2Board) -> str:
    """What both players see: numbers, hidden cells ``#``, discovered mines ``A`` (player 1) and
    ``B`` (player 2), then the counts and whose turn it is.

    >>> from coursekit.games.minesweeper import board_from_text
    >>> from coursekit.games.minesweeper import duel_board
    >>> print(duel_board_text(duel_board(board_from_text("1##", mines=1), (frozenset({Coord(1, 0)}), frozenset()), 1)))
    0  1 A #
       0 1 2
    mines discovered: A player 1 1, B player 2 0; 1 mine; player 2 to reveal
    """
    return _picture(seen.board, _duel_marks(seen)) + "\n" + _duel_status(seen)


def duel_state_text(state: Minesweeper2State) -> str:
    """The whole state: as the players see it while the game goes on; at the end, the other mines too (``*``)."""
    over = state.board.is_over
    return _picture(state.board, _duel_marks(state.seen, state.mines if over else frozenset())) + "\n" + \
        _duel_status(state.seen)


def duel_rules_text(rules: Minesweeper2) -> str:
    """The options in words: ``9 x 9, 10 mines, first reveal safe``."""
    return ", ".join([f"{rules.width} x {rules.height}", f"{rules.mines} mine{'s' if rules.mines != 1 else ''}",
                      "first reveal safe" if rules.first_safe else "first reveal not protected"])


def duel_transcript(record: Record) -> str:
    """A two-player game move by move: who revealed what, what it showed, the mines it discovered, the
    board after it; then the end."""
    rules = record.rules
    assert isinstance(rules, Minesweeper2)
    names = (str(record.players[0]), str(record.players[1]))
    lines = [f"Minesweeper for two, {duel_rules_text(rules)}: A {names[0]} against B {names[1]}", "",
             duel_state_text(record.start)]
    number = 0
    before: Minesweeper2Board = record.start.seen
    pending = None
    for step in record.steps:
        state: Minesweeper2State = step.state
        if step.player == CHANCE:
            if len(state.mines) == rules.mines:
                lines += ["", f"Chance placed the {rules.mines} mines (hidden from the players)."]
                if pending is not None:
                    lines += _reveal_lines(pending, before, state, names)
                before = state.seen
            continue
        number += 1
        lines += ["", f"Move {number}: {names[step.player]} reveals {step.move[0]},{step.move[1]}"]
        if len(state.mines) < rules.mines:
            pending = step.move
            continue
        lines += _reveal_lines(step.move, before, state, names)
        before = state.seen
    lines += ["", _duel_end(record, names)]
    return "\n".join(lines)


def _reveal_lines(cell: Coord, before: Minesweeper2Board, state: Minesweeper2State,
                  names: tuple[str, str]) -> list[str]:
    seen = state.seen
    if seen.board.exploded is not None:
        said = "a mine!"
    else:
        said = f"shows {seen.board.number(Coord(*cell))}"
        new = sorted(seen.discovered - before.discovered, key=lambda c: (-c.y, c.x))
        if new:
            mover = 1 - seen.turn
            said += (f"; {names[mover]} discovers {len(new)} mine{'s' if len(new) != 1 else ''}: "
                     + " ".join(f"{c.x},{c.y}" for c in new))
    return [f"  {said}", duel_state_text(state)]


def _duel_end(record: Record, names: tuple[str, str]) -> str:
    final: Minesweeper2State = record.final
    seen = final.seen
    if record.end not in ("won", "draw"):
        return f"The game ended: {record.end}"
    first, second = seen.counts
    if seen.exploded_by is not None:
        loser = seen.exploded_by
        return f"{names[1 - loser]} won: {names[loser]} revealed a mine at {seen.board.exploded}"
    if record.end == "draw":
        return f"A draw: every safe cell is revealed, {first} mines discovered each"
    winner = 0 if first > second else 1
    return (f"{names[winner]} won: every safe cell is revealed, {max(first, second)} mines discovered to "
            f"{min(first, second)}")


def duel_board_svg(seen: Minesweeper2Board) -> str:
    """What both players see as a picture: discovered mines lettered A (player 1) or B (player 2)."""
    return _svg(seen.board, _duel_marks(seen), _duel_status(seen))


def duel_state_svg(state: Minesweeper2State) -> str:
    """The whole state as a picture; the undiscovered mines are drawn only when the game is over."""
    over = state.board.is_over
    return _svg(state.board, _duel_marks(state.seen, state.mines if over else frozenset()),
                     _duel_status(state.seen))


def duel_record_svg(record: Record) -> str:
    """A two-player game: its last state, every mine shown, captioned with the counts and the end."""
    final: Minesweeper2State = record.final
    names = (str(record.players[0]), str(record.players[1]))
    return _svg(final.board, _duel_marks(final.seen, final.mines), _duel_end(record, names))


def duel_move_words(move: object) -> str:
    """A two-player move: ``reveal 3,4``."""
    assert isinstance(move, tuple)
    return f"reveal {move[0]},{move[1]}"



# ---------------------------------------------------------------------------------------------
# Boards that play (the course's board widget): every cell drawn from what the players see, the
# mines only once the game is over; each cell may be clickable (``data-hit="x,y"``).

#: The size of a cell on a playing board (a finger's width).
PLAY_CELL = 30
#: Backgrounds on a playing board: a hidden cell, a revealed one, the mine that went off, the other
#: mines at the end, certainly safe and certainly a mine (hints), the best cell (hints). Every text
#: on them has a contrast of at least 4.5 to 1, and the kinds differ by shape or text too, not by
#: colour alone: a hidden cell is a raised tile, a revealed one flat; the hints write ``0%``,
#: ``100%``, and underline the best cell.
PLAY_HIDDEN, PLAY_OPEN, PLAY_BOOM, PLAY_MINE = "#c3ccd5", "#eef1f4", "#c0211f", "#fdd0a2"
SAFE_FILL, SURE_MINE_FILL, BEST_FILL = "#c8e6c9", "#f8c4c4", "#ffe082"
FLAG_INK, HINT_INK, SAFE_INK = "#8a0000", "#111", "#1a5e20"
#: What a flag and a mine a revealed neighbour named (the coordinates variant) look like.
FLAG_MARK, TOLD_MARK = "\u2691", "M"
#: The kinds a cell has only once the game is over: they show where the mines are.
END_KINDS = frozenset({"mine", "exploded", "wrong flag"})
#: The kinds of a hidden cell (one a click may reveal).
HIDDEN_KINDS = frozenset({"hidden", "hint", "safe", "sure mine", "best", "told"})


@dataclass(frozen=True)
class Look:
    """How a cell of a playing board is drawn: its ``kind`` (``"hidden"``, ``"3"``, ``"flag"``,
    ``"found A"``, ...), its ``text`` and the ``words`` a screen reader says of it; ``mark`` is
    the cell's one character in the text pictures (``#`` hidden, ``3``, ``F``, ``*``, ``A``, ...:
    see the module's docstring).

    >>> Look("flag", FLAG_MARK, "a mine, flagged", "*").mark   # at the end, the text shows the mine
    '*'
    """

    kind: str
    text: str
    words: str
    mark: str = "#"


def percent(chance: Fraction) -> str:
    """A chance as the hints write it: ``0%`` and ``100%`` only when certain, else 1% to 99%.

    >>> percent(Fraction(0)), percent(Fraction(1, 8)), percent(Fraction(1, 1000)), percent(Fraction(999, 1000))
    ('0%', '12%', '1%', '99%')
    """
    if chance == 0:
        return "0%"
    if chance == 1:
        return "100%"
    return f"{min(99, max(1, round(chance * 100)))}%"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _number_look(number: int) -> Look:
    return Look(str(number), str(number) if number else "",
                f"revealed, {_plural(number, 'mine') if number else 'no mine'} around", str(number))


def chance_words(chance: Fraction) -> str:
    """A hidden cell's chance of a mine in words.

    >>> chance_words(Fraction(0)), chance_words(Fraction(1)), chance_words(Fraction(1, 8))
    ('certainly safe', 'certainly a mine', 'a 12% chance of a mine')
    """
    if chance in (0, 1):
        return "certainly safe" if chance == 0 else "certainly a mine"
    return f"a {percent(chance)} chance of a mine"


def _hint_look(chance: Fraction, best: bool = False) -> Look:
    kind = "best" if best else "safe" if chance == 0 else "sure mine" if chance == 1 else "hint"
    return Look(kind, percent(chance), f"hidden, {chance_words(chance)}" + (" (the best cell)" if best else ""))


def mines_looks(state: MinesweeperState, chances: Mapping[Coord, Fraction] | None = None,
                best: Coord | None = None) -> dict[Coord, Look]:
    """How each cell of a one-player game is drawn: from what the player sees (and ``chances``, the
    hints, on the hidden cells without a flag); the mines only once the game is over.

    >>> from coursekit.games.minesweeper import Minesweeper
    >>> rules = Minesweeper(3, 1, 1, first_safe=False)
    >>> state = rules.next_state(rules.initial_state(), Coord(2, 0))   # chance: the mine
    >>> [look.kind for look in mines_looks(state).values()]   # the mine looks like any hidden cell
    ['hidden', 'hidden', 'hidden']
    >>> [look.kind for look in mines_looks(rules.next_state(state, Coord(2, 0))).values()]
    ['hidden', 'hidden', 'exploded']
    """
    board = state.board
    return _board_looks(board, state.mines if board.is_over else frozenset(), chances, best)


def _board_looks(seen: MinesweeperBoard, mines: frozenset[Coord], chances: Mapping[Coord, Fraction] | None = None,
                 best: Coord | None = None) -> dict[Coord, Look]:
    """How each cell of ``seen`` is drawn, ``mines`` shown (none while the game goes on)."""
    looks: dict[Coord, Look] = {}
    for cell in seen.cells():
        number = seen.number(cell)
        if number is not None:
            looks[cell] = _number_look(number)
        elif cell == seen.exploded:
            looks[cell] = Look("exploded", "", "the mine that went off", "X")
        elif cell in seen.flags:
            if mines and cell not in mines:
                looks[cell] = Look("wrong flag", FLAG_MARK, "a flag, but no mine", "F")
            else:
                looks[cell] = Look("flag", FLAG_MARK, "a mine, flagged" if mines else "flagged", "*" if mines else "F")
        elif cell in mines:
            looks[cell] = Look("mine", "", "a mine", "*")
        elif cell in seen.told:
            looks[cell] = Look("told", TOLD_MARK, "a mine: a revealed neighbour told where it is", "M")
        elif chances is not None and cell in chances:
            looks[cell] = _hint_look(chances[cell], cell == best)
        else:
            looks[cell] = Look("hidden", "", "hidden")
    return looks


def duel_looks(state: Minesweeper2State, names: tuple[str, str] = ("player 1", "player 2"),
               chances: Mapping[Coord, Fraction] | None = None) -> dict[Coord, Look]:
    """How each cell of a two-player game is drawn: from what both players see (each discovered mine
    lettered A or B for its finder; ``chances``, the hints, on the other hidden cells); the other
    mines only once the game is over."""
    return _duel_board_looks(state.seen, state.mines if state.board.is_over else frozenset(), names, chances)


def _duel_board_looks(seen: Minesweeper2Board, mines: frozenset[Coord],
                      names: tuple[str, str] = ("player 1", "player 2"),
                      chances: Mapping[Coord, Fraction] | None = None) -> dict[Coord, Look]:
    """How each cell of what both players see is drawn, ``mines`` shown (none while the game goes on)."""
    board = seen.board
    looks: dict[Coord, Look] = {}
    for cell in board.cells():
        number = board.number(cell)
        finder = seen.finder(cell)
        if number is not None:
            looks[cell] = _number_look(number)
        elif cell == board.exploded:
            loser = seen.exploded_by
            looks[cell] = Look("exploded", "", f"the mine {names[loser] if loser is not None else ''} revealed", "X")
        elif finder is not None:
            mark = FINDER_MARKS[finder]
            looks[cell] = Look(f"found {mark}", mark, f"a mine, discovered by {names[finder]} ({mark})", mark)
        elif cell in mines:
            looks[cell] = Look("mine", "", "a mine no one discovered", "*")
        elif chances is not None and cell in chances:
            looks[cell] = _hint_look(chances[cell])
        else:
            looks[cell] = Look("hidden", "", "hidden")
    return looks


def _draw_cell(canvas: GridCanvas, cell: Coord, look: Look, hit: str | None) -> None:
    """One cell of a playing board as its look says, in a group of its own (clickable when ``hit`` are its words)."""
    size = canvas.cell
    x0, y0 = canvas.corner(cell)
    cy = canvas.centre(cell)[1]
    kind = look.kind
    with canvas.cell_group(cell, hit, f' data-cell="{hit_key(cell)}"'):
        if kind in HIDDEN_KINDS or kind == "flag":  # a raised tile: a light edge top and left, a dark one under
            fill = {"safe": SAFE_FILL, "sure mine": SURE_MINE_FILL, "best": BEST_FILL}.get(kind, PLAY_HIDDEN)
            canvas.square(cell, fill, stroke="#667")
            canvas.add(f'<path d="M{x0 + 2:g} {y0 + size - 2:g}V{y0 + 2:g}H{x0 + size - 2:g}" fill="none" '
                       'stroke="#ffffff" stroke-width="2"/>'
                       f'<path d="M{x0 + 2:g} {y0 + size - 2:g}H{x0 + size - 2:g}V{y0 + 2:g}" fill="none" '
                       'stroke="#5a6470" stroke-width="2"/>')
        else:
            fill = {"exploded": PLAY_BOOM, "mine": PLAY_MINE}.get(kind, PLAY_OPEN)
            if kind.startswith("found "):
                fill = FINDER_FILLS[FINDER_MARKS.index(kind[-1])]
            canvas.square(cell, fill, stroke="#8a94a0")
        if kind.isdigit() and look.text:
            canvas.text(cell, look.text, 16, INKS[int(kind)], weight="bold")
        elif kind in ("flag", "told", "wrong flag"):
            canvas.text(cell, look.text, 17, FLAG_INK, weight="bold")
            if kind == "wrong flag":
                canvas.add(f'<line x1="{x0 + 5:g}" y1="{y0 + 5:g}" x2="{x0 + size - 5:g}" y2="{y0 + size - 5:g}" '
                           f'stroke="{FLAG_INK}" stroke-width="2.5"/>')
        elif kind in ("mine", "exploded"):
            canvas.disc(cell, size * 0.27, "#111")
            if kind == "exploded":
                canvas.ring(cell, size * 0.36, "#ffffff", 2)
        elif kind.startswith("found "):
            canvas.disc(cell, size * 0.32, "#111")
            canvas.text(cell, look.text, 14, "#ffffff", weight="bold")
        elif kind in ("hint", "safe", "sure mine", "best"):
            ink = {"safe": SAFE_INK, "sure mine": FLAG_INK}.get(kind, HINT_INK)
            canvas.text(cell, look.text, 10, ink, weight="normal" if kind == "hint" else "bold")
            if kind == "best":
                canvas.add(f'<line x1="{x0 + 6:g}" y1="{cy + 7:g}" x2="{x0 + size - 6:g}" y2="{cy + 7:g}" '
                           f'stroke="{HINT_INK}" stroke-width="1.5"/>')


def play_svg(width: int, height: int, looks: Mapping[Coord, Look], lines: Sequence[str] = (),
             hits: Mapping[Coord, str] | None = None, title: str = "") -> str:
    """A playing board: each cell as ``looks`` says (see :func:`mines_looks`), numbered edges, then
    ``lines`` of words under it. ``hits`` makes cells clickable: it maps a cell to the words a
    screen reader says of it (the click sends ``"x,y"``).

    Every cell is its own group ``<g data-cell="x,y">``, with nothing in it but what its look says.

    >>> looks = {Coord(0, 0): Look("hidden", "", "hidden"), Coord(1, 0): Look("2", "2", "revealed")}
    >>> svg = play_svg(2, 1, looks, ["1 mine"], hits={Coord(0, 0): "hidden: click to reveal"})
    >>> svg.count("data-hit="), 'aria-label="0, 0: hidden: click to reveal"' in svg, ">1 mine<" in svg
    (1, True, True)
    """
    hits = hits or {}
    canvas = GridCanvas(width, height, PLAY_CELL, title=title, below=17 * len(lines) + (6 if lines else 0))
    longest = max((len(line) for line in lines), default=0)
    canvas.width = max(canvas.width, int(longest * 6.6) + 12)  # about 6.6 pixels a character
    for cell, look in looks.items():
        _draw_cell(canvas, cell, look, hits.get(cell))
    canvas.edge_numbers()
    canvas.caption(lines)
    return canvas.svg()


def mines_caption(seen: MinesweeperBoard) -> str:
    """The line under a one-player board: ``Mines left: 2 (3 mines, 1 flag)``, and how it ended."""
    line = f"Mines left: {seen.mines_left} ({_plural(seen.mines, 'mine')}, {_plural(len(seen.flags), 'flag')})"
    if seen.exploded is not None:
        line += f": lost, a mine went off at {seen.exploded}"
    elif seen.is_won:
        line += ": won, every safe cell is revealed"
    return line


def duel_caption(seen: Minesweeper2Board, names: tuple[str, str]) -> list[str]:
    """The lines under a two-player board: each player's discoveries (A, B), then the mines and the turn."""
    found = [f"{mark} {names[player]}: {_plural(seen.counts[player], 'mine')}"
             for player, mark in enumerate(FINDER_MARKS)]
    board = seen.board
    if seen.exploded_by is not None:
        end = f"{names[seen.exploded_by]} revealed a mine at {board.exploded}"
    elif board.is_won:
        end = "every safe cell is revealed"
    else:
        end = f"{names[seen.turn]} to reveal ({FINDER_MARKS[seen.turn]})"
    return ["Discovered: " + ", ".join(found), f"{_plural(board.mines, 'mine')} in all; {end}"]


# How minesweeper boards, states and records print and draw (one and two players).
display.register(MinesweeperBoard, text=board_text, svg=board_svg)
display.register(MinesweeperState, text=state_text, svg=state_svg)
display.register(Minesweeper, text=transcript, svg=record_svg, move=move_words)
display.register(Minesweeper2Board, text=duel_board_text, svg=duel_board_svg)
display.register(Minesweeper2State, text=duel_state_text, svg=duel_state_svg)
display.register(Minesweeper2, text=duel_transcript, svg=duel_record_svg, move=duel_move_words)
