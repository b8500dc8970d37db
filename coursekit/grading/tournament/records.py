"""A tournament's records: each game, each entrant's standing, and the CSV, table and page they make."""

from __future__ import annotations

import csv
import html
import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .play import Contest


@dataclass(frozen=True)
class Game:
    """One game's record: who played first and second, the moves, the outcome and, for a forfeit, why.

    ``winner`` is the name of the winner, or ``None`` for a draw.
    """

    first: str
    second: str
    moves: tuple[Any, ...]
    winner: str | None
    reason: str = ""
    #: how many of ``moves`` were the random opening
    opening: int = 0

    @property
    def outcome(self) -> str:
        return "draw" if self.winner is None else f"{self.winner} wins"


@dataclass
class Standing:
    """An entrant's rating (``mu``, ``sigma``; ``ordinal`` = mu - 3 sigma ranks) and games."""

    name: str
    computer: bool
    mu: float
    sigma: float
    wins: int = 0
    draws: int = 0
    losses: int = 0
    forfeits: int = 0
    reasons: list[str] = field(default_factory=list)

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


@dataclass
class Tournament:
    """What :func:`play_tournament` gives: the standings, best first, and every game in the order played."""

    assignment: str
    seed: int
    standings: list[Standing]
    games: list[Game]
    contest: Contest | None = None

    def csv(self) -> str:
        """The standings as CSV: rank, name, kind, mu, sigma, ordinal, games won, drawn, lost, forfeited."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["rank", "name", "kind", "mu", "sigma", "ordinal", "wins", "draws", "losses", "forfeits",
                         "first forfeit"])
        for rank, s in enumerate(self.standings, 1):
            writer.writerow([rank, s.name, "computer" if s.computer else "student", f"{s.mu:.3f}", f"{s.sigma:.3f}",
                             f"{s.ordinal:.3f}", s.wins, s.draws, s.losses, s.forfeits,
                             s.reasons[0] if s.reasons else ""])
        return out.getvalue()

    def games_csv(self) -> str:
        """Every game: first, second, outcome, moves (``x,y`` separated by spaces), reason of a forfeit."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["game", "first", "second", "winner", "opening", "moves", "reason"])
        for number, game in enumerate(self.games, 1):
            writer.writerow([number, game.first, game.second, game.winner or "draw", game.opening,
                             self._moves(game), game.reason])
        return out.getvalue()

    def table(self) -> str:
        """The standings as the terminal shows them."""
        width = max([len(s.name) for s in self.standings] + [4])
        lines = [f"{'rank':>4}  {'name':<{width}}  {'mu':>6}  {'± 3σ':>6}  {'W':>3} {'D':>3} {'L':>3}  forfeits"]
        for rank, s in enumerate(self.standings, 1):
            lines.append(f"{rank:>4}  {s.name:<{width}}  {s.mu:6.2f}  {3 * s.sigma:6.2f}  {s.wins:>3} {s.draws:>3} "
                         f"{s.losses:>3}  {s.forfeits}" + (f" ({s.reasons[0]})" if s.reasons else ""))
        return "\n".join(lines)

    def _moves(self, game: Game) -> str:
        text = self.contest.text if self.contest is not None else str
        return " ".join(text(move) for move in game.moves)

    def _picture(self, game: Game) -> str:
        """The game replayed as a picture, folded away until opened."""
        if self.contest is None or self.contest.draw is None:
            return ""
        return f"<details><summary>the game</summary>{self.contest.draw(self.contest, game.moves)}</details>"

    def html(self) -> str:
        """One page, nothing loaded from elsewhere: the standings, a plot of mu ± 3 sigma, every game."""
        rows = "".join(
            f"<tr><td>{rank}</td><td>{html.escape(s.name)}</td><td>{'computer' if s.computer else 'student'}</td>"
            f"<td>{s.mu:.2f}</td><td>{s.sigma:.2f}</td><td>{s.ordinal:.2f}</td><td>{s.wins}</td><td>{s.draws}</td>"
            f"<td>{s.losses}</td><td>{s.forfeits}</td><td>{html.escape(s.reasons[0]) if s.reasons else ''}</td></tr>"
            for rank, s in enumerate(self.standings, 1))
        games = "".join(
            f"<tr><td>{n}</td><td>{html.escape(g.first)}</td><td>{html.escape(g.second)}</td>"
            f"<td>{html.escape(g.outcome)}</td><td>{html.escape(self._moves(g))}</td>"
            f"<td>{html.escape(g.reason)}{self._picture(g)}</td></tr>" for n, g in enumerate(self.games, 1))
        return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>Tournament {html.escape(self.assignment)}"
                "</title><style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
                "td,th{border:1px solid #ccc;padding:2px 6px}</style></head><body>"
                f"<h1>Tournament of {html.escape(self.assignment)}</h1><p>Seed {self.seed}: the same seed plays "
                "the same games. Ratings: openskill (Plackett-Luce), ranked by mu - 3 sigma.</p>"
                f"{ratings_svg(self.standings)}<h2>Standings</h2><table><tr><th>rank</th><th>name</th><th>kind</th>"
                "<th>mu</th><th>sigma</th><th>mu - 3 sigma</th><th>won</th><th>drawn</th><th>lost</th>"
                f"<th>forfeits</th><th>first forfeit</th></tr>{rows}</table><h2>Games</h2><table><tr><th>#</th>"
                "<th>first</th><th>second</th><th>outcome</th><th>moves (x,y)</th><th>why</th></tr>"
                f"{games}</table></body></html>\n")


def ratings_svg(standings: Sequence[Standing]) -> str:
    """The ratings as an inline SVG: each entrant's mu as a dot, with a bar from mu - 3 sigma to mu + 3 sigma.

    >>> ratings_svg([Standing("ann", False, 25.0, 8.0)]).startswith("<svg")
    True
    """
    if not standings:
        return ""
    low = min(s.mu - 3 * s.sigma for s in standings)
    high = max(s.mu + 3 * s.sigma for s in standings)
    span = (high - low) or 1.0
    left, width, step = 160, 480, 22

    def x(value: float) -> float:
        return left + (value - low) / span * width

    height = step * len(standings) + 30
    parts = [f"<svg xmlns='http://www.w3.org/2000/svg' width='{left + width + 20}' height='{height}'"
             " role='img' aria-label='ratings, mu with 3 sigma either side'>"]
    for row, s in enumerate(standings):
        y = 15 + row * step
        colour = "#888" if s.computer else "#1f77b4"
        parts.append(f"<text x='{left - 8}' y='{y + 4}' text-anchor='end' font-size='12'>{html.escape(s.name)}</text>"
                     f"<line x1='{x(s.mu - 3 * s.sigma):.1f}' x2='{x(s.mu + 3 * s.sigma):.1f}' y1='{y}' y2='{y}' "
                     f"stroke='{colour}' stroke-width='3'/><circle cx='{x(s.mu):.1f}' cy='{y}' r='4' fill='{colour}'/>")
    axis = 15 + len(standings) * step
    parts.append(f"<text x='{left}' y='{axis + 8}' font-size='11'>{low:.1f}</text>"
                 f"<text x='{left + width}' y='{axis + 8}' font-size='11' text-anchor='end'>{high:.1f}</text></svg>")
    return "".join(parts)


__all__ = ["Game", "Standing", "Tournament", "ratings_svg"]
