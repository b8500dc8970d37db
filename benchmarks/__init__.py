"""Benchmarks of the course's solvers, each against a plain baseline measured in the same run.

Run from the repository root with the virtual environment's Python::

    .venv/bin/python -m benchmarks              # everything, a few minutes
    .venv/bin/python -m benchmarks --quick      # tiny sizes, seconds (the test runs this)
    .venv/bin/python -m benchmarks --only paths --json figures.json

Sections:

- ``tables``: P/N tables (king, rook, queen, knight) and Grundy tables from
  :mod:`coursekit.solvers.tables`, against plain memoised recursion (:mod:`benchmarks.baselines`)
  at the largest size the recursion manages within ``--limit`` seconds.
- ``paths``: breadth-first search against A* on grids with blocked cells, corner to corner.
- ``pursuit``: the exact pursuit solver with one and with two pursuers, against a plain
  dict-based retrograde solver.

Every fast result is checked against its baseline wherever both were computed; a mismatch
makes the command exit with status 1.
"""
