"""Views: every state and record prints as text and draws itself as SVG.

Importing this package registers the views with :mod:`coursekit.core.display`: the ones
listed here, and those of every module of this package that has a ``register()`` function
(a new game's views register themselves without being named here).
"""

import importlib
import pkgutil

from ..core import display
from ..solvers.gametree import Solution, TreeNode
from ..solvers.search import SearchResult
from . import gametree, search, svg, text

display.register(SearchResult, text=search.search_text, svg=search.search_svg)
display.register(TreeNode, text=gametree.tree_text, svg=gametree.tree_svg)
display.register(Solution, text=gametree.solution_text, svg=gametree.solution_svg)

for _info in pkgutil.iter_modules(__path__):
    _module = importlib.import_module(f"{__name__}.{_info.name}")
    if callable(getattr(_module, "register", None)):
        _module.register()

__all__ = ["gametree", "search", "svg", "text"]
