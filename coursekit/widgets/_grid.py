"""A board's cells as a grid of buttons, with row numbers on the left and column numbers below."""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets
from ipywidgets.widgets.widget_string import LabelStyle

from ..core.grid import Coord

#: What an empty cell shows. In the browser, ipywidgets 8 keeps a button's old text on screen
#: when its description becomes ``""`` (the front end only rewrites non-empty labels), so an
#: empty cell gets a no-break space: the old piece, hint or number really goes away.
BLANK = "\u00a0"


def set_text(button: widgets.Button, text: str) -> None:
    """Show ``text`` on a cell's button; ``""`` clears it (as :data:`BLANK`, never an empty label)."""
    button.description = text or BLANK


def shown(button: widgets.Button) -> str:
    """The text a cell's button shows, ``""`` for an empty cell."""
    text: str = button.description
    return "" if text == BLANK else text


def button_grid(
    width: int, height: int, cell_px: int, style: widgets.ButtonStyle, click: Callable[[Coord], object],
) -> tuple[dict[Coord, widgets.Button], widgets.GridBox]:
    """One button a cell, the top row first and ``(0, 0)`` at the bottom left, as in the pictures.

    Clicking a cell's button calls ``click(cell)``. Returns the buttons by cell and the box
    that lays them out.
    """
    layout = widgets.Layout(width=f"{cell_px}px", height=f"{cell_px}px", margin="0", padding="0")
    label_style = LabelStyle(font_size="11px", text_color="#555")
    label_layout = widgets.Layout(justify_content="center", align_items="center", margin="0")
    buttons: dict[Coord, widgets.Button] = {}
    cells: list[widgets.Widget] = []
    for y in reversed(range(height)):
        cells.append(widgets.Label(str(y), style=label_style, layout=label_layout))
        for x in range(width):
            cell = Coord(x, y)
            button = widgets.Button(description=BLANK, tooltip=str(cell), layout=layout, style=style)
            button.on_click(lambda _button, cell=cell: click(cell))
            buttons[cell] = button
            cells.append(button)
    cells.append(widgets.Label("", style=label_style, layout=label_layout))
    cells += [widgets.Label(str(x), style=label_style, layout=label_layout) for x in range(width)]
    box = widgets.GridBox(cells, layout=widgets.Layout(
        grid_template_columns=f"20px repeat({width}, {cell_px}px)",
        grid_template_rows=f"repeat({height}, {cell_px}px) auto",
        grid_gap="2px",
        width="max-content",
        overflow="visible",
    ))
    return buttons, box
