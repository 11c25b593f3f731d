"""`sglang serve`'s argument parsing for the imitated version, and the few values the sim acts on.

Parsing is argparse on SGLang's own option table (options.py), so acceptance, abbreviations
(`--tp 8`), ambiguity errors and their wording (`sglang serve: error: ...`, exit status 2) are SGLang's.
The sim's own switch `--memory sim|cuda` is taken out first, and only in its exact spelling, so that it
never changes which prefixes SGLang's parser finds ambiguous.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from safelaunch.sim.frames import Frame, traceback_text
from safelaunch.sim.option_types import DeprecationNotes
from safelaunch.sim.options import build_parser, table_for_version
from safelaunch.sim.versions import SglangVersion

MEMORY_FLAG = "--memory"

# `ServerArgs.from_cli_args`: dataclass fields whose argparse dest is the long alias.
_CLI_ALIASES = {
    "tp_size": "tensor_parallel_size",
    "pp_size": "pipeline_parallel_size",
    "attn_cp_size": "attention_context_parallel_size",
    "moe_dp_size": "moe_data_parallel_size",
    "dp_size": "data_parallel_size",
    "ep_size": "expert_parallel_size",
}


@dataclass(frozen=True)
class SimArgs:
    """The flags the simulated engine acts on; `raw` keeps every parsed value for server_info."""

    model_path: str
    tp_size: int = 1
    dp_size: int = 1
    ep_size: int = 1
    mem_fraction_static: float | None = None
    cuda_graph_max_bs: int | None = None
    cuda_graph_bs: tuple[int, ...] | None = None
    disable_cuda_graph: bool = False
    disable_cuda_graph_padding: bool = False
    disable_prefill_cuda_graph: bool = False
    disable_piecewise_cuda_graph: bool = False
    chunked_prefill_size: int | None = None
    max_prefill_tokens: int = 16384
    max_running_requests: int | None = None
    max_total_tokens: int | None = None
    context_length: int | None = None
    quantization: str | None = None
    kv_cache_dtype: str = "auto"
    page_size: int | None = None
    host: str = "127.0.0.1"
    port: int = 30000
    api_key: str | None = None
    served_model_name: str | None = None
    enable_metrics: bool = False
    skip_server_warmup: bool = False
    enable_dp_attention: bool = False
    attn_dp_size: int = 1  # >= 0.5.20: --attn-dp-size (DP attention inside the TP group)
    moe_a2a_backend: str | None = None
    moe_runner_backend: str = "auto"
    disable_flashinfer_autotune: bool = False
    speculative_algorithm: str | None = None
    base_gpu_id: int = 0
    trust_remote_code: bool = False
    memory_backend: str = "sim"
    deprecations: tuple[str, ...] = ()
    raw: Mapping[str, Any] = field(default_factory=dict)
    argv: tuple[str, ...] = ()

    @property
    def model_name(self) -> str:
        return self.served_model_name or self.model_path


class ArgvError(Exception):
    """argparse already printed usage and `sglang serve: error: ...`; exit with `code`."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


class LauncherTraceback(Exception):
    """The launcher died in `prepare_server_args` (a --config or a layout refused): its traceback, exit status 1."""


def _config_error(message: str) -> LauncherTraceback:
    frames = [
        Frame("launch_server.py", 59, "<module>", "server_args = prepare_server_args(sys.argv[1:])"),
        Frame("srt/server_args.py", 6523, "prepare_server_args", "argv = config_merger.merge_config_with_args(argv)"),
    ]
    return LauncherTraceback(traceback_text(frames, f"ValueError: {message}"))


def merge_config(argv: list[str], parser: argparse.ArgumentParser) -> list[str]:
    """SGLang's `ConfigArgumentMerger` (0.5.3+): `--config FILE.yaml` (two tokens, exactly) read inside the process.

    Its keys become flags verbatim (`api-key: x` -> `--api-key x`; `api_key` would be an unknown `--api_key`), a
    store_true flag set true becomes the bare flag, a list its values; the result is config + the rest of argv, so
    the command line wins. Only the local list changes: the process's own argv keeps just the file's path.
    """
    at = [i for i, arg in enumerate(argv) if arg == "--config"]
    if not at:
        return argv
    if len(at) > 1:
        raise _config_error("Multiple config files specified! Only one allowed.")
    if at[0] == len(argv) - 1:
        raise _config_error("No config file specified after --config flag!")
    path = Path(argv[at[0] + 1])
    if path.suffix.lower() not in (".yaml", ".yml"):
        raise _config_error(f"Config file must be YAML format, got: {path.suffix}")
    if not path.exists():
        raise _config_error(f"Config file not found: {path}")
    import yaml

    with open(path) as fh:
        data = yaml.safe_load(fh) or {}
    if not isinstance(data, dict):
        raise _config_error("Config file must contain a dictionary at root level")
    store_true = {a.dest for a in parser._actions if isinstance(a, argparse._StoreTrueAction)}
    merged: list[str] = []
    for key, value in data.items():
        norm = str(key).replace("-", "_")
        if isinstance(value, bool):
            if norm in store_true:
                merged += [f"--{key}"] if value else []
            else:
                merged += [f"--{key}", str(value).lower()]
        elif isinstance(value, list):
            merged += [f"--{key}", *(str(v) for v in value)] if value else []
        else:
            merged += [f"--{key}", str(value)]
    return merged + argv[: at[0]] + argv[at[0] + 2 :]


def split_memory_flag(argv: Sequence[str]) -> tuple[list[str], str]:
    """Take the sim's `--memory X` / `--memory=X` out of an SGLang argv (exact spelling only)."""
    rest: list[str] = []
    backend = os.environ.get("SAFELAUNCH_SIM_MEMORY") or "sim"  # env: serve's argv stays SGLang's own
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == MEMORY_FLAG and i + 1 < len(argv):
            backend = argv[i + 1]
            i += 2
            continue
        if arg.startswith(MEMORY_FLAG + "="):
            backend = arg.split("=", 1)[1]
            i += 1
            continue
        rest.append(arg)
        i += 1
    return rest, backend


def parse(argv: Sequence[str], version: SglangVersion) -> SimArgs:
    """Parse like `sglang serve` of `version`; argparse errors print SGLang's text and raise ArgvError(2)."""
    rest, backend = split_memory_flag(argv)
    notes = DeprecationNotes()
    parser = build_parser(table_for_version(version), notes)
    rest = merge_config(rest, parser)
    try:
        ns = parser.parse_args(rest)
    except SystemExit as exc:  # argparse has written usage + error to stderr, like SGLang
        raise ArgvError(int(exc.code or 0)) from None
    raw = dict(vars(ns))
    for field_name, dest in _CLI_ALIASES.items():  # ServerArgs.from_cli_args
        if dest in raw:
            raw[field_name] = raw.pop(dest)
    max_bs = raw.get("cuda_graph_max_bs_decode")
    if max_bs is None:
        max_bs = raw.get("cuda_graph_max_bs")
    disable_graph = bool(raw.get("disable_cuda_graph")) or raw.get("cuda_graph_backend_decode") == "disabled"
    graph_bs = raw.get("cuda_graph_bs")
    return SimArgs(
        model_path=raw["model_path"],
        tp_size=int(raw.get("tp_size") or 1),
        dp_size=int(raw.get("dp_size") or 1),
        ep_size=int(raw.get("ep_size") or 1),
        mem_fraction_static=raw.get("mem_fraction_static"),
        cuda_graph_max_bs=max_bs,
        cuda_graph_bs=tuple(graph_bs) if graph_bs else None,
        disable_cuda_graph=disable_graph,
        disable_cuda_graph_padding=bool(raw.get("disable_cuda_graph_padding")),
        disable_prefill_cuda_graph=bool(raw.get("disable_prefill_cuda_graph"))
        or raw.get("cuda_graph_backend_prefill") == "disabled",
        disable_piecewise_cuda_graph=bool(raw.get("disable_piecewise_cuda_graph")),
        chunked_prefill_size=raw.get("chunked_prefill_size"),
        max_prefill_tokens=int(raw.get("max_prefill_tokens") or 16384),
        max_running_requests=raw.get("max_running_requests"),
        max_total_tokens=raw.get("max_total_tokens"),
        context_length=raw.get("context_length"),
        quantization=raw.get("quantization"),
        kv_cache_dtype=str(raw.get("kv_cache_dtype") or "auto"),
        page_size=raw.get("page_size"),
        host=raw.get("host") or "127.0.0.1",
        port=int(raw.get("port") or 30000),
        api_key=raw.get("api_key"),
        served_model_name=raw.get("served_model_name"),
        enable_metrics=bool(raw.get("enable_metrics")),
        skip_server_warmup=bool(raw.get("skip_server_warmup")),
        enable_dp_attention=bool(raw.get("enable_dp_attention")) or int(raw.get("attn_dp_size") or 1) > 1,
        attn_dp_size=int(raw.get("attn_dp_size") or 1),
        moe_a2a_backend=raw.get("moe_a2a_backend"),
        moe_runner_backend=str(raw.get("moe_runner_backend") or "auto"),
        disable_flashinfer_autotune=bool(raw.get("disable_flashinfer_autotune")),
        speculative_algorithm=raw.get("speculative_algorithm"),
        base_gpu_id=int(raw.get("base_gpu_id") or 0),
        trust_remote_code=bool(raw.get("trust_remote_code")),
        memory_backend=backend,
        deprecations=tuple(notes.messages),
        raw=raw,
        argv=tuple(rest),
    )
