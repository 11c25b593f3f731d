"""`safelaunch k8s`: a LeaderWorkerSet (leaderworkerset.x-k8s.io/v1) that runs safelaunch on every node of a group.

LeaderWorkerSet is how SGLang's docs deploy multi-node on Kubernetes: one leader pod and `size - 1` workers per
group, each told its place through `LWS_LEADER_ADDRESS`, `LWS_GROUP_SIZE` and `LWS_WORKER_INDEX`, which
`safelaunch serve` reads (`core.group.from_sources`). Here safelaunch is the entrypoint of every pod, so a failed
attempt is recovered inside the group; `RecreateGroupOnPodRestart` restarts the whole group when a pod dies, and
a follower that loses its leader exits for exactly that. The store every node meets in comes from a Secret
(key `url`), never from the manifest; the leader's readiness is SGLang's `/health` behind safelaunch.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from safelaunch.core.group import DEFAULT_DIST_PORT
from safelaunch.errors import ConfigError

API_VERSION = "leaderworkerset.x-k8s.io/v1"
DEFAULT_IMAGE = "lmsysorg/sglang:latest"  # add safelaunch to it (pip install safelaunch): see the README
HTTP_PORT = 30000
SHM_LIMIT = "64Gi"


@dataclass(frozen=True)
class Deployment:
    """What the manifest is for; the rest are Kubernetes' and SGLang's defaults."""

    model: str
    nodes: int
    gpus_per_node: int = 8
    image: str = DEFAULT_IMAGE
    store_secret: str = "safelaunch-store"
    name: str | None = None
    strategy: str = "balanced"
    replicas: int = 1
    namespace: str | None = None


def resource_name(model: str) -> str:
    """A DNS-1035 label from the model id (`deepseek-ai/DeepSeek-V3` -> `safelaunch-deepseek-v3`)."""
    slug = re.sub(r"[^a-z0-9-]+", "-", model.rsplit("/", 1)[-1].lower()).strip("-")
    return ("safelaunch-" + slug)[:52].rstrip("-") or "safelaunch"


def _check(d: Deployment) -> str:
    if d.nodes < 2:
        raise ConfigError("--nodes: a LeaderWorkerSet group is for 2 nodes or more (one node: safelaunch serve)")
    name = d.name or resource_name(d.model)
    if not re.fullmatch(r"[a-z]([-a-z0-9]*[a-z0-9])?", name) or len(name) > 52:
        raise ConfigError(f"--name {name!r}: a lower-case DNS label of at most 52 characters, starting with a letter")
    if not re.fullmatch(r"[a-z0-9]([-.a-z0-9]*[a-z0-9])?", d.store_secret):
        raise ConfigError(f"--store-secret {d.store_secret!r}: not a Kubernetes Secret name")
    return name


def _container(d: Deployment, leader: bool) -> dict[str, Any]:
    command = ["python3", "-m", "safelaunch", "serve", d.model, "--strategy", d.strategy]
    command += ["--host", "0.0.0.0", "--port", str(HTTP_PORT), "--daemon"]
    container: dict[str, Any] = {
        "name": "safelaunch-leader" if leader else "safelaunch-worker",
        "image": d.image,
        "command": command,
        "env": [
            {
                "name": "SAFELAUNCH_STORE_URL",
                "valueFrom": {"secretKeyRef": {"name": d.store_secret, "key": "url"}},
            },
            {"name": "SAFELAUNCH_HOME", "value": "/var/lib/safelaunch"},
        ],
        "resources": {"limits": {"nvidia.com/gpu": str(d.gpus_per_node)}},
        "ports": [{"containerPort": DEFAULT_DIST_PORT, "name": "dist-init"}],
        "volumeMounts": [
            {"mountPath": "/dev/shm", "name": "dshm"},
            {"mountPath": "/var/lib/safelaunch", "name": "state"},
        ],
    }
    if leader:
        container["ports"].insert(0, {"containerPort": HTTP_PORT, "name": "http"})
        container["readinessProbe"] = {
            "httpGet": {"path": "/health", "port": HTTP_PORT},
            "initialDelaySeconds": 30,
            "periodSeconds": 10,
            "failureThreshold": 3,
        }
    return container


def _pod(d: Deployment, leader: bool) -> dict[str, Any]:
    spec = {
        "containers": [_container(d, leader)],
        "volumes": [
            {"name": "dshm", "emptyDir": {"medium": "Memory", "sizeLimit": SHM_LIMIT}},
            {"name": "state", "emptyDir": {}},
        ],
        "terminationGracePeriodSeconds": 60,
    }
    labels = {"role": "leader" if leader else "worker"}
    return {"metadata": {"labels": labels}, "spec": spec}


def manifest(d: Deployment) -> list[dict[str, Any]]:
    """The LeaderWorkerSet and the Service in front of the leaders, as Kubernetes objects."""
    name = _check(d)
    meta: dict[str, Any] = {"name": name, "labels": {"app.kubernetes.io/managed-by": "safelaunch"}}
    if d.namespace:
        meta["namespace"] = d.namespace
    lws = {
        "apiVersion": API_VERSION,
        "kind": "LeaderWorkerSet",
        "metadata": meta,
        "spec": {
            "replicas": d.replicas,
            "startupPolicy": "LeaderCreated",
            "leaderWorkerTemplate": {
                "size": d.nodes,
                "restartPolicy": "RecreateGroupOnPodRestart",
                "leaderTemplate": _pod(d, leader=True),
                "workerTemplate": _pod(d, leader=False),
            },
        },
    }
    service = {
        "apiVersion": "v1",
        "kind": "Service",
        "metadata": {**meta, "name": f"{name}-leader"},
        "spec": {
            "selector": {"leaderworkerset.sigs.k8s.io/name": name, "role": "leader"},
            "ports": [{"name": "http", "protocol": "TCP", "port": HTTP_PORT, "targetPort": HTTP_PORT}],
        },
    }
    return [lws, service]


def render(d: Deployment) -> str:
    import yaml

    head = (
        f"# safelaunch k8s: {d.model} over {d.nodes} nodes of {d.gpus_per_node} GPUs (LeaderWorkerSet).\n"
        f"# Before applying: a Secret {d.store_secret!r} with key 'url' = the store every node shares, e.g.\n"
        f"#   kubectl create secret generic {d.store_secret} --from-literal=url=postgresql://safelaunch@db/safelaunch\n"
        f"# and an image with safelaunch installed ({d.image}).\n"
    )
    return head + yaml.safe_dump_all(manifest(d), sort_keys=False, explicit_start=True)
