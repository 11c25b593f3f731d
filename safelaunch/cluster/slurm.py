"""`safelaunch slurm`: an sbatch script that runs safelaunch once per node of a Slurm allocation.

One task per node (`--ntasks-per-node=1`), each `srun` task a node of the group: `safelaunch serve` reads its
place from `SLURM_JOB_NODELIST` (the first host is the leader), `SLURM_NNODES` and `SLURM_NODEID`
(`core.group.from_sources`). `--kill-on-bad-exit` ends the step when one node exits non-zero (a follower that
lost its leader), so the job ends and can be requeued as a whole. Every value from the command line is quoted
with `shlex.quote`: the script is data, never a string run through a shell here.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass

from safelaunch.cluster.k8s import HTTP_PORT, resource_name
from safelaunch.errors import ConfigError


@dataclass(frozen=True)
class Job:
    model: str
    nodes: int
    gpus_per_node: int = 8
    strategy: str = "balanced"
    partition: str | None = None
    time_limit: str | None = None
    safelaunch: str = "safelaunch"  # the command on the nodes (a path to a venv's safelaunch, say)


def script(job: Job) -> str:
    if job.nodes < 2:
        raise ConfigError("--nodes: a multi-node group is 2 nodes or more (one node: safelaunch serve)")
    if job.time_limit and not re.fullmatch(r"[0-9:-]+", job.time_limit):
        raise ConfigError(f"--time {job.time_limit!r}: Slurm's [D-]HH:MM:SS")
    q = shlex.quote
    lines = [
        "#!/bin/bash",
        f"# safelaunch slurm: {job.model} over {job.nodes} nodes of {job.gpus_per_node} GPUs, one task per node.",
        f"#SBATCH --job-name={resource_name(job.model)}",
        f"#SBATCH --nodes={job.nodes}",
        "#SBATCH --ntasks-per-node=1",
        f"#SBATCH --gpus-per-node={job.gpus_per_node}",
        "#SBATCH --exclusive",
        "#SBATCH --output=safelaunch-%j.out",
    ]
    if job.partition:
        lines.append(f"#SBATCH --partition={q(job.partition)}")
    if job.time_limit:
        lines.append(f"#SBATCH --time={job.time_limit}")
    lines += [
        "set -euo pipefail",
        "# Every node meets the others in one store: a PostgreSQL database they all reach (a SQLite file cannot",
        "# be shared between hosts: its WAL needs shared memory).",
        ': "${SAFELAUNCH_STORE_URL:?export SAFELAUNCH_STORE_URL=postgresql://... (the store every node shares)}"',
        "export SAFELAUNCH_STORE_URL",
        "# Each node's own state (logs, its secrets' private directory) stays on the node.",
        'export SAFELAUNCH_HOME="${SAFELAUNCH_HOME:-/tmp/safelaunch-$SLURM_JOB_ID}"',
        " ".join(
            [
                "srun",
                f"--nodes={job.nodes}",
                f"--ntasks={job.nodes}",
                "--ntasks-per-node=1",
                "--kill-on-bad-exit=1",
                q(job.safelaunch),
                "serve",
                q(job.model),
                "--strategy",
                q(job.strategy),
                "--host",
                "0.0.0.0",
                "--port",
                str(HTTP_PORT),
                "--daemon",
            ]
        ),
    ]
    return "\n".join(lines) + "\n"
