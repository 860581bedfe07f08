"""``python -m companion`` runs the ``companion`` command."""

from companion.cli import main

raise SystemExit(main())
