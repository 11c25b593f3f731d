"""`python -m safelaunch.upstream.loadgen`: run the load generator's command line (see `cli`)."""

import sys

from safelaunch.upstream.loadgen.cli import main

if __name__ == "__main__":
    sys.exit(main())
