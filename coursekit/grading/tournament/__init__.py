"""A tournament of the class's strategies: each against the others and the course's computer players.

An :class:`Entrant` is a student's code (the cells of the notebook that define the strategy)
or a course computer player, by name. A :class:`Contest` says how an assignment's strategy
plays: its game (an entry of :data:`coursekit.games.GAMES`), the function the students wrote
and what it is given. Every student's code runs in its own
:class:`~coursekit.grading.sandbox.Sandbox` with the grading limits and a CPU budget per move:
a strategy that raises, answers an illegal move or runs out of its time loses that game, and
the game's record says why.

Duels (ps05, ps06, ps09): a small class plays a round robin (:func:`round_robin`), a large one
rounds against similar ratings (:func:`similar_ratings`); every pairing is played on both sides.
A race (ps08): every entrant plays alone the same seeded puzzles (:func:`play_alone`: the same
secrets to find), each puzzle a match of all of them placed by the moves they needed
(:func:`places`). Ratings come from openskill (Plackett-Luce, which rates a match of any number
of players): ``mu`` and ``sigma`` per entrant, ranked by the ordinal ``mu - 3 sigma``.
Every random choice is drawn from the tournament's seed: same seed, same results.

>>> round_robin(["ann", "bob", "cy"])
[('bob', 'cy'), ('cy', 'bob'), ('ann', 'cy'), ('cy', 'ann'), ('ann', 'bob'), ('bob', 'ann')]
>>> contest = CONTESTS["ps05"]
>>> result = play_tournament(contest, [Entrant("perfect", computer="perfect"), Entrant("random", computer="random")])
>>> [standing.name for standing in result.standings]
['perfect', 'random']
"""

from __future__ import annotations

from .contests import CONTESTS, corners_player, last_position
from .play import (
                   GAME_SECONDS,
                   MOVE_GRACE,
                   MOVE_SECONDS,
                   PUZZLES,
                   REASON_CHARS,
                   ROUND_ROBIN_MAX,
                   ROUNDS,
                   TOURNAMENT_SECONDS,
                   Contest,
                   Entrant,
                   Forfeit,
                   circle_rounds,
                   play_alone,
                   play_game,
                   play_tournament,
                   round_robin,
                   similar_ratings,
)
from .records import REPLAYS, Game, Standing, Tournament, places, ratings_svg
from .submissions import TournamentError, class_entrants, notebook_cells, pseudonyms

__all__ = ["CONTESTS", "GAME_SECONDS", "MOVE_GRACE", "MOVE_SECONDS", "PUZZLES", "REASON_CHARS", "REPLAYS", "ROUNDS",
           "ROUND_ROBIN_MAX", "TOURNAMENT_SECONDS", "Contest", "Entrant", "Forfeit", "Game", "Standing", "Tournament",
           "TournamentError", "circle_rounds", "class_entrants", "corners_player", "last_position", "notebook_cells",
           "places", "play_alone", "play_game", "play_tournament", "pseudonyms", "ratings_svg", "round_robin",
           "similar_ratings"]
