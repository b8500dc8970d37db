"""The tictactoe board in a real browser with a live kernel (JupyterLab and Voila): see ``browser.py``."""

from __future__ import annotations

from typing import Any

import pytest
from browser import *  # the harness: reading the page, twins, waiting

pytestmark = pytest.mark.slow


def winning_clicks(name: str) -> list[Any]:
    """Clicks that beat the board's computer (the twin plays its best move against the seeded computer)."""
    twin = build(name)
    clicks = []
    while not twin.is_over:
        values = twin.move_values()
        move = max(values, key=lambda m: values[m])
        clicks.append(move)
        twin.click(move)
    assert twin.winner == "You", f"this seed does not let X win against the computer: choose another ({twin.status})"
    return clicks


def test_tictactoe_marks_answers_hints_the_winning_line_and_new_game(page: Any) -> None:
    from playwright.sync_api import expect

    from coursekit.widgets.tictactoe import LINE_COLOUR

    where, twin = board(page, "tictactoe"), build("tictactoe")
    clicks = winning_clicks("tictactoe")
    # The first mark and the computer's answer.
    cell(where, twin, *clicks[0]).click()
    assert twin.click(clicks[0])
    expect_status(where, twin)
    expect(status(where)).to_contain_text("The computer (O) marked")
    shown = expect_grid(where, twin)
    assert sorted(t for t in shown if t) == ["O", "X"]
    # A click on a taken cell is refused, with the reason.
    cell(where, twin, *clicks[0]).click()
    assert not twin.click(clicks[0])
    expect(status(where)).to_contain_text(f"Not allowed: {clicks[0]} is taken: X marked it")
    # Hints on: W, D or L on every empty cell; off: none left.
    button(where, "Hints: W/D/L").click()
    twin.hints = True
    expect_status(where, twin)
    shown = expect_grid(where, twin)
    assert all(t in "WDL" and t for t in shown if t not in ("X", "O"))
    button(where, "Hints: W/D/L").click()
    twin.hints = False
    shown = expect_grid(where, twin)
    assert sorted(t for t in shown if t) == ["O", "X"], f"hint letters left after hints off: {shown}"
    # Play on to the win: the winning line is highlighted and underlined.
    for move in clicks[1:]:
        cell(where, twin, *move).click()
        assert twin.click(move)
        expect_status(where, twin)
    expect(status(where)).to_contain_text("You win!")
    expect_grid(where, twin)
    for x, y in twin.state.line:
        line_cell = cell(where, twin, x, y)
        expect(line_cell).to_have_text("X")
        expect(line_cell).to_have_css("background-color", rgb(LINE_COLOUR))
        expect(line_cell).to_have_css("text-decoration-line", "underline")
    # New game: every mark gone.
    button(where, "New game").click()
    twin.new_game()
    expect_status(where, twin)
    assert set(expect_grid(where, twin)) == {""}, "marks left after New game"
