"""Cells and grids: the article's ``Coord`` and ``Grid``.

A cell is ``Coord(x, y)``: ``x`` is the column (0 at the left), ``y`` the row (0 at the
bottom), as in the article's Figure 4.

>>> grid = Grid(4, 3)
>>> Coord(3, 2) in grid, Coord(4, 0) in grid
(True, False)
>>> print(grid.picture())
2  . . . .
1  . . . .
0  . . . .
   0 1 2 3
>>> chebyshev(Coord(0, 0), Coord(3, 1))
3
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

_new_tuple = tuple.__new__


class Coord(NamedTuple):
    """A cell of a grid: column ``x`` and row ``y``; prints as the article does.

    >>> c = Coord(4, 3)
    >>> print(c)
    [4, 3]
    >>> c + (-1, -1)
    Coord(x=3, y=2)
    """

    x: int
    y: int

    def __add__(self, step: tuple[int, ...]) -> Coord:  # type: ignore[override]
        """The cell one ``step = (dx, dy)`` away."""
        return _new_tuple(Coord, (self[0] + step[0], self[1] + step[1]))  # Coord(x, y) without its wrapper

    def __str__(self) -> str:
        return f"[{self.x}, {self.y}]"

    @classmethod
    def parse(cls, text: str) -> Coord:
        """Read ``"x,y"`` (spaces and brackets allowed).

        >>> Coord.parse("[2, 5]")
        Coord(x=2, y=5)
        """
        text = text.strip()
        parts = text.strip("[]()").replace(" ", "").split(",")
        if len(parts) != 2:
            raise ValueError(f"expected a cell as x,y, got {text!r}")
        try:
            return cls(int(parts[0]), int(parts[1]))
        except ValueError:
            raise ValueError(f"expected a cell as x,y with whole numbers, got {text!r}") from None


#: The article's eight neighbours, in its order: right, down-right, down, down-left, ...
NEXT8: tuple[tuple[int, int], ...] = (
    (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1),
)
#: The four side neighbours: right, down, left, up.
NEXT4: tuple[tuple[int, int], ...] = ((1, 0), (0, -1), (-1, 0), (0, 1))


def chebyshev(a: Coord, b: Coord) -> int:
    """King-move distance between two cells: ``max(|dx|, |dy|)`` (article, section 6)."""
    dx, dy = a[0] - b[0], a[1] - b[1]  # written out: this runs in the inner loops of the chases
    if dx < 0:
        dx = -dx
    if dy < 0:
        dy = -dy
    return dx if dx >= dy else dy


@dataclass(frozen=True)
class Grid:
    """A ``width`` x ``height`` board with blocked cells and an integer value per cell.

    Immutable: methods that "change" a grid return a new one. Its hash is computed once,
    so states that hold a grid stay cheap to hash.

    >>> g = Grid(3, 2, blocked=frozenset({Coord(1, 1)}))
    >>> g.is_free(Coord(1, 1)), g.is_free(Coord(1, 0))
    (False, True)
    >>> [str(c) for c in g.neighbours8(Coord(0, 1))]
    ['[1, 0]', '[0, 0]']
    """

    width: int
    height: int
    blocked: frozenset[Coord] = frozenset()
    values: tuple[int, ...] = ()
    _hash: int = field(init=False, repr=False, compare=False, default=0)

    def __post_init__(self) -> None:
        for name in ("width", "height"):
            value = getattr(self, name)
            if type(value) is not int or value < 1:
                raise ValueError(f"grid {name} must be a whole number of at least 1, got {value!r}")
        blocked = frozenset(Coord(*c) for c in self.blocked)
        outside = sorted(c for c in blocked if not self._inside(c))
        if outside:
            raise ValueError(f"blocked cell {outside[0]} is outside the {self.width} x {self.height} grid")
        object.__setattr__(self, "blocked", blocked)
        if not self.values:
            object.__setattr__(self, "values", (0,) * (self.width * self.height))
        elif len(self.values) != self.width * self.height:
            raise ValueError(f"a {self.width} x {self.height} grid needs {self.width * self.height} values")
        object.__setattr__(self, "_hash", hash((self.width, self.height, blocked, self.values)))

    def __hash__(self) -> int:
        return self._hash

    def _inside(self, cell: Coord) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def __contains__(self, cell: object) -> bool:
        """``cell in grid``: the article's ``inSide``."""
        return isinstance(cell, tuple) and len(cell) == 2 and self._inside(cell)  # type: ignore[arg-type]

    def is_free(self, cell: Coord) -> bool:
        """On the grid and not blocked."""
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height and cell not in self.blocked

    def index(self, cell: Coord) -> int:
        """Position of ``cell`` in the flat ``values`` (the article's ``index``)."""
        if not self._inside(cell):
            raise ValueError(f"{cell} is outside the {self.width} x {self.height} grid")
        return cell[1] * self.width + cell[0]

    def cell(self, cell: Coord) -> int:
        """The value stored in a cell (the article's ``getCell``)."""
        return self.values[self.index(cell)]

    def with_cell(self, cell: Coord, value: int) -> Grid:
        """A copy with one cell's value changed (the article's ``setCell``)."""
        values = list(self.values)
        values[self.index(cell)] = value
        return Grid(self.width, self.height, self.blocked, tuple(values))

    def spec(self) -> dict[str, Any]:
        """The grid's size and blocked cells as plain JSON data (cell values are not kept).

        >>> Grid(3, 2, frozenset({Coord(1, 0)})).spec()
        {'width': 3, 'height': 2, 'blocked': [[1, 0]]}
        >>> Grid.from_spec(Grid(3, 2, frozenset({Coord(1, 0)})).spec()).blocked
        frozenset({Coord(x=1, y=0)})
        """
        return {"width": self.width, "height": self.height, "blocked": sorted([c.x, c.y] for c in self.blocked)}

    @classmethod
    def from_spec(cls, spec: Mapping[str, Any]) -> Grid:
        """The grid :meth:`spec` describes (a game's spec may hold more keys)."""
        return cls(spec["width"], spec["height"], frozenset(Coord(*c) for c in spec.get("blocked", ())))

    def with_blocked(self, cells: Iterable[Coord]) -> Grid:
        """A copy with more blocked cells."""
        return Grid(self.width, self.height, self.blocked | {Coord(*c) for c in cells}, self.values)

    def with_random_blocked(
        self, percent: float, rng: random.Random, keep: Iterable[Coord] = ()
    ) -> Grid:
        """Block ``percent`` % of the cells at random (the article's ``setInaccCells``).

        The number blocked is ``width * height * percent // 100``, as in the article; cells in
        ``keep`` (a start, a target) are never blocked.

        >>> g = Grid(10, 10).with_random_blocked(20, random.Random(1), keep=[Coord(0, 0)])
        >>> len(g.blocked), Coord(0, 0) in g.blocked
        (20, False)
        """
        if not 0 <= percent <= 100:
            raise ValueError(f"percent of blocked cells must be between 0 and 100, got {percent}")
        keep_set = {Coord(*c) for c in keep}
        candidates = [c for c in self.cells() if c not in keep_set and c not in self.blocked]
        count = min(int(self.width * self.height * percent // 100), len(candidates))
        return self.with_blocked(rng.sample(candidates, count))

    def cells(self) -> Iterator[Coord]:
        """Every cell, row by row from the bottom."""
        for y in range(self.height):
            for x in range(self.width):
                yield Coord(x, y)

    def free_cells(self) -> Iterator[Coord]:
        """Every cell that is not blocked."""
        return (c for c in self.cells() if c not in self.blocked)

    def neighbours8(self, cell: Coord) -> list[Coord]:
        """Free neighbours of ``cell``, in the article's ``NEXT8`` order (a new list each call).

        They are worked out once per cell of the grid and kept with the grid.
        """
        if type(cell) is not Coord:
            return [c for c in (cell + d for d in NEXT8) if self.is_free(c)]
        known: dict[Coord, tuple[Coord, ...]] | None = self.__dict__.get("_next8")
        if known is None:
            known = {}
            object.__setattr__(self, "_next8", known)
        found = known.get(cell)
        if found is None:
            found = known[cell] = tuple(c for c in (cell + d for d in NEXT8) if self.is_free(c))
        return list(found)

    def neighbours4(self, cell: Coord) -> list[Coord]:
        """Free side neighbours of ``cell``, in ``NEXT4`` order."""
        return [c for c in (cell + d for d in NEXT4) if self.is_free(c)]

    def picture(self, marks: Mapping[Coord, str] | None = None, blocked: str = "#", empty: str = ".") -> str:
        """A text picture, top row first, row labels left and column labels underneath.

        ``marks`` puts a short text on chosen cells (a piece, a letter of a table).
        """
        marks = marks or {}
        texts = {
            c: marks.get(c, blocked if c in self.blocked else empty) for c in self.cells()
        }
        width = max(len(str(self.width - 1)), *(len(t) for t in texts.values()))
        label = len(str(self.height - 1))
        lines = []
        for y in reversed(range(self.height)):
            row = " ".join(texts[Coord(x, y)].rjust(width) for x in range(self.width))
            lines.append(f"{str(y).rjust(label)}  {row}")
        lines.append(" " * (label + 2) + " ".join(str(x).rjust(width) for x in range(self.width)))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.picture()
