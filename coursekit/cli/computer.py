"""The computer players the terminal offers besides each game's article players."""

from __future__ import annotations

import random
from typing import Any

from ..core import random_strategy
from ..solvers import perfect_strategy


def computer_strategies(kind: str, rng: random.Random, players: int) -> list[Any]:
    """``perfect`` (the exact solver's moves) or ``random`` play for every player."""
    if kind == "perfect":
        return [perfect_strategy(rng) for _ in range(players)]
    return [random_strategy(rng) for _ in range(players)]
