"""`python -m api.cli`: the `polis` command without its installed script."""

import sys

from api.cli import main

sys.exit(main())
