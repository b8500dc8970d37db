"""The terminal's paths commands (being written)."""

from __future__ import annotations

from ._args import Groups


def register(groups: Groups) -> None:
    """Add the paths commands."""
