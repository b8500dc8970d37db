"""``python -m benchmarks``: run the benchmarks and print their figures."""

from benchmarks.run import main

if __name__ == "__main__":
    raise SystemExit(main())
