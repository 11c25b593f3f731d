"""`python -m safelaunch.sim <sglang serve arguments>`: a simulated SGLang server (see engine.py)."""

import sys

from safelaunch.sim.engine import main

if __name__ == "__main__":
    sys.exit(main())
