"""``python -m msolve model.xml``: run a MotionSolve XML dataset (see ``msolve.cli``)."""

from .cli import main

raise SystemExit(main())
