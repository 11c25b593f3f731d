"""safelaunch: start SGLang on GPU hosts without the crash-and-retry-by-hand dance.

The package is split by what touches the world (see CONTRIBUTING.md):

- ``core/``: pure decisions on small frozen dataclasses (classifier, models, memory, recipes, planner, remedies,
  SGLang argv spelling, kernel-config names). Imports nothing from the shell packages below.
- ``host/``: this machine: NVML, the engine's process tree, HTTP probes, the SGLang installation, preflight.
- ``supervise/``: the attempt state machine, serve/daemon orchestration, the console view.
- ``store/``: the record of attempts, verified configs and benchmarks.
- ``upstream/``: benchmarks, the load generator, export to SGLang's cookbook.
- ``service/``: systemd install, sd_notify, Prometheus metrics.
- ``cluster/``: multi-node groups (leader / follower over the store; LeaderWorkerSet and Slurm front-ends).
- ``cli/``: one module per command group; parse, call, print.
- ``sim/``: the simulated SGLang engine, the judge of all of the above (it never imports ``core``'s estimates).

``errors``, ``redact`` and ``logsetup`` are shared leaves any package may import.
"""

from pathlib import Path

__version__ = "0.1.0"

# The installed package's folder: packaged data (`data/`, `policies/`, `systemd/`) is found relative to it.
PACKAGE_DIR = Path(__file__).resolve().parent
