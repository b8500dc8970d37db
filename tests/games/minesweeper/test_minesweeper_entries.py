"""Both minesweeper games' faces offer the computers and the defaults of their entries."""

from __future__ import annotations

import argparse
import inspect

from coursekit.cli import build_parser
from coursekit.games import GAMES
from coursekit.games.minesweeper import COMPUTERS, DUEL_COMPUTERS, ENTRIES


def test_the_folder_holds_both_games() -> None:
    assert [entry.name for entry in ENTRIES] == ["minesweeper", "minesweeper2"]
    assert {GAMES[entry.name].package for entry in ENTRIES} == {"coursekit.games.minesweeper"}
    assert [GAMES[entry.name].board_class().__name__ for entry in ENTRIES] == ["MinesBoard", "MinesDuelBoard"]


def test_the_boards_and_the_terminal_offer_the_entries_computers() -> None:
    from coursekit.games.minesweeper.board import COMPUTER_NAMES, DUEL_COMPUTER_NAMES, MinesDuelBoard

    one, two = ENTRIES
    assert COMPUTER_NAMES == one.computers == tuple(COMPUTERS) == ("probability", "knowledge", "random")
    assert DUEL_COMPUTER_NAMES == two.computers == tuple(DUEL_COMPUTERS) == ("safest", "lookahead", "random")
    assert inspect.signature(MinesDuelBoard).parameters["computer"].default == two.opponent == "lookahead"
    assert two.transcript == ("lookahead", "lookahead") and one.transcript == ("probability",)
    parser = _sub(_sub(build_parser(), "play"), "minesweeper")
    computer = next(action for action in parser._actions if action.dest == "computer")
    assert set(computer.choices or ()) == set(one.computers) | set(two.computers)


def _sub(parser: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser:
    """The sub-command ``name`` of ``parser``."""
    found = next(action for action in parser._actions if isinstance(action, argparse._SubParsersAction))
    sub: argparse.ArgumentParser = found.choices[name]
    return sub
