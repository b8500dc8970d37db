"""A tournament of the class's strategies: each against the others and the course's computer players.

An :class:`Entrant` is a student's code (the cells of the notebook that define the strategy)
or a course computer player, by name. A :class:`Contest` says how an assignment's strategy
plays: its game (an entry of :data:`coursekit.games.GAMES`), the function the students wrote,
what it is given and, where the students write a part of a player (ps09's ``evaluate``), the
course's player around it (:attr:`Contest.player`). Every student's code runs in its own
:class:`~coursekit.grading.sandbox.Sandbox` with the grading limits, asked one question at a
time; the course's search, the rules and the checks of every move run in the tournament's own
process, out of the student's reach. A move may use :data:`MOVE_SECONDS` of CPU time (the sum
over its calls, read from outside) and :data:`MOVE_GRACE` seconds more by the clock; a game
:data:`GAME_SECONDS` by the clock (the seat whose move runs past it forfeits), the tournament
:data:`TOURNAMENT_SECONDS` (then it stops, and its records are those of the games played). A
strategy that raises, answers an illegal move or a value that cannot be read or checked, or runs
out of its time loses that game, and the game's record says why in at most
:data:`REASON_CHARS` characters.

Duels (ps05, ps06, ps09): a small class plays a round robin (:func:`round_robin`), a large one
rounds against similar ratings (:func:`similar_ratings`); every pairing is played on both sides.
A race (ps08): every entrant plays alone the same seeded puzzles (:func:`play_alone`: the same
secrets to find), each puzzle a match of all of them placed by the moves they needed
(:func:`places`). Ratings come from openskill (:class:`Ratings`: Bradley-Terry with full pairing,
which rates a match of any number of players as every pair's result, ties included): ``mu`` and
``sigma`` per entrant, ranked by the ordinal ``mu - 3 sigma``.
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
                   Ratings,
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
           "ROUND_ROBIN_MAX", "TOURNAMENT_SECONDS", "Contest", "Entrant", "Forfeit", "Game", "Ratings", "Standing",
           "Tournament", "TournamentError", "circle_rounds", "class_entrants", "corners_player", "last_position",
           "notebook_cells", "places", "play_alone", "play_game", "play_tournament", "pseudonyms", "ratings_svg",
           "round_robin", "similar_ratings"]
