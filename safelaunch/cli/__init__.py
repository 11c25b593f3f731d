"""The command line: one module per command group; each parses, calls the packages above and prints.

Nothing else imports `cli`. The console script is `safelaunch.cli:main`.
"""

from safelaunch.cli.main import main

__all__ = ["main"]
