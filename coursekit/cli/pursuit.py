"""The terminal's pursuit commands (being written)."""

from __future__ import annotations

from ._args import Groups


def register(groups: Groups) -> None:
    """Add the pursuit commands."""
