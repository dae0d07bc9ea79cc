"""`python -m benchmarks`: see benchmarks/run.py. ``--phh N`` adds the PHH figure
(benchmarks/phh.py: import + fold of the first N real hands against PokerKit's load + replay,
10088 for all of them; 0, the default, skips it)."""

import sys

from . import phh, run
from .run import main

argv, hands = phh.take_option(sys.argv[1:])
if hands:
    phh.add_to(run, hands)
sys.exit(main(argv))
