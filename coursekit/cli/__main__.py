"""``python -m coursekit.cli``: the same as the ``coursekit`` command."""

from . import main

raise SystemExit(main())
