"""The progress bar that the long commands (grade, report, tournament) show on standard error."""

from __future__ import annotations


def bar(done: int, total: int, width: int = 30) -> str:
    """``[##########....................] 1/3``

    >>> bar(1, 3, 30)
    '[##########....................] 1/3'
    >>> bar(0, 0)
    '[##############################] 0/0'
    """
    filled = round(width * done / total) if total else width
    return f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total}"


__all__ = ["bar"]
