"""`python -m benchmarks`: see benchmarks/run.py (``--phh N``: the PHH figure on the first N
real hands, 2000 by default, 10088 for all of them, 0 to skip it)."""

import sys

from .run import main

sys.exit(main(sys.argv[1:]))
