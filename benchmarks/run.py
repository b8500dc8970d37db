"""The command: parse the options, run the sections, print the report, save the figures."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .measure import Section, machine, machine_text

SECTIONS = ("tables", "paths", "pursuit", "gametree")


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
    from . import gametree, paths, pursuit, tables

    chosen = args.only or list(SECTIONS)
    runs: dict[str, Callable[[], Section]] = {
        "tables": lambda: tables.measure(quick=args.quick, limit=args.limit),
        "paths": lambda: paths.measure(quick=args.quick),
        "pursuit": lambda: pursuit.measure(quick=args.quick, limit=args.limit),
        "gametree": lambda: gametree.measure(quick=args.quick),
    }
    return [(name, runs[name]) for name in SECTIONS if name in chosen]


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
