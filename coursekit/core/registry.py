"""One entry per game: what the rest of the course needs to know to offer it.

A game's folder (``coursekit/games/<game>/``) declares its entries in ``ENTRIES``;
:mod:`coursekit.games` gathers them in ``GAMES``. That is the course's only registry: the
terminal's commands, the boards, the checks, the API pages, reading saved records and the
conformance test all start from it. A face of a game lives in its folder under a fixed name
(its *role*): ``view`` (text and pictures), ``board`` (the Jupyter board), ``checks`` (what
the assignments grade with) and ``cli`` (its terminal commands). :meth:`GameEntry.role`
imports one of them only when it is asked for, so the library never loads Jupyter.

It is also the course's list of the values that may cross between the grader and a student's
sandbox: the core's own (:data:`CORE_VALUES`) and each game's, declared by its entry
(``values``). The codec (:mod:`coursekit.grading.codec`) gathers them and rebuilds no other
type from a student's reply.

>>> from coursekit.games import GAMES
>>> entry = GAMES["tictactoe"]
>>> entry.title, entry.source, entry.commands
('Tic-tac-toe (m, n, k-games)', 'A §5 G3.1; D', ('play', 'solve', 'count'))
>>> entry.from_spec(entry.samples()[0].spec()) == entry.samples()[0]
True
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from .grid import Coord, Grid

#: The faces a game's folder may hold, each in the module of that name.
ROLES = ("view", "board", "checks", "openings", "cli")


@dataclass(frozen=True)
class GameEntry:
    """A game as the course offers it.

    - ``name``: the game's name in specs, saved records and the terminal (``coursekit play NAME``);
    - ``title`` and ``source``: how lessons and pages name it, and where its rules come from;
    - ``rules``: the rules class; ``from_spec`` rebuilds rules from ``rules.spec()``;
    - ``samples``: a few configurations (small and typical) that tests play through;
    - ``board``: its board widget's class, by name in the folder's ``board`` module
      (``"BeansBoard"``), or as ``"module:Class"`` (imported only when asked for);
    - ``commands``: the terminal commands that take it (``("play", "table")``);
    - ``computers``: the named computer players that the terminal and the board both offer;
    - ``opponent``: the computer that faces a person unless they choose another;
    - ``transcript``: the computers that play each seat when no person plays (the source's pairing);
    - ``before_grading``: ``"module:function"`` of the game's folder that ``coursekit grade`` calls
      before a batch, ``function(root, assignment, key, jobs=..., say=...)``, to make what the game's
      hidden tests need (corners: its pool of openings); empty for most games;
    - ``values``: the value types that may cross between the grader and a student's sandbox in
      this game (its rules classes, states, moves, observations and enumerations: dataclasses,
      named tuples or enumerations, see :func:`value_kind`); the codec decodes no other type of
      the game from a reply;
    - ``package``: the game's folder (filled in by :mod:`coursekit.games`).
    """

    name: str
    title: str
    source: str
    rules: type
    from_spec: Callable[[dict[str, Any]], Any]
    samples: Callable[[], tuple[Any, ...]]
    board: str = ""
    commands: tuple[str, ...] = ("play",)
    computers: tuple[str, ...] = ()
    opponent: str = ""
    transcript: tuple[str, ...] = ()
    before_grading: str = ""
    values: tuple[type, ...] = ()
    package: str = ""

    def __post_init__(self) -> None:
        if self.opponent and self.opponent not in self.computers:
            raise ValueError(f"{self.name}: the opponent {self.opponent!r} is not one of its computers")
        unknown = [name for name in self.transcript if name not in self.computers]
        if unknown:
            raise ValueError(f"{self.name}: the transcript's players {unknown} are not among its computers")
        for kind in self.values:
            value_kind(kind)

    def has_role(self, role: str) -> bool:
        """Whether the game's folder has the module ``role`` (``"board"``, ``"checks"``, ...)."""
        return bool(self.package) and has_module(f"{self.package}.{role}")

    def role(self, role: str) -> ModuleType:
        """The game's module for ``role``, imported now (``entry.role("board")``)."""
        if role not in ROLES:
            raise ValueError(f"unknown role {role!r}: a game's folder holds {', '.join(ROLES)}")
        if not self.has_role(role):
            raise LookupError(f"{self.name} has no {role} module")
        return importlib.import_module(f"{self.package}.{role}")

    def function(self, name: str) -> Callable[..., Any]:
        """A function of the game's folder named ``"role:function"`` (``entry.function(entry.before_grading)``)."""
        role, _, function = name.partition(":")
        found: Callable[..., Any] = getattr(self.role(role), function)
        return found

    def board_class(self) -> type:
        """The board widget's class (imports the widgets, and so ipywidgets)."""
        if not self.board:
            raise LookupError(f"{self.name} has no board")
        module_name, _, name = self.board.rpartition(":")
        module = importlib.import_module(module_name) if module_name else self.role("board")
        found: type = getattr(module, name)
        return found


def lazy_boards(package: str, *names: str) -> Callable[[str], Any]:
    """A ``__getattr__`` for a game's folder: its boards (``names``), imported from the folder's
    ``board`` module when first asked for, so that importing the game needs no Jupyter; and its
    ``view`` module (pictures), imported likewise when first asked for (``ttt.view.board_svg``).

    >>> lookup = lazy_boards("coursekit.games.beans", "BeansBoard")
    >>> lookup("Beans")
    Traceback (most recent call last):
    ...
    AttributeError: module 'coursekit.games.beans' has no attribute 'Beans'
    """

    def __getattr__(name: str) -> Any:
        if name in names:
            return getattr(importlib.import_module(f"{package}.board"), name)
        if name == "view" and has_module(f"{package}.view"):
            return importlib.import_module(f"{package}.view")
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__


def has_module(name: str) -> bool:
    """Whether the module ``name`` can be imported (its package is imported to find out).

    >>> has_module("coursekit.core.grid"), has_module("coursekit.core.nothing_here")
    (True, False)
    """
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


#: The core's values that cross between the grader and a student's sandbox (each game declares its own).
CORE_VALUES: tuple[type, ...] = (Coord, Grid)


def value_kind(kind: Any) -> str:
    """How the codec carries a value of the type ``kind``: ``"enum"`` (an enumeration), ``"named"``
    (a named tuple) or ``"data"`` (a dataclass). No other type can be one of the course's values.

    >>> value_kind(Coord), value_kind(Grid)
    ('named', 'data')
    >>> value_kind(dict)
    Traceback (most recent call last):
    ...
    TypeError: dict is not a dataclass, a named tuple or an enumeration
    """
    if isinstance(kind, type):
        if issubclass(kind, enum.Enum):
            return "enum"
        if issubclass(kind, tuple) and hasattr(kind, "_fields"):
            return "named"
        if dataclasses.is_dataclass(kind):
            return "data"
    raise TypeError(f"{getattr(kind, '__qualname__', kind)} is not a dataclass, a named tuple or an enumeration")
