"""Canonical flags and env -> the cookbook's strings, in the authoring contract's order, secrets left out.

Why apart: what a config may say publicly is decided once: secrets (via `redact`) and host-local settings
(ports, paths, node ranks) never leave the host, and the version-dependent flag names follow the same
`sglang_args` rules as the argv safelaunch launches with. The cookbook cells, the YAML recipes and the PR text
all read these lists.
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Mapping
from typing import Any

from safelaunch.core.sglang_args import canonical, render_argv
from safelaunch.redact import is_secret_env, is_secret_flag

# Flags that describe this host or this run rather than the config (and secrets, handled by redact).
LOCAL_FLAGS = frozenset(
    {
        "model-path",
        "model",
        "host",
        "port",
        "nnodes",
        "node-rank",
        "dist-init-addr",
        "nccl-init-addr",
        "nccl-port",
        "base-gpu-id",
        "served-model-name",
        "tokenizer-path",
        "download-dir",
        "log-level",
        "log-level-http",
        "log-requests",
        "enable-metrics",
        "extra_args",
    }
)
LOCAL_ENV = frozenset(
    {
        "CUDA_VISIBLE_DEVICES",
        "HF_HOME",
        "HF_HUB_CACHE",
        "HF_HUB_OFFLINE",
        "HF_DATASETS_OFFLINE",
        "TRANSFORMERS_OFFLINE",
        "TRANSFORMERS_CACHE",
        "PATH",
        "PYTHONPATH",
        "HOME",
        "NCCL_SOCKET_IFNAME",
        "GLOO_SOCKET_IFNAME",
    }
)
# The docs' spelling: argparse accepts the unique prefixes `--tp`/`--dp`, and `--ep` is a real alias.
_DOCS_OPTION = {"--tp-size": "--tp", "--dp-size": "--dp", "--ep-size": "--ep"}
_PARALLEL_ORDER = ("tp", "dp", "enable-dp-attention", "ep", "pp", "attn-dp-size", "attn-cp-size", "moe-dense-tp-size")
_MOE_EXTRA = frozenset({"enable-eplb", "ep-num-redundant-experts", "deepep-mode", "ep-dispatch-algorithm"})
_TUNING_ORDER = (
    "quantization",
    "kv-cache-dtype",
    "context-length",
    "mem-fraction-static",
    "chunked-prefill-size",
    "max-running-requests",
    "cuda-graph-max-bs",
    "cuda-graph-max-bs-decode",
    "disable-cuda-graph",
)


def _docs_strings(name: str, value: Any, version: str | None) -> list[str]:
    """One canonical flag -> its `"--flag value"` string(s), spelled by `sglang_args.render_argv` for `version`.

    Rendering one flag at a time keeps the docs' parallelism style (`--dp N --enable-dp-attention`, which the
    cookbook writes for every version) while the version-dependent names (`--cuda-graph-max-bs-decode`, the
    cuda-graph backends) follow the same rules as the argv safelaunch launches with.
    """
    if isinstance(value, Mapping | list | tuple):
        value = json.dumps(value, separators=(",", ":"))
    out: list[str] = []
    for token in render_argv({name: value}, version):
        if token.startswith("--") and token not in ("--",):
            out.append(_DOCS_OPTION.get(token, token))
        elif out:
            out[-1] += " " + shlex.quote(token)
    return out


def docs_flags(flags: Mapping[str, Any], sglang_version: str | None = None) -> list[str]:
    """Canonical flags -> the cookbook's flag strings, in the authoring contract's order.

    `--trust-remote-code`, `--model-path {{MODEL_NAME}}`, parallelism, MoE, tuning knobs, then
    `--host {{HOST_IP}}` / `--port {{PORT}}`. Secrets and host-local flags never appear.
    """
    kept: dict[str, Any] = {}
    for raw, value in flags.items():
        name = canonical(str(raw).replace("_", "-")) if raw != "extra_args" else raw
        if is_secret_flag(name) or name in LOCAL_FLAGS or value is None or value is False:
            continue
        kept[name] = value
    head = ["--trust-remote-code"] if kept.pop("trust-remote-code", None) else []
    head.append("--model-path {{MODEL_NAME}}")
    parallel = [n for n in _PARALLEL_ORDER if n in kept]
    moe = [n for n in kept if (n.startswith("moe-") or n in _MOE_EXTRA) and n not in parallel]
    rest = [n for n in kept if n not in parallel and n not in moe]
    tuning = [n for n in _TUNING_ORDER if n in rest] + [n for n in rest if n not in _TUNING_ORDER]
    body = [f for n in (*parallel, *moe, *tuning) for f in _docs_strings(n, kept[n], sglang_version)]
    return [*head, *body, "--host {{HOST_IP}}", "--port {{PORT}}"]


def docs_env(env: Mapping[str, str]) -> list[str]:
    """Env vars as `NAME=value` lines; secrets and host-local settings are left out."""
    out = []
    for k, v in env.items():
        if is_secret_env(k) or k in LOCAL_ENV or k.startswith("SAFELAUNCH_"):
            continue
        value = str(v)
        out.append(f"{k}={value if re.fullmatch(r'[A-Za-z0-9_.,:/@%+=-]*', value) else shlex.quote(value)}")
    return out
