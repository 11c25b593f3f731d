"""Realistic SGLang logs built from SGLang's message templates (reference/sglang.md §1) and real PyTorch OOM
texts (fixtures/torch-oom.json): every label, every SGLang version's wording, the wrappers deployments add,
and the traps where the first matching word is the wrong answer.

Each case: (name, expected label, log text, expected numbers subset).
"""

# ruff: noqa: E501, W291  (log lines are data: SGLang's own lengths and trailing spaces)

from __future__ import annotations

import json
from pathlib import Path

_TORCH = json.loads((Path(__file__).parent / "fixtures" / "torch-oom.json").read_text())
OOM_CAPTURE = _TORCH["oom_during_cuda_graph_capture"]["text"]  # 256 MiB tried, 217.12 MiB free, GPU 0
OOM_PLAIN = _TORCH["oom_plain_allocation"]["text"]  # 200 GiB tried, 139.29 GiB free
MIB = 1 << 20
GIB = 1 << 30

SERVER_ARGS = (
    "[2026-01-05 10:00:01] server_args=ServerArgs(model_path='deepseek-ai/DeepSeek-V3', tokenizer_path="
    "'deepseek-ai/DeepSeek-V3', trust_remote_code=True, dtype='auto', kv_cache_dtype='auto', "
    "mem_fraction_static=0.88, max_running_requests=None, chunked_prefill_size=8192, tp_size=8, "
    "enable_nccl_nvls=False, disable_cuda_graph=False, cuda_graph_max_bs=512, port=30000, nccl_port=None, "
    "watchdog_timeout=300, dist_timeout=None, enable_p2p_check=False, log_level='info')"
)

STARTUP_0510 = "\n".join(
    [
        SERVER_ARGS,
        "[2026-01-05 10:00:09 TP0] Init torch distributed begin.",
        "[2026-01-05 10:00:12 TP0] Init torch distributed ends. elapsed=2.91 s, mem usage=0.71 GB",
        "[2026-01-05 10:00:13 TP0] Load weight begin. avail mem=138.42 GB",
        "[2026-01-05 10:00:13 TP1] Load weight begin. avail mem=138.42 GB",
        "Loading safetensors checkpoint shards:   0% Completed | 0/163 [00:00<?, ?it/s]\r"
        "Loading safetensors checkpoint shards:  50% Completed | 82/163 [00:40<00:40,  2.01it/s]\r"
        "Loading safetensors checkpoint shards: 100% Completed | 163/163 [01:21<00:00,  2.01it/s]",
        "[2026-01-05 10:01:35 TP0] Load weight end. elapsed=82.10 s, type=DeepseekV3ForCausalLM, quant=fp8, "
        "avail mem=53.10 GB, mem usage=85.32 GB.",
        "[2026-01-05 10:01:36 TP0] KV Cache is allocated. dtype: torch.bfloat16, #tokens: 1106304, KV size: 37.52 GB",
        "[2026-01-05 10:01:36 TP0] Memory pool end. avail mem=14.95 GB",
        "[2026-01-05 10:01:37 TP0] Capture cuda graph begin. This can take up to several minutes. avail mem=14.82 GB",
        "[2026-01-05 10:01:37 TP0] Capture cuda graph bs [1, 2, 4, 8, 16, 24, 32, 40, 48, 56, 64, 128, 256, 512]",
    ]
)

CAPTURE_BARS = (
    "Capturing batches (bs=512 avail_mem=14.80 GB):   0%|          | 0/14 [00:00<?, ?it/s]\r"
    "Capturing batches (bs=256 avail_mem=9.31 GB):   7%|▋         | 1/14 [00:02<00:30,  2.31s/it]\r"
    "Capturing batches (bs=128 avail_mem=2.05 GB):  14%|█▍        | 2/14 [00:04<00:26,  2.20s/it]"
)

CAPTURE_OOM_TRACEBACK = f"""[2026-01-05 10:01:44 TP3] Scheduler hit an exception: Traceback (most recent call last):
  File "/sgl-workspace/sglang/python/sglang/srt/model_executor/cuda_graph_runner.py", line 652, in __init__
    self.capture()
  File "/sgl-workspace/sglang/python/sglang/srt/model_executor/cuda_graph_runner.py", line 790, in capture
    ) = self.capture_one_batch_size(bs, forward, stream_idx)
  File "/sgl-workspace/sglang/python/sglang/srt/model_executor/cuda_graph_runner.py", line 951, in capture_one_batch_size
    run_once()
  File "/sgl-workspace/sglang/python/sglang/srt/layers/moe/fused_moe_triton/fused_moe.py", line 410, in fused_experts_impl
    intermediate_cache1 = torch.empty(
torch.OutOfMemoryError: {OOM_CAPTURE}

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "/sgl-workspace/sglang/python/sglang/srt/managers/scheduler.py", line 3615, in run_scheduler_process
    scheduler = Scheduler(
  File "/sgl-workspace/sglang/python/sglang/srt/model_executor/model_runner.py", line 2430, in init_device_graphs
    self.graph_runner = graph_runners[self.device](self)
  File "/sgl-workspace/sglang/python/sglang/srt/model_executor/cuda_graph_runner.py", line 655, in __init__
    raise Exception(
Exception: Capture cuda graph failed: {OOM_CAPTURE}
Possible solutions:
1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)
2. set --cuda-graph-max-bs to a smaller value (e.g., 16)
3. disable torch compile by not using --enable-torch-compile
4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)
Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose 

[2026-01-05 10:01:45] Received sigquit from a child process. It usually means the child failed."""

CAPTURE_NUMBERS = {
    "tried_bytes": 256 * MIB,
    "free_bytes": round(217.12 * MIB),
    "total_bytes": round(139.80 * GIB),
    "in_use_bytes": round(139.58 * GIB),
    "gpu": 0,
    "batch_size": 128,
    "mem_fraction": 0.88,
}

READY_TAIL = """[2026-01-05 10:02:30 TP0] max_total_num_tokens=1106304, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=163840, available_gpu_mem=6.12 GB
[2026-01-05 10:02:31] INFO:     Started server process [4242]
[2026-01-05 10:02:31] INFO:     Waiting for application startup.
[2026-01-05 10:02:31] INFO:     Application startup complete.
[2026-01-05 10:02:31] INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)
[2026-01-05 10:02:32] INFO:     127.0.0.1:40312 - "GET /model_info HTTP/1.1" 200 OK
[2026-01-05 10:02:32 TP0] Prefill batch, #new-seq: 1, #new-token: 7, #cached-token: 0, token usage: 0.00, #running-req: 0, #queue-req: 0
[2026-01-05 10:02:34] INFO:     127.0.0.1:40318 - "POST /generate HTTP/1.1" 200 OK
[2026-01-05 10:02:34] The server is fired up and ready to roll!"""

CAPTURED = (
    """[2026-01-05 10:02:29 TP0] Capture cuda graph end. Time elapsed: 51.02 s. mem usage=8.71 GB. avail mem=6.11 GB."""
)

SERVING = "\n".join(
    f"[2026-01-05 10:03:{i % 60:02d} TP0] Decode batch, #running-req: 64, #token: 52310, token usage: 0.05, "
    f"cuda graph: True, gen throughput (token/s): 3104.22, #queue-req: 0"
    for i in range(20)
)

CASES: list[tuple[str, str, str, dict]] = []


def case(name: str, label: str, text: str, numbers: dict | None = None) -> None:
    CASES.append((name, label, text, numbers or {}))


# --------------------------------------------------------------------------- oom_cuda_graph

case(
    "capture-oom-0.5.10",
    "oom_cuda_graph",
    "\n".join([STARTUP_0510, CAPTURE_BARS, CAPTURE_OOM_TRACEBACK]),
    CAPTURE_NUMBERS,
)

case(
    "capture-oom-docker-compose-ansi",
    "oom_cuda_graph",
    "\n".join(
        "sglang-1  | \x1b[32m" + line + "\x1b[0m" if i % 2 else "sglang-1  | " + line
        for i, line in enumerate("\n".join([STARTUP_0510, CAPTURE_BARS, CAPTURE_OOM_TRACEBACK]).split("\n"))
    ),
    CAPTURE_NUMBERS,
)

case(
    "capture-oom-0.5.23-prefill-breakable",
    "oom_cuda_graph",
    f"""[2026-06-01 08:00:10 TP0] Load weight begin. avail mem=139.10 GB
[2026-06-01 08:00:40 TP0] Load weight end. elapsed=30.02 s, type=Qwen3MoeForCausalLM, avail mem=78.20 GB, mem usage=60.90 GB.
[2026-06-01 08:00:41 TP0] KV Cache is allocated. dtype: torch.bfloat16, #tokens: 2795207, K size: 30.10 GB, V size: 30.10 GB
[2026-06-01 08:00:41 TP0] Memory pool end. avail mem=17.85 GB
[2026-06-01 08:00:42 TP0] Capture target prefill CUDA graph begin. backend=breakable, num_tokens=[8192, 4096, 2048], avail mem=17.80 GB
[2026-06-01 08:00:49 TP0] OutOfMemoryError: {OOM_CAPTURE}
1. disable the prefill CUDA graph by --cuda-graph-backend-prefill=disabled
2. if it is an OOM problem, set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7) or set --cuda-graph-max-bs-prefill to a smaller value (e.g., 2048)
[2026-06-01 08:00:49 TP0] Scheduler hit an exception: Traceback (most recent call last):
  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 3620, in run_scheduler_process
    scheduler = Scheduler(
torch.OutOfMemoryError: {OOM_CAPTURE}
[2026-06-01 08:00:50] Received sigquit from a child process. It usually means the child failed.""",
    {"tried_bytes": 256 * MIB, "gpu": 0},
)

case(
    "capture-oom-inner-frames-only-truncated",
    "oom_cuda_graph",
    """Traceback (most recent call last):
  File "/opt/conda/lib/python3.10/site-packages/sglang/srt/model_executor/model_runner.py", line 934, in init_cuda_graphs
    self.cuda_graph_runner = CudaGraphRunner(self)
  File "/opt/conda/lib/python3.10/site-packages/sglang/srt/model_executor/cuda_graph_runner.py", line 336, in __init__
    self.capture()
  File "/opt/conda/lib/python3.10/site-packages/sglang/srt/model_executor/cuda_graph_runner.py", line 436, in capture
    ) = self.capture_one_batch_size(bs, forward)
  File "/opt/conda/lib/python3.10/site-packages/torch/cuda/graphs.py", line 186, in __exit__
    self.cuda_graph.capture_end()
RuntimeError: CUDA error: out of memory""",
)

# --------------------------------------------------------------------------- traps around capture

case(
    "capture-wraps-gloo-connection-closed",
    "nccl_or_distributed",
    "\n".join(
        [
            STARTUP_0510,
            "Capturing batches (bs=512 avail_mem=14.80 GB):   0%|          | 0/14 [00:00<?, ?it/s]",
            """[2026-01-05 10:01:40 TP5] Scheduler hit an exception: Traceback (most recent call last):
  File "/sgl-workspace/sglang/python/sglang/srt/model_executor/cuda_graph_runner.py", line 655, in __init__
    raise Exception(
Exception: Capture cuda graph failed: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [10.0.0.12]:62148
Possible solutions:
1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)
2. set --cuda-graph-max-bs to a smaller value (e.g., 16)
Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose 
[2026-01-05 10:01:41] Received sigquit from a child process. It usually means the child failed.""",
        ]
    ),
)

case(
    "capture-wraps-illegal-memory-access",
    "cuda_error_other",
    "\n".join(
        [
            STARTUP_0510,
            "[2026-01-05 10:01:40 TP0] Scheduler hit an exception: Traceback (most recent call last):",
            '  File "/sgl-workspace/sglang/python/sglang/srt/model_executor/cuda_graph_runner.py", line 655, in __init__',
            "Exception: Capture cuda graph failed: CUDA error: an illegal memory access was encountered",
            "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
            "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
            "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
        ]
    ),
)

case(
    "capture-wraps-deepep-dispatch-assertion",
    "oom_moe_workspace",
    "\n".join(
        [
            STARTUP_0510,
            "[2026-01-05 10:01:40 TP2] Scheduler hit an exception: Traceback (most recent call last):",
            '  File "/sgl-workspace/sglang/python/sglang/srt/model_executor/cuda_graph_runner.py", line 655, in __init__',
            "Exception: Capture cuda graph failed: Failed: Assertion error /sgl-workspace/DeepEP/csrc/deep_ep.cpp:1105 "
            "'x.size(0) == topk_idx.size(0) and x.size(0) <= num_max_dispatch_tokens_per_rank'",
        ]
    ),
)

# --------------------------------------------------------------------------- oom_moe_workspace

case(
    "flashinfer-autotune-memoryerror",
    "oom_moe_workspace",
    """[2026-06-01 08:00:41 TP0] Memory pool end. avail mem=9.85 GB
[2026-06-01 08:00:41 TP0] Running FlashInfer autotune with cache: /root/.cache/flashinfer/autotune.json
[2026-06-01 08:00:44 TP0] [Autotuner]: OOM detected, falling back to default tactic
[2026-06-01 08:00:45 TP0] Scheduler hit an exception: Traceback (most recent call last):
  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/model_executor/runner/flashinfer_autotune.py", line 88, in run_flashinfer_autotune
    self.model_runner.forward(batch)
  File "/usr/local/lib/python3.12/dist-packages/flashinfer/fused_moe/core.py", line 1201, in trtllm_fp4_block_scale_moe_op
    moe_op.trtllm_fp4_block_scale_moe(
MemoryError
[2026-06-01 08:00:46] Received sigquit from a child process. It usually means the child failed.""",
)

case(
    "deepgemm-masked-workspace",
    "oom_moe_workspace",
    f"""[2026-06-01 08:00:41 TP4] Memory pool end. avail mem=11.02 GB
[2026-06-01 08:00:42 TP4] Capture cuda graph begin. This can take up to several minutes. avail mem=10.98 GB
[2026-06-01 08:00:47 TP4] Masked grouped-GEMM workspace allocation failed (num_groups=32 m=4096 n=7168). If this happens under saturated dp-attention prefill, try SGLANG_OPT_DG_MASKED_M_CAP=1.
[2026-06-01 08:00:47 TP4] Scheduler hit an exception: Traceback (most recent call last):
  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/layers/moe/moe_runner/deep_gemm.py", line 301, in _alloc_masked_workspace
    out = torch.empty((num_groups, m, n), device=device, dtype=dtype)
torch.OutOfMemoryError: {OOM_CAPTURE}""",
    {"tried_bytes": 256 * MIB},
)

case(
    "deepep-buffer-oom-ray",
    "oom_moe_workspace",
    "\n".join(
        "(SGLangEngine pid=952, ip=10.0.0.3) " + line
        for line in [
            "[2026-02-11 03:14:07 DP0 TP0 EP0] Load weight begin. avail mem=78.12 GB",
            "[2026-02-11 03:14:52 DP0 TP0 EP0] Load weight end. type=DeepseekV3ForCausalLM, dtype=torch.bfloat16, avail mem=21.40 GB, mem usage=56.72 GB.",
            "[2026-02-11 03:14:53 DP0 TP0 EP0] Scheduler hit an exception: Traceback (most recent call last):",
            '  File "/sgl-workspace/sglang/python/sglang/srt/layers/moe/token_dispatcher/deepep.py", line 236, in get_deepep_buffer',
            "    cls._buffer = Buffer(",
            '  File "/usr/local/lib/python3.12/dist-packages/deep_ep/buffer.py", line 132, in __init__',
            "    self.runtime.sync(device_ids, ipc_handles, root_unique_id)",
            "RuntimeError: Failed: CUDA error /sgl-workspace/DeepEP/csrc/deep_ep.cpp:95 'out of memory'",
        ]
    ),
)

# --------------------------------------------------------------------------- oom_kv_cache

case(
    "kv-weights-leave-no-room-0.5.23",
    "oom_kv_cache",
    """[2026-06-01 08:00:10 TP0] Load weight begin. avail mem=139.10 GB
[2026-06-01 08:01:40 TP0] Load weight end. elapsed=90.00 s, type=DeepseekV4ForCausalLM, quant=fp8, avail mem=12.25 GB, mem usage=125.65 GB.
[2026-06-01 08:01:41 TP0] Scheduler hit an exception: Traceback (most recent call last):
  File "/sgl-workspace/sglang/python/sglang/srt/mem_cache/kv_cache_configurator.py", line 212, in configure
    raise ValueError(
ValueError: Loaded weights leave no GPU memory for the KV cache under --mem-fraction-static=0.88. Raise --mem-fraction-static above 0.912 (minimum viable = 1 - available/pre = 0.9113). If using speculative decoding, draft weights are now counted.
[2026-06-01 08:01:42] Received sigquit from a child process. It usually means the child failed.""",
    {"suggested_mem_fraction": 0.912, "mem_fraction": 0.88},
)

case(
    "kv-not-enough-memory-cri",
    "oom_kv_cache",
    "\n".join(
        f"2025-07-25T07:53:{i:02d}.21748708+08:00 stderr F {line}"
        for i, line in enumerate(
            [
                "[2025-07-25 07:53:01 TP0] Load weight begin. avail mem=22.10 GB",
                "[2025-07-25 07:53:20 TP0] Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=6.90 GB, mem usage=15.20 GB.",
                "[2025-07-25 07:53:21 TP0] Scheduler hit an exception: Traceback (most recent call last):",
                '  File "/sgl-workspace/sglang/python/sglang/srt/model_executor/model_runner.py", line 1801, in init_memory_pool',
                "    raise RuntimeError(",
                "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: mem_fraction_static=0.6",
                "[2025-07-25 07:53:21] Received sigquit from a child process. It usually means the child failed.",
            ]
        )
    ),
    {"mem_fraction": 0.6},
)

case(
    "kv-pool-allocation-torch-oom",
    "oom_kv_cache",
    f"""[2025-07-25 07:53:01 TP0] Load weight begin. avail mem=139.10 GB
[2025-07-25 07:53:20 TP0] Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=123.40 GB, mem usage=15.70 GB.
[2025-07-25 07:53:21 TP0] Scheduler hit an exception: Traceback (most recent call last):
  File "/sgl-workspace/sglang/python/sglang/srt/model_executor/model_runner.py", line 1801, in init_memory_pool
    self.token_to_kv_pool = MHATokenToKVPool(
  File "/sgl-workspace/sglang/python/sglang/srt/mem_cache/memory_pool.py", line 540, in __init__
    self._create_buffers()
  File "/sgl-workspace/sglang/python/sglang/srt/mem_cache/memory_pool.py", line 571, in _create_buffers
    torch.zeros(
torch.OutOfMemoryError: {OOM_PLAIN}""",
    {"tried_bytes": 200 * GIB},
)

# --------------------------------------------------------------------------- oom_weights

case(
    "weights-oom-weight-loader",
    "oom_weights",
    f"""[2025-03-29 18:18:30 TP2] Load weight begin. avail mem=78.50 GB
Loading safetensors checkpoint shards:  45% Completed | 74/163 [01:02<01:15,  1.18it/s]
[2025-03-29 18:18:34 TP2] Scheduler hit an exception: Traceback (most recent call last):
  File "/sgl-workspace/sglang/python/sglang/srt/model_executor/model_runner.py", line 560, in load_model
    self.model = get_model(
  File "/sgl-workspace/sglang/python/sglang/srt/model_loader/loader.py", line 381, in load_model
    self.load_weights_and_postprocess(
  File "/sgl-workspace/sglang/python/sglang/srt/layers/moe/fused_moe_triton/layer.py", line 512, in weight_loader
    self._load_w13(
  File "/sgl-workspace/sglang/python/sglang/srt/layers/moe/fused_moe_triton/layer.py", line 402, in _load_w13
    expert_data.copy_(loaded_weight)
torch.OutOfMemoryError: {OOM_PLAIN}
[2025-03-29 18:18:35] Received sigquit from a child process. It usually means the child failed.""",
    {"weights_pct": 45.0, "tried_bytes": 200 * GIB, "free_bytes": round(139.29 * GIB), "gpu": 0},
)

case(
    "weights-oom-phase-only-time-prefix",
    "oom_weights",
    """[18:18:30 TP7] Load weight begin. avail mem=78.50 GB
[18:18:41 TP7] Scheduler hit an exception: Traceback (most recent call last):
torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.75 GiB. GPU 7 has a total capacity of 79.15 GiB of which 1.02 GiB is free.""",
    {"tried_bytes": round(1.75 * GIB), "gpu": 7},
)

# --------------------------------------------------------------------------- oom_runtime

case(
    "runtime-oom-after-ready",
    "oom_runtime",
    "\n".join(
        [
            STARTUP_0510,
            CAPTURED,
            READY_TAIL,
            SERVING,
            f"""[2026-01-05 10:09:12 TP0] Scheduler hit an exception: Traceback (most recent call last):
  File "/sgl-workspace/sglang/python/sglang/srt/managers/scheduler.py", line 1021, in event_loop_overlap
    batch_result = self.run_batch(batch)
  File "/sgl-workspace/sglang/python/sglang/srt/layers/moe/fused_moe_triton/fused_moe.py", line 410, in fused_experts_impl
    intermediate_cache1 = torch.empty(
torch.OutOfMemoryError: {OOM_CAPTURE}
[2026-01-05 10:09:13] SIGQUIT received. signum=None, frame=None. It usually means one child failed.""",
        ]
    ),
    {"tried_bytes": 256 * MIB, "max_total_num_tokens": 1106304},
)

case(
    "runtime-prefill-out-of-memory",
    "oom_runtime",
    "\n".join(
        [
            READY_TAIL,
            SERVING,
            "[2026-01-05 10:09:12 TP0] Prefill out of memory. Try to lower your batch size.",
            "Try to allocate 8192 tokens.",
            "Available tokens: 2048",
        ]
    ),
)

# --------------------------------------------------------------------------- nccl_or_distributed

case(
    "nccl-watchdog-timeout-while-serving",
    "nccl_or_distributed",
    "\n".join(
        [
            READY_TAIL,
            SERVING,
            "[rank3]:[E1105 10:21:33.123456789 ProcessGroupNCCL.cpp:632] [Rank 3] Watchdog caught collective operation "
            "timeout: WorkNCCL(SeqNum=88231, OpType=ALLREDUCE, NumelIn=14680064, NumelOut=14680064, Timeout(ms)=600000) "
            "ran for 600047 milliseconds before timing out.",
            "[2026-01-05 10:21:34] SIGQUIT received. signum=None, frame=None. It usually means one child failed.",
        ]
    ),
)

case(
    "dist-store-timeout-sigquit-first",
    "nccl_or_distributed",
    """[2025-05-02 11:00:01] Received sigquit from a child process. It usually means the child failed.
[2025-05-02 11:00:01 TP1] Scheduler hit an exception: Traceback (most recent call last):
  File "/sgl-workspace/sglang/python/sglang/srt/model_executor/model_runner.py", line 620, in init_torch_distributed
    init_distributed_environment(
  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", line 1520, in init_process_group
    store, rank, world_size = next(rendezvous_iterator)
torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 1/2 clients joined.""",
)

case(  # SIGKILL while the weights load: the host's OOM killer (8 blind helpers' label; was nccl_or_distributed here)
    "rank-killed-during-init",
    "oom_weights",
    """[2026-06-01 08:00:10 TP0] Load weight begin. avail mem=139.10 GB
[2026-06-01 08:00:55] Rank 3 scheduler died during initialization (exit code: -9). If exit code is -9 (SIGKILL), a common cause is the OS OOM killer. Run `dmesg -T | grep -i oom` to check.""",
)

# --------------------------------------------------------------------------- port_in_use

case(
    "uvicorn-bind-after-load",
    "port_in_use",
    "\n".join(
        [
            CAPTURED,
            """[2026-01-05 10:02:30 TP0] max_total_num_tokens=1106304, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=163840, available_gpu_mem=6.12 GB
[2026-01-05 10:02:31] INFO:     Started server process [4242]
[2026-01-05 10:02:31] INFO:     Waiting for application startup.
[2026-01-05 10:02:31] INFO:     Application startup complete.
[2026-01-05 10:02:31] ERROR:    [Errno 98] error while attempting to bind on address ('0.0.0.0', 30000): address already in use
[2026-01-05 10:02:31] INFO:     Waiting for application shutdown.
[2026-01-05 10:02:31] INFO:     Application shutdown complete.""",
        ]
    ),
)

case(
    "internal-port-server-args",
    "port_in_use",
    """[2025-08-11 17:16:01] Traceback (most recent call last):
  File "/sgl-workspace/sglang/python/sglang/launch_server.py", line 14, in <module>
    server_args = prepare_server_args(sys.argv[1:])
ValueError: Port is already in use. dist_init_port=30005 port_base=30001 detokenizer_port=30002 nccl_port=30004 scheduler_input_port=30003""",
)

# --------------------------------------------------------------------------- config_error

case(
    "ambiguous-option-0.5.23",
    "config_error",
    """usage: sglang serve [-h] --model-path MODEL_PATH [--tokenizer-path TOKENIZER_PATH]
                    [--cuda-graph-max-bs-decode CUDA_GRAPH_MAX_BS_DECODE]
                    [--cuda-graph-max-bs-prefill CUDA_GRAPH_MAX_BS_PREFILL]
sglang serve: error: ambiguous option: --cuda-graph-max-bs could match --cuda-graph-max-bs-decode, --cuda-graph-max-bs-prefill""",
)

case(
    "trust-remote-code",
    "config_error",
    """[2025-08-11 17:16:01] server_args=ServerArgs(model_path='moonshotai/Kimi-K2', trust_remote_code=False, mem_fraction_static=0.85)
Traceback (most recent call last):
  File "/usr/local/lib/python3.10/dist-packages/transformers/dynamic_module_utils.py", line 680, in resolve_trust_remote_code
    raise ValueError(
ValueError: The repository moonshotai/Kimi-K2 contains custom code which must be executed to correctly load the model. You can inspect the repository content at https://hf.co/moonshotai/Kimi-K2 .
Please pass the argument `trust_remote_code=True` to allow custom code to be run.""",
)

case(
    "fp8-on-old-gpu",
    "config_error",
    """[2025-08-11 17:16:09 TP0] Load weight begin. avail mem=78.50 GB
[2025-08-11 17:16:09 TP0] Scheduler hit an exception: Traceback (most recent call last):
  File "/sgl-workspace/sglang/python/sglang/srt/model_loader/loader.py", line 160, in _get_quantization_config
    raise ValueError(
ValueError: The quantization method fp8 is not supported for the current GPU. Minimum capability: 89. Current capability: 80.
[2025-08-11 17:16:10] Received sigquit from a child process. It usually means the child failed.""",
)

case(
    "tp-not-divisible-journald",
    "config_error",
    "\n".join(
        "Mar 06 06:15:02 gpu-host-7 python3[1234]: " + line
        for line in [
            "[2025-03-06 06:15:02 TP0] Scheduler hit an exception: Traceback (most recent call last):",
            '  File "/sgl-workspace/sglang/python/sglang/srt/layers/linear.py", line 1159, in __init__',
            "    self.quant_method.create_weights(",
            "AssertionError: 14336 is not divisible by 3",
            "[2025-03-06 06:15:03] Received sigquit from a child process. It usually means the child failed.",
        ]
    ),
)

# --------------------------------------------------------------------------- cuda_error_other

case(
    "illegal-memory-access-while-serving",
    "cuda_error_other",
    "\n".join(
        [
            READY_TAIL,
            SERVING,
            """[2026-01-05 10:09:12 TP0] Scheduler hit an exception: Traceback (most recent call last):
  File "/sgl-workspace/sglang/python/sglang/srt/managers/scheduler.py", line 1021, in event_loop_overlap
    batch_result = self.run_batch(batch)
torch.AcceleratorError: CUDA error: an illegal memory access was encountered
CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.
For debugging consider passing CUDA_LAUNCH_BLOCKING=1
Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.
[rank0]:[E105 10:09:12.882 ProcessGroupNCCL.cpp:1896] [PG ID 2 PG GUID 3 Rank 0] Process group watchdog thread terminated with exception: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details)""",
        ]
    ),
)

case(  # the build has no binary for this GPU: the GPU and the build do not fit (config.no_kernel_variant)
    "no-kernel-image",
    "config_error",
    """[2025-08-11 17:16:30 TP0] Capture cuda graph begin. This can take up to several minutes. avail mem=20.10 GB
[2025-08-11 17:16:31 TP0] Scheduler hit an exception: Traceback (most recent call last):
RuntimeError: CUDA error: no kernel image is available for execution on the device""",
)

# --------------------------------------------------------------------------- healthy

case(
    "healthy-0.5.10-full",
    "healthy",
    "\n".join([STARTUP_0510, CAPTURE_BARS, CAPTURED, READY_TAIL, SERVING]),
    {"max_total_num_tokens": 1106304, "kv_tokens": 1106304},
)

case(
    "healthy-with-warnings-and-retractions",
    "healthy",
    "\n".join(
        [
            "[2026-01-05 10:00:05] Port 30001 is already in use, trying port 30002",
            "gpu-host:4242:4300 [0] NCCL INFO NET/IB : No device found.",
            "[2026-01-05 10:01:36 TP0] Using default MoE kernel config. Performance might be sub-optimal! Config file not found at /sgl/configs/E=256,N=256,device_name=NVIDIA_H200.json",
            "[2026-01-05 10:01:40 TP0] [Autotuner]: OOM detected, falling back to default tactic",
            "[2026-01-05 10:01:41 TP0] The memory capacity is unbalanced. Some GPUs may be occupied by other processes.",
            READY_TAIL,
            SERVING,
            "[2026-01-05 10:05:00 TP0] KV cache pool is full. Retract requests. #retracted_reqs: 3, #new_tokens_gained: 4096, #new_token_ratio: 0.4100 -> 0.5300",
            "[2026-01-05 10:05:01 TP0] Decode out of memory happened. #retracted_reqs: 1, #new_token_ratio: 0.1474 -> 0.1845",
            SERVING,
            "[2026-01-05 10:05:30] ERROR:    Exception in ASGI application",
            "Traceback (most recent call last):",
            '  File "/usr/local/lib/python3.10/dist-packages/sglang/srt/managers/tokenizer_manager.py", line 611, in _validate_one_request',
            "ValueError: The input (163900 tokens) is longer than the model's context length (163840 tokens).",
            SERVING,
        ]
    ),
)

case(
    "healthy-uvicorn-only-kubectl-prefix",
    "healthy",
    "\n".join(
        "[pod/sglang-0/sglang] " + line
        for line in [
            "[2026-01-20 10:50:10] INFO:     Started server process [4096937]",
            "[2026-01-20 10:50:10] INFO:     Waiting for application startup.",
            "[2026-01-20 10:50:10] INFO:     Application startup complete.",
            "[2026-01-20 10:50:10] INFO:     Uvicorn running on http://127.0.0.1:30000 (Press CTRL+C to quit)",
        ]
    ),
)

# --------------------------------------------------------------------------- unknown

case(
    "unknown-still-loading",
    "unknown",
    """[2026-01-05 10:00:13 TP0] Load weight begin. avail mem=138.42 GB
Loading safetensors checkpoint shards:  12% Completed | 20/163 [00:10<01:10,  2.01it/s]""",
)

case(
    "unknown-segfault-no-cause",
    "unknown",
    """[2026-01-05 10:01:37 TP0] Capture cuda graph begin. This can take up to several minutes. avail mem=14.82 GB
Fatal Python error: Segmentation fault
[2026-01-05 10:01:38] Received sigquit from a child process. It usually means the child failed.""",
)
