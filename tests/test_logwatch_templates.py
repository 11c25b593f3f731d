"""SGLang's own failure templates, family by family, each rendered inside SGLang's own wrapper: the scheduler's
`Scheduler hit an exception:` traceback ending with the raise (through the call path that raises it), then the
launcher's lines; or the launcher's own traceback for checks it runs itself. Every case names the SGLang version and
the source file:line of its template (under sglang/srt/ of that release), and its label by SGLang's semantics (the
ten labels of /work/shared/corpus/README.md). These are synthetic renderings, not corpus logs: a real log of the
same template, from any release that prints it, must be judged the same way.
"""

# ruff: noqa: E501, RUF005  (log lines are data; call paths are built by extending a shared prefix)

from __future__ import annotations

from typing import NamedTuple

import pytest

from safelaunch.core.logwatch import FAILURE_LABELS, classify_text

from .logwatch_templates import (
    ARGS,
    BUILD_MODEL,
    DIED,
    DIST_INIT,
    GRAPHS,
    INIT,
    LAUNCH,
    LOAD,
    LOOP,
    LOOP_ALLOC,
    MODEL_PARALLEL,
    MOONCAKE_INIT,
    PD_DECODE_LOOP,
    PD_PREFILL,
    PKG,
    POOL,
    RUNPY,
    SCHED,
    SIGQUIT,
    TB,
    TORCH_PG,
    WEIGHTS,
    WORKER_TAIL,
    frames,
    launcher_dies,
    scheduler_dies,
    startup,
    ts,
)


class Template(NamedTuple):
    version: str
    source: str  # file:line under sglang/srt/ (or the library that raises) of that release
    label: str
    log: str


CASES: dict[str, Template] = {}


def case(name: str, version: str, source: str, label: str, log: str) -> None:
    assert name not in CASES
    CASES[name] = Template(version, source, label, log)


# ----------------------------------------------------------------------------------------------- memory: the KV pool
case(
    "kv-not-enough-memory-0.5.10",
    "0.5.10.post1",
    "model_executor/model_runner_kv_cache_mixin.py:57",
    "oom_kv_cache",
    scheduler_dies(
        "kv_cache",
        POOL + (("model_executor/model_runner_kv_cache_mixin.py", 60, "__post_init__", "raise RuntimeError(msg)"),),
        "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: mem_fraction_static=0.88",
    ),
)
case(
    "kv-not-enough-memory-0.4.10",
    "0.4.10",
    "model_executor/model_runner.py:1150",
    "oom_kv_cache",
    scheduler_dies("kv_cache", POOL, "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static."),
)
case(
    "kv-not-enough-memory-0.5.5-self",
    "0.5.5",
    "model_executor/model_runner.py:1626",
    "oom_kv_cache",
    scheduler_dies(
        "kv_cache",
        POOL,
        "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: self.server_args.mem_fraction_static=0.7",
        launcher="died",
    ),
)
case(
    "kv-weights-leave-no-memory-0.5.23",
    "0.5.23",
    "mem_cache/kv_cache_configurator.py:3051",
    "oom_kv_cache",
    scheduler_dies(
        "kv_cache",
        POOL,
        "ValueError: Loaded weights leave no GPU memory for the KV cache under --mem-fraction-static=0.85. Raise --mem-fraction-static above 0.912 (minimum viable = 1 - available/pre = 0.8870). If using speculative decoding, draft weights are now counted.",
    ),
)
case(
    "kv-swa-cap-leaves-no-room-0.5.23",
    "0.5.23",
    "model_executor/pool_configurator.py:1025",
    "oom_kv_cache",
    scheduler_dies(
        "kv_cache",
        POOL,
        "RuntimeError: SWA pool cap (65536 tokens, 3.10 GiB) leaves no room for the full KV pool within the available 2.95 GiB. Reduce --max-running-requests, lower SGLANG_SWA_EVICTION_INTERVAL, or increase --mem-fraction-static.",
    ),
)
case(
    "kv-mamba-state-too-small-0.5.23",
    "0.5.23",
    "mem_cache/kv_cache_configurator.py:3152",
    "oom_kv_cache",
    scheduler_dies(
        "kv_cache",
        POOL,
        "RuntimeError: Hybrid (mamba/linear-attention) state cache is too small to serve any requests. max_mamba_cache_size=0, mamba_ratio=2, resulting max_num_reqs=0. Try: (1) reduce --max-running-requests, (2) increase --mem-fraction-static, or (3) use GPUs with more memory.",
    ),
)
case(
    "kv-mamba-not-enough-gpu-memory-0.5.23",
    "0.5.23",
    "mem_cache/kv_cache_configurator.py:3393",
    "oom_kv_cache",
    scheduler_dies(
        "kv_cache",
        POOL,
        "RuntimeError: Not enough GPU memory for hybrid (mamba/linear-attention) state cache. Computed max_mamba_cache_size=-12 (total_rest_memory=-0.41 GB, mamba_cache_per_req=35.02 MB). Try: (1) reduce --max-running-requests, (2) increase --mem-fraction-static, (3) reduce --speculative-num-draft-tokens, or (4) use GPUs with more memory.",
    ),
)
case(
    "kv-unified-pool-cannot-fit-one-request-0.5.23",
    "0.5.23",
    "mem_cache/unified_memory_pool.py:1563",
    "oom_kv_cache",
    scheduler_dies(
        "kv_cache",
        POOL,
        "RuntimeError: [unified-memory-pool] MHATokenToKVPool: byte budget 1073741824 cannot fit ONE worst-case request (bs=1 floor 2147483648 = kv=2147483648). A pool this size retract-livelocks at runtime. Raise --mem-fraction-static, lower the model context length, or reduce reserved memory.",
    ),
)
case(
    "kv-memory-pool-too-small-0.5.10",
    "0.5.10.post1",
    "managers/tp_worker.py:306",
    "oom_kv_cache",
    scheduler_dies("cuda_graph", WORKER_TAIL, "AssertionError: Memory pool size is too small"),
)
case(
    "kv-memory-pool-too-small-0.4.10",
    "0.4.10",
    "managers/tp_worker.py:146",
    "oom_kv_cache",
    scheduler_dies("warmup", WORKER_TAIL, "AssertionError: Memory pool size is too small"),
)
case(
    "kv-profiled-negative-then-not-enough-0.5.5",
    "0.5.5",
    "model_executor/model_runner.py:1599",
    "oom_kv_cache",
    scheduler_dies(
        "kv_cache",
        POOL,
        "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: self.server_args.mem_fraction_static=0.5",
    ).replace(
        "Scheduler hit",
        "max_total_tokens=200000 is larger than the profiled value -4821. Use the profiled value instead.\n[2026-03-02 10:01:30 TP0] Scheduler hit",
    ),
)
case(  # host RAM, not the GPU's pool: SGLang asks for a smaller hierarchical cache, the KV family's remedy is the
    # opposite (a higher fraction grows a pool sized by --hicache-ratio); the same launch fails the same way
    "config-hicache-host-pool-0.5.10",
    "0.5.10.post1",
    "mem_cache/memory_pool_host.py:195",
    "config_error",
    scheduler_dies(
        "cuda_graph",
        SCHED
        + (
            ("managers/scheduler.py", 700, "init_cache_with_memory_pool", "self.tree_cache = HiRadixCache("),
            ("mem_cache/hiradix_cache.py", 90, "__init__", "self.token_to_kv_pool_host = MHATokenToKVPoolHost("),
            ("mem_cache/memory_pool_host.py", 195, "__init__", "raise ValueError("),
        ),
        "ValueError: Not enough host memory available. Requesting 412.32 GB but only have 180.11 GB free. Please reduce the size of the hierarchical cache.",
    ),
)

# ------------------------------------------------------------------------------------ memory: graphs, MoE, weights
TORCH_OOM = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.50 GiB. GPU 0 has a total capacity of 79.19 GiB of which 312.00 MiB is free. Including non-PyTorch memory, this process has 78.87 GiB memory in use. Of the allocated memory 76.10 GiB is allocated by PyTorch, and 1.20 GiB is reserved by PyTorch but unallocated."
CAPTURE_TAIL = """Possible solutions:
1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)
2. set --cuda-graph-max-bs to a smaller value (e.g., 16)
3. disable torch compile by not using --enable-torch-compile
4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)
Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose """
case(
    "graph-capture-failed-oom-0.5.10",
    "0.5.10.post1",
    "model_executor/cuda_graph_runner.py:656",
    "oom_cuda_graph",
    scheduler_dies(
        "cuda_graph",
        GRAPHS + (("model_executor/cuda_graph_runner.py", 655, "__init__", "raise Exception("),),
        f"Exception: Capture cuda graph failed: {TORCH_OOM.split(': ', 1)[1]}\n{CAPTURE_TAIL}",
    ),
)
case(
    "graph-capture-failed-oom-0.4.10",
    "0.4.10",
    "model_executor/cuda_graph_runner.py:363",
    "oom_cuda_graph",
    scheduler_dies(
        "cuda_graph",
        GRAPHS + (("model_executor/cuda_graph_runner.py", 362, "__init__", "raise Exception("),),
        f"Exception: Capture cuda graph failed: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of 23.64 GiB of which 11.06 MiB is free.\n{CAPTURE_TAIL}",
    ),
)
case(
    "graph-bare-oom-in-capture-frames-0.5.5",
    "0.5.5",
    "model_executor/cuda_graph_runner.py (capture_one_batch_size)",
    "oom_cuda_graph",
    scheduler_dies(
        "cuda_graph",
        GRAPHS
        + (
            ("model_executor/cuda_graph_runner.py", 520, "__init__", "self.capture()"),
            ("model_executor/cuda_graph_runner.py", 700, "capture", ") = self.capture_one_batch_size(bs, forward)"),
            ("model_executor/cuda_graph_runner.py", 850, "capture_one_batch_size", "run_once()"),
        ),
        TORCH_OOM,
    ),
)
case(
    "graph-capture-failed-non-oom-cuda-0.5.10",
    "0.5.10.post1",
    "model_executor/cuda_graph_runner.py:656",
    "cuda_error_other",
    scheduler_dies(
        "cuda_graph",
        GRAPHS + (("model_executor/cuda_graph_runner.py", 655, "__init__", "raise Exception("),),
        f"Exception: Capture cuda graph failed: CUDA error: operation not permitted when stream is capturing\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n{CAPTURE_TAIL}",
    ),
)
case(
    "moe-deepep-buffer-oom-0.5.10",
    "0.5.10.post1",
    "layers/moe/token_dispatcher/deepep.py (DeepEPBuffer.get_deepep_buffer)",
    "oom_moe_workspace",
    scheduler_dies(
        "cuda_graph",
        GRAPHS
        + (
            ("model_executor/cuda_graph_runner.py", 520, "__init__", "self.capture()"),
            ("layers/moe/token_dispatcher/deepep.py", 150, "get_deepep_buffer", "cls._buffer = Buffer("),
            (f"{PKG}/deep_ep/buffer.py", 102, "__init__", "self.runtime.sync(device_ids, ipc_handles, root_unique_id)"),
        ),
        "RuntimeError: CUDA error: out of memory",
    ),
)
case(
    "weights-oom-0.5.10",
    "0.5.10.post1",
    "model_loader/loader.py (load_weights_and_postprocess)",
    "oom_weights",
    scheduler_dies(
        "loading_weights",
        WEIGHTS + (("models/qwen3.py", 480, "load_weights", "weight_loader(param, loaded_weight)"),),
        TORCH_OOM,
    ),
)
case(
    "weights-oom-building-model-0.5.10",
    "0.5.10.post1",
    "model_loader/loader.py:262 (_initialize_model)",
    "oom_weights",
    scheduler_dies(
        "loading_weights", BUILD_MODEL + (("layers/linear.py", 300, "__init__", "torch.empty("),), TORCH_OOM
    ),
)
case(
    "runtime-decode-oom-0.5.10",
    "0.5.10.post1",
    "mem_cache/common.py:411",
    "oom_runtime",
    scheduler_dies(
        "serving",
        LOOP_ALLOC + (("mem_cache/common.py", 415, "alloc_for_decode", "raise RuntimeError(error_msg)"),),
        "RuntimeError: Decode out of memory. Try to lower your batch size.\nTry to allocate 64 tokens.\nAvaillable tokens: 0, evictable tokens: 0",
    ),
)
case(
    "runtime-req-slots-0.5.10",
    "0.5.10.post1",
    "mem_cache/common.py:320",
    "oom_runtime",
    scheduler_dies(
        "serving",
        LOOP_ALLOC + (("mem_cache/common.py", 319, "alloc_req_slots", "raise RuntimeError("),),
        "RuntimeError: alloc_req_slots runs out of memory. Please set a smaller number for `--max-running-requests`. req_to_token_pool.available_size()=0, num_reqs=4, ",
    ),
)
case(
    "runtime-mamba-slots-0.5.10",
    "0.5.10.post1",
    "mem_cache/memory_pool.py:545",
    "oom_runtime",
    scheduler_dies(
        "serving",
        LOOP_ALLOC
        + (
            ("mem_cache/common.py", 470, "alloc_for_extend", "req_pool_indices = alloc_req_slots("),
            ("mem_cache/common.py", 312, "alloc_req_slots", "req_pool_indices = req_to_token_pool.alloc(reqs)"),
            ("mem_cache/memory_pool.py", 544, "alloc", "assert ("),
        ),
        "AssertionError: Not enough space for mamba cache, try to increase --mamba-full-memory-ratio or --max-mamba-cache-size. mid=None, self.mamba_pool.size=256, self.mamba_pool.available_size()=0, len(reqs)=3",
    ),
)
case(
    "runtime-torch-oom-in-forward-0.5.10",
    "0.5.10.post1",
    "model_executor/model_runner.py (forward)",
    "oom_runtime",
    scheduler_dies(
        "serving", LOOP + (("models/qwen3.py", 300, "forward", "hidden_states = self.mlp(hidden_states)"),), TORCH_OOM
    ),
)
case(
    "runtime-overlap-thread-oom-0.4.10",
    "0.4.10",
    "managers/tp_worker_overlap_thread.py:144",
    "oom_runtime",
    scheduler_dies("serving", SCHED, "").split("[2026-03-02 10:01:30 TP0] Scheduler hit")[0]
    + "[2026-03-02 10:01:30 TP0] TpModelWorkerClient hit an exception: Traceback (most recent call last):\n"
    + f'  File "{PKG}/sglang/srt/managers/tp_worker_overlap_thread.py", line 141, in forward_thread_func\n    self.forward_thread_func_()\n'
    + f'  File "{PKG}/sglang/srt/managers/tp_worker_overlap_thread.py", line 176, in forward_thread_func_\n    logits_output, next_token_ids, can_run_cuda_graph = self.worker.forward_batch_generation(\n'
    + TORCH_OOM
    + "\n[2026-03-02 10:01:39] Received sigquit from a child process. It usually means the child failed.",
)


# ------------------------------------------------------------------------------------------------------ distributed
case(
    "dist-store-clients-joined-0.5.10",
    "0.5.10.post1",
    "distributed/parallel_state.py:1609 (torch c10d)",
    "nccl_or_distributed",
    scheduler_dies(
        "launching",
        DIST_INIT
        + TORCH_PG
        + ((f"{PKG}/torch/distributed/rendezvous.py", 250, "_tcp_rendezvous_handler", "store = _create_c10d_store("),),
        "torch.distributed.DistStoreError: Timed out after 601 seconds waiting for clients. 1/2 clients joined.",
    ),
)
case(
    "dist-client-socket-timeout-multinode-0.5.10",
    "0.5.10.post1",
    "distributed/parallel_state.py:1609 (torch c10d)",
    "nccl_or_distributed",
    scheduler_dies(
        "launching",
        DIST_INIT + TORCH_PG,
        "torch.distributed.DistNetworkError: The client socket has timed out after 600000ms while trying to connect to (10.0.0.1, 20000).",
        launcher="died",
    ),
)
case(
    "dist-pynccl-error-0.5.10",
    "0.5.10.post1",
    "distributed/device_communicators/pynccl_wrapper.py:376",
    "nccl_or_distributed",
    scheduler_dies(
        "launching",
        MODEL_PARALLEL
        + (
            ("distributed/parallel_state.py", 1800, "initialize_model_parallel", "_TP = init_model_parallel_group("),
            (
                "distributed/device_communicators/pynccl.py",
                120,
                "__init__",
                "self.comm: ncclComm_t = self.nccl.ncclCommInitRank(",
            ),
            (
                "distributed/device_communicators/pynccl_wrapper.py",
                376,
                "NCCL_CHECK",
                'raise RuntimeError(f"NCCL error: {error_str}")',
            ),
        ),
        "RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)",
    ),
)
case(
    "dist-custom-allreduce-p2p-test-0.5.10",
    "0.5.10.post1",
    "distributed/device_communicators/custom_all_reduce_utils.py:300",
    "nccl_or_distributed",
    scheduler_dies(
        "launching",
        MODEL_PARALLEL
        + (
            (
                "distributed/device_communicators/custom_all_reduce.py",
                120,
                "__init__",
                "if not _can_p2p(rank, world_size):",
            ),
            (
                "distributed/device_communicators/custom_all_reduce_utils.py",
                300,
                "gpu_p2p_access_check",
                "raise RuntimeError(",
            ),
        ),
        'RuntimeError: Error happened when batch testing peer-to-peer access from [0, 1, 2, 3] to [0, 1, 2, 3]:\nTraceback (most recent call last):\n  File "<string>", line 1, in <module>\nRuntimeError: CUDA error: peer mapping resources exhausted',
    ),
)
case(
    "dist-cudart-peer-access-0.5.10",
    "0.5.10.post1",
    "distributed/device_communicators/cuda_wrapper.py:140",
    "nccl_or_distributed",
    scheduler_dies(
        "launching",
        MODEL_PARALLEL
        + (
            (
                "distributed/device_communicators/custom_all_reduce.py",
                160,
                "__init__",
                "handles, offsets = self._get_ipc_meta(self.meta)",
            ),
            (
                "distributed/device_communicators/cuda_wrapper.py",
                140,
                "CUDART_CHECK",
                'raise RuntimeError(f"CUDART error: {error_str}")',
            ),
        ),
        "RuntimeError: CUDART error: peer access is not supported between these two devices",
    ),
)
case(
    "dist-gloo-closed-by-peer-serving-0.5.5",
    "0.5.5",
    "distributed/parallel_state.py (broadcast_pyobj over gloo)",
    "nccl_or_distributed",
    scheduler_dies(
        "serving",
        SCHED
        + (
            ("managers/scheduler.py", 3596, "run_scheduler_process", "scheduler.run_event_loop()"),
            ("managers/scheduler.py", 1000, "event_loop_overlap", "recv_reqs = self.recv_requests()"),
            ("managers/scheduler.py", 1100, "recv_requests", "recv_reqs = broadcast_pyobj("),
            ("utils/common.py", 1200, "broadcast_pyobj", "dist.broadcast(tensor_size, src=src, group=dist_group)"),
            (f"{PKG}/torch/distributed/distributed_c10d.py", 2730, "broadcast", "work.wait()"),
        ),
        "RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [10.0.0.2]:27745",
    ),
)
case(
    "dist-watchdog-collective-timeout-serving",
    "0.5.10.post1",
    "torch ProcessGroupNCCL watchdog (while serving)",
    "nccl_or_distributed",
    startup("serving")
    + "\n[rank1]:[E302 10:05:01.123456 ProcessGroupNCCL.cpp:616] [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=41234, OpType=ALLREDUCE, NumelIn=1048576, NumelOut=1048576, Timeout(ms)=600000) ran for 600012 milliseconds before timing out.\n[rank1]:[E302 10:05:01.130000 ProcessGroupNCCL.cpp:1785] [PG ID 2 PG GUID 3 Rank 1] Exception (either an error or timeout) detected by watchdog at work: 41234, last enqueued NCCL work: 41234, last completed NCCL work: 41233.\nterminate called after throwing an instance of 'c10::DistBackendError'\n"
    + "[2026-03-02 10:05:02] Received sigquit from a child process. It usually means the child failed.",
)
case(
    "pd-mooncake-engine-init-0.5.10",
    "0.5.10.post1",
    "distributed/device_communicators/mooncake_transfer_engine.py:200",
    "nccl_or_distributed",
    scheduler_dies(
        "cuda_graph",
        MOONCAKE_INIT,
        "RuntimeError: Mooncake Transfer Engine initialization failed.",
    ),
)
case(
    "pd-nixl-registration-0.5.10",
    "0.5.10.post1",
    "disaggregation/nixl/conn.py:299",
    "nccl_or_distributed",
    scheduler_dies(
        "cuda_graph",
        SCHED
        + (
            ("managers/scheduler.py", 430, "__init__", "self.init_disaggregation()"),
            ("disaggregation/nixl/conn.py", 180, "__init__", "self.register_buffer_to_engine()"),
            (
                "disaggregation/nixl/conn.py",
                299,
                "register_buffer_to_engine",
                'raise Exception("NIXL memory registration failed for kv tensors")',
            ),
        ),
        "Exception: NIXL memory registration failed for kv tensors",
    ),
)
case(
    "pd-staging-rdma-transfer-serving-0.5.10",
    "0.5.10.post1",
    "disaggregation/mooncake/conn.py:562",
    "nccl_or_distributed",
    scheduler_dies(
        "serving",
        SCHED
        + (
            ("managers/scheduler.py", 3596, "run_scheduler_process", "scheduler.run_event_loop()"),
            (
                "managers/scheduler.py",
                1400,
                "event_loop_normal_disagg_prefill",
                "self.process_disagg_prefill_inflight_queue()",
            ),
            ("disaggregation/mooncake/conn.py", 562, "_send_kvcache_staged", "raise RuntimeError("),
        ),
        "RuntimeError: [Staging] Bulk RDMA transfer failed with ret=-1. src_ptr=0x7f00aa000000, dst_ptr=0x7f10bb000000, size=4194304. The decode staging buffer may not be properly registered.",
    ),
)
case(
    "pd-page-size-mismatch-0.5.10",
    "0.5.10.post1",
    "disaggregation/common/conn.py:228",
    "config_error",
    scheduler_dies(
        "serving",
        PD_DECODE_LOOP + (("disaggregation/common/conn.py", 228, "_validate_prefill_info", "raise RuntimeError("),),
        "RuntimeError: Page size mismatch: prefill server has page_size=64, but decode server has page_size=1. Both servers must use the same --page-size value.",
    ),
)

# ------------------------------------------------------------------------------------------------------ port in use
case(
    "port-uvicorn-errno-98",
    "0.5.10.post1",
    "entrypoints/http_server.py (uvicorn.run)",
    "port_in_use",
    startup("warmup").rsplit("\n", 2)[0]
    + "\n[2026-03-02 10:01:12] ERROR:    [Errno 98] error while attempting to bind on address ('0.0.0.0', 30000): address already in use\n[2026-03-02 10:01:12] INFO:     Waiting for application shutdown.",
)
case(
    "port-not-available-in-seconds-0.5.10",
    "0.5.10.post1",
    "utils/network.py:75",
    "port_in_use",
    launcher_dies(
        LAUNCH[:-1]
        + (
            (
                "entrypoints/engine.py",
                700,
                "_launch_subprocesses",
                'wait_port_available(server_args.port, "http_port")',
            ),
            ("utils/network.py", 75, "wait_port_available", "raise ValueError("),
        ),
        "ValueError: http_port at 30000 is not available in 30 seconds. The port 30000 is in use, but we could not find the process that uses it.",
    ),
)
case(
    "port-could-not-bind-0.5.10",
    "0.5.10.post1",
    "utils/network.py:150",
    "port_in_use",
    launcher_dies(
        LAUNCH[:-1]
        + (
            ("entrypoints/engine.py", 650, "_launch_subprocesses", "sock = bind_port(port)"),
            (
                "utils/network.py",
                150,
                "bind_port",
                'raise OSError(f"Could not bind port {port} on any configured address family")',
            ),
        ),
        "OSError: Could not bind port 30000 on any configured address family",
    ),
)
case(
    "port-bootstrap-in-use-0.5.10",
    "0.5.10.post1",
    "entrypoints/engine.py:658",
    "port_in_use",
    launcher_dies(
        LAUNCH[:-1] + (("entrypoints/engine.py", 658, "_launch_subprocesses", "raise RuntimeError("),),
        "RuntimeError: engine_info_bootstrap_port 6789 is already in use. When running multiple instances on the same node, each instance must use a different --engine-info-bootstrap-port.",
    ),
)
case(
    "port-zmq-in-use-0.5.5",
    "0.5.5",
    "utils/common.py (get_zmq_socket)",
    "port_in_use",
    scheduler_dies(
        "args",
        SCHED
        + (
            ("managers/scheduler.py", 300, "__init__", "self.recv_from_tokenizer = get_zmq_socket("),
            ("utils/common.py", 1700, "get_zmq_socket", "socket.bind(endpoint)"),
            (f"{PKG}/zmq/sugar/socket.py", 311, "bind", "super().bind(addr)"),
            ("_zmq.py", 917, "zmq.backend.cython._zmq.Socket.bind", ""),
        ),
        "zmq.error.ZMQError: Address already in use (addr='tcp://127.0.0.1:5757')",
    ),
)
case(
    "port-nccl-store-eaddrinuse-0.5.10",
    "0.5.10.post1",
    "distributed/parallel_state.py:1609 (torch c10d)",
    "port_in_use",
    scheduler_dies(
        "launching",
        DIST_INIT + TORCH_PG,
        "torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. port: 20000, useIpv6: 0, code: -98, name: EADDRINUSE, message: address already in use",
    ),
)

# ------------------------------------------------------------------------------------------------ configuration
POST_INIT = (("server_args.py", 720, "__post_init__", "self.check_server_args()"),)
MODEL_CONFIG = SCHED + (
    ("managers/scheduler.py", 330, "__init__", "self.init_model_config()"),
    ("managers/scheduler.py", 520, "init_model_config", "self.model_config = ModelConfig.from_server_args("),
    ("configs/model_config.py", 300, "from_server_args", "return ModelConfig("),
)
PKG_CHECK = LAUNCH[:-1] + (
    ("entrypoints/engine.py", 560, "_launch_subprocesses", "_set_envs_and_config(server_args)"),
    ("entrypoints/engine.py", 1128, "_set_envs_and_config", "assert_pkg_version("),
    ("utils/common.py", 1009, "assert_pkg_version", "raise Exception("),
)
case(
    "args-tp-divisible-by-nodes-0.5.10",
    "0.5.10.post1",
    "server_args.py:6065",
    "config_error",
    launcher_dies(
        ARGS[:-1] + POST_INIT + (("server_args.py", 6065, "check_server_args", "assert ("),),
        "AssertionError: tp_size must be divisible by number of nodes",
    ),
)
case(
    "args-bare-assert-dp-attention-0.5.10",
    "0.5.10.post1",
    "server_args.py:2640",
    "config_error",
    launcher_dies(
        ARGS[:-1]
        + (
            ("server_args.py", 700, "__post_init__", "self._handle_data_parallelism()"),
            ("server_args.py", 2640, "_handle_data_parallelism", "assert self.tp_size % self.dp_size == 0"),
        ),
        "AssertionError",
    ),
)
case(
    "args-range-0.5.10",
    "0.5.10.post1",
    "server_args.py:3419",
    "config_error",
    launcher_dies(
        ARGS[:-1]
        + POST_INIT
        + (
            (
                "server_args.py",
                3419,
                "check_server_args",
                'raise ValueError("--swa-full-tokens-ratio should be in range (0, 1.0].")',
            ),
        ),
        "ValueError: --swa-full-tokens-ratio should be in range (0, 1.0].",
    ),
)
case(
    "args-backend-needs-blackwell-0.5.10",
    "0.5.10.post1",
    "server_args.py:2347",
    "config_error",
    launcher_dies(
        ARGS[:-1]
        + (
            ("server_args.py", 690, "__post_init__", "self._handle_attention_backend_compatibility()"),
            ("server_args.py", 2347, "_handle_attention_backend_compatibility", "raise ValueError("),
        ),
        "ValueError: TRTLLM MLA backend is only supported on Blackwell GPUs (SM100/SM12x). Please use a different backend.",
    ),
)
case(
    "args-deepep-needs-ep-0.5.10",
    "0.5.10.post1",
    "server_args.py:1684",
    "config_error",
    launcher_dies(
        ARGS[:-1]
        + (
            ("server_args.py", 695, "__post_init__", "self._handle_moe_kernel_config()"),
            ("server_args.py", 1684, "_handle_moe_kernel_config", "raise ValueError("),
        ),
        "ValueError: Invalid configuration: 'deep_gemm' speculative MoE runner backend with 'deepep' a2a backend requires expert parallelism (ep_size > 1). Current ep_size is 1. Please set --ep-size > 1 (e.g., --ep-size 8) to use this configuration, or use a different backend.",
    ),
)
case(
    "args-attn-dp-with-dp-0.5.23",
    "0.5.23",
    "arg_groups/parallel_hook.py:289",
    "config_error",
    launcher_dies(
        RUNPY
        + (
            (f"{PKG}/sglang/launch_server.py", 40, "<module>", "run_server(server_args)"),
            (f"{PKG}/sglang/launch_server.py", 25, "run_server", "server_args.resolve_once()"),
            ("server_args.py", 900, "resolve_once", "run_hooks(self)"),
            ("arg_groups/parallel_hook.py", 289, "validate_attn_dp", "raise ValueError("),
        ),
        "ValueError: --dp-size 2 with --attn-dp-size 4: data-parallel replicas combined with attention data parallelism are not supported.",
    ),
)
case(
    "model-heads-bare-assert-0.5.10",
    "0.5.10.post1",
    "models/llama.py:139",
    "config_error",
    scheduler_dies(
        "loading_weights",
        BUILD_MODEL
        + (
            ("models/llama.py", 400, "__init__", "self.model = LlamaModel("),
            ("models/llama.py", 139, "__init__", "assert self.total_num_heads % tp_size == 0"),
        ),
        "AssertionError",
    ),
)
case(
    "model-context-length-0.5.10",
    "0.5.10.post1",
    "configs/model_config.py:402",
    "config_error",
    scheduler_dies(
        "args",
        MODEL_CONFIG
        + (
            ("configs/model_config.py", 240, "__init__", "self._derive_context_length(context_length)"),
            ("configs/model_config.py", 402, "_derive_context_length", "raise ValueError("),
        ),
        "ValueError: Warning: User-specified context_length (262144) is greater than the derived context_length (131072). This may lead to incorrect model outputs or CUDA errors. Note that the derived context_length may differ from max_position_embeddings in the model's config. To allow overriding this maximum, set the env var SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN=1",
    ),
)
case(
    "model-unknown-quantization-0.5.10",
    "0.5.10.post1",
    "configs/model_config.py:1046",
    "config_error",
    scheduler_dies(
        "args",
        MODEL_CONFIG
        + (
            ("configs/model_config.py", 250, "__init__", "self._verify_quantization()"),
            ("configs/model_config.py", 1046, "_verify_quantization", "raise ValueError("),
        ),
        "ValueError: Unknown quantization method: fp6. Must be one of ['fp8', 'blockwise_int8', 'modelopt_fp8', 'awq', 'gptq', 'compressed-tensors', 'w8a8_int8', 'w8a8_fp8', 'moe_wna16'].",
    ),
)
case(
    "model-transformers-too-old-0.5.10",
    "0.5.10.post1",
    "configs/model_config.py:1104",
    "config_error",
    scheduler_dies(
        "args",
        MODEL_CONFIG
        + (
            ("configs/model_config.py", 260, "__init__", "self._check_transformers_version()"),
            ("configs/model_config.py", 1104, "_check_transformers_version", "raise ValueError("),
        ),
        "ValueError: Transformers version 4.57.1 is not supported for model /models/Qwen3.5-397B or model type qwen3_5_moe. Please upgrade transformers to >= 5.0.0.",
    ),
)
case(
    "model-architecture-unsupported-0.5.10",
    "0.5.10.post1",
    "models/registry.py:49",
    "config_error",
    scheduler_dies(
        "loading_weights",
        LOAD
        + (
            ("model_loader/loader.py", 615, "load_model", "model = _initialize_model("),
            (
                "model_loader/loader.py",
                250,
                "_initialize_model",
                "model_class, _ = get_model_architecture(model_config)",
            ),
            (
                "model_loader/utils.py",
                100,
                "get_model_architecture",
                "return ModelRegistry.resolve_model_cls(architectures)",
            ),
            ("models/registry.py", 49, "resolve_model_cls", "return self._raise_for_unsupported(architectures)"),
        ),
        "ValueError: Model architectures ['Glm5ForCausalLM'] are not supported for now. Supported architectures: dict_keys(['LlamaForCausalLM', 'Qwen3ForCausalLM'])",
    ),
)
case(
    "quant-capability-0.5.10",
    "0.5.10.post1",
    "model_loader/loader.py:236",
    "config_error",
    scheduler_dies(
        "loading_weights",
        LOAD
        + (
            ("model_loader/loader.py", 615, "load_model", "model = _initialize_model("),
            (
                "model_loader/loader.py",
                255,
                "_initialize_model",
                "quant_config = _get_quantization_config(model_config, load_config)",
            ),
            ("model_loader/loader.py", 236, "_get_quantization_config", "raise ValueError("),
        ),
        "ValueError: The quantization method fp8 is not supported for the current GPU. Minimum capability: 80. Current capability: 75.",
    ),
)
case(
    "fa3-needs-sm80-sm90-0.5.10",
    "0.5.10.post1",
    "layers/attention/attention_registry.py:130",
    "config_error",
    scheduler_dies(
        "cuda_graph",
        INIT
        + (
            ("model_executor/model_runner.py", 590, "initialize", "self.init_attention_backend()"),
            (
                "model_executor/model_runner.py",
                1990,
                "init_attention_backend",
                "self.attn_backend = self._get_attention_backend()",
            ),
            ("layers/attention/attention_registry.py", 130, "create_flashattention_v3_backend", "assert ("),
        ),
        "AssertionError: FlashAttention v3 Backend requires SM>=80 and SM<=90. Please use `--attention-backend flashinfer`.",
    ),
)
case(
    "flashinfer-too-old-0.5.10",
    "0.5.10.post1",
    "utils/common.py:1010 (engine.py:1128)",
    "config_error",
    launcher_dies(
        PKG_CHECK,
        "Exception: flashinfer_python is installed with version 0.2.5, which is less than the minimum required version 0.6.7.post3. Please uninstall the old version and reinstall the latest version by following the instructions at https://docs.flashinfer.ai/installation.html.",
    ),
)
case(
    "sgl-kernel-missing-0.5.10",
    "0.5.10.post1",
    "utils/common.py:1014 (engine.py:1136)",
    "config_error",
    launcher_dies(
        PKG_CHECK,
        "Exception: sglang-kernel with minimum required version 0.4.1 is not installed. Please reinstall the latest version with `pip install sglang-kernel --force-reinstall`",
    ),
)

# ------------------------------------------------------------------------------------------------------ CUDA errors
BOILER = "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."
case(
    "cuda-illegal-access-serving-torch-2.8",
    "0.5.10.post1",
    "model_executor/model_runner.py (forward)",
    "cuda_error_other",
    scheduler_dies(
        "serving",
        LOOP + (("layers/attention/flashinfer_backend.py", 700, "forward_decode", "o = decode_wrapper.forward("),),
        f"torch.AcceleratorError: CUDA error: an illegal memory access was encountered\n{BOILER}\n",
    ),
)
case(
    "cuda-device-assert-serving-0.5.5",
    "0.5.5",
    "layers/sampler.py (forward)",
    "cuda_error_other",
    scheduler_dies(
        "serving",
        LOOP
        + (
            (
                "layers/sampler.py",
                120,
                "forward",
                "batch_next_token_ids = top_k_top_p_min_p_sampling_from_probs_torch(",
            ),
        ),
        f"RuntimeError: CUDA error: device-side assert triggered\n{BOILER}",
    ),
)
case(
    "cuda-triton-illegal-access-0.4.10",
    "0.4.10",
    "layers/attention/triton_ops/decode_attention.py",
    "cuda_error_other",
    scheduler_dies(
        "serving",
        LOOP
        + (
            (
                f"{PKG}/triton/backends/nvidia/driver.py",
                529,
                "__call__",
                "self.launch(gridX, gridY, gridZ, stream, function, *args)",
            ),
        ),
        "RuntimeError: Triton Error [CUDA]: an illegal memory access was encountered",
    ),
)
case(
    "cuda-cublas-execution-failed-0.5.10",
    "0.5.10.post1",
    "layers/linear.py (forward)",
    "cuda_error_other",
    scheduler_dies(
        "serving",
        LOOP + (("layers/linear.py", 420, "forward", "output = self.quant_method.apply(self, input_, bias)"),),
        "RuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling `cublasGemmEx( handle, opa, opb, m, n, k, &falpha, a, CUDA_R_16BF, lda, b, CUDA_R_16BF, ldb, &fbeta, c, CUDA_R_16BF, ldc, compute_type, CUBLAS_GEMM_DEFAULT_TENSOR_OP)`",
    ),
)
case(
    "cuda-driver-too-old-0.5.10",
    "0.5.10.post1",
    "model_executor/model_runner.py (torch.cuda.set_device)",
    "cuda_error_other",
    scheduler_dies(
        "args",
        SCHED
        + (
            ("managers/scheduler.py", 3570, "run_scheduler_process", "torch.cuda.set_device(gpu_id)"),
            (f"{PKG}/torch/cuda/__init__.py", 319, "_lazy_init", "torch._C._cuda_init()"),
        ),
        "RuntimeError: The NVIDIA driver on your system is too old (found version 12020). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver.",
    ),
)
case(
    "cuda-sgl-kernel-undefined-symbol-0.5.5",
    "0.5.5",
    "layers/activation.py (import sgl_kernel)",
    "cuda_error_other",
    scheduler_dies(
        "loading_weights",
        BUILD_MODEL
        + (
            ("models/llama.py", 30, "<module>", "from sglang.srt.layers.activation import SiluAndMul"),
            ("layers/activation.py", 40, "<module>", "from sgl_kernel import silu_and_mul"),
            (f"{PKG}/sgl_kernel/__init__.py", 5, "<module>", "from sgl_kernel import common_ops"),
        ),
        f"ImportError: {PKG}/sgl_kernel/common_ops.abi3.so: undefined symbol: _ZN3c104cuda9SetDeviceEab",
    ),
)

# ------------------------------------------------------------------- more memory paths: piecewise graphs, MoE, pool
case(
    "graph-piecewise-oom-0.5.10",
    "0.5.10.post1",
    "compilation/piecewise_context_manager.py:49",
    "oom_cuda_graph",
    scheduler_dies(
        "cuda_graph",
        GRAPHS + (("model_executor/piecewise_cuda_graph_runner.py", 300, "__init__", "self.capture()"),),
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.19 GiB of which 1.20 GiB is free.",
    ).replace(
        "[2026-03-02 10:01:30 TP0] Scheduler hit",
        "[2026-03-02 10:01:29 TP0] Piecewise CUDA Graph failed with error: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.19 GiB of which 1.20 GiB is free.\nPiecewise CUDA Graph is enabled by default as an experimental feature.\nTo work around this error, add --disable-piecewise-cuda-graph to your launch command.\nPlease report this issue at https://github.com/sgl-project/sglang/issues/new/choose\n[2026-03-02 10:01:30 TP0] Scheduler hit",
    ),
)
case(
    "kv-pool-buffers-torch-oom-0.5.10",
    "0.5.10.post1",
    "mem_cache/memory_pool.py (_create_buffers)",
    "oom_kv_cache",
    scheduler_dies(
        "kv_cache", POOL + (("mem_cache/memory_pool.py", 600, "_create_buffers", "self.k_buffer = ["),), TORCH_OOM
    ),
)
case(
    "runtime-out-of-memory-alloc-0.5.10",
    "0.5.10.post1",
    "mem_cache/common.py:217",
    "oom_runtime",
    scheduler_dies(
        "serving",
        LOOP_ALLOC
        + (
            (
                "mem_cache/common.py",
                470,
                "alloc_for_extend",
                "out_cache_loc = alloc_token_slots(tree_cache, num_tokens)",
            ),
            ("mem_cache/common.py", 224, "alloc_token_slots", "raise RuntimeError(error_msg)"),
        ),
        "RuntimeError: Out of memory. Try to lower your batch size.\nTry to allocate 8192 tokens.\nAvaillable tokens: 1024, evictable tokens: 0",
    ),
)
case(
    "moe-deepep-dispatch-bound-is-a-setting-0.5.10",
    "0.5.10.post1",
    "layers/moe/token_dispatcher/deepep.py:325",
    "config_error",
    scheduler_dies(
        "cuda_graph",
        GRAPHS
        + (
            (
                "layers/moe/token_dispatcher/deepep.py",
                325,
                "__init__",
                "assert self.num_max_dispatch_tokens_per_rank <= 1024",
            ),
        ),
        "AssertionError",
    ),
)
case(
    "moe-deepep-nvshmem-init-0.5.10",
    "0.5.10.post1",
    "deep_ep/buffer.py (DeepEP runtime.sync)",
    "nccl_or_distributed",
    scheduler_dies(
        "cuda_graph",
        GRAPHS
        + (
            ("layers/moe/token_dispatcher/deepep.py", 150, "get_deepep_buffer", "cls._buffer = Buffer("),
            (f"{PKG}/deep_ep/buffer.py", 102, "__init__", "self.runtime.sync(device_ids, ipc_handles, root_unique_id)"),
        ),
        "RuntimeError: Failed: Assertion error /sgl-workspace/DeepEP/csrc/kernels/runtime.cu:56 'nvshmem_team_split_strided(NVSHMEM_TEAM_WORLD, rank % NUM_MAX_NVL_PEERS, NUM_MAX_NVL_PEERS, num_ranks / NUM_MAX_NVL_PEERS, &cfg, 0, &cpu_rdma_team) == 0'",
    ),
)
case(
    "deepgemm-jit-arch-0.5.10",
    "0.5.10.post1",
    "layers/deep_gemm_wrapper/compile_utils.py",
    "config_error",
    scheduler_dies(
        "cuda_graph",
        GRAPHS
        + (
            ("layers/deep_gemm_wrapper/compile_utils.py", 100, "_compile_deep_gemm_one_type_all", "deep_gemm.compile("),
        ),
        "RuntimeError: Failed to compile: nvcc fatal   : Unsupported gpu architecture 'compute_100a'",
    ),
)
case(
    "weights-not-found-0.5.10",
    "0.5.10.post1",
    "model_loader/loader.py (_prepare_weights)",
    "config_error",
    scheduler_dies(
        "loading_weights",
        WEIGHTS + (("model_loader/loader.py", 400, "_prepare_weights", "raise RuntimeError("),),
        "RuntimeError: Cannot find any model weights with `/models/Qwen3-32B`",
    ),
)
case(
    "warmup-proxy-502-0.5.10",
    "0.5.10.post1",
    "entrypoints/http_server.py:1778",
    "config_error",
    startup("warmup")
    + "\n[2026-03-02 10:01:20] Initialization failed. warmup error: Traceback (most recent call last):\n"
    + f'  File "{PKG}/sglang/srt/entrypoints/http_server.py", line 1770, in _wait_and_warmup\n    assert res.status_code == 200, f"{{res=}}, {{res.text=}}"\n'
    + "AssertionError: res=<Response [502]>, res.text='<html><body>Bad Gateway</body></html>'",
)

# ------------------------------------------------------------- newest release (0.5.23): families not covered above
HOOKS = RUNPY + (
    (f"{PKG}/sglang/launch_server.py", 40, "<module>", "run_server(server_args)"),
    (f"{PKG}/sglang/launch_server.py", 29, "run_server", "server_args.resolve_once()"),
    ("server_args.py", 900, "resolve_once", "run_hooks(self)"),
)
PREFILL_GRAPHS = GRAPHS[:-1] + (
    (
        "model_executor/model_runner.py",
        2430,
        "init_device_graphs",
        "self.prefill_graph_runner = PrefillCudaGraphRunner(self)",
    ),
    ("model_executor/runner/prefill_cuda_graph_runner.py", 519, "__init__", "raise RuntimeError("),
)
PREFILL_HINT = "Fail when using backend: tc_piecewise for prefill runner.\nPossible suggestions:\n1. change to breakable by --cuda-graph-backend-prefill=breakable\n2. disable the prefill CUDA graph by --cuda-graph-backend-prefill=disabled\n3. if it is an OOM problem, set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7) or set --cuda-graph-max-bs-prefill to a smaller value (e.g., 2048)\nOpen an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose "
case(
    "graph-prefill-capture-failed-oom-0.5.23",
    "0.5.23",
    "model_executor/runner/prefill_cuda_graph_runner.py:519",
    "oom_cuda_graph",
    scheduler_dies(
        "cuda_graph",
        PREFILL_GRAPHS,
        f"RuntimeError: Capture prefill CUDA graph failed: CUDA out of memory. Tried to allocate 1.50 GiB. GPU 0 has a total capacity of 79.19 GiB of which 312.00 MiB is free.\n{PREFILL_HINT}",
    ),
)
case(
    "graph-prefill-capture-failed-non-oom-0.5.23",
    "0.5.23",
    "model_executor/runner/prefill_cuda_graph_runner.py:519",
    "cuda_error_other",
    scheduler_dies(
        "cuda_graph",
        PREFILL_GRAPHS,
        f"RuntimeError: Capture prefill CUDA graph failed: CUDA error: operation not permitted when stream is capturing\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n{PREFILL_HINT}",
    ),
)
case(  # a setting bounded by the pool's table width: the words "pool capacity" name no shortage of memory
    "graph-prefill-max-context-exceeds-pool-0.5.23",
    "0.5.23",
    "model_executor/runner/prefill_cuda_graph_runner.py:1013",
    "config_error",
    scheduler_dies(
        "cuda_graph",
        PREFILL_GRAPHS[:-1]
        + (
            (
                "model_executor/runner/prefill_cuda_graph_runner.py",
                560,
                "__init__",
                "self._validate_max_context_capacity(",
            ),
            (
                "model_executor/runner/prefill_cuda_graph_runner.py",
                1013,
                "_validate_max_context_capacity",
                "raise ValueError(",
            ),
        ),
        "ValueError: --cuda-graph-prefill-max-context exceeds the request-to-token pool capacity: requested size 131072 > 40960",
    ),
)
case(
    "kv-swa-pool-cannot-hold-one-request-0.5.23",
    "0.5.23",
    "model_executor/pool_configurator.py:211",
    "oom_kv_cache",
    scheduler_dies(
        "kv_cache",
        POOL + (("model_executor/pool_configurator.py", 211, "validate_swa_pool_size", "raise ValueError("),),
        "ValueError: SWA pool (4096 tokens) cannot hold even one request: the prefill admission floor is sliding_window_size (4096) + page_size (64). Increase --swa-full-tokens-ratio or the total KV budget.",
    ),
)
case(  # an unsupported combination, refused while the pool is planned: "KV budget" here is no shortage
    "args-unified-memory-eagle-mamba-0.5.23",
    "0.5.23",
    "mem_cache/kv_cache_configurator.py:1400",
    "config_error",
    scheduler_dies(
        "kv_cache",
        POOL
        + (
            (
                "mem_cache/kv_cache_configurator.py",
                1300,
                "_resolve_config",
                "placement = self._fused_draft_for_mamba_factory()",
            ),
            ("mem_cache/kv_cache_configurator.py", 1400, "_fused_draft_for_mamba_factory", "raise ValueError("),
        ),
        "ValueError: --enable-unified-memory + EAGLE/EAGLE3/DFLASH on a mamba-hybrid target needs the draft's KV fused into the target's pages, but this draft cannot fuse (draft head_dim 128 != target head_dim 256). A private draft pool would overcommit the KV budget the unified buffer already takes.",
    ),
)
case(
    "args-chunked-prefill-below-align-0.5.23",
    "0.5.23",
    "managers/scheduler.py:1814",
    "config_error",
    scheduler_dies(
        "cuda_graph",
        SCHED
        + (
            ("managers/scheduler.py", 600, "__init__", "self.check_truncation_align_fits_chunk()"),
            ("managers/scheduler.py", 1814, "check_truncation_align_fits_chunk", "raise ValueError("),
        ),
        "ValueError: Chunked prefill is aligned to 4096 tokens, but each rank's chunked prefill size is 2048 (--chunked-prefill-size is split across 4 DP attention ranks); a prompt longer than 2048 tokens could never be scheduled. Raise --chunked-prefill-size to at least 16384, or, with the flashinfer backend under deterministic inference, lower SGLANG_FLASHINFER_PREFILL_SPLIT_TILE_SIZE.",
    ),
)
case(
    "args-kv-sharding-consumes-reserved-gpu-memory-0.5.23",
    "0.5.23",
    "arg_groups/kv_shard_hook.py:313",
    "config_error",
    launcher_dies(
        HOOKS + (("arg_groups/kv_shard_hook.py", 313, "handle_kv_cache_sharding", "raise ValueError("),),
        "ValueError: Auto-rounding --chunked-prefill-size for KV sharding would consume all automatically reserved GPU memory; pass a smaller multiple of 64.",
    ),
)
case(
    "args-deepep-v2-graph-exceeds-dispatch-tokens-0.5.23",
    "0.5.23",
    "arg_groups/moe_hook.py:700",
    "config_error",
    launcher_dies(
        HOOKS + (("arg_groups/moe_hook.py", 700, "validate_deepep_v2_dispatch_token_budget", "raise ValueError("),),
        "ValueError: DeepEP v2 per-rank decode CUDA graph exceeds SGLANG_DEEPEP_V2_NUM_MAX_DISPATCH_TOKENS_PER_RANK: required=1024, capacity=512 (requests=256, tokens/request=4). Raise the environment value or lower --cuda-graph-max-bs-decode.",
    ),
)
case(
    "args-weight-cache-multinode-needs-dist-init-addr-0.5.23",
    "0.5.23",
    "entrypoints/engine.py:752",
    "config_error",
    launcher_dies(
        LAUNCH[:-1]
        + (
            ("entrypoints/engine.py", 700, "_launch_subprocesses", "cls._launch_weight_cache_daemons(server_args)"),
            ("entrypoints/engine.py", 752, "_launch_weight_cache_daemons", "raise ValueError("),
        ),
        "ValueError: Multi-node weight cache daemons (nnodes > 1) require --dist-init-addr so all nodes rendezvous at the same endpoint.",
    ),
)
case(  # a bad number, not a busy port
    "port-invalid-port-number-0.5.23",
    "0.5.23",
    "utils/network.py:77",
    "config_error",
    launcher_dies(
        LAUNCH[:-1]
        + (
            (
                "entrypoints/engine.py",
                700,
                "_launch_subprocesses",
                'wait_port_available(server_args.port, "http_port")',
            ),
            ("utils/network.py", 77, "wait_port_available", "raise ValueError("),
        ),
        "ValueError: http_port has invalid port number 70000. Valid TCP port range is 0-65535.",
    ),
)
case(  # the launch flags disagree with the world the processes formed
    "dist-world-size-not-tp-times-pp-0.5.23",
    "0.5.23",
    "distributed/parallel_state.py:2647",
    "config_error",
    scheduler_dies(
        "launching",
        MODEL_PARALLEL + (("distributed/parallel_state.py", 2647, "initialize_model_parallel", "raise RuntimeError("),),
        "RuntimeError: world_size (16) is not equal to tensor_model_parallel_size (8) x pipeline_model_parallel_size (1)",
    ),
)
case(
    "dist-mscclpp-allreduce-failed-serving-0.5.23",
    "0.5.23",
    "distributed/device_communicators/pymscclpp.py:1229",
    "nccl_or_distributed",
    scheduler_dies(
        "serving",
        LOOP
        + (
            ("models/qwen3.py", 300, "forward", "hidden_states = tensor_model_parallel_all_reduce(hidden_states)"),
            ("distributed/parallel_state.py", 700, "all_reduce", "return self.ms_comm.all_reduce(input_)"),
            ("distributed/device_communicators/pymscclpp.py", 1229, "all_reduce", "raise RuntimeError("),
        ),
        "RuntimeError: MSCCL++ AllReduce failed with error code 3",
    ),
)
case(
    "pd-mooncake-no-ib-device-for-gpu-0.5.23",
    "0.5.23",
    "distributed/device_communicators/mooncake_transfer_engine.py:104",
    "config_error",
    scheduler_dies(
        "cuda_graph",
        PD_PREFILL
        + (
            ("disaggregation/mooncake/conn.py", 200, "__init__", "self.engine = get_mooncake_transfer_engine()"),
            (
                "distributed/device_communicators/mooncake_transfer_engine.py",
                104,
                "get_ib_devices_for_gpu",
                "raise ValueError(",
            ),
        ),
        "ValueError: No IB devices configured for GPU 5. Available GPUs: [0, 1, 2, 3]",
    ),
)
case(
    "pd-mooncake-not-installed-0.5.23",
    "0.5.23",
    "distributed/device_communicators/mooncake_transfer_engine.py:122",
    "config_error",
    scheduler_dies(
        "cuda_graph",
        PD_PREFILL
        + (
            ("disaggregation/mooncake/conn.py", 200, "__init__", "self.engine = get_mooncake_transfer_engine()"),
            ("distributed/device_communicators/mooncake_transfer_engine.py", 122, "__init__", "raise ImportError("),
        ),
        "ImportError: Please install mooncake by following the instructions at https://kvcache-ai.github.io/Mooncake/getting_started/build.html to run SGLang with MooncakeTransferEngine.",
    ),
)
case(  # registering the KV buffers with the RDMA engine: a transfer failure, "memory" is the buffer's kind
    "pd-mooncake-register-memory-0.5.23",
    "0.5.23",
    "distributed/device_communicators/mooncake_transfer_engine.py:153",
    "nccl_or_distributed",
    scheduler_dies(
        "cuda_graph",
        PD_PREFILL
        + (
            (
                "disaggregation/mooncake/conn.py",
                260,
                "register_buffer_to_engine",
                "self.engine.batch_register(self.kv_args.kv_data_ptrs, self.kv_args.kv_data_lens)",
            ),
            ("distributed/device_communicators/mooncake_transfer_engine.py", 153, "register", "raise RuntimeError("),
        ),
        "RuntimeError: Mooncake memory registration failed (ret=-1)",
    ),
)
case(
    "pd-efa-expandable-segments-0.5.23",
    "0.5.23",
    "disaggregation/mooncake/utils.py:57",
    "config_error",
    scheduler_dies(
        "cuda_graph",
        PD_PREFILL
        + (
            (
                "disaggregation/mooncake/utils.py",
                100,
                "init_mooncake_custom_mem_pool",
                "_validate_efa_allocator_compatibility()",
            ),
            ("disaggregation/mooncake/utils.py", 57, "_validate_efa_allocator_compatibility", "raise ValueError("),
        ),
        "ValueError: PYTORCH_CUDA_ALLOC_CONF enables expandable_segments, which is incompatible with MOONCAKE_PROTOCOL=efa because the current libfabric EFA provider cannot transfer CUDA VMM allocations. Disable expandable_segments.",
    ),
)
case(
    "pd-different-attn-tp-mxfp8-0.5.23",
    "0.5.23",
    "disaggregation/common/conn.py:1404",
    "config_error",
    scheduler_dies(
        "serving",
        PD_DECODE_LOOP + (("disaggregation/common/conn.py", 1404, "try_ensure_parallel_info", "raise RuntimeError("),),
        "RuntimeError: PD Disaggregation does NOT support different attention TP sizes with MXFP8 KV cache: prefill attn_tp_size=8, decode attn_tp_size=4, state types ['block_scale'].",
    ),
)
case(
    "pd-transfer-thread-prefill-dead-serving-0.5.23",
    "0.5.23",
    "disaggregation/mooncake/conn.py:2882",
    "nccl_or_distributed",
    startup("serving")
    + f"\nException in thread Thread-7 (transfer_worker):\n{TB}\n"
    + frames(
        ("/usr/lib/python3.12/threading.py", 1075, "_bootstrap_inner", "self.run()"),
        ("/usr/lib/python3.12/threading.py", 1012, "run", "self._target(*self._args, **self._kwargs)"),
        ("disaggregation/mooncake/conn.py", 2882, "transfer_worker", "raise RuntimeError("),
    )
    + "\nRuntimeError: Transfer thread failed because of Failed to send kv chunk of 8a3f to 10.0.0.7:17001. Prefill instance with bootstrap_port=8998 is dead.",
)
case(
    "pd-lost-connection-with-prefill-serving-0.5.23",
    "0.5.23",
    "disaggregation/common/conn.py:2103",
    "nccl_or_distributed",
    startup("serving")
    + f"\n{ts(95, 'TP0')} Lost connection with prefill instance (bootstrap_addr: 10.0.0.1:8998), 12 requests affected",
)
case(
    "moe-expert-pack-insufficient-vram-0.5.23",
    "0.5.23",
    "layers/moe/expert_pack.py:377",
    "oom_moe_workspace",
    scheduler_dies(
        "loading_weights",
        LOAD
        + (
            ("model_loader/expert_pack_loader.py", 290, "load_model", "store.initialize_device_cache(target_device)"),
            ("layers/moe/expert_pack.py", 377, "initialize_device_cache", "raise MemoryError("),
        ),
        "MemoryError: insufficient free VRAM for one top-k expert working set: free=402653184, object=67108864",
    ),
)
case(
    "moe-deepep-v2-not-installed-0.5.23",
    "0.5.23",
    "layers/moe/token_dispatcher/deepep_v2.py:97",
    "config_error",
    scheduler_dies(
        "loading_weights",
        BUILD_MODEL
        + (
            ("layers/moe/token_dispatcher/deepep_v2.py", 120, "__init__", "_raise_deepep_v2_import_error()"),
            ("layers/moe/token_dispatcher/deepep_v2.py", 97, "_raise_deepep_v2_import_error", "raise ImportError("),
        ),
        "ImportError: DeepEP v2 (ElasticBuffer) is not available. Install DeepEP v2 from https://github.com/deepseek-ai/DeepEP. Original import error: No module named 'deep_ep'",
    ),
)
case(  # a buffer bound that is an environment setting, hit while serving: the remedy is the setting
    "moe-deepep-v2-dispatch-exceeds-capacity-serving-0.5.23",
    "0.5.23",
    "layers/moe/token_dispatcher/deepep_v2.py:282",
    "config_error",
    scheduler_dies(
        "serving",
        LOOP
        + (
            (
                "layers/moe/token_dispatcher/deepep_v2.py",
                300,
                "dispatch",
                "self._validate_common(hidden_states, topk_ids)",
            ),
            ("layers/moe/token_dispatcher/deepep_v2.py", 282, "_validate_common", "raise ValueError("),
        ),
        "ValueError: DeepEP v2 dispatch input exceeds the per-rank buffer capacity 256, got 1024. Increase SGLANG_DEEPEP_V2_NUM_MAX_DISPATCH_TOKENS_PER_RANK or lower the active prefill/decode batch limit.",
    ),
)
HICACHE_STORE = SCHED + (
    ("managers/scheduler.py", 700, "init_cache_with_memory_pool", "self.tree_cache = HiRadixCache("),
    ("mem_cache/hiradix_cache.py", 150, "__init__", "self.cache_controller = HiCacheController("),
    ("managers/cache_controller.py", 300, "__init__", "self.storage_backend = StorageBackendFactory.create_backend("),
)
case(
    "hicache-mooncake-config-path-unset-0.5.23",
    "0.5.23",
    "mem_cache/storage/mooncake_store/mooncake_store.py:142",
    "config_error",
    scheduler_dies(
        "cuda_graph",
        HICACHE_STORE
        + (
            (
                "mem_cache/storage/mooncake_store/mooncake_store.py",
                280,
                "__init__",
                "self.config = MooncakeStoreConfig.from_file()",
            ),
            ("mem_cache/storage/mooncake_store/mooncake_store.py", 142, "from_file", "raise RuntimeError("),
        ),
        "RuntimeError: Config file path not set. Please set SGLANG_HICACHE_MOONCAKE_CONFIG_PATH",
    ),
)
case(  # host RAM for the L3 store's segment, like HiCache's host pool: a setting, not the GPU's KV pool
    "hicache-mooncake-host-alloc-null-0.5.23",
    "0.5.23",
    "mem_cache/storage/mooncake_store/mooncake_store.py:60",
    "config_error",
    scheduler_dies(
        "cuda_graph",
        HICACHE_STORE
        + (
            (
                "mem_cache/storage/mooncake_store/mooncake_store.py",
                320,
                "__init__",
                "self.host_buffer = MooncakeHostTensor(",
            ),
            ("mem_cache/storage/mooncake_store/mooncake_store.py", 60, "allocate", "raise RuntimeError("),
        ),
        "RuntimeError: MooncakeHostMemAllocator.alloc returned a null pointer for 256.000 GB (274877906944 bytes); the mooncake host memory allocator could not map the segment (check host memory availability and the mooncake allocator logs).",
    ),
)
case(
    "hicache-mooncake-register-buffer-0.5.23",
    "0.5.23",
    "mem_cache/storage/mooncake_store/mooncake_store.py:356",
    "nccl_or_distributed",
    scheduler_dies(
        "cuda_graph",
        HICACHE_STORE
        + (
            (
                "mem_cache/storage/mooncake_store/mooncake_store.py",
                330,
                "__init__",
                "self.register_buffer(self.host_buffer)",
            ),
            ("mem_cache/storage/mooncake_store/mooncake_store.py", 356, "register_buffer", "raise RuntimeError("),
        ),
        "RuntimeError: Failed to register buffer to Mooncake Store, error code: -800",
    ).replace(
        "Scheduler hit",
        "Failed to register buffer, error code: -800\n[2026-03-02 10:01:30 TP0] Scheduler hit",
    ),
)


# The classifier's known misses among the cases above, by the family it lacks (strict: a fix must remove the entry).
XFAIL = {
    "dist-world-size-not-tp-times-pp-0.5.23": "parallel-size consistency check raised from parallel_state",
    "moe-expert-pack-insufficient-vram-0.5.23": "expert-pack MoE cache VRAM (MemoryError read as weights OOM)",
    "pd-lost-connection-with-prefill-serving-0.5.23": "PD lost connection with prefill (logger.error after ready)",
}


def params(names):
    return [
        pytest.param(n, marks=pytest.mark.xfail(reason=f"classifier: {XFAIL[n]}", strict=True)) if n in XFAIL else n
        for n in sorted(names)
    ]


@pytest.mark.parametrize("name", params(CASES))
def test_a_template_in_its_wrapper_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"


@pytest.mark.parametrize("name", params(n for n, t in CASES.items() if f"{TB}\n" in t.log))
def test_a_template_keeps_its_family_without_start_up_lines_or_with_another_ending(name: str) -> None:
    """The same failure cut to its bare traceback (a log that starts late: no phase known), and with the launcher's
    other endings: its own `scheduler died during initialization` traceback (0.5.10+), or the OOM killer's `Killed`."""
    t = CASES[name]
    lines = t.log.split("\n")
    first = next(i for i, line in enumerate(lines) if TB in line)
    variants = {"bare": "\n".join(lines[first:])}
    if SIGQUIT in t.log:
        variants["died"] = t.log.replace(SIGQUIT, f"{ts(99)} {TB}\n{DIED}")
        variants["killed"] = t.log.replace(SIGQUIT, "Killed")
    got = {v: classify_text(log).label for v, log in variants.items()}
    assert got == dict.fromkeys(variants, t.label), f"{t.version} {t.source}"


def test_every_label_but_healthy_has_templates() -> None:
    labels = {t.label for t in CASES.values()}
    assert labels == set(FAILURE_LABELS) - {"unknown"}


def test_the_pool_advice_is_a_failure_only_on_an_exception_line() -> None:
    """0.5.23 logs the same advice as warnings (kv_cache_configurator.py:3140, tp_worker.py:557) and goes on."""
    warn = "[2026-03-02 10:00:41 TP0] WARNING: max_running_requests is capped to 12 by the mamba state cache (max_mamba_cache_size=24, 2 state slots per request). To raise it: increase --mamba-full-memory-ratio or --max-mamba-cache-size, or halve the state size with --mamba-ssm-dtype bfloat16."
    d = classify_text(startup("cuda_graph") + "\n" + warn)
    assert (d.label, d.rule) == (classify_text(startup("cuda_graph")).label, "")  # as if the warning were not there


def test_a_frames_source_line_decides_nothing() -> None:
    """The line under a frame is the code that raised (`assert self.num_max_dispatch_tokens_per_rank <= 1024`): its
    words name no failure; the exception after it decides (a bare AssertionError at start-up: the settings)."""
    log = CASES["moe-deepep-dispatch-bound-is-a-setting-0.5.10"].log
    d = classify_text(log)
    assert d.rule != "oom.workspace" and d.evidence[-1].text == "AssertionError"
