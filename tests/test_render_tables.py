"""Pictures of position tables: valid SVG, one square per cell, each cell coloured by its class."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from coursekit.core import Coord, Grid
from coursekit.render.heatmap import SCALE
from coursekit.render.svg import BLOCKED, CELL, MARGIN
from coursekit.render.tables import (
    N_COLOUR,
    OUTCOME_COLOURS,
    P_COLOUR,
    PROPP_COLOURS,
    class_counts,
    grundy_colours,
    grundy_svg,
    outcome_svg,
    propp_svg,
    table_cells,
)
from coursekit.solvers.tables import grundy_table, outcome_table

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)  # raises on malformed XML
    assert root.tag == f"{SVG}svg"
    return root


def cell_fills(svg: str, grid: Grid) -> dict[Coord, str]:
    """The fill of each cell's square, found by its position; fails on a missing or doubled square."""
    fills: dict[Coord, str] = {}
    for rect in parse(svg).iter(f"{SVG}rect"):
        if rect.get("width") != str(CELL) or rect.get("height") != str(CELL):
            continue  # a legend swatch
        x = (int(float(rect.get("x", "0"))) - MARGIN) // CELL
        y = grid.height - 1 - int(float(rect.get("y", "0"))) // CELL
        cell = Coord(x, y)
        assert cell in grid and cell not in fills, f"a second square for {cell}"
        fills[cell] = rect.get("fill", "")
    assert set(fills) == set(grid.cells()), "one square per cell"
    return fills


def cell_texts(svg: str, grid: Grid) -> dict[Coord, str]:
    """The text written in each cell (not the row and column labels, not the legend)."""
    texts = {}
    for text in parse(svg).iter(f"{SVG}text"):
        if text.get("text-anchor") != "middle" or float(text.get("x", "0")) < MARGIN:
            continue
        y_pixel = float(text.get("y", "0"))
        if y_pixel > grid.height * CELL:
            continue  # a column label
        cell = Coord(int((float(text.get("x", "0")) - MARGIN) // CELL), grid.height - 1 - int(y_pixel // CELL))
        texts[cell] = text.text or ""
    return texts


BLOCKED_GRID = Grid(6, 5, blocked=frozenset({Coord(2, 2), Coord(4, 1), Coord(0, 3)}))


@pytest.mark.parametrize("piece", ["king", "queen", "rook", "knight"])
def test_outcome_picture_colours_each_cell_by_its_class(piece: str) -> None:
    table = outcome_table(piece, BLOCKED_GRID)
    svg = outcome_svg(table, title=f"{piece} P and N")
    fills = cell_fills(svg, BLOCKED_GRID)
    texts = cell_texts(svg, BLOCKED_GRID)
    for cell in BLOCKED_GRID.cells():
        if cell in BLOCKED_GRID.blocked:
            assert fills[cell] == BLOCKED and cell not in texts
        else:
            assert fills[cell] == OUTCOME_COLOURS[table[cell]]
            assert texts[cell] == table[cell]
    assert f"{piece} P and N" in svg


def test_outcome_picture_says_what_p_and_n_mean_and_counts_them() -> None:
    table = outcome_table("rook", Grid(5, 5))  # P on the diagonal only
    svg = outcome_svg(table)
    assert "P: player to move loses (5 cells)" in svg
    assert "N: player to move wins (20 cells)" in svg
    legend_swatches = [r for r in parse(svg).iter(f"{SVG}rect") if r.get("width") == "14"]
    assert [r.get("fill") for r in legend_swatches] == [P_COLOUR, N_COLOUR]
    plain = outcome_svg(table, legend=False, letters=False)
    assert "player to move loses" not in plain and not cell_texts(plain, table.grid)


def test_p_is_darker_than_n() -> None:
    def brightness(colour: str) -> int:
        return sum(int(colour[i:i + 2], 16) for i in (1, 3, 5))

    assert brightness(P_COLOUR) < 250 < brightness(N_COLOUR)


def test_outcome_picture_reads_grundy_values_and_plain_mappings() -> None:
    grid = Grid(4, 3)
    grundy = grundy_table("queen", grid)
    outcome = outcome_table("queen", grid)
    assert cell_fills(outcome_svg(grundy), grid) == cell_fills(outcome_svg(outcome), grid)
    mapping = {c: outcome[c] for c in grid.cells()}
    assert outcome_svg(mapping) == outcome_svg(outcome)  # the grid is found from the cells
    with pytest.raises(ValueError, match="outcome"):
        outcome_svg({Coord(0, 0): "X"})
    with pytest.raises(ValueError, match="outside"):
        outcome_svg({Coord(5, 0): "P"}, Grid(2, 2))


def test_grundy_picture_writes_the_numbers_with_zero_dark() -> None:
    table = grundy_table("rook", BLOCKED_GRID)
    svg = grundy_svg(table, title="rook")
    fills = cell_fills(svg, BLOCKED_GRID)
    texts = cell_texts(svg, BLOCKED_GRID)
    free = list(BLOCKED_GRID.free_cells())
    assert {c: int(texts[c]) for c in free} == {c: table[c] for c in free}
    assert all((fills[c] == P_COLOUR) == (table[c] == 0) for c in free)
    assert {fills[c] for c in free if table[c] == 1} == {SCALE[0]}  # the smallest non-zero value is palest
    top = max(table[c] for c in free)
    assert {fills[c] for c in free if table[c] == top} == {SCALE[-1]}


def test_grundy_colours_grow_with_the_value() -> None:
    colours = grundy_colours(range(8))
    shades = [SCALE.index(colours[v]) for v in range(1, 8)]
    assert shades == sorted(shades) and shades[0] == 0 and shades[-1] == len(SCALE) - 1
    assert grundy_colours([0]) == {0: P_COLOUR}
    with pytest.raises(ValueError, match="Grundy"):
        grundy_svg({Coord(0, 0): "P"})


def test_propp_picture_has_four_colours_and_a_legend_with_counts() -> None:
    grid = Grid(4, 2)
    classes = dict(zip(grid.cells(), "NOPQPQNN", strict=True))
    svg = propp_svg(classes, grid, title="three players")
    fills = cell_fills(svg, grid)
    assert all(fills[c] == PROPP_COLOURS[v] for c, v in classes.items())
    assert len(set(PROPP_COLOURS.values())) == 4
    for text in ("N: Next wins alone (3 cells)", "O: Other wins alone (1 cell)",
                 "P: Previous wins alone (2 cells)", "Q: coalitions decide (2 cells)"):
        assert text in svg
    assert cell_texts(svg, grid) == classes
    with pytest.raises(ValueError, match="class"):
        propp_svg({Coord(0, 0): "X"})


def test_pieces_and_highlights_are_drawn_on_the_table() -> None:
    table = outcome_table("king", Grid(4, 4))
    svg = outcome_svg(table, pieces={Coord(3, 3): "K"}, highlight=[Coord(2, 2)])
    assert "\u2654" in svg
    assert len(list(parse(svg).iter(f"{SVG}circle"))) == 1


def test_table_cells_and_class_counts() -> None:
    table = outcome_table("king", BLOCKED_GRID)
    grid, values = table_cells(table)
    assert grid == BLOCKED_GRID and set(values) == set(BLOCKED_GRID.free_cells())
    assert class_counts(values.values(), "PN") == {"P": len(table.cells_with("P")), "N": len(table.cells_with("N"))}
    with pytest.raises(TypeError):
        table_cells([1, 2, 3])
    with pytest.raises(ValueError, match="grid"):
        table_cells({})
