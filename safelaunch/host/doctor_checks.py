"""The preflight checks themselves: each turns facts already gathered into one `Check` (ok / warn / fail).

Why apart from `doctor`: every decision here is a function of plain data (an `Install` probe, a `Host`, a
bind error, a `ModelFiles`, a memory estimate), so each can be tested with made-up inputs; `doctor` gathers
those facts from the machine and runs these. They stay in `host` rather than `core` because they read
`sglang_install.Install`, the probe of this machine's SGLang.
"""

from __future__ import annotations

import errno
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from safelaunch.core.hardware import Host, fmt_bytes
from safelaunch.host import sglang_install

if TYPE_CHECKING:
    from safelaunch.core.memory import MemoryEstimate

OK, WARN, FAIL = "ok", "warn", "fail"
STATUSES = (OK, WARN, FAIL)
GIB = 1024**3
# Memory another process holds on a GPU the plan uses before it counts as a failure: above this the
# KV pool / graph budgets SGLang computes from the GPU's total no longer hold, and every retry would be
# a retry against the wrong cause.
FOREIGN_FAIL_BYTES = 1 * GIB
# Used memory no listed process explains (another container, a zombie context) beyond an idle GPU's own.
UNEXPLAINED_FAIL_BYTES = 2 * GIB
IDLE_USED_BYTES = 1 * GIB
DOWNLOAD_SLACK = 1.05  # a download needs a little more than the checkpoint (temp files, metadata)


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
class WeightFiles:
    """The weight files a model directory lists and holds (gathered at the edge by `doctor.weights_on_disk`)."""

    expected: tuple[str, ...]  # shard names from the index, else the weight files found
    missing: tuple[str, ...]
    bytes_on_disk: int
    index_total: int | None  # the index's metadata.total_size (tensor bytes, without the file headers)

    @property
    def complete(self) -> bool:
        if not self.expected or self.missing:
            return False
        return self.index_total is None or self.bytes_on_disk >= self.index_total


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
    weights: WeightFiles | None = None  # what the directory really holds (None: no directory)

    @property
    def on_disk(self) -> bool:
        return bool(self.path and self.weights is not None and self.weights.complete)


def _incomplete(files: ModelFiles) -> str:
    w = files.weights
    if w is None or not w.expected:
        return f"{files.model}: {files.path} holds its config.json but no weight files"
    if w.missing:
        shown = ", ".join(w.missing[:3]) + (" ..." if len(w.missing) > 3 else "")
        return f"{files.model}: {len(w.missing)} of {len(w.expected)} weight files missing in {files.path} ({shown})"
    return (
        f"{files.model}: weight files in {files.path} hold {fmt_bytes(w.bytes_on_disk)}, less than the index's "
        f"{fmt_bytes(w.index_total or 0)} (an interrupted download?)"
    )


def check_model(files: ModelFiles) -> Check:
    size = fmt_bytes(files.weight_bytes)
    if files.on_disk:
        where = "local directory" if files.source == "local" else "Hugging Face cache"
        return Check("model", OK, f"{files.model}: {where} {files.path} ({size} of weights, all files present)")
    if files.source == "local":  # SGLang loads a directory as it is: it will not download into it
        return Check(
            "model", FAIL, _incomplete(files), f"download the weights: hf download {files.model} --local-dir DIR"
        )
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


def check_hf_token(files: ModelFiles, gated: bool | None, source: str | None) -> Check:
    """Only a download needs a token; a gated model without one fails with 401 after the launch started."""
    if files.on_disk:
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
