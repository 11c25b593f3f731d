"""Host platforms beyond the plain x86 H100/H200 box, as they show in SGLang's log (a helper, blind).

Scope: Grace hosts (GH200 96 GB and 144 GB parts, GB200, a DGX Spark GB10: aarch64 wheels, unified memory and
NVLink-C2C, NUMA nodes), the H20 / H800 / H100 PCIe-NVL / A100 40GB-vs-80GB / L4 / L40S variants, and cloud VMs and
their images (AWS p5 / g6e, GCP a3 / g2, Azure ND H100 v5 / NC H100 v5). Each log names its GPU the way a reporter's
paste does: `python -m sglang.check_env` output (0.5.5 check_env.py: `GPU 0,1: <name>`, `GPU 0,1 Compute Capability:
9.0`, lscpu's `Hypervisor vendor::` with its doubled colon) or SGLang's own lines (avail mem, the CUDA OOM's total
capacity). Failures: an aarch64 host with no sgl-kernel wheel, a smaller part's memory running out where a bigger
one fits (GH200 96 GB vs 144 GB, A100 40 GB, L4 24 GB, L40S 48 GB, H20 96 GB), recipes copied onto the wrong SM
(FA3 on Blackwell, FA3 with MLA on Ampere, ModelOpt FP8/FP4 under their minimum capability), mixed A100 40/80 GB,
PCIe VMs without peer access, two-node H800 / p5 rendezvous and NCCL failures, a GKE pod's small /dev/shm, an HGX VM
without fabric manager (CUDA Error 802). Five healthy contrasts that look alarming and go on: a GH200 container
without SYS_NICE (NUMA warning), GB200's "data corruption" PosixFD workaround, a GB10 whose nvidia-smi has no
memory total, a 4xL40S g6e with custom all-reduce disabled, an A100-40GB retracting requests under load.

Sources: SGLang wheels 0.4.6.post5, 0.5.5, 0.5.10.post1 (file:line under sglang/ in each case; call paths read
there: the 0.4.6.post5 import chain to sgl_kernel was traced through the wheel's module-level imports), sgl-kernel's
load_utils.py (GitHub sgl-project/sglang), torch (CUDACachingAllocator OOM text, c10d socket.cpp timeout,
cudaGetDeviceCount warning; line numbers approximate), NCCL (shmutils.cc /dev/shm warnings as quoted in NCCL's
troubleshooting guide, ncclGetErrorString texts via SGLang's pynccl_wrapper.py:376). Numbers (GiB, tokens, ports,
hostnames) are plausible fillings for each part.

Labelling policy (/work/shared/corpus/README.md and the brief's families, decided before the classifier ran):
a missing platform build (no aarch64 sgl-kernel) is `config_error` like a kernel with no build for the GPU; a
recipe that asks a GPU generation for what it lacks is `config_error`; mixed 40/80 GB A100s failing SGLang's
balance check is `config_error` (the remedy is the GPU set, not a memory knob; unsure, see the case); OOM while the
weights are being created is `oom_weights` even inside MoE layers; a negative KV budget is `oom_kv_cache`; an OOM
after ready is `oom_runtime` whatever kernel allocated; a CUDA runtime that cannot start (Error 802, fabric manager
absent) is `cuda_error_other`; NCCL / c10d store failures (peer access in a VM, /dev/shm, remote error, rendezvous
timeout) are `nccl_or_distributed`.

First sight: 26/26 (no misses; all five healthy contrasts also fed line by line to a LogClassifier fire no failure
event, so XFAIL and EVENT_XFAIL are empty). Two FA3 assertions were decided by the generic exception rule
(`unnamed.exception`) rather than a named one.
"""

# ruff: noqa: E501, RUF005  (log lines are data; call paths are built by extending a shared prefix)

from __future__ import annotations

from typing import NamedTuple

import pytest

from safelaunch.core.logwatch import LogClassifier, classify_text

from .logwatch_templates import TB, first_sight, ts


class Template(NamedTuple):
    version: str
    source: str
    label: str
    why: str
    log: str


CASES: dict[str, Template] = {}


def case(name: str, version: str, source: str, label: str, why: str, log: str) -> None:
    assert name not in CASES
    CASES[name] = Template(version, source, label, why, log)


# ------------------------------------------------------------------------------------------------------ builders
PY312 = "/usr/local/lib/python3.12/dist-packages"  # the 0.5.x images (lmsysorg/sglang:v0.5.*), x86 and arm64
PY310 = "/usr/local/lib/python3.10/dist-packages"  # the 0.4.x images
VENV_ARM = "/home/ubuntu/sgl/lib/python3.12/site-packages"  # a pip venv on a GH200 (Ubuntu 24.04 arm64)


def tb(site: str, *stack: tuple[str, int, str, str]) -> str:
    """Python's frames. A path is under `{site}/sglang/srt/` unless it starts with `/` or `<` (absolute) or `+`
    (another package in the same site-packages: `+torch/...`)."""
    out = []
    for path, line, func, code in stack:
        if path.startswith(("/", "<")):
            full = path
        elif path.startswith("+"):
            full = f"{site}/{path[1:]}"
        else:
            full = f"{site}/sglang/srt/{path}"
        out.append(f'  File "{full}", line {line}, in {func}' + (f"\n    {code}" if code else ""))
    return "\n".join(out)


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


def check_env(
    gpus: list[str],
    cap: str,
    *,
    sglang: str,
    torch: str = "2.8.0+cu128",
    kernel: str = "0.3.9.post2",
    python: str = "3.12.3 (main, Feb  4 2025, 14:48:35) [GCC 13.3.0]",
    driver: str = "570.133.20",
    hypervisor: str | None = None,
) -> list[str]:
    """`python3 -m sglang.check_env` as reporters paste it (0.5.5 check_env.py: one `GPU i,j: name` line per name,
    one capability line when all agree, `Hypervisor vendor::` from lscpu when in a VM), cut after the topology."""
    out = [f"Python: {python}", "CUDA available: True"]
    out += gpus
    out += [
        f"GPU {','.join(str(i) for i in range(sum(len(g.split(':')[0].split(',')) for g in gpus)))} Compute Capability: {cap}",
        "CUDA_HOME: /usr/local/cuda",
        "NVCC: Cuda compilation tools, release 12.8, V12.8.93",
        f"CUDA Driver Version: {driver}",
        f"PyTorch: {torch}",
        f"sglang: {sglang}",
        f"sgl_kernel: {kernel}",
        "flashinfer_python: 0.3.1",
        "triton: 3.4.0",
        "transformers: 4.56.1",
    ]
    if hypervisor:
        out.append(f"Hypervisor vendor:: {hypervisor}")
    out.append("ulimit soft: 1048576")
    return out


def sargs(model: str, **kw: object) -> str:
    fields = {"model_path": model, "tokenizer_path": model, "tokenizer_mode": "auto", **kw}
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{ts(0)} server_args=ServerArgs({body}, log_level='info', ...)"


def r(second: int, tag: str | None, msg: str) -> str:
    return f"{ts(second, tag)} {msg}"


def boot(
    until: str,
    *,
    tag: str | None = "TP0",
    avail: float,
    weights: float,
    arch: str,
    tokens: int = 0,
    kv: float = 0.0,
    mla: bool = False,
    old: bool = False,
) -> list[str]:
    """0.5.x start-up lines of one rank up to a phase (`dist`, `weights`, `pool`, `graph`, `ready`); `old` gives
    0.4.6.post5's spellings (model_runner.py:495/502/575, no elapsed)."""
    after = avail - 0.55 - weights
    out = [r(4, tag, "Init torch distributed begin.")]
    if until == "dist":
        return out
    out.append(
        r(6, tag, "Init torch distributed ends. mem usage=0.55 GB")
        if old
        else r(6, tag, "Init torch distributed ends. elapsed=1.84 s, mem usage=0.55 GB")
    )
    out.append(r(7, tag, f"Load weight begin. avail mem={avail - 0.55:.2f} GB"))
    if until == "weights":
        return out
    out.append(
        r(
            40,
            tag,
            f"Load weight end. type={arch}, dtype=torch.bfloat16, avail mem={after:.2f} GB, mem usage={weights:.2f} GB.",
        )
        if old
        else r(
            40,
            tag,
            f"Load weight end. elapsed=32.61 s, type={arch}, avail mem={after:.2f} GB, mem usage={weights:.2f} GB.",
        )
    )
    if until == "pool":
        return out
    out.append(
        r(41, tag, f"KV Cache is allocated. #tokens: {tokens}, KV size: {kv:.2f} GB")
        if mla
        else r(41, tag, f"KV Cache is allocated. #tokens: {tokens}, K size: {kv / 2:.2f} GB, V size: {kv / 2:.2f} GB")
    )
    left = after - kv
    out.append(r(41, tag, f"Memory pool end. avail mem={left:.2f} GB"))
    out.append(
        r(42, tag, f"Capture cuda graph begin. This can take up to several minutes. avail mem={left - 0.05:.2f} GB")
    )
    out.append(f"Capturing batches (bs=160 avail_mem={left - 0.07:.2f} GB):   0%|          | 0/23 [00:00<?, ?it/s]")
    if until == "graph":
        return out
    out.append(
        f"Capturing batches (bs=1 avail_mem={left - 0.61:.2f} GB): 100%|██████████| 23/23 [00:09<00:00,  2.48it/s]"
    )
    out.append(
        r(52, tag, f"Capture cuda graph end. Time elapsed: 9.71 s. mem usage=0.62 GB. avail mem={left - 0.67:.2f} GB.")
    )
    out.append(
        r(
            53,
            tag,
            f"max_total_num_tokens={tokens}, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=2048, context_len=131072, available_gpu_mem={left - 0.67:.2f} GB",
        )
    )
    return out


def ready(second: int, port: int = 30000, pid: int = 4242) -> list[str]:
    return [
        f"{ts(second)} INFO:     Started server process [{pid}]",
        f"{ts(second)} INFO:     Waiting for application startup.",
        f"{ts(second)} INFO:     Application startup complete.",
        f"{ts(second)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
        f'{ts(second + 1)} INFO:     127.0.0.1:46704 - "GET /get_model_info HTTP/1.1" 200 OK',
        f"{ts(second + 1)} Prefill batch, #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f'{ts(second + 2)} INFO:     127.0.0.1:46716 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(second + 2)} The server is fired up and ready to roll!",
    ]


def serving(second: int, tag: str | None = "TP0", usage: float = 0.31) -> list[str]:
    return [
        r(
            second,
            tag,
            f"Prefill batch, #new-seq: 4, #new-token: 6144, #cached-token: 512, token usage: {usage:.2f}, #running-req: 28, #queue-req: 3, ",
        ),
        r(
            second + 1,
            tag,
            f"Decode batch, #running-req: 32, #token: 40211, token usage: {usage + 0.02:.2f}, cuda graph: True, gen throughput (token/s): 1874.52, #queue-req: 3, ",
        ),
        f'{ts(second + 2)} INFO:     10.0.3.17:51220 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    ]


def sched_dies(second: int, tag: str | None, site: str, stack: tuple, error: str) -> list[str]:
    return [f"{ts(second, tag)} Scheduler hit an exception: {TB}\n{tb(site, *stack)}\n{error}"]


def sigquit(second: int) -> str:
    return f"{ts(second)} Received sigquit from a child process. It usually means the child failed."


def oom(tried: str, total: str, free: str, used: str, alloc: str, reserved: str = "21.41 MiB") -> str:
    """torch's CUDACachingAllocator message (torch 2.8 spelling of the docs link)."""
    return (
        f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {tried}. GPU 0 has a total capacity of {total} of which {free} is free. "
        f"Including non-PyTorch memory, this process has {used} memory in use. Of the allocated memory {alloc} is allocated by PyTorch, "
        f"and {reserved} is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting "
        "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  "
        "(https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
    )


# -- 0.5.10.post1 call paths (read in that wheel)
SCHED = (("managers/scheduler.py", 3205, "run_scheduler_process", "scheduler = Scheduler("),)
INIT = SCHED + (
    ("managers/scheduler.py", 378, "__init__", "self.init_model_worker()"),
    ("managers/scheduler.py", 590, "init_model_worker", "self.init_tp_model_worker()"),
    ("managers/scheduler.py", 552, "init_tp_model_worker", "self.tp_worker = TpModelWorker("),
    ("managers/tp_worker.py", 247, "__init__", "self._init_model_runner()"),
    ("managers/tp_worker.py", 330, "_init_model_runner", "self._model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 420, "__init__", "self.initialize(pre_model_load_memory)"),
)
MODEL_PARALLEL = INIT + (
    ("model_executor/model_runner.py", 565, "initialize", "min_per_gpu_memory = self.init_torch_distributed()"),
    ("model_executor/model_runner.py", 985, "init_torch_distributed", "initialize_model_parallel("),
    ("distributed/parallel_state.py", 1790, "initialize_model_parallel", "_TP = init_model_parallel_group("),
    ("distributed/parallel_state.py", 1411, "init_model_parallel_group", "return GroupCoordinator("),
    ("distributed/parallel_state.py", 356, "__init__", "self.pynccl_comm = PyNcclCommunicator("),
)
DIST_INIT = INIT + (
    ("model_executor/model_runner.py", 565, "initialize", "min_per_gpu_memory = self.init_torch_distributed()"),
    ("model_executor/model_runner.py", 960, "init_torch_distributed", "init_distributed_environment("),
    ("distributed/parallel_state.py", 1609, "init_distributed_environment", "torch.distributed.init_process_group("),
    ("+torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
    ("+torch/distributed/c10d_logger.py", 95, "wrapper", "func_return = func(*args, **kwargs)"),
    (
        "+torch/distributed/distributed_c10d.py",
        1710,
        "init_process_group",
        "store, rank, world_size = next(rendezvous_iterator)",
    ),
    ("+torch/distributed/rendezvous.py", 209, "_tcp_rendezvous_handler", "store = _create_c10d_store("),
    ("+torch/distributed/rendezvous.py", 182, "_create_c10d_store", "return TCPStore("),
)
BUILD = INIT + (
    ("model_executor/model_runner.py", 600, "initialize", "self.load_model()"),
    ("model_executor/model_runner.py", 1120, "load_model", "self.model = get_model("),
    ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
    ("model_loader/loader.py", 684, "load_model", "model = _initialize_model("),
    ("model_loader/loader.py", 280, "_initialize_model", "return model_class("),
)
QUANT = INIT + (
    ("model_executor/model_runner.py", 600, "initialize", "self.load_model()"),
    ("model_executor/model_runner.py", 1120, "load_model", "self.model = get_model("),
    ("model_loader/__init__.py", 28, "get_model", "return loader.load_model("),
    (
        "model_loader/loader.py",
        680,
        "load_model",
        "quant_config = _get_quantization_config(model_config, self.load_config)",
    ),
    ("model_loader/loader.py", 237, "_get_quantization_config", "raise ValueError("),
)
POOL = INIT + (
    ("model_executor/model_runner.py", 623, "initialize", "self.init_memory_pool(pre_model_load_memory)"),
    (
        "model_executor/model_runner_kv_cache_mixin.py",
        899,
        "init_memory_pool",
        "self.memory_pool_config = self._resolve_memory_pool_config(",
    ),
    ("model_executor/model_runner_kv_cache_mixin.py", 885, "_resolve_memory_pool_config", "return MemoryPoolConfig("),
    ("<string>", 9, "__init__", ""),
    ("model_executor/model_runner_kv_cache_mixin.py", 60, "__post_init__", "raise RuntimeError(msg)"),
)
ATTN = INIT + (
    ("model_executor/model_runner.py", 653, "initialize", "self.init_attention_backend()"),
    (
        "model_executor/model_runner.py",
        1970,
        "init_attention_backend",
        "self.attn_backend = self._get_attention_backend()",
    ),
    (
        "model_executor/model_runner.py",
        2005,
        "_get_attention_backend",
        "attn_backend = self._get_attention_backend_from_str(",
    ),
    (
        "model_executor/model_runner.py",
        2032,
        "_get_attention_backend_from_str",
        "full_attention_backend = ATTENTION_BACKENDS[backend_str](self)",
    ),
    ("layers/attention/attention_registry.py", 131, "create_flashattention_v3_backend", "assert ("),
)
GRAPHS = INIT + (
    ("model_executor/model_runner.py", 655, "initialize", "self.init_device_graphs()"),
    (
        "model_executor/model_runner.py",
        2455,
        "init_device_graphs",
        "self.graph_runner = graph_runners[self.device](self)",
    ),
    ("model_executor/cuda_graph_runner.py", 655, "__init__", "raise Exception("),
)
LOOP = SCHED + (
    ("managers/scheduler.py", 3212, "run_scheduler_process", "scheduler.run_event_loop()"),
    ("managers/scheduler.py", 1190, "run_event_loop", "dispatch_event_loop(self)"),
    ("managers/scheduler.py", 3120, "dispatch_event_loop", "scheduler.event_loop_overlap()"),
    ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
    ("managers/scheduler.py", 1290, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
    ("managers/scheduler.py", 2460, "run_batch", "batch_result = self.model_worker.forward_batch_generation("),
    ("managers/tp_worker.py", 450, "forward_batch_generation", "out = self.model_runner.forward("),
    ("model_executor/model_runner.py", 2810, "forward", "output = self._forward_raw("),
    ("model_executor/model_runner.py", 2890, "_forward_raw", "ret, can_run_graph = self.forward_extend("),
    ("model_executor/model_runner.py", 2700, "forward_extend", "return self.model.forward("),
)
CAPTURE_MSG = (
    "Possible solutions:\n"
    "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n"
    "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n"
    "3. disable torch compile by not using --enable-torch-compile\n"
    "4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
    "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose "
)
# -- 0.4.6.post5 call paths (scheduler.py:2297, tp_worker_overlap_thread.py:64, tp_worker.py:78)
SCHED046 = (
    (
        "managers/scheduler.py",
        2297,
        "run_scheduler_process",
        "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
    ),
    ("managers/scheduler.py", 277, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 64, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 78, "__init__", "self.model_runner = ModelRunner("),
)

# ================================================================== Grace hosts: GH200 / GB200 / GB10 (aarch64)
GH200_96 = ["GPU 0: NVIDIA GH200 480GB"]

case(
    "gh200_pip_venv_has_no_aarch64_sgl_kernel",
    "0.4.6.post5",
    "sglang/launch_server.py:6 -> srt/entrypoints/http_server.py:49 -> engine.py:42 -> managers/data_parallel_controller.py:28 -> io_struct.py:33 -> schedule_batch.py:48 -> configs/model_config.py:30 -> layers/quantization/__init__.py:53 -> awq.py:18; https://github.com/sgl-project/sglang/issues/3769 (no aarch64 sgl-kernel wheel on PyPI)",
    "config_error",
    "`pip install sglang` on a GH200 could not get sgl-kernel (x86-only wheels), the user went on with --no-deps: no kernel build for the platform, fixed by installing an aarch64 wheel, not by any memory or NCCL change",
    join(
        check_env(
            GH200_96, "9.0", sglang="0.4.6.post5", kernel="Module Not Found", torch="2.6.0+cu126", driver="560.35.03"
        ),
        "(sgl) ubuntu@gh200-01:~$ python3 -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B-Instruct --host 0.0.0.0 --port 30000",
        TB,
        tb(
            VENV_ARM,
            ("<frozen runpy>", 198, "_run_module_as_main", ""),
            ("<frozen runpy>", 88, "_run_code", ""),
            (
                f"{VENV_ARM}/sglang/launch_server.py",
                6,
                "<module>",
                "from sglang.srt.entrypoints.http_server import launch_server",
            ),
            (
                "entrypoints/http_server.py",
                49,
                "<module>",
                "from sglang.srt.entrypoints.engine import _launch_subprocesses",
            ),
            ("entrypoints/engine.py", 42, "<module>", "from sglang.srt.managers.data_parallel_controller import ("),
            ("managers/data_parallel_controller.py", 28, "<module>", "from sglang.srt.managers.io_struct import ("),
            (
                "managers/io_struct.py",
                33,
                "<module>",
                "from sglang.srt.managers.schedule_batch import BaseFinishReason, flatten_nested_list",
            ),
            ("managers/schedule_batch.py", 48, "<module>", "from sglang.srt.configs.model_config import ModelConfig"),
            (
                "configs/model_config.py",
                30,
                "<module>",
                "from sglang.srt.layers.quantization import QUANTIZATION_METHODS",
            ),
            (
                "layers/quantization/__init__.py",
                53,
                "<module>",
                "from sglang.srt.layers.quantization.awq import AWQConfig",
            ),
            ("layers/quantization/awq.py", 18, "<module>", "from sgl_kernel import awq_dequantize"),
        ),
        "ModuleNotFoundError: No module named 'sgl_kernel'",
    ),
)

case(
    "gh200_96g_llama70b_bf16_weights_do_not_fit",
    "0.5.10.post1",
    "model_executor/model_runner.py:1075 (Load weight begin), model_loader/loader.py:257 _initialize_model; torch CUDACachingAllocator OOM text",
    "oom_weights",
    "70B in bf16 (~131 GiB) at TP1 on the 96 GB GH200 (94.5 GiB usable HBM3; the 480 GB LPDDR5X is host memory): OOM while the model's parameters are created, before Load weight end; only a bigger part / TP / quantization helps",
    join(
        check_env(GH200_96, "9.0", sglang="0.5.10.post1", torch="2.9.1+cu129", kernel="0.3.21"),
        sargs(
            "meta-llama/Llama-3.1-70B-Instruct",
            dtype="auto",
            mem_fraction_static=None,
            tp_size=1,
            host="0.0.0.0",
            port=30000,
        ),
        boot("weights", tag=None, avail=94.12, weights=0, arch="LlamaForCausalLM"),
        sched_dies(
            31,
            None,
            PY312,
            BUILD
            + (
                (
                    "models/llama.py",
                    437,
                    "__init__",
                    'self.model = self._init_model(config, quant_config, add_prefix("model", prefix))',
                ),
                (
                    "models/llama.py",
                    472,
                    "_init_model",
                    "return LlamaModel(config, quant_config=quant_config, prefix=prefix)",
                ),
                ("models/llama.py", 318, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
                ("utils/common.py", 620, "make_layers", "+ get_offloader().wrap_modules("),
                ("models/llama.py", 245, "__init__", "self.mlp = LlamaMLP("),
                ("models/llama.py", 80, "__init__", "self.gate_up_proj = MergedColumnParallelLinear("),
                ("layers/linear.py", 480, "__init__", "super().__init__("),
                ("layers/linear.py", 330, "__init__", "self.quant_method.create_weights("),
                ("layers/quantization/unquant.py", 120, "create_weights", "torch.empty("),
                ("+torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
            ),
            oom("1.75 GiB", "94.50 GiB", "1.21 GiB", "92.72 GiB", "92.18 GiB"),
        ),
        sigquit(32),
    ),
)

GH200_144 = ["GPU 0: NVIDIA GH200 144G HBM3e"]
case(
    "gh200_144g_llama70b_bf16_leaves_no_kv",
    "0.5.10.post1",
    "model_executor/model_runner_kv_cache_mixin.py:55-60 (MemoryPoolConfig.__post_init__), :885, :899",
    "oom_kv_cache",
    "the same 70B bf16 on the 144 GB GH200: weights load (131.6 GB) but at mem_fraction_static=0.9 the profiled pool is negative; SGLang's own 'Not enough memory' asks for a higher fraction",
    join(
        check_env(GH200_144, "9.0", sglang="0.5.10.post1", torch="2.9.1+cu129", kernel="0.3.21"),
        sargs(
            "meta-llama/Llama-3.1-70B-Instruct",
            dtype="auto",
            mem_fraction_static=0.9,
            tp_size=1,
            host="0.0.0.0",
            port=30000,
        ),
        boot("pool", tag=None, avail=139.62, weights=131.58, arch="LlamaForCausalLM"),
        sched_dies(
            42,
            None,
            PY312,
            POOL,
            "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: mem_fraction_static=0.9",
        ),
        sigquit(43),
    ),
)

case(
    "gh200_nvl2_container_without_sys_nice_healthy",
    "0.5.10.post1",
    "utils/numa_utils.py:160-164 (_is_numa_available: _can_set_mempolicy false), engine.py:573 numa_utils.configure_subprocess",
    "healthy",
    "a GH200 NVL2 (two Grace sockets, so /sys/devices/system/node/node1 exists) in docker without --cap-add SYS_NICE: SGLang skips NUMA binding with a warning per GPU and serves",
    join(
        check_env(
            ["GPU 0,1: NVIDIA GH200 144G HBM3e"], "9.0", sglang="0.5.10.post1", torch="2.9.1+cu129", kernel="0.3.21"
        ),
        sargs("Qwen/Qwen3-32B", dtype="auto", mem_fraction_static=None, tp_size=2, host="0.0.0.0", port=30000),
        r(
            1,
            None,
            "User lacks permission to set NUMA affinity, skipping NUMA node configuration for GPU. If using docker, try adding --cap-add SYS_NICE to your docker run command.",
        ),
        r(
            1,
            None,
            "User lacks permission to set NUMA affinity, skipping NUMA node configuration for GPU. If using docker, try adding --cap-add SYS_NICE to your docker run command.",
        ),
        boot("ready", avail=139.62, weights=30.71, arch="Qwen3ForCausalLM", tokens=1310720, kv=90.0),
        ready(55),
        serving(70),
    ),
)

GB200 = ["GPU 0,1,2,3: NVIDIA GB200"]
case(
    "gb200_h100_recipe_fa3_backend",
    "0.5.10.post1",
    "layers/attention/attention_registry.py:126-135 (create_flashattention_v3_backend assert), model_executor/model_runner.py:653, :2032",
    "config_error",
    "an H100 recipe's --attention-backend fa3 copied onto a GB200 (SM 10.0): SGLang's assertion refuses the backend for this GPU generation and names the fix (flashinfer / trtllm_mha)",
    join(
        check_env(GB200, "10.0", sglang="0.5.10.post1", torch="2.9.1+cu129", kernel="0.3.21", driver="580.82.07"),
        sargs("Qwen/Qwen3-32B", dtype="auto", attention_backend="fa3", tp_size=4, host="0.0.0.0", port=30000),
        boot("pool", avail=182.41, weights=16.02, arch="Qwen3ForCausalLM"),
        r(41, "TP0", "KV Cache is allocated. #tokens: 2621440, K size: 75.00 GB, V size: 75.00 GB"),
        r(41, "TP0", "Memory pool end. avail mem=15.84 GB"),
        sched_dies(
            42,
            "TP0",
            PY312,
            ATTN,
            "AssertionError: FlashAttention v3 Backend requires SM>=80 and SM<=90. Please use `--attention-backend flashinfer`.",
        ),
        sigquit(43),
    ),
)

case(
    "gb200_posixfd_transport_workaround_healthy",
    "0.5.10.post1",
    "layers/flashinfer_comm_fusion.py:28-47, :75-80 (PosixFD override on aarch64 + sm10x); server_args.py:2110 (Auto-enabling FlashInfer AllReduce Fusion)",
    "healthy",
    "GB200 tray, Qwen3 MoE at TP4: FlashInfer all-reduce fusion is auto-enabled and SGLang forces the PosixFD handle exchange 'to avoid known data corruption': a workaround line, and the server serves",
    join(
        check_env(GB200, "10.0", sglang="0.5.10.post1", torch="2.9.1+cu129", kernel="0.3.21", driver="580.82.07"),
        r(0, None, "Auto-enabling FlashInfer AllReduce Fusion on SM90/SM10X for Qwen3MoeForCausalLM"),
        sargs("Qwen/Qwen3-235B-A22B-Instruct-2507-FP8", dtype="auto", tp_size=4, host="0.0.0.0", port=30000),
        boot("graph", avail=182.41, weights=59.37, arch="Qwen3MoeForCausalLM", tokens=2199552, kv=98.0),
        r(
            43,
            "TP0",
            "Applying FlashInfer transport workaround: forcing PosixFD symmetric-memory handle exchange on aarch64 + sm10x to avoid known data corruption with Fabric handle exchange on GB systems. Set SGLANG_FLASHINFER_FORCE_POSIX_FD_TRANSPORT=0 to disable.",
        ),
        boot("ready", avail=182.41, weights=59.37, arch="Qwen3MoeForCausalLM", tokens=2199552, kv=98.0)[-3:],
        ready(56),
        serving(75),
    ),
)

case(
    "gb10_spark_nvidia_smi_memory_na_healthy",
    "0.5.5",
    "srt/utils/common.py:1535-1540 (get_nvgpu_memory_capacity: no parseable memory.total, fallback to torch.cuda.mem_get_info)",
    "healthy",
    "a DGX Spark (GB10, unified LPDDR5X): `nvidia-smi --query-gpu=memory.total` answers [N/A], SGLang warns and falls back to torch's total, then starts and serves",
    join(
        check_env(
            ["GPU 0: NVIDIA GB10"],
            "12.1",
            sglang="0.5.5",
            torch="2.9.0+cu130",
            kernel="0.3.16.post5",
            driver="580.95.05",
        ),
        "Failed to get GPU memory capacity from nvidia-smi, falling back to torch.cuda.mem_get_info().",
        sargs("Qwen/Qwen3-8B", dtype="auto", mem_fraction_static=0.7, tp_size=1, host="0.0.0.0", port=30000),
        boot("ready", tag=None, avail=119.70, weights=15.27, arch="Qwen3ForCausalLM", tokens=491520, kv=67.5),
        ready(60),
        serving(80, tag=None, usage=0.04),
    ),
)

# ================================================================================= H20 / H800 / H100 PCIe-NVL
case(
    "h20_96g_deepseek_r1_fraction_too_low_for_kv",
    "0.5.10.post1",
    "model_executor/model_runner_kv_cache_mixin.py:55-60, :885, :899",
    "oom_kv_cache",
    "DeepSeek-R1 FP8 at TP8 on 96 GB H20s leaves ~11 GiB after the weights; at mem_fraction_static=0.8 the budget is negative (the 141 GB H20-3e fits): raise the fraction",
    join(
        check_env(
            ["GPU 0,1,2,3,4,5,6,7: NVIDIA H20"], "9.0", sglang="0.5.10.post1", torch="2.9.1+cu129", kernel="0.3.21"
        ),
        sargs(
            "deepseek-ai/DeepSeek-R1",
            dtype="auto",
            mem_fraction_static=0.8,
            tp_size=8,
            trust_remote_code=True,
            host="0.0.0.0",
            port=30000,
        ),
        boot("pool", avail=95.06, weights=83.12, arch="DeepseekV3ForCausalLM"),
        sched_dies(
            43,
            "TP0",
            PY312,
            POOL,
            "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: mem_fraction_static=0.8",
        ),
        sigquit(44),
    ),
)

case(
    "h20_96g_deepseek_moe_oom_after_ready",
    "0.5.10.post1",
    "layers/moe/fused_moe_triton/fused_moe.py (intermediate_cache1 = torch.empty), scheduler.py event_loop_overlap; torch OOM text",
    "oom_runtime",
    "8xH20 96 GB started with mem_fraction_static=0.95 and served; a large chunked prefill then runs out in the fused MoE's intermediate cache: after ready any OOM is runtime (lower the fraction / chunked prefill), whatever kernel allocated",
    join(
        sargs(
            "deepseek-ai/DeepSeek-R1",
            dtype="auto",
            mem_fraction_static=0.95,
            tp_size=8,
            trust_remote_code=True,
            host="0.0.0.0",
            port=30000,
        ),
        boot("ready", avail=95.06, weights=83.12, arch="DeepseekV3ForCausalLM", tokens=154112, kv=10.04, mla=True),
        ready(60),
        serving(90, usage=0.62),
        sched_dies(
            120,
            "TP3",
            PY312,
            LOOP
            + (
                ("models/deepseek_v2.py", 3050, "forward", "hidden_states = self.model("),
                ("models/deepseek_v2.py", 2890, "forward", "hidden_states, residual = layer("),
                ("models/deepseek_v2.py", 2600, "forward", "hidden_states = self.mlp("),
                ("models/deepseek_v2.py", 700, "forward", "return self.forward_normal("),
                (
                    "models/deepseek_v2.py",
                    790,
                    "forward_normal",
                    "final_hidden_states = self.experts(hidden_states, topk_output)",
                ),
                ("layers/moe/fused_moe_triton/layer.py", 1010, "forward", "combine_input = self.run_moe_core("),
                ("layers/moe/moe_runner/triton.py", 180, "run", "intermediate_cache1 = torch.empty("),
            ),
            oom("1.69 GiB", "95.08 GiB", "1.13 GiB", "93.93 GiB", "91.02 GiB", "1.40 GiB"),
        ),
        f"{ts(121)} SIGQUIT received. signum=None, frame=None. It usually means one child failed.",
    ),
)

case(
    "h800_two_nodes_nccl_remote_error",
    "0.5.10.post1",
    "distributed/device_communicators/pynccl.py:109 -> pynccl_wrapper.py:401 ncclCommInitRank, :376 NCCL_CHECK (ncclRemoteError's string)",
    "nccl_or_distributed",
    "DeepSeek-V3 at TP16 over two 8xH800 nodes: node 1's pynccl communicator cannot be formed (the peer's IB path failed); a distributed failure, not memory",
    join(
        check_env(
            ["GPU 0,1,2,3,4,5,6,7: NVIDIA H800"], "9.0", sglang="0.5.10.post1", torch="2.9.1+cu129", kernel="0.3.21"
        ),
        sargs(
            "deepseek-ai/DeepSeek-V3",
            dtype="auto",
            tp_size=16,
            nnodes=2,
            node_rank=1,
            dist_init_addr="10.20.0.11:5000",
            trust_remote_code=True,
        ),
        boot("dist", tag="TP8", avail=79.11, weights=0, arch="DeepseekV3ForCausalLM"),
        r(9, "TP8", "sglang is using nccl==2.27.3"),
        sched_dies(
            75,
            "TP8",
            PY312,
            MODEL_PARALLEL
            + (
                (
                    "distributed/device_communicators/pynccl.py",
                    109,
                    "__init__",
                    "self.comm: ncclComm_t = self.nccl.ncclCommInitRank(",
                ),
                ("distributed/device_communicators/pynccl_wrapper.py", 401, "ncclCommInitRank", "self.NCCL_CHECK("),
                (
                    "distributed/device_communicators/pynccl_wrapper.py",
                    376,
                    "NCCL_CHECK",
                    'raise RuntimeError(f"NCCL error: {error_str}")',
                ),
            ),
            "RuntimeError: NCCL error: remote process exited or there was a network error",
        ),
        sigquit(76),
    ),
)

case(
    "azure_nc_h100v5_pcie_vm_no_peer_access",
    "0.5.10.post1",
    "distributed/device_communicators/pynccl.py:116 (warmup all_reduce) -> :141 -> pynccl_wrapper.py:376; NCCL's Cuda failure warning with cudaErrorPeerAccessUnsupported's text",
    "nccl_or_distributed",
    "two H100 NVL (PCIe) in an Azure NC VM: the hypervisor gives no peer access, NCCL's first all-reduce fails in pynccl's warmup; fixed with NCCL_P2P_DISABLE / a different VM, not memory",
    join(
        check_env(
            ["GPU 0,1: NVIDIA H100 NVL"],
            "9.0",
            sglang="0.5.10.post1",
            torch="2.9.1+cu129",
            kernel="0.3.21",
            hypervisor="Microsoft",
        ),
        sargs(
            "meta-llama/Llama-3.3-70B-Instruct", dtype="auto", quantization="fp8", tp_size=2, host="0.0.0.0", port=30000
        ),
        boot("dist", avail=93.03, weights=0, arch="LlamaForCausalLM"),
        "nc-h100-v5-01:2841:2841 [0] NCCL WARN Cuda failure 'peer access is not supported between these two devices'",
        "nc-h100-v5-01:2842:2842 [1] NCCL WARN Cuda failure 'peer access is not supported between these two devices'",
        sched_dies(
            11,
            "TP0",
            PY312,
            MODEL_PARALLEL
            + (
                ("distributed/device_communicators/pynccl.py", 116, "__init__", "self.all_reduce(data)"),
                ("distributed/device_communicators/pynccl.py", 141, "all_reduce", "self.nccl.ncclAllReduce("),
                ("distributed/device_communicators/pynccl_wrapper.py", 422, "ncclAllReduce", "self.NCCL_CHECK("),
                (
                    "distributed/device_communicators/pynccl_wrapper.py",
                    376,
                    "NCCL_CHECK",
                    'raise RuntimeError(f"NCCL error: {error_str}")',
                ),
            ),
            "RuntimeError: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details)",
        ),
        sigquit(12),
    ),
)

case(
    "h100_pcie_tp2_graph_capture_oom",
    "0.5.5",
    "model_executor/cuda_graph_runner.py (Capture cuda graph failed + CUDA_GRAPH_CAPTURE_FAILED_MSG, classic 0.5.5 wording)",
    "oom_cuda_graph",
    "2x H100 PCIe, Llama-3.3-70B FP8 with mem_fraction_static=0.93: the pool leaves ~2 GiB and capture at bs=256 runs out; lower the fraction or the graph batch size",
    join(
        check_env(["GPU 0,1: NVIDIA H100 PCIe"], "9.0", sglang="0.5.5", torch="2.8.0+cu128", kernel="0.3.16.post5"),
        sargs(
            "meta-llama/Llama-3.3-70B-Instruct",
            dtype="auto",
            quantization="fp8",
            mem_fraction_static=0.93,
            tp_size=2,
            cuda_graph_max_bs=256,
        ),
        boot("graph", avail=78.68, weights=35.41, arch="LlamaForCausalLM", tokens=439808, kv=40.2),
        sched_dies(
            45,
            "TP0",
            PY312,
            GRAPHS,
            "Exception: Capture cuda graph failed: "
            + oom("256.00 MiB", "79.19 GiB", "198.44 MiB", "78.97 GiB", "77.20 GiB", "301.12 MiB").split(": ", 1)[1]
            + "\n"
            + CAPTURE_MSG,
        ),
        sigquit(46),
    ),
)

# ========================================================================================== A100 40GB vs 80GB
case(
    "a100_mixed_40g_and_80g_unbalanced",
    "0.5.5",
    "srt/model_executor/model_runner.py:664-676 (TP memory balance check raises ValueError unless SGL_DISABLE_TP_MEMORY_INBALANCE_CHECK)",
    "config_error",
    "a box with two A100-SXM4-40GB and two -80GB run at TP4: SGLang's balance check refuses the mixed GPU set (remedy: pick identical GPUs via CUDA_VISIBLE_DEVICES); unsure, its wording also suggests other processes holding memory",
    join(
        check_env(
            ["GPU 0,1: NVIDIA A100-SXM4-40GB", "GPU 2,3: NVIDIA A100-SXM4-80GB"],
            "8.0",
            sglang="0.5.5",
            torch="2.8.0+cu128",
            kernel="0.3.16.post5",
        ),
        sargs("Qwen/Qwen2.5-72B-Instruct", dtype="auto", tp_size=4, host="0.0.0.0", port=30000),
        boot("dist", tag="TP2", avail=78.71, weights=0, arch="Qwen2ForCausalLM"),
        sched_dies(
            9,
            "TP2",
            PY312,
            INIT
            + (
                (
                    "model_executor/model_runner.py",
                    322,
                    "initialize",
                    "min_per_gpu_memory = self.init_torch_distributed()",
                ),
                ("model_executor/model_runner.py", 673, "init_torch_distributed", "raise ValueError("),
            ),
            "ValueError: The memory capacity is unbalanced. Some GPUs may be occupied by other processes. min_per_gpu_memory=38.93, local_gpu_memory=78.71, local_gpu_memory * 0.9=70.839",
        ),
        sigquit(10),
    ),
)

case(
    "a100_40g_pcie_mixtral_tp2_weights_oom",
    "0.5.10.post1",
    "layers/moe/fused_moe_triton/layer.py (create_weights), layers/quantization/unquant.py UnquantizedFusedMoEMethod.create_weights; torch OOM text",
    "oom_weights",
    "Mixtral-8x7B bf16 at TP2 needs ~43.5 GiB a GPU; on A100 40GB PCIe the expert weights cannot be created (it fits on A100 80GB): weight OOM even though the frames are MoE layers, since it is a parameter, not a workspace",
    join(
        check_env(
            ["GPU 0,1: NVIDIA A100-PCIE-40GB"], "8.0", sglang="0.5.10.post1", torch="2.9.1+cu129", kernel="0.3.21"
        ),
        sargs("mistralai/Mixtral-8x7B-Instruct-v0.1", dtype="auto", tp_size=2, host="0.0.0.0", port=30000),
        boot("weights", avail=38.79, weights=0, arch="MixtralForCausalLM"),
        sched_dies(
            29,
            "TP1",
            PY312,
            BUILD
            + (
                ("models/mixtral.py", 340, "__init__", "self.model = MixtralModel("),
                ("models/mixtral.py", 280, "__init__", "self.layers, self.start_layer, self.end_layer = make_layers("),
                ("utils/common.py", 620, "make_layers", "+ get_offloader().wrap_modules("),
                ("models/mixtral.py", 215, "__init__", "self.block_sparse_moe = MixtralMoE("),
                ("models/mixtral.py", 95, "__init__", "self.experts = experts_type("),
                ("layers/moe/fused_moe_triton/layer.py", 260, "__init__", "self.quant_method.create_weights("),
                ("layers/quantization/unquant.py", 210, "create_weights", "torch.empty("),
                ("+torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
            ),
            oom("896.00 MiB", "39.38 GiB", "611.94 MiB", "38.77 GiB", "38.24 GiB", "5.12 MiB"),
        ),
        sigquit(30),
    ),
)

case(
    "a100_40g_qwen32b_tp2_no_kv_left",
    "0.4.6.post5",
    "srt/model_executor/model_runner.py:897-900 (init_memory_pool: Not enough memory), :231, :297",
    "oom_kv_cache",
    "Qwen2.5-32B bf16 at TP2 on A100-SXM4-40GB with mem_fraction_static=0.75: weights take 30.6 GiB, 0.75 of 39 GiB leaves nothing for the pool; 0.4.6's sentence has no current value",
    join(
        sargs(
            "Qwen/Qwen2.5-32B-Instruct", dtype="auto", mem_fraction_static=0.75, tp_size=2, host="0.0.0.0", port=30000
        ),
        boot("pool", avail=38.95, weights=30.62, arch="Qwen2ForCausalLM", old=True),
        sched_dies(
            41,
            "TP0",
            PY310,
            SCHED046
            + (
                ("model_executor/model_runner.py", 231, "__init__", "self.initialize(min_per_gpu_memory)"),
                ("model_executor/model_runner.py", 297, "initialize", "self.init_memory_pool("),
                ("model_executor/model_runner.py", 898, "init_memory_pool", "raise RuntimeError("),
            ),
            "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.",
        ),
        sigquit(42),
    ),
)

case(
    "a100_modelopt_fp8_needs_sm89",
    "0.5.10.post1",
    "model_loader/loader.py:225-240 (_get_quantization_config capability check), layers/quantization/modelopt_quant.py:429-430 (get_min_capability 89)",
    "config_error",
    "an Ada/Hopper FP8 checkpoint (ModelOpt) on an A100 (SM 8.0): SGLang refuses the quantization for this GPU generation before loading",
    join(
        check_env(["GPU 0: NVIDIA A100-SXM4-80GB"], "8.0", sglang="0.5.10.post1", torch="2.9.1+cu129", kernel="0.3.21"),
        sargs(
            "nvidia/Llama-3.1-8B-Instruct-FP8", dtype="auto", quantization=None, tp_size=1, host="0.0.0.0", port=30000
        ),
        boot("weights", tag=None, avail=78.62, weights=0, arch="LlamaForCausalLM"),
        r(8, None, "Detected ModelOpt FP8 checkpoint. The format is experimental and subject to change."),
        sched_dies(
            8,
            None,
            PY312,
            QUANT,
            "ValueError: The quantization method modelopt_fp8 is not supported for the current GPU. Minimum capability: 89. Current capability: 80.",
        ),
        sigquit(9),
    ),
)

case(
    "a100_40g_deepseek_lite_mla_with_fa3",
    "0.5.10.post1",
    "layers/attention/attention_registry.py:126-135 (FA3 allowed on SM 8.x only without MLA)",
    "config_error",
    "DeepSeek-V2-Lite (MLA) with --attention-backend fa3 on A100 40GB: the message says SM>=80 yet refuses SM 8.0 because of MLA; a backend this GPU cannot run for this model",
    join(
        check_env(["GPU 0: NVIDIA A100-SXM4-40GB"], "8.0", sglang="0.5.10.post1", torch="2.9.1+cu129", kernel="0.3.21"),
        sargs(
            "deepseek-ai/DeepSeek-V2-Lite-Chat",
            dtype="auto",
            attention_backend="fa3",
            tp_size=1,
            trust_remote_code=True,
        ),
        boot("pool", tag=None, avail=38.79, weights=29.45, arch="DeepseekV2ForCausalLM"),
        r(41, None, "KV Cache is allocated. #tokens: 95232, KV size: 5.23 GB"),
        r(41, None, "Memory pool end. avail mem=3.56 GB"),
        sched_dies(
            42,
            None,
            PY312,
            ATTN,
            "AssertionError: FlashAttention v3 Backend requires SM>=80 and SM<=90. Please use `--attention-backend flashinfer`.",
        ),
        sigquit(43),
    ),
)

case(
    "a100_40g_retracts_under_load_healthy",
    "0.5.10.post1",
    "managers/scheduler.py:2595-2605 (KV cache pool is full. Retract requests.)",
    "healthy",
    "Llama-3.1-8B on an A100-SXM4-40GB under a burst: the pool fills and the scheduler retracts requests, then keeps decoding; pressure, not failure",
    join(
        sargs("meta-llama/Llama-3.1-8B-Instruct", dtype="auto", tp_size=1, host="0.0.0.0", port=30000),
        boot("ready", tag=None, avail=38.79, weights=14.99, arch="LlamaForCausalLM", tokens=131072, kv=16.0),
        ready(60),
        serving(70, tag=None, usage=0.97),
        r(
            74,
            None,
            "KV cache pool is full. Retract requests. #retracted_reqs: 3, #new_tokens_gained: 5214, #new_token_ratio: 0.4512 -> 0.6211",
        ),
        r(
            75,
            None,
            "Decode batch, #running-req: 61, #token: 125930, token usage: 0.96, cuda graph: True, gen throughput (token/s): 2210.37, #queue-req: 27, ",
        ),
        r(
            80,
            None,
            "Decode batch, #running-req: 64, #token: 118344, token usage: 0.90, cuda graph: True, gen throughput (token/s): 2398.80, #queue-req: 21, ",
        ),
        f'{ts(81)} INFO:     10.0.3.17:51290 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    ),
)

# ====================================================================================== L4 / L40S (Ada, 24/48 GB)
case(
    "gcp_g2_l4_graph_capture_oom",
    "0.5.10.post1",
    "model_executor/cuda_graph_runner.py:650-657, :1230-1237 (Capture cuda graph failed + CUDA_GRAPH_CAPTURE_FAILED_MSG)",
    "oom_cuda_graph",
    "a GCP g2-standard-8 (one L4, 22 GiB) with Llama-3.1-8B and mem_fraction_static=0.92 copied from an H100 recipe: capture runs out",
    join(
        check_env(
            ["GPU 0: NVIDIA L4"], "8.9", sglang="0.5.10.post1", torch="2.9.1+cu129", kernel="0.3.21", hypervisor="KVM"
        ),
        sargs(
            "meta-llama/Llama-3.1-8B-Instruct",
            dtype="auto",
            mem_fraction_static=0.92,
            tp_size=1,
            host="0.0.0.0",
            port=30000,
        ),
        boot("graph", tag=None, avail=21.79, weights=15.06, arch="LlamaForCausalLM", tokens=32768, kv=4.6),
        sched_dies(
            45,
            None,
            PY312,
            GRAPHS,
            "Exception: Capture cuda graph failed: "
            + oom("224.00 MiB", "22.05 GiB", "91.12 MiB", "21.95 GiB", "21.40 GiB", "142.35 MiB").split(": ", 1)[1]
            + "\n"
            + CAPTURE_MSG,
        ),
        sigquit(46),
    ),
)

case(
    "l4_modelopt_fp4_needs_blackwell",
    "0.5.10.post1",
    "model_loader/loader.py:225-240, layers/quantization/modelopt_quant.py:1144-1145 (ModelOptFp4Config min capability 100)",
    "config_error",
    "an NVFP4 checkpoint made for B200 launched on an L4 (SM 8.9): quantization refused for this GPU generation",
    join(
        check_env(
            ["GPU 0: NVIDIA L4"], "8.9", sglang="0.5.10.post1", torch="2.9.1+cu129", kernel="0.3.21", hypervisor="KVM"
        ),
        sargs("nvidia/Llama-3.1-8B-Instruct-FP4", dtype="auto", quantization="modelopt_fp4", tp_size=1),
        boot("weights", tag=None, avail=21.79, weights=0, arch="LlamaForCausalLM"),
        sched_dies(
            8,
            None,
            PY312,
            QUANT,
            "ValueError: The quantization method modelopt_fp4 is not supported for the current GPU. Minimum capability: 100. Current capability: 89.",
        ),
        sigquit(9),
    ),
)

case(
    "l4_qwen14b_bf16_weights_do_not_fit",
    "0.4.6.post5",
    "srt/model_executor/model_runner.py:502 (Load weight begin), model_loader/loader.py _initialize_model; torch OOM text",
    "oom_weights",
    "Qwen2.5-14B bf16 (29.5 GB) on one 24 GB L4: OOM while the parameters are created (fits on A100 40GB / L40S)",
    join(
        sargs("Qwen/Qwen2.5-14B-Instruct", dtype="auto", tp_size=1, host="0.0.0.0", port=30000),
        boot("weights", tag=None, avail=21.79, weights=0, arch="Qwen2ForCausalLM", old=True),
        sched_dies(
            20,
            None,
            PY310,
            SCHED046
            + (
                ("model_executor/model_runner.py", 231, "__init__", "self.initialize(min_per_gpu_memory)"),
                ("model_executor/model_runner.py", 254, "initialize", "self.load_model()"),
                ("model_executor/model_runner.py", 540, "load_model", "self.model = get_model("),
                ("model_loader/__init__.py", 22, "get_model", "return loader.load_model("),
                ("model_loader/loader.py", 370, "load_model", "model = _initialize_model("),
                ("model_loader/loader.py", 153, "_initialize_model", "return model_class("),
                ("models/qwen2.py", 410, "__init__", "self.model = Qwen2Model("),
                ("models/qwen2.py", 260, "__init__", "self.layers = make_layers("),
                (
                    "utils.py",
                    470,
                    "make_layers",
                    "[LazyModule(layer_fn(idx=idx, prefix=add_prefix(idx, prefix))) if pp_start <= idx < pp_end else PPMissingLayer()",
                ),
                ("models/qwen2.py", 270, "<lambda>", "lambda idx, prefix: decoder_layer_type("),
                ("models/qwen2.py", 200, "__init__", "self.mlp = Qwen2MLP("),
                ("models/qwen2.py", 65, "__init__", "self.down_proj = RowParallelLinear("),
                ("layers/linear.py", 1230, "__init__", "self.quant_method.create_weights("),
                ("layers/linear.py", 180, "create_weights", "torch.empty("),
                ("+torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
            ),
            oom("130.00 MiB", "22.05 GiB", "23.12 MiB", "21.87 GiB", "21.64 GiB", "7.16 MiB"),
        ),
        sigquit(21),
    ),
)

case(
    "aws_g6e_4x_l40s_custom_allreduce_off_healthy",
    "0.5.10.post1",
    "distributed/device_communicators/custom_all_reduce_utils.py:452-458 (disabled on more than two PCIe-only GPUs), custom_all_reduce.py:87 cls_name",
    "healthy",
    "an AWS g6e.12xlarge (4x L40S, PCIe, no NVLink) at TP4: custom all-reduce is disabled with a warning per rank and NCCL carries the all-reduce; the server serves",
    join(
        check_env(
            ["GPU 0,1,2,3: NVIDIA L40S"],
            "8.9",
            sglang="0.5.10.post1",
            torch="2.9.1+cu129",
            kernel="0.3.21",
            hypervisor="KVM",
        ),
        sargs(
            "meta-llama/Llama-3.3-70B-Instruct", dtype="auto", quantization="fp8", tp_size=4, host="0.0.0.0", port=30000
        ),
        boot("dist", avail=44.19, weights=0, arch="LlamaForCausalLM"),
        r(6, "TP0", "sglang is using nccl==2.27.3"),
        *[
            r(
                7,
                f"TP{i}",
                "CustomAllreduce is disabled because it's not supported on more than two PCIe-only GPUs. To silence this warning, specify disable_custom_all_reduce=True explicitly.",
            )
            for i in range(4)
        ],
        boot("ready", avail=44.19, weights=17.86, arch="LlamaForCausalLM", tokens=222208, kv=21.7)[1:],
        ready(62),
        serving(80),
    ),
)

case(
    "aws_g6e_l40s_long_prompt_oom_after_ready",
    "0.5.10.post1",
    "model_executor/model_runner.py forward_extend (scheduler event loop), torch OOM text",
    "oom_runtime",
    "a g6e.xlarge (one L40S, 44.5 GiB) serving Qwen2.5-14B: a 32k-token prompt's prefill runs out in the logits after ready; lower chunked prefill / the fraction",
    join(
        check_env(
            ["GPU 0: NVIDIA L40S"], "8.9", sglang="0.5.10.post1", torch="2.9.1+cu129", kernel="0.3.21", hypervisor="KVM"
        ),
        sargs("Qwen/Qwen2.5-14B-Instruct", dtype="auto", mem_fraction_static=0.9, chunked_prefill_size=-1, tp_size=1),
        boot("ready", tag=None, avail=44.19, weights=27.87, arch="Qwen2ForCausalLM", tokens=81920, kv=15.0),
        ready(60),
        serving(70, tag=None, usage=0.18),
        r(
            95,
            None,
            "Prefill batch, #new-seq: 1, #new-token: 32760, #cached-token: 0, token usage: 0.21, #running-req: 3, #queue-req: 0, ",
        ),
        sched_dies(
            96,
            None,
            PY312,
            LOOP
            + (
                ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
                ("models/qwen2.py", 560, "forward", "return self.logits_processor("),
                (
                    "layers/logits_processor.py",
                    420,
                    "forward",
                    "logits = self._get_logits(pruned_states, lm_head, logits_metadata)",
                ),
                ("layers/logits_processor.py", 640, "_get_logits", "logits = torch.matmul("),
            ),
            oom("4.63 GiB", "44.52 GiB", "2.91 GiB", "41.60 GiB", "40.72 GiB", "356.11 MiB"),
        ),
        f"{ts(97)} SIGQUIT received. signum=None, frame=None. It usually means one child failed.",
    ),
)

# ======================================================================================= cloud VMs and images
case(
    "aws_p5_second_node_cannot_reach_dist_init_addr",
    "0.5.10.post1",
    "distributed/parallel_state.py:1609 init_process_group; torch c10d socket.cpp throwTimeoutError ('The client socket has timed out after {} while trying to connect to ({}, {}).')",
    "nccl_or_distributed",
    "two p5.48xlarge, node 1's TCP rendezvous to node 0's --dist-init-addr port is blocked by the security group: store/rendezvous timeout",
    join(
        check_env(
            ["GPU 0,1,2,3,4,5,6,7: NVIDIA H100 80GB HBM3"],
            "9.0",
            sglang="0.5.10.post1",
            torch="2.9.1+cu129",
            kernel="0.3.21",
            hypervisor="KVM",
        ),
        sargs(
            "deepseek-ai/DeepSeek-V3",
            dtype="auto",
            tp_size=16,
            nnodes=2,
            node_rank=1,
            dist_init_addr="10.1.34.215:5000",
            trust_remote_code=True,
        ),
        boot("dist", tag="TP8", avail=79.11, weights=0, arch="DeepseekV3ForCausalLM"),
        "[E302 10:10:05.561275187 socket.cpp:1023] [c10d] The client socket has timed out after 600000ms while trying to connect to (10.1.34.215, 5000).",
        sched_dies(
            605,
            "TP8",
            PY312,
            DIST_INIT,
            "torch.distributed.DistNetworkError: The client socket has timed out after 600000ms while trying to connect to (10.1.34.215, 5000).",
        ),
        sigquit(606),
    ),
)

case(
    "gke_a3_pod_dev_shm_too_small",
    "0.5.10.post1",
    "NCCL misc/shmutils.cc:72/:113 warnings (NCCL troubleshooting guide), pynccl.py:109 -> pynccl_wrapper.py:376 (ncclSystemError's string)",
    "nccl_or_distributed",
    "a GKE pod on a3-highgpu-8g without an emptyDir /dev/shm (64 MiB): NCCL's shared-memory transport cannot be created at communicator init",
    join(
        check_env(
            ["GPU 0,1,2,3,4,5,6,7: NVIDIA H100 80GB HBM3"],
            "9.0",
            sglang="0.5.10.post1",
            torch="2.9.1+cu129",
            kernel="0.3.21",
            hypervisor="KVM",
        ),
        sargs("Qwen/Qwen3-235B-A22B-Instruct-2507-FP8", dtype="auto", tp_size=8, host="0.0.0.0", port=30000),
        boot("dist", avail=79.11, weights=0, arch="Qwen3MoeForCausalLM"),
        r(6, "TP0", "sglang is using nccl==2.27.3"),
        "sglang-qwen3-7d9f6c-x2k4p:211:211 [0] misc/shmutils.cc:72 NCCL WARN Error: failed to extend /dev/shm/nccl-UbzKZ9 to 9637892 bytes",
        "sglang-qwen3-7d9f6c-x2k4p:211:211 [0] misc/shmutils.cc:113 NCCL WARN Error while creating shared memory segment /dev/shm/nccl-UbzKZ9 (size 9637888)",
        sched_dies(
            8,
            "TP0",
            PY312,
            MODEL_PARALLEL
            + (
                (
                    "distributed/device_communicators/pynccl.py",
                    109,
                    "__init__",
                    "self.comm: ncclComm_t = self.nccl.ncclCommInitRank(",
                ),
                ("distributed/device_communicators/pynccl_wrapper.py", 401, "ncclCommInitRank", "self.NCCL_CHECK("),
                (
                    "distributed/device_communicators/pynccl_wrapper.py",
                    376,
                    "NCCL_CHECK",
                    'raise RuntimeError(f"NCCL error: {error_str}")',
                ),
            ),
            "RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)",
        ),
        sigquit(9),
    ),
)

case(
    "azure_nd_h100v5_fabric_manager_down_error_802",
    "0.4.6.post5",
    "srt/model_executor/model_runner.py:416-424 (init_torch_distributed set_device, Context warning), torch cuda/__init__.py lazy init ('Unexpected error from cudaGetDeviceCount() ... Error 802: system not yet initialized')",
    "cuda_error_other",
    "an Azure ND H100 v5 VM (HGX, NVSwitch) whose nvidia-fabricmanager is not running: CUDA cannot initialise (Error 802); a CUDA runtime fault, not config or memory",
    join(
        f"{PY310}/torch/cuda/__init__.py:129: UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 802: system not yet initialized (Triggered internally at /pytorch/c10/cuda/CUDAFunctions.cpp:109.)",
        "  return torch._C._cuda_getDeviceCount() > 0",
        sargs("meta-llama/Llama-3.1-70B-Instruct", dtype="auto", tp_size=8, host="0.0.0.0", port=30000),
        r(4, "TP0", "Init torch distributed begin."),
        r(
            4,
            "TP0",
            "Context: self.device='cuda' self.gpu_id=0 os.environ.get('CUDA_VISIBLE_DEVICES')=None self.tp_rank=0 self.tp_size=8",
        ),
        sched_dies(
            4,
            "TP0",
            PY310,
            SCHED046
            + (
                (
                    "model_executor/model_runner.py",
                    224,
                    "__init__",
                    "min_per_gpu_memory = self.init_torch_distributed()",
                ),
                (
                    "model_executor/model_runner.py",
                    419,
                    "init_torch_distributed",
                    "torch.get_device_module(self.device).set_device(self.gpu_id)",
                ),
                ("+torch/cuda/__init__.py", 476, "set_device", "torch._C._cuda_setDevice(device)"),
                ("+torch/cuda/__init__.py", 319, "_lazy_init", "torch._C._cuda_init()"),
            ),
            "RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 802: system not yet initialized",
        ),
        sigquit(5),
    ),
)


# The classifier's misses at first sight (strict: a fix must remove the entry), with the label it gave.
XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_grace_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


# Healthy templates that fire a failure event on the way at first sight (what a live supervisor acts on), with the
# event's label: the same check as tests/test_logwatch_review.py, kept strict here.
EVENT_XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_grace_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35
