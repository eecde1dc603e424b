"""``python -m citadel.cli``."""

import sys

from citadel.cli import main

sys.exit(main())
