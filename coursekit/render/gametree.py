"""Pictures of a game-tree search: what it found, and the tree it explored with the cut branches.

Text: a solution as its value, best moves and counts; a tree as one indented line per node
(the move that led there, the value with its kind, where it came from).

SVG: the tree from the root down; each node shows its value (``≥ 0`` / ``≤ 0`` when the
search proved only a bound), each edge its move. Branches cut off by pruning are grey and
dashed; nodes answered from the table, ends of games and estimates have their own colours,
explained in a legend under the tree. A tree too big to read is drawn down to the depth
that fits, with a note saying so.

>>> from coursekit.games.tictactoe import TicTacToe
>>> from coursekit.solvers.gametree import alphabeta
>>> rules = TicTacToe()
>>> solution = alphabeta(rules, rules.position("XOX/OXO/..."), tree=True)  # X to move wins
>>> print(tree_text(solution.tree))
root: 1 for player 0 (to move)
  [0, 0]: -1 for player 1 (end of the game)
  [1, 0]: -1 for player 1 (to move)
    [0, 0]: 1 for player 0 (to move)
      [2, 0]: -1 for player 1 (end of the game)
    [2, 0]: ≥ 1 for player 0 (to move)
      [0, 0]: -1 for player 1 (end of the game)
  [2, 0]: -1 for player 1 (end of the game)
>>> svg = tree_svg(alphabeta(rules, rules.position("X../.O./..X"), tree=True).tree)
>>> svg.startswith("<svg") and "stroke-dasharray" in svg and "cut off" in svg
True
"""

from __future__ import annotations

from collections.abc import Iterator
from html import escape
from typing import Any

from ..core.rules import CHANCE
from ..solvers.gametree import Solution, TreeNode

#: Horizontal room for one leaf and vertical room for one level, in pixels.
LEAF = 58
LEVEL = 74
RADIUS = 17
MARGIN = 24
#: Trees with more leaves than this are drawn only down to the depth where they fit.
MOST_LEAVES = 48

#: Fill of a node by where its value came from, and the legend's words for it.
FILLS = {
    "search": ("#ffffff", "searched"),
    "end": ("#cfe3f7", "end of the game"),
    "table": ("#fde9a9", "from the table"),
    "estimate": ("#e5d4f0", "estimate (depth limit)"),
    "cut": ("#f4f4f4", "cut off by pruning"),
}
LINE = "#333333"
CUT = "#a8a8a8"


def show_value(value: Any, bound: str = "exact") -> str:
    """A value as a short label: ``1``, ``-0.5``, ``(2, -1, -1)``, ``≥ 0`` for a lower bound.

    >>> show_value(1.0), show_value(-0.25), show_value((2.0, -1.0, -1.0)), show_value(0.0, "at least")
    ('1', '-0.25', '(2, -1, -1)', '≥ 0')
    """
    if value is None:
        return "?"
    if isinstance(value, tuple):
        return "(" + ", ".join(show_value(v) for v in value) + ")"
    number = float(value)
    text = str(int(number)) if number.is_integer() else f"{number:.3g}"
    prefix = {"at least": "≥ ", "at most": "≤ "}.get(bound, "")
    return prefix + text


def _who(node: TreeNode) -> str:
    if node.source == "end":
        return "end of the game"
    if node.source == "cut":
        return "cut off by pruning"
    if node.player == CHANCE:
        what = "chance"
    elif node.player is None:
        what = "not searched"
    elif node.player == node.owner:
        what = "to move"
    else:
        what = f"player {node.player} to move"
    extra = {"table": ", from the table", "estimate": ", estimate"}.get(node.source, "")
    return what + extra


def tree_text(node: TreeNode, indent: str = "  ") -> str:
    """The tree, one line per node: the move that led there, the value and where it came from."""
    lines = []

    def walk(n: TreeNode, depth: int) -> None:
        name = "root" if depth == 0 and n.move is None else str(n.move)
        value = "-" if n.cut else show_value(n.value, n.bound)
        if not n.cut and n.owner is not None:
            value += f" for player {n.owner}"
        lines.append(f"{indent * depth}{name}: {value} ({_who(n)})")
        for child in n.children:
            walk(child, depth + 1)

    walk(node, 0)
    return "\n".join(lines)


def show_move(move: Any) -> str:
    """A move as the terminal writes it: a cell ``x,y``; any other move as it prints.

    >>> from coursekit.core.grid import Coord
    >>> show_move(Coord(2, 0)), show_move("keep")
    ('2,0', 'keep')
    """
    if isinstance(move, tuple) and move and all(type(v) is int for v in move):
        return ",".join(str(v) for v in move)
    return str(move)


def solution_text(solution: Solution) -> str:
    """A solution as the terminal prints it: the outcome for the player to move, every best
    move, the positions visited and stored (more players: every player's value; a depth
    limit: the depth and whether the value is an estimate).

    >>> from coursekit.games.tictactoe import TicTacToe
    >>> from coursekit.solvers.gametree import solve
    >>> rules = TicTacToe()
    >>> print(solution_text(solve(rules, rules.position("XO./.X./..O"))))
    value: win
    best moves: 0,1 0,0
    nodes: 103
    positions: 45
    """
    lines = [f"value: {solution.outcome}"]
    if solution.values is not None and len(solution.values) > 2:
        lines.append(f"values: {show_value(solution.values)}, one per player")
    if solution.best_moves:
        lines.append("best moves: " + " ".join(show_move(m) for m in solution.best_moves))
    lines += [f"nodes: {solution.nodes}", f"positions: {solution.positions}"]
    if solution.depth is not None:
        lines.append(f"depth: {solution.depth}" + ("" if solution.exact else " (the value is an estimate)"))
    return "\n".join(lines)


def _depth_that_fits(node: TreeNode) -> int | None:
    """The deepest level to draw so that at most :data:`MOST_LEAVES` leaves show (``None``: all)."""
    level, ended, depth = [node], 0, 0
    while True:
        following = [c for n in level for c in n.children]
        if not following:
            return None
        ended += sum(1 for n in level if not n.children)
        if ended + len(following) > MOST_LEAVES:
            return depth
        level, depth = following, depth + 1


def _placed(node: TreeNode, deepest: int | None) -> Iterator[tuple[TreeNode, int, float, TreeNode | None, float]]:
    """Every drawn node with its depth, its x (in leaves), its parent and the parent's x."""
    next_leaf = 0.0
    xs: dict[int, float] = {}

    def place(n: TreeNode, depth: int) -> float:
        nonlocal next_leaf
        children = n.children if deepest is None or depth < deepest else ()
        if not children:
            x = next_leaf
            next_leaf += 1
        else:
            spots = [place(c, depth + 1) for c in children]
            x = (spots[0] + spots[-1]) / 2
        xs[id(n)] = x
        return x

    place(node, 0)

    def walk(n: TreeNode, depth: int, parent: TreeNode | None) -> Iterator[tuple[TreeNode, int, float,
                                                                                 TreeNode | None, float]]:
        yield n, depth, xs[id(n)], parent, xs[id(parent)] if parent is not None else 0.0
        if deepest is None or depth < deepest:
            for child in n.children:
                yield from walk(child, depth + 1, n)

    yield from walk(node, 0, None)


def tree_svg(node: TreeNode, title: str | None = None) -> str:
    """The explored tree as SVG, cut branches grey and dashed, with a legend.

    In a two-player zero-sum tree every value is shown for player 0 (the search keeps each
    for the player to move), so the levels read as max and min; a paranoid tree shows its
    player's values, a max^n tree a tuple per node.
    """
    deepest = _depth_that_fits(node)
    placed = list(_placed(node, deepest))
    leaves = max(x for _, _, x, _, _ in placed) + 1
    depth = max(d for _, d, _, _, _ in placed)
    sources = {n.source for n, *_ in placed}
    legend = [s for s in FILLS if s in sources or s == "cut"]
    tree_height = MARGIN + (depth + 1) * LEVEL + (12 if deepest is not None else 0)
    width = int(max(MARGIN * 2 + leaves * LEAF, 500))  # the legend needs about 500 px
    height = tree_height + 22 * (len(legend) + 1) + (18 if deepest is not None else 0) + MARGIN // 2

    def at(depth: int, x: float) -> tuple[float, float]:
        return MARGIN + LEAF / 2 + x * LEAF, MARGIN + RADIUS + depth * LEVEL

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11" role="img">']
    out.append(f"<title>{escape(title or 'game tree')}</title>")
    for n, d, x, parent, parent_x in placed:  # edges first, under the nodes
        if parent is None:
            continue
        x1, y1 = at(d - 1, parent_x)
        x2, y2 = at(d, x)
        style = f'stroke="{CUT}" stroke-dasharray="5,4"' if n.cut else f'stroke="{LINE}"'
        out.append(f'<line x1="{x1:.1f}" y1="{y1 + RADIUS:.1f}" x2="{x2:.1f}" y2="{y2 - RADIUS:.1f}" {style}/>')
        colour = CUT if n.cut else "#555555"
        out.append(f'<text x="{x2:.1f}" y="{y2 - RADIUS - 5:.1f}" text-anchor="middle" fill="{colour}" '
                   f'font-size="10">{escape(str(n.move))}</text>')
    for n, d, x, _, _ in placed:
        cx, cy = at(d, x)
        fill = FILLS.get(n.source, FILLS["search"])[0]
        stroke = f'stroke="{CUT}" stroke-dasharray="3,3"' if n.cut else f'stroke="{LINE}"'
        out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{RADIUS}" fill="{fill}" {stroke}>'
                   f"<title>{escape(_who(n))}</title></circle>")
        label = "cut" if n.cut else show_value(*n.value_for(0)) if n.zero_sum else show_value(n.value, n.bound)
        size = 11 if len(label) <= 4 else 8
        colour = CUT if n.cut else "#000000"
        out.append(f'<text x="{cx:.1f}" y="{cy + 4:.1f}" text-anchor="middle" font-size="{size}" '
                   f'fill="{colour}">{escape(label)}</text>')
        if d == deepest and n.children:  # a subtree left out of the picture
            out.append(f'<text x="{cx:.1f}" y="{cy + RADIUS + 12:.1f}" text-anchor="middle" fill="#555555">'
                       f"{len(n.children)} more</text>")
    y = tree_height
    if deepest is not None:
        out.append(f'<text x="{MARGIN}" y="{y:.0f}" fill="#555555">only the first {deepest} levels are '
                   f"drawn ({node.size:,} nodes in all; n more: the moves below a node left out)</text>")
        y += 18
    whose = ("values for player 0" if node.zero_sum else "one value per player" if node.owner is None
             else f"values for player {node.owner}")
    out.append(f'<text x="{MARGIN}" y="{y:.0f}"><tspan font-weight="bold">Legend</tspan> ({whose}; '
               f"≥, ≤: a bound the pruned search proved)</text>")
    for source in legend:
        y += 22
        fill, words = FILLS[source]
        stroke = f'stroke="{CUT}" stroke-dasharray="3,3"' if source == "cut" else f'stroke="{LINE}"'
        edge = f'stroke="{CUT}" stroke-dasharray="5,4"' if source == "cut" else f'stroke="{LINE}"'
        out.append(f'<line x1="{MARGIN}" y1="{y - 4}" x2="{MARGIN + 30}" y2="{y - 4}" {edge}/>')
        out.append(f'<circle cx="{MARGIN + 38}" cy="{y - 4}" r="7" fill="{fill}" {stroke}/>')
        if source == "cut":
            words += ": a branch the search never looked at"
        out.append(f'<text x="{MARGIN + 52}" y="{y:.0f}">{escape(words)}</text>')
    out.append("</svg>")
    return "\n".join(out)


def solution_svg(solution: Solution) -> str:
    """The solution's tree when it kept one, else its text in a small picture."""
    if solution.tree is not None:
        return tree_svg(solution.tree, title=solution_text(solution).splitlines()[0])
    lines = solution_text(solution).splitlines()
    height = 20 * len(lines) + 16
    width = 12 + 7 * max(len(line) for line in lines)
    texts = "".join(f'<text x="8" y="{20 * (i + 1)}">{escape(line)}</text>' for i, line in enumerate(lines))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12" role="img">{texts}</svg>')
