"""SGLang's own failure templates, family by family, each rendered inside SGLang's own wrapper: the scheduler's
`Scheduler hit an exception:` traceback ending with the raise (through the call path that raises it), then the
launcher's lines; or the launcher's own traceback for checks it runs itself. Every case names the SGLang version and
the source file:line of its template (under sglang/srt/ of that release), and its label by SGLang's semantics (the
ten labels of /work/shared/corpus/README.md). These are synthetic renderings, not corpus logs: a real log of the
same template, from any release that prints it, must be judged the same way.
"""

# ruff: noqa: E501  (log lines are data)

from __future__ import annotations

from typing import NamedTuple

import pytest

from safelaunch.core.logwatch import classify_text

from .logwatch_templates import (
    ARGS,
    BUILD_MODEL,
    DIST_INIT,
    GRAPHS,
    INIT,
    LAUNCH,
    LOOP,
    LOOP_ALLOC,
    MODEL_PARALLEL,
    PKG,
    POOL,
    SCHED,
    TORCH_PG,
    WEIGHTS,
    WORKER_TAIL,
    launcher_dies,
    scheduler_dies,
    startup,
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
    "kv-not-enough-memory-0.5.10", "0.5.10.post1", "model_executor/model_runner_kv_cache_mixin.py:57", "oom_kv_cache",
    scheduler_dies("kv_cache", POOL + (("model_executor/model_runner_kv_cache_mixin.py", 60, "__post_init__", "raise RuntimeError(msg)"),),
                   "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: mem_fraction_static=0.88"),
)
case(
    "kv-not-enough-memory-0.4.10", "0.4.10", "model_executor/model_runner.py:1150", "oom_kv_cache",
    scheduler_dies("kv_cache", POOL, "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static."),
)
case(
    "kv-not-enough-memory-0.5.5-self", "0.5.5", "model_executor/model_runner.py:1626", "oom_kv_cache",
    scheduler_dies("kv_cache", POOL, "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: self.server_args.mem_fraction_static=0.7",
                   launcher="died"),
)
case(
    "kv-weights-leave-no-memory-0.5.23", "0.5.23", "mem_cache/kv_cache_configurator.py:3051", "oom_kv_cache",
    scheduler_dies("kv_cache", POOL, "ValueError: Loaded weights leave no GPU memory for the KV cache under --mem-fraction-static=0.85. Raise --mem-fraction-static above 0.912 (minimum viable = 1 - available/pre = 0.8870). If using speculative decoding, draft weights are now counted."),
)
case(
    "kv-swa-cap-leaves-no-room-0.5.23", "0.5.23", "model_executor/pool_configurator.py:1025", "oom_kv_cache",
    scheduler_dies("kv_cache", POOL, "RuntimeError: SWA pool cap (65536 tokens, 3.10 GiB) leaves no room for the full KV pool within the available 2.95 GiB. Reduce --max-running-requests, lower SGLANG_SWA_EVICTION_INTERVAL, or increase --mem-fraction-static."),
)
case(
    "kv-mamba-state-too-small-0.5.23", "0.5.23", "mem_cache/kv_cache_configurator.py:3152", "oom_kv_cache",
    scheduler_dies("kv_cache", POOL, "RuntimeError: Hybrid (mamba/linear-attention) state cache is too small to serve any requests. max_mamba_cache_size=0, mamba_ratio=2, resulting max_num_reqs=0. Try: (1) reduce --max-running-requests, (2) increase --mem-fraction-static, or (3) use GPUs with more memory."),
)
case(
    "kv-mamba-not-enough-gpu-memory-0.5.23", "0.5.23", "mem_cache/kv_cache_configurator.py:3393", "oom_kv_cache",
    scheduler_dies("kv_cache", POOL, "RuntimeError: Not enough GPU memory for hybrid (mamba/linear-attention) state cache. Computed max_mamba_cache_size=-12 (total_rest_memory=-0.41 GB, mamba_cache_per_req=35.02 MB). Try: (1) reduce --max-running-requests, (2) increase --mem-fraction-static, (3) reduce --speculative-num-draft-tokens, or (4) use GPUs with more memory."),
)
case(
    "kv-unified-pool-cannot-fit-one-request-0.5.23", "0.5.23", "mem_cache/unified_memory_pool.py:1563", "oom_kv_cache",
    scheduler_dies("kv_cache", POOL, "RuntimeError: [unified-memory-pool] MHATokenToKVPool: byte budget 1073741824 cannot fit ONE worst-case request (bs=1 floor 2147483648 = kv=2147483648). A pool this size retract-livelocks at runtime. Raise --mem-fraction-static, lower the model context length, or reduce reserved memory."),
)
case(
    "kv-memory-pool-too-small-0.5.10", "0.5.10.post1", "managers/tp_worker.py:306", "oom_kv_cache",
    scheduler_dies("cuda_graph", WORKER_TAIL, "AssertionError: Memory pool size is too small"),
)
case(
    "kv-memory-pool-too-small-0.4.10", "0.4.10", "managers/tp_worker.py:146", "oom_kv_cache",
    scheduler_dies("warmup", WORKER_TAIL, "AssertionError: Memory pool size is too small"),
)
case(
    "kv-profiled-negative-then-not-enough-0.5.5", "0.5.5", "model_executor/model_runner.py:1599", "oom_kv_cache",
    scheduler_dies("kv_cache", POOL, "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Current value: self.server_args.mem_fraction_static=0.5").replace(
        "Scheduler hit", "max_total_tokens=200000 is larger than the profiled value -4821. Use the profiled value instead.\n[2026-03-02 10:01:30 TP0] Scheduler hit"),
)
case(
    "kv-hicache-host-pool-0.5.10", "0.5.10.post1", "mem_cache/memory_pool_host.py:195", "oom_kv_cache",
    scheduler_dies("cuda_graph", SCHED + (("managers/scheduler.py", 700, "init_cache_with_memory_pool", "self.tree_cache = HiRadixCache("),
                                          ("mem_cache/hiradix_cache.py", 90, "__init__", "self.token_to_kv_pool_host = MHATokenToKVPoolHost("),
                                          ("mem_cache/memory_pool_host.py", 195, "__init__", "raise ValueError(")),
                   "ValueError: Not enough host memory available. Requesting 412.32 GB but only have 180.11 GB free. Please reduce the size of the hierarchical cache."),
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
    "graph-capture-failed-oom-0.5.10", "0.5.10.post1", "model_executor/cuda_graph_runner.py:656", "oom_cuda_graph",
    scheduler_dies("cuda_graph", GRAPHS + (("model_executor/cuda_graph_runner.py", 655, "__init__", "raise Exception("),),
                   f"Exception: Capture cuda graph failed: {TORCH_OOM.split(': ', 1)[1]}\n{CAPTURE_TAIL}"),
)
case(
    "graph-capture-failed-oom-0.4.10", "0.4.10", "model_executor/cuda_graph_runner.py:363", "oom_cuda_graph",
    scheduler_dies("cuda_graph", GRAPHS + (("model_executor/cuda_graph_runner.py", 362, "__init__", "raise Exception("),),
                   f"Exception: Capture cuda graph failed: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of 23.64 GiB of which 11.06 MiB is free.\n{CAPTURE_TAIL}"),
)
case(
    "graph-bare-oom-in-capture-frames-0.5.5", "0.5.5", "model_executor/cuda_graph_runner.py (capture_one_batch_size)", "oom_cuda_graph",
    scheduler_dies("cuda_graph", GRAPHS + (("model_executor/cuda_graph_runner.py", 520, "__init__", "self.capture()"),
                                           ("model_executor/cuda_graph_runner.py", 700, "capture", ") = self.capture_one_batch_size(bs, forward)"),
                                           ("model_executor/cuda_graph_runner.py", 850, "capture_one_batch_size", "run_once()")),
                   TORCH_OOM),
)
case(
    "graph-capture-failed-non-oom-cuda-0.5.10", "0.5.10.post1", "model_executor/cuda_graph_runner.py:656", "cuda_error_other",
    scheduler_dies("cuda_graph", GRAPHS + (("model_executor/cuda_graph_runner.py", 655, "__init__", "raise Exception("),),
                   f"Exception: Capture cuda graph failed: CUDA error: operation not permitted when stream is capturing\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n{CAPTURE_TAIL}"),
)
case(
    "moe-deepep-buffer-oom-0.5.10", "0.5.10.post1", "layers/moe/token_dispatcher/deepep.py (DeepEPBuffer.get_deepep_buffer)", "oom_moe_workspace",
    scheduler_dies("cuda_graph", GRAPHS + (("model_executor/cuda_graph_runner.py", 520, "__init__", "self.capture()"),
                                           ("layers/moe/token_dispatcher/deepep.py", 150, "get_deepep_buffer", "cls._buffer = Buffer("),
                                           (f"{PKG}/deep_ep/buffer.py", 102, "__init__", "self.runtime.sync(device_ids, ipc_handles, root_unique_id)")),
                   "RuntimeError: CUDA error: out of memory"),
)
case(
    "weights-oom-0.5.10", "0.5.10.post1", "model_loader/loader.py (load_weights_and_postprocess)", "oom_weights",
    scheduler_dies("loading_weights", WEIGHTS + (("models/qwen3.py", 480, "load_weights", "weight_loader(param, loaded_weight)"),),
                   TORCH_OOM),
)
case(
    "weights-oom-building-model-0.5.10", "0.5.10.post1", "model_loader/loader.py:262 (_initialize_model)", "oom_weights",
    scheduler_dies("loading_weights", BUILD_MODEL + (("layers/linear.py", 300, "__init__", "torch.empty("),),
                   TORCH_OOM),
)
case(
    "runtime-decode-oom-0.5.10", "0.5.10.post1", "mem_cache/common.py:411", "oom_runtime",
    scheduler_dies("serving", LOOP_ALLOC + (("mem_cache/common.py", 415, "alloc_for_decode", "raise RuntimeError(error_msg)"),),
                   "RuntimeError: Decode out of memory. Try to lower your batch size.\nTry to allocate 64 tokens.\nAvaillable tokens: 0, evictable tokens: 0"),
)
case(
    "runtime-req-slots-0.5.10", "0.5.10.post1", "mem_cache/common.py:320", "oom_runtime",
    scheduler_dies("serving", LOOP_ALLOC + (("mem_cache/common.py", 319, "alloc_req_slots", "raise RuntimeError("),),
                   "RuntimeError: alloc_req_slots runs out of memory. Please set a smaller number for `--max-running-requests`. req_to_token_pool.available_size()=0, num_reqs=4, "),
)
case(
    "runtime-mamba-slots-0.5.10", "0.5.10.post1", "mem_cache/memory_pool.py:545", "oom_runtime",
    scheduler_dies("serving", LOOP_ALLOC + (("mem_cache/common.py", 470, "alloc_for_extend", "req_pool_indices = alloc_req_slots("),
                                            ("mem_cache/common.py", 312, "alloc_req_slots", "req_pool_indices = req_to_token_pool.alloc(reqs)"),
                                            ("mem_cache/memory_pool.py", 544, "alloc", "assert ("),),
                   "AssertionError: Not enough space for mamba cache, try to increase --mamba-full-memory-ratio or --max-mamba-cache-size. mid=None, self.mamba_pool.size=256, self.mamba_pool.available_size()=0, len(reqs)=3"),
)
case(
    "runtime-torch-oom-in-forward-0.5.10", "0.5.10.post1", "model_executor/model_runner.py (forward)", "oom_runtime",
    scheduler_dies("serving", LOOP + (("models/qwen3.py", 300, "forward", "hidden_states = self.mlp(hidden_states)"),), TORCH_OOM),
)
case(
    "runtime-overlap-thread-oom-0.4.10", "0.4.10", "managers/tp_worker_overlap_thread.py:144", "oom_runtime",
    scheduler_dies("serving", SCHED, "").split("[2026-03-02 10:01:30 TP0] Scheduler hit")[0]
    + "[2026-03-02 10:01:30 TP0] TpModelWorkerClient hit an exception: Traceback (most recent call last):\n"
    + f'  File "{PKG}/sglang/srt/managers/tp_worker_overlap_thread.py", line 141, in forward_thread_func\n    self.forward_thread_func_()\n'
    + f'  File "{PKG}/sglang/srt/managers/tp_worker_overlap_thread.py", line 176, in forward_thread_func_\n    logits_output, next_token_ids, can_run_cuda_graph = self.worker.forward_batch_generation(\n'
    + TORCH_OOM + "\n[2026-03-02 10:01:39] Received sigquit from a child process. It usually means the child failed.",
)


# ------------------------------------------------------------------------------------------------------ distributed
case(
    "dist-store-clients-joined-0.5.10", "0.5.10.post1", "distributed/parallel_state.py:1609 (torch c10d)", "nccl_or_distributed",
    scheduler_dies("launching", DIST_INIT + TORCH_PG + ((f"{PKG}/torch/distributed/rendezvous.py", 250, "_tcp_rendezvous_handler", "store = _create_c10d_store("),),
                   "torch.distributed.DistStoreError: Timed out after 601 seconds waiting for clients. 1/2 clients joined."),
)
case(
    "dist-client-socket-timeout-multinode-0.5.10", "0.5.10.post1", "distributed/parallel_state.py:1609 (torch c10d)", "nccl_or_distributed",
    scheduler_dies("launching", DIST_INIT + TORCH_PG,
                   "torch.distributed.DistNetworkError: The client socket has timed out after 600000ms while trying to connect to (10.0.0.1, 20000).", launcher="died"),
)
case(
    "dist-pynccl-error-0.5.10", "0.5.10.post1", "distributed/device_communicators/pynccl_wrapper.py:376", "nccl_or_distributed",
    scheduler_dies("launching", MODEL_PARALLEL + (("distributed/parallel_state.py", 1800, "initialize_model_parallel", "_TP = init_model_parallel_group("),
                                                  ("distributed/device_communicators/pynccl.py", 120, "__init__", "self.comm: ncclComm_t = self.nccl.ncclCommInitRank("),
                                                  ("distributed/device_communicators/pynccl_wrapper.py", 376, "NCCL_CHECK", 'raise RuntimeError(f"NCCL error: {error_str}")')),
                   "RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)"),
)
case(
    "dist-custom-allreduce-p2p-test-0.5.10", "0.5.10.post1", "distributed/device_communicators/custom_all_reduce_utils.py:300", "nccl_or_distributed",
    scheduler_dies("launching", MODEL_PARALLEL + (("distributed/device_communicators/custom_all_reduce.py", 120, "__init__", "if not _can_p2p(rank, world_size):"),
                                                  ("distributed/device_communicators/custom_all_reduce_utils.py", 300, "gpu_p2p_access_check", "raise RuntimeError(")),
                   "RuntimeError: Error happened when batch testing peer-to-peer access from [0, 1, 2, 3] to [0, 1, 2, 3]:\nTraceback (most recent call last):\n  File \"<string>\", line 1, in <module>\nRuntimeError: CUDA error: peer mapping resources exhausted"),
)
case(
    "dist-cudart-peer-access-0.5.10", "0.5.10.post1", "distributed/device_communicators/cuda_wrapper.py:140", "nccl_or_distributed",
    scheduler_dies("launching", MODEL_PARALLEL + (("distributed/device_communicators/custom_all_reduce.py", 160, "__init__", "handles, offsets = self._get_ipc_meta(self.meta)"),
                                                  ("distributed/device_communicators/cuda_wrapper.py", 140, "CUDART_CHECK", 'raise RuntimeError(f"CUDART error: {error_str}")')),
                   "RuntimeError: CUDART error: peer access is not supported between these two devices"),
)
case(
    "dist-gloo-closed-by-peer-serving-0.5.5", "0.5.5", "distributed/parallel_state.py (broadcast_pyobj over gloo)", "nccl_or_distributed",
    scheduler_dies("serving", SCHED + (("managers/scheduler.py", 3596, "run_scheduler_process", "scheduler.run_event_loop()"),
                                       ("managers/scheduler.py", 1000, "event_loop_overlap", "recv_reqs = self.recv_requests()"),
                                       ("managers/scheduler.py", 1100, "recv_requests", "recv_reqs = broadcast_pyobj("),
                                       ("utils/common.py", 1200, "broadcast_pyobj", "dist.broadcast(tensor_size, src=src, group=dist_group)"),
                                       (f"{PKG}/torch/distributed/distributed_c10d.py", 2730, "broadcast", "work.wait()")),
                   "RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [10.0.0.2]:27745"),
)
case(
    "dist-watchdog-collective-timeout-serving", "0.5.10.post1", "torch ProcessGroupNCCL watchdog (while serving)", "nccl_or_distributed",
    startup("serving") + "\n[rank1]:[E302 10:05:01.123456 ProcessGroupNCCL.cpp:616] [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=41234, OpType=ALLREDUCE, NumelIn=1048576, NumelOut=1048576, Timeout(ms)=600000) ran for 600012 milliseconds before timing out.\n[rank1]:[E302 10:05:01.130000 ProcessGroupNCCL.cpp:1785] [PG ID 2 PG GUID 3 Rank 1] Exception (either an error or timeout) detected by watchdog at work: 41234, last enqueued NCCL work: 41234, last completed NCCL work: 41233.\nterminate called after throwing an instance of 'c10::DistBackendError'\n" + "[2026-03-02 10:05:02] Received sigquit from a child process. It usually means the child failed.",
)
case(
    "pd-mooncake-engine-init-0.5.10", "0.5.10.post1", "distributed/device_communicators/mooncake_transfer_engine.py:200", "nccl_or_distributed",
    scheduler_dies("cuda_graph", SCHED + (("managers/scheduler.py", 430, "__init__", "self.init_disaggregation()"),
                                          ("managers/scheduler.py", 900, "init_disaggregation", "self.disagg_prefill_bootstrap_queue = PrefillBootstrapQueue("),
                                          ("disaggregation/prefill.py", 120, "__init__", "self.kv_manager = self._init_kv_manager()"),
                                          ("disaggregation/mooncake/conn.py", 200, "__init__", "self.engine = get_mooncake_transfer_engine()"),
                                          ("distributed/device_communicators/mooncake_transfer_engine.py", 200, "initialize", 'raise RuntimeError("Mooncake Transfer Engine initialization failed.")')),
                   "RuntimeError: Mooncake Transfer Engine initialization failed."),
)
case(
    "pd-nixl-registration-0.5.10", "0.5.10.post1", "disaggregation/nixl/conn.py:299", "nccl_or_distributed",
    scheduler_dies("cuda_graph", SCHED + (("managers/scheduler.py", 430, "__init__", "self.init_disaggregation()"),
                                          ("disaggregation/nixl/conn.py", 180, "__init__", "self.register_buffer_to_engine()"),
                                          ("disaggregation/nixl/conn.py", 299, "register_buffer_to_engine", 'raise Exception("NIXL memory registration failed for kv tensors")')),
                   "Exception: NIXL memory registration failed for kv tensors"),
)
case(
    "pd-staging-rdma-transfer-serving-0.5.10", "0.5.10.post1", "disaggregation/mooncake/conn.py:562", "nccl_or_distributed",
    scheduler_dies("serving", SCHED + (("managers/scheduler.py", 3596, "run_scheduler_process", "scheduler.run_event_loop()"),
                                       ("managers/scheduler.py", 1400, "event_loop_normal_disagg_prefill", "self.process_disagg_prefill_inflight_queue()"),
                                       ("disaggregation/mooncake/conn.py", 562, "_send_kvcache_staged", "raise RuntimeError(")),
                   "RuntimeError: [Staging] Bulk RDMA transfer failed with ret=-1. src_ptr=0x7f00aa000000, dst_ptr=0x7f10bb000000, size=4194304. The decode staging buffer may not be properly registered."),
)
case(
    "pd-page-size-mismatch-0.5.10", "0.5.10.post1", "disaggregation/common/conn.py:228", "config_error",
    scheduler_dies("serving", SCHED + (("managers/scheduler.py", 3596, "run_scheduler_process", "scheduler.run_event_loop()"),
                                       ("managers/scheduler.py", 1400, "event_loop_normal_disagg_decode", "self.process_decode_queue()"),
                                       ("disaggregation/common/conn.py", 228, "_validate_prefill_info", "raise RuntimeError(")),
                   "RuntimeError: Page size mismatch: prefill server has page_size=64, but decode server has page_size=1. Both servers must use the same --page-size value."),
)

# ------------------------------------------------------------------------------------------------------ port in use
case(
    "port-uvicorn-errno-98", "0.5.10.post1", "entrypoints/http_server.py (uvicorn.run)", "port_in_use",
    startup("warmup").rsplit("\n", 2)[0] + "\n[2026-03-02 10:01:12] ERROR:    [Errno 98] error while attempting to bind on address ('0.0.0.0', 30000): address already in use\n[2026-03-02 10:01:12] INFO:     Waiting for application shutdown.",
)
case(
    "port-not-available-in-seconds-0.5.10", "0.5.10.post1", "utils/network.py:75", "port_in_use",
    launcher_dies(LAUNCH[:-1] + (("entrypoints/engine.py", 700, "_launch_subprocesses", "wait_port_available(server_args.port, \"http_port\")"),
                                 ("utils/network.py", 75, "wait_port_available", "raise ValueError(")),
                  "ValueError: http_port at 30000 is not available in 30 seconds. The port 30000 is in use, but we could not find the process that uses it."),
)
case(
    "port-could-not-bind-0.5.23", "0.5.10.post1", "utils/network.py:150", "port_in_use",
    launcher_dies(LAUNCH[:-1] + (("entrypoints/engine.py", 650, "_launch_subprocesses", "sock = bind_port(port)"),
                                 ("utils/network.py", 150, "bind_port", 'raise OSError(f"Could not bind port {port} on any configured address family")')),
                  "OSError: Could not bind port 30000 on any configured address family"),
)
case(
    "port-bootstrap-in-use-0.5.10", "0.5.10.post1", "entrypoints/engine.py:658", "port_in_use",
    launcher_dies(LAUNCH[:-1] + (("entrypoints/engine.py", 658, "_launch_subprocesses", "raise RuntimeError("),),
                  "RuntimeError: engine_info_bootstrap_port 6789 is already in use. When running multiple instances on the same node, each instance must use a different --engine-info-bootstrap-port."),
)
case(
    "port-zmq-in-use-0.5.5", "0.5.5", "utils/common.py (get_zmq_socket)", "port_in_use",
    scheduler_dies("args", SCHED + (("managers/scheduler.py", 300, "__init__", "self.recv_from_tokenizer = get_zmq_socket("),
                                    ("utils/common.py", 1700, "get_zmq_socket", "socket.bind(endpoint)"),
                                    (f"{PKG}/zmq/sugar/socket.py", 311, "bind", "super().bind(addr)"),
                                    ("_zmq.py", 917, "zmq.backend.cython._zmq.Socket.bind", "")),
                   "zmq.error.ZMQError: Address already in use (addr='tcp://127.0.0.1:5757')"),
)
case(
    "port-nccl-store-eaddrinuse-0.5.10", "0.5.10.post1", "distributed/parallel_state.py:1609 (torch c10d)", "port_in_use",
    scheduler_dies("launching", DIST_INIT + TORCH_PG,
                   "torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. port: 20000, useIpv6: 0, code: -98, name: EADDRINUSE, message: address already in use"),
)

@pytest.mark.parametrize("name", sorted(CASES))
def test_a_template_in_its_wrapper_gets_its_family(name: str) -> None:
    t = CASES[name]
    d = classify_text(t.log)
    assert d.label == t.label, f"{t.version} {t.source}: {d.label} by {d.rule}"
