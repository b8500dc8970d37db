"""Render: what the games' pictures share (the SVG grid canvas, text transcripts, tables,
heat-maps, search trees), and the views of the shared solvers' results.

A game's own pictures are in its folder (``coursekit/games/<game>/view.py``). Importing this
package registers the views of the shared results (a search, a game tree, a solution) with
:mod:`coursekit.core.display`, which imports it the first time one of them is shown.
"""

from ..core import display
from ..solvers.gametree import Solution, TreeNode
from ..solvers.search import SearchResult
from . import gametree, heatmap, search, svg, tables, text

display.register(SearchResult, text=search.search_text, svg=search.search_svg)
display.register(TreeNode, text=gametree.tree_text, svg=gametree.tree_svg)
display.register(Solution, text=gametree.solution_text, svg=gametree.solution_svg)

__all__ = ["gametree", "heatmap", "search", "svg", "tables", "text"]
