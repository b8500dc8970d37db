"""MkDocs hook: the API reference lists every game, made from the games' entries.

``lessons/api.md`` holds the marker ``<!-- games -->``; this hook puts there one section per
game folder of :data:`coursekit.games.GAMES` (its title, source and modules: rules, players,
its own solver, the source's program, view, board, checks and terminal), so a new game appears in the
reference without anyone writing it in.
"""

from __future__ import annotations

from typing import Any

MARKER = "<!-- games -->"
#: The modules of a game's folder, in the order the reference shows them.
MODULES = ("rules", "players", "solver", "source", "view", "board", "checks", "openings", "cli")


def games_reference() -> str:
    """The markdown of the games' sections, one per folder (or module, before it moved)."""
    from coursekit.core.registry import has_module
    from coursekit.games import GAMES

    families: dict[str, list[Any]] = {}
    for entry in GAMES.values():
        families.setdefault(entry.package or entry.rules.__module__, []).append(entry)
    parts = []
    for family, entries in sorted(families.items()):
        titles = "; ".join(f"{entry.title} (`{entry.name}`, {entry.source})" for entry in entries)
        parts.append(f"### {family.rpartition('.')[2]}\n\n{titles}.\n")
        modules = [family] + [f"{family}.{name}" for name in MODULES
                              if entries[0].package and has_module(f"{family}.{name}")]
        for module in modules:
            parts.append(f"::: {module}\n    options:\n      heading_level: 4\n")
    return "\n".join(parts)


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any, **kwargs: Any) -> str:
    if page.file.src_uri != "api.md":
        return markdown
    if MARKER not in markdown:
        raise ValueError(f"api.md lost its marker {MARKER}: the games' reference has nowhere to go")
    return markdown.replace(MARKER, games_reference())
