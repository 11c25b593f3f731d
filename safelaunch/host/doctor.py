"""Preflight: the causes of a slow or failed launch that can be seen before launching, gathered and checked.

Each check is a function of plain data returning one `Check` (ok / warn / fail, what was found, what to do), in
`doctor_checks` and `doctor_moe`. The reads of the outside world -- the interpreter probe, a bind test on the
port, process command lines, the disk, environment variables -- happen here in small edge helpers
(`bind_error`, `port_holder`, `process_commands`, `model_files`, `token_source`, `sglang_install.probe`) called
by `fast_checks` and `run_doctor`, so every decision can be tested with made-up inputs.

`serve` runs `fast_checks(plan, host, ...)` before launching and refuses on a failure unless --force:
everything here takes well under a second (one interpreter start for the probe is the slowest part).
"""

from __future__ import annotations

import errno
import os
import shutil
import socket
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from safelaunch.core.hardware import Host
from safelaunch.errors import SafelaunchError
from safelaunch.host import sglang_install
from safelaunch.host.doctor_checks import (
    FAIL,
    Check,
    ModelFiles,
    Summary,
    WeightFiles,
    check_cuda,
    check_gpu_processes,
    check_gpus,
    check_hf_token,
    check_memory,
    check_model,
    check_port,
    check_sglang,
    summarise,
)
from safelaunch.host.doctor_moe import check_moe_kernels
from safelaunch.redact import redact_argv

if TYPE_CHECKING:
    from safelaunch.core.models import ModelInfo
    from safelaunch.core.planner import Plan

DEFAULT_PORT = 30000  # SGLang's --port default
DEFAULT_BIND = "127.0.0.1"  # SGLang's --host default
TOKEN_ENV = ("HF_TOKEN", "HUGGING_FACE_HUB_TOKEN")


# --------------------------------------------------------------------------- edge: read the machine


def process_commands(pids: Sequence[int], limit: int = 80) -> dict[int, str]:
    """pid -> its command line (secrets redacted, shortened); processes we may not inspect are left out."""
    out: dict[int, str] = {}
    try:
        import psutil
    except ImportError:
        return out
    for pid in pids:
        try:
            argv = psutil.Process(pid).cmdline()
        except Exception:
            continue
        text = " ".join(redact_argv(argv)) if argv else ""
        if text:
            out[pid] = text if len(text) <= limit else text[: limit - 3] + "..."
    return out


# --------------------------------------------------------------------------- port


def bind_error(bind_host: str, port: int) -> OSError | None:
    """Try to bind as SGLang's HTTP server will (SO_REUSEADDR, like uvicorn); the error, or None when free."""
    family = socket.AF_INET6 if ":" in bind_host else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((bind_host, port))
    except OSError as exc:
        return exc
    return None


def port_holder(port: int) -> int | None:
    """The pid listening on `port`, when this user may see it."""
    try:
        import psutil

        for conn in psutil.net_connections(kind="inet"):
            if conn.laddr and conn.laddr.port == port and conn.status == psutil.CONN_LISTEN and conn.pid:
                return int(conn.pid)
    except Exception:
        return None
    return None


def token_source(env: Mapping[str, str]) -> str | None:
    """Where a Hugging Face token would come from (the name only, never the value)."""
    for name in TOKEN_ENV:
        if env.get(name):
            return name
    home = Path(env.get("HF_HOME") or Path(env.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "huggingface")
    path = Path(env["HF_TOKEN_PATH"]).expanduser() if env.get("HF_TOKEN_PATH") else home.expanduser() / "token"
    try:
        if path.is_file() and path.read_text().strip():
            return str(path)
    except OSError:
        return None
    return None


def hf_cache_dir(env: Mapping[str, str]) -> Path:
    """huggingface_hub's cache folder for the launch environment (model_source.hf_cache_dir reads only os.environ)."""
    for name in ("HF_HUB_CACHE", "HUGGINGFACE_HUB_CACHE"):
        if env.get(name):
            return Path(env[name]).expanduser()
    if env.get("HF_HOME"):
        return Path(env["HF_HOME"]).expanduser() / "hub"
    base = Path(env["XDG_CACHE_HOME"]).expanduser() if env.get("XDG_CACHE_HOME") else Path.home() / ".cache"
    return base / "huggingface" / "hub"


def model_files(info: ModelInfo, model: str, env: Mapping[str, str] | None = None) -> ModelFiles:
    """Locate the weights and measure the free disk where a download would land."""
    env = os.environ if env is None else env
    cache = hf_cache_dir(env)
    probe_dir = cache
    while not probe_dir.exists() and probe_dir.parent != probe_dir:
        probe_dir = probe_dir.parent
    try:
        free: int | None = shutil.disk_usage(probe_dir).free
    except OSError:
        free = None
    offline = any(
        env.get(v, "").strip().lower() in ("1", "true", "yes", "on") for v in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE")
    )
    return ModelFiles(
        model=model,
        source=info.source,
        path=info.path,
        weight_bytes=info.weight_bytes,
        cache_dir=str(cache),
        free_bytes=free,
        offline=offline,
        weights=weights_on_disk(Path(info.path)) if info.path else None,
    )


def weights_on_disk(directory: Path) -> WeightFiles:
    """What weight files a model directory really holds: the index's shards (present, missing, their bytes against
    the index's total_size), else the *.safetensors / *.bin files there. Sizes are stat()ed, following the HF
    cache's symlinks into blobs/ (a dangling link is a missing file)."""
    import json

    expected: list[str] = []
    total: int | None = None
    for name in ("model.safetensors.index.json", "pytorch_model.bin.index.json"):
        index = directory / name
        if index.is_file():
            try:
                data = json.loads(index.read_text())
                expected = sorted(set((data.get("weight_map") or {}).values()))
                total = (data.get("metadata") or {}).get("total_size")
            except (OSError, ValueError, AttributeError):
                expected = []
            break
    if not expected:
        expected = sorted(p.name for p in directory.glob("*.safetensors")) or sorted(
            p.name for p in directory.glob("pytorch_model*.bin")
        )
    sizes: dict[str, int] = {}
    for name in expected:
        try:
            sizes[name] = (directory / name).stat().st_size
        except OSError:
            continue
    missing = tuple(n for n in expected if n not in sizes)
    return WeightFiles(tuple(expected), missing, sum(sizes.values()), int(total) if total else None)


# --------------------------------------------------------------------------- edge: run the checks


def policy_margin_bytes(policies_dir: str | None = None) -> int:
    """The retry policy's safety margin (policies/defaults.yaml), or its built-in default when unreadable."""
    from safelaunch.core import recipes

    try:
        return int(recipes.load_policy(policies_dir).margin_bytes)
    except SafelaunchError:
        return int(recipes.RetryPolicy().margin_bytes)


def environment_checks(
    install: sglang_install.Install,
    host: Host,
    indices: Sequence[int],
    bind_host: str,
    port: int,
) -> list[Check]:
    """The checks that need no model: SGLang, CUDA, other processes, the port."""
    pids = [p.pid for g in host.gpus if g.index in set(indices) for p in g.processes]
    error = bind_error(bind_host, port)
    holder = port_holder(port) if error is not None and error.errno == errno.EADDRINUSE else None
    return [
        check_sglang(install),
        check_cuda(install, host),
        check_gpu_processes(host, indices, process_commands(pids)),
        check_port(bind_host, port, error, holder),
    ]


def model_checks(info: ModelInfo, model: str, env: Mapping[str, str]) -> list[Check]:
    files = model_files(info, model, env)
    return [check_model(files), check_hf_token(files, getattr(info, "gated", None), token_source(env))]


def fast_checks(
    plan: Plan,
    host: Host,
    *,
    python: str | None = None,
    port: int | None = None,
    bind_host: str | None = None,
    install: sglang_install.Install | None = None,
    env: Mapping[str, str] | None = None,
    margin_bytes: int | None = None,
) -> tuple[Check, ...]:
    """Every preflight check for a plan about to be launched; `serve` refuses on any FAIL unless --force.

    python: the interpreter SGLang runs under (default $SAFELAUNCH_SGLANG_PYTHON, else safelaunch's own).
    port / bind_host: default to the plan's `port` / `host` flags, else SGLang's 30000 / 127.0.0.1.
    install: a probe already made (saves the ~0.1 s interpreter start); env: the launch environment
    (default os.environ overlaid with plan.env); margin_bytes: default the retry policy's margin.
    """
    env = {**os.environ, **dict(plan.env)} if env is None else dict(env)
    python = python or sglang_install.default_python()
    if install is None:
        install = sglang_install.probe(python, env=env, moe_config_dir=env.get("SGLANG_MOE_CONFIG_DIR"))
    port = int(port if port is not None else plan.flags.get("port") or DEFAULT_PORT)
    bind_host = str(bind_host or plan.flags.get("host") or DEFAULT_BIND)
    indices = [g.index for g in host.gpus[: plan.gpu_count]]
    margin = policy_margin_bytes(plan.policies_dir) if margin_bytes is None else margin_bytes
    from safelaunch.core import memory

    return (
        check_gpus(host, plan.gpu_count),
        *environment_checks(install, host, indices, bind_host, port),
        *model_checks(plan.info, plan.model, env),
        check_memory(memory.estimate(plan.info, host, plan.flags, plan.env), margin),
        check_moe_kernels(
            plan.info, plan.flags, host.device_name, install, plan.model, install.executable or python, env
        ),
    )


def run_doctor(
    model: str,
    host_profile: str | None = None,
    *,
    python: str | None = None,
    port: int | None = None,
    strategy: str = "balanced",
    quant: str | None = None,
    recipe: str | None = None,
    revision: str | None = None,
) -> Summary:
    """`safelaunch doctor`: detect, resolve, plan, then `fast_checks` exactly as `serve`'s preflight runs them:
    in the launch environment (this one with the plan's env on top, e.g. SGLANG_DSV4_FP4_EXPERTS=0), so that
    doctor and serve agree. A step that cannot be done is a FAIL line."""
    from safelaunch.host import model_source, nvml, planning

    env = dict(os.environ)
    python = python or sglang_install.default_python()
    install = sglang_install.probe(python, env=env, moe_config_dir=env.get("SGLANG_MOE_CONFIG_DIR"))
    try:
        host = nvml.detect(host_profile)
    except SafelaunchError as exc:
        return summarise(
            [
                Check("gpus", FAIL, str(exc), "check the driver (nvidia-smi), or pass --host-profile to check a plan"),
                check_sglang(install),
            ]
        )
    bind_host = DEFAULT_BIND
    port_n = DEFAULT_PORT if port is None else port
    try:
        info = model_source.resolve_model(model, revision)
    except SafelaunchError as exc:
        indices = [g.index for g in host.gpus]
        return summarise(
            [
                check_gpus(host),
                *environment_checks(install, host, indices, bind_host, port_n),
                Check("model", FAIL, str(exc), "see the message for what to do"),
            ]
        )
    try:
        plan = planning.make_plan(
            model,
            host,
            strategy=strategy,
            quant=quant,
            sglang_version=install.sglang_version,
            info=info,
            recipe=recipe,
            revision=revision,
        )
    except SafelaunchError as exc:
        indices = [g.index for g in host.gpus]
        return summarise(
            [
                check_gpus(host),
                *environment_checks(install, host, indices, bind_host, port_n),
                *model_checks(info, model, env),
                Check("plan", FAIL, str(exc), "see `safelaunch plan` for the options"),
            ]
        )
    # serve's preflight: env=None overlays the plan's env, and the probe is redone when that env adds anything
    return summarise(fast_checks(plan, host, python=python, port=port, install=None if plan.env else install))
