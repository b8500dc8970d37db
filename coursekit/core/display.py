"""How states and records show themselves, without the core knowing any view.

The render layer and the games' views register a text function and an SVG function for each state class (and
for records, by the class of their rules). Objects that derive from :class:`Shown` then
print in the article's format and draw themselves in Jupyter through ``_repr_svg_``.

Nothing registers at import: the first time an object of a class with no view is shown, the
module that holds its views is imported (its registrations run then), as python-chess imports
its SVG module inside ``_repr_svg_``: the module ``view`` beside the class's own (a game's
folder holds its ``view.py``), or the one its class names in ``VIEWS``, or :data:`VIEWS`.
So ``import coursekit`` loads no view.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from .registry import has_module

#: The module that holds the views of the course's classes that name none of their own (``VIEWS``).
VIEWS = "coursekit.render"

_TEXT: dict[type, Callable[[Any], str]] = {}
_SVG: dict[type, Callable[[Any], str]] = {}
_MOVE: dict[type, Callable[[Any], str]] = {}


def register(
    kind: type,
    *,
    text: Callable[[Any], str] | None = None,
    svg: Callable[[Any], str] | None = None,
    move: Callable[[Any], str] | None = None,
) -> None:
    """Say how objects of ``kind`` print (``text``) and draw (``svg``); for a rules class, how
    its moves read (``move``)."""
    if text is not None:
        _TEXT[kind] = text
    if svg is not None:
        _SVG[kind] = svg
    if move is not None:
        _MOVE[kind] = move


def move_text(rules: Any, move: Any) -> str:
    """A move of ``rules``'s game in words: the game's own wording, else a cell or pair as ``[2, 6]``.

    >>> move_text(object(), (2, 6)), move_text(object(), "pass")
    ('[2, 6]', 'pass')
    """
    view = _lookup(_MOVE, type(rules))
    if view is not None:
        return view(move)
    if isinstance(move, tuple) and len(move) == 2 and all(isinstance(v, int) for v in move):
        return f"[{move[0]}, {move[1]}]"
    return str(move)


def _lookup(table: dict[type, Callable[[Any], str]], key: type) -> Callable[[Any], str] | None:
    for kind in key.__mro__:
        if kind in table:
            return table[kind]
    if _load_views(key):
        return _lookup(table, key)
    return None


_LOADED: set[str] = set()


def _load_views(key: type) -> bool:
    """Import the module that holds the views of ``key`` (once); whether it was imported now.

    That module is the class's ``VIEWS``, else the module ``view`` beside the class's own
    (a game's ``rules.py`` has its ``view.py``), else, for the course's classes, :data:`VIEWS`.
    """
    module = getattr(key, "VIEWS", None)
    if module is None:
        beside = f"{key.__module__.rpartition('.')[0]}.view"
        if key.__module__.rpartition(".")[0] and has_module(beside):
            module = beside
        elif key.__module__.split(".")[0] == VIEWS.split(".")[0]:
            module = VIEWS
    if not isinstance(module, str) or module in _LOADED:
        return False
    _LOADED.add(module)
    importlib.import_module(module)
    return True


def as_text(obj: Any, key: type | None = None) -> str | None:
    """The registered text of ``obj`` (looked up by ``key`` or its class), or ``None``."""
    view = _lookup(_TEXT, key or type(obj))
    return None if view is None else view(obj)


def as_svg(obj: Any, key: type | None = None) -> str | None:
    """The registered SVG of ``obj``, or ``None``."""
    view = _lookup(_SVG, key or type(obj))
    return None if view is None else view(obj)


class Shown:
    """Mixin: ``str()`` and ``_repr_svg_`` come from the registered views."""

    def __str__(self) -> str:
        text = as_text(self)
        return text if text is not None else repr(self)

    def _repr_svg_(self) -> str | None:
        return as_svg(self)
