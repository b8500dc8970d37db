"""The grid canvas every grid board draws on: y-up geometry, clickable cells, named pieces, valid SVG."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from coursekit.core import Coord, Grid
from coursekit.render.svg import CELL, GridCanvas, cell_of, grid_svg, hit_key

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)  # raises on malformed XML


@pytest.mark.parametrize(("columns", "rows", "cell", "margin"), [(1, 1, 10, 20), (3, 2, 36, 22), (8, 8, 40, 24)])
def test_y_grows_upwards_and_x_rightwards_from_the_bottom_left(columns: int, rows: int, cell: int,
                                                                margin: int) -> None:
    canvas = GridCanvas(columns, rows, cell, margin)
    assert canvas.corner(Coord(0, 0)) == (margin, (rows - 1) * cell)  # the bottom row is the lowest
    assert canvas.corner(Coord(columns - 1, rows - 1)) == (margin + (columns - 1) * cell, 0)  # the top right
    for x in range(columns):
        for y in range(rows):
            cx, cy = canvas.centre(Coord(x, y))
            assert margin < cx < margin + columns * cell and 0 < cy < rows * cell
            if y + 1 < rows:
                assert canvas.centre(Coord(x, y + 1)) == (cx, cy - cell)  # one up: higher on the picture
            if x + 1 < columns:
                assert canvas.centre(Coord(x + 1, y)) == (cx + cell, cy)
    assert (canvas.width, canvas.height) == (margin + columns * cell + 4, rows * cell + margin + 4)


def test_the_header_has_the_size_and_the_title_escaped() -> None:
    canvas = GridCanvas(2, 3, 10, 20, title="X & O <to move>", below=30, right=0)
    canvas.width = 100  # a caller may widen the picture for long captions
    root = parse(canvas.svg())
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("100", "80", "0 0 100 80")
    assert root.find(f"{SVG}title").text == "X & O <to move>"  # type: ignore[union-attr]
    assert "<title>" not in GridCanvas(1, 1).svg()  # no title, no <title>


def test_edge_numbers_are_under_each_column_and_left_of_each_row() -> None:
    canvas = GridCanvas(3, 2, 10, 20)
    canvas.edge_numbers()
    texts = parse(canvas.svg()).findall(f"{SVG}text")
    columns = {t.text: float(t.get("x", "")) for t in texts if float(t.get("y", "")) > 20}
    rows = {t.text: float(t.get("y", "")) for t in texts if float(t.get("x", "")) < 20}
    assert columns == {str(x): canvas.centre(Coord(x, 0))[0] for x in range(3)}
    assert rows == {str(y): canvas.centre(Coord(0, y))[1] for y in range(2)}
    assert rows["0"] > rows["1"]  # 0 at the bottom


def test_a_clickable_cell_is_one_group_with_its_key_its_role_and_its_words() -> None:
    canvas = GridCanvas(3, 3)
    for cell in (Coord(0, 0), Coord(2, 1)):
        with canvas.cell_group(cell, f"cell <{cell.x}>"):
            canvas.square(cell, "#fff")
            canvas.disc(cell, 5, "#000")
    with canvas.cell_group(Coord(1, 1), None):  # not clickable: no group at all
        canvas.square(Coord(1, 1), "#fff")
    with canvas.cell_group(Coord(1, 2), None, ' data-cell="1,2"'):  # a group, not clickable
        canvas.square(Coord(1, 2), "#fff")
    root = parse(canvas.svg())
    groups = root.findall(f"{SVG}g")
    hits = [g for g in groups if g.get("data-hit")]
    assert [g.get("data-hit") for g in hits] == ["0,0", "2,1"]
    assert [cell_of(g.get("data-hit", "")) for g in hits] == [Coord(0, 0), Coord(2, 1)]
    assert [g.get("aria-label") for g in hits] == ["0, 0: cell <0>", "2, 1: cell <2>"]
    assert all(g.get("tabindex") == "0" and g.get("role") == "button" for g in hits)
    assert all(g[0].tag == f"{SVG}rect" for g in hits)  # the focus ring outlines the first child: the cell
    assert [g.get("data-cell") for g in groups if not g.get("data-hit")] == ["1,2"]
    assert len(root.findall(f"{SVG}rect")) == 1  # the cell outside any group


def test_named_pieces_carry_their_names_and_let_clicks_through() -> None:
    canvas = GridCanvas(2, 2)
    canvas.disc(Coord(0, 1), 10, "#111", piece="b0", still=True)
    canvas.text(Coord(1, 0), "K", 20, piece='a "king"', still=True)
    canvas.ring(Coord(1, 1), 8, "#000")
    root = parse(canvas.svg())
    named = {e.get("data-piece"): e for e in root.iter() if e.get("data-piece")}
    assert set(named) == {"b0", 'a "king"'}
    assert all(e.get("pointer-events") == "none" for e in named.values())
    assert (float(named["b0"].get("cx", "")), float(named["b0"].get("cy", ""))) == canvas.centre(Coord(0, 1))
    ring = root.find(f"{SVG}circle[@fill='none']")
    assert ring is not None and ring.get("pointer-events") is None


def test_a_line_runs_through_the_centres_of_its_cells_in_order() -> None:
    canvas = GridCanvas(4, 4, 30, 20)
    cells = [Coord(0, 0), Coord(1, 1), Coord(3, 1)]
    canvas.line(cells, "#000", 3, still=True)
    line = parse(canvas.svg()).find(f"{SVG}polyline")
    assert line is not None and line.get("pointer-events") == "none"
    points = [tuple(float(v) for v in p.split(",")) for p in line.get("points", "").split()]
    assert points == [canvas.centre(c) for c in cells]


def test_the_outline_of_a_group_leaves_out_the_edges_inside_it() -> None:
    canvas = GridCanvas(3, 3, 10, 0)
    canvas.outline([Coord(0, 0), Coord(1, 0), Coord(0, 1), Coord(1, 1)], "#111", 2)
    path = parse(canvas.svg()).find(f"{SVG}path")
    assert path is not None
    edges = re.findall(r"M(\d+),(\d+)([vh])(\d+)", path.get("d", ""))
    assert len(edges) == 8  # a 2 x 2 square: two edges a side
    assert all(int(x) in (0, 10, 20) and int(y) in (10, 20, 30) for x, y, _, _ in edges)
    assert not [e for e in edges if e[2] == "v" and e[0] == "10"]  # no edge between the two columns


def test_the_caption_goes_under_the_column_numbers() -> None:
    canvas = GridCanvas(2, 2, 10, 20, below=40)
    canvas.caption(["first", "second <line>"], top=12, step=17)
    texts = parse(canvas.svg()).findall(f"{SVG}text")
    assert [(t.text, float(t.get("y", ""))) for t in texts] == [("first", 52), ("second <line>", 69)]
    assert max(float(t.get("y", "")) for t in texts) < canvas.height


def test_grid_svg_clickable_cells_are_exactly_the_hits_with_their_pieces_named() -> None:
    rng = random.Random(3)
    for _ in range(30):
        grid = Grid(rng.randint(1, 6), rng.randint(1, 6))
        cells = list(grid.cells())
        hits = {c: "here" for c in cells if rng.random() < 0.5}
        pieces = {c: "K" for c in rng.sample(cells, min(2, len(cells)))}
        names = {c: f"p{c.x}{c.y}" for c in pieces}
        root = parse(grid_svg(grid, pieces=pieces, hits=hits, piece_ids=names))
        assert {g.get("data-hit") for g in root.iter(f"{SVG}g")} == {hit_key(c) for c in hits}
        glyphs = {e.get("data-piece"): (float(e.get("x", "")), float(e.get("y", "")))
                  for e in root.iter(f"{SVG}text") if e.get("data-piece")}
        canvas = GridCanvas(grid.width, grid.height)
        assert glyphs == {name: canvas.centre(c) for c, name in names.items()}


def test_marks_drawn_over_a_grid_picture_sit_on_its_cells_above_everything() -> None:
    grid = Grid(4, 3)
    picture = grid_svg(grid, hits={Coord(1, 2): "here"})
    marks = GridCanvas(grid.width, grid.height)
    marks.ring(Coord(1, 2), 7, "#111", still=True)
    marks.frame(Coord(3, 0), 10, "#111", 3, dashes="5 3", still=True)
    root = parse(marks.over(picture))
    assert root[-2].tag == f"{SVG}circle" and root[-1].tag == f"{SVG}rect"  # last: on top of the board
    hit = root.find(f"{SVG}g[@data-hit='1,2']")
    assert hit is not None
    square = hit[0]
    assert (float(square.get("x", "")) + CELL / 2, float(square.get("y", "")) + CELL / 2) == (
        float(root[-2].get("cx", "")), float(root[-2].get("cy", "")))
    assert root[-1].get("stroke-dasharray") == "5 3" and root[-1].get("pointer-events") == "none"
