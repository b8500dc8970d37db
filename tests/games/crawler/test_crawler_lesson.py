"""The crawler's feedback (issue 19, item 9b): a lost game shows the last position where the
student still had a winning move, and that move, checked against the exact solver."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from coursekit.core.grid import Coord
from coursekit.games.crawler import Crawler, CrawlerState, search, segment_text
from coursekit.games.crawler.checks import (
    HEIGHT,
    WIDTH,
    Budget,
    Game,
    last_chance,
    play_game,
    score_games,
    winning_move,
)
from coursekit.grading.limits import Calls

RULES = Crawler(WIDTH, HEIGHT)


def first_legal(line: list[tuple[int, int]], width: int, height: int) -> Any:
    """A player with no plan: the first move it finds, from the head then the tail."""
    if not line:
        return ((0, 0), (1, 0))
    for end, before in ((line[0], line[1]), (line[-1], line[-2])):
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            point = (end[0] + dx, end[1] + dy)
            if 0 <= point[0] < width and 0 <= point[1] < height and point != before:
                return (end, point)
    raise AssertionError("no move")


def random_player(seed: int) -> Any:
    rng = random.Random(seed)

    def move(line: list[tuple[int, int]], width: int, height: int) -> Any:
        state = CrawlerState(width, height, tuple(Coord(x, y) for x, y in line))
        start, new = rng.choice(Crawler(width, height).legal_moves(state))
        return ((start.x, start.y), (new.x, new.y))

    return move


def wins(state: CrawlerState) -> bool:
    """The exact solver's word: whether the player to move wins with best play."""
    return not state.closed and search(RULES, state).value > 0


def lost_games() -> list[Game]:
    games = [play_game(first_legal, "C", 1, 0, Calls("crawler_move", 5, 60), RULES)]
    games += [play_game(random_player(seed), opponent, seed, seed, Calls("crawler_move", 5, 60), RULES)
              for seed in range(1, 5) for opponent in ("C", "random")]
    return [game for game in games if not game.won and game.turns]


@pytest.mark.parametrize("game", lost_games(), ids=lambda game: f"{game.opponent}-{game.number}")
def test_the_move_shown_wins_and_no_later_position_had_one(game: Game) -> None:
    text = last_chance(RULES, game, Budget(10**6))
    found = re.search(r"before your move (\d+) .*?; (\d+,\d+-\d+,\d+) wins there", text, re.S)
    assert found, text
    number, shown = int(found.group(1)), found.group(2)
    state, played = game.turns[number - 1]
    move = next(m for m in RULES.legal_moves(state) if segment_text(m) == shown)
    assert not wins(RULES.apply(state, move)), "the opponent must lose after the move shown"
    if state.line:  # the empty lattice is the mirror plan's (a search there costs seconds)
        assert wins(RULES.apply(state, played)), "the move played there must not have won"
    for later, _ in game.turns[number:]:
        assert not wins(later), "a later position had a winning move"


@pytest.mark.slow
def test_winning_move_agrees_with_the_solver() -> None:
    rng = random.Random(3)
    checked = 0
    for _ in range(6):
        state = RULES.initial_state()
        while not state.closed:
            if len(state.line) >= 4:
                move = winning_move(RULES, state)
                assert (move is not None) == wins(state), state
                if move is not None:
                    assert not wins(RULES.apply(state, move))
                checked += 1
            state = RULES.apply(state, rng.choice(RULES.legal_moves(state)))
    assert checked > 20


def test_the_report_of_a_lost_game_names_the_last_chance() -> None:
    lines: list[str] = []
    assert score_games(first_legal, "C", 2, 0, 6, report=lines.append) == 0.0
    assert "The last position where you still had a winning move: before your move" in lines[-1]
    again: list[str] = []
    score_games(first_legal, "C", 2, 0, 6, report=again.append)
    assert again == lines, "the lesson is the same on every run"


def test_a_search_too_large_says_so() -> None:
    game = play_game(first_legal, "C", 1, 0, Calls("crawler_move", 5, 60), RULES)
    second = game.turns[1]  # three points on the line: nothing closes, only a search decides
    assert not RULES.closing_moves(second[0])
    text = last_chance(RULES, Game(1, "C", False, 4, "lost", "", (second,)), Budget(0))
    assert text.startswith("No position from your move 2 on had a winning move left for you") and "too large" in text
