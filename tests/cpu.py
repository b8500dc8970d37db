"""What the timing tests share: using CPU time on purpose (time limits count CPU time, not the clock)."""

from __future__ import annotations

import time


def burn(seconds: float) -> None:
    """Use ``seconds`` of CPU time: time limits count CPU time, and sleeping uses none.

    >>> start = time.process_time(); burn(0.01); time.process_time() - start >= 0.01
    True
    """
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass
