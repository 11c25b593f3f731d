"""Preflight checks: the causes of a slow or failed launch that can be seen before launching.

Each check is a function of plain data returning one `Check` (ok / warn / fail, what was found, what to
do). The reads of the outside world -- the interpreter probe, a bind test on the port, process command
lines, the disk, environment variables -- happen in small edge helpers (`bind_error`, `port_holder`,
`process_commands`, `model_files`, `token_source`, `sglang_install.probe`) called by `fast_checks` and
`run_doctor`, so every decision can be tested with made-up inputs.

`serve` runs `fast_checks(plan, host, ...)` before launching and refuses on a failure unless --force:
everything here takes well under a second (one interpreter start for the probe is the slowest part).
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import socket
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from safelaunch.core import kernel_configs as kc
from safelaunch.core.hardware import Host, fmt_bytes
from safelaunch.errors import SafelaunchError
from safelaunch.host import sglang_install
from safelaunch.redact import redact_argv

if TYPE_CHECKING:
    from safelaunch.core.memory import MemoryEstimate
    from safelaunch.core.models import ModelInfo
    from safelaunch.core.planner import Plan

OK, WARN, FAIL = "ok", "warn", "fail"
STATUSES = (OK, WARN, FAIL)
DEFAULT_PORT = 30000  # SGLang's --port default
DEFAULT_BIND = "127.0.0.1"  # SGLang's --host default
GIB = 1024**3
# Memory another process holds on a GPU the plan uses before it counts as a failure: above this the
# KV pool / graph budgets SGLang computes from the GPU's total no longer hold, and every retry would be
# a retry against the wrong cause.
FOREIGN_FAIL_BYTES = 1 * GIB
# Used memory no listed process explains (another container, a zombie context) beyond an idle GPU's own.
UNEXPLAINED_FAIL_BYTES = 2 * GIB
IDLE_USED_BYTES = 1 * GIB
DOWNLOAD_SLACK = 1.05  # a download needs a little more than the checkpoint (temp files, metadata)
TOKEN_ENV = ("HF_TOKEN", "HUGGING_FACE_HUB_TOKEN")
FP8_DEFAULT_BLOCK = (128, 128)  # block size of every FP8 checkpoint in the catalogue (DeepSeek, Qwen)


@dataclass(frozen=True)
class Check:
    """One preflight finding. `found` says what was seen, `action` what to do about it ("" when nothing)."""

    name: str
    status: str  # ok | warn | fail
    found: str
    action: str = ""

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"check {self.name}: status {self.status!r} is not one of {STATUSES}")

    def to_json(self) -> dict[str, str]:
        return asdict(self)

    def line(self) -> str:
        """The one-line human form: status, name, what was found, what to do."""
        text = f"{self.status:<4}  {self.name:<17} {self.found}"
        return f"{text} -> {self.action}" if self.action else text


@dataclass(frozen=True)
class Summary:
    checks: tuple[Check, ...]
    ok: bool  # nothing failed (warnings allowed)
    counts: Mapping[str, int] = field(default_factory=dict)

    @property
    def exit_code(self) -> int:
        return 0 if self.ok else 1

    def to_json(self) -> dict[str, Any]:
        return {"checks": [c.to_json() for c in self.checks], "ok": self.ok}


def summarise(checks: Sequence[Check]) -> Summary:
    """Pure: ok when no check failed."""
    counts = {s: sum(1 for c in checks if c.status == s) for s in STATUSES}
    return Summary(checks=tuple(checks), ok=counts[FAIL] == 0, counts=counts)


# --------------------------------------------------------------------------- SGLang, torch, CUDA


def check_sglang(install: sglang_install.Install) -> Check:
    if install.error:
        return Check("sglang", FAIL, install.error, "pass --python with the interpreter of SGLang's environment")
    where = f"{install.executable or install.python} (Python {install.python_version or '?'})"
    if not install.has_sglang:
        return Check(
            "sglang",
            FAIL,
            f"no sglang package importable by {where}",
            f"install it there ({install.python} -m pip install sglang) or pass --python with SGLang's interpreter",
        )
    version = install.sglang_version or "unknown version"
    kernel = f", sglang-kernel {install.kernel_version}" if install.kernel_version else ""
    return Check("sglang", OK, f"sglang {version} at {install.sglang_path} for {where}{kernel}")


def check_cuda(install: sglang_install.Install, host: Host) -> Check:
    """torch's CUDA build against what the driver supports: a newer major than the driver cannot start."""
    if not install.has_sglang:
        return Check("cuda", WARN, "not checked: no SGLang environment to inspect", "fix the sglang check first")
    if not install.torch_version:
        return Check(
            "cuda", FAIL, f"torch is not installed for {install.python}", "install the torch build SGLang pins"
        )
    built = sglang_install.cuda_tuple(install.torch_cuda)
    driver = sglang_install.cuda_tuple(host.cuda_driver_version)
    torch_text = f"torch {install.torch_version} built for CUDA {install.torch_cuda or '?'}"
    if install.triton_version:
        torch_text += f", triton {install.triton_version}"
    if built is None:
        return Check("cuda", FAIL, f"{torch_text}: a CPU-only torch", "install a CUDA build of torch")
    if driver is None:
        return Check("cuda", OK, f"{torch_text}; driver CUDA version unknown ({host.source}): not compared")
    driver_text = f"driver {host.driver_version or '?'} supports CUDA {host.cuda_driver_version}"
    if driver[0] < built[0]:
        return Check(
            "cuda",
            FAIL,
            f"{torch_text} but {driver_text}",
            f"upgrade the NVIDIA driver to one for CUDA {built[0]}.x, or install a torch built for CUDA {driver[0]}.x",
        )
    if driver < built:
        return Check(
            "cuda",
            WARN,
            f"{torch_text}, {driver_text}: runs only through minor-version compatibility (JIT-compiled kernels "
            "may fail)",
            f"upgrade the driver to CUDA {built[0]}.{built[1]} or newer",
        )
    return Check("cuda", OK, f"{torch_text}; {driver_text}")


# --------------------------------------------------------------------------- GPU processes


def check_gpu_processes(
    host: Host,
    indices: Sequence[int],
    commands: Mapping[int, str] | None = None,
    ignore_pids: Sequence[int] = (),
) -> Check:
    """Memory other processes hold on the GPUs the plan uses: every attempt would fail for the wrong reason."""
    commands = commands or {}
    used = [g for g in host.gpus if g.index in set(indices)] or list(host.gpus)
    listed: list[str] = []
    worst = OK
    for g in used:
        foreign = [p for p in g.processes if p.pid not in set(ignore_pids)]
        held = sum(p.used_bytes or 0 for p in foreign)
        for p in foreign:
            command = commands.get(p.pid) or p.name or "?"
            listed.append(f"GPU {g.index}: pid {p.pid} ({p.user or '?'}) {command} holds {fmt_bytes(p.used_bytes)}")
            if p.used_bytes is None:
                worst = _worse(worst, WARN)
        if held >= FOREIGN_FAIL_BYTES:
            worst = FAIL
        elif foreign:
            worst = _worse(worst, WARN)
        unexplained = g.memory_used - held - IDLE_USED_BYTES
        if host.source != "profile" and unexplained > UNEXPLAINED_FAIL_BYTES:
            listed.append(f"GPU {g.index}: {fmt_bytes(unexplained)} used by processes not visible here")
            worst = FAIL
    if not listed:
        note = " (host profile: not measured)" if host.source == "profile" else ""
        gpus = ",".join(str(g.index) for g in used)
        return Check("gpu-processes", OK, f"no other process holds memory on GPU {gpus}{note}")
    action = (
        "stop them (kill PID) or choose other GPUs with CUDA_VISIBLE_DEVICES; memory not listed here belongs "
        "to another container or a leaked context (see nvidia-smi on the host)"
    )
    return Check("gpu-processes", worst, "; ".join(listed), action)


def _worse(a: str, b: str) -> str:
    return a if STATUSES.index(a) >= STATUSES.index(b) else b


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


def check_port(bind_host: str, port: int, error: OSError | None, holder: int | None = None) -> Check:
    """SGLang notices a busy --port only after loading the whole model; this notices it first."""
    where = f"{bind_host}:{port}"
    if error is None:
        return Check("port", OK, f"{where} is free")
    if error.errno == errno.EADDRINUSE:
        by = f" (pid {holder})" if holder else ""
        return Check("port", FAIL, f"{where} is in use{by}", "pass another --port, or stop what listens there")
    if error.errno == errno.EACCES:
        return Check("port", FAIL, f"{where}: permission denied", "use a port above 1023")
    if error.errno == errno.EADDRNOTAVAIL:
        return Check("port", FAIL, f"{where}: no such address on this host", "pass a --host this machine has")
    return Check("port", FAIL, f"{where}: {error.strerror or error}", "pass another --host/--port")


# --------------------------------------------------------------------------- model files, disk, token


@dataclass(frozen=True)
class ModelFiles:
    """Where the weights are (or would go), as gathered at the edge."""

    model: str
    source: str  # local | hf-cache | catalogue (not on disk)
    path: str | None  # the local directory or cached snapshot
    weight_bytes: int
    cache_dir: str
    free_bytes: int | None  # free space where a download would land
    offline: bool = False  # HF_HUB_OFFLINE / TRANSFORMERS_OFFLINE set


def check_model(files: ModelFiles) -> Check:
    size = fmt_bytes(files.weight_bytes)
    if files.source in ("local", "hf-cache") and files.path:
        where = "local directory" if files.source == "local" else "Hugging Face cache"
        return Check("model", OK, f"{files.model}: {where} {files.path} ({size} of weights)")
    need = int(files.weight_bytes * DOWNLOAD_SLACK)
    if files.offline:
        return Check(
            "model",
            FAIL,
            f"{files.model} is not in the Hugging Face cache ({files.cache_dir}) and HF_HUB_OFFLINE is set",
            f"download it ({size}) where the cache is, or pass a local directory",
        )
    if files.free_bytes is not None and files.free_bytes < need:
        return Check(
            "model",
            FAIL,
            f"{files.model} is not downloaded: needs {size}, {fmt_bytes(files.free_bytes)} free at {files.cache_dir}",
            "free disk space, or point HF_HOME (or HF_HUB_CACHE) at a disk with room",
        )
    free = f", {fmt_bytes(files.free_bytes)} free" if files.free_bytes is not None else ""
    return Check(
        "model",
        WARN,
        f"{files.model} is not downloaded yet: SGLang will fetch {size} into {files.cache_dir}{free} on first start",
        f"fetch it beforehand (hf download {files.model}) so the first launch is not a download",
    )


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


def check_hf_token(files: ModelFiles, gated: bool | None, source: str | None) -> Check:
    """Only a download needs a token; a gated model without one fails with 401 after the launch started."""
    if files.source in ("local", "hf-cache") and files.path:
        return Check("hf-token", OK, "not needed: the weights are on disk")
    if source:
        return Check("hf-token", OK, f"Hugging Face token present (from {source}; not shown)")
    if gated is False:
        return Check("hf-token", OK, f"not needed: {files.model} is public")
    what = "is gated" if gated else "may be gated (safelaunch cannot tell offline)"
    return Check(
        "hf-token",
        WARN,
        f"no Hugging Face token and {files.model} {what}",
        "export HF_TOKEN (or run `hf auth login`) before the first launch",
    )


# --------------------------------------------------------------------------- fused-MoE kernel configs


def _checkpoint_block(info: ModelInfo) -> tuple[int, int] | None:
    """weight_block_size of an FP8 checkpoint: from its config.json when on disk, else the catalogue's 128x128."""
    block = getattr(info, "weight_block_size", None)
    if block:
        return (int(block[0]), int(block[1]))
    if info.path:
        try:
            cfg = json.loads((Path(info.path) / "config.json").read_text())
        except (OSError, ValueError):
            cfg = {}
        qc = cfg.get("quantization_config") or (cfg.get("text_config") or {}).get("quantization_config") or {}
        wbs = qc.get("weight_block_size")
        return (int(wbs[0]), int(wbs[1])) if wbs and len(wbs) == 2 else None
    return FP8_DEFAULT_BLOCK


def moe_quant(info: ModelInfo, flags: Mapping[str, Any], env: Mapping[str, str] | None = None) -> kc.QuantKernel:
    """The kernel dtype selector for this launch: the checkpoint's own quantization unless a flag overrides it."""
    from safelaunch.core import memory

    expert_dtype = memory.expert_dtype_for(info, env) or info.expert_dtype
    if expert_dtype == "fp4":
        return kc.QuantKernel(None, triton=False, note="FP4 experts do not run SGLang's Triton fused-MoE kernel")
    flag = flags.get("quantization")
    quant = flag or info.quant
    if quant and str(quant).lower() == "fp8" and (info.quant or "").lower() == "fp8":
        return kc.quant_kernel("fp8", _checkpoint_block(info))
    bits = 8 if info.dtype == "int8" else 4
    return kc.quant_kernel(quant, None, bits)


def check_moe_kernels(
    info: ModelInfo,
    flags: Mapping[str, Any],
    device_name: str,
    install: sglang_install.Install,
    model: str,
    python: str | None = None,
    env: Mapping[str, str] | None = None,
) -> Check:
    """Is SGLang's tuned fused-MoE Triton config there for this exact GPU name and this TP/EP shape?"""
    name = "moe-kernel-config"
    if not info.is_moe or not info.num_experts or not info.moe_intermediate_size:
        return Check(name, OK, "not a MoE model: no fused-MoE kernel config involved")
    backend = str(flags.get("moe-runner-backend") or "auto")
    if backend not in kc.TRITON_BACKENDS:
        return Check(name, OK, f"--moe-runner-backend {backend} does not use the Triton fused-MoE configs")
    quant = moe_quant(info, flags, env)
    if not quant.triton:
        return Check(name, OK, quant.note)
    tp, ep = int(flags.get("tp") or 1), int(flags.get("ep") or 1)
    disabled = bool(flags.get("disable-shared-experts-fusion"))
    fused = kc.fused_shared_experts(info.architecture, info.num_experts, ep, disabled)
    try:
        shape = kc.moe_shape(info.num_experts, info.moe_intermediate_size, tp, ep, quant, fused)
    except ValueError as exc:
        return Check(name, WARN, f"cannot compute the config file name: {exc}")
    file_name = kc.config_file_name(shape, device_name)
    if not install.has_sglang or not install.moe_config_root:
        return Check(
            name,
            WARN,
            f"not checked: no SGLang config folder found (SGLang will look for {file_name})",
            "fix the sglang check first",
        )
    found = kc.lookup(
        shape, device_name, install.moe_config_files, install.triton_version, install.moe_fallback_versions
    )
    configs = f"{install.moe_config_root}/configs"
    triton = install.triton_version or "unknown"
    if found.status == "exact":
        return Check(name, OK, f"tuned config for {found.device_name}: {configs}/{found.found}")
    if found.status == "fallback":
        return Check(
            name,
            OK,
            f"tuned config for {found.device_name} from another triton version: {configs}/{found.found} "
            f"(installed triton {triton}; SGLang uses it and says performance might be sub-optimal)",
        )
    argv = kc.tuner_argv(
        model,
        tp,
        ep,
        quant,
        disable_shared_experts_fusion=fused == 0 and info.architecture in kc.TUNER_FUSES_SHARED,
        python=python or "python",
    )
    target = f"{configs}/{found.installed_dir or 'triton_<your triton version>'}/"
    version = install.sglang_version or "<installed version>"
    action = (
        f"generate it with SGLang's own tuner in an sglang v{version} source checkout (needs ray and these GPUs): "
        f"{kc.tuner_command(argv)} ; then copy the {file_name} it writes into {target}"
    )
    what = f"no tuned fused-MoE config for {found.device_name}: {file_name} is not in {configs}/ (triton {triton})"
    if found.status == "missing_sibling":
        others = ", ".join(found.siblings[:3]) + (" ..." if len(found.siblings) > 3 else "")
        dtype = f", {shape.dtype}" if shape.dtype else ""
        what += (
            f", while {others} {'has' if len(found.siblings) == 1 else 'have'} one for this shape "
            f"(E={shape.experts}, N={shape.n}{dtype}) and SGLang matches the device name exactly"
        )
    if found.unsearched:
        what += f"; {', '.join(found.unsearched)} exists but SGLang does not look there with triton {triton}"
    return Check(name, WARN, f"{what}; {kc.UNTUNED_COST}", action)


# --------------------------------------------------------------------------- edge: gather and run


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
    )


# --------------------------------------------------------------------------- memory


def check_memory(estimate: MemoryEstimate, margin_bytes: int) -> Check:
    """The plan by the estimate: weights, a KV pool, and the runtime reserves plus the policy's margin."""
    e = estimate
    found = (
        f"per GPU: weights {fmt_bytes(e.weights_bytes)}, KV pool {fmt_bytes(e.kv_pool_bytes)} "
        f"({e.kv_tokens} tokens) at mem-fraction-static {e.fraction:.3f} ({e.fraction_source}), "
        f"headroom {fmt_bytes(e.headroom_bytes)} after graphs/activations/workspace (margin {fmt_bytes(margin_bytes)})"
    )
    if not e.weights_fit:
        return Check("memory", FAIL, f"weights do not fit: {found}", "plan with a larger --tp (or more GPUs)")
    if e.kv_tokens <= 0:
        return Check("memory", FAIL, f"no room for a KV pool: {found}", "raise --mem-fraction-static or --tp")
    if e.headroom_bytes < 0:
        return Check(
            "memory",
            FAIL,
            f"predicted OOM after the KV pool: {found}",
            "lower --mem-fraction-static or --cuda-graph-max-bs (or let `serve` find the value)",
        )
    if e.headroom_bytes < margin_bytes:
        return Check(
            "memory",
            WARN,
            f"fits with less than the margin: {found}",
            "lower --mem-fraction-static a little to keep the margin",
        )
    return Check("memory", OK, f"fits: {found}")


# --------------------------------------------------------------------------- edge: run the checks


def policy_margin_bytes(policies_dir: str | None = None) -> int:
    """The retry policy's safety margin (policies/defaults.yaml), or its built-in default when unreadable."""
    from safelaunch.core import recipes

    try:
        return int(recipes.load_policy(policies_dir).margin_bytes)
    except SafelaunchError:
        return int(recipes.RetryPolicy().margin_bytes)


def check_gpus(host: Host, needed: int | None = None) -> Check:
    if not host.gpus:
        return Check("gpus", FAIL, "no usable NVIDIA GPU", "check the driver (nvidia-smi), or pass --host-profile")
    g = host.gpus[0]
    origin = f"host profile {host.description}" if host.source == "profile" else "NVML"
    mixed = " (mixed models: plans use GPU 0's)" if host.is_mixed else ""
    found = f"{host.gpu_count} x {g.name} ({fmt_bytes(g.memory_total)} each) from {origin}{mixed}"
    if needed is not None and needed > host.gpu_count:
        return Check("gpus", FAIL, f"{found}; the plan needs {needed}", "plan for fewer GPUs (--tp) or a larger host")
    if any(g.mig_mode == "enabled" for g in host.gpus):
        return Check("gpus", WARN, f"{found}; MIG is enabled", "disable MIG (nvidia-smi -mig 0) for SGLang")
    return Check("gpus", OK, found)


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
) -> Summary:
    """`safelaunch doctor`: detect, resolve, plan, then `fast_checks`; a step that cannot be done is a FAIL line."""
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
        info = model_source.resolve_model(model)
    except SafelaunchError as exc:
        indices = [g.index for g in host.gpus]
        return summarise(
            [
                check_gpus(host),
                *environment_checks(install, host, indices, bind_host, port_n),
                Check("model", FAIL, str(exc), "pass a local directory holding the model's config.json"),
            ]
        )
    try:
        plan = planning.make_plan(model, host, strategy=strategy, quant=quant, sglang_version=install.sglang_version)
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
    return summarise(fast_checks(plan, host, python=python, port=port, install=install, env=env))
