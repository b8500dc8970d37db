"""The boards: what a click costs the kernel (your move, the computers' answers, the new picture,
status and controls) and how much it sends to the page, against drawing the picture once."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any

from coursekit.core.rules import CHANCE

from .measure import Section

COLUMNS = (
    ("board", "board"),
    ("game", "what a click does"),
    ("clicks", "clicks"),
    ("ms", "ms a click (CPU)"),
    ("draw_ms", "ms a picture (CPU)"),
    ("ratio", "click / picture"),
    ("kib", "KiB sent a click"),
    ("agree", "agree"),
)


def replays_alike(board: Any) -> bool:
    """The board's last game, replayed move by move by its rules alone, goes through the same states
    (a player's move checked by ``apply``, chance's outcome taken by ``next_state``, as the engine does)."""
    record = board.record
    state = record.start
    for step in record.steps:
        rules = board.rules
        state = rules.next_state(state, step.move) if step.player == CHANCE else rules.apply(state, step.move)
        if state != step.state:
            return False
    return True


def _boards() -> list[tuple[str, str, Callable[[], Any]]]:
    from coursekit.boards import (
        BasketBoard,
        BeansBoard,
        BullsBoard,
        CornersBoard,
        CrawlerBoard,
        KingBoard,
        MinesBoard,
        MinesDuelBoard,
        PieceBoard,
        PursuitBoard,
        TicTacToeBoard,
        WordsBoard,
    )
    from coursekit.core import Grid

    return [
        ("beans 30 x 30", "a move, the perfect answer", lambda: BeansBoard(30, 30, seed=1)),
        ("king 9 x 9", "a move, the perfect answer", lambda: KingBoard(Grid(9, 9), seed=1)),
        ("queen 12 x 12, 3 players", "a move, two answers", lambda: PieceBoard("queen", 12, 12, players=3, seed=1)),
        ("tic-tac-toe", "a mark, the perfect answer", lambda: TicTacToeBoard(computer="perfect", seed=1)),
        ("basket", "a put, B's answer", lambda: BasketBoard(seed=1)),
        ("crawler 4 x 3", "a segment, C's answer", lambda: CrawlerBoard(4, 3, seed=1)),
        ("corners", "a move, E's answer", lambda: CornersBoard(computer="fixed", seed=1)),
        ("minesweeper 9 x 9", "a reveal", lambda: MinesBoard(width=9, height=9, mines=10, seed=1)),
        ("minesweeper for two 9 x 9", "a reveal, the answer", lambda: MinesDuelBoard(width=9, height=9, mines=10,
                                                                                      seed=1)),
        ("words", "a letter", lambda: WordsBoard(top=300, seed=1)),
        ("bulls and cows", "a guess", lambda: BullsBoard(3, 6, seed=1)),
        ("pursuit 8 x 8", "a move of Jerry, Tom's answer", lambda: PursuitBoard(8, 8, seed=1, prey="you")),
    ]


def _sent(board: Any) -> int:
    """Bytes of what one redraw sends: the picture, the frames, the status line and the controls."""
    return len(json.dumps({"picture": board.picture, "frames": list(board.frames), "status": board.status,
                           "controls": list(board.controls)}))


def measure(*, quick: bool = False) -> Section:
    section = Section("boards", "The boards: the kernel's work and the page's message for one click", COLUMNS)
    clicks_wanted = 5 if quick else 30
    for name, what, make in _boards():
        board = make()
        rng = random.Random(1)
        spent = drawn = 0.0
        sent = clicks = draws = 0
        while clicks < clicks_wanted:
            if board.is_over or not board.human_to_move():
                board.new_game()
                continue
            moves = board.rules.legal_moves(board.state)
            move = moves[rng.randrange(len(moves))]
            start = time.process_time()
            made = board.play(move)
            spent += time.process_time() - start
            if not made:
                section.disagree(f"{name}: a legal move was refused: {board.status}")
                break
            clicks += 1
            sent += _sent(board)
            start = time.process_time()
            board.draw(board.state, hints=False, live=False)
            drawn += time.process_time() - start
            draws += 1
        agree = replays_alike(board)
        if not agree:
            section.disagree(f"{name}: the board's record and its rules' replay of it differ")
        if clicks:
            click_ms, draw_ms = spent * 1000 / clicks, drawn * 1000 / max(draws, 1)
            section.rows.append({"board": name, "game": what, "clicks": clicks, "ms": click_ms, "draw_ms": draw_ms,
                                 "ratio": click_ms / draw_ms if draw_ms else None, "kib": sent / 1024 / clicks,
                                 "agree": agree})
    section.notes.append(
        "A click: the player's move given to play() as the page's click gives it, the computers' answers, and the "
        "new picture, frames, status line and controls; CPU time of the kernel's process. The baseline is the "
        "game's picture of the same position drawn once (live=False). KiB sent: the JSON of that redraw. "
        "agree: the board's last game, replayed by its rules alone, goes through the same states.")
    section.notes.append(
        f"Moves chosen by a seeded generator among the legal ones, {clicks_wanted} a board, a new game when one "
        "ends. The page's own work (drawing the SVG, gliding the pieces) is not counted here.")
    return section
