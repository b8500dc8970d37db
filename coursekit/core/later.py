"""A module imported on first use, so that the course imports where a library is missing until needed.

numpy is used by two solvers only (pursuit's capture times, bulls and cows' answer table):
``np = Later("numpy")`` in their modules lets ``import coursekit`` work where numpy cannot be
installed (the lessons that run in the browser, with JupyterLite), and imports numpy the first
time one of them computes.

>>> maths = Later("math")
>>> maths.sqrt(16.0)
4.0
>>> Later("no_such_module_here").anything  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ModuleNotFoundError: No module named 'no_such_module_here': this part of coursekit needs it (pip install ...)
"""

from __future__ import annotations

import importlib
from typing import Any


class Later:
    """Stands for the module ``name``; the first attribute asked for imports it."""

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attribute: str) -> Any:
        """Asked for only the first time: the attribute is then kept here, where the next look-up finds it."""
        try:
            module = importlib.import_module(self._name)
        except ModuleNotFoundError as error:
            raise ModuleNotFoundError(f"No module named {self._name!r}: this part of coursekit needs it "
                                      '(pip install "coursekit[all]")', name=self._name) from error
        value = getattr(module, attribute)
        setattr(self, attribute, value)
        return value

    def __repr__(self) -> str:
        return f"<module {self._name!r}, imported on first use>"


__all__ = ["Later"]
