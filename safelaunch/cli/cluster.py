"""`safelaunch k8s` and `safelaunch slurm`: run a multi-node group under Kubernetes (LeaderWorkerSet) or Slurm;
and `serve`'s options for a node of a group (`group_options`, `group_settings`).

`k8s` and `slurm` write a file that runs `safelaunch serve` on every node of the group (`cluster.k8s`,
`cluster.slurm`); each node then finds its place from the orchestrator's environment.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from safelaunch.cli.common import FiniteFloatRange
from safelaunch.errors import SafelaunchError

# `serve`'s options for a node of a multi-node group; each may also come from LeaderWorkerSet's or Slurm's env.
_GROUP_OPTIONS = (
    click.option(
        "--nnodes", type=click.IntRange(1, 1024), help="Nodes of a multi-node group (default: $LWS_*/$SLURM_*)."
    ),
    click.option("--node-rank", type=click.IntRange(0, 1023), help="This node's rank in the group (0: the leader)."),
    click.option("--dist-init-addr", metavar="HOST:PORT", help="The leader's rendezvous address (SGLang's)."),
    click.option("--group", "group_id", metavar="ID", envvar="SAFELAUNCH_GROUP", help="The group's id in the store."),
    click.option(
        "--dist-timeout",
        type=click.IntRange(1, 86400),
        help="SGLang's --dist-timeout (s); also how long a silent node of the group is waited for.",
    ),
    click.option(
        "--group-timeout",
        type=FiniteFloatRange(0.5),
        envvar="SAFELAUNCH_GROUP_TIMEOUT",
        help="Seconds without a heartbeat before a node of the group is lost (default: --dist-timeout, else 60).",
    ),
    click.option(
        "--group-join-timeout",
        type=FiniteFloatRange(1),
        default=900.0,
        show_default=True,
        envvar="SAFELAUNCH_GROUP_JOIN_TIMEOUT",
        help="Seconds the group's nodes may take to gather.",
    ),
)


def group_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Add the group's options to `serve`."""
    for option in reversed(_GROUP_OPTIONS):
        fn = option(fn)
    return fn


def group_settings(
    nnodes: int | None,
    node_rank: int | None,
    addr: str | None,
    group_id: str | None,
    dist_timeout: int | None,
    group_timeout: float | None,
    join_timeout: float,
) -> Any:
    """This node's place in a multi-node group (flags first, then LeaderWorkerSet's or Slurm's env), or None."""
    from safelaunch.cluster.node import GroupSettings
    from safelaunch.core.group import from_sources

    spec = from_sources(os.environ, nnodes=nnodes, node_rank=node_rank, dist_init_addr=addr, group_id=group_id)
    if spec is None:
        given = [name for name, v in (("--dist-timeout", dist_timeout), ("--group-timeout", group_timeout)) if v]
        if given or group_id:
            raise SafelaunchError(
                f"{(given or ['--group'])[0]} is for a multi-node group: give --nnodes N (2 or more) and --node-rank"
            )
        return None
    timeout = group_timeout or (float(dist_timeout) if dist_timeout else 60.0)
    return GroupSettings(spec, timeout_s=timeout, join_timeout_s=join_timeout, dist_timeout_s=dist_timeout)


def _write(text: str, output: str | None) -> None:
    if output is None or output == "-":
        click.echo(text, nl=False)
        return
    try:
        Path(output).write_text(text)
    except OSError as exc:
        raise SafelaunchError(f"cannot write {output}: {exc.strerror or exc}") from None
    click.echo(f"safelaunch: wrote {output}", err=True)


_strategy = click.option(
    "--strategy",
    type=click.Choice(["low-latency", "balanced", "high-throughput"]),
    default="balanced",
    show_default=True,
)
_output = click.option("-o", "--output", metavar="FILE", help="Write here instead of stdout.")


@click.command("k8s")
@click.argument("model")
@click.option("--nodes", type=click.IntRange(2, 1024), required=True, help="Nodes per group (LWS size).")
@click.option("--gpus-per-node", type=click.IntRange(1, 64), default=8, show_default=True)
@click.option("--image", default=None, help="Container image with SGLang and safelaunch (default lmsysorg/sglang).")
@click.option(
    "--store-secret",
    default="safelaunch-store",
    show_default=True,
    help="Secret whose key 'url' is the store every node shares.",
)
@click.option("--name", help="The LeaderWorkerSet's name (default from the model).")
@click.option("--namespace", help="Kubernetes namespace.")
@click.option("--replicas", type=click.IntRange(1, 1000), default=1, show_default=True, help="Groups.")
@_strategy
@_output
def k8s_cmd(
    model: str,
    nodes: int,
    gpus_per_node: int,
    image: str | None,
    store_secret: str,
    name: str | None,
    namespace: str | None,
    replicas: int,
    strategy: str,
    output: str | None,
) -> None:
    """A LeaderWorkerSet manifest that runs MODEL over NODES nodes with safelaunch on each."""
    from safelaunch.cluster import k8s

    d = k8s.Deployment(
        model,
        nodes,
        gpus_per_node,
        image or k8s.DEFAULT_IMAGE,
        store_secret,
        name,
        strategy,
        replicas,
        namespace,
    )
    _write(k8s.render(d), output)


@click.command("slurm")
@click.argument("model")
@click.option("--nodes", type=click.IntRange(2, 1024), required=True)
@click.option("--gpus-per-node", type=click.IntRange(1, 64), default=8, show_default=True)
@click.option("--partition", help="Slurm partition.")
@click.option("--time", "time_limit", help="Slurm time limit ([D-]HH:MM:SS).")
@click.option("--safelaunch", "command", default="safelaunch", show_default=True, help="safelaunch on the nodes.")
@_strategy
@_output
def slurm_cmd(
    model: str,
    nodes: int,
    gpus_per_node: int,
    partition: str | None,
    time_limit: str | None,
    command: str,
    strategy: str,
    output: str | None,
) -> None:
    """An sbatch script that runs MODEL over NODES nodes: one srun task of safelaunch per node."""
    from safelaunch.cluster import slurm

    job = slurm.Job(model, nodes, gpus_per_node, strategy, partition, time_limit, command)
    _write(slurm.script(job), output)
