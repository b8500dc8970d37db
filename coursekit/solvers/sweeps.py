"""The fast sweep of the whole-board tables: one anti-diagonal at a time, every cell of it at once.

A one-way piece built from move lists, every move lowering ``x + y``, has its options on
earlier anti-diagonals (``x + y = s`` for ``s = 0, 1, 2, ...``), and no two cells of one
anti-diagonal depend on each other. So each anti-diagonal is one step over a whole line:

- P/N (:func:`sweep_outcomes`): an anti-diagonal is a Python ``int`` used as a set of bits
  (bit ``x`` for the cell ``(x, s - x)``). A jump by ``(dx, dy)`` reads the P bits of
  anti-diagonal ``s + dx + dy`` shifted by ``dx``. A slide in direction ``d`` keeps, for each
  cell, the bit "a P cell lies along ``d`` before the next blocked cell": the cell beyond it
  is free and is P or has that bit. A cell is P when it is free and no move finds a P cell.
  Each step is a few shifts, ORs and ANDs of whole lines, which Python does in C (a numpy
  call per line costs some ten times as much for a 2000-cell line). The lines are then laid
  out row by row with numpy (without numpy, with byte strings).
- Grundy values (:func:`sweep_grundy`, numpy): each line of a slide (a row, a column, a
  diagonal) keeps the bit mask of the values seen along it so far, reset at a blocked
  cell, in 64-bit words; a jump reads its target's value. A cell's value is the lowest bit
  not set in the OR of its masks (the mex), found for the whole anti-diagonal at once.

>>> KING = Moves(jumps=((0, -1), (-1, -1), (-1, 0)))
>>> sweep_outcomes(KING, Grid(3, 2))  # row by row from the bottom
'PNPNNN'
>>> sweep_grundy(Moves(slides=((0, -1), (-1, 0))), Grid(3, 2))  # the rook: Nim, x XOR y
(0, 1, 2, 1, 0, 3)
"""

from __future__ import annotations

import importlib.util
from functools import cache
from math import gcd
from typing import TYPE_CHECKING, NamedTuple

from ..core.grid import Grid

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = ["Moves", "has_numpy", "sweep_grundy", "sweep_outcomes"]

Step = tuple[int, int]


class Moves(NamedTuple):
    """A one-way piece as move lists: ``jumps`` land on the cell one step away, if it is free;
    ``slides`` go any number of steps in their direction and stop before a blocked cell.

    >>> Moves(jumps=((-2, -1), (-1, -2), (-2, 1), (1, -2))).sweepable()  # the knight
    True
    >>> Moves(slides=((1, -1),)).sweepable()  # along an anti-diagonal: x + y does not drop
    False
    """

    jumps: tuple[Step, ...] = ()
    slides: tuple[Step, ...] = ()

    def sweepable(self) -> bool:
        """Whether the fast sweep takes these moves: every move lowers ``x + y`` and every slide
        steps to a neighbouring point of its line (``gcd(dx, dy) == 1``)."""
        steps = (*self.jumps, *self.slides)
        return all(dx + dy < 0 for dx, dy in steps) and all(gcd(dx, dy) == 1 for dx, dy in self.slides)


@cache
def has_numpy() -> bool:
    """Whether numpy can be imported (it is not in the browser version of the lessons)."""
    return importlib.util.find_spec("numpy") is not None


def _check(moves: Moves) -> None:
    if not moves.sweepable():
        raise ValueError(f"the fast sweep needs moves that all lower x + y (and slides by neighbouring points): "
                         f"{moves}")


def _span(s: int, w: int, h: int) -> tuple[int, int]:
    """The columns ``lo .. hi`` of the cells of anti-diagonal ``s``."""
    return max(0, s - h + 1), min(w - 1, s)


def _free_flags(grid: Grid) -> bytearray:
    """1 for each free cell, 0 for a blocked one, row by row from the bottom."""
    w = grid.width
    flags = bytearray(b"\x01") * (w * grid.height)
    for x, y in grid.blocked:
        flags[y * w + x] = 0
    return flags


_BITS = bytes.maketrans(b"\x00\x01", b"01")
_LETTERS = bytes.maketrans(b"01", b"NP")


def _free_lines(grid: Grid) -> list[int]:
    """The free cells of each anti-diagonal as bits (bit ``x`` for the cell ``(x, s - x)``)."""
    w, h = grid.width, grid.height
    lines = []
    flags = _free_flags(grid) if grid.blocked else None
    step = max(w - 1, 1)  # from the cell (hi, s - hi) up the anti-diagonal: x falls by 1, y rises by 1
    for s in range(w + h - 1):
        lo, hi = _span(s, w, h)
        if flags is None:
            lines.append(((1 << (hi - lo + 1)) - 1) << lo)
        else:
            start = (s - hi) * w + hi
            cells = flags[start:start + step * (hi - lo + 1):step]  # x from hi down to lo: the bits' order in int()
            lines.append(int(cells.translate(_BITS), 2) << lo)
    return lines


def _shift(line: int, dx: int) -> int:
    """Bit ``x`` of the result is bit ``x + dx`` of ``line``."""
    return line >> dx if dx >= 0 else line << -dx


def _p_lines(moves: Moves, free: list[int]) -> list[int]:
    """The P cells of each anti-diagonal as bits."""
    p_cells = [0] * len(free)
    rays = [[0] * len(free) for _ in moves.slides]  # rays[i][s]: a P cell lies along slide i, cell by cell
    for s, line in enumerate(free):
        found = 0
        for dx, dy in moves.jumps:
            t = s + dx + dy
            if t >= 0:
                found |= _shift(p_cells[t], dx)
        for (dx, dy), ray in zip(moves.slides, rays, strict=True):
            t = s + dx + dy
            if t >= 0:
                beyond = _shift((p_cells[t] | ray[t]) & free[t], dx)
                ray[s] = beyond
                found |= beyond
        p_cells[s] = line & ~found
    return p_cells


def sweep_outcomes(moves: Moves, grid: Grid) -> str:
    """``"P"``, ``"N"`` or ``"#"`` (blocked) for every cell, row by row from the bottom, by the fast sweep.

    ``moves`` must be :meth:`Moves.sweepable`. Works without numpy too (more slowly).

    >>> QUEEN = Moves(slides=((0, -1), (-1, -1), (-1, 0)))
    >>> sweep_outcomes(QUEEN, Grid(3, 3))  # Wythoff: P at (0, 0), (2, 1), (1, 2)
    'PNNNNPNPN'
    """
    _check(moves)
    w, h = grid.width, grid.height
    p_cells = _p_lines(moves, _free_lines(grid))
    if has_numpy():
        return _letters_numpy(p_cells, grid)
    letters = bytearray(w * h)
    step = max(w - 1, 1)
    for s, line in enumerate(p_cells):
        lo, hi = _span(s, w, h)
        start = (s - hi) * w + hi
        letters[start:start + step * (hi - lo + 1):step] = format(line >> lo, f"0{hi - lo + 1}b").encode().translate(
            _LETTERS)
    for x, y in grid.blocked:
        letters[y * w + x] = ord("#")
    return letters.decode("ascii")


def _letters_numpy(p_cells: list[int], grid: Grid) -> str:
    import numpy as np
    from numpy.lib.stride_tricks import as_strided

    w, h = grid.width, grid.height
    size = (w + 7) // 8
    packed = np.frombuffer(b"".join(line.to_bytes(size, "little") for line in p_cells), np.uint8)
    lines = np.unpackbits(packed.reshape(len(p_cells), size), axis=1, count=w, bitorder="little")
    # by_cell[y, x] = lines[x + y, x]: a view, one row of lines further for each row, one cell more for each column
    row, column = lines.strides
    by_cell = as_strided(lines, shape=(h, w), strides=(row, row + column), writeable=False)
    letters = np.where(by_cell.view(bool), np.uint8(ord("P")), np.uint8(ord("N")))
    if grid.blocked:
        letters[np.frombuffer(_free_flags(grid), np.uint8).reshape(h, w) == 0] = ord("#")
    return letters.tobytes().decode("ascii")


def sweep_grundy(moves: Moves, grid: Grid) -> tuple[int, ...]:
    """The Grundy value of every cell (``-1`` for blocked ones), row by row from the bottom, by the fast sweep.

    ``moves`` must be :meth:`Moves.sweepable`; needs numpy.

    >>> sweep_grundy(Moves(slides=((0, -1), (-1, -1), (-1, 0))), Grid(4, 2))  # the queen
    (0, 1, 2, 3, 1, 2, 0, 4)
    """
    import numpy as np

    _check(moves)
    w, h = grid.width, grid.height
    # Values are stored plus one, in a grid with a margin the jumps cannot leave: 0 is "no value"
    # (blocked, or off the board). In a mask, bit v + 1 stands for the value v, and bit 0 is always set.
    margin = max([1, *(abs(c) for step in moves.jumps for c in step)])
    wide = w + 2 * margin
    origin = (margin + 1) * wide + margin  # one row more below, so that no slice runs past the start
    values = np.zeros((h + 2 * margin + 2) * wide, np.uint64)
    free = np.zeros_like(values, dtype=bool)
    free.reshape(-1, wide)[margin + 1:margin + 1 + h, margin:margin + w] = True
    for x, y in grid.blocked:
        free[origin + y * wide + x] = False
    up = 1 - wide  # from the cell (x, y) to (x + 1, y - 1)

    rays = [min((w - 1) // abs(dx) if dx else w + h, (h - 1) // abs(dy) if dy else w + h) for dx, dy in moves.slides]
    most = len(moves.jumps) + sum(rays)  # the most options a cell can have, so the largest value
    words = (most + 1) // 64 + 1
    lines: list[tuple[int, int, int, int, NDArray[np.uint64]]] = []  # per slide: dx, k, ray, offset, masks
    for (dx, dy), ray in zip(moves.slides, rays, strict=True):
        k = -(dx + dy)
        # a line of the slide is one value of dy * x - dx * y, which on anti-diagonal s is -k * x - dx * s
        corners = [-k * x - dx * s for x in (0, w - 1) for s in (0, w + h - 2)]
        masks = np.zeros((max(corners) - min(corners) + 1 + k, words), np.uint64)
        masks[:, 0] = 1  # bit 0, "no value", is set in every mask
        lines.append((dx, k, ray, k - min(corners), masks))

    one = np.uint64(1)
    every_cell = np.arange(min(w, h))
    top = 0  # the largest value so far, plus one: a new value (a mex) is at most one more
    for s in range(w + h - 1):
        lo, hi = _span(s, w, h)
        size = hi - lo + 1
        start = origin + (s - lo) * wide + lo
        here = slice(start, start + up * size, up)
        # a value here is at most the number of options, and at most one more than every value so far
        reach = len(moves.jumps) + sum(min(s // k, ray) for _, k, ray, _, _ in lines)
        used = min(words, (reach + 1) // 64 + 1, (top + 1) // 64 + 1)
        along = []
        for dx, k, _, offset, masks in lines:
            first = offset - k * lo - dx * s
            along.append(masks[first:first - k * size:-k, :used])
        if along:
            seen = along[0] | along[1] if len(along) > 1 else along[0].copy()
            for more in along[2:]:
                seen |= more
        else:
            seen = np.zeros((size, used), np.uint64)
            seen[:, 0] = one
        if used == 1:
            seen = seen[:, 0]
            for dx, dy in moves.jumps:
                target = start + dy * wide + dx
                seen |= one << values[target:target + up * size:up]
            lowest = ~seen & (seen + one)  # the lowest bit not set: the mex, plus one
            value = np.frexp(lowest)[1] - 1  # its bit: lowest = 0.5 * 2 ** exponent
            for masks in along:
                masks[:, 0] |= lowest
        else:
            cells = every_cell[:size]
            for dx, dy in moves.jumps:
                target = start + dy * wide + dx
                got = values[target:target + up * size:up]
                seen[cells, got >> 6] |= one << (got & 63)
            word = (seen != ~np.uint64(0)).argmax(axis=1)  # the first word with a bit not set
            low = seen[cells, word]
            lowest = ~low & (low + one)
            value = word * 64 + np.frexp(lowest)[1] - 1
            for masks in along:
                masks[cells, word] |= lowest
        if used < words:
            top = max(top, int(value.max()))
        if grid.blocked:
            blocked = ~free[here]
            value[blocked] = 0
            for masks in along:  # a slide stops before a blocked cell: its lines start afresh
                masks[blocked] = 0
                masks[blocked, 0] = one
        values[here] = value
    inner = values.reshape(-1, wide)[margin + 1:margin + 1 + h, margin:margin + w].astype(np.int64) - 1
    return tuple(inner.ravel().tolist())
