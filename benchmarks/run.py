"""The command: parse the options, run the sections, print the report, save the figures."""

from __future__ import annotations

import argparse
import functools
import importlib
import inspect
import json
import pkgutil
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .measure import Section, machine, machine_text


def _sections() -> tuple[str, ...]:
    """Every module of this package with a ``measure`` function, the older sections first."""
    first = ("tables", "paths", "pursuit", "tictactoe")
    names = [info.name for info in pkgutil.iter_modules([str(Path(__file__).parent)]) if not info.name.startswith("_")]
    found = [name for name in names if hasattr(importlib.import_module(f"benchmarks.{name}"), "measure")]
    return tuple(sorted(found, key=lambda name: (first.index(name) if name in first else len(first), name)))


#: The sections: every benchmark module that has ``measure(quick=..., limit=...)`` (either may be left out).
SECTIONS = _sections()


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks",
        description="Benchmarks of coursekit's solvers, each against a plain baseline measured in the same run.",
    )
    parser.add_argument("--quick", action="store_true", help="tiny sizes: the whole run takes seconds")
    parser.add_argument("--only", choices=SECTIONS, action="append", help="run only this section (may repeat)")
    parser.add_argument("--limit", type=float, default=None, metavar="SECONDS",
                        help="time budget of each baseline run (default 60, with --quick 2)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also save the figures to FILE as JSON")
    args = parser.parse_args(argv)
    if args.limit is None:
        args.limit = 2.0 if args.quick else 60.0
    if args.limit <= 0:
        parser.error("--limit must be a positive number of seconds")
    return args


def sections(args: argparse.Namespace) -> list[tuple[str, Callable[[], Section]]]:
    """The chosen sections, in the order of :data:`SECTIONS`, each a call of its module's ``measure``."""
    chosen = args.only or list(SECTIONS)
    runs: list[tuple[str, Callable[[], Section]]] = []
    for name in SECTIONS:
        if name in chosen:
            measure = importlib.import_module(f"benchmarks.{name}").measure
            accepted = inspect.signature(measure).parameters
            options = {key: value for key, value in (("quick", args.quick), ("limit", args.limit)) if key in accepted}
            runs.append((name, functools.partial(measure, **options)))
    return runs


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    info = machine()
    print("coursekit benchmarks" + (" (--quick: tiny sizes)" if args.quick else ""))
    print(machine_text(info))
    print(flush=True)
    report: dict[str, Any] = {"machine": info, "quick": args.quick, "limit": args.limit, "sections": {}}
    mismatches = 0
    started = time.perf_counter()
    for name, run in sections(args):
        began = time.perf_counter()
        section = run()
        spent = time.perf_counter() - began
        print(section.text())
        print(f"  ({name}: {spent:.1f} s)\n", flush=True)
        report["sections"][name] = {**section.as_json(), "seconds": spent}
        mismatches += len(section.mismatches)
    total = time.perf_counter() - started
    report["seconds"] = total
    print(f"Total: {total:.1f} s. " + ("Every fast result agrees with its baseline." if not mismatches
                                      else f"{mismatches} MISMATCH(ES) between fast results and baselines."))
    if args.json is not None:
        args.json.write_text(json.dumps(report, indent=1, default=str) + "\n")
        print(f"Figures saved to {args.json}")
    if mismatches:
        print("error: fast results and baselines disagree (see MISMATCH above)", file=sys.stderr)
        return 1
    return 0
