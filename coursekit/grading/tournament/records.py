"""A tournament's records: each game, each entrant's standing, and the CSV, table and page they make.

A student names their entrant (the student id) and writes the messages of their exceptions, which a
forfeit's reason quotes: the table shows them as text (:func:`~coursekit.core.shown.terminal`), the CSV
as text and never as a formula (:func:`~coursekit.core.shown.csv_row`), the pages escaped
(:func:`~coursekit.core.shown.html`).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from ...core.shown import csv_row, html, terminal

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from .play import Contest


@dataclass(frozen=True)
class Game:
    """One game's record: who played (in the order they moved; a race's game has one player), the moves,
    the winner (``None``: a draw, or a race's puzzle not solved) and why a game ended otherwise.

    >>> game = Game(("ann", "bob"), ((1, 1), (0, 0)), "ann")
    >>> game.first, game.second, game.played
    ('ann', 'bob', 2)
    """

    players: tuple[str, ...]
    moves: tuple[Any, ...]
    winner: str | None
    reason: str = ""
    #: how many of ``moves`` were the random opening (or chance's draws, such as a race's secret)
    opening: int = 0
    #: the match it was part of: a race's puzzle (1, 2, ...); 0 in a duel, where every game is its own match
    match: int = 0

    @property
    def first(self) -> str:
        return self.players[0]

    @property
    def second(self) -> str:
        """The second player of a duel (``""`` in a race)."""
        return self.players[1] if len(self.players) > 1 else ""

    @property
    def played(self) -> int:
        """The moves the players made (the opening left out)."""
        return len(self.moves) - self.opening


def places(match: Sequence[Game]) -> dict[str, int]:
    """Each player's place in a match, 1 the best (equal places tie; the next place counts those ahead).

    A duel's match is one game: the winner first, a draw a tie. A race's match is each player's game
    alone on the same puzzle: those who solved it by how few moves they made, then those who did not.

    >>> places([Game(("ann", "bob"), (), "bob")]), places([Game(("ann", "bob"), (), None)])
    ({'ann': 2, 'bob': 1}, {'ann': 1, 'bob': 1})
    >>> places([Game(("a",), (0, 1, 2), "a", opening=1), Game(("b",), (0, 1), "b", opening=1),
    ...         Game(("c",), (0, 1), "c", opening=1), Game(("d",), (0,), None, opening=1)])
    {'a': 3, 'b': 1, 'c': 1, 'd': 4}
    """
    keys: dict[str, tuple[int, int]] = {}
    for game in match:
        for name in game.players:
            if len(game.players) == 1:
                keys[name] = (0, game.played) if game.winner == name else (1, 0)
            else:
                keys[name] = (0 if game.winner in (None, name) else 1, 0)
    return {name: 1 + sum(other < key for other in keys.values()) for name, key in keys.items()}


def average_places(games: Sequence[Game]) -> dict[str, float]:
    """Each entrant's place (:func:`places`) averaged over the matches it played (a race's puzzles).

    >>> def game(name, moves, solved, match):
    ...     return Game((name,), tuple(range(moves + 1)), name if solved else None, opening=1, match=match)
    >>> average_places([game("a", 1, True, 0), game("b", 0, False, 0), game("a", 0, False, 1),
    ...                 game("b", 1, True, 1), game("a", 1, True, 2), game("b", 2, True, 2)])
    {'a': 1.3333333333333333, 'b': 1.6666666666666667}
    """
    matches: dict[int, list[Game]] = {}
    for game in games:
        matches.setdefault(game.match, []).append(game)
    placed: dict[str, list[int]] = {}
    for match in matches.values():
        for name, place in places(match).items():
            placed.setdefault(name, []).append(place)
    return {name: sum(found) / len(found) for name, found in placed.items()}


def ranked(standings: Sequence[Standing], games: Sequence[Game], race: bool) -> list[Standing]:
    """The standings, best first. A race's entrants all played the same puzzles, so their average place
    ranks them (then the puzzles solved, the moves a solved one took, the name): the order an
    instructor can check, which a rating moved match by match only comes near. A duel's pairings
    differ, so the rating ranks them (``mu - 3 sigma``, then the name).

    >>> games = [Game(("a",), (0, 1, 2), "a", opening=1), Game(("b",), (0, 1), "b", opening=1)]
    >>> [s.name for s in ranked([Standing("a", False, 30.0, 1.0), Standing("b", False, 20.0, 1.0)], games, True)]
    ['b', 'a']
    >>> [s.name for s in ranked([Standing("a", False, 30.0, 1.0), Standing("b", False, 20.0, 1.0)], games, False)]
    ['a', 'b']
    """
    if not race:
        return sorted(standings, key=lambda s: (-s.ordinal, s.name))
    average = average_places(games)
    return sorted(standings, key=lambda s: (average.get(s.name, float("inf")), -s.wins,
                                            float("inf") if s.average is None else s.average, s.name))


@dataclass
class Standing:
    """An entrant's rating (``mu``, ``sigma``; ``ordinal`` = mu - 3 sigma ranks) and games (in a race:
    ``wins`` the puzzles solved, ``losses`` those not solved)."""

    name: str
    computer: bool
    mu: float
    sigma: float
    wins: int = 0
    draws: int = 0
    losses: int = 0
    forfeits: int = 0
    reasons: list[str] = field(default_factory=list)
    #: the moves made in the games won (a race: to solve its puzzles)
    moves: int = 0

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def average(self) -> float | None:
        """The moves a won game took, on average (``None`` if none was won)."""
        return self.moves / self.wins if self.wins else None


#: The pages' style.
STYLE = "body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}td,th{border:1px solid #ccc;" \
        "padding:2px 6px}figure{margin:4px 0}"
#: The folder of the games' replays, beside ``tournament.html``.
REPLAYS = "games"
#: A replay's one script (inline): each replay shows one position at a time, its buttons step through them.
STEPS = """<script>
for (const replay of document.querySelectorAll(".replay")) {
  const pictures = replay.querySelectorAll("figure"), steps = replay.querySelector(".steps");
  let shown = pictures.length - 1;
  const show = () => pictures.forEach((picture, number) => { picture.hidden = number !== shown; });
  steps.addEventListener("click", (event) => {
    shown = Math.min(pictures.length - 1, Math.max(0, shown + Number(event.target.value || 0)));
    show();
  });
  steps.hidden = false;
  show();
}
</script>"""


@dataclass
class Tournament:
    """What :func:`play_tournament` gives: the standings, best first, and every game in the order played."""

    assignment: str
    seed: int
    standings: list[Standing]
    games: list[Game]
    contest: Contest | None = None
    #: why the tournament stopped before its schedule's end (its budget ran out), or ``""``
    stopped: str = ""

    @property
    def race(self) -> bool:
        """Whether the entrants raced on the same puzzles (else they met in duels)."""
        return self.contest is not None and self.contest.kind == "race"

    @property
    def ranking(self) -> str:
        """What ranks the standings (see :func:`ranked`)."""
        if self.race:
            return (f"ranked by the average place over the {self.words[2]}s, which every entrant played alike "
                    "(the rating beside it)")
        return "ranked by mu - 3 sigma"

    @property
    def words(self) -> tuple[str, str, str]:
        """What the records call a move (singular, plural) and a race's puzzle."""
        return self.contest.words if self.contest is not None else ("move", "moves", "puzzle")

    def _counts(self, s: Standing) -> list[tuple[str, str]]:
        """An entrant's games as the standings count them, forfeits aside: a duel's wins, draws and losses;
        a race's puzzles solved and not, the moves a solved one took on average, and the entrant's average
        place over the puzzles (1 the best: what an instructor checks the ratings' order against)."""
        if not self.race:
            return [("wins", str(s.wins)), ("draws", str(s.draws)), ("losses", str(s.losses))]
        average = "" if s.average is None else f"{s.average:.2f}"
        place = self._average_places.get(s.name)
        return [("solved", str(s.wins)), ("not solved", str(s.losses)), (f"average {self.words[1]}", average),
                ("average place", "" if place is None else f"{place:.2f}")]

    @cached_property
    def _average_places(self) -> dict[str, float]:
        return average_places(self.games)

    def _counted(self) -> list[str]:
        """The names of :meth:`_counts`'s columns."""
        return [name for name, _ in self._counts(Standing("", False, 0.0, 0.0))]

    def _places(self) -> dict[int, dict[str, int]]:
        """Each race puzzle's places, by its number."""
        matches: dict[int, list[Game]] = {}
        for game in self.games:
            matches.setdefault(game.match, []).append(game)
        return {number: places(match) for number, match in matches.items()}

    def _outcome(self, game: Game) -> str:
        if len(game.players) > 1:
            return "draw" if game.winner is None else f"{game.winner} wins"
        return (f"solved in {game.played} {self.words[0 if game.played == 1 else 1]}" if game.winner is not None
                else "not solved")

    def csv(self) -> str:
        """The standings as CSV: rank, name, kind, mu, sigma, ordinal, the games counted (a duel: won, drawn,
        lost; a race: solved, not solved, the average moves), forfeited, the first forfeit's reason."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["rank", "name", "kind", "mu", "sigma", "ordinal", *self._counted(), "forfeits",
                         "first forfeit"])
        for rank, s in enumerate(self.standings, 1):
            writer.writerow(csv_row([rank, s.name, "computer" if s.computer else "student", f"{s.mu:.3f}",
                                     f"{s.sigma:.3f}", f"{s.ordinal:.3f}", *(value for _, value in self._counts(s)),
                                     s.forfeits, s.reasons[0] if s.reasons else ""]))
        return out.getvalue()

    def games_csv(self) -> str:
        """Every game. A duel's: first, second, winner, opening, moves (``x,y`` separated by spaces), reason
        of a forfeit. A race's: the puzzle, the player, its place, whether solved, in how many moves, the
        opening (chance's draws: the puzzle), the moves and why it was not solved."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        if not self.race:
            writer.writerow(["game", "first", "second", "winner", "opening", "moves", "reason"])
            for number, game in enumerate(self.games, 1):
                writer.writerow(csv_row([number, game.first, game.second, game.winner or "draw", game.opening,
                                         self._moves(game), game.reason]))
            return out.getvalue()
        _, moves, puzzle = self.words
        placed = self._places()
        writer.writerow(["game", puzzle, "player", "place", "solved", moves, "opening", "moves", "reason"])
        for number, game in enumerate(self.games, 1):
            writer.writerow(csv_row([number, game.match, game.first, placed[game.match][game.first],
                                     "yes" if game.winner else "no", game.played, game.opening, self._moves(game),
                                     game.reason]))
        return out.getvalue()

    def table(self) -> str:
        """The standings as the terminal shows them (names and reasons as text: :func:`terminal`)."""
        names = [terminal(s.name) for s in self.standings]
        width = max([len(name) for name in names] + [4])
        heads = [name.removeprefix("average ").split()[0] if self.race else name[0].upper()
                 for name in self._counted()]
        sizes = [max(3, len(head)) for head in heads]
        lines = [f"{'rank':>4}  {'name':<{width}}  {'mu':>6}  {'± 3σ':>6}  "
                 + " ".join(f"{head:>{size}}" for head, size in zip(heads, sizes, strict=True)) + "  forfeits"]
        for rank, (s, name) in enumerate(zip(self.standings, names, strict=True), 1):
            counts = " ".join(f"{value:>{size}}" for (_, value), size in zip(self._counts(s), sizes, strict=True))
            lines.append(f"{rank:>4}  {name:<{width}}  {s.mu:6.2f}  {3 * s.sigma:6.2f}  {counts}  {s.forfeits}"
                         + (f" ({terminal(s.reasons[0])})" if s.reasons else ""))
        return "\n".join(lines)

    def _moves(self, game: Game) -> str:
        text = self.contest.text if self.contest is not None else str
        return " ".join(text(move) for move in game.moves)

    def _picture(self, game: Game, number: int) -> str:
        """The game's last position, folded away until opened, and a link to its replay (:meth:`replay`)."""
        if self.contest is None or self.contest.draw is None:
            return ""
        return (f"<details><summary>the game</summary>{self.contest.draw(self.contest, game.moves)}</details>"
                f"<a href='{REPLAYS}/{number}.html'>move by move</a>")

    def replay(self, number: int) -> str:
        """The page of game ``number`` (1 the first played), one picture per position: with scripts on, one
        position at a time (the last first) and buttons to step through them (:data:`STEPS`); without,
        every picture in order. A page of its own, as a game of 60 moves takes a few hundred kilobytes.

        >>> from coursekit.grading.tournament import CONTESTS
        >>> page = Tournament("ps05", 0, [], [Game(("a", "b"), ((1, 1),), None)], CONTESTS["ps05"]).replay(1)
        >>> page.count("<figure>"), "move 1: 1,1" in page
        (2, True)
        """
        game = self.games[number - 1]
        if self.contest is None or self.contest.draw is None:
            return ""
        positions = self.contest.replay(game.moves, game.opening)
        pictures = "".join(f"<figure>{picture}<figcaption>{html(caption)}</figcaption></figure>"
                           for caption, picture in positions)
        buttons = "".join(f"<button type='button' value='{step}'>{name}</button>"
                          for name, step in (("start", "-9999"), ("previous", "-1"), ("next", "1"), ("end", "9999")))
        title = (f"{self.assignment}, game {number} ({self.words[2]} {game.match}): {game.first}" if self.race
                 else f"{self.assignment}, game {number}: {' v '.join(game.players)}")
        return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html(title)}</title>"
                f"<style>{STYLE}</style></head><body><h1>{html(title)}</h1>"
                f"<p>{html(self._outcome(game))}{'. ' + html(game.reason) if game.reason else ''}. "
                f"{len(positions)} positions. <a href='../tournament.html'>The tournament</a></p>"
                f"<div class='replay'><p class='steps' hidden>{buttons}</p>{pictures}</div>{STEPS}</body></html>\n")

    def pages(self) -> dict[str, str]:
        """Every page by its path: ``tournament.html`` and the replay of each game (``games/1.html``, ...)."""
        found = {"tournament.html": self.html()}
        if self.contest is not None and self.contest.draw is not None:
            found.update({f"{REPLAYS}/{n}.html": self.replay(n) for n in range(1, len(self.games) + 1)})
        return found

    def html(self) -> str:
        """One page, nothing loaded from elsewhere: the standings, a plot of mu ± 3 sigma, every game."""
        rows = "".join(
            f"<tr><td>{rank}</td><td>{html(s.name)}</td><td>{'computer' if s.computer else 'student'}</td>"
            f"<td>{s.mu:.2f}</td><td>{s.sigma:.2f}</td><td>{s.ordinal:.2f}</td>"
            + "".join(f"<td>{value}</td>" for _, value in self._counts(s))
            + f"<td>{s.forfeits}</td><td>{html(s.reasons[0]) if s.reasons else ''}</td></tr>"
            for rank, s in enumerate(self.standings, 1))
        if self.race:
            placed = self._places()
            heads = ["#", self.words[2], "player", "place", "outcome", f"moves (the {self.words[2]} first)", "why"]
            games = "".join(
                f"<tr><td>{n}</td><td>{g.match}</td><td>{html(g.first)}</td>"
                f"<td>{placed[g.match][g.first]}</td><td>{html(self._outcome(g))}</td>"
                f"<td>{html(self._moves(g))}</td><td>{html(g.reason)}{self._picture(g, n)}</td></tr>"
                for n, g in enumerate(self.games, 1))
        else:
            heads = ["#", "first", "second", "outcome", "moves (x,y)", "why"]
            games = "".join(
                f"<tr><td>{n}</td><td>{html(g.first)}</td><td>{html(g.second)}</td>"
                f"<td>{html(self._outcome(g))}</td><td>{html(self._moves(g))}</td>"
                f"<td>{html(g.reason)}{self._picture(g, n)}</td></tr>" for n, g in enumerate(self.games, 1))
        meeting = (f"every entrant plays the same {self.words[2]}s; each {self.words[2]} places them by the "
                   f"{self.words[1]} they needed, fewer first" if self.race else "every pairing plays on both sides")
        return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>Tournament {html(self.assignment)}"
                f"</title><style>{STYLE}</style></head><body>"
                f"<h1>Tournament of {html(self.assignment)}</h1><p>Seed {self.seed}: the same seed plays "
                f"the same games; {html(meeting)}. Ratings: openskill (Bradley-Terry, full pairing); "
                f"{html(self.ranking)}.</p>{ratings_svg(self.standings)}<h2>Standings</h2><table><tr>"
                + "".join(f"<th>{html(h)}</th>" for h in ["rank", "name", "kind", "mu", "sigma",
                                                                  "mu - 3 sigma", *self._counted(), "forfeits",
                                                                  "first forfeit"])
                + "</tr>" + rows + "</table><h2>Games</h2><table><tr>"
                + "".join(f"<th>{html(h)}</th>" for h in heads)
                + f"</tr>{games}</table></body></html>\n")


def ratings_svg(standings: Sequence[Standing]) -> str:
    """The ratings as an inline SVG, drawn with matplotlib (:func:`~coursekit.grading.plots.inline_svg`): for each
    entrant, the best at the top, its mu as a dot and a bar from mu - 3 sigma (the ordinal, which ranks) to
    mu + 3 sigma; students in blue, the course's computers in grey.

    >>> svg = ratings_svg([Standing("ann", False, 25.0, 8.0), Standing("random", True, 20.0, 7.0)])
    >>> svg.startswith("<svg") and "http" not in svg
    True
    """
    if not standings:
        return ""
    from ..plots import inline_svg

    def draw(figure: Figure) -> None:
        axes = figure.add_subplot()
        for computer, colour, kind in ((False, "#1f77b4", "students"), (True, "#888888", "the course's computers")):
            rows = [row for row, s in enumerate(standings) if s.computer == computer]
            if rows:
                axes.errorbar([standings[row].mu for row in rows], rows,
                              xerr=[3 * standings[row].sigma for row in rows], fmt="o", color=colour,
                              elinewidth=2, capsize=3, label=kind)
        axes.set_yticks(range(len(standings)), labels=[s.name for s in standings],
                        fontsize=8 if len(standings) > 30 else 10)
        axes.set_ylim(len(standings) - 0.5, -0.5)  # the best at the top
        axes.set_xlabel("rating: mu, the bar from mu - 3 sigma (which ranks) to mu + 3 sigma")
        axes.grid(axis="x", color="#dddddd")
        axes.legend(loc="lower left", bbox_to_anchor=(0, 1), ncols=2, frameon=False, fontsize="small")

    return inline_svg(draw, size=(7.0, 1.2 + 0.25 * len(standings)), label="ratings: mu with 3 sigma either side")


__all__ = ["REPLAYS", "Game", "Standing", "Tournament", "places", "ratings_svg"]
