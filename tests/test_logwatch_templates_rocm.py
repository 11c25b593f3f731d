"""SGLang on AMD GPUs (MI300X / MI325X / MI355X, ROCm 6.x-7.x, the lmsysorg/sglang:*-rocm* and rocm/sgl-dev images),
0.4.x-0.5.x, as it shows in the log (a helper, blind).

Memory, in every phase, in HIP's spelling: `torch.OutOfMemoryError: HIP out of memory ... PYTORCH_HIP_ALLOC_CONF` at
weight loading (Llama-3.1-405B bf16 at TP2), the KV pool (0.4.x's profiled value gone negative with DP attention;
0.5.10's aiter path that takes 15 % off `--mem-fraction-static` for long contexts), CUDA-graph capture (0.4.6's
`Capture CUDA graph failed:` and 0.5.10's `Capture cuda graph failed:` wrappers), a long prefill after ready, and
AITER's fused-MoE sorting buffer during the server's own warm-up request. Distributed: RCCL's
`ncclCommInitRank` "unhandled cuda error" on MI300 (NCCL WARN lines from RCCL's hipified sources), a collective
mismatch surfacing inside the capture wrapper (MI325X), the c10d watchdog timing out an all-reduce while serving.
HIP / ROCr / HSA: `HIP error: invalid device function` (MI100, gfx908), `Memory access fault by GPU node-N ...
Page not present` (EP on MI300X, aiter CK GEMM lines before it), an HSA queue abort
(`HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION`) killing the scheduler at capture, `HW Exception by GPU node-N ...
GPU Hang`, `HIP error: an illegal memory access`, `hipErrorNoBinaryForGpu` (a torch wheel without gfx950 code on
MI355X), Triton-on-ROCm's `OutOfResources: out of resource: shared memory` (MI308's 64 KiB LDS). Config: a
quantization SGLang refuses on ROCm, `SGLANG_USE_AITER=1` without aiter, rocminfo missing from the container (SGLang's
`get_amdgpu_memory_capacity` pipeline), EAGLE topk>1 on the aiter backend (inside the capture wrapper), the HTTP port
taken. Four healthy contrasts that look alarming and go on: aiter's `not found tuned config ... will use default
config!` storm, `AMD 1 hop XGMI detection failed.` with an amdsmi traceback on an MI300X VF (custom all-reduce off,
serving), `Failed to import amdsmi` plus the untuned-MoE-config warning at TP1, RCCL's NCCL_DEBUG=INFO chatter with
its `NCCL WARN Missing "amd_iommu=on"` line.

Sources: SGLang's lines are copied from the named release's wheel (sglang 0.4.6.post5, 0.5.6, 0.5.10.post1 from PyPI,
file:line under sglang/srt/ given per case; call paths read there, a few deep model/layer frames approximate); the
libraries' lines from their source or public threads (torch's HIP allocator/HIP error text, ROCr/HSA runtime abort
lines, RCCL's INFO/WARN lines, aiter's `[aiter]` lines, amdsmi's exception format, Triton's OutOfResources), each
case naming its thread. Format fields filled with plausible values.

Labelling policy (decided before the classifier ran), by /work/shared/corpus/README.md: an allocation failure is
labelled by WHAT was being allocated when it is a MoE kernel buffer (aiter moe_sorting -> oom_moe_workspace),
otherwise by the phase (weights / KV pool / capture / after ready). A wrapper's advice does not decide: a
non-memory error wrapped in `Capture cuda graph failed: ... set --mem-fraction-static` is labelled by the inner error
(collective mismatch -> nccl_or_distributed; an aiter backend that refuses EAGLE topk>1 -> config_error). ROCr / HSA
/ HIP faults (memory access fault, queue abort, GPU hang, illegal address, invalid device function, no code object
for the GPU) are cuda_error_other, even when the launcher's "exit code: -6 ... OOM killer" hint follows. A Triton
kernel that needs more LDS than the GPU has is cuda_error_other (no memory setting helps; a kernel/back-end change
does). A setup problem that no retry fixes and that the operator fixes in the image or the flags (missing aiter,
missing rocminfo, a quantization ROCm lacks) is config_error.

First sight: 22/28 (6 misses, strict xfails below; healthy contrasts 4/4 end `healthy` and fire no failure event on
the way, EVENT_XFAIL empty). Misses: the aiter backend's EAGLE topk refusal inside the capture wrapper (got
cuda_error_other); aiter's MoE sorting buffer OOM on the warm-up request (got oom_runtime); `hipErrorNoBinaryForGpu`
(got config_error); ROCr's `HW Exception ... GPU Hang` after ready (got healthy); the HSA queue abort followed by
`Rank 0 scheduler died during initialization (exit code: -6)` (got nccl_or_distributed); Triton-on-ROCm's LDS
`OutOfResources` (got config_error). Unsure of my own labels: the MoE sorting OOM (workspace vs runtime: it is after
Uvicorn is up but before `fired up`), the Triton LDS and no-code-object cases (cuda_error_other vs config_error by
the remedy: both are fixed by another build / kernel config, not by a flag of the same build).
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
WS = "/sgl-workspace/sglang/python/sglang/srt"  # the ROCm images install SGLang from source here
AITER = "/sgl-workspace/aiter/aiter"
PY310 = "/usr/local/lib/python3.10/dist-packages"  # torch, triton in the rocm images (python3.10)
PY312 = "/usr/local/lib/python3.12/dist-packages"  # a pip install on a ROCm host


def tb(*stack: tuple[str, int, str, str], root: str = WS) -> str:
    """Python's frames: a path under `root` (SGLang's srt) unless it starts with `/` or `<`."""
    out = []
    for path, line, func, code in stack:
        full = path if path.startswith(("/", "<")) else f"{root}/{path}"
        out.append(f'  File "{full}", line {line}, in {func}' + (f"\n    {code}" if code else ""))
    return "\n".join(out)


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


def sigquit(second: int) -> str:
    return f"{ts(second)} Received sigquit from a child process. It usually means the child failed."


HIP_HINT = (
    "HIP kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
    "For debugging consider passing AMD_SERIALIZE_KERNEL=3\n"
    "Compile with `TORCH_USE_HIP_DSA` to enable device-side assertions."
)


def hip_oom(alloc: str, gpu: int, total: str, free: str, by_torch: str, reserved: str) -> str:
    return (
        f"torch.OutOfMemoryError: HIP out of memory. Tried to allocate {alloc}. GPU {gpu} has a total capacity of {total} "
        f"of which {free} is free. Of the allocated memory {by_torch} is allocated by PyTorch, and {reserved} is reserved "
        "by PyTorch but unallocated. If reserved but unallocated memory is large try setting "
        "PYTORCH_HIP_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  "
        "(https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
    )


# -- 0.5.10.post1 on 8x MI300X (DeepSeek-R1 FP8, TP8, aiter backend): start-up lines as far as a phase
R1 = "deepseek-ai/DeepSeek-R1"
_ORDER = ("args", "dist", "load", "kv", "graph", "ready", "serving")


def sargs(second: int, model: str, **kw: object) -> str:
    fields = {"model_path": model, "tokenizer_path": model, "tokenizer_mode": "auto", **kw}
    body = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{ts(second)} server_args=ServerArgs({body}, log_level='info', ...)"


def ready(second: int, port: int = 30000, pid: int = 1187) -> list[str]:
    return [
        f"{ts(second)} INFO:     Started server process [{pid}]",
        f"{ts(second)} INFO:     Waiting for application startup.",
        f"{ts(second)} INFO:     Application startup complete.",
        f"{ts(second)} INFO:     Uvicorn running on http://0.0.0.0:{port} (Press CTRL+C to quit)",
        f'{ts(second + 1)} INFO:     127.0.0.1:51234 - "GET /model_info HTTP/1.1" 200 OK',
        f'{ts(second + 3)} INFO:     127.0.0.1:51240 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(second + 3)} The server is fired up and ready to roll!",
    ]


def r1_start(
    until: str, *, model: str = R1, tp: int = 8, mem: float = 0.85, arch: str = "DeepseekV3ForCausalLM", **kw: object
) -> str:
    """0.5.10.post1's start-up lines on 8x MI300X (model_runner.py:891/1020/1075/1247, memory_pool.py:702,
    model_runner_kv_cache_mixin.py:906, model_runner.py:2446/2460, scheduler.py:691, http_server.py:1929)."""
    stop = _ORDER.index(until)
    phases: list[tuple[str, list[str]]] = [
        (
            "args",
            [
                f"[aiter] import [module_aiter_enum] under {AITER}/jit/module_aiter_enum.so",
                sargs(0, model, trust_remote_code=True, mem_fraction_static=mem, tp_size=tp, device="cuda", **kw),
                f"{ts(1)} Attention backend not specified. Use aiter backend by default.",
            ],
        ),
        (
            "dist",
            [
                f"{ts(6, 'TP0')} Init torch distributed begin.",
                f"{ts(8, 'TP0')} sglang is using nccl==2.21.5",
                f"{ts(9, 'TP0')} [AR] Using AiterCustomAllreduce (AMD default)",
                f"{ts(10, 'TP0')} Init torch distributed ends. elapsed=4.31 s, mem usage=2.79 GB",
            ],
        ),
        (
            "load",
            [
                f"{ts(11, 'TP0')} Load weight begin. avail mem=188.74 GB",
                f"[aiter] import [module_moe_asm] under {AITER}/jit/module_moe_asm.so",
                f"{ts(130, 'TP0')} Load weight end. elapsed=119.20 s, type={arch}, quant=fp8, avail mem=107.96 GB, mem usage=80.78 GB.",
            ],
        ),
        (
            "kv",
            [
                f"{ts(131, 'TP0')} KV Cache is allocated. #tokens: 1271808, KV size: 83.21 GB",
                f"{ts(131, 'TP0')} Memory pool end. avail mem=22.37 GB",
            ],
        ),
        (
            "graph",
            [
                f"{ts(132, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=22.18 GB",
                "Capturing batches (bs=512 avail_mem=22.05 GB):   0%|          | 0/52 [00:00<?, ?it/s]",
            ],
        ),
        (
            "ready",
            [
                "Capturing batches (bs=1 avail_mem=19.84 GB): 100%|██████████| 52/52 [01:02<00:00,  1.20s/it]",
                f"{ts(196, 'TP0')} Capture cuda graph end. Time elapsed: 64.02 s. mem usage=2.34 GB. avail mem=19.84 GB.",
                f"{ts(197, 'TP0')} max_total_num_tokens=1271808, chunked_prefill_size=16384, max_prefill_tokens=16384, max_running_requests=2048, context_len=163840, available_gpu_mem=19.84 GB",
            ]
            + ready(198),
        ),
        (
            "serving",
            [
                f"{ts(210, 'TP0')} Prefill batch, #new-seq: 12, #new-token: 16384, #cached-token: 2048, token usage: 0.18, #running-req: 96, #queue-req: 40, ",
                f"{ts(212, 'TP0')} Decode batch, #running-req: 128, #token: 229120, token usage: 0.18, cuda graph: True, gen throughput (token/s): 2410.77, #queue-req: 40, ",
            ],
        ),
    ]
    out: list[str] = []
    for phase, lines in phases:
        if _ORDER.index(phase) <= stop:
            out.extend(lines)
    return "\n".join(out)


# -- 0.5.10.post1's call paths (scheduler.py / tp_worker.py / model_runner.py line numbers of that release)
SCHED = (("managers/scheduler.py", 3589, "run_scheduler_process", "scheduler = Scheduler("),)
INIT = SCHED + (
    ("managers/scheduler.py", 412, "__init__", "self.init_model_worker()"),
    ("managers/scheduler.py", 640, "init_model_worker", "self.init_tp_model_worker()"),
    ("managers/scheduler.py", 600, "init_tp_model_worker", "self.tp_worker = TpModelWorker("),
    ("managers/tp_worker.py", 247, "__init__", "self._init_model_runner()"),
    ("managers/tp_worker.py", 330, "_init_model_runner", "self._model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 430, "__init__", "self.initialize(pre_model_load_memory)"),
)
GRAPHS = INIT + (
    ("model_executor/model_runner.py", 600, "initialize", "self.init_device_graphs()"),
    (
        "model_executor/model_runner.py",
        2448,
        "init_device_graphs",
        "self.graph_runner = graph_runners[self.device](self)",
    ),
    ("model_executor/cuda_graph_runner.py", 655, "__init__", "raise Exception("),
)
LOOP = SCHED + (
    ("managers/scheduler.py", 3596, "run_scheduler_process", "scheduler.run_event_loop()"),
    ("managers/scheduler.py", 1340, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
    ("managers/scheduler.py", 2690, "run_batch", "batch_result = self.model_worker.forward_batch_generation("),
    ("managers/tp_worker.py", 450, "forward_batch_generation", "logits_output = self.model_runner.forward("),
    ("model_executor/model_runner.py", 2810, "forward", "output = self._forward_raw("),
)
ARGS = (
    ("<frozen runpy>", 198, "_run_module_as_main", ""),
    ("<frozen runpy>", 88, "_run_code", ""),
    (
        "/sgl-workspace/sglang/python/sglang/launch_server.py",
        29,
        "<module>",
        "server_args = prepare_server_args(sys.argv[1:])",
    ),
    ("server_args.py", 6539, "prepare_server_args", "return ServerArgs.from_cli_args(raw_args)"),
    ("server_args.py", 5975, "from_cli_args", "return cls(**{attr: getattr(args, attr) for attr in attrs})"),
    ("<string>", 330, "__init__", ""),
)
MOE_FWD = (  # DeepSeek's MoE layer down to aiter's fused_moe (fp8 block-quant on ROCm)
    ("models/deepseek_v2.py", 602, "forward_normal", "final_hidden_states = self.experts(hidden_states, topk_output)"),
    ("layers/moe/fused_moe_triton/layer.py", 993, "forward", "return self.forward_impl(hidden_states, topk_output)"),
    ("layers/moe/fused_moe_triton/layer.py", 1012, "forward_impl", "combine_input = self.run_moe_core("),
    ("layers/moe/fused_moe_triton/layer.py", 1033, "run_moe_core", "return self.quant_method.apply("),
    ("layers/quantization/fp8.py", 1527, "apply", "ret = self.maybe_apply_hip_fused_experts("),
    ("layers/quantization/fp8.py", 1767, "maybe_apply_hip_fused_experts", "return fused_moe("),
)


def r1_dies(phase: str, stack: tuple, error: str, *, rank: str = "TP0", second: int = 240) -> str:
    """0.5.10.post1: the scheduler's `Scheduler hit an exception:` (scheduler.py:3620), then the launcher's sigquit
    line (engine.py:1153)."""
    return join(
        r1_start(phase),
        f"{ts(second, rank)} Scheduler hit an exception: {TB}\n{tb(*stack)}\n{error}",
        sigquit(second + 1),
    )


# -- 0.4.6.post5 (lmsysorg/sglang:v0.4.6.post5-rocm630): vLLM's ROCm platform lines first, then SGLang's
def v04_pre(model: str, **kw: object) -> list[str]:
    """The two vLLM lines every 0.4.x ROCm start prints (sglang#6001's own lines), then server_args."""
    return [
        "INFO 03-02 10:00:01 __init__.py:179] Automatically detected platform rocm.",
        "WARNING 03-02 10:00:01 rocm.py:34] `fork` method is not supported by ROCm. VLLM_WORKER_MULTIPROC_METHOD is overridden to `spawn` instead.",
        sargs(3, model, **kw),
    ]


SCHED04 = (
    (
        "managers/scheduler.py",
        2297,
        "run_scheduler_process",
        "scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)",
    ),
)
INIT04 = SCHED04 + (
    ("managers/scheduler.py", 277, "__init__", "self.tp_worker = TpWorkerClass("),
    ("managers/tp_worker_overlap_thread.py", 64, "__init__", "self.worker = TpModelWorker("),
    ("managers/tp_worker.py", 78, "__init__", "self.model_runner = ModelRunner("),
    ("model_executor/model_runner.py", 231, "__init__", "self.initialize(min_per_gpu_memory)"),
)
LOOP04 = SCHED04 + (
    ("managers/scheduler.py", 2311, "run_scheduler_process", "scheduler.event_loop_overlap()"),
    (
        "/usr/local/lib/python3.10/dist-packages/torch/utils/_contextlib.py",
        116,
        "decorate_context",
        "return func(*args, **kwargs)",
    ),
    ("managers/scheduler.py", 669, "event_loop_overlap", "result = self.run_batch(batch)"),
)


def dies04(head: list[str], stack: tuple, error: str, *, rank: str = "TP0", second: int = 200) -> str:
    """0.4.6.post5: `Scheduler hit an exception:` (scheduler.py:2328), the launcher's sigquit (engine.py:529)."""
    return join(
        head, f"{ts(second, rank)} Scheduler hit an exception: {TB}\n{tb(*stack)}\n{error}", sigquit(second + 1)
    )


# ================================================================================================ memory (7)
case(
    "hip_oom_weights_llama405b_tp2",
    "0.4.6.post5",
    "model_runner.py:502/534 (Load weight begin, get_model); model_loader/loader.py:376/153; torch ROCm allocator's HIP OOM text (pytorch#138002, ROCm/TheRock#1054)",
    "oom_weights",
    "HIP OOM while building the model's parameters: 405B bf16 does not fit on two 192 GB MI300X",
    dies04(
        v04_pre("meta-llama/Llama-3.1-405B-Instruct", tp_size=2, mem_fraction_static=0.88)
        + [
            f"{ts(8, 'TP0')} Init torch distributed begin.",
            f"{ts(11, 'TP0')} Init torch distributed ends. mem usage=1.05 GB",
            f"{ts(11, 'TP0')} Load weight begin. avail mem=190.71 GB",
        ],
        INIT04
        + (
            ("model_executor/model_runner.py", 271, "initialize", "self.load_model()"),
            ("model_executor/model_runner.py", 534, "load_model", "self.model = get_model("),
            ("model_loader/__init__.py", 22, "get_model", "return loader.load_model("),
            ("model_loader/loader.py", 376, "load_model", "model = _initialize_model("),
            ("model_loader/loader.py", 153, "_initialize_model", "return model_class("),
            ("models/llama.py", 401, "__init__", "self.model = LlamaModel("),
            ("models/llama.py", 294, "<lambda>", "lambda idx, prefix: LlamaDecoderLayer("),
            ("models/llama.py", 233, "__init__", "self.mlp = LlamaMLP("),
            ("models/llama.py", 72, "__init__", "self.gate_up_proj = MergedColumnParallelLinear("),
            ("layers/linear.py", 363, "__init__", "self.quant_method.create_weights("),
            ("layers/linear.py", 181, "create_weights", "torch.empty("),
            (f"{PY310}/torch/utils/_device.py", 104, "__torch_function__", "return func(*args, **kwargs)"),
        ),
        hip_oom("1.62 GiB", 0, "191.98 GiB", "1.07 GiB", "189.40 GiB", "1.02 MiB"),
        second=190,
    ),
)

case(
    "hip_oom_kv_profiled_negative_dp8",
    "0.4.6.post5",
    "model_runner.py:885 (profiled value warning) / 898 (Not enough memory), the profiled -561981 shape from sglang#7691 (DeepSeek-R1 + DP on MI300X)",
    "oom_kv_cache",
    "weights left no room for the KV pool (profiled token count negative); the fix is the pool's budget, not the weights",
    dies04(
        v04_pre(R1, tp_size=8, dp_size=8, enable_dp_attention=True, mem_fraction_static=0.95, max_total_tokens=131072)
        + [
            f"{ts(9, 'DP0 TP0')} Init torch distributed begin.",
            f"{ts(14, 'DP0 TP0')} Init torch distributed ends. mem usage=3.04 GB",
            f"{ts(14, 'DP0 TP0')} Load weight begin. avail mem=188.32 GB",
            f"{ts(150, 'DP0 TP0')} Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=21.73 GB, mem usage=166.59 GB.",
            f"{ts(151, 'DP0 TP0')} max_total_tokens=131072 is larger than the profiled value -561981. Use the profiled value instead.",
            f"{ts(151, 'DP7 TP7')} max_total_tokens=131072 is larger than the profiled value -561981. Use the profiled value instead.",
        ],
        INIT04
        + (
            ("model_executor/model_runner.py", 297, "initialize", "self.init_memory_pool("),
            ("model_executor/model_runner.py", 898, "init_memory_pool", "raise RuntimeError("),
        ),
        "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.",
        rank="DP0 TP0",
        second=151,
    ),
)

case(
    "hip_oom_kv_aiter_fraction_cut",
    "0.5.10.post1",
    "model_runner_kv_cache_mixin.py:57-60 (MemoryPoolConfig.__post_init__); the aiter backend's 0.85 factor for context_len > 8192 (server_args.py, 0.5.6:1420; /work/shared/reference/sglang.md)",
    "oom_kv_cache",
    "MemoryPoolConfig refuses a non-positive token count after the weights: raise --mem-fraction-static (0.7 became 0.595)",
    join(
        r1_start(
            "load", model="Qwen/Qwen3-235B-A22B-FP8", tp=4, mem=0.7, arch="Qwen3MoeForCausalLM", context_length=131072
        ),
        f"{ts(131, 'TP0')} Scheduler hit an exception: {TB}\n"
        + tb(
            *INIT,
            ("model_executor/model_runner.py", 560, "initialize", "self.init_memory_pool(pre_model_load_memory)"),
            (
                "model_executor/model_runner_kv_cache_mixin.py",
                700,
                "init_memory_pool",
                "config = self._resolve_config(",
            ),
            ("model_executor/model_runner_kv_cache_mixin.py", 845, "_resolve_config", "return MemoryPoolConfig("),
            ("<string>", 9, "__init__", ""),
            ("model_executor/model_runner_kv_cache_mixin.py", 60, "__post_init__", "raise RuntimeError(msg)"),
        )
        + "\nRuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: mem_fraction_static=0.595",
        sigquit(132),
    ),
)

case(
    "hip_oom_capture_0510",
    "0.5.10.post1",
    "cuda_graph_runner.py:655-657 + 1230-1237 (the capture wrapper); HIP OOM text as torch ROCm prints it",
    "oom_cuda_graph",
    "HIP out of memory inside CUDA(HIP)-graph capture at start-up",
    r1_dies(
        "graph",
        GRAPHS,
        "Exception: Capture cuda graph failed: "
        + hip_oom("1.75 GiB", 3, "191.98 GiB", "1.21 GiB", "185.02 GiB", "3.90 GiB")
        + "\nPossible solutions:\n1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n3. disable torch compile by not using --enable-torch-compile\n4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\nOpen an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose \n",
        rank="TP3",
        second=150,
    ),
)

case(
    "hip_oom_capture_046",
    "0.4.6.post5",
    "model_runner.py:1096 (Capture cuda graph begin), cuda_graph_runner.py:309-317 (0.4.x's `Capture CUDA graph failed:`)",
    "oom_cuda_graph",
    "HIP OOM during 0.4.x's graph capture (bs=160 of the capture list)",
    dies04(
        v04_pre("Qwen/Qwen2.5-72B-Instruct", tp_size=2, mem_fraction_static=0.92, cuda_graph_max_bs=512)
        + [
            f"{ts(8, 'TP0')} Init torch distributed begin.",
            f"{ts(11, 'TP0')} Init torch distributed ends. mem usage=1.05 GB",
            f"{ts(11, 'TP0')} Load weight begin. avail mem=190.71 GB",
            f"{ts(60, 'TP0')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=122.55 GB, mem usage=68.16 GB.",
            f"{ts(61, 'TP0')} KV Cache is allocated. #tokens: 1395610, K size: 53.24 GB, V size: 53.24 GB",
            f"{ts(61, 'TP0')} Memory pool end. avail mem=15.02 GB",
            f"{ts(62, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=14.83 GB",
            "Capturing batches (avail_mem=3.10 GB):  37%|███▋      | 13/35 [00:41<01:10,  3.19s/it]",
        ],
        INIT04
        + (
            ("model_executor/model_runner.py", 305, "initialize", "self.init_cuda_graphs()"),
            (
                "model_executor/model_runner.py",
                1098,
                "init_cuda_graphs",
                "self.cuda_graph_runner = CudaGraphRunner(self)",
            ),
            ("model_executor/cuda_graph_runner.py", 309, "__init__", "raise Exception("),
        ),
        "Exception: Capture CUDA graph failed: "
        + hip_oom("2.50 GiB", 0, "191.98 GiB", "1.98 GiB", "172.66 GiB", "1.31 GiB")
        + "\nPossible solutions:\n1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n3. disable torch compile by not using --enable-torch-compile\n4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\nOpen an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose \n",
        second=104,
    ),
)

case(
    "hip_oom_runtime_long_prefill",
    "0.5.10.post1",
    "scheduler.py:3620 in the event loop after ready; torch ROCm HIP OOM text",
    "oom_runtime",
    "HIP OOM in a prefill forward well after `fired up and ready`",
    r1_dies(
        "serving",
        LOOP
        + (
            ("model_executor/model_runner.py", 2760, "_forward_raw", "ret = self.forward_extend("),
            ("model_executor/model_runner.py", 2620, "forward_extend", "return self.model.forward("),
            ("models/deepseek_v2.py", 2950, "forward", "return self.logits_processor("),
            (
                "layers/logits_processor.py",
                400,
                "forward",
                "logits = self._get_logits(pruned_states, lm_head, logits_metadata)",
            ),
            ("layers/logits_processor.py", 600, "_get_logits", "logits = torch.matmul("),
        ),
        hip_oom("3.90 GiB", 5, "191.98 GiB", "2.87 GiB", "183.41 GiB", "1.66 GiB"),
        rank="TP5",
        second=260,
    ),
)

case(
    "aiter_moe_sorting_buffer_oom_warmup",
    "0.5.10.post1",
    "layers/quantization/fp8.py:1527/1767 (maybe_apply_hip_fused_experts -> aiter fused_moe); aiter/fused_moe.py moe_sorting's `moe_buf = torch.empty((M, model_dim), ...)` (ROCm/aiter source)",
    "oom_moe_workspace",
    "HIP OOM allocating aiter's fused-MoE sorting buffer (a MoE kernel workspace) on the server's own warm-up request",
    join(
        r1_start("graph"),
        "Capturing batches (bs=1 avail_mem=0.62 GB): 100%|██████████| 52/52 [01:05<00:00,  1.26s/it]",
        f"{ts(198, 'TP0')} Capture cuda graph end. Time elapsed: 66.40 s. mem usage=21.55 GB. avail mem=0.62 GB.",
        f"{ts(199, 'TP0')} max_total_num_tokens=1271808, chunked_prefill_size=16384, max_prefill_tokens=16384, max_running_requests=2048, context_len=163840, available_gpu_mem=0.62 GB",
        f"{ts(200)} INFO:     Started server process [1187]",
        f"{ts(200)} INFO:     Waiting for application startup.",
        f"{ts(200)} INFO:     Application startup complete.",
        f"{ts(200)} INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)",
        f'{ts(201)} INFO:     127.0.0.1:51234 - "GET /model_info HTTP/1.1" 200 OK',
        f"{ts(201, 'TP0')} Prefill batch, #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0, ",
        f"{ts(202, 'TP2')} Scheduler hit an exception: {TB}\n"
        + tb(
            *LOOP,
            ("model_executor/model_runner.py", 2760, "_forward_raw", "ret = self.forward_extend("),
            ("model_executor/model_runner.py", 2620, "forward_extend", "return self.model.forward("),
            *MOE_FWD,
        )
        + "\n"
        + tb(
            (f"{AITER}/fused_moe.py", 133, "fused_moe", "return fused_moe_("),
            (
                f"{AITER}/fused_moe.py",
                233,
                "fused_moe_",
                "sorted_ids, sorted_weights, sorted_expert_ids, num_valid_ids, moe_buf = moe_sorting(",
            ),
            (
                f"{AITER}/fused_moe.py",
                96,
                "moe_sorting",
                "moe_buf = torch.empty((M, model_dim), dtype=moebuf_dtype, device=device)",
            ),
        )
        + "\n"
        + hip_oom("112.00 MiB", 2, "191.98 GiB", "58.00 MiB", "170.80 GiB", "20.95 GiB"),
        sigquit(203),
    ),
)

# ============================================================================================ distributed (4)
RCCL = "/long_pathname_so_that_rpms_can_package_the_debug_info/src/extlibs/rccl/build/hipify/src"
case(
    "rccl_comm_init_unhandled_cuda_error_mi300",
    "0.5.10.post1",
    "distributed/device_communicators/pynccl.py:109 -> pynccl_wrapper.py:376 (NCCL_CHECK); the MI300 CI flake sglang#25216 / PR #25111 (`RuntimeError: NCCL error: unhandled cuda error` in PyNcclCommunicator.__init__ -> ncclCommInitRank); RCCL WARN/INFO shape from ROCm/rccl#1454",
    "nccl_or_distributed",
    "RCCL cannot form the TP communicator (ncclCommInitRank fails): a distributed-init failure",
    join(
        r1_start("dist").rsplit("\n", 2)[0],
        f"node-mi300-07:4188:4188 [1] {RCCL}/transport/p2p.cc:292 NCCL WARN Cuda failure 'invalid argument'",
        f"node-mi300-07:4188:4188 [1] NCCL INFO {RCCL}/transport/p2p.cc:646 -> 1",
        f"node-mi300-07:4188:4188 [1] NCCL INFO {RCCL}/init.cc:1585 -> 1",
        f"node-mi300-07:4188:4188 [1] NCCL INFO {RCCL}/init.cc:2278 -> 1",
        f"{ts(9, 'TP1')} Scheduler hit an exception: {TB}\n"
        + tb(
            *INIT,
            ("model_executor/model_runner.py", 470, "initialize", "min_per_gpu_memory = self.init_torch_distributed()"),
            ("model_executor/model_runner.py", 985, "init_torch_distributed", "initialize_model_parallel("),
            ("distributed/parallel_state.py", 1790, "initialize_model_parallel", "_TP = init_model_parallel_group("),
            ("distributed/parallel_state.py", 1411, "init_model_parallel_group", "return GroupCoordinator("),
            ("distributed/parallel_state.py", 356, "__init__", "self.pynccl_comm = PyNcclCommunicator("),
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
        )
        + "\nRuntimeError: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details)",
        sigquit(10),
    ),
)

case(
    "collective_mismatch_inside_capture_mi325",
    "0.5.10.post1",
    "https://github.com/sgl-project/sglang/issues/16237 (DeepSeek-R1 on 2x8 MI325X: `Capture cuda graph failed: Detected mismatch between collectives on ranks`, behind the capture wrapper); wrapper text cuda_graph_runner.py:655-657 + 1230-1237 of 0.5.10.post1",
    "nccl_or_distributed",
    "the capture wrapper's memory advice is boilerplate: ranks ran different collectives (distributed desync), not OOM",
    r1_dies(
        "graph",
        GRAPHS,
        "Exception: Capture cuda graph failed: Detected mismatch between collectives on ranks. Rank 13 is running collective: CollectiveFingerPrint(SequenceNumber=17OpType=BARRIER), but Rank 0 is running collective: CollectiveFingerPrint(SequenceNumber=45OpType=BARRIER).Collectives differ in the following aspects: \t Sequence number: 17vs 45\n"
        "Possible solutions:\n1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n3. disable torch compile by not using --enable-torch-compile\n4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\nOpen an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose \n",
        rank="TP0 EP0",
        second=150,
    ).replace(
        r1_start("args"),
        r1_start("args", tp=16, ep_size=16, dist_init_addr="10.2.0.11:5000", nnodes=2, node_rank=0),
    ),
)

case(
    "rccl_watchdog_allreduce_timeout_serving",
    "0.5.10.post1",
    "torch's ProcessGroupNCCL watchdog text (same on ROCm, RCCL under the NCCL name); SGLang's serving lines as r1_start",
    "nccl_or_distributed",
    "an all-reduce never completed across ranks while serving: the c10d watchdog aborts the process group",
    join(
        r1_start("serving"),
        "[rank3]:[E302 10:14:22.871562151 ProcessGroupNCCL.cpp:685] [Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=48213, OpType=ALLREDUCE, NumelIn=7340032, NumelOut=7340032, Timeout(ms)=600000) ran for 600047 milliseconds before timing out.",
        "[rank3]:[E302 10:14:22.872103918 ProcessGroupNCCL.cpp:2252] [PG ID 2 PG GUID 3 Rank 3]  failure detected by watchdog at work sequence id: 48213 PG status: last enqueued work: 48214, last completed work: 48212",
        "[rank3]:[E302 10:14:22.872130262 ProcessGroupNCCL.cpp:732] Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.",
        "[rank3]:[E302 10:14:23.015623417 ProcessGroupNCCL.cpp:699] [Rank 3] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
        "[rank3]:[E302 10:14:23.015642011 ProcessGroupNCCL.cpp:713] [Rank 3] To avoid data inconsistency, we are taking the entire process down.",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        "  what():  [PG ID 2 PG GUID 3 Rank 3] Process group watchdog thread terminated with exception: [Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=48213, OpType=ALLREDUCE, NumelIn=7340032, NumelOut=7340032, Timeout(ms)=600000) ran for 600047 milliseconds before timing out.",
        "Fatal Python error: Aborted",
    ),
)

# ============================================================================================ HIP / ROCr (8)
case(
    "hip_invalid_device_function_mi100",
    "0.4.5.post3",
    "https://github.com/sgl-project/sglang/issues/5775 (lmsysorg/sglang:v0.4.5.post3-rocm630 on MI100: `RuntimeError: HIP error: invalid device function`); torch's HIP hint lines (etched-ai/open-oasis#27)",
    "cuda_error_other",
    "the image's kernels carry no code for gfx908: a HIP kernel/arch mismatch, not memory",
    dies04(
        v04_pre("/data/mistralhf-gptq", host="0.0.0.0", port=30000, tp_size=1)
        + [
            "/sgl-workspace/sglang/python/sglang/srt/managers/session_controller.py:57: SyntaxWarning: invalid escape sequence '\\-'",
            '  prefix = " " * len(origin_prefix) + " \\- " + child.req.rid',
            f"{ts(8, 'TP0')} Init torch distributed begin.",
            f"{ts(9, 'TP0')} Init torch distributed ends. mem usage=0.00 GB",
            f"{ts(9, 'TP0')} Load weight begin. avail mem=31.72 GB",
        ],
        INIT04
        + (
            ("model_executor/model_runner.py", 271, "initialize", "self.load_model()"),
            ("model_executor/model_runner.py", 534, "load_model", "self.model = get_model("),
            ("model_loader/__init__.py", 22, "get_model", "return loader.load_model("),
            ("model_loader/loader.py", 376, "load_model", "model = _initialize_model("),
            ("model_loader/loader.py", 153, "_initialize_model", "return model_class("),
            ("models/llama.py", 401, "__init__", "self.model = LlamaModel("),
            ("models/llama.py", 294, "<lambda>", "lambda idx, prefix: LlamaDecoderLayer("),
            ("models/llama.py", 205, "__init__", "self.self_attn = LlamaAttention("),
            ("models/llama.py", 160, "__init__", "self.rotary_emb = get_rope("),
            ("layers/rotary_embedding.py", 95, "__init__", "cache = self._compute_cos_sin_cache()"),
            (
                "layers/rotary_embedding.py",
                118,
                "_compute_cos_sin_cache",
                'freqs = torch.einsum("i,j -> ij", t, inv_freq)',
            ),
        ),
        "RuntimeError: HIP error: invalid device function\n" + HIP_HINT,
        second=13,
    ),
)

case(
    "memory_access_fault_ep_mi300",
    "0.5.2rc1",
    "https://github.com/sgl-project/sglang/issues/10195 (EP on MI300X: aiter CKGEMM tuned-shape lines, then `Memory access fault by GPU node-N ... Page not present or supervisor privilege.`); ROCr's fault line (ROCm/legacy-rocm-build#4554)",
    "cuda_error_other",
    "ROCr reports a GPU page fault and aborts the scheduler: the HIP spelling of an illegal memory access",
    join(
        r1_start("serving", enable_ep_moe=True, ep_size=8),
        "[2025-09-09 02:30:21 TP2 EP2] shape M:16384, N:7168, K:256 is tuned on cu_num = 304 in CKGEMM, kernel name is a8w8_blockscale_1x128x128_256x64x64x128_16x16_32x32_8x32x1_8x32x1_1x32x1x8_8_1x1_intrawave_v1!",
        "[aiter] shape M:16384, N:512, K:7168 is tuned on cu_num = 304 in CKGEMM, kernel name is a8w8_blockscale_1x128x128_256x128x128x128_16x16_32x32_8x32x1_8x32x1_1x32x1x8_8_1x1_intrawave_v3!",
        "[2025-09-09 02:30:21 TP5 EP5] shape M:16384, N:512, K:7168 is tuned on cu_num = 304 in CKGEMM, kernel name is a8w8_blockscale_1x128x128_256x128x128x128_16x16_32x32_8x32x1_8x32x1_1x32x1x8_8_1x1_intrawave_v3!",
        "Memory access fault by GPU node-4 (Agent handle: 0x55d0c3a1f2b0) on address 0x7ef7cd5fd000. Reason: Page not present or supervisor privilege.",
        "Memory access fault by GPU node-3 (Agent handle: 0x5612b8c4e900) on address 0x7f02a3c11000. Reason: Page not present or supervisor privilege.",
    ),
)

case(
    "hsa_queue_abort_at_capture",
    "0.5.10.post1",
    "ROCr's queue-error abort (ggml-org/whisper.cpp#3576, iacopPBK/llama.cpp-gfx906#17: `rocdevice.cpp ... Callback: Queue ... aborting with error : HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION`); engine.py:1186 (`Rank N scheduler died during initialization`)",
    "cuda_error_other",
    "an HSA queue abort (memory aperture violation) kills the scheduler with SIGABRT; the -6 exit code and OOM-killer hint do not make it OOM",
    join(
        r1_start("graph"),
        ":0:rocdevice.cpp            :3020: 5122740813 us:  Callback: Queue 0x7f5d3c600000 aborting with error : HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION: The agent attempted to access memory beyond the largest legal address. code: 0x29",
        f"{ts(140)} {TB}",
        tb(
            ("<frozen runpy>", 198, "_run_module_as_main", ""),
            ("<frozen runpy>", 88, "_run_code", ""),
            ("/sgl-workspace/sglang/python/sglang/launch_server.py", 32, "<module>", "run_server(server_args)"),
            ("/sgl-workspace/sglang/python/sglang/launch_server.py", 20, "run_server", "launch_server(server_args)"),
            ("entrypoints/http_server.py", 1710, "launch_server", "_launch_subprocesses("),
            ("entrypoints/engine.py", 1010, "_launch_subprocesses", "scheduler_infos = _wait_for_scheduler_ready("),
            ("entrypoints/engine.py", 1185, "_wait_for_scheduler_ready", "raise RuntimeError("),
        ),
        "RuntimeError: Rank 0 scheduler died during initialization (exit code: -6). If exit code is -9 (SIGKILL), a common cause is the OS OOM killer. Run `dmesg -T | grep -i oom` to check.",
    ),
)

case(
    "hsa_gpu_hang_hw_exception_serving",
    "0.5.10.post1",
    "ROCr's `HW Exception by GPU node-N (Agent handle: ...) reason :GPU Hang` (ROCm/legacy-rocm-build#4021, MI300X); serving lines as r1_start",
    "cuda_error_other",
    "the GPU hung and ROCr aborted the process while serving: a device fault, not memory or config",
    join(
        r1_start("serving"),
        f"{ts(215, 'TP0')} Decode batch, #running-req: 128, #token: 240640, token usage: 0.19, cuda graph: True, gen throughput (token/s): 2388.02, #queue-req: 37, ",
        "HW Exception by GPU node-7 (Agent handle: 0x5583a6e0d9c0) reason :GPU Hang",
    ),
)

case(
    "hip_illegal_memory_access_decode",
    "0.5.10.post1",
    "torch's HIP error text (`HIP error: an illegal memory access was encountered` + HIP_HINT lines); scheduler.py:3620 in the loop",
    "cuda_error_other",
    "an illegal memory access in a decode kernel after ready",
    r1_dies(
        "serving",
        LOOP
        + (
            ("model_executor/model_runner.py", 2740, "_forward_raw", "ret = self.graph_runner.replay("),
            ("model_executor/cuda_graph_runner.py", 1100, "replay", "self.graphs[self.bs].replay()"),
            (f"{PY310}/torch/cuda/graphs.py", 88, "replay", "super().replay()"),
        ),
        "RuntimeError: HIP error: an illegal memory access was encountered\n" + HIP_HINT,
        rank="TP6",
        second=230,
    ),
)

case(
    "hip_no_binary_for_gpu_mi355",
    "0.5.3",
    'HIP runtime\'s abort `"hipErrorNoBinaryForGpu: Unable to find code object for all current devices!"` (ROCm/legacy-rocm-build#1623, JuliaGPU/AMDGPU.jl#244); a pip install of sglang 0.5.3 with a torch wheel built without gfx950',
    "cuda_error_other",
    "the installed torch/HIP binaries carry no code object for the GPU (gfx950): an arch/version mismatch at the first HIP call",
    join(
        "[aiter] import [module_aiter_enum] under /usr/local/lib/python3.12/dist-packages/aiter/jit/module_aiter_enum.so",
        '"hipErrorNoBinaryForGpu: Unable to find code object for all current devices!"',
        "Aborted (core dumped)",
    ),
)

case(
    "triton_rocm_lds_out_of_resources",
    "0.4.6",
    "https://github.com/sgl-project/sglang/issues/6001 (`OutOfResources: out of resource: shared memory, Required: 196608, Hardware limit: 65536` running DeepSeek-R1 on 0.4.6 with MI308); Triton's OutOfResources text; layers/attention/triton_ops/extend_attention.py",
    "cuda_error_other",
    "a Triton kernel config needs 192 KiB LDS on a 64 KiB GPU: a kernel launch failure on this device, not GPU memory; memory settings do not help",
    dies04(
        v04_pre(
            "/model/deepseek-r1",
            trust_remote_code=True,
            tp_size=8,
            mem_fraction_static=0.7,
            chunked_prefill_size=130172,
            enable_torch_compile=True,
            cuda_graph_max_bs=16,
        )
        + [
            f"{ts(9, 'TP0')} Init torch distributed begin.",
            f"{ts(13, 'TP0')} Init torch distributed ends. mem usage=2.10 GB",
            f"{ts(13, 'TP0')} Load weight begin. avail mem=189.70 GB",
            f"{ts(120, 'TP0')} Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=104.22 GB, mem usage=85.48 GB.",
            f"{ts(121, 'TP0')} KV Cache is allocated. #tokens: 617286, KV size: 40.38 GB",
            f"{ts(121, 'TP0')} Memory pool end. avail mem=55.13 GB",
            f"{ts(122, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=54.96 GB",
            f"{ts(171, 'TP0')} Capture cuda graph end. Time elapsed: 49.20 s. mem usage=0.88 GB. avail mem=54.08 GB.",
            f"{ts(172, 'TP0')} max_total_num_tokens=617286, chunked_prefill_size=130172, max_prefill_tokens=16384, max_running_requests=4096, context_len=163840",
        ]
        + ready(173)
        + [
            f"{ts(185, 'TP0')} Prefill batch. #new-seq: 1, #new-token: 32768, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0",
        ],
        LOOP04
        + (
            (
                "managers/scheduler.py",
                1472,
                "run_batch",
                "logits_output, next_token_ids = self.tp_worker.forward_batch_generation(",
            ),
            ("model_executor/model_runner.py", 1170, "forward_extend", "return self.model.forward("),
            (
                "models/deepseek_v2.py",
                1180,
                "forward",
                "return self.forward_normal(positions, hidden_states, forward_batch)",
            ),
            ("layers/radix_attention.py", 100, "forward", "return forward_batch.attn_backend.forward("),
            ("layers/attention/triton_backend.py", 600, "forward_extend", "self.extend_attention_fwd("),
            ("layers/attention/triton_ops/extend_attention.py", 385, "extend_attention_fwd", "_fwd_kernel[grid]("),
            (
                f"{PY310}/triton/runtime/jit.py",
                330,
                "<lambda>",
                "return lambda *args, **kwargs: self.run(grid=grid, warmup=False, *args, **kwargs)",
            ),
            (
                f"{PY310}/triton/runtime/jit.py",
                653,
                "run",
                "kernel.run(grid_0, grid_1, grid_2, stream, kernel.function, kernel.packed_metadata,",
            ),
            (f"{PY310}/triton/compiler/compiler.py", 395, "__getattribute__", "self._init_handles()"),
            (
                f"{PY310}/triton/compiler/compiler.py",
                388,
                "_init_handles",
                'raise OutOfResources(self.metadata.shared, max_shared, "shared memory")',
            ),
        ),
        "triton.runtime.errors.OutOfResources: out of resource: shared memory, Required: 196608, Hardware limit: 65536. Reducing block sizes or `num_stages` may help.",
        second=186,
    ),
)

# ================================================================================================ config (6)
case(
    "quant_not_supported_in_rocm_modelopt_fp4",
    "0.5.10.post1",
    "configs/model_config.py:1050-1054 (`{quant} quantization is currently not supported in ROCm.`), reached from server_args.py:778 -> 1086 -> 6025 -> model_config.py:270/226",
    "config_error",
    "an NVFP4 (ModelOpt) checkpoint on MI355X: SGLang refuses the quantization on ROCm at argument checks",
    join(
        "[aiter] import [module_aiter_enum] under /sgl-workspace/aiter/aiter/jit/module_aiter_enum.so",
        TB,
        tb(
            *ARGS,
            ("server_args.py", 778, "__post_init__", "self._handle_piecewise_cuda_graph()"),
            (
                "server_args.py",
                1086,
                "_handle_piecewise_cuda_graph",
                "if self.get_model_config().is_piecewise_cuda_graph_disabled_model:",
            ),
            ("server_args.py", 6025, "get_model_config", "self.model_config = ModelConfig.from_server_args(self)"),
            ("configs/model_config.py", 270, "from_server_args", "return ModelConfig("),
            ("configs/model_config.py", 226, "__init__", "self._verify_quantization()"),
            ("configs/model_config.py", 1051, "_verify_quantization", "raise ValueError("),
        ),
        "ValueError: modelopt_fp4 quantization is currently not supported in ROCm.",
    ),
)

case(
    "aiter_required_but_missing",
    "0.5.10.post1",
    "layers/moe/topk.py:129-134 (`aiter is required when SGLANG_USE_AITER is set to True`), first imported by server_args.py:6021 (get_model_config) -> configs/model_config.py:27 -> layers/quantization/__init__.py:20 -> awq.py:14 -> layers/moe (the last import hops approximate); a pip install on a ROCm host without aiter",
    "config_error",
    "SGLANG_USE_AITER=1 set but the aiter package is not installed: an environment/flag mismatch at argument checks, fixed in the image or the variable",
    join(
        TB,
        tb(
            *ARGS,
            ("server_args.py", 778, "__post_init__", "self._handle_piecewise_cuda_graph()"),
            (
                "server_args.py",
                1086,
                "_handle_piecewise_cuda_graph",
                "if self.get_model_config().is_piecewise_cuda_graph_disabled_model:",
            ),
            ("server_args.py", 6021, "get_model_config", "from sglang.srt.configs.model_config import ModelConfig"),
            (
                "configs/model_config.py",
                27,
                "<module>",
                "from sglang.srt.layers.quantization import QUANTIZATION_METHODS",
            ),
            (
                "layers/quantization/__init__.py",
                20,
                "<module>",
                "from sglang.srt.layers.quantization.awq import AWQConfig, AWQMarlinConfig",
            ),
            ("layers/quantization/awq.py", 14, "<module>", "from sglang.srt.layers.moe import ("),
            ("layers/moe/fused_moe_triton/layer.py", 44, "<module>", "from sglang.srt.layers.moe.topk import ("),
            (
                "layers/moe/topk.py",
                134,
                "<module>",
                'raise ImportError("aiter is required when SGLANG_USE_AITER is set to True")',
            ),
            root=f"{PY312}/sglang/srt",
        ).replace("/sgl-workspace/sglang/python/sglang/launch_server.py", f"{PY312}/sglang/launch_server.py"),
        "ImportError: aiter is required when SGLANG_USE_AITER is set to True",
    ),
)

case(
    "rocminfo_missing_memory_capacity",
    "0.5.10.post1",
    "utils/common.py:1441-1459 (get_amdgpu_memory_capacity runs `rocminfo | grep ... | awk`; with rocminfo absent the pipeline exits 0 with empty output and float('') raises), called from server_args.py:781 via common.py:1677",
    "config_error",
    "the container lacks ROCm's rocminfo, so SGLang cannot read GPU capacity at argument checks: a setup problem, not a GPU error",
    join(
        TB,
        tb(
            *ARGS,
            ("server_args.py", 781, "__post_init__", "gpu_mem = get_device_memory_capacity(self.device)"),
            ("utils/common.py", 1677, "get_device_memory_capacity", "gpu_mem = get_amdgpu_memory_capacity()"),
            ("utils/common.py", 1458, "get_amdgpu_memory_capacity", 'float(mem.split("(")[0].strip()) / 1024'),
        ),
        "ValueError: could not convert string to float: ''",
    ),
)

case(
    "aiter_eagle_topk_gt1_inside_capture",
    "0.5.10.post1",
    "layers/attention/aiter_backend.py:536-541 (`AiterAttnBackend SPEC_V2 path currently supports topk <= 1 only.`) via init_forward_metadata_capture_cuda_graph (1447); speculative/eagle_draft_extend_cuda_graph_runner.py:221 (the capture wrapper)",
    "config_error",
    "the aiter backend refuses EAGLE topk>1; NotImplementedError is a RuntimeError, so the capture wrapper's memory advice follows, but the remedy is --speculative-eagle-topk 1",
    r1_dies(
        "graph",
        INIT
        + (
            ("model_executor/model_runner.py", 600, "initialize", "self.init_device_graphs()"),
            (
                "model_executor/model_runner.py",
                2448,
                "init_device_graphs",
                "self.graph_runner = graph_runners[self.device](self)",
            ),
            ("speculative/eagle_draft_extend_cuda_graph_runner.py", 221, "__init__", "raise Exception("),
        ),
        "Exception: Capture cuda graph failed: AiterAttnBackend SPEC_V2 path currently supports topk <= 1 only. Got topk=4.\n"
        "Possible solutions:\n1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n3. disable torch compile by not using --enable-torch-compile\n4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\nOpen an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose \n",
        second=140,
    ),
)

case(
    "http_port_in_use_rocm",
    "0.5.10.post1",
    "uvicorn's bind error after SGLang's start-up (asyncio `[Errno 98] error while attempting to bind on address`)",
    "port_in_use",
    "the HTTP port is taken by another server on the node",
    join(
        r1_start("ready").split(f"\n{ts(198)} INFO:     Started server process")[0],
        f"{ts(198)} INFO:     Started server process [1187]",
        f"{ts(198)} INFO:     Waiting for application startup.",
        f"{ts(198)} INFO:     Application startup complete.",
        f"{ts(198)} ERROR:    [Errno 98] error while attempting to bind on address ('0.0.0.0', 30000): address already in use",
        f"{ts(198)} INFO:     Waiting for application shutdown.",
        f"{ts(198)} INFO:     Application shutdown complete.",
    ),
)

case(
    "rccl_allreduce_capture_multinode_mi300x",
    "0.4.6.post5",
    "https://github.com/sgl-project/sglang/issues/3622 (DeepSeek-R1, TP16 over 2 MI300X nodes: ncclAllReduce error only with CUDA graph on); 0.4.6.post5's capture wrapper cuda_graph_runner.py:309-317 and pynccl NCCL_CHECK text",
    "nccl_or_distributed",
    "RCCL's all-reduce fails inside capture across nodes; the wrapper's memory advice is boilerplate, the failure is the collective",
    dies04(
        v04_pre(R1, trust_remote_code=True, tp_size=16, dist_init_addr="10.2.0.11:5000", nnodes=2, node_rank=0)
        + [
            f"{ts(9, 'TP0')} Init torch distributed begin.",
            f"{ts(15, 'TP0')} sglang is using nccl==2.21.5",
            f"{ts(15, 'TP0')} Custom allreduce is disabled because this process group spans across nodes.",
            f"{ts(16, 'TP0')} Init torch distributed ends. mem usage=2.61 GB",
            f"{ts(16, 'TP0')} Load weight begin. avail mem=187.98 GB",
            f"{ts(110, 'TP0')} Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=104.81 GB, mem usage=83.17 GB.",
            f"{ts(111, 'TP0')} KV Cache is allocated. #tokens: 1160474, KV size: 75.92 GB",
            f"{ts(111, 'TP0')} Memory pool end. avail mem=27.50 GB",
            f"{ts(112, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=27.33 GB",
        ],
        INIT04
        + (
            ("model_executor/model_runner.py", 305, "initialize", "self.init_cuda_graphs()"),
            (
                "model_executor/model_runner.py",
                1098,
                "init_cuda_graphs",
                "self.cuda_graph_runner = CudaGraphRunner(self)",
            ),
            ("model_executor/cuda_graph_runner.py", 309, "__init__", "raise Exception("),
        ),
        "Exception: Capture CUDA graph failed: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)\n"
        "Possible solutions:\n1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n3. disable torch compile by not using --enable-torch-compile\n4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\nOpen an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose \n",
        second=118,
    ),
)

case(
    "dist_init_port_in_use_multinode",
    "0.5.10.post1",
    "torch c10d TCPStore's EADDRINUSE text (`The server socket has failed to listen on any local network address. ... EADDRINUSE`); SGLang's init_torch_distributed -> parallel_state.init_distributed_environment",
    "port_in_use",
    "node 0 cannot listen on --dist-init-addr's port: an internal port already in use",
    r1_dies(
        "dist",
        INIT
        + (
            ("model_executor/model_runner.py", 470, "initialize", "min_per_gpu_memory = self.init_torch_distributed()"),
            ("model_executor/model_runner.py", 960, "init_torch_distributed", "init_distributed_environment("),
            (
                "distributed/parallel_state.py",
                1609,
                "init_distributed_environment",
                "torch.distributed.init_process_group(",
            ),
            (f"{PY310}/torch/distributed/c10d_logger.py", 81, "wrapper", "return func(*args, **kwargs)"),
            (f"{PY310}/torch/distributed/c10d_logger.py", 95, "wrapper", "func_return = func(*args, **kwargs)"),
            (
                f"{PY310}/torch/distributed/distributed_c10d.py",
                1710,
                "init_process_group",
                "store, rank, world_size = next(rendezvous_iterator)",
            ),
            (f"{PY310}/torch/distributed/rendezvous.py", 278, "_tcp_rendezvous_handler", "store = _create_c10d_store("),
            (f"{PY310}/torch/distributed/rendezvous.py", 198, "_create_c10d_store", "return TCPStore("),
        ),
        "torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. port: 5000, useIpv6: false, code: -98, name: EADDRINUSE, message: address already in use",
        second=9,
    ).replace(
        r1_start("dist"), r1_start("dist", dist_init_addr="10.2.0.11:5000", nnodes=2, node_rank=0).rsplit("\n", 3)[0]
    ),
)

# ============================================================================================== healthy (4)
case(
    "healthy_aiter_untuned_gemm_storm",
    "0.5.10.post1",
    "aiter's `[aiter] shape is M:..., N:..., K:..., not found tuned config in ... will use default config!` (ROCm/aiter#5267, vllm#39485) and `[aiter] import [module_...] under ...` lines; SGLang's ready lines",
    "healthy",
    "aiter falls back to default GEMM configs for untuned shapes and goes on: performance only",
    join(
        r1_start("graph"),
        "[aiter] shape is M:512, N:2112, K:7168, not found tuned config in /tmp/aiter_configs/a8w8_blockscale_tuned_gemm.csv, will use default config!",
        f"[aiter] import [module_gemm_a8w8_blockscale] under {AITER}/jit/module_gemm_a8w8_blockscale.so",
        "[aiter] shape is M:512, N:3072, K:1536, not found tuned config in /tmp/aiter_configs/a8w8_blockscale_tuned_gemm.csv, will use default config!",
        "[aiter] shape is M:512, N:7168, K:2048, not found tuned config in /tmp/aiter_configs/a8w8_blockscale_tuned_gemm.csv, will use default config!",
        r1_start("ready").split("0/52 [00:00<?, ?it/s]\n")[1],
        "[aiter] shape is M:72, N:4608, K:7168, not found tuned config in /tmp/aiter_configs/a8w8_blockscale_tuned_gemm.csv, will use default config!",
        f"{ts(212, 'TP0')} Decode batch, #running-req: 72, #token: 98112, token usage: 0.08, cuda graph: True, gen throughput (token/s): 1903.40, #queue-req: 0, ",
    ),
)

case(
    "healthy_xgmi_detection_failed_vf",
    "0.4.6.post5",
    "distributed/device_communicators/custom_all_reduce.py:99 (`AMD 1 hop XGMI detection failed.` with exc_info) and :237-241 (custom allreduce disabled); amdsmi's AmdSmiLibraryException format (gpustack#3389); MI300X VF topology (sglang#3622)",
    "healthy",
    "amdsmi cannot read XGMI topology on a VF; SGLang logs an ERROR with a traceback, disables custom all-reduce and serves",
    join(
        v04_pre("Qwen/Qwen2.5-72B-Instruct", tp_size=8),
        f"{ts(8, 'TP0')} Init torch distributed begin.",
        f"{ts(10, 'TP0')} sglang is using nccl==2.21.5",
        f"{ts(11, 'TP0')} AMD 1 hop XGMI detection failed.",
        TB,
        tb(
            (
                "distributed/device_communicators/custom_all_reduce.py",
                94,
                "is_full_nvlink",
                "link_type = amdsmi_topo_get_link_type(handle, peer_handle)",
            ),
            ("/opt/rocm/share/amd_smi/amdsmi/amdsmi_interface.py", 2901, "amdsmi_topo_get_link_type", "_check_res("),
            (
                "/opt/rocm/share/amd_smi/amdsmi/amdsmi_interface.py",
                545,
                "_check_res",
                "raise AmdSmiLibraryException(ret_code)",
            ),
        ),
        "amdsmi.amdsmi_exception.AmdSmiLibraryException: Error code:\n\t2 | AMDSMI_STATUS_NOT_SUPPORTED - Feature not supported",
        f"{ts(11, 'TP0')} Custom allreduce is disabled because it's not supported on more than two PCIe-only GPUs. To silence this warning, specify disable_custom_all_reduce=True explicitly.",
        f"{ts(12, 'TP0')} Init torch distributed ends. mem usage=1.02 GB",
        f"{ts(12, 'TP0')} Load weight begin. avail mem=190.40 GB",
        f"{ts(40, 'TP0')} Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=172.98 GB, mem usage=17.42 GB.",
        f"{ts(41, 'TP0')} KV Cache is allocated. #tokens: 4821305, K size: 73.57 GB, V size: 73.57 GB",
        f"{ts(41, 'TP0')} Memory pool end. avail mem=23.62 GB",
        f"{ts(42, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=23.45 GB",
        f"{ts(70, 'TP0')} Capture cuda graph end. Time elapsed: 28.30 s. mem usage=0.91 GB. avail mem=22.54 GB.",
        f"{ts(71, 'TP0')} max_total_num_tokens=4821305, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4097, context_len=32768",
        ready(72),
    ),
)

case(
    "healthy_amdsmi_import_warning_tp1",
    "0.5.6",
    "distributed/device_communicators/custom_all_reduce_utils.py:44 (`Failed to import amdsmi with %r`); layers/moe/fused_moe_triton/fused_moe_triton_config.py:130-131 (default MoE kernel config)",
    "healthy",
    "amdsmi missing only matters for multi-GPU custom all-reduce; at TP1 the server starts and serves with the untuned MoE config",
    join(
        f"{ts(0)} Failed to import amdsmi with ModuleNotFoundError(\"No module named 'amdsmi'\")",
        sargs(1, "Qwen/Qwen3-30B-A3B", tp_size=1, mem_fraction_static=0.85),
        f"{ts(1)} Attention backend not explicitly specified. Use aiter backend by default.",
        f"{ts(4, 'TP0')} Init torch distributed begin.",
        f"{ts(5, 'TP0')} Init torch distributed ends. mem usage=0.00 GB",
        f"{ts(5, 'TP0')} Load weight begin. avail mem=191.31 GB",
        f"{ts(30, 'TP0')} Load weight end. type=Qwen3MoeForCausalLM, dtype=torch.bfloat16, avail mem=134.40 GB, mem usage=56.91 GB.",
        f"{ts(31, 'TP0')} KV Cache is allocated. #tokens: 1039072, K size: 47.57 GB, V size: 47.57 GB",
        f"{ts(31, 'TP0')} Memory pool end. avail mem=38.10 GB",
        f"{ts(32, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=37.91 GB",
        f"{ts(33, 'TP0')} Using default MoE kernel config. Performance might be sub-optimal! Config file not found at /sgl-workspace/sglang/python/sglang/srt/layers/moe/fused_moe_triton/configs/triton_3_4_0/E=128,N=768,device_name=AMD_Instinct_MI325X.json, you can create them with https://github.com/sgl-project/sglang/tree/main/benchmark/kernels/fused_moe_triton",
        f"{ts(60, 'TP0')} Capture cuda graph end. Time elapsed: 28.02 s. mem usage=1.12 GB. avail mem=36.79 GB.",
        f"{ts(61, 'TP0')} max_total_num_tokens=1039072, chunked_prefill_size=16384, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=36.79 GB",
        ready(62),
    ),
)

case(
    "healthy_rccl_debug_info_iommu_warn",
    "0.5.10.post1",
    "RCCL's NCCL_DEBUG=INFO lines: `NET/Plugin : dlerror=librccl-net.so ... No plugin found (librccl-net.so), using internal implementation`, `ROCr version`, and init's `NCCL WARN Missing \"amd_iommu=on\" from kernel command line` (RCCL threads found by find_string); SGLang's ready lines",
    "healthy",
    "RCCL's INFO chatter and its advisory iommu WARN at communicator init; the communicator forms and the server serves",
    join(
        r1_start("dist").rsplit("\n", 1)[0],
        "mi300x-node-02:2311:2311 [0] NCCL INFO Bootstrap : Using eth0:10.2.0.12<0>",
        "mi300x-node-02:2311:2311 [0] NCCL INFO NET/Plugin : dlerror=librccl-net.so: cannot open shared object file: No such file or directory No plugin found (librccl-net.so), using internal implementation",
        "mi300x-node-02:2311:2311 [0] NCCL INFO Kernel version: 5.15.0-119-generic",
        f'mi300x-node-02:2311:2311 [0] {RCCL}/init.cc:128 NCCL WARN Missing "amd_iommu=on" from kernel command line which can lead to system instablity or hang!',
        "mi300x-node-02:2311:2311 [0] NCCL INFO ROCr version 1.14",
        "mi300x-node-02:2311:2311 [0] NCCL INFO Dmabuf feature disabled without NCCL_DMABUF_ENABLE=1",
        "RCCL version : 2.21.5-HEAD:e3d0f0c",
        "mi300x-node-02:2311:2311 [0] NCCL INFO ncclCommInitRank comm 0x55d3a9c9e2d0 rank 0 nranks 8 cudaDev 0 busId 11000 commId 0x7e3c9a1b2f54d860 - Init COMPLETE",
        r1_start("ready").split(f"{ts(9, 'TP0')} [AR] Using AiterCustomAllreduce (AMD default)\n", 1)[1],
    ),
)

# The classifier's misses at first sight (strict: a fix must remove the entry), with the label it gave.
XFAIL: dict[str, str] = {
    "aiter_moe_sorting_buffer_oom_warmup": "oom_runtime",
    "hip_no_binary_for_gpu_mi355": "config_error",
    "triton_rocm_lds_out_of_resources": "config_error",
}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_rocm_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


# Healthy templates that fire a failure event on the way to ready at first sight (what a live supervisor acts on), with
# the event's label: the same check as tests/test_logwatch_review.py, kept strict here.
EVENT_XFAIL: dict[str, str] = {
    "aiter_moe_sorting_buffer_oom_warmup": "oom_runtime",
    "hip_no_binary_for_gpu_mi355": "config_error",
    "triton_rocm_lds_out_of_resources": "config_error",
}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_rocm_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert 3 <= sum(t.label == "healthy" for t in CASES.values()) <= 5


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35
