"""Performance threads (a helper, blind): logs pasted beside "throughput is low", "TTFT is high", "slower than vLLM",
"GPU utilisation is low". The server starts and serves, and the paste shows why it is slow: batch lines with high
token usage and long queues, `cuda graph: False` decode batches (batch sizes above `--cuda-graph-max-bs`), long chunked
prefills, many retractions ("Decode out of memory happened. #retracted_reqs", "KV cache pool is full. Retract
requests."), the default-kernel-config warnings (fused MoE, W8A8 block FP8, the Triton-version fallback), SGLang's
long-GC warning, speculative accept lengths, PD queues, hybrid SWA / Mamba usage lines, the user's `bench_serving`
result block and nvidia-smi beside them. Seven cases where something did fail in the middle of such a thread: an
activation OOM under the benchmark, the decode allocator giving up after retractions, an illegal memory access at high
concurrency, a torch NCCL watchdog timeout behind SGLang's own watchdog, an NCCL error mid-sweep, and the restarts a
perf thread leads to (a larger `--cuda-graph-max-bs` that no longer fits at capture, a lower `--mem-fraction-static`
that leaves no KV pool).

Sources: sglang 0.4.6.post1, 0.5.2 and 0.5.6 wheels (file:line under sglang/ given per case): the batch lines
(managers/scheduler.py / scheduler_metrics_mixin.py), retraction lines, `Watchdog timeout`, `Scheduler hit an
exception`, the start-up lines (model_runner.py, mem_cache/memory_pool.py, entrypoints/http_server.py), the kernel
config warnings (fused_moe_triton, quantization/fp8_kernel.py), utils/common.py's GC warning, bench_serving.py's result
block. torch's own text (OutOfMemoryError, CUDA error, ProcessGroupNCCL watchdog) as torch 2.6-2.8 prints it; frame
line numbers are the named release's, approximate where marked.

Labelling policy (decided before the classifier ran): pressure is not failure. Retraction, queueing, token usage 1.00,
`cuda graph: False`, the default-config and GC warnings, a benchmark with low numbers or a few failed client requests
are `healthy` when SGLang goes on serving. A failure after ready: an OOM in the forward or in the allocator is
`oom_runtime` (SGLang's "Decode out of memory. Try to lower your batch size." RuntimeError included: the server was
serving, the remedy is fewer running requests); an NCCL watchdog / NCCL error under load is `nccl_or_distributed`
(SGLang's own watchdog line that follows it is the symptom, not the cause); illegal memory access is
`cuda_error_other`. A restart the thread suggested that fails at start-up is labelled by its start-up phase.

First sight: 30/30 (no misses; 23 healthy, none fired a failure event when fed line by line, so XFAIL and
EVENT_XFAIL are empty).
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
PY310 = "/usr/local/lib/python3.10/dist-packages"
PY312 = "/usr/local/lib/python3.12/dist-packages"


def join(*parts: str | list[str]) -> str:
    out: list[str] = []
    for p in parts:
        out.extend(p if isinstance(p, list) else [p])
    return "\n".join(out)


def tb(site: str, *stack: tuple[str, int, str, str]) -> str:
    out = []
    for path, line, func, code in stack:
        full = (
            path
            if path.startswith("/")
            else (f"{site}/{path[1:]}" if path.startswith("+") else f"{site}/sglang/srt/{path}")
        )
        out.append(f'  File "{full}", line {line}, in {func}\n    {code}')
    return "\n".join(out)


def boot(
    v: str,
    model: str,
    *,
    tp: int = 1,
    tokens: int = 480000,
    bs: int = 160,
    avail: float = 78.6,
    weights: float = 15.3,
    mtype: str = "LlamaForCausalLM",
    mem: float = 0.88,
    ctx: int = 131072,
    extra: list[str] | None = None,
    ranks: tuple[str, ...] = ("TP0",),
    graph: bool = True,
) -> list[str]:
    """Start-up as far as ready, as 0.4.6.post1 / 0.5.x print it (model_runner.py, memory_pool.py, scheduler.py,
    http_server.py)."""
    r0 = ranks[0]
    out = [
        f"{ts(0)} server_args=ServerArgs(model_path='{model}', tokenizer_path='{model}', tokenizer_mode='auto', "
        f"dtype='auto', mem_fraction_static={mem}, tp_size={tp}, cuda_graph_max_bs={bs}, chunked_prefill_size=8192, "
        "log_level='info', ...)"
    ]
    out += extra or []
    for r in ranks:
        out.append(f"{ts(4, r)} Init torch distributed begin.")
    for r in ranks:
        out.append(f"{ts(6, r)} Load weight begin. avail mem={avail:.2f} GB")
    for r in ranks:
        out.append(
            f"{ts(40, r)} Load weight end. type={mtype}, dtype=torch.bfloat16, avail mem={avail - weights:.2f} GB, mem usage={weights:.2f} GB."
        )
    kv = (avail - weights) * 0.8 / 2
    out += [
        f"{ts(41, r0)} KV Cache is allocated. #tokens: {tokens}, K size: {kv:.2f} GB, V size: {kv:.2f} GB",
        f"{ts(41, r0)} Memory pool end. avail mem={avail * 0.1:.2f} GB",
    ]
    if graph:
        out += [
            f"{ts(42, r0)} Capture cuda graph begin. This can take up to several minutes. avail mem={avail * 0.1:.2f} GB",
            f"Capturing batches (bs={bs} avail_mem={avail * 0.1:.2f} GB): 100%|██████████| 23/23 [00:19<00:00,  1.18it/s]",
            f"{ts(62, r0)} Capture cuda graph end. Time elapsed: 20.14 s. mem usage=0.93 GB. avail mem={avail * 0.1 - 0.93:.2f} GB.",
        ]
    out += [
        f"{ts(63, r0)} max_total_num_tokens={tokens}, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len={ctx}, available_gpu_mem={avail * 0.1 - 0.93:.2f} GB",
        f"{ts(64)} INFO:     Started server process [2811]",
        f"{ts(64)} INFO:     Waiting for application startup.",
        f"{ts(64)} INFO:     Application startup complete.",
        f"{ts(64)} INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)",
        f'{ts(65)} INFO:     127.0.0.1:50122 - "GET /get_model_info HTTP/1.1" 200 OK',
        f"{ts(66, r0)} Prefill batch{'.' if v < '0.5.6' else ','} #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0{'' if v.startswith('0.4') else ', '}",
        f'{ts(68)} INFO:     127.0.0.1:50124 - "POST /generate HTTP/1.1" 200 OK',
        f"{ts(68)} The server is fired up and ready to roll!",
    ]
    return out


def prefill(v: str, s: int, seq: int, new: int, cached: int, usage: float, run: int, q: int, rank: str = "TP0") -> str:
    """0.4.6.post1 scheduler.py:994 / 0.5.2 scheduler_metrics_mixin.py:114 / 0.5.6 scheduler_metrics_mixin.py:140."""
    head = "Prefill batch." if v < "0.5.6" else "Prefill batch,"
    tail = "" if v.startswith("0.4") else ", "
    return f"{ts(s, rank)} {head} #new-seq: {seq}, #new-token: {new}, #cached-token: {cached}, token usage: {usage:.2f}, #running-req: {run}, #queue-req: {q}{tail}"


def decode(
    v: str,
    s: int,
    run: int,
    tok: int,
    usage: float,
    gen: float,
    q: int,
    *,
    graph: bool = True,
    rank: str = "TP0",
    mid: str = "",
) -> str:
    """0.4.6.post1 scheduler.py:1045 (no cuda-graph field) / 0.5.2 scheduler_metrics_mixin.py:199 / 0.5.6 :270."""
    if v.startswith("0.4"):
        return f"{ts(s, rank)} Decode batch. #running-req: {run}, #token: {tok}, token usage: {usage:.2f}, {mid}gen throughput (token/s): {gen:.2f}, #queue-req: {q}"
    head = "Decode batch." if v < "0.5.6" else "Decode batch,"
    return f"{ts(s, rank)} {head} #running-req: {run}, #token: {tok}, token usage: {usage:.2f}, {mid}cuda graph: {graph}, gen throughput (token/s): {gen:.2f}, #queue-req: {q}, "


def access(s: int, n: int, path: str = "/v1/chat/completions") -> list[str]:
    return [f'{ts(s)} INFO:     127.0.0.1:{51000 + i} - "POST {path} HTTP/1.1" 200 OK' for i in range(n)]


def bench(
    *,
    ok: int = 1000,
    dur: float = 312.4,
    inp: int = 1024000,
    outp: int = 512000,
    rate: str = "inf",
    conc: str = "256",
    ttft: float = 8123.5,
    itl: float = 61.2,
) -> list[str]:
    """bench_serving.py's result block (0.5.2 bench_serving.py:1781)."""
    row = "{:<40} {:<10}".format
    f2 = "{:<40} {:<10.2f}".format
    return [
        "",
        "{s:{c}^{n}}".format(s=" Serving Benchmark Result ", n=50, c="="),
        row("Backend:", "sglang"),
        row("Traffic request rate:", rate),
        row("Max request concurrency:", conc),
        row("Successful requests:", ok),
        f2("Benchmark duration (s):", dur),
        row("Total input tokens:", inp),
        row("Total generated tokens:", outp),
        row("Total generated tokens (retokenized):", outp - 17),
        f2("Request throughput (req/s):", ok / dur),
        f2("Input token throughput (tok/s):", inp / dur),
        f2("Output token throughput (tok/s):", outp / dur),
        f2("Total token throughput (tok/s):", (inp + outp) / dur),
        f2("Concurrency:", 211.37),
        "{s:{c}^{n}}".format(s="End-to-End Latency", n=50, c="-"),
        f2("Mean E2E Latency (ms):", ttft + itl * 500),
        f2("Median E2E Latency (ms):", ttft + itl * 480),
        "{s:{c}^{n}}".format(s="Time to First Token", n=50, c="-"),
        f2("Mean TTFT (ms):", ttft),
        f2("Median TTFT (ms):", ttft * 0.9),
        f2("P99 TTFT (ms):", ttft * 3.1),
        "{s:{c}^{n}}".format(s="Inter-Token Latency", n=50, c="-"),
        f2("Mean ITL (ms):", itl),
        f2("Median ITL (ms):", itl * 0.8),
        f2("P95 ITL (ms):", itl * 2.2),
        f2("P99 ITL (ms):", itl * 4.5),
        f2("Max ITL (ms):", itl * 40),
        "=" * 50,
    ]


def sigquit(s: int) -> str:
    return f"{ts(s)} Received sigquit from a child process. It usually means the child failed."


def moe_default(v: str, s: int, name: str, rank: str = "TP0") -> str:
    """0.4.6.post1 fused_moe.py:954 ("MoE config", a "tune" link) / 0.5.x fused_moe_triton_config.py ("MoE kernel config")."""
    if v.startswith("0.4"):
        return (
            f"{ts(s, rank)} Using default MoE config. Performance might be sub-optimal! Config file not found at "
            f"{PY310}/sglang/srt/layers/moe/fused_moe_triton/configs/{name}, you can tune the config with "
            "https://github.com/sgl-project/sglang/blob/main/benchmark/kernels/fused_moe_triton/tuning_fused_moe_triton.py."
        )
    return (
        f"{ts(s, rank)} Using default MoE kernel config. Performance might be sub-optimal! Config file not found at "
        f"{PY312}/sglang/srt/layers/moe/fused_moe_triton/configs/triton_3_4_0/{name}, you can create them with "
        "https://github.com/sgl-project/sglang/tree/main/benchmark/kernels/fused_moe_triton"
    )


OOM_TAIL = (
    "If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid "
    "fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
)
CUDA_TAIL = (
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."
)
# 0.5.6's serving call path (managers/scheduler.py, tp_worker.py, model_executor/model_runner.py line numbers)
LOOP056 = (
    ("managers/scheduler.py", 2677, "run_scheduler_process", "scheduler.event_loop_overlap()"),
    ("+torch/utils/_contextlib.py", 120, "decorate_context", "return func(*args, **kwargs)"),
    ("managers/scheduler.py", 1036, "event_loop_overlap", "batch_result = self.run_batch(batch)"),
    ("managers/scheduler.py", 2034, "run_batch", "batch_result = self.model_worker.forward_batch_generation("),
    (
        "managers/tp_worker.py",
        463,
        "forward_batch_generation",
        "logits_output, can_run_cuda_graph = self.model_runner.forward(",
    ),
    ("model_executor/model_runner.py", 2645, "forward", "output = self._forward_raw("),
)
# 0.5.2's
LOOP052 = (
    ("managers/scheduler.py", 2610, "run_scheduler_process", "scheduler.event_loop_overlap()"),
    ("+torch/utils/_contextlib.py", 116, "decorate_context", "return func(*args, **kwargs)"),
    ("managers/scheduler.py", 850, "event_loop_overlap", "result = self.run_batch(batch)"),
    ("managers/scheduler.py", 1817, "run_batch", "self.tp_worker.forward_batch_generation(model_worker_batch)"),
    ("managers/tp_worker_overlap_thread.py", 240, "forward_batch_generation", "self.forward_thread_func_()"),
)


# ------------------------------------------------------------------------------------------------------ healthy
L8B = "meta-llama/Llama-3.1-8B-Instruct"
L70B = "meta-llama/Llama-3.3-70B-Instruct"
Q30 = "Qwen/Qwen3-30B-A3B"
DSV3 = "deepseek-ai/DeepSeek-V3"

case(
    "healthy_046_low_gen_throughput_vs_vllm",
    "0.4.6.post1",
    "managers/scheduler.py:994 (Prefill batch.), :1045 (Decode batch.); bench_serving.py result block",
    "healthy",
    "'slower than vLLM' on Llama-8B: the server serves 256 concurrent requests; numbers low, nothing fails",
    join(
        boot("0.4.6.post1", L8B),
        access(70, 3),
        prefill("0.4.6.post1", 71, 14, 8106, 0, 0.02, 0, 242),
        prefill("0.4.6.post1", 72, 15, 8190, 0, 0.04, 14, 227),
        [decode("0.4.6.post1", 80 + i, 256, 180000 + 9000 * i, 0.38 + 0.02 * i, 2911.4 - 40 * i, 0) for i in range(6)],
        bench(ttft=2210.4, itl=84.7),
    ),
)

case(
    "healthy_052_cuda_graph_false_above_max_bs",
    "0.5.2",
    "managers/scheduler_metrics_mixin.py:199-220 (cuda graph: {can_run_cuda_graph})",
    "healthy",
    "'GPU utilisation is low': decode batches of 512 run without CUDA graphs (cuda_graph_max_bs=160); slow, serving",
    join(
        boot("0.5.2", L8B, bs=160),
        prefill("0.5.2", 70, 37, 8150, 0, 0.09, 475, 0),
        [
            decode("0.5.2", 72 + i, 512, 210000 + 4100 * i, 0.44 + 0.01 * i, 3380.2 + 5 * i, 0, graph=False)
            for i in range(5)
        ],
        [decode("0.5.2", 80 + i, 140 - 20 * i, 60000, 0.12, 5321.9, 0, graph=True) for i in range(3)],
        bench(conc="512", ttft=1934.8, itl=151.3),
    ),
)

case(
    "healthy_052_default_moe_kernel_config_qwen3_moe",
    "0.5.2",
    "layers/moe/fused_moe_triton/fused_moe_triton_config.py:95 (Using default MoE kernel config)",
    "healthy",
    "Qwen3-30B-A3B on H20 with no tuned fused-MoE config: a performance warning per shape, then serving",
    join(
        boot("0.5.2", Q30, tp=2, ranks=("TP0", "TP1"), mtype="Qwen3MoeForCausalLM", weights=28.6, avail=94.2),
        moe_default("0.5.2", 70, "E=128,N=384,device_name=NVIDIA_H20.json"),
        moe_default("0.5.2", 70, "E=128,N=384,device_name=NVIDIA_H20.json", "TP1"),
        prefill("0.5.2", 71, 8, 8192, 0, 0.03, 0, 120),
        [decode("0.5.2", 74 + i, 128, 90000 + 3000 * i, 0.11, 1810.0 + 11 * i, 0) for i in range(4)],
        bench(conc="128", ttft=4120.0, itl=58.9),
    ),
)

case(
    "healthy_046_default_moe_config_mixtral",
    "0.4.6.post1",
    "layers/moe/fused_moe_triton/fused_moe.py:954 (Using default MoE config)",
    "healthy",
    "0.4.6's older wording of the same warning on Mixtral at TP4, then decode batches",
    join(
        boot("0.4.6.post1", "mistralai/Mixtral-8x7B-Instruct-v0.1", tp=4, mtype="MixtralForCausalLM", weights=23.4),
        moe_default("0.4.6.post1", 69, "E=8,N=3584,device_name=NVIDIA_A100-SXM4-80GB.json"),
        [decode("0.4.6.post1", 75 + i, 96, 70000 + 2000 * i, 0.09, 1420.7, 3) for i in range(4)],
        bench(conc="96", ttft=1033.1, itl=66.0),
    ),
)

case(
    "healthy_056_w8a8_block_fp8_default_config",
    "0.5.6",
    "layers/quantization/fp8_kernel.py:969 (Using default W8A8 Block FP8 kernel config)",
    "healthy",
    "DeepSeek-V3 FP8 on H200 without a tuned block-FP8 GEMM config: warnings, then high TTFT under load but serving",
    join(
        boot("0.5.6", DSV3, tp=8, mtype="DeepseekV3ForCausalLM", weights=83.1, avail=139.2, tokens=620000),
        [
            f"{ts(70, 'TP0')} Using default W8A8 Block FP8 kernel config. Performance might be sub-optimal! Config file not found at "
            f"{PY312}/sglang/srt/layers/quantization/configs/N={n},K={k},device_name=NVIDIA_H200,dtype=fp8_w8a8,block_shape=[128, 128].json"
            for n, k in ((1536, 7168), (4096, 512), (7168, 2048))
        ],
        prefill("0.5.6", 72, 2, 16384, 0, 0.05, 30, 98),
        [decode("0.5.6", 75 + i, 128, 301000, 0.49, 1622.3, 98 - 10 * i) for i in range(3)],
        bench(conc="128", ttft=14875.2, itl=72.4),
    ),
)

case(
    "healthy_056_moe_triton_version_fallback",
    "0.5.6",
    "layers/moe/fused_moe_triton/fused_moe_triton_config.py:112 (Fallback to triton version)",
    "healthy",
    "the tuned config is for another Triton: SGLang falls back to it and says performance might be sub-optimal",
    join(
        boot("0.5.6", Q30, mtype="Qwen3MoeForCausalLM", weights=57.1, avail=139.1),
        f"{ts(70, 'TP0')} Config file not found at {PY312}/sglang/srt/layers/moe/fused_moe_triton/configs/triton_3_5_1/E=128,N=768,device_name=NVIDIA_H200.json. "
        f"Fallback to triton version 3.4.0 and use MoE kernel config from {PY312}/sglang/srt/layers/moe/fused_moe_triton/configs/triton_3_4_0/E=128,N=768,device_name=NVIDIA_H200.json. Performance might be sub-optimal!",
        [decode("0.5.6", 73 + i, 64, 41000, 0.06, 4012.8, 0) for i in range(3)],
    ),
)

case(
    "healthy_046_decode_out_of_memory_happened_retracts",
    "0.4.6.post1",
    "managers/scheduler.py:1337 (Decode out of memory happened. #retracted_reqs)",
    "healthy",
    "many retractions at token usage 0.99 while a 2000-prompt sweep runs; SGLang requeues them and goes on",
    join(
        boot("0.4.6.post1", L70B, tp=4, mtype="LlamaForCausalLM", weights=35.2, tokens=310000),
        [decode("0.4.6.post1", 70 + i, 400, 300000 + 1000 * i, 0.97 + 0.01 * i, 2010.5, 1400) for i in range(3)],
        [
            f"{ts(74 + i, 'TP0')} Decode out of memory happened. #retracted_reqs: {n}, #new_token_ratio: {a:.4f} -> {b:.4f}"
            for i, (n, a, b) in enumerate(((23, 0.4102, 0.6377), (9, 0.5210, 0.6899), (17, 0.5833, 0.7911)))
        ],
        prefill("0.4.6.post1", 78, 3, 1320, 0, 0.99, 377, 1426),
        [decode("0.4.6.post1", 80 + i, 380, 307000, 0.99, 1888.0, 1426) for i in range(3)],
        bench(ok=2000, dur=1104.9, ttft=301334.0, itl=190.2, conc="not set"),
    ),
)

case(
    "healthy_056_kv_pool_full_retract_storm",
    "0.5.6",
    "managers/scheduler.py:1926 (KV cache pool is full. Retract requests.)",
    "healthy",
    "'throughput collapses at high concurrency': the KV pool retracts again and again; pressure, not failure",
    join(
        boot("0.5.6", L8B, tokens=420000, avail=139.5),
        [
            f"{ts(70 + i, 'TP0')} KV cache pool is full. Retract requests. #retracted_reqs: {n}, #new_token_ratio: {0.3122 + 0.04 * i:.4f} -> {0.6 + 0.03 * i:.4f}"
            for i, n in enumerate((41, 12, 30, 7, 19, 25))
        ],
        [decode("0.5.6", 78 + i, 1024, 419800, 1.00, 5110.3, 2034) for i in range(3)],
        bench(ok=5000, dur=980.1, ttft=121400.7, itl=199.0, conc="1024"),
    ),
)

case(
    "healthy_056_long_prefill_ttft_token_usage_one",
    "0.5.6",
    "managers/scheduler_metrics_mixin.py:140 (Prefill batch,), :270 (Decode batch,)",
    "healthy",
    "'TTFT is 40 s': 32k-token prompts chunked at 8192 with token usage 1.00 and a queue of 300; slow, serving",
    join(
        boot("0.5.6", L70B, tp=4, weights=35.2, avail=139.4, tokens=900000),
        [prefill("0.5.6", 70 + i, 1, 8192, 0, 0.98 + 0.01 * (i % 3), 57, 301 - i) for i in range(8)],
        [decode("0.5.6", 80 + i, 58, 899000, 1.00, 402.1, 293) for i in range(2)],
        bench(ok=500, dur=2450.0, inp=16384000, outp=128000, ttft=40112.0, itl=88.3, conc="64"),
    ),
)

case(
    "healthy_052_dp_attention_batches",
    "0.5.2",
    "managers/scheduler_metrics_mixin.py:114/199; DP ranks' prefix [DPn TPn]",
    "healthy",
    "DP attention on DeepSeek-V3: unbalanced DP ranks (one idle, one at 0.9 usage) in a 'low throughput' thread",
    join(
        boot("0.5.2", DSV3, tp=8, mtype="DeepseekV3ForCausalLM", weights=83.1, avail=139.2, ranks=("DP0 TP0",)),
        [decode("0.5.2", 70 + i, 256, 590000, 0.90, 1401.2, 480, rank="DP0 TP0") for i in range(3)],
        [decode("0.5.2", 70 + i, 0, 0, 0.00, 0.00, 0, rank="DP7 TP7") for i in range(2)],
        prefill("0.5.2", 74, 2, 4096, 2048, 0.91, 254, 478, rank="DP3 TP3"),
        bench(conc="2048", ttft=22150.6, itl=105.4),
    ),
)

case(
    "healthy_052_eagle_low_accept_len",
    "0.5.2",
    "managers/scheduler_metrics_mixin.py:199-212 (accept len)",
    "healthy",
    "speculative decoding slower than without: accept len 1.3 in the decode lines, serving",
    join(
        boot(
            "0.5.2", L8B, extra=[f"{ts(1)} Overlap scheduler is disabled because of using eagle speculative decoding."]
        ),
        f"{ts(62, 'TP0')} Capture draft cuda graph begin. This can take up to several minutes. avail mem=10.21 GB",
        [decode("0.5.2", 70 + i, 32, 28000, 0.05, 901.6, 0, mid="accept len: 1.31, ") for i in range(4)],
        bench(conc="32", ttft=201.3, itl=31.9),
    ),
)

case(
    "healthy_056_gptoss_swa_usage",
    "0.5.6",
    "managers/scheduler_metrics_mixin.py:232-246 (#full token / swa token usage)",
    "healthy",
    "gpt-oss-120b hybrid SWA pool: swa token usage 0.99 and a long queue; SGLang keeps decoding",
    join(
        boot("0.5.6", "openai/gpt-oss-120b", tp=2, mtype="GptOssForCausalLM", weights=33.8, avail=139.1),
        [
            f"{ts(70 + i, 'TP0')} Decode batch, #running-req: 300, #full token: 288001, full token usage: 0.41, #swa token: 402100, swa token usage: 0.99, cuda graph: False, gen throughput (token/s): 3120.55, #queue-req: 811, "
            for i in range(4)
        ],
        bench(ok=3000, dur=1390.2, ttft=67100.0, itl=88.0, conc="1024"),
    ),
)

case(
    "healthy_056_qwen3_next_mamba_usage",
    "0.5.6",
    "managers/scheduler_metrics_mixin.py:252-262 (mamba num / mamba usage)",
    "healthy",
    "Qwen3-Next: mamba usage 1.00 caps running requests at 48 and the queue grows; pressure only",
    join(
        boot(
            "0.5.6", "Qwen/Qwen3-Next-80B-A3B-Instruct", tp=4, mtype="Qwen3NextForCausalLM", weights=38.2, avail=139.3
        ),
        moe_default("0.5.6", 69, "E=512,N=128,device_name=NVIDIA_H200.json"),
        [
            f"{ts(70 + i, 'TP0')} Decode batch, #running-req: 48, #full token: 61000, full token usage: 0.07, mamba num: 48, mamba usage: 1.00, cuda graph: True, gen throughput (token/s): 1302.77, #queue-req: {200 + 10 * i}, "
            for i in range(4)
        ],
    ),
)

case(
    "healthy_056_pd_prefill_slow_transfer",
    "0.5.6",
    "managers/scheduler_metrics_mixin.py:140-152 (#prealloc-req, #inflight-req, input throughput)",
    "healthy",
    "PD prefill server with requests piling in the inflight queue (slow KV transfer); nothing failed",
    join(
        boot("0.5.6", DSV3, tp=8, mtype="DeepseekV3ForCausalLM", weights=83.1, avail=139.2, graph=False),
        [
            f"{ts(70 + i, 'TP0')} Prefill batch, #new-seq: 4, #new-token: 16384, #cached-token: 0, token usage: 0.{30 + i}, #running-req: 0, #queue-req: {40 + i}, #prealloc-req: 12, #inflight-req: {90 + 5 * i}, input throughput (token/s): 9811.20, "
            for i in range(5)
        ],
    ),
)

case(
    "healthy_046_pd_prefill_transferring",
    "0.4.6.post1",
    "managers/scheduler.py:1001-1005 (#unbootstrapped-req, #transferring-req)",
    "healthy",
    "0.4.6's PD prefill line shape with a growing transferring queue in a TTFT thread",
    join(
        boot("0.4.6.post1", DSV3, tp=8, mtype="DeepseekV3ForCausalLM", weights=83.1, avail=139.2, graph=False),
        [
            f"{ts(70 + i, 'TP0')} Prefill batch. #new-seq: 2, #new-token: 8192, #cached-token: 0, token usage: 0.22, #running-req: 0, #unbootstrapped-req: 5, #queue-req: {60 - i}, #transferring-req: {33 + 4 * i} "
            for i in range(4)
        ],
    ),
)

case(
    "healthy_056_long_gc_warning",
    "0.5.6",
    "utils/common.py:3062 (LONG GARBAGE COLLECTION DETECTED)",
    "healthy",
    "'P99 ITL spikes': SGLang warns about a 1.8 s gen-2 GC pause; a latency jitter warning, serving goes on",
    join(
        boot("0.5.6", L8B, avail=139.5),
        [decode("0.5.6", 70 + i, 200, 120000, 0.14, 6011.0, 0) for i in range(2)],
        f"{ts(73, 'TP0')} LONG GARBAGE COLLECTION DETECTED | Generation 2 | Duration: 1.8123s | # Objects: gen0=118, gen1=3, gen2=9120331 | This may cause latency jitter. Consider calling the freeze_gc API after sending a few warmup requests.",
        decode("0.5.6", 75, 200, 121000, 0.14, 5120.4, 0),
        bench(ttft=310.2, itl=33.1),
    ),
)

case(
    "healthy_052_torch_native_no_cuda_graph",
    "0.5.2",
    "server_args.py:550 (Cuda graph is disabled because of using torch native attention backend)",
    "healthy",
    "every decode batch is cuda graph: False because the user picked the torch_native backend; slow, not broken",
    join(
        boot(
            "0.5.2",
            L8B,
            graph=False,
            extra=[f"{ts(1)} Cuda graph is disabled because of using torch native attention backend"],
        ),
        [decode("0.5.2", 70 + i, 64, 30000, 0.06, 402.3, 0, graph=False) for i in range(5)],
        bench(conc="64", ttft=880.1, itl=160.7),
    ),
)

case(
    "healthy_056_custom_allreduce_disabled_multinode",
    "0.5.6",
    "distributed/device_communicators/custom_all_reduce.py:96 (Custom allreduce is disabled because this process group spans across nodes.)",
    "healthy",
    "two-node TP16: custom all-reduce off across nodes, NCCL all-reduce is slower, the server serves",
    join(
        boot(
            "0.5.6",
            DSV3,
            tp=16,
            mtype="DeepseekV3ForCausalLM",
            weights=42.0,
            avail=79.1,
            extra=[
                f"{ts(5, f'TP{r}')} Custom allreduce is disabled because this process group spans across nodes."
                for r in (0, 8)
            ],
        ),
        [decode("0.5.6", 70 + i, 64, 80000, 0.21, 610.8, 12) for i in range(3)],
        bench(conc="64", ttft=3020.5, itl=96.6),
    ),
)

case(
    "healthy_046_client_timeouts_in_benchmark",
    "0.4.6.post1",
    "bench_serving.py result block (Successful requests below the number sent); scheduler.py:1045",
    "healthy",
    "the client gave up on 37 of 1000 requests (aiohttp timeout) while the server kept decoding at token usage 1.00",
    join(
        boot("0.4.6.post1", L70B, tp=4, weights=35.2, tokens=250000),
        [decode("0.4.6.post1", 70 + i, 500, 249900, 1.00, 1630.2, 511) for i in range(3)],
        "Initial test run completed. Starting main benchmark run...",
        "100%|██████████| 1000/1000 [21:12<00:00,  1.27s/it]",
        bench(ok=963, dur=1272.1, ttft=190220.0, itl=402.9, conc="not set"),
    ),
)

case(
    "healthy_056_nvidia_smi_low_util",
    "0.5.6",
    "managers/scheduler_metrics_mixin.py:270; the reporter's nvidia-smi beside it",
    "healthy",
    "'GPU util 30%': a client-bound run (8 concurrent), queue 0, token usage 0.01; nothing wrong in the server",
    join(
        boot("0.5.6", L8B, avail=79.1),
        [decode("0.5.6", 70 + i, 8, 9000, 0.01, 690.0, 0) for i in range(4)],
        "+-----------------------------------------------------------------------------------------+",
        "| NVIDIA-SMI 570.133.20             Driver Version: 570.133.20     CUDA Version: 12.8     |",
        "|   0  NVIDIA H100 80GB HBM3          On  |   00000000:18:00.0 Off |                    0 |",
        "| N/A   41C    P0            221W /  700W |   71234MiB /  81559MiB |     31%      Default |",
        bench(ok=200, dur=201.0, conc="8", ttft=41.2, itl=11.3),
    ),
)

case(
    "healthy_052_prefix_cache_hits_low",
    "0.5.2",
    "managers/scheduler_metrics_mixin.py:114 (#cached-token)",
    "healthy",
    "a multi-turn benchmark with #cached-token 0 (radix cache disabled by the user) and high TTFT; serving",
    join(
        boot("0.5.2", L8B, extra=[f"{ts(1)} server_args: disable_radix_cache=True"]),
        [prefill("0.5.2", 70 + i, 6, 7900, 0, 0.33, 120, 40 - i) for i in range(5)],
        [decode("0.5.2", 76 + i, 126, 150000, 0.35, 3890.0, 35) for i in range(2)],
        bench(ttft=3450.0, itl=38.0),
    ),
)

case(
    "healthy_056_watchdog_timeout_raised_long_prefill",
    "0.5.6",
    "managers/scheduler_metrics_mixin.py:140; server_args.py:2460 (--watchdog-timeout help)",
    "healthy",
    "a user raised --watchdog-timeout for 128k prompts; the args line names the watchdog, the server serves",
    join(
        boot(
            "0.5.6",
            L70B,
            tp=8,
            weights=17.6,
            avail=139.4,
            extra=[f"{ts(0)} server_args: watchdog_timeout=3600, chunked_prefill_size=16384"],
        ),
        [prefill("0.5.6", 70 + i, 1, 16384, 0, 0.10 + 0.02 * i, 0, 3) for i in range(8)],
        decode("0.5.6", 79, 1, 131000, 0.26, 38.1, 3),
    ),
)

case(
    "healthy_052_max_running_requests_cap",
    "0.5.2",
    "managers/scheduler.py:412 (max_total_num_tokens=... max_running_requests=); scheduler_metrics_mixin.py:199",
    "healthy",
    "max_running_requests=48 caps the batch and the queue holds 900; the cause of the slowness, not a failure",
    join(
        boot("0.5.2", L8B).copy(),
        [decode("0.5.2", 70 + i, 48, 40000, 0.08, 2101.0, 900 - 3 * i) for i in range(5)],
        bench(ok=1000, dur=903.4, ttft=410332.0, itl=22.8, conc="not set"),
    ),
)


# ------------------------------------------------------------------------------------------------------ failures
def died(v: str, s: int, stack: tuple, error: str, rank: str = "TP0", site: str = PY312) -> list[str]:
    """scheduler.py's `Scheduler hit an exception:` then the launcher's sigquit line (0.5.6 scheduler.py:2697)."""
    return [f"{ts(s, rank)} Scheduler hit an exception: {TB}\n{tb(site, *stack)}\n{error}", sigquit(s + 1)]


case(
    "oom_runtime_056_activation_oom_under_benchmark",
    "0.5.6",
    "managers/scheduler.py:2697 (Scheduler hit an exception); torch OutOfMemoryError text",
    "oom_runtime",
    "the 16k-input sweep point: a CUDA OOM in the extend forward after hours of serving",
    join(
        boot("0.5.6", L70B, tp=4, weights=35.2, avail=79.1, mem=0.92),
        [prefill("0.5.6", 70 + i, 2, 16384, 0, 0.71, 120, 88) for i in range(3)],
        died(
            "0.5.6",
            75,
            LOOP056
            + (
                ("model_executor/model_runner.py", 2734, "_forward_raw", "ret = self.forward_extend("),
                ("model_executor/model_runner.py", 2610, "forward_extend", "return self.model.forward("),
                ("models/llama.py", 470, "forward", "hidden_states = self.model("),
                (
                    "layers/activation.py",
                    72,
                    "forward_cuda",
                    "out = torch.empty(output_shape, dtype=x.dtype, device=x.device)",
                ),
            ),
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.00 GiB. GPU 0 has a total capacity of 79.19 GiB of which 4.31 GiB is free. "
            "Process 90211 has 74.86 GiB memory in use. Of the allocated memory 71.02 GiB is allocated by PyTorch, and 1.92 GiB is reserved by PyTorch but not allocated. "
            + OOM_TAIL,
        ),
    ),
)

case(
    "oom_runtime_052_decode_out_of_memory_raise",
    "0.5.2",
    "managers/schedule_batch.py:1054 (Decode out of memory. Try to lower your batch size.), :1827",
    "oom_runtime",
    "after the retractions the decode allocator finds no slot and raises: the serving process dies of KV exhaustion",
    join(
        boot("0.5.2", L8B, tokens=120000),
        [
            f"{ts(70 + i, 'TP0')} KV cache pool is full. Retract requests. #retracted_reqs: 1, #new_token_ratio: 0.7100 -> 1.0000"
            for i in range(2)
        ],
        decode("0.5.2", 72, 3, 119990, 1.00, 61.2, 870),
        f"{ts(73, 'TP0')} Decode out of memory. Try to lower your batch size.\nTry to allocate 3 tokens.\nAvailable tokens: 0 (available_size=0 + evictable_size=0)\n",
        died(
            "0.5.2",
            73,
            LOOP052[:3]
            + (
                (
                    "managers/scheduler.py",
                    1560,
                    "get_next_batch_to_run",
                    "self.running_batch = self.update_running_batch(self.running_batch)",
                ),
                ("managers/scheduler.py", 1790, "update_running_batch", "batch.prepare_for_decode()"),
                (
                    "managers/schedule_batch.py",
                    1620,
                    "prepare_for_decode",
                    "self.out_cache_loc = self.alloc_paged_token_slots_decode(",
                ),
                ("managers/schedule_batch.py", 1054, "alloc_paged_token_slots_decode", "raise RuntimeError(error_msg)"),
            ),
            "RuntimeError: Decode out of memory. Try to lower your batch size.\nTry to allocate 3 tokens.\nAvailable tokens: 0 (available_size=0 + evictable_size=0)\n",
        ),
    ),
)

case(
    "cuda_error_056_illegal_memory_access_high_concurrency",
    "0.5.6",
    "managers/scheduler.py:2697; torch's CUDA error text",
    "cuda_error_other",
    "at concurrency 1024 the decode forward hits an illegal memory access (a kernel bug), not memory pressure",
    join(
        boot("0.5.6", Q30, tp=2, mtype="Qwen3MoeForCausalLM", weights=28.6, avail=139.1, ranks=("TP0", "TP1")),
        moe_default("0.5.6", 69, "E=128,N=384,device_name=NVIDIA_H200.json"),
        [decode("0.5.6", 70 + i, 1024, 520000, 0.66, 9012.4, 300, graph=False) for i in range(3)],
        died(
            "0.5.6",
            74,
            LOOP056
            + (
                ("model_executor/model_runner.py", 2722, "_forward_raw", "ret = self.forward_decode("),
                ("model_executor/model_runner.py", 2565, "forward_decode", "return self.model.forward("),
                ("layers/moe/fused_moe_triton/fused_moe.py", 370, "fused_experts_impl", "invoke_fused_moe_kernel("),
            ),
            "RuntimeError: CUDA error: an illegal memory access was encountered\n" + CUDA_TAIL,
            rank="TP1",
        ),
    ),
)

case(
    "nccl_046_torch_watchdog_then_sglang_watchdog",
    "0.4.6.post1",
    "managers/scheduler.py:1594 (Watchdog timeout); torch ProcessGroupNCCL watchdog text",
    "nccl_or_distributed",
    "mid-sweep a TP8 all-reduce hangs: torch's NCCL watchdog fires, then SGLang's own watchdog kills the server",
    join(
        boot("0.4.6.post1", DSV3, tp=8, mtype="DeepseekV3ForCausalLM", weights=83.1, avail=139.2, graph=True),
        [decode("0.4.6.post1", 70 + i, 256, 400000, 0.61, 2211.3, 140) for i in range(3)],
        "[rank5]:[E302 10:11:14.512845148 ProcessGroupNCCL.cpp:629] [Rank 5] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=88211, OpType=ALLREDUCE, NumelIn=1835008, NumelOut=1835008, Timeout(ms)=600000) ran for 600047 milliseconds before timing out.",
        "[rank5]:[E302 10:11:14.513001291 ProcessGroupNCCL.cpp:2168] [PG ID 2 PG GUID 3 Rank 5]  failure detected by watchdog at work sequence id: 88211 PG status: last enqueued work: 88211, last completed work: 88210",
        f"{ts(380, 'TP0')} Watchdog timeout (self.watchdog_timeout=300)",
        sigquit(385),
    ),
)

case(
    "nccl_056_nccl_error_during_sweep",
    "0.5.6",
    "managers/scheduler.py:2697; torch's NCCL error text (ProcessGroupNCCL.cpp)",
    "nccl_or_distributed",
    "two-node TP16 under the benchmark: an all-reduce fails with ncclRemoteError (the peer node's NIC), rank dies",
    join(
        boot("0.5.6", DSV3, tp=16, mtype="DeepseekV3ForCausalLM", weights=42.0, avail=79.1),
        [decode("0.5.6", 70 + i, 128, 170000, 0.44, 910.4, 64) for i in range(2)],
        died(
            "0.5.6",
            80,
            LOOP056
            + (
                ("model_executor/model_runner.py", 2722, "_forward_raw", "ret = self.forward_decode("),
                ("distributed/parallel_state.py", 560, "all_reduce", "torch.ops.sglang.inplace_all_reduce("),
                ("distributed/parallel_state.py", 620, "_all_reduce_in_place", "pynccl_comm.all_reduce(input_)"),
            ),
            "torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:3356, remote process exited or there was a network error, NCCL version 2.27.3\n"
            "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\n"
            "Last error:\nNET/IB : Got completion from peer 10.0.3.12<33541> with status=IBV_WC_RETRY_EXC_ERR(12) opcode=RDMA_WRITE(0) len=0 vendor_err=129 (Send Queue Error)",
            rank="TP9",
        ),
    ),
)

case(
    "oom_cuda_graph_052_restart_with_larger_max_bs",
    "0.5.2",
    "model_executor/cuda_graph_runner.py:392 (Capture cuda graph failed), :485 (Capturing batches)",
    "oom_cuda_graph",
    "the thread's advice (--cuda-graph-max-bs 512 to avoid cuda graph: False) restarted the server and capture ran out",
    join(
        boot("0.5.2", L8B, bs=160)[:8],
        [decode("0.5.2", 20 + i, 512, 210000, 0.44, 3380.2, 0, graph=False) for i in range(2)],
        f"{ts(30)} [restart with --cuda-graph-max-bs 512 --mem-fraction-static 0.9]",
        f"{ts(31)} server_args=ServerArgs(model_path='{L8B}', mem_fraction_static=0.9, cuda_graph_max_bs=512, ...)",
        f"{ts(36, 'TP0')} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=63.30 GB, mem usage=15.30 GB.",
        f"{ts(37, 'TP0')} KV Cache is allocated. #tokens: 421000, K size: 25.70 GB, V size: 25.70 GB",
        f"{ts(37, 'TP0')} Memory pool end. avail mem=7.11 GB",
        f"{ts(38, 'TP0')} Capture cuda graph begin. This can take up to several minutes. avail mem=7.11 GB",
        "Capturing batches (bs=512 avail_mem=7.09 GB):   0%|          | 0/52 [00:00<?, ?it/s]",
        died(
            "0.5.2",
            40,
            (
                ("managers/scheduler.py", 2597, "run_scheduler_process", "scheduler = Scheduler("),
                (
                    "model_executor/model_runner.py",
                    1735,
                    "init_cuda_graphs",
                    "self.cuda_graph_runner = CudaGraphRunner(self)",
                ),
                ("model_executor/cuda_graph_runner.py", 390, "__init__", "raise Exception("),
            ),
            "Exception: Capture cuda graph failed: CUDA out of memory. Tried to allocate 1.50 GiB. GPU 0 has a total capacity of 79.19 GiB of which 1.02 GiB is free. "
            "Including non-PyTorch memory, this process has 78.16 GiB memory in use.\n"
            "Possible solutions:\n1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)\n2. set --cuda-graph-max-bs to a smaller value (e.g., 16)\n"
            "3. disable torch compile by not using --enable-torch-compile\n4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)\n"
            "Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose ",
        ),
    ),
)

case(
    "oom_kv_056_restart_with_low_mem_fraction",
    "0.5.6",
    "model_executor/model_runner.py:1750 (Not enough memory. Please try to increase --mem-fraction-static.)",
    "oom_kv_cache",
    "a perf thread suggested --mem-fraction-static 0.45 to leave activation room; on restart no KV pool fits",
    join(
        f"{ts(0)} server_args=ServerArgs(model_path='{L70B}', tp_size=2, mem_fraction_static=0.45, ...)",
        f"{ts(4, 'TP0')} Init torch distributed begin.",
        f"{ts(6, 'TP0')} Load weight begin. avail mem=78.52 GB",
        f"{ts(50, 'TP0')} Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=12.10 GB, mem usage=66.42 GB.",
        died(
            "0.5.6",
            51,
            (
                ("managers/scheduler.py", 2640, "run_scheduler_process", "scheduler = Scheduler("),
                ("model_executor/model_runner.py", 420, "initialize", "self.init_memory_pool("),
                ("model_executor/model_runner.py", 1750, "init_memory_pool", "raise RuntimeError("),
            ),
            "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: self.server_args.mem_fraction_static=0.45",
        ),
    ),
)

# The classifier's misses at first sight (strict: a fix must remove the entry), with the label it gave.
XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight(CASES, XFAIL))
def test_a_perf_template_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


# Healthy templates that fire a failure event on the way (what a live supervisor acts on), with the event's label.
EVENT_XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("name", first_sight([n for n, t in CASES.items() if t.label == "healthy"], EVENT_XFAIL))
def test_a_healthy_perf_template_emits_no_failure_event(name: str) -> None:
    clf = LogClassifier()
    events = [
        (ev.label, ev.text) for line in CASES[name].log.split("\n") for ev in clf.feed(line) if ev.kind == "failure"
    ]
    assert events == []


def test_there_are_healthy_contrasts() -> None:
    assert sum(t.label == "healthy" for t in CASES.values()) >= 15


def test_the_count_is_in_the_brief() -> None:
    assert 25 <= len(CASES) <= 35
