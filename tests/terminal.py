"""Run the ``coursekit`` command in this process, as the terminal tests do."""

from __future__ import annotations

import io
import sys

from coursekit.cli import main


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    """The exit status, standard output and standard error of ``coursekit *argv``."""
    out, err = io.StringIO(), io.StringIO()
    old = sys.stderr
    sys.stderr = err
    try:
        status = main(list(argv), stdin=io.StringIO(stdin), stdout=out)
    finally:
        sys.stderr = old
    return status, out.getvalue(), err.getvalue()
